# Real Numba code from polakowo/vectorbt vectorbt/returns/nb.py at commit f9897528f675114e6b34790178dbb2ca137acb51
# (Apache-2.0 with the Commons Clause condition, Copyright (c) 2017-2026 Oleg Polakow), copied unchanged: its @njit functions in order, from get_return_nb to
# rolling_annualized_volatility_nb (the drawdown and ratio functions that follow are not taken), each case with the
# module's functions it calls. The functions of vectorbt/generic/nb.py (same commit) that they call as `generic_nb.NAME`
# are copied, unchanged, into the cases that call them, with `generic_nb` bound to the case's own module (a stand-in for
# `from vectorbt.generic import nb as generic_nb`, as vectorbt is not installed); `from __future__ import annotations`
# leaves the annotations unevaluated in place of `from vectorbt import _typing as tp`.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import sys

import numpy as np
from numba import njit

# === CASE get_return_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 35
# RUN: get_return_nb (100.0, 110.0)
# RUN: get_return_nb (0.0, 5.0)
# RUN: get_return_nb (-50.0, -40.0)
# RUN: get_return_nb (0.0, 0.0)
@njit(cache=True)
def get_return_nb(input_value: float, output_value: float) -> float:
    """Calculate return from input and output value."""
    if input_value == 0:
        if output_value == 0:
            return 0.0
        return np.inf * np.sign(output_value)
    return_value = (output_value - input_value) / input_value
    if input_value < 0:
        return_value *= -1
    return return_value

# === CASE returns_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 48
# RUN: returns_1d_nb (np.array([100.0, 110.0, 99.0, 120.0, 0.0, 5.0, 4.0]), 90.0)
@njit(cache=True)
def get_return_nb(input_value: float, output_value: float) -> float:
    """Calculate return from input and output value."""
    if input_value == 0:
        if output_value == 0:
            return 0.0
        return np.inf * np.sign(output_value)
    return_value = (output_value - input_value) / input_value
    if input_value < 0:
        return_value *= -1
    return return_value

@njit(cache=True)
def returns_1d_nb(value: tp.Array1d, init_value: float) -> tp.Array1d:
    """Calculate returns from value."""
    out = np.empty(value.shape, dtype=np.float64)
    input_value = init_value
    for i in range(out.shape[0]):
        output_value = value[i]
        out[i] = get_return_nb(input_value, output_value)
        input_value = output_value
    return out

# === CASE returns_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 60
# RUN: returns_nb (np.linspace(100.0, 130.0, 12).reshape(4, 3), np.array([95.0, 100.0, 105.0]))
@njit(cache=True)
def get_return_nb(input_value: float, output_value: float) -> float:
    """Calculate return from input and output value."""
    if input_value == 0:
        if output_value == 0:
            return 0.0
        return np.inf * np.sign(output_value)
    return_value = (output_value - input_value) / input_value
    if input_value < 0:
        return_value *= -1
    return return_value

@njit(cache=True)
def returns_1d_nb(value: tp.Array1d, init_value: float) -> tp.Array1d:
    """Calculate returns from value."""
    out = np.empty(value.shape, dtype=np.float64)
    input_value = init_value
    for i in range(out.shape[0]):
        output_value = value[i]
        out[i] = get_return_nb(input_value, output_value)
        input_value = output_value
    return out

@njit(cache=True)
def returns_nb(value: tp.Array2d, init_value: tp.Array1d) -> tp.Array2d:
    """2-dim version of `returns_1d_nb`."""
    out = np.empty(value.shape, dtype=np.float64)
    for col in range(out.shape[1]):
        out[:, col] = returns_1d_nb(value[:, col], init_value[col])
    return out

# === CASE total_return_apply_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 69
# RUN: total_return_apply_nb (np.arange(5), 0, np.array([0.01, -0.02, np.nan, 0.03, 0.005]))
@njit(cache=True)
def total_return_apply_nb(idxs: tp.Array1d, col: int, returns: tp.Array1d) -> float:
    """Calculate total return from returns."""
    return np.nanprod(returns + 1) - 1

# === CASE cum_returns_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 75
# RUN: cum_returns_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 0.0)
# RUN: cum_returns_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 100.0)
@njit(cache=True)
def cum_returns_1d_nb(returns: tp.Array1d, start_value: float) -> tp.Array1d:
    """Cumulative returns."""
    out = np.empty_like(returns, dtype=np.float64)
    cumprod = 1
    for i in range(returns.shape[0]):
        if not np.isnan(returns[i]):
            cumprod *= returns[i] + 1
        out[i] = cumprod
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

