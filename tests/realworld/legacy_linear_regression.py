# Real Numba code from numba/numba-examples legacy/linear_regression/linear_regression_numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
import numba
import numpy as np

# === CASE linear_regression
# SOURCE: numba/numba-examples legacy/linear_regression/linear_regression_numba.py @ c423f5419a45, line 11
# RUN: linear_regression (np.random.default_rng(0).random((50, 2)), np.random.default_rng(1).random((50, 3)), np.zeros((3, 2)), 5, 0.01 / 50)
@numba.njit()
def linear_regression(Y, X, w, iterations, alphaN):
    for i in range(iterations):
        w -= alphaN * np.dot(X.T, np.dot(X,w)-Y)
    return w
