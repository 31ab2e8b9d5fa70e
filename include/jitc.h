/* jitc.h — the public C API of jitc, a JIT compiler for krn kernels (the Numba subset of Python).
 *
 * Handles, one per phase: a jitc_context (options, LLVM JIT, caches) makes jitc_modules (one
 * compiled source each), which hand out jitc_functions (one name, many specializations).
 * Everything a context made dies with it. Every call returns a jitc_status; nothing aborts on
 * user error. There is no hidden global state beyond one-time initialisation (LLVM's targets
 * and options; the CUDA driver, loaded on first GPU use), done once by whichever thread comes
 * first; jitc never redirects the process's file descriptors nor changes its environment.
 * Separate contexts may be used from separate threads at once (tests/unit/test_threads.c checks
 * it under ThreadSanitizer); one context is not thread-safe.
 *
 * Arrays cross the API as DLPack DLTensors (dlpack/dlpack.h): data + byte_offset, shape,
 * strides in elements (NULL means C-contiguous), dtype of kind int/uint/float/bool. */
#ifndef JITC_H
#define JITC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JITC_VERSION "0.1.0"

/* What libjitc.so exports: it is built with -fvisibility=hidden, so the functions below are its
 * whole dynamic interface. */
#if defined(__GNUC__) || defined(__clang__)
#define JITC_API __attribute__((visibility("default")))
#else
#define JITC_API
#endif

/* DLPack's type code for bool (kDLBool, 1 byte per element) appeared in DLPack 0.8; the
 * Debian header is 0.6, so jitc names the code itself. */
#define JITC_DL_BOOL 6

typedef enum jitc_status {
    JITC_OK = 0,
    JITC_ERR_SYNTAX,      /* the source does not parse */
    JITC_ERR_TYPE,        /* typing failed: unknown name, no matching signature, bad operands */
    JITC_ERR_NOT_FOUND,   /* no function of that name in the module */
    JITC_ERR_ARGUMENT,    /* bad arguments to an API call (count, kind, NULL, bad signature) */
    JITC_ERR_RUNTIME,     /* the compiled code raised (IndexError, ZeroDivisionError, ...) */
    JITC_ERR_IO,          /* a file could not be read or written */
    JITC_ERR_UNSUPPORTED, /* valid krn that this build of jitc cannot compile yet */
    JITC_ERR_NO_DEVICE,   /* a GPU was needed and there is no CUDA driver or device */
    JITC_ERR_BACKEND,     /* LLVM refused the generated code: a jitc bug, please report */
    JITC_ERR_NOMEM,
} jitc_status;

/* A short English name for a status ("syntax error", "type error", ...). Static storage. */
JITC_API const char *jitc_status_string(jitc_status s);
/* The library's version string, JITC_VERSION. Static storage. */
JITC_API const char *jitc_version(void);

typedef struct jitc_context jitc_context;
typedef struct jitc_module jitc_module;
typedef struct jitc_function jitc_function;

typedef enum jitc_severity { JITC_SEV_ERROR, JITC_SEV_WARNING, JITC_SEV_NOTE } jitc_severity;

/* One diagnostic. Strings are owned by the module that produced it and live until
 * jitc_module_destroy. file is NULL (and line/column 0) when there is no location. */
typedef struct jitc_diagnostic {
    jitc_severity severity;
    const char *file;
    int line, column;
    const char *message;  /* without location or severity */
    const char *rendered; /* "file:line:col: error: message\n<source line>\n   ^\n" */
} jitc_diagnostic;

/* realloc-like allocator hook (Lua's lua_Alloc): ptr NULL allocates, nsize 0 frees. All that jitc
 * allocates for a context goes through it; when it fails, the API call returns JITC_ERR_NOMEM. */
typedef void *(*jitc_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);
/* Called once per diagnostic as it is produced. d is valid during the call only. */
typedef void (*jitc_diagnostic_fn)(void *ud, const jitc_diagnostic *d);

struct jitc_value;

/* A `with objmode(y='float64'):` block of a function, which runs in the embedder's interpreter
 * (Numba's object mode). Strings live as long as the module. */
typedef struct jitc_objmode_block {
    jitc_module *module;             /* the module it is in */
    const char *function;            /* the function it is in */
    const char *file;                /* the module's name, as given to jitc_module_create */
    int line, column;                /* its `with` */
    int last_line;                   /* the block's last line */
    int ninputs;                     /* the function's variables the block may read, with a value */
    const char *const *input_names;
    int noutputs;                    /* the variables objmode(...) declares, which the block sets */
    const char *const *output_names;
    const char *const *output_types; /* each as written there: "float64", "int64[:]" */
} jitc_objmode_block;

/* Runs a block: inputs[i] holds input i's value (an array is the function's own memory: writes
 * reach it; owner is set and the callee may keep the array past the call by taking owner and
 * setting it to NULL). The callee fills outputs[k] with output k's value: a number of any kind
 * (converted to the declared type as Numba unboxes it), a string (copied), a tuple of such
 * values, or an array whose dtype and rank (and layout, where declared 'C' or 'F') match the
 * declared type, with owner set to what keeps its memory alive (its deleter is called when
 * compiled code drops the array). jitc reads the outputs after the callback returns: what they
 * point to (strings, tuple items, a tensor's shape) must stay valid until the callback is next
 * called. Returns true; or false with the exception to raise in error, "ValueError: why" (its
 * class among jitc's exceptions by name, else Exception). Called on the thread that runs the
 * function. */
