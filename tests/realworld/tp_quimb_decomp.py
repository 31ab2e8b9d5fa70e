# Real Numba code from jcmgray/quimb quimb/tensor/decomp.py at commit 97ceeae4861c3e448fb9919ff50a780b2892a029
# (Apache-2.0, Copyright 2015-2024 Johnnie Gray), copied unchanged: the module's jitted
# functions (truncated SVD, SVD through eigh, eigh, QR, LQ, Cholesky and polar decompositions, similarity
# compression), real and complex. Each case below is run by run.py as this prelude followed by the case alone.
# Six functions carry a second decorator that registers them with a dispatcher of autoray (not installed here):
# `@rddiv.register("numpy")`, `@lddiv.register("numpy")`, `@sgn.register("numpy")`,
# `@register_svals_driver("svd:eig")`, `@polar_right.register("numpy")`, `@polar_left.register("numpy")`;
# the prelude stands in for those dispatchers with registrations that return the function unchanged.
import functools
import os

import numba
import numpy as np

# Stand-ins for autoray's dispatchers (quimb registers its numpy implementations with them):
# each registration returns the function it decorates.
class _Dispatcher:
    def register(self, backend):
        return lambda fn: fn


rddiv = lddiv = sgn = polar_right = polar_left = _Dispatcher()


def register_svals_driver(name):
    return lambda fn: fn


# `from ..core import njit` (quimb/core.py lines 44-51), copied unchanged:
_NUMBA_CACHE = {
    "TRUE": True,
    "ON": True,
    "FALSE": False,
    "OFF": False,
}[os.environ.get("QUIMB_NUMBA_CACHE", "True").upper()]

njit = functools.partial(numba.njit, cache=_NUMBA_CACHE)

# lines 201-211 and 265-270: the absorb and cutoff-mode codes, copied unchanged:
get_U_s_VH = None  # 'full'
get_s = 2  # 'svals'
get_Usq = -12  # 'lsqrt'
get_VH = -11  # 'rorthog'
get_Us = -10  # 'lfactor'
get_Us_VH = -1  # absorb 'left'
get_Usq_sqVH = 0  # absorb 'both'
get_U_sVH = 1  # absorb 'right'
get_U = 10  # 'lorthog'
get_sVH = 11  # 'rfactor'
get_sqVH = 12  # 'rsqrt'

cutoff_mode_abs = 1
cutoff_mode_rel = 2
cutoff_mode_sum2 = 3
cutoff_mode_rsum2 = 4
cutoff_mode_sum1 = 5
cutoff_mode_rsum1 = 6

# the helpers the other functions call (their cases are below), copied unchanged:
@njit  # pragma: no cover
def dag_numba(x):
    return np.conjugate(x.T)


@njit  # pragma: no cover
def safe_inverse_numba(x, cutoff=None):
    # see `safe_inverse`, numba has no axis aware `max`, so we loop manually
    shape = x.shape
    d = shape[-1]
    xf = np.ascontiguousarray(x).reshape(-1, d)
    out = np.empty_like(xf)
    eps = np.finfo(x.dtype).eps
    for i in range(xf.shape[0]):
        xi = xf[i]
        xmax = np.max(xi)
        if xmax <= 0.0:
            xmax = 1.0
        if cutoff is None:
            c = eps
        else:
            c = cutoff / xmax
        for j in range(d):
            y = xi[j] / xmax
            out[i, j] = y / ((y * y + c * c) * xmax)
    return out.reshape(shape)


@njit  # pragma: no cover
def rdmul_numba(x, d):
    return x * d[..., None, :]


@njit  # pragma: no cover
def ldmul_numba(d, x):
    return x * d[..., :, None]


# line 644:
@sgn.register("numpy")
@njit  # pragma: no cover
def sgn_numba(x):
    x0 = x == 0.0
    return (x + x0) / (np.abs(x) + x0)


