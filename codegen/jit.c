/* jit.c — the host target and ORC LLJIT: one-time LLVM initialisation, the target machine for
 * the host CPU (its name and features), the optimization pipeline (O3 unless
 * jitc_options.opt_level says otherwise), and handing modules to the JIT with
 * jitc's runtime symbols bound by address. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "cg.h"
#include "runtime/rt.h"

#include <llvm-c/Support.h>

/* glibc's vector math library, when this machine has it: LLVM's loop vectorizer then calls its
 * SIMD sin/cos/tan/exp/log/pow (_ZGVdN4v_sin, ...) in loops that call those functions. */
static const char LIBMVEC[] = "libmvec.so.1";

/* LLVM's command-line options are process-wide and may be parsed once: every one jitc sets is
 * here. Shared, constant and local GPU memory are far smaller than 4 GiB, so 32-bit pointers
 * into them (as nvcc uses) keep their addresses in 32-bit registers. An ordered floating-point
 * reduction (a sum without fastmath) is vectorized as gcc does: the loads and the arithmetic
 * before the additions run on vectors, the additions stay one after another in Python's order,
 * so the result is the same bit for bit (`acc += x[i] * x[i]` over 10^7 float64: 9% faster).
 * A vectorized loop is interleaved (several vector iterations per trip) only when it carries a
 * reduction, whose partial results then hide the additions' latency; LLVM would also interleave
 * every small loop to save branches, as clang does and gcc does not. A loop that streams arrays
 * gains nothing from it on a core whose loads already wait on the cache, and loses to the extra
 * loads in flight: the slicing stencil `out[1:-1, 1:-1] = 0.25 * (...)` ran at 0.95x-0.96x gcc's
 * loop interleaved 4 times, 0.99x-1.00x interleaved once (small-loop-cost=1: no loop is
 * small). GPU code is not interleaved either way. */
static void init_llvm(void)
{
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
    LLVMInitializeNativeAsmParser();
    bool have_libmvec = dlopen(LIBMVEC, RTLD_NOW | RTLD_GLOBAL) != NULL;
    const char *options[5] = {"jitc", "-nvptx-short-ptr", "-force-ordered-reductions", "-small-loop-cost=1",
                              "-vector-library=LIBMVEC-X86"};
#if defined(__x86_64__)
    int n = have_libmvec ? 5 : 4;
#else
    int n = 4;
#endif
    LLVMParseCommandLineOptions(n, options, NULL);
}

static pthread_once_t llvm_once = PTHREAD_ONCE_INIT;

void cg_llvm_init(void) { pthread_once(&llvm_once, init_llvm); }

static void take_error(LLVMErrorRef e, char *err, size_t n)
{
    char *msg = LLVMGetErrorMessage(e);
    snprintf(err, n, "%s", msg);
    LLVMDisposeErrorMessage(msg);
}

LLVMTargetMachineRef cg_host_machine(const char *cpu, const char *features, int opt, bool for_jit, char *err, size_t n)
{
    char *triple = LLVMGetDefaultTargetTriple(), *msg = NULL;
    LLVMTargetRef target;
    if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
        snprintf(err, n, "%s", msg);
        LLVMDisposeMessage(msg);
        LLVMDisposeMessage(triple);
        return NULL;
    }
    char *host_cpu = LLVMGetHostCPUName(), *host_features = LLVMGetHostCPUFeatures();
    LLVMCodeGenOptLevel level = opt <= 0 ? LLVMCodeGenLevelNone : opt == 1 ? LLVMCodeGenLevelLess
                              : opt == 2 ? LLVMCodeGenLevelDefault : LLVMCodeGenLevelAggressive;
    LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu ? cpu : host_cpu,
                                                      features ? features : host_features, level,
                                                      LLVMRelocPIC, for_jit ? LLVMCodeModelJITDefault : LLVMCodeModelDefault);
    LLVMDisposeMessage(host_cpu);
    LLVMDisposeMessage(host_features);
    LLVMDisposeMessage(triple);
    if (!tm)
        snprintf(err, n, "cannot create a target machine for CPU '%s'", cpu ? cpu : "host");
    return tm;
}

