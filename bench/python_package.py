"""python_package.py — the Python package against Numba, in one run on one machine:

  - start-up: `import jitc` and `import numba` in a fresh process;
  - first call: a fresh process that imports, decorates and calls once (fib, an array sum, a
    @vectorize ufunc), the time from start to the first result;
  - call overhead: a function that does nothing, called with no argument, one array, four arrays
    and sixteen scalars, best of several timeit runs; and a function whose only work is a `with
    objmode` block that hands a float, or an array, to the interpreter and back;
  - the tutorial's CPU script (examples/python/trig_cpu.py) run whole, as a user runs it.

Each row prints jitc's time, Numba's, and Numba / jitc (above 1: jitc is faster). Fresh processes
run REPEAT times and the median is kept.
Usage: PYTHON bench/python_package.py [REPEAT]   (PYTHON: build/venv's, with jitc installed)
"""
import os
import statistics
import subprocess
import sys
import textwrap
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPEAT = int(sys.argv[1]) if len(sys.argv) > 1 else 5

FIRST_CALL = {
    "fib(20)": """
        @njit
        def fib(n):
            return n if n < 2 else fib(n - 1) + fib(n - 2)
        result = fib(20)
    """,
    "array sum": """
        import numpy as np
        @njit
        def total(a):
            s = 0.0
            for i in range(a.shape[0]):
                s += a[i]
            return s
        result = total(np.arange(1000.0))
    """,
    "@vectorize": """
        import numpy as np
        @vectorize(["float64(float64, float64)"])
        def hyp(x, y):
            return (x * x + y * y) ** 0.5
        result = hyp(np.arange(1000.0), 2.0)
    """,
}


def fresh(body, module):
    """Seconds from a fresh interpreter's start to the end of body, which imports from module."""
    code = ("import time\nt0 = time.perf_counter()\nfrom %s import njit, vectorize\n" % module
            + textwrap.dedent(body) + "\nprint(time.perf_counter() - t0)\n")
    path = os.path.join(ROOT, "build", "bench", "py_%s.py" % module)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(code)
    times = []
    for _ in range(REPEAT):
        out = subprocess.run([sys.executable, path], capture_output=True, text=True, check=True).stdout
        times.append(float(out.split()[-1]))
    return statistics.median(times)


def script(path, runner):
    times = []
    for _ in range(REPEAT):
        t = timeit.default_timer()
        subprocess.run([sys.executable, *runner, path], capture_output=True, check=True)
        times.append(timeit.default_timer() - t)
    return statistics.median(times)


def overhead(module):
    """Seconds per call of functions that do nothing, by argument shape."""
    import numpy as np

    mod = __import__(module)
    njit = mod.njit
    path = os.path.join(ROOT, "build", "bench", "py_overhead_%s.py" % module)
    with open(path, "w") as f:
        f.write("from %s import objmode\n" % module)
        f.write(textwrap.dedent("""
            def none0():
                return 0
            def one(a):
                return 0
            def four(a, b, c, d):
                return 0
            def sixteen(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p):
                return 0
            def block(x):
                with objmode(y='float64'):
                    y = x + 1.0
                return y
            def block_array(a):
                with objmode(b='float64[:]'):
                    b = a
                return b
        """))
    import importlib.util

    spec = importlib.util.spec_from_file_location("py_overhead_" + module, path)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    a = np.zeros(10)
    cases = {
        "no argument": (njit(m.none0), ()),
        "one array": (njit(m.one), (a,)),
        "four arrays": (njit(m.four), (a, a, a, a)),
        "sixteen scalars": (njit(m.sixteen), tuple(float(i) for i in range(16))),
        "objmode block, a float in and out": (njit(m.block), (1.0,)),
        "objmode block, an array in and out": (njit(m.block_array), (a,)),
    }
    out = {}
    for name, (f, args) in cases.items():
        f(*args)
        n = 20000
        out[name] = min(timeit.repeat(lambda: f(*args), number=n, repeat=5)) / n
    return out


def row(name, jitc, numba, unit):
    scale = {"ns": 1e9, "ms": 1e3}[unit]
    print("%-50s %10.1f %10.1f %8.2fx" % (name + " (" + unit + ")", jitc * scale, numba * scale, numba / jitc))


def main():
    print("%-50s %10s %10s %9s" % ("", "jitc", "Numba", "Numba/jitc"))
    row("import", fresh("", "jitc"), fresh("", "numba"), "ms")
    for name, body in FIRST_CALL.items():
        row("start to first result: " + name, fresh(body, "jitc"), fresh(body, "numba"), "ms")
    trig = os.path.join(ROOT, "examples", "python", "trig_cpu.py")
    row("trig_cpu.py, whole script", script(trig, ["-m", "jitc"]), script(trig, []), "ms")
    jo, no = overhead("jitc"), overhead("numba")
    for name in jo:
        row("call overhead: " + name, jo[name], no[name], "ns")


if __name__ == "__main__":
    main()
