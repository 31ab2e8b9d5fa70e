#!/usr/bin/env bash
# before_after.sh — two builds of jitc compared in one run on this machine: the first call
# (bench/first_call, median of 15 fresh processes, alternating) and the CPU loops of
# bench/prange.krn (bench/prange, best of 10 calls, three interleaved rounds). For a change that
# must not change speed (a refactor): build the old tree in a worktree, then
#     git worktree add /tmp/old OLD && make -C /tmp/old build/bench/first_call build/bench/prange
#     make build/bench/first_call build/bench/prange && bench/before_after.sh /tmp/old/build/bench build/bench
set -euo pipefail
before=$1 after=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
echo "first call of fib(20) in a fresh process: context + parse + type + codegen + O3 + JIT + run (median of 15, alternating)"
for i in $(seq 15); do
  "$before/first_call" | sed -n 's/.*total \([0-9.]*\) ms.*/before \1/p'
  "$after/first_call" | sed -n 's/.*total \([0-9.]*\) ms.*/after \1/p'
done > "$tmp/fc.txt"
b=$(awk '$1=="before"{print $2}' "$tmp/fc.txt" | median); a=$(awk '$1=="after"{print $2}' "$tmp/fc.txt" | median)
echo "  before: $b ms   after: $a ms   after/before: $(awk -v a=$a -v b=$b 'BEGIN{printf "%.3f", a/b}')"
echo "  one run each, by phase:"
echo "    before: $($before/first_call)"
echo "    after:  $($after/first_call)"
echo
echo "CPU loops of bench/prange.krn, best of 10 calls each; before and after interleaved, three rounds"
for r in 1 2 3; do
  "$before/prange" bench/prange.krn | sed "s/^/before /"
  "$after/prange" bench/prange.krn | sed "s/^/after /"
done > "$tmp/loops.txt"
python3 - "$tmp/loops.txt" <<'PY'
import sys
best = {}
for line in open(sys.argv[1]):
    who, loop, ms = line.split()
    key = (loop, who)
    best[key] = min(best.get(key, 1e30), float(ms))
print(f"  {'loop':26s} {'before':>12s} {'after':>12s} {'after/before':>13s}")
for loop in sorted({l for l, _ in best}):
    b, a = best[(loop, "before")], best[(loop, "after")]
    print(f"  {loop:26s} {b:9.3f} ms {a:9.3f} ms {a / b:13.3f}")
PY
