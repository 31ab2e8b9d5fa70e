/* multigpu.c — one job over every GPU of the machine: the Mandelbrot set's escape counts
 * (WIDTH x HEIGHT int32, up to ITERS iterations), the rows dealt out to the devices in blocks of
 * 16 (block b to device b % devices), so that each does about the same work.
 * Each device has its own jitc context (jitc_options.gpu_device), which compiles the module:
 * the PTX is made once per GPU architecture and shared by the process's contexts, then loaded
 * by each on its device. The kernels write the counts straight into the picture, page-locked
 * host memory mapped into every context, so no copy back waits for the last kernel: the GPUs
 * work at once, and the rows cross the bus while the GPUs compute. The counts must equal the
 * one-GPU run's bit for bit; both runs are timed (the second of two, so compiling and loading
 * are not counted).
 *   multigpu [KERNELS.krn] [--devices 0,1,...] [--width W] [--height H] [--iters N]
 * --devices names the devices to use (default: all of them); a device may appear twice, which
 * gives it two contexts and two shares (how a machine with one GPU runs the multi-GPU path).
 * Without a GPU it says so in one line and exits 0; exit 1 when a check fails or a call errs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jitc.h"

enum { MAX_DEVICES = 64, BLOCK_X = 16, BLOCK_Y = 16 };
static const double X0 = -2.25, Y0 = -1.125, SPAN = 3.0; /* [-2.25, 0.75] across */

typedef struct Job {
    const char *krn;
    int devices[MAX_DEVICES], ndevices;
    int64_t width, height, iters;
} Job;

/* One device's share: its context, kernel and rows. The picture's rows are dealt out in blocks
 * of BLOCK_Y (a launch block's height): block b to share b % shares, so that every device gets
 * rows from top to bottom and about the same work (multigpu.krn). */
typedef struct Share {
    jitc_context *ctx;
    jitc_function *kernel;
    int64_t first_block, shares; /* this share's first block, and how many shares deal the blocks */
    int64_t rows;                /* the rows it owns */
} Share;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int failed(const char *what, jitc_status st, const char *message)
{
    fprintf(stderr, "multigpu: %s: %s%s%s\n", what, jitc_status_string(st), message && *message ? ": " : "",
            message ? message : "");
    return 1;
}

/* "0,1,3" into job->devices; false for anything else. */
static bool parse_devices(const char *text, Job *job)
{
    job->ndevices = 0;
    for (const char *p = text; *p;) {
        char *end;
        long d = strtol(p, &end, 10);
        if (end == p || d < 0 || d > 1 << 20 || job->ndevices == MAX_DEVICES || (*end && *end != ','))
            return false;
        job->devices[job->ndevices++] = (int)d;
        p = *end ? end + 1 : end;
    }
    return job->ndevices > 0;
}

