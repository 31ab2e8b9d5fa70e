# Real Numba code from numba/numba numba/tests/ (test_mixed_tuple_unroller.py, test_optional.py, test_range.py,
# test_builtins.py, test_tuples.py) at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: functions that iterate over tuples with
# literal_unroll, use None/Optional values, range objects and iterators; nested test functions
# are dedented; the RUN line applies njit where the test does.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, literal_unroll

# === CASE unroll_test_01
# SOURCE: numba/numba numba/tests/test_mixed_tuple_unroller.py @ 5340f052d014, line 465
# RUN: foo (2, 9)
@njit
def foo(idx, z):
    a = (12, 12.7, 3j, 4, z, 2 * z)
    acc = 0
    for i in range(len(literal_unroll(a))):
        acc += a[i]
        if acc.real < 26:
            acc -= 1
        else:
            break
    return acc

# === CASE unroll_test_02
# SOURCE: numba/numba numba/tests/test_mixed_tuple_unroller.py @ 5340f052d014, line 485
# RUN: foo (2, 9)
@njit
def foo(idx, z):
    x = (12, 12.7, 3j, 4, z, 2 * z)
    acc = 0
    for a in literal_unroll(x):
        acc += a
        if acc.real < 26:
            acc -= 1
        else:
            break
    return acc

# === CASE unroll_test_03
# SOURCE: numba/numba numba/tests/test_mixed_tuple_unroller.py @ 5340f052d014, line 504
# RUN: foo (2, 9)
@njit
def foo(idx, z):
    x = (12, 12.7, 3j, 4, z, 2 * z)
    y = ('foo', z, 2 * z)
    acc = 0
    for a in literal_unroll(x):
        acc += a
        if acc.real < 26:
            acc -= 1
        else:
            for t in literal_unroll(y):
                acc += t is False
            break
    return acc

# === CASE unroll_test_04
# SOURCE: numba/numba numba/tests/test_mixed_tuple_unroller.py @ 5340f052d014, line 526
# RUN: foo ((np.ones((10,)), np.ones((10, 10)), np.ones((10, 10, 10))),)
@njit
def foo(tup):
    acc = 0
    for a in literal_unroll(tup):
        acc += a.sum()
    return acc

# === CASE return_bool_optional_or_none
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 26
# RUN: njit(return_bool_optional_or_none) (2, True)
# RUN: njit(return_bool_optional_or_none) (1, True)
# RUN: njit(return_bool_optional_or_none) (1, False)
# RUN: njit(return_bool_optional_or_none) (0, True)
def return_bool_optional_or_none(x, y):
    if y:
        z = False
    else:
        z = None
    if x == 2:
        # A boolean
        return True
    elif x == 1:
        # A runtime optional
        return z
    else:
        # None
        return None

# === CASE a_is_b
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 55
# RUN: njit(a_is_b) (1, 2)
# RUN: njit(a_is_b) (1.5, 1.5)
def a_is_b(a, b):
    """
    Note in nopython mode, this operation does not make much sense.
    Because we don't have objects anymore.
    `a is b` is always False if not operating on None and Optional type
    """
    return a is b

# === CASE a_is_not_b
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 64
# RUN: njit(a_is_not_b) (1, 2)
# RUN: njit(a_is_not_b) (1.5, 1.5)
def a_is_not_b(a, b):
    """
    This is `not (a is b)`
    """
    return a is not b

# === CASE my_arange
# SOURCE: numba/numba numba/tests/test_range.py @ 5340f052d014, line 183
# RUN: my_arange (0, 10, 3)
# RUN: my_arange (2, 20, 5)
@njit
def my_arange(start, stop, step):
    x = np.zeros(len(range(start, stop, step)), dtype=np.uint64)
    i = 0
    for v in range(start, stop, step):
        x[i] = v
        i += 1
    return x

# === CASE iter_next_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 113
# RUN: njit(iter_next_usecase) (np.arange(4.0),)
def iter_next_usecase(x):
    it = iter(x)
    return next(it), next(it)

# === CASE in_usecase
# SOURCE: numba/numba numba/tests/test_tuples.py @ 5340f052d014, line 68
# RUN: njit(in_usecase) (2, (1, 2, 3))
def in_usecase(a, b):
    return a in b

# === CASE optional_float
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 125
# RUN: njit(pyfunc) (1.0, 12.3)
def pyfunc(x, y):
    if y is None:
        return x
    else:
        return x + y

# === CASE optional_array_attribute
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 167
# RUN: njit(pyfunc) (np.arange(5), True)
def pyfunc(arr, do_it):
    opt = None
    if do_it:  # forces `opt` to be an optional of arr
        opt = arr
    return opt.shape[0]

# === CASE assign_to_optional
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 181
# RUN: foo (123, False)
# RUN: foo (231, True)
@njit
def make_optional(val, get_none):
    if get_none:
        ret = None
    else:
        ret = val
    return ret

@njit
def foo(val, run_second):
    a = make_optional(val, True)
    if run_second:
        a = make_optional(val, False)
    return a

# === CASE optional_thru_omitted_arg
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 204
# RUN: njit(pyfunc) ()
# RUN: njit(pyfunc) (3,)
def pyfunc(x=None):
    if x is None:
        x = 1
    return x

# === CASE many_optional_none_returns
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 235
# RUN: foo (False,)
# RUN: foo (True,)
@njit
def foo(maybe):
    lx = None
    if maybe:
        lx = 10
    return 1, lx
