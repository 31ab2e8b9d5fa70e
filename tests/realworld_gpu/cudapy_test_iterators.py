# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_iterators.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
from numba import cuda
import numpy as np

# === CASE enumerator
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_iterators.py @ b18b944b2f88, test: TestIterators.test_enumerate
# KERNEL: enumerator void(int64[::1], int32[::1])
# RUN: grid=1 block=1 args=np.arange(10), np.zeros(1, np.int32)
@cuda.jit
def enumerator(x, error):
    count = 0

    for i, v in enumerate(x):
        if count != i:
            error[0] = 1
        if v != x[i]:
            error[0] = 2

        count += 1

    if count != len(x):
        error[0] = 3

# === CASE zipper
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_iterators.py @ b18b944b2f88, test: TestIterators.test_zip
# KERNEL: zipper void(int64[::1], int64[::1], int32[::1])
# RUN: grid=1 block=1 args=np.arange(10), np.arange(10) * 2, np.zeros(1, np.int32)
@cuda.jit
def zipper(x, y, error):
    i = 0

    for xv, yv in zip(x, y):
        if xv != x[i]:
            error[0] = 1
        if yv != y[i]:
            error[0] = 2

        i += 1

    if i != len(x):
        error[0] = 3

# === CASE enumerator_zipper
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_iterators.py @ b18b944b2f88, test: TestIterators.test_enumerate_zip
# KERNEL: enumerator_zipper void(int64[::1], int64[::1], int32[::1])
# RUN: grid=1 block=1 args=np.arange(10), np.arange(10) * 2, np.zeros(1, np.int32)
@cuda.jit
def enumerator_zipper(x, y, error):
    count = 0

    for i, (xv, yv) in enumerate(zip(x, y)):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3

        count += 1

    if count != len(x):
        error[0] = 4

# === CASE zipper_enumerator
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_iterators.py @ b18b944b2f88, test: TestIterators.test_zip_enumerate
# KERNEL: zipper_enumerator void(int64[::1], int64[::1], int32[::1])
# RUN: grid=1 block=1 args=np.arange(10), np.arange(10) * 2, np.zeros(1, np.int32)
@cuda.jit
def zipper_enumerator(x, y, error):
    count = 0

    for (i, xv), yv in zip(enumerate(x), y):
        if i != count:
            error[0] = 1
        if xv != x[i]:
            error[0] = 2
        if yv != y[i]:
            error[0] = 3

        count += 1

    if count != len(x):
        error[0] = 4
