# The diagnostics of dicts and sets a user can cause.
from numba import njit


@njit
def set_index(k):
    s = {1, 2}
    return s[k]


@njit
def string_hash(k):
    return hash("abc") + k
