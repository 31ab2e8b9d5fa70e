#!/usr/bin/env bash
# run.sh — the JIT's on-disk cache, end to end through the CLI, in a fresh cache directory:
# a second process gets its code from the cache; changing a called function invalidates the
# caller and nothing else; truncated or damaged entries are removed and rebuilt, never loaded;
# eight processes filling the cache at once leave only whole, valid entries; PTX is cached too;
# an entry copied into another key's slot, a FIFO, a link or an oversized file in an entry's place
# is refused and rebuilt; a directory others can write is refused with a warning; an uncached
# function calls one compiled through the cache by its signature;
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

# An entry is trusted for its key, not its place: another kernel's PTX copied into saxpy's slot
# is refused and rebuilt, never served.
kernels="$here/../../samples/aot/kernels.krn"
ptx() { JITC_CACHE=1 "$JITC" emit --ptx "$kernels" "$2" >"$work/$1.out" 2>"$work/$1.err"; }
slot() { ls "$JITC_CACHE_DIR"/"$(sed -n "s/^jitc cache: $2.*\[\([0-9a-f]*\)\]$/\1/p" "$work/$1.err" | head -1)"*.jce; }
ptx shift1 shift_left
cp "$(slot shift1 'stored ptx shift_left')" "$(slot ptx1 'stored ptx saxpy')"
ptx swapped saxpy
check "another kernel's PTX copied into a kernel's slot is refused and rebuilt" says swapped "stored ptx saxpy"
check "and the kernel's own PTX comes out" same ptx1 swapped
cp "$(slot changed 'stored host total')" "$(slot trig1 'stored host trig')"
run host_swapped trig
check "another function's object copied into a slot is refused and rebuilt" says host_swapped "stored host trig"
check "and the function's own code runs" same trig1 host_swapped
run host_again trig
check "the next process hits the rebuilt entry" says host_again "hit host trig"

# Files that are not entries in an entry's place: never read, never a hang, removed and rebuilt.
trig_slot=$(slot trig1 'stored host trig')
rm -f "$trig_slot" && mkfifo "$trig_slot"
timeout 60 "$JITC" call "$work/cached.krn" trig "$work/a.npy" >"$work/fifo.out" 2>"$work/fifo.err"
check "a FIFO in an entry's place does not hang a process, and is replaced" says fifo "stored host trig"
check "by a regular file" test -f "$trig_slot"
timeout 60 "$JITC" cache --list >/dev/null
check "jitc cache --list does not hang on a FIFO either" test $? = 0
rm -f "$trig_slot" && ln -s "$(slot changed 'stored host total')" "$trig_slot"
run symlinked trig
check "a symbolic link in an entry's place is not followed, and is replaced" says symlinked "stored host trig"
truncate -s 3G "$trig_slot" # sparse: no disk is used
start=$(date +%s)
run huge trig
check "an entry over the size cap is refused at once and rebuilt" says huge "stored host trig"
check "without reading it (under 10 s)" test $(($(date +%s) - start)) -lt 10

# A cache directory others can write to is never used, and the user is told why.
chmod 777 "$JITC_CACHE_DIR"
run unsafe trig
check "a cache directory writable by others is not used" bash -c "! grep -q 'hit host trig' '$work/unsafe.err'"
check "and a warning says why" says unsafe "can be written by other users (mode 0777)"
check "the function still runs" same trig1 unsafe
"$JITC" cache --list >"$work/unsafe_list.out" 2>"$work/unsafe_list.err"
check "jitc cache --list refuses it with the reason (exit 1)" test $? = 1
check "naming the fix" says unsafe_list "chmod 700"
chmod 700 "$JITC_CACHE_DIR"
rm -rf "$work/fresh_cache"
JITC_CACHE_DIR=$work/fresh_cache run fresh trig
check "a new cache directory is private to the user (0700)" test "$(stat -c %a "$work/fresh_cache")" = 700

# An uncached function calling a cached one compiled by its signature: cold, then warm.
cp "$here/signature_callee.krn" "$work/signature_callee.krn"
for temp in cold warm; do
    "$JITC" call "$work/signature_callee.krn" squares "$work/a.npy" >"$work/squares_$temp.out" 2>"$work/squares_$temp.err"
    check "an uncached function calls one compiled through the cache by its signature ($temp cache)" output_is squares_$temp 10.0
done

"$JITC" cache --clear >/dev/null
check "jitc cache --clear empties the cache" test "$(entries)" = 0

echo "cache: $((checks - failures)) of $checks checks passed"
[ "$failures" = 0 ]
