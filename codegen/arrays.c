/* arrays.c — arrays that host code creates, and who holds them (see runtime/arrays.h).
 *
 * Every local that holds arrays (an array, or a tuple with arrays inside) owns one reference
 * to each: a store takes a reference to the new value and drops the old one (a store marked
 * IRF_MOVE hands over the reference the value came with), every array local starts out null,
 * and a function drops its locals' references when it returns (after taking one for what it
 * returns) or unwinds. GPU code has no owned arrays and does none of this. */
#include "lower.h"


static LLVMBasicBlockRef new_block(Lower *L, const char *name)
{
    return LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, name);
}

static LLVMValueRef entry_alloca(Lower *L, LLVMTypeRef t, const char *name)
{
    return cg_entry_alloca(L->m, L->fn, t, name);
}

/* Takes (acquire) or drops a reference to the JitcMem of each array in v. */
static void adjust(Lower *L, LLVMValueRef v, const Type *t, bool acquire)
{
    if (t->kind == TY_TUPLE) {
        for (int i = 0; i < t->n; i++)
            if (ty_holds_arrays(t->elems[i]))
                adjust(L, LLVMBuildExtractValue(L->b, v, (unsigned)i, ""), t->elems[i], acquire);
        return;
    }
    if (t->kind == TY_LIST) {
        lw_list_refs(L, v, acquire);
        return;
    }
    if (ty_is_hash(t)) {
        lw_hash_refs(L, v, acquire);
        return;
    }
    if (t->kind == TY_STR) {
        lw_str_refs(L, v, acquire);
        return;
    }
    CgModule *m = L->m;
    LLVMValueRef mem = LLVMBuildExtractValue(L->b, v, 3, "mem");
    LLVMBasicBlockRef bump = new_block(L, acquire ? "retain" : "release"), done = new_block(L, "refs.done");
    LLVMBuildCondBr(L->b, LLVMBuildIsNotNull(L->b, mem, ""), bump, done);
    LLVMPositionBuilderAtEnd(L->b, bump);
    LLVMValueRef one = LLVMConstInt(m->i64, 1, 0), refs = LLVMBuildStructGEP2(L->b, m->mem_type, mem, RT_MEM_refs, "");
    LLVMValueRef old = LLVMBuildAtomicRMW(L->b, acquire ? LLVMAtomicRMWBinOpAdd : LLVMAtomicRMWBinOpSub, refs, one,
                                          acquire ? LLVMAtomicOrderingMonotonic : LLVMAtomicOrderingAcquireRelease, 0);
    if (acquire) {
        LLVMBuildBr(L->b, done);
    } else {
        LLVMBasicBlockRef last = new_block(L, "free");
        LLVMBuildCondBr(L->b, LLVMBuildICmp(L->b, LLVMIntEQ, old, one, ""), last, done);
        LLVMPositionBuilderAtEnd(L->b, last);
        LLVMValueRef fn = cg_runtime(m, RT_FN_jitc_rt_free);
        lw_call(L, fn, &mem, 1, "");
        LLVMBuildBr(L->b, done);
    }
    LLVMPositionBuilderAtEnd(L->b, done);
}

void cg_release(CgModule *m, LLVMValueRef fn, LLVMValueRef v, const Type *t)
{
    Lower L = {.m = m, .fn = fn, .b = m->b};
    if (!m->device && ty_holds_arrays(t))
        adjust(&L, v, t, false);
}

void cg_retain(CgModule *m, LLVMValueRef fn, LLVMValueRef v, const Type *t)
{
    Lower L = {.m = m, .fn = fn, .b = m->b};
    if (!m->device && ty_holds_arrays(t))
        adjust(&L, v, t, true);
}

void lw_retain(Lower *L, LLVMValueRef v, const Type *t)
{
    if (!L->m->device && ty_holds_arrays(t))
        adjust(L, v, t, true);
}

void lw_release(Lower *L, LLVMValueRef v, const Type *t)
{
    if (!L->m->device && ty_holds_arrays(t))
        adjust(L, v, t, false);
}

