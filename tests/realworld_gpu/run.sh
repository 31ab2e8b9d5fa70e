#!/usr/bin/env bash
# run.sh — the GPU corpus (tests/realworld_gpu/*.py: real kernels from numba-cuda's documentation
# and test suite, unchanged), compiled without a GPU. Each file is a prelude (the imports and
# module constants its kernels need) followed by cases, each starting `# === CASE name`; a case
# is compiled as the prelude followed by that case alone, so one kernel's gap cannot fail another:
#   jitc emit --ptx CASE.py KERNEL --sig SIG --arch sm_80, then ptxas -arch=sm_80 on the PTX
#   (skipped, with one line saying so, where ptxas is not installed).
# Prints one line per kernel (ok / FAIL with the first diagnostic / skip for OUT-OF-SCOPE cases),
# the failures counted by cause (the diagnostic with quoted names stripped), and last the line
# `N passed, M failed, K skipped`.
# expected_failures.txt lists the in-scope kernels that fail today (FILE:CASE  # cause): the run
# fails (exit 1) when a kernel not listed there fails, or when a listed one passes (remove it).
#   JITC=path/to/jitc  JITC_PTX_ARCH=sm_80 (default)  ./run.sh [--update] [FILTER]
#   --update rewrites expected_failures.txt with today's failures; FILTER keeps the ids matching it.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
JITC=${JITC:-$root/build/jitc}
arch=${JITC_PTX_ARCH:-sm_80}
update=0
[ "${1:-}" = "--update" ] && { update=1; shift; }
filter=${1:-}
expected=$here/expected_failures.txt
ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
[ -n "$ptxas" ] || echo "skip ptxas: not installed (no CUDA toolkit): the PTX is emitted but not assembled"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Split every corpus file: $tmp/BASE.prelude, $tmp/BASE.N (case N) and one manifest line per
# case: id|file|kernel|signature|out-of-scope reason.
for f in "$here"/*.py; do
    [ "$(basename "$f")" = run_gpu.py ] && continue
    base=$(basename "$f" .py)
    awk -v base="$base" -v dir="$tmp" '
        /^# === CASE / { n++; name = $4; out = dir "/" base "." n; kernel = ""; sig = ""; oos = "" }
        n == 0 { print > (dir "/" base ".prelude"); next }
        { print > out }
        /^# KERNEL: / { kernel = $3; sig = $0; sub(/^# KERNEL: [^ ]+ */, "", sig) }
        /^# OUT-OF-SCOPE: / { oos = $0; sub(/^# OUT-OF-SCOPE: */, "", oos) }
        /^# KERNEL: / || /^# OUT-OF-SCOPE: / { meta[n] = base ":" name "|" base "." n "|" kernel "|" sig "|" oos }
        END { for (i = 1; i <= n; i++) print meta[i] > (dir "/" base ".manifest") }
    ' "$f"
    touch "$tmp/$base.prelude"
done
cat "$tmp"/*.manifest >"$tmp/all"

is_expected() { grep -qE "^$(printf '%s' "$1" | sed 's/[.[\*^$]/\\&/g')([[:space:]]|$)" "$expected" 2>/dev/null; }
passed=0 failed=0 skipped=0 unexpected=0
: >"$tmp/causes"
: >"$tmp/failures"
while IFS='|' read -r id part kernel sig oos; do
    [ -n "$filter" ] && [[ "$id" != *"$filter"* ]] && continue
    if [ -n "$oos" ]; then
        skipped=$((skipped + 1))
        echo "skip $id: out of scope: $oos"
        continue
    fi
    src=$tmp/case.py
    cat "$tmp/${part%.*}.prelude" "$tmp/$part" >"$src"
    why=""
    if ! "$JITC" emit --ptx "$src" "$kernel" --sig "$sig" --arch "$arch" >"$tmp/out.ptx" 2>"$tmp/err"; then
        why=$(grep -m1 'error' "$tmp/err" || head -1 "$tmp/err")
        [ -n "$why" ] || why="jitc exited non-zero with no diagnostic"
    elif [ -n "$ptxas" ] && ! "$ptxas" -arch="$arch" "$tmp/out.ptx" -o "$tmp/out.cubin" 2>"$tmp/err"; then
        why="ptxas: $(grep -m1 . "$tmp/err")"
    fi
    if [ -z "$why" ]; then
        passed=$((passed + 1))
        if [ "$update" = 0 ] && is_expected "$id"; then
            unexpected=$((unexpected + 1))
            echo "ok   $id (listed in expected_failures.txt: remove it)"
        else
            echo "ok   $id"
        fi
        continue
    fi
    failed=$((failed + 1))
    why=${why#"$src:"}
    echo "FAIL $id: $why"
    # the cause: the message after 'error:', quoted names stripped
    cause=$(printf '%s' "$why" | sed -E "s/^[0-9]+:[0-9]+: //; s/^error: //; s/'[^']*'/'…'/g")
    echo "$cause" >>"$tmp/causes"
    echo "$id  # $cause" >>"$tmp/failures"
    if [ "$update" = 0 ] && ! is_expected "$id"; then
        unexpected=$((unexpected + 1))
        echo "     ^ not in expected_failures.txt"
    fi
done <"$tmp/all"

if [ -s "$tmp/causes" ]; then
    echo "failures by cause:"
    sort "$tmp/causes" | uniq -c | sort -rn | sed 's/^/  /'
fi
if [ "$update" = 1 ]; then
    { echo "# In-scope kernels of the GPU corpus that do not compile and assemble yet (FILE:CASE  # cause)."
      echo "# run.sh fails when one of these passes (remove it) or when a kernel not listed fails."
      echo "# Regenerate with: tests/realworld_gpu/run.sh --update"
      cat "$tmp/failures"; } >"$expected"
    echo "wrote $expected"
fi
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$unexpected" -eq 0 ]
