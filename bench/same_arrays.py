# same_arrays.py — jitc and Numba on the very same NumPy arrays, in one process: the stencil
# and sum loops of bench/prange.krn, called through jitc's C API (libjitc.so by ctypes, the
# arrays passed as DLTensors over NumPy's memory) and through Numba, alternately, best of 10
# calls in each of 3 rounds. loops.sh times each side in its own process on its own
# allocations; this takes the memory out of the comparison (same pages, same placement).
#   python3 bench/same_arrays.py path/to/libjitc.so   (from the repository root)
import ctypes
import importlib.machinery
import importlib.util
import sys
import time

import numpy as np
np.row_stack = np.vstack  # some Numba releases still use it; NumPy 2.5 removed it


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class Payload(ctypes.Union):
    _fields_ = [("array", ctypes.POINTER(DLTensor)), ("c128", ctypes.c_double * 2)]


class Value(ctypes.Structure):  # jitc_value
    _fields_ = [("kind", ctypes.c_int), ("u", Payload), ("owner", ctypes.c_void_p), ("items", ctypes.c_void_p),
                ("nitems", ctypes.c_int64), ("type_name", ctypes.c_char_p), ("readonly", ctypes.c_bool)]


JITC_ARRAY = 12  # enum jitc_kind in include/jitc.h
lib = ctypes.CDLL(sys.argv[1])
ctx, mod = ctypes.c_void_p(), ctypes.c_void_p()
assert lib.jitc_context_create(None, ctypes.byref(ctx)) == 0
assert lib.jitc_module_compile_file(ctx, b"bench/prange.krn", ctypes.byref(mod)) == 0
keep = []  # the DLTensors and shapes the values point at, alive as long as the calls


def as_value(a):
    shape = (ctypes.c_int64 * a.ndim)(*a.shape)
    t = DLTensor(a.ctypes.data, 1, 0, a.ndim, 2, 64, 1, shape, None, 0)  # kDLCPU, kDLFloat 64
    keep.extend((shape, t))
    v = Value()
    v.kind, v.u.array = JITC_ARRAY, ctypes.pointer(t)
    return v


def jitc_function(name, arrays):
    fn = ctypes.c_void_p()
    assert lib.jitc_module_function(mod, name.encode(), ctypes.byref(fn)) == 0
    args = (Value * len(arrays))(*(as_value(a) for a in arrays))
    assert lib.jitc_call(fn, args, len(arrays), None) == 0, f"jitc_call of {name} failed"  # once, before the clock
    return lambda: lib.jitc_call(fn, args, len(arrays), None)


loader = importlib.machinery.SourceFileLoader("prange_bench", "bench/prange.krn")
module = importlib.util.module_from_spec(importlib.util.spec_from_loader("prange_bench", loader))
loader.exec_module(module)
x = np.arange(10_000_000, dtype=np.float64)
a = (np.arange(4096 * 4096) % 977).astype(np.float64).reshape(4096, 4096)
b = np.zeros_like(a)
cases = [(name, (a, b) if "stencil" in name else (x,)) for name in
         ("stencil_serial", "stencil_parallel", "sum_serial", "sum_parallel", "sum_fastmath_serial")]


def best_of_10(call):
    call()
    return min((lambda t: (call(), time.perf_counter() - t)[1])(time.perf_counter()) for _ in range(10)) * 1e3


calls = [(name, (("jitc", jitc_function(name, arrays)), ("numba", lambda f=getattr(module, name), a=arrays: f(*a))))
         for name, arrays in cases]
best = {}
for _ in range(3):
    for name, sides in calls:
        for side, call in sides:
            t = best_of_10(call)
            best[name, side] = min(best.get((name, side), t), t)
print("jitc (C API through ctypes) and Numba on the same NumPy arrays in one process, best of 10 calls in 3 rounds:")
for name, _ in cases:
    j, n = best[name, "jitc"], best[name, "numba"]
    print(f"  {name:22s} jitc {j:8.2f} ms  numba {n:8.2f} ms  jitc/Numba {n / j:5.2f}x")
lib.jitc_context_destroy(ctx)
