/* gpu_parity.c — jitc's side of the GPU parity suite: the seven kernels of bench/parity/parity.krn
 * compiled by jitc and launched on device arrays, with the sizes, launch shapes and inputs of
 * bench/parity/parity_inputs.h (bench/parity/parity.cu, nvcc's side, uses the same). Each kernel
 * is timed by events, the best of PARITY_REPS launches after the first (which compiles it).
 *   gpu_parity [bench/parity/parity.krn]
 * Prints `NAME_ms T` and `NAME_checksum S` lines, as parity.cu does; bench/parity/run.py reads
 * both beside numba-cuda's times. Needs a GPU: prints one line and exits 0 without one. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/launch_timing.h"
#include "bench/parity/parity_inputs.h"
#include "jitc.h"

enum { MAX_ARRAYS = 4, MAX_ARGS = 6 };

typedef enum Fill { ZEROS, RAMP, MATRIX, BODY, BYTES } Fill;
typedef enum Sum { PLAIN, BY_INDEX_MOD_7, BY_INDEX } Sum; /* how the checksum weighs element i */

typedef struct Array {
    DLDataType dtype;
    int ndim;
    int64_t shape[2];
    Fill fill;
    bool reset; /* zeroed before every launch: the kernel adds into it */
} Array;

/* An argument: an array of the case (index into arrays) or a float32 scalar. */
typedef struct Arg {
    int array; /* -1: the scalar */
    float scalar;
} Arg;

typedef struct Case {
    const char *name;
    Array arrays[MAX_ARRAYS];
    int narrays;
    Arg args[MAX_ARGS];
    int nargs;
    unsigned grid[2], block[2];
    int result; /* the array the checksum sums */
    Sum sum;
} Case;

#define F32 {kDLFloat, 32, 1}
#define I32 {kDLInt, 32, 1}
#define U8 {kDLUInt, 8, 1}
#define ARR(i) {.array = (i)}
#define F(v) {.array = -1, .scalar = (v)}
static const int64_t SAXPY_N = (int64_t)1 << SAXPY_LOG2, REDUCE_N = (int64_t)1 << REDUCE_LOG2,
                     HISTOGRAM_N = (int64_t)1 << HISTOGRAM_LOG2;

static const Case CASES[] = {
    {"saxpy", {{F32, 1, {SAXPY_N}, RAMP, 0}, {F32, 1, {SAXPY_N}, RAMP, 0}, {F32, 1, {SAXPY_N}, ZEROS, 0}}, 3,
     {F(2.0f), ARR(0), ARR(1), ARR(2)}, 4, {(unsigned)(SAXPY_N / 256), 1}, {256, 1}, 2, PLAIN},
    {"matmul",
     {{F32, 2, {MATMUL_SIDE, MATMUL_SIDE}, MATRIX, 0},
      {F32, 2, {MATMUL_SIDE, MATMUL_SIDE}, MATRIX, 0},
      {F32, 2, {MATMUL_SIDE, MATMUL_SIDE}, ZEROS, 0}},
     3, {ARR(0), ARR(1), ARR(2)}, 3, {MATMUL_SIDE / MATMUL_TPB, MATMUL_SIDE / MATMUL_TPB}, {MATMUL_TPB, MATMUL_TPB}, 2, PLAIN},
    {"nbody",
     {{F32, 2, {4, NBODY_BODIES}, BODY, 0},
      {F32, 2, {3, NBODY_BODIES}, RAMP, 0},
      {F32, 2, {4, NBODY_BODIES}, ZEROS, 0},
      {F32, 2, {3, NBODY_BODIES}, ZEROS, 0}},
     4, {ARR(0), ARR(1), ARR(2), ARR(3), F(0.01f), F(0.01f)}, 6, {NBODY_BODIES / NBODY_TILE, 1}, {NBODY_TILE, 1}, 3, PLAIN},
    {"stencil", {{F32, 2, {GRID_SIDE, GRID_SIDE}, RAMP, 0}, {F32, 2, {GRID_SIDE, GRID_SIDE}, ZEROS, 0}}, 2,
     {ARR(0), ARR(1)}, 2, {GRID_SIDE / STENCIL_BX, GRID_SIDE / STENCIL_BY}, {STENCIL_BX, STENCIL_BY}, 1, PLAIN},
    {"reduce", {{F32, 1, {REDUCE_N}, RAMP, 0}, {F32, 1, {1}, ZEROS, 1}}, 2, {ARR(0), ARR(1)}, 2, {REDUCE_BLOCKS, 1},
     {REDUCE_THREADS, 1}, 1, PLAIN},
    {"transpose", {{F32, 2, {GRID_SIDE, GRID_SIDE}, RAMP, 0}, {F32, 2, {GRID_SIDE, GRID_SIDE}, ZEROS, 0}}, 2,
     {ARR(0), ARR(1)}, 2, {GRID_SIDE / TRANSPOSE_TILE, GRID_SIDE / TRANSPOSE_TILE}, {TRANSPOSE_TILE, TRANSPOSE_TILE}, 1,
     BY_INDEX_MOD_7},
    {"histogram", {{U8, 1, {HISTOGRAM_N}, BYTES, 0}, {I32, 1, {HISTOGRAM_BINS}, ZEROS, 1}}, 2, {ARR(0), ARR(1)}, 2,
     {HISTOGRAM_BLOCKS, 1}, {HISTOGRAM_THREADS, 1}, 1, BY_INDEX},
};

