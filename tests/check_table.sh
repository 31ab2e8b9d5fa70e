#!/usr/bin/env bash
# check_table.sh — the closing table of `make test`: check_table.sh DIR PART...
# Each part's status and seconds (DIR/PART.time, written by check_part.sh), the longest first,
# the sum of the parts' seconds against the run's wall time (DIR/start), and a closing
# "check: N passed, N failed" line. Exits non-zero when a part failed or did not run.
set -u
dir=$1
shift
passed=0 failed=0 sum=0
rows=""
for part in "$@"; do
    if [ -f "$dir/$part.time" ]; then
        read -r _ status seconds <"$dir/$part.time"
    else
        status=none seconds=0
    fi
    if [ "$status" = 0 ]; then passed=$((passed + 1)); word=ok; else failed=$((failed + 1)); word=FAIL; fi
    [ "$status" = none ] && word="did not run"
    sum=$((sum + seconds))
    rows="$rows$seconds $part $word"$'\n'
done
wall=$(($(date +%s) - $(cat "$dir/start" 2>/dev/null || date +%s)))
echo
echo "part              seconds  result"
echo "----              -------  ------"
printf '%s' "$rows" | sort -rn | while read -r seconds part word; do
    printf '%-16s %8d  %s\n' "$part" "$seconds" "$word"
done
printf '%-16s %8d  (the parts one after another)\n' "sum" "$sum"
printf '%-16s %8d  (%dm%02ds)\n' "wall time" "$wall" $((wall / 60)) $((wall % 60))
echo "check: $passed passed, $failed failed"
[ "$failed" = 0 ]
