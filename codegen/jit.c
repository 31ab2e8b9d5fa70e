/* jit.c — the host target and ORC LLJIT: one-time LLVM initialisation, the target machine for
 * the host CPU (its name and features), the optimization pipeline (O3 unless
 * jitc_options.opt_level says otherwise), and handing modules to the JIT with
 * jitc's runtime symbols bound by address. */
#include <dlfcn.h>
#include <unistd.h>
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
static bool have_libmvec;

/* LLVM's command-line options are process-wide and may be parsed once: every one jitc sets is
 * here. Shared, constant and local GPU memory are far smaller than 4 GiB, so 32-bit pointers
 * into them (as nvcc uses) keep their addresses in 32-bit registers. */
static void init_llvm(void)
{
    LLVMInitializeNativeTarget();
    LLVMInitializeNativeAsmPrinter();
    LLVMInitializeNativeAsmParser();
    void *mvec = dlopen(LIBMVEC, RTLD_NOW | RTLD_GLOBAL);
    have_libmvec = mvec != NULL;
    const char *options[3] = {"jitc", "-nvptx-short-ptr", "-vector-library=LIBMVEC-X86"};
#if defined(__x86_64__)
    int n = have_libmvec ? 3 : 2;
#else
    int n = 2;
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

CgJit *cg_jit_new(const char *cpu, const char *features, int opt_level, char *err, size_t n)
{
    cg_llvm_init();
    CgJit *j = calloc(1, sizeof *j);
    if (!j)
        return NULL;
    j->opt_level = opt_level;
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
    free(j);
}

CgModule *cg_module_new_for(LLVMContextRef ctx, LLVMTargetMachineRef tm, int opt_level, bool device, const char *name)
{
    CgModule *m = calloc(1, sizeof *m);
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
    CgModule *m = cg_module_new_for(j->ctx, j->tm, j->opt_level, false, name);
    m->jit = j;
    return m;
}

void cg_module_dispose(CgModule *m)
{
    if (!m)
        return;
    if (m->mod)
        LLVMDisposeModule(m->mod);
    LLVMDisposeBuilder(m->b);
    free(m);
}

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
    char pipeline[32];
    snprintf(pipeline, sizeof pipeline, "default<O%d>", m->opt_level < 0 ? 0 : m->opt_level > 3 ? 3 : m->opt_level);
    LLVMErrorRef e = LLVMRunPasses(m->mod, pipeline, m->tm, o);
    LLVMDisposePassBuilderOptions(o);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    return true;
}

char *cg_llvm_text(CgModule *m)
{
    char *s = LLVMPrintModuleToString(m->mod), *copy = strdup(s);
    LLVMDisposeMessage(s);
    return copy;
}

/* The module emitted as assembly or an object file: malloc'd bytes (NUL-terminated) and their
 * length, or NULL with LLVM's message in err. */
static char *emit(CgModule *m, LLVMCodeGenFileType kind, size_t *len, char *err, size_t n)
{
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (LLVMTargetMachineEmitToMemoryBuffer(m->tm, m->mod, kind, &msg, &buf)) {
        snprintf(err, n, "%s", msg);
        LLVMDisposeMessage(msg);
        return NULL;
    }
    *len = LLVMGetBufferSize(buf);
    char *s = malloc(*len + 1);
    memcpy(s, LLVMGetBufferStart(buf), *len);
    s[*len] = 0;
    LLVMDisposeMemoryBuffer(buf);
    return s;
}

