# Real Numba code from numba/numba numba/tests/test_array_iterators.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE array_iter
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 11
# RUN: njit(array_iter) np.arange(10.0)
def array_iter(arr):
    total = 0
    for i, v in enumerate(arr):
        total += i * v
    return total

# === CASE array_view_iter
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 20
# RUN: njit(array_view_iter) (np.arange(12).reshape(3, 4), 1)
def array_view_iter(arr, idx):
    total = 0
    for i, v in enumerate(arr[idx]):
        total += i * v
    return total

# === CASE array_flat
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 26
# RUN: njit(array_flat) (np.arange(12.0).reshape(3, 4), np.zeros(12))
def array_flat(arr, out):
    for i, v in enumerate(arr.flat):
        out[i] = v

# === CASE array_flat_getitem
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 30
# RUN: njit(array_flat_getitem) (np.arange(12).reshape(3, 4), 7)
def array_flat_getitem(arr, ind):
    return arr.flat[ind]

# === CASE array_flat_setitem
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 33
# RUN: njit(array_flat_setitem) (np.arange(12).reshape(3, 4), 7, 100)
def array_flat_setitem(arr, ind, val):
    arr.flat[ind] = val

# === CASE array_flat_sum
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 36
# RUN: njit(array_flat_sum) np.arange(12.0).reshape(3, 4)
def array_flat_sum(arr):
    s = 0
    for i, v in enumerate(arr.flat):
        s = s + (i + 1) * v
    return s

# === CASE array_flat_len
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 42
# RUN: njit(array_flat_len) np.arange(12).reshape(3, 4)
def array_flat_len(arr):
    return len(arr.flat)

# === CASE array_ndenumerate_sum
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 50
# RUN: njit(array_ndenumerate_sum) np.arange(12).reshape(3, 4)
def array_ndenumerate_sum(arr):
    s = 0
    for (i, j), v in np.ndenumerate(arr):
        s = s + (i + 1) * (j + 1) * v
    return s

# === CASE np_ndindex
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 62
# RUN: njit(np_ndindex) (3, 4)
def np_ndindex(x, y):
    s = 0
    n = 0
    for i, j in np.ndindex(x, y):
        s = s + (i + 1) * (j + 1)
    return s

# === CASE np_ndindex_array
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 69
# RUN: njit(np_ndindex_array) np.arange(12).reshape(3, 4)
def np_ndindex_array(arr):
    s = 0
    n = 0
    for indices in np.ndindex(arr.shape):
        for i, j in enumerate(indices):
            s = s + (i + 1) * (j + 1)
    return s

# === CASE np_nditer1
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 77
# RUN: njit(np_nditer1) np.arange(6).reshape(2, 3)
def np_nditer1(a):
    res = []
    for u in np.nditer(a):
        res.append(u.item())
    return res

# === CASE array_iter_items
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 17
# RUN: njit(array_iter_items) np.arange(6.0)
def array_iter_items(arr):
    return list(iter(arr))

# === CASE iter_next
# SOURCE: numba/numba numba/tests/test_array_iterators.py @ 5340f052d014, line 95
# RUN: njit(iter_next) np.arange(6.0)
# RUN: njit(iter_next) np.arange(6).reshape(2, 3)
def iter_next(arr):
    it = iter(arr)
    it2 = iter(arr)
    return next(it), next(it), next(it2)
