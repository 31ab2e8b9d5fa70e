#!/usr/bin/env bash
# names.sh — keeps the names the docs give true. docs/internals.md is a map of the code, and the
# other docs name C functions, types, macros and files too; a rename in the code leaves such a
# name stale, and nothing else notices. This reads every inline code span (`...`, outside fenced
# blocks) of docs/*.md (not docs/design/: the language contract, kept as written upstream) and
# checks three things against the repository's files (those git tracks or would track; docs/
# and build folders excluded):
#
#  - names: a span that is one identifier (`bld_spec`, `bld_spec()`, `IR_CALL`, `IrFunc`) and
#    looks like C (it holds `_` or a capital letter: plain lower-case words are Python's and
#    NumPy's, `sort`, `append`) must be a word of a source file (*.c *.h *.def *.re *.krn *.py
#    *.sh *.in *.ver, the Makefile), or of a name an X-macro pastes (`EXC_##kind`); one ending
#    in `_` is a prefix (`bld_`) that some word must start with. Not checked: names that begin
#    with `__` (the C implementation's and CUDA's headers', `__nv_sin`), placeholders with a
#    part `NAME` (`cli_cmd_NAME`), and the few names of ALLOWED below.
#  - files: a span that is a path into one of the repository's folders (`builder/build.c`,
#    `tests/unit/test_*.c` with a glob, `tests/fuzz/` a folder) must match a file; a bare C,
#    def or re file name (`lower.c`) must be the name of one.
#  - a name placed in a file: "`FILE` `NAME`", "`NAME` in `FILE`" and "`NAME` (`FILE`" on one
#    line (`build_math.c` `bld_math_call`, `next_id` in `pipeline.c`) need NAME in that file (in any
#    file of that name, for a bare file name).
#
# Prints each stale name with its doc's file:line, then "N passed, N failed" (N: the distinct
# names, files and placed names checked); exits 1 when any failed. Takes a second or two.
# Usage: tests/docs/names.sh [FILE.md...]  (default docs/*.md; from anywhere in the repository)
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
docs=("$@")
for i in "${!docs[@]}"; do docs[i]=$(realpath "${docs[i]}") || exit 2; done
cd "$root" || exit 2
[ ${#docs[@]} -gt 0 ] || docs=(docs/*.md)

# Names that look like C but are none of jitc's, each cited where a doc explains a choice or a
# refusal: LLVM's, Lua's, CPython's, CUDA's and OpenMP's; numba-cuda's and NumPy's functions and
# parameters that jitc does not implement; a piece of a mangled symbol.
ALLOWED="
report_fatal_error LLVMInstallFatalErrorHandler
luaX_ luaK_ lua_Alloc
_Py_c_pow
cudaCGSynchronize OMP_STACKSIZE
htanh_approx src_lane matrix_power matrix_rank
LT2_4_8
"

tmp=$(mktemp -d) || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
# not the docs and their checks; not the build folders (build/, build-san/, ...), which hold
# generated copies
sources=('*.c' '*.h' '*.def' '*.re' '*.krn' '*.py' '*.sh' '*.in' '*.ver' 'Makefile' ':!docs/' ':!tests/docs/' ':!build/' ':!build-*/')
git ls-files --cached --others --exclude-standard | grep -v -E '^build(-[^/]*)?/' >"$tmp/files"
# "path:word" for every word of every source file: one pass over the tree
git grep --untracked -o -I -E '[A-Za-z_][A-Za-z0-9_]*' -- "${sources[@]}" >"$tmp/words"
# Names made by token pasting, which no file spells out: for `#define RT_EXC(kind, ...)
# EXC_##kind,` each use `RT_EXC(LINALG, ...)` makes EXC_LINALG (X-macro lists in .def files).
git grep --untracked -h -E '#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*\([^)]*\).*[A-Za-z0-9_]##' -- "${sources[@]}" |
    sed -n 's/.*define[ \t]*\([A-Za-z_][A-Za-z0-9_]*\)(\([^)]*\)).*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\)##\([A-Za-z_][A-Za-z0-9_]*\).*/\1|\2|\3|\4/p' |
    awk -F'|' '{ n = split($2, param, /[ \t]*,[ \t]*/)   # MACRO|params|PREFIX|pasted parameter
                 for (i = 1; i <= n; i++) { gsub(/[ \t]/, "", param[i]); if (param[i] == $4) print $1, i, $3 } }' |
    sort -u >"$tmp/pasting"
macros=$(awk '{ print $1 }' "$tmp/pasting" | sort -u | paste -s -d '|')
if [ -n "$macros" ]; then   # each use MACRO(a1, a2, ...): PREFIX + the pasted argument
    git grep --untracked -o -E "(^|[^A-Za-z0-9_])($macros)\([ \t]*[A-Za-z_][A-Za-z0-9_]*([ \t]*,[ \t]*[A-Za-z_][A-Za-z0-9_]*)*" -- "${sources[@]}" |
        awk -v pasting="$tmp/pasting" '
            BEGIN { while ((getline l < pasting) > 0) { split(l, p, " "); rule[p[1]] = rule[p[1]] " " p[2] ":" p[3] } }
            {   i = index($0, ":"); f = substr($0, 1, i - 1); a = substr($0, i + 1)
                sub(/^[^A-Za-z_]/, "", a); m = a; sub(/[ \t]*\(.*/, "", m); sub(/^[^(]*\(/, "", a)
                n = split(a, arg, /[ \t]*,[ \t]*/); k = split(rule[m], r, " ")
                for (j = 1; j <= k; j++) {
                    split(r[j], ip, ":")
                    if (ip[1] <= n) { x = arg[ip[1]]; gsub(/[ \t]/, "", x); print f ":" ip[2] x }
                } }' >>"$tmp/words"
fi
sort -u -o "$tmp/words" "$tmp/words"

awk -v allowed="$ALLOWED" -v filelist="$tmp/files" -v wordlist="$tmp/words" '
function is_name(s) {
    if (s !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || s !~ /[_A-Z]/) return 0
    if (s ~ /^__/ || s ~ /(^|_)NAME(_|$)/ || (s in allow)) return 0
    return 1
}
function is_file(s) { # a path into the repository, or a bare C, def or re file name
    if (s ~ /NAME/) return 0
    if (s ~ /^[A-Za-z0-9_.*-]+\.(c|h|def|re)$/) return 1
    if (s !~ /^[A-Za-z0-9_.*-]+\/[A-Za-z0-9_.*\/-]*$/) return 0
    split(s, part, "/")
    return (part[1] in topdir)
}
function glob_re(s) { gsub(/\./, "\\.", s); gsub(/\*/, "[^/]*", s); return "^" s "$" }
# the tracked files a file span names: "\n"-separated, empty when none
function files_of(s,    out, f, re) {
    if (s in resolved) return resolved[s]
    out = ""
    if (s ~ /\/$/) {
        for (f in tracked) if (index(f, s) == 1) { out = f "\n"; break }
    } else if (s ~ /\//) {
        if (s !~ /\*/) { if (s in tracked) out = s "\n"
        } else { re = glob_re(s); for (f in tracked) if (f ~ re) out = out f "\n" }
    } else {
        re = glob_re(s)
        for (f in tracked) { b = f; sub(/.*\//, "", b); if (b ~ re) out = out f "\n" }
    }
    return resolved[s] = out
}
# whether a name is a word of the source; a name ending in `_` is a prefix (`bld_`), which some
# word must start with
function known(n,    w) {
    if (n !~ /_$/) return (n in anyword)
    if (n in prefixes) return prefixes[n]
    for (w in anyword) if (index(w, n) == 1) return prefixes[n] = 1
    return prefixes[n] = 0
}
function name_in(n, s,    list, k, i) {
    k = split(files_of(s), list, "\n")
    for (i = 1; i <= k; i++)
        if (list[i] != "" && (n ~ /_$/ ? index(fileword[list[i]], " " n) > 0 : ((list[i] SUBSEP n) in word)))
            return 1
    return 0
}
function fail(key, where, msg) { bad[where ": " msg] = 1; if (!(key in failed)) { failed[key] = 1; nfailed++ } }
function check_span(s, where) {
    sub(/\(\)$/, "", s)
    if (is_name(s)) {
        if (!(s in names)) { names[s] = 1; nnames++ }
        if (!known(s)) fail("n" s, where, "`" s "` is named nowhere in the source")
    } else if (is_file(s)) {
        if (!(s in fileset)) { fileset[s] = 1; nfiles++ }
        if (files_of(s) == "") fail("f" s, where, "`" s "`: no such file")
    }
}
function check_pair(n, f, where) {
    sub(/\(\)$/, "", n)
    if (!is_name(n) || !is_file(f) || files_of(f) == "") return
    if (!((n SUBSEP f) in pairs)) { pairs[n SUBSEP f] = 1; npairs++ }
    if (!name_in(n, f)) fail("p" n SUBSEP f, where, "`" n "` is not in `" f "`")
}
BEGIN {
    split(allowed, a, /[ \n]+/); for (i in a) if (a[i] != "") allow[a[i]] = 1
    while ((getline f < filelist) > 0) {
        tracked[f] = 1
        if (f ~ /\//) { d = f; sub(/\/.*/, "", d); topdir[d] = 1 }
    }
    while ((getline l < wordlist) > 0) {
        i = index(l, ":"); w = substr(l, i + 1)
        f = substr(l, 1, i - 1)
        word[f, w] = 1; anyword[w] = 1; fileword[f] = fileword[f] " " w
    }
}
FNR == 1 { inspan = 0; fence = 0 }
/^[ \t]*```/ { fence = !fence; inspan = 0; next }
fence { next }
/^[ \t]*$/ { inspan = 0; next }
{
    where = FILENAME ":" FNR
    n = split($0, seg, "`")
    prev = ""; between = ""   # the last span closed on this line, the text after it
    for (i = 1; i <= n; i++) {
        if (i > 1) {
            inspan = !inspan
            if (inspan) { start = where; buf = seg[i]; startline = FNR; continue }
            check_span(buf, start)
            if (startline == FNR && prev != "") {
                if (between == " ") check_pair(buf, prev, start)
                else if (between == " in " || between == " (") check_pair(prev, buf, start)
            }
            prev = (startline == FNR) ? buf : ""; between = seg[i]
        } else if (inspan) {
            buf = buf " " seg[i]
        }
    }
}
END {
    for (m in bad) print m | "sort -t: -k1,1 -k2,2n"
    close("sort -t: -k1,1 -k2,2n")
    total = nnames + nfiles + npairs
    printf "%d names, %d files, %d names placed in files checked\n", nnames, nfiles, npairs
    printf "%d passed, %d failed\n", total - nfailed, nfailed
    exit nfailed > 0
}' "${docs[@]}"
