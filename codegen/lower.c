/* lower.c — the typed IR of one specialization to an LLVM function.
 *
 * Signature: `ret @sym(ptr %err, params...)`. Locals become entry-block allocas (SROA and
 * mem2reg make SSA of them). Python's semantics are expanded here: floor division and
 * modulo take the divisor's sign, division by zero raises, negative indices wrap, bounds are
 * checked when asked. Raising stores into *err and returns; callers test err after a call.
 * GPU code follows Numba's CUDA error model instead: nothing raises (a float division by
 * zero gives inf, an integer one 0), math comes from libdevice (__nv_*), and the cuda
 * intrinsics become NVVM intrinsics. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/DebugInfo.h> /* temporary metadata nodes: loop IDs refer to themselves */

#include "lower.h"
#include "runtime/rt.h"


/* ---- types and constants ---- */

LLVMTypeRef cg_type(CgModule *m, const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return m->i1;
    case TY_INT8: case TY_UINT8: return m->i8;
    case TY_INT16: case TY_UINT16: return LLVMInt16TypeInContext(m->ctx);
    case TY_INT32: case TY_UINT32: return m->i32;
    case TY_INT64: case TY_UINT64: return m->i64;
    case TY_FLOAT16: return LLVMHalfTypeInContext(m->ctx);
    case TY_FLOAT32: return m->f32;
    case TY_FLOAT64: return m->f64;
    case TY_NONE: return m->voidt;
    case TY_COMPLEX64:
    case TY_COMPLEX128: return cg_complex_type(m, t);
    case TY_ARRAY: {
        LLVMTypeRef dims = LLVMArrayType2(m->i64, (uint64_t)t->ndim);
        /* data, shape, strides in bytes, and the JitcMem that owns the data (or null) */
        LLVMTypeRef fields[4] = {m->ptr, dims, dims, m->ptr};
        return LLVMStructTypeInContext(m->ctx, fields, 4, 0);
    }
    case TY_LIST: return m->ptr; /* a JitcList* (runtime/list.h) */
    case TY_DICT: case TY_SET: return m->ptr; /* a JitcHash* (runtime/hash.h) */
    case TY_STR: return m->ptr;  /* a JitcStr* (runtime/str.h, codegen/str.c) */
    case TY_TUPLE: {
        LLVMTypeRef fields[64];
        for (int i = 0; i < t->n; i++)
            fields[i] = cg_type(m, t->elems[i]);
        return LLVMStructTypeInContext(m->ctx, fields, (unsigned)t->n, 0);
    }
    default: return m->i64;
    }
}

LLVMTypeRef cg_mem_type(CgModule *m, const Type *t) { return t->kind == TY_BOOL ? m->i8 : cg_type(m, t); }

LLVMValueRef cg_zero(CgModule *m, const Type *t) { return LLVMConstNull(cg_type(m, t)); }

LLVMValueRef cg_entry_alloca(CgModule *m, LLVMValueRef fn, LLVMTypeRef t, const char *name)
{
    LLVMBasicBlockRef here = LLVMGetInsertBlock(m->b), entry = LLVMGetEntryBasicBlock(fn);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
        LLVMPositionBuilderBefore(m->b, first);
    else
        LLVMPositionBuilderAtEnd(m->b, entry);
    LLVMValueRef p = LLVMBuildAlloca(m->b, t, name);
    LLVMPositionBuilderAtEnd(m->b, here);
    return p;
}

static LLVMTypeRef function_type(CgModule *m, const Spec *s)
{
    LLVMTypeRef params[65];
    unsigned n = 0;
    params[n++] = m->ptr;
    for (int i = 0; i < s->nparams; i++)
        if (s->params[i]->kind != TY_COMPTIME) /* a compile-time argument is in the symbol, not passed */
            params[n++] = cg_type(m, s->params[i]);
    /* a function returned (TY_COMPTIME, builder/build_closure.c) is no run-time value */
    return LLVMFunctionType(s->ret->kind == TY_COMPTIME ? m->voidt : cg_type(m, s->ret), params, n, 0);
}

LLVMValueRef cg_function(CgModule *m, const Spec *s)
{
    LLVMValueRef f = LLVMGetNamedFunction(m->mod, s->symbol);
    return f ? f : LLVMAddFunction(m->mod, s->symbol, function_type(m, s));
}

LLVMValueRef lw_call(Lower *L, LLVMValueRef fn, LLVMValueRef *args, int n, const char *name)
{
    return LLVMBuildCall2(L->b, LLVMGlobalGetValueType(fn), fn, args, (unsigned)n, name);
}

static LLVMValueRef intrinsic(Lower *L, const char *name, LLVMTypeRef *types, int ntypes, LLVMValueRef *args,
                              int nargs)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(L->m->mod, id, types, (size_t)ntypes);
    LLVMTypeRef fty = LLVMIntrinsicGetType(L->m->ctx, id, types, (size_t)ntypes);
    return LLVMBuildCall2(L->b, fty, fn, args, (unsigned)nargs, "");
}

/* float32 in a fastmath=True function on the GPU: as numba-cuda (NVVM's -prec-div=0
 * -prec-sqrt=0), division and square root are the approximate instructions, and cos, sin, tan,
 * exp, log, log2, log10 and pow libdevice's fast approximations (math_call_name). */
static bool gpu_fast_f32(Lower *L, const Type *t)
{
    return L->m->device && t->kind == TY_FLOAT32 && L->spec->func->opts.fastmath;
}

/* ---- raising ---- */

const char *lw_where(Lower *L, SrcLoc loc)
{
    return arena_printf(L->arena, "%s:%d:%d", loc.file ? loc.file->name : "<signature>", loc.line, loc.col);
}

LLVMValueRef lw_string(Lower *L, const char *s)
{
    return LLVMBuildGlobalStringPtr(L->b, s, "str");
}

static void return_zero(Lower *L)
{
    if (L->spec->ret->kind == TY_NONE)
        LLVMBuildRetVoid(L->b);
    else
        LLVMBuildRet(L->b, cg_zero(L->m, L->spec->ret));
}

/* The one block every raise jumps to (host code): it releases the locals' arrays and returns. */
static void unwind(Lower *L)
{
    if (L->catch_to) { /* inside a try body: the except clause takes the exception */
        LLVMBuildBr(L->b, L->catch_to);
        return;
    }
    if (!L->unwind) {
        LLVMBasicBlockRef here = LLVMGetInsertBlock(L->b);
        L->unwind = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "unwind");
        LLVMPositionBuilderAtEnd(L->b, L->unwind);
        lw_release_locals(L);
        return_zero(L);
        LLVMPositionBuilderAtEnd(L->b, here);
    }
    LLVMBuildBr(L->b, L->unwind);
}

static void store_err_field(Lower *L, int field, LLVMValueRef v)
{
    LLVMValueRef p = LLVMBuildStructGEP2(L->b, L->m->err_type, L->err, (unsigned)field, "");
    LLVMBuildStore(L->b, v, p);
}

/* Emits the raise sequence at the builder's position: fills *err and returns. */
static void emit_raise(Lower *L, IrExc exc, const char *cls, const char *msg, SrcLoc loc, LLVMValueRef idx,
                       LLVMValueRef axis, LLVMValueRef size)
{
    if (L->m->device) { /* GPU code does not raise: it returns */
        return_zero(L);
        return;
    }
    store_err_field(L, RT_ERR_code, LLVMConstInt(L->m->i32, (unsigned)exc, 0));
    store_err_field(L, RT_ERR_where, lw_string(L, lw_where(L, loc)));
    cls = cls ? cls : ir_exc_name(exc); /* a class the module defines is named as itself */
    const char *message = msg && *msg ? arena_printf(L->arena, "%s: %s", cls, msg) : cls;
    /* a bounds check's IndexError has no message: rt_format_error writes it from index, axis, size */
    store_err_field(L, RT_ERR_message, idx ? LLVMConstPointerNull(LLVMPointerTypeInContext(L->m->ctx, 0))
                                           : lw_string(L, message));
    if (idx) {
        store_err_field(L, RT_ERR_index, idx);
        store_err_field(L, RT_ERR_axis, axis);
        store_err_field(L, RT_ERR_size, size);
    }
    unwind(L);
}

/* A raise whose message has run-time values (ir_raise_values): the values go to an array of
 * int64 (a float64 as its bits), and jitc_rt_raise_format writes the message into *err. */
static void emit_raise_values(Lower *L, const IrBlock *bl)
{
    if (L->m->device) { /* GPU code does not raise: it returns */
        return_zero(L);
        return;
    }
    store_err_field(L, RT_ERR_code, LLVMConstInt(L->m->i32, (unsigned)bl->exc, 0));
    store_err_field(L, RT_ERR_where, lw_string(L, lw_where(L, bl->loc)));
    LLVMTypeRef arr = LLVMArrayType2(L->m->i64, (unsigned)bl->nexc_args);
    LLVMBasicBlockRef here = LLVMGetInsertBlock(L->b);
    LLVMPositionBuilderBefore(L->b, LLVMGetBasicBlockTerminator(L->entry));
    LLVMValueRef buf = LLVMBuildAlloca(L->b, arr, "raise.args");
    LLVMPositionBuilderAtEnd(L->b, here);
    for (int k = 0; k < bl->nexc_args; k++) {
        LLVMValueRef v = L->vals[bl->exc_args[k]];
        const Type *t = L->f->values[bl->exc_args[k]];
        if (ty_is_float(t))
            v = LLVMBuildBitCast(L->b, v, L->m->i64, "");
        else if (t->kind == TY_STR) /* its JitcStr * (runtime/str.h) */
            v = LLVMBuildPtrToInt(L->b, v, L->m->i64, "");
        else if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) < 64)
            v = LLVMBuildZExt(L->b, v, L->m->i64, "");
        LLVMValueRef idx[2] = {LLVMConstInt(L->m->i64, 0, 0), LLVMConstInt(L->m->i64, (unsigned)k, 0)};
        LLVMBuildStore(L->b, v, LLVMBuildGEP2(L->b, arr, buf, idx, 2, ""));
    }
    const char *template = arena_printf(L->arena, "%s: %s", bl->exc_class ? bl->exc_class : ir_exc_name(bl->exc),
                                        bl->exc_msg);
    LLVMValueRef args[3] = {L->err, lw_string(L, template), buf};
    lw_call(L, cg_runtime(L->m, RT_FN_jitc_rt_raise_format), args, 3, "");
    unwind(L);
}

/* GPU code raises nothing (the CUDA error model), with one exception, which numba-cuda lacks:
 * under boundscheck an index out of range records the first such fault of the launch in the
 * module's CG_GPU_ERROR global (where, index, axis, size, thread, block) and ends its thread
 * (PTX `exit`); the driver reads the record after the launch and reports an IndexError. */
static void device_index_fault(Lower *L, SrcLoc loc, LLVMValueRef idx, LLVMValueRef axis, LLVMValueRef size)
{
    CgModule *m = L->m;
    LLVMValueRef rec = cg_gpu_error_global(m);
    LLVMTypeRef t = LLVMGlobalGetValueType(rec);
    LLVMValueRef code = LLVMBuildStructGEP2(L->b, t, rec, CG_GPU_ERR_CODE, "");
    LLVMValueRef swap = LLVMBuildAtomicCmpXchg(L->b, code, LLVMConstInt(m->i32, 0, 0),
                                               LLVMConstInt(m->i32, (unsigned)EXC_INDEX, 0),
                                               LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic, 0);
    LLVMBasicBlockRef first = LLVMAppendBasicBlockInContext(m->ctx, L->fn, "index.fault.first");
    LLVMBasicBlockRef end = LLVMAppendBasicBlockInContext(m->ctx, L->fn, "index.fault.exit");
    LLVMBuildCondBr(L->b, LLVMBuildExtractValue(L->b, swap, 1, ""), first, end);
    LLVMPositionBuilderAtEnd(L->b, first);
    LLVMValueRef fields[][2] = {
        {LLVMConstInt(m->i32, (unsigned)loc.line, 0), NULL}, {LLVMConstInt(m->i32, (unsigned)loc.col, 0), NULL},
        {idx, NULL}, {axis, NULL}, {size, NULL},
    };
    for (unsigned k = 0; k < sizeof fields / sizeof fields[0]; k++)
        LLVMBuildStore(L->b, fields[k][0], LLVMBuildStructGEP2(L->b, t, rec, CG_GPU_ERR_LINE + k, ""));
    static const char *const WHO[6] = {"tid.x", "tid.y", "tid.z", "ctaid.x", "ctaid.y", "ctaid.z"};
    for (unsigned k = 0; k < 6; k++) {
        LLVMValueRef v = intrinsic(L, arena_printf(L->arena, "llvm.nvvm.read.ptx.sreg.%s", WHO[k]), NULL, 0, NULL, 0);
        LLVMBuildStore(L->b, v, LLVMBuildStructGEP2(L->b, t, rec, CG_GPU_ERR_THREAD + k, ""));
    }
    LLVMBuildBr(L->b, end);
    LLVMPositionBuilderAtEnd(L->b, end);
    LLVMTypeRef fty = LLVMFunctionType(m->voidt, NULL, 0, 0);
    LLVMValueRef exit_thread = LLVMGetInlineAsm(fty, "exit;", 5, "", 0, 1, 0, LLVMInlineAsmDialectATT, 0);
    LLVMBuildCall2(L->b, fty, exit_thread, NULL, 0, "");
    LLVMBuildUnreachable(L->b);
}

