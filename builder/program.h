/* program.h — a parsed module made ready to compile: names, decorators, specializations.
 *
 * prog_new resolves the module level once: imports (math, numpy, numba, cuda), constants
 * (`TPB = 16`), and each def with its decorator, options and explicit signatures.
 * prog_specialize gives the Spec of a function for argument types, typing it and building
 * its IR on first request (Numba's dispatcher: one specialization per signature, cached). */
#ifndef JITC_PROGRAM_H
#define JITC_PROGRAM_H

#include "frontend/ast.h"
#include "ir/ir.h"

typedef enum {
    FK_HOST,         /* @njit / @jit */
    FK_CUDA_KERNEL,  /* @cuda.jit */
    FK_CUDA_DEVICE,  /* @cuda.jit(device=True) */
    FK_VECTORIZE,    /* @vectorize */
    FK_GUVECTORIZE,  /* @guvectorize */
    FK_CUDA_REDUCE,  /* @cuda.reduce */
    FK_STENCIL,      /* @stencil: specialized into a loop nest over its kernel (build_stencil.c) */
} FuncKind;

typedef struct FuncOptions {
    bool parallel, fastmath, boundscheck, cache, inline_always;
    bool boundscheck_given; /* boundscheck= True or False (None, or none: the default) */
    unsigned fastmath_flags; /* fastmath={'nsz', 'arcp', ...}: LLVMFastMath* bits; 0 with fastmath: all */
    bool error_model_numpy;  /* error_model='numpy': division by zero gives inf/nan/0, raises nothing */
    const char **local_names; /* locals={'x': float64}: the types assignments convert to */
    const struct Type **local_types;
    int nlocal_types;
    const char *target; /* @vectorize / @guvectorize: "cpu", "parallel", "cuda" */
    int max_registers;  /* @cuda.jit(max_registers=N): the kernel's registers per thread at most; 0: no limit */
} FuncOptions;

/* A @guvectorize layout, "(m,n),(n,p)->(m,p)": operands (inputs, then outputs) and the core
 * dimensions of each, as indices into names (gulayout.c). */
enum { GU_MAXOPS = 32, GU_MAXCORE = 8, GU_MAXNAMES = 32 };
typedef struct GuLayout {
    const char *text;
    int nin, nout;
    int ncore[GU_MAXOPS];
    int dim[GU_MAXOPS][GU_MAXCORE];
    const char *names[GU_MAXNAMES];
    int nnames;
} GuLayout;

/* The layout, or NULL with *why saying what is wrong with it. */
GuLayout *gu_layout_parse(Arena *a, const char *text, const char **why);
/* Whether a signature's types fit the layout: an array of as many dimensions as the layout
 * gives each operand, a scalar input for "()", a one-element array output for "()". */
bool gu_signature_fits(const GuLayout *l, const Type **params, int n, const Type *ret, const char **why);

typedef struct ProgFunc {
    const FuncDef *def;
    FuncKind kind;
    FuncOptions opts;
    GuLayout *layout;  /* @guvectorize only */
    const Stmt *outlined_from; /* a prange loop's body outlined (build_prange.c), else NULL */
    const Expr *fused_from;    /* an element-wise array expression made a ufunc (build_array.c), else NULL */
    const char *outlined_key;  /* its parameters, which the cached outlined function must match */
    /* an inner def or lambda of a compiled function (build_closure.c), else all NULL/0: */
    const void *closure_from;  /* its ST_DEF or EX_LAMBDA */
    const char *closure_key;   /* unique among the program's functions: its symbol and comptime key */
    const FuncDef *enclosing;  /* the function that defines it, whose variables it reads */
    const char **captures;     /* those variables: its last ncaptures parameters, filled at each call */
    int ncaptures;
    /* a function a factory made (`newton = newton_factory(f, fprime)`, program.c): the factory's
     * parameters, each bound to what the call passed (a global of the module, or a constant) */
    const struct Global *bound;
    int nbound;
    const char *scope;         /* a library's function (numba.cuda.random's: "random", cuda/build_random.c):
                                  its code sees the library's globals, bound as "SCOPE.NAME"; NULL
                                  for the module's own */
    const Expr **sigs; /* explicit signatures, as expressions (strings already parsed) */
    int nsigs;
    bool sigs_compiled; /* its explicit signatures were specialized (prog_compile_signatures) */
    struct Spec **specs;
    int nspecs, capspecs;
    struct StencilFn *stencil; /* FK_STENCIL: its kernel, options and variant (build_stencil.c) */
    struct ProgFunc *as_device; /* FK_CUDA_KERNEL: the device function that GPU code calling it calls
                                   (prog_kernel_as_device) */
} ProgFunc;

