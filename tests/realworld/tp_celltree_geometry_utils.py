# Real Numba code from Deltares/numba_celltree numba_celltree/geometry_utils.py at commit f575202848c87efd27fc6fda79138daccf9303ca
# (MIT License, Copyright (c) Deltares), copied unchanged: the module's @nb.njit functions whose arguments are arrays
# and numbers, each with the module's helpers it calls. The prelude is the module's imports and, in place of
# `from numba_celltree.constants import (...)`, the body of numba_celltree/constants.py (the NamedTuple types Point,
# Vector, Box, Triangle and the constants), copied unchanged. Not cases, only helpers inside the cases that call them:
# the functions whose arguments are the NamedTuples Point/Vector/Box/Triangle (a RUN line cannot pass a NamedTuple to
# jitc call), and copy_vertices/copy_box_vertices, which return an array allocated on the stack by an @intrinsic
# (numba_celltree.utils.allocate_polygon): called from Python, Numba returns freed stack memory.
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


# === CASE as_point
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 28
# RUN: as_point np.array([1.5, -2.0])
@nb.njit(inline="always")
def as_point(a: FloatArray) -> Point:
    return Point(a[0], a[1])

# === CASE as_box
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 33
# RUN: as_box np.array([0.0, 1.0, 2.0, 3.0])
@nb.njit(inline="always")
def as_box(arr: FloatArray) -> Box:
    return Box(
        arr[0],
        arr[1],
        arr[2],
        arr[3],
    )

# === CASE as_triangle
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 43
# RUN: as_triangle (np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), np.array([0, 2, 3]))
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

# === CASE polygon_length
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 72
# RUN: polygon_length np.array([0, 1, 2, -1, -1])
# RUN: polygon_length np.array([0, 1, 2, 3, 4])
@nb.njit(inline="always")
def polygon_length(face: IntArray) -> int:
    # A minimal polygon is a triangle
    n = len(face)
    for i in range(3, n):
        if face[i] == FILL_VALUE:
            return i
    return n

# === CASE polygon_area
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 82
# RUN: polygon_area np.array([[0.0, 0.0], [2.0, 0.0], [2.0, 1.0], [0.0, 1.0]])
# RUN: polygon_area np.array([[0.0, 0.0], [3.0, 0.5], [2.5, 2.0], [1.0, 2.5], [-0.5, 1.0]])
@nb.njit(inline="always")
def to_vector(a: Point, b: Point) -> Vector:
    return Vector(b.x - a.x, b.y - a.y)

@nb.njit(inline="always")
def cross_product(u: Vector, v: Vector) -> float:
    return u.x * v.y - u.y * v.x

@nb.njit(inline="always")
def polygon_area(polygon: Sequence) -> float:
    length = len(polygon)
    area = 0.0
    a = Point(polygon[0][0], polygon[0][1])
    b = Point(polygon[1][0], polygon[1][1])
    U = to_vector(a, b)
    for i in range(2, length):
        c = Point(polygon[i][0], polygon[i][1])
        V = to_vector(c, a)
        area += abs(cross_product(U, V))
        b = c
        U = V
    return 0.5 * area

# === CASE points_in_triangles
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 273
# RUN: points_in_triangles (np.array([[0.6, 0.3], [0.2, 0.9], [1.5, 0.5], [3.0, 3.0], [0.5, 0.5], [1.0, 0.5]]), np.array([0, 1, 2, 0, 0, 2]), np.array([[0, 1, 2], [0, 2, 3], [1, 4, 2], [2, 5, 3]]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), 1e-9)
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
def length_squared(v: Vector) -> float:
    return v.x * v.x + v.y * v.y

@nb.njit(inline="always")
def within_perpendicular_distance(UxV: float, U: Vector, tolerance: float) -> bool:
    """
    Determine whether the perpendicular distance of an edge (vector U, from
    point a to b) to a point (p) is less than the tolerance. Let V be the vector
    of point a to p. The cross product is U x V.

    The cross product magnitude represents the area of the parallelogram
    formed by the vectors. Dividing by the vector length of U gives the
    perpendicular distance. This function avoids square roots and divisions.

    Note that this function does not answer whether a point lies close to an
    edge: point p collinear with a and b will have a perpendicular distance of
    0, but can very far away. If the point also lies within the bounds of the
    edge (see: in_bounds), it is indeed nearby.
    """
    return (UxV * UxV) < ((tolerance * length_squared(U)) * tolerance)

@nb.njit(inline="always")
def in_bounds(p: Point, a: Point, b: Point) -> bool:
    """
    Check whether point p falls within the bounding box created by a and b
    (after we've checked the size of the cross product). However, we must take
    into account that a line may be either vertical (dx=0) or horizontal (dy=0)
    and only evaluate the non-zero value. If the area created by p, a, b is
    tiny (see: within_perpendicular_distance) AND p is within the bounds of a
    and b, the point lies very close to the edge.

    This is a branchless implementation.
    """
    xmin = min(a.x, b.x)
    xmax = max(a.x, b.x)
    ymin = min(a.y, b.y)
    ymax = max(a.y, b.y)
    dx = xmax - xmin
    dy = ymax - ymin
    # Determine which bound to use based on which dimension is larger
    use_x_bound = abs(dx) >= abs(dy)
    # Combine results without branching
    return (use_x_bound and ((p.x >= xmin) and (p.x <= xmax))) or (
        not use_x_bound and ((p.y >= ymin) and (p.y <= ymax))
    )

