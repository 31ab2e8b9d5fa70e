# Real Numba code from numba/numba-examples legacy/blur_image.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's kernels.
# Each case below is run by run.py as this prelude followed by the case alone.
from numpy import ones
import numpy
from numba import jit

# === CASE filter2d
# SOURCE: numba/numba-examples legacy/blur_image.py @ c423f5419a45, line 12
# RUN: filter2d (np.arange(100.0).reshape(10, 10), np.ones((3, 3)) / 9.0)
@jit(nopython=True)
def filter2d_core(image, filt, result):
    M, N = image.shape
    Mf, Nf = filt.shape
    Mf2 = Mf // 2
    Nf2 = Nf // 2
    for i in range(Mf2, M - Mf2):
        for j in range(Nf2, N - Nf2):
            num = 0
            for ii in range(Mf):
                for jj in range(Nf):
                    num += (filt[Mf-1-ii, Nf-1-jj] * image[i-Mf2+ii,j-Nf2+jj])
            result[i, j] = num

@jit(nopython=True)
def filter2d(image, filt):
    result = numpy.zeros_like(image)
    filter2d_core(image, filt, result)
    return result
