#!/usr/bin/env bash
# run_tests.sh — jitc's conformance runner: every case of tests/conformance/*.krn through `jitc call`,
# every diagnostic of tests/errors/*.krn through `jitc check`. Plain bash and POSIX tools (od, cmp,
# tail, awk, grep): no Python, so CI can run it wherever jitc builds.
#
#   tests/run_tests.sh [-v] [FILE.krn...]     JITC=path/to/jitc (default: build/jitc of this checkout)
#
# Prints one line per failure (file:line of the CALL, the call, expected and got), then exactly
# `N passed, N failed` (`, N skipped` appended when any case was skipped); exits 1 if any failed,
# 2 if jitc cannot be run. -v also prints a line per passing case. A file's cases run in one
# `jitc call FILE --batch`; JITC_TEST_TIMEOUT (seconds, default 600) bounds each run of jitc
# where `timeout` exists.
#
# ---------------------------------------------------------------------------------- case format
# A .krn under tests/conformance/ is a Python module that Numba runs unchanged; its cases are comment
# lines, each starting with `# ` and a keyword, most often right above the function they exercise:
#
#   # CALL: FUNC ARG...        Starts a case: `jitc call FILE FUNC ARG...`. An ARG is an int literal
#                              (int64), a float literal or inf/nan (float64), True/False, or @NAME.npy:
#                              tests/conformance/data/NAME.npy, copied to a scratch directory first
#                              (jitc writes changed arrays back to that copy, never to the fixture),
#                              np.random.default_rng(SEED) (a fresh NumPy Generator, seeded as NumPy
#                              seeds it), or a tuple of ARGs without blanks: (1,(2.5,@NAME.npy)), a dict
#                              {1:2.5,7:(1,@NAME.npy)} (a numba.typed.Dict), a set {1,2} (a Python set).
#   # EXPECT-STDOUT: TEXT      One line of print() output, in order (`# EXPECT-STDOUT:` alone: an
#                              empty line).
#   # EXPECT: REPR             The return value as Python's repr prints it (`6765`, `0.5`, `True`,
#                              `(1, 2.5)`): the last line of stdout. None prints nothing: leave it out.
#   # EXPECT-ERROR: TEXT       The call fails: exit status 1 and TEXT (ZeroDivisionError, IndexError)
#                              in stderr. Any EXPECT-STDOUT lines are what was printed before.
#   # EXPECT-ARRAY: NAME.npy EXP.npy
#                              After the call, the scratch copy of NAME.npy holds exactly the data of
#                              tests/conformance/data/expected/EXP.npy: same dtype and shape in the
#                              header (whitespace aside), byte-identical elements (cmp).
#   # EXPECT-RETURN: EXP.npy   The call returns an array: jitc runs with `--out SCRATCH/returned.npy`,
#                              and that file must hold exactly the data of data/expected/EXP.npy,
#                              compared as EXPECT-ARRAY compares. Stands instead of EXPECT.
#   # SKIP: REASON             jitc does not run this case (counted as skipped).
#   # NUMBA-CRASHES: REASON    Numba would crash on this case (a recursion deeper than its stack):
#                              tests/differential/run_numba.py does not run it; jitc does, here.
#   # NUMBA-O3: REASON         Numba's result depends on LLVM's optimizations (undefined behaviour
#                              -O3 happens to define): run_numba.py's oracle compiles it at -O3, not
#                              at the -O0 it uses for the rest (tests/differential/run_numba.py).
#
# Directives belong to the most recent CALL. Stdout must equal the EXPECT-STDOUT lines followed by
# the EXPECT line, byte for byte; a case without EXPECT-ERROR must exit 0.
#
# A .krn under tests/errors/ is a program jitc must reject:
#   # EXPECT-DIAG: LINE:COL: error: MESSAGE
#                              `jitc check tests/errors/F.krn` exits 1 and its stderr holds a line
#                              containing `tests/errors/F.krn:LINE:COL: error: MESSAGE`, followed by
#                              source line LINE of F.krn and a caret line with `^` in column COL.
#   # NUMBA-CALL: FUNC ARG...  (for tests/differential/run_numba.py: Numba rejects this call too.)
#
# Every EXPECT comes from Numba: tests/differential/run_numba.py checks each expectation against
# Python+Numba, `--update` writes them, and `--jitc PATH` compares jitc with Numba directly.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
if [ -z "${JITC:-}" ]; then
    JITC=$root/build/jitc
