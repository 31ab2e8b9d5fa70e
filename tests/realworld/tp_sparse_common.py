# Real Numba code from pydata/sparse sparse/numba_backend/_common.py at commit 90ecf60e0568fc9616dad44d841ea3e82c825be4
# (BSD-3-Clause, Copyright (c) 2018, Sparse developers), copied unchanged: the module's jitted functions, and the ones its _dot_*_type factories
# define and return (dedented), each after the `dtr` it closes over.
# The module's imports are kept but its relative imports of the sparse package (not installed here), which no
# jitted function uses.
# Each case below is run by run.py as this prelude followed by the case alone.
import builtins
import warnings
from collections.abc import Iterable
from functools import reduce, wraps
from itertools import chain
from operator import index, mul

import numba
from numba import literal_unroll

import numpy as np


# sparse/numba_backend/_common.py lines 543-629, the helpers the dot kernels call (their cases are below), copied unchanged:
@numba.jit(nopython=True, nogil=True)
def _csr_csr_count_nnz(out_shape, a_indices, b_indices, a_indptr, b_indptr):  # pragma: no cover
    """
    A function for computing the number of nonzero values in the resulting
    array from multiplying an array with compressed rows with an array
    with compressed rows: (a @ b).nnz.

    Parameters
    ----------
    out_shape : tuple
        The shape of the output array.
    a_indices, a_indptr : np.ndarray
        The indices and index pointer array of ``a``.
    b_data, b_indices, b_indptr : np.ndarray
        The indices and index pointer array of ``b``.
    """
    n_row, n_col = out_shape
    nnz = 0
    mask = np.full(n_col, -1)
    for i in range(n_row):
        row_nnz = 0
        for j in a_indices[a_indptr[i] : a_indptr[i + 1]]:
            for k in b_indices[b_indptr[j] : b_indptr[j + 1]]:
                if mask[k] != i:
                    mask[k] = i
                    row_nnz += 1
        nnz += row_nnz
    return nnz


@numba.jit(nopython=True, nogil=True)
def _csr_ndarray_count_nnz(out_shape, indptr, a_indices, a_indptr, b):  # pragma: no cover
    """
    A function for computing the number of nonzero values in the resulting
    array from multiplying an array with compressed rows with a dense
    numpy array: (a @ b).nnz.

    Parameters
    ----------
    out_shape : tuple
        The shape of the output array.
    indptr : ndarray
        The empty index pointer array for the output.
    a_indices, a_indptr : np.ndarray
        The indices and index pointer array of ``a``.
    b : np.ndarray
        The second input array ``b``.
    """
    nnz = 0
    for i in range(out_shape[0]):
        cur_row = a_indices[a_indptr[i] : a_indptr[i + 1]]
        for j in range(out_shape[1]):
            for k in cur_row:
                if b[k, j] != 0:
                    nnz += 1
                    break
        indptr[i + 1] = nnz
    return nnz


@numba.jit(nopython=True, nogil=True)
def _csc_ndarray_count_nnz(a_shape, b_shape, indptr, a_indices, a_indptr, b):  # pragma: no cover
    """
    A function for computing the number of nonzero values in the resulting
    array from multiplying an array with compressed columns with a dense
    numpy array: (a @ b).nnz.

    Parameters
    ----------
    a_shape, b_shape : tuple
        The shapes of the input arrays.
    indptr : ndarray
        The empty index pointer array for the output.
    a_indices, a_indptr : np.ndarray
        The indices and index pointer array of ``a``.
    b : np.ndarray
        The second input array ``b``.
    """
    nnz = 0
    mask = np.full(a_shape[0], -1)
    for i in range(b_shape[1]):
        col_nnz = 0
        for j in range(b_shape[0]):
            for k in a_indices[a_indptr[j] : a_indptr[j + 1]]:
                if b[j, i] != 0 and mask[k] != i:
                    mask[k] = i
                    col_nnz += 1
        nnz += col_nnz
        indptr[i + 1] = nnz
    return nnz

