/* build_unpack.c — unpacking an array into targets, `a, b = arr`, as Numba's exhaust_iter:
 * the elements of a 1-d array, the rows (views) of an N-d array; a length other than the
 * number of targets raises ValueError (no message, as Numba). All items are read before any
 * target is assigned, so `arr[0], arr[1] = arr` sees the array as it was. */
#include "build.h"

static IrValue int64_const(Builder *b, int64_t v, SrcLoc loc)
{
    return ir_const_int(b->f, ty_scalar(TY_INT64), v, loc);
}

/* arr[i] for a constant i known to be in bounds: an element or a row view. */
static Operand array_item(Builder *b, IrValue arr, int i, SrcLoc loc)
{
    Subscript s = {.n = 1, .n_indices = 1, .array = -1};
    s.items[0] = (IndexItem){.kind = IX_INT, .v = int64_const(b, i, loc), .loc = loc};
    return bld_subscript_load(b, arr, &s, loc);
}

void bld_unpack_array(Builder *b, const Expr *t, IrValue arr, SrcLoc loc)
{
    int n = t->seq.n;
    IrValue cmp[2] = {bld_array_extent(b, arr, 0, loc), int64_const(b, n, loc)};
    bld_raise_if(b, ir_emit(b->f, IR_CMP, OP_NE, ty_scalar(TY_BOOL), cmp, 2, loc), EXC_VALUE, "", loc);
    Operand *items = arena_alloc(b->pass_arena, (size_t)(n ? n : 1) * sizeof *items);
    for (int i = 0; i < n; i++)
        items[i] = array_item(b, arr, i, loc);
    for (int i = 0; i < n; i++)
        bld_assign_target(b, t->seq.items[i], items[i], loc);
}
