# Real Numba code from scverse/scanpy src/scanpy/get/_aggregated.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's @numba.njit / @njit functions.
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE _chan_combine
# SOURCE: scverse/scanpy src/scanpy/get/_aggregated.py @ fabadb9412c0, line 524
# RUN: _chan_combine (3.0, 1.5, 2.0, 5.0, 2.5, 4.0)
# RUN: _chan_combine (0.0, 0.0, 0.0, 5.0, 2.5, 4.0)
# RUN: _chan_combine (4.0, -1.0, 0.5, 0.0, 0.0, 0.0)
@numba.njit(inline="always")  # noqa: TID251
def _chan_combine(  # noqa: PLR0917
    n_a: float, mean_a: float, m2_a: float, n_b: float, mean_b: float, m2_b: float
) -> tuple[float, float, float]:
    """Combine two ``(count, mean, M2)`` groups pairwise."""
    if n_a == 0.0:
        return n_b, mean_b, m2_b
    if n_b == 0.0:
        return n_a, mean_a, m2_a
    n = n_a + n_b
    delta = mean_b - mean_a
    return (
        n,
        (n_a * mean_a + n_b * mean_b) / n,
        m2_a + m2_b + delta * delta * n_a * n_b / n,
    )

# === CASE _chan_combine_blocks
# SOURCE: scverse/scanpy src/scanpy/get/_aggregated.py @ fabadb9412c0, line 542
# RUN: _chan_combine_blocks (np.concatenate([np.array([[[3.0, 0.0, 2.0], [1.0, 4.0, 0.0]]]), np.random.default_rng(0).random((2, 2, 3))]), np.concatenate([np.array([[[2.0, 5.0, 0.0], [0.0, 1.0, 6.0]]]), np.random.default_rng(1).random((2, 2, 3))]))
@numba.njit(inline="always")  # noqa: TID251
def _chan_combine(  # noqa: PLR0917
    n_a: float, mean_a: float, m2_a: float, n_b: float, mean_b: float, m2_b: float
) -> tuple[float, float, float]:
    """Combine two ``(count, mean, M2)`` groups pairwise."""
    if n_a == 0.0:
        return n_b, mean_b, m2_b
    if n_b == 0.0:
        return n_a, mean_a, m2_a
    n = n_a + n_b
    delta = mean_b - mean_a
    return (
        n,
        (n_a * mean_a + n_b * mean_b) / n,
        m2_a + m2_b + delta * delta * n_a * n_b / n,
    )

@njit
def _chan_combine_blocks(
    a: NDArray[np.float64], b: NDArray[np.float64]
) -> NDArray[np.float64]:
    """Combine two ``(3, K, F)`` ``(count, mean, M2)`` stat blocks pairwise."""
    out = np.empty_like(a)
    for i in numba.prange(a.shape[1]):
        for j in range(a.shape[2]):
            out[0, i, j], out[1, i, j], out[2, i, j] = _chan_combine(
                a[0, i, j],
                a[1, i, j],
                a[2, i, j],
                b[0, i, j],
                b[1, i, j],
                b[2, i, j],
            )
    return out
