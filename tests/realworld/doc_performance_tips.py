# Real Numba code from numba/numba docs/source/user/performance-tips.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, prange

# === CASE ident_np
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 46
# RUN: ident_np np.arange(1000.0)
@njit
def ident_np(x):
    return np.cos(x) ** 2 + np.sin(x) ** 2

# === CASE ident_loops
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 50
# RUN: ident_loops np.arange(1000.0)
@njit
def ident_loops(x):
    r = np.empty_like(x)
    n = len(x)
    for i in range(n):
        r[i] = np.cos(x[i]) ** 2 + np.sin(x[i]) ** 2
    return r

# === CASE do_sum
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 94
# RUN: do_sum np.arange(1000.0)
@njit(fastmath=False)
def do_sum(A):
    acc = 0.
    # without fastmath, this loop must accumulate in strict order
    for x in A:
        acc += np.sqrt(x)
    return acc

# === CASE do_sum_fast
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 102
# RUN: do_sum_fast np.arange(1000.0)
@njit(fastmath=True)
def do_sum_fast(A):
    acc = 0.
    # with fastmath, the reduction can be vectorized as floating point
    # reassociation is permitted.
    for x in A:
        acc += np.sqrt(x)
    return acc

# === CASE ident_parallel
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 142
# RUN: ident_parallel np.arange(1000.0)
@njit(parallel=True)
def ident_parallel(x):
    return np.cos(x) ** 2 + np.sin(x) ** 2

# === CASE do_sum_parallel
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 176
# RUN: do_sum_parallel np.arange(1000.0)
@njit(parallel=True)
def do_sum_parallel(A):
    # each thread can accumulate its own partial sum, and then a cross
    # thread reduction is performed to obtain the result to return
    n = len(A)
    acc = 0.
    for i in prange(n):
        acc += np.sqrt(A[i])
    return acc

# === CASE do_sum_parallel_fast
# SOURCE: numba/numba docs/source/user/performance-tips.rst @ 5340f052d014, line 186
# RUN: do_sum_parallel_fast np.arange(1000.0)
@njit(parallel=True, fastmath=True)
def do_sum_parallel_fast(A):
    n = len(A)
    acc = 0.
    for i in prange(n):
        acc += np.sqrt(A[i])
    return acc