typedef enum { SPEC_INFERRING, SPEC_READY, SPEC_FAILED } SpecState;

typedef struct Spec {
    const char *symbol;   /* LLVM symbol of the body, e.g. "krn3.fib.i64" */
    const char *name;     /* the same without the module prefix ("fib.i64"), for IR text */
    ProgFunc *func;
    const Type **params;
    int nparams;
    const Type *ret;      /* NULL while unknown during inference */
    bool ret_fixed;       /* given by an explicit signature */
    bool explicit_sig;    /* made for one of the function's explicit signatures */
    bool device;          /* compiled for the GPU (kernels, device functions, what they call) */
    SpecState state;
    IrFunc *ir;           /* SPEC_READY: the function's IR */
    Arena *ir_arena;      /* owns ir; freed by prog_free */
    Diag errors;          /* SPEC_FAILED: why (reported by whoever uses the spec) */
    bool errors_reported;
    bool untyped;         /* prog_check's: no argument types, every parameter poison */
    bool superseded;      /* SPEC_FAILED for plain integers where a caller's constants, passed as
                             literals, gave a spec that types (build_call.c): not an error */
    int id;               /* its index among the program's specializations (Program.nspecs): tables
                             kept beside the program, such as the driver's code, are indexed by it */
    signed char in_cycle; /* host code: whether it is in a call cycle, and how it raises there
                             (codegen/recursion.c finds it and keeps it here; 0: not known yet) */
} Spec;

/* What a name at module level stands for. */
typedef enum {
    G_MODULE,   /* a module: .module */
    G_NUMBA,    /* an object of numba: .numba (njit, prange, ...) */
    G_TYPE,     /* a scalar type name: .type */
    G_MATHFN,   /* a function imported from math: .mathfn */
    G_MATHCONST,/* a constant imported from math: .fval */
    G_CONST,    /* a module-level constant: .expr */
    G_FUNC,     /* a def: .func */
    G_CUDA,     /* a member of numba.cuda imported by name (`from numba.cuda import grid`):
                   .cuda.member, resolved where it is used, as `cuda.MEMBER` would be */
    G_UNSUPPORTED, /* a name numba exports that jitc does not implement: .origin names the
                      module; an error where it is used, none where it is only imported */
    G_PYFUNC,   /* a def without a decorator that a module-level call compiles
                   (`k = cuda.jit(sig)(f)`): .pyfunc; plain Python, an error where used */
    G_SKIPPED,  /* a name a top-level statement jitc skips defines (a class, a helper def that
                   does not parse, `x += 1`, ...; frontend/skip.c): .origin says what it is; an
                   error where compiled code uses it */
    G_ARRAY,    /* a module-level NumPy array evaluated at compile time (constarray.c): .array,
                   frozen into the code as a read-only constant, as Numba does */
    G_MEMBER,   /* a member of a module imported by name (`from numpy import cos`): .member,
                   resolved where it is used, as `np.cos` would be */
    G_TUPLECLASS, /* a named tuple's class (`class Point(NamedTuple): x: float`, `P = namedtuple("P",
                     "x y")`): .tuple_class; calling it makes a tuple its fields name */
    G_EXCCLASS, /* `class MyError(ValueError): ...` (skipped by frontend/skip.c): an exception class
                   compiled code can raise, as the built-in class it derives from, .exc */
} GlobalKind;

