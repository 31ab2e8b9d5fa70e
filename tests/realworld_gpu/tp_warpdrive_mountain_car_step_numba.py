# Real Numba code from salesforce/warp-drive example_envs/single_agent/classic_control/mountain_car/mountain_car_step_numba.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's kernel and the @numba_driver.jit function _clip it calls as a device function.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

import numba.cuda as numba_driver
import math


# === CASE NumbaClassicControlMountainCarEnvStep
# SOURCE: salesforce/warp-drive example_envs/single_agent/classic_control/mountain_car/mountain_car_step_numba.py @ bac017ebb481, line 14
# KERNEL: NumbaClassicControlMountainCarEnvStep void(float32[:, :, ::1], int32[:, :, ::1], int32[::1], float32[:, ::1], float32[:, :, ::1], float64, float64, float64, float64, float64, float64, float64, int32[::1], int64)
# RUN: grid=3 block=1 args=np.array([[[-0.5, 0.0]], [[0.49, 0.06]], [[-1.19, -0.05]]], np.float32), np.array([[[1]], [[2]], [[0]]], np.int32), np.zeros(3, np.int32), np.zeros((3, 1), np.float32), np.zeros((3, 1, 2), np.float32), -1.2, 0.6, 0.07, 0.5, 0.0, 0.001, 0.0025, np.array([0, 3, 9], np.int32), 10
@numba_driver.jit
def _clip(v, min, max):
    if v < min:
        return min
    if v > max:
        return max
    return v


@numba_driver.jit
def NumbaClassicControlMountainCarEnvStep(
        state_arr,
        action_arr,
        done_arr,
        reward_arr,
        observation_arr,
        min_position,
        max_position,
        max_speed,
        goal_position,
        goal_velocity,
        force,
        gravity,
        env_timestep_arr,
        episode_length):

    kEnvId = numba_driver.blockIdx.x
    kThisAgentId = numba_driver.threadIdx.x

    assert kThisAgentId == 0, "We only have one agent per environment"

    env_timestep_arr[kEnvId] += 1

    assert 0 < env_timestep_arr[kEnvId] <= episode_length

    reward_arr[kEnvId, kThisAgentId] = 0.0

    action = action_arr[kEnvId, kThisAgentId, 0]

    position = state_arr[kEnvId, kThisAgentId, 0]
    velocity = state_arr[kEnvId, kThisAgentId, 1]

    velocity += (action - 1) * force + math.cos(3 * position) * (-gravity)
    velocity = _clip(velocity, -max_speed, max_speed)
    position += velocity
    position = _clip(position, min_position, max_position)
    if position == min_position and velocity < 0:
        velocity = 0

    state_arr[kEnvId, kThisAgentId, 0] = position
    state_arr[kEnvId, kThisAgentId, 1] = velocity

    observation_arr[kEnvId, kThisAgentId, 0] = state_arr[kEnvId, kThisAgentId, 0]
    observation_arr[kEnvId, kThisAgentId, 1] = state_arr[kEnvId, kThisAgentId, 1]

    terminated = bool(
        position >= goal_position and velocity >= goal_velocity
    )

    # as long as not reset, we assign reward -1. This is consistent with original cartpole logic
    reward_arr[kEnvId, kThisAgentId] = -1.0

    if env_timestep_arr[kEnvId] == episode_length:
        done_arr[kEnvId] = 1
    elif terminated:
        done_arr[kEnvId] = 2