/* if (cond) raise ...; continues in a fresh block. */
static void raise_if(Lower *L, LLVMValueRef cond, IrExc exc, const char *msg, SrcLoc loc, LLVMValueRef idx,
                     LLVMValueRef axis, LLVMValueRef size)
{
    if (L->m->device && exc != EXC_INDEX)
        return;
    LLVMBasicBlockRef bad = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "raise");
    LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "ok");
    LLVMBuildCondBr(L->b, cond, bad, ok);
    LLVMPositionBuilderAtEnd(L->b, bad);
    if (L->m->device)
        device_index_fault(L, loc, idx, axis, size);
    else
        emit_raise(L, exc, NULL, msg, loc, idx, axis, size);
    LLVMPositionBuilderAtEnd(L->b, ok);
}

/* After a call: if the callee raised, return at once (the exception stays in *err). */
void lw_propagate(Lower *L)
{
    if (L->m->device)
        return;
    LLVMValueRef p = LLVMBuildStructGEP2(L->b, L->m->err_type, L->err, RT_ERR_code, "");
    LLVMValueRef code = LLVMBuildLoad2(L->b, L->m->i32, p, "exc");
    LLVMValueRef raised = LLVMBuildICmp(L->b, LLVMIntNE, code, LLVMConstInt(L->m->i32, 0, 0), "");
    LLVMBasicBlockRef out = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "propagate");
    LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "ok");
    LLVMBuildCondBr(L->b, raised, out, ok);
    LLVMPositionBuilderAtEnd(L->b, out);
    unwind(L);
    LLVMPositionBuilderAtEnd(L->b, ok);
}

/* ---- arithmetic ---- */

static LLVMValueRef is_zero(Lower *L, const Type *t, LLVMValueRef v)
{
    if (ty_is_float(t))
        return LLVMBuildFCmp(L->b, LLVMRealOEQ, v, LLVMConstReal(cg_type(L->m, t), 0.0), "");
    return LLVMBuildICmp(L->b, LLVMIntEQ, v, LLVMConstNull(cg_type(L->m, t)), "");
}

void lw_check_zero_division(Lower *L, LLVMValueRef is_zero, const char *msg, SrcLoc loc)
{
    if (!L->numpy_errors)
        raise_if(L, is_zero, EXC_ZERODIV, msg, loc, NULL, NULL, NULL);
}

static void check_divisor(Lower *L, const Type *t, LLVMValueRef d, SrcLoc loc, const char *msg)
{
    if (!L->numpy_errors)
        raise_if(L, is_zero(L, t, d), EXC_ZERODIV, msg, loc, NULL, NULL, NULL);
}

/* Signed floor division and modulo, Python's way; b != 0. b == -1 avoids sdiv's overflow. */
static LLVMValueRef int_floordiv_mod(Lower *L, const Type *t, LLVMValueRef a, LLVMValueRef d, bool want_mod)
{
    LLVMTypeRef ty = cg_type(L->m, t);
    LLVMValueRef zero = LLVMConstNull(ty), one = LLVMConstInt(ty, 1, 0), minus1 = LLVMConstAllOnes(ty);
    if (ty_is_unsigned(t)) {
        if (!L->numpy_errors)
            return want_mod ? LLVMBuildURem(L->b, a, d, "") : LLVMBuildUDiv(L->b, a, d, "");
        LLVMValueRef by_zero = LLVMBuildICmp(L->b, LLVMIntEQ, d, zero, "");
        d = LLVMBuildSelect(L->b, by_zero, one, d, "");
        LLVMValueRef q = want_mod ? LLVMBuildURem(L->b, a, d, "") : LLVMBuildUDiv(L->b, a, d, "");
        return LLVMBuildSelect(L->b, by_zero, zero, q, "");
    }
    LLVMValueRef neg1 = LLVMBuildICmp(L->b, LLVMIntEQ, d, minus1, "");
    LLVMValueRef safe = LLVMBuildSelect(L->b, neg1, one, d, "");
    if (L->numpy_errors) /* no exception: x // 0 and x % 0 are 0 */
        safe = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntEQ, d, zero, ""), one, safe, "");
    LLVMValueRef q = LLVMBuildSDiv(L->b, a, safe, "");
    LLVMValueRef r = LLVMBuildSRem(L->b, a, safe, "");
    /* adjust when the remainder is nonzero and its sign differs from the divisor's */
    LLVMValueRef rnz = LLVMBuildICmp(L->b, LLVMIntNE, r, zero, "");
    LLVMValueRef sdiff = LLVMBuildICmp(L->b, LLVMIntSLT, LLVMBuildXor(L->b, r, safe, ""), zero, "");
    LLVMValueRef adj = LLVMBuildAnd(L->b, rnz, sdiff, "");
    LLVMValueRef by_zero = LLVMBuildICmp(L->b, LLVMIntEQ, d, zero, "");
    if (want_mod) {
        LLVMValueRef m = LLVMBuildSelect(L->b, adj, LLVMBuildAdd(L->b, r, safe, ""), r, "");
        m = LLVMBuildSelect(L->b, neg1, zero, m, "");
        return L->numpy_errors ? LLVMBuildSelect(L->b, by_zero, zero, m, "") : m;
    }
    LLVMValueRef fq = LLVMBuildSelect(L->b, adj, LLVMBuildSub(L->b, q, one, ""), q, "");
    /* x // -1 is -x, except that the most negative value gives 0, as in Numba */
    LLVMValueRef min = LLVMConstInt(ty, 1ULL << (ty_bits(t) - 1), 0);
    LLVMValueRef negated = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntEQ, a, min, ""), zero,
                                           LLVMBuildSub(L->b, zero, a, ""), "");
    LLVMValueRef q2 = LLVMBuildSelect(L->b, neg1, negated, fq, "");
    return L->numpy_errors ? LLVMBuildSelect(L->b, by_zero, zero, q2, "") : q2;
}

static LLVMValueRef float_floordiv_mod(Lower *L, const Type *t, LLVMValueRef a, LLVMValueRef d, bool want_mod)
{
    if (L->m->device) { /* floor(a / d) and a - floor(a / d) * d: no runtime to call on the GPU */
        LLVMTypeRef ty = cg_type(L->m, t);
        LLVMValueRef q = LLVMBuildFDiv(L->b, a, d, "");
        q = intrinsic(L, "llvm.floor", &ty, 1, &q, 1);
        return want_mod ? LLVMBuildFSub(L->b, a, LLVMBuildFMul(L->b, q, d, ""), "") : q;
    }
    LLVMValueRef fn = cg_runtime(L->m, want_mod ? RT_FN_jitc_rt_mod_f64 : RT_FN_jitc_rt_floordiv_f64);
    LLVMValueRef args[2] = {a, d};
    if (t->kind == TY_FLOAT32) {
        args[0] = LLVMBuildFPExt(L->b, a, L->m->f64, "");
        args[1] = LLVMBuildFPExt(L->b, d, L->m->f64, "");
    }
    LLVMValueRef r = lw_call(L, fn, args, 2, "");
    if (L->numpy_errors && !want_mod) { /* NumPy: x // 0.0 is x / 0.0 (+-inf, or nan for 0 and nan) */
        LLVMValueRef by_zero = LLVMBuildFCmp(L->b, LLVMRealOEQ, args[1], LLVMConstReal(L->m->f64, 0), "");
        r = LLVMBuildSelect(L->b, by_zero, LLVMBuildFDiv(L->b, args[0], args[1], ""), r, "");
    }
    return t->kind == TY_FLOAT32 ? LLVMBuildFPTrunc(L->b, r, L->m->f32, "") : r;
}

/* `base ** exp` by squaring, wrapping; for a signed negative exponent Numba's rule: 1 for
 * base 1, +-1 for base -1, else 0. Defined once per module (host and GPU alike). */
static LLVMValueRef ipow_function(CgModule *m, bool is_signed)
{
    const char *name = is_signed ? "jitc.ipow.i64" : "jitc.ipow.u64";
    LLVMValueRef fn = LLVMGetNamedFunction(m->mod, name);
    if (fn)
        return fn;
    LLVMTypeRef p[2] = {m->i64, m->i64};
    fn = LLVMAddFunction(m->mod, name, LLVMFunctionType(m->i64, p, 2, 0));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMBuilderRef saved = m->b;
    LLVMBuilderRef b = m->b = LLVMCreateBuilderInContext(m->ctx);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"),
                      loop = LLVMAppendBasicBlockInContext(m->ctx, fn, "loop"),
                      done = LLVMAppendBasicBlockInContext(m->ctx, fn, "done"),
                      negative = LLVMAppendBasicBlockInContext(m->ctx, fn, "negative");
    LLVMValueRef base = LLVMGetParam(fn, 0), exp = LLVMGetParam(fn, 1);
    LLVMValueRef zero = LLVMConstInt(m->i64, 0, 0), one = LLVMConstInt(m->i64, 1, 0);
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMValueRef neg = is_signed ? LLVMBuildICmp(b, LLVMIntSLT, exp, zero, "") : LLVMConstInt(m->i1, 0, 0);
    LLVMBuildCondBr(b, neg, negative, loop);
    LLVMPositionBuilderAtEnd(b, negative);
    LLVMValueRef is_one = LLVMBuildICmp(b, LLVMIntEQ, base, one, "");
    LLVMValueRef is_minus_one = LLVMBuildICmp(b, LLVMIntEQ, base, LLVMConstAllOnes(m->i64), "");
    LLVMValueRef odd = LLVMBuildTrunc(b, exp, m->i1, "");
    LLVMValueRef sign = LLVMBuildSelect(b, odd, LLVMConstAllOnes(m->i64), one, "");
    LLVMBuildRet(b, LLVMBuildSelect(b, is_one, one, LLVMBuildSelect(b, is_minus_one, sign, zero, ""), ""));
    LLVMPositionBuilderAtEnd(b, loop);
    LLVMValueRef r = LLVMBuildPhi(b, m->i64, "r"), x = LLVMBuildPhi(b, m->i64, "x"), e = LLVMBuildPhi(b, m->i64, "e");
    LLVMValueRef bit = LLVMBuildTrunc(b, e, m->i1, "");
    LLVMValueRef r2 = LLVMBuildSelect(b, bit, LLVMBuildMul(b, r, x, ""), r, "");
    LLVMValueRef x2 = LLVMBuildMul(b, x, x, ""), e2 = LLVMBuildLShr(b, e, one, "");
    LLVMValueRef more = LLVMBuildICmp(b, LLVMIntNE, e2, zero, "");
    LLVMValueRef start = LLVMBuildICmp(b, LLVMIntEQ, e, zero, "");
    LLVMBuildCondBr(b, LLVMBuildAnd(b, more, LLVMBuildNot(b, start, ""), ""), loop, done);
    LLVMValueRef rin[2] = {one, r2}, xin[2] = {base, x2}, ein[2] = {exp, e2};
    LLVMBasicBlockRef from[2] = {entry, loop};
    LLVMAddIncoming(r, rin, from, 2);
    LLVMAddIncoming(x, xin, from, 2);
    LLVMAddIncoming(e, ein, from, 2);
    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRet(b, LLVMBuildSelect(b, start, one, r2, ""));
    LLVMDisposeBuilder(b);
    m->b = saved;
    return fn;
}

static LLVMValueRef int_power(Lower *L, const Type *t, LLVMValueRef a, LLVMValueRef e)
{
    bool u = ty_is_unsigned(t);
    LLVMValueRef fn = ipow_function(L->m, !u);
    LLVMValueRef args[2] = {u ? LLVMBuildZExt(L->b, a, L->m->i64, "") : LLVMBuildSExt(L->b, a, L->m->i64, ""),
                            u ? LLVMBuildZExt(L->b, e, L->m->i64, "") : LLVMBuildSExt(L->b, e, L->m->i64, "")};
    if (ty_bits(t) == 64)
        args[0] = a, args[1] = e;
    LLVMValueRef r = lw_call(L, fn, args, 2, "");
    return ty_bits(t) == 64 ? r : LLVMBuildTrunc(L->b, r, cg_type(L->m, t), "");
}

