# Real Numba code from numba/numba docs/source/user/troubleshoot.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit, njit

# === CASE f_add
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 46
# RUN: f (1, 2.5)
@jit(nopython=True)
def f(x, y):
    return x + y

# === CASE g_add
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 102
# RUN: g (3, 4)
@jit
def g(x, y):
    return x + y

# === CASE list_literal
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 179
# RUN: f ()
@jit(nopython=True)
def f():
    return [1, 2, 3] # this list is defined on construction with `int` type

# === CASE list_append
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 186
# RUN: f 5
@jit(nopython=True)
def f(x):
    tmp = [] # defined empty
    for i in range(x):
        tmp.append(i) # list type can be inferred from the type of `i`
    return tmp

# === CASE typed_empty_list
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 207
# RUN: f 3
@jit(nopython=True)
def f(x):
    # define empty list, but instruct that the type is np.complex64
    tmp = [np.complex64(x) for x in range(0)]
    return (tmp, x) # the type of `tmp` is known, but it is still empty

# === CASE debug_print
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 350
# RUN: foo 1
@njit(debug=True)
def foo(a):
    b = a + 1
    c = a * 2.34
    d = (a, b, c)
    print(a, b, c, d)

# === CASE debug_arange
# SOURCE: numba/numba docs/source/user/troubleshoot.rst @ 5340f052d014, line 417
# RUN: foo 10
@njit(debug=True)
def foo(n):
    x = np.arange(n)
    y = (x[0], x[-1])
    return x, y
