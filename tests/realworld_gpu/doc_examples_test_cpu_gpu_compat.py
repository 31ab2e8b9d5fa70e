# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_cpu_gpu_compat.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from math import pi

import numba
from numba import cuda

# === CASE f
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_cpu_gpu_compat.py @ b18b944b2f88, test: TestCpuGpuCompat.test_ex_cpu_gpu_compat
# KERNEL: f void(float64[::1], int64[::1], int64[::1], int64[::1])
# RUN: grid=1 block=32 args=np.zeros(3), np.array([1, 10, 234]), np.array([2, 2, 4014]), np.array([3, 14, 2211])
@numba.jit
def business_logic(x, y, z):
    return 4 * z * (2 * x - (4 * y) / 2 * pi)

@cuda.jit
def f(res, xarr, yarr, zarr):
    tid = cuda.grid(1)
    if tid < len(xarr):
        # The function decorated with numba.jit may be directly reused
        res[tid] = business_logic(xarr[tid], yarr[tid], zarr[tid])
