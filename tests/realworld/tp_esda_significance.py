# Real Numba code from pysal/esda esda/significance.py at commit 11450be3e1860c87f109661ef7964331b68a5f99
# (BSD-3-Clause, Copyright 2018 PySAL Developers), copied unchanged: the module's @njit function, run with each
# alternative hypothesis as calculate_significance and crand.compute_chunk pass them (test_stat (n, 1) and the
# (n, permutations) reference distribution, or a scalar statistic and one row).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np

try:
    from numba import njit
except (ImportError, ModuleNotFoundError):
    from libpysal.common import jit as njit

# === CASE _permutation_significance
# SOURCE: pysal/esda esda/significance.py @ 11450be3e186, line 66
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'two-sided')
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'directed')
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'lesser')
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'greater')
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'folded')
# RUN: _permutation_significance (1.2, np.random.default_rng(0).normal(size=99), 'directed')
# RUN: _permutation_significance (np.array([[-2.5], [-0.3], [0.0], [0.4], [1.2], [3.0]]), np.random.default_rng(0).normal(size=(6, 99)), 'none')
@njit(parallel=False, fastmath=False)
def _permutation_significance(
    test_stat, reference_distribution, alternative="two-sided"
):
    reference_distribution = np.atleast_2d(reference_distribution)
    n_samples, p_permutations = reference_distribution.shape
    if isinstance(test_stat, (int, float)):
        test_stat = np.ones((n_samples,)) * test_stat
    if alternative == "directed":
        larger = (reference_distribution >= test_stat).sum(axis=1)
        low_extreme = (p_permutations - larger) < larger
        larger[low_extreme] = p_permutations - larger[low_extreme]
        p_value = (larger + 1.0) / (p_permutations + 1.0)
    elif alternative == "lesser":
        p_value = (np.sum(reference_distribution <= test_stat, axis=1) + 1) / (
            p_permutations + 1
        )
    elif alternative == "greater":
        p_value = (np.sum(reference_distribution >= test_stat, axis=1) + 1) / (
            p_permutations + 1
        )
    elif alternative == "two-sided":
        # find percentile p at which the test statistic sits
        # find "synthetic" test statistic at 1-p
        # count how many observations are outisde of (p, 1-p)
        # including the test statistic and its synthetic pair
        lows = np.empty(n_samples).astype(reference_distribution.dtype)
        highs = np.empty(n_samples).astype(reference_distribution.dtype)
        for i in range(n_samples):
            percentile_i = (reference_distribution[i] <= test_stat[i]).mean() * 100
            p_low = np.minimum(percentile_i, 100 - percentile_i)
            lows[i] = np.percentile(reference_distribution[i], p_low)
            highs[i] = np.percentile(reference_distribution[i], 100 - p_low)
        n_outside = (reference_distribution <= lows[:, None]).sum(axis=1)
        n_outside += (reference_distribution >= highs[:, None]).sum(axis=1)
        p_value = (n_outside + 1) / (p_permutations + 1)
    elif alternative == "folded":
        means = np.empty((n_samples, 1)).astype(reference_distribution.dtype)
        for i in range(n_samples):
            means[i] = reference_distribution[i].mean()
        folded_test_stat = np.abs(test_stat - means)
        folded_reference_distribution = np.abs(reference_distribution - means)
        p_value = (
            (folded_reference_distribution >= folded_test_stat).sum(axis=1) + 1
        ) / (p_permutations + 1)
    else:
        p_value = np.ones((n_samples,)) * np.nan
    return p_value