/* A C math function: libm's `sin`/`sinf` on the host, libdevice's `__nv_sin`/`__nv_sinf` on the GPU. */
static LLVMValueRef libm_call(Lower *L, const char *name, const Type *t, LLVMValueRef *args, int n)
{
    LLVMTypeRef ty = cg_type(L->m, t), p[3] = {ty, ty, ty};
    const char *sym = arena_printf(L->arena, "%s%s%s", L->m->device ? "__nv_" : "", name, t->kind == TY_FLOAT32 ? "f" : "");
    LLVMValueRef fn = cg_extern_fn(L->m, sym, ty, p, n);
    return lw_call(L, fn, args, n, "");
}

static LLVMTypeRef libdevice_letter_type(CgModule *m, char c)
{
    switch (c | 0x20) { /* lower case: an out-argument's letter is its pointee's type */
    case 'f': return m->f32;
    case 'd': return m->f64;
    case 'h': return LLVMInt16TypeInContext(m->ctx);
    case 'i': return m->i32;
    case 'l': return m->i64;
    default: return m->voidt;
    }
}

/* numba.cuda.libdevice.NAME(args): a call of __nv_NAME. Each out-argument points at a slot of the
 * entry block; the result and the slots' values are packed into the tuple the IR expects, as
 * numba-cuda's libdevice_implement_multiple_returns does. */
static LLVMValueRef lower_libdevice(Lower *L, const IrInstr *in)
{
    const IrLibdeviceFn *fn = ir_libdevice_fn(in->sub);
    LLVMTypeRef params[4], out_types[4];
    LLVMValueRef args[4], outs[4];
    int n = 0, nout = 0, k = 0;
    for (const char *a = fn->args; *a; a++, n++) {
        LLVMTypeRef t = libdevice_letter_type(L->m, *a);
        if (*a >= 'A' && *a <= 'Z') {
            params[n] = L->m->ptr;
            args[n] = outs[nout] = cg_entry_alloca(L->m, L->fn, t, "libdevice.out");
            out_types[nout++] = t;
        } else {
            params[n] = t;
            args[n] = L->vals[in->args[k++]];
        }
    }
    const char *sym = arena_printf(L->arena, "__nv_%s", fn->name);
    LLVMValueRef r = lw_call(L, cg_extern_fn(L->m, sym, libdevice_letter_type(L->m, fn->ret), params, n), args, n, "");
    if (!nout)
        return r;
    if (fn->ret == 'v' && nout == 1)
        return LLVMBuildLoad2(L->b, out_types[0], outs[0], "");
    LLVMValueRef agg = LLVMGetUndef(cg_type(L->m, ir_type(L->f, in->dst)));
    unsigned at = 0;
    if (fn->ret != 'v')
        agg = LLVMBuildInsertValue(L->b, agg, r, at++, "");
    for (int i = 0; i < nout; i++)
        agg = LLVMBuildInsertValue(L->b, agg, LLVMBuildLoad2(L->b, out_types[i], outs[i], ""), at++, "");
    return agg;
}

/* Float `**` and math.pow. On the GPU through libdevice's __nv_pow/__nv_powf, as numba-cuda
 * does (its target implements pow as a math call): NVPTX cannot select llvm.pow ("Cannot
 * select: fpow" aborts inside LLVM), nor llvm.exp, llvm.log, llvm.sin and the other libm-like
 * intrinsics. On the host llvm.pow, which LLVM folds (x ** 2.0 is x * x) and vectorizes. */
static LLVMValueRef float_power(Lower *L, const Type *t, LLVMValueRef *args)
{
    LLVMTypeRef ty = cg_type(L->m, t);
    return L->m->device ? libm_call(L, "pow", t, args, 2) : intrinsic(L, "llvm.pow", &ty, 1, args, 2);
}

/* Shifts by the type's width or more give 0 (or -1 for a negative arithmetic shift right). */
static LLVMValueRef shift(Lower *L, const Type *t, bool left, LLVMValueRef a, LLVMValueRef n)
{
    LLVMTypeRef ty = cg_type(L->m, t);
    LLVMValueRef width = LLVMConstInt(ty, (unsigned long long)ty_bits(t), 0);
    LLVMValueRef big = LLVMBuildICmp(L->b, LLVMIntUGE, n, width, "");
    LLVMValueRef safe_n = LLVMBuildSelect(L->b, big, LLVMConstNull(ty), n, "");
    LLVMValueRef r, overflow;
    if (left) {
        r = LLVMBuildShl(L->b, a, safe_n, "");
        overflow = LLVMConstNull(ty);
    } else if (ty_is_signed(t)) {
        r = LLVMBuildAShr(L->b, a, safe_n, "");
        LLVMValueRef neg = LLVMBuildICmp(L->b, LLVMIntSLT, a, LLVMConstNull(ty), "");
        overflow = LLVMBuildSelect(L->b, neg, LLVMConstAllOnes(ty), LLVMConstNull(ty), "");
    } else {
        r = LLVMBuildLShr(L->b, a, safe_n, "");
        overflow = LLVMConstNull(ty);
    }
    return LLVMBuildSelect(L->b, big, overflow, r, "");
}

static LLVMValueRef less_than(Lower *L, const Type *t, LLVMValueRef a, LLVMValueRef c)
{
    if (ty_is_float(t))
        return LLVMBuildFCmp(L->b, LLVMRealOLT, a, c, "");
    return LLVMBuildICmp(L->b, ty_is_signed(t) ? LLVMIntSLT : LLVMIntULT, a, c, "");
}

/* The IR's promises about an arithmetic result, as LLVM flags. */
static void set_flags(Lower *L, LLVMValueRef v, unsigned flags)
{
    unsigned set = L->spec->func->opts.fastmath_flags; /* fastmath={'nsz', ...}; 0: all of them */
    if ((flags & IRF_FASTMATH) && LLVMCanValueUseFastMathFlags(v))
        LLVMSetFastMathFlags(v, set ? set : LLVMFastMathAll);
    if (flags & IRF_NSW)
        LLVMSetNSW(v, 1);
    if (flags & IRF_NUW)
        LLVMSetNUW(v, 1);
}

/* NumPy's minimum and maximum (a NaN operand wins, the first if both are NaN) and fmin and fmax
 * (a NaN operand loses), as Numba computes them; otherwise a <= b ? a : b (>= for the max). */
static LLVMValueRef numpy_minmax(Lower *L, const Type *t, IrBinOp op, LLVMValueRef a, LLVMValueRef c)
{
    bool is_min = op == IB_MINIMUM || op == IB_FMIN;
    if (!ty_is_float(t)) {
        LLVMIntPredicate p = ty_is_signed(t) ? (is_min ? LLVMIntSLE : LLVMIntSGE) : (is_min ? LLVMIntULE : LLVMIntUGE);
        return LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, p, a, c, ""), a, c, "");
    }
    LLVMValueRef keep_a = LLVMBuildFCmp(L->b, is_min ? LLVMRealOLE : LLVMRealOGE, a, c, "");
    LLVMValueRef ordered = LLVMBuildSelect(L->b, keep_a, a, c, "");
    LLVMValueRef any_nan = LLVMBuildFCmp(L->b, LLVMRealUNO, a, c, "");
    bool propagate = op == IB_MINIMUM || op == IB_MAXIMUM;
    LLVMValueRef x = propagate ? a : c; /* minimum: a if a is NaN, else b; fmin: a if b is NaN */
    LLVMValueRef nan_result = LLVMBuildSelect(L->b, LLVMBuildFCmp(L->b, LLVMRealUNO, x, x, ""), a, c, "");
    return LLVMBuildSelect(L->b, any_nan, nan_result, ordered, "");
}

static LLVMValueRef arith(Lower *L, const IrInstr *in, const Type *t, LLVMValueRef a, LLVMValueRef c);

/* float16 `//`, `%` and `**` are computed in float32 and rounded, as NumPy's float16 loops do;
 * `/` in GPU code is cuda_fp16.hpp's __hdiv, as numba-cuda's (fp16.c). */
static LLVMValueRef half_arith(Lower *L, const IrInstr *in, LLVMValueRef a, LLVMValueRef c)
{
    if (in->sub == IB_TRUEDIV && L->m->device)
        return lw_fp16_div(L, a, c);
    if (in->sub != IB_FLOORDIV && in->sub != IB_MOD && in->sub != IB_POW)
        return NULL;
    LLVMValueRef r = arith(L, in, ty_scalar(TY_FLOAT32), LLVMBuildFPExt(L->b, a, L->m->f32, ""),
                           LLVMBuildFPExt(L->b, c, L->m->f32, ""));
    return LLVMBuildFPTrunc(L->b, r, LLVMTypeOf(a), "");
}

static LLVMValueRef lower_bin(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->dst);
    if (ty_is_complex(t))
        return lw_complex_bin(L, in);
    LLVMValueRef a = L->vals[in->args[0]], c = L->vals[in->args[1]], r;
    if (t->kind == TY_FLOAT16 && (r = half_arith(L, in, a, c)))
        return r;
    return arith(L, in, t, a, c);
}

static LLVMValueRef arith(Lower *L, const IrInstr *in, const Type *t, LLVMValueRef a, LLVMValueRef c)
{
    bool fl = ty_is_float(t);
    LLVMValueRef r = NULL;
    switch ((IrBinOp)in->sub) {
    case IB_ADD: r = fl ? LLVMBuildFAdd(L->b, a, c, "") : LLVMBuildAdd(L->b, a, c, ""); break;
    case IB_SUB: r = fl ? LLVMBuildFSub(L->b, a, c, "") : LLVMBuildSub(L->b, a, c, ""); break;
    case IB_MUL: r = fl ? LLVMBuildFMul(L->b, a, c, "") : LLVMBuildMul(L->b, a, c, ""); break;
    case IB_TRUEDIV:
        check_divisor(L, t, c, in->loc, "division by zero");
        if (gpu_fast_f32(L, t)) {
            LLVMValueRef args[2] = {a, c};
            return intrinsic(L, "llvm.nvvm.div.approx.ftz.f", NULL, 0, args, 2);
        }
        r = LLVMBuildFDiv(L->b, a, c, "");
        break;
    case IB_FLOORDIV:
    case IB_MOD: {
        bool mod = in->sub == IB_MOD;
        check_divisor(L, t, c, in->loc, fl ? (mod ? "float modulo" : "float divmod()")
                                           : "integer division or modulo by zero");
        r = fl ? float_floordiv_mod(L, t, a, c, mod) : int_floordiv_mod(L, t, a, c, mod);
        break;
    }
    case IB_POW: {
        LLVMTypeRef ty = cg_type(L->m, t);
        LLVMValueRef args[2] = {a, c};
        if (!fl && ty_is_signed(t) && !L->numpy_errors) { /* 0 ** -k divides by zero */
            LLVMValueRef zero = LLVMConstNull(ty);
            LLVMValueRef bad = LLVMBuildAnd(L->b, LLVMBuildICmp(L->b, LLVMIntEQ, a, zero, ""),
                                            LLVMBuildICmp(L->b, LLVMIntSLT, c, zero, ""), "");
            raise_if(L, bad, EXC_ZERODIV, "0 cannot be raised to a negative power", in->loc, NULL, NULL, NULL);
        }
        r = fl ? float_power(L, t, args) : int_power(L, t, a, c);
        break;
    }
    case IB_AND: r = LLVMBuildAnd(L->b, a, c, ""); break;
    case IB_OR: r = LLVMBuildOr(L->b, a, c, ""); break;
    case IB_XOR: r = LLVMBuildXor(L->b, a, c, ""); break;
    case IB_SHL: r = shift(L, t, true, a, c); break;
    case IB_SHR: r = shift(L, t, false, a, c); break;
    case IB_MIN: r = LLVMBuildSelect(L->b, less_than(L, t, c, a), c, a, ""); break; /* Python: b < a ? b : a */
    case IB_MAX: r = LLVMBuildSelect(L->b, less_than(L, t, a, c), c, a, ""); break;
    case IB_MINIMUM:
    case IB_MAXIMUM:
    case IB_FMIN:
    case IB_FMAX: r = numpy_minmax(L, t, (IrBinOp)in->sub, a, c); break;
    }
    set_flags(L, r, in->flags);
    return r;
}