void lw_init_locals(Lower *L)
{
    /* Every local starts as zero, as Numba's do (alloca'd with zfill): a variable a path leaves
     * unassigned reads 0 (`for i in range(n): last = i` returns 0 when n is 0), and a local that
     * holds arrays starts with none to release. mem2reg folds the stores away. */
    for (int i = 0; i < L->f->nlocals; i++)
        LLVMBuildStore(L->b, cg_zero(L->m, L->f->locals[i].type), L->locals[i]);
}

void lw_release_locals(Lower *L)
{
    for (int i = 0; i < L->f->nlocals && !L->m->device; i++) {
        const Type *t = L->f->locals[i].type;
        if (ty_holds_arrays(t))
            adjust(L, LLVMBuildLoad2(L->b, cg_type(L->m, t), L->locals[i], ""), t, false);
    }
}

void lw_store(Lower *L, const IrInstr *in)
{
    LLVMValueRef v = L->vals[in->args[0]], slot = L->locals[in->imm.index];
    const Type *t = L->f->locals[in->imm.index].type;
    if (L->m->device || !ty_holds_arrays(t)) {
        LLVMBuildStore(L->b, v, slot);
        return;
    }
    if (!(in->flags & IRF_MOVE))
        adjust(L, v, t, true);
    LLVMValueRef old = LLVMBuildLoad2(L->b, cg_type(L->m, t), slot, "");
    LLVMBuildStore(L->b, v, slot);
    adjust(L, old, t, false);
}

static LLVMValueRef i64_const(Lower *L, long long v) { return LLVMConstInt(L->m->i64, (unsigned long long)v, 1); }

/* An array value over data with the shape and strides held in [ndim x i64] memory. */
static LLVMValueRef array_value(Lower *L, const Type *at, LLVMValueRef data, LLVMValueRef shape, LLVMValueRef strides,
                                LLVMValueRef mem)
{
    LLVMTypeRef dims = LLVMArrayType2(L->m->i64, (uint64_t)at->ndim);
    LLVMValueRef arr = LLVMBuildInsertValue(L->b, LLVMGetUndef(cg_type(L->m, at)), data, 0, "");
    arr = LLVMBuildInsertValue(L->b, arr, LLVMBuildLoad2(L->b, dims, shape, ""), 1, "");
    arr = LLVMBuildInsertValue(L->b, arr, LLVMBuildLoad2(L->b, dims, strides, ""), 2, "");
    return LLVMBuildInsertValue(L->b, arr, mem, 3, "");
}

static LLVMValueRef mem_data(Lower *L, LLVMValueRef mem)
{
    LLVMValueRef p = LLVMBuildStructGEP2(L->b, L->m->mem_type, mem, RT_MEM_data, "");
    return LLVMBuildLoad2(L->b, L->m->ptr, p, "data");
}

static LLVMValueRef dim_slot(Lower *L, LLVMValueRef dims, int ndim, int k)
{
    LLVMValueRef idx[2] = {i64_const(L, 0), i64_const(L, k)};
    return LLVMBuildGEP2(L->b, LLVMArrayType2(L->m->i64, (uint64_t)ndim), dims, idx, 2, "");
}

LLVMValueRef lw_alloc(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    const Type *at = ir_type(L->f, in->dst);
    LLVMTypeRef dims = LLVMArrayType2(m->i64, (uint64_t)at->ndim);
    LLVMValueRef shape = entry_alloca(L, dims, "shape"), strides = entry_alloca(L, dims, "strides");
    LLVMValueRef stride = i64_const(L, ty_size(at->dtype));
    for (int k = at->ndim - 1; k >= 0; k--) { /* C order; a 0 extent counts as 1, as in NumPy */
        LLVMValueRef n = L->vals[in->args[k]];
        LLVMBuildStore(L->b, n, dim_slot(L, shape, at->ndim, k));
        LLVMBuildStore(L->b, stride, dim_slot(L, strides, at->ndim, k));
        LLVMValueRef zero = LLVMBuildICmp(L->b, LLVMIntEQ, n, i64_const(L, 0), "");
        stride = LLVMBuildMul(L->b, stride, LLVMBuildSelect(L->b, zero, i64_const(L, 1), n, ""), "");
    }
    LLVMValueRef fn = cg_runtime(m, RT_FN_jitc_rt_alloc);
    LLVMValueRef args[6] = {i64_const(L, at->ndim), shape, i64_const(L, ty_size(at->dtype)),
                            LLVMConstInt(m->i32, in->sub == ALLOC_ZEROS, 0), lw_string(L, lw_where(L, in->loc)), L->err};
    LLVMValueRef mem = lw_call(L, fn, args, 6, "mem");
    lw_propagate(L);
    return array_value(L, at, mem_data(L, mem), shape, strides, mem);
}