typedef bool (*jitc_objmode_fn)(void *ud, const jitc_objmode_block *block, struct jitc_value *inputs,
                                struct jitc_value *outputs, char *error, size_t error_size);

typedef struct jitc_options {
    jitc_alloc_fn alloc;            /* NULL: malloc/realloc/free */
    void *alloc_ud;
    jitc_diagnostic_fn on_diagnostic; /* NULL: none (read them from the module instead) */
    void *diagnostic_ud;
    int opt_level;                  /* 0..3, LLVM's -O level for host code; default 3 */
    const char *cpu;                /* LLVM CPU name; NULL: the host's */
    const char *cpu_features;       /* LLVM feature string; NULL: the host's */
    const char *gpu_arch;           /* "sm_90"...; NULL: the GPU's own, or sm_80 without one */
    int gpu_device;                 /* the CUDA device of this context (ordinal, >= 0); default 0.
                                       Several GPUs: a context per device (see jitc_context_device) */
    int gpu_fma;                    /* 1 (default): GPU code fuses a * b + c into one multiply-add
                                       where it can, as numba-cuda's compiler does; 0: never, so each
                                       float + - * rounds as on the CPU. The environment variable
                                       JITC_GPU_FMA=0 makes 0 the default */
    int lazy_check;                 /* 0 (default): jitc_module_compile type-checks every function and
                                       reports the errors of all; 1: as Numba, a function without
                                       signatures is type-checked when it is first called or
                                       launched (with its callees), so an error in a function that is
                                       never called is never reported */
    jitc_objmode_fn objmode;        /* NULL (default): a `with objmode` block is a compile error; else
                                       what runs such blocks, in host code outside prange loops
                                       (functions that have them are not kept in the disk cache) */
    void *objmode_ud;
} jitc_options;

/* Fills opts with the defaults. */
JITC_API void jitc_options_init(jitc_options *opts);

/* Creates a context (opts may be NULL for defaults). On success *out is yours to destroy.
 * JITC_ERR_ARGUMENT for an opts->cpu that LLVM does not know or a negative opts->gpu_device. */
JITC_API jitc_status jitc_context_create(const jitc_options *opts, jitc_context **out);
/* The CUDA device a context uses (its opts->gpu_device), -1 for NULL. A context is bound to that
 * one device: its launches, device memory, streams and events are on it, and a kDLCUDA array of
 * another device (DLTensor device_id) is refused. For several GPUs make a context per device and
 * compile the module in each: PTX is made once per architecture in a process, then shared by
 * the contexts (and loaded by each on its device). */
JITC_API int jitc_context_device(const jitc_context *ctx);
/* Destroys a context and every module, function, and piece of code it made. NULL is a no-op. */
JITC_API void jitc_context_destroy(jitc_context *ctx);

/* Parses and checks a krn source held in memory; `name` is the file name used in diagnostics.
 * Functions with explicit signatures are compiled now; the others on their first call.
 * *out is set whenever the module could be created, also on a syntax or type error, so its
 * diagnostics can be read: destroy it in every case. The source is copied. */
JITC_API jitc_status jitc_module_compile(jitc_context *ctx, const char *name, const char *source,
                                         size_t len, jitc_module **out);
/* Like jitc_module_compile, reading the file at path (JITC_ERR_IO if unreadable; *out NULL). */
JITC_API jitc_status jitc_module_compile_file(jitc_context *ctx, const char *path, jitc_module **out);
/* Destroys a module, its functions, their code, and all strings it handed out. NULL is a no-op. */
JITC_API void jitc_module_destroy(jitc_module *mod);

/* Number of diagnostics the module holds (errors, warnings, notes; compile and call time). */
JITC_API int jitc_module_diagnostic_count(const jitc_module *mod);
/* Diagnostic i (0-based) or NULL when out of range. Owned by the module. */
JITC_API const jitc_diagnostic *jitc_module_diagnostic(const jitc_module *mod, int i);
/* All diagnostics rendered as one text ("" when none). Owned by the module; valid until the
 * next call that compiles in this module or jitc_module_destroy. */
JITC_API const char *jitc_module_diagnostics_text(jitc_module *mod);

/* What jitc skipped in the module's source, one line per statement in source order
 * ("FILE:LINE: skipped KIND 'NAME': WHY\n"; KIND is function, class, main block, statement,
 * assignment or import): undecorated helpers, classes, `if __name__ == "__main__":` blocks,
 * top-level code jitc does not run. "" when nothing was skipped. Owned by the module. */
JITC_API const char *jitc_module_skipped_text(jitc_module *mod);

/* Number of functions defined in the module, and the name of function i (owned by the module). */
JITC_API int jitc_module_function_count(const jitc_module *mod);
JITC_API const char *jitc_module_function_name(const jitc_module *mod, int i);

