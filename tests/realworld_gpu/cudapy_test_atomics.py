# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import uint32, uint64, float32, float64, int32


@cuda.jit(device=True)
def atomic_cast_to_uint64(num):
    return uint64(num)


@cuda.jit(device=True)
def atomic_cast_to_int(num):
    return int(num)


@cuda.jit(device=True)
def atomic_cast_none(num):
    return num


@cuda.jit(device=True)
def atomic_binary_1dim_shared(
    ary,
    idx,
    op2,
    ary_dtype,
    ary_nelements,
    binop_func,
    cast_func,
    initializer,
    neg_idx,
):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(ary_nelements, ary_dtype)
    sm[tid] = initializer
    cuda.syncthreads()
    bin = cast_func(idx[tid] % ary_nelements)
    if neg_idx:
        bin = bin % ary_nelements
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def atomic_binary_1dim_shared2(
    ary, idx, op2, ary_dtype, ary_nelements, binop_func, cast_func
):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(ary_nelements, ary_dtype)
    sm[tid] = ary[tid]
    cuda.syncthreads()
    bin = cast_func(idx[tid] % ary_nelements)
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit(device=True)
def atomic_binary_2dim_shared(
    ary, op2, ary_dtype, ary_shape, binop_func, y_cast_func, neg_idx
):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array(ary_shape, ary_dtype)
    sm[tx, ty] = ary[tx, ty]
    cuda.syncthreads()
    bin = (tx, y_cast_func(ty))
    if neg_idx:
        bin = (bin[0] % ary_shape[0], bin[1] % ary_shape[1])
    binop_func(sm, bin, op2)
    cuda.syncthreads()
    ary[tx, ty] = sm[tx, ty]


@cuda.jit(device=True)
def atomic_binary_2dim_global(ary, op2, binop_func, y_cast_func, neg_idx):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    bin = (tx, y_cast_func(ty))
    if neg_idx:
        bin = (bin[0] % ary.shape[0], bin[1] % ary.shape[1])
    binop_func(ary, bin, op2)


@cuda.jit(device=True)
def atomic_binary_1dim_global(
    ary, idx, ary_nelements, op2, binop_func, neg_idx
):
    tid = cuda.threadIdx.x
    bin = int(idx[tid] % ary_nelements)
    if neg_idx:
        bin = bin % ary_nelements
    binop_func(ary, bin, op2)

# === CASE atomic_add_returns_old
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_returns_old
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.add(x, 0, 1)

# === CASE atomic_max_returns_no_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_max_returns_no_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.max(x, 0, 1)

# === CASE atomic_max_returns_old_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_max_returns_old_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.max(x, 0, 10)

