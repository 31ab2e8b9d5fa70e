# Real Numba code from numba/numba-benchmark benchmarks/bench_gameoflife.py at commit 6d682a7f849d5e92e2f33ec425e83d72dcc9a5ab
# (BSD-2-Clause, Copyright (c) 2015, Continuum Analytics, Inc.), copied unchanged: the kernels, dedented from setup().
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE numba_life_step
# SOURCE: numba/numba-benchmark benchmarks/bench_gameoflife.py @ 6d682a7f849d, line 27
# RUN: numba_life_step np.random.RandomState(0).random_sample((30, 20)) > 0.5
@jit(nopython=True)
def wrap(k, max_k):
    if k == -1:
        return max_k - 1
    elif k == max_k:
        return 0
    else:
        return k

@jit(nopython=True)
def increment_neighbors(i, j, neighbors):
    ni, nj = neighbors.shape
    for delta_i in (-1, 0, 1):
        neighbor_i = wrap(i + delta_i, ni)
        for delta_j in (-1, 0, 1):
            if delta_i != 0 or delta_j != 0:
                neighbor_j = wrap(j + delta_j, nj)
                neighbors[neighbor_i, neighbor_j] += 1

@jit
def numba_life_step(X):
    # Compute # of live neighbours per cell
    neighbors = np.zeros_like(X, dtype=np.int8)
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            if X[i,j]:
                increment_neighbors(i, j, neighbors)
    # Return next iteration of the game state
    return (neighbors == 3) | (X & (neighbors == 2))
