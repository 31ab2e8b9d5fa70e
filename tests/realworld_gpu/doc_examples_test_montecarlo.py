# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.


# === CASE mc_integrator_kernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/doc_examples/test_montecarlo.py @ b18b944b2f88, test: TestMonteCarlo.test_ex_montecarlo
# OUT-OF-SCOPE: random numbers (numba.cuda.random xoroshiro128p)
# KERNEL: mc_integrator_kernel -
@cuda.jit
def mc_integrator_kernel(out, rng_states, lower_lim, upper_lim):
    """
    kernel to draw random samples and evaluate the function to
    be integrated at those sample values
    """
    size = len(out)

    gid = cuda.grid(1)
    if gid < size:
        # draw a sample between 0 and 1 on this thread
        samp = xoroshiro128p_uniform_float32(rng_states, gid)

        # normalize this sample to the limit range
        samp = samp * (upper_lim - lower_lim) + lower_lim

        # evaluate the function to be
        # integrated at the normalized
        # value of the sample
        y = func(samp)
        out[gid] = y
