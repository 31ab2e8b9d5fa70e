# Real Numba code from SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py
# at commit a5f7dbb3e39b89ec244d2631fe419b73ac1c09bd (repository MIT License, Copyright (c) 2019 SpikeInterface; the file's own header: Apache-2.0,
# Copyright 2016-2017 Flatiron Institute, translated by C. Windolf and S. Garcia), copied unchanged: all the module's
# @jit(nopython=True, nogil=True) functions, which it defines inside two `if HAVE_NUMBA:` blocks (dedented here),
# each case with the helpers it calls. The prelude is the module's imports; its optional-dependency guard
# (`numba_spec = importlib.util.find_spec("numba")`, `if numba_spec is not None: HAVE_NUMBA = True; from numba import
# jit`) is reduced to the `from numba import jit` it runs.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np

import warnings
import importlib

from numba import jit


# === CASE jisotonic5
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 49
# RUN: jisotonic5 (np.random.default_rng(0).normal(size=20), np.ones(20))
# RUN: jisotonic5 (np.array([3.0, 1.0, 2.0, 5.0, 4.0, 4.5, 0.5, 6.0]), np.array([1.0, 2.0, 1.0, 0.5, 1.0, 3.0, 1.0, 1.0]))
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

# === CASE updown_arange
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 102
# RUN: updown_arange 7
# RUN: updown_arange 8
@jit(nopython=True, nogil=True)
def updown_arange(num_bins, dtype=np.int_):
    num_bins_1 = int(np.ceil(num_bins / 2))
    num_bins_2 = num_bins - num_bins_1
    return np.concatenate(
        (
            np.arange(dtype(1), dtype(num_bins_1 + 1)),
            np.arange(dtype(num_bins_2), dtype(1 - 1), step=-1),
        )
    )

# === CASE compute_ks4
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 113
# RUN: compute_ks4 (np.array([1.0, 3.0, 5.0, 2.0, 1.0]), np.array([2.0, 2.0, 2.0, 2.0, 2.0]))
@jit(nopython=True, nogil=True)
def compute_ks4(counts1, counts2):
    c1s = counts1.sum()
    c2s = counts2.sum()
    s1 = np.cumsum(counts1)
    s1 /= c1s
    s2 = np.cumsum(counts2)
    s2 /= c2s
    ks = np.abs(s1 - s2).max()
    ks *= np.sqrt((c1s + c2s) / 2)
    return ks

# === CASE compute_ks5
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 125
# RUN: compute_ks5 (np.array([1.0, 3.0, 5.0, 2.0, 1.0, 4.0, 6.0, 2.0, 1.0, 1.0, 3.0, 2.0]), np.linspace(1.0, 4.0, 12))
@jit(nopython=True, nogil=True)
def compute_ks4(counts1, counts2):
    c1s = counts1.sum()
    c2s = counts2.sum()
    s1 = np.cumsum(counts1)
    s1 /= c1s
    s2 = np.cumsum(counts2)
    s2 /= c2s
    ks = np.abs(s1 - s2).max()
    ks *= np.sqrt((c1s + c2s) / 2)
    return ks

@jit(nopython=True, nogil=True)
def compute_ks5(counts1, counts2):
    best_ks = -np.inf
    length = counts1.size
    best_length = length

    while length >= 4 or length == counts1.size:
        ks = compute_ks4(counts1[0:length], counts2[0:length])
        if ks > best_ks:
            best_ks = ks
            best_length = length
        length //= 2

    return best_ks, best_length

# === CASE up_down_isotonic_regression
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 140
# RUN: up_down_isotonic_regression (np.array([0.5, 1.0, 3.0, 2.5, 4.0, 3.5, 2.0, 2.5, 1.0, 0.2]), np.ones(10))
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

@jit(nopython=True, nogil=True)
def up_down_isotonic_regression(x, weights=None):
    # determine switch point
    _, mse1 = jisotonic5(x, weights)
    _, mse2r = jisotonic5(x[::-1].copy(), weights[::-1].copy())
    mse0 = mse1 + mse2r[::-1]
    best_ind = mse0.argmin()

    # regressions. note the negatives for decreasing.
    y1, _ = jisotonic5(x[:best_ind], weights[:best_ind])
    y2, _ = jisotonic5(-x[best_ind:], weights[best_ind:])
    y2 = -y2

    return np.hstack((y1, y2))

