# fma_py.py — the FMA benchmark: jitc with FMA contraction (its default, as numba-cuda's
# compiler) and without, against numba-cuda, on the same kernels and inputs in one run: the
# tutorial's tiled matmul (4096x4096 float32, in TFLOP/s), samples/nbody's kernel (32768 bodies)
# and saxpy (2^28 float32). Runs jitc's side (bench/gpu_fma.c, path in argv[1]), times
# numba-cuda here by events (best of 10 launches on device arrays) and prints the ratios.
#   python3 fma_py.py path/to/gpu_fma   (from the repository root)
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys

import numpy as np
np.row_stack = np.vstack  # numba-cuda still uses it; NumPy 2.5 removed it
from numba import cuda

M, BODIES, TILE, SAXPY_N = 4096, 32768, 256, 1 << 28
out = subprocess.run([sys.argv[1], "bench/gpu_fma.krn", "samples/nbody/nbody.krn"], capture_output=True, text=True,
                     check=True).stdout
jitc = {k: float(v) for k, v in (line.split() for line in out.splitlines() if len(line.split()) == 2)}


def load(path, name):
    loader = importlib.machinery.SourceFileLoader(name, path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader))
    loader.exec_module(module)
    return module


def events_best(launch):
    launch()
    cuda.synchronize()
    best = 1e30
    for _ in range(10):
        s, e = cuda.event(), cuda.event()
        s.record()
        launch()
        e.record()
        e.synchronize()
        best = min(best, cuda.event_elapsed_time(s, e))
    return best


# the inputs bench/gpu_fma.c makes (matrix_entry, body_coordinate, ramp)
matrix = (((np.arange(M * M, dtype=np.int64) * 7919) % 1021).astype(np.float32) / np.float32(1021) - np.float32(0.5)).reshape(M, M)
bodies = (((np.arange(4 * BODIES, dtype=np.int64) * 104729) % 65521).astype(np.float32) / np.float32(65521) * np.float32(100)).reshape(4, BODIES)
ramp = lambda n: (np.arange(n, dtype=np.int64) % 1000).astype(np.float32) * np.float32(0.001)

kernels = load("bench/gpu_fma.krn", "gpu_fma_kernels")
nbody = load("samples/nbody/nbody.krn", "nbody_kernels")
A, B, C = cuda.to_device(matrix), cuda.to_device(matrix), cuda.device_array((M, M), np.float32)
numba = {"matmul": events_best(lambda: kernels.fast_matmul[(M // 16, M // 16), (16, 16)](A, B, C))}
numba_checksum = float(C.copy_to_host().astype(np.float64).sum())
del A, B, C
pos, vel = cuda.to_device(bodies), cuda.to_device(ramp(3 * BODIES).reshape(3, BODIES))
new_pos, new_vel = cuda.device_array_like(pos), cuda.device_array_like(vel)
numba["nbody"] = events_best(lambda: nbody.nbody_gpu[BODIES // TILE, TILE](pos, vel, new_pos, new_vel, np.float32(0.01),
                                                                            np.float32(0.01)))
del pos, vel, new_pos, new_vel
x, y = cuda.to_device(ramp(SAXPY_N)), cuda.to_device(ramp(SAXPY_N))
o = cuda.device_array_like(x)
numba["saxpy"] = events_best(lambda: kernels.saxpy[SAXPY_N // 256, 256](np.float32(2.0), x, y, o))

# the same matmul in CUDA C through nvcc -O3, where the toolkit is
nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
if nvcc:
    subprocess.run([nvcc, "-O3", "-arch=sm_90", "-w", "-o", "/tmp/matmul_nvcc", "bench/gpu_baselines/matmul_nvcc.cu"], check=True)
    out = subprocess.run(["/tmp/matmul_nvcc"], capture_output=True, text=True, check=True).stdout
    jitc.update({k: float(v) for k, v in (line.split() for line in out.splitlines() if len(line.split()) == 2)})

tflops = lambda ms: 2 * M ** 3 / ms / 1e9
print("FMA contraction: jitc with it (default, as numba-cuda) and without (jitc_options.gpu_fma = 0), "
      "against numba-cuda; best of 10 launches by events")
print(f"  {'kernel':10s} {'jitc FMA':>12s} {'jitc no FMA':>12s} {'numba-cuda':>12s} {'FMA/no FMA':>11s} {'jitc/numba-cuda':>16s}")
for name in ("matmul", "nbody", "saxpy"):
    on, off, nb = jitc[f"{name}_fma1_ms"], jitc[f"{name}_fma0_ms"], numba[name]
    print(f"  {name:10s} {on:9.3f} ms {off:9.3f} ms {nb:9.3f} ms {off / on:10.2f}x {nb / on:15.2f}x")
on, off, nb = (tflops(t) for t in (jitc["matmul_fma1_ms"], jitc["matmul_fma0_ms"], numba["matmul"]))
print(f"  tiled matmul 4096^2 float32: jitc {on:.2f} TFLOP/s with FMA, {off:.2f} without; numba-cuda {nb:.2f}: "
      f"ratio {on / nb:.2f} (goal >= 1.2)")
print(f"  matmul checksums (sum of C): jitc FMA {jitc['matmul_fma1_checksum']:.6f}, no FMA {jitc['matmul_fma0_checksum']:.6f}, "
      f"numba-cuda {numba_checksum:.6f}")
if "matmul_nvcc_ms" in jitc:
    t = jitc["matmul_nvcc_ms"]
    print(f"  the same algorithm in CUDA C, nvcc -O3: {t:.3f} ms, {tflops(t):.2f} TFLOP/s (checksum "
          f"{jitc['matmul_nvcc_checksum']:.6f}): jitc's speed / nvcc's {t / jitc['matmul_fma1_ms']:.2f}, "
          f"numba-cuda's / nvcc's {t / numba['matmul']:.2f}")
else:
    print("  nvcc baseline skipped: nvcc not installed")
