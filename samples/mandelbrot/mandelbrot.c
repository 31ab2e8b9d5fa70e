/* mandelbrot.c — the Mandelbrot set, 1600x1200 pixels, up to 256 iterations, as an int32 array
 * of escape counts, computed three ways in one run: an @njit(parallel=True) prange kernel on
 * the CPU, a @cuda.jit kernel over a 2-D grid on the GPU (when there is one), and a plain C
 * loop. All three do the same float64 arithmetic in the same order, so their counts must be
 * equal, pixel for pixel. The picture is written as a PNG (libpng, a colour map of the counts).
 *   mandelbrot [KERNELS.krn [OUTDIR]]   (defaults: samples/mandelbrot/mandelbrot.krn,
 *                                         build/samples/mandelbrot; OUTDIR is created)
 * Ends with one tab-separated RESULT line per target; exit status 0 when every check passed. */
#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */
#include "../../bench/launch_timing.h" /* the GPU launches' clock: the first launch, then the best by events */

enum { W = 1600, H = 1200, MAX_ITER = 256, REPS = 5 };
static const double X0 = -2.25, Y0 = -1.125, STEP = 3.0 / W; /* [-2.25, 0.75] x [-1.125, 1.125] */
static const char *const CPU_SIG = "void(int32[:, ::1], float64, float64, float64, int64)";

/* The plain C version: the same float64 operations, in the same order, as escape() in the .krn. */
static int escape(double cr, double ci, int max_iter)
{
    double zr = 0.0, zi = 0.0;
    int n = 0;
    while (n < max_iter && zr * zr + zi * zi <= 4.0) {
        double t = zr * zr - zi * zi + cr;
        zi = 2.0 * zr * zi + ci;
        zr = t;
        n++;
    }
    return n;
}

static void mandelbrot_c(int32_t *counts)
{
    for (int row = 0; row < H; row++) {
        double ci = Y0 + row * STEP;
        for (int col = 0; col < W; col++)
            counts[row * W + col] = escape(X0 + col * STEP, ci, MAX_ITER);
    }
}

/* Pixels where two count arrays differ; the first one is described in `where`. */
static long differences(const int32_t *got, const int32_t *want, char *where, size_t len)
{
    long bad = 0;
    for (long i = 0; i < (long)W * H; i++)
        if (got[i] != want[i] && bad++ == 0)
            snprintf(where, len, "first at row %ld, column %ld: %d, want %d", i / W, i % W, got[i], want[i]);
    return bad;
}

/* mkdir -p */
static int make_dirs(const char *path)
{
    char buf[4096];
    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return -1;
    for (char *p = buf + 1;; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            if (c == '\0')
                return 0;
            *p = c;
        }
    }
}

/* A colour for an escape count: black inside the set, outside a cyclic gradient (deep blue,
 * white, orange, black) over the square root of the count, so the slow boundary gets colours. */
static void colour(int n, png_byte rgb[3])
{
    static const double STOPS[][4] = {{0.0, 0, 7, 100},      {0.16, 32, 107, 203}, {0.42, 237, 255, 255},
                                      {0.6425, 255, 170, 0}, {0.8575, 0, 2, 0},    {1.0, 0, 7, 100}};
    if (n >= MAX_ITER) {
        rgb[0] = rgb[1] = rgb[2] = 0;
        return;
    }
    double t = fmod(sqrt((double)n) / 6.0, 1.0);
    int k = 0;
    while (STOPS[k + 1][0] < t)
        k++;
    double f = (t - STOPS[k][0]) / (STOPS[k + 1][0] - STOPS[k][0]);
    for (int c = 0; c < 3; c++)
        rgb[c] = (png_byte)lround(STOPS[k][c + 1] + f * (STOPS[k + 1][c + 1] - STOPS[k][c + 1]));
}

static bool write_png(const char *path, const int32_t *counts)
{
    FILE *f = fopen(path, "wb");
    png_bytep row = malloc(3 * W);
    png_structp png = f && row ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL) : NULL;
    png_infop info = png ? png_create_info_struct(png) : NULL;
    bool ok = false;
    if (info && setjmp(png_jmpbuf(png)) == 0) {
        png_init_io(png, f);
        png_set_IHDR(png, info, W, H, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                     PNG_FILTER_TYPE_DEFAULT);
        png_write_info(png, info);
        for (int r = 0; r < H; r++) {
            for (int c = 0; c < W; c++)
                colour(counts[r * W + c], row + 3 * c);
            png_write_row(png, row);
        }
        png_write_end(png, NULL);
        ok = true;
    }
    if (png)
        png_destroy_write_struct(&png, info ? &info : NULL);
    free(row);
    if (f && fclose(f) != 0)
        ok = false;
    return ok;
}

