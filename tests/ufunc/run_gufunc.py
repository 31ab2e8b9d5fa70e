#!/usr/bin/env python3
"""Differential test matrix for @guvectorize gufuncs on the CPU: jitc against Numba.

Every case applies one gufunc of tests/ufunc/gufunc.krn to some inputs (.npy arrays or Python
scalar literals), either with one output that jitc allocates

    jitc call tests/ufunc/gufunc.krn GUFUNC IN... OUT.npy

or with every operand given, the outputs being .npy files made beforehand and written in place
(as Numba's f(a, out1, out2))

    jitc call tests/ufunc/gufunc.krn GUFUNC IN... OUT1.npy ... OUTm.npy

and compares the outputs with what the same gufunc, built by Numba from the same source, returns
(or writes) for the same operands: same dtype, same shape, and equal values (ints and bools
exactly; floats with np.allclose, rtol 1e-12 for float64 and 1e-6 for float32, NaNs equal).

The matrix covers: core dimensions bound across operands ("(n),(n)->()", "(m,n),(n,p)->(m,p)"),
output core dimensions from two inputs, permuted or equal to an input's; broadcasting of the loop
dimensions (stacks, size-1 axes, one operand without loop dimensions); empty loop and core
dimensions; scalar "()" inputs given as Python scalars (weak, NEP 50), 0-d arrays or arrays with
loop dimensions; two outputs in the all-operands form (including outputs with more loop dimensions
than the inputs); Fortran-order inputs, which jitc reads as strided arrays; loop selection (exact
match first, else the first signature the inputs cast to safely); a bool output; target="parallel"
on loops large enough to be split; and errors. Where Numba raises, jitc must exit with status 1,
and its message must say "mismatch" (core dimension mismatch), "broadcast" (loop dimensions that
do not broadcast), "enough dimensions" (an operand with fewer dimensions than its core), or name
the input dtypes (no matching loop).

Nothing is stored: Numba computes every expectation at run time. Without Numba the run prints
`skipped: numba not installed (...)` and exits 0.

    python3 tests/ufunc/run_gufunc.py                 # jitc = build/jitc
    python3 tests/ufunc/run_gufunc.py --jitc PATH -v  # one line per case
    python3 tests/ufunc/run_gufunc.py -j 1            # one jitc process at a time (default: one per CPU)
    python3 tests/ufunc/run_gufunc.py -k matmul       # only cases whose label contains "matmul"

Prints one FAIL line per failing case and ends with `N passed, N failed`; exit status 1 when
anything failed, 2 when jitc cannot be run.
"""
import argparse
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
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
KRN = HERE / "gufunc.krn"
JITC_TIMEOUT = 60
RTOL = {"float64": 1e-12, "float32": 1e-6}

# What jitc's stderr must contain for each kind of error NumPy raises.
MISMATCH, BROADCAST, FEW_DIMS, NO_LOOP, OUTPUT = "mismatch", "broadcast", "enough dimensions", "no loop", "output"

np = None  # numpy, imported in main() so that a missing Numba/NumPy can be reported as a skip


# ------------------------------------------------------------------------------------------ cases
@dataclass
class Case:
    gufunc: str
    inputs: tuple  # each an np.ndarray or a Python bool/int/float
    outputs: tuple = None  # None: one output, allocated; else every output, given (written in place)
    note: str = ""  # what the case is about
    error: str = None  # None: both succeed; else the kind of error NumPy raises (MISMATCH, ...)

    def label(self):
        args = ", ".join(describe(x) for x in self.inputs)
        if self.outputs is not None:
            args += "; out " + ", ".join(describe(x) for x in self.outputs)
        return f"{self.gufunc}({args})" + (f"  [{self.note}]" if self.note else "")


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


def zeros(dtype, shape):
    """A pre-made output operand."""
    return np.zeros(shape, dtype=dtype)


