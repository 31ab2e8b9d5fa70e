# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit


@njit
def shout(n):
    s = "abc"
    return s.upper()


@njit
def fmt(n):
    return "%d items" % n


@njit
def conv(n):
    return str(n)
