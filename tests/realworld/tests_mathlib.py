# Real Numba code from numba/numba numba/tests/test_mathlib.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import njit

# === CASE sin
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 15
# RUN: njit(sin) 0.5
def sin(x):
    return math.sin(x)

# === CASE cos
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 19
# RUN: njit(cos) 0.5
def cos(x):
    return math.cos(x)

# === CASE tan
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 23
# RUN: njit(tan) 0.5
def tan(x):
    return math.tan(x)

# === CASE sinh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 27
# RUN: njit(sinh) 0.5
def sinh(x):
    return math.sinh(x)

# === CASE cosh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 31
# RUN: njit(cosh) 0.5
def cosh(x):
    return math.cosh(x)

# === CASE tanh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 35
# RUN: njit(tanh) 0.5
def tanh(x):
    return math.tanh(x)

# === CASE asin
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 39
# RUN: njit(asin) 0.5
def asin(x):
    return math.asin(x)

# === CASE acos
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 43
# RUN: njit(acos) 0.5
def acos(x):
    return math.acos(x)

# === CASE atan
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 47
# RUN: njit(atan) 0.5
def atan(x):
    return math.atan(x)

# === CASE atan2
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 51
# RUN: njit(atan2) (1.0, -2.0)
def atan2(y, x):
    return math.atan2(y, x)

# === CASE asinh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 55
# RUN: njit(asinh) 0.5
def asinh(x):
    return math.asinh(x)

# === CASE acosh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 59
# RUN: njit(acosh) 1.5
def acosh(x):
    return math.acosh(x)

# === CASE atanh
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 63
# RUN: njit(atanh) 0.5
def atanh(x):
    return math.atanh(x)

# === CASE sqrt
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 67
# RUN: njit(sqrt) 2.0
def sqrt(x):
    return math.sqrt(x)

# === CASE npy_sqrt
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 71
# RUN: njit(npy_sqrt) 2.0
def npy_sqrt(x):
    return np.sqrt(x)

# === CASE exp
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 75
# RUN: njit(exp) 0.5
def exp(x):
    return math.exp(x)

# === CASE exp2
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 78
# RUN: njit(exp2) 3.5
def exp2(x):
    return math.exp2(x)

# === CASE expm1
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 81
# RUN: njit(expm1) 1e-5
def expm1(x):
    return math.expm1(x)

# === CASE log
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 85
# RUN: njit(log) 2.0
def log(x):
    return math.log(x)

# === CASE log1p
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 89
# RUN: njit(log1p) 1e-5
def log1p(x):
    return math.log1p(x)

# === CASE log10
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 93
# RUN: njit(log10) 200.0
def log10(x):
    return math.log10(x)

# === CASE log2
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 97
# RUN: njit(log2) 10.0
def log2(x):
    return math.log2(x)

# === CASE floor
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 101
# RUN: njit(floor) -2.5
def floor(x):
    return math.floor(x)

# === CASE ceil
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 105
# RUN: njit(ceil) -2.5
def ceil(x):
    return math.ceil(x)

# === CASE trunc
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 109
# RUN: njit(trunc) -2.5
def trunc(x):
    return math.trunc(x)

# === CASE isnan
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 113
# RUN: njit(isnan) float('nan')
# RUN: njit(isnan) 1.0
def isnan(x):
    return math.isnan(x)

# === CASE isinf
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 117
# RUN: njit(isinf) float('inf')
# RUN: njit(isinf) 1.0
def isinf(x):
    return math.isinf(x)

# === CASE isfinite
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 121
# RUN: njit(isfinite) 1.0
# RUN: njit(isfinite) 3
def isfinite(x):
    return math.isfinite(x)

# === CASE hypot
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 125
# RUN: njit(hypot) (3.0, 4.0)
def hypot(x, y):
    return math.hypot(x, y)

# === CASE nextafter
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 129
# RUN: njit(nextafter) (1.0, 2.0)
def nextafter(x, y):
    return math.nextafter(x, y)

# === CASE degrees
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 133
# RUN: njit(degrees) 1.0
def degrees(x):
    return math.degrees(x)

# === CASE radians
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 137
# RUN: njit(radians) 90.0
def radians(x):
    return math.radians(x)

# === CASE erf
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 141
# RUN: njit(erf) 0.5
def erf(x):
    return math.erf(x)

# === CASE erfc
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 145
# RUN: njit(erfc) 0.5
def erfc(x):
    return math.erfc(x)

# === CASE gamma
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 149
# RUN: njit(gamma) 4.5
def gamma(x):
    return math.gamma(x)

# === CASE lgamma
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 153
# RUN: njit(lgamma) 4.5
def lgamma(x):
    return math.lgamma(x)

# === CASE pow
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 157
# RUN: njit(pow) (2.0, 0.5)
# RUN: njit(pow) (3, 2)
def pow(x, y):
    return math.pow(x, y)

# === CASE gcd
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 160
# RUN: njit(gcd) (12, 18)
def gcd(x, y):
    return math.gcd(x, y)

# === CASE copysign
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 163
# RUN: njit(copysign) (2.0, -0.0)
def copysign(x, y):
    return math.copysign(x, y)

# === CASE frexp
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 167
# RUN: njit(frexp) 12.5
def frexp(x):
    return math.frexp(x)

# === CASE ldexp
# SOURCE: numba/numba numba/tests/test_mathlib.py @ 5340f052d014, line 171
# RUN: njit(ldexp) (0.75, 4)
def ldexp(x, e):
    return math.ldexp(x, e)