else
    case $JITC in /*) ;; */*) JITC=$PWD/$JITC ;; esac
fi
verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
if ! command -v "$JITC" >/dev/null 2>&1 || [ -d "$JITC" ]; then
    echo "run_tests.sh: cannot run $JITC (build it with make, or set JITC)" >&2
    exit 2
fi
to=()
if command -v timeout >/dev/null 2>&1; then to=(timeout "${JITC_TEST_TIMEOUT:-600}"); fi

# Named files become paths relative to the checkout when they lie in it (jitc prints the path it is
# given, and the EXPECT-DIAG lines are matched against that).
files=()
for file in "$@"; do
    if [ -f "$file" ]; then file=$(cd "$(dirname "$file")" && pwd)/$(basename "$file"); fi
    files+=("${file#"$root"/}")
done
cd "$root" || exit 2
[ ${#files[@]} -gt 0 ] || files=(tests/conformance/*.krn tests/errors/*.krn)
data=tests/conformance/data
work=$(mktemp -d "${TMPDIR:-/tmp}/jitc-tests.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0

# The text of a file on one line (newlines shown as \n), cut to 300 characters.
flat() { awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }' "$1" | cut -c1-300; }

pass() {
    passed=$((passed + 1))
    if [ $verbose = 1 ]; then echo "ok   $1"; fi
}
fail() {
    failed=$((failed + 1))
    echo "FAIL $1: $2"
}

# npy_split FILE PREFIX: writes PREFIX.hdr (the header dict without whitespace) and PREFIX.data
# (the bytes after the header); fails if FILE is not a .npy file.
npy_split() {
    local b hlen hstart
    read -r -a b < <(od -An -tu1 -N12 "$1" 2>/dev/null | tr '\n' ' ')
    [ "${#b[@]}" = 12 ] && [ "${b[*]:0:6}" = "147 78 85 77 80 89" ] || return 1
    case ${b[6]} in
        1) hlen=$((b[8] + 256 * b[9])) hstart=10 ;;
        2 | 3) hlen=$((b[8] + 256 * b[9] + 65536 * b[10] + 16777216 * b[11])) hstart=12 ;;
        *) return 1 ;;
    esac
    tail -c +$((hstart + 1)) "$1" | head -c "$hlen" | tr -d ' \n' >"$2.hdr"
    tail -c +$((hstart + hlen + 1)) "$1" >"$2.data"
}

# npy_same GOT EXPECTED: prints why the arrays differ, if they do.
npy_same() {
    npy_split "$1" "$work/got" || { echo "not a .npy file"; return 1; }
    npy_split "$2" "$work/exp" || { echo "missing or bad fixture $2"; return 1; }
    if ! cmp -s "$work/got.hdr" "$work/exp.hdr"; then
        echo "header $(cat "$work/got.hdr"), expected $(cat "$work/exp.hdr")"
        return 1
    fi
    if ! cmp -s "$work/got.data" "$work/exp.data"; then
        echo "elements differ from $2 (first at data byte" \
            "$(cmp "$work/got.data" "$work/exp.data" 2>&1 | sed -n 's/.*differ: [a-z]* \([0-9]*\).*/\1/p'))"
        return 1
    fi
}

# ------------------------------------------------------------------------- conformance cases
# A file's cases run in one `jitc call FILE --batch` (one start of jitc for all of them): each case
# is a line of its standard input, and its output on stdout and stderr ends with a marker and the
# exit status the call would have had as a process of its own. Case K's files are under $work/c.K:
# its fixtures' copies, its expected stdout (expected), what it printed (out, err) and its status (rc).
ncase=0

