# Real Numba code from mne-tools/mne-python mne/preprocessing/_annotate_amplitude_numba.py at commit 8aa8dec45a522363be02cba78d0856442b208067
# (BSD-3-Clause, Copyright 2011-2025 MNE-Python authors), copied unchanged: the module's one @jit() function.
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


# === CASE _mark_inner
# SOURCE: mne-tools/mne-python mne/preprocessing/_annotate_amplitude_numba.py @ 8aa8dec45a52, line 13
# RUN: _mark_inner (np.ones(30, dtype=np.bool_), np.array([0, 5, 12, 20]), np.array([3, 11, 14, 29]), 5)
@jit()
def _mark_inner(arr_k, onsets, offsets, min_duration_samples):
    """Inner loop of _reject_short_segments()."""
    for start, stop in zip(onsets, offsets):
        if stop - start < min_duration_samples:
            arr_k[start:stop] = False
