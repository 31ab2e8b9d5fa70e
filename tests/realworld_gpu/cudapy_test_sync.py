# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import int32, float32

# === CASE useless_syncthreads
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_useless_syncthreads
# KERNEL: compiled void(int32[::1])
# RUN: grid=1 block=32 args=np.zeros(32, np.int32)
def useless_syncthreads(ary):
    i = cuda.grid(1)
    cuda.syncthreads()
    ary[i] = i

compiled = cuda.jit("void(int32[::1])")(useless_syncthreads)


# === CASE useless_syncwarp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_useless_syncwarp
# KERNEL: compiled void(int32[::1])
# RUN: grid=1 block=32 args=np.zeros(32, np.int32)
def useless_syncwarp(ary):
    i = cuda.grid(1)
    cuda.syncwarp()
    ary[i] = i

compiled = cuda.jit("void(int32[::1])")(useless_syncwarp)


# === CASE useless_syncwarp_with_mask
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_useless_syncwarp_with_mask
# KERNEL: compiled void(int32[::1])
# RUN: grid=1 block=16 args=np.zeros(16, np.int32)
def useless_syncwarp_with_mask(ary):
    i = cuda.grid(1)
    cuda.syncwarp(0xFFFF)
    ary[i] = i

compiled = cuda.jit("void(int32[::1])")(useless_syncwarp_with_mask)


# === CASE coop_syncwarp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_coop_syncwarp
# KERNEL: compiled void(int32[::1])
# RUN: grid=1 block=32 args=np.zeros(1, np.int32)
def coop_syncwarp(res):
    sm = cuda.shared.array(32, int32)
    i = cuda.grid(1)

    sm[i] = i
    cuda.syncwarp()

    if i < 16:
        sm[i] = sm[i] + sm[i + 16]
        cuda.syncwarp(0xFFFF)

    if i < 8:
        sm[i] = sm[i] + sm[i + 8]
        cuda.syncwarp(0xFF)

    if i < 4:
        sm[i] = sm[i] + sm[i + 4]
        cuda.syncwarp(0xF)

    if i < 2:
        sm[i] = sm[i] + sm[i + 2]
        cuda.syncwarp(0x3)

    if i == 0:
        res[0] = sm[0] + sm[1]

compiled = cuda.jit("void(int32[::1])")(coop_syncwarp)

# === CASE simple_smem
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_simple_smem
# KERNEL: compiled void(int32[::1])
# RUN: grid=1 block=100 args=np.zeros(100, np.int32)
def simple_smem(ary):
    N = 100
    sm = cuda.shared.array(N, int32)
    i = cuda.grid(1)
    if i == 0:
        for j in range(N):
            sm[j] = j
    cuda.syncthreads()
    ary[i] = sm[i]

compiled = cuda.jit("void(int32[::1])")(simple_smem)

# === CASE coop_smem2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_coop_smem2d
# KERNEL: compiled void(float32[:,::1])
# RUN: grid=1 block=10,20 args=np.zeros((10, 20), np.float32)
def coop_smem2d(ary):
    i, j = cuda.grid(2)
    sm = cuda.shared.array((10, 20), float32)
    sm[i, j] = (i + 1) / (j + 1)
    cuda.syncthreads()
    ary[i, j] = sm[i, j]

compiled = cuda.jit("void(float32[:,::1])")(coop_smem2d)

# === CASE use_threadfence
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_threadfence_codegen
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.int32)
def use_threadfence(ary):
    ary[0] += 123
    cuda.threadfence()
    ary[0] += 321

sig = (int32[:],)

compiled = cuda.jit(sig)(use_threadfence)

# === CASE use_threadfence_block
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_threadfence_block_codegen
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.int32)
def use_threadfence_block(ary):
    ary[0] += 123
    cuda.threadfence_block()
    ary[0] += 321

sig = (int32[:],)

compiled = cuda.jit(sig)(use_threadfence_block)

# === CASE use_threadfence_system
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync.test_threadfence_system_codegen
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.int32)
def use_threadfence_system(ary):
    ary[0] += 123
    cuda.threadfence_system()
    ary[0] += 321

sig = (int32[:],)

compiled = cuda.jit(sig)(use_threadfence_system)

# === CASE use_syncthreads_count
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync._test_syncthreads_count
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=64 args=(np.arange(64) % 3 == 0).astype(np.int32), np.zeros(64, np.int32)
def use_syncthreads_count(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_count(ary_in[i])

compiled = cuda.jit(use_syncthreads_count)

# === CASE use_syncthreads_and
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync._test_syncthreads_and
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=64 args=np.ones(64, np.int32), np.zeros(64, np.int32)
def use_syncthreads_and(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_and(ary_in[i])

compiled = cuda.jit(use_syncthreads_and)

# === CASE use_syncthreads_or
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_sync.py @ b18b944b2f88, test: TestCudaSync._test_syncthreads_or
# KERNEL: compiled void(int32[:], int32[:])
# RUN: grid=1 block=64 args=(np.arange(64) == 7).astype(np.int32), np.zeros(64, np.int32)
def use_syncthreads_or(ary_in, ary_out):
    i = cuda.grid(1)
    ary_out[i] = cuda.syncthreads_or(ary_in[i])

compiled = cuda.jit(use_syncthreads_or)
