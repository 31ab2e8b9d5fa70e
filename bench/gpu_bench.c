/* gpu_bench.c — GPU speed against baselines measured in the same run:
 *   launch overhead: jitc_launch of an empty kernel vs a raw cuLaunchKernel of the same PTX;
 *   bandwidth: saxpy on 2^28 float32 vs a device-to-device copy of the same bytes, both timed
 *   on the GPU by events, for three ways of writing it: one element per thread, a grid-stride
 *   loop, and four neighbouring elements per thread (16-byte accesses in the aligned entry);
 *   first call: CUDA context creation, then compile + PTX load + launch, reported apart;
 *   bounds checks: saxpy and the tutorial's tiled matmul with boundscheck (JITC_BOUNDSCHECK=1)
 *   against without, by events (with checks a launch also waits and reads the fault record).
 * Needs a GPU; prints one line and exits 0 without one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/clock.h"
#include "bench/launch_timing.h"
#include "jitc.h"
#include "runtime/cuda.h"

static const char SOURCE[] = "from numba import cuda\n"
                             "@cuda.jit\n"
                             "def empty(a):\n"
                             "    pass\n"
                             "@cuda.jit\n"
                             "def saxpy(a, x, y, out):\n"
                             "    i = cuda.grid(1)\n"
                             "    if i < x.shape[0]:\n"
                             "        out[i] = a * x[i] + y[i]\n"
                             "@cuda.jit\n"
                             "def saxpy_stride(a, x, y, out):\n"
                             "    start = cuda.grid(1)\n"
                             "    stride = cuda.gridsize(1)\n"
                             "    for i in range(start, x.shape[0], stride):\n"
                             "        out[i] = a * x[i] + y[i]\n"
                             "@cuda.jit\n"
                             "def saxpy4(a, x, y, out):\n"
                             "    i = cuda.grid(1) * 4\n"
                             "    n = x.shape[0]\n"
                             "    if i + 3 < n:\n"
                             "        x0, x1, x2, x3 = x[i], x[i + 1], x[i + 2], x[i + 3]\n"
                             "        y0, y1, y2, y3 = y[i], y[i + 1], y[i + 2], y[i + 3]\n"
                             "        out[i] = a * x0 + y0\n"
                             "        out[i + 1] = a * x1 + y1\n"
                             "        out[i + 2] = a * x2 + y2\n"
                             "        out[i + 3] = a * x3 + y3\n"
                             "    else:\n"
                             "        for k in range(i, n):\n"
                             "            out[k] = a * x[k] + y[k]\n";

/* The tiled shared-memory matrix product of Numba's CUDA documentation (examples/matmul_tiled.krn). */
static const char MATMUL[] = "from numba import cuda, float32\n"
                             "TPB = 16\n"
                             "@cuda.jit\n"
                             "def fast_matmul(A, B, C):\n"
                             "    sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)\n"
                             "    sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)\n"
                             "    x, y = cuda.grid(2)\n"
                             "    tx = cuda.threadIdx.x\n"
                             "    ty = cuda.threadIdx.y\n"
                             "    bpg = cuda.gridDim.x\n"
                             "    tmp = float32(0.)\n"
                             "    for i in range(bpg):\n"
                             "        sA[ty, tx] = 0\n"
                             "        sB[ty, tx] = 0\n"
                             "        if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:\n"
                             "            sA[ty, tx] = A[y, tx + i * TPB]\n"
                             "        if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:\n"
                             "            sB[ty, tx] = B[ty + i * TPB, x]\n"
                             "        cuda.syncthreads()\n"
                             "        for j in range(TPB):\n"
                             "            tmp += sA[ty, j] * sB[j, tx]\n"
                             "        cuda.syncthreads()\n"
                             "    if y < C.shape[0] and x < C.shape[1]:\n"
                             "        C[y, x] = tmp\n";

