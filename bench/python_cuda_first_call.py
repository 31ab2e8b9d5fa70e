"""python_cuda_first_call.py — where the first kernel call of a fresh process goes, jitc against
numba-cuda: importing NumPy, importing the library, making the CUDA context (the driver's cost,
the same for both), the first launch (compile, load, run, synchronize) and the second.
Usage, on a GPU machine with jitc's package importable: python3 bench/python_cuda_first_call.py jitc|numba
"""
import sys, time
t0 = time.perf_counter()
import numpy as np
np.row_stack = getattr(np, "row_stack", np.vstack)
t1 = time.perf_counter()
lib = sys.argv[1]
cuda = __import__(lib + ".cuda", fromlist=["cuda"])
t2 = time.perf_counter()
cuda.synchronize()  # the CUDA context
t3 = time.perf_counter()

@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] + y[i]

x = cuda.to_device(np.arange(1000.0))
out = cuda.device_array_like(x)
t4 = time.perf_counter()
add[4, 256](x, x, out)
cuda.synchronize()
t5 = time.perf_counter()
add[4, 256](x, x, out)
cuda.synchronize()
t6 = time.perf_counter()
print("%s: numpy %.1f ms, import %.1f ms, CUDA context %.1f ms, arrays %.1f ms, first launch (compile, load, run) %.1f ms, second %.2f ms"
      % (lib, (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3, (t4 - t3) * 1e3, (t5 - t4) * 1e3, (t6 - t5) * 1e3))