@nb.njit(inline="always")
def point_in_triangle(p: Point, t: Triangle, tolerance: float) -> bool:
    ap = to_vector(t.a, p)
    bp = to_vector(t.b, p)
    cp = to_vector(t.c, p)
    ab = to_vector(t.a, t.b)
    bc = to_vector(t.b, t.c)
    ca = to_vector(t.c, t.a)
    # Do a half plane check.
    A = cross_product(ab, ap)
    B = cross_product(bc, bp)
    C = cross_product(ca, cp)
    signA = A > 0
    signB = B > 0
    signC = C > 0
    if (signA == signB) and (signB == signC):
        return True

    # Test whether p is located on/very close to edges.
    if (
        within_perpendicular_distance(A, ab, tolerance)
        and in_bounds(p, t.a, t.b)
        or within_perpendicular_distance(B, bc, tolerance)
        and in_bounds(p, t.b, t.c)
        or within_perpendicular_distance(C, ca, tolerance)
        and in_bounds(p, t.c, t.a)
    ):
        return True

    return False

@nb.njit(parallel=PARALLEL, cache=True)
def points_in_triangles(
    points: FloatArray,
    face_indices: IntArray,
    faces: IntArray,
    vertices: FloatArray,
    tolerance: float,
):
    n_points = len(points)
    inside = np.empty(n_points, dtype=np.bool_)
    for i in nb.prange(n_points):
        face_index = face_indices[i]
        face = faces[face_index]
        triangle = as_triangle(vertices, face)
        point = as_point(points[i])
        inside[i] = point_in_triangle(point, triangle, tolerance)
    return inside

# === CASE has_overlap
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 325
# RUN: has_overlap (0.0, 1.0, 0.5, 2.0, 1e-12)
# RUN: has_overlap (0.0, 1.0, 1.5, 2.0, 1e-12)
# RUN: has_overlap (0.0, 1.0, 1.0, 2.0, 1e-12)
@nb.njit(inline="always")
def has_overlap(a: float, b: float, p: float, q: float, tolerance: float) -> bool:
    return ((min(a, b) - max(p, q)) < tolerance) and (
        (min(p, q) - max(a, b)) < tolerance
    )

# === CASE bounding_box
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 421
# RUN: bounding_box (np.array([1, 4, 2, -1]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]))
# RUN: bounding_box (np.array([0, 1, 2, 3]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]))
@nb.njit(inline="always")
def bounding_box(
    polygon: IntArray, vertices: FloatArray
) -> Tuple[float, float, float, float]:
    max_n_verts = len(polygon)
    first_vertex = vertices[polygon[0]]
    xmin = xmax = first_vertex[0]
    ymin = ymax = first_vertex[1]
    for i in range(1, max_n_verts):
        index = polygon[i]
        if index == FILL_VALUE:
            break
        vertex = vertices[index]
        x = vertex[0]
        y = vertex[1]
        xmin = min(xmin, x)
        xmax = max(xmax, x)
        ymin = min(ymin, y)
        ymax = max(ymax, y)
    return (xmin, xmax, ymin, ymax)

# === CASE build_face_bboxes
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 443
# RUN: build_face_bboxes (np.array([[0, 1, 2, 3], [1, 4, 2, -1], [3, 2, 5, -1]]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]))
@nb.njit(inline="always")
def bounding_box(
    polygon: IntArray, vertices: FloatArray
) -> Tuple[float, float, float, float]:
    max_n_verts = len(polygon)
    first_vertex = vertices[polygon[0]]
    xmin = xmax = first_vertex[0]
    ymin = ymax = first_vertex[1]
    for i in range(1, max_n_verts):
        index = polygon[i]
        if index == FILL_VALUE:
            break
        vertex = vertices[index]
        x = vertex[0]
        y = vertex[1]
        xmin = min(xmin, x)
        xmax = max(xmax, x)
        ymin = min(ymin, y)
        ymax = max(ymax, y)
    return (xmin, xmax, ymin, ymax)

@nb.njit(cache=True)
def build_face_bboxes(
    faces: IntArray,
    vertices: FloatArray,
) -> FloatArray:
    # Make room for the bounding box of every polygon.
    n_polys = len(faces)
    bbox_coords = np.empty((n_polys, NDIM * 2), FloatDType)

    for i in nb.prange(n_polys):  # pylint: disable=not-an-iterable
        polygon = faces[i]
        bbox_coords[i] = bounding_box(polygon, vertices)

    return bbox_coords

