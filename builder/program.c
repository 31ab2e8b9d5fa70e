/* program.c — module-level resolution: imports, constants, decorators, signatures, and the
 * per-function table of specializations (program.h). */
#include "program.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/parser.h"
#include "frontend/strmap.h"

const char *ir_spec_symbol(const Spec *s) { return s->name; }
const char *ir_const_array_name(const ConstArray *a) { return a->name; }

/* A growing list of module items (module-level if flattened). */
typedef struct TopList_ {
    TopItem *items;
    int n, cap;
} TopList_;

void prog_free(Program *p)
{
    if (!p)
        return;
    for (int i = 0; i < p->nfuncs; i++)
        for (int k = 0; k < p->funcs[i]->nspecs; k++)
            arena_free(p->funcs[i]->specs[k]->ir_arena);
    for (int i = 0; i < p->noutlined; i++)
        for (int k = 0; k < p->outlined[i]->nspecs; k++)
            arena_free(p->outlined[i]->specs[k]->ir_arena);
    for (int i = 0; i < p->nlibrary; i++)
        for (int k = 0; k < p->library[i]->nspecs; k++)
            arena_free(p->library[i]->specs[k]->ir_arena);
}

/* The globals by name: the last binding of a name wins, as globals are only appended. The
 * index catches up on each lookup with what was appended since, wherever that happened. */
typedef struct GlobalIndex {
    StrMap names;
    int indexed; /* p->globals[0 .. indexed) are in names */
} GlobalIndex;

static const Global *indexed_global(const Program *p, const char *name, size_t len)
{
    GlobalIndex *x = p->index;
    for (; x->indexed < p->nglobals; x->indexed++)
        strmap_put(&x->names, p->arena, p->globals[x->indexed].name, x->indexed);
    int i = strmap_get_n(&x->names, name, len);
    return i >= 0 ? &p->globals[i] : NULL;
}

const Global *prog_global(const Program *p, const char *name) { return indexed_global(p, name, strlen(name)); }

/* name as the code of a scope sees it: the module's global (scope NULL), or the library's
 * ("SCOPE.NAME"). */
static const Global *global_in(const Program *p, const char *scope, const char *name)
{
    if (!scope)
        return prog_global(p, name);
    char key[256];
    int len = snprintf(key, sizeof key, "%s.%s", scope, name);
    if (len > 0 && (size_t)len < sizeof key)
        return indexed_global(p, key, (size_t)len);
    return indexed_global(p, arena_printf(p->arena, "%s.%s", scope, name), (size_t)len);
}

const Global *prog_lookup(const Program *p, const ProgFunc *f, const char *name)
{
    for (int i = 0; f && i < f->nbound; i++) /* a factory's parameter */
        if (strcmp(f->bound[i].name, name) == 0)
            return &f->bound[i];
    return global_in(p, f ? f->scope : NULL, name);
}

ProgFunc *prog_func(const Program *p, const char *name)
{
    const Global *g = prog_global(p, name);
    return g && g->kind == G_FUNC ? g->func : NULL;
}

static void bind(Program *p, Global g)
{
    if (p->scope) /* a library's name: out of the module's reach */
        g.name = arena_printf(p->arena, "%s.%s", p->scope, g.name);
    const Global *old = prog_global(p, g.name);
    /* `f = njit(f)` rebinds an undecorated def's name, as Python does */
    bool rebinds_plain_def = old && old->kind == G_PYFUNC && g.kind == G_FUNC;
    /* a def after a skipped statement that set its name (a module-level if jitc cannot decide) rebinds it */
    bool rebinds_skipped = old && old->kind == G_SKIPPED && g.kind == G_FUNC && old->loc.line < g.loc.line;
    if (old && (old->kind == G_FUNC || g.kind == G_FUNC) && !rebinds_plain_def && !rebinds_skipped) {
        diag_error(p->diag, g.loc, "'%s' is defined twice (first at line %d)", g.name,
                   old->loc.line);
        return;
    }
    ARR_PUSH(p->arena, p->globals, p->nglobals, p->capglobals, g);
}

/* ---- imports ---- */

typedef struct NameEntry {
    const char *name;
    int value;
} NameEntry;

static const NameEntry NUMBA_OBJECTS[] = {
    {"njit", NB_NJIT}, {"jit", NB_JIT}, {"vectorize", NB_VECTORIZE},
    {"guvectorize", NB_GUVECTORIZE}, {"prange", NB_PRANGE}, {"stencil", NB_STENCIL}, {NULL, 0},
};

/* Type names as numba.types spells them (signature strings see all of these). */
static const NameEntry TYPE_NAMES[] = {
    {"boolean", TY_BOOL}, {"bool_", TY_BOOL}, {"bool", TY_BOOL}, {"b1", TY_BOOL},
    {"int8", TY_INT8}, {"i1", TY_INT8}, {"int16", TY_INT16}, {"i2", TY_INT16},
    {"int32", TY_INT32}, {"i4", TY_INT32}, {"int64", TY_INT64}, {"i8", TY_INT64},
    {"intp", TY_INT64}, {"intc", TY_INT32}, {"int_", TY_INT64},
    {"uint8", TY_UINT8}, {"u1", TY_UINT8}, {"byte", TY_UINT8}, {"uint16", TY_UINT16},
    {"u2", TY_UINT16}, {"uint32", TY_UINT32}, {"u4", TY_UINT32}, {"uint64", TY_UINT64},
    {"u8", TY_UINT64}, {"uintp", TY_UINT64}, {"uintc", TY_UINT32},
    {"float16", TY_FLOAT16}, {"f2", TY_FLOAT16}, {"half", TY_FLOAT16},
    {"float32", TY_FLOAT32}, {"f4", TY_FLOAT32}, {"float64", TY_FLOAT64}, {"f8", TY_FLOAT64},
    {"float_", TY_FLOAT64}, {"double", TY_FLOAT64}, {"single", TY_FLOAT32},
    {"complex64", TY_COMPLEX64}, {"c8", TY_COMPLEX64}, {"csingle", TY_COMPLEX64},
    {"complex128", TY_COMPLEX128}, {"c16", TY_COMPLEX128}, {"complex_", TY_COMPLEX128}, {"cdouble", TY_COMPLEX128},
    {"void", TY_NONE}, {"none", TY_NONE}, {NULL, 0},
};

static int lookup_name(const NameEntry *table, const char *name)
{
    for (int i = 0; table[i].name; i++)
        if (strcmp(table[i].name, name) == 0)
            return i;
    return -1;
}

const Type *prog_type_name(const char *name)
{
    int i = lookup_name(TYPE_NAMES, name);
    return i < 0 ? NULL : ty_scalar((TypeKind)TYPE_NAMES[i].value);
}

static bool math_name(const char *name, IrMathFn *fn)
{
    for (int i = 0; i < IM_COUNT_; i++)
        if (strcmp(ir_math_name((IrMathFn)i), name) == 0 && i != IM_RINT) {
            *fn = (IrMathFn)i;
            return true;
        }
    return false;
}

bool prog_math_constant(const char *name, double *v)
{
    static const struct { const char *name; double v; } K[] = {
        {"pi", 3.141592653589793}, {"e", 2.718281828459045}, {"tau", 6.283185307179586},
        {"inf", __builtin_inf()}, {"nan", __builtin_nan("")},
    };
    for (size_t i = 0; i < sizeof K / sizeof K[0]; i++)
        if (strcmp(K[i].name, name) == 0) {
            *v = K[i].v;
            return true;
        }
    return false;
}

static bool non_kernel_module(const char *module);

/* The modules `import M` and `import M as N` take. `import a.b` binds a, as Python does. */
static void import_module(Program *p, const Import *im)
{
    const char *as = im->asnames[0];
    static const struct { const char *name; ModuleId id; } MODS[] = {
        {"math", MOD_MATH}, {"numpy", MOD_NUMPY}, {"numba", MOD_NUMBA}, {"numba.cuda", MOD_CUDA}, {"cmath", MOD_CMATH},
        {"numba.types", MOD_TYPES}, {"numba.core.types", MOD_TYPES}, {"numba.cuda.types", MOD_TYPES},
        {"random", MOD_PYRANDOM}, {"operator", MOD_OPERATOR}, {"cupy", MOD_CUPY},
    };
    if (strcmp(im->module, "numba.cuda.libdevice") == 0 && as) { /* as `from numba.cuda import libdevice` */
        bind(p, (Global){.name = as, .kind = G_CUDA, .loc = im->loc, .cuda = {"libdevice", false}});
        return;
    }
    if (strcmp(im->module, "numba.cuda.libdevice") == 0) { /* binds numba: numba.cuda.libdevice.NAME */
        bind(p, (Global){.name = "numba", .kind = G_MODULE, .loc = im->loc, .module = MOD_NUMBA});
        return;
    }
    for (size_t i = 0; i < sizeof MODS / sizeof MODS[0]; i++)
        if (strcmp(im->module, MODS[i].name) == 0) {
            const char *name = as ? as : im->module;
            if (!as && strchr(name, '.')) /* `import numba.cuda` binds numba */
                bind(p, (Global){.name = "numba", .kind = G_MODULE, .loc = im->loc, .module = MOD_NUMBA});
            else
                bind(p, (Global){.name = name, .kind = G_MODULE, .loc = im->loc, .module = MODS[i].id});
            return;
        }
    if (non_kernel_module(im->module)) { /* import numba.core.config: binds numba, as Python does */
        if (as)
            bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = im->loc, .origin = im->module});
        else
            bind(p, (Global){.name = "numba", .kind = G_MODULE, .loc = im->loc, .module = MOD_NUMBA});
        return;
    }
    /* Any other module (os, scipy, a relative `.x`): fine to import, an error where used. */
    size_t first = as ? strlen(im->module) : strcspn(im->module, ".");
    const char *bound = as ? as : arena_strndup(p->arena, im->module, first);
    bind(p, (Global){.name = bound, .kind = G_UNSUPPORTED, .loc = im->loc,
                     .origin = arena_printf(p->arena, "module %.*s", (int)first, im->module)});
}

/* numba.cuda's members that GPU code uses (its stubs, intrinsics and submodules); the builder
 * resolves them where they are used (build_cuda.c), and reports those jitc lacks there. */
static const char *const CUDA_DEVICE_NAMES[] = {
    "threadIdx", "blockIdx", "blockDim", "gridDim", "laneid", "warpsize", "grid", "gridsize",
    "syncthreads", "syncthreads_and", "syncthreads_count", "syncthreads_or", "syncwarp",
    "threadfence", "threadfence_block", "threadfence_system", "shared", "local", "const", "atomic",
    "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync", "all_sync", "any_sync",
    "eq_sync", "ballot_sync", "activemask", "lanemask_lt", "match_any_sync", "match_all_sync",
    "vote_sync_intrinsic", "selp", "popc", "brev", "clz", "ffs", "fma", "cbrt", "nanosleep",
    "ldca", "ldcg", "ldcs", "ldlu", "ldcv", "stcg", "stcs", "stwb", "stwt", "cg", "fp16", "bf16",
    "fp8", "libdevice", "random", "literal_unroll", "literal", "is_float16_supported", NULL,
};

/* numba.cuda's host API (api.py, device_init.py): real names, but for Python on the host. */
static const char *const CUDA_HOST_NAMES[] = {
    "to_device", "device_array", "device_array_like", "managed_array", "pinned_array",
    "pinned_array_like", "mapped_array", "mapped_array_like", "from_cuda_array_interface",
    "as_cuda_array", "is_cuda_array", "open_ipc_array", "synchronize", "stream", "default_stream",
    "legacy_default_stream", "per_thread_default_stream", "external_stream", "pinned", "mapped",
    "event", "select_device", "get_current_device", "list_devices", "close", "detect",
    "defer_cleanup", "is_available", "is_supported_version", "cuda_error",
    "is_bfloat16_supported", "is_fp8_supported", "declare_device", "In", "Out", "InOut",
    "compile", "compile_ptx", "compile_for_current_device", "compile_ptx_for_current_device",
    "compile_all", "CudaSupportError", "KernelRuntimeError", "runtime", "nvvm", "driver", "gpus",
    "config", "Archive", "CUSource", "Cubin", "Fatbin", "LinkableCode", "LTOIR", "Object",
    "PTXSource", NULL,
};

/* numba.types' names beyond the scalar types jitc has (TYPE_NAMES): importing them is fine,
 * using them is an error (G_UNSUPPORTED). UniTuple and Tuple work in signatures by name. */
static const char *const OTHER_TYPE_NAMES[] = {
    "bfloat16", "Array", "UniTuple",
    "Tuple", "NamedTuple", "NamedUniTuple", "Record", "List", "ListType", "DictType", "Optional",
    "optional", "Integer", "Float", "Complex", "Boolean", "Number", "NPDatetime", "NPTimedelta",
    "unicode_type", "string", "pyobject", "Any", "voidptr", "CPointer", "uint", "long_",
    "ulong", "longlong", "ulonglong", "short", "ushort", "char", "uchar", "slice2_type",
    "slice3_type", "range_type", "Dummy", "Type", "NoneType", "Omitted", "Literal",
    "IntegerLiteral", "BooleanLiteral", "StringLiteral", "size_t", "ssize_t", NULL,
};

/* numba's submodules and names that are not for kernels (numba/__init__.py): they import fine
 * and are errors where compiled code uses them (G_UNSUPPORTED), as numba.cuda's host API is. */
static const char *const NUMBA_SUBMODULES[] = {
    "config", "core", "cpython", "errors", "experimental", "extending", "misc", "np", "parfors",
    "stencils", "typed", "testing", "tests", "cext", "pycc", NULL,
};
static const char *const NUMBA_HOST_NAMES[] = {
    "cfunc", "jit_module", "objmode", "typeof", "from_dtype", "gdb", "gdb_breakpoint", "gdb_init",
    "get_num_threads", "set_num_threads", "get_thread_id", "get_parallel_chunksize",
    "set_parallel_chunksize", "parallel_chunksize", "deferred_type", "literal_unroll", "literally",
    "ffi", "ffi_forced_object", "generated_jit", "threading_layer", "test", "__version__",
    "ByteCodeSupportError", "CompilerError", "ConstantInferenceError", "DeprecationError",
    "ForbiddenConstruct", "ForceLiteralArg", "IRError", "InternalError",
    "InternalTargetMismatchError", "LiteralTypingError", "LoweringError", "NonexistentTargetError",
    "NotDefinedError", "NumbaAssertionError", "NumbaAttributeError", "NumbaDebugInfoWarning",
    "NumbaDeprecationWarning", "NumbaError", "NumbaExperimentalFeatureWarning",
    "NumbaIRAssumptionWarning", "NumbaIndexError", "NumbaInvalidConfigWarning", "NumbaKeyError",
    "NumbaNotImplementedError", "NumbaParallelSafetyWarning", "NumbaPedanticWarning",
    "NumbaPendingDeprecationWarning", "NumbaPerformanceWarning", "NumbaRuntimeError",
    "NumbaSystemWarning", "NumbaTypeError", "NumbaTypeSafetyWarning", "NumbaValueError",
    "NumbaWarning", "RedefinedError", "RequireLiteralValue", "TypingError",
    "UnsupportedBytecodeError", "UnsupportedError", "UnsupportedParforsError",
    "UnsupportedRewriteError", "UntypedAttributeError", "VerificationError", NULL,
};
/* numba.cuda's submodules (numba_cuda/numba/cuda/) other than types, random's device
 * functions aside: host machinery, not kernel code. */
static const char *const CUDA_SUBMODULES[] = {
    "api", "api_util", "args", "codegen", "compiler", "core", "cuda_paths", "cudadrv", "cudaimpl",
    "cudamath", "decorators", "descriptor", "device_init", "devicearray", "devices", "dispatcher",
    "errors", "extending", "initialize", "intrinsic_wrapper", "intrinsics", "kernels", "mathimpl",
    "models", "np", "nvvmutils", "printimpl", "reduction", "runtests", "simulator", "stubs",
    "target", "testing", "tests", "typing", "ufuncs", "utils", "vectorizers", "misc", "memory_management",
    NULL,
};

