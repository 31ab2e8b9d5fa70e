/* wrap.c — the three ways into a compiled specialization.
 *
 *   void @SYM.entry(ptr args, ptr ret, ptr err)  generic: args[i] points at the i-th scalar, or is
 *                                                 the DLTensor* of an array; the result is stored at
 *                                                 ret (tuple element k at ret + 16k: a complex128
 *                                                 takes 16 bytes); used by jitc_call.
 *   RET  @SYM.cfunc(C params...)                  the C ABI of the signature (arrays as DLTensor*,
 *                                                 a returned one as DLManagedTensor*, a tuple through
 *                                                 out pointers), for jitc_function_pointer and
 *                                                 `jitc build`; exceptions are reported.
 *   void @SYM.loop(ptr args, i64 n, ptr steps, ptr core, ptr err)
 *                                                 a ufunc signature's inner loop, as NumPy's:
 *                                                 for i < n, operand k at args[k] + i*steps[k]
 *                                                 (steps in bytes; outputs last). @vectorize:
 *                                                 out[i] = f(in0[i], ...); core is unused.
 *                                                 @guvectorize: f(views...) where each array
 *                                                 operand's view takes its shape and byte strides
 *                                                 from core (per array operand in order: ndim
 *                                                 sizes, then ndim strides). The runtime's ufunc
 *                                                 driver calls it.
 * Each turns a DLTensor into jitc's array value {data, shape[n], strides[n] in bytes}. */
#include <stddef.h>

#include <dlpack/dlpack.h>

#include "cg.h"
#include "jitc.h"

_Static_assert(offsetof(DLTensor, data) == 0 && offsetof(DLTensor, shape) == 24 &&
                   offsetof(DLTensor, strides) == 32 && offsetof(DLTensor, byte_offset) == 40,
               "DLTensor layout assumed by the wrappers");

const char *cg_entry_name(Arena *a, const Spec *s) { return arena_printf(a, "%s.entry", s->symbol); }
const char *cg_cfunc_name(Arena *a, const Spec *s) { return arena_printf(a, "%s.cfunc", s->symbol); }
const char *cg_loop_name(Arena *a, const Spec *s) { return arena_printf(a, "%s.loop", s->symbol); }

static LLVMValueRef load_at(CgModule *m, LLVMTypeRef t, LLVMValueRef base, long long offset)
{
    LLVMValueRef off = LLVMConstInt(m->i64, (unsigned long long)offset, 1);
    LLVMValueRef p = LLVMBuildGEP2(m->b, m->i8, base, &off, 1, "");
    return LLVMBuildLoad2(m->b, t, p, "");
}

/* Strides in bytes: the tensor's own (in elements) scaled by the item size, or, when it has
 * none, those of a C-contiguous array. */
