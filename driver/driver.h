/* driver.h — the driver: the implementation of include/jitc.h, private to driver/. Names: drv_.
 *
 * It owns the public handles (contexts, modules, functions), runs the compiler (pipeline.c:
 * source → AST → typed IR → LLVM IR → native code or PTX, through the on-disk cache), and keeps
 * what the backends made for each specialization in its module's code table (SpecCode), so that
 * ir/ holds no pointer into code. The files:
 *
 *   module.c     contexts, modules, functions, diagnostics
 *   pipeline.c   the compiler, top to bottom
 *   cache.c      the on-disk cache's keys and lookups (diskcache.c keeps the files)
 *   call.c       argument types, dispatch over signatures, calls and results, emitted text
 *   gpu.c        devices, device memory, streams, kernel launches
 *   ufunc.c      @vectorize/@guvectorize applied to arrays (ufunc_gpu.c: target="cuda")
 *   reduce.c     @cuda.reduce
 *   build.c      `jitc build`: objects and headers ahead of time */
#ifndef JITC_DRIVER_H
#define JITC_DRIVER_H

#include "runtime/str.h"
#include "codegen/cg.h"
#include "frontend/parser.h"
#include "builder/program.h"
#include "diskcache.h"
#include "jitc.h"
#include "jitcrt.h"

_Static_assert((int)JITCRT_OK == (int)JITC_OK && (int)JITCRT_ERR_ARGUMENT == (int)JITC_ERR_ARGUMENT &&
                   (int)JITCRT_ERR_RUNTIME == (int)JITC_ERR_RUNTIME && (int)JITCRT_ERR_NO_DEVICE == (int)JITC_ERR_NO_DEVICE &&
                   (int)JITCRT_ERR_NOMEM == (int)JITC_ERR_NOMEM && JITCRT_DL_BOOL == JITC_DL_BOOL,
               "jitcrt.h's statuses and codes are jitc.h's");

struct jitc_context {
    Heap heap;             /* jitc_options.alloc: everything jitc allocates for the context */
    jitc_options opts;
    CgJit *jit;
    void *gpu_context;     /* the device's primary CUcontext, retained on first GPU use */
    char gpu_arch[16];     /* sm_XX of that device */
    int gpu_sms;
    void *gpu_staging;     /* device memory the GPU ufuncs copy host operands into (ufunc_gpu.c), */
    size_t gpu_staging_bytes; /* grown as calls need, freed with the context */
    jitc_module *modules; /* every live module, destroyed with the context */
    jitc_module *random_states; /* driver/random.c's kernel, compiled on first use (one of modules) */
};

/* The specialization a function's last call ran, by its arguments' keys (call.c call_keys): a
 * call whose arguments give the same keys runs it without typing them again. */
typedef struct CallCache {
    int nargs;
    uint32_t keys[JITC_MAX_ARGS];
    struct Spec *spec; /* NULL: none yet */
} CallCache;

struct jitc_function {
    jitc_module *mod;
    ProgFunc *pf;
    CallCache last;
};

/* What the backends made for one specialization. */
typedef struct SpecCode {
    bool lowered;                    /* host code exists for it in the JIT */
    bool renamed;                    /* ...only under the disk cache's names (pipeline.c): a module that
                                        calls it by its own symbol holds its code again */
    CgEntries host;                  /* its entries there (codegen/wrap.c's wrappers) */
    void *gpu_module, *gpu_function; /* CUmodule, CUfunction once its PTX is loaded */
    void *gpu_function_aligned;      /* the entry for arrays that are all 16-byte aligned, or NULL */
    void *gpu_scratch;               /* @cuda.reduce: device memory for partials, counter, result */
    unsigned long long gpu_fault;    /* a kernel with bounds checks: its RtGpuFault record (CUdeviceptr) */
    bool gpu_cooperative;            /* it syncs the grid (cuda.cg): launched cooperatively */
} SpecCode;

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
    SpecCode *code;                /* indexed by Spec.id; grown by drv_code */
    int ncode;
    jitc_diagnostic *public_diags; /* mirror of diag, grown with it */
    int npublic, cappublic;
    int nreported;                 /* diagnostics already sent to on_diagnostic */
    const char *text;
    LLVMOrcResourceTrackerRef tracker; /* owns this module's machine code */
    bool cache_refused;                /* the warning that the cache directory is unsafe was given */
};