char *cg_asm_text(CgModule *m, char *err, size_t n)
{
    size_t len;
    return emit(m, LLVMAssemblyFile, &len, err, n);
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

bool cg_jit_add(CgModule *m, LLVMOrcResourceTrackerRef rt, Spec **specs, int nspecs, char *err, size_t n)
{
    CgJit *j = m->jit;
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(m->mod, j->tsc);
    m->mod = NULL; /* owned by the JIT now */
    LLVMErrorRef e = LLVMOrcLLJITAddLLVMIRModuleWithRT(j->jit, rt, tsm);
    if (e) {
        take_error(e, err, n);
        return false;
    }
    Arena *a = arena_new(NULL, NULL);
    bool ok = true;
    for (int i = 0; i < nspecs && ok; i++) {
        LLVMOrcExecutorAddress addr = 0;
        e = LLVMOrcLLJITLookup(j->jit, &addr, cg_entry_name(a, specs[i]));
        if (e) {
            take_error(e, err, n);
            ok = false;
            break;
        }
        specs[i]->entry = (void *)(uintptr_t)addr;
        specs[i]->lowered = true;
        if (cg_has_cfunc(specs[i]))
            specs[i]->cfunc = lookup_optional(j, cg_cfunc_name(a, specs[i]));
        if (cg_has_loop(specs[i]))
            specs[i]->loop = lookup_optional(j, cg_loop_name(a, specs[i]));
    }
    arena_free(a);
    return ok;
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
    Arena *a = arena_new(NULL, NULL);
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

bool cg_object_bytes(CgModule *m, void **out, size_t *len, char *err, size_t n)
{
    return (*out = emit(m, LLVMObjectFile, len, err, n)) != NULL;
}

bool cg_jit_add_object(CgJit *j, const void *bytes, size_t len, const char *prefix, Spec *s, char *err, size_t n)
{
    Arena *a = arena_new(NULL, NULL);
    const char *entry = arena_printf(a, "%s.entry", prefix);
    bool ok = true;
    if (!lookup_optional(j, entry)) { /* not loaded yet by another module of this context */
        LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(bytes, len, prefix);
        LLVMErrorRef e = LLVMOrcLLJITAddObjectFile(j->jit, LLVMOrcLLJITGetMainJITDylib(j->jit), buf);
        if (e) {
            take_error(e, err, n);
            ok = false;
        }
    }
    if (ok && !(s->entry = lookup_optional(j, entry))) {
        snprintf(err, n, "the cached code of '%s' lacks its entry", s->func->def->name);
        ok = false;
    }
    if (ok) {
        s->lowered = true;
        s->cfunc = cg_has_cfunc(s) ? lookup_optional(j, arena_printf(a, "%s.cfunc", prefix)) : NULL;
        s->loop = cg_has_loop(s) ? lookup_optional(j, arena_printf(a, "%s.loop", prefix)) : NULL;
    }
    arena_free(a);
    return ok;
}

/* LLVM only warns about a CPU name it does not know, on stderr (when the target machine or its
 * first function's subtarget is made), and x86-64 then stops the process ("64-bit code requested
 * on a subtarget that doesn't support it"). So names are tried first, on an empty function,
 * with stderr caught (and, on x86-64, the baseline's 64-bit feature). */
CgCaught cg_catch_stderr(void)
{
    CgCaught c = {tmpfile(), -1};
    if (c.file) {
        fflush(stderr);
        c.saved = dup(2);
        dup2(fileno(c.file), 2);
    }
    return c;
}

bool cg_caught_has(CgCaught c, const char *text)
{
    if (!c.file)
        return false;
    dup2(c.saved, 2);
    close(c.saved);
    char buf[4096];
    rewind(c.file);
    size_t n = fread(buf, 1, sizeof buf - 1, c.file);
    buf[n] = 0;
    fclose(c.file);
    return strstr(buf, text) != NULL;
}

void cg_probe_target(LLVMTargetMachineRef tm)
{
    LLVMContextRef ctx = LLVMContextCreate();
    CgModule *m = cg_module_new_for(ctx, tm, 0, false, "probe");
    LLVMValueRef fn = LLVMAddFunction(m->mod, "probe", LLVMFunctionType(m->voidt, NULL, 0, 0));
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(ctx, fn, "entry"));
    LLVMBuildRetVoid(m->b);
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (!LLVMTargetMachineEmitToMemoryBuffer(tm, m->mod, LLVMAssemblyFile, &msg, &buf))
        LLVMDisposeMemoryBuffer(buf);
    LLVMDisposeMessage(msg);
    cg_module_dispose(m);
    LLVMContextDispose(ctx);
}

bool cg_cpu_known(const char *cpu)
{
    if (strcmp(cpu, "generic") == 0)
        return true;
    cg_llvm_init();
#if defined(__x86_64__)
    const char *features = "+64bit";
#else
    const char *features = "";
#endif
    char err[256];
    CgCaught c = cg_catch_stderr();
    LLVMTargetMachineRef tm = cg_host_machine(cpu, features, 0, false, err, sizeof err);
    if (tm)
        cg_probe_target(tm);
    bool unknown = cg_caught_has(c, CG_UNKNOWN_CPU);
    if (tm)
        LLVMDisposeTargetMachine(tm);
    return tm && !unknown;
}
