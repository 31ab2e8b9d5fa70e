#!/usr/bin/env python3
"""Differential tests for @guvectorize gufuncs: jitc against Numba (the oracle), at run time.

Each case applies a gufunc of tests/ufunc/gufuncs.krn to .npy inputs and Python scalars through
`jitc call FILE GUFUNC IN... OUT.npy` (one output, allocated by jitc), or with every operand given
(`jitc call FILE GUFUNC IN... OUT...`, outputs written in place), and compares the outputs with
what the same gufunc built by Numba returns: same dtype, same shape, equal values (ints exactly,
floats to rtol 1e-12 / 1e-6 for float32). Covered: core dimensions bound across operands, loop
dimensions broadcast (stacks, stretched size-1 axes), a scalar core-less input, Fortran-order
inputs, safe-cast loop selection, two outputs, the parallel target, and errors, where Numba
raises and jitc must exit 1 with NumPy's wording (core mismatch, broadcast, too few dimensions,
no loop). Without Numba: `skipped: ...` and exit 0. Ends with `N passed, N failed`.
"""
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import tempfile
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KRN = os.path.join(HERE, "gufuncs.krn")
JITC = os.environ.get("JITC", os.path.join(ROOT, "build", "jitc"))
sys.dont_write_bytecode = True


def load_numba_module():
    loader = importlib.machinery.SourceFileLoader("gufuncs_krn", KRN)
    spec = importlib.util.spec_from_loader("gufuncs_krn", loader)
    mod = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loader.exec_module(mod)
    return mod


def main():
    try:
        import numpy as np
        mod = load_numba_module()
    except ImportError as e:
        print(f"skipped: numba not installed ({e})")
        return 0
    rng = np.random.default_rng(11)
    tmp = tempfile.mkdtemp(prefix="jitc-gufunc-")
    counts = {"passed": 0, "failed": 0}

    def f(*shape, dtype="float64", order="C"):
        a = rng.uniform(-3, 3, size=shape) if np.dtype(dtype).kind == "f" else rng.integers(-20, 20, size=shape)
        return np.array(a.astype(dtype), order=order)

    def words(args, prefix):
        out = []
        for k, a in enumerate(args):
            if isinstance(a, np.ndarray):
                path = os.path.join(tmp, f"{prefix}{k}.npy")
                np.save(path, a)
                out.append(path)
            else:
                out.append(repr(a))
        return out

    def report(label, ok, why=""):
        counts["passed" if ok else "failed"] += 1
        if not ok:
            print(f"FAIL {label}: {why}")

    def same(got, want):
        if got.dtype != want.dtype or got.shape != want.shape:
            return f"got {got.dtype}{got.shape}, want {want.dtype}{want.shape}"
        rtol = {"float64": 1e-12, "float32": 1e-6}.get(want.dtype.name, 0)
        return "" if np.allclose(got, want, rtol=rtol, atol=0, equal_nan=True) else f"values differ: {got} vs {want}"

    def case(name, *inputs, given=None, error=None):
        label = f"{name}(" + ", ".join(f"{a.dtype}{a.shape}" if isinstance(a, np.ndarray) else repr(a) for a in inputs) + ")"
        fn = getattr(mod, name)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if given is not None:
                    outs = [np.array(g) for g in given]
                    fn(*inputs, *outs)
                    want = outs
                else:
                    want = [fn(*inputs)]
            numba_error = None
        except Exception as e:  # noqa: BLE001 - any rejection by Numba
            numba_error = e
        args = words(inputs, f"{name}_in")
        outs = words(given, f"{name}_out") if given is not None else [os.path.join(tmp, f"{name}_out.npy")]
        run = subprocess.run([JITC, "call", KRN, name] + args + outs, capture_output=True, text=True, timeout=60)
        if numba_error is not None or error:
            ok = numba_error is not None and run.returncode == 1 and (error or "") in run.stderr
            report(label, ok, f"Numba: {numba_error!r}; jitc exit {run.returncode}: {run.stderr.strip()[:200]}")
            return
        if run.returncode != 0:
            report(label, False, f"jitc exit {run.returncode}: {run.stderr.strip()[:300]}")
            return
        for path, w in zip(outs, want):
            why = same(np.load(path), np.asarray(w))
            if why:
                report(label, False, why)
                return
        report(label, True)

    case("dot", f(7), f(7))
    case("dot", f(4, 5), f(5))
    case("dot", f(2, 1, 5), f(3, 5))
    case("dot", f(6, dtype="int64"), f(6, dtype="int64"))
    case("dot", f(3, 6, dtype="int32"), f(6, dtype="int32"))                  # int32 -> the int64 loop
    case("dot", f(3, 6, dtype="float32"), f(6, dtype="float64"))              # float32 -> float64 loop
    case("dot", f(4, 5, order="F"), f(4, 5))
    case("dot", f(0, 5), f(5))                                                # an empty loop dimension
    case("matmul", f(3, 4), f(4, 5))
    case("matmul", f(2, 3, 4), f(4, 5))
    case("matmul", f(2, 1, 3, 4), f(5, 4, 2))                                 # stacks broadcast
    case("matmul", f(3, 4, order="F"), f(4, 2, order="F"))
    case("scale", f(4, 6, dtype="float32"), 2.5)
    case("scale", f(4, 6, dtype="float32"), f(4, 1, dtype="float32"))         # a "()" input per row
    case("min_max", f(5, 9), given=(np.zeros(5), np.zeros(5)))
    case("min_max", f(2, 3, 4), given=(np.zeros((2, 3)), np.zeros((2, 3))))
    case("dot_par", f(5000, 16), f(16))
    case("dot_par", f(3, 4), f(2, 1, 4))
    case("dot", f(3), f(4), error="mismatch in its core dimension 0")
    case("dot", f(2, 5), f(3, 5), error="could not be broadcast")
    case("matmul", f(3, 4), f(5, 2), error="mismatch in its core dimension 0")
    case("matmul", f(4), f(4, 2), error="does not have enough dimensions")
    case("scale", f(3, dtype="int64"), 2.0, error="no loop for input types")   # int64 -> float32 is unsafe
    case("dot", f(3), 2.0, error="does not have enough dimensions")          # a scalar for "(n)"
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
