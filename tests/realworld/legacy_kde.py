# Real Numba code from numba/numba-examples legacy/kernel-density-estimation/kernel_density_estimation_numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit, prange
import numpy as np

# === CASE kde
# SOURCE: numba/numba-examples legacy/kernel-density-estimation/kernel_density_estimation_numba.py @ c423f5419a45, line 11
# RUN: kde np.random.default_rng(0).random(100)
@njit()
def kde(X):
    b = 0.5
    points = np.array([-1.0, 2.0, 5.0])
    N = points.shape[0]
    n = X.shape[0]
    exps = 0
    # prange in a not-parallel jitted function is identical to "range"
    for i in prange(n):
        p = X[i]
        d = (-(p-points)**2)/(2*b**2)
        m = np.min(d)
        exps += m-np.log(b*N)+np.log(np.sum(np.exp(d-m)))
    return exps
