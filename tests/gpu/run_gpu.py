"""run_gpu.py — the GPU tests, run on a machine with a CUDA GPU (tests/gpu/run.sh starts it).

Each case writes its inputs as .npy files, launches a kernel with `jitc launch` (or applies a
CUDA ufunc, gufunc or reduction with `jitc call`), and compares the arrays the kernel wrote with
NumPy's result computed on the host. Covers every example kernel of
examples/ that uses cuda and the kernels of tests/gpu/kernels.krn. Ends with
`N passed, N failed`.
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JITC = os.environ.get("JITC", os.path.join(ROOT, "build", "jitc"))
EXAMPLES = os.environ.get("JITC_EXAMPLES", os.path.join(ROOT, "examples"))
KERNELS = os.path.join(ROOT, "tests", "gpu", "kernels.krn")
UFUNCS = os.path.join(ROOT, "tests", "gpu", "ufuncs.krn")
FORALL = os.path.join(ROOT, "tests", "gpu", "forall.krn")
BOUNDS = os.path.join(ROOT, "tests", "gpu", "bounds.krn")
INTRINSICS = os.path.join(ROOT, "tests", "gpu", "intrinsics.krn")
STYLE = os.path.join(ROOT, "tests", "gpu", "numba_cuda_style.krn")
MATH_KERNELS = os.path.join(ROOT, "tests", "gpu", "math_kernels.krn")
COOPERATIVE = os.path.join(ROOT, "tests", "gpu", "cooperative.krn")
RANDOM = os.path.join(ROOT, "tests", "gpu", "random_kernels.krn")
COMPLEX = os.path.join(ROOT, "tests", "gpu", "complex_kernels.krn")
FP16 = os.path.join(ROOT, "tests", "gpu", "fp16.krn")
LIBDEVICE = os.path.join(ROOT, "tests", "gpu", "libdevice.krn")
tmp = tempfile.mkdtemp()
results = {"passed": 0, "failed": 0}


def launch(krn, kernel, grid, block, *args, config=None, env=None):
    """Saves the array arguments, launches (scalars go on the command line), returns the arrays
    as the kernel left them (or None on failure). config replaces --grid and --block. A str
    argument is a word as it is (xoroshiro128p:N:SEED). env: variables added for the run."""
    words, paths = [], []
    for k, a in enumerate(args):
        if isinstance(a, np.ndarray):
            p = os.path.join(tmp, f"{kernel}_{k}.npy")
            np.save(p, a)
            paths.append(p)
            words.append(p)
        elif isinstance(a, str):
            words.append(a)
        else:
            words.append(repr(a))
    cmd = [JITC, "launch", krn, kernel] + (config or ["--grid", grid, "--block", block]) + words
    run = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, **(env or {})))
    if run.returncode != 0:
        print(f"FAIL {kernel}: jitc exited {run.returncode}: {run.stderr.strip()[:500]}")
        return None
    return [np.load(p) for p in paths]


def call(krn, fn, *args, outputs=1, given=()):
    """`jitc call`: arrays saved as .npy, scalars as words. Returns (outputs, stdout): the
    allocated output file(s) loaded, or the given output arrays as the call left them."""
    words = []
    for k, a in enumerate(list(args) + list(given)):
        if isinstance(a, np.ndarray):
            p = os.path.join(tmp, f"{fn}_in{k}.npy")
            np.save(p, a)
            words.append(p)
        else:
            words.append(repr(a))
    outs = [os.path.join(tmp, f"{fn}_out{k}.npy") for k in range(outputs)] if not given else words[len(args):]
    cmd = [JITC, "call", krn, fn] + words + (outs if not given else [])
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if run.returncode != 0:
        print(f"FAIL {fn}: jitc exited {run.returncode}: {run.stderr.strip()[:500]}")
        return None, run.stdout
    return [np.load(p) for p in outs] if outputs else [], run.stdout


def check(name, ok, detail=""):
    results["passed" if ok else "failed"] += 1
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {detail}"))


def example(name):
    return os.path.join(EXAMPLES, name)


def test_add_kernel():
    x = np.arange(4096, dtype=np.int32)
    y = np.ones(4096, dtype=np.int32)
    out = launch(example("add_kernel.krn"), "add_kernel", "32", "128", x, y, np.zeros_like(x))
    check("add_kernel: out = 1 ... 4096", out is not None and np.array_equal(out[2], np.arange(1, 4097)))


def test_add_device_fn():
    rng = np.random.default_rng(1)
    a = rng.random(10_000_000, dtype=np.float32)
    b = rng.random(10_000_000, dtype=np.float32)
    grid = str((a.size + 255) // 256)
    out = launch(example("add_device_fn.krn"), "add_arrays_kernel", grid, "256", a, b, np.zeros_like(a))
    check("add_device_fn: out == a + b exactly (1e7 float32)", out is not None and np.array_equal(out[2], a + b))


def test_twice():
    # PyCUDA's example doubles a 4x4 array through its flat memory (idx runs to 15): the kernel
    # takes the 16 values as a 1-D array, as Numba would need too.
    a = np.random.default_rng(3).standard_normal((4, 4)).astype(np.float32)
    out = launch(example("twice.krn"), "twice", "1", "4,4", a.ravel())
    check("twice: every element doubled", out is not None and np.array_equal(out[0].reshape(4, 4), 2 * a))


def test_matmul_tiled():
    rng = np.random.default_rng(2)
    a = rng.random((1024, 1024), dtype=np.float32)
    b = rng.random((1024, 1024), dtype=np.float32)
    out = launch(example("matmul_tiled.krn"), "fast_matmul", "64,64", "16,16", a, b, np.zeros_like(a))
    ref = a.astype(np.float64) @ b.astype(np.float64)
    ok = out is not None and np.allclose(out[2], ref, rtol=1e-3, atol=0)
    err = "" if out is None else f"max rel err {np.max(np.abs(out[2] - ref) / np.abs(ref)):.2e}"
    check("matmul_tiled: A.B within 1e-3 relative (1024x1024)", ok, err)


def test_math_kernel():
    x = np.linspace(-3, 3, 10_000)
    out = launch(KERNELS, "math_kernel", "40", "256", x, np.zeros(x.size, dtype=np.float32))
    ref = (np.sqrt(np.abs(x)) + np.sin(x) ** 2 + np.cos(x) ** 2 + np.exp(-x * x) + np.arctan2(x, 1.0)).astype(np.float32)
    check("math via libdevice (sqrt sin cos exp atan2)", out is not None and np.allclose(out[1], ref, rtol=1e-6, atol=1e-6))


def test_float_pow():
    for dt, rtol in ((np.float64, 1e-14), (np.float32, 1e-6)):
        a = np.linspace(0.01, 4.0, 3000).astype(dt)
        b = np.linspace(-3.0, 3.0, 3000).astype(dt)
        out = launch(MATH_KERNELS, "float_pow", "12", "256", a, b, np.zeros((4, a.size), dtype=dt))
        ref = np.stack([a ** b, a ** dt(2.5), a ** 3, a ** b]).astype(dt)
        ok = out is not None and np.allclose(out[2], ref, rtol=rtol, atol=0)
        check(f"float ** and math.pow through __nv_pow ({np.dtype(dt).name})", ok)


def test_more_math():
    """exp2, remainder (IEEE), nextafter, modf, frexp, ldexp, cbrt, cuda.fma, cuda.cbrt."""
    for dt, rtol in ((np.float64, 1e-14), (np.float32, 1e-6)):
        x = np.linspace(-50.0, 50.0, 2001).astype(dt)
        y = (0.5 + (np.arange(x.size) % 7) * 0.75).astype(dt)
        out = launch(MATH_KERNELS, "more_math", "8", "256", x, y, np.zeros((10, x.size), dtype=dt),
                     np.zeros(x.size, dtype=np.int32))
        if out is None:
            check(f"more math ({np.dtype(dt).name})", False)
            continue
        got, exps = out[2], out[3]
        frac, whole = np.modf(x)
        mant, e = np.frexp(x)
        remainder = np.array([math.remainder(float(u), float(v)) for u, v in zip(x, y)]).astype(dt)
        exact = {"remainder": (got[1], remainder), "nextafter": (got[2], np.nextafter(x, y)),
                 "modf fraction": (got[3], frac), "modf whole": (got[4], whole), "frexp mantissa": (got[5], mant),
                 "frexp exponent": (exps, e), "ldexp": (got[6], np.ldexp(x, 3))}
        close = {"exp2": (got[0], np.exp2(x.astype(np.float64) * 0.125)), "cbrt": (got[7], np.cbrt(x.astype(np.float64))),
                 "cuda.fma": (got[8], x.astype(np.float64) * y + x), "cuda.cbrt": (got[9], np.cbrt(y.astype(np.float64)))}
        bad = [k for k, (g, r) in exact.items() if not np.array_equal(g, r)]
        bad += [k for k, (g, r) in close.items() if not np.allclose(g, r.astype(dt), rtol=rtol, atol=0)]
        check(f"more math ({np.dtype(dt).name})", not bad, ", ".join(bad))


def test_libdevice():
    """numba.cuda.libdevice: tuples from out-arguments (sincosf, frexp, modf), arguments converted
    to the function's types (sinf of a float64 rounds it to float32 first), integer functions."""
    x = np.linspace(-20.0, 20.0, 1000)
    out = launch(LIBDEVICE, "libdevice_calls", "4", "256", x, np.zeros((8, x.size)), np.zeros((4, x.size), np.int32))
    if out is None:
        check("numba.cuda.libdevice", False)
        return
    got, ints = out[1], out[2]
    x32 = x.astype(np.float32)
    idx = np.arange(x.size)
    mant, e = np.frexp(x)
    frac, whole = np.modf(x)
    exact = {"frexp mantissa": (got[2], mant), "frexp exponent": (ints[0], e), "modf fraction": (got[3], frac),
             "modf whole": (got[4], whole), "popc": (ints[1], [bin(k).count("1") for k in idx]),
             "abs": (ints[2], idx), "float2int_rn": (ints[3], np.rint(x32).astype(np.int32))}
    close = {"sincosf sin": (got[0], np.sin(x32), 1e-6), "sincosf cos": (got[1], np.cos(x32), 1e-6),
             "hypot": (got[5], np.hypot(x, 2.0), 1e-15), "exp10": (got[6], 10.0 ** (x * 0.25), 1e-14),
             "sinf": (got[7], np.sin(x32), 1e-6)}
    bad = [k for k, (g, r) in exact.items() if not np.array_equal(g, r)]
    bad += [k for k, (g, r, rtol) in close.items() if not np.allclose(g, r, rtol=rtol, atol=1e-6 if rtol > 1e-9 else 0)]
    check("numba.cuda.libdevice (sincosf, frexp, modf, hypot, exp10, sinf, popc, abs, float2int_rn)", not bad,
          ", ".join(bad))


