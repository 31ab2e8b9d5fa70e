// matmul_tiled.cuh — the CUDA documentation's tiled matrix product in CUDA C: MATMUL_TPB x
// MATMUL_TPB tiles of A and B through shared memory, a barrier on each side of the inner loop.
// The nvcc side of the GPU parity suite (parity.cu) and of the FMA benchmark
// (../gpu_baselines/matmul_nvcc.cu) both launch this one kernel.
#ifndef JITC_BENCH_MATMUL_TILED_CUH
#define JITC_BENCH_MATMUL_TILED_CUH

#include "parity_inputs.h"

__global__ void matmul(const float *A, const float *B, float *C, int n)
{
    __shared__ float sA[MATMUL_TPB][MATMUL_TPB];
    __shared__ float sB[MATMUL_TPB][MATMUL_TPB];
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    float tmp = 0;
    for (int i = 0; i < (int)gridDim.x; i++) {
        sA[ty][tx] = 0;
        sB[ty][tx] = 0;
        if (y < n && tx + i * MATMUL_TPB < n)
            sA[ty][tx] = A[y * n + tx + i * MATMUL_TPB];
        if (x < n && ty + i * MATMUL_TPB < n)
            sB[ty][tx] = B[(ty + i * MATMUL_TPB) * n + x];
        __syncthreads();
        for (int j = 0; j < MATMUL_TPB; j++)
            tmp += sA[ty][j] * sB[j][tx];
        __syncthreads();
    }
    if (y < n && x < n)
        C[y * n + x] = tmp;
}

#endif
