/* loops_ab.c — the memory-bound loops of bench/prange.krn, jitc's and C's (bench/c_loops.h)
 * called in turn in one process on the same arrays, ROUNDS times each: prints the fastest and
 * the median call of each side and C's time over jitc's for both (above 1: jitc is faster).
 * bench/loops.sh runs each side in processes of its own, whose arrays lie elsewhere and whose
 * machine is in another state; taking turns call by call leaves the code as the one difference,
 * which a ratio of a few percent needs. Built by gcc with OpenMP, and by clang with
 * -fopenmp-simd, OpenMP's simd loops without its runtime (the serial loops alone): clang's
 * OpenMP runtime is not jitc's, and two in one process would not be one of them each.
 *   loops_ab [ROUNDS [NAME...]]     from the repository root; ROUNDS 30, all loops by default */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bench/c_loops.h"
#include "bench/clock.h"
#include "jitc.h"

#if defined(__clang__)
#define C_COMPILER "clang"
#else
#define C_COMPILER "gcc"
#endif

enum { MAX_ROUNDS = 1000 };

static volatile double sink;

static void c_sum_serial(LoopInputs *in) { sink = sum_serial(in->x, N); }
static void c_sum_fastmath_serial(LoopInputs *in) { sink = sum_fastmath_serial(in->x, N); }
static void c_stencil_serial(LoopInputs *in) { stencil(in->a, in->b, SIDE, SIDE, 0); }
static void c_slice_stencil_serial(LoopInputs *in) { slice_stencil(in->a, in->b, SIDE, SIDE, 0); }
#if defined(_OPENMP)
static void c_sum_parallel(LoopInputs *in) { sink = sum_parallel(in->x, N); }
static void c_sum_fastmath_parallel(LoopInputs *in) { sink = sum_fastmath_parallel(in->x, N); }
static void c_stencil_parallel(LoopInputs *in) { stencil(in->a, in->b, SIDE, SIDE, 1); }
static void c_slice_stencil_parallel(LoopInputs *in) { slice_stencil(in->a, in->b, SIDE, SIDE, 1); }
#endif

typedef struct Loop {
    const char *name;
    bool on_grid; /* the stencils take (a, b); the sums x */
    void (*c)(LoopInputs *in);
} Loop;

static const Loop LOOPS[] = {
    {"sum_serial", false, c_sum_serial},
    {"sum_fastmath_serial", false, c_sum_fastmath_serial},
    {"stencil_serial", true, c_stencil_serial},
    {"slice_stencil_serial", true, c_slice_stencil_serial},
#if defined(_OPENMP)
    {"sum_parallel", false, c_sum_parallel},
    {"sum_fastmath_parallel", false, c_sum_fastmath_parallel},
    {"stencil_parallel", true, c_stencil_parallel},
    {"slice_stencil_parallel", true, c_slice_stencil_parallel},
#endif
};

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

static bool wanted(const char *name, int argc, char **argv)
{
    if (argc <= 2)
        return true;
    for (int k = 2; k < argc; k++)
        if (strcmp(argv[k], name) == 0)
            return true;
    return false;
}

/* One loop: a call of each side to warm up, then `rounds` turns of jitc then C. */
static int take_turns(jitc_module *m, const Loop *loop, LoopInputs *in, jitc_value *args, int rounds)
{
    static double jitc_ms[MAX_ROUNDS], c_ms[MAX_ROUNDS];
    jitc_function *fn;
    jitc_result r;
    int nargs = loop->on_grid ? 2 : 1;
    if (jitc_module_function(m, loop->name, &fn) != JITC_OK || jitc_call(fn, args, nargs, &r) != JITC_OK)
        return fprintf(stderr, "%s: cannot call it\n", loop->name), 1;
    jitc_result_free(&r);
    loop->c(in);
    for (int k = 0; k < rounds; k++) {
        double t = now_ms();
        jitc_call(fn, args, nargs, &r);
        jitc_ms[k] = now_ms() - t;
        jitc_result_free(&r);
        t = now_ms();
        loop->c(in);
        c_ms[k] = now_ms() - t;
    }
    qsort(jitc_ms, (size_t)rounds, sizeof jitc_ms[0], by_value);
    qsort(c_ms, (size_t)rounds, sizeof c_ms[0], by_value);
    double jitc_med = jitc_ms[rounds / 2], c_med = c_ms[rounds / 2];
    printf("  %-24s %9.3f %9.3f %9.3f %9.3f %9.3fx %9.3fx\n", loop->name, jitc_ms[0], jitc_med, c_ms[0], c_med,
           c_ms[0] / jitc_ms[0], c_med / jitc_med);
    return 0;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 30;
    if (rounds < 1 || rounds > MAX_ROUNDS)
        return fprintf(stderr, "usage: loops_ab [ROUNDS (1 to %d) [NAME...]]\n", MAX_ROUNDS), 2;
    LoopInputs in = loop_inputs();
    jitc_context *ctx;
    jitc_module *m;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile_file(ctx, "bench/prange.krn", &m) != JITC_OK)
        return fprintf(stderr, "cannot compile bench/prange.krn\n"), 1;
    int64_t n[1] = {N}, side[2] = {SIDE, SIDE};
    DLTensor tx = {.data = in.x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = n};
    DLTensor ta = {.data = in.a, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = side};
    DLTensor tb = ta;
    tb.data = in.b;
    jitc_value sums[1] = {jitc_array(&tx)}, grids[2] = {jitc_array(&ta), jitc_array(&tb)};
    printf("jitc and C (%s) in turn, %d calls each, ms:\n", C_COMPILER, rounds);
    printf("  %-24s %9s %9s %9s %9s %10s %10s\n", "loop", "jitc min", "jitc med", "C min", "C med", "C/jitc min",
           "C/jitc med");
    int bad = 0;
    for (size_t k = 0; k < sizeof LOOPS / sizeof LOOPS[0]; k++)
        if (wanted(LOOPS[k].name, argc, argv))
            bad |= take_turns(m, &LOOPS[k], &in, LOOPS[k].on_grid ? grids : sums, rounds);
    jitc_context_destroy(ctx);
    loop_inputs_free(&in);
    return bad;
}