/* cuda.popc, brev, clz, ffs on an integer a of type ty (ffs: of its own width, as uint32). */
static LLVMValueRef bit_op(Lower *L, IrUnOp op, LLVMValueRef a, LLVMTypeRef ty)
{
    LLVMTypeRef at = LLVMTypeOf(a);
    LLVMValueRef no_poison = LLVMConstInt(L->m->i1, 0, 0); /* clz(0) and ctz(0) are the width */
    switch (op) {
    case IU_POPC: return intrinsic(L, "llvm.ctpop", &at, 1, &a, 1);
    case IU_BREV: return intrinsic(L, "llvm.bitreverse", &at, 1, &a, 1);
    case IU_CLZ: return intrinsic(L, "llvm.ctlz", &at, 1, (LLVMValueRef[]){a, no_poison}, 2);
    default: break;
    }
    /* ffs: the 1-based position of the lowest set bit, 0 for 0 */
    LLVMValueRef tz = intrinsic(L, "llvm.cttz", &at, 1, (LLVMValueRef[]){a, no_poison}, 2);
    LLVMValueRef pos = LLVMBuildAdd(L->b, LLVMBuildIntCast2(L->b, tz, ty, 0, ""), LLVMConstInt(ty, 1, 0), "");
    LLVMValueRef zero = LLVMBuildICmp(L->b, LLVMIntEQ, a, LLVMConstNull(at), "");
    return LLVMBuildSelect(L->b, zero, LLVMConstNull(ty), pos, "");
}

static LLVMValueRef lower_unary(Lower *L, const IrInstr *in)
{
    if (ty_is_complex(ir_type(L->f, in->args[0])))
        return lw_complex_unary(L, in);
    const Type *t = ir_type(L->f, in->dst);
    LLVMValueRef a = L->vals[in->args[0]];
    LLVMTypeRef ty = cg_type(L->m, t);
    switch ((IrUnOp)in->sub) {
    case IU_NEG: return ty_is_float(t) ? LLVMBuildFNeg(L->b, a, "") : LLVMBuildNeg(L->b, a, "");
    case IU_NOT: return LLVMBuildNot(L->b, a, "");
    case IU_INVERT: return LLVMBuildNot(L->b, a, "");
    case IU_ABS:
        if (ty_is_float(t))
            return intrinsic(L, "llvm.fabs", &ty, 1, &a, 1);
        if (ty_is_unsigned(t))
            return a;
        return LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntSLT, a, LLVMConstNull(ty), ""),
                               LLVMBuildNeg(L->b, a, ""), a, "");
    case IU_POPC:
    case IU_BREV:
    case IU_CLZ:
    case IU_FFS: return bit_op(L, (IrUnOp)in->sub, a, ty);
    case IU_REAL:
    case IU_IMAG:
    case IU_CONJ: break; /* of complex numbers only: lw_complex_unary */
    }
    return a;
}

static LLVMValueRef lower_cmp(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->args[0]);
    LLVMValueRef a = L->vals[in->args[0]], c = L->vals[in->args[1]];
    AstOp op = (AstOp)in->sub;
    if (ty_is_complex(t))
        return lw_complex_cmp(L, in);
    if (ty_is_float(t)) {
        static const LLVMRealPredicate P[] = {LLVMRealOEQ, LLVMRealUNE, LLVMRealOLT, LLVMRealOLE, LLVMRealOGT,
                                              LLVMRealOGE};
        if (op == OP_NE && t->kind == TY_FLOAT16 && L->m->device) /* numba-cuda's __hne: setp.ne, ordered */
            return LLVMBuildFCmp(L->b, LLVMRealONE, a, c, "");
        return LLVMBuildFCmp(L->b, P[op - OP_EQ], a, c, "");
    }
    bool s = ty_is_signed(t);
    static const LLVMIntPredicate S[] = {LLVMIntEQ, LLVMIntNE, LLVMIntSLT, LLVMIntSLE, LLVMIntSGT, LLVMIntSGE};
    static const LLVMIntPredicate U[] = {LLVMIntEQ, LLVMIntNE, LLVMIntULT, LLVMIntULE, LLVMIntUGT, LLVMIntUGE};
    return LLVMBuildICmp(L->b, s ? S[op - OP_EQ] : U[op - OP_EQ], a, c, "");
}

static LLVMValueRef convert(Lower *L, LLVMValueRef v, const Type *from, const Type *to)
{
    LLVMTypeRef ty = cg_type(L->m, to);
    if (from == to || !ty_is_scalar(from))
        return v; /* array layouts share one representation */
    if (ty_is_complex(from) || ty_is_complex(to))
        return lw_complex_convert(L, v, from, to, convert);
    if (ty_is_bool(to))
        return ty_is_float(from) ? LLVMBuildFCmp(L->b, LLVMRealUNE, v, LLVMConstNull(cg_type(L->m, from)), "")
                                 : LLVMBuildICmp(L->b, LLVMIntNE, v, LLVMConstNull(cg_type(L->m, from)), "");
    if (ty_is_float(to)) {
        if (ty_is_float(from))
            return ty_bits(to) > ty_bits(from) ? LLVMBuildFPExt(L->b, v, ty, "") : LLVMBuildFPTrunc(L->b, v, ty, "");
        return ty_is_signed(from) ? LLVMBuildSIToFP(L->b, v, ty, "") : LLVMBuildUIToFP(L->b, v, ty, "");
    }
    if (ty_is_float(from)) { /* saturating: NaN and out-of-range values stay defined */
        LLVMTypeRef types[2] = {ty, cg_type(L->m, from)};
        if (from->kind == TY_FLOAT16 && L->m->device) /* numba-cuda: cvt.rni.s32.f16, to nearest */
            v = intrinsic(L, "llvm.rint", &types[1], 1, &v, 1);
        return intrinsic(L, ty_is_signed(to) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", types, 2, &v, 1);
    }
    int fb = ty_bits(from), tb = ty_bits(to);
    if (tb < fb)
        return LLVMBuildTrunc(L->b, v, ty, "");
    if (tb == fb)
        return v;
    return ty_is_signed(from) ? LLVMBuildSExt(L->b, v, ty, "") : LLVMBuildZExt(L->b, v, ty, "");
}

/* ---- math ---- */

/* The functions glibc's libmvec has in SIMD form, which LLVM's vectorizer calls in loops on
 * the host. Their float32 forms are computed in float64 and rounded: libmvec's float32 sin and
 * cos leave their fast path above |x| ~ 10^4 and then run 1.5x slower than scalar sinf (measured
 * on arange(1e7)), while the float64 ones stay fast (2.8x faster than scalar sin there). The
 * result is the correctly rounded float32 value but for double-rounding ties, where libm's
 * sinf may be 1 ulp away. */
static bool has_vector_twin(IrMathFn f)
{
    return f == IM_SIN || f == IM_COS || f == IM_TAN || f == IM_EXP || f == IM_LOG || f == IM_POW;
}

/* ldexp(x, n): libm's ldexp/ldexpf, libdevice's __nv_ldexp/__nv_ldexpf, which take an int32 n.
 * The int64 exponent is clamped to int32 first: any |n| >= 2^31 overflows or underflows as
 * the exact n would (a truncation would turn 2^32 + 1 into 1). */
static LLVMValueRef lower_ldexp(Lower *L, const Type *t, LLVMValueRef *a)
{
    LLVMTypeRef ty = cg_type(L->m, t), p[2] = {ty, L->m->i32};
    LLVMValueRef lo = LLVMConstInt(L->m->i64, (unsigned long long)INT32_MIN, 1), hi = LLVMConstInt(L->m->i64, INT32_MAX, 0);
    LLVMValueRef n = a[1];
    n = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntSLT, n, lo, ""), lo, n, "");
    n = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntSGT, n, hi, ""), hi, n, "");
    LLVMValueRef args[2] = {a[0], LLVMBuildTrunc(L->b, n, L->m->i32, "")};
    const char *sym = arena_printf(L->arena, "%sldexp%s", L->m->device ? "__nv_" : "", t->kind == TY_FLOAT32 ? "f" : "");
    return lw_call(L, cg_extern_fn(L->m, sym, ty, p, 2), args, 2, "");
}

/* frexp and modf return a second result through a pointer, in C and in libdevice alike:
 * frexp(x) is the tuple (mantissa, int32 exponent), modf(x) the tuple (fraction, integral part),
 * as Python orders them. The slot is an entry alloca, which SROA removes once inlined. */
static LLVMValueRef lower_split(Lower *L, const IrInstr *in, const Type *t, LLVMValueRef x)
{
    bool is_frexp = in->sub == IM_FREXP;
    LLVMTypeRef ty = cg_type(L->m, t), second = is_frexp ? L->m->i32 : ty;
    LLVMTypeRef p[2] = {ty, L->m->ptr};
    const char *sym = arena_printf(L->arena, "%s%s%s", L->m->device ? "__nv_" : "", is_frexp ? "frexp" : "modf",
                                   t->kind == TY_FLOAT32 ? "f" : "");
    LLVMValueRef slot = cg_entry_alloca(L->m, L->fn, second, is_frexp ? "frexp.exp" : "modf.int");
    LLVMValueRef args[2] = {x, slot};
    LLVMValueRef first = lw_call(L, cg_extern_fn(L->m, sym, ty, p, 2), args, 2, "");
    LLVMValueRef other = LLVMBuildLoad2(L->b, second, slot, "");
    LLVMValueRef tuple = LLVMGetUndef(cg_type(L->m, ir_type(L->f, in->dst)));
    tuple = LLVMBuildInsertValue(L->b, tuple, first, 0, "");
    return LLVMBuildInsertValue(L->b, tuple, other, 1, "");
}

/* A math function's libm name; fast_sin for libdevice's __nv_fast_sinf (gpu_fast_f32). */
static const char *math_call_name(Lower *L, IrMathFn f, const Type *t)
{
    bool has_fast = f == IM_COS || f == IM_SIN || f == IM_TAN || f == IM_EXP || f == IM_LOG || f == IM_LOG2 ||
                    f == IM_LOG10 || f == IM_POW;
    if (has_fast && gpu_fast_f32(L, t))
        return arena_printf(L->arena, "fast_%s", ir_math_name(f));
    return ir_math_name(f);
}

/* numba-cuda's fastmath float32 tanh on sm_75 and newer: the tanh.approx.f32 instruction (NVPTX
 * has no intrinsic for it; numba-cuda writes the same inline PTX). */
static LLVMValueRef fast_tanh(Lower *L, LLVMValueRef x)
{
    char *cpu = LLVMGetTargetMachineCPU(L->m->tm); /* "sm_90" */
    bool has_it = strncmp(cpu, "sm_", 3) == 0 && atoi(cpu + 3) >= 75;
    LLVMDisposeMessage(cpu);
    if (!has_it)
        return NULL;
    LLVMTypeRef fty = LLVMFunctionType(L->m->f32, &L->m->f32, 1, 0);
    static const char TEXT[] = "tanh.approx.f32 $0, $1;";
    LLVMValueRef fn = LLVMGetInlineAsm(fty, TEXT, sizeof TEXT - 1, "=f,f", 4, 0, 0, LLVMInlineAsmDialectATT, 0);
    return LLVMBuildCall2(L->b, fty, fn, &x, 1, "");
}

