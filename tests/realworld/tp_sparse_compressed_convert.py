# Real Numba code from pydata/sparse sparse/numba_backend/_compressed/convert.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted functions.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import operator
from functools import reduce

import numba
from numba.typed import List

import numpy as np


# sparse/numba_backend/_compressed/convert.py lines 38-78 and 276-301, the helpers the other functions call (their cases are below), copied unchanged:
@numba.jit(nopython=True, nogil=True)
def compute_flat(increments, cols, operations):  # pragma: no cover
    """
    Iterates through indices and calculates the linearized
    indices.
    """
    start = 0
    end = increments[-1].shape[0]
    positions = np.zeros(len(increments) - 1, dtype=np.intp)
    pos = len(increments) - 2
    for _ in range(operations):
        to_add = 0
        for j in range(len(increments) - 1):
            to_add += increments[j][positions[j]]

        cols[start:end] += to_add
        start += increments[-1].shape[0]
        end += increments[-1].shape[0]

        for j in range(pos, -1, -1):
            positions[j] += 1
            if positions[j] == increments[j].shape[0]:
                positions[j] = 0
            else:
                break

    return cols


@numba.jit(nopython=True, nogil=True)
def transform_shape(shape):  # pragma: no cover
    """
    turns a shape into the linearized increments that
    it represents. For example, given (5,5,5), it returns
    np.array([25,5,1]).
    """
    shape_bins = np.empty(len(shape), dtype=np.intp)
    shape_bins[-1] = 1
    for i in range(len(shape) - 1):
        shape_bins[i] = np.prod(shape[i + 1 :])
    return shape_bins


@numba.jit(nopython=True, nogil=True)
def unravel_index(n, shape):  # pragma: no cover
    """
    implements a subset of the functionality of np.unravel_index.
    """
    out = np.zeros(len(shape), dtype=np.intp)
    i = 1
    while i < len(shape) and n > 0:
        cur = np.prod(shape[i:])
        out[i - 1] = n // cur
        n -= out[i - 1] * cur
        i += 1
    out[-1] = n
    return out


@numba.jit(nopython=True, nogil=True)
def ravel_multi_index(arr, shape):  # pragma: no cover
    """
    implements a subset of the functionality of np.ravel_multi_index.
    """
    total = 0
    for i, a in enumerate(arr[:-1], 1):
        total += a * np.prod(shape[i:])
    total += arr[-1]
    return total

# === CASE convert_to_flat
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 13
# RUN: convert_to_flat (__import__("numba").typed.List([np.array([0, 2]), np.array([1, 3])]), (3, 4), np.dtype(np.int64))
# RUN: convert_to_flat (__import__("numba").typed.List([np.array([1]), np.array([0, 2]), np.array([1, 3, 4])]), (2, 3, 5), np.dtype(np.int64))
# RUN: convert_to_flat (__import__("numba").typed.List([np.array([0, 1, 4])]), (5,), np.dtype(np.int32))
@numba.jit(nopython=True, nogil=True)
def convert_to_flat(inds, shape, dtype):
    """
    Converts the indices of either the compressed or uncompressed axes
    into a linearized form. Prepares the inputs for compute_flat.
    """
    shape_bins = transform_shape(np.asarray(shape))
    increments = List()
    for i in range(len(inds)):
        increments.append((inds[i] * shape_bins[i]).astype(dtype))

    operations = 1
    for inc in increments[:-1]:
        operations *= inc.shape[0]

    if operations == 0:
        return np.empty(0, dtype=dtype)

    cols = increments[-1].repeat(operations).reshape((-1, operations)).T.flatten()
    if len(increments) == 1:
        return cols

    return compute_flat(increments, cols, operations)

# === CASE compute_flat
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 38
# compute_flat is in the prelude: convert_to_flat calls it.
# RUN: compute_flat (__import__("numba").typed.List([np.array([0, 8]), np.array([1, 3])]), np.array([1, 3, 1, 3]), 2)
# RUN: compute_flat (__import__("numba").typed.List([np.array([15]), np.array([0, 10]), np.array([1, 3, 4])]), np.array([1, 3, 4, 1, 3, 4]), 2)

# === CASE transform_shape
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 67
# transform_shape is in the prelude: convert_to_flat calls it.
# RUN: transform_shape np.array([5, 5, 5])
# RUN: transform_shape np.array([2, 3, 4, 5])

# === CASE uncompress_dimension
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 81
# RUN: uncompress_dimension np.array([0, 2, 2, 5, 6])
# RUN: uncompress_dimension np.array([0, 1, 3, 3, 4], dtype=np.int32)
@numba.jit(nopython=True, nogil=True)
def uncompress_dimension(indptr):  # pragma: no cover
    """converts an index pointer array into an array of coordinates"""
    uncompressed = np.empty(indptr[-1], dtype=indptr.dtype)
    for i in range(len(indptr) - 1):
        uncompressed[indptr[i] : indptr[i + 1]] = i
    return uncompressed

