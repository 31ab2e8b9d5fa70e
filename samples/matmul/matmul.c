/* matmul.c — C = A @ B for square float32 matrices, two ways:
 *   cpu parallel (always): matmul_cpu, an @njit(parallel=True) prange kernel in i-k-j order, on
 *     512x512, against the same i-k-j loop in plain C (timed: the baseline);
 *   gpu (when there is one): matmul_gpu, the tutorial's shared-memory tiled kernel (16x16
 *     tiles, cuda.shared.array and cuda.syncthreads), on 1024x1024, timed on the GPU by events,
 *     beside the plain C i-k-j loop on the same matrices.
 * Every product is checked element by element against a plain C reference that accumulates in
 * float64: relative error at most 1e-4. The inputs are in [0, 1), so no element of C is near 0.
 *   matmul [KERNELS.krn]   (default samples/matmul/matmul.krn)
 * Ends with one tab-separated RESULT line per target; exit status 0 when every check passed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */
#include "../../bench/launch_timing.h" /* the GPU launches' clock: the first launch, then the best by events */

enum { CPU_N = 512, GPU_N = 1024, TPB = 16, REPS = 5 };
static const double TOL = 1e-4;
static const char *const SIG = "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])";

static DLTensor matrix(void *data, int64_t *shape, DLDeviceType where)
{
    DLTensor t = {.data = data, .device = {where, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    return t;
}

/* Uniform in [0, 1), from a fixed seed: the same matrices on every run. */
static void fill(float *a, size_t count, uint64_t seed)
{
    for (size_t i = 0; i < count; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        a[i] = (float)(seed >> 40) / (float)(1 << 24);
    }
}

/* The baseline: the same i-k-j loop as matmul_cpu, one thread, float32. */
static void matmul_c(int n, const float *restrict a, const float *restrict b, float *restrict c)
{
    for (int i = 0; i < n; i++) {
        float *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++)
            ci[j] = 0.0f;
        for (int k = 0; k < n; k++) {
            float aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
            for (int j = 0; j < n; j++)
                ci[j] += aik * bk[j];
        }
    }
}

/* The reference: float64 products and sums, rounded to float64 once at the end (row buffer). */
static void matmul_ref(int n, const float *a, const float *b, double *c)
{
    for (int i = 0; i < n; i++) {
        double *ci = c + (size_t)i * n;
        for (int j = 0; j < n; j++)
            ci[j] = 0.0;
        for (int k = 0; k < n; k++) {
            double aik = a[(size_t)i * n + k];
            const float *bk = b + (size_t)k * n;
            for (int j = 0; j < n; j++)
                ci[j] += aik * (double)bk[j];
        }
    }
}

/* Checks got against want element by element (|got - want| <= TOL * |want|); prints one line
 * naming what was compared, the largest relative error and the first element out of bounds. */
static bool check(const char *what, int n, const float *got, const double *want)
{
    double worst = 0;
    long bad = 0, first = -1;
    for (long i = 0; i < (long)n * n; i++) {
        double err = fabs((double)got[i] - want[i]) / fabs(want[i]);
        if (!(err <= TOL) && bad++ == 0) /* NaN counts as bad */
            first = i;
        worst = err > worst || err != err ? err : worst;
    }
    printf("    %-44s max relative error %.2e: %s", what, worst, bad ? "FAIL" : "ok");
    if (bad)
        printf(" (%ld elements off, first C[%ld, %ld] = %.9g, want %.9g)", bad, first / n, first % n,
               (double)got[first], want[first]);
    printf("\n");
    return bad == 0;
}

static void widen(long count, const float *src, double *dst)
{
    for (long i = 0; i < count; i++)
        dst[i] = src[i];
}

static double best_c_ms(int n, const float *a, const float *b, float *c, int reps)
{
    double best = 1e30;
    for (int rep = 0; rep < reps; rep++) {
        double t = show_now_ms();
        matmul_c(n, a, b, c);
        t = show_now_ms() - t;
        best = t < best ? t : best;
    }
    return best;
}

static double gflops(int n, double ms) { return 2.0 * n * n * (double)n / (ms * 1e6); }

/* cpu parallel: matmul_cpu on CPU_N x CPU_N against the C loop and the float64 reference. */
static void run_cpu(jitc_module *m, ShowRow *res)
{
    const int n = CPU_N;
    const size_t count = (size_t)n * n;
    float *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b), *c = malloc(count * sizeof *c),
          *c_loop = malloc(count * sizeof *c_loop);
    double *ref = malloc(count * sizeof *ref), *loop64 = malloc(count * sizeof *loop64);
    jitc_function *fn;
    jitc_result r = {0};
    jitc_status st = JITC_ERR_NOMEM;
    if (!a || !b || !c || !c_loop || !ref || !loop64)
        goto done;
    fill(a, count, 1);
    fill(b, count, 2);
    snprintf(res->note, sizeof res->note, "%dx%d", n, n);
    int64_t shape[2] = {n, n};
    DLTensor ta = matrix(a, shape, kDLCPU), tb = matrix(b, shape, kDLCPU), tc = matrix(c, shape, kDLCPU);
    jitc_value args[3] = {jitc_array(&ta), jitc_array(&tb), jitc_array(&tc)};
    printf("  cpu parallel: %dx%d\n", n, n);
    double t0 = show_now_ms();
    if ((st = jitc_module_function(m, "matmul_cpu", &fn)) != JITC_OK || (st = jitc_function_compile(fn, SIG)) != JITC_OK) {
        snprintf(r.message, sizeof r.message, "%s", jitc_module_diagnostics_text(m));
        goto done;
    }
    printf("    matmul_cpu compiled for %s in %.1f ms\n", SIG, show_now_ms() - t0);
    double best = 1e30;
    for (int rep = 0; rep < REPS; rep++) {
        memset(c, 0xff, count * sizeof *c); /* NaNs: no result of an earlier call can pass for this one's */
        double t = show_now_ms();
        if ((st = jitc_call(fn, args, 3, &r)) != JITC_OK)
            goto done;
        t = show_now_ms() - t;
        best = t < best ? t : best;
    }
    res->jitc_ms = best;
    res->c_ms = best_c_ms(n, a, b, c_loop, REPS);
    matmul_ref(n, a, b, ref);
    widen((long)count, c_loop, loop64);
    bool ok = check("matmul_cpu against the C i-k-j loop", n, c, loop64);
    ok &= check("matmul_cpu against the float64 reference", n, c, ref);
    ok &= check("(the C i-k-j loop against the reference)", n, c_loop, ref);
    printf("    best of %d: jitc %.3f ms (%.1f GFLOP/s), plain C loop %.3f ms (%.1f GFLOP/s): %.2fx\n", REPS,
           res->jitc_ms, gflops(n, res->jitc_ms), res->c_ms, gflops(n, res->c_ms), res->c_ms / res->jitc_ms);
    res->status = ok ? "ok" : "FAIL";
done:
    if (st != JITC_OK) {
        snprintf(res->note, sizeof res->note, "matmul_cpu: %s: %s", jitc_status_string(st), r.message);
        printf("    %s\n", res->note);
    }
    free(a), free(b), free(c), free(c_loop), free(ref), free(loop64);
}