# === CASE atomic_max_returns_old_nan_in_array
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_max_returns_old_nan_in_array
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([np.nan, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.max(x, 0, 1)

# === CASE atomic_max_returns_old_nan_val
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_max_returns_old_nan_val
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.max(x, 0, np.nan)

# === CASE atomic_min_returns_old_no_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_min_returns_old_no_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.min(x, 0, 11)

# === CASE atomic_min_returns_old_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_min_returns_old_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.min(x, 0, 10)

# === CASE atomic_min_returns_old_nan_in_array
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_min_returns_old_nan_in_array
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([np.nan, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.min(x, 0, 11)

# === CASE atomic_min_returns_old_nan_val
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_min_returns_old_nan_val
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.min(x, 0, np.nan)

# === CASE atomic_nanmax_returns_old_no_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmax_returns_old_no_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmax(x, 0, 1)

# === CASE atomic_nanmax_returns_old_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmax_returns_old_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmax(x, 0, 10)

# === CASE atomic_nanmax_returns_old_nan_in_array
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmax_returns_old_nan_in_array
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([np.nan, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmax(x, 0, 1)

# === CASE atomic_nanmax_returns_old_nan_val
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmax_returns_old_nan_val
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmax(x, 0, np.nan)

# === CASE atomic_nanmin_returns_old_no_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmin_returns_old_no_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmin(x, 0, 11)

# === CASE atomic_nanmin_returns_old_replace
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmin_returns_old_replace
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmin(x, 0, 10)

# === CASE atomic_nanmin_returns_old_nan_in_array
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmin_returns_old_nan_in_array
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([np.nan, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmin(x, 0, 11)

# === CASE atomic_nanmin_returns_old_nan_val
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_nanmin_returns_old_nan_val
# KERNEL: kernel void(float32[::1])
# RUN: grid=1 block=1 args=np.array([5.0, 0.0], dtype=np.float32)
@cuda.jit
def kernel(x):
    x[1] = cuda.atomic.nanmin(x, 0, np.nan)

# === CASE atomic_add
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add
# KERNEL: cuda_atomic_add void(uint32[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32)
def atomic_add(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, uint32, 32, cuda.atomic.add, atomic_cast_none, 0, False
    )

cuda_atomic_add = cuda.jit("void(uint32[:])")(atomic_add)

# === CASE atomic_add_wrap
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add
# KERNEL: cuda_atomic_add_wrap void(uint32[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32)
def atomic_add_wrap(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, uint32, 32, cuda.atomic.add, atomic_cast_none, 0, True
    )

cuda_atomic_add_wrap = cuda.jit("void(uint32[:])")(atomic_add_wrap)

# === CASE atomic_add2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add2
# KERNEL: cuda_atomic_add2 void(uint32[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.uint32)
def atomic_add2(ary):
    atomic_binary_2dim_shared(
        ary, 1, uint32, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )

cuda_atomic_add2 = cuda.jit("void(uint32[:,:])")(atomic_add2)

# === CASE atomic_add3
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add3
# KERNEL: cuda_atomic_add3 void(uint32[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.uint32)
def atomic_add3(ary):
    atomic_binary_2dim_shared(
        ary, 1, uint32, (4, 8), cuda.atomic.add, atomic_cast_to_uint64, False
    )

cuda_atomic_add3 = cuda.jit("void(uint32[:,:])")(atomic_add3)

# === CASE atomic_add_float
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_float
# KERNEL: cuda_atomic_add_float void(float32[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.float32)
def atomic_add_float(ary):
    atomic_binary_1dim_shared(
        ary,
        ary,
        1.0,
        float32,
        32,
        cuda.atomic.add,
        atomic_cast_to_int,
        0.0,
        False,
    )

cuda_atomic_add_float = cuda.jit("void(float32[:])")(atomic_add_float)

# === CASE atomic_add_float_2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_float_2
# KERNEL: cuda_atomic_add2 void(float32[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.float32)
def atomic_add_float_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float32, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )

cuda_atomic_add2 = cuda.jit("void(float32[:,:])")(atomic_add_float_2)

# === CASE atomic_add_double
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_double
# KERNEL: cuda_fn void(int64[:], float64[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.int64), np.zeros(32, np.float64)
def atomic_add_double(idx, ary):
    atomic_binary_1dim_shared(
        ary,
        idx,
        1.0,
        float64,
        32,
        cuda.atomic.add,
        atomic_cast_none,
        0.0,
        False,
    )

cuda_fn = cuda.jit("void(int64[:], float64[:])")(atomic_add_double)

# === CASE atomic_add_double_2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_double_2
# KERNEL: cuda_fn void(float64[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.float64)
def atomic_add_double_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.add, atomic_cast_none, False
    )

cuda_fn = cuda.jit("void(float64[:,:])")(atomic_add_double_2)

# === CASE atomic_add_double_global
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_add_double_global
# KERNEL: cuda_func void(int64[:], float64[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.int64), np.zeros(32, np.float64)
def atomic_add_double_global(idx, ary):
    atomic_binary_1dim_global(ary, idx, 32, 1.0, cuda.atomic.add, False)

sig = "void(int64[:], float64[:])"

cuda_func = cuda.jit(sig)(atomic_add_double_global)

# === CASE atomic_sub
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_sub
# KERNEL: cuda_atomic_sub void(int32[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.int32)
def atomic_sub(ary):
    atomic_binary_1dim_shared(
        ary, ary, 1, int32, 32, cuda.atomic.sub, atomic_cast_none, 0, False
    )

cuda_atomic_sub = cuda.jit("void(int32[:])")(atomic_sub)

# === CASE atomic_sub2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_sub2
# KERNEL: cuda_atomic_sub2 void(int32[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.int32)
def atomic_sub2(ary):
    atomic_binary_2dim_shared(
        ary, 1, int32, (4, 8), cuda.atomic.sub, atomic_cast_none, False
    )

cuda_atomic_sub2 = cuda.jit("void(int32[:,:])")(atomic_sub2)

# === CASE atomic_sub_float
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_sub_float
# KERNEL: cuda_atomic_sub_float void(float32[:])
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.float32)
def atomic_sub_float(ary):
    atomic_binary_1dim_shared(
        ary,
        ary,
        1.0,
        float32,
        32,
        cuda.atomic.sub,
        atomic_cast_to_int,
        0.0,
        False,
    )

cuda_atomic_sub_float = cuda.jit("void(float32[:])")(atomic_sub_float)

# === CASE atomic_sub_double_2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_sub_double_2
# KERNEL: cuda_func void(float64[:,:])
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.float64)
def atomic_sub_double_2(ary):
    atomic_binary_2dim_shared(
        ary, 1.0, float64, (4, 8), cuda.atomic.sub, atomic_cast_none, False
    )

cuda_func = cuda.jit("void(float64[:,:])")(atomic_sub_double_2)

# === CASE atomic_and
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_and
# KERNEL: cuda_func void(uint32[:], uint32)
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32), np.uint32(3)
def atomic_and(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.and_, atomic_cast_none, 1, False
    )

cuda_func = cuda.jit("void(uint32[:], uint32)")(atomic_and)

# === CASE atomic_or
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_or
# KERNEL: cuda_func void(uint32[:], uint32)
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32), np.uint32(3)
def atomic_or(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.or_, atomic_cast_none, 0, False
    )

cuda_func = cuda.jit("void(uint32[:], uint32)")(atomic_or)

# === CASE atomic_xor
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_xor
# KERNEL: cuda_func void(uint32[:], uint32)
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32), np.uint32(3)
def atomic_xor(ary, op2):
    atomic_binary_1dim_shared(
        ary, ary, op2, uint32, 32, cuda.atomic.xor, atomic_cast_none, 0, False
    )

cuda_func = cuda.jit("void(uint32[:], uint32)")(atomic_xor)

# === CASE atomic_and2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_and2
# KERNEL: cuda_atomic_and2 void(uint32[:,:], uint32)
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.uint32), np.uint32(3)
def atomic_and2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.and_, atomic_cast_none, False
    )

