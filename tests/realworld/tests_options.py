# Real Numba code from numba/numba numba/tests/test_fastmath.py and numba/tests/test_errormodels.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions its tests define and compile, dedented (the RUN line applies njit with the test's options).
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import jit, njit

# === CASE fastmath_jit
# SOURCE: numba/numba numba/tests/test_fastmath.py @ 5340f052d014, line 11
# RUN: njit(fastmath=True)(foo) 0.5
# RUN: njit(foo) 0.5
def foo(x):
    return x + math.sin(x)

# === CASE fastmath_subset_behaviour
# SOURCE: numba/numba numba/tests/test_fastmath.py @ 5340f052d014, line 25
# RUN: njit(fastmath={'reassoc','nsz'})(foo) (0.5, np.inf)
# RUN: njit(fastmath={'reassoc'})(foo) (0.5, np.inf)
def foo(x, y):
    return (x - y) + y

# === CASE fastmath_subset_code
# SOURCE: numba/numba numba/tests/test_fastmath.py @ 5340f052d014, line 33
# RUN: njit(fastmath={'reassoc','nsz'})(foo) 0.5
# RUN: njit()(foo) 0.5
def foo(x):
    return x + math.sin(x)

# === CASE model_python
# SOURCE: numba/numba numba/tests/test_errormodels.py @ 5340f052d014, line 12
# RUN: model_python 0
@jit   # python model is the default
def model_python(val):
    return 1 / val

# === CASE model_numpy
# SOURCE: numba/numba numba/tests/test_errormodels.py @ 5340f052d014, line 19
# RUN: model_numpy 0
@jit(error_model='numpy')
def model_numpy(val):
    return 1 / val
