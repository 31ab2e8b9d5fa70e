# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex_kernel.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda

# === CASE foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex_kernel.py @ b18b944b2f88, test: TestCudaComplex.test_cuda_complex_arg
# KERNEL: foo void(complex128[:], complex128)
# RUN: grid=1 block=4 args=np.arange(4, dtype=np.complex128) * (1 + 2j), 3 - 1j
@cuda.jit("void(complex128[:], complex128)")
def foo(a, b):
    i = cuda.grid(1)
    a[i] += b
