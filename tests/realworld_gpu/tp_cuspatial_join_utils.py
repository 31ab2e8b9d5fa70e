# Real Numba code from rapidsai/cuspatial python/cuspatial/cuspatial/utils/join_utils.py at commit 2ea9d2b8d426064d1fe0a6f90bb869e27c8db8be
# (Apache-2.0, Copyright (c) 2023-2024, NVIDIA CORPORATION), copied unchanged: the kernel of the module (the same
# kernel was in cuspatial/utils/gis_utils.py since 0.10). Left out of the prelude: cupy, rmm and cudf, which only the
# host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

import operator

from numba import cuda


# === CASE binarize
# SOURCE: rapidsai/cuspatial python/cuspatial/cuspatial/utils/join_utils.py @ 2ea9d2b8d426, line 12
# KERNEL: binarize void(int32[::1], int8[:, ::1], int64)
# RUN: grid=1 block=64 args=np.arange(0, 200, 10, dtype=np.int32) + 3, np.zeros((20, 8), dtype=np.int8), 8
@cuda.jit
def binarize(in_col, out, width):
    """Convert any positive integer to a binary array."""
    i = cuda.grid(1)
    if i < in_col.size:
        n = in_col[i]
        idx = width - 1

        out[i, idx] = operator.mod(n, 2)
        idx -= 1

        while n > 1:
            n = operator.rshift(n, 1)
            out[i, idx] = operator.mod(n, 2)
            idx -= 1
