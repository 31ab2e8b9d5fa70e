# Real kernels from NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py at commit b18b944b2f88a4e840424e49a1b0d29488263b40,
# copied unchanged (nested kernels dedented; test scaffolding left out). Each case below is
# compiled by run.sh as this prelude followed by the case alone.
import numpy as np
from numba import cuda
from numba.cuda import int64

# === CASE simple_threadidx
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_threadidx
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=32 args=np.zeros(1, np.int32)
def simple_threadidx(ary):
    i = cuda.threadIdx.x
    ary[0] = i

compiled = cuda.jit("void(int32[:])")(simple_threadidx)

# === CASE fill_threadidx
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fill_threadidx
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.int32)
def fill_threadidx(ary):
    i = cuda.threadIdx.x
    ary[i] = i

compiled = cuda.jit("void(int32[:])")(fill_threadidx)

# === CASE fill3d_threadidx
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fill3d_threadidx.c_contigous
# KERNEL: compiled void(int32[:,:,::1])
# RUN: grid=1 block=2,3,4 args=np.zeros((2, 3, 4), np.int32)
def fill3d_threadidx(ary):
    i = cuda.threadIdx.x
    j = cuda.threadIdx.y
    k = cuda.threadIdx.z

    ary[i, j, k] = (i + 1) * (j + 1) * (k + 1)

compiled = cuda.jit("void(int32[:,:,::1])")(fill3d_threadidx)

# === CASE simple_grid1d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_grid1d
# KERNEL: compiled void(int32[::1])
# RUN: grid=4 block=32 args=np.zeros(128, np.int32)
def simple_grid1d(ary):
    i = cuda.grid(1)
    ary[i] = i

compiled = cuda.jit("void(int32[::1])")(simple_grid1d)

# === CASE simple_grid2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_grid2d
# KERNEL: compiled void(int32[:,::1])
# RUN: grid=2,3 block=4,5 args=np.zeros((8, 15), np.int32)
def simple_grid2d(ary):
    i, j = cuda.grid(2)
    ary[i, j] = i + j

compiled = cuda.jit("void(int32[:,::1])")(simple_grid2d)

# === CASE simple_gridsize1d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_gridsize1d
# KERNEL: compiled void(int32[::1])
# RUN: grid=4 block=32 args=np.zeros(1, np.int32)
def simple_gridsize1d(ary):
    i = cuda.grid(1)
    x = cuda.gridsize(1)
    if i == 0:
        ary[0] = x

compiled = cuda.jit("void(int32[::1])")(simple_gridsize1d)

# === CASE simple_gridsize2d
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_gridsize2d
# KERNEL: compiled void(int32[::1])
# RUN: grid=2,3 block=4,5 args=np.zeros(2, np.int32)
def simple_gridsize2d(ary):
    i, j = cuda.grid(2)
    x, y = cuda.gridsize(2)
    if i == 0 and j == 0:
        ary[0] = x
        ary[1] = y

compiled = cuda.jit("void(int32[::1])")(simple_gridsize2d)

# === CASE intrinsic_forloop_step
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_intrinsic_forloop_step
# KERNEL: compiled void(int32[:,::1])
# RUN: grid=2,2 block=4,4 args=np.zeros((20, 30), np.int32)
def intrinsic_forloop_step(c):
    startX, startY = cuda.grid(2)
    gridX = cuda.gridDim.x * cuda.blockDim.x
    gridY = cuda.gridDim.y * cuda.blockDim.y
    height, width = c.shape

    for x in range(startX, width, gridX):
        for y in range(startY, height, gridY):
            c[y, x] = x + y

compiled = cuda.jit("void(int32[:,::1])")(intrinsic_forloop_step)

# === CASE simple_popc
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_popc_u1
# KERNEL: compiled void(int32[:], uint8)
# RUN: grid=1 block=1 args=np.zeros(1, np.int32), np.uint32(0xF00F)
def simple_popc(ary, c):
    ary[0] = cuda.popc(c)

compiled = cuda.jit("void(int32[:], uint8)")(simple_popc)

