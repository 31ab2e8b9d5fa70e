# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import int32

# === CASE this_grid
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py @ b18b944b2f88, test: module level
# KERNEL: this_grid void(float64[::1])
# RUN: grid=1 block=1 args=np.full(1, fill_value=np.nan)
@cuda.jit
def this_grid(A):
    cuda.cg.this_grid()
    A[0] = 1.0

# === CASE sync_group
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py @ b18b944b2f88, test: module level
# KERNEL: sync_group void(float64[::1])
# RUN: grid=1 block=1 args=np.full(1, fill_value=np.nan)
@cuda.jit
def sync_group(A):
    g = cuda.cg.this_grid()
    g.sync()
    A[0] = 1.0

# === CASE no_sync
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_cooperative_groups.py @ b18b944b2f88, test: module level
# KERNEL: no_sync void(float64[::1])
# RUN: grid=1 block=1 args=np.full(1, fill_value=np.nan)
@cuda.jit
def no_sync(A):
    A[0] = cuda.grid(1)
