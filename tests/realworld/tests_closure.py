# Real Numba code from numba/numba numba/tests/test_closure.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions its tests compile with njit (inner functions and closures), dedented from the test methods (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
import numpy
from numba import njit, jit

# === CASE inner_function
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 106
# RUN: njit(outer) 10
def outer(x):

    def inner(x):
        return x * x

    return inner(x) + inner(x)

# === CASE inner_function_with_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 118
# RUN: njit(outer) 10
def outer(x):
    y = x + 1

    def inner(x):
        return x * x + y

    return inner(x) + inner(x)

# === CASE inner_function_with_closure_2
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 131
# RUN: njit(outer) 10
def outer(x):
    y = x + 1

    def inner(x):
        return x * y

    y = inner(x)
    return y + inner(x)

# === CASE inner_function_nested
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 165
# RUN: njit(outer) 10
def outer(x):

    def inner(y):

        def innermost(z):
            return x + y + z

        s = 0
        for i in range(y):
            s += innermost(i)
        return s

    return inner(x * x)

# === CASE recursive_from_inner
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 192
# RUN: njit(outer1) 10
@njit
def fib3(n):
    if n < 2:
        return n
    return fib3(n - 1) + fib3(n - 2)

def outer1(x):
    """ Test calling recursive function from inner """
    def inner(x):
        return fib3(x)
    return inner(x)

# === CASE recursive_from_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 198
# RUN: njit(outer2) 10
@njit
def fib3(n):
    if n < 2:
        return n
    return fib3(n - 1) + fib3(n - 2)

def outer2(x):
    """ Test calling recursive function from closure """
    z = x + 1

    def inner(x):
        return x + fib3(z)
    return inner(x)

# === CASE nested_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 226
# RUN: njit(outer5) 10
def outer5(x):
    """ Test nested closure """
    y = x + 1

    def inner1(x):
        z = y + x + 2

        def inner2(x):
            return x + z

        return inner2(x) + y

    return inner1(x)

# === CASE closure_list_comprehension
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 240
# RUN: njit(outer6) 10
def outer6(x):
    """ Test closure with list comprehension in body """
    y = x + 1

    def inner1(x):
        z = y + x + 2
        return [t for t in range(z)]
    return inner1(x)

# === CASE outer_scope_var
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 251
# RUN: njit(outer7) 10
_OUTER_SCOPE_VAR = 9

def outer7(x):
    """ Test use of outer scope var, no closure """
    z = x + 1
    return x + z + _OUTER_SCOPE_VAR

# === CASE outer_scope_var_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 258
# RUN: njit(outer8) 10
_OUTER_SCOPE_VAR = 9

def outer8(x):
    """ Test use of outer scope var, with closure """
    z = x + 1

    def inner(x):
        return x + z + _OUTER_SCOPE_VAR
    return inner(x)

# === CASE closure_assignment
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 266
# RUN: njit(outer9) 10
def outer9(x):
    """ Test closure assignment"""
    z = x + 1

    def inner(x):
        return x + z
    f = inner
    return f(x)

# === CASE two_inner_one_calls_other
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 275
# RUN: njit(outer10) 10
def outer10(x):
    """ Test two inner, one calls other """
    z = x + 1

    def inner(x):
        return x + z

    def inner2(x):
        return inner(x)

    return inner2(x)

# === CASE closure_with_kwarg
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 295
# RUN: njit(outer12) 10
def outer12(x):
    """ closure with kwarg"""
    z = x + 1

    def inner(x, kw=7):
        return x + z + kw
    return inner(x)

# === CASE outer_with_kwarg
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 303
# RUN: njit(outer13) 10
def outer13(x, kw=7):
    """ outer with kwarg no closure"""
    z = x + 1 + kw
    return z

# === CASE outer_kwarg_in_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 308
# RUN: njit(outer14) 10
def outer14(x, kw=7):
    """ outer with kwarg used in closure"""
    z = x + 1

    def inner(x):
        return x + z + kw
    return inner(x)

# === CASE outer_kwarg_as_closure_arg
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 316
# RUN: njit(outer15) 10
def outer15(x, kw=7):
    """ outer with kwarg as arg to closure"""
    z = x + 1

    def inner(x, kw):
        return x + z + kw
    return inner(x, kw)

# === CASE closure_as_arg_to_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 354
# RUN: njit(outer19) 10
def outer19(x):
    """ closure as arg to another closure """
    z1 = x + 1
    z2 = x + 2

    def inner(x):
        return x + z1

    def inner2(f, x):
        return f(x) + z2

    return inner2(inner, x)

# === CASE numpy_in_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 367
# RUN: njit(outer20) 10
def outer20(x):
    """ Test calling numpy in closure """
    z = x + 1

    def inner(x):
        return x + numpy.cos(z)
    return inner(x)

# === CASE np_in_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 375
# RUN: njit(outer21) 10
def outer21(x):
    """ Test calling numpy import as in closure """
    z = x + 1

    def inner(x):
        return x + np.cos(z)
    return inner(x)

# === CASE renaming_scheme
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 447
# RUN: njit(foo) (10, 20)
def foo(a, b):
    def bar(z):
        x = 5
        y = 10
        return x + y + z
    return bar(a), bar(b)

# === CASE float_default_in_returned_closure
# SOURCE: numba/numba numba/tests/test_closure.py @ 5340f052d014, line 486
# RUN: consume ()
@njit
def foo():
    def bar(x, y=1.1):
        return x + y
    return bar

@njit
def consume():
    return foo()(4)
