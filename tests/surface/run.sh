#!/usr/bin/env bash
# run.sh — the library surface. The dynamic interfaces (nm -D --defined-only): libjitc.so and
# libjitcrt.so export jitc_* and jitcrt_* names only (everything is built with
# -fvisibility=hidden; see libjitc.ver); each exports every function its public header marks
# (JITC_API, JITCRT_API); libjitcrt.so exports every function of runtime/rtabi.def, which
# `jitc build` objects call; libjitc.so keeps those jitc_rt_* local (the JIT binds them by
# address). And the names inside (nm --defined-only of each folder's objects): every global
# function and variable carries one of its folder's prefixes (PREFIXES below; docs/internals.md,
# "Names"). Usage: tests/surface/run.sh [BUILD_DIR] (default build).
set -u
BUILD=${1:-build}
root=$(cd "$(dirname "$0")/../.." && pwd)
passed=0 failed=0
check() { # check DESCRIPTION COMMAND...
    if "${@:2}"; then echo "ok   $1"; passed=$((passed + 1)); else echo "FAIL $1"; failed=$((failed + 1)); fi
}
exports() { nm -D --defined-only "$BUILD/$1" | awk '{print $3}' | sort -u; }
# Names a header declares with its export macro: `MACRO type name(`.
declared() { sed -n "s/^$1 [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p" "$2" | sort -u; }
only_prefixed() { # only_prefixed LIB: every export starts with jitc_ or jitcrt_
    local bad
    bad=$(exports "$1" | grep -v -E '^(jitc_|jitcrt_)')
    [ -z "$bad" ] || { echo "     $1 exports:" $bad; return 1; }
}
exports_all() { # exports_all LIB NAMES: each of NAMES (a newline-separated list) is exported
    local missing
    missing=$(comm -23 <(echo "$2" | sort -u) <(exports "$1"))
    [ -z "$missing" ] || { echo "     $1 lacks:" $missing; return 1; }
}
exports_none() { # exports_none LIB PATTERN
    local found
    found=$(exports "$1" | grep -E "$2")
    [ -z "$found" ] || { echo "     $1 exports:" $found; return 1; }
}

for lib in libjitc.so libjitcrt.so; do
    [ -f "$BUILD/$lib" ] || { echo "FAIL $BUILD/$lib is missing (make all)"; echo "0 passed, 1 failed"; exit 1; }
done
api=$(declared JITC_API "$root/include/jitc.h")
rtapi=$(declared JITCRT_API "$root/include/jitcrt.h")
rtabi=$(sed -n 's/^RT_FN(\([a-z_0-9]*\),.*/\1/p' "$root/runtime/rtabi.def")

check "libjitc.so exports only jitc_* and jitcrt_* names ($(exports libjitc.so | wc -l) symbols)" only_prefixed libjitc.so
check "libjitcrt.so exports only jitc_* and jitcrt_* names ($(exports libjitcrt.so | wc -l) symbols)" only_prefixed libjitcrt.so
check "libjitc.so exports every JITC_API function of jitc.h ($(echo "$api" | wc -l))" exports_all libjitc.so "$api"
check "libjitc.so exports every JITCRT_API function of jitcrt.h ($(echo "$rtapi" | wc -l))" exports_all libjitc.so "$rtapi"
check "libjitcrt.so exports every JITCRT_API function of jitcrt.h" exports_all libjitcrt.so "$rtapi"
check "libjitcrt.so exports every function of runtime/rtabi.def ($(echo "$rtabi" | wc -l))" exports_all libjitcrt.so "$rtabi"
check "libjitc.so keeps the jitc_rt_* functions local" exports_none libjitc.so '^jitc_rt_'
check "libjitcrt.so holds no compiler (no jitc_ API function but jitc_rt_*)" exports_none libjitcrt.so '^jitc_([^r]|r[^t]|rt[^_])'
# Each folder's prefixes. builder/ also defines the two names ir/ir.h declares for the printer of the
# builder's types that the IR holds opaque (a Spec's symbol, a module-level array's name).
PREFIXES="
frontend heap_ arena_ sb_ strmap_ ast_ diag_ lex_ parse_
gen      lex_
ir       ir_ ty_
builder  bld_ prog_ ir_spec_symbol ir_const_array_name
cpython  bld_
np       bld_ gu_
math     bld_
cuda     bld_ prog_
codegen  cg_ lw_
runtime  rt_ jitc_rt_ jitcrt_ pyrepr_
driver   drv_ dcache_ jitc_
cli      cli_ CLI_ npy_ repr_ main
"
prefixed() { # prefixed FOLDER PREFIX...: every global of build/obj/FOLDER/*.o starts with one
    local folder=$1 bad
    shift
    bad=$(nm --defined-only "$BUILD/obj/$folder"/*.o | awk '$2 ~ /^[A-TV-Z]$/ {print $3}' | sort -u |
          grep -v -E "^($(echo "$@" | tr ' ' '|'))")
    [ -z "$bad" ] || { echo "     $folder/:" $bad; return 1; }
}
while read -r folder prefixes; do
    [ -n "$folder" ] && check "the globals of $folder/ are named $prefixes" prefixed "$folder" $prefixes
done <<<"$PREFIXES"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
