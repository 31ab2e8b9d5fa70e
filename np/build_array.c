/* build_array.c — NumPy on whole arrays in host code: element-wise expressions, reductions, the
 * arrays' ownership, and the calls of np.NAME (bld_np_call binds their arguments; the creation
 * functions np.empty ... np.full_like and np.arange are build_create.c's).
 *
 * An element-wise expression (operators, np.sin and the other ufunc-like functions, np.where,
 * astype) over arrays is not computed where it appears: it stays an OPK_ARRAYEXPR, a template
 * of the element's syntax whose leaves are the arrays and scalar variables it reads, named
 * "$LINE.COL" after where they appear in the source (weak literals stay inside the template as
 * written, so NEP 50 still holds). Operators on an OPK_ARRAYEXPR extend the template, so a whole
 * tree becomes one template. When the value is needed, the template becomes the body of a
 * @vectorize function of its own (one per source expression and shape of leaves, kept in
 * p->outlined), typed on the leaves' element types like any function, and one IR_ARRAY_MAP
 * applies its loop to the leaves broadcast together into a new array: one pass over memory,
 * no temporaries, on threads under parallel=True.
 *
 * Reductions (sum, prod, min, max, mean) are loops over every element, emitted here. Every new
 * array goes to a hidden local at once (bld_own_arrays), which holds its reference: see
 * codegen/arrays.c. */
#include <math.h>
#include <string.h>

#include "builder/build.h"

enum { MAX_LEAVES = 32 };

struct ArrayExpr {
    const Expr *src;                 /* the source expression: names the fused function */
    Expr *tmpl;                      /* one element's syntax over the leaves' names */
    const char *names[MAX_LEAVES];
    const char *vars[MAX_LEAVES];    /* the variable a leaf reads, or NULL */
    IrValue leaves[MAX_LEAVES];
    int n;
    int ndim;                        /* of the result: the most of any leaf */
};

bool bld_is_arraylike(Operand o)
{
    return o.kind == OPK_ARRAYEXPR || (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY);
}

static bool on_host(Builder *b, SrcLoc loc)
{
    if (!b->spec->device)
        return true;
    diag_error(&b->diag, loc, "whole-array expressions and new arrays are not supported in GPU code: "
                              "index the arrays element by element");
    return false;
}

IrValue bld_own_arrays(Builder *b, IrValue v, SrcLoc loc)
{
    const Type *t = ir_type(b->f, v);
    if (b->spec->device || !ty_holds_arrays(t))
        return v;
    int local = ir_new_local(b->f, "$arr", t);
    ir_store(b->f, local, v, loc);
    ir_last(b->f)->flags |= IRF_MOVE;
    return v;
}

/* ---- element-wise templates ---- */

const char *bld_describe(Builder *b, Operand o)
{
    switch (o.kind) {
    case OPK_VALUE: return bld_type_name(b, o.type);
    case OPK_ARRAYEXPR: return "an array expression";
    case OPK_NONE: return "None";
    case OPK_STR: return "a string";
    default: return "this";
    }
}

static Operand lazy(ArrayExpr *ax) { return (Operand){.kind = OPK_ARRAYEXPR, .ax = ax, .type = ty_scalar(TY_ERROR)}; }

static Spec *fused_spec(Builder *b, const ArrayExpr *ax, const Type *ret, SrcLoc loc);
static IrValue emit_map(Builder *b, const ArrayExpr *ax, Spec *s, IrValue into, SrcLoc loc);

/* The operand an element-wise template gives: lazy, or, where every array it reads is 0-d (their
 * elements are its leaves: template_of), the number its function computes, as Numba types a
 * ufunc over 0-d arrays as a scalar. */
static Operand element_wise(Builder *b, ArrayExpr *ax, SrcLoc loc)
{
    if (ax->ndim > 0)
        return lazy(ax);
    Spec *s = fused_spec(b, ax, NULL, loc);
    if (!s)
        return bld_error_operand(b);
    IrValue v = ir_emit(b->f, IR_CALL, 0, s->ret, ax->leaves, ax->n, loc);
    ir_last(b->f)->imm.callee = s;
    return bld_value_operand(v, s->ret);
}

static ArrayExpr *new_expr(Builder *b, const Expr *src)
{
    ArrayExpr *ax = arena_alloc(b->pass_arena, sizeof *ax);
    memset(ax, 0, sizeof *ax);
    ax->src = src;
    return ax;
}

static bool add_leaf(Builder *b, ArrayExpr *ax, IrValue v, const char *name, const char *var, SrcLoc loc)
{
    for (int i = 0; i < ax->n; i++) /* one source node read twice (np.square(a + b)) */
        if (strcmp(ax->names[i], name) == 0)
            return true;
    if (ax->n == MAX_LEAVES) {
        diag_error(&b->diag, loc, "an array expression reads at most %d arrays and variables", MAX_LEAVES);
        return false;
    }
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ARRAY && t->ndim > ax->ndim)
        ax->ndim = t->ndim;
    ax->names[ax->n] = name;
    ax->vars[ax->n] = var;
    ax->leaves[ax->n++] = v;
    return true;
}

/* Whether a weak operand's syntax can be copied into the element's template as written:
 * literals, module constants and operators over them. A weak value computed from the function's
 * variables (`7 if len(b) > 3 else 5`) cannot, since the element's function does not see them;
 * it becomes a leaf like any scalar (and is then strong). */
static bool self_contained(Builder *b, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_IMAG: case EX_BOOL: return true;
    case EX_NAME: return !bld_find_var(b, e->name);
    case EX_UNARY: return self_contained(b, e->unary.operand);
    case EX_BINOP: case EX_BOOLOP: return self_contained(b, e->binop.lhs) && self_contained(b, e->binop.rhs);
    case EX_IFEXP:
        return self_contained(b, e->ifexp.cond) && self_contained(b, e->ifexp.then) && self_contained(b, e->ifexp.els);
    case EX_COMPARE:
        for (int i = 0; i < e->compare.n; i++)
            if (!self_contained(b, e->compare.operands[i]))
                return false;
        return true;
    default: return false;
    }
}

/* The template of operand o (written as src) inside ax, adding what it reads to ax's leaves;
 * NULL (nothing reported) when o cannot be an element-wise operand. */
static Expr *template_of(Builder *b, ArrayExpr *ax, Operand o, const Expr *src)
{
    if (o.kind == OPK_ARRAYEXPR) {
        for (int i = 0; i < o.ax->n; i++)
            if (!add_leaf(b, ax, o.ax->leaves[i], o.ax->names[i], o.ax->vars[i], src->loc))
                return NULL;
        return o.ax->tmpl;
    }
    if (o.kind != OPK_VALUE || (!ty_is_number(o.type) && o.type->kind != TY_ARRAY))
        return NULL;
    if (o.type->kind == TY_ARRAY && o.type->ndim == 0)
        o = bld_value_operand(bld_elem_load(b, o.v, NULL, src->loc), o.type->dtype);
    if (o.weak && self_contained(b, src)) /* a literal keeps its NEP 50 weakness inside the element */
        return (Expr *)src;
    const char *var = src->kind == EX_NAME ? src->name : NULL;
    for (int i = 0; i < ax->n && var; i++) /* x * x reads x once */
        if (ax->vars[i] && strcmp(ax->vars[i], var) == 0)
            return bld_syn_name(b, ax->names[i], src->loc);
    const char *name = arena_printf(b->p->arena, "$%d.%d", src->loc.line, src->loc.col);
    if (!add_leaf(b, ax, o.v, name, var, src->loc))
        return NULL;
    return bld_syn_name(b, name, src->loc);
}

