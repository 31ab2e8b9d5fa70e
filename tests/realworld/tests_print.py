# Real Numba code from numba/numba numba/tests/test_print.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE print_value
# SOURCE: numba/numba numba/tests/test_print.py @ 5340f052d014, line 11
# RUN: njit(print_value) 3
def print_value(x):
    print(x)

# === CASE print_values
# SOURCE: numba/numba numba/tests/test_print.py @ 5340f052d014, line 17
# RUN: njit(print_values) (1, 2.5, True)
def print_values(a, b, c):
    print(a, b, c)

# === CASE print_empty
# SOURCE: numba/numba numba/tests/test_print.py @ 5340f052d014, line 20
# RUN: njit(print_empty) ()
def print_empty():
    print()