# === CASE cum_returns_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 89
# RUN: cum_returns_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 0.0)
# RUN: cum_returns_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 100.0)
@njit(cache=True)
def cum_returns_1d_nb(returns: tp.Array1d, start_value: float) -> tp.Array1d:
    """Cumulative returns."""
    out = np.empty_like(returns, dtype=np.float64)
    cumprod = 1
    for i in range(returns.shape[0]):
        if not np.isnan(returns[i]):
            cumprod *= returns[i] + 1
        out[i] = cumprod
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit(cache=True)
def cum_returns_nb(returns: tp.Array2d, start_value: float) -> tp.Array2d:
    """2-dim version of `cum_returns_1d_nb`."""
    out = np.empty_like(returns, dtype=np.float64)
    for col in range(returns.shape[1]):
        out[:, col] = cum_returns_1d_nb(returns[:, col], start_value)
    return out

# === CASE cum_returns_final_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 98
# RUN: cum_returns_final_1d_nb np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30))
# RUN: cum_returns_final_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 100.0)
@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

# === CASE cum_returns_final_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 107
# RUN: cum_returns_final_nb np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3)))
# RUN: cum_returns_final_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 100.0)
@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit(cache=True)
def cum_returns_final_nb(returns: tp.Array2d, start_value: float = 0.0) -> tp.Array1d:
    """2-dim version of `cum_returns_final_1d_nb`."""
    out = np.empty(returns.shape[1], dtype=np.float64)
    for col in range(returns.shape[1]):
        out[col] = cum_returns_final_1d_nb(returns[:, col], start_value)
    return out

# === CASE rolling_cum_returns_final_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 116
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: rolling_cum_returns_final_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 5, 3)
# RUN: rolling_cum_returns_final_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 4, 4, 100.0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 1134
@njit
def rolling_apply_nb(
    a: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    apply_func_nb: tp.RollApplyFunc,
    *args,
) -> tp.Array2d:
    """Provide rolling window calculations.

    `apply_func_nb` should accept index of the row, index of the column,
    the array, and `*args`. Should return a single value."""
    if minp is None:
        minp = window
    out = np.empty_like(a, dtype=np.float64)
    nancnt_arr = np.empty((a.shape[0],), dtype=np.int64)
    for col in range(a.shape[1]):
        nancnt = 0
        for i in range(a.shape[0]):
            if np.isnan(a[i, col]):
                nancnt = nancnt + 1
            nancnt_arr[i] = nancnt
            if i < window:
                valid_cnt = i + 1 - nancnt
            else:
                valid_cnt = window - (nancnt - nancnt_arr[i - window])
            if valid_cnt < minp:
                out[i, col] = np.nan
            else:
                window_a = a[max(0, i + 1 - window) : i + 1, col]
                out[i, col] = apply_func_nb(i, col, window_a, *args)
    return out

@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit
def rolling_cum_returns_final_nb(
    returns: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    start_value: float = 0.0,
) -> tp.Array2d:
    """Rolling version of `cum_returns_final_nb`."""

    def _apply_func_nb(i, col, _returns, _start_value):
        return cum_returns_final_1d_nb(_returns, _start_value)

    return generic_nb.rolling_apply_nb(returns, window, minp, _apply_func_nb, start_value)

# === CASE annualized_return_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 131
# RUN: annualized_return_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 252.0)
@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit(cache=True)
def annualized_return_1d_nb(returns: tp.Array1d, ann_factor: float) -> float:
    """Mean annual growth rate of returns.

    This is equivalent to the compound annual growth rate."""
    if returns.shape[0] == 0:
        return np.nan
    end_value = cum_returns_final_1d_nb(returns, 1.0)
    return end_value ** (ann_factor / returns.shape[0]) - 1

# === CASE annualized_return_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 142
# RUN: annualized_return_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 252.0)
@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit(cache=True)
def annualized_return_1d_nb(returns: tp.Array1d, ann_factor: float) -> float:
    """Mean annual growth rate of returns.

    This is equivalent to the compound annual growth rate."""
    if returns.shape[0] == 0:
        return np.nan
    end_value = cum_returns_final_1d_nb(returns, 1.0)
    return end_value ** (ann_factor / returns.shape[0]) - 1

