# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_forall.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda

# === CASE foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_forall.py @ b18b944b2f88, test: module level
# KERNEL: foo void(int64[::1])
# RUN: grid=4 block=32 args=np.arange(100)
@cuda.jit
def foo(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] += 1

# === CASE bar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_forall.py @ b18b944b2f88, test: TestForAll.test_forall_2
# KERNEL: bar void(float32, float32[:], float32[:])
# RUN: grid=4 block=32 args=np.float32(2.5), np.arange(100, dtype=np.float32), np.ones(100, np.float32)
@cuda.jit("void(float32, float32[:], float32[:])")
def bar(a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        y[i] = a * x[i] + y[i]
