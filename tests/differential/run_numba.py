#!/usr/bin/env python3
"""Runs the krn conformance cases under Python + Numba (the oracle), and optionally under jitc.

Every tests/conformance/*.krn is a valid Python module that Numba compiles unchanged. Its cases are
comment lines (the format is documented in full at the top of tests/run_tests.sh):

    # CALL: FUNC ARG...             starts a case; ARG: int (int64), float/inf/nan (float64),
                                    True/False, a string as repr writes it ('abc'), @NAME.npy (copy of tests/conformance/data/NAME.npy),
                                    np.random.default_rng(SEED) (a fresh NumPy Generator),
                                    or a tuple of these without blanks, (1,(2.5,@NAME.npy))
    # EXPECT-STDOUT: TEXT           one line of print() output (in order)
    # EXPECT: REPR                  the return value as Python's repr (the last stdout line)
    # EXPECT-ERROR: TEXT            the call raises; TEXT is the exception's type name, or its type and
                                    message as Python shows them ("ValueError: negative"): then
                                    --jitc checks jitc's message too
    # EXPECT-ARRAY: NAME.npy EXP.npy  after the call the argument @NAME.npy equals data/expected/EXP.npy
    # EXPECT-RETURN: EXP.npy        the call returns an array equal to data/expected/EXP.npy (jitc
                                    writes it with --out); stands instead of EXPECT
    # SKIP: REASON                  jitc does not run this case (Numba still does)
    # BEYOND-NUMBA: REASON          Numba rejects this call at compile time (checked) and jitc goes
                                    further: the oracle is the same function run by Python and NumPy
    # NUMBA-CRASHES: REASON         Numba would crash the process on this call (a recursion deeper
                                    than the stack): it is not run here, only by tests/run_tests.sh
    # NUMBA-O3: REASON              Numba's result depends on LLVM's optimizations (undefined
                                    behaviour that -O3 happens to define): the oracle compiles this
                                    call at Numba's default -O3, the rest at -O0 (LEVELS, below)

Modes:
    run_numba.py                 check every expectation against what Numba actually does
    run_numba.py --jitc PATH     run every case under Numba and under `PATH call ...`, compare the two
                                 (floats within 1e-12 relative, everything else exactly); also checks
                                 that `PATH check` rejects every tests/errors/*.krn
    run_numba.py --update        rewrite the EXPECT/EXPECT-STDOUT/EXPECT-ERROR lines of each case from
                                 Numba's results and write the data/expected/*.npy files (the arrays
                                 EXPECT-ARRAY names after the call, and EXPECT-RETURN's returned arrays)
    run_numba.py --write-expected  only write the data/expected/*.npy files (make_fixtures.py calls it)

tests/errors/*.krn may carry `# NUMBA-CALL: FUNC ARG...`: Numba must reject that call (or the import)
at compile time, which shows the error case is outside the language rather than a jitc gap.

Files may be named on the command line (default: all). Ends with `N passed, N failed[, N skipped]`;
exit status 1 when anything failed.
"""
import argparse
import ast
import contextlib
import importlib.machinery
import importlib.util
import io
import math
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

# The oracle must run the kernels as written: no global bounds checking, no disabled JIT, and a
# cache directory outside the tree for the cases that use cache=True.
for _var in ("NUMBA_BOUNDSCHECK", "NUMBA_DISABLE_JIT", "NUMBA_FASTMATH"):
    os.environ.pop(_var, None)
os.environ.setdefault("NUMBA_CACHE_DIR", os.path.join(tempfile.gettempdir(), "jitc-numba-cache"))
sys.dont_write_bytecode = True  # importing a .krn must not leave __pycache__ in the tree

# Numba compiles at -O0 here, a quarter faster than at the -O1 numba_oracle.py gives otherwise, and
# with the same results: what Numba defines does not depend on LLVM's optimizations (NUMBA-O3
# cases still get -O3). Numba's own code for sets crashes at -O0, so each file runs in a child
# process of its own (forked: Numba is imported once), and a file whose child dies is run again
# at -O1. NUMBA_OPT in the environment names the one level to use.
LEVELS = (int(os.environ["NUMBA_OPT"]),) if "NUMBA_OPT" in os.environ else (0, 1)

