// parity.cu — the GPU parity suite's seven kernels in CUDA C, the same algorithms as
// bench/parity/parity.krn, as a CUDA programmer writes them (int indices where the sizes fit),
// for nvcc -O3 -arch=sm_90: the baseline jitc's code is measured against. The sizes, launch
// shapes and inputs are bench/parity/parity_inputs.h's, as jitc's side (bench/gpu_parity.c) uses.
// Prints `NAME_ms T` (best of PARITY_REPS launches, by events) and `NAME_checksum S` (the sum of
// the output, in double) for each kernel; bench/parity/run.py reads them.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "matmul_tiled.cuh"
#include "parity_inputs.h"

__global__ void saxpy(float a, const float *x, const float *y, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = a * x[i] + y[i];
}

// pos is 4 x n (x, y, z, mass), vel 3 x n, row after row
__global__ void nbody(const float *pos, const float *vel, float *new_pos, float *new_vel, float dt, float eps2, int n)
{
    __shared__ float sx[NBODY_TILE], sy[NBODY_TILE], sz[NBODY_TILE], sm[NBODY_TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x, t = threadIdx.x;
    float xi = 0, yi = 0, zi = 0;
    if (i < n) {
        xi = pos[i];
        yi = pos[n + i];
        zi = pos[2 * n + i];
    }
    float ax = 0, ay = 0, az = 0;
    for (int start = 0; start < n; start += NBODY_TILE) {
        int j = start + t;
        if (j < n) {
            sx[t] = pos[j];
            sy[t] = pos[n + j];
            sz[t] = pos[2 * n + j];
            sm[t] = pos[3 * n + j];
        }
        __syncthreads();
        int count = min(NBODY_TILE, n - start);
        for (int k = 0; k < count; k++) {
            float dx = sx[k] - xi, dy = sy[k] - yi, dz = sz[k] - zi;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = 1.0f / sqrtf(d2);
            float s = sm[k] * inv * inv * inv;
            ax += s * dx;
            ay += s * dy;
            az += s * dz;
        }
        __syncthreads();
    }
    if (i < n) {
        float vx = vel[i] + ax * dt, vy = vel[n + i] + ay * dt, vz = vel[2 * n + i] + az * dt;
        new_vel[i] = vx;
        new_vel[n + i] = vy;
        new_vel[2 * n + i] = vz;
        new_pos[i] = xi + vx * dt;
        new_pos[n + i] = yi + vy * dt;
        new_pos[2 * n + i] = zi + vz * dt;
        new_pos[3 * n + i] = pos[3 * n + i];
    }
}

__global__ void stencil(const float *a, float *out, int rows, int cols)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= 1 && i < rows - 1 && j >= 1 && j < cols - 1)
        out[i * cols + j] = 0.2f * (a[i * cols + j] + a[(i - 1) * cols + j] + a[(i + 1) * cols + j] +
                                    a[i * cols + j - 1] + a[i * cols + j + 1]);
}

__global__ void reduce(const float *x, float *total, int n)
{
    __shared__ float partial[REDUCE_THREADS];
    int t = threadIdx.x;
    float acc = 0;
    for (int k = blockIdx.x * blockDim.x + t; k < n; k += gridDim.x * blockDim.x)
        acc += x[k];
    partial[t] = acc;
    __syncthreads();
    for (int step = REDUCE_THREADS / 2; step > 0; step /= 2) {
        if (t < step)
            partial[t] += partial[t + step];
        __syncthreads();
    }
    if (t == 0)
        atomicAdd(total, partial[0]);
}

__global__ void transpose(const float *a, float *out, int rows, int cols)
{
    __shared__ float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TRANSPOSE_TILE + tx, y = blockIdx.y * TRANSPOSE_TILE + ty;
    if (y < rows && x < cols)
        tile[ty][tx] = a[y * cols + x];
    __syncthreads();
    x = blockIdx.y * TRANSPOSE_TILE + tx;
    y = blockIdx.x * TRANSPOSE_TILE + ty;
    if (y < cols && x < rows)
        out[y * rows + x] = tile[tx][ty];
}

__global__ void histogram(const unsigned char *data, int *hist, int n)
{
    __shared__ int bins[HISTOGRAM_BINS];
    int t = threadIdx.x;
    for (int b = t; b < HISTOGRAM_BINS; b += blockDim.x)
        bins[b] = 0;
    __syncthreads();
    for (int k = blockIdx.x * blockDim.x + t; k < n; k += gridDim.x * blockDim.x)
        atomicAdd(&bins[data[k]], 1);
    __syncthreads();
    for (int b = t; b < HISTOGRAM_BINS; b += blockDim.x)
        atomicAdd(&hist[b], bins[b]);
}

template <typename T> static T *device_filled(int64_t n, T (*f)(int64_t))
{
    std::vector<T> h(n);
    for (int64_t i = 0; i < n; i++)
        h[i] = f ? f(i) : T(0);
    T *d;
    if (cudaMalloc(&d, n * sizeof(T)) != cudaSuccess) {
        fprintf(stderr, "parity: cudaMalloc of %lld bytes failed\n", (long long)(n * sizeof(T)));
        exit(1);
    }
    cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

template <typename T> static double checksum(const T *d, int64_t n)
{
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int64_t i = 0; i < n; i++)
        sum += (double)h[i];
    return sum;
}

