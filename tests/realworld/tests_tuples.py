# Real Numba code from numba/numba numba/tests/test_tuples.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE tuple_return_usecase
# SOURCE: numba/numba numba/tests/test_tuples.py @ 5340f052d014, line 20
# RUN: njit(tuple_return_usecase) (1, 2.5)
def tuple_return_usecase(a, b):
    return a, b

# === CASE add_usecase
# SOURCE: numba/numba numba/tests/test_tuples.py @ 5340f052d014, line 47
# RUN: njit(add_usecase) (1, 2)
def add_usecase(a, b):
    return a + b

# === CASE eq_usecase
# SOURCE: numba/numba numba/tests/test_tuples.py @ 5340f052d014, line 50
# RUN: njit(eq_usecase) (1, 1)
def eq_usecase(a, b):
    return a == b
