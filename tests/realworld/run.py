"""run.py — the host corpus (tests/realworld/*.py: real CPU Numba code, copied unchanged from
public sources) under Numba and under jitc, compared case by case.

Each corpus file is a prelude (the imports and module constants its functions need) followed
by cases, each starting `# === CASE name`; a case is run as the prelude followed by that case
alone, so one function's gap cannot fail another. A case carries
    # SOURCE: repository path @ commit, where in the file
    # RUN: FUNC ARGS         one or more: ARGS a Python expression of the arguments (a tuple for
                             several, `()` for none), evaluated with `np` in scope; FUNC may be
                             `njit(f)`: the harness appends `_rw_runK = njit(f)` to the case and
                             calls that, as Numba's tests compile their plain functions
    # OUT-OF-SCOPE: why      the design excludes it (object mode, jitclass, typed dicts, strings):
                             skipped
For each RUN line the same arguments go to both compilers:
  - Numba: the case imported as a module (all of them in this one process), FUNC called;
  - jitc:  `jitc call CASE FUNC ARGS...`, and where a call fails, `jitc emit --llvm-raw CASE FUNC
    --sig SIG` of each RUN line, to tell a failure to compile (the compile stage, the same as the
    compile-only mode of run.sh) from one of the call. The call's ARGS are (arrays as .npy files
    written back, scalars as words, a NumPy type as np.float64 with NumberClass(float64) in SIG,
    a Generator made by np.random.default_rng(SEED) as that text with NumPyRandomGeneratorType in SIG,
    a tuple as one word "(1, (2.5, A.npy))" with UniTuple(T, n)
    or Tuple((T, U)) in SIG; `--out R.npy` for a returned array; for a @vectorize ufunc
    and a @guvectorize gufunc that returns its output, one more .npy for it). What jitc prints
    is read back with eval, the names of typed lists (ListType[...]) dropped.
The case passes when jitc gives Numba's result: the return value (exact for ints and bools,
np.allclose for floats, NaN equal to NaN, arrays with Numba's dtype and shape), the arrays the
call leaves in its arguments, what it prints, and the exception it raises. A failure's cause is
jitc's first diagnostic with quoted names stripped (compile stage), or, at the call, `call: `
and jitc's message, `wrong result: ...`, or `crash ...`. A case Numba itself cannot compile or
run is skipped, with Numba's message.

Where jitc's Python package is installed in this Python, each case gets a second verdict through
it: the same temporary file imported with jitc._numba.import_with_jitc (`numba` resolved to jitc,
this process's Numba untouched), each RUN line's function called in this thread with fresh copies
of the arguments Numba got (typed containers made by jitc's numba.typed), and compared as above
(what it prints caught on file descriptor 1, since compiled code prints with C's stdio; the
exception by its class name). Its cause is the exception's class and first line (a compile
error: jitc.errors.TypingError, with `import: ` where the module's import failed, `call: ` for
an exception Numba does not raise), or `wrong result: ...`; expected_failures_package.txt
lists those failures, in the same format and with the same rule as expected_failures.txt.

expected_failures.txt lists today's failures (FILE:CASE  # cause): the run fails (exit 1) when a
case not listed there fails, or when a listed one passes (remove it). signatures.txt holds each
RUN line's jitc signature (ID|FUNC|SIG; SIG empty where the decorator names its signatures,
`-` where Numba cannot run the case, `?` where an argument cannot be passed to jitc call),
which run.sh's compile-only mode uses where no Numba is installed.
    JITC=path/to/jitc python3 tests/realworld/run.py [--update] [FILTER]
--update rewrites expected_failures.txt, expected_failures_package.txt and signatures.txt from this run.
"""
import builtins
import contextlib
import glob
import importlib.util
import io
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np

# Numba compiles at NUMBA_OPT=1 unless the environment says otherwise: for what Numba defines,
# the results of its default -O3 in about two thirds of the time (tests/differential/numba_oracle.py)
os.environ.setdefault("NUMBA_OPT", "1")

if not hasattr(np, "row_stack"):  # older Numba still names np.row_stack, gone in NumPy 2.5
    np.row_stack = np.vstack

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
JITC = os.environ.get("JITC", os.path.join(ROOT, "build", "jitc"))
EXPECTED = os.path.join(HERE, "expected_failures.txt")
EXPECTED_PACKAGE = os.path.join(HERE, "expected_failures_package.txt")
SIGNATURES = os.path.join(HERE, "signatures.txt")
RUN_STAGE = ("call: ", "wrong result", "crash at call", "timeout at call")


