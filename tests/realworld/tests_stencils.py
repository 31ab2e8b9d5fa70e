# Real Numba code from numba/numba numba/tests/test_stencils.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: its module-level stencil kernels with the
# test functions that call them (dedented; the RUN line applies njit as the test does), and kernels of TestManyStencils
# (the RUN line applies stencil(**options) as check_against_expected does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
import numba
from numba import njit, stencil

# === CASE stencil1_with_out
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 22
# RUN: njit(test_with_out) 100
@stencil
def stencil1_kernel(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])

def test_with_out(n):
    A = np.arange(n**2).reshape((n, n))
    B = np.zeros(n**2).reshape((n, n))
    B = stencil1_kernel(A, out=B)
    return B

# === CASE stencil1_without_out
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 22
# RUN: njit(test_without_out) 100
@stencil
def stencil1_kernel(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])

def test_without_out(n):
    A = np.arange(n**2).reshape((n, n))
    B = stencil1_kernel(A)
    return B

# === CASE stencil2_neighborhood
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 27
# RUN: njit(test_seq) 100
@stencil(neighborhood=((-5, 0), ))
def stencil2_kernel(a):
    cum = a[-5]
    for i in range(-4, 1):
        cum += a[i]
    return 0.3 * cum

def test_seq(n):
    A = np.arange(n)
    B = stencil2_kernel(A)
    return B

# === CASE stencil3_cval
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 35
# RUN: njit(test_seq) 5
@stencil(cval=1.0)
def stencil3_kernel(a):
    return 0.25 * a[-2, 2]

def test_seq(n):
    A = np.arange(n**2).reshape((n, n))
    B = stencil3_kernel(A)
    return B

# === CASE standard_indexing_1d
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 57
# RUN: njit(test_seq) 100
@stencil(standard_indexing=("b",))
def stencil_with_standard_indexing_1d(a, b):
    return a[-1] * b[0] + a[0] * b[1]

def test_seq(n):
    A = np.arange(n)
    B = [3.0, 7.0]
    C = stencil_with_standard_indexing_1d(A, B)
    return C

# === CASE standard_indexing_2d
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 62
# RUN: njit(test_seq) 5
@stencil(standard_indexing=("b",))
def stencil_with_standard_indexing_2d(a, b):
    return (a[0, 1] * b[0, 1] + a[1, 0] * b[1, 0]
            + a[0, -1] * b[0, -1] + a[-1, 0] * b[-1, 0])

def test_seq(n):
    A = np.arange(n**2).reshape((n, n))
    B = np.ones((3, 3))
    C = stencil_with_standard_indexing_2d(A, B)
    D = stencil_with_standard_indexing_2d(C, B)
    return D

# === CASE multiple_inputs
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 40
# RUN: njit(test_seq) 3
@stencil
def stencil_multiple_input_kernel(a, b):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0] +
                   b[0, 1] + b[1, 0] + b[0, -1] + b[-1, 0])

def test_seq(n):
    A = np.arange(n**2).reshape((n, n))
    B = np.arange(n**2).reshape((n, n))
    C = stencil_multiple_input_kernel(A, B)
    return C

# === CASE mixed_types
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 52
# RUN: njit(test_seq) 3
@stencil
def stencil_multiple_input_mixed_types_2d(a, b, f):
    return a[0, 0] if f[0, 0] else b[0, 0]

def test_seq(n):
    A = np.arange(n ** 2).reshape((n, n))
    B = n ** 2 - np.arange(n ** 2).reshape((n, n))
    S = np.eye(n, dtype=np.bool_)
    O = stencil_multiple_input_mixed_types_2d(A, B, S)
    return O

# === CASE stencil_call_lambda
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 387
# RUN: njit(test_impl1) 100
def test_impl1(n):
    A = np.arange(n**2).reshape((n, n))
    B = np.zeros(n**2).reshape((n, n))
    numba.stencil(lambda a: 0.25 * (a[0, 1] + a[1, 0] + a[0, -1]
                                    + a[-1, 0]))(A, out=B)
    return B

# === CASE stencil_call_inner_def
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 394
# RUN: njit(test_impl2) 100
def test_impl2(n):
    A = np.arange(n**2).reshape((n, n))
    B = np.zeros(n**2).reshape((n, n))

    def sf(a):
        return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])
    B = numba.stencil(sf)(A)
    return B

# === CASE stencil_call_1D
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 420
# RUN: njit(test_impl) 100
def test_impl(n):
    A = np.arange(n)
    B = np.zeros(n)
    numba.stencil(lambda a: 0.3 * (a[-1] + a[0] + a[1]))(A, out=B)
    return B

# === CASE stencil_call_const_1
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 442
# RUN: njit(parallel=True)(test_impl1) 100
def test_impl1(n):
    A = np.arange(n)
    B = np.zeros(n)
    c = 1
    numba.stencil(lambda a,c : 0.3 * (a[-c] + a[0] + a[c]))(A, c, out=B)
    return B

