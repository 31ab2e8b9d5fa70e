# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_array.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda, types

# === CASE kernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_array.py @ b18b944b2f88, test: TestCudaArray.test_gpu_array_strided
# KERNEL: kernel void(double[:])
# RUN: grid=1 block=10 args=np.zeros(10)
@cuda.jit("void(double[:])")
def kernel(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = i

# === CASE copykernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_array.py @ b18b944b2f88, test: TestCudaArray.test_gpu_array_interleaved
# KERNEL: copykernel void(double[:], double[:])
# RUN: grid=1 block=10 args=np.arange(10, dtype=np.float64), np.zeros(10)
@cuda.jit("void(double[:], double[:])")
def copykernel(x, y):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = i
        y[i] = i
