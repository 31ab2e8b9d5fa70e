# Real Numba code from numba/numba-benchmark benchmarks/bench_misc.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernel, dedented from its setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE grouped_sum
# SOURCE: numba/numba-benchmark benchmarks/bench_misc.py @ 6d682a7f849d, line 16
# RUN: grouped_sum (np.arange(100.0), np.arange(100) % 7, np.zeros(7))
@jit(nopython=True)
def grouped_sum(values, labels, target):
    for i in range(len(values)):
        idx = labels[i]
        target[idx] += values[i]
