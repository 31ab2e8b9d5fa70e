#!/usr/bin/env python3
"""difffuzz.py — differential fuzzing of jitc against Numba on random well-typed programs.

Each seed gives a program (`progen SEED`, tests/fuzz/progen.c: scalar and array arithmetic over
mixed integer widths, the math functions, control flow, calls, prange reductions, NumPy's array
functions, lists, closures, tuples, strings, exceptions; see tests/fuzz/progen.h) and its
arguments (n, x, a, b: an int, a float, a float64 and an int64 array, from the same seed). Every
function of the program is called under Numba (in this process) and under `jitc call`, with the
same arguments; the return value and the arrays after the call must agree (ints exactly, floats
within a relative 1e-9, NaN equal to NaN; an exception's class must agree). A program Numba
itself rejects counts as `numba-rejects` (a gap of the generator or of Numba, not of jitc), and so
does a call where Numba fails inside (an exception out of its compiler, its "Unreachable condition
reached" stub).

A disagreement is reduced: statements are replaced by `pass`, then functions the failing one
does not need are dropped, for as long as Numba still compiles the program and the disagreement
stays; the reduced program is saved under --out as a ready conformance case (`# CALL:` lines and
Numba's answer as `# EXPECT:`), to be moved into tests/conformance/ with the fix.

The oracle costs Numba about 6 core-seconds a program, most of it compiling. `--oracle python` is
the cheap one: the same program run by CPython and NumPy (Numba's NUMBA_DISABLE_JIT=1: @njit is
the plain function, prange is range), milliseconds a program, which agrees with compiled Numba
wherever the program stays clear of the documented differences (docs/language.md, section 26)
and of integer overflow, where Python's integers grow (or raise OverflowError converting to a
NumPy integer) and compiled code wraps. Its word is not final: a function where it disagrees
with jitc goes to compiled Numba (a child `--oracle numba` run of the seed), and counts as a
disagreement only if compiled Numba disagrees too (else `cheap-oracle-differs`). `--sample K`
also runs every K-th program under compiled Numba, so the two oracles keep being checked
against each other; the summary counts those apart.

    tests/fuzz/difffuzz.py --jitc build/jitc --progen build/tests/progen [--seeds 0:1000]
                           [--out /tmp/difffuzz] [--jobs 2] [--no-reduce] [--time-limit S]
                           [--oracle numba|python] [--sample K]
Ends with `N programs, N functions: N agree, N disagree, N numba-rejects` (and, with --sample,
`sampled under compiled Numba: N programs, N agree, N disagree`); exit status 1 when any
disagreed.
"""
import argparse
import importlib.util
import math
import multiprocessing as mp
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import traceback
import types

import warnings

import numpy as np

warnings.simplefilter("ignore")  # Numba's performance warnings (parallel=True without a parfor)
np.row_stack = getattr(np, "row_stack", np.vstack)  # numba's import needs it on NumPy 2.5
CHEAP = "--oracle" in sys.argv and sys.argv[sys.argv.index("--oracle") + 1:][:1] == ["python"]
if CHEAP:  # read by numba's import: @njit gives back the Python function
    os.environ["NUMBA_DISABLE_JIT"] = "1"
import numba  # noqa: E402,F401


def plain_vectorize(signatures, **options):
    """@vectorize in plain NumPy, for the cheap oracle (Numba's own compiles its loops even under
    NUMBA_DISABLE_JIT, and fails on some): the first loop the arguments cast to safely, as NumPy
    and Numba pick it, its inputs cast to the loop's types and its result to the loop's; on
    scalars a Python number, as compiled code has it."""
    loops = []
    for sig in signatures:
        out, ins = re.fullmatch(r"(\w+)\((.*)\)", sig.replace(" ", "")).groups()
        loops.append(([np.dtype(t) for t in ins.split(",")], np.dtype(out)))

    def make(function):
        def ufunc(*args):
            arrays = [np.asarray(v) for v in args]
            ins, out = next((ins, out) for ins, out in loops
                            if all(np.can_cast(v.dtype, t, "safe") for v, t in zip(arrays, ins)))
            cast = [t.type for t in ins]
            each = np.vectorize(lambda *xs: function(*[c(x) for c, x in zip(cast, xs)]), otypes=[out])
            result = each(*[v.astype(t) for v, t in zip(arrays, ins)])
            return result.item() if result.ndim == 0 else result  # a scalar as compiled code has it: / 0 raises
        return ufunc
    return make


