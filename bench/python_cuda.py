"""python_cuda.py — jitc's numba.cuda from Python against numba-cuda and CuPy, in one run on one
GPU machine (tests/gpu/python.sh runs it there, with jitc's package built against libjitc.so):

  - launch overhead: host time per launch of a kernel that does nothing, with no argument, one
    device array, four device arrays and sixteen scalars (best of several runs of N launches,
    then one synchronize), CuPy's RawKernel beside them as the driver's own speed from Python;
  - first call: a fresh process that imports, decorates, launches once and copies the result
    back, start to result;
  - transfers: to_device and copy_to_host of 4 MB against CuPy's asarray and asnumpy, from
    pageable and from page-locked (pinned_array) host memory;
  - a CUDA @vectorize over 10**7 float32 host elements.

Each part runs in a fresh process per library; a row prints jitc's time, numba-cuda's and
numba-cuda-mlir's (its successor, where it is installed: `from numba_cuda_mlir import cuda`),
then each of theirs over jitc's (above 1: jitc is faster). Usage: python3 bench/python_cuda.py
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRELUDE = "import numpy as np\nif not hasattr(np, 'row_stack'): np.row_stack = np.vstack\n"

LAUNCH = """
import json, time
import numpy as np
from {lib} import cuda

@cuda.jit
def k0():
    pass
@cuda.jit
def k1(a):
    pass
@cuda.jit
def k4(a, b, c, d):
    pass
@cuda.jit
def k16(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p):
    pass

a = cuda.to_device(np.zeros(1024, np.float32))
cases = {"no argument": (k0, ()), "one array": (k1, (a,)), "four arrays": (k4, (a, a, a, a)),
         "sixteen scalars": (k16, tuple(float(x) for x in range(16)))}
out = {}
for name, (kernel, args) in cases.items():
    kernel[1, 32](*args)
    cuda.synchronize()
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(2000):
            kernel[1, 32](*args)
        cuda.synchronize()
        best = min(best, (time.perf_counter() - t) / 2000)
    out[name] = best
print(json.dumps(out))
"""

CUPY_LAUNCH = """
import json, time
import cupy as cp
k = cp.RawKernel(r'extern "C" __global__ void k1(float *a) {}', "k1")
a = cp.zeros(1024, cp.float32)
k((1,), (32,), (a,))
cp.cuda.Device().synchronize()
best = float("inf")
for _ in range(5):
    t = time.perf_counter()
    for _ in range(2000):
        k((1,), (32,), (a,))
    cp.cuda.Device().synchronize()
    best = min(best, (time.perf_counter() - t) / 2000)
print(json.dumps({"one array": best}))
"""

FIRST_CALL = """
import time
t0 = time.perf_counter()
import numpy as np
from {lib} import cuda

@cuda.jit
def add(x, y, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i] + y[i]

x = cuda.to_device(np.arange(1000.0))
out = cuda.device_array_like(x)
add[4, 256](x, x, out)
result = out.copy_to_host()
print(time.perf_counter() - t0)
"""

TRANSFER = """
import json, time
import numpy as np
from {lib} import cuda
host = np.random.default_rng(0).random(1 << 19)  # 4 MB
back = np.empty_like(host)
d = cuda.to_device(host)
def best(f):
    times = []
    for _ in range(20):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return min(times)
pinned, pinned_back = cuda.pinned_array(host.shape), cuda.pinned_array(host.shape)
pinned[:] = host
print(json.dumps({"to_device": best(lambda: cuda.to_device(host)), "copy_to_host": best(lambda: d.copy_to_host(back)),
                  "to_device, pinned": best(lambda: cuda.to_device(pinned)),
                  "copy_to_host, pinned": best(lambda: d.copy_to_host(pinned_back))}))
"""

CUPY_TRANSFER = """
import json, time
import numpy as np
import cupy as cp
host = np.random.default_rng(0).random(1 << 19)
d = cp.asarray(host)
back = np.empty_like(host)
def best(f):
    times = []
    for _ in range(20):
        t = time.perf_counter(); f(); cp.cuda.Device().synchronize(); times.append(time.perf_counter() - t)
    return min(times)
print(json.dumps({"to_device": best(lambda: cp.asarray(host)), "copy_to_host": best(lambda: d.get(out=back))}))
"""

UFUNC = """
import json, math, time
import numpy as np
from {lib} import vectorize