static bool in_list(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

/* numba.cuda's vector types: float32x4, int8x2, ... and CUDA's aliases float4, uchar2, ... */
static bool cuda_vector_type_name(const char *name)
{
    static const char *const TYPES[] = {"int8x", "int16x", "int32x", "int64x", "uint8x", "uint16x",
                                        "uint32x", "uint64x", "float16x", "float32x", "float64x",
                                        "char", "short", "int", "long", "longlong", "uchar", "ushort",
                                        "uint", "ulong", "ulonglong", "float", "double", NULL};
    for (int i = 0; TYPES[i]; i++) {
        size_t n = strlen(TYPES[i]);
        if (strncmp(name, TYPES[i], n) == 0 && name[n] >= '1' && name[n] <= '4' && !name[n + 1])
            return true;
    }
    return false;
}

/* A scalar type (G_TYPE), or a type name jitc lacks (G_UNSUPPORTED); false if numba.types has
 * no such name. */
static bool import_type_name(Program *p, const char *name, const char *as, SrcLoc loc, const char *origin)
{
    const Type *t = prog_type_name(name);
    if (t)
        bind(p, (Global){.name = as, .kind = G_TYPE, .loc = loc, .type = t});
    else if (in_list(OTHER_TYPE_NAMES, name))
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc, .origin = origin});
    else
        return false;
    return true;
}

static bool import_from_numba(Program *p, const char *name, const char *as, SrcLoc loc)
{
    int k;
    if (strcmp(name, "cuda") == 0)
        bind(p, (Global){.name = as, .kind = G_MODULE, .loc = loc, .module = MOD_CUDA});
    else if (strcmp(name, "types") == 0)
        bind(p, (Global){.name = as, .kind = G_MODULE, .loc = loc, .module = MOD_TYPES});
    else if ((k = lookup_name(NUMBA_OBJECTS, name)) >= 0)
        bind(p, (Global){.name = as, .kind = G_NUMBA, .loc = loc, .numba = (NumbaObj)NUMBA_OBJECTS[k].value});
    else if (in_list(NUMBA_SUBMODULES, name) || in_list(NUMBA_HOST_NAMES, name))
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc, .origin = "numba"});
    else
        return import_type_name(p, name, as, loc, "numba");
    return true;
}

/* `from numba.cuda import jit, grid, float32, types, ...`: numba.cuda re-exports numba.types. */
static bool import_from_cuda(Program *p, const char *name, const char *as, SrcLoc loc)
{
    static const NameEntry OBJECTS[] = {
        {"jit", NB_CUDA_JIT}, {"reduce", NB_CUDA_REDUCE}, {"Reduce", NB_CUDA_REDUCE},
        {"vectorize", NB_CUDA_VECTORIZE}, {"guvectorize", NB_CUDA_GUVECTORIZE}, {NULL, 0},
    };
    int k = lookup_name(OBJECTS, name);
    bool host = in_list(CUDA_HOST_NAMES, name);
    if (k >= 0)
        bind(p, (Global){.name = as, .kind = G_NUMBA, .loc = loc, .numba = (NumbaObj)OBJECTS[k].value});
    else if (strcmp(name, "types") == 0)
        bind(p, (Global){.name = as, .kind = G_MODULE, .loc = loc, .module = MOD_TYPES});
    else if (host || in_list(CUDA_DEVICE_NAMES, name) || cuda_vector_type_name(name))
        bind(p, (Global){.name = as, .kind = G_CUDA, .loc = loc, .cuda = {name, host}});
    else if (in_list(CUDA_SUBMODULES, name))
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc, .origin = "numba.cuda"});
    else
        return import_type_name(p, name, as, loc, "numba.cuda");
    return true;
}

static bool import_from_math(Program *p, const char *name, const char *as, SrcLoc loc)
{
    IrMathFn fn;
    double v;
    if (math_name(name, &fn))
        bind(p, (Global){.name = as, .kind = G_MATHFN, .loc = loc, .mathfn = fn});
    else if (prog_math_constant(name, &v))
        bind(p, (Global){.name = as, .kind = G_MATHCONST, .loc = loc, .fval = v});
    else
        return false;
    return true;
}

/* `from scipy.constants import c, e`: its numbers (scipy_constants.def), constants as math's are;
 * its other names import and are errors where used. */
static bool import_from_scipy_constants(Program *p, const char *name, const char *as, SrcLoc loc)
{
    static const struct { const char *name; double value; } CONSTS[] = {
#define SCIPY_CONST(n, v) {#n, v},
#include "builder/scipy_constants.def"
#undef SCIPY_CONST
    };
    for (size_t i = 0; i < sizeof CONSTS / sizeof CONSTS[0]; i++)
        if (strcmp(CONSTS[i].name, name) == 0) {
            bind(p, (Global){.name = as, .kind = G_MATHCONST, .loc = loc, .fval = CONSTS[i].value});
            return true;
        }
    bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc, .origin = "scipy.constants"});
    return true;
}

static bool import_from_types(Program *p, const char *name, const char *as, SrcLoc loc)
{
    return import_type_name(p, name, as, loc, "numba.types");
}

/* `from numba.core import types`: the only member of numba.core that krn code uses; the others
 * (config, errors, extending, ...) are the compiler's machinery, errors where used. */
static bool import_from_core(Program *p, const char *name, const char *as, SrcLoc loc)
{
    if (strcmp(name, "types") != 0)
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc, .origin = "numba.core"});
    else
        bind(p, (Global){.name = as, .kind = G_MODULE, .loc = loc, .module = MOD_TYPES});
    return true;
}

/* What numba.cuda.random's state record names are bound to (G_UNSUPPORTED outside signatures):
 * xoroshiro128p_dtype, the record dtype [("s0", uint64), ("s1", uint64)], and xoroshiro128p_type,
 * its Numba type, which signatures take (states_record_expr). */
static const char RANDOM_STATE_DTYPE[] = "numba.cuda.random; jitc takes it only as from_dtype(xoroshiro128p_dtype) "
                                         "in a signature";
static const char RANDOM_STATE_TYPE[] = "numba.cuda.random; jitc takes it only in a signature: xoroshiro128p_type[::1] "
                                        "is jitc's states, uint64[:, ::1]";

/* `from numba.cuda.random import xoroshiro128p_uniform_float32, ...`: the functions of the
 * library random.c loads (numba.cuda.random's, in krn); its host API (create_xoroshiro128p_states,
 * ...) imports fine and is an error where used. */
static bool import_from_random(Program *p, const char *name, const char *as, SrcLoc loc)
{
    const Global *g = prog_random_member(p, name, loc), *old = prog_global(p, as);
    if (g && old && old->kind == G_FUNC && old->func == g->func) /* imported again */
        return true;
    if (g)
        bind(p, (Global){.name = as, .kind = G_FUNC, .loc = loc, .func = g->func});
    else if (strcmp(name, "xoroshiro128p_dtype") == 0 || strcmp(name, "xoroshiro128p_type") == 0)
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc,
                         .origin = name[14] == 'd' ? RANDOM_STATE_DTYPE : RANDOM_STATE_TYPE});
    else if (prog_random_host_name(name))
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc,
                         .origin = "numba.cuda.random, host code: jitc makes states with jitc_xoroshiro128p_states() "
                                   "or a `xoroshiro128p:N:SEED` argument of jitc launch"});
    else
        return false;
    return true;
}

/* `from numba.cuda.libdevice import sinf, sincosf`: each name is cuda.libdevice.NAME where it is used. */
static bool import_from_libdevice(Program *p, const char *name, const char *as, SrcLoc loc)
{
    if (ir_libdevice_find(name) < 0)
        return false;
    bind(p, (Global){.name = as, .kind = G_CUDA, .loc = loc, .cuda = {arena_printf(p->arena, "libdevice.%s", name), false}});
    return true;
}

/* A numba module that holds nothing for kernels: numba.errors, numba.core.config,
 * numba.cuda.cudadrv.driver, numba.cuda.random, ... (any module below one of numba's or
 * numba.cuda's submodules of NUMBA_SUBMODULES and CUDA_SUBMODULES, or below numba.core). */
static bool non_kernel_module(const char *module)
{
    static const struct { const char *prefix; const char *const *submodules; } PACKAGES[] = {
        {"numba.cuda.", CUDA_SUBMODULES}, {"numba.", NUMBA_SUBMODULES},
    };
    static const char *const RANDOM[] = {"random", NULL}; /* `import numba.cuda.random` binds numba */
    for (size_t i = 0; i < sizeof PACKAGES / sizeof PACKAGES[0]; i++) {
        size_t n = strlen(PACKAGES[i].prefix);
        if (strncmp(module, PACKAGES[i].prefix, n) != 0)
            continue;
        char first[64];
        size_t len = strcspn(module + n, ".");
        if (len >= sizeof first)
            return false;
        memcpy(first, module + n, len);
        first[len] = 0;
        return in_list(PACKAGES[i].submodules, first) || (i == 0 && in_list(RANDOM, first));
    }
    return false;
}

/* numba.extending's intrinsic, told from the rest of it by this origin's address: a function it
 * decorates is skipped (add_function), an error where compiled code uses it. */
static const char NUMBA_INTRINSIC[] = "numba.extending";

/* `from numba.extending import register_jitable`; the rest of numba.extending (overload,
 * intrinsic, ...) is the compiler's machinery, an error where used. */
static bool import_from_extending(Program *p, const char *name, const char *as, SrcLoc loc)
{
    if (strcmp(name, "register_jitable") == 0)
        bind(p, (Global){.name = as, .kind = G_NUMBA, .loc = loc, .numba = NB_REGISTER_JITABLE});
    else
        bind(p, (Global){.name = as, .kind = G_UNSUPPORTED, .loc = loc,
                         .origin = strcmp(name, "intrinsic") == 0 ? NUMBA_INTRINSIC : "numba.extending"});
    return true;
}

/* `from numpy import cos, float64`, and from numpy.linalg, numpy.random, cmath and random: each
 * name is what MODULE.NAME is where it is used (a type name is a type, for signatures too). */
static bool import_members(Program *p, const Import *im)
{
    static const struct { const char *name; ModuleId id; } MODS[] = {
        {"numpy", MOD_NUMPY}, {"numpy.linalg", MOD_LINALG}, {"numpy.random", MOD_NPRANDOM},
        {"cmath", MOD_CMATH}, {"random", MOD_PYRANDOM}, {"operator", MOD_OPERATOR},
    };
    size_t m = 0;
    while (m < sizeof MODS / sizeof MODS[0] && strcmp(MODS[m].name, im->module) != 0)
        m++;
    if (m == sizeof MODS / sizeof MODS[0])
        return false;
    for (int i = 0; i < im->nnames; i++) {
        const char *name = im->names[i], *as = im->asnames[i] ? im->asnames[i] : name;
        SrcLoc loc = im->name_locs ? im->name_locs[i] : im->loc;
        const Type *t = MODS[m].id == MOD_NUMPY ? prog_type_name(name) : NULL;
        if (t && t->kind != TY_NONE)
            bind(p, (Global){.name = as, .kind = G_TYPE, .loc = loc, .type = t});
        else
            bind(p, (Global){.name = as, .kind = G_MEMBER, .loc = loc, .member = {MODS[m].id, name}});
    }
    return true;
}

static void import_from(Program *p, const Import *im)
{
    static const struct {
        const char *module;
        bool (*import)(Program *, const char *, const char *, SrcLoc);
    } FROM[] = {
        {"numba", import_from_numba}, {"math", import_from_math}, {"numba.cuda", import_from_cuda},
        {"numba.types", import_from_types}, {"numba.core.types", import_from_types},
        {"numba.cuda.types", import_from_types}, {"numba.core", import_from_core},
        {"numba.cuda.random", import_from_random}, {"numba.extending", import_from_extending},
        {"numba.cuda.libdevice", import_from_libdevice},
        {"scipy.constants", import_from_scipy_constants},
    };
    static const char *const FUTURE[] = {"print_function", "absolute_import", "division", "unicode_literals",
                                         "generators", "nested_scopes", "with_statement", "generator_stop",
                                         "annotations", NULL};
    if (strcmp(im->module, "__future__") == 0) { /* Python 3 has them all: nothing to bind */
        for (int i = 0; i < im->nnames; i++)
            if (!in_list(FUTURE, im->names[i]))
                diag_error(p->diag, im->name_locs ? im->name_locs[i] : im->loc, "future feature %s is not defined",
                           im->names[i]);
        return;
    }
    if (import_members(p, im))
        return;
    size_t m = 0;
    while (m < sizeof FROM / sizeof FROM[0] && strcmp(FROM[m].module, im->module) != 0)
        m++;
    if (m == sizeof FROM / sizeof FROM[0] && (non_kernel_module(im->module) || strncmp(im->module, "numba", 5) != 0)) {
        for (int i = 0; i < im->nnames; i++) /* any name: jitc does not know these modules' contents */
            bind(p, (Global){.name = im->asnames[i] ? im->asnames[i] : im->names[i], .kind = G_UNSUPPORTED,
                             .loc = im->name_locs ? im->name_locs[i] : im->loc, .origin = im->module});
        return;
    }
    if (m == sizeof FROM / sizeof FROM[0]) {
        diag_error(p->diag, im->loc,
                   "cannot import from '%s': krn code can import only from math, numba, numba.cuda and numba.types",
                   im->module);
        return;
    }
    for (int i = 0; i < im->nnames; i++) {
        const char *name = im->names[i], *as = im->asnames[i] ? im->asnames[i] : name;
        SrcLoc loc = im->name_locs ? im->name_locs[i] : im->loc;
        if (!FROM[m].import(p, name, as, loc))
            diag_error(p->diag, loc, "cannot import '%s' from %s", name, im->module);
    }
}

/* ---- decorators ---- */

/* The module a name or a dotted name stands for: np, cuda, numba.cuda, numba.types,
 * cuda.types, numba.cuda.types; false if it is not one. */
static bool module_expr(const Program *p, const Expr *e, ModuleId *out)
{
    if (e->kind == EX_NAME) {
        const Global *g = global_in(p, p->scope, e->name);
        if (!g || g->kind != G_MODULE)
            return false;
        *out = g->module;
        return true;
    }
    ModuleId base;
    if (e->kind != EX_ATTR || !module_expr(p, e->attr.value, &base))
        return false;
    if (base == MOD_NUMBA && strcmp(e->attr.name, "cuda") == 0)
        *out = MOD_CUDA;
    else if ((base == MOD_NUMBA || base == MOD_CUDA) && strcmp(e->attr.name, "types") == 0)
        *out = MOD_TYPES;
    else
        return false;
    return true;
}

/* numba.extending.register_jitable written out: `numba.extending.register_jitable`, or
 * `extending.register_jitable` after `from numba import extending`. */
static bool register_jitable_expr(const Program *p, const Expr *e)
{
    if (e->kind != EX_ATTR || strcmp(e->attr.name, "register_jitable") != 0)
        return false;
    const Expr *v = e->attr.value;
    ModuleId m;
    if (v->kind == EX_ATTR && strcmp(v->attr.name, "extending") == 0)
        return module_expr(p, v->attr.value, &m) && m == MOD_NUMBA;
    const Global *g = v->kind == EX_NAME ? global_in(p, p->scope, v->name) : NULL;
    return g && g->kind == G_UNSUPPORTED && strcmp(g->origin, "numba") == 0 && strcmp(v->name, "extending") == 0;
}