static LLVMValueRef lower_math(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->args[0]);
    if (t->kind == TY_FLOAT16)
        return lw_fp16_math(L, in);
    LLVMTypeRef ty = cg_type(L->m, t);
    LLVMValueRef a[3] = {L->vals[in->args[0]], in->nargs > 1 ? L->vals[in->args[1]] : NULL,
                         in->nargs > 2 ? L->vals[in->args[2]] : NULL};
    static const struct { IrMathFn fn; const char *intr; } INTRINSICS[] = {
        {IM_SIN, "llvm.sin"}, {IM_COS, "llvm.cos"}, {IM_EXP, "llvm.exp"}, {IM_LOG, "llvm.log"},
        {IM_LOG2, "llvm.log2"}, {IM_LOG10, "llvm.log10"}, {IM_SQRT, "llvm.sqrt"}, {IM_POW, "llvm.pow"},
        {IM_FLOOR, "llvm.floor"}, {IM_CEIL, "llvm.ceil"}, {IM_TRUNC, "llvm.trunc"}, {IM_FABS, "llvm.fabs"},
        {IM_COPYSIGN, "llvm.copysign"}, {IM_RINT, "llvm.rint"}, {IM_TAN, "llvm.tan"}, {IM_FMA, "llvm.fma"},
    };
    /* NVPTX has instructions for these; the others come from libdevice (NVPTX cannot select
     * llvm.pow, llvm.exp, llvm.log, llvm.sin, ...: LLVM would abort) */
    static const IrMathFn NATIVE_ON_GPU[] = {IM_SQRT, IM_FLOOR, IM_CEIL, IM_TRUNC, IM_FABS, IM_COPYSIGN, IM_RINT, IM_FMA};
    if (in->sub == IM_SQRT && gpu_fast_f32(L, t))
        return intrinsic(L, "llvm.nvvm.sqrt.approx.ftz.f", NULL, 0, a, 1);
    LLVMValueRef tanh_approx = in->sub == IM_TANH && gpu_fast_f32(L, t) ? fast_tanh(L, a[0]) : NULL;
    if (tanh_approx)
        return tanh_approx;
    bool native = !L->m->device;
    for (size_t i = 0; i < sizeof NATIVE_ON_GPU / sizeof NATIVE_ON_GPU[0]; i++)
        native |= NATIVE_ON_GPU[i] == (IrMathFn)in->sub;
    LLVMValueRef r = NULL;
    bool widen = !L->m->device && t->kind == TY_FLOAT32 && has_vector_twin((IrMathFn)in->sub);
    for (size_t i = 0; i < sizeof INTRINSICS / sizeof INTRINSICS[0] && native; i++)
        if (INTRINSICS[i].fn == (IrMathFn)in->sub && widen) {
            LLVMValueRef wide[2] = {LLVMBuildFPExt(L->b, a[0], L->m->f64, ""),
                                    a[1] ? LLVMBuildFPExt(L->b, a[1], L->m->f64, "") : NULL};
            r = intrinsic(L, INTRINSICS[i].intr, &L->m->f64, 1, wide, in->nargs);
            set_flags(L, r, in->flags);
            r = LLVMBuildFPTrunc(L->b, r, ty, "");
        } else if (INTRINSICS[i].fn == (IrMathFn)in->sub) {
            r = intrinsic(L, INTRINSICS[i].intr, &ty, 1, a, in->nargs);
        }
    if (r) {
        set_flags(L, r, in->flags);
        return r;
    }
    switch ((IrMathFn)in->sub) {
    case IM_ISNAN: return LLVMBuildFCmp(L->b, LLVMRealUNO, a[0], a[0], "");
    case IM_ISINF: {
        LLVMValueRef abs = intrinsic(L, "llvm.fabs", &ty, 1, a, 1);
        return LLVMBuildFCmp(L->b, LLVMRealOEQ, abs, LLVMConstReal(ty, __builtin_inf()), "");
    }
    case IM_ISFINITE: {
        LLVMValueRef abs = intrinsic(L, "llvm.fabs", &ty, 1, a, 1);
        return LLVMBuildFCmp(L->b, LLVMRealOLT, abs, LLVMConstReal(ty, __builtin_inf()), "");
    }
    case IM_RADIANS: return LLVMBuildFMul(L->b, a[0], LLVMConstReal(ty, 3.141592653589793 / 180.0), "");
    case IM_DEGREES: return LLVMBuildFMul(L->b, a[0], LLVMConstReal(ty, 180.0 / 3.141592653589793), "");
    case IM_GAMMA: return libm_call(L, "tgamma", t, a, 1);
    case IM_LDEXP: return lower_ldexp(L, t, a);
    case IM_FREXP:
    case IM_MODF: return lower_split(L, in, t, a[0]);
    default: return libm_call(L, math_call_name(L, (IrMathFn)in->sub, t), t, a, in->nargs);
    }
}

/* ---- arrays ---- */

LLVMValueRef lw_array_field(Lower *L, LLVMValueRef arr, unsigned field, unsigned axis)
{
    unsigned idx[2] = {field, axis};
    (void)idx;
    LLVMValueRef agg = LLVMBuildExtractValue(L->b, arr, field, "");
    return field == 0 ? agg : LLVMBuildExtractValue(L->b, agg, axis, "");
}

/* Address of array[i, j, ...]: negative indices wrap, bounds are checked if asked; a C array's
 * last axis is addressed by element so loops over it vectorize. */
static LLVMValueRef element_address(Lower *L, const IrInstr *in, const Type *at)
{
    LLVMValueRef arr = L->vals[in->args[0]];
    LLVMValueRef offset = LLVMConstInt(L->m->i64, 0, 0), last = NULL;
    for (int k = 0; k < at->ndim; k++) {
        LLVMValueRef i = L->vals[in->args[1 + k]], n = lw_array_field(L, arr, 1, (unsigned)k);
        if (in->flags & IRF_WRAP) {
            LLVMValueRef neg = LLVMBuildICmp(L->b, LLVMIntSLT, i, LLVMConstInt(L->m->i64, 0, 0), "");
            i = LLVMBuildSelect(L->b, neg, LLVMBuildAdd(L->b, i, n, ""), i, "");
        }
        if (in->flags & IRF_BOUNDSCHECK) {
            LLVMValueRef out = LLVMBuildICmp(L->b, LLVMIntUGE, i, n, "");
            raise_if(L, out, EXC_INDEX, NULL, in->loc, L->vals[in->args[1 + k]],
                     LLVMConstInt(L->m->i64, (unsigned long long)k, 0), n);
        }
        if (k == at->ndim - 1 && at->layout == 'C') {
            last = i;
            break;
        }
        LLVMValueRef stride = lw_array_field(L, arr, 2, (unsigned)k);
        offset = LLVMBuildAdd(L->b, offset, LLVMBuildMul(L->b, i, stride, ""), "");
    }
    LLVMValueRef data = lw_array_field(L, arr, 0, 0);
    LLVMValueRef p = LLVMBuildGEP2(L->b, L->m->i8, data, &offset, 1, "");
    if (last)
        p = LLVMBuildInBoundsGEP2(L->b, cg_mem_type(L->m, at->dtype), p, &last, 1, "");
    return p;
}

static LLVMValueRef lower_elem_load(Lower *L, const IrInstr *in)
{
    const Type *at = ir_type(L->f, in->args[0]);
    LLVMValueRef p = element_address(L, in, at);
    LLVMValueRef v = LLVMBuildLoad2(L->b, cg_mem_type(L->m, at->dtype), p, "");
    if (at->dtype->kind == TY_BOOL)
        v = LLVMBuildICmp(L->b, LLVMIntNE, v, LLVMConstInt(L->m->i8, 0, 0), "");
    return v;
}

static void lower_elem_store(Lower *L, const IrInstr *in)
{
    const Type *at = ir_type(L->f, in->args[0]);
    LLVMValueRef p = element_address(L, in, at);
    LLVMValueRef v = L->vals[in->args[in->nargs - 1]];
    if (at->dtype->kind == TY_BOOL)
        v = LLVMBuildZExt(L->b, v, L->m->i8, "");
    LLVMBuildStore(L->b, v, p);
}

/* ---- print ---- */

static void print_str(Lower *L, const char *s)
{
    LLVMValueRef fn = cg_runtime(L->m, RT_FN_jitc_rt_print_str);
    LLVMValueRef arg = lw_string(L, s);
    lw_call(L, fn, &arg, 1, "");
}

static void print_value(Lower *L, LLVMValueRef v, const Type *t)
{
    if (t->kind == TY_STR) { /* as itself (str.c) */
        lw_str_print(L, v, false);
        return;
    }
    if (ty_is_none_type(t)) { /* None in a tuple */
        print_str(L, "None");
        return;
    }
    if (t->kind == TY_TUPLE) {
        print_str(L, "(");
        for (int i = 0; i < t->n; i++) {
            if (i)
                print_str(L, ", ");
            if (t->elems[i]->kind == TY_STR) /* a tuple shows its strings' repr */
                lw_str_print(L, LLVMBuildExtractValue(L->b, v, (unsigned)i, ""), true);
            else
                print_value(L, LLVMBuildExtractValue(L->b, v, (unsigned)i, ""), t->elems[i]);
        }
        print_str(L, t->n == 1 ? ",)" : ")");
        return;
    }
    RtFnId print;
    if (ty_is_complex(t)) {
        lw_complex_print(L, v, t);
        return;
    }
    if (ty_is_bool(t)) {
        print = RT_FN_jitc_rt_print_bool;
        v = LLVMBuildZExt(L->b, v, L->m->i8, "");
    } else if (t->kind == TY_FLOAT32) {
        print = RT_FN_jitc_rt_print_f32;
    } else if (t->kind == TY_FLOAT64) {
        print = RT_FN_jitc_rt_print_f64;
    } else if (ty_is_signed(t)) {
        print = RT_FN_jitc_rt_print_i64;
        v = ty_bits(t) < 64 ? LLVMBuildSExt(L->b, v, L->m->i64, "") : v;
    } else {
        print = RT_FN_jitc_rt_print_u64;
        v = ty_bits(t) < 64 ? LLVMBuildZExt(L->b, v, L->m->i64, "") : v;
    }
    LLVMValueRef fn = cg_runtime(L->m, print);
    lw_call(L, fn, &v, 1, "");
}

/* On the GPU: one vprintf, formatted as Numba's CUDA print does (%lld / %llu for integers, %f
 * for floats, the strings inlined), its arguments in an 8-byte-aligned buffer. */
static void lower_device_print(Lower *L, const IrInstr *in)
{
    StrBuf fmt = {.arena = L->arena};
    LLVMTypeRef fields[64];
    LLVMValueRef vals[64];
    int n = 0;
    for (int i = 0; i < in->nargs && n < 64; i++) {
        if (i && !in->sub)
            sb_puts(&fmt, " ");
        if (in->imm.strs[i]) {
            for (const char *c = in->imm.strs[i]; *c; c++)
                sb_puts(&fmt, *c == '%' ? "%%" : (char[]){*c, 0});
            continue;
        }
        const Type *t = ir_type(L->f, in->args[i]);
        LLVMValueRef v = L->vals[in->args[i]];
        if (ty_is_float(t)) {
            sb_puts(&fmt, "%f");
            vals[n] = t->kind != TY_FLOAT64 ? LLVMBuildFPExt(L->b, v, L->m->f64, "") : v;
            fields[n++] = L->m->f64;
        } else {
            sb_puts(&fmt, ty_is_unsigned(t) || ty_is_bool(t) ? "%llu" : "%lld");
            vals[n] = ty_bits(t) == 64 ? v : ty_is_signed(t) ? LLVMBuildSExt(L->b, v, L->m->i64, "")
                                                               : LLVMBuildZExt(L->b, v, L->m->i64, "");
            fields[n++] = L->m->i64;
        }
    }
    sb_puts(&fmt, "\n");
    LLVMTypeRef buf_type = LLVMStructTypeInContext(L->m->ctx, fields, (unsigned)n, 0);
    LLVMBasicBlockRef here = LLVMGetInsertBlock(L->b);
    LLVMPositionBuilderBefore(L->b, LLVMGetBasicBlockTerminator(L->entry));
    LLVMValueRef buf = LLVMBuildAlloca(L->b, n ? buf_type : L->m->i64, "printf.args");
    LLVMPositionBuilderAtEnd(L->b, here);
    for (int k = 0; k < n; k++)
        LLVMBuildStore(L->b, vals[k], LLVMBuildStructGEP2(L->b, buf_type, buf, (unsigned)k, ""));
    LLVMTypeRef params[2] = {L->m->ptr, L->m->ptr};
    LLVMValueRef vprintf = cg_extern_fn(L->m, "vprintf", L->m->i32, params, 2);
    LLVMValueRef args[2] = {lw_string(L, sb_text(&fmt)), buf};
    lw_call(L, vprintf, args, 2, "");
}

static void lower_print(Lower *L, const IrInstr *in)
{
    if (L->m->device) {
        lower_device_print(L, in);
        return;
    }
    for (int i = 0; i < in->nargs; i++) { /* sub 1: the builder wrote the blanks (print of f-strings) */
        if (i && !in->sub)
            print_str(L, " ");
        if (in->imm.strs[i])
            print_str(L, in->imm.strs[i]);
        else
            print_value(L, L->vals[in->args[i]], ir_type(L->f, in->args[i]));
    }
    print_str(L, "\n");
}

/* ---- GPU intrinsics ---- */

/* A special register, with the range of values the hardware gives it (!range metadata), so that
 * LLVM keeps index arithmetic built on it in 32 bits and drops sign checks. */
