# Real Numba code from numba/numba-benchmark benchmarks/bench_laplace.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernel, dedented from setup(), with the module constants it uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit
# (lines 12-16 of the source:)

dx = 0.1
dy = 0.1
dx2 = (dx * dx)
dy2 = (dy * dy)

# === CASE laplace
# SOURCE: numba/numba-benchmark benchmarks/bench_laplace.py @ 6d682a7f849d, line 24
# RUN: laplace (20, 10)
@jit(nopython=True)
def laplace(N, Niter):
    u = np.zeros((N, N))
    u[0] = 1
    for i in range(Niter):
        u[1:(-1), 1:(-1)] = ((((u[2:, 1:(-1)] + u[:(-2), 1:(-1)]) * dy2) +
                            ((u[1:(-1), 2:] + u[1:(-1), :(-2)]) * dx2))
                            / (2 * (dx2 + dy2)))
    return u