/* Which numba object a decorator expression names (njit, numba.njit, cuda.jit, ...). */
static bool decorator_object(const Program *p, const Expr *e, NumbaObj *out)
{
    if (e->kind == EX_NAME) {
        const Global *g = global_in(p, p->scope, e->name);
        if (g && g->kind == G_NUMBA) {
            *out = g->numba;
            return true;
        }
        return false;
    }
    if (register_jitable_expr(p, e)) {
        *out = NB_REGISTER_JITABLE;
        return true;
    }
    ModuleId m;
    if (e->kind != EX_ATTR || !module_expr(p, e->attr.value, &m))
        return false;
    const char *a = e->attr.name;
    if (m == MOD_CUDA && strcmp(a, "jit") == 0)
        *out = NB_CUDA_JIT;
    else if (m == MOD_CUDA && (strcmp(a, "reduce") == 0 || strcmp(a, "Reduce") == 0))
        *out = NB_CUDA_REDUCE;
    else if (m == MOD_CUDA && (strcmp(a, "vectorize") == 0 || strcmp(a, "guvectorize") == 0))
        *out = a[0] == 'v' ? NB_CUDA_VECTORIZE : NB_CUDA_GUVECTORIZE;
    else if (m == MOD_NUMBA && lookup_name(NUMBA_OBJECTS, a) >= 0)
        *out = (NumbaObj)NUMBA_OBJECTS[lookup_name(NUMBA_OBJECTS, a)].value;
    else
        return false;
    return true;
}

static const Expr *decorator_arg(const Program *p, const Expr *e);

/* A decorator call's keywords, `**OPTS` replaced by the items of the dict OPTS names (a
 * module-level constant `{"fastmath": True, "parallel": False}`, or a dict written there). */
static const Keyword *decorator_keywords(Program *p, const Expr *call, int *n)
{
    Keyword *out = NULL;
    int cap = 0;
    *n = 0;
    for (int i = 0; i < call->call.nkws; i++) {
        const Keyword *kw = &call->call.kws[i];
        if (strcmp(kw->name, "**") != 0) {
            ARR_PUSH(p->arena, out, *n, cap, *kw);
            continue;
        }
        const Expr *d = decorator_arg(p, kw->value);
        if (d->kind != EX_LIST || !d->seq.dict) {
            diag_error(p->diag, kw->value->loc, "'**' in a decorator takes a dict of options (a module-level constant)");
            continue;
        }
        for (int k = 0; k < d->seq.n; k++) {
            const Expr *key = d->seq.items[k]->seq.items[0];
            if (key->kind != EX_STR) {
                diag_error(p->diag, key->loc, "a decorator option's name is a string");
                continue;
            }
            Keyword item = {.name = key->str, .loc = kw->loc, .value = d->seq.items[k]->seq.items[1]};
            ARR_PUSH(p->arena, out, *n, cap, item);
        }
    }
    return out;
}

/* A decorator argument as written, or the value of the module-level constant it names
 * (SIGS = ["float64(float64)", ...] then @vectorize(SIGS), as Python evaluates it). */
static const Expr *decorator_arg(const Program *p, const Expr *e)
{
    for (int depth = 0; depth < 8 && e->kind == EX_NAME; depth++) {
        const Global *g = global_in(p, p->scope, e->name);
        if (!g || g->kind != G_CONST)
            break;
        e = g->expr;
    }
    return e;
}

/* Whether an expression is one signature written as a call: float32(float32), void(int64[:]);
 * UniTuple(...), Tuple(...) and the container types are types. */
static bool signature_call(const Expr *e)
{
    if (e->kind != EX_CALL)
        return false;
    const Expr *f = e->call.func;
    const char *name = f->kind == EX_NAME ? f->name : f->kind == EX_ATTR ? f->attr.name : "";
    static const char *const TYPES[] = {"UniTuple", "Tuple", "List", "ListType", "Set", "DictType"};
    for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (strcmp(name, TYPES[i]) == 0)
            return false;
    return true;
}

/* A tuple is one signature, its argument types (`@cuda.jit((int64[:], int64))`, as numba's
 * is_signature reads it), unless it holds signatures: strings, calls such as float32(float32),
 * or tuples of argument types, which make it a list of signatures as a list would. */
static bool signature_list(const Program *p, const Expr *e)
{
    if (e->kind == EX_LIST)
        return true;
    if (e->kind != EX_TUPLE || e->seq.n == 0)
        return false;
    for (int i = 0; i < e->seq.n; i++) {
        const Expr *item = decorator_arg(p, e->seq.items[i]);
        if (item->kind != EX_STR && item->kind != EX_TUPLE && item->kind != EX_LIST &&
            !signature_call(item))
            return false;
    }
    return true;
}

static void add_signature(Program *p, ProgFunc *f, const Expr *e)
{
    e = decorator_arg(p, e);
    if (signature_list(p, e)) {
        for (int i = 0; i < e->seq.n; i++)
            add_signature(p, f, e->seq.items[i]);
        return;
    }
    if (e->kind == EX_STR) {
        Expr *parsed = parse_expr_string(p->arena, p->diag, e->str, e->loc);
        if (!parsed)
            return;
        e = parsed;
    }
    const Type **params;
    int n;
    const Type *ret;
    if (!prog_signature(p, e, &params, &n, &ret))
        return;
    const Expr **grown = arena_alloc(p->arena, sizeof *grown * (size_t)(f->nsigs + 1));
    if (f->nsigs)
        memcpy(grown, f->sigs, sizeof *grown * (size_t)f->nsigs);
    grown[f->nsigs++] = e;
    f->sigs = grown;
}

static void unknown_type(Program *p, const Expr *e);

/* An option's value: any module-level constant expression (`parallel=run_parallel`,
 * `parallel=numba.config.NUMBA_NUM_THREADS > 1`), as Python evaluates it (modconst.c). */
static bool const_bool(Program *p, const Keyword *kw, bool *out);

/* boundscheck=True or False decides; None leaves the default (checked on the host). */
static void boundscheck_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    if (kw->value->kind == EX_NONE)
        return;
    o->boundscheck_given = const_bool(p, kw, &o->boundscheck);
}

static bool const_bool(Program *p, const Keyword *kw, bool *out)
{
    ConstValue v = {.kind = KV_BOOL};
    if (prog_const_value(p, kw->value, &v) && (v.kind == KV_BOOL || v.kind == KV_INT)) {
        *out = v.kind == KV_BOOL ? v.b : v.i != 0;
        return true;
    }
    diag_error(p->diag, kw->value->loc, "option '%s' takes True or False (or a module-level constant that is one)",
               kw->name);
    return false;
}

/* cache= only asks for the on-disk cache: a value jitc cannot compute (a setting of the package
 * the code comes from, `cache=config.CACHE`) leaves the cache as JITC_CACHE says, with a warning,
 * rather than failing the function. */
static void cache_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    ConstValue v = {.kind = KV_BOOL};
    if (prog_const_value(p, kw->value, &v) && (v.kind == KV_BOOL || v.kind == KV_INT)) {
        o->cache = v.kind == KV_BOOL ? v.b : v.i != 0;
        return;
    }
    diag_report(p->diag, DIAG_WARNING, kw->value->loc,
                "jitc cannot compute option 'cache' here: the on-disk cache is used as JITC_CACHE says");
}

static bool const_str(Program *p, const Keyword *kw, const char **out)
{
    ConstValue v = {.kind = KV_BOOL};
    if (prog_const_value(p, kw->value, &v) && v.kind == KV_STR) {
        *out = v.s;
        return true;
    }
    diag_error(p->diag, kw->value->loc, "option '%s' takes a string", kw->name);
    return false;
}

/* fastmath=True/False, or a set of LLVM's fast-math flags as Numba takes them:
 * fastmath={'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc'} ('fast' is all). */
static void fastmath_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    static const struct { const char *name; unsigned bit; } FLAGS[] = {
        {"reassoc", 1u << 0}, {"nnan", 1u << 1}, {"ninf", 1u << 2}, {"nsz", 1u << 3},
        {"arcp", 1u << 4}, {"contract", 1u << 5}, {"afn", 1u << 6}, {"fast", 0x7f},
    };
    ConstValue v = {.kind = KV_BOOL};
    if (!prog_const_value(p, kw->value, &v) || v.kind != KV_SEQ) {
        const_bool(p, kw, &o->fastmath);
        return;
    }
    o->fastmath_flags = 0;
    for (int i = 0; i < v.seq->seq.n; i++) {
        ConstValue f = {.kind = KV_BOOL};
        size_t k = 0;
        if (prog_const_value(p, v.seq->seq.items[i], &f) && f.kind == KV_STR)
            while (k < sizeof FLAGS / sizeof FLAGS[0] && strcmp(FLAGS[k].name, f.s) != 0)
                k++;
        if (f.kind != KV_STR || k == sizeof FLAGS / sizeof FLAGS[0]) {
            diag_error(p->diag, v.seq->seq.items[i]->loc, "fastmath flags are 'nnan', 'ninf', 'nsz', 'arcp', "
                       "'contract', 'afn', 'reassoc' and 'fast'");
            continue;
        }
        o->fastmath_flags |= FLAGS[k].bit;
    }
    o->fastmath = o->fastmath_flags != 0; /* an empty set is no fast-math */
}

/* error_model='python' (the default: division by zero raises ZeroDivisionError) or 'numpy'
 * (it gives inf, nan, or 0 for integers, and raises nothing). */
static void error_model_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    const char *s = NULL;
    if (!const_str(p, kw, &s))
        return;
    if (strcmp(s, "python") != 0 && strcmp(s, "numpy") != 0)
        diag_error(p->diag, kw->value->loc, "error_model is 'python' or 'numpy', not '%s'", s);
    o->error_model_numpy = strcmp(s, "numpy") == 0;
}

/* locals={'x': float64, ...}: each assignment to x converts the value to that type, as Numba
 * types the variable (builder/build.c, bld_assign_var). */
static void locals_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    const Expr *d = decorator_arg(p, kw->value);
    bool ok = d->kind == EX_LIST;
    for (int i = 0; ok && i < d->seq.n; i++)
        ok = d->seq.items[i]->kind == EX_TUPLE && d->seq.items[i]->seq.n == 2 &&
             d->seq.items[i]->seq.items[0]->kind == EX_STR;
    if (!ok) {
        diag_error(p->diag, kw->value->loc, "locals= takes a dict of variable names and types: locals={'x': float64}");
        return;
    }
    o->local_names = arena_alloc(p->arena, sizeof *o->local_names * (size_t)(d->seq.n + 1));
    o->local_types = arena_alloc(p->arena, sizeof *o->local_types * (size_t)(d->seq.n + 1));
    for (int i = 0; i < d->seq.n; i++) {
        const Expr *ty = d->seq.items[i]->seq.items[1];
        const Type *t = prog_type_expr(p, ty);
        if (!t || t->kind == TY_NONE) {
            unknown_type(p, ty);
            continue;
        }
        o->local_names[o->nlocal_types] = d->seq.items[i]->seq.items[0]->str;
        o->local_types[o->nlocal_types++] = t;
    }
}

/* Options Numba's CPU decorators take that change nothing jitc makes (docs/language.md): the GIL
 * is never held (nogil), loops are never lifted into object mode (looplift), debug info and
 * the `locals` types are not used, `_nrt` and `no_rewrites` are internal. */
static bool inert_cpu_option(Program *p, FuncOptions *o, const Keyword *kw)
{
    static const char *const INERT[] = {"nogil", "looplift", "debug", "no_rewrites", "_nrt", "no_cfunc_wrapper",
                                        "no_cpython_wrapper", NULL};
    bool b;
    if (strcmp(kw->name, "locals") == 0)
        return locals_option(p, o, kw), true;
    if (strcmp(kw->name, "forceobj") == 0) {
        if (const_bool(p, kw, &b) && b)
            diag_error(p->diag, kw->value->loc, "object mode (forceobj=True) is not supported by jitc");
        return true;
    }
    if (!in_list(INERT, kw->name))
        return false;
    const_bool(p, kw, &b);
    return true;
}

/* Applies one keyword option of a decorator; false if unknown for this decorator. */
static bool apply_option(Program *p, ProgFunc *f, NumbaObj obj, const Keyword *kw)
{
    FuncOptions *o = &f->opts;
    const char *n = kw->name;
    bool b;
    if (strcmp(n, "fastmath") == 0)
        return fastmath_option(p, o, kw), true;
    if (strcmp(n, "cache") == 0)
        return cache_option(p, o, kw), true;
    if ((obj == NB_NJIT || obj == NB_JIT || obj == NB_VECTORIZE || obj == NB_GUVECTORIZE) && inert_cpu_option(p, o, kw))
        return true;
    if (strcmp(n, "nopython") == 0 || strcmp(n, "nogil") == 0) {
        if (const_bool(p, kw, &b) && !b && strcmp(n, "nopython") == 0)
            diag_error(p->diag, kw->value->loc, "object mode (nopython=False) is not supported by jitc");
        return true;
    }
    if (strcmp(n, "boundscheck") == 0 && (obj == NB_CUDA_JIT || obj == NB_NJIT || obj == NB_JIT))
        return boundscheck_option(p, o, kw), true; /* GPU indices are checked too: language.md */
    if (obj == NB_NJIT || obj == NB_JIT) {
        if (strcmp(n, "parallel") == 0)
            return const_bool(p, kw, &o->parallel), true;
        if (strcmp(n, "error_model") == 0)
            return error_model_option(p, o, kw), true;
    }
    if (strcmp(n, "inline") == 0 && obj != NB_VECTORIZE && obj != NB_GUVECTORIZE) {
        const char *s = NULL;
        if (kw->value->kind == EX_BOOL)
            o->inline_always = kw->value->bval;
        else if (const_str(p, kw, &s))
            o->inline_always = strcmp(s, "always") == 0;
        return true;
    }
    if (obj == NB_CUDA_JIT) {
        if (strcmp(n, "device") == 0) {
            if (const_bool(p, kw, &b))
                f->kind = b ? FK_CUDA_DEVICE : FK_CUDA_KERNEL;
            return true;
        }
        if (strcmp(n, "debug") == 0 || strcmp(n, "lineinfo") == 0 || strcmp(n, "opt") == 0 || strcmp(n, "lto") == 0)
            return const_bool(p, kw, &b), true;
        if (strcmp(n, "max_registers") == 0) { /* .maxnreg in the PTX, as numba-cuda asks NVVM */
            ConstValue v = {.kind = KV_BOOL};
            if (kw->value->kind == EX_NONE)
                return true;
            if (prog_const_value(p, kw->value, &v) && v.kind == KV_INT && v.i > 0 && v.i <= 255)
                o->max_registers = (int)v.i;
            else
                diag_error(p->diag, kw->value->loc, "option 'max_registers' takes an integer from 1 to 255 (or None)");
            return true;
        }
        if (strcmp(n, "launch_bounds") == 0 || strcmp(n, "extensions") == 0)
            return true;
        if (strcmp(n, "forceinline") == 0) { /* numba-cuda: alwaysinline at the NVVM level */
            if (const_bool(p, kw, &b) && b)
                o->inline_always = true;
            return true;
        }
        if (strcmp(n, "link") == 0) {
            bool none = (kw->value->kind == EX_LIST || kw->value->kind == EX_TUPLE) && kw->value->seq.n == 0;
            if (!none)
                diag_error(p->diag, kw->value->loc,
                           "link=: linking external code (PTX, CUDA C/C++, cubins) into a kernel is not supported by jitc");
            return true;
        }
    }
    if (obj == NB_VECTORIZE || obj == NB_GUVECTORIZE) {
        if (strcmp(n, "target") == 0) {
            if (const_str(p, kw, &o->target) && strcmp(o->target, "cpu") != 0 && strcmp(o->target, "parallel") != 0 &&
                strcmp(o->target, "cuda") != 0)
                diag_error(p->diag, kw->value->loc, "unknown target '%s': ufuncs run on 'cpu', 'parallel' or 'cuda'",
                           o->target);
            return true;
        }
        if (strcmp(n, "identity") == 0 || strcmp(n, "writable_args") == 0)
            return true;
    }
    return false;
}

