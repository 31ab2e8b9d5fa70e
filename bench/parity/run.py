# run.py — the GPU parity suite (on the GPU machine; tests/gpu/run.sh parity calls it): the seven
# kernels of bench/parity/parity.krn through jitc (bench/gpu_parity.c, path in argv[1]) and
# numba-cuda (timed here), and their CUDA C twins (bench/parity/parity.cu) through nvcc -O3, on
# the same inputs (bench/parity/parity_inputs.h), each the best of PARITY_REPS launches by events.
# Prints one table: each kernel's time on each side, jitc's speed over nvcc's (goal: >= 0.98) and
# numba-cuda's, and whether the three outputs agree (their checksums).
#   python3 bench/parity/run.py path/to/gpu_parity   (from the repository root)
# BENCH_TSV=FILE appends `parity_NAME jitc numba-cuda nvcc` (ms) lines there.
import importlib.machinery
import importlib.util
import os
import re
import shutil
import subprocess
import sys

import numpy as np
np.row_stack = np.vstack  # numba-cuda still uses it; NumPy 2.5 removed it
from numba import cuda

GOAL = 0.98
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = ("saxpy", "matmul", "nbody", "stencil", "reduce", "transpose", "histogram")


def constants():
    """parity_inputs.h's enum, so that the sizes are written once."""
    text = open(os.path.join(HERE, "parity_inputs.h")).read()
    body = text[text.index("enum {"):text.index("};")]
    values = {}
    for name, expr in re.findall(r"(\w+)\s*=\s*([^,/]+)", body):
        values[name] = eval(expr.strip(), {}, values)
    return values


def key_values(text):
    return {k: float(v) for k, v in (line.split() for line in text.splitlines() if len(line.split()) == 2)}


def load_kernels():
    path = os.path.join(HERE, "parity.krn")
    loader = importlib.machinery.SourceFileLoader("parity_kernels", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("parity_kernels", loader))
    loader.exec_module(module)
    return module


def events_best(reps, launch, reset=lambda: None):
    reset()
    launch()
    cuda.synchronize()
    best = 1e30
    for _ in range(reps):
        reset()
        start, end = cuda.event(), cuda.event()
        start.record()
        launch()
        end.record()
        end.synchronize()
        best = min(best, cuda.event_elapsed_time(start, end))
    return best


# the inputs of parity_inputs.h
def ramp(n):
    return (np.arange(n, dtype=np.int64) % 1000).astype(np.float32) * np.float32(0.001)


def matrix(n):
    return ((np.arange(n, dtype=np.int64) * 7919) % 1021).astype(np.float32) / np.float32(1021) - np.float32(0.5)


def bodies(n):
    return ((np.arange(n, dtype=np.int64) * 104729) % 65521).astype(np.float32) / np.float32(65521) * np.float32(100)


def byte_values(n):
    i = np.arange(n, dtype=np.int64)
    return ((i * 131 + (i >> 11)) & 255).astype(np.uint8)