# ---------------------------------------------------------------- the corpus files

def cases(filt=""):
    """Yields a dict per case: id, file, source (prelude + the case), runs [(func, expr)], oos."""
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(path) == "run.py":
            continue
        base = os.path.basename(path)[:-3]
        prelude, cur, found = [], None, []
        for line in open(path).read().split("\n"):
            m = re.match(r"# === CASE (\S+)", line)
            if m:
                cur = {"id": f"{base}:{m.group(1)}", "file": base, "lines": [line], "runs": [], "oos": None,
                       "harness": []}
                found.append(cur)
                continue
            if cur is None:
                prelude.append(line)
                continue
            cur["lines"].append(line)
            if line.startswith("# RUN: "):
                words = line[len("# RUN: "):].strip().split(None, 1)
                func, expr = words[0], (words[1] if len(words) > 1 else "()")
                if "(" in func:  # njit(f): the harness compiles the plain f as its test does
                    alias = f"_rw_run{len(cur['runs'])}"
                    cur["harness"].append(f"{alias} = {func}")
                    func = alias
                cur["runs"].append((func, expr))
            elif line.startswith("# OUT-OF-SCOPE: "):
                cur["oos"] = line[len("# OUT-OF-SCOPE: "):]
        for c in found:
            c["source"] = "\n".join(prelude + c.pop("lines") + c.pop("harness")) + "\n"
            if filt in c["id"]:
                yield c


def make_args(expr):
    """The arguments as a tuple (a fresh copy each call: a RUN expression is deterministic)."""
    v = eval(expr, {"np": np})
    return v if isinstance(v, tuple) else (v,)


def numpy_type(a):
    """The dtype a NumPy type or dtype argument names (np.float64, np.dtype("int8")), or None."""
    if isinstance(a, np.dtype):
        return a
    if isinstance(a, type) and issubclass(a, np.generic):
        return np.dtype(a)
    return None


def generator_seed(a):
    """The seed of a np.random.Generator as np.random.default_rng(seed) made it (not drawn from
    since), else None: jitc call makes that Generator from the same text."""
    if not isinstance(a, np.random.Generator) or not isinstance(a.bit_generator, np.random.PCG64):
        return None
    seq = getattr(a.bit_generator, "seed_seq", None)
    seed = getattr(seq, "entropy", None)
    if not isinstance(seed, int) or not 0 <= seed < 2**64 or getattr(seq, "spawn_key", ()) != ():
        return None
    return seed if a.bit_generator.state == np.random.default_rng(seed).bit_generator.state else None


def scalar_word(a):
    if generator_seed(a) is not None:  # jitc call makes it from the same text (JITC_GENERATOR)
        return f"np.random.default_rng({generator_seed(a)})"
    if numpy_type(a) is not None:  # jitc call reads np.float64 as the type (JITC_DTYPE)
        return "np." + {"bool": "bool_"}.get(numpy_type(a).name, numpy_type(a).name)
    if isinstance(a, (bool, np.bool_)):
        return "True" if a else "False"
    if isinstance(a, (int, np.integer)):
        return str(int(a))
    if isinstance(a, (float, np.floating)):
        return repr(float(a))
    if isinstance(a, (complex, np.complexfloating)):  # jitc call reads Python's repr: (1+2j)
        return repr(complex(a))
    if isinstance(a, str):  # jitc call reads Python's repr: 'abc' (JITC_STR)
        return repr(a)
    raise TypeError(f"jitc call cannot pass {type(a).__name__} arguments")


def tuple_type(t):
    """The --sig spelling of a tuple argument: UniTuple(T, n) when its items share a type, else
    Tuple((T, U, ...)), as Numba types it."""
    items = [value_type(a) for a in t]
    if not items:
        raise TypeError("jitc call cannot pass empty tuples")
    if all(x == items[0] for x in items):
        return f"UniTuple({items[0]}, {len(items)})"
    return f"Tuple(({', '.join(items)}))"


def is_typed_list(a):
    return type(a).__name__ == "List" and type(a).__module__.startswith("numba.typed")


def list_type(a):
    """The --sig spelling of a list argument: Numba types a list by its first item."""
    if len(a) == 0:
        raise TypeError("jitc call cannot pass empty lists")
    item = value_type(a[0])
    return f"ListType({item})" if is_typed_list(a) else f"List({item}, reflected=True)"


def is_typed_dict(a):
    return type(a).__name__ == "Dict" and type(a).__module__.startswith("numba.typed")