static LLVMValueRef array_from_tensor(CgModule *m, LLVMValueRef fn, LLVMValueRef t, const Type *at)
{
    LLVMContextRef ctx = m->ctx;
    int n = at->ndim;
    LLVMValueRef item = LLVMConstInt(m->i64, (unsigned long long)ty_size(at->dtype), 0);
    LLVMValueRef data = load_at(m, m->ptr, t, 0), off = load_at(m, m->i64, t, 40);
    data = LLVMBuildGEP2(m->b, m->i8, data, &off, 1, "data");
    LLVMValueRef shape_p = load_at(m, m->ptr, t, 24), strides_p = load_at(m, m->ptr, t, 32);
    LLVMValueRef arr = LLVMConstNull(cg_type(m, at));
    LLVMValueRef shape[32];
    for (int k = 0; k < n; k++) {
        shape[k] = load_at(m, m->i64, shape_p, 8LL * k);
        LLVMValueRef agg = LLVMBuildExtractValue(m->b, arr, 1, "");
        agg = LLVMBuildInsertValue(m->b, agg, shape[k], (unsigned)k, "");
        arr = LLVMBuildInsertValue(m->b, arr, agg, 1, "");
    }
    LLVMValueRef has = LLVMBuildICmp(m->b, LLVMIntNE, strides_p, LLVMConstNull(m->ptr), "");
    LLVMBasicBlockRef from = LLVMGetInsertBlock(m->b);
    LLVMBasicBlockRef given = LLVMAppendBasicBlockInContext(ctx, fn, "strides.given");
    LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(ctx, fn, "strides.join");
    LLVMBuildCondBr(m->b, has, given, join);
    LLVMValueRef cstrides[32], gstrides[32];
    LLVMPositionBuilderAtEnd(m->b, from);
    /* C strides are computed in `from` (before the branch), so they dominate the join */
    LLVMValueRef term = LLVMGetBasicBlockTerminator(from);
    LLVMPositionBuilderBefore(m->b, term);
    LLVMValueRef acc = item;
    for (int k = n - 1; k >= 0; k--) {
        cstrides[k] = acc;
        acc = LLVMBuildMul(m->b, acc, shape[k], "");
    }
    LLVMPositionBuilderAtEnd(m->b, given);
    for (int k = 0; k < n; k++)
        gstrides[k] = LLVMBuildMul(m->b, load_at(m, m->i64, strides_p, 8LL * k), item, "");
    LLVMBuildBr(m->b, join);
    LLVMPositionBuilderAtEnd(m->b, join);
    LLVMValueRef phis[32];
    for (int k = 0; k < n; k++) { /* all phis first: they must head the block */
        phis[k] = LLVMBuildPhi(m->b, m->i64, "stride");
        LLVMValueRef vals[2] = {cstrides[k], gstrides[k]};
        LLVMBasicBlockRef blocks[2] = {from, given};
        LLVMAddIncoming(phis[k], vals, blocks, 2);
    }
    LLVMValueRef strides = LLVMGetUndef(LLVMArrayType2(m->i64, (uint64_t)n));
    for (int k = 0; k < n; k++)
        strides = LLVMBuildInsertValue(m->b, strides, phis[k], (unsigned)k, "");
    arr = LLVMBuildInsertValue(m->b, arr, data, 0, "");
    return LLVMBuildInsertValue(m->b, arr, strides, 2, "");
}

LLVMValueRef cg_load_scalar(CgModule *m, LLVMValueRef p, const Type *t)
{
    LLVMValueRef v = LLVMBuildLoad2(m->b, cg_mem_type(m, t), p, "");
    return t->kind == TY_BOOL ? LLVMBuildICmp(m->b, LLVMIntNE, v, LLVMConstInt(m->i8, 0, 0), "") : v;
}

void cg_store_scalar(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef p)
{
    if (t->kind == TY_BOOL)
        v = LLVMBuildZExt(m->b, v, m->i8, "");
    LLVMBuildStore(m->b, v, p);
}

/* A returned array handed to the C API: a DLManagedTensor (runtime/arrays.h) that takes over
 * the reference the body returned. */
static LLVMValueRef export_array(CgModule *m, LLVMValueRef arr, const Type *at)
{
    LLVMValueRef fn0 = LLVMGetBasicBlockParent(LLVMGetInsertBlock(m->b));
    LLVMValueRef slot = cg_entry_alloca(m, fn0, cg_type(m, at), "returned");
    LLVMBuildStore(m->b, arr, slot);
    const Type *dt = at->dtype;
    int code = dt->kind == TY_BOOL ? JITC_DL_BOOL : ty_is_float(dt) ? kDLFloat : ty_is_complex(dt) ? kDLComplex
             : ty_is_unsigned(dt) ? kDLUInt : kDLInt;
    LLVMValueRef fn = cg_runtime(m, RT_FN_jitc_rt_export);
    LLVMValueRef args[7] = {
        LLVMBuildExtractValue(m->b, arr, 3, ""), LLVMBuildExtractValue(m->b, arr, 0, ""),
        LLVMConstInt(m->i64, (unsigned long long)at->ndim, 0), LLVMBuildStructGEP2(m->b, cg_type(m, at), slot, 1, ""),
        LLVMBuildStructGEP2(m->b, cg_type(m, at), slot, 2, ""), LLVMConstInt(m->i32, (unsigned)code, 0),
        LLVMConstInt(m->i32, (unsigned)ty_size(dt) * 8, 0),
    };
    return LLVMBuildCall2(m->b, LLVMGlobalGetValueType(fn), fn, args, 7, "");
}

