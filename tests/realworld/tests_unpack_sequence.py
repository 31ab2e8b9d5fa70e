# Real Numba code from numba/numba numba/tests/test_unpack_sequence.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile
# with njit (the RUN line applies njit as the test does), unpacking tuples, ranges, array shapes and arrays.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit, njit

# === CASE unpack_shape
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 20
# RUN: njit(unpack_shape) (np.zeros(shape=(1, 2, 3)).astype(np.int32),)
def unpack_shape(a):
    x, y, z = a.shape
    return x + y + z

# === CASE unpack_range
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 25
# RUN: njit(unpack_range) ()
def unpack_range():
    a, b, c = range(3)
    return a + b + c

# === CASE unpack_range_too_small
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 30
# RUN: njit(unpack_range_too_small) ()
def unpack_range_too_small():
    a, b, c = range(2)
    return a + b + c

# === CASE unpack_range_too_large
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 35
# RUN: njit(unpack_range_too_large) ()
def unpack_range_too_large():
    a, b, c = range(4)
    return a + b + c

# === CASE unpack_tuple
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 40
# RUN: njit(unpack_tuple) ()
def unpack_tuple():
    a, b, c = (1, 2, 3)
    return a + b + c

# === CASE unpack_heterogeneous_tuple
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 65
# RUN: njit(unpack_heterogeneous_tuple) ()
def unpack_heterogeneous_tuple():
    a, b, c = (1, 2.5, 3j)
    return a + b + c

# === CASE unpack_nested_heterogeneous_tuple
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 70
# RUN: njit(unpack_nested_heterogeneous_tuple) ()
def unpack_nested_heterogeneous_tuple():
    a, (b, c) = (1, (2.5, 3j))
    return a + b + c

# === CASE unpack_arbitrary
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 75
# RUN: njit(unpack_arbitrary) (np.arange(2.0),)
# RUN: njit(unpack_arbitrary) (np.arange(6).reshape(2, 3),)
# RUN: njit(unpack_arbitrary) (np.arange(3),)
def unpack_arbitrary(seq):
    a, b = seq
    return b, a

# === CASE chained_unpack_assign1
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 88
# RUN: njit(chained_unpack_assign1) (3, 4)
def chained_unpack_assign1(x, y):
    # Used to fail in object mode (issue #580)
    a = (b, c) = (x, y)
    (d, e) = a
    return d + e + b + c

# === CASE conditional_swap
# SOURCE: numba/numba numba/tests/test_unpack_sequence.py @ 5340f052d014, line 95
# RUN: njit(conditional_swap) (1, 2)
# RUN: njit(conditional_swap) (-1, 2)
def conditional_swap(x, y):
    # Used to produce invalid code (issue #977)
    if x > 0:
        x, y = y, x
    return x, y