def numba_side(c):
    """numba-cuda's time and checksum for each kernel, as parity.cu and gpu_parity.c compute them."""
    k, reps, out = load_kernels(), c["PARITY_REPS"], {}
    krn_sizes = (k.TPB, k.TILE, k.TILE_T, k.REDUCE_THREADS, k.BINS)
    assert krn_sizes == (c["MATMUL_TPB"], c["NBODY_TILE"], c["TRANSPOSE_TILE"], c["REDUCE_THREADS"], c["HISTOGRAM_BINS"]), \
        "parity.krn's constants differ from parity_inputs.h's"

    def record(name, ms, checksum):
        out[f"{name}_ms"], out[f"{name}_checksum"] = ms, float(checksum)

    n = 1 << c["SAXPY_LOG2"]
    x, y, o = cuda.to_device(ramp(n)), cuda.to_device(ramp(n)), cuda.device_array(n, np.float32)
    record("saxpy", events_best(reps, lambda: k.saxpy[n // 256, 256](np.float32(2.0), x, y, o)),
           o.copy_to_host().astype(np.float64).sum())
    del x, y, o
    m, tpb = c["MATMUL_SIDE"], c["MATMUL_TPB"]
    a, b, C = cuda.to_device(matrix(m * m).reshape(m, m)), cuda.to_device(matrix(m * m).reshape(m, m)), cuda.device_array((m, m), np.float32)
    record("matmul", events_best(reps, lambda: k.matmul[(m // tpb, m // tpb), (tpb, tpb)](a, b, C)),
           C.copy_to_host().astype(np.float64).sum())
    del a, b, C
    nb, tile = c["NBODY_BODIES"], c["NBODY_TILE"]
    pos, vel = cuda.to_device(bodies(4 * nb).reshape(4, nb)), cuda.to_device(ramp(3 * nb).reshape(3, nb))
    new_pos, new_vel = cuda.device_array_like(pos), cuda.device_array_like(vel)
    record("nbody", events_best(reps, lambda: k.nbody[nb // tile, tile](pos, vel, new_pos, new_vel, np.float32(0.01), np.float32(0.01))),
           new_vel.copy_to_host().astype(np.float64).sum())
    del pos, vel, new_pos, new_vel
    side = c["GRID_SIDE"]
    a, o = cuda.to_device(ramp(side * side).reshape(side, side)), cuda.to_device(np.zeros((side, side), np.float32))
    bx, by = c["STENCIL_BX"], c["STENCIL_BY"]
    record("stencil", events_best(reps, lambda: k.stencil[(side // bx, side // by), (bx, by)](a, o)),
           o.copy_to_host().astype(np.float64).sum())
    tt = c["TRANSPOSE_TILE"]
    record("transpose", events_best(reps, lambda: k.transpose[(side // tt, side // tt), (tt, tt)](a, o)),
           (o.copy_to_host().astype(np.float64).ravel() * (np.arange(side * side) % 7)).sum())
    del a, o
    n = 1 << c["REDUCE_LOG2"]
    x, total = cuda.to_device(ramp(n)), cuda.to_device(np.zeros(1, np.float32))
    zero = np.zeros(1, np.float32)
    record("reduce", events_best(reps, lambda: k.reduce[c["REDUCE_BLOCKS"], c["REDUCE_THREADS"]](x, total),
                                 lambda: total.copy_to_device(zero)), total.copy_to_host()[0])
    del x, total
    n, bins = 1 << c["HISTOGRAM_LOG2"], c["HISTOGRAM_BINS"]
    data, hist, zeros = cuda.to_device(byte_values(n)), cuda.to_device(np.zeros(bins, np.int32)), np.zeros(bins, np.int32)
    record("histogram", events_best(reps, lambda: k.histogram[c["HISTOGRAM_BLOCKS"], c["HISTOGRAM_THREADS"]](data, hist),
                                    lambda: hist.copy_to_device(zeros)),
           (hist.copy_to_host().astype(np.float64) * np.arange(bins)).sum())
    return out


def nvcc_side():
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else None)
    if not nvcc:
        return None
    exe = "/tmp/parity_nvcc"
    subprocess.run([nvcc, "-O3", "-arch=sm_90", "-o", exe, os.path.join(HERE, "parity.cu")], check=True)
    return key_values(subprocess.run([exe], capture_output=True, text=True, check=True).stdout)


def agree(a, b, name):
    # the reduction's float atomics add the blocks' sums in any order; elsewhere the outputs match
    tolerance = 1e-5 if name == "reduce" else 1e-9
    return abs(a - b) <= tolerance * max(abs(a), abs(b), 1.0)


def main():
    c = constants()
    jitc = key_values(subprocess.run([sys.argv[1]], capture_output=True, text=True, check=True).stdout)
    if "saxpy_ms" not in jitc:
        print("parity: skipped: jitc's side found no GPU")
        return 0
    nvcc = nvcc_side()
    if nvcc is None:
        print("parity: skipped: nvcc not installed")
        return 0
    numba = numba_side(c)
    print(f"GPU parity: jitc and numba-cuda against CUDA C through nvcc -O3 -arch=sm_90, the same algorithm and "
          f"inputs; best of {c['PARITY_REPS']} launches by events (speed over nvcc's: above 1 is faster; goal >= {GOAL})")
    print(f"  {'kernel':10s} {'nvcc':>10s} {'jitc':>10s} {'numba-cuda':>11s} {'jitc/nvcc':>10s} {'numba/nvcc':>11s}  "
          f"{'goal':6s} outputs")
    short = 0
    for name in KERNELS:
        t_nvcc, t_jitc, t_numba = nvcc[f"{name}_ms"], jitc[f"{name}_ms"], numba[f"{name}_ms"]
        sums = (nvcc[f"{name}_checksum"], jitc[f"{name}_checksum"], numba[f"{name}_checksum"])
        same = agree(sums[0], sums[1], name) and agree(sums[0], sums[2], name)
        ratio = t_nvcc / t_jitc
        short += ratio < GOAL
        print(f"  {name:10s} {t_nvcc:7.3f} ms {t_jitc:7.3f} ms {t_numba:8.3f} ms {ratio:9.3f}x {t_nvcc / t_numba:10.3f}x  "
              f"{'met' if ratio >= GOAL else 'short':6s} {'agree' if same else 'DIFFER'} "
              f"(nvcc {sums[0]:.6g}, jitc {sums[1]:.6g}, numba-cuda {sums[2]:.6g})")
        if os.environ.get("BENCH_TSV"):
            with open(os.environ["BENCH_TSV"], "a") as tsv:
                tsv.write(f"parity_{name}\t{t_jitc}\t{t_numba}\t{t_nvcc}\n")
    print(f"  {len(KERNELS) - short} of {len(KERNELS)} kernels at or above the goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