/* An Optional v: its flag at flag_slot and, only where it is valid, its value at slot (None holds
 * no array or list to export; the driver zeroes the slots, so a None reads back as no value). */
static void store_optional(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot, LLVMValueRef flag_slot)
{
    LLVMValueRef valid = LLVMBuildExtractValue(m->b, v, 1, "");
    cg_store_scalar(m, valid, t->elems[1], flag_slot);
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(m->b));
    LLVMBasicBlockRef some = LLVMAppendBasicBlockInContext(m->ctx, fn, "some");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(m->ctx, fn, "stored");
    LLVMBuildCondBr(m->b, valid, some, done); /* a bool is an i1 in registers */
    LLVMPositionBuilderAtEnd(m->b, some);
    cg_store_result(m, LLVMBuildExtractValue(m->b, v, 0, ""), t->elems[0], slot);
    LLVMBuildBr(m->b, done);
    LLVMPositionBuilderAtEnd(m->b, done);
}

static LLVMValueRef byte_offset(CgModule *m, LLVMValueRef p, unsigned long long bytes)
{
    return cg_byte_offset(m, p, LLVMConstInt(m->i64, bytes, 0));
}

/* Stores a result in the entry's 16-byte slot: a scalar, or an array as a DLManagedTensor*;
 * tuples and lists of non-scalars in the slots result.c lays out. */
void cg_store_result(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot)
{
    if (ty_is_none_type(t)) { /* None in a tuple: no value (the driver reads the slot as None) */
        return;
    } else if (cg_result_nested(t)) {
        cg_store_nested(m, v, t, slot);
    } else if (t->kind == TY_LIST) { /* a list of scalars: a 1-d copy (JITC_LIST) */
        const Type *dt = t->dtype;
        int code = dt->kind == TY_BOOL ? JITC_DL_BOOL : ty_is_float(dt) ? kDLFloat : ty_is_complex(dt) ? kDLComplex
                 : ty_is_unsigned(dt) ? kDLUInt : kDLInt;
        LLVMBuildStore(m->b, cg_list_export(m, v, t, code), slot);
    } else if (t->kind == TY_ARRAY) {
        LLVMBuildStore(m->b, export_array(m, v, t), slot);
    } else if (ty_is_optional(t)) { /* an Optional in a tuple: its value, its valid flag at byte 8 (driver/nested.c) */
        store_optional(m, v, t, slot, byte_offset(m, slot, 8));
    } else {
        cg_store_scalar(m, v, t, slot);
    }
}

/* An argument of the entry from what args[i] points at: a scalar's slot, a DLTensor*, or for a
 * tuple an array of such pointers, one per element (result.c). */
static LLVMValueRef load_argument(CgModule *m, LLVMValueRef fn, LLVMValueRef p, const Type *t)
{
    if (t->kind == TY_ARRAY)
        return array_from_tensor(m, fn, p, t);
    if (t->kind == TY_LIST || t->kind == TY_DICT) /* a slot holding the JitcList or JitcHash the driver made (driver/nested.c) */
        return LLVMBuildLoad2(m->b, m->ptr, p, "table");
    if (t->kind != TY_TUPLE)
        return cg_load_scalar(m, p, t);
    LLVMValueRef v = LLVMGetUndef(cg_type(m, t));
    for (int k = 0; k < t->n; k++) {
        LLVMValueRef item = load_argument(m, fn, load_at(m, m->ptr, p, 8LL * k), t->elems[k]);
        v = LLVMBuildInsertValue(m->b, v, item, (unsigned)k, "");
    }
    return v;
}