# === CASE simple_bit_count
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_bit_count_u1
# KERNEL: compiled void(int32[:], uint8)
# RUN: grid=1 block=1 args=np.zeros(1, np.int32), np.uint32(0xF00F)
def simple_bit_count(ary, c):
    ary[0] = c.bit_count()

compiled = cuda.jit("void(int32[:], uint8)")(simple_bit_count)

# === CASE simple_fma
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fma_f4
# KERNEL: compiled void(f4[:], f4, f4, f4)
# RUN: grid=1 block=1 args=np.zeros(1, np.float32), np.float32(1.5), np.float32(2.5), np.float32(3.5)
def simple_fma(ary, a, b, c):
    ary[0] = cuda.fma(a, b, c)

compiled = cuda.jit("void(f4[:], f4, f4, f4)")(simple_fma)

# === CASE simple_cbrt
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_cbrt_f32
# KERNEL: compiled void(float32[:], float32)
# RUN: grid=1 block=1 args=np.zeros(1, np.float32), np.float32(27.0)
def simple_cbrt(ary, a):
    ary[0] = cuda.cbrt(a)

compiled = cuda.jit("void(float32[:], float32)")(simple_cbrt)

# === CASE simple_brev
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_brev_u4
# KERNEL: compiled void(uint32[:], uint32)
# RUN: grid=1 block=1 args=np.zeros(1, np.uint32), np.uint32(0x1234)
def simple_brev(ary, c):
    ary[0] = cuda.brev(c)

compiled = cuda.jit("void(uint32[:], uint32)")(simple_brev)

# === CASE simple_clz
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_clz_i4
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=1 args=np.zeros(1, np.int32), np.uint32(0x1234)
def simple_clz(ary, c):
    ary[0] = cuda.clz(c)

compiled = cuda.jit("void(int32[:], int32)")(simple_clz)

# === CASE simple_ffs
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_ffs_i4
# KERNEL: compiled void(int32[:], int32)
# RUN: grid=1 block=1 args=np.zeros(1, np.int32), np.uint32(0x1230)
def simple_ffs(ary, c):
    ary[0] = cuda.ffs(c)

compiled = cuda.jit("void(int32[:], int32)")(simple_ffs)

# === CASE simple_round
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_round_f4
# KERNEL: compiled void(int64[:], float32)
# RUN: grid=1 block=1 args=np.zeros(1, np.int64), 2.5
def simple_round(ary, c):
    ary[0] = round(c)

compiled = cuda.jit("void(int64[:], float32)")(simple_round)

# === CASE simple_round_to
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_round_to_f4
# KERNEL: compiled void(float32[:], float32, int32)
# RUN: grid=1 block=1 args=np.zeros(1, np.float32), 0.3425, np.int32(3)
def simple_round_to(ary, c, ndigits):
    ary[0] = round(c, ndigits)

compiled = cuda.jit("void(float32[:], float32, int32)")(simple_round_to)

# === CASE branching_with_ifs
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_selp
# KERNEL: cu_branching_with_ifs void(int64[:], int64, int64[:])
# RUN: grid=1 block=32 args=np.arange(32, dtype=np.int32) % 8, np.int32(2), np.arange(100, 132, dtype=np.int32)
def branching_with_ifs(a, b, c):
    i = cuda.grid(1)

    if a[i] > 4:
        if b % 2 == 0:
            a[i] = c[i]
        else:
            a[i] = 13
    else:
        a[i] = 3

sig = (int64[:], int64, int64[:])

cu_branching_with_ifs = cuda.jit(sig)(branching_with_ifs)

# === CASE branching_with_selps
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_selp
# KERNEL: cu_branching_with_selps void(int64[:], int64, int64[:])
# RUN: grid=1 block=32 args=np.arange(32, dtype=np.int32) % 8, np.int32(2), np.arange(100, 132, dtype=np.int32)
def branching_with_selps(a, b, c):
    i = cuda.grid(1)

    inner = cuda.selp(b % 2 == 0, c[i], 13)
    a[i] = cuda.selp(a[i] > 4, inner, 3)

