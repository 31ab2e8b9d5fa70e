/* ufunc.h — the plan of one ufunc or gufunc call, shared by the CPU side (ufunc.c) and the GPU
 * side (ufunc_gpu.c); its iteration is what the runtime's loop runner takes
 * (runtime/ufunc_loop.h). */
#ifndef JITC_UFUNC_H
#define JITC_UFUNC_H

#include "builder/program.h"
#include "jitc.h"
#include "runtime/ufunc_loop.h"

_Static_assert((int)UF_MAXOPS >= (int)GU_MAXOPS && (int)UF_MAXCORE >= 2 * (int)GU_MAXOPS * (int)GU_MAXCORE, "ufunc_loop.h's limits hold a gufunc");

/* One call: the loop chosen, its iteration, and what the call made for it. */
typedef struct Plan {
    jitc_function *fn;
    Spec *spec;
    const GuLayout *layout; /* NULL for @vectorize */
    int nin;                /* inputs, then outputs: it.nops operands */
    bool fresh_output;      /* the output was allocated for this call: nothing to copy in */
    UfIter it;
    bool on_device[UF_MAXOPS];  /* data is device memory (target cuda) */
    char *span[UF_MAXOPS];      /* host operands: the memory their elements lie in */
    size_t span_bytes[UF_MAXOPS];
    int64_t core_size[GU_MAXNAMES]; /* each core dimension's size, -1 until bound */
    DLTensor cast_out[UF_MAXOPS];      /* outputs the loop writes in its own type first... */
    const DLTensor *cast_into[UF_MAXOPS]; /* ...then cast into these (NULL: written directly) */
    Arena *arena;                   /* the plan's, with its cast copies, scalar slots and temporaries */
} Plan;

/* Runs the plan on the GPU: host operands are copied in, outputs in host memory copied back. */
jitc_status drv_ufunc_run_gpu(Plan *p, jitc_result *r);

#endif