/* The CPU target: compile the prange kernel for the array's type (timed apart), then the best of
 * REPS calls. false with the reason in `why` on any error. */
static bool run_cpu(jitc_module *m, int32_t *counts, double *best_ms, char *why, size_t why_len)
{
    jitc_function *fn;
    jitc_result r = {0};
    int64_t shape[2] = {H, W};
    DLTensor t = {.data = counts, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLInt, 32, 1}, .shape = shape};
    jitc_value args[5] = {jitc_array(&t), jitc_f64(X0), jitc_f64(Y0), jitc_f64(STEP), jitc_i64(MAX_ITER)};
    double t0 = show_now_ms();
    jitc_status st = jitc_module_function(m, "mandelbrot_cpu", &fn);
    if (st == JITC_OK)
        st = jitc_function_compile(fn, CPU_SIG);
    if (st != JITC_OK) {
        fprintf(stderr, "%s", jitc_module_diagnostics_text(m));
        snprintf(why, why_len, "mandelbrot_cpu: %s", jitc_status_string(st));
        return false;
    }
    printf("  cpu parallel: mandelbrot_cpu compiled for %s in %.1f ms\n", CPU_SIG, show_now_ms() - t0);
    *best_ms = 1e30;
    for (int rep = 0; rep < REPS; rep++) {
        memset(counts, 0xff, sizeof(int32_t) * W * H); /* no count of an earlier run can pass for this one's */
        double a = show_now_ms();
        st = jitc_call(fn, args, 5, &r);
        double b = show_now_ms();
        if (st != JITC_OK) {
            snprintf(why, why_len, "mandelbrot_cpu: %s: %s", jitc_status_string(st), r.message);
            return false;
        }
        *best_ms = b - a < *best_ms ? b - a : *best_ms;
    }
    return true;
}

/* The GPU target: counts in device memory, 16x16 threads a block over a 2-D grid; the first
 * launch (compile to PTX, load, run) is timed apart, then the best of REPS launches by GPU
 * events; the counts come back to `counts`. false with the reason in `why` on any error. */
