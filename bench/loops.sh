#!/usr/bin/env bash
# loops.sh — the loops of bench/prange.krn, serial and with prange under parallel=True: jitc
# (bench/prange.c) against Numba running the same source and plain C at -O3 -march=native
# (bench/c_loops.c) built by gcc and, where given, by clang, in one run. bench/run.sh calls it,
# and tests/gpu/run.sh on the GPU machine's cores. Run from the repository root.
#   PRANGE=path/to/bench/prange  C_LOOPS=path/to/bench/c_loops (gcc's)  PYTHON=path/to/python (python3)
#   C_LOOPS_CLANG=path/to/clang's c_loops (optional: the clang column)
#   BENCH_TSV=FILE: the times are also appended there (name, jitc, Numba, gcc's C in ms; bench/plot.sh)
set -euo pipefail
py=${PYTHON:-python3}
echo "loops of bench/prange.krn, serial and with prange (parallel=True), best of 10 calls in each of ${ROUNDS:-3} rounds ($(nproc) cores):"
echo "trig cos(x)**2 + sin(x)**2 (on arange, and on bounded angles) and a sum of squares over 10^7"
echo "(sum_fastmath: the same sum under fastmath=True; C's with omp simd reduction)"
echo "float64, a 5-point stencil on 4096x4096 (indexed) and a 4-point one written with slices (slice_stencil);"
echo "array_trig: np.cos(x) ** 2 + np.sin(x) ** 2 returning a new array,"
echo "on float64 and int64 (_i64) arange(10^7)"
# ROUNDS rounds (default 3), each running jitc, C and Numba in turn; each loop's best over all of
# them: the three sides meet the machine in the same states, not one after the other
numba_round() {
    "$py" - <<'PY'
import importlib.machinery, importlib.util, time
import numpy as np
np.row_stack = np.vstack  # some Numba releases still use it; NumPy 2.5 removed it
loader = importlib.machinery.SourceFileLoader("prange_bench", "bench/prange.krn")
spec = importlib.util.spec_from_loader("prange_bench", loader)
mod = importlib.util.module_from_spec(spec)
loader.exec_module(mod)
x = np.arange(10_000_000, dtype=np.float64)
out = np.empty_like(x)
a = (np.arange(4096 * 4096) % 977).astype(np.float64).reshape(4096, 4096)
b = np.zeros_like(a)
bounded = (np.arange(10_000_000) % 1000) * 0.00628
ix = np.arange(10_000_000, dtype=np.int64)
cases = [("trig", "", (x, out)), ("sum", "", (x,)), ("sum_fastmath", "", (x,)), ("stencil", "", (a, b)), ("slice_stencil", "", (a, b)),
         ("array_trig", "", (x,)),
         ("array_trig", "_i64", (ix,)), ("trig", "_bounded", (bounded, out))]
for name, suffix, args in cases:
    for kind in ("serial", "parallel"):
        f = getattr(mod, f"{name}_{kind}")
        f(*args)
        best = min((lambda t: (f(*args), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(10))
        print(f"{name}_{kind}{suffix}", f"{best * 1e3:.3f}")
PY
}
best_of_rounds() { awk 'NF == 2 { if (!($1 in m) || $2 + 0 < m[$1] + 0) m[$1] = $2 } END { for (k in m) print k, m[k] }'; }
have_numba=""
if "$py" -c 'import numpy as np; np.row_stack = np.vstack; import numba' 2>/dev/null; then
    have_numba=1
else
    echo "  numba: skipped (no Numba in $py; make pyenv installs it into build/venv)"
fi
jitc_all="" c_all="" clang_all="" numba_all=""
for _ in $(seq "${ROUNDS:-3}"); do
    jitc_all+=$("$PRANGE" bench/prange.krn)$'\n'
    c_all+=$("$C_LOOPS")$'\n'
    [ -z "${C_LOOPS_CLANG:-}" ] || clang_all+=$("$C_LOOPS_CLANG")$'\n'
    [ -z "$have_numba" ] || numba_all+=$(numba_round)$'\n'
done
jitc_loops=$(echo "$jitc_all" | best_of_rounds)
c_loops=$(echo "$c_all" | best_of_rounds)
clang_loops=$(echo "$clang_all" | best_of_rounds)
numba_loops=$(echo "$numba_all" | best_of_rounds)
printf "  %-22s %10s %10s %10s %10s %11s %9s %10s\n" loop jitc numba "gcc -O3" "clang -O3" "jitc/Numba" "jitc/gcc" "jitc/clang"
time_of() { echo "$2" | awk -v n="$1" '$1 == n {print $2}'; } # time_of NAME TABLE
join <(echo "$jitc_loops" | sort) <(echo "$c_loops" | sort) | sort |
    while read -r name j c; do
        nb=$(time_of "$name" "$numba_loops") cl=$(time_of "$name" "$clang_loops")
        awk -v n="$name" -v j="$j" -v c="$c" -v nb="${nb:-}" -v cl="${cl:-}" '
            function ms(t) { return t == "" ? "-" : sprintf("%.2f", t) }
            function ratio(t) { return t == "" ? "-" : sprintf("%.2fx", t / j) }
            BEGIN { printf "  %-22s %7.2f ms %7s ms %7.2f ms %7s ms %11s %8.2fx %10s\n", n, j, ms(nb), c, ms(cl), ratio(nb), c / j, ratio(cl) }'
        [ -z "${BENCH_TSV:-}" ] || printf '%s\t%s\t%s\t%s\n' "$name" "$j" "${nb:--}" "$c" >>"$BENCH_TSV"
    done
echo "  (ratios above 1: jitc is faster; the goal against each C compiler: >= 0.98x)"
echo "$c_loops" | awk '$1 ~ /^copy_/ { t[$1] = $2 } END {
    printf "  memory floor of the stencils: a C copy loop over their 128 MB, %.2f ms on one core, %.2f ms on all (C)\n",
           t["copy_serial"], t["copy_parallel"] }'
