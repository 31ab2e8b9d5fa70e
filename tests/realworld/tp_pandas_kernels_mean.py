# Real Numba code from pandas-dev/pandas pandas/core/_numba/kernels/mean_.py at commit 3dcc6fbbbebc5e85dd3e83fe49b382ca7735cae1
# (the v3.1.1 release; its files as the PyPI wheel pandas-3.1.1 ships them, whose pandas/_version_meson.py names this commit)
# (BSD-3-Clause, Copyright (c) 2008-2011, AQR Capital Management, LLC, Lambda Foundry, Inc. and PyData Development Team; Copyright (c) 2011-2026, Open source contributors),
# copied unchanged: the module's jitted functions.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

from typing import TYPE_CHECKING

import numba
import numpy as np

if TYPE_CHECKING:
    from pandas._typing import npt

# `from pandas.core._numba.kernels.shared import is_monotonic_increasing` (pandas is not installed here):
# pandas/core/_numba/kernels/shared.py lines 11-27, copied unchanged:
@numba.jit(
    numba.boolean(numba.int64[:]),
    nogil=True,
    parallel=False,
)
def is_monotonic_increasing(bounds: np.ndarray) -> bool:
    """Check if int64 values are monotonically increasing."""
    n = len(bounds)
    if n < 2:
        return True
    prev = bounds[0]
    for i in range(1, n):
        cur = bounds[i]
        if cur < prev:
            return False
        prev = cur
    return True

# `from pandas.core._numba.kernels.sum_ import grouped_kahan_sum`: sum_.py line 18 (the import its decorator needs)
# and lines 27-49 and 161-220 (grouped_kahan_sum and the add_sum it calls), copied unchanged:
from numba.extending import register_jitable

@numba.jit(nogil=True, parallel=False)
def add_sum(
    val: Any,
    nobs: int,
    sum_x: Any,
    compensation: Any,
    num_consecutive_same_value: int,
    prev_value: Any,
) -> tuple[int, Any, Any, int, Any]:
    if not np.isnan(val):
        nobs += 1
        y = val - compensation
        t = sum_x + y
        compensation = t - sum_x - y
        sum_x = t

        if val == prev_value:
            num_consecutive_same_value += 1
        else:
            num_consecutive_same_value = 1
        prev_value = val

    return nobs, sum_x, compensation, num_consecutive_same_value, prev_value

@register_jitable
def grouped_kahan_sum(
    values: np.ndarray,
    result_dtype: np.dtype,
    labels: npt.NDArray[np.intp],
    ngroups: int,
    skipna: bool,
) -> tuple[
    np.ndarray, npt.NDArray[np.int64], np.ndarray, npt.NDArray[np.int64], np.ndarray
]:
    N = len(labels)

    nobs_arr = np.zeros(ngroups, dtype=np.int64)
    comp_arr = np.zeros(ngroups, dtype=values.dtype)
    consecutive_counts = np.zeros(ngroups, dtype=np.int64)
    prev_vals = np.zeros(ngroups, dtype=values.dtype)
    output = np.zeros(ngroups, dtype=result_dtype)

    for i in range(N):
        lab = labels[i]
        val = values[i]

        if lab < 0 or np.isnan(output[lab]):
            continue

        if not skipna and np.isnan(val):
            output[lab] = np.nan
            nobs_arr[lab] += 1
            comp_arr[lab] = np.nan
            consecutive_counts[lab] = 1
            prev_vals[lab] = np.nan
            continue

        sum_x = output[lab]
        nobs = nobs_arr[lab]
        compensation_add = comp_arr[lab]
        num_consecutive_same_value = consecutive_counts[lab]
        prev_value = prev_vals[lab]

        (
            nobs,
            sum_x,
            compensation_add,
            num_consecutive_same_value,
            prev_value,
        ) = add_sum(
            val,
            nobs,
            sum_x,
            compensation_add,
            num_consecutive_same_value,
            prev_value,
        )

        output[lab] = sum_x
        consecutive_counts[lab] = num_consecutive_same_value
        prev_vals[lab] = prev_value
        comp_arr[lab] = compensation_add
        nobs_arr[lab] = nobs
    return output, nobs_arr, comp_arr, consecutive_counts, prev_vals

# pandas/core/_numba/kernels/mean_.py lines 24-64, the helpers sliding_mean calls (their cases are below), copied unchanged:
@numba.jit(nogil=True, parallel=False)
def add_mean(
    val: float,
    nobs: int,
    sum_x: float,
    neg_ct: int,
    compensation: float,
    num_consecutive_same_value: int,
    prev_value: float,
) -> tuple[int, float, int, float, int, float]:
    if not np.isnan(val):
        nobs += 1
        y = val - compensation
        t = sum_x + y
        compensation = t - sum_x - y
        sum_x = t
        if val < 0:
            neg_ct += 1

        if val == prev_value:
            num_consecutive_same_value += 1
        else:
            num_consecutive_same_value = 1
        prev_value = val

    return nobs, sum_x, neg_ct, compensation, num_consecutive_same_value, prev_value

@numba.jit(nogil=True, parallel=False)
def remove_mean(
    val: float, nobs: int, sum_x: float, neg_ct: int, compensation: float
) -> tuple[int, float, int, float]:
    if not np.isnan(val):
        nobs -= 1
        y = -val - compensation
        t = sum_x + y
        compensation = t - sum_x - y
        sum_x = t
        if val < 0:
            neg_ct -= 1
    return nobs, sum_x, neg_ct, compensation

