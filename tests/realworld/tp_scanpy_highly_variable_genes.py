# Real Numba code from scverse/scanpy src/scanpy/preprocessing/_highly_variable_genes.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's one @numba.njit function (keyword-only parameters passed by position, as Numba's dispatcher accepts).
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE _sum_and_sum_squares_clipped
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_highly_variable_genes.py @ fabadb9412c0, line 98
# RUN: _sum_and_sum_squares_clipped (np.array([0, 2, 1, 2, 0, 3, 3, 1], dtype=np.int32), np.array([1.0, 7.0, 2.0, 0.5, 3.0, 12.0, 4.0, 9.0], dtype=np.float32), 4, np.array([2.0, 5.0, 1.5, 10.0]), 8)
@numba.njit(cache=True, parallel=False)  # noqa: TID251
def _sum_and_sum_squares_clipped(
    indices: NDArray[np.integer],
    data: NDArray[np.floating],
    *,
    n_cols: int,
    clip_val: NDArray[np.float64],
    nnz: int,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    squared_batch_counts_sum = np.zeros(n_cols, dtype=np.float64)
    batch_counts_sum = np.zeros(n_cols, dtype=np.float64)
    for i in numba.prange(nnz):
        idx = indices[i]
        element = min(np.float64(data[i]), clip_val[idx])
        squared_batch_counts_sum[idx] += element**2
        batch_counts_sum[idx] += element

    return squared_batch_counts_sum, batch_counts_sum
