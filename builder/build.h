/* build.h — internals shared by the IR builder's files (build.c statements, build_expr.c
 * expressions, build_call.c calls and names). Not part of any other stage's interface.
 *
 * Variables are typed as Numba types them, per assignment (SSA style): an assignment binds
 * the name to a value of its own type, and types meet only where control flow merges (after
 * an if, at a loop's head and exit), where they unify; a merge that cannot unify makes the
 * name unusable until it is assigned again. The builder carries an environment (a Binding per
 * variable) through the structured lowering and inserts the conversions at merges.
 *
 * Type inference is the builder run to a fixed point: a loop's head must be typed before its
 * body is lowered, so each pass uses the head types that earlier passes found; a back edge
 * that widens them, or a return that widens the return type, marks the pass `changed`, and
 * it is discarded and run again. The first pass that changes nothing is final: its IR and its
 * diagnostics are the result.
 *
 * The builder's functions are named bld_* (bld_expr builds the IR of an expression, bld_stmt of a
 * statement, ...), the static ones of its lowering walk too; its entry is bld_spec (program.h). */
#ifndef JITC_BUILD_H
#define JITC_BUILD_H

#include "frontend/strmap.h"
#include "program.h"

/* The most arguments a call passes, in the builder's fixed-size operand arrays (Numba has no
 * such limit; 32 covers every call of the corpus). Arrays have at most TY_MAX_NDIM dimensions. */
enum { BLD_MAX_ARGS = 32 };

typedef enum {
    OPK_VALUE,   /* v, type, weak, is_const/ci */
    OPK_NONE,    /* the value None (a call without return value) */
    OPK_STR,     /* a string literal: str */
    OPK_MODULE,  /* module */
    OPK_FUNC,    /* func */
    OPK_TYPE,    /* tyref: a type name used as a cast function */
    OPK_BUILTIN, /* builtin */
    OPK_MATHFN,  /* mathfn; from_numpy changes floor/ceil/trunc results to floats */
    OPK_CUDA,    /* cuda: an object of the cuda module inside GPU code */
    OPK_ARRAYEXPR, /* ax: an element-wise expression over arrays, not yet computed (build_array.c) */
    OPK_NPFUNC,  /* npfunc: a NumPy function on arrays (np.zeros, np.sum, ...) */
    OPK_METHOD,  /* npfunc bound to the array v of type `type` (a.sum(), a.astype(...)) */
    OPK_ERROR,   /* already reported */
    OPK_LINALG,  /* linalg: np.dot, np.linalg.inv, ...; a.dot bound to the array v of type `type` */
    OPK_LIMITS,  /* np.finfo(tyref) or np.iinfo(tyref), as builtin says (build_getlimits.c) */
    OPK_TUPLECLASS, /* tuple_class: a named tuple's class, which a call makes a tuple of (build_call.c) */
} OperandKind;

typedef enum {
    BI_RANGE, BI_PRANGE, BI_LEN, BI_MIN, BI_MAX, BI_ABS, BI_POW, BI_ROUND, BI_INT, BI_FLOAT, BI_BOOL,
    BI_PRINT, BI_ENUMERATE, BI_ZIP, BI_REVERSED, /* the last three: iterables of for loops only */
    BI_ITER, BI_NEXT, /* build_iterator.c */
    /* under np. only */
    BI_MINIMUM, BI_MAXIMUM, BI_FMIN, BI_FMAX, BI_SQUARE, BI_SIGN, BI_SIGNBIT,
    BI_LOGICAL_AND, BI_LOGICAL_OR, BI_LOGICAL_XOR, BI_LOGICAL_NOT,
    /* complex numbers (build_complex.c): complex(); np.conj/conjugate, np.real, np.imag;
     * cmath.NAME (Operand.str is NAME) */
    BI_COMPLEX, BI_CONJ, BI_REAL, BI_IMAG, BI_CMATH,
    /* jitc's libraries only (build_numpy.c): _raise_value_error("message"), _typing_error("message");
     * _broadcast_view(a, shape) (build_view.c); _tuple_setitem(t, i, v) (build_tuple_index.c) */
    BI_LIB_RAISE_VALUE, BI_LIB_TYPING_ERROR, BI_LIB_BROADCAST_VIEW, BI_LIB_TUPLE_SETITEM,
    BI_RANDOM, /* a function of np.random or random: str its name, module which (build_nprandom.c) */
    BI_DIVMOD, BI_GCD, /* divmod(), math.gcd() (build_arith.c) */
    BI_NP_UFUNC, /* np.logaddexp, np.gcd, np.divmod, ...: str its name (np/build_ufuncs.c) */
    BI_FINFO, BI_IINFO, BI_DTYPE, /* np.finfo(), np.iinfo(), np.dtype() (build_getlimits.c) */
    BI_TYPE,  /* type(x) of a number: its type, a class that converts (type(x)(0.5)) */
    BI_OPERATOR, /* a function of Python's operator module: str its name (build_call.c) */
    BI_SLICE,    /* slice(start, stop, step): a slice object (np/build_view.c) */
    BI_STR, BI_REPR, BI_CHR, BI_ORD, /* cpython/build_str.c */
    BI_STR_METHOD, /* a string's method, bound: v the string, str the method's name (build_str.c) */
} Builtin;

/* The objects under `cuda.` that GPU code uses. */
typedef enum {
    CU_THREADIDX, CU_BLOCKIDX, CU_BLOCKDIM, CU_GRIDDIM, /* dim3: .x .y .z */
    CU_SHARED, CU_LOCAL, CU_ATOMIC,                     /* namespaces */
    CU_GRID, CU_GRIDSIZE, CU_SYNCTHREADS, CU_SYNCWARP, CU_THREADFENCE,
    CU_SHARED_ARRAY, CU_LOCAL_ARRAY,                    /* callables */
    CU_ATOMIC_OP,                                       /* cuda.atomic.X: Operand.atomic */
    CU_WARP_OP,                                         /* shfl_*_sync, *_sync votes: Operand.warp */
    CU_ATOMIC_COMPARE_AND_SWAP,                         /* cuda.atomic.compare_and_swap(a, old, v) */
    CU_THREADFENCE_BLOCK, CU_THREADFENCE_SYSTEM,
    CU_SYNCTHREADS_COUNT, CU_SYNCTHREADS_AND, CU_SYNCTHREADS_OR,
    CU_POPC, CU_BREV, CU_CLZ, CU_FFS,                   /* in IrUnOp's order */
    CU_SELP, CU_LANEMASK_LT,
    CU_CONST, CU_CONST_ARRAY_LIKE,                      /* cuda.const, cuda.const.array_like */
    CU_CG, CU_CG_THIS_GRID,                             /* cuda.cg, cuda.cg.this_grid */
    CU_GRID_GROUP, CU_GRID_GROUP_SYNC,                  /* what this_grid() gives, and its .sync */
    CU_BIT_COUNT,                                       /* i.bit_count() in GPU code: Operand.v, .type */
    CU_NANOSLEEP, CU_IS_FLOAT16_SUPPORTED,
    CU_FP16, CU_FP16_OP,                                /* cuda.fp16, cuda.fp16.X: Operand.fp16 */
    CU_LIBDEVICE, CU_LIBDEVICE_FN,                      /* cuda.libdevice, cuda.libdevice.X: Operand.libdevice */
} CudaObj;

