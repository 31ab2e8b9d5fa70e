#!/usr/bin/env python3
"""fuzz_cli.py — a small mutation fuzzer for the jitc CLI (python3 stdlib only; not run by make).

Takes the seed programs (tests/conformance/*.krn, tests/errors/*.krn, tests/gpu/kernels.krn,
samples/*/*.krn), mutates them (line deletion/duplication/swap, token insertion/deletion,
indentation changes, literals swapped for arrays, decorator signatures rewritten), and runs
`JITC check FILE` and, for each `# CALL:` line of a file that checks clean, `JITC call FILE FUNC
ARGS...` (`@NAME.npy` is a scratch copy of tests/conformance/data/NAME.npy). A run is flagged when
it exits with a status other than 0/1/2, dies of a signal, times out, prints a sanitizer report or
an LLVM error/assertion, or exits 1 with no `error:`/exception line on stderr: the project's rule is
that every user error is a located diagnostic. Each distinct failure (keyed by its first jitc
stack frame or message) is minimized by line deletion and saved under the findings directory.

    tests/fuzz/fuzz_cli.py [--jitc build-san/jitc] [--seconds 600] [--jobs 2] [--seed N]
                           [--out /tmp/fuzz-findings]
    tests/fuzz/fuzz_cli.py --replay FILE.krn      run one file and print what is flagged
"""
import argparse
import glob
import multiprocessing as mp
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "conformance", "data")
SEED_GLOBS = ["tests/conformance/*.krn", "tests/errors/*.krn", "tests/gpu/kernels.krn", "samples/*/*.krn"]
TIMEOUT = 10
BAD_TEXT = ["AddressSanitizer", "runtime error:", "LeakSanitizer", "LLVM ERROR", "Assertion",
            "Cannot select", "PLEASE submit a bug report"]

TOKENS = ["(", ")", ":", "[", "]", ",", "=", "**", "if ", "for ", "return ", "0", "1.5", "-",
          "+", "*", "/", "//", "%", " and ", " or ", "not ", "None", "True", "(1, 2)", "[1, 2]",
          "np.zeros(3)", "a[0]", "range(3)", "len(", ".shape", "[:, 0]", "[::2]", "1e308",
          "-9223372036854775808", "9223372036854775807", "0x7f", "'s'", "lambda", "yield ",
          "while ", "break", "continue", "else:", "elif ", "\n", "    ", "\t", "@", "global ",
          "del ", "import ", "==", "<", ">=", "is ", "in ", "~", "<<", ">>", "&", "|", "^"]
SIG_TYPES = ["int8", "int16", "int32", "int64", "uint8", "uint64", "float32", "float64", "boolean",
             "complex128", "void", "float32[:,:]", "int8[:]", "float64[::1]", "float64[:,::1]",
             "int64[:,:,:]", "float64[:]", "(int64, float64)", "Tuple(int64, int64)", "none", "x"]
DECOR_OPTS = ["cache=True", "parallel=True", "fastmath=True", "nopython=True", "boundscheck=True",
              "nogil=True", "error_model='numpy'", "target='cpu'", "target='cuda'", "target='parallel'",
              "inline='always'", "bogus=1", "debug=True", "device=True"]


def load_seeds():
    seeds = []
    for g in SEED_GLOBS:
        for p in sorted(glob.glob(os.path.join(ROOT, g))):
            with open(p) as f:
                seeds.append((p, f.read()))
    return seeds


# ---------------------------------------------------------------------------------- mutations

def func_names(text):
    return re.findall(r"^def (\w+)", text, re.M) or ["f"]


def m_delete_line(lines, rnd, text):
    if lines:
        del lines[rnd.randrange(len(lines))]


def m_dup_line(lines, rnd, text):
    if lines:
        i = rnd.randrange(len(lines))
        lines.insert(rnd.randrange(len(lines) + 1), lines[i])


def m_swap_lines(lines, rnd, text):
    if len(lines) > 1:
        i, j = rnd.randrange(len(lines)), rnd.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]


def code_line(lines, rnd):
    idx = [i for i, l in enumerate(lines) if l.strip() and not l.lstrip().startswith("#")]
    return rnd.choice(idx) if idx else None


