// matmul_nvcc.cu — the tutorial's tiled shared-memory matmul (bench/gpu_fma.krn's fast_matmul,
// Numba's CUDA documentation) written in CUDA C and compiled by nvcc -O3: what NVIDIA's own
// compiler makes of the same algorithm (16x16 tiles, a barrier on each side of the inner loop),
// to read beside jitc's and numba-cuda's times (bench/gpu_baselines/fma_py.py runs it). The
// kernel is the parity suite's (../parity/matmul_tiled.cuh).
// 4096x4096 float32, the inputs of bench/gpu_fma.c, best of 10 launches by events.
#include <cstdio>
#include <vector>

#include "../parity/matmul_tiled.cuh"

constexpr int TPB = MATMUL_TPB, M = MATMUL_SIDE; // 16, 4096

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
    matmul<<<grid, block>>>(a, b, c, M);
    float best = 1e30f;
    for (int rep = 0; rep < 10; rep++) {
        cudaEventRecord(start);
        matmul<<<grid, block>>>(a, b, c, M);
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