/* NumPy's array functions and methods (build_array.c; NP_EMPTY ... NP_ARANGE: build_create.c). */
typedef enum {
    NP_EMPTY, NP_ZEROS, NP_ONES, NP_FULL, NP_EMPTY_LIKE, NP_ZEROS_LIKE, NP_ONES_LIKE, NP_FULL_LIKE,
    NP_ARANGE, NP_COPY, NP_ASTYPE, NP_WHERE, NP_SUM, NP_PROD, NP_MIN, NP_MAX, NP_MEAN,
    NP_ARGMIN, NP_ARGMAX, NP_ALL, NP_ANY, NP_VAR, NP_STD, NP_PTP, NP_CUMSUM, NP_CUMPROD, NP_FLATTEN,
    /* views and the methods beside them (build_view.c: NP_VIEW_BASE + ViewMethod) */
    NP_VIEW_BASE = 500,
} NpFunc;

typedef struct ArrayExpr ArrayExpr;

typedef struct Operand {
    OperandKind kind;
    IrValue v;
    const Type *type;
    bool weak;      /* a literal: NEP 50 weak scalar */
    bool is_const;  /* an integer known at compile time: ci */
    int64_t ci;
    const Type *lit; /* a tuple of integer constants: its literal type (TY_COMPTIME), else NULL */
    const char *str;
    ModuleId module;
    ProgFunc *func;
    const Type *tyref;
    Builtin builtin;
    IrMathFn mathfn;
    bool from_numpy;
    CudaObj cuda;
    IrAtomic atomic;
    IrWarp warp;
    int fp16;       /* CU_FP16_OP: which function (build_fp16.c) */
    int libdevice;  /* CU_LIBDEVICE_FN: its row of ir/libdevice.def */
    ArrayExpr *ax;
    NpFunc npfunc;
    bool bound;     /* OPK_FUNC: a method of the numpy library bound to the array v of type `type` */
    const struct LinalgFn *linalg; /* OPK_LINALG (build_linalg.c) */
    const TupleClass *tuple_class; /* OPK_TUPLECLASS */
} Operand;

typedef struct Var {
    const char *name;
    int *locals;      /* this pass: an IR local per type the variable takes */
    int nlocals, caplocals;
} Var;

/* What a variable holds at a point of the function. */
typedef struct Binding {
    const Type *type;      /* NULL: not assigned on every path here */
    int local;
    const Type *clash[2];  /* set when two paths merged values that do not unify */
} Binding;

/* A jump into a merge point, with the bindings it carries. */
typedef struct Edge {
    int block;
    Binding *env;
} Edge;

typedef struct EdgeList {
    Edge *items;
    int n, cap;
} EdgeList;

/* Head types of one loop, kept across passes: the fixed point of loop-carried variables. */
typedef struct LoopTypes {
    const Stmt *loop;
    const Type **types;
} LoopTypes;

typedef struct Loop {
    int head_block;     /* where `continue` and the end of the body go */
    int cont_block;     /* the block they jump to (the for loop's increment) */
    const Stmt *stmt;
    Binding *head;      /* bindings at the head */
    EdgeList breaks;    /* jumps to the exit, merged after the loop */
    int exit_block;
    int body_block;     /* where the body starts */
    int done_block;     /* where the loop goes when its condition fails: the else block or the exit */
    bool entered_dead;  /* b->dead where the loop began */
    bool unrolled;      /* one copy of an unrolled loop (over a tuple): `continue` jumps forward */
    EdgeList conts;     /* unrolled: jumps to cont_block, the next copy */
} Loop;

/* What the builder keeps across the fixed-point passes: what one pass learns for the next.
 * Everything else in Builder belongs to the pass, and run_pass starts it anew. */
typedef struct BuilderKept {
    Var *vars; /* the function's variable names (program arena); their locals are the pass's */
    int nvars, capvars;
    StrMap var_index; /* their names to their indices */
    LoopTypes *loop_types; /* the head types of each loop */
    int nloop_types, caploop_types;
    const Type *ret;   /* unified return type so far */
    struct ListSyntax *list_syntax; /* build_list.c: loops made for comprehensions, list(), extend() */
    int nlist_syntax, caplist_syntax;
    struct MapLoop *map_loops; /* build_map.c: loops over map(...) written out */
    int nmap_loops, capmap_loops;
    struct ListWidening *list_widen; /* build_list.c: item types a list variable was given later */
    int nlist_widen, caplist_widen;
    bool list_widened; /* the pass widened a list variable: the next one starts its return type anew */
    bool list_unknown_read, list_first_found; /* build_list.c: a list read before its first append, */
    bool list_first_wanted, list_restart;       /* and its item type found by the append */
} BuilderKept;

typedef struct Builder {
    Program *p;
    Spec *spec;
    const FuncDef *def;
    const FuncOptions *opts;
    BuilderKept kept;
    /* the pass's own state */
    Arena *pass_arena; /* this pass's IR and diagnostics */
    IrFunc *f;
    Diag diag;
    Binding *env;      /* bindings at the current point */
    bool dead;         /* the current point is unreachable (after return, break, ...) */
    struct EdgeList *handler_edges; /* in a try body with an except clause: the edges into it */
    int try_bodies;    /* the try bodies the current point is in (build_exc.c) */
    bool value_return_seen, none_return_seen;
    bool changed;
    bool recursion_pending;  /* a recursive call's return type was not known yet */
    SrcLoc recursion_loc;
    struct {                 /* build_untyped.c: prog_check's view of the returns, this pass */
        bool recursive_return, typed_return;
        SrcLoc recursion_loc;
    } untyped;
    Loop loops[64];
    int nloops;
    int const_depth;   /* nesting of module-level constant evaluation */
} Builder;

/* build_ir.c: the small IR-building helpers every file uses (none sets an instruction's flags) */
IrValue bld_i64_const(Builder *b, int64_t v, SrcLoc loc);                           /* an int64 constant */
IrValue bld_bin(Builder *b, IrBinOp op, const Type *t, IrValue x, IrValue y, SrcLoc loc); /* x op y of type t */
IrValue bld_i64_arith(Builder *b, IrBinOp op, IrValue x, IrValue y, SrcLoc loc);    /* x op y, int64 */
IrValue bld_cmp(Builder *b, AstOp op, IrValue x, IrValue y, SrcLoc loc);            /* x op y, bool */
IrValue bld_select(Builder *b, IrValue cond, IrValue x, IrValue y, SrcLoc loc);     /* of x's type */
/* a[idx...]: one index per dimension of array a, known to be in range */
IrValue bld_elem_load(Builder *b, IrValue a, const IrValue *idx, SrcLoc loc);
/* Continues in a new block when cond is false; the path where it is true raises. */
void bld_raise_if(Builder *b, IrValue cond, IrExc exc, const char *msg, SrcLoc loc);

