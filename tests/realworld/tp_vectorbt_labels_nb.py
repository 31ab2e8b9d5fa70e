# Real Numba code from polakowo/vectorbt vectorbt/labels/nb.py at commit f9897528f675114e6b34790178dbb2ca137acb51
# (Apache-2.0 with the Commons Clause condition, Copyright (c) 2017-2026 Oleg Polakow), copied unchanged: all its @njit functions, in order, each case with the module's
# functions it calls. What they import from vectorbt is copied, unchanged, into the cases that use it: flex_select_auto_nb
# and its helpers (vectorbt/base/reshape_fns.py), TrendMode (vectorbt/labels/enums.py), and the functions of
# vectorbt/generic/nb.py they call as `generic_nb.NAME`, with `generic_nb` bound to the case's own module (a stand-in for
# `from vectorbt.generic import nb as generic_nb`, as vectorbt is not installed). `from __future__ import annotations`
# leaves the annotations unevaluated, and `tp` is typing, in place of `from vectorbt import _typing as tp` (TrendModeT
# subclasses tp.NamedTuple, which vectorbt's _typing re-exports from typing).
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import sys
import typing as tp

import numpy as np
from numba import njit
from numba.core.types import Type, Omitted
from numba.extending import overload
from numba.np.numpy_support import as_dtype

