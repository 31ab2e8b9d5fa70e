/* gpu_ufunc.c — the GPU entries of ufuncs and gufuncs (target="cuda") and of @cuda.reduce
 * reductions; their parameters are described in cg.h. The scalar function itself is an
 * ordinary device spec, lowered by lower.c and called from here. */
#include <string.h>

#include "cg.h"

enum { WARP = 32 };

/* A special register (tid.x, ctaid.y, ...) as an i64. */
static LLVMValueRef sreg(CgModule *m, const char *name)
{
    char full[64] = "llvm.nvvm.read.ptx.sreg.";
    strcat(full, name);
    return LLVMBuildZExt(m->b, cg_nvvm_call(m, full, NULL, 0), m->i64, name);
}

static LLVMValueRef i64c(CgModule *m, long long v) { return LLVMConstInt(m->i64, (unsigned long long)v, 1); }
static LLVMValueRef i32c(CgModule *m, unsigned v) { return LLVMConstInt(m->i32, v, 0); }

static LLVMValueRef byte_at(CgModule *m, LLVMValueRef base, LLVMValueRef offset)
{
    return LLVMBuildGEP2(m->b, m->i8, base, &offset, 1, "");
}

static LLVMBasicBlockRef block(CgModule *m, LLVMValueRef fn, const char *name)
{
    return LLVMAppendBasicBlockInContext(m->ctx, fn, name);
}

static LLVMValueRef new_kernel(CgModule *m, const char *name, LLVMTypeRef *params, int n)
{
    LLVMValueRef fn = LLVMAddFunction(m->mod, name, LLVMFunctionType(m->voidt, params, (unsigned)n, 0));
    cg_mark_kernel(m, fn, 0);
    LLVMPositionBuilderAtEnd(m->b, block(m, fn, "entry"));
    return fn;
}

static LLVMValueRef call_spec(CgModule *m, const Spec *s, LLVMValueRef *args)
{
    LLVMValueRef f = cg_function(m, s);
    return LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, args, (unsigned)s->nparams + 1, "");
}

/* for (i = start; i < end; i += step) body(ctx, i, carried): the values in carried[] are
 * loop-carried (body updates them; they hold the final values after). `hint` (may be NULL)
 * goes on the back edge as loop metadata, with `count`. */
typedef void (*LoopBody)(void *ctx, LLVMValueRef i, LLVMValueRef *carried);

static void counted_loop(CgModule *m, LLVMValueRef fn, LLVMValueRef start, LLVMValueRef end, LLVMValueRef step,
                         LLVMValueRef *carried, int ncarried, LoopBody body, void *ctx, const char *hint, int count)
{
    LLVMBasicBlockRef pre = LLVMGetInsertBlock(m->b), head = block(m, fn, "loop"), bodyb = block(m, fn, "body"),
                      exit = block(m, fn, "loop_end");
    LLVMBuildBr(m->b, head);
    LLVMPositionBuilderAtEnd(m->b, head);
    LLVMValueRef i = LLVMBuildPhi(m->b, m->i64, "i"), phis[4], entry_vals[4];
    for (int c = 0; c < ncarried; c++) {
        entry_vals[c] = carried[c];
        phis[c] = carried[c] = LLVMBuildPhi(m->b, LLVMTypeOf(carried[c]), "");
    }
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSLT, i, end, ""), bodyb, exit);
    LLVMPositionBuilderAtEnd(m->b, bodyb);
    body(ctx, i, carried);
    LLVMValueRef next = LLVMBuildNSWAdd(m->b, i, step, "");
    LLVMValueRef br = LLVMBuildBr(m->b, head);
    if (hint)
        cg_loop_hint(m, br, hint, count);
    LLVMBasicBlockRef from[2] = {pre, LLVMGetInsertBlock(m->b)};
    LLVMValueRef iv[2] = {start, next};
    LLVMAddIncoming(i, iv, from, 2);
    for (int c = 0; c < ncarried; c++) {
        LLVMValueRef vals[2] = {entry_vals[c], carried[c]};
        LLVMAddIncoming(phis[c], vals, from, 2);
        carried[c] = phis[c];
    }
    LLVMPositionBuilderAtEnd(m->b, exit);
}

static const char NO_RUNTIME_UNROLL[] = "llvm.loop.unroll.runtime.disable";

/* ---- ufuncs and gufuncs ---- */