def test_ufuncs_with_output_in_kernel():
    """np.sin(x, out), np.add(x, y, out) broadcast, np.greater(y, 0.5, out), np.minimum in a kernel."""
    x = np.linspace(-2.0, 2.0, 37)
    y = np.linspace(0.0, 1.0, 5 * 37).reshape(5, 37)
    out = launch(LIBDEVICE, "ufunc_out", "1", "1", x, y, np.zeros(37), np.zeros((5, 37)), np.zeros((5, 37), np.bool_),
                 np.zeros((5, 37)))
    ok = out is not None and np.allclose(out[2], np.sin(x), rtol=1e-15) and np.array_equal(out[3], x + y) and \
        np.array_equal(out[4], y > 0.5) and np.array_equal(out[5], np.minimum(y, x))
    check("NumPy ufuncs with an output array inside a kernel (sin, add broadcast, greater, minimum)", ok)


def test_grid2():
    a = np.zeros((100, 70), dtype=np.int64)
    out = launch(KERNELS, "grid2", "7,5", "16,16", a)
    ref = np.arange(100)[:, None] * 1000 + np.arange(70)[None, :]
    check("cuda.grid(2) and gridsize(2)", out is not None and np.array_equal(out[0], ref))


def test_local_scratch():
    n = 1000
    out = launch(KERNELS, "local_scratch", "4", "256", np.zeros(n))
    ref = np.array([sum(i * ((k * 3 + i) % 4) for k in range(4)) for i in range(n)], dtype=np.float64)
    check("cuda.local.array", out is not None and np.array_equal(out[0], ref))


def test_sync_and_fence():
    n = 512
    out = launch(KERNELS, "sync_and_fence", "4", "128", np.zeros(n, dtype=np.int32))
    lane = np.arange(n) % 128
    ref = ((lane + 1) % 128) % 32 + 32
    check("shared array, syncthreads, laneid, warpsize", out is not None and np.array_equal(out[0], ref))


def test_calls_jit():
    a = np.linspace(-2, 2, 1000)
    out = launch(KERNELS, "calls_jit", "4", "256", a.copy())
    check("kernel calling an @njit function", out is not None and np.allclose(out[0], 3 * a * a - 2 * a + 1, rtol=1e-15))


