# Real Numba code from polakowo/vectorbt vectorbt/indicators/nb.py at commit f9897528f675114e6b34790178dbb2ca137acb51
# (Apache-2.0 with the Commons Clause condition, Copyright (c) 2017-2026 Oleg Polakow), copied unchanged: all its @njit functions, in order, each case with the
# module's functions it calls; the caching functions call functions that reach generic_nb (out of scope, as those are),
# and the apply functions take the typed dict a caching function makes (each RUN line builds one). The functions
# of vectorbt/generic/nb.py (same commit) they call as `generic_nb.NAME` are copied, unchanged, into the cases that call
# them, with `generic_nb` bound to the case's own module (a stand-in for `from vectorbt.generic import nb as generic_nb`,
# as vectorbt is not installed); `from __future__ import annotations` leaves the annotations unevaluated in place of
# `from vectorbt import _typing as tp`.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import sys

import numpy as np
from numba import njit
from numba.core.types import Type, Omitted
from numba.extending import overload
from numba.np.numpy_support import as_dtype

# === CASE ma_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 23
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: ma_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False)
# RUN: ma_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, True)
# RUN: ma_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 4, True, True)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
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
def ma_nb(a: tp.Array2d, window: int, ewm: bool, adjust: bool = False) -> tp.Array2d:
    """Compute simple or exponential moving average (`ewm=True`)."""
    if ewm:
        return generic_nb.ewm_mean_nb(a, window, minp=window, adjust=adjust)
    return generic_nb.rolling_mean_nb(a, window, minp=window)

# === CASE mstd_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 31
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: mstd_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False)
# RUN: mstd_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, True)
# RUN: mstd_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 4, True, True, 1)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
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
def mstd_nb(a: tp.Array2d, window: int, ewm: int, adjust: bool = False, ddof: int = 0) -> tp.Array2d:
    """Compute simple or exponential moving STD (`ewm=True`)."""
    if ewm:
        return generic_nb.ewm_std_nb(a, window, minp=window, adjust=adjust, ddof=ddof)
    return generic_nb.rolling_std_nb(a, window, minp=window, ddof=ddof)

# === CASE ma_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 39
# OUT-OF-SCOPE: calls ma_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def ma_cache_nb(
    close: tp.Array2d,
    windows: tp.List[int],
    ewms: tp.List[bool],
    adjust: bool,
) -> tp.Dict[int, tp.Array2d]:
    """Caching function for `vectorbt.indicators.basic.MA`."""
    cache_dict = dict()
    for i in range(len(windows)):
        h = hash((windows[i], ewms[i]))
        if h not in cache_dict:
            cache_dict[h] = ma_nb(close, windows[i], ewms[i], adjust=adjust)
    return cache_dict

# === CASE ma_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 55
# RUN: ma_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False, False, (lambda d: (d.update({hash((5, False)): np.arange(75.0).reshape(25, 3) * 0.5}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.float64[:, :])))
@njit(cache=True)
def ma_apply_nb(
    close: tp.Array2d,
    window: int,
    ewm: bool,
    adjust: bool,
    cache_dict: tp.Dict[int, tp.Array2d],
) -> tp.Array2d:
    """Apply function for `vectorbt.indicators.basic.MA`."""
    h = hash((window, ewm))
    return cache_dict[h]

# === CASE mstd_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 68
# OUT-OF-SCOPE: calls mstd_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def mstd_cache_nb(
    close: tp.Array2d,
    windows: tp.List[int],
    ewms: tp.List[bool],
    adjust: bool,
    ddof: int,
) -> tp.Dict[int, tp.Array2d]:
    """Caching function for `vectorbt.indicators.basic.MSTD`."""
    cache_dict = dict()
    for i in range(len(windows)):
        h = hash((windows[i], ewms[i]))
        if h not in cache_dict:
            cache_dict[h] = mstd_nb(close, windows[i], ewms[i], adjust=adjust, ddof=ddof)
    return cache_dict

# === CASE mstd_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 85
# RUN: mstd_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 4, True, False, 1, (lambda d: (d.update({hash((4, True)): np.arange(75.0).reshape(25, 3) % 7.0 + 1.0}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.float64[:, :])))
@njit(cache=True)
def mstd_apply_nb(
    close: tp.Array2d,
    window: int,
    ewm: bool,
    adjust: bool,
    ddof: int,
    cache_dict: tp.Dict[int, tp.Array2d],
) -> tp.Array2d:
    """Apply function for `vectorbt.indicators.basic.MSTD`."""
    h = hash((window, ewm))
    return cache_dict[h]

