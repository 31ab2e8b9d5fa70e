# Real Numba code from numba/numba-examples legacy/ufuncs.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's ufuncs and jit functions.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import jit, vectorize
import math
import numpy as np

# === CASE sinc
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 6
# RUN: sinc np.linspace(-2, 2, 9)
@vectorize(['f8(f8)','f4(f4)'])
def sinc(x):
    if x == 0:
        return 1.0
    else:
        return math.sin(x*math.pi) / (x*math.pi)

# === CASE add
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 13
# RUN: add (np.arange(10, dtype=np.int16), np.arange(10, dtype=np.int16))
# RUN: add (np.arange(5.0), 2.5)
@vectorize(['int8(int8,int8)',
            'int16(int16,int16)',
            'int32(int32,int32)',
            'int64(int64,int64)',
            'f4(f4,f4)',
            'f8(f8,f8)'])
def add(x,y):
    return x + y

# === CASE logit
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 22
# RUN: logit np.linspace(0.1, 0.9, 9).astype(np.float32)
@vectorize(['f8(f8)','f4(f4)'])
def logit(x):
    return math.log(x / (1-x))

# === CASE expit
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 26
# RUN: expit np.linspace(-3, 3, 13)
@vectorize(['f8(f8)','f4(f4)'])
def expit(x):
    if x > 0:
        x = math.exp(x)
        return x / (1 + x)
    else:
        return 1 / (1 + math.exp(-x))

# === CASE polevl
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 34
# RUN: polevl (0.5, np.array([1.0, 2.0, 3.0]))
@jit('f8(f8,f8[:])')
def polevl(x, coef):
    N = len(coef)
    ans = coef[0]
    i = 1
    while i < N:
        ans = ans * x + coef[i]
        i += 1
    return ans

# === CASE p1evl
# SOURCE: numba/numba-examples legacy/ufuncs.py @ c423f5419a45, line 44
# RUN: p1evl (0.5, np.array([1.0, 2.0, 3.0]))
@jit('f8(f8,f8[:])')
def p1evl(x, coef):
    N = len(coef)
    ans = x + coef[0]
    i = 1
    while i < N:
        ans = ans * x + coef[i]
        i += 1
    return ans
