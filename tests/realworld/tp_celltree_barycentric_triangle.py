# Real Numba code from Deltares/numba_celltree numba_celltree/algorithms/barycentric_triangle.py at commit f575202848c87efd27fc6fda79138daccf9303ca
# (MIT License, Copyright (c) Deltares), copied unchanged: the module's @nb.njit driver (compute_weights takes a Triangle and a Point, NamedTuples a RUN line cannot pass: it is a helper inside the case).
# In place of the package's own imports (`from numba_celltree.constants import ...`, `...geometry_utils import ...`,
# `...utils import ...`), the prelude holds the body of numba_celltree/constants.py (NamedTuple types and constants)
# and the cases hold the helpers they call from numba_celltree/geometry_utils.py and numba_celltree/utils.py, all
# copied unchanged from the same commit.
# Each case below is run by run.py as this prelude followed by the case alone.
from typing import Sequence, Tuple

import numba as nb
import numpy as np

from typing import NamedTuple

import numpy as np

IntDType = np.intp
FloatDType = np.float64
BoolArray = np.ndarray
IntArray = np.ndarray
FloatArray = np.ndarray
BucketArray = np.ndarray
NodeArray = np.ndarray


class Point(NamedTuple):
    x: float
    y: float


class Vector(NamedTuple):
    x: float
    y: float


class Interval(NamedTuple):
    xmin: float
    xmax: float


class Box(NamedTuple):
    xmin: float
    xmax: float
    ymin: float
    ymax: float


class Triangle(NamedTuple):
    a: Point
    b: Point
    c: Point


class Node(NamedTuple):
    child: IntDType
    Lmax: FloatDType
    Rmin: FloatDType
    ptr: IntDType
    size: IntDType
    dim: bool


class Bucket(NamedTuple):
    Max: FloatDType
    Min: FloatDType
    Rmin: FloatDType
    Lmax: FloatDType
    index: IntDType
    size: IntDType


class CellTreeData(NamedTuple):
    elements: IntArray
    vertices: FloatArray
    nodes: NodeArray
    bb_indices: IntArray
    bb_coords: FloatArray
    bbox: FloatArray
    cells_per_leaf: int


NodeDType = np.dtype(
    [
        # Index of left child. Right child is child + 1.
        ("child", IntDType),
        # Range of the bounding boxes inside of the node.
        ("Lmax", FloatDType),
        ("Rmin", FloatDType),
        # Index into the bounding box index array, bb_indices.
        ("ptr", IntDType),
        # Number of bounding boxes in this node.
        ("size", IntDType),
        # False = 0 = x, True = 1 = y.
        ("dim", bool),
    ]
)


BucketDType = np.dtype(
    [
        # Range of the bucket.
        ("Max", FloatDType),
        ("Min", FloatDType),
        # Range of the bounding boxes inside the bucket.
        ("Rmin", FloatDType),
        ("Lmax", FloatDType),
        # Index into the bounding box index array, bb_indices.
        ("index", IntDType),
        # Number of bounding boxes in this bucket.
        ("size", IntDType),
    ]
)

# Numba can parallellize for loops with a single keyword.
PARALLEL = True
# By default, Numba will allocate all arrays on the heap. For small (statically
# sized) arrays, this creates a large overhead. This enables stack allocated
# arrays rather than "regular" heap allocated numpy arrays. See allocate
# functions in utils.py.
STACK_ALLOCATE_STATIC_ARRAYS = True
# 2D is still rather hard-baked in, so changing this alone to 3 will NOT
# suffice to generalize it to a 3D CellTree.
NDIM = 2
MAX_N_VERTEX = 32
FILL_VALUE = -1
# Recursion in numba is somewhat slow (in case of querying), or unsupported for
# AOT-compilation when creating. We can avoid recursing by manually maintaining
# a stack, and pushing and popping. To estimate worst case, let's assume every
# leaf (node) of the tree contains only a single cell. Then the number of cells
# that can be included is given by 2 ** (depth of stack - 1).
# (int(math.ceil(math.log(MAX_N_FACE, 2))) + 1)
# This is only true for relatively balanced trees. MAX_N_FACE = int(2e9)
# results in required stack of 32.
INITIAL_STACK_LENGTH = 32
# Floating point slack
MIN_TOLERANCE = 1e-15
TOLERANCE_FACTOR = 1e-12

FLOAT_MIN = np.finfo(FloatDType).min
FLOAT_MAX = np.finfo(FloatDType).max
INT_MAX = np.iinfo(IntDType).max


# === CASE barycentric_triangle_weights
# SOURCE: Deltares/numba_celltree numba_celltree/algorithms/barycentric_triangle.py @ f575202848c8, line 46
# RUN: barycentric_triangle_weights (np.array([[0.6, 0.3], [0.2, 0.9], [1.5, 0.5], [0.5, 0.5], [0.9, 1.5]]), np.array([0, 1, 2, -1, 3]), np.array([[0, 1, 2], [0, 2, 3], [1, 4, 2], [2, 5, 3]]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), 1e-9)
@nb.njit(inline="always")
def to_vector(a: Point, b: Point) -> Vector:
    return Vector(b.x - a.x, b.y - a.y)

@nb.njit(inline="always")
def as_point(a: FloatArray) -> Point:
    return Point(a[0], a[1])

@nb.njit(inline="always")
def as_triangle(vertices: FloatArray, face: IntArray) -> Triangle:
    return Triangle(
        as_point(vertices[face[0]]),
        as_point(vertices[face[1]]),
        as_point(vertices[face[2]]),
    )

@nb.njit(inline="always")
def cross_product(u: Vector, v: Vector) -> float:
    return u.x * v.y - u.y * v.x

@nb.njit(inline="always")
def compute_weights(triangle: Triangle, p: Point, weights: FloatArray):
    ab = to_vector(triangle.a, triangle.b)
    ac = to_vector(triangle.a, triangle.c)
    ap = to_vector(triangle.a, p)
    Aa = abs(cross_product(ab, ap))
    Ac = abs(cross_product(ac, ap))
    A = abs(cross_product(ab, ac))
    inv_denom = 1.0 / A
    w = inv_denom * Aa
    v = inv_denom * Ac
    u = 1.0 - v - w
    weights[0] = u
    weights[1] = v
    weights[2] = w
    return

@nb.njit(parallel=PARALLEL, cache=True)
def barycentric_triangle_weights(
    points: FloatArray,
    face_indices: IntArray,
    faces: IntArray,
    vertices: FloatArray,
    tolerance: float,
) -> FloatArray:
    n_points = len(points)
    weights = np.zeros((n_points, 3), dtype=FloatDType)
    for i in nb.prange(n_points):
        face_index = face_indices[i]
        if face_index == -1:
            continue
        face = faces[face_index]
        triangle = as_triangle(vertices, face)
        point = as_point(points[i])
        compute_weights(triangle, point, weights[i])
    return weights