def core_cases():
    f8, f4, i8 = "float64", "float32", "int64"
    return [
        # dot "(n),(n)->()"
        Case("dot", (arr(f8, (7,)), arr(f8, (7,))), note="float64 loop, no loop dims: 0-d result"),
        Case("dot", (arr(f4, (7,)), arr(f4, (7,))), note="float32 loop"),
        Case("dot", (arr(f8, (4, 5)), arr(f8, (5,))), note="loop dims (4,) x ()"),
        Case("dot", (arr(f8, (2, 1, 5)), arr(f8, (3, 5))), note="loop dims (2,1) x (3,) -> (2,3)"),
        Case("dot", (arr(i8, (2, 1, 3, 6)), arr(i8, (4, 1, 6))), note="int64 loop, loop dims (2,1,3) x (4,1) -> (2,4,3)"),
        Case("dot", (arr(f8, (0, 5)), arr(f8, (5,))), note="empty loop dim"),
        Case("dot", (arr(f8, (3, 0)), arr(f8, (0,))), note="empty core dim: n = 0"),
        # matmul "(m,n),(n,p)->(m,p)"
        Case("matmul", (arr(f8, (2, 3, 4)), arr(f8, (4, 5))), note="stack x matrix"),
        Case("matmul", (arr(f8, (3, 4)), arr(f8, (2, 4, 5))), note="matrix x stack"),
        Case("matmul", (arr(f8, (2, 1, 3, 4)), arr(f8, (5, 4, 2))), note="stacks (2,1) x (5,) -> (2,5)"),
        Case("matmul", (arr(i8, (3, 2, 3)), arr(i8, (3, 3, 2))), note="int64 loop, stacks (3,) x (3,)"),
        Case("matmul", (arr(f8, (2, 3, 0)), arr(f8, (0, 3))), note="empty core dim n: zeros"),
        # output core dims taken from two inputs, permuted, equal to an input's; a bool output
        Case("outer", (arr(f8, (2, 1, 3)), arr(f8, (5, 4))), note="(m),(n)->(m,n), loop dims (2,1) x (5,)"),
        Case("transpose", (arr(i8, (2, 3, 4)),), note="(m,n)->(n,m)"),
        Case("cumsum", (arr(f8, (2, 3, 6)),), note="(n)->(n)"),
        Case("any_neg", (np.abs(arr(f8, (6, 4))) * np.array([[1.0], [-1.0]] * 3),), note="bool output, True and False"),
    ]


def scalar_cases():
    f8, f4 = "float64", "float32"
    return [
        # scale "(n),()->(n)"
        Case("scale", (arr(f8, (4, 6)), 2.5), note="Python float"),
        Case("scale", (arr(f4, (4, 6)), 3), note="weak Python int keeps the float32 loop"),
        Case("scale", (arr("int8", (5,)), 2.5), note="int8 + weak float -> float32 loop"),
        Case("scale", (arr(f8, (4, 6)), arr(f8, ())), note="0-d array"),
        Case("scale", (arr(f4, (4, 6)), arr(f8, ())), note="float64 0-d array is not weak: float64 loop"),
        Case("scale", (arr(f8, (4, 6)), arr(f8, (4,))), note="1-d array: one scalar per row"),
        Case("scale", (arr(f4, (4, 6)), arr(f4, (4, 1))), note="(4,1) scalars: loop dims (4,) x (4,1) -> (4,4)"),
        # move_mean "(n),()->(n)" with the "()" as intp[:]
        Case("move_mean", (arr(f8, (2, 10)), 3), note="Python int into a one-element intp[:]"),
        Case("move_mean", (arr(f8, (3, 8)), np.array([2, 3, 4])), note="one window per row"),
        Case("move_mean", (arr(f8, (8,)), np.array(5)), note="0-d array window"),
        # polyval "(n),()->()", axpy "(n),(n),()->(n)"
        Case("polyval", (arr(f8, (4,)), arr(f8, (10,))), note="x array of 10: result (10,)"),
        Case("axpy", (arr(f8, (5,)), arr(f8, (3, 1, 5)), arr(f8, (2,))), note="3 inputs, loop dims () (3,1) (2,)"),
    ]