/* Poison: reported already, or of a type not known while checking (a parameter's). */
static bool poisoned(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

/* The float or complex dtype an array operand computes in (of an expression not yet typed: its
 * arrays' promoted float or complex dtypes), or NULL. */
static const Type *float_kind_of(Builder *b, Operand o)
{
    const Type *d = NULL;
    if (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY)
        return ty_is_float(o.type->dtype) || ty_is_complex(o.type->dtype) ? o.type->dtype : NULL;
    for (int i = 0; o.kind == OPK_ARRAYEXPR && i < o.ax->n; i++) {
        const Type *t = ir_type(b->f, o.ax->leaves[i]);
        if (t->kind == TY_ARRAY && (ty_is_float(t->dtype) || ty_is_complex(t->dtype)))
            d = d ? ty_promote(d, false, t->dtype, false) : t->dtype;
    }
    return d;
}

/* Numba's loop selection for an array operand with a scalar one (numba/np/numpy_support.py,
 * ufunc_can_cast): an integer may cast to any float or complex loop, so a strong integer scalar
 * beside a float32 array computes in float32 (`a * n` is float32), where NumPy's promotion
 * would give float64. The scalar is converted to the array's dtype first. */
static Operand mixed_scalar(Builder *b, Operand scalar, Operand array, SrcLoc loc)
{
    const Type *d;
    if (scalar.kind != OPK_VALUE || scalar.weak || !ty_is_int(scalar.type) || ty_is_bool(scalar.type) ||
        !(d = float_kind_of(b, array)))
        return scalar;
    return bld_value_operand(bld_cast_value(b, scalar.v, d, loc), d);
}

Operand bld_array_binop(Builder *b, const Expr *e, Operand l, Operand r)
{
    if (poisoned(l) || poisoned(r) || !on_host(b, e->loc))
        return bld_error_operand(b);
    Operand l0 = l;
    l = mixed_scalar(b, l, r, e->binop.lhs->loc);
    r = mixed_scalar(b, r, l0, e->binop.rhs->loc);
    ArrayExpr *ax = new_expr(b, e);
    Expr *lt = template_of(b, ax, l, e->binop.lhs), *rt = lt ? template_of(b, ax, r, e->binop.rhs) : NULL;
    if (e->binop.op == OP_MATMUL || !lt || !rt) {
        diag_error(&b->diag, e->loc, "unsupported operand types for %s: %s and %s", ast_op_text(e->binop.op),
                   bld_describe(b, l), bld_describe(b, r));
        return bld_error_operand(b);
    }
    ax->tmpl = bld_syn_binop(b, e->binop.op, lt, rt);
    ax->tmpl->loc = e->loc;
    return element_wise(b, ax, e->loc);
}

Operand bld_array_unary(Builder *b, const Expr *e, Operand o)
{
    if (poisoned(o) || !on_host(b, e->loc))
        return bld_error_operand(b);
    ArrayExpr *ax = new_expr(b, e);
    Expr *t = template_of(b, ax, o, e->unary.operand);
    if (e->unary.op == OP_NOT || !t) {
        diag_error(&b->diag, e->loc, e->unary.op == OP_NOT ? "the truth value of %s is ambiguous: use np.where or compare"
                                                          : "bad operand type for unary %s: %s",
                   e->unary.op == OP_NOT ? bld_describe(b, o) : ast_op_text(e->unary.op), bld_describe(b, o));
        return bld_error_operand(b);
    }
    ax->tmpl = bld_syn_expr(b, EX_UNARY, e->loc);
    ax->tmpl->unary.op = e->unary.op;
    ax->tmpl->unary.operand = t;
    return element_wise(b, ax, e->loc);
}

Operand bld_array_compare(Builder *b, const Expr *e, Operand l, Operand r)
{
    if (poisoned(l) || poisoned(r) || !on_host(b, e->loc))
        return bld_error_operand(b);
    AstOp op = e->compare.ops[0];
    ArrayExpr *ax = new_expr(b, e);
    Expr *lt = template_of(b, ax, l, e->compare.operands[0]);
    Expr *rt = lt ? template_of(b, ax, r, e->compare.operands[1]) : NULL;
    if (op >= OP_IS || !lt || !rt) {
        diag_error(&b->diag, e->loc, "unsupported operand types for %s: %s and %s", ast_op_text(op), bld_describe(b, l),
                   bld_describe(b, r));
        return bld_error_operand(b);
    }
    ax->tmpl = bld_syn_expr(b, EX_COMPARE, e->loc);
    ax->tmpl->compare.ops = e->compare.ops;
    ax->tmpl->compare.n = 2;
    ax->tmpl->compare.operands = arena_alloc(b->p->arena, sizeof(Expr *) * 2);
    ax->tmpl->compare.operands[0] = lt;
    ax->tmpl->compare.operands[1] = rt;
    return element_wise(b, ax, e->loc);
}

/* A template calling `func` (a function of the module: np.sin, abs, ...) on n operands. */
static Operand call_template(Builder *b, const Expr *call, Expr *func, const Operand *ops, const Expr *const *srcs,
                             int n)
{
    if (!on_host(b, call->loc))
        return bld_error_operand(b);
    if (call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "keyword arguments are not supported here");
        return bld_error_operand(b);
    }
    for (int i = 0; i < n; i++)
        if (poisoned(ops[i]))
            return bld_error_operand(b);
    ArrayExpr *ax = new_expr(b, call);
    Expr **args = arena_alloc(b->p->arena, sizeof(Expr *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        if (!(args[i] = template_of(b, ax, ops[i], srcs[i]))) {
            diag_error(&b->diag, srcs[i]->loc, "an element-wise function needs arrays or numbers, not %s",
                       bld_describe(b, ops[i]));
            return bld_error_operand(b);
        }
    ax->tmpl = bld_syn_expr(b, EX_CALL, call->loc);
    ax->tmpl->call.func = func;
    ax->tmpl->call.args = args;
    ax->tmpl->call.nargs = n;
    return lazy(ax);
}

Operand bld_array_call(Builder *b, const Expr *call, const Operand *ops, int n)
{
    Operand r = call_template(b, call, call->call.func, ops, (const Expr *const *)call->call.args, n);
    return r.kind == OPK_ARRAYEXPR ? element_wise(b, r.ax, call->loc) : r;
}

Operand bld_array_call_as(Builder *b, const Expr *src, const Expr *call, Expr *func, const Operand *ops, int n)
{
    Operand r = call_template(b, call, func, ops, (const Expr *const *)call->call.args, n);
    if (r.kind != OPK_ARRAYEXPR)
        return r;
    r.ax->src = src;
    return element_wise(b, r.ax, call->loc);
}

/* ---- computing a template ---- */

static const char *leaf_key(Builder *b, const ArrayExpr *ax, const Type *ret)
{
    const char *key = ret ? ty_mangle(b->p->arena, ret) : "";
    for (int i = 0; i < ax->n; i++)
        key = arena_printf(b->p->arena, "%s,%s", key, ax->names[i]);
    return key;
}

/* The @vectorize function whose body is `return <template>`, returning ret when given. */
static ProgFunc *fused_function(Builder *b, const ArrayExpr *ax, const Type *ret)
{
    Program *p = b->p;
    const char *key = leaf_key(b, ax, ret);
    for (int i = 0; i < p->noutlined; i++)
        if (p->outlined[i]->fused_from == ax->src && strcmp(p->outlined[i]->outlined_key, key) == 0)
            return p->outlined[i];
    Stmt **body = arena_alloc(p->arena, sizeof(Stmt *));
    body[0] = bld_syn_stmt(b, ST_RETURN, ax->src->loc);
    body[0]->ret = ax->tmpl;
    /* a template computed both as it is and converted (a.copy().astype(t)) is two functions: their
     * names differ by the result type, as do their specializations' symbols */
    const char *name = arena_printf(p->arena, "%s.expr%d.%d%s%s", b->def->name, ax->src->loc.line, ax->src->loc.col,
                                    ret ? ".as_" : "", ret ? ty_mangle(p->arena, ret) : "");
    ProgFunc *f = bld_syn_function(b, name, ax->src->loc, (const char **)ax->names, ax->n, body, 1, FK_VECTORIZE);
    f->fused_from = ax->src;
    f->outlined_key = key;
    return f;
}

/* The fused function typed on the leaves' element types; NULL after reporting. */
static Spec *fused_spec(Builder *b, const ArrayExpr *ax, const Type *ret, SrcLoc loc)
{
    const Type *types[MAX_LEAVES];
    for (int i = 0; i < ax->n; i++) {
        const Type *t = ir_type(b->f, ax->leaves[i]);
        if (t->kind == TY_ERROR)
            return NULL;
        types[i] = t->kind == TY_ARRAY ? t->dtype : t;
    }
    Spec *s = prog_specialize(b->p, fused_function(b, ax, ret), types, ax->n, ret, b->spec->device, loc);
    if (s && s->state == SPEC_FAILED) { /* the template's nodes carry the source's locations */
        for (int i = 0; i < s->errors.n; i++)
            diag_report(&b->diag, s->errors.items[i].severity, s->errors.items[i].loc, "%s", s->errors.items[i].message);
        return NULL;
    }
    if (s && !ty_is_scalar(s->ret)) {
        diag_error(&b->diag, loc, "an element-wise expression must give numbers, not %s", bld_type_name(b, s->ret));
        return NULL;
    }
    return s;
}

/* IR_ARRAY_MAP of spec s over ax's leaves: into the array `into`, or (IR_NOVALUE) a new one. */
static IrValue emit_map(Builder *b, const ArrayExpr *ax, Spec *s, IrValue into, SrcLoc loc)
{
    IrValue args[MAX_LEAVES + 1];
    int n = 0;
    if (into != IR_NOVALUE && !bld_writable(b, into, loc))
        return into;
    if (into != IR_NOVALUE)
        args[n++] = into;
    for (int i = 0; i < ax->n; i++)
        args[n++] = ax->leaves[i];
    const Type *t = into != IR_NOVALUE ? NULL : ty_array(&b->p->types, s->ret, ax->ndim, 'C');
    IrValue r = ir_emit(b->f, IR_ARRAY_MAP, 0, t, args, n, loc);
    ir_last(b->f)->imm.callee = s;
    ir_last(b->f)->flags |= (b->opts->parallel ? IRF_PARALLEL : 0) | (into != IR_NOVALUE ? IRF_INTO : 0);
    return into != IR_NOVALUE ? into : bld_own_arrays(b, r, loc);
}

IrValue bld_array_value(Builder *b, Operand o, SrcLoc loc)
{
    Spec *s = fused_spec(b, o.ax, NULL, loc);
    return s ? emit_map(b, o.ax, s, IR_NOVALUE, loc) : bld_error_operand(b).v;
}

/* Leaf v's element at the output's index idx (of out_ndim axes), broadcast as NumPy does: v's
 * axes are the output's last ones, and an axis of extent 1 is read at 0. A number is itself. */
static IrValue broadcast_element(Builder *b, IrValue v, const IrValue *idx, int out_ndim, SrcLoc loc)
{
    const Type *t = ir_type(b->f, v);
    if (t->kind != TY_ARRAY)
        return v;
    IrValue args[TY_MAX_NDIM + 1] = {v};
    for (int k = 0; k < t->ndim; k++) {
        IrValue extent = ir_emit(b->f, IR_SHAPE, 0, ty_scalar(TY_INT64), &v, 1, loc);
        ir_last(b->f)->imm.index = k;
        IrValue one = bld_cmp(b, OP_EQ, extent, bld_i64_const(b, 1, loc), loc);
        args[k + 1] = bld_select(b, one, bld_i64_const(b, 0, loc), idx[out_ndim - t->ndim + k], loc);
    }
    return ir_emit(b->f, IR_ELEM_LOAD, 0, t->dtype, args, t->ndim + 1, loc);
}

/* np.sin(x, out), np.add(a, b, out) in GPU code, as numba-cuda compiles a NumPy ufunc given its
 * output inside a kernel (its npyimpl loop): a loop nest over out's elements that reads each input
 * at the element's index, broadcast, applies the function to the elements and stores the result
 * converted to out's dtype. The inputs are arrays or numbers: an array expression would need a
 * temporary array, which GPU code cannot allocate (numba-cuda cannot either). */
Operand bld_gpu_ufunc_into(Builder *b, const Expr *call, const Operand *ins, int n, Operand out)
{
    ArrayExpr *ax = new_expr(b, call);
    Expr **args = arena_alloc(b->p->arena, sizeof(Expr *) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        if (poisoned(ins[i]))
            return bld_error_operand(b);
        if (ins[i].kind == OPK_ARRAYEXPR) {
            on_host(b, call->call.args[i]->loc);
            return bld_error_operand(b);
        }
        if (!(args[i] = template_of(b, ax, ins[i], call->call.args[i]))) {
            diag_error(&b->diag, call->call.args[i]->loc, "an element-wise function needs arrays or numbers, not %s",
                       bld_describe(b, ins[i]));
            return bld_error_operand(b);
        }
    }
    const Type *ot = out.type;
    if (ax->ndim > ot->ndim) {
        diag_error(&b->diag, call->call.args[n]->loc, "non-broadcastable output operand: %s has fewer dimensions "
                   "than the inputs (%d)", bld_type_name(b, ot), ax->ndim);
        return bld_error_operand(b);
    }
    if (!bld_writable(b, out.v, call->loc))
        return bld_error_operand(b);
    ax->tmpl = bld_syn_expr(b, EX_CALL, call->loc);
    ax->tmpl->call.func = call->call.func;
    ax->tmpl->call.args = args;
    ax->tmpl->call.nargs = n;
    Spec *s = fused_spec(b, ax, ot->dtype, call->loc);
    if (!s)
        return bld_error_operand(b);
    IrValue idx[TY_MAX_NDIM], vals[MAX_LEAVES], st[TY_MAX_NDIM + 2] = {out.v};
    Nest nest;
    bld_nest_open(b, &nest, out.v, idx, call->loc);
    for (int i = 0; i < ax->n; i++)
        vals[i] = broadcast_element(b, ax->leaves[i], idx, ot->ndim, call->loc);
    IrValue r = ir_emit(b->f, IR_CALL, 0, s->ret, vals, ax->n, call->loc);
    ir_last(b->f)->imm.callee = s;
    memcpy(st + 1, idx, sizeof idx[0] * (size_t)ot->ndim);
    st[1 + ot->ndim] = bld_cast_value(b, r, ot->dtype, call->loc);
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, ot->ndim + 2, call->loc);
    bld_nest_close(b, &nest, call->loc);
    return out;
}

/* NumPy's "same_kind" casting: safe, or within floats, signed or unsigned integers. */
static bool same_kind(const Type *from, const Type *to)
{
    return ty_can_cast_safely(from, to) || (ty_is_float(from) && ty_is_float(to)) ||
           (ty_is_signed(from) && ty_is_signed(to)) || (ty_is_unsigned(from) && ty_is_unsigned(to));
}

/* a[i] = (x, y, z) into a 1-d row or slice: the tuple's items, converted to the dtype, element by
 * element, as Numba stores a sequence; a length that differs raises ValueError. */
static void store_tuple(Builder *b, IrValue into, Operand val, SrcLoc loc)
{
    const Type *at = ir_type(b->f, into), *tt = val.type;
    IrValue len = ir_emit(b->f, IR_SHAPE, 0, ty_scalar(TY_INT64), &into, 1, loc);
    ir_last(b->f)->imm.index = 0;
    bld_raise_if(b, bld_cmp(b, OP_NE, len, bld_i64_const(b, tt->n, loc), loc), EXC_VALUE,
                 "cannot assign slice from input of different size", loc);
    for (int k = 0; k < tt->n; k++) {
        IrValue item = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[k], &val.v, 1, loc);
        ir_last(b->f)->imm.index = k;
        IrValue st[3] = {into, bld_i64_const(b, k, loc), bld_cast_value(b, item, at->dtype, loc)};
        ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, 3, loc);
    }
}

