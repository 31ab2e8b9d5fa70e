# Real Numba code from numba/numba-examples examples/density_estimation/kernel/impl.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the numba and numba_multithread sections.
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np

# === CASE numba_kde
# SOURCE: numba/numba-examples examples/density_estimation/kernel/impl.py @ c423f5419a45, line 30
# RUN: numba_kde (np.random.default_rng(1).normal(0, 5, 50), np.random.default_rng(2).normal(0, 5, 200), np.full(200, 3.0))
@numba.jit(nopython=True)
def gaussian(x):
    return np.exp(-0.5 * x**2) / np.sqrt(2 * np.pi)

@numba.jit(nopython=True)
def numba_kde(eval_points, samples, bandwidths):
    result = np.zeros_like(eval_points)

    for i, eval_x in enumerate(eval_points):
        for sample, bandwidth in zip(samples, bandwidths):
            result[i] += gaussian((eval_x - sample) / bandwidth) / bandwidth
        result[i] /= len(samples)

    return result

# === CASE numba_kde_multithread
# SOURCE: numba/numba-examples examples/density_estimation/kernel/impl.py @ c423f5419a45, line 30
# RUN: numba_kde_multithread (np.random.default_rng(1).normal(0, 5, 50), np.random.default_rng(2).normal(0, 5, 200), np.full(200, 3.0))
@numba.jit(nopython=True)
def gaussian(x):
    return np.exp(-0.5 * x**2) / np.sqrt(2 * np.pi)

@numba.jit(nopython=True, parallel=True)
def numba_kde_multithread(eval_points, samples, bandwidths):
    result = np.zeros_like(eval_points)

    # SPEEDTIP: Parallelize over evaluation points with prange()
    for i in numba.prange(len(eval_points)):
        eval_x = eval_points[i]
        for sample, bandwidth in zip(samples, bandwidths):
            result[i] += gaussian((eval_x - sample) / bandwidth) / bandwidth
        result[i] /= len(samples)

    return result