/* A NumPy array computed at module level: its elements in memory order (C, or Fortran when
 * fortran), each ty_size(dtype) bytes, as NumPy stores them. */
enum { CONST_ARRAY_MAXDIM = 8 };
typedef struct ConstArray {
    const char *name;   /* the module-level name it is bound to */
    const Type *dtype;
    int ndim;
    int64_t shape[CONST_ARRAY_MAXDIM];
    bool fortran;       /* column-major (np.asfortranarray, .T of a C array); never for ndim < 2 */
    int64_t count;
    const unsigned char *data;
} ConstArray;

/* MOD_TYPES is numba.types (also numba.core.types, numba.cuda.types): the type objects. */
/* MOD_NPRANDOM is numpy.random (np.random), MOD_PYRANDOM Python's random module (build_nprandom.c).
 * MOD_OPERATOR is Python's operator module (operator.add(a, b) is a + b: build_call.c);
 * MOD_CUPY is cupy, of which compiled code reads the constants (cp.nan, cp.pi) only. */
typedef enum { MOD_MATH, MOD_NUMPY, MOD_NUMBA, MOD_CUDA, MOD_TYPES, MOD_CMATH,
               MOD_LINALG /* numpy.linalg, as np.linalg (build_linalg.c) */, MOD_NPRANDOM, MOD_PYRANDOM,
               MOD_OPERATOR, MOD_CUPY } ModuleId;

typedef enum {
    NB_NJIT, NB_JIT, NB_VECTORIZE, NB_GUVECTORIZE, NB_PRANGE, NB_CUDA_JIT, NB_CUDA_REDUCE,
    NB_CUDA_VECTORIZE, NB_CUDA_GUVECTORIZE, /* numba.cuda's own: target="cuda" by default */
    NB_STENCIL,     /* numba.stencil (build_stencil.c) */
    NB_REGISTER_JITABLE, /* numba.extending.register_jitable: an @njit function (build_closure.c's doc) */
} NumbaObj;

typedef struct Global {
    const char *name;
    GlobalKind kind;
    SrcLoc loc;
    union {
        ModuleId module;
        NumbaObj numba;
        const Type *type;
        IrMathFn mathfn;
        double fval;
        const Expr *expr;
        ProgFunc *func;
        struct { const char *member; bool host; } cuda; /* host: numba.cuda's host API */
        struct { ModuleId module; const char *name; } member;
        const char *origin;
        struct { const FuncDef *def; const char *compiled_as; } pyfunc;
        const ConstArray *array;
        int exc; /* G_EXCCLASS: an IrExc */
        const TupleClass *tuple_class; /* G_TUPLECLASS */
    };
} Global;

typedef struct Program {
    Arena *arena;
    Diag *diag;
    TypeTable types;
    const Module *mod;
    SkippedList uncompiled; /* defs and ifs of the module that jitc skips (beside mod->skipped) */
    const char *symbol_prefix; /* makes symbols unique among the modules of one JIT */
    Global *globals;
    int nglobals, capglobals;
    struct GlobalIndex *index; /* names to globals (program.c), caught up on each lookup */
    ProgFunc **funcs;
    int nfuncs, capfuncs;
    ProgFunc **outlined; /* prange bodies of parallel functions, made while building IR */
    int noutlined, capoutlined;
    int nspecs;          /* specializations made so far, of every function */
    const char *scope;   /* while a library loads (prog_load_library): bind() names "SCOPE.NAME" */
    ProgFunc **library;  /* the functions of loaded libraries (library.c), not the module's */
    int nlibrary, caplibrary;
    int *libraries_loaded; /* which of library.c's libraries are loaded */
    int nlibraries_loaded, caplibraries_loaded;
    const void *host;    /* the embedder's module, which runs `with objmode` blocks; NULL: refused */
} Program;

