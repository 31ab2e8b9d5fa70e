# Real Numba code from aeon-toolkit/aeon aeon/distances/elastic/_msm.py at commit a101ddc8b35a65441609b45c9bcce5aeafa0c131
# (BSD-3-Clause, Copyright (c) The aeon developers, Copyright (c) 2022 The sktime developers), copied unchanged: all its @njit functions, in order; the prelude holds the helpers it imports from
# aeon/distances/elastic/_alignment_paths.py, aeon/distances/elastic/_bounding_matrix.py (with the functions it calls) and
# aeon/distances/pointwise/_squared.py (same commit). NumbaList arguments are passed as 3-D arrays (a collection of
# equal-length series, indexed the same way).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, prange
from numba.typed import List as NumbaList

import math


# aeon/distances/elastic/_alignment_paths.py, line 9:
@njit(cache=True, fastmath=True)
def compute_min_return_path(cost_matrix: np.ndarray) -> list[tuple]:
    """Compute the minimum return path through a cost matrix.

    Parameters
    ----------
    cost_matrix : np.ndarray, of shape (n_timepoints_x, n_timepoints_y)
        Cost matrix.

    Returns
    -------
    List[Tuple]
        List of indices that make up the minimum return path.
    """
    x_size, y_size = cost_matrix.shape
    i, j = x_size - 1, y_size - 1
    alignment = []

    while i > 0 or j > 0:
        alignment.append((i, j))

        if i == 0:
            j -= 1
        elif j == 0:
            i -= 1
        else:
            min_index = np.argmin(
                np.array(
                    [
                        cost_matrix[i - 1, j - 1],
                        cost_matrix[i - 1, j],
                        cost_matrix[i, j - 1],
                    ]
                )
            )

            if min_index == 0:
                i, j = i - 1, j - 1
            elif min_index == 1:
                i -= 1
            else:
                j -= 1

    alignment.append((0, 0))
    return alignment[::-1]


# aeon/distances/elastic/_bounding_matrix.py, line 9:
@njit(cache=True)
def create_bounding_matrix(
    x_size: int,
    y_size: int,
    window: float | None = None,
    itakura_max_slope: float | None = None,
):
    """Create a bounding matrix for an elastic distance.

    Parameters
    ----------
    x_size : int
        Size of the first time series.
    y_size : int
        Size of the second time series.
    window : float, default=None
        Window size as a percentage of the smallest time series.
        If None, the bounding matrix will be full.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.
        Itakura parallelogram does not support unequal length time series.

    Returns
    -------
    np.ndarray of shape (x_size, y_size)
        Bounding matrix where values in bound are True and values out of bounds are
        False.

    Examples
    --------
    >>> create_bounding_matrix(8, 8, window=0.5)
    array([[ True,  True,  True,  True,  True, False, False, False],
           [ True,  True,  True,  True,  True,  True, False, False],
           [ True,  True,  True,  True,  True,  True,  True, False],
           [ True,  True,  True,  True,  True,  True,  True,  True],
           [ True,  True,  True,  True,  True,  True,  True,  True],
           [False,  True,  True,  True,  True,  True,  True,  True],
           [False, False,  True,  True,  True,  True,  True,  True],
           [False, False, False,  True,  True,  True,  True,  True]])
    """
    if itakura_max_slope is not None:
        if itakura_max_slope < 0 or itakura_max_slope > 1:
            raise ValueError("itakura_max_slope must be between 0 and 1")
        return _itakura_parallelogram(x_size, y_size, itakura_max_slope)
    if window is not None and window != 1.0:
        if window < 0 or window > 1:
            raise ValueError("window must be between 0 and 1")
        return _sakoe_chiba_bounding(x_size, y_size, window)
    return np.full((x_size, y_size), True)


