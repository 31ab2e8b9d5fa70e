# Real Numba code from numba/numba numba/tests/test_array_manipulation.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE flatten_array
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 64
# RUN: njit(flatten_array) np.arange(12).reshape(3, 4)
def flatten_array(a):
    return a.flatten()

# === CASE ravel_array
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 68
# RUN: njit(ravel_array) np.arange(12).reshape(3, 4)
def ravel_array(a):
    return a.ravel()

# === CASE transpose_array
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 80
# RUN: njit(transpose_array) np.arange(12).reshape(3, 4)
def transpose_array(a):
    return a.transpose()

# === CASE expand_dims
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 122
# RUN: njit(expand_dims) (np.arange(4.0), 0)
def expand_dims(a, axis):
    return np.expand_dims(a, axis)

# === CASE numpy_flatnonzero
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 181
# RUN: njit(numpy_flatnonzero) np.array([0, 3, 0, 5])
def numpy_flatnonzero(a):
    return np.flatnonzero(a)

# === CASE numpy_argwhere
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 185
# RUN: njit(numpy_argwhere) np.array([[0, 3], [0, 5]])
def numpy_argwhere(a):
    return np.argwhere(a)

# === CASE numpy_shape
# SOURCE: numba/numba numba/tests/test_array_manipulation.py @ 5340f052d014, line 174
# RUN: njit(numpy_shape) np.arange(12).reshape(3, 4)
def numpy_shape(arr):
    return np.shape(arr)
