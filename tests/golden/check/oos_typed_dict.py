# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit, types
from numba.typed import Dict


@njit
def count(n):
    d = Dict.empty(key_type=types.int64, value_type=types.float64)
    d[0] = 1.0
    return len(d)
