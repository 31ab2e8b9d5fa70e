#!/usr/bin/env bash
# run.sh — on the GPU machine (tests/gpu/run.sh calls it): saxpy bandwidth as nvcc, numba-cuda
# and CuPy get it, to read beside jitc's numbers from bench/gpu_bench.c.
cd "$(dirname "$0")"
export PATH=$PATH:/usr/local/cuda/bin
if command -v nvcc >/dev/null; then
    nvcc -O3 -arch=sm_90 -w -o /tmp/saxpy_nvcc saxpy_nvcc.cu && /tmp/saxpy_nvcc
else
    echo "nvcc baseline skipped: nvcc not installed"
fi
PYTHONUNBUFFERED=1 python3 saxpy_py.py 2>&1 | grep -v Warning || echo "numba-cuda/CuPy baseline skipped"