static bool bind_runtime_symbols(CgJit *j, char *err, size_t n)
{
    LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(j->jit);
    LLVMOrcDefinitionGeneratorRef gen;
    LLVMErrorRef e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(j->jit),
                                                                          NULL, NULL);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    LLVMOrcJITDylibAddGenerator(jd, gen); /* libm, libc, and libmvec (loaded by init_llvm) */
    const RtSymbol *syms = rt_symbols();
    LLVMOrcCSymbolMapPair pairs[RT_FN_COUNT];
    LLVMJITSymbolFlags flags = {LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable, 0};
    for (size_t i = 0; i < RT_FN_COUNT; i++) {
        pairs[i].Name = LLVMOrcLLJITMangleAndIntern(j->jit, syms[i].name);
        pairs[i].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)syms[i].addr;
        pairs[i].Sym.Flags = flags;
    }
    e = LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, RT_FN_COUNT));
    if (e) {
        take_error(e, err, n);
        return false;
    }
    return true;
}

CgJit *cg_jit_new(Heap *h, const char *cpu, const char *features, int opt_level, char *err, size_t n)
{
    cg_llvm_init();
    CgJit *j = heap_try_alloc(h, sizeof *j);
    if (!j) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    *j = (CgJit){.heap = h, .opt_level = opt_level};
    j->tm = cg_host_machine(cpu, features, opt_level, true, err, n);
    LLVMTargetMachineRef jit_tm = j->tm ? cg_host_machine(cpu, features, opt_level, true, err, n) : NULL;
    if (!jit_tm) {
        cg_jit_free(j);
        return NULL;
    }
    j->triple = LLVMGetTargetMachineTriple(j->tm);
    j->layout = LLVMCreateTargetDataLayout(j->tm);
    LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm));
    LLVMErrorRef e = LLVMOrcCreateLLJIT(&j->jit, builder);
    if (e) {
        take_error(e, err, n);
        j->jit = NULL;
        cg_jit_free(j);
        return NULL;
    }
    j->tsc = LLVMOrcCreateNewThreadSafeContext();
    j->ctx = LLVMOrcThreadSafeContextGetContext(j->tsc);
    if (!bind_runtime_symbols(j, err, n)) {
        cg_jit_free(j);
        return NULL;
    }
    return j;
}

void cg_jit_free(CgJit *j)
{
    if (!j)
        return;
    if (j->jit)
        LLVMOrcDisposeLLJIT(j->jit);
    if (j->tsc)
        LLVMOrcDisposeThreadSafeContext(j->tsc);
    if (j->layout)
        LLVMDisposeTargetData(j->layout);
    if (j->tm)
        LLVMDisposeTargetMachine(j->tm);
    if (j->triple)
        LLVMDisposeMessage(j->triple);
    heap_release(j->heap, j, sizeof *j);
}

static void dispose_llvm_module(void *p)
{
    CgModule *m = p;
    if (m->mod)
        LLVMDisposeModule(m->mod);
    if (m->b)
        LLVMDisposeBuilder(m->b);
}

