/* nbody.c — one step of an all-pairs gravitational N-body simulation in float32, two ways:
 *   cpu parallel (always): nbody_cpu, an @njit(parallel=True, fastmath=True) prange kernel, on
 *     4096 bodies;
 *   gpu (when there is one): nbody_gpu, a @cuda.jit kernel that stages tiles of 256 bodies in
 *     cuda.shared.array, on 16384 bodies, timed on the GPU by events;
 * each against the same step in plain C (float32, the kernels' operations in their order; one
 * thread, -O2, the baseline). New positions and velocities are checked against the C step
 * (largest difference at most 1e-4 of the largest magnitude, per array), the step is checked to
 * conserve momentum (the forces are pairwise opposite), and the velocity change is checked to be
 * large enough for the comparison to see a wrong force. Reports interactions (pairs) per second.
 *   nbody [KERNELS.krn]   (default samples/nbody/nbody.krn)
 * Ends with one tab-separated RESULT line per target; exit status 0 when every check passed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */
#include "../../bench/launch_timing.h" /* the GPU launches' clock: the first launch, then the best by events */

enum { CPU_N = 4096, GPU_N = 16384, TILE = 256, REPS = 5 };
static const float DT = 0.01f, EPS = 0.05f;
static const double TOL = 1e-4;
static const char *const SIG = "void(float32[:, ::1], float32[:, ::1], float32[:, ::1], float32[:, ::1], float32, float32)";

/* Bodies, a structure of arrays: pos is (4, n) float32, rows x y z m; vel is (3, n), rows vx vy
 * vz; out_* receive the step. */
typedef struct Bodies {
    int n;
    float *pos, *vel, *out_pos, *out_vel, *c_pos, *c_vel; /* c_*: the plain C step's */
} Bodies;

static double uniform(uint64_t *state) /* [0, 1) */
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*state >> 11) / 9007199254740992.0;
}

static void bodies_free(Bodies *b)
{
    free(b->pos), free(b->vel), free(b->out_pos), free(b->out_vel), free(b->c_pos), free(b->c_vel);
}

/* A ball of radius 1 and total mass about 1, turning about z (about 0.5 r) with some scatter. */
static bool bodies_init(Bodies *b, int n, uint64_t seed)
{
    size_t pbytes = (size_t)4 * n * sizeof(float), vbytes = (size_t)3 * n * sizeof(float);
    *b = (Bodies){n, malloc(pbytes), malloc(vbytes), malloc(pbytes), malloc(vbytes), malloc(pbytes), malloc(vbytes)};
    if (!b->pos || !b->vel || !b->out_pos || !b->out_vel || !b->c_pos || !b->c_vel) {
        bodies_free(b);
        return false;
    }
    for (int i = 0; i < n; i++) {
        double x, y, z;
        do {
            x = 2 * uniform(&seed) - 1, y = 2 * uniform(&seed) - 1, z = 2 * uniform(&seed) - 1;
        } while (x * x + y * y + z * z > 1);
        float *p = b->pos, *v = b->vel;
        p[i] = (float)x, p[n + i] = (float)y, p[2 * n + i] = (float)z;
        p[3 * n + i] = (float)((0.5 + uniform(&seed)) / n);
        v[i] = (float)(-0.5 * y + 0.05 * (2 * uniform(&seed) - 1));
        v[n + i] = (float)(0.5 * x + 0.05 * (2 * uniform(&seed) - 1));
        v[2 * n + i] = (float)(0.05 * (2 * uniform(&seed) - 1));
    }
    return true;
}

/* The plain C step: the operations of nbody_cpu and nbody_gpu, in the same order. */
static void step_c(int n, const float *pos, const float *vel, float *new_pos, float *new_vel, float dt, float eps2)
{
    const float *x = pos, *y = pos + n, *z = pos + 2 * n, *m = pos + 3 * n;
    for (int i = 0; i < n; i++) {
        float xi = x[i], yi = y[i], zi = z[i];
        float ax = 0.0f, ay = 0.0f, az = 0.0f;
        for (int j = 0; j < n; j++) {
            float dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
            float d2 = dx * dx + dy * dy + dz * dz + eps2;
            float inv = 1.0f / sqrtf(d2);
            float s = m[j] * inv * inv * inv;
            ax += s * dx;
            ay += s * dy;
            az += s * dz;
        }
        float vx = vel[i] + ax * dt, vy = vel[n + i] + ay * dt, vz = vel[2 * n + i] + az * dt;
        new_vel[i] = vx, new_vel[n + i] = vy, new_vel[2 * n + i] = vz;
        new_pos[i] = xi + vx * dt, new_pos[n + i] = yi + vy * dt, new_pos[2 * n + i] = zi + vz * dt;
        new_pos[3 * n + i] = m[i];
    }
}