@vectorize(["float32(float32)"], target="cuda")
def trig(x):
    return math.cos(x) ** 2 + math.sin(x) ** 2

x = np.arange(1e7, dtype=np.float32)
trig(x)
times = []
for _ in range(5):
    t = time.perf_counter(); r = trig(x); times.append(time.perf_counter() - t)
print(json.dumps({"host arrays": min(times)}))
"""


def run(code, lib):
    """The last line of a fresh process running code with `{lib}` as jitc, numba or numba_cuda_mlir
    (from a file: jitc compiles a function from its source file)."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    path = os.path.join(tempfile.mkdtemp(), "bench_%s.py" % lib)
    with open(path, "w") as f:
        f.write(PRELUDE + textwrap.dedent(code.replace("{lib}", lib)))
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, env=env, timeout=300)
    if r.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (lib, r.stderr[-2000:]))
    return r.stdout.strip().splitlines()[-1]


# the libraries measured, in the columns' order: jitc, numba-cuda, and numba-cuda-mlir (its
# successor, which needs only `from numba_cuda_mlir import cuda`) where it is installed
LIBS = ("jitc", "numba", "numba_cuda_mlir")
HEADS = ("jitc", "numba-cuda", "cuda-mlir")


def has_mlir():
    r = subprocess.run([sys.executable, "-c", "import numba_cuda_mlir"], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        print("numba-cuda-mlir not measured: %s" % (r.stderr.strip().splitlines() or ["not installed"])[-1])
    return r.returncode == 0


def measure(code, libs):
    """{lib: the JSON (or float) a fresh process of code printed}; a library that fails is left out."""
    out = {}
    for lib in libs:
        try:
            out[lib] = json.loads(run(code, lib))
        except RuntimeError as e:
            print("%s: not measured (%s)" % (lib, str(e).splitlines()[-1][:120]))
    return out


def row(name, values, unit):
    """One row: each library's time (- where not measured) and each other library's over jitc's."""
    scale = {"us": 1e6, "ms": 1e3}[unit]
    cells = ["%10.2f" % (values[lib] * scale) if lib in values else "%10s" % "-" for lib in LIBS]
    ratios = ["%7.2fx" % (values[lib] / values["jitc"]) if lib in values and "jitc" in values else "%8s" % "-"
              for lib in LIBS[1:]]
    print("%-44s %s %s" % (name + " (" + unit + ")", " ".join(cells), " ".join(ratios)))


def main():
    libs = LIBS if has_mlir() else LIBS[:2]
    print("%-44s %s %s" % ("", " ".join("%10s" % h for h in HEADS), " ".join("%8s" % ("/" + h[:7]) for h in HEADS[1:])))
    launches = measure(LAUNCH, libs)
    for name in launches["jitc"]:
        row("launch: " + name, {lib: v[name] for lib, v in launches.items()}, "us")
    try:
        cupy = json.loads(run(CUPY_LAUNCH, "cupy"))["one array"]
        print("%-44s %10.2f  (CuPy RawKernel, one array: the driver's speed from Python)" % ("launch: raw (us)", cupy * 1e6))
    except RuntimeError as e:
        print("CuPy launch baseline not run: %s" % str(e).splitlines()[0])
    firsts = {}
    for lib in libs:
        try:
            firsts[lib] = statistics.median(float(run(FIRST_CALL, lib)) for _ in range(3))
        except RuntimeError as e:
            print("%s: first call not measured (%s)" % (lib, str(e).splitlines()[-1][:120]))
    row("first call, fresh process", firsts, "ms")
    transfers = measure(TRANSFER, libs)
    for name in transfers["jitc"]:
        row("4 MB " + name, {lib: v[name] for lib, v in transfers.items()}, "us")
    try:
        ct = json.loads(run(CUPY_TRANSFER, "cupy"))
        for name in ct:
            print("%-44s %10.2f  (CuPy)" % ("4 MB %s (us)" % name, ct[name] * 1e6))
    except RuntimeError as e:
        print("CuPy transfer baseline not run: %s" % str(e).splitlines()[0])
    ufuncs = measure(UFUNC, libs)  # numba-cuda-mlir has no vectorize
    row("CUDA @vectorize, 10**7 float32, host arrays", {lib: v["host arrays"] for lib, v in ufuncs.items()}, "ms")


if __name__ == "__main__":
    main()