void lw_fill(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    const Type *at = ir_type(L->f, in->args[0]);
    LLVMValueRef arr = L->vals[in->args[0]], v = L->vals[in->args[1]];
    if (at->dtype->kind == TY_BOOL)
        v = LLVMBuildZExt(L->b, v, m->i8, "");
    LLVMValueRef n = i64_const(L, 1);
    for (int k = 0; k < at->ndim; k++)
        n = LLVMBuildMul(L->b, n, lw_array_field(L, arr, 1, (unsigned)k), "");
    LLVMValueRef data = lw_array_field(L, arr, 0, 0);
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(L->b), body = new_block(L, "fill"), done = new_block(L, "fill.done");
    LLVMBuildCondBr(L->b, LLVMBuildICmp(L->b, LLVMIntSGT, n, i64_const(L, 0), ""), body, done);
    LLVMPositionBuilderAtEnd(L->b, body);
    LLVMValueRef i = LLVMBuildPhi(L->b, m->i64, "i");
    LLVMBuildStore(L->b, v, LLVMBuildInBoundsGEP2(L->b, cg_mem_type(m, at->dtype), data, &i, 1, ""));
    LLVMValueRef next = LLVMBuildNUWAdd(L->b, i, i64_const(L, 1), "");
    LLVMValueRef from[2] = {i64_const(L, 0), next};
    LLVMBasicBlockRef blocks[2] = {pre, body};
    LLVMAddIncoming(i, from, blocks, 2);
    LLVMBuildCondBr(L->b, LLVMBuildICmp(L->b, LLVMIntSLT, next, n, ""), body, done);
    LLVMPositionBuilderAtEnd(L->b, done);
}

/* A view: the base's data moved by a byte offset, the shape and strides given, the base's owner. */
LLVMValueRef lw_view(Lower *L, const IrInstr *in)
{
    const Type *at = ir_type(L->f, in->dst);
    LLVMValueRef base = L->vals[in->args[0]];
    LLVMValueRef data = LLVMBuildGEP2(L->b, L->m->i8, lw_array_field(L, base, 0, 0), &L->vals[in->args[1]], 1, "");
    LLVMTypeRef dims = LLVMArrayType2(L->m->i64, (uint64_t)at->ndim);
    LLVMValueRef shape = LLVMGetUndef(dims), strides = LLVMGetUndef(dims);
    for (int k = 0; k < at->ndim; k++) {
        shape = LLVMBuildInsertValue(L->b, shape, L->vals[in->args[2 + 2 * k]], (unsigned)k, "");
        strides = LLVMBuildInsertValue(L->b, strides, L->vals[in->args[3 + 2 * k]], (unsigned)k, "");
    }
    LLVMValueRef v = LLVMBuildInsertValue(L->b, LLVMGetUndef(cg_type(L->m, at)), data, 0, "");
    v = LLVMBuildInsertValue(L->b, v, shape, 1, "");
    v = LLVMBuildInsertValue(L->b, v, strides, 2, "");
    return LLVMBuildInsertValue(L->b, v, LLVMBuildExtractValue(L->b, base, 3, ""), 3, "view");
}