static bool tuple_of_numbers(const Operand *o)
{
    if (o->kind != OPK_VALUE || o->type->kind != TY_TUPLE || o->type->tag)
        return false;
    for (int k = 0; k < o->type->n; k++)
        if (!ty_is_number(o->type->elems[k]))
            return false;
    return true;
}

void bld_array_assign(Builder *b, IrValue into, Operand val, const Expr *site, SrcLoc loc)
{
    const Type *at = ir_type(b->f, into);
    Operand arr; /* a[i, :] = [p, q]: the list as an array, stored as arrays are */
    if (val.kind == OPK_VALUE && val.type->kind == TY_LIST && val.type->dtype && ty_is_number(val.type->dtype) &&
        on_host(b, loc) && bld_list_to_array(b, val.v, loc, &arr))
        val = arr;
    if (at->ndim == 1 && tuple_of_numbers(&val) && on_host(b, loc)) {
        store_tuple(b, into, val, loc);
        return;
    }
    if (val.kind == OPK_VALUE && ty_is_scalar(val.type)) {
        IrValue x = bld_cast_value(b, bld_value_of(b, val, loc), at->dtype, loc), idx[TY_MAX_NDIM], st[TY_MAX_NDIM + 2] = {into};
        Nest n;
        bld_nest_open(b, &n, into, idx, loc);
        memcpy(st + 1, idx, sizeof idx[0] * (size_t)at->ndim);
        st[1 + at->ndim] = x;
        ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, at->ndim + 2, loc);
        bld_nest_close(b, &n, loc);
        return;
    }
    if (!bld_is_arraylike(val) || !on_host(b, loc)) {
        if (!poisoned(val) && bld_is_arraylike(val) == false)
            diag_error(&b->diag, loc, "cannot store %s into %s", bld_describe(b, val), bld_type_name(b, at));
        return;
    }
    ArrayExpr *ax = new_expr(b, site);
    if (!(ax->tmpl = template_of(b, ax, val, site)))
        return;
    Spec *sp = fused_spec(b, ax, at->dtype, loc);
    if (!sp)
        return;
    emit_map(b, ax, sp, into, loc);
    if (ir_last(b->f)->op == IR_ARRAY_MAP) /* the value is read whole before it is stored, as NumPy's */
        ir_last(b->f)->flags |= IRF_BUFFERED;
}

Operand bld_array_augmented(Builder *b, const Stmt *s, Operand cur, Operand val)
{
    Expr *e = bld_syn_binop(b, s->augassign.op, s->augassign.target, s->augassign.value);
    e->loc = s->loc;
    Operand r = bld_array_binop(b, e, cur, val);
    if (r.kind == OPK_ARRAYEXPR)
        r.ax->src = s->augassign.value; /* a node that lasts across passes */
    return r;
}

void bld_array_augassign(Builder *b, const Stmt *s, Operand target)
{
    Operand val = bld_expr(b, s->augassign.value);
    if (val.kind == OPK_ERROR)
        return;
    Operand r = bld_array_augmented(b, s, target, val);
    const Type *dt = target.type->dtype;
    if (r.kind == OPK_VALUE && ty_is_number(r.type) && target.type->kind == TY_ARRAY && target.type->ndim == 0) {
        if (r.type != dt && !same_kind(r.type, dt)) { /* a 0-d target: its element computed, then stored */
            diag_error(&b->diag, s->loc, "%s= would store %s results into %s: NumPy's same_kind rule forbids it",
                       ast_op_text(s->augassign.op), bld_type_name(b, r.type), bld_type_name(b, target.type));
            return;
        }
        if (bld_writable(b, target.v, s->loc)) {
            IrValue st[2] = {target.v, bld_cast_value(b, r.v, dt, s->loc)};
            ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, 2, s->loc);
        }
        return;
    }
    if (r.kind != OPK_ARRAYEXPR)
        return;
    Spec *sp = fused_spec(b, r.ax, NULL, s->loc);
    if (!sp)
        return;
    if (sp->ret != dt && !same_kind(sp->ret, dt)) {
        diag_error(&b->diag, s->loc, "%s= would store %s results into %s: NumPy's same_kind rule forbids it",
                   ast_op_text(s->augassign.op), bld_type_name(b, sp->ret), bld_type_name(b, target.type));
        return;
    }
    if (sp->ret != dt && !(sp = fused_spec(b, r.ax, dt, s->loc)))
        return;
    emit_map(b, r.ax, sp, target.v, s->loc);
}

/* ---- loops over every element ---- */

IrValue bld_array_extent(Builder *b, IrValue a, int axis, SrcLoc loc)
{
    IrValue n = ir_emit(b->f, IR_SHAPE, 0, ty_scalar(TY_INT64), &a, 1, loc);
    ir_last(b->f)->imm.index = axis;
    return n;
}

/* Opens loops over every index of array a in C order; idx[] gets the indices. */
void bld_loops_open(Builder *b, Nest *n, const IrValue *dims, int ndim, IrValue *idx, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64);
    n->ndim = ndim;
    for (int k = 0; k < n->ndim; k++) {
        n->index[k] = ir_new_local(b->f, "$i", i64);
        ir_store(b->f, n->index[k], ir_const_int(b->f, i64, 0, loc), loc);
        n->head[k] = ir_new_block(b->f);
        n->exit[k] = ir_new_block(b->f);
        int body = ir_new_block(b->f);
        ir_br(b->f, n->head[k]);
        ir_set_block(b->f, n->head[k]);
        IrValue args[2] = {ir_load(b->f, n->index[k], loc), dims[k]};
        ir_cbr(b->f, ir_emit(b->f, IR_CMP, OP_LT, ty_scalar(TY_BOOL), args, 2, loc), body, n->exit[k]);
        ir_set_block(b->f, body);
        idx[k] = args[0];
    }
}

void bld_nest_open(Builder *b, Nest *n, IrValue a, IrValue *idx, SrcLoc loc)
{
    IrValue dims[TY_MAX_NDIM];
    int ndim = ir_type(b->f, a)->ndim;
    for (int k = 0; k < ndim; k++)
        dims[k] = bld_array_extent(b, a, k, loc);
    bld_loops_open(b, n, dims, ndim, idx, loc);
}

void bld_nest_close(Builder *b, const Nest *n, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64);
    for (int k = n->ndim - 1; k >= 0; k--) {
        IrValue args[2] = {ir_load(b->f, n->index[k], loc), ir_const_int(b->f, i64, 1, loc)};
        IrValue next = ir_emit(b->f, IR_BIN, IB_ADD, i64, args, 2, loc);
        ir_last(b->f)->flags |= IRF_NSW;
        ir_store(b->f, n->index[k], next, loc);
        ir_br(b->f, n->head[k]);
        ir_set_block(b->f, n->exit[k]);
    }
}

