# Real Numba code from pydata/sparse sparse/numba_backend/_coo/common.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted functions.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import operator
import warnings
from collections.abc import Iterable
from functools import reduce
from typing import Any, NamedTuple

import numba

import numpy as np

# === CASE _diagonal_idx
# SOURCE: pydata/sparse sparse/numba_backend/_coo/common.py @ 90ecf60e0568, line 1011
# RUN: _diagonal_idx (np.array([[0, 1, 1, 2, 3], [0, 1, 2, 2, 1]]), 0, 1, 0)
# RUN: _diagonal_idx (np.array([[0, 1, 1, 2, 3], [0, 1, 2, 2, 1]]), 0, 1, 1)
# RUN: _diagonal_idx (np.array([[0, 0, 1, 2], [5, 6, 7, 8], [0, 1, 1, 3]]), 0, 2, 0)
@numba.jit(nopython=True, nogil=True)
def _diagonal_idx(coordlist, axis1, axis2, offset):
    """
    Utility function that returns all indices that correspond to a diagonal element.

    Parameters
    ----------
    coordlist : list of lists
        Coordinate indices.
    axis1, axis2 : int
        The axes of the diagonal.
    offset : int
        Offset of the diagonal from the main diagonal. Defaults to main diagonal (0).
    """
    return np.array([i for i in range(len(coordlist[axis1])) if coordlist[axis1][i] + offset == coordlist[axis2][i]])

# === CASE _sort_coo
# SOURCE: pydata/sparse sparse/numba_backend/_coo/common.py @ 90ecf60e0568, line 1400
# RUN: _sort_coo (np.array([[0, 0, 0, 1, 1, 2], [0, 2, 3, 1, 2, 0]]), np.array([3.0, -1.0, 2.0, 0.5, -4.0, 1.0]), 0.0, 4, False)
# RUN: _sort_coo (np.array([[0, 0, 0, 1, 1, 2], [0, 2, 3, 1, 2, 0]]), np.array([3.0, -1.0, 2.0, 0.5, -4.0, 1.0]), 0.0, 4, True)
@numba.jit(nopython=True, nogil=True)
def _sort_coo(
    coords: np.ndarray, data: np.ndarray, fill_value: float, sort_axis_len: int, descending: bool
) -> tuple[np.ndarray, np.ndarray]:
    assert coords.shape[0] == 2
    group_coords = coords[0, :]
    sort_coords = coords[1, :]

    data = data.copy()
    result_indices = np.empty_like(sort_coords)

    # We iterate through all groups and sort each one of them.
    # first and last index of a group is tracked.
    prev_group = -1
    group_first_idx = -1
    group_last_idx = -1
    # We add `-1` sentinel to know when the last group ends
    for idx, group in enumerate(np.append(group_coords, -1)):
        if group == prev_group:
            continue

        if prev_group != -1:
            group_last_idx = idx

            group_slice = slice(group_first_idx, group_last_idx)
            group_size = group_last_idx - group_first_idx

            # SORT VALUES
            if group_size > 1:
                # np.sort in numba doesn't support `np.sort`'s arguments so `stable`
                # keyword can't be supported.
                # https://numba.pydata.org/numba-doc/latest/reference/numpysupported.html#other-methods
                data[group_slice] = np.sort(data[group_slice])
                if descending:
                    data[group_slice] = data[group_slice][::-1]

            # SORT INDICES
            fill_value_count = sort_axis_len - group_size
            indices = np.arange(group_size)
            # find a place where fill_value would be
            for pos in range(group_size):
                if (not descending and fill_value < data[group_slice][pos]) or (
                    descending and fill_value > data[group_slice][pos]
                ):
                    indices[pos:] += fill_value_count
                    break
            result_indices[group_first_idx:group_last_idx] = indices

        prev_group = group
        group_first_idx = idx

    return np.vstack((group_coords, result_indices)), data

# === CASE _compute_minmax_args
# SOURCE: pydata/sparse sparse/numba_backend/_coo/common.py @ 90ecf60e0568, line 1454
# RUN: _compute_minmax_args (np.array([[0, 2, 1, 3, 0], [0, 0, 1, 1, 2]]), np.array([1.0, 3.0, -2.0, -1.0, 0.5]), 4, 0.0, True)
# RUN: _compute_minmax_args (np.array([[0, 2, 1, 3, 0], [0, 0, 1, 1, 2]]), np.array([1.0, 3.0, -2.0, -1.0, 0.5]), 4, 0.0, False)
# RUN: _compute_minmax_args (np.array([[0, 1, 2, 0, 2], [0, 0, 0, 1, 1]]), np.array([-1.0, -3.0, -2.0, 2.0, 5.0]), 3, 0.0, True)
@numba.jit(nopython=True, nogil=True)
def _compute_minmax_args(
    coords: np.ndarray,
    data: np.ndarray,
    reduce_size: int,
    fill_value: float,
    max_mode_flag: bool,
) -> tuple[np.ndarray, np.ndarray]:
    assert coords.shape[0] == 2
    reduce_coords = coords[0, :]
    index_coords = coords[1, :]

    result_indices = np.unique(index_coords)
    result_data = []

    # we iterate through each trace
    for result_index in np.nditer(result_indices):
        mask = index_coords == result_index
        masked_reduce_coords = reduce_coords[mask]
        masked_data = data[mask]

        compared_data = operator.gt(masked_data, fill_value) if max_mode_flag else operator.lt(masked_data, fill_value)

        if np.any(compared_data) or len(masked_data) == reduce_size:
            # best value is a non-fill value
            best_arg = np.argmax(masked_data) if max_mode_flag else np.argmin(masked_data)
            result_data.append(masked_reduce_coords[best_arg])
        else:
            # best value is a fill value, find the first occurrence of it
            current_coord = np.array(-1, dtype=coords.dtype)
            found = False
            for idx, new_coord in enumerate(np.nditer(np.sort(masked_reduce_coords))):
                # there is at least one fill value between consecutive non-fill values
                if new_coord - current_coord > 1:
                    result_data.append(idx)
                    found = True
                    break
                current_coord = new_coord
            # get the first fill value after all non-fill values
            if not found:
                result_data.append(current_coord + 1)

    return (result_indices, np.array(result_data, dtype=np.intp))
