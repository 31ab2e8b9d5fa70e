# Real Numba code from numba/numba-examples legacy/ra24.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import jit
import numpy as np
import math

# === CASE ra_numba
# SOURCE: numba/numba-examples legacy/ra24.py @ c423f5419a45, line 8
# RUN: ra_numba (100, np.deg2rad(np.linspace(-60.0, 60.0, 20)).reshape(4, 5))
@jit
def ra_numba(doy, lat):
    ra = np.zeros_like(lat)
    Gsc = 0.0820

    pi = math.pi

    dr = 1 + 0.033 * math.cos( 2 * pi / 365 * doy)
    decl = 0.409 * math.sin( 2 * pi / 365 * doy - 1.39 )
    tan_decl = math.tan(decl)
    cos_decl = math.cos(decl)
    sin_decl = math.sin(decl)

    for idx, latval in np.ndenumerate(lat):
        ws = math.acos(-math.tan(latval) * tan_decl)
        ra[idx] = 24 * 60 / pi * Gsc * dr * ( ws * math.sin(latval) * sin_decl + math.cos(latval) * cos_decl * math.sin(ws)) * 11.6

    return ra
