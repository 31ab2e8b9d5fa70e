#!/usr/bin/env bash
# ptx_check.sh — PTX for the GPU kernels, checked without a GPU (CI has none): each kernel of
# tests/gpu/kernels.txt is emitted with `jitc emit --ptx`, its structure checked (a .entry
# with the right name, the expected instructions), and assembled by ptxas when ptxas is
# installed. Ends with `N passed, N failed`.
#   JITC=path/to/jitc  JITC_PTX_ARCH=sm_90 (default)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
JITC=${JITC:-$root/build/jitc}
arch=${JITC_PTX_ARCH:-sm_90}
examples=${JITC_EXAMPLES:-$root/examples}
ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
[ -n "$ptxas" ] || echo "note: ptxas not installed: PTX is checked for structure only"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0
# kernels.txt: FILE KERNEL SIGNATURE... | PATTERN[;PATTERN...] (paths relative to the repo, or
# $EXAMPLES/ for the tutorials' examples of examples/; a PATTERN written !PATTERN must not occur;
# one written 2:PATTERN or 2:!PATTERN is looked for in the kernel's second entry alone)
while IFS='|' read -r spec patterns; do
    case "$spec" in ''|'#'*) continue ;; esac
    read -r file kernel sig <<<"$spec"
    file=${file/\$EXAMPLES/$examples}
    [ "${file#/}" = "$file" ] && file=$root/$file
    if [ ! -f "$file" ]; then
        skipped=$((skipped + 1))
        continue
    fi
    out=$tmp/$kernel.ptx
    why=""
    if ! "$JITC" emit --ptx "$file" "$kernel" --sig "$sig" --arch "$arch" >"$out" 2>"$tmp/err"; then
        why="emit failed: $(head -3 "$tmp/err")"
    elif ! grep -q "^\.visible \.entry .*$(printf '%s' "$kernel" | LC_ALL=C sed 's/[\x80-\xff]/\\$[0-9A-F][0-9A-F]/g')" "$out"; then
        # (the entry's name: a non-ASCII byte of the kernel's is $XX in PTX)
        why="no .entry for $kernel"
    else
        sed -n '/^\.visible \.entry .*_a16(/,$p' "$out" >"$out.second"
        IFS=';' read -ra pats <<<"$patterns"
        for pat in "${pats[@]}"; do
            pat=$(echo "$pat" | sed 's/^ *//; s/ *$//')
            in=$out
            [ "${pat#2:}" != "$pat" ] && pat=${pat#2:} in=$out.second
            if [ "${pat#!}" != "$pat" ]; then
                grep -qE -- "${pat#!}" "$in" && why="has /${pat#!}/"
            elif [ -n "$pat" ]; then
                grep -qE -- "$pat" "$in" || why="missing /$pat/"
            fi
        done
    fi
    if [ -z "$why" ] && [ -n "$ptxas" ] && ! "$ptxas" -arch="$arch" "$out" -o "$tmp/out.cubin" 2>"$tmp/err"; then
        why="ptxas: $(head -3 "$tmp/err")"
    fi
    if [ -z "$why" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $file $kernel: $why"
    fi
done <"$here/kernels.txt"
# numba.cuda.libdevice: one kernel calling every function of ir/libdevice.def with arguments of its
# types (a tuple's items summed), emitted and assembled, so that each __nv_ name and type is libdevice's.
{
    echo 'from numba import cuda'
    echo 'from numba.cuda import libdevice'
    echo '@cuda.jit'
    echo 'def every_libdevice(f, d, i, l, h, out):'
    echo '    acc = 0.0'
    sed -n 's/^LIBDEVICE(\([a-z0-9_]*\), .\(.\)., "\([^"]*\)")$/\1 \2 \3/p' "$root/ir/libdevice.def" |
    while read -r name ret args; do
        call=$(echo "$args" | sed 's/[A-Z]//g; s/./&[0], /g; s/, $//')
        outs=$(echo "$args" | tr -cd 'A-Z' | wc -c)
        [ "$ret" != v ] && outs=$((outs + 1))
        if [ "$outs" -gt 1 ]; then
            echo "    t = libdevice.$name($call)"
            for k in $(seq 0 $((outs - 1))); do echo "    acc += t[$k]"; done
        else
            echo "    acc += libdevice.$name($call)"
        fi
    done
    echo '    out[0] = acc'
} >"$tmp/libdevice.py"
why=""
if ! "$JITC" emit --ptx "$tmp/libdevice.py" every_libdevice --arch "$arch" \
        --sig 'void(float32[::1], float64[::1], int32[::1], int64[::1], int16[::1], float64[::1])' >"$tmp/ld.ptx" 2>"$tmp/err"; then
    why="emit failed: $(head -3 "$tmp/err")"
elif ! grep -q "^\.visible \.entry .*every_libdevice" "$tmp/ld.ptx"; then
    why="no .entry for every_libdevice"
elif [ -n "$ptxas" ] && ! "$ptxas" -arch="$arch" "$tmp/ld.ptx" -o "$tmp/out.cubin" 2>"$tmp/err"; then
    why="ptxas: $(head -3 "$tmp/err")"
fi
if [ -z "$why" ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "FAIL every numba.cuda.libdevice function: $why"
fi
line="$passed passed, $failed failed"
[ "$skipped" -gt 0 ] && line="$line, $skipped skipped"
echo "$line"
[ "$failed" -eq 0 ]
