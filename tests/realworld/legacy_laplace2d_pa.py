# Real Numba code from numba/numba-examples legacy/laplace2d/laplace2d-pa.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit, stencil

# === CASE jacobi_relax_core
# SOURCE: numba/numba-examples legacy/laplace2d/laplace2d-pa.py @ c423f5419a45, line 11
# RUN: jacobi_relax_core (np.eye(32), np.zeros((32, 32)))
@stencil
def jacobi_kernel(A):
    return 0.25 * (A[0,1] + A[0,-1] + A[-1,0] + A[1,0])

@jit(parallel=True)
def jacobi_relax_core(A, Anew):
    error = 0.0
    n = A.shape[0]
    m = A.shape[1]
    Anew = jacobi_kernel(A)
    error = np.max(np.abs(Anew - A))
    return error