sig = (int64[:], int64, int64[:])

cu_branching_with_selps = cuda.jit(sig)(branching_with_selps)

# === CASE simple_laneid
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_laneid
# KERNEL: compiled void(int32[:])
# RUN: grid=2 block=64 args=np.zeros(128, np.int32)
def simple_laneid(ary):
    i = cuda.grid(1)
    ary[i] = cuda.laneid

compiled = cuda.jit("void(int32[:])")(simple_laneid)

# === CASE simple_warpsize
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_simple_warpsize
# KERNEL: compiled void(int32[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.int32)
def simple_warpsize(ary):
    ary[0] = cuda.warpsize

compiled = cuda.jit("void(int32[:])")(simple_warpsize)

# === CASE foo
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_3dgrid
# KERNEL: foo void(int32[:, :, ::1])
# RUN: grid=3,3,3 block=3,3,3 args=np.zeros((9, 9, 9), np.int32)
@cuda.jit
def foo(out):
    x, y, z = cuda.grid(3)
    a, b, c = cuda.gridsize(3)
    out[x, y, z] = a * b * c

# === CASE f
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_issue_9229
# KERNEL: f void(uint64[::1], uint64[::1])
# RUN: grid=4 block=32 args=np.zeros(1, np.uint64), np.zeros(1, np.uint64)
@cuda.jit
def f(grid_error, gridsize_error):
    i1 = cuda.grid(1)
    i2 = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    gs1 = cuda.gridsize(1)
    gs2 = cuda.blockDim.x * cuda.gridDim.x
    if i1 != i2:
        grid_error[0] = 1
    if gs1 != gs2:
        gridsize_error[0] = 1

# === CASE simple_hadd
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hadd
# KERNEL: compiled void(f2[:], f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([3.0], np.float16), np.array([4.0], np.float16)
def simple_hadd(ary, a, b):
    ary[0] = cuda.fp16.hadd(a[0], b[0])

compiled = cuda.jit("void(f2[:], f2[:], f2[:])")(simple_hadd)

# === CASE simple_hfma
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hfma
# KERNEL: compiled void(f2[:], f2[:], f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([2.0], np.float16), np.array([3.0], np.float16), np.array([4.0], np.float16)
def simple_hfma(ary, a, b, c):
    ary[0] = cuda.fp16.hfma(a[0], b[0], c[0])

compiled = cuda.jit("void(f2[:], f2[:], f2[:], f2[:])")(simple_hfma)

# === CASE simple_hsin
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hsin(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hsin(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hsin)

# === CASE simple_hadd_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hadd_scalar
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.1415926, 3.0
def simple_hadd_scalar(ary, a, b):
    ary[0] = cuda.fp16.hadd(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hadd_scalar)

# === CASE simple_hfma_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hfma_scalar
# KERNEL: compiled void(f2[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 2.0, 3.0, 4.0
def simple_hfma_scalar(ary, a, b, c):
    ary[0] = cuda.fp16.hfma(a, b, c)

compiled = cuda.jit("void(f2[:], f2, f2, f2)")(simple_hfma_scalar)

# === CASE simple_hsub
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hsub
# KERNEL: compiled void(f2[:], f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([3.0], np.float16), np.array([4.0], np.float16)
def simple_hsub(ary, a, b):
    ary[0] = cuda.fp16.hsub(a[0], b[0])

compiled = cuda.jit("void(f2[:], f2[:], f2[:])")(simple_hsub)

# === CASE simple_hsub_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hsub_scalar
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.1415926, 1.57
def simple_hsub_scalar(ary, a, b):
    ary[0] = cuda.fp16.hsub(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hsub_scalar)

# === CASE simple_hmul
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hmul
# KERNEL: compiled void(f2[:], f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([3.0], np.float16), np.array([4.0], np.float16)
def simple_hmul(ary, a, b):
    ary[0] = cuda.fp16.hmul(a[0], b[0])

compiled = cuda.jit(simple_hmul)

# === CASE simple_hmul_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hmul_scalar
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.1415926, 1.57
def simple_hmul_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmul(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hmul_scalar)

# === CASE simple_hdiv_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hdiv_scalar
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.1415926, 1.57
def simple_hdiv_scalar(ary, a, b):
    ary[0] = cuda.fp16.hdiv(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hdiv_scalar)

# === CASE simple_hdiv_kernel
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hdiv
# KERNEL: compiled void(f2[:], f2[:], f2[:])
# RUN: grid=2 block=256 args=np.zeros(500, np.float16), np.linspace(-65504, 65504, 500).astype(np.float16), np.linspace(65504, -60000, 500).astype(np.float16)
def simple_hdiv_kernel(ary, array_a, array_b):
    i = cuda.grid(1)
    if i < ary.size:
        a = array_a[i]
        b = array_b[i]
        ary[i] = cuda.fp16.hdiv(a, b)

compiled = cuda.jit("void(f2[:], f2[:], f2[:])")(simple_hdiv_kernel)

# === CASE simple_hneg
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hneg
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([3.0], np.float16)
def simple_hneg(ary, a):
    ary[0] = cuda.fp16.hneg(a[0])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hneg)

