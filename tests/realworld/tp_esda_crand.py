# Real Numba code from pysal/esda esda/crand.py at commit 11450be3e1860c87f109661ef7964331b68a5f99
# (BSD-3-Clause, Copyright 2018 PySAL Developers), copied unchanged: all the module's @njit functions, in order.
# The prelude is the module's imports as it has them, except `from .significance import _permutation_significance`
# (a relative import, which a standalone file cannot run; only compute_chunk, out of scope here, calls it; that
# function is the case of tp_esda_significance.py). Arguments are shaped as crand() builds them for n = 30 sites.
# Each case below is run by run.py as this prelude followed by the case alone.
import importlib
import os
import warnings

import numpy as np

try:
    from numba import boolean, njit, prange
except (ImportError, ModuleNotFoundError):
    from libpysal.common import jit as njit

    prange = range
    boolean = bool

# === CASE vec_permutations
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 29
# RUN: vec_permutations (6, 30, 20, 12345)
# RUN: vec_permutations (3, 8, 5, 0)
@njit(fastmath=True)
def vec_permutations(max_card: int, n: int, k_replications: int, seed: int):
    """
    Generate `max_card` permuted IDs, sampled from `n` without replacement,
    `k_replications` times
    ...

    Parameters
    ----------
    max_card : int
        Number of permuted IDs to generate per sample
    n : int
        Size of the sample to sample IDs from
    k_replications : int
        Number of samples of permuted IDs to perform
    seed : int
        Seed to ensure reproducibility of conditional randomizations

    Returns
    -------
    result : ndarray
        (k_replications, max_card) array with permuted IDs
    """
    np.random.seed(seed)
    result = np.empty((k_replications, max_card), dtype=np.int64)
    for k in prange(k_replications):
        result[k] = np.random.choice(n - 1, size=max_card, replace=False)
    return result

# === CASE compute_chunk
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 246
# OUT-OF-SCOPE: a Python function as an argument (stat_func, a first-class @njit function object such as esda.moran._moran_local_crand)
# RUN: compute_chunk (0, (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), np.array([2, 3, 3, 4, 2, 5, 3, 3, 2, 4, 3, 3, 0, 2, 4, 3, 3, 2, 5, 3, 3, 4, 2, 3, 3, 3, 4, 2, 3, 3]), np.zeros(30), np.ones(92), np.array([np.random.default_rng(k).permutation(29)[:6] for k in range(20)]), 1.0, True, abs, 0.0, 'two-sided')
@njit(parallel=False, fastmath=True)
def compute_chunk(
    chunk_start: int,
    z_chunk: np.ndarray,
    z: np.ndarray,
    observed: np.ndarray,
    cardinalities: np.ndarray,
    self_weights: np.ndarray,
    other_weights: np.ndarray,
    permuted_ids: np.ndarray,
    scaling: np.float64,
    keep: bool,
    stat_func,
    island_weight: float,
    alternative: str,
):
    """
    Compute conditional randomisation for a single chunk
    ...

    Parameters
    ----------
    chunk_start : int
        Starting index for the chunk of input. Should be zero if z_chunk == z.
    z_chunk : numpy.ndarray
        (n_chunk,) array containing the chunk of standardised observed values.
    z : ndarray
        2D array with N rows with standardised observed values
    observed : ndarray
        (n_chunk,) array containing observed values for the chunk
    cardinalities : ndarray
        (n_chunk,) array containing the cardinalities for each element.
    self_weights : ndarray of shape (n,)
        Array containing the self-weights for each observation. In most cases, this
        will be zero. But, in some cases (e.g. Gi-star or kernel weights), this will
        be nonzero.
    other_weights : ndarray
        Array containing the weights of all other sites in the computation
        other than site i. If self_weights is zero, this has as many entries
        as the sum of `cardinalities`.
    permuted_ids : ndarray
        (permutations, max_cardinality) array with indices of permuted
        ids to use to construct random realizations of the statistic
    scaling : float
        Scaling value to apply to every local statistic
    keep : bool
        If True, store simulation; else do not return randomised statistics
    stat_func : callable
        Method implementing the spatial statistic to be evaluated under
        conditional randomisation. The method needs to have the following
        signature:
            i : int
                Position of observation to be evaluated in the sample
            z : ndarray
                2D array with N rows with standardised observed values
            permuted_ids : ndarray
                (permutations, max_cardinality) array with indices of permuted
                IDs
            weights_i : ndarray
                Weights for neighbors in i
            scaling : float
                Scaling value to apply to every local statistic
    island_weight:
        value to use as a weight for the "fake" neighbor for every island.
        If numpy.nan, will propagate to the final local statistic depending
        on the `stat_func`. If 0, then the lag is always zero for islands.

    Returns
    -------
    larger : ndarray
        (n_chunk,) array with number of random draws under the null larger
        than observed value of statistic
    rlocals : ndarray
        (n_chunk, max_cardinality) array with local statistics simulated under
        the null of spatial randomness
    """
    chunk_n = z_chunk.shape[0]
    n_samples = z.shape[0]
    p_permutations, k_max_card = permuted_ids.shape
    p_sims = np.zeros((chunk_n,), dtype=np.float32)
    rlocals = np.empty((chunk_n, permuted_ids.shape[0])) if keep else np.empty((1, 1))

    mask = np.ones((n_samples,), dtype=np.int8) == 1
    wloc = 0

    for i in range(chunk_n):
        cardinality = cardinalities[i]
        if cardinality == 0:  # deal with islands
            weights_i = np.zeros(2, dtype=other_weights.dtype)
            weights_i[1] = island_weight
        else:
            # we need to fix the self-weight to the first position
            weights_i = np.zeros(cardinality + 1, dtype=other_weights.dtype)
            weights_i[0] = self_weights[i]
            # this chomps the next `cardinality` weights off of `weights`
            weights_i[1:] = other_weights[wloc : (wloc + cardinality)]
        wloc += cardinality
        mask[chunk_start + i] = False
        rstats = stat_func(chunk_start + i, z, permuted_ids, weights_i, scaling)
        p_sims[i] = _permutation_significance(
            observed[i], rstats, alternative=alternative
        ).item()
        if keep:
            rlocals[i] = rstats

    return p_sims, rlocals

