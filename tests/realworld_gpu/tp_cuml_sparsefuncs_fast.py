# Real Numba code from rapidsai/cuml python/cuml/cuml/thirdparty_adapters/sparsefuncs_fast.py at commit 6ba691f856ac00ba6ea71d29b89548f3fde266f9
# (Apache-2.0, Copyright (c) 2020-2025, NVIDIA CORPORATION), copied unchanged: every kernel of the module, in order
# (the parent of "Consolidate sparse utilities" #8288, which moved the normalization kernels away).
# Left out of the prelude: `import cupy as cp` and `import cupyx as cpx`, which only the host code uses.
# Each case below is compiled by run.sh as this prelude followed by the case alone.

from math import ceil

from numba import cuda


# === CASE norm_step2_k
# SOURCE: rapidsai/cuml python/cuml/cuml/thirdparty_adapters/sparsefuncs_fast.py @ 6ba691f856ac, line 85
# KERNEL: norm_step2_k void(int32[::1], float64[::1], float64[::1])
# RUN: grid=1,1 block=8,4 args=np.array([0, 2, 5, 5, 8], dtype=np.int32), np.arange(1.0, 9.0), np.array([2.0, 4.0, 1.0, 8.0])
@cuda.jit
def norm_step2_k(indptr, data, norm):
    """Apply normalization

    Parameters
    ----------
    indptr : array
        indptr of sparse matrix
    data : array
        data of sparse matrix
    norm: array
        norm by which to divide columns
    """
    row_i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    inrow_idx = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y

    if row_i >= indptr.shape[0] - 1:
        return

    start = indptr[row_i]
    end = indptr[row_i + 1]
    if inrow_idx >= (end - start):
        return

    data[start + inrow_idx] /= norm[row_i]


# === CASE l1_step1_k
# SOURCE: rapidsai/cuml python/cuml/cuml/thirdparty_adapters/sparsefuncs_fast.py @ 6ba691f856ac, line 112
# KERNEL: l1_step1_k void(int32[::1], float64[::1], float64[::1])
# RUN: grid=1,1 block=8,4 args=np.array([0, 2, 5, 5, 8], dtype=np.int32), np.array([1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0, -8.0]), np.zeros(4)
@cuda.jit
def l1_step1_k(indptr, data, norm):
    """Compute norm for L1 normalization"""
    row_i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    inrow_idx = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y

    if row_i >= indptr.shape[0] - 1:
        return

    start = indptr[row_i]
    end = indptr[row_i + 1]
    if inrow_idx >= (end - start):
        return

    val = abs(data[start + inrow_idx])
    cuda.atomic.add(norm, row_i, val)


# === CASE l2_step1_k
# SOURCE: rapidsai/cuml python/cuml/cuml/thirdparty_adapters/sparsefuncs_fast.py @ 6ba691f856ac, line 154
# KERNEL: l2_step1_k void(int32[::1], float64[::1], float64[::1])
# RUN: grid=1,1 block=8,4 args=np.array([0, 2, 5, 5, 8], dtype=np.int32), np.array([1.0, -2.0, 3.0, -4.0, 5.0, -6.0, 7.0, -8.0]), np.zeros(4)
@cuda.jit
def l2_step1_k(indptr, data, norm):
    """Compute norm for L2 normalization"""
    row_i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    inrow_idx = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y

    if row_i >= indptr.shape[0] - 1:
        return

    start = indptr[row_i]
    end = indptr[row_i + 1]
    if inrow_idx >= (end - start):
        return

    val = data[start + inrow_idx]
    val *= val
    cuda.atomic.add(norm, row_i, val)


# === CASE perform_expansion
# SOURCE: rapidsai/cuml python/cuml/cuml/thirdparty_adapters/sparsefuncs_fast.py @ 6ba691f856ac, line 236
# KERNEL: perform_expansion void(int32[::1], int32[::1], float64[::1], float64[::1], int32[::1], int64, int64, int64, int32[::1])
# RUN: grid=1,1 block=4,16 args=np.array([0, 2, 5, 6], dtype=np.int32), np.array([0, 2, 1, 2, 3, 3], dtype=np.int32), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), np.zeros(15), np.zeros(15, dtype=np.int32), 4, 0, 3, np.array([0, 4, 14, 15], dtype=np.int32)
@cuda.jit(device=True, inline=True)
def _deg2_column(d, i, j, interaction_only):
    """Compute the index of the column for a degree 2 expansion

    d is the dimensionality of the input data, i and j are the indices
    for the columns involved in the expansion.
    """
    if interaction_only:
        return int(d * i - (i**2 + 3 * i) / 2 - 1 + j)
    else:
        return int(d * i - (i**2 + i) / 2 + j)

@cuda.jit(device=True, inline=True)
def _deg3_column(d, i, j, k, interaction_only):
    """Compute the index of the column for a degree 3 expansion

    d is the dimensionality of the input data, i, j and k are the indices
    for the columns involved in the expansion.
    """
    if interaction_only:
        return int(
            (3 * d**2 * i - 3 * d * i**2 + i**3 + 11 * i - 3 * j**2 - 9 * j)
            / 6
            + i**2
            - 2 * d * i
            + d * j
            - d
            + k
        )
    else:
        return int(
            (3 * d**2 * i - 3 * d * i**2 + i**3 - i - 3 * j**2 - 3 * j) / 6
            + d * j
            + k
        )

@cuda.jit
def perform_expansion(
    indptr,
    indices,
    data,
    expanded_data,
    expanded_indices,
    d,
    interaction_only,
    degree,
    expanded_indptr,
):
    """Kernel applying polynomial expansion on CSR matrix"""
    row_i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    inrow_idx = cuda.blockIdx.y * cuda.blockDim.y + cuda.threadIdx.y

    if row_i >= indptr.shape[0] - 1:
        return

    expanded_index = expanded_indptr[row_i] + inrow_idx
    if expanded_index >= expanded_indptr[row_i + 1]:
        return

    row_starts = indptr[row_i]
    row_ends = indptr[row_i + 1]

    i_ptr = row_starts
    j_ptr = -1
    k_ptr = inrow_idx

    if degree == 2:
        j_ptr = inrow_idx
        for i in range(row_starts, row_ends):
            diff = row_ends - i - interaction_only
            if j_ptr >= diff:
                j_ptr -= diff
            else:
                i_ptr = i
                break
        j_ptr += i_ptr + interaction_only
    else:
        # degree == 3
        diff = 0
        for i in range(row_starts, row_ends):
            for j in range(i + interaction_only, row_ends):
                diff = row_ends - j - interaction_only
                if k_ptr >= diff:
                    k_ptr -= diff
                else:
                    j_ptr = j
                    i_ptr = i
                    break
            if j_ptr != -1:
                break

        k_ptr += j_ptr + interaction_only

    i = indices[i_ptr]
    j = indices[j_ptr]

    if degree == 2:
        col = _deg2_column(d, i, j, interaction_only)
        expanded_indices[expanded_index] = col
        expanded_data[expanded_index] = data[i_ptr] * data[j_ptr]
    else:
        # degree == 3
        k = indices[k_ptr]
        col = _deg3_column(d, i, j, k, interaction_only)
        expanded_indices[expanded_index] = col
        expanded_data[expanded_index] = data[i_ptr] * data[j_ptr] * data[k_ptr]
