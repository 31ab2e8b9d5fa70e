# Real Numba code from NVIDIA/NeMo nemo/collections/asr/parts/numba/spec_augment/spec_aug_numba.py at commit 8cfedd7203462cb251a914e700e5605444277561
# (Apache-2.0, Copyright (c) 2021 NVIDIA CORPORATION), copied unchanged: the module's kernel.
# The module imports torch and nemo (not installed here): the prelude defers annotations
# (`from __future__ import annotations`: torch.Tensor annotations, which Numba ignores) and leaves
# those imports out (the kernel reaches neither).
# Each case is compiled by run.sh as this prelude
# followed by the case alone.

from __future__ import annotations

from numba import cuda

MAX_THREAD_BUFFER = 512


# === CASE spec_augment_kernel
# SOURCE: NVIDIA/NeMo nemo/collections/asr/parts/numba/spec_augment/spec_aug_numba.py @ 8cfedd720346, line 26
# KERNEL: spec_augment_kernel void(float32[:, :, ::1], int64[::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], int64[:, ::1], float64)
# RUN: grid=6,10 block=8 args=np.arange(8 * 6 * 10, dtype=np.float32).reshape(8, 6, 10), np.array([10, 9, 8, 10, 7, 6, 10, 5]), np.random.default_rng(0).integers(0, 5, (8, 2)), np.random.default_rng(1).integers(0, 3, (8, 2)), np.random.default_rng(2).integers(0, 9, (8, 2)), np.random.default_rng(3).integers(0, 4, (8, 2)), 0.0
@cuda.jit()
def spec_augment_kernel(
    x: torch.Tensor,
    x_len: torch.Tensor,
    freq_starts: torch.Tensor,
    freq_widths: torch.Tensor,
    time_starts: torch.Tensor,
    time_widths: torch.Tensor,
    mask_value: float,
):
    """
    Numba CUDA kernel to perform SpecAugment in-place on the GPU.
    Parallelize over freq and time axis, parallel threads over batch.
    Sequential over masks (adaptive in time).

    Args:
        x: Pytorch tensor of shape [B, F, T] with the acoustic features.
        x_len: Pytorch tensor of shape [B] with the lengths of the padded sequence.
        freq_starts: Pytorch tensor of shape [B, M_f] with the start indices of freq masks.
        freq_widths: Pytorch tensor of shape [B, M_f] with the width of freq masks.
        time_starts: Pytorch tensor of shape [B, M_t] with the start indices of time masks.
        time_widths: Pytorch tensor of shape [B, M_t] with the width of time masks.
        mask_value: Float value that will be used as mask value.
    """
    f = cuda.blockIdx.x  # indexes the Freq dim
    t = cuda.blockIdx.y  # indexes the Time dim
    tid = cuda.threadIdx.x  # index of the current mask
    threads_per_block = cuda.blockDim.x

    # Compute the number of masks over freq axis
    len_f = freq_starts.shape[1]
    # For all samples in the batch, apply the freq mask
    for bidx in range(0, x.shape[0], threads_per_block):
        # Resolve the index of the batch (case where more masks than MAX_THREAD_BUFFER)
        bm_idx = bidx + tid

        # Access mask only if valid sample id in batch
        if bm_idx < x.shape[0]:
            # For `len_f` number of freq masks that must be applied
            for fidx in range(0, len_f):
                # Access the start index and width of this freq mask
                f_start = freq_starts[bm_idx, fidx]
                f_width = freq_widths[bm_idx, fidx]

                # If block idx `f` >= start and < (start + width) of this freq mask
                if f >= f_start and f < (f_start + f_width):
                    x[bm_idx, f, t] = mask_value

    # Compute the number of masks over time axis
    len_t = time_starts.shape[1]
    # For all samples in the batch, apply the time mask
    for b_idx in range(0, x.shape[0], threads_per_block):
        # Resolve the index of the batch (case where more masks than MAX_THREAD_BUFFER)
        bm_idx = b_idx + tid

        # Access mask only if valid sample id in batch
        if bm_idx < x.shape[0]:
            # For `len_t` number of freq masks that must be applied
            for tidx in range(0, len_t):
                # Access the start index and width of this time mask
                t_start = time_starts[bm_idx, tidx]
                t_width = time_widths[bm_idx, tidx]

                # If block idx `t` >= start and < (start + width) of this time mask
                if t >= t_start and t < (t_start + t_width):
                    # Current block idx `t` < current seq length x_len[b]
                    # This ensure that we mask only upto the length of that sample
                    # Everything after that index is padded value so unnecessary to mask
                    if t < x_len[bm_idx]:
                        x[bm_idx, f, t] = mask_value
