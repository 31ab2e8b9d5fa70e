/* build_create.c — NumPy's array creation, in host code, as Numba has it: the dtype operand that
 * every creation function takes (bld_dtype_of); new arrays of a shape (bld_new_array: IR_ALLOC,
 * and IR_FILL), np.empty / zeros / ones / full and their _like forms, and np.arange (start +
 * i * step, as Numba computes it), whose arguments bld_np_call (build_array.c) binds; from
 * values, np.array / np.asarray of literal lists, nested lists and tuples (and of arrays), and
 * np.ascontiguousarray; and the joining functions, np.concatenate / stack / vstack / row_stack /
 * hstack / column_stack / dstack over tuples of arrays. np.ndindex / ndenumerate name for loops' iterables
 * (build_iter.c lowers them); their shape arguments are read here (bld_shape_dims).
 *
 * Joining reduces to one operation: every input is seen as an array of the result's rank, with
 * size-1 axes inserted where the function inserts them (np.stack: at the axis; column_stack: a
 * 1-d input becomes a column; dstack: a 1-d input becomes (1, n, 1)), and the inputs are copied
 * one after another along the joining axis into one new C-contiguous array of their unified
 * dtype (Numba's unify_types). The axis may be a run-time value: the index arithmetic selects on
 * it, and LLVM folds the selects when it is a constant. Shape mismatches raise Numba's
 * ValueError, an axis out of range its IndexError. */
#include <string.h>

#include "builder/build.h"

enum { MAX_JOIN = BLD_MAX_ARGS, MAX_LITERAL_ELEMS = 65536 };

typedef enum {
    CR_ARRAY, CR_ASARRAY, CR_ASCONTIGUOUSARRAY, CR_CONCATENATE, CR_STACK, CR_VSTACK, CR_HSTACK, CR_COLUMN_STACK,
    CR_DSTACK, CR_NDINDEX, CR_NDENUMERATE, CR_NDITER,
    CR_ITEM, /* x.item() of a number: Operand.v, .type (not under np.) */
} CreateFunc;

static const struct { const char *name; CreateFunc fn; } CREATE_FUNCS[] = {
    {"array", CR_ARRAY}, {"asarray", CR_ASARRAY}, {"ascontiguousarray", CR_ASCONTIGUOUSARRAY},
    {"concatenate", CR_CONCATENATE}, {"stack", CR_STACK}, {"vstack", CR_VSTACK}, {"row_stack", CR_VSTACK},
    {"hstack", CR_HSTACK}, {"column_stack", CR_COLUMN_STACK}, {"dstack", CR_DSTACK}, {"ndindex", CR_NDINDEX},
    {"ndenumerate", CR_NDENUMERATE}, {"nditer", CR_NDITER},
};

static const char *create_name(CreateFunc fn)
{
    for (size_t i = 0; i < sizeof CREATE_FUNCS / sizeof CREATE_FUNCS[0]; i++)
        if (CREATE_FUNCS[i].fn == fn)
            return CREATE_FUNCS[i].name;
    return "?";
}

bool bld_create_function(const char *name, Operand *out)
{
    for (size_t i = 0; i < sizeof CREATE_FUNCS / sizeof CREATE_FUNCS[0]; i++)
        if (strcmp(CREATE_FUNCS[i].name, name) == 0) {
            *out = (Operand){.kind = OPK_NPFUNC, .npfunc = (NpFunc)(NP_CREATE_BASE + (int)CREATE_FUNCS[i].fn)};
            return true;
        }
    return false;
}

int bld_nd_iterator(Operand f)
{
    if (f.kind != OPK_NPFUNC || (int)f.npfunc < NP_CREATE_BASE)
        return -1;
    int fn = (int)f.npfunc - NP_CREATE_BASE;
    return fn == CR_NDINDEX ? BLD_NDINDEX : fn == CR_NDENUMERATE ? BLD_NDENUMERATE : fn == CR_NDITER ? BLD_NDITER : -1;
}

Operand bld_number_item(IrValue v, const Type *t)
{
    return (Operand){.kind = OPK_NPFUNC, .npfunc = (NpFunc)(NP_CREATE_BASE + CR_ITEM), .v = v, .type = t};
}

/* ---- small IR helpers ---- */

static void store_at(Builder *b, IrValue a, const IrValue *idx, IrValue v, SrcLoc loc)
{
    const Type *t = ir_type(b->f, a);
    IrValue args[TY_MAX_NDIM + 2] = {a};
    if (t->ndim) /* a 0-d array's element takes no index (idx may be NULL) */
        memcpy(args + 1, idx, sizeof *idx * (size_t)t->ndim);
    args[1 + t->ndim] = bld_cast_value(b, v, t->dtype, loc);
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, args, 2 + t->ndim, loc);
}

Operand bld_new_array(Builder *b, const IrValue *dims, int ndim, const Type *dt, IrAlloc how, IrValue fill, SrcLoc loc)
{
    const Type *t = ty_array(&b->p->types, dt, ndim, 'C');
    IrValue a = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, how, t, dims, ndim, loc), loc);
    if (fill != IR_NOVALUE) {
        IrValue args[2] = {a, bld_cast_value(b, fill, dt, loc)};
        ir_emit(b->f, IR_FILL, 0, NULL, args, 2, loc);
    }
    return bld_value_operand(a, t);
}

