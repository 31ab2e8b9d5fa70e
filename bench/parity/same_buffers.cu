// same_buffers.cu — jitc's PTX and nvcc's code for the parity suite's stencil and transpose, in
// one process on the same device buffers, launched the same way (the driver's cuLaunchKernel
// for both), in alternating rounds: what is left between the two is the code, not where each
// side's allocations landed or how each side launches. jitc's side is the kernels' second entry
// (NAME_a16, the one jitc_launch takes for these arrays), loaded from the PTX that
// `jitc emit --ptx bench/parity/parity.krn KERNEL --sig '(float32[:,::1], float32[:,::1])'` prints.
//     nvcc -O3 -arch=sm_90 -o same_buffers bench/parity/same_buffers.cu -lcuda
//     same_buffers stencil.ptx transpose.ptx
// Prints, per kernel, the best time of each side over ROUNDS rounds of PARITY_REPS launches each
// (by events), and jitc's speed over nvcc's.
#define main parity_main // the kernels and helpers of parity.cu, without its program
#include "parity.cu"
#undef main

#include <cuda.h>
#include <string>

enum { ROUNDS = 5 };

static std::string read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "same_buffers: cannot read %s\n", path);
        exit(1);
    }
    std::string s;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        s.append(buf, n);
    fclose(f);
    return s;
}

// The second entry of jitc's kernel in the PTX file at path.
static CUfunction jitc_entry(const char *path, const char *name)
{
    std::string ptx = read_text(path);
    CUmodule m;
    CUfunction f;
    if (cuModuleLoadData(&m, ptx.c_str()) != CUDA_SUCCESS || cuModuleGetFunction(&f, m, name) != CUDA_SUCCESS) {
        fprintf(stderr, "same_buffers: no entry %s in %s\n", name, path);
        exit(1);
    }
    return f;
}

// Launches f over grid x block with jitc's flattened arguments for two C-contiguous side x side
// float32 arrays (data, shape[2], strides[2] in bytes, each a 64-bit word).
static void launch_jitc(CUfunction f, dim3 grid, dim3 block, float *a, float *out, int64_t side)
{
    uint64_t words[10] = {(uint64_t)(uintptr_t)a, (uint64_t)side, (uint64_t)side, (uint64_t)side * 4, 4,
                          (uint64_t)(uintptr_t)out, (uint64_t)side, (uint64_t)side, (uint64_t)side * 4, 4};
    void *params[10];
    for (int i = 0; i < 10; i++)
        params[i] = &words[i];
    cuLaunchKernel(f, grid.x, grid.y, 1, block.x, block.y, 1, 0, 0, params, nullptr);
}

// Both sides of one kernel on the same buffers: ROUNDS rounds, nvcc's launches then jitc's in each.
template <typename K>
static void compare(const char *name, K nvcc_kernel, CUfunction jitc, dim3 grid, dim3 block, float *a, float *out, int side)
{
    float nvcc_best = 1e30f, jitc_best = 1e30f;
    for (int round = 0; round < ROUNDS; round++) {
        CUfunction nvcc;
        cudaGetFuncBySymbol(&nvcc, (const void *)nvcc_kernel);
        int rows = side, cols = side;
        void *nvcc_params[4] = {&a, &out, &rows, &cols};
        float t = events_best_ms([&] { cuLaunchKernel(nvcc, grid.x, grid.y, 1, block.x, block.y, 1, 0, 0, nvcc_params, nullptr); }, nothing);
        nvcc_best = t < nvcc_best ? t : nvcc_best;
        t = events_best_ms([&] { launch_jitc(jitc, grid, block, a, out, side); }, nothing);
        jitc_best = t < jitc_best ? t : jitc_best;
    }
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        fprintf(stderr, "same_buffers: %s: %s\n", name, cudaGetErrorString(err));
        exit(1);
    }
    printf("  %-10s nvcc %.4f ms  jitc %.4f ms  jitc/nvcc %.3fx\n", name, nvcc_best, jitc_best, nvcc_best / jitc_best);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: same_buffers STENCIL.ptx TRANSPOSE.ptx\n");
        return 2;
    }
    cudaFree(nullptr); // the primary context, which the driver API calls then use
    int side = GRID_SIDE;
    int64_t nn = (int64_t)side * side;
    float *a = device_filled(nn, parity_ramp), *out = device_filled<float>(nn, nullptr);
    printf("the parity suite's stencil and transpose on the same buffers, best of %d launches in each of %d rounds:\n",
           PARITY_REPS, ROUNDS);
    compare("stencil", stencil, jitc_entry(argv[1], "krn_stencil_a2Cf32_a2Cf32_a16"),
            dim3(side / STENCIL_BX, side / STENCIL_BY), dim3(STENCIL_BX, STENCIL_BY), a, out, side);
    compare("transpose", transpose, jitc_entry(argv[2], "krn_transpose_a2Cf32_a2Cf32_a16"),
            dim3(side / TRANSPOSE_TILE, side / TRANSPOSE_TILE), dim3(TRANSPOSE_TILE, TRANSPOSE_TILE), a, out, side);
    cudaFree(a), cudaFree(out);
    return 0;
}