# === CASE down_up_isotonic_regression
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 155
# RUN: down_up_isotonic_regression (np.array([3.0, 2.0, 2.5, 0.5, 1.0, 0.2, 1.5, 2.0, 1.8, 3.5]), np.linspace(0.5, 2.0, 10))
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

@jit(nopython=True, nogil=True)
def up_down_isotonic_regression(x, weights=None):
    # determine switch point
    _, mse1 = jisotonic5(x, weights)
    _, mse2r = jisotonic5(x[::-1].copy(), weights[::-1].copy())
    mse0 = mse1 + mse2r[::-1]
    best_ind = mse0.argmin()

    # regressions. note the negatives for decreasing.
    y1, _ = jisotonic5(x[:best_ind], weights[:best_ind])
    y2, _ = jisotonic5(-x[best_ind:], weights[best_ind:])
    y2 = -y2

    return np.hstack((y1, y2))

@jit(nopython=True, nogil=True)
def down_up_isotonic_regression(x, weights=None):
    return -up_down_isotonic_regression(-x, weights=weights)

# === CASE isocut
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 162
# RUN: isocut np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, 100), np.random.default_rng(1).normal(5.0, 1.0, 80)])
# RUN: isocut np.random.default_rng(2).normal(0.0, 1.0, 150)
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

@jit(nopython=True, nogil=True)
def compute_ks4(counts1, counts2):
    c1s = counts1.sum()
    c2s = counts2.sum()
    s1 = np.cumsum(counts1)
    s1 /= c1s
    s2 = np.cumsum(counts2)
    s2 /= c2s
    ks = np.abs(s1 - s2).max()
    ks *= np.sqrt((c1s + c2s) / 2)
    return ks

@jit(nopython=True, nogil=True)
def compute_ks5(counts1, counts2):
    best_ks = -np.inf
    length = counts1.size
    best_length = length

    while length >= 4 or length == counts1.size:
        ks = compute_ks4(counts1[0:length], counts2[0:length])
        if ks > best_ks:
            best_ks = ks
            best_length = length
        length //= 2

    return best_ks, best_length

@jit(nopython=True, nogil=True)
def up_down_isotonic_regression(x, weights=None):
    # determine switch point
    _, mse1 = jisotonic5(x, weights)
    _, mse2r = jisotonic5(x[::-1].copy(), weights[::-1].copy())
    mse0 = mse1 + mse2r[::-1]
    best_ind = mse0.argmin()

    # regressions. note the negatives for decreasing.
    y1, _ = jisotonic5(x[:best_ind], weights[:best_ind])
    y2, _ = jisotonic5(-x[best_ind:], weights[best_ind:])
    y2 = -y2

    return np.hstack((y1, y2))

@jit(nopython=True, nogil=True)
def down_up_isotonic_regression(x, weights=None):
    return -up_down_isotonic_regression(-x, weights=weights)

