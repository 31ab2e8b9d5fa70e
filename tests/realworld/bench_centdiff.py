# Real Numba code from numba/numba-benchmark benchmarks/bench_centdiff.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernels, dedented from setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE centered_difference_range1d
# SOURCE: numba/numba-benchmark benchmarks/bench_centdiff.py @ 6d682a7f849d, line 30
# RUN: centered_difference_range1d (np.arange(50.0) ** 2, np.zeros(50))
@jit(nopython=True)
def centered_difference_range1d(u, D, dx=1.):
    m, = u.shape
    for i in range(1, m - 1):
        D[i] = (u[i-1] + u[i+1] - 2.0*u[i]) / dx**2
    return D

# === CASE centered_difference_range2d
# SOURCE: numba/numba-benchmark benchmarks/bench_centdiff.py @ 6d682a7f849d, line 37
# RUN: centered_difference_range2d (np.arange(100.0).reshape(10, 10) ** 2, np.zeros((10, 10)))
@jit(nopython=True)
def centered_difference_range2d(u, D, dx=1.):
    m, n = u.shape
    for i in range(1, m - 1):
        for j in range(1, n - 1):
            D[i,j] = (u[i+1,j] + u[i,j+1] + u[i-1,j] + u[i,j-1] - 4.0*u[i,j]) / dx**2
    return D
