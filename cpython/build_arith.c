/* build_arith.c — the arithmetic builtins beside the operators: divmod(x, y) and math.gcd(a, b),
 * typed as Numba types them (numba/core/typing/builtins.py DivMod, typing/mathdecl.py Math_gcd)
 * and raising what Numba raises (numba/cpython/numbers.py). math.gcd's loop is written in krn
 * (cpython/builtins.krn: gcd). */
#include "builder/build.h"

/* The type divmod computes in: Numba's cases are int64, uint64, float32 and float64; arguments
 * convert to the first case they reach safely, which is NumPy's promotion of the two (literals
 * count as int64/float64, as in Numba) widened to one of those four. */
static const Type *divmod_type(const Type *x, const Type *y)
{
    const Type *t = ty_promote(x, false, y, false);
    if (ty_is_float(t))
        return ty_scalar(t->kind == TY_FLOAT64 ? TY_FLOAT64 : TY_FLOAT32);
    return ty_scalar(ty_is_unsigned(t) ? TY_UINT64 : TY_INT64);
}

static bool real_args(Builder *b, const Expr *call, const Operand *ops, const char *what)
{
    for (int i = 0; i < 2; i++) {
        const Type *t = ops[i].type;
        if (ops[i].kind == OPK_VALUE && ty_is_real(t))
            continue;
        diag_error(&b->diag, call->call.args[i]->loc, "%s() takes integers or floats, not %s", what,
                   ops[i].kind == OPK_STR ? "a string" : bld_type_name(b, t));
        return false;
    }
    return true;
}

/* divmod(x, y): (x // y, x % y) in the common type, a tuple of two; y == 0 raises
 * ZeroDivisionError with Numba's message. */
Operand bld_divmod(Builder *b, const Expr *call, const Operand *ops)
{
    if (!real_args(b, call, ops, "divmod"))
        return bld_error_operand(b);
    SrcLoc loc = call->loc;
    const Type *t = divmod_type(ops[0].type, ops[1].type);
    Operand x = bld_value_operand(bld_cast_value(b, ops[0].v, t, loc), t);
    Operand y = bld_value_operand(bld_cast_value(b, ops[1].v, t, loc), t);
    IrValue zero = ty_is_float(t) ? ir_const_float(b->f, t, 0.0, loc) : ir_const_int(b->f, t, 0, loc);
    IrValue cmp[2] = {y.v, zero};
    IrValue is_zero = ir_emit(b->f, IR_CMP, OP_EQ, ty_scalar(TY_BOOL), cmp, 2, loc);
    bld_raise_if(b, is_zero, EXC_ZERODIV, ty_is_float(t) ? "modulo by zero" : "integer divmod by zero", loc);
    Operand q = bld_binary_op(b, OP_FLOORDIV, x, y, loc), r = bld_binary_op(b, OP_MOD, x, y, loc);
    if (q.kind == OPK_ERROR || r.kind == OPK_ERROR)
        return bld_error_operand(b);
    IrValue parts[2] = {bld_cast_value(b, q.v, t, loc), bld_cast_value(b, r.v, t, loc)};
    const Type *elems[2] = {t, t};
    const Type *tt = ty_tuple(&b->p->types, elems, 2);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, tt, parts, 2, loc), tt);
}

/* math.gcd(a, b): Numba's cases take two integers of one type (int8..uint64) and give that type;
 * mixed integers meet in their promotion, and a float converts to int64 (truncated), the first
 * case, as Numba's overload resolution converts it. */
Operand bld_gcd(Builder *b, const Expr *call, const Operand *ops)
{
    if (!real_args(b, call, ops, "math.gcd"))
        return bld_error_operand(b);
    SrcLoc loc = call->loc;
    const Type *t = ty_promote(ops[0].type, false, ops[1].type, false);
    if (ty_is_bool(t) || ty_is_float(ops[0].type) || ty_is_float(ops[1].type))
        t = ty_scalar(TY_INT64);
    if (!ty_is_int(t)) {
        diag_error(&b->diag, loc, "math.gcd() of %s and %s is not supported (Numba takes two integers of one "
                   "signedness)", bld_type_name(b, ops[0].type), bld_type_name(b, ops[1].type));
        return bld_error_operand(b);
    }
    IrValue args[2] = {bld_cast_value(b, ops[0].v, t, loc), bld_cast_value(b, ops[1].v, t, loc)};
    Operand r = bld_library_call(b, "builtins", "gcd", args, 2, loc);
    if (r.kind == OPK_ERROR)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, t, loc), t);
}
