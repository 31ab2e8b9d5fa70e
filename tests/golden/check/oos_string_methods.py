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


@njit
def concat(n):
    s = "a b" if n else "c"
    return s + "!"


@njit
def first(n):
    s = "a b" if n else "c"
    return s[0]


@njit
def chars(n):
    k = 0
    for c in "a b":
        k += 1
    return k


@njit
def order(n):
    s = "a b" if n else "c"
    return s < 1
