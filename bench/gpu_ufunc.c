/* gpu_ufunc.c — jitc's side of the GPU ufunc and reduction benchmarks;
 * bench/gpu_baselines/ufunc_py.py runs it and measures numba-cuda and CuPy in the same run, then
 * prints the ratios.
 *   trig: the tutorials' cos(x)**2 + sin(x)**2 @vectorize(target="cuda") on 10^7 float32, on
 *         device arrays (GPU time by events, best of 20) of arange (trig_device_ms) and of
 *         angles uniform in [-pi, pi] (trig_bounded_ms), the same with fastmath=True
 *         (trig_fast_*), beside a device-to-device copy of the same bytes (copy_40mb_ms); and on
 *         host arrays (wall time, copies in and out included, best of 10);
 *   sum:  a @cuda.reduce sum of 2^28 float32, float64, int32 and int64 on a device array, wall
 *         time to the answer on the host (best of 20), and a device-to-device copy of the
 *         float32 bytes for reference.
 * Prints `key value` lines. Needs a GPU; prints one line and exits 0 without one. */
#include <stdint.h>
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
                             "@vectorize(['float32(float32)'], target='cuda', fastmath=True)\n"
                             "def trig_fast(x):\n"
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

/* The best of 20 launches of ufunc fn on device arrays, by events. */
static double device_ufunc_ms(jitc_function *fn, jitc_value *in, DLTensor *out)
{
    double best = 1e30;
    for (int rep = 0; rep < 20; rep++) {
        jitc_event_record(ctx, ev_start, NULL);
        jitc_ufunc_call(fn, in, 1, out, NULL);
        jitc_event_record(ctx, ev_end, NULL);
        double ms = elapsed_events();
        best = ms < best ? ms : best;
    }
    return best;
}

/* The best of 10 device-to-device copies of `bytes`, by events. */
static double copy_ms(void *to, void *from, size_t bytes)
{
    char err[256];
    const CudaDriver *d = rt_cuda(err, sizeof err);
    double best = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        jitc_event_record(ctx, ev_start, NULL);
        d->cuMemcpyDtoD_v2((CUdeviceptr)(uintptr_t)to, (CUdeviceptr)(uintptr_t)from, bytes);
        jitc_event_record(ctx, ev_end, NULL);
        double ms = elapsed_events();
        best = ms < best ? ms : best;
    }
    return best;
}

/* Uniform in [-pi, pi): splitmix64 of i (ufunc_py.py draws the same). */
static float bounded_angle(uint64_t i)
{
    uint64_t z = i * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (float)(((double)(z >> 11) / 9007199254740992.0 * 2 - 1) * 3.141592653589793);
}

/* trig and trig_fast on device arrays of arange and of bounded angles, then trig on host arrays. */
static int bench_trig(jitc_function *trig, jitc_function *trig_fast)
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
    if (jitc_ufunc_call(trig, &in, 1, &to, &r) != JITC_OK || jitc_ufunc_call(trig_fast, &in, 1, &to, &r) != JITC_OK ||
        jitc_synchronize(ctx, &r) != JITC_OK) {
        fprintf(stderr, "trig failed: %s\n", r.message);
        return 1;
    }
    printf("trig_device_ms %.4f\ntrig_fast_ms %.4f\n", device_ufunc_ms(trig, &in, &to), device_ufunc_ms(trig_fast, &in, &to));
    printf("copy_40mb_ms %.4f\n", copy_ms(dout, dx, (size_t)n * 4));
    double best = 1e30;
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
    for (int64_t i = 0; i < n; i++)
        hx[i] = bounded_angle((uint64_t)i + 1);
    jitc_copy_to_device(ctx, dx, hx, (size_t)n * 4);
    printf("trig_bounded_ms %.4f\ntrig_fast_bounded_ms %.4f\n", device_ufunc_ms(trig, &in, &to),
           device_ufunc_ms(trig_fast, &in, &to));
    jitc_device_free(ctx, dx);
    jitc_device_free(ctx, dout);
    free(hx);
    free(ho);
    return 0;
}

