#!/usr/bin/env bash
# run_package.sh — runs the package's harness (tests/fuzz/fuzz_package.py, Atheris) for SECONDS
# from its seeds (tests/fuzz/corpus/fuzz_compile/: the same progen choices as the C harness), new
# inputs into $FUZZ_OUT/fuzz_package/ (default /tmp/jitc-fuzz); a finding (an exception out of
# the harness, a crash, a timeout of 30 s, more than 4 GB) is saved under $FUZZ_OUT/findings/
# and the exit status is 1.
#   tests/fuzz/run_package.sh PYTHON SECONDS
set -u
py=$1 seconds=$2
here=$(cd "$(dirname "$0")" && pwd)
out=${FUZZ_OUT:-/tmp/jitc-fuzz}
corpus=$out/fuzz_package
mkdir -p "$corpus" "$out/findings"
echo "== fuzz_package: $seconds s"
"$py" "$here/fuzz_package.py" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=4096 \
    -print_final_stats=1 -dict="$here/fuzz_compile.dict" -artifact_prefix="$out/findings/fuzz_package-" \
    "$corpus" "$here/corpus/fuzz_compile" >"$out/fuzz_package.log" 2>&1
rc=$?
grep -E '^stat::number_of_executed_units|^#[0-9]+ +DONE' "$out/fuzz_package.log" | sed 's/^/  /'
if [ $rc -ne 0 ]; then
    echo "  FINDING (exit $rc): $(grep -m1 -E 'jitc failed inside|Error|ERROR|SUMMARY' "$out/fuzz_package.log")"
    ls "$out/findings/fuzz_package-"* 2>/dev/null | sed 's/^/  saved: /'
    exit 1
fi
