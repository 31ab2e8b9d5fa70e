# Real Numba code from rapidsai/cuml python/cuml/cuml/neighbors/kernel_density.py at commit 53c92375c5d17c2711ced4db4cee05195afe419b
# (Apache-2.0, Copyright (c) 2022-2025, NVIDIA CORPORATION), copied unchanged: the kernel of the module (replaced in
# "Accelerate KernelDensity.score_samples" #7219, so taken from its parent commit). Left out of the prelude:
# cupy, cupyx and cuml imports, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

import math

import numpy as np
from numba import cuda


# === CASE logsumexp_kernel
# SOURCE: rapidsai/cuml python/cuml/cuml/neighbors/kernel_density.py @ 53c92375c5d1, line 138
# KERNEL: logsumexp_kernel void(float64[:, ::1], float64[::1])
# RUN: grid=2 block=16 args=-np.linspace(0.0, 40.0, 600).reshape(20, 30) ** 1.5 / 7.0, np.zeros(20)
@cuda.jit()
def logsumexp_kernel(distances, log_probabilities):
    i = cuda.grid(1)
    if i >= log_probabilities.size:
        return
    max_exp = distances[i, 0]
    for j in range(1, distances.shape[1]):
        if distances[i, j] > max_exp:
            max_exp = distances[i, j]
    sum = 0.0
    for j in range(0, distances.shape[1]):
        sum += math.exp(distances[i, j] - max_exp)
    log_probabilities[i] = math.log(sum) + max_exp
