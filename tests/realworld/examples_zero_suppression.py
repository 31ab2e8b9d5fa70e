# Real Numba code from numba/numba-examples examples/waveforms/zero_suppression/impl.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the numba_single_thread_ufunc section.
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np

# === CASE numba_zero_suppression
# SOURCE: numba/numba-examples examples/waveforms/zero_suppression/impl.py @ c423f5419a45, line 25
# RUN: numba_zero_suppression (np.random.default_rng(0).normal(0, 5, 100), 8.0)
@numba.vectorize(nopython=True)
def numba_zero_suppression(values, threshold):
    if np.abs(values) >= threshold:
        return values
    else:
        return 0.0