static const char *numba_obj_name(NumbaObj o)
{
    static const char *const names[] = {"njit", "jit", "vectorize", "guvectorize", "prange",
                                        "cuda.jit", "cuda.reduce", "cuda.vectorize", "cuda.guvectorize",
                                        "stencil", "register_jitable"};
    return names[o];
}

static FuncKind kind_of(NumbaObj obj)
{
    switch (obj) {
    case NB_CUDA_JIT: return FK_CUDA_KERNEL;
    case NB_VECTORIZE: return FK_VECTORIZE;
    case NB_GUVECTORIZE: return FK_GUVECTORIZE;
    case NB_CUDA_REDUCE: return FK_CUDA_REDUCE;
    default: return FK_HOST;
    }
}

static void set_layout(Program *p, ProgFunc *f, const Expr *text)
{
    const char *why = NULL;
    if (!(f->layout = gu_layout_parse(p->arena, text->str, &why)))
        diag_error(p->diag, text->loc, "bad @guvectorize layout '%s': %s", text->str, why);
}

/* Positional arguments: signatures, and for guvectorize the layout string after them. */
static void apply_positional(Program *p, ProgFunc *f, NumbaObj obj, const Expr *const *args, int n)
{
    for (int i = 0; i < n; i++) {
        const Expr *a = decorator_arg(p, args[i]);
        if (obj == NB_GUVECTORIZE && a->kind == EX_STR && (i == 1 || (n == 1 && a->str[0] == '(')))
            set_layout(p, f, a); /* alone: a dynamic gufunc, compiled for the types it is called with */
        else if (obj == NB_PRANGE || obj == NB_CUDA_REDUCE)
            diag_error(p->diag, a->loc, "%s takes no arguments here", numba_obj_name(obj));
        else
            add_signature(p, f, a);
    }
}

static const char *decorator_root(const Expr *d);

static void apply_decorator(Program *p, ProgFunc *f, const Expr *d, bool *seen)
{
    const Expr *callee = d->kind == EX_CALL ? d->call.func : d;
    NumbaObj obj;
    const char *root = decorator_root(d);
    const Global *rg = root ? global_in(p, p->scope, root) : NULL;
    if (!decorator_object(p, callee, &obj) && rg && rg->kind == G_UNSUPPORTED) { /* @cfunc, @generated_jit, ... */
        diag_error(p->diag, d->loc, "the decorator '%s' (imported from %s) is not supported by jitc", root, rg->origin);
        return;
    }
    if (!decorator_object(p, callee, &obj) || obj == NB_PRANGE) {
        diag_error(p->diag, d->loc,
                   "unknown decorator: krn functions take @njit, @jit, @cuda.jit, @vectorize, "
                   "@guvectorize or @cuda.reduce");
        return;
    }
    if (*seen) {
        diag_error(p->diag, d->loc, "a function takes one compiling decorator");
        return;
    }
    *seen = true;
    if (obj == NB_REGISTER_JITABLE) /* a plain function made callable from compiled code: njit's options */
        obj = NB_NJIT;
    if (obj == NB_CUDA_VECTORIZE || obj == NB_CUDA_GUVECTORIZE) { /* numba.cuda's ufuncs run on the GPU */
        f->opts.target = "cuda";
        obj = obj == NB_CUDA_VECTORIZE ? NB_VECTORIZE : NB_GUVECTORIZE;
    }
    f->kind = kind_of(obj);
    if (obj == NB_STENCIL) {
        prog_stencil_decorate(p, f, d);
        return;
    }
    if (d->kind != EX_CALL) {
        if (obj == NB_GUVECTORIZE)
            diag_error(p->diag, d->loc, "@guvectorize takes a list of signatures and a layout such as \"(n),(n)->()\"");
        return;
    }
    apply_positional(p, f, obj, (const Expr *const *)d->call.args, d->call.nargs);
    int nkws;
    const Keyword *kws = decorator_keywords(p, d, &nkws);
    for (int i = 0; i < nkws; i++)
        if (strcmp(kws[i].name, "signature_or_function") == 0 && obj != NB_PRANGE && obj != NB_CUDA_REDUCE)
            add_signature(p, f, kws[i].value); /* @jit(signature_or_function="f8(f8)") */
        else if (!apply_option(p, f, obj, &kws[i]))
            diag_error(p->diag, kws[i].loc, "unknown option '%s' for @%s", kws[i].name, numba_obj_name(obj));
    const Expr *only = d->call.nargs == 1 ? decorator_arg(p, d->call.args[0]) : NULL;
    bool layout_alone = only && only->kind == EX_STR && only->str[0] == '('; /* reported if bad */
    if (obj == NB_GUVECTORIZE && !f->layout && !layout_alone)
        diag_error(p->diag, d->loc, "@guvectorize takes a list of signatures and a layout such as \"(n),(n)->()\"");
}

/* ---- module-level reductions: `sum_reduce = cuda.reduce(lambda a, b: a + b)` ---- */

/* The call when a module-level value is cuda.reduce(...) (numba-cuda's Reduce(functor)). */
static const Expr *reduce_call(const Program *p, const Expr *e)
{
    NumbaObj obj;
    return e->kind == EX_CALL && decorator_object(p, e->call.func, &obj) && obj == NB_CUDA_REDUCE ? e : NULL;
}

/* Whether a def is the functor of a module-level cuda.reduce(NAME): numba-cuda compiles it as
 * a device function, so it needs no decorator. */
static bool reduce_functor(const Program *p, const char *name)
{
    for (int i = 0; i < p->mod->nitems; i++) {
        const TopItem *it = &p->mod->items[i];
        const Expr *call = it->kind == TOP_GLOBAL ? reduce_call(p, it->global->value) : NULL;
        if (call && call->call.nargs == 1 && call->call.args[0]->kind == EX_NAME &&
            strcmp(call->call.args[0]->name, name) == 0)
            return true;
    }
    return false;
}

/* `lambda a, b: a + b` as the def `def NAME(a, b): return a + b`. */
static FuncDef *lambda_def(Program *p, const Expr *lambda)
{
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    Stmt *ret = arena_alloc(p->arena, sizeof *ret);
    Stmt **items = arena_alloc(p->arena, sizeof *items);
    ret->kind = ST_RETURN;
    ret->loc = lambda->lambda.body->loc;
    ret->ret = lambda->lambda.body;
    items[0] = ret;
    def->params = lambda->lambda.params;
    def->nparams = lambda->lambda.nparams;
    def->body = (Block){.items = items, .n = 1};
    return def;
}

/* NAME = cuda.reduce(F): a reduction named NAME whose body is F's, a lambda or a def. It is
 * a function of its own (not F's specializations), so its symbols carry NAME. */
static void add_reduction(Program *p, const GlobalDef *g, const Expr *call)
{
    const Expr *fn = call->call.nargs == 1 && call->call.nkws == 0 ? call->call.args[0] : NULL;
    const ProgFunc *named = fn && fn->kind == EX_NAME ? prog_func(p, fn->name) : NULL;
    FuncDef *def;
    if (fn && fn->kind == EX_LAMBDA)
        def = lambda_def(p, fn);
    else if (named) {
        def = arena_alloc(p->arena, sizeof *def);
        *def = *named->def;
    } else {
        diag_error(p->diag, fn ? fn->loc : call->loc,
                   "cuda.reduce takes one function of two arguments: a def or a lambda (cuda.reduce(lambda a, b: a + b))");
        return;
    }
    def->name = g->name;
    def->loc = g->loc;
    def->decorators = NULL;
    def->ndecorators = 0;
    ProgFunc *f = arena_alloc(p->arena, sizeof *f);
    f->def = def;
    f->kind = FK_CUDA_REDUCE;
    ARR_PUSH(p->arena, p->funcs, p->nfuncs, p->capfuncs, f);
    bind(p, (Global){.name = def->name, .kind = G_FUNC, .loc = def->loc, .func = f});
}

/* ---- decorators applied by a call: `k = cuda.jit("void(int32[::1])")(f)`, `g = njit(f)` ----
 *
 * Python evaluates `@DECO def f` as `f = DECO(f)`, so a module-level `NAME = DECO(f)` or
 * `NAME = DECO(ARGS)(f)` makes NAME a compiled function with f's code and DECO's options, while
 * f stays a plain def (G_PYFUNC). `NAME = F`, F a function, is an alias. Names resolve as Python
 * evaluates the module, top to bottom: F is what it is bound to on the lines above. */

typedef struct Application {
    const Expr *call;      /* the module-level value: DECO(ARGS)(F), DECO(F, OPTIONS) or F */
    const Expr *decorator; /* DECO(ARGS) or DECO; NULL for an alias */
    bool direct;           /* DECO(F, OPTIONS): the options follow F in call */
    const Expr *target;    /* F; NULL if the call has no argument */
} Application;

/* The index of the module item (a def or an assignment) that last binds NAME before item
 * `before`; -1 if none does. */
static int binding_before(const Program *p, const char *name, int before)
{
    for (int i = before - 1; i >= 0; i--) {
        const TopItem *it = &p->mod->items[i];
        const char *bound = it->kind == TOP_FUNC     ? it->func->name
                            : it->kind == TOP_GLOBAL ? it->global->name
                                                     : NULL;
        if (bound && strcmp(bound, name) == 0)
            return i;
    }
    return -1;
}

static bool function_value(const Program *p, const Expr *value, int item, Application *app);

/* Whether a def named NAME comes after item `item` (`k = njit(f)` above `def f`: an error). */
static bool defined_below(const Program *p, const char *name, int item)
{
    for (int i = item + 1; i < p->mod->nitems; i++)
        if (p->mod->items[i].kind == TOP_FUNC && strcmp(p->mod->items[i].func->name, name) == 0)
            return true;
    return false;
}

/* Whether NAME, as bound above item `item`, is a function: a def, or an assignment of one. */
static bool names_function(const Program *p, const char *name, int item)
{
    int at = binding_before(p, name, item);
    Application app;
    return at >= 0 && (p->mod->items[at].kind == TOP_FUNC ||
                       function_value(p, p->mod->items[at].global->value, at, &app));
}

/* A compiling decorator (cuda.reduce has its own form: add_reduction). */
static bool compiling_decorator(const Program *p, const Expr *e)
{
    NumbaObj obj;
    return decorator_object(p, e, &obj) && obj != NB_PRANGE && obj != NB_CUDA_REDUCE;
}

/* The decorator a name holds, bound above item `item` (`dec = cuda.jit(sig)`); NULL if none. */
static const Expr *stored_decorator(const Program *p, const Expr *name, int item)
{
    int at = name->kind == EX_NAME ? binding_before(p, name->name, item) : -1;
    const Expr *v = at >= 0 && p->mod->items[at].kind == TOP_GLOBAL ? p->mod->items[at].global->value : NULL;
    Application app;
    return v && v->kind == EX_CALL && compiling_decorator(p, v->call.func) && !function_value(p, v, at, &app) ? v : NULL;
}

/* Whether the value of module item `item` is a function: DECO(ARGS)(F) whatever F is (errors
 * come later), or DECO(F, OPTIONS) and F where F names a function (`sig_deco = cuda.jit(sig)`
 * and `A = B` of constants are not). */
static bool function_value(const Program *p, const Expr *value, int item, Application *app)
{
    *app = (Application){.call = value};
    if (value->kind == EX_NAME) {
        app->target = value;
        return names_function(p, value->name, item);
    }
    if (value->kind != EX_CALL)
        return false;
    const Expr *callee = value->call.func;
    app->target = value->call.nargs ? value->call.args[0] : NULL;
    if (callee->kind == EX_CALL && compiling_decorator(p, callee->call.func)) {
        app->decorator = callee;
        return true;
    }
    const Expr *named = stored_decorator(p, callee, item);
    if (named) { /* dec = cuda.jit(sig); k = dec(f) */
        app->decorator = named;
        return true;
    }
    app->decorator = callee;
    app->direct = true;
    return compiling_decorator(p, callee) && app->target && app->target->kind == EX_NAME &&
           (names_function(p, app->target->name, item) || defined_below(p, app->target->name, item));
}

/* The decorator as `@` would write it: DECO(F) is @DECO, DECO(F, OPTIONS) is @DECO(OPTIONS). */
static const Expr *written_decorator(Program *p, const Application *app)
{
    if (!app->direct)
        return app->decorator;
    if (app->call->call.nargs == 1 && app->call->call.nkws == 0)
        return app->decorator;
    Expr *d = arena_alloc(p->arena, sizeof *d);
    *d = *app->call;
    d->call.args++;
    d->call.nargs--;
    return d;
}

/* Whether the call is well formed: DECO(ARGS)(F) takes F alone, DECO(F, ...) options only. */
static bool application_shape_ok(Program *p, const Application *app)
{
    const Expr *c = app->call;
    if (!app->direct && (c->call.nargs != 1 || c->call.nkws != 0)) {
        diag_error(p->diag, c->loc,
                   "a decorator applied by a call takes the function alone: NAME = cuda.jit(SIG)(f)");
        return false;
    }
    if (app->direct && c->call.nargs != 1) {
        diag_error(p->diag, c->call.args[1]->loc,
                   "a decorator called with the function takes options after it, not signatures: "
                   "NAME = njit(SIG)(f) or NAME = njit(f, cache=True)");
        return false;
    }
    return true;
}

/* Whether def is decorated @register_jitable alone, which leaves Python the plain function
 * (`g = njit(f)` then compiles it again, as Numba does). */
static bool registered_jitable(const Program *p, const FuncDef *def)
{
    NumbaObj obj;
    return def->ndecorators == 1 &&
           decorator_object(p, def->decorators[0]->kind == EX_CALL ? def->decorators[0]->call.func : def->decorators[0], &obj) &&
           obj == NB_REGISTER_JITABLE;
}

/* The undecorated def an application at item `item` compiles, following aliases; NULL after a
 * located error. */
static const FuncDef *application_def(Program *p, const Expr *target, int item)
{
    if (target->kind != EX_NAME) {
        diag_error(p->diag, target->loc,
                   "a decorator applied by a call takes a function defined with def: NAME = cuda.jit(SIG)(f)");
        return NULL;
    }
    int at = binding_before(p, target->name, item);
    if (at < 0) {
        diag_error(p->diag, target->loc,
                   "name '%s' is not defined here: the def must come before the line that compiles it",
                   target->name);
        return NULL;
    }
    const TopItem *it = &p->mod->items[at];
    Application inner;
    if (it->kind == TOP_GLOBAL && function_value(p, it->global->value, at, &inner) && !inner.decorator)
        return application_def(p, inner.target, at); /* g = f; k = cuda.jit(g) */
    if (it->kind == TOP_GLOBAL && !function_value(p, it->global->value, at, &inner)) {
        diag_error(p->diag, target->loc, "'%s' (line %d) is not a function", target->name, it->global->loc.line);
        return NULL;
    }
    if (it->kind == TOP_FUNC && registered_jitable(p, it->func)) /* Python still has the plain function */
        return it->func;
    if (it->kind == TOP_GLOBAL || it->func->ndecorators > 0) {
        diag_error(p->diag, target->loc,
                   "'%s' is already compiled (line %d): a decorator cannot be applied to a compiled function, "
                   "as in Numba; apply it to an undecorated def",
                   target->name, it->kind == TOP_GLOBAL ? it->global->loc.line : it->func->loc.line);
        return NULL;
    }
    return it->func;
}

/* Records on the plain def's binding that NAME compiles it (used by errors, and by the check
 * that every undecorated def is compiled somewhere). */
/* A function of more parameters than PROG_MAX_PARAMS: no call could reach it (not the C API's,
 * not compiled code's), so its def says so. */
static void check_param_count(Program *p, const FuncDef *def)
{
    if (def->nparams > PROG_MAX_PARAMS)
        diag_error(p->diag, def->loc, "'%s' takes %d parameters: jitc compiles functions of at most %d", def->name,
                   def->nparams, PROG_MAX_PARAMS);
}