# === CASE add_mean
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/mean_.py @ 3dcc6fbbbebc, line 24
# add_mean is in the prelude: sliding_mean calls it.
# RUN: add_mean (-1.5, 3, 4.0, 1, 0.0, 1, 2.0)
# RUN: add_mean (2.0, 3, 4.0, 1, 0.0, 1, 2.0)
# RUN: add_mean (np.nan, 3, 4.0, 1, 0.0, 1, 2.0)

# === CASE remove_mean
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/mean_.py @ 3dcc6fbbbebc, line 52
# remove_mean is in the prelude: sliding_mean calls it.
# RUN: remove_mean (-1.5, 4, 2.5, 2, 0.0)
# RUN: remove_mean (3.0, 4, 2.5, 2, 1e-17)

# === CASE sliding_mean
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/mean_.py @ 3dcc6fbbbebc, line 67
# RUN: sliding_mean (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.maximum(np.arange(20) - 2, 0), np.arange(1, 21), 1)
# RUN: sliding_mean (np.array([1.0, -2.0, np.nan, 4.0, 4.0, 4.0, -1.5, 3.0, np.nan, 0.5]), np.float64, np.array([0, 0, 1, 3, 2, 4, 6, 5, 8, 8]), np.array([1, 3, 4, 5, 6, 8, 9, 10, 10, 10]), 2)
@numba.jit(nogil=True, parallel=False)
def sliding_mean(
    values: np.ndarray,
    result_dtype: np.dtype,
    start: np.ndarray,
    end: np.ndarray,
    min_periods: int,
) -> tuple[np.ndarray, list[int]]:
    N = len(start)
    nobs = 0
    sum_x = 0.0
    neg_ct = 0
    compensation_add = 0.0
    compensation_remove = 0.0

    is_monotonic_increasing_bounds = is_monotonic_increasing(
        start
    ) and is_monotonic_increasing(end)

    output = np.empty(N, dtype=result_dtype)

    for i in range(N):
        s = start[i]
        e = end[i]
        if i == 0 or not is_monotonic_increasing_bounds:
            prev_value = values[s]
            num_consecutive_same_value = 0

            for j in range(s, e):
                val = values[j]
                (
                    nobs,
                    sum_x,
                    neg_ct,
                    compensation_add,
                    num_consecutive_same_value,
                    prev_value,
                ) = add_mean(
                    val,
                    nobs,
                    sum_x,
                    neg_ct,
                    compensation_add,
                    num_consecutive_same_value,
                    prev_value,  # pyright: ignore[reportArgumentType]
                )
        else:
            for j in range(start[i - 1], s):
                val = values[j]
                nobs, sum_x, neg_ct, compensation_remove = remove_mean(
                    val, nobs, sum_x, neg_ct, compensation_remove
                )

            for j in range(end[i - 1], e):
                val = values[j]
                (
                    nobs,
                    sum_x,
                    neg_ct,
                    compensation_add,
                    num_consecutive_same_value,
                    prev_value,
                ) = add_mean(
                    val,
                    nobs,
                    sum_x,
                    neg_ct,
                    compensation_add,
                    num_consecutive_same_value,
                    prev_value,  # pyright: ignore[reportArgumentType]
                )

        if nobs >= min_periods and nobs > 0:
            result = sum_x / nobs
            if num_consecutive_same_value >= nobs:
                result = prev_value
            elif neg_ct == 0 and result < 0:
                result = 0
            elif neg_ct == nobs and result > 0:
                result = 0
        else:
            result = np.nan

        output[i] = result

        if not is_monotonic_increasing_bounds:
            nobs = 0
            sum_x = 0.0
            neg_ct = 0
            compensation_remove = 0.0

    # na_position is empty list since float64 can already hold nans
    # Do list comprehension, since numba cannot figure out that na_pos is
    # empty list of ints on its own
    na_pos = [0 for i in range(0)]
    return output, na_pos

# === CASE grouped_mean
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/mean_.py @ 3dcc6fbbbebc, line 165
# RUN: grouped_mean (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, 1, True)
# RUN: grouped_mean (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, 5, False)
@numba.jit(nogil=True, parallel=False)
def grouped_mean(
    values: np.ndarray,
    result_dtype: np.dtype,
    labels: npt.NDArray[np.intp],
    ngroups: int,
    min_periods: int,
    skipna: bool,
) -> tuple[np.ndarray, list[int]]:
    output, nobs_arr, comp_arr, consecutive_counts, prev_vals = grouped_kahan_sum(
        values, result_dtype, labels, ngroups, skipna
    )

    # Post-processing, replace sums that don't satisfy min_periods
    for lab in range(ngroups):
        nobs = nobs_arr[lab]
        num_consecutive_same_value = consecutive_counts[lab]
        prev_value = prev_vals[lab]
        sum_x = output[lab]
        if nobs >= min_periods:
            if num_consecutive_same_value >= nobs:
                result = prev_value * nobs
            else:
                result = sum_x
        else:
            result = np.nan
        result /= nobs
        output[lab] = result

    # na_position is empty list since float64 can already hold nans
    # Do list comprehension, since numba cannot figure out that na_pos is
    # empty list of ints on its own
    na_pos = [0 for i in range(0)]
    return output, na_pos
