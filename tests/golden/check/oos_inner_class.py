# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def f(n):
    class P:
        pass
    return n