def test_atomics():
    v = np.random.default_rng(4).integers(0, 1000, 100_000).astype(np.int64)
    out = launch(KERNELS, "histogram", "391", "256", v, np.zeros(16, dtype=np.int32), np.zeros(1),
                 np.zeros(1, dtype=np.int64), np.full(1000, -1, dtype=np.int64))
    ok = out is not None and np.array_equal(out[1], np.bincount(v % 16, minlength=16))
    ok = ok and out[2][0] == v.sum() * 0.5 and out[3][0] == v.max()
    # cas: each slot holds the index of one element with that value (whichever thread won)
    ok = ok and all(out[4][k] == -1 if k not in set(v.tolist()) else v[out[4][k]] == k for k in range(1000))
    check("atomics: add (int32, float64), max, cas", ok)


def test_warp_functions():
    x = np.random.default_rng(5).random(4096).astype(np.float32)
    out = launch(KERNELS, "warp_sum", "16", "256", x, np.zeros(128, dtype=np.float32), np.zeros((128, 5), dtype=np.int32))
    if out is None:
        return check("warp functions", False)
    w = x.reshape(128, 32)
    votes = out[2]
    ballots = ((w > 0.5) @ (1 << np.arange(32, dtype=np.uint64))).astype(np.uint32)
    xor_sum = w.astype(np.float64).sum(axis=1) * 1000  # summed in another order: truncation may differ by 1
    parts = {
        "shfl_down_sync (float32)": np.allclose(out[1], w.sum(axis=1), rtol=1e-5),
        "ballot_sync": np.array_equal(votes[:, 0].astype(np.uint32), ballots),
        "all_sync": np.all(votes[:, 1] == 1),
        "any_sync": np.array_equal(votes[:, 2], (w > 0.99).any(axis=1).astype(np.int32)),
        "activemask": np.all(votes[:, 3] == -1),
        "shfl_xor_sync (float64)": np.all(np.abs(votes[:, 4] - xor_sum.astype(np.int32)) <= 1),
    }
    for name, ok in parts.items():
        check("warp: " + name, bool(ok))


def test_fma_contraction():
    """x * y + z is one rounding by default (numba-cuda's FMA contraction), two with JITC_GPU_FMA=0."""
    rng = np.random.default_rng(11)
    x, y, z = (rng.random(100_000).astype(np.float32) for _ in range(3))
    unfused = x * y + z  # NumPy: float32 multiply, rounded, then add
    fused = (x.astype(np.float64) * y + z).astype(np.float32)  # the product is exact in float64
    out = launch(MATH_KERNELS, "mul_add", "391", "256", x, y, z, np.zeros_like(x))
    ok = out is not None and np.mean(out[3] == fused) > 0.999 and np.any(out[3] != unfused)
    check("FMA contraction by default: x * y + z rounded once", ok)
    out = launch(MATH_KERNELS, "mul_add", "391", "256", x, y, z, np.zeros_like(x), env={"JITC_GPU_FMA": "0"})
    check("JITC_GPU_FMA=0: x * y + z as NumPy rounds it", out is not None and np.array_equal(out[3], unfused))


def test_fastmath():
    """fastmath=True: numba-cuda's approximations, near the precise results and not equal to them."""
    x = np.linspace(0.5, 1.4, 4096, dtype=np.float32)  # tan far from pi/2, where cos.approx's error is large
    fast = launch(MATH_KERNELS, "fast_math", "16", "256", x, np.zeros((11, x.size), np.float32))
    precise = launch(MATH_KERNELS, "precise_math", "16", "256", x, np.zeros((11, x.size), np.float32))
    v = x.astype(np.float64)
    ref = np.array([v / (v + 1), np.sqrt(v), np.sin(v), np.cos(v), np.tan(v), np.exp(v), np.log(v),
                    np.log2(v), np.log10(v), v ** v, np.tanh(v)])
    ok = fast is not None and precise is not None
    check("precise math (no fastmath) within libdevice's 4 ulp", ok and np.allclose(precise[1], ref, rtol=5e-7, atol=1e-7))
    check("fastmath=True within the approximations' error (tanh.approx: 2^-11 relative)",
          ok and np.allclose(fast[1][:10], ref[:10], rtol=2e-5, atol=2e-6) and np.allclose(fast[1][10], ref[10], rtol=1e-3),
          detail="" if not ok else f"worst {np.max(np.abs(fast[1] - ref) / np.maximum(np.abs(ref), 1e-6), axis=1)}")
    check("fastmath=True differs from the precise functions", ok and np.any(fast[1] != precise[1]))


def test_grid_stride_loop():
    rng = np.random.default_rng(6)
    x, y = rng.random(10_007).astype(np.float32), rng.random(10_007).astype(np.float32)
    out = launch(KERNELS, "saxpy_stride", "3", "64", 2.5, x, y, np.zeros_like(x))
    ref = (2.5 * x.astype(np.float64) + y).astype(np.float32)  # a is a float64 scalar: float64 arithmetic
    check("grid-stride loop (gridsize, 53 iterations per thread, ragged tail)", out is not None and np.array_equal(out[2], ref))


def test_four_per_thread():
    rng = np.random.default_rng(7)
    x, y = rng.random(10_003).astype(np.float32), rng.random(10_003).astype(np.float32)
    out = launch(KERNELS, "saxpy4", "10", "256", 1.5, x, y, np.zeros_like(x))
    ref = (1.5 * x.astype(np.float64) + y).astype(np.float32)
    check("four elements per thread (16-byte vector entry, ragged tail)", out is not None and np.array_equal(out[2], ref))


def test_dynamic_shared():
    a = np.arange(8 * 128, dtype=np.float32)
    p = os.path.join(tmp, "dyn.npy")
    np.save(p, a)
    run = subprocess.run([JITC, "launch", KERNELS, "dynamic_reverse", "--grid", "8", "--block", "128",
                          "--shared", str(128 * 4), p], capture_output=True, text=True)
    ok = run.returncode == 0 and np.array_equal(np.load(p), a.reshape(8, 128)[:, ::-1].ravel())
    check("dynamic shared memory (shape 0, --shared)", ok, run.stderr.strip()[:300])


def test_fault_names_the_kernel():
    p = os.path.join(tmp, "fault.npy")
    np.save(p, np.zeros(16))
    run = subprocess.run([JITC, "launch", KERNELS, "faulty", "--grid", "64", "--block", "256", p],
                         capture_output=True, text=True, timeout=120)
    # the driver words the fault by where the stray address fell; jitc must name the kernel
    ok = run.returncode == 1 and "kernel 'faulty' failed: " in run.stderr
    check("a kernel fault is an error naming the kernel", ok, run.stderr.strip()[:300])


def test_print_in_kernel():
    run = subprocess.run([JITC, "launch", KERNELS, "hello", "--grid", "1", "--block", "32", "4"],
                         capture_output=True, text=True, timeout=120)
    want = sorted(f"thread {i} of 4 says {i * 0.5:f} 100%" for i in range(4))
    got = sorted(run.stdout.splitlines())
    check("print() in a kernel (vprintf, Numba's formats)", run.returncode == 0 and got == want,
          f"got {got!r} {run.stderr.strip()[:200]}")


