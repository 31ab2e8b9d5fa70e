"""run_gpu.py — the GPU corpus on a machine with a CUDA GPU, numba-cuda and NumPy.

For each in-scope case of tests/realworld_gpu/*.py with a `# RUN: grid=G block=B args=EXPR`
line (G and B as `jitc launch` takes them: X[,Y[,Z]]; EXPR a Python expression of NumPy
values, evaluated with `np` in scope, and `xoroshiro128p_states(N, seed=S[, subsequence_start=K])`
for numba.cuda.random states of N generators), the kernel is launched twice on the same inputs:
by numba-cuda (the case module imported as it is; states from create_xoroshiro128p_states) and by
jitc (`jitc launch CASE.py KERNEL --grid G --block B ARGS...`, arrays as .npy files written back,
scalars as words, which jitc types as int64 / float64 / bool, states as the word
xoroshiro128p:N:S:K). The arrays both left are compared: exactly for integers and booleans, and
for floats too in a case with states (the draws must be numba-cuda's bits), else with
np.allclose (NaN equal to NaN; complex numbers as floats). Prints ok / FAIL per kernel and last
`N passed, M failed, K skipped` (skipped: numba-cuda itself cannot run the case; each case runs
under numba-cuda in a process of its own, since a kernel that faults ruins its CUDA context);
exit status 1 when any failed. Where jitc's Python package imports (tests/gpu/python.sh builds
it there), each case gets a second verdict: the same launches from Python with `numba` resolved
to jitc (jitc._numba.import_with_jitc), in a process of its own, against the same arrays.
   JITC=path/to/jitc python3 tests/realworld_gpu/run_gpu.py [FILTER] [--parse-only]
--parse-only (no GPU, no numba needed) prints each case's jitc command line instead.
"""
import glob
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile

import numpy as np

if not hasattr(np, "row_stack"):  # numba-cuda 0.30 still names np.row_stack, gone in NumPy 2.5
    np.row_stack = np.vstack

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JITC = os.environ.get("JITC", os.path.join(ROOT, "build", "jitc"))


def cases(paths=None):
    """Yields a dict per case: id, source (prelude + the case), kernel, sig, oos, run."""
    for path in paths or sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(path) == os.path.basename(__file__):
            continue
        base = os.path.basename(path)[:-3]
        prelude, cur = [], None
        found = []
        for line in open(path).read().split("\n"):
            m = re.match(r"# === CASE (\S+)", line)
            if m:
                cur = {"id": f"{base}:{m.group(1)}", "lines": [line], "kernel": None, "sig": None,
                       "oos": None, "run": None}
                found.append(cur)
                continue
            if cur is None:
                prelude.append(line)
                continue
            cur["lines"].append(line)
            if line.startswith("# KERNEL: "):
                words = line[len("# KERNEL: "):].split(None, 1)
                cur["kernel"], cur["sig"] = words[0], (words[1] if len(words) > 1 else "")
            elif line.startswith("# OUT-OF-SCOPE: "):
                cur["oos"] = line[len("# OUT-OF-SCOPE: "):]
            elif line.startswith("# RUN: "):
                cur["run"] = parse_run(line[len("# RUN: "):])
        for c in found:
            c["source"] = "\n".join(prelude + c.pop("lines")) + "\n"
            yield c


def parse_run(text):
    """`grid=G block=B args=EXPR` -> {"grid": "G", "block": "B", "args": "EXPR"}."""
    m = re.match(r"grid=(\S+)\s+block=(\S+)\s+args=(.*)$", text.strip())
    if not m:
        raise ValueError(f"bad RUN line: {text!r}")
    return {"grid": m.group(1), "block": m.group(2), "args": m.group(3)}


class States:
    """`xoroshiro128p_states(n, seed=S, subsequence_start=K)` in a RUN line: numba.cuda.random
    states, create_xoroshiro128p_states(n, seed, subsequence_start) under numba-cuda."""

    def __init__(self, n, seed, subsequence_start=0):
        self.n, self.seed, self.subsequence_start = int(n), int(seed), int(subsequence_start)

    def word(self):
        return f"xoroshiro128p:{self.n}:{self.seed}:{self.subsequence_start}"