static int core_words(const Spec *s)
{
    int n = 0;
    for (int k = 0; s->func->kind == FK_GUVECTORIZE && k < s->nparams; k++)
        if (s->params[k]->kind == TY_ARRAY)
            n += 2 * s->params[k]->ndim;
    return n;
}

/* One loop element: the operands at their pointers, the function applied. */
static void ufunc_element(CgModule *m, const Spec *s, LLVMValueRef err, LLVMValueRef *at, LLVMValueRef *views)
{
    LLVMValueRef args[65] = {err};
    for (int k = 0; k < s->nparams; k++)
        args[k + 1] = s->params[k]->kind == TY_ARRAY ? LLVMBuildInsertValue(m->b, views[k], at[k], 0, "")
                                                     : cg_load_scalar(m, at[k], s->params[k]);
    LLVMValueRef r = call_spec(m, s, args);
    if (s->func->kind == FK_VECTORIZE)
        cg_store_scalar(m, r, s->ret, at[s->nparams]);
}

typedef struct UfuncLoop {
    CgModule *m;
    const Spec *s;
    LLVMValueRef fn, err, cols, col0, col_step;
    LLVMValueRef *views;
    int nops;
    LLVMValueRef row_base[65];
} UfuncLoop;

static LLVMValueRef op_param(const UfuncLoop *u, int k, int field) /* 0 data, 1 row step, 2 column step */
{
    return LLVMGetParam(u->fn, (unsigned)(2 + 3 * k + field));
}

static void ufunc_column(void *ctx, LLVMValueRef col, LLVMValueRef *carried)
{
    UfuncLoop *u = ctx;
    LLVMValueRef at[65];
    for (int k = 0; k < u->nops; k++)
        at[k] = byte_at(u->m, u->row_base[k], LLVMBuildMul(u->m->b, col, op_param(u, k, 2), ""));
    ufunc_element(u->m, u->s, u->err, at, u->views);
    (void)carried;
}

static void ufunc_row(void *ctx, LLVMValueRef row, LLVMValueRef *carried)
{
    UfuncLoop *u = ctx;
    for (int k = 0; k < u->nops; k++)
        u->row_base[k] = byte_at(u->m, op_param(u, k, 0), LLVMBuildMul(u->m->b, row, op_param(u, k, 1), ""));
    counted_loop(u->m, u->fn, u->col0, u->cols, u->col_step, NULL, 0, ufunc_column, u, NO_RUNTIME_UNROLL, 0);
    (void)carried;
}

LLVMValueRef cg_ufunc_kernel(CgModule *m, const Spec *s, Arena *a)
{
    int nops = s->nparams + (s->func->kind == FK_VECTORIZE), ncore = core_words(s);
    LLVMTypeRef params[2 + 3 * 64 + 2 * 64 * 8];
    int np = 0;
    params[np++] = m->i64;
    params[np++] = m->i64;
    for (int k = 0; k < nops; k++) {
        params[np++] = m->ptr;
        params[np++] = m->i64;
        params[np++] = m->i64;
    }
    for (int w = 0; w < ncore; w++)
        params[np++] = m->i64;
    LLVMValueRef fn = new_kernel(m, cg_kernel_name(a, s, false), params, np);
    LLVMValueRef err = LLVMBuildAlloca(m->b, m->err_type, "err"); /* never set on the GPU */
    /* the core words go through memory, so the views are built as on the host; SROA removes it */
    LLVMValueRef core = LLVMBuildAlloca(m->b, LLVMArrayType2(m->i64, (uint64_t)(ncore ? ncore : 1)), "core");
    for (int w = 0; w < ncore; w++)
        LLVMBuildStore(m->b, LLVMGetParam(fn, (unsigned)(2 + 3 * nops + w)), byte_at(m, core, i64c(m, 8LL * w)));
    LLVMValueRef views[64];
    int word = 0;
    for (int k = 0; k < s->nparams; k++)
        if (s->params[k]->kind == TY_ARRAY)
            views[k] = cg_gufunc_view(m, s->params[k], LLVMConstNull(m->ptr), core, &word);
    UfuncLoop u = {.m = m, .s = s, .fn = fn, .err = err, .cols = LLVMGetParam(fn, 1), .views = views, .nops = nops};
    u.col0 = LLVMBuildAdd(m->b, LLVMBuildMul(m->b, sreg(m, "ctaid.x"), sreg(m, "ntid.x"), ""), sreg(m, "tid.x"), "");
    u.col_step = LLVMBuildMul(m->b, sreg(m, "ntid.x"), sreg(m, "nctaid.x"), "");
    counted_loop(m, fn, sreg(m, "ctaid.y"), LLVMGetParam(fn, 0), sreg(m, "nctaid.y"), NULL, 0, ufunc_row, &u,
                 NO_RUNTIME_UNROLL, 0);
    LLVMBuildRetVoid(m->b);
    return fn;
}

