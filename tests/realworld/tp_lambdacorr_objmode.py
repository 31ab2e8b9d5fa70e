# Real Numba code from JonPaulLundquist/lambda_corr lambda_corr/_core.py at commit 11118b1ccf8fd626f21b7f9e7793f8b30a30ac71
# (MIT License, Copyright (c) 2025 Jon Paul Lundquist), copied unchanged: the module's @njit functions, in order
# (the quickselect median, the mean of median slopes, the argsort that calls NumPy's C argsort inside
# `with objmode(inds='intp[:]')` when n exceeds its threshold, the average ranks and the Lambda statistics),
# each case with the module's functions it calls. The `_argsort` cases and the rank cases with more than
# `threshold` (default 1000) elements run the objmode block.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit, objmode
import numpy as np

# === CASE _partition
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 13
# RUN: _partition (np.array([5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 0.5]), 0, 6, 3)
# RUN: _partition (np.random.default_rng(0).random(20), 4, 15, 10)
@njit(cache=True, nogil=True, inline='always')
def _partition(a, left, right, pivot_index):
    pivot_value = a[pivot_index]
    a[pivot_index], a[right] = a[right], a[pivot_index]
    store = left
    for i in range(left, right):
        if a[i] < pivot_value:
            a[store], a[i] = a[i], a[store]
            store += 1
    a[right], a[store] = a[store], a[right]
    return store

# === CASE _select_kth_inplace
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 25
# RUN: _select_kth_inplace (np.array([5.0, 1.0, 4.0, 2.0, 3.0, 9.0, 0.5]), 3, 7)
# RUN: _select_kth_inplace (np.random.default_rng(1).random(31), 15, 31)
@njit(cache=True, nogil=True, inline='always')
def _partition(a, left, right, pivot_index):
    pivot_value = a[pivot_index]
    a[pivot_index], a[right] = a[right], a[pivot_index]
    store = left
    for i in range(left, right):
        if a[i] < pivot_value:
            a[store], a[i] = a[i], a[store]
            store += 1
    a[right], a[store] = a[store], a[right]
    return store

@njit(cache=True, nogil=True, inline='always')
def _select_kth_inplace(a, k, n):
    """Quickselect on a[:length], places k-th smallest at index k."""
    left = 0
    right = n - 1
    while True:
        if left == right:
            return a[k]
        pivot_index = left + (right - left) // 2
        pivot_index = _partition(a, left, right, pivot_index)
        if k == pivot_index:
            return a[k]
        elif k < pivot_index:
            right = pivot_index - 1
        else:
            left = pivot_index + 1

# === CASE _median_inplace
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 42
# RUN: _median_inplace (np.array([5.0, np.nan, 4.0, 2.0, 3.0, 9.0, np.nan, 0.5]), 8)
# RUN: _median_inplace (np.random.default_rng(2).random(25), 25)
# RUN: _median_inplace (np.array([np.nan, np.nan, 1.0]), 2)
@njit(cache=True, nogil=True, inline='always')
def _partition(a, left, right, pivot_index):
    pivot_value = a[pivot_index]
    a[pivot_index], a[right] = a[right], a[pivot_index]
    store = left
    for i in range(left, right):
        if a[i] < pivot_value:
            a[store], a[i] = a[i], a[store]
            store += 1
    a[right], a[store] = a[store], a[right]
    return store

@njit(cache=True, nogil=True, inline='always')
def _select_kth_inplace(a, k, n):
    """Quickselect on a[:length], places k-th smallest at index k."""
    left = 0
    right = n - 1
    while True:
        if left == right:
            return a[k]
        pivot_index = left + (right - left) // 2
        pivot_index = _partition(a, left, right, pivot_index)
        if k == pivot_index:
            return a[k]
        elif k < pivot_index:
            right = pivot_index - 1
        else:
            left = pivot_index + 1

@njit(cache=True, nogil=True, inline='always')
def _median_inplace(a, n):
    #Median of a[:length] ignoring NaNs
    # compact non-NaNs to front
    m = 0
    for i in range(n):
        v = a[i]
        if v == v:
            a[m] = v
            m += 1
    if m == 0:
        return np.nan

    mid = m // 2
    hi = _select_kth_inplace(a, mid, m)
    if m & 1:  #bitwise odd
        return hi

    # lower median is max of left partition
    lo = a[0]
    for i in range(1, mid):
        if a[i] > lo:
            lo = a[i]
    return 0.5 * (lo + hi)

