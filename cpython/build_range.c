/* build_range.c — range objects as values: `r = range(n)`, len(r), r.start, r.stop,
 * r.step, `x in r`, a range passed to another compiled function, and for loops over a range held
 * in a variable (build_iter.c reads it with bld_range_parts). A range is Numba's range_state_T:
 * (start, stop, step) of integer type T, a tagged tuple (ty_range, types.h); it has no
 * elements to index or unpack, as in Numba. `x in r` is builtins.krn's range_contains_*.
 * Also `x in t` of a tuple of numbers (bld_tuple_contains). */
#include "builder/build.h"

#include <string.h>

static IrValue part(Builder *b, IrValue r, int i, SrcLoc loc)
{
    const Type *t = ir_type(b->f, r)->elems[i];
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, t, &r, 1, loc);
    ir_last(b->f)->imm.index = i;
    return v;
}

void bld_range_parts(Builder *b, IrValue r, IrValue out[3], SrcLoc loc)
{
    for (int i = 0; i < 3; i++)
        out[i] = part(b, r, i, loc);
}

/* range(stop), range(start, stop), range(start, stop[, step]) as a value; a zero step raises
 * ValueError here, as in Numba. */
Operand bld_range_value(Builder *b, const Expr *call)
{
    IrValue bound[3];
    Operand step;
    if (!bld_range_bounds(b, call, bound, &step) || !bld_check_range_step(b, call, step, bound[2]))
        return bld_error_operand(b);
    const Type *t = ty_range(&b->p->types, ir_type(b->f, bound[0]));
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, bound, 3, call->loc), t);
}

/* len(r): the number of values r yields, an int64. */
Operand bld_range_len(Builder *b, IrValue r, SrcLoc loc)
{
    IrValue bound[3];
    bld_range_parts(b, r, bound, loc);
    const Type *t = ir_type(b->f, bound[0]);
    IrValue n = ir_emit(b->f, IR_RANGE_COUNT, 0, bld_unsigned_like(t), bound, 3, loc);
    return bld_value_operand(bld_cast_value(b, n, ty_scalar(TY_INT64), loc), ty_scalar(TY_INT64));
}

/* r.start, r.stop, r.step; false (reported) for any other name. */
Operand bld_range_attr(Builder *b, IrValue r, const char *name, SrcLoc loc)
{
    static const char *const NAMES[3] = {"start", "stop", "step"};
    const Type *rt = ir_type(b->f, r);
    for (int i = 0; i < 3; i++)
        if (strcmp(name, NAMES[i]) == 0)
            return bld_value_operand(part(b, r, i, loc), rt->elems[i]);
    diag_error(&b->diag, loc, "%s has no attribute '%s' (a range has start, stop and step)", bld_type_name(b, rt), name);
    return bld_error_operand(b);
}

/* `x in r` (negated: `x not in r`): Numba's rules (builtins.krn range_contains_*); anything but
 * a real number is never in a range. */
Operand bld_range_contains(Builder *b, Operand x, IrValue r, bool negated, SrcLoc loc)
{
    const Type *bt = ty_scalar(TY_BOOL);
    Operand res;
    if (x.kind == OPK_VALUE && ty_is_complex(x.type)) {
        diag_error(&b->diag, loc, "'in' of a complex number in a range is not supported by jitc");
        return bld_error_operand(b);
    }
    if (x.kind != OPK_VALUE || !ty_is_real(x.type)) {
        res = bld_const_int_operand(b, bt, 0, false, loc);
    } else {
        IrValue args[4];
        bld_range_parts(b, r, args, loc);
        args[3] = x.v;
        res = bld_library_call(b, "builtins", ty_is_float(x.type) ? "range_contains_float" : "range_contains_int",
                               args, 4, loc);
        if (res.kind == OPK_ERROR)
            return res;
    }
    if (!negated)
        return res;
    IrValue one = ir_const_int(b->f, bt, 1, loc), args[2] = {res.v, one};
    return bld_value_operand(ir_emit(b->f, IR_BIN, IB_XOR, bt, args, 2, loc), bt);
}

/* `x in t` (negated: `x not in t`) of a number x and a tuple t of numbers: whether an element
 * equals x, each compared in the promotion of the two types, as Numba's tuple contains loop. */
Operand bld_tuple_contains(Builder *b, Operand x, IrValue t, bool negated, SrcLoc loc)
{
    const Type *tt = ir_type(b->f, t), *bt = ty_scalar(TY_BOOL);
    if (x.kind == OPK_ERROR || (x.kind == OPK_VALUE && x.type->kind == TY_ERROR))
        return bld_error_operand(b);
    if (x.kind != OPK_VALUE || !ty_is_scalar(x.type)) {
        diag_error(&b->diag, loc, "'in' of %s in a tuple is not supported by jitc",
                   x.kind == OPK_VALUE ? bld_type_name(b, x.type) : "this");
        return bld_error_operand(b);
    }
    IrValue found = ir_const_int(b->f, bt, 0, loc);
    for (int i = 0; i < tt->n; i++) {
        const Type *et = tt->elems[i];
        if (!ty_is_scalar(et)) {
            diag_error(&b->diag, loc, "'in' of a tuple holding %s is not supported by jitc", bld_type_name(b, et));
            return bld_error_operand(b);
        }
        const Type *ct = ty_promote(x.type, false, et, false);
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, et, &t, 1, loc);
        ir_last(b->f)->imm.index = i;
        IrValue cmp[2] = {bld_cast_value(b, x.v, ct, loc), bld_cast_value(b, e, ct, loc)};
        IrValue eq = ir_emit(b->f, IR_CMP, OP_EQ, bt, cmp, 2, loc);
        IrValue any[2] = {found, eq};
        found = ir_emit(b->f, IR_BIN, IB_OR, bt, any, 2, loc);
    }
    if (negated) {
        IrValue args[2] = {found, ir_const_int(b->f, bt, 1, loc)};
        found = ir_emit(b->f, IR_BIN, IB_XOR, bt, args, 2, loc);
    }
    return bld_value_operand(found, bt);
}