static void mark_compiled(Program *p, const FuncDef *plain, const char *name)
{
    for (int i = 0; i < p->nglobals; i++)
        if (p->globals[i].kind == G_PYFUNC && p->globals[i].pyfunc.def == plain && !p->globals[i].pyfunc.compiled_as)
            p->globals[i].pyfunc.compiled_as = name;
}

/* NAME = F: NAME is bound to what F is bound to now (a compiled function or a plain def). */
static void add_alias(Program *p, const GlobalDef *g, const Expr *target)
{
    const Global *old = prog_global(p, target->name);
    if (!old || (old->kind != G_FUNC && old->kind != G_PYFUNC))
        return; /* a def the module has not bound (an error reported where it is) */
    Global alias = *old;
    alias.name = g->name;
    alias.loc = g->loc;
    bind(p, alias);
}

/* NAME = ...: a compiled function of the module named NAME, with the code of the def plain (its
 * symbols carry NAME; def_loc where its def is said to be), compiled by decorator. */
static ProgFunc *add_compiled_copy(Program *p, const FuncDef *plain, const GlobalDef *g, SrcLoc def_loc,
                                   const Expr *decorator)
{
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    *def = *plain;
    def->name = g->name;
    def->loc = def_loc;
    def->decorators = NULL;
    def->ndecorators = 0;
    check_param_count(p, def);
    ProgFunc *f = arena_alloc(p->arena, sizeof *f);
    f->def = def;
    bool seen = false;
    apply_decorator(p, f, decorator, &seen);
    ARR_PUSH(p->arena, p->funcs, p->nfuncs, p->capfuncs, f);
    bind(p, (Global){.name = def->name, .kind = G_FUNC, .loc = g->loc, .func = f});
    return f;
}

static void add_application(Program *p, const GlobalDef *g, const Application *app, int item)
{
    if (!app->decorator) {
        add_alias(p, g, app->target);
        return;
    }
    if (!application_shape_ok(p, app))
        return;
    const FuncDef *plain = app->target ? application_def(p, app->target, item) : NULL;
    if (!app->target)
        diag_error(p->diag, app->call->loc, "a decorator applied by a call takes the function: NAME = cuda.jit(SIG)(f)");
    if (!plain)
        return;
    mark_compiled(p, plain, g->name);
    add_compiled_copy(p, plain, g, g->loc, written_decorator(p, app));
}

/* ---- functions made by a factory: `newton = newton_factory(f, fprime)` ----
 *
 * An undecorated def of the module whose body defines a compiled inner def and ends returning it
 * is a factory: Python runs it at each module-level call, which makes a compiled closure over the
 * factory's parameters. Here the call makes the inner def a compiled function of the assigned
 * name, with the factory's parameters bound, as its globals, to the call's arguments: names of the
 * module (its compiled functions, its constants) or constants. */

/* The compiled inner def that def returns, if def is a factory; else NULL. */
static const FuncDef *factory_inner(const Program *p, const FuncDef *def)
{
    const Block *body = &def->body;
    const Stmt *ret = body->n ? body->items[body->n - 1] : NULL;
    if (def->ndecorators || !ret || ret->kind != ST_RETURN || !ret->ret || ret->ret->kind != EX_NAME)
        return NULL;
    for (int i = 0; i < body->n - 1; i++) {
        const Stmt *s = body->items[i];
        if (s->kind != ST_DEF || strcmp(s->def->name, ret->ret->name) != 0 || s->def->ndecorators != 1)
            continue;
        const Expr *d = s->def->decorators[0];
        return compiling_decorator(p, d->kind == EX_CALL ? d->call.func : d) ? s->def : NULL;
    }
    return NULL;
}

/* `NAME = FACTORY(ARGS)` at module item `item`: the factory's def, or NULL. */
static const FuncDef *factory_of(const Program *p, const Expr *value, int item)
{
    if (value->kind != EX_CALL || value->call.func->kind != EX_NAME || value->call.star)
        return NULL;
    int at = binding_before(p, value->call.func->name, item);
    const FuncDef *def = at >= 0 && p->mod->items[at].kind == TOP_FUNC ? p->mod->items[at].func : NULL;
    return def && factory_inner(p, def) ? def : NULL;
}

/* The factory's parameter k as the call binds it: its argument, its keyword, or its default. */
static const Expr *factory_argument(const Expr *call, const FuncDef *factory, int k)
{
    if (k < call->call.nargs)
        return call->call.args[k];
    for (int i = 0; i < call->call.nkws; i++)
        if (strcmp(call->call.kws[i].name, factory->params[k].name) == 0)
            return call->call.kws[i].value;
    return factory->params[k].default_value;
}

/* What a factory's argument binds its parameter to: the module's global it names, or a constant. */
static bool bind_factory_argument(Program *p, const char *param, const Expr *arg, Global *out)
{
    const Global *g = arg->kind == EX_NAME ? prog_global(p, arg->name) : NULL;
    if (g) {
        *out = *g;
        out->name = param;
        return true;
    }
    if (arg->kind == EX_INT || arg->kind == EX_FLOAT || arg->kind == EX_BOOL || arg->kind == EX_STR ||
        arg->kind == EX_NONE || (arg->kind == EX_UNARY && (arg->unary.operand->kind == EX_INT ||
                                                           arg->unary.operand->kind == EX_FLOAT))) {
        *out = (Global){.name = param, .kind = G_CONST, .loc = arg->loc, .expr = arg};
        return true;
    }
    diag_error(p->diag, arg->loc, "a factory's argument is a name of the module or a constant in jitc (the "
                                  "compiled function it makes reads it as a global)");
    return false;
}

static void add_factory_function(Program *p, const GlobalDef *g, const FuncDef *factory, const Expr *call)
{
    if (call->call.nargs > factory->nparams) {
        diag_error(p->diag, call->loc, "%s() takes %d arguments but %d were given", factory->name, factory->nparams,
                   call->call.nargs);
        return;
    }
    Global *bound = arena_alloc(p->arena, sizeof *bound * (size_t)(factory->nparams ? factory->nparams : 1));
    for (int k = 0; k < factory->nparams; k++) {
        const Expr *arg = factory_argument(call, factory, k);
        if (!arg) {
            diag_error(p->diag, call->loc, "%s() missing the argument '%s'", factory->name, factory->params[k].name);
            return;
        }
        if (!bind_factory_argument(p, factory->params[k].name, arg, &bound[k]))
            return;
    }
    const FuncDef *inner = factory_inner(p, factory);
    ProgFunc *f = add_compiled_copy(p, inner, g, inner->loc, inner->decorators[0]);
    f->bound = bound;
    f->nbound = factory->nparams;
    mark_compiled(p, factory, g->name);
}

static void note_skipped(Program *p, const char *kind, const char *name, const char *why, SrcLoc loc)
{
    SkippedItem it = {.kind = kind, .name = name, .why = why, .loc = loc};
    ARR_PUSH(p->arena, p->uncompiled.items, p->uncompiled.n, p->uncompiled.cap, it);
}

/* An undecorated def that nothing compiles: plain Python, which jitc skips (an error only
 * where compiled code calls it). */
static void list_uncompiled_defs(Program *p)
{
    for (int i = 0; i < p->nglobals; i++) {
        const Global *g = &p->globals[i];
        if (g->kind == G_PYFUNC && !g->pyfunc.compiled_as && strcmp(g->name, g->pyfunc.def->name) == 0)
            note_skipped(p, "function", g->name, "an undecorated Python function", g->loc);
    }
}

/* The name at the root of a decorator: `njit` of njit(...), `numba` of numba.njit. */
static const char *decorator_root(const Expr *d)
{
    if (d->kind == EX_CALL)
        d = d->call.func;
    while (d->kind == EX_ATTR)
        d = d->attr.value;
    return d->kind == EX_NAME ? d->name : NULL;
}

/* A decorator that is none of numba's: a name imported from another module (functools,
 * contextlib, ...) or defined by the file itself. Python runs such a function; jitc skips it. */
/* Whether decorator d of the module is none of numba's: rooted at a name jitc skips or cannot
 * compile (a Python function, an object of a class, a constant, another package's import). */
static bool is_foreign(const Program *p, const Expr *d)
{
    const char *root = decorator_root(d);
    const Global *g = root ? global_in(p, p->scope, root) : NULL;
    return g && ((g->kind == G_UNSUPPORTED && strncmp(g->origin, "numba", 5) != 0 &&
                  strncmp(g->origin, "module numba", 12) != 0) ||
                 g->kind == G_SKIPPED || g->kind == G_PYFUNC || g->kind == G_CONST);
}

/* Whether decorator i of def is a foreign one stacked above a compiler of numba's (applied after
 * it): a registration such as autoray's `@rddiv.register("numpy")` over `@njit`, taken to return
 * the compiled function it is given, as registrations do (a compiled caller in Numba needs it so). */
static bool registers_compiled(const Program *p, const FuncDef *def, int i)
{
    NumbaObj obj;
    if (!is_foreign(p, def->decorators[i]))
        return false;
    for (int j = i + 1; j < def->ndecorators; j++) {
        const Expr *d = def->decorators[j];
        if (decorator_object(p, d->kind == EX_CALL ? d->call.func : d, &obj) && obj != NB_PRANGE)
            return true;
    }
    return false;
}

/* The root name of a foreign decorator of def that leaves it a Python function (none stacked
 * above a compiler: registers_compiled), or NULL. */
static const char *foreign_decorator(const Program *p, const FuncDef *def)
{
    for (int i = 0; i < def->ndecorators; i++)
        if (is_foreign(p, def->decorators[i]) && !registers_compiled(p, def, i))
            return decorator_root(def->decorators[i]);
    return NULL;
}

/* The compiler's call a decorator factory of the module returns: an undecorated def whose body
 * (after a docstring) is `return COMPILER(...)`, as MNE's `def jit(nopython=True, ...,
 * **kwargs): return numba.jit(nopython=nopython, ..., **kwargs)`. NULL if def is not one. */
static const Expr *factory_return(const Program *p, const FuncDef *def)
{
    const Block *body = &def->body;
    int i = body->n > 1 && body->items[0]->kind == ST_EXPR && body->items[0]->expr->kind == EX_STR;
    const Stmt *s = body->n == i + 1 ? body->items[i] : NULL;
    NumbaObj obj;
    if (!s || s->kind != ST_RETURN || !s->ret || s->ret->kind != EX_CALL ||
        !decorator_object(p, s->ret->call.func, &obj))
        return NULL;
    return s->ret;
}

/* The argument bound to the factory's parameter k by the decorator call d, as Python binds it:
 * by position, by keyword, else its default. */
static Expr *factory_arg(const FuncDef *f, int k, const Expr *d)
{
    if (k < d->call.nargs)
        return d->call.args[k];
    for (int i = 0; i < d->call.nkws; i++)
        if (strcmp(d->call.kws[i].name, f->params[k].name) == 0)
            return d->call.kws[i].value;
    return f->params[k].default_value;
}

/* `@jit(fastmath=False)` of a decorator factory (factory_return): the compiler's call it returns,
 * with the factory's parameters replaced by what the decorator binds to them, and its **kwargs
 * by the decorator's other keywords. NULL if d is not a call of a factory. */
static Expr *factory_decorator(Program *p, const Expr *d)
{
    const Global *g = d->kind == EX_CALL && d->call.func->kind == EX_NAME ? global_in(p, p->scope, d->call.func->name)
                                                                         : NULL;
    const FuncDef *f = g && g->kind == G_PYFUNC ? g->pyfunc.def : NULL;
    const Expr *ret = f ? factory_return(p, f) : NULL;
    if (!ret)
        return NULL;
    Expr *call = arena_alloc(p->arena, sizeof *call);
    *call = *ret;
    call->loc = d->loc;
    call->call.args = arena_alloc(p->arena, sizeof(Expr *) * (size_t)(ret->call.nargs + 1));
    Keyword *kws = NULL;
    int nkws = 0, cap = 0;
    for (int i = 0; i < ret->call.nargs; i++)
        call->call.args[i] = ret->call.args[i];
    for (int i = 0; i < ret->call.nkws; i++) {
        Keyword kw = ret->call.kws[i];
        for (int k = 0; k < f->nparams; k++) {
            const Param *prm = &f->params[k];
            bool named = kw.value->kind == EX_NAME && strcmp(kw.value->name, prm->name) == 0;
            if (named && prm->dstar && strcmp(kw.name, "**") == 0) { /* the decorator's other keywords */
                for (int j = 0; j < d->call.nkws; j++) {
                    bool bound = false;
                    for (int m = 0; m < f->nparams; m++)
                        bound |= !f->params[m].dstar && strcmp(f->params[m].name, d->call.kws[j].name) == 0;
                    if (!bound)
                        ARR_PUSH(p->arena, kws, nkws, cap, d->call.kws[j]);
                }
                kw.value = NULL;
            } else if (named && !prm->star && !prm->dstar)
                kw.value = factory_arg(f, k, d);
        }
        if (kw.value)
            ARR_PUSH(p->arena, kws, nkws, cap, kw);
    }
    call->call.kws = kws;
    call->call.nkws = nkws;
    return call;
}

/* def with each call of a decorator factory replaced by the compiler's call it returns. */
static const FuncDef *expand_factories(Program *p, const FuncDef *def)
{
    FuncDef *copy = NULL;
    for (int i = 0; i < def->ndecorators; i++) {
        Expr *d = factory_decorator(p, def->decorators[i]);
        if (!d)
            continue;
        if (!copy) {
            copy = arena_alloc(p->arena, sizeof *copy);
            *copy = *def;
            copy->decorators = arena_alloc(p->arena, sizeof(Expr *) * (size_t)def->ndecorators);
            memcpy(copy->decorators, def->decorators, sizeof(Expr *) * (size_t)def->ndecorators);
        }
        copy->decorators[i] = d;
    }
    return copy ? copy : def;
}

/* Whether def is decorated with numba.extending's @intrinsic. */
static bool is_intrinsic(const Program *p, const FuncDef *def)
{
    for (int i = 0; i < def->ndecorators; i++) {
        const Expr *d = def->decorators[i]->kind == EX_CALL ? def->decorators[i]->call.func : def->decorators[i];
        const Global *g = d->kind == EX_NAME ? global_in(p, p->scope, d->name) : NULL;
        if (g && g->kind == G_UNSUPPORTED && g->origin == NUMBA_INTRINSIC)
            return true;
    }
    return false;
}

static void add_function(Program *p, const FuncDef *def)
{
    def = expand_factories(p, def);
    if (is_intrinsic(p, def)) { /* Python code that writes LLVM IR while Numba compiles */
        const char *why = "an @intrinsic";
        bind(p, (Global){.name = def->name, .kind = G_SKIPPED, .loc = def->loc,
                         .origin = arena_printf(p->arena, "%s (line %d), which jitc skips: its implementation is LLVM "
                                                "IR that Python code builds with llvmlite while Numba compiles",
                                                why, def->loc.line)});
        note_skipped(p, "function", def->name, why, def->loc);
        return;
    }
    const char *foreign = foreign_decorator(p, def);
    if (foreign) {
        const char *why = arena_printf(p->arena, "a function decorated with @%s, not a compiler of numba's", foreign);
        bind(p, (Global){.name = def->name, .kind = G_SKIPPED, .loc = def->loc,
                         .origin = arena_printf(p->arena, "%s (line %d), which jitc skips: compiled code cannot use it",
                                                why, def->loc.line)});
        note_skipped(p, "function", def->name, why, def->loc);
        return;
    }
    if (def->ndecorators == 0 && !reduce_functor(p, def->name)) {
        bind(p, (Global){.name = def->name, .kind = G_PYFUNC, .loc = def->loc, .pyfunc = {def, NULL}});
        return;
    }
    check_param_count(p, def);
    ProgFunc *f = arena_alloc(p->arena, sizeof *f);
    f->def = def;
    bool seen = false;
    for (int i = 0; i < def->ndecorators; i++)
        if (!registers_compiled(p, def, i))
            apply_decorator(p, f, def->decorators[i], &seen);
    if (!seen && def->ndecorators == 0) /* the functor of cuda.reduce(f) */
        f->kind = FK_CUDA_DEVICE;
    ARR_PUSH(p->arena, p->funcs, p->nfuncs, p->capfuncs, f);
    bind(p, (Global){.name = def->name, .kind = G_FUNC, .loc = def->loc, .func = f});
}