/* build_map.c: map(f, iterable, ...) as a for loop's iterable (comprehensions and list() too) */
void bld_map_declare(Builder *b, const Expr *call); /* before the first pass: its hidden variables */
/* The loop s as built: s, or, over map(...), the loop written out; NULL after an error. */
const Stmt *bld_map_loop(Builder *b, const Stmt *s);

/* build_isinstance.c: isinstance(x, T), decided when compiling: 0 or 1, -1 when it cannot be
 * (reported where report) */
bool bld_is_isinstance_call(Builder *b, const Expr *e);
int bld_isinstance(Builder *b, const Expr *call, bool report);

/* build_dict.c: dicts and sets */
Operand bld_fstring_value(Builder *b, const Expr *e); /* build_exc.c: f"..." as a value: constants only */
Operand bld_dict_display(Builder *b, const Expr *e); /* {k: v, ...}, {} */
Operand bld_dict_new(Builder *b, SrcLoc loc);        /* an empty dict, typed by its first store */
Operand bld_set_display(Builder *b, const Expr *e);  /* {a, b, ...} */
/* A call of a dict or set method, dict(), set(), hash(), numba.typed.Dict: whether call is one (then *out) */
bool bld_dict_call(Builder *b, const Expr *call, Operand *out);
bool bld_dict_builtin(Builder *b, const char *name, const Operand *ops, int n, SrcLoc loc, Operand *out); /* len, min, max of h */
IrValue bld_dict_truth(Builder *b, IrValue h, SrcLoc loc);                           /* bool(h) */
Operand bld_dict_subscript(Builder *b, const Expr *e, IrValue h);                    /* d[k] */
void bld_dict_store(Builder *b, const Expr *target, IrValue h, Operand val, SrcLoc loc); /* d[k] = v */
bool bld_dict_del(Builder *b, const Expr *target); /* del d[k]: whether target is one */
bool bld_dict_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out); /* in, ==, <, ... */
bool bld_dict_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out);   /* | & - ^ of sets */
bool bld_dict_augassign(Builder *b, const Stmt *s); /* s |= t, ...: whether s is one */
/* for loops over a dict or set (build_iter.c): the count, with *local the hidden position; the
 * item of each iteration (advancing the position); d.keys()/values()/items() as an iterable */
typedef enum { HASH_VIEW_KEYS, HASH_VIEW_VALUES, HASH_VIEW_ITEMS } BldHashView;
IrValue bld_hash_iter_start(Builder *b, IrValue h, int *local, SrcLoc loc);
bool bld_hash_iter_untyped(Builder *b, IrValue h, SrcLoc loc); /* reported, unless checking */
Operand bld_hash_iter_item(Builder *b, IrValue h, int local, BldHashView view, SrcLoc loc);
int bld_hash_view_call(Builder *b, const Expr *e, IrValue *h); /* the view, or -1: not one */

/* build_list.c: lists */
void bld_declare_var(Builder *b, const char *name); /* build.c: a variable of the function */
void bld_list_prepare(Builder *b);                  /* before the first pass: comprehension loops */
Operand bld_list_literal(Builder *b, const Expr *e); /* [a, b, c] */
Operand bld_list_comp(Builder *b, const Expr *e);    /* [x for x in ...] */
/* A call of a list method, list(), sorted(), typed.List: whether call is one (then *out) */
bool bld_list_call(Builder *b, const Expr *call, Operand *out);
bool bld_list_sum_call(Builder *b, const Expr *call, Operand *out); /* sum(iterable) */
/* len/min/max (name) of a list ops[0] */
bool bld_list_builtin(Builder *b, const Expr *call, const char *name, const Operand *ops, int n, Operand *out);
Operand bld_list_subscript(Builder *b, const Expr *e, IrValue l);                  /* l[i], l[a:b:c] */
void bld_list_store(Builder *b, const Expr *t, IrValue l, Operand val, SrcLoc loc); /* l[i] = v, l[a:b] = m */
bool bld_list_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out); /* in, ==, != */
bool bld_list_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out);    /* +, * */
bool bld_list_cast(Builder *b, IrValue v, const Type *to, SrcLoc loc, IrValue *out); /* `[]` typed */
bool bld_list_to_array(Builder *b, IrValue l, SrcLoc loc, Operand *out);            /* np.array(l) */
/* Whether an argument is a list whose item type is not known yet (reported: a later pass may know) */
bool bld_list_items_unknown(Builder *b, const Type *const *types, int n, SrcLoc loc);
IrValue bld_list_truth(Builder *b, IrValue l, SrcLoc loc); /* bool(l): not empty */
bool bld_list_augassign(Builder *b, const Stmt *s);         /* whether s is l += m, l *= n, l[i] op= x */
void bld_list_del(Builder *b, const Stmt *s);               /* del l[i], del l[a:b] (and of several) */
/* The type at a loop's head of list variable `name` that entered as `entering` and unified to u
 * with what came back: u with the item type later appends give the variable, where it entered
 * without items (`[]`), as Numba's inference refines a list's item type. */
const Type *bld_list_widened(Builder *b, const char *name, const Type *entering, const Type *u);
void bld_list_pass_start(Builder *b); /* run_pass: before each pass */
/* `name = l` of a list l without item type: l with the one a later append gave it in an earlier pass */
IrValue bld_list_assigned(Builder *b, const char *name, IrValue l, SrcLoc loc);
IrValue bld_list_iter_len(Builder *b, IrValue l, SrcLoc loc);              /* for x in l (build_iter.c) */
IrValue bld_list_iter_item(Builder *b, IrValue l, IrValue k, SrcLoc loc);

/* build_str.c: strings (Numba's unicode_type) */
bool bld_is_str(const Operand *o);                      /* a literal, or a TY_STR value */
IrValue bld_str_const(Builder *b, const char *s, SrcLoc loc); /* a literal as a value */
Operand bld_str_len(Builder *b, Operand o, SrcLoc loc); /* len(s) */
IrValue bld_str_truth(Builder *b, IrValue s, SrcLoc loc); /* bool(s): not empty */
/* l OP r where either is a string (==, <, ..., is, in a string or a tuple of strings): whether (then *out) */
bool bld_str_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out);
/* A GPU spec whose parameters or result hold a string (a signature's unicode_type): reported. */
void bld_refuse_device_str(Builder *b);
/* l OP r (+, *, ...) where either is a string: true, *out the new string (or reported); false if
 * neither is one */