# aeon/distances/elastic/_bounding_matrix.py, line 61:
@njit(cache=True)
def _itakura_parallelogram(x_size: int, y_size: int, max_slope_percent: float):
    """Itakura parallelogram bounding matrix.

    This code was adapted from the tslearn and pyts functions.

    pyts code:
    https://pyts.readthedocs.io/en/latest/_modules/pyts/metrics/dtw.html#itakura_parallelogram
    Copyright (c) 2018, Johann Faouzi and pyts contributors, BSD-3
    tslearn code (line 974):
    https://github.com/tslearn-team/tslearn/blob/main/tslearn/metrics/dtw_variants.py
    Copyright (c) 2017, Romain Tavenard, BSD-2
    """
    one_percent = min(x_size, y_size) / 100
    max_slope = math.floor((max_slope_percent * one_percent) * 100)
    min_slope = 1 / float(max_slope)
    max_slope *= float(y_size - 1) / float(x_size - 2)
    max_slope = max(max_slope, 1.0)

    min_slope *= float(y_size - 2) / float(x_size - 1)
    min_slope = min(min_slope, 1.0)

    centered_scale = np.arange(x_size) - x_size + 1

    lower_bound = np.empty(x_size, dtype=np.float64)
    upper_bound = np.empty(x_size, dtype=np.float64)

    for i in range(x_size):
        lb0 = min_slope * i
        lb1 = max_slope * centered_scale[i] + y_size - 1
        lower_bound[i] = math.ceil(max(round(lb0, 2), round(lb1, 2)))

        ub0 = max_slope * i + 1
        ub1 = min_slope * centered_scale[i] + y_size
        upper_bound[i] = math.floor(min(round(ub0, 2), round(ub1, 2)))

    if max_slope == 1.0:
        if y_size > x_size:
            for i in range(x_size - 1):
                upper_bound[i] = lower_bound[i + 1]
        else:
            for i in range(x_size):
                upper_bound[i] = lower_bound[i] + 1

    for i in range(x_size):
        if lower_bound[i] < 0:
            lower_bound[i] = 0
        if lower_bound[i] > y_size:
            lower_bound[i] = y_size
        if upper_bound[i] < 0:
            upper_bound[i] = 0
        if upper_bound[i] > y_size:
            upper_bound[i] = y_size

    bounding_matrix = np.empty((x_size, y_size), dtype=np.bool_)
    for i in range(x_size):
        for j in range(y_size):
            bounding_matrix[i, j] = False

    for i in range(x_size):
        start = int(lower_bound[i])
        end = int(upper_bound[i])
        for j in range(start, end):
            bounding_matrix[i, j] = True

    return bounding_matrix


# aeon/distances/elastic/_bounding_matrix.py, line 275:
@njit(cache=True)
def _sakoe_chiba_bounding(
    x_size: int, y_size: int, radius_percent: float
) -> np.ndarray:

    if x_size > y_size:
        return _sakoe_chiba_bounding(y_size, x_size, radius_percent).T

    matrix = np.full((x_size, y_size), False)  # Create a matrix filled with False

    max_size = max(x_size, y_size) + 1

    shortest_dimension = min(x_size, y_size)
    thickness = int(radius_percent * shortest_dimension)
    for step in range(max_size):
        x_index = math.floor((step / max_size) * x_size)
        y_index = math.floor((step / max_size) * y_size)

        upper = max(0, (x_index - thickness))
        lower = min(x_size, (x_index + thickness + 1))

        matrix[upper:lower, y_index] = True

    return matrix


# aeon/distances/pointwise/_squared.py, line 66:
@njit(cache=True, fastmath=True)
def _univariate_squared_distance(x: np.ndarray, y: np.ndarray) -> float:
    distance = 0.0
    min_length = min(x.shape[0], y.shape[0])
    for i in range(min_length):
        difference = x[i] - y[i]
        distance += difference * difference
    return distance