import warnings  # noqa: E402

import numpy as np  # noqa: E402

try:  # parallel=True without prange and the like: advice, not results
    from numba_oracle import full_optimization, optimization, wrap_signed_overflow  # first: it sets NUMBA_OPT
    from numba.core.errors import NumbaPerformanceWarning

    warnings.simplefilter("ignore", NumbaPerformanceWarning)

    wrap_signed_overflow()  # Numba's signed overflow is undefined; the oracle's wraps
except ImportError:
    pass

TESTS = Path(__file__).resolve().parent.parent
CONF = TESTS / "conformance"
DATA = CONF / "data"
EXPECTED = DATA / "expected"
ERRORS = TESTS / "errors"

DIRECTIVE = re.compile(
    r"^# (CALL|EXPECT|EXPECT-STDOUT|EXPECT-ERROR|EXPECT-ARRAY|EXPECT-RETURN|SKIP|BEYOND-NUMBA|NUMBA-CRASHES|NUMBA-O3|NUMBA-CALL|EXPECT-DIAG):(?: (.*))?$"
)
INT_RE = re.compile(r"^[+-]?[0-9]+$")
RESULT_KEYS = ("EXPECT", "EXPECT-STDOUT", "EXPECT-ERROR")  # what --update rewrites
REL_TOL = 1e-12
JITC_TIMEOUT = 120


# ----------------------------------------------------------------------------------------- cases
@dataclass
class Case:
    file: Path
    line: int  # 1-based line of the CALL
    func: str
    args: list
    stdout: list = field(default_factory=list)  # EXPECT-STDOUT lines
    ret: str = None  # EXPECT
    error: str = None  # EXPECT-ERROR
    arrays: list = field(default_factory=list)  # (argument file name, expected file name)
    ret_array: str = None  # EXPECT-RETURN: expected file name of the returned array
    skip: str = None
    beyond: str = None  # BEYOND-NUMBA: why NumPy, not Numba, is the oracle
    numba_crashes: str = None  # NUMBA-CRASHES: why Numba is not run on it
    numba_o3: str = None  # NUMBA-O3: why Numba compiles it at -O3
    result_lines: list = field(default_factory=list)  # 0-based indices of RESULT_KEYS lines

    def expected_stdout(self):
        lines = self.stdout + ([self.ret] if self.ret is not None else [])
        return "".join(l + "\n" for l in lines)

    def label(self):
        return f"{rel(self.file)}:{self.line}: {self.func} {' '.join(self.args)}".rstrip()


def rel(p):
    try:
        return str(Path(p).resolve().relative_to(TESTS.parent))
    except ValueError:
        return str(p)


class CaseFormatError(Exception):
    pass


def parse_cases(path):
    """Returns (cases, file_directives): the cases of a .krn, and directives before the first CALL."""
    cases, top = [], []
    for i, text in enumerate(Path(path).read_text().splitlines()):
        m = DIRECTIVE.match(text)
        if not m:
            continue
        key, val = m.group(1), m.group(2) or ""
        if key == "CALL":
            toks = val.split()
            if not toks:
                raise CaseFormatError(f"{rel(path)}:{i + 1}: CALL without a function name")
            cases.append(Case(Path(path), i + 1, toks[0], toks[1:]))
            continue
        if not cases or key in ("NUMBA-CALL", "EXPECT-DIAG"):
            top.append((i + 1, key, val))
            continue
        c = cases[-1]
        if key == "EXPECT-STDOUT":
            c.stdout.append(val)
        elif key == "EXPECT":
            if c.ret is not None:
                raise CaseFormatError(f"{rel(path)}:{i + 1}: second EXPECT for one CALL")
            c.ret = val
        elif key == "EXPECT-ERROR":
            c.error = val
        elif key == "EXPECT-ARRAY":
            parts = val.split()
            if len(parts) != 2:
                raise CaseFormatError(f"{rel(path)}:{i + 1}: EXPECT-ARRAY wants ARG.npy EXPECTED.npy")
            if not any(re.search(rf"(^|[(,])@{re.escape(parts[0])}($|[),])", a) for a in c.args):  # in a tuple too
                raise CaseFormatError(f"{rel(path)}:{i + 1}: EXPECT-ARRAY names {parts[0]}, not an argument")
            c.arrays.append((parts[0], parts[1]))
        elif key == "EXPECT-RETURN":
            parts = val.split()
            if len(parts) != 1 or c.ret_array is not None:
                raise CaseFormatError(f"{rel(path)}:{i + 1}: one EXPECT-RETURN EXPECTED.npy per CALL")
            c.ret_array = parts[0]
        elif key == "SKIP":
            c.skip = val or "skipped"
        elif key == "BEYOND-NUMBA":
            c.beyond = val or "beyond Numba"
        elif key == "NUMBA-CRASHES":
            c.numba_crashes = val or "Numba crashes"
        elif key == "NUMBA-O3":
            c.numba_o3 = val or "-O3"
        if key in RESULT_KEYS:
            c.result_lines.append(i)
    for c in cases:
        if c.ret is not None and c.error is not None:
            raise CaseFormatError(f"{rel(path)}:{c.line}: both EXPECT and EXPECT-ERROR")
        if c.ret_array is not None and (c.ret is not None or c.error is not None):
            raise CaseFormatError(f"{rel(path)}:{c.line}: EXPECT-RETURN with EXPECT or EXPECT-ERROR")
    return cases, top


