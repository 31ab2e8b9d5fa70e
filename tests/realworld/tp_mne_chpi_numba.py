# Real Numba code from mne-tools/mne-python mne/_chpi_numba.py at commit 8aa8dec45a522363be02cba78d0856442b208067
# (BSD-3-Clause, Copyright 2011-2025 MNE-Python authors), copied unchanged: the module's @jit() functions, with _quat_to_rot (imported there
# from mne/_transforms_numba.py, same commit) in the case that calls it.
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


# === CASE _magnetic_dipole_delta
# SOURCE: mne-tools/mne-python mne/_chpi_numba.py @ 8aa8dec45a52, line 17
# RUN: _magnetic_dipole_delta (np.random.default_rng(0).normal(size=(3, 8)), np.diag(np.linspace(0.5, 2.0, 8)), np.random.default_rng(1).normal(size=8), 9.0)
@jit()
def _magnetic_dipole_delta(fwd, whitener, B, B2):
    # Here we use .T to get whitener to Fortran order, which speeds things up
    fwd = fwd @ whitener.T
    u, s, v = np.linalg.svd(fwd, full_matrices=False)
    one = v @ B
    Bm2 = one @ one
    return B2 - Bm2, u, s, one

# === CASE _chpi_objective
# SOURCE: mne-tools/mne-python mne/_chpi_numba.py @ 8aa8dec45a52, line 27
# RUN: _chpi_objective (np.array([0.1, -0.05, 0.2, 0.001, -0.002, 0.003]), np.random.default_rng(0).normal(size=(4, 3)) * 0.05, np.random.default_rng(1).normal(size=(4, 3)) * 0.05, np.array([1.0, 0.5, 2.0, 1.0]))
@jit()
def _quat_to_rot(quat):
    """Convert a set of quaternions to rotations (see :func:`mne.transforms.quat_to_rot`)."""  # noqa: E501
    # z = a + bi + cj + dk
    b, c, d = quat[..., 0], quat[..., 1], quat[..., 2]
    bb, cc, dd = b * b, c * c, d * d
    # use max() here to be safe in case roundoff errs put us over
    aa = np.maximum(1.0 - bb - cc - dd, 0.0)
    a = np.sqrt(aa)
    ab_2 = 2 * a * b
    ac_2 = 2 * a * c
    ad_2 = 2 * a * d
    bc_2 = 2 * b * c
    bd_2 = 2 * b * d
    cd_2 = 2 * c * d
    rotation = np.empty(quat.shape[:-1] + (3, 3))
    rotation[..., 0, 0] = aa + bb - cc - dd
    rotation[..., 0, 1] = bc_2 - ad_2
    rotation[..., 0, 2] = bd_2 + ac_2
    rotation[..., 1, 0] = bc_2 + ad_2
    rotation[..., 1, 1] = aa + cc - bb - dd
    rotation[..., 1, 2] = cd_2 - ab_2
    rotation[..., 2, 0] = bd_2 - ac_2
    rotation[..., 2, 1] = cd_2 + ab_2
    rotation[..., 2, 2] = aa + dd - bb - cc
    return rotation

@jit()
def _chpi_objective(x, coil_dev_rrs, coil_head_rrs, weights):
    """Compute objective function."""
    d = coil_dev_rrs @ _quat_to_rot(x[:3]).T
    d += x[3:]
    d -= coil_head_rrs
    d *= d
    return d.sum(axis=1) @ weights  # sum over coils, weighted

# === CASE _reorder_inv_model
# SOURCE: mne-tools/mne-python mne/_chpi_numba.py @ 8aa8dec45a52, line 37
# RUN: _reorder_inv_model (np.arange(30.0).reshape(6, 5), 3)
# RUN: _reorder_inv_model (np.arange(20.0).reshape(5, 4), 2)
@jit()
def _reorder_inv_model(inv_model, n_freqs):
    # Reorder for faster computation
    idx = np.arange(2 * n_freqs).reshape(2, n_freqs).T.ravel()
    return inv_model[idx]

# === CASE _fast_fit
# SOURCE: mne-tools/mne-python mne/_chpi_numba.py @ 8aa8dec45a52, line 44
# RUN: _fast_fit ((np.outer(np.array([1.0, 2.0, -1.0, 0.5, 1.5]), np.sin(2 * np.pi * 8 * np.arange(40) / 100.0 + 0.3)) + np.outer(np.array([0.5, -1.0, 2.0, 1.0, 0.2]), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0 - 0.2)) + 0.1 * np.random.default_rng(0).normal(size=(5, 40))), np.eye(5) - np.full((5, 5), 0.2), 2, np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]), np.linalg.pinv(np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]))[np.array([0, 2, 1, 3])])
# RUN: _fast_fit ((np.outer(np.array([1.0, 2.0, -1.0, 0.5, 1.5]), np.sin(2 * np.pi * 8 * np.arange(40) / 100.0 + 0.3)) + np.outer(np.array([0.5, -1.0, 2.0, 1.0, 0.2]), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0 - 0.2)) + 0.1 * np.random.default_rng(0).normal(size=(5, 40)))[:, :30], np.eye(5) - np.full((5, 5), 0.2), 2, np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]), np.linalg.pinv(np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]))[np.array([0, 2, 1, 3])])
@jit()
def _reorder_inv_model(inv_model, n_freqs):
    # Reorder for faster computation
    idx = np.arange(2 * n_freqs).reshape(2, n_freqs).T.ravel()
    return inv_model[idx]

