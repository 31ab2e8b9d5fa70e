#!/usr/bin/env bash
# mlir.sh — numba-cuda-mlir, numba-cuda's successor, as a baseline of bench/python_cuda.py on the
# GPU machine, which has no package registry. Its wheel (70 MB) is too large to travel beside the
# bundle, so it travels on its own, recompressed, in a call before the one that runs the bench:
#     tests/gpu/mlir.sh pack      here: the cp312 wheel from PyPI into build/gpu-extra/numba-cuda-mlir.tar.xz
#     tests/gpu/mlir.sh unpack    there (carrying build/gpu-extra): into build/gpu-mlir/, which
#                                 tests/gpu/python.sh puts on PYTHONPATH when it is there
# Its dependencies (cuda-bindings, cuda-core) are numba-cuda's, installed there already.
set -euo pipefail
cd "$(dirname "$0")/../.."
tarball=build/gpu-extra/numba-cuda-mlir.tar.xz
case ${1:-} in
pack)
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    build/venv/bin/pip download -q --no-deps --python-version 3.12 --only-binary=:all: \
        --platform manylinux_2_28_x86_64 -d "$tmp" numba-cuda-mlir
    mkdir -p "$tmp/site" build/gpu-extra
    (cd "$tmp/site" && unzip -q "$tmp"/numba_cuda_mlir-*.whl)
    tar -C "$tmp/site" -cf - . | xz -T2 -6 > "$tarball"
    ls -l "$tarball" ;;
unpack)
    rm -rf build/gpu-mlir
    mkdir -p build/gpu-mlir
    tar -C build/gpu-mlir -xJf "$tarball"
    echo "numba-cuda-mlir unpacked into build/gpu-mlir" ;;
*)
    echo "usage: tests/gpu/mlir.sh pack|unpack" >&2
    exit 2 ;;
esac