class WrappingNumpy(types.ModuleType):
    """NumPy for the cheap oracle's programs, whose narrow integer types (np.int8 .. np.uint32)
    wrap a value out of their range as compiled code does, where NumPy 2 raises OverflowError
    converting a Python int (a Python int past int64 wraps to int64 first, as the compiled
    arithmetic that made it would have)."""

    NARROW = ("int8", "int16", "int32", "uint8", "uint16", "uint32")

    def __init__(self):
        super().__init__("numpy")
        for name in self.NARROW:
            setattr(self, name, self._wrapping(getattr(np, name)))

    @staticmethod
    def _wrapping(t):
        def convert(v):
            if isinstance(v, int) and not isinstance(v, bool):
                v = np.int64((v + 2 ** 63) % 2 ** 64 - 2 ** 63)
            return np.asarray(v).astype(t)[()]
        return convert

    def __getattr__(self, name):
        return getattr(np, name)


# A NumPy scalar (an array's item) divided by zero gives inf or nan under NumPy, and raises
# ZeroDivisionError in compiled code, as a Python float does: the cheap oracle raises
# FloatingPointError there, which the program's handlers catch as they catch ZeroDivisionError
# and run_numba reports as one.
CHEAP_ERRORS = {"divide": "raise", "invalid": "raise"} if CHEAP else {}

if CHEAP:  # Numba's @vectorize and @guvectorize compile under NUMBA_DISABLE_JIT too, and fail on
    # some kernels; progen's programs call their gufunc on one 1-d array and a scalar, one
    # instance of its core loop: the Python function itself
    numba.vectorize = plain_vectorize
    numba.guvectorize = lambda *signatures, **options: (lambda function: function)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "differential"))
from numba_oracle import wrap_signed_overflow  # noqa: E402

wrap_signed_overflow()  # Numba's signed overflow is undefined; the oracle's wraps (numba_oracle.py)

TIMEOUT = 60
RTOL = 1e-9
sys.setrecursionlimit(20000)  # Numba's SSA pass recurses over the blocks of a function with try


# ---- the arguments of a seed ----

def arguments(seed):
    rng = random.Random(seed * 7919 + 1)
    n = rng.randint(0, 12)
    x = rng.choice([rng.uniform(-10.0, 10.0), 0.0, -1.5, 1000.0, rng.uniform(-1.0, 1.0)])
    a = np.array([rng.uniform(-5.0, 5.0) for _ in range(rng.randint(1, 8))], dtype=np.float64)
    b = np.array([rng.randint(-50, 50) for _ in range(rng.randint(1, 8))], dtype=np.int64)
    return n, x, a, b


# ---- running one function under each ----

class Outcome:
    """What a call gave: ('value', v) or ('raises', class name), and the arrays after it."""

    def __init__(self, kind, value, a=None, b=None):
        self.kind, self.value, self.a, self.b = kind, value, a, b

    def __repr__(self):
        return f"{self.kind} {self.value!r} a={self.a!r} b={self.b!r}"


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def raised_inside_numba(e):
    """Whether e is Numba's own failure: one out of its compiler (a kernel's exception comes from
    compiled code, whose traceback ends in the caller's file), or the AssertionError its compiled
    code raises where it could not lower the bytecode (RERAISE of a raise in `else` with a
    `finally`)."""
    tb = traceback.extract_tb(e.__traceback__)
    if tb and any(f"{os.sep}{m}{os.sep}" in tb[-1].filename for m in ("numba", "llvmlite")):
        return True  # out of its compiler, or of llvmlite's IR builder under it
    return isinstance(e, AssertionError) and str(e).startswith("Unreachable condition reached")


def run_numba(path, func, args, tag, mod=None):
    """The function's outcome under Numba (of mod, else of the module at path, loaded as tag);
    None when Numba cannot compile it."""
    n, x, a, b = args
    a, b = a.copy(), b.copy()
    try:
        f = getattr(mod or load_module(path, f"difffuzz_{tag}"), func)
    except Exception:
        return None
    try:
        with np.errstate(**CHEAP_ERRORS):
            return Outcome("value", f(n, x, a, b), a, b)
    except (numba.core.errors.NumbaError, NotImplementedError):
        return None
    except Exception as e:  # noqa: BLE001 — the kernel's own exception is a result
        if type(e).__module__ != "builtins" or raised_inside_numba(e):  # Numba's own failure
            return None
        name = "ZeroDivisionError" if isinstance(e, FloatingPointError) else type(e).__name__
        return Outcome("raises", name, a, b)