def split_tuple(tok):
    """The items of a tuple argument "(1,(2.5,@a.npy))": split at the commas outside parentheses."""
    inner, items, depth, start = tok[1:-1], [], 0, 0
    for i, ch in enumerate(inner + ","):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    if items and items[-1] == "":  # (1,) and ()
        items.pop()
    return items


def is_tuple_arg(tok):
    """(1,2), (1,), (): a comma outside inner parentheses, or nothing inside; (1+2j) is a number."""
    if not (tok.startswith("(") and tok.endswith(")")):
        return False
    depth = 0
    for ch in tok[1:-1]:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            return True
    return tok == "()"


def loaded_arrays(a):
    """A parsed value with its .npy paths (in tuples too) read: what a dict holds."""
    if isinstance(a, tuple):
        return tuple(loaded_arrays(x) for x in a)
    return np.load(a) if isinstance(a, Path) else a


def parse_dict_arg(tok, workdir):
    """A dict argument (no blanks), "{1:2.5,7:(1,@a.npy)}", as the numba.typed.Dict Numba gets: its
    types from its first item; without colons, "{1,2}", a set (set() an empty one)."""
    from numba import typed
    items = split_tuple(tok)
    if tok != "{}" and not any(":" in item for item in items):
        return {parse_arg(item, workdir) for item in items}
    d = typed.Dict()
    for item in items:
        key, value = item.split(":", 1)
        d[parse_arg(key, workdir)] = loaded_arrays(parse_arg(value, workdir))
    return d


def parse_arg(tok, workdir):
    """One CALL argument as the Python value Numba gets; @NAME.npy is copied into workdir first;
    a tuple (no blanks), "(1,(2.5,@a.npy))", as a tuple of those; a list, "[1,2]", as a Python list;
    a dict, "{1:2.5}", as a typed dict."""
    if tok.startswith("{") and tok.endswith("}"):
        return parse_dict_arg(tok, workdir)
    if tok == "set()":
        return set()
    if tok.startswith("[") and tok.endswith("]"):  # a list (no blanks), "[1,2]", "['a','b']": a Python list
        return [parse_arg(t, workdir) for t in split_tuple(tok)]
    if is_tuple_arg(tok):
        return tuple(parse_arg(t, workdir) for t in split_tuple(tok))
    if tok.startswith("(") and tok.endswith(")") and not tok[:-1].endswith(("j", "J")):
        return parse_arg(tok[1:-1], workdir)  # (5) is 5, as in Python
    m = re.fullmatch(r"np\.random\.default_rng\((\d+)\)", tok)
    if m:  # a NumPy Generator, as jitc call makes it from the same text
        return np.random.default_rng(int(m.group(1)))
    if tok.startswith("@"):
        name = tok[1:]
        dst = Path(workdir) / name
        if not dst.exists():
            shutil.copyfile(DATA / name, dst)
        return dst
    if tok in ("True", "False"):
        return tok == "True"
    if tok[:1] in ("'", '"'):  # a string, as Python's repr writes it (no blanks)
        return ast.literal_eval(tok)
    if tok.startswith("np.") and isinstance(getattr(np, tok[3:], None), type):  # a NumPy type: np.float64
        return getattr(np, tok[3:])
    if INT_RE.match(tok):
        v = int(tok)
        if not -(2**63) <= v < 2**63:
            raise CaseFormatError(f"argument {tok} does not fit int64")
        return v
    if tok.rstrip(")").endswith(("j", "J")):  # a complex literal: 1+2j, 2j
        return complex(tok)
    return float(tok)