/* A copy of array a in dtype dt (C order). */
static IrValue copy_of(Builder *b, IrValue a, const Type *dt, SrcLoc loc)
{
    const Type *t = ir_type(b->f, a);
    IrValue dims[TY_MAX_NDIM], idx[TY_MAX_NDIM];
    for (int k = 0; k < t->ndim; k++)
        dims[k] = bld_array_extent(b, a, k, loc);
    IrValue out = bld_new_array(b, dims, t->ndim, dt, ALLOC_EMPTY, IR_NOVALUE, loc).v;
    Nest l;
    bld_loops_open(b, &l, dims, t->ndim, idx, loc);
    store_at(b, out, idx, bld_elem_load(b, a, idx, loc), loc);
    bld_nest_close(b, &l, loc);
    return out;
}

/* ---- dtypes and shapes ---- */

/* Reported already, or not known yet while types are being found. */
static bool failed(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

const Type *bld_dtype_of(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_VALUE && o.type->kind == TY_COMPTIME && !o.type->dtype) /* a dtype passed as an argument */
        o = bld_comptime_operand(b, o.type, loc);
    if (o.kind == OPK_TYPE && o.tyref && ty_is_scalar(o.tyref))
        return o.tyref;
    if (o.kind == OPK_BUILTIN && o.builtin == BI_FLOAT) /* the one Python type Numba takes as a dtype */
        return ty_scalar(TY_FLOAT64);
    if (o.kind == OPK_BUILTIN && (o.builtin == BI_INT || o.builtin == BI_BOOL || o.builtin == BI_COMPLEX)) {
        const char *name = o.builtin == BI_INT ? "int" : o.builtin == BI_BOOL ? "bool" : "complex";
        diag_error(&b->diag, loc, "Numba does not take Python's %s as a dtype: write np.%s or '%s'", name,
                   o.builtin == BI_INT ? "int64" : o.builtin == BI_BOOL ? "bool_" : "complex128", name);
        return NULL;
    }
    if (o.kind == OPK_STR) { /* np.dtype(str): NumPy's names and codes, and Python's type names */
        static const struct { const char *name; TypeKind kind; } PY_NAMES[] = {
            {"int", TY_INT64}, {"float", TY_FLOAT64}, {"complex", TY_COMPLEX128}, {"bool", TY_BOOL},
        };
        for (size_t i = 0; i < sizeof PY_NAMES / sizeof PY_NAMES[0]; i++)
            if (strcmp(PY_NAMES[i].name, o.str) == 0)
                return ty_scalar(PY_NAMES[i].kind);
        const Type *t = prog_type_name(o.str);
        if (t && ty_is_scalar(t))
            return t;
        diag_error(&b->diag, loc, "'%s' is not a dtype jitc knows (use a name such as 'float64', 'f8', 'int32')", o.str);
        return NULL;
    }
    const char *what = o.kind == OPK_VALUE ? bld_type_name(b, o.type) : o.kind == OPK_NONE ? "None" : "this";
    diag_error(&b->diag, loc, "dtype must be a scalar type such as np.float64, 'float32' or a.dtype, not %s", what);
    return NULL;
}

int bld_shape_dims(Builder *b, Operand o, SrcLoc loc, IrValue *dims, const char *fname)
{
    if (failed(o))
        return 0;
    if (o.kind == OPK_VALUE && (ty_is_int(o.type) || ty_is_bool(o.type))) {
        dims[0] = bld_cast_value(b, o.v, ty_scalar(TY_INT64), loc);
        return 1;
    }
    bool ok = o.kind == OPK_VALUE && o.type->kind == TY_TUPLE && o.type->n >= 1 && o.type->n <= TY_MAX_NDIM;
    for (int i = 0; ok && i < o.type->n; i++)
        ok = ty_is_int(o.type->elems[i]);
    if (!ok) {
        const char *what = o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this";
        diag_error(&b->diag, loc, "%s() needs a shape: an integer or a non-empty tuple of integers, not %s", fname, what);
        return 0;
    }
    for (int i = 0; i < o.type->n; i++) {
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, o.type->elems[i], &o.v, 1, loc);
        ir_last(b->f)->imm.index = i;
        dims[i] = bld_cast_value(b, e, ty_scalar(TY_INT64), loc);
    }
    return o.type->n;
}

/* ---- np.empty, np.zeros, np.ones, np.full (and their _like forms), np.arange ---- */

static bool number_arg(Builder *b, Operand o, const Expr *src, const char *fname)
{
    if (o.kind == OPK_VALUE && ty_is_number(o.type))
        return true;
    diag_error(&b->diag, src->loc, "%s() needs a number here, not %s", fname, bld_describe(b, o));
    return false;
}

/* The extents of np.empty's and the like's shape argument (an integer or a tuple of integers)
 * as int64 values; its rank (0 for `()`: a 0-d array), -1 after reporting. (bld_shape_dims,
 * np.ndindex's, takes bools too, and words its error for the function.) */
static int shape_arg(Builder *b, Operand o, const Expr *src, IrValue *dims)
{
    const Type *i64 = ty_scalar(TY_INT64);
    if (o.kind == OPK_VALUE && ty_is_int(o.type)) {
        dims[0] = bld_cast_value(b, o.v, i64, src->loc);
        return 1;
    }
    bool ok = o.kind == OPK_VALUE && o.type->kind == TY_TUPLE && !o.type->tag && o.type->n <= TY_MAX_NDIM;
    for (int i = 0; ok && i < o.type->n; i++)
        ok = ty_is_int(o.type->elems[i]);
    if (!ok) {
        if (!failed(o))
            diag_error(&b->diag, src->loc, "a shape must be an integer or a tuple of integers, not %s", bld_describe(b, o));
        return -1;
    }
    for (int i = 0; i < o.type->n; i++) {
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, o.type->elems[i], &o.v, 1, src->loc);
        ir_last(b->f)->imm.index = i;
        dims[i] = bld_cast_value(b, e, i64, src->loc);
    }
    return o.type->n;
}

