/* build_expr.c — typing and lowering expressions: literals, operators with NumPy promotion
 * and NEP 50 weak literals, comparisons, short-circuit logic, subscripts, conversions. */
#include "build.h"

#include <string.h>

const char *bld_type_name(Builder *b, const Type *t) { return t ? ty_name(b->pass_arena, t) : "unknown"; }

Operand bld_value_operand(IrValue v, const Type *t) { return (Operand){.kind = OPK_VALUE, .v = v, .type = t}; }

Operand bld_error_operand(Builder *b)
{
    IrValue v = ir_const_int(b->f, ty_scalar(TY_ERROR), 0, (SrcLoc){0});
    return (Operand){.kind = OPK_ERROR, .v = v, .type = ty_scalar(TY_ERROR)};
}

Operand bld_const_int_operand(Builder *b, const Type *t, int64_t v, bool weak, SrcLoc loc)
{
    Operand o = bld_value_operand(ir_const_int(b->f, t, v, loc), t);
    o.weak = weak;
    o.is_const = true;
    o.ci = v;
    return o;
}

static Operand const_float_operand(Builder *b, const Type *t, double v, bool weak, SrcLoc loc)
{
    Operand o = bld_value_operand(ir_const_float(b->f, t, v, loc), t);
    o.weak = weak;
    return o;
}

bool bld_is_error(Builder *b, IrValue v) { return ir_type(b->f, v)->kind == TY_ERROR; }

static const char *operand_description(const Operand *o)
{
    switch (o->kind) {
    case OPK_NONE: return "None";
    case OPK_STR: return "a string";
    case OPK_MODULE: return "a module";
    case OPK_FUNC: return "a function";
    case OPK_TYPE: return "a type";
    case OPK_LIMITS: return o->builtin == BI_FINFO ? "an np.finfo object" : "an np.iinfo object";
    case OPK_BUILTIN:
    case OPK_MATHFN: return "a builtin function";
    default: return "this";
    }
}

IrValue bld_value_of(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_VALUE || o.kind == OPK_ERROR)
        return o.v;
    if (o.kind == OPK_ARRAYEXPR)
        return bld_array_value(b, o, loc);
    if (o.kind == OPK_FUNC)
        diag_error(&b->diag, loc, "the function '%s' cannot be used as a value here: call it, or pass it to a "
                   "function", o.func->def->name);
    else if (o.kind == OPK_STR) /* a constant string as a value (build_str.c) */
        return bld_str_const(b, o.str, loc);
    else
        diag_error(&b->diag, loc, "%s cannot be used as a value here", operand_description(&o));
    return bld_error_operand(b).v;
}

IrValue bld_cast_value(Builder *b, IrValue v, const Type *to, SrcLoc loc)
{
    const Type *from = ir_type(b->f, v);
    if (from == to || from->kind == TY_ERROR || to->kind == TY_ERROR)
        return v;
    if (ty_is_optional(to) && !ty_is_optional(from)) /* build_optional.c */
        return ty_is_none_type(from) ? bld_optional_none(b, to, loc) : bld_to_optional(b, v, to, loc);
    if (ty_is_optional(from) && !ty_is_optional(to))
        return bld_cast_value(b, bld_unwrap_optional(b, bld_value_operand(v, from), loc).v, to, loc);
    if (ty_is_complex(from) && !ty_is_complex(to) && ty_is_scalar(to)) { /* as Numba: no implicit loss */
        diag_error(&b->diag, loc, "cannot convert %s to %s", bld_type_name(b, from), bld_type_name(b, to));
        return bld_error_operand(b).v;
    }
    if (ty_is_scalar(from) && ty_is_scalar(to))
        return ir_emit(b->f, IR_CAST, 0, to, &v, 1, loc);
    IrValue lv;
    if (bld_list_cast(b, v, to, loc, &lv)) /* build_list.c: `[]` gets its item type */
        return lv;
    if (ty_is_hash(from) && from->kind == to->kind && ty_unify(&b->p->types, from, to) == to) /* `{}`, set() typed */
        return ir_emit(b->f, IR_HASH, HSH_RETYPE, to, &v, 1, loc);
    if (from->kind == TY_ARRAY && to->kind == TY_ARRAY && from->dtype == to->dtype &&
        from->ndim == to->ndim && to->layout == 'A')
        return ir_emit(b->f, IR_CAST, 0, to, &v, 1, loc);
    if (from->kind == TY_TUPLE && to->kind == TY_TUPLE && from->n == to->n) {
        IrValue elems[64];
        for (int i = 0; i < from->n && i < 64; i++) {
            IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, from->elems[i], &v, 1, loc);
            ir_last(b->f)->imm.index = i;
            elems[i] = bld_cast_value(b, e, to->elems[i], loc);
        }
        return ir_emit(b->f, IR_TUPLE, 0, to, elems, from->n, loc);
    }
    diag_error(&b->diag, loc, "cannot convert %s to %s", bld_type_name(b, from), bld_type_name(b, to));
    return bld_error_operand(b).v;
}

IrValue bld_truth_value(Builder *b, Operand o, SrcLoc loc)
{
    IrValue v = bld_value_of(b, o, loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_BOOL || t->kind == TY_ERROR)
        return v;
    if (t->kind == TY_LIST) /* build_list.c: not empty */
        return bld_list_truth(b, v, loc);
    if (ty_is_hash(t)) /* build_dict.c: not empty */
        return bld_dict_truth(b, v, loc);
    if (t->kind == TY_STR) /* build_str.c: not empty */
        return bld_str_truth(b, v, loc);
    if (!ty_is_scalar(t)) {
        diag_error(&b->diag, loc, "the truth value of %s is ambiguous: compare explicitly", bld_type_name(b, t));
        return bld_error_operand(b).v;
    }
    IrValue args[2] = {v, ir_const_zero(b->f, t, loc)};
    return ir_emit(b->f, IR_CMP, OP_NE, ty_scalar(TY_BOOL), args, 2, loc);
}

