# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba.cuda import void, int32, float32, float64
from numba.cuda import guvectorize
from numba import cuda

# === CASE copy
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestCUDAGufunc.test_copy
# KERNEL: copy void(float32[:], float32[:])
@guvectorize([void(float32[:], float32[:])], "(x)->(x)", target="cuda")
def copy(A, B):
    for i in range(B.size):
        B[i] = A[i]

# === CASE copy2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestCUDAGufunc.test_copy2d
# KERNEL: copy2d void(float32[:, :], float32[:, :])
@guvectorize(
    [void(float32[:, :], float32[:, :])],
    "(x, y)->(x, y)",
    target="cuda",
)
def copy2d(A, B):
    for x in range(B.shape[0]):
        for y in range(B.shape[1]):
            B[x, y] = A[x, y]

# === CASE numba_dist_cuda2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestCUDAGufunc.test_efficient_launch_configuration
# KERNEL: numba_dist_cuda2 void(float32[:], float32[:], float32[:])
@guvectorize(
    ["void(float32[:], float32[:], float32[:])"],
    "(n),(n)->(n)",
    nopython=True,
    target="cuda",
)
def numba_dist_cuda2(a, b, dist):
    len = a.shape[0]
    for i in range(len):
        dist[i] = a[i] * b[i]

# === CASE gu_reduce
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestCUDAGufunc.check_tuple_arg
# KERNEL: gu_reduce void(float64[:], float64[:], float64[:])
@guvectorize(
    [(float64[:], float64[:], float64[:])], "(n),(n)->()", target="cuda"
)
def gu_reduce(x, y, r):
    s = 0
    for i in range(len(x)):
        s += x[i] * y[i]
    r[0] = s

# === CASE copy_and_double
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestMultipleOutputs.test_multiple_outputs_distinct_values
# KERNEL: copy_and_double void(float32[:], float32[:], float32[:])
@guvectorize(
    [void(float32[:], float32[:], float32[:])],
    "(x)->(x),(x)",
    target="cuda",
)
def copy_and_double(A, B, C):
    for i in range(B.size):
        B[i] = A[i]
        C[i] = A[i] * 2

# === CASE copy_and_multiply
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_gufunc.py @ b18b944b2f88, test: TestMultipleOutputs.test_multiple_output_dtypes
# KERNEL: copy_and_multiply void(int32[:], int32[:], float64[:])
@guvectorize(
    [void(int32[:], int32[:], float64[:])],
    "(x)->(x),(x)",
    target="cuda",
)
def copy_and_multiply(A, B, C):
    for i in range(B.size):
        B[i] = A[i]
        C[i] = A[i] * 1.5