@njit  # pragma: no cover
def _do_absorb_numba(U, s, VH, absorb):
    if absorb is None:
        # get_U_s_VH - return as-is
        return U, s, VH
    if absorb == get_Usq_sqVH:  # 'both'
        sq = np.sqrt(s)
        return rdmul_numba(U, sq), None, ldmul_numba(sq, VH)
    if absorb == get_U_sVH:  # 'right'
        return U, None, ldmul_numba(s, VH)
    if absorb == get_Us_VH:  # 'left'
        return rdmul_numba(U, s), None, VH
    if absorb == get_sVH:  # 'rfactor'
        return None, None, ldmul_numba(s, VH)
    if absorb == get_Us:  # 'lfactor'
        return rdmul_numba(U, s), None, None
    if absorb == get_U:  # 'lorthog'
        return U, None, None
    if absorb == get_VH:  # 'rorthog'
        return None, None, VH
    if absorb == get_Usq:  # 'lsqrt'
        sq = np.sqrt(s)
        return rdmul_numba(U, sq), None, None
    if absorb == get_sqVH:  # 'rsqrt'
        sq = np.sqrt(s)
        return None, None, ldmul_numba(sq, VH)
    if absorb == get_s:  # 'svals'
        return None, s, None
    return None, None, None


@njit(["i4(f4[:], f4, i4)", "i4(f8[:], f8, i4)"])  # pragma: no cover
def _compute_number_svals_to_keep_numba(s, cutoff, cutoff_mode):
    """Find the number of singular values to keep of ``s`` given ``cutoff`` and
    ``cutoff_mode``.
    """
    if cutoff_mode == cutoff_mode_abs:
        n_chi = np.sum(s > cutoff)

    elif cutoff_mode == cutoff_mode_rel:
        n_chi = np.sum(s > cutoff * s[0])

    elif cutoff_mode in (
        cutoff_mode_sum2,
        cutoff_mode_rsum2,
        cutoff_mode_sum1,
        cutoff_mode_rsum1,
    ):
        if cutoff_mode in (cutoff_mode_sum2, cutoff_mode_rsum2):
            pow = 2
        else:
            pow = 1

        target = cutoff
        if cutoff_mode in (cutoff_mode_rsum2, cutoff_mode_rsum1):
            target *= np.sum(s**pow)

        n_chi = s.size
        ssum = 0.0
        for i in range(s.size - 1, -1, -1):
            s2 = s[i] ** pow
            if not np.isnan(s2):
                ssum += s2
            if ssum > target:
                break
            n_chi -= 1

    return max(n_chi, 1)


@njit(["f4(f4[:], i4, f4)", "f8(f8[:], i4, f8)"])  # pragma: no cover
def _compute_svals_renorm_factor_numba(s, n_chi, renorm):
    """Find the normalization constant for ``s`` such that the new sum squared
    of the ``n_chi`` largest values equals the sum squared of all the old ones.
    """
    s_tot_keep = 0.0
    s_tot_lose = 0.0

    raise_power = renorm >= 2

    for i in range(s.size):
        s2 = s[i]
        if raise_power:
            s2 **= renorm

        if not np.isnan(s2):
            if i < n_chi:
                s_tot_keep += s2
            else:
                s_tot_lose += s2

    f = (s_tot_keep + s_tot_lose) / s_tot_keep
    if raise_power:
        f **= 1 / renorm

    return f


@njit  # pragma: no cover
def _trim_and_renorm_svd_result_numba(
    U,
    s,
    VH,
    cutoff,
    cutoff_mode,
    max_bond,
    absorb,
    renorm,
    use_abs=False,
    calc_error=False,
):
    """Accelerated version of ``_trim_and_renorm_svd_result``."""

    if use_abs:
        sabs = np.abs(s)
    else:
        sabs = s

    # default values
    if calc_error:
        error = 0.0
    else:
        error = None

    if (cutoff > 0.0) or (renorm > 0):
        # need to dynamically truncate
        n_chi = _compute_number_svals_to_keep_numba(sabs, cutoff, cutoff_mode)

        if max_bond > 0:
            # bond dimension limited by both cutoff and max_bond
            n_chi = min(n_chi, max_bond)

        if n_chi < s.size:
            # some truncation needed
            if calc_error:
                error = np.sqrt(np.sum(sabs[n_chi:] ** 2))

            if renorm > 0:
                f = _compute_svals_renorm_factor_numba(sabs, n_chi, renorm)
                s = s[:n_chi] * f
            else:
                s = s[:n_chi]

            U = U[:, :n_chi]
            VH = VH[:n_chi, :]

    elif (max_bond != -1) and (max_bond < s.shape[0]):
        # some truncation, but only maximum bond specified
        if calc_error:
            error = np.sqrt(np.sum(sabs[max_bond:] ** 2))

        U = U[:, :max_bond]
        s = s[:max_bond]
        VH = VH[:max_bond, :]

    s = np.ascontiguousarray(s)

    U, s, VH = _do_absorb_numba(U, s, VH, absorb)

    return U, s, VH, error


