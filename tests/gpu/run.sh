#!/usr/bin/env bash
# run.sh — on the GPU machine: unpack the bundle made by tests/gpu/bundle.sh, then run the GPU
# tests (tests/gpu/run_gpu.py) and the GPU benchmark. Output also goes to $OUT if set.
# A part alone (each runs in at most 600 s):
#   tests/gpu/run.sh tests    the PTX checks, the GPU tests through the CLI and the C API, the AOT sample
#   tests/gpu/run.sh corpus   the GPU corpus against numba-cuda (one numba-cuda process per case), and
#                             through the Python package where the python part built it first
#   tests/gpu/run.sh bench    the showcase, the CLI tour, the cache, the benchmarks and baselines
#   tests/gpu/run.sh perf     of those, the benchmarks against Numba, numba-cuda and CuPy alone
#   tests/gpu/run.sh loops    of those, the CPU loops against gcc and clang alone (bench/loops.sh, bench/loops_ab.c)
#   tests/gpu/run.sh parity   the GPU parity suite: seven kernels through jitc, numba-cuda and nvcc -O3,
#                             then the stencil's and the transpose's PTX against nvcc's code on the same buffers
#   tests/gpu/run.sh mpi      the MPI sample's scaling: 1 to 16 ranks on the CPU cores, and on the GPU
#   tests/gpu/run.sh multi    on a machine with several GPUs: the multi-GPU sample, a rank per GPU
#   tests/gpu/run.sh python   the Python package built there against libjitc.so: its GPU tests and benchmark
#   tests/gpu/run.sh difffuzz differential fuzzing on every core with the cheap oracle, through that
#                             package (tests/fuzz/difffuzz.py): seeds from $FIRST, for $LIMIT seconds
set -uo pipefail
cd "$(dirname "$0")/../.."
bin=$(mktemp -d)
for f in .gpu/bin/*.xz; do xz -dc "$f" >"$bin/$(basename "$f" .xz)"; chmod +x "$bin/$(basename "$f" .xz)"; done
export JITC=$bin/jitc
export LD_LIBRARY_PATH=$bin:$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
part=${1:-all}
want() { [ "$part" = all ] || [ "$part" = "$1" ]; }
status=0
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
"$JITC" devices
if want tests; then
echo "== PTX checks (ptxas from the CUDA toolkit)"
PATH=$PATH:/usr/local/cuda/bin tests/gpu/ptx_check.sh
echo "== GPU tests through the CLI"
python3 tests/gpu/run_gpu.py || status=1
echo "== GPU tests through the C API"
"$bin/test_gpu" || status=1
echo "== jitc build: the sample program (objects and libjitcrt, no compiler) with its GPU launcher"
"$bin/aot_demo" || status=1
echo "== several GPUs: one picture over every device, then two contexts on device 0"
"$bin/multigpu" samples/multigpu/multigpu.krn || status=1
"$bin/multigpu" samples/multigpu/multigpu.krn --devices 0,0 || status=1
JITC_DEBUG_CACHE=1 "$bin/multigpu" samples/multigpu/multigpu.krn --devices 0,0,0 --width 64 --height 64 2>&1 |
    grep -c "jitc cache: shared ptx" | sed 's/^/PTX shared with later contexts, times: /'
fi
if want mpi; then
echo "== MPI: samples/heat_mpi, CPU ranks and GPU ranks"
tests/mpi/scaling.sh "$bin/heat_mpi" || status=1
fi
if want multi; then
echo "== several GPUs: the multi-GPU sample on 1 GPU and on every GPU, at three sizes"
all=$(seq -s, 0 $(($(nvidia-smi -L | grep -c '^GPU') - 1)))
for size in "--width 3840 --height 2160 --iters 1024" "--width 7680 --height 4320 --iters 4096" \
            "--width 15360 --height 8640 --iters 4096"; do
    # shellcheck disable=SC2086
    "$bin/multigpu" samples/multigpu/multigpu.krn --devices "$all" $size || status=1
done
echo "== MPI: samples/heat_mpi with a rank per GPU, on a grid of 16384x16384"
NX=16384 NY=16384 STEPS=200 GPU_ONLY=1 tests/mpi/scaling.sh "$bin/heat_mpi" || status=1
fi
if want python; then
echo "== the Python package (tests/gpu/python.sh)"
tests/gpu/python.sh "$bin" || status=1
fi
if [ "$part" = difffuzz ]; then
echo "== differential fuzzing, the cheap oracle, on $(nproc) cores (tests/fuzz/difffuzz.py)"
tests/gpu/python.sh "$bin" build || exit 1
first=${FIRST:-1000000}
PYTHONPATH=$PWD/build/gpu-python:$PWD/.gpu/pylib python3 tests/fuzz/difffuzz.py --oracle python --sample 50 \
    --no-reduce --jobs "$(nproc)" --jitc "$JITC" --progen "$bin/progen" --seeds "$first:$((first + 60000))" \
    --time-limit "${LIMIT:-540}" --out "${OUT:-$(mktemp -d)}/difffuzz" || status=1
fi
if want corpus; then
echo "== the GPU corpus (tests/realworld_gpu): real numba-cuda kernels, jitc against numba-cuda"
# with the package that the python part built there, each case gets its verdict through it too
package=$([ -d build/gpu-python/jitc ] && echo "$PWD/build/gpu-python:$PWD/.gpu/pylib" || true)
PYTHONPATH=$package${PYTHONPATH:+:$PYTHONPATH} python3 tests/realworld_gpu/run_gpu.py || true  # its failures are the corpus's known gaps (expected_failures.txt)
fi
if want bench; then
echo "== the showcase: every sample on this machine's GPU and CPU (make demo's table)"
show=$(mktemp -d)
for s in saxpy mandelbrot matmul blackscholes reduce nbody; do mkdir -p "$show/samples/$s"; ln -s "$bin/$s" "$show/samples/$s/$s"; done
samples/showcase.sh "$show" saxpy mandelbrot matmul blackscholes reduce nbody || status=1
[ -n "${OUT:-}" ] && cp "$show"/samples/*.log "$show"/samples/*.tsv "$show"/samples/mandelbrot/*.png "$OUT"/ 2>/dev/null
echo "== the CLI on the samples' kernels (samples/cli_tour.sh in full: the GPU part too, which samples/cli_tour.expected leaves out)"
samples/cli_tour.sh "$JITC" || status=1
echo "== first call with the on-disk cache: cold, warm, off"
BUILD=$bin bench/cache.sh || status=1
echo "== GPU benchmark"
if [ -x "$bin/gpu_bench" ]; then "$bin/gpu_bench"; else echo "gpu_bench not in the bundle"; fi
echo "== saxpy baselines: nvcc, numba-cuda, CuPy"
bench/gpu_baselines/run.sh
fi
# The CPU loops on this machine's cores: each side in its own processes (loops.sh, ROUNDS rounds),
# then jitc and C in turn in one process (loops_ab, AB_CALLS calls each)
cpu_loops() {
    echo "== CPU loops on this machine's cores: jitc's prange against Numba and C"
    if [ -x "$bin/prange" ]; then PRANGE=$bin/prange C_LOOPS=$bin/c_loops C_LOOPS_CLANG=$([ -x "$bin/c_loops_clang" ] && echo "$bin/c_loops_clang") bench/loops.sh || true; else echo "prange bench not in the bundle"; fi
    echo "== the memory-bound loops, jitc and C in turn in one process (bench/loops_ab.c)"
    for ab in loops_ab loops_ab_clang; do [ ! -x "$bin/$ab" ] || "$bin/$ab" "${AB_CALLS:-30}" || status=1; done
}
if [ "$part" = loops ]; then
cpu_loops
fi
if want bench || [ "$part" = perf ]; then
# the loops' and stencils' times, for bench/plot.sh where gnuplot is (this machine has none)
export BENCH_TSV=${OUT:-$(mktemp -d)}/bench.tsv
printf 'benchmark\tjitc\tNumba\tC -O3\n' >"$BENCH_TSV"
cpu_loops
PYTHONUNBUFFERED=1 python3 bench/same_arrays.py "$bin/libjitc.so" 2>&1 | grep -v Warning || true
echo "== @stencil on this machine's cores: jitc against Numba's"
if [ -x "$bin/stencil" ]; then STENCIL=$bin/stencil bench/stencil.sh || true; else echo "stencil bench not in the bundle"; fi
echo "== GPU ufuncs and reductions against numba-cuda and CuPy"
PYTHONUNBUFFERED=1 python3 bench/gpu_baselines/ufunc_py.py "$bin/gpu_ufunc" 2>&1 | grep -v Warning
echo "== FMA contraction: the tiled matmul, N-body and saxpy, jitc with and without FMA, against numba-cuda"
PYTHONUNBUFFERED=1 python3 bench/gpu_baselines/fma_py.py "$bin/gpu_fma" 2>&1 | grep -v Warning
fi
if want bench || [ "$part" = perf ] || [ "$part" = parity ]; then
echo "== GPU parity: seven kernels through jitc and numba-cuda against CUDA C through nvcc -O3 (bench/parity)"
PYTHONUNBUFFERED=1 python3 bench/parity/run.py "$bin/gpu_parity" 2>&1 | grep -v Warning || status=1
echo "== the stencil's and the transpose's PTX from jitc against nvcc's code on the same buffers (bench/parity/same_buffers.cu)"
same=$(mktemp -d)
for k in stencil transpose; do
    "$JITC" emit --ptx bench/parity/parity.krn "$k" --sig '(float32[:,::1], float32[:,::1])' --arch sm_90 >"$same/$k.ptx" || status=1
done
if PATH=$PATH:/usr/local/cuda/bin nvcc -O3 -arch=sm_90 -o "$same/same_buffers" bench/parity/same_buffers.cu -lcuda; then
    "$same/same_buffers" "$same/stencil.ptx" "$same/transpose.ptx" || status=1
else
    status=1
fi
fi
exit $status
