# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_globals.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda

TAX_RATE = 0.08
PRICES = np.array([10.0, 25.0, 5.0, 15.0, 30.0], dtype=np.float64)

# === CASE compute_totals
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_globals.py @ b18b944b2f88, test: TestGlobals.test_ex_globals_constant_capture
# KERNEL: compute_totals void(float64[::1], float64[::1])
# RUN: grid=1 block=32 args=np.array([1, 2, 3, 4, 5], dtype=np.float64), np.zeros(5)
@cuda.jit
def compute_totals(quantities, totals):
    i = cuda.grid(1)
    if i < totals.size:
        totals[i] = quantities[i] * PRICES[i] * (1 + TAX_RATE)