/* The context the module belongs to. */
JITC_API jitc_context *jitc_module_context(const jitc_module *mod);

/* Looks up a function by name. *out is owned by the module. JITC_ERR_NOT_FOUND if absent. */
JITC_API jitc_status jitc_module_function(jitc_module *mod, const char *name, jitc_function **out);

/* What a function is, from its decorator. */
typedef enum jitc_function_kind {
    JITC_FN_HOST,        /* @njit / @jit: jitc_call */
    JITC_FN_KERNEL,      /* @cuda.jit: jitc_launch */
    JITC_FN_DEVICE,      /* @cuda.jit(device=True): called from kernels */
    JITC_FN_UFUNC,       /* @vectorize: jitc_ufunc_call (or jitc_call on scalars) */
    JITC_FN_GUFUNC,      /* @guvectorize */
    JITC_FN_REDUCE,      /* @cuda.reduce */
} jitc_function_kind;

typedef struct jitc_function_info {
    const char *name;    /* owned by the module */
    jitc_function_kind kind;
    int nparams;
    const char *target;  /* ufuncs: "cpu", "parallel" or "cuda"; NULL otherwise */
    int nin, nout;       /* ufuncs: inputs and outputs (a gufunc's from its layout); 0 otherwise */
    int nsigs;           /* signatures the decorator names; 0: compiled for each call's types (a
                            gufunc with a layout alone then needs its outputs given) */
    int nrequired;       /* parameters without a default value: a call passes at least these */
    int varargs;         /* 1 when the last parameter is *args (a call may pass more than nparams) */
} jitc_function_info;

JITC_API jitc_status jitc_function_get_info(const jitc_function *fn, jitc_function_info *out);

typedef enum jitc_kind {
    JITC_NONE, JITC_BOOL,
    JITC_INT8, JITC_INT16, JITC_INT32, JITC_INT64,
    JITC_UINT8, JITC_UINT16, JITC_UINT32, JITC_UINT64,
    JITC_FLOAT32, JITC_FLOAT64,
    JITC_ARRAY, /* .array: a DLTensor the caller owns; the callee may write its elements.
                   In a result: an array the function returned, see jitc_result */
    JITC_TUPLE, /* .items[0..nitems): the elements (scalars, arrays, tuples, lists), see jitc_value;
                   an argument's are the caller's (a host function takes a tuple of scalars and arrays,
                   nested too, as a Numba UniTuple or Tuple); a result's, see jitc_result */
    JITC_COMPLEX64, JITC_COMPLEX128, /* .c64, .c128: a complex number (real, imaginary) */
    JITC_LIST,  /* a list. As an argument of jitc_call (host code): .items[0..nitems), numbers,
                   strings or arrays of one type, the caller's (a reflected list; Numba types it by its items).
                   As a result: a list the function returned (a Python list). A list of scalars has
                   its items copied into the 1-d DLTensor .array held by .owner, as a returned array
                   is; a list of tuples, arrays or lists has .array NULL and its items at
                   .items[0..nitems), each a value as a result's (nested as deep as the list is) */
    JITC_TYPED_LIST, /* a numba.typed.List, passed and held as JITC_LIST's; a result's .type_name is its
                        Numba type, "ListType[int64]", "ListType[array(float64, 1d, C)]" */
    JITC_STR,   /* .str: a string, UTF-8 text, NUL-terminated (Numba's unicode_type). As an argument of
                   jitc_call, the caller's, read during the call; in a result, a string the function
                   returned, owned by the result (jitc_result_free frees it) */
    JITC_DTYPE, /* arguments only: .dtype, a scalar kind (JITC_BOOL .. JITC_FLOAT64, JITC_COMPLEX64,
                   JITC_COMPLEX128) passed as a NumPy type, as Python passes np.float64 (Numba's
                   class(float64)): a compile-time argument, which the function is compiled for */
    JITC_DICT,  /* a dict (Numba's typed dict): .items[0..nitems) its entries in insertion order, each
                   a JITC_TUPLE of the key and the value. As an argument of jitc_call (host code):
                   number or string keys of one type, values of one type (numbers, strings,
                   arrays, or tuples of numbers and arrays), the caller's. As a result: .type_name its Numba type,
                   "DictType[int64,float64]<iv=None>" */
    JITC_SET,   /* a set: .items[0..nitems) its items. As an argument of jitc_call (host code):
                   numbers of one type, at least one (Numba's reflected set, not written back). As
                   a result: a set the function returned, its items in the order the set iterates
                   them (Numba's) */
    JITC_GENERATOR, /* arguments of jitc_call only: .generator, a np.random.Generator (Numba's
                       NumPyRandomGeneratorType), the caller's: the call's draws advance it */
} jitc_kind;

/* A np.random.Generator over PCG64, NumPy's default bit generator: the 128-bit state and
 * increment (high word first) and the 32-bit half a draw kept for the next (has_uint32,
 * uinteger), as NumPy's PCG64 holds them. Made by jitc_default_rng; passed as JITC_GENERATOR. */