IrValue bld_element_count(Builder *b, IrValue a, SrcLoc loc)
{
    IrValue n = bld_i64_const(b, 1, loc);
    for (int k = 0; k < ir_type(b->f, a)->ndim; k++)
        n = bld_i64_arith(b, IB_MUL, n, bld_array_extent(b, a, k, loc), loc);
    return n;
}

/* ---- reductions ---- */

/* The accumulator's type, as Numba's: integers sum in (u)int64, floats and complex numbers in
 * their own type, and the mean of integers divides in float64. */
static const Type *accumulator_type(NpFunc fn, const Type *dt)
{
    if (fn == NP_MIN || fn == NP_MAX || ty_is_float(dt) || ty_is_complex(dt))
        return dt;
    if (fn == NP_MEAN)
        return ty_scalar(TY_FLOAT64);
    return ty_scalar(ty_is_unsigned(dt) ? TY_UINT64 : TY_INT64);
}

/* The number v in the numeric type t (v + 0j for a complex t). */
static IrValue number_const(Builder *b, const Type *t, double v, SrcLoc loc)
{
    if (ty_is_complex(t))
        return bld_make_complex(b, ir_const_float(b->f, ty_scalar(TY_FLOAT64), v, loc),
                                ir_const_float(b->f, ty_scalar(TY_FLOAT64), 0.0, loc), t, loc);
    return ty_is_float(t) ? ir_const_float(b->f, t, v, loc) : ir_const_int(b->f, t, (int64_t)v, loc);
}

static IrValue complex_part(Builder *b, IrValue z, IrUnOp which, SrcLoc loc)
{
    return ir_emit(b->f, IR_UNARY, which, ty_complex_part(ir_type(b->f, z)), &z, 1, loc);
}

/* Numba's order of complex numbers in min, max and ptp: by the real parts, then by the
 * imaginary parts where the real parts are equal (a NaN part compares false). */
static IrValue complex_beats(Builder *b, bool is_min, IrValue v, IrValue cur, SrcLoc loc)
{
    AstOp op = is_min ? OP_LT : OP_GT;
    IrValue vr = complex_part(b, v, IU_REAL, loc), cr = complex_part(b, cur, IU_REAL, loc);
    IrValue tie[2] = {bld_cmp(b, OP_EQ, vr, cr, loc),
                      bld_cmp(b, op, complex_part(b, v, IU_IMAG, loc), complex_part(b, cur, IU_IMAG, loc), loc)};
    IrValue either[2] = {bld_cmp(b, op, vr, cr, loc), ir_emit(b->f, IR_BIN, IB_AND, ty_scalar(TY_BOOL), tie, 2, loc)};
    return ir_emit(b->f, IR_BIN, IB_OR, ty_scalar(TY_BOOL), either, 2, loc);
}

/* Stores values[i] into locals[i] where cond holds. */
static void store_where(Builder *b, IrValue cond, const int *locals, const IrValue *values, int n, SrcLoc loc)
{
    int take = ir_new_block(b->f), done = ir_new_block(b->f);
    ir_cbr(b->f, cond, take, done);
    ir_set_block(b->f, take);
    for (int i = 0; i < n; i++)
        ir_store(b->f, locals[i], values[i], loc);
    ir_br(b->f, done);
    ir_set_block(b->f, done);
}

/* min/max: acc = v where v beats it; with nan_wins, a NaN wins for good (NumPy propagates NaN),
 * else it never beats (Python's max and min compare). Complex numbers compare as Numba's min
 * and max compare them (complex_beats), NaNs included. */
static void keep_extreme(Builder *b, bool is_min, bool nan_wins, int acc, const Type *t, IrValue v, SrcLoc loc)
{
    const Type *ct = ty_is_bool(t) ? ty_scalar(TY_INT64) : t;
    IrValue cur = ir_load(b->f, acc, loc);
    IrValue better = ty_is_complex(t) ? complex_beats(b, is_min, v, cur, loc)
                     : bld_cmp(b, is_min ? OP_LT : OP_GT, bld_cast_value(b, v, ct, loc), bld_cast_value(b, cur, ct, loc), loc);
    if (nan_wins && ty_is_float(t)) {
        IrValue args[2] = {better, bld_cmp(b, OP_NE, v, v, loc)};
        better = ir_emit(b->f, IR_BIN, IB_OR, ty_scalar(TY_BOOL), args, 2, loc);
    }
    store_where(b, better, &acc, &v, 1, loc);
}

/* The mean of a complex array from its sum, as Numba's: the sum over the size in complex128,
 * in the array's type; an empty array gives nan+nanj. */
static Operand complex_mean(Builder *b, IrValue sum, IrValue a, SrcLoc loc)
{
    const Type *t = ir_type(b->f, sum), *c128 = ty_scalar(TY_COMPLEX128), *i64 = ty_scalar(TY_INT64);
    IrValue size = bld_element_count(b, a, loc), nan = ir_const_float(b->f, ty_scalar(TY_FLOAT64), NAN, loc);
    int mean = ir_new_local(b->f, "$mean", t), divide = ir_new_block(b->f), done = ir_new_block(b->f);
    ir_store(b->f, mean, bld_make_complex(b, nan, nan, t, loc), loc);
    ir_cbr(b->f, bld_cmp(b, OP_NE, size, ir_const_int(b->f, i64, 0, loc), loc), divide, done);
    ir_set_block(b->f, divide);
    IrValue args[2] = {bld_cast_value(b, sum, c128, loc), bld_cast_value(b, size, c128, loc)};
    IrValue q = ir_emit(b->f, IR_BIN, IB_TRUEDIV, c128, args, 2, loc);
    ir_store(b->f, mean, bld_cast_value(b, q, t, loc), loc);
    ir_br(b->f, done);
    ir_set_block(b->f, done);
    return bld_value_operand(ir_load(b->f, mean, loc), t);
}

static Operand reduce(Builder *b, NpFunc fn, IrValue a, SrcLoc loc)
{
    const Type *dt = ir_type(b->f, a)->dtype, *t = accumulator_type(fn, dt);
    bool extreme = fn == NP_MIN || fn == NP_MAX;
    int acc = ir_new_local(b->f, "$acc", t);
    IrValue idx[TY_MAX_NDIM];
    if (extreme) {
        IrValue size = bld_element_count(b, a, loc);
        bld_raise_if(b, bld_cmp(b, OP_EQ, size, ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc), loc), EXC_VALUE,
                 fn == NP_MIN ? "zero-size array to reduction operation minimum which has no identity"
                              : "zero-size array to reduction operation maximum which has no identity",
                 loc);
        for (int k = 0; k < ir_type(b->f, a)->ndim; k++)
            idx[k] = ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc);
        ir_store(b->f, acc, bld_elem_load(b, a, idx, loc), loc);
    } else {
        ir_store(b->f, acc, number_const(b, t, fn == NP_PROD, loc), loc);
    }
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue v = bld_elem_load(b, a, idx, loc);
    if (extreme) {
        keep_extreme(b, fn == NP_MIN, true, acc, t, v, loc);
    } else {
        IrValue args[2] = {ir_load(b->f, acc, loc), bld_cast_value(b, v, t, loc)};
        ir_store(b->f, acc, ir_emit(b->f, IR_BIN, fn == NP_PROD ? IB_MUL : IB_ADD, t, args, 2, loc), loc);
        if (b->opts->fastmath && ty_is_float(t))
            ir_last(b->f)->flags |= IRF_FASTMATH;
    }
    bld_nest_close(b, &n, loc);
    IrValue r = ir_load(b->f, acc, loc);
    if (fn != NP_MEAN)
        return bld_value_operand(r, t);
    if (ty_is_complex(t))
        return complex_mean(b, r, a, loc);
    /* mean = sum / size in float64; an empty array gives nan (NumPy warns, Numba divides) */
    const Type *f64 = ty_scalar(TY_FLOAT64);
    IrValue args[2] = {bld_cast_value(b, r, f64, loc), bld_cast_value(b, bld_element_count(b, a, loc), f64, loc)};
    int mean = ir_new_local(b->f, "$mean", f64), divide = ir_new_block(b->f), done = ir_new_block(b->f);
    ir_store(b->f, mean, ir_const_float(b->f, f64, NAN, loc), loc);
    ir_cbr(b->f, bld_cmp(b, OP_NE, args[1], ir_const_float(b->f, f64, 0.0, loc), loc), divide, done);
    ir_set_block(b->f, divide);
    ir_store(b->f, mean, ir_emit(b->f, IR_BIN, IB_TRUEDIV, f64, args, 2, loc), loc);
    ir_br(b->f, done);
    ir_set_block(b->f, done);
    return bld_value_operand(ir_load(b->f, mean, loc), f64);
}

/* argmin/argmax: the flat (C-order) index of the first extreme element; a NaN wins for good, as
 * in NumPy (the index of the first NaN). An empty array raises NumPy's ValueError. */
