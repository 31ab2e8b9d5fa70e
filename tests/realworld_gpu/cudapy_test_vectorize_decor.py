# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
import math
from numba import cuda
from numba.cuda import vectorize, int32, uint32, float32, float64

# === CASE broadcast_fngpu
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py @ b18b944b2f88, test: TestGPUVectorizeBroadcast.test_broadcast
# KERNEL: fngpu float64(float64, float64)
@vectorize(["float64(float64,float64)"], target="cuda")
def fngpu(a, b):
    return a - b

# === CASE device_broadcast_fngpu
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_vectorize_decor.py @ b18b944b2f88, test: TestGPUVectorizeBroadcast.test_device_broadcast
# KERNEL: fngpu float64(float64, float64)
@vectorize(["float64(float64,float64)"], target="cuda")
def fngpu(a, b):
    return a - b
