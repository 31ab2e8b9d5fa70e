# Out of scope (docs/language.md): the diagnostic a user sees. Numba refuses these too.
from numba import njit


@njit
def fmt(n):
    return "%d items" % n


@njit
def formatted(n):
    return format(n)


@njit
def as_hex(n):
    return hex(n)


@njit
def encoded(n):
    s = "a b" if n else "c"
    return s.encode()


@njit
def order(n):
    s = "a b" if n else "c"
    return s < 1
