#!/usr/bin/env python3
"""Differential test matrix for @vectorize ufuncs: jitc against Numba.

Every case calls one ufunc of tests/ufunc/matrix.krn on some inputs (.npy arrays or Python scalar
literals) as

    jitc call tests/ufunc/matrix.krn UFUNC IN... OUT.npy

and compares OUT.npy with what the same ufunc, built by Numba from the same source, returns for the
same inputs: same dtype, same shape, and equal values (ints and bools exactly; floats with
np.allclose, rtol 1e-12 for float64 and 1e-6 for float32, NaNs equal). The matrix covers
broadcasting (scalars, 0-d, empty, Fortran-order and large inputs), NumPy's loop selection over the
signature list (exact match, safe casts, NEP 50 weak Python scalars), dynamic ufuncs (no
signatures), target="parallel", and errors: where Numba raises, jitc must exit with status 1 and
name the shapes (broadcast errors) or the input dtypes (no matching loop) on stderr.

Nothing is stored: Numba computes every expectation at run time. Without Numba the run prints
`skipped: numba not installed (...)` and exits 0.

    python3 tests/ufunc/run_matrix.py                 # jitc = build/jitc
    python3 tests/ufunc/run_matrix.py --jitc PATH -v  # one line per case
    python3 tests/ufunc/run_matrix.py -j 1            # one jitc process at a time (default: one per CPU)
    python3 tests/ufunc/run_matrix.py -k selu         # only cases whose label contains "selu"

Prints one FAIL line per failing case and ends with `N passed, N failed`; exit status 1 when
anything failed, 2 when jitc cannot be run.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import types
import warnings
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

# The oracle runs the kernels as written (as tests/differential/run_numba.py does).
for _var in ("NUMBA_BOUNDSCHECK", "NUMBA_DISABLE_JIT", "NUMBA_FASTMATH"):
    os.environ.pop(_var, None)
sys.dont_write_bytecode = True

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
KRN = HERE / "matrix.krn"
JITC_TIMEOUT = 60
RTOL = {"float64": 1e-12, "float32": 1e-6}

np = None  # numpy, imported in main() so that a missing Numba/NumPy can be reported as a skip


# ------------------------------------------------------------------------------------------ cases
@dataclass
class Case:
    ufunc: str
    inputs: tuple  # each an np.ndarray or a Python bool/int/float
    note: str = ""  # what the case is about

    def label(self):
        args = ", ".join(describe(x) for x in self.inputs)
        return f"{self.ufunc}({args})" + (f"  [{self.note}]" if self.note else "")


def describe(x):
    """int32[3,4] for an array (F appended for Fortran order), the literal for a scalar."""
    if isinstance(x, np.ndarray):
        order = "F" if x.ndim > 1 and x.flags.f_contiguous and not x.flags.c_contiguous else ""
        return f"{x.dtype.name}[{','.join(map(str, x.shape))}]{order}"
    return literal(x)


def literal(x):
    """A Python scalar as jitc's command line takes it: 3, -2.5, inf, nan, True."""
    if isinstance(x, bool):
        return repr(x)
    if isinstance(x, int):
        return str(x)
    return repr(float(x))  # 2.0, 1e-05, inf, nan


def np_shape(shape):
    """A shape as NumPy's broadcast error prints it: (3,), (2,3), ()."""
    if len(shape) == 1:
        return f"({shape[0]},)"
    return "(" + ",".join(map(str, shape)) + ")"


_rng = None


