/* recursion.c — RecursionError on the host: what a function in a call cycle is made
 * of. Only such a function can make the stack grow without bound, so only it pays for a check:
 *
 *   SYMBOL(err, args...)              what every other caller calls (entries, prange, other
 *       floor = jitc_rt_stack_floor()  functions): asks the runtime once for this thread's stack
 *       return SYMBOL.rec(err, args..., floor[, buf])     floor (runtime/stack.c), runs the body
 *   SYMBOL.rec(err, args..., floor[, buf])   the body (lower.c), which compares the stack
 *       pointer with floor before each call to another function in a cycle (lower.c:
 *       check_stack) and passes floor along; below it, RecursionError located at that call
 *
 * How it raises depends on the function (its mode):
 *   err   the usual way (lower.c: raise_if): *err filled, each frame unwinds in turn. For a
 *         function that holds arrays or lists (to release) or has a try.
 *   jump  the others (fib, Ackermann, ...): the deepest frame jumps (_longjmp, runtime/stack.c)
 *         to the entry SYMBOL, which set buf with _setjmp and fills *err. Nothing writes *err
 *         inside the cycle then, so LLVM still sees the function as reading its memory only and
 *         keeps the optimizations it made before (fib's second call becomes a loop): the check
 *         costs a compare per call. The frames jumped over are all jump-mode functions of the
 *         same entry, which hold nothing, so nothing is lost.
 * A call between functions of the two modes goes through the callee's SYMBOL (after the check).
 *
 * Functions in no cycle are lowered as before; GPU code is never changed (the check is host
 * only). A function is in a cycle when it reaches itself through the calls of its IR (IR_CALL,
 * prange bodies and folds, fused array expressions: ir_callees); the answer is kept in the Spec. */
#include "lower.h"

#include <setjmp.h>
#include <stdint.h>
#include <string.h>

/* A set of Specs by address, open addressing in an arena (the DFS's visited set). */
typedef struct {
    const Spec **slots;
    size_t cap, n;
    Arena *a;
} SpecSet;

static size_t slot_of(const SpecSet *set, const Spec *s)
{
    size_t h = (size_t)((uintptr_t)s >> 4) * 0x9E3779B97F4A7C15ull;
    size_t i = h & (set->cap - 1);
    while (set->slots[i] && set->slots[i] != s)
        i = (i + 1) & (set->cap - 1);
    return i;
}

/* Adds s; false if it was there. */
static bool set_add(SpecSet *set, const Spec *s)
{
    if (2 * (set->n + 1) > set->cap) {
        SpecSet bigger = {arena_alloc(set->a, sizeof *set->slots * set->cap * 2), set->cap * 2, 0, set->a};
        for (size_t i = 0; i < set->cap; i++)
            if (set->slots[i]) {
                bigger.slots[slot_of(&bigger, set->slots[i])] = set->slots[i];
                bigger.n++;
            }
        *set = bigger;
    }
    size_t i = slot_of(set, s);
    if (set->slots[i])
        return false;
    set->slots[i] = s;
    set->n++;
    return true;
}

/* Whether s reaches itself: a depth-first walk with a stack of its own (no C recursion). */
static bool reaches_itself(Arena *a, const Spec *s)
{
    SpecSet seen = {arena_alloc(a, sizeof *seen.slots * 16), 16, 0, a};
    const Spec **todo = NULL;
    int n = 0, cap = 0;
    ARR_PUSH(a, todo, n, cap, s);
    while (n > 0) {
        const Spec *t = todo[--n];
        if (t->state != SPEC_READY || !t->ir)
            continue;
        for (int b = 0; b < t->ir->nblocks; b++)
            for (int i = 0; i < t->ir->blocks[b]->n; i++) {
                Spec *callees[IR_MAX_CALLEES];
                int k = ir_callees(&t->ir->blocks[b]->instrs[i], callees);
                for (int j = 0; j < k; j++) {
                    if (callees[j] == s)
                        return true;
                    if (set_add(&seen, callees[j]))
                        ARR_PUSH(a, todo, n, cap, callees[j]);
                }
            }
    }
    return false;
}

