# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_lang.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented, with the test's locals they capture; test scaffolding
# left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import float64

# === CASE enumerate_foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_lang.py @ b18b944b2f88, test: TestLang.test_enumerate
# KERNEL: foo void(float64[:])
# RUN: grid=1 block=1 args=np.arange(10, dtype=np.float64)
tup = (1.0, 2.5, 3.0)

@cuda.jit("void(float64[:])")
def foo(a):
    for i, v in enumerate(tup):
        a[i] = v

# === CASE zip_foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_lang.py @ b18b944b2f88, test: TestLang.test_zip
# KERNEL: foo void(float64[:])
# RUN: grid=1 block=1 args=np.arange(10, dtype=np.float64)
t1 = (1, 2, 3)
t2 = (4.5, 5.6, 6.7)

@cuda.jit("void(float64[:])")
def foo(a):
    c = 0
    for i, j in zip(t1, t2):
        c += i + j
    a[0] = c

# === CASE cuda_kernel_api_in_multiple_blocks
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_lang.py @ b18b944b2f88, test: TestLang.test_issue_872
# KERNEL: cuda_kernel_api_in_multiple_blocks void(float64[:,:])
# RUN: grid=1 block=2,3 args=np.zeros((2, 3))
@cuda.jit("void(float64[:,:])")
def cuda_kernel_api_in_multiple_blocks(ary):
    for i in range(2):
        tx = cuda.threadIdx.x
    for j in range(3):
        ty = cuda.threadIdx.y
    sm = cuda.shared.array((2, 3), float64)
    sm[tx, ty] = 1.0
    ary[tx, ty] = sm[tx, ty]
