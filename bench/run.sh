#!/usr/bin/env bash
# bench/run.sh — first-call latency in a fresh process, and the trig ufunc (cpu, parallel), each
# against Numba measured in the same run
# (median of several processes each for the first call), then the loops (loops.sh, then in one process
# beside Numba, same_arrays.py, and beside C, loops_ab) and @stencil
# (stencil.sh). Every time also goes to BENCH_TSV (default BUILD/bench/results.tsv), which
# bench/plot.sh draws as BUILD/bench/bench.png. Run through `make bench`.
#   JITC_BENCH_RUNS=N   processes per measurement (default 7)
set -euo pipefail
build=${BUILD:-build}
py=${PYTHON:-python3} # the Makefile passes build/venv's, which has Numba
runs=${JITC_BENCH_RUNS:-7}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
export BENCH_TSV=${BENCH_TSV:-$build/bench/results.tsv}
printf 'benchmark\tjitc\tNumba\tC -O3\n' >"$BENCH_TSV"

echo "first call of fib(20) in a fresh process ($runs runs each, median)"
jitc_total=$(for _ in $(seq "$runs"); do "$build/bench/first_call"; done | sed -n 's/.*total \([0-9.]*\) ms.*/\1/p' | median)
"$build/bench/first_call" | sed 's/^/  jitc  phases: /'
echo "  jitc  context + compile + first call: ${jitc_total} ms"
if "$py" -c 'import numba' 2>/dev/null; then
    numba_call=$(for _ in $(seq "$runs"); do "$py" - <<'PY'
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
    printf 'first_call\t%s\t%s\t-\n' "$jitc_total" "$numba_call" >>"$BENCH_TSV"
else
    echo "  numba: skipped (no Numba in $py; make pyenv installs it into build/venv)"
fi

echo
echo "trig ufunc cos(x)**2 + sin(x)**2 on 10^7 float32, best of 10 calls ($(nproc) cores);"
echo "inputs: arange(1e7) (the tutorial's), and bounded angles (i % 1000) * 0.00628"
jitc_times=$("$build/bench/ufunc")
echo "$jitc_times" | sed 's/^/  jitc  /; s/$/ ms/'
if "$py" -c 'import numba' 2>/dev/null; then
    numba_times=$("$py" - <<'PY'
import math, time
import numpy as np
from numba import vectorize
@vectorize(['float32(float32)'])
def trig_cpu(x):
    return math.cos(x) ** 2 + math.sin(x) ** 2
@vectorize(['float32(float32)'], target='parallel')
def trig_parallel(x):
    return math.cos(x) ** 2 + math.sin(x) ** 2
i = np.arange(10_000_000)
for name, x in (("arange", i.astype(np.float32)), ("bounded", (i % 1000).astype(np.float32) * np.float32(0.00628))):
    out = np.empty_like(x)
    for f in (trig_cpu, trig_parallel):
        f(x, out=out)
        best = min((lambda t: (f(x, out=out), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(10))
        print(f"{f.__name__}/{name}", f"{best * 1e3:.3f}")
PY
)
    echo "$numba_times" | sed 's/^/  numba /; s/$/ ms/'
    join <(echo "$jitc_times" | sort) <(echo "$numba_times" | sort) |
        awk '{ printf "  %s: jitc is %.2fx Numba'"'"'s speed\n", $1, $3 / $2 }'
    join <(echo "$jitc_times" | sort) <(echo "$numba_times" | sort) |
        awk '{ printf "ufunc_%s\t%s\t%s\t-\n", $1, $2, $3 }' >>"$BENCH_TSV"
else
    echo "  numba: skipped (no Numba in $py; make pyenv installs it into build/venv)"
fi

echo
PRANGE="$build/bench/prange" C_LOOPS="$build/bench/c_loops" C_LOOPS_CLANG="$build/bench/c_loops_clang" bench/loops.sh
if "$py" -c 'import numpy as np; np.row_stack = np.vstack; import numba' 2>/dev/null; then
    "$py" bench/same_arrays.py "$build/libjitc.so"
fi
"$build/bench/loops_ab"
"$build/bench/loops_ab_clang"

echo
STENCIL="$build/bench/stencil" bench/stencil.sh

echo
bench/plot.sh "$BENCH_TSV" "${BENCH_TSV%.tsv}.png" Numba "jitc, Numba and C on $(nproc) cores: make bench, $(date -u +%Y-%m-%d)"