@njit(cache=True)
def annualized_return_nb(returns: tp.Array2d, ann_factor: float) -> tp.Array1d:
    """2-dim version of `annualized_return_1d_nb`."""
    out = np.empty(returns.shape[1], dtype=np.float64)
    for col in range(returns.shape[1]):
        out[col] = annualized_return_1d_nb(returns[:, col], ann_factor)
    return out

# === CASE rolling_annualized_return_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 151
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: rolling_annualized_return_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 5, 3, 252.0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 1134
@njit
def rolling_apply_nb(
    a: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    apply_func_nb: tp.RollApplyFunc,
    *args,
) -> tp.Array2d:
    """Provide rolling window calculations.

    `apply_func_nb` should accept index of the row, index of the column,
    the array, and `*args`. Should return a single value."""
    if minp is None:
        minp = window
    out = np.empty_like(a, dtype=np.float64)
    nancnt_arr = np.empty((a.shape[0],), dtype=np.int64)
    for col in range(a.shape[1]):
        nancnt = 0
        for i in range(a.shape[0]):
            if np.isnan(a[i, col]):
                nancnt = nancnt + 1
            nancnt_arr[i] = nancnt
            if i < window:
                valid_cnt = i + 1 - nancnt
            else:
                valid_cnt = window - (nancnt - nancnt_arr[i - window])
            if valid_cnt < minp:
                out[i, col] = np.nan
            else:
                window_a = a[max(0, i + 1 - window) : i + 1, col]
                out[i, col] = apply_func_nb(i, col, window_a, *args)
    return out

@njit(cache=True)
def cum_returns_final_1d_nb(returns: tp.Array1d, start_value: float = 0.0) -> float:
    """Total return."""
    out = np.nanprod(returns + 1.0)
    if start_value == 0.0:
        return out - 1.0
    return out * start_value

@njit(cache=True)
def annualized_return_1d_nb(returns: tp.Array1d, ann_factor: float) -> float:
    """Mean annual growth rate of returns.

    This is equivalent to the compound annual growth rate."""
    if returns.shape[0] == 0:
        return np.nan
    end_value = cum_returns_final_1d_nb(returns, 1.0)
    return end_value ** (ann_factor / returns.shape[0]) - 1

@njit
def rolling_annualized_return_nb(
    returns: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    ann_factor: float,
) -> tp.Array2d:
    """Rolling version of `annualized_return_nb`."""

    def _apply_func_nb(i, col, _returns, _ann_factor):
        return annualized_return_1d_nb(_returns, _ann_factor)

    return generic_nb.rolling_apply_nb(returns, window, minp, _apply_func_nb, ann_factor)

# === CASE annualized_volatility_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 166
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: annualized_volatility_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 252.0)
# RUN: annualized_volatility_1d_nb (np.where(np.arange(30) == 7, np.nan, np.random.default_rng(0).normal(0.001, 0.02, 30)), 252.0, 3.0, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 625
@njit(cache=True)
def nanstd_1d_nb(a: tp.Array1d, ddof: int = 0) -> float:
    """Numba-equivalent of `np.nanstd`."""
    cnt = a.shape[0] - np.count_nonzero(np.isnan(a))
    rcount = max(cnt - ddof, 0)
    if rcount == 0:
        return np.nan
    return np.sqrt(np.nanvar(a) * cnt / rcount)

@njit(cache=True)
def annualized_volatility_1d_nb(
    returns: tp.Array1d,
    ann_factor: float,
    levy_alpha: float = 2.0,
    ddof: int = 1,
) -> float:
    """Annualized volatility of a strategy."""
    if returns.shape[0] < 2:
        return np.nan

    return generic_nb.nanstd_1d_nb(returns, ddof) * ann_factor ** (1.0 / levy_alpha)

# === CASE annualized_volatility_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 180
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: annualized_volatility_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 252.0)
# RUN: annualized_volatility_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 365.0, 2.0, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 625
@njit(cache=True)
def nanstd_1d_nb(a: tp.Array1d, ddof: int = 0) -> float:
    """Numba-equivalent of `np.nanstd`."""
    cnt = a.shape[0] - np.count_nonzero(np.isnan(a))
    rcount = max(cnt - ddof, 0)
    if rcount == 0:
        return np.nan
    return np.sqrt(np.nanvar(a) * cnt / rcount)

