/* build_tuple_index.c — a homogeneous tuple indexed by a value known only at run time
 * (`T = (1, 2, 3)` at module level, then `T[i]`), as Numba's UniTuple getitem: a negative index
 * counts from the end, one out of range raises IndexError("tuple index out of range"). The
 * element is chosen with a chain of selects over the tuple's elements. The libraries' private
 * _tuple_setitem(t, i, v), Numba's tuple_setitem, replaces an item chosen at run time the same way. */
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

/* numpy.krn's _tuple_setitem(t, i, v), Numba's tuple_setitem: a copy of the homogeneous tuple t
 * with its item i (0 <= i < len(t), known at run time; the library has checked it) replaced by v,
 * converted to the items' type. Each item is a select between v and t's. */
Operand bld_tuple_setitem(Builder *b, const Expr *call, Args *a)
{
    if (!bld_take_args(b, call, a, 3, 3, "_tuple_setitem"))
        return bld_error_operand(b);
    IrValue t = a->vals[0];
    const Type *tt = ir_type(b->f, t), *it = ir_type(b->f, a->vals[1]), *et = NULL;
    bool uniform = tt->kind == TY_TUPLE;
    for (int k = 0; uniform && k < tt->n; k++)
        uniform = k == 0 ? (et = tt->elems[0]) != NULL : tt->elems[k] == et;
    if (!uniform || !ty_is_int(it)) {
        diag_error(&b->diag, call->loc, "_tuple_setitem() takes a homogeneous tuple, an integer and a value");
        return bld_error_operand(b);
    }
    if (tt->n == 0)
        return bld_value_operand(t, tt);
    IrValue i = bld_cast_value(b, a->vals[1], ty_scalar(TY_INT64), call->loc);
    IrValue v = bld_cast_value(b, a->vals[2], et, call->loc), items[TY_MAX_NDIM];
    if (tt->n > TY_MAX_NDIM) {
        diag_error(&b->diag, call->loc, "_tuple_setitem() takes at most %d items", TY_MAX_NDIM);
        return bld_error_operand(b);
    }
    for (int k = 0; k < tt->n; k++) {
        IrValue old = ir_emit(b->f, IR_TUPLE_GET, 0, et, &t, 1, call->loc);
        ir_last(b->f)->imm.index = k;
        items[k] = bld_select(b, bld_cmp(b, OP_EQ, i, bld_i64_const(b, k, call->loc), call->loc), v, old, call->loc);
    }
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, tt, items, tt->n, call->loc), tt);
}
