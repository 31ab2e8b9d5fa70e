/* ufunc_loop.h — running a compiled inner loop over broadcast operands (ufunc_loop.c): what the
 * ufunc API (driver/ufunc.c), compiled array expressions (arrays.c) and the ufunc entries of
 * `jitc build` objects (aot.c) share. Part of libjitcrt: it names no compiler type. */
#ifndef JITC_UFUNC_LOOP_H
#define JITC_UFUNC_LOOP_H

#include <stdbool.h>
#include <stdint.h>

#include "rt.h"

/* Operands (inputs, then outputs) and dimensions a loop runs over; a gufunc's core words: per
 * array operand, its core sizes then its core strides (at most 32 operands of 8 core dims). */
enum { UF_MAXDIM = 32, UF_MAXOPS = 33, UF_MAXCORE = 2 * 32 * 8 };

/* The iteration: every operand over the loop dimensions (one broadcast shape; strides in bytes,
 * 0 where an operand is stretched), and for a gufunc the views of the core dimensions. */
typedef struct UfIter {
    int nops;
    int ndim;
    int64_t shape[UF_MAXDIM];
    char *data[UF_MAXOPS];
    int64_t strides[UF_MAXOPS][UF_MAXDIM];
    int64_t core[UF_MAXCORE]; /* the loop's core words (gufuncs) */
    int ncore;
    bool gufunc;              /* elements are core views: any size, cut anywhere */
} UfIter;

/* A compiled inner loop (codegen/wrap.c, `SYM.loop`): n elements, each operand's pointer
 * advanced by its step (bytes) after each; core: a gufunc's core sizes and strides. */
typedef void (*LoopFn)(char **args, int64_t n, const int64_t *steps, const int64_t *core, JitcErr *err);

/* NumPy's broadcasting, right-aligned: shape[0..*ndim) becomes the broadcast of itself and
 * other; false (shape unchanged) when a pair of sizes differ and neither is 1. */
bool rt_ufunc_broadcast(int64_t *shape, int *ndim, const int64_t *other, int other_ndim);
/* Merges loop dimensions that are contiguous for every operand (drops those of size 1). */
void rt_ufunc_coalesce(UfIter *it);
/* Runs loop over the iteration on this CPU, split over threads when parallel (and worth it);
 * the first exception raised lands in err. */
void rt_ufunc_run(const UfIter *it, LoopFn loop, bool parallel, JitcErr *err);

#endif