# === CASE nan_check
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 51
# RUN: nan_check (np.array([1.0, np.nan]), 2.0)
# RUN: nan_check (np.arange(3.0), 1, 2.5)
# RUN: nan_check (np.empty(0), np.array([[0.5, 1.5], [2.5, np.nan]]))
@numba.njit
def nan_check(*args):
    """
    Check for the NaN values in Numpy Arrays

    Parameters
    ----------
    Union[Numpy Array, Integer, Float]

    Returns
    -------
    Boolean Whether Numpy Array Contains NaN

    """
    for i in literal_unroll(args):
        ia = np.asarray(i)
        if ia.size != 0 and np.isnan(np.min(ia)):
            return True
    return False

# === CASE _csr_csr_count_nnz
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 543
# _csr_csr_count_nnz is in the prelude: _dot_csr_csr and _dot_coo_coo call it.
# RUN: _csr_csr_count_nnz ((3, 3), np.array([0, 2, 3, 1, 2, 3]), np.array([0, 2, 1, 0, 1, 2]), np.array([0, 2, 3, 6]), np.array([0, 2, 3, 4, 6]))

# === CASE _csr_ndarray_count_nnz
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 573
# _csr_ndarray_count_nnz is in the prelude: _dot_csr_ndarray_sparse calls it.
# RUN: _csr_ndarray_count_nnz ((3, 3), np.zeros(4, dtype=np.intp), np.array([0, 2, 3, 1, 2, 3]), np.array([0, 2, 3, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))

# === CASE _csc_ndarray_count_nnz
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 603
# _csc_ndarray_count_nnz is in the prelude: _dot_csc_ndarray_sparse calls it.
# RUN: _csc_ndarray_count_nnz ((3, 4), (4, 3), np.zeros(4, dtype=np.intp), np.array([0, 2, 0, 2, 1, 2]), np.array([0, 1, 2, 4, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))