# === CASE msm_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 18
# RUN: msm_distance (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: msm_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.2, False, 0.5)
# RUN: msm_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 0.3, True, 1.0, 0.5)
@njit(cache=True, fastmath=True)
def msm_distance(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    independent: bool = True,
    c: float = 1.0,
    itakura_max_slope: float | None = None,
) -> float:
    r"""Compute the MSM distance between two time series.

    Move-Split-Merge (MSM) [1]_ is a distance method that is conceptually similar to
    other edit distance-based approaches, where similarity is calculated by using a
    set of operations to transform one series into another. Each operation has an
    associated cost, and three operations are defined for MSM: move, split, and merge.
    Move is called match in other distance function terminology and split and
    merge are equivalent to insert and delete.

    For two series, possibly of unequal length, :math:`\mathbf{x}=\{x_1,x_2,\ldots,
    x_n\}` and :math:`\mathbf{y}=\{y_1,y_2, \ldots,y_m\}` MSM works by iterating over
    series lengths :math:`i = 1 \ldots n` and :math:`j = 1 \ldote m` to find the cost
    matrix $D$ as follows.

    .. math::
        move  &= D_{i-1,j-1}+d({x_{i},y_{j}}) \\
        split &= D_{i-1,j}+cost(y_j,y_{j-1},x_i,c) \\
        merge &= D_{i,j-1}+cost(x_i,x_{i-1},y_j,c) \\
        D_{i,j} &= min(move, split, merge)

    Where :math:`D_{0,j}` and :math:`D_{i,0}` are initialised to a constant value,
    and $c$ is a parameter that represents the cost of moving off the diagonal.
    The pointwise distance function $d$ is the absolute difference rather than the
    squared distance.

    $cost$ is the cost function that calculates the cost of inserting and deleting
    values. Crucially, the cost depends on the current and adjacent values,
    rather than treating all insertions and deletions equally (for example,
    as in ERP).

    .. math::
        cost(x,y,z,c) &= c & if\;\; & y \leq x \leq z \\
                      &= c & if\;\; & y \geq x \geq z \\
                      &= c+min(|x-y|,|x-z|) & & otherwise \\

    If :math:`\mathbf{x}` and :math:`\mathbf{y$}` are multivariate, then there are two
    ways of calculating the MSM distance. The independent approach is to find the
    distance for each channel independently, then return the sum. The dependent
    approach adopts the adaptation
    described in [2]_ for computing the pointwise MSM distance over channels.
    MSM satisfies triangular inequality and is a metric.

    Parameters
    ----------
    x : np.ndarray
        First time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    y : np.ndarray
        Second time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    window : float, default=None
        The window to use for the bounding matrix. If None, no bounding matrix
        is used.
    independent : bool, default=True
        Whether to use the independent or dependent MSM distance. The
        default is True (to use independent).
    c : float, default=1.
        Cost for split or merge operation. Default is 1.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    float
        MSM distance between x and y.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    References
    ----------
    .. [1] Stefan A., Athitsos V., Das G.: The Move-Split-Merge metric for time
    series. IEEE Transactions on Knowledge and Data Engineering 25(6), 2013.

    .. [2] A. Shifaz, C. Pelletier, F. Petitjean, G. Webb: Elastic similarity and
    distance methods for multivariate time series. Knowl. Inf. Syst. 65(6), 2023.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import msm_distance
    >>> x = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> y = np.array([[11, 12, 13, 14, 15, 16, 17, 18, 19, 20]])
    >>> dist = msm_distance(x, y)
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        bounding_matrix = create_bounding_matrix(
            _x.shape[1], _y.shape[1], window, itakura_max_slope
        )
        return _msm_distance(_x, _y, bounding_matrix, independent, c)
    if x.ndim == 2 and y.ndim == 2:
        bounding_matrix = create_bounding_matrix(
            x.shape[1], y.shape[1], window, itakura_max_slope
        )
        return _msm_distance(x, y, bounding_matrix, independent, c)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _msm_distance(
    x: np.ndarray,
    y: np.ndarray,
    bounding_matrix: np.ndarray,
    independent: bool,
    c: float,
) -> float:
    if independent:
        return _msm_independent_cost_matrix(x, y, bounding_matrix, c)[
            x.shape[1] - 1, y.shape[1] - 1
        ]
    return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)[
        x.shape[1] - 1, y.shape[1] - 1
    ]

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE msm_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 130
# RUN: msm_cost_matrix (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: msm_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.2, False, 0.5)
# RUN: msm_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.2, True)
# RUN: msm_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 0.3, False, 0.5, 0.5)
@njit(cache=True, fastmath=True)
def msm_cost_matrix(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    independent: bool = True,
    c: float = 1.0,
    itakura_max_slope: float | None = None,
) -> np.ndarray:
    """Compute the MSM cost matrix between two time series.

    By default, this takes a collection of :math:`n` time series :math:`X` and returns a
    matrix
    :math:`D` where :math:`D_{i,j}` is the MSM distance between the :math:`i^{th}`
    and the :math:`j^{th}` series in :math:`X`. If :math:`X` is 2-dimensional,
    it is assumed to be a collection of univariate series with shape ``(n_cases,
    n_timepoints)``. If it is 3-dimensional, it is assumed to be shape ``(n_cases,
    n_channels, n_timepoints)``.

    This function has an optional argument, :math:`y`, to allow calculation of the
    distance matrix between :math:`X` and one or more series stored in :math:`y`. If
    :math:`y` is 1-dimensional, we assume it is a single univariate series and the
    distance matrix returned is shape ``(n_cases,1)``. If it is 2D, we assume it
    is a collection of univariate series with shape ``(m_cases, m_timepoints)``
    and the distance ``(n_cases,m_cases)``. If it is 3-dimensional,
    it is assumed to be shape ``(m_cases, m_channels, m_timepoints)``.


    Parameters
    ----------
    x : np.ndarray
        First time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    y : np.ndarray
        Second time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    window : float, default=None
        The window size to use for the bounding matrix. If None, the
        bounding matrix is not used.
    independent : bool, default=True
        Whether to use the independent or dependent MSM distance. The
        default is True (to use independent).
    c : float, default=1.
        Cost for split or merge operation. Default is 1.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    np.ndarray (n_timepoints_x, n_timepoints_y)
        MSM cost matrix between x and y.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import msm_cost_matrix
    >>> x = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> y = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> msm_cost_matrix(x, y)
    array([[ 0.,  2.,  4.,  6.,  8., 10., 12., 14., 16., 18.],
           [ 2.,  0.,  2.,  4.,  6.,  8., 10., 12., 14., 16.],
           [ 4.,  2.,  0.,  2.,  4.,  6.,  8., 10., 12., 14.],
           [ 6.,  4.,  2.,  0.,  2.,  4.,  6.,  8., 10., 12.],
           [ 8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.,  8., 10.],
           [10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.,  8.],
           [12., 10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.],
           [14., 12., 10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.],
           [16., 14., 12., 10.,  8.,  6.,  4.,  2.,  0.,  2.],
           [18., 16., 14., 12., 10.,  8.,  6.,  4.,  2.,  0.]])
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        bounding_matrix = create_bounding_matrix(
            _x.shape[1], _y.shape[1], window, itakura_max_slope
        )
        if independent:
            return _msm_independent_cost_matrix(_x, _y, bounding_matrix, c)
        return _msm_dependent_cost_matrix(_x, _y, bounding_matrix, c)
    if x.ndim == 2 and y.ndim == 2:
        bounding_matrix = create_bounding_matrix(
            x.shape[1], y.shape[1], window, itakura_max_slope
        )
        if independent:
            return _msm_independent_cost_matrix(x, y, bounding_matrix, c)
        return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE _msm_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 225
