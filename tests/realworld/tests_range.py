# Real Numba code from numba/numba numba/tests/test_range.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE loop1
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 11
# RUN: njit(loop1) 10
def loop1(n):
    s = 0
    for i in range(n):
        s += i
    return s

# === CASE loop2
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 18
# RUN: njit(loop2) (2, 10)
def loop2(a, b):
    s = 0
    for i in range(a, b):
        s += i
    return s

# === CASE loop3
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 25
# RUN: njit(loop3) (1, 20, 3)
# RUN: njit(loop3) (20, 1, -3)
def loop3(a, b, c):
    s = 0
    for i in range(a, b, c):
        s += i
    return s

# === CASE range_len1
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 32
# RUN: njit(range_len1) 10
def range_len1(n):
    return len(range(n))

# === CASE range_len2
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 35
# RUN: njit(range_len2) (3, 10)
def range_len2(a, b):
    return len(range(a, b))

# === CASE range_len3
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 38
# RUN: njit(range_len3) (10, 0, -3)
def range_len3(a, b, c):
    return len(range(a, b, c))

# === CASE range_attrs
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 46
# RUN: njit(range_attrs) (1, 10, 2)
def range_attrs(start, stop, step):
    r1 = range(start)
    r2 = range(start, stop)
    r3 = range(start, stop, step)
    tmp = []
    for r in (r1, r2, r3):
        tmp.append((r.start, r.stop, r.step))
    return tmp

# === CASE range_contains
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 55
# RUN: njit(range_contains) (5, 1, 10, 2)
def range_contains(val, start, stop, step):
    r1 = range(start)
    r2 = range(start, stop)
    r3 = range(start, stop, step)
    return [val in r for r in (r1, r2, r3)]