@jit(nopython=True, nogil=True)
def isocut(samples):  # , sample_weights=None isosplit6 not handle weight anymore
    """
    Compute a dip-test to check if 1-d samples are unimodal or not.

    This correspond to the isocut6 C++ version.

    Parameters
    ----------
    samples: np.array
        Samples input to be clustered shape (num_samples, )

    Returns
    -------
    dipscore: float
        The dipscore.
        If this dipscore<2.0 then the distribution can be considered as unimodal.
    cutpoint:
        The best cutpoint to split samples in 2 clusters in case it is not unimodal.
    """

    assert samples.ndim == 1
    N = samples.size
    assert N > 0

    # if sample_weights is None:
    #     sample_weights = np.ones(N)

    sort = np.argsort(samples)
    X = samples[sort]
    # sample_weights = sample_weights[sort]

    spacings = np.diff(X)
    mask = spacings > 0
    multiplicities = np.ones(N - 1)
    log_densities = np.ones(N - 1)
    log_densities[mask] = np.log(1.0 / spacings[mask])
    log_densities[~mask] = np.log(0.000000001)

    log_densities_unimodal_fit = up_down_isotonic_regression(log_densities, multiplicities)
    peak_ind = np.argmax(log_densities_unimodal_fit)

    log_densities_unimodal_fit_times_spacings = np.exp(log_densities_unimodal_fit) * spacings

    # difficult translation of indexing from 1-based to 0-based in
    # the following few lines. this has been checked thoroughly.
    ks_left, ks_left_ind = compute_ks5(
        multiplicities[0 : peak_ind + 1],
        # densities_unimodal_fit[0 : peak_ind + 1] * spacings[0 : peak_ind + 1],
        log_densities_unimodal_fit_times_spacings[0 : peak_ind + 1],
    )
    ks_right, ks_right_ind = compute_ks5(
        multiplicities[peak_ind:][::-1],
        # densities_unimodal_fit[peak_ind:][::-1] * spacings[peak_ind:][::-1],
        log_densities_unimodal_fit_times_spacings[peak_ind:][::-1],
    )
    ks_right_ind = spacings.size - ks_right_ind

    if ks_left > ks_right:
        critical_range = slice(0, ks_left_ind)
        dipscore = ks_left
    else:
        critical_range = slice(ks_right_ind, spacings.size)
        dipscore = ks_right

    densities_resid = log_densities[critical_range] - log_densities_unimodal_fit[critical_range]
    weights_for_downup = np.ones(densities_resid.size)
    densities_resid_fit = down_up_isotonic_regression(densities_resid, weights_for_downup)
    cutpoint_ind = critical_range.start + np.argmin(densities_resid_fit)
    cutpoint = (X[cutpoint_ind] + X[cutpoint_ind + 1]) / 2

    return dipscore, cutpoint

# === CASE compute_centroids_and_covmats
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 466
# RUN: compute_centroids_and_covmats (np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]), np.zeros((4, 2)), np.zeros((4, 2, 2)), np.repeat(np.arange(4), 30), np.arange(4), np.array([True, True, False, True]))
@jit(nopython=True, nogil=True)
def compute_centroids_and_covmats(X, centroids, covmats, labels, label_set, to_compute_mask):
    ## manual loop with numba to be faster

    count = np.zeros(centroids.shape[0], dtype="int64")
    for i in range(centroids.shape[0]):
        if to_compute_mask[i]:
            centroids[i, :] = 0.0
            covmats[i, :, :] = 0.0

    for i in range(X.shape[0]):
        ind = labels[i]
        if to_compute_mask[ind]:
            centroids[ind, :] += X[i, :]
            count[ind] += 1

    for i in range(centroids.shape[0]):
        if to_compute_mask[i] and count[i] > 0:
            centroids[i, :] /= count[i]

    for i in range(X.shape[0]):
        ind = labels[i]
        if to_compute_mask[ind]:
            centered = X[i, :] - centroids[ind, :]
            for m1 in range(X.shape[1]):
                for m2 in range(m1, X.shape[1]):
                    v = centered[m1] * centered[m2]
                    covmats[ind, m1, m2] += v
                    covmats[ind, m2, m1] += v

    for i in range(centroids.shape[0]):
        if to_compute_mask[i] and count[i] > 0:
            covmats[i, :, :] /= count[i]

