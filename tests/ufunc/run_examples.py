"""run_examples.py — the ufunc examples of examples/ on the CPU, through `jitc call`,
against the results stated in examples/README.md:
  trig.krn  trig_cpu  arange(1e7) float32 (and float64) -> all ones within 1e-6
  trig.krn  trig_serial, trig_parallel  arange(1e7) int64 -> a new float64 array of ones within 1e-12
  selu.krn  selu      a float32 and a float64 array -> lmbda*x for x > 0, else lmbda*(alpha*e^x - alpha)
(trig_gpu is checked on the GPU by tests/gpu/run_gpu.py.) Skips with one line when the examples
are not found (JITC_EXAMPLES overrides the place), or without NumPy. Ends with
`N passed, N failed`.
"""
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print("skipped: numpy not installed (make pyenv installs it into build/venv)")
    sys.exit(0)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JITC = os.environ.get("JITC", os.path.join(ROOT, "build", "jitc"))
EXAMPLES = os.environ.get("JITC_EXAMPLES", os.path.join(ROOT, "examples"))
tmp = tempfile.mkdtemp()
counts = {"passed": 0, "failed": 0}


def ufunc(krn, name, x):
    src, out = os.path.join(tmp, "in.npy"), os.path.join(tmp, "out.npy")
    np.save(src, x)
    run = subprocess.run([JITC, "call", os.path.join(EXAMPLES, krn), name, src, out], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return np.load(out), ""


def returned(krn, name, x):
    """An @njit function called on x through `jitc call --out`: the array it returns."""
    src, out = os.path.join(tmp, "in.npy"), os.path.join(tmp, "ret.npy")
    np.save(src, x)
    run = subprocess.run([JITC, "call", os.path.join(EXAMPLES, krn), name, src, "--out", out],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip()
    return np.load(out), ""


def check(label, ok, detail=""):
    counts["passed" if ok else "failed"] += 1
    print(("ok   " if ok else "FAIL ") + label + ("" if ok else f": {detail}"))


def main():
    if not os.path.isdir(EXAMPLES):
        print(f"skipped: the examples are not at {EXAMPLES} (set JITC_EXAMPLES)")
        return 0
    for dtype in (np.float32, np.float64):
        got, err = ufunc("trig.krn", "trig_cpu", np.arange(10_000_000, dtype=dtype))
        ok = got is not None and got.dtype == dtype and np.allclose(got, 1.0, rtol=0, atol=1e-6)
        check(f"trig_cpu(arange(1e7) {np.dtype(dtype).name}) is all ones within 1e-6", ok, err)
    for name in ("trig_serial", "trig_parallel"):
        got, err = returned("trig.krn", name, np.arange(10_000_000, dtype=np.int64))
        ok = (got is not None and got.dtype == np.float64 and got.shape == (10_000_000,)
              and np.allclose(got, 1.0, rtol=0, atol=1e-12))
        check(f"{name}(arange(1e7) int64) is a new float64 array of ones within 1e-12", ok,
              err or (got.dtype, got.shape, np.abs(got - 1).max()))
    x = np.linspace(-5, 5, 10001)
    for dtype in (np.float32, np.float64):
        xs = x.astype(dtype)
        got, err = ufunc("selu.krn", "selu", xs)
        alpha, lmbda = 1.67, 1.05
        want = np.where(xs > 0, lmbda * xs.astype(np.float64), lmbda * (alpha * np.exp(xs.astype(np.float64)) - alpha))
        tol = 1e-6 if dtype == np.float32 else 1e-14
        ok = got is not None and got.dtype == dtype and np.allclose(got, want, rtol=tol, atol=tol)
        check(f"selu({np.dtype(dtype).name} array) as stated", ok, err or f"max error {np.max(np.abs(got - want)) if got is not None else '?'}")
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