static IrValue one_of(Builder *b, const Type *dt, SrcLoc loc)
{
    return ty_is_float(dt) ? ir_const_float(b->f, dt, 1.0, loc) : ir_const_int(b->f, dt, 1, loc);
}

/* np.empty / zeros / ones / full (shape given) and their _like forms (shape of an array). */
Operand bld_np_alloc(Builder *b, NpFunc fn, NpArgs *a, const char *name, SrcLoc loc)
{
    bool like = fn == NP_EMPTY_LIKE || fn == NP_ZEROS_LIKE || fn == NP_ONES_LIKE || fn == NP_FULL_LIKE;
    bool full = fn == NP_FULL || fn == NP_FULL_LIKE;
    int dtype_slot = full ? 2 : 1;
    IrValue dims[TY_MAX_NDIM], fill = IR_NOVALUE;
    int ndim;
    const Type *dt = ty_scalar(TY_FLOAT64);
    if (full) {
        if (!number_arg(b, a->ops[1], a->srcs[1], name))
            return bld_error_operand(b);
        fill = a->ops[1].v;
        dt = a->ops[1].type;
    }
    if (like) {
        IrValue src = bld_np_array_arg(b, a->ops[0], a->srcs[0], name);
        if (src == IR_NOVALUE)
            return bld_error_operand(b);
        const Type *st = ir_type(b->f, src);
        ndim = st->ndim;
        for (int k = 0; k < ndim; k++)
            dims[k] = bld_array_extent(b, src, k, loc);
        dt = st->dtype; /* full_like too: the array's dtype, not the fill value's */
    } else if ((ndim = shape_arg(b, a->ops[0], a->srcs[0], dims)) < 0) {
        return bld_error_operand(b);
    }
    if (!(dt = bld_np_dtype_arg(b, a->ops[dtype_slot], a->srcs[dtype_slot], dt)))
        return bld_error_operand(b);
    if (fn == NP_ONES || fn == NP_ONES_LIKE)
        fill = one_of(b, dt, loc);
    bool zeros = fn == NP_ZEROS || fn == NP_ZEROS_LIKE;
    return bld_new_array(b, dims, ndim, dt, zeros ? ALLOC_ZEROS : ALLOC_EMPTY, fill, loc);
}

/* np.arange([start,] stop[, step][, dtype]): start + i * step, as Numba computes it. */
Operand bld_np_arange(Builder *b, NpArgs *a, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64), *f64 = ty_scalar(TY_FLOAT64);
    Operand bound[3];
    if (a->ops[1].kind == OPK_NONE) { /* arange(stop) */
        bound[0] = bld_const_int_operand(b, i64, 0, true, loc);
        bound[1] = a->ops[0];
        a->srcs[1] = a->srcs[0];
    } else {
        bound[0] = a->ops[0];
        bound[1] = a->ops[1];
    }
    bound[2] = a->ops[2].kind == OPK_NONE ? bld_const_int_operand(b, i64, 1, true, loc) : a->ops[2];
    const Type *t = i64;
    for (int i = 0; i < 3; i++) {
        const Expr *src = a->srcs[i] ? a->srcs[i] : a->srcs[1];
        if (!number_arg(b, bound[i], src, "arange"))
            return bld_error_operand(b);
        if (ty_is_float(bound[i].type))
            t = f64;
    }
    if (bound[2].is_const && bound[2].ci == 0) {
        diag_error(&b->diag, a->srcs[2]->loc, "arange()'s step must not be zero");
        return bld_error_operand(b);
    }
    const Type *dt = bld_np_dtype_arg(b, a->ops[3], a->srcs[3], t);
    if (!dt)
        return bld_error_operand(b);
    IrValue start = bld_cast_value(b, bound[0].v, t, loc), stop = bld_cast_value(b, bound[1].v, t, loc),
            step = bld_cast_value(b, bound[2].v, t, loc), zero = ir_const_zero(b->f, t, loc);
    bld_raise_if(b, bld_cmp(b, OP_EQ, step, zero, loc), EXC_VALUE, "Maximum allowed size exceeded", loc);
    IrValue count;
    if (t == i64) {
        IrValue args[3] = {start, stop, step};
        count = bld_cast_value(b, ir_emit(b->f, IR_RANGE_COUNT, 0, bld_unsigned_like(i64), args, 3, loc), i64, loc);
    } else { /* ceil((stop - start) / step), at least 0 */
        IrValue d[2] = {stop, start};
        IrValue q[2] = {ir_emit(b->f, IR_BIN, IB_SUB, f64, d, 2, loc), step};
        IrValue c = ir_emit(b->f, IR_BIN, IB_TRUEDIV, f64, q, 2, loc);
        c = ir_emit(b->f, IR_MATH, IM_CEIL, f64, &c, 1, loc);
        IrValue m[2] = {c, zero};
        count = bld_cast_value(b, ir_emit(b->f, IR_BIN, IB_MAX, f64, m, 2, loc), i64, loc);
    }
    Operand out = bld_new_array(b, &count, 1, dt, ALLOC_EMPTY, IR_NOVALUE, loc);
    Nest n;
    IrValue i;
    bld_nest_open(b, &n, out.v, &i, loc);
    IrValue m[2] = {bld_cast_value(b, i, t, loc), step};
    IrValue s[2] = {start, ir_emit(b->f, IR_BIN, IB_MUL, t, m, 2, loc)};
    IrValue st[3] = {out.v, i, bld_cast_value(b, ir_emit(b->f, IR_BIN, IB_ADD, t, s, 2, loc), dt, loc)};
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, 3, loc);
    bld_nest_close(b, &n, loc);
    return out;
}