# === CASE get_pairs_to_compare
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 500
# RUN: get_pairs_to_compare (np.array([[0.0, 0.0], [0.5, 0.2], [6.0, 6.0], [6.3, 5.5], [3.0, 3.0]]), np.zeros((5, 5), dtype=np.bool_), np.array([True, True, True, True, True]))
# RUN: get_pairs_to_compare (np.array([[0.0, 0.0], [0.5, 0.2], [6.0, 6.0], [6.3, 5.5], [3.0, 3.0]]), np.eye(5, k=1, dtype=np.bool_) | np.eye(5, k=-1, dtype=np.bool_), np.array([True, True, False, True, True]))
@jit(nopython=True, nogil=True)
def get_pairs_to_compare(centroids, comparisons_made, active_labels_mask):
    n = centroids.shape[0]

    dists = compute_distances(centroids, comparisons_made, active_labels_mask)
    best_inds = np.argmin(dists, axis=1)

    # already_choosen = np.zeros(n, dtype="bool")
    pairs = []
    for i1 in range(n):
        if not active_labels_mask[i1]:  # or already_choosen[i1]:
            continue
        i2 = best_inds[i1]
        if (best_inds[i2] == i1) and not (np.isinf(dists[i1, i2])) and i2 > i1:  #  and not already_choosen[i2]:
            # mutual closest
            # if already_choosen[i1] or already_choosen[i2]:
            #     print("get_pairs_to_compare() louce!! already_choosen", i1, i2)
            #     print( (i2, i1) in pairs, pairs,)
            pairs.append((i1, i2))
            # already_choosen[i1] = True
            # already_choosen[i2] = True
            dists[i1, :] = np.inf
            dists[i2, :] = np.inf
            dists[:, i1] = np.inf
            dists[:, i2] = np.inf

    return pairs

@jit(nopython=True, nogil=True)
def compute_distances(centroids, comparisons_made, active_labels_mask):
    n = centroids.shape[0]
    dists = np.zeros((n, n), dtype=centroids.dtype)
    dists[:] = np.inf
    for i1 in range(n):
        if not active_labels_mask[i1]:
            continue
        for i2 in range(i1, n):
            if i1 == i2:
                continue
            if not active_labels_mask[i2]:
                continue
            if comparisons_made[i1, i2]:
                continue

            d = np.sqrt(np.sum((centroids[i1, :] - centroids[i2, :]) ** 2))
            dists[i1, i2] = d
            dists[i2, i1] = d

    return dists

# === CASE compute_distances
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 528
# RUN: compute_distances (np.array([[0.0, 0.0], [0.5, 0.2], [6.0, 6.0], [6.3, 5.5]]), np.eye(4, k=1, dtype=np.bool_), np.array([True, True, False, True]))
@jit(nopython=True, nogil=True)
def compute_distances(centroids, comparisons_made, active_labels_mask):
    n = centroids.shape[0]
    dists = np.zeros((n, n), dtype=centroids.dtype)
    dists[:] = np.inf
    for i1 in range(n):
        if not active_labels_mask[i1]:
            continue
        for i2 in range(i1, n):
            if i1 == i2:
                continue
            if not active_labels_mask[i2]:
                continue
            if comparisons_made[i1, i2]:
                continue

            d = np.sqrt(np.sum((centroids[i1, :] - centroids[i2, :]) ** 2))
            dists[i1, i2] = d
            dists[i2, i1] = d

    return dists

# === CASE merge_test
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 550
# RUN: merge_test (lambda X: (X[:60], X[60:], X[:60].mean(0), X[60:].mean(0), np.cov(X[:60].T, bias=True), np.cov(X[60:].T, bias=True), 2.0))(np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]))
# RUN: merge_test (lambda X: (X[:30], X[30:60], X[:30].mean(0), X[30:60].mean(0), np.cov(X[:30].T, bias=True), np.cov(X[30:60].T, bias=True), 2.0))(np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]))
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

@jit(nopython=True, nogil=True)
def compute_ks4(counts1, counts2):
    c1s = counts1.sum()
    c2s = counts2.sum()
    s1 = np.cumsum(counts1)
    s1 /= c1s
    s2 = np.cumsum(counts2)
    s2 /= c2s
    ks = np.abs(s1 - s2).max()
    ks *= np.sqrt((c1s + c2s) / 2)
    return ks

@jit(nopython=True, nogil=True)
def compute_ks5(counts1, counts2):
    best_ks = -np.inf
    length = counts1.size
    best_length = length

    while length >= 4 or length == counts1.size:
        ks = compute_ks4(counts1[0:length], counts2[0:length])
        if ks > best_ks:
            best_ks = ks
            best_length = length
        length //= 2

    return best_ks, best_length

