# Real Numba code from numba/numba docs/source/user/parallel.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented; the two examples of a race condition are left out (their result is not defined).
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np
from numba import njit, prange

# === CASE prange_test
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 103
# RUN: prange_test np.arange(1000)
@njit(parallel=True)
def prange_test(A):
    s = 0
    # Without "parallel=True" in the jit-decorator
    # the prange statement is equivalent to range
    for i in prange(A.shape[0]):
        s += A[i]
    return s

# === CASE two_d_array_reduction_prod
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 117
# RUN: two_d_array_reduction_prod 5
@njit(parallel=True)
def two_d_array_reduction_prod(n):
    shp = (13, 17)
    result1 = 2 * np.ones(shp, np.int_)
    tmp = 2 * np.ones_like(result1)

    for i in prange(n):
        result1 *= tmp

    return result1

# === CASE prange_ok_result_whole_arr
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 188
# RUN: prange_ok_result_whole_arr np.arange(100.0)
@njit(parallel=True)
def prange_ok_result_whole_arr(x):
    n = x.shape[0]
    y = np.zeros(4)
    for i in prange(n):
        y += x[i]
    return y

# === CASE prange_ok_result_outer_slice
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 201
# RUN: prange_ok_result_outer_slice np.arange(100.0)
@njit(parallel=True)
def prange_ok_result_outer_slice(x):
    n = x.shape[0]
    y = np.zeros(4)
    z = y[:]
    for i in prange(n):
        z += x[i]
    return y

# === CASE logistic_regression
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 216
# RUN: logistic_regression (np.where(np.random.default_rng(1).random(50) > 0.5, 1.0, -1.0), np.random.default_rng(2).random((50, 3)), np.zeros(3), 10)
@numba.jit(nopython=True, parallel=True)
def logistic_regression(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return w

# === CASE diagnostics_test
# SOURCE: numba/numba docs/source/user/parallel.rst @ 5340f052d014, line 311
# RUN: test np.arange(10)
@njit(parallel=True)
def test(x):
    n = x.shape[0]
    a = np.sin(x)
    b = np.cos(a * a)
    acc = 0
    for i in prange(n - 2):
        for j in prange(n - 1):
            acc += b[i] + b[j + 1]
    return acc
