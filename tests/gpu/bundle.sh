#!/usr/bin/env bash
# bundle.sh — builds what the GPU machine runs (it has the CUDA driver but no LLVM): jitc and
# the GPU benchmark with LLVM linked statically, stripped and xz-compressed into .gpu/ (about
# 20 MB, under the 64 MiB a device run may carry). Then, on the GPU machine, from the repo root:
#     tests/gpu/run.sh          (unpacks .gpu/, runs the GPU tests and the GPU benchmark)
# With the session's device tool: run(command="tests/gpu/run.sh", carry=[".gpu"]).
set -euo pipefail
cd "$(dirname "$0")/../.."
make -s STATIC_LLVM=1 -j2 build-gpu/jitc build-gpu/bench/gpu_bench build-gpu/bench/gpu_ufunc build-gpu/bench/prange build-gpu/bench/c_loops build-gpu/tests/test_gpu
mkdir -p .gpu/lib
cp "$(ldconfig -p | awk '/libcmocka.so.0 /{print $NF; exit}')" .gpu/lib/  # the C API test needs it there
cp "$(ldconfig -p | awk '/libgomp.so.1 /{print $NF; exit}')" .gpu/lib/    # OpenMP, for parallel ufuncs
for f in jitc bench/gpu_bench bench/gpu_ufunc bench/prange bench/c_loops tests/test_gpu; do
    strip -o ".gpu/$(basename "$f")" "build-gpu/$f"
    xz -T2 -6 -f ".gpu/$(basename "$f")"
done
# ../shared/ does not travel with the working tree: the examples go in the bundle
mkdir -p .gpu/examples
cp ../shared/examples/*.krn .gpu/examples/
ls -la .gpu
