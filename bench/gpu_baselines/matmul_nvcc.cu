// matmul_nvcc.cu — the tutorial's tiled shared-memory matmul (bench/gpu_fma.krn's fast_matmul,
// Numba's CUDA documentation) written in CUDA C and compiled by nvcc -O3: what NVIDIA's own
// compiler makes of the same algorithm (16x16 tiles, a barrier on each side of the inner loop),
// to read beside jitc's and numba-cuda's times (bench/gpu_baselines/fma_py.py runs it).
// 4096x4096 float32, the inputs of bench/gpu_fma.c, best of 10 launches by events.
#include <cstdio>
#include <vector>

constexpr int TPB = 16, M = 4096;

__global__ void fast_matmul(const float *A, const float *B, float *C, int n)
{
    __shared__ float sA[TPB][TPB];
    __shared__ float sB[TPB][TPB];
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    float tmp = 0;
    for (int i = 0; i < (int)gridDim.x; i++) {
        sA[ty][tx] = 0;
        sB[ty][tx] = 0;
        if (y < n && tx + i * TPB < n)
            sA[ty][tx] = A[y * n + tx + i * TPB];
        if (x < n && ty + i * TPB < n)
            sB[ty][tx] = B[(ty + i * TPB) * n + x];
        __syncthreads();
        for (int j = 0; j < TPB; j++)
            tmp += sA[ty][j] * sB[j][tx];
        __syncthreads();
    }
    if (y < n && x < n)
        C[y * n + x] = tmp;
}

int main()
{
    std::vector<float> h((size_t)M * M);
    for (long i = 0; i < (long)M * M; i++)
        h[i] = (float)((i * 7919) % 1021) / 1021.0f - 0.5f;
    float *a, *b, *c;
    size_t bytes = h.size() * sizeof(float);
    cudaMalloc(&a, bytes), cudaMalloc(&b, bytes), cudaMalloc(&c, bytes);
    cudaMemcpy(a, h.data(), bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(b, h.data(), bytes, cudaMemcpyHostToDevice);
    dim3 grid(M / TPB, M / TPB), block(TPB, TPB);
    cudaEvent_t start, end;
    cudaEventCreate(&start), cudaEventCreate(&end);
    fast_matmul<<<grid, block>>>(a, b, c, M);
    float best = 1e30f;
    for (int rep = 0; rep < 10; rep++) {
        cudaEventRecord(start);
        fast_matmul<<<grid, block>>>(a, b, c, M);
        cudaEventRecord(end);
        cudaEventSynchronize(end);
        float ms;
        cudaEventElapsedTime(&ms, start, end);
        best = ms < best ? ms : best;
    }
    cudaMemcpy(h.data(), c, bytes, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (float v : h)
        sum += v;
    printf("matmul_nvcc_ms %.4f\nmatmul_nvcc_checksum %.6f\n", best, sum);
    return 0;
}
