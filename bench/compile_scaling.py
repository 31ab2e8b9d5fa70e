#!/usr/bin/env python3
"""compile_scaling.py — compile time against program size, jitc and Numba, in the same run.

Two shapes of generated program, each at sizes 10^2 .. 10^5:
  functions   a module of N functions `def fK(x): return fJ(x) + K` (each calls the one before),
              decorated @njit without signatures: the module level (parsing, names, resolution)
              is what grows. jitc: `jitc check FILE`; Numba: importing the module.
  statements  one function of N statements and N locals (`vK = vJ * 3 + x` ...), decorated
              @njit("int64(int64)"): typing, IR and LLVM all see N; one dependent chain in one
              basic block. jitc: `jitc check FILE` (explicit signatures compile to machine code
              there); Numba: importing the module (eager compilation).
  locals      one function of N locals assigned first (`aK = (x ^ K) * c`) and then summed
              (`s = s + aK`): 2N statements, N values live at once; compiled as `statements`.
Times are wall-clock seconds of a fresh process; Numba's are less its bare `import numba`
(measured in the same run). Numba runs at each size until one takes longer than --numba-limit
seconds; larger sizes are left out for it. For each shape the script prints seconds per source
line and the growth exponent of jitc's time fitted over the sizes from 10^3 on (least squares on
log time against log size; 1.0 is linear), and jitc's speed-up over Numba where both finished.

    PYTHON=build/venv/bin/python bench/compile_scaling.py [--jitc build/jitc] [--max 100000]
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time


def functions_module(n):
    lines = ["from numba import njit", ""]
    for k in range(n):
        body = f"f{k - 1}(x) + {k}" if k else "x"
        lines += ["@njit", f"def f{k}(x):", f"    return {body}", ""]
    return "\n".join(lines) + "\n"


def statements_module(n):
    lines = ["from numba import njit", "", '@njit("int64(int64)")', "def big(x):", "    v0 = x"]
    for k in range(1, n):
        lines.append(f"    v{k} = v{k - 1} * 3 + x" if k % 2 else f"    v{k} = v{k - 1} - {k}")
    lines.append(f"    return v{n - 1}")
    return "\n".join(lines) + "\n"


def locals_module(n):
    """N locals all assigned first, then summed: N values live at once."""
    lines = ["from numba import njit", "", '@njit("int64(int64)")', "def big(x):"]
    lines += [f"    a{k} = (x ^ {k}) * {k % 7 + 1}" for k in range(n)]
    lines.append("    s = 0")
    lines += [f"    s = s + a{k}" for k in range(n)]
    lines.append("    return s")
    return "\n".join(lines) + "\n"


SHAPES = {"functions": functions_module, "statements": statements_module, "locals": locals_module}


def timed(cmd, limit, cwd=None):
    """Seconds the command took, or None when it failed or ran past limit."""
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit, cwd=cwd)
    except subprocess.TimeoutExpired:
        return None
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.stderr.write(f"{' '.join(cmd)} failed: {p.stderr[-400:]}\n")
        return None
    return elapsed


def python_import(python, module, directory, limit):
    code = f"import numpy as np; np.row_stack = getattr(np, 'row_stack', np.vstack); import numba; import {module}"
    return timed([python, "-c", code], limit, cwd=directory)


def exponent(points):
    """The slope of log(time) against log(size), least squares."""
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jitc", default="build/jitc")
    ap.add_argument("--python", default=os.environ.get("PYTHON", sys.executable))
    ap.add_argument("--max", type=int, default=100000)
    ap.add_argument("--numba-limit", type=float, default=300.0)
    opts = ap.parse_args()
    jitc = os.path.abspath(opts.jitc)
    if os.sep in opts.python:  # a relative path: the imports run in a temporary directory
        opts.python = os.path.abspath(opts.python)
    sizes = [n for n in (100, 300, 1000, 3000, 10000, 30000, 100000) if n <= opts.max]
    with tempfile.TemporaryDirectory() as work:
        base = python_import(opts.python, "sys", work, 120)
        has_numba = base is not None
        print(f"bare `import numba`: {base:.2f} s" if has_numba else "Numba: not installed; jitc alone")
        for shape, make in SHAPES.items():
            print(f"\n{shape}:")
            print(f"{'N':>7} {'lines':>7} {'jitc s':>9} {'us/line':>8} {'Numba s':>9} {'speed-up':>9}")
            jitc_points, numba_on = [], has_numba
            for n in sizes:
                module = f"{shape}{n}"
                path = os.path.join(work, module + ".py")
                text = make(n)
                with open(path, "w") as f:
                    f.write(text)
                lines = text.count("\n")
                t = timed([jitc, "check", path], 1800)
                numba_t = python_import(opts.python, module, work, opts.numba_limit) if numba_on else None
                if numba_on and numba_t is None:
                    numba_on = False  # past the limit: larger sizes would be too
                if numba_t is not None:
                    numba_t = max(numba_t - base, 1e-3)
                if t is not None:
                    jitc_points.append((n, t))
                jt = f"{t:9.3f} {1e6 * t / lines:8.1f}" if t is not None else f"{'failed':>9} {'':>8}"
                nt = f"{numba_t:9.2f} {numba_t / t:8.1f}x" if numba_t is not None and t else f"{'-':>9} {'-':>9}"
                print(f"{n:>7} {lines:>7} {jt} {nt}", flush=True)
            fit = [(n, t) for n, t in jitc_points if n >= 1000]
            if len(fit) >= 2:
                print(f"jitc growth exponent over N >= 1000: {exponent(fit):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
