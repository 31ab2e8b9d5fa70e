#!/usr/bin/env bash
# run.sh — jitc's golden tests, one folder per stage, every one through the jitc CLI. Plain bash
# and POSIX tools (diff, mktemp): no Python.
#
#   tests/golden/run.sh [FILE.krn...]     JITC=path/to/jitc (default: build/jitc of this checkout)
#
#   stage   input             expected     made by
#   parse   parse/NAME.krn    NAME.out     jitc emit --ast NAME.krn
#   ir      ir/NAME.krn       NAME.ir      jitc emit --ir NAME.krn FUNC --sig SIGNATURE
#   llvm    llvm/NAME.krn     NAME.ll      jitc emit --llvm-raw NAME.krn FUNC --sig SIGNATURE
#   call    call/NAME.krn     NAME.out     jitc call NAME.krn FUNC ARG..., then `exit status N`
#   check   check/NAME.py     NAME.out     jitc check --verbose NAME.py (whole Python files: what
#                                          was skipped, and the diagnostics of constructs jitc
#                                          does not support; exit status 0 or 1)
#
# An ir or llvm file names what to emit on its first line: `# EMIT: FUNC SIGNATURE`; a call file
# what to call: `# CALL: FUNC ARG...` (its output records the exit status: a runtime error is 1). What a run
# prints is its stdout followed by its stderr: for a parse file with syntax errors (err_*.krn),
# the tree of what parsed, then the diagnostics. jitc runs inside the stage's folder on the bare
# file name, so the names in diagnostics and in the IR's "file:line:col" strings do not depend on
# where the checkout is. A run fails when its output differs from the expected file (the
# `diff -u` is printed), when jitc exits with 2 or more (bad usage, a crash), and for ir and llvm
# when it exits non-zero at all.
#
# Ends with exactly `N passed, M failed`; exits 1 if any failed, 2 if jitc cannot be run.
# JITC_UPDATE_GOLDEN=1 writes what jitc prints into the expected files instead (runs that fail
# as above are not written): review `git diff tests/golden` before committing.
set -u
shopt -s nullglob

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$(dirname "$here")")
if [ -z "${JITC:-}" ]; then
    JITC=$root/build/jitc
else
    case $JITC in /*) ;; */*) JITC=$PWD/$JITC ;; esac
fi
if ! command -v "$JITC" >/dev/null 2>&1 || [ -d "$JITC" ]; then
    echo "run.sh: cannot run $JITC (build it with make, or set JITC)" >&2
    exit 2
fi
to=()
if command -v timeout >/dev/null 2>&1; then to=(timeout "${JITC_TEST_TIMEOUT:-60}"); fi
update=0
if [ "${JITC_UPDATE_GOLDEN:-0}" = 1 ]; then update=1; fi

files=()
for file in "$@"; do
    if [ ! -f "$file" ]; then
        echo "run.sh: no file $file" >&2
        exit 2
    fi
    files+=("$(cd "$(dirname "$file")" && pwd)/$(basename "$file")")
done
if [ ${#files[@]} -eq 0 ]; then
    files=("$here"/parse/*.krn "$here"/ir/*.krn "$here"/llvm/*.krn "$here"/call/*.krn "$here"/check/*.py)
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/jitc-golden.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

# The expected file's extension for a stage's folder, or nothing for a folder that is none.
expected_ext() {
    case $1 in
    parse) echo out ;;
    ir) echo ir ;;
    llvm) echo ll ;;
    call) echo out ;;
    check) echo out ;;
    esac
}

# Runs jitc on one file (in its folder) into $work/actual; sets rc. Returns 1 when the file is
# malformed (no `# EMIT:` line where one is needed).
run_jitc() {
    local dir=$1 name=$2 stage=$3
    local first func sig
    if [ "$stage" = parse ]; then
        (cd "$dir" && "${to[@]}" "$JITC" emit --ast "$name" >"$work/stdout" 2>"$work/stderr")
        rc=$?
    elif [ "$stage" = check ]; then
        (cd "$dir" && "${to[@]}" "$JITC" check --verbose "$name" >"$work/stdout" 2>"$work/stderr")
        rc=$?
    elif [ "$stage" = call ]; then
        IFS= read -r first <"$dir/$name" || first=
        if [[ ! $first =~ ^#\ CALL:\ (.+)$ ]]; then
            echo "$name: needs a first line '# CALL: FUNC ARG...'" >"$work/actual"
            return 1
        fi
        local -a words
        read -r -a words <<<"${BASH_REMATCH[1]}"
        (cd "$dir" && "${to[@]}" "$JITC" call "$name" "${words[@]}" >"$work/stdout" 2>"$work/stderr")
        rc=$?
        echo "exit status $rc" >>"$work/stderr"
        cat "$work/stdout" "$work/stderr" >"$work/actual"
        [ "$rc" -le 1 ] && rc=0 # a runtime error is what the file shows
        return 0
    else
        IFS= read -r first <"$dir/$name" || first=
        if [[ ! $first =~ ^#\ EMIT:\ ([^ ]+)\ (.+)$ ]]; then
            echo "$name: needs a first line '# EMIT: FUNC SIGNATURE'" >"$work/actual"
            return 1
        fi
        func=${BASH_REMATCH[1]}
        sig=${BASH_REMATCH[2]}
        local kind=--ir
        [ "$stage" = llvm ] && kind=--llvm-raw
        (cd "$dir" && "${to[@]}" "$JITC" emit "$kind" "$name" "$func" --sig "$sig" >"$work/stdout" 2>"$work/stderr")
        rc=$?
    fi
    cat "$work/stdout" "$work/stderr" >"$work/actual"
    return 0
}

# Checks (or, updating, rewrites) the expected file of one .krn.
check_one() {
    local path=$1
    local dir name stage ext expected
    dir=$(dirname "$path")
    name=$(basename "$path")
    stage=$(basename "$dir")
    ext=$(expected_ext "$stage")
    if [ -z "$ext" ]; then
        echo "run.sh: $path is in no stage's folder (parse, ir, llvm, call, check)" >&2
        failed=$((failed + 1))
        return
    fi
    local base=${name%.krn}
    base=${base%.py}
    expected=$dir/$base.$ext
    local shown=tests/golden/$stage/$base.$ext
    rc=0
    if ! run_jitc "$dir" "$name" "$stage"; then
        echo "FAIL tests/golden/$stage/$(cat "$work/actual")"
        failed=$((failed + 1))
        return
    fi
    if [ "$rc" -ge 2 ] || { [ "$stage" != parse ] && [ "$stage" != check ] && [ "$rc" -ne 0 ]; }; then
        echo "FAIL $shown: jitc exited with status $rc"
        cat "$work/actual"
        failed=$((failed + 1))
        return
    fi
    if [ "$update" = 1 ]; then
        if ! cmp -s "$work/actual" "$expected"; then
            cp "$work/actual" "$expected"
            echo "updated $shown"
        fi
        passed=$((passed + 1))
    elif [ -f "$expected" ] && cmp -s "$expected" "$work/actual"; then
        passed=$((passed + 1))
    else
        echo "FAIL $shown"
        local want=$expected
        [ -f "$want" ] || want=/dev/null
        diff -u --label "$shown (expected)" --label "$shown (actual)" "$want" "$work/actual"
        failed=$((failed + 1))
    fi
}

for file in "${files[@]}"; do
    check_one "$file"
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
