#!/usr/bin/env bash
# check_part.sh — runs one part of `make test`: check_part.sh DIR PART COMMAND...
# The command's output goes to DIR/PART.log and "PART STATUS SECONDS" to DIR/PART.time; one line
# is printed as the part ends (its last "N passed" line, if any), and the whole log if it failed,
# so that parts running side by side never interleave their output.
set -u
# OpenBLAS starts its worker threads when the library loads, and they spin (sched_yield) until
# the process exits: in the tests' thousands of short jitc processes, and in the oracle's NumPy,
# that takes a core from the part running beside. The tests' arrays are small enough that BLAS
# runs on one thread anyway (results are the same).
export OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-1}
dir=$1 part=$2
shift 2
start=$(date +%s)
"$@" >"$dir/$part.log" 2>&1
status=$?
seconds=$(($(date +%s) - start))
echo "$part $status $seconds" >"$dir/$part.time"
summary=$(grep -a -E '[0-9]+ (passed|checks passed)|PASSED|skipped' "$dir/$part.log" | tail -n 1)
if [ "$status" = 0 ]; then
    printf '%-16s ok   %5d s  %s\n' "$part" "$seconds" "$summary"
else
    printf '%-16s FAIL %5d s  (exit %d; %s follows)\n' "$part" "$seconds" "$status" "$dir/$part.log"
    sed "s/^/$part | /" "$dir/$part.log"
fi
exit "$status"