bool bld_str_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out);
Operand bld_str_of(Builder *b, Operand x, SrcLoc loc);  /* str(x) of a number, bool or string */
Operand bld_str_subscript(Builder *b, const Expr *e, Operand s);              /* s[i], s[a:b:c] */
Operand bld_str_char(Builder *b, IrValue s, IrValue i, SrcLoc loc);           /* s[i], i in range */
Operand bld_str_attr(Builder *b, IrValue s, const char *name, SrcLoc loc);    /* s.method, bound */

/* build_expr.c */
Operand bld_expr(Builder *b, const Expr *e);
IrValue bld_value_of(Builder *b, Operand o, SrcLoc loc);  /* o must be a value; else reports */
IrValue bld_cast_value(Builder *b, IrValue v, const Type *to, SrcLoc loc);
IrValue bld_truth_value(Builder *b, Operand o, SrcLoc loc);
IrValue bld_condition(Builder *b, const Expr *e); /* the truth of if's, while's, assert's condition */
Operand bld_binary_op(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc);
void bld_keep_literal_values(Operand *const *ops, int n);
Operand bld_value_operand(IrValue v, const Type *t);
Operand bld_error_operand(Builder *b);
Operand bld_const_int_operand(Builder *b, const Type *t, int64_t v, bool weak, SrcLoc loc);
bool bld_is_error(Builder *b, IrValue v);
const char *bld_type_name(Builder *b, const Type *t);
IrValue bld_elem_address_args(Builder *b, const Expr *sub, IrValue array, IrValue *args, int *nargs,
                              const Type **dtype);
unsigned bld_elem_flags(Builder *b);
/* Whether compiled code may write into the array; reports a located error if it is read-only
 * (a module-level NumPy array, frozen as a constant). */
bool bld_writable(Builder *b, IrValue array, SrcLoc loc);

/* build_array.c */
bool bld_is_arraylike(Operand o); /* an array value or an element-wise expression over arrays */
/* How messages name an operand: its type, "an array expression", "None", "a string" or "this". */
const char *bld_describe(Builder *b, Operand o);
/* A NumPy call's arguments bound to the function's parameters (a method's receiver first), lowered
 * but not computed; absent optional ones are OPK_NONE with a NULL source (bld_np_call binds them). */
enum { BLD_MAX_NP_ARGS = 4 };
typedef struct NpArgs {
    Operand ops[BLD_MAX_NP_ARGS];
    const Expr *srcs[BLD_MAX_NP_ARGS];
} NpArgs;
/* A dtype argument (bld_dtype_of); def when absent. */
const Type *bld_np_dtype_arg(Builder *b, Operand o, const Expr *src, const Type *def);
/* An array argument: computed if it is an expression; IR_NOVALUE after reporting. */
IrValue bld_np_array_arg(Builder *b, Operand o, const Expr *src, const char *fname);

/* While building the scalar body of a fused array expression, operators on bools take NumPy's
 * ufunc loops rather than Python's rules: bool + bool is `or`, bool * bool `and`, ~bool `not`,
 * abs(bool) bool, and the rest compute in int8 (Numba's choice: NumPy has no bool loop). */
static inline bool bld_bool_ufunc_loops(const Builder *b) { return b->spec->func->fused_from != NULL; }
Operand bld_array_binop(Builder *b, const Expr *e, Operand l, Operand r);   /* e: EX_BINOP */
Operand bld_array_unary(Builder *b, const Expr *e, Operand o);              /* e: EX_UNARY */
Operand bld_array_compare(Builder *b, const Expr *e, Operand l, Operand r); /* e: EX_COMPARE of two */
/* A math function or numpy builtin (abs, minimum, ...) applied element-wise: call's args
 * lowered into ops[0..n). */
Operand bld_array_call(Builder *b, const Expr *call, const Operand *ops, int n);
/* np.sin(x, out), np.add(a, b, out) in GPU code: a loop over out's elements (build_array.c) */
Operand bld_gpu_ufunc_into(Builder *b, const Expr *call, const Operand *ins, int n, Operand out);
IrValue bld_array_value(Builder *b, Operand o, SrcLoc loc); /* computes an OPK_ARRAYEXPR */
/* o computed now when it is an array expression in a try body and `later`, an operand built
 * after it, may write arrays (build_array.c) */
Operand bld_array_before(Builder *b, Operand o, const Expr *later, SrcLoc loc);
/* func(ops...) element by element, its fused function named after src (a node lasting across passes) */
Operand bld_array_call_as(Builder *b, const Expr *src, const Expr *call, Expr *func, const Operand *ops, int n);
/* Python's max(a) / min(a) of a 1-d array (build_array.c). */
Operand bld_array_builtin_extreme(Builder *b, bool is_min, IrValue a, SrcLoc loc);
/* A call of function `name` of jitc's krn library `library` (builder/library.c) with values args. */
Operand bld_library_call(Builder *b, const char *library, const char *name, IrValue *args, int n, SrcLoc loc);
bool bld_numpy_array_function(const char *name, Operand *out); /* np.NAME, if an array function */
Operand bld_array_method(Builder *b, IrValue a, const Type *at, const char *name, SrcLoc loc, bool *found);
Operand bld_np_call(Builder *b, const Expr *call, Operand f);
void bld_array_augassign(Builder *b, const Stmt *s, Operand target); /* a += ..., in place */
/* cur OP val of the augmented assignment s, as an element-wise expression not yet computed */
Operand bld_array_augmented(Builder *b, const Stmt *s, Operand cur, Operand val);
/* into[...] = val: a number, an array or an array expression, broadcast and converted to into's
 * dtype; site (a node that lasts across passes, the assignment's target) names the loop made. */
void bld_array_assign(Builder *b, IrValue into, Operand val, const Expr *site, SrcLoc loc);
/* t[ix] for a homogeneous tuple t and an index known at run time (build_tuple_index.c). */
Operand bld_tuple_index_value(Builder *b, const Expr *e, IrValue t, const Type *tt, Operand ix);
/* Loops over every index of an array in C order (idx[] gets the indices), closed by bld_nest_close. */
typedef struct Nest {
    int ndim;
    int index[TY_MAX_NDIM]; /* the locals counting each axis */
    int head[TY_MAX_NDIM], exit[TY_MAX_NDIM];
} Nest;
void bld_nest_open(Builder *b, Nest *n, IrValue a, IrValue *idx, SrcLoc loc);
void bld_loops_open(Builder *b, Nest *n, const IrValue *dims, int ndim, IrValue *idx, SrcLoc loc); /* over dims */
void bld_nest_close(Builder *b, const Nest *n, SrcLoc loc);
/* Hands a value that holds arrays the function just received (a call's result, a new array)
 * to a hidden local, which owns it from then on; returns v. */
