#!/usr/bin/env bash
# run.sh — `jitc build` end to end: the sample's flow (samples/aot: kernels.krn -> kernels.o +
# kernels.h -> a C program linked with libjitcrt) builds and passes its checks; the program holds
# no compiler; objects for other CPUs build; errors are located diagnostics and exit statuses,
# never crashes. Usage: tests/aot/run.sh [BUILD_DIR] (default build).
set -u
BUILD=$(cd "${1:-build}" && pwd)
JITC=$BUILD/jitc
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checks=0
check() { # check DESCRIPTION COMMAND...
    checks=$((checks + 1))
    if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi
}
status_is() { # status_is N COMMAND...: the command exits with N
    local want=$1
    shift
    "$@" >"$work/out" 2>"$work/err"
    [ $? = "$want" ]
}
err_has() { grep -q -- "$1" "$work/err"; }

out=$work/sample
make -s -C "$root/samples/aot" JITC_BUILD="$BUILD" OUT="$out" all >"$work/make.log" 2>&1
check "the sample builds: jitc build, then cc with libjitcrt" test -x "$out/aot_demo"
[ -x "$out/aot_demo" ] || cat "$work/make.log"
"$out/aot_demo" >"$work/demo.out" 2>"$work/demo.err"
check "the sample's checks all pass" grep -q "all checks passed" "$work/demo.out"
grep FAIL "$work/demo.out"
check "the program links no LLVM and no jitc compiler" \
    bash -c "! ldd '$out/aot_demo' | grep -qi llvm && ! nm '$out/aot_demo' | grep -q 'LLVM\|jitc_module_compile'"
check "the header declares one entry per signature (10)" test "$(grep -c '^[a-zA-Z].*__.*(' "$out/kernels.h")" = 10
check "the header compiles as C++ too" bash -c "command -v c++ >/dev/null || exit 0; echo '#include \"kernels.h\"' |
    c++ -x c++ -fsyntax-only -I'$root/include' -I'$out' -"

for cpu in generic x86-64-v3 skylake-avx512; do
    check "an object for --cpu $cpu builds" status_is 0 "$JITC" build "$root/samples/aot/kernels.krn" -o "$work/$cpu.o" --cpu "$cpu"
done
check "objects embed PTX for each --arch (two kernels, three architectures)" \
    bash -c "'$JITC' build '$root/samples/aot/kernels.krn' -o '$work/p.o' --arch sm_80,sm_90 --arch sm_70 &&
             [ \$(strings '$work/p.o' | grep -c '^.target sm_') = 6 ]"

printf 'from numba import njit\n@njit\ndef f(x):\n    return x\n' >"$work/nosig.krn"
check "a function without a signature: exit 1" status_is 1 "$JITC" build "$work/nosig.krn" -o "$work/n.o"
check "  named, with its location" err_has "nosig.krn:3:5: error: 'f' has no explicit signature"
printf 'from numba import guvectorize\n@guvectorize(["void(float64[:], float64[:])"], "(n)->()")\ndef g(a, out):\n    out[0] = a[0]\n' >"$work/gu.krn"
check "a @guvectorize function: exit 1, located" status_is 1 "$JITC" build "$work/gu.krn" -o "$work/g.o"
check "  saying it is not built ahead of time" err_has "gu.krn:3:5: error: 'g' cannot be built"
printf 'from numba import njit\n@njit("int64(int64)")\ndef f(x):\n    return x +\n' >"$work/syntax.krn"
check "a syntax error: exit 1" status_is 1 "$JITC" build "$work/syntax.krn" -o "$work/s.o"
check "an unknown CPU: exit 2, no crash" status_is 2 "$JITC" build "$root/samples/aot/kernels.krn" -o "$work/c.o" --cpu nosuchcpu
check "  named" err_has "unknown CPU 'nosuchcpu'"
check "a bad --arch: exit 2" status_is 2 "$JITC" build "$root/samples/aot/kernels.krn" -o "$work/c.o" --arch sm_9x
check "an architecture LLVM does not know: exit 2, named" status_is 2 "$JITC" build "$root/samples/aot/kernels.krn" -o "$work/c.o" --arch sm_999
check "  named" err_has "does not know GPU architecture 'sm_999'"
check "jitc emit --ptx for an architecture LLVM does not know: exit 2, no PTX" \
    status_is 2 "$JITC" emit --ptx "$root/samples/aot/kernels.krn" saxpy --arch sm_999
check "an object that cannot be written: exit 2" status_is 2 "$JITC" build "$root/samples/aot/kernels.krn" -o "$work/no/such/dir.o"
check "no -o: exit 2" status_is 2 "$JITC" build "$root/samples/aot/kernels.krn"

# the installed copy: make install, then the flow with its jitc and pkg-config alone
prefix=$work/prefix
make -s -C "$root" BUILD="$BUILD" install PREFIX="$prefix" >"$work/install.log" 2>&1
check "make install PREFIX=... installs jitc, both libraries, headers and .pc files" \
    test -x "$prefix/bin/jitc" -a -f "$prefix/lib/libjitcrt.so" -a -f "$prefix/include/jitcrt.h" -a -f "$prefix/lib/pkgconfig/jitc.pc"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check "the installed jitc builds the sample's object" \
    "$prefix/bin/jitc" build "$root/samples/aot/kernels.krn" -o "$work/i.o" --header "$work/kernels.h" --cpu generic
check "and it links with pkg-config --cflags --libs jitcrt and passes its checks" bash -c \
    "cc -std=c11 -D_GNU_SOURCE -I'$work' '$root/samples/aot/aot_demo.c' '$work/i.o' \$(pkg-config --cflags --libs jitcrt) -o '$work/installed_demo' &&
     '$work/installed_demo' 2>/dev/null | grep -q 'all checks passed'"
check "a program embedding the compiler links with pkg-config --cflags --libs jitc" bash -c \
    "cc -std=c11 -D_GNU_SOURCE '$root/samples/quickstart/quickstart.c' \$(pkg-config --cflags --libs jitc) -lm -o '$work/qs' &&
     '$work/qs' '$root/samples/quickstart/kernels.krn' >/dev/null 2>&1"
check "a showcase sample (saxpy) builds the same way and its checks pass" bash -c \
    "cc -std=c11 -D_GNU_SOURCE '$root/samples/saxpy/saxpy.c' '$root/samples/showcase.c' \$(pkg-config --cflags --libs jitc) -lm -o '$work/sx' &&
     '$work/sx' '$root/samples/saxpy/saxpy.krn' '$work/sx_out' 2>&1 | grep -q '^RESULT.saxpy.cpu parallel.ok'"
check "the man page is installed as jitc(1)" grep -q '^\.TH JITC 1' "$prefix/share/man/man1/jitc.1"

echo "aot: $((checks - failures)) of $checks checks passed"
[ "$failures" = 0 ]
