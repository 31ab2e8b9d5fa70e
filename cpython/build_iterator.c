/* build_iterator.c — iter() and next() as Numba has them: iter(x) of an array (its elements, or
 * the rows of an N-d array) or a range is an iterator, a tagged tuple (TY_TAG_ITER) of the
 * source and a 1-element int64 array holding the position, so that every copy of the iterator
 * (a variable, zip(), list(), a for loop) advances the same position. next(it) returns the item
 * at the position and advances it, raising StopIteration (no message, as Numba) when the source
 * is exhausted; iter(it) is it. A for loop over an iterator (build_iter.c) takes the items left
 * and advances the position as it goes, so a loop left early leaves the rest to the next user. */
#include "builder/build.h"

const Type *bld_iterator_type(Builder *b, const Type *source)
{
    const Type *elems[2] = {source, ty_array(&b->p->types, ty_scalar(TY_INT64), 1, 'C')};
    return ty_tagged(&b->p->types, TY_TAG_ITER, elems, 2);
}

static IrValue part(Builder *b, IrValue it, int i, SrcLoc loc)
{
    const Type *t = ir_type(b->f, it)->elems[i];
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, t, &it, 1, loc);
    ir_last(b->f)->imm.index = i;
    return v;
}

IrValue bld_iterator_source(Builder *b, IrValue it, SrcLoc loc) { return part(b, it, 0, loc); }

IrValue bld_iterator_position(Builder *b, IrValue it, SrcLoc loc)
{
    IrValue state = part(b, it, 1, loc), zero = bld_i64_const(b, 0, loc);
    return bld_elem_load(b, state, &zero, loc);
}

void bld_iterator_advance(Builder *b, IrValue it, IrValue pos, SrcLoc loc)
{
    IrValue next = bld_i64_arith(b, IB_ADD, pos, bld_i64_const(b, 1, loc), loc);
    IrValue args[3] = {part(b, it, 1, loc), bld_i64_const(b, 0, loc), next};
    ir_emit(b->f, IR_ELEM_STORE, 0, ty_scalar(TY_NONE), args, 3, loc);
}

IrValue bld_iterator_length(Builder *b, IrValue it, SrcLoc loc)
{
    IrValue src = part(b, it, 0, loc);
    if (ty_is_range(ir_type(b->f, src)))
        return bld_range_len(b, src, loc).v;
    return bld_array_extent(b, src, 0, loc);
}

Operand bld_iterator_item(Builder *b, IrValue it, IrValue pos, SrcLoc loc)
{
    IrValue src = part(b, it, 0, loc);
    const Type *st = ir_type(b->f, src);
    if (ty_is_range(st)) {
        IrValue bound[3];
        bld_range_parts(b, src, bound, loc);
        const Type *t = ir_type(b->f, bound[0]);
        IrValue offset = bld_bin(b, IB_MUL, t, bld_cast_value(b, pos, t, loc), bound[2], loc);
        return bld_value_operand(bld_bin(b, IB_ADD, t, bound[0], offset, loc), t);
    }
    if (st->ndim > 1) { /* a row: a view */
        Subscript row = {.n = 1, .n_indices = 1, .array = -1};
        row.items[0] = (IndexItem){.kind = IX_INT, .v = pos, .loc = loc};
        return bld_subscript_load(b, src, &row, loc);
    }
    IrValue args[2] = {src, pos}; /* src[pos] whatever its rank: not bld_elem_load */
    return bld_value_operand(ir_emit(b->f, IR_ELEM_LOAD, 0, st->dtype, args, 2, loc), st->dtype);
}

Operand bld_iter_call(Builder *b, const Expr *call, const Operand *ops, int n)
{
    if (n != 1 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "iter() takes one argument in krn (an array, a range or an iterator)");
        return bld_error_operand(b);
    }
    IrValue x = bld_value_of(b, ops[0], call->call.args[0]->loc);
    const Type *t = ir_type(b->f, x);
    if (t->kind == TY_ERROR)
        return bld_error_operand(b);
    if (ty_is_iter(t))
        return bld_value_operand(x, t);
    if (!(t->kind == TY_ARRAY && !b->spec->device) && !(ty_is_range(t) && !b->spec->device)) {
        diag_error(&b->diag, call->call.args[0]->loc, "iter() of %s is not supported by jitc (arrays and ranges are)",
                   bld_type_name(b, t));
        return bld_error_operand(b);
    }
    SrcLoc loc = call->loc;
    IrValue one = bld_i64_const(b, 1, loc);
    const Type *st = ty_array(&b->p->types, ty_scalar(TY_INT64), 1, 'C');
    IrValue state = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_ZEROS, st, &one, 1, loc), loc);
    const Type *it = bld_iterator_type(b, t);
    IrValue parts[2] = {x, state};
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, it, parts, 2, loc), it);
}

Operand bld_next_call(Builder *b, const Expr *call, const Operand *ops, int n)
{
    if (n != 1 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "next() takes one argument in krn (an iterator; no default, as in Numba)");
        return bld_error_operand(b);
    }
    IrValue it = bld_value_of(b, ops[0], call->call.args[0]->loc);
    const Type *t = ir_type(b->f, it);
    if (t->kind == TY_ERROR)
        return bld_error_operand(b);
    if (!ty_is_iter(t)) {
        diag_error(&b->diag, call->call.args[0]->loc, "'%s' object is not an iterator (make one with iter())",
                   bld_type_name(b, t));
        return bld_error_operand(b);
    }
    SrcLoc loc = call->loc;
    IrValue pos = bld_iterator_position(b, it, loc);
    bld_raise_if(b, bld_cmp(b, OP_GE, pos, bld_iterator_length(b, it, loc), loc), EXC_STOP_ITERATION, "", loc);
    Operand item = bld_iterator_item(b, it, pos, loc);
    bld_iterator_advance(b, it, pos, loc);
    return item;
}
