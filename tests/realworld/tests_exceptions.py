# Real Numba code from numba/numba numba/tests/test_exceptions.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE assert_usecase
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 115
# RUN: njit(assert_usecase) 1
# RUN: njit(assert_usecase) 2
def assert_usecase(i):
    assert i == 1, "bar"

# === CASE raise_runtime_value
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 123
# RUN: njit(raise_runtime_value) 3
# RUN: njit(raise_runtime_value) 'hello'
def raise_runtime_value(arg):
    raise ValueError(arg)

# === CASE unituple_index_error
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 130
# RUN: njit(pyfunc) (np.empty(2, dtype=np.int32), 0)
# RUN: njit(pyfunc) (np.empty(2, dtype=np.int32), 2)
def pyfunc(a, i):
    return a.shape[i]

# === CASE reraise
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 103
# RUN: njit(reraise) ()
def reraise():
    raise

# === CASE dynamic_raise_literal_message
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 419
# RUN: raise_literal_message 0
# RUN: raise_literal_message 1
# RUN: raise_literal_message 2
@njit
def raise_literal_message(a):
    if a == 0:
        msg = "A was 0"
        raise ValueError(msg)
    if a == 1:
        msg = "A was 1"
        raise ValueError(msg)
    if a == 2:
        msg = "A was 2"
        raise ValueError(msg)

# === CASE dynamic_raise_single_literal_message
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 438
# RUN: raise_single_literal_message False
# RUN: raise_single_literal_message True
@njit
def raise_single_literal_message(arg):
    msg = "False"
    if arg:
        msg = "True"
    raise ValueError(msg)

# === CASE dynamic_raise_mixed_int_width
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 452
# RUN: raise_mixed_int_width 0
# RUN: raise_mixed_int_width 1
@njit
def raise_mixed_int_width(a):
    if a == 0:
        value = np.int64(-7)
        raise ValueError(value)
    value = np.uint64(2 ** 63)
    raise ValueError(value)

# === CASE try_raise
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 478
# RUN: try_raise 3
@njit
def raise_(a):
    raise ValueError(a)

@njit
def try_raise(a):
    try:
        raise_(a)
    except Exception:
        pass
    return a + 1
