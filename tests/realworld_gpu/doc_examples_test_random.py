# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_random.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
# The prelude is the import block of the test (magictoken.ex_3d_grid), dedented.
from numba import cuda
from numba.cuda.random import (
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)
import numpy as np


# === CASE random_3d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_random.py @ b18b944b2f88, test: TestRandom.test_ex_3d_grid
# KERNEL: random_3d void(float32[:, :, ::1], uint64[:, ::1])
# RUN: grid=2,2,2 block=4,4,4 args=np.zeros((37, 45, 29), np.float32), xoroshiro128p_states(512, seed=1)
@cuda.jit
def random_3d(arr, rng_states):
    # Per-dimension thread indices and strides
    startx, starty, startz = cuda.grid(3)
    stridex, stridey, stridez = cuda.gridsize(3)

    # Linearized thread index
    tid = (startz * stridey * stridex) + (starty * stridex) + startx

    # Use strided loops over the array to assign a random value to each entry
    for i in range(startz, arr.shape[0], stridez):
        for j in range(starty, arr.shape[1], stridey):
            for k in range(startx, arr.shape[2], stridex):
                arr[i, j, k] = xoroshiro128p_uniform_float32(
                    rng_states, tid
                )
