# Real Numba code from numba/numba numba/tests/test_optional.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE return_double_or_none
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 11
# RUN: njit(return_double_or_none) 1.5
# RUN: njit(return_double_or_none) -1.5
def return_double_or_none(x):
    if x:
        ret = None
    else:
        ret = 1.2
    return ret

# === CASE return_different_statement
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 19
# RUN: njit(return_different_statement) True
# RUN: njit(return_different_statement) False
def return_different_statement(x):
    if x:
        return None
    else:
        return 1.2

# === CASE is_this_a_none
# SOURCE: numba/numba numba/tests/test_optional.py @ 5340f052d014, line 42
# RUN: njit(is_this_a_none) 1
def is_this_a_none(x):
    if x:
        val_or_none = None
    else:
        val_or_none = x

    if val_or_none is None:
        return x - 1

    if val_or_none is not None:
        return x + 1
