# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def seen(k):
    s = {1, 2, 3}
    return k in s