def m_insert_token(lines, rnd, text):
    i = code_line(lines, rnd)
    if i is None:
        return
    l = lines[i]
    tok = rnd.choice(TOKENS + func_names(text))
    p = rnd.randrange(len(l) + 1)
    lines[i] = l[:p] + tok + l[p:]


def m_delete_chars(lines, rnd, text):
    i = code_line(lines, rnd)
    if i is None:
        return
    l = lines[i]
    if l:
        p = rnd.randrange(len(l))
        lines[i] = l[:p] + l[p + rnd.randint(1, 3):]


def random_token(lines, rnd):
    """A random code line's index and one of its tokens (a re.Match), or (None, None)."""
    i = code_line(lines, rnd)
    if i is None:
        return None, None
    toks = list(re.finditer(r"\w+|\*\*|//|[^\w\s]", lines[i]))
    return (i, rnd.choice(toks)) if toks else (None, None)


def m_delete_token(lines, rnd, text):
    i, t = random_token(lines, rnd)
    if t:
        lines[i] = lines[i][:t.start()] + lines[i][t.end():]


def m_replace_token(lines, rnd, text):
    i, t = random_token(lines, rnd)
    if t:
        lines[i] = lines[i][:t.start()] + rnd.choice(TOKENS + func_names(text)).strip() + lines[i][t.end():]


def m_indent(lines, rnd, text):
    i = code_line(lines, rnd)
    if i is None:
        return
    if rnd.random() < 0.5:
        lines[i] = rnd.choice(["    ", "  ", "\t", "        "]) + lines[i]
    else:
        lines[i] = lines[i][rnd.randint(1, 4):] if lines[i].startswith(" ") else lines[i]


def m_literal_to_array(lines, rnd, text):
    i = code_line(lines, rnd)
    if i is None:
        return
    lits = list(re.finditer(r"(?<![\w.])\d+(\.\d*)?(?![\w.])", lines[i]))
    if lits:
        t = rnd.choice(lits)
        rep = rnd.choice(["np.zeros(3)", "np.ones((2, 2))", "np.arange(4)", "(1, 2)", "np.empty(0)",
                          "np.zeros(3, np.int8)", "a", "a[1:]", "-" + t.group(0), t.group(0) + ".0",
                          "0", "-1", "10**20", "1e400", "np.nan"])
        lines[i] = lines[i][:t.start()] + rep + lines[i][t.end():]


def m_signature(lines, rnd, text):
    idx = [i for i, l in enumerate(lines) if l.lstrip().startswith("@")]
    if not idx:
        return
    i = rnd.choice(idx)
    l = lines[i]
    sigs = list(re.finditer(r"\"[^\"]*\"|'[^']*'", l))
    r = rnd.random()
    if sigs and r < 0.5:
        s = rnd.choice(sigs)
        inner = s.group(0)[1:-1]
        types = list(re.finditer(r"[a-z]\w*(\[[^\]]*\])?", inner))
        if types and rnd.random() < 0.8:
            t = rnd.choice(types)
            inner = inner[:t.start()] + rnd.choice(SIG_TYPES) + inner[t.end():]
        else:
            args = ", ".join(rnd.choice(SIG_TYPES) for _ in range(rnd.randint(0, 4)))
            inner = "%s(%s)" % (rnd.choice(SIG_TYPES), args)
        lines[i] = l[:s.start()] + '"' + inner + '"' + l[s.end():]
    elif "(" in l and r < 0.8:
        p = l.index("(") + 1
        lines[i] = l[:p] + rnd.choice(DECOR_OPTS) + (", " if l[p:p + 1] != ")" else "") + l[p:]
    else:
        name = rnd.choice(["@njit", "@jit", "@vectorize", "@guvectorize", "@cuda.jit", "@stencil",
                           "@njit(parallel=True)", "@vectorize(['float64(float64)'])",
                           "@guvectorize(['void(float64[:], float64[:])'], '(n)->(n)')",
                           "@cuda.reduce", "@cfunc('float64(float64)')", "@njit('float64(float64)')",
                           "@cuda.jit(device=True)", "@jit(nopython=True)"])
        lines[i] = l[:len(l) - len(l.lstrip())] + name