/* ---- module-level if ---- */

/* Whether an import's k-th name binds name: its `as` name, the imported name, or for `import a.b`
 * the first part of the module ("a"). */
static bool import_binds(const Import *im, int k, const char *name)
{
    if (im->asnames[k])
        return strcmp(im->asnames[k], name) == 0;
    if (im->is_from)
        return strcmp(im->names[k], name) == 0;
    size_t len = strcspn(im->module, ".");
    return strlen(name) == len && strncmp(im->module, name, len) == 0;
}

/* The name's latest definition among the items kept so far. */
static const TopItem *kept_definition(const TopList_ *kept, const char *name)
{
    for (int i = kept->n - 1; i >= 0; i--) {
        const TopItem *it = &kept->items[i];
        if (it->kind == TOP_GLOBAL && strcmp(it->global->name, name) == 0)
            return it;
        if (it->kind == TOP_IMPORT)
            for (int k = 0; k < it->import->nnames; k++)
                if (import_binds(it->import, k, name))
                    return it;
    }
    return NULL;
}

/* numba's `config` (numba.config, numba.core.config, numba.cuda.core.config) imported under name. */
static bool is_numba_config(const TopList_ *kept, const Expr *e)
{
    if (e->kind == EX_ATTR) /* numba.config, numba.core.config */
        return is_numba_config(kept, e->attr.value);
    const TopItem *it = e->kind == EX_NAME ? kept_definition(kept, e->name) : NULL;
    return it && it->kind == TOP_IMPORT && strncmp(it->import->module, "numba", 5) == 0;
}

/* ---- module-level conditions ----
 * A module-level if's condition, evaluated when the module is resolved as Python evaluates it at
 * import: True, False, None, numbers and strings, constants defined above it, `not`, `and`,
 * `or`, comparisons (`in` a tuple or list), `is None`, numba's config.ENABLE_CUDASIM (False under
 * jitc, which never runs the simulator), and the environment of the compiling process:
 * os.getenv(NAME[, DEFAULT]) and os.environ.get(NAME[, DEFAULT]) (also `from os import getenv,
 * environ`), a string's lower()/upper()/strip(), int() and bool() of one, as MNE's
 * `has_numba = os.getenv("MNE_USE_NUMBA", "true").lower() == "true"`. */
typedef struct TopValue {
    enum { TV_NONE, TV_BOOL, TV_INT, TV_STR, TV_SEQ } kind;
    long long i;     /* TV_BOOL, TV_INT */
    const char *s;   /* TV_STR */
    const Expr *seq; /* TV_SEQ: a tuple or list display */
} TopValue;

static bool top_value(Program *p, const TopList_ *kept, const Expr *e, int depth, TopValue *v);

static bool top_truth(const TopValue *v)
{
    switch (v->kind) {
    case TV_NONE: return false;
    case TV_STR: return *v->s != 0;
    case TV_SEQ: return v->seq->seq.n != 0;
    default: return v->i != 0;
    }
}

/* Whether name is bound by an import from the os module: the module itself (what NULL), or its
 * member `what` (`from os import getenv`). */
static bool os_name(const TopList_ *kept, const Expr *e, const char *what)
{
    const TopItem *it = e->kind == EX_NAME ? kept_definition(kept, e->name) : NULL;
    if (!it || it->kind != TOP_IMPORT || strcmp(it->import->module, "os") != 0 || it->import->is_from != (what != NULL))
        return false;
    for (int k = 0; what && k < it->import->nnames; k++)
        if (import_binds(it->import, k, e->name))
            return strcmp(it->import->names[k], what) == 0;
    return !what;
}

/* os.getenv / getenv, os.environ.get / environ.get */
static bool is_getenv(const TopList_ *kept, const Expr *f)
{
    if (f->kind == EX_NAME)
        return os_name(kept, f, "getenv");
    if (f->kind != EX_ATTR)
        return false;
    const Expr *base = f->attr.value;
    if (strcmp(f->attr.name, "getenv") == 0)
        return os_name(kept, base, NULL);
    if (strcmp(f->attr.name, "get") != 0)
        return false;
    return os_name(kept, base, "environ") ||
           (base->kind == EX_ATTR && strcmp(base->attr.name, "environ") == 0 && os_name(kept, base->attr.value, NULL));
}

static bool top_call(Program *p, const TopList_ *kept, const Expr *e, int depth, TopValue *v)
{
    const Expr *f = e->call.func;
    int n = e->call.nargs;
    if (e->call.nkws || e->call.star)
        return false;
    TopValue a[2];
    for (int i = 0; i < n && i < 2; i++)
        if (!top_value(p, kept, e->call.args[i], depth + 1, &a[i]))
            return false;
    if (is_getenv(kept, f)) {
        if (n < 1 || n > 2 || a[0].kind != TV_STR)
            return false;
        const char *env = getenv(a[0].s);
        *v = env ? (TopValue){.kind = TV_STR, .s = arena_strdup(p->arena, env)} : n == 2 ? a[1] : (TopValue){.kind = TV_NONE};
        return true;
    }
    if (f->kind == EX_ATTR && n == 0) { /* a string's method */
        static const char *const METHODS[] = {"lower", "upper", "strip"};
        TopValue self;
        if (!top_value(p, kept, f->attr.value, depth + 1, &self) || self.kind != TV_STR)
            return false;
        int m = 0;
        while (m < 3 && strcmp(f->attr.name, METHODS[m]) != 0)
            m++;
        if (m == 3)
            return false;
        const char *from = self.s, *to = self.s + strlen(self.s);
        if (m == 2) {
            while (*from && isspace((unsigned char)*from))
                from++;
            while (to > from && isspace((unsigned char)to[-1]))
                to--;
        }
        char *out = arena_strndup(p->arena, from, (size_t)(to - from));
        for (char *c = out; m < 2 && *c; c++) /* ASCII case, as the names of environment values are */
            *c = (char)(m == 0 ? tolower((unsigned char)*c) : toupper((unsigned char)*c));
        *v = (TopValue){.kind = TV_STR, .s = out};
        return true;
    }
    if (f->kind != EX_NAME || n != 1 || kept_definition(kept, f->name))
        return false;
    if (strcmp(f->name, "bool") == 0) {
        *v = (TopValue){.kind = TV_BOOL, .i = top_truth(&a[0])};
        return true;
    }
    if (strcmp(f->name, "int") != 0)
        return false;
    if (a[0].kind == TV_BOOL || a[0].kind == TV_INT) {
        *v = (TopValue){.kind = TV_INT, .i = a[0].i};
        return true;
    }
    char *end;
    errno = 0;
    long long i = a[0].kind == TV_STR ? strtoll(a[0].s, &end, 10) : 0;
    if (a[0].kind != TV_STR || end == a[0].s || errno) /* Python would raise: not known */
        return false;
    while (isspace((unsigned char)*end))
        end++;
    if (*end)
        return false;
    *v = (TopValue){.kind = TV_INT, .i = i};
    return true;
}

/* One comparison of two known values; false when it is not one jitc decides. */
static bool top_compare_one(Program *p, const TopList_ *kept, AstOp op, const TopValue *a, const TopValue *b, int depth,
                            bool *res)
{
    if (op == OP_IS || op == OP_ISNOT) {
        if (a->kind != TV_NONE && b->kind != TV_NONE)
            return false;
        *res = (a->kind == b->kind) == (op == OP_IS);
        return true;
    }
    if (op == OP_IN || op == OP_NOTIN) {
        bool found = false;
        if (b->kind == TV_STR && a->kind == TV_STR)
            found = strstr(b->s, a->s) != NULL;
        else if (b->kind != TV_SEQ)
            return false;
        for (int k = 0; b->kind == TV_SEQ && k < b->seq->seq.n && !found; k++) {
            TopValue item;
            if (!top_value(p, kept, b->seq->seq.items[k], depth + 1, &item) ||
                !top_compare_one(p, kept, OP_EQ, a, &item, depth + 1, &found))
                return false;
        }
        *res = found == (op == OP_IN);
        return true;
    }
    bool eq = op == OP_EQ || op == OP_NE;
    if (a->kind == TV_STR && b->kind == TV_STR) {
        int c = strcmp(a->s, b->s);
        *res = op == OP_EQ ? c == 0 : op == OP_NE ? c != 0 : op == OP_LT ? c < 0 : op == OP_LE ? c <= 0 : op == OP_GT ? c > 0 : c >= 0;
        return true;
    }
    bool na = a->kind == TV_BOOL || a->kind == TV_INT, nb = b->kind == TV_BOOL || b->kind == TV_INT;
    if (na && nb) {
        long long x = a->i, y = b->i;
        *res = op == OP_EQ ? x == y : op == OP_NE ? x != y : op == OP_LT ? x < y : op == OP_LE ? x <= y : op == OP_GT ? x > y : x >= y;
        return true;
    }
    if (!eq || a->kind == TV_SEQ || b->kind == TV_SEQ) /* "1" < 2 raises in Python */
        return false;
    *res = (a->kind == TV_NONE && b->kind == TV_NONE) == (op == OP_EQ); /* values of different kinds */
    return true;
}

static bool top_value(Program *p, const TopList_ *kept, const Expr *e, int depth, TopValue *v)
{
    if (depth > 16)
        return false;
    switch (e->kind) {
    case EX_BOOL: *v = (TopValue){.kind = TV_BOOL, .i = e->bval}; return true;
    case EX_INT: *v = (TopValue){.kind = TV_INT, .i = e->ival}; return true;
    case EX_STR: *v = (TopValue){.kind = TV_STR, .s = e->str}; return true;
    case EX_NONE: *v = (TopValue){.kind = TV_NONE}; return true;
    case EX_TUPLE:
    case EX_LIST: *v = (TopValue){.kind = TV_SEQ, .seq = e}; return true;
    case EX_NAME: {
        const TopItem *it = kept_definition(kept, e->name);
        return it && it->kind == TOP_GLOBAL && top_value(p, kept, it->global->value, depth + 1, v);
    }
    case EX_ATTR:
        *v = (TopValue){.kind = TV_BOOL, .i = 0};
        return strcmp(e->attr.name, "ENABLE_CUDASIM") == 0 && is_numba_config(kept, e->attr.value);
    case EX_CALL: return top_call(p, kept, e, depth, v);
    case EX_UNARY:
        if (e->unary.op != OP_NOT || !top_value(p, kept, e->unary.operand, depth + 1, v))
            return false;
        *v = (TopValue){.kind = TV_BOOL, .i = !top_truth(v)};
        return true;
    case EX_BOOLOP: { /* Python's: the operand that decides */
        if (!top_value(p, kept, e->binop.lhs, depth + 1, v))
            return false;
        if (top_truth(v) == (e->binop.op == OP_OR))
            return true;
        return top_value(p, kept, e->binop.rhs, depth + 1, v);
    }
    case EX_COMPARE: {
        TopValue prev, next;
        if (!top_value(p, kept, e->compare.operands[0], depth + 1, &prev))
            return false;
        bool all = true;
        for (int i = 0; i + 1 < e->compare.n && all; i++) {
            bool r;
            if (!top_value(p, kept, e->compare.operands[i + 1], depth + 1, &next) ||
                !top_compare_one(p, kept, e->compare.ops[i], &prev, &next, depth, &r))
                return false;
            all = r;
            prev = next;
        }
        *v = (TopValue){.kind = TV_BOOL, .i = all};
        return true;
    }
    default: return false;
    }
}

static bool top_condition(Program *p, const TopList_ *kept, const Expr *e, bool *value)
{
    TopValue v;
    if (!top_value(p, kept, e, 0, &v))
        return false;
    *value = top_truth(&v);
    return true;
}

/* The constants a skipped module-level if's branch sets: errors where compiled code uses them. */
static void note_skipped_branch(Program *p, const TopItem *items, int n)
{
    for (int i = 0; i < n; i++)
        if (items[i].kind == TOP_GLOBAL)
            note_skipped(p, "assignment", items[i].global->name,
                         "set in a module-level if whose condition is not known when the module is compiled",
                         items[i].global->loc);
        else if (items[i].kind == TOP_IF) {
            note_skipped_branch(p, items[i].if_->body, items[i].if_->nbody);
            note_skipped_branch(p, items[i].if_->orelse, items[i].if_->norelse);
        }
}

/* The module's items with each module-level if replaced by the items of the branch its condition
 * takes, in order. */
static void flatten_items(Program *p, const TopItem *items, int n, TopList_ *kept)
{
    for (int i = 0; i < n; i++) {
        const TopItem *it = &items[i];
        if (it->kind != TOP_IF) {
            ARR_PUSH(p->arena, kept->items, kept->n, kept->cap, *it);
            continue;
        }
        bool taken;
        if (!top_condition(p, kept, it->if_->cond, &taken)) { /* decided when Python runs: skipped */
            note_skipped(p, "statement", "if",
                         "a module-level if whose condition is not known when the module is compiled (constants, "
                         "comparisons, the environment, or numba's config.ENABLE_CUDASIM)",
                         it->if_->loc);
            note_skipped_branch(p, it->if_->body, it->if_->nbody);
            note_skipped_branch(p, it->if_->orelse, it->if_->norelse);
            continue;
        }
        if (taken)
            flatten_items(p, it->if_->body, it->if_->nbody, kept);
        else
            flatten_items(p, it->if_->orelse, it->if_->norelse, kept);
    }
}

/* m itself when it has no module-level if, else a copy whose items are flattened. */
static const Module *flat_module(Program *p, const Module *m)
{
    bool any = false;
    for (int i = 0; i < m->nitems; i++)
        any |= m->items[i].kind == TOP_IF;
    if (!any)
        return m;
    TopList_ kept = {0};
    flatten_items(p, m->items, m->nitems, &kept);
    Module *flat = arena_alloc(p->arena, sizeof *flat);
    *flat = (Module){.file = m->file, .items = kept.items, .nitems = kept.n, .skipped = m->skipped};
    return flat;
}

/* The names the statements skipped by skip.c define (functions, classes, assignments), as
 * G_SKIPPED: an error where compiled code uses them. A name the module also defines in a
 * statement kept after the skipped one keeps that definition. */
/* The built-in exception a skipped class derives from, directly or through the module's own
 * exception classes defined before it; EXC_NONE for other classes. */
static int exception_base(Program *p, const SkippedItem *it)
{
    if (strcmp(it->kind, "class") != 0 || !it->base)
        return EXC_NONE;
    const Global *g = prog_global(p, it->base);
    if (g && g->kind == G_EXCCLASS)
        return g->exc;
    return g ? EXC_NONE : ir_exc_by_name(it->base);
}

/* A NamedTuple class's field defaults as expressions (NULL where a field has none, or where its
 * text does not parse as one); compiled code evaluates them where a call leaves the field out. */
static const Expr *const *field_defaults(Program *p, const SkippedItem *it)
{
    const Expr **out = arena_alloc(p->arena, sizeof *out * (size_t)it->nfields);
    for (int i = 0; i < it->nfields; i++) {
        Diag quiet;
        diag_init(&quiet, p->arena);
        out[i] = it->defaults && it->defaults[i] ? parse_expr_string(p->arena, &quiet, it->defaults[i], it->loc) : NULL;
    }
    return out;
}