/* max |got - want| / max |want| over `count` floats; NaN anywhere makes it NaN. */
static double rel_diff(long count, const float *got, const float *want)
{
    double diff = 0, scale = 0;
    for (long i = 0; i < count; i++) {
        double d = fabs((double)got[i] - want[i]);
        diff = d > diff || d != d ? d : diff;
        scale = fabs(want[i]) > scale ? fabs(want[i]) : scale;
    }
    return diff / scale;
}

/* |sum m (v' - v)| / sum m |v' - v|: 0 when every pair's forces cancel, as they must. */
static double momentum_drift(int n, const float *pos, const float *vel, const float *new_vel)
{
    double p[3] = {0, 0, 0}, size = 0;
    for (int i = 0; i < n; i++)
        for (int c = 0; c < 3; c++) {
            double dp = pos[3 * n + i] * ((double)new_vel[c * n + i] - vel[c * n + i]);
            p[c] += dp;
            size += fabs(dp);
        }
    return sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) / size;
}

/* The checks of one result against the C step's; prints them. */
static bool check(const char *who, const Bodies *b, const float *pos, const float *vel)
{
    double dp = rel_diff(4L * b->n, pos, b->c_pos), dv = rel_diff(3L * b->n, vel, b->c_vel);
    double drift = momentum_drift(b->n, b->pos, b->vel, vel);
    bool ok = dp <= TOL && dv <= TOL && drift <= 1e-3;
    printf("    %s against the C step: positions %.2e, velocities %.2e of the largest (at most %.0e); "
           "momentum drift %.1e (at most 1e-3): %s\n",
           who, dp, dv, TOL, drift, ok ? "ok" : "FAIL");
    return ok;
}

/* Times the C step (best of reps), then checks that its velocity change is a sizeable part of
 * the velocities (else the comparisons above could not tell a wrong force) and that it
 * conserves momentum. */
static bool run_c(Bodies *b, int reps, double *best_ms)
{
    *best_ms = 1e30;
    for (int rep = 0; rep < reps; rep++) {
        double t = show_now_ms();
        step_c(b->n, b->pos, b->vel, b->c_pos, b->c_vel, DT, EPS * EPS);
        t = show_now_ms() - t;
        *best_ms = t < *best_ms ? t : *best_ms;
    }
    double change = rel_diff(3L * b->n, b->vel, b->c_vel), drift = momentum_drift(b->n, b->pos, b->vel, b->c_vel);
    bool ok = change > 1e-3 && drift <= 1e-3;
    printf("    plain C step, %s%d: %.3f ms; it changes the velocities by %.1e of the largest, momentum drift "
           "%.1e: %s\n", reps > 1 ? "best of " : "runs: ", reps, *best_ms, change, drift, ok ? "ok" : "FAIL");
    return ok;
}

static double per_second(int n, double ms) { return (double)n * n / (ms / 1e3); }