CgModule *cg_module_new_for(Heap *h, LLVMContextRef ctx, LLVMTargetMachineRef tm, int opt_level, bool device,
                            const char *name)
{
    Arena *a = arena_scratch(h);
    void **release = arena_defer(a, dispose_llvm_module); /* reserved before LLVM makes anything */
    CgModule *m = arena_alloc(a, sizeof *m);
    *release = m;
    m->arena = a;
    m->ctx = ctx;
    m->tm = tm;
    m->opt_level = opt_level;
    m->device = device;
    m->mod = LLVMModuleCreateWithNameInContext(name, ctx);
    char *triple = LLVMGetTargetMachineTriple(tm);
    LLVMSetTarget(m->mod, triple);
    LLVMDisposeMessage(triple);
    LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
    LLVMSetModuleDataLayout(m->mod, layout);
    LLVMDisposeTargetData(layout);
    m->b = LLVMCreateBuilderInContext(ctx);
    m->i1 = LLVMInt1TypeInContext(ctx);
    m->i8 = LLVMInt8TypeInContext(ctx);
    m->i32 = LLVMInt32TypeInContext(ctx);
    m->i64 = LLVMInt64TypeInContext(ctx);
    m->f32 = LLVMFloatTypeInContext(ctx);
    m->f64 = LLVMDoubleTypeInContext(ctx);
    m->ptr = LLVMPointerTypeInContext(ctx, 0);
    m->voidt = LLVMVoidTypeInContext(ctx);
    cg_runtime_types(m);
    return m;
}

CgModule *cg_module_new(CgJit *j, const char *name)
{
    CgModule *m = cg_module_new_for(j->heap, j->ctx, j->tm, j->opt_level, false, name);
    m->jit = j;
    return m;
}

void cg_module_dispose(CgModule *m)
{
    if (m)
        arena_free(m->arena);
}

Arena *cg_scratch(CgModule *m) { return arena_scratch(arena_heap(m->arena)); }

bool cg_optimize(CgModule *m, char *err, size_t n)
{
    char *msg = NULL;
    if (LLVMVerifyModule(m->mod, LLVMReturnStatusAction, &msg)) {
        snprintf(err, n, "invalid LLVM IR generated: %s", msg);
        LLVMDisposeMessage(msg);
        return false;
    }
    LLVMDisposeMessage(msg);
    LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
    LLVMPassBuilderOptionsSetLoopVectorization(o, m->opt_level >= 2);
    LLVMPassBuilderOptionsSetSLPVectorization(o, m->opt_level >= 2);
    LLVMPassBuilderOptionsSetLoopUnrolling(o, m->opt_level >= 2);
    /* GPU code, after O3: shared- and local-memory pointers get their address space, then the
     * alignment their globals give them (a __shared__ array is 16-byte aligned), so that the
     * NVPTX back end's load/store vectorizer can merge neighbouring accesses (ld.shared.v4) */
    static const char GPU_TAIL[] = ",function(infer-address-spaces,infer-alignment)";
    char pipeline[sizeof CG_HUGE_PIPELINE + sizeof GPU_TAIL];
    snprintf(pipeline, sizeof pipeline, "default<O%d>%s", m->opt_level < 0 ? 0 : m->opt_level > 3 ? 3 : m->opt_level,
             m->device ? GPU_TAIL : "");
    if (cg_huge_before_passes(m)) /* codegen/huge.c: a pipeline linear in the size of a block */
        snprintf(pipeline, sizeof pipeline, "%s", CG_HUGE_PIPELINE);
    LLVMErrorRef e = LLVMRunPasses(m->mod, pipeline, m->tm, o);
    if (!e && m->device && cg_narrow_compares(m) > 0) /* narrow.c: then the i64 sides it replaced go */
        e = LLVMRunPasses(m->mod, "function(dce)", m->tm, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    cg_mark_huge_functions(m);
    return true;
}

static void dispose_message(void *s) { LLVMDisposeMessage(s); }

char *cg_llvm_text(CgModule *m, Arena *a)
{
    char **text = (char **)arena_defer(a, dispose_message);
    *text = LLVMPrintModuleToString(m->mod);
    return *text;
}

char *cg_llvm_text_portable(CgModule *m, Arena *a)
{
    LLVMSetTarget(m->mod, "");
    LLVMSetDataLayout(m->mod, "");
    static const char *const MACHINE_ATTRIBUTES[] = {"target-cpu", "target-features", "tune-cpu"};
    for (LLVMValueRef fn = LLVMGetFirstFunction(m->mod); fn; fn = LLVMGetNextFunction(fn))
        for (size_t i = 0; i < sizeof MACHINE_ATTRIBUTES / sizeof MACHINE_ATTRIBUTES[0]; i++)
            LLVMRemoveStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, MACHINE_ATTRIBUTES[i],
                                             (unsigned)strlen(MACHINE_ATTRIBUTES[i]));
    return cg_llvm_text(m, a);
}