def dict_type(d):
    """The --sig spelling of a numba.typed.Dict argument: DictType(K, V) of its first item."""
    if len(d) == 0:
        raise TypeError("jitc call cannot pass empty dicts")
    k, v = next(iter(d.items()))
    return f"DictType({value_type(k)}, {value_type(v)})"


def dict_word(d, stem):
    """A numba.typed.Dict argument as `jitc call` reads it: "{1: STEM_0.npy, 2: (STEM_1_0.npy, 3)}"."""
    words = []
    for n, (k, v) in enumerate(d.items()):
        if isinstance(v, tuple):
            words.append(f"{scalar_word(k)}: {tuple_word(v, f'{stem}_{n}')}")
        elif isinstance(v, np.ndarray):
            np.save(f"{stem}_{n}.npy", v)
            words.append(f"{scalar_word(k)}: {stem}_{n}.npy")
        else:
            words.append(f"{scalar_word(k)}: {scalar_word(v)}")
    return "{" + ", ".join(words) + "}"


def set_type(a):
    """The --sig spelling of a set argument (Numba's reflected set): its first item's type."""
    if len(a) == 0:
        raise TypeError("jitc call cannot pass empty sets")
    return f"Set({value_type(next(iter(a)))})"


def value_type(a):
    if is_typed_dict(a):
        return dict_type(a)
    if isinstance(a, set):
        return set_type(a)
    if isinstance(a, tuple):
        return tuple_type(a)
    if isinstance(a, list) or is_typed_list(a):
        return list_type(a)
    return array_type(a) if isinstance(a, np.ndarray) else scalar_type(a)


def tuple_word(t, stem):
    """A tuple argument as `jitc call` reads it: "(1, (2.5, STEM_1_0.npy))", arrays saved there;
    a list "[1, 2]", a numba.typed.List "List([STEM_0.npy, STEM_1.npy])"."""
    words = []
    for k, a in enumerate(t):
        if isinstance(a, np.ndarray):
            np.save(f"{stem}_{k}.npy", a)
            words.append(f"{stem}_{k}.npy")
        elif isinstance(a, (tuple, list)) or is_typed_list(a):
            words.append(tuple_word(a, f"{stem}_{k}"))
        else:
            words.append(scalar_word(a))
    if isinstance(t, list):
        return "[" + ", ".join(words) + "]"
    if is_typed_list(t):
        return "List([" + ", ".join(words) + "])"
    return "(" + ", ".join(words) + ("," if len(words) == 1 else "") + ")"


def array_type(a):
    """The --sig spelling of an array argument as `jitc call` types its .npy file."""
    if a.ndim == 0:
        raise TypeError("jitc call cannot pass 0-d arrays")
    dims = [":"] * a.ndim
    if a.flags.c_contiguous:
        dims[-1] = "::1"
    elif a.flags.f_contiguous:
        dims[0] = "::1"
    name = {"bool": "boolean"}.get(a.dtype.name, a.dtype.name)
    return f"{name}[{', '.join(dims)}]"


def scalar_type(a):
    if generator_seed(a) is not None:
        return "NumPyRandomGeneratorType"
    if numpy_type(a) is not None:  # Numba's class(float64)
        return f"NumberClass({ {'bool': 'boolean'}.get(numpy_type(a).name, numpy_type(a).name) })"
    if isinstance(a, np.ndarray):
        return {"bool": "boolean"}.get(a.dtype.name, a.dtype.name)
    if isinstance(a, (bool, np.bool_)):
        return "boolean"
    if isinstance(a, (int, np.integer)):
        return "int64"
    if isinstance(a, (float, np.floating)):
        return "float64"
    if isinstance(a, (complex, np.complexfloating)):
        return "complex128"
    if isinstance(a, str):
        return "unicode_type"
    raise TypeError(f"jitc call cannot pass {type(a).__name__} arguments")


# ---------------------------------------------------------------- Numba, the oracle

def numba_kind(obj):
    """'ufunc', 'gufunc' or 'jit', and whether the decorator named its signatures."""
    from numba.np.ufunc.dufunc import DUFunc
    from numba.np.ufunc.gufunc import GUFunc
    if isinstance(obj, GUFunc):
        return "gufunc", not obj.is_dynamic
    if isinstance(obj, (DUFunc, np.ufunc)):
        return "ufunc", isinstance(obj, np.ufunc) or bool(getattr(obj, "_frozen", False))
    return "jit", False


