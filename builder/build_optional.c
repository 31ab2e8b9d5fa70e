/* build_optional.c — None and Numba's Optional values. `x = None` binds x to the
 * compile-time None (bld_comptime_type's "Z"); where it meets a value of type T (a merge after an
 * if, a function returning a value on some paths and None on others) the two become an
 * OptionalType(T): a tagged tuple (value, valid) (ty_optional, types.h). `x is None`,
 * `x is not None` test it; using it where a T is needed (arithmetic, int(x), a comparison)
 * takes its value, raising TypeError("expected T, got None") where it is None, as Numba's
 * optional_to_any cast does. */
#include "build.h"

#include <string.h>

const Type *prog_none_type(Program *p)
{
    Operand *none = arena_alloc(p->arena, sizeof *none);
    *none = (Operand){.kind = OPK_NONE, .v = IR_NOVALUE};
    return ty_comptime(&p->types, "Z", "none", none, NULL, 0); /* bld_comptime_type's None */
}

bool bld_is_none_operand(Operand o)
{
    return o.kind == OPK_NONE || (o.kind == OPK_VALUE && (o.type->kind == TY_NONE || ty_is_none_type(o.type)));
}

/* None as a value of Optional type t: (0, false). */
IrValue bld_optional_none(Builder *b, const Type *t, SrcLoc loc)
{
    IrValue zero;
    if (t->elems[0]->kind == TY_ARRAY || t->elems[0]->kind == TY_LIST) /* no array or list: a local never stored, which starts null */
        zero = ir_load(b->f, ir_new_local(b->f, "$none", t->elems[0]), loc);
    else
        zero = bld_cast_value(b, ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc), t->elems[0], loc);
    IrValue parts[2] = {zero, ir_const_int(b->f, ty_scalar(TY_BOOL), 0, loc)};
    return ir_emit(b->f, IR_TUPLE, 0, t, parts, 2, loc);
}

/* None held in a tuple, as Numba's Tuple(int64, none): an element of the compile-time None type,
 * which no code reads (a placeholder word in the tuple's struct); unpacked or indexed, it is None
 * again, and a tuple meeting one that holds a value there holds an Optional (ty_unify). */
IrValue bld_none_element(Builder *b, SrcLoc loc)
{
    return ir_const_int(b->f, prog_none_type(b->p), 0, loc);
}

/* v (of a type that converts to t's value type) as an Optional t: (v, true). */
IrValue bld_to_optional(Builder *b, IrValue v, const Type *t, SrcLoc loc)
{
    IrValue parts[2] = {bld_cast_value(b, v, t->elems[0], loc), ir_const_int(b->f, ty_scalar(TY_BOOL), 1, loc)};
    return ir_emit(b->f, IR_TUPLE, 0, t, parts, 2, loc);
}

static IrValue part(Builder *b, IrValue o, int i, SrcLoc loc)
{
    const Type *t = ir_type(b->f, o)->elems[i];
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, t, &o, 1, loc);
    ir_last(b->f)->imm.index = i;
    return v;
}

/* T as Numba's message names it: an array as array(float64, 1d, C), a number by its name. */
static const char *numba_type_name(Builder *b, const Type *t)
{
    if (t->kind != TY_ARRAY)
        return bld_type_name(b, t);
    return arena_printf(b->pass_arena, "%sarray(%s, %dd, %c)", t->readonly ? "readonly " : "",
                        bld_type_name(b, t->dtype), t->ndim, t->layout);
}

/* An Optional's value where a T is needed: TypeError where it is None. */
Operand bld_unwrap_optional(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind != OPK_VALUE || !ty_is_optional(o.type))
        return o;
    const Type *vt = o.type->elems[0];
    IrValue valid = part(b, o.v, 1, loc);
    IrValue one = ir_const_int(b->f, ty_scalar(TY_BOOL), 1, loc), args[2] = {valid, one};
    IrValue missing = ir_emit(b->f, IR_BIN, IB_XOR, ty_scalar(TY_BOOL), args, 2, loc);
    bld_raise_if(b, missing, EXC_TYPE, arena_printf(b->pass_arena, "expected %s, got None", numba_type_name(b, vt)), loc);
    return bld_value_operand(part(b, o.v, 0, loc), vt);
}

/* `l is r`, `l is not r` where either side is None or an Optional; false if neither is. */
bool bld_is_none_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out)
{
    if (op != OP_IS && op != OP_ISNOT)
        return false;
    if (bld_is_none_operand(l) && !bld_is_none_operand(r)) {
        Operand t = l;
        l = r, r = t;
    }
    const Type *bt = ty_scalar(TY_BOOL);
    bool is = op == OP_IS;
    if (!bld_is_none_operand(r)) { /* Numba's generic_is: == on two numbers of one type, else False */
        if ((l.kind == OPK_VALUE && l.type->kind == TY_ERROR) || (r.kind == OPK_VALUE && r.type->kind == TY_ERROR)) {
            *out = bld_error_operand(b).v;
            return true;
        }
        if (l.kind != OPK_VALUE || r.kind != OPK_VALUE || !ty_is_scalar(l.type) || !ty_is_scalar(r.type))
            return false;
        IrValue args[2] = {l.v, r.v};
        *out = l.type == r.type ? ir_emit(b->f, IR_CMP, is ? OP_EQ : OP_NE, bt, args, 2, loc)
                                : ir_const_int(b->f, bt, !is, loc);
        return true;
    }
    if (l.kind == OPK_VALUE && ty_is_optional(l.type)) { /* valid is `is not None` */
        IrValue valid = part(b, l.v, 1, loc);
        if (is) {
            IrValue args[2] = {valid, ir_const_int(b->f, bt, 1, loc)};
            valid = ir_emit(b->f, IR_BIN, IB_XOR, bt, args, 2, loc);
        }
        *out = valid;
        return true;
    }
    if (l.kind == OPK_ERROR || (l.kind == OPK_VALUE && l.type->kind == TY_ERROR)) {
        *out = bld_error_operand(b).v;
        return true;
    }
    /* None is None; a value of any other type is never None: known at compile time, as in Numba */
    *out = ir_const_int(b->f, bt, bld_is_none_operand(l) == is, loc);
    return true;
}