/* A case's arrays on the device, and what resets them. */
typedef struct Run {
    jitc_context *ctx;
    const Case *c;
    void *dev[MAX_ARRAYS];
    DLTensor tensors[MAX_ARRAYS];
    void *zeros; /* host zeros as large as the largest array reset before each launch */
} Run;

static int64_t elements(const Array *a) { return a->ndim == 1 ? a->shape[0] : a->shape[0] * a->shape[1]; }
static size_t bytes_of(const Array *a) { return (size_t)elements(a) * a->dtype.bits / 8; }

/* The array's starting contents, by its Fill, in host memory. */
static void *host_filled(const Array *a)
{
    int64_t n = elements(a);
    void *h = calloc((size_t)n, a->dtype.bits / 8);
    for (int64_t i = 0; h && a->fill != ZEROS && i < n; i++) {
        if (a->fill == BYTES)
            ((uint8_t *)h)[i] = parity_byte(i);
        else
            ((float *)h)[i] = a->fill == RAMP ? parity_ramp(i) : a->fill == MATRIX ? parity_matrix(i) : parity_body(i);
    }
    return h;
}

static jitc_status reset_arrays(void *ud)
{
    Run *r = ud;
    jitc_status st = JITC_OK;
    for (int k = 0; k < r->c->narrays && st == JITC_OK; k++)
        if (r->c->arrays[k].reset)
            st = jitc_copy_to_device(r->ctx, r->dev[k], r->zeros, bytes_of(&r->c->arrays[k]));
    return st;
}

static bool upload(Run *r)
{
    size_t zeros = 1;
    for (int k = 0; k < r->c->narrays; k++) {
        const Array *a = &r->c->arrays[k];
        void *h = host_filled(a);
        bool ok = h && jitc_device_alloc(r->ctx, bytes_of(a), &r->dev[k]) == JITC_OK &&
                  jitc_copy_to_device(r->ctx, r->dev[k], h, bytes_of(a)) == JITC_OK;
        free(h);
        if (!ok)
            return false;
        r->tensors[k] = (DLTensor){.data = r->dev[k], .device = {kDLCUDA, 0}, .ndim = a->ndim, .dtype = a->dtype,
                                   .shape = (int64_t *)a->shape};
        if (a->reset && bytes_of(a) > zeros)
            zeros = bytes_of(a);
    }
    return (r->zeros = calloc(1, zeros)) != NULL;
}

static double checksum(Run *r)
{
    const Array *a = &r->c->arrays[r->c->result];
    int64_t n = elements(a);
    void *h = malloc(bytes_of(a));
    double sum = 0;
    if (!h || jitc_copy_to_host(r->ctx, h, r->dev[r->c->result], bytes_of(a)) != JITC_OK) {
        free(h);
        return -1;
    }
    for (int64_t i = 0; i < n; i++) {
        double v = a->dtype.code == kDLInt ? ((int32_t *)h)[i] : ((float *)h)[i];
        sum += r->c->sum == PLAIN ? v : r->c->sum == BY_INDEX ? v * (double)i : v * (double)(i % 7);
    }
    free(h);
    return sum;
}

static int run_case(jitc_context *ctx, jitc_module *m, const Case *c)
{
    Run r = {.ctx = ctx, .c = c};
    jitc_function *fn = NULL;
    int status = 1;
    if (jitc_module_function(m, c->name, &fn) != JITC_OK || !upload(&r)) {
        fprintf(stderr, "gpu_parity: %s: no kernel or no device memory\n", c->name);
    } else {
        jitc_value args[MAX_ARGS];
        for (int k = 0; k < c->nargs; k++)
            args[k] = c->args[k].array < 0 ? jitc_f32(c->args[k].scalar) : jitc_array(&r.tensors[c->args[k].array]);
        jitc_launch_config cfg = {{c->grid[0], c->grid[1], 1}, {c->block[0], c->block[1], 1}, 0, NULL};
        LaunchTiming t;
        jitc_result res = {0};
        if (reset_arrays(&r) == JITC_OK &&
            launch_timing(ctx, fn, &cfg, args, c->nargs, PARITY_REPS, reset_arrays, &r, &t, &res) == JITC_OK) {
            printf("%s_ms %.4f\n%s_checksum %.6f\n", c->name, t.best_ms, c->name, checksum(&r));
            status = 0;
        } else {
            fprintf(stderr, "gpu_parity: %s: %s\n", c->name, res.message);
        }
    }
    for (int k = 0; k < c->narrays; k++)
        if (r.dev[k])
            jitc_device_free(ctx, r.dev[k]);
    free(r.zeros);
    return status;
}

int main(int argc, char **argv)
{
    const char *krn = argc > 1 ? argv[1] : "bench/parity/parity.krn";
    int count = 0, status = 0;
    char why[256] = "";
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK || count == 0) {
        printf("gpu_parity: skipped: %s\n", why);
        return 0;
    }
    jitc_context *ctx;
    jitc_module *m;
    if (jitc_context_create(NULL, &ctx) != JITC_OK)
        return 1;
    if (jitc_module_compile_file(ctx, krn, &m) != JITC_OK) {
        fprintf(stderr, "gpu_parity: cannot compile %s\n", krn);
        status = 1;
    }
    for (size_t k = 0; !status && k < sizeof CASES / sizeof *CASES; k++)
        status = run_case(ctx, m, &CASES[k]);
    jitc_context_destroy(ctx);
    return status;
}
