# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import math
import numpy as np
from numba import cuda
from numba.cuda import float64, int8, int32, void

# === CASE cu_mat_power
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py @ b18b944b2f88, test: TestCudaPowi.test_powi
# KERNEL: kernel void(float64[:, :], int8, float64[:, :])
# RUN: grid=1 block=4,4 args=np.arange(16, dtype=np.float64).reshape(4, 4), np.int8(3), np.zeros((4, 4))
def cu_mat_power(A, power, power_A):
    y, x = cuda.grid(2)

    m, n = power_A.shape
    if x >= n or y >= m:
        return

    power_A[y, x] = math.pow(A[y, x], int32(power))

dec = cuda.jit(void(float64[:, :], int8, float64[:, :]))
kernel = dec(cu_mat_power)


# === CASE cu_mat_power_binop
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py @ b18b944b2f88, test: TestCudaPowi.test_powi_binop
# KERNEL: kernel void(float64[:, :], int8, float64[:, :])
# RUN: grid=1 block=4,4 args=np.arange(16, dtype=np.float64).reshape(4, 4), np.int8(3), np.zeros((4, 4))
def cu_mat_power_binop(A, power, power_A):
    y, x = cuda.grid(2)

    m, n = power_A.shape
    if x >= n or y >= m:
        return

    power_A[y, x] = A[y, x] ** power

dec = cuda.jit(void(float64[:, :], int8, float64[:, :]))
kernel = dec(cu_mat_power_binop)


# === CASE vec_pow
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py @ b18b944b2f88, test: TestCudaPowi.test_cpow_complex64_pow
# KERNEL: cfunc void(float64[:], float64[:], int32[:])
# RUN: grid=1 block=8 args=np.zeros(8), np.linspace(1, 2, 8), np.arange(8, dtype=np.int32)
def vec_pow(r, x, y):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = pow(x[i], y[i])

cfunc = cuda.jit(vec_pow)


# === CASE vec_pow_binop
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py @ b18b944b2f88, test: TestCudaPowi.test_cpow_complex64_binop
# KERNEL: cfunc void(float64[:], float64[:], int32[:])
# RUN: grid=1 block=8 args=np.zeros(8), np.linspace(1, 2, 8), np.arange(8, dtype=np.int32)
def vec_pow_binop(r, x, y):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = x[i] ** y[i]

cfunc = cuda.jit(vec_pow_binop)


# === CASE vec_pow_inplace_binop
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_powi.py @ b18b944b2f88, test: TestCudaPowi._test_cpow_inplace_binop
# KERNEL: cfunc void(float64[:], int32[:])
# RUN: grid=1 block=8 args=np.linspace(1, 2, 8), np.arange(8, dtype=np.int32)
def vec_pow_inplace_binop(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] **= x[i]

cfunc = cuda.jit(vec_pow_inplace_binop)