IrValue bld_own_arrays(Builder *b, IrValue v, SrcLoc loc);

/* build_gufunc_call.c: a @guvectorize gufunc called from host code, all operands given */
Operand bld_gufunc_call(Builder *b, const Expr *call, ProgFunc *fn);

/* build_view.c: subscripts beyond one element (views, advanced indexing) */
enum { BLD_MAX_INDEX_ITEMS = 32 };
typedef enum { IX_INT, IX_SLICE, IX_NEWAXIS, IX_ELLIPSIS, IX_ARRAY } IndexKind;
typedef struct IndexItem {
    IndexKind kind;
    IrValue v;            /* IX_INT: the index (int64); IX_ARRAY: the index array */
    IrValue lo, hi, step; /* IX_SLICE: int64 each, IR_NOVALUE where omitted or None */
    bool has_step;        /* IX_SLICE written with a step: Numba's slice3, never contiguous */
    bool step_nonzero;    /* IX_SLICE: the step is a constant other than 0 (no check needed) */
    SrcLoc loc;
} IndexItem;
/* A subscript's items, evaluated once. */
typedef struct Subscript {
    IndexItem items[BLD_MAX_INDEX_ITEMS];
    int n;
    int n_indices; /* items that index an axis of the base: not None, not ... */
    int array;     /* the advanced item, or -1 */
    bool ellipsis;
    bool in_bounds; /* the indices are proven in range (the subscript's in_bounds) */
} Subscript;
/* Evaluates and classifies the items of sub (an EX_SUBSCRIPT) on array a; false after reporting. */
bool bld_subscript_items(Builder *b, const Expr *sub, IrValue a, Subscript *s);
/* s.start, s.stop, s.step of a slice object: the part, or where it was left out Numba's default
 * (0, the largest int64, 1) */
bool bld_slice_attr(Builder *b, Operand s, const char *name, SrcLoc loc, Operand *out);
bool bld_subscript_is_element(const Subscript *s, const Type *array_type); /* a[i, j] of a 2-d a */
Operand bld_subscript_load(Builder *b, IrValue a, const Subscript *s, SrcLoc loc);
/* a[...] = val; site: the target (lasts across passes) */
void bld_subscript_store(Builder *b, IrValue a, const Subscript *s, Operand val, const Expr *site, SrcLoc loc);
IrValue bld_array_stride(Builder *b, IrValue a, int axis, SrcLoc loc); /* in bytes, int64 */
IrValue bld_array_extent(Builder *b, IrValue a, int axis, SrcLoc loc); /* shape[axis], int64 (build_array.c) */
IrValue bld_element_count(Builder *b, IrValue a, SrcLoc loc);          /* a.size, int64 (build_array.c) */
void bld_copy_into(Builder *b, IrValue dst, IrValue src, SrcLoc loc); /* dst[...] = src, same shapes */
/* build_iterator.c: iter(x), next(it); an iterator is (source, position array), TY_TAG_ITER */
Operand bld_iter_call(Builder *b, const Expr *call, const Operand *ops, int n);
Operand bld_next_call(Builder *b, const Expr *call, const Operand *ops, int n);
const Type *bld_iterator_type(Builder *b, const Type *source);
IrValue bld_iterator_source(Builder *b, IrValue it, SrcLoc loc);
IrValue bld_iterator_position(Builder *b, IrValue it, SrcLoc loc); /* int64 */
IrValue bld_iterator_length(Builder *b, IrValue it, SrcLoc loc);   /* the source's length, int64 */
Operand bld_iterator_item(Builder *b, IrValue it, IrValue pos, SrcLoc loc); /* no check */
void bld_iterator_advance(Builder *b, IrValue it, IrValue pos, SrcLoc loc); /* position := pos + 1 */
/* a, b = seq: the elements or rows of an array, the values of a range, the items of a list into
 * the targets of t; false if seq is none of those (build_unpack.c) */
bool bld_unpack_sequence(Builder *b, const Expr *t, IrValue seq, SrcLoc loc);
/* a.T, a.dtype, a.itemsize, a.nbytes, a.strides, a.real, a.imag, a.flat: whether name is one */
bool bld_array_view_attr(Builder *b, IrValue a, const char *name, SrcLoc loc, Operand *out);
IrValue bld_transpose(Builder *b, IrValue a, const int *perm, SrcLoc loc); /* axes permuted: a view */
/* The 1-d view of a along axis, the other axes fixed at idx[] (idx[axis] unused). */
IrValue bld_axis_view(Builder *b, IrValue a, int axis, const IrValue *idx, SrcLoc loc);
IrValue bld_element_view(Builder *b, IrValue a, const IrValue *idx, SrcLoc loc); /* 0-d, at idx (build_view.c) */
typedef enum { VM_RESHAPE, VM_RAVEL, VM_TRANSPOSE, VM_VIEW, VM_ITEM, VM_FILL } ViewMethod;
/* a.reshape(...), ... on array a with the call's other arguments args */
Operand bld_view_call(Builder *b, const Expr *call, ViewMethod which, IrValue a, const Expr *const *args, int nargs);

/* build_syntax.c */
Expr *bld_syn_expr(Builder *b, ExprKind k, SrcLoc loc);
Expr *bld_syn_name(Builder *b, const char *name, SrcLoc loc);
Expr *bld_syn_binop(Builder *b, AstOp op, Expr *l, Expr *r);
Stmt *bld_syn_stmt(Builder *b, StmtKind k, SrcLoc loc);
/* A function made by the builder, kept in p->outlined; it runs on one thread. */
ProgFunc *bld_syn_function(Builder *b, const char *name, SrcLoc loc, const char **params, int nparams, Stmt **body,
                           int nbody, FuncKind kind);

/* build_create.c: new arrays (np.empty/zeros/ones/full and their _like forms, np.arange: NpFunc
 * values, called through bld_np_call), np.array/asarray/ascontiguousarray, the joining functions
 * (concatenate, stack, vstack, row_stack, hstack, column_stack, dstack), x.item() of a number,
 * np.ndindex/ndenumerate/nditer (for loops' iterables, lowered by build_iter.c). Those after
 * np.arange have Operand.npfunc NP_CREATE_BASE + their own number. */
enum { NP_CREATE_BASE = 2000 };
enum { BLD_NDINDEX, BLD_NDENUMERATE, BLD_NDITER };
bool bld_create_function(const char *name, Operand *out);  /* np.NAME, if one of them */
Operand bld_create_call(Builder *b, const Expr *call, Operand f);
int bld_nd_iterator(Operand f);   /* BLD_NDINDEX, BLD_NDENUMERATE, BLD_NDITER, or -1 */
Operand bld_number_item(IrValue v, const Type *t); /* x.item() of a number x, bound */
/* A dtype operand: np.float32, numba.float32, float, 'float64'/'f8'/'int', a.dtype, a
 * dtype passed as an argument; reports and gives NULL for anything else. */
