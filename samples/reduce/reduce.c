/* reduce.c — the sum and the maximum of 2^24 float32: on the CPU's cores an @njit(parallel=True)
 * prange loop carrying both reductions (the sum in a float64 accumulator), always run; and, where
 * a CUDA device is present, @cuda.reduce functions folded over the array with jitc_reduce, on an
 * array already in device memory (and once on the host array, which jitc copies in). Each answer
 * is checked against a plain C loop (float64 sum, float32 max) and timed against it in the same
 * run, compile time apart: sums within a relative 1e-6 for the GPU's float32 sum and 1e-9 for the
 * CPU's float64 one (a float32 accumulator would miss that by far), maxima exactly.
 *   reduce [samples/reduce/reduce.krn] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */

enum { N = 1 << 24, RUNS = 5 };
static const double CPU_SUM_TOL = 1e-9, GPU_SUM_TOL = 1e-6;

/* The baseline: one pass, a float64 sum and a float32 maximum (Python's max(m, v): v only when
 * it is greater). */
static void c_sum_max(const float *x, int64_t n, double *sum, float *max)
{
    double s = 0.0;
    float m = x[0];
    for (int64_t i = 0; i < n; i++) {
        s += x[i];
        m = x[i] > m ? x[i] : m;
    }
    *sum = s;
    *max = m;
}

/* Compares a sum (relative) and a maximum (exactly) with C's; prints the outcome. */
static bool check(double sum, float max, double want_sum, float want_max, double tol, char *note, size_t note_len)
{
    double rel = fabs(sum - want_sum) / fabs(want_sum);
    bool sum_ok = rel <= tol, max_ok = max == want_max;
    printf("    check: sum %.9g against C's %.9g, relative difference %.2e (limit %.0e): %s\n", sum, want_sum, rel, tol,
           sum_ok ? "ok" : "FAILED");
    printf("    check: max %.9g against C's %.9g, exactly: %s\n", max, want_max, max_ok ? "ok" : "FAILED");
    if (!sum_ok || !max_ok)
        snprintf(note, note_len, "%s off C", sum_ok ? "max" : max_ok ? "sum" : "sum and max");
    return sum_ok && max_ok;
}

static void run_cpu(jitc_module *m, float *x, double want_sum, float want_max, ShowRow *row)
{
    printf("  cpu parallel: sum_max, a prange loop with two reductions over %ld cores (JITC_NUM_THREADS chooses "
           "fewer)\n", sysconf(_SC_NPROCESSORS_ONLN));
    jitc_function *f;
    jitc_result r = {0};
    jitc_status st = jitc_module_function(m, "sum_max", &f);
    double t0 = show_now_ms();
    st = st == JITC_OK ? jitc_function_compile(f, "Tuple((float64, float32))(float32[::1])") : st;
    double compile_ms = show_now_ms() - t0;
    if (st != JITC_OK) {
        fputs(jitc_module_diagnostics_text(m), stdout);
        show_failed(row, "compile", st, NULL);
        return;
    }
    int64_t shape[1] = {N};
    DLTensor t = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    jitc_value arg = jitc_array(&t);
    double best = INFINITY;
    for (int k = 0; k < RUNS; k++) {
        t0 = show_now_ms();
        st = jitc_call(f, &arg, 1, &r);
        double ms = show_now_ms() - t0;
        if (st != JITC_OK) {
            show_failed(row, "sum_max", st, &r);
            return;
        }
        best = ms < best ? ms : best;
    }
    printf("    compiled for (float32[::1]) in %.1f ms\n", compile_ms);
    printf("    best of %d: %.3f ms (%.1f GB/s), plain C %.3f ms: %.2fx\n", RUNS, best, N * sizeof(float) / best / 1e6,
           row->c_ms, row->c_ms / best);
    row->jitc_ms = best;
    if (r.value.kind != JITC_TUPLE || r.nitems != 2 || r.items[0].kind != JITC_FLOAT64 || r.items[1].kind != JITC_FLOAT32) {
        printf("    check FAILED: sum_max returned no (float64, float32) tuple\n");
        snprintf(row->note, sizeof row->note, "not a (float64, float32) tuple");
        return;
    }
    if (check(r.items[0].f64, r.items[1].f32, want_sum, want_max, CPU_SUM_TOL, row->note, sizeof row->note))
        row->status = "ok";
}

/* jitc_reduce of fn over array, best of RUNS by the host's clock (the call is synchronous and
 * brings the answer back); the first call, which compiles and loads the kernel, is timed apart. */
static jitc_status time_reduce(jitc_function *fn, jitc_value *array, const jitc_value *init, jitc_result *r, double *first_ms,
                               double *best)
{
    double t0 = show_now_ms();
    jitc_status st = jitc_reduce(fn, array, init, r);
    *first_ms = show_now_ms() - t0;
    *best = INFINITY;
    for (int k = 0; k < RUNS && st == JITC_OK; k++) {
        t0 = show_now_ms();
        st = jitc_reduce(fn, array, init, r);
        double ms = show_now_ms() - t0;
        *best = ms < *best ? ms : *best;
    }
    return st;
}

