# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import cfunc, generated_jit


@cfunc("float64(float64)")
def square(x):
    return x * x
