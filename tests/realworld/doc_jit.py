# Real Numba code from numba/numba docs/source/user/jit.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import math
from numba import jit, int32

# === CASE f_lazy
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 26
# RUN: f (1, 2)
# RUN: f (1j, 2)
@jit
def f(x, y):
    # A somewhat trivial example
    return x + y

# === CASE f_eager_int32
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 51
# RUN: f (1, 2)
@jit(int32(int32, int32))
def f(x, y):
    # A somewhat trivial example
    return x + y

# === CASE hypot
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 86
# RUN: hypot (3.0, 4.0)
@jit
def square(x):
    return x ** 2

@jit
def hypot(x, y):
    return math.sqrt(square(x) + square(y))

# === CASE f_nopython
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 140
# RUN: f (2.5, 4)
@jit  # same as @jit(nopython=True) or @njit since Numba 0.59
def f(x, y):
    return x + y

# === CASE f_nogil
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 159
# RUN: f (2.5, 4)
@jit(nogil=True)
def f(x, y):
    return x + y

# === CASE f_cache
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 181
# RUN: f (2.5, 4)
@jit(cache=True)
def f(x, y):
    return x + y

# === CASE f_parallel
# SOURCE: numba/numba docs/source/user/jit.rst @ 5340f052d014, line 215
# RUN: f (np.arange(10.0), np.ones(10))
@jit(nopython=True, parallel=True)
def f(x, y):
    return x + y
