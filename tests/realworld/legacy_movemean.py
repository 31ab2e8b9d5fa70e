# Real Numba code from numba/numba-examples legacy/movemean.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's function.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import guvectorize

# === CASE move_mean
# SOURCE: numba/numba-examples legacy/movemean.py @ c423f5419a45, line 10
# RUN: move_mean (np.arange(20, dtype=np.float64).reshape(2, 10), 3)
@guvectorize(['void(float64[:], intp[:], float64[:])'], '(n),()->(n)')
def move_mean(a, window_arr, out):
    window_width = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window_width):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window_width, len(a)):
        asum += a[i] - a[i - window_width]
        out[i] = asum / count