static Operand reduce_to_index(Builder *b, bool is_min, IrValue a, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a), *dt = at->dtype, *i64 = ty_scalar(TY_INT64), *boolean = ty_scalar(TY_BOOL);
    const Type *ct = ty_is_bool(dt) ? i64 : dt;
    IrValue zero = ir_const_int(b->f, i64, 0, loc), one = ir_const_int(b->f, i64, 1, loc), idx[TY_MAX_NDIM];
    bld_raise_if(b, bld_cmp(b, OP_EQ, bld_element_count(b, a, loc), zero, loc), EXC_VALUE,
             is_min ? "attempt to get argmin of an empty sequence" : "attempt to get argmax of an empty sequence", loc);
    int best = ir_new_local(b->f, "$best", ct), at_best = ir_new_local(b->f, "$at", i64), k = ir_new_local(b->f, "$k", i64);
    for (int d = 0; d < at->ndim; d++)
        idx[d] = zero;
    ir_store(b->f, best, bld_cast_value(b, bld_elem_load(b, a, idx, loc), ct, loc), loc);
    ir_store(b->f, at_best, zero, loc);
    ir_store(b->f, k, zero, loc);
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue v = bld_cast_value(b, bld_elem_load(b, a, idx, loc), ct, loc), cur = ir_load(b->f, best, loc);
    IrValue better = bld_cmp(b, is_min ? OP_LT : OP_GT, v, cur, loc);
    if (ty_is_float(ct)) { /* a NaN beats anything but an earlier NaN */
        IrValue nan_first[2] = {bld_cmp(b, OP_NE, v, v, loc), bld_cmp(b, OP_EQ, cur, cur, loc)};
        IrValue args[2] = {better, ir_emit(b->f, IR_BIN, IB_AND, boolean, nan_first, 2, loc)};
        better = ir_emit(b->f, IR_BIN, IB_OR, boolean, args, 2, loc);
    }
    int locals[2] = {best, at_best};
    IrValue values[2] = {v, ir_load(b->f, k, loc)};
    store_where(b, better, locals, values, 2, loc);
    IrValue next[2] = {ir_load(b->f, k, loc), one};
    ir_store(b->f, k, ir_emit(b->f, IR_BIN, IB_ADD, i64, next, 2, loc), loc);
    bld_nest_close(b, &n, loc);
    return bld_value_operand(ir_load(b->f, at_best, loc), i64);
}

/* all/any: whether every (some) element is true; an empty array gives True (False). */
static Operand reduce_to_truth(Builder *b, bool every, IrValue a, SrcLoc loc)
{
    const Type *boolean = ty_scalar(TY_BOOL), *dt = ir_type(b->f, a)->dtype;
    int acc = ir_new_local(b->f, "$truth", boolean);
    ir_store(b->f, acc, ir_const_int(b->f, boolean, every, loc), loc);
    IrValue idx[TY_MAX_NDIM];
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue truth = bld_truth_value(b, bld_value_operand(bld_elem_load(b, a, idx, loc), dt), loc);
    IrValue args[2] = {ir_load(b->f, acc, loc), truth};
    ir_store(b->f, acc, ir_emit(b->f, IR_BIN, every ? IB_AND : IB_OR, boolean, args, 2, loc), loc);
    bld_nest_close(b, &n, loc);
    return bld_value_operand(ir_load(b->f, acc, loc), boolean);
}

/* The square of v's distance from m: (v - m) ** 2 in float64; for complex numbers
 * ((v - m) * conj(v - m)).real in their type, as Numba's var computes it. */
static IrValue squared_distance(Builder *b, IrValue v, IrValue m, SrcLoc loc)
{
    const Type *t = ir_type(b->f, m);
    IrValue diff[2] = {bld_cast_value(b, v, t, loc), m};
    IrValue d = ir_emit(b->f, IR_BIN, IB_SUB, t, diff, 2, loc);
    IrValue square[2] = {d, ty_is_complex(t) ? ir_emit(b->f, IR_UNARY, IU_CONJ, t, &d, 1, loc) : d};
    IrValue sq = ir_emit(b->f, IR_BIN, IB_MUL, t, square, 2, loc);
    return ty_is_complex(t) ? bld_cast_value(b, complex_part(b, sq, IU_REAL, loc), ty_scalar(TY_FLOAT64), loc) : sq;
}

/* var/std as Numba computes them: the mean (float64, or the array's complex type), then the sum
 * of squared differences from it over the size, in float64; std is var ** 0.5. An empty array
 * divides by zero (Numba's ZeroDivisionError). */
static Operand reduce_variance(Builder *b, bool std, IrValue a, SrcLoc loc)
{
    const Type *f64 = ty_scalar(TY_FLOAT64);
    Operand mean = reduce(b, NP_MEAN, a, loc);
    IrValue size = bld_cast_value(b, bld_element_count(b, a, loc), f64, loc);
    int ssd = ir_new_local(b->f, "$ssd", f64);
    ir_store(b->f, ssd, ir_const_float(b->f, f64, 0.0, loc), loc);
    IrValue idx[TY_MAX_NDIM];
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue add[2] = {ir_load(b->f, ssd, loc), squared_distance(b, bld_elem_load(b, a, idx, loc), mean.v, loc)};
    ir_store(b->f, ssd, ir_emit(b->f, IR_BIN, IB_ADD, f64, add, 2, loc), loc);
    bld_nest_close(b, &n, loc);
    bld_raise_if(b, bld_cmp(b, OP_EQ, size, ir_const_float(b->f, f64, 0.0, loc), loc), EXC_ZERODIV, "division by zero", loc);
    IrValue quotient[2] = {ir_load(b->f, ssd, loc), size};
    IrValue var = ir_emit(b->f, IR_BIN, IB_TRUEDIV, f64, quotient, 2, loc);
    if (!std)
        return bld_value_operand(var, f64);
    IrValue root[2] = {var, ir_const_float(b->f, f64, 0.5, loc)};
    return bld_value_operand(ir_emit(b->f, IR_BIN, IB_POW, f64, root, 2, loc), f64);
}

/* np.ptp(a) of a nonempty complex array, as Numba's: max - min in complex128 (min_value and max
 * as complex_beats orders them), except that the first element whose real part is NaN gives
 * nan+nanj if its imaginary part is NaN too, else nan+0j. */
static Operand complex_range(Builder *b, IrValue a, SrcLoc loc)
{
    const Type *dt = ir_type(b->f, a)->dtype, *c128 = ty_scalar(TY_COMPLEX128), *f64 = ty_scalar(TY_FLOAT64);
    const Type *boolean = ty_scalar(TY_BOOL);
    IrValue idx[TY_MAX_NDIM], nan = ir_const_float(b->f, f64, NAN, loc);
    for (int k = 0; k < ir_type(b->f, a)->ndim; k++)
        idx[k] = ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc);
    IrValue first = bld_elem_load(b, a, idx, loc);
    int hi = ir_new_local(b->f, "$max", dt), lo = ir_new_local(b->f, "$min", dt);
    int found = ir_new_local(b->f, "$nan_seen", boolean), result = ir_new_local(b->f, "$range", c128);
    ir_store(b->f, hi, first, loc);
    ir_store(b->f, lo, first, loc);
    ir_store(b->f, found, ir_const_int(b->f, boolean, 0, loc), loc);
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue v = bld_elem_load(b, a, idx, loc), re = complex_part(b, v, IU_REAL, loc), im = complex_part(b, v, IU_IMAG, loc);
    IrValue first_nan[2] = {bld_cmp(b, OP_NE, re, re, loc), bld_cmp(b, OP_EQ, ir_load(b->f, found, loc),
                                                                      ir_const_int(b->f, boolean, 0, loc), loc)};
    IrValue nan_im = ir_emit(b->f, IR_SELECT, 0, f64,
                             (IrValue[]){bld_cmp(b, OP_NE, im, im, loc), nan, ir_const_float(b->f, f64, 0.0, loc)}, 3, loc);
    int locals[2] = {found, result};
    IrValue values[2] = {ir_const_int(b->f, boolean, 1, loc), bld_make_complex(b, nan, nan_im, c128, loc)};
    store_where(b, ir_emit(b->f, IR_BIN, IB_AND, boolean, first_nan, 2, loc), locals, values, 2, loc);
    keep_extreme(b, false, false, hi, dt, v, loc);
    keep_extreme(b, true, false, lo, dt, v, loc);
    bld_nest_close(b, &n, loc);
    IrValue span[2] = {ir_load(b->f, hi, loc), ir_load(b->f, lo, loc)};
    IrValue diff = bld_cast_value(b, ir_emit(b->f, IR_BIN, IB_SUB, dt, span, 2, loc), c128, loc);
    IrValue r = ir_emit(b->f, IR_SELECT, 0, c128, (IrValue[]){ir_load(b->f, found, loc), ir_load(b->f, result, loc), diff}, 3, loc);
    return bld_value_operand(r, c128);
}

/* The type of np.ptp of dt elements, as Numba's np_ptp returns it: its `max - min` (integers
 * widened to int64 or uint64) unified with the int64 that its early return of NaNs types: int64
 * for signed integers, float64 for unsigned ones and floats, complex128 for complex numbers. */
static const Type *range_type(const Type *dt)
{
    return ty_scalar(ty_is_complex(dt) ? TY_COMPLEX128 : ty_is_signed(dt) ? TY_INT64 : TY_FLOAT64);
}

/* np.ptp(a): max - min (NaN propagates), computed as Numba's arithmetic does (integers widened,
 * floats in their type) and returned in range_type; an empty array raises Numba's ValueError. */
static Operand reduce_to_range(Builder *b, IrValue a, SrcLoc loc)
{
    const Type *dt = ir_type(b->f, a)->dtype, *i64 = ty_scalar(TY_INT64);
    bld_raise_if(b, bld_cmp(b, OP_EQ, bld_element_count(b, a, loc), ir_const_int(b->f, i64, 0, loc), loc), EXC_VALUE,
             "zero-size array reduction not possible", loc);
    if (ty_is_complex(dt))
        return complex_range(b, a, loc);
    const Type *st = ty_is_signed(dt) ? i64 : ty_is_unsigned(dt) ? ty_scalar(TY_UINT64) : dt, *rt = range_type(dt);
    IrValue span[2] = {bld_cast_value(b, reduce(b, NP_MAX, a, loc).v, st, loc),
                       bld_cast_value(b, reduce(b, NP_MIN, a, loc).v, st, loc)};
    IrValue diff = ir_emit(b->f, IR_BIN, IB_SUB, st, span, 2, loc);
    return bld_value_operand(bld_cast_value(b, diff, rt, loc), rt);
}

/* ---- NumPy's functions and the arrays' methods ---- */

