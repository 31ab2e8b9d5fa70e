# Real Numba code from pandas-dev/pandas pandas/core/window/online.py at commit 3dcc6fbbbebc5e85dd3e83fe49b382ca7735cae1
# (the v3.1.1 release; its files as the PyPI wheel pandas-3.1.1 ships them, whose pandas/_version_meson.py names this commit)
# (BSD-3-Clause, Copyright (c) 2008-2011, AQR Capital Management, LLC, Lambda Foundry, Inc. and PyData Development Team; Copyright (c) 2011-2026, Open source contributors),
# copied unchanged: the jitted function its factory generate_online_numba_ewma_func defines and
# returns, dedented, after the factory's arguments (the names it closes over) as pandas passes them (get_jit_arguments' defaults).
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import numpy as np

# `numba = import_optional_dependency("numba")` in the factory (its TYPE_CHECKING branch: `import numba`):
import numba

# === CASE online_ewma
# SOURCE: pandas-dev/pandas pandas/core/window/online.py @ 3dcc6fbbbebc, line 42
# RUN: online_ewma (np.where(np.arange(30).reshape(10, 3) % 7 == 4, np.nan, np.linspace(-2.0, 5.0, 30).reshape(10, 3)), np.array([1.0, 1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0]), 1, 1.0 / 3.0, 1.0, np.ones(3), True, False)
# RUN: online_ewma (np.where(np.arange(30).reshape(10, 3) % 7 == 4, np.nan, np.linspace(-2.0, 5.0, 30).reshape(10, 3)), np.ones(9), 2, 0.5, 0.5, np.ones(3), False, True)
nogil = False
parallel = False

@numba.jit(nogil=nogil, parallel=parallel)
def online_ewma(
    values: np.ndarray,
    deltas: np.ndarray,
    minimum_periods: int,
    old_wt_factor: float,
    new_wt: float,
    old_wt: np.ndarray,
    adjust: bool,
    ignore_na: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """
    Compute online exponentially weighted mean per column over 2D values.

    Takes the first observation as is, then computes the subsequent
    exponentially weighted mean accounting minimum periods.
    """
    result = np.empty(values.shape)
    weighted_avg = values[0].copy()
    nobs = (~np.isnan(weighted_avg)).astype(np.int64)
    result[0] = np.where(nobs >= minimum_periods, weighted_avg, np.nan)

    for i in range(1, len(values)):
        cur = values[i]
        is_observations = ~np.isnan(cur)
        nobs += is_observations.astype(np.int64)
        for j in numba.prange(len(cur)):
            if not np.isnan(weighted_avg[j]):
                if is_observations[j] or not ignore_na:
                    # note that len(deltas) = len(vals) - 1 and deltas[i] is to be
                    # used in conjunction with vals[i+1]
                    old_wt[j] *= old_wt_factor ** deltas[i - 1]
                    if is_observations[j]:
                        # avoid numerical errors on constant series
                        if weighted_avg[j] != cur[j]:
                            weighted_avg[j] = (
                                (old_wt[j] * weighted_avg[j]) + (new_wt * cur[j])
                            ) / (old_wt[j] + new_wt)
                        if adjust:
                            old_wt[j] += new_wt
                        else:
                            old_wt[j] = 1.0
            elif is_observations[j]:
                weighted_avg[j] = cur[j]

        result[i] = np.where(nobs >= minimum_periods, weighted_avg, np.nan)

    return result, old_wt
