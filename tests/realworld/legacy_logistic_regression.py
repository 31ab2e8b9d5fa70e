# Real Numba code from numba/numba-examples legacy/logistic-regression/logistic_regression.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np

# === CASE logistic_regression
# SOURCE: numba/numba-examples legacy/logistic-regression/logistic_regression.py @ c423f5419a45, line 6
# RUN: logistic_regression (np.random.default_rng(0).random(50), np.random.default_rng(1).random((50, 3)), np.zeros(3), 5)
run_parallel = numba.config.NUMBA_NUM_THREADS > 1

@numba.njit(parallel=run_parallel, fastmath=True)
def logistic_regression(Y, X, w, iterations):
    for i in range(iterations):
        w -= np.dot(((1.0 / (1.0 + np.exp(-Y * np.dot(X, w))) - 1.0) * Y), X)
    return w
