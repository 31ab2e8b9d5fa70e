# Real Numba code from NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py at commit 6f22a5f3aacbe46a178b265dafff7fbd8d3ce9a1
# (Apache-2.0 (gQuant/LICENSE), Copyright (c) NVIDIA CORPORATION), copied unchanged: every kernel of gQuant's
# cuindicator/util.py, in order. Left out of the prelude: `from .rolling import Rolling` (package-relative), which
# only the host functions diff and shift use.
# Each case below is compiled by run.sh as this prelude followed by the case alone.
from numba import cuda
import math
import numba


number_of_threads = 128


# === CASE ultimate_oscillator_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 28
# KERNEL: ultimate_oscillator_kernel void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.zeros(200), np.zeros(200), 200
@cuda.jit
def ultimate_oscillator_kernel(high_arr, low_arr, close_arr, TR_arr, BP_arr,
                               arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if i == 0:
            TR_arr[i] = 0
            BP_arr[i] = 0
        else:
            TR = (max(high_arr[i],
                      close_arr[i - 1]) - min(low_arr[i], close_arr[i - 1]))
            TR_arr[i] = TR
            BP = close_arr[i] - min(low_arr[i], close_arr[i - 1])
            BP_arr[i] = BP


# === CASE port_ultimate_oscillator_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 44
# KERNEL: port_ultimate_oscillator_kernel void(int32[::1], float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.zeros(200), np.zeros(200), 200
@cuda.jit
def port_ultimate_oscillator_kernel(asset_ind, high_arr, low_arr, close_arr,
                                    TR_arr, BP_arr,
                                    arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            TR_arr[i] = 0
            BP_arr[i] = 0
        else:
            TR = (max(high_arr[i],
                      close_arr[i - 1]) - min(low_arr[i], close_arr[i - 1]))
            TR_arr[i] = TR
            BP = close_arr[i] - min(low_arr[i], close_arr[i - 1])
            BP_arr[i] = BP


# === CASE moneyflow_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 61
# KERNEL: moneyflow_kernel void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.random.default_rng(2).uniform(9.0, 11.0, 200), np.random.default_rng(3).uniform(1e5, 1e6, 200), np.zeros(200), 200
@cuda.jit
def moneyflow_kernel(pp_arr, volume_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if i == 0:
            out_arr[i] = 0
        else:
            if pp_arr[i] > pp_arr[i - 1]:
                out_arr[i] = pp_arr[i] * volume_arr[i]
            else:
                out_arr[i] = 0.0


# === CASE port_moneyflow_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 74
# KERNEL: port_moneyflow_kernel void(int32[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.random.default_rng(3).uniform(1e5, 1e6, 200), np.zeros(200), 200
@cuda.jit
def port_moneyflow_kernel(asset_ind, pp_arr, volume_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            out_arr[i] = 0
        else:
            if pp_arr[i] > pp_arr[i - 1]:
                out_arr[i] = pp_arr[i] * volume_arr[i]
            else:
                out_arr[i] = 0.0


# === CASE onbalance_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 87
# KERNEL: onbalance_kernel void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.round(np.random.default_rng(2).uniform(9.0, 11.0, 200)), np.random.default_rng(3).uniform(1e5, 1e6, 200), np.zeros(200), 200
@cuda.jit
def onbalance_kernel(close_arr, volume_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:

        if i == 0:
            out_arr[i] = 0
        else:
            if close_arr[i] - close_arr[i - 1] > 0:
                out_arr[i] = volume_arr[i]
            elif close_arr[i] - close_arr[i - 1] == 0:
                out_arr[i] = 0.0
            else:
                out_arr[i] = -volume_arr[i]


# === CASE port_onbalance_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 103
# KERNEL: port_onbalance_kernel void(int32[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), np.round(np.random.default_rng(2).uniform(9.0, 11.0, 200)), np.random.default_rng(3).uniform(1e5, 1e6, 200), np.zeros(200), 200
@cuda.jit
def port_onbalance_kernel(asset_ind, close_arr, volume_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            out_arr[i] = 0
        else:
            if close_arr[i] - close_arr[i - 1] > 0:
                out_arr[i] = volume_arr[i]
            elif close_arr[i] - close_arr[i - 1] == 0:
                out_arr[i] = 0.0
            else:
                out_arr[i] = -volume_arr[i]


# === CASE average_price_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 118
# KERNEL: average_price_kernel void(float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.zeros(200), 200
@cuda.jit
def average_price_kernel(high_arr, low_arr, close_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        out_arr[i] = (high_arr[i] + low_arr[i] + close_arr[i]) / 3.0


# === CASE true_range_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 125
# KERNEL: true_range_kernel void(float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.zeros(200), 200
@cuda.jit
def true_range_kernel(high_arr, low_arr, close_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if i == 0:
            out_arr[i] = 0
        else:
            out_arr[i] = max(high_arr[i],
                             close_arr[i - 1]) - min(low_arr[i],
                                                     close_arr[i - 1])


# === CASE port_true_range_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 137
# KERNEL: port_true_range_kernel void(int32[::1], float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.random.default_rng(2).uniform(9.0, 11.0, 200), np.zeros(200), 200
@cuda.jit
def port_true_range_kernel(asset_ind, high_arr, low_arr, close_arr, out_arr,
                           arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            out_arr[i] = 0
        else:
            out_arr[i] = max(high_arr[i],
                             close_arr[i - 1]) - min(low_arr[i],
                                                     close_arr[i - 1])


# === CASE port_mask_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 150
# KERNEL: port_mask_kernel void(int32[::1], int64, int64, float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), -2, 3, np.arange(200.0), 200
@cuda.jit
def port_mask_kernel(asset_ind, beg, end, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            if beg + i >= 0:
                for j in range(beg + i, min(end + i, arr_len)):
                    out_arr[j] = math.nan
            else:
                for j in range(beg + i + arr_len, min(end + i + arr_len,
                                                      arr_len)):
                    out_arr[j] = math.nan
                for j in range(0, min(end + i, arr_len)):
                    out_arr[j] = math.nan


# === CASE port_mask_zero_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 166
# KERNEL: port_mask_zero_kernel void(int32[::1], int64, int64, float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), -2, 3, np.arange(200.0), 200
@cuda.jit
def port_mask_zero_kernel(asset_ind, beg, end, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            if beg + i >= 0:
                for j in range(beg + i, min(end + i, arr_len)):
                    out_arr[j] = 0
            else:
                for j in range(beg + i + arr_len, min(end + i + arr_len,
                                                      arr_len)):
                    out_arr[j] = 0
                for j in range(0, min(end + i, arr_len)):
                    out_arr[j] = 0


# === CASE lowhigh_diff_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 182
# KERNEL: lowhigh_diff_kernel void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.zeros(200), 200
@cuda.jit
def lowhigh_diff_kernel(high_arr, low_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if i == 0:
            out_arr[i] = 0
        else:
            out_arr[i] = abs(high_arr[i] - low_arr[i - 1]) - \
                         abs(low_arr[i] - high_arr[i - 1])


# === CASE port_lowhigh_diff_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 193
# KERNEL: port_lowhigh_diff_kernel void(int32[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=(np.arange(200) % 50 == 0).astype(np.int32), np.random.default_rng(0).uniform(10.0, 12.0, 200), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.zeros(200), 200
@cuda.jit
def port_lowhigh_diff_kernel(asset_ind, high_arr, low_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if asset_ind[i] == 1:
            out_arr[i] = 0
        else:
            out_arr[i] = abs(high_arr[i] - low_arr[i - 1]) - \
                         abs(low_arr[i] - high_arr[i - 1])


# === CASE up_down_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 204
# KERNEL: up_down_kernel void(float64[::1], float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 37 == 3, np.nan, np.random.default_rng(0).uniform(10.0, 12.0, 200)), np.random.default_rng(1).uniform(8.0, 10.0, 200), np.zeros(200), np.zeros(200), 200
@cuda.jit
def up_down_kernel(high_arr, low_arr, upD_arr, doD_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len - 1:
        if (math.isnan(high_arr[i]) or math.isnan(high_arr[i + 1]) or
                math.isnan(low_arr[i]) or math.isnan(low_arr[i + 1])):
            upD_arr[i] = math.nan
            doD_arr[i] = math.nan
        else:
            upMove = high_arr[i + 1] - high_arr[i]
            doMove = low_arr[i] - low_arr[i + 1]
            if upMove > doMove and upMove > 0:
                upD_arr[i] = upMove
            else:
                upD_arr[i] = 0
            if doMove > upMove and doMove > 0:
                doD_arr[i] = doMove
            else:
                doD_arr[i] = 0
    elif i == arr_len - 1:
        upD_arr[i] = math.nan
        doD_arr[i] = math.nan


# === CASE abs_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 228
# KERNEL: abs_kernel void(float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 11 == 3, np.nan, np.linspace(-5.0, 5.0, 200)), np.zeros(200), 200
@cuda.jit
def abs_kernel(in_arr, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if math.isnan(in_arr[i]):
            out_arr[i] = math.nan
        else:
            out_arr[i] = abs(in_arr[i])


# === CASE binary_substract
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 238
# KERNEL: binary_substract void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 13 == 3, np.nan, np.random.default_rng(0).uniform(10.0, 12.0, 200)), np.where(np.arange(200) % 17 == 3, np.nan, np.random.default_rng(1).uniform(8.0, 10.0, 200)), np.zeros(200), 200
@cuda.jit
def binary_substract(in_arr1, in_arr2, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if (math.isnan(in_arr1[i]) or math.isnan(in_arr2[i])):
            out_arr[i] = math.nan
        else:
            out_arr[i] = in_arr1[i] - in_arr2[i]


# === CASE binary_sum
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 248
# KERNEL: binary_sum void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 13 == 3, np.nan, np.random.default_rng(0).uniform(10.0, 12.0, 200)), np.where(np.arange(200) % 17 == 3, np.nan, np.random.default_rng(1).uniform(8.0, 10.0, 200)), np.zeros(200), 200
@cuda.jit
def binary_sum(in_arr1, in_arr2, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if (math.isnan(in_arr1[i]) or math.isnan(in_arr2[i])):
            out_arr[i] = math.nan
        else:
            out_arr[i] = in_arr1[i] + in_arr2[i]


# === CASE binary_multiply
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 258
# KERNEL: binary_multiply void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 13 == 3, np.nan, np.random.default_rng(0).uniform(10.0, 12.0, 200)), np.where(np.arange(200) % 17 == 3, np.nan, np.random.default_rng(1).uniform(8.0, 10.0, 200)), np.zeros(200), 200
@cuda.jit
def binary_multiply(in_arr1, in_arr2, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if (math.isnan(in_arr1[i]) or math.isnan(in_arr2[i])):
            out_arr[i] = math.nan
        else:
            out_arr[i] = in_arr1[i] * in_arr2[i]


# === CASE binary_div
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 268
# KERNEL: binary_div void(float64[::1], float64[::1], float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 13 == 3, np.nan, np.round(np.linspace(-5.0, 5.0, 200))), np.where(np.arange(200) % 4 == 0, 0.0, np.linspace(1.0, 3.0, 200)), np.zeros(200), 200
@cuda.jit
def binary_div(in_arr1, in_arr2, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if (math.isnan(in_arr1[i]) or math.isnan(in_arr2[i])):
            out_arr[i] = math.nan
        else:
            if in_arr2[i] == 0 and in_arr1[i] == 0:
                out_arr[i] = math.nan
            elif in_arr2[i] == 0 and in_arr1[i] > 0:
                out_arr[i] = math.inf
            elif in_arr2[i] == 0 and in_arr1[i] < 0:
                out_arr[i] = -math.inf
            else:
                out_arr[i] = in_arr1[i] / in_arr2[i]


# === CASE scale_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 285
# KERNEL: scale_kernel void(float64[::1], float64, float64[::1], int64)
# RUN: grid=2 block=128 args=np.where(np.arange(200) % 13 == 3, np.nan, np.random.default_rng(0).uniform(10.0, 12.0, 200)), 2.5, np.zeros(200), 200
@cuda.jit
def scale_kernel(in_arr, scaler, out_arr, arr_len):
    i = cuda.grid(1)
    if i < arr_len:
        if math.isnan(in_arr[i]):
            out_arr[i] = math.nan
        else:
            out_arr[i] = in_arr[i] * scaler


# === CASE cumsum_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 556
# (no RUN line: the kernel sizes its shared array at launch, `cuda.shared.array(shape=0, ...)` with dynamic shared memory, which a RUN line cannot give)
# KERNEL: cumsum_kernel void(float64[::1], float64[::1], float64[::1], int64)
@cuda.jit
def cumsum_kernel(in_arr, out_arr, block_arr, arr_len):
    shared = cuda.shared.array(shape=0, dtype=numba.float64)
    num_threads = cuda.blockDim.x
    tx = cuda.threadIdx.x
    bid = cuda.blockIdx.x
    partial_sum_offset = num_threads * 2
    starting_id = bid * partial_sum_offset

    # load the in_arr to shared
    for j in range(2):
        offset = tx + j * num_threads
        if (offset + starting_id) < arr_len:
            shared[offset] = in_arr[offset + starting_id]
        else:
            shared[offset] = 0.0
        cuda.syncthreads()

    offset = 1

    d = num_threads

    while d > 0:
        cuda.syncthreads()
        if (tx < d):
            ai = offset*(2*tx+1)-1
            bi = offset*(2*tx+2)-1
            shared[bi] += shared[ai]
        offset *= 2
        d = d // 2

    if (tx == 0):
        block_arr[bid] = shared[2 * num_threads - 1]
        shared[2 * num_threads - 1] = 0.0

    d = 1
    while d < 2 * num_threads:
        offset = offset // 2
        cuda.syncthreads()
        if tx < d:
            ai = offset*(2*tx+1)-1
            bi = offset*(2*tx+2)-1
            t = shared[ai]
            shared[ai] = shared[bi]
            shared[bi] += t
        d *= 2
    cuda.syncthreads()

    # load back to the output
    for j in range(2):
        offset = tx + j * num_threads
        if (offset + starting_id) < arr_len and offset + 1 < 2 * num_threads:
            out_arr[offset + starting_id] = shared[offset + 1]

    if tx == 0:
        arr_id = min(arr_len - 1, starting_id + 2 * num_threads - 1)
        out_arr[arr_id] = block_arr[bid]


# === CASE correct_kernel
# SOURCE: NVIDIA/fsi-samples gQuant/plugins/gquant_plugin/greenflow_gquant_plugin/cuindicator/util.py @ 6f22a5f3aacb, line 615
# KERNEL: correct_kernel void(float64[::1], float64[::1], int64)
# RUN: grid=3 block=32 args=np.arange(190.0), np.array([10.0, 20.0, 30.0]), 190
@cuda.jit
def correct_kernel(in_arr, block_arr, arr_len):
    num_threads = cuda.blockDim.x
    tx = cuda.threadIdx.x
    bid = cuda.blockIdx.x
    partial_sum_offset = num_threads * 2
    starting_id = bid * partial_sum_offset

    for j in range(2):
        offset = tx + j * num_threads
        lookup = bid - 1

        if lookup >= 0 and (offset + starting_id) < arr_len:
            in_arr[offset + starting_id] += block_arr[lookup]
