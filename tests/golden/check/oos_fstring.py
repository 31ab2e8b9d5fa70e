# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def label(n):
    return f"n = {n}"
