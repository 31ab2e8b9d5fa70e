# Out of scope (docs/language.md): the diagnostic a user sees.
import numpy as np
from numba import njit


@njit
def draw(n):
    rng = np.random.default_rng(42)
    return rng.random(n)
