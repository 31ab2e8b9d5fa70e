# Real Numba code from numba/numba-examples legacy/k-means/k-means_numba.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernel.
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit
import numpy as np
from math import sqrt

# === CASE kmeans
# SOURCE: numba/numba-examples legacy/k-means/k-means_numba.py @ c423f5419a45, line 12
# RUN: kmeans (np.random.default_rng(0).random((100, 4)), 3, 2, 100, 4, np.random.default_rng(1).random((3, 4)))
@njit
def kmeans(A, numCenter, numIter, N, D, init_centroids):
    centroids = init_centroids

    for l in range(numIter):
        dist = np.array([[sqrt(np.sum((A[i,:]-centroids[j,:])**2))
                                for j in range(numCenter)] for i in range(N)])
        labels = np.array([dist[i,:].argmin() for i in range(N)])

        centroids = np.array([[np.sum(A[labels==i, j])/np.sum(labels==i)
                                 for j in range(D)] for i in range(numCenter)])

    return centroids
