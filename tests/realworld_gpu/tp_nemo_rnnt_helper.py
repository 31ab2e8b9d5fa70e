# Real Numba code from NVIDIA/NeMo nemo/collections/asr/parts/numba/rnnt_loss/utils/rnnt_helper.py at commit 8cfedd7203462cb251a914e700e5605444277561
# (Apache-2.0, Copyright (c) 2021 NVIDIA CORPORATION and Copyright 2018-2019 Mingkun Huang), copied unchanged: the module's kernel and the device function it calls.
# The module imports torch and a module of its package (global_constants), neither installed here: the
# prelude defers annotations (`from __future__ import annotations`: torch.Tensor annotations, which Numba
# ignores) and leaves those imports out (the kernel reaches neither).
# Each case is compiled by run.sh as
# this prelude followed by the case alone.

from __future__ import annotations

import math
from typing import Optional, Tuple

import numba
from numba import cuda


# === CASE compute_costs_data
# SOURCE: NVIDIA/NeMo nemo/collections/asr/parts/numba/rnnt_loss/utils/rnnt_helper.py @ 8cfedd720346, line 106
# KERNEL: compute_costs_data void(float32[::1], float32[::1], float64)
# RUN: grid=1 block=3 args=np.array([3.5, 4.25, 7.0], np.float32), np.zeros(3, np.float32), 0.001
@cuda.jit(device=True, inline=True)
def copy_data_1d(source: torch.Tensor, dest: torch.Tensor, idx: int):
    dest[idx] = source[idx]


@cuda.jit()
def compute_costs_data(source: torch.Tensor, dest: torch.Tensor, fastemit_lambda: float):
    block = cuda.blockIdx.x
    tid = cuda.threadIdx.x
    idx = block * cuda.blockDim.x + tid
    length = source.shape[0]

    if idx < length:
        copy_data_1d(source, dest, idx)
        dest[idx] *= -1.0
        dest[idx] *= numba.float32(1.0 + fastemit_lambda)
