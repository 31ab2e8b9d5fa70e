# Real Numba code from pydata/sparse sparse/numba_backend/_umath.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted function.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import itertools
import operator
from functools import reduce
from itertools import zip_longest

import numba

import numpy as np

# === CASE _match_arrays
# SOURCE: pydata/sparse sparse/numba_backend/_umath.py @ 90ecf60e0568, line 53
# RUN: _match_arrays (np.array([0, 1, 1, 3, 5]), np.array([1, 1, 2, 3, 5, 5]))
# RUN: _match_arrays (np.array([2, 4, 6]), np.array([1, 3, 5]))
# RUN: _match_arrays (np.array([2, 4, 6]), np.array([], dtype=np.int64))
@numba.jit(nopython=True, nogil=True)
def _match_arrays(a, b):  # pragma: no cover
    """
    Finds all indexes into a and b such that a[i] = b[j]. The outputs are sorted
    in lexographical order.

    Parameters
    ----------
    a, b : np.ndarray
        The input 1-D arrays to match. If matching of multiple fields is
        needed, use np.recarrays. These two arrays must be sorted.

    Returns
    -------
    a_idx, b_idx : np.ndarray
        The output indices of every possible pair of matching elements.
    """
    if len(a) == 0 or len(b) == 0:
        return np.empty(0, dtype=np.uintp), np.empty(0, dtype=np.uintp)

    a_ind, b_ind = [], []
    nb = len(b)
    ib = 0
    match = 0

    for ia, j in enumerate(a):
        if j == b[match]:
            ib = match

        while ib < nb and j >= b[ib]:
            if j == b[ib]:
                a_ind.append(ia)
                b_ind.append(ib)

                if b[match] < b[ib]:
                    match = ib

            ib += 1

    return np.array(a_ind, dtype=np.uintp), np.array(b_ind, dtype=np.uintp)
