/* build_ir.c — the builder's small IR-building helpers, one set for every file that emits IR:
 * int64 constants and arithmetic, a binary operation of a given type, comparisons (to bool),
 * selects, the load of one element at a full set of indices, and the raise taken on a run-time
 * condition. Each is exactly the instruction (or, for bld_raise_if, the branch) written out;
 * none sets flags: where an instruction needs IRF_NSW or the like, its caller emits it itself. */
#include <string.h>

#include "builder/build.h"

IrValue bld_i64_const(Builder *b, int64_t v, SrcLoc loc) { return ir_const_int(b->f, ty_scalar(TY_INT64), v, loc); }

IrValue bld_bin(Builder *b, IrBinOp op, const Type *t, IrValue x, IrValue y, SrcLoc loc)
{
    IrValue args[2] = {x, y};
    return ir_emit(b->f, IR_BIN, op, t, args, 2, loc);
}

IrValue bld_i64_arith(Builder *b, IrBinOp op, IrValue x, IrValue y, SrcLoc loc)
{
    return bld_bin(b, op, ty_scalar(TY_INT64), x, y, loc);
}

IrValue bld_cmp(Builder *b, AstOp op, IrValue x, IrValue y, SrcLoc loc)
{
    IrValue args[2] = {x, y};
    return ir_emit(b->f, IR_CMP, op, ty_scalar(TY_BOOL), args, 2, loc);
}

IrValue bld_select(Builder *b, IrValue cond, IrValue x, IrValue y, SrcLoc loc)
{
    IrValue args[3] = {cond, x, y};
    return ir_emit(b->f, IR_SELECT, 0, ir_type(b->f, x), args, 3, loc);
}

IrValue bld_elem_load(Builder *b, IrValue a, const IrValue *idx, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue args[TY_MAX_NDIM + 1] = {a};
    if (at->ndim) /* a 0-d array's element takes no index (idx may be NULL) */
        memcpy(args + 1, idx, sizeof *idx * (size_t)at->ndim);
    return ir_emit(b->f, IR_ELEM_LOAD, 0, at->dtype, args, 1 + at->ndim, loc);
}

void bld_raise_if(Builder *b, IrValue cond, IrExc exc, const char *msg, SrcLoc loc)
{
    int bad = ir_new_block(b->f), ok = ir_new_block(b->f);
    ir_cbr(b->f, cond, bad, ok);
    ir_set_block(b->f, bad);
    ir_raise(b->f, exc, msg, loc);
    ir_set_block(b->f, ok);
}