def output_cases():
    f8, i8 = "float64", "int64"
    return [
        Case("min_max", (arr(f8, (5, 9)),), (zeros(f8, (5,)), zeros(f8, (5,))), "two outputs"),
        Case("min_max", (arr(f8, (2, 3, 4)),), (zeros(f8, (2, 3)), zeros(f8, (2, 3))), "two outputs, loop dims (2,3)"),
        Case("min_max", (arr(i8, (4, 7)),), (zeros(i8, (4,)), zeros(i8, (4,))), "two outputs, int64 loop"),
        Case("min_max", (arr(f8, (6,)),), (zeros(f8, ()), zeros(f8, ())), "two 0-d outputs"),
        Case("min_max", (arr(f8, (5, 9)),), (zeros(f8, (3, 5)), zeros(f8, (3, 5))),
             "outputs with more loop dims than the input"),
        Case("center", (arr(f8, (3, 5)),), (zeros(f8, (3,)), zeros(f8, (3, 5))), "outputs () and (n)"),
        Case("min_max", (arr(f8, (5, 9)),), (zeros("float32", (5,)), zeros("float32", (5,))),
             "float32 outputs of the float64 loop (same_kind cast, as NumPy)"),
    ]


def strided_cases():
    f8, i8 = "float64", "int64"
    return [
        Case("dot", (arr(f8, (4, 5), "F"), arr(f8, (5,))), note="Fortran rows: strided core dim"),
        Case("dot", (arr(f8, (5, 6)).T, arr(f8, (6, 5), "F")), note="transposed C array x Fortran"),
        Case("dot", (arr(i8, (2, 3, 5), "F"), arr(i8, (3, 5))), note="Fortran rank 3, int64"),
        Case("matmul", (arr(f8, (3, 4), "F"), arr(f8, (4, 2), "F")), note="Fortran matrices"),
        Case("matmul", (arr(f8, (2, 3, 4), "F"), arr(f8, (4, 5))), note="Fortran stack"),
        Case("min_max", (arr(f8, (5, 9), "F"),), (zeros(f8, (5,)), zeros(f8, (5,))), "two outputs, Fortran input"),
    ]


def dtype_cases():
    return [
        Case("dot", (arr("int32", (3, 6)), arr("int32", (6,))), note="int32 -> int64 loop"),
        Case("dot", (arr("bool", (6,)), arr("bool", (6,))), note="bool -> int64 loop"),
        Case("dot", (arr("uint64", (6,)), arr("int64", (6,))), note="uint64 -> float64 loop"),
        Case("dot", (arr("float32", (6,)), arr("float64", (6,))), note="float32, float64 -> float64 loop"),
        Case("dot", (arr("int16", (6,)), arr("float32", (6,))), note="int16, float32 -> float32 loop"),
        Case("sumsq", (arr("float32", (3, 5)),), note="exact float32 match before the float64 loop"),
        Case("sumsq", (arr("int8", (3, 5)),), note="int8 -> first safe loop, float64"),
        Case("norm32", (arr("bool", (5,)),), note="bool -> the only loop, float32"),
        Case("min_max", (arr("int32", (3, 5)),), (zeros("int64", (3,)), zeros("int64", (3,))),
             "int32 -> int64 loop, two outputs"),
    ]


