/* jitcrt.h — libjitcrt, the runtime that objects made by `jitc build` link against: the thread
 * pool, ufunc loops, the arrays compiled code makes, CUDA driver loading and launches. It holds
 * no compiler: a program built from `jitc build` objects does not need LLVM.
 *
 * The headers `jitc build` generates include this one and declare the compiled functions; see
 * docs in such a header for the names and calling conventions. Link with
 *     -ljitcrt -llapacke -lopenblas -lgomp -lmvec -lm -ldl -lpthread    (pkg-config --libs jitcrt)
 *
 * Errors: a host function that raises (IndexError, ZeroDivisionError, ...) returns zero (NULL for
 * an array) and leaves "file:line:col: IndexError: ..." in the calling thread's last error, also
 * printed on stderr; launchers and ufunc entries return a status and leave their reason there. */
#ifndef JITCRT_H
#define JITCRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What libjitcrt.so exports: it is built with -fvisibility=hidden, so the functions below and the
 * jitc_rt_* functions compiled code calls (runtime/rtabi.def) are its whole interface. */
#if defined(__GNUC__) || defined(__clang__)
#define JITCRT_API __attribute__((visibility("default")))
#else
#define JITCRT_API
#endif

/* Statuses of launchers and ufunc entries (the same numbers as jitc.h's jitc_status). */
enum {
    JITCRT_OK = 0,
    JITCRT_ERR_ARGUMENT = 4,  /* an array of another dtype, rank or layout than the signature's */
    JITCRT_ERR_RUNTIME = 5,   /* the code raised, a kernel faulted, or the driver refused */
    JITCRT_ERR_NO_DEVICE = 8, /* no CUDA driver or device, or no PTX this device can run */
    JITCRT_ERR_NOMEM = 10,
};

/* DLPack's code for bool arrays (kDLBool in DLPack 0.8 and later; jitc.h's JITC_DL_BOOL). */
#define JITCRT_DL_BOOL 6

/* The calling thread's last error, or NULL when there was none since jitcrt_clear_error. */
JITCRT_API const char *jitcrt_last_error(void);
JITCRT_API void jitcrt_clear_error(void);

/* Waits for the GPU work launched from this thread's CUDA context (launches on device arrays
 * return at once); JITCRT_ERR_RUNTIME if a kernel faulted. */
JITCRT_API int jitcrt_synchronize(void);

/* ---- what generated objects refer to (not for calling directly) ---- */

/* One parameter of a compiled signature: a scalar, or an array of that DLPack dtype and rank
 * (C-contiguous when the signature says [::1]). */
typedef struct jitcrt_param {
    int32_t is_array, code, bits, ndim, contiguous;
} jitcrt_param;

/* A kernel's second entry assumes what nearly every launch gives it, and is launched when all
 * of it holds: every array's data 16-byte aligned, every shape and byte stride in [0, 2^31),
 * and a grid of fewer than JITCRT_FAST_GRID_X blocks in x (so that blockIdx.x * K +
 * threadIdx.x, K below 1024, fits in an int32). The first entry assumes none of it. */
#define JITCRT_FAST_GRID_X (1u << 21)

/* A @cuda.jit kernel signature: its PTX for each architecture built, and the slots in which
 * the first launch keeps the loaded module. */
typedef struct jitcrt_kernel {
    const char *name, *entry, *entry_aligned; /* entry_aligned: the second entry, NULL when there is none */
    const char *file;                          /* its source file, as errors name it */
    int64_t nptx;
    const char *const *archs; /* "sm_80", ... ascending */
    const char *const *ptx;
    int64_t nparams;
    const jitcrt_param *params;
    void **state; /* 5 words the launcher keeps: CUmodule, CUfunction, the second entry's CUfunction, whether it is
                     cooperative (cuda.cg), and its bounds checks' fault record (a CUdeviceptr) */
} jitcrt_kernel;

/* args[i]: the address of scalar i (in its C type), or the DLTensor* of array i. */
JITCRT_API int jitcrt_launch(const jitcrt_kernel *k, const unsigned grid[3], const unsigned block[3], size_t shared_bytes,
                             void *stream, void *const *args);

/* A @vectorize signature: its compiled inner loop and operand types (inputs, then the output). */
typedef struct jitcrt_ufunc {
    const char *name;
    void *loop;
    int64_t nin, parallel;
    const jitcrt_param *params;
} jitcrt_ufunc;

JITCRT_API int jitcrt_ufunc_call(const jitcrt_ufunc *u, DLTensor *const *operands);

#ifdef __cplusplus
}
#endif
#endif
