# Real Numba code from numba/numba numba/tests/test_lists.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import njit

# === CASE list_comprehension1
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 68
# RUN: njit(list_comprehension1) ()
def list_comprehension1():
    return sum([x**2 for x in range(10)])

# === CASE list_comprehension2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 71
# RUN: njit(list_comprehension2) ()
def list_comprehension2():
    return sum([x for x in range(10) if x % 2 == 0])

# === CASE list_comprehension3
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 74
# RUN: njit(list_comprehension3) ()
def list_comprehension3():
    return sum([math.pow(x, 2) for x in range(10)])

# === CASE list_comprehension4
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 77
# RUN: njit(list_comprehension4) ()
def list_comprehension4():
    return sum([x * y for x in range(10) for y in range(10)])

# === CASE list_comprehension5
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 80
# RUN: njit(list_comprehension5) ()
def list_comprehension5():
    return [x * 2 for x in range(10)]

# === CASE list_constructor
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 87
# RUN: njit(list_constructor) 5
def list_constructor(n):
    return list(range(n))

# === CASE list_append
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 101
# RUN: njit(list_append) 5
def list_append(n):
    l = []
    l.append(42)
    for i in range(n):
        l.append(i)
    return l

# === CASE list_extend
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 115
# RUN: njit(list_extend) 5
def list_extend(n):
    l = []
    # A non-list iterable and a list
    l.extend(range(n))
    l.extend(l[:-1])
    l.extend(range(n, 0, -1))
    return l

# === CASE list_pop0
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 132
# RUN: njit(list_pop0) 5
def list_pop0(n):
    l = list(range(n))
    res = 0
    while len(l) > 0:
        res += len(l) * l.pop()
    return res

# === CASE list_len
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 144
# RUN: njit(list_len) 5
def list_len(n):
    l = list(range(n))
    return len(l)

# === CASE list_getitem
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 148
# RUN: njit(list_getitem) 5
def list_getitem(n):
    l = list(range(n))
    res = 0
    # Positive indices
    for i in range(len(l)):
        res += i * l[i]
    # Negative indices
    for i in range(-len(l), 0):
        res -= i * l[i]
    return res

# === CASE list_setitem
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 159
# RUN: njit(list_setitem) 5
def list_setitem(n):
    l = list(range(n))
    res = 0
    # Positive indices
    for i in range(len(l)):
        l[i] = i * l[i]
    # Negative indices
    for i in range(-len(l), 0):
        l[i] = i * l[i]
    for i in range(len(l)):
        res += l[i]
    return res

# === CASE list_getslice3
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 176
# RUN: njit(list_getslice3) (10, 1, 8, 2)
def list_getslice3(n, start, stop, step):
    l = list(range(n))
    return l[start:stop:step]

# === CASE list_iteration
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 227
# RUN: njit(list_iteration) 5
def list_iteration(n):
    l = list(range(n))
    res = 0
    for i, v in enumerate(l):
        res += i * v
    return res

# === CASE list_contains
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 234
# RUN: njit(list_contains) 5
def list_contains(n):
    l = list(range(n))
    return (0 in l, 1 in l, n - 1 in l, n in l,
            0 not in l, 1 not in l, n - 1 not in l, n not in l,
            )

# === CASE list_index1
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 240
# RUN: njit(list_index1) (10, 3)
def list_index1(n, v):
    l = list(range(n, 0, -1))
    return l.index(v)

# === CASE list_count
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 262
# RUN: njit(list_count) (10, 3)
def list_count(n, v):
    l = []
    for x in range(n):
        l.append(x & 3)
    return l.count(v)

# === CASE list_reverse
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 268
# RUN: njit(list_reverse) 5
def list_reverse(n):
    l = list(range(n))
    l.reverse()
    return l

# === CASE list_add
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 273
# RUN: njit(list_add) (3, 4)
def list_add(m, n):
    a = list(range(0, m))
    b = list(range(100, 100 + n))
    res = a + b
    res.append(42)   # check result is a copy
    return a, b, res

# === CASE list_mul
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 303
# RUN: njit(list_mul) (3, 2)
def list_mul(n, v):
    a = list(range(n))
    return a * v