/* gpu: matmul_gpu on GPU_N x GPU_N, inputs and output in device memory. */
static void run_gpu(jitc_context *ctx, jitc_module *m, ShowRow *res)
{
    const int n = GPU_N;
    const size_t count = (size_t)n * n, bytes = count * sizeof(float);
    float *a = malloc(bytes), *b = malloc(bytes), *c = malloc(bytes), *c_loop = malloc(bytes);
    double *ref = malloc(count * sizeof *ref);
    void *da = NULL, *db = NULL, *dc = NULL;
    jitc_function *fn;
    jitc_result r = {0};
    const char *what = "out of memory";
    jitc_status st = JITC_ERR_NOMEM;
    if (!a || !b || !c || !c_loop || !ref)
        goto done;
    fill(a, count, 3);
    fill(b, count, 4);
    snprintf(res->note, sizeof res->note, "%dx%d", n, n);
    what = "device memory";
    if ((st = jitc_device_alloc(ctx, bytes, &da)) != JITC_OK || (st = jitc_device_alloc(ctx, bytes, &db)) != JITC_OK ||
        (st = jitc_device_alloc(ctx, bytes, &dc)) != JITC_OK || (st = jitc_copy_to_device(ctx, da, a, bytes)) != JITC_OK ||
        (st = jitc_copy_to_device(ctx, db, b, bytes)) != JITC_OK)
        goto done;
    int64_t shape[2] = {n, n};
    DLTensor ta = matrix(da, shape, kDLCUDA), tb = matrix(db, shape, kDLCUDA), tc = matrix(dc, shape, kDLCUDA);
    jitc_value args[3] = {jitc_array(&ta), jitc_array(&tb), jitc_array(&tc)};
    jitc_launch_config cfg = {{(n + TPB - 1) / TPB, (n + TPB - 1) / TPB, 1}, {TPB, TPB, 1}, 0, NULL};
    printf("  gpu: %dx%d, %ux%u blocks of %dx%d threads\n", n, n, cfg.grid[0], cfg.grid[1], TPB, TPB);
    what = "matmul_gpu";
    if ((st = jitc_module_function(m, what, &fn)) != JITC_OK)
        goto done;
    LaunchTiming t;
    if ((st = launch_timing(ctx, fn, &cfg, args, 3, REPS, NULL, NULL, &t, &r)) != JITC_OK)
        goto done;
    printf("    first launch (compile to PTX, load, run, wait) %.1f ms\n", t.first_ms);
    what = "copy back";
    memset(c, 0xff, bytes);
    if ((st = jitc_copy_to_host(ctx, c, dc, bytes)) != JITC_OK)
        goto done;
    res->jitc_ms = t.best_ms;
    res->c_ms = best_c_ms(n, a, b, c_loop, 2); /* about a second each: best of 2 */
    matmul_ref(n, a, b, ref);
    bool ok = check("matmul_gpu against the float64 reference", n, c, ref);
    printf("    best of %d launches %.3f ms (%.0f GFLOP/s, GPU events); plain C loop %.3f ms (%.1f GFLOP/s): %.1fx\n",
           REPS, res->jitc_ms, gflops(n, res->jitc_ms), res->c_ms, gflops(n, res->c_ms), res->c_ms / res->jitc_ms);
    res->status = ok ? "ok" : "FAIL";
done:
    if (st != JITC_OK) {
        snprintf(res->note, sizeof res->note, "%s: %s%s%s", what, jitc_status_string(st), r.message[0] ? ": " : "",
                 r.message);
        printf("    %s\n", res->note);
    }
    if (da)
        jitc_device_free(ctx, da);
    if (db)
        jitc_device_free(ctx, db);
    if (dc)
        jitc_device_free(ctx, dc);
    free(a), free(b), free(c), free(c_loop), free(ref);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/matmul/matmul.krn";
    ShowRow res[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    if (jitc_context_create(NULL, &ctx) != JITC_OK)
        return 1;
    double load_ms;
    if (!(m = show_load(ctx, "matmul", path, &load_ms, res, 1))) {
        show_report("matmul", res, 1);
        jitc_context_destroy(ctx);
        return 1;
    }
    printf("jitc %s: C = A @ B, float32, checked against plain C accumulating in float64 (relative %.0e)\n",
           jitc_version(), TOL);
    printf("  %s parsed and checked in %.1f ms\n", path, load_ms);

    run_cpu(m, &res[0]);

    if (show_gpu_present(&res[1])) {
        jitc_device_info info;
        jitc_device_get_info(0, &info);
        printf("  GPU: %s (sm_%d%d)\n", info.name, info.major, info.minor);
        run_gpu(ctx, m, &res[1]);
    }

    bool ok = show_passed(res, 2);
    printf("%s\n", ok ? "all checks passed" : "SOME CHECKS FAILED");
    show_report("matmul", res, 2);
    jitc_context_destroy(ctx);
    return ok ? 0 : 1;
}
