"""@vectorize and @guvectorize functions called from Python, under Numba and jitc."""
import math

import numpy as np
from numba import guvectorize, vectorize


@vectorize(["float64(float64, float64)", "int64(int64, int64)", "float32(float32, float32)"], identity=0)
def add(a, b):
    return a + b


@vectorize(["float64(float64)"])
def rel(x):
    return math.exp(-x * x) * 2


@vectorize
def poly(x):
    return x * x - 3 * x + 1


@vectorize(["float64(float64)"], target="parallel")
def par(x):
    return math.sqrt(x) + 1


@vectorize(["float64(float64)"])
def careful(x):
    if x > 100:
        raise ValueError("too large")
    return x


@guvectorize(["void(float64[:], float64[:])", "void(int64[:], int64[:])"], "(n)->()")
def row_sum(a, out):
    s = 0
    for v in a:
        s += v
    out[0] = s


@guvectorize(["void(float64[:], float64, float64[:])"], "(n),()->(n)")
def shift(a, k, out):
    for i in range(a.shape[0]):
        out[i] = a[i] + k


@guvectorize(["void(float64[:, :], float64[:, :], float64[:, :])"], "(m,n),(n,p)->(m,p)")
def matmul(a, b, out):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            s = 0.0
            for k in range(a.shape[1]):
                s += a[i, k] * b[k, j]
            out[i, j] = s