# === CASE simple_hneg_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hneg_scalar
# KERNEL: compiled void(f2[:], f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.1415926
def simple_hneg_scalar(ary, a):
    ary[0] = cuda.fp16.hneg(a)

compiled = cuda.jit("void(f2[:], f2)")(simple_hneg_scalar)

# === CASE simple_habs
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_habs
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), np.array([-3.0], np.float16)
def simple_habs(ary, a):
    ary[0] = cuda.fp16.habs(a[0])

compiled = cuda.jit(simple_habs)

# === CASE simple_habs_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_habs_scalar
# KERNEL: compiled void(f2[:], f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), -3.1415926
def simple_habs_scalar(ary, a):
    ary[0] = cuda.fp16.habs(a)

compiled = cuda.jit("void(f2[:], f2)")(simple_habs_scalar)

# === CASE simple_heq_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 3.0
def simple_heq_scalar(ary, a, b):
    ary[0] = cuda.fp16.heq(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_heq_scalar)

# === CASE simple_hne_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 4.0
def simple_hne_scalar(ary, a, b):
    ary[0] = cuda.fp16.hne(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_hne_scalar)

# === CASE simple_hge_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 2.0
def simple_hge_scalar(ary, a, b):
    ary[0] = cuda.fp16.hge(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_hge_scalar)

# === CASE simple_hgt_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 4.0
def simple_hgt_scalar(ary, a, b):
    ary[0] = cuda.fp16.hgt(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_hgt_scalar)

# === CASE simple_hle_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 3.0
def simple_hle_scalar(ary, a, b):
    ary[0] = cuda.fp16.hle(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_hle_scalar)

# === CASE simple_hlt_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_comparison
# KERNEL: compiled void(b1[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 3.0, 2.0
def simple_hlt_scalar(ary, a, b):
    ary[0] = cuda.fp16.hlt(a, b)

compiled = cuda.jit("void(b1[:], f2, f2)")(simple_hlt_scalar)

# === CASE multiple_hcmp_1
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_multiple_float16_comparisons
# KERNEL: compiled void(b1[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 2.0, 3.0, 4.0
@cuda.jit(device=True)
def hlt_func_1(x, y):
    return cuda.fp16.hlt(x, y)


@cuda.jit(device=True)
def hlt_func_2(x, y):
    return cuda.fp16.hlt(x, y)


def multiple_hcmp_1(r, a, b, c):
    # float16 predicates used in two separate functions
    r[0] = hlt_func_1(a, b) and hlt_func_2(b, c)

compiled = cuda.jit("void(b1[:], f2, f2, f2)")(multiple_hcmp_1)

# === CASE multiple_hcmp_2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_multiple_float16_comparisons
# KERNEL: compiled void(b1[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 2.0, 3.0, 4.0
@cuda.jit(device=True)
def hlt_func_1(x, y):
    return cuda.fp16.hlt(x, y)


