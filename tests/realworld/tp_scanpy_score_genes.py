# Real Numba code from scverse/scanpy src/scanpy/tools/_score_genes.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's @njit functions.
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE _sparse_nanmean_within_slot
# SOURCE: scverse/scanpy src/scanpy/tools/_score_genes.py @ fabadb9412c0, line 34
# RUN: _sparse_nanmean_within_slot (np.array([1.0, np.nan, 2.0, 4.0, 0.5, np.nan, 3.0, 1.5, 2.5]), np.array([0, 3, 3, 6, 9]), 4, 5)
@njit
def _sparse_nanmean_within_slot(
    data: NDArray, indptr: NDArray, n_out: int, divisor: int
) -> NDArray[np.float64]:
    """Reduce within each compressed slot (e.g. per row for CSR), ignoring NaNs."""
    out = np.empty(n_out, dtype=np.float64)
    for i in numba.prange(n_out):
        total = np.float64(0)
        n_nan = 0
        for k in range(indptr[i], indptr[i + 1]):
            v = data[k]
            if np.isnan(v):
                n_nan += 1
            else:
                total += v
        out[i] = total / (divisor - n_nan)
    return out

# === CASE _sparse_nanmean_across_slots
# SOURCE: scverse/scanpy src/scanpy/tools/_score_genes.py @ fabadb9412c0, line 53
# RUN: _sparse_nanmean_across_slots (np.array([1.0, np.nan, 2.0, 4.0, 0.5, np.nan, 3.0, 1.5, 2.5]), np.array([0, 2, 4, 1, 2, 4, 0, 3, 2]), 5, 4)
@njit
def _sparse_nanmean_across_slots(
    data: NDArray, indices: NDArray, n_out: int, divisor: int
) -> NDArray[np.float64]:
    """Reduce across compressed slots (e.g. per column for CSR), ignoring NaNs."""
    total = np.zeros(n_out, dtype=np.float64)
    n_nan = np.zeros(n_out, dtype=np.int64)
    for k in range(data.shape[0]):
        v = data[k]
        j = indices[k]
        if np.isnan(v):
            n_nan[j] += 1
        else:
            total[j] += v
    out = np.empty(n_out, dtype=np.float64)
    for j in numba.prange(n_out):
        out[j] = total[j] / (divisor - n_nan[j])
    return out
