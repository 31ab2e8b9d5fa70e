# Real Numba code from rapidsai/cuxfilter python/cuxfilter/assets/numba_kernels/gpu_datatile.py at commit e7524353924163894b84a41bba564b148c6ba4e0
# (Apache-2.0, Copyright (c) NVIDIA CORPORATION), copied unchanged: the two kernels of the module (replaced
# by vectorized operations in a4528e01, so taken from its parent commit). Left out of the prelude: pyarrow, pandas, io,
# gc, bokeh, typing and the package-relative BaseChart import, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda


# === CASE calc_cumsum_data_tile
# SOURCE: rapidsai/cuxfilter python/cuxfilter/assets/numba_kernels/gpu_datatile.py @ e75243539241, line 13
# KERNEL: calc_cumsum_data_tile void(float64[:, ::1], float64[:, ::1])
# RUN: grid=2 block=8 args=np.column_stack([np.where(np.arange(24) % 7 == 3, -1, np.arange(24) % 6), np.arange(24) // 6, np.arange(1.0, 25.0)]).astype(np.float64), np.where(np.arange(24).reshape(4, 6) % 5 == 0, 0.0, 2.0)
@cuda.jit
def calc_cumsum_data_tile(x, arr1):
    """
    description:
        cuda jit function calculate the data tile with cumulative sums
        for a 2-col ndarray
    input:
        - x: ndarray(3-cols)  (col1,col2, count_col2)
        - arr1: result array: type is int as the cells contain just
        frequencies
        (cuda.to_device(np.zeros(shape=(min_s,max_s)).astype(np.int32)))
        [X X X]
        [X X X]
        [X X X]
    """
    start = cuda.grid(1)
    stride = cuda.gridsize(1)

    for i in range(start, x.shape[0], stride):
        col1_i = int(round(x[i][0]))
        col2_i = int(round(x[i][1]))
        freq_i = x[i][2]

        if int(x[i][0]) != -1:
            if arr1[col2_i][col1_i] == float(0):
                arr1[col2_i][col1_i] = freq_i
            else:
                arr1[col2_i][col1_i] = (arr1[col2_i][col1_i] + freq_i) / 2


# === CASE calc_binwise_reduced_column
# SOURCE: rapidsai/cuxfilter python/cuxfilter/assets/numba_kernels/gpu_datatile.py @ e75243539241, line 43
# KERNEL: calc_binwise_reduced_column void(float64[::1], float64, float64[::1])
# RUN: grid=2 block=16 args=np.linspace(-2.0, 12.0, 100), 0.5, np.array([0.0, 10.0])
@cuda.jit
def calc_binwise_reduced_column(x, stride, a_range):
    """
    description:
        cuda jit for creating a full-lenth column with only binned values
    input:
        - x -> single col nd-array
        - stride -> stride value
        - a_range -> min-max values (ndarray => shape(2,))
    """
    a_min = a_range[0]
    a_max = a_range[1]
    start = cuda.grid(1)
    s = cuda.gridsize(1)
    for i in range(start, x.shape[0], s):
        if x[i] >= a_min and x[i] <= a_max:
            x[i] = np.int32(round((x[i] - a_min) / stride))
        else:
            x[i] = -1
