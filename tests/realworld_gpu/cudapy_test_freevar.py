# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_freevar.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import float32

size = 1024
nbtype = float32

# === CASE foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_freevar.py @ b18b944b2f88, test: TestFreeVar.test_freevar
# KERNEL: foo void(float32[::1], intp)
# RUN: grid=1 block=1 args=np.zeros(1024, np.float32), 0
@cuda.jit("(float32[::1], intp)")
def foo(A, i):
    "Dummy function"
    sdata = cuda.shared.array(
        size,  # size is freevar
        dtype=nbtype,
    )  # nbtype is freevar
    A[i] = sdata[i]
