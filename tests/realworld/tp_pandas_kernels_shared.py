# Real Numba code from pandas-dev/pandas pandas/core/_numba/kernels/shared.py at commit 3dcc6fbbbebc5e85dd3e83fe49b382ca7735cae1
# (the v3.1.1 release; its files as the PyPI wheel pandas-3.1.1 ships them, whose pandas/_version_meson.py names this commit)
# (BSD-3-Clause, Copyright (c) 2008-2011, AQR Capital Management, LLC, Lambda Foundry, Inc. and PyData Development Team; Copyright (c) 2011-2026, Open source contributors),
# copied unchanged: the module's jitted function.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

from typing import TYPE_CHECKING

import numba

if TYPE_CHECKING:
    import numpy as np

# === CASE is_monotonic_increasing
# SOURCE: pandas-dev/pandas pandas/core/_numba/kernels/shared.py @ 3dcc6fbbbebc, line 11
# RUN: is_monotonic_increasing np.maximum(np.arange(20) - 2, 0)
# RUN: is_monotonic_increasing np.array([0, 0, 1, 3, 2, 4, 6, 5, 8, 8])
# RUN: is_monotonic_increasing np.array([5])
@numba.jit(
    numba.boolean(numba.int64[:]),
    nogil=True,
    parallel=False,
)
def is_monotonic_increasing(bounds: np.ndarray) -> bool:
    """Check if int64 values are monotonically increasing."""
    n = len(bounds)
    if n < 2:
        return True
    prev = bounds[0]
    for i in range(1, n):
        cur = bounds[i]
        if cur < prev:
            return False
        prev = cur
    return True
