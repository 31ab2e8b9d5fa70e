# Real Numba code from salesforce/warp-drive warp_drive/numba_includes/core/pool_reset.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's three kernels (its init_random_for_reset is host code).
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

from numba import cuda as numba_driver
from numba import float32, int32, from_dtype
from numba.cuda.random import init_xoroshiro128p_states, xoroshiro128p_uniform_float32
import numpy as np

xoroshiro128p_type = from_dtype(np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True))


# === CASE reset_when_done_1d_from_pool
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/pool_reset.py @ bac017ebb481, line 15
# KERNEL: reset_when_done_1d_from_pool void(uint64[:, ::1], float32[::1], float32[::1], int32[::1], int64)
# RUN: grid=2 block=4 args=xoroshiro128p_states(2, seed=7), np.zeros(2, np.float32), np.arange(8, dtype=np.float32) * 1.5, np.array([1, 0], np.int32), 0
@numba_driver.jit
def reset_when_done_1d_from_pool(rng_states, data, ref, done, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if tid == 0:
        if force_reset > 0.5 or done[env_id] > 0.5:
            p = xoroshiro128p_uniform_float32(rng_states, env_id)
            ref_id_float = p * ref.shape[0]
            ref_id = int(ref_id_float)
            data[env_id] = ref[ref_id]


# === CASE reset_when_done_2d_from_pool
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/pool_reset.py @ bac017ebb481, line 29
# KERNEL: reset_when_done_2d_from_pool void(uint64[:, ::1], float32[:, ::1], float32[:, ::1], int32[::1], int64, int64)
# RUN: grid=2 block=4 args=xoroshiro128p_states(2, seed=7), np.zeros((2, 3), np.float32), np.arange(24, dtype=np.float32).reshape(8, 3), np.array([1, 1], np.int32), 3, 0
@numba_driver.jit
def reset_when_done_2d_from_pool(rng_states, data, ref, done, feature_dim, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if force_reset > 0.5 or done[env_id] > 0.5:
        p = xoroshiro128p_uniform_float32(rng_states, env_id)
        ref_id_float = p * ref.shape[0]
        ref_id = int(ref_id_float)
        if tid < feature_dim:
            data[env_id, tid] = ref[ref_id, tid]


# === CASE reset_when_done_3d_from_pool
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/pool_reset.py @ bac017ebb481, line 43
# KERNEL: reset_when_done_3d_from_pool void(uint64[:, ::1], int32[:, :, ::1], int32[:, :, ::1], int32[::1], int64, int64, int64)
# RUN: grid=2 block=8 args=xoroshiro128p_states(2, seed=7), np.zeros((2, 5, 3), np.int32), np.arange(120, dtype=np.int32).reshape(8, 5, 3), np.array([0, 1], np.int32), 5, 3, 0
@numba_driver.jit
def reset_when_done_3d_from_pool(rng_states, data, ref, done, agent_dim, feature_dim, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if force_reset > 0.5 or done[env_id] > 0.5:
        p = xoroshiro128p_uniform_float32(rng_states, env_id)
        ref_id_float = p * ref.shape[0]
        ref_id = int(ref_id_float)
        if tid < agent_dim:
            for i in range(feature_dim):
                data[env_id, tid, i] = ref[ref_id, tid, i]
