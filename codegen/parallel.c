/* parallel.c — IR_PARALLEL_FOR on the host: a prange loop's outlined body run by the runtime's
 * jitc_rt_parallel_for (runtime/parallel.c) through two trampolines made here per outlined
 * function:
 *
 *   void SYM.chunk(ptr frame, i64 lo, i64 hi, ptr partial, ptr err)
 *       calls SYM(err, lo, hi, <frame fields>) with each reduction's identity in place of its
 *       initial value, and stores what SYM returns (the partial results) at partial;
 *   void SYM.combine(ptr frame, ptr partial)
 *       folds partial results into the reductions' fields of the frame.
 *
 * The frame is a struct in the caller's stack: the instruction's arguments after the count
 * (start, step, captured values, then the reductions' initial values, which become their
 * results). */
#include <string.h>

#include "cg.h"

static LLVMValueRef one(CgModule *m, const Type *t)
{
    return ty_is_float(t) ? LLVMConstReal(cg_type(m, t), 1.0) : LLVMConstInt(cg_type(m, t), 1, 0);
}

/* Where a reduction starts in each thread: 0 for sums, 1 for products, the initial value
 * itself for min and max (which are idempotent) and for arrays (the outlined body makes its
 * private copy from it, build_prange.c). */
static LLVMValueRef identity(CgModule *m, IrBinOp op, const Type *t, LLVMValueRef initial)
{
    if (t->kind == TY_ARRAY)
        return initial;
    return op == IB_ADD ? cg_zero(m, t) : op == IB_MUL ? one(m, t) : initial;
}

/* acc op partial, as the loop's own `acc = min(acc, x)` or `acc += x` would compute it. */
static LLVMValueRef fold(CgModule *m, IrBinOp op, const Type *t, LLVMValueRef acc, LLVMValueRef p)
{
    bool fl = ty_is_float(t);
    if (op == IB_ADD)
        return fl ? LLVMBuildFAdd(m->b, acc, p, "") : LLVMBuildAdd(m->b, acc, p, "");
    if (op == IB_MUL)
        return fl ? LLVMBuildFMul(m->b, acc, p, "") : LLVMBuildMul(m->b, acc, p, "");
    bool less = op == IB_MIN; /* min keeps acc unless p < acc; max unless p > acc */
    LLVMValueRef better = fl ? LLVMBuildFCmp(m->b, less ? LLVMRealOLT : LLVMRealOGT, p, acc, "")
                             : LLVMBuildICmp(m->b, less ? (ty_is_signed(t) ? LLVMIntSLT : LLVMIntULT)
                                                        : (ty_is_signed(t) ? LLVMIntSGT : LLVMIntUGT), p, acc, "");
    return LLVMBuildSelect(m->b, better, p, acc, "");
}

typedef struct Frame {
    LLVMTypeRef type;
    const Type **types; /* of the fields */
    int nfields, nred;
} Frame;

static LLVMValueRef field(CgModule *m, const Frame *fr, LLVMValueRef frame, int i)
{
    LLVMValueRef p = LLVMBuildStructGEP2(m->b, fr->type, frame, (unsigned)i, "");
    return LLVMBuildLoad2(m->b, cg_type(m, fr->types[i]), p, "");
}

static LLVMValueRef new_function(CgModule *m, const char *name, LLVMTypeRef *params, int n)
{
    LLVMValueRef fn = LLVMAddFunction(m->mod, name, LLVMFunctionType(m->voidt, params, (unsigned)n, 0));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"));
    return fn;
}

static LLVMValueRef chunk_trampoline(CgModule *m, const IrParallel *par, const Frame *fr, const char *name)
{
    LLVMTypeRef params[5] = {m->ptr, m->i64, m->i64, m->ptr, m->ptr};
    LLVMValueRef fn = new_function(m, name, params, 5);
    LLVMValueRef frame = LLVMGetParam(fn, 0), partial = LLVMGetParam(fn, 3);
    LLVMValueRef args[3 + 64 + 16] = {LLVMGetParam(fn, 4), LLVMGetParam(fn, 1), LLVMGetParam(fn, 2)};
    for (int i = 0; i < fr->nfields; i++) {
        LLVMValueRef v = field(m, fr, frame, i);
        int r = i - (fr->nfields - fr->nred);
        args[3 + i] = r >= 0 ? identity(m, par->ops[r], fr->types[i], v) : v;
    }
    LLVMValueRef callee = cg_function(m, par->callee);
    LLVMValueRef result = LLVMBuildCall2(m->b, LLVMGlobalGetValueType(callee), callee, args, (unsigned)(3 + fr->nfields), "");
    if (fr->nred)
        LLVMBuildStore(m->b, result, partial);
    LLVMBuildRetVoid(m->b);
    return fn;
}

/* acc op= part through the compiled fold function (it cannot raise: part has acc's shape), then
 * drops the piece's private array. */