static void bind_skipped(Program *p, const SkippedList *l)
{
    for (int i = 0; i < l->n; i++) {
        const SkippedItem *it = &l->items[i];
        if (strcmp(it->kind, "function") != 0 && strcmp(it->kind, "class") != 0 && strcmp(it->kind, "assignment") != 0)
            continue;
        const Global *old = prog_global(p, it->name);
        if (old && (old->kind == G_FUNC || old->loc.line > it->loc.line))
            continue;
        if (strcmp(it->kind, "class") == 0 && it->base && strcmp(it->base, "NamedTuple") == 0 && it->nfields) {
            TupleClass *cls = arena_alloc(p->arena, sizeof *cls);
            *cls = (TupleClass){.name = it->name, .fields = it->fields, .defaults = field_defaults(p, it), .n = it->nfields};
            bind(p, (Global){.name = it->name, .kind = G_TUPLECLASS, .loc = it->loc, .tuple_class = cls});
            continue;
        }
        int exc = exception_base(p, it);
        if (exc != EXC_NONE) {
            bind(p, (Global){.name = it->name, .kind = G_EXCCLASS, .loc = it->loc, .exc = exc});
            continue;
        }
        bind(p, (Global){.name = it->name, .kind = G_SKIPPED, .loc = it->loc,
                         .origin = arena_printf(p->arena, "%s (line %d), which jitc skips: %s", it->why, it->loc.line,
                                                it->note ? it->note : "compiled code cannot use it")});
    }
}

/* `NAME = value`: a NumPy array computed now (frozen into the code where it is used), or a
 * constant the builder evaluates where it is used. */
/* `NAME op= x` (def->previous set): NAME's binding so far, bound again under def->previous, the
 * name def->value reads it by; false when NAME has none. */
static bool bind_previous(Program *p, const GlobalDef *def, const ConstArray **array)
{
    const Global *old = prog_global(p, def->name);
    if (!old)
        return false;
    Global prev = *old;
    prev.name = def->previous;
    *array = prev.kind == G_ARRAY ? prev.array : NULL;
    ARR_PUSH(p->arena, p->globals, p->nglobals, p->capglobals, prev);
    return true;
}

static bool decorator_object(const Program *p, const Expr *e, NumbaObj *out);

/* Whether e names NAME of a Python module jitc does not compile (functools, collections): `NAME`
 * imported from it, or `MODULE.NAME`. */
bool prog_names_member(const Program *p, const Expr *e, const char *module, const char *name)
{
    if (e->kind == EX_NAME) {
        const Global *g = prog_global(p, e->name);
        return g && g->kind == G_UNSUPPORTED && strcmp(g->origin, module) == 0 && strcmp(e->name, name) == 0;
    }
    if (e->kind != EX_ATTR || e->attr.value->kind != EX_NAME || strcmp(e->attr.name, name) != 0)
        return false;
    const Global *g = prog_global(p, e->attr.value->name);
    return g && g->kind == G_UNSUPPORTED && strncmp(g->origin, "module ", 7) == 0 && strcmp(g->origin + 7, module) == 0;
}

/* functools.partial(COMPILER, OPTION=...) (or `partial` imported from functools): the compiler,
 * whose options a later application gives again; the partial's own keywords are options jitc
 * takes as given (nopython=True and the like change nothing). */
static bool partial_of_compiler(const Program *p, const Expr *e, NumbaObj *out)
{
    if (e->kind != EX_CALL || e->call.nargs != 1)
        return false;
    return prog_names_member(p, e->call.func, "functools", "partial") && decorator_object(p, e->call.args[0], out);
}

/* collections.namedtuple("Point", ["x", "y"]) (or "x y", "x, y"; `namedtuple` imported from
 * collections): the class; NULL if e is not such a call. */
static const TupleClass *namedtuple_call(Program *p, const Expr *e)
{
    if (e->kind != EX_CALL || e->call.nargs != 2 || e->call.args[0]->kind != EX_STR)
        return NULL;
    if (!prog_names_member(p, e->call.func, "collections", "namedtuple"))
        return NULL;
    TupleClass *cls = arena_alloc(p->arena, sizeof *cls);
    cls->name = e->call.args[0]->str;
    int cap = 0;
    const Expr *fields = e->call.args[1];
    if (fields->kind == EX_STR) { /* "x y" or "x, y" */
        for (const char *s = fields->str; *s;) {
            s += strspn(s, " ,\t");
            size_t n = strcspn(s, " ,\t");
            if (n)
                ARR_PUSH(p->arena, cls->fields, cls->n, cap, arena_strndup(p->arena, s, n));
            s += n;
        }
    } else if (fields->kind == EX_LIST || fields->kind == EX_TUPLE) {
        for (int i = 0; i < fields->seq.n; i++) {
            if (fields->seq.items[i]->kind != EX_STR)
                return NULL;
            ARR_PUSH(p->arena, cls->fields, cls->n, cap, fields->seq.items[i]->str);
        }
    } else {
        return NULL;
    }
    return cls->n ? cls : NULL;
}

static void bind_constant(Program *p, const GlobalDef *def)
{
    const ConstArray *before = NULL;
    const TupleClass *cls = def->previous ? NULL : namedtuple_call(p, def->value);
    if (cls) {
        bind(p, (Global){.name = def->name, .kind = G_TUPLECLASS, .loc = def->loc, .tuple_class = cls});
        return;
    }
    NumbaObj alias;
    if (!def->previous && (decorator_object(p, def->value, &alias) || partial_of_compiler(p, def->value, &alias))) {
        /* `jcompile = jit`, `jit = functools.partial(jit, nopython=True)`: another name of it */
        bind(p, (Global){.name = def->name, .kind = G_NUMBA, .loc = def->loc, .numba = alias});
        return;
    }
    if (def->previous && !bind_previous(p, def, &before)) { /* NAME comes from a statement jitc skips */
        bind(p, (Global){.name = def->name, .kind = G_SKIPPED, .loc = def->loc,
                         .origin = arena_printf(p->arena, "set by an augmented assignment (line %d) of a value "
                                                "jitc skips: compiled code cannot use it", def->loc.line)});
        return;
    }
    /* an array's in-place operator writes into it: its dtype and shape stay */
    const ConstArray *array = before ? prog_const_array_inplace(p, def->name, def->value, before)
                                     : prog_const_array(p, def->name, def->value);
    if (array)
        bind(p, (Global){.name = def->name, .kind = G_ARRAY, .loc = def->loc, .array = array});
    else
        bind(p, (Global){.name = def->name, .kind = G_CONST, .loc = def->loc, .expr = def->value});
}

Program *prog_new(Arena *a, Diag *d, const Module *m, const char *symbol_prefix, const void *host)
{
    Program *p = arena_alloc(a, sizeof *p);
    p->host = host;
    p->index = arena_alloc(a, sizeof *p->index);
    p->arena = a;
    p->diag = d;
    p->mod = m = flat_module(p, m);
    p->symbol_prefix = symbol_prefix;
    p->types.arena = a;
    Application app;
    /* Imports and constants first: decorators refer to them wherever they appear. */
    for (int i = 0; i < m->nitems; i++) {
        const TopItem *it = &m->items[i];
        if (it->kind == TOP_IMPORT)
            it->import->is_from ? import_from(p, it->import) : import_module(p, it->import);
        else if (it->kind == TOP_GLOBAL && !reduce_call(p, it->global->value) &&
                 !function_value(p, it->global->value, i, &app) && !factory_of(p, it->global->value, i))
            bind_constant(p, it->global);
    }
    bind_skipped(p, &p->mod->skipped);
    bind_skipped(p, &p->uncompiled);
    for (int i = 0; i < m->nitems; i++)
        if (m->items[i].kind == TOP_FUNC)
            add_function(p, m->items[i].func);
    /* Then the functions made by calls, in order: `k = cuda.jit(sig)(f)`, `g = k`. */
    for (int i = 0; i < m->nitems; i++) {
        const TopItem *it = &m->items[i];
        if (it->kind == TOP_GLOBAL && !reduce_call(p, it->global->value) &&
            function_value(p, it->global->value, i, &app))
            add_application(p, it->global, &app, i);
        else if (it->kind == TOP_GLOBAL && factory_of(p, it->global->value, i)) /* newton = factory(f, fprime) */
            add_factory_function(p, it->global, factory_of(p, it->global->value, i), it->global->value);
    }
    list_uncompiled_defs(p);
    /* Reductions last: cuda.reduce(f) takes a def of the module. */
    for (int i = 0; i < m->nitems; i++) {
        const TopItem *it = &m->items[i];
        const Expr *call = it->kind == TOP_GLOBAL ? reduce_call(p, it->global->value) : NULL;
        if (call)
            add_reduction(p, it->global, call);
    }
    /* Eager compilation of explicit signatures, as Numba does at decoration time. */
    for (int i = 0; i < p->nfuncs; i++)
        prog_compile_signatures(p, p->funcs[i]);
    return p;
}

void prog_load_library(Program *p, const Module *lib, const char *scope)
{
    int first = p->nfuncs;
    p->scope = scope;
    for (int i = 0; i < lib->nitems; i++) {
        const TopItem *it = &lib->items[i];
        if (it->kind == TOP_IMPORT)
            it->import->is_from ? import_from(p, it->import) : import_module(p, it->import);
        else if (it->kind == TOP_GLOBAL) /* numbers: the builder evaluates them where used */
            bind(p, (Global){.name = it->global->name, .kind = G_CONST, .loc = it->global->loc,
                             .expr = it->global->value});
    }
    for (int i = 0; i < lib->nitems; i++)
        if (lib->items[i].kind == TOP_FUNC)
            add_function(p, lib->items[i].func);
    p->scope = NULL;
    for (int i = first; i < p->nfuncs; i++) { /* the library's functions are not the module's */
        p->funcs[i]->scope = scope;
        ARR_PUSH(p->arena, p->library, p->nlibrary, p->caplibrary, p->funcs[i]);
    }
    p->nfuncs = first;
}

/* ---- signatures and type expressions ---- */

/* The scalar type a name or attribute stands for: float32, np.float32, numba.float32,
 * types.float32, cuda.float32, numba.cuda.types.float32. */
static const Type *scalar_type_expr(Program *p, const Expr *e)
{
    if (e->kind == EX_NAME) {
        const Global *g = prog_global(p, e->name);
        if (g && g->kind == G_TYPE)
            return g->type;
        return g ? NULL : prog_type_name(e->name);
    }
    if (e->kind != EX_ATTR)
        return NULL;
    ModuleId m;
    const Expr *base = e->attr.value;
    bool typeish = module_expr(p, base, &m) ? m != MOD_MATH
                                            : base->kind == EX_NAME && !prog_global(p, base->name) &&
                                                  strcmp(base->name, "types") == 0; /* in a signature string */
    return typeish ? prog_type_name(e->attr.name) : NULL;
}

enum { JITC_SIG_MAX_TUPLE = 16 }; /* jitc.h's JITC_MAX_TUPLE */

/* `:` is any layout, `::1` the contiguous one; an array is C if its last axis is `::1`. Another
 * step (`::2`, `::-1`) is any layout too, as numba.types reads it. */
static bool slice_axis(const Expr *e, bool *contiguous)
{
    if (e->kind != EX_SLICE || e->slice.lo || e->slice.hi)
        return false;
    const Expr *step = e->slice.step;
    if (step && step->kind == EX_UNARY && step->unary.op == OP_NEG)
        step = step->unary.operand;
    *contiguous = e->slice.step && e->slice.step->kind == EX_INT && e->slice.step->ival == 1; /* not ::-1 */
    return !step || step->kind == EX_INT;
}

/* The name a call in a type expression calls: UniTuple, types.Tuple, numba.types.UniTuple... */
static const char *type_call_name(const Expr *call)
{
    const Expr *f = call->call.func;
    return f->kind == EX_NAME ? f->name : f->kind == EX_ATTR ? f->attr.name : "";
}

/* A string constant of a type expression ('C'), or NULL. */
static const char *string_arg(const Expr *e)
{
    return e->kind == EX_STR ? e->str : NULL;
}

/* types.Array(dtype, ndim, layout, readonly=False): layout "C" or "A" ("F" is any layout to jitc,
 * which checks contiguity only for C); readonly=True is Numba's read-only array. */
static const Type *array_type_call(Program *p, const Expr *e)
{
    if (e->call.nargs < 2 || e->call.nargs > 3 || e->call.args[1]->kind != EX_INT)
        return NULL;
    const Type *dt = scalar_type_expr(p, e->call.args[0]);
    long long ndim = e->call.args[1]->ival;
    const char *layout = e->call.nargs == 3 ? string_arg(e->call.args[2]) : "A";
    bool readonly = false;
    for (int i = 0; i < e->call.nkws; i++) {
        const Keyword *kw = &e->call.kws[i];
        if (strcmp(kw->name, "layout") == 0 && e->call.nargs == 2)
            layout = string_arg(kw->value);
        else if (strcmp(kw->name, "readonly") == 0 && kw->value->kind == EX_BOOL)
            readonly = kw->value->bval;
        else
            return NULL;
    }
    if (!dt || dt->kind == TY_NONE || ndim < 0 || ndim > TY_MAX_NDIM || !layout ||
        (strcmp(layout, "C") != 0 && strcmp(layout, "A") != 0 && strcmp(layout, "F") != 0))
        return NULL;
    char lay = *layout == 'C' ? 'C' : 'A';
    return readonly ? ty_array_readonly(&p->types, dt, (int)ndim, lay) : ty_array(&p->types, dt, (int)ndim, lay);
}

/* The scalar type a dtype expression names at module level: a type (`np.float64`), its name
 * ("float64"), `np.dtype(...)` of either, or a module constant holding one (`dtr =
 * np.dtype("float64")`); NULL if none. */
static const Type *dtype_expr(Program *p, const Expr *e, int depth)
{
    if (depth > 8)
        return NULL;
    if (e->kind == EX_STR)
        return prog_type_name(e->str);
    if (e->kind == EX_CALL && e->call.nargs == 1 && strcmp(type_call_name(e), "dtype") == 0)
        return dtype_expr(p, e->call.args[0], depth + 1);
    const Global *g = e->kind == EX_NAME ? prog_global(p, e->name) : NULL;
    if (g && g->kind == G_CONST)
        return dtype_expr(p, g->expr, depth + 1);
    return scalar_type_expr(p, e);
}

/* Numba's type constructors: Array(dtype, ndim, layout), UniTuple(T, n), Tuple((T, U, ...)),
 * List(T) (reflected=True by keyword), ListType(T), Set(T), DictType(K, V),
 * NumberClass(T), the type of a NumPy type passed as an argument (Numba's class(T)), and
 * numba.np.numpy_support.from_dtype(dtype), the scalar type of a dtype. */
static const Type *call_type_expr(Program *p, const Expr *e)
{
    const char *name = type_call_name(e);
    if (strcmp(name, "from_dtype") == 0 && e->call.nargs == 1 && !e->call.nkws) {
        const Type *t = dtype_expr(p, e->call.args[0], 0);
        return t && t->kind != TY_NONE && ty_is_scalar(t) ? t : NULL;
    }
    if (strcmp(name, "Array") == 0)
        return array_type_call(p, e);
    if (strcmp(name, "NumberClass") == 0 && e->call.nargs == 1 && !e->call.nkws) {
        const Type *t = scalar_type_expr(p, e->call.args[0]);
        return t && t->kind != TY_NONE ? prog_class_type(p, t) : NULL;
    }
    if ((strcmp(name, "List") == 0 || strcmp(name, "ListType") == 0 || strcmp(name, "Set") == 0) &&
        e->call.nargs == 1) { /* List(T, reflected=True), ListType(T), Set(T) */
        const Type *t = prog_type_expr(p, e->call.args[0]);
        if (!t || t->kind == TY_NONE)
            return NULL;
        return name[0] == 'S' ? ty_set(&p->types, t) : ty_list(&p->types, t, strcmp(name, "ListType") == 0);
    }
    if (strcmp(name, "DictType") == 0 && e->call.nargs == 2 && !e->call.nkws) {
        const Type *k = prog_type_expr(p, e->call.args[0]), *v = prog_type_expr(p, e->call.args[1]);
        return k && v && k->kind != TY_NONE && v->kind != TY_NONE ? ty_dict(&p->types, k, v) : NULL;
    }
    const Expr *const *items;
    int n;
    const Type *elems[JITC_SIG_MAX_TUPLE];
    if (strcmp(name, "UniTuple") == 0 && e->call.nargs == 2 && e->call.args[1]->kind == EX_INT) {
        const Type *t = prog_type_expr(p, e->call.args[0]);
        long long count = e->call.args[1]->ival;
        if (!t || t->kind == TY_NONE || count < 1 || count > JITC_SIG_MAX_TUPLE)
            return NULL;
        for (int i = 0; i < count; i++)
            elems[i] = t;
        return ty_tuple(&p->types, elems, (int)count);
    }
    if (strcmp(name, "Tuple") != 0 || e->call.nargs != 1 || e->call.args[0]->kind != EX_TUPLE)
        return NULL;
    items = (const Expr *const *)e->call.args[0]->seq.items;
    n = e->call.args[0]->seq.n;
    if (n < 1 || n > JITC_SIG_MAX_TUPLE)
        return NULL;
    for (int i = 0; i < n; i++)
        if (!(elems[i] = prog_type_expr(p, items[i])) || elems[i]->kind == TY_NONE)
            return NULL;
    return ty_tuple(&p->types, elems, n);
}