static void lower_entry(CgModule *m, Spec *s, Arena *a)
{
    LLVMTypeRef params[3] = {m->ptr, m->ptr, m->ptr};
    LLVMValueRef fn = LLVMAddFunction(m->mod, cg_entry_name(a, s), LLVMFunctionType(m->voidt, params, 3, 0));
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"));
    LLVMValueRef args = LLVMGetParam(fn, 0), ret = LLVMGetParam(fn, 1);
    LLVMValueRef call_args[65];
    unsigned n = 0;
    call_args[n++] = LLVMGetParam(fn, 2);
    for (int i = 0; i < s->nparams; i++) {
        const Type *t = s->params[i];
        if (t->kind == TY_COMPTIME) /* only compiled callers pass one (its slot is unused) */
            continue;
        LLVMValueRef p = load_at(m, m->ptr, args, 8LL * i);
        call_args[n++] = load_argument(m, fn, p, t);
    }
    LLVMValueRef body = cg_function(m, s);
    LLVMValueRef r = LLVMBuildCall2(m->b, LLVMGlobalGetValueType(body), body, call_args, n, "");
    if (ty_is_optional(s->ret)) { /* an Optional: value, then its flag one slot on */
        store_optional(m, r, s->ret, ret, byte_offset(m, ret, 16));
    } else if (s->ret->kind == TY_TUPLE && s->ret->tag) { /* a range: start, stop, step, a slot each */
        for (int k = 0; k < s->ret->n; k++)
            cg_store_result(m, LLVMBuildExtractValue(m->b, r, (unsigned)k, ""), s->ret->elems[k], byte_offset(m, ret, 16ULL * (unsigned)k));
    } else if (s->ret->kind != TY_NONE && s->ret->kind != TY_COMPTIME) { /* a function returned: nothing */
        cg_store_result(m, r, s->ret, ret);
    }
    LLVMBuildRetVoid(m->b);
}

bool cg_has_cfunc(const Spec *s)
{
    for (int i = 0; i < s->nparams; i++)
        if (s->params[i]->kind == TY_TUPLE || s->params[i]->kind == TY_COMPTIME || ty_is_complex(s->params[i]) ||
            ty_holds_list(s->params[i]) || s->params[i]->kind == TY_STR)
            return false;
    if (ty_holds_str(s->ret)) /* a string has no C form in a cfunc (jitc_call returns it as JITC_STR) */
        return false;
    /* C's complex ABI (float _Complex in one register) is not an LLVM struct's; lists have no C form */
    return !ty_is_complex(s->ret) && !ty_holds_list(s->ret) && s->ret->kind != TY_COMPTIME;
}

/* The C type of a cfunc parameter or result: a scalar's, or a pointer (DLTensor* in,
 * DLManagedTensor* out). */
static LLVMTypeRef cfunc_type(CgModule *m, const Type *t)
{
    return t->kind == TY_ARRAY ? m->ptr : cg_mem_type(m, t);
}

/* A value of the body for the C caller: arrays exported, bools as one byte. */
static LLVMValueRef cfunc_value(CgModule *m, LLVMValueRef v, const Type *t)
{
    if (t->kind == TY_ARRAY)
        return export_array(m, v, t);
    return t->kind == TY_BOOL ? LLVMBuildZExt(m->b, v, m->i8, "") : v;
}

/* RET @SYM.cfunc(params..., [out pointers]) — a tuple result is stored through one trailing
 * out pointer per element. When the body raises, the exception is reported (jitc_rt_report)
 * and the function returns zero (NULL for an array), leaving out pointers untouched. */