/* Whether the name e's value is None (1), never None (0), or may be either or is unknown (-1):
 * a name bound to None is; a parameter of a type other than an Optional is not. */
static int name_is_none(Builder *b, const Expr *e)
{
    if (e->kind == EX_NONE)
        return 1;
    const Type *t = e->kind == EX_NAME ? bld_var_type(b, e->name) : NULL;
    if (!t)
        return -1;
    if (ty_is_none_type(t))
        return 1;
    if (ty_is_optional(t) || t->kind == TY_ERROR)
        return -1;
    for (int i = 0; i < b->def->nparams; i++)
        if (strcmp(b->def->params[i].name, e->name) == 0)
            return 0;
    return -1;
}

/* Whether e is a constant that is None (1), a constant number, bool or string (0), or not a
 * constant (-1): a literal, or a module-level name bound to one (Numba's find_const). */
static int constant_is_none(Builder *b, const Expr *e)
{
    if (e->kind == EX_NONE)
        return 1;
    if (e->kind == EX_NAME && bld_find_var(b, e->name))
        return -1;
    const Global *g = e->kind == EX_NAME ? prog_lookup(b->p, b->spec->func, e->name) : NULL;
    if (g && g->kind == G_CONST && g->expr->kind == EX_NONE)
        return 1;
    ConstValue v;
    return prog_const_value(b->p, e, &v) && v.kind != KV_SEQ ? 0 : -1;
}

/* `if x == CONST:` (`!=`) where x is None: decided at compile time, as Numba's dead branch
 * pruning decides a comparison of a None argument with a constant; -1 otherwise. */
static int none_equality(Builder *b, AstOp op, const Expr *x, const Expr *y)
{
    if (op != OP_EQ && op != OP_NE)
        return -1;
    if (x->kind != EX_NAME || name_is_none(b, x) != 1) {
        const Expr *t = x;
        x = y, y = t;
    }
    if (x->kind != EX_NAME || name_is_none(b, x) != 1)
        return -1;
    int c = constant_is_none(b, y);
    return c < 0 ? -1 : c == (op == OP_EQ);
}

/* `if x is None:` (`is not None`, `not ...`) decided at compile time, as Numba's dead branch
 * pruning decides it: x None, or a parameter of a type that is never None; also `x == CONST`
 * with x None; -1 otherwise. The branch not taken is not compiled, so it may use x as what it
 * is not. */
int bld_none_condition(Builder *b, const Expr *cond)
{
    if (cond->kind == EX_UNARY && cond->unary.op == OP_NOT) {
        int r = bld_none_condition(b, cond->unary.operand);
        return r < 0 ? r : !r;
    }
    if (cond->kind != EX_COMPARE || cond->compare.n != 2)
        return -1;
    AstOp op = cond->compare.ops[0];
    const Expr *x = cond->compare.operands[0], *y = cond->compare.operands[1];
    if (op == OP_EQ || op == OP_NE)
        return none_equality(b, op, x, y);
    if ((op != OP_IS && op != OP_ISNOT) || (x->kind != EX_NONE && y->kind != EX_NONE))
        return -1;
    int n = name_is_none(b, x->kind == EX_NONE ? y : x);
    return n < 0 ? -1 : n == (op == OP_IS);
}

/* `x if c else None` (or `None if c else x`): the arms end in blocks x_end and y_end, one or both
 * None (not yet made values); the result is OptionalType(T) of the other arm's number or array type T, or
 * None when both are. Continues at join. */
Operand bld_optional_arms(Builder *b, Operand x, int x_end, Operand y, int y_end, int join, SrcLoc loc)
{
    bool xn = bld_is_none_operand(x), yn = bld_is_none_operand(y);
    const Operand *val = xn ? &y : &x;
    const Type *t = NULL;
    if (!(xn && yn) && val->kind == OPK_VALUE && (ty_is_scalar(val->type) || val->type->kind == TY_ARRAY))
        t = ty_optional(&b->p->types, val->type);
    else if (!(xn && yn) && !(val->kind == OPK_ERROR || (val->kind == OPK_VALUE && val->type->kind == TY_ERROR)))
        diag_error(&b->diag, loc, "the two branches give incompatible types none and %s",
                   val->kind == OPK_VALUE ? bld_type_name(b, val->type) : "this");
    int local = t ? ir_new_local(b->f, "$ifexp", t) : -1;
    int ends[2] = {x_end, y_end};
    const Operand *arms[2] = {&x, &y};
    for (int i = 0; i < 2; i++) {
        ir_set_block(b->f, ends[i]);
        if (t)
            ir_store(b->f, local, bld_is_none_operand(*arms[i]) ? bld_optional_none(b, t, loc)
                                                                 : bld_to_optional(b, arms[i]->v, t, loc), loc);
        ir_br(b->f, join);
    }
    ir_set_block(b->f, join);
    if (xn && yn)
        return (Operand){.kind = OPK_NONE};
    return t ? bld_value_operand(ir_load(b->f, local, loc), t) : bld_error_operand(b);
}