static DLTensor device_tensor(void *p, int64_t *shape)
{
    DLTensor t = {.data = p, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    return t;
}

/* fn of a module compiled from src for signature sig (typed now: JITC_BOUNDSCHECK is read when a
 * function is typed), with JITC_BOUNDSCHECK as given ("1": every index checked). */
static jitc_function *compiled(jitc_context *ctx, const char *src, const char *name, const char *sig,
                               const char *boundscheck)
{
    jitc_module *m;
    jitc_function *fn = NULL;
    setenv("JITC_BOUNDSCHECK", boundscheck, 1);
    if (jitc_module_compile(ctx, name, src, strlen(src), &m) != JITC_OK || jitc_module_function(m, name, &fn) != JITC_OK ||
        jitc_function_compile(fn, sig) != JITC_OK)
        fn = NULL;
    unsetenv("JITC_BOUNDSCHECK");
    return fn;
}

/* What boundscheck costs a kernel: the best of 10 launches by events, with and without. */
static void bounds_check_cost(jitc_context *ctx, const jitc_launch_config *cfg, const char *src, const char *name,
                              const char *sig, const jitc_value *args, int nargs, const char *what)
{
    jitc_function *off = compiled(ctx, src, name, sig, "0"), *on = compiled(ctx, src, name, sig, "1");
    if (!off || !on) {
        printf("bounds checks: %s: the kernel did not compile\n", what);
        return;
    }
    double t_off = best_launch_ms(ctx, off, cfg, args, nargs, 10), t_on = best_launch_ms(ctx, on, cfg, args, nargs, 10);
    printf("bounds checks: %s: %.3f ms without, %.3f ms with boundscheck=True: %.3fx the time\n", what, t_off, t_on,
           t_on / t_off);
}

int main(void)
{
    int count;
    char why[256];
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK || count == 0) {
        printf("gpu_bench: skipped: %s\n", why);
        return 0;
    }
    jitc_device_info info;
    jitc_device_get_info(0, &info);
    printf("device: %s (sm_%d%d, %d SMs)\n", info.name, info.major, info.minor, info.multiprocessors);

    double t0 = now_ms();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *empty, *saxpy, *saxpy_stride, *saxpy4;
    if (jitc_context_create(NULL, &ctx) != JITC_OK ||
        jitc_module_compile(ctx, "bench.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK)
        return 1;
    jitc_module_function(m, "empty", &empty);
    jitc_module_function(m, "saxpy", &saxpy);
    jitc_module_function(m, "saxpy_stride", &saxpy_stride);
    jitc_module_function(m, "saxpy4", &saxpy4);
    double t1 = now_ms();
    const int64_t n = (int64_t)1 << 28;
    void *x, *y, *out;
    if (jitc_device_alloc(ctx, (size_t)n * 4, &x) != JITC_OK) /* creates the CUDA context */
        return 1;
    double t2 = now_ms();
    jitc_device_alloc(ctx, (size_t)n * 4, &y);
    jitc_device_alloc(ctx, (size_t)n * 4, &out);
    int64_t shape[1] = {n}, one[1] = {1};
    DLTensor tx = device_tensor(x, shape), ty = device_tensor(y, shape), to = device_tensor(out, shape),
             tiny = device_tensor(x, one);
    jitc_launch_config cfg1 = {{1, 1, 1}, {32, 1, 1}, 0, NULL};
    jitc_value eargs[1] = {jitc_array(&tiny)};
    jitc_result r;
    double t3 = now_ms();
    if (jitc_launch(empty, &cfg1, eargs, 1, &r) != JITC_OK || jitc_synchronize(ctx, &r) != JITC_OK) {
        fprintf(stderr, "launch failed: %s\n", r.message);
        return 1;
    }
    double t4 = now_ms();
    printf("first call: jitc context + parse %.1f ms, CUDA context %.1f ms, "
           "compile + PTX load + launch + sync %.1f ms\n", t1 - t0, t2 - t1, t4 - t3);

    /* launch overhead: N asynchronous launches of an empty kernel, then one sync */
    const int N = 20000;
    double best_jitc = 1e30, best_raw = 1e30;
    char err[256];
    const CudaDriver *d = rt_cuda(err, sizeof err);
    const char *ptx;
    jitc_function_emit(empty, "void(float32[::1])", JITC_EMIT_PTX, &ptx); /* sm_80 PTX: JIT'd by the driver */
    CUmodule cm;
    CUfunction cf;
    if (d->cuModuleLoadDataEx(&cm, ptx, 0, NULL, NULL) != 0)
        return 1;
    const char *name = strstr(ptx, ".entry ") + 7;
    char fname[256];
    sscanf(name, "%255[A-Za-z0-9_$]", fname);
    d->cuModuleGetFunction(&cf, cm, fname);
    uint64_t w[3] = {(uint64_t)(uintptr_t)x, 1, 4};
    void *params[3] = {&w[0], &w[1], &w[2]};
    for (int rep = 0; rep < 5; rep++) {
        double a = now_ms();
        for (int i = 0; i < N; i++)
            jitc_launch(empty, &cfg1, eargs, 1, NULL);
        jitc_synchronize(ctx, NULL);
        double b = now_ms();
        for (int i = 0; i < N; i++)
            d->cuLaunchKernel(cf, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
        d->cuCtxSynchronize();
        double c = now_ms();
        best_jitc = best_jitc < (b - a) ? best_jitc : (b - a);
        best_raw = best_raw < (c - b) ? best_raw : (c - b);
    }
    printf("launch: jitc_launch %.2f us, raw cuLaunchKernel %.2f us per launch: ratio %.2f (goal <= 1.5)\n",
           best_jitc * 1e3 / N, best_raw * 1e3 / N, best_jitc / best_raw);

    /* bandwidth: saxpy moves 3 x 1 GiB; the copy baseline moves 2 x 1 GiB per call */
    void *start, *end;
    jitc_event_create(ctx, &start);
    jitc_event_create(ctx, &end);
    double best_copy = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        float ms = 0;
        jitc_event_record(ctx, start, NULL);
        d->cuMemcpyDtoD_v2((CUdeviceptr)(uintptr_t)out, (CUdeviceptr)(uintptr_t)x, (size_t)n * 4);
        jitc_event_record(ctx, end, NULL);
        jitc_event_elapsed_ms(ctx, start, end, &ms);
        best_copy = best_copy < ms ? best_copy : ms;
    }
    jitc_event_destroy(ctx, start);
    jitc_event_destroy(ctx, end);
    double gb = (double)n * 4 / 1e9, bw_copy = 2 * gb / (best_copy / 1e3);
    printf("bandwidth: device-to-device copy of 1 GiB %.0f GB/s\n", bw_copy);
    /* the launch shape is the user's choice: the best of a few common ones is reported */
    jitc_value sargs[4] = {jitc_f32(2.0f), jitc_array(&tx), jitc_array(&ty), jitc_array(&to)};
    static const struct {
        const char *what;
        int per_thread; /* elements per thread; 0: grid-stride, the grid sized to the machine */
    } FORMS[] = {{"one element per thread", 1}, {"grid-stride loop", 0}, {"four elements per thread", 4}};
    static const unsigned BLOCKS[] = {128, 256, 512, 1024};
    double best_ratio = 0;
    for (int f = 0; f < 3; f++) {
        jitc_function *fn = FORMS[f].per_thread == 1 ? saxpy : FORMS[f].per_thread ? saxpy4 : saxpy_stride;
        double best = 1e30;
        unsigned best_grid = 0, best_block = 0;
        for (size_t k = 0; k < sizeof BLOCKS / sizeof BLOCKS[0]; k++) {
            for (unsigned per_sm = 4; per_sm <= 32; per_sm *= 2) {
                unsigned grid = FORMS[f].per_thread
                                    ? (unsigned)((n / FORMS[f].per_thread + BLOCKS[k] - 1) / BLOCKS[k])
                                    : (unsigned)info.multiprocessors * per_sm;
                jitc_launch_config cfg = {{grid, 1, 1}, {BLOCKS[k], 1, 1}, 0, NULL};
                double t = best_launch_ms(ctx, fn, &cfg, sargs, 4, 10);
                if (t < best)
                    best = t, best_grid = grid, best_block = BLOCKS[k];
                if (FORMS[f].per_thread)
                    break;
            }
        }
        double bw = 3 * gb / (best / 1e3);
        printf("bandwidth: saxpy 2^28 float32, %s (%u blocks of %u): %.0f GB/s, ratio %.3f to copy\n",
               FORMS[f].what, best_grid, best_block, bw, bw / bw_copy);
        best_ratio = bw / bw_copy > best_ratio ? bw / bw_copy : best_ratio;
    }
    printf("bandwidth: best saxpy ratio %.3f (goal >= 0.95)\n", best_ratio);

    jitc_launch_config saxpy_cfg = {{(unsigned)(n / 256), 1, 1}, {256, 1, 1}, 0, NULL};
    bounds_check_cost(ctx, &saxpy_cfg, SOURCE, "saxpy", "void(float32, float32[::1], float32[::1], float32[::1])", sargs, 4,
                      "saxpy 2^28 float32, one element per thread");
    enum { M = 4096 };
    int64_t mshape[2] = {M, M};
    DLTensor ta = device_tensor(x, mshape), tb = device_tensor(y, mshape), tc = device_tensor(out, mshape);
    ta.ndim = tb.ndim = tc.ndim = 2; /* three 4096 x 4096 float32 matrices inside the saxpy arrays */
    jitc_value margs[3] = {jitc_array(&ta), jitc_array(&tb), jitc_array(&tc)};
    jitc_launch_config mcfg = {{M / 16, M / 16, 1}, {16, 16, 1}, 0, NULL};
    bounds_check_cost(ctx, &mcfg, MATMUL, "fast_matmul", "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])", margs, 3,
                      "the tutorial's tiled matmul 4096x4096 float32");
    jitc_device_free(ctx, x);
    jitc_device_free(ctx, y);
    jitc_device_free(ctx, out);
    jitc_context_destroy(ctx);
    return 0;
}
