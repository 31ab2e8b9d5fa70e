# Real Numba code from numba/numba docs/source/user/faq.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import jit

# === CASE function_argument
# SOURCE: numba/numba docs/source/user/faq.rst @ 5340f052d014, line 85
# OUT-OF-SCOPE: a Python function as an argument (a first-class function object)
# RUN: f (abs, -2.5)
@jit(nopython=True)
def f(g, x):
    return g(x) + g(-x)