# === CASE edge_bounding_box
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 459
# RUN: edge_bounding_box (np.array([0, 2]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), 1e-3)
# RUN: edge_bounding_box (np.array([3, 2]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), 1e-3)
@nb.njit(inline="always")
def edge_bounding_box(
    edge: IntArray, vertices: FloatArray, tolerance: float
) -> Tuple[float, float, float, float]:
    x0, y0 = vertices[edge[0]]
    x1, y1 = vertices[edge[1]]
    # Edges may be axis-aligned. Create a fictitious width in this case.
    xmin = min(x0 - tolerance, x1 - tolerance)
    xmax = max(x0 + tolerance, x1 + tolerance)
    ymin = min(y0 - tolerance, y1 - tolerance)
    ymax = max(y0 + tolerance, y1 + tolerance)
    return (xmin, xmax, ymin, ymax)

# === CASE build_edge_bboxes
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 473
# RUN: build_edge_bboxes (np.array([[0, 1], [1, 2], [2, 0], [2, 4], [3, 5]]), np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), 1e-3)
@nb.njit(inline="always")
def edge_bounding_box(
    edge: IntArray, vertices: FloatArray, tolerance: float
) -> Tuple[float, float, float, float]:
    x0, y0 = vertices[edge[0]]
    x1, y1 = vertices[edge[1]]
    # Edges may be axis-aligned. Create a fictitious width in this case.
    xmin = min(x0 - tolerance, x1 - tolerance)
    xmax = max(x0 + tolerance, x1 + tolerance)
    ymin = min(y0 - tolerance, y1 - tolerance)
    ymax = max(y0 + tolerance, y1 + tolerance)
    return (xmin, xmax, ymin, ymax)

@nb.njit(cache=True)
def build_edge_bboxes(
    edges: IntArray,
    vertices: FloatArray,
    tolerance: float,
) -> FloatArray:
    # Make room for the bounding box of every polygon.
    n_polys = len(edges)
    bbox_coords = np.empty((n_polys, NDIM * 2), FloatDType)

    for i in nb.prange(n_polys):  # pylint: disable=not-an-iterable
        edge = edges[i]
        bbox_coords[i] = edge_bounding_box(edge, vertices, tolerance)

    return bbox_coords

# === CASE copy_vertices_into
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 501
# RUN: copy_vertices_into (np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), np.array([1, 4, 2, -1]), np.zeros((6, 2)))
# RUN: copy_vertices_into (np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), np.array([0, 1, 2, 3]), np.zeros((6, 2)))
@nb.njit(inline="always")
def polygon_length(face: IntArray) -> int:
    # A minimal polygon is a triangle
    n = len(face)
    for i in range(3, n):
        if face[i] == FILL_VALUE:
            return i
    return n

@nb.njit(inline="always")
def copy_vertices_into(
    vertices: FloatArray, face: IntArray, out: FloatArray
) -> FloatArray:
    length = polygon_length(face)
    for i in range(length):
        v = vertices[face[i]]
        out[i, 0] = v[0]
        out[i, 1] = v[1]
    return out[:length]

# === CASE flip
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 532
# RUN: flip (np.array([0, 1, 2, 3, -1]), 4)
# RUN: flip (np.array([4, 5, 6]), 3)
@nb.njit(inline="always")
def flip(face: IntArray, length: int) -> None:
    end = length - 1
    for i in range(int(length / 2)):
        j = end - i
        face[i], face[j] = face[j], face[i]
    return

# === CASE counter_clockwise
# SOURCE: Deltares/numba_celltree numba_celltree/geometry_utils.py @ f575202848c8, line 541
# RUN: counter_clockwise (np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0], [2.0, 0.5], [0.5, 2.0]]), np.array([[0, 3, 2, 1], [1, 2, 4, -1], [3, 5, 2, -1], [0, 1, 2, -1]]))
@nb.njit(inline="always")
def to_vector(a: Point, b: Point) -> Vector:
    return Vector(b.x - a.x, b.y - a.y)

@nb.njit(inline="always")
def as_point(a: FloatArray) -> Point:
    return Point(a[0], a[1])

@nb.njit(inline="always")
def cross_product(u: Vector, v: Vector) -> float:
    return u.x * v.y - u.y * v.x

@nb.njit(inline="always")
def polygon_length(face: IntArray) -> int:
    # A minimal polygon is a triangle
    n = len(face)
    for i in range(3, n):
        if face[i] == FILL_VALUE:
            return i
    return n

@nb.njit(inline="always")
def flip(face: IntArray, length: int) -> None:
    end = length - 1
    for i in range(int(length / 2)):
        j = end - i
        face[i], face[j] = face[j], face[i]
    return

@nb.njit(parallel=PARALLEL, cache=True)
def counter_clockwise(vertices: FloatArray, faces: IntArray) -> None:
    n_face = len(faces)
    for i_face in nb.prange(n_face):
        face = faces[i_face]
        length = polygon_length(face)
        a = as_point(vertices[face[length - 2]])
        b = as_point(vertices[face[length - 1]])
        for i in range(length):
            c = as_point(vertices[face[i]])
            u = to_vector(a, b)
            v = to_vector(a, c)
            product = cross_product(u, v)
            if product == 0:
                a = b
                b = c
            elif product < 0:
                flip(face, length)
            else:
                break
    return