def run_numba(case, src_path):
    """Per RUN line: {kind, declared, result, args (after the call), printed, exc} or {skip}."""
    from numba.core.errors import NumbaError
    name = "rw_" + re.sub(r"\W", "_", case["id"])
    out = []
    try:
        spec = importlib.util.spec_from_file_location(name, src_path)
        mod = importlib.util.module_from_spec(spec)
        # registered as an import does: Numba names a recursive call's symbol after the module
        # inspect.getmodule finds (sys.modules), the callee after __module__; unregistered, the two
        # differ and the call aborts ("unresolved symbol"), which Python never sees
        sys.modules[name] = mod
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            spec.loader.exec_module(mod)
    except Exception as e:  # noqa: BLE001 — the oracle could not even import the case
        return [{"skip": f"numba: {type(e).__name__}: {first_line(e)}"}] * len(case["runs"])
    for func, expr in case["runs"]:
        obj = getattr(mod, func, None)
        if obj is None:
            out.append({"skip": f"numba: the case defines no {func}"})
            continue
        kind, declared = numba_kind(obj)
        args = make_args(expr)
        r_inputs = [a.copy() if isinstance(a, np.ndarray) else None for a in args]
        printed = io.StringIO()
        r = {"kind": kind, "declared": declared, "result": None, "exc": None,
             "nin": getattr(obj, "nin", None) if kind != "jit" else None}
        try:
            with contextlib.redirect_stdout(printed), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                r["result"] = obj(*args)
        except NumbaError as e:
            out.append({"skip": f"numba: {type(e).__name__}: {first_line(e)}"})
            continue
        except Exception as e:  # noqa: BLE001 — an exception jitc must raise too
            r["exc"] = type(e).__name__
        if isinstance(r["result"], np.ndarray):
            r["result"] = r["result"].copy()
        r["args"] = [a.copy() if isinstance(a, np.ndarray) else None for a in args]
        r["inputs"] = r_inputs  # jitc gets these very bytes: an np.empty argument's contents are not compared as noise
        r["printed"] = printed.getvalue()
        out.append(r)
    return out


def first_line(e):
    return (str(e).strip().splitlines() or [""])[0][:200]


# ---------------------------------------------------------------- jitc

def signature(kind, declared, args):
    """The --sig for jitc emit ('' where the decorator names the signatures)."""
    if declared:
        return ""
    if kind == "ufunc":
        return "(" + ", ".join(scalar_type(a) for a in args) + ")"
    one_tuple = len(args) == 1 and (isinstance(args[0], (tuple, list)) or is_typed_list(args[0]))  # "(Tuple(...),)": not a call's return type
    return "(" + ", ".join(value_type(a) for a in args) + ("," if one_tuple else "") + ")"


def jitc_diagnostic(stderr, src):
    """The first error line, without the file name."""
    lines = stderr.strip().splitlines()
    why = next((ln for ln in lines if "error" in ln), lines[0] if lines else "jitc exited non-zero with no message")
    return why.replace(src + ":", "", 1)


def cause_of(why):
    """The cause a failure is counted under: the message after 'error:', quoted names stripped."""
    why = re.sub(r"^\d+:\d+: ", "", why)
    why = re.sub(r"^error: ", "", why)
    return re.sub(r"'[^']*'", "'…'", why)


def cause_key(why):
    """The line a failure is counted under: a wrong result by what differs, else its cause."""
    if not why.startswith("wrong result"):
        return why
    for what in ("dtype", "shape", "raises", "prints", "printed"):
        if re.search(rf"\b{what}\b", why):
            return f"wrong result ({ {'raises': 'exception', 'printed': 'output', 'prints': 'output'}.get(what, what)})"
    return "wrong result (values)"


def crashed(rc):
    return rc < 0 or rc > 2


