# Real Numba code from numba/numba numba/tests/test_exceptions.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE assert_usecase
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 115
# RUN: njit(assert_usecase) 1
# RUN: njit(assert_usecase) 2
def assert_usecase(i):
    assert i == 1, "bar"

# === CASE raise_runtime_value
# SOURCE: numba/numba numba/tests/test_exceptions.py @ 5340f052d014, line 123
# RUN: njit(raise_runtime_value) 3
def raise_runtime_value(arg):
    raise ValueError(arg)
