# Out of scope (docs/language.md): the diagnostic a user sees.
import numpy as np
from numba import njit, float64
from numba.experimental import jitclass

spec = [('value', float64)]


@jitclass(spec)
class Box:
    def __init__(self, value):
        self.value = value


@njit
def make(v):
    return Box(v).value