/* NAME or types.NAME, in a signature, for a type that is not a dtype: unicode_type (a string,
 * TY_STR, cpython/build_str.c), NumPyRandomGeneratorType (a np.random.Generator). */
static bool named_type_expr(Program *p, const Expr *e, const char *name)
{
    if (e->kind == EX_NAME)
        return strcmp(e->name, name) == 0 && !prog_global(p, e->name);
    ModuleId m;
    return e->kind == EX_ATTR && strcmp(e->attr.name, name) == 0 &&
           (module_expr(p, e->attr.value, &m) ? m != MOD_MATH
                                               : e->attr.value->kind == EX_NAME && !prog_global(p, e->attr.value->name) &&
                                                     strcmp(e->attr.value->name, "types") == 0);
}

/* Whether e is numba.cuda.random's state record dtype: xoroshiro128p_dtype imported from it, or
 * np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True) as warp-drive spells it (align
 * or not: two uint64 fields have no padding), or a module constant holding either. */
static bool states_dtype_expr(Program *p, const Expr *e, int depth)
{
    const Global *g = e->kind == EX_NAME ? prog_global(p, e->name) : NULL;
    if (g)
        return (g->kind == G_UNSUPPORTED && g->origin == RANDOM_STATE_DTYPE) ||
               (g->kind == G_CONST && depth < 8 && states_dtype_expr(p, g->expr, depth + 1));
    if (e->kind != EX_CALL || strcmp(type_call_name(e), "dtype") != 0 || e->call.nargs != 1 ||
        e->call.args[0]->kind != EX_LIST || e->call.args[0]->seq.n != 2)
        return false;
    for (int i = 0; i < 2; i++) {
        const Expr *field = e->call.args[0]->seq.items[i];
        if (field->kind != EX_TUPLE || field->seq.n != 2 || field->seq.items[0]->kind != EX_STR ||
            strcmp(field->seq.items[0]->str, i ? "s1" : "s0") != 0)
            return false;
        const Type *t = dtype_expr(p, field->seq.items[1], depth + 1);
        if (!t || t->kind != TY_UINT64)
            return false;
    }
    return true;
}

/* Whether e is numba.cuda.random's state record type: xoroshiro128p_type imported from it,
 * from_dtype(D) of the record dtype, or a module constant holding either (warp-drive's
 * `xoroshiro128p_type = from_dtype(np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True))`). */
static bool states_record_expr(Program *p, const Expr *e, int depth)
{
    const Global *g = e->kind == EX_NAME ? prog_global(p, e->name) : NULL;
    if (g)
        return (g->kind == G_UNSUPPORTED && g->origin == RANDOM_STATE_TYPE) ||
               (g->kind == G_CONST && depth < 8 && states_record_expr(p, g->expr, depth + 1));
    return e->kind == EX_CALL && strcmp(type_call_name(e), "from_dtype") == 0 && e->call.nargs == 1 &&
           !e->call.nkws && states_dtype_expr(p, e->call.args[0], depth + 1);
}

const Type *prog_type_expr(Program *p, const Expr *e)
{
    const Global *alias;
    for (int hops = 0; e->kind == EX_NAME && hops < 8 && (alias = prog_global(p, e->name)) && alias->kind == G_CONST;
         hops++)
        e = alias->expr; /* ARRAY_T = int64[:] at module level */
    if (named_type_expr(p, e, "unicode_type"))
        return ty_scalar(TY_STR);
    if (named_type_expr(p, e, "NumPyRandomGeneratorType"))
        return ty_generator(&p->types);
    if (e->kind == EX_CALL)
        return call_type_expr(p, e);
    if (e->kind != EX_SUBSCRIPT)
        return scalar_type_expr(p, e);
    const Type *dt = scalar_type_expr(p, e->subscript.value);
    /* an array of numba.cuda.random's states is jitc's: uint64 with one more axis, (s0, s1) */
    int record_axis = !dt && states_record_expr(p, e->subscript.value, 0);
    if (record_axis)
        dt = ty_scalar(TY_UINT64);
    if (!dt || dt->kind == TY_NONE)
        return NULL;
    const Expr *ix = e->subscript.index;
    const Expr *const *axes = ix->kind == EX_TUPLE ? (const Expr *const *)ix->seq.items : &ix;
    int n = ix->kind == EX_TUPLE ? ix->seq.n : 1;
    bool contiguous = false;
    for (int i = 0; i < n; i++)
        if (!slice_axis(axes[i], &contiguous))
            return NULL;
    if (n + record_axis > TY_MAX_NDIM)
        return NULL;
    return ty_array(&p->types, dt, n + record_axis, contiguous ? 'C' : 'A');
}

/* "unknown type 'floatt64' in signature", naming the base name of a type expression. */
static void unknown_type(Program *p, const Expr *e)
{
    const Expr *base = e->kind == EX_SUBSCRIPT ? e->subscript.value : e;
    const char *name = base->kind == EX_NAME ? base->name : base->kind == EX_ATTR ? base->attr.name : NULL;
    if (e->kind == EX_SUBSCRIPT && scalar_type_expr(p, base))
        diag_error(p->diag, e->loc, "bad array type in signature: an axis of %s[...] is ':' or '::1', with no start or stop", name);
    else if (name)
        diag_error(p->diag, e->loc, "unknown type '%s' in signature", name);
    else
        diag_error(p->diag, e->loc, "unknown type in signature");
}

bool prog_signature(Program *p, const Expr *sig, const Type ***params, int *nparams,
                    const Type **ret)
{
    const Expr *const *args;
    int n;
    *ret = NULL;
    if (sig->kind == EX_CALL) {
        if (!(*ret = prog_type_expr(p, sig->call.func))) {
            unknown_type(p, sig->call.func);
            return false;
        }
        args = (const Expr *const *)sig->call.args;
        n = sig->call.nargs;
    } else if (sig->kind == EX_TUPLE) {
        args = (const Expr *const *)sig->seq.items;
        n = sig->seq.n;
    } else {
        args = &sig;
        n = 1;
    }
    const Type **ps = arena_alloc(p->arena, sizeof *ps * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        ps[i] = prog_type_expr(p, args[i]);
        if (!ps[i] || ps[i]->kind == TY_NONE) {
            unknown_type(p, args[i]);
            return false;
        }
    }
    *params = ps;
    *nparams = n;
    return true;
}

bool prog_signature_string(Program *p, const char *text, const Type ***params, int *nparams,
                           const Type **ret)
{
    Expr *e = parse_expr_string(p->arena, p->diag, text, (SrcLoc){0});
    return e && prog_signature(p, e, params, nparams, ret);
}

/* ---- specializations ---- */

bool prog_on_gpu(const ProgFunc *f)
{
    bool ufunc = f->kind == FK_VECTORIZE || f->kind == FK_GUVECTORIZE;
    return f->kind == FK_CUDA_KERNEL || f->kind == FK_CUDA_DEVICE || f->kind == FK_CUDA_REDUCE ||
           (ufunc && f->opts.target && strcmp(f->opts.target, "cuda") == 0);
}

bool prog_boundscheck(const FuncOptions *o, bool fallback)
{
    const char *env = getenv("JITC_BOUNDSCHECK");
    if (env && (strcmp(env, "0") == 0 || strcmp(env, "1") == 0))
        return *env == '1';
    return o->boundscheck_given ? o->boundscheck : fallback;
}

bool prog_boundscheck_default(const ProgFunc *f, bool device) { return !device && !f->scope; }

void prog_check(Program *p, ProgFunc *f)
{
    int n = f->def->nparams;
    const Type **unknown = arena_alloc(p->arena, sizeof *unknown * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        unknown[i] = ty_scalar(TY_ERROR);
    Spec s = {.func = f, .params = unknown, .nparams = n, .state = SPEC_INFERRING, .device = prog_on_gpu(f),
              .name = f->def->name, .symbol = f->def->name, .untyped = true};
    bld_spec(p, &s);
    for (int i = 0; i < s.errors.n; i++)
        diag_report(p->diag, s.errors.items[i].severity, s.errors.items[i].loc, "%s", s.errors.items[i].message);
    arena_free(s.ir_arena);
}

static Spec *find_spec(const ProgFunc *f, const Type **args, int nargs, bool device)
{
    for (int i = 0; i < f->nspecs; i++) {
        Spec *s = f->specs[i];
        if (s->device == device && s->nparams == nargs && memcmp(s->params, args, sizeof *args * (size_t)nargs) == 0)
            return s;
    }
    return NULL;
}

/* Builds s; when memory runs out on the way, s leaves f's table (a later request builds it
 * anew) before the failure goes on to the API call, which frees the passes' arenas. */
static void build_guarded(Program *p, ProgFunc *f, Spec *s)
{
    Heap *h = arena_heap(p->arena);
    HeapGuard g;
    heap_guard_begin(h, &g);
    if (setjmp(g.jump)) {
        heap_guard_unwind(h, &g);
        int i = 0;
        while (i < f->nspecs && f->specs[i] != s)
            i++;
        if (i < f->nspecs) /* keeps the order: explicit signatures are matched first to last */
            memmove(&f->specs[i], &f->specs[i + 1], sizeof *f->specs * (size_t)(--f->nspecs - i));
        heap_fail(h);
    }
    bld_spec(p, s);
    heap_guard_end(h, &g);
}

/* "fib.i64": the function's name and its parameters' mangled types. */
static const char *spec_name(Program *p, const ProgFunc *f, const Type **args, int nargs)
{
    const char *s = f->scope ? arena_printf(p->arena, "%s.%s", f->scope, f->def->name)
                  : f->closure_key ? f->closure_key : f->def->name;
    for (int i = 0; i < nargs; i++)
        s = arena_printf(p->arena, "%s.%s", s, ty_mangle(p->arena, args[i]));
    return s;
}

static Spec *specialize(Program *p, ProgFunc *f, const Type **args, int nargs, const Type *ret, bool device,
                        SrcLoc where, bool explicit_sig);

Spec *prog_specialize(Program *p, ProgFunc *f, const Type **args, int nargs, const Type *ret,
                      bool device, SrcLoc where)
{
    return specialize(p, f, args, nargs, ret, device, where, false);
}

void prog_compile_signatures(Program *p, ProgFunc *f)
{
    if (f->sigs_compiled)
        return;
    f->sigs_compiled = true;
    for (int k = 0; k < f->nsigs; k++) {
        const Type **params, *ret;
        int n;
        const char *why = NULL;
        if (!prog_signature(p, f->sigs[k], &params, &n, &ret))
            continue;
        if (f->layout && !gu_signature_fits(f->layout, params, n, ret, &why))
            diag_error(p->diag, f->sigs[k]->loc, "signature does not fit the layout '%s': %s", f->layout->text, why);
        else
            specialize(p, f, params, n, f->layout ? ty_scalar(TY_NONE) : ret, prog_on_gpu(f), f->sigs[k]->loc, true);
    }
}

ProgFunc *prog_kernel_as_device(Program *p, ProgFunc *kernel)
{
    if (kernel->as_device)
        return kernel->as_device;
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    *def = *kernel->def;
    def->name = arena_printf(p->arena, "%s.device", kernel->def->name); /* its own symbols */
    ProgFunc *d = arena_alloc(p->arena, sizeof *d);
    *d = *kernel;
    d->def = def;
    d->kind = FK_CUDA_DEVICE;
    d->specs = NULL;
    d->nspecs = d->capspecs = 0;
    d->sigs_compiled = false;
    ARR_PUSH(p->arena, p->outlined, p->noutlined, p->capoutlined, d);
    return kernel->as_device = d;
}

enum { MATCH_EXACT, MATCH_SAFE, MATCH_UNSAFE, MATCH_LEVELS };

/* Whether an argument of type arg may be passed for param at this level of conversion. */
static bool accepts(const Type *param, const Type *arg, int level)
{
    if (param == arg)
        return true;
    if (level == MATCH_EXACT)
        return false;
    if (param->kind == TY_ARRAY && arg->kind == TY_ARRAY) /* to any layout; a writable array to a read-only one */
        return param->dtype == arg->dtype && param->ndim == arg->ndim &&
               (param->layout == 'A' || param->layout == arg->layout) && (param->readonly || !arg->readonly);
    if (level == MATCH_SAFE)
        return ty_can_cast_safely(arg, param) || (ty_is_int(arg) && ty_is_float(param));
    return ty_is_scalar(arg) && ty_is_scalar(param);
}

/* Numba's dispatchers take the signature that needs the least conversion (exact, then safe, then
 * any); a ufunc takes NumPy's loop, the first in order that the arguments cast to safely
 * (['f8(f8)', 'f4(f4)'] computes a float32 argument in float64). */
Spec *prog_match_signature(Program *p, ProgFunc *f, const Type **args, int nargs)
{
    prog_compile_signatures(p, f);
    for (int level = f->kind == FK_VECTORIZE ? MATCH_SAFE : MATCH_EXACT; level < MATCH_LEVELS; level++)
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            bool ok = s->explicit_sig && s->nparams == nargs;
            for (int i = 0; ok && i < nargs; i++)
                ok = accepts(s->params[i], args[i], level);
            if (ok)
                return s;
        }
    return NULL;
}

static Spec *specialize(Program *p, ProgFunc *f, const Type **args, int nargs, const Type *ret, bool device,
                        SrcLoc where, bool explicit_sig)
{
    if (nargs != f->def->nparams) {
        diag_error(p->diag, where, "%s() takes %d argument%s but %d %s given", f->def->name,
                   f->def->nparams, f->def->nparams == 1 ? "" : "s", nargs, nargs == 1 ? "was" : "were");
        return NULL;
    }
    Spec *s = find_spec(f, args, nargs, device);
    if (s) {
        s->explicit_sig |= explicit_sig;
        return s;
    }
    s = arena_alloc(p->arena, sizeof *s);
    s->func = f;
    s->params = arena_alloc(p->arena, sizeof *args * (size_t)(nargs ? nargs : 1));
    memcpy(s->params, args, sizeof *args * (size_t)nargs);
    s->nparams = nargs;
    s->ret = ret;
    s->ret_fixed = ret != NULL;
    s->explicit_sig = explicit_sig; /* before the build: a recursive call matches it */
    s->device = device;
    s->name = spec_name(p, f, args, nargs);
    if (device && !prog_on_gpu(f))
        s->name = arena_printf(p->arena, "%s.dev", s->name); /* a host function's GPU twin */
    s->symbol = arena_printf(p->arena, "%s.%s", p->symbol_prefix, s->name);
    s->state = SPEC_INFERRING;
    s->id = p->nspecs++;
    ARR_PUSH(p->arena, f->specs, f->nspecs, f->capspecs, s);
    build_guarded(p, f, s);
    return s;
}
