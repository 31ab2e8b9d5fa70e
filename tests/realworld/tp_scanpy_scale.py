# Real Numba code from scverse/scanpy src/scanpy/preprocessing/_scale.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's @njit functions (keyword-only parameters passed by position, as Numba's dispatcher accepts).
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE clip_array
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_scale.py @ fabadb9412c0, line 51
# RUN: clip_array (np.random.default_rng(0).normal(size=(6, 5)) * 3, 2.5, True)
# RUN: clip_array (np.linspace(-5.0, 5.0, 11), 2.0, False)
# RUN: clip_array (np.linspace(-5.0, 5.0, 11).astype(np.float32), 2.0, True)
@njit
def clip_array(
    x: NDArray[np.floating], /, *, max_value: float, zero_center: bool
) -> NDArray[np.floating]:
    a_min, a_max = -max_value, max_value
    if x.ndim > 1:
        for r, c in numba.pndindex(x.shape):
            if x[r, c] > a_max:
                x[r, c] = a_max
            elif x[r, c] < a_min and zero_center:
                x[r, c] = a_min
    else:
        for i in numba.prange(x.size):
            if x[i] > a_max:
                x[i] = a_max
            elif x[i] < a_min and zero_center:
                x[i] = a_min
    return x

# === CASE scale_and_clip_csr
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_scale.py @ fabadb9412c0, line 277
# RUN: scale_and_clip_csr (np.array([0, 2, 5, 6, 9]), np.array([0, 3, 1, 2, 3, 0, 1, 2, 3]), np.linspace(0.5, 9.0, 9), np.array([0.5, 1.0, 2.0, 4.0]), np.array([True, False, True, True]), 3.0)
@njit
def scale_and_clip_csr(
    indptr: NDArray[np.integer],
    indices: NDArray[np.integer],
    data: NDArray[np.floating],
    *,
    std: NDArray[np.floating],
    mask_obs: NDArray[np.bool],
    max_value: float | None,
) -> None:
    for i in numba.prange(len(indptr) - 1):
        if mask_obs[i]:
            for j in range(indptr[i], indptr[i + 1]):
                if max_value is not None:
                    data[j] = min(max_value, data[j] / std[indices[j]])
                else:
                    data[j] /= std[indices[j]]