cuda_atomic_and2 = cuda.jit("void(uint32[:,:], uint32)")(atomic_and2)

# === CASE atomic_exch
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_exch
# KERNEL: cuda_func void(uint32[:], uint32[:], uint32)
# RUN: grid=1 block=32 args=np.random.RandomState(0).randint(0, 32, 32).astype(np.uint32), np.zeros(32, np.uint32), np.uint32(7)
def atomic_exch(ary, idx, op2):
    atomic_binary_1dim_shared2(
        ary, idx, op2, uint32, 32, cuda.atomic.exch, atomic_cast_none
    )

cuda_func = cuda.jit("void(uint32[:], uint32[:], uint32)")(atomic_exch)

# === CASE atomic_exch2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_atomics.py @ b18b944b2f88, test: TestCudaAtomics.test_atomic_exch2
# KERNEL: cuda_func void(uint32[:,:], uint32)
# RUN: grid=1 block=4,8 args=np.random.RandomState(0).randint(0, 32, (4, 8)).astype(np.uint32), np.uint32(7)
def atomic_exch2(ary, op2):
    atomic_binary_2dim_shared(
        ary, op2, uint32, (4, 8), cuda.atomic.exch, atomic_cast_none, False
    )

cuda_func = cuda.jit("void(uint32[:,:], uint32)")(atomic_exch2)
