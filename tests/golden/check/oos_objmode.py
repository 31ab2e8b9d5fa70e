# Out of scope (docs/language.md): the diagnostic a user sees.
import numpy as np
from numba import njit, objmode


@njit
def timed(x):
    with objmode(y='float64'):
        y = float(np.sum(x))
    return y
