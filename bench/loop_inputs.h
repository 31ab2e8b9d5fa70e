/* loop_inputs.h — the inputs of the loop benchmarks, shared by bench/prange.c (jitc) and
 * bench/c_loops.c (plain C), so that both time the same data. */
#ifndef JITC_BENCH_LOOP_INPUTS_H
#define JITC_BENCH_LOOP_INPUTS_H

#include <stdint.h>
#include <stdlib.h>

enum { LOOP_N = 10000000, LOOP_SIDE = 4096 };

typedef struct LoopInputs {
    double *x, *out; /* LOOP_N: arange, then bounded angles (loop_inputs_bounded) */
    double *a, *b;   /* LOOP_SIDE x LOOP_SIDE: the stencil's input and output */
    int64_t *ix;     /* LOOP_N: arange as int64 (the whole-array trig's other input) */
} LoopInputs;

static inline LoopInputs loop_inputs(void)
{
    LoopInputs in = {malloc(sizeof(double) * LOOP_N), malloc(sizeof(double) * LOOP_N),
                     malloc(sizeof(double) * LOOP_SIDE * LOOP_SIDE), calloc(LOOP_SIDE * LOOP_SIDE, sizeof(double)),
                     malloc(sizeof(int64_t) * LOOP_N)};
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