@jit()
def _fast_fit(this_data, proj, n_freqs, model, inv_model_reord):
    # first or last window
    if this_data.shape[1] != model.shape[0]:
        model = model[: this_data.shape[1]]
        inv_model_reord = _reorder_inv_model(np.linalg.pinv(model), n_freqs)
    proj_data = proj @ this_data
    X = inv_model_reord @ proj_data.T

    sin_fit = np.zeros((n_freqs, X.shape[1]))
    for fi in range(n_freqs):
        # use SVD across all sensors to estimate the sinusoid phase
        u, s, vt = np.linalg.svd(X[2 * fi : 2 * fi + 2], full_matrices=False)
        # the first component holds the predominant phase direction
        # (so ignore the second, effectively doing s[1] = 0):
        sin_fit[fi] = vt[0] * s[0]
    return sin_fit

# === CASE _fast_fit_snr
# SOURCE: mne-tools/mne-python mne/_chpi_numba.py @ 8aa8dec45a52, line 63
# RUN: _fast_fit_snr ((np.outer(np.array([1.0, 2.0, -1.0, 0.5, 1.5]), np.sin(2 * np.pi * 8 * np.arange(40) / 100.0 + 0.3)) + np.outer(np.array([0.5, -1.0, 2.0, 1.0, 0.2]), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0 - 0.2)) + 0.1 * np.random.default_rng(0).normal(size=(5, 40))), 2, np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]), np.linalg.pinv(np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)])), np.array([0, 1]), np.array([2, 3, 4]))
# RUN: _fast_fit_snr ((np.outer(np.array([1.0, 2.0, -1.0, 0.5, 1.5]), np.sin(2 * np.pi * 8 * np.arange(40) / 100.0 + 0.3)) + np.outer(np.array([0.5, -1.0, 2.0, 1.0, 0.2]), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0 - 0.2)) + 0.1 * np.random.default_rng(0).normal(size=(5, 40)))[:, :32], 2, np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)]), np.linalg.pinv(np.column_stack([np.sin(2 * np.pi * 8 * np.arange(40) / 100.0), np.sin(2 * np.pi * 13 * np.arange(40) / 100.0), np.cos(2 * np.pi * 8 * np.arange(40) / 100.0), np.cos(2 * np.pi * 13 * np.arange(40) / 100.0), np.ones(40)])), np.array([0, 1, 2, 3, 4]), np.zeros(0, dtype=np.int64))
@jit()
def _fast_fit_snr(this_data, n_freqs, model, inv_model, mag_picks, grad_picks):
    # first or last window
    if this_data.shape[1] != model.shape[0]:
        model = model[: this_data.shape[1]]
        inv_model = np.linalg.pinv(model)
    coefs = np.ascontiguousarray(inv_model) @ np.ascontiguousarray(this_data.T)
    # average sin & cos terms (special property of sinusoids: power=A²/2)
    hpi_power = (coefs[:n_freqs] ** 2 + coefs[n_freqs : (2 * n_freqs)] ** 2) / 2
    resid = this_data - np.ascontiguousarray((model @ coefs).T)
    # can't use np.var(..., axis=1) with Numba, so do it manually:
    resid_mean = np.atleast_2d(resid.sum(axis=1) / resid.shape[1]).T
    squared_devs = np.abs(resid - resid_mean) ** 2
    resid_var = squared_devs.sum(axis=1) / squared_devs.shape[1]
    # output array will be (n_freqs, 3 * n_ch_types). The 3 columns for each
    # channel type are the SNR, the mean cHPI power and the residual variance
    # (which gets tiled to shape (n_freqs,) because it's a scalar).
    snrs = np.empty((n_freqs, 0))
    # average power & compute residual variance separately for each ch type
    for _picks in (mag_picks, grad_picks):
        if len(_picks):
            avg_power = hpi_power[:, _picks].sum(axis=1) / len(_picks)
            avg_resid = resid_var[_picks].mean() * np.ones(n_freqs)
            snr = 10 * np.log10(avg_power / avg_resid)
            snrs = np.hstack((snrs, np.stack((snr, avg_power, avg_resid), 1)))
    return snrs
