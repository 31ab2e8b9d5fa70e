# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_matmul.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
from numba import cuda
from numba.cuda import float32
import numpy as np
import math
TPB = 16

# === CASE matmul
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_matmul.py @ b18b944b2f88, test: test_matmul
# KERNEL: matmul void(float64[:, ::1], float64[:, ::1], float64[:, ::1])
# RUN: grid=2,2 block=16,16 args=np.arange(32 * 32, dtype=np.float64).reshape(32, 32) % 7, np.arange(32 * 32, dtype=np.float64).reshape(32, 32) % 5, np.zeros((32, 32))
@cuda.jit
def matmul(A, B, C):
    """Perform square matrix multiplication of C = A * B."""
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.0
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        C[i, j] = tmp

# === CASE fast_matmul
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_matmul.py @ b18b944b2f88, test: test_matmul
# KERNEL: fast_matmul void(float32[:, ::1], float32[:, ::1], float32[:, ::1])
# RUN: grid=2,2 block=16,16 args=(np.arange(32 * 32).reshape(32, 32) % 7).astype(np.float32), (np.arange(32 * 32).reshape(32, 32) % 5).astype(np.float32), np.zeros((32, 32), np.float32)
@cuda.jit
def fast_matmul(A, B, C):
    """
    Perform matrix multiplication of C = A * B using CUDA shared memory.

    Reference: https://stackoverflow.com/a/64198479/13697228 by @RobertCrovella
    """
    # Define an array in the shared memory
    # The size and type of the arrays must be known at compile time
    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)

    x, y = cuda.grid(2)

    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bpg = cuda.gridDim.x  # blocks per grid

    # Each thread computes one element in the result matrix.
    # The dot product is chunked into dot products of TPB-long vectors.
    tmp = float32(0.0)
    for i in range(bpg):
        # Preload data into shared memory
        sA[ty, tx] = 0
        sB[ty, tx] = 0
        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
            sA[ty, tx] = A[y, tx + i * TPB]
        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
            sB[ty, tx] = B[ty + i * TPB, x]

        # Wait until all threads finish preloading
        cuda.syncthreads()

        # Computes partial product on the shared memory
        for j in range(TPB):
            tmp += sA[ty, j] * sB[j, tx]

        # Wait until all threads finish computing
        cuda.syncthreads()
    if y < C.shape[0] and x < C.shape[1]:
        C[y, x] = tmp
