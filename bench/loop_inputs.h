/* loop_inputs.h — the inputs of the loop benchmarks, shared by bench/prange.c (jitc) and
 * bench/c_loops.c (plain C), so that both time the same data. */
#ifndef JITC_BENCH_LOOP_INPUTS_H
#define JITC_BENCH_LOOP_INPUTS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { LOOP_N = 10000000, LOOP_SIDE = 4096 };

typedef struct LoopInputs {
    double *x, *out; /* LOOP_N: arange, then bounded angles (loop_inputs_bounded) */
    double *a, *b;   /* LOOP_SIDE x LOOP_SIDE: the stencil's input and output */
    int64_t *ix;     /* LOOP_N: arange as int64 (the whole-array trig's other input) */
} LoopInputs;

/* Memory as NumPy gives it to Numba: an allocation of 4 MiB or more is advised to use transparent
 * huge pages (NumPy's default on Linux), so the jitc, C and Numba loops read the same kind of pages. */
static inline void *loop_alloc(size_t bytes)
{
    char *p = malloc(bytes);
    uintptr_t skip = 4096 - (uintptr_t)p % 4096;
    if (p && bytes >= ((size_t)1 << 22))
        madvise(p + skip, bytes - skip, MADV_HUGEPAGE);
    return p;
}

static inline LoopInputs loop_inputs(void)
{
    LoopInputs in = {loop_alloc(sizeof(double) * LOOP_N), loop_alloc(sizeof(double) * LOOP_N),
                     loop_alloc(sizeof(double) * LOOP_SIDE * LOOP_SIDE), loop_alloc(sizeof(double) * LOOP_SIDE * LOOP_SIDE),
                     loop_alloc(sizeof(int64_t) * LOOP_N)};
    memset(in.b, 0, sizeof(double) * LOOP_SIDE * LOOP_SIDE);
    for (int i = 0; i < LOOP_N; i++)
        in.x[i] = (double)i, in.ix[i] = i;
    for (int i = 0; i < LOOP_SIDE * LOOP_SIDE; i++)
        in.a[i] = (double)(i % 977);
    return in;
}

/* Angles in [0, 2pi), where vector math stays on its fast path. */
static inline void loop_inputs_bounded(LoopInputs *in)
{
    for (int i = 0; i < LOOP_N; i++)
        in->x[i] = (double)(i % 1000) * 0.00628;
}

static inline void loop_inputs_free(LoopInputs *in)
{
    free(in->x), free(in->out), free(in->a), free(in->b), free(in->ix);
}

#endif