def arr(dtype, shape, order="C"):
    """A deterministic array of small values (ints in [-50, 50), uints in [0, 100), floats in [-3, 3))."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        a = _rng.random(shape) < 0.5
    elif dt.kind == "i":
        a = _rng.integers(-50, 50, size=shape).astype(dt)
    elif dt.kind == "u":
        a = _rng.integers(0, 100, size=shape).astype(dt)
    else:
        a = _rng.uniform(-3.0, 3.0, size=shape).astype(dt)
    return np.array(a, dtype=dt, order=order)  # (np.ascontiguousarray would make a 0-d array 1-d)


def shape_cases():
    f8, i8 = "float64", "int64"
    return [
        Case("axpb", (arr(f8, (5,)), arr(f8, (5,))), "same shape"),
        Case("axpb", (2.5, arr(f8, (5,))), "scalar + array"),
        Case("axpb", (arr(i8, (5,)), 3), "array + scalar"),
        Case("axpb", (arr(f8, (3, 1)), arr(f8, (1, 4))), "outer broadcast"),
        Case("axpb", (arr(i8, (3, 4)), arr(i8, (4,))), "row broadcast"),
        Case("axpb", (arr(f8, (2, 3, 4)), arr(f8, (3, 1))), "rank 3 x rank 2"),
        Case("axpb", (arr(f8, ()), arr(f8, (5,))), "0-d array"),
        Case("axpb", (arr(i8, ()), arr(i8, ())), "0-d x 0-d"),
        Case("axpb", (2, 3), "scalars only: 0-d result"),
        Case("hypot2", (3.0, 4.0), "scalars only: 0-d result"),
        Case("axpb", (arr(f8, (0,)), arr(f8, (0,))), "empty"),
        Case("axpb", (arr(f8, (0,)), 1.5), "empty + scalar"),
        Case("axpb", (arr(f8, (3, 1)), arr(f8, (3, 0))), "empty by broadcast"),
        Case("axpb", (arr(f8, (3, 4), "F"), arr(f8, (3, 4))), "Fortran + C"),
        Case("axpb", (arr(i8, (3, 4), "F"), arr(i8, (3, 4), "F")), "Fortran + Fortran"),
        Case("axpb", (arr(f8, (4, 5), "F"), arr(f8, (5,))), "Fortran + row"),
        Case("selu", (arr(f8, (2, 3, 4), "F"),), "Fortran rank 3"),
        Case("fma3", (arr(f8, (3, 1)), arr(f8, (4,)), arr(f8, (2, 1, 1))), "3 inputs broadcast"),
        Case("fma3", (2.0, arr(f8, (2, 3)), 1.0), "3 inputs, 2 scalars"),
        Case("axpb", (arr(f8, (1000, 37)), arr(f8, (1000, 37))), "large"),
        Case("selu", (np.array([-np.inf, -1e-300, -0.0, 0.0, np.nan, np.inf, 1e300, -30.0]),), "special values"),
        Case("floordiv", (np.array([1.0, -1.0, 0.0, np.inf, 5.5, -5.5, np.nan, -0.0]),
                          np.array([0.0, 0.0, 0.0, 0.0, 2.0, -0.0, 1.0, 3.0])), "float by zero: +-inf, nan"),
        Case("remainder", (np.array([1.0, -1.0, 0.0, np.inf, 5.5, -5.5, np.nan, -7.0]),
                           np.array([0.0, 0.0, 0.0, 0.0, 2.0, -0.0, 1.0, 3.0])), "float by zero: nan"),
        Case("floordiv", (np.array([7, -7, 0, 9]), np.array([0, 0, 0, -2])), "int by zero: 0"),
        Case("remainder", (np.array([7, -7, 0, 9]), np.array([0, 0, 0, -2])), "int by zero: 0"),
    ]


def dtype_cases():
    return [
        # exact matches
        Case("axpb", (arr("int64", (6,)), arr("int64", (6,))), "exact int64"),
        Case("axpb", (arr("float64", (6,)), arr("float64", (6,))), "exact float64"),
        Case("hypot2", (arr("float32", (6,)), arr("float32", (6,))), "exact float32"),
        Case("hypot2", (arr("float64", (2, 3)), arr("float64", (3,))), "exact float64"),
        Case("selu", (arr("float32", (7,)),), "exact float32"),
        Case("selu", (arr("float64", (7,)),), "exact float64"),
        Case("fma3", (arr("float32", (4,)), arr("float32", (4,)), arr("float32", (4,))), "exact float32"),
        # safe casts to a wider loop
        Case("axpb", (arr("int32", (6,)), arr("int32", (6,))), "int32 -> int64 loop"),
        Case("axpb", (arr("int8", (6,)), arr("int64", (6,))), "int8 -> int64 loop"),
        Case("axpb", (arr("uint8", (6,)), arr("int8", (6,))), "uint8, int8 -> int64 loop"),
        Case("axpb", (arr("bool", (6,)), arr("bool", (6,))), "bool -> int64 loop"),
        Case("axpb", (arr("float32", (6,)), arr("float32", (6,))), "float32 -> float64 loop"),
        Case("axpb", (arr("int32", (6,)), arr("float32", (6,))), "int32, float32 -> float64 loop"),
        Case("axpb", (arr("int64", (6,)), arr("float64", (6,))), "int -> float loop"),
        Case("axpb", (arr("uint64", (6,)), arr("int64", (6,))), "uint64, int64 -> float64 loop"),
        Case("isub", (arr("int32", (6,)), arr("uint32", (6,))), "int32, uint32 -> int64 loop"),
        Case("hypot2", (arr("float32", (6,)), arr("float64", (6,))), "float32, float64 -> float64 loop"),
        Case("hypot2", (arr("int8", (6,)), arr("uint8", (6,))), "int8, uint8 -> float32 loop"),
        Case("hypot2", (arr("int32", (6,)), arr("int32", (6,))), "int32 -> float64 loop"),
        Case("selu", (arr("int8", (6,)),), "int8 -> float32 loop"),
        Case("selu", (arr("uint8", (6,)),), "uint8 -> float32 loop"),
        Case("selu", (arr("int16", (6,)),), "int16 -> float32 loop"),
        Case("selu", (arr("int32", (6,)),), "int32 -> float64 loop"),
        Case("selu", (arr("uint32", (6,)),), "uint32 -> float64 loop"),
        Case("selu", (arr("int64", (6,)),), "int64 -> float64 loop"),
        Case("selu", (arr("uint64", (6,)),), "uint64 -> float64 loop"),
        Case("selu", (arr("bool", (6,)),), "bool -> float32 loop"),
        Case("fma3", (arr("float32", (4,)), arr("float32", (4,)), arr("float64", (4,))), "one float64 -> float64 loop"),
        Case("fma3", (arr("int16", (4,)), arr("float32", (4,)), arr("uint8", (4,))), "-> float32 loop"),
        # bool output
        Case("near", (arr("int64", (8,)), arr("int64", (8,))), "bool out, int64 loop"),
        Case("near", (arr("float64", (3, 4)), arr("float64", (4,))), "bool out, float64 loop"),
        Case("near", (arr("int32", (8,)), arr("uint8", (8,))), "bool out, cast to int64"),
        Case("near", (arr("float32", (8,)), arr("int8", (8,))), "bool out, cast to float64"),
    ]


def weak_scalar_cases():
    f4 = "float32"
    return [
        Case("hypot2", (arr(f4, (5,)), 2.0), "weak float keeps float32"),
        Case("hypot2", (1.5, arr(f4, (2, 3))), "weak float keeps float32"),
        Case("hypot2", (arr(f4, (5,)), 2), "weak int keeps float32"),
        Case("selu", (-0.5,), "float scalar"),
        Case("selu", (2,), "int scalar"),
        Case("fma3", (arr(f4, (5,)), 2.0, 1), "weak scalars keep float32"),
        Case("fma3", (arr(f4, (5,)), 2.0, arr("float64", (5,))), "float64 array wins"),
        Case("axpb", (arr(f4, (5,)), 2.0), "float32 + weak float -> float64 loop (no float32 loop)"),
        Case("axpb", (arr(f4, (5,)), 3), "float32 + weak int -> float64 loop"),
        Case("axpb", (arr("int8", (5,)), 3), "int8 + weak int -> int64 loop"),
        Case("axpb", (arr("int8", (5,)), 2.5), "int8 + weak float -> float64 loop"),
        Case("axpb", (True, arr("int8", (5,))), "bool scalar"),
        Case("axpb", (arr("uint64", (5,)), 2), "uint64 + weak int -> float64 loop"),
        Case("hypot2", (arr("int8", (5,)), 2.0), "int8 + weak float -> float32 loop"),
        Case("hypot2", (arr("int32", (5,)), 2.0), "int32 + weak float -> float64 loop"),
        Case("near", (arr(f4, (6,)), 1), "bool out, float32 + weak int"),
        Case("near", (True, arr("uint8", (6,))), "bool out, bool scalar"),
    ]


def dynamic_cases():
    return [
        Case("sqdiff", (arr("int64", (6,)), arr("int64", (6,))), "dynamic int64"),
        Case("sqdiff", (arr("float64", (3, 1)), arr("float64", (4,))), "dynamic float64"),
        Case("sqdiff", (arr("float32", (6,)), arr("float32", (6,))), "dynamic float32"),
        # Not int32 - int32 or uint8 - uint8: Numba widens those to 64 bits, jitc keeps NumPy's
        # promotion (int32, uint8) as docs/design/language.md specifies.
        Case("sqdiff", (arr("bool", (6,)), arr("bool", (6,))), "dynamic bool"),
        Case("sqdiff", (arr("int8", (6,)), arr("float32", (6,))), "dynamic mixed"),
        Case("sqdiff", (arr("int8", (6,)), 3), "dynamic + int scalar"),
        Case("sqdiff", (arr("float32", (6,)), 2.0), "dynamic + float scalar"),
        Case("sqdiff", (2.5, 1), "dynamic scalars only"),
        Case("sqdiff", (arr("float64", (2, 3), "F"), arr("float64", ())), "dynamic Fortran + 0-d"),
    ]


def parallel_cases():
    big_f = arr("float64", (1000, 37))
    big_g = arr("float64", (1000, 37))
    big_i = arr("int64", (1000, 37))
    big_j = arr("int32", (1000, 37))
    cases = []
    for name in ("axpb_par", "axpb"):  # the same inputs on both targets
        cases += [
            Case(name, (big_f, big_g), "large float64"),
            Case(name, (big_i, big_j), "large int64, int32"),
        ]
    cases += [
        Case("axpb_par", (arr("float64", (1000, 1)), arr("float64", (37,))), "large by broadcast"),
        Case("axpb_par", (arr("float64", (1000, 37), "F"), big_g), "large Fortran + C"),
        Case("axpb_par", (big_f, 0.5), "large + scalar"),
        Case("axpb_par", (arr("int64", (7,)), arr("int64", (7,))), "7 elements"),
        Case("axpb_par", (arr("float64", ()), 1.0), "0-d"),
        Case("axpb_par", (arr("float64", (0,)), arr("float64", (3, 1))), "empty"),
        Case("axpb_par", (arr("float32", (9,)), arr("int16", (9,))), "cast to float64 loop"),
        Case("selu_par", (arr("float32", (1000, 37)),), "large float32"),
        Case("selu_par", (arr("float64", (1000, 37), "F"),), "large Fortran float64"),
        Case("selu_par", (arr("int8", (33,)),), "int8 -> float32 loop"),
        Case("selu_par", (arr("float32", (5,)),), "float32"),
    ]
    return cases


def error_cases():
    f8 = "float64"
    return [
        Case("axpb", (arr(f8, (3,)), arr(f8, (4,))), "shapes"),
        Case("axpb", (arr("int64", (2, 3)), arr("int64", (3, 2))), "shapes"),
        Case("fma3", (arr(f8, (3,)), arr(f8, (2, 1)), arr(f8, (4,))), "shapes, 3 inputs"),
        Case("axpb_par", (arr(f8, (3,)), arr(f8, (4,))), "shapes, parallel"),
        Case("isub", (arr(f8, (3,)), arr(f8, (3,))), "no loop for float64"),
        Case("isub", (arr("uint64", (3,)), arr("int64", (3,))), "no loop for uint64"),
        Case("isub", (arr("uint64", (3,)), 2), "no loop for uint64 + weak int"),
        Case("isub", (arr("float32", (3,)), 1), "no loop for float32"),
        Case("isub", (arr("int64", (3,)), 1.5), "no loop for a float scalar"),
    ]


def all_cases():
    return shape_cases() + dtype_cases() + weak_scalar_cases() + dynamic_cases() + parallel_cases() + error_cases()


# ------------------------------------------------------------------------------------------ oracle
def load_matrix():
    """matrix.krn executed as a Python module: each @vectorize becomes a Numba ufunc."""
    mod = types.ModuleType("krn_ufunc_matrix")
    mod.__file__ = str(KRN)
    sys.modules[mod.__name__] = mod
    exec(compile(KRN.read_text(), str(KRN), "exec"), mod.__dict__)
    return mod


def oracle_ufunc(mod, name):
    """The Numba ufunc for a case. A dynamic ufunc is rebuilt fresh for each case: the loops it
    compiled for earlier cases would otherwise change which loop NumPy picks for this one, while
    each jitc run starts with none."""
    from numba import vectorize

    fn = getattr(mod, name)
    if getattr(fn, "_frozen", True) is False:  # numba.np.ufunc.dufunc.DUFunc without signatures
        return vectorize(**fn.targetoptions)(fn._dispatcher.py_func)
    return fn


def run_numba(mod, case):
    """(result array, None) or (None, the exception Numba/NumPy raised)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.asarray(oracle_ufunc(mod, case.ufunc)(*case.inputs)), None
    except Exception as e:  # noqa: BLE001 - an error is an outcome to compare
        return None, e