# === CASE future_mean_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 25
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: future_mean_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3, False)
# RUN: future_mean_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 4, True, 1, True)
# RUN: future_mean_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3, True, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 717
@njit(cache=True)
def rolling_mean_1d_nb(a: tp.Array1d, window: int, minp: tp.Optional[int] = None) -> tp.Array1d:
    """Return rolling mean.

    Numba equivalent to `pd.Series(a).rolling(window, min_periods=minp).mean()`."""
    if minp is None:
        minp = window
    if minp > window:
        raise ValueError("minp must be <= window")
    out = np.empty_like(a, dtype=np.float64)
    cumsum_arr = np.zeros_like(a)
    cumsum = 0
    nancnt_arr = np.zeros_like(a)
    nancnt = 0
    for i in range(a.shape[0]):
        if np.isnan(a[i]):
            nancnt = nancnt + 1
        else:
            cumsum = cumsum + a[i]
        nancnt_arr[i] = nancnt
        cumsum_arr[i] = cumsum
        if i < window:
            window_len = i + 1 - nancnt
            window_cumsum = cumsum
        else:
            window_len = window - (nancnt - nancnt_arr[i - window])
            window_cumsum = cumsum - cumsum_arr[i - window]
        if window_len < minp:
            out[i] = np.nan
        else:
            out[i] = window_cumsum / window_len
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 751
@njit(cache=True)
def rolling_mean_nb(a: tp.Array2d, window: int, minp: tp.Optional[int] = None) -> tp.Array2d:
    """2-dim version of `rolling_mean_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = rolling_mean_1d_nb(a[:, col], window, minp=minp)
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 872
@njit(cache=True)
def ewm_mean_1d_nb(a: tp.Array1d, span: int, minp: int = 0, adjust: bool = False) -> tp.Array1d:
    """Return exponential weighted average.

    Numba equivalent to `pd.Series(a).ewm(span=span, min_periods=minp, adjust=adjust).mean()`.

    Adaptation of `pd._libs.window.aggregations.window_aggregations.ewma` with default arguments."""
    if minp is None:
        minp = span
    if minp > span:
        raise ValueError("minp must be <= span")
    N = len(a)
    out = np.empty(N, dtype=np.float64)
    if N == 0:
        return out
    com = (span - 1) / 2.0
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha
    weighted_avg = a[0]
    is_observation = weighted_avg == weighted_avg
    nobs = int(is_observation)
    out[0] = weighted_avg if (nobs >= minp) else np.nan
    old_wt = 1.0

    for i in range(1, N):
        cur = a[i]
        is_observation = cur == cur
        nobs += is_observation
        if weighted_avg == weighted_avg:
            old_wt *= old_wt_factor
            if is_observation:
                # avoid numerical errors on constant series
                if weighted_avg != cur:
                    weighted_avg = ((old_wt * weighted_avg) + (new_wt * cur)) / (old_wt + new_wt)
                if adjust:
                    old_wt += new_wt
                else:
                    old_wt = 1.0
        elif is_observation:
            weighted_avg = cur
        out[i] = weighted_avg if (nobs >= minp) else np.nan
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 917
@njit(cache=True)
def ewm_mean_nb(a: tp.Array2d, span: int, minp: int = 0, adjust: bool = False) -> tp.Array2d:
    """2-dim version of `ewm_mean_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = ewm_mean_1d_nb(a[:, col], span, minp=minp, adjust=adjust)
    return out

@njit(cache=True)
def future_mean_apply_nb(close: tp.Array2d, window: int, ewm: bool, wait: int = 1, adjust: bool = False) -> tp.Array2d:
    """Get the mean of the next period."""
    if ewm:
        out = generic_nb.ewm_mean_nb(close[::-1], window, minp=window, adjust=adjust)[::-1]
    else:
        out = generic_nb.rolling_mean_nb(close[::-1], window, minp=window)[::-1]
    if wait > 0:
        return generic_nb.bshift_nb(out, wait)
    return out

# === CASE future_std_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 37
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: future_std_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3, False, 1, False, 1)
# RUN: future_std_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 4, True)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 40
_INV_COND_TOL = np.finfo(np.float64).eps * 1e3

# vectorbt/generic/nb.py @ f9897528f675, line 760
@njit(cache=True)
def _add_var_nb(
    val: float,
    nobs: float,
    mean: float,
    m2: float,
    compensation: float,
    numerically_unstable: bool,
) -> tp.Tuple:
    """Add a value to a rolling variance state."""
    if np.isnan(val):
        return nobs, mean, m2, compensation, numerically_unstable
    prev_m2 = m2
    nobs += 1
    prev_mean = mean - compensation
    y = val - compensation
    delta = y - mean
    compensation = delta + mean - y
    mean += delta / nobs
    m2 += (val - prev_mean) * (val - mean)
    if prev_m2 * _INV_COND_TOL > m2:
        numerically_unstable = True
    return nobs, mean, m2, compensation, numerically_unstable

# vectorbt/generic/nb.py @ f9897528f675, line 785
@njit(cache=True)
def _remove_var_nb(
    val: float,
    nobs: float,
    mean: float,
    m2: float,
    compensation: float,
    numerically_unstable: bool,
) -> tp.Tuple:
    """Remove a value from a rolling variance state."""
    if np.isnan(val):
        return nobs, mean, m2, compensation, numerically_unstable
    prev_m2 = m2
    nobs -= 1
    if nobs:
        prev_mean = mean - compensation
        y = val - compensation
        delta = y - mean
        compensation = delta + mean - y
        mean -= delta / nobs
        m2 -= (val - prev_mean) * (val - mean)
        if prev_m2 * _INV_COND_TOL > m2:
            numerically_unstable = True
    else:
        mean = 0.0
        m2 = 0.0
        numerically_unstable = False
    return nobs, mean, m2, compensation, numerically_unstable

# vectorbt/generic/nb.py @ f9897528f675, line 815
@njit(cache=True)
def rolling_std_1d_nb(a: tp.Array1d, window: int, minp: tp.Optional[int] = None, ddof: int = 0) -> tp.Array1d:
    """Return rolling standard deviation.

    Numba equivalent to `pd.Series(a).rolling(window, min_periods=minp).std(ddof=ddof)`.

    Uses pandas' Kahan-compensated Welford algorithm for numerical stability."""
    if minp is None:
        minp = window
    if minp > window:
        raise ValueError("minp must be <= window")
    minp = max(minp, 1)
    out = np.empty_like(a, dtype=np.float64)
    mean = 0.0
    m2 = 0.0
    nobs = 0.0
    compensation_add = 0.0
    compensation_remove = 0.0
    numerically_unstable = False
    for i in range(a.shape[0]):
        requires_recompute = i == 0 or window == 0
        if not requires_recompute:
            if i >= window:
                nobs, mean, m2, compensation_remove, numerically_unstable = _remove_var_nb(
                    a[i - window], nobs, mean, m2, compensation_remove, numerically_unstable
                )
            nobs, mean, m2, compensation_add, numerically_unstable = _add_var_nb(
                a[i], nobs, mean, m2, compensation_add, numerically_unstable
            )
        if requires_recompute or numerically_unstable:
            mean = 0.0
            m2 = 0.0
            nobs = 0.0
            compensation_add = 0.0
            compensation_remove = 0.0
            start = max(0, i - window + 1)
            for j in range(start, i + 1):
                nobs, mean, m2, compensation_add, numerically_unstable = _add_var_nb(
                    a[j], nobs, mean, m2, compensation_add, numerically_unstable
                )
            numerically_unstable = False
        if nobs >= minp and nobs > ddof:
            out[i] = np.sqrt(m2 / (nobs - ddof))
        else:
            out[i] = np.nan
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 863
@njit(cache=True)
def rolling_std_nb(a: tp.Array2d, window: int, minp: tp.Optional[int] = None, ddof: int = 0) -> tp.Array2d:
    """2-dim version of `rolling_std_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = rolling_std_1d_nb(a[:, col], window, minp=minp, ddof=ddof)
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 926
@njit(cache=True)
def ewm_std_1d_nb(a: tp.Array1d, span: int, minp: int = 0, adjust: bool = False, ddof: int = 0) -> tp.Array1d:
    """Return exponential weighted standard deviation.

    Numba equivalent to `pd.Series(a).ewm(span=span, min_periods=minp).std(ddof=ddof)`.

    Adaptation of `pd._libs.window.aggregations.window_aggregations.ewmcov` with default arguments."""
    if minp is None:
        minp = span
    if minp > span:
        raise ValueError("minp must be <= span")
    N = len(a)
    out = np.empty(N, dtype=np.float64)
    if N == 0:
        return out
    com = (span - 1) / 2.0
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha
    mean_x = a[0]
    mean_y = a[0]
    is_observation = (mean_x == mean_x) and (mean_y == mean_y)
    nobs = int(is_observation)
    if not is_observation:
        mean_x = np.nan
        mean_y = np.nan
    out[0] = np.nan
    cov = 0.0
    sum_wt = 1.0
    sum_wt2 = 1.0
    old_wt = 1.0

    for i in range(1, N):
        cur_x = a[i]
        cur_y = a[i]
        is_observation = (cur_x == cur_x) and (cur_y == cur_y)
        nobs += is_observation
        if mean_x == mean_x:
            sum_wt *= old_wt_factor
            sum_wt2 *= old_wt_factor * old_wt_factor
            old_wt *= old_wt_factor
            if is_observation:
                old_mean_x = mean_x
                old_mean_y = mean_y

                # avoid numerical errors on constant series
                if mean_x != cur_x:
                    mean_x = ((old_wt * old_mean_x) + (new_wt * cur_x)) / (old_wt + new_wt)

                # avoid numerical errors on constant series
                if mean_y != cur_y:
                    mean_y = ((old_wt * old_mean_y) + (new_wt * cur_y)) / (old_wt + new_wt)
                cov = (
                    (old_wt * (cov + ((old_mean_x - mean_x) * (old_mean_y - mean_y))))
                    + (new_wt * ((cur_x - mean_x) * (cur_y - mean_y)))
                ) / (old_wt + new_wt)
                sum_wt += new_wt
                sum_wt2 += new_wt * new_wt
                old_wt += new_wt
                if not adjust:
                    sum_wt /= old_wt
                    sum_wt2 /= old_wt * old_wt
                    old_wt = 1.0
        elif is_observation:
            mean_x = cur_x
            mean_y = cur_y

        if nobs >= minp:
            numerator = sum_wt * sum_wt
            denominator = numerator - sum_wt2
            if denominator > 0.0:
                out[i] = (numerator / denominator) * cov
            else:
                out[i] = np.nan
        else:
            out[i] = np.nan
    return np.sqrt(out)

