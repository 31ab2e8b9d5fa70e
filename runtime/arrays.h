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

/* The layout codegen/lower.c builds its loads and atomics against. */
typedef struct JitcMem {
    int64_t refs;
    void *data; /* 64-byte aligned */
} JitcMem;

/* One operand of an array operation as compiled code passes it: an array's data, shape and byte
 * strides, or (ndim 0) a scalar stored at data. */
typedef struct JitcArg {
    char *data;
    const int64_t *shape;
    const int64_t *strides;
    int64_t ndim;
} JitcArg;

/* A new C-contiguous array of ndim dimensions: its JitcMem (one reference) with *data set, or
 * NULL with ValueError (a negative dimension) or MemoryError in err, located at where. */
JitcMem *jitc_rt_alloc(int64_t ndim, const int64_t *shape, int64_t itemsize, int32_t zeroed, const char *where,
                       JitcErr *err);
void jitc_rt_free(JitcMem *m);

/* An element-wise operation: loop (a compiled ufunc loop over nin inputs and one output) applied
 * to the inputs broadcast together, as NumPy does. With into == 0 the output is a new C-contiguous
 * array of ndim dimensions and itemsize-byte elements, whose data, shape and strides are written
 * to *out and whose JitcMem is returned; with into != 0, *out is an existing array that the
 * broadcast shape must equal (NumPy's in-place operators), and NULL is returned. parallel splits
 * the work over threads. Raises ValueError (shapes that do not broadcast) or MemoryError into
 * err: then returns NULL and *out is untouched. */
JitcMem *jitc_rt_array_map(void *loop, int64_t nin, const JitcArg *in, int64_t ndim, int64_t itemsize,
                           int32_t parallel, int32_t into, JitcArg *out, const char *where, JitcErr *err);

/* Hands an array to the C API: a DLManagedTensor that owns one reference to m (NULL: the array
 * is someone else's, such as an argument; then the tensor only borrows it). Byte strides become
 * DLPack's element strides. NULL when out of memory. */
DLManagedTensor *jitc_rt_export(JitcMem *m, void *data, int64_t ndim, const int64_t *shape, const int64_t *strides,
                                int32_t code, int32_t bits);

#endif
