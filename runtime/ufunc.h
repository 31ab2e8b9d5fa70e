/* ufunc.h — the plan of one ufunc or gufunc call, shared by the CPU driver (ufunc.c), the GPU
 * one (ufunc_gpu.c) and the loop runner (ufunc_loop.c, which libjitcrt holds without the
 * compiler: so this header names the compiler's types without needing LLVM). */
#ifndef JITC_UFUNC_H
#define JITC_UFUNC_H

#include "ir/program.h"
#include "jitc.h"
#include "rt.h"

enum { UF_MAXDIM = 32, UF_MAXOPS = 33, UF_MAXCORE = 2 * GU_MAXOPS * GU_MAXCORE };

/* The iteration: every operand over the loop dimensions (one broadcast shape; strides in bytes,
 * 0 where an operand is stretched), and for a gufunc the views of the core dimensions. */
typedef struct Plan {
    jitc_function *fn;
    Spec *spec;
    const GuLayout *layout; /* NULL for @vectorize */
    int nin, nops;          /* inputs, then outputs */
    bool fresh_output;      /* the output was allocated for this call: nothing to copy in */
    int ndim;
    int64_t shape[UF_MAXDIM];
    char *data[UF_MAXOPS];
    int64_t strides[UF_MAXOPS][UF_MAXDIM];
    bool on_device[UF_MAXOPS];  /* data is device memory (target cuda) */
    char *span[UF_MAXOPS];      /* host operands: the memory their elements lie in */
    size_t span_bytes[UF_MAXOPS];
    int64_t core_size[GU_MAXNAMES]; /* each core dimension's size, -1 until bound */
    int64_t core[UF_MAXCORE];       /* the loop's core words: per array operand, sizes then strides */
    int ncore;
    DLTensor cast_out[UF_MAXOPS];      /* outputs the loop writes in its own type first... */
    const DLTensor *cast_into[UF_MAXOPS]; /* ...then cast into these (NULL: written directly) */
    void *temps[3 * UF_MAXOPS];     /* cast copies, scalar slots and output temporaries */
    int ntemps;
} Plan;

/* A compiled inner loop (codegen/wrap.c, `SYM.loop`): n elements, each operand's pointer
 * advanced by its step (bytes) after each; core: a gufunc's core sizes and strides. */
typedef void (*LoopFn)(char **args, int64_t n, const int64_t *steps, const int64_t *core, JitcErr *err);

/* NumPy's broadcasting, right-aligned: shape[0..*ndim) becomes the broadcast of itself and
 * other; false (shape unchanged) when a pair of sizes differ and neither is 1. */
bool ufunc_broadcast(int64_t *shape, int *ndim, const int64_t *other, int other_ndim);
/* Merges loop dimensions that are contiguous for every operand (drops those of size 1). */
void ufunc_coalesce(Plan *p);
/* Runs loop over the plan on this CPU, split over threads when parallel (and worth it); the
 * first exception raised lands in err. */
void ufunc_run(const Plan *p, LoopFn loop, bool parallel, JitcErr *err);
/* Runs the plan on the GPU: host operands are copied in, outputs in host memory copied back. */
jitc_status ufunc_run_gpu(Plan *p, jitc_result *r);

#endif
