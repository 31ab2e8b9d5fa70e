# Real Numba code from rapidsai/cuml python/cuml/cuml/preprocessing/text/stem/porter_stemmer_utils/suffix_utils.py at commit e1346da503a9f932ecf7df49c74d67b68884ba61
# (Apache-2.0, Copyright (c) 2020-2024, NVIDIA CORPORATION), copied unchanged: the kernel of the module (removed with
# the Porter stemmer, so taken from the parent of "Drop numba_utils" #6396). The module gets `cuda` as
# `gpu_only_import_from("numba", "cuda")` (numba.cuda); its cudf, cupy and numpy imports serve only host code.
# Each case below is compiled by run.sh as this prelude followed by the case alone.
from numba import cuda


# === CASE subtract_valid
# SOURCE: rapidsai/cuml python/cuml/cuml/preprocessing/text/stem/porter_stemmer_utils/suffix_utils.py @ e1346da503a9, line 79
# KERNEL: subtract_valid void(int32[::1], boolean[::1], int64)
# RUN: grid=2 block=32 args=np.arange(5, 55, dtype=np.int32), np.arange(50) % 3 == 0, 2
@cuda.jit()
def subtract_valid(input_array, valid_bool_array, sub_val):
    pos = cuda.grid(1)
    if pos < input_array.size:
        if valid_bool_array[pos]:
            input_array[pos] = input_array[pos] - sub_val
