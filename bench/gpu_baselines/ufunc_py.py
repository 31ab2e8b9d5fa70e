# ufunc_py.py — the GPU ufunc and reduction benchmarks, jitc against numba-cuda
# and CuPy in the same run: runs jitc's side (bench/gpu_ufunc.c, path in argv[1]), measures the
# baselines here, and prints the ratios (above 1: jitc is faster, unless a line says otherwise).
#   trig: cos(x)**2 + sin(x)**2 as @vectorize(target="cuda") on 10^7 float32, device arrays
#         (GPU time by events, best of 20) of arange and of uniform angles in [-pi, pi], also with
#         fastmath=True, beside a copy of the same bytes; host arrays (wall time with copies);
#   sum:  2^28 float32, float64, int32 and int64 summed on the GPU, wall time to the answer on
#         the host (best of 20): CuPy's sum (CUB) and numba-cuda's @cuda.reduce.
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


# numba-cuda's CUDA @vectorize takes no fastmath= (jitc's does): its side is the same loop as a
# fastmath kernel, one element per thread
@cuda.jit(fastmath=True)
def trig_fast_kernel(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = math.cos(x[i]) ** 2 + math.sin(x[i]) ** 2


def trig_fast(x, out):
    trig_fast_kernel[(x.shape[0] + 255) // 256, 256](x, out)


def bounded_angles(n):
    """Uniform in [-pi, pi): splitmix64 of 1..n, as bench/gpu_ufunc.c draws them."""
    z = np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    return (((z >> np.uint64(11)).astype(np.float64) / 9007199254740992.0 * 2 - 1) * math.pi).astype(np.float32)


n = 10_000_000
hx = np.arange(n, dtype=np.float32)
dx, dout = cuda.to_device(hx), cuda.device_array(n, np.float32)
numba_dev = events_best(lambda: trig(dx, out=dout), 20)
numba_fast = events_best(lambda: trig_fast(dx, dout), 20)
numba_host = wall_best(lambda: trig(hx), 10)
print("trig ufunc, 10^7 float32 (@vectorize target='cuda')")
print(f"  device arrays: jitc {jitc['trig_device_ms']:.3f} ms, numba-cuda {numba_dev:.3f} ms: "
      f"ratio {numba_dev / jitc['trig_device_ms']:.2f}")
print(f"  host arrays:   jitc {jitc['trig_host_ms']:.2f} ms, numba-cuda {numba_host:.2f} ms: "
      f"ratio {numba_host / jitc['trig_host_ms']:.2f}   (jitc max |error| {jitc['trig_max_error']:.1g})")
dx = cuda.to_device(bounded_angles(n))
numba_bounded = events_best(lambda: trig(dx, out=dout), 20)
numba_fast_bounded = events_best(lambda: trig_fast(dx, dout), 20)
copy = jitc["copy_40mb_ms"]
print(f"  device arrays, each form against a device-to-device copy of the same 40 MB ({copy:.3f} ms; "
      f"goal on bounded angles: within 1.3x of it)")
for what, key, nb in (("arange, libdevice sin/cos", "trig_device_ms", numba_dev),
                      ("arange, fastmath=True", "trig_fast_ms", numba_fast),
                      ("uniform [-pi, pi], libdevice", "trig_bounded_ms", numba_bounded),
                      ("uniform [-pi, pi], fastmath=True", "trig_fast_bounded_ms", numba_fast_bounded)):
    print(f"    {what:34s} jitc {jitc[key]:.3f} ms ({jitc[key] / copy:.2f}x the copy), numba-cuda {nb:.3f} ms: "
          f"ratio {nb / jitc[key]:.2f}")


@cuda.reduce
def total(a, b):
    return a + b


N = 1 << 28
print("sum of 2^28 elements on the GPU, wall time to the answer on the host, best of 20 "
      "(CuPy's sum with dtype= the input's, so both accumulate in the input's type)")
for name, dt in (("f32", np.float32), ("f64", np.float64), ("i32", np.int32), ("i64", np.int64)):
    i = cp.arange(N, dtype=cp.int64)
    x = ((i & 1023).astype(dt) * dt(0.25)) if name[0] == "f" else (i & 7).astype(dt)
    del i
    cupy_ms = wall_best(lambda: cp.sum(x, dtype=dt).item(), 20)
    dxx = cuda.as_cuda_array(x)
    numba_ms = wall_best(lambda: total(dxx), 20)
    gbs = lambda ms: N * x.itemsize / ms / 1e6
    j = jitc[f"sum_{name}_ms"]
    print(f"  {name}: jitc @cuda.reduce {j:.3f} ms ({gbs(j):.0f} GB/s, rel. error {jitc[f'sum_{name}_rel_error']:.1g}), "
          f"CuPy sum {cupy_ms:.3f} ms ({gbs(cupy_ms):.0f} GB/s), numba-cuda {numba_ms:.3f} ms: "
          f"jitc time / CuPy's {j / cupy_ms:.3f} (goal <= 1.0), numba-cuda's / jitc's {numba_ms / j:.1f}")
    del x, dxx
    cp.get_default_memory_pool().free_all_blocks()
print(f"  device-to-device copy: {jitc['copy_gbs']:.0f} GB/s")
