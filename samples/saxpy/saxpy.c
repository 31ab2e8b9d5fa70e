/* saxpy.c — y = a*x + y on 2^24 float32 elements, the bandwidth-bound kernel of every GPU
 * tutorial: an @njit(parallel=True) prange loop on the CPU's cores, and (where a CUDA device is
 * present) a @cuda.jit kernel launched with jitc_launch on arrays already in device memory,
 * timed with CUDA events. Both are checked element by element against the same plain C loop and
 * timed against it in the same run; compile time is reported apart from run time.
 *   saxpy [samples/saxpy/saxpy.krn] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */
#include "../../bench/launch_timing.h" /* the GPU launches' clock: the first launch, then the best by events */

enum { N = 1 << 24, RUNS = 5, BLOCK = 256 };
static const float A = 2.5f;

static void c_saxpy(float a, const float *x, float *y, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        y[i] = a * x[i] + y[i];
}

/* The number of elements where got and want differ in their bits, and the first of them. */
static int64_t mismatches(const float *got, const float *want, int64_t n, int64_t *first)
{
    int64_t bad = 0;
    *first = -1;
    for (int64_t i = 0; i < n; i++)
        if (memcmp(&got[i], &want[i], sizeof got[i]) != 0 && bad++ == 0)
            *first = i;
    return bad;
}

static bool report_check(const char *what, const float *got, const float *want, char *note, size_t note_len)
{
    int64_t first, bad = mismatches(got, want, N, &first);
    if (bad == 0) {
        printf("    check: all %d elements bit-identical to the plain C loop\n", N);
        return true;
    }
    printf("    check FAILED: %lld of %d elements differ from the plain C loop, the first y[%lld] = %.9g "
           "(C: %.9g)\n", (long long)bad, N, (long long)first, got[first], want[first]);
    snprintf(note, note_len, "%s: %lld elements differ from C", what, (long long)bad);
    return false;
}

/* The parallel CPU loop: compiled for its signature first (timed apart), then the best of RUNS,
 * each on a fresh copy of y. */