static void run_gpu(jitc_context *ctx, jitc_module *m, float *x, double want_sum, float want_max, ShowRow *row)
{
    jitc_device_info info;
    if (jitc_device_get_info(0, &info) == JITC_OK)
        printf("  gpu: sum_reduce and max_reduce (@cuda.reduce) on %s (sm_%d%d)\n", info.name, info.major, info.minor);
    jitc_function *fsum = NULL, *fmax = NULL;
    jitc_result r = {0};
    void *dx = NULL;
    const size_t bytes = N * sizeof(float);
    const char *what = "sum_reduce";
    jitc_status st = jitc_module_function(m, "sum_reduce", &fsum);
    if (st == JITC_OK && (what = "max_reduce", st = jitc_module_function(m, "max_reduce", &fmax)) == JITC_OK &&
        (what = "device memory", st = jitc_device_alloc(ctx, bytes, &dx)) == JITC_OK)
        what = "copy in", st = jitc_copy_to_device(ctx, dx, x, bytes);
    int64_t shape[1] = {N};
    DLTensor td = {.data = dx, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor th = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    jitc_value dev = jitc_array(&td), host = jitc_array(&th);
    /* the sum starts from 0 (init NULL), the maximum from the first element: 0 would be wrong
     * for an array of negative numbers */
    jitc_value max_init = {.kind = JITC_FLOAT32, .f32 = x[0]};
    double sum_first = 0, sum_best = 0, max_first = 0, max_best = 0;
    float sum = NAN, max = NAN;
    if (st == JITC_OK && (what = "sum_reduce", st = time_reduce(fsum, &dev, NULL, &r, &sum_first, &sum_best)) == JITC_OK)
        sum = r.value.f32;
    if (st == JITC_OK && (what = "max_reduce", st = time_reduce(fmax, &dev, &max_init, &r, &max_first, &max_best)) == JITC_OK)
        max = r.value.f32;
    /* once more on the host array: jitc copies it in */
    float host_sum = NAN;
    double t0 = show_now_ms();
    if (st == JITC_OK && (what = "sum_reduce on the host array", st = jitc_reduce(fsum, &host, NULL, &r)) == JITC_OK)
        host_sum = r.value.f32;
    double host_ms = show_now_ms() - t0;
    if (st != JITC_OK)
        show_failed(row, what, st, &r);
    else {
        row->jitc_ms = sum_best + max_best;
        printf("    first calls (compile to PTX, load, run): sum %.1f ms, max %.1f ms\n", sum_first, max_first);
        printf("    best of %d on the device array: sum %.3f ms + max %.3f ms = %.3f ms, plain C %.3f ms: %.2fx\n", RUNS,
               sum_best, max_best, row->jitc_ms, row->c_ms, row->c_ms / row->jitc_ms);
        printf("    sum of the host array, copy in included: %.3f ms\n", host_ms);
        bool ok = check(sum, max, want_sum, want_max, GPU_SUM_TOL, row->note, sizeof row->note);
        bool same = memcmp(&host_sum, &sum, sizeof sum) == 0;
        printf("    check: the host array's sum %.9g equals the device array's: %s\n", host_sum, same ? "ok" : "FAILED");
        if (!same)
            snprintf(row->note, sizeof row->note, "host array's sum differs from device array's");
        if (ok && same) {
            row->status = "ok";
            snprintf(row->note, sizeof row->note, "device array; sum + max");
        }
    }
    if (dx)
        jitc_device_free(ctx, dx);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/reduce/reduce.krn";
    float *x = malloc(N * sizeof *x);
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    int status;
    double parse_ms;
    ShowRow rows[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    if (!x || jitc_context_create(NULL, &ctx) != JITC_OK) {
        show_fail_all("reduce", "out of memory", rows, 2);
        goto finish;
    }
    if (!(m = show_load(ctx, "reduce", path, &parse_ms, rows, 2)))
        goto finish;
    /* u*u*4 - 0.5 for u uniform in [0, 1), from a fixed xorshift stream: values of every
     * exponent down to 2^-48 and of both signs, a sum near 1.4e7 */
    uint64_t seed = 0x2545F4914F6CDD1Du;
    for (int64_t i = 0; i < N; i++) {
        seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
        float u = (float)(seed >> 40) * 0x1p-24f;
        x[i] = u * u * 4.0f - 0.5f;
    }
    printf("jitc %s: sum and max of %d float32 (%d MiB); %s parsed in %.1f ms\n", jitc_version(), N,
           (int)(N * sizeof(float) >> 20), path, parse_ms);

    double want_sum = 0, c_ms = INFINITY;
    float want_max = 0;
    for (int k = 0; k < RUNS; k++) {
        double t0 = show_now_ms();
        c_sum_max(x, N, &want_sum, &want_max);
        double ms = show_now_ms() - t0;
        c_ms = ms < c_ms ? ms : c_ms;
    }
    printf("  plain C loop (cc -O2, one thread, float64 sum): best of %d %.3f ms: sum %.9g, max %.9g\n", RUNS, c_ms,
           want_sum, want_max);
    rows[0].c_ms = rows[1].c_ms = c_ms;

    run_cpu(m, x, want_sum, want_max, &rows[0]);

    if (show_gpu_present(&rows[1]))
        run_gpu(ctx, m, x, want_sum, want_max, &rows[1]);

finish:
    printf("\n");
    status = show_report("reduce", rows, 2) ? 0 : 1;
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    free(x);
    return status;
}
