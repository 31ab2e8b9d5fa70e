#!/usr/bin/env bash
# showcase.sh — the main job (`make demo`): runs every sample and prints one table: sample, target,
# whether its check passed, jitc's time, the plain C baseline's, the speed-up, and notes (the
# PNG the Mandelbrot sample wrote). Each sample prints what it checked and ends with RESULT lines
# (tab-separated: NAME TARGET ok|FAIL|skipped JITC_MS BASELINE_MS BASELINE NOTE), which this
# script collects; a sample's own output is kept in OUT/NAME.log. The times are also drawn as a
# bar chart, OUT/showcase.png (bench/plot.sh, with gnuplot), whose path it prints.
#   samples/showcase.sh BUILD_DIR SAMPLE...      (the Makefile passes its build and samples)
# Exit status 0 when every sample's checks passed (a GPU skipped for lack of one is no failure).
set -uo pipefail
build=$1
shift
out=$build/samples
mkdir -p "$out"
results=$(mktemp)
trap 'rm -f "$results"' EXIT
status=0
for name in "$@"; do
    printf 'running %-14s' "$name..."
    start=$(date +%s.%N)
    "$build/samples/$name/$name" "samples/$name/$name.krn" "$out/$name" >"$out/$name.log" 2>&1
    rc=$?
    printf ' %5.1f s%s\n' "$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')" \
        "$([ $rc = 0 ] || echo "  FAILED (exit $rc): see $out/$name.log")"
    [ $rc = 0 ] || status=1
    grep '^RESULT' "$out/$name.log" >>"$results" || { echo "  $name printed no RESULT line"; status=1; }
done
grep -h '^GPU: skipped' "$out"/*.log 2>/dev/null | head -1
echo
printf '%-13s %-13s %-7s %12s %12s %9s  %s\n' sample target check "jitc" "plain C" speed-up note
printf '%-13s %-13s %-7s %12s %12s %9s  %s\n' ------ ------ ----- ---- ------- -------- ----
awk -F'\t' '{
    speed = ($5 > 0 && $6 > 0) ? sprintf("%.2fx", $6 / $5) : "-"
    jitc = ($5 == "-") ? "-" : sprintf("%.3f ms", $5)
    c = ($6 == "-") ? "-" : sprintf("%.3f ms", $6)
    printf "%-13s %-13s %-7s %12s %12s %9s  %s\n", $2, $3, $4, jitc, c, speed, $8
    if ($4 == "FAIL") failed = 1
} END { exit failed }' "$results" || status=1
awk -F'\t' 'BEGIN { print "sample\tjitc\tplain C" } $5 > 0 && $6 > 0 { printf "%s %s\t%s\t%s\n", $2, $3, $5, $6 }' \
    "$results" >"$out/showcase.tsv"
bench/plot.sh "$out/showcase.tsv" "$out/showcase.png" "plain C" "the samples: jitc against plain C ($(nproc) cores)" ||
    echo "no plot: bench/plot.sh failed"
echo
if [ $status = 0 ]; then
    echo "every check passed; speed-up is the plain C loop's time over jitc's (above 1: jitc is faster)"
else
    echo "SOME CHECKS FAILED: see the logs in $out"
fi
exit $status
