# Real Numba code from salesforce/warp-drive example_envs/single_agent/classic_control/cartpole/cartpole_step_numba.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's kernel.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

import numba.cuda as numba_driver
import math


# === CASE NumbaClassicControlCartPoleEnvStep
# SOURCE: salesforce/warp-drive example_envs/single_agent/classic_control/cartpole/cartpole_step_numba.py @ bac017ebb481, line 5
# KERNEL: NumbaClassicControlCartPoleEnvStep void(float32[:, :, ::1], int32[:, :, ::1], int32[::1], float32[:, ::1], float32[:, :, ::1], float64, float64, float64, float64, float64, float64, float64, float64, float64, int32[::1], int64)
# RUN: grid=3 block=1 args=np.array([[[0.01, 0.02, -0.03, 0.04]], [[2.39, 0.5, 0.1, 0.2]], [[0.0, -0.1, 0.2, 1.0]]], np.float32), np.array([[[1]], [[1]], [[0]]], np.int32), np.zeros(3, np.int32), np.zeros((3, 1), np.float32), np.zeros((3, 1, 4), np.float32), 9.8, 0.1, 1.1, 0.5, 0.05, 10.0, 0.02, 0.20943951, 2.4, np.array([0, 3, 9], np.int32), 10
@numba_driver.jit
def NumbaClassicControlCartPoleEnvStep(
        state_arr,
        action_arr,
        done_arr,
        reward_arr,
        observation_arr,
        gravity,
        masspole,
        total_mass,
        length,
        polemass_length,
        force_mag,
        tau,
        theta_threshold_radians,
        x_threshold,
        env_timestep_arr,
        episode_length):

    kEnvId = numba_driver.blockIdx.x
    kThisAgentId = numba_driver.threadIdx.x

    assert kThisAgentId == 0, "We only have one agent per environment"

    env_timestep_arr[kEnvId] += 1

    assert 0 < env_timestep_arr[kEnvId] <= episode_length

    reward_arr[kEnvId, kThisAgentId] = 0.0

    action = action_arr[kEnvId, kThisAgentId, 0]

    x = state_arr[kEnvId, kThisAgentId, 0]
    x_dot = state_arr[kEnvId, kThisAgentId, 1]
    theta = state_arr[kEnvId, kThisAgentId, 2]
    theta_dot = state_arr[kEnvId, kThisAgentId, 3]

    if action > 0.5:
        force = force_mag
    else:
        force = -force_mag

    costheta = math.cos(theta)
    sintheta = math.sin(theta)

    temp = (force + polemass_length * theta_dot ** 2 * sintheta) / total_mass
    thetaacc = (gravity * sintheta - costheta * temp) / (
            length * (4.0 / 3.0 - masspole * costheta ** 2 / total_mass)
    )
    xacc = temp - polemass_length * thetaacc * costheta / total_mass

    # we use kinematics_integrator == "euler", same as that in the original gym code
    x = x + tau * x_dot
    x_dot = x_dot + tau * xacc
    theta = theta + tau * theta_dot
    theta_dot = theta_dot + tau * thetaacc

    state_arr[kEnvId, kThisAgentId, 0] = x
    state_arr[kEnvId, kThisAgentId, 1] = x_dot
    state_arr[kEnvId, kThisAgentId, 2] = theta
    state_arr[kEnvId, kThisAgentId, 3] = theta_dot

    observation_arr[kEnvId, kThisAgentId, 0] = state_arr[kEnvId, kThisAgentId, 0]
    observation_arr[kEnvId, kThisAgentId, 1] = state_arr[kEnvId, kThisAgentId, 1]
    observation_arr[kEnvId, kThisAgentId, 2] = state_arr[kEnvId, kThisAgentId, 2]
    observation_arr[kEnvId, kThisAgentId, 3] = state_arr[kEnvId, kThisAgentId, 3]

    terminated = bool(
        x < -x_threshold
        or x > x_threshold
        or theta < -theta_threshold_radians
        or theta > theta_threshold_radians
    )

    # as long as not reset, we assign reward 1. This is consistent with original cartpole logic
    reward_arr[kEnvId, kThisAgentId] = 1.0

    if env_timestep_arr[kEnvId] == episode_length or terminated:
        done_arr[kEnvId] = 1
