# Real Numba code from salesforce/warp-drive warp_drive/numba_includes/core/log.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's four kernels and the device functions they call.
# The module star-imports warp_drive.numba_includes.env_config, a file warp-drive writes at run time from
# warp_drive/numba_includes/template_env_config.txt; the prelude has that template filled in for 2 environments of 5 agents instead.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

from numba import cuda as numba_driver

# warp_drive/numba_includes/env_config.py as warp-drive writes it from template_env_config.txt (2 envs, 5 agents)
wkNumberEnvs = 2
wkNumberAgents = 5
wkBlocksPerEnv = 1


# === CASE reset_log_mask
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/log.py @ bac017ebb481, line 17
# KERNEL: reset_log_mask void(int32[::1], int64)
# RUN: grid=1 block=32 args=np.ones(11, np.int32), 10
@numba_driver.jit
def reset_log_mask(log_mask, episode_length):
    tidx = numba_driver.threadIdx.x
    if tidx == 0:
        for i in range(episode_length + 1):
            log_mask[i] = 0


# === CASE update_log_mask
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/log.py @ bac017ebb481, line 25
# KERNEL: update_log_mask void(int32[::1], int64, int64)
# RUN: grid=1 block=32 args=np.array([1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0], np.int32), 3, 10
@numba_driver.jit
def update_log_mask(log_mask, timestep, episode_length):
    tidx = numba_driver.threadIdx.x
    if tidx == 0 and timestep <= episode_length:
        if timestep >= 1:
            assert log_mask[timestep - 1] == 1
        log_mask[timestep] = 1


# === CASE log_one_step_2d
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/log.py @ bac017ebb481, line 45
# KERNEL: log_one_step_2d void(float32[:, ::1], float32[:, ::1], int64, int64, int64)
# RUN: grid=1 block=8 args=np.zeros((11, 5), np.float32), np.arange(10, dtype=np.float32).reshape(2, 5), 3, 10, 1
@numba_driver.jit(device=True, inline=True)
def log_one_step_2d_helper(log, data, timestep, agent_id, env_id):
    log[timestep, agent_id] = data[env_id, agent_id]


@numba_driver.jit
def log_one_step_2d(log, data, timestep, episode_length, env_id):
    agent_id = numba_driver.grid(1)
    # only run threads in the first block
    if agent_id >= wkNumberAgents:
        return
    if timestep > episode_length:
        return

    log_one_step_2d_helper(log, data, timestep, agent_id, env_id)


# === CASE log_one_step_3d
# SOURCE: salesforce/warp-drive warp_drive/numba_includes/core/log.py @ bac017ebb481, line 57
# KERNEL: log_one_step_3d void(float32[:, :, ::1], float32[:, :, ::1], int64, int64, int64, int64)
# RUN: grid=1 block=8 args=np.zeros((11, 5, 3), np.float32), np.arange(30, dtype=np.float32).reshape(2, 5, 3), 3, 4, 10, 1
@numba_driver.jit(device=True, inline=True)
def log_one_step_3d_helper(log, data, feature_dim, timestep, agent_id, env_id):
    for i in range(feature_dim):
        log[timestep, agent_id, i] = data[env_id, agent_id, i]


@numba_driver.jit
def log_one_step_3d(log, data, feature_dim, timestep, episode_length, env_id):
    agent_id = numba_driver.grid(1)
    # only run threads in the first block
    if agent_id >= wkNumberAgents:
        return
    if timestep > episode_length:
        return

    log_one_step_3d_helper(log, data, feature_dim, timestep, agent_id, env_id)