# -------------------------------------------------------------------------------------- outcomes
@dataclass
class Outcome:
    stdout: str = ""  # everything printed, the return value's repr line last
    ret: str = None  # the return value's repr (Numba runs only; None for no value)
    error: str = None  # Numba: "Type: message"; jitc: its stderr
    arrays: dict = field(default_factory=dict)  # argument file name -> array after the call
    ret_array: object = None  # the returned array (EXPECT-RETURN cases; None if none came back)
    crash: str = None  # the case could not be run at all (import failure, bad case, jitc missing)


def krn_repr(v, nested=False):
    """Python's repr of a result, with NumPy scalars shown as the Python value they box to (an
    array only inside a tuple or list; a typed list's items by their repr, as jitc prints them)."""
    if isinstance(v, np.ndarray) and nested:
        return repr(v)
    if v is None and nested:  # an Optional's None inside a tuple or list
        return "None"
    if type(v).__name__ == "Dict" and type(v).__module__.startswith("numba.typed"):  # as jitc prints a dict
        return "{" + ", ".join(f"{krn_repr(k, True)}: {krn_repr(x, True)}" for k, x in v.items()) + "}"
    if isinstance(v, tuple):
        inner = ", ".join(krn_repr(x, True) for x in v)
        return f"({inner},)" if len(v) == 1 else f"({inner})"
    if isinstance(v, (bool, np.bool_)):
        return repr(bool(v))
    if isinstance(v, (int, np.integer)):
        return repr(int(v))
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    if isinstance(v, (complex, np.complexfloating)):
        return repr(complex(v))
    if isinstance(v, str):  # a string (JITC_STR)
        return repr(v)
    if isinstance(v, list):  # a reflected list
        return "[" + ", ".join(krn_repr(x, True) for x in v) + "]"
    if type(v).__name__ == "List" and type(v).__module__.startswith("numba"):  # numba.typed.List
        return f"ListType[{v._dtype}](" + krn_repr(list(v), True) + ")"
    raise TypeError(f"result of type {type(v).__name__} has no krn repr (return scalars or tuples; an array wants EXPECT-RETURN)")


_modules = {}


def load_krn(path):
    """Imports a .krn file as a Python module (once per process; Numba caches its compilations)."""
    path = Path(path).resolve()
    if path not in _modules:
        # A stable name (Numba's cache=True records the module of each function it stores).
        name = "krn_" + re.sub(r"\W", "_", f"{path.parent.name}_{path.stem}")
        loader = importlib.machinery.SourceFileLoader(name, str(path))
        spec = importlib.util.spec_from_loader(name, loader)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        try:
            loader.exec_module(mod)
            _modules[path] = mod
        except Exception as e:  # noqa: BLE001 - reported per case
            _modules[path] = e
    return _modules[path]


def first_line(s):
    s = str(s).strip()
    return s.splitlines()[0] if s else ""


def call_oracle(fn, args, case, out):
    """Numba's result; for a BEYOND-NUMBA case, Python's, once Numba is seen to reject the call."""
    if case.numba_o3:
        with full_optimization():
            return fn(*args)
    if not case.beyond:
        return fn(*args)
    from numba.core.errors import NumbaError
    try:
        fn(*[a.copy() if isinstance(a, np.ndarray) else a for a in args])
    except NumbaError:
        return fn.py_func(*args)
    out.crash = "BEYOND-NUMBA, but Numba compiles and runs this call"
    return None