# === CASE is_sorted
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 90
# RUN: is_sorted np.array([1, 3, 5, 8])
# RUN: is_sorted np.array([1, 3, 3, 8])
# RUN: is_sorted np.array([4, 2])
@numba.jit(nopython=True, nogil=True)
def is_sorted(arr):  # pragma: no cover
    """
    function to check if an indexing array is sorted without repeats. If it is,
    we can use the faster slicing algorithm.
    """
    # numba doesn't recognize the new all(...) format
    for i in range(len(arr) - 1):  # noqa: SIM110
        if arr[i + 1] <= arr[i]:
            return False

    return True

# === CASE _linearize
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 104
# RUN: _linearize (np.array([0, 5, 7, 13, 20, 23]), np.array([2, 3, 4]), np.array([0, 1, 2]), np.array([2, 3, 4]), np.array([2, 12]), np.zeros(6, dtype=np.intp), np.zeros((2, 6), dtype=np.int64))
# RUN: _linearize (np.array([0, 5, 7, 13, 20, 23]), np.array([2, 3, 4]), np.array([1, 0, 2]), np.array([3, 2, 4]), np.array([3, 8]), np.zeros(6, dtype=np.intp), np.zeros((2, 6), dtype=np.int64))
@numba.jit(nopython=True, nogil=True)
def _linearize(
    x_indices,
    shape,
    new_axis_order,
    new_reordered_shape,
    new_compressed_shape,
    new_linear,
    new_coords,
):  # pragma: no cover
    for i, n in enumerate(x_indices):
        current = unravel_index(n, shape)
        current_t = current[new_axis_order]
        new_linear[i] = ravel_multi_index(current_t, new_reordered_shape)
        new_coords[:, i] = unravel_index(new_linear[i], new_compressed_shape)

# === CASE _c_ordering
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 202
# RUN: _c_ordering (np.array([0, 5, 9, 14, 22]), np.zeros(5, dtype=np.int64), np.array([3, 2, 4]), np.array([1, 0, 2]), np.array([2, 3, 4]))
@numba.jit(nopython=True, nogil=True)
def _c_ordering(linear, c_linear, reordered_shape, sorted_axis_order, shape):  # pragma: no cover
    for i, n in enumerate(linear):
        # c ordering
        current_coords = unravel_index(n, reordered_shape)[sorted_axis_order]
        c_linear[i] = ravel_multi_index(current_coords, shape)

# === CASE unravel_index
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 276
# unravel_index is in the prelude: _linearize, _c_ordering and _convert_coords call it.
# RUN: unravel_index (17, np.array([2, 3, 4]))
# RUN: unravel_index (0, np.array([2, 3, 4]))
# RUN: unravel_index (23, np.array([6, 4]))

# === CASE ravel_multi_index
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 292
# ravel_multi_index is in the prelude: _linearize, _c_ordering and _convert_coords call it.
# RUN: ravel_multi_index (np.array([1, 1, 1]), np.array([2, 3, 4]))
# RUN: ravel_multi_index (np.array([5, 3]), np.array([6, 4]))

# === CASE _convert_coords
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/convert.py @ 90ecf60e0568, line 304
# RUN: _convert_coords (np.array([0, 5, 9, 14, 22]), np.array([2, 3, 4]), np.array([2, 3, 4]), np.array([0, 1, 2]), np.array([0, 1, 2]), np.array([6, 4]), np.array([0, 1]), np.array([6, 4]), np.zeros(5, dtype=np.intp), np.zeros((2, 5), dtype=np.int64), np.array([6, 4]), False)
# RUN: _convert_coords (np.array([0, 5, 9, 14, 22]), np.array([2, 3, 4]), np.array([2, 3, 4]), np.array([0, 1, 2]), np.array([2, 1, 0]), np.array([4, 3, 2]), np.array([0, 1, 2]), np.array([4, 3, 2]), np.zeros(5, dtype=np.intp), np.zeros((2, 5), dtype=np.int64), np.array([4, 6]), True)
@numba.jit(nopython=True, nogil=True)
def _convert_coords(
    linear,
    old_shape,
    reordered_shape,
    sorted_axis_order,
    axes,
    shape,
    new_axis_order,
    new_reordered_shape,
    new_linear,
    new_coords,
    new_compressed_shape,
    transpose,
):  # pragma: no cover
    if transpose:
        for i, n in enumerate(linear):
            # c ordering
            current_coords = unravel_index(n, reordered_shape)[sorted_axis_order]
            # transpose
            current_coords_t = current_coords[axes][new_axis_order]
            new_linear[i] = ravel_multi_index(current_coords_t, new_reordered_shape)
            # reshape
            new_coords[:, i] = unravel_index(new_linear[i], new_compressed_shape)
    else:
        for i, n in enumerate(linear):
            # c ordering
            current_coords = unravel_index(n, reordered_shape)[sorted_axis_order]
            # linearize
            c_current = ravel_multi_index(current_coords, old_shape)
            # compress
            c_compressed = unravel_index(c_current, shape)
            c_compressed = c_compressed[new_axis_order]
            new_linear[i] = ravel_multi_index(c_compressed, new_reordered_shape)
            # reshape
            new_coords[:, i] = unravel_index(new_linear[i], new_compressed_shape)