static void dispose_buffer(void *buf) { LLVMDisposeMemoryBuffer(buf); }

/* The module emitted as assembly or an object file: bytes in a (NUL-terminated) and their
 * length, or NULL with LLVM's message in err. */
static char *emit(CgModule *m, LLVMCodeGenFileType kind, Arena *a, size_t *len, char *err, size_t n)
{
    LLVMTargetMachineRef tm = cg_codegen_machine(m, err, n); /* m->tm unless huge.c says */
    if (!tm)
        return NULL;
    LLVMMemoryBufferRef *buf = (LLVMMemoryBufferRef *)arena_defer(a, dispose_buffer);
    char *msg = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(tm, m->mod, kind, &msg, buf)) {
        *buf = NULL;
        snprintf(err, n, "%s", msg);
        LLVMDisposeMessage(msg);
        return NULL;
    }
    *len = LLVMGetBufferSize(*buf);
    char *s = arena_alloc(a, *len + 1);
    memcpy(s, LLVMGetBufferStart(*buf), *len);
    return s;
}

char *cg_asm_text(CgModule *m, Arena *a, char *err, size_t n)
{
    size_t len;
    return emit(m, LLVMAssemblyFile, a, &len, err, n);
}

LLVMOrcResourceTrackerRef cg_jit_tracker(CgJit *j)
{
    return LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(j->jit));
}

void cg_jit_release(LLVMOrcResourceTrackerRef rt)
{
    if (!rt)
        return;
    LLVMErrorRef e = LLVMOrcResourceTrackerRemove(rt);
    if (e)
        LLVMConsumeError(e);
    LLVMOrcReleaseResourceTracker(rt);
}

/* The address of a symbol that may have been optimized away (NULL then). */
static void *lookup_optional(CgJit *j, const char *name)
{
    LLVMOrcExecutorAddress addr = 0;
    LLVMErrorRef e = LLVMOrcLLJITLookup(j->jit, &addr, name);
    if (e) {
        LLVMConsumeError(e);
        return NULL;
    }
    return (void *)(uintptr_t)addr;
}

/* A huge module (codegen/huge.c) becomes an object here, made by its -O0 target machine, and
 * the JIT links that object: the JIT's own compiler would make it at the JIT's level. */
static bool jit_add_huge(CgModule *m, LLVMOrcResourceTrackerRef rt, char *err, size_t n)
{
    Arena *a = cg_scratch(m);
    size_t len = 0;
    char *object = emit(m, LLVMObjectFile, a, &len, err, n);
    bool made = object != NULL;
    LLVMErrorRef e = NULL;
    if (made) {
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(object, len, "jitc.huge");
        e = LLVMOrcLLJITAddObjectFileWithRT(m->jit->jit, rt, buf);
    }
    arena_free(a);
    if (e)
        take_error(e, err, n);
    return made && !e;
}

bool cg_jit_add(CgModule *m, LLVMOrcResourceTrackerRef rt, char *err, size_t n)
{
    CgJit *j = m->jit;
    if (m->huge)
        return jit_add_huge(m, rt, err, n);
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m->mod, j->tsc);
    m->mod = NULL; /* owned by the JIT now */
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(j->jit, rt, tsm);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    return true;
}

/* The wrappers of s named NAME.entry, NAME.cfunc and NAME.loop (NAME: s's symbol, or the
 * prefix of its object in the disk cache). Only the entry must exist. Allocates nothing from the
 * heap: the driver calls it once the JIT holds the code, when a failed allocation's jump would
 * leave code without its entries. */
