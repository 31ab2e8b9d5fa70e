# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def table(k):
    d = {1: 2.0, 3: 4.0}
    return d[k]
