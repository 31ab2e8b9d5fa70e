# Real Numba code from numba/numba-examples legacy/blackscholes/blackscholes_pa.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels and the line before them.
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np
import math

# === CASE blackscholes
# SOURCE: numba/numba-examples legacy/blackscholes/blackscholes_pa.py @ c423f5419a45, line 12
# RUN: blackscholes (np.full(10, 42.0), 40 + (np.arange(10) + 1.0) / 10, np.full(10, 0.5), np.full(10, 0.2), np.full(10, 0.5))
run_parallel = numba.config.NUMBA_NUM_THREADS > 1

@numba.vectorize(nopython=True)
def cndf2(inp):
    out = 0.5 + 0.5 * math.erf((math.sqrt(2.0)/2.0) * inp)
    return out

@numba.njit(parallel=run_parallel,fastmath=True)
def blackscholes(sptprice, strike, rate, volatility, timev):
    logterm = np.log(sptprice / strike)
    powterm = 0.5 * volatility * volatility
    den = volatility * np.sqrt(timev)
    d1 = (((rate + powterm) * timev) + logterm) / den
    d2 = d1 - den
    NofXd1 = cndf2(d1)
    NofXd2 = cndf2(d2)
    futureValue = strike * np.exp(- rate * timev)
    c1 = futureValue * NofXd2
    call = sptprice * NofXd1 - c1
    put  = call - futureValue + sptprice
    return put