static const struct { const char *name; NpFunc fn; } NP_FUNCS[] = {
    {"empty", NP_EMPTY}, {"zeros", NP_ZEROS}, {"ones", NP_ONES}, {"full", NP_FULL},
    {"empty_like", NP_EMPTY_LIKE}, {"zeros_like", NP_ZEROS_LIKE}, {"ones_like", NP_ONES_LIKE},
    {"full_like", NP_FULL_LIKE}, {"arange", NP_ARANGE}, {"copy", NP_COPY}, {"where", NP_WHERE},
    {"sum", NP_SUM}, {"prod", NP_PROD}, {"min", NP_MIN}, {"amin", NP_MIN}, {"max", NP_MAX},
    {"amax", NP_MAX}, {"mean", NP_MEAN}, {"argmin", NP_ARGMIN}, {"argmax", NP_ARGMAX}, {"all", NP_ALL},
    {"any", NP_ANY}, {"var", NP_VAR}, {"std", NP_STD}, {"ptp", NP_PTP}, {"cumsum", NP_CUMSUM},
    {"cumprod", NP_CUMPROD}, {"reshape", NP_VIEW_BASE + VM_RESHAPE}, {"ravel", NP_VIEW_BASE + VM_RAVEL},
    {"transpose", NP_VIEW_BASE + VM_TRANSPOSE},
};

static const struct { const char *name; NpFunc fn; } METHODS[] = {
    {"sum", NP_SUM}, {"prod", NP_PROD}, {"min", NP_MIN}, {"max", NP_MAX}, {"mean", NP_MEAN},
    {"argmin", NP_ARGMIN}, {"argmax", NP_ARGMAX}, {"all", NP_ALL}, {"any", NP_ANY}, {"var", NP_VAR},
    {"std", NP_STD}, {"cumsum", NP_CUMSUM}, {"cumprod", NP_CUMPROD}, {"flatten", NP_FLATTEN},
    {"copy", NP_COPY}, {"astype", NP_ASTYPE}, {"reshape", NP_VIEW_BASE + VM_RESHAPE},
    {"ravel", NP_VIEW_BASE + VM_RAVEL}, {"transpose", NP_VIEW_BASE + VM_TRANSPOSE}, {"view", NP_VIEW_BASE + VM_VIEW},
    {"item", NP_VIEW_BASE + VM_ITEM}, {"fill", NP_VIEW_BASE + VM_FILL},
};

/* Each function's parameters, as NumPy names them; the first `required` must be given. */
typedef struct NpParams {
    const char *names[BLD_MAX_NP_ARGS];
    int n, required;
} NpParams;

static NpParams np_params(NpFunc fn)
{
    switch (fn) {
    case NP_EMPTY: case NP_ZEROS: case NP_ONES: return (NpParams){{"shape", "dtype"}, 2, 1};
    case NP_FULL: return (NpParams){{"shape", "fill_value", "dtype"}, 3, 2};
    case NP_EMPTY_LIKE: case NP_ZEROS_LIKE: case NP_ONES_LIKE: return (NpParams){{"a", "dtype"}, 2, 1};
    case NP_FULL_LIKE: return (NpParams){{"a", "fill_value", "dtype"}, 3, 2};
    case NP_ARANGE: return (NpParams){{"start", "stop", "step", "dtype"}, 4, 1};
    case NP_ASTYPE: return (NpParams){{"a", "dtype"}, 2, 2};
    case NP_WHERE: return (NpParams){{"condition", "x", "y"}, 3, 3};
    default: return (NpParams){{"a", "axis"}, 2, 1};
    }
}

static const char *np_name(NpFunc fn)
{
    for (size_t i = 0; i < sizeof NP_FUNCS / sizeof NP_FUNCS[0]; i++)
        if (NP_FUNCS[i].fn == fn)
            return NP_FUNCS[i].name;
    for (size_t i = 0; i < sizeof METHODS / sizeof METHODS[0]; i++)
        if (METHODS[i].fn == fn)
            return METHODS[i].name;
    return "?";
}

/* NumPy's ufuncs that are Python operators under another name: np.add(x, y) is x + y, on
 * arrays and on scalars alike. */
static const struct { const char *name; ExprKind kind; AstOp op; } NP_OPERATORS[] = {
    {"add", EX_BINOP, OP_ADD}, {"subtract", EX_BINOP, OP_SUB}, {"multiply", EX_BINOP, OP_MUL},
    {"divide", EX_BINOP, OP_DIV}, {"true_divide", EX_BINOP, OP_DIV}, {"floor_divide", EX_BINOP, OP_FLOORDIV},
    {"remainder", EX_BINOP, OP_MOD}, {"mod", EX_BINOP, OP_MOD}, {"bitwise_and", EX_BINOP, OP_BITAND},
    {"bitwise_or", EX_BINOP, OP_BITOR}, {"bitwise_xor", EX_BINOP, OP_BITXOR}, {"left_shift", EX_BINOP, OP_LSHIFT},
    {"right_shift", EX_BINOP, OP_RSHIFT}, {"negative", EX_UNARY, OP_NEG},
    {"positive", EX_UNARY, OP_POS}, {"invert", EX_UNARY, OP_INVERT}, {"bitwise_not", EX_UNARY, OP_INVERT},
    {"equal", EX_COMPARE, OP_EQ}, {"not_equal", EX_COMPARE, OP_NE}, {"less", EX_COMPARE, OP_LT},
    {"less_equal", EX_COMPARE, OP_LE}, {"greater", EX_COMPARE, OP_GT}, {"greater_equal", EX_COMPARE, OP_GE},
};

enum { NP_OPERATOR_BASE = 1000 }; /* Operand.npfunc of np.NAME in NP_OPERATORS: base + index */

static Operand np_operator(Builder *b, const Expr *call, int k);

/* np.add(x, y, out): the operator's result written into out, which the call returns. */
static Operand np_operator_into(Builder *b, const Expr *call, int k, int n)
{
    Operand out = bld_expr(b, call->call.args[n]);
    if (out.kind == OPK_ERROR || (out.kind == OPK_VALUE && out.type->kind == TY_ERROR))
        return bld_error_operand(b);
    if (out.kind != OPK_VALUE || out.type->kind != TY_ARRAY) {
        diag_error(&b->diag, call->call.args[n]->loc, "the output of %s() must be an array, not %s", NP_OPERATORS[k].name,
                   bld_describe(b, out));
        return bld_error_operand(b);
    }
    if (b->spec->device) {
        Operand ins[2];
        for (int i = 0; i < n; i++)
            ins[i] = bld_expr(b, call->call.args[i]);
        return bld_gpu_ufunc_into(b, call, ins, n, out);
    }
    Expr *inputs = bld_syn_expr(b, EX_CALL, call->loc); /* the call without its output */
    *inputs = *call;
    inputs->call.nargs = n;
    Operand r = np_operator(b, inputs, k);
    if (r.kind == OPK_ARRAYEXPR)
        r.ax->src = call;
    if (r.kind == OPK_ERROR || !bld_writable(b, out.v, call->loc))
        return bld_error_operand(b);
    bld_array_assign(b, out.v, r, call, call->loc);
    return out;
}

/* np.add(x, y) and the like, lowered as the operator written out. */
static Operand np_operator(Builder *b, const Expr *call, int k)
{
    int n = NP_OPERATORS[k].kind == EX_UNARY ? 1 : 2;
    if (!call->call.nkws && call->call.nargs == n + 1) /* np.add(a, b, out) */
        return np_operator_into(b, call, k, n);
    if (call->call.nkws || call->call.nargs != n) {
        diag_error(&b->diag, call->loc, "%s() takes %d argument%s and no keywords", NP_OPERATORS[k].name, n,
                   n == 1 ? "" : "s");
        return bld_error_operand(b);
    }
    Expr *e = bld_syn_expr(b, NP_OPERATORS[k].kind, call->loc);
    Expr *x = call->call.args[0], *y = n == 2 ? call->call.args[1] : NULL;
    if (e->kind == EX_BINOP) {
        e->binop.op = NP_OPERATORS[k].op, e->binop.lhs = x, e->binop.rhs = y;
    } else if (e->kind == EX_UNARY) {
        e->unary.op = NP_OPERATORS[k].op, e->unary.operand = x;
    } else {
        e->compare.ops = arena_alloc(b->p->arena, sizeof(AstOp));
        e->compare.ops[0] = NP_OPERATORS[k].op;
        e->compare.operands = arena_alloc(b->p->arena, sizeof(Expr *) * 2);
        e->compare.operands[0] = x, e->compare.operands[1] = y, e->compare.n = 2;
    }
    Operand r = bld_expr(b, e);
    if (r.kind == OPK_ARRAYEXPR)
        r.ax->src = call; /* a node that lasts across passes names the fused function */
    return r;
}

bool bld_numpy_array_function(const char *name, Operand *out)
{
    for (size_t i = 0; i < sizeof NP_OPERATORS / sizeof NP_OPERATORS[0]; i++)
        if (strcmp(NP_OPERATORS[i].name, name) == 0) {
            *out = (Operand){.kind = OPK_NPFUNC, .npfunc = (NpFunc)(NP_OPERATOR_BASE + (int)i)};
            return true;
        }
    for (size_t i = 0; i < sizeof NP_FUNCS / sizeof NP_FUNCS[0]; i++)
        if (strcmp(NP_FUNCS[i].name, name) == 0) {
            *out = (Operand){.kind = OPK_NPFUNC, .npfunc = NP_FUNCS[i].fn};
            return true;
        }
    return false;
}

Operand bld_array_method(Builder *b, IrValue a, const Type *at, const char *name, SrcLoc loc, bool *found)
{
    (void)b, (void)loc;
    for (size_t i = 0; i < sizeof METHODS / sizeof METHODS[0]; i++)
        if (strcmp(METHODS[i].name, name) == 0) {
            *found = true;
            return (Operand){.kind = OPK_METHOD, .npfunc = METHODS[i].fn, .v = a, .type = at};
        }
    *found = false;
    return (Operand){.kind = OPK_ERROR};
}

/* Whether evaluating e may write an array: it calls something other than NumPy's and math's
 * functions (a compiled function, a method). */
