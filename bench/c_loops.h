/* c_loops.h — the loops of bench/prange.krn as plain C, the same algorithms: bench/c_loops.c
 * times them alone and bench/loops_ab.c beside jitc's, built by gcc or clang with -O3
 * -march=native (and -fopenmp for the parallel ones, split as `omp parallel for` with a
 * reduction). */
#ifndef JITC_BENCH_C_LOOPS_H
#define JITC_BENCH_C_LOOPS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench/loop_inputs.h"

enum { N = LOOP_N, SIDE = LOOP_SIDE };

static inline void trig_serial(const double *x, double *out, long n)
{
    for (long i = 0; i < n; i++)
        out[i] = pow(cos(x[i]), 2) + pow(sin(x[i]), 2);
}

static inline void trig_parallel(const double *x, double *out, long n)
{
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++)
        out[i] = pow(cos(x[i]), 2) + pow(sin(x[i]), 2);
}

/* The whole-array form: a new array each call (malloc'd here, freed after the clock stops, as
 * jitc and Numba free theirs). */
static inline double *array_trig(const double *x, const int64_t *ix, long n, int parallel)
{
    double *out = malloc(sizeof *out * (size_t)n);
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 0; i < n; i++) {
        double v = x ? x[i] : (double)ix[i];
        out[i] = pow(cos(v), 2) + pow(sin(v), 2);
    }
    return out;
}

static inline double sum_serial(const double *x, long n)
{
    double acc = 0;
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

/* the fastmath sum: the additions may be reordered, so the loop is vectorized */
static inline double sum_fastmath_serial(const double *x, long n)
{
    double acc = 0;
#pragma omp simd reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static inline double sum_fastmath_parallel(const double *x, long n)
{
    double acc = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static inline double sum_parallel(const double *x, long n)
{
    double acc = 0;
#pragma omp parallel for schedule(static) reduction(+ : acc)
    for (long i = 0; i < n; i++)
        acc += x[i] * x[i];
    return acc;
}

static inline void stencil(const double *a, double *out, long n, long m, int parallel)
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
static inline void copy_array(const double *a, double *out, long count, int parallel)
{
#pragma omp parallel for simd schedule(static) if (parallel)
    for (long i = 0; i < count; i++)
        out[i] = a[i];
}

/* the slicing stencil's loop: out[1:-1, 1:-1] = 0.25 * (up + down + left + right) */
static inline void slice_stencil(const double *a, double *out, long n, long m, int parallel)
{
#pragma omp parallel for schedule(static) if (parallel)
    for (long i = 1; i < n - 1; i++)
        for (long j = 1; j < m - 1; j++)
            out[i * m + j] = 0.25 * (a[(i - 1) * m + j] + a[(i + 1) * m + j] + a[i * m + j - 1] + a[i * m + j + 1]);
}

#endif