def make_args(expr):
    """The inputs as a tuple (a fresh copy each call: a RUN expression is deterministic)."""
    v = eval(expr, {"np": np, "xoroshiro128p_states": States})
    return v if isinstance(v, tuple) else (v,)


def dims(text):
    t = tuple(int(x) for x in text.split(","))
    return t[0] if len(t) == 1 else t


def scalar_word(a):
    if isinstance(a, States):
        return a.word()
    if isinstance(a, (bool, np.bool_)):
        return "True" if a else "False"
    if isinstance(a, (int, np.integer)):
        return str(int(a))
    if isinstance(a, (float, np.floating)):
        return repr(float(a))
    if isinstance(a, (complex, np.complexfloating)):
        return repr(complex(a))
    raise TypeError(f"unsupported argument {a!r}")


def jitc_command(case, src_path, args, tmp):
    """The `jitc launch` command line and the .npy paths (None for scalars), in argument order."""
    words, paths = [], []
    for k, a in enumerate(args):
        if isinstance(a, np.ndarray):
            p = os.path.join(tmp, f"arg{k}.npy")
            paths.append(p)
            words.append(p)
        else:
            paths.append(None)
            words.append(scalar_word(a))
    run = case["run"]
    cmd = [JITC, "launch", src_path, case["kernel"], "--grid", run["grid"], "--block", run["block"]] + words
    return cmd, paths


def run_jitc(case, src_path, tmp):
    args = make_args(case["run"]["args"])
    cmd, paths = jitc_command(case, src_path, args, tmp)
    for a, p in zip(args, paths):
        if p:
            np.save(p, a)
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return None, f"jitc exited {r.returncode}: {(r.stderr.strip().splitlines() or [''])[0][:300]}"
    return [np.load(p) if p else None for p in paths], None


def numba_kernel(mod, name, cuda):
    """The dispatcher for KERNEL: a decorated kernel, else the one a `cuda.jit(sig)(f)` in the
    case made of it, else cuda.jit(f)."""
    obj = getattr(mod, name)
    if hasattr(obj, "py_func"):
        return obj
    for v in vars(mod).values():
        if getattr(v, "py_func", None) is obj:
            return v
    return cuda.jit(obj)


