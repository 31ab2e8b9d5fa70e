/* arrays.h — arrays that compiled host code creates (np.empty and friends, array expressions).
 *
 * The elements live in one block, a JitcMem, with a reference count. Compiled code holds one
 * reference per local variable (or hidden temporary) that holds the array: storing an array
 * into a local takes a reference and drops the one the local held before, and a function
 * drops all of its locals' references when it returns or raises, after taking one for the
 * value it returns (codegen/lower.c). The count is changed inline with atomic operations (prange
 * bodies share arrays between threads); the last release calls jitc_rt_free. Arrays that come
 * from outside (DLPack tensors from the C API, kernel arguments) have no JitcMem: NULL. */
#ifndef JITC_ARRAYS_H
#define JITC_ARRAYS_H

#include <stdint.h>

#include <dlpack/dlpack.h>

#include "rt.h"

/* The structs compiled code shares with this file, from rtabi.def (which documents them and the
 * functions here: jitc_rt_alloc, jitc_rt_free, jitc_rt_array_map, jitc_rt_export); their field
 * indexes RT_MEM_refs, ..., RT_ARG_data, ... are what codegen's GEPs use (RT_MEM_FIELDS, RT_ARG_FIELDS:
 * how many). */
struct JitcMem {
#define RT_MEM_FIELD RT_FIELD_DECL
#include "rtabi.def"
};
struct JitcArg {
#define RT_ARG_FIELD RT_FIELD_DECL
#include "rtabi.def"
};
enum {
#define RT_MEM_FIELD(type, name) RT_MEM_##name,
#include "rtabi.def"
    RT_MEM_FIELDS
};
enum {
#define RT_ARG_FIELD(type, name) RT_ARG_##name,
#include "rtabi.def"
    RT_ARG_FIELDS
};

/* Asks the kernel for transparent huge pages over the 2 MB pages inside [p, p + n) when n is 4 MB
 * or more, as NumPy does for its large arrays: a first write then faults once per 2 MB, not
 * once per 4 KB (a fresh 40 MB output filled from the GPU: 10 ms less). */
void rt_advise_huge_pages(void *p, size_t n);

#endif