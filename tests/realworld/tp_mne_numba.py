# Real Numba code from mne-tools/mne-python mne/_numba.py at commit 8aa8dec45a522363be02cba78d0856442b208067
# (BSD-3-Clause, Copyright 2011-2025 MNE-Python authors), copied unchanged: the module's one jitted function, bincount,
# with the module's code above it as the prelude (MNE's own `jit()`, a Python function that returns
# numba.jit(nopython=True, nogil=True, fastmath=True, cache=True, **kwargs)). bincount is defined in the `else:` of a
# module-level `if not has_numba:`; the prelude stops before that `else:`, the case holds bincount dedented.
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


# === CASE bincount
# SOURCE: mne-tools/mne-python mne/_numba.py @ 8aa8dec45a52, line 47
# RUN: bincount (np.array([0, 2, 2, 1, 4]), np.array([0.5, 1.0, 2.0, 3.0, 4.0]), 6)
# RUN: bincount (np.array([3, 3, 0]), np.array([1.0, -2.0, 0.25]), 4)
@jit()
def bincount(x, weights, minlength):  # noqa: D103
    out = np.zeros(minlength)
    for idx, w in zip(x, weights):
        out[idx] += w
    return out
