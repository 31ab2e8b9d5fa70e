"""Functions called from Python with every kind of argument, run under Numba and jitc."""
import math

import numpy as np
from numba import njit, prange

SCALE = 2.5
OFFSETS = (1, 2, 3)
TABLE = np.array([[1.0, 2.0], [3.0, np.nan]])


@njit
def add(a, b):
    return a + b


@njit
def total(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit
def total2d(a):
    s = 0.0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j] * (i + 1)
    return s


@njit
def scaled(a):
    return a * SCALE + OFFSETS[1] + TABLE[0, 1]


@njit
def fill(out, value):
    for i in range(out.size):
        out[i] = value + i


@njit
def pair(a):
    return a.min(), a.max(), a.argmax()


@njit
def first_row(a):
    return a[0]


@njit
def uses_math(x):
    return math.sqrt(x) + math.floor(x) + np.float32(x)


@njit
def checked(x):
    if x < 0:
        raise ValueError("negative value", x)
    return x * 2


@njit
def missing(k):
    raise KeyError(k)


@njit
def with_default(x, y=10, z=0.5):
    return x * y + z


@njit
def maybe(x, flag):
    if flag is None:
        return x
    return -x


@njit
def text_length(s):
    return len(s) + s.count("a")


@njit
def list_sum(lst):
    s = 0
    for v in lst:
        s += v
    return s


@njit
def make_list(n):
    return [i * i for i in range(n)]


@njit
def tuple_in(t):
    return t[0] * t[1][0] + t[1][1]


@njit(parallel=True)
def parallel_square(a):
    out = np.empty_like(a)
    for i in prange(a.shape[0]):
        out[i] = a[i] * a[i]
    return out


@njit
def helper(x):
    return x * 3 + 1


@njit
def calls_helper(a):
    out = np.empty(a.shape[0])
    for i in range(a.shape[0]):
        out[i] = helper(a[i])
    return out


@njit
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


@njit("float64(float64, int64)")
def power(x, n):
    return x ** n


@njit
def complex_ops(z):
    return z * z.conjugate() + abs(z)


@njit
def dtype_arg(n, dt):
    return np.zeros(n, dtype=dt)


def make_adder(c):
    @njit
    def adder(x):
        return x + c
    return adder


add_two = make_adder(2)
add_half = make_adder(0.5)
square = njit(lambda x: x * x)


class BadInput(ValueError):
    pass


@njit
def raises_own(x):
    if x < 0:
        raise BadInput("below zero")
    return x


from numba.extending import register_jitable  # noqa: E402
from numba.typed import List  # noqa: E402


@register_jitable
def clamp(x, lo, hi):
    return min(max(x, lo), hi)


@njit
def uses_jitable(x):
    return clamp(x, 0.0, 1.0)


@njit
def typed_squares(n):
    out = List()
    for i in range(n):
        out.append(i * i)
    return out


@njit
def draws(g, n):
    return g.random(n), g.integers(0, 10, 3), g.standard_normal()


DTYPE = np.dtype("float32")
ZS = np.array([1 + 2j, -0.5j])


@njit
def dtype_and_complex_globals(n):
    return np.zeros(n, dtype=DTYPE), ZS * 2


from numba import stencil  # noqa: E402


@stencil
def smooth(a):
    return (a[-1] + a[0] + a[1]) / 3


@njit
def smooth_twice(a):
    return smooth(smooth(a))


from typing import NamedTuple  # noqa: E402


class Span(NamedTuple):
    lo: float
    hi: float = 10.0


WIDE = Span(-1.0)


@njit
def in_span(x):
    return WIDE.lo <= x <= WIDE.hi, Span(0.0, 1.0).hi


@njit
def typed_total(lst):
    s = 0
    for v in lst:
        s += v
    return s


plain_clamp = njit(clamp)  # njit of a register_jitable function compiles the function
