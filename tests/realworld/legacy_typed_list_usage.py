# Real Numba code from numba/numba-examples legacy/typed_list_usage.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit
from numba.typed import List

# === CASE foo_typed_list
# SOURCE: numba/numba-examples legacy/typed_list_usage.py @ c423f5419a45, line 10
# RUN: foo ()
@njit
def foo():
    # Instantiate a typed-list
    l = List()
    # Append a value to it, this will set the type to int32/int64 (depending on platform)
    l.append(42)
    # The usual list operations, getitem, pop and length are supported
    print(l[0])   # 42
    l[0] = 23
    print(l[0])   # 23
    print(len(l)) # 1
    l.pop()
    print(len(l)) # 0
    return l