def multiple_hcmp_2(r, a, b, c):
    # The same float16 predicate used in the caller and callee
    r[0] = hlt_func_1(a, b) and cuda.fp16.hlt(b, c)

compiled = cuda.jit("void(b1[:], f2, f2, f2)")(multiple_hcmp_2)

# === CASE multiple_hcmp_3
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_multiple_float16_comparisons
# KERNEL: compiled void(b1[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 2.0, 3.0, 4.0
@cuda.jit(device=True)
def hlt_func_1(x, y):
    return cuda.fp16.hlt(x, y)


def multiple_hcmp_3(r, a, b, c):
    # Different float16 predicates used in the caller and callee
    r[0] = hlt_func_1(a, b) and cuda.fp16.hge(c, b)

compiled = cuda.jit("void(b1[:], f2, f2, f2)")(multiple_hcmp_3)

# === CASE multiple_hcmp_4
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_multiple_float16_comparisons
# KERNEL: compiled void(b1[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 2.0, 3.0, 4.0
def multiple_hcmp_4(r, a, b, c):
    # The same float16 predicates used twice in a function
    r[0] = cuda.fp16.hlt(a, b) and cuda.fp16.hlt(b, c)

compiled = cuda.jit("void(b1[:], f2, f2, f2)")(multiple_hcmp_4)

# === CASE multiple_hcmp_5
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_multiple_float16_comparisons
# KERNEL: compiled void(b1[:], f2, f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.bool_), 2.0, 3.0, 4.0
def multiple_hcmp_5(r, a, b, c):
    # Different float16 predicates used in a function
    r[0] = cuda.fp16.hlt(a, b) and cuda.fp16.hge(c, b)

compiled = cuda.jit("void(b1[:], f2, f2, f2)")(multiple_hcmp_5)

# === CASE simple_hmax_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hmax
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 5.0, 4.0
def simple_hmax_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmax(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hmax_scalar)

# === CASE simple_hmin_scalar
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_hmin
# KERNEL: compiled void(f2[:], f2, f2)
# RUN: grid=1 block=1 args=np.zeros(1, np.float16), 3.0, 4.0
def simple_hmin_scalar(ary, a, b):
    ary[0] = cuda.fp16.hmin(a, b)

compiled = cuda.jit("void(f2[:], f2, f2)")(simple_hmin_scalar)

# === CASE simple_hcos
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hcos(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hcos(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hcos)

# === CASE simple_hlog
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hlog(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hlog)

# === CASE simple_hlog2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hlog2(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog2(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hlog2)

# === CASE simple_hlog10
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hlog10(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hlog10(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hlog10)

# === CASE simple_hsqrt
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hsqrt(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hsqrt(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hsqrt)

# === CASE simple_hceil
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hceil(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hceil(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hceil)

# === CASE simple_hfloor
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hfloor(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hfloor(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hfloor)

# === CASE simple_hrcp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hrcp(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrcp(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hrcp)

# === CASE simple_htrunc
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_htrunc(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.htrunc(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_htrunc)

# === CASE simple_hrint
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hrint(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrint(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hrint)

# === CASE simple_hrsqrt
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) * 2047).astype(np.float16)
def simple_hrsqrt(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hrsqrt(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hrsqrt)

# === CASE simple_hexp
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) / 4).astype(np.float16)
def simple_hexp(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hexp(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hexp)

# === CASE simple_hexp2
# SOURCE: NVIDIA/numba-cuda numba_cuda/numba/cuda/tests/cudapy/test_intrinsics.py @ b18b944b2f88, test: TestCudaIntrinsic.test_fp16_intrinsics_common
# KERNEL: compiled void(f2[:], f2[:])
# RUN: grid=1 block=32 args=np.zeros(32, np.float16), (np.arange(1, 33) / 4).astype(np.float16)
def simple_hexp2(r, x):
    i = cuda.grid(1)

    if i < len(r):
        r[i] = cuda.fp16.hexp2(x[i])

compiled = cuda.jit("void(f2[:], f2[:])")(simple_hexp2)