static bool parse_count(const char *text, int64_t lo, int64_t hi, int64_t *out)
{
    char *end;
    long long v = strtoll(text, &end, 10);
    if (end == text || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_args(int argc, char **argv, Job *job)
{
    *job = (Job){.krn = "samples/multigpu/multigpu.krn", .width = 3840, .height = 2160, .iters = 1024};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (strcmp(a, "--devices") == 0)
            ok = v && parse_devices(v, job), i++;
        else if (strcmp(a, "--width") == 0)
            ok = v && parse_count(v, 1, 1 << 16, &job->width), i++;
        else if (strcmp(a, "--height") == 0)
            ok = v && parse_count(v, 1, 1 << 16, &job->height), i++;
        else if (strcmp(a, "--iters") == 0)
            ok = v && parse_count(v, 1, 1 << 20, &job->iters), i++;
        else if (a[0] == '-')
            ok = false;
        else
            job->krn = a;
        if (!ok) {
            fprintf(stderr, "usage: multigpu [KERNELS.krn] [--devices 0,1,...] [--width W] [--height H] [--iters N]\n"
                            "multigpu: bad or missing value for '%s'\n", a);
            return false;
        }
    }
    return true;
}

/* The rows of the blocks first_block, first_block + shares, ... of a picture `height` rows high. */
static int64_t rows_of_share(int64_t height, int64_t first_block, int64_t shares)
{
    int64_t rows = 0;
    for (int64_t b = first_block; b * BLOCK_Y < height; b += shares)
        rows += height - b * BLOCK_Y < BLOCK_Y ? height - b * BLOCK_Y : BLOCK_Y;
    return rows;
}

/* Share first_block of `shares` on device `device`: its context, its module compiled from
 * job->krn and the kernel. */
static jitc_status open_share(const Job *job, int device, int64_t first_block, int64_t shares, Share *b, char *why,
                              size_t n)
{
    *b = (Share){.first_block = first_block, .shares = shares, .rows = rows_of_share(job->height, first_block, shares)};
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_device = device;
    jitc_status st = jitc_context_create(&opts, &b->ctx);
    jitc_module *mod = NULL;
    if (st == JITC_OK && (st = jitc_module_compile_file(b->ctx, job->krn, &mod)) != JITC_OK)
        snprintf(why, n, "%s", mod ? jitc_module_diagnostics_text(mod) : job->krn);
    if (st == JITC_OK)
        st = jitc_module_function(mod, "mandelbrot_rows", &b->kernel);
    return st;
}

/* Launches b's share, its counts written straight into the picture (page-locked host memory
 * mapped into every context: no copy back); the launch returns at once. */
static jitc_status launch_share(const Job *job, Share *b, int32_t *picture, jitc_result *r)
{
    void *mapped = NULL;
    jitc_status st = jitc_host_device_pointer(b->ctx, picture, &mapped);
    if (st != JITC_OK || !b->rows)
        return st;
    int64_t shape[2] = {job->height, job->width};
    DLTensor counts = {.data = mapped, .device = {kDLCUDA, jitc_context_device(b->ctx)}, .ndim = 2,
                       .dtype = {kDLInt, 32, 1}, .shape = shape};
    double step = SPAN / (double)job->width;
    jitc_value args[8] = {jitc_array(&counts), jitc_i64(b->first_block), jitc_i64(b->shares), jitc_i64(BLOCK_Y),
                          jitc_f64(X0), jitc_f64(Y0), jitc_f64(step), jitc_i64(job->iters)};
    jitc_launch_config cfg = {{(unsigned)((job->width + BLOCK_X - 1) / BLOCK_X), (unsigned)((b->rows + BLOCK_Y - 1) / BLOCK_Y), 1},
                              {BLOCK_X, BLOCK_Y, 1}, 0, NULL};
    return jitc_launch(b->kernel, &cfg, args, 8, r);
}

/* Every share launched, then every device waited for: the devices compute at once, each
 * writing its rows of the picture as it goes. */
static jitc_status run_shares(const Job *job, Share *shares, int n, int32_t *picture, jitc_result *r)
{
    jitc_status st = JITC_OK;
    for (int k = 0; k < n && st == JITC_OK; k++)
        st = launch_share(job, &shares[k], picture, r);
    for (int k = 0; k < n && st == JITC_OK; k++)
        st = jitc_synchronize(shares[k].ctx, r);
    return st;
}

/* The run timed: the second of two (the first compiles the kernel and loads it on each device). */
static jitc_status timed_run(const Job *job, Share *shares, int n, int32_t *picture, double *ms, jitc_result *r)
{
    jitc_status st = run_shares(job, shares, n, picture, r);
    double t0 = now_ms();
    if (st == JITC_OK)
        st = run_shares(job, shares, n, picture, r);
    *ms = now_ms() - t0;
    return st;
}

static void close_share(Share *b) { jitc_context_destroy(b->ctx); }

static int run(const Job *job)
{
    Share shares[MAX_DEVICES] = {{0}}, whole = {0};
    int n = job->ndevices, status = 0;
    size_t bytes = (size_t)job->width * (size_t)job->height * sizeof(int32_t);
    void *split = NULL, *single = NULL; /* page-locked and mapped for every context */
    char why[4096] = "";
    jitc_result r = {0};
    jitc_status st = open_share(job, job->devices[0], 0, 1, &whole, why, sizeof why);
    for (int k = 0; k < n && st == JITC_OK; k++)
        st = open_share(job, job->devices[k], k, n, &shares[k], why, sizeof why);
    unsigned mapped = JITC_HOST_PORTABLE | JITC_HOST_MAPPED;
    if (st == JITC_OK && (st = jitc_host_alloc(whole.ctx, bytes, mapped, &split)) == JITC_OK)
        st = jitc_host_alloc(whole.ctx, bytes, mapped, &single);
    double split_ms = 0, single_ms = 0;
    if (st == JITC_OK && (st = timed_run(job, shares, n, split, &split_ms, &r)) == JITC_OK)
        st = timed_run(job, &whole, 1, single, &single_ms, &r);
    if (st != JITC_OK) {
        status = failed("a device call failed", st, *r.message ? r.message : why);
    } else if (memcmp(split, single, bytes) != 0) {
        status = failed("the counts differ", JITC_ERR_RUNTIME, "the split run is not the one-GPU run");
    } else {
        printf("%lldx%lld Mandelbrot, %lld iterations, rows dealt in blocks of %d over %d context%s on device%s",
               (long long)job->width, (long long)job->height, (long long)job->iters, BLOCK_Y, n, n > 1 ? "s" : "",
               n > 1 ? "s" : "");
        for (int k = 0; k < n; k++)
            printf("%s%d", k ? "," : " ", job->devices[k]);
        printf(": %.2f ms; on device %d alone: %.2f ms (%.2fx); the counts are equal bit for bit\n", split_ms,
               job->devices[0], single_ms, single_ms / split_ms);
    }
    if (split)
        jitc_host_free(whole.ctx, split);
    if (single)
        jitc_host_free(whole.ctx, single);
    for (int k = 0; k < n; k++)
        if (shares[k].ctx)
            close_share(&shares[k]);
    if (whole.ctx)
        close_share(&whole);
    return status;
}

int main(int argc, char **argv)
{
    Job job;
    if (!parse_args(argc, argv, &job))
        return 2;
    int count = 0;
    char why[256] = "";
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK || count == 0) {
        printf("GPU: skipped: %s\n", *why ? why : "no CUDA device");
        return 0;
    }
    if (job.ndevices == 0)
        for (int d = 0; d < count && d < MAX_DEVICES; d++)
            job.devices[job.ndevices++] = d;
    for (int k = 0; k < job.ndevices; k++)
        if (job.devices[k] >= count) {
            fprintf(stderr, "multigpu: there is no device %d: this machine has %d (jitc devices lists them)\n",
                    job.devices[k], count);
            return 1;
        }
    return run(&job);
}