def run_numba(case):
    out = Outcome()
    mod = load_krn(case.file)
    if isinstance(mod, Exception):
        out.crash = f"import failed: {type(mod).__name__}: {first_line(mod)}"
        return out
    fn = getattr(mod, case.func, None)
    if fn is None:
        out.crash = f"no function {case.func}"
        return out
    with tempfile.TemporaryDirectory(prefix="krn-numba-") as tmp:
        try:
            raw = [parse_arg(t, tmp) for t in case.args]
        except (CaseFormatError, ValueError, OSError) as e:
            out.crash = f"bad CALL: {e}"
            return out
        loaded = {}
        args = []
        def load(a):
            if isinstance(a, tuple):
                return tuple(load(x) for x in a)
            if isinstance(a, Path):
                loaded.setdefault(a.name, np.load(a))
                return loaded[a.name]
            return a
        args = [load(a) for a in raw]
        buf = io.StringIO()
        result = None
        with contextlib.redirect_stdout(buf):
            try:
                result = call_oracle(fn, args, case, out)
            except Exception as e:  # noqa: BLE001 - a runtime error is an outcome
                out.error = f"{type(e).__name__}: {first_line(e)}"
        out.stdout = buf.getvalue()
        if out.error is None and case.ret_array is not None:
            if isinstance(result, np.ndarray):
                out.ret_array = result
            else:
                out.crash = f"EXPECT-RETURN, but it returned {type(result).__name__}, not an array"
        elif out.error is None and result is not None:
            try:
                out.ret = krn_repr(result)
                out.stdout += out.ret + "\n"
            except TypeError as e:
                out.crash = str(e)
        out.arrays = loaded
    return out


def jitc_tuple_word(t):
    """A parsed tuple argument as `jitc call` reads it: "(1, (2.5, /tmp/.../a.npy))"."""
    words = [jitc_tuple_word(a) if isinstance(a, tuple) else str(a) if isinstance(a, Path)
             else repr(a) for a in t]
    return "(" + ", ".join(words) + ("," if len(words) == 1 else "") + ")"


def run_jitc(jitc, case):
    out = Outcome()
    with tempfile.TemporaryDirectory(prefix="krn-jitc-") as tmp:
        args = []
        try:
            for t in case.args:
                a = parse_arg(t, tmp)
                if t.startswith("{"):  # a dict's fixtures, copied by parse_arg: their paths
                    t = re.sub(r"@([A-Za-z0-9_.]+[.]npy)", lambda m: str(Path(tmp) / m.group(1)), t)
                args.append(str(a) if isinstance(a, Path) else jitc_tuple_word(a) if isinstance(a, tuple) else t)
        except (CaseFormatError, ValueError, OSError) as e:
            out.crash = f"bad CALL: {e}"
            return out
        returned = Path(tmp) / "returned.npy"
        if case.ret_array is not None:
            args += ["--out", str(returned)]
        cmd = [jitc, "call", str(case.file), case.func] + args
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=JITC_TIMEOUT)
        except subprocess.TimeoutExpired:
            out.crash = f"timed out after {JITC_TIMEOUT}s"
            return out
        except OSError as e:
            out.crash = f"cannot run {jitc}: {e}"
            return out
        out.stdout = p.stdout
        if p.returncode != 0:
            out.error = p.stderr.strip() or f"exit status {p.returncode}"
        for name, _ in case.arrays:
            try:
                out.arrays[name] = np.load(Path(tmp) / name)
            except Exception as e:  # noqa: BLE001
                out.crash = f"cannot read back {name}: {e}"
        if case.ret_array is not None and p.returncode == 0:
            try:
                out.ret_array = np.load(returned)
            except Exception as e:  # noqa: BLE001
                out.crash = f"cannot read the returned array: {e}"
    return out


# ------------------------------------------------------------------------------------ comparisons
def show(s):
    return repr(s.rstrip("\n")) if s else "''"


