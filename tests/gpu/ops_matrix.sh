#!/usr/bin/env bash
# ops_matrix.sh — every operator, conversion and math function at every numeric type, compiled
# to PTX (`jitc emit --ptx`, then ptxas when installed) and to host assembly (`jitc emit
# --asm`), so that no valid input reaches an LLVM instruction the target cannot select: LLVM
# answers that with "LLVM ERROR: Cannot select" and abort(), which takes the whole process
# (float `**` on the GPU did, through llvm.pow). It generates one kernel per operation into a
# scratch .krn; each (operation, type) is one emission. A combination that jitc must reject
# (`&` on a float) must fail with a located error, exit status 1. Ends with `N passed, N failed`.
#   JITC=path/to/jitc  JITC_PTX_ARCH=sm_90 (default)  JOBS=2 (parallel emissions)
#   OPS_MATRIX_HOST=0 skips the host assembly; OPS_MATRIX_SKIP=REGEX leaves out the operations
#   whose names match (to run an older jitc that lacks some of them)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
JITC=${JITC:-$root/build/jitc}
arch=${JITC_PTX_ARCH:-sm_90}
jobs=${JOBS:-2}
host=${OPS_MATRIX_HOST:-1}
ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
[ -n "$ptxas" ] || echo "note: ptxas not installed: PTX is checked by jitc only"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

TYPES="bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64"
# NAME|EXPRESSION of a, b, c (the elements a[i], b[i], c[i]) stored into a float64 element.
# The operators; bitwise ones take integers and bools only (the "int:" prefix).
OPS='add|a + b
sub|a - b
mul|a * b
truediv|a / b
floordiv|a // b
mod|a % b
pow|a ** b
pow_lit_int|a ** 3
pow_lit_neg|a ** -2
pow_lit_float|a ** 2.5
pow_lit_base|2.5 ** a
int:and|a & b
int:or|a | b
int:xor|a ^ b
int:lshift|a << b
int:rshift|a >> b
int:invert|~a
neg|-a
pos|+a
not|not a
abs|abs(a)
eq|a == b
ne|a != b
lt|a < b
le|a <= b
gt|a > b
ge|a >= b
min|min(a, b)
max|max(a, b)
round|round(a)
int|int(a)
float|float(a)
bool|bool(a)
divmod_parts|(a // b) + (a % b)
ternary|a if a > b else b'
for t in $TYPES; do OPS="$OPS
to_$t|$t(a)"; done
MATH1="sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh exp expm1 exp2 log log2 log10
log1p sqrt cbrt floor ceil trunc fabs erf erfc gamma lgamma isnan isinf isfinite radians degrees"
MATH2="atan2 pow copysign fmod hypot remainder nextafter"
for f in $MATH1; do OPS="$OPS
math_$f|math.$f(a)"; done
for f in $MATH2; do OPS="$OPS
math_$f|math.$f(a, b)"; done
OPS="$OPS
int:math_ldexp|math.ldexp(2.5, a)
math_ldexp_float|math.ldexp(a, 3)
math_frexp|math.frexp(a)[0] + math.frexp(a)[1]
math_modf|math.modf(a)[0] + math.modf(a)[1]
math_fma|cuda.fma(a, b, c)
math_cuda_cbrt|cuda.cbrt(a)"

[ -n "${OPS_MATRIX_SKIP:-}" ] && OPS=$(grep -vE "^(int:)?(${OPS_MATRIX_SKIP})\|" <<<"$OPS")

# one file per operation (small files compile faster): the kernel (cuda.jit) and its host
# twin (njit; cuda.fma and cuda.cbrt exist only on the GPU)
imports="import math
from numba import cuda, njit, $(echo $TYPES | sed 's/ /, /g')"
while IFS='|' read -r name expr; do
    name=${name#int:}
    body=$(printf '%s' "$expr" | sed -E 's/\<a\>/a[i]/g; s/\<b\>/b[i]/g; s/\<c\>/c[i]/g')
    {
        echo "$imports"
        printf '\n\n@cuda.jit\ndef k_%s(a, b, c, out):\n    i = cuda.grid(1)\n    if i < out.shape[0]:\n        out[i] = %s\n' "$name" "$body"
        case "$expr" in *cuda.*) ;; *)
            printf '\n\n@njit\ndef h_%s(a, b, c, out):\n    for i in range(out.shape[0]):\n        out[i] = %s\n' "$name" "$body" ;;
        esac
    } >"$tmp/$name.krn"
done <<<"$OPS"

# one line per emission: KIND NAME TYPE VALID
while IFS='|' read -r name expr; do
    valid_float=1
    case "$name" in int:*) valid_float=0; name=${name#int:} ;; esac
    for t in $TYPES; do
        valid=1
        case "$t" in float*) valid=$valid_float ;; esac
        echo "ptx $name $t $valid"
        case "$expr" in *cuda.*) ;; *) [ "$host" = 1 ] && echo "asm $name $t $valid" ;; esac
    done
done <<<"$OPS" >"$tmp/jobs"

# one emission; prints PASS or FAIL with the reason
check_one() {
    kind=$1 name=$2 t=$3 valid=$4
    sig="void($t[::1], $t[::1], $t[::1], float64[::1])"
    prefix=$([ "$kind" = ptx ] && echo k || echo h)
    out=$tmp/$kind.$name.$t.out err=$tmp/$kind.$name.$t.err
    "$JITC" emit --"$kind" "$tmp/$name.krn" "${prefix}_$name" --sig "$sig" --arch "$arch" >"$out" 2>"$err"
    rc=$?
    why=""
    if [ $rc -gt 1 ] || grep -q 'LLVM ERROR' "$err"; then
        why="exit $rc: $(grep -m1 -E 'LLVM ERROR|error' "$err" || head -1 "$err")"
    elif [ "$valid" = 1 ] && [ $rc -ne 0 ]; then
        why="rejected: $(head -1 "$err")"
    elif [ "$valid" = 0 ] && [ $rc -eq 0 ]; then
        why="compiled, but jitc should reject it"
    elif [ "$valid" = 0 ] && ! grep -q 'error:' "$err"; then
        why="rejected without a located error"
    elif [ $rc -eq 0 ] && [ "$kind" = ptx ] && [ -n "$ptxas" ] &&
        ! "$ptxas" -arch="$arch" "$out" -o "$out.cubin" 2>"$err.ptxas"; then
        why="ptxas: $(head -1 "$err.ptxas")"
    fi
    rm -f "$out" "$out.cubin"
    if [ -z "$why" ]; then echo "PASS"; else echo "FAIL $kind ${prefix}_$name $t: $why"; fi
}
export -f check_one
export JITC arch tmp ptxas

xargs -P "$jobs" -L 1 bash -c 'check_one "$@"' _ <"$tmp/jobs" >"$tmp/results" 2>"$tmp/xargs.err" # the shells report aborts there
passed=$(grep -c '^PASS' "$tmp/results")
failed=$(grep -c '^FAIL' "$tmp/results")
grep '^FAIL' "$tmp/results" | sort
echo "ops matrix ($(grep -c '^ptx' "$tmp/jobs") PTX, $(grep -c '^asm' "$tmp/jobs") host emissions): $passed passed, $failed failed"
[ "$failed" -eq 0 ]
