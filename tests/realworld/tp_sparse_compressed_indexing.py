# Real Numba code from pydata/sparse sparse/numba_backend/_compressed/indexing.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted functions.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
from collections.abc import Iterable
from itertools import zip_longest
from numbers import Integral

import numba
from numba.typed import List

import numpy as np

# === CASE get_slicing_selection
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/indexing.py @ 90ecf60e0568, line 177
# RUN: get_slicing_selection (np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]), np.array([0, 2, 5, 1, 2, 3, 4, 0, 5]), np.zeros(4, dtype=np.int64), np.array([0, 3, 3]), np.array([3, 3, 7]), np.array([2, 3, 4, 5]))
# RUN: get_slicing_selection (np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]), np.array([0, 2, 5, 1, 2, 3, 4, 0, 5]), np.zeros(4, dtype=np.int64), np.array([0, 7, 3]), np.array([3, 9, 7]), np.array([0, 5]))
@numba.jit(nopython=True, nogil=True)
def get_slicing_selection(arr_data, arr_indices, indptr, starts, ends, col):  # pragma: no cover
    """
    When the requested elements come in a strictly ascending order, as is the
    case with acsending slices, we can iteratively reduce the search space,
    leading to better performance. We loop through the starts and ends, each time
    evaluating whether to use a linear filtering procedure or a binary-search-based
    method.
    """
    indices = []
    ind_list = []
    for i, (start, end) in enumerate(zip(starts, ends)):  # noqa: B905
        inds = []
        current_row = arr_indices[start:end]
        if current_row.size < col.size:  # linear filtering
            count = 0
            col_count = 0
            nnz = 0
            while col_count < col.size and count < current_row.size:
                if current_row[-1] < col[col_count] or current_row[count] > col[-1]:
                    break
                if current_row[count] == col[col_count]:
                    nnz += 1
                    ind_list.append(count + start)
                    indices.append(col_count)
                    count += 1
                    col_count += 1
                elif current_row[count] < col[col_count]:
                    count += 1
                else:
                    col_count += 1
            indptr[i + 1] = indptr[i] + nnz
        else:  # binary searches
            prev = 0
            size = 0
            col_count = 0
            while col_count < len(col):
                while (
                    col_count < len(col) and size < len(current_row) and col[col_count] < current_row[size]
                ):  # skip needless searches
                    col_count += 1
                if col_count >= len(col):  # check again because of previous loop
                    break
                if current_row[-1] < col[col_count] or current_row[size] > col[-1]:
                    break
                s = np.searchsorted(current_row[size:], col[col_count])
                size += s
                s += prev
                if not (s >= current_row.size or current_row[s] != col[col_count]):
                    s += start
                    inds.append(s)
                    indices.append(col_count)
                    size += 1
                prev = size
                col_count += 1
            ind_list.extend(inds)
            indptr[i + 1] = indptr[i] + len(inds)
    ind_list = np.array(ind_list, dtype=np.intp)
    indices = np.array(indices, dtype=indptr.dtype)
    data = arr_data[ind_list]
    return (data, indices, indptr)

# === CASE get_array_selection
# SOURCE: pydata/sparse sparse/numba_backend/_compressed/indexing.py @ 90ecf60e0568, line 240
# RUN: get_array_selection (np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]), np.array([0, 2, 5, 1, 2, 3, 4, 0, 5]), np.zeros(4, dtype=np.int64), np.array([0, 3, 3]), np.array([3, 3, 7]), np.array([5, 2, 2, 0]))
# RUN: get_array_selection (np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]), np.array([0, 2, 5, 1, 2, 3, 4, 0, 5]), np.zeros(4, dtype=np.int64), np.array([7, 0, 3]), np.array([9, 3, 7]), np.array([4, 0, 1]))
@numba.jit(nopython=True, nogil=True)
def get_array_selection(arr_data, arr_indices, indptr, starts, ends, col):  # pragma: no cover
    """
    This is a very general algorithm to be used when more optimized methods don't apply.
    It performs a binary search for each of the requested elements.
    Consequently it roughly scales by O(n log avg(nnz)).
    """
    indices = []
    ind_list = []
    for i, (start, end) in enumerate(zip(starts, ends)):  # noqa: B905
        inds = []
        current_row = arr_indices[start:end]
        if len(current_row) == 0:
            indptr[i + 1] = indptr[i]
            continue
        for c in range(len(col)):
            s = np.searchsorted(current_row, col[c])
            if not (s >= current_row.size or current_row[s] != col[c]):
                s += start
                inds.append(s)
                indices.append(c)
        ind_list.extend(inds)
        indptr[i + 1] = indptr[i] + len(inds)
    ind_list = np.array(ind_list, dtype=np.intp)
    indices = np.array(indices, dtype=indptr.dtype)
    data = arr_data[ind_list]
    return (data, indices, indptr)
