# A module-level augmented assignment runs as Python runs it; one of a name that only skipped
# statements set is skipped too, an error where compiled code uses it.
from numba import njit

COUNT = 2
COUNT += 3
TOTAL: int = 0
TOTAL += 1


@njit
def uses_count(x):
    return x + COUNT


@njit
def uses_total(x):
    return x + TOTAL