// The best GPU time of PARITY_REPS launches of launch(), each between two events and after
// reset() (outside the events).
template <typename L, typename R> static float events_best_ms(L launch, R reset)
{
    cudaEvent_t start, end;
    cudaEventCreate(&start), cudaEventCreate(&end);
    float best = 1e30f;
    for (int rep = 0; rep < PARITY_REPS; rep++) {
        reset();
        cudaEventRecord(start);
        launch();
        cudaEventRecord(end);
        cudaEventSynchronize(end);
        float ms;
        cudaEventElapsedTime(&ms, start, end);
        best = ms < best ? ms : best;
    }
    cudaEventDestroy(start), cudaEventDestroy(end);
    return best;
}

// Times launch() after one warm-up (events_best_ms); prints the best.
template <typename L, typename R> static void best_of(const char *name, L launch, R reset)
{
    reset();
    launch();
    cudaDeviceSynchronize();
    float best = events_best_ms(launch, reset);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "parity: %s: %s\n", name, cudaGetErrorString(err));
        exit(1);
    }
    printf("%s_ms %.4f\n", name, best);
}

static void nothing() {}

int main()
{
    { // saxpy
        int n = 1 << SAXPY_LOG2;
        float *x = device_filled(n, parity_ramp), *y = device_filled(n, parity_ramp), *out = device_filled<float>(n, nullptr);
        best_of("saxpy", [&] { saxpy<<<n / 256, 256>>>(2.0f, x, y, out, n); }, nothing);
        printf("saxpy_checksum %.6f\n", checksum(out, n));
        cudaFree(x), cudaFree(y), cudaFree(out);
    }
    { // matmul
        int n = MATMUL_SIDE;
        int64_t nn = (int64_t)n * n;
        float *a = device_filled(nn, parity_matrix), *b = device_filled(nn, parity_matrix), *c = device_filled<float>(nn, nullptr);
        dim3 grid(n / MATMUL_TPB, n / MATMUL_TPB), block(MATMUL_TPB, MATMUL_TPB);
        best_of("matmul", [&] { matmul<<<grid, block>>>(a, b, c, n); }, nothing);
        printf("matmul_checksum %.6f\n", checksum(c, nn));
        cudaFree(a), cudaFree(b), cudaFree(c);
    }
    { // nbody
        int n = NBODY_BODIES;
        float *pos = device_filled(4 * n, parity_body), *vel = device_filled(3 * n, parity_ramp);
        float *np = device_filled<float>(4 * n, nullptr), *nv = device_filled<float>(3 * n, nullptr);
        best_of("nbody", [&] { nbody<<<n / NBODY_TILE, NBODY_TILE>>>(pos, vel, np, nv, 0.01f, 0.01f, n); }, nothing);
        printf("nbody_checksum %.6f\n", checksum(nv, 3 * n));
        cudaFree(pos), cudaFree(vel), cudaFree(np), cudaFree(nv);
    }
    { // stencil
        int side = GRID_SIDE;
        int64_t nn = (int64_t)side * side;
        float *a = device_filled(nn, parity_ramp), *out = device_filled<float>(nn, nullptr);
        dim3 grid(side / STENCIL_BX, side / STENCIL_BY), block(STENCIL_BX, STENCIL_BY);
        best_of("stencil", [&] { stencil<<<grid, block>>>(a, out, side, side); }, nothing);
        printf("stencil_checksum %.6f\n", checksum(out, nn));
        cudaFree(a), cudaFree(out);
    }
    { // reduce
        int n = 1 << REDUCE_LOG2;
        float *x = device_filled(n, parity_ramp), *total = device_filled<float>(1, nullptr);
        best_of("reduce", [&] { reduce<<<REDUCE_BLOCKS, REDUCE_THREADS>>>(x, total, n); },
                [&] { cudaMemset(total, 0, sizeof(float)); });
        printf("reduce_checksum %.6f\n", checksum(total, 1));
        cudaFree(x), cudaFree(total);
    }
    { // transpose
        int side = GRID_SIDE;
        int64_t nn = (int64_t)side * side;
        float *a = device_filled(nn, parity_ramp), *out = device_filled<float>(nn, nullptr);
        dim3 grid(side / TRANSPOSE_TILE, side / TRANSPOSE_TILE), block(TRANSPOSE_TILE, TRANSPOSE_TILE);
        best_of("transpose", [&] { transpose<<<grid, block>>>(a, out, side, side); }, nothing);
        // a weighted sum, so that a transpose that left the array as it was would not match
        std::vector<float> h(nn);
        cudaMemcpy(h.data(), out, nn * sizeof(float), cudaMemcpyDeviceToHost);
        double sum = 0;
        for (int64_t i = 0; i < nn; i++)
            sum += (double)h[i] * (double)(i % 7);
        printf("transpose_checksum %.6f\n", sum);
        cudaFree(a), cudaFree(out);
    }
    { // histogram
        int n = 1 << HISTOGRAM_LOG2;
        unsigned char *data = device_filled<unsigned char>(n, parity_byte);
        int *hist = device_filled<int>(HISTOGRAM_BINS, nullptr);
        best_of("histogram", [&] { histogram<<<HISTOGRAM_BLOCKS, HISTOGRAM_THREADS>>>(data, hist, n); },
                [&] { cudaMemset(hist, 0, HISTOGRAM_BINS * sizeof(int)); });
        std::vector<int> h(HISTOGRAM_BINS);
        cudaMemcpy(h.data(), hist, sizeof(int) * HISTOGRAM_BINS, cudaMemcpyDeviceToHost);
        double weighted = 0;
        for (int b = 0; b < HISTOGRAM_BINS; b++)
            weighted += (double)h[b] * b;
        printf("histogram_checksum %.6f\n", weighted);
        cudaFree(data), cudaFree(hist);
    }
    return 0;
}