# === CASE _dot_csr_csr_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 643
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_csr_csr ((3, 3), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([1.0, -1.0, 2.0, 3.0, 0.5, 4.0]), np.array([0, 2, 3, 1, 2, 3]), np.array([0, 2, 1, 0, 1, 2]), np.array([0, 2, 3, 6]), np.array([0, 2, 3, 4, 6]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_csr_csr(out_shape, a_data, b_data, a_indices, b_indices, a_indptr, b_indptr):  # pragma: no cover
    """
    Utility function taking in two ``GCXS`` objects and calculating
    their dot product: a @ b for a and b with compressed rows.

    Parameters
    ----------
    out_shape : tuple
        The shape of the output array.
    a_data, a_indices, a_indptr : np.ndarray
        The data, indices, and index pointer arrays of ``a``.
    b_data, b_indices, b_indptr : np.ndarray
        The data, indices, and index pointer arrays of ``b``.
    """

    # much of this is borrowed from:
    # https://github.com/scipy/scipy/blob/main/scipy/sparse/sparsetools/csr.h

    # calculate nnz before multiplying so we can use static arrays
    nnz = _csr_csr_count_nnz(out_shape, a_indices, b_indices, a_indptr, b_indptr)
    n_row, n_col = out_shape
    indptr = np.empty(n_row + 1, dtype=np.intp)
    indptr[0] = 0
    indices = np.empty(nnz, dtype=np.intp)
    data = np.empty(nnz, dtype=dtr)
    next_ = np.full(n_col, -1)
    sums = np.zeros(n_col, dtype=dtr)
    nnz = 0

    for i in range(n_row):
        head = -2
        length = 0
        next_[:] = -1
        for j, av in zip(  # noqa: B905
            a_indices[a_indptr[i] : a_indptr[i + 1]],
            a_data[a_indptr[i] : a_indptr[i + 1]],
        ):
            for k, bv in zip(  # noqa: B905
                b_indices[b_indptr[j] : b_indptr[j + 1]],
                b_data[b_indptr[j] : b_indptr[j + 1]],
            ):
                sums[k] += av * bv
                if next_[k] == -1:
                    next_[k] = head
                    head = k
                    length += 1

        for _ in range(length):
            if next_[head] != -1:
                indices[nnz] = head
                data[nnz] = sums[head]
                nnz += 1

            temp = head
            head = next_[head]

            next_[temp] = -1
            sums[temp] = 0

        indptr[i + 1] = nnz

    if len(indices) == (n_col * n_row):
        for i in range(len(indices) // n_col):
            j = n_col * i
            k = n_col * (1 + i)
            data[j:k] = data[j:k][::-1]
            indices[j:k] = indices[j:k][::-1]
    return data, indices, indptr

# === CASE _dot_csr_ndarray_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 724
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_csr_ndarray ((3, 3), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([0, 2, 3, 1, 2, 3]), np.array([0, 2, 3, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_csr_ndarray(out_shape, a_data, a_indices, a_indptr, b):  # pragma: no cover
    """
    Utility function taking in one `GCXS` and one ``ndarray`` and
    calculating their dot product: a @ b for a with compressed rows.
    Returns a dense result.

    Parameters
    ----------
    a_data, a_indices, a_indptr : np.ndarray
        The data, indices, and index pointers of ``a``.
    b : np.ndarray
        The second input array ``b``.
    out_shape : Tuple[int]
        The shape of the output array.
    """
    b = np.ascontiguousarray(b)  # ensure memory aligned
    out = np.zeros(out_shape, dtype=dtr)
    for i in range(out_shape[0]):
        val = out[i]
        for k in range(a_indptr[i], a_indptr[i + 1]):
            ind = a_indices[k]
            v = a_data[k]
            for j in range(out_shape[1]):
                val[j] += v * b[ind, j]
    return out

# === CASE _dot_csr_ndarray_type_sparse
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 762
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_csr_ndarray_sparse ((3, 3), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([0, 2, 3, 1, 2, 3]), np.array([0, 2, 3, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_csr_ndarray_sparse(out_shape, a_data, a_indices, a_indptr, b):  # pragma: no cover
    """
    Utility function taking in one `GCXS` and one ``ndarray`` and
    calculating their dot product: a @ b for a with compressed rows.
    Returns a sparse result.

    Parameters
    ----------
    a_data, a_indices, a_indptr : np.ndarray
        The data, indices, and index pointers of ``a``.
    b : np.ndarray
        The second input array ``b``.
    out_shape : Tuple[int]
        The shape of the output array.
    """
    indptr = np.empty(out_shape[0] + 1, dtype=np.intp)
    indptr[0] = 0
    nnz = _csr_ndarray_count_nnz(out_shape, indptr, a_indices, a_indptr, b)
    indices = np.empty(nnz, dtype=np.intp)
    data = np.empty(nnz, dtype=dtr)
    current = 0
    for i in range(out_shape[0]):
        for j in range(out_shape[1]):
            val = 0
            nonzero = False
            for k in range(a_indptr[i], a_indptr[i + 1]):
                ind = a_indices[k]
                v = a_data[k]
                val += v * b[ind, j]
                if b[ind, j] != 0:
                    nonzero = True
            if nonzero:
                data[current] = val
                indices[current] = j
                current += 1
    return data, indices, indptr

# === CASE _dot_csc_ndarray_type_sparse
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 811
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_csc_ndarray_sparse ((3, 4), (4, 3), np.array([1.0, 4.0, 2.0, 5.0, 3.0, 6.0]), np.array([0, 2, 0, 2, 1, 2]), np.array([0, 1, 2, 4, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_csc_ndarray_sparse(a_shape, b_shape, a_data, a_indices, a_indptr, b):  # pragma: no cover
    """
    Utility function taking in one `GCXS` and one ``ndarray`` and
    calculating their dot product: a @ b for a with compressed columns.
    Returns a sparse result.

    Parameters
    ----------
    a_data, a_indices, a_indptr : np.ndarray
        The data, indices, and index pointers of ``a``.
    b : np.ndarray
        The second input array ``b``.
    a_shape, b_shape : Tuple[int]
        The shapes of the input arrays.
    """
    indptr = np.empty(b_shape[1] + 1, dtype=np.intp)
    nnz = _csc_ndarray_count_nnz(a_shape, b_shape, indptr, a_indices, a_indptr, b)
    indices = np.empty(nnz, dtype=np.intp)
    data = np.empty(nnz, dtype=dtr)
    sums = np.zeros(a_shape[0])
    mask = np.full(a_shape[0], -1)
    nnz = 0
    indptr[0] = 0
    for i in range(b_shape[1]):
        head = -2
        length = 0
        for j in range(b_shape[0]):
            u = b[j, i]
            if u != 0:
                for k in range(a_indptr[j], a_indptr[j + 1]):
                    ind = a_indices[k]
                    v = a_data[k]
                    sums[ind] += u * v
                    if mask[ind] == -1:
                        mask[ind] = head
                        head = ind
                        length += 1
        for _ in range(length):
            if sums[head] != 0:
                indices[nnz] = head
                data[nnz] = sums[head]
                nnz += 1

            temp = head
            head = mask[head]

            mask[temp] = -1
            sums[temp] = 0
    return data, indices, indptr

# === CASE _dot_csc_ndarray_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 873
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_csc_ndarray ((3, 4), (4, 3), np.array([1.0, 4.0, 2.0, 5.0, 3.0, 6.0]), np.array([0, 2, 0, 2, 1, 2]), np.array([0, 1, 2, 4, 6]), np.array([[1.0, 0.0, -1.0], [0.0, 2.0, 0.0], [3.0, 0.0, 0.0], [0.0, 0.5, 4.0]]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_csc_ndarray(a_shape, b_shape, a_data, a_indices, a_indptr, b):  # pragma: no cover
    """
    Utility function taking in one `GCXS` and one ``ndarray`` and
    calculating their dot product: a @ b for a with compressed columns.
    Returns a dense result.

    Parameters
    ----------
    a_data, a_indices, a_indptr : np.ndarray
        The data, indices, and index pointers of ``a``.
    b : np.ndarray
        The second input array ``b``.
    a_shape, b_shape : Tuple[int]
        The shapes of the input arrays.
    """
    b = np.ascontiguousarray(b)  # ensure memory aligned
    out = np.zeros((a_shape[0], b_shape[1]), dtype=dtr)
    for i in range(b_shape[0]):
        for k in range(a_indptr[i], a_indptr[i + 1]):
            ind = a_indices[k]
            v = a_data[k]
            val = out[ind]
            for j in range(b_shape[1]):
                val[j] += v * b[i, j]
    return out

# === CASE _dot_coo_coo_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 911
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_coo_coo ((3, 3), np.array([[0, 0, 1, 2, 2, 2], [0, 2, 3, 1, 2, 3]]), np.array([[0, 0, 1, 2, 3, 3], [0, 2, 1, 0, 1, 2]]), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([1.0, -1.0, 2.0, 3.0, 0.5, 4.0]), np.array([0, 2, 3, 6]), np.array([0, 2, 3, 4, 6]))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_coo_coo(out_shape, a_coords, b_coords, a_data, b_data, a_indptr, b_indptr):  # pragma: no cover
    """
    Utility function taking in two ``COO`` objects and calculating
    their dot product: a @ b.

    Parameters
    ----------
    a_shape, b_shape : tuple
        The shapes of the input arrays.
    a_data, a_coords : np.ndarray
        The data and coordinates of ``a``.
    b_data, b_coords : np.ndarray
        The data and coordinates of ``b``.
    """

    # much of this is borrowed from:
    # https://github.com/scipy/scipy/blob/main/scipy/sparse/sparsetools/csr.h

    n_row, n_col = out_shape
    # calculate nnz before multiplying so we can use static arrays
    nnz = _csr_csr_count_nnz(out_shape, a_coords[1], b_coords[1], a_indptr, b_indptr)
    coords = np.empty((2, nnz), dtype=np.intp)
    data = np.empty(nnz, dtype=dtr)
    next_ = np.full(n_col, -1)
    sums = np.zeros(n_col, dtype=dtr)
    nnz = 0

    for i in range(n_row):
        head = -2
        length = 0
        next_[:] = -1
        for j, av in zip(  # noqa: B905
            a_coords[1, a_indptr[i] : a_indptr[i + 1]],
            a_data[a_indptr[i] : a_indptr[i + 1]],
        ):
            for k, bv in zip(  # noqa: B905
                b_coords[1, b_indptr[j] : b_indptr[j + 1]],
                b_data[b_indptr[j] : b_indptr[j + 1]],
            ):
                sums[k] += av * bv
                if next_[k] == -1:
                    next_[k] = head
                    head = k
                    length += 1

        for _ in range(length):
            if next_[head] != -1:
                coords[0, nnz] = i
                coords[1, nnz] = head
                data[nnz] = sums[head]
                nnz += 1

            temp = head
            head = next_[head]

            next_[temp] = -1
            sums[temp] = 0

    return coords, data

# === CASE _dot_coo_ndarray_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 983
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_coo_ndarray (np.array([[0, 0, 1, 2, 2, 2], [0, 2, 3, 1, 2, 3]]), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([[1.0, 0.0, 3.0, 0.0], [0.0, 2.0, 0.0, 0.5], [-1.0, 0.0, 0.0, 4.0]]), (3, 3))
dtr = np.dtype("float64")

@numba.jit(nopython=True, nogil=True)
def _dot_coo_ndarray(coords1, data1, array2, out_shape):  # pragma: no cover
    """
    Utility function taking in one `COO` and one ``ndarray`` and
    calculating a "sense" of their dot product. Acually computes
    ``s1 @ x2.T``.

    Parameters
    ----------
    data1, coords1 : np.ndarray
        The data and coordinates of ``s1``.
    array2 : np.ndarray
        The second input array ``x2``.
    out_shape : Tuple[int]
        The output shape.
    """
    out = np.zeros(out_shape, dtype=dtr)
    didx1 = 0

    while didx1 < len(data1):
        oidx1 = coords1[0, didx1]
        didx1_curr = didx1

        for oidx2 in range(out_shape[1]):
            didx1 = didx1_curr
            while didx1 < len(data1) and coords1[0, didx1] == oidx1:
                out[oidx1, oidx2] += data1[didx1] * array2[oidx2, coords1[1, didx1]]
                didx1 += 1

    return out

# === CASE _dot_coo_ndarray_type_sparse
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 1021
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_coo_ndarray (np.array([[0, 0, 1, 2, 2, 2], [0, 2, 3, 1, 2, 3]]), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.array([[1.0, 0.0, 3.0, 0.0], [0.0, 2.0, 0.0, 0.5], [-1.0, 0.0, 0.0, 4.0]]), (3, 3))
# RUN: _dot_coo_ndarray (np.array([[0, 0, 1, 2, 2, 2], [0, 2, 3, 1, 2, 3]]), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.zeros((3, 4)), (3, 3))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_coo_ndarray(coords1, data1, array2, out_shape):  # pragma: no cover
    """
    Utility function taking in one `COO` and one ``ndarray`` and
    calculating a "sense" of their dot product. Acually computes
    ``s1 @ x2.T``.

    Parameters
    ----------
    data1, coords1 : np.ndarray
        The data and coordinates of ``s1``.
    array2 : np.ndarray
        The second input array ``x2``.
    out_shape : Tuple[int]
        The output shape.
    """

    out_data = []
    out_coords = []

    # coords1.shape = (2, len(data1))
    # coords1[0, :] = rows, sorted
    # coords1[1, :] = columns

    didx1 = 0
    while didx1 < len(data1):
        current_row = coords1[0, didx1]

        cur_didx1 = didx1
        oidx2 = 0
        while oidx2 < out_shape[1]:
            cur_didx1 = didx1
            data_curr = 0
            while cur_didx1 < len(data1) and coords1[0, cur_didx1] == current_row:
                data_curr += data1[cur_didx1] * array2[oidx2, coords1[1, cur_didx1]]
                cur_didx1 += 1
            if data_curr != 0:
                out_data.append(data_curr)
                out_coords.append((current_row, oidx2))
            oidx2 += 1
        didx1 = cur_didx1

    if len(out_data) == 0:
        return np.empty((2, 0), dtype=np.intp), np.empty((0,), dtype=dtr)

    return np.array(out_coords).T, np.array(out_data)

# === CASE _dot_ndarray_coo_type
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 1079
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_ndarray_coo (np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 3.0], [0.0, 4.0, 5.0, 6.0]]), np.array([[0, 0, 1, 2, 3, 3], [0, 2, 1, 0, 1, 2]]), np.array([1.0, -1.0, 2.0, 3.0, 0.5, 4.0]), (3, 3))
dtr = np.dtype("float64")

@numba.jit(nopython=True, nogil=True)
def _dot_ndarray_coo(array1, coords2, data2, out_shape):  # pragma: no cover
    """
    Utility function taking in two one ``ndarray`` and one ``COO`` and
    calculating a "sense" of their dot product. Acually computes ``x1 @ s2.T``.

    Parameters
    ----------
    array1 : np.ndarray
        The input array ``x1``.
    data2, coords2 : np.ndarray
        The data and coordinates of ``s2``.
    out_shape : Tuple[int]
        The output shape.
    """
    out = np.zeros(out_shape, dtype=dtr)

    for oidx1 in range(out_shape[0]):
        for didx2 in range(len(data2)):
            oidx2 = coords2[1, didx2]
            out[oidx1, oidx2] += array1[oidx1, coords2[0, didx2]] * data2[didx2]

    return out

# === CASE _dot_ndarray_coo_type_sparse
# SOURCE: pydata/sparse sparse/numba_backend/_common.py @ 90ecf60e0568, line 1110
# The factory's `dtr = _dot_dtype(dt1, dt2)` (the value the function closes over) for two float64 arrays, bound first:
# RUN: _dot_ndarray_coo (np.array([[1.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 3.0], [0.0, 4.0, 5.0, 6.0]]), np.array([[0, 0, 1, 2, 3, 3], [0, 2, 1, 0, 1, 2]]), np.array([1.0, -1.0, 2.0, 3.0, 0.5, 4.0]), (3, 3))
dtr = np.dtype("float64")

@numba.jit(
    nopython=True,
    nogil=True,
    locals={"data_curr": numba.np.numpy_support.from_dtype(dtr)},
)
def _dot_ndarray_coo(array1, coords2, data2, out_shape):  # pragma: no cover
    """
    Utility function taking in two one ``ndarray`` and one ``COO`` and
    calculating a "sense" of their dot product. Acually computes ``x1 @ s2.T``.

    Parameters
    ----------
    array1 : np.ndarray
        The input array ``x1``.
    data2, coords2 : np.ndarray
        The data and coordinates of ``s2``.
    out_shape : Tuple[int]
        The output shape.
    """
    out_data = []
    out_coords = []

    # coords2.shape = (2, len(data2))
    # coords2[0, :] = columns, sorted
    # coords2[1, :] = rows

    for oidx1 in range(out_shape[0]):
        data_curr = 0
        current_col = 0
        for didx2 in range(len(data2)):
            if coords2[0, didx2] != current_col:
                if data_curr != 0:
                    out_data.append(data_curr)
                    out_coords.append([oidx1, current_col])
                    data_curr = 0
                current_col = coords2[0, didx2]

            data_curr += array1[oidx1, coords2[1, didx2]] * data2[didx2]

        if data_curr != 0:
            out_data.append(data_curr)
            out_coords.append([oidx1, current_col])

    if len(out_data) == 0:
        return np.empty((2, 0), dtype=np.intp), np.empty((0,), dtype=dtr)

    return np.array(out_coords).T, np.array(out_data)
