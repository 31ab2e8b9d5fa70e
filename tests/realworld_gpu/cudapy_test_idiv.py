# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_idiv.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import float32, float64, int32, void

# === CASE div
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_idiv.py @ b18b944b2f88, test: TestCudaIDiv.test_inplace_div
# KERNEL: div void(float32[:, :], int32, int32)
# RUN: grid=1 block=1 args=np.ones((2, 2), np.float32), np.int32(2), np.int32(2)
@cuda.jit(void(float32[:, :], int32, int32))
def div(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0

# === CASE div_double
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_idiv.py @ b18b944b2f88, test: TestCudaIDiv.test_inplace_div_double
# KERNEL: div_double void(float64[:, :], int32, int32)
# RUN: grid=1 block=1 args=np.ones((2, 2)), np.int32(2), np.int32(2)
@cuda.jit(void(float64[:, :], int32, int32))
def div_double(grid, l_x, l_y):
    for x in range(l_x):
        for y in range(l_y):
            grid[x, y] /= 2.0