/* ---- arithmetic ---- */

/* NEP 50 gives a literal the type of the strong operands it meets; a literal that does not fit
 * their integer type (int8(5) + 300, uint64(u) > -1, max(300, int8(x))) is a strong int64
 * instead, so its value is kept, as Numba keeps it (computing in int64), rather than wrapped.
 * For the n operands of one promotion, before it. */
void bld_keep_literal_values(Operand *const *ops, int n)
{
    const Type *strong = NULL;
    for (int i = 0; i < n; i++)
        if (!ops[i]->weak && ty_is_scalar(ops[i]->type))
            strong = strong ? ty_promote(strong, false, ops[i]->type, false) : ops[i]->type;
    if (!strong || !ty_is_int(strong))
        return;
    for (int i = 0; i < n; i++)
        if (ops[i]->weak && ops[i]->is_const && ty_is_int(ops[i]->type) && !ty_int_holds(strong, ops[i]->ci))
            ops[i]->weak = false;
}

static bool scalar_operands(Builder *b, AstOp op, Operand *l, Operand *r, SrcLoc loc)
{
    *l = bld_unwrap_optional(b, *l, loc), *r = bld_unwrap_optional(b, *r, loc); /* build_optional.c */
    l->v = bld_value_of(b, *l, loc);
    r->v = bld_value_of(b, *r, loc);
    const Type *lt = ir_type(b->f, l->v), *rt = ir_type(b->f, r->v);
    l->type = lt;
    r->type = rt;
    if (lt->kind == TY_ERROR || rt->kind == TY_ERROR)
        return false;
    if (!ty_is_scalar(lt) || !ty_is_scalar(rt)) {
        diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op),
                   bld_type_name(b, lt), bld_type_name(b, rt));
        return false;
    }
    bld_keep_literal_values((Operand *[]){l, r}, 2);
    return true;
}

static int64_t floor_div_i64(int64_t a, int64_t c)
{
    int64_t q = a / c;
    return (a % c != 0 && ((a < 0) != (c < 0))) ? q - 1 : q;
}

/* Folds integer constants so shapes, tuple indices and constant steps are known. */
static bool fold_ints(AstOp op, int64_t a, int64_t c, int64_t *out)
{
    uint64_t ua = (uint64_t)a, uc = (uint64_t)c;
    switch (op) {
    case OP_ADD: *out = (int64_t)(ua + uc); return true;
    case OP_SUB: *out = (int64_t)(ua - uc); return true;
    case OP_MUL: *out = (int64_t)(ua * uc); return true;
    case OP_FLOORDIV:
        if (c == 0 || (a == INT64_MIN && c == -1))
            return false;
        *out = floor_div_i64(a, c);
        return true;
    case OP_MOD:
        if (c == 0 || (a == INT64_MIN && c == -1))
            return false;
        *out = a - floor_div_i64(a, c) * c;
        return true;
    case OP_BITAND: *out = a & c; return true;
    case OP_BITOR: *out = a | c; return true;
    case OP_BITXOR: *out = a ^ c; return true;
    default: return false;
    }
}

static IrBinOp bin_of(AstOp op)
{
    switch (op) {
    case OP_ADD: return IB_ADD;
    case OP_SUB: return IB_SUB;
    case OP_MUL: return IB_MUL;
    case OP_DIV: return IB_TRUEDIV;
    case OP_FLOORDIV: return IB_FLOORDIV;
    case OP_MOD: return IB_MOD;
    case OP_POW: return IB_POW;
    case OP_BITAND: return IB_AND;
    case OP_BITOR: return IB_OR;
    case OP_BITXOR: return IB_XOR;
    case OP_LSHIFT: return IB_SHL;
    default: return IB_SHR;
    }
}

static Operand emit_bin(Builder *b, IrBinOp op, const Type *t, IrValue l, IrValue r, SrcLoc loc)
{
    IrValue args[2] = {bld_cast_value(b, l, t, loc), bld_cast_value(b, r, t, loc)};
    IrValue v = ir_emit(b->f, IR_BIN, (int)op, t, args, 2, loc);
    if (b->opts->fastmath && ty_is_float(t))
        ir_last(b->f)->flags |= IRF_FASTMATH;
    return bld_value_operand(v, t);
}

/* x ** k for a small constant k becomes multiplications, as Numba does. */
static bool small_power(Builder *b, const Type *t, Operand base, Operand ex, SrcLoc loc, Operand *out)
{
    if (!ex.is_const || ex.ci < 0 || ex.ci > 4)
        return false;
    if (ex.ci == 0) {
        *out = ty_is_float(t) ? const_float_operand(b, t, 1.0, false, loc)
                              : bld_const_int_operand(b, t, 1, false, loc);
        return true;
    }
    IrValue x = bld_cast_value(b, base.v, t, loc), acc = x;
    for (int64_t i = 1; i < ex.ci; i++)
        acc = emit_bin(b, IB_MUL, t, acc, x, loc).v;
    *out = bld_value_operand(acc, t);
    return true;
}

static bool is_plain_tuple(const Operand *o);

