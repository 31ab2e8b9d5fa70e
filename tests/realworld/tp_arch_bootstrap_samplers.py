# Real Numba code from bashtage/arch arch/bootstrap/_samplers_python.py at commit 543f44cf7ce1ec8125ade4b1a32109b37fcfd042
# (NCSA license, Copyright (c) 2017 Kevin Sheppard), copied unchanged: the module's jitted sampler, with the `jit` of arch/compat/numba.py and the
# array aliases of arch/_typing.py that the module imports.
# Each case below is run by run.py as this prelude followed by the case alone.
# `from arch.compat.numba import jit` (arch is not installed here): the lines of arch/compat/numba.py that
# define it when numba is present (lines 2, 20 and 23), copied unchanged:
import functools
from numba import jit
jit = functools.partial(jit, nopython=True)

# `from arch._typing import Float64Array, Int64Array`: arch/_typing.py lines 5, 38 and 41, copied unchanged:
import numpy as np
Float64Array = np.ndarray[tuple[int, ...], np.dtype[np.float64]]  # pragma: no cover
Int64Array = np.ndarray[tuple[int, ...], np.dtype[np.int64]]  # pragma: no cover

# === CASE stationary_bootstrap_sample
# SOURCE: bashtage/arch arch/bootstrap/_samplers_python.py @ 543f44cf7ce1, line 6
# RUN: stationary_bootstrap_sample (np.random.default_rng(0).integers(0, 50, 50), np.random.default_rng(1).random(50), 0.2)
# RUN: stationary_bootstrap_sample (np.random.default_rng(2).integers(0, 20, 20), np.random.default_rng(3).random(20), 0.9)
def stationary_bootstrap_sample_python(
    indices: Int64Array, u: Float64Array, p: float
) -> Int64Array:
    """
    Generate indices for sampling from the stationary bootstrap.

    Parameters
    -------
    indices: ndarray
        Single-dimensional array containing draws from randint with the same
        size as the data in the range of [0,nobs).
    u : ndarray
        Single-dimensional Array of standard uniforms.
    p : float
        Probability that a new block is started in the stationary bootstrap.
        The multiplicative reciprocal of the window length.

    Returns
    -------
    ndarray
        Indices for an iteration of the stationary bootstrap.
    """
    num_items = indices.shape[0]
    for i in range(1, num_items):
        if u[i] > p:
            indices[i] = indices[i - 1] + 1
            if indices[i] == num_items:
                indices[i] = 0

    return indices

stationary_bootstrap_sample = jit(stationary_bootstrap_sample_python)