# RUN: _msm_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 4, True, 1.0)
# RUN: _msm_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 4, False, 0.5)
@njit(cache=True, fastmath=True)
def _msm_distance(
    x: np.ndarray,
    y: np.ndarray,
    bounding_matrix: np.ndarray,
    independent: bool,
    c: float,
) -> float:
    if independent:
        return _msm_independent_cost_matrix(x, y, bounding_matrix, c)[
            x.shape[1] - 1, y.shape[1] - 1
        ]
    return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)[
        x.shape[1] - 1, y.shape[1] - 1
    ]

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE _msm_independent_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 242
# RUN: _msm_independent_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 4, 1.0)
@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE _independent_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 256
# RUN: _independent_cost_matrix (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 4, 0.5)
@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE _msm_dependent_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 287
# RUN: _msm_dependent_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 4, 1.0)
@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c


# === CASE _cost_dependent
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 324
# RUN: _cost_dependent (np.array([0.5, 1.0]), np.array([0.0, 0.0]), np.array([1.0, 2.0]), 1.0)
# RUN: _cost_dependent (np.array([3.0, -1.0]), np.array([0.0, 0.0]), np.array([1.0, 2.0]), 1.0)
# RUN: _cost_dependent (np.array([-2.0, 4.0]), np.array([0.5, 0.5]), np.array([-1.0, 2.0]), 0.1)
@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c