static bool may_write_arrays(const Expr *e)
{
    if (!e)
        return false;
    switch (e->kind) {
    case EX_BINOP: case EX_BOOLOP: return may_write_arrays(e->binop.lhs) || may_write_arrays(e->binop.rhs);
    case EX_UNARY: return may_write_arrays(e->unary.operand);
    case EX_IFEXP: return may_write_arrays(e->ifexp.cond) || may_write_arrays(e->ifexp.then) || may_write_arrays(e->ifexp.els);
    case EX_ATTR: return may_write_arrays(e->attr.value);
    case EX_SUBSCRIPT: return may_write_arrays(e->subscript.value) || may_write_arrays(e->subscript.index);
    case EX_COMPARE:
        for (int i = 0; i < e->compare.n; i++)
            if (may_write_arrays(e->compare.operands[i]))
                return true;
        return false;
    case EX_TUPLE: case EX_LIST:
        for (int i = 0; i < e->seq.n; i++)
            if (may_write_arrays(e->seq.items[i]))
                return true;
        return false;
    case EX_CALL: {
        const Expr *f = e->call.func;
        bool library = f->kind == EX_ATTR && f->attr.value->kind == EX_NAME &&
                       (strcmp(f->attr.value->name, "np") == 0 || strcmp(f->attr.value->name, "numpy") == 0 ||
                        strcmp(f->attr.value->name, "math") == 0);
        if (!library || e->call.star)
            return true;
        for (int i = 0; i < e->call.nargs; i++)
            if (may_write_arrays(e->call.args[i]))
                return true;
        for (int i = 0; i < e->call.nkws; i++)
            if (may_write_arrays(e->call.kws[i].value))
                return true;
        return false;
    }
    default: return false;
    }
}

/* In a try body Numba ends a block after every call, and its fusion of element-wise
 * expressions stays inside a block: an array expression before a call that may write its
 * arrays is computed before the call there (outside a try body, after it: docs/language.md,
 * section 17). */
static Operand computed_now(Builder *b, Operand o, SrcLoc loc)
{
    IrValue v = bld_array_value(b, o, loc);
    return bld_value_operand(v, ir_type(b->f, v));
}

Operand bld_array_before(Builder *b, Operand o, const Expr *later, SrcLoc loc)
{
    if (o.kind != OPK_ARRAYEXPR || !b->try_bodies || !may_write_arrays(later))
        return o;
    return computed_now(b, o, loc);
}

/* Whether an argument after srcs[i] may write an array. */
static bool later_args_may_write(const Expr *const *srcs, int i, int n)
{
    for (int k = i + 1; k < n; k++)
        if (may_write_arrays(srcs[k]))
            return true;
    return false;
}

static bool bind_np_args(Builder *b, const Expr *call, Operand f, NpArgs *a)
{
    NpParams p = np_params(f.npfunc);
    int first = f.kind == OPK_METHOD; /* the receiver fills the first parameter */
    memset(a, 0, sizeof *a);
    for (int i = 0; i < BLD_MAX_NP_ARGS; i++)
        a->ops[i] = (Operand){.kind = OPK_NONE};
    if (first) {
        a->ops[0] = bld_value_operand(f.v, f.type);
        a->srcs[0] = call->call.func->attr.value;
    }
    const BldParams params = {.name = np_name(f.npfunc), .names = p.names, .n = p.n, .required = p.required,
                              .first = first};
    if (!bld_bind_args(b, call, &params, a->srcs))
        return false;
    for (int i = first; i < p.n; i++) {
        if (!a->srcs[i])
            continue;
        a->ops[i] = bld_expr(b, a->srcs[i]);
        if (a->ops[i].kind == OPK_ERROR || (a->ops[i].kind == OPK_VALUE && a->ops[i].type->kind == TY_ERROR))
            return false; /* reported already, or unknown while checking */
        /* np.where's arguments are computed in order, as Numba computes them (it fuses no call
         * of np.where): an element-wise argument before one that may write its arrays */
        if (f.npfunc == NP_WHERE && a->ops[i].kind == OPK_ARRAYEXPR && later_args_may_write(a->srcs, i, p.n))
            a->ops[i] = computed_now(b, a->ops[i], a->srcs[i]->loc);
    }
    return true;
}

const Type *bld_np_dtype_arg(Builder *b, Operand o, const Expr *src, const Type *def)
{
    if (bld_in_library(b) && o.kind == OPK_VALUE && o.type->kind == TY_ARRAY) /* numpy.krn: a's dtype */
        return o.type->dtype;
    return o.kind == OPK_NONE ? def : bld_dtype_of(b, o, src->loc);
}

IrValue bld_np_array_arg(Builder *b, Operand o, const Expr *src, const char *fname)
{
    IrValue v = o.kind == OPK_ARRAYEXPR ? bld_array_value(b, o, src->loc) : IR_NOVALUE;
    if (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY)
        v = o.v;
    if (v != IR_NOVALUE || o.kind == OPK_ERROR)
        return v == IR_NOVALUE || bld_is_error(b, v) ? IR_NOVALUE : v;
    diag_error(&b->diag, src->loc, "%s() needs an array, not %s", fname, bld_describe(b, o));
    return IR_NOVALUE;
}

/* Python's max(a) / min(a) of a 1-d array, as Numba iterates it: the first element, replaced by
 * each later one that compares greater (less), so a NaN wins only in first place; an empty
 * array raises StopIteration, as Numba's iterator does. */
Operand bld_array_builtin_extreme(Builder *b, bool is_min, IrValue a, SrcLoc loc)
{
    const Type *dt = ir_type(b->f, a)->dtype, *i64 = ty_scalar(TY_INT64);
    IrValue zero = ir_const_int(b->f, i64, 0, loc), idx[1] = {zero};
    bld_raise_if(b, bld_cmp(b, OP_EQ, bld_element_count(b, a, loc), zero, loc), EXC_STOP_ITERATION, "", loc);
    int acc = ir_new_local(b->f, "$extreme", dt);
    ir_store(b->f, acc, bld_elem_load(b, a, idx, loc), loc);
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    keep_extreme(b, is_min, false, acc, dt, bld_elem_load(b, a, idx, loc), loc);
    bld_nest_close(b, &n, loc);
    return bld_value_operand(ir_load(b->f, acc, loc), dt);
}

/* cumsum/cumprod: a new 1-d array of the running sums (products) of a's elements in C order,
 * in sum's type (int64 or uint64 for integers and bools, the float type for floats), as NumPy
 * and Numba give them; flatten: a 1-d copy of the elements in C order. */
static Operand running(Builder *b, NpFunc fn, IrValue a, SrcLoc loc)
{
    const Type *dt = ir_type(b->f, a)->dtype, *i64 = ty_scalar(TY_INT64);
    const Type *t = fn == NP_FLATTEN ? dt : accumulator_type(fn == NP_CUMPROD ? NP_PROD : NP_SUM, dt);
    IrValue count = bld_element_count(b, a, loc), idx[TY_MAX_NDIM];
    Operand out = bld_new_array(b, &count, 1, t, ALLOC_EMPTY, IR_NOVALUE, loc);
    int acc = ir_new_local(b->f, "$acc", t), k = ir_new_local(b->f, "$k", i64);
    bool product = fn == NP_CUMPROD;
    ir_store(b->f, acc, number_const(b, t, product, loc), loc);
    ir_store(b->f, k, ir_const_int(b->f, i64, 0, loc), loc);
    Nest n;
    bld_nest_open(b, &n, a, idx, loc);
    IrValue v = bld_cast_value(b, bld_elem_load(b, a, idx, loc), t, loc);
    if (fn != NP_FLATTEN) {
        IrValue args[2] = {ir_load(b->f, acc, loc), v};
        v = ir_emit(b->f, IR_BIN, product ? IB_MUL : IB_ADD, t, args, 2, loc);
        ir_store(b->f, acc, v, loc);
    }
    IrValue at = ir_load(b->f, k, loc);
    IrValue st[3] = {out.v, at, v};
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, 3, loc);
    IrValue next[2] = {at, ir_const_int(b->f, i64, 1, loc)};
    ir_store(b->f, k, ir_emit(b->f, IR_BIN, IB_ADD, i64, next, 2, loc), loc);
    bld_nest_close(b, &n, loc);
    return out;
}

/* a.copy() / np.copy(a) / a.astype(dtype): one element-wise pass. */
static Operand copy_array(Builder *b, const Expr *call, NpArgs *a, const Type *dt)
{
    ArrayExpr *ax = new_expr(b, call);
    if (!(ax->tmpl = template_of(b, ax, a->ops[0], a->srcs[0])))
        return bld_error_operand(b);
    Spec *s = fused_spec(b, ax, dt, call->loc);
    if (!s)
        return bld_error_operand(b);
    IrValue r = emit_map(b, ax, s, IR_NOVALUE, call->loc);
    return bld_value_operand(r, ir_type(b->f, r));
}

/* The reduction fn of every element of a. */
static Operand reduce_array(Builder *b, NpFunc fn, IrValue v, SrcLoc loc)
{
    switch (fn) {
    case NP_ARGMIN: case NP_ARGMAX: return reduce_to_index(b, fn == NP_ARGMIN, v, loc);
    case NP_ALL: case NP_ANY: return reduce_to_truth(b, fn == NP_ALL, v, loc);
    case NP_VAR: case NP_STD: return reduce_variance(b, fn == NP_STD, v, loc);
    case NP_PTP: return reduce_to_range(b, v, loc);
    case NP_CUMSUM: case NP_CUMPROD: case NP_FLATTEN: return running(b, fn, v, loc);
    default: return reduce(b, fn, v, loc);
    }
}


/* The type of one reduction of fn over elements of type dt. */
static const Type *reduction_type(NpFunc fn, const Type *dt)
{
    switch (fn) {
    case NP_ARGMIN: case NP_ARGMAX: return ty_scalar(TY_INT64);
    case NP_ALL: case NP_ANY: return ty_scalar(TY_BOOL);
    case NP_VAR: case NP_STD: return ty_is_float(dt) ? dt : ty_scalar(TY_FLOAT64);
    case NP_PTP: return range_type(dt);
    case NP_CUMSUM: return accumulator_type(NP_SUM, dt);
    case NP_CUMPROD: return accumulator_type(NP_PROD, dt);
    default: return accumulator_type(fn, dt);
    }
}