# === CASE build_weights_offsets
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 359
# RUN: build_weights_offsets (np.array([2, 3, 3, 4, 2, 5, 3, 3, 2, 4, 3, 3, 0, 2, 4, 3, 3, 2, 5, 3, 3, 4, 2, 3, 3, 3, 4, 2, 3, 3]), 4)
# RUN: build_weights_offsets (np.array([2, 3, 3, 4, 2, 5, 3, 3, 2, 4, 3, 3, 0, 2, 4, 3, 3, 2, 5, 3, 3, 4, 2, 3, 3, 3, 4, 2, 3, 3]), 1)
@njit(fastmath=True)
def build_weights_offsets(cardinalities: np.ndarray, n_chunks: int):
    """
    Utility function to construct offsets into the weights
    flat data array found in the W.sparse.data object
    ...

    Parameters
    ----------
    cardinalities : ndarray
        (n_chunk,) array containing the cardinalities for each element.
    n_chunks : int
        Number of chunks to split the weights into

    Returns
    -------
    boundary_points : ndarray
        (n_chunks,) array with positions to split a flat representation of W
        for every chunk
    """
    boundary_points = np.zeros((n_chunks + 1,), dtype=np.int64)
    n = cardinalities.shape[0]
    chunk_size = np.int64(n / n_chunks) + 1
    start = 0
    for i in range(n_chunks):
        advance = cardinalities[start : start + chunk_size].sum()
        boundary_points[i + 1] = boundary_points[i] + advance
        start += chunk_size
    return boundary_points