static void lower_cfunc(CgModule *m, Spec *s, Arena *a)
{
    bool tuple = s->ret->kind == TY_TUPLE;
    int nouts = tuple ? s->ret->n : 0;
    LLVMTypeRef params[64 + JITC_MAX_TUPLE];
    for (int i = 0; i < s->nparams; i++)
        params[i] = cfunc_type(m, s->params[i]);
    for (int k = 0; k < nouts; k++)
        params[s->nparams + k] = m->ptr;
    LLVMTypeRef rt = tuple || s->ret->kind == TY_NONE ? m->voidt : cfunc_type(m, s->ret);
    LLVMValueRef fn = LLVMAddFunction(m->mod, cg_cfunc_name(a, s),
                                      LLVMFunctionType(rt, params, (unsigned)(s->nparams + nouts), 0));
    LLVMContextRef ctx = m->ctx;
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
    LLVMValueRef err = LLVMBuildAlloca(m->b, m->err_type, "err");
    LLVMBuildStore(m->b, LLVMConstNull(m->err_type), err);
    LLVMValueRef call_args[65];
    call_args[0] = err;
    for (int i = 0; i < s->nparams; i++) {
        LLVMValueRef p = LLVMGetParam(fn, (unsigned)i);
        const Type *t = s->params[i];
        if (t->kind == TY_ARRAY)
            p = array_from_tensor(m, fn, p, t);
        else if (t->kind == TY_BOOL)
            p = LLVMBuildICmp(m->b, LLVMIntNE, p, LLVMConstInt(m->i8, 0, 0), "");
        call_args[i + 1] = p;
    }
    LLVMValueRef body = cg_function(m, s);
    LLVMValueRef r = LLVMBuildCall2(m->b, LLVMGlobalGetValueType(body), body, call_args, (unsigned)s->nparams + 1, "");
    LLVMValueRef code = LLVMBuildLoad2(m->b, m->i32, LLVMBuildStructGEP2(m->b, m->err_type, err, RT_ERR_code, ""), "");
    LLVMBasicBlockRef report = LLVMAppendBasicBlockInContext(ctx, fn, "report");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, fn, "done");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntNE, code, LLVMConstInt(m->i32, 0, 0), ""), report, done);
    LLVMPositionBuilderAtEnd(m->b, report);
    LLVMValueRef rep = cg_runtime(m, RT_FN_jitc_rt_report);
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(rep), rep, &err, 1, "");
    if (rt == m->voidt)
        LLVMBuildRetVoid(m->b);
    else
        LLVMBuildRet(m->b, LLVMConstNull(rt));
    LLVMPositionBuilderAtEnd(m->b, done);
    for (int k = 0; k < nouts; k++) {
        LLVMValueRef v = cfunc_value(m, LLVMBuildExtractValue(m->b, r, (unsigned)k, ""), s->ret->elems[k]);
        LLVMBuildStore(m->b, v, LLVMGetParam(fn, (unsigned)(s->nparams + k)));
    }
    if (rt == m->voidt)
        LLVMBuildRetVoid(m->b);
    else
        LLVMBuildRet(m->b, cfunc_value(m, r, s->ret));
}

bool cg_has_loop(const Spec *s)
{
    if (s->func->kind == FK_GUVECTORIZE)
        return true;
    if (s->func->kind != FK_VECTORIZE || !ty_is_scalar(s->ret))
        return false;
    for (int i = 0; i < s->nparams; i++)
        if (!ty_is_scalar(s->params[i]))
            return false;
    return true;
}

/* One pass of the inner loop: operand k at base[k] + i * step[k] (a typed index when the
 * operands are contiguous, so that LLVM vectorizes that version). */