/* fn along one axis of a: each result element reduces a 1-d view along the axis (the order in
 * which Numba's sum(axis=) adds: along the axis, element by element). The running sums and
 * products (cumsum, cumprod) keep the axis; the rest drop it. */
static Operand reduce_axis(Builder *b, NpFunc fn, IrValue a, int axis, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a), *t = reduction_type(fn, at->dtype);
    bool running_fn = fn == NP_CUMSUM || fn == NP_CUMPROD;
    IrValue dims[TY_MAX_NDIM], idx[TY_MAX_NDIM], full[TY_MAX_NDIM];
    int nd = 0;
    for (int k = 0; k < at->ndim; k++)
        if (k != axis || running_fn)
            dims[nd++] = bld_array_extent(b, a, k, loc);
    Operand out = bld_new_array(b, dims, nd, t, ALLOC_EMPTY, IR_NOVALUE, loc);
    for (int k = 0, j = 0; k < at->ndim; k++)
        if (k != axis)
            dims[j++] = bld_array_extent(b, a, k, loc);
    Nest n;
    bld_loops_open(b, &n, dims, at->ndim - 1, idx, loc);
    for (int k = 0, j = 0; k < at->ndim; k++)
        full[k] = k == axis ? ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc) : idx[j++];
    IrValue line = bld_axis_view(b, a, axis, full, loc);
    if (running_fn) {
        IrValue dst = bld_axis_view(b, out.v, axis, full, loc);
        bld_copy_into(b, dst, bld_value_of(b, reduce_array(b, fn, line, loc), loc), loc);
    } else {
        IrValue st[TY_MAX_NDIM + 1] = {out.v};
        memcpy(st + 1, idx, sizeof idx[0] * (size_t)nd);
        st[1 + nd] = bld_cast_value(b, bld_value_of(b, reduce_array(b, fn, line, loc), loc), t, loc);
        ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, nd + 2, loc);
    }
    bld_nest_close(b, &n, loc);
    return out;
}

/* fn along the axis given by o: a constant one directly; one known only at run time picks among
 * the array's axes (an axis out of range raises, as NumPy's). A 1-d array's only axis reduces
 * it whole, to a number. */
static Operand reduce_along(Builder *b, NpFunc fn, IrValue a, Operand o, const Expr *src, SrcLoc loc)
{
    int ndim = ir_type(b->f, a)->ndim;
    bool keeps_axis = fn == NP_CUMSUM || fn == NP_CUMPROD;
    if (o.kind != OPK_VALUE || !ty_is_int(o.type)) {
        diag_error(&b->diag, src->loc, "axis must be an integer, not %s", bld_describe(b, o));
        return bld_error_operand(b);
    }
    if (o.is_const && (o.ci < -ndim || o.ci >= ndim)) {
        diag_error(&b->diag, src->loc, "axis %lld is out of bounds for an array of dimension %d", (long long)o.ci, ndim);
        return bld_error_operand(b);
    }
    if (o.is_const)
        return ndim == 1 && !keeps_axis ? reduce_array(b, fn, a, loc)
                                        : reduce_axis(b, fn, a, (int)(o.ci < 0 ? o.ci + ndim : o.ci), loc);
    const Type *i64 = ty_scalar(TY_INT64);
    IrValue k = bld_cast_value(b, o.v, i64, src->loc), n = ir_const_int(b->f, i64, ndim, loc);
    IrValue wrapped[2] = {k, n};
    k = ir_emit(b->f, IR_SELECT, 0, i64,
                (IrValue[]){bld_cmp(b, OP_LT, k, ir_const_int(b->f, i64, 0, loc), loc),
                            ir_emit(b->f, IR_BIN, IB_ADD, i64, wrapped, 2, loc), k}, 3, loc);
    IrValue outside = ir_emit(b->f, IR_BIN, IB_OR, ty_scalar(TY_BOOL),
                              (IrValue[]){bld_cmp(b, OP_LT, k, ir_const_int(b->f, i64, 0, loc), loc),
                                          bld_cmp(b, OP_GE, k, n, loc)}, 2, loc);
    bld_raise_if(b, outside, EXC_VALUE, "axis is out of bounds for the array", loc);
    if (ndim == 1 && !keeps_axis)
        return reduce_array(b, fn, a, loc);
    int result = -1, done = ir_new_block(b->f);
    for (int axis = 0; axis < ndim; axis++) {
        int here = ir_new_block(b->f), next = ir_new_block(b->f);
        ir_cbr(b->f, bld_cmp(b, OP_EQ, k, ir_const_int(b->f, i64, axis, loc), loc), here, next);
        ir_set_block(b->f, here);
        Operand r = reduce_axis(b, fn, a, axis, loc);
        if (result < 0)
            result = ir_new_local(b->f, "$reduced", r.type);
        ir_store(b->f, result, r.v, loc);
        ir_br(b->f, done);
        ir_set_block(b->f, next);
    }
    ir_br(b->f, done);
    ir_set_block(b->f, done);
    IrValue r = ir_load(b->f, result, loc);
    return bld_value_operand(r, ir_type(b->f, r));
}

/* np.reshape(a, ...), a.reshape(...) and the other calls build_view.c makes. */
static Operand view_call(Builder *b, const Expr *call, Operand f)
{
    const Expr *const *args = (const Expr *const *)call->call.args;
    int nargs = call->call.nargs;
    IrValue a = f.kind == OPK_METHOD ? f.v : IR_NOVALUE;
    if (f.kind != OPK_METHOD) {
        if (nargs < 1) {
            diag_error(&b->diag, call->loc, "%s() needs an array", np_name(f.npfunc));
            return bld_error_operand(b);
        }
        Operand o = bld_expr(b, args[0]);
        if (o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR))
            return bld_error_operand(b); /* reported already, or unknown while checking */
        a = bld_np_array_arg(b, o, args[0], np_name(f.npfunc));
        args++, nargs--;
    }
    if (a == IR_NOVALUE)
        return bld_error_operand(b);
    return bld_view_call(b, call, (ViewMethod)(f.npfunc - NP_VIEW_BASE), a, args, nargs);
}

Operand bld_np_call(Builder *b, const Expr *call, Operand f)
{
    if ((int)f.npfunc >= NP_CREATE_BASE)
        return bld_create_call(b, call, f); /* build_create.c */
    if ((int)f.npfunc >= NP_OPERATOR_BASE)
        return np_operator(b, call, (int)f.npfunc - NP_OPERATOR_BASE);
    if (f.kind == OPK_NPFUNC && f.npfunc == NP_WHERE && call->call.nargs == 1 && !call->call.nkws)
        return bld_numpy_library_call(b, call, "nonzero"); /* np.where(a): np.nonzero(a) (np/numpy.krn) */
    if ((int)f.npfunc >= NP_VIEW_BASE)
        return view_call(b, call, f);
    NpArgs a;
    const char *name = np_name(f.npfunc);
    if (!on_host(b, call->loc) || !bind_np_args(b, call, f, &a))
        return bld_error_operand(b);
    switch (f.npfunc) {
    case NP_ARANGE: return bld_np_arange(b, &a, call->loc); /* build_create.c */
    case NP_WHERE: {
        Operand r = call_template(b, call, NULL, a.ops, a.srcs, 3);
        if (r.kind != OPK_ARRAYEXPR)
            return r;
        Expr *t = r.ax->tmpl; /* x if condition else y */
        Expr *cond = t->call.args[0], *x = t->call.args[1], *y = t->call.args[2];
        t->kind = EX_IFEXP;
        t->ifexp.cond = cond;
        t->ifexp.then = x;
        t->ifexp.els = y;
        if (r.ax->ndim > 0) { /* computed here, as Numba computes it: what follows may write its arrays */
            IrValue v = bld_array_value(b, r, call->loc);
            return bld_value_operand(v, ir_type(b->f, v));
        }
        /* numbers and 0-d arrays: a 0-d array, as Numba's */
        Operand v = element_wise(b, r.ax, call->loc);
        return v.kind == OPK_VALUE ? bld_zero_d_array(b, v.v, v.type, call->loc) : v;
    }
    case NP_COPY:
    case NP_ASTYPE: {
        if (!bld_is_arraylike(a.ops[0])) {
            diag_error(&b->diag, a.srcs[0]->loc, "%s() needs an array, not %s", name, bld_describe(b, a.ops[0]));
            return bld_error_operand(b);
        }
        const Type *dt = f.npfunc == NP_ASTYPE ? bld_np_dtype_arg(b, a.ops[1], a.srcs[1], NULL) : NULL;
        if (f.npfunc == NP_ASTYPE && !dt)
            return bld_error_operand(b);
        return copy_array(b, call, &a, dt);
    }
    case NP_SUM: case NP_PROD: case NP_MIN: case NP_MAX: case NP_MEAN:
    case NP_ARGMIN: case NP_ARGMAX: case NP_ALL: case NP_ANY: case NP_VAR: case NP_STD: case NP_PTP:
    case NP_CUMSUM: case NP_CUMPROD: case NP_FLATTEN: {
        IrValue v = bld_np_array_arg(b, a.ops[0], a.srcs[0], name);
        if (v == IR_NOVALUE)
            return bld_error_operand(b);
        const Type *dt = ir_type(b->f, v)->dtype;
        if ((f.npfunc == NP_PTP && ty_is_bool(dt)) || ((f.npfunc == NP_ARGMIN || f.npfunc == NP_ARGMAX) && ty_is_complex(dt))) {
            diag_error(&b->diag, a.srcs[0]->loc, "%s() of a %s array is not supported", name, ty_name(b->pass_arena, dt));
            return bld_error_operand(b);
        }
        if (!a.srcs[1] || a.ops[1].kind == OPK_NONE)
            return reduce_array(b, f.npfunc, v, call->loc);
        if (f.npfunc == NP_FLATTEN) {
            diag_error(&b->diag, a.srcs[1]->loc, "flatten() takes no axis");
            return bld_error_operand(b);
        }
        return reduce_along(b, f.npfunc, v, a.ops[1], a.srcs[1], call->loc);
    }
    default: return bld_np_alloc(b, f.npfunc, &a, name, call->loc); /* build_create.c */
    }
}
