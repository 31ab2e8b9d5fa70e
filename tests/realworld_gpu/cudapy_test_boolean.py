# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_boolean.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda

# === CASE boolean_func
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_boolean.py @ b18b944b2f88, test: TestCudaBoolean.test_boolean
# KERNEL: func void(float64[:], bool_)
# RUN: grid=1 block=1 args=np.zeros(1), True
def boolean_func(A, vertial):
    if vertial:
        A[0] = 123
    else:
        A[0] = 321

func = cuda.jit("void(float64[:], bool_)")(boolean_func)
