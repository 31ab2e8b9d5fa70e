# Out of scope (docs/language.md): the diagnostic a user sees. An f-string with run-time values
# works in raise, assert and print(); as a value it needs a string built at run time.
from numba import njit


@njit("int64(int64)")
def label(n):
    s = f"n = {n}"
    return len(s)
