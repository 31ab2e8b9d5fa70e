# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
# The prelude is the test's import block (ex_montecarlo.import) and the function its launch block
# (ex_montecarlo.launch) defines for the kernel to integrate, dedented.
import numba
import numpy as np
from numba import cuda
from numba.cuda.random import (
    create_xoroshiro128p_states,
    xoroshiro128p_uniform_float32,
)


@numba.jit
def func(x):
    return 1.0 / x


# === CASE mc_integrator_kernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py @ b18b944b2f88, test: TestMonteCarlo.test_ex_montecarlo
# KERNEL: mc_integrator_kernel void(float32[::1], uint64[:, ::1], int64, int64)
# RUN: grid=391 block=256 args=np.zeros(100000, np.float32), xoroshiro128p_states(100000, seed=42), 1, 2
@cuda.jit
def mc_integrator_kernel(out, rng_states, lower_lim, upper_lim):
    """
    kernel to draw random samples and evaluate the function to
    be integrated at those sample values
    """
    size = len(out)

    gid = cuda.grid(1)
    if gid < size:
        # draw a sample between 0 and 1 on this thread
        samp = xoroshiro128p_uniform_float32(rng_states, gid)

        # normalize this sample to the limit range
        samp = samp * (upper_lim - lower_lim) + lower_lim

        # evaluate the function to be
        # integrated at the normalized
        # value of the sample
        y = func(samp)
        out[gid] = y