/* What a protected call's handler reads is in volatile locals (DRV_PROTECTED); GCC's -Wclobbered
 * cannot see that, and warns about values only the normal path uses. */
#ifndef __clang__ /* clang has no such warning */
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

/* A public function's body that allocates runs as a protected call on the context's heap: when
 * memory runs out inside, the scratch arenas made since are freed and the function returns
 * JITC_ERR_NOMEM, with "out of memory" in r's message when r is not NULL. */
#define DRV_PROTECTED(heap, r, body)                    \
    do {                                                \
        Heap *volatile heap_ = (heap);                   \
        jitc_result *volatile result_ = (r);            \
        HeapGuard guard_;                               \
        heap_guard_begin(heap_, &guard_);               \
        if (setjmp(guard_.jump)) {                      \
            heap_guard_unwind(heap_, &guard_);          \
            return drv_nomem(result_);                  \
        }                                               \
        jitc_status status_ = (body);                   \
        heap_guard_end(heap_, &guard_);                 \
        return status_;                                 \
    } while (0)

/* ---- module.c ---- */

jitc_status drv_nomem(jitc_result *r);

/* Records a failed spec's errors in the module (once) and sends new diagnostics to the hook. */
void drv_report_spec_errors(jitc_module *mod, Spec *s);
void drv_flush_diagnostics(jitc_module *mod);
/* The code record of s (zeroed until a backend fills it). */
SpecCode *drv_code(jitc_module *mod, const Spec *s);

/* ---- pipeline.c ---- */

/* Parses the module's source, resolves its module level and compiles what has explicit
 * signatures (as Numba does at decoration time). */
jitc_status drv_compile_module(jitc_module *mod);
/* The specialization of f for these argument types, typed and with its IR; a located error when
 * it fails (JITC_ERR_ARGUMENT for a wrong argument count, JITC_ERR_TYPE for type errors). */
jitc_status drv_specialize(jitc_module *mod, ProgFunc *f, const Type **types, int n, const Type *ret, bool device,
                           SrcLoc where, Spec **out);
/* Host code for s and every spec it calls that has none yet, in the JIT. */
jitc_status drv_compile_host(jitc_module *mod, Spec *s, char *msg, size_t n);
/* PTX of GPU entry s (a kernel, a CUDA ufunc's loop, a reduction) and what it calls, for arch,
 * in arena out; NULL with a reason in msg. */
char *drv_compile_ptx(jitc_module *mod, Spec *s, const char *arch, Arena *out, char *msg, size_t n);
/* LLVM IR (optimized, or raw: as lowered, machine-independent) or host assembly of one spec
 * alone, in a module that is never run, in arena out; NULL with a reason in msg. */
char *drv_host_text(jitc_module *mod, Spec *s, jitc_emit_kind kind, Arena *out, char *msg, size_t n);
/* Appends s and every spec it reaches by calls to the list, once each; with skip_lowered, only
 * those without host code yet. */
typedef struct SpecList {
    Spec **items;
    int n, cap;
} SpecList;
void drv_reachable(jitc_module *mod, Spec *s, bool skip_lowered, Arena *a, SpecList *list);

/* ---- cache.c ---- */

/* The cache's directory when s compiles through it (cache=True or JITC_CACHE=1), else NULL; a
 * directory dcache_dir_problem refuses gives NULL and, once per module, a warning saying why. */
const char *drv_cache_dir(jitc_module *mod, const Spec *s, char *buf, size_t n);
/* An entry of the cache: its key (the XXH3-128 of the LLVM IR, the target and the versions, as
 * hex) and how `jitc cache --list` describes it. */
typedef struct CacheKey {
    char hex[DCACHE_KEY_LEN + 1];
    const char *what;
} CacheKey;
/* The key of host code lowered into m for s (the module's symbol prefix stripped from the IR),
 * and of a GPU entry's module (before libdevice is linked) for arch. */
CacheKey drv_cache_key_host(jitc_module *mod, CgModule *m, const Spec *s, Arena *a);
CacheKey drv_cache_key_ptx(const CgGpuJob *job, const Spec *s, const char *arch, Arena *a);
/* The entry's bytes (in arena a, NUL-terminated beyond len), or NULL on a miss; storing one (a
 * failing cache is no error). */
