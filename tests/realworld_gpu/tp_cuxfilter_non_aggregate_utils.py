# Real Numba code from rapidsai/cuxfilter python/cuxfilter/charts/core/non_aggregate/utils.py at commit fc8aab2033fabcc4117272a0a4ca84029fe365eb
# (Apache-2.0, Copyright (c) 2023-2025, NVIDIA CORPORATION), copied unchanged: the kernel of the module with its device
# function. Left out of the prelude: NumbaPerformanceWarning, cupy, cudf and warnings, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

from numba import cuda


# === CASE point_in_polygon_kernel
# SOURCE: rapidsai/cuxfilter python/cuxfilter/charts/core/non_aggregate/utils.py @ fc8aab2033fa, line 61
# KERNEL: point_in_polygon_kernel void(float64[::1], float64[::1], int64, boolean[::1])
# RUN: grid=2 block=64 args=np.stack(np.meshgrid(np.linspace(-1.2, 1.2, 10), np.linspace(-1.2, 1.2, 10)), -1).ravel(), np.array([0.0, 1.0, 0.3, 0.3, 1.0, 0.2, 0.4, -0.3, 0.6, -1.0, 0.0, -0.5, -0.6, -1.0, -0.4, -0.3, -1.0, 0.2, -0.3, 0.3]), 10, np.zeros(100, dtype=np.bool_)
@cuda.jit(device=True)
def point_in_polygon_ray_cast(px, py, polygon_xy, num_vertices):
    """
    Check if a single point (px, py) is inside a polygon using ray casting.

    This is a device function intended to be called from a CUDA kernel.

    Parameters
    ----------
    px : float
        X-coordinate of the point.
    py : float
        Y-coordinate of the point.
    polygon_xy : cupy.ndarray
        Flat array of polygon vertices, interleaved [x0, y0, x1, y1, ...].
    num_vertices : int
        Number of vertices in the polygon.

    Returns
    -------
    bool
        True if the point is inside the polygon, False otherwise.
    """
    intersections = 0
    for j in range(num_vertices):
        vjx = polygon_xy[2 * j]
        vjy = polygon_xy[2 * j + 1]
        # Get next vertex, wrapping around
        j_plus_1 = (j + 1) % num_vertices
        vj1x = polygon_xy[2 * j_plus_1]
        vj1y = polygon_xy[2 * j_plus_1 + 1]

        # Check if the horizontal ray crosses the edge (vj, vj1)
        # Condition 1: Is the point's y-coordinate within the edge's y-range?
        if (vjy <= py < vj1y) or (vj1y <= py < vjy):
            # Condition 2: Is the edge not horizontal?
            if vjy != vj1y:
                # Calculate the x-coordinate of the intersection
                x_intersection = vjx + (py - vjy) * (vj1x - vjx) / (vj1y - vjy)
                # Condition 3: Is the intersection point to the right of
                # the point?
                if px < x_intersection:
                    intersections += 1

    # Point is inside if the number of intersections is odd
    return intersections % 2 == 1

@cuda.jit
def point_in_polygon_kernel(points_xy, polygon_xy, num_vertices, out):
    """
    CUDA kernel to check an array of points against a single polygon.

    Each thread checks one point.

    Parameters
    ----------
    points_xy : cupy.ndarray
        Flat array of point coordinates, interleaved [px0, py0, px1, py1, ...].
    polygon_xy : cupy.ndarray
        Flat array of polygon vertices, interleaved [vx0, vy0, vx1, vy1, ...].
    num_vertices : int
        Number of vertices in the polygon.
    out : cupy.ndarray
        Output boolean array. out[i] is True if points_xy[2*i:2*i+2] is
        inside the polygon.
    """
    i = cuda.grid(1)  # Global thread index

    # Check if index is within bounds (number of points)
    if i < points_xy.shape[0] // 2:
        px = points_xy[2 * i]
        py = points_xy[2 * i + 1]

        # Call the device function for the actual check
        out[i] = point_in_polygon_ray_cast(px, py, polygon_xy, num_vertices)