static void fold_array(CgModule *m, LLVMValueRef fn, const Spec *fold, LLVMValueRef acc, LLVMValueRef part)
{
    LLVMValueRef callee = cg_function(m, fold);
    LLVMValueRef err = cg_entry_alloca(m, fn, m->err_type, "fold.err");
    LLVMBuildStore(m->b, LLVMConstNull(m->err_type), err);
    LLVMValueRef args[3] = {err, acc, part};
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(callee), callee, args, 3, "");
    cg_release(m, fn, part, fold->params[1]);
}

static LLVMValueRef combine_trampoline(CgModule *m, const IrParallel *par, const Frame *fr, const char *name)
{
    LLVMTypeRef params[2] = {m->ptr, m->ptr};
    LLVMValueRef fn = new_function(m, name, params, 2);
    LLVMValueRef frame = LLVMGetParam(fn, 0);
    const Type *rt = par->callee->ret;
    LLVMValueRef partials = LLVMBuildLoad2(m->b, cg_type(m, rt), LLVMGetParam(fn, 1), "");
    for (int r = 0; r < fr->nred; r++) {
        int i = fr->nfields - fr->nred + r;
        LLVMValueRef p = fr->nred == 1 ? partials : LLVMBuildExtractValue(m->b, partials, (unsigned)r, "");
        if (par->folds[r]) {
            fold_array(m, fn, par->folds[r], field(m, fr, frame, i), p);
            continue;
        }
        LLVMValueRef acc = fold(m, par->ops[r], fr->types[i], field(m, fr, frame, i), p);
        LLVMBuildStore(m->b, acc, LLVMBuildStructGEP2(m->b, fr->type, frame, (unsigned)i, ""));
    }
    LLVMBuildRetVoid(m->b);
    return fn;
}

/* The trampoline `name`, made once per module. */
static LLVMValueRef trampoline(CgModule *m, const IrParallel *par, const Frame *fr, const char *name, bool chunk)
{
    LLVMValueRef fn = LLVMGetNamedFunction(m->mod, name);
    if (fn)
        return fn;
    LLVMBasicBlockRef at = LLVMGetInsertBlock(m->b);
    fn = chunk ? chunk_trampoline(m, par, fr, name) : combine_trampoline(m, par, fr, name);
    LLVMPositionBuilderAtEnd(m->b, at);
    return fn;
}

LLVMValueRef cg_parallel_for(CgModule *m, LLVMBasicBlockRef entry, LLVMValueRef err, const IrParallel *par,
                             LLVMValueRef *args, const Type **types, int nargs)
{
    Frame fr = {.types = types + 1, .nfields = nargs - 1, .nred = par->nred};
    LLVMTypeRef fields[64 + 16];
    for (int i = 0; i < fr.nfields; i++)
        fields[i] = cg_type(m, fr.types[i]);
    fr.type = LLVMStructTypeInContext(m->ctx, fields, (unsigned)fr.nfields, 0);
    Arena *a = cg_scratch(m);
    LLVMValueRef chunk = trampoline(m, par, &fr, arena_printf(a, "%s.chunk", par->callee->symbol), true);
    LLVMValueRef combine = fr.nred ? trampoline(m, par, &fr, arena_printf(a, "%s.combine", par->callee->symbol), false)
                                   : LLVMConstNull(m->ptr);
    arena_free(a);
    /* the frame lives in the entry block, so that a loop around this does not grow the stack */
    LLVMBasicBlockRef at = LLVMGetInsertBlock(m->b);
    LLVMValueRef first = LLVMGetFirstInstruction(entry);
    if (first)
        LLVMPositionBuilderBefore(m->b, first);
    else
        LLVMPositionBuilderAtEnd(m->b, entry);
    LLVMValueRef frame = LLVMBuildAlloca(m->b, fr.type, "prange.frame");
    LLVMPositionBuilderAtEnd(m->b, at);
    for (int i = 0; i < fr.nfields; i++)
        LLVMBuildStore(m->b, args[i + 1], LLVMBuildStructGEP2(m->b, fr.type, frame, (unsigned)i, ""));
    const Type *rt = par->callee->ret;
    long long bytes = fr.nred ? (long long)LLVMABISizeOfType(LLVMGetModuleDataLayout(m->mod), cg_type(m, rt)) : 0;
    LLVMValueRef run = cg_runtime(m, RT_FN_jitc_rt_parallel_for);
    bool private_arrays = false;
    for (int r = 0; r < par->nred; r++)
        private_arrays |= par->folds[r] != NULL;
    LLVMValueRef call_args[7] = {chunk, combine, frame, args[0], LLVMConstInt(m->i64, (unsigned long long)bytes, 0),
                                 LLVMConstInt(m->i32, private_arrays, 0), err};
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(run), run, call_args, 7, "");
    if (!fr.nred)
        return NULL;
    if (fr.nred == 1)
        return field(m, &fr, frame, fr.nfields - 1);
    LLVMValueRef tuple = LLVMGetUndef(cg_type(m, rt));
    for (int r = 0; r < fr.nred; r++)
        tuple = LLVMBuildInsertValue(m->b, tuple, field(m, &fr, frame, fr.nfields - fr.nred + r), (unsigned)r, "");
    return tuple;
}
