# Real Numba code from numba/numba numba/tests/test_typedlist.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged but dedented: the @njit functions its tests define
# inside their test methods (numba.typed.List).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit
from numba import int32, float32
from numba.core import types
from numba.typed import List

# === CASE compiled_producer
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 211
# RUN: producer ()
@njit
def producer():
    l = List.empty_list(int32)
    l.append(23)
    return l

# === CASE dtype
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 174
# RUN: foo ()
@njit
def foo():
    li, lf = List(), List()
    li.append(int32(1))
    lf.append(float32(1.0))
    return li._dtype, lf._dtype

# === CASE allocation_njit
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 735
# RUN: foo 5
@njit
def foo(i):
    tl = List.empty_list(types.int32, i)
    return tl._allocated()

# === CASE extend_self
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 784
# RUN: impl ()
@njit
def impl():
    l = List.empty_list(types.int32)
    for x in range(10):
        l.append(x)
    l.extend(l)
    return l

# === CASE extend_tuple
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 797
# RUN: impl ()
@njit
def impl():
    l = List.empty_list(types.int32)
    for x in range(10):
        l.append(x)
    l.extend((100,200,300))
    return l

# === CASE extend_single_value_container
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 810
# RUN: impl ()
@njit
def impl():
    l = List()
    l.extend((100,))
    return l

# === CASE refine_append
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 932
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    return l

# === CASE refine_insert
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 945
# RUN: foo ()
@njit
def foo():
    l = List()
    l.insert(0, 1)
    return l

# === CASE refine_extend_list
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 958
# RUN: foo ()
@njit
def foo():
    a = List()
    b = List()
    for i in range(3):
        b.append(i)
    a.extend(b)
    return a

# === CASE refine_extend_tuple
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 974
# RUN: foo ()
@njit
def foo():
    l = List()
    l.extend((0, 1, 2))
    return l

# === CASE array_item_pop
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1128
# RUN: foo ()
@njit
def foo():
    l = List((np.zeros((1,)),))
    l.pop()
    return l

# === CASE is_mutable
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1364
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    return l._is_mutable()

# === CASE getitem_when_immutable
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1394
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    l._make_immutable()
    return l[0], l._is_mutable()

# === CASE allocation_njit_kwarg
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 726
# RUN: foo 0
# RUN: foo 15
@njit
def foo(i):
    tl = List.empty_list(types.int32, allocated=i)
    return tl._allocated()

# === CASE make_immutable_is_immutable
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1373
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    l._make_immutable()
    return l._is_mutable()

# === CASE length_still_works_when_immutable
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1383
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    l._make_immutable()
    return len(l),l._is_mutable()

# === CASE append_fails
# SOURCE: numba/numba numba/tests/test_typedlist.py @ 5340f052d014, line 1407
# RUN: foo ()
@njit
def foo():
    l = List()
    l.append(1)
    l._make_immutable()
    l.append(1)