# === CASE _mean_medians_slope
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 68
# RUN: _mean_medians_slope (np.linspace(-1.5, 1.5, 12), np.random.default_rng(3).standard_normal(12), 12)
# RUN: _mean_medians_slope (np.array([1.0, 2.0, 2.0, 3.0, 4.0, 4.0, 5.0]), np.array([2.0, 1.0, 3.0, 3.0, 5.0, 4.0, 6.0]), 7)
@njit(cache=True, nogil=True, inline='always')
def _partition(a, left, right, pivot_index):
    pivot_value = a[pivot_index]
    a[pivot_index], a[right] = a[right], a[pivot_index]
    store = left
    for i in range(left, right):
        if a[i] < pivot_value:
            a[store], a[i] = a[i], a[store]
            store += 1
    a[right], a[store] = a[store], a[right]
    return store

@njit(cache=True, nogil=True, inline='always')
def _select_kth_inplace(a, k, n):
    """Quickselect on a[:length], places k-th smallest at index k."""
    left = 0
    right = n - 1
    while True:
        if left == right:
            return a[k]
        pivot_index = left + (right - left) // 2
        pivot_index = _partition(a, left, right, pivot_index)
        if k == pivot_index:
            return a[k]
        elif k < pivot_index:
            right = pivot_index - 1
        else:
            left = pivot_index + 1

@njit(cache=True, nogil=True, inline='always')
def _median_inplace(a, n):
    #Median of a[:length] ignoring NaNs
    # compact non-NaNs to front
    m = 0
    for i in range(n):
        v = a[i]
        if v == v:
            a[m] = v
            m += 1
    if m == 0:
        return np.nan

    mid = m // 2
    hi = _select_kth_inplace(a, mid, m)
    if m & 1:  #bitwise odd
        return hi

    # lower median is max of left partition
    lo = a[0]
    for i in range(1, mid):
        if a[i] > lo:
            lo = a[i]
    return 0.5 * (lo + hi)

@njit(cache=True, nogil=True, inline='always')
def _mean_medians_slope(rx, ry, n):
    slopes_buf = np.empty(n - 1, dtype=np.float64)
    s = 0.0
    c = 0

    for i in range(n):
        xi = rx[i]
        yi = ry[i]
        k = 0

        # collect slopes to the left of i
        for j in range(i):
            dx = rx[j] - xi
            if dx != 0.0:
                slopes_buf[k] = (ry[j] - yi) / dx
                k += 1
        # collect slopes to the right of i
        for j in range(i + 1, n):
            dx = rx[j] - xi
            if dx != 0.0:
                slopes_buf[k] = (ry[j] - yi) / dx
                k += 1

        if k > 0:
            m = _median_inplace(slopes_buf, k)
            if m == m:
                s += m
                c += 1

    return s / c if c > 0 else np.nan

# === CASE _argsort
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 101
# RUN: _argsort (np.random.default_rng(4).random(40), 40, 10)
# RUN: _argsort (np.random.default_rng(5).permutation(1500).astype(np.float64), 1500)
# RUN: _argsort (np.random.default_rng(6).random(30), 30)
@njit(cache=True)
def _argsort(a, n, threshold=1000):
    if n > threshold:
        # NumPy's C argsort via objmode (usually faster for large n)
        with objmode(inds='intp[:]'):
            inds = np.argsort(a, kind='quicksort')
    else:
        # Numba-lowered argsort (often faster for small n)
        ac = np.ascontiguousarray(a)   # cheap if already contiguous
        inds = np.argsort(ac)          # returns intp dtype
    return inds

# === CASE _rankdata_avg_ties
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 114
# RUN: _rankdata_avg_ties (np.round(np.random.default_rng(7).random(1200) * 100.0), 1200)
# RUN: _rankdata_avg_ties (np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0]), 10)
@njit(cache=True)
def _argsort(a, n, threshold=1000):
    if n > threshold:
        # NumPy's C argsort via objmode (usually faster for large n)
        with objmode(inds='intp[:]'):
            inds = np.argsort(a, kind='quicksort')
    else:
        # Numba-lowered argsort (often faster for small n)
        ac = np.ascontiguousarray(a)   # cheap if already contiguous
        inds = np.argsort(ac)          # returns intp dtype
    return inds