def m_call_args(lines, rnd, text):
    idx = [i for i, l in enumerate(lines) if l.startswith("# CALL:")]
    if not idx:
        return
    i = rnd.choice(idx)
    parts = lines[i].split()
    if len(parts) <= 3 or rnd.random() < 0.3:
        parts.append(rnd.choice(["1", "0", "-1", "2.5", "True", "nan", "@f64_8.npy"]))
    else:
        j = rnd.randrange(3, len(parts))
        arrays = [os.path.basename(p)[:-4] for p in glob.glob(os.path.join(DATA, "*.npy"))]
        parts[j] = rnd.choice(["0", "-1", "7", "2.5", "-0.0", "inf", "nan", "True", "False",
                               "9223372036854775807"] + ["@%s.npy" % a for a in rnd.sample(arrays, 3)])
    lines[i] = " ".join(parts)


MUTATORS = [m_delete_line, m_dup_line, m_swap_lines, m_insert_token, m_insert_token, m_delete_chars,
            m_delete_token, m_replace_token, m_replace_token, m_indent, m_literal_to_array,
            m_signature, m_signature, m_call_args]


def mutate(text, rnd):
    lines = text.split("\n")
    for _ in range(rnd.choice([1, 1, 1, 2, 2, 3, 4])):
        rnd.choice(MUTATORS)(lines, rnd, text)
    return "\n".join(lines)


# ---------------------------------------------------------------------------------- running

