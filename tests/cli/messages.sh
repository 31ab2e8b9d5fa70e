#!/usr/bin/env bash
# messages.sh — the CLI's messages for what a user can get wrong at the limits,
# each checked for its exit status and its words: more arguments than a call takes, a function of
# more parameters than jitc compiles, a .npy of more dimensions than jitc takes, a recursion with
# no return to start from (reported alike by check, emit and call), a batch of calls, a --device
# that is no ordinal.
# Plain bash; the .npy files are written with printf. Usage: tests/cli/messages.sh [JITC] (default build/jitc).
set -u
JITC=${1:-${JITC:-build/jitc}}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0 checks=0

# expect DESCRIPTION STATUS TEXT COMMAND...: COMMAND exits with STATUS and its stderr holds TEXT.
expect() {
    checks=$((checks + 1))
    local what=$1 want=$2 text=$3
    shift 3
    "$@" >"$work/out" 2>"$work/err"
    local rc=$?
    if [ "$rc" = "$want" ] && grep -qF -- "$text" "$work/err"; then
        echo "ok   $what"
    else
        echo "FAIL $what: exit $rc (want $want), stderr:"
        sed 's/^/     /' "$work/err"
        failures=$((failures + 1))
    fi
}

# npy FILE NDIM: a float64 .npy of shape (1,)*NDIM holding one 0.0.
npy() {
    local shape="" i
    for ((i = 0; i < $2; i++)); do shape+="1, "; done
    local header="{'descr': '<f8', 'fortran_order': False, 'shape': (${shape}), }"
    while (((10 + ${#header} + 1) % 64)); do header+=" "; done
    local len=$((${#header} + 1))
    {
        printf '\x93NUMPY\x01\x00'
        printf "\\x$(printf %02x $((len % 256)))\\x$(printf %02x $((len / 256)))"
        printf '%s\n' "$header"
        printf '\0\0\0\0\0\0\0\0'
    } >"$1"
}

# module FILE NPARAMS: f(a0, ..., a<N-1>) returning a0 + a<N-1>, and total(a) = a.sum().
module() {
    local params="" i
    for ((i = 0; i < $2; i++)); do params+="${i:+, }a$i"; done
    params=${params#, }
    printf 'from numba import njit\n\n\n@njit\ndef f(%s):\n    return a0 + a%d\n\n\n@njit\ndef total(a):\n    return a.sum()\n' \
        "$params" $(($2 - 1)) >"$1"
}

module "$work/m64.py" 64
module "$work/m65.py" 65
printf 'from numba import njit\n\n\n@njit\ndef first(t):\n    return t[0]\n' >"$work/tup.py"
expect "a tuple ARG of 70 items" 2 "is a tuple of more than 64 items (a tuple ARG has at most 64)" \
    "$JITC" call "$work/tup.py" first "($(seq -s, 1 70))"
expect "a tuple ARG with an empty item" 2 "argument '(1,,2)' is not a tuple of ARGs: it has an empty item" \
    "$JITC" call "$work/tup.py" first "(1,,2)"
seventy=$(seq 1 70)
# shellcheck disable=SC2086
expect "70 arguments to a function of 1" 2 "total() takes 1 argument but 70 were given" \
    "$JITC" call "$work/m64.py" total $seventy
# shellcheck disable=SC2086
expect "70 arguments to a function of 64" 2 "f() takes 64 arguments but 70 were given" \
    "$JITC" call "$work/m64.py" f $seventy
checks=$((checks + 1))
# shellcheck disable=SC2086
if [ "$("$JITC" call "$work/m64.py" f $(seq 1 64))" = 65 ]; then echo "ok   64 arguments, the most"; else
    echo "FAIL 64 arguments, the most"; failures=$((failures + 1)); fi
expect "a def of 65 parameters (check)" 1 "m65.py:5:5: error: 'f' takes 65 parameters: jitc compiles functions of at most 64" \
    "$JITC" check "$work/m65.py"

npy "$work/r32.npy" 32
npy "$work/r33.npy" 33
checks=$((checks + 1))
if [ "$("$JITC" call "$work/m64.py" total "$work/r32.npy")" = 0.0 ]; then echo "ok   a .npy of 32 dimensions"; else
    echo "FAIL a .npy of 32 dimensions"; failures=$((failures + 1)); fi
expect "a .npy of 33 dimensions" 2 "r33.npy: an array of 33 dimensions: jitc takes arrays of at most 32 (NumPy 2 allows 64)" \
    "$JITC" call "$work/m64.py" total "$work/r33.npy"

printf 'from numba import njit\n\n\n@njit\ndef down(n):\n    return down(n - 1)\n' >"$work/rec.py"
said="rec.py:6:12: error: cannot infer the return type of the recursive call to 'down'"
expect "a recursion with no base case (check)" 1 "$said" "$JITC" check "$work/rec.py"
expect "a recursion with no base case (emit)" 1 "$said" "$JITC" emit --ir "$work/rec.py" down --sig "(int64,)"
expect "a recursion with no base case (call)" 1 "$said" "$JITC" call "$work/rec.py" down 3

# jitc call --batch: one call a line (words split at tabs), each ended on stdout and stderr by
# the marker and its exit status; a compile error, an unknown function and a bad argument in
# the middle do not end the batch
printf 'first\t(4, 5)\nfirst\t1\nnosuch\t1\nfirst\tx\nfirst\t(7,)\n' >"$work/batch.in"
"$JITC" call "$work/tup.py" --batch <"$work/batch.in" >"$work/out" 2>"$work/err"
rc=$? checks=$((checks + 1))
marks=$(grep -c $'^\x1ejitc-call-end [0-9]*$' "$work/err")
if [ $rc = 0 ] && [ "$(tr -d '\036' <"$work/out" | tr '\n' ' ')" = "4 jitc-call-end 0 jitc-call-end 1 jitc-call-end 2 jitc-call-end 2 7 jitc-call-end 0 " ] &&
    [ "$marks" = 5 ] && grep -qF "defines no function 'nosuch'" "$work/err"; then
    echo "ok   call --batch: each call ended by its status"
else
    echo "FAIL call --batch: exit $rc, stdout:"; sed 's/^/     /' "$work/out"; failures=$((failures + 1))
fi

# jitc launch --device: an ordinal, nothing else (checked before anything compiles, so also here
# without a GPU)
printf 'from numba import cuda\n@cuda.jit\ndef k(x):\n    x[0] = 1\n' >"$work/k.py"
expect "launch --device takes an ordinal" 2 "--device takes a CUDA device ordinal (jitc devices lists them), not 'x'" \
    "$JITC" launch "$work/k.py" k --grid 1 --block 1 --device x 1
expect "  not a negative one" 2 "--device takes a CUDA device ordinal (jitc devices lists them), not '-1'" \
    "$JITC" launch "$work/k.py" k --grid 1 --block 1 --device -1 1

echo "$((checks - failures)) passed, $failures failed"
[ "$failures" = 0 ]