def arrays_equal(got, exp, tol):
    """Same dtype and shape; ints/bools exactly; floats exactly (tol 0) or within tol relative;
    complex numbers part by part, as floats (NaN parts equal)."""
    if got.dtype != exp.dtype or got.shape != exp.shape:
        return False
    if exp.dtype.kind == "c":
        return arrays_equal(got.real, exp.real, tol) and arrays_equal(got.imag, exp.imag, tol)
    if exp.dtype.kind != "f":
        return bool(np.array_equal(got, exp))
    same_nan = np.isnan(got) == np.isnan(exp)
    if tol == 0:
        same = (got == exp) | (np.isnan(got) & np.isnan(exp))
        # exact also means the sign of zero
        same &= np.signbit(got) == np.signbit(exp)
        return bool(same.all())
    close = np.isclose(got, exp, rtol=tol, atol=0, equal_nan=True)
    return bool(same_nan.all() and close.all())


def check_expectations(case, out):
    """What is wrong with the case's written expectations, given what Numba did (empty: nothing)."""
    if out.crash:
        return [out.crash]
    probs = []
    want = case.expected_stdout()
    if out.stdout != want:
        probs.append(f"stdout: expected {show(want)}, got {show(out.stdout)}")
    if case.error is None and out.error is not None:
        probs.append(f"raised {out.error}")
    elif case.error is not None and (out.error is None or case.error not in out.error):
        probs.append(f"expected error {case.error!r}, got {out.error or 'no error'}")
    for name, exp_name in case.arrays:
        exp_path = EXPECTED / exp_name
        if not exp_path.exists():
            probs.append(f"missing {rel(exp_path)} (run with --update)")
        elif name in out.arrays and not arrays_equal(out.arrays[name], np.load(exp_path), 0):
            probs.append(f"array {name} differs from {rel(exp_path)}: got {out.arrays[name].tolist()}")
    if case.ret_array is not None and out.error is None:
        exp_path = EXPECTED / case.ret_array
        if not exp_path.exists():
            probs.append(f"missing {rel(exp_path)} (run with --update)")
        elif not arrays_equal(out.ret_array, np.load(exp_path), 0):
            probs.append(f"returned array differs from {rel(exp_path)}: got {show_array(out.ret_array)}")
    return probs


def show_array(a):
    return f"{a.dtype} {a.shape} {a.tolist()}"


NUM_TOKEN = re.compile(r"^[+-]?(?:[0-9]+\.?[0-9]*(?:e[+-]?[0-9]+)?|inf|nan)$")
SPLIT = re.compile(r"([\s,()]+)")


def lines_match(a, b):
    """Exact, except that float tokens may differ within REL_TOL (ints and text must be equal)."""
    if a == b:
        return True
    ta, tb = SPLIT.split(a), SPLIT.split(b)
    if len(ta) != len(tb):
        return False
    for x, y in zip(ta, tb):
        if x == y:
            continue
        if not (NUM_TOKEN.match(x) and NUM_TOKEN.match(y)):
            return False
        if INT_RE.match(x) or INT_RE.match(y):  # ints exactly; an int never matches a float
            return False
        fx, fy = float(x), float(y)
        if math.isnan(fx) or math.isnan(fy) or math.isinf(fx) or math.isinf(fy):
            return False
        if not math.isclose(fx, fy, rel_tol=REL_TOL, abs_tol=0.0):
            return False
    return True


def compare_outcomes(case, numba, jitc):
    """What differs between jitc's run of a case and Numba's (empty: they agree)."""
    if numba.crash:
        return [f"numba: {numba.crash}"]
    if jitc.crash:
        return [f"jitc: {jitc.crash}"]
    probs = []
    ln, lj = numba.stdout.splitlines(), jitc.stdout.splitlines()
    if len(ln) != len(lj) or not all(lines_match(a, b) for a, b in zip(ln, lj)):
        probs.append(f"stdout: numba {show(numba.stdout)}, jitc {show(jitc.stdout)}")
    if numba.error is None and jitc.error is not None:
        probs.append(f"jitc failed: {first_line(jitc.error)}")
    elif numba.error is not None:
        kind = numba.error.split(":")[0]
        if jitc.error is None:
            probs.append(f"numba raised {numba.error}, jitc did not")
        elif kind not in jitc.error:
            probs.append(f"numba raised {numba.error}, jitc: {first_line(jitc.error)}")
        elif case.error and ": " in case.error and case.error not in jitc.error:
            # an EXPECT-ERROR with a message ("ValueError: negative"): the messages are compared too
            probs.append(f"numba raised {numba.error}, jitc: {first_line(jitc.error)} (message differs)")
    if numba.error is None:
        for name, _ in case.arrays:
            if name in numba.arrays and name in jitc.arrays and not arrays_equal(
                jitc.arrays[name], numba.arrays[name], REL_TOL
            ):
                probs.append(
                    f"array {name}: numba {numba.arrays[name].tolist()}, jitc {jitc.arrays[name].tolist()}"
                )
        if case.ret_array is not None and jitc.error is None and not arrays_equal(
            jitc.ret_array, numba.ret_array, REL_TOL
        ):
            probs.append(f"returned array: numba {show_array(numba.ret_array)}, jitc {show_array(jitc.ret_array)}")
    return probs


