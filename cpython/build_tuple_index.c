/* build_tuple_index.c — a homogeneous tuple indexed by a value known only at run time
 * (`T = (1, 2, 3)` at module level, then `T[i]`), as Numba's UniTuple getitem: a negative index
 * counts from the end, one out of range raises IndexError("tuple index out of range"). The
 * element is chosen with a chain of selects over the tuple's elements. */
#include "builder/build.h"

Operand bld_tuple_index_value(Builder *b, const Expr *e, IrValue t, const Type *tt, Operand ix)
{
    SrcLoc loc = e->subscript.index->loc;
    const Type *i64 = ty_scalar(TY_INT64), *bt = ty_scalar(TY_BOOL), *et = tt->n ? tt->elems[0] : NULL;
    bool uniform = et != NULL;
    for (int k = 1; k < tt->n; k++)
        uniform = uniform && tt->elems[k] == et;
    IrValue raw = bld_value_of(b, ix, loc);
    const Type *it = ir_type(b->f, raw);
    if (it->kind == TY_ERROR)
        return bld_error_operand(b);
    if (!ty_is_int(it) || !uniform) {
        diag_error(&b->diag, loc, !ty_is_int(it) ? "a tuple index must be an integer, not %s"
                                                 : "a tuple of elements of different types (%s) takes a constant index",
                   bld_type_name(b, !ty_is_int(it) ? it : tt));
        return bld_error_operand(b);
    }
    IrValue i = bld_cast_value(b, raw, i64, loc), n = ir_const_int(b->f, i64, tt->n, loc), zero = ir_const_int(b->f, i64, 0, loc);
    IrValue neg_args[2] = {i, zero}, wrap_args[2] = {i, n};
    IrValue negative = ir_emit(b->f, IR_CMP, OP_LT, bt, neg_args, 2, loc);
    IrValue wrapped = ir_emit(b->f, IR_BIN, IB_ADD, i64, wrap_args, 2, loc);
    IrValue sel[3] = {negative, wrapped, i};
    i = ir_emit(b->f, IR_SELECT, 0, i64, sel, 3, loc);
    IrValue lo_args[2] = {i, zero}, hi_args[2] = {i, n};
    IrValue below = ir_emit(b->f, IR_CMP, OP_LT, bt, lo_args, 2, loc), above = ir_emit(b->f, IR_CMP, OP_GE, bt, hi_args, 2, loc);
    IrValue either[2] = {below, above};
    bld_raise_if(b, ir_emit(b->f, IR_BIN, IB_OR, bt, either, 2, loc), EXC_INDEX, "tuple index out of range", loc);
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, et, &t, 1, e->loc);
    ir_last(b->f)->imm.index = tt->n - 1;
    for (int k = tt->n - 2; k >= 0; k--) {
        IrValue eq_args[2] = {i, ir_const_int(b->f, i64, k, loc)};
        IrValue el = ir_emit(b->f, IR_TUPLE_GET, 0, et, &t, 1, e->loc);
        ir_last(b->f)->imm.index = k;
        IrValue pick[3] = {ir_emit(b->f, IR_CMP, OP_EQ, bt, eq_args, 2, loc), el, v};
        v = ir_emit(b->f, IR_SELECT, 0, et, pick, 3, loc);
    }
    return bld_value_operand(v, et);
}
