# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_minmax.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import float64

# === CASE builtin_max
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_minmax.py @ b18b944b2f88, test: TestCudaMinMax.test_max_f8f8
# KERNEL: kernel void(float64[:], float32[:], float64[:])
# RUN: grid=1 block=8 args=np.linspace(-3, 3, 8), np.linspace(3, -3, 8).astype(np.float32), np.zeros(8)
def builtin_max(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(max(A[i], B[i]))

kernel = cuda.jit(builtin_max)


# === CASE builtin_min
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_minmax.py @ b18b944b2f88, test: TestCudaMinMax.test_min_f8f8
# KERNEL: kernel void(float64[:], float64[:], float64[:])
# RUN: grid=1 block=8 args=np.linspace(-3, 3, 8), np.linspace(3, -3, 8), np.zeros(8)
def builtin_min(A, B, C):
    i = cuda.grid(1)

    if i >= len(C):
        return

    C[i] = float64(min(A[i], B[i]))

kernel = cuda.jit(builtin_min)

