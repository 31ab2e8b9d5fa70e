/* recursion.c — RecursionError on the host (issue 22): what a function in a call cycle is made
 * of. Only such a function can make the stack grow without bound, so only it pays for a check:
 *
 *   SYMBOL(err, args...)              what every other caller calls (entries, prange, other
 *       floor = jitc_rt_stack_floor()  functions): asks the runtime once for this thread's stack
 *       return SYMBOL.rec(err, args..., floor)        floor (runtime/stack.c), then runs the body
 *   SYMBOL.rec(err, args..., floor)   the body (lower.c), which passes floor along each call
 *       to another function in a cycle, after comparing the stack pointer with it:
 *       below it, RecursionError located at that call (lower.c: check_stack)
 *
 * Functions in no cycle are lowered as before; GPU code is never changed (the check is host
 * only). A function is in a cycle when it reaches itself through the calls of its IR (IR_CALL,
 * prange bodies and folds, fused array expressions: ir_callees); the answer is kept in the Spec. */
#include "lower.h"

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

bool cg_in_call_cycle(CgModule *m, const Spec *s)
{
    if (m->device || s->device)
        return false;
    if (!s->in_cycle) {
        Arena *a = cg_scratch(m);
        /* a cache of what the Spec's IR implies, the same in every module: written once */
        ((Spec *)s)->in_cycle = reaches_itself(a, s) ? 2 : 1;
        arena_free(a);
    }
    return s->in_cycle == 2;
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
    LLVMTypeRef params[66];
    LLVMGetParamTypes(pub, params);
    params[n] = m->ptr; /* the floor, last: IR_PARAM i stays parameter i + 1 */
    return LLVMAddFunction(m->mod, name, LLVMFunctionType(LLVMGetReturnType(pub), params, n + 1, 0));
}

void cg_cycle_entry(CgModule *m, const Spec *s)
{
    LLVMValueRef pub = cg_function(m, s), body = cg_cycle_body(m, s);
    LLVMBuilderRef b = m->b;
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(m->ctx, pub, "entry"));
    unsigned n = LLVMCountParams(pub);
    LLVMValueRef args[66];
    for (unsigned i = 0; i < n; i++)
        args[i] = LLVMGetParam(pub, i);
    LLVMValueRef floor_fn = cg_runtime(m, RT_FN_jitc_rt_stack_floor);
    args[n] = LLVMBuildCall2(b, LLVMGlobalGetValueType(floor_fn), floor_fn, NULL, 0, "floor");
    LLVMTypeRef fty = LLVMGlobalGetValueType(body);
    LLVMValueRef r = LLVMBuildCall2(b, fty, body, args, n + 1, "");
    if (LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind)
        LLVMBuildRetVoid(b);
    else
        LLVMBuildRet(b, r);
}