# === CASE bb_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 99
# OUT-OF-SCOPE: calls ma_cache_nb and mstd_cache_nb, which reach functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def bb_cache_nb(
    close: tp.Array2d,
    windows: tp.List[int],
    ewms: tp.List[bool],
    alphas: tp.List[float],
    adjust: bool,
    ddof: int,
) -> tp.Tuple[tp.Dict[int, tp.Array2d], tp.Dict[int, tp.Array2d]]:
    """Caching function for `vectorbt.indicators.basic.BBANDS`."""
    ma_cache_dict = ma_cache_nb(close, windows, ewms, adjust)
    mstd_cache_dict = mstd_cache_nb(close, windows, ewms, adjust, ddof)
    return ma_cache_dict, mstd_cache_dict

# === CASE bb_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 114
# RUN: bb_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False, 2.0, False, 1, (lambda d: (d.update({hash((5, False)): np.arange(75.0).reshape(25, 3) * 0.5}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.float64[:, :])), (lambda d: (d.update({hash((5, False)): np.arange(75.0).reshape(25, 3) % 7.0 + 1.0}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.float64[:, :])))
@njit(cache=True)
def bb_apply_nb(
    close: tp.Array2d,
    window: int,
    ewm: bool,
    alpha: float,
    adjust: bool,
    ddof: int,
    ma_cache_dict: tp.Dict[int, tp.Array2d],
    mstd_cache_dict: tp.Dict[int, tp.Array2d],
) -> tp.Tuple[tp.Array2d, tp.Array2d, tp.Array2d]:
    """Apply function for `vectorbt.indicators.basic.BBANDS`."""
    # Calculate lower, middle and upper bands
    h = hash((window, ewm))
    ma = np.copy(ma_cache_dict[h])
    mstd = np.copy(mstd_cache_dict[h])
    # # (MA + Kσ), MA, (MA - Kσ)
    return ma, ma + alpha * mstd, ma - alpha * mstd

# === CASE rsi_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 134
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def rsi_cache_nb(
    close: tp.Array2d,
    windows: tp.List[int],
    ewms: tp.List[bool],
    adjust: bool,
) -> tp.Dict[int, tp.Tuple[tp.Array2d, tp.Array2d]]:
    """Caching function for `vectorbt.indicators.basic.RSI`."""
    delta = generic_nb.diff_nb(close)
    up, down = delta.copy(), delta.copy()
    up = generic_nb.set_by_mask_nb(up, up < 0, 0)
    down = np.abs(generic_nb.set_by_mask_nb(down, down > 0, 0))

    # Cache
    cache_dict = dict()
    for i in range(len(windows)):
        h = hash((windows[i], ewms[i]))
        if h not in cache_dict:
            roll_up = ma_nb(up, windows[i], ewms[i], adjust=adjust)
            roll_down = ma_nb(down, windows[i], ewms[i], adjust=adjust)
            cache_dict[h] = roll_up, roll_down
    return cache_dict

# === CASE rsi_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 158
# RUN: rsi_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False, False, (lambda d: (d.update({hash((5, False)): (np.arange(75.0).reshape(25, 3) * 0.5, np.arange(75.0).reshape(25, 3) % 7.0 + 1.0)}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.UniTuple(__import__("numba").types.float64[:, :], 2))))
@njit(cache=True)
def rsi_apply_nb(
    close: tp.Array2d,
    window: int,
    ewm: bool,
    adjust: bool,
    cache_dict: tp.Dict[int, tp.Tuple[tp.Array2d, tp.Array2d]],
) -> tp.Array2d:
    """Apply function for `vectorbt.indicators.basic.RSI`."""
    h = hash((window, ewm))
    roll_up, roll_down = cache_dict[h]
    rs = roll_up / roll_down
    return 100 - 100 / (1 + rs)