@njit  # pragma: no cover
def _svd_via_eig_numba(
    x,
    absorb=get_U_s_VH,
    max_bond=-1,
    descending=True,
    right=None,
):
    """Numba-accelerated SVD via eigendecomposition of the Gram matrix,
    with static truncation (``max_bond`` only) and all ``absorb`` return
    options, each with their own shortcuts. Mirrors the structure of
    ``svd_via_eig``.

    Parameters
    ----------
    x : array-like
        The 2d array to decompose.
    absorb : int or None, optional
        Numeric absorb code controlling what to compute / return.
    max_bond : int, optional
        An explicit maximum bond dimension, use -1 for no truncation.
    descending : bool, optional
        Whether to return singular values in descending order.

    Returns
    -------
    U : array or None
    s : array or None
    VH : array or None
    """
    m, n = x.shape

    if right is None:
        if m > n:
            right = True
        elif m < n:
            right = False
        else:
            # square: avoid division if possible
            right = (absorb is not None) and (
                absorb == get_Us or absorb == get_Us_VH or absorb == get_VH
            )
    else:
        right = bool(right)

    if right:
        # tall: eigendecompose xdag @ x
        xx = dag_numba(x) @ x
        s2, V = np.linalg.eigh(xx)
        if 0 < max_bond < min(m, n):
            s2 = s2[-max_bond:]
            V = np.ascontiguousarray(V[:, -max_bond:])
        if descending:
            s2 = s2[::-1]
            V = np.ascontiguousarray(V[:, ::-1])
        s2 = np.maximum(s2, 0.0)
        if absorb == get_s:  # 'svals'
            return None, np.sqrt(s2), None
        if absorb == get_VH:  # 'rorthog'
            return None, None, dag_numba(V)
        if absorb == get_sVH:  # 'rfactor'
            return None, None, ldmul_numba(np.sqrt(s2), dag_numba(V))
        V = np.ascontiguousarray(V)
        Us = x @ V
        if absorb == get_Us:  # 'lfactor'
            return Us, None, None
        if absorb == get_Us_VH:  # 'left'
            return Us, None, dag_numba(V)
        s = np.sqrt(s2)

        eps = np.finfo(s.dtype).eps
        cutoff = np.max(s) * eps * max(m, n)
        sinv = safe_inverse_numba(s, cutoff)
        U = Us * sinv[None, :]

        if absorb == get_U:  # 'lorthog'
            return U, None, None
        VH = dag_numba(V)
        if absorb is None:  # 'full'
            return U, s, VH
        if absorb == get_U_sVH:  # 'right'
            return U, None, ldmul_numba(s, VH)
        sq = np.sqrt(s)
        if absorb == get_Usq_sqVH:  # 'both'
            return rdmul_numba(U, sq), None, ldmul_numba(sq, VH)
        if absorb == get_Usq:  # 'lsqrt'
            return rdmul_numba(U, sq), None, None
        if absorb == get_sqVH:  # 'rsqrt'
            return None, None, ldmul_numba(sq, VH)
    else:
        # wide: eigendecompose x @ xdag
        xx = x @ dag_numba(x)
        s2, U = np.linalg.eigh(xx)
        if 0 < max_bond < min(m, n):
            s2 = s2[-max_bond:]
            U = np.ascontiguousarray(U[:, -max_bond:])
        if descending:
            s2 = s2[::-1]
            U = np.ascontiguousarray(U[:, ::-1])
        # clip small/negative eigenvalues
        s2 = np.maximum(s2, 0.0)
        if absorb == get_s:  # 'svals'
            return None, np.sqrt(s2), None
        if absorb == get_U:  # 'lorthog'
            return U, None, None
        if absorb == get_Us:  # 'lfactor'
            return rdmul_numba(U, np.sqrt(s2)), None, None
        U = np.ascontiguousarray(U)
        sVH = dag_numba(U) @ x
        if absorb == get_sVH:  # 'rfactor'
            return None, None, sVH
        if absorb == get_U_sVH:  # 'right'
            return U, None, sVH
        s = np.sqrt(s2)

        eps = np.finfo(s.dtype).eps
        cutoff = np.max(s) * eps * max(m, n)
        sinv = safe_inverse_numba(s, cutoff)
        VH = sinv[:, None] * sVH

        if absorb == get_VH:  # 'rorthog'
            return None, None, VH
        if absorb is None:  # 'full'
            return U, s, VH
        if absorb == get_Us_VH:  # 'left'
            return rdmul_numba(U, s), None, VH
        sq = np.sqrt(s)
        if absorb == get_Usq_sqVH:  # 'both'
            return rdmul_numba(U, sq), None, ldmul_numba(sq, VH)
        if absorb == get_Usq:  # 'lsqrt'
            return rdmul_numba(U, sq), None, None
        if absorb == get_sqVH:  # 'rsqrt'
            return None, None, ldmul_numba(sq, VH)

    # fallback (should not be reached)
    return None, None, None