static bool run_gpu(jitc_context *ctx, jitc_module *m, int32_t *counts, double *first_ms, double *best_ms,
                    char *why, size_t why_len)
{
    jitc_function *fn;
    jitc_result r = {0};
    void *d = NULL;
    const size_t bytes = sizeof(int32_t) * W * H;
    int64_t shape[2] = {H, W};
    DLTensor t = {.device = {kDLCUDA, 0}, .ndim = 2, .dtype = {kDLInt, 32, 1}, .shape = shape};
    jitc_value args[5] = {jitc_array(&t), jitc_f64(X0), jitc_f64(Y0), jitc_f64(STEP), jitc_i64(MAX_ITER)};
    jitc_launch_config cfg = {{(W + 15) / 16, (H + 15) / 16, 1}, {16, 16, 1}, 0, NULL};
    const char *what = "mandelbrot_gpu";
    jitc_status st = jitc_module_function(m, what, &fn);
    if (st == JITC_OK && (st = jitc_device_alloc(ctx, bytes, &d)) != JITC_OK)
        what = "device allocation";
    t.data = d;
    LaunchTiming timing = {0};
    if (st == JITC_OK)
        st = launch_timing(ctx, fn, &cfg, args, 5, REPS, NULL, NULL, &timing, &r);
    *first_ms = timing.first_ms;
    *best_ms = timing.best_ms;
    if (st == JITC_OK) {
        memset(counts, 0xff, bytes);
        if ((st = jitc_copy_to_host(ctx, counts, d, bytes)) != JITC_OK)
            what = "copy to host";
    }
    if (st != JITC_OK)
        snprintf(why, why_len, "%s: %s%s%s", what, jitc_status_string(st), r.message[0] ? ": " : "", r.message);
    if (d)
        jitc_device_free(ctx, d);
    return st == JITC_OK;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/mandelbrot/mandelbrot.krn";
    const char *outdir = argc > 2 ? argv[2] : "build/samples/mandelbrot";
    ShowRow res[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    int32_t *want = malloc(sizeof(int32_t) * W * H), *got = malloc(sizeof(int32_t) * W * H);
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    /* GPU code fuses a * b + c into one multiply-add by default, as numba-cuda does; a point near
     * the set's edge escapes after a count that depends on every step's last bit, and this sample
     * checks the counts exactly against a C loop that rounds products and sums apart */
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_fma = 0;
    if (!want || !got || jitc_context_create(&opts, &ctx) != JITC_OK) {
        fprintf(stderr, "out of memory\n");
        free(want), free(got);
        return 1;
    }
    double load_ms;
    if (!(m = show_load(ctx, "mandelbrot", path, &load_ms, res, 1))) {
        show_report("mandelbrot", res, 1);
        jitc_context_destroy(ctx);
        free(want), free(got);
        return 1;
    }
    printf("jitc %s: Mandelbrot set, %dx%d pixels, up to %d iterations, float64\n", jitc_version(), W, H, MAX_ITER);
    printf("  %s parsed and checked in %.1f ms\n", path, load_ms);

    /* the plain C loop: the reference counts and the baseline time */
    double c_ms = 1e30;
    for (int rep = 0; rep < REPS; rep++) {
        double a = show_now_ms();
        mandelbrot_c(want);
        double b = show_now_ms();
        c_ms = b - a < c_ms ? b - a : c_ms;
    }
    long inside = 0;
    for (long i = 0; i < (long)W * H; i++)
        inside += want[i] == MAX_ITER;
    printf("  plain C loop (one thread, -O2): %.3f ms; %ld of %d pixels inside the set\n", c_ms, inside, W * H);
    /* a sanity check of the reference itself: the origin is inside, 0.75+0i (the right edge) escapes */
    bool sane = escape(0.0, 0.0, MAX_ITER) == MAX_ITER && want[(H / 2) * W + W - 1] < 10 &&
                want[(H / 2) * W + (int)(2.25 / STEP)] == MAX_ITER && inside > 0 && inside < (long)W * H / 2;
    if (!sane)
        printf("  the plain C reference looks wrong\n");

    /* the CPU target */
    char png_path[1024], where[128] = "";
    snprintf(png_path, sizeof png_path, "%s/mandelbrot.png", outdir);
    ShowRow *cpu = &res[0];
    double cpu_ms = 0;
    if (run_cpu(m, got, &cpu_ms, cpu->note, sizeof cpu->note)) {
        long bad = differences(got, want, where, sizeof where);
        printf("  cpu parallel: best of %d calls %.3f ms (%.2fx the C loop); counts %s the C loop's%s%s\n", REPS,
               cpu_ms, c_ms / cpu_ms, bad ? "DIFFER from" : "equal", bad ? ": " : "", where);
        cpu->jitc_ms = cpu_ms;
        cpu->c_ms = c_ms;
        if (!bad)
            cpu->status = "ok";
        if (make_dirs(outdir) == 0 && write_png(png_path, got)) {
            printf("  picture (colour map of the CPU counts): %s\n", png_path);
            snprintf(cpu->note, sizeof cpu->note, "%s", png_path);
        } else {
            printf("  cannot write %s: %s\n", png_path, strerror(errno));
            snprintf(cpu->note, sizeof cpu->note, "cannot write %s", png_path);
            cpu->status = "FAIL";
        }
    } else {
        printf("  cpu parallel: %s\n", cpu->note);
    }

    /* the GPU target */
    ShowRow *gpu = &res[1];
    if (show_gpu_present(gpu)) {
        jitc_device_info info;
        jitc_device_get_info(0, &info);
        double first_ms = 0, gpu_ms = 0;
        if (run_gpu(ctx, m, got, &first_ms, &gpu_ms, gpu->note, sizeof gpu->note)) {
            long bad = differences(got, want, where, sizeof where);
            printf("  gpu (%s): first launch (compile, load, run) %.1f ms; best of %d launches %.3f ms "
                   "(%.2fx the C loop); counts %s the C loop's%s%s\n",
                   info.name, first_ms, REPS, gpu_ms, c_ms / gpu_ms, bad ? "DIFFER from" : "equal", bad ? ": " : "",
                   where);
            gpu->jitc_ms = gpu_ms;
            gpu->c_ms = c_ms;
            gpu->status = bad ? "FAIL" : "ok";
            snprintf(gpu->note, sizeof gpu->note, "%s", strcmp(cpu->status, "ok") == 0 ? png_path : "-");
        } else {
            printf("  gpu: %s\n", gpu->note);
        }
    }

    bool ok = sane && show_passed(res, 2);
    printf("%s\n", ok ? "all checks passed" : "SOME CHECKS FAILED");
    show_report("mandelbrot", res, 2);
    jitc_context_destroy(ctx);
    free(want), free(got);
    return ok ? 0 : 1;
}
