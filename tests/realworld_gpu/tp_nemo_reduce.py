# Real Numba code from NVIDIA/NeMo nemo/collections/asr/parts/numba/rnnt_loss/utils/cuda_utils/reduce.py at commit 8cfedd7203462cb251a914e700e5605444277561
# (Apache-2.0, Copyright (c) 2021 NVIDIA CORPORATION and Copyright 2018-2019 Mingkun Huang), copied unchanged: the module's two kernels and the device function CTAReduce they share.
# The module imports torch and `from ... import global_constants, rnnt_helper`, modules of its own package (nemo.collections.asr.parts.numba.rnnt_loss.utils);
# neither is installed here, so the prelude defers annotations (`from __future__ import annotations`: the
# kernels annotate parameters with torch.Tensor, which Numba ignores) and stands in for the package
# modules with module objects (types.ModuleType) holding the code of theirs the kernels reach, copied
# unchanged from the same commit.
# Each case is compiled by run.sh as this prelude followed by the case alone.

from __future__ import annotations

import enum
import math
import types

from numba import cuda

# --- stand-in for the module global_constants (nemo/collections/asr/parts/numba/rnnt_loss/utils/global_constants.py lines 33-38 and its getters)
from numba import float32

# Internal globals
_THREADS_PER_BLOCK = 32
_WARP_SIZE = 32
_DTYPE = float32


def warp_size():
    global _WARP_SIZE
    return _WARP_SIZE


def dtype():
    global _DTYPE
    return _DTYPE


global_constants = types.ModuleType("global_constants")
global_constants.warp_size = warp_size
global_constants.dtype = dtype

# --- stand-in for the module rnnt_helper (nemo/collections/asr/parts/numba/rnnt_loss/utils/rnnt_helper.py: the device functions the kernels call)
@cuda.jit(device=True)
def maximum(x, y):
    if x < y:
        return y
    else:
        return x


@cuda.jit(device=True)
def add(x, y):
    return x + y


@cuda.jit(device=True)
def identity(x):
    return x


@cuda.jit(device=True)
def exponential(x):
    return math.exp(x)


rnnt_helper = types.ModuleType("rnnt_helper")
rnnt_helper.maximum = maximum
rnnt_helper.add = add
rnnt_helper.identity = identity
rnnt_helper.exponential = exponential

# --- nemo/collections/asr/parts/numba/rnnt_loss/utils/cuda_utils/reduce.py: its module constants, op enums and the shared device function
warp_size = global_constants.warp_size()
dtype = global_constants.dtype()

CTA_REDUCE_SIZE = 128



class I_Op(enum.Enum):
    """
    Represents an operation that is performed on the input tensor
    """

    EXPONENTIAL = 0
    IDENTITY = 1


class R_Op(enum.Enum):
    """
    Represents a reduction operation performed on the input tensor
    """

    ADD = 0
    MAXIMUM = 1


@cuda.jit(device=True)
def CTAReduce(tid: int, x, storage, count: int, R_opid: int):
    """
    CUDA Warp reduction kernel.

    It is a device kernel to be called by other kernels.

    The data will be read from the right segement recursively, and reduced (ROP) onto the left half.
    Operation continues while warp size is larger than a given offset.
    Beyond this offset, warp reduction is performed via `shfl_down_sync`, which halves the reduction
    space and sums the two halves at each call.

    Note:
        Efficient warp occurs at input shapes of 2 ^ K.

    References:
        - Warp Primitives [https://developer.nvidia.com/blog/using-cuda-warp-level-primitives/]

    Args:
        tid: CUDA thread index
        x: activation. Single float.
        storage: shared memory of size CTA_REDUCE_SIZE used for reduction in parallel threads.
        count: equivalent to num_rows, which is equivalent to alphabet_size (V+1)
        R_opid: Operator ID for reduction. See R_Op for more information.
    """
    storage[tid] = x

    cuda.syncthreads()

    # Fold the data in half with each pass
    offset = CTA_REDUCE_SIZE // 2
    while offset >= warp_size:
        if (tid + offset) < count and tid < offset:
            # Read from the right half and store to the left half.
            if R_opid == 0:
                x = rnnt_helper.add(x, storage[offset + tid])
            else:
                x = rnnt_helper.maximum(x, storage[offset + tid])

            storage[tid] = x

        cuda.syncthreads()
        offset = offset // 2

    offset = warp_size // 2
    while offset > 0:
        # warp reduction and sync
        shuff = cuda.shfl_down_sync(0xFFFFFFFF, x, offset)

        if (tid + offset < count) and (tid < offset):
            if R_opid == 0:
                x = rnnt_helper.add(x, shuff)
            else:
                x = rnnt_helper.maximum(x, shuff)

        offset = offset // 2

    return x


