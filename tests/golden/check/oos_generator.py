# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def gen(n):
    for i in range(n):
        yield i * 2