/* ---- arguments ---- */

typedef struct CallArgs {
    const Expr *src[4];
    int n; /* parameters */
} CallArgs;

/* Binds the call's arguments to the parameters names[0..n) (the first `required` must be given). */
static bool bind_args(Builder *b, const Expr *call, const char *fname, const char *const *names, int n, int required,
                      CallArgs *a)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    const BldParams params = {.name = fname, .names = names, .n = n, .required = required};
    return bld_bind_args(b, call, &params, a->src);
}


/* An optional dtype argument: def when absent; NULL after reporting. */
static const Type *dtype_param(Builder *b, const Expr *src, const Type *def, bool *ok)
{
    *ok = true;
    if (!src)
        return def;
    Operand o = bld_expr(b, src);
    if (failed(o)) {
        *ok = false;
        return NULL;
    }
    if (o.kind == OPK_NONE)
        return def;
    const Type *t = bld_dtype_of(b, o, src->loc);
    *ok = t != NULL;
    return t;
}

/* An operand that is an array (an array expression is computed); IR_NOVALUE if not. */
static IrValue as_array(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_ARRAYEXPR)
        return bld_array_value(b, o, loc);
    if (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY)
        return o.v;
    return IR_NOVALUE;
}

/* ---- np.array / np.asarray of sequences ---- */

typedef struct Literal {
    IrValue *vals;
    const Type *dtype;  /* the elements' unified type */
    int64_t shape[TY_MAX_NDIM];
    int ndim, n, cap;
    bool shaped;        /* shape and ndim are set by the first leaf */
} Literal;

static bool literal_leaf(Builder *b, Literal *lit, Operand o, int depth, SrcLoc loc, const char *fname)
{
    if (o.kind != OPK_VALUE || !ty_is_number(o.type)) {
        const char *what = o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this";
        diag_error(&b->diag, loc, "%s() takes numbers, or tuples and lists of numbers, not %s", fname, what);
        return false;
    }
    if (!lit->shaped) {
        lit->ndim = depth;
        lit->shaped = true;
    } else if (lit->ndim != depth) {
        diag_error(&b->diag, loc, "%s(): the nested sequences must have the same depth everywhere", fname);
        return false;
    }
    if (lit->n == MAX_LITERAL_ELEMS) {
        diag_error(&b->diag, loc, "%s() of a literal takes at most %d elements", fname, MAX_LITERAL_ELEMS);
        return false;
    }
    const Type *t = o.type;
    if (lit->dtype) {
        const Type *u = ty_unify(&b->p->types, lit->dtype, t);
        if (!u) {
            diag_error(&b->diag, loc, "%s(): cannot unify %s and %s", fname, bld_type_name(b, lit->dtype),
                       bld_type_name(b, t));
            return false;
        }
        t = u;
    }
    lit->dtype = t;
    ARR_PUSH(b->pass_arena, lit->vals, lit->n, lit->cap, o.v);
    return true;
}

/* A sequence level of n items at depth: records or checks its length. */
static bool literal_level(Builder *b, Literal *lit, int n, int depth, SrcLoc loc, const char *fname)
{
    if (depth >= TY_MAX_NDIM) {
        diag_error(&b->diag, loc, "%s(): sequences nested too deeply", fname);
        return false;
    }
    if (lit->shaped && depth >= lit->ndim) {
        diag_error(&b->diag, loc, "%s(): the nested sequences must have the same depth everywhere", fname);
        return false;
    }
    if (!lit->shaped && lit->shape[depth] == -1)
        lit->shape[depth] = n;
    if (lit->shape[depth] != n) {
        diag_error(&b->diag, loc, "%s(): the nested sequences must have equal lengths (%lld and %d)", fname,
                   (long long)lit->shape[depth], n);
        return false;
    }
    return true;
}

static bool literal_value(Builder *b, Literal *lit, Operand o, int depth, SrcLoc loc, const char *fname);

/* The elements of syntax e at depth: a list or tuple display is walked item by item, anything
 * else is a value. */
static bool literal_syntax(Builder *b, Literal *lit, const Expr *e, int depth, const char *fname)
{
    if (e->kind != EX_LIST && e->kind != EX_TUPLE) {
        Operand o = bld_expr(b, e);
        if (failed(o))
            return false;
        return literal_value(b, lit, o, depth, e->loc, fname);
    }
    if (!literal_level(b, lit, e->seq.n, depth, e->loc, fname))
        return false;
    for (int i = 0; i < e->seq.n; i++)
        if (!literal_syntax(b, lit, e->seq.items[i], depth + 1, fname))
            return false;
    return true;
}

static bool literal_value(Builder *b, Literal *lit, Operand o, int depth, SrcLoc loc, const char *fname)
{
    if (!(o.kind == OPK_VALUE && o.type->kind == TY_TUPLE))
        return literal_leaf(b, lit, o, depth, loc, fname);
    const Type *t = o.type;
    if (!literal_level(b, lit, t->n, depth, loc, fname))
        return false;
    for (int i = 0; i < t->n; i++) {
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, t->elems[i], &o.v, 1, loc);
        ir_last(b->f)->imm.index = i;
        if (!literal_value(b, lit, bld_value_operand(e, t->elems[i]), depth + 1, loc, fname))
            return false;
    }
    return true;
}