static LLVMValueRef lower_sreg(Lower *L, const IrInstr *in)
{
    static const struct {
        const char *name;
        int64_t lo, hi; /* [lo, hi) */
    } SREGS[] = {
        [SREG_TID_X] = {"tid.x", 0, 1024},          [SREG_TID_Y] = {"tid.y", 0, 1024},
        [SREG_TID_Z] = {"tid.z", 0, 64},            [SREG_NTID_X] = {"ntid.x", 1, 1025},
        [SREG_NTID_Y] = {"ntid.y", 1, 1025},        [SREG_NTID_Z] = {"ntid.z", 1, 65},
        [SREG_CTAID_X] = {"ctaid.x", 0, 2147483647}, [SREG_CTAID_Y] = {"ctaid.y", 0, 65535},
        [SREG_CTAID_Z] = {"ctaid.z", 0, 65535},     [SREG_NCTAID_X] = {"nctaid.x", 1, 2147483648},
        [SREG_NCTAID_Y] = {"nctaid.y", 1, 65536},   [SREG_NCTAID_Z] = {"nctaid.z", 1, 65536},
        [SREG_LANEID] = {"laneid", 0, 32},          [SREG_WARPSIZE] = {"warpsize", 32, 33},
        [SREG_LANEMASK_LT] = {"lanemask.lt", 0, 0}, /* every 32-bit value: no range */
    };
    LLVMValueRef v = intrinsic(L, arena_printf(L->arena, "llvm.nvvm.read.ptx.sreg.%s", SREGS[in->sub].name),
                               NULL, 0, NULL, 0);
    if (SREGS[in->sub].lo == SREGS[in->sub].hi)
        return v;
    LLVMMetadataRef bounds[2] = {
        LLVMValueAsMetadata(LLVMConstInt(L->m->i32, (unsigned long long)SREGS[in->sub].lo, 0)),
        LLVMValueAsMetadata(LLVMConstInt(L->m->i32, (unsigned long long)SREGS[in->sub].hi, 0)),
    };
    LLVMSetMetadata(v, LLVMGetMDKindIDInContext(L->m->ctx, "range", 5),
                    LLVMMetadataAsValue(L->m->ctx, LLVMMDNodeInContext2(L->m->ctx, bounds, 2)));
    return v;
}

/* Barriers and fences; syncthreads_count/and/or return the block's reduction of a predicate
 * (bar.red.popc / and / or), as numba-cuda's llvm.nvvm.barrier0.popc/and/or calls. */
static LLVMValueRef lower_sync(Lower *L, const IrInstr *in)
{
    static const char *const INTRINSICS[] = {
        [SYNC_THREADS] = "llvm.nvvm.barrier0",          [SYNC_WARP] = "llvm.nvvm.bar.warp.sync",
        [SYNC_FENCE] = "llvm.nvvm.membar.gl",           [SYNC_FENCE_BLOCK] = "llvm.nvvm.membar.cta",
        [SYNC_FENCE_SYSTEM] = "llvm.nvvm.membar.sys",   [SYNC_THREADS_COUNT] = "llvm.nvvm.barrier0.popc",
        [SYNC_THREADS_AND] = "llvm.nvvm.barrier0.and",  [SYNC_THREADS_OR] = "llvm.nvvm.barrier0.or",
    };
    if (in->sub == SYNC_GRID) {
        cg_grid_sync(L->m);
        return NULL;
    }
    if (in->sub == SYNC_NANOSLEEP) { /* numba-cuda's inline PTX */
        LLVMTypeRef fty = LLVMFunctionType(L->m->voidt, &L->m->i32, 1, 0);
        LLVMValueRef nanosleep = LLVMGetInlineAsm(fty, "nanosleep.u32 $0;", 17, "r", 1, 1, 0, LLVMInlineAsmDialectATT, 0);
        LLVMBuildCall2(L->b, fty, nanosleep, &L->vals[in->args[0]], 1, "");
        return NULL;
    }
    LLVMValueRef arg = in->sub == SYNC_WARP ? LLVMConstAllOnes(L->m->i32) : in->nargs ? L->vals[in->args[0]] : NULL;
    LLVMValueRef r = intrinsic(L, INTRINSICS[in->sub], NULL, 0, &arg, arg ? 1 : 0);
    return in->dst == IR_NOVALUE ? NULL : r;
}

/* shape 0: the extern shared buffer every dynamic shared array shares (as in Numba), sized by
 * the launch: %dynamic_smem_size / itemsize elements. */
static LLVMValueRef dynamic_shared_array(Lower *L, const Type *at)
{
    LLVMValueRef g = LLVMGetNamedGlobal(L->m->mod, "jitc_dynamic_shared");
    if (!g) {
        g = LLVMAddGlobalInAddressSpace(L->m->mod, LLVMArrayType2(L->m->i8, 0), "jitc_dynamic_shared", 3);
        LLVMSetAlignment(g, 16);
    }
    LLVMTypeRef fty = LLVMFunctionType(L->m->i32, NULL, 0, 0);
    const char *text = "mov.u32 $0, %dynamic_smem_size;";
    LLVMValueRef asm_fn = LLVMGetInlineAsm(fty, text, strlen(text), "=r", 2, 0, 0, LLVMInlineAsmDialectATT, 0);
    LLVMValueRef bytes = LLVMBuildZExt(L->b, LLVMBuildCall2(L->b, fty, asm_fn, NULL, 0, ""), L->m->i64, "");
    LLVMValueRef item = LLVMConstInt(L->m->i64, (unsigned long long)ty_size(at->dtype), 0);
    LLVMValueRef arr = LLVMBuildInsertValue(L->b, LLVMConstNull(cg_type(L->m, at)),
                                            LLVMBuildAddrSpaceCast(L->b, g, L->m->ptr, ""), 0, "");
    LLVMValueRef dims = LLVMBuildInsertValue(L->b, LLVMGetUndef(LLVMArrayType2(L->m->i64, 1)),
                                             LLVMBuildUDiv(L->b, bytes, item, ""), 0, "");
    arr = LLVMBuildInsertValue(L->b, arr, dims, 1, "");
    LLVMValueRef strides = LLVMBuildInsertValue(L->b, LLVMGetUndef(LLVMArrayType2(L->m->i64, 1)), item, 0, "");
    return LLVMBuildInsertValue(L->b, arr, strides, 2, "");
}

/* An atomic float max or min at p, by compare-and-swap on the bits, with numba-cuda's NaN rules:
 * the element is replaced while v beats it. max/min compare ordered, so they never replace a NaN
 * element; nanmax/nanmin compare unordered, so a NaN element is replaced. A NaN v changes
 * nothing in either. Returns the element's value before. */
static LLVMValueRef atomic_float_minmax(Lower *L, LLVMValueRef p, LLVMValueRef v, IrAtomic op)
{
    LLVMTypeRef ft = LLVMTypeOf(v), it = LLVMIntTypeInContext(L->m->ctx, LLVMGetTypeKind(ft) == LLVMFloatTypeKind ? 32 : 64);
    bool max = op == AT_MAX || op == AT_NANMAX, nan = op == AT_NANMAX || op == AT_NANMIN;
    LLVMRealPredicate beats_pred = max ? (nan ? LLVMRealULT : LLVMRealOLT) : (nan ? LLVMRealUGT : LLVMRealOGT);
    LLVMBasicBlockRef start = LLVMGetInsertBlock(L->b);
    LLVMValueRef fn = LLVMGetBasicBlockParent(start);
    LLVMBasicBlockRef check = LLVMAppendBasicBlockInContext(L->m->ctx, fn, "minmax.check");
    LLVMBasicBlockRef swap = LLVMAppendBasicBlockInContext(L->m->ctx, fn, "minmax.swap");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(L->m->ctx, fn, "minmax.done");
    LLVMValueRef first = LLVMBuildLoad2(L->b, it, p, "");
    LLVMSetOrdering(first, LLVMAtomicOrderingMonotonic);
    LLVMSetAlignment(first, (unsigned)LLVMGetIntTypeWidth(it) / 8);
    LLVMBuildBr(L->b, check);

    LLVMPositionBuilderAtEnd(L->b, check);
    LLVMValueRef seen = LLVMBuildPhi(L->b, it, "");
    LLVMValueRef beats = LLVMBuildFCmp(L->b, beats_pred, LLVMBuildBitCast(L->b, seen, ft, ""), v, "");
    if (nan) /* unordered also holds for a NaN v: that one must not win */
        beats = LLVMBuildAnd(L->b, beats, LLVMBuildFCmp(L->b, LLVMRealORD, v, v, ""), "");
    LLVMBuildCondBr(L->b, beats, swap, done);

    LLVMPositionBuilderAtEnd(L->b, swap);
    LLVMValueRef pair = LLVMBuildAtomicCmpXchg(L->b, p, seen, LLVMBuildBitCast(L->b, v, it, ""),
                                               LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic, 0);
    LLVMValueRef now = LLVMBuildExtractValue(L->b, pair, 0, "");
    LLVMBuildCondBr(L->b, LLVMBuildExtractValue(L->b, pair, 1, ""), done, check);
    LLVMAddIncoming(seen, (LLVMValueRef[]){first, now}, (LLVMBasicBlockRef[]){start, swap}, 2);

    LLVMPositionBuilderAtEnd(L->b, done);
    return LLVMBuildBitCast(L->b, seen, ft, "");
}

/* cuda.atomic.*: an atomicrmw (or cmpxchg) on the element, relaxed as CUDA's atomics are.
 * inc/dec are CUDA's atomicInc/atomicDec (LLVM's uinc_wrap/udec_wrap at 64 bits). */
static LLVMValueRef lower_atomic(Lower *L, const IrInstr *in)
{
    const Type *at = ir_type(L->f, in->args[0]), *dt = at->dtype;
    LLVMValueRef p = element_address(L, in, at);
    LLVMValueRef v = L->vals[in->args[1 + at->ndim]];
    if (in->sub == AT_CAS) {
        LLVMValueRef pair = LLVMBuildAtomicCmpXchg(L->b, p, v, L->vals[in->args[2 + at->ndim]],
                                                   LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic, 0);
        return LLVMBuildExtractValue(L->b, pair, 0, "");
    }
    bool fl = ty_is_float(dt), s = ty_is_signed(dt);
    bool minmax = in->sub == AT_MAX || in->sub == AT_MIN || in->sub == AT_NANMAX || in->sub == AT_NANMIN;
    if (fl && minmax)
        return atomic_float_minmax(L, p, v, (IrAtomic)in->sub);
    if ((in->sub == AT_INC || in->sub == AT_DEC) && ty_bits(dt) == 32) {
        /* LLVM 19's NVPTX expands a 32-bit uinc_wrap/udec_wrap into a CAS loop; its intrinsic
         * is one atom.inc.u32 / atom.dec.u32 */
        LLVMTypeRef pt = LLVMTypeOf(p);
        return intrinsic(L, in->sub == AT_INC ? "llvm.nvvm.atomic.load.inc.32" : "llvm.nvvm.atomic.load.dec.32", &pt, 1,
                         (LLVMValueRef[]){p, v}, 2);
    }
    LLVMAtomicRMWBinOp op;
    switch ((IrAtomic)in->sub) {
    case AT_ADD: op = fl ? LLVMAtomicRMWBinOpFAdd : LLVMAtomicRMWBinOpAdd; break;
    case AT_SUB: op = fl ? LLVMAtomicRMWBinOpFSub : LLVMAtomicRMWBinOpSub; break;
    case AT_MAX: case AT_NANMAX: op = s ? LLVMAtomicRMWBinOpMax : LLVMAtomicRMWBinOpUMax; break;
    case AT_MIN: case AT_NANMIN: op = s ? LLVMAtomicRMWBinOpMin : LLVMAtomicRMWBinOpUMin; break;
    case AT_EXCH: op = LLVMAtomicRMWBinOpXchg; break;
    case AT_AND: op = LLVMAtomicRMWBinOpAnd; break;
    case AT_OR: op = LLVMAtomicRMWBinOpOr; break;
    case AT_INC: op = LLVMAtomicRMWBinOpUIncWrap; break;
    case AT_DEC: op = LLVMAtomicRMWBinOpUDecWrap; break;
    default: op = LLVMAtomicRMWBinOpXor; break;
    }
    return LLVMBuildAtomicRMW(L->b, op, p, v, LLVMAtomicOrderingMonotonic, 0);
}

/* One 32-bit shuffle: llvm.nvvm.shfl.sync.MODE.i32. */
static LLVMValueRef shuffle32(Lower *L, const char *mode, LLVMValueRef mask, LLVMValueRef v, LLVMValueRef lane)
{
    bool up = strcmp(mode, "up") == 0; /* up clamps at lane 0, the others at the warp's last lane */
    LLVMValueRef args[4] = {mask, v, lane, LLVMConstInt(L->m->i32, up ? 0 : 0x1f, 0)};
    return intrinsic(L, arena_printf(L->arena, "llvm.nvvm.shfl.sync.%s.i32", mode), NULL, 0, args, 4);
}

/* match_any_sync: the mask of lanes holding the same bits as this one (int32); match_all_sync:
 * (that mask, or 0 where lanes differ; whether all agree), numba-cuda's (int32, bool) tuple. */
static LLVMValueRef warp_match(Lower *L, bool all, LLVMValueRef mask, LLVMValueRef v)
{
    bool wide = LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMDoubleTypeKind || LLVMTypeOf(v) == L->m->i64;
    v = LLVMBuildBitCast(L->b, v, wide ? L->m->i64 : L->m->i32, "");
    const char *name = arena_printf(L->arena, "llvm.nvvm.match.%s.sync.i%d%s", all ? "all" : "any", wide ? 64 : 32,
                                    all ? "p" : "");
    return intrinsic(L, name, NULL, 0, (LLVMValueRef[]){mask, v}, 2);
}

