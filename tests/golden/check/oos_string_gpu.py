# Out of scope (docs/language.md): strings as values in GPU code (print() arguments only).
from numba import cuda


@cuda.jit
def kernel(out):
    s = "a b"
    out[0] = len(s)
