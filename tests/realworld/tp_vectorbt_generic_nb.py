# Real Numba code from polakowo/vectorbt vectorbt/generic/nb.py at commit f9897528f675114e6b34790178dbb2ca137acb51
# (Apache-2.0 with the Commons Clause condition, Copyright (c) 2017-2026 Oleg Polakow), copied unchanged: its @njit functions in order, from shuffle_1d_nb to
# nanstd_nb (the end of its first section; the rolling, expanding and apply functions that follow are not taken), each
# case with the module's functions it calls (the @overload implementations they use included).
# vectorbt itself is not imported: `from __future__ import annotations` leaves the annotations unevaluated in place of
# `from vectorbt import _typing as tp`, and the cases use nothing of `from vectorbt.generic.enums import ...`.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numpy as np
from numba import njit
from numba.core.types import Type, Omitted
from numba.extending import overload
from numba.np.numpy_support import as_dtype
from numba.typed import Dict

# === CASE shuffle_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 43
# RUN: shuffle_1d_nb (np.arange(10.0), 42)
@njit(cache=True)
def shuffle_1d_nb(a: tp.Array1d, seed: tp.Optional[int] = None) -> tp.Array1d:
    """Shuffle each column in `a`.

    Specify `seed` to make output deterministic."""
    if seed is not None:
        np.random.seed(seed)
    return np.random.permutation(a)

# === CASE shuffle_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 53
# RUN: shuffle_nb (np.arange(12.0).reshape(4, 3), 7)
@njit(cache=True)
def shuffle_nb(a: tp.Array2d, seed: tp.Optional[int] = None) -> tp.Array2d:
    """2-dim version of `shuffle_1d_nb`."""
    if seed is not None:
        np.random.seed(seed)
    out = np.empty_like(a, dtype=a.dtype)

    for col in range(a.shape[1]):
        out[:, col] = np.random.permutation(a[:, col])
    return out

# === CASE set_by_mask_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 110
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: set_by_mask_1d_nb (np.arange(6), np.arange(6) % 2 == 0, 0.5)
# RUN: set_by_mask_1d_nb (np.linspace(0.0, 1.0, 5), np.array([True, False, True, False, False]), -1)
def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

ol_set_by_mask_1d_nb = overload(_set_by_mask_1d_nb)(_set_by_mask_1d_nb)

@njit(cache=True)
def set_by_mask_1d_nb(arr: tp.Array1d, mask: tp.Array1d, value: tp.Scalar) -> tp.Array1d:
    """Set each element to a value by boolean mask."""
    return _set_by_mask_1d_nb(arr, mask, value)

# === CASE set_by_mask_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 141
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: set_by_mask_nb (np.arange(12).reshape(4, 3), np.arange(12).reshape(4, 3) % 3 == 0, 2.5)
def _set_by_mask_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        for col in range(arr.shape[1]):
            out[mask[:, col], col] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

ol_set_by_mask_nb = overload(_set_by_mask_nb)(_set_by_mask_nb)

@njit(cache=True)
def set_by_mask_nb(arr: tp.Array2d, mask: tp.Array2d, value: tp.Scalar) -> tp.Array2d:
    """2-dim version of `set_by_mask_1d_nb`."""
    return _set_by_mask_nb(arr, mask, value)

# === CASE set_by_mask_mult_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 171
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: set_by_mask_mult_1d_nb (np.arange(6), np.arange(6) > 2, np.linspace(0.5, 3.0, 6))
def _set_by_mask_mult_1d_nb(arr, mask, values):
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
        out[mask] = values[mask]
        return out

    if not nb_enabled:
        return impl(arr, mask, values)

    return impl

ol_set_by_mask_mult_1d_nb = overload(_set_by_mask_mult_1d_nb)(_set_by_mask_mult_1d_nb)

@njit(cache=True)
def set_by_mask_mult_1d_nb(arr: tp.Array1d, mask: tp.Array1d, values: tp.Array1d) -> tp.Array1d:
    """Set each element in one array to the corresponding element in another by boolean mask.

    `values` must be of the same shape as in the array."""
    return _set_by_mask_mult_1d_nb(arr, mask, values)

# === CASE set_by_mask_mult_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 204
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: set_by_mask_mult_nb (np.arange(12.0).reshape(4, 3), np.arange(12).reshape(4, 3) % 2 == 1, -np.arange(12.0).reshape(4, 3))
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

ol_set_by_mask_mult_nb = overload(_set_by_mask_mult_nb)(_set_by_mask_mult_nb)