static LLVMValueRef lower_warp(Lower *L, const IrInstr *in)
{
    LLVMValueRef a[3] = {in->nargs > 0 ? L->vals[in->args[0]] : NULL, in->nargs > 1 ? L->vals[in->args[1]] : NULL,
                         in->nargs > 2 ? L->vals[in->args[2]] : NULL};
    switch ((IrWarp)in->sub) {
    case WARP_ALL: return intrinsic(L, "llvm.nvvm.vote.all.sync", NULL, 0, a, 2);
    case WARP_ANY: return intrinsic(L, "llvm.nvvm.vote.any.sync", NULL, 0, a, 2);
    case WARP_EQ: return intrinsic(L, "llvm.nvvm.vote.uni.sync", NULL, 0, a, 2); /* every lane's predicate alike */
    case WARP_BALLOT: return intrinsic(L, "llvm.nvvm.vote.ballot.sync", NULL, 0, a, 2);
    case WARP_ACTIVEMASK: return intrinsic(L, "llvm.nvvm.activemask", NULL, 0, NULL, 0);
    case WARP_MATCH_ANY:
    case WARP_MATCH_ALL: return warp_match(L, in->sub == WARP_MATCH_ALL, a[0], a[1]);
    default: break;
    }
    static const char *const MODES[] = {"idx", "down", "up", "bfly"};
    const char *mode = MODES[in->sub - WARP_SHFL];
    const Type *t = ir_type(L->f, in->dst);
    LLVMTypeRef ty = cg_type(L->m, t);
    if (ty_bits(t) == 32) {
        LLVMValueRef bits = LLVMBuildBitCast(L->b, a[1], L->m->i32, "");
        return LLVMBuildBitCast(L->b, shuffle32(L, mode, a[0], bits, a[2]), ty, "");
    }
    /* 64 bits: the two halves shuffle separately */
    LLVMValueRef bits = LLVMBuildBitCast(L->b, a[1], L->m->i64, "");
    LLVMValueRef lo = LLVMBuildTrunc(L->b, bits, L->m->i32, "");
    LLVMValueRef hi = LLVMBuildTrunc(L->b, LLVMBuildLShr(L->b, bits, LLVMConstInt(L->m->i64, 32, 0), ""), L->m->i32, "");
    lo = LLVMBuildZExt(L->b, shuffle32(L, mode, a[0], lo, a[2]), L->m->i64, "");
    hi = LLVMBuildZExt(L->b, shuffle32(L, mode, a[0], hi, a[2]), L->m->i64, "");
    LLVMValueRef joined = LLVMBuildOr(L->b, lo, LLVMBuildShl(L->b, hi, LLVMConstInt(L->m->i64, 32, 0), ""), "");
    return LLVMBuildBitCast(L->b, joined, ty, "");
}

/* A shared array is a module global in address space 3, a local one an alloca in the entry
 * block; either becomes an ordinary C-contiguous array value over a generic pointer. */
static LLVMValueRef lower_static_array(Lower *L, const IrInstr *in)
{
    const Type *at = ir_type(L->f, in->dst);
    uint64_t count = 1;
    for (int k = 0; k < at->ndim; k++)
        count *= (uint64_t)in->imm.dims[k];
    LLVMTypeRef storage = LLVMArrayType2(cg_mem_type(L->m, at->dtype), count);
    LLVMValueRef data;
    if (count == 0) /* dynamic shared memory: the launch's shared_bytes */
        return dynamic_shared_array(L, at);
    if (in->sub == SPACE_SHARED) {
        LLVMValueRef g = LLVMAddGlobalInAddressSpace(L->m->mod, storage, "shared", 3);
        LLVMSetLinkage(g, LLVMInternalLinkage);
        LLVMSetInitializer(g, LLVMGetUndef(storage));
        LLVMSetAlignment(g, 16);
        data = LLVMBuildAddrSpaceCast(L->b, g, L->m->ptr, "");
    } else {
        LLVMBasicBlockRef here = LLVMGetInsertBlock(L->b);
        LLVMPositionBuilderBefore(L->b, LLVMGetBasicBlockTerminator(L->entry));
        data = LLVMBuildAlloca(L->b, storage, "local");
        LLVMPositionBuilderAtEnd(L->b, here);
    }
    LLVMValueRef arr = LLVMBuildInsertValue(L->b, LLVMConstNull(cg_type(L->m, at)), data, 0, "");
    LLVMValueRef shape = LLVMGetUndef(LLVMArrayType2(L->m->i64, (uint64_t)at->ndim)), strides = shape;
    uint64_t stride = (uint64_t)ty_size(at->dtype);
    for (int k = at->ndim - 1; k >= 0; k--) {
        shape = LLVMBuildInsertValue(L->b, shape, LLVMConstInt(L->m->i64, (uint64_t)in->imm.dims[k], 0), (unsigned)k, "");
        strides = LLVMBuildInsertValue(L->b, strides, LLVMConstInt(L->m->i64, stride, 0), (unsigned)k, "");
        stride *= (uint64_t)in->imm.dims[k];
    }
    arr = LLVMBuildInsertValue(L->b, arr, shape, 1, "");
    return LLVMBuildInsertValue(L->b, arr, strides, 2, "");
}

/* The global holding a frozen array's bytes: on the host a private unnamed_addr constant, on the
 * GPU constant memory (address space 4, as numba-cuda puts global arrays; global memory past
 * the 64 KiB constant bank). One per array and module: an equal global is reused. */
static LLVMValueRef const_array_global(Lower *L, const ConstArray *a)
{
    size_t bytes = (size_t)a->count * (size_t)ty_size(a->dtype);
    LLVMValueRef init = LLVMConstStringInContext2(L->m->ctx, (const char *)a->data, bytes, 1);
    unsigned space = !L->m->device ? 0 : bytes <= 65536 ? 4 : 1;
    const char *name = arena_printf(L->arena, "jitc_const_%s", a->name);
    for (LLVMValueRef g = LLVMGetNamedGlobal(L->m->mod, name); g; g = NULL)
        if (LLVMGetInitializer(g) == init && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == space)
            return g;
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(L->m->mod, LLVMTypeOf(init), name, space);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, L->m->device ? LLVMInternalLinkage : LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    LLVMSetAlignment(g, 16);
    return g;
}

/* A module-level NumPy array frozen into the code: an array value over its constant global,
 * with C or Fortran strides. */
static LLVMValueRef lower_const_array(Lower *L, const IrInstr *in)
{
    const ConstArray *a = in->imm.carray;
    const Type *at = ir_type(L->f, in->dst);
    LLVMValueRef data = LLVMConstNull(L->m->ptr);
    if (a->count) {
        data = const_array_global(L, a);
        if (L->m->device)
            data = LLVMBuildAddrSpaceCast(L->b, data, L->m->ptr, "");
    }
    LLVMValueRef arr = LLVMBuildInsertValue(L->b, LLVMConstNull(cg_type(L->m, at)), data, 0, "");
    LLVMValueRef shape = LLVMGetUndef(LLVMArrayType2(L->m->i64, (uint64_t)a->ndim)), strides = shape;
    uint64_t stride = (uint64_t)ty_size(a->dtype);
    for (int j = 0; j < a->ndim; j++) {
        int k = a->fortran ? j : a->ndim - 1 - j; /* innermost axis first */
        shape = LLVMBuildInsertValue(L->b, shape, LLVMConstInt(L->m->i64, (uint64_t)a->shape[k], 0), (unsigned)k, "");
        strides = LLVMBuildInsertValue(L->b, strides, LLVMConstInt(L->m->i64, stride, 0), (unsigned)k, "");
        stride *= (uint64_t)a->shape[k];
    }
    arr = LLVMBuildInsertValue(L->b, arr, shape, 1, "");
    return LLVMBuildInsertValue(L->b, arr, strides, 2, "");
}

/* ---- instructions and blocks ---- */

static LLVMValueRef lower_const(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->dst);
    if (ty_is_float(t))
        return LLVMConstReal(cg_type(L->m, t), in->imm.f);
    return LLVMConstInt(cg_type(L->m, t), (unsigned long long)in->imm.i, 1);
}

/* An exception raised inside jitc's libraries (nprandom.krn's ValueErrors) is located at the
 * user's call of the library, not in the library's text. */
static void locate_at_call(Lower *L, SrcLoc loc)
{
    LLVMValueRef code = LLVMBuildLoad2(L->b, L->m->i32, LLVMBuildStructGEP2(L->b, L->m->err_type, L->err, RT_ERR_code, ""), "");
    LLVMValueRef p = LLVMBuildStructGEP2(L->b, L->m->err_type, L->err, RT_ERR_where, "");
    LLVMValueRef old = LLVMBuildLoad2(L->b, L->m->ptr, p, "");
    LLVMValueRef raised = LLVMBuildICmp(L->b, LLVMIntNE, code, LLVMConstInt(L->m->i32, 0, 0), "");
    LLVMBuildStore(L->b, LLVMBuildSelect(L->b, raised, lw_string(L, lw_where(L, loc)), old, ""), p);
}

/* Before a call from a function in a call cycle to another (recursion.c): a stack pointer below
 * the thread's floor raises RecursionError, located at the call, as Python's traceback ends. */
static void check_stack(Lower *L, SrcLoc loc)
{
    LLVMValueRef zero = LLVMConstInt(L->m->i32, 0, 0);
    LLVMValueRef sp = intrinsic(L, "llvm.frameaddress", &L->m->ptr, 1, &zero, 1); /* reads no memory */
    LLVMValueRef deep = LLVMBuildICmp(L->b, LLVMIntULT, sp, L->floor, "deep");
    LLVMValueRef no[2] = {deep, LLVMConstInt(L->m->i1, 0, 0)};
    deep = intrinsic(L, "llvm.expect", &L->m->i1, 1, no, 2);
    if (!L->jmpbuf) {
        raise_if(L, deep, EXC_RECURSION, CG_RECURSION_MESSAGE, loc, NULL, NULL, NULL);
        return;
    }
    LLVMBasicBlockRef bad = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "recursion.jump");
    LLVMBasicBlockRef ok = LLVMAppendBasicBlockInContext(L->m->ctx, L->fn, "ok");
    LLVMBuildCondBr(L->b, deep, bad, ok);
    LLVMPositionBuilderAtEnd(L->b, bad);
    cg_cycle_jump(L->m, L->jmpbuf, lw_string(L, lw_where(L, loc)));
    LLVMPositionBuilderAtEnd(L->b, ok);
}

static LLVMValueRef lower_call(Lower *L, const IrInstr *in)
{
    LLVMValueRef args[67];
    args[0] = L->err;
    for (int i = 0; i < in->nargs; i++)
        args[i + 1] = L->vals[in->args[i]];
    LLVMValueRef fn = cg_function(L->m, in->imm.callee);
    int nargs = in->nargs + 1;
    CgCycle mode = L->floor ? cg_cycle_mode(L->m, in->imm.callee) : CG_CYCLE_NONE;
    if (mode != CG_CYCLE_NONE) /* deeper into a cycle */
        check_stack(L, in->loc);
    if (mode != CG_CYCLE_NONE && mode == cg_cycle_mode(L->m, L->spec)) { /* the same mode: floor passed on */
        fn = cg_cycle_body(L->m, in->imm.callee);
        args[nargs++] = L->floor;
        if (L->jmpbuf)
            args[nargs++] = L->jmpbuf;
    }
    LLVMValueRef r = lw_call(L, fn, args, nargs, "");
    if (in->imm.callee->func->scope && !L->spec->func->scope && !L->m->device)
        locate_at_call(L, in->loc);
    lw_propagate(L);
    return r;
}

static LLVMValueRef lower_parallel_for(Lower *L, const IrInstr *in)
{
    LLVMValueRef args[64 + 16];
    const Type *types[64 + 16];
    for (int i = 0; i < in->nargs; i++) {
        args[i] = L->vals[in->args[i]];
        types[i] = ir_type(L->f, in->args[i]);
    }
    LLVMValueRef r = cg_parallel_for(L->m, L->entry, L->err, in->imm.par, args, types, in->nargs);
    lw_propagate(L);
    return r;
}

static LLVMValueRef lower_tuple(Lower *L, const IrInstr *in)
{
    LLVMValueRef agg = LLVMGetUndef(cg_type(L->m, ir_type(L->f, in->dst)));
    for (int i = 0; i < in->nargs; i++)
        agg = LLVMBuildInsertValue(L->b, agg, L->vals[in->args[i]], (unsigned)i, "");
    return agg;
}

/* len(range(start, stop, step)) without overflow: the distance as an unsigned number, minus
 * one, divided by |step|, plus one; zero when the range is empty. */
