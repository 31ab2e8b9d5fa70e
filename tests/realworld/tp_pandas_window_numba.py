# Real Numba code from pandas-dev/pandas pandas/core/window/numba_.py at commit 3dcc6fbbbebc5e85dd3e83fe49b382ca7735cae1
# (the v3.1.1 release; its files as the PyPI wheel pandas-3.1.1 ships them, whose pandas/_version_meson.py names this commit)
# (BSD-3-Clause, Copyright (c) 2008-2011, AQR Capital Management, LLC, Lambda Foundry, Inc. and PyData Development Team; Copyright (c) 2011-2026, Open source contributors),
# copied unchanged: the jitted functions its factories (generate_numba_*_func) define and return,
# dedented. Each case first binds the factory's arguments (the names the function closes over) as pandas passes them:
# get_jit_arguments() gives nogil=False, parallel=False by default; the rest is said in the case.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import functools
from typing import (
    TYPE_CHECKING,
    Any,
)

import numpy as np

# `numba = import_optional_dependency("numba")` in each factory (its TYPE_CHECKING branch: `import numba`):
import numba

# === CASE roll_apply
# SOURCE: pandas-dev/pandas pandas/core/window/numba_.py @ 3dcc6fbbbebc, line 55
# The factory's arguments for `Series.rolling(3).apply(np.mean, raw=True, engine="numba")`: jit_user_function(np.mean)
# returns np.mean itself (a NumPy function).
# RUN: roll_apply (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.maximum(np.arange(20) - 2, 0), np.arange(1, 21), 2)
# RUN: roll_apply (np.array([1.0, -2.0, np.nan, 4.0, 4.0, 4.0, -1.5, 3.0, np.nan, 0.5]), np.array([0, 0, 1, 3, 2, 4, 6, 5, 8, 8]), np.array([1, 3, 4, 5, 6, 8, 9, 10, 10, 10]), 1)
nogil = False
parallel = False
numba_func = np.mean

@numba.jit(nogil=nogil, parallel=parallel)
def roll_apply(
    values: np.ndarray,
    begin: np.ndarray,
    end: np.ndarray,
    minimum_periods: int,
    *args: Any,
) -> np.ndarray:
    result = np.empty(len(begin))
    for i in numba.prange(len(result)):
        start = begin[i]
        stop = end[i]
        window = values[start:stop]
        count_nan = np.sum(np.isnan(window))
        if len(window) - count_nan >= minimum_periods:
            result[i] = numba_func(window, *args)
        else:
            result[i] = np.nan
    return result

# === CASE ewm
# SOURCE: pandas-dev/pandas pandas/core/window/numba_.py @ 3dcc6fbbbebc, line 113
# The factory's arguments for `Series.ewm(com=0.5, times=...).mean(engine="numba")` with uneven time steps
# (deltas, normalize=True as EWM.mean passes them).
# RUN: ewm (np.array([1.0, -2.0, np.nan, 4.0, 4.0, 4.0, -1.5, 3.0, np.nan, 0.5]), np.array([0]), np.array([10]), 1)
# RUN: ewm (np.array([1.0, -2.0, np.nan, 4.0, 4.0, 4.0, -1.5, 3.0, np.nan, 0.5]), np.array([0, 4]), np.array([4, 10]), 2)
nogil = False
parallel = False
com = 0.5
adjust = True
ignore_na = False
deltas = (1.0, 1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0)
normalize = True

@numba.jit(nogil=nogil, parallel=parallel)
def ewm(
    values: np.ndarray,
    begin: np.ndarray,
    end: np.ndarray,
    minimum_periods: int,
) -> np.ndarray:
    result = np.empty(len(values))
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha

    for i in numba.prange(len(begin)):
        start = begin[i]
        stop = end[i]
        window = values[start:stop]
        sub_result = np.empty(len(window))

        weighted = window[0]
        nobs = int(not np.isnan(weighted))
        sub_result[0] = weighted if nobs >= minimum_periods else np.nan
        old_wt = 1.0

        for j in range(1, len(window)):
            cur = window[j]
            is_observation = not np.isnan(cur)
            nobs += is_observation
            if not np.isnan(weighted):
                if is_observation or not ignore_na:
                    if normalize:
                        # note that len(deltas) = len(vals) - 1 and deltas[i]
                        # is to be used in conjunction with vals[i+1]
                        old_wt *= old_wt_factor ** deltas[start + j - 1]
                        if not adjust and com == 1:
                            # update in case of irregular-interval time series
                            new_wt = 1.0 - old_wt
                    else:
                        weighted = old_wt_factor * weighted
                    if is_observation:
                        if normalize:
                            # avoid numerical errors on constant series
                            if weighted != cur:
                                weighted = old_wt * weighted + new_wt * cur
                                if normalize:
                                    weighted = weighted / (old_wt + new_wt)
                            if adjust:
                                old_wt += new_wt
                            else:
                                old_wt = 1.0
                        else:
                            weighted += cur
            elif is_observation:
                weighted = cur

            sub_result[j] = weighted if nobs >= minimum_periods else np.nan

        result[start:stop] = sub_result

    return result

