# Real Numba code from pandas-dev/pandas pandas/core/_numba/kernels/sum_.py at commit 3dcc6fbbbebc5e85dd3e83fe49b382ca7735cae1
# (the v3.1.1 release; its files as the PyPI wheel pandas-3.1.1 ships them, whose pandas/_version_meson.py names this commit)
# (BSD-3-Clause, Copyright (c) 2008-2011, AQR Capital Management, LLC, Lambda Foundry, Inc. and PyData Development Team; Copyright (c) 2011-2026, Open source contributors),
# copied unchanged: the module's jitted functions (and its @register_jitable grouped_kahan_sum, compiled with njit).
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

from typing import (
    TYPE_CHECKING,
    Any,
)

import numba
from numba.extending import register_jitable
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

# pandas/core/_numba/kernels/sum_.py lines 27-62 and 161-220, the helpers the kernels call (their cases are below), copied unchanged:
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

@numba.jit(nogil=True, parallel=False)
def remove_sum(
    val: Any, nobs: int, sum_x: Any, compensation: Any
) -> tuple[int, Any, Any]:
    if not np.isnan(val):
        nobs -= 1
        y = -val - compensation
        t = sum_x + y
        compensation = t - sum_x - y
        sum_x = t
    return nobs, sum_x, compensation

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

# === CASE add_sum
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/sum_.py @ 3dcc6fbbbebc, line 27
# add_sum is in the prelude: sliding_sum, grouped_kahan_sum and grouped_sum call it.
# RUN: add_sum (2.5, 3, 10.0, 0.0, 1, 2.5)
# RUN: add_sum (-1.0, 3, 10.0, 1e-17, 2, 2.5)
# RUN: add_sum (np.nan, 3, 10.0, 0.0, 1, 2.5)

# === CASE remove_sum
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/sum_.py @ 3dcc6fbbbebc, line 52
# remove_sum is in the prelude: sliding_sum calls it.
# RUN: remove_sum (1.5, 4, 10.0, 0.0)
# RUN: remove_sum (np.nan, 4, 10.0, 0.0)

# === CASE sliding_sum
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/sum_.py @ 3dcc6fbbbebc, line 65
# RUN: sliding_sum (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.maximum(np.arange(20) - 2, 0), np.arange(1, 21), 1)
# RUN: sliding_sum (np.array([1.0, -2.0, np.nan, 4.0, 4.0, 4.0, -1.5, 3.0, np.nan, 0.5]), np.float64, np.array([0, 0, 1, 3, 2, 4, 6, 5, 8, 8]), np.array([1, 3, 4, 5, 6, 8, 9, 10, 10, 10]), 2)
# RUN: sliding_sum (np.arange(20), np.int64, np.maximum(np.arange(20) - 2, 0), np.arange(1, 21), 3)
@numba.jit(nogil=True, parallel=False)
def sliding_sum(
    values: np.ndarray,
    result_dtype: np.dtype,
    start: np.ndarray,
    end: np.ndarray,
    min_periods: int,
) -> tuple[np.ndarray, list[int]]:
    dtype = values.dtype

    na_val: object = np.nan
    if dtype.kind == "i":
        na_val = 0

    N = len(start)
    nobs = 0
    sum_x = 0
    compensation_add = 0
    compensation_remove = 0
    na_pos = []

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
        else:
            for j in range(start[i - 1], s):
                val = values[j]
                nobs, sum_x, compensation_remove = remove_sum(
                    val, nobs, sum_x, compensation_remove
                )

            for j in range(end[i - 1], e):
                val = values[j]
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

        if nobs == 0 == min_periods:
            result: object = 0
        elif nobs >= min_periods:
            if num_consecutive_same_value >= nobs:
                result = prev_value * nobs
            else:
                result = sum_x
        else:
            result = na_val
            if dtype.kind == "i":
                na_pos.append(i)

        output[i] = result

        if not is_monotonic_increasing_bounds:
            nobs = 0
            sum_x = 0
            compensation_remove = 0

    return output, na_pos

# === CASE grouped_kahan_sum
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/sum_.py @ 3dcc6fbbbebc, line 161
# grouped_kahan_sum (@register_jitable) is in the prelude: grouped_sum calls it; compiled here with njit.
# RUN: numba.njit(grouped_kahan_sum) (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, True)
# RUN: numba.njit(grouped_kahan_sum) (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, False)

# === CASE grouped_sum
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/sum_.py @ 3dcc6fbbbebc, line 223
# RUN: grouped_sum (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, 1, True)
# RUN: grouped_sum (np.where(np.arange(20) % 7 == 3, np.nan, np.linspace(-2.0, 5.0, 20)), np.float64, np.arange(20) % 4 - 1, 3, 5, False)
@numba.jit(nogil=True, parallel=False)
def grouped_sum(
    values: np.ndarray,
    result_dtype: np.dtype,
    labels: npt.NDArray[np.intp],
    ngroups: int,
    min_periods: int,
    skipna: bool,
) -> tuple[np.ndarray, list[int]]:
    na_pos = []

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
            result = sum_x  # Don't change val, will be replaced by nan later
            na_pos.append(lab)
        output[lab] = result

    return output, na_pos
