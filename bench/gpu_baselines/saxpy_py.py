# saxpy_py.py: numba-cuda and CuPy on the same saxpy, 2^28 float32, best of 10 by events (the
# baselines of bench/gpu_bench.c's bandwidth line). Run by run.sh on the GPU machine.
import numpy as np
np.row_stack = np.vstack
import cupy as cp
from numba import cuda
N = 1 << 28
x = cp.zeros(N, cp.float32); y = cp.zeros(N, cp.float32); o = cp.zeros(N, cp.float32)
def best(f):
    f(); cp.cuda.runtime.deviceSynchronize()
    b = 1e30
    for _ in range(10):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); f(); e.record(); e.synchronize()
        b = min(b, cp.cuda.get_elapsed_time(s, e))
    return b
copy = best(lambda: o.__setitem__(slice(None), x))
print("cupy copy kernel o[:] = x: %.0f GB/s" % (2 * N * 4 / copy / 1e6))
k = cp.ElementwiseKernel("float32 a, float32 x, float32 y", "float32 o", "o = a * x + y", "saxpy")
t = best(lambda: k(np.float32(2), x, y, o))
print("cupy ElementwiseKernel saxpy: %.0f GB/s" % (3 * N * 4 / t / 1e6))
@cuda.jit
def saxpy(a, x, y, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = a * x[i] + y[i]
dx, dy, do = cuda.as_cuda_array(x), cuda.as_cuda_array(y), cuda.as_cuda_array(o)
for bs in (256, 1024):
    t = best(lambda: saxpy[(N + bs - 1) // bs, bs](np.float32(2), dx, dy, do))
    print("numba-cuda saxpy bs=%d: %.0f GB/s" % (bs, 3 * N * 4 / t / 1e6))