def case_module(case, src_path, package):
    """The case's file imported as it is (numba-cuda), or with `numba` resolved to jitc's Python
    package (its second verdict): (module, numba.cuda or jitc.cuda)."""
    name = "case_" + re.sub(r"\W", "_", case["id"])
    if package:
        import jitc.cuda
        from jitc._numba import import_with_jitc
        return import_with_jitc(src_path, name), jitc.cuda
    from numba import cuda
    spec = importlib.util.spec_from_file_location(name, src_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod, cuda


def run_case(case, src_path, package=False):
    """The arrays the kernel leaves, launched from Python as the case's users launch it."""
    mod, cuda = case_module(case, src_path, package)
    kern = numba_kernel(mod, case["kernel"], cuda)
    args = make_args(case["run"]["args"])
    dev = [cuda.to_device(a) if isinstance(a, np.ndarray) else a for a in args]
    if any(isinstance(a, States) for a in args):
        dev = [cuda.random.create_xoroshiro128p_states(a.n, seed=a.seed, subsequence_start=a.subsequence_start)
               if isinstance(a, States) else d for a, d in zip(args, dev)]
    kern[dims(case["run"]["grid"]), dims(case["run"]["block"])](*dev)
    cuda.synchronize()
    return [d.copy_to_host() if isinstance(a, np.ndarray) else None for a, d in zip(args, dev)]


def same(a, b, exact=False):
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    if a.dtype.kind in "fc" and exact:
        return np.array_equal(a, b, equal_nan=True)
    if a.dtype.kind in "fc":  # floats and complex numbers: libdevice's last bits may differ
        return np.allclose(a, b, equal_nan=True)
    return np.array_equal(a, b)


def numba_in_child(case, src, tmp, package=False):
    """numba-cuda's arrays for the case (or, with package, jitc's package's), computed in a
    process of its own: a kernel that faults leaves its CUDA context unusable, which must not
    fail the cases after it. (arrays, error)."""
    out = src[:-3] + (".package.npz" if package else ".want.npz")
    r = subprocess.run([sys.executable, __file__, "--package-case" if package else "--numba-case", case["id"], src,
                        out], capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        lines = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()
        return None, lines[-1][:300]
    data = np.load(out)
    return [data[f"a{k}"] if f"a{k}" in data else None for k in range(len(make_args(case["run"]["args"])))], None


def numba_case_main(case_id, src, out, package=False):
    """The child of numba_in_child: runs one case under numba-cuda (or jitc's package) and saves
    its arrays."""
    case = next(c for c in cases() if c["id"] == case_id)
    want = run_case(case, src, package)
    np.savez(out, **{f"a{k}": w for k, w in enumerate(want) if w is not None})
    return 0


def has_package():
    try:
        import jitc.cuda  # noqa: F401
    except ImportError:
        return False
    return True


def differs(want, got, case):
    """None when the arrays agree (exactly where the case draws random numbers), else why."""
    exact = "xoroshiro128p_states(" in case["run"]["args"]  # random draws: numba-cuda's bits
    bad = [k for k, (w, g) in enumerate(zip(want, got)) if w is not None and not same(w, g, exact)]
    if not bad:
        return None
    k = bad[0]
    return f"argument {k} differs: numba-cuda {want[k].ravel()[:8]} jitc {got[k].ravel()[:8]}"


def check_case(case, tmp, package):
    """((status, text) through the CLI, the same through the package or None): "ok", "FAIL" (jitc
    differs or fails) or "skip" (numba-cuda cannot run it)."""
    src = os.path.join(tmp, re.sub(r"\W", "_", case["id"]) + ".py")
    with open(src, "w") as f:
        f.write(case["source"])
    want, err = numba_in_child(case, src, tmp)
    if err:
        return ("skip", f"numba-cuda: {err}"), ("skip", "") if package else None
    work = os.path.join(tmp, re.sub(r"\W", "_", case["id"]))
    os.makedirs(work, exist_ok=True)
    got, err = run_jitc(case, src, work)
    cli = ("FAIL", err or differs(want, got, case)) if err or differs(want, got, case) else ("ok", "")
    if not package:
        return cli, None
    got, err = numba_in_child(case, src, tmp, package=True)
    why = f"package: {err}" if err else differs(want, got, case)
    return cli, ("FAIL", why) if why else ("ok", "")


def main(argv):
    if argv[:1] in (["--numba-case"], ["--package-case"]):
        return numba_case_main(*argv[1:4], package=argv[0] == "--package-case")
    parse_only = "--parse-only" in argv
    argv = [a for a in argv if a != "--parse-only"]
    filt = argv[0] if argv else ""
    tmp = tempfile.mkdtemp()
    todo = [c for c in cases() if not c["oos"] and c["run"] and filt in c["id"]]
    if parse_only:
        for c in todo:
            src = os.path.join(tmp, "case.py")
            cmd, _ = jitc_command(c, src, make_args(c["run"]["args"]), tmp)
            print(c["id"] + ": " + shlex.join(cmd))
        print(f"{len(todo)} cases to run")
        return 0
    import concurrent.futures
    package = has_package()
    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda c: check_case(c, tmp, package), todo))
    count = {"ok": 0, "FAIL": 0, "skip": 0}
    for c, ((status, text), _) in zip(todo, results):
        count[status] += 1
        print(f"{status:4s} {c['id']}" + (f": {text}" if text else ""))
    print(f"{count['ok']} passed, {count['FAIL']} failed, {count['skip']} skipped")
    if package:  # the second verdict: the same launches from Python through jitc's package
        pcount = {"ok": 0, "FAIL": 0, "skip": 0}
        for c, (_, (status, text)) in zip(todo, results):
            pcount[status] += 1
            if status == "FAIL":
                print(f"package FAIL {c['id']}: {text}")
        print(f"through the Python package: {pcount['ok']} passed, {pcount['FAIL']} failed, {pcount['skip']} skipped")
    return 1 if count["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