/* t + u of two tuples: their items, t's then u's (`a.shape[:-1] + (3, 3)`) */
static Operand tuple_concat(Builder *b, Operand l, Operand r, SrcLoc loc)
{
    int n = l.type->n + r.type->n;
    if (n > 64) {
        diag_error(&b->diag, loc, "a tuple of %d values: jitc's tuples hold at most 64", n);
        return bld_error_operand(b);
    }
    IrValue items[64];
    const Type *types[64];
    for (int i = 0; i < n; i++) {
        const Operand *from = i < l.type->n ? &l : &r;
        int k = i < l.type->n ? i : i - l.type->n;
        types[i] = from->type->elems[k];
        items[i] = ir_emit(b->f, IR_TUPLE_GET, 0, types[i], &from->v, 1, loc);
        ir_last(b->f)->imm.index = k;
    }
    const Type *t = ty_tuple(&b->p->types, types, n);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, items, n, loc), t);
}

/* An Optional array operand of an operator is its array (TypeError where it is None), as Numba
 * types the operation. */
static Operand optional_array_value(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_VALUE && ty_is_optional(o.type) && o.type->elems[0]->kind == TY_ARRAY)
        return bld_unwrap_optional(b, o, loc);
    return o;
}

Operand bld_binary_op(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc)
{
    if (op == OP_ADD && is_plain_tuple(&l) && is_plain_tuple(&r))
        return tuple_concat(b, l, r, loc);
    if (op == OP_MATMUL) {
        diag_error(&b->diag, loc, "the operator @ is not supported");
        return bld_error_operand(b);
    }
    Operand str_result;
    if (bld_str_binop(b, op, l, r, loc, &str_result)) /* build_str.c */
        return str_result;
    if (!scalar_operands(b, op, &l, &r, loc))
        return bld_error_operand(b);
    const Type *t = ty_promote(l.type, l.weak, r.type, r.weak);
    if (ty_is_complex(t))
        return bld_complex_arith(b, op, l, r, t, loc);
    bool weak = l.weak && r.weak;
    bool bitwise = op == OP_BITAND || op == OP_BITOR || op == OP_BITXOR;
    if (ty_is_bool(t) && !bitwise && bld_bool_ufunc_loops(b)) {
        if (op == OP_ADD || op == OP_MUL)
            return emit_bin(b, op == OP_ADD ? IB_OR : IB_AND, t, l.v, r.v, loc);
        t = ty_scalar(op == OP_DIV ? TY_FLOAT64 : TY_INT8);
    }
    if (ty_is_bool(t) && !bitwise) /* True + True == 2, as in Python */
        t = ty_scalar(TY_INT64);
    if ((bitwise || op == OP_LSHIFT || op == OP_RSHIFT) && ty_is_float(t)) {
        diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op),
                   bld_type_name(b, l.type), bld_type_name(b, r.type));
        return bld_error_operand(b);
    }
    if (op == OP_DIV && !ty_is_float(t))
        t = ty_scalar(TY_FLOAT64);
    int64_t folded;
    if (l.is_const && r.is_const && ty_is_int(t) && fold_ints(op, l.ci, r.ci, &folded))
        return bld_const_int_operand(b, t, folded, weak, loc);
    Operand res;
    if (op == OP_POW && small_power(b, t, l, r, loc, &res)) {
        res.weak = weak;
        return res;
    }
    res = emit_bin(b, bin_of(op), t, l.v, r.v, loc);
    res.weak = weak;
    return res;
}

static Operand bld_unary(Builder *b, const Expr *e)
{
    Operand o = bld_expr(b, e->unary.operand);
    if (bld_is_arraylike(o))
        return bld_array_unary(b, e, o);
    if (e->unary.op == OP_NOT) {
        IrValue c = bld_truth_value(b, o, e->loc);
        return bld_value_operand(ir_emit(b->f, IR_UNARY, IU_NOT, ty_scalar(TY_BOOL), &c, 1, e->loc),
                                 ty_scalar(TY_BOOL));
    }
    IrValue v = bld_value_of(b, o, e->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return bld_error_operand(b);
    if (!ty_is_scalar(t) || (e->unary.op == OP_INVERT && (ty_is_float(t) || ty_is_complex(t)))) {
        diag_error(&b->diag, e->loc, "bad operand type for unary %s: %s", ast_op_text(e->unary.op),
                   bld_type_name(b, t));
        return bld_error_operand(b);
    }
    if (ty_is_bool(t) && e->unary.op == OP_INVERT && bld_bool_ufunc_loops(b))
        return bld_value_operand(ir_emit(b->f, IR_UNARY, IU_NOT, t, &v, 1, e->loc), t);
    if (ty_is_bool(t)) {
        t = ty_scalar(bld_bool_ufunc_loops(b) ? TY_INT8 : TY_INT64);
        v = bld_cast_value(b, v, t, e->loc);
    }
    if (o.is_const && e->unary.op != OP_POS)
        return bld_const_int_operand(b, t, e->unary.op == OP_NEG ? (int64_t)(0 - (uint64_t)o.ci) : ~o.ci,
                                     o.weak, e->loc);
    if (e->unary.op == OP_POS) {
        Operand r = bld_value_operand(v, t);
        r.weak = o.weak;
        r.is_const = o.is_const;
        r.ci = o.ci;
        return r;
    }
    Operand r = bld_value_operand(ir_emit(b->f, IR_UNARY, e->unary.op == OP_NEG ? IU_NEG : IU_INVERT, t,
                                          &v, 1, e->loc), t);
    r.weak = o.weak;
    return r;
}

static IrValue compare_pair(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc);

static bool is_plain_tuple(const Operand *o)
{
    return o->kind == OPK_VALUE && o->type->kind == TY_TUPLE && !o->type->tag;
}

static IrValue bool_op(Builder *b, IrBinOp op, IrValue l, IrValue r, SrcLoc loc)
{
    IrValue args[2] = {l, r};
    return ir_emit(b->f, IR_BIN, (int)op, ty_scalar(TY_BOOL), args, 2, loc);
}

/* Tuples compare as Python's do: == and != item by item (tuples of other lengths are never
 * equal), the orderings lexicographically, at the first pair of items that differ, and by
 * length where one is a prefix of the other. Each pair is compared with its own types (nested
 * tuples too); the result is built from the last pair back, without branches. */
static IrValue tuple_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc)
{
    const Type *lt = l.type, *rt = r.type, *bt = ty_scalar(TY_BOOL);
    int n = lt->n < rt->n ? lt->n : rt->n;
    bool equality = op == OP_EQ || op == OP_NE;
    IrValue res = ir_const_int(b->f, bt, equality ? lt->n == rt->n
                                      : op == OP_LT ? lt->n < rt->n : op == OP_LE ? lt->n <= rt->n
                                      : op == OP_GT ? lt->n > rt->n : lt->n >= rt->n, loc);
    if (!equality || lt->n == rt->n)
        for (int i = n - 1; i >= 0; i--) {
            Operand li = bld_value_operand(ir_emit(b->f, IR_TUPLE_GET, 0, lt->elems[i], &l.v, 1, loc), lt->elems[i]);
            ir_last(b->f)->imm.index = i;
            Operand ri = bld_value_operand(ir_emit(b->f, IR_TUPLE_GET, 0, rt->elems[i], &r.v, 1, loc), rt->elems[i]);
            ir_last(b->f)->imm.index = i;
            IrValue eq = compare_pair(b, OP_EQ, li, ri, loc);
            if (bld_is_error(b, eq))
                return eq;
            if (equality) {
                res = bool_op(b, IB_AND, eq, res, loc);
                continue;
            }
            IrValue strict = compare_pair(b, op == OP_LT || op == OP_LE ? OP_LT : OP_GT, li, ri, loc);
            if (bld_is_error(b, strict))
                return strict;
            res = bool_op(b, IB_OR, strict, bool_op(b, IB_AND, eq, res, loc), loc);
        }
    return op == OP_NE ? ir_emit(b->f, IR_UNARY, IU_NOT, bt, &res, 1, loc) : res;
}

