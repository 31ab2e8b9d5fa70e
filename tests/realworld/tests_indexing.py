# Real Numba code from numba/numba numba/tests/test_indexing.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE slicing_1d_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 19
# RUN: njit(slicing_1d_usecase) (np.arange(10.0), 1, 8, 2)
def slicing_1d_usecase(a, start, stop, step):
    return a[start:stop:step]

# === CASE slicing_1d_usecase2
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 22
# RUN: njit(slicing_1d_usecase2) (np.arange(10), 1, 8, 2)
def slicing_1d_usecase2(a, start, stop, step):
    b = a[start:stop:step]
    total = 0
    for i in range(b.shape[0]):
        total += b[i] * (i + 1)
    return total

# === CASE slicing_1d_usecase3
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 29
# RUN: njit(slicing_1d_usecase3) (np.arange(10), 2, 7)
def slicing_1d_usecase3(a, start, stop):
    b = a[start:stop]
    total = 0
    for i in range(b.shape[0]):
        total += b[i] * (i + 1)
    return total

# === CASE slicing_1d_usecase4
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 36
# RUN: njit(slicing_1d_usecase4) np.arange(10)
def slicing_1d_usecase4(a):
    b = a[:]
    total = 0
    for i in range(b.shape[0]):
        total += b[i] * (i + 1)
    return total

# === CASE slicing_2d_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 74
# RUN: njit(slicing_2d_usecase) (np.arange(20.0).reshape(4, 5), 0, 3, 1, 1, 5, 2)
def slicing_2d_usecase(a, start1, stop1, step1, start2, stop2, step2):
    # The index is a homogeneous tuple of slices
    return a[start1:stop1:step1, start2:stop2:step2]

# === CASE partial_1d_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 96
# RUN: njit(partial_1d_usecase) (np.arange(12).reshape(3, 4), 1)
def partial_1d_usecase(a, index):
    b = a[index]
    total = 0
    for i in range(b.shape[0]):
        total += b[i] * (i + 1)
    return total

# === CASE integer_indexing_1d_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 103
# RUN: njit(integer_indexing_1d_usecase) (np.arange(10), -2)
def integer_indexing_1d_usecase(a, i):
    return a[i]

# === CASE integer_indexing_2d_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 106
# RUN: njit(integer_indexing_2d_usecase) (np.arange(12).reshape(3, 4), 2, 1)
def integer_indexing_2d_usecase(a, i1, i2):
    return a[i1,i2]

# === CASE ellipsis_usecase1
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 112
# RUN: njit(ellipsis_usecase1) (np.arange(24).reshape(2, 3, 4), 1, 2)
def ellipsis_usecase1(a, i, j):
    return a[i:j, ...]

# === CASE none_index_usecase
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 121
# RUN: njit(none_index_usecase) np.arange(10)
def none_index_usecase(a):
    return a[None]

# === CASE slicing_1d_usecase_set
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 138
# RUN: njit(slicing_1d_usecase_set) (np.zeros(10), np.arange(4.0), 1, 8, 2)
def slicing_1d_usecase_set(a, b, start, stop, step):
    a[start:stop:step] = b
    return a

# === CASE slicing_1d_usecase_add
# SOURCE: numba/numba numba/tests/test_indexing.py @ 5340f052d014, line 142
# RUN: njit(slicing_1d_usecase_add) (np.zeros(10), np.arange(3.0), 2, 5)
def slicing_1d_usecase_add(a, b, start, stop):
    # NOTE: uses the ROT_FOUR opcode on Python 2, only on the [start:stop]
    # with inplace operator form.
    a[start:stop] += b
    return a
