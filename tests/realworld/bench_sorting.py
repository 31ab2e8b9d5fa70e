# Real Numba code from numba/numba-benchmark benchmarks/bench_sorting.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernels, dedented from setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import jit

# === CASE real_sort
# SOURCE: numba/numba-benchmark benchmarks/bench_sorting.py @ 6d682a7f849d, line 15
# RUN: real_sort np.random.default_rng(0).random(100)
@jit(nopython=True)
def real_sort(x):
    x.sort()

# === CASE argsort
# SOURCE: numba/numba-benchmark benchmarks/bench_sorting.py @ 6d682a7f849d, line 27
# RUN: argsort np.random.default_rng(0).random(100)
@jit(nopython=True)
def argsort(x):
    return x.argsort()

# === CASE median
# SOURCE: numba/numba-benchmark benchmarks/bench_sorting.py @ 6d682a7f849d, line 31
# RUN: median np.random.default_rng(0).random(101)
@jit(nopython=True)
def median(x):
    return np.median(x)
