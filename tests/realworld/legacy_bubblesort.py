# Real Numba code from numba/numba-examples legacy/bubblesort.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the function and the line that compiles it.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE bubblesort_fast
# SOURCE: numba/numba-examples legacy/bubblesort.py @ c423f5419a45, line 12
# RUN: bubblesort_fast np.array(list(reversed(range(50))), dtype=np.int64)
def bubblesort(X):
    N = X.shape[0]
    for end in range(N, 1, -1):
        for i in range(end - 1):
            if X[i] > X[i + 1]:
                X[i], X[i + 1] = X[i + 1], X[i]

bubblesort_fast = jit(nopython=True)(bubblesort)