@njit  # pragma: no cover
def _with_diag_shift_numba(x, shift=0.0):
    if shift < 0.0:
        # compute machine-epsilon relative shift
        shift = np.finfo(x.dtype).eps

    if shift > 0.0:
        shift = shift * np.trace(x)
        x = x.copy()  # avoid modifying input in-place
        for i in range(x.shape[0]):
            x[i, i] += shift

    return x


@njit  # pragma: no cover
def _qr_stabilized_numba(x, absorb=get_U_sVH, stabilized=True):
    Q, R = np.linalg.qr(x)

    if stabilized:
        if absorb == get_U:
            for i in range(R.shape[0]):
                rii = R[i, i]
                phase = sgn_numba(rii)
                if phase != 1.0:
                    Q[:, i] *= np.conj(phase)
        elif absorb == get_sVH:
            for i in range(R.shape[0]):
                rii = R[i, i]
                phase = sgn_numba(rii)
                if phase != 1.0:
                    R[i, i:] *= phase
        else:
            for i in range(R.shape[0]):
                rii = R[i, i]
                phase = sgn_numba(rii)
                if phase != 1.0:
                    Q[:, i] *= np.conj(phase)
                    R[i, i:] *= phase

    if absorb == get_U:
        return Q, None, None

    if absorb == get_sVH:
        return None, None, R

    return Q, None, R


# === CASE dag_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 496
# dag_numba is in the prelude: other functions call it.
# RUN: dag_numba ((lambda r: r.standard_normal((3, 4)) + 1j * r.standard_normal((3, 4)))(np.random.default_rng(0)),)
# RUN: dag_numba (np.random.default_rng(0).standard_normal((2, 3)),)

# === CASE safe_inverse_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 554
# safe_inverse_numba is in the prelude: other functions call it.
# RUN: safe_inverse_numba (np.array([2.0, 1.0, 0.0, 1e-20]),)
# RUN: safe_inverse_numba (np.array([[4.0, 2.0, 0.5], [0.0, 0.0, 0.0]]), 1e-3)

# === CASE rdmul_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 586
# rdmul_numba is in the prelude: other functions call it.
# RUN: rdmul_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([1.0, 2.0, 3.0]))

# === CASE rddiv_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 600
# RUN: rddiv_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([1.0, 2.0, 0.0]))
# RUN: rddiv_numba (np.random.default_rng(0).standard_normal((2, 3)), np.array([4.0, 0.5, 2.0]))
@rddiv.register("numpy")
@njit  # pragma: no cover
def rddiv_numba(x, d):
    dinv = safe_inverse_numba(d)
    return x * dinv[..., None, :]