# === CASE _cost_independent
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 341
# RUN: _cost_independent (1.0, 0.5, 2.0, 1.0)
# RUN: _cost_independent (3.0, 0.5, 2.0, 1.0)
# RUN: _cost_independent (-1.0, 0.5, 2.0, 0.1)
@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))


# === CASE _msm_pairwise_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 449
# RUN: _msm_pairwise_distance (np.random.default_rng(0).normal(size=(4, 2, 10)), 0.2, True, 1.0, 0.5, False)
# RUN: _msm_pairwise_distance (np.random.default_rng(0).normal(size=(4, 1, 10)), 0.3, False, 0.5, 1.0, True)
@njit(cache=True, fastmath=True)
def _msm_distance(
    x: np.ndarray,
    y: np.ndarray,
    bounding_matrix: np.ndarray,
    independent: bool,
    c: float,
) -> float:
    if independent:
        return _msm_independent_cost_matrix(x, y, bounding_matrix, c)[
            x.shape[1] - 1, y.shape[1] - 1
        ]
    return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)[
        x.shape[1] - 1, y.shape[1] - 1
    ]

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))

@njit(cache=True, fastmath=True, parallel=True)
def _msm_pairwise_distance(
    X: NumbaList[np.ndarray],
    window: float | None,
    independent: bool,
    c: float,
    itakura_max_slope: float | None,
    unequal_length: bool,
) -> np.ndarray:
    n_cases = len(X)
    distances = np.zeros((n_cases, n_cases))

    if not unequal_length:
        n_timepoints = X[0].shape[1]
        bounding_matrix = create_bounding_matrix(
            n_timepoints, n_timepoints, window, itakura_max_slope
        )
    for i in prange(n_cases):
        for j in range(i + 1, n_cases):
            x1, x2 = X[i], X[j]
            if unequal_length:
                bounding_matrix = create_bounding_matrix(
                    x1.shape[1], x2.shape[1], window, itakura_max_slope
                )
            distances[i, j] = _msm_distance(x1, x2, bounding_matrix, independent, c)
            distances[j, i] = distances[i, j]

    return distances


# === CASE _msm_from_multiple_to_multiple_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 479
# RUN: _msm_from_multiple_to_multiple_distance (np.random.default_rng(0).normal(size=(3, 1, 10)), np.random.default_rng(1).normal(size=(4, 1, 12)), 0.3, True, 1.0, 1.0, False)
# RUN: _msm_from_multiple_to_multiple_distance (np.random.default_rng(0).normal(size=(3, 2, 10)), np.random.default_rng(1).normal(size=(2, 2, 10)), 0.2, False, 0.5, 0.5, True)
@njit(cache=True, fastmath=True)
def _msm_distance(
    x: np.ndarray,
    y: np.ndarray,
    bounding_matrix: np.ndarray,
    independent: bool,
    c: float,
) -> float:
    if independent:
        return _msm_independent_cost_matrix(x, y, bounding_matrix, c)[
            x.shape[1] - 1, y.shape[1] - 1
        ]
    return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)[
        x.shape[1] - 1, y.shape[1] - 1
    ]

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))

@njit(cache=True, fastmath=True, parallel=True)
def _msm_from_multiple_to_multiple_distance(
    x: NumbaList[np.ndarray],
    y: NumbaList[np.ndarray],
    window: float | None,
    independent: bool,
    c: float,
    itakura_max_slope: float | None,
    unequal_length: bool,
) -> np.ndarray:
    n_cases = len(x)
    m_cases = len(y)
    distances = np.zeros((n_cases, m_cases))

    if not unequal_length:
        bounding_matrix = create_bounding_matrix(
            x[0].shape[1], y[0].shape[1], window, itakura_max_slope
        )
    for i in prange(n_cases):
        for j in range(m_cases):
            x1, y1 = x[i], y[j]
            if unequal_length:
                bounding_matrix = create_bounding_matrix(
                    x1.shape[1], y1.shape[1], window, itakura_max_slope
                )
            distances[i, j] = _msm_distance(x1, y1, bounding_matrix, independent, c)
    return distances


