# Real Numba code from rapidsai/cuspatial python/cuspatial/benchmarks/conftest.py at commit 2ea9d2b8d426064d1fe0a6f90bb869e27c8db8be
# (Apache-2.0, Copyright (c) 2022-2023, NVIDIA CORPORATION), copied unchanged: the kernel of the module (its pytest
# fixtures left out). Left out of the prelude: cupy, geopandas, pandas, pytest, shapely and cuspatial, which only the
# fixtures use.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

import numpy as np
from numba import cuda


# === CASE generate_polygon_coordinates
# SOURCE: rapidsai/cuspatial python/cuspatial/benchmarks/conftest.py @ 2ea9d2b8d426, line 193
# KERNEL: generate_polygon_coordinates void(float64[::1], float64[:, ::1], float64, int64)
# RUN: grid=1 block=64 args=np.zeros(42), np.random.default_rng(0).random((3, 2)), 1.0, 6
@cuda.jit
def generate_polygon_coordinates(
    coordinate_array, centroids, radius, num_vertices
):
    i = cuda.grid(1)
    if i >= coordinate_array.size:
        return

    point_idx = i // 2
    geometry_idx = point_idx // (num_vertices + 1)

    # The last index should wrap around to 0
    intra_point_idx = point_idx % (num_vertices + 1)

    centroid = centroids[geometry_idx]
    angle = 2 * np.pi * intra_point_idx / num_vertices

    if i % 2 == 0:
        coordinate_array[i] = centroid[0] + radius * np.cos(angle)
    else:
        coordinate_array[i] = centroid[1] + radius * np.sin(angle)
