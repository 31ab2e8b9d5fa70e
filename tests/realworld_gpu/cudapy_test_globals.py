# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_globals.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import int32, float32
N = 100
S0 = 10
S1 = 20

# === CASE simple_smem
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_globals.py @ b18b944b2f88, test: TestCudaTestGlobal.test_global_int_const
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=100 args=np.zeros(100, np.int32)
def simple_smem(ary):
    sm = cuda.shared.array(N, int32)
    i = cuda.grid(1)
    if i == 0:
        for j in range(N):
            sm[j] = j
    cuda.syncthreads()
    ary[i] = sm[i]

compiled = cuda.jit("void(int32[:])")(simple_smem)

# === CASE coop_smem2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_globals.py @ b18b944b2f88, test: TestCudaTestGlobal.test_global_tuple_const
# KERNEL: compiled void(float32[:,:])
# RUN: grid=1 block=10,20 args=np.zeros((10, 20), np.float32)
def coop_smem2d(ary):
    i, j = cuda.grid(2)
    sm = cuda.shared.array((S0, S1), float32)
    sm[i, j] = (i + 1) / (j + 1)
    cuda.syncthreads()
    ary[i, j] = sm[i, j]

compiled = cuda.jit("void(float32[:,:])")(coop_smem2d)
