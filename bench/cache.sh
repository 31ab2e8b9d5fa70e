#!/usr/bin/env bash
# bench/cache.sh — first-call latency in a fresh process with the on-disk cache: cold (empty
# cache), warm (filled by an earlier process), and with the cache off, for a host function and,
# where there is a GPU, a kernel (median of RUNS processes each; the ratio warm/cold is the
# gain). For the GPU, "cold" also turns the CUDA driver's own cache of compiled PTX off
# (CUDA_CACHE_DISABLE=1): a first run on a fresh machine; "warm" keeps it, as in daily use.
#   BUILD=build RUNS=7 bench/cache.sh
set -euo pipefail
build=${BUILD:-build}
runs=${RUNS:-7}
bin=$build/bench/cache_first_call
[ -x "$bin" ] || bin=$build/cache_first_call # the GPU bundle keeps its programs in one folder
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export JITC_CACHE_DIR=$dir/cache

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
total() { "$@" | sed -n 's/^total //p'; }

measure() { # measure host|gpu
    local kind=$1 cold warm off
    cold=$(for _ in $(seq "$runs"); do rm -rf "$JITC_CACHE_DIR"; CUDA_CACHE_DISABLE=1 JITC_CACHE=1 total "$bin" "$kind"; done | median)
    JITC_CACHE=1 "$bin" "$kind" >/dev/null
    warm=$(for _ in $(seq "$runs"); do JITC_CACHE=1 total "$bin" "$kind"; done | median)
    off=$(for _ in $(seq "$runs"); do JITC_CACHE=0 total "$bin" "$kind"; done | median)
    printf '  %-5s cold %8.2f ms   warm %8.2f ms   cache off %8.2f ms   warm is %.1fx faster than cold\n' \
        "$kind" "$cold" "$warm" "$off" "$(awk -v c="$cold" -v w="$warm" 'BEGIN { print c / w }')"
}

echo "first call in a fresh process, context to result, with the on-disk cache ($runs runs each, median)"
measure host
if "$bin" gpu >/dev/null 2>&1; then
    measure gpu
else
    echo "  gpu: skipped, $("$bin" gpu 2>&1 | head -1)"
fi
