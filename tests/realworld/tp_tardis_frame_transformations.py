# Real Numba code from tardis-sn/tardis tardis/transport/frame_transformations.py at commit 12051effb46803a7d1670b533dc97a8268e7552d
# (BSD-3-Clause, Copyright 2014 TARDIS Collaboration), copied unchanged: all its @njit functions, in order; the prelude holds the njit option
# dicts and the constant it imports from tardis.transport.montecarlo.
# Each case below is run by run.py as this prelude followed by the case alone.
import math

from numba import njit

# tardis/transport/montecarlo/__init__.py @ 1dc39827515d, lines 17-22 (the module imports these dicts):
njit_dict = {"fastmath": True, "error_model": "numpy", "parallel": True}
njit_dict_no_parallel = {
    "fastmath": True,
    "error_model": "numpy",
    "parallel": False,
}
# tardis/transport/montecarlo/configuration/constants.py @ 3af94bb36d97 (C_SPEED_OF_LIGHT and SIGMA_THOMSON are
# const.c.to("cm/s").value and const.sigma_T.to("cm^2").value there, tardis.constants being astropy.constants.astropyconst13;
# their values here):
C_SPEED_OF_LIGHT = 29979245800.0


# === CASE get_doppler_factor
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 15
# RUN: get_doppler_factor (1.0e15, 0.3, 1123200.0, False)
# RUN: get_doppler_factor (1.0e15, -0.7, 1123200.0, True)
@njit(**njit_dict_no_parallel)
def get_doppler_factor(r, mu, time_explosion, enable_full_relativity):
    inv_c = 1 / C_SPEED_OF_LIGHT
    inv_t = 1 / time_explosion
    beta = r * inv_t * inv_c
    if not enable_full_relativity:
        return get_doppler_factor_partial_relativity(mu, beta)
    else:
        return get_doppler_factor_full_relativity(mu, beta)

@njit(**njit_dict_no_parallel)
def get_doppler_factor_partial_relativity(mu, beta):
    return 1.0 - mu * beta

@njit(**njit_dict_no_parallel)
def get_doppler_factor_full_relativity(mu, beta):
    return (1.0 - mu * beta) / math.sqrt(1 - beta * beta)


# === CASE get_doppler_factor_nonhomologous
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 26
# RUN: get_doppler_factor_nonhomologous (1.2e9, 0.3, False)
# RUN: get_doppler_factor_nonhomologous (1.2e9, 0.3, True)
@njit(**njit_dict_no_parallel)
def get_doppler_factor_nonhomologous(v, mu, enable_full_relativity):
    inv_c = 1 / C_SPEED_OF_LIGHT
    beta = v * inv_c
    if not enable_full_relativity:
        return get_doppler_factor_partial_relativity(mu, beta)
    else:
        raise NotImplementedError(
            "Full relativity not implemented for non-homologous mode."
        )

@njit(**njit_dict_no_parallel)
def get_doppler_factor_partial_relativity(mu, beta):
    return 1.0 - mu * beta


# === CASE get_doppler_factor_partial_relativity
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 38
# RUN: get_doppler_factor_partial_relativity (0.3, 0.03)
@njit(**njit_dict_no_parallel)
def get_doppler_factor_partial_relativity(mu, beta):
    return 1.0 - mu * beta


# === CASE get_doppler_factor_full_relativity
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 43
# RUN: get_doppler_factor_full_relativity (0.3, 0.03)
@njit(**njit_dict_no_parallel)
def get_doppler_factor_full_relativity(mu, beta):
    return (1.0 - mu * beta) / math.sqrt(1 - beta * beta)


# === CASE get_inverse_doppler_factor
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 48
# RUN: get_inverse_doppler_factor (1.0e15, 0.3, 1123200.0, False)
# RUN: get_inverse_doppler_factor (1.0e15, -0.7, 1123200.0, True)
@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor(r, mu, time_explosion, enable_full_relativity):
    """
    Calculate doppler factor for frame transformation

    Parameters
    ----------
    r : float
    mu : float
    time_explosion : float
    """
    inv_c = 1 / C_SPEED_OF_LIGHT
    inv_t = 1 / time_explosion
    beta = r * inv_t * inv_c
    if not enable_full_relativity:
        return get_inverse_doppler_factor_partial_relativity(mu, beta)
    else:
        return get_inverse_doppler_factor_full_relativity(mu, beta)