/* None on one side and, on the other, a value that cannot be None (a number, a string, a tuple, an
 * array: not an Optional): Numba's == gives False and != True, known at compile time. */
static bool none_against_plain_value(Operand l, Operand r)
{
    if (bld_is_none_operand(r)) {
        Operand t = l;
        l = r, r = t;
    }
    if (!bld_is_none_operand(l) || bld_is_none_operand(r))
        return false;
    if (r.kind == OPK_STR || r.kind == OPK_ARRAYEXPR)
        return true;
    return r.kind == OPK_VALUE && r.type->kind != TY_ERROR && !ty_is_optional(r.type);
}

static IrValue compare_pair(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc)
{
    if ((op == OP_IN || op == OP_NOTIN) && (l.kind == OPK_ERROR || r.kind == OPK_ERROR ||
                                            (r.kind == OPK_VALUE && r.type->kind == TY_ERROR)))
        return bld_error_operand(b).v; /* also a parameter of unknown type (prog_check) */
    IrValue lc;
    if ((op == OP_EQ || op == OP_NE) && bld_is_none_operand(l) && bld_is_none_operand(r)) /* None == None */
        return ir_const_int(b->f, ty_scalar(TY_BOOL), op == OP_EQ, loc);
    if ((op == OP_EQ || op == OP_NE) && none_against_plain_value(l, r)) /* as Numba: None == 2 is False */
        return ir_const_int(b->f, ty_scalar(TY_BOOL), op == OP_NE, loc);
    if (bld_str_compare(b, op, l, r, loc, &lc)) /* build_str.c */
        return lc;
    if (bld_list_compare(b, op, l, r, loc, &lc)) /* build_list.c */
        return lc;
    if (bld_dict_compare(b, op, l, r, loc, &lc)) /* build_dict.c */
        return lc;
    if ((op == OP_IN || op == OP_NOTIN) && r.kind == OPK_VALUE && ty_is_range(r.type)) /* build_range.c */
        return bld_range_contains(b, l, r.v, op == OP_NOTIN, loc).v;
    if ((op == OP_IN || op == OP_NOTIN) && r.kind == OPK_VALUE && ir_type(b->f, r.v)->kind == TY_TUPLE &&
        !ir_type(b->f, r.v)->tag)
        return bld_tuple_contains(b, bld_unwrap_optional(b, l, loc), r.v, op == OP_NOTIN, loc).v; /* build_range.c */
    IrValue is_none;
    if (bld_is_none_compare(b, op, l, r, loc, &is_none)) /* build_optional.c */
        return is_none;
    l = bld_unwrap_optional(b, l, loc), r = bld_unwrap_optional(b, r, loc);
    if (op >= OP_EQ && op <= OP_GE && is_plain_tuple(&l) && is_plain_tuple(&r))
        return tuple_compare(b, op, l, r, loc);
    if (op >= OP_IS) {
        diag_error(&b->diag, loc, "the operator '%s' is not supported in krn", ast_op_text(op));
        return bld_error_operand(b).v;
    }
    if (!scalar_operands(b, op, &l, &r, loc))
        return bld_error_operand(b).v;
    const Type *t = ty_promote(l.type, l.weak, r.type, r.weak);
    if (ty_is_complex(t) && op != OP_EQ && op != OP_NE) { /* complex numbers are not ordered */
        diag_error(&b->diag, loc, "'%s' is not supported between %s and %s: complex numbers have no order",
                   ast_op_text(op), bld_type_name(b, l.type), bld_type_name(b, r.type));
        return bld_error_operand(b).v;
    }
    IrValue args[2] = {bld_cast_value(b, l.v, t, loc), bld_cast_value(b, r.v, t, loc)};
    return ir_emit(b->f, IR_CMP, op, ty_scalar(TY_BOOL), args, 2, loc);
}

