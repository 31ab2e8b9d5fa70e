/* build_linalg.c — linear algebra: np.dot, the @ operator, a.dot(b), np.vdot, np.outer and
 * np.linalg's norm, solve, inv, det, slogdet, lstsq, eigh, eigvalsh, eig, eigvals, svd, cholesky
 * and qr.
 *
 * Each call is typed as Numba types it (numba/np/linalg.py: which ranks and dtypes it takes, its
 * typing errors, the result's type and tuple shape) and becomes one IR_LINALG instruction, which
 * runtime/linalg.c computes with BLAS/LAPACK at run time (that file also raises the run-time
 * errors: shape mismatches, singular matrices, ...). The operands are float32, float64, complex64
 * or complex128 arrays of one dtype, of any layout; the new arrays in the result go to hidden
 * locals that own them. */
#include "builder/build.h"

#include <string.h>

/* The functions, as Python names them (messages), and their parameters. */
typedef struct LinalgFn {
    const char *name, *shown; /* as written after np. / np.linalg., and as Numba's messages name it */
    IrLinalg op;
    const char *params[3];
    int nparams, required;
} LinalgFn;

static const LinalgFn NP_FNS[] = {
    {"dot", "np.dot()", LA_DOT, {"a", "b"}, 2, 2},
    {"vdot", "np.vdot()", LA_VDOT, {"a", "b"}, 2, 2},
    {"outer", "np.outer()", LA_OUTER, {"a", "b"}, 2, 2},
};
static const LinalgFn LINALG_FNS[] = {
    {"norm", "np.linalg.norm()", LA_NORM, {"x", "ord"}, 2, 1},
    {"solve", "np.linalg.solve()", LA_SOLVE, {"a", "b"}, 2, 2},
    {"inv", "np.linalg.inv()", LA_INV, {"a"}, 1, 1},
    {"det", "np.linalg.det()", LA_DET, {"a"}, 1, 1},
    {"slogdet", "np.linalg.slogdet()", LA_SLOGDET, {"a"}, 1, 1},
    {"lstsq", "np.linalg.lstsq()", LA_LSTSQ, {"a", "b", "rcond"}, 3, 2},
    {"eigh", "np.linalg.eigh()", LA_EIGH, {"a"}, 1, 1},
    {"eigvalsh", "np.linalg.eigvalsh()", LA_EIGVALSH, {"a"}, 1, 1},
    {"eig", "np.linalg.eig()", LA_EIG, {"a"}, 1, 1},
    {"eigvals", "np.linalg.eigvals()", LA_EIGVALS, {"a"}, 1, 1},
    {"svd", "np.linalg.svd()", LA_SVD, {"a", "full_matrices"}, 2, 1},
    {"cholesky", "np.linalg.cholesky()", LA_CHOLESKY, {"a"}, 1, 1},
    {"qr", "np.linalg.qr()", LA_QR, {"a"}, 1, 1},
};
static const LinalgFn METHOD_DOT = {"dot", "np.dot()", LA_DOT, {"a", "b"}, 2, 2};
static const LinalgFn MATMUL = {"@", "'@'", LA_DOT, {"a", "b"}, 2, 2};

static const LinalgFn *fn_of(Operand f) { return f.linalg; }

bool bld_linalg_member(ModuleId m, const char *name, Operand *out)
{
    if (m == MOD_NUMPY && strcmp(name, "linalg") == 0) {
        *out = (Operand){.kind = OPK_MODULE, .module = MOD_LINALG};
        return true;
    }
    const LinalgFn *fns = m == MOD_NUMPY ? NP_FNS : LINALG_FNS;
    size_t n = m == MOD_NUMPY ? sizeof NP_FNS / sizeof NP_FNS[0] : m == MOD_LINALG ? sizeof LINALG_FNS / sizeof LINALG_FNS[0] : 0;
    for (size_t i = 0; i < n; i++)
        if (strcmp(fns[i].name, name) == 0) {
            *out = (Operand){.kind = OPK_LINALG, .linalg = &fns[i], .v = IR_NOVALUE};
            return true;
        }
    return false;
}

bool bld_linalg_method(IrValue a, const Type *at, const char *name, Operand *out)
{
    if (strcmp(name, "dot") != 0)
        return false;
    *out = (Operand){.kind = OPK_LINALG, .linalg = &METHOD_DOT, .v = a, .type = at};
    return true;
}

static bool is_blas_dtype(const Type *t) { return t->kind == TY_FLOAT32 || t->kind == TY_FLOAT64 || ty_is_complex(t); }

/* A complex dtype's part (float32 of complex64): the dtype of norms, singular values, eigh's
 * eigenvalues; a real dtype itself. */
static const Type *real_of(const Type *dt) { return ty_is_complex(dt) ? ty_complex_part(dt) : dt; }