# ---------------------------------------------------------------------------------------- update
def expectation_lines(out):
    """The EXPECT-STDOUT / EXPECT / EXPECT-ERROR lines that describe a Numba outcome."""
    prints = out.stdout.splitlines()
    if out.ret is not None:
        prints.pop()
    res = [f"# EXPECT-STDOUT: {p}".rstrip() if p else "# EXPECT-STDOUT:" for p in prints]
    if out.ret is not None:
        res.append(f"# EXPECT: {out.ret}")
    if out.error is not None:
        res.append(f"# EXPECT-ERROR: {out.error.split(':')[0]}")
    return res


def update_file(path, cases, outcomes):
    src = Path(path).read_text().splitlines()
    ran = [(c, o) for c, o in zip(cases, outcomes) if not o.crash]  # others keep their lines
    drop = {i for c, _ in ran for i in c.result_lines}
    insert = {c.line - 1: expectation_lines(o) for c, o in ran}
    new = []
    for i, text in enumerate(src):
        if i in drop:
            continue
        new.append(text)
        new += insert.get(i, [])
    text = "\n".join(new) + "\n"
    if text != Path(path).read_text():
        Path(path).write_text(text)
        return True
    return False


def write_expected(case, out):
    """Saves the arrays a case wrote as its data/expected files; returns how many."""
    EXPECTED.mkdir(parents=True, exist_ok=True)
    n = 0
    # np.array(x, order="C"), not np.ascontiguousarray(x), which makes a 0-d array 1-d
    for name, exp_name in case.arrays:
        if name in out.arrays:
            np.save(EXPECTED / exp_name, np.array(out.arrays[name], order="C"))
            n += 1
    if case.ret_array is not None and out.ret_array is not None:
        np.save(EXPECTED / case.ret_array, np.array(out.ret_array, order="C"))
        n += 1
    return n


# ------------------------------------------------------------------------------------ error cases
def check_error_file_numba(path, top):
    """An error case is meant to be outside krn: Numba must reject it too (where NUMBA-CALL says how)."""
    calls = [v for _, k, v in top if k == "NUMBA-CALL"]
    if not calls:
        return None
    mod = load_krn(path)
    if isinstance(mod, Exception):
        return []  # rejected at import (for instance an eager signature that does not parse)
    probs = []
    for call in calls:
        toks = call.split()
        fn = getattr(mod, toks[0], None)
        if fn is None:
            continue  # the name itself is what is missing
        with tempfile.TemporaryDirectory(prefix="krn-numba-") as tmp:
            args = [parse_arg(t, tmp) for t in toks[1:]]
            args = [np.load(a) if isinstance(a, Path) else a for a in args]
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    fn(*args)
                probs.append(f"Numba accepts {call}")
            except (ArithmeticError, IndexError) as e:  # raised by running code: it compiled
                probs.append(f"Numba compiles {call} (it raised {type(e).__name__} when run)")
            except Exception:  # noqa: BLE001 - any compile-time rejection will do
                pass
    return probs