# === CASE chunk_generator
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 390
# RUN: chunk_generator (3, np.arange(4) * 11, (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)) * 0.5, np.array([2, 3, 3, 4, 2, 5, 3, 3, 2, 4, 3, 3, 0, 2, 4, 3, 3, 2, 5, 3, 3, 4, 2, 3, 3, 3, 4, 2, 3, 3]), np.zeros(30), np.linspace(0.1, 1.0, 92), np.array([0, 33, 64, 92]))
@njit(fastmath=True)
def chunk_generator(
    n_jobs: int,
    starts: np.ndarray,
    z: np.ndarray,
    observed: np.ndarray,
    cardinalities: np.ndarray,
    self_weights: np.ndarray,
    other_weights: np.ndarray,
    w_boundary_points: np.ndarray,
):
    """
    Construct chunks to iterate over within numba in parallel
    ...

    Parameters
    ----------
    n_jobs : int
        Number of cores to be used in the conditional randomisation. If -1,
        all available cores are used.
    starts : ndarray
        (n_chunks+1,) array of positional starts for each chunk
    z : ndarray
        2D array with N rows with standardised observed values
    observed : ndarray
        (N,) array with observed values
    cardinalities : ndarray
        (N,) array containing the cardinalities for each element.
    weights : ndarray
        Array containing the weights within the chunk in a flat format (ie. as
        obtained from the `values` attribute of a CSR sparse representation of
        the original W. This is as long as the sum of `cardinalities`
    w_boundary_points : ndarray
        (n_chunks,) array with positions to split a flat representation of W
        for every chunk

    Yields
    ------
    start : int
        Starting index for the chunk of input. Should be zero if z_chunk == z.
    z_chunk : numpy.ndarray
        (n_chunk,) array containing the chunk of standardised observed values.
    z : ndarray
        2D array with N rows with standardised observed values
    observed_chunk : ndarray
        (n_chunk,) array containing observed values for the chunk
    cardinalities_chunk : ndarray
        (n_chunk,) array containing the cardinalities for each element.
    weights_chunk : ndarray
        Array containing the weights within the chunk in a flat format (ie. as
        obtained from the `values` attribute of a CSR sparse representation of
        the original W. This is as long as the sum of `cardinalities`
    """
    chunk_size = starts[1] - starts[0]
    for i in range(n_jobs):
        start = starts[i]
        z_chunk = z[start : (start + chunk_size)]
        self_weights_chunk = self_weights[start : (start + chunk_size)]
        observed_chunk = observed[start : (start + chunk_size)]
        cardinalities_chunk = cardinalities[start : (start + chunk_size)]
        w_chunk = other_weights[w_boundary_points[i] : w_boundary_points[i + 1]]
        yield (
            start,
            z_chunk,
            z,
            observed_chunk,
            cardinalities_chunk,
            self_weights_chunk,
            w_chunk,
        )

# === CASE _prepare_univariate
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 584
# RUN: _prepare_univariate (4, (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), np.array([np.random.default_rng(k).permutation(29)[:6] for k in range(20)]), np.full(4, 0.25))
# RUN: _prepare_univariate (0, (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), np.array([np.random.default_rng(k).permutation(29)[:6] for k in range(20)]), np.full(6, 1 / 6))
@njit(fastmath=False)
def _prepare_univariate(i, z, permuted_ids, weights_i):
    mask = np.ones_like(z, dtype=boolean)
    mask[i] = False
    z_no_i = z[mask]
    cardinality = len(weights_i)
    flat_permutation_ids = permuted_ids[:, :cardinality].flatten()
    zrand = z_no_i[flat_permutation_ids].reshape(-1, cardinality)
    return z[i], zrand

# === CASE _prepare_bivariate
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 595
# RUN: _prepare_bivariate (4, (lambda v: (v - v.mean(axis=0)) / v.std(axis=0))(np.random.default_rng(0).normal(size=(30, 2))), np.array([np.random.default_rng(k).permutation(29)[:6] for k in range(20)]), np.full(4, 0.25))
@njit(fastmath=False)
def _prepare_bivariate(i, z, permuted_ids, weights_i):
    zx = z[:, 0]
    zy = z[:, 1]

    cardinality = len(weights_i)

    mask = np.ones_like(zx, dtype=boolean)
    mask[i] = False
    zx_no_i = zy[mask]
    zy_no_i = zx[mask]

    flat_permutation_indices = permuted_ids[:, :cardinality].flatten()

    zxrand = zx_no_i[flat_permutation_indices].reshape(-1, cardinality)
    zyrand = zy_no_i[flat_permutation_indices].reshape(-1, cardinality)

    return zx[i], zxrand, zy[i], zyrand

# === CASE local
# SOURCE: pysal/esda esda/crand.py @ 11450be3e186, line 615
# RUN: local (4, (lambda v: (v - v.mean()) / v.std())(np.random.default_rng(0).normal(size=30)), np.array([np.random.default_rng(k).permutation(29)[:6] for k in range(20)]), np.array([0.0, 0.25, 0.25, 0.25, 0.25]), 1.0)
@njit(fastmath=True)
def local(i, z, permuted_ids, weights_i, scaling):
    raise NotImplementedError
