# Real Numba code from numba/numba-examples legacy/laplace2d/laplace2d-numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE jacobi_relax_core
# SOURCE: numba/numba-examples legacy/laplace2d/laplace2d-numba.py @ c423f5419a45, line 11
# RUN: jacobi_relax_core (np.eye(32), np.zeros((32, 32)))
@jit
def jacobi_relax_core(A, Anew):
    error = 0.0
    n = A.shape[0]
    m = A.shape[1]
    for j in range(1, n - 1):
        for i in range(1, m - 1):
            Anew[j, i] = 0.25 * ( A[j, i + 1] + A[j, i - 1] \
                                + A[j - 1, i] + A[j + 1, i])
            error = max(error, abs(Anew[j, i] - A[j, i]))
    return error