static void run_cpu(jitc_module *m, const float *x, const float *y0, float *y, const float *want, double c_ms,
                    ShowRow *row)
{
    *row = (ShowRow){.target = "cpu parallel", .status = "FAIL", .c_ms = c_ms};
    printf("  cpu parallel: saxpy_cpu, a prange loop over %ld cores (JITC_NUM_THREADS chooses fewer)\n",
           sysconf(_SC_NPROCESSORS_ONLN));
    jitc_function *f;
    jitc_result r = {0};
    jitc_status st = jitc_module_function(m, "saxpy_cpu", &f);
    if (st != JITC_OK) {
        show_failed(row, "saxpy_cpu", st, NULL);
        return;
    }
    double t0 = show_now_ms();
    st = jitc_function_compile(f, "void(float32, float32[::1], float32[::1])");
    double compile_ms = show_now_ms() - t0;
    if (st != JITC_OK) {
        fputs(jitc_module_diagnostics_text(m), stdout);
        show_failed(row, "compile", st, NULL);
        return;
    }
    int64_t shape[1] = {N};
    DLTensor tx = {.data = (void *)x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor ty = tx;
    ty.data = y;
    jitc_value args[3] = {jitc_f32(A), jitc_array(&tx), jitc_array(&ty)};
    double best = INFINITY;
    for (int k = 0; k < RUNS; k++) {
        memcpy(y, y0, N * sizeof *y);
        t0 = show_now_ms();
        st = jitc_call(f, args, 3, &r);
        double ms = show_now_ms() - t0;
        if (st != JITC_OK) {
            show_failed(row, "saxpy_cpu", st, &r);
            return;
        }
        best = ms < best ? ms : best;
    }
    row->jitc_ms = best;
    printf("    compiled for (float32, float32[::1], float32[::1]) in %.1f ms\n", compile_ms);
    printf("    best of %d: %.3f ms (%.1f GB/s), plain C %.3f ms: %.2fx\n", RUNS, best,
           3.0 * N * sizeof(float) / best / 1e6, c_ms, c_ms / best);
    if (report_check("cpu", y, want, row->note, sizeof row->note))
        row->status = "ok";
}

/* What restores y on the device before each timed run: the kernel updates it in place. */
typedef struct ResetY {
    jitc_context *ctx;
    void *dy;
    const float *y0;
    size_t bytes;
} ResetY;

static jitc_status reset_y(void *ud)
{
    ResetY *s = ud;
    return jitc_copy_to_device(s->ctx, s->dy, s->y0, s->bytes);
}

/* The CUDA kernel on device arrays: x and y are copied in once, y is reset before every run, and
 * each run is timed between two events on the default stream. */
static void run_gpu(jitc_context *ctx, jitc_module *m, const float *x, const float *y0, float *y, const float *want,
                    double c_ms, ShowRow *row)
{
    *row = (ShowRow){.target = "gpu", .status = "FAIL", .c_ms = c_ms};
    jitc_device_info info;
    if (jitc_device_get_info(0, &info) == JITC_OK)
        printf("  gpu: %s (sm_%d%d, %d SMs)\n", info.name, info.major, info.minor, info.multiprocessors);
    jitc_function *f = NULL;
    jitc_result r = {0};
    void *dx = NULL, *dy = NULL;
    const size_t bytes = N * sizeof(float);
    const char *what = "saxpy_gpu";
    jitc_status st = jitc_module_function(m, "saxpy_gpu", &f);
    if (st == JITC_OK && (what = "device memory", st = jitc_device_alloc(ctx, bytes, &dx)) == JITC_OK)
        st = jitc_device_alloc(ctx, bytes, &dy);
    if (st == JITC_OK && (what = "copy in", st = jitc_copy_to_device(ctx, dx, x, bytes)) == JITC_OK)
        st = jitc_copy_to_device(ctx, dy, y0, bytes);
    int64_t shape[1] = {N};
    DLTensor tx = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor ty = tx;
    ty.data = dy;
    jitc_value args[3] = {jitc_f32(A), jitc_array(&tx), jitc_array(&ty)};
    jitc_launch_config cfg = {.grid = {(N + BLOCK - 1) / BLOCK}, .block = {BLOCK}};
    /* the first launch compiles the kernel to PTX and loads it: timed apart (it also updates y
     * once, which the runs after it start over from y0) */
    ResetY reset = {ctx, dy, y0, bytes};
    LaunchTiming t = {0};
    if (st == JITC_OK &&
        (what = "launch", st = launch_timing(ctx, f, &cfg, args, 3, RUNS, reset_y, &reset, &t, &r)) == JITC_OK &&
        (what = "copy out", st = jitc_copy_to_host(ctx, y, dy, bytes)) == JITC_OK) {
        row->jitc_ms = t.best_ms;
        printf("    first launch (compiles to PTX, loads the module, runs) %.1f ms\n", t.first_ms);
        printf("    best of %d: %.3f ms kernel time between events (%.0f GB/s), plain C %.3f ms: %.2fx\n", RUNS,
               t.best_ms, 3.0 * bytes / t.best_ms / 1e6, c_ms, c_ms / t.best_ms);
        if (report_check("gpu", y, want, row->note, sizeof row->note)) {
            row->status = "ok";
            snprintf(row->note, sizeof row->note, "kernel time by events, arrays in device memory");
        }
    }
    if (st != JITC_OK)
        show_failed(row, what, st, &r);
    if (dx)
        jitc_device_free(ctx, dx);
    if (dy)
        jitc_device_free(ctx, dy);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/saxpy/saxpy.krn";
    float *x = malloc(N * sizeof *x), *y0 = malloc(N * sizeof *y0), *y = malloc(N * sizeof *y),
          *want = malloc(N * sizeof *want);
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    int status;
    double parse_ms;
    ShowRow rows[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    /* GPU code fuses a * x + y into one multiply-add by default, as numba-cuda does; this sample
     * checks the GPU bit for bit against a C loop that rounds the product and the sum apart */
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_fma = 0;
    if (!x || !y0 || !y || !want || jitc_context_create(&opts, &ctx) != JITC_OK) {
        show_fail_all("saxpy", "out of memory", rows, 2);
        goto finish;
    }
    if (!(m = show_load(ctx, "saxpy", path, &parse_ms, rows, 2)))
        goto finish;
    for (int64_t i = 0; i < N; i++) {
        x[i] = (float)(i % 1021) * 0.001f - 0.5f;
        y0[i] = (float)(i % 13) * 0.25f;
    }
    printf("jitc %s: y = a*x + y, a = %g, on %d float32 (%d MiB per array); %s parsed in %.1f ms\n", jitc_version(),
           A, N, (int)(N * sizeof(float) >> 20), path, parse_ms);

    /* the baseline, timed the same way: best of RUNS, each on a fresh copy of y */
    double c_ms = INFINITY;
    for (int k = 0; k < RUNS; k++) {
        memcpy(want, y0, N * sizeof *want);
        double t0 = show_now_ms();
        c_saxpy(A, x, want, N);
        double ms = show_now_ms() - t0;
        c_ms = ms < c_ms ? ms : c_ms;
    }
    printf("  plain C loop (cc -O2, one thread): best of %d %.3f ms\n", RUNS, c_ms);

    run_cpu(m, x, y0, y, want, c_ms, &rows[0]);
    if (show_gpu_present(&rows[1]))
        run_gpu(ctx, m, x, y0, y, want, c_ms, &rows[1]);

finish:
    printf("\n");
    status = show_report("saxpy", rows, 2) ? 0 : 1;
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    free(x), free(y0), free(y), free(want);
    return status;
}
