# Real Numba code from numba/numba numba/tests/test_sort.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE sort_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 39
# RUN: njit(sort_usecase) np.array([3.0, 1.0, 2.0, -5.0])
def sort_usecase(val):
    val.sort()

# === CASE argsort_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 42
# RUN: njit(argsort_usecase) np.array([3.0, 1.0, 2.0, -5.0])
def argsort_usecase(val):
    return val.argsort()

# === CASE sorted_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 51
# RUN: njit(sorted_usecase) np.array([3, 1, 2, -5])
def sorted_usecase(val):
    return sorted(val)

# === CASE np_sort_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 57
# RUN: njit(np_sort_usecase) np.array([3, 1, 2, -5])
def np_sort_usecase(val):
    return np.sort(val)

# === CASE np_argsort_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 60
# RUN: njit(np_argsort_usecase) np.array([3, 1, 2, -5])
def np_argsort_usecase(val):
    return np.argsort(val)

# === CASE list_sort_usecase
# SOURCE: numba/numba numba/tests/test_sort.py @ 5340f052d014, line 69
# RUN: njit(list_sort_usecase) 10
def list_sort_usecase(n):
    np.random.seed(42)
    l = []
    for i in range(n):
        l.append(np.random.random())
    ll = l[:]
    ll.sort()
    return l, ll
