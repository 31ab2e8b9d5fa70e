/* gpu_fma.c — jitc's side of the FMA benchmark: the tutorial's tiled matmul
 * (4096x4096 float32), samples/nbody's kernel (32768 bodies) and saxpy (2^28 float32), each
 * compiled with FMA contraction (jitc_options.gpu_fma = 1, the default, as numba-cuda) and
 * without (0), timed by events (best of 10 launches on device arrays).
 * bench/gpu_baselines/fma_py.py runs it beside numba-cuda on the same kernels and inputs.
 *   gpu_fma [bench/gpu_fma.krn [samples/nbody/nbody.krn]]
 * Prints `key value` lines: NAME_fmaF_ms, and matmul_fmaF_checksum (the sum of C). Needs a GPU;
 * prints one line and exits 0 without one. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/launch_timing.h"
#include "jitc.h"

enum { M = 4096, BODIES = 32768, TILE = 256 };
static const int64_t SAXPY_N = (int64_t)1 << 28;

typedef struct Bench {
    jitc_context *ctx;
    jitc_module *kernels, *bodies; /* bench/gpu_fma.krn, samples/nbody/nbody.krn */
} Bench;

static DLTensor device_f32(void *p, int ndim, int64_t *shape)
{
    DLTensor t = {.data = p, .device = {kDLCUDA, 0}, .ndim = ndim, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    return t;
}

/* A device array of n float32 holding f(i) (the inputs fma_py.py makes the same way). */
static void *device_filled(Bench *b, int64_t n, float (*f)(int64_t))
{
    float *h = malloc((size_t)n * 4);
    void *d = NULL;
    for (int64_t i = 0; i < n; i++)
        h[i] = f(i);
    if (jitc_device_alloc(b->ctx, (size_t)n * 4, &d) == JITC_OK)
        jitc_copy_to_device(b->ctx, d, h, (size_t)n * 4);
    free(h);
    return d;
}

static float matrix_entry(int64_t i) { return (float)((i * 7919) % 1021) / 1021.0f - 0.5f; }
static float body_coordinate(int64_t i) { return (float)((i * 104729) % 65521) / 65521.0f * 100.0f; }
static float ramp(int64_t i) { return (float)(i % 1000) * 0.001f; }

static jitc_function *kernel(jitc_module *m, const char *name)
{
    jitc_function *fn = NULL;
    if (jitc_module_function(m, name, &fn) != JITC_OK)
        fprintf(stderr, "no kernel %s\n", name);
    return fn;
}

static int matmul(Bench *b, int fma)
{
    jitc_function *fn = kernel(b->kernels, "fast_matmul");
    int64_t shape[2] = {M, M};
    void *a = device_filled(b, (int64_t)M * M, matrix_entry), *bm = device_filled(b, (int64_t)M * M, matrix_entry), *c;
    if (!fn || !a || !bm || jitc_device_alloc(b->ctx, (size_t)M * M * 4, &c) != JITC_OK)
        return 1;
    DLTensor ta = device_f32(a, 2, shape), tb = device_f32(bm, 2, shape), tc = device_f32(c, 2, shape);
    jitc_value args[3] = {jitc_array(&ta), jitc_array(&tb), jitc_array(&tc)};
    jitc_launch_config cfg = {{M / 16, M / 16, 1}, {16, 16, 1}, 0, NULL};
    double ms = best_launch_ms(b->ctx, fn, &cfg, args, 3, 10);
    float *h = malloc((size_t)M * M * 4);
    jitc_copy_to_host(b->ctx, h, c, (size_t)M * M * 4);
    double sum = 0;
    for (int64_t i = 0; i < (int64_t)M * M; i++)
        sum += h[i];
    printf("matmul_fma%d_ms %.4f\nmatmul_fma%d_checksum %.6f\n", fma, ms, fma, sum);
    free(h);
    jitc_device_free(b->ctx, a), jitc_device_free(b->ctx, bm), jitc_device_free(b->ctx, c);
    return ms < 0;
}

static int nbody(Bench *b, int fma)
{
    jitc_function *fn = kernel(b->bodies, "nbody_gpu");
    int64_t pshape[2] = {4, BODIES}, vshape[2] = {3, BODIES};
    void *pos = device_filled(b, 4 * BODIES, body_coordinate), *vel = device_filled(b, 3 * BODIES, ramp), *np, *nv;
    if (!fn || !pos || !vel || jitc_device_alloc(b->ctx, 4 * BODIES * 4, &np) != JITC_OK ||
        jitc_device_alloc(b->ctx, 3 * BODIES * 4, &nv) != JITC_OK)
        return 1;
    DLTensor tp = device_f32(pos, 2, pshape), tv = device_f32(vel, 2, vshape), tnp = device_f32(np, 2, pshape),
             tnv = device_f32(nv, 2, vshape);
    jitc_value args[6] = {jitc_array(&tp), jitc_array(&tv), jitc_array(&tnp), jitc_array(&tnv), jitc_f32(0.01f),
                          jitc_f32(0.01f)};
    jitc_launch_config cfg = {{BODIES / TILE, 1, 1}, {TILE, 1, 1}, 0, NULL};
    double ms = best_launch_ms(b->ctx, fn, &cfg, args, 6, 10);
    printf("nbody_fma%d_ms %.4f\n", fma, ms);
    jitc_device_free(b->ctx, pos), jitc_device_free(b->ctx, vel), jitc_device_free(b->ctx, np), jitc_device_free(b->ctx, nv);
    return ms < 0;
}

static int saxpy(Bench *b, int fma)
{
    jitc_function *fn = kernel(b->kernels, "saxpy");
    int64_t shape[1] = {SAXPY_N};
    void *x = device_filled(b, SAXPY_N, ramp), *y = device_filled(b, SAXPY_N, ramp), *out;
    if (!fn || !x || !y || jitc_device_alloc(b->ctx, (size_t)SAXPY_N * 4, &out) != JITC_OK)
        return 1;
    DLTensor tx = device_f32(x, 1, shape), ty = device_f32(y, 1, shape), to = device_f32(out, 1, shape);
    jitc_value args[4] = {jitc_f32(2.0f), jitc_array(&tx), jitc_array(&ty), jitc_array(&to)};
    jitc_launch_config cfg = {{(unsigned)(SAXPY_N / 256), 1, 1}, {256, 1, 1}, 0, NULL};
    double ms = best_launch_ms(b->ctx, fn, &cfg, args, 4, 10);
    printf("saxpy_fma%d_ms %.4f\n", fma, ms);
    jitc_device_free(b->ctx, x), jitc_device_free(b->ctx, y), jitc_device_free(b->ctx, out);
    return ms < 0;
}

int main(int argc, char **argv)
{
    const char *kernels = argc > 1 ? argv[1] : "bench/gpu_fma.krn", *bodies = argc > 2 ? argv[2] : "samples/nbody/nbody.krn";
    int count;
    char why[256];
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK || count == 0) {
        printf("gpu_fma: skipped: %s\n", why);
        return 0;
    }
    int status = 0;
    for (int fma = 1; fma >= 0 && !status; fma--) {
        jitc_options opts;
        jitc_options_init(&opts);
        opts.gpu_fma = fma;
        Bench b;
        if (jitc_context_create(&opts, &b.ctx) != JITC_OK)
            return 1;
        if (jitc_module_compile_file(b.ctx, kernels, &b.kernels) != JITC_OK ||
            jitc_module_compile_file(b.ctx, bodies, &b.bodies) != JITC_OK) {
            fprintf(stderr, "cannot compile %s and %s\n", kernels, bodies);
            status = 1;
        } else {
            status = matmul(&b, fma) || nbody(&b, fma) || saxpy(&b, fma);
        }
        jitc_context_destroy(b.ctx);
    }
    return status;
}