def check_error_file_jitc(jitc, path):
    try:
        p = subprocess.run([jitc, "check", str(path)], capture_output=True, text=True, timeout=JITC_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as e:
        return [f"jitc check: {e}"]
    if p.returncode != 1 or ": error: " not in p.stderr:
        return [f"jitc check accepted it (exit {p.returncode}, stderr {show(p.stderr)})"]
    return []


# --------------------------------------------------------------------------- the oracle's processes
class OracleCrashed(Exception):
    pass


def in_child(work, *args):
    """work(*args) in a forked child process, its result pickled back through a pipe: (True, the
    result), or (False, None) where the child died without one (a crash in compiled code)."""
    sys.stdout.flush()
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            result = (True, work(*args))
        except BaseException:  # noqa: BLE001 - handed to the parent, which raises it
            result = (False, traceback.format_exc())
        with os.fdopen(w, "wb") as f:
            pickle.dump(result, f)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    os.waitpid(pid, 0)
    if not data:
        return False, None
    ok, value = pickle.loads(data)
    if not ok:
        raise RuntimeError(f"the oracle's child process raised:\n{value}")
    return True, value


def at_level(level, work, *args):
    with optimization(level):
        return work(*args)


def at_levels(work, *args):
    """work(*args) in a child process at the first of LEVELS at which it does not crash."""
    for level in LEVELS:
        lived, result = in_child(at_level, level, work, *args)
        if lived:
            return result
    raise OracleCrashed("Numba's process crashed on this file at " + " and at ".join(f"-O{n}" for n in LEVELS))


def numba_outcomes(cases):
    """Numba's outcome of each case (a NUMBA-CRASHES case's: not run)."""
    return [Outcome(crash=c.numba_crashes) if c.numba_crashes else run_numba(c) for c in cases]


# ------------------------------------------------------------------------------------------- main
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", type=Path, help="case files (default: all of tests/conformance and tests/errors)")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--jitc", metavar="PATH", help="compare jitc's results with Numba's")
    g.add_argument("--update", action="store_true", help="rewrite expectations from Numba's results")
    g.add_argument("--write-expected", action="store_true", help="only write data/expected/*.npy")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case, not only failures")
    opts = ap.parse_args(argv)

    files = opts.files or sorted(CONF.glob("*.krn")) + sorted(ERRORS.glob("*.krn"))
    jitc = str(Path(opts.jitc).resolve()) if opts.jitc else None
    if jitc and not os.access(jitc, os.X_OK):
        print(f"run_numba.py: cannot run {opts.jitc} (build jitc first)", file=sys.stderr)
        return 2
    passed = failed = skipped = written = 0

    def report(ok, label, probs=()):
        nonlocal passed, failed
        if ok:
            passed += 1
            if opts.verbose:
                print(f"ok   {label}")
        else:
            failed += 1
            print(f"FAIL {label}: " + "; ".join(probs))

    for path in files:
        path = Path(path).resolve()
        try:
            cases, top = parse_cases(path)
        except CaseFormatError as e:
            report(False, rel(path), [str(e)])
            continue
        try:
            if path.parent == ERRORS.resolve():
                probs = check_error_file_jitc(jitc, path) if jitc else at_levels(check_error_file_numba, path, top)
                if probs is not None:
                    report(not probs, rel(path), probs)
                continue
            if not cases:
                continue
            outcomes = at_levels(numba_outcomes, cases)
        except OracleCrashed as e:
            report(False, rel(path), [str(e)])
            continue
        for c, out in zip(cases, outcomes):
            if c.numba_crashes:  # kept as written (update_file leaves a crashed outcome's lines)
                skipped += 1
                if opts.verbose:
                    print(f"skip {c.label()}: Numba not run: {c.numba_crashes}")
                continue
            if opts.update or opts.write_expected:
                if not out.crash and out.error is None:
                    written += write_expected(c, out)
                report(not out.crash, c.label(), [out.crash or ""])
            elif jitc:
                if c.skip:
                    skipped += 1
                    if opts.verbose:
                        print(f"skip {c.label()}: {c.skip}")
                    continue
                probs = compare_outcomes(c, out, run_jitc(jitc, c))
                report(not probs, c.label(), probs)
            else:
                probs = check_expectations(c, out)
                report(not probs, c.label(), probs)
        if opts.update and update_file(path, cases, outcomes):
            print(f"updated {rel(path)}")

    if opts.update or opts.write_expected:
        print(f"wrote {written} expected arrays under {rel(EXPECTED)}")
    summary = f"{passed} passed, {failed} failed"
    if skipped:
        summary += f", {skipped} skipped"
    print(summary)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