@njit(cache=True)
def annualized_volatility_1d_nb(
    returns: tp.Array1d,
    ann_factor: float,
    levy_alpha: float = 2.0,
    ddof: int = 1,
) -> float:
    """Annualized volatility of a strategy."""
    if returns.shape[0] < 2:
        return np.nan

    return generic_nb.nanstd_1d_nb(returns, ddof) * ann_factor ** (1.0 / levy_alpha)

@njit(cache=True)
def annualized_volatility_nb(
    returns: tp.Array2d,
    ann_factor: float,
    levy_alpha: float = 2.0,
    ddof: int = 1,
) -> tp.Array1d:
    """2-dim version of `annualized_volatility_1d_nb`."""
    out = np.empty(returns.shape[1], dtype=np.float64)
    for col in range(returns.shape[1]):
        out[col] = annualized_volatility_1d_nb(returns[:, col], ann_factor, levy_alpha, ddof)
    return out

# === CASE rolling_annualized_volatility_nb
# SOURCE: polakowo/vectorbt vectorbt/returns/nb.py @ f9897528f675, line 194
# OUT-OF-SCOPE: reaches functions of another module of its package through a module object (generic_nb.NAME); jitc compiles one file
# RUN: rolling_annualized_volatility_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 5, 3, 252.0)
# RUN: rolling_annualized_volatility_nb (np.where(np.arange(60).reshape(20, 3) % 11 == 4, np.nan, np.random.default_rng(1).normal(0.001, 0.02, (20, 3))), 6, 4, 52.0, 3.0, 0)
generic_nb = sys.modules[__name__]  # stands in for `from vectorbt.generic import nb as generic_nb`: the generic.nb functions it names are copied into this case
# vectorbt/generic/nb.py @ f9897528f675, line 625
@njit(cache=True)
def nanstd_1d_nb(a: tp.Array1d, ddof: int = 0) -> float:
    """Numba-equivalent of `np.nanstd`."""
    cnt = a.shape[0] - np.count_nonzero(np.isnan(a))
    rcount = max(cnt - ddof, 0)
    if rcount == 0:
        return np.nan
    return np.sqrt(np.nanvar(a) * cnt / rcount)

# vectorbt/generic/nb.py @ f9897528f675, line 1134
@njit
def rolling_apply_nb(
    a: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    apply_func_nb: tp.RollApplyFunc,
    *args,
) -> tp.Array2d:
    """Provide rolling window calculations.

    `apply_func_nb` should accept index of the row, index of the column,
    the array, and `*args`. Should return a single value."""
    if minp is None:
        minp = window
    out = np.empty_like(a, dtype=np.float64)
    nancnt_arr = np.empty((a.shape[0],), dtype=np.int64)
    for col in range(a.shape[1]):
        nancnt = 0
        for i in range(a.shape[0]):
            if np.isnan(a[i, col]):
                nancnt = nancnt + 1
            nancnt_arr[i] = nancnt
            if i < window:
                valid_cnt = i + 1 - nancnt
            else:
                valid_cnt = window - (nancnt - nancnt_arr[i - window])
            if valid_cnt < minp:
                out[i, col] = np.nan
            else:
                window_a = a[max(0, i + 1 - window) : i + 1, col]
                out[i, col] = apply_func_nb(i, col, window_a, *args)
    return out

@njit(cache=True)
def annualized_volatility_1d_nb(
    returns: tp.Array1d,
    ann_factor: float,
    levy_alpha: float = 2.0,
    ddof: int = 1,
) -> float:
    """Annualized volatility of a strategy."""
    if returns.shape[0] < 2:
        return np.nan

    return generic_nb.nanstd_1d_nb(returns, ddof) * ann_factor ** (1.0 / levy_alpha)

@njit
def rolling_annualized_volatility_nb(
    returns: tp.Array2d,
    window: int,
    minp: tp.Optional[int],
    ann_factor: float,
    levy_alpha: float = 2.0,
    ddof: int = 1,
) -> tp.Array2d:
    """Rolling version of `annualized_volatility_nb`."""

    def _apply_func_nb(i, col, _returns, _ann_factor, _levy_alpha, _ddof):
        return annualized_volatility_1d_nb(_returns, _ann_factor, _levy_alpha, _ddof)

    return generic_nb.rolling_apply_nb(returns, window, minp, _apply_func_nb, ann_factor, levy_alpha, ddof)
