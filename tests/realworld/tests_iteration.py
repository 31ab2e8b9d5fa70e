# Real Numba code from numba/numba numba/tests/test_iteration.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE int_tuple_iter_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 14
# RUN: njit(int_tuple_iter_usecase) ()
def int_tuple_iter_usecase():
    res = 0
    for i in (1, 2, 99, 3):
        res += i
    return res

# === CASE float_tuple_iter_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 20
# RUN: njit(float_tuple_iter_usecase) ()
def float_tuple_iter_usecase():
    res = 0.0
    for i in (1.5, 2.0, 99.3, 3.4):
        res += i
    return res

# === CASE tuple_tuple_iter_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 26
# RUN: njit(tuple_tuple_iter_usecase) ()
def tuple_tuple_iter_usecase():
    # Recursively homogeneous tuple type
    res = 0.0
    for i in ((1.5, 2.0), (99.3, 3.4), (1.8, 2.5)):
        for j in i:
            res += j
        res = res * 2
    return res

# === CASE enumerate_nested_tuple_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 35
# RUN: njit(enumerate_nested_tuple_usecase) ()
def enumerate_nested_tuple_usecase():
    res = 0.0
    for i, j in enumerate(((1.5, 2.0), (99.3, 3.4), (1.8, 2.5))):
        for l in j:
            res += i * l
        res = res * 2
    return res

# === CASE nested_enumerate_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 43
# RUN: njit(nested_enumerate_usecase) ()
def nested_enumerate_usecase():
    res = 0.0
    for i, (j, k) in enumerate(enumerate(((1.5, 2.0), (99.3, 3.4), (1.8, 2.5)))):
        for l in k:
            res += i * j * l
        res = res * 2
    return res

# === CASE enumerate_array_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 52
# RUN: njit(enumerate_array_usecase) ()
def enumerate_array_usecase():
    res = 0
    arrays = (np.ones(4), np.ones(5))
    for i, v in enumerate(arrays):
        res += v.sum()
    return res

# === CASE scalar_iter_usecase
# SOURCE: numba/numba numba/tests/test_iteration.py @ 5340f052d014, line 60
# RUN: njit(scalar_iter_usecase) np.arange(10.0)
def scalar_iter_usecase(iterable):
    res = 0.0
    for x in iterable:
        res += x
    return res