/* np.array([[1, 2], [3, 4]]): a new array holding the sequence's numbers (Numba types the
 * elements by unifying them: ints give int64, a float among them float64). The sequence is the
 * display seq, or the tuple value `value` (seq then only locates it). */
static Operand from_literal(Builder *b, const Expr *seq, const Operand *value, const Expr *dtype_src, const char *fname,
                            SrcLoc loc)
{
    Literal lit = {0};
    for (int k = 0; k < TY_MAX_NDIM; k++)
        lit.shape[k] = -1;
    if (value ? !literal_value(b, &lit, *value, 0, seq->loc, fname) : !literal_syntax(b, &lit, seq, 0, fname))
        return bld_error_operand(b);
    if (!lit.shaped) { /* no element: Numba cannot type an empty list's elements */
        diag_error(&b->diag, seq->loc, "%s() of an empty sequence is not supported", fname);
        return bld_error_operand(b);
    }
    bool ok;
    const Type *dt = dtype_param(b, dtype_src, lit.dtype, &ok);
    if (!ok)
        return bld_error_operand(b);
    IrValue dims[TY_MAX_NDIM], idx[TY_MAX_NDIM];
    for (int k = 0; k < lit.ndim; k++)
        dims[k] = bld_i64_const(b, lit.shape[k], loc);
    IrValue out = bld_new_array(b, dims, lit.ndim, dt, ALLOC_EMPTY, IR_NOVALUE, loc).v;
    for (int i = 0; i < lit.n; i++) {
        int64_t rest = i;
        for (int k = lit.ndim - 1; k >= 0; k--) {
            idx[k] = bld_i64_const(b, rest % lit.shape[k], loc);
            rest /= lit.shape[k];
        }
        store_at(b, out, idx, lit.vals[i], loc);
    }
    return bld_value_operand(out, ir_type(b->f, out));
}

/* A tuple of numbers, not a tagged tuple (a range, an Optional, ...). */
static bool numbers_tuple(const Type *t)
{
    if (t->kind != TY_TUPLE || t->tag || t->n == 0)
        return false;
    for (int k = 0; k < t->n; k++)
        if (!ty_is_number(t->elems[k]))
            return false;
    return true;
}

/* np.array(l) of a list of tuples of numbers ([(i, j), ...]): a 2-d array of one row per tuple,
 * the tuple's items unified as Numba's sequence typing does. */
static Operand from_list_of_tuples(Builder *b, IrValue l, const Expr *dtype_src, SrcLoc loc)
{
    const Type *tt = ir_type(b->f, l)->dtype, *item = tt->elems[0];
    for (int k = 1; k < tt->n && item; k++)
        item = ty_unify(&b->p->types, item, tt->elems[k]);
    bool ok = item != NULL;
    const Type *dt = ok ? dtype_param(b, dtype_src, item, &ok) : NULL;
    if (!ok) {
        if (!item)
            diag_error(&b->diag, loc, "np.array(): the tuples' items have no common type (%s)", bld_type_name(b, tt));
        return bld_error_operand(b);
    }
    IrValue dims[2] = {bld_list_iter_len(b, l, loc), bld_i64_const(b, tt->n, loc)}, i;
    /* Numba reads the shape from the first item */
    bld_raise_if(b, bld_cmp(b, OP_EQ, dims[0], bld_i64_const(b, 0, loc), loc), EXC_INDEX, "getitem out of range", loc);
    IrValue out = bld_new_array(b, dims, 2, dt, ALLOC_EMPTY, IR_NOVALUE, loc).v;
    Nest rows;
    bld_loops_open(b, &rows, dims, 1, &i, loc);
    IrValue t = bld_list_iter_item(b, l, i, loc);
    for (int k = 0; k < tt->n; k++) {
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[k], &t, 1, loc);
        ir_last(b->f)->imm.index = k;
        IrValue idx[2] = {i, bld_i64_const(b, k, loc)};
        store_at(b, out, idx, e, loc);
    }
    bld_nest_close(b, &rows, loc);
    return bld_value_operand(out, ir_type(b->f, out));
}

/* np.array(x), np.asarray(x) of a number x: a new 0-d array holding it (Numba's array(T, 0d, C)),
 * in dtype_src's dtype when given. */
static Operand zero_d_array(Builder *b, IrValue x, const Expr *dtype_src, SrcLoc loc)
{
    bool ok;
    const Type *dt = dtype_param(b, dtype_src, ir_type(b->f, x), &ok);
    return ok ? bld_zero_d_array(b, x, dt, loc) : bld_error_operand(b);
}

Operand bld_zero_d_array(Builder *b, IrValue x, const Type *dt, SrcLoc loc)
{
    IrValue out = bld_new_array(b, NULL, 0, dt, ALLOC_EMPTY, IR_NOVALUE, loc).v;
    store_at(b, out, NULL, x, loc);
    return bld_value_operand(out, ir_type(b->f, out));
}

/* np.array(obj, dtype) copies; np.asarray(obj, dtype) returns an array of that dtype as it is;
 * np.ascontiguousarray(a) returns a C-contiguous array as it is and copies any other. */
