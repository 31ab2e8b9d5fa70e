# Real Numba code from salesforce/warp-drive warp_drive/numba_includes/core/reset.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's four kernels.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

from numba import cuda as numba_driver
from numba import float32, int32


# === CASE reset_when_done_1d
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/reset.py @ bac017ebb481, line 7
# KERNEL: reset_when_done_1d void(float32[::1], float32[::1], int32[::1], int64)
# RUN: grid=2 block=4 args=np.array([5.0, 6.0], np.float32), np.array([0.5, 1.5], np.float32), np.array([0, 1], np.int32), 0
@numba_driver.jit
def reset_when_done_1d(data, ref, done, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if tid == 0:
        if force_reset > 0.5 or done[env_id] > 0.5:
            data[env_id] = ref[env_id]


# === CASE reset_when_done_2d
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/reset.py @ bac017ebb481, line 18
# KERNEL: reset_when_done_2d void(float32[:, ::1], float32[:, ::1], int32[::1], int64, int64)
# RUN: grid=2 block=5 args=np.ones((2, 5), np.float32), np.arange(10, dtype=np.float32).reshape(2, 5), np.array([1, 0], np.int32), 5, 0
@numba_driver.jit
def reset_when_done_2d(data, ref, done, feature_dim, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if force_reset > 0.5 or done[env_id] > 0.5:
        if tid < feature_dim:
            data[env_id, tid] = ref[env_id, tid]


# === CASE reset_when_done_3d
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/reset.py @ bac017ebb481, line 29
# KERNEL: reset_when_done_3d void(int32[:, :, ::1], int32[:, :, ::1], int32[::1], int64, int64, int64)
# RUN: grid=2 block=8 args=np.ones((2, 5, 3), np.int32), np.arange(30, dtype=np.int32).reshape(2, 5, 3), np.array([0, 1], np.int32), 5, 3, 0
@numba_driver.jit
def reset_when_done_3d(data, ref, done, agent_dim, feature_dim, force_reset):
    env_id = numba_driver.blockIdx.x
    tid = numba_driver.threadIdx.x
    if force_reset > 0.5 or done[env_id] > 0.5:
        if tid < agent_dim:
            for i in range(feature_dim):
                data[env_id, tid, i] = ref[env_id, tid, i]


# === CASE undo_done_flag_and_reset_timestep
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/reset.py @ bac017ebb481, line 39
# KERNEL: undo_done_flag_and_reset_timestep void(int32[::1], int32[::1], int32)
# RUN: grid=2 block=5 args=np.array([1, 0], np.int32), np.array([10, 4], np.int32), 0
@numba_driver.jit((int32[::1], int32[::1], int32))
def undo_done_flag_and_reset_timestep(done, timestep, force_reset):
    agent_id = numba_driver.threadIdx.x
    env_id = numba_driver.blockIdx.x
    if force_reset > 0.5 or done[env_id] > 0.5:
        if agent_id == 0:
            done[env_id] = 0
            timestep[env_id] = 0
