# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda, errors
from numba.cuda import int32, int64, float32, float64

# === CASE useful_syncwarp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_useful_syncwarp
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.int32)
def useful_syncwarp(ary):
    i = cuda.grid(1)
    if i == 0:
        ary[0] = 42
    cuda.syncwarp(0xFFFFFFFF)
    ary[i] = ary[0]

compiled = cuda.jit("void(int32[:])")(useful_syncwarp)

# === CASE use_shfl_sync_idx
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_shfl_sync_idx
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=32 args=np.zeros(32, np.int32), np.int32(4)
def use_shfl_sync_idx(ary, idx):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, i, idx)
    ary[i] = val

compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_idx)

# === CASE use_shfl_sync_up
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_shfl_sync_up
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=32 args=np.zeros(32, np.int32), np.int32(5)
def use_shfl_sync_up(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_up_sync(0xFFFFFFFF, i, delta)
    ary[i] = val

compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_up)

# === CASE use_shfl_sync_down
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_shfl_sync_down
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=32 args=np.zeros(32, np.int32), np.int32(5)
def use_shfl_sync_down(ary, delta):
    i = cuda.grid(1)
    val = cuda.shfl_down_sync(0xFFFFFFFF, i, delta)
    ary[i] = val

compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_down)

# === CASE use_shfl_sync_xor
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_shfl_sync_xor
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=32 args=np.zeros(32, np.int32), np.int32(16)
def use_shfl_sync_xor(ary, xor):
    i = cuda.grid(1)
    val = cuda.shfl_xor_sync(0xFFFFFFFF, i, xor)
    ary[i] = val

compiled = cuda.jit("void(int32[:], int32)")(use_shfl_sync_xor)

# === CASE use_shfl_sync_with_val
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_shfl_sync_types
# KERNEL: use_shfl_sync_with_val void(int32[:], int32)
# RUN: grid=1 block=32 args=np.zeros(32, np.int32), np.int32(42)
def use_shfl_sync_with_val(ary, into):
    i = cuda.grid(1)
    val = cuda.shfl_sync(0xFFFFFFFF, into, 0)
    ary[i] = val

# === CASE use_vote_sync_all
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_vote_sync_all
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=32 args=np.ones(32, np.int32), np.zeros(32, np.int32)
def use_vote_sync_all(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred

compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_all)

# === CASE use_vote_sync_any
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_vote_sync_any
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=32 args=(np.arange(32) == 5).astype(np.int32), np.zeros(32, np.int32)
def use_vote_sync_any(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred

compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_any)

# === CASE use_vote_sync_eq
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_vote_sync_eq
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=32 args=np.ones(32, np.int32), np.zeros(32, np.int32)
def use_vote_sync_eq(ary_in, ary_out):
    i = cuda.grid(1)
    pred = cuda.eq_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = pred

compiled = cuda.jit("void(int32[:], int32[:])")(use_vote_sync_eq)

# === CASE use_vote_sync_ballot
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_vote_sync_ballot
# KERNEL: compiled void(uint32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.uint32)
def use_vote_sync_ballot(ary):
    i = cuda.threadIdx.x
    ballot = cuda.ballot_sync(0xFFFFFFFF, True)
    ary[i] = ballot

compiled = cuda.jit("void(uint32[:])")(use_vote_sync_ballot)

# === CASE use_match_any_sync
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_match_any_sync
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=32 args=(np.arange(32) % 4).astype(np.int32), np.zeros(32, np.int32)
def use_match_any_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot = cuda.match_any_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot

compiled = cuda.jit("void(int32[:], int32[:])")(use_match_any_sync)

# === CASE use_match_all_sync
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_match_all_sync
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=32 args=np.ones(32, np.int32), np.zeros(32, np.int32)
def use_match_all_sync(ary_in, ary_out):
    i = cuda.grid(1)
    ballot, pred = cuda.match_all_sync(0xFFFFFFFF, ary_in[i])
    ary_out[i] = ballot if pred else 0

compiled = cuda.jit("void(int32[:], int32[:])")(use_match_all_sync)

# === CASE use_independent_scheduling
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_independent_scheduling
# KERNEL: compiled void(uint32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.uint32)
def use_independent_scheduling(arr):
    i = cuda.threadIdx.x
    if i % 4 == 0:
        ballot = cuda.ballot_sync(0x11111111, True)
    elif i % 4 == 1:
        ballot = cuda.ballot_sync(0x22222222, True)
    elif i % 4 == 2:
        ballot = cuda.ballot_sync(0x44444444, True)
    elif i % 4 == 3:
        ballot = cuda.ballot_sync(0x88888888, True)
    arr[i] = ballot

compiled = cuda.jit("void(uint32[:])")(use_independent_scheduling)

# === CASE use_activemask
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_activemask
# KERNEL: use_activemask void(uint32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.uint32)
@cuda.jit
def use_activemask(x):
    i = cuda.grid(1)
    if (i % 2) == 0:
        # Even numbered threads fill in even numbered array entries
        # with binary "...01010101"
        x[i] = cuda.activemask()
    else:
        # Odd numbered threads fill in odd numbered array entries
        # with binary "...10101010"
        x[i] = cuda.activemask()

# === CASE use_lanemask_lt
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_warp_ops.py @ b18b944b2f88, test: TestCudaWarpOperations.test_lanemask_lt
# KERNEL: use_lanemask_lt void(uint32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.uint32)
@cuda.jit
def use_lanemask_lt(x):
    i = cuda.grid(1)
    x[i] = cuda.lanemask_lt()
