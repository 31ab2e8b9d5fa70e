# Real Numba code from johannfaouzi/pyts pyts/metrics/lower_bounds.py at commit 4f3d97bcb1016d33dbfaef68c0931756a4552410
# (BSD-3-Clause, Copyright (c) 2018, Johann Faouzi and pyts contributors), copied unchanged: all the module's @njit
# functions, in order (sklearn's check_array serves only its plain-Python functions and is left out). Arguments are
# shaped as lower_bound_yi, lower_bound_keogh and lower_bound_improved pass them; regions are Sakoe-Chiba bands.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from math import sqrt
from numba import njit, prange

# === CASE _lower_bound_yi_x_y
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 21
# RUN: _lower_bound_yi_x_y (np.array([5.0, 4.0, 3.0, 2.0, 1.0]), 1.0, 5.0, np.array([2.0, 1.0, 8.0, 4.0, 5.0]), 1.0, 8.0)
# RUN: _lower_bound_yi_x_y (np.array([6.0, 3.0, 5.0, 4.0, 7.0]), 3.0, 7.0, np.array([2.0, 1.0, 8.0, 4.0, 5.0]), 1.0, 8.0)
# RUN: _lower_bound_yi_x_y (np.array([9.0, 10.0, 12.0]), 9.0, 12.0, np.array([1.0, 2.0, 3.0]), 1.0, 3.0)
# RUN: _lower_bound_yi_x_y (np.array([1.0, 2.0, 3.0]), 1.0, 3.0, np.array([9.0, 10.0, 12.0]), 9.0, 12.0)
# RUN: _lower_bound_yi_x_y (np.array([2.0, 4.0, 3.0]), 2.0, 4.0, np.array([1.0, 6.0, 3.0]), 1.0, 6.0)
# RUN: _lower_bound_yi_x_y (np.array([0.0, 4.0, 3.0]), 0.0, 4.0, np.array([1.0, 6.0, 3.0]), 1.0, 6.0)
@njit()
def _lower_bound_yi_x_y(x, x_min, x_max, y, y_min, y_max):
    if x_max >= y_max:
        if x_min < y_min:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)
        elif x_min > y_max:
            return sqrt(max(np.sum(np.square(x - y_max)),
                            np.sum(np.square(y - x_min))))
        else:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
    else:
        if y_min < x_min:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
        elif y_min > x_max:
            return sqrt(max(np.sum(np.square(y - x_max)),
                            np.sum(np.square(x - y_min))))
        else:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)

# === CASE _lower_bound_yi_X_Y
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 49
# RUN: _lower_bound_yi_X_Y (lambda X, Y: (X, X.min(axis=1), X.max(axis=1), Y, Y.min(axis=1), Y.max(axis=1)))(np.random.default_rng(1).normal(size=(4, 12)) + np.arange(4)[:, None], np.random.default_rng(0).normal(size=(5, 12)))
@njit()
def _lower_bound_yi_x_y(x, x_min, x_max, y, y_min, y_max):
    if x_max >= y_max:
        if x_min < y_min:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)
        elif x_min > y_max:
            return sqrt(max(np.sum(np.square(x - y_max)),
                            np.sum(np.square(y - x_min))))
        else:
            sum1 = np.sum(np.square(x[x > y_max] - y_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
    else:
        if y_min < x_min:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(y[y < x_min] - x_min))
            return sqrt(sum1 + sum2)
        elif y_min > x_max:
            return sqrt(max(np.sum(np.square(y - x_max)),
                            np.sum(np.square(x - y_min))))
        else:
            sum1 = np.sum(np.square(y[y > x_max] - x_max))
            sum2 = np.sum(np.square(x[x < y_min] - y_min))
            return sqrt(sum1 + sum2)


@njit()
def _lower_bound_yi_X_Y(X, X_min, X_max, Y, Y_min, Y_max):
    n_samples_X, _ = X.shape
    n_samples_Y, _ = Y.shape
    X_yi = np.empty((n_samples_X, n_samples_Y))
    for i in prange(n_samples_X):
        for j in prange(n_samples_Y):
            X_yi[i, j] = _lower_bound_yi_x_y(
                X[i], X_min[i], X_max[i], Y[j], Y_min[j], Y_max[j]
            )
    return X_yi

# === CASE _warping_envelope_2d
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 149
# RUN: _warping_envelope_2d (np.random.default_rng(0).normal(size=(5, 12)), 5, 12, np.array([np.maximum(np.arange(12) - 2, 0), np.minimum(np.arange(12) + 3, 12)]))
@njit()
def _warping_envelope_2d(X, n_samples, n_timestamps, region):
    lower = np.empty((n_samples, n_timestamps))
    upper = np.empty((n_samples, n_timestamps))
    for i in prange(n_samples):
        for j in prange(n_timestamps):
            sub_series = X[i, region[0, j]:region[1, j]]
            lower[i, j] = np.min(sub_series)
            upper[i, j] = np.max(sub_series)
    return lower, upper

# === CASE _warping_envelope_3d
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 161
# RUN: _warping_envelope_3d (np.random.default_rng(0).normal(size=(4, 5, 12)), 4, 5, 12, np.array([np.maximum(np.arange(12) - 2, 0), np.minimum(np.arange(12) + 3, 12)]))
@njit()
def _warping_envelope_3d(X, n_samples_X, n_samples_Y, n_timestamps, region):
    lower = np.empty((n_samples_X, n_samples_Y, n_timestamps))
    upper = np.empty((n_samples_X, n_samples_Y, n_timestamps))
    for i in prange(n_samples_X):
        for j in prange(n_samples_Y):
            for k in prange(n_timestamps):
                sub_series = X[i, j, region[0, k]:region[1, k]]
                lower[i, j, k] = np.min(sub_series)
                upper[i, j, k] = np.max(sub_series)
    return lower, upper

# === CASE _clip_2d
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 214
# RUN: _clip_2d (np.random.default_rng(1).normal(size=(4, 12)), np.random.default_rng(0).normal(size=(5, 12)) - 0.5, np.random.default_rng(0).normal(size=(5, 12)) + 0.5, 4, 5, 12)
@njit()
def _clip_2d(X, X_min, X_max, n_samples_X, n_samples_clip, n_timestamps):
    X_clipped = np.empty((n_samples_X, n_samples_clip, n_timestamps))
    for i in prange(n_samples_X):
        X_clipped[i] = np.minimum(np.maximum(X[i], X_min), X_max)
    return X_clipped

# === CASE _clip_3d
# SOURCE: johannfaouzi/pyts pyts/metrics/lower_bounds.py @ 4f3d97bcb101, line 222
# RUN: _clip_3d (np.random.default_rng(0).normal(size=(5, 12)), np.random.default_rng(0).normal(size=(4, 5, 12)) - 0.5, np.random.default_rng(0).normal(size=(4, 5, 12)) + 0.5, 5, 4, 12)
@njit()
def _clip_3d(X, X_min, X_max, n_samples_X, n_samples_clip, n_timestamps):
    X_clipped = np.empty((n_samples_X, n_samples_clip, n_timestamps))
    for i in prange(n_samples_X):
        X_clipped[i] = np.minimum(np.maximum(X[i], X_min[:, i]), X_max[:, i])
    return X_clipped