typedef struct SumCase {
    const char *name;
    DLDataType dtype;
} SumCase;

/* Element i of a sum's input: (i % 1024) / 4 for floats (sums exact in float64), i % 8 for
 * integers (no int32 overflow over 2^28 elements). */
static void fill_sum_input(void *h, const SumCase *c, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        double v = c->dtype.code == kDLFloat ? (double)(i & 1023) * 0.25 : (double)(i & 7);
        if (c->dtype.code == kDLFloat && c->dtype.bits == 32) ((float *)h)[i] = (float)v;
        else if (c->dtype.code == kDLFloat) ((double *)h)[i] = v;
        else if (c->dtype.bits == 32) ((int32_t *)h)[i] = (int32_t)v;
        else ((int64_t *)h)[i] = (int64_t)v;
    }
}

static double result_as_double(const jitc_result *r, const SumCase *c)
{
    if (c->dtype.code == kDLFloat)
        return c->dtype.bits == 32 ? r->value.f32 : r->value.f64;
    return (double)r->value.i;
}

/* A @cuda.reduce sum of 2^28 elements of c's type on a device array: wall time to the answer
 * on the host, best of 20, and its relative error. */
static int bench_sum(jitc_function *total, const SumCase *c)
{
    const int64_t n = (int64_t)1 << 28;
    size_t bytes = (size_t)n * (c->dtype.bits / 8);
    int64_t shape[1] = {n};
    void *h = malloc(bytes), *dx;
    fill_sum_input(h, c, n);
    jitc_device_alloc(ctx, bytes, &dx);
    jitc_copy_to_device(ctx, dx, h, bytes);
    DLTensor tx = tensor(dx, shape, kDLCUDA);
    tx.dtype = c->dtype;
    jitc_value in = jitc_array(&tx);
    jitc_result r;
    if (jitc_reduce(total, &in, NULL, &r) != JITC_OK) {
        fprintf(stderr, "sum of %s failed: %s\n", c->name, r.message);
        return 1;
    }
    double want = c->dtype.code == kDLFloat ? (double)(n / 1024) * (1023.0 * 1024 / 2) * 0.25 : (double)(n / 8) * 28;
    double best = 1e30;
    for (int rep = 0; rep < 20; rep++) {
        double t0 = now_ms();
        jitc_reduce(total, &in, NULL, &r);
        double ms = now_ms() - t0;
        best = ms < best ? ms : best;
    }
    printf("sum_%s_ms %.4f\nsum_%s_gbs %.1f\nsum_%s_rel_error %.2g\n", c->name, best, c->name, bytes / best / 1e6, c->name,
           (result_as_double(&r, c) - want) / want);
    if (c->dtype.code == kDLFloat && c->dtype.bits == 32) {
        void *dcopy;
        jitc_device_alloc(ctx, bytes, &dcopy);
        printf("copy_gbs %.1f\n", 2.0 * bytes / copy_ms(dcopy, dx, bytes) / 1e6);
        jitc_device_free(ctx, dcopy);
    }
    jitc_device_free(ctx, dx);
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
    jitc_function *trig, *trig_fast, *total;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile(ctx, "bench.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK)
        return 1;
    jitc_module_function(m, "trig", &trig);
    jitc_module_function(m, "trig_fast", &trig_fast);
    jitc_module_function(m, "total", &total);
    jitc_event_create(ctx, &ev_start);
    jitc_event_create(ctx, &ev_end);
    static const SumCase SUMS[] = {{"f32", {kDLFloat, 32, 1}}, {"f64", {kDLFloat, 64, 1}},
                                   {"i32", {kDLInt, 32, 1}}, {"i64", {kDLInt, 64, 1}}};
    int status = bench_trig(trig, trig_fast);
    for (size_t i = 0; i < sizeof SUMS / sizeof SUMS[0] && !status; i++)
        status = bench_sum(total, &SUMS[i]);
    jitc_context_destroy(ctx);
    return status;
}