void *drv_cache_get(const char *dir, const CacheKey *k, Arena *a, size_t *len);
void drv_cache_put(const char *dir, const CacheKey *k, const void *bytes, size_t len);
/* JITC_DEBUG_CACHE=1 (as NUMBA_DEBUG_CACHE): one line per lookup on stderr, "jitc cache: EVENT
 * WHAT [KEY...]". */
void drv_cache_trace(const char *event, const CacheKey *k);

/* ---- ptxshare.c ---- */

/* The process's PTX, shared by its contexts (compiled once per architecture, loaded per
 * device): held while some context lives (retain at its creation, release at its end). */
void drv_shared_ptx_retain(void);
void drv_shared_ptx_release(void);
/* The PTX under key, copied into out, or NULL (none, or no room in out). */
char *drv_shared_ptx_get(const char *key, Arena *out);
/* Keeps a copy of ptx under key (best effort: without memory it is not shared). */
void drv_shared_ptx_put(const char *key, const char *ptx);

/* ---- nested.c: nested results and tuple arguments of jitc_call ---- */
/* Whether jitc_call can hand out a result of type t (top: the whole result, else a part of it);
 * else the reason in msg. */
bool drv_result_supported(const Type *t, bool top, char *msg, size_t n);
/* The bytes the entry's ret needs for a result of type t; its values read into r (false when some
 * part did not make it out: r then holds what did, to be freed). */
size_t drv_result_bytes(const Type *t);
bool drv_read_result(const Type *t, const uint64_t *ret, jitc_result *r);
/* One value of type t from its result slots into v (false: not whole; free v in every case with
 * drv_release_value, which frees what a read value holds). */
bool drv_read_value(const uint64_t *slot, const Type *t, jitc_value *v);
void drv_release_value(jitc_value *v);
/* The in-memory form of values (as lists hold items, codegen's cg_mem_type): the size of one of
 * type t and, where offsets is not NULL, a tuple's items' offsets; an array's data, shape and
 * byte strides from a DLTensor (its JitcMem* left NULL). */
int64_t drv_mem_size(const Type *t, int64_t *offsets);
void drv_fill_array_item(char *slot, const DLTensor *d);

/* ---- objmode.c: `with objmode` blocks, run by jitc_options.objmode ---- */
/* Makes the runtime hand blocks to the driver (once per process; idempotent). */
void drv_objmode_enable(void);
/* Whether s, or what it calls, has a `with objmode` block. */
bool drv_spec_has_objmode(jitc_module *mod, Spec *s);
/* The type of tuple argument i (NULL where tuples cannot be passed: p NULL), else msg says why. */
const Type *drv_tuple_type(Program *p, const jitc_value *v, char *msg, size_t n, int i);
/* What the entry's args[i] is for argument v of type t, allocated in a. */
void *drv_argument_pointer(Arena *a, const jitc_value *v, const Type *t); /* NULL: out of memory (a list) */
/* A list argument (JITC_LIST, JITC_TYPED_LIST): its type from its items (numbers or arrays, of one
 * type); its JitcList made for the call, in a slot, and dropped after it (drv_release_arguments). */
const Type *drv_list_type(Program *p, const jitc_value *v, char *msg, size_t n, int i);
/* A dict argument (JITC_DICT: (key, value) pairs, number keys, values that are numbers, arrays or
 * tuples of them): its type, and its JitcHash made for the call as a list argument's JitcList is. */
const Type *drv_dict_type(Program *p, const jitc_value *v, char *msg, size_t n, int i);
/* A set argument (JITC_SET: numbers of one type): its type, and its JitcHash, as a dict's. */
const Type *drv_set_type(Program *p, const jitc_value *v, char *msg, size_t n, int i);
void drv_release_arguments(void *const *ptrs, const Type *const *params, int n);

/* ---- argcheck.c ---- */

/* Whether jitc_call's or jitc_launch's (api) function and count are usable; else msg says why. */
bool drv_args_ok(const char *api, const jitc_function *fn, const jitc_value *args, int nargs, char *msg, size_t n);
/* Whether DLTensor t, what i ("argument 2"), has min_ndim to TY_MAX_NDIM dimensions, a shape of
 * sizes >= 0 whose product fits int64, and data unless it is empty; else msg says why. */