# === CASE ldmul_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 613
# ldmul_numba is in the prelude: other functions call it.
# RUN: ldmul_numba (np.array([1.0, 2.0, 3.0]), (lambda r: r.standard_normal((3, 4)) + 1j * r.standard_normal((3, 4)))(np.random.default_rng(0)))

# === CASE lddiv_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 627
# RUN: lddiv_numba (np.array([1.0, 2.0, 0.0]), (lambda r: r.standard_normal((3, 4)) + 1j * r.standard_normal((3, 4)))(np.random.default_rng(0)))
# RUN: lddiv_numba (np.array([4.0, 0.5, 2.0]), np.random.default_rng(0).standard_normal((3, 2)))
@lddiv.register("numpy")
@njit  # pragma: no cover
def lddiv_numba(d, x):
    dinv = safe_inverse_numba(d)
    return x * dinv[..., :, None]

# === CASE sgn_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 644
# sgn_numba is in the prelude: other functions call it.
# RUN: sgn_numba (np.array([1.0 + 1.0j, -2.0, 0.0, 3.0j]),)
# RUN: sgn_numba (np.array([-1.5, 0.0, 2.0]),)

# === CASE _do_absorb_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 693
# _do_absorb_numba is in the prelude: other functions call it.
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 0)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 1)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), -1)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 11)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), -10)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 10)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), -11)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), -12)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 12)
# RUN: _do_absorb_numba ((lambda r: r.standard_normal((4, 3)) + 1j * r.standard_normal((4, 3)))(np.random.default_rng(0)), np.array([3.0, 2.0, 1.0]), (lambda r: r.standard_normal((3, 3)) + 1j * r.standard_normal((3, 3)))(np.random.default_rng(1)), 2)

# === CASE _compute_number_svals_to_keep_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 901
# _compute_number_svals_to_keep_numba is in the prelude: other functions call it.
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 1)
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 2)
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 3)
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 4)
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 5)
# RUN: _compute_number_svals_to_keep_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 0.5, 6)

# === CASE _compute_svals_renorm_factor_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 940
# _compute_svals_renorm_factor_numba is in the prelude: other functions call it.
# RUN: _compute_svals_renorm_factor_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 3, 2.0)
# RUN: _compute_svals_renorm_factor_numba (np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), 4, 1.0)

# === CASE _trim_and_renorm_svd_result_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 968
# _trim_and_renorm_svd_result_numba is in the prelude: other functions call it.
# RUN: _trim_and_renorm_svd_result_numba (np.eye(6), np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), np.eye(6), 0.05, 2, -1, 0, 0, False, True)
# RUN: _trim_and_renorm_svd_result_numba (np.eye(6), np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), np.eye(6), 0.05, 4, 3, 1, 2, False, True)
# RUN: _trim_and_renorm_svd_result_numba (np.eye(6), np.array([3.0, 2.0, 1.0, 0.5, 0.1, 0.01]), np.eye(6), -1.0, 4, 2, -1, 0)

# === CASE svd_truncated_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1032
# RUN: svd_truncated_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)),)
# RUN: svd_truncated_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 0.1, 2, -1, 1, 0, True)
# RUN: svd_truncated_numba (np.random.default_rng(0).standard_normal((5, 5)), -1.0, 4, 3, -1)
@njit  # pragma: no cover
def svd_truncated_numba(
    x,
    cutoff=-1.0,
    cutoff_mode=cutoff_mode_rsum2,
    max_bond=-1,
    absorb=get_Usq_sqVH,
    renorm=0,
    calc_error=False,
):
    """Accelerated version of ``svd_truncated`` for numpy arrays."""
    U, s, VH = np.linalg.svd(x, full_matrices=False)

    return _trim_and_renorm_svd_result_numba(
        U,
        s,
        VH,
        cutoff,
        cutoff_mode,
        max_bond,
        absorb,
        renorm,
        calc_error=calc_error,
    )