def test_trig_gpu_ufunc():
    x = np.arange(10_000_000, dtype=np.float32)
    out, _ = call(example("trig.krn"), "trig_gpu", x)
    ok = out is not None and out[0].dtype == np.float32 and np.allclose(out[0], 1.0, rtol=0, atol=1e-6)
    check("trig_gpu (@vectorize cuda): arange(1e7) float32 gives ones within 1e-6", ok)


def test_cuda_ufunc_broadcasting():
    rng = np.random.default_rng(5)
    a, b = rng.random((3, 4)), rng.random(4)
    out, _ = call(UFUNCS, "add_gpu", a, b)
    check("add_gpu: (3,4) + (4,) float64 broadcast", out is not None and np.array_equal(out[0], a + b))
    i = np.arange(1000, dtype=np.int32)
    out, _ = call(UFUNCS, "add_gpu", i, 7)
    ok = out is not None and out[0].dtype == np.int32 and np.array_equal(out[0], i + 7)
    check("add_gpu: int32 array + Python int stays int32 (NEP 50)", ok)
    f = np.asfortranarray(rng.random((300, 200)))
    c = rng.random((300, 200))
    out, _ = call(UFUNCS, "add_gpu", f, c)
    check("add_gpu: Fortran-order + C-order (strided rows x columns)", out is not None and np.array_equal(out[0], f + c))
    x, y = rng.random((5, 6, 7)), rng.random((6, 1))
    out, _ = call(UFUNCS, "add_gpu", x, y)
    check("add_gpu: (5,6,7) + (6,1): outer dimensions launched one by one",
          out is not None and np.array_equal(out[0], x + y))
    x32 = rng.random(777, dtype=np.float32)
    out, _ = call(UFUNCS, "hypot_gpu", x32, x32)
    check("hypot_gpu: a dynamic CUDA ufunc compiles a float32 loop",
          out is not None and out[0].dtype == np.float32 and np.allclose(out[0], np.hypot(x32, x32), rtol=1e-6))


def test_cuda_ufunc_loop_selection():
    """numba-cuda's resolution: arrays match a signature exactly and a scalar takes the type the
    signature gives it (numba-cuda's test_vectorize_decor test_3: a float64 array and a scale)."""
    x = np.arange(100, dtype=np.float64)
    want = np.array([3.0] + [3 * (math.sin(v * math.pi) / (math.pi * v)) for v in x[1:]])
    for scale in (3, 3.0):
        out, _ = call(UFUNCS, "scaled_sinc_gpu", x, scale)
        check(f"scaled_sinc_gpu(float64 array, {scale!r}): the float64(float64, uint32) loop",
              out is not None and out[0].dtype == np.float64 and np.allclose(out[0], want, atol=1e-8))
    i = np.arange(1000, dtype=np.int32)
    out, _ = call(UFUNCS, "add_gpu", i, 2.5)
    check("add_gpu(int32 array, 2.5): the int32 loop, 2.5 converted to 2 (numba-cuda's np.array([2.5], int32))",
          out is not None and out[0].dtype == np.int32 and np.array_equal(out[0], i + 2))
    run = subprocess.run([JITC, "call", UFUNCS, "add_gpu", "3", "4", os.path.join(tmp, "ambiguous.npy")],
                         capture_output=True, text=True)
    check("add_gpu(3, 4): two untyped scalars fit both loops, numba-cuda's ambiguity error",
          run.returncode != 0 and "ambiguous signature" in run.stderr, run.stderr)


def test_cuda_gufuncs():
    rng = np.random.default_rng(6)
    a = rng.random((1000, 64), dtype=np.float32)
    out, _ = call(UFUNCS, "scale_gpu", a, 2.5)
    check("scale_gpu (@guvectorize cuda, (n),()->(n))", out is not None and np.array_equal(out[0], a * np.float32(2.5)))
    x, y = rng.random((8, 16, 32)), rng.random((32, 24))
    out, _ = call(UFUNCS, "matmul_gpu", x, y)
    check("matmul_gpu ((m,n),(n,p)->(m,p), stacked)", out is not None and np.allclose(out[0], x @ y, rtol=1e-12))
    v = rng.random((50, 9))
    lo, hi = np.zeros(50), np.zeros(50)
    out, _ = call(UFUNCS, "min_max_gpu", v, given=(lo, hi), outputs=2)
    ok = out is not None and np.array_equal(out[0], v.min(axis=1)) and np.array_equal(out[1], v.max(axis=1))
    check("min_max_gpu: two outputs written in place", ok)


def test_cuda_reduce():
    rng = np.random.default_rng(7)
    for n in (1, 2, 5, 31, 32, 33, 255, 256, 1023, 4097, 1_000_003, (1 << 24) + 5):
        x = rng.random(n, dtype=np.float32)
        out, text = call(UFUNCS, "sum_reduce", x, outputs=0)
        got = float(text) if out is not None and text.strip() else float("nan")
        want = float(np.sum(x, dtype=np.float64))
        check(f"sum_reduce float32 n={n}", math.isclose(got, want, rel_tol=1e-5), f"got {got} want {want}")
    x = rng.integers(-10**12, 10**12, 3_000_001)
    out, text = call(UFUNCS, "sum_reduce", x, outputs=0)
    check("sum_reduce int64 exact", out is not None and int(text) == int(x.sum()), text.strip())
    out, text = call(UFUNCS, "max_reduce", x, outputs=0)
    check("max_reduce int64", out is not None and int(text) == int(x.max()), text.strip())
    y = rng.random(100_000)
    out, text = call(UFUNCS, "sum_reduce", y, 10.0, outputs=0)
    check("sum_reduce float64 with init=10", out is not None and math.isclose(float(text), y.sum() + 10, rel_tol=1e-12), text.strip())
    out, text = call(UFUNCS, "sum_reduce", np.zeros(0), 3.5, outputs=0)
    check("sum_reduce of an empty array gives init", out is not None and float(text) == 3.5, text.strip())
    out, text = call(UFUNCS, "max_reduce", np.arange(10, dtype=np.int32)[::-1].copy(), outputs=0)
    check("max_reduce int32 (reused after a first call)", out is not None and int(text) == 9, text.strip())


