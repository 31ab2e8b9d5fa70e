#!/usr/bin/env bash
# run.sh — the CMake package: `make install` into a temporary prefix, the prefix moved elsewhere
# (the config finds its files from its own place), then tests/cmake/project configured with
# find_package(jitc), built and run: the quickstart (jitc::jitc) and the ahead-of-time sample
# (jitc_add_kernels, jitc::jitcrt). Also: a version request jitc does not meet is refused.
#   tests/cmake/run.sh [BUILD_DIR]   (make cmake-package)
set -u
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() { # check DESCRIPTION COMMAND...
    checks=$((checks + 1))
    if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi
}
if ! command -v cmake >/dev/null; then
    echo "cmake-package skipped: no cmake (bash .ci/deps installs it)"
    exit 0
fi
logged() { # logged LOG COMMAND...: runs the command, its output in LOG, shown when it fails
    local log=$1
    shift
    "$@" >"$log" 2>&1 || { tail -20 "$log"; return 1; }
}

check "make install PREFIX=<temporary> installs the CMake package" \
    logged "$work/install.log" make -s -C "$root" --no-print-directory install BUILD="$BUILD" PREFIX="$work/prefix"
check "  lib/cmake/jitc holds jitcConfig.cmake and jitcConfigVersion.cmake" \
    test -f "$work/prefix/lib/cmake/jitc/jitcConfig.cmake" -a -f "$work/prefix/lib/cmake/jitc/jitcConfigVersion.cmake"
mv "$work/prefix" "$work/moved"
check "find_package(jitc 0.1) configures the project against the moved prefix" \
    logged "$work/configure.log" cmake -S "$root/tests/cmake/project" -B "$work/b" -DCMAKE_PREFIX_PATH="$work/moved"
check "  the package found is the moved one" grep -q "jitc .* from $work/moved/lib/cmake/jitc" "$work/configure.log"
check "the quickstart (jitc::jitc) and the AOT sample (jitc_add_kernels) build" \
    logged "$work/build.log" cmake --build "$work/b"
check "the quickstart runs and its checks pass" \
    bash -c "'$work/b/quickstart' '$root/samples/quickstart/kernels.krn' >'$work/q.out' 2>&1 && ! grep -q FAIL '$work/q.out'"
check "the AOT sample runs and its checks pass" \
    bash -c "'$work/b/aot_demo' >'$work/a.out' 2>&1 && grep -q 'all checks passed' '$work/a.out'"
check "  it links libjitcrt, not the compiler" \
    bash -c "ldd '$work/b/aot_demo' | grep -q libjitcrt.so && ! ldd '$work/b/aot_demo' | grep -q 'libjitc.so\|LLVM'"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(p C)\nfind_package(jitc 1.0 REQUIRED)\n' >"$work/CMakeLists.txt"
check "find_package(jitc 1.0) is refused by jitc 0.1" \
    bash -c "! cmake -S '$work' -B '$work/v' -DCMAKE_PREFIX_PATH='$work/moved' >'$work/v.log' 2>&1 && grep -q 'not compatible\|version' '$work/v.log'"
echo "cmake-package: $((checks - failures)) of $checks checks passed"
[ "$failures" = 0 ]
