# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_montecarlo.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import math
from numba import cuda

# === CASE step
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_montecarlo.py @ b18b944b2f88, test: TestCudaMonteCarlo.test_montecarlo
# KERNEL: step void(double[:], double[:], double, double, double, double[:])
# RUN: grid=1 block=32 args=np.zeros(32), np.linspace(0.5, 1.5, 32), 0.01, 0.02, 0.3, np.linspace(-1, 1, 32)
@cuda.jit(
    "void(double[:], double[:], double, double, double, double[:])"
)
def step(last, paths, dt, c0, c1, normdist):
    i = cuda.grid(1)
    if i >= paths.shape[0]:
        return
    noise = normdist[i]
    paths[i] = last[i] * math.exp(c0 * dt + c1 * noise)