# === CASE _reduce_rows
# SOURCE: NVIDIA/NeMo nemo/collections/asr/parts/numba/rnnt_loss/utils/cuda_utils/reduce.py @ 8cfedd720346, line 121
# OUT-OF-SCOPE: reaches functions of other modules of its package through module objects (rnnt_helper.NAME, global_constants.warp_size()); jitc compiles one file
# KERNEL: _reduce_rows void(int64, int64, float32[::1], float32[::1], int64)
# RUN: grid=4 block=128 args=1, 1, np.random.default_rng(0).standard_normal(640).astype(np.float32), np.zeros(4, np.float32), 160
@cuda.jit()
def _reduce_rows(I_opid: int, R_opid: int, acts, output, num_rows: int):
    """
    CUDA Warp reduction kernel which reduces via the R_Op.Maximum

    Reduces the input data such that I_Op = Identity and R_op = Maximum.
    The result is stored in the blockIdx, and is stored as an identity op.

    Note:
        Efficient warp occurs at input shapes of 2 ^ K.

    References:
        - Warp Primitives [https://developer.nvidia.com/blog/using-cuda-warp-level-primitives/]

    Args:
        I_opid: Operator ID for input. See I_Op for more information. For this kernel,
            the Identity op is chosen in general, and therefore the input is reduced in place
            without scaling.
        R_opid: Operator ID for reduction. See R_Op for more information.
            For this kernel, generally Maximum op is chosen. It reduces the kernel via max.
        acts: Flatened activation matrix of shape [B * T * U * (V+1)].
        output: Flatened output matrix of shape [B * T * U * (V+1)]. Data will be overwritten.
        num_rows: Vocabulary size (including blank token) - V+1.
    """
    tid = cuda.threadIdx.x
    idx = tid
    col = cuda.blockIdx.x

    # allocate shared thread memory
    storage = cuda.shared.array(shape=(CTA_REDUCE_SIZE,), dtype=acts.dtype)

    max = output[col]

    # // Each block works on a column
    if idx < num_rows:
        curr = acts[col * num_rows + idx] - max
        if I_opid == 0:
            curr = rnnt_helper.exponential(curr)
        else:
            curr = rnnt_helper.identity(curr)

    idx += CTA_REDUCE_SIZE

    while idx < num_rows:
        activation_ = acts[col * num_rows + idx] - max

        if I_opid == 0 and R_opid == 0:
            curr = rnnt_helper.add(curr, rnnt_helper.exponential(activation_))
        elif I_opid == 0 and R_opid == 1:
            curr = rnnt_helper.maximum(curr, rnnt_helper.exponential(activation_))
        elif I_opid == 1 and R_opid == 0:
            curr = rnnt_helper.add(curr, rnnt_helper.identity(activation_))
        else:
            curr = rnnt_helper.maximum(curr, rnnt_helper.identity(activation_))

        idx += CTA_REDUCE_SIZE

    # // Sum thread-totals over the CTA.
    curr = CTAReduce(tid, curr, storage, num_rows, R_opid)

    # // Store result in out (inplace, I_op: identity)
    if tid == 0:
        output[col] = curr


# === CASE _reduce_minus
# SOURCE: NVIDIA/NeMo nemo/collections/asr/parts/numba/rnnt_loss/utils/cuda_utils/reduce.py @ 8cfedd720346, line 186
# OUT-OF-SCOPE: reaches functions of other modules of its package through module objects (rnnt_helper.NAME, global_constants.warp_size()); jitc compiles one file
# KERNEL: _reduce_minus void(int64, int64, float32[::1], float32[::1], int64)
# RUN: grid=4 block=128 args=0, 0, np.random.default_rng(0).standard_normal(640).astype(np.float32), np.random.default_rng(0).standard_normal(640).astype(np.float32).reshape(4, 160).max(1), 160
@cuda.jit()
def _reduce_minus(I_opid: int, R_opid: int, acts, output, num_rows: int):
    """
    CUDA Warp reduction kernel which reduces via the R_Op.Add

    Reduces the input data such that I_Op = Exponential and R_op = Add.
    The result is stored in the blockIdx, and is stored as an exp op.

    Note:
        Efficient warp occurs at input shapes of 2 ^ K.

    References:
        - Warp Primitives [https://developer.nvidia.com/blog/using-cuda-warp-level-primitives/]

    Args:
        I_opid: Operator ID for input. See I_Op for more information. For this kernel,
            the Exponential op is chosen in general, and therefore the input is reduced in place
            with scaling.
        R_opid: Operator ID for reduction. See R_Op for more information.
            For this kernel, generally Add op is chosen. It reduces the kernel via summation.
        acts: Flatened activation matrix of shape [B * T * U * (V+1)].
        output: Flatened output matrix of shape [B * T * U * (V+1)]. Data will be overwritten.
        num_rows: Vocabulary size (including blank token) - V+1.
    """
    tid = cuda.threadIdx.x
    idx = tid
    col = cuda.blockIdx.x

    # allocate shared thread memory
    storage = cuda.shared.array(shape=(CTA_REDUCE_SIZE,), dtype=acts.dtype)

    max = output[col]

    # // Each block works on a column
    if idx < num_rows:
        curr = acts[col * num_rows + idx] - max
        if I_opid == 0:
            curr = rnnt_helper.exponential(curr)
        else:
            curr = rnnt_helper.identity(curr)

    idx += CTA_REDUCE_SIZE

    while idx < num_rows:
        activation_ = acts[col * num_rows + idx] - max

        if I_opid == 0 and R_opid == 0:
            curr = rnnt_helper.add(curr, rnnt_helper.exponential(activation_))
        elif I_opid == 0 and R_opid == 1:
            curr = rnnt_helper.maximum(curr, rnnt_helper.exponential(activation_))
        elif I_opid == 1 and R_opid == 0:
            curr = rnnt_helper.add(curr, rnnt_helper.identity(activation_))
        else:
            curr = rnnt_helper.maximum(curr, rnnt_helper.identity(activation_))

        idx += CTA_REDUCE_SIZE

    # // Sum thread-totals over the CTA.
    curr = CTAReduce(tid, curr, storage, num_rows, R_opid)

    # // Store result in out (inplace, I_op: exponential)
    if tid == 0:
        output[col] = -max - math.log(curr)
