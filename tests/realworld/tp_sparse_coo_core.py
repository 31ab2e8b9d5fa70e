# Real Numba code from pydata/sparse sparse/numba_backend/_coo/core.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted function.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import copy as _copy
import operator
import warnings
from collections import defaultdict, deque
from collections.abc import Iterable, Iterator, Sized
from functools import reduce

import numba

import numpy as np
from numpy.lib.mixins import NDArrayOperatorsMixin

# === CASE _calc_counts_invidx
# SOURCE: pydata/sparse sparse/numba_backend/_coo/core.py @ 90ecf60e0568, line 1601
# RUN: _calc_counts_invidx np.array([0, 0, 1, 1, 1, 3, 4, 4])
# RUN: _calc_counts_invidx np.array([2, 2, 2, 5, 7, 7], dtype=np.int16)
@numba.jit(nopython=True, nogil=True)  # pragma: no cover
def _calc_counts_invidx(groups):
    # NB: inv_idx/counts index into the (potentially much larger) nnz-length data
    # array, so they must not be narrowed to groups.dtype, which is only sized to fit
    # the group values (e.g. a shape dimension). Doing so silently overflows for
    # arrays with more stored elements than the dtype max, e.g. int16 wraps negative
    # past 32767 nnz, causing an IndexError in the np.add.reduceat call downstream.
    inv_idx = []
    counts = []

    if len(groups) == 0:
        return (
            np.array(inv_idx, dtype=np.intp),
            np.array(counts, dtype=np.intp),
        )

    inv_idx.append(0)

    last_group = groups[0]
    for i in range(1, len(groups)):
        if groups[i] != last_group:
            counts.append(np.intp(i - inv_idx[-1]))
            inv_idx.append(np.intp(i))
            last_group = groups[i]

    counts.append(np.intp(len(groups) - inv_idx[-1]))

    return (np.array(inv_idx, dtype=np.intp), np.array(counts, dtype=np.intp))
