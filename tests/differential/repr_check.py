#!/usr/bin/env python3
"""Compares jitc's repr of returned arrays with NumPy's repr(ndarray), array by array.

    tests/differential/repr_check.py [JITC] [--seed N] [--count N]

Writes a few hundred arrays to .npy files in a temporary directory: edge cases (empty shapes,
0.5 steps, 1/3, nan/inf/-0.0, the switch to scientific notation at 1e8 / 1e-4 / a ratio of 1000,
float32's at 1e6, every int width's extremes, bools, arrays past 1000 elements, rows wide enough
to wrap, Fortran order) and random ones (bool, int8..int64, uint8..uint64, float32, float64,
shapes up to 3-D, magnitudes across 1e-10..1e12). Each is passed through an identity kernel
(`jitc call ident.krn ident A.npy`, which prints the returned copy with repr) and the text is
compared with repr(np.load(A.npy)) under NumPy's default print options. Prints one line per
mismatch and ends with `N passed, N failed`; exit status 1 when anything failed. Without NumPy it
prints one line saying so and exits 0.
"""
import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

try:
    import numpy as np
except ImportError:
    print("skipped: numpy not installed (make pyenv installs it into build/venv)")
    sys.exit(0)

KERNEL = "from numba import njit\n\n\n@njit\ndef ident(a):\n    return a.copy()\n"

INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float32, np.float64]
DTYPES = [np.bool_] + INTS + FLOATS


def edge_cases():
    """(name, array) pairs for the layouts and switches named in the module docstring."""
    f32 = np.float32
    cases = [
        ("halves", np.arange(5) * 0.5),
        ("third", np.array([1 / 3])),
        ("ints-as-floats", np.arange(4.0)),
        ("wrap-1d", np.arange(30.0) * 1.1),
        ("wrap-ints", np.arange(40) * 1234567),
        ("wrap-bools", np.arange(40) % 3 == 0),
        ("wrap-2d", np.arange(60.0).reshape(3, 20) / 7),
        ("wrap-3d", np.arange(120, dtype=np.int16).reshape(2, 3, 20) * 99),
        ("nan-inf", np.array([np.nan, np.inf, -np.inf, 1.5, -0.0])),
        ("only-nan", np.array([np.nan, np.nan])),
        ("only-inf", np.array([np.inf, -np.inf])),
        ("neg-zero", np.array([-0.0, 0.0])),
        ("zeros", np.zeros(3)),
        ("negatives", np.array([-1.25, 3.5, -100.0])),
        ("exp-1e8", np.array([1e8, 1.0])),
        ("below-1e8", np.array([99999999.5, 1e5])),
        ("exp-1e-4", np.array([9.99e-5, 5e-4])),
        ("at-1e-4", np.array([1e-4, 0.05])),
        ("ratio-1000", np.array([1.0, 1000.0])),
        ("ratio-past-1000", np.array([1.0, 1000.5])),
        ("exp-big-exponent", np.array([1e-100, 1e100, 1.5])),
        ("exp-with-nan", np.array([1e-10, np.nan, -np.inf, 0.0])),
        ("round-up", np.array([0.999999999, 0.123456785, 2.0000000049])),
        ("pow2-exp", 2.0 ** np.arange(-60, 60, 7)),
        ("pow2-pos", 2.0 ** np.arange(-3, 7)),
        ("pow2-long", np.array([2.0 ** -20, 1.23456789e-3, 2.0 ** 30])),
        ("pow2-f32-exp", (2.0 ** np.arange(-40, 40, 3)).astype(f32)),
        ("pow2-f32-long", np.array([2.0 ** -20, 1.2345678e-3, 2.0 ** 30, 2.0 ** -126], f32)),
        ("f32-1e6", np.array([1e6, 1], f32)),
        ("f32-below-1e6", np.array([999999.94, 1], f32)),
        ("f32-1e-4", np.array([1e-4, 0.5], f32)),
        ("f32-third", np.array([1 / 3, 0.1, 2.5], f32)),
        ("f32-ratio", np.array([0.001, 1.0, 1.0001], f32)),
        ("f32-specials", np.array([np.nan, -np.inf, -0.0, 3.25], f32)),
        ("bools", np.array([True, False, True])),
        ("bool-2d", np.array([[True, False], [False, False]])),
        ("big-1d", np.arange(1001)),
        ("big-float", np.linspace(0, 1, 2000)),
        ("big-2d", np.arange(2000.0).reshape(2, 1000)),
        ("big-3d", np.arange(2 * 30 * 40, dtype=np.int32).reshape(2, 30, 40)),
        ("big-f32", np.arange(5000, dtype=f32) / 3),
        ("big-bool", np.arange(1200) % 2 == 0),
        ("big-long-shape", np.zeros((11, 10, 10), np.uint16)),
        ("fortran", np.asfortranarray(np.arange(12.0).reshape(3, 4) / 4)),
        ("fortran-int8", np.asfortranarray(np.arange(24, dtype=np.int8).reshape(2, 3, 4))),
        ("dtype-wraps", np.arange(17, dtype=np.uint64) * 1234567891),
        ("one-element", np.array([7], np.int32)),
        ("one-by-one", np.array([[2.5]])),
    ]
    for dt in DTYPES:
        name = np.dtype(dt).name
        cases += [(f"empty-{name}", np.zeros(0, dt)), (f"empty-0x3-{name}", np.zeros((0, 3), dt)),
                  (f"empty-2x0x3-{name}", np.zeros((2, 0, 3), dt))]
    for dt in INTS:
        info = np.iinfo(dt)
        cases.append((f"extremes-{np.dtype(dt).name}", np.array([info.min, 0, info.max, 1], dt)))
    for dt in FLOATS:
        info = np.finfo(dt)
        cases.append((f"extremes-{np.dtype(dt).name}",
                      np.array([info.max, info.tiny, info.smallest_subnormal, -1], dt)))
    return cases