def test_forall():
    n = 100003
    out = launch(FORALL, "mark", None, None, np.zeros(n, np.int64), np.zeros(n, np.int32), config=["--forall", str(n)])
    covered = out is not None and np.array_equal(out[0], np.arange(1, n + 1))
    block = int(out[1][0]) if out is not None else 0
    same = out is not None and np.all(out[1] == block)
    check(f"forall({n}): every task once, the occupancy calculator's block ({block} threads)",
          covered and same and 32 <= block <= 1024 and block % 32 == 0, f"block {block}")
    out = launch(FORALL, "mark", None, None, np.zeros(1000, np.int64), np.zeros(1000, np.int32),
                 config=["--forall", "1000", "--block", "96"])
    check("forall(1000) with 96 threads per block", out is not None and np.array_equal(out[0], np.arange(1, 1001))
          and np.all(out[1] == 96))
    out = launch(FORALL, "mark", None, None, np.zeros(8, np.int64), np.zeros(8, np.int32), config=["--forall", "0"])
    check("forall(0) launches nothing", out is not None and not out[0].any())


def launch_failure(krn, kernel, grid, block, *args):
    """Launches a kernel that must fail: (exit status, stderr)."""
    paths = []
    for k, a in enumerate(args):
        paths.append(os.path.join(tmp, f"{kernel}_bad{k}.npy"))
        np.save(paths[-1], a)
    run = subprocess.run([JITC, "launch", krn, kernel, "--grid", grid, "--block", block] + paths,
                         capture_output=True, text=True)
    return run.returncode, run.stderr


def test_bounds_checks():
    x = np.arange(1024, dtype=np.float32)
    out = launch(BOUNDS, "scale", "4", "256", x, np.zeros_like(x))
    check("boundscheck=True in range: no fault, the right values", out is not None and np.array_equal(out[1], 2 * x))
    status, err = launch_failure(BOUNDS, "scale", "4", "256", np.arange(1000, dtype=np.float32),
                                 np.zeros(1000, np.float32))
    check("boundscheck=True: an index past the end is IndexError, located, with its thread and block",
          status == 1 and "bounds.krn:10:" in err and "IndexError: index 10" in err
          and "is out of bounds for axis 0 with size 1000" in err and "in kernel 'scale'" in err
          and "of block (3, 0, 0)" in err, err.strip())
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    status, err = launch_failure(BOUNDS, "shift_columns", "1,1", "8,8", a, np.zeros_like(a))
    check("boundscheck=True on a 2-D array names axis 1", status == 1
          and "IndexError: index 4 is out of bounds for axis 1 with size 4" in err, err.strip())
def test_block_votes():
    x = np.random.default_rng(8).random(8 * 128).astype(np.float32)
    out = launch(INTRINSICS, "block_votes", "8", "128", x, np.zeros((8, 3), dtype=np.int32))
    blocks = x.reshape(8, 128)
    ref = np.stack([(blocks > 0.5).sum(axis=1), (blocks >= 0.0).all(axis=1), (blocks > 0.99).any(axis=1)], axis=1)
    check("syncthreads_count/and/or, threadfence_block/system", out is not None and np.array_equal(out[1], ref),
          "" if out is None else f"got {out[1][:2].tolist()} want {ref[:2].tolist()}")


def test_bit_ops():
    rng = np.random.default_rng(9)
    a32 = rng.integers(0, 1 << 32, 1000, dtype=np.uint64).astype(np.uint32) >> rng.integers(0, 32, 1000).astype(np.uint32)
    a64 = rng.integers(0, 1 << 63, 1000, dtype=np.uint64) * 2 + 1
    a64 >>= rng.integers(0, 64, 1000).astype(np.uint64)
    a32[:3], a64[:3] = [0, 1, 0x80000000], [0, 1, 1 << 63]
    out = launch(INTRINSICS, "bit_ops", "4", "256", a32, a64, np.zeros((1000, 5), dtype=np.uint32),
                 np.zeros((1000, 5), dtype=np.uint64))
    if out is None:
        return check("cuda.popc/brev/clz/ffs", False)

    def ref(x, bits):
        x = int(x)
        return [bin(x).count("1"), int(format(x, f"0{bits}b")[::-1], 2), bits - x.bit_length(), (x & -x).bit_length()]

    want32 = np.array([ref(x, 32) + [bin(int(x) & 0xFF).count("1")] for x in a32], dtype=np.uint64)
    want64 = np.array([ref(x, 64) + [16 - (int(x) & 0x7FFF).bit_length()] for x in a64], dtype=np.uint64)
    for k, name in enumerate(["popc", "brev", "clz", "ffs", "popc uint8 / clz int16"]):
        check(f"cuda.{name} (32 and 64 bits)", np.array_equal(out[2][:, k], want32[:, k]) and np.array_equal(out[3][:, k], want64[:, k]))


