# Real Numba code from numba/numba-examples legacy/sum.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the function and the lines that compile it.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import double
from numba import jit

# === CASE jitsum2d
# SOURCE: numba/numba-examples legacy/sum.py @ c423f5419a45, line 7
# RUN: jitsum2d np.arange(100.0).reshape(10, 10)
def sum2d(arr):
    M, N = arr.shape
    result = 0.0
    for i in range(M):
        for j in range(N):
            result += arr[i,j]
    return result

jitsum2d = jit(sum2d)