def parallel_cases():
    f8, i8 = "float64", "int64"
    big_a, big_b = arr(f8, (5000, 16)), arr(f8, (16,))
    return [
        Case("dot_par", (big_a, big_b), note="5000 x 16"),
        Case("dot", (big_a, big_b), note="5000 x 16, serial: same inputs as dot_par"),
        Case("dot_par", (arr(i8, (5000, 16)), arr("int32", (5000, 16))), note="5000 x 16 int64, int32 -> int64 loop"),
        Case("dot_par", (arr(f8, (5000, 16), "F"), arr(f8, (5000, 16))), note="5000 x 16 Fortran"),
        Case("dot_par", (arr(f8, (50, 1, 16)), arr(f8, (100, 16))), note="loop dims (50,1) x (100,)"),
        Case("dot_par", (arr(f8, (3, 4)), arr(f8, (4,))), note="3 loop elements"),
        Case("dot_par", (arr(f8, (0, 4)), arr(f8, (4,))), note="empty loop dim"),
        Case("matmul_par", (arr(f8, (64, 8, 8)), arr(f8, (8, 8))), note="64 stacked 8x8"),
        Case("matmul_par", (arr(f8, (16, 1, 3, 4)), arr(f8, (8, 4, 5))), note="stacks (16,1) x (8,)"),
        Case("scale_par", (arr(f8, (3000, 7)), arr(f8, (3000,))), note="scalar per row"),
        Case("min_max_par", (arr(f8, (2000, 9)),), (zeros(f8, (2000,)), zeros(f8, (2000,))), "two outputs"),
    ]


def error_cases():
    f8, i8 = "float64", "int64"
    return [
        Case("dot", (arr(f8, (3,)), arr(f8, (4,))), note="core n: 3 vs 4", error=MISMATCH),
        Case("matmul", (arr(f8, (3, 4)), arr(f8, (5, 2))), note="core n: 4 vs 5", error=MISMATCH),
        Case("center", (arr(f8, (3, 5)),), (zeros(f8, (3,)), zeros(f8, (3, 4))), "output core n: 4 vs 5", MISMATCH),
        Case("dot", (arr(f8, (2, 3)), arr(f8, (4, 3))), note="loop dims (2,) x (4,)", error=BROADCAST),
        Case("matmul", (arr(f8, (2, 3, 4)), arr(f8, (3, 4, 5))), note="stacks (2,) x (3,)", error=BROADCAST),
        Case("dot_par", (arr(f8, (2, 3)), arr(f8, (4, 3))), note="parallel, loop dims (2,) x (4,)", error=BROADCAST),
        Case("dot", (arr(f8, ()), arr(f8, (3,))), note="0-d array for (n)", error=FEW_DIMS),
        Case("dot", (2.0, arr(f8, (3,))), note="Python scalar for (n)", error=FEW_DIMS),
        Case("matmul", (arr(f8, (4,)), arr(f8, (4, 2))), note="1-d for (m,n)", error=FEW_DIMS),
        Case("min_max", (arr(f8, ()),), (zeros(f8, ()), zeros(f8, ())), "0-d for (n), two outputs", FEW_DIMS),
        Case("norm32", (arr(i8, (3,)),), note="int64 to float32-only: unsafe", error=NO_LOOP),
        Case("norm32", (arr("uint32", (3,)),), note="uint32 to float32-only: unsafe", error=NO_LOOP),
        Case("min_max", (arr(f8, (5, 9)),), (zeros(f8, (4,)), zeros(f8, (4,))), "output loop dims (4,) vs (5,)", OUTPUT),
        Case("min_max", (arr(f8, (5, 9)),), (zeros(i8, (5,)), zeros(i8, (5,))),
             "int64 outputs of the float64 loop: not same_kind", OUTPUT),
    ]


def all_cases():
    return (core_cases() + scalar_cases() + output_cases() + strided_cases() + dtype_cases()
            + parallel_cases() + error_cases())


# ------------------------------------------------------------------------------------------ oracle
def load_gufuncs():
    """gufunc.krn imported as a Python module: each @guvectorize becomes a Numba gufunc."""
    loader = importlib.machinery.SourceFileLoader("krn_gufunc_matrix", str(KRN))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[mod.__name__] = mod
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loader.exec_module(mod)
    return mod


