/* gpu_ufunc.c — jitc's side of the GPU ufunc benchmarks (issue 4); bench/gpu_baselines/ufunc_py.py
 * runs it and measures numba-cuda and CuPy in the same run, then prints the ratios.
 *   trig: the tutorials' cos(x)**2 + sin(x)**2 @vectorize(target="cuda") on 10^7 float32,
 *         on device arrays (GPU time by events, best of 20) and on host arrays (wall time,
 *         copies in and out included, best of 10);
 *   sum:  a @cuda.reduce sum of 2^28 float32 on a device array, wall time to the answer on
 *         the host (best of 20), and a device-to-device copy of the same bytes for reference.
 * Prints `key value` lines. Needs a GPU; prints one line and exits 0 without one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/clock.h"
#include "jitc.h"
#include "runtime/cuda.h"

static const char SOURCE[] = "import math\n"
                             "from numba import cuda, vectorize\n"
                             "@vectorize(['float32(float32)'], target='cuda')\n"
                             "def trig(x):\n"
                             "    return math.cos(x) ** 2 + math.sin(x) ** 2\n"
                             "@cuda.reduce\n"
                             "def total(a, b):\n"
                             "    return a + b\n";

static DLTensor tensor(void *p, int64_t *shape, DLDeviceType where)
{
    DLTensor t = {.data = p, .device = {where, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    return t;
}

static jitc_context *ctx;
static void *ev_start, *ev_end;

static double elapsed_events(void)
{
    float ms = 0;
    jitc_event_elapsed_ms(ctx, ev_start, ev_end, &ms);
    return ms;
}

static int bench_trig(jitc_function *trig)
{
    const int64_t n = 10000000;
    int64_t shape[1] = {n};
    float *hx = malloc((size_t)n * 4), *ho = malloc((size_t)n * 4);
    for (int64_t i = 0; i < n; i++)
        hx[i] = (float)i;
    void *dx, *dout;
    jitc_device_alloc(ctx, (size_t)n * 4, &dx);
    jitc_device_alloc(ctx, (size_t)n * 4, &dout);
    jitc_copy_to_device(ctx, dx, hx, (size_t)n * 4);
    DLTensor tx = tensor(dx, shape, kDLCUDA), to = tensor(dout, shape, kDLCUDA);
    DLTensor hx_t = tensor(hx, shape, kDLCPU), ho_t = tensor(ho, shape, kDLCPU);
    jitc_value in = jitc_array(&tx), hin = jitc_array(&hx_t);
    jitc_result r;
    if (jitc_ufunc_call(trig, &in, 1, &to, &r) != JITC_OK || jitc_synchronize(ctx, &r) != JITC_OK) {
        fprintf(stderr, "trig failed: %s\n", r.message);
        return 1;
    }
    double best = 1e30;
    for (int rep = 0; rep < 20; rep++) {
        jitc_event_record(ctx, ev_start, NULL);
        jitc_ufunc_call(trig, &in, 1, &to, NULL);
        jitc_event_record(ctx, ev_end, NULL);
        double ms = elapsed_events();
        best = ms < best ? ms : best;
    }
    printf("trig_device_ms %.4f\n", best);
    best = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        double t0 = now_ms();
        jitc_ufunc_call(trig, &hin, 1, &ho_t, NULL);
        double ms = now_ms() - t0;
        best = ms < best ? ms : best;
    }
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        double e = ho[i] > 1 ? ho[i] - 1 : 1 - ho[i];
        worst = e > worst ? e : worst;
    }
    printf("trig_host_ms %.4f\ntrig_max_error %.2g\n", best, worst);
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dout);
    free(hx);
    free(ho);
    return 0;
}

static int bench_sum(jitc_function *total)
{
    const int64_t n = (int64_t)1 << 28;
    int64_t shape[1] = {n};
    float *h = malloc((size_t)n * 4);
    for (int64_t i = 0; i < n; i++)
        h[i] = (float)(i & 1023) * 0.25f;
    void *dx, *dcopy;
    jitc_device_alloc(ctx, (size_t)n * 4, &dx);
    jitc_device_alloc(ctx, (size_t)n * 4, &dcopy);
    jitc_copy_to_device(ctx, dx, h, (size_t)n * 4);
    DLTensor tx = tensor(dx, shape, kDLCUDA);
    jitc_value in = jitc_array(&tx);
    jitc_result r;
    if (jitc_reduce(total, &in, NULL, &r) != JITC_OK) {
        fprintf(stderr, "sum failed: %s\n", r.message);
        return 1;
    }
    double want = (double)(n / 1024) * (1023.0 * 1024 / 2) * 0.25;
    double best = 1e30;
    for (int rep = 0; rep < 20; rep++) {
        double t0 = now_ms();
        jitc_reduce(total, &in, NULL, &r);
        double ms = now_ms() - t0;
        best = ms < best ? ms : best;
    }
    printf("sum_ms %.4f\nsum_gbs %.1f\nsum_rel_error %.2g\n", best, n * 4 / best / 1e6, (r.value.f32 - want) / want);
    char err[256];
    const CudaDriver *d = rt_cuda(err, sizeof err);
    double copy = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        jitc_event_record(ctx, ev_start, NULL);
        d->cuMemcpyDtoD_v2((CUdeviceptr)(uintptr_t)dcopy, (CUdeviceptr)(uintptr_t)dx, (size_t)n * 4);
        jitc_event_record(ctx, ev_end, NULL);
        double ms = elapsed_events();
        copy = ms < copy ? ms : copy;
    }
    printf("copy_gbs %.1f\n", 2.0 * n * 4 / copy / 1e6);
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dcopy);
    free(h);
    return 0;
}

int main(void)
{
    int count;
    char why[256];
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK || count == 0) {
        printf("gpu_ufunc: skipped: %s\n", why);
        return 0;
    }
    jitc_module *m;
    jitc_function *trig, *total;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile(ctx, "bench.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK)
        return 1;
    jitc_module_function(m, "trig", &trig);
    jitc_module_function(m, "total", &total);
    jitc_event_create(ctx, &ev_start);
    jitc_event_create(ctx, &ev_end);
    int status = bench_trig(trig) || bench_sum(total);
    jitc_context_destroy(ctx);
    return status;
}
