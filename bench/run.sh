#!/usr/bin/env bash
# bench/run.sh — first-call latency in a fresh process, jitc against Numba measured in the same
# run (median of several processes each). Run through `make bench`.
#   JITC_BENCH_RUNS=N   processes per measurement (default 7)
set -euo pipefail
build=${BUILD:-build}
runs=${JITC_BENCH_RUNS:-7}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "first call of fib(20) in a fresh process ($runs runs each, median)"
jitc_total=$(for _ in $(seq "$runs"); do "$build/bench/first_call"; done | sed -n 's/.*total \([0-9.]*\) ms.*/\1/p' | median)
"$build/bench/first_call" | sed 's/^/  jitc  phases: /'
echo "  jitc  context + compile + first call: ${jitc_total} ms"
if python3 -c 'import numba' 2>/dev/null; then
    numba_call=$(for _ in $(seq "$runs"); do python3 - <<'PY'
import time
from numba import njit
t = time.perf_counter()
@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
assert fib(20) == 6765
print(f"{1e3 * (time.perf_counter() - t):.2f}")
PY
    done | median)
    echo "  numba decorate + compile + first call (import not counted): ${numba_call} ms"
    awk -v j="$jitc_total" -v n="$numba_call" 'BEGIN { printf "  ratio: jitc is %.1fx faster to a first result\n", n / j }'
else
    echo "  numba: skipped (pip install numba numpy to compare)"
fi
