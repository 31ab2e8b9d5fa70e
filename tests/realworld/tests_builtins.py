# Real Numba code from numba/numba numba/tests/test_builtins.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import njit

# === CASE abs_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 27
# RUN: njit(abs_usecase) -3
# RUN: njit(abs_usecase) -2.5
def abs_usecase(x):
    return abs(x)

# === CASE bool_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 50
# RUN: njit(bool_usecase) 0
# RUN: njit(bool_usecase) 2.5
def bool_usecase(x):
    return bool(x)

# === CASE complex_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 53
# RUN: njit(complex_usecase) (1.0, 2.0)
def complex_usecase(x, y):
    return complex(x, y)

# === CASE divmod_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 56
# RUN: njit(divmod_usecase) (7, 3)
# RUN: njit(divmod_usecase) (-7.5, 2.0)
def divmod_usecase(x, y):
    return divmod(x, y)

# === CASE enumerate_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 59
# RUN: njit(enumerate_usecase) ()
def enumerate_usecase():
    result = 0
    for i, j in enumerate((1., 2.5, 3.)):
        result += i * j
    return result

# === CASE enumerate_start_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 65
# RUN: njit(enumerate_start_usecase) ()
def enumerate_start_usecase():
    result = 0
    for i, j in enumerate((1., 2.5, 3.), 42):
        result += i * j
    return result

# === CASE float_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 80
# RUN: njit(float_usecase) 3
def float_usecase(x):
    return float(x)

# === CASE max_usecase1
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 128
# RUN: njit(max_usecase1) (3, 2.5)
def max_usecase1(x, y):
    return max(x, y)

# === CASE max_usecase2
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 131
# RUN: njit(max_usecase2) (3, 7)
def max_usecase2(x, y):
    return max([x, y])

# === CASE max_usecase3
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 134
# RUN: njit(max_usecase3) np.array([3.0, 9.0, 1.0])
def max_usecase3(x):
    return max(x)

# === CASE min_usecase1
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 141
# RUN: njit(min_usecase1) (3, 2.5)
def min_usecase1(x, y):
    return min(x, y)

# === CASE min_usecase2
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 144
# RUN: njit(min_usecase2) (3, 7)
def min_usecase2(x, y):
    return min([x, y])

# === CASE min_usecase3
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 147
# RUN: njit(min_usecase3) np.array([3.0, 9.0, 1.0])
def min_usecase3(x):
    return min(x)

# === CASE round_usecase1
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 159
# RUN: njit(round_usecase1) 2.5
# RUN: njit(round_usecase1) -3.7
def round_usecase1(x):
    return round(x)

# === CASE round_usecase2
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 162
# RUN: njit(round_usecase2) (2.675, 2)
def round_usecase2(x, n):
    return round(x, n)

# === CASE sum_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 165
# RUN: njit(sum_usecase) np.arange(10.0)
def sum_usecase(x):
    return sum(x)

# === CASE zip_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 177
# RUN: njit(zip_usecase) ()
def zip_usecase():
    result = 0
    for i, j in zip((1, 2, 3), (4.5, 6.7)):
        result += i * j
    return result

# === CASE zip_0_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 183
# RUN: njit(zip_0_usecase) ()
def zip_0_usecase():
    result = 0
    for i in zip():
        result += 1
    return result

# === CASE zip_1_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 189
# RUN: njit(zip_1_usecase) ()
def zip_1_usecase():
    result = 0
    for i, in zip((1, 2)):
        result += i
    return result

# === CASE zip_3_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 196
# RUN: njit(zip_3_usecase) ()
def zip_3_usecase():
    result = 0
    for i, j, k in zip((1, 2), (3, 4, 5), (6.7, 8.9)):
        result += i * j * k
    return result

# === CASE zip_first_exhausted
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 203
# RUN: njit(zip_first_exhausted) ()
def zip_first_exhausted():
    iterable = range(7)
    n = 3
    it = iter(iterable)
    # 1st iterator is shorter
    front = list(zip(range(n), it))
    # Make sure that we didn't skip one in `it`
    back = list(it)
    return front, back

# === CASE pow_op_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 214
# RUN: njit(pow_op_usecase) (2, 10)
# RUN: njit(pow_op_usecase) (2.0, -1)
def pow_op_usecase(x, y):
    return x ** y

# === CASE pow_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 218
# RUN: njit(pow_usecase) (3, 4)
# RUN: njit(pow_usecase) (2.0, 0.5)
def pow_usecase(x, y):
    return pow(x, y)

# === CASE str_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 107
# RUN: njit(str_usecase) 5
def str_usecase(x):
    return str(x)

# === CASE hex_usecase
# SOURCE: numba/numba numba/tests/test_builtins.py @ 5340f052d014, line 104
# OUT-OF-SCOPE: strings beyond constants (hex(x))
# RUN: njit(hex_usecase) 255
def hex_usecase(x):
    return hex(x)