const Type *bld_dtype_of(Builder *b, Operand o, SrcLoc loc);
/* A shape operand (an integer or a tuple of integers) as int64 values; its rank, 0 after reporting. */
int bld_shape_dims(Builder *b, Operand o, SrcLoc loc, IrValue *dims, const char *fname);
/* A new C-contiguous array of the shape, owned by the function, filled with `fill` (cast to dt)
 * unless IR_NOVALUE. */
Operand bld_new_array(Builder *b, const IrValue *dims, int ndim, const Type *dt, IrAlloc how, IrValue fill, SrcLoc loc);
Operand bld_zero_d_array(Builder *b, IrValue x, const Type *dt, SrcLoc loc); /* a new 0-d array holding x */
/* np.empty / zeros / ones / full and their _like forms (fn, called `name`), np.arange: the
 * arguments bound by bld_np_call (build_array.c) */
Operand bld_np_alloc(Builder *b, NpFunc fn, NpArgs *a, const char *name, SrcLoc loc);
Operand bld_np_arange(Builder *b, NpArgs *a, SrcLoc loc);

/* build_complex.c: complex numbers */
Operand bld_imag_literal(Builder *b, double im, SrcLoc loc);   /* `2.5j`: a weak complex128 */
IrValue bld_make_complex(Builder *b, IrValue re, IrValue im, const Type *t, SrcLoc loc);
/* l op r computed in the complex type t (their promotion); reports what complex numbers lack */
Operand bld_complex_arith(Builder *b, AstOp op, Operand l, Operand r, const Type *t, SrcLoc loc);
/* .real, .imag, .conjugate() of any number (which: IU_REAL, IU_IMAG, IU_CONJ) */
Operand bld_number_part(Builder *b, Operand o, IrUnOp which, SrcLoc loc);
Operand bld_complex_abs(Builder *b, IrValue z, SrcLoc loc);   /* abs(z): hypot of the parts */
/* complex(x), complex(x, y); ops are values of the call's arguments */
Operand bld_complex_ctor(Builder *b, const Expr *call, const Operand *ops, int n);
bool bld_cmath_function(const char *name);                      /* cmath.NAME is a function */
bool bld_cmath_constant(Builder *b, const char *name, SrcLoc loc, Operand *out);
Operand bld_cmath_call(Builder *b, const Expr *call, const char *name, const Operand *ops, int n);

/* build_numpy.c: NumPy functions and array methods written in krn (np/numpy.krn) */
/* The user's call `call` made a call of the numpy library's function `name` (build_call.c) */
Operand bld_numpy_library_call(Builder *b, const Expr *call, const char *name);
/* How messages name a library function: "sort" for np.sort and a.sort() (_ndarray_sort) alike */
const char *bld_library_shown_name(const char *name);
/* np.NAME as a function of the numpy library (out: OPK_FUNC), if the library has it */
bool bld_numpy_library_function(Builder *b, const char *name, SrcLoc loc, Operand *out);
/* a.NAME as a method of the numpy library bound to a (out: OPK_FUNC, bound), if it has it */
bool bld_numpy_library_method(Builder *b, IrValue a, const Type *at, const char *name, SrcLoc loc, Operand *out);
/* Whether the code being built is a library's (which may use the library-only builtins). */
bool bld_in_library(const Builder *b);
/* Whether f is the builtin `name`: that name, which neither the function nor the module binds. */
bool bld_builtin_name(Builder *b, const Expr *f, const char *name);
/* Whether a method's or builtin's call (of `what`) has min..max positional arguments and no keyword; else reported. */
bool bld_nargs_ok(Builder *b, const Expr *call, const char *what, int min, int max);
bool bld_may_name_range(const Expr *f); /* f may be range or prange (not a method) */
/* Whether this is the check of a function with parameters of unknown types (prog_check): what a
 * list or dict takes from them is unknown too, and says nothing. */
bool bld_checking_unknown_params(const Builder *b);
/* A condition decided at compile time, in any code: `a.ndim == 1` (Numba rewrites a.ndim to a
 * constant and prunes the branch not taken), comparisons of literal strings (`kind ==
 * 'mergesort'`), `w is None`, and not/and/or of them: 0 or 1, else -1. */
int bld_static_condition(Builder *b, const Expr *cond);
/* Checks a call of a numpy library function (string arguments' values) at the user's call. */
bool bld_numpy_library_check(Builder *b, const Expr *call, const ProgFunc *fn, const Expr *const *order);
/* _raise_value_error("message") in library code; typing: _typing_error("message") */
Operand bld_library_raise(Builder *b, const Expr *call, bool typing);

/* build_cuda.c */
Operand bld_cuda_attr(Builder *b, Operand base, const char *name, SrcLoc loc);
Operand bld_cuda_call(Builder *b, const Expr *call, Operand callee);

/* build_fp16.c: cuda.fp16.NAME and its calls; the math functions numba-cuda computes in float16;
 * the error for float16 in host code (reported once, where the first float16 value is made) */
Operand bld_fp16_member(Builder *b, const char *name, SrcLoc loc);
Operand bld_fp16_call(Builder *b, const Expr *call, Operand callee);
bool bld_fp16_math_has_half(IrMathFn fn);
void bld_refuse_host_float16(Builder *b);

/* build_libdevice.c: cuda.libdevice.NAME and its calls */
Operand bld_libdevice_member(Builder *b, const char *name, SrcLoc loc);
Operand bld_libdevice_call(Builder *b, const Expr *call, Operand callee);

/* build_call.c */
Operand bld_name(Builder *b, const Expr *e);
/* A builtin's or math function's arguments, lowered (not yet as values: an array expression stays
 * one, for the element-wise forms); bld_take_args makes them values. */
typedef struct Args {
    Operand ops[BLD_MAX_ARGS];
    IrValue vals[BLD_MAX_ARGS];
    const Type *types[BLD_MAX_ARGS];
    int n;
} Args;
/* Checks the arguments' count (min to max, no keywords) and makes them values (strings stay
 * strings); false after reporting. */
bool bld_take_args(Builder *b, const Expr *call, Args *a, int min, int max, const char *what);
/* A callee's parameters, as bld_bind_args binds a call's arguments to them. */
typedef struct BldParams {
    const char *name;         /* the callee as messages name it: "zeros" ("zeros() got ...") */
    const char *const *names; /* each parameter's name; a NULL one takes no keyword (a *args) */
    int n;                    /* parameters */
    int required;             /* parameters [first, required) must be given */
    int first;                /* parameters [0, first) are bound already (a method's receiver): positional
                               * arguments start after them, and a keyword naming one is unexpected */
    unsigned flags;           /* BIND_* */
} BldParams;
enum {
    BIND_PLACED = 1,     /* the caller has put the positional arguments in out[] and checked their number */
    BIND_SAY_GIVEN = 2,  /* too many positional arguments: "takes at most N arguments but M were given" */
    BIND_OWN_PARENS = 4, /* name carries its parentheses ("np.linalg.inv()"): messages add none */
};
/* Binds the call's positional arguments, then its keywords, to the parameters as Python does:
 * out[i] is the expression given for parameter i, NULL where none was (defaults are the caller's).
 * Reports too many positional arguments, an unexpected keyword, a parameter given twice or a
 * required one missing, at Python's locations; false after reporting. */
