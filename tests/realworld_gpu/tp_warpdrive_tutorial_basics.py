# Real Numba code from salesforce/warp-drive example_envs/dummy_env/tutorial_basics.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's kernel.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

import numba.cuda as numba_driver


# === CASE cuda_increment
# SOURCE: salesforce/warp-drive example_envs/dummy_env/tutorial_basics.py @ bac017ebb481, line 4
# KERNEL: cuda_increment void(float32[:, ::1], int64)
# RUN: grid=3 block=8 args=np.ones((3, 5), np.float32), 5
@numba_driver.jit
def cuda_increment(data, num_agents):
    env_id = numba_driver.blockIdx.x
    agent_id = numba_driver.threadIdx.x
    if agent_id < num_agents:
        increment = env_id + agent_id
        data[env_id, agent_id] += increment