@jit(nopython=True, nogil=True)
def up_down_isotonic_regression(x, weights=None):
    # determine switch point
    _, mse1 = jisotonic5(x, weights)
    _, mse2r = jisotonic5(x[::-1].copy(), weights[::-1].copy())
    mse0 = mse1 + mse2r[::-1]
    best_ind = mse0.argmin()

    # regressions. note the negatives for decreasing.
    y1, _ = jisotonic5(x[:best_ind], weights[:best_ind])
    y2, _ = jisotonic5(-x[best_ind:], weights[best_ind:])
    y2 = -y2

    return np.hstack((y1, y2))

@jit(nopython=True, nogil=True)
def down_up_isotonic_regression(x, weights=None):
    return -up_down_isotonic_regression(-x, weights=weights)

@jit(nopython=True, nogil=True)
def isocut(samples):  # , sample_weights=None isosplit6 not handle weight anymore
    """
    Compute a dip-test to check if 1-d samples are unimodal or not.

    This correspond to the isocut6 C++ version.

    Parameters
    ----------
    samples: np.array
        Samples input to be clustered shape (num_samples, )

    Returns
    -------
    dipscore: float
        The dipscore.
        If this dipscore<2.0 then the distribution can be considered as unimodal.
    cutpoint:
        The best cutpoint to split samples in 2 clusters in case it is not unimodal.
    """

    assert samples.ndim == 1
    N = samples.size
    assert N > 0

    # if sample_weights is None:
    #     sample_weights = np.ones(N)

    sort = np.argsort(samples)
    X = samples[sort]
    # sample_weights = sample_weights[sort]

    spacings = np.diff(X)
    mask = spacings > 0
    multiplicities = np.ones(N - 1)
    log_densities = np.ones(N - 1)
    log_densities[mask] = np.log(1.0 / spacings[mask])
    log_densities[~mask] = np.log(0.000000001)

    log_densities_unimodal_fit = up_down_isotonic_regression(log_densities, multiplicities)
    peak_ind = np.argmax(log_densities_unimodal_fit)

    log_densities_unimodal_fit_times_spacings = np.exp(log_densities_unimodal_fit) * spacings

    # difficult translation of indexing from 1-based to 0-based in
    # the following few lines. this has been checked thoroughly.
    ks_left, ks_left_ind = compute_ks5(
        multiplicities[0 : peak_ind + 1],
        # densities_unimodal_fit[0 : peak_ind + 1] * spacings[0 : peak_ind + 1],
        log_densities_unimodal_fit_times_spacings[0 : peak_ind + 1],
    )
    ks_right, ks_right_ind = compute_ks5(
        multiplicities[peak_ind:][::-1],
        # densities_unimodal_fit[peak_ind:][::-1] * spacings[peak_ind:][::-1],
        log_densities_unimodal_fit_times_spacings[peak_ind:][::-1],
    )
    ks_right_ind = spacings.size - ks_right_ind

    if ks_left > ks_right:
        critical_range = slice(0, ks_left_ind)
        dipscore = ks_left
    else:
        critical_range = slice(ks_right_ind, spacings.size)
        dipscore = ks_right

    densities_resid = log_densities[critical_range] - log_densities_unimodal_fit[critical_range]
    weights_for_downup = np.ones(densities_resid.size)
    densities_resid_fit = down_up_isotonic_regression(densities_resid, weights_for_downup)
    cutpoint_ind = critical_range.start + np.argmin(densities_resid_fit)
    cutpoint = (X[cutpoint_ind] + X[cutpoint_ind + 1]) / 2

    return dipscore, cutpoint

@jit(nopython=True, nogil=True)
def merge_test(X1, X2, centroid1, centroid2, covmat1, covmat2, isocut_threshold):

    if X1.size == 0 or X2.size == 0:
        print("Error in merge test: N1 or N2 is zero. Should not be here.")
        return True, None

    V = centroid2 - centroid1
    avg_covmat = (covmat1 + covmat2) / 2.0
    inv_avg_covmat = np.linalg.inv(avg_covmat)
    V = inv_avg_covmat.astype(X1.dtype) @ V.astype(X1.dtype)
    V /= np.linalg.norm(V)

    # this two are equivalent (offset, the later is more intuitive)
    projection12 = np.concatenate((X1, X2)) @ V
    # projection12 = (np.concatenate((X1 , X2 )) - centroid1[None, :]) @ V

    dipscore, cutpoint = isocut(projection12)

    if dipscore < isocut_threshold:
        do_merge = True
        L12 = None

    else:
        do_merge = False
        L12 = (projection12 < cutpoint).astype("int32") + 1

        # import matplotlib.pyplot as plt
        # fig, ax = plt.subplots()
        # count, bins = np.histogram(projection12, bins=50)
        # ax.plot(bins[:-1], count, color='k')
        # ax.axvline(cutpoint, color='m')
        # ax.set_title(f"{dipscore}")

    return do_merge, L12