/* Already reported, or of a type not known yet (a parameter while checking): no new message. */
static bool poisoned(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

static const char *type_name(Builder *b, Operand o)
{
    if (o.kind == OPK_VALUE)
        return bld_type_name(b, o.type);
    return o.kind == OPK_NONE ? "None" : o.kind == OPK_STR ? "a string" : o.kind == OPK_ARRAYEXPR ? "an array expression" : "this";
}

/* An array operand's value, or IR_NOVALUE after reporting (an element-wise expression is computed). */
static IrValue array_of(Builder *b, Operand o, const Expr *src, const LinalgFn *fn)
{
    if (o.kind == OPK_ARRAYEXPR)
        return bld_array_value(b, o, src->loc);
    if (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY)
        return o.v;
    if (!poisoned(o))
        diag_error(&b->diag, src->loc, "%s only supported for array types, not %s", fn->shown, type_name(b, o));
    return IR_NOVALUE;
}

/* Numba's checks on an operand's rank (lo..hi) and dtype (float or complex). */
static bool check_array(Builder *b, const Type *t, const Expr *src, const LinalgFn *fn, int lo, int hi)
{
    if (t->ndim < lo || t->ndim > hi) {
        if (fn->op == LA_DOT)
            diag_error(&b->diag, src->loc, "%s: inputs must have compatible dimensions", fn->shown);
        else if (lo == hi)
            diag_error(&b->diag, src->loc, "%s only supported on %d-D arrays, not %s", fn->shown, lo,
                       bld_type_name(b, t));
        else
            diag_error(&b->diag, src->loc, "%s only supported on %d and %d-D arrays, not %s", fn->shown, lo, hi,
                       bld_type_name(b, t));
        return false;
    }
    if (!is_blas_dtype(t->dtype)) {
        diag_error(&b->diag, src->loc, "%s only supported on float and complex arrays, not %s", fn->shown,
                   bld_type_name(b, t));
        return false;
    }
    return true;
}

static bool same_dtype(Builder *b, const Type *x, const Type *y, SrcLoc loc, const LinalgFn *fn)
{
    if (x->dtype == y->dtype)
        return true;
    if (fn->op == LA_SOLVE || fn->op == LA_LSTSQ)
        diag_error(&b->diag, loc, "%s only supports inputs that have homogeneous dtypes (%s and %s)", fn->shown,
                   bld_type_name(b, x), bld_type_name(b, y));
    else
        diag_error(&b->diag, loc, "%s arguments must all have the same dtype (%s and %s)", fn->shown,
                   bld_type_name(b, x), bld_type_name(b, y));
    return false;
}

/* A scalar parameter (ord, rcond, full_matrices) as float64; def when absent or None. */
static IrValue param_of(Builder *b, Operand o, const Expr *src, const LinalgFn *fn, double def, SrcLoc loc)
{
    const Type *f64 = ty_scalar(TY_FLOAT64);
    if (!src || o.kind == OPK_NONE)
        return ir_const_float(b->f, f64, def, loc);
    if (o.kind == OPK_VALUE && ty_is_real(o.type))
        return bld_cast_value(b, o.v, f64, src->loc);
    if (!poisoned(o))
        diag_error(&b->diag, src->loc, "%s: '%s' must be a number, not %s", fn->shown,
                   fn->op == LA_NORM ? "ord" : fn->op == LA_LSTSQ ? "rcond" : "full_matrices", type_name(b, o));
    return IR_NOVALUE;
}

static const Type *array_type(Builder *b, const Type *dtype, int ndim)
{
    return ty_array(&b->p->types, dtype, ndim, 'C');
}

/* The result's type, as Numba's. */
static const Type *result_type(Builder *b, IrLinalg op, const Type *x, const Type *y, bool ord_none)
{
    const Type *dt = x->dtype, *rt = real_of(dt), *f64 = ty_scalar(TY_FLOAT64);
    const Type *c128 = ty_scalar(TY_COMPLEX128), *det_t = ty_is_complex(dt) ? c128 : f64;
    switch (op) {
    case LA_DOT: return x->ndim + y->ndim == 2 ? dt : array_type(b, dt, x->ndim + y->ndim - 2);
    case LA_VDOT: return dt;
    case LA_NORM: case LA_NORM_NONE: return ord_none && x->ndim == 1 ? rt : f64;
    case LA_DET: return det_t;
    case LA_SOLVE: return array_type(b, dt, y->ndim);
    case LA_OUTER: case LA_INV: case LA_CHOLESKY: return array_type(b, dt, 2);
    case LA_LSTSQ: {
        const Type *e[4] = {array_type(b, dt, y->ndim), array_type(b, rt, 1), ty_scalar(TY_INT32), array_type(b, rt, 1)};
        return ty_tuple(&b->p->types, e, 4);
    }
    case LA_EIGVALSH: return array_type(b, rt, 1);
    case LA_EIGVALS: return array_type(b, dt, 1);
    case LA_SLOGDET: {
        const Type *e[2] = {det_t, f64};
        return ty_tuple(&b->p->types, e, 2);
    }
    case LA_EIGH: case LA_EIG: {
        const Type *e[2] = {array_type(b, op == LA_EIGH ? rt : dt, 1), array_type(b, dt, 2)};
        return ty_tuple(&b->p->types, e, 2);
    }
    case LA_SVD: {
        const Type *e[3] = {array_type(b, dt, 2), array_type(b, rt, 1), array_type(b, dt, 2)};
        return ty_tuple(&b->p->types, e, 3);
    }
    case LA_QR: {
        const Type *e[2] = {array_type(b, dt, 2), array_type(b, dt, 2)};
        return ty_tuple(&b->p->types, e, 2);
    }
    }
    return f64;
}

/* The operation on operands ops (their sources srcs; a method's receiver first), lowered. */
static Operand emit(Builder *b, const LinalgFn *fn, Operand *ops, const Expr **srcs, SrcLoc loc)
{
    if (b->spec->device) {
        diag_error(&b->diag, loc, "%s is not supported in GPU code", fn->shown);
        return bld_error_operand(b);
    }
    bool binary = fn->op == LA_DOT || fn->op == LA_VDOT || fn->op == LA_OUTER || fn->op == LA_SOLVE ||
                  fn->op == LA_LSTSQ;
    IrValue args[3];
    int nargs = binary ? 2 : 1;
    for (int i = 0; i < nargs; i++)
        if ((args[i] = array_of(b, ops[i], srcs[i], fn)) == IR_NOVALUE || bld_is_error(b, args[i]))
            return bld_error_operand(b);
    const Type *x = ir_type(b->f, args[0]), *y = binary ? ir_type(b->f, args[1]) : NULL;
    int lo = fn->op == LA_NORM || fn->op == LA_DOT || fn->op == LA_VDOT || fn->op == LA_OUTER ? 1 : 2;
    int hi = fn->op == LA_VDOT ? 1 : 2;
    if (!check_array(b, x, srcs[0], fn, lo, hi))
        return bld_error_operand(b);
    if (binary && (!check_array(b, y, srcs[1], fn, fn->op == LA_VDOT ? 1 : 1, fn->op == LA_VDOT ? 1 : 2) ||
                   !same_dtype(b, x, y, loc, fn)))
        return bld_error_operand(b);
    IrLinalg op = fn->op;
    bool ord_none = op == LA_NORM && (!srcs[1] || ops[1].kind == OPK_NONE);
    if (ord_none)
        op = LA_NORM_NONE;
    double def = op == LA_LSTSQ ? -1.0 : op == LA_SVD ? 1.0 : 0.0;
    int pi = op == LA_LSTSQ ? 2 : 1;
    IrValue param = (op == LA_NORM || op == LA_LSTSQ || op == LA_SVD)
                        ? param_of(b, ops[pi], srcs[pi], fn, def, loc)
                        : ir_const_float(b->f, ty_scalar(TY_FLOAT64), def, loc);
    if (param == IR_NOVALUE)
        return bld_error_operand(b);
    args[nargs] = param;
    const Type *t = result_type(b, op, x, y, ord_none);
    IrValue r = ir_emit(b->f, IR_LINALG, (int)op, t, args, nargs + 1, loc);
    return bld_value_operand(bld_own_arrays(b, r, loc), t);
}

Operand bld_linalg_call(Builder *b, const Expr *call, Operand f)
{
    const LinalgFn *fn = fn_of(f);
    Operand ops[3] = {{.kind = OPK_NONE}, {.kind = OPK_NONE}, {.kind = OPK_NONE}};
    const Expr *srcs[3] = {NULL, NULL, NULL};
    int first = f.v != IR_NOVALUE; /* a.dot(b): the receiver is a */
    if (first) {
        ops[0] = bld_value_operand(f.v, f.type);
        srcs[0] = call->call.func->attr.value;
    }
    const BldParams params = {.name = fn->shown, .names = fn->params, .n = fn->nparams, .required = fn->required,
                              .first = first, .flags = BIND_OWN_PARENS};
    if (!bld_bind_args(b, call, &params, srcs))
        return bld_error_operand(b);
    for (int i = first; i < fn->nparams; i++) {
        if (srcs[i]) {
            ops[i] = bld_expr(b, srcs[i]);
            if (ops[i].kind == OPK_ERROR || (ops[i].kind == OPK_VALUE && ops[i].type->kind == TY_ERROR))
                return bld_error_operand(b);
        }
    }
    return emit(b, fn, ops, srcs, call->loc);
}

Operand bld_matmul(Builder *b, const Expr *e, Operand l, Operand r)
{
    if (poisoned(l) || poisoned(r))
        return bld_error_operand(b);
    bool arrays = (l.kind == OPK_ARRAYEXPR || (l.kind == OPK_VALUE && l.type->kind == TY_ARRAY)) &&
                  (r.kind == OPK_ARRAYEXPR || (r.kind == OPK_VALUE && r.type->kind == TY_ARRAY));
    if (!arrays) {
        diag_error(&b->diag, e->loc, "unsupported operand types for @: %s and %s (it needs two arrays)",
                   type_name(b, l), type_name(b, r));
        return bld_error_operand(b);
    }
    Operand ops[2] = {l, r};
    const Expr *srcs[2] = {e->binop.lhs, e->binop.rhs};
    return emit(b, &MATMUL, ops, srcs, e->loc);
}