/* a < b < c is (a < b) and (b < c) with b evaluated once. */
static Operand bld_compare(Builder *b, const Expr *e)
{
    const Type *bt = ty_scalar(TY_BOOL);
    Operand l = bld_expr(b, e->compare.operands[0]);
    if (e->compare.n == 2) {
        l = bld_array_before(b, l, e->compare.operands[1], e->compare.operands[0]->loc);
        Operand r = bld_expr(b, e->compare.operands[1]);
        AstOp op = e->compare.ops[0];
        if ((bld_is_arraylike(l) || bld_is_arraylike(r)) && !((op == OP_EQ || op == OP_NE) && none_against_plain_value(l, r)))
            return bld_array_compare(b, e, l, r);
        IrValue c = compare_pair(b, e->compare.ops[0], l, r, e->loc);
        return bld_value_operand(c, ir_type(b->f, c)); /* bool, or poison that stays quiet */
    }
    int result = ir_new_local(b->f, "$cmp", bt), join = ir_new_block(b->f);
    for (int i = 1; i < e->compare.n; i++) {
        Operand r = bld_expr(b, e->compare.operands[i]);
        IrValue c = compare_pair(b, e->compare.ops[i - 1], l, r, e->compare.operands[i]->loc);
        ir_store(b->f, result, c, e->loc);
        if (i + 1 < e->compare.n) {
            int next = ir_new_block(b->f);
            ir_cbr(b->f, c, next, join);
            ir_set_block(b->f, next);
        }
        l = r;
    }
    ir_br(b->f, join);
    ir_set_block(b->f, join);
    return bld_value_operand(ir_load(b->f, result, e->loc), bt);
}

/* The type both arms of a conditional or a boolean operator produce. */
static const Type *merge_type(Builder *b, Operand x, Operand y, SrcLoc loc)
{
    const Type *xt = ir_type(b->f, x.v), *yt = ir_type(b->f, y.v);
    if (xt->kind == TY_ERROR || yt->kind == TY_ERROR) /* the known arm decides (recursion) */
        return xt->kind == TY_ERROR ? yt : xt;
    if (ty_is_scalar(xt) && ty_is_scalar(yt)) {
        x.type = xt, y.type = yt;
        bld_keep_literal_values((Operand *[]){&x, &y}, 2);
        return ty_promote(xt, x.weak, yt, y.weak);
    }
    const Type *u = ty_unify(&b->p->types, xt, yt);
    if (!u)
        diag_error(&b->diag, loc, "the two branches give incompatible types %s and %s", bld_type_name(b, xt),
                   bld_type_name(b, yt));
    return u;
}

/* Stores v (cast to t) into local at the end of block blk, then jumps to join. */
static void finish_arm(Builder *b, int blk, IrValue v, const Type *t, int local, int join, SrcLoc loc)
{
    ir_set_block(b->f, blk);
    IrValue c = bld_cast_value(b, v, t, loc);
    ir_store(b->f, local, c, loc);
    ir_br(b->f, join);
}

/* Ends arm blocks a and c (c may be -1) with jumps to join and continues there: the control
 * flow stays whole when the value is poison. */
static void join_arms(Builder *b, int a, int c, int join)
{
    ir_set_block(b->f, a);
    ir_br(b->f, join);
    if (c >= 0) {
        ir_set_block(b->f, c);
        ir_br(b->f, join);
    }
    ir_set_block(b->f, join);
}

/* Continues at join with the value both arms stored in local. */
static Operand load_merged(Builder *b, int join, int local, const Type *t, SrcLoc loc)
{
    ir_set_block(b->f, join);
    return bld_value_operand(ir_load(b->f, local, loc), t);
}

/* The truth of a condition (of if, while, assert, x if c else y). `and`/`or` there branch on their
 * operands' truth, as Python's jumps do, so that `if lst and lst[-1] == i:` needs no value of
 * both types; `not` negates a condition. */
IrValue bld_condition(Builder *b, const Expr *e)
{
    if (e->kind == EX_UNARY && e->unary.op == OP_NOT) {
        IrValue c = bld_condition(b, e->unary.operand);
        return bld_is_error(b, c) ? c : ir_emit(b->f, IR_UNARY, IU_NOT, ty_scalar(TY_BOOL), &c, 1, e->loc);
    }
    if (e->kind != EX_BOOLOP || bld_static_condition(b, e) >= 0)
        return bld_truth_value(b, bld_expr(b, e), e->loc);
    bool is_or = e->binop.op == OP_OR;
    const Type *bt = ty_scalar(TY_BOOL);
    int result = ir_new_local(b->f, is_or ? "$or" : "$and", bt);
    IrValue c = bld_condition(b, e->binop.lhs);
    if (bld_is_error(b, c))
        return c;
    ir_store(b->f, result, c, e->loc);
    int rhs = ir_new_block(b->f), join = ir_new_block(b->f);
    ir_cbr(b->f, c, is_or ? join : rhs, is_or ? rhs : join);
    ir_set_block(b->f, rhs);
    IrValue r = bld_condition(b, e->binop.rhs);
    if (!bld_is_error(b, r))
        ir_store(b->f, result, r, e->loc);
    ir_br(b->f, join);
    ir_set_block(b->f, join);
    return bld_is_error(b, r) ? r : ir_load(b->f, result, e->loc);
}

