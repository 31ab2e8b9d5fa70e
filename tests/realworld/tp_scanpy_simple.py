# Real Numba code from scverse/scanpy src/scanpy/preprocessing/_simple.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's @njit / @numba.njit functions (keyword-only parameters passed by position, as Numba's dispatcher accepts).
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE _create_regressor_categorical
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_simple.py @ fabadb9412c0, line 468
# RUN: _create_regressor_categorical (np.random.default_rng(0).random((8, 4)), 3, np.array([0, 1, 2, 0, 1, 2, 0, 1]))
@njit
def _create_regressor_categorical(
    x: np.ndarray, /, number_categories: int, cat_array: np.ndarray
) -> np.ndarray:
    # create regressor matrix for categorical variables
    # would be best to use X dtype but this matches old behavior
    regressors = np.zeros(x.shape, dtype=np.float32)
    # iterate over categories
    for category in range(number_categories):
        # iterate over genes and calculate mean expression
        # for each gene per category
        mask = category == cat_array
        for ix in numba.prange(x.T.shape[0]):
            regressors[mask, ix] = x.T[ix, mask].mean()
    return regressors

# === CASE get_resid
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_simple.py @ fabadb9412c0, line 485
# RUN: get_resid (np.random.default_rng(0).random((8, 4)), np.random.default_rng(1).random((8, 2)), np.random.default_rng(2).random((2, 4)))
@njit
def get_resid(
    data: np.ndarray,
    regressor: np.ndarray,
    coeff: np.ndarray,
) -> np.ndarray:
    for i in numba.prange(data.shape[0]):
        data[i] -= regressor[i] @ coeff
    return data

# === CASE _downsample_array_inner
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_simple.py @ fabadb9412c0, line 973
# RUN: _downsample_array_inner (np.array([3, 0, 5, 2, 4]), np.array([3, 3, 8, 10, 14]), np.array([0, 2, 4, 7, 9, 10, 13]), True)
# RUN: _downsample_array_inner (np.array([3.0, 0.0, 5.0, 2.0, 4.0]), np.array([3.0, 3.0, 8.0, 10.0, 14.0]), np.array([1, 3, 3, 8, 12]), False)
@numba.njit(cache=True)  # noqa: TID251
def _downsample_array_inner(
    col: np.ndarray, cumcounts: np.ndarray, sample: np.ndarray, *, inplace: bool
) -> np.ndarray:
    if inplace:
        col[:] = 0
    else:
        col = np.zeros_like(col)
    geneptr = 0
    for count in sample:
        while count >= cumcounts[geneptr]:
            geneptr += 1
        col[geneptr] += 1
    return col
