# Real Numba code from rapidsai/cuxfilter python/cuxfilter/charts/datashader/custom_extensions/graph_assets.py at commit fc8aab2033fabcc4117272a0a4ca84029fe365eb
# (Apache-2.0, Copyright (c) 2020-2025, NVIDIA CORPORATION), copied unchanged: the two kernels of the module, in order,
# with the device functions they call. `cp.nan` is read inside the kernels, so the prelude keeps `import cupy as cp`;
# left out: cudf, dask_cudf and the cuxfilter imports, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

import cupy as cp
from numba import cuda
from math import sqrt, ceil


# === CASE compute_curves
# SOURCE: rapidsai/cuxfilter python/cuxfilter/charts/datashader/custom_extensions/graph_assets.py @ fc8aab2033fa, line 112
# KERNEL: compute_curves void(float64[:, ::1], float32[:, ::1], float32[:, :, ::1], float64[::1])
# RUN: grid=1 block=4 args=np.random.default_rng(0).uniform(0.0, 10.0, (6, 5)), np.random.default_rng(1).uniform(0.0, 10.0, (6, 2)).astype(np.float32), np.zeros((6, 3, 9), dtype=np.float32), np.linspace(0.0, 1.0, 8)
@cuda.jit(device=True)
def bezier(start, end, control_point, steps, result):
    for i in range(steps.shape[0]):
        result[i] = (
            start * (1 - steps[i]) ** 2
            + 2 * (1 - steps[i]) * steps[i] * control_point
            + end * steps[i] ** 2
        )

@cuda.jit(device=True)
def add_aggregate_col(aggregate_col, steps, result):
    for i in range(steps.shape[0]):
        result[i] = aggregate_col

@cuda.jit
def compute_curves(nodes, control_points, result, steps):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)

    for i in range(start, nodes.shape[0], stride):
        v1_x = nodes[i, 0]
        v1_y = nodes[i, 1]
        v2_x = nodes[i, 2]
        v2_y = nodes[i, 3]

        bezier(v1_x, v2_x, control_points[i, 0], steps, result[i, 0])
        result[i, 0, -1] = cp.nan
        bezier(v1_y, v2_y, control_points[i, 1], steps, result[i, 1])
        result[i, 1, -1] = cp.nan
        if nodes.shape[1] == 5:
            add_aggregate_col(nodes[i, 4], steps, result[i, 2])


# === CASE connect_edges
# SOURCE: rapidsai/cuxfilter python/cuxfilter/charts/datashader/custom_extensions/graph_assets.py @ fc8aab2033fa, line 232
# KERNEL: connect_edges void(float64[:, ::1], float64[:, :, ::1])
# RUN: grid=1 block=4 args=np.random.default_rng(0).uniform(0.0, 10.0, (6, 5)), np.zeros((6, 3, 3))
@cuda.jit
def connect_edges(edges, result):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for i in range(start, edges.shape[0], stride):
        result[i, 0, 0] = edges[i, 0]
        result[i, 0, 1] = edges[i, 2]
        result[i, 0, 2] = cp.nan
        result[i, 1, 0] = edges[i, 1]
        result[i, 1, 1] = edges[i, 3]
        result[i, 1, 2] = cp.nan
        if edges.shape[1] == 5:
            result[i, 2, 0] = edges[i, 4]
            result[i, 2, 1] = edges[i, 4]
            result[i, 2, 2] = cp.nan