typedef struct jitc_generator {
    uint64_t words[6];
} jitc_generator;

/* Fills g as np.random.default_rng(seed) makes its generator (SeedSequence(seed), then PCG64):
 * compiled code that draws from it gives, draw for draw, what NumPy's Generator gives. */
JITC_API void jitc_default_rng(jitc_generator *g, uint64_t seed);

/* A tagged argument or result value. */
typedef struct jitc_value {
    jitc_kind kind;
    union {
        bool b;
        int64_t i;    /* every signed integer kind */
        uint64_t u;   /* every unsigned integer kind */
        float f32;
        double f64;
        DLTensor *array;
        struct { float re, im; } c64;   /* JITC_COMPLEX64 */
        struct { double re, im; } c128; /* JITC_COMPLEX128 */
        const char *str; /* JITC_STR */
        jitc_kind dtype; /* JITC_DTYPE */
        struct jitc_generator *generator; /* JITC_GENERATOR */
    };
    DLManagedTensor *owner; /* results only: what holds a returned array (see jitc_result) */
    /* JITC_TUPLE, and a JITC_LIST or JITC_TYPED_LIST result of non-scalars: the items. In an
     * argument they are the caller's; in a result jitc's (jitc_result_free frees them). */
    struct jitc_value *items;
    int64_t nitems;
    const char *type_name; /* results only: a JITC_TYPED_LIST's or JITC_DICT's Numba type; NULL otherwise */
    bool readonly; /* a JITC_ARRAY argument compiled code may not write (a NumPy array whose WRITEABLE flag
                      is off): typed as Numba's readonly array, so that a write is a compile error */
} jitc_value;

/* Shorthands for building arguments. */
static inline jitc_value jitc_i64(int64_t v) { jitc_value x = {.kind = JITC_INT64, .i = v}; return x; }
static inline jitc_value jitc_f64(double v) { jitc_value x = {.kind = JITC_FLOAT64, .f64 = v}; return x; }
static inline jitc_value jitc_f32(float v) { jitc_value x = {.kind = JITC_FLOAT32, .f32 = v}; return x; }
static inline jitc_value jitc_bool(bool v) { jitc_value x = {.kind = JITC_BOOL, .b = v}; return x; }
static inline jitc_value jitc_array(DLTensor *t) { jitc_value x = {.kind = JITC_ARRAY, .array = t}; return x; }
static inline jitc_value jitc_str(const char *s) { jitc_value x = {.kind = JITC_STR, .str = s}; return x; }
static inline jitc_value jitc_dtype(jitc_kind k) { jitc_value x = {.kind = JITC_DTYPE, .dtype = k}; return x; }
static inline jitc_value jitc_gen(jitc_generator *g) { jitc_value x = {.kind = JITC_GENERATOR, .generator = g}; return x; }
/* A tuple argument of the n values at items (the caller's; they must outlive the call). */
static inline jitc_value jitc_tuple(jitc_value *items, int64_t n)
{
    jitc_value x = {.kind = JITC_TUPLE, .items = items, .nitems = n};
    return x;
}
static inline jitc_value jitc_c128(double re, double im)
{
    jitc_value x = {.kind = JITC_COMPLEX128};
    x.c128.re = re;
    x.c128.im = im;
    return x;
}
static inline jitc_value jitc_c64(float re, float im)
{
    jitc_value x = {.kind = JITC_COMPLEX64};
    x.c64.re = re;
    x.c64.im = im;
    return x;
}

#define JITC_MAX_TUPLE 16
/* The most arguments jitc_call and jitc_launch take (a function compiled code calls takes at
 * most 32: docs/language.md). */
#define JITC_MAX_ARGS 64

/* What a call returned. value.kind is JITC_NONE for no return value; for a tuple it is
 * JITC_TUPLE and items[0..nitems) hold the elements (value.items is NULL there). An element, or
 * the value itself, may be nested: a tuple inside a tuple is a JITC_TUPLE value with its own
 * .items[0..nitems); a list of tuples, arrays or lists a JITC_LIST (or JITC_TYPED_LIST) with
 * .items; and so on to any depth: `return x, (x[0], x[-1])` gives items[0] an array and items[1]
 * a JITC_TUPLE of two int64s; `return [[1, 2], [3]]` gives value a JITC_LIST of two JITC_LISTs of
 * scalars. jitc_result_free frees all of it. On JITC_ERR_RUNTIME,
 * message holds "file:line:col: IndexError: ..."; on other errors, a one-line reason.
 *
 * On JITC_ERR_RUNTIME from jitc_call or jitc_ufunc_call (a Python exception the compiled code
 * raised and did not catch), the exception is also there as data: exc_type is its class
 * ("ValueError", "IndexError", "ZeroDivisionError", "AssertionError", ...), exc_message what
 * Python's str() of it gives ("negative" for ValueError("negative"), "('a', 1)" for
 * ValueError("a", 1), "" for a raise without arguments), and exc_where its "file:line:col".
 * All three are "" on every other status.
 *
 * A returned array (JITC_ARRAY) is a host DLTensor at .array, held by .owner, which the caller
 * owns: release it with jitc_result_free (or owner->deleter(owner) for one array kept longer).
 * An array the function made is the caller's alone; an array it returned unchanged from its
 * arguments shares their memory (the DLTensor is new, the elements are the argument's). */
