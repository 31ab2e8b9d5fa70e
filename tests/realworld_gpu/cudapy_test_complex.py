# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). The scalar functions come
# from complex_usecases.py of the same folder; compile_scalar_func's device function and kernel are
# written out for each signature the tests compile (types.Array(tp, 1, "C") as tp[::1]). Each case
# below is compiled by run.sh as this prelude followed by the case alone.
import cmath
import numpy as np
from numba import cuda
from numba.cuda import types
from numba.cuda import boolean, complex64, complex128, float32, float64

# === CASE real
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestComplex.test_real
# KERNEL: kernel void(float64[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.float64), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def real_usecase(x):
    return x.real

device_func = cuda.jit(float64(complex128), device=True)(real_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((float64[::1], complex128[::1]))(kernel_func)

# === CASE imag_complex64
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestComplex.test_imag
# KERNEL: kernel void(float32[::1], complex64[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.float32), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex64)
def imag_usecase(x):
    return x.imag

device_func = cuda.jit(float32(complex64), device=True)(imag_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((float32[::1], complex64[::1]))(kernel_func)

# === CASE conjugate
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestComplex.test_conjugate
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def conjugate_usecase(x):
    return x.conjugate()

device_func = cuda.jit(complex128(complex128), device=True)(conjugate_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE phase
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_phase
# KERNEL: kernel void(float64[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.float64), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def phase_usecase(x):
    return cmath.phase(x)

device_func = cuda.jit(float64(complex128), device=True)(phase_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((float64[::1], complex128[::1]))(kernel_func)

# === CASE polar_as_complex
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_polar
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def polar_as_complex_usecase(x):
    return complex(*cmath.polar(x))

device_func = cuda.jit(complex128(complex128), device=True)(polar_as_complex_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE rect
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_rect
# KERNEL: kernel void(complex128[::1], float64[::1], float64[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1.0, 2.5, 0.5, 3.0, 0.0, 1e-3, 4.0, 7.5], dtype=np.float64), np.array([0.0, 1.0, -2.0, 3.0, 0.5, -0.25, 6.0, 1.5], dtype=np.float64)
def rect_usecase(r, phi):
    return cmath.rect(r, phi)

device_func = cuda.jit(complex128(float64, float64), device=True)(rect_usecase)

def kernel_func(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i], b[i])

kernel = cuda.jit((complex128[::1], float64[::1], float64[::1]))(kernel_func)

# === CASE isnan
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_isnan
# KERNEL: kernel void(boolean[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.bool_), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def isnan_usecase(x):
    return cmath.isnan(x)

device_func = cuda.jit(boolean(complex128), device=True)(isnan_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((boolean[::1], complex128[::1]))(kernel_func)

# === CASE isinf
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_isinf
# KERNEL: kernel void(boolean[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.bool_), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def isinf_usecase(x):
    return cmath.isinf(x)

device_func = cuda.jit(boolean(complex128), device=True)(isinf_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((boolean[::1], complex128[::1]))(kernel_func)

# === CASE isfinite
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_isfinite
# KERNEL: kernel void(boolean[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.bool_), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def isfinite_usecase(x):
    return cmath.isfinite(x)

device_func = cuda.jit(boolean(complex128), device=True)(isfinite_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((boolean[::1], complex128[::1]))(kernel_func)

# === CASE exp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_exp
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def exp_usecase(x):
    return cmath.exp(x)

device_func = cuda.jit(complex128(complex128), device=True)(exp_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE log
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_log
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def log_usecase(x):
    return cmath.log(x)

device_func = cuda.jit(complex128(complex128), device=True)(log_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE log10
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_log10
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def log10_usecase(x):
    return cmath.log10(x)

device_func = cuda.jit(complex128(complex128), device=True)(log10_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE sqrt
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_sqrt
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def sqrt_usecase(x):
    return cmath.sqrt(x)

device_func = cuda.jit(complex128(complex128), device=True)(sqrt_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE acos
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_acos
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def acos_usecase(x):
    return cmath.acos(x)

device_func = cuda.jit(complex128(complex128), device=True)(acos_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE asin
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_asin
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def asin_usecase(x):
    return cmath.asin(x)

device_func = cuda.jit(complex128(complex128), device=True)(asin_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE atan
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_atan
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def atan_usecase(x):
    return cmath.atan(x)

device_func = cuda.jit(complex128(complex128), device=True)(atan_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE cos
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_cos
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def cos_usecase(x):
    return cmath.cos(x)

device_func = cuda.jit(complex128(complex128), device=True)(cos_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE sin
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_sin
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def sin_usecase(x):
    return cmath.sin(x)

device_func = cuda.jit(complex128(complex128), device=True)(sin_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE tan
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_tan
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def tan_usecase(x):
    return cmath.tan(x)

device_func = cuda.jit(complex128(complex128), device=True)(tan_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE acosh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_acosh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def acosh_usecase(x):
    return cmath.acosh(x)

device_func = cuda.jit(complex128(complex128), device=True)(acosh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE asinh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_asinh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def asinh_usecase(x):
    return cmath.asinh(x)

device_func = cuda.jit(complex128(complex128), device=True)(asinh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE atanh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_atanh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def atanh_usecase(x):
    return cmath.atanh(x)

device_func = cuda.jit(complex128(complex128), device=True)(atanh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE cosh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_cosh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def cosh_usecase(x):
    return cmath.cosh(x)

device_func = cuda.jit(complex128(complex128), device=True)(cosh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE sinh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_sinh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def sinh_usecase(x):
    return cmath.sinh(x)

device_func = cuda.jit(complex128(complex128), device=True)(sinh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE tanh
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_tanh
# KERNEL: kernel void(complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)
def tanh_usecase(x):
    return cmath.tanh(x)

device_func = cuda.jit(complex128(complex128), device=True)(tanh_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex128[::1], complex128[::1]))(kernel_func)

# === CASE sqrt_complex64
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_sqrt
# KERNEL: kernel void(complex64[::1], complex64[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex64), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex64)
def sqrt_usecase(x):
    return cmath.sqrt(x)

device_func = cuda.jit(complex64(complex64), device=True)(sqrt_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex64[::1], complex64[::1]))(kernel_func)

# === CASE exp_complex64
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_exp
# KERNEL: kernel void(complex64[::1], complex64[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex64), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex64)
def exp_usecase(x):
    return cmath.exp(x)

device_func = cuda.jit(complex64(complex64), device=True)(exp_usecase)

def kernel_func(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i])

kernel = cuda.jit((complex64[::1], complex64[::1]))(kernel_func)

# === CASE log_base
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestCMath.test_log_base
# KERNEL: kernel void(complex128[::1], complex128[::1], complex128[::1])
# RUN: grid=1 block=8 args=np.zeros(8, dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128), np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0.25j, -2.5 - 1.5j, 0.125 + 8j, 1.5, -1 - 1e-3j], dtype=np.complex128)[::-1].copy()
def log_base_usecase(x, base):
    return cmath.log(x, base)

device_func = cuda.jit(complex128(complex128, complex128), device=True)(log_base_usecase)

def kernel_func(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = device_func(a[i], b[i])

kernel = cuda.jit((complex128[::1], complex128[::1], complex128[::1]))(kernel_func)

# === CASE atomic_add_one
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_complex.py @ b18b944b2f88, test: TestAtomicOnComplexComponents.test_atomic_on_real
# KERNEL: atomic_add_one void(complex128[::1])
@cuda.jit
def atomic_add_one(values):
    i = cuda.grid(1)
    cuda.atomic.add(values.real, i, 1)