# === CASE compare_pairs
# SOURCE: SpikeInterface/spikeinterface src/spikeinterface/sortingcomponents/clustering/isosplit_isocut.py @ a5f7dbb3e39b, line 586
# RUN: compare_pairs (lambda X, L: (X, L, ((0, 1), (2, 3)), np.array([X[L == i].mean(0) for i in range(4)]), np.array([np.cov(X[L == i].T, bias=True) for i in range(4)]), 10, 2.0))(np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]), np.repeat(np.arange(4), 30))
# RUN: compare_pairs (lambda X, L: (X, L, ((0, 1),), np.array([X[L == i].mean(0) for i in range(2)]), np.array([np.cov(X[L == i].T, bias=True) for i in range(2)]), 10, 2.0))(np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]), np.concatenate([np.zeros(45, dtype=np.int64), np.ones(75, dtype=np.int64)]))
# RUN: compare_pairs (lambda X, L: (X, L, ((0, 3), (1, 2)), np.array([X[L == i].mean(0) for i in range(4)]), np.array([np.cov(X[L == i].T, bias=True) for i in range(4)]), 10, 2.0))(np.concatenate([np.random.default_rng(0).normal(0.0, 1.0, (60, 2)), np.random.default_rng(1).normal(0.0, 1.0, (60, 2)) + 6.0]), np.repeat(np.arange(4), 30))
@jit(nopython=True, nogil=True)
def jisotonic5(x, weights):
    N = x.shape[0]

    MSE = np.zeros(N, dtype=x.dtype)
    y = np.zeros(N, dtype=x.dtype)

    unweightedcount = np.zeros(N, dtype=np.int_)
    count = np.zeros(N, dtype=np.double)
    wsum = np.zeros(N, dtype=np.double)
    wsumsqr = np.zeros(N, dtype=np.double)
    last_index = 0

    unweightedcount[last_index] = 1
    count[last_index] = weights[0]
    wsum[last_index] = x[0] * weights[0]
    wsumsqr[last_index] = x[0] * x[0] * weights[0]

    prevMSE = 0.0
    newMSE = 0.0

    for j in range(1, N):
        last_index += 1
        unweightedcount[last_index] = 1
        count[last_index] = weights[j]
        wsum[last_index] = x[j] * weights[j]
        wsumsqr[last_index] = x[j] * x[j] * weights[j]
        MSE[j] = MSE[j - 1]

        while True:
            if last_index <= 0:
                break
            if wsum[last_index - 1] / count[last_index - 1] < wsum[last_index] / count[last_index]:
                break

            prevMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            prevMSE += wsumsqr[last_index] - wsum[last_index] * wsum[last_index] / count[last_index]
            unweightedcount[last_index - 1] += unweightedcount[last_index]
            count[last_index - 1] += count[last_index]
            wsum[last_index - 1] += wsum[last_index]
            wsumsqr[last_index - 1] += wsumsqr[last_index]
            newMSE = wsumsqr[last_index - 1] - wsum[last_index - 1] * wsum[last_index - 1] / count[last_index - 1]
            MSE[j] += newMSE - prevMSE
            last_index -= 1

    ii = 0
    for k in range(last_index + 1):
        for cc in range(unweightedcount[k]):
            y[ii + cc] = wsum[k] / count[k]
        ii += unweightedcount[k]

    return y, MSE