typedef struct jitc_result {
    jitc_value value;
    jitc_value items[JITC_MAX_TUPLE];
    int nitems;
    char message[512];
    char exc_type[64];     /* JITC_ERR_RUNTIME: the exception's class, "ValueError" */
    char exc_message[512]; /* JITC_ERR_RUNTIME: str() of the exception, "negative" */
    char exc_where[256];   /* JITC_ERR_RUNTIME: where it was raised, "file:line:col" */
} jitc_result;

/* Calls fn with args[0..nargs), compiling (and caching) the specialization for the argument
 * types on first use, as Numba's dispatcher does. result may be NULL to discard it. Type
 * errors are also recorded in the module's diagnostics. */
JITC_API jitc_status jitc_call(jitc_function *fn, const jitc_value *args, int nargs, jitc_result *result);
/* Releases the arrays a result holds and the items of its nested tuples and lists (no-op for a
 * result of scalars; safe to call twice). */
JITC_API void jitc_result_free(jitc_result *result);

/* Applies a @vectorize ufunc or a @guvectorize gufunc to inputs[0..nin), as NumPy applies
 * them: the loop is the first of its signatures that the input dtypes match exactly, else the
 * first they cast to safely (a @vectorize without signatures compiles one for them); inputs
 * broadcast together over their loop dimensions (arrays of any rank and strides, scalars);
 * JITC_INT64, JITC_FLOAT64 and JITC_BOOL scalars count as Python scalars, which take the dtype
 * of the arrays beside them when its kind fits (NEP 50: a Python float with a float32 array
 * stays float32). A gufunc's core dimensions (its layout, "(m,n),(n,p)->(m,p)") are the
 * trailing ones of each operand and must agree in size wherever a name repeats.
 *
 * jitc_ufunc_call writes into out, which must have the broadcast shape (then, for a gufunc,
 * the output's core dimensions) and the loop's output dtype or one it casts to under NumPy's
 * same_kind rule (float64 into float32, int64 into int32); jitc_ufunc_alloc allocates it:
 * free it with (*out)->deleter(*out). Both take ufuncs with one output.
 *
 * Targets: "cpu"; "parallel" splits the work over JITC_NUM_THREADS (or OMP_NUM_THREADS,
 * default all cores) threads; "cuda" takes arrays in host memory (copied to the device and,
 * for outputs, back) or device memory (used in place; a call on device arrays only is
 * asynchronous like a launch: jitc_synchronize waits for it), and jitc_ufunc_alloc puts the
 * output in device memory when some input is there. A device input the loop would have to
 * cast is JITC_ERR_TYPE. */
JITC_API jitc_status jitc_ufunc_call(jitc_function *fn, const jitc_value *inputs, int nin, DLTensor *out, jitc_result *result);
JITC_API jitc_status jitc_ufunc_alloc(jitc_function *fn, const jitc_value *inputs, int nin, DLManagedTensor **out,
                                      jitc_result *result);
/* A gufunc applied to all its operands, inputs then outputs (arrays, written in place), as in
 * Numba's f(a, b, out): the form for gufuncs with several outputs. */
JITC_API jitc_status jitc_gufunc_call(jitc_function *fn, const jitc_value *operands, int nops, jitc_result *result);

/* A @cuda.reduce function folded over a 1-D array (host memory, copied to the device, or
 * device memory) on the GPU, in one launch; the answer, of the array's dtype, lands in
 * result->value. init (may be NULL: 0) is folded in too, and is the answer for an empty
 * array, as in Numba. The function must be associative and commutative and return its
 * operands' type. Synchronous. */
JITC_API jitc_status jitc_reduce(jitc_function *fn, const jitc_value *array, const jitc_value *init, jitc_result *result);

/* Compiles fn for an explicit signature such as "float64(float64[:], int64)" (now, eagerly). */
JITC_API jitc_status jitc_function_compile(jitc_function *fn, const char *signature);

/* The typed fast path (Numba's @cfunc): a native function pointer for one signature, with the
 * C ABI of that signature: scalars as C scalars (bool, int8_t ... double), arrays as DLTensor*,
 * no return value as void, a returned array as a DLManagedTensor* (the caller's: release it
 * with its deleter), a returned tuple through one trailing out pointer per element (the
 * function then returns void). An exception raised inside (IndexError, ZeroDivisionError) is
 * printed on stderr and kept as the thread's last error (jitcrt_last_error of jitcrt.h, in libjitc too); the call
 * returns zero (NULL for an array; out pointers untouched). The pointer lives as long as the
 * module; `jitc build` objects export the same functions. */
JITC_API jitc_status jitc_function_pointer(jitc_function *fn, const char *signature, void **out);

/* The whole signature, "RET(ARG, ...)" in the types' signature names, of fn's specialization
 * for `signature` (which may give the parameter types alone, "(int64, float64[:])"), typed and
 * compiled now as jitc_function_compile does. *text is owned by the module. */