@njit(cache=True, nogil=True, inline='always')
def _rankdata_avg_ties(x, n):
    #sorter = np.argsort(x, kind='quicksort')                 # stable not required here
    sorter = _argsort(x, n)
    rx = np.empty(n, np.float64)

    i = 0
    while i < n:
        j = i + 1
        xi = x[sorter[i]]
        while j < n and x[sorter[j]] == xi:
            j += 1
        r = 0.5 * (i + 1 + j)              # average rank for the tie block
        for k in range(i, j):
            rx[sorter[k]] = r

        i = j
    return rx

# === CASE _std_ranks
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 134
# RUN: _std_ranks (np.random.default_rng(8).standard_normal(1100), 1100)
# RUN: _std_ranks (np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0]), 10)
@njit(cache=True)
def _argsort(a, n, threshold=1000):
    if n > threshold:
        # NumPy's C argsort via objmode (usually faster for large n)
        with objmode(inds='intp[:]'):
            inds = np.argsort(a, kind='quicksort')
    else:
        # Numba-lowered argsort (often faster for small n)
        ac = np.ascontiguousarray(a)   # cheap if already contiguous
        inds = np.argsort(ac)          # returns intp dtype
    return inds

@njit(cache=True, nogil=True, inline='always')
def _rankdata_avg_ties(x, n):
    #sorter = np.argsort(x, kind='quicksort')                 # stable not required here
    sorter = _argsort(x, n)
    rx = np.empty(n, np.float64)

    i = 0
    while i < n:
        j = i + 1
        xi = x[sorter[i]]
        while j < n and x[sorter[j]] == xi:
            j += 1
        r = 0.5 * (i + 1 + j)              # average rank for the tie block
        for k in range(i, j):
            rx[sorter[k]] = r

        i = j
    return rx

@njit(cache=True, nogil=True, inline='always')
def _std_ranks(a, n):
    r = _rankdata_avg_ties(a, n) #scipy.stats.rankdata(a, method='average')

    # Doesn't affect Lambda_s. Affects Lambda_yx/Lambda_xy, the most when there are ties.
    # Tests compared to Somers' D better agrees on asymmetry when standardization is done
    # e.g. on binary data. Decreases the number of sign disagreements for 
    #Lambda_yx/Lambda_xy for various scenarios see /tests/test_opposites.py
    r = (r - np.mean(r)) / np.std(r)
    return r

# === CASE _lambda_stats
# SOURCE: JonPaulLundquist/lambda_corr lambda_corr/_core.py @ 11118b1ccf8f, line 145
# RUN: _lambda_stats ((np.arange(15.0) - 7.0) / 4.32, (np.random.default_rng(9).permutation(15) - 7.0) / 4.32, 15)
# RUN: _lambda_stats (np.linspace(-1.6, 1.6, 9), -np.linspace(-1.6, 1.6, 9) + 0.1 * np.sin(np.arange(9.0)), 9)
@njit(cache=True, nogil=True, inline='always')
def _partition(a, left, right, pivot_index):
    pivot_value = a[pivot_index]
    a[pivot_index], a[right] = a[right], a[pivot_index]
    store = left
    for i in range(left, right):
        if a[i] < pivot_value:
            a[store], a[i] = a[i], a[store]
            store += 1
    a[right], a[store] = a[store], a[right]
    return store

@njit(cache=True, nogil=True, inline='always')
def _select_kth_inplace(a, k, n):
    """Quickselect on a[:length], places k-th smallest at index k."""
    left = 0
    right = n - 1
    while True:
        if left == right:
            return a[k]
        pivot_index = left + (right - left) // 2
        pivot_index = _partition(a, left, right, pivot_index)
        if k == pivot_index:
            return a[k]
        elif k < pivot_index:
            right = pivot_index - 1
        else:
            left = pivot_index + 1

@njit(cache=True, nogil=True, inline='always')
def _median_inplace(a, n):
    #Median of a[:length] ignoring NaNs
    # compact non-NaNs to front
    m = 0
    for i in range(n):
        v = a[i]
        if v == v:
            a[m] = v
            m += 1
    if m == 0:
        return np.nan

    mid = m // 2
    hi = _select_kth_inplace(a, mid, m)
    if m & 1:  #bitwise odd
        return hi

    # lower median is max of left partition
    lo = a[0]
    for i in range(1, mid):
        if a[i] > lo:
            lo = a[i]
    return 0.5 * (lo + hi)

