"""`with objmode(...)` blocks: Python the interpreter runs in the middle of compiled code."""
import math

import numba
import numpy as np
from numba import njit, objmode, types

CALLS = []  # what the blocks append, in order
SCALES = {"small": 0.5, "large": 2.0}  # a dict: compiled code cannot read it, the block can
INT_ARRAY = types.int64[:]


class ModelError(Exception):
    pass


def bar(x):
    return np.asarray(list(reversed(x.tolist())))


@njit
def numba_docs_example():
    x = np.arange(5)
    y = np.zeros_like(x)
    with objmode(y='intp[:]'):  # annotate return type
        # this region is executed by object-mode.
        y += bar(x)
    return y


@njit
def writes_input(a):
    total = 0.0
    with objmode():
        a[0] = 100.0
    for v in a:
        total += v
    return total


@njit
def scalars(n):
    with objmode(f='float64', i='int64', c='complex128', b='boolean', i32='int32'):
        f = n * 3  # an int where float64 is declared
        i = np.int16(n) * 2
        c = complex(n, 1)
        b = n > 2
        i32 = 7.9  # truncated, as Numba unboxes it
    return f, i, c, b, i32


@njit
def strings_and_tuples(key):
    with objmode(label='unicode_type', pair='UniTuple(float64, 2)', mixed='Tuple((int64, float64))'):
        label = "scale %s" % key
        pair = (SCALES[key], SCALES[key] * 2)
        mixed = (len(label), math.pi)
    return label, pair[0] + pair[1], mixed


@njit
def arrays(n):
    with objmode(m='float64[:, :]', c='float64[:, ::1]', v=INT_ARRAY):
        m = np.ones((n, 3)).T  # not contiguous in C order: fine for an 'A' array
        c = np.arange(n * 2.0).reshape(n, 2)
        v = np.arange(n)
    return m.sum() + c.sum() + v.sum(), m.shape[0], c[1, 1]


@njit
def typed_as_objects(x):
    with objmode(y=types.float64, z=INT_ARRAY):
        y = x / 4
        z = np.full(3, int(x))
    return y + z.sum()


@njit
def in_a_loop(n):
    s = 0
    for i in range(n):
        with numba.objmode(k='int64'):
            CALLS.append(i)
            k = len(CALLS)
        s += k
    return s


@njit
def prints(x):
    with objmode():
        print("from the interpreter:", x, type(x).__name__)
    return x + 1


def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative: %s" % x)
    return math.sqrt(x)


def no_model(x):
    raise ModelError("no model for", x)


@njit
def raises_value_error(x):
    with objmode(y='float64'):  # Numba refuses a raise statement in the block itself
        y = checked_sqrt(x)
    return y


@njit
def raises_own_class(x):
    with objmode(y='float64'):
        y = no_model(x)
    return y


@njit
def wrong_output_kind(x):
    with objmode(y='float64'):
        y = np.zeros(3)
    return y


@njit
def callee_with_block(x):
    with objmode(y='float64'):
        y = float(np.median(np.array([x, 1.0, 2.0])))
    return y


@njit
def caller(x):
    return callee_with_block(x) * 2


def factory(offset):
    @njit
    def shifted(x):
        with objmode(y='float64'):
            y = x + offset
        return y
    return shifted


@njit
def array_roundtrip(n):
    acc = 0.0
    for i in range(n):
        a = np.arange(4.0) + i
        with objmode(b='float64[:]'):
            b = a * 2
        acc += b[3]
    return acc
