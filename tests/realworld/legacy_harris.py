# Real Numba code from numba/numba-examples legacy/harris/harris_numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, stencil

# === CASE harris
# SOURCE: numba/numba-examples legacy/harris/harris_numba.py @ c423f5419a45, line 22
# RUN: harris np.random.default_rng(0).random((16, 16))
@njit
def xsten(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = ((a[i-1,j-1] * -1.0) + (a[i-1,j] * -2.0) + (a[i-1,j+1] * -1.0) + a[i+1,j-1] + (a[i+1,j] * 2.0) + a[i+1,j+1]) / 12.0
    return ret

@njit
def ysten(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = ((a[i-1,j-1] * -1.0) + (a[i,j-1] * -2.0) + (a[i+1,j-1] * -1.0) + a[i-1,j+1] + (a[i,j+1] * 2.0) + a[i+1,j+1]) / 12.0
    return ret

@njit
def harris_common(a):
    ret = np.zeros_like(a)
    ashape = a.shape
    for i in range(1,ashape[0]-1):
        for j in range(1,ashape[1]-1):
            ret[i,j] = (a[i-1,j-1] + a[i-1,j] + a[i-1,j+1] + a[i,j-1] + a[i,j] + a[i,j+1] + a[i+1,j-1] + a[i+1,j] + a[i+1,j+1])
    return ret

@njit
def harris(Iin):
    Ix = xsten(Iin)
    Iy = ysten(Iin)
    Ixx = Ix * Ix
    Iyy = Iy * Iy
    Ixy = Ix * Iy
    Sxx = harris_common(Ixx)
    Syy = harris_common(Iyy)
    Sxy = harris_common(Ixy)
    det = (Sxx * Syy) - (Sxy * Sxy)
    trace = Sxx + Syy
    return det - (0.04 * trace * trace)
