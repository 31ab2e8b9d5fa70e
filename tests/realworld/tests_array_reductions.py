# Real Numba code from numba/numba numba/tests/test_array_reductions.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE array_all
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 11
# RUN: njit(array_all) np.arange(1, 10)
def array_all(arr):
    return arr.all()

# === CASE array_any_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 20
# RUN: njit(array_any_global) np.zeros(5)
def array_any_global(arr):
    return np.any(arr)

# === CASE array_cumprod
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 23
# RUN: njit(array_cumprod) np.arange(1.0, 8.0)
def array_cumprod(arr):
    return arr.cumprod()

# === CASE array_cumsum_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 35
# RUN: njit(array_cumsum_global) np.arange(10).reshape(2, 5)
def array_cumsum_global(arr):
    return np.cumsum(arr)

# === CASE array_nancumsum
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 38
# RUN: njit(array_nancumsum) np.array([1.0, np.nan, 3.0])
def array_nancumsum(arr):
    return np.nancumsum(arr)

# === CASE array_sum
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 41
# RUN: njit(array_sum) np.arange(12.0).reshape(3, 4)
def array_sum(arr):
    return arr.sum()

# === CASE array_prod_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 50
# RUN: njit(array_prod_global) np.arange(1, 8)
def array_prod_global(arr):
    return np.prod(arr)

# === CASE array_mean
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 53
# RUN: njit(array_mean) np.arange(12.0).reshape(3, 4)
def array_mean(arr):
    return arr.mean()

# === CASE array_var
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 59
# RUN: njit(array_var) np.arange(10.0)
def array_var(arr):
    return arr.var()

# === CASE array_std_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 68
# RUN: njit(array_std_global) np.arange(10.0)
def array_std_global(arr):
    return np.std(arr)

# === CASE array_min
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 71
# RUN: njit(array_min) np.array([3.0, -1.0, 7.0])
def array_min(arr):
    return arr.min()

# === CASE array_amax
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 86
# RUN: njit(array_amax) np.array([3, -1, 7])
def array_amax(arr):
    return np.amax(arr)

# === CASE array_argmin
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 89
# RUN: njit(array_argmin) np.array([3.0, -1.0, 7.0])
def array_argmin(arr):
    return arr.argmin()

# === CASE array_argmax_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 98
# RUN: njit(array_argmax_global) np.array([3, 9, 7])
def array_argmax_global(arr):
    return np.argmax(arr)

# === CASE array_median_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 101
# RUN: njit(array_median_global) np.array([3.0, -1.0, 7.0, 2.0])
def array_median_global(arr):
    return np.median(arr)

# === CASE array_nanmin
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 104
# RUN: njit(array_nanmin) np.array([3.0, np.nan, -7.0])
def array_nanmin(arr):
    return np.nanmin(arr)

# === CASE array_nanmean
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 110
# RUN: njit(array_nanmean) np.array([3.0, np.nan, -7.0])
def array_nanmean(arr):
    return np.nanmean(arr)

# === CASE array_nanstd
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 119
# RUN: njit(array_nanstd) np.array([3.0, np.nan, -7.0])
def array_nanstd(arr):
    return np.nanstd(arr)

# === CASE array_percentile_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 140
# RUN: njit(array_percentile_global) (np.arange(10.0), 30.0)
def array_percentile_global(arr, q):
    return np.percentile(arr, q)

# === CASE array_ptp_global
# SOURCE: numba/numba numba/tests/test_array_reductions.py @ 5340f052d014, line 146
# RUN: njit(array_ptp_global) np.array([3.0, -1.0, 7.0])
def array_ptp_global(a):
    return np.ptp(a)