def run_jitc(jitc, argv, cwd):
    env = dict(os.environ, JITC_CACHE="0",
               ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1")
    try:
        p = subprocess.run([jitc] + argv, cwd=cwd, capture_output=True, timeout=TIMEOUT, env=env,
                           start_new_session=True)
        return p.returncode, p.stderr.decode("utf-8", "replace"), False
    except subprocess.TimeoutExpired as e:  # subprocess.run has killed jitc
        return None, (e.stderr or b"").decode("utf-8", "replace"), True


def classify(rc, err, timed_out):
    """A signature string for a flagged run, or None when the run is fine."""
    if timed_out:
        return "timeout"
    for t in BAD_TEXT:
        if t in err:
            return t + ": " + first_frame(err, t)
    if rc is not None and rc < 0:
        return "signal %d" % -rc
    if rc not in (0, 1, 2):
        return "exit %d" % rc
    if rc == 1 and not re.search(r"error:|\w+Error\b|Exception", err):
        return "exit 1 without a message"
    return None


def first_frame(err, kind):
    if kind == "runtime error:":
        m = re.search(r"(\S+:\d+):\d+: runtime error: (.*)", err)
        if m:
            return m.group(1) + " " + re.sub(r"-?\d+", "N", m.group(2))[:80]
    for m in re.finditer(r"#\d+ 0x[0-9a-f]+ in (\S+) (\S+)", err):
        fn, where = m.group(1), m.group(2)
        if "/work/main" in where or where.startswith(("frontend", "ir", "codegen", "runtime", "cli")):
            return fn + " " + re.sub(r":\d+$", "", os.path.basename(where))
    m = re.search(r"(LLVM ERROR: .*|Assertion .*|Cannot select.*)", err)
    if m:
        return re.sub(r"0x[0-9a-f]+|%\w+|\d+", "N", m.group(1))[:100]
    m = re.search(r"ERROR: AddressSanitizer: (\S+)", err)
    return m.group(1) if m else "?"


def parse_calls(text):
    calls = []
    for l in text.split("\n"):
        if l.startswith("# CALL:"):
            parts = l[len("# CALL:"):].split()
            if parts:
                calls.append(parts)
    return calls


def run_file(jitc, path, text, workdir, max_calls=3, rnd=None):
    """Runs check and the calls; returns a list of (signature, argv, rc, stderr)."""
    found = []
    rc, err, to = run_jitc(jitc, ["check", path], workdir)
    sig = classify(rc, err, to)
    if sig:
        found.append((sig, ["check", path], rc, err))
    if rc != 0:
        return found
    calls = parse_calls(text)
    if rnd and len(calls) > max_calls:
        calls = rnd.sample(calls, max_calls)
    for call in calls[:max_calls]:
        args = []
        ok = True
        for a in call[1:]:
            if a.startswith("@"):
                src = os.path.join(DATA, a[1:])
                if not os.path.exists(src):
                    ok = False
                    break
                dst = os.path.join(workdir, a[1:])
                shutil.copyfile(src, dst)
                args.append(dst)
            else:
                args.append(a)
        if not ok:
            continue
        argv = ["call", path, call[0]] + args
        if rnd and rnd.random() < 0.2:
            argv += ["--out", os.path.join(workdir, "ret.npy")]
        rc, err, to = run_jitc(jitc, argv, workdir)
        sig = classify(rc, err, to)
        if sig:
            found.append((sig, argv, rc, err))
    return found


def minimize(jitc, text, sig, workdir):
    """Line-deletion minimizer: drops lines while the same signature still shows."""
    lines = text.split("\n")
    path = os.path.join(workdir, "min.krn")

    def still(ls):
        t = "\n".join(ls)
        with open(path, "w") as f:
            f.write(t)
        return any(s == sig for s, *_ in run_file(jitc, path, t, workdir, max_calls=20))

    changed = True
    while changed:
        changed = False
        i = 0
        while i < len(lines):
            cand = lines[:i] + lines[i + 1:]
            if still(cand):
                lines = cand
                changed = True
            else:
                i += 1
    return "\n".join(lines)


def worker(args):
    wid, jitc, seconds, seed, outdir, counter, lock, seen = args
    rnd = random.Random(seed * 1000 + wid)
    seeds = load_seeds()
    workdir = tempfile.mkdtemp(prefix="fuzz%d-" % wid)
    deadline = time.time() + seconds
    while time.time() < deadline:
        src, text = rnd.choice(seeds)
        try:
            mutant = mutate(text, rnd)
        except (IndexError, ValueError):  # a mutator that did not fit this input
            continue
        path = os.path.join(workdir, "m.krn")
        with open(path, "w") as f:
            f.write(mutant)
        found = run_file(jitc, path, mutant, workdir, rnd=rnd)
        with lock:
            counter.value += 1
        for sig, argv, rc, err in found:
            with lock:
                if sig in seen:
                    continue
                seen[sig] = 1
            small = minimize(jitc, mutant, sig, workdir)
            n = len(os.listdir(outdir))
            base = os.path.join(outdir, "f%03d" % n)
            with open(base + ".krn", "w") as f:
                f.write(small)
            with open(base + ".txt", "w") as f:
                f.write("signature: %s\nseed file: %s\nargv: %s\nrc: %s\n\n%s" %
                        (sig, os.path.relpath(src, ROOT), " ".join(argv), rc, err[-6000:]))
            print("[w%d] NEW %s -> %s.krn" % (wid, sig, base), flush=True)
    shutil.rmtree(workdir, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jitc", default=os.path.join(ROOT, "build-san", "jitc"))
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--out", default="/tmp/fuzz-findings")
    ap.add_argument("--replay")
    a = ap.parse_args()
    jitc = os.path.abspath(a.jitc)
    if a.replay:
        text = open(a.replay).read()
        wd = tempfile.mkdtemp(prefix="fuzzreplay-")
        for sig, argv, rc, err in run_file(jitc, os.path.abspath(a.replay), text, wd, max_calls=100):
            print("%s\n  %s (rc %s)\n%s" % (sig, " ".join(argv), rc, err[-3000:]))
        shutil.rmtree(wd, ignore_errors=True)
        return
    os.makedirs(a.out, exist_ok=True)
    mgr = mp.Manager()
    counter, lock, seen = mgr.Value("i", 0), mgr.Lock(), mgr.dict()
    for f in glob.glob(os.path.join(a.out, "*.txt")):  # findings of earlier runs are not new
        with open(f) as fh:
            seen[fh.readline()[len("signature: "):].strip()] = 1
    print("seed %d, %d jobs, %.0f s" % (a.seed, a.jobs, a.seconds), flush=True)
    procs = [mp.Process(target=worker, args=((w, jitc, a.seconds, a.seed, a.out, counter, lock, seen),))
             for w in range(a.jobs)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    print("%d inputs run, %d distinct findings" % (counter.value, len(seen)), flush=True)


if __name__ == "__main__":
    main()