@njit(cache=True, nogil=True, inline='always')
def _mean_medians_slope(rx, ry, n):
    slopes_buf = np.empty(n - 1, dtype=np.float64)
    s = 0.0
    c = 0

    for i in range(n):
        xi = rx[i]
        yi = ry[i]
        k = 0

        # collect slopes to the left of i
        for j in range(i):
            dx = rx[j] - xi
            if dx != 0.0:
                slopes_buf[k] = (ry[j] - yi) / dx
                k += 1
        # collect slopes to the right of i
        for j in range(i + 1, n):
            dx = rx[j] - xi
            if dx != 0.0:
                slopes_buf[k] = (ry[j] - yi) / dx
                k += 1

        if k > 0:
            m = _median_inplace(slopes_buf, k)
            if m == m:
                s += m
                c += 1

    return s / c if c > 0 else np.nan

@njit(cache=True, nogil=True, inline='always')
def _lambda_stats(rx, ry, n):

    # mean of median slopes of standardized ranks in both directions
    Lambda_yx = _mean_medians_slope(rx, ry, n) # Λ(Y|X): (Δry/Δrx, y given x)
    Lambda_xy = _mean_medians_slope(ry, rx, n) # Λ(X|Y): (Δrx/Δry, x given y)

    # NOTE (range guardrail):
    # Λ_yx and Λ_xy are robust slope-like functionals in rank space and are not
    # theoretically guaranteed to lie in [-1, 1] for all permutations. Extremely
    # rare, highly-structured near-(anti)monotone permutations can yield |Λ_asym|>1
    # (seen in permutation search starting from Λ=1; significantly rare and unseen 
    # calculating the Monte Carlo bivariate null used for p-value calibration). To enforce the 
    # conventional correlation range and restoring order vs τ/ρ in this rare regime, a 
    # reciprocal fold-back implemented as Λ_asym <- 1/Λ_asym when |Λ_asym|>1 (identity otherwise) is applied.
    # This is equivalent to a transform of f(Λ_asym) = sign(Λ_asym) * exp(-|ln(|Λ_asym|)|) for
    # *all* Λ_asym.

    # The below transform code is equivalent to Lambda[abs(Lambda)>1] = 1/Lambda[abs(Lambda)>1]
    # but is defined for all L (with f(0)=0) and serves the dual purpose of limiting to [-1,1] and 
    # increasing the linear correlation between Lambda and Kendall's tau / Spearman's rho.
    # if np.abs(Lambda_yx) > 0:
    #     Lambda_yx = math.sign(Lambda_yx)*math.exp(-math.abs(math.log(math.abs(Lambda_yx))))
    # if np.abs(Lambda_xy) > 0:
    #     Lambda_xy = math.sign(Lambda_xy)*math.exp(-math.abs(math.log(math.abs(Lambda_xy))))

    #Simpler for code
    if np.abs(Lambda_yx)>1:
        Lambda_yx = 1/Lambda_yx
    if np.abs(Lambda_xy)>1:
        Lambda_xy = 1/Lambda_xy

    # Symmetrized robust correlation
    prod = Lambda_yx * Lambda_xy
    if (not np.isfinite(prod)) or (prod <= 0.0):
        #What to do when asymmetrical measures disagree on sign of correlation.
        #A numerical oddity; fall back to 0 with disagreeing directions. 
        #This only happens for small Lambda_asym<0.05 for null distributions, is rare, 
        #and Kendall's tau is on average approximately zero.
        #Setting to zero is a choice and there are a few different options
        Lambda_s = 0.0
    else:
        Lambda_s = np.sign(Lambda_yx) * np.sqrt(prod)
        Lambda_s = float( min(max(Lambda_s, -1.0), 1.0)) #Shouldn't ever be necessary. Floating-point error maybe.

    #This is another option when the asymmetric measures signs disagree. 
    # if not np.isfinite(prod) or prod == 0.0:
    #     Lambda_s = 0.0
    # else:
    #     s = Lambda_xy + Lambda_yx
    #     if abs(s) < 1e-7:
    #         Lambda_s = 0.0
    #     else:
    #         Lambda_s = np.sign(s) * np.sqrt(abs(prod))
    #         Lambda_s = float( np.minimum(np.maximum(Lambda_s, -1.0), 1.0))

    return Lambda_s, Lambda_yx, Lambda_xy
