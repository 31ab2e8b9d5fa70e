# Real Numba code from aeon-toolkit/aeon aeon/distances/elastic/_dtw.py at commit a101ddc8b35a65441609b45c9bcce5aeafa0c131
# (BSD-3-Clause, Copyright (c) The aeon developers, Copyright (c) 2022 The sktime developers), copied unchanged: all its @njit functions, in order; the prelude holds the helpers it imports from
# aeon/distances/elastic/_alignment_paths.py, aeon/distances/elastic/_bounding_matrix.py (with the functions those call) and
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


# aeon/distances/elastic/_bounding_matrix.py, line 129:
@njit(cache=True)
def create_band_bounds(
    x_size: int,
    y_size: int,
    window: float | None = None,
    itakura_max_slope: float | None = None,
):
    """Per-row band bounds equivalent to ``create_bounding_matrix``.

    Returns two int32 arrays ``(j_start, j_end)`` of length ``x_size`` such that row
    ``i`` of the equivalent dense bounding matrix is True exactly on columns
    ``j_start[i] <= j < j_end[i]``. This costs O(x_size) memory instead of the dense
    matrix's O(x_size * y_size), and lets DP loops iterate the in-band range directly
    instead of testing a mask cell-by-cell.

    Both arrays are non-decreasing in ``i`` (the band never moves left as the row
    index grows) -- the banded DTW kernel relies on this to reuse its rolling
    buffers safely.
    """
    if itakura_max_slope is not None:
        if itakura_max_slope < 0 or itakura_max_slope > 1:
            raise ValueError("itakura_max_slope must be between 0 and 1")
        return _itakura_bounds(x_size, y_size, itakura_max_slope)
    if window is not None and window != 1.0:
        if window < 0 or window > 1:
            raise ValueError("window must be between 0 and 1")
        return _sakoe_chiba_bounds(x_size, y_size, window)
    return (
        np.zeros(x_size, dtype=np.int32),
        np.full(x_size, y_size, dtype=np.int32),
    )


# aeon/distances/elastic/_bounding_matrix.py, line 162:
@njit(cache=True)
def _sakoe_chiba_bounds(x_size: int, y_size: int, radius_percent: float):
    """Row bounds reproducing ``_sakoe_chiba_bounding`` exactly, without the matrix.

    Walks the same interpolated-diagonal steps as the dense construction; a forward
    pass records the first column each row is covered at (j_start), a backward pass
    the last (j_end). Two-pointer passes make this O(x_size + y_size).
    """
    thickness = int(radius_percent * min(x_size, y_size))
    max_size = max(x_size, y_size) + 1
    j_start = np.zeros(x_size, dtype=np.int32)
    j_end = np.full(x_size, y_size, dtype=np.int32)

    if x_size <= y_size:
        # Dense version marks rows [x_index - thickness, x_index + thickness + 1)
        # at column y_index for each step.
        next_row = 0
        for step in range(max_size):
            x_index = math.floor((step / max_size) * x_size)
            y_index = math.floor((step / max_size) * y_size)
            hi = min(x_size, x_index + thickness + 1)
            while next_row < hi:
                j_start[next_row] = y_index
                next_row += 1
        prev_row = x_size - 1
        for step in range(max_size - 1, -1, -1):
            x_index = math.floor((step / max_size) * x_size)
            y_index = math.floor((step / max_size) * y_size)
            lo = max(0, x_index - thickness)
            while prev_row >= lo:
                j_end[prev_row] = y_index + 1
                prev_row -= 1
    else:
        # Dense version transposes the swapped-size construction: row i is covered
        # on columns [a_index - thickness, a_index + thickness + 1) for each step
        # whose b_index == i.
        next_row = 0
        for step in range(max_size):
            a_index = math.floor((step / max_size) * y_size)
            b_index = math.floor((step / max_size) * x_size)
            while next_row <= b_index:
                j_start[next_row] = max(0, a_index - thickness)
                next_row += 1
        prev_row = x_size - 1
        for step in range(max_size - 1, -1, -1):
            a_index = math.floor((step / max_size) * y_size)
            b_index = math.floor((step / max_size) * x_size)
            while prev_row >= b_index:
                j_end[prev_row] = min(y_size, a_index + thickness + 1)
                prev_row -= 1

    return j_start, j_end


