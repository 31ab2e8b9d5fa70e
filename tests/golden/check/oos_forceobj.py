# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import jit


@jit(forceobj=True)
def anything(x):
    return x + 1


@jit(nopython=False)
def lifted(x):
    return x + 1