static Operand bld_ifexp(Builder *b, const Expr *e)
{
    IrValue c = bld_condition(b, e->ifexp.cond);
    int then = ir_new_block(b->f), els = ir_new_block(b->f), join = ir_new_block(b->f);
    ir_cbr(b->f, c, then, els);
    ir_set_block(b->f, then);
    Operand x = bld_expr(b, e->ifexp.then);
    if (!bld_is_none_operand(x))
        x.v = bld_value_of(b, x, e->ifexp.then->loc);
    int then_end = b->f->cur;
    ir_set_block(b->f, els);
    Operand y = bld_expr(b, e->ifexp.els);
    if (!bld_is_none_operand(y))
        y.v = bld_value_of(b, y, e->ifexp.els->loc);
    int els_end = b->f->cur;
    if (bld_is_none_operand(x) || bld_is_none_operand(y)) /* an Optional (build_optional.c) */
        return bld_optional_arms(b, x, then_end, y, els_end, join, e->loc);
    const Type *t = merge_type(b, x, y, e->loc);
    if (!t || t->kind == TY_ERROR) {
        join_arms(b, then_end, els_end, join);
        return bld_error_operand(b);
    }
    int result = ir_new_local(b->f, "$ifexp", t);
    finish_arm(b, then_end, x.v, t, result, join, e->loc);
    finish_arm(b, els_end, y.v, t, result, join, e->loc);
    Operand r = load_merged(b, join, result, t, e->loc);
    r.weak = x.weak && y.weak;
    return r;
}

/* `a or b` is a if a is true, else b; `a and b` is a if a is false, else b. */
static Operand bld_boolop(Builder *b, const Expr *e)
{
    bool is_or = e->binop.op == OP_OR;
    Operand x = bld_expr(b, e->binop.lhs);
    x.v = bld_value_of(b, x, e->binop.lhs->loc);
    IrValue c = bld_truth_value(b, x, e->binop.lhs->loc);
    int lhs_end = b->f->cur, rhs = ir_new_block(b->f), join = ir_new_block(b->f);
    ir_set_block(b->f, rhs);
    Operand y = bld_expr(b, e->binop.rhs);
    y.v = bld_value_of(b, y, e->binop.rhs->loc);
    int rhs_end = b->f->cur;
    const Type *t = merge_type(b, x, y, e->loc);
    if (!t || t->kind == TY_ERROR) {
        ir_set_block(b->f, lhs_end);
        ir_cbr(b->f, c, is_or ? join : rhs, is_or ? rhs : join);
        join_arms(b, rhs_end, -1, join);
        return bld_error_operand(b);
    }
    int result = ir_new_local(b->f, is_or ? "$or" : "$and", t);
    ir_set_block(b->f, lhs_end);
    IrValue cx = bld_cast_value(b, x.v, t, e->loc);
    ir_store(b->f, result, cx, e->loc);
    ir_cbr(b->f, c, is_or ? join : rhs, is_or ? rhs : join);
    finish_arm(b, rhs_end, y.v, t, result, join, e->loc);
    return load_merged(b, join, result, t, e->loc);
}

static Operand bld_tuple(Builder *b, const Expr *e)
{
    if (e->seq.n > 64) {
        diag_error(&b->diag, e->loc, "tuples have at most 64 elements");
        return bld_error_operand(b);
    }
    IrValue vals[64];
    const Type *types[64];
    int64_t consts[64];
    bool literal = e->seq.n > 0; /* all integer constants: a callee may take it as a literal */
    for (int i = 0; i < e->seq.n; i++) {
        Operand item = bld_expr(b, e->seq.items[i]);
        literal = literal && item.kind == OPK_VALUE && item.is_const && ty_is_int(item.type);
        consts[i] = item.ci;
        vals[i] = item.kind == OPK_NONE ? bld_none_element(b, e->seq.items[i]->loc) /* build_optional.c */
                                        : bld_value_of(b, item, e->seq.items[i]->loc);
        types[i] = ir_type(b->f, vals[i]);
        if (types[i]->kind == TY_ERROR)
            return bld_error_operand(b);
    }
    const Type *t = ty_tuple(&b->p->types, types, e->seq.n);
    Operand o = bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, vals, e->seq.n, e->loc), t);
    o.lit = literal ? bld_literal_tuple(b, consts, e->seq.n) : NULL;
    return o;
}

/* ---- subscripts ---- */

unsigned bld_elem_flags(Builder *b)
{
    bool fallback = prog_boundscheck_default(b->spec->func, b->spec->device);
    return IRF_WRAP | (prog_boundscheck(b->opts, fallback) ? IRF_BOUNDSCHECK : 0);
}

/* The indices of a subscript, evaluated: the items of a tuple written out, the elements of a
 * tuple value (`a[idx]` with idx = (i, j), as Numba takes it), or one index; their count (more
 * than MAX_INDICES: not evaluated, too many for any array). */
enum { MAX_INDICES = TY_MAX_NDIM };
static int index_values(Builder *b, const Expr *ix, IrValue *vals, SrcLoc *locs)
{
    if (ix->kind != EX_TUPLE) {
        IrValue v = bld_value_of(b, bld_expr(b, ix), ix->loc);
        const Type *t = ir_type(b->f, v);
        if (t->kind == TY_TUPLE && t->n > MAX_INDICES)
            return t->n;
        if (t->kind != TY_TUPLE) {
            vals[0] = v;
            locs[0] = ix->loc;
            return 1;
        }
        for (int i = 0; i < t->n; i++) {
            vals[i] = ir_emit(b->f, IR_TUPLE_GET, 0, t->elems[i], &v, 1, ix->loc);
            ir_last(b->f)->imm.index = i;
            locs[i] = ix->loc;
        }
        return t->n;
    }
    if (ix->seq.n > MAX_INDICES)
        return ix->seq.n;
    for (int i = 0; i < ix->seq.n; i++) {
        vals[i] = bld_value_of(b, bld_expr(b, ix->seq.items[i]), ix->seq.items[i]->loc);
        locs[i] = ix->seq.items[i]->loc;
    }
    return ix->seq.n;
}

