#!/usr/bin/env bash
# stencil.sh — the @stencil benchmark: the functions of bench/stencil.krn (Numba's documented kernel
# and a 5x5 neighborhood box blur, each from @njit and @njit(parallel=True)) on a 2000x2000 float64
# array, jitc (bench/stencil.c) against Numba's @stencil running the same source, in one run.
# bench/run.sh calls it. Run from the repository root.
#   STENCIL=path/to/bench/stencil  PYTHON=path/to/python (python3)
#   BENCH_TSV=FILE: the times are also appended there (name, jitc, Numba, no C; bench/plot.sh)
set -euo pipefail
py=${PYTHON:-python3}
echo "@stencil on a 2000x2000 float64 array, best of 10 calls ($(nproc) cores):"
echo "kernel1: Numba's documented 4-point kernel; box5: a 5x5 box blur over neighborhood=((-2, 2), (-2, 2))"
jitc_times=$("$STENCIL" bench/stencil.krn)
if "$py" -c 'import numpy as np; np.row_stack = np.vstack; import numba' 2>/dev/null; then
    numba_times=$("$py" - <<'PY'
import importlib.machinery, importlib.util, time
import numpy as np
np.row_stack = np.vstack  # some Numba releases still use it; NumPy 2.5 removed it
loader = importlib.machinery.SourceFileLoader("stencil_bench", "bench/stencil.krn")
spec = importlib.util.spec_from_loader("stencil_bench", loader)
mod = importlib.util.module_from_spec(spec)
loader.exec_module(mod)
a = (np.arange(2000 * 2000) % 977).astype(np.float64).reshape(2000, 2000)
for name in ("kernel1_serial", "kernel1_parallel", "box5_serial", "box5_parallel"):
    f = getattr(mod, name)
    f(a)
    best = min((lambda t: (f(a), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(10))
    print(name, f"{best * 1e3:.3f}")
PY
)
else
    numba_times=""
    echo "  numba: skipped (no Numba in $py; make pyenv installs it into build/venv)"
fi
printf "  %-18s %10s %10s %12s\n" function jitc numba "jitc/Numba"
echo "$jitc_times" | while read -r name j; do
    nb=$(echo "$numba_times" | awk -v n="$name" '$1 == n {print $2}')
    awk -v n="$name" -v j="$j" -v nb="${nb:-}" 'BEGIN {
        printf "  %-18s %8.2f ms %8s ms %11s\n", n, j, nb == "" ? "-" : sprintf("%.2f", nb),
               nb == "" ? "-" : sprintf("%.2fx", nb / j) }'
    [ -z "${BENCH_TSV:-}" ] || printf 'stencil_%s\t%s\t%s\t-\n' "$name" "$j" "${nb:--}" >>"$BENCH_TSV"
done
echo "  (ratios above 1: jitc is faster)"