# === CASE stoch_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 173
# OUT-OF-SCOPE: calls stoch_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def stoch_cache_nb(
    high: tp.Array2d,
    low: tp.Array2d,
    close: tp.Array2d,
    k_windows: tp.List[int],
    d_windows: tp.List[int],
    d_ewms: tp.List[bool],
    adjust: bool,
) -> tp.Dict[int, tp.Tuple[tp.Array2d, tp.Array2d]]:
    """Caching function for `vectorbt.indicators.basic.STOCH`."""
    cache_dict = dict()
    for i in range(len(k_windows)):
        h = hash(k_windows[i])
        if h not in cache_dict:
            roll_min = generic_nb.rolling_min_nb(low, k_windows[i])
            roll_max = generic_nb.rolling_max_nb(high, k_windows[i])
            cache_dict[h] = roll_min, roll_max
    return cache_dict

# === CASE stoch_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 194
# OUT-OF-SCOPE: calls ma_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def stoch_apply_nb(
    high: tp.Array2d,
    low: tp.Array2d,
    close: tp.Array2d,
    k_window: int,
    d_window: int,
    d_ewm: bool,
    adjust: bool,
    cache_dict: tp.Dict[int, tp.Tuple[tp.Array2d, tp.Array2d]],
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Apply function for `vectorbt.indicators.basic.STOCH`."""
    h = hash(k_window)
    roll_min, roll_max = cache_dict[h]
    percent_k = 100 * (close - roll_min) / (roll_max - roll_min)
    percent_d = ma_nb(percent_k, d_window, d_ewm, adjust=adjust)
    return percent_k, percent_d

# === CASE macd_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 213
# OUT-OF-SCOPE: calls macd_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def macd_cache_nb(
    close: tp.Array2d,
    fast_windows: tp.List[int],
    slow_windows: tp.List[int],
    signal_windows: tp.List[int],
    macd_ewms: tp.List[bool],
    signal_ewms: tp.List[bool],
    adjust: bool,
) -> tp.Dict[int, tp.Array2d]:
    """Caching function for `vectorbt.indicators.basic.MACD`."""
    windows = fast_windows.copy()
    windows.extend(slow_windows)
    ewms = macd_ewms.copy()
    ewms.extend(macd_ewms)
    return ma_cache_nb(close, windows, ewms, adjust)

# === CASE macd_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 231
# OUT-OF-SCOPE: calls ma_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def macd_apply_nb(
    close: tp.Array2d,
    fast_window: int,
    slow_window: int,
    signal_window: int,
    macd_ewm: bool,
    signal_ewm: bool,
    adjust: bool,
    cache_dict: tp.Dict[int, tp.Array2d],
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Apply function for `vectorbt.indicators.basic.MACD`."""
    fast_h = hash((fast_window, macd_ewm))
    slow_h = hash((slow_window, macd_ewm))
    fast_ma = cache_dict[fast_h]
    slow_ma = cache_dict[slow_h]
    macd_ts = fast_ma - slow_ma
    signal_ts = ma_nb(macd_ts, signal_window, signal_ewm, adjust=adjust)
    return macd_ts, signal_ts

# === CASE true_range_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 252
# RUN: true_range_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0 + 1.0 + np.random.default_rng(2).uniform(0.0, 1.0, (25, 3)), np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0 - 1.0 - np.random.default_rng(3).uniform(0.0, 1.0, (25, 3)), np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0)
@njit(cache=True)
def true_range_nb(high: tp.Array2d, low: tp.Array2d, close: tp.Array2d) -> tp.Array2d:
    """Calculate true range."""
    tr = np.empty(high.shape, dtype=np.float64)
    for col in range(tr.shape[1]):
        for i in range(tr.shape[0]):
            tr1 = high[i, col] - low[i, col]
            if i == 0:
                tr[i, col] = tr1
            else:
                tr2 = abs(high[i, col] - close[i - 1, col])
                tr3 = abs(low[i, col] - close[i - 1, col])
                tr[i, col] = max(tr1, tr2, tr3)
    return tr

# === CASE atr_cache_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 268
# OUT-OF-SCOPE: calls ma_nb, which reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
@njit(cache=True)
def atr_cache_nb(
    high: tp.Array2d,
    low: tp.Array2d,
    close: tp.Array2d,
    windows: tp.List[int],
    ewms: tp.List[bool],
    adjust: bool,
) -> tp.Tuple[tp.Array2d, tp.Dict[int, tp.Array2d]]:
    """Caching function for `vectorbt.indicators.basic.ATR`."""
    # Calculate TR here instead of re-calculating it for each param in atr_apply_nb
    tr = true_range_nb(high, low, close)
    cache_dict = dict()
    for i in range(len(windows)):
        h = hash((windows[i], ewms[i]))
        if h not in cache_dict:
            cache_dict[h] = ma_nb(tr, windows[i], ewms[i], adjust=adjust)
    return tr, cache_dict

