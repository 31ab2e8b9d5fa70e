"""numba.typeof: the type of a value as jitc compiles it when it is passed to compiled code."""
import numpy as np

from . import types as jt


def _layout(a):
    if a.flags.c_contiguous:
        return "C"
    if a.flags.f_contiguous:
        return "F"
    return "A"


def typeof(value):
    if isinstance(value, bool):
        return jt.boolean
    if isinstance(value, int):
        return jt.int64 if -2**63 <= value < 2**63 else jt.uint64
    if isinstance(value, float):
        return jt.float64
    if isinstance(value, complex):
        return jt.complex128
    if value is None:
        return jt.none
    if isinstance(value, str):
        return jt.unicode_type
    if isinstance(value, np.ndarray):
        return jt.Array(jt.from_dtype(value.dtype), value.ndim, _layout(value), readonly=not value.flags.writeable)
    if isinstance(value, np.generic):
        return jt.from_dtype(value.dtype)
    if isinstance(value, tuple):
        return jt.Tuple([typeof(v) for v in value])
    if isinstance(value, list) and value:
        return jt.ListType(typeof(value[0]))
    raise ValueError("cannot determine the jitc type of %s" % type(value).__name__)
