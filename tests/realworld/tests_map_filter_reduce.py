# Real Numba code from numba/numba numba/tests/test_map_filter_reduce.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions its tests compile with njit (nested in the test methods, dedented; the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit

# === CASE basic_map_closure
# SOURCE: numba/numba numba/tests/test_map_filter_reduce.py @ 5340f052d014, line 20
# RUN: njit(impl) ()
def impl():
    return [y for y in map(lambda x: x + 10, range(10))]
