# Real Numba code from salesforce/warp-drive example_envs/dummy_env/test_step_numba.py at commit bac017ebb481714bee8f6b0ec75a67d3a2e034d3
# (BSD-3-Clause, Copyright (c) 2021 salesforce.com, inc.), copied unchanged: the module's kernel.
# The module star-imports warp_drive.numba_includes.env_config, a file warp-drive writes at run time from
# warp_drive/numba_includes/template_env_config.txt; the prelude has that template filled in for 2 environments of 5 agents instead.
# The prelude has the module's imports.
# Each case is compiled by run.sh as this prelude followed by the case alone.

from numba import cuda as numba_driver
from numba import int32

# warp_drive/numba_includes/env_config.py as warp-drive writes it from template_env_config.txt (2 envs, 5 agents)
wkNumberEnvs = 2
wkNumberAgents = 5
wkBlocksPerEnv = 1


# === CASE testkernel
# SOURCE: salesforce/warp-drive example_envs/dummy_env/test_step_numba.py @ bac017ebb481, line 17
# KERNEL: testkernel void(float32[:, ::1], float32[:, ::1], int32[::1], int32[:, :, ::1], float64, float64, int64, int64)
# RUN: grid=2 block=5 args=np.arange(10, dtype=np.float32).reshape(2, 5), np.arange(10, dtype=np.float32).reshape(2, 5) / 4, np.zeros(2, np.int32), np.zeros((2, 5, 3), np.int32), 2.0, 3.0, 4, 10
@numba_driver.jit
def testkernel(x, y, done, actions, multiplier, target, step, episode_length):
    reach_target = numba_driver.shared.array(1, dtype=int32)
    env_id = numba_driver.blockIdx.x
    agent_id = numba_driver.threadIdx.x
    # this serves as the leading agent for each block
    # since we have shared memory residing in each block
    action_dim = 3

    if agent_id == 0:
        reach_target[0] = 0

    if agent_id < wkNumberAgents:
        x[env_id, agent_id] = x[env_id, agent_id] / multiplier
        y[env_id, agent_id] = y[env_id, agent_id] * multiplier

        if y[env_id, agent_id] >= target:
            numba_driver.atomic.add(reach_target, 0, 1)

        for i in range(action_dim):
            actions[env_id, agent_id, i] = i

        numba_driver.syncthreads()

        if step == episode_length or reach_target[0] > 0:
            if agent_id == 0:
                numba_driver.atomic.max(done, env_id, 1)