/* ---- reductions ---- */

typedef struct Reduce {
    CgModule *m;
    const Spec *s;
    const Type *t;      /* the element type */
    LLVMTypeRef mem;    /* its type in memory */
    LLVMValueRef fn, err;
    LLVMValueRef smem_acc, smem_has; /* per warp of the block, in shared memory */
} Reduce;

/* f(acc, v) where v counts only if v_has, and acc only if has: the pair that results. The
 * function is called either way (GPU code does not trap), and the right value selected. */
static void combine(Reduce *R, LLVMValueRef *acc, LLVMValueRef *has, LLVMValueRef v, LLVMValueRef v_has)
{
    CgModule *m = R->m;
    LLVMValueRef args[3] = {R->err, *acc, v};
    LLVMValueRef both = call_spec(m, R->s, args);
    LLVMValueRef mine = LLVMBuildSelect(m->b, *has, both, v, "");
    *acc = LLVMBuildSelect(m->b, v_has, mine, *acc, "");
    *has = LLVMBuildOr(m->b, *has, v_has, "");
}

/* shfl.sync.down of a value of type t (widened to 32 bits, or split in two halves). */
static LLVMValueRef shuffle_down(Reduce *R, LLVMValueRef v, unsigned delta)
{
    CgModule *m = R->m;
    const Type *t = R->t;
    LLVMValueRef args[4] = {i32c(m, 0xffffffffu), NULL, i32c(m, delta), i32c(m, 0x1f)};
    const char *shfl = "llvm.nvvm.shfl.sync.down.i32";
    int bits = t->kind == TY_BOOL ? 1 : ty_bits(t);
    if (bits == 64) {
        LLVMValueRef whole = LLVMBuildBitCast(m->b, v, m->i64, ""), halves[2];
        for (int h = 0; h < 2; h++) {
            args[1] = LLVMBuildTrunc(m->b, h ? LLVMBuildLShr(m->b, whole, i64c(m, 32), "") : whole, m->i32, "");
            halves[h] = LLVMBuildZExt(m->b, cg_nvvm_call(m, shfl, args, 4), m->i64, "");
        }
        whole = LLVMBuildOr(m->b, halves[0], LLVMBuildShl(m->b, halves[1], i64c(m, 32), ""), "");
        return LLVMBuildBitCast(m->b, whole, cg_type(m, t), "");
    }
    if (bits == 32) {
        args[1] = LLVMBuildBitCast(m->b, v, m->i32, "");
        return LLVMBuildBitCast(m->b, cg_nvvm_call(m, shfl, args, 4), cg_type(m, t), "");
    }
    if (t->kind == TY_FLOAT16) { /* its 16 bits, widened and narrowed back */
        LLVMTypeRef i16 = LLVMInt16TypeInContext(m->ctx);
        args[1] = LLVMBuildZExt(m->b, LLVMBuildBitCast(m->b, v, i16, ""), m->i32, "");
        return LLVMBuildBitCast(m->b, LLVMBuildTrunc(m->b, cg_nvvm_call(m, shfl, args, 4), i16, ""), cg_type(m, t), "");
    }
    args[1] = ty_is_unsigned(t) || bits == 1 ? LLVMBuildZExt(m->b, v, m->i32, "") : LLVMBuildSExt(m->b, v, m->i32, "");
    return LLVMBuildTrunc(m->b, cg_nvvm_call(m, shfl, args, 4), cg_type(m, t), "");
}

