#!/usr/bin/env bash
# plot.sh — a bar chart (PNG, gnuplot) of benchmark times: one group of bars per benchmark, one
# bar per implementation, each the speed relative to a baseline column (its time over theirs;
# above 1 is faster than the baseline), on a log scale. make bench and the showcase call it.
#   bench/plot.sh DATA.tsv OUT.png BASELINE "TITLE"
# DATA.tsv: a header line "benchmark<TAB>NAME<TAB>NAME...", then one line per benchmark with a
# time in ms per column ("-" where an implementation was not measured). BASELINE names a column.
# Without gnuplot it says so in one line and writes nothing (exit 0: a plot is not a check).
set -euo pipefail
data=$1 out=$2 baseline=$3 title=$4
if ! command -v gnuplot >/dev/null; then
    echo "no plot: gnuplot is not installed (bash .ci/deps installs it)"
    exit 0
fi
columns=$(head -1 "$data" | awk -F'\t' '{ print NF }')
ref=$(head -1 "$data" | awk -F'\t' -v b="$baseline" '{ for (i = 2; i <= NF; i++) if ($i == b) print i }')
[ -n "$ref" ] || { echo "plot.sh: no column '$baseline' in $data" >&2; exit 1; }
rows=$(($(wc -l <"$data") - 1))
# the y range: decades around every ratio, so that bars (drawn up from the bottom) all show
read -r lo hi < <(awk -F'\t' -v r="$ref" 'NR > 1 { for (i = 2; i <= NF; i++) if ($i != "-" && $r != "-" && $i > 0) {
        x = $r / $i; if (min == "" || x < min) min = x; if (max == "" || x > max) max = x } }
    END { if (min == "") min = max = 1
          printf "%g %g\n", 10 ^ (int(log(min * 0.9) / log(10) + 10) - 10), 10 ^ (int(log(max) / log(10) + 10) - 9) }' "$data")
width=$((400 + 60 * rows))
gnuplot <<GNUPLOT
set terminal pngcairo size $width,560 font "sans,10"
set output "$out"
set datafile separator "\t"
set datafile missing "-"
set title "$title" noenhanced
set ylabel "speed relative to $baseline (log scale; above 1 is faster)"
set logscale y
set grid ytics
set style data histogram
set style histogram cluster gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by 30 right noenhanced
set key top right noenhanced
set yrange [$lo:$hi]
plot for [i=2:$columns] "$data" using (column($ref) / column(i)):xtic(1) title columnhead(i)
GNUPLOT
echo "plot: $out"
