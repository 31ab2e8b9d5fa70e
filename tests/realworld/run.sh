#!/usr/bin/env bash
# run.sh — the host corpus (tests/realworld/*.py: real CPU Numba code copied unchanged from
# Numba's documentation and test suite, numba-examples and numba-benchmark; see run.py).
#
# Where $PYTHON (default: build/venv's python once `make pyenv` filled it, else python3) has
# Numba and NumPy, it runs run.py: every case under Numba and under jitc, results compared.
# Elsewhere, or with --compile-only, it needs no Python: it compiles every RUN line of every
# in-scope case with `jitc emit --llvm CASE FUNC --sig SIG` (the signatures run.py recorded in
# signatures.txt) and checks that jitc does not crash, that the cases expected_failures.txt lists
# with a diagnostic still fail to compile, and that every other case compiles. It prints one
# line per case, the failures by cause, and `N compiled, M failed, K skipped`; exit 1 on a case
# that differs from the list.
#   JITC=path/to/jitc  tests/realworld/run.sh [--compile-only] [FILTER]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
JITC=${JITC:-$root/build/jitc}
venv=$root/build/venv
py=${PYTHON:-$([ -f "$venv/.jitc-ready" ] && echo "$venv/bin/python" || echo python3)}
compile_only=0
[ "${1:-}" = "--compile-only" ] && { compile_only=1; shift; }
filter=${1:-}
if [ "$compile_only" = 0 ]; then
    if "$py" -c 'import numba, numpy' >/dev/null 2>&1; then
        JITC=$JITC exec "$py" "$here/run.py" ${filter:+"$filter"}
    fi
    echo "no Numba in $py (make pyenv installs it into build/venv): compile-only mode, without the comparison"
fi

expected=$here/expected_failures.txt
signatures=$here/signatures.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Split every corpus file into $tmp/BASE.prelude and $tmp/BASE.CASE (the case, then the harness
# lines `_rw_runK = njit(f)` of its RUN lines that name a decorator call, as run.py appends them),
# and one line per case in $tmp/oos: ID|out-of-scope reason.
: >"$tmp/oos"
for f in "$here"/*.py; do
    case $(basename "$f") in run.py | extract.py) continue ;; esac
    base=$(basename "$f" .py)
    awk -v base="$base" -v dir="$tmp" '
        function flush() { if (out != "") { printf "%s", harness > out; close(out) } }
        /^# === CASE / { flush(); name = $4; out = dir "/" base "." name; runs = 0; harness = ""
                         print base ":" name "|" >> (dir "/oos") }
        out == "" { print > (dir "/" base ".prelude"); next }
        { print > out }
        /^# RUN: / { if ($3 ~ /\(/) harness = harness "_rw_run" runs " = " $3 "\n"; runs++ }
        /^# OUT-OF-SCOPE: / { r = $0; sub(/^# OUT-OF-SCOPE: */, "", r); print base ":" name "|" r >> (dir "/oos") }
        END { flush() }
    ' "$f"
done

listed_cause() { grep -E "^$(printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g')[[:space:]]" "$expected" 2>/dev/null | head -1 | sed 's/^[^#]*# *//'; }
is_run_stage() { case "$1" in "call: "* | "wrong result"* | "crash at call"* | "timeout at call"* | "runner: "*) return 0 ;; esac; return 1; }

# $tmp/outcomes: ID|why per RUN line (why empty when it compiles; - for a case out of scope or
# that Numba cannot run, ? for an argument jitc call cannot pass: both skipped)
: >"$tmp/outcomes"
while IFS='|' read -r id func sig; do
    case $id in '#'* | '') continue ;; esac
    [ -n "$filter" ] && [[ "$id" != *"$filter"* ]] && continue
    if [ "$sig" = "-" ] || [ "$sig" = "?" ]; then
        echo "$id|$sig" >>"$tmp/outcomes"
        continue
    fi
    src=$tmp/case.py
    cat "$tmp/${id%%:*}.prelude" "$tmp/${id%%:*}.${id#*:}" >"$src"
    why=""
    "$JITC" emit --llvm "$src" "$func" ${sig:+--sig "$sig"} >/dev/null 2>"$tmp/err"
    rc=$?
    if [ "$rc" -gt 2 ]; then
        why="crash: jitc emit exited $rc"
    elif [ "$rc" -ne 0 ]; then
        why=$(grep -m1 'error' "$tmp/err" || head -1 "$tmp/err")
        why=$(printf '%s' "${why#"$src:"}" | sed -E "s/^[0-9]+:[0-9]+: //; s/^error: //; s/'[^']*'/'…'/g")
    fi
    echo "$id|$why" >>"$tmp/outcomes"
done <"$signatures"

# one verdict per case: its first RUN line that fails, as in run.py
passed=0 failed=0 skipped=0 unexpected=0
: >"$tmp/causes"
awk -F'|' '!($1 in seen) { seen[$1] = 1; order[++n] = $1; why[$1] = $2 }
           ($1 in seen) && why[$1] == "" { why[$1] = $2 }
           END { for (i = 1; i <= n; i++) print order[i] "|" why[order[i]] }' "$tmp/outcomes" >"$tmp/verdicts"
while IFS='|' read -r id why; do
    if [ "$why" = "-" ] || [ "$why" = "?" ]; then
        skipped=$((skipped + 1))
        reason=$(grep -F "$id|" "$tmp/oos" | sed -n 's/^[^|]*|//p' | grep . | head -1)
        if [ -n "$reason" ]; then echo "skip $id: out of scope: $reason"
        elif [ "$why" = "?" ]; then echo "skip $id: an argument jitc call cannot pass (run.py counts it)"
        else echo "skip $id: Numba cannot run it (run.py says why)"; fi
        continue
    fi
    listed=$(listed_cause "$id")
    if [ -z "$why" ]; then
        passed=$((passed + 1))
        if [ -n "$listed" ] && ! is_run_stage "$listed"; then
            unexpected=$((unexpected + 1))
            echo "ok   $id (listed in expected_failures.txt as not compiling: update it)"
        else
            echo "ok   $id"
        fi
        continue
    fi
    failed=$((failed + 1))
    echo "FAIL $id: $why"
    echo "$why" >>"$tmp/causes"
    if [ -z "$listed" ] || is_run_stage "$listed"; then
        unexpected=$((unexpected + 1))
        echo "     ^ expected_failures.txt does not list it as not compiling"
    fi
done <"$tmp/verdicts"

if [ -s "$tmp/causes" ]; then
    echo "failures by cause:"
    sort "$tmp/causes" | uniq -c | sort -rn | sed 's/^/  /'
fi
echo "$passed compiled, $failed failed, $skipped skipped (compile only)"
[ "$unexpected" -eq 0 ]