/* The warp's values folded into lane 0 (lanes past the warp's end take no part). */
static void warp_reduce(Reduce *R, LLVMValueRef lane, LLVMValueRef *acc, LLVMValueRef *has)
{
    CgModule *m = R->m;
    for (unsigned delta = WARP / 2; delta >= 1; delta /= 2) {
        LLVMValueRef v = shuffle_down(R, *acc, delta);
        LLVMValueRef h32 = LLVMBuildZExt(m->b, *has, m->i32, "");
        LLVMValueRef args[4] = {i32c(m, 0xffffffffu), h32, i32c(m, delta), i32c(m, 0x1f)};
        LLVMValueRef v_has = LLVMBuildICmp(m->b, LLVMIntNE, cg_nvvm_call(m, "llvm.nvvm.shfl.sync.down.i32", args, 4),
                                           i32c(m, 0), "");
        LLVMValueRef inside = LLVMBuildICmp(m->b, LLVMIntULT, LLVMBuildAdd(m->b, lane, i32c(m, delta), ""), i32c(m, WARP), "");
        combine(R, acc, has, v, LLVMBuildAnd(m->b, v_has, inside, ""));
    }
}

static void syncthreads(CgModule *m) { cg_nvvm_call(m, "llvm.nvvm.barrier0", NULL, 0); }

/* The block's values folded into thread 0: warps, then the warps' results in warp 0. */
static void block_reduce(Reduce *R, LLVMValueRef *acc, LLVMValueRef *has)
{
    CgModule *m = R->m;
    LLVMValueRef tid = LLVMBuildTrunc(m->b, sreg(m, "tid.x"), m->i32, "");
    LLVMValueRef lane = LLVMBuildAnd(m->b, tid, i32c(m, WARP - 1), "lane");
    LLVMValueRef warp = LLVMBuildLShr(m->b, tid, i32c(m, 5), "warp");
    warp_reduce(R, lane, acc, has);
    LLVMBasicBlockRef store = block(m, R->fn, "warp_result"), join = block(m, R->fn, "warp_results");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntEQ, lane, i32c(m, 0), ""), store, join);
    LLVMPositionBuilderAtEnd(m->b, store);
    LLVMValueRef w[2] = {i32c(m, 0), warp};
    cg_store_scalar(m, *acc, R->t, LLVMBuildGEP2(m->b, LLVMArrayType2(R->mem, WARP), R->smem_acc, w, 2, ""));
    cg_store_scalar(m, *has, ty_scalar(TY_BOOL), LLVMBuildGEP2(m->b, LLVMArrayType2(m->i8, WARP), R->smem_has, w, 2, ""));
    LLVMBuildBr(m->b, join);
    LLVMPositionBuilderAtEnd(m->b, join);
    syncthreads(m);
    /* every warp folds the warps' results (only warp 0's count): no branch needed */
    LLVMValueRef nwarps = LLVMBuildTrunc(m->b, LLVMBuildUDiv(m->b, sreg(m, "ntid.x"), i64c(m, WARP), ""), m->i32, "");
    LLVMValueRef valid = LLVMBuildICmp(m->b, LLVMIntULT, lane, nwarps, "");
    LLVMValueRef l[2] = {i32c(m, 0), LLVMBuildSelect(m->b, valid, lane, i32c(m, 0), "")};
    *acc = cg_load_scalar(m, LLVMBuildGEP2(m->b, LLVMArrayType2(R->mem, WARP), R->smem_acc, l, 2, ""), R->t);
    LLVMValueRef h = cg_load_scalar(m, LLVMBuildGEP2(m->b, LLVMArrayType2(m->i8, WARP), R->smem_has, l, 2, ""), ty_scalar(TY_BOOL));
    *has = LLVMBuildAnd(m->b, h, valid, "");
    warp_reduce(R, lane, acc, has);
}