/* Evaluates the indices of array[i, j, ...] (the array already evaluated) into
 * args = {array, i64 indices...}; returns the array or IR_NOVALUE after reporting. */
IrValue bld_elem_address_args(Builder *b, const Expr *sub, IrValue a, IrValue *args, int *nargs, const Type **dtype)
{
    const Type *at = ir_type(b->f, a);
    const Expr *ix = sub->subscript.index;
    const Expr *const *items = ix->kind == EX_TUPLE ? (const Expr *const *)ix->seq.items : &ix;
    int n = ix->kind == EX_TUPLE ? ix->seq.n : 1;
    if (at->kind == TY_ERROR) { /* the indices' own errors still count (jitc check of an untyped a) */
        for (int i = 0; i < n; i++)
            if (items[i]->kind != EX_SLICE)
                bld_expr(b, items[i]);
        return IR_NOVALUE;
    }
    if (at->kind != TY_ARRAY) {
        diag_error(&b->diag, sub->loc, "cannot index %s", bld_type_name(b, at));
        return IR_NOVALUE;
    }
    for (int i = 0; i < n; i++)
        if (items[i]->kind == EX_SLICE) {
            diag_error(&b->diag, items[i]->loc, "array slicing is not supported yet");
            return IR_NOVALUE;
        }
    IrValue vals[MAX_INDICES];
    SrcLoc locs[MAX_INDICES];
    n = index_values(b, ix, vals, locs);
    if (n > at->ndim) {
        diag_error(&b->diag, sub->loc, "too many indices for array: %d given, %s has %d dimension%s", n,
                   bld_type_name(b, at), at->ndim, at->ndim == 1 ? "" : "s");
        return IR_NOVALUE;
    }
    if (n < at->ndim) {
        diag_error(&b->diag, ix->loc, "%d-d array indexed with %d index%s: views of arrays are not supported yet",
                   at->ndim, n, n == 1 ? "" : "es");
        return IR_NOVALUE;
    }
    args[0] = a;
    for (int i = 0; i < n; i++) {
        const Type *t = ir_type(b->f, vals[i]);
        if (t->kind == TY_ERROR)
            return IR_NOVALUE;
        if (!ty_is_int(t)) {
            diag_error(&b->diag, locs[i], "array index must be an integer, not %s", bld_type_name(b, t));
            return IR_NOVALUE;
        }
        args[1 + i] = bld_cast_value(b, vals[i], ty_scalar(TY_INT64), locs[i]);
    }
    *nargs = 1 + n;
    *dtype = at->dtype;
    return a;
}

/* A slice bound of a tuple: absent (keeps *v) or a constant integer. */
static bool tuple_slice_bound(Builder *b, const Expr *e, int64_t *v)
{
    if (!e || e->kind == EX_NONE)
        return true;
    Operand o = bld_expr(b, e);
    if (o.kind == OPK_VALUE && o.type->kind == TY_ERROR)
        return false;
    if (!o.is_const || !ty_is_int(o.type)) {
        diag_error(&b->diag, e->loc, "a tuple slice's bounds must be constant integers");
        return false;
    }
    *v = o.ci;
    return true;
}

/* t[lo:hi:step] of a tuple: a new tuple of the chosen elements (Python's slice rules). */
static Operand tuple_slice(Builder *b, const Expr *e, IrValue t, const Type *tt)
{
    const Expr *sl = e->subscript.index;
    int64_t n = tt->n, step = 1;
    if (!tuple_slice_bound(b, sl->slice.step, &step))
        return bld_error_operand(b);
    if (step == 0) {
        diag_error(&b->diag, sl->slice.step->loc, "slice step cannot be zero");
        return bld_error_operand(b);
    }
    int64_t lo = step > 0 ? 0 : n - 1, hi = step > 0 ? n : -n - 1;
    if (!tuple_slice_bound(b, sl->slice.lo, &lo) || !tuple_slice_bound(b, sl->slice.hi, &hi))
        return bld_error_operand(b);
    int64_t floor = step > 0 ? 0 : -1, ceil = step > 0 ? n : n - 1; /* PySlice_AdjustIndices */
    lo = lo < 0 ? (lo + n < floor ? floor : lo + n) : (lo > ceil ? ceil : lo);
    hi = hi < 0 ? (hi + n < floor ? floor : hi + n) : (hi > ceil ? ceil : hi);
    const Type **elems = arena_alloc(b->pass_arena, sizeof *elems * (size_t)(n ? n : 1));
    IrValue *vals = arena_alloc(b->pass_arena, sizeof *vals * (size_t)(n ? n : 1));
    int k = 0;
    for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step, k++) {
        elems[k] = tt->elems[i];
        vals[k] = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[i], &t, 1, e->loc);
        ir_last(b->f)->imm.index = (int)i;
    }
    const Type *rt = ty_tuple(&b->p->types, elems, k);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, rt, vals, k, e->loc), rt);
}

