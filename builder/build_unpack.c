/* build_unpack.c — unpacking a sequence into targets, `a, b = seq`, as Numba's exhaust_iter: the
 * elements of a 1-d array, the rows (views) of an N-d array, the values of a range, the items of
 * a list. A length other than the number of targets raises ValueError (no message, as Numba).
 * All items are read before any target is assigned, so `arr[0], arr[1] = arr` sees the array
 * as it was. */
#include "build.h"

static IrValue sequence_length(Builder *b, IrValue seq, SrcLoc loc)
{
    const Type *t = ir_type(b->f, seq);
    if (ty_is_range(t))
        return bld_range_len(b, seq, loc).v;
    if (t->kind == TY_LIST)
        return bld_list_iter_len(b, seq, loc);
    return bld_array_extent(b, seq, 0, loc);
}

/* seq[i] for a constant i known to be in bounds: an element, a row view, a range's value. */
static Operand sequence_item(Builder *b, IrValue seq, int i, SrcLoc loc)
{
    const Type *t = ir_type(b->f, seq);
    if (ty_is_range(t)) {
        IrValue bound[3];
        bld_range_parts(b, seq, bound, loc);
        const Type *vt = ir_type(b->f, bound[0]);
        IrValue offset = bld_bin(b, IB_MUL, vt, ir_const_int(b->f, vt, i, loc), bound[2], loc);
        return bld_value_operand(bld_bin(b, IB_ADD, vt, bound[0], offset, loc), vt);
    }
    if (t->kind == TY_LIST)
        return bld_value_operand(bld_list_iter_item(b, seq, bld_i64_const(b, i, loc), loc), t->dtype);
    Subscript s = {.n = 1, .n_indices = 1, .array = -1};
    s.items[0] = (IndexItem){.kind = IX_INT, .v = bld_i64_const(b, i, loc), .loc = loc};
    return bld_subscript_load(b, seq, &s, loc);
}

bool bld_unpack_sequence(Builder *b, const Expr *t, IrValue seq, SrcLoc loc)
{
    const Type *st = ir_type(b->f, seq);
    if (st->kind != TY_ARRAY && !ty_is_range(st) && !(st->kind == TY_LIST && st->dtype))
        return false;
    int n = t->seq.n;
    IrValue len = sequence_length(b, seq, loc);
    bld_raise_if(b, bld_cmp(b, OP_NE, len, bld_i64_const(b, n, loc), loc), EXC_VALUE, "", loc);
    Operand *items = arena_alloc(b->pass_arena, (size_t)(n ? n : 1) * sizeof *items);
    for (int i = 0; i < n; i++)
        items[i] = sequence_item(b, seq, i, loc);
    for (int i = 0; i < n; i++)
        bld_assign_target(b, t->seq.items[i], items[i], loc);
    return true;
}
