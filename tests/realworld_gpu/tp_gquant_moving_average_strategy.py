# Real Numba code from NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/strategy/movingAverageStrategyNode.py at commit 6f22a5f3aacbe46a178b265dafff7fbd8d3ce9a1
# (Apache-2.0 (gQuant/LICENSE), Copyright (c) NVIDIA CORPORATION), copied unchanged: the kernel of gQuant's
# strategy/movingAverageStrategyNode.py (portExpMovingAverageStrategyNode.py has the same kernel). Left out of the
# prelude: cuindicator (package-relative), greenflow and cudf, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.
from numba import cuda
import math
import numpy as np


# === CASE moving_average_signal_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/strategy/movingAverageStrategyNode.py @ 6f22a5f3aacb, line 13
# KERNEL: moving_average_signal_kernel void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) < 5, np.nan, np.sin(np.arange(200) / 9.0)), np.where(np.arange(200) < 20, np.nan, np.sin(np.arange(200) / 9.0 - 0.3)), np.zeros(200), 200
@cuda.jit
def moving_average_signal_kernel(ma_fast, ma_slow, out_arr, arr_len):
    i = cuda.grid(1)
    if i == 0:
        out_arr[i] = np.nan
    if i < arr_len - 1:
        if math.isnan(ma_slow[i]) or math.isnan(ma_fast[i]):
            out_arr[i + 1] = np.nan
        elif ma_fast[i] - ma_slow[i] > 0.00001:
            # shift 1 time to make sure no peeking into the future
            out_arr[i + 1] = -1.0
        else:
            out_arr[i + 1] = 1.0