bool drv_tensor_ok(const DLTensor *t, const char *what, int i, int min_ndim, char *msg, size_t n);

/* ---- call.c ---- */

/* A string argument's JitcStr (runtime/str.h), its text copied into a (valid UTF-8, checked when
 * its type was taken). */
const JitcStr *drv_str_argument(Arena *a, const char *text);

/* Argument types of a call or launch; NULL with msg for a bad argument (device arrays only
 * when allow_device). */
const Type *drv_value_type(Program *p, const jitc_value *v, bool allow_device, char *msg, size_t n, int i);
/* "(int64, float32[::1])": types as a signature writes them. */
const char *drv_types_text(Arena *a, const Type **types, int n);
/* A DLPack dtype as a jitc scalar type (NULL if unsupported), and back. */
const Type *drv_dtype_type(DLDataType dt);
DLDataType drv_type_dtype(const Type *t);
/* The spec fn runs for these argument types (explicit signatures or a new specialization),
 * with its host code compiled unless device. */
/* Completes args with the default values of the parameters left out (defaults.c) into all (room
 * for cap): the count of arguments to pass; nargs itself when nothing is filled (none left out,
 * one left out without a default, f no host function: drv_find_spec reports those); or -1 with
 * msg saying why a left-out default is no value the C API can pass. */
int drv_fill_defaults(const Program *p, const ProgFunc *f, const jitc_value *args, int nargs, jitc_value *all,
                      int cap, char *msg, size_t len);
/* A signature's parameter types completed with those of the defaults of the parameters it
 * leaves out (`--sig "(float64[::1], float64[::1])"` for `def f(u, D, dx=1.)`); *n updated. */
const Type **drv_default_types(jitc_module *mod, const ProgFunc *f, const Type **params, int *n);
/* A function with a *args parameter takes the arguments past its positional parameters as one
 * tuple there, as Numba's dispatcher packs them (its signatures list them one by one): args with
 * those packed (into packed, the tuple's items in items, each with room for JITC_MAX_ARGS) and
 * *nargs updated; args itself for another function. The same for a signature's types. */
const jitc_value *drv_pack_star_args(const ProgFunc *f, const jitc_value *args, int *nargs, jitc_value *packed,
                                     jitc_value *items);
const Type **drv_pack_star_types(jitc_module *mod, const ProgFunc *f, const Type **params, int *n);
jitc_status drv_find_spec(jitc_function *fn, const Type **types, int n, bool device, Spec **out, char *msg, size_t len);
/* The scalar of type t stored at p (bool as one byte), as a tagged value. */
jitc_value drv_read_scalar(const void *p, const Type *t);
int64_t drv_utf8_code_points(const char *s); /* a UTF-8 string's length in code points */
/* Stores v converted to scalar type t at slot (8 bytes), as compiled code reads it. */
void drv_fill_slot(void *slot, const jitc_value *v, const Type *t);
/* JITC_ERR_RUNTIME's result: message, exc_type, exc_message, exc_where from the exception err. */
void drv_runtime_error(jitc_result *r, const struct JitcErr *err);

/* ---- gpu.c ---- */

/* Releases the GPU state of a context / the GPU code of a module. */
void drv_gpu_context_release(jitc_context *ctx);
void drv_gpu_module_release(jitc_module *mod);
/* The driver with ctx's device current (its primary context retained on first use), or NULL
 * with the reason in msg. Declared with an opaque return so that this header needs no cuda.h. */
const struct CudaDriver *drv_gpu_ready(jitc_context *ctx, char *msg, size_t n);
/* Whether t, when it is in CUDA memory (kDLCUDA), is on ctx's device; else false with msg
 * "WHAT N is on CUDA device D, but this context uses device E" (N = i + 1; none when i < 0). */
bool drv_on_context_device(const jitc_context *ctx, const DLTensor *t, const char *what, int i, char *msg, size_t n);
/* Loads the PTX of GPU entry s (a kernel, a CUDA ufunc's loop, a reduction) once per spec. */
jitc_status drv_load_kernel(jitc_module *mod, const struct CudaDriver *d, Spec *s, char *msg, size_t n);

#endif
