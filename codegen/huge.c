/* huge.c — compile time stays linear in a function's size. A host function whose largest basic
 * block, after the IR pipeline, holds more than CG_HUGE_BLOCK instructions makes its module
 * "huge": the function is marked `optnone` (with the `noinline` LLVM requires beside it; what
 * `jitc emit --llvm` shows) and the module's machine code is made by an -O0 copy of its target
 * machine (FastISel, the fast register allocator, no machine optimizations). At -O1..-O3 x86's
 * SelectionDAG combiner is quadratic on long dependent chains in one block (1.1 s at 1000
 * statements, 11 s at 3000, hours at 10^5) and so is the two-address pass with LiveVariables
 * (2.7 s at 10^5 even at optnone); at -O0 both are linear (0.3 s at 10^5). The IR pipeline has
 * run at the module's level first, so the arithmetic is folded as at -O3; only instruction
 * selection and register allocation are cheaper. Every kernel of the corpus and bench/ has far
 * smaller blocks (largest 458 instructions), so they are compiled exactly as before.
 * Before the IR pipeline, a block of more than CG_HUGE_RAW_BLOCK instructions (unoptimized IR,
 * about 4 to 5 per statement) makes the module's IR pipeline CG_HUGE_PIPELINE, scalar passes
 * linear in a block's size, in place of default<O3>: its SLP vectorizer is quadratic in the
 * independent values of a block (1.7 of 2.2 s at 10^4 locals live at once), reassociation in
 * the terms of a sum. */
#include <string.h>

#include "cg.h"

static unsigned largest_block(LLVMValueRef fn)
{
    unsigned largest = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        unsigned count = 0;
        for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
            count++;
        if (count > largest)
            largest = count;
    }
    return largest;
}

static void add_enum_attribute(LLVMContextRef ctx, LLVMValueRef fn, const char *name)
{
    unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
    LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
}

int cg_mark_huge_functions(CgModule *m)
{
    if (m->device || m->opt_level <= 0)
        return 0;
    int marked = 0;
    unsigned always_inline = LLVMGetEnumAttributeKindForName("alwaysinline", strlen("alwaysinline"));
    for (LLVMValueRef fn = LLVMGetFirstFunction(m->mod); fn; fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn) || largest_block(fn) <= CG_HUGE_BLOCK)
            continue;
        LLVMRemoveEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, always_inline);
        add_enum_attribute(m->ctx, fn, "noinline");
        add_enum_attribute(m->ctx, fn, "optnone");
        marked++;
    }
    m->huge = marked > 0;
    return marked;
}

bool cg_huge_before_passes(const CgModule *m)
{
    if (m->device || m->opt_level <= 0)
        return false;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m->mod); fn; fn = LLVMGetNextFunction(fn))
        if (!LLVMIsDeclaration(fn) && largest_block(fn) > CG_HUGE_RAW_BLOCK)
            return true;
    return false;
}

static void dispose_machine(void *tm) { LLVMDisposeTargetMachine(tm); }

LLVMTargetMachineRef cg_codegen_machine(CgModule *m, char *err, size_t n)
{
    if (!m->huge)
        return m->tm;
    if (m->huge_tm)
        return m->huge_tm;
    void **release = arena_defer(m->arena, dispose_machine); /* reserved before LLVM makes it */
    char *cpu = LLVMGetTargetMachineCPU(m->tm), *features = LLVMGetTargetMachineFeatureString(m->tm);
    m->huge_tm = cg_host_machine(cpu, features, 0, m->jit != NULL, err, n);
    LLVMDisposeMessage(cpu);
    LLVMDisposeMessage(features);
    *release = m->huge_tm;
    return m->huge_tm;
}