/* The JitcArg {data, shape, strides, ndim} of an operand: an array, or a scalar in a slot. */
static void fill_arg(Lower *L, LLVMValueRef arg, LLVMValueRef v, const Type *t)
{
    CgModule *m = L->m;
    LLVMValueRef data, shape, strides, ndim;
    if (t->kind == TY_ARRAY) {
        LLVMValueRef slot = entry_alloca(L, cg_type(m, t), "operand");
        LLVMBuildStore(L->b, v, slot);
        data = lw_array_field(L, v, 0, 0);
        shape = LLVMBuildStructGEP2(L->b, cg_type(m, t), slot, 1, "");
        strides = LLVMBuildStructGEP2(L->b, cg_type(m, t), slot, 2, "");
        ndim = i64_const(L, t->ndim);
    } else {
        data = entry_alloca(L, cg_mem_type(m, t), "scalar");
        cg_store_scalar(m, v, t, data);
        shape = strides = LLVMConstNull(m->ptr);
        ndim = i64_const(L, 0);
    }
    LLVMValueRef fields[RT_ARG_FIELDS] = {[RT_ARG_data] = data, [RT_ARG_shape] = shape, [RT_ARG_strides] = strides,
                                          [RT_ARG_ndim] = ndim};
    for (unsigned f = 0; f < RT_ARG_FIELDS; f++)
        LLVMBuildStore(L->b, fields[f], LLVMBuildStructGEP2(L->b, m->arg_type, arg, f, ""));
}

LLVMValueRef lw_array_map(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    bool into = in->flags & IRF_INTO;
    int first = into ? 1 : 0, nin = in->nargs - first;
    LLVMTypeRef arg_type = m->arg_type;
    LLVMValueRef ins = entry_alloca(L, LLVMArrayType2(arg_type, (uint64_t)nin), "operands");
    for (int k = 0; k < nin; k++) {
        LLVMValueRef idx[2] = {i64_const(L, 0), i64_const(L, k)};
        LLVMValueRef arg = LLVMBuildGEP2(L->b, LLVMArrayType2(arg_type, (uint64_t)nin), ins, idx, 2, "");
        fill_arg(L, arg, L->vals[in->args[first + k]], ir_type(L->f, in->args[first + k]));
    }
    LLVMValueRef out = entry_alloca(L, arg_type, "out");
    const Type *at = into ? ir_type(L->f, in->args[0]) : ir_type(L->f, in->dst);
    LLVMTypeRef dims = LLVMArrayType2(m->i64, (uint64_t)at->ndim);
    LLVMValueRef shape = NULL, strides = NULL;
    if (into) {
        fill_arg(L, out, L->vals[in->args[0]], at);
    } else {
        shape = entry_alloca(L, dims, "shape");
        strides = entry_alloca(L, dims, "strides");
        LLVMBuildStore(L->b, shape, LLVMBuildStructGEP2(L->b, arg_type, out, RT_ARG_shape, ""));
        LLVMBuildStore(L->b, strides, LLVMBuildStructGEP2(L->b, arg_type, out, RT_ARG_strides, ""));
        LLVMBuildStore(L->b, i64_const(L, at->ndim), LLVMBuildStructGEP2(L->b, arg_type, out, RT_ARG_ndim, ""));
    }
    LLVMValueRef fn = cg_runtime(m, RT_FN_jitc_rt_array_map);
    LLVMValueRef args[10] = {
        cg_loop_function(m, in->imm.callee, L->arena), i64_const(L, nin), ins, i64_const(L, at->ndim),
        i64_const(L, ty_size(at->dtype)), LLVMConstInt(m->i32, (in->flags & IRF_PARALLEL) != 0, 0),
        LLVMConstInt(m->i32, into ? (in->flags & IRF_BUFFERED ? 2 : 1) : 0, 0), out, lw_string(L, lw_where(L, in->loc)), L->err,
    };
    LLVMValueRef mem = lw_call(L, fn, args, 10, "mem");
    if (into)
        return NULL;
    LLVMValueRef data = LLVMBuildLoad2(L->b, m->ptr, LLVMBuildStructGEP2(L->b, arg_type, out, RT_ARG_data, ""), "");
    return array_value(L, at, data, shape, strides, mem);
}
