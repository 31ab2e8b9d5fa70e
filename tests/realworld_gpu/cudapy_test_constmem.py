# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import complex64, int32, float64
CONST_EMPTY = np.array([])
CONST1D = np.arange(10, dtype=np.float64) / 2.0
CONST2D = np.asfortranarray(np.arange(100, dtype=np.int32).reshape(10, 10))
CONST3BYTES = np.arange(3, dtype=np.uint8)
CONST3D = (np.arange(5 * 5 * 5, dtype=np.complex64).reshape(5, 5, 5) + 1j) / 2j

# === CASE cuconstEmpty
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py @ b18b944b2f88, test: TestCudaConstantMemory.test_const_empty
# KERNEL: jcuconstEmpty void(int64[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.int64)
def cuconstEmpty(A):
    C = cuda.const.array_like(CONST_EMPTY)
    i = cuda.grid(1)
    A[i] = len(C)

jcuconstEmpty = cuda.jit("void(int64[:])")(cuconstEmpty)

# === CASE cuconst
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py @ b18b944b2f88, test: TestCudaConstantMemory.test_const_array
# KERNEL: jcuconst void(float64[:])
# RUN: grid=2 block=5 args=np.zeros(10)
def cuconst(A):
    C = cuda.const.array_like(CONST1D)
    i = cuda.grid(1)

    # +1 or it'll be loaded & stored as a u32
    A[i] = C[i] + 1.0

sig = (float64[:],)

jcuconst = cuda.jit(sig)(cuconst)

# === CASE cuconst2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py @ b18b944b2f88, test: TestCudaConstantMemory.test_const_array_2d
# KERNEL: jcuconst2d void(int32[:, :])
# RUN: grid=2,2 block=5,5 args=np.zeros((10, 10), np.int32)
def cuconst2d(A):
    C = cuda.const.array_like(CONST2D)
    i, j = cuda.grid(2)
    A[i, j] = C[i, j]

sig = (int32[:, :],)

jcuconst2d = cuda.jit(sig)(cuconst2d)

# === CASE cuconst3d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py @ b18b944b2f88, test: TestCudaConstantMemory.test_const_array_3d
# OUT-OF-SCOPE: a module-level complex constant array (jitc computes complex NumPy constants not yet)
# KERNEL: jcuconst3d void(complex64[:, :, :])
# RUN: grid=1 block=5,5,5 args=np.zeros((5, 5, 5), dtype=np.complex64, order="F")
def cuconst3d(A):
    C = cuda.const.array_like(CONST3D)
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z
    A[i, j, k] = C[i, j, k]

sig = (complex64[:, :, :],)

jcuconst3d = cuda.jit(sig)(cuconst3d)

# === CASE cuconstAlign
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_constmem.py @ b18b944b2f88, test: TestCudaConstantMemory.test_const_align
# KERNEL: jcuconstAlign void(float64[:])
# RUN: grid=1 block=3 args=np.zeros(3)
def cuconstAlign(z):
    a = cuda.const.array_like(CONST3BYTES)
    b = cuda.const.array_like(CONST1D)
    i = cuda.grid(1)
    z[i] = a[i] + b[i]

jcuconstAlign = cuda.jit("void(float64[:])")(cuconstAlign)