# aeon/distances/elastic/_bounding_matrix.py, line 216:
@njit(cache=True)
def _itakura_bounds(x_size: int, y_size: int, max_slope_percent: float):
    """Row bounds reproducing ``_itakura_parallelogram`` exactly, without the matrix.

    Same bound computation as the dense version (which already works row-wise and
    only then fills a matrix); returns the clipped integer bounds directly.
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

    j_start = np.empty(x_size, dtype=np.int32)
    j_end = np.empty(x_size, dtype=np.int32)
    for i in range(x_size):
        j_start[i] = int(lower_bound[i])
        j_end[i] = int(upper_bound[i])
        if j_end[i] < j_start[i]:
            # Empty row, matching a dense row with no True cells.
            j_end[i] = j_start[i]
    return j_start, j_end


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


# === CASE dtw_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 21
# RUN: dtw_distance (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: dtw_distance (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=10), 0.2)
# RUN: dtw_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.3)
# RUN: dtw_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 1.0, 0.5)
@njit(cache=True, fastmath=True)
def dtw_distance(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    itakura_max_slope: float | None = None,
) -> float:
    r"""Compute the DTW distance between two time series.

    DTW is the most widely researched and used elastic distance method. It mitigates
    distortions in the time axis by realigning (warping) the series to best match
    each other. A good background into DTW can be found in [1]_. For two series,
    possibly of unequal length,
    :math:`\mathbf{x}=\{x_1,x_2,\ldots,x_n\}` and
    :math:`\mathbf{y}=\{y_1,y_2, \ldots,y_m\}` DTW first calculates
    :math:`M(\mathbf{x},\mathbf{y})`, the :math:`n \times m`
    pointwise distance matrix between series :math:`\mathbf{x}` and :math:`\mathbf{y}`,
    where :math:`M_{i,j}=   (x_i-y_j)^2`.

    A warping path

    .. math::
        P = <(e_1, f_1), (e_2, f_2), \ldots, (e_s, f_s)>

    is a set of pairs of indices that  define a traversal of matrix :math:`M`. A
    valid warping path must start at location :math:`(1,1)` and end at point :math:`(
    n,m)` and not backtrack, i.e. :math:`0 \leq e_{i+1}-e_{i} \leq 1` and :math:`0
    \leq f_{i+1}- f_i \leq 1` for all :math:`1< i < m`.

    The DTW distance between series is the path through :math:`M` that minimizes the
    total distance. The distance for any path :math:`P` of length :math:`s` is

    .. math::
        D_P(\mathbf{x},\mathbf{y}, M) =\sum_{i=1}^s M_{e_i,f_i}

    If :math:`\mathcal{P}` is the space of all possible paths, the DTW path :math:`P^*`
    is the path that has the minimum distance, hence the DTW distance between series is

    .. math::
        d_{dtw}(\mathbf{x}, \mathbf{y}) =D_{P*}(\mathbf{x},\mathbf{y}, M).

    The optimal warping path :math:`P^*` can be found exactly through a dynamic
    programming formulation. This can be a time consuming operation, and it is common to
    put a restriction on the amount of warping allowed. This is implemented through
    per-row band bounds that restrict which cells of :math:`M` the dynamic program
    visits, so a narrower band reduces both computation and memory.
    The most common bounding strategies include the Sakoe-Chiba band [2]_. The width
    of the allowed warping is controlled through the ``window`` parameter
    which sets the maximum proportion of warping allowed.

    Parameters
    ----------
    x : np.ndarray
        First time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    y : np.ndarray
        Second time series, either univariate, shape ``(n_timepoints,)``, or
        multivariate, shape ``(n_channels, n_timepoints)``.
    window : float or None, default=None
        The window to use for the bounding matrix. If ``window=None`` and
        ``itakura_max_slope=None``, no bounding is used.
        Window is a percentage deviation from the diagonal of the DTW cost matrix, so if
        ``window = 0.1`` then 10% of the series length is the maximum warping allowed.
        This parameter limits how far DTW is allowed to warp in time by restricting
        alignments to a diagonal band whose half-width is ``int(window * n)`` cells,
        where ``n`` is the length of the shorter series. For unequal-length series the
        band follows the interpolated diagonal of the cost matrix.
        For example, if both series have 10 time points and ``window = 0.1``, the
        warping path may deviate by at most one cell from the diagonal.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    float
        DTW distance between x and y, minimum value 0.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    References
    ----------
    .. [1] Ratanamahatana C and Keogh E.: Three myths about dynamic time warping data
    mining, Proceedings of 5th SIAM International Conference on Data Mining, 2005.

    .. [2] Sakoe H. and Chiba S.: Dynamic programming algorithm optimization for
    spoken word recognition. IEEE Transactions on Acoustics, Speech, and Signal
    Processing 26(1):43–49, 1978.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import dtw_distance
    >>> x = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    >>> y = np.array([11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
    >>> dtw_distance(x, y) # 1D series
    768.0
    >>> x = np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [0, 1, 0, 2, 0]])
    >>> y = np.array([[11, 12, 13, 14],[7, 8, 9, 20],[1, 3, 4, 5]] )
    >>> dtw_distance(x, y) # 2D series with 3 channels, unequal length
    564.0
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        return _dtw_distance_direct(_x, _y, window, itakura_max_slope)
    if x.ndim == 2 and y.ndim == 2:
        return _dtw_distance_direct(x, y, window, itakura_max_slope)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _dtw_distance_direct(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None,
    itakura_max_slope: float | None,
) -> float:
    """DTW distance without materializing a dense bounding matrix.

    Computes per-row band bounds directly (O(n) memory instead of O(n*m)) and
    runs a banded DP that only visits in-band cells, so a Sakoe-Chiba window or
    Itakura parallelogram reduces work proportionally instead of just masking.
    """
    # Iterate over the larger dimension so the rolling buffers are sized by the
    # smaller one (same optimization as _dtw_distance). Bounds are computed after
    # the swap, which matches the dense version's transposed construction.
    if x.shape[1] < y.shape[1]:
        x, y = y, x
    x_size = x.shape[1]
    y_size = y.shape[1]
    if itakura_max_slope is None and x_size == y_size:
        # Equal-length Sakoe-Chiba rows have closed-form bounds
        # [max(0, i - t), min(n, i + t + 1)) with t = int(window * n) -- identical
        # to create_bounding_matrix's stepping construction in this case -- so no
        # bounds arrays are needed at all: the only O(n) memory is the two rolling
        # cost rows, matching dtaidistance's compact storage.
        if window is None or window == 1.0:
            thickness = y_size  # covers the whole matrix: full window
        else:
            if window < 0 or window > 1:
                raise ValueError("window must be between 0 and 1")
            thickness = int(window * y_size)
        return _dtw_distance_sakoe_equal(x, y, thickness)
    j_start, j_end = create_band_bounds(x_size, y_size, window, itakura_max_slope)
    return _dtw_distance_banded(x, y, j_start, j_end)