static Operand as_array_call(Builder *b, const Expr *call, CreateFunc fn)
{
    static const char *const NAMES[] = {"object", "dtype"};
    const char *fname = arena_printf(b->pass_arena, "np.%s", create_name(fn));
    CallArgs a;
    if (!bind_args(b, call, fname, NAMES, 2, 1, &a))
        return bld_error_operand(b);
    const Expr *src = a.src[0];
    if (src->kind == EX_LIST || src->kind == EX_TUPLE) {
        if (fn == CR_ASCONTIGUOUSARRAY) { /* Numba: arrays only */
            diag_error(&b->diag, src->loc, "np.ascontiguousarray() needs an array");
            return bld_error_operand(b);
        }
        return from_literal(b, src, NULL, a.src[1], fname, call->loc);
    }
    Operand o = bld_expr(b, src);
    if (failed(o))
        return bld_error_operand(b);
    Operand from_list; /* np.array(l) of a list value: build_list.c */
    if (o.kind == OPK_VALUE && o.type->kind == TY_LIST && o.type->dtype && numbers_tuple(o.type->dtype))
        return from_list_of_tuples(b, o.v, a.src[1], call->loc);
    if (o.kind == OPK_VALUE && o.type->kind == TY_LIST && bld_list_to_array(b, o.v, src->loc, &from_list)) {
        bool ok = true;
        const Type *dt = failed(from_list) ? NULL : dtype_param(b, a.src[1], o.type->dtype, &ok);
        if (!ok || !dt || dt == o.type->dtype)
            return ok ? from_list : bld_error_operand(b);
        IrValue c = copy_of(b, from_list.v, dt, call->loc);
        return bld_value_operand(c, ir_type(b->f, c));
    }
    if (o.kind == OPK_VALUE && ty_is_number(o.type) && fn != CR_ASCONTIGUOUSARRAY)
        return zero_d_array(b, o.v, a.src[1], call->loc);
    IrValue v = as_array(b, o, src->loc);
    if (v == IR_NOVALUE) {
        if (fn == CR_ASCONTIGUOUSARRAY || !(o.kind == OPK_VALUE && o.type->kind == TY_TUPLE)) {
            diag_error(&b->diag, src->loc, "%s() needs an array, a number, a tuple or a list of numbers", fname);
            return bld_error_operand(b);
        }
        return from_literal(b, src, &o, a.src[1], fname, call->loc);
    }
    if (fn == CR_ARRAY) {
        diag_error(&b->diag, src->loc, "np.array() of an array is not supported (as Numba): use np.copy(a) or np.asarray(a)");
        return bld_error_operand(b);
    }
    const Type *t = ir_type(b->f, v);
    bool ok;
    const Type *dt = dtype_param(b, a.src[1], t->dtype, &ok);
    if (!ok)
        return bld_error_operand(b);
    bool keep = (fn == CR_ASARRAY && dt == t->dtype) || (fn == CR_ASCONTIGUOUSARRAY && t->layout == 'C');
    if (!keep)
        v = copy_of(b, v, dt, call->loc);
    return bld_value_operand(v, ir_type(b->f, v));
}

/* ---- joining ---- */

/* One input of a join, seen as an array of the result's rank. */
typedef struct Piece {
    IrValue a;
    int ndim;
    unsigned inserted;  /* result axes that are size-1 axes added to a (constant positions) */
    bool at_axis;       /* one size-1 axis added at the joining axis (np.stack; a run-time position) */
} Piece;

typedef struct Join {
    Piece p[MAX_JOIN];
    int n;
    int ndim;           /* of the result */
    IrValue axis;       /* int64, normalized */
    const Type *dtype;
    const char *size_error;
} Join;

/* Piece p's coordinate along result axis d, given its own (idx) or its shape's (as idx) values;
 * `one` stands for an inserted axis (0 for an index, 1 for an extent). */
static IrValue along(Builder *b, const Join *j, const Piece *p, const IrValue *own, int d, IrValue one, SrcLoc loc)
{
    if (!p->at_axis) {
        if (p->inserted & (1u << d))
            return one;
        int k = 0;
        for (int e = 0; e < d; e++)
            k += !(p->inserted & (1u << e));
        return own[k];
    }
    IrValue before = d < p->ndim ? own[d] : one, after = d >= 1 ? own[d - 1] : one;
    IrValue dd = bld_i64_const(b, d, loc);
    IrValue rest = bld_select(b, bld_cmp(b, OP_EQ, dd, j->axis, loc), one, after, loc);
    return bld_select(b, bld_cmp(b, OP_LT, dd, j->axis, loc), before, rest, loc);
}