/* Whether unwinding s by a jump loses nothing: what lower.c's unwind block would do there is
 * nothing (no local holding arrays or lists, as lw_release_locals sees them) and no except
 * clause could catch the RecursionError on the way. */
static bool holds_nothing(const Spec *s)
{
    for (int i = 0; i < s->ir->nlocals; i++)
        if (ty_holds_arrays(s->ir->locals[i].type))
            return false;
    for (int b = 0; b < s->ir->nblocks; b++)
        if (s->ir->blocks[b]->handler || s->ir->blocks[b]->catches)
            return false;
    return true;
}

CgCycle cg_cycle_mode(CgModule *m, const Spec *s)
{
    if (m->device || s->device)
        return CG_CYCLE_NONE;
    if (!s->in_cycle) {
        Arena *a = cg_scratch(m);
        /* a cache of what the Spec's IR implies, the same in every module: written once */
        ((Spec *)s)->in_cycle = (signed char)(!reaches_itself(a, s) ? CG_CYCLE_NONE
                                              : holds_nothing(s) ? CG_CYCLE_JUMP : CG_CYCLE_ERR);
        arena_free(a);
    }
    return (CgCycle)s->in_cycle;
}

LLVMValueRef cg_cycle_body(CgModule *m, const Spec *s)
{
    char name[512];
    snprintf(name, sizeof name, "%s.rec", s->symbol);
    LLVMValueRef f = LLVMGetNamedFunction(m->mod, name);
    if (f)
        return f;
    LLVMTypeRef pub = LLVMGlobalGetValueType(cg_function(m, s));
    unsigned n = LLVMCountParamTypes(pub);
    LLVMTypeRef params[67];
    LLVMGetParamTypes(pub, params);
    params[n++] = m->ptr; /* the floor, after the IR's parameters: IR_PARAM i stays parameter i + 1 */
    if (cg_cycle_mode(m, s) == CG_CYCLE_JUMP)
        params[n++] = m->ptr; /* the entry's jmp_buf */
    return LLVMAddFunction(m->mod, name, LLVMFunctionType(LLVMGetReturnType(pub), params, n, 0));
}

static LLVMAttributeRef attribute(CgModule *m, const char *name, uint64_t value)
{
    return LLVMCreateEnumAttribute(m->ctx, LLVMGetEnumAttributeKindForName(name, strlen(name)), value);
}

/* LLVM's MemoryEffects bits: two per location (argmem, inaccessiblemem, other), read 1, write 2. */
enum { MEM_ARG_READ = 1, MEM_INACCESSIBLE_WRITE = 2 << 2 };

void cg_cycle_jump(CgModule *m, LLVMValueRef buf, LLVMValueRef where)
{
    LLVMValueRef fn = cg_runtime(m, RT_FN_jitc_rt_recursion_jump);
    LLVMValueRef args[2] = {buf, where};
    LLVMValueRef call = LLVMBuildCall2(m->b, LLVMGlobalGetValueType(fn), fn, args, 2, "");
    /* it reads buf and writes its own thread-local where, then never returns: told so, LLVM
     * keeps a cycle that raises nothing else as reading memory only */
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, attribute(m, "noreturn", 0));
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex, attribute(m, "nounwind", 0));
    LLVMAddCallSiteAttribute(call, LLVMAttributeFunctionIndex,
                             attribute(m, "memory", MEM_ARG_READ | MEM_INACCESSIBLE_WRITE));
    LLVMBuildUnreachable(m->b);
}

static void store_field(CgModule *m, LLVMValueRef err, int field, LLVMValueRef v)
{
    LLVMBuildStore(m->b, v, LLVMBuildStructGEP2(m->b, m->err_type, err, (unsigned)field, ""));
}