@njit(cache=True, fastmath=True)
def _dtw_distance_sakoe_equal(x: np.ndarray, y: np.ndarray, thickness: int) -> float:
    """Banded DTW for equal-length series with inline Sakoe-Chiba row bounds.

    Same recurrence and buffer discipline as _dtw_distance_banded, but the band
    [max(0, i - thickness), min(n, i + thickness + 1)) is computed per row instead
    of stored, eliminating the bounds arrays.
    """
    n = x.shape[1]
    prev = np.full(n + 1, np.inf)
    curr = np.full(n + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(n):
        start = i - thickness
        if start < 0:
            start = 0
        end = i + thickness + 1
        if end > n:
            end = n
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[n]

@njit(cache=True, fastmath=True)
def _dtw_distance_banded(
    x: np.ndarray, y: np.ndarray, j_start: np.ndarray, j_end: np.ndarray
) -> float:
    """Banded DTW on per-row column bounds [j_start[i], j_end[i]).

    Uses the same two-buffer O(min(N, M))-space scheme as _dtw_distance, but the
    inner loop covers only the in-band range, and the row hand-off is a buffer
    swap instead of an O(M) copy.

    Correctness of buffer reuse relies on j_start and j_end being non-decreasing
    (guaranteed by create_band_bounds): positions right of a row's band still
    hold +inf from initialization (no earlier row's band reached them), and the
    single readable position left of the band is explicitly set to +inf each row.
    """
    x_size = x.shape[1]
    y_size = y.shape[1]

    # A row with an empty band (possible for extreme Itakura slopes) means no
    # valid warping path exists; the dense-masked DP yields +inf there too.
    for i in range(x_size):
        if j_end[i] <= j_start[i]:
            return np.inf

    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(x_size):
        start = j_start[i]
        end = j_end[i]
        # curr[start] stores cell (i, start - 1), which is out of band (or the
        # column-0 boundary when start == 0): always +inf.
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[y_size]


# === CASE dtw_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 135
# RUN: dtw_cost_matrix (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: dtw_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.2)
# RUN: dtw_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 0.2, 0.5)
@njit(cache=True, fastmath=True)
def dtw_cost_matrix(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    itakura_max_slope: float | None = None,
) -> np.ndarray:
    r"""Compute the DTW accumulated cost matrix between two time series.

    Entry :math:`(i,j)` of the returned matrix is the cost of the optimal warping
    path aligning the first :math:`i+1` points of ``x`` with the first :math:`j+1`
    points of ``y``, where the pointwise cost is the squared distance
    :math:`(x_i-y_j)^2`. It is used in the DTW path calculations.

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
        is used. window is a percentage deviation, so if ``window = 0.1``,
        10% of the series length is the max warping allowed.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    np.ndarray (n_timepoints, m_timepoints)
        dtw cost matrix between x and y.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import dtw_cost_matrix
    >>> x = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> y = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> dtw_cost_matrix(x, y)
    array([[  0.,   1.,   5.,  14.,  30.,  55.,  91., 140., 204., 285.],
           [  1.,   0.,   1.,   5.,  14.,  30.,  55.,  91., 140., 204.],
           [  5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.,  91., 140.],
           [ 14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.,  91.],
           [ 30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.],
           [ 55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.],
           [ 91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.],
           [140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.],
           [204., 140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.],
           [285., 204., 140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.]])
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        bounding_matrix = create_bounding_matrix(
            _x.shape[1], _y.shape[1], window, itakura_max_slope
        )
        return _dtw_cost_matrix(_x, _y, bounding_matrix)
    if x.ndim == 2 and y.ndim == 2:
        bounding_matrix = create_bounding_matrix(
            x.shape[1], y.shape[1], window, itakura_max_slope
        )
        return _dtw_cost_matrix(x, y, bounding_matrix)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _dtw_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.full((x_size + 1, y_size + 1), np.inf)
    cost_matrix[0, 0] = 0.0

    for i in range(x_size):
        for j in range(y_size):
            if bounding_matrix[i, j]:
                cost_matrix[i + 1, j + 1] = _univariate_squared_distance(
                    x[:, i], y[:, j]
                ) + min(
                    cost_matrix[i, j + 1],
                    cost_matrix[i + 1, j],
                    cost_matrix[i, j],
                )

    return cost_matrix[1:, 1:]


# === CASE _dtw_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 208
# RUN: _dtw_distance (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 3)
# RUN: _dtw_distance (np.random.default_rng(1).normal(size=(2, 12)), np.random.default_rng(0).normal(size=(2, 10)), (np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 3).T)
@njit(cache=True, fastmath=True)
def _dtw_distance(x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray) -> float:
    """Compute the DTW distance between two time series.

    This function is optimized for memory usage by using a two-row buffer
    (O(min(N, M)) space complexity) instead of allocating the full cost matrix (O(NM)).
    """
    # Optimization: Ensure we iterate over the larger dimension to minimize the
    # size of the cost vectors (prev and curr), which are allocated based on y.
    # If x is smaller than y, we swap them to make y the smaller one.
    if x.shape[1] < y.shape[1]:
        x, y = y, x
        # The bounding matrix must also be transposed to match the swapped series
        bounding_matrix = bounding_matrix.T

    x_size = x.shape[1]
    y_size = y.shape[1]

    # prev represents the previous row (i-1), curr represents the current row (i)
    # The size is y_size + 1 to handle the boundary condition at index 0
    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)

    # Initial condition: distance at (0, 0) is 0
    prev[0] = 0.0

    for i in range(x_size):
        # Boundary condition: The cell to the left of the first column is infinity
        curr[0] = np.inf

        for j in range(y_size):
            if bounding_matrix[i, j]:
                cost = _univariate_squared_distance(x[:, i], y[:, j])

                # DTW recurrence:
                # prev[j]   corresponds to matrix[i, j]     (Diagonal)
                # prev[j+1] corresponds to matrix[i, j+1]   (Top)
                # curr[j]   corresponds to matrix[i+1, j]   (Left)
                min_cost = min(
                    prev[j],  # Diagonal
                    prev[j + 1],  # Top
                    curr[j],  # Left
                )

                curr[j + 1] = cost + min_cost
            else:
                curr[j + 1] = np.inf

        # Move current row to previous row for the next iteration
        prev[:] = curr[:]

    return prev[y_size]


# === CASE _dtw_distance_direct
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 262
# RUN: _dtw_distance_direct (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 0.2, 0.5)
# RUN: _dtw_distance_direct (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.3, 1.0)
@njit(cache=True, fastmath=True)
def _dtw_distance_direct(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None,
    itakura_max_slope: float | None,
) -> float:
    """DTW distance without materializing a dense bounding matrix.

    Computes per-row band bounds directly (O(n) memory instead of O(n*m)) and
    runs a banded DP that only visits in-band cells, so a Sakoe-Chiba window or
    Itakura parallelogram reduces work proportionally instead of just masking.
    """
    # Iterate over the larger dimension so the rolling buffers are sized by the
    # smaller one (same optimization as _dtw_distance). Bounds are computed after
    # the swap, which matches the dense version's transposed construction.
    if x.shape[1] < y.shape[1]:
        x, y = y, x
    x_size = x.shape[1]
    y_size = y.shape[1]
    if itakura_max_slope is None and x_size == y_size:
        # Equal-length Sakoe-Chiba rows have closed-form bounds
        # [max(0, i - t), min(n, i + t + 1)) with t = int(window * n) -- identical
        # to create_bounding_matrix's stepping construction in this case -- so no
        # bounds arrays are needed at all: the only O(n) memory is the two rolling
        # cost rows, matching dtaidistance's compact storage.
        if window is None or window == 1.0:
            thickness = y_size  # covers the whole matrix: full window
        else:
            if window < 0 or window > 1:
                raise ValueError("window must be between 0 and 1")
            thickness = int(window * y_size)
        return _dtw_distance_sakoe_equal(x, y, thickness)
    j_start, j_end = create_band_bounds(x_size, y_size, window, itakura_max_slope)
    return _dtw_distance_banded(x, y, j_start, j_end)

@njit(cache=True, fastmath=True)
def _dtw_distance_sakoe_equal(x: np.ndarray, y: np.ndarray, thickness: int) -> float:
    """Banded DTW for equal-length series with inline Sakoe-Chiba row bounds.

    Same recurrence and buffer discipline as _dtw_distance_banded, but the band
    [max(0, i - thickness), min(n, i + thickness + 1)) is computed per row instead
    of stored, eliminating the bounds arrays.
    """
    n = x.shape[1]
    prev = np.full(n + 1, np.inf)
    curr = np.full(n + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(n):
        start = i - thickness
        if start < 0:
            start = 0
        end = i + thickness + 1
        if end > n:
            end = n
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[n]

@njit(cache=True, fastmath=True)
def _dtw_distance_banded(
    x: np.ndarray, y: np.ndarray, j_start: np.ndarray, j_end: np.ndarray
) -> float:
    """Banded DTW on per-row column bounds [j_start[i], j_end[i]).

    Uses the same two-buffer O(min(N, M))-space scheme as _dtw_distance, but the
    inner loop covers only the in-band range, and the row hand-off is a buffer
    swap instead of an O(M) copy.

    Correctness of buffer reuse relies on j_start and j_end being non-decreasing
    (guaranteed by create_band_bounds): positions right of a row's band still
    hold +inf from initialization (no earlier row's band reached them), and the
    single readable position left of the band is explicitly set to +inf each row.
    """
    x_size = x.shape[1]
    y_size = y.shape[1]

    # A row with an empty band (possible for extreme Itakura slopes) means no
    # valid warping path exists; the dense-masked DP yields +inf there too.
    for i in range(x_size):
        if j_end[i] <= j_start[i]:
            return np.inf

    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(x_size):
        start = j_start[i]
        end = j_end[i]
        # curr[start] stores cell (i, start - 1), which is out of band (or the
        # column-0 boundary when start == 0): always +inf.
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[y_size]


# === CASE _dtw_distance_sakoe_equal
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 299
# RUN: _dtw_distance_sakoe_equal (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 2)
# RUN: _dtw_distance_sakoe_equal (np.random.default_rng(0).normal(size=(1, 10)), np.random.default_rng(1).normal(size=(1, 10)), 3)
@njit(cache=True, fastmath=True)
def _dtw_distance_sakoe_equal(x: np.ndarray, y: np.ndarray, thickness: int) -> float:
    """Banded DTW for equal-length series with inline Sakoe-Chiba row bounds.

    Same recurrence and buffer discipline as _dtw_distance_banded, but the band
    [max(0, i - thickness), min(n, i + thickness + 1)) is computed per row instead
    of stored, eliminating the bounds arrays.
    """
    n = x.shape[1]
    prev = np.full(n + 1, np.inf)
    curr = np.full(n + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(n):
        start = i - thickness
        if start < 0:
            start = 0
        end = i + thickness + 1
        if end > n:
            end = n
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[n]


# === CASE _dtw_distance_banded
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 344
# RUN: _dtw_distance_banded (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.maximum(np.arange(10) - 2, 0).astype(np.int32), np.minimum(np.arange(10) + 4, 12).astype(np.int32))
# RUN: _dtw_distance_banded (np.random.default_rng(0).normal(size=(1, 10)), np.random.default_rng(1).normal(size=(1, 12)), np.maximum(np.arange(10) - 2, 0).astype(np.int32), np.minimum(np.arange(10) + 4, 12).astype(np.int32))
@njit(cache=True, fastmath=True)
def _dtw_distance_banded(
    x: np.ndarray, y: np.ndarray, j_start: np.ndarray, j_end: np.ndarray
) -> float:
    """Banded DTW on per-row column bounds [j_start[i], j_end[i]).

    Uses the same two-buffer O(min(N, M))-space scheme as _dtw_distance, but the
    inner loop covers only the in-band range, and the row hand-off is a buffer
    swap instead of an O(M) copy.

    Correctness of buffer reuse relies on j_start and j_end being non-decreasing
    (guaranteed by create_band_bounds): positions right of a row's band still
    hold +inf from initialization (no earlier row's band reached them), and the
    single readable position left of the band is explicitly set to +inf each row.
    """
    x_size = x.shape[1]
    y_size = y.shape[1]

    # A row with an empty band (possible for extreme Itakura slopes) means no
    # valid warping path exists; the dense-masked DP yields +inf there too.
    for i in range(x_size):
        if j_end[i] <= j_start[i]:
            return np.inf

    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(x_size):
        start = j_start[i]
        end = j_end[i]
        # curr[start] stores cell (i, start - 1), which is out of band (or the
        # column-0 boundary when start == 0): always +inf.
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[y_size]


# === CASE _dtw_cost_matrix
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 402
# RUN: _dtw_cost_matrix (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), np.abs(np.subtract.outer(np.arange(10), np.arange(12))) <= 3)
@njit(cache=True, fastmath=True)
def _dtw_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.full((x_size + 1, y_size + 1), np.inf)
    cost_matrix[0, 0] = 0.0

    for i in range(x_size):
        for j in range(y_size):
            if bounding_matrix[i, j]:
                cost_matrix[i + 1, j + 1] = _univariate_squared_distance(
                    x[:, i], y[:, j]
                ) + min(
                    cost_matrix[i, j + 1],
                    cost_matrix[i + 1, j],
                    cost_matrix[i, j],
                )

    return cost_matrix[1:, 1:]


# === CASE _dtw_pairwise_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 527
# RUN: _dtw_pairwise_distance (np.random.default_rng(0).normal(size=(4, 2, 10)), 0.2, 0.5)
@njit(cache=True, fastmath=True)
def _dtw_distance_direct(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None,
    itakura_max_slope: float | None,
) -> float:
    """DTW distance without materializing a dense bounding matrix.

    Computes per-row band bounds directly (O(n) memory instead of O(n*m)) and
    runs a banded DP that only visits in-band cells, so a Sakoe-Chiba window or
    Itakura parallelogram reduces work proportionally instead of just masking.
    """
    # Iterate over the larger dimension so the rolling buffers are sized by the
    # smaller one (same optimization as _dtw_distance). Bounds are computed after
    # the swap, which matches the dense version's transposed construction.
    if x.shape[1] < y.shape[1]:
        x, y = y, x
    x_size = x.shape[1]
    y_size = y.shape[1]
    if itakura_max_slope is None and x_size == y_size:
        # Equal-length Sakoe-Chiba rows have closed-form bounds
        # [max(0, i - t), min(n, i + t + 1)) with t = int(window * n) -- identical
        # to create_bounding_matrix's stepping construction in this case -- so no
        # bounds arrays are needed at all: the only O(n) memory is the two rolling
        # cost rows, matching dtaidistance's compact storage.
        if window is None or window == 1.0:
            thickness = y_size  # covers the whole matrix: full window
        else:
            if window < 0 or window > 1:
                raise ValueError("window must be between 0 and 1")
            thickness = int(window * y_size)
        return _dtw_distance_sakoe_equal(x, y, thickness)
    j_start, j_end = create_band_bounds(x_size, y_size, window, itakura_max_slope)
    return _dtw_distance_banded(x, y, j_start, j_end)

@njit(cache=True, fastmath=True)
def _dtw_distance_sakoe_equal(x: np.ndarray, y: np.ndarray, thickness: int) -> float:
    """Banded DTW for equal-length series with inline Sakoe-Chiba row bounds.

    Same recurrence and buffer discipline as _dtw_distance_banded, but the band
    [max(0, i - thickness), min(n, i + thickness + 1)) is computed per row instead
    of stored, eliminating the bounds arrays.
    """
    n = x.shape[1]
    prev = np.full(n + 1, np.inf)
    curr = np.full(n + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(n):
        start = i - thickness
        if start < 0:
            start = 0
        end = i + thickness + 1
        if end > n:
            end = n
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[n]

@njit(cache=True, fastmath=True)
def _dtw_distance_banded(
    x: np.ndarray, y: np.ndarray, j_start: np.ndarray, j_end: np.ndarray
) -> float:
    """Banded DTW on per-row column bounds [j_start[i], j_end[i]).

    Uses the same two-buffer O(min(N, M))-space scheme as _dtw_distance, but the
    inner loop covers only the in-band range, and the row hand-off is a buffer
    swap instead of an O(M) copy.

    Correctness of buffer reuse relies on j_start and j_end being non-decreasing
    (guaranteed by create_band_bounds): positions right of a row's band still
    hold +inf from initialization (no earlier row's band reached them), and the
    single readable position left of the band is explicitly set to +inf each row.
    """
    x_size = x.shape[1]
    y_size = y.shape[1]

    # A row with an empty band (possible for extreme Itakura slopes) means no
    # valid warping path exists; the dense-masked DP yields +inf there too.
    for i in range(x_size):
        if j_end[i] <= j_start[i]:
            return np.inf

    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(x_size):
        start = j_start[i]
        end = j_end[i]
        # curr[start] stores cell (i, start - 1), which is out of band (or the
        # column-0 boundary when start == 0): always +inf.
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[y_size]

@njit(cache=True, fastmath=True, parallel=True)
def _dtw_pairwise_distance(
    X: NumbaList[np.ndarray],
    window: float | None,
    itakura_max_slope: float | None,
) -> np.ndarray:
    n_cases = len(X)
    distances = np.zeros((n_cases, n_cases))

    # _dtw_distance_direct computes band bounds per pair: closed-form (zero setup)
    # for equal-length pairs, O(n) bounds arrays otherwise -- so nothing needs to
    # be hoisted here and no dense mask is ever built.
    for i in prange(n_cases):
        for j in range(i + 1, n_cases):
            distances[i, j] = _dtw_distance_direct(
                X[i], X[j], window, itakura_max_slope
            )
            distances[j, i] = distances[i, j]

    return distances


# === CASE _dtw_from_multiple_to_multiple_distance
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 549
# RUN: _dtw_from_multiple_to_multiple_distance (np.random.default_rng(0).normal(size=(3, 1, 10)), np.random.default_rng(1).normal(size=(4, 1, 12)), 0.3, 1.0)
@njit(cache=True, fastmath=True)
def _dtw_distance_direct(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None,
    itakura_max_slope: float | None,
) -> float:
    """DTW distance without materializing a dense bounding matrix.

    Computes per-row band bounds directly (O(n) memory instead of O(n*m)) and
    runs a banded DP that only visits in-band cells, so a Sakoe-Chiba window or
    Itakura parallelogram reduces work proportionally instead of just masking.
    """
    # Iterate over the larger dimension so the rolling buffers are sized by the
    # smaller one (same optimization as _dtw_distance). Bounds are computed after
    # the swap, which matches the dense version's transposed construction.
    if x.shape[1] < y.shape[1]:
        x, y = y, x
    x_size = x.shape[1]
    y_size = y.shape[1]
    if itakura_max_slope is None and x_size == y_size:
        # Equal-length Sakoe-Chiba rows have closed-form bounds
        # [max(0, i - t), min(n, i + t + 1)) with t = int(window * n) -- identical
        # to create_bounding_matrix's stepping construction in this case -- so no
        # bounds arrays are needed at all: the only O(n) memory is the two rolling
        # cost rows, matching dtaidistance's compact storage.
        if window is None or window == 1.0:
            thickness = y_size  # covers the whole matrix: full window
        else:
            if window < 0 or window > 1:
                raise ValueError("window must be between 0 and 1")
            thickness = int(window * y_size)
        return _dtw_distance_sakoe_equal(x, y, thickness)
    j_start, j_end = create_band_bounds(x_size, y_size, window, itakura_max_slope)
    return _dtw_distance_banded(x, y, j_start, j_end)

@njit(cache=True, fastmath=True)
def _dtw_distance_sakoe_equal(x: np.ndarray, y: np.ndarray, thickness: int) -> float:
    """Banded DTW for equal-length series with inline Sakoe-Chiba row bounds.

    Same recurrence and buffer discipline as _dtw_distance_banded, but the band
    [max(0, i - thickness), min(n, i + thickness + 1)) is computed per row instead
    of stored, eliminating the bounds arrays.
    """
    n = x.shape[1]
    prev = np.full(n + 1, np.inf)
    curr = np.full(n + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(n):
        start = i - thickness
        if start < 0:
            start = 0
        end = i + thickness + 1
        if end > n:
            end = n
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[n]

@njit(cache=True, fastmath=True)
def _dtw_distance_banded(
    x: np.ndarray, y: np.ndarray, j_start: np.ndarray, j_end: np.ndarray
) -> float:
    """Banded DTW on per-row column bounds [j_start[i], j_end[i]).

    Uses the same two-buffer O(min(N, M))-space scheme as _dtw_distance, but the
    inner loop covers only the in-band range, and the row hand-off is a buffer
    swap instead of an O(M) copy.

    Correctness of buffer reuse relies on j_start and j_end being non-decreasing
    (guaranteed by create_band_bounds): positions right of a row's band still
    hold +inf from initialization (no earlier row's band reached them), and the
    single readable position left of the band is explicitly set to +inf each row.
    """
    x_size = x.shape[1]
    y_size = y.shape[1]

    # A row with an empty band (possible for extreme Itakura slopes) means no
    # valid warping path exists; the dense-masked DP yields +inf there too.
    for i in range(x_size):
        if j_end[i] <= j_start[i]:
            return np.inf

    prev = np.full(y_size + 1, np.inf)
    curr = np.full(y_size + 1, np.inf)
    prev[0] = 0.0

    # Univariate fast path: read scalars from flat 1D views instead of creating two
    # strided column views and running the channel loop for every DP cell.
    univariate = x.shape[0] == 1 and y.shape[0] == 1
    x0 = x[0]
    y0 = y[0]

    for i in range(x_size):
        start = j_start[i]
        end = j_end[i]
        # curr[start] stores cell (i, start - 1), which is out of band (or the
        # column-0 boundary when start == 0): always +inf.
        curr[start] = np.inf

        if univariate:
            xi = x0[i]
            for j in range(start, end):
                difference = xi - y0[j]
                curr[j + 1] = difference * difference + min(
                    prev[j], prev[j + 1], curr[j]
                )
        else:
            for j in range(start, end):
                cost = _univariate_squared_distance(x[:, i], y[:, j])
                curr[j + 1] = cost + min(prev[j], prev[j + 1], curr[j])

        prev, curr = curr, prev

    return prev[y_size]

@njit(cache=True, fastmath=True, parallel=True)
def _dtw_from_multiple_to_multiple_distance(
    x: NumbaList[np.ndarray],
    y: NumbaList[np.ndarray],
    window: float | None,
    itakura_max_slope: float | None,
) -> np.ndarray:
    n_cases = len(x)
    m_cases = len(y)
    distances = np.zeros((n_cases, m_cases))

    # See _dtw_pairwise_distance: per-pair band bounds replace the dense mask.
    for i in prange(n_cases):
        for j in range(m_cases):
            distances[i, j] = _dtw_distance_direct(
                x[i], y[j], window, itakura_max_slope
            )
    return distances


# === CASE dtw_alignment_path
# SOURCE: aeon-toolkit/aeon aeon/distances/elastic/_dtw.py @ a101ddc8b35a, line 569
# RUN: dtw_alignment_path (np.random.default_rng(0).normal(size=10), np.random.default_rng(1).normal(size=12))
# RUN: dtw_alignment_path (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 12)), 0.3)
# RUN: dtw_alignment_path (np.random.default_rng(0).normal(size=(2, 10)), np.random.default_rng(1).normal(size=(2, 10)), 1.0, 0.5)
@njit(cache=True, fastmath=True)
def dtw_cost_matrix(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    itakura_max_slope: float | None = None,
) -> np.ndarray:
    r"""Compute the DTW accumulated cost matrix between two time series.

    Entry :math:`(i,j)` of the returned matrix is the cost of the optimal warping
    path aligning the first :math:`i+1` points of ``x`` with the first :math:`j+1`
    points of ``y``, where the pointwise cost is the squared distance
    :math:`(x_i-y_j)^2`. It is used in the DTW path calculations.

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
        is used. window is a percentage deviation, so if ``window = 0.1``,
        10% of the series length is the max warping allowed.
    itakura_max_slope : float, default=None
        Maximum slope as a proportion of the number of time points used to create
        Itakura parallelogram on the bounding matrix. Must be between 0. and 1.

    Returns
    -------
    np.ndarray (n_timepoints, m_timepoints)
        dtw cost matrix between x and y.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import dtw_cost_matrix
    >>> x = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> y = np.array([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    >>> dtw_cost_matrix(x, y)
    array([[  0.,   1.,   5.,  14.,  30.,  55.,  91., 140., 204., 285.],
           [  1.,   0.,   1.,   5.,  14.,  30.,  55.,  91., 140., 204.],
           [  5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.,  91., 140.],
           [ 14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.,  91.],
           [ 30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.,  55.],
           [ 55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.,  30.],
           [ 91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.,  14.],
           [140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.,   5.],
           [204., 140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.,   1.],
           [285., 204., 140.,  91.,  55.,  30.,  14.,   5.,   1.,   0.]])
    """
    if x.ndim == 1 and y.ndim == 1:
        _x = x.reshape((1, x.shape[0]))
        _y = y.reshape((1, y.shape[0]))
        bounding_matrix = create_bounding_matrix(
            _x.shape[1], _y.shape[1], window, itakura_max_slope
        )
        return _dtw_cost_matrix(_x, _y, bounding_matrix)
    if x.ndim == 2 and y.ndim == 2:
        bounding_matrix = create_bounding_matrix(
            x.shape[1], y.shape[1], window, itakura_max_slope
        )
        return _dtw_cost_matrix(x, y, bounding_matrix)
    raise ValueError("x and y must be 1D or 2D")

@njit(cache=True, fastmath=True)
def _dtw_cost_matrix(
    x: np.ndarray, y: np.ndarray, bounding_matrix: np.ndarray
) -> np.ndarray:
    x_size = x.shape[1]
    y_size = y.shape[1]
    cost_matrix = np.full((x_size + 1, y_size + 1), np.inf)
    cost_matrix[0, 0] = 0.0

    for i in range(x_size):
        for j in range(y_size):
            if bounding_matrix[i, j]:
                cost_matrix[i + 1, j + 1] = _univariate_squared_distance(
                    x[:, i], y[:, j]
                ) + min(
                    cost_matrix[i, j + 1],
                    cost_matrix[i + 1, j],
                    cost_matrix[i, j],
                )

    return cost_matrix[1:, 1:]

@njit(cache=True, fastmath=True)
def dtw_alignment_path(
    x: np.ndarray,
    y: np.ndarray,
    window: float | None = None,
    itakura_max_slope: float | None = None,
) -> tuple[list[tuple[int, int]], float]:
    """Compute the DTW alignment path between two time series.

    Parameters
    ----------
    x : np.ndarray
        First time series, shape ``(n_channels, n_timepoints)`` or ``(n_timepoints,)``.
    y : np.ndarray
        Second time series, shape ``(m_channels, m_timepoints)`` or ``(m_timepoints,)``.
    window : float, default=None
        The window to use for the bounding matrix. If None, no bounding matrix
        is used.
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
        The DTW distance between the two time series.

    Raises
    ------
    ValueError
        If x and y are not 1D or 2D arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from aeon.distances import dtw_alignment_path
    >>> x = np.array([[1, 2, 3, 6]])
    >>> y = np.array([[1, 2, 3, 4]])
    >>> dtw_alignment_path(x, y)
    ([(0, 0), (1, 1), (2, 2), (3, 3)], 4.0)
    """
    cost_matrix = dtw_cost_matrix(x, y, window, itakura_max_slope)
    return (
        compute_min_return_path(cost_matrix),
        cost_matrix[x.shape[-1] - 1, y.shape[-1] - 1],
    )
