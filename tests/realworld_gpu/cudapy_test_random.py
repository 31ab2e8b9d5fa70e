# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_random.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import math
import numpy as np
from numba import cuda
from numba.cuda.random import (
    xoroshiro128p_uniform_float32,
    xoroshiro128p_normal_float32,
    xoroshiro128p_uniform_float64,
    xoroshiro128p_normal_float64,
)


# Distributions
UNIFORM = 1
NORMAL = 2

# === CASE rng_kernel_float32
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_random.py @ b18b944b2f88, test: module level
# KERNEL: rng_kernel_float32 void(uint64[:, ::1], float32[::1], int64, int64)
# RUN: grid=2 block=32 args=xoroshiro128p_states(64, seed=1), np.zeros(2 * 32 * 32, np.float32), 32, 2
@cuda.jit
def rng_kernel_float32(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float32(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float32(states, thread_id)

# === CASE rng_kernel_float64
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_random.py @ b18b944b2f88, test: module level
# KERNEL: rng_kernel_float64 void(uint64[:, ::1], float64[::1], int64, int64)
# RUN: grid=2 block=32 args=xoroshiro128p_states(64, seed=1), np.zeros(2 * 32 * 32, np.float64), 32, 2
@cuda.jit
def rng_kernel_float64(states, out, count, distribution):
    thread_id = cuda.grid(1)

    for i in range(count):
        idx = thread_id * count + i

        if distribution == UNIFORM:
            out[idx] = xoroshiro128p_uniform_float64(states, thread_id)
        elif distribution == NORMAL:
            out[idx] = xoroshiro128p_normal_float64(states, thread_id)
