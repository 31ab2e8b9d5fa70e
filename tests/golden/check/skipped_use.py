# Names defined by statements jitc skips are errors only where compiled code uses them, each
# located at the use and saying what the name is.
import os
from scipy import ndimage
from numba import njit

LIMIT = 10
LIMIT += {"a": 5}["a"]
table = {"a": 1}


class Shape:
    pass


def helper(x):
    with open(x) as fh:
        return fh.read()


def plain(x):
    return x + 1


@njit
def uses_augmented(x):
    return x + LIMIT


@njit
def uses_dict(x):
    return table


@njit
def uses_class(x):
    return Shape()


@njit
def uses_helper(x):
    return helper(x)


@njit
def uses_plain(x):
    return plain(x)


@njit
def uses_os(x):
    return os.getpid()


@njit
def uses_scipy(x):
    return ndimage.gaussian_filter(x, 1.0)


@njit
def fine(x):
    return x * 2


if __name__ == "__main__":
    print(fine(2))
