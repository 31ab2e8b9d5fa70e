# Real Numba code from mne-tools/mne-python mne/stats/_cluster_level_numba.py at commit 8aa8dec45a522363be02cba78d0856442b208067
# (BSD-3-Clause, Copyright 2011-2025 MNE-Python authors), copied unchanged: the module's @jit() functions.
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


# === CASE _masked_sum
# SOURCE: mne-tools/mne-python mne/stats/_cluster_level_numba.py @ 8aa8dec45a52, line 16
# RUN: _masked_sum (np.array([1.5, -2.0, 0.5, 3.0, -0.25, 2.0]), np.array([True, False, True, True, False, True]))
# RUN: _masked_sum (np.array([1.5, -2.0, 0.5, 3.0, -0.25, 2.0]), np.array([0, 3, 4]))
@jit()
def _masked_sum(x, c):
    return np.sum(x[c])

# === CASE _masked_sum_power
# SOURCE: mne-tools/mne-python mne/stats/_cluster_level_numba.py @ 8aa8dec45a52, line 21
# RUN: _masked_sum_power (np.array([1.5, -2.0, 0.5, 3.0, -0.25, 2.0]), np.array([True, True, False, True, True, False]), 2.0)
# RUN: _masked_sum_power (np.array([1.5, -2.0, 0.5, 3.0, -0.25, 2.0]), np.array([1, 2, 5]), 0.5)
@jit()
def _masked_sum_power(x, c, t_power):
    return np.sum(np.sign(x[c]) * np.abs(x[c]) ** t_power)

# === CASE _sum_cluster_data
# SOURCE: mne-tools/mne-python mne/stats/_cluster_level_numba.py @ 8aa8dec45a52, line 26
# RUN: _sum_cluster_data (np.array([1.5, -2.0, 0.5, 3.0, -0.25, 2.0]), 0.5)
# RUN: _sum_cluster_data (np.array([[1.0, -3.0], [0.0, 2.0]]), 2.0)
@jit()
def _sum_cluster_data(data, tstep):
    return np.sign(data) * tstep
