# Real Numba code from scverse/scanpy src/scanpy/tools/_rank_genes_groups.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: the module's @njit / @numba.njit functions, with _chan_combine
# (imported there from src/scanpy/get/_aggregated.py, same commit) in the cases that call it.
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numba
import numpy as np
from numba import njit


# === CASE rankdata
# SOURCE: scverse/scanpy src/scanpy/tools/_rank_genes_groups.py @ fabadb9412c0, line 74
# RUN: rankdata np.array([[3.0, 1.0], [1.0, 1.0], [2.0, 5.0], [3.0, 0.0], [0.5, 1.0]])
# RUN: rankdata np.random.default_rng(0).integers(0, 4, (7, 3))
@njit
def rankdata(data: NDArray[np.number]) -> NDArray[np.float64]:
    """Parallelized version of scipy.stats.rankdata."""
    ranked = np.empty(data.shape, dtype=np.float64)
    for j in numba.prange(data.shape[1]):
        arr = np.ravel(data[:, j])
        sorter = np.argsort(arr)

        arr = arr[sorter]
        obs = np.concatenate((np.array([True]), arr[1:] != arr[:-1]))

        dense = np.empty(obs.size, dtype=np.int64)
        dense[sorter] = obs.cumsum()

        # cumulative counts of each unique value
        count = np.concatenate((np.flatnonzero(obs), np.array([len(obs)])))
        ranked[:, j] = 0.5 * (count[dense] + count[dense - 1] + 1)

    return ranked

# === CASE _tiecorrect
# SOURCE: scverse/scanpy src/scanpy/tools/_rank_genes_groups.py @ fabadb9412c0, line 95
# RUN: _tiecorrect np.array([[3.0, 1.0], [1.0, 1.0], [2.0, 5.0], [3.0, 0.0], [0.5, 1.0]])
# RUN: _tiecorrect np.random.default_rng(0).integers(0, 4, (7, 3)).astype(np.float64)
@njit
def _tiecorrect(rankvals: NDArray[np.number]) -> NDArray[np.float64]:
    """Parallelized version of scipy.stats.tiecorrect."""
    tc = np.ones(rankvals.shape[1], dtype=np.float64)
    for j in numba.prange(rankvals.shape[1]):
        arr = np.sort(np.ravel(rankvals[:, j]))
        idx = np.flatnonzero(
            np.concatenate((np.array([True]), arr[1:] != arr[:-1], np.array([True])))
        )
        cnt = np.diff(idx).astype(np.float64)

        size = np.float64(arr.size)
        if size >= 2:
            tc[j] = 1.0 - (cnt**3 - cnt).sum() / (size**3 - size)

    return tc

# === CASE _chan_accumulate
# SOURCE: scverse/scanpy src/scanpy/tools/_rank_genes_groups.py @ fabadb9412c0, line 169
# RUN: _chan_accumulate (np.array([4.0, 3.0, 5.0, 2.0]), np.random.default_rng(0).random((4, 3)), np.random.default_rng(1).random((4, 3)) * 2, 1, 1)
# RUN: _chan_accumulate (np.array([4.0, 3.0, 5.0, 2.0]), np.random.default_rng(0).random((4, 3)), np.random.default_rng(1).random((4, 3)) * 2, 2, -1)
@numba.njit(inline="always")  # noqa: TID251
def _chan_combine(  # noqa: PLR0917
    n_a: float, mean_a: float, m2_a: float, n_b: float, mean_b: float, m2_b: float
) -> tuple[float, float, float]:
    """Combine two ``(count, mean, M2)`` groups pairwise."""
    if n_a == 0.0:
        return n_b, mean_b, m2_b
    if n_b == 0.0:
        return n_a, mean_a, m2_a
    n = n_a + n_b
    delta = mean_b - mean_a
    return (
        n,
        (n_a * mean_a + n_b * mean_b) / n,
        m2_a + m2_b + delta * delta * n_a * n_b / n,
    )

@numba.njit  # noqa: TID251  (inner kernel called from _vars_rest's nopython loop)
def _chan_accumulate(
    group_counts: NDArray[np.float64],
    mean: NDArray[np.float64],
    m2: NDArray[np.float64],
    j: int,
    direction: int,
) -> NDArray[np.float64]:
    """Accumulate a running Chan combine of the groups for gene ``j``.

    ``acc[i]`` holds the combined ``(count, mean, M2)`` of group ``i`` together with
    every group toward ``direction``: ``+1`` gives groups ``0..i`` (forward),
    ``-1`` gives groups ``i..end`` (backward).
    """
    n_groups = group_counts.shape[0]
    acc = np.empty((n_groups, 3))
    # accumulated (count, mean, M2) of the groups visited so far
    acc_count = acc_mean = acc_m2 = 0.0
    # visit groups forward (direction +1) or backward (-1)
    group_order = range(n_groups) if direction == 1 else range(n_groups - 1, -1, -1)
    for i in group_order:
        acc_count, acc_mean, acc_m2 = _chan_combine(
            acc_count, acc_mean, acc_m2, group_counts[i], mean[i, j], m2[i, j]
        )
        acc[i, 0], acc[i, 1], acc[i, 2] = acc_count, acc_mean, acc_m2
    return acc