static LLVMValueRef shared_array(CgModule *m, LLVMTypeRef elem, const char *name)
{
    LLVMTypeRef t = LLVMArrayType2(elem, WARP);
    LLVMValueRef g = LLVMAddGlobalInAddressSpace(m->mod, t, name, 3);
    LLVMSetInitializer(g, LLVMGetUndef(t));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

typedef struct Source {
    Reduce *R;
    LLVMValueRef data, step; /* step in bytes (scalar entry) */
    int lanes;               /* elements per 16-byte vector (vector entry), else 1 */
} Source;

/* Folds element (or vector) i of the input into carried = {acc, has}. */
static void fold_input(void *ctx, LLVMValueRef i, LLVMValueRef *carried)
{
    const Source *src = ctx;
    Reduce *R = src->R;
    CgModule *m = R->m;
    LLVMValueRef yes = LLVMConstInt(m->i1, 1, 0);
    if (src->lanes == 1) {
        LLVMValueRef v = cg_load_scalar(m, byte_at(m, src->data, LLVMBuildMul(m->b, i, src->step, "")), R->t);
        combine(R, &carried[0], &carried[1], v, yes);
        return;
    }
    LLVMTypeRef vt = LLVMVectorType(R->mem, (unsigned)src->lanes);
    LLVMValueRef vec = LLVMBuildLoad2(m->b, vt, byte_at(m, src->data, LLVMBuildMul(m->b, i, i64c(m, 16), "")), "");
    LLVMSetAlignment(vec, 16);
    for (int e = 0; e < src->lanes; e++) {
        LLVMValueRef v = LLVMBuildExtractElement(m->b, vec, i32c(m, (unsigned)e), "");
        if (R->t->kind == TY_BOOL)
            v = LLVMBuildICmp(m->b, LLVMIntNE, v, LLVMConstInt(m->i8, 0, 0), "");
        combine(R, &carried[0], &carried[1], v, yes);
    }
}

typedef struct Partials {
    Reduce *R;
    LLVMValueRef values, flags;
} Partials;

/* Folds partial j (another block's result) into carried; volatile loads read them from L2. */
static void fold_partial(void *ctx, LLVMValueRef j, LLVMValueRef *carried)
{
    const Partials *p = ctx;
    Reduce *R = p->R;
    CgModule *m = R->m;
    LLVMValueRef vp = LLVMBuildGEP2(m->b, R->mem, p->values, &j, 1, ""), hp = LLVMBuildGEP2(m->b, m->i8, p->flags, &j, 1, "");
    LLVMValueRef v = LLVMBuildLoad2(m->b, R->mem, vp, ""), h = LLVMBuildLoad2(m->b, m->i8, hp, "");
    LLVMSetVolatile(v, 1);
    LLVMSetVolatile(h, 1);
    if (R->t->kind == TY_BOOL)
        v = LLVMBuildICmp(m->b, LLVMIntNE, v, LLVMConstInt(m->i8, 0, 0), "");
    combine(R, &carried[0], &carried[1], v, LLVMBuildICmp(m->b, LLVMIntNE, h, LLVMConstInt(m->i8, 0, 0), ""));
}

/* Thread 0 only: runs `then` in a block of its own and returns to a join. */
static LLVMBasicBlockRef if_thread0(Reduce *R, LLVMBasicBlockRef *join)
{
    CgModule *m = R->m;
    LLVMBasicBlockRef then = block(m, R->fn, "thread0");
    *join = block(m, R->fn, "all_threads");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntEQ, sreg(m, "tid.x"), i64c(m, 0), ""), then, *join);
    LLVMPositionBuilderAtEnd(m->b, then);
    return then;
}