static IrValue join(Builder *b, Join *j, SrcLoc loc)
{
    IrValue shapes[MAX_JOIN][TY_MAX_NDIM], ext[MAX_JOIN][TY_MAX_NDIM], out_dims[TY_MAX_NDIM];
    IrValue one = bld_i64_const(b, 1, loc), zero = bld_i64_const(b, 0, loc);
    for (int i = 0; i < j->n; i++) {
        for (int k = 0; k < j->p[i].ndim; k++)
            shapes[i][k] = bld_array_extent(b, j->p[i].a, k, loc);
        for (int d = 0; d < j->ndim; d++)
            ext[i][d] = along(b, j, &j->p[i], shapes[i], d, one, loc);
    }
    for (int d = 0; d < j->ndim; d++) {
        IrValue on_axis = bld_cmp(b, OP_EQ, bld_i64_const(b, d, loc), j->axis, loc), sum = ext[0][d];
        for (int i = 1; i < j->n; i++) {
            IrValue differs = bld_cmp(b, OP_NE, ext[i][d], ext[0][d], loc);
            IrValue off_axis = bld_cmp(b, OP_NE, bld_i64_const(b, d, loc), j->axis, loc);
            const char *msg = j->size_error ? j->size_error
                : arena_printf(b->p->arena, "np.concatenate(): input sizes over dimension %d do not match", d);
            bld_raise_if(b, bld_bin(b, IB_AND, ty_scalar(TY_BOOL), differs, off_axis, loc), EXC_VALUE, msg, loc);
            sum = bld_i64_arith(b, IB_ADD, sum, ext[i][d], loc);
        }
        out_dims[d] = bld_select(b, on_axis, sum, ext[0][d], loc);
    }
    IrValue out = bld_new_array(b, out_dims, j->ndim, j->dtype, ALLOC_EMPTY, IR_NOVALUE, loc).v;
    IrValue offset = zero;
    for (int i = 0; i < j->n; i++) {
        IrValue idx[TY_MAX_NDIM], dest[TY_MAX_NDIM];
        Nest l;
        bld_loops_open(b, &l, shapes[i], j->p[i].ndim, idx, loc);
        for (int d = 0; d < j->ndim; d++) {
            IrValue at = along(b, j, &j->p[i], idx, d, zero, loc);
            IrValue shift = bld_select(b, bld_cmp(b, OP_EQ, bld_i64_const(b, d, loc), j->axis, loc), offset, zero, loc);
            dest[d] = bld_i64_arith(b, IB_ADD, at, shift, loc);
        }
        store_at(b, out, dest, bld_elem_load(b, j->p[i].a, idx, loc), loc);
        bld_nest_close(b, &l, loc);
        IrValue along_axis = zero;
        for (int d = 0; d < j->ndim; d++)
            along_axis =
                bld_select(b, bld_cmp(b, OP_EQ, bld_i64_const(b, d, loc), j->axis, loc), ext[i][d], along_axis, loc);
        offset = bld_i64_arith(b, IB_ADD, offset, along_axis, loc);
    }
    return out;
}

/* The tuple of arrays a joining function takes: a tuple display or a tuple value. */
static bool read_pieces(Builder *b, const Expr *src, Join *j, const char *fname)
{
    const char *np = arena_printf(b->pass_arena, "np.%s", fname);
    if (src->kind == EX_LIST) {
        diag_error(&b->diag, src->loc, "%s(): expecting a non-empty tuple of arrays, not a list (as Numba)", np);
        return false;
    }
    Operand items[MAX_JOIN];
    SrcLoc locs[MAX_JOIN];
    int n = 0;
    if (src->kind == EX_TUPLE) {
        if (src->seq.n > MAX_JOIN) {
            diag_error(&b->diag, src->loc, "%s() joins at most %d arrays", np, MAX_JOIN);
            return false;
        }
        for (int i = 0; i < src->seq.n; i++) {
            items[n] = bld_expr(b, src->seq.items[i]);
            locs[n++] = src->seq.items[i]->loc;
            if (failed(items[n - 1]))
                return false;
        }
    } else {
        Operand o = bld_expr(b, src);
        if (failed(o))
            return false;
        if (!(o.kind == OPK_VALUE && o.type->kind == TY_TUPLE && o.type->n <= MAX_JOIN)) {
            diag_error(&b->diag, src->loc, "%s(): expecting a non-empty tuple of arrays, not %s", np,
                       o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this");
            return false;
        }
        for (int i = 0; i < o.type->n; i++) {
            IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, o.type->elems[i], &o.v, 1, src->loc);
            ir_last(b->f)->imm.index = i;
            items[n] = bld_value_operand(e, o.type->elems[i]);
            locs[n++] = src->loc;
        }
    }
    if (n == 0) {
        diag_error(&b->diag, src->loc, "%s(): expecting a non-empty tuple of arrays", np);
        return false;
    }
    j->n = n;
    for (int i = 0; i < n; i++) {
        IrValue v = as_array(b, items[i], locs[i]);
        if (v == IR_NOVALUE) {
            diag_error(&b->diag, locs[i], "%s(): expecting a non-empty tuple of arrays, not one holding %s", np,
                       items[i].kind == OPK_VALUE ? bld_type_name(b, items[i].type) : "this");
            return false;
        }
        const Type *t = ir_type(b->f, v);
        const Type *u = i ? ty_unify(&b->p->types, j->dtype, t->dtype) : t->dtype;
        if (!u) {
            diag_error(&b->diag, locs[i], "%s(): input arrays must have compatible dtypes", np);
            return false;
        }
        j->dtype = u;
        j->p[i] = (Piece){.a = v, .ndim = t->ndim};
    }
    return true;
}

static bool same_ndim(Builder *b, const Join *j, SrcLoc loc, const char *fname)
{
    for (int i = 1; i < j->n; i++)
        if (j->p[i].ndim != j->p[0].ndim) {
            diag_error(&b->diag, loc, "np.%s(): all the input arrays must have same number of dimensions", fname);
            return false;
        }
    return true;
}

