# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_cg.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone. The prelude is the example's
# own imports and signature (its lines before the kernel), dedented.
from numba import cuda
from numba.cuda import int32
import numpy as np

sig = (int32[:, ::1],)

# === CASE sequential_rows
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_cg.py @ b18b944b2f88, test: TestCooperativeGroups.test_ex_grid_sync
# KERNEL: sequential_rows void(int32[:, ::1])
# RUN: grid=32 block=32 args=np.zeros((1024, 1024), dtype=np.int32)
@cuda.jit(sig)
def sequential_rows(M):
    col = cuda.grid(1)
    g = cuda.cg.this_grid()

    rows = M.shape[0]
    cols = M.shape[1]

    for row in range(1, rows):
        opposite = cols - col - 1
        # Each row's elements are one greater than the previous row
        M[row, col] = M[row - 1, opposite] + 1
        # Wait until all threads have written their column element,
        # and that the write is visible to all other threads
        g.sync()