# -------------------------------------------------------------------------------------------- jitc
def run_jitc(jitc, case, workdir):
    """(exit status, stderr, OUT.npy path); status None with stderr the reason when it did not run."""
    workdir.mkdir()
    args = []
    for i, x in enumerate(case.inputs):
        if isinstance(x, np.ndarray):
            path = workdir / f"in{i}.npy"
            np.save(path, x)  # keeps Fortran order (fortran_order: True in the header)
            args.append(str(path))
        else:
            args.append(literal(x))
    out = workdir / "out.npy"
    cmd = [jitc, "call", str(KRN), case.ufunc, *args, str(out)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=JITC_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {JITC_TIMEOUT}s", out
    except OSError as e:
        return None, f"cannot run {jitc}: {e}", out
    return p.returncode, p.stderr, out


# --------------------------------------------------------------------------------------- compare
def first_line(s):
    s = str(s).strip()
    return s.splitlines()[0] if s else "(nothing)"


def compare_values(got, exp):
    """What differs between jitc's array and Numba's (None: they agree)."""
    if got.dtype != exp.dtype:
        return f"dtype: numba {exp.dtype}, jitc {got.dtype}"
    if got.shape != exp.shape:
        return f"shape: numba {exp.shape}, jitc {got.shape}"
    if exp.dtype.kind == "f":
        ok = np.allclose(got, exp, rtol=RTOL[exp.dtype.name], atol=0.0, equal_nan=True)
    else:
        ok = np.array_equal(got, exp)
    if ok:
        return None
    bad = np.flatnonzero(~np.isclose(got, exp, rtol=RTOL.get(exp.dtype.name, 0), atol=0.0, equal_nan=True)
                         if exp.dtype.kind == "f" else got != exp)
    k = int(bad[0])
    idx = np.unravel_index(k, exp.shape) if exp.ndim else ()
    return (f"values: {bad.size} of {exp.size} differ; first at {tuple(map(int, idx))}: "
            f"numba {exp.reshape(-1)[k]!r}, jitc {got.reshape(-1)[k]!r}")


def compare_error(case, err, status, stderr):
    """Numba raised `err`: jitc must exit 1 and say what NumPy's message says (None: it does)."""
    if status != 1:
        return f"numba raised {type(err).__name__}: {first_line(err)}; jitc exit {status}, stderr {first_line(stderr)!r}"
    arrays = [x for x in case.inputs if isinstance(x, np.ndarray)]
    msg = str(err)
    if isinstance(err, ValueError) and "broadcast" in msg:
        want = [np_shape(a.shape) for a in arrays]
        what = "shapes"
    elif isinstance(err, TypeError) and "not supported for the input types" in msg:
        want = [a.dtype.name for a in arrays]
        what = "input types"
    else:
        return None  # another error: the exit status is all the contract says
    missing = [w for w in want if w not in stderr]
    if missing:
        return f"stderr does not name the {what} {' '.join(missing)} (numba: {first_line(msg)}): {first_line(stderr)!r}"
    return None


def check(case, numba_outcome, jitc_outcome):
    """The problem with one case (None: jitc agrees with Numba)."""
    exp, err = numba_outcome
    status, stderr, out = jitc_outcome
    if status is None:
        return f"jitc: {stderr}"
    if err is not None:
        return compare_error(case, err, status, stderr)
    if status != 0:
        return f"jitc exit {status}: {first_line(stderr)}"
    if not out.exists():
        return "jitc exit 0 but wrote no OUT.npy"
    try:
        got = np.load(out)
    except Exception as e:  # noqa: BLE001
        return f"cannot read jitc's OUT.npy: {e}"
    return compare_values(got, exp)


# -------------------------------------------------------------------------------------------- main
def main(argv=None):
    global np, _rng
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jitc", metavar="PATH", default=str(ROOT / "build" / "jitc"), help="jitc binary (default build/jitc)")
    ap.add_argument("-k", metavar="TEXT", help="only the cases whose label contains TEXT")
    ap.add_argument("-j", metavar="N", type=int, default=os.cpu_count() or 1, help="jitc processes at a time (default: CPUs)")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per case, not only failures")
    opts = ap.parse_args(argv)

    try:
        import numpy
        import numba  # noqa: F401
    except ImportError as e:
        print(f"skipped: numba not installed ({e}; make pyenv installs it into build/venv)")
        return 0
    np = numpy
    _rng = np.random.default_rng(20240607)

    jitc = str(Path(opts.jitc).resolve())
    if not os.access(jitc, os.X_OK):
        print(f"run_matrix.py: cannot run {opts.jitc} (build jitc first)", file=sys.stderr)
        return 2
    mod = load_matrix()
    cases = [c for c in all_cases() if not opts.k or opts.k in c.label()]

    passed = failed = 0
    tmp = Path(tempfile.mkdtemp(prefix="jitc-ufunc-"))
    try:
        # Numba in this thread, one case after another; the jitc processes (each one compiles its
        # ufunc, a third of a second) side by side.
        with ThreadPoolExecutor(max_workers=max(1, opts.j)) as pool:
            runs = [pool.submit(run_jitc, jitc, c, tmp / f"case{i:03d}") for i, c in enumerate(cases)]
            expected = [run_numba(mod, c) for c in cases]
            for case, exp, run in zip(cases, expected, runs):
                problem = check(case, exp, run.result())
                if problem is None:
                    passed += 1
                    if opts.verbose:
                        print(f"ok   {case.label()}")
                else:
                    failed += 1
                    print(f"FAIL {case.label()}: {problem}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