static void loop_over(CgModule *m, LLVMValueRef fn, Spec *s, LLVMValueRef *base, LLVMValueRef *step, bool contiguous,
                      LLVMValueRef n, LLVMValueRef err, LLVMBasicBlockRef done)
{
    LLVMContextRef ctx = m->ctx;
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(m->b);
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, fn, contiguous ? "contiguous" : "strided");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSGT, n, LLVMConstInt(m->i64, 0, 0), ""), body, done);
    LLVMPositionBuilderAtEnd(m->b, body);
    LLVMValueRef i = LLVMBuildPhi(m->b, m->i64, "i");
    LLVMValueRef call_args[65];
    call_args[0] = err;
    int nin = s->nparams;
    LLVMValueRef at[65];
    for (int k = 0; k <= nin; k++) {
        const Type *t = k < nin ? s->params[k] : s->ret;
        if (contiguous) {
            at[k] = LLVMBuildGEP2(m->b, cg_mem_type(m, t), base[k], &i, 1, "");
        } else {
            LLVMValueRef off = LLVMBuildMul(m->b, i, step[k], "");
            at[k] = LLVMBuildGEP2(m->b, m->i8, base[k], &off, 1, "");
        }
        if (k < nin)
            call_args[k + 1] = cg_load_scalar(m, at[k], t);
    }
    LLVMValueRef f = cg_function(m, s);
    LLVMValueRef r = LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, call_args, (unsigned)nin + 1, "");
    cg_store_scalar(m, r, s->ret, at[nin]);
    LLVMValueRef next = LLVMBuildNUWAdd(m->b, i, LLVMConstInt(m->i64, 1, 0), "");
    LLVMSetNSW(next, 1);
    LLVMValueRef vals[2] = {LLVMConstInt(m->i64, 0, 0), next};
    LLVMBasicBlockRef from[2] = {pre, LLVMGetInsertBlock(m->b)};
    LLVMAddIncoming(i, vals, from, 2);
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSLT, next, n, ""), body, done);
}

/* The inner loop of a @vectorize signature: a contiguous version (every step is the item
 * size) and a strided one (broadcast operands have step 0). Exceptions land in err; the
 * runtime checks it after the loop. */
LLVMValueRef cg_loop_function(CgModule *m, const Spec *s, Arena *a)
{
    const char *name = cg_loop_name(a, s);
    LLVMValueRef fn = LLVMGetNamedFunction(m->mod, name);
    LLVMTypeRef params[5] = {m->ptr, m->i64, m->ptr, m->ptr, m->ptr};
    return fn ? fn : LLVMAddFunction(m->mod, name, LLVMFunctionType(m->voidt, params, 5, 0));
}

static LLVMValueRef add_loop_function(CgModule *m, Spec *s, Arena *a)
{
    LLVMValueRef fn = cg_loop_function(m, s, a);
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"));
    return fn;
}

static void lower_vectorize_loop(CgModule *m, Spec *s, Arena *a)
{
    LLVMValueRef fn = add_loop_function(m, s, a);
    LLVMContextRef ctx = m->ctx;
    LLVMValueRef args = LLVMGetParam(fn, 0), n = LLVMGetParam(fn, 1), steps = LLVMGetParam(fn, 2),
                 err = LLVMGetParam(fn, 4);
    int nin = s->nparams;
    LLVMValueRef base[65], step[65], contiguous = LLVMConstInt(m->i1, 1, 0);
    for (int k = 0; k <= nin; k++) {
        const Type *t = k < nin ? s->params[k] : s->ret;
        base[k] = load_at(m, m->ptr, args, 8LL * k);
        step[k] = load_at(m, m->i64, steps, 8LL * k);
        LLVMValueRef item = LLVMConstInt(m->i64, (unsigned long long)ty_size(t), 0);
        contiguous = LLVMBuildAnd(m->b, contiguous, LLVMBuildICmp(m->b, LLVMIntEQ, step[k], item, ""), "");
    }
    LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(ctx, fn, "fast"),
                      slow = LLVMAppendBasicBlockInContext(ctx, fn, "slow"),
                      done = LLVMAppendBasicBlockInContext(ctx, fn, "done");
    LLVMBuildCondBr(m->b, contiguous, fast, slow);
    LLVMPositionBuilderAtEnd(m->b, fast);
    loop_over(m, fn, s, base, step, true, n, err, done);
    LLVMPositionBuilderAtEnd(m->b, slow);
    loop_over(m, fn, s, base, step, false, n, err, done);
    LLVMPositionBuilderAtEnd(m->b, done);
    LLVMBuildRetVoid(m->b);
}

