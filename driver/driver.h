/* driver.h — the structures behind the public handles (include/jitc.h), shared by the
 * files that implement the API: module.c (contexts, modules, diagnostics) and call.c
 * (compiling, calling, emitting). */
#ifndef JITC_DRIVER_H
#define JITC_DRIVER_H

#include "codegen/cg.h"
#include "frontend/parser.h"
#include "ir/program.h"
#include "jitc.h"
#include "jitcrt.h"

_Static_assert((int)JITCRT_OK == (int)JITC_OK && (int)JITCRT_ERR_ARGUMENT == (int)JITC_ERR_ARGUMENT &&
                   (int)JITCRT_ERR_RUNTIME == (int)JITC_ERR_RUNTIME && (int)JITCRT_ERR_NO_DEVICE == (int)JITC_ERR_NO_DEVICE &&
                   (int)JITCRT_ERR_NOMEM == (int)JITC_ERR_NOMEM && JITCRT_DL_BOOL == JITC_DL_BOOL,
               "jitcrt.h's statuses and codes are jitc.h's");

struct jitc_context {
    jitc_options opts;
    CgJit *jit;
    void *gpu_context;     /* the device's primary CUcontext, retained on first GPU use */
    char gpu_arch[16];     /* sm_XX of that device */
    int gpu_sms;
    jitc_module *modules; /* every live module, destroyed with the context */
};

struct jitc_function {
    jitc_module *mod;
    ProgFunc *pf;
};

struct jitc_module {
    jitc_context *ctx;
    jitc_module *next, *prev;
    Arena *arena;
    SrcFile file;
    Diag diag;
    Module *ast;
    Program *prog;
    jitc_function *fns;
    int nfns;
    jitc_diagnostic *public_diags; /* mirror of diag, rebuilt when it grows */
    int npublic;
    int nreported;                 /* diagnostics already sent to on_diagnostic */
    const char *text;
    LLVMOrcResourceTrackerRef code; /* owns this module's machine code */
};

/* Records a failed spec's errors in the module (once) and sends new diagnostics to the hook. */
void api_report_spec_errors(jitc_module *mod, Spec *s);
void api_flush_diagnostics(jitc_module *mod);
/* Argument types of a call or launch; NULL with msg for a bad argument (device arrays only
 * when allow_device). */
const Type *api_value_type(Program *p, const jitc_value *v, bool allow_device, char *msg, size_t n, int i);
/* "(int64, float32[::1])": types as a signature writes them. */
const char *api_types_text(Arena *a, const Type **types, int n);
/* A DLPack dtype as a jitc scalar type (NULL if unsupported), and back. */
const Type *api_dtype_type(DLDataType dt);
DLDataType api_type_dtype(const Type *t);
/* The spec fn runs for these argument types (explicit signatures or a new specialization). */
jitc_status api_find_spec(jitc_function *fn, const Type **types, int n, bool device, Spec **out, char *msg, size_t len);
/* The scalar of type t stored at p (bool as one byte), as a tagged value. */
jitc_value api_read_scalar(const void *p, const Type *t);
/* Stores v converted to scalar type t at slot (8 bytes), as compiled code reads it. */
void api_fill_slot(void *slot, const jitc_value *v, const Type *t);
/* Releases the GPU state of a context / the GPU code of a module. */
void api_gpu_context_release(jitc_context *ctx);
void api_gpu_module_release(jitc_module *mod);

/* The driver with ctx's device current (its primary context retained on first use), or NULL
 * with the reason in msg. Declared with an opaque return so that this header needs no cuda.h. */
const struct CudaDriver *api_gpu_ready(jitc_context *ctx, char *msg, size_t n);
/* Loads the PTX of GPU entry s (a kernel, a CUDA ufunc's loop, a reduction) once per spec. */
jitc_status api_load_kernel(jitc_module *mod, const struct CudaDriver *d, Spec *s, char *msg, size_t n);

/* PTX of kernel s (and what it calls) for arch; malloc'd, or NULL with a reason in msg. */
char *api_kernel_ptx(jitc_module *mod, Spec *s, const char *arch, char *msg, size_t n);
/* Appends s and every spec it reaches by calls to (*list)[0..*n) (a growing malloc'd array),
 * once each; with skip_lowered, only those without code yet. */
void api_collect_reachable(Spec *s, bool skip_lowered, Spec ***list, int *n, int *cap);
/* The on-disk cache (cache.c): its directory when s compiles through it (cache=True or
 * JITC_CACHE=1), else NULL; s compiled through it; PTX of a lowered GPU job through it. */
const char *api_cache_dir(const Spec *s, char *buf, size_t n);
jitc_status api_compile_cached(jitc_module *mod, Spec *s, const char *dir, char *msg, size_t n);
char *api_cached_ptx(CgGpuJob *job, const Spec *s, const char *arch, const char *dir, char *msg, size_t n);
/* Generates code for s and every spec it calls that has none yet. */
jitc_status api_compile_spec(jitc_module *mod, Spec *s, char *msg, size_t n);

#endif
