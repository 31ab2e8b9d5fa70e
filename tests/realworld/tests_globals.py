# Real Numba code from numba/numba numba/tests/test_globals.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level globals and functions its tests compile with jit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit, njit

# === CASE global_ndarray_func
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 7
# RUN: njit(global_ndarray_func) 1
X = np.arange(10)


def global_ndarray_func(x):
    y = x + X.shape[0]
    return y

# === CASE global_cplx_arr_copy
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 15
# RUN: njit(global_cplx_arr_copy) (np.zeros(10,dtype=np.complex128),)
# Create complex array with real and imaginary parts of distinct value
cplx_X = np.arange(10, dtype=np.complex128)
tmp = np.arange(10, dtype=np.complex128)
cplx_X += (tmp+10)*1j


def global_cplx_arr_copy(a):
    for i in range(len(a)):
        a[i] = cplx_X[i]

# === CASE global_int_tuple
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 75
# RUN: njit(global_int_tuple) ()
# Test a global tuple
tup_int = (1, 2)
tup_str = ('a', 'b')
tup_mixed = (1, 'a')
tup_float = (1.2, 3.5)
tup_npy_ints = (np.uint64(12), np.int8(3))
tup_tup_array = ((np.ones(5),),)
mixed_tup_tup_array = (('Z', np.ones(5),), 2j, 'A')

def global_int_tuple():
    return tup_int[0] + tup_int[1]

# === CASE global_float_tuple
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 75
# RUN: njit(global_float_tuple) ()
# Test a global tuple
tup_int = (1, 2)
tup_str = ('a', 'b')
tup_mixed = (1, 'a')
tup_float = (1.2, 3.5)
tup_npy_ints = (np.uint64(12), np.int8(3))
tup_tup_array = ((np.ones(5),),)
mixed_tup_tup_array = (('Z', np.ones(5),), 2j, 'A')

def global_float_tuple():
    return tup_float[0] + tup_float[1]

# === CASE global_npy_int_tuple
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 75
# RUN: njit(global_npy_int_tuple) ()
# Test a global tuple
tup_int = (1, 2)
tup_str = ('a', 'b')
tup_mixed = (1, 'a')
tup_float = (1.2, 3.5)
tup_npy_ints = (np.uint64(12), np.int8(3))
tup_tup_array = ((np.ones(5),),)
mixed_tup_tup_array = (('Z', np.ones(5),), 2j, 'A')

def global_npy_int_tuple():
    return tup_npy_ints[0] + tup_npy_ints[1]

# === CASE global_str_tuple
# SOURCE: numba/numba numba/tests/test_globals.py @ 5340f052d014, line 75
# RUN: njit(global_str_tuple) ()
# Test a global tuple
tup_int = (1, 2)
tup_str = ('a', 'b')
tup_mixed = (1, 'a')
tup_float = (1.2, 3.5)
tup_npy_ints = (np.uint64(12), np.int8(3))
tup_tup_array = ((np.ones(5),),)
mixed_tup_tup_array = (('Z', np.ones(5),), 2j, 'A')

def global_str_tuple():
    return tup_str[0] + tup_str[1]
