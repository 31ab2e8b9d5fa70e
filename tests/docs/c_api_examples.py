#!/usr/bin/env python3
"""c_api_examples.py — keeps the C examples of docs/c-api.md true.

The doc's "About the examples" says every example is a piece of one C file, compiled with
`cc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror` against libjitc.a (the jitcrt.h example against
libjitcrt.a alone) and run on a machine without a GPU, and that the output shown after an example
is what that run printed. This script makes that file from the doc and checks the claim:

- A ```c block right after a heading quotes the header: not an example, not checked here.
- A ```python block after "`NAME.krn`:" is written to NAME.krn (examples.krn, aot.krn).
- A ```c block right after the aot.krn block is what `jitc build` declares for it: the aot.h
  that the jitc_module_build example writes must declare that, no more, no less.
- Other ```c blocks are examples. One with a line `{` (a function body) goes at file scope; the
  rest run in order, each in its own scope `{ ... }` of main(), after a preamble (below) that
  defines CHECK, a context `ctx`, the `mod` that the jitc_module_compile_file example sets, and
  function(). Examples after the "## libjitcrt" heading are one more program, which includes the
  generated aot.h and links aot.o and libjitcrt.a only. `#line` makes errors name doc lines.
- An untitled ``` block after an example is its output; an example without one must print
  nothing. Compared exactly, but for trailing blanks on a line (editors strip them in Markdown).
  Only stdout is compared: stderr holds diagnostics the examples print on purpose.
- The doc's run had no CUDA driver, and its GPU examples print why. On a machine with a driver
  they print other things (results, timings, another reason), so there the outputs that mention
  CUDA are not compared; those examples still compile and run.

Usage: tests/docs/c_api_examples.py [BUILD_DIR] [DOC]   (defaults: build, docs/c-api.md)
Environment: CC (cc); SANFLAGS (default: ASan+UBSan when BUILD_DIR is build-san, as the Makefile's).
"""
import difflib
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build"))
DOC = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs", "c-api.md"))
CC = os.environ.get("CC", "cc")
SAN = "-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
SANFLAGS = os.environ.get("SANFLAGS", SAN if os.path.basename(BUILD) == "build-san" else "").split()
CFLAGS = ["-std=c11", "-D_GNU_SOURCE", "-Wall", "-Wextra", "-Werror", "-g", "-I" + ROOT + "/include"]
NO_DRIVER = "no CUDA driver (libcuda.so.1 not found)"

PREAMBLE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jitc.h>
#include <jitcrt.h>
#define CHECK(cond) \
    do { \
        if (!(cond)) { fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); exit(1); } \
    } while (0)