def jitc_emit(src, func, expr, want):
    """The compile stage: None when `jitc emit --llvm` compiles FUNC for the RUN line's types."""
    try:
        sig = signature(want["kind"], want["declared"], make_args(expr))
    except TypeError as e:
        return f"runner: {e}"
    emit = [JITC, "emit", "--llvm-raw", src, func] + (["--sig", sig] if sig else [])  # the call optimizes
    try:
        r = subprocess.run(emit, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "timeout: jitc emit ran over 120 s"
    if crashed(r.returncode):
        return f"crash: jitc emit exited {r.returncode}"
    if r.returncode != 0:
        return cause_of(jitc_diagnostic(r.stderr, src))
    return None


def jitc_call(src, func, expr, want, work):
    """The call: None when jitc gives Numba's result, else the reason."""
    args = tuple(w if w is not None else a for w, a in zip(want["inputs"], make_args(expr)))
    try:
        words = [None if isinstance(a, (np.ndarray, tuple, list)) or is_typed_list(a) or is_typed_dict(a)
                 else "{" + ", ".join(map(scalar_word, a)) + "}" if isinstance(a, set) and a
                 else scalar_word(a) for a in args]
    except TypeError as e:  # an argument the command line cannot spell (None): the case fails, the run goes on
        return f"runner: {e}"
    paths = []
    for k, a in enumerate(args):
        if isinstance(a, np.ndarray):
            p = os.path.join(work, f"arg{k}.npy")
            np.save(p, a)
            words[k] = p
            paths.append(p)
        else:
            if isinstance(a, (tuple, list)) or is_typed_list(a):  # one word, "(1, (2.5, PATH.npy))", its arrays saved
                words[k] = tuple_word(a, os.path.join(work, f"arg{k}"))
            elif is_typed_dict(a):  # one word, "{1: PATH.npy}"
                words[k] = dict_word(a, os.path.join(work, f"arg{k}"))
            paths.append(None)
    res = want["result"]
    out = None
    given_out = want.get("nin") is not None and len(args) > want["nin"]
    if given_out and isinstance(args[want["nin"]], np.ndarray):  # the caller passed the output
        out = paths[want["nin"]]
    elif isinstance(res, (np.ndarray, np.generic)) and want["kind"] in ("ufunc", "gufunc"):
        out = os.path.join(work, "out.npy")
        words.append(out)
    elif isinstance(res, np.ndarray):
        out = os.path.join(work, "out.npy")
        words += ["--out", out]
    try:
        r = subprocess.run([JITC, "call", src, func] + words, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "timeout at call: jitc call ran over 120 s"
    if crashed(r.returncode):
        return f"crash at call: jitc call exited {r.returncode}"
    if want["exc"]:
        if r.returncode == 1 and want["exc"] in r.stderr:
            return None
        return f"wrong result: Numba raises {want['exc']}, jitc " + (
            "does not" if r.returncode == 0 else jitc_diagnostic(r.stderr, src)[:200])
    if r.returncode != 0:
        return "call: " + cause_of(jitc_diagnostic(r.stderr, src))
    stdout = r.stdout
    if want["printed"]:
        if not stdout.startswith(want["printed"]):
            return f"wrong result: prints {stdout[:80]!r}, Numba {want['printed'][:80]!r}"
        stdout = stdout[len(want["printed"]):]
    if out:
        got = np.load(out)
    else:
        try:
            got = parse_repr(stdout)
        except Exception:  # noqa: BLE001
            return f"wrong result: jitc printed {stdout.strip()[:80]!r}"
    if not same(res if not isinstance(res, np.generic) else np.asarray(res), got):
        return "wrong result: " + difference(res if not isinstance(res, np.generic) else np.asarray(res), got)
    for k, (w, p) in enumerate(zip(want["args"], paths)):
        if w is not None and not same(w, np.load(p)):
            return f"wrong result: argument {k}: " + difference(w, np.load(p))
    return None


def repr_array(obj, dtype=None, shape=None):
    """array(...) as NumPy prints it: an empty array with more than one axis names its shape."""
    a = np.array(obj, dtype=dtype)
    return a.reshape(shape) if shape is not None else a


REPR_NAMES = {"array": repr_array, "nan": math.nan, "inf": math.inf, "np": np, "dtype": np.dtype,
              "nanj": complex(0, math.nan), "infj": complex(0, math.inf)}  # Python's repr: (nan+nanj), infj
REPR_NAMES.update({t: getattr(np, t) for t in ("bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                                               "uint64", "float32", "float64", "complex64", "complex128")})


def strip_list_types(text):
    """ListType[array(float64, 1d, C)]([...]) -> ([...]): the names of typed lists jitc prints
    (Numba's, not Python expressions) dropped, their items kept as a list."""
    out, i = [], 0
    while True:
        j = text.find("ListType[", i)
        if j < 0:
            return "".join(out) + text[i:]
        out.append(text[i:j])
        depth, k = 0, j + len("ListType")
        while True:
            depth += {"[": 1, "]": -1}.get(text[k], 0)
            k += 1
            if depth == 0:
                break
        i = k


def parse_repr(text):
    text = text.strip()
    if not text:
        return None
    return eval(strip_list_types(text), dict(REPR_NAMES))


def difference(want, got):
    """What a wrong result is: the dtype or shape where those differ, else the values."""
    if isinstance(want, np.ndarray) and isinstance(got, np.ndarray):
        if want.dtype != got.dtype:
            return f"dtype {got.dtype} where Numba gives {want.dtype}"
        if want.shape != got.shape:
            return f"shape {got.shape} where Numba gives {want.shape}"
    return f"{short(got)} where Numba gives {short(want)}"


def short(v):
    s = repr(v).replace("\n", "")
    return s if len(s) <= 90 else s[:87] + "..."


def same(want, got):
    if type(want).__name__ == "List" and type(want).__module__.startswith("numba"):
        want = list(want)  # a numba.typed.List: its items
    if type(want).__name__ == "Dict" and type(want).__module__.startswith("numba"):
        want = dict(want)  # a numba.typed.Dict: its items, in insertion order
    if isinstance(want, dict):
        return (isinstance(got, dict) and len(want) == len(got) and all(map(same, want, got)) and
                all(same(want[k], got[k]) for k in want))
    if isinstance(want, (set, frozenset)):  # Python shows a set in its own order, jitc in Numba's
        return isinstance(got, (set, frozenset)) and want == got
    if isinstance(want, np.ndarray) or isinstance(got, np.ndarray):
        if not (isinstance(want, np.ndarray) and isinstance(got, np.ndarray)):
            return False
        if want.shape != got.shape or want.dtype != got.dtype:
            return False
        if want.dtype.kind in "fc":
            return bool(np.allclose(want, got, equal_nan=True))
        return bool(np.array_equal(want, got))
    if isinstance(want, (tuple, list)):
        return isinstance(got, (tuple, list)) and len(want) == len(got) and all(map(same, want, got))
    if want is None:
        return got is None
    if isinstance(want, str):  # a string the function returned (JITC_STR)
        return isinstance(got, str) and want == got
    if isinstance(want, (bool, np.bool_)):
        return isinstance(got, (bool, np.bool_)) and bool(want) == bool(got)
    if isinstance(want, (int, np.integer)):
        return isinstance(got, (int, np.integer)) and not isinstance(got, bool) and int(want) == int(got)
    if isinstance(want, (float, np.floating)):
        return isinstance(got, (float, np.floating)) and (
            (math.isnan(want) and math.isnan(got)) or bool(np.isclose(want, got)))
    if isinstance(want, (complex, np.complexfloating)):
        return isinstance(got, (complex, np.complexfloating)) and bool(np.isclose(want, got, equal_nan=True))
    return False


# ---------------------------------------------------------------- jitc's Python package

def package_importer():
    """`from jitc._numba import import_with_jitc`, or None where the jitc package is not installed
    (the package verdict is then not taken)."""
    try:
        from jitc._numba import import_with_jitc
    except ImportError:
        return None
    return import_with_jitc


def package_args(expr, want):
    """The RUN line's arguments for the package: `numba` in the expression resolved to jitc (its
    typed containers), each array a fresh copy of the bytes Numba got."""
    from jitc._numba import module_for

    def jitc_import(mod, globals=None, locals=None, fromlist=(), level=0):
        if level == 0 and (mod == "numba" or mod.startswith("numba.")):
            return module_for(mod) if fromlist else module_for("numba")
        return builtins.__import__(mod, globals, locals, fromlist, level)

    v = eval(expr, {"np": np, "__builtins__": dict(vars(builtins), __import__=jitc_import)})
    args = v if isinstance(v, tuple) else (v,)
    return tuple(w.copy() if w is not None else a for w, a in zip(want["inputs"], args))


_LIBC = []


def flush_c_stdout():
    import ctypes
    if not _LIBC:
        _LIBC.append(ctypes.CDLL(None))
    _LIBC[0].fflush(None)


@contextlib.contextmanager
def captured_stdout(sink):
    """What the block prints, through Python's sys.stdout and through C's stdout (compiled code
    prints with printf), appended to sink. Only this thread prints while the run goes on."""
    sys.stdout.flush()
    flush_c_stdout()
    saved = os.dup(1)
    py_text = io.StringIO()
    with tempfile.TemporaryFile() as f:
        os.dup2(f.fileno(), 1)
        try:
            with contextlib.redirect_stdout(py_text):
                yield
        finally:
            flush_c_stdout()
            os.dup2(saved, 1)
            os.close(saved)
            f.seek(0)
            sink.append(f.read().decode("utf-8", "replace") + py_text.getvalue())


def package_failure(e, src):
    """The cause of an exception of the package: its class and its first line, the file name and
    quoted names stripped as for the CLI's diagnostics."""
    text = (str(e).strip().splitlines() or [""])[0].replace(src + ":", "", 1)
    text = re.sub(r" \(/[^)]*\.py\)", "", text)  # ImportError's path of the module, which differs by machine
    return f"{type(e).__name__}: {cause_of(text)}"[:240]


def check_package(case, want, src, import_with_jitc):
    """(status, reason) of the case through the package: the case's file imported with numba
    resolved to jitc, each RUN line's function called with Numba's arguments and compared as
    jitc call's results are."""
    skips = [w["skip"] for w in want if "skip" in w]
    if skips:
        return "skip", skips[0]
    name = "rwpkg_" + re.sub(r"\W", "_", case["id"])
    try:
        with warnings.catch_warnings(), captured_stdout([]):
            warnings.simplefilter("ignore")
            mod = import_with_jitc(src, name)
    except Exception as e:  # noqa: BLE001 — a decorator with signatures compiles at import
        return "FAIL", "import: " + package_failure(e, src)
    for (func, expr), w in zip(case["runs"], want):
        why = package_call(getattr(mod, func, None), func, expr, w, src)
        if why:
            return "FAIL", why
    return "ok", ""


def package_call(obj, func, expr, want, src):
    """None when the package's call gives Numba's result, else the reason."""
    if obj is None:
        return f"import: the module has no {func}"
    args = package_args(expr, want)
    printed, got, exc = [], None, None
    try:
        with warnings.catch_warnings(), captured_stdout(printed):
            warnings.simplefilter("ignore")
            got = obj(*args)
    except Exception as e:  # noqa: BLE001 — Numba's exception, or the package's failure
        exc = e
    from jitc.errors import NumbaError
    if want["exc"]:
        if exc is not None and type(exc).__name__ == want["exc"]:
            return None
        return f"wrong result: Numba raises {want['exc']}, the package " + (
            "does not" if exc is None else "raises " + package_failure(exc, src))
    if exc is not None:
        return ("" if isinstance(exc, NumbaError) else "call: ") + package_failure(exc, src)
    if printed[0] != want["printed"]:
        return f"wrong result: prints {printed[0][:80]!r}, Numba {want['printed'][:80]!r}"
    res = want["result"]
    if not same(res, got) and not (isinstance(res, np.generic) and same(np.asarray(res), np.asarray(got))):
        return "wrong result: " + difference(res, got)
    for k, (w, a) in enumerate(zip(want["args"], args)):
        if w is not None and not same(w, a):
            return f"wrong result: argument {k}: " + difference(w, a)
    return None


# ---------------------------------------------------------------- the run

def read_expected(path=None):
    listed = {}
    path = path or EXPECTED
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line and not line.startswith("#"):
                listed[line.split()[0]] = line.split("#", 1)[1].strip() if "#" in line else ""
    return listed


def check_case(case, want, tmp):
    """(status, reason): ok, FAIL, or skip (Numba cannot run it)."""
    src = os.path.join(tmp, re.sub(r"\W", "_", case["id"]) + ".py")
    skips = [w["skip"] for w in want if "skip" in w]
    if skips:
        return "skip", skips[0]
    for k, ((func, expr), w) in enumerate(zip(case["runs"], want)):
        work = os.path.join(tmp, re.sub(r"\W", "_", case["id"]) + f".{k}")
        os.makedirs(work, exist_ok=True)
        why = jitc_call(src, func, expr, w, work)
        if why:  # a RUN line that does not compile, as run.sh checks, is the cause; else the call
            return "FAIL", compile_failure(src, case, want) or why
    return "ok", ""


def compile_failure(src, case, want):
    """The compile stage's reason for the first RUN line jitc cannot compile, or None."""
    for (func, expr), w in zip(case["runs"], want):
        why = jitc_emit(src, func, expr, w)
        if why:
            return why
    return None


def main(argv):
    update = "--update" in argv
    argv = [a for a in argv if a != "--update"]
    filt = argv[0] if argv else ""
    if update and filt:
        print("--update rewrites the lists for the whole corpus: give no FILTER with it")
        return 2
    import numba  # noqa: F401 — fail here, early, without it
    import_with_jitc = package_importer()
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="jitc-realworld-")
    todo = list(cases(filt))
    sigs, results, pkg_results, pending, pkg_time, pkg_slow = [], {}, {}, [], 0.0, []
    with ThreadPoolExecutor(max_workers=2) as pool:
        for c in todo:
            if c["oos"]:
                results[c["id"]] = pkg_results[c["id"]] = ("skip", "out of scope: " + c["oos"])
                sigs += [f"{c['id']}|{func}|-" for func, _ in c["runs"]]
                continue
            if not c["runs"]:
                results[c["id"]] = pkg_results[c["id"]] = ("FAIL", "runner: the case has no RUN line")
                continue
            src = os.path.join(tmp, re.sub(r"\W", "_", c["id"]) + ".py")
            with open(src, "w") as f:
                f.write(c["source"])
            want = run_numba(c, src)
            for (func, expr), w in zip(c["runs"], want):
                try:
                    sig = "-" if "skip" in w else signature(w["kind"], w["declared"], make_args(expr))
                except TypeError:
                    sig = "?"
                sigs.append(f"{c['id']}|{func}|{sig}")
            pending.append((c, pool.submit(check_case, c, want, tmp)))
            if import_with_jitc:  # in this thread, while jitc call runs the CLI's side
                t1 = time.time()
                pkg_results[c["id"]] = check_package(c, want, src, import_with_jitc)
                pkg_time += time.time() - t1
                pkg_slow.append((time.time() - t1, c["id"]))
        for c, fut in pending:
            results[c["id"]] = fut.result()
    count, unexpected, failures = report(todo, results, read_expected(EXPECTED), update, "expected_failures.txt")
    if import_with_jitc:
        print("through the Python package (import_with_jitc, the same calls):")
        pkg_count, pkg_unexpected, pkg_failures = report(todo, pkg_results, read_expected(EXPECTED_PACKAGE), update,
                                                         "expected_failures_package.txt", package=True)
        unexpected += pkg_unexpected
    else:
        print("no jitc package in this Python (pip install ./python): the package verdict is not taken")
    if update:
        write_list(EXPECTED, failures, "")
        if import_with_jitc:
            write_list(EXPECTED_PACKAGE, pkg_failures, " through the Python package (import_with_jitc)")
        with open(SIGNATURES, "w") as f:
            f.write("# The jitc signature of each RUN line (ID|FUNC|SIG), for run.sh --compile-only.\n"
                    "# Regenerate with: build/venv/bin/python tests/realworld/run.py --update\n")
            f.write("".join(x + "\n" for x in sigs))
        print(f"wrote the lists of expected failures and {SIGNATURES}")
    if import_with_jitc:
        print(f"package: {pkg_count['ok']} passed, {pkg_count['FAIL']} failed, {pkg_count['skip']} skipped "
              f"({pkg_time:.0f} s in the package; slowest: "
              + ", ".join(f"{cid} {t:.1f} s" for t, cid in sorted(pkg_slow, reverse=True)[:3]) + ")")
    print(f"{count['ok']} passed, {count['FAIL']} failed, {count['skip']} skipped ({time.time() - t0:.0f} s)")
    return 1 if unexpected else 0


def report(todo, results, listed, update, list_name, package=False):
    """Prints the verdicts (the package's: its failures and surprises only), the failures by
    cause and, for the CLI, the counts by file; returns (count, unexpected, failures)."""
    count = {"ok": 0, "FAIL": 0, "skip": 0}
    unexpected, causes, failures, by_file = 0, {}, [], {}
    for c in todo:
        status, why = results[c["id"]]
        count[status] += 1
        row = by_file.setdefault(c["file"], [0, 0, 0])
        note = ""
        if status == "skip":
            row[2] += 1
        else:
            row[0] += 1
        if status == "ok":
            row[1] += 1
            if not update and c["id"] in listed:
                unexpected += 1
                note = f" (listed in {list_name}: remove it)"
        if status == "FAIL":
            causes[cause_key(why)] = causes.get(cause_key(why), 0) + 1
            failures.append(f"{c['id']}  # {why}")
            if not update and c["id"] not in listed:
                unexpected += 1
                note = f"\n     ^ not in {list_name}"
        if not package or status == "FAIL" or note:
            print(("package " if package else "") + f"{status:4s} {c['id']}" + (f": {why}" if why else "") + note)
    if causes:
        print(("package " if package else "") + "failures by cause:")
        for why, n in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {n:3d} {why}")
    if not package:
        print("by source file (in scope, pass, skipped):")
        for f, (n, ok, sk) in sorted(by_file.items()):
            print(f"  {f} {n} {ok} {sk}")
    return count, unexpected, failures


def write_list(path, failures, how):
    with open(path, "w") as f:
        f.write(f"# In-scope cases of the host corpus that do not give Numba's result{how} yet (FILE:CASE  # cause).\n"
                "# run.py fails when one of these passes (remove it) or when a case not listed fails;\n"
                + ("# run.sh --compile-only expects those whose cause is a diagnostic not to compile.\n" if not how else "")
                + "# Regenerate with: build/venv/bin/python tests/realworld/run.py --update\n")
        f.write("".join(x + "\n" for x in failures))
    print(f"wrote {path}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
