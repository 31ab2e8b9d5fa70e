# Real Numba code from numba/numba-examples legacy/harris/harris_pa.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, stencil

# === CASE harris
# SOURCE: numba/numba-examples legacy/harris/harris_pa.py @ c423f5419a45, line 22
# RUN: harris (np.random.default_rng(0).random((16, 16)), np.zeros((16, 16)), np.zeros((16, 16)), np.zeros((16, 16)), np.zeros((16, 16)), np.zeros((16, 16)))
@stencil()
def xsten(a):
    return ((a[-1,-1] * -1.0) + (a[-1,0] * -2.0) + (a[-1,1] * -1.0) + a[1,-1] + (a[1,0] * 2.0) + a[1,1]) / 12.0

@stencil()
def ysten(a):
    return ((a[-1,-1] * -1.0) + (a[0,-1] * -2.0) + (a[1,-1] * -1.0) + a[-1,1] + (a[0,1] * 2.0) + a[1,1]) / 12.0

@stencil()
def harris_common(a):
    return (a[-1,-1] + a[-1,0] + a[-1,1] + a[0,-1] + a[0,0] + a[0,1] + a[1,-1] + a[1,0] + a[1,1])

@njit(parallel=True)
def harris(Iin,Ixout,Iyout,Sxxout,Syyout,Sxyout):
    Ix = xsten(Iin,out=Ixout)
    Iy = ysten(Iin,out=Iyout)
    Ixx = Ix * Ix
    Iyy = Iy * Iy
    Ixy = Ix * Iy
    Sxx = harris_common(Ixx,out=Sxxout)
    Syy = harris_common(Iyy,out=Syyout)
    Sxy = harris_common(Ixy,out=Sxyout)
    det = (Sxx * Syy) - (Sxy * Sxy)
    trace = Sxx + Syy
    return det - (0.04 * trace * trace)