/* In SYMBOL of a jump-mode function: buf set by _setjmp; a jump lands here and raises. */
static LLVMValueRef catch_jumps(CgModule *m, LLVMValueRef pub)
{
    LLVMBuilderRef b = m->b;
    LLVMValueRef buf = LLVMBuildAlloca(b, LLVMArrayType2(m->i8, sizeof(jmp_buf)), "jmpbuf");
    LLVMSetAlignment(buf, 16);
    LLVMValueRef setjmp = LLVMGetNamedFunction(m->mod, "_setjmp");
    if (!setjmp) {
        setjmp = LLVMAddFunction(m->mod, "_setjmp", LLVMFunctionType(m->i32, &m->ptr, 1, 0));
        LLVMAddAttributeAtIndex(setjmp, LLVMAttributeFunctionIndex, attribute(m, "returns_twice", 0));
        LLVMAddAttributeAtIndex(setjmp, LLVMAttributeFunctionIndex, attribute(m, "nounwind", 0));
    }
    LLVMValueRef again = LLVMBuildCall2(b, LLVMGlobalGetValueType(setjmp), setjmp, &buf, 1, "");
    LLVMBasicBlockRef raise = LLVMAppendBasicBlockInContext(m->ctx, pub, "recursion.error");
    LLVMBasicBlockRef run = LLVMAppendBasicBlockInContext(m->ctx, pub, "run");
    LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, again, LLVMConstInt(m->i32, 0, 0), ""), raise, run);
    LLVMPositionBuilderAtEnd(b, raise);
    LLVMValueRef err = LLVMGetParam(pub, 0);
    LLVMValueRef where_fn = cg_runtime(m, RT_FN_jitc_rt_recursion_where);
    store_field(m, err, RT_ERR_code, LLVMConstInt(m->i32, EXC_RECURSION, 0));
    store_field(m, err, RT_ERR_where, LLVMBuildCall2(b, LLVMGlobalGetValueType(where_fn), where_fn, NULL, 0, ""));
    store_field(m, err, RT_ERR_message,
                LLVMBuildGlobalStringPtr(b, "RecursionError: " CG_RECURSION_MESSAGE, "recursion.message"));
    LLVMTypeRef ret = LLVMGetReturnType(LLVMGlobalGetValueType(pub));
    if (LLVMGetTypeKind(ret) == LLVMVoidTypeKind)
        LLVMBuildRetVoid(b);
    else
        LLVMBuildRet(b, LLVMConstNull(ret));
    LLVMPositionBuilderAtEnd(b, run);
    return buf;
}

void cg_cycle_entry(CgModule *m, const Spec *s)
{
    LLVMValueRef pub = cg_function(m, s), body = cg_cycle_body(m, s);
    LLVMBuilderRef b = m->b;
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(m->ctx, pub, "entry"));
    unsigned n = LLVMCountParams(pub);
    LLVMValueRef args[67];
    for (unsigned i = 0; i < n; i++)
        args[i] = LLVMGetParam(pub, i);
    LLVMValueRef floor_fn = cg_runtime(m, RT_FN_jitc_rt_stack_floor);
    args[n++] = LLVMBuildCall2(b, LLVMGlobalGetValueType(floor_fn), floor_fn, NULL, 0, "floor");
    if (cg_cycle_mode(m, s) == CG_CYCLE_JUMP) {
        args[n++] = catch_jumps(m, pub);
        LLVMAddAttributeAtIndex(pub, LLVMAttributeFunctionIndex, attribute(m, "noinline", 0));
    }
    LLVMTypeRef fty = LLVMGlobalGetValueType(body);
    LLVMValueRef r = LLVMBuildCall2(b, fty, body, args, n, "");
    if (LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind)
        LLVMBuildRetVoid(b);
    else
        LLVMBuildRet(b, r);
}