JITC_API jitc_status jitc_function_signature(jitc_function *fn, const char *signature, const char **text);
/* The specializations fn has so far, typed for argument types (by calls or signatures), as
 * Numba's dispatcher.signatures lists them: their count, and specialization i's whole signature
 * ("float64(float64[::1], int64)", owned by the module; NULL when out of range). */
JITC_API int jitc_function_specialization_count(const jitc_function *fn);
JITC_API const char *jitc_function_specialization(jitc_function *fn, int i);

/* A @vectorize or @guvectorize signature's inner loop, in the form NumPy's ufunc machinery drives
 * (PyUFuncGenericFunction): run by jitc_loop_run, for i < n, over operand k (inputs, then outputs)
 * at args[k] + i * steps[k], steps in bytes. @vectorize: out[i] = f(in0[i], ...), core unused
 * (NULL). @guvectorize: the body on views of each array operand's core dimensions, whose sizes
 * then byte strides core holds, operand after operand (ndim sizes, then ndim strides, for each
 * array operand in order). The loop lives as long as the module. An exception the body raises
 * stops the loop: jitc_loop_run returns JITC_ERR_RUNTIME with it in result (which may be NULL),
 * as jitc_call reports one. The signature is compiled now, as jitc_function_compile does;
 * JITC_ERR_ARGUMENT for a function of another kind. */
typedef struct jitc_loop jitc_loop;
JITC_API jitc_status jitc_function_loop(jitc_function *fn, const char *signature, jitc_loop **out);
JITC_API jitc_status jitc_loop_run(const jitc_loop *loop, char **args, int64_t n, const int64_t *steps,
                                   const int64_t *core, jitc_result *result);

typedef enum jitc_emit_kind {
    JITC_EMIT_IR,   /* jitc's typed IR (stable text, used by golden tests) */
    JITC_EMIT_LLVM, /* optimized LLVM IR of the module holding the specialization */
    JITC_EMIT_ASM,  /* host assembly */
    JITC_EMIT_PTX,  /* PTX of a @cuda.jit kernel, for the context's gpu_arch */
    JITC_EMIT_LLVM_RAW, /* LLVM IR as code generation made it, before optimization, without the
                           target's triple, data layout and CPU: the same on every CPU of one architecture */
} jitc_emit_kind;

/* Compiles fn for `signature` (NULL: its first explicit decorator signature) and returns its
 * code as text in *text, owned by the module, valid until jitc_module_destroy. */
JITC_API jitc_status jitc_function_emit(jitc_function *fn, const char *signature, jitc_emit_kind kind,
                                        const char **text);
/* The module's syntax tree as S-expressions (imports, constants, defs in source order) in *text,
 * owned by the module; with syntax errors, the tree of what parsed (bad statements left out). */
JITC_API jitc_status jitc_module_emit_ast(jitc_module *mod, const char **text);

/* ---- ahead of time: `jitc build` ---- */

typedef struct jitc_build_options {
    const char *cpu;          /* LLVM CPU name for host code; NULL: the build machine's CPU and
                                 features; "generic": any CPU of the architecture */
    const char *const *archs; /* GPU architectures to embed kernels' PTX for ("sm_80", ...) */
    int narchs;               /* 0: sm_80 alone (PTX runs on its architecture and later ones) */
} jitc_build_options;

/* Compiles every function of mod that has explicit signatures into one relocatable object at
 * object_path and, when header_path is not NULL, writes a C header declaring one function per
 * signature there (the header explains the names and conventions; see also include/jitcrt.h).
 * The object links against libjitcrt, not against jitc or LLVM. A function without signatures
 * is an error (JITC_ERR_TYPE, located in the module's diagnostics), except device
 * functions, which are compiled into the kernels that call them; @guvectorize, @cuda.reduce
 * and target="cuda" ufuncs are JITC_ERR_UNSUPPORTED; an unknown CPU or architecture is
 * JITC_ERR_ARGUMENT, an object or header that cannot be written JITC_ERR_IO. opts may be NULL. */
JITC_API jitc_status jitc_module_build(jitc_module *mod, const jitc_build_options *opts, const char *object_path,
                                       const char *header_path);

/* ---- the GPU ----
 * GPU calls load the CUDA driver (libcuda.so.1) on first use; without a driver or a device they
 * return JITC_ERR_NO_DEVICE with the reason in the result's message, and nothing else changes. */

typedef struct jitc_launch_config {
    unsigned grid[3];    /* blocks per grid; 0 counts as 1 */
    unsigned block[3];   /* threads per block; 0 counts as 1 */
    size_t shared_bytes; /* dynamic shared memory */
    void *stream;        /* a CUstream, or NULL for the default stream */
} jitc_launch_config;

/* Launches the @cuda.jit kernel fn over the grid, compiling it (PTX for the device's sm_XX,
 * loaded through the driver) on first use for the argument types, as Numba does. Arrays in
 * device memory (DLTensor device kDLCUDA) are passed as they are and the launch returns at
 * once; arrays in host memory are copied to the device and back after the kernel finished.
 * A fault in the kernel is reported as JITC_ERR_RUNTIME naming the kernel. */