# === CASE roll_table
# SOURCE: pandas-dev/pandas pandas/core/window/numba_.py @ 3dcc6fbbbebc, line 211
# The factory's arguments for `DataFrame.rolling(3, method="table").sum(engine="numba")`: Rolling.sum passes
# generate_manual_numpy_nan_agg_with_axis(np.nansum) (its nan_agg_with_axis, line 250, with nan_func = np.nansum)
# to apply, and jit_user_function wraps it with register_jitable (pandas/core/util/numba_.py line 88).
# RUN: roll_table (np.where(np.arange(30).reshape(10, 3) % 7 == 4, np.nan, np.linspace(-2.0, 5.0, 30).reshape(10, 3)), np.maximum(np.arange(10) - 2, 0), np.arange(1, 11), 2)
nogil = False
parallel = False
nan_func = np.nansum

def nan_agg_with_axis(table):
    result = np.empty(table.shape[1])
    for i in numba.prange(table.shape[1]):
        partition = table[:, i]
        result[i] = nan_func(partition)
    return result

func = nan_agg_with_axis
numba_func = numba.extending.register_jitable(func)  # type: ignore[arg-type]

@numba.jit(nogil=nogil, parallel=parallel)
def roll_table(
    values: np.ndarray,
    begin: np.ndarray,
    end: np.ndarray,
    minimum_periods: int,
    *args: Any,
):
    result = np.empty((len(begin), values.shape[1]))
    min_periods_mask = np.empty(result.shape)
    for i in numba.prange(len(result)):
        start = begin[i]
        stop = end[i]
        window = values[start:stop]
        count_nan = np.sum(np.isnan(window), axis=0)
        nan_mask = len(window) - count_nan >= minimum_periods
        if nan_mask.any():
            result[i, :] = numba_func(window, *args)
        min_periods_mask[i, :] = nan_mask
    result = np.where(min_periods_mask, result, np.nan)
    return result

# === CASE ewm_table
# SOURCE: pandas-dev/pandas pandas/core/window/numba_.py @ 3dcc6fbbbebc, line 295
# The factory's arguments for `DataFrame.ewm(com=0.5, times=..., method="table").mean(engine="numba")`.
# RUN: ewm_table (np.where(np.arange(30).reshape(10, 3) % 7 == 4, np.nan, np.linspace(-2.0, 5.0, 30).reshape(10, 3)), np.array([0]), np.array([10]), 1)
nogil = False
parallel = False
com = 0.5
adjust = True
ignore_na = False
deltas = (1.0, 1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0)
normalize = True

@numba.jit(nogil=nogil, parallel=parallel)
def ewm_table(
    values: np.ndarray,
    begin: np.ndarray,
    end: np.ndarray,
    minimum_periods: int,
) -> np.ndarray:
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha
    old_wt = np.ones(values.shape[1])

    result = np.empty(values.shape)
    weighted = values[0].copy()
    nobs = (~np.isnan(weighted)).astype(np.int64)
    result[0] = np.where(nobs >= minimum_periods, weighted, np.nan)
    for i in range(1, len(values)):
        cur = values[i]
        is_observations = ~np.isnan(cur)
        nobs += is_observations.astype(np.int64)
        for j in numba.prange(len(cur)):
            if not np.isnan(weighted[j]):
                if is_observations[j] or not ignore_na:
                    if normalize:
                        # note that len(deltas) = len(vals) - 1 and deltas[i]
                        # is to be used in conjunction with vals[i+1]
                        old_wt[j] *= old_wt_factor ** deltas[i - 1]
                        if not adjust and com == 1:
                            # update in case of irregular-interval time series
                            new_wt = 1.0 - old_wt[j]
                    else:
                        weighted[j] = old_wt_factor * weighted[j]
                    if is_observations[j]:
                        if normalize:
                            # avoid numerical errors on constant series
                            if weighted[j] != cur[j]:
                                weighted[j] = (
                                    old_wt[j] * weighted[j] + new_wt * cur[j]
                                )
                                if normalize:
                                    weighted[j] = weighted[j] / (old_wt[j] + new_wt)
                            if adjust:
                                old_wt[j] += new_wt
                            else:
                                old_wt[j] = 1.0
                        else:
                            weighted[j] += cur[j]
            elif is_observations[j]:
                weighted[j] = cur[j]

        result[i] = np.where(nobs >= minimum_periods, weighted, np.nan)

    return result