def test_lanes():
    rng = np.random.default_rng(10)
    x = rng.integers(0, 10, 256).astype(np.int32)
    x[32 + 5] += 100  # warps 1 and 3 do not all agree on x // 100
    x[96 + 31] += 200
    out = launch(INTRINSICS, "lanes", "2", "128", x, np.zeros((256, 6), dtype=np.int64), np.zeros(8, dtype=np.int32))
    if out is None:
        return check("cuda.selp, lanemask_lt, match_any_sync, match_all_sync", False)
    lane = np.arange(256) % 32
    w = x.reshape(8, 32)
    any_mask = np.array([sum(1 << j for j in range(32) if w[i // 32, j] == x[i]) for i in range(256)], dtype=np.uint32)
    agree = np.array([len(set((w[k] // 100).tolist())) == 1 for k in range(8)])
    parts = {
        "selp (int32)": np.array_equal(out[1][:, 0], np.where(x > 4, x, -1)),
        "lanemask_lt": np.array_equal(out[1][:, 1], (1 << lane) - 1),
        "match_any_sync (int32)": np.array_equal(out[1][:, 2], any_mask.view(np.int32)),
        "match_all_sync mask": np.array_equal(out[1][:, 3], np.where(np.repeat(agree, 32), -1, 0)),
        "match_all_sync pred": np.array_equal(out[2], agree.astype(np.int32)),
        "selp (float64, literal)": np.array_equal(out[1][:, 4], np.where(x > 4, x, 4)),
        "match_any_sync (float32)": np.array_equal(out[1][:, 5], any_mask.view(np.int32)),
    }
    for name, ok in parts.items():
        check("cuda." + name, bool(ok))


def test_atomics_inc_dec_nan():
    n = 1003
    vals = np.random.default_rng(11).standard_normal(n)
    vals[::7] = np.nan
    f32 = vals.astype(np.float32)
    start32, start64 = np.array([0.0, np.nan], dtype=np.float32), np.array([0.0, np.nan])
    out = launch(INTRINSICS, "atomics2", "4", "256", np.zeros(3, dtype=np.uint32), start32.copy(), start32.copy(),
                 start64.copy(), start64.copy(), vals, np.full(1, -1, dtype=np.int64), np.zeros(1, dtype=np.int32))
    if out is None:
        return check("cuda.atomic inc/dec/nanmax/nanmin/compare_and_swap", False)
    fmax, fmin = max(0.0, np.nanmax(f32)), min(0.0, np.nanmin(f32))
    parts = {
        "inc (uint32, wraps at 9)": out[0][0] == n % 10,
        "dec (uint32, wraps at 9)": out[0][1] == (-n) % 10,
        "inc (uint32, no wrap)": out[0][2] == n,
        "max (float32): NaN values ignored, a NaN element kept": out[1][0] == fmax and np.isnan(out[1][1]),
        "min (float32): NaN values ignored, a NaN element kept": out[2][0] == fmin and np.isnan(out[2][1]),
        "nanmax (float64): a NaN element replaced": out[3][0] == max(0.0, np.nanmax(vals)) and out[3][1] == np.nanmax(vals),
        "nanmin (float64): a NaN element replaced": out[4][0] == min(0.0, np.nanmin(vals)) and out[4][1] == np.nanmin(vals),
        "compare_and_swap (one thread wins)": 0 <= out[6][0] < n,
        "exch (int32)": out[7][0] == 7,
    }
    for name, ok in parts.items():
        check("cuda.atomic." + name, bool(ok))
    out = launch(INTRINSICS, "inc_dec64", "1", "23", np.zeros(2, dtype=np.uint64))
    check("cuda.atomic.inc/dec (uint64, wrap at 4)", out is not None and out[0].tolist() == [23 % 5, (-23) % 5])


def test_constant_shapes():
    out = launch(INTRINSICS, "const_shapes", "1", "128", np.zeros(128, dtype=np.int64))
    t = np.arange(128)
    check("shared/local shapes from local and module constants, string and alias dtypes",
          out is not None and np.array_equal(out[0], t % 16 + t % 32 + 2 + 128 + t))
def test_numba_cuda_style():
    """Kernels with numba.cuda's imports and type-object signatures (numba_cuda_style.krn)."""
    x = np.arange(100, dtype=np.float32)
    out = launch(STYLE, "scale", "4", "32", x, 2.5)
    check("scale: void(float32[:], float32) signature", out is not None and np.array_equal(out[0], x * np.float32(2.5)))
    out = launch(STYLE, "fill", "4", "32", np.zeros(100, dtype=np.int64), 7)
    check("fill: (int64[:], int64) tuple signature", out is not None and np.all(out[0] == 7))
    src = np.linspace(0, 1, 70)
    out = launch(STYLE, "copy", "3", "32", src, np.zeros_like(src))
    check("copy: module-level tuple signature", out is not None and np.array_equal(out[1], src))
    m = np.arange(5 * 20, dtype=np.int32).reshape(5, 20)
    out = launch(STYLE, "row_totals", "5", "32", m, np.zeros(5, dtype=np.int32))
    check("row_totals: types.int32[:, :]", out is not None and np.array_equal(out[1], m.sum(axis=1)))
    x, y = np.linspace(0, 1, 50, dtype=np.float32), np.ones(50, dtype=np.float32)
    out = launch(STYLE, "options", "2", "32", x, y)
    check("options: every cuda.jit option accepted", out is not None and np.allclose(out[1], 2 * x + 1, rtol=1e-6))
    y = np.random.default_rng(3).random(10_001)
    out, text = call(STYLE, "sum_reduce", y, outputs=0)
    check("sum_reduce = cuda.reduce(lambda a, b: a + b)", out is not None and math.isclose(float(text), y.sum(), rel_tol=1e-12), text.strip())
    z = np.arange(-500, 777, dtype=np.int32)
    out, text = call(STYLE, "max_reduce", z, outputs=0)
    check("max_reduce = cuda.reduce(larger), an undecorated def", out is not None and int(text) == 776, text.strip())
    v = np.array([1, -2, 2**31 + 5, 10], dtype=np.int64)
    want = (v.astype(np.int32) * np.int32(3)).astype(np.int64) + 55
    out = launch(STYLE, "call_typed", "1", "32", v.copy())
    check("call_typed: device arguments converted to int32(int32)", out is not None and np.array_equal(out[0], want),
          "" if out is None else f"{out[0]} != {want}")


def test_bit_count():
    a = np.array([0, 1, 0xFF, 0x0F, 0x80], np.uint8)
    b = np.array([0, -1, 2**40 + 7, -(2**62), 12345], np.int64)
    out = launch(INTRINSICS, "bit_counts", "1", "32", a, b, np.zeros((2, 5), np.int64))
    want = np.array([[0, 1, 8, 4, 1], [0, 64, 4, 2, 6]])  # two's complement bits, as cuda.popc
    check("int.bit_count() in a kernel (numba-cuda's cuda.popc)", out is not None and np.array_equal(out[2], want),
          "" if out is None else f"{out[2]}")


def test_nanosleep():
    out = launch(INTRINSICS, "pause_then_mark", "2", "64", np.full(100, -1, np.int64))
    check("cuda.nanosleep and cuda.is_float16_supported()", out is not None and np.array_equal(out[0], np.arange(100)))


def test_vote_eq():
    x = np.ones(64, np.int32)
    x[40] = 0  # the second warp disagrees
    out = launch(INTRINSICS, "vote_eq", "1", "64", x, np.zeros(64, np.int32))
    check("cuda.eq_sync: 1 where the warp agrees", out is not None and np.array_equal(out[1], np.repeat([1, 0], 32)))


def test_views():
    views = os.path.join(ROOT, "tests", "gpu", "views.krn")
    m = np.arange(64 * 8, dtype=np.float32).reshape(64, 8)
    out = launch(views, "row_views", "2", "32", m, np.zeros_like(m))
    expect = np.zeros_like(m)
    expect[:, ::2] = m[:, ::2] * 2.0
    expect[:, 1] = m[:, -1]
    check("views: m[i], out[i, ::2] and out[:, 1] in a kernel", out is not None and np.array_equal(out[1], expect))
    d = np.arange(33 * 5, dtype=np.float64).reshape(33, 5)
    out = launch(views, "reversed_rows", "2", "32", d, np.zeros_like(d))
    check("views: m[i, ::-1] iterated in a kernel", out is not None and np.array_equal(out[1], d[:, ::-1]))


def test_grid_sync():
    """cuda.cg.this_grid().sync(): cooperative launches, and numba-cuda's refusal of a grid
    larger than the device holds at once."""
    blocks, threads = 64, 128
    n = blocks * threads
    out = launch(COOPERATIVE, "rounds", str(blocks), str(threads), np.zeros(9, np.int64), np.zeros((8, n), np.int64))
    want = np.repeat((np.arange(1, 9) * n)[:, None], n, axis=1)
    check("grid sync through a device function: 8 rounds over 64 blocks", out is not None and np.array_equal(out[1], want))
    m = np.arange(64 * 64, dtype=np.float64).reshape(64, 64)
    ref = m.copy()
    for _ in range(3):
        ref = ref[::-1, ::-1].T + 1
    out = launch(COOPERATIVE, "transpose_steps", "4,4", "16,16", m)
    check("grid sync on a 2-D grid (4x4 blocks of 16x16)", out is not None and np.array_equal(out[0], ref))
    status, err = launch_failure(COOPERATIVE, "rounds", "100000", "1024", np.zeros(9, np.int64),
                                 np.zeros((8, 1), np.int64))
    check("a cooperative grid larger than the device holds is refused (numba-cuda's check)",
          status == 2 and "exceeds the limit" in err, err[:300])


def numba_cuda_random():
    """numba-cuda's random module and random_kernels.krn imported under numba-cuda, or the reason
    they cannot be."""
    try:
        import importlib.machinery
        import importlib.util
        if not hasattr(np, "row_stack"):  # numba-cuda 0.30 still names it
            np.row_stack = np.vstack
        from numba import cuda
        import numba.cuda.random as ncr
        loader = importlib.machinery.SourceFileLoader("random_kernels", RANDOM)
        spec = importlib.util.spec_from_loader("random_kernels", loader)
        mod = importlib.util.module_from_spec(spec)
        loader.exec_module(mod)
        return cuda, ncr, mod, None
    except Exception as e:  # no numba-cuda here: each check says so
        return None, None, None, f"numba-cuda is not importable: {e}"


def test_random_states():
    """jitc's states, made on the GPU, are numba-cuda's create_xoroshiro128p_states, bit for bit."""
    cuda, ncr, _, why = numba_cuda_random()
    for n, seed, sub in [(1, 5, 0), (256, 1, 0), (5000, 42, 3), (200000, 7, 0), (3000, 2**64 - 1, 1000)]:
        name = f"xoroshiro128p states n={n} seed={seed} subsequence_start={sub} equal numba-cuda's"
        if why:
            check(name, False, why)
            continue
        want = ncr.create_xoroshiro128p_states(n, seed=np.uint64(seed), subsequence_start=np.uint64(sub))
        want = want.copy_to_host().view(np.uint64).reshape(n, 2)
        out = launch(RANDOM, "copy_states", str((n + 255) // 256), "256", f"xoroshiro128p:{n}:{seed}:{sub}",
                     np.zeros((n, 2), np.uint64))
        bad = -1 if out is None else int(np.argmax(np.any(out[0] != want, axis=1)))
        check(name, out is not None and np.array_equal(out[0], want),
              f"first difference at state {bad}" if out is not None else "launch failed")


def test_random_draws():
    """Uniform and normal draws of both widths, the raw uint64s and a jump: numba-cuda's bits."""
    cuda, ncr, mod, why = numba_cuda_random()
    for n, seed, k in [(2048, 1, 8), (1000, 99, 3)]:
        name = f"xoroshiro128p draws n={n} seed={seed}: uniform/normal float32/float64 and next equal numba-cuda's"
        outs = [np.zeros((n, k), t) for t in (np.float32, np.float64, np.float32, np.float64, np.uint64)]
        if why:
            check(name, False, why)
            continue
        grid = str((n + 127) // 128)
        got = launch(RANDOM, "draw_all", grid, "128", f"xoroshiro128p:{n}:{seed}", *outs)
        states = ncr.create_xoroshiro128p_states(n, seed=seed)
        dev = [cuda.to_device(o) for o in outs]
        mod.draw_all[int(grid), 128](states, *dev)
        want = [d.copy_to_host() for d in dev]
        names = ["uniform_float32", "uniform_float64", "normal_float32", "normal_float64", "next"]
        bad = [nm for nm, g, w in zip(names, got or [], want) if not np.array_equal(g, w, equal_nan=w.dtype.kind == "f")]
        check(name, got is not None and not bad, f"differ: {bad}" if got is not None else "launch failed")
    name = "xoroshiro128p_jump then a float64 draw equals numba-cuda's"
    if why:
        check(name, False, why)
        return
    got = launch(RANDOM, "jump_then_draw", "4", "64", "xoroshiro128p:256:3", np.zeros(256))
    states = ncr.create_xoroshiro128p_states(256, seed=3)
    dev = cuda.to_device(np.zeros(256))
    mod.jump_then_draw[4, 64](states, dev)
    check(name, got is not None and np.array_equal(got[0], dev.copy_to_host()))


def mandel_ref(x, y, max_iters):
    c = complex(x, y)
    z = 0.0j
    for i in range(max_iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i
    return max_iters


def test_complex_mandelbrot():
    """Numba's CUDA documentation's Mandelbrot: a device function with complex(x, y)."""
    image = np.zeros((64, 96), dtype=np.uint8)
    out = launch(COMPLEX, "create_fractal_kernel", "4,4", "8,8", -2.0, 1.0, -1.0, 1.0, image, 20)
    h, w = image.shape
    ref = np.array([[mandel_ref(-2.0 + x * (3.0 / w), -1.0 + y * (2.0 / h), 20) for x in range(w)] for y in range(h)],
                   dtype=np.uint8)
    check("complex: Mandelbrot of numba-cuda's documentation", out is not None and np.array_equal(out[0], ref))


def test_complex_math():
    a = np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.1j, -2.5 - 1.5j, 0.125 + 8j] * 50)
    w = 0.5 - 1.5j
    out = launch(COMPLEX, "complex_math", "2", "256", a, w, np.zeros((7, a.size), np.complex128), np.zeros(a.size))
    with np.errstate(all="ignore"):
        ref = np.stack([a * w + 1j, a / w, np.sqrt(a), np.exp(a), np.log(a), a * a, np.conj(a) - w])
    ok = out is not None and np.allclose(out[1], ref, rtol=1e-14, atol=1e-300) and np.allclose(out[2], np.abs(a), rtol=1e-15)
    check("complex: arithmetic, a complex scalar argument, abs, cmath.sqrt/exp/log in a kernel", ok)


def test_complex64_axpy():
    x = (np.arange(1000) * (0.5 - 0.25j)).astype(np.complex64)
    y = (np.arange(1000) * 1j).astype(np.complex64)
    a = np.complex64(2 + 1j)
    out = launch(COMPLEX, "complex64_axpy", "4", "256", complex(a), x, y.copy())
    check("complex: complex64 a * x + y", out is not None and np.allclose(out[1], a * x + y, rtol=1e-6))


H_EPS = float(np.finfo(np.float16).eps)  # numba-cuda's FLOAT16_RTOL


def h16(a):
    return np.asarray(a, dtype=np.float16)


def close16(got, want, rtol=H_EPS):
    """float16 results within rtol (cuda_fp16.hpp's approximations), NaN equal to NaN."""
    return got.dtype == np.float16 and np.allclose(got.astype(np.float64), want.astype(np.float64), rtol=rtol,
                                                   atol=0, equal_nan=True)


def fp16_inputs(n=1000):
    rng = np.random.default_rng(16)
    x = h16(rng.uniform(0.5, 8.0, n))
    y = h16(rng.uniform(0.5, 8.0, n))
    return x, y


def test_fp16_arithmetic():
    x, y = fp16_inputs()
    w = h16(np.linspace(-100, 100, x.size))
    out = launch(FP16, "arith16", "4", "256", x, y, w, np.zeros((8, x.size), np.float16))
    if out is None:
        return check("fp16 arith16", False, "launch failed")
    o = out[3]
    exact = {"+": (0, x + y), "-": (1, x - y), "*": (2, x * y), "unary -": (3, -x),
             "x * 2 + 0.5 (weak literals)": (4, x * np.float16(2) + np.float16(0.5)), "abs": (6, np.abs(x - y)),
             "w * np.float16(3)": (7, w * np.float16(3))}
    for name, (row, want) in exact.items():
        check(f"fp16 {name}: equal to NumPy's float16", np.array_equal(o[row], want), f"{o[row][:4]} vs {want[:4]}")
    check("fp16 / (__hdiv): within float16 eps of NumPy", close16(o[5], x / y))


def test_fp16_conversions():
    x = h16(np.arange(-8, 8, 0.25))
    out = launch(FP16, "convert16", "1", "64", x.copy(), np.zeros(64, np.float32), np.zeros(64, np.float64),
                 np.zeros(64, np.int32), np.zeros((3, 64), np.bool_))
    if out is None:
        return check("fp16 convert16", False, "launch failed")
    f = x.astype(np.float32) + np.float32(1)
    check("fp16 + float32 is float32", np.array_equal(out[1], f))
    check("float(float16) * 3.0 in float64", np.array_equal(out[2], x.astype(np.float64) * 3.0))
    check("int32(float16) rounds to nearest even (numba-cuda's cvt.rni)", np.array_equal(out[3], np.rint(x).astype(np.int32)))
    check("float16(float32 * 0.25) written back", np.array_equal(out[0], (f * np.float32(0.25)).astype(np.float16)))
    check("float16 comparisons", np.array_equal(out[4], np.stack([x < 1.5, x == x, x >= 2])))


def test_fp16_math():
    x = h16(np.linspace(0.25, 60.0, 256))
    out = launch(FP16, "math16", "1", "256", x, np.zeros((11, 256), np.float16))
    if out is None:
        return check("fp16 math16", False, "launch failed")
    o = out[1]
    exact = {"floor": (1, np.floor(x)), "ceil": (2, np.ceil(x)), "trunc": (3, np.trunc(x)), "fabs": (4, np.abs(x))}
    for name, (row, want) in exact.items():
        check(f"math.{name}(float16) exact", np.array_equal(o[row], want))
    approx = {"sqrt": (0, np.sqrt(x)), "sin": (5, np.sin(x)), "cos": (6, np.cos(x)), "exp": (7, np.exp(x * np.float16(0.25))),
              "log": (8, np.log(x)), "log2": (9, np.log2(x)), "log10": (10, np.log10(x))}
    for name, (row, want) in approx.items():
        ok = close16(o[row], want, rtol=2 * H_EPS) if name in ("sin", "cos") else close16(o[row], want)
        if name in ("sin", "cos"):  # near a zero of sin/cos the relative error is no measure: absolute
            ok = np.allclose(o[row].astype(np.float64), want.astype(np.float64), rtol=2 * H_EPS, atol=2e-3)
        check(f"math.{name}(float16) within float16 eps of NumPy", ok)


def test_fp16_functions():
    x, y = fp16_inputs(512)
    y[:8] = x[:8]  # some equal pairs for heq/hne
    out = launch(FP16, "fp16_functions", "2", "256", x, y, np.zeros((14, 512), np.float16), np.zeros((6, 512), np.bool_))
    if out is None:
        return check("fp16 fp16_functions", False, "launch failed")
    o, c = out[2], out[3]
    exact = {"hadd": (0, x + y), "hsub": (1, x - y), "hmul": (2, x * y), "hneg": (5, -x), "habs": (6, x),
             "hmax": (7, np.maximum(x, y)), "hmin": (8, np.minimum(x, y)), "hrint": (13, np.rint(x * np.float16(0.5)))}
    for name, (row, want) in exact.items():
        check(f"cuda.fp16.{name} equal to NumPy's float16", np.array_equal(o[row], want))
    fma = (x.astype(np.float64) * y + x).astype(np.float16)  # one rounding
    check("cuda.fp16.hfma: one rounding", np.array_equal(o[4], fma))
    approx = {"hdiv": (3, x / y), "hrcp": (9, np.float16(1) / x), "hrsqrt": (10, x ** np.float16(-0.5)),
              "hexp10": (11, np.float16(10) ** (x * np.float16(0.125))), "hexp2": (12, np.exp2(x * np.float16(0.25)))}
    for name, (row, want) in approx.items():
        check(f"cuda.fp16.{name} within float16 eps of NumPy", close16(o[row], want))
    want = np.stack([x == y, x != y, x < y, x <= y, x > y, x >= y])
    check("cuda.fp16.heq/hne/hlt/hle/hgt/hge", np.array_equal(c, want))


def test_fp16_shared_and_local():
    x = h16(np.arange(128) * 0.5)
    out = launch(FP16, "reverse16", "1", "128", x, 2.0)
    check("float16 shared and local arrays: reversed and doubled",
          out is not None and np.array_equal(out[0], x[::-1] * np.float16(2)))


def test_fp16_ufunc_and_reduce():
    x, y = fp16_inputs(777)
    out, _ = call(FP16, "hmix", x, y)
    check("float16 CUDA ufunc: a * b + a as NumPy's float16 (two roundings)",
          out is not None and out[0].dtype == np.float16 and np.array_equal(out[0], x * y + x))
    small = h16(np.arange(64) * 0.25)  # partial sums exact in float16 (multiples of 0.25 below 2048)
    total, stdout = call(FP16, "hsum", small, outputs=0)
    check("float16 @cuda.reduce: exact sum of multiples of 0.25", total is not None and float(stdout) == float(small.sum()),
          stdout)


def main():
    """Runs every test_ function (those whose name contains argv[1], when given); a test that
    raises counts as one failure and the others still run."""
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    for name, fn in list(globals().items()):
        if name.startswith("test_") and only in name:
            try:
                fn()
            except Exception as e:  # a bug of the test or a jitc result it did not expect
                check(name, False, f"raised {type(e).__name__}: {e}")
    print(f"{results['passed']} passed, {results['failed']} failed")
    return 1 if results["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
