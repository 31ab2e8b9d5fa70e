# Real Numba code from numba/numba numba/tests/test_nested_calls.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile (keyword and default arguments, *args), the callers with njit applied by the RUN line as the test does.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import int32, int64
from numba import jit, njit

# === CASE named_args
# SOURCE: numba/numba numba/tests/test_nested_calls.py @ 5340f052d014, line 19
# RUN: njit(f) (1, 2, 3)
@jit(nopython=True)
def f_inner(a, b, c):
    return a, b, c

def f(x, y, z):
    return f_inner(x, c=y, b=z)

# === CASE default_args
# SOURCE: numba/numba numba/tests/test_nested_calls.py @ 5340f052d014, line 26
# RUN: njit(g) (1, 2, 3)
@jit(nopython=True)
def g_inner(a, b=2, c=3):
    return a, b, c

def g(x, y, z):
    return g_inner(x, b=y), g_inner(a=z, c=x)

# === CASE star_args
# SOURCE: numba/numba numba/tests/test_nested_calls.py @ 5340f052d014, line 33
# RUN: njit(star) (1, 2, 3)
@jit(nopython=True)
def star_inner(a=5, *b):
    return a, b

def star(x, y, z):
    return star_inner(a=x), star_inner(x, y, z)

# === CASE star_call
# SOURCE: numba/numba numba/tests/test_nested_calls.py @ 5340f052d014, line 36
# RUN: njit(star_call) (1, (2, 3), (4, 5, 6))
@jit(nopython=True)
def star_inner(a=5, *b):
    return a, b

def star_call(x, y, z):
    return star_inner(x, *y), star_inner(*z)

# === CASE argcast
# SOURCE: numba/numba numba/tests/test_nested_calls.py @ 5340f052d014, line 46
# RUN: njit(argcast) (1, True)
# RUN: njit(argcast) (1, False)
@jit(nopython=True)
def argcast_inner(a, b):
    if b:
        # Here `a` is unified to int64 (from int32 originally)
        a = int64(0)
    return a

def argcast(a, b):
    return argcast_inner(int32(a), b)