/* Resolves the module level; problems are reported to d and leave the program usable. host:
 * what `with objmode` blocks are handed to at run time (IrObjmode.host), NULL where nothing can
 * run them (they are then a compile error). */
Program *prog_new(Arena *a, Diag *d, const Module *m, const char *symbol_prefix, const void *host);
/* Frees what the program owns outside its arena (the specializations' IR arenas). */
void prog_free(Program *p);
const Global *prog_global(const Program *p, const char *name);
/* What name means in the code of f: a global of the module, or of f's library (f->scope). */
const Global *prog_lookup(const Program *p, const ProgFunc *f, const char *name);
/* Resolves a library written in krn (lib: its parsed text) into p: its imports, constants and
 * functions, under names "SCOPE.NAME" that the module's own code cannot write; its functions
 * go to p->library with scope set. */
void prog_load_library(Program *p, const Module *lib, const char *scope);
/* The function `name` of jitc's library `library` written in krn (library.c: "cmath",
 * "random"), the library loaded into p on first use (where: what needed it), or NULL. */
const Global *prog_library_function(Program *p, const char *library, const char *name, SrcLoc where);
/* numba.cuda.random (random.c): the library's global of a function a kernel may import by
 * name (its text loaded into p on first use; where: the import), or NULL; and whether name is
 * one of numba.cuda.random's host functions and objects (create_xoroshiro128p_states, ...). */
const Global *prog_random_member(Program *p, const char *name, SrcLoc where);
bool prog_random_host_name(const char *name);
ProgFunc *prog_func(const Program *p, const char *name);

/* Evaluates a signature expression ("float64(float64[:], int64)" or the same written as an
 * expression) into params and return type (NULL when the signature gives none). Reports
 * problems at the expression and returns false. */
bool prog_signature(Program *p, const Expr *sig, const Type ***params, int *nparams,
                    const Type **ret);
/* Parses a signature string from the API; errors go to p->diag with no location. */
bool prog_signature_string(Program *p, const char *text, const Type ***params, int *nparams,
                           const Type **ret);
/* Resolves a type name or subscript written in source (float32, int32[:, ::1]); NULL if it
 * is not one. Reports nothing. */
const Type *prog_type_expr(Program *p, const Expr *e);

/* The specialization of f for these argument types: found, or typed and built now.
 * ret (may be NULL) fixes the return type as an explicit signature does. Returns NULL
 * only when the arguments cannot match at all (count); check ->state for typing failure. */
Spec *prog_specialize(Program *p, ProgFunc *f, const Type **args, int nargs, const Type *ret,
                      bool device, SrcLoc where);

/* Specializes f's explicit signatures, once: prog_new does it for every function, as Numba
 * does at decoration time; a caller that needs them earlier (a kernel calling a device
 * function defined below it) gets them then. */
void prog_compile_signatures(Program *p, ProgFunc *f);
/* Numba's dispatch over explicit signatures: the spec of an exact match, else of the first
 * signature that takes the arguments by safe conversions, else by any numeric conversion (or
 * an array for an array of any layout); NULL if none takes them. */
Spec *prog_match_signature(Program *p, ProgFunc *f, const Type **args, int nargs);

/* Scalar type for a numba type name ("float32", "i8", "void"); NULL if none. */
const Type *prog_type_name(const char *name);
/* Value of a math constant (pi, e, tau, inf, nan); false if not one. */
bool prog_math_constant(const char *name, double *v);

/* A module-level constant expression's value, as Python computes it when the module runs
 * (modconst.c): numbers, booleans, strings, constants defined above, math's constants and
 * functions, arithmetic, comparisons, not/and/or, x if c else y, and numba.config's
 * NUMBA_NUM_THREADS (the machine's core count) and ENABLE_CUDASIM (False), and sys.maxsize. */