# === CASE msm_alignment_path
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_msm.py @ a101ddc8b35a, line 508
# RUN: msm_alignment_path (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: msm_alignment_path (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.3, False, 0.5)
# RUN: msm_alignment_path (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 1.0, True, 1.0, 0.5)
@njit(cache=True, fastmath=True)
def msm_cost_matrix(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    independent: bool = True,
    c: float = 1.0,
    itakura_max_slope: float | None = None,
) -> np.ndarray:
    """Compute the MSM cost matrix between two time series.

    By default, this takes a collection of :math:`n` time series :math:`X` and returns a
    matrix
    :math:`D` where :math:`D_{i,j}` is the MSM distance between the :math:`i^{th}`
    and the :math:`j^{th}` series in :math:`X`. If :math:`X` is 2-dimensional,
    it is assumed to be a collection of univariate series with shape ``(n_cases,
    n_timepoints)``. If it is 3-dimensional, it is assumed to be shape ``(n_cases,
    n_channels, n_timepoints)``.

    This function has an optional argument, :math:`y`, to allow calculation of the
    distance matrix between :math:`X` and one or more series stored in :math:`y`. If
    :math:`y` is 1-dimensional, we assume it is a single univariate series and the
    distance matrix returned is shape ``(n_cases,1)``. If it is 2D, we assume it
    is a collection of univariate series with shape ``(m_cases, m_timepoints)``
    and the distance ``(n_cases,m_cases)``. If it is 3-dimensional,
    it is assumed to be shape ``(m_cases, m_channels, m_timepoints)``.


    Parameters
    ----------
    x : np.ndarray
        First time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    y : np.ndarray
        Second time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    window : float, default=None
        The window size to use for the bounding matrix. If None, the
        bounding matrix is not used.
    independent : bool, default=True
        Whether to use the independent or dependent MSM distance. The
        default is True (to use independent).
    c : float, default=1.
        Cost for split or merge operation. Default is 1.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    np.ndarray (n_timepoints_x, n_timepoints_y)
        MSM cost matrix between x and y.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import msm_cost_matrix
    >>> x = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> y = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> msm_cost_matrix(x, y)
    array([[ 0.,  2.,  4.,  6.,  8., 10., 12., 14., 16., 18.],
           [ 2.,  0.,  2.,  4.,  6.,  8., 10., 12., 14., 16.],
           [ 4.,  2.,  0.,  2.,  4.,  6.,  8., 10., 12., 14.],
           [ 6.,  4.,  2.,  0.,  2.,  4.,  6.,  8., 10., 12.],
           [ 8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.,  8., 10.],
           [10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.,  8.],
           [12., 10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.,  6.],
           [14., 12., 10.,  8.,  6.,  4.,  2.,  0.,  2.,  4.],
           [16., 14., 12., 10.,  8.,  6.,  4.,  2.,  0.,  2.],
           [18., 16., 14., 12., 10.,  8.,  6.,  4.,  2.,  0.]])
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        bounding_matrix = create_bounding_matrix(
            _x.shape[1], _y.shape[1], window, itakura_max_slope
        )
        if independent:
            return _msm_independent_cost_matrix(_x, _y, bounding_matrix, c)
        return _msm_dependent_cost_matrix(_x, _y, bounding_matrix, c)
    if x.ndim == 2 and y.ndim == 2:
        bounding_matrix = create_bounding_matrix(
            x.shape[1], y.shape[1], window, itakura_max_slope
        )
        if independent:
            return _msm_independent_cost_matrix(x, y, bounding_matrix, c)
        return _msm_dependent_cost_matrix(x, y, bounding_matrix, c)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _msm_independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.zeros((x_size, y_size))
    min_instances = min(x.shape[0], y.shape[0])
    for i in range(min_instances):
        curr_cost_matrix = _independent_cost_matrix(x[i], y[i], bounding_matrix, c)
        cost_matrix = np.add(cost_matrix, curr_cost_matrix)
    return cost_matrix

@njit(cache=True, fastmath=True)
def _independent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[0]
    y_size = y.shape[0]
    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = np.abs(x[0] - y[0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_independent(x[i], x[i - 1], y[0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_independent(y[j], x[0], y[j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1][j - 1] + np.abs(x[i] - y[j])
                d2 = cost_matrix[i - 1, j] + _cost_independent(x[i], x[i - 1], y[j], c)
                d3 = cost_matrix[i, j - 1] + _cost_independent(y[j], x[i], y[j - 1], c)

                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _msm_dependent_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray, c: float
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]

    cost_matrix = np.full((x_size, y_size), np.inf)
    cost_matrix[0, 0] = _univariate_squared_distance(x[:, 0], y[:, 0])

    for i in range(1, x_size):
        if bounding_matrix[i, 0]:
            cost = _cost_dependent(x[:, i], x[:, i - 1], y[:, 0], c)
            cost_matrix[i, 0] = cost_matrix[i - 1, 0] + cost

    for j in range(1, y_size):
        if bounding_matrix[0, j]:
            cost = _cost_dependent(y[:, j], x[:, 0], y[:, j - 1], c)
            cost_matrix[0, j] = cost_matrix[0, j - 1] + cost

    for i in range(1, x_size):
        for j in range(1, y_size):
            if bounding_matrix[i, j]:
                d1 = cost_matrix[i - 1, j - 1] + _univariate_squared_distance(
                    x[:, i], y[:, j]
                )
                d2 = cost_matrix[i - 1, j] + _cost_dependent(
                    x[:, i], x[:, i - 1], y[:, j], c
                )
                d3 = cost_matrix[i, j - 1] + _cost_dependent(
                    y[:, j], x[:, i], y[:, j - 1], c
                )
                cost_matrix[i, j] = min(d1, d2, d3)

    return cost_matrix

@njit(cache=True, fastmath=True)
def _cost_dependent(x: np.ndarray, y: np.ndarray, z: np.ndarray, c: float) -> float:
    diameter = _univariate_squared_distance(y, z)
    mid = (y + z) / 2.0
    distance_to_mid = _univariate_squared_distance(mid, x)

    if distance_to_mid <= (diameter / 4.0):
        return c
    else:
        dist_to_q_prev = _univariate_squared_distance(y, x)
        dist_to_c = _univariate_squared_distance(z, x)
        if dist_to_q_prev < dist_to_c:
            return c + dist_to_q_prev
        else:
            return c + dist_to_c

@njit(cache=True, fastmath=True)
def _cost_independent(x: float, y: float, z: float, c: float) -> float:
    if (y <= x <= z) or (y >= x >= z):
        return c
    return c + min(abs(x - y), abs(x - z))

@njit(cache=True, fastmath=True)
def msm_alignment_path(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    independent: bool = True,
    c: float = 1.0,
    itakura_max_slope: float | None = None,
) -> tuple[list[tuple[int, int]], float]:
    """Compute the msm alignment path between two time series.

    Parameters
    ----------
    x : np.ndarray
        First time series, shape ``(n_channels, n_timepoints)`` or ``(n_timepoints,)``.
    y : np.ndarray
        Second time series, shape ``(m_channels, m_timepoints)`` or ``(m_timepoints,)``.
    window : float, default=None
        The window to use for the bounding matrix. If None, no bounding matrix
        is used.
    independent : bool, default=True
        Whether to use the independent or dependent MSM distance. The
        default is True (to use independent).
    c : float, default=1.
        Cost for split or merge operation. Default is 1.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    List[Tuple[int, int]]
        The alignment path between the two time series where each element is a tuple
        of the index in x and the index in y that have the best alignment according
        to the cost matrix.
    float
        The msm distance between the two time series.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import msm_alignment_path
    >>> x = np.array([[1, 2, 3, 6]])
    >>> y = np.array([[1, 2, 3, 4]])
    >>> msm_alignment_path(x, y)
    ([(0, 0), (1, 1), (2, 2), (3, 3)], 2.0)
    """
    cost_matrix = msm_cost_matrix(x, y, window, independent, c, itakura_max_slope)
    return (
        compute_min_return_path(cost_matrix),
        cost_matrix[x.shape[-1] - 1, y.shape[-1] - 1],
    )
