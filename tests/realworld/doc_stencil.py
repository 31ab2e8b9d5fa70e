# Real Numba code from numba/numba docs/source/user/stencil.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, stencil

# === CASE kernel1
# SOURCE: numba/numba docs/source/user/stencil.rst @ 5340f052d014, line 27
# RUN: kernel1 np.arange(36.0).reshape(6, 6)
@stencil
def kernel1(a):
    return 0.25 * (a[0, 1] + a[1, 0] + a[0, -1] + a[-1, 0])

# === CASE stencil_lambda
# SOURCE: numba/numba docs/source/user/stencil.rst @ 5340f052d014, line 128
# RUN: stencil_test np.arange(20.0)
@njit(parallel=True)
def stencil_test(A):
    c = 2
    B = stencil(
        lambda a, c: 0.3 * (a[-c+1] + a[0] + a[c-1]))(A, c)
    return B

# === CASE kernel2_neighborhood
# SOURCE: numba/numba docs/source/user/stencil.rst @ 5340f052d014, line 157
# RUN: kernel2 np.arange(60.0)
@stencil(neighborhood = ((-29, 0),))
def kernel2(a):
    cumul = 0
    for i in range(-29, 1):
        cumul += a[i]
    return cumul / 30

# === CASE kernel3_standard_indexing
# SOURCE: numba/numba docs/source/user/stencil.rst @ 5340f052d014, line 209
# RUN: kernel3 (np.arange(10.0), np.array([1.0, 2.0]))
@stencil(standard_indexing=("b",))
def kernel3(a, b):
    return a[-1] * b[0] + a[0] + b[1]