# === CASE _svd_via_eig_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1447
# _svd_via_eig_numba is in the prelude: other functions call it.
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 0)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 1)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), -1)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 2)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), -11)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 11)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), -10)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 10)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), -12)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 12)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((4, 6)) + 1j * r.standard_normal((4, 6)))(np.random.default_rng(0)), 0)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((4, 6)) + 1j * r.standard_normal((4, 6)))(np.random.default_rng(0)), 1)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((4, 6)) + 1j * r.standard_normal((4, 6)))(np.random.default_rng(0)), -1)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((4, 6)) + 1j * r.standard_normal((4, 6)))(np.random.default_rng(0)), -11)
# RUN: _svd_via_eig_numba ((lambda r: r.standard_normal((4, 6)) + 1j * r.standard_normal((4, 6)))(np.random.default_rng(0)), 10)
# RUN: _svd_via_eig_numba (np.random.default_rng(0).standard_normal((5, 5)), 0, 3)

# === CASE _svd_via_eig_truncated_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1585
# RUN: _svd_via_eig_truncated_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)),)
# RUN: _svd_via_eig_truncated_numba ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)), 0.1, 2, -1, 1, 0, True)
# RUN: _svd_via_eig_truncated_numba (np.random.default_rng(0).standard_normal((4, 6)), -1.0, 4, 2, -1)
@njit  # pragma: no cover
def _svd_via_eig_truncated_numba(
    x,
    cutoff=-1.0,
    cutoff_mode=cutoff_mode_rsum2,
    max_bond=-1,
    absorb=get_Usq_sqVH,
    renorm=0,
    calc_error=False,
):
    """SVD-split via eigen-decomposition, with optional dynamic truncation.
    Uses ``_svd_via_eig_numba`` shortcuts when the full spectrum is not
    needed.
    """
    need_full_spectrum = (cutoff > 0.0) or (renorm > 0) or calc_error

    if need_full_spectrum:
        # 1. compute full svd ...
        U, s, VH = _svd_via_eig_numba(
            x,
            absorb=None,
            max_bond=-1,
            descending=True,
        )
        # 2. ... then truncate separately
        return _trim_and_renorm_svd_result_numba(
            U,
            s,
            VH,
            cutoff=cutoff,
            cutoff_mode=cutoff_mode,
            max_bond=max_bond,
            absorb=absorb,
            renorm=renorm,
            calc_error=calc_error,
        )
    else:
        # perform in one step, possibly taking advantage of shortcuts
        U, s, VH = _svd_via_eig_numba(
            x,
            absorb=absorb,
            max_bond=max_bond,
            descending=False,
        )
        return U, s, VH, None

# === CASE svdvals_eig
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1673
# RUN: svdvals_eig ((lambda r: r.standard_normal((6, 4)) + 1j * r.standard_normal((6, 4)))(np.random.default_rng(0)),)
# RUN: svdvals_eig (np.random.default_rng(0).standard_normal((3, 5)),)
@register_svals_driver("svd:eig")
@njit  # pragma: no cover
def svdvals_eig(x):
    """SVD-decomposition via eigen, but return singular values only."""
    if x.shape[0] > x.shape[1]:
        s2 = np.linalg.eigvalsh(dag_numba(x) @ x)
    else:
        s2 = np.linalg.eigvalsh(x @ dag_numba(x))

    s2[s2 < 0.0] = 0.0
    return np.sqrt(s2[::-1])

# === CASE _with_diag_shift_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1884
# _with_diag_shift_numba is in the prelude: other functions call it.
# RUN: _with_diag_shift_numba ((lambda a: a + a.T)(np.random.default_rng(1).standard_normal((5, 5))),)
# RUN: _with_diag_shift_numba ((lambda a: a + a.conj().T)((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(1))), 0.1)
# RUN: _with_diag_shift_numba ((lambda a: a + a.T)(np.random.default_rng(1).standard_normal((5, 5))), -1.0)