bool bld_bind_args(Builder *b, const Expr *call, const BldParams *p, const Expr **out);
Operand bld_str_builtin(Builder *b, const Expr *call, Builtin which, Args *a); /* build_str.c: str, repr, chr, ord */
Operand bld_str_method(Builder *b, const Expr *call, Operand f, Args *a);      /* build_str.c: s.method(...) */
/* slice(stop), slice(start, stop[, step]) (None leaves a part out): a slice object, TY_TAG_SLICE */
Operand bld_slice_call(Builder *b, const Expr *call, const Args *a);
/* numpy.krn's _broadcast_view(a, shape): a read-only view of `a` broadcast to `shape` (a tuple of
 * as many or more extents; the library has checked that they broadcast), size-1 axes stride 0 */
Operand bld_broadcast_view(Builder *b, const Expr *call, Args *a);
/* numpy.krn's _tuple_setitem(t, i, v): t with item i (known at run time) replaced (build_tuple_index.c) */
Operand bld_tuple_setitem(Builder *b, const Expr *call, Args *a);
/* build_getlimits.c: np.finfo / np.iinfo, their calls and their attributes */
bool bld_getlimits_function(const char *name, Operand *out);
Operand bld_getlimits_call(Builder *b, const Expr *call, Builtin which, const Args *a);
Operand bld_getlimits_attr(Builder *b, Operand info, const char *name, SrcLoc loc);
/* a type's (dtype's) attribute: itemsize, kind, name; false if it has none of that name */
bool bld_type_attr(Builder *b, const Type *t, const char *name, SrcLoc loc, Operand *out);
/* Argument i is a number that is not complex: what math functions, min/max, round and sign take. */
bool bld_require_real(Builder *b, const Expr *call, const Args *a, int i, const char *what);
/* A module-level NumPy array frozen into the code: a read-only array value (build_call.c). */
Operand bld_const_array(Builder *b, const ConstArray *a, SrcLoc loc);
Operand bld_attr(Builder *b, const Expr *e);
Operand bld_call(Builder *b, const Expr *e);
/* Compile-time arguments (TY_COMPTIME): the type of what o is when it has no run-time value (a type
 * object, a function, a builtin, a CUDA intrinsic) or, when literal is set, of an integer constant
 * or a tuple of them (Numba's Literal[int] and Tuple(Literal[int], ...), which a callee needs where
 * a constant is required: an array's shape);
 * NULL for any other operand. bld_comptime_operand gives back what such a type stands for. */
const Type *bld_comptime_type(Builder *b, Operand o, const Expr *e, bool literal); /* e: for its name, or NULL */
Operand bld_comptime_operand(Builder *b, const Type *t, SrcLoc loc);
/* The literal type of a tuple of n integer constants (elements int64, as Numba's Literal[int]). */
const Type *bld_literal_tuple(Builder *b, const int64_t *vals, int n);
/* A literal tuple's elements: its values, or NULL for any other type. */
static inline const int64_t *bld_literal_tuple_values(const Type *t)
{
    return t && t->kind == TY_COMPTIME && t->dtype && t->dtype->kind == TY_TUPLE ? t->payload : NULL;
}

/* math/build_math.c: math.NAME, and NumPy's scalar functions that are the same IrMathFn */
bool bld_math_function(const char *name, Operand *out);       /* math.NAME, if a function */
bool bld_numpy_math_function(const char *name, Operand *out); /* np.NAME (np.sin, np.arcsin, ...) */
/* A call of math function fn (from_numpy: np.NAME) on the numbers a (lowered by bld_call) */
Operand bld_math_call(Builder *b, const Expr *call, IrMathFn fn, bool from_numpy, Args *a);

/* build_linalg.c: np.dot, @, a.dot, np.vdot, np.outer, np.linalg.* through BLAS/LAPACK */
bool bld_linalg_member(ModuleId m, const char *name, Operand *out); /* np.NAME, np.linalg.NAME */
bool bld_linalg_method(IrValue a, const Type *at, const char *name, Operand *out); /* a.dot */
Operand bld_linalg_call(Builder *b, const Expr *call, Operand f);
Operand bld_matmul(Builder *b, const Expr *e, Operand l, Operand r); /* l @ r; e: the EX_BINOP */

/* build_arith.c: divmod(x, y), math.gcd(a, b); ops: the two arguments as values */
Operand bld_divmod(Builder *b, const Expr *call, const Operand *ops);
Operand bld_gcd(Builder *b, const Expr *call, const Operand *ops);
/* np/build_ufuncs.c: np.logaddexp, np.logaddexp2, np.spacing, np.ldexp, np.reciprocal,
 * np.float_power, np.gcd, np.lcm, np.divmod */
bool bld_numpy_ufunc(const char *name, Operand *out);
int bld_numpy_ufunc_inputs(const char *name);
Operand bld_numpy_ufunc_call(Builder *b, const Expr *call, const char *name, Args *a);
Operand bld_numpy_divmod_arrays(Builder *b, const Expr *call, const Operand *ops);

/* build_range.c: range objects as values (range_state_T, a tagged tuple: ty_range) */
Operand bld_range_value(Builder *b, const Expr *call);             /* range(...) not iterated at once */
void bld_range_parts(Builder *b, IrValue r, IrValue out[3], SrcLoc loc); /* start, stop, step */
Operand bld_range_len(Builder *b, IrValue r, SrcLoc loc);
Operand bld_range_attr(Builder *b, IrValue r, const char *name, SrcLoc loc);
Operand bld_range_contains(Builder *b, Operand x, IrValue r, bool negated, SrcLoc loc);
Operand bld_tuple_contains(Builder *b, Operand x, IrValue t, bool negated, SrcLoc loc); /* x in (1, 2.5) */

/* build_optional.c: None and Optional values (OptionalType(T), a tagged tuple: ty_optional) */
bool bld_is_none_operand(Operand o);
IrValue bld_optional_none(Builder *b, const Type *t, SrcLoc loc);
IrValue bld_none_element(Builder *b, SrcLoc loc); /* None as an element of a tuple (Numba's `none`) */
IrValue bld_to_optional(Builder *b, IrValue v, const Type *t, SrcLoc loc);
Operand bld_unwrap_optional(Builder *b, Operand o, SrcLoc loc);   /* o itself unless an Optional */
bool bld_is_none_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out);
int bld_none_condition(Builder *b, const Expr *cond); /* `if x is None` known: 0 or 1, else -1 */
Operand bld_optional_arms(Builder *b, Operand x, int x_end, Operand y, int y_end, int join, SrcLoc loc);