/* The axis argument (default 0), normalized against ndim; IndexError when out of range. */
static bool axis_param(Builder *b, const Expr *src, Join *j, const char *fname, SrcLoc loc)
{
    if (!src) {
        j->axis = bld_i64_const(b, 0, loc);
        return true;
    }
    Operand o = bld_expr(b, src);
    if (failed(o))
        return false;
    if (!(o.kind == OPK_VALUE && ty_is_int(o.type))) {
        diag_error(&b->diag, src->loc, "np.%s(): axis must be an integer, not %s", fname,
                   o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this");
        return false;
    }
    IrValue ax = bld_cast_value(b, o.v, ty_scalar(TY_INT64), src->loc), n = bld_i64_const(b, j->ndim, loc);
    IrValue zero = bld_i64_const(b, 0, loc);
    ax = bld_select(b, bld_cmp(b, OP_LT, ax, zero, loc), bld_i64_arith(b, IB_ADD, ax, n, loc), ax, loc);
    IrValue bad =
        bld_bin(b, IB_OR, ty_scalar(TY_BOOL), bld_cmp(b, OP_LT, ax, zero, loc), bld_cmp(b, OP_GE, ax, n, loc), loc);
    bld_raise_if(b, bad, EXC_INDEX, arena_printf(b->p->arena, "np.%s(): axis out of bounds", fname), loc);
    j->axis = ax;
    return true;
}

static void insert_axes(Join *j, unsigned inserted, const char *size_error)
{
    for (int i = 0; i < j->n; i++)
        j->p[i].inserted = inserted;
    j->size_error = size_error;
}

static const char STACK_ERROR[] = "np.stack(): all input arrays must have the same shape";

/* Sets how the inputs of fn are seen and the axis they join on; false after reporting. */
static bool plan_join(Builder *b, CreateFunc fn, Join *j, const Expr *axis_src, SrcLoc loc)
{
    const char *fname = create_name(fn);
    int nd = j->p[0].ndim;
    if (fn != CR_COLUMN_STACK && !same_ndim(b, j, loc, fname))
        return false;
    switch (fn) {
    case CR_CONCATENATE:
        if (nd == 0) {
            diag_error(&b->diag, loc, "np.concatenate(): zero-dimensional arrays cannot be concatenated");
            return false;
        }
        j->ndim = nd;
        return axis_param(b, axis_src, j, fname, loc);
    case CR_STACK:
        j->ndim = nd + 1;
        for (int i = 0; i < j->n; i++)
            j->p[i].at_axis = true;
        j->size_error = STACK_ERROR;
        if (j->ndim > TY_MAX_NDIM) {
            diag_error(&b->diag, loc, "np.stack(): the result would have more than %d dimensions", TY_MAX_NDIM);
            return false;
        }
        return axis_param(b, axis_src, j, fname, loc);
    case CR_HSTACK: /* 0-d and 1-d arrays join along axis 0, others along axis 1 */
        j->ndim = nd ? nd : 1;
        j->axis = bld_i64_const(b, nd <= 1 ? 0 : 1, loc);
        if (nd == 0)
            insert_axes(j, 1u << 0, NULL);
        return true;
    case CR_VSTACK: /* 0-d and 1-d arrays become rows */
        j->ndim = nd <= 1 ? 2 : nd;
        j->axis = bld_i64_const(b, 0, loc);
        if (nd <= 1)
            insert_axes(j, nd ? 1u << 0 : 3u, STACK_ERROR);
        return true;
    case CR_DSTACK: /* 0-d: (1, 1, 1) pieces; 1-d: (1, n, 1); 2-d: (m, n, 1); joined along axis 2 */
        j->ndim = nd < 3 ? 3 : nd;
        j->axis = bld_i64_const(b, 2, loc);
        if (nd == 0)
            insert_axes(j, 7u, STACK_ERROR);
        else if (nd == 1)
            insert_axes(j, (1u << 0) | (1u << 2), STACK_ERROR);
        else if (nd == 2)
            insert_axes(j, 1u << 2, STACK_ERROR);
        return true;
    case CR_COLUMN_STACK: /* 1-d arrays become columns; 2-d arrays stay */
        j->ndim = 2;
        j->axis = bld_i64_const(b, 1, loc);
        for (int i = 0; i < j->n; i++) {
            if (j->p[i].ndim != 1 && j->p[i].ndim != 2) {
                diag_error(&b->diag, loc, "np.column_stack() is only defined on 1-d and 2-d arrays");
                return false;
            }
            j->p[i].inserted = j->p[i].ndim == 1 ? 1u << 1 : 0;
        }
        return true;
    default: return false;
    }
}

static Operand join_call(Builder *b, const Expr *call, CreateFunc fn)
{
    static const char *const NAMES[] = {"arrays", "axis"};
    const char *fname = create_name(fn);
    bool has_axis = fn == CR_CONCATENATE || fn == CR_STACK;
    CallArgs a;
    if (!bind_args(b, call, fname, NAMES, has_axis ? 2 : 1, 1, &a))
        return bld_error_operand(b);
    Join j = {0};
    if (!read_pieces(b, a.src[0], &j, fname) || !plan_join(b, fn, &j, a.src[1], call->loc))
        return bld_error_operand(b);
    IrValue out = join(b, &j, call->loc);
    return bld_value_operand(out, ir_type(b->f, out));
}

Operand bld_create_call(Builder *b, const Expr *call, Operand f)
{
    CreateFunc fn = (CreateFunc)((int)f.npfunc - NP_CREATE_BASE);
    if (fn == CR_ITEM) { /* Numba's number.item(): the number itself */
        if (call->call.nargs || call->call.nkws) {
            diag_error(&b->diag, call->loc, "item() of a number takes no arguments");
            return bld_error_operand(b);
        }
        return bld_value_operand(f.v, f.type);
    }
    if (b->spec->device) {
        diag_error(&b->diag, call->loc, "np.%s() is not supported in GPU code", create_name(fn));
        return bld_error_operand(b);
    }
    switch (fn) {
    case CR_ARRAY: case CR_ASARRAY: case CR_ASCONTIGUOUSARRAY: return as_array_call(b, call, fn);
    case CR_NDINDEX: case CR_NDENUMERATE: case CR_NDITER:
        diag_error(&b->diag, call->loc, "np.%s() is supported as the iterable of a for loop only", create_name(fn));
        return bld_error_operand(b);
    default: return join_call(b, call, fn);
    }
}