@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_partial_relativity(mu, beta):
    return 1.0 / (1.0 - mu * beta)

@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_full_relativity(mu, beta):
    return (1.0 + mu * beta) / math.sqrt(1 - beta * beta)


# === CASE get_inverse_doppler_factor_nonhomologous
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 68
# RUN: get_inverse_doppler_factor_nonhomologous (1.2e9, 0.3, False)
# RUN: get_inverse_doppler_factor_nonhomologous (1.2e9, 0.3, True)
@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_nonhomologous(v, mu, enable_full_relativity):
    """
    Calculate doppler factor for frame transformation

    Parameters
    ----------
    v : float
    mu : float
    enable_full_relativity : bool
    """
    inv_c = 1 / C_SPEED_OF_LIGHT
    beta = v * inv_c
    if not enable_full_relativity:
        return get_inverse_doppler_factor_partial_relativity(mu, beta)
    else:
        raise NotImplementedError(
            "Full relativity not implemented for non-homologous mode."
        )

@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_partial_relativity(mu, beta):
    return 1.0 / (1.0 - mu * beta)


# === CASE get_inverse_doppler_factor_partial_relativity
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 89
# RUN: get_inverse_doppler_factor_partial_relativity (0.3, 0.03)
@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_partial_relativity(mu, beta):
    return 1.0 / (1.0 - mu * beta)


# === CASE get_inverse_doppler_factor_full_relativity
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 94
# RUN: get_inverse_doppler_factor_full_relativity (0.3, 0.03)
@njit(**njit_dict_no_parallel)
def get_inverse_doppler_factor_full_relativity(mu, beta):
    return (1.0 + mu * beta) / math.sqrt(1 - beta * beta)


# === CASE calc_packet_energy_full_relativity
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 99
# OUT-OF-SCOPE: r_packet is an RPacket, a @jitclass (tardis/transport/montecarlo/packets/radiative_packet.py)
@njit(**njit_dict_no_parallel)
def calc_packet_energy_full_relativity(r_packet):
    # accurate to 1 / gamma - according to C. Vogl
    return r_packet.energy


# === CASE calc_packet_energy
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 105
# OUT-OF-SCOPE: r_packet is an RPacket, a @jitclass (tardis/transport/montecarlo/packets/radiative_packet.py)
@njit(**njit_dict_no_parallel)
def calc_packet_energy(r_packet, distance_trace, time_explosion):
    doppler_factor = 1.0 - (
        (distance_trace + r_packet.mu * r_packet.r)
        / (time_explosion * C_SPEED_OF_LIGHT)
    )
    energy = r_packet.energy * doppler_factor
    return energy


# === CASE angle_aberration_CMF_to_LF
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 115
# OUT-OF-SCOPE: r_packet is an RPacket, a @jitclass (tardis/transport/montecarlo/packets/radiative_packet.py)
@njit(**njit_dict_no_parallel)
def angle_aberration_CMF_to_LF(r_packet, time_explosion, mu):
    """
    Converts angle aberration from comoving frame to
    laboratory frame.
    """
    ct = C_SPEED_OF_LIGHT * time_explosion
    beta = r_packet.r / (ct)
    return (mu + beta) / (1.0 + beta * mu)


# === CASE angle_aberration_LF_to_CMF
# SOURCE: tardis-sn/tardis tardis/transport/frame_transformations.py @ 12051effb468, line 126
# OUT-OF-SCOPE: r_packet is an RPacket, a @jitclass (tardis/transport/montecarlo/packets/radiative_packet.py)
@njit(**njit_dict_no_parallel)
def angle_aberration_LF_to_CMF(r_packet, time_explosion, mu):
    """

    c code:
    double beta = rpacket_get_r (packet) * storage->inverse_time_explosion * INVERSE_C;
    return (mu - beta) / (1.0 - beta * mu);
    """
    ct = C_SPEED_OF_LIGHT * time_explosion
    beta = r_packet.r / (ct)
    return (mu - beta) / (1.0 - beta * mu)
