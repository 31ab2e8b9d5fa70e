# Real Numba code from johannfaouzi/pyts pyts/metrics/dtw.py at commit 4f3d97bcb1016d33dbfaef68c0931756a4552410
# (BSD-3-Clause, Copyright (c) 2018, Johann Faouzi and pyts contributors), copied unchanged: all the module's @njit
# functions, in order (sklearn's check_array serves only its plain-Python functions and is left out). Regions are
# Sakoe-Chiba bands as pyts.metrics.sakoe_chiba_band builds them (int64, shape (2, n_timestamps_1)).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from math import ceil, log2, sqrt
from numba import njit, prange

# === CASE _square
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 12
# RUN: _square (1.5, -0.25)
# RUN: _square (3, 7)
@njit()
def _square(x, y):
    return (x - y) ** 2

# === CASE _absolute
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 17
# RUN: _absolute (1.5, -0.25)
# RUN: _absolute (3, 7)
@njit()
def _absolute(x, y):
    return abs(x - y)

# === CASE _cost_matrix_region
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 22
# OUT-OF-SCOPE: a Python function as an argument (dist, a first-class @njit function object: _square or _absolute)
# RUN: _cost_matrix_region (np.linspace(0.0, 1.0, 12), np.linspace(1.0, 0.0, 12), abs, np.array([np.maximum(np.arange(12) - 2, 0), np.minimum(np.arange(12) + 3, 12)]))
@njit()
def _cost_matrix_region(x, y, dist, region):
    n_timestamps_1, n_timestamps_2 = x.size, y.size
    cost_mat = np.full((n_timestamps_1, n_timestamps_2), np.inf)
    for i in prange(n_timestamps_1):
        for j in prange(region[0, i], region[1, i]):
            cost_mat[i, j] = dist(x[i], y[j])
    return cost_mat

# === CASE _project_cost_matrix_region
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 32
# RUN: _project_cost_matrix_region ((np.sin(np.linspace(0.0, 3.0, 12))[:, None] - np.cos(np.linspace(0.0, 4.0, 12))[None, :]) ** 2, np.array([np.maximum(np.arange(12) - 2, 0), np.minimum(np.arange(12) + 3, 12)]))
@njit()
def _project_cost_matrix_region(cost_mat, region):
    n_timestamps_1, n_timestamps_2 = cost_mat.shape
    cost_mat_projected = np.full((n_timestamps_1, n_timestamps_2), np.inf)
    for i in prange(n_timestamps_1):
        for j in prange(region[0, i], region[1, i]):
            cost_mat_projected[i, j] = cost_mat[i, j]
    return cost_mat_projected

# === CASE _cost_matrix_no_region
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 42
# OUT-OF-SCOPE: a Python function as an argument (dist, a first-class @njit function object: _square or _absolute)
# RUN: _cost_matrix_no_region (np.linspace(0.0, 1.0, 12), np.linspace(1.0, 0.0, 10), abs)
@njit()
def _cost_matrix_no_region(x, y, dist):
    n_timestamps_1, n_timestamps_2 = x.size, y.size
    cost_mat = np.empty((n_timestamps_1, n_timestamps_2))
    for j in prange(n_timestamps_2):
        for i in prange(n_timestamps_1):
            cost_mat[i, j] = dist(x[i], y[j])
    return cost_mat

# === CASE _accumulated_cost_matrix_region
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 159
# RUN: _accumulated_cost_matrix_region ((np.sin(np.linspace(0.0, 3.0, 12))[:, None] - np.cos(np.linspace(0.0, 4.0, 12))[None, :]) ** 2, np.array([np.maximum(np.arange(12) - 2, 0), np.minimum(np.arange(12) + 3, 12)]))
@njit()
def _accumulated_cost_matrix_region(cost_matrix, region):
    n_timestamps_1, n_timestamps_2 = cost_matrix.shape
    acc_cost_mat = np.ones((n_timestamps_1, n_timestamps_2)) * np.inf
    acc_cost_mat[0, 0: region[1, 0]] = np.cumsum(
        cost_matrix[0, 0: region[1, 0]]
    )
    acc_cost_mat[0: region[1, 0], 0] = np.cumsum(
        cost_matrix[0: region[1, 0], 0]
    )
    region_ = np.copy(region)
    region_[0] = np.maximum(region_[0], 1)
    for i in range(1, n_timestamps_1):
        for j in range(region_[0, i], region_[1, i]):
            acc_cost_mat[i, j] = cost_matrix[i, j] + min(
                acc_cost_mat[i - 1][j - 1],
                acc_cost_mat[i - 1][j],
                acc_cost_mat[i][j - 1]
            )
    return acc_cost_mat

# === CASE _accumulated_cost_matrix_no_region
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 181
# RUN: _accumulated_cost_matrix_no_region (np.sin(np.linspace(0.0, 3.0, 12))[:, None] - np.cos(np.linspace(0.0, 4.0, 12))[None, :]) ** 2
# RUN: _accumulated_cost_matrix_no_region np.random.default_rng(0).random((7, 11))
@njit()
def _accumulated_cost_matrix_no_region(cost_matrix):
    n_timestamps_1, n_timestamps_2 = cost_matrix.shape
    acc_cost_mat = np.empty((n_timestamps_1, n_timestamps_2))
    acc_cost_mat[0] = np.cumsum(cost_matrix[0])
    acc_cost_mat[:, 0] = np.cumsum(cost_matrix[:, 0])
    for j in range(1, n_timestamps_2):
        for i in range(1, n_timestamps_1):
            acc_cost_mat[i, j] = cost_matrix[i, j] + min(
                acc_cost_mat[i - 1][j - 1],
                acc_cost_mat[i - 1][j],
                acc_cost_mat[i][j - 1]
            )
    return acc_cost_mat

# === CASE _return_path
# SOURCE: johannfaouzi/pyts pyts/metrics/dtw.py @ 4f3d97bcb101, line 236
# RUN: _return_path np.cumsum(np.cumsum((np.sin(np.linspace(0.0, 3.0, 12))[:, None] - np.cos(np.linspace(0.0, 4.0, 12))[None, :]) ** 2, axis=0), axis=1)
# RUN: _return_path np.cumsum(np.cumsum(np.random.default_rng(0).random((7, 11)), axis=0), axis=1)
@njit()
def _return_path(acc_cost_mat):
    n_timestamps_1, n_timestamps_2 = acc_cost_mat.shape
    path = [(n_timestamps_1 - 1, n_timestamps_2 - 1)]
    while path[-1] != (0, 0):
        i, j = path[-1]
        if i == 0:
            path.append((0, j - 1))
        elif j == 0:
            path.append((i - 1, 0))
        else:
            arr = np.array([acc_cost_mat[i - 1][j - 1],
                            acc_cost_mat[i - 1][j],
                            acc_cost_mat[i][j - 1]])
            argmin = np.argmin(arr)
            if argmin == 0:
                path.append((i - 1, j - 1))
            elif argmin == 1:
                path.append((i - 1, j))
            else:
                path.append((i, j - 1))
    return np.transpose(np.array(path)[::-1])
