#!/usr/bin/env bash
# run.sh — the JIT's on-disk cache, end to end through the CLI, in a fresh cache directory:
# a second process gets its code from the cache; changing a called function invalidates the
# caller and nothing else; truncated or damaged entries are removed and rebuilt, never loaded;
# eight processes filling the cache at once leave only whole, valid entries; PTX is cached too;
# `jitc cache --list/--clear`. Usage: tests/cache/run.sh [JITC] (default build/jitc).
set -u
JITC=${1:-${JITC:-build/jitc}}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export JITC_CACHE_DIR=$work/cache JITC_DEBUG_CACHE=1
unset JITC_CACHE
failures=0 checks=0

check() { # check DESCRIPTION COMMAND...
    checks=$((checks + 1))
    if "${@:2}"; then echo "ok   $1"; else echo "FAIL $1"; failures=$((failures + 1)); fi
}
# run NAME FUNC: calls FUNC of $work/cached.krn on a.npy; stdout in NAME.out, stderr in NAME.err
run() { "$JITC" call "$work/cached.krn" "$2" "$work/a.npy" >"$work/$1.out" 2>"$work/$1.err"; }
says() { grep -q "$2" "$work/$1.err"; }
entries() { ls "$JITC_CACHE_DIR" 2>/dev/null | grep -c '\.jce$'; }
no_temporaries() { ! ls -A "$JITC_CACHE_DIR" | grep -q '^\.tmp'; }
same() { cmp -s "$work/$1.out" "$work/$2.out"; }
output_is() { [ "$(cat "$work/$1.out")" = "$2" ]; }

cp "$here/cached.krn" "$work/cached.krn"
# a.npy: float64 0.0 .. 9.0, written with Python's standard library alone
"${PYTHON:-python3}" - "$work/a.npy" <<'PY'
import struct, sys
header = "{'descr': '<f8', 'fortran_order': False, 'shape': (10,), }"
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<10d", *range(10)))
PY

run cold total
check "a cold run compiles and stores (miss, stored)" says cold "miss host total"
check "a cold run gives the right answer (3 * 45)" output_is cold 135.0
check "the cold run left one entry" test "$(entries)" = 1
run warm total
check "a second process loads the code from the cache (hit)" says warm "hit host total"
check "and does not compile it again" bash -c "! grep -q miss '$work/warm.err'"
check "the cached code gives the same answer" same cold warm
run trig1 trig
run uncached uncached
check "functions without cache=True are not cached" bash -c "! grep -q uncached '$work/uncached.err'"
JITC_CACHE=1 run env uncached
check "JITC_CACHE=1 caches every function" says env "miss host uncached"

sed -i 's/return x \* 3/return x * 4/' "$work/cached.krn"
run changed total
check "changing a called function recompiles the caller (miss)" says changed "miss host total"
check "and the new code runs (4 * 45)" output_is changed 180.0
run trig2 trig
check "a function that calls nothing changed stays cached (hit)" says trig2 "hit host trig"

key=$(sed -n 's/^jitc cache: stored host total.*\[\([0-9a-f]*\)\]$/\1/p' "$work/changed.err")
entry=$(ls "$JITC_CACHE_DIR"/"$key"*.jce)
truncate -s 100 "$entry"
run truncated total
check "a truncated entry is not loaded (miss) and is rebuilt" says truncated "stored host total"
check "the rebuilt code gives the right answer" output_is truncated 180.0
size=$(stat -c %s "$entry")
printf '\xff' | dd of="$entry" bs=1 seek=$((size - 20)) conv=notrunc status=none
run damaged total
check "an entry with a damaged byte is not loaded (miss) and is rebuilt" says damaged "stored host total"
check "the rebuilt code gives the right answer" output_is damaged 180.0
check "jitc cache --list shows every entry valid" bash -c "'$JITC' cache --list | tail -1 | grep -q '(0 corrupt)'"

rm -rf "$JITC_CACHE_DIR"
for i in 1 2 3 4 5 6 7 8; do run "par$i" total & done
wait
all_right=true
for i in 1 2 3 4 5 6 7 8; do output_is "par$i" 180.0 || all_right=false; done
check "eight processes filling an empty cache at once all get the right answer" $all_right
check "and leave one valid entry and no temporary file" bash -c "[ $(entries) = 1 ] && '$JITC' cache --list | tail -1 | grep -q '(0 corrupt)'"
check "no temporary files remain" no_temporaries

JITC_CACHE=1 "$JITC" emit --ptx "$here/../../samples/aot/kernels.krn" saxpy >"$work/ptx1.out" 2>"$work/ptx1.err"
JITC_CACHE=1 "$JITC" emit --ptx "$here/../../samples/aot/kernels.krn" saxpy >"$work/ptx2.out" 2>"$work/ptx2.err"
check "PTX is cached: the second process hits" says ptx2 "hit ptx saxpy"
check "and gets the same PTX" same ptx1 ptx2

"$JITC" cache --clear >/dev/null
check "jitc cache --clear empties the cache" test "$(entries)" = 0

echo "cache: $((checks - failures)) of $checks checks passed"
[ "$failures" = 0 ]
