# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_vecadd.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
from numba import cuda
# ex_vecadd.import.end

# === CASE f
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_vecadd.py @ b18b944b2f88, test: TestVecAdd.test_ex_vecadd
# KERNEL: f void(float64[::1], float64[::1], float64[::1])
# RUN: grid=40 block=256 args=np.random.RandomState(1).random(10000), np.random.RandomState(2).random(10000), np.zeros(10000)
@cuda.jit
def f(a, b, c):
    # like threadIdx.x + (blockIdx.x * blockDim.x)
    tid = cuda.grid(1)
    size = len(c)

    if tid < size:
        c[tid] = a[tid] + b[tid]
