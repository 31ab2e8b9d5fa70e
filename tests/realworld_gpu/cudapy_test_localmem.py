# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_localmem.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import int32, complex128, void

# === CASE local_numba_dtype
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_localmem.py @ b18b944b2f88, test: TestCudaLocalMem.test_numba_dtype
# KERNEL: f void(int32[::1])
# RUN: grid=1 block=1 args=np.zeros(3, np.int32)
@cuda.jit(void(int32[::1]))
def f(x):
    l = cuda.local.array(10, dtype=int32)
    l[0] = x[0]
    x[0] = l[0]

# === CASE local_numpy_dtype
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_localmem.py @ b18b944b2f88, test: TestCudaLocalMem.test_numpy_dtype
# KERNEL: f void(int32[::1])
# RUN: grid=1 block=1 args=np.zeros(3, np.int32)
@cuda.jit(void(int32[::1]))
def f(x):
    l = cuda.local.array(10, dtype=np.int32)
    l[0] = x[0]
    x[0] = l[0]

# === CASE local_string_dtype
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_localmem.py @ b18b944b2f88, test: TestCudaLocalMem.test_string_dtype
# KERNEL: f void(int32[::1])
# RUN: grid=1 block=1 args=np.zeros(3, np.int32)
@cuda.jit(void(int32[::1]))
def f(x):
    l = cuda.local.array(10, dtype="int32")
    l[0] = x[0]
    x[0] = l[0]
