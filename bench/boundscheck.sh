#!/usr/bin/env bash
# boundscheck.sh — what bounds checking costs on the host: the loops of bench/prange.krn and the
# stencils of bench/stencil.krn, each program run ROUNDS times (default 3) with checks off
# (JITC_BOUNDSCHECK=0) and as compiled by default (checked: the module's own host code), the two
# alternating so that the machine's drift falls on both; each function's best time of either
# kind, and checked / unchecked (1.00x: free). Run from the repository root after
# `make build/bench/prange build/bench/stencil`.
#   BUILD=build  ROUNDS=3
set -euo pipefail
build=${BUILD:-build}
rounds=${ROUNDS:-3}
runs=$(mktemp)
trap 'rm -f "$runs"' EXIT
for ((r = 0; r < rounds; r++)); do
    for check in off default; do
        env_check=$([ $check = off ] && echo 0 || echo)
        for prog in prange stencil; do
            JITC_BOUNDSCHECK=$env_check "$build/bench/$prog" "bench/$prog.krn" | sed "s/^/$check /" >>"$runs"
        done
    done
done
echo "bounds checks on the host: $rounds runs of each program alternating, each function best of 10 calls ($(nproc) cores)"
echo "(best: the best run of either kind; median: the median run's; a ratio within a few percent of 1 is this machine's noise)"
sort -k2,2 -k1,1 -s "$runs" | awk '
    function median(list,   n, v, i, j, t) { n = split(list, v, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
    { times[$1, $2] = times[$1, $2] " " $3; if (!($2 in seen)) { seen[$2] = 1; order[n++] = $2 } }
    END { printf "  %-26s %10s %10s %8s %10s %10s %8s\n", "function", "unchecked", "checked", "best", "unchecked", "checked", "median"
          for (i = 0; i < n; i++) { k = order[i]
              split(times["off", k], u, " "); split(times["default", k], c, " ")
              bu = 1e30; bc = 1e30; for (j in u) if (u[j] + 0 < bu) bu = u[j] + 0; for (j in c) if (c[j] + 0 < bc) bc = c[j] + 0
              mu = median(times["off", k]); mc = median(times["default", k])
              printf "  %-26s %7.2f ms %7.2f ms %7.3fx %7.2f ms %7.2f ms %7.3fx\n", k, bu, bc, bc / bu, mu, mc, mc / mu } }'