/* build_closure.c: inner defs, lambdas and closures; how a call binds its arguments */
void bld_def_stmt(Builder *b, const Stmt *s);
/* build_objmode.c: `with objmode(...)`, a block the embedder's interpreter runs */
void bld_objmode(Builder *b, const Stmt *s);
Operand bld_lambda(Builder *b, const Expr *e);
/* When the variable `name` holds a closure of b's function: the variables it reads (at most room
 * of them into out), which a prange body that calls it takes too; else 0. */
int bld_closure_captures(Builder *b, const char *name, const char **out, int room);
/* `f(a, *t, b)`: the same call with t's elements written out (f(a, t[0], t[1], b)), or NULL after
 * an error; bld_refuse_star reports it where no call is made (a for loop's iterable). */
const Expr *bld_unpack_star_call(Builder *b, const Expr *call);
Operand bld_refuse_star(Builder *b, const Expr *call);
/* Orders a call's arguments by fn's parameters (positional, `*t` unpacked, keywords, defaults, a
 * *args tuple, a closure's captures); a bound method's receiver (self: the expression it came
 * from) fills the first. Reports and returns false if they do not fit. */
bool bld_bind_call_args(Builder *b, const Expr *call, const ProgFunc *fn, const Expr **order, const Expr *self);
/* The function a call of the inner function fn runs: fn, or, when an argument is a closure of the
 * same function reading variables fn does not, a variant of fn that reads them too. */
ProgFunc *bld_closure_for_call(Builder *b, const Expr *call, ProgFunc *fn);
/* `return f` of a function o (an inner function reading no variable, a lambda, an @njit function):
 * the return type is the function itself (TY_COMPTIME), as Numba returns its dispatcher; true
 * when o is a function (returned, or an error reported), false for any other value. */
bool bld_return_function(Builder *b, const Stmt *s, Operand o);

/* build_stencil.c: `stencil(K, OPTIONS)` or `stencil(OPTIONS)(K)` in compiled code, K a lambda or
 * an inner def: true with *out the stencil (or an error operand after reporting); false if e is
 * no such call. */
bool bld_stencil_call(Builder *b, const Expr *e, Operand *out);
/* build_cuda.c: whether e names a local variable of b's function assigned once, an integer literal
 * (`c = 2`, `c = -1`: Numba's find_const); its value in *v. */
bool bld_local_int_constant(Builder *b, const Expr *e, int64_t *v);

/* build_prange.c */
bool bld_is_parallel_prange(Builder *b, const Stmt *loop);
void bld_prange(Builder *b, const Stmt *s);

/* build_iter.c: for loops over arrays, tuples, enumerate(), zip(), reversed(range()) */
void bld_for_iterable(Builder *b, const Stmt *s);
bool bld_is_literal_unroll(const Expr *call); /* numba.literal_unroll(x): an EX_CALL */

/* build.c */
void bld_block(Builder *b, const Block *blk);
/* Calls bound(ctx, NAME) for each name a body binds (Python's scoping makes it local to the
 * function): assignment, augmented assignment and for targets, inner defs, in nested blocks too;
 * a name may come more than once. Variables are declared by it, closures' captures found. */
void bld_bound_names(const Block *blk, void (*bound)(void *ctx, const char *name), void *ctx);
/* Calls read(ctx, NAME) for each name expression e reads (an EX_NAME, in nested expressions too: a
 * lambda's body but its own parameters; not in comprehensions); a name may come more than once.
 * Closures' captures and prange bodies' inputs are found by it. */
void bld_expr_reads(const Expr *e, void (*read)(void *ctx, const Expr *name), void *ctx);
bool bld_is_range_call(Builder *b, const Expr *e);
bool bld_is_literal_index_range(Builder *b, const Expr *e); /* range(len(literal_unroll(t))): build_iter.c */
void bld_assign_target(Builder *b, const Expr *t, Operand val, SrcLoc loc);
/* Loops (build.c owns the bindings at heads, exits and merges): */
void bld_jump_to(Builder *b, int target, EdgeList *edges);
void bld_join_at(Builder *b, int join, const EdgeList *edges);
void bld_edge_here(Builder *b, EdgeList *edges); /* the current point as an edge, no jump */

/* build_exc.c: raise, assert, try/except/else/finally */
void bld_raise(Builder *b, const Stmt *s);
void bld_assert(Builder *b, const Stmt *s);
void bld_try(Builder *b, const Stmt *s);
Loop bld_open_loop(Builder *b, const Stmt *s, const Block *orelse, bool with_latch);
void bld_loop_body(Builder *b, Loop *l, const Block *body);
int bld_loop_done_block(Builder *b, const Block *orelse, int exit);
void bld_leave_loop(Builder *b, Loop *l, int cond_block, bool cond_exits, const Block *orelse);
bool bld_range_bounds(Builder *b, const Expr *call, IrValue out[3], Operand *step);
const Type *bld_unsigned_like(const Type *t); /* the unsigned integer type as wide as t */
bool bld_check_range_step(Builder *b, const Expr *call, Operand step, IrValue step_value);
void bld_report_callee_errors(Builder *b, Spec *s, SrcLoc loc);
/* random.c: whether a call of a numba.cuda.random function (fn->scope "random") passes states
 * (a uint64 array of shape (n, 2)) for its states parameter; reports at the argument if not. */
bool bld_random_args_ok(Builder *b, const Expr *call, const ProgFunc *fn, const Type *const *types);
Var *bld_find_var(Builder *b, const char *name);
int bld_var_index(Builder *b, const Var *v);
/* The type variable `name` holds here; NULL where it is no variable, is not bound yet, or its paths clash. */
const Type *bld_var_type(Builder *b, const char *name);
Operand bld_read_var(Builder *b, Var *v, SrcLoc loc);
void bld_assign_var(Builder *b, const char *name, Operand val, SrcLoc loc);

/* build_nprandom.c: np.random and Python's random module on the host */
Operand bld_random_member(Builder *b, ModuleId m, const char *name, SrcLoc loc);
Operand bld_random_call(Builder *b, const Expr *call, Operand f);
/* Whether a np.random.Generator has a method `name` in jitc (g.random, g.integers, ...). */
bool bld_generator_method(const char *name);

/* ---- build_untyped.c ---- */

/* Notes a return of value (of type t) when the spec is prog_check's. */
void bld_untyped_return(Builder *b, const Expr *value, const Type *t);
/* Reports a function whose every return of a value is built on a call to itself (prog_check). */
void bld_untyped_recursion_check(Builder *b);

#endif