# === CASE _vars_rest
# SOURCE: scverse/scanpy src/scanpy/tools/_rank_genes_groups.py @ fabadb9412c0, line 197
# RUN: _vars_rest (np.array([4.0, 3.0, 5.0, 2.0]), np.random.default_rng(0).random((4, 3)), np.random.default_rng(1).random((4, 3)) * 2, 3)
@numba.njit(inline="always")  # noqa: TID251
def _chan_combine(  # noqa: PLR0917
    n_a: float, mean_a: float, m2_a: float, n_b: float, mean_b: float, m2_b: float
) -> tuple[float, float, float]:
    """Combine two ``(count, mean, M2)`` groups pairwise."""
    if n_a == 0.0:
        return n_b, mean_b, m2_b
    if n_b == 0.0:
        return n_a, mean_a, m2_a
    n = n_a + n_b
    delta = mean_b - mean_a
    return (
        n,
        (n_a * mean_a + n_b * mean_b) / n,
        m2_a + m2_b + delta * delta * n_a * n_b / n,
    )

@numba.njit  # noqa: TID251  (inner kernel called from _vars_rest's nopython loop)
def _chan_accumulate(
    group_counts: NDArray[np.float64],
    mean: NDArray[np.float64],
    m2: NDArray[np.float64],
    j: int,
    direction: int,
) -> NDArray[np.float64]:
    """Accumulate a running Chan combine of the groups for gene ``j``.

    ``acc[i]`` holds the combined ``(count, mean, M2)`` of group ``i`` together with
    every group toward ``direction``: ``+1`` gives groups ``0..i`` (forward),
    ``-1`` gives groups ``i..end`` (backward).
    """
    n_groups = group_counts.shape[0]
    acc = np.empty((n_groups, 3))
    # accumulated (count, mean, M2) of the groups visited so far
    acc_count = acc_mean = acc_m2 = 0.0
    # visit groups forward (direction +1) or backward (-1)
    group_order = range(n_groups) if direction == 1 else range(n_groups - 1, -1, -1)
    for i in group_order:
        acc_count, acc_mean, acc_m2 = _chan_combine(
            acc_count, acc_mean, acc_m2, group_counts[i], mean[i, j], m2[i, j]
        )
        acc[i, 0], acc[i, 1], acc[i, 2] = acc_count, acc_mean, acc_m2
    return acc

@njit
def _vars_rest(
    group_counts: NDArray[np.float64],
    mean: NDArray[np.float64],
    m2: NDArray[np.float64],
    k: int,
) -> NDArray[np.float64]:
    """Leave-one-out variance for each selected group, parallel over genes.

    Group ``g``'s "rest" is every other group combined — the groups up to ``g - 1``
    pooled with the groups from ``g + 1`` — so variances are never subtracted
    (Chan's cancellation-free combine).
    """
    n_genes = mean.shape[1]
    vars_rest = np.zeros((k, n_genes))
    for j in numba.prange(n_genes):
        # combined (count, mean, M2) of groups 0..i (forward) and i..end (backward)
        combined_stats_upto_group = _chan_accumulate(group_counts, mean, m2, j, 1)
        combined_stats_from_group = _chan_accumulate(group_counts, mean, m2, j, -1)

        # each group g's "rest" stats = the groups before g pooled with the groups after g
        for g in range(k):
            stats_after_g = combined_stats_from_group[g + 1]
            if g >= 1:
                stats_before_g = combined_stats_upto_group[g - 1]
                # each stats row is (count, mean, M2)
                n_r, _, m2_r = _chan_combine(
                    n_a=stats_before_g[0],
                    mean_a=stats_before_g[1],
                    m2_a=stats_before_g[2],
                    n_b=stats_after_g[0],
                    mean_b=stats_after_g[1],
                    m2_b=stats_after_g[2],
                )
            else:
                # g == 0 has no groups before it, so its rest is just the groups after
                n_r, m2_r = stats_after_g[0], stats_after_g[2]
            denom = n_r - 1.0
            v = m2_r / denom
            vars_rest[g, j] = v
    return vars_rest