# === CASE atr_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 288
# RUN: atr_apply_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0 + 1.0, np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0 - 1.0, np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, 5, False, False, np.arange(75.0).reshape(25, 3) % 7.0 + 1.0, (lambda d: (d.update({hash((5, False)): np.arange(75.0).reshape(25, 3) * 0.5}), d)[1])(__import__("numba").typed.Dict.empty(__import__("numba").types.int64, __import__("numba").types.float64[:, :])))
@njit(cache=True)
def atr_apply_nb(
    high: tp.Array2d,
    low: tp.Array2d,
    close: tp.Array2d,
    window: int,
    ewm: bool,
    adjust: bool,
    tr: tp.Array2d,
    cache_dict: tp.Dict[int, tp.Array2d],
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Apply function for `vectorbt.indicators.basic.ATR`."""
    h = hash((window, ewm))
    return tr, cache_dict[h]

# === CASE obv_custom_nb
# SOURCE: polakowo/vectorbt vectorbt/indicators/nb.py @ f9897528f675, line 304
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: obv_custom_nb (np.random.default_rng(0).lognormal(0.0, 0.02, (25, 3)).cumprod(axis=0) * 50.0, np.random.default_rng(4).integers(100, 1000, (25, 3)).astype(np.float64))
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 179
def _set_by_mask_mult_nb(arr, mask, values):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(values.dtype)
    else:
        a_dtype = arr.dtype
        value_dtype = values.dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, values):
        out = arr.astype(dtype)
        for col in range(arr.shape[1]):
            out[mask[:, col], col] = values[mask[:, col], col]
        return out

    if not nb_enabled:
        return impl(arr, mask, values)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 201
ol_set_by_mask_mult_nb = overload(_set_by_mask_mult_nb)(_set_by_mask_mult_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 204
@njit(cache=True)
def set_by_mask_mult_nb(arr: tp.Array2d, mask: tp.Array2d, values: tp.Array2d) -> tp.Array2d:
    """2-dim version of `set_by_mask_mult_1d_nb`."""
    return _set_by_mask_mult_nb(arr, mask, values)

# vectorbt/generic/nb.py @ f9897528f675, line 300
def _fshift_1d_nb(arr, n, fill_value):
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
            if i - n >= 0:
                out[i] = arr[i - n]
            else:
                out[i] = fill_value
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 328
ol_fshift_1d_nb = overload(_fshift_1d_nb)(_fshift_1d_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 331
@njit(cache=True)
def fshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift forward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(n)`."""
    return _fshift_1d_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 339
def _fshift_nb(arr, n, fill_value):
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
            out[:, col] = fshift_1d_nb(arr[:, col], n=n, fill_value=fill_value)
        return out

    if not nb_enabled:
        return impl(arr, n, fill_value)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 364
ol_fshift_nb = overload(_fshift_nb)(_fshift_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 367
@njit(cache=True)
def fshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `fshift_1d_nb`."""
    return _fshift_nb(arr, n, fill_value)

# vectorbt/generic/nb.py @ f9897528f675, line 493
def _nancumsum_nb(arr):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
    else:
        a_dtype = arr.dtype
    dtype = np.promote_types(a_dtype, int)

    def impl(arr):
        out = np.empty(arr.shape, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = np.nancumsum(arr[:, col])
        return out

    if not nb_enabled:
        return impl(arr)

    return impl

# vectorbt/generic/nb.py @ f9897528f675, line 513
ol_nancumsum_nb = overload(_nancumsum_nb)(_nancumsum_nb)

# vectorbt/generic/nb.py @ f9897528f675, line 516
@njit(cache=True)
def nancumsum_nb(arr: tp.Array2d) -> tp.Array2d:
    """Numba equivalent of `np.nancumsum` along axis 0."""
    return _nancumsum_nb(arr)

@njit(cache=True)
def obv_custom_nb(close: tp.Array2d, volume_ts: tp.Array2d) -> tp.Array2d:
    """Custom calculation function for `vectorbt.indicators.basic.OBV`."""
    obv = generic_nb.set_by_mask_mult_nb(volume_ts, close < generic_nb.fshift_nb(close, 1), -volume_ts)
    obv = generic_nb.nancumsum_nb(obv)
    return obv