static LLVMValueRef lower_range_count(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->args[0]);
    LLVMValueRef start = L->vals[in->args[0]], stop = L->vals[in->args[1]], step = L->vals[in->args[2]];
    LLVMTypeRef ty = cg_type(L->m, t);
    LLVMValueRef zero = LLVMConstNull(ty), one = LLVMConstInt(ty, 1, 0);
    LLVMIntPredicate gt = ty_is_signed(t) ? LLVMIntSGT : LLVMIntUGT;
    LLVMValueRef up_len = LLVMBuildAdd(L->b, LLVMBuildUDiv(L->b, LLVMBuildSub(L->b, LLVMBuildSub(L->b, stop, start, ""), one, ""), step, ""), one, "");
    LLVMValueRef up = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, gt, stop, start, ""), up_len, zero, "");
    if (!ty_is_signed(t))
        return up;
    LLVMValueRef down_len = LLVMBuildAdd(L->b, LLVMBuildUDiv(L->b, LLVMBuildSub(L->b, LLVMBuildSub(L->b, start, stop, ""), one, ""), LLVMBuildNeg(L->b, step, ""), ""), one, "");
    LLVMValueRef down = LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntSGT, start, stop, ""), down_len, zero, "");
    return LLVMBuildSelect(L->b, LLVMBuildICmp(L->b, LLVMIntSGT, step, zero, ""), up, down, "");
}

static LLVMValueRef lower_instr(Lower *L, const IrInstr *in)
{
    switch (in->op) {
    case IR_CONST: return lower_const(L, in);
    case IR_PARAM: return LLVMGetParam(L->fn, (unsigned)in->imm.index + 1);
    case IR_LOAD:
        return LLVMBuildLoad2(L->b, cg_type(L->m, L->f->locals[in->imm.index].type), L->locals[in->imm.index], "");
    case IR_STORE: lw_store(L, in); return NULL;
    case IR_BIN: return lower_bin(L, in);
    case IR_UNARY: return lower_unary(L, in);
    case IR_CMP: return lower_cmp(L, in);
    case IR_CAST: return convert(L, L->vals[in->args[0]], ir_type(L->f, in->args[0]), ir_type(L->f, in->dst));
    case IR_CALL: return lower_call(L, in);
    case IR_PARALLEL_FOR: return lower_parallel_for(L, in);
    case IR_MATH: return lower_math(L, in);
    case IR_SHAPE: return lw_array_field(L, L->vals[in->args[0]], in->sub ? 2 : 1, (unsigned)in->imm.index);
    case IR_ELEM_LOAD: return lower_elem_load(L, in);
    case IR_ELEM_STORE: lower_elem_store(L, in); return NULL;
    case IR_TUPLE: return lower_tuple(L, in);
    case IR_TUPLE_GET: return LLVMBuildExtractValue(L->b, L->vals[in->args[0]], (unsigned)in->imm.index, "");
    case IR_PRINT: lower_print(L, in); return NULL;
    case IR_SREG: return lower_sreg(L, in);
    case IR_SYNC: return lower_sync(L, in);
    case IR_SELECT: return LLVMBuildSelect(L->b, L->vals[in->args[0]], L->vals[in->args[1]], L->vals[in->args[2]], "");
    case IR_STATIC_ARRAY: return lower_static_array(L, in);
    case IR_CONST_ARRAY: return lower_const_array(L, in);
    case IR_ATOMIC: return lower_atomic(L, in);
    case IR_WARP: return lower_warp(L, in);
    case IR_FP16: return lw_fp16(L, in);
    case IR_LIBDEVICE: return lower_libdevice(L, in);
    case IR_RANGE_COUNT: return lower_range_count(L, in);
    case IR_ALLOC: return lw_alloc(L, in);
    case IR_FILL: lw_fill(L, in); return NULL;
    case IR_VIEW: return lw_view(L, in);
    case IR_COMPLEX: return lw_complex_make(L, in);
    case IR_LINALG: return lw_linalg(L, in);
    case IR_OBJMODE: return lw_objmode(L, in);
    case IR_RANDOM: return lw_random(L, in);
    case IR_LIST: return lw_list(L, in);
    case IR_HASH: return lw_hash(L, in);
    case IR_STR: return lw_str(L, in);
    case IR_ARRAY_MAP: {
        LLVMValueRef r = lw_array_map(L, in);
        lw_propagate(L);
        return r;
    }
    }
    return NULL;
}

/* Whether an instruction only computes: it writes no memory and synchronizes nothing. */
static bool only_computes(const IrInstr *in)
{
    switch (in->op) {
    case IR_CONST: case IR_PARAM: case IR_LOAD: case IR_STORE: case IR_BIN: case IR_UNARY: case IR_CMP:
    case IR_CAST: case IR_MATH: case IR_SHAPE: case IR_ELEM_LOAD: case IR_TUPLE: case IR_TUPLE_GET:
    case IR_SREG: case IR_SELECT: case IR_RANGE_COUNT: case IR_COMPLEX: case IR_FP16: case IR_LIBDEVICE:
    case IR_VIEW:
        return true;
    default:
        return false;
    }
}

/* Whether the loop whose back edge goes from block `latch` to block `header` (blocks are numbered
 * in source order, so its body is the blocks between) only reads memory and computes. */
static bool loop_only_computes(const IrFunc *f, int header, int latch)
{
    for (int k = header; k <= latch; k++)
        for (int i = 0; i < f->blocks[k]->n; i++)
            if (!only_computes(&f->blocks[k]->instrs[i]))
                return false;
    return true;
}

/* A loop's back edge in GPU code: no runtime unrolling where the loop writes memory. NVPTX asks
 * for it, but a kernel loop whose loads may alias its stores gains nothing from it, while the
 * extra address registers cost occupancy (a grid-stride saxpy fell from 0.93 to 0.79 of copy
 * bandwidth on an H100 GPU). A loop that only reads and computes is left to NVPTX's unroller, as
 * nvcc unrolls it: several iterations' loads and long-latency math (the N-body kernel's square
 * root and reciprocal over its tile) are then in flight at once. Loops with a constant trip
 * count are unrolled fully either way. */
static void mark_back_edge(Lower *L, const IrBlock *latch, LLVMValueRef br)
{
    if (!loop_only_computes(L->f, latch->then, latch->id))
        cg_loop_hint(L->m, br, "llvm.loop.unroll.runtime.disable", 0);
}

void cg_loop_hint(CgModule *m, LLVMValueRef br, const char *hint, int count)
{
    LLVMContextRef c = m->ctx;
    LLVMMetadataRef parts[2] = {LLVMMDStringInContext2(c, hint, strlen(hint)),
                                LLVMValueAsMetadata(LLVMConstInt(m->i32, (unsigned long long)count, 0))};
    LLVMMetadataRef ops[2] = {NULL, LLVMMDNodeInContext2(c, parts, count ? 2 : 1)};
    LLVMMetadataRef tmp = LLVMTemporaryMDNode(c, NULL, 0);
    ops[0] = tmp;
    LLVMMetadataRef loop = LLVMMDNodeInContext2(c, ops, 2);
    LLVMMetadataReplaceAllUsesWith(tmp, loop); /* a loop ID refers to itself */
    LLVMSetMetadata(br, LLVMGetMDKindIDInContext(c, "llvm.loop", 9), LLVMMetadataAsValue(c, loop));
}

static void lower_terminator(Lower *L, const IrBlock *bl)
{
    switch (bl->term) {
    case IT_BR: {
        LLVMValueRef br = LLVMBuildBr(L->b, L->blocks[bl->then]);
        if (L->m->device && bl->then <= bl->id) /* blocks are numbered in source order */
            mark_back_edge(L, bl, br);
        break;
    }
    case IT_CBR: LLVMBuildCondBr(L->b, L->vals[bl->cond], L->blocks[bl->then], L->blocks[bl->els]); break;
    case IT_RET: /* the caller gets a reference of its own to each array returned */
        if (bl->retval != IR_NOVALUE)
            lw_retain(L, L->vals[bl->retval], L->spec->ret);
        lw_release_locals(L);
        if (bl->retval == IR_NOVALUE)
            LLVMBuildRetVoid(L->b);
        else
            LLVMBuildRet(L->b, L->vals[bl->retval]);
        break;
    case IT_RAISE:
        if (bl->nexc_args)
            emit_raise_values(L, bl);
        else
            emit_raise(L, bl->exc, bl->exc_class, bl->exc_msg, bl->loc, NULL, NULL, NULL);
        break;
    case IT_NONE:
    case IT_UNREACHABLE: LLVMBuildUnreachable(L->b); break;
    }
}

void cg_lower_wrappers(CgModule *m, Spec *s); /* wrap.c */

/* An outlined prange body runs iterations [lo, hi) with 0 <= lo <= hi (its first two
 * parameters): told so, LLVM drops the negative-index fix-ups of a[i] in its loop. */
static void assume_share_in_range(Lower *L)
{
    LLVMValueRef lo = LLVMGetParam(L->fn, 1), hi = LLVMGetParam(L->fn, 2);
    LLVMValueRef facts[2] = {LLVMBuildICmp(L->b, LLVMIntSGE, lo, LLVMConstInt(L->m->i64, 0, 0), ""),
                             LLVMBuildICmp(L->b, LLVMIntSLE, lo, hi, "")};
    for (int i = 0; i < 2; i++)
        intrinsic(L, "llvm.assume", NULL, 0, &facts[i], 1);
}

void cg_lower_spec(CgModule *m, Spec *s)
{
    const IrFunc *f = s->ir;
    Arena *a = cg_scratch(m);
    Lower L = {.m = m, .spec = s, .f = f, .b = m->b, .arena = a,
               .numpy_errors = m->device || s->func->kind == FK_VECTORIZE || s->func->outlined_from ||
                               s->func->opts.error_model_numpy};
    CgCycle cycle = cg_cycle_mode(m, s); /* the body takes the stack floor: recursion.c */
    bool in_cycle = cycle != CG_CYCLE_NONE;
    L.fn = in_cycle ? cg_cycle_body(m, s) : cg_function(m, s);
    unsigned nparams = LLVMCountParams(L.fn);
    L.floor = cycle == CG_CYCLE_ERR ? LLVMGetParam(L.fn, nparams - 1)
              : cycle == CG_CYCLE_JUMP ? LLVMGetParam(L.fn, nparams - 2) : NULL;
    L.jmpbuf = cycle == CG_CYCLE_JUMP ? LLVMGetParam(L.fn, nparams - 1) : NULL;
    L.err = LLVMGetParam(L.fn, 0);
    L.vals = arena_alloc(a, sizeof *L.vals * (size_t)(f->nvalues + 1));
    L.locals = arena_alloc(a, sizeof *L.locals * (size_t)(f->nlocals + 1));
    L.blocks = arena_alloc(a, sizeof *L.blocks * (size_t)f->nblocks);
    LLVMBasicBlockRef entry = L.entry = LLVMAppendBasicBlockInContext(m->ctx, L.fn, "entry");
    for (int i = 0; i < f->nblocks; i++)
        L.blocks[i] = LLVMAppendBasicBlockInContext(m->ctx, L.fn, arena_printf(a, "b%d", i));
    LLVMPositionBuilderAtEnd(m->b, entry);
    for (int i = 0; i < f->nlocals; i++)
        L.locals[i] = LLVMBuildAlloca(m->b, cg_type(m, f->locals[i].type), f->locals[i].name);
    lw_init_locals(&L);
    if (s->func->outlined_from && strcmp(s->func->def->params[0].name, "$lo") == 0) /* not a fold */
        assume_share_in_range(&L);
    LLVMBuildBr(m->b, L.blocks[0]);
    for (int i = 0; i < f->nblocks; i++) {
        const IrBlock *bl = f->blocks[i];
        LLVMPositionBuilderAtEnd(m->b, L.blocks[i]);
        L.catch_to = bl->handler && !m->device ? L.blocks[bl->handler] : NULL;
        if (bl->catches && !m->device) /* an except clause: the exception is handled */
            store_err_field(&L, RT_ERR_code, LLVMConstInt(m->i32, 0, 0));
        for (int k = 0; k < bl->n; k++) {
            LLVMValueRef v = lower_instr(&L, &bl->instrs[k]);
            if (bl->instrs[k].dst != IR_NOVALUE)
                L.vals[bl->instrs[k].dst] = v;
        }
        lower_terminator(&L, bl);
    }
    if (s->func->opts.inline_always)
        LLVMAddAttributeAtIndex(L.fn, LLVMAttributeFunctionIndex,
                                LLVMCreateEnumAttribute(m->ctx, LLVMGetEnumAttributeKindForName("alwaysinline", 12), 0));
    arena_free(a);
    if (in_cycle)
        cg_cycle_entry(m, s);
    if (!m->device) /* GPU entries are made by ptx.c */
        cg_lower_wrappers(m, s);
}
