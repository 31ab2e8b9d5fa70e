# Real Numba code from numba/numba docs/source/user/5minguide.rst at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions of its code blocks, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import jit

# === CASE go_fast
# SOURCE: numba/numba docs/source/user/5minguide.rst @ 5340f052d014, line 59
# RUN: go_fast np.arange(100).reshape(10, 10)
@jit
def go_fast(a): # Function is compiled to machine code when called the first time
    trace = 0.0
    for i in range(a.shape[0]):   # Numba likes loops
        trace += np.tanh(a[i, i]) # Numba likes NumPy functions
    return a + trace              # Numba likes NumPy broadcasting

# === CASE use_pandas
# SOURCE: numba/numba docs/source/user/5minguide.rst @ 5340f052d014, line 76
# OUT-OF-SCOPE: object mode (forceobj=True) on a pandas DataFrame
# RUN: use_pandas 1
@jit(forceobj=True, looplift=True) # Need to use object mode, try and compile loops!
def use_pandas(a): # Function will not benefit from Numba jit
    df = pd.DataFrame.from_dict(a) # Numba doesn't know about pd.DataFrame
    df += 1                        # Numba doesn't understand what this is
    return df.cov()                # or this!

# === CASE go_fast_nopython
# SOURCE: numba/numba docs/source/user/5minguide.rst @ 5340f052d014, line 129
# RUN: go_fast np.arange(100).reshape(10, 10)
@jit(nopython=True)
def go_fast(a): # Function is compiled and runs in machine code
    trace = 0.0
    for i in range(a.shape[0]):
        trace += np.tanh(a[i, i])
    return a + trace