LLVMValueRef cg_gufunc_view(CgModule *m, const Type *at, LLVMValueRef data, LLVMValueRef core, int *word)
{
    LLVMValueRef arr = LLVMBuildInsertValue(m->b, LLVMConstNull(cg_type(m, at)), data, 0, "");
    for (int field = 1; field <= 2; field++) {
        LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(m->i64, (uint64_t)at->ndim));
        for (int k = 0; k < at->ndim; k++)
            dims = LLVMBuildInsertValue(m->b, dims, load_at(m, m->i64, core, 8LL * (*word)++), (unsigned)k, "");
        arr = LLVMBuildInsertValue(m->b, arr, dims, (unsigned)field, "");
    }
    return arr;
}

/* The loop of a @guvectorize signature: for each i, views of the operands' core dimensions at
 * args[k] + i*steps[k], and one call of the body. The first exception stops the loop. */
static void lower_gufunc_loop(CgModule *m, Spec *s, Arena *a)
{
    LLVMValueRef fn = add_loop_function(m, s, a);
    LLVMContextRef ctx = m->ctx;
    LLVMValueRef args = LLVMGetParam(fn, 0), n = LLVMGetParam(fn, 1), steps = LLVMGetParam(fn, 2),
                 core = LLVMGetParam(fn, 3), err = LLVMGetParam(fn, 4);
    int nops = s->nparams, word = 0;
    LLVMValueRef base[64], step[64], view[64];
    for (int k = 0; k < nops; k++) {
        base[k] = load_at(m, m->ptr, args, 8LL * k);
        step[k] = load_at(m, m->i64, steps, 8LL * k);
        if (s->params[k]->kind == TY_ARRAY) /* the views differ only in their data pointers */
            view[k] = cg_gufunc_view(m, s->params[k], LLVMConstNull(m->ptr), core, &word);
    }
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(m->b);
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(ctx, fn, "body"),
                      next_block = LLVMAppendBasicBlockInContext(ctx, fn, "next"),
                      done = LLVMAppendBasicBlockInContext(ctx, fn, "done");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSGT, n, LLVMConstInt(m->i64, 0, 0), ""), body, done);
    LLVMPositionBuilderAtEnd(m->b, body);
    LLVMValueRef i = LLVMBuildPhi(m->b, m->i64, "i");
    LLVMValueRef call_args[65] = {err};
    for (int k = 0; k < nops; k++) {
        LLVMValueRef off = LLVMBuildMul(m->b, i, step[k], "");
        LLVMValueRef at = LLVMBuildGEP2(m->b, m->i8, base[k], &off, 1, "");
        call_args[k + 1] = s->params[k]->kind == TY_ARRAY ? LLVMBuildInsertValue(m->b, view[k], at, 0, "")
                                                           : cg_load_scalar(m, at, s->params[k]);
    }
    LLVMValueRef f = cg_function(m, s);
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, call_args, (unsigned)nops + 1, "");
    LLVMValueRef code = LLVMBuildLoad2(m->b, m->i32, LLVMBuildStructGEP2(m->b, m->err_type, err, RT_ERR_code, ""), "");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntNE, code, LLVMConstInt(m->i32, 0, 0), ""), done, next_block);
    LLVMPositionBuilderAtEnd(m->b, next_block);
    LLVMValueRef next = LLVMBuildNUWAdd(m->b, i, LLVMConstInt(m->i64, 1, 0), "");
    LLVMSetNSW(next, 1);
    LLVMValueRef vals[2] = {LLVMConstInt(m->i64, 0, 0), next};
    LLVMBasicBlockRef from[2] = {pre, next_block};
    LLVMAddIncoming(i, vals, from, 2);
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSLT, next, n, ""), body, done);
    LLVMPositionBuilderAtEnd(m->b, done);
    LLVMBuildRetVoid(m->b);
}

void cg_lower_wrappers(CgModule *m, Spec *s)
{
    Arena *a = cg_scratch(m);
    lower_entry(m, s, a);
    if (cg_has_cfunc(s))
        lower_cfunc(m, s, a);
    if (cg_has_loop(s) && s->func->kind == FK_GUVECTORIZE)
        lower_gufunc_loop(m, s, a);
    else if (cg_has_loop(s))
        lower_vectorize_loop(m, s, a);
    arena_free(a);
}