def run_numba(mod, case):
    """(list of output arrays, None) or (None, the exception Numba/NumPy raised)."""
    fn = getattr(mod, case.gufunc)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if case.outputs is None:
                return [np.asarray(fn(*case.inputs))], None
            outs = [o.copy() for o in case.outputs]
            fn(*case.inputs, *outs)
            return outs, None
    except Exception as e:  # noqa: BLE001 - an error is an outcome to compare
        return None, e


# -------------------------------------------------------------------------------------------- jitc
def run_jitc(jitc, case, workdir):
    """(exit status, stderr, [OUT paths]); status None with stderr the reason when it did not run."""
    workdir.mkdir()
    args = []
    for i, x in enumerate(case.inputs):
        if isinstance(x, np.ndarray):
            path = workdir / f"in{i}.npy"
            np.save(path, x)  # keeps Fortran order (fortran_order: True in the header)
            args.append(str(path))
        else:
            args.append(literal(x))
    if case.outputs is None:
        outs = [workdir / "out.npy"]  # allocated by jitc
    else:
        outs = [workdir / f"out{j}.npy" for j in range(len(case.outputs))]
        for path, o in zip(outs, case.outputs):
            np.save(path, o)
    cmd = [jitc, "call", str(KRN), case.gufunc, *args, *map(str, outs)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=JITC_TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {JITC_TIMEOUT}s", outs
    except OSError as e:
        return None, f"cannot run {jitc}: {e}", outs
    return p.returncode, p.stderr, outs


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
    """Numba raised `err`: jitc must exit 1 and say what kind of error it is (None: it does)."""
    if case.error is None:
        return f"numba raised {type(err).__name__}: {first_line(err)} (a bad case?); jitc exit {status}"
    if status != 1:
        return f"numba raised {type(err).__name__}: {first_line(err)}; jitc exit {status}, stderr {first_line(stderr)!r}"
    if case.error == NO_LOOP:
        want = [x.dtype.name for x in case.inputs if isinstance(x, np.ndarray)]
    elif case.error == OUTPUT:
        want = []  # the exit status is all the contract says
    else:
        want = [case.error]
    missing = [w for w in want if w not in stderr]
    if missing:
        return f"stderr does not say {' '.join(missing)!r} (numba: {first_line(err)}): {first_line(stderr)!r}"
    return None


def check(case, numba_outcome, jitc_outcome):
    """The problem with one case (None: jitc agrees with Numba)."""
    exp, err = numba_outcome
    status, stderr, outs = jitc_outcome
    if status is None:
        return f"jitc: {stderr}"
    if err is not None:
        return compare_error(case, err, status, stderr)
    if case.error is not None:
        return f"numba did not raise ({case.error} expected: a bad case?); jitc exit {status}"
    if status != 0:
        return f"jitc exit {status}: {first_line(stderr)}"
    for j, (path, want) in enumerate(zip(outs, exp)):
        where = f"output {j}: " if len(outs) > 1 else ""
        if not path.exists():
            return f"{where}jitc exit 0 but wrote no {path.name}"
        try:
            got = np.load(path)
        except Exception as e:  # noqa: BLE001
            return f"{where}cannot read jitc's {path.name}: {e}"
        problem = compare_values(got, want)
        if problem is not None:
            return where + problem
    return None


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
    _rng = np.random.default_rng(20240611)

    jitc = str(Path(opts.jitc).resolve())
    if not os.access(jitc, os.X_OK):
        print(f"run_gufunc.py: cannot run {opts.jitc} (build jitc first)", file=sys.stderr)
        return 2
    mod = load_gufuncs()
    cases = [c for c in all_cases() if not opts.k or opts.k in c.label()]

    passed = failed = 0
    tmp = Path(tempfile.mkdtemp(prefix="jitc-gufunc-"))
    try:
        # Numba in this thread, one case after another; the jitc processes (each one compiles its
        # gufunc) side by side.
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
