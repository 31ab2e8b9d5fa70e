# ufunc_py.py — the GPU ufunc benchmarks of issue 4, jitc against numba-cuda and CuPy in the same
# run: runs jitc's side (bench/gpu_ufunc.c, path in argv[1]), measures the baselines here, and
# prints the ratios (above 1: jitc is faster).
#   trig: cos(x)**2 + sin(x)**2 as @vectorize(target="cuda") on 10^7 float32, device arrays
#         (GPU time by events, best of 20) and host arrays (wall time with copies, best of 10);
#   sum:  2^28 float32 summed on the GPU, wall time to the answer on the host (best of 20):
#         CuPy's sum (CUB) and numba-cuda's @cuda.reduce.
import math
import subprocess
import sys
import time

import numpy as np
np.row_stack = np.vstack  # numba-cuda still uses it; NumPy 2.5 removed it
import cupy as cp
from numba import cuda, vectorize

jitc = dict(line.split() for line in subprocess.run([sys.argv[1]], capture_output=True, text=True,
                                                     check=True).stdout.splitlines() if len(line.split()) == 2)
jitc = {k: float(v) for k, v in jitc.items()}


def events_best(f, reps):
    f()
    cuda.synchronize()
    best = 1e30
    for _ in range(reps):
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record()
        f()
        e.record()
        e.synchronize()
        best = min(best, cp.cuda.get_elapsed_time(s, e))
    return best


def wall_best(f, reps):
    f()
    best = 1e30
    for _ in range(reps):
        t = time.perf_counter()
        f()
        best = min(best, 1e3 * (time.perf_counter() - t))
    return best


@vectorize(["float32(float32)"], target="cuda")
def trig(x):
    return math.cos(x) ** 2 + math.sin(x) ** 2


n = 10_000_000
hx = np.arange(n, dtype=np.float32)
dx, dout = cuda.to_device(hx), cuda.device_array(n, np.float32)
numba_dev = events_best(lambda: trig(dx, out=dout), 20)
numba_host = wall_best(lambda: trig(hx), 10)
print("trig ufunc, 10^7 float32 (@vectorize target='cuda')")
print(f"  device arrays: jitc {jitc['trig_device_ms']:.3f} ms, numba-cuda {numba_dev:.3f} ms: "
      f"ratio {numba_dev / jitc['trig_device_ms']:.2f}")
print(f"  host arrays:   jitc {jitc['trig_host_ms']:.2f} ms, numba-cuda {numba_host:.2f} ms: "
      f"ratio {numba_host / jitc['trig_host_ms']:.2f}   (jitc max |error| {jitc['trig_max_error']:.1g})")


@cuda.reduce
def total(a, b):
    return a + b


N = 1 << 28
x = cp.asarray((np.arange(N, dtype=np.int64) & 1023).astype(np.float32) * np.float32(0.25))
cupy_ms = wall_best(lambda: float(cp.sum(x)), 20)
dxx = cuda.as_cuda_array(x)
numba_ms = wall_best(lambda: total(dxx), 20)
gbs = lambda ms: N * 4 / ms / 1e6
print("sum of 2^28 float32 on the GPU, wall time to the answer on the host")
print(f"  jitc @cuda.reduce {jitc['sum_ms']:.3f} ms ({jitc['sum_gbs']:.0f} GB/s, rel. error {jitc['sum_rel_error']:.1g}), "
      f"CuPy sum {cupy_ms:.3f} ms ({gbs(cupy_ms):.0f} GB/s), numba-cuda @cuda.reduce {numba_ms:.3f} ms ({gbs(numba_ms):.0f} GB/s)")
print(f"  jitc bandwidth / CuPy's: {cupy_ms / jitc['sum_ms']:.3f} (goal >= 0.90); / numba-cuda's: "
      f"{numba_ms / jitc['sum_ms']:.2f}; / device copy ({jitc['copy_gbs']:.0f} GB/s): {jitc['sum_gbs'] / jitc['copy_gbs']:.3f}")
