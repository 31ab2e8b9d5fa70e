# From the CLI and the C API (docs/language.md): only the Python package runs the block.
import numpy as np
from numba import njit, objmode


@njit
def timed(x):
    with objmode(y='float64'):
        y = float(np.sum(x))
    return y