static bool find_entries(CgJit *j, const Spec *s, const char *name, CgEntries *out, char *err, size_t n)
{
    char symbol[4096];
    *out = (CgEntries){0};
    if (snprintf(symbol, sizeof symbol, "%s.entry", name) >= (int)sizeof symbol) {
        snprintf(err, n, "symbol name too long: %.64s...", name);
        return false;
    }
    LLVMOrcExecutorAddress addr = 0;
    LLVMErrorRef e = LLVMOrcLLJITLookup(j->jit, &addr, symbol);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    out->entry = (void *)(uintptr_t)addr;
    snprintf(symbol, sizeof symbol, "%s.cfunc", name);
    out->cfunc = cg_has_cfunc(s) ? lookup_optional(j, symbol) : NULL;
    snprintf(symbol, sizeof symbol, "%s.loop", name);
    out->loop = cg_has_loop(s) ? lookup_optional(j, symbol) : NULL;
    return true;
}

bool cg_jit_entries(CgJit *j, const Spec *s, CgEntries *out, char *err, size_t n)
{
    return find_entries(j, s, s->symbol, out, err, n);
}

/* ---- code kept on disk (driver/cache.c) ---- */

void cg_internalize(CgModule *m, const LLVMValueRef *keep, int n, bool globals)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m->mod); f; f = LLVMGetNextFunction(f)) {
        bool kept = false;
        for (int i = 0; i < n; i++)
            kept |= keep[i] == f;
        if (!kept && !LLVMIsDeclaration(f))
            LLVMSetLinkage(f, LLVMInternalLinkage);
    }
    for (LLVMValueRef g = globals ? LLVMGetFirstGlobal(m->mod) : NULL; g; g = LLVMGetNextGlobal(g))
        if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) == LLVMExternalLinkage)
            LLVMSetLinkage(g, LLVMInternalLinkage);
}

void cg_isolate_spec(CgModule *m, const Spec *s, const char *prefix)
{
    Arena *a = cg_scratch(m);
    const char *old[3] = {cg_entry_name(a, s), cg_cfunc_name(a, s), cg_loop_name(a, s)};
    const char *suffix[3] = {"entry", "cfunc", "loop"};
    LLVMValueRef kept[3];
    for (int i = 0; i < 3; i++) {
        kept[i] = LLVMGetNamedFunction(m->mod, old[i]);
        if (kept[i] && LLVMIsDeclaration(kept[i]))
            kept[i] = NULL;
    }
    cg_internalize(m, kept, 3, true);
    for (int i = 0; i < 3; i++)
        if (kept[i]) {
            const char *name = arena_printf(a, "%s.%s", prefix, suffix[i]);
            LLVMSetValueName2(kept[i], name, strlen(name));
        }
    arena_free(a);
}

bool cg_object_bytes(CgModule *m, Arena *a, void **out, size_t *len, char *err, size_t n)
{
    return (*out = emit(m, LLVMObjectFile, a, len, err, n)) != NULL;
}

bool cg_jit_add_object(CgJit *j, const void *bytes, size_t len, const char *prefix, const Spec *s, CgEntries *out,
                       char *err, size_t n)
{
    char entry[256];
    snprintf(entry, sizeof entry, "%s.entry", prefix);
    if (!lookup_optional(j, entry)) { /* not loaded yet by another module of this context */
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(bytes, len, prefix);
        LLVMErrorRef e = LLVMOrcLLJITAddObjectFile(j->jit, LLVMOrcLLJITGetMainJITDylib(j->jit), buf);
        if (e) {
            take_error(e, err, n);
            return false;
        }
    }
    if (!find_entries(j, s, prefix, out, err, n)) {
        snprintf(err, n, "the cached code of '%s' lacks its entry", s->func->def->name);
        return false;
    }
    return true;
}
