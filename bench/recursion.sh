#!/bin/sh
# recursion.sh — the cost of the RecursionError check on fib(32) (bench/recursion.c): the same
# program linked against a libjitc.a before the check (BEFORE, default main's build) and this
# tree's, run in turns RUNS times; prints each best time and after/before.
# usage: bench/recursion.sh [BEFORE_LIBJITC_A]   (from the repository root, after make)
set -e
BUILD=${BUILD:-build}
BEFORE=${1:-/work/main/build/libjitc.a}
RUNS=${RUNS:-3}
LLVM_CONFIG=${LLVM_CONFIG:-llvm-config-19}
LIBS="-L$($LLVM_CONFIG --libdir) -Wl,-rpath,$($LLVM_CONFIG --libdir) -lLLVM-19 -llapacke -lopenblas -lxxhash -lgomp -lm -ldl -lpthread"
mkdir -p "$BUILD/bench"
cc -std=c11 -D_GNU_SOURCE -O2 -I. -Iinclude -o "$BUILD/bench/recursion_before" bench/recursion.c "$BEFORE" $LIBS -fopenmp
cc -std=c11 -D_GNU_SOURCE -O2 -I. -Iinclude -o "$BUILD/bench/recursion_after" bench/recursion.c "$BUILD/libjitc.a" $LIBS -fopenmp
best() { "$BUILD/bench/recursion_$1" | sed 's/.*best \([0-9.]*\) ms/\1/'; }
b=1e30; a=1e30
i=0
while [ $i -lt "$RUNS" ]; do
    b=$(printf '%s\n%s\n' "$b" "$(best before)" | sort -g | head -1)
    a=$(printf '%s\n%s\n' "$a" "$(best after)" | sort -g | head -1)
    i=$((i + 1))
done
echo "fib(32) through jitc_call, best of $((RUNS * 15)) calls each:"
echo "  before ($BEFORE): $b ms"
echo "  after  ($BUILD/libjitc.a): $a ms"
awk -v a="$a" -v b="$b" 'BEGIN { printf "  after/before: %.3f\n", a / b }'