LLVMValueRef cg_reduce_kernel(CgModule *m, const Spec *s, Arena *a, bool vectors)
{
    const Type *t = s->params[0];
    Reduce R = {.m = m, .s = s, .t = t, .mem = cg_mem_type(m, t)};
    LLVMTypeRef params[9] = {m->ptr, m->i64, m->i64, m->ptr, m->ptr, m->ptr, m->ptr, R.mem, m->i8};
    R.fn = new_kernel(m, cg_kernel_name(a, s, vectors), params, 9);
    LLVMValueRef in = LLVMGetParam(R.fn, 0), n = LLVMGetParam(R.fn, 1), partials = LLVMGetParam(R.fn, 3),
                 flags = LLVMGetParam(R.fn, 4), counter = LLVMGetParam(R.fn, 5), result = LLVMGetParam(R.fn, 6);
    R.err = LLVMBuildAlloca(m->b, m->err_type, "err");
    R.smem_acc = shared_array(m, R.mem, "reduce_acc");
    R.smem_has = shared_array(m, m->i8, "reduce_has");
    LLVMValueRef gid = LLVMBuildAdd(m->b, LLVMBuildMul(m->b, sreg(m, "ctaid.x"), sreg(m, "ntid.x"), ""), sreg(m, "tid.x"), "");
    LLVMValueRef threads = LLVMBuildMul(m->b, sreg(m, "ntid.x"), sreg(m, "nctaid.x"), "");
    LLVMValueRef carried[2] = {cg_zero(m, t), LLVMConstInt(m->i1, 0, 0)};

    /* 1. this thread's grid-stride share (vectors, then the few elements after the last) */
    Source src = {.R = &R, .data = in, .step = LLVMGetParam(R.fn, 2), .lanes = vectors ? 16 / ty_size(t) : 1};
    LLVMValueRef count = vectors ? LLVMBuildSDiv(m->b, n, i64c(m, src.lanes), "") : n;
    /* four vectors in flight per thread: enough bytes outstanding for HBM's bandwidth */
    counted_loop(m, R.fn, gid, count, threads, carried, 2, fold_input, &src, vectors ? "llvm.loop.unroll.count" : NULL, 4);
    if (vectors) {
        Source tail = {.R = &R, .data = in, .step = i64c(m, ty_size(t)), .lanes = 1};
        LLVMValueRef first = LLVMBuildAdd(m->b, LLVMBuildMul(m->b, count, i64c(m, src.lanes), ""), gid, "");
        counted_loop(m, R.fn, first, n, threads, carried, 2, fold_input, &tail, NULL, 0);
    }
    /* 2. the block's partial; the last block to leave one goes on */
    block_reduce(&R, &carried[0], &carried[1]);
    LLVMValueRef last_slot = LLVMAddGlobalInAddressSpace(m->mod, m->i32, "reduce_last", 3);
    LLVMSetInitializer(last_slot, LLVMGetUndef(m->i32));
    LLVMSetLinkage(last_slot, LLVMInternalLinkage);
    LLVMBasicBlockRef join;
    if_thread0(&R, &join);
    LLVMValueRef b = sreg(m, "ctaid.x");
    cg_store_scalar(m, carried[0], t, LLVMBuildGEP2(m->b, R.mem, partials, &b, 1, ""));
    LLVMBuildStore(m->b, LLVMBuildZExt(m->b, carried[1], m->i8, ""), LLVMBuildGEP2(m->b, m->i8, flags, &b, 1, ""));
    cg_nvvm_call(m, "llvm.nvvm.membar.gl", NULL, 0); /* the partial is visible before the count */
    LLVMValueRef ticket = LLVMBuildAtomicRMW(m->b, LLVMAtomicRMWBinOpAdd, counter, i32c(m, 1),
                                             LLVMAtomicOrderingAcquireRelease, 0);
    LLVMValueRef blocks = LLVMBuildTrunc(m->b, sreg(m, "nctaid.x"), m->i32, "");
    LLVMValueRef last = LLVMBuildICmp(m->b, LLVMIntEQ, ticket, LLVMBuildSub(m->b, blocks, i32c(m, 1), ""), "");
    LLVMBuildStore(m->b, LLVMBuildZExt(m->b, last, m->i32, ""), last_slot);
    LLVMBuildBr(m->b, join);
    LLVMPositionBuilderAtEnd(m->b, join);
    syncthreads(m);
    LLVMBasicBlockRef final = block(m, R.fn, "last_block"), done = block(m, R.fn, "done");
    LLVMValueRef is_last = LLVMBuildLoad2(m->b, m->i32, last_slot, "");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntNE, is_last, i32c(m, 0), ""), final, done);

    /* 3. the last block: all partials, then the initial value, into the result */
    LLVMPositionBuilderAtEnd(m->b, final);
    Partials parts = {.R = &R, .values = partials, .flags = flags};
    carried[0] = cg_zero(m, t);
    carried[1] = LLVMConstInt(m->i1, 0, 0);
    counted_loop(m, R.fn, sreg(m, "tid.x"), sreg(m, "nctaid.x"), sreg(m, "ntid.x"), carried, 2, fold_partial, &parts, NULL, 0);
    block_reduce(&R, &carried[0], &carried[1]);
    if_thread0(&R, &join);
    LLVMValueRef init = LLVMGetParam(R.fn, 7), has_init = LLVMGetParam(R.fn, 8);
    if (t->kind == TY_BOOL)
        init = LLVMBuildICmp(m->b, LLVMIntNE, init, LLVMConstInt(m->i8, 0, 0), "");
    LLVMValueRef acc = init, has = LLVMBuildICmp(m->b, LLVMIntNE, has_init, LLVMConstInt(m->i8, 0, 0), "");
    combine(&R, &acc, &has, carried[0], carried[1]);
    cg_store_scalar(m, LLVMBuildSelect(m->b, has, acc, cg_zero(m, t), ""), t, result);
    LLVMBuildStore(m->b, i32c(m, 0), counter); /* ready for the next launch */
    LLVMBuildBr(m->b, join);
    LLVMPositionBuilderAtEnd(m->b, join);
    LLVMBuildBr(m->b, done);
    LLVMPositionBuilderAtEnd(m->b, done);
    LLVMBuildRetVoid(m->b);
    return R.fn;
}
