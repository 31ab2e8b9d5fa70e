# Real kernels from NVIDIA/numba-cuda docs/source/user/random.rst ("A simple example") at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (the example's host code left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
from __future__ import print_function, absolute_import
from numba import cuda
from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32
import numpy as np

# === CASE compute_pi
# SOURCE: NVIDIA/numba-cuda docs/source/user/random.rst @ b18b944b2f88, section: A simple example
# KERNEL: compute_pi void(uint64[:, ::1], int64, float32[::1])
# RUN: grid=24 block=64 args=xoroshiro128p_states(64 * 24, seed=1), 10000, np.zeros(64 * 24, np.float32)
@cuda.jit
def compute_pi(rng_states, iterations, out):
    """Find the maximum value in values and store in result[0]"""
    thread_id = cuda.grid(1)

    # Compute pi by drawing random (x, y) points and finding what
    # fraction lie inside a unit circle
    inside = 0
    for i in range(iterations):
        x = xoroshiro128p_uniform_float32(rng_states, thread_id)
        y = xoroshiro128p_uniform_float32(rng_states, thread_id)
        if x**2 + y**2 <= 1.0:
            inside += 1

    out[thread_id] = 4.0 * inside / iterations