# === CASE eigh_truncated_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 1972
# RUN: eigh_truncated_numba ((lambda a: a + a.conj().T)((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(1))),)
# RUN: eigh_truncated_numba ((lambda a: a + a.T)(np.random.default_rng(1).standard_normal((5, 5))), 0.1, 2, 3, 1)
# RUN: eigh_truncated_numba ((lambda a: a @ a.conj().T + np.eye(5))((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(2))), -1.0, 4, -1, 0, 0, 1, 1e-3)
@njit  # pragma: no cover
def eigh_truncated_numba(
    x,
    cutoff=-1.0,
    cutoff_mode=cutoff_mode_rsum2,
    max_bond=-1,
    absorb=get_Usq_sqVH,
    renorm=0,
    positive=0,
    shift=0.0,
):
    """SVD-decomposition, using hermitian eigen-decomposition, only works if
    ``x`` is hermitian.
    """
    x = _with_diag_shift_numba(x, shift=shift)
    s, U = np.linalg.eigh(x)

    # make sure largest singular value first
    if not positive:
        k = np.argsort(-np.abs(s))
        s, U = s[k], U[:, k]
    else:
        s = s[::-1]
        U = U[:, ::-1]

        if absorb == get_Usq_sqVH or absorb == get_Usq or absorb == get_sqVH:
            # operator assumed positive, but small negative eignvalues
            # will cause problems when taking sqrt, so clip to zero
            s[s < 0.0] = 0.0

    VH = dag_numba(U)

    # XXX: better to absorb phase in V and return positive 'values'?
    # VH = ldmul_numba(sgn_numba(s), dag_numba(U))
    # s = np.abs(s)

    U, s, VH, _ = _trim_and_renorm_svd_result_numba(
        U,
        s,
        VH,
        cutoff,
        cutoff_mode,
        max_bond,
        absorb,
        renorm,
        use_abs=not positive,
    )

    return U, s, VH

# === CASE _qr_stabilized_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2147
# _qr_stabilized_numba is in the prelude: other functions call it.
# RUN: _qr_stabilized_numba ((lambda r: r.standard_normal((5, 3)) + 1j * r.standard_normal((5, 3)))(np.random.default_rng(0)),)
# RUN: _qr_stabilized_numba ((lambda r: r.standard_normal((5, 3)) + 1j * r.standard_normal((5, 3)))(np.random.default_rng(0)), 10)
# RUN: _qr_stabilized_numba (np.random.default_rng(0).standard_normal((4, 4)), 11)
# RUN: _qr_stabilized_numba (np.random.default_rng(0).standard_normal((4, 4)), 1, False)

# === CASE _lq_stabilized_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2181
# RUN: _lq_stabilized_numba ((lambda r: r.standard_normal((3, 5)) + 1j * r.standard_normal((3, 5)))(np.random.default_rng(0)),)
# RUN: _lq_stabilized_numba ((lambda r: r.standard_normal((3, 5)) + 1j * r.standard_normal((3, 5)))(np.random.default_rng(0)), -10)
# RUN: _lq_stabilized_numba (np.random.default_rng(0).standard_normal((4, 4)), -11)
@njit  # pragma: no cover
def _lq_stabilized_numba(x, absorb=get_Us_VH, stabilized=True):
    if absorb == get_Us:
        absorb_t = get_sVH
    elif absorb == get_VH:
        absorb_t = get_U
    else:
        absorb_t = get_U_sVH
    Q, _, L = _qr_stabilized_numba(x.T, absorb=absorb_t, stabilized=stabilized)
    if absorb == get_Us:
        return L.T, None, None
    elif absorb == get_VH:
        return None, None, Q.T
    else:
        return L.T, None, Q.T

# === CASE _cholesky_regularized_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2325
# RUN: _cholesky_regularized_numba ((lambda a: a @ a.conj().T + np.eye(5))((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(2))),)
# RUN: _cholesky_regularized_numba ((lambda a: a @ a.T + np.eye(5))(np.random.default_rng(2).standard_normal((5, 5))), -12)
# RUN: _cholesky_regularized_numba ((lambda a: a @ a.T + np.eye(5))(np.random.default_rng(2).standard_normal((5, 5))), 12, 0.0)
@njit  # pragma: no cover
def _cholesky_regularized_numba(x, absorb=get_Usq_sqVH, shift=-1.0):
    x = _with_diag_shift_numba(x, shift=shift)
    L = np.linalg.cholesky(x)

    if absorb == get_Usq:
        return L, None, None
    if absorb == get_sqVH:
        return None, None, dag_numba(L)
    # absorb == get_Usq_sqVH
    return L, None, dag_numba(L)

