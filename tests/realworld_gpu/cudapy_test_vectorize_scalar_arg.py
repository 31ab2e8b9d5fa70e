# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_vectorize_scalar_arg.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba.cuda import vectorize
from numba import cuda
from numba.cuda import float64
sig = [float64(float64, float64)]

# === CASE vector_add
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_vectorize_scalar_arg.py @ b18b944b2f88, test: TestCUDAVectorizeScalarArg.test_vectorize_scalar_arg
# KERNEL: vector_add float64(float64, float64)
@vectorize(sig, target="cuda")
def vector_add(a, b):
    return a + b