@njit(cache=True)
def set_by_mask_mult_nb(arr: tp.Array2d, mask: tp.Array2d, values: tp.Array2d) -> tp.Array2d:
    """2-dim version of `set_by_mask_mult_1d_nb`."""
    return _set_by_mask_mult_nb(arr, mask, values)

# === CASE fillna_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 210
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: fillna_1d_nb (np.array([np.nan, 1.0, np.nan, np.nan, 4.0, 2.5, np.nan]), 0.0)
def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

ol_set_by_mask_1d_nb = overload(_set_by_mask_1d_nb)(_set_by_mask_1d_nb)

@njit(cache=True)
def set_by_mask_1d_nb(arr: tp.Array1d, mask: tp.Array1d, value: tp.Scalar) -> tp.Array1d:
    """Set each element to a value by boolean mask."""
    return _set_by_mask_1d_nb(arr, mask, value)

@njit(cache=True)
def fillna_1d_nb(a: tp.Array1d, value: tp.Scalar) -> tp.Array1d:
    """Replace NaNs with value.

    Numba equivalent to `pd.Series(a).fillna(value)`."""
    return set_by_mask_1d_nb(a, np.isnan(a), value)

# === CASE fillna_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 218
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: fillna_nb (np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4))), -1.0)
def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

def _set_by_mask_1d_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        out[mask] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

ol_set_by_mask_1d_nb = overload(_set_by_mask_1d_nb)(_set_by_mask_1d_nb)

@njit(cache=True)
def set_by_mask_1d_nb(arr: tp.Array1d, mask: tp.Array1d, value: tp.Scalar) -> tp.Array1d:
    """Set each element to a value by boolean mask."""
    return _set_by_mask_1d_nb(arr, mask, value)

def _set_by_mask_nb(arr, mask, value):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
        value_dtype = as_dtype(value)
    else:
        a_dtype = arr.dtype
        value_dtype = np.array(value).dtype
    dtype = np.promote_types(a_dtype, value_dtype)

    def impl(arr, mask, value):
        out = arr.astype(dtype)
        for col in range(arr.shape[1]):
            out[mask[:, col], col] = value
        return out

    if not nb_enabled:
        return impl(arr, mask, value)

    return impl

ol_set_by_mask_nb = overload(_set_by_mask_nb)(_set_by_mask_nb)

@njit(cache=True)
def set_by_mask_nb(arr: tp.Array2d, mask: tp.Array2d, value: tp.Scalar) -> tp.Array2d:
    """2-dim version of `set_by_mask_1d_nb`."""
    return _set_by_mask_nb(arr, mask, value)

@njit(cache=True)
def fillna_nb(a: tp.Array2d, value: tp.Scalar) -> tp.Array2d:
    """2-dim version of `fillna_1d_nb`."""
    return set_by_mask_nb(a, np.isnan(a), value)

# === CASE bshift_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 255
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: bshift_1d_nb (np.arange(6.0), 2)
# RUN: bshift_1d_nb (np.arange(6), 1, -1)
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

ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

# === CASE bshift_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 294
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: bshift_nb (np.arange(12.0).reshape(4, 3), 1)
# RUN: bshift_nb (np.arange(12).reshape(4, 3), 2, 0)
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

ol_bshift_1d_nb = overload(_bshift_1d_nb)(_bshift_1d_nb)

