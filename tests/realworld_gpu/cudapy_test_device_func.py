# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_device_func.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import float32, int32, types

# === CASE rgba_caller
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_device_func.py @ b18b944b2f88, test: TestDeviceFunc.test_device_casting
# KERNEL: rgba_caller void(uint32[::1], uint8[::1])
# RUN: grid=1 block=1 args=np.zeros(1, np.uint32), np.array([1, 2, 3, 4], np.uint8)
@cuda.jit("int32(int32, int32, int32, int32)", device=True)
def rgba(r, g, b, a):
    return (
        ((r & 0xFF) << 16)
        | ((g & 0xFF) << 8)
        | ((b & 0xFF) << 0)
        | ((a & 0xFF) << 24)
    )

@cuda.jit
def rgba_caller(x, channels):
    x[0] = rgba(channels[0], channels[1], channels[2], channels[3])

# === CASE add_kernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_device_func.py @ b18b944b2f88, test: TestDeviceFunc._check_cpu_dispatcher
# KERNEL: add_kernel void(float64[::1])
# RUN: grid=1 block=32 args=np.arange(10, dtype=np.float64)
@jit
def add(a, b):
    return a + b

@cuda.jit
def add_kernel(ary):
    i = cuda.grid(1)
    ary[i] = add(ary[i], 1)
