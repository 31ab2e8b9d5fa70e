# Real Numba code from numba/numba-benchmark benchmarks/bench_iterating.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernels, dedented from setup(), with the module constants they use.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit
# (lines 11-13 of the source:)
dtype = np.int32
zero = dtype(0)
N = 1000

# === CASE array_iter_1d
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 29
# RUN: array_iter_1d np.arange(1000, dtype=np.int32)
@jit(nopython=True)
def array_iter_1d(arr):
    total = zero
    for val in arr:
        total += val
    return total

# === CASE flat_iter
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 36
# RUN: flat_iter np.arange(1000, dtype=np.int32).reshape(20, 50)
@jit(nopython=True)
def flat_iter(arr):
    total = zero
    for val in arr.flat:
        total += val
    return total

# === CASE flat_index
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 43
# RUN: flat_index np.arange(1000, dtype=np.int32).reshape(20, 50)
@jit(nopython=True)
def flat_index(arr):
    total = zero
    flat = arr.flat
    for i in range(arr.size):
        total += flat[i]
    return total

# === CASE ndindex
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 51
# RUN: ndindex np.arange(1000, dtype=np.int32).reshape(20, 50)
@jit(nopython=True)
def ndindex(arr):
    total = zero
    for ind in np.ndindex(arr.shape):
        total += arr[ind]
    return total

# === CASE range1d
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 58
# RUN: range1d np.arange(1000, dtype=np.int32)
@jit(nopython=True)
def range1d(arr):
    total = zero
    n, = arr.shape
    for i in range(n):
        total += arr[i]
    return total

# === CASE range2d
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 66
# RUN: range2d np.arange(1000, dtype=np.int32).reshape(20, 50)
@jit(nopython=True)
def range2d(arr):
    total = zero
    m, n = arr.shape
    for i in range(m):
        for j in range(n):
            total += arr[i, j]
    return total

# === CASE nditer1
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 75
# RUN: nditer1 np.arange(1000, dtype=np.int32).reshape(20, 50)
@jit(nopython=True)
def nditer1(a):
    total = zero
    for u in np.nditer(a):
        total += u.item()
    return total

# === CASE nditer2
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 82
# RUN: nditer2 (np.arange(100, dtype=np.int32).reshape(10, 10), np.arange(10, dtype=np.int32))
@jit(nopython=True)
def nditer2(a, b):
    total = zero
    for u, v in np.nditer((a, b)):
        total += u.item() * v.item()
    return total

# === CASE zip_iter
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 96
# RUN: zip_iter (np.arange(100, dtype=np.int32), np.arange(100, dtype=np.int32))
@jit(nopython=True)
def zip_iter(a, b):
    total = zero
    for u, v in zip(a, b):
        total += u * v
    return total

# === CASE zip_flat
# SOURCE: numba/numba-benchmark benchmarks/bench_iterating.py @ 6d682a7f849d, line 103
# RUN: zip_flat (np.arange(100, dtype=np.int32).reshape(10, 10), np.arange(100, dtype=np.int32).reshape(10, 10))
@jit(nopython=True)
def zip_flat(a, b):
    total = zero
    for u, v in zip(a.flat, b.flat):
        total += u * v
    return total