JITC_API jitc_status jitc_launch(jitc_function *fn, const jitc_launch_config *cfg, const jitc_value *args, int nargs,
                                 jitc_result *result);
/* numba-cuda's kernel.forall(ntasks)(args): launches fn over ntasks threads, a 1-D grid of
 * ceil(ntasks / block) blocks, where block is cfg->block[0] when given (non-zero) and otherwise
 * the size of highest occupancy the driver computes for the kernel (at most 1024 threads), as
 * numba-cuda chooses it. cfg may be NULL; its grid is not used, its shared_bytes and stream are.
 * ntasks 0 launches nothing; a negative ntasks is JITC_ERR_ARGUMENT, as Numba's ValueError. */
JITC_API jitc_status jitc_launch_forall(jitc_function *fn, int64_t ntasks, const jitc_launch_config *cfg,
                                        const jitc_value *args, int nargs, jitc_result *result);
/* numba-cuda's max_cooperative_grid_blocks: the most blocks of cfg->block's threads (with its
 * shared_bytes) that a grid of fn, specialized for these arguments' types, can have with every
 * block resident at once, on the context's device. A kernel that syncs its grid
 * (cuda.cg.this_grid().sync()) needs that: jitc_launch launches it cooperatively and refuses
 * a larger grid with JITC_ERR_ARGUMENT. The arguments are only typed, not read. */
JITC_API jitc_status jitc_max_cooperative_grid_blocks(jitc_function *fn, const jitc_launch_config *cfg,
                                                      const jitc_value *args, int nargs, int64_t *blocks,
                                                      jitc_result *result);
/* Waits for the context's GPU work; JITC_ERR_RUNTIME (message in result) if a kernel faulted. */
JITC_API jitc_status jitc_synchronize(jitc_context *ctx, jitc_result *result);

typedef struct jitc_device_info {
    char name[256];
    int major, minor;       /* compute capability */
    int multiprocessors;
    size_t memory;          /* bytes */
} jitc_device_info;

/* The number of CUDA devices (0 without a driver: then JITC_ERR_NO_DEVICE, reason in why). */
JITC_API jitc_status jitc_device_count(int *count, char *why, size_t why_len);
/* Facts about device `ordinal`. */
JITC_API jitc_status jitc_device_get_info(int ordinal, jitc_device_info *info);

/* Device memory of the context's GPU: allocate, free, copy. Pointers are CUdeviceptr values. */
JITC_API jitc_status jitc_device_alloc(jitc_context *ctx, size_t bytes, void **dptr);
JITC_API jitc_status jitc_device_free(jitc_context *ctx, void *dptr);
JITC_API jitc_status jitc_copy_to_device(jitc_context *ctx, void *dst, const void *src, size_t bytes);
JITC_API jitc_status jitc_copy_to_host(jitc_context *ctx, void *dst, const void *src, size_t bytes);
/* From device memory to device memory of the context's GPU (the ranges must not overlap). */
JITC_API jitc_status jitc_copy_on_device(jitc_context *ctx, void *dst, const void *src, size_t bytes);
/* The free and total bytes of the context's GPU's memory, as the driver counts them now. */
JITC_API jitc_status jitc_device_memory_info(jitc_context *ctx, size_t *free_bytes, size_t *total_bytes);

/* Copies queued on a stream of the context's GPU (NULL: the default stream), in the order of
 * the stream's other work; the call returns before the copy is done where the driver can (host
 * memory that is page-locked: jitc_host_alloc or jitc_host_register), so wait for the stream
 * before reading or reusing the memory. JITC_ERR_ARGUMENT for an unknown kind. */
typedef enum jitc_copy_kind {
    JITC_COPY_TO_DEVICE, /* src in host memory, dst in device memory */
    JITC_COPY_TO_HOST,   /* src in device memory, dst in host memory */
    JITC_COPY_ON_DEVICE, /* both in device memory (the ranges must not overlap) */
} jitc_copy_kind;
JITC_API jitc_status jitc_copy_async(jitc_context *ctx, jitc_copy_kind kind, void *dst, const void *src,
                                     size_t bytes, void *stream);

/* Page-locked host memory, which the GPU reads and writes by DMA: copies of it can run
 * asynchronously and at the bus's full speed. JITC_HOST_MAPPED also maps it into the device's
 * address space (jitc_host_device_pointer gives its device address: kernels read and write the
 * host memory itself); JITC_HOST_PORTABLE makes it page-locked for every context;
 * JITC_HOST_WRITE_COMBINED makes it faster for the device to read and slow for the host to. */
enum { JITC_HOST_MAPPED = 1, JITC_HOST_PORTABLE = 2, JITC_HOST_WRITE_COMBINED = 4 };
/* Allocates bytes (at least 1) of it: JITC_ERR_NOMEM when the driver cannot. Free it with
 * jitc_host_free. */
