# Real Numba code from scverse/scanpy src/scanpy/preprocessing/_qc.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's one @njit function.
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE top_segment_proportions_sparse_csr
# SOURCE: scverse/scanpy src/scanpy/preprocessing/_qc.py @ fabadb9412c0, line 430
# RUN: top_segment_proportions_sparse_csr (np.random.default_rng(0).integers(1, 20, 30).astype(np.float32), np.array([0, 4, 10, 13, 20, 30], dtype=np.int32), np.array([5, 2, 3]))
# RUN: top_segment_proportions_sparse_csr (np.random.default_rng(1).random(30) * 10, np.array([0, 4, 10, 13, 20, 30], dtype=np.int32), np.array([1, 4]))
@njit
def top_segment_proportions_sparse_csr(data, indptr, ns):
    # work around https://github.com/numba/numba/issues/5056
    indptr = indptr.astype(np.int64)
    ns = ns.astype(np.int64)
    ns = np.sort(ns)
    maxidx = ns[-1]
    sums = np.zeros((indptr.size - 1), dtype=data.dtype)
    values = np.zeros((indptr.size - 1, len(ns)), dtype=np.float64)
    # Just to keep it simple, as a dense matrix
    partitioned = np.zeros((indptr.size - 1, maxidx), dtype=data.dtype)
    for i in numba.prange(indptr.size - 1):
        start, end = indptr[i], indptr[i + 1]
        sums[i] = np.sum(data[start:end])
        if end - start <= maxidx:
            partitioned[i, : end - start] = data[start:end]
        elif (end - start) > maxidx:
            partitioned[i, :] = -(np.partition(-data[start:end], maxidx))[:maxidx]
        partitioned[i, :] = np.partition(partitioned[i, :], maxidx - ns)
    partitioned = partitioned[:, ::-1][:, : ns[-1]]
    acc = np.zeros((indptr.size - 1), dtype=data.dtype)
    prev = 0
    # can’t use enumerate due to https://github.com/numba/numba/issues/2625
    for j in range(ns.size):
        acc += partitioned[:, prev : ns[j]].sum(axis=1)
        values[:, j] = acc
        prev = ns[j]
    return values / sums.reshape((indptr.size - 1, 1))
