# Real Numba code from numba/numba-benchmark benchmarks/bench_vectorize.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the ufuncs, dedented from setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import vectorize

# === CASE mul
# SOURCE: numba/numba-benchmark benchmarks/bench_vectorize.py @ 6d682a7f849d, line 13
# RUN: mul (np.arange(10.0), np.arange(10.0))
@vectorize(["float32(float32, float32)",
            "float64(float64, float64)",
            "complex64(complex64, complex64)",
            "complex128(complex128, complex128)"])
def mul(x, y):
    return x * y

# === CASE rel_diff
# SOURCE: numba/numba-benchmark benchmarks/bench_vectorize.py @ 6d682a7f849d, line 20
# RUN: rel_diff (np.arange(1.0, 11.0, dtype=np.float32), np.arange(2.0, 12.0, dtype=np.float32))
@vectorize(["float32(float32, float32)",
            "float64(float64, float64)"])
def rel_diff(x, y):
    # XXX for float32 performance, we should write `np.float32(2)`, but
    # that's not the natural way to write this code...
    return 2 * (x - y) / (x + y)