JITC_API jitc_status jitc_host_alloc(jitc_context *ctx, size_t bytes, unsigned flags, void **host);
JITC_API jitc_status jitc_host_free(jitc_context *ctx, void *host);
/* Page-locks memory the caller allocated (JITC_HOST_MAPPED and JITC_HOST_PORTABLE apply), until
 * jitc_host_unregister; JITC_ERR_ARGUMENT where the driver refuses (memory already registered). */
JITC_API jitc_status jitc_host_register(jitc_context *ctx, void *host, size_t bytes, unsigned flags);
JITC_API jitc_status jitc_host_unregister(jitc_context *ctx, void *host);
/* The device address of mapped host memory (made with JITC_HOST_MAPPED; where the GPU has unified
 * addressing, as on every 64-bit platform CUDA supports now, all page-locked memory is), or
 * JITC_ERR_ARGUMENT for memory that is not. */
JITC_API jitc_status jitc_host_device_pointer(jitc_context *ctx, void *host, void **dptr);

/* Device memory shared between the processes of one machine (CUDA IPC), so that the GPUs of a
 * node copy into each other's memory directly, not through host memory (an MPI rank per GPU, say).
 * A handle names one allocation of jitc_device_alloc; its bytes mean the same in every process of
 * the machine, so send them as they are (a pipe, a file, an MPI message). */
typedef struct jitc_ipc_handle {
    unsigned char bytes[64]; /* the driver's CUipcMemHandle */
} jitc_ipc_handle;
/* The handle of the allocation that starts at dptr (as jitc_device_alloc gave it) on the
 * context's GPU. JITC_ERR_ARGUMENT for a NULL dptr or handle; JITC_ERR_RUNTIME where the driver
 * refuses (memory that is no allocation, a platform without CUDA IPC). */
JITC_API jitc_status jitc_ipc_export(jitc_context *ctx, void *dptr, jitc_ipc_handle *handle);
/* Maps the allocation that another process exported into the context's address space (the
 * driver opens no process's own handles) and gives its start there in *dptr: device memory that
 * jitc_copy_on_device and jitc_copy_async (JITC_COPY_ON_DEVICE) copy to and from, also where it
 * lies on another GPU of the machine (access to that peer is enabled as the mapping needs it).
 * Opened again in the same context, the same address comes back; close it once per open.
 * JITC_ERR_ARGUMENT for a NULL handle or dptr; JITC_ERR_RUNTIME where the driver refuses (a
 * handle of this process, a GPU this one cannot reach, a platform without CUDA IPC). */
JITC_API jitc_status jitc_ipc_open(jitc_context *ctx, const jitc_ipc_handle *handle, void **dptr);
/* Unmaps what jitc_ipc_open mapped; the exporter's memory stays. Close it before the exporter
 * frees the memory (the driver's behaviour is undefined otherwise), after the copies that use it
 * are done. JITC_ERR_ARGUMENT for a pointer that jitc_ipc_open did not give (NULL too). */
JITC_API jitc_status jitc_ipc_close(jitc_context *ctx, void *dptr);

/* numba.cuda.random's states: fills states, a C-contiguous uint64 tensor of shape (n, 2) that
 * the caller owns, with n xoroshiro128+ generator states, row i holding state i's (s0, s1), bit
 * for bit what numba-cuda's create_xoroshiro128p_states(n, seed, subsequence_start) makes (the
 * same bytes as its array of xoroshiro128p_dtype): state i is the seed's splitmix64 state
 * advanced (subsequence_start + i) * 2**64 steps. Pass the tensor to a kernel that draws with
 * xoroshiro128p_uniform_float32(states, i) and the like. In device memory (kDLCUDA) the states
 * are made by a kernel on the GPU, in host memory (kDLCPU) on the CPU's threads; the first call
 * in a context compiles that code. Synchronous. JITC_ERR_ARGUMENT for a tensor of another
 * dtype, shape or layout; result may be NULL (else its message says what failed). */
JITC_API jitc_status jitc_xoroshiro128p_states(jitc_context *ctx, DLTensor *states, uint64_t seed,
                                               uint64_t subsequence_start, jitc_result *result);

/* Streams (CUstream) and events (CUevent) of the context's GPU, for asynchronous launches and
 * for timing GPU work. Handles are the driver's; destroy what you create. */
JITC_API jitc_status jitc_stream_create(jitc_context *ctx, void **stream);
JITC_API jitc_status jitc_stream_synchronize(jitc_context *ctx, void *stream);
JITC_API jitc_status jitc_stream_destroy(jitc_context *ctx, void *stream);
JITC_API jitc_status jitc_event_create(jitc_context *ctx, void **event);
/* Records event on stream (NULL: the default stream). */
JITC_API jitc_status jitc_event_record(jitc_context *ctx, void *event, void *stream);
/* Waits for end and gives the GPU time between the two recorded events in milliseconds. */
JITC_API jitc_status jitc_event_elapsed_ms(jitc_context *ctx, void *start, void *end, float *ms);
/* Waits until the work before the event's last record is done. */
JITC_API jitc_status jitc_event_synchronize(jitc_context *ctx, void *event);
JITC_API jitc_status jitc_event_destroy(jitc_context *ctx, void *event);

#ifdef __cplusplus
}
#endif
#endif
