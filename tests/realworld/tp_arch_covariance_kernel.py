# Real Numba code from bashtage/arch arch/covariance/kernel.py at commit 543f44cf7ce1ec8125ade4b1a32109b37fcfd042
# (NCSA license, Copyright (c) 2017 Kevin Sheppard), copied unchanged: the module's jitted kernel (`_cov_jit`, compiled under `if HAS_NUMBA ...`),
# with the names arch/compat/numba.py defines when numba is present.
# Each case below is run by run.py as this prelude followed by the case alone.
# `from arch.compat.numba import DISABLE_NUMBA, HAS_NUMBA, jit` (arch is not installed here): the lines of
# arch/compat/numba.py that define them when numba is present (lines 2-3, 9, 16, 20, 22-23), copied unchanged:
import functools
import os
DISABLE_NUMBA = os.environ.get("ARCH_DISABLE_NUMBA", "") in ("1", "true", "True")
HAS_NUMBA = False
from numba import jit
HAS_NUMBA = True
jit = functools.partial(jit, nopython=True)

import numpy as np

# === CASE _cov_jit
# SOURCE: bashtage/arch arch/covariance/kernel.py @ 543f44cf7ce1, line 139
# RUN: _cov_jit (100, 3, 5, np.array([1.0, 0.8, 0.6, 0.4, 0.2]), np.random.default_rng(0).standard_normal((100, 3)))
# RUN: _cov_jit (40, 2, 3, np.array([1.0, 2.0 / 3.0, 1.0 / 3.0]), np.random.default_rng(1).standard_normal((40, 2)))
def _cov_kernel(
    df: int, k: int, num_weights: int, w: np.ndarray, x: np.ndarray
) -> np.ndarray:
    oss = np.zeros((k, k))
    for i in range(1, num_weights):
        oss += w[i] * (x[i:].T @ x[:-i]) / df
    return oss

if HAS_NUMBA and not DISABLE_NUMBA:
    _cov_jit = jit(_cov_kernel, nopython=True)
else:
    _cov_jit = _cov_kernel
