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

# === CASE create_list
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 62
# RUN: njit(create_list) (1, 2, 3)
def create_list(x, y, z):
    return [x, y, z]

# === CASE create_nested_list
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 65
# RUN: njit(create_nested_list) (1, 2, 3, 4, 5, 6)
def create_nested_list(x, y, z, a, b, c):
    return [[x, y, z], [a, b, c]]

# === CASE list_comprehension6
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 83
# RUN: njit(list_comprehension6) ()
def list_comprehension6():
    return [[x for x in range(y)] for y in range(3)]

# === CASE list_constructor_empty_but_typeable
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 95
# RUN: njit(list_constructor_empty_but_typeable) 5
def list_constructor_empty_but_typeable(n):
    # can be typed, list is empty but later append has typing info that allows
    # for inference
    y = list()
    return y.append(n)

# === CASE list_append_heterogeneous
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 108
# RUN: njit(list_append_heterogeneous) 5
def list_append_heterogeneous(n):
    l = []
    l.append(42.0)
    for i in range(n):
        l.append(i)
    return l

# === CASE list_extend_heterogeneous
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 123
# RUN: njit(list_extend_heterogeneous) 5
def list_extend_heterogeneous(n):
    l = []
    # Extend with various iterables, including lists, with different types
    l.extend(range(n))
    l.extend(l[:-1])
    l.extend((5, 42))
    l.extend([123.0])
    return l

# === CASE list_pop1
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 139
# RUN: njit(list_pop1) (10, -3)
def list_pop1(n, i):
    l = list(range(n))
    x = l.pop(i)
    return x, l

# === CASE list_getslice2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 172
# RUN: njit(list_getslice2) (10, -8, 5)
def list_getslice2(n, start, stop):
    l = list(range(n))
    return l[start:stop]

# === CASE list_setslice2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 180
# RUN: njit(list_setslice2) (10, 3, 2, 8)
def list_setslice2(n, n_source, start, stop):
    # Generic setslice with size change
    l = list(range(n))
    v = list(range(100, 100 + n_source))
    l[start:stop] = v
    return l

# === CASE list_setslice3
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 187
# RUN: njit(list_setslice3) (10, 1, 9, 2)
def list_setslice3(n, start, stop, step):
    l = list(range(n))
    v = l[start:stop:step]
    for i in range(len(v)):
        v[i] += 100
    l[start:stop:step] = v
    return l

# === CASE list_delslice0
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 200
# RUN: njit(list_delslice0) 10
def list_delslice0(n):
    l = list(range(n))
    del l[:]
    return l

# === CASE list_delslice1
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 205
# RUN: njit(list_delslice1) (40, 1, -2)
# RUN: njit(list_delslice1) (5, -6, 3)
# RUN: njit(list_delslice1) (40, -37, 0)
def list_delslice1(n, start, stop):
    l = list(range(n))
    del l[start:]
    del l[:stop]
    return l

# === CASE list_delslice2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 211
# RUN: njit(list_delslice2) (40, -37, -1)
# RUN: njit(list_delslice2) (5, 3, 1)
# RUN: njit(list_delslice2) (5, -6, -2)
def list_delslice2(n, start, stop):
    l = list(range(n))
    del l[start:stop]
    return l

# === CASE list_clear
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 216
# RUN: njit(list_clear) 5
def list_clear(n):
    l = list(range(n))
    l.clear()
    return l

# === CASE list_copy
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 221
# RUN: njit(list_copy) 5
def list_copy(n):
    l = list(range(n))
    ll = l.copy()
    l.append(42)
    return l, ll

# === CASE list_index2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 244
# RUN: njit(list_index2) (10, 3, 2)
def list_index2(n, v, start):
    l = list(range(n, 0, -1))
    return l.index(v, start)

# === CASE list_index3
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 248
# RUN: njit(list_index3) (10, 3, -8, 9)
def list_index3(n, v, start, stop):
    l = list(range(n, 0, -1))
    return l.index(v, start, stop)

# === CASE list_remove
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 252
# RUN: njit(list_remove) (10, 3)
def list_remove(n, v):
    l = list(range(n - 1, -1, -1))
    l.remove(v)
    return l

# === CASE list_insert
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 257
# RUN: njit(list_insert) (10, 3, 42)
def list_insert(n, pos, v):
    l = list(range(0, n))
    l.insert(pos, v)
    return l

# === CASE list_add_inplace
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 290
# RUN: njit(list_add_inplace) (3, 4)
def list_add_inplace(m, n):
    a = list(range(0, m))
    b = list(range(100, 100 + n))
    a += b
    return a, b

# === CASE list_mul2
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 307
# RUN: njit(list_mul2) (3, 2)
def list_mul2(n, v):
    a = list(range(n))
    return v * a

# === CASE list_mul_inplace
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 311
# RUN: njit(list_mul_inplace) (3, 2)
def list_mul_inplace(n, v):
    a = list(range(n))
    a *= v
    return a

# === CASE list_bool
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 316
# RUN: njit(list_bool) 3
def list_bool(n):
    a = list(range(n))
    return bool(a), (True if a else False)

# === CASE bool_list_usecase
# SOURCE: numba/numba numba/tests/test_lists.py @ 5340f052d014, line 344
# RUN: njit(bool_list_usecase) ()
def bool_list_usecase():
    # Exercise getitem, setitem, iteration with bool values (issue #1373)
    l = [False]
    l[0] = True
    x = False
    for v in l:
        x = x ^ v
    return l, x
