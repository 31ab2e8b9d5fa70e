# Real Numba code from numba/numba-examples legacy/pi.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the whole file (its imports are the prelude; the case is the rest: the kernel, main() and the main block).
# Each case below is run by run.py as this prelude followed by the case alone.
#
# Copyright (c) 2017 Intel Corporation
# SPDX-License-Identifier: BSD-2-Clause
#

import numba
import numpy as np
import argparse
import time

# === CASE calc_pi
# SOURCE: numba/numba-examples legacy/pi.py @ c423f5419a45, line 11
# RUN: calc_pi 0
run_parallel = numba.config.NUMBA_NUM_THREADS > 1

@numba.njit(parallel=run_parallel)
def calc_pi(n):
    x = 2*np.random.ranf(n)-1
    y = 2*np.random.ranf(n)-1
    return 4*np.sum(x**2+y**2<1)/n

def main():
    parser = argparse.ArgumentParser(description='Calculate Pi.')
    parser.add_argument('--points', dest='points', type=int, default=20000000)
    args = parser.parse_args()
    points = args.points
    np.random.seed(0)

    t1 = time.time()
    pi = calc_pi(points)
    selftimed = time.time()-t1
    print("SELFTIMED ", selftimed)
    print("result: ", pi)

if __name__ == '__main__':
    main()
