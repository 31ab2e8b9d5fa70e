#!/usr/bin/env bash
# run.sh — runs libFuzzer harnesses (built by `make SAN=fuzz`) for SECONDS each, from their seed
# corpora and dictionaries (tests/fuzz/corpus/NAME/, tests/fuzz/NAME.dict), then replays what they
# found to print edge coverage by folder. A crash, a sanitizer report, a leak, a timeout or running
# out of memory is a finding: saved under $FUZZ_OUT (default /tmp/jitc-fuzz) and the exit status
# is 1. The seed corpora in the tree are never written; new inputs go to $FUZZ_OUT/NAME/.
#   tests/fuzz/run.sh BUILD SECONDS NAME...
set -u
build=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
out=${FUZZ_OUT:-/tmp/jitc-fuzz}
status=0

# Edge coverage by folder of the repository, from libFuzzer's -print_coverage=1 report.
coverage_by_folder() {
    awk -v root="$(cd "$here/../.." && pwd)/" '
        /^(UN)?COVERED_FUNC:/ {
            split($5, e, "/"); path = $NF; sub(/:[0-9]+$/, "", path); gsub(/\/\.\//, "/", path)
            if (index(path, root) != 1) next
            folder = substr(path, length(root) + 1); sub(/\/.*/, "", folder)
            covered[folder] += e[1]; total[folder] += e[2]
        }
        END { for (f in total) printf "  %-9s %6d of %6d edges  %3.0f%%\n", f "/", covered[f], total[f], 100 * covered[f] / total[f] }
    ' | sort
}

for name in "$@"; do
    fuzzer=$build/fuzz/$name
    corpus=$out/$name
    mkdir -p "$corpus" "$out/findings"
    echo "== $name: $seconds s"
    "$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=4096 -print_final_stats=1 \
        -dict="$here/$name.dict" -artifact_prefix="$out/findings/$name-" "$corpus" "$here/corpus/$name" \
        >"$out/$name.log" 2>&1
    rc=$?
    grep -E '^stat::number_of_executed_units|^fuzz_compile:|^#[0-9]+ +DONE' "$out/$name.log" | sed 's/^/  /'
    if [ $rc -ne 0 ]; then
        echo "  FINDING (exit $rc): $(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$out/$name.log")"
        ls "$out/findings/$name-"* 2>/dev/null | sed 's/^/  saved: /'
        status=1
        continue
    fi
    "$fuzzer" -runs=0 -print_coverage=1 "$corpus" "$here/corpus/$name" 2>&1 | coverage_by_folder
done
exit $status