typedef struct ConstValue {
    enum { KV_BOOL, KV_INT, KV_FLOAT, KV_STR, KV_SEQ } kind;
    bool b;
    long long i;
    double f;
    const char *s;
    const Expr *seq; /* KV_SEQ: a list, tuple or set display as written */
} ConstValue;
/* Whether e names NAME of the Python module MODULE: `MODULE.NAME`, or NAME imported from it. */
bool prog_names_member(const Program *p, const Expr *e, const char *module, const char *name);
bool prog_const_value(const Program *p, const Expr *e, ConstValue *out);

/* Whether indices are checked in a function with these options: JITC_BOUNDSCHECK=1 or 0 decides
 * for every function (as NUMBA_BOUNDSCHECK), else the decorator's boundscheck=, else `fallback`
 * (prog_boundscheck_default). */
bool prog_boundscheck(const FuncOptions *o, bool fallback);
/* The default for code of f compiled for the host (device: for the GPU): checked in the module's
 * own host code; not in GPU code (numba-cuda checks none), nor in the libraries jitc writes in
 * krn, whose indices are right by construction. */
bool prog_boundscheck_default(const ProgFunc *f, bool device);

/* Whether f is compiled only for the GPU: kernels, device functions, reductions, and ufuncs
 * with target="cuda". */
bool prog_on_gpu(const ProgFunc *f);

/* The most parameters a compiled function has (JITC_MAX_ARGS of include/jitc.h). */
enum { PROG_MAX_PARAMS = 64 };

/* Checks a function without argument types: every parameter is unknown (poison), so what
 * needs no types is still checked (names, arity, attributes of modules, break outside a
 * loop, ...). Problems go to p->diag; nothing is kept. */
void prog_check(Program *p, ProgFunc *f);

/* The value of a module-level NumPy expression (np.array, np.arange, np.zeros/ones/full,
 * np.linspace, .reshape, .astype, .T, np.asfortranarray/ascontiguousarray, arithmetic), computed
 * as NumPy would, in p's arena; NULL, reporting nothing, if the expression is not one of them
 * (constarray.c). */
const ConstArray *prog_const_array(Program *p, const char *name, const Expr *e);
/* Numba's none as a compile-time argument: the type of a parameter left out whose default is
 * None (Numba's Omitted(None)); it has no run-time value (build_optional.c). */
const Type *prog_none_type(Program *p);
/* e computed into the array `into`, as NumPy's in-place operators write (`A += x` at module
 * level): into's dtype (cast), shape and order; NULL if e is no array of into's shape. */
const ConstArray *prog_const_array_inplace(Program *p, const char *name, const Expr *e, const ConstArray *into);
/* The read-only array type of a constant array: C, or any layout ('A') for a Fortran one. */
const Type *prog_const_array_type(Program *p, const ConstArray *a);

/* Whether a built spec holds a float16 anywhere: parameters, result or values (build_fp16.c). */
bool prog_spec_uses_float16(const Spec *s);

/* ---- @stencil (build_stencil.c) ---- */
/* Makes f, decorated by d (`stencil` or `stencil(...)`), an FK_STENCIL function with d's options. */
void prog_stencil_decorate(Program *p, ProgFunc *f, const Expr *d);
/* The variant of stencil f a call uses: one that takes `out=`, one whose outer loop is a prange. */
ProgFunc *prog_stencil_variant(Program *p, ProgFunc *f, bool with_out, bool parallel);
/* A @cuda.jit kernel called from GPU code is compiled as a device function, as numba-cuda does
 * (a value it returns is then the call's value): this function, named KERNEL.device. */
ProgFunc *prog_kernel_as_device(Program *p, ProgFunc *kernel);
/* The compile-time argument that is the scalar type t as a class (np.float64 passed as an
 * argument: Numba's class(float64)), as compiled callers pass it (build_call.c). */
const Type *prog_class_type(Program *p, const Type *t);
/* The function a stencil's spec builds (its loop nest over the kernel), or NULL with s failed. */
const FuncDef *bld_stencil_def(Program *p, Spec *s);

/* Builds the IR of a spec by fixed-point type inference (build.c). */
void bld_spec(Program *p, Spec *s);

#endif
