# Real Numba code from Maghoumi/pytorch-softdtw-cuda soft_dtw_cuda.py at commit fbedc3b655bb7a60c0b111621ddef910e9b6e5ef
# (MIT, Copyright (c) 2020 Mehran Maghoumi), copied unchanged: the module's two kernels (its two @jit host
# functions are not GPU code). The prelude has the module's imports but torch's (not installed here; the
# kernels do not reach it).
# Each case is compiled by run.sh as this prelude followed by the case alone.

import numpy as np
from numba import jit, prange
from numba import cuda
import math


# === CASE compute_softdtw_cuda
# SOURCE: Maghoumi/pytorch-softdtw-cuda soft_dtw_cuda.py @ fbedc3b655bb, line 33
# KERNEL: compute_softdtw_cuda void(float32[:, :, ::1], float64, float64, int64, int64, int64, float32[:, :, ::1])
# RUN: grid=2 block=5 args=np.random.default_rng(0).random((2, 5, 4)).astype(np.float32), 1.0, 0.0, 5, 4, 9, np.tile(np.where(np.arange(42).reshape(7, 6) == 0, 0.0, np.inf).astype(np.float32), (2, 1, 1))
@cuda.jit
def compute_softdtw_cuda(D, gamma, bandwidth, max_i, max_j, n_passes, R):
    """
    :param seq_len: The length of the sequence (both inputs are assumed to be of the same size)
    :param n_passes: 2 * seq_len - 1 (The number of anti-diagonals)
    """
    # Each block processes one pair of examples
    b = cuda.blockIdx.x
    # We have as many threads as seq_len, because the most number of threads we need
    # is equal to the number of elements on the largest anti-diagonal
    tid = cuda.threadIdx.x

    # Compute I, J, the indices from [0, seq_len)

    # The row index is always the same as tid
    I = tid

    inv_gamma = 1.0 / gamma

    # Go over each anti-diagonal. Only process threads that fall on the current on the anti-diagonal
    for p in range(n_passes):

        # The index is actually 'p - tid' but need to force it in-bounds
        J = max(0, min(p - tid, max_j - 1))

        # For simplicity, we define i, j which start from 1 (offset from I, J)
        i = I + 1
        j = J + 1

        # Only compute if element[i, j] is on the current anti-diagonal, and also is within bounds
        if I + J == p and (I < max_i and J < max_j):
            # Don't compute if outside bandwidth
            if not (abs(i - j) > bandwidth > 0):
                r0 = -R[b, i - 1, j - 1] * inv_gamma
                r1 = -R[b, i - 1, j] * inv_gamma
                r2 = -R[b, i, j - 1] * inv_gamma
                rmax = max(max(r0, r1), r2)
                rsum = math.exp(r0 - rmax) + math.exp(r1 - rmax) + math.exp(r2 - rmax)
                softmin = -gamma * (math.log(rsum) + rmax)
                R[b, i, j] = D[b, i - 1, j - 1] + softmin

        # Wait for other threads in this block
        cuda.syncthreads()


# === CASE compute_softdtw_backward_cuda
# SOURCE: Maghoumi/pytorch-softdtw-cuda soft_dtw_cuda.py @ fbedc3b655bb, line 78
# KERNEL: compute_softdtw_backward_cuda void(float32[:, :, ::1], float32[:, :, ::1], float64, float64, int64, int64, int64, float32[:, :, ::1])
# RUN: grid=2 block=5 args=np.pad(np.random.default_rng(0).random((2, 5, 4)).astype(np.float32), ((0, 0), (1, 1), (1, 1))), np.tile(np.where((np.arange(7)[:, None] == 6) & (np.arange(6) == 5), 2.7, np.where((np.arange(7)[:, None] == 6) | (np.arange(6) == 5), -np.inf, np.add.outer(np.arange(7), np.arange(6)) * 0.3)).astype(np.float32), (2, 1, 1)), 1.0, 2.0, 5, 4, 9, np.tile((np.arange(42).reshape(7, 6) == 41).astype(np.float32), (2, 1, 1))
@cuda.jit
def compute_softdtw_backward_cuda(D, R, inv_gamma, bandwidth, max_i, max_j, n_passes, E):
    k = cuda.blockIdx.x
    tid = cuda.threadIdx.x

    # Indexing logic is the same as above, however, the anti-diagonal needs to
    # progress backwards
    I = tid

    for p in range(n_passes):
        # Reverse the order to make the loop go backward
        rev_p = n_passes - p - 1

        # convert tid to I, J, then i, j
        J = max(0, min(rev_p - tid, max_j - 1))

        i = I + 1
        j = J + 1

        # Only compute if element[i, j] is on the current anti-diagonal, and also is within bounds
        if I + J == rev_p and (I < max_i and J < max_j):

            if math.isinf(R[k, i, j]):
                R[k, i, j] = -math.inf

            # Don't compute if outside bandwidth
            if not (abs(i - j) > bandwidth > 0):
                a = math.exp((R[k, i + 1, j] - R[k, i, j] - D[k, i + 1, j]) * inv_gamma)
                b = math.exp((R[k, i, j + 1] - R[k, i, j] - D[k, i, j + 1]) * inv_gamma)
                c = math.exp((R[k, i + 1, j + 1] - R[k, i, j] - D[k, i + 1, j + 1]) * inv_gamma)
                E[k, i, j] = E[k, i + 1, j] * a + E[k, i, j + 1] * b + E[k, i + 1, j + 1] * c

        # Wait for other threads in this block
        cuda.syncthreads()