@jit(nopython=True, nogil=True)
def compute_ks4(counts1, counts2):
    c1s = counts1.sum()
    c2s = counts2.sum()
    s1 = np.cumsum(counts1)
    s1 /= c1s
    s2 = np.cumsum(counts2)
    s2 /= c2s
    ks = np.abs(s1 - s2).max()
    ks *= np.sqrt((c1s + c2s) / 2)
    return ks

@jit(nopython=True, nogil=True)
def compute_ks5(counts1, counts2):
    best_ks = -np.inf
    length = counts1.size
    best_length = length

    while length >= 4 or length == counts1.size:
        ks = compute_ks4(counts1[0:length], counts2[0:length])
        if ks > best_ks:
            best_ks = ks
            best_length = length
        length //= 2

    return best_ks, best_length

@jit(nopython=True, nogil=True)
def up_down_isotonic_regression(x, weights=None):
    # determine switch point
    _, mse1 = jisotonic5(x, weights)
    _, mse2r = jisotonic5(x[::-1].copy(), weights[::-1].copy())
    mse0 = mse1 + mse2r[::-1]
    best_ind = mse0.argmin()

    # regressions. note the negatives for decreasing.
    y1, _ = jisotonic5(x[:best_ind], weights[:best_ind])
    y2, _ = jisotonic5(-x[best_ind:], weights[best_ind:])
    y2 = -y2

    return np.hstack((y1, y2))

@jit(nopython=True, nogil=True)
def down_up_isotonic_regression(x, weights=None):
    return -up_down_isotonic_regression(-x, weights=weights)

@jit(nopython=True, nogil=True)
def isocut(samples):  # , sample_weights=None isosplit6 not handle weight anymore
    """
    Compute a dip-test to check if 1-d samples are unimodal or not.

    This correspond to the isocut6 C++ version.

    Parameters
    ----------
    samples: np.array
        Samples input to be clustered shape (num_samples, )

    Returns
    -------
    dipscore: float
        The dipscore.
        If this dipscore<2.0 then the distribution can be considered as unimodal.
    cutpoint:
        The best cutpoint to split samples in 2 clusters in case it is not unimodal.
    """

    assert samples.ndim == 1
    N = samples.size
    assert N > 0

    # if sample_weights is None:
    #     sample_weights = np.ones(N)

    sort = np.argsort(samples)
    X = samples[sort]
    # sample_weights = sample_weights[sort]

    spacings = np.diff(X)
    mask = spacings > 0
    multiplicities = np.ones(N - 1)
    log_densities = np.ones(N - 1)
    log_densities[mask] = np.log(1.0 / spacings[mask])
    log_densities[~mask] = np.log(0.000000001)

    log_densities_unimodal_fit = up_down_isotonic_regression(log_densities, multiplicities)
    peak_ind = np.argmax(log_densities_unimodal_fit)

    log_densities_unimodal_fit_times_spacings = np.exp(log_densities_unimodal_fit) * spacings

    # difficult translation of indexing from 1-based to 0-based in
    # the following few lines. this has been checked thoroughly.
    ks_left, ks_left_ind = compute_ks5(
        multiplicities[0 : peak_ind + 1],
        # densities_unimodal_fit[0 : peak_ind + 1] * spacings[0 : peak_ind + 1],
        log_densities_unimodal_fit_times_spacings[0 : peak_ind + 1],
    )
    ks_right, ks_right_ind = compute_ks5(
        multiplicities[peak_ind:][::-1],
        # densities_unimodal_fit[peak_ind:][::-1] * spacings[peak_ind:][::-1],
        log_densities_unimodal_fit_times_spacings[peak_ind:][::-1],
    )
    ks_right_ind = spacings.size - ks_right_ind

    if ks_left > ks_right:
        critical_range = slice(0, ks_left_ind)
        dipscore = ks_left
    else:
        critical_range = slice(ks_right_ind, spacings.size)
        dipscore = ks_right

    densities_resid = log_densities[critical_range] - log_densities_unimodal_fit[critical_range]
    weights_for_downup = np.ones(densities_resid.size)
    densities_resid_fit = down_up_isotonic_regression(densities_resid, weights_for_downup)
    cutpoint_ind = critical_range.start + np.argmin(densities_resid_fit)
    cutpoint = (X[cutpoint_ind] + X[cutpoint_ind + 1]) / 2

    return dipscore, cutpoint