def run_jitc(jitc, path, func, args, work):
    n, x, a, b = args
    pa, pb = os.path.join(work, "a.npy"), os.path.join(work, "b.npy")
    np.save(pa, a)
    np.save(pb, b)
    try:
        p = subprocess.run([jitc, "call", path, func, str(n), repr(float(x)), pa, pb],
                           capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return Outcome("timeout", None)
    if p.returncode not in (0, 1) or "AddressSanitizer" in p.stderr or "runtime error" in p.stderr:
        return Outcome("crash", f"exit {p.returncode}: {p.stderr.strip()[-300:]}")
    if p.returncode == 1:
        m = re.search(r"^\S+:\d+:\d+: (\w+): ", p.stderr, re.M)
        if m and m.group(1) not in ("error", "warning"):  # an exception, not a diagnostic
            return Outcome("raises", m.group(1), np.load(pa), np.load(pb))
        return Outcome("rejects", p.stderr.strip()[-300:])
    try:
        text = p.stdout.strip().splitlines()[-1]
        value = int(text) if re.fullmatch(r"-?\d+", text) else float(text)
    except (IndexError, ValueError):
        return Outcome("unreadable", p.stdout[-300:])
    return Outcome("value", value, np.load(pa), np.load(pb))


def load_under_jitc(path, text, tag):
    """The program compiled by jitc's package in this process: the same text with `numba`
    resolved to jitc (as `python -m jitc` resolves it); None when it does not import."""
    jpath = path[:-3] + "_jitc.py"
    with open(jpath, "w") as f:
        f.write(text.replace("from numba import", "from jitc import", 1))
    try:
        return load_module(jpath, f"difffuzz_j{tag}")
    except Exception:
        return None


def python_class(e):
    """The name of the builtin class an exception is (jitc's NumbaIndexError is an IndexError)."""
    return next(c.__name__ for c in type(e).__mro__ if c.__module__ == "builtins")


def run_jitc_package(mod, func, args):
    """The function's outcome under jitc's package, in this process."""
    import jitc.errors
    n, x, a, b = args
    a, b = a.copy(), b.copy()
    if mod is None:
        return Outcome("rejects", "the program does not import under jitc")
    try:
        return Outcome("value", getattr(mod, func)(n, x, a, b), a, b)
    except jitc.errors.InternalError as e:
        return Outcome("crash", str(e)[-300:])
    except (jitc.errors.TypingError, jitc.errors.UnsupportedError, NotImplementedError) as e:
        return Outcome("rejects", str(e)[-300:])
    except Exception as e:  # noqa: BLE001 — the program's own exception is a result
        return Outcome("raises", python_class(e), a, b)


INT64 = range(-2 ** 63, 2 ** 63)


def past_int64(outcome):
    """Whether the cheap oracle's outcome shows an integer past int64, where Python's integers
    grow (or raise OverflowError converting to a NumPy integer) and compiled code wraps: a
    result it cannot judge."""
    if outcome.kind == "raises":
        return outcome.value == "OverflowError"
    v = outcome.value
    return isinstance(v, int) and not isinstance(v, bool) and v not in INT64


def close(u, v):
    if isinstance(u, float) or isinstance(v, float) or isinstance(u, np.floating):
        u, v = float(u), float(v)
        return (math.isnan(u) and math.isnan(v)) or u == v or math.isclose(u, v, rel_tol=RTOL, abs_tol=1e-300)
    return int(u) == int(v) and type(u) is not bool


def arrays_agree(p, q):
    return p.shape == q.shape and p.dtype == q.dtype and all(close(float(s), float(t)) if p.dtype.kind == "f"
                                                               else int(s) == int(t) for s, t in zip(p, q))


def agree(oracle, got):
    if oracle.kind != got.kind:
        return False
    if oracle.kind == "raises":
        return oracle.value == got.value
    return close(oracle.value, got.value) and arrays_agree(oracle.a, got.a) and arrays_agree(oracle.b, got.b)


# ---- reduction ----

def functions_of(text):
    """The program's functions as (name, first line, end line) over text's lines."""
    lines = text.split("\n")
    starts = [i for i, l in enumerate(lines) if l.startswith("@njit")]
    out = []
    for k, s in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        name = re.match(r"def (\w+)", lines[s + 1]).group(1)
        out.append((name, s, end))
    return out


def still_disagrees(jitc, text, func, args, work, counter):
    path = os.path.join(work, f"try{counter[0]}.py")
    counter[0] += 1
    with open(path, "w") as f:
        f.write(text)
    oracle = run_numba(path, func, args, f"r{os.getpid()}_{counter[0]}")
    if oracle is None or (oracle.kind == "value" and oracle.value is None):
        return False  # Numba rejects the trial, or it lost its return: not the same disagreement
    got = run_jitc(jitc, path, func, args, work)
    return got.kind in ("value", "raises") and not agree(oracle, got)


def reduce_program(jitc, text, func, args, work):
    counter = [0]
    lines = text.split("\n")
    changed = True
    while changed:  # statements to `pass`, one at a time
        changed = False
        for i, line in enumerate(lines):
            body = line.strip()
            if not line.startswith("    ") or body == "pass" or body.startswith(("def ", "@")):
                continue
            indent = line[: len(line) - len(line.lstrip())]
            end = i + 1  # a compound statement goes with its block
            while end < len(lines) and lines[end].startswith(indent + " "):
                end += 1
            trial = lines[:i] + [indent + "pass"] + lines[end:]  # Numba refuses what this breaks
            if still_disagrees(jitc, "\n".join(trial), func, args, work, counter):
                lines, changed = trial, True
                break
    text = "\n".join(lines)
    for name, s, end in reversed(functions_of(text)):  # functions it does not need
        if name == func:
            continue
        ls = text.split("\n")
        trial = "\n".join(ls[:s] + ls[end:])
        if still_disagrees(jitc, trial, func, args, work, counter):
            text = trial
    return text


def conformance_case(text, func, args, oracle, seed, got):
    n, x, a, b = args
    one_line = lambda outcome: " ".join(repr(outcome).split())  # noqa: E731 — arrays' reprs wrap
    return (f"# difffuzz seed {seed}, reduced: jitc gave {one_line(got)}\n"
            f"# arguments: n={n} x={x!r} a={a.tolist()!r} b={b.tolist()!r}\n"
            f"# Numba: {one_line(oracle)}\n{text}")


# ---- one seed ----

def under_compiled_numba(seed, jitc, progen, out):
    """A child run of this seed with compiled Numba as the oracle: {function: "agree",
    "disagree" or "numba-rejects"} (empty when the child failed) and its summary line."""
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--jitc", jitc, "--progen", progen, "--seeds",
                        f"{seed}:{seed + 1}", "--out", out, "--jobs", "1", "--no-reduce", "--oracle", "numba",
                        "--verdicts"], capture_output=True, text=True, timeout=20 * TIMEOUT,
                       env={k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"})
    lines = p.stdout.strip().splitlines()
    verdicts = dict(line.split()[1:3] for line in lines if line.startswith("verdict "))
    return verdicts, (lines[-1] if lines else p.stderr.strip()[-300:])


def run_seed(task):
    seed, jitc, progen, out, reduce, sample, via = task
    text = subprocess.run([progen, str(seed)], capture_output=True, text=True, check=True).stdout
    args = arguments(seed)
    result = {"functions": 0, "agree": 0, "disagree": 0, "numba-rejects": 0, "cheap-oracle-differs": 0,
              "past-int64": 0, "reports": [], "verdicts": []}
    confirmed = {}
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, f"prog{seed}.py")
        with open(path, "w") as f:
            f.write(text)
        try:
            mod = load_module(path, f"difffuzz_s{seed}")  # compiled once: its functions call each other
            if CHEAP:
                mod.np = WrappingNumpy()
        except Exception:
            mod = None
        jmod = load_under_jitc(path, text, seed) if via == "package" else None
        for name, _, _ in functions_of(text):
            result["functions"] += 1
            oracle = run_numba(path, name, args, None, mod) if mod else None
            if oracle is None:
                result["numba-rejects"] += 1
                result["verdicts"].append(f"verdict {name} numba-rejects")
                continue
            if CHEAP and past_int64(oracle):
                result["past-int64"] += 1  # beyond the cheap oracle, and rare: not sent to compiled Numba
                continue
            got = run_jitc_package(jmod, name, args) if via == "package" else run_jitc(jitc, path, name, args, work)
            if agree(oracle, got):
                result["agree"] += 1
                result["verdicts"].append(f"verdict {name} agree")
                continue
            if CHEAP:  # the cheap oracle's word is not final: compiled Numba's is
                if seed not in confirmed:
                    confirmed[seed] = under_compiled_numba(seed, jitc, progen, out)
                if confirmed[seed][0].get(name) == "agree":
                    result["cheap-oracle-differs"] += 1  # compiled Numba gives jitc's result
                    result["reports"].append(f"seed {seed} {name}: only the cheap oracle differs: Python {oracle!r}, "
                                             f"jitc and compiled Numba {got!r}")
                    continue
            result["disagree"] += 1
            result["verdicts"].append(f"verdict {name} disagree")
            small = reduce_program(jitc, text, name, args, work) if reduce else text
            report = os.path.join(out, f"seed{seed}_{name}.py")
            with open(report, "w") as f:
                f.write(conformance_case(small, name, args, oracle, seed, got))
            result["reports"].append(f"seed {seed} {name}: {'Python' if CHEAP else 'Numba'} {oracle!r}, "
                                     f"jitc {got!r} -> {report}")
    result["programs_agree"] = int(result["functions"] > 0
                                   and result["agree"] + result["cheap-oracle-differs"] == result["functions"])
    if CHEAP and sample and seed % sample == 0:
        verdicts, line = confirmed.get(seed) or under_compiled_numba(seed, jitc, progen, out)
        bad = not verdicts or "disagree" in verdicts.values()
        result["sampled"], result["sampled_agree"] = 1, int(not bad)
        if bad:
            result["reports"].append(f"seed {seed} under compiled Numba: {line}")
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jitc", default="build/jitc")
    ap.add_argument("--progen", default="build/tests/progen")
    ap.add_argument("--seeds", default="0:200", help="FIRST:END")
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "difffuzz"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--time-limit", type=float, default=0,
                    help="seconds: stop starting programs after this (0: none); the count says how many ran")
    ap.add_argument("--oracle", choices=("numba", "python"), default="numba",
                    help="compiled Numba, or the program run by CPython and NumPy (NUMBA_DISABLE_JIT=1)")
    ap.add_argument("--verdicts", action="store_true",
                    help="print `verdict FUNCTION agree|disagree|numba-rejects` per function (the cheap oracle's child run)")
    ap.add_argument("--via", choices=("cli", "package"),
                    help="jitc as `jitc call` in a process per call, or as the Python package in the worker's "
                         "process (default: package with --oracle python, cli otherwise)")
    ap.add_argument("--sample", type=int, default=0,
                    help="with --oracle python: every K-th program also under compiled Numba (0: none)")
    opts = ap.parse_args()
    first, end = (int(s) for s in opts.seeds.split(":"))
    os.makedirs(opts.out, exist_ok=True)
    jitc, progen = os.path.abspath(opts.jitc), os.path.abspath(opts.progen)
    via = opts.via or ("package" if opts.oracle == "python" else "cli")
    tasks = [(s, jitc, progen, opts.out, not opts.no_reduce, opts.sample, via) for s in range(first, end)]
    total = {"functions": 0, "agree": 0, "disagree": 0, "numba-rejects": 0, "cheap-oracle-differs": 0,
             "past-int64": 0, "sampled": 0, "sampled_agree": 0, "programs_agree": 0}
    started, programs = time.monotonic(), 0
    with mp.Pool(opts.jobs, maxtasksperchild=200) as pool:  # a worker holds every program it compiled
        for r in pool.imap_unordered(run_seed, tasks):
            programs += 1
            for k in total:
                total[k] += r.get(k, 0)
            for line in r["reports"] + (r["verdicts"] if opts.verdicts else []):
                print(line, flush=True)
            if programs % 1000 == 0:
                print(f"... {programs} programs in {time.monotonic() - started:.0f} s, {total['programs_agree']} "
                      f"agreeing in every function", flush=True)
            if opts.time_limit and time.monotonic() - started > opts.time_limit:
                pool.terminate()  # the programs under way are dropped, not counted
                break
    print(f"{programs} programs, {total['functions']} functions: {total['agree']} agree, "
          f"{total['disagree']} disagree, {total['numba-rejects']} numba-rejects")
    if opts.oracle == "python":
        print(f"{total['cheap-oracle-differs']} functions where only the cheap oracle differs (compiled Numba gives "
              f"jitc's result), {total['past-int64']} where its integers pass int64 (not judged)")
    print(f"{total['programs_agree']} programs agree in every function, in {time.monotonic() - started:.0f} s")
    if opts.sample:
        print(f"sampled under compiled Numba: {total['sampled']} programs, {total['sampled_agree']} agree, "
              f"{total['sampled'] - total['sampled_agree']} disagree")
    return 1 if total["disagree"] or total["sampled"] > total["sampled_agree"] else 0


if __name__ == "__main__":
    sys.exit(main())