static Operand bld_tuple_index(Builder *b, const Expr *e, IrValue t, const Type *tt, const Type *lit)
{
    if (e->subscript.index->kind == EX_SLICE)
        return tuple_slice(b, e, t, tt);
    Operand ix = bld_expr(b, e->subscript.index);
    if (!ix.is_const) /* T[i]: a homogeneous tuple, chosen at run time (build_tuple_index.c) */
        return bld_tuple_index_value(b, e, t, tt, ix);
    int64_t k = ix.ci < 0 ? ix.ci + tt->n : ix.ci;
    if (k < 0 || k >= tt->n) {
        diag_error(&b->diag, e->subscript.index->loc, "tuple index %lld out of range for a tuple of %d element%s",
                   (long long)ix.ci, tt->n, tt->n == 1 ? "" : "s");
        return bld_error_operand(b);
    }
    if (lit) /* an element of a literal tuple is a constant: shape[0] is a shape */
        return bld_const_int_operand(b, tt->elems[k], bld_literal_tuple_values(lit)[k], false, e->loc);
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[k], &t, 1, e->loc);
    ir_last(b->f)->imm.index = (int)k;
    return bld_value_operand(v, tt->elems[k]);
}

static Operand bld_subscript(Builder *b, const Expr *e)
{
    Operand base = bld_expr(b, e->subscript.value);
    if (base.kind == OPK_VALUE && ty_is_optional(base.type)) /* its value; TypeError where None */
        base = bld_unwrap_optional(b, base, e->subscript.value->loc);
    if (base.kind == OPK_VALUE && base.type->tag) { /* a range: no elements */
        diag_error(&b->diag, e->loc, "%s cannot be indexed in jitc", bld_type_name(b, base.type));
        return bld_error_operand(b);
    }
    if (base.kind == OPK_VALUE && base.type->kind == TY_TUPLE)
        return bld_tuple_index(b, e, base.v, base.type, base.lit);
    if (base.kind == OPK_TYPE) {
        diag_error(&b->diag, e->loc, "array types can only appear in signatures");
        return bld_error_operand(b);
    }
    if (bld_is_str(&base)) /* build_str.c */
        return bld_str_subscript(b, e, base);
    IrValue a = bld_value_of(b, base, e->subscript.value->loc);
    if (ir_type(b->f, a)->kind == TY_LIST) /* build_list.c */
        return bld_list_subscript(b, e, a);
    if (ty_is_hash(ir_type(b->f, a))) /* build_dict.c */
        return bld_dict_subscript(b, e, a);
    Subscript s;
    if (!bld_subscript_items(b, e, a, &s))
        return bld_error_operand(b);
    return bld_subscript_load(b, a, &s, e->loc);
}

Operand bld_expr(Builder *b, const Expr *e)
{
    switch (e->kind) {
    case EX_INT: return bld_const_int_operand(b, ty_scalar(TY_INT64), e->ival, true, e->loc);
    case EX_FLOAT: return const_float_operand(b, ty_scalar(TY_FLOAT64), e->fval, true, e->loc);
    case EX_IMAG: return bld_imag_literal(b, e->fval, e->loc);
    case EX_BOOL: {
        Operand o = bld_const_int_operand(b, ty_scalar(TY_BOOL), e->bval, false, e->loc);
        o.is_const = false;
        o.lit = ty_comptime(&b->p->types, e->bval ? "LB1" : "LB0", e->bval ? "Literal[bool](True)" : "Literal[bool](False)",
                            NULL, ty_scalar(TY_BOOL), e->bval);
        return o;
    }
    case EX_STR: return (Operand){.kind = OPK_STR, .str = e->str};
    case EX_FSTRING: return bld_fstring_value(b, e); /* build_exc.c */
    case EX_NONE: return (Operand){.kind = OPK_NONE};
    case EX_ELLIPSIS: diag_error(&b->diag, e->loc, "'...' (Ellipsis) can only appear in an array index"); break;
    case EX_NAME: return bld_name(b, e);
    case EX_BINOP: {
        Operand l = bld_expr(b, e->binop.lhs); /* Python evaluates left to right */
        l = bld_array_before(b, l, e->binop.rhs, e->binop.lhs->loc);
        Operand r = bld_expr(b, e->binop.rhs);
        l = optional_array_value(b, l, e->binop.lhs->loc), r = optional_array_value(b, r, e->binop.rhs->loc);
        if (e->binop.op == OP_MATMUL)
            return bld_matmul(b, e, l, r);
        if (bld_is_arraylike(l) || bld_is_arraylike(r))
            return bld_array_binop(b, e, l, r);
        Operand lr;
        if (bld_list_binop(b, e->binop.op, l, r, e->loc, &lr)) /* build_list.c */
            return lr;
        if (bld_dict_binop(b, e->binop.op, l, r, e->loc, &lr)) /* build_dict.c */
            return lr;
        return bld_binary_op(b, e->binop.op, l, r, e->loc);
    }
    case EX_UNARY: return bld_unary(b, e);
    case EX_BOOLOP: return bld_boolop(b, e);
    case EX_COMPARE: return bld_compare(b, e);
    case EX_IFEXP: return bld_ifexp(b, e);
    case EX_CALL: return bld_call(b, e);
    case EX_ATTR: return bld_attr(b, e);
    case EX_SUBSCRIPT: return bld_subscript(b, e);
    case EX_TUPLE: return bld_tuple(b, e);
    case EX_LIST:
        if (e->seq.dict) { /* a module constant's dict display (decorator options read it) */
            diag_error(&b->diag, e->loc, "dict and set displays are not supported in krn");
            return bld_error_operand(b);
        }
        return bld_list_literal(b, e); /* build_list.c */
    case EX_LISTCOMP: return bld_list_comp(b, e);
    case EX_DICT: return bld_dict_display(b, e); /* build_dict.c */
    case EX_SET: return bld_set_display(b, e);
    case EX_SLICE: diag_error(&b->diag, e->loc, "a slice can only appear in a subscript"); break;
    case EX_LAMBDA: return bld_lambda(b, e);
    }
    return bld_error_operand(b);
}