# vectorbt/generic/nb.py @ f9897528f675, line 1005
@njit(cache=True)
def ewm_std_nb(a: tp.Array2d, span: int, minp: int = 0, adjust: bool = False, ddof: int = 0) -> tp.Array2d:
    """2-dim version of `ewm_std_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = ewm_std_1d_nb(a[:, col], span, minp=minp, adjust=adjust, ddof=ddof)
    return out

@njit(cache=True)
def future_std_apply_nb(
    close: tp.Array2d,
    window: int,
    ewm: bool,
    wait: int = 1,
    adjust: bool = False,
    ddof: int = 0,
) -> tp.Array2d:
    """Get the standard deviation of the next period."""
    if ewm:
        out = generic_nb.ewm_std_nb(close[::-1], window, minp=window, adjust=adjust, ddof=ddof)[::-1]
    else:
        out = generic_nb.rolling_std_nb(close[::-1], window, minp=window, ddof=ddof)[::-1]
    if wait > 0:
        return generic_nb.bshift_nb(out, wait)
    return out

# === CASE future_min_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 56
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: future_min_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3)
# RUN: future_min_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 4, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 647
@njit(cache=True)
def rolling_min_1d_nb(a: tp.Array1d, window: int, minp: tp.Optional[int] = None) -> tp.Array1d:
    """Return rolling min.

    Numba equivalent to `pd.Series(a).rolling(window, min_periods=minp).min()`."""
    if minp is None:
        minp = window
    if minp > window:
        raise ValueError("minp must be <= window")
    out = np.empty_like(a, dtype=np.float64)
    for i in range(a.shape[0]):
        minv = a[i]
        cnt = 0
        for j in range(max(i - window + 1, 0), i + 1):
            if np.isnan(a[j]):
                continue
            if np.isnan(minv) or a[j] < minv:
                minv = a[j]
            cnt += 1
        if cnt < minp:
            out[i] = np.nan
        else:
            out[i] = minv
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 673
@njit(cache=True)
def rolling_min_nb(a: tp.Array2d, window: int, minp: tp.Optional[int] = None) -> tp.Array2d:
    """2-dim version of `rolling_min_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = rolling_min_1d_nb(a[:, col], window, minp=minp)
    return out

@njit(cache=True)
def future_min_apply_nb(close: tp.Array2d, window: int, wait: int = 1) -> tp.Array2d:
    """Get the minimum of the next period."""
    out = generic_nb.rolling_min_nb(close[::-1], window, minp=window)[::-1]
    if wait > 0:
        return generic_nb.bshift_nb(out, wait)
    return out

# === CASE future_max_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 65
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: future_max_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3)
# RUN: future_max_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 4, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 682
@njit(cache=True)
def rolling_max_1d_nb(a: tp.Array1d, window: int, minp: tp.Optional[int] = None) -> tp.Array1d:
    """Return rolling max.

    Numba equivalent to `pd.Series(a).rolling(window, min_periods=minp).max()`."""
    if minp is None:
        minp = window
    if minp > window:
        raise ValueError("minp must be <= window")
    out = np.empty_like(a, dtype=np.float64)
    for i in range(a.shape[0]):
        maxv = a[i]
        cnt = 0
        for j in range(max(i - window + 1, 0), i + 1):
            if np.isnan(a[j]):
                continue
            if np.isnan(maxv) or a[j] > maxv:
                maxv = a[j]
            cnt += 1
        if cnt < minp:
            out[i] = np.nan
        else:
            out[i] = maxv
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 708
@njit(cache=True)
def rolling_max_nb(a: tp.Array2d, window: int, minp: tp.Optional[int] = None) -> tp.Array2d:
    """2-dim version of `rolling_max_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = rolling_max_1d_nb(a[:, col], window, minp=minp)
    return out