# === CASE stencil_call_const_2
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 449
# RUN: njit(parallel=True)(test_impl2) 100
def test_impl2(n):
    A = np.arange(n)
    B = np.zeros(n)
    c = 2
    numba.stencil(
        lambda a,c : 0.3 * (a[1 - c] + a[0] + a[c - 1]))(A, c, out=B)
    return B

# === CASE stencil_call_const_3
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 458
# RUN: njit(parallel=True)(test_impl3) 100
def test_impl3(n):
    A = np.arange(n)
    B = np.zeros(n)
    c = 2
    numba.stencil(
        lambda a,c : 0.3 * (a[-c + 1] + a[0] + a[c - 1]))(A, c, out=B)
    return B

# === CASE stencil_call_const_4
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 467
# RUN: njit(parallel=True)(test_impl4) 100
def test_impl4(n):
    A = np.arange(n)
    B = np.zeros(n)
    d = 1
    c = 2
    numba.stencil(
        lambda a,c,d : 0.3 * (a[-c + d] + a[0] + a[c - d]))(A, c, d,
                                                            out=B)
    return B

# === CASE stencil_parallel_off
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 521
# RUN: njit(test_impl) np.arange(20.0)
# RUN: njit(parallel=True)(test_impl) np.arange(20.0)
def test_impl(A):
    return numba.stencil(lambda a: 0.3 * (a[-1] + a[0] + a[1]))(A)

# === CASE basic10
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1153
# RUN: stencil(kernel) np.arange(12.).reshape(3, 4)
def kernel(a):
    return a[0, 0] + a[1, 0]

# === CASE basic14
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1237
# RUN: stencil(kernel) np.arange(12.).reshape(3, 4)
def kernel(a):
    return a[0, 0] + 1j

# === CASE basic17
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1303
# RUN: stencil(kernel) np.arange(12).reshape(3, 4)
def kernel(a):
    return a[0, 0] + a[2, 0] + 1.

# === CASE basic23
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1435
# RUN: stencil(kernel) np.arange(12.).reshape(3, 4)
def kernel(a):
    x = np.sin(10 + a[2, 1])
    return a[1 + 0, 0] + a[0, 0] + x

# === CASE basic26
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1501
# RUN: stencil(kernel) np.arange(64).reshape(4, 8, 2)
def kernel(a):
    return a[0, 0, 0] - a[0, 1, 0] + 1.

# === CASE basic31
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1606
# RUN: stencil(kernel) np.arange(12).reshape(3, 4).astype(np.float32)
def kernel(a):
    t = 1
    return a[t, 0]

# === CASE basic35
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1716
# RUN: stencil(cval=5)(kernel) np.arange(12.).reshape(3, 4)
def kernel(a):
    return a[0, 1]

# === CASE basic43
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 1861
# RUN: stencil(kernel) (np.arange(30.).reshape(5, 6), np.arange(30.).reshape(5, 6))
def kernel(a, b):
    return a[0, 1] + a[1, 2] + b[-2, 0] + b[0, -1]

# === CASE basic65
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 2269
# RUN: stencil(neighborhood=((-29,0),))(kernel) np.arange(60.)
def kernel(a):
    cumul = 0
    for i in range(-29, 1):
        cumul += a[i]
    return cumul / 30

# === CASE basic67
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 2324
# RUN: stencil(neighborhood=((-5,0),(-10,0)))(kernel) np.arange(10. * 20.).reshape(10, 20)
def kernel(a):
    cumul = 0
    for i in range(-5, 1):
        for j in range(-10, 1):
            cumul += a[i, j]
    return cumul / (10 * 5)

# === CASE basic89
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 2981
# RUN: stencil(kernel) np.arange(10. * 20.).reshape(10, 20)
def kernel(a):
    if a[0, 1] > 10:
        return 10.
    elif a[0, 3] < 8:
        return a[0, 0]
    else:
        return 7.

# === CASE basic92
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 3078
# RUN: stencil(kernel) np.array(np.arange(20) % 2).reshape(4, 5).astype(np.bool_)
def kernel(a):
    return (a[-1, -1] ^ a[-1, 0] ^ a[-1, 1] ^
            a[0, -1] ^ a[0, 0] ^ a[0, 1] ^
            a[1, -1] ^ a[1, 0] ^ a[1, 1])

# === CASE basic94
# SOURCE: numba/numba numba/tests/test_stencils.py @ 5340f052d014, line 3139
# RUN: stencil(neighborhood=((-1,1),(-1,1)))(kernel) np.arange(20, dtype=np.uint32).reshape(4, 5)
def kernel(a):
    return np.median(a[-1:2, -1:2])