static DLTensor array(float *data, int64_t *shape, DLDeviceType where)
{
    DLTensor t = {.data = data, .device = {where, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    return t;
}

static void run_cpu(jitc_module *m, ShowRow *res)
{
    Bodies b;
    jitc_function *fn;
    jitc_result r = {0};
    jitc_status st = JITC_ERR_NOMEM;
    if (!bodies_init(&b, CPU_N, 1)) {
        snprintf(res->note, sizeof res->note, "out of memory");
        return;
    }
    int64_t pshape[2] = {4, b.n}, vshape[2] = {3, b.n};
    DLTensor tp = array(b.pos, pshape, kDLCPU), tv = array(b.vel, vshape, kDLCPU),
             top = array(b.out_pos, pshape, kDLCPU), tov = array(b.out_vel, vshape, kDLCPU);
    jitc_value args[6] = {jitc_array(&tp), jitc_array(&tv), jitc_array(&top), jitc_array(&tov), jitc_f32(DT),
                          jitc_f32(EPS * EPS)};
    printf("  cpu parallel: %d bodies\n", b.n);
    double t0 = show_now_ms();
    if ((st = jitc_module_function(m, "nbody_cpu", &fn)) != JITC_OK || (st = jitc_function_compile(fn, SIG)) != JITC_OK) {
        snprintf(r.message, sizeof r.message, "%s", jitc_module_diagnostics_text(m));
        goto done;
    }
    printf("    nbody_cpu compiled in %.1f ms\n", show_now_ms() - t0);
    double best = 1e30;
    for (int rep = 0; rep < REPS; rep++) {
        memset(b.out_pos, 0xff, (size_t)4 * b.n * sizeof(float)); /* NaNs: no earlier result passes for this one */
        memset(b.out_vel, 0xff, (size_t)3 * b.n * sizeof(float));
        double t = show_now_ms();
        if ((st = jitc_call(fn, args, 6, &r)) != JITC_OK)
            goto done;
        t = show_now_ms() - t;
        best = t < best ? t : best;
    }
    res->jitc_ms = best;
    bool ok = run_c(&b, REPS, &res->c_ms);
    ok &= check("nbody_cpu", &b, b.out_pos, b.out_vel);
    printf("    nbody_cpu, best of %d: %.3f ms, %.3g interactions/s; plain C %.3g interactions/s: %.2fx\n", REPS,
           res->jitc_ms, per_second(b.n, res->jitc_ms), per_second(b.n, res->c_ms), res->c_ms / res->jitc_ms);
    snprintf(res->note, sizeof res->note, "N=%d, %.3g interactions/s", b.n, per_second(b.n, res->jitc_ms));
    res->status = ok ? "ok" : "FAIL";
done:
    if (st != JITC_OK) {
        snprintf(res->note, sizeof res->note, "nbody_cpu: %s: %s", jitc_status_string(st), r.message);
        printf("    %s\n", res->note);
    }
    bodies_free(&b);
}

static void run_gpu(jitc_context *ctx, jitc_module *m, ShowRow *res)
{
    Bodies b;
    void *d[4] = {NULL, NULL, NULL, NULL};
    jitc_function *fn;
    jitc_result r = {0};
    const char *what = "device memory";
    jitc_status st = JITC_OK;
    if (!bodies_init(&b, GPU_N, 2)) {
        snprintf(res->note, sizeof res->note, "out of memory");
        return;
    }
    const size_t pbytes = (size_t)4 * b.n * sizeof(float), vbytes = (size_t)3 * b.n * sizeof(float);
    for (int k = 0; k < 4 && st == JITC_OK; k++)
        st = jitc_device_alloc(ctx, k % 2 ? vbytes : pbytes, &d[k]);
    if (st != JITC_OK || (st = jitc_copy_to_device(ctx, d[0], b.pos, pbytes)) != JITC_OK ||
        (st = jitc_copy_to_device(ctx, d[1], b.vel, vbytes)) != JITC_OK)
        goto done;
    int64_t pshape[2] = {4, b.n}, vshape[2] = {3, b.n};
    DLTensor tp = array(d[0], pshape, kDLCUDA), tv = array(d[1], vshape, kDLCUDA), top = array(d[2], pshape, kDLCUDA),
             tov = array(d[3], vshape, kDLCUDA);
    jitc_value args[6] = {jitc_array(&tp), jitc_array(&tv), jitc_array(&top), jitc_array(&tov), jitc_f32(DT),
                          jitc_f32(EPS * EPS)};
    jitc_launch_config cfg = {{(b.n + TILE - 1) / TILE, 1, 1}, {TILE, 1, 1}, 0, NULL};
    printf("  gpu: %d bodies, %u blocks of %d threads, a tile of %d bodies in shared memory\n", b.n, cfg.grid[0], TILE,
           TILE);
    what = "nbody_gpu";
    if ((st = jitc_module_function(m, what, &fn)) != JITC_OK)
        goto done;
    LaunchTiming t;
    if ((st = launch_timing(ctx, fn, &cfg, args, 6, REPS, NULL, NULL, &t, &r)) != JITC_OK)
        goto done;
    printf("    first launch (compile to PTX, load, run, wait) %.1f ms\n", t.first_ms);
    what = "copy back";
    memset(b.out_pos, 0xff, pbytes);
    memset(b.out_vel, 0xff, vbytes);
    if ((st = jitc_copy_to_host(ctx, b.out_pos, d[2], pbytes)) != JITC_OK ||
        (st = jitc_copy_to_host(ctx, b.out_vel, d[3], vbytes)) != JITC_OK)
        goto done;
    res->jitc_ms = t.best_ms;
    bool ok = run_c(&b, 1, &res->c_ms); /* seconds: one run */
    ok &= check("nbody_gpu", &b, b.out_pos, b.out_vel);
    printf("    nbody_gpu, best of %d launches (GPU events): %.3f ms, %.3g interactions/s; plain C %.3g "
           "interactions/s: %.1fx\n",
           REPS, res->jitc_ms, per_second(b.n, res->jitc_ms), per_second(b.n, res->c_ms), res->c_ms / res->jitc_ms);
    snprintf(res->note, sizeof res->note, "N=%d, %.3g interactions/s", b.n, per_second(b.n, res->jitc_ms));
    res->status = ok ? "ok" : "FAIL";
done:
    if (st != JITC_OK) {
        snprintf(res->note, sizeof res->note, "%s: %s%s%s", what, jitc_status_string(st), r.message[0] ? ": " : "",
                 r.message);
        printf("    %s\n", res->note);
    }
    for (int k = 0; k < 4; k++)
        if (d[k])
            jitc_device_free(ctx, d[k]);
    bodies_free(&b);
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/nbody/nbody.krn";
    ShowRow res[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    if (jitc_context_create(NULL, &ctx) != JITC_OK)
        return 1;
    double load_ms;
    if (!(m = show_load(ctx, "nbody", path, &load_ms, res, 1))) {
        show_report("nbody", res, 1);
        jitc_context_destroy(ctx);
        return 1;
    }
    printf("jitc %s: one all-pairs N-body step, float32, softening %g, dt %g\n", jitc_version(), EPS, DT);
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
    show_report("nbody", res, 2);
    jitc_context_destroy(ctx);
    return ok ? 0 : 1;
}
