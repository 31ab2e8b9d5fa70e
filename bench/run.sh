#!/usr/bin/env bash
# bench/run.sh — first-call latency in a fresh process, and the trig ufunc (cpu, parallel), each
# against Numba measured in the same run
# (median of several processes each for the first call). Run through `make bench`.
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

echo
echo "trig ufunc cos(x)**2 + sin(x)**2 on 10^7 float32, best of 10 calls ($(nproc) cores);"
echo "inputs: arange(1e7) (the tutorial's), and bounded angles (i % 1000) * 0.00628"
jitc_times=$("$build/bench/ufunc")
echo "$jitc_times" | sed 's/^/  jitc  /; s/$/ ms/'
if python3 -c 'import numba' 2>/dev/null; then
    numba_times=$(python3 - <<'PY'
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
else
    echo "  numba: skipped (pip install numba numpy to compare)"
fi

echo
echo "loops of bench/prange.krn, serial and with prange (parallel=True), best of 10 calls ($(nproc) cores):"
echo "trig cos(x)**2 + sin(x)**2 and a sum of squares over 10^7 float64, a 5-point stencil on 4096x4096"
jitc_loops=$("$build/bench/prange" bench/prange.krn)
c_loops=$("$build/bench/c_loops")
if python3 -c 'import numba' 2>/dev/null; then
    numba_loops=$(python3 - <<'PY'
import importlib.machinery, importlib.util, time
import numpy as np
loader = importlib.machinery.SourceFileLoader("prange_bench", "bench/prange.krn")
spec = importlib.util.spec_from_loader("prange_bench", loader)
mod = importlib.util.module_from_spec(spec)
loader.exec_module(mod)
x = np.arange(10_000_000, dtype=np.float64)
out = np.empty_like(x)
a = (np.arange(4096 * 4096) % 977).astype(np.float64).reshape(4096, 4096)
b = np.zeros_like(a)
cases = [("trig", (x, out)), ("sum", (x,)), ("stencil", (a, b))]
for name, args in cases:
    for kind in ("serial", "parallel"):
        f = getattr(mod, f"{name}_{kind}")
        f(*args)
        best = min((lambda t: (f(*args), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(10))
        print(f"{name}_{kind}", f"{best * 1e3:.3f}")
PY
)
else
    numba_loops=""
    echo "  numba: skipped (pip install numba numpy to compare)"
fi
printf "  %-18s %10s %10s %10s %14s %12s\n" loop jitc numba "C -O3" "jitc/Numba" "jitc/C"
join <(echo "$jitc_loops" | sort) <(echo "$c_loops" | sort) | sort |
    while read -r name j c; do
        nb=$(echo "$numba_loops" | awk -v n="$name" '$1 == n {print $2}')
        awk -v n="$name" -v j="$j" -v c="$c" -v nb="${nb:-}" 'BEGIN {
            printf "  %-18s %8.2f ms %8s ms %7.2f ms %13s %11.2fx\n", n, j, nb == "" ? "-" : sprintf("%.2f", nb), c,
                   nb == "" ? "-" : sprintf("%.2fx", nb / j), c / j }'
    done
echo "  (ratios above 1: jitc is faster)"