# === CASE polar_right_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2694
# RUN: polar_right_numba ((lambda r: r.standard_normal((5, 3)) + 1j * r.standard_normal((5, 3)))(np.random.default_rng(0)),)
# RUN: polar_right_numba (np.random.default_rng(0).standard_normal((3, 3)),)
@polar_right.register("numpy")
@njit  # pragma: no cover
def polar_right_numba(x):
    W, s, VH = np.linalg.svd(x, full_matrices=0)
    U = W @ VH
    P = dag_numba(VH) @ ldmul_numba(s, VH)
    return U, None, P

# === CASE polar_left_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2724
# RUN: polar_left_numba ((lambda r: r.standard_normal((3, 5)) + 1j * r.standard_normal((3, 5)))(np.random.default_rng(0)),)
# RUN: polar_left_numba (np.random.default_rng(0).standard_normal((3, 3)),)
@polar_left.register("numpy")
@njit  # pragma: no cover
def polar_left_numba(x):
    W, s, VH = np.linalg.svd(x, full_matrices=0)
    U = W @ VH
    P = rdmul_numba(W, s) @ dag_numba(W)
    return P, None, U

# === CASE _similarity_compress_eigh_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2788
# RUN: _similarity_compress_eigh_numba ((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(0)), 3, True)
# RUN: _similarity_compress_eigh_numba (np.random.default_rng(0).standard_normal((5, 5)), 2, False)
@njit  # pragma: no cover
def _similarity_compress_eigh_numba(X, max_bond, renorm):
    XX = (X + dag_numba(X)) / 2
    el, ev = np.linalg.eigh(XX)
    sel = np.argsort(-np.abs(el))[:max_bond]
    Cl = ev[:, sel]
    Cr = dag_numba(Cl)
    if renorm:
        trace_old = np.trace(X)
        trace_new = np.trace(Cr @ (X @ Cl))
        Cl = Cl * trace_old / trace_new
    return Cl, Cr

# === CASE _similarity_compress_svd_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2824
# RUN: _similarity_compress_svd_numba ((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(0)), 3, True, False)
# RUN: _similarity_compress_svd_numba (np.random.default_rng(0).standard_normal((5, 5)), 2, False, True)
@njit  # pragma: no cover
def _similarity_compress_svd_numba(X, max_bond, renorm, asymm):
    U, _, VH = np.linalg.svd(X)
    U = U[:, :max_bond]
    Cl = U

    if asymm:
        VH = VH[:max_bond, :]
        Cr = dag_numba(U)
        Cl = dag_numba(VH)
    else:
        Cr = dag_numba(U)

    if renorm:
        trace_old = np.trace(X)
        trace_new = np.trace(Cr @ (X @ Cl))
        Cl = Cl * trace_old / trace_new
    return Cl, Cr

# === CASE _similarity_compress_biorthog_numba
# SOURCE: jcmgray/quimb quimb/tensor/decomp.py @ 97ceeae4861c, line 2868
# RUN: _similarity_compress_biorthog_numba ((lambda r: r.standard_normal((5, 5)) + 1j * r.standard_normal((5, 5)))(np.random.default_rng(0)), 3, True)
# RUN: _similarity_compress_biorthog_numba (np.random.default_rng(0).standard_normal((5, 5)), 2, False)
@njit  # pragma: no cover
def _similarity_compress_biorthog_numba(X, max_bond, renorm):
    U, _s, VH = np.linalg.svd(X)

    B = U[:, :max_bond]
    AH = VH[:max_bond, :]

    Uab, sab, VHab = np.linalg.svd(AH @ B)

    # smudge factor
    sab += 1e-12 * np.max(sab)
    sab **= -0.5

    sab_inv = sab.reshape((1, -1))
    P = Uab * sab_inv
    Q = dag_numba(VHab) * sab_inv

    Cl = B @ Q
    Cr = dag_numba(P) @ AH

    if renorm:
        trace_old = np.trace(X)
        trace_new = np.trace(Cr @ (X @ Cl))
        Cl = Cl * trace_old / trace_new

    return Cl, Cr
