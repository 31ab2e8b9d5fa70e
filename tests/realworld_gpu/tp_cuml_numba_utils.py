# Real Numba code from rapidsai/cuml python/cuml/cuml/common/numba_utils.py at commit e1346da503a9f932ecf7df49c74d67b68884ba61
# (Apache-2.0, Copyright (c) 2018-2023, NVIDIA CORPORATION), copied unchanged: the two kernels of the module
# (removed from cuml in "Drop numba_utils" #6396, so taken from its parent commit). The module gets
# `cuda` as `gpu_only_import_from("numba", "cuda")` (cuml.internals.safe_imports, which returns numba.cuda):
# here that is the plain import it stands for.
# Each case below is compiled by run.sh as this prelude followed by the case alone.
from numba.cuda.cudadrv.driver import driver
from numba import cuda


# === CASE gpu_zeros_1d
# SOURCE: rapidsai/cuml python/cuml/cuml/common/numba_utils.py @ e1346da503a9, line 26
# KERNEL: gpu_zeros_1d void(float32[::1])
# RUN: grid=4 block=32 args=np.arange(1.0, 101.0, dtype=np.float32)
@cuda.jit
def gpu_zeros_1d(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = 0


# === CASE gpu_zeros_2d
# SOURCE: rapidsai/cuml python/cuml/cuml/common/numba_utils.py @ e1346da503a9, line 33
# KERNEL: gpu_zeros_2d void(float64[:, :])
# RUN: grid=2,2 block=8,8 args=np.arange(1.0, 121.0).reshape(12, 10)
@cuda.jit
def gpu_zeros_2d(out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i][j] = 0