@njit(cache=True)
def bshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift backward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(-n)`.

    !!! warning
        This operation looks ahead."""
    return _bshift_1d_nb(arr, n, fill_value)

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

ol_bshift_nb = overload(_bshift_nb)(_bshift_nb)

@njit(cache=True)
def bshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `bshift_1d_nb`."""
    return _bshift_nb(arr, n, fill_value)

# === CASE fshift_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 331
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: fshift_1d_nb (np.arange(6.0), 2)
# RUN: fshift_1d_nb (np.arange(6), 1, -1)
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

ol_fshift_1d_nb = overload(_fshift_1d_nb)(_fshift_1d_nb)

@njit(cache=True)
def fshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift forward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(n)`."""
    return _fshift_1d_nb(arr, n, fill_value)

# === CASE fshift_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 367
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: fshift_nb (np.arange(12.0).reshape(4, 3), 1)
# RUN: fshift_nb (np.arange(12).reshape(4, 3), 2, 0)
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

ol_fshift_1d_nb = overload(_fshift_1d_nb)(_fshift_1d_nb)

@njit(cache=True)
def fshift_1d_nb(arr: tp.Array1d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array1d:
    """Shift forward by `n` positions.

    Numba equivalent to `pd.Series(arr).shift(n)`."""
    return _fshift_1d_nb(arr, n, fill_value)

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

ol_fshift_nb = overload(_fshift_nb)(_fshift_nb)

@njit(cache=True)
def fshift_nb(arr: tp.Array2d, n: int = 1, fill_value: tp.Scalar = np.nan) -> tp.Array2d:
    """2-dim version of `fshift_1d_nb`."""
    return _fshift_nb(arr, n, fill_value)

# === CASE diff_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 373
# RUN: diff_1d_nb np.array([1.0, 3.0, 6.0, 10.0, 15.0, 21.0])
# RUN: diff_1d_nb (np.array([1.0, 3.0, 6.0, 10.0, 15.0, 21.0]), 2)
@njit(cache=True)
def diff_1d_nb(a: tp.Array1d, n: int = 1) -> tp.Array1d:
    """Return the 1-th discrete difference.

    Numba equivalent to `pd.Series(a).diff()`."""
    out = np.empty_like(a, dtype=np.float64)
    out[:n] = np.nan
    out[n:] = a[n:] - a[:-n]
    return out

# === CASE diff_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 384
# RUN: diff_nb (np.arange(12.0).reshape(4, 3) ** 2, 1)
@njit(cache=True)
def diff_1d_nb(a: tp.Array1d, n: int = 1) -> tp.Array1d:
    """Return the 1-th discrete difference.

    Numba equivalent to `pd.Series(a).diff()`."""
    out = np.empty_like(a, dtype=np.float64)
    out[:n] = np.nan
    out[n:] = a[n:] - a[:-n]
    return out

@njit(cache=True)
def diff_nb(a: tp.Array2d, n: int = 1) -> tp.Array2d:
    """2-dim version of `diff_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = diff_1d_nb(a[:, col], n=n)
    return out

# === CASE pct_change_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 393
# RUN: pct_change_1d_nb np.array([1.1, 1.2, 1.3, 1.2, 1.1])
# RUN: pct_change_1d_nb (np.array([1.1, 1.2, 1.3, 1.2, 1.1]), 2)
@njit(cache=True)
def pct_change_1d_nb(a: tp.Array1d, n: int = 1) -> tp.Array1d:
    """Return the percentage change.

    Numba equivalent to `pd.Series(a).pct_change()`."""
    out = np.empty_like(a, dtype=np.float64)
    out[:n] = np.nan
    out[n:] = a[n:] / a[:-n] - 1
    return out

# === CASE pct_change_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 404
# RUN: pct_change_nb (np.linspace(1.0, 2.0, 12).reshape(4, 3), 1)
@njit(cache=True)
def pct_change_1d_nb(a: tp.Array1d, n: int = 1) -> tp.Array1d:
    """Return the percentage change.

    Numba equivalent to `pd.Series(a).pct_change()`."""
    out = np.empty_like(a, dtype=np.float64)
    out[:n] = np.nan
    out[n:] = a[n:] / a[:-n] - 1
    return out

@njit(cache=True)
def pct_change_nb(a: tp.Array2d, n: int = 1) -> tp.Array2d:
    """2-dim version of `pct_change_1d_nb`."""
    out = np.empty_like(a, dtype=np.float64)
    for col in range(a.shape[1]):
        out[:, col] = pct_change_1d_nb(a[:, col], n=n)
    return out

# === CASE bfill_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 413
# RUN: bfill_1d_nb np.array([np.nan, 1.0, np.nan, np.nan, 4.0, 2.5, np.nan])
@njit(cache=True)
def bfill_1d_nb(a: tp.Array1d) -> tp.Array1d:
    """Fill NaNs by propagating first valid observation backward.

    Numba equivalent to `pd.Series(a).fillna(method='bfill')`.

    !!! warning
        This operation looks ahead."""
    out = np.empty_like(a, dtype=a.dtype)
    lastval = a[-1]
    for i in range(a.shape[0] - 1, -1, -1):
        if np.isnan(a[i]):
            out[i] = lastval
        else:
            lastval = out[i] = a[i]
    return out

# === CASE bfill_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 431
# RUN: bfill_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def bfill_1d_nb(a: tp.Array1d) -> tp.Array1d:
    """Fill NaNs by propagating first valid observation backward.

    Numba equivalent to `pd.Series(a).fillna(method='bfill')`.

    !!! warning
        This operation looks ahead."""
    out = np.empty_like(a, dtype=a.dtype)
    lastval = a[-1]
    for i in range(a.shape[0] - 1, -1, -1):
        if np.isnan(a[i]):
            out[i] = lastval
        else:
            lastval = out[i] = a[i]
    return out

@njit(cache=True)
def bfill_nb(a: tp.Array2d) -> tp.Array2d:
    """2-dim version of `bfill_1d_nb`."""
    out = np.empty_like(a, dtype=a.dtype)
    for col in range(a.shape[1]):
        out[:, col] = bfill_1d_nb(a[:, col])
    return out

# === CASE ffill_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 440
# RUN: ffill_1d_nb np.array([np.nan, 1.0, np.nan, np.nan, 4.0, 2.5, np.nan])
@njit(cache=True)
def ffill_1d_nb(a: tp.Array1d) -> tp.Array1d:
    """Fill NaNs by propagating last valid observation forward.

    Numba equivalent to `pd.Series(a).fillna(method='ffill')`."""
    out = np.empty_like(a, dtype=a.dtype)
    lastval = a[0]
    for i in range(a.shape[0]):
        if np.isnan(a[i]):
            out[i] = lastval
        else:
            lastval = out[i] = a[i]
    return out

# === CASE ffill_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 455
# RUN: ffill_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def ffill_1d_nb(a: tp.Array1d) -> tp.Array1d:
    """Fill NaNs by propagating last valid observation forward.

    Numba equivalent to `pd.Series(a).fillna(method='ffill')`."""
    out = np.empty_like(a, dtype=a.dtype)
    lastval = a[0]
    for i in range(a.shape[0]):
        if np.isnan(a[i]):
            out[i] = lastval
        else:
            lastval = out[i] = a[i]
    return out

@njit(cache=True)
def ffill_nb(a: tp.Array2d) -> tp.Array2d:
    """2-dim version of `ffill_1d_nb`."""
    out = np.empty_like(a, dtype=a.dtype)
    for col in range(a.shape[1]):
        out[:, col] = ffill_1d_nb(a[:, col])
    return out

# === CASE nanprod_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 487
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: nanprod_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
# RUN: nanprod_nb np.arange(1, 13).reshape(4, 3)
def _nanprod_nb(arr):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
    else:
        a_dtype = arr.dtype
    dtype = np.promote_types(a_dtype, int)

    def impl(arr):
        out = np.empty(arr.shape[1], dtype=dtype)
        for col in range(arr.shape[1]):
            out[col] = np.nanprod(arr[:, col])
        return out

    if not nb_enabled:
        return impl(arr)

    return impl

ol_nanprod_nb = overload(_nanprod_nb)(_nanprod_nb)

@njit(cache=True)
def nanprod_nb(arr: tp.Array2d) -> tp.Array1d:
    """Numba equivalent of `np.nanprod` along axis 0."""
    return _nanprod_nb(arr)

# === CASE nancumsum_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 516
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: nancumsum_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
# RUN: nancumsum_nb np.arange(1, 13).reshape(4, 3)
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

ol_nancumsum_nb = overload(_nancumsum_nb)(_nancumsum_nb)

@njit(cache=True)
def nancumsum_nb(arr: tp.Array2d) -> tp.Array2d:
    """Numba equivalent of `np.nancumsum` along axis 0."""
    return _nancumsum_nb(arr)

# === CASE nancumprod_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 545
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: nancumprod_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
# RUN: nancumprod_nb np.arange(1, 13).reshape(4, 3)
def _nancumprod_nb(arr):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
    else:
        a_dtype = arr.dtype
    dtype = np.promote_types(a_dtype, int)

    def impl(arr):
        out = np.empty(arr.shape, dtype=dtype)
        for col in range(arr.shape[1]):
            out[:, col] = np.nancumprod(arr[:, col])
        return out

    if not nb_enabled:
        return impl(arr)

    return impl

ol_nancumprod_nb = overload(_nancumprod_nb)(_nancumprod_nb)

@njit(cache=True)
def nancumprod_nb(arr: tp.Array2d) -> tp.Array2d:
    """Numba equivalent of `np.nancumprod` along axis 0."""
    return _nancumprod_nb(arr)

# === CASE nansum_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 574
# OUT-OF-SCOPE: calls a function implemented by @overload, whose implementation Python chooses at typing time (isinstance on Numba types, as_dtype): jitc compiles without a Python interpreter
# RUN: nansum_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
# RUN: nansum_nb np.arange(1, 13).reshape(4, 3)
def _nansum_nb(arr):
    nb_enabled = isinstance(arr, Type)
    if nb_enabled:
        a_dtype = as_dtype(arr.dtype)
    else:
        a_dtype = arr.dtype
    dtype = np.promote_types(a_dtype, int)

    def impl(arr):
        out = np.empty(arr.shape[1], dtype=dtype)
        for col in range(arr.shape[1]):
            out[col] = np.nansum(arr[:, col])
        return out

    if not nb_enabled:
        return impl(arr)

    return impl

ol_nansum_nb = overload(_nansum_nb)(_nansum_nb)

@njit(cache=True)
def nansum_nb(arr: tp.Array2d) -> tp.Array1d:
    """Numba equivalent of `np.nansum` along axis 0."""
    return _nansum_nb(arr)

# === CASE nancnt_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 580
# RUN: nancnt_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def nancnt_nb(a: tp.Array2d) -> tp.Array1d:
    """Compute count while ignoring NaNs."""
    out = np.empty(a.shape[1], dtype=np.int64)
    for col in range(a.shape[1]):
        out[col] = np.sum(~np.isnan(a[:, col]))
    return out

# === CASE nanmin_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 589
# RUN: nanmin_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def nanmin_nb(a: tp.Array2d) -> tp.Array1d:
    """Numba-equivalent of `np.nanmin` along axis 0."""
    out = np.empty(a.shape[1], dtype=a.dtype)
    for col in range(a.shape[1]):
        out[col] = np.nanmin(a[:, col])
    return out

# === CASE nanmax_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 598
# RUN: nanmax_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def nanmax_nb(a: tp.Array2d) -> tp.Array1d:
    """Numba-equivalent of `np.nanmax` along axis 0."""
    out = np.empty(a.shape[1], dtype=a.dtype)
    for col in range(a.shape[1]):
        out[col] = np.nanmax(a[:, col])
    return out

# === CASE nanmean_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 607
# RUN: nanmean_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def nanmean_nb(a: tp.Array2d) -> tp.Array1d:
    """Numba-equivalent of `np.nanmean` along axis 0."""
    out = np.empty(a.shape[1], dtype=np.float64)
    for col in range(a.shape[1]):
        out[col] = np.nanmean(a[:, col])
    return out

# === CASE nanmedian_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 616
# RUN: nanmedian_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
@njit(cache=True)
def nanmedian_nb(a: tp.Array2d) -> tp.Array1d:
    """Numba-equivalent of `np.nanmedian` along axis 0."""
    out = np.empty(a.shape[1], dtype=np.float64)
    for col in range(a.shape[1]):
        out[col] = np.nanmedian(a[:, col])
    return out

# === CASE nanstd_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 625
# RUN: nanstd_1d_nb np.array([np.nan, 1.0, np.nan, np.nan, 4.0, 2.5, np.nan])
# RUN: nanstd_1d_nb (np.array([np.nan, 1.0, np.nan, np.nan, 4.0, 2.5, np.nan]), 1)
@njit(cache=True)
def nanstd_1d_nb(a: tp.Array1d, ddof: int = 0) -> float:
    """Numba-equivalent of `np.nanstd`."""
    cnt = a.shape[0] - np.count_nonzero(np.isnan(a))
    rcount = max(cnt - ddof, 0)
    if rcount == 0:
        return np.nan
    return np.sqrt(np.nanvar(a) * cnt / rcount)

# === CASE nanstd_nb
# SOURCE: polakowo/vectorbt vectorbt/generic/nb.py @ f9897528f675, line 635
# RUN: nanstd_nb np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4)))
# RUN: nanstd_nb (np.where(np.arange(20).reshape(5, 4) % 7 == 3, np.nan, np.random.default_rng(0).normal(size=(5, 4))), 1)
@njit(cache=True)
def nanstd_1d_nb(a: tp.Array1d, ddof: int = 0) -> float:
    """Numba-equivalent of `np.nanstd`."""
    cnt = a.shape[0] - np.count_nonzero(np.isnan(a))
    rcount = max(cnt - ddof, 0)
    if rcount == 0:
        return np.nan
    return np.sqrt(np.nanvar(a) * cnt / rcount)

@njit(cache=True)
def nanstd_nb(a: tp.Array2d, ddof: int = 0) -> tp.Array1d:
    """2-dim version of `nanstd_1d_nb`."""
    out = np.empty(a.shape[1], dtype=np.float64)
    for col in range(a.shape[1]):
        out[col] = nanstd_1d_nb(a[:, col], ddof=ddof)
    return out
