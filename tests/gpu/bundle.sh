#!/usr/bin/env bash
# bundle.sh — builds what the GPU machine runs (it has the CUDA driver but no LLVM) into .gpu/:
# one libjitc.so with LLVM linked in statically, and the programs linked against it (jitc, the
# C API's GPU test, the benchmarks, the samples), stripped and xz-compressed (about 20 MB with
# OpenBLAS linked in); and the `jitc build` sample, which needs no LLVM at all. Then, on the
# GPU machine, from the repo root:
#     tests/gpu/run.sh          (unpacks .gpu/, runs the GPU tests and the GPU benchmarks)
# .gpu/ is ignored by git: it goes to the GPU machine beside the working tree.
set -euo pipefail
cd "$(dirname "$0")/../.."
make -s STATIC_LLVM=1 -j2 build-gpu/libjitc.so build-gpu/jitc
make -s -j2 all
make -s -C samples/aot JITC_BUILD=../../build OUT=../../build/samples/aot all
rm -rf .gpu
mkdir -p .gpu/lib .gpu/bin
cp "$(ldconfig -p | awk '/libcmocka.so.0 /{print $NF; exit}')" .gpu/lib/  # the C API test needs it there
cp "$(ldconfig -p | awk '/libgomp.so.1 /{print $NF; exit}')" .gpu/lib/    # OpenMP, for parallel ufuncs
# OpenBLAS and LAPACKE are linked statically into libjitc.so and aot_demo (the Makefile's BLAS_LIBS);
# the Fortran runtime their LAPACK needs may be missing there: it travels in .gpu/lib
for l in libgfortran.so.5 libquadmath.so.0; do cp "$(ldconfig -p | awk -v l="$l" '$1 == l {print $NF; exit}')" .gpu/lib/; done
strip -o .gpu/bin/libjitc.so build-gpu/libjitc.so
link() { # link OUT SOURCES...: a program against build-gpu/libjitc.so
    local out=$1
    shift
    cc -std=c11 -D_GNU_SOURCE -O2 -I. -Iinclude -o ".gpu/bin/$out" "$@" -Lbuild-gpu -l:libjitc.so -lgomp -lm -ldl -lpthread
}
# libjitc.so exports its API alone (tests/surface/run.sh): a program that also uses internals
# links their objects itself. The CLI prints floats with runtime/pyrepr.c (strings with runtime/str.c) and lists and clears
# the disk cache with driver/diskcache.c (and its arenas, and libxxhash, linked statically); the GPU benchmarks time the driver
# through runtime/cuda.c's rt_cuda.
link jitc build-gpu/obj/cli/*.o build-gpu/obj/runtime/pyrepr.o build-gpu/obj/runtime/str.o build-gpu/obj/driver/diskcache.o build-gpu/obj/frontend/arena.o -l:libxxhash.a
link test_gpu tests/unit/test_gpu.c -lcmocka
for b in gpu_bench gpu_ufunc; do link "$b" "bench/$b.c" build-gpu/obj/runtime/cuda.o; done
for b in prange cache_first_call stencil; do link "$b" "bench/$b.c"; done
link loops_ab bench/loops_ab.c -O3 -march=native -fopenmp  # its C loops as c_loops has them (below)
if command -v clang >/dev/null; then
    cc() { clang -fopenmp-simd -Wno-pass-failed "$@"; } # the same through clang: its simd loops, no OpenMP runtime
    link loops_ab_clang bench/loops_ab.c -O3 -march=native
    unset -f cc
fi
for s in saxpy mandelbrot matmul blackscholes reduce nbody; do link "$s" "samples/$s/$s.c" samples/showcase.c -lpng; done
link multigpu samples/multigpu/multigpu.c
link gpu_fma bench/gpu_fma.c
link gpu_parity bench/gpu_parity.c
# the MPI sample, where Open MPI is installed here (its libmpi.so.40 must be there too)
if command -v mpicc >/dev/null; then
    mpicc -std=c11 -D_GNU_SOURCE -O2 -Iinclude -o .gpu/bin/heat_mpi samples/heat_mpi/heat_mpi.c -Lbuild-gpu -l:libjitc.so -lm
fi
cp "$(ldconfig -p | awk '/libpng16.so.16 /{print $NF; exit}')" .gpu/lib/  # the Mandelbrot sample's PNG
cc -std=c11 -D_GNU_SOURCE -O3 -march=native -fopenmp -I. -o .gpu/bin/c_loops bench/c_loops.c -lm
if command -v clang >/dev/null; then # the second C baseline, with clang's OpenMP runtime beside it
    clang -std=c11 -D_GNU_SOURCE -O3 -march=native -fopenmp -Wno-pass-failed -I. -o .gpu/bin/c_loops_clang bench/c_loops.c -lm
    cp "$(ldd .gpu/bin/c_loops_clang | awk '/libomp.so/ {print $3; exit}')" .gpu/lib/
fi
cc -std=c11 -D_GNU_SOURCE -O2 -o .gpu/bin/progen tests/fuzz/progen_main.c tests/fuzz/progen.c  # run.sh difffuzz
cp build/samples/aot/aot_demo .gpu/bin/
# DLPack's header, which jitc.h includes, for building the Python package there (tests/gpu/python.sh)
mkdir -p .gpu/include/dlpack
cp "$(echo '#include <dlpack/dlpack.h>' | cc -E -M -x c - | tr ' ' '\n' | grep 'dlpack/dlpack.h$')" .gpu/include/dlpack/
# pytest, for the Python package's GPU tests (tests/gpu/python.sh): pure Python, from build/venv
mkdir -p .gpu/pylib
site=$(build/venv/bin/python -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
for m in pytest _pytest pluggy iniconfig packaging py.py; do [ -e "$site/$m" ] && cp -r "$site/$m" .gpu/pylib/; done
for f in .gpu/bin/*; do
    strip "$f"
    xz -T2 -6 -f "$f"
done
du -sh .gpu
