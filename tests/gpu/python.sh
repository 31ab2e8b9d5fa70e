#!/usr/bin/env bash
# python.sh — on the GPU machine (run.sh python): jitc's Python package built as a user's pip
# would build it, but against the bundle's libjitc.so (the machine has a C compiler and Python's
# and NumPy's headers, no LLVM), into build/gpu-python/; then its GPU tests against numba-cuda,
# CuPy and PyTorch (tests/python/test_cuda_gpu.py) and the benchmark of its GPU host side
# (bench/python_cuda.py), with numba-cuda-mlir beside where tests/gpu/mlir.sh unpacked it.
# pytest travels as pure Python in .gpu/pylib/ (bundle.sh).
# Usage: tests/gpu/python.sh LIBDIR [build]   (LIBDIR: where run.sh unpacked libjitc.so; with
# `build`, the package alone, for run.sh's difffuzz part)
set -uo pipefail
cd "$(dirname "$0")/../.."
lib=$1
py=${PYTHON:-python3}
out=build/gpu-python
rm -rf "$out"
mkdir -p "$out"
cp -r python/jitc "$out/jitc"
ext=$($py -c "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))")
inc=$($py -c "import sysconfig; print(sysconfig.get_paths()['include'])")
npinc=$($py -c "import numpy; print(numpy.get_include())")
cc -std=c11 -D_GNU_SOURCE -O2 -fPIC -shared -Wall -Wextra -Iinclude -I.gpu/include -I"$inc" -I"$npinc" python/src/*.c \
    -o "$out/jitc/_jitc$ext" -L"$lib" -l:libjitc.so -Wl,-rpath,"$lib" || exit 1
[ "${2:-}" = build ] && exit 0
export PYTHONPATH=$PWD/$out:$PWD/.gpu/pylib${PYTHONPATH:+:$PYTHONPATH}
# numba-cuda-mlir, the benchmark's third column, where tests/gpu/mlir.sh unpacked it
[ -d build/gpu-mlir ] && export PYTHONPATH=$PYTHONPATH:$PWD/build/gpu-mlir
status=0
echo "== the package's GPU tests (tests/python/test_cuda_gpu.py) against numba-cuda, CuPy and PyTorch"
$py -m pytest -q -p no:cacheprovider tests/python/test_cuda_gpu.py || status=1
echo "== the package's GPU host side against numba-cuda, CuPy and the raw driver (bench/python_cuda.py)"
$py bench/python_cuda.py || status=1
exit $status
