# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_ufunc.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda

# === CASE f
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_ufunc.py @ b18b944b2f88, test: TestUFunc.test_ex_cuda_ufunc_call
# KERNEL: f void(float32[::1], float32[::1])
# RUN: grid=1 block=1 args=np.zeros(10, np.float32), np.arange(10, dtype=np.float32) - 5
@cuda.jit
def f(r, x):
    # Compute sin(x) with result written to r
    np.sin(x, r)