static jitc_context *ctx;
static jitc_module *mod; /* set by the jitc_module_compile_file example */
static jitc_function *function(const char *name)
{
    jitc_function *fn;
    CHECK(jitc_module_function(mod, name, &fn) == JITC_OK);
    return fn;
}
static void setup(void) /* the context, and whether this machine has a CUDA driver (the doc's had none) */
{
    char why[256] = "";
    int count;
    CHECK(jitc_context_create(NULL, &ctx) == JITC_OK);
    jitc_device_count(&count, why, sizeof why);
    printf("@@device %s@@\n", why);
}
"""
RT_PREAMBLE = '#include <stdio.h>\n#include <stdlib.h>\n#include "aot.h"\n'


def read_doc():
    """The doc's fenced blocks as dicts: lang, first line (1-based), text, heading (the block
    comes right after a heading), prose (the text before it), prev (the previous block), libjitcrt
    (it comes after the "## libjitcrt" heading)."""
    lines = open(DOC).read().split("\n")
    blocks, libjitcrt, after_heading, prose, i = [], False, False, [], 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m:
            if lines[i].startswith("#"):
                after_heading, prose = True, []
                libjitcrt = libjitcrt or lines[i].startswith("## libjitcrt")
            elif lines[i].strip():
                after_heading = False
                prose.append(lines[i])
            i += 1
            continue
        end = lines.index("```", i + 1)
        blocks.append(dict(lang=m.group(1), line=i + 2, text="\n".join(lines[i + 1:end]) + "\n",
                           heading=after_heading, prose=" ".join(prose), libjitcrt=libjitcrt,
                           prev=blocks[-1] if blocks else None))
        after_heading, prose, i = False, [], end + 1
    return blocks


def program(preamble, scoped, setup="", teardown=""):
    """One C file: the preamble, the file-scope examples, then main() running the others in
    order, each printing a marker line first so that the output can be cut per example."""
    c = [preamble]
    for b in scoped:
        if re.search(r"^\{$", b["text"], re.M):
            c.append('#line %d "%s"\n%s' % (b["line"], DOC, b["text"]))
    c.append("int main(void)\n{\n" + setup)
    for b in scoped:
        if not re.search(r"^\{$", b["text"], re.M):
            c.append('printf("@@example %d@@\\n");\n{\n#line %d "%s"\n%s}\n'
                     % (b["line"], b["line"], DOC, b["text"]))
    c.append(teardown + "return 0;\n}\n")
    return "".join(c)


def differs(line, what, got, want):
    """Prints how `got` (what the run made) differs from `want` (what the doc shows)."""
    sys.stdout.write("FAIL %s:%d: %s differs from the doc:\n" % (DOC, line, what))
    sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "the doc", "the run"))


def run(cmd, cwd, what):
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.stdout.write("FAIL %s (exit status %d): %s\n%s%s"
                         % (what, p.returncode, " ".join(cmd), p.stdout, p.stderr))
        sys.exit(1)
    return p.stdout


def main():
    blocks = read_doc()
    examples, decls = [], []
    for b in blocks:
        krn = re.search(r"`(\w+\.krn)`:$", b["prose"])
        if b["lang"] == "python" and krn:
            b["krn"] = krn.group(1)
        elif b["lang"] == "c" and not b["heading"] and b["prev"] and "krn" in b["prev"]:
            b["header"] = b["prev"]["krn"][:-len("krn")] + "h"
            decls.append(b)
        elif b["lang"] == "c" and not b["heading"]:
            b["output"] = None if re.search(r"^\{$", b["text"], re.M) else ""
            examples.append(b)
        elif b["lang"] in ("", "text") and any(b["prev"] is e for e in examples):
            b["prev"]["output"], b["prev"]["line_out"] = b["text"], b["line"]
        elif b["lang"] in ("", "text"):
            sys.exit("FAIL %s:%d: an output block that follows no example" % (DOC, b["line"]))

    work = os.path.join(BUILD, "docs-test")  # the programs and what they write stay here
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    for b in blocks:
        if "krn" in b:
            open(os.path.join(work, b["krn"]), "w").write(b["text"])

    # The examples against libjitc.a, then the jitcrt.h one against aot.o and libjitcrt.a.
    llvm_lib = subprocess.run(["llvm-config-19", "--libdir"], capture_output=True, text=True,
                              check=True).stdout.strip()
    open(os.path.join(work, "examples.c"), "w").write(
        program(PREAMBLE, [b for b in examples if not b["libjitcrt"]], "setup();\n", "jitc_context_destroy(ctx);\n"))
    run([CC, *CFLAGS, *SANFLAGS, "-o", "examples", "examples.c", BUILD + "/libjitc.a", "-L" + llvm_lib,
         "-Wl,-rpath," + llvm_lib, "-lLLVM-19", "-llapacke", "-lopenblas", "-lxxhash", "-lgomp", "-lm", "-ldl", "-lpthread"], work,
        "compiling the examples")
    out = run(["./examples"], work, "running the examples (%s/examples)" % work)
    open(os.path.join(work, "rt.c"), "w").write(program(RT_PREAMBLE, [b for b in examples if b["libjitcrt"]]))
    run([CC, *CFLAGS, *SANFLAGS, "-I.", "-o", "rt", "rt.c", "aot.o", BUILD + "/libjitcrt.a",
         "-llapacke", "-lopenblas", "-lgomp", "-lmvec", "-lm", "-ldl", "-lpthread"], work,
        "compiling the jitcrt.h example")
    out += run(["./rt"], work, "running the jitcrt.h example (%s/rt)" % work)

    # Cut the output per example and compare; then the declarations against the generated header.
    device = re.search(r"@@device (.*)@@\n", out).group(1)
    got = {int(m.group(1)): m.group(2)
           for m in re.finditer(r"@@example (\d+)@@\n(.*?)(?=@@example|\Z)", out, re.S)}
    strip = lambda s: [line.rstrip() for line in s.split("\n")]
    failures = outputs = skipped = 0
    for b in examples:
        if b["output"] is None:
            continue
        if device != NO_DRIVER and "CUDA" in b["output"]:
            skipped += 1
            continue
        outputs += 1
        if strip(got.get(b["line"], "(did not run)\n")) != strip(b["output"]):
            failures += 1
            differs(b.get("line_out", b["line"]), "what the example at line %d prints" % b["line"],
                    got.get(b["line"], "(did not run)\n"), b["output"])
    for b in decls:  # the header between its `extern "C" {` and `}`: the declarations, all of them
        text = open(os.path.join(work, b["header"])).read()
        m = re.search(r'extern "C" \{\n#endif\n(.*?)#ifdef __cplusplus', text, re.S)
        if not m or m.group(1).strip() != b["text"].strip():
            failures += 1
            differs(b["line"], "what %s declares" % b["header"], (m.group(1) if m else text).strip() + "\n", b["text"])

    print("%s: %d examples compiled and ran (%d against libjitcrt alone), %d outputs compared%s, "
          "%d generated header compared; failures: %d"
          % (os.path.relpath(DOC), len(examples), sum(b["libjitcrt"] for b in examples), outputs,
             " (%d skipped: they show no CUDA driver, this machine says %r)" % (skipped, device) if skipped else "",
             len(decls), failures))
    if failures:
        print("the programs and their files: " + work)
        sys.exit(1)


main()
