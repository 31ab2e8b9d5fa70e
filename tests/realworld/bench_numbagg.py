# Real Numba code from numba/numba-benchmark benchmarks/bench_numbagg.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernels, dedented from setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit, guvectorize

# === CASE nanmean
# SOURCE: numba/numba-benchmark benchmarks/bench_numbagg.py @ 6d682a7f849d, line 21
# RUN: nanmean np.where(np.arange(100) % 3 == 0, np.nan, np.arange(100.0))
@jit(nopython=True)
def nanmean(a):
    asum = 0.0
    count = 0
    for ai in a.flat:
        if not np.isnan(ai):
            asum += ai
            count += 1
    if count > 0:
        return asum / count
    else:
        return np.nan

# === CASE gu_nanmean
# SOURCE: numba/numba-benchmark benchmarks/bench_numbagg.py @ 6d682a7f849d, line 35
# RUN: gu_nanmean np.where(np.arange(100) % 3 == 0, np.nan, np.arange(100.0)).reshape(10, 10)
@guvectorize(['void(float64[:], float64[:])'], '(n)->()')
def gu_nanmean(a, res):
    asum = 0.0
    count = 0
    for ai in a:
        if not np.isnan(ai):
            asum += ai
            count += 1
    if count > 0:
        res[0] = asum / count
    else:
        res[0] = np.nan

# === CASE move_nanmean
# SOURCE: numba/numba-benchmark benchmarks/bench_numbagg.py @ 6d682a7f849d, line 49
# RUN: move_nanmean (np.where(np.arange(100) % 3 == 0, np.nan, np.arange(100.0)).reshape(10, 10), 4)
@guvectorize(['void(float64[:], intp[:], float64[:])'], '(n),()->(n)')
def move_nanmean(a, window_arr, out):
    window = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window - 1):
        ai = a[i]
        if ai == ai:
            asum += ai
            count += 1
        out[i] = np.nan
    i = window - 1
    ai = a[i]
    if ai == ai:
        asum += ai
        count += 1
    if count > 0:
        out[i] = asum / count
    else:
        out[i] = np.nan
    for i in range(window, len(a)):
        ai = a[i]
        if ai == ai:
            asum += ai
            count += 1
        aold = a[i - window]
        if aold == aold:
            asum -= aold
            count -= 1
        if count > 0:
            out[i] = asum / count
        else:
            out[i] = np.nan
