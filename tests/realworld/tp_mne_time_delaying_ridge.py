# Real Numba code from mne-tools/mne-python mne/decoding/time_delaying_ridge.py at commit 8aa8dec45a522363be02cba78d0856442b208067
# (BSD-3-Clause, Copyright 2011-2025 MNE-Python authors), copied unchanged: the module's two @jit() functions (the prelude keeps only the module's
# numpy import: the others are scipy, sklearn and mne's Python code, which the functions do not use).
# In place of the module's relative `from ._numba import jit, ...`, the prelude holds the body of mne/_numba.py at the
# same commit, copied unchanged: MNE decorates with its own `jit()`, a Python function that returns
# numba.jit(nopython=True, nogil=True, fastmath=True, cache=True, **kwargs), and defines prange, has_numba and the
# jitted bincount there.
# Each case below is run by run.py as this prelude followed by the case alone.
import os

import numpy as np

# Here we choose different defaults to speed things up by default
try:
    import numba

    prange = numba.prange

    def jit(nopython=True, nogil=True, fastmath=True, cache=True, **kwargs):  # noqa
        return numba.jit(
            nopython=nopython, nogil=nogil, fastmath=fastmath, cache=cache, **kwargs
        )

except Exception:  # could be ImportError, SystemError, etc.
    has_numba = False
else:
    has_numba = os.getenv("MNE_USE_NUMBA", "true").lower() == "true"


if not has_numba:

    def jit(**kwargs):  # noqa
        def _jit(func):
            return func

        return _jit

    prange = range
    bincount = np.bincount

else:

    @jit()
    def bincount(x, weights, minlength):  # noqa: D103
        out = np.zeros(minlength)
        for idx, w in zip(x, weights):
            out[idx] += w
        return out

import numpy as np


# === CASE _edge_correct
# SOURCE: mne-tools/mne-python mne/decoding/time_delaying_ridge.py @ 8aa8dec45a52, line 124
# RUN: _edge_correct (np.zeros((5, 5)), np.random.default_rng(0).normal(size=(12, 2)), 3, -2, 0, 1)
# RUN: _edge_correct (np.zeros((3, 3)), np.random.default_rng(0).normal(size=(12, 2)), 4, 1, 1, 1)
# RUN: _edge_correct (np.zeros((3, 3)), np.random.default_rng(0).normal(size=(12, 2)), -1, -4, 1, 0)
@jit()
def _edge_correct(this_result, this_X, smax, smin, ch0, ch1):
    if smax > 0:
        tail = _toeplitz_dot(this_X[-1:-smax:-1, ch0], this_X[-1:-smax:-1, ch1])
        if smin > 0:
            tail = tail[smin - 1 :, smin - 1 :]
        this_result[max(-smin + 1, 0) :, max(-smin + 1, 0) :] -= tail
    if smin < 0:
        head = _toeplitz_dot(this_X[:-smin, ch0], this_X[:-smin, ch1])[::-1, ::-1]
        if smax < 0:
            head = head[:smax, :smax]
        this_result[:-smin, :-smin] -= head

@jit()
def _toeplitz_dot(a, b):
    """Create upper triangular Toeplitz matrices & compute the dot product."""
    # This is equivalent to:
    # a = linalg.toeplitz(a)
    # b = linalg.toeplitz(b)
    # a[np.triu_indices(len(a), 1)] = 0
    # b[np.triu_indices(len(a), 1)] = 0
    # out = np.dot(a.T, b)
    assert a.shape == b.shape and a.ndim == 1
    out = np.outer(a, b)
    for ii in range(1, len(a)):
        out[ii, ii:] += out[ii - 1, ii - 1 : -1]
        out[ii + 1 :, ii] += out[ii:-1, ii - 1]
    return out

# === CASE _toeplitz_dot
# SOURCE: mne-tools/mne-python mne/decoding/time_delaying_ridge.py @ 8aa8dec45a52, line 138
# RUN: _toeplitz_dot (np.array([1.0, 2.0, 3.0, 4.0]), np.array([0.5, -1.0, 2.0, 1.0]))
@jit()
def _toeplitz_dot(a, b):
    """Create upper triangular Toeplitz matrices & compute the dot product."""
    # This is equivalent to:
    # a = linalg.toeplitz(a)
    # b = linalg.toeplitz(b)
    # a[np.triu_indices(len(a), 1)] = 0
    # b[np.triu_indices(len(a), 1)] = 0
    # out = np.dot(a.T, b)
    assert a.shape == b.shape and a.ndim == 1
    out = np.outer(a, b)
    for ii in range(1, len(a)):
        out[ii, ii:] += out[ii - 1, ii - 1 : -1]
        out[ii + 1 :, ii] += out[ii:-1, ii - 1]
    return out