# Writes case K's CALL as a line of the batch, its words separated by tabs (fixtures copied, --out
# added); false after a failure.
prepare_case() {
    local k=$1 dir=$work/c.$1 tok name line=()
    mkdir -p "$dir"
    set -f
    # shellcheck disable=SC2086 # the call is split into words on purpose
    set -- ${c_call[$k]}
    set +f
    line=("$1")
    shift
    for tok in "$@"; do
        while [[ $tok =~ @([A-Za-z0-9_.]+[.]npy) ]]; do # each fixture copied, its path in its place
            name=${BASH_REMATCH[1]}
            if ! cp "$data/$name" "$dir/$name" 2>/dev/null; then
                fail "${c_label[$k]}" "missing fixture $data/$name"
                return 1
            fi
            tok=${tok//@$name/$dir/$name}
        done
        line+=("$tok")
    done
    if [ -n "${c_ret[$k]}" ]; then line+=(--out "$dir/returned.npy"); fi
    (IFS=$'\t' && printf '%s\n' "${line[*]}") >>"$work/batch.in"
}

# Splits the batch's stdout or stderr (kind: out or err) at the markers into c.K/KIND; what
# follows the last marker goes to after.KIND, the count of markers to count.KIND.
split_batch() {
    awk -v dir="$work" -v kind="$1" -v first="$2" '
        function open_case() { f = (k < n ? dir "/c." idx[k] "/" kind : dir "/after." kind); printf "" > f }
        BEGIN { n = split(first, idx, " "); k = 0; for (i = 1; i <= n; i++) idx[i - 1] = idx[i]; open_case() }
        {
            i = index($0, "\036jitc-call-end ")
            if (!i) { print > f; next }
            if (i > 1) printf "%s", substr($0, 1, i - 1) > f
            close(f)
            if (kind == "out" && k < n) print substr($0, i + 15) > (dir "/c." idx[k] "/rc")
            k++
            open_case()
        }
        END { if (k < n) printf "" > (dir "/after." kind); print k > (dir "/count." kind) }' "$work/batch.$1"
}

# Checks case K against what its run left in c.K.
check_case() {
    local k=$1 dir=$work/c.$1 label=${c_label[$1]} tok name why got rc
    rc=$(cat "$dir/rc" 2>/dev/null || echo none)
    if [ -n "${c_err[$k]}" ]; then
        if [ "$rc" != 1 ] || ! grep -qF -- "${c_err[$k]}" "$dir/err"; then
            fail "$label" "expected ${c_err[$k]} (exit 1), got exit $rc: $(flat "$dir/err")"
            return 0
        fi
    elif [ "$rc" != 0 ]; then
        fail "$label" "expected '$(flat "$dir/expected")', got exit $rc: $(flat "$dir/err")"
        return 0
    fi
    if ! cmp -s "$dir/out" "$dir/expected"; then
        fail "$label" "expected '$(flat "$dir/expected")', got '$(flat "$dir/out")'"
        return 0
    fi
    for tok in ${c_arrays[$k]}; do
        name=${tok%%:*}
        if ! why=$(npy_same "$dir/$name" "$data/expected/${tok#*:}"); then
            fail "$label" "array $name: $why"
            return 0
        fi
    done
    if [ -n "${c_ret[$k]}" ]; then
        if [ ! -f "$dir/returned.npy" ]; then
            fail "$label" "expected a returned array like ${c_ret[$k]}, got none"
            return 0
        fi
        if ! why=$(npy_same "$dir/returned.npy" "$data/expected/${c_ret[$k]}"); then
            fail "$label" "returned array: $why"
            return 0
        fi
    fi
    pass "$label"
}

# Runs the prepared cases (their numbers in run) in one batch and checks each; a batch that ends
# early (a crash, a timeout) or with something after its last case (a leak report) fails the file.
run_batch() {
    local run=("$@") rc k count
    [ ${#run[@]} -gt 0 ] || return 0
    ${to[@]+"${to[@]}"} "$JITC" call "$file" --batch <"$work/batch.in" >"$work/batch.out" 2>"$work/batch.err"
    rc=$?
    split_batch out "${run[*]}"
    split_batch err "${run[*]}"
    for k in "${run[@]}"; do check_case "$k"; done
    count=$(cat "$work/count.out")
    if [ "$rc" != 0 ] || [ "$count" != ${#run[@]} ] || [ -s "$work/after.err" ]; then
        [ "$rc" = 124 ] && rc="$rc (timed out)"
        fail "$file" "the batch of ${#run[@]} calls ended with exit $rc after $count: $(flat "$work/after.err")"
    fi
}

# shellcheck disable=SC2094 # $file is only read; the cases write elsewhere
run_conformance_file() {
    local line n=0 k run=()
    rm -rf "$work"/c.* "$work"/batch.* && : >"$work/batch.in"
    c_call=() c_label=() c_err=() c_skip=() c_ret=() c_arrays=()
    k=-1
    while IFS= read -r line || [ -n "$line" ]; do
        n=$((n + 1))
        case $line in
            "# CALL: "*)
                k=$((k + 1))
                c_call[k]=${line#"# CALL: "} c_label[k]="$file:$n: ${line#"# CALL: "}"
                c_err[k]='' c_skip[k]='' c_ret[k]='' c_arrays[k]=''
                mkdir -p "$work/c.$k" && : >"$work/c.$k/expected"
                ;;
            "# EXPECT-STDOUT:") printf '\n' >>"$work/c.$k/expected" ;;
            "# EXPECT-STDOUT: "*) printf '%s\n' "${line#"# EXPECT-STDOUT: "}" >>"$work/c.$k/expected" ;;
            "# EXPECT: "*) printf '%s\n' "${line#"# EXPECT: "}" >>"$work/c.$k/expected" ;;
            "# EXPECT-ERROR: "*) c_err[k]=${line#"# EXPECT-ERROR: "} ;;
            "# EXPECT-ARRAY: "*) tok=${line#"# EXPECT-ARRAY: "} c_arrays[k]+=" ${tok%% *}:${tok#* }" ;;
            "# EXPECT-RETURN: "*) c_ret[k]=${line#"# EXPECT-RETURN: "} ;;
            "# SKIP:"*) c_skip[k]=${line#"# SKIP:"} c_skip[k]=${c_skip[k]# } c_skip[k]=${c_skip[k]:-skipped} ;;
        esac
    done <"$file"
    for ((i = 0; i <= k; i++)); do
        if [ -n "${c_skip[i]}" ]; then
            skipped=$((skipped + 1))
            if [ $verbose = 1 ]; then echo "skip ${c_label[i]}: ${c_skip[i]}"; fi
        elif prepare_case "$i"; then
            run+=("$i")
        fi
    done
    run_batch ${run[@]+"${run[@]}"}
}

# ---------------------------------------------------------------------------- error cases
run_errors_file() {
    local rc diag want src col why
    grep -q '^# EXPECT-DIAG: ' "$file" || return 0
    ${to[@]+"${to[@]}"} "$JITC" check "$file" >"$work/out" 2>"$work/err" </dev/null
    rc=$?
    while IFS= read -r diag; do
        diag=${diag#"# EXPECT-DIAG: "}
        want="$file:$diag"
        col=${diag#*:} col=${col%%:*}
        src=$(sed -n "${diag%%:*}p" "$file")
        if [ $rc != 1 ]; then
            fail "$file" "expected '$want' (exit 1), got exit $rc: $(flat "$work/err")"
            continue
        fi
        # The header line, then the source line, then the caret under column COL.
        why=$(WANT=$want SRC=$src COL=$col awk '
            state == 1 { if ($0 != ENVIRON["SRC"]) bad = "no source line after it"; state = 2; next }
            state == 2 {
                c = ENVIRON["COL"]
                if (substr($0, c, 1) != "^" || substr($0, 1, c - 1) ~ /[^ \t]/) bad = "no caret under column " c
                state = 3; next
            }
            state == 0 && index($0, ENVIRON["WANT"]) { state = 1 }
            END {
                if (state == 0) bad = "missing"
                else if (state < 3 && bad == "") bad = "no source line and caret after it"
                if (bad != "") { print bad; exit 1 }
            }' "$work/err")
        if [ -n "$why" ]; then
            fail "$file" "expected '$want' ($why), got '$(flat "$work/err")'"
        else
            pass "$file: $diag"
        fi
    done < <(grep '^# EXPECT-DIAG: ' "$file")
}

for file in "${files[@]}"; do
    [ -f "$file" ] || { [ $# -gt 0 ] && fail "$file" "no such file"; continue; }
    case $file in
        */errors/*) run_errors_file ;;
        *) run_conformance_file ;;
    esac
done

summary="$passed passed, $failed failed"
[ $skipped = 0 ] || summary="$summary, $skipped skipped"
echo "$summary"
[ $failed = 0 ]
