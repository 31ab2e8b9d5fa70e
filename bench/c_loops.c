/* c_loops.c — the loops of bench/prange.krn as plain C, the baseline of bench/run.sh: built
 * by gcc and by clang with -O3 -march=native (and -fopenmp for the parallel ones, split as
 * `omp parallel for` with a reduction). Prints `NAME ms` lines, best of 10 calls. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench/clock.h"
#include "bench/loop_inputs.h"

enum { N = LOOP_N, SIDE = LOOP_SIDE };

static void trig_serial(const double *x, double *out, long n)
{
    for (long i = 0; i < n; i++)
        out[i] = pow(cos(x[i]), 2) + pow(sin(x[i]), 2);
}

static void trig_parallel(const double *x, double *out, long n)
{
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        out[i] = pow(cos(x[i]), 2) + pow(sin(x[i]), 2);
}

/* The whole-array form: a new array each call (malloc'd here, freed after the clock stops, as
 * jitc and Numba free theirs). */
static double *array_trig(const double *x, const int64_t *ix, long n, int parallel)
{
    double *out = malloc(sizeof *out * (size_t)n);
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 0; i < n; i++) {
        double v = x ? x[i] : (double)ix[i];
        out[i] = pow(cos(v), 2) + pow(sin(v), 2);
    }
    return out;
}

static double sum_serial(const double *x, long n)
{
    double acc = 0;
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

/* the fastmath sum: the additions may be reordered, so the loop is vectorized */
static double sum_fastmath_serial(const double *x, long n)
{
    double acc = 0;
#pragma omp simd reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static double sum_fastmath_parallel(const double *x, long n)
{
    double acc = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static double sum_parallel(const double *x, long n)
{
    double acc = 0;
#pragma omp parallel for schedule(static) reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static void stencil(const double *a, double *out, long n, long m, int parallel)
{
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < m - 1; j++)
            out[i * m + j] = 0.2 * (a[i * m + j] + a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1]);
}

/* The memory floor of the stencils: a copy loop over the same 4096 x 4096 doubles (one stream
 * in, one out, as the stencil's rows reach memory), on one core or split over all. A loop, not
 * memcpy: glibc's memcpy streams large copies past the cache (non-temporal stores), which no
 * compiler here emits for a loop; so the loop is kept from becoming a memcpy call. */
#if defined(__clang__)
#define NOT_A_MEMCPY_CALL __attribute__((no_builtin("memcpy")))
#else
#define NOT_A_MEMCPY_CALL __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
NOT_A_MEMCPY_CALL
static void copy_array(const double *a, double *out, long count, int parallel)
{
#pragma omp parallel for simd schedule(static) if (parallel)
    for (long i = 0; i < count; i++)
        out[i] = a[i];
}

/* the slicing stencil's loop: out[1:-1, 1:-1] = 0.25 * (up + down + left + right) */
static void slice_stencil(const double *a, double *out, long n, long m, int parallel)
{
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < m - 1; j++)
            out[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1]);
}

static volatile double sink;
static double *made;

#define BEST_OF_10(NAME, CALL)                                                                                    \
    do {                                                                                                          \
        double best = 1e30;                                                                                       \
        for (int rep = 0; rep < 11; rep++) { /* the first call warms up */                                        \
            double t = now_ms();                                                                                  \
            CALL;                                                                                                 \
            t = now_ms() - t;                                                                                     \
            best = rep && t < best ? t : best;                                                                    \
            free(made), made = NULL;                                                                              \
        }                                                                                                         \
        printf("%s %.3f\n", NAME, best);                                                                          \
    } while (0)

int main(void)
{
    LoopInputs in = loop_inputs();
    double *x = in.x, *out = in.out, *a = in.a, *b = in.b;
    BEST_OF_10("trig_serial", trig_serial(x, out, N));
    BEST_OF_10("trig_parallel", trig_parallel(x, out, N));
    BEST_OF_10("sum_serial", sink = sum_serial(x, N));
    BEST_OF_10("sum_parallel", sink = sum_parallel(x, N));
    BEST_OF_10("sum_fastmath_serial", sink = sum_fastmath_serial(x, N));
    BEST_OF_10("sum_fastmath_parallel", sink = sum_fastmath_parallel(x, N));
    BEST_OF_10("copy_serial", copy_array(a, b, (long)SIDE * SIDE, 0));
    BEST_OF_10("copy_parallel", copy_array(a, b, (long)SIDE * SIDE, 1));
    BEST_OF_10("stencil_serial", stencil(a, b, SIDE, SIDE, 0));
    BEST_OF_10("stencil_parallel", stencil(a, b, SIDE, SIDE, 1));
    BEST_OF_10("slice_stencil_serial", slice_stencil(a, b, SIDE, SIDE, 0));
    BEST_OF_10("slice_stencil_parallel", slice_stencil(a, b, SIDE, SIDE, 1));
    BEST_OF_10("array_trig_serial", made = array_trig(x, NULL, N, 0));
    BEST_OF_10("array_trig_parallel", made = array_trig(x, NULL, N, 1));
    BEST_OF_10("array_trig_serial_i64", made = array_trig(NULL, in.ix, N, 0));
    BEST_OF_10("array_trig_parallel_i64", made = array_trig(NULL, in.ix, N, 1));
    loop_inputs_bounded(&in);
    BEST_OF_10("trig_serial_bounded", trig_serial(x, out, N));
    BEST_OF_10("trig_parallel_bounded", trig_parallel(x, out, N));
    loop_inputs_free(&in);
    return 0;
}