@jit(nopython=True, nogil=True)
def merge_test(X1, X2, centroid1, centroid2, covmat1, covmat2, isocut_threshold):

    if X1.size == 0 or X2.size == 0:
        print("Error in merge test: N1 or N2 is zero. Should not be here.")
        return True, None

    V = centroid2 - centroid1
    avg_covmat = (covmat1 + covmat2) / 2.0
    inv_avg_covmat = np.linalg.inv(avg_covmat)
    V = inv_avg_covmat.astype(X1.dtype) @ V.astype(X1.dtype)
    V /= np.linalg.norm(V)

    # this two are equivalent (offset, the later is more intuitive)
    projection12 = np.concatenate((X1, X2)) @ V
    # projection12 = (np.concatenate((X1 , X2 )) - centroid1[None, :]) @ V

    dipscore, cutpoint = isocut(projection12)

    if dipscore < isocut_threshold:
        do_merge = True
        L12 = None

    else:
        do_merge = False
        L12 = (projection12 < cutpoint).astype("int32") + 1

        # import matplotlib.pyplot as plt
        # fig, ax = plt.subplots()
        # count, bins = np.histogram(projection12, bins=50)
        # ax.plot(bins[:-1], count, color='k')
        # ax.axvline(cutpoint, color='m')
        # ax.set_title(f"{dipscore}")

    return do_merge, L12

@jit(nopython=True, nogil=True)
def compare_pairs(X, labels, pairs, centroids, covmats, min_cluster_size, isocut_threshold):

    clusters_changed_mask = np.zeros(centroids.shape[0], dtype="bool")
    clusters_removed_mask = np.zeros(centroids.shape[0], dtype="bool")

    total_num_label_changes = 0

    for p in range(len(pairs)):
        label1, label2 = pairs[p]

        # inds1 = np.flatnonzero(labels == label1)
        # inds2 = np.flatnonzero(labels == label2)
        (inds1,) = np.nonzero(labels == label1)
        (inds2,) = np.nonzero(labels == label2)

        if (inds1.size > 0) and (inds2.size > 0):
            # if (inds1.size < min_cluster_size) and (inds2.size < min_cluster_size):
            if (inds1.size < min_cluster_size) or (inds2.size < min_cluster_size):
                do_merge = True
                # do_merge = False
            else:
                X1 = X[inds1, :]
                X2 = X[inds2, :]
                do_merge, L12 = merge_test(
                    X1,
                    X2,
                    centroids[label1, :],
                    centroids[label2, :],
                    covmats[label1, :],
                    covmats[label2, :],
                    isocut_threshold,
                )

            if do_merge:
                labels[inds2] = label1
                total_num_label_changes += inds2.size
                clusters_changed_mask[label1] = True
                clusters_removed_mask[label2] = True
            else:
                # redistribute
                something_was_redistributed = False

                # modified_inds1 = np.flatnonzero(L12[:inds1.size] == 2)
                # modified_inds2 = np.flatnonzero(L12[inds1.size:] == 1)
                (modified_inds1,) = np.nonzero(L12[: inds1.size] == 2)
                (modified_inds2,) = np.nonzero(L12[inds1.size :] == 1)

                # protect against pure swapping between label1<>label2
                # pure_swaping = modified_inds1.size == inds1.size and modified_inds2.size == inds2.size
                pure_swaping = (modified_inds1.size / inds1.size + modified_inds2.size / inds2.size) >= 1.0

                if modified_inds1.size > 0 and not pure_swaping:
                    something_was_redistributed = True
                    total_num_label_changes += modified_inds1.size
                    labels[inds1[modified_inds1]] = label2

                if modified_inds2.size > 0 and not pure_swaping:
                    something_was_redistributed = True
                    total_num_label_changes += modified_inds2.size
                    labels[inds2[modified_inds2]] = label1

                if something_was_redistributed:
                    clusters_changed_mask[label1] = True
                    clusters_changed_mask[label2] = True

    return clusters_changed_mask, clusters_removed_mask, total_num_label_changes
