# Real Numba code from numba/numba-examples legacy/juliaset/juliaset_numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
import numba

# === CASE iterate
# SOURCE: numba/numba-examples legacy/juliaset/juliaset_numba.py @ c423f5419a45, line 22
# RUN: iterate (8, np.linspace(-1.5, 1.5, 20).reshape(4, 5) + 0.5j, -.745429 + .11308j)
@numba.njit()
def iterate(col, Z, c):
    for k in range(col):
        Z = Z*Z + c
    return np.exp(-np.abs(Z))