def random_shape(rng):
    ndim = int(rng.integers(1, 4))
    if rng.random() < 0.08:  # past the threshold (1000 elements): summarized
        lead = tuple(int(rng.integers(8, 40)) for _ in range(ndim - 1))
        return lead + (1001 // int(np.prod(lead)) + int(rng.integers(1, 300)),)
    return tuple(int(rng.integers(1, 9 if ndim > 1 else 40)) for _ in range(ndim))


def random_floats(rng, dt, shape):
    size = int(np.prod(shape))
    lo = rng.uniform(-10, 12)
    hi = min(12.0, lo + rng.choice([0.5, 2, 4, 22]))
    x = 10.0 ** rng.uniform(lo, hi, size) * rng.choice([-1, 1], size, p=[0.3, 0.7])
    style = rng.integers(0, 4)
    if style == 1:  # short decimals
        x = np.round(x, int(rng.integers(0, 4)))
    elif style == 2:  # whole numbers
        x = np.round(x)
    if rng.random() < 0.2:  # a few specials
        for v in rng.choice([0.0, -0.0, np.nan, np.inf, -np.inf], int(rng.integers(1, 3))):
            x[rng.integers(0, size)] = v
    with np.errstate(over="ignore"):
        return x.astype(dt).reshape(shape)


def random_ints(rng, dt, shape):
    info = np.iinfo(dt)
    if rng.random() < 0.5:
        lo, hi = max(info.min, -1000), min(info.max, 1000)
    else:
        lo, hi = info.min, info.max
    return rng.integers(lo, hi, size=shape, dtype=dt, endpoint=True)


def random_cases(rng, count):
    cases = []
    for i in range(count):
        dt = DTYPES[i % len(DTYPES)]
        shape = random_shape(rng)
        if dt in FLOATS:
            a = random_floats(rng, dt, shape)
        elif dt is np.bool_:
            a = rng.random(shape) < 0.5
        else:
            a = random_ints(rng, dt, shape)
        cases.append((f"random-{i}-{np.dtype(dt).name}-{'x'.join(map(str, shape))}", a))
    return cases


def check_one(jitc, work, kernel, name, env):
    path = os.path.join(work, name + ".npy")
    proc = subprocess.run([jitc, "call", kernel, "ident", path], capture_output=True, text=True, env=env)
    want = repr(np.load(path))
    got = proc.stdout[:-1] if proc.stdout.endswith("\n") else proc.stdout
    if proc.returncode != 0:
        return f"{name}: jitc exited {proc.returncode}: {proc.stderr.strip()}"
    if got != want:
        return f"{name}: jitc printed {got!r}, NumPy prints {want!r}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("jitc", nargs="?", default="build/jitc")
    ap.add_argument("--seed", type=int, default=20240607)
    ap.add_argument("--count", type=int, default=300, help="random arrays (default 300)")
    args = ap.parse_args()
    if not os.access(args.jitc, os.X_OK):
        print(f"repr_check.py: no jitc at {args.jitc} (build it with make)")
        return 2
    np.set_printoptions()  # NumPy's defaults, whatever the environment says
    rng = np.random.default_rng(args.seed)
    cases = edge_cases() + random_cases(rng, args.count)
    with tempfile.TemporaryDirectory(prefix="jitc-repr-") as work:
        kernel = os.path.join(work, "ident.krn")
        with open(kernel, "w") as f:
            f.write(KERNEL)
        for name, a in cases:
            np.save(os.path.join(work, name + ".npy"), a)
        env = dict(os.environ, JITC_CACHE_DIR=os.path.join(work, "cache"))
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
            results = list(pool.map(lambda c: check_one(args.jitc, work, kernel, c[0], env), cases))
    failures = [r for r in results if r]
    for line in failures:
        print(line)
    print(f"{len(cases) - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