@njit(cache=True)
def future_max_apply_nb(close: tp.Array2d, window: int, wait: int = 1) -> tp.Array2d:
    """Get the maximum of the next period."""
    out = generic_nb.rolling_max_nb(close[::-1], window, minp=window)[::-1]
    if wait > 0:
        return generic_nb.bshift_nb(out, wait)
    return out

# === CASE fixed_labels_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 74
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: fixed_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 2)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

@njit(cache=True)
def fixed_labels_apply_nb(close: tp.Array2d, n: int) -> tp.Array2d:
    """Get percentage change from the current value to a future value."""
    return (generic_nb.bshift_nb(close, n) - close) / close

# === CASE mean_labels_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 80
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: mean_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3, False)
# RUN: mean_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 3, True, 2, True)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 224
def _bshift_1d_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty(arr.shape[0], dtype=dtype)
        for i in range(out.shape[0]):
            if i + n <= out.shape[0] - 1:
                out[i] = arr[i + n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 252
ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 255
@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 266
def _bshift_nb(arr, n, fill_value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        if isinstance(fill_value, Omitted):
            fill_value_dtype = np.asarray(fill_value.value).dtype
        else:
            fill_value_dtype = as_dtype(fill_value)
    else:
        a_dtype = arr.dtype
        fill_value_dtype = np.array(fill_value).dtype
    dtype = np.promote_types(a_dtype, fill_value_dtype)

    def impl(arr, n, fill_value):
        out = np.empty_like(arr, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = bshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 291
ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 294
@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 717
@njit(cache=True)
def rolling_mean_1d_nb(a: tp.Array1d, window: int, minp: tp.Optional[int] = None) -> tp.Array1d:
    """Return rolling mean.

    Numba equivalent to `pd.Series(a).rolling(window, min_periods=minp).mean()`."""
    if minp is None:
        minp = window
    if minp > window:
        raise ValueError("minp must be <= window")
    out = np.empty_like(a, dtype=np.float64)
    cumsum_arr = np.zeros_like(a)
    cumsum = 0
    nancnt_arr = np.zeros_like(a)
    nancnt = 0
    for i in range(a.shape[0]):
        if np.isnan(a[i]):
            nancnt = nancnt + 1
        else:
            cumsum = cumsum + a[i]
        nancnt_arr[i] = nancnt
        cumsum_arr[i] = cumsum
        if i < window:
            window_len = i + 1 - nancnt
            window_cumsum = cumsum
        else:
            window_len = window - (nancnt - nancnt_arr[i - window])
            window_cumsum = cumsum - cumsum_arr[i - window]
        if window_len < minp:
            out[i] = np.nan
        else:
            out[i] = window_cumsum / window_len
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 751
@njit(cache=True)
def rolling_mean_nb(a: tp.Array2d, window: int, minp: tp.Optional[int] = None) -> tp.Array2d:
    """2-dim version of `rolling_mean_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = rolling_mean_1d_nb(a[:, col], window, minp=minp)
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 872
@njit(cache=True)
def ewm_mean_1d_nb(a: tp.Array1d, span: int, minp: int = 0, adjust: bool = False) -> tp.Array1d:
    """Return exponential weighted average.

    Numba equivalent to `pd.Series(a).ewm(span=span, min_periods=minp, adjust=adjust).mean()`.

    Adaptation of `pd._libs.window.aggregations.window_aggregations.ewma` with default arguments."""
    if minp is None:
        minp = span
    if minp > span:
        raise ValueError("minp must be <= span")
    N = len(a)
    out = np.empty(N, dtype=np.float64)
    if N == 0:
        return out
    com = (span - 1) / 2.0
    alpha = 1.0 / (1.0 + com)
    old_wt_factor = 1.0 - alpha
    new_wt = 1.0 if adjust else alpha
    weighted_avg = a[0]
    is_observation = weighted_avg == weighted_avg
    nobs = int(is_observation)
    out[0] = weighted_avg if (nobs >= minp) else np.nan
    old_wt = 1.0

    for i in range(1, N):
        cur = a[i]
        is_observation = cur == cur
        nobs += is_observation
        if weighted_avg == weighted_avg:
            old_wt *= old_wt_factor
            if is_observation:
                # avoid numerical errors on constant series
                if weighted_avg != cur:
                    weighted_avg = ((old_wt * weighted_avg) + (new_wt * cur)) / (old_wt + new_wt)
                if adjust:
                    old_wt += new_wt
                else:
                    old_wt = 1.0
        elif is_observation:
            weighted_avg = cur
        out[i] = weighted_avg if (nobs >= minp) else np.nan
    return out

# vectorbt/generic/nb.py @ f9897528f675, line 917
@njit(cache=True)
def ewm_mean_nb(a: tp.Array2d, span: int, minp: int = 0, adjust: bool = False) -> tp.Array2d:
    """2-dim version of `ewm_mean_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = ewm_mean_1d_nb(a[:, col], span, minp=minp, adjust=adjust)
    return out

@njit(cache=True)
def future_mean_apply_nb(close: tp.Array2d, window: int, ewm: bool, wait: int = 1, adjust: bool = False) -> tp.Array2d:
    """Get the mean of the next period."""
    if ewm:
        out = generic_nb.ewm_mean_nb(close[::-1], window, minp=window, adjust=adjust)[::-1]
    else:
        out = generic_nb.rolling_mean_nb(close[::-1], window, minp=window)[::-1]
    if wait > 0:
        return generic_nb.bshift_nb(out, wait)
    return out

@njit(cache=True)
def mean_labels_apply_nb(close: tp.Array2d, window: int, ewm: bool, wait: int = 1, adjust: bool = False) -> tp.Array2d:
    """Get the percentage change from the current value to the average of the next period."""
    return (future_mean_apply_nb(close, window, ewm, wait, adjust) - close) / close

# === CASE get_symmetric_pos_th_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 86
# RUN: get_symmetric_pos_th_nb 0.5
# RUN: get_symmetric_pos_th_nb np.array([0.1, 0.2, 0.5])
@njit(cache=True)
def get_symmetric_pos_th_nb(neg_th: tp.MaybeArray[float]) -> tp.MaybeArray[float]:
    """Compute the positive return that is symmetric to a negative one.

    For example, 50% down requires 100% to go up to the initial level."""
    return neg_th / (1 - neg_th)

# === CASE get_symmetric_neg_th_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 94
# RUN: get_symmetric_neg_th_nb 1.0
# RUN: get_symmetric_neg_th_nb np.array([0.1, 0.25, 1.0])
@njit(cache=True)
def get_symmetric_neg_th_nb(pos_th: tp.MaybeArray[float]) -> tp.MaybeArray[float]:
    """Compute the negative return that is symmetric to a positive one."""
    return pos_th / (1 + pos_th)

# === CASE local_extrema_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 100
# RUN: local_extrema_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.05, 0.05)
# RUN: local_extrema_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.array([0.03, 0.08]), 0.04)
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def local_extrema_apply_nb(
    close: tp.Array2d,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    flex_2d: bool = True,
) -> tp.Array2d:
    """Get array of local extrema denoted by 1 (peak) or -1 (trough), otherwise 0.

    Two adjacent peak and trough points should exceed the given threshold parameters.

    If any threshold is given element-wise, it will be applied per new/updated extremum.

    Inspired by https://www.mdpi.com/1099-4300/22/10/1162/pdf"""
    pos_th = np.asarray(pos_th)
    neg_th = np.asarray(neg_th)
    out = np.full(close.shape, 0, dtype=np.int64)

    for col in range(close.shape[1]):
        prev_i = 0
        direction = 0

        for i in range(1, close.shape[0]):
            _pos_th = abs(flex_select_auto_nb(pos_th, prev_i, col, flex_2d))
            _neg_th = abs(flex_select_auto_nb(neg_th, prev_i, col, flex_2d))
            if _pos_th == 0:
                raise ValueError("Positive threshold cannot be 0")
            if _neg_th == 0:
                raise ValueError("Negative threshold cannot be 0")

            if direction == 1:
                # Find next high while updating current lows
                if close[i, col] < close[prev_i, col]:
                    prev_i = i
                elif close[i, col] >= close[prev_i, col] * (1 + _pos_th):
                    out[prev_i, col] = -1
                    prev_i = i
                    direction = -1
            elif direction == -1:
                # Find next low while updating current highs
                if close[i, col] > close[prev_i, col]:
                    prev_i = i
                elif close[i, col] <= close[prev_i, col] * (1 - _neg_th):
                    out[prev_i, col] = 1
                    prev_i = i
                    direction = 1
            else:
                # Find first high/low
                if close[i, col] >= close[prev_i, col] * (1 + _pos_th):
                    out[prev_i, col] = -1
                    prev_i = i
                    direction = -1
                elif close[i, col] <= close[prev_i, col] * (1 - _neg_th):
                    out[prev_i, col] = 1
                    prev_i = i
                    direction = 1

            if i == close.shape[0] - 1:
                # Find last high/low
                if direction != 0:
                    out[prev_i, col] = -direction
    return out

# === CASE bn_trend_labels_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 164
# RUN: bn_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2))
@njit(cache=True)
def bn_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d) -> tp.Array2d:
    """Return 0 for H-L and 1 for L-H."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            if close[next_i, col] > close[prev_i, col]:
                out[prev_i:next_i, col] = 1
            else:
                out[prev_i:next_i, col] = 0

    return out

# === CASE bn_cont_trend_labels_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 186
# RUN: bn_cont_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2))
@njit(cache=True)
def bn_cont_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d) -> tp.Array2d:
    """Normalize each range between two extrema between 0 (will go up) and 1 (will go down)."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            _min = np.min(close[prev_i : next_i + 1, col])
            _max = np.max(close[prev_i : next_i + 1, col])
            out[prev_i:next_i, col] = 1 - (close[prev_i:next_i, col] - _min) / (_max - _min)

    return out

# === CASE bn_cont_sat_trend_labels_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 207
# RUN: bn_cont_sat_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2), 0.05, 0.05)
# RUN: bn_cont_sat_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2), np.array([0.02, 0.1]), 0.03, True)
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def bn_cont_sat_trend_labels_nb(
    close: tp.Array2d,
    local_extrema: tp.Array2d,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    flex_2d: bool = True,
) -> tp.Array2d:
    """Similar to `bn_cont_trend_labels_nb` but sets each close value to 0 or 1
    if the percentage change to the next extremum exceeds the threshold set for this range.
    """
    pos_th = np.asarray(pos_th)
    neg_th = np.asarray(neg_th)
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            _pos_th = abs(flex_select_auto_nb(pos_th, prev_i, col, flex_2d))
            _neg_th = abs(flex_select_auto_nb(neg_th, prev_i, col, flex_2d))
            if _pos_th == 0:
                raise ValueError("Positive threshold cannot be 0")
            if _neg_th == 0:
                raise ValueError("Negative threshold cannot be 0")
            _min = np.min(close[prev_i : next_i + 1, col])
            _max = np.max(close[prev_i : next_i + 1, col])

            for i in range(prev_i, next_i):
                if close[next_i, col] > close[prev_i, col]:
                    _start = _max / (1 + _pos_th)
                    _end = _min * (1 + _pos_th)
                    if _max >= _end and close[i, col] <= _start:
                        out[i, col] = 1
                    else:
                        out[i, col] = 1 - (close[i, col] - _start) / (_max - _start)
                else:
                    _start = _min / (1 - _neg_th)
                    _end = _max * (1 - _neg_th)
                    if _min <= _end and close[i, col] >= _start:
                        out[i, col] = 0
                    else:
                        out[i, col] = 1 - (close[i, col] - _min) / (_start - _min)

    return out

# === CASE pct_trend_labels_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 259
# RUN: pct_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2), False)
# RUN: pct_trend_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, np.tile(np.array([1, 0, 0, -1, 0, 0, 0, 1, 0, -1, 0, 0, 1, 0, -1]), 4).reshape(30, 2), True)
@njit(cache=True)
def pct_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d, normalize: bool) -> tp.Array2d:
    """Compute the percentage change of the current value to the next extremum."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            for i in range(prev_i, next_i):
                if close[next_i, col] > close[prev_i, col] and normalize:
                    out[i, col] = (close[next_i, col] - close[i, col]) / close[next_i, col]
                else:
                    out[i, col] = (close[next_i, col] - close[i, col]) / close[i, col]

    return out

# === CASE trend_labels_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 282
# RUN: trend_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.05, 0.05, 0)
# RUN: trend_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.04, 0.04, 1)
# RUN: trend_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.05, 0.03, 2)
# RUN: trend_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.05, 0.05, 3)
# RUN: trend_labels_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 0.05, 0.05, 4)
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

# vectorbt/labels/enums.py @ f9897528f675, line 16
class TrendModeT(tp.NamedTuple):
    Binary: int = 0
    BinaryCont: int = 1
    BinaryContSat: int = 2
    PctChange: int = 3
    PctChangeNorm: int = 4

# vectorbt/labels/enums.py @ f9897528f675, line 24
TrendMode = TrendModeT()

@njit(cache=True)
def local_extrema_apply_nb(
    close: tp.Array2d,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    flex_2d: bool = True,
) -> tp.Array2d:
    """Get array of local extrema denoted by 1 (peak) or -1 (trough), otherwise 0.

    Two adjacent peak and trough points should exceed the given threshold parameters.

    If any threshold is given element-wise, it will be applied per new/updated extremum.

    Inspired by https://www.mdpi.com/1099-4300/22/10/1162/pdf"""
    pos_th = np.asarray(pos_th)
    neg_th = np.asarray(neg_th)
    out = np.full(close.shape, 0, dtype=np.int64)

    for col in range(close.shape[1]):
        prev_i = 0
        direction = 0

        for i in range(1, close.shape[0]):
            _pos_th = abs(flex_select_auto_nb(pos_th, prev_i, col, flex_2d))
            _neg_th = abs(flex_select_auto_nb(neg_th, prev_i, col, flex_2d))
            if _pos_th == 0:
                raise ValueError("Positive threshold cannot be 0")
            if _neg_th == 0:
                raise ValueError("Negative threshold cannot be 0")

            if direction == 1:
                # Find next high while updating current lows
                if close[i, col] < close[prev_i, col]:
                    prev_i = i
                elif close[i, col] >= close[prev_i, col] * (1 + _pos_th):
                    out[prev_i, col] = -1
                    prev_i = i
                    direction = -1
            elif direction == -1:
                # Find next low while updating current highs
                if close[i, col] > close[prev_i, col]:
                    prev_i = i
                elif close[i, col] <= close[prev_i, col] * (1 - _neg_th):
                    out[prev_i, col] = 1
                    prev_i = i
                    direction = 1
            else:
                # Find first high/low
                if close[i, col] >= close[prev_i, col] * (1 + _pos_th):
                    out[prev_i, col] = -1
                    prev_i = i
                    direction = -1
                elif close[i, col] <= close[prev_i, col] * (1 - _neg_th):
                    out[prev_i, col] = 1
                    prev_i = i
                    direction = 1

            if i == close.shape[0] - 1:
                # Find last high/low
                if direction != 0:
                    out[prev_i, col] = -direction
    return out

@njit(cache=True)
def bn_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d) -> tp.Array2d:
    """Return 0 for H-L and 1 for L-H."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            if close[next_i, col] > close[prev_i, col]:
                out[prev_i:next_i, col] = 1
            else:
                out[prev_i:next_i, col] = 0

    return out

@njit(cache=True)
def bn_cont_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d) -> tp.Array2d:
    """Normalize each range between two extrema between 0 (will go up) and 1 (will go down)."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            _min = np.min(close[prev_i : next_i + 1, col])
            _max = np.max(close[prev_i : next_i + 1, col])
            out[prev_i:next_i, col] = 1 - (close[prev_i:next_i, col] - _min) / (_max - _min)

    return out

@njit(cache=True)
def bn_cont_sat_trend_labels_nb(
    close: tp.Array2d,
    local_extrema: tp.Array2d,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    flex_2d: bool = True,
) -> tp.Array2d:
    """Similar to `bn_cont_trend_labels_nb` but sets each close value to 0 or 1
    if the percentage change to the next extremum exceeds the threshold set for this range.
    """
    pos_th = np.asarray(pos_th)
    neg_th = np.asarray(neg_th)
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            _pos_th = abs(flex_select_auto_nb(pos_th, prev_i, col, flex_2d))
            _neg_th = abs(flex_select_auto_nb(neg_th, prev_i, col, flex_2d))
            if _pos_th == 0:
                raise ValueError("Positive threshold cannot be 0")
            if _neg_th == 0:
                raise ValueError("Negative threshold cannot be 0")
            _min = np.min(close[prev_i : next_i + 1, col])
            _max = np.max(close[prev_i : next_i + 1, col])

            for i in range(prev_i, next_i):
                if close[next_i, col] > close[prev_i, col]:
                    _start = _max / (1 + _pos_th)
                    _end = _min * (1 + _pos_th)
                    if _max >= _end and close[i, col] <= _start:
                        out[i, col] = 1
                    else:
                        out[i, col] = 1 - (close[i, col] - _start) / (_max - _start)
                else:
                    _start = _min / (1 - _neg_th)
                    _end = _max * (1 - _neg_th)
                    if _min <= _end and close[i, col] >= _start:
                        out[i, col] = 0
                    else:
                        out[i, col] = 1 - (close[i, col] - _min) / (_start - _min)

    return out

@njit(cache=True)
def pct_trend_labels_nb(close: tp.Array2d, local_extrema: tp.Array2d, normalize: bool) -> tp.Array2d:
    """Compute the percentage change of the current value to the next extremum."""
    out = np.full_like(close, np.nan, dtype=np.float64)

    for col in range(close.shape[1]):
        idxs = np.flatnonzero(local_extrema[:, col])
        if idxs.shape[0] == 0:
            continue

        for k in range(1, idxs.shape[0]):
            prev_i = idxs[k - 1]
            next_i = idxs[k]

            for i in range(prev_i, next_i):
                if close[next_i, col] > close[prev_i, col] and normalize:
                    out[i, col] = (close[next_i, col] - close[i, col]) / close[next_i, col]
                else:
                    out[i, col] = (close[next_i, col] - close[i, col]) / close[i, col]

    return out

@njit(cache=True)
def trend_labels_apply_nb(
    close: tp.Array2d,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    mode: int,
    flex_2d: bool = True,
) -> tp.Array2d:
    """Apply a trend labeling function based on `TrendMode`."""
    local_extrema = local_extrema_apply_nb(close, pos_th, neg_th, flex_2d)
    if mode == TrendMode.Binary:
        return bn_trend_labels_nb(close, local_extrema)
    if mode == TrendMode.BinaryCont:
        return bn_cont_trend_labels_nb(close, local_extrema)
    if mode == TrendMode.BinaryContSat:
        return bn_cont_sat_trend_labels_nb(close, local_extrema, pos_th, neg_th, flex_2d)
    if mode == TrendMode.PctChange:
        return pct_trend_labels_nb(close, local_extrema, False)
    if mode == TrendMode.PctChangeNorm:
        return pct_trend_labels_nb(close, local_extrema, True)
    raise ValueError("Trend mode is not recognized")

# === CASE breakout_labels_nb
# SOURCE: polakowo/vectorbt vectorbt/labels/nb.py @ f9897528f675, line 305
# RUN: breakout_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 5, 0.05, 0.05)
# RUN: breakout_labels_nb (np.random.default_rng(0).lognormal(0.0, 0.05, (30, 2)).cumprod(axis=0) * 100.0, 5, 0.03, np.array([0.02, 0.04]), 2, True)
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def breakout_labels_nb(
    close: tp.Array2d,
    window: int,
    pos_th: tp.MaybeArray[float],
    neg_th: tp.MaybeArray[float],
    wait: int = 1,
    flex_2d: bool = True,
) -> tp.Array2d:
    """For each value, return 1 if any value in the next period is greater than the
    positive threshold (in %), -1 if less than the negative threshold, and 0 otherwise.

    First hit wins."""
    pos_th = np.asarray(pos_th)
    neg_th = np.asarray(neg_th)
    out = np.full_like(close, 0, dtype=np.float64)

    for col in range(close.shape[1]):
        for i in range(close.shape[0]):
            _pos_th = abs(flex_select_auto_nb(pos_th, i, col, flex_2d))
            _neg_th = abs(flex_select_auto_nb(neg_th, i, col, flex_2d))

            for j in range(i + wait, min(i + window + wait, close.shape[0])):
                if _pos_th > 0 and close[j, col] >= close[i, col] * (1 + _pos_th):
                    out[i, col] = 1
                    break
                if _neg_th > 0 and close[j, col] <= close[i, col] * (1 - _neg_th):
                    out[i, col] = -1
                    break

    return out
