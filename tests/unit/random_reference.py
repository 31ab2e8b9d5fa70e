"""random_reference.py — the reference states of tests/unit/test_random.c: what Numba's
numba.cuda.random.init_xoroshiro128p_states_cpu (the CPU code create_xoroshiro128p_states runs;
numba-cuda's random.py is the same algorithm) makes, printed as the C table REFERENCE.
    build/venv/bin/python tests/unit/random_reference.py
"""
import numpy as np

if not hasattr(np, "row_stack"):  # numba's cuda package still names it
    np.row_stack = np.vstack
import numba.cuda.random as r

# (seed, subsequence_start, n, indices to print)
CASES = [(42, 0, 5, range(5)), (1, 3, 4, range(4)), (12345678901234567890, 0, 3, range(3)),
         (7, 2, 300, [255, 299])]

for seed, sub, n, show in CASES:
    st = np.zeros(n, dtype=r.xoroshiro128p_dtype)
    r.init_xoroshiro128p_states_cpu(st, np.uint64(seed), np.uint64(sub))
    w = st.view(np.uint64).reshape(n, 2)
    for i in show:
        print(f"    {{{seed}u, {sub}u, {n}, {i}, {{0x{w[i, 0]:016x}u, 0x{w[i, 1]:016x}u}}}},")
