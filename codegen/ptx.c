/* ptx.c — GPU code: kernels and what they call, lowered to PTX by LLVM's NVPTX backend.
 *
 * A kernel's entry takes its arguments flattened, the way the launcher passes them: an array
 * as (data pointer, shape[n], strides[n] in bytes), a scalar as itself (bool as i8). It
 * rebuilds jitc's array values and calls the kernel's body. libdevice is linked in when the
 * code calls __nv_ math, everything but the entries is internalized, and O3 runs for the
 * chosen sm_XX before PTX is printed. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>

#include "cg.h"
#include "jitcrt.h"

static void init_nvptx(void)
{
    cg_llvm_init(); /* LLVM's options, -nvptx-short-ptr among them */
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
}

static void dispose_gpu(void *p)
{
    CgGpu *g = p;
    if (g->tm)
        LLVMDisposeTargetMachine(g->tm);
    if (g->ctx)
        LLVMContextDispose(g->ctx);
}

CgGpu *cg_gpu_new(Heap *h, const char *arch, char *err, size_t n)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_nvptx);
    LLVMTargetRef target;
    char *msg = NULL;
    if (LLVMGetTargetFromTriple("nvptx64-nvidia-cuda", &target, &msg)) {
        snprintf(err, n, "NVPTX target unavailable: %s", msg);
        LLVMDisposeMessage(msg);
        return NULL;
    }
    Arena *a = arena_scratch(h);
    void **release = arena_defer(a, dispose_gpu); /* reserved before LLVM makes anything */
    CgGpu *g = arena_alloc(a, sizeof *g);
    *release = g;
    g->arena = a;
    snprintf(g->arch, sizeof g->arch, "%s", arch);
    cg_libdevice_path(g->libdevice, sizeof g->libdevice);
    g->ctx = LLVMContextCreate();
    g->tm = LLVMCreateTargetMachine(target, "nvptx64-nvidia-cuda", arch, "", LLVMCodeGenLevelAggressive,
                                    LLVMRelocDefault, LLVMCodeModelDefault);
    if (!g->tm) {
        snprintf(err, n, "LLVM cannot generate code for GPU architecture '%s'", arch);
        cg_gpu_free(g);
        return NULL;
    }
    return g;
}

void cg_gpu_free(CgGpu *g)
{
    if (g)
        arena_free(g->arena);
}

LLVMValueRef cg_gpu_error_global(CgModule *m)
{
    LLVMValueRef g = LLVMGetNamedGlobal(m->mod, CG_GPU_ERROR);
    if (g)
        return g;
    LLVMTypeRef fields[12] = {m->i32, m->i32, m->i32, m->i64, m->i64, m->i64, m->i32, m->i32, m->i32, m->i32, m->i32, m->i32};
    LLVMTypeRef t = LLVMStructTypeInContext(m->ctx, fields, 12, 0);
    g = LLVMAddGlobalInAddressSpace(m->mod, t, CG_GPU_ERROR, 1 /* global memory */);
    LLVMSetInitializer(g, LLVMConstNull(t));
    LLVMSetAlignment(g, 8);
    return g;
}

LLVMValueRef cg_nvvm_call(CgModule *m, const char *name, LLVMValueRef *args, int n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m->mod, id, NULL, 0);
    return LLVMBuildCall2(m->b, LLVMIntrinsicGetType(m->ctx, id, NULL, 0), fn, args, (unsigned)n, "");
}

/* The or (or product) of a special register's x, y and z: zero for the first thread or block. */
static LLVMValueRef sreg_xyz(CgModule *m, const char *reg, bool product)
{
    LLVMValueRef acc = NULL;
    for (int k = 0; k < 3; k++) {
        char name[64];
        snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", reg, "xyz"[k]);
        LLVMValueRef v = cg_nvvm_call(m, name, NULL, 0);
        acc = !acc ? v : product ? LLVMBuildMul(m->b, acc, v, "") : LLVMBuildOr(m->b, acc, v, "");
    }
    return acc;
}

/* The grid barrier, CUDA's own algorithm (cooperative_groups' sync_grids): after a block
 * barrier, thread 0 of each block adds to the counter: 1, or for block 0, 0x80000000 minus
 * (blocks - 1). The top bit flips when the last block arrives and the low bits are 0 again for
 * the next barrier (and the next launch). Each waits, reading volatile, for the flip; fences
 * on both sides make the grid's writes before the barrier visible after it. Correct only when
 * every block is resident, which the cooperative launch guarantees. */
static LLVMValueRef grid_sync_function(CgModule *m)
{
    LLVMValueRef fn = LLVMGetNamedFunction(m->mod, "jitc_grid_sync");
    if (fn)
        return fn;
    LLVMValueRef counter = LLVMAddGlobalInAddressSpace(m->mod, m->i32, CG_GRID_BARRIER, 1 /* global memory */);
    LLVMSetInitializer(counter, LLVMConstNull(m->i32));
    LLVMSetAlignment(counter, 4);
    fn = LLVMAddFunction(m->mod, "jitc_grid_sync", LLVMFunctionType(m->voidt, NULL, 0, 0));
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMBuilderRef saved = m->b; /* a builder of its own: no debug location of the caller's */
    m->b = LLVMCreateBuilderInContext(m->ctx);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(m->ctx, fn, "entry");
    LLVMBasicBlockRef arrive = LLVMAppendBasicBlockInContext(m->ctx, fn, "arrive");
    LLVMBasicBlockRef wait = LLVMAppendBasicBlockInContext(m->ctx, fn, "wait");
    LLVMBasicBlockRef passed = LLVMAppendBasicBlockInContext(m->ctx, fn, "passed");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(m->ctx, fn, "done");
    LLVMValueRef zero = LLVMConstNull(m->i32), top = LLVMConstInt(m->i32, 0x80000000u, 0);

    LLVMPositionBuilderAtEnd(m->b, entry);
    cg_nvvm_call(m, "llvm.nvvm.barrier0", NULL, 0);
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntEQ, sreg_xyz(m, "tid", false), zero, ""), arrive, done);

    LLVMPositionBuilderAtEnd(m->b, arrive);
    LLVMValueRef others = LLVMBuildSub(m->b, sreg_xyz(m, "nctaid", true), LLVMConstInt(m->i32, 1, 0), "");
    LLVMValueRef first = LLVMBuildICmp(m->b, LLVMIntEQ, sreg_xyz(m, "ctaid", false), zero, "");
    LLVMValueRef add = LLVMBuildSelect(m->b, first, LLVMBuildSub(m->b, top, others, ""), LLVMConstInt(m->i32, 1, 0), "");
    cg_nvvm_call(m, "llvm.nvvm.membar.gl", NULL, 0);
    LLVMValueRef old = LLVMBuildAtomicRMW(m->b, LLVMAtomicRMWBinOpAdd, counter, add, LLVMAtomicOrderingMonotonic, 0);
    LLVMBuildBr(m->b, wait);

    LLVMPositionBuilderAtEnd(m->b, wait);
    LLVMValueRef now = LLVMBuildLoad2(m->b, m->i32, counter, "");
    LLVMSetVolatile(now, 1);
    LLVMValueRef flipped = LLVMBuildAnd(m->b, LLVMBuildXor(m->b, old, now, ""), top, "");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntNE, flipped, zero, ""), passed, wait);

    LLVMPositionBuilderAtEnd(m->b, passed);
    cg_nvvm_call(m, "llvm.nvvm.membar.gl", NULL, 0);
    LLVMBuildBr(m->b, done);

    LLVMPositionBuilderAtEnd(m->b, done);
    cg_nvvm_call(m, "llvm.nvvm.barrier0", NULL, 0);
    LLVMBuildRetVoid(m->b);
    LLVMDisposeBuilder(m->b);
    m->b = saved;
    return fn;
}

void cg_grid_sync(CgModule *m)
{
    LLVMValueRef fn = grid_sync_function(m);
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(fn), fn, NULL, 0, "");
}

/* GPU code is named without its module's prefix ("krn7.f.i64" is "krn.f.i64" there): a PTX
 * module is loaded on its own, so nothing can clash, and the same kernel compiled by any module
 * of the process, or of another process, is the same PTX under the same key (the contexts of
 * several GPUs share it; the disk cache finds it). The prefix is the symbol up to its first '.'. */
static const char GPU_PREFIX[] = "krn";

static const char *gpu_symbol(Arena *a, const char *symbol)
{
    const char *dot = strchr(symbol, '.');
    return dot ? arena_printf(a, "%s%s", GPU_PREFIX, dot) : symbol;
}

/* Renames v after gpu_symbol when its name starts with the module's prefix (len bytes, the '.'
 * included). */
static void rename_prefixed(LLVMValueRef v, const char *prefix, size_t len, Arena *a)
{
    size_t n;
    const char *name = LLVMGetValueName2(v, &n);
    if (n > len && strncmp(name, prefix, len) == 0) {
        const char *renamed = gpu_symbol(a, name);
        LLVMSetValueName2(v, renamed, strlen(renamed));
    }
}

/* Renames the module's own functions and globals ("krnN." and on) after gpu_symbol. */
static void drop_module_prefix(CgModule *m, const Spec *kernel, Arena *a)
{
    const char *dot = strchr(kernel->symbol, '.');
    if (!dot)
        return;
    size_t len = (size_t)(dot - kernel->symbol) + 1;
    for (LLVMValueRef f = LLVMGetFirstFunction(m->mod); f; f = LLVMGetNextFunction(f))
        rename_prefixed(f, kernel->symbol, len, a);
    for (LLVMValueRef g = LLVMGetFirstGlobal(m->mod); g; g = LLVMGetNextGlobal(g))
        rename_prefixed(g, kernel->symbol, len, a);
}

const char *cg_kernel_name(Arena *a, const Spec *s, bool aligned)
{
    const char *sym = arena_printf(a, "%s%s", gpu_symbol(a, s->symbol), aligned ? "_a16" : "");
    /* PTX identifiers take letters, digits, _ and $: a '.' becomes '_', a byte of a non-ASCII
     * name (PEP 3131) $XX */
    char *name = arena_alloc(a, strlen(sym) * 3 + 1), *q = name;
    for (const unsigned char *p = (const unsigned char *)sym; *p; p++)
        if (*p >= 0x80)
            q += sprintf(q, "$%02X", *p);
        else
            *q++ = *p == '.' ? '_' : (char)*p;
    *q = '\0';
    return name;
}

/* The second entry of a kernel, the one the runtime launches when jitcrt.h's conditions for it
 * hold (they do for nearly every launch), tells LLVM three things the first cannot assume:
 * - every array's data is 16-byte aligned (llvm.assume "align"), as device allocations are.
 *   Where a thread reads or writes neighbouring elements, LLVM then uses 8- and 16-byte vector
 *   loads and stores: an element-wise kernel needs them to reach the memory's bandwidth, which
 *   4-byte accesses fall short of (measured on an H100 GPU: 0.93 of copy bandwidth at best,
 *   nvcc too);
 * - every shape and stride lies in [0, 2^31), read as a zero-extended int32, so that an index
 *   times a stride is one widening multiply (IMAD.WIDE.U32), not a 64-bit product (three
 *   multiplies on the GPU);
 * - blockIdx.x is below JITCRT_FAST_GRID_X, so that blockIdx.x * K + threadIdx.x with K below
 *   1024 cannot wrap in int32: such an index is known non-negative and loses the negative-index
 *   wrap-around (as blockIdx.y and .z, which the hardware bounds by 65535, always do). */
static void assume_fast_arrays(CgModule *m, const Spec *s, LLVMValueRef *args)
{
    LLVMTypeRef assume_type = LLVMFunctionType(m->voidt, &m->i1, 1, 0);
    LLVMValueRef assume = LLVMGetNamedFunction(m->mod, "llvm.assume");
    if (!assume)
        assume = LLVMAddFunction(m->mod, "llvm.assume", assume_type);
    LLVMValueRef yes = LLVMConstInt(m->i1, 1, 0);
    for (int i = 0; i < s->nparams; i++) {
        if (s->params[i]->kind != TY_ARRAY)
            continue;
        LLVMValueRef what[2] = {LLVMBuildExtractValue(m->b, args[i + 1], 0, ""), LLVMConstInt(m->i64, 16, 0)};
        LLVMOperandBundleRef align = LLVMCreateOperandBundle("align", 5, what, 2);
        LLVMBuildCallWithOperandBundles(m->b, assume_type, assume, &yes, 1, &align, 1, "");
        LLVMDisposeOperandBundle(align);
    }
    LLVMValueRef block_x = cg_nvvm_call(m, "llvm.nvvm.read.ptx.sreg.ctaid.x", NULL, 0);
    LLVMValueRef below = LLVMBuildICmp(m->b, LLVMIntULT, block_x, LLVMConstInt(m->i32, JITCRT_FAST_GRID_X, 0), "");
    LLVMBuildCall2(m->b, assume_type, assume, &below, 1, "");
}

/* CG_INT31_PARAM, the mark of a parameter the runtime passes in [0, 2^31) */
static LLVMAttributeRef int31_attribute(CgModule *m)
{
    return LLVMCreateStringAttribute(m->ctx, CG_INT31_PARAM, (unsigned)strlen(CG_INT31_PARAM), "", 0);
}

/* v, known to lie in [0, 2^31), as the zero extension of its low 32 bits. */
static LLVMValueRef int32_in_int64(CgModule *m, LLVMValueRef v)
{
    return LLVMBuildZExt(m->b, LLVMBuildTrunc(m->b, v, m->i32, ""), m->i64, "");
}

/* void @NAME(flattened params...): unflattens and calls the body. */
static LLVMValueRef kernel_entry(CgModule *m, const Spec *s, Arena *a, bool fast)
{
    LLVMTypeRef params[256];
    int n = 0;
    for (int i = 0; i < s->nparams; i++) {
        const Type *t = s->params[i];
        if (t->kind == TY_ARRAY) {
            params[n++] = m->ptr;
            for (int k = 0; k < 2 * t->ndim; k++)
                params[n++] = m->i64;
        } else {
            params[n++] = cg_mem_type(m, t);
        }
    }
    LLVMValueRef fn = LLVMAddFunction(m->mod, cg_kernel_name(a, s, fast), LLVMFunctionType(m->voidt, params, (unsigned)n, 0));
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"));
    LLVMValueRef err = LLVMBuildAlloca(m->b, m->err_type, "err"); /* never set on the GPU */
    LLVMValueRef args[65];
    args[0] = err;
    int p = 0;
    for (int i = 0; i < s->nparams; i++) {
        const Type *t = s->params[i];
        if (t->kind != TY_ARRAY) {
            LLVMValueRef v = LLVMGetParam(fn, (unsigned)p++);
            args[i + 1] = t->kind == TY_BOOL ? LLVMBuildICmp(m->b, LLVMIntNE, v, LLVMConstInt(m->i8, 0, 0), "") : v;
            continue;
        }
        LLVMValueRef arr = LLVMBuildInsertValue(m->b, LLVMConstNull(cg_type(m, t)), LLVMGetParam(fn, (unsigned)p++), 0, "");
        for (int field = 1; field <= 2; field++) {
            LLVMValueRef dims = LLVMGetUndef(LLVMArrayType2(m->i64, (uint64_t)t->ndim));
            for (int k = 0; k < t->ndim; k++) {
                LLVMValueRef v = LLVMGetParam(fn, (unsigned)p++);
                if (fast) /* for narrow.c: the runtime passes it below 2^31 */
                    LLVMAddAttributeAtIndex(fn, (unsigned)p, int31_attribute(m));
                dims = LLVMBuildInsertValue(m->b, dims, fast ? int32_in_int64(m, v) : v, (unsigned)k, "");
            }
            arr = LLVMBuildInsertValue(m->b, arr, dims, (unsigned)field, "");
        }
        args[i + 1] = arr;
    }
    if (fast)
        assume_fast_arrays(m, s, args);
    LLVMValueRef body = cg_function(m, s);
    LLVMBuildCall2(m->b, LLVMGlobalGetValueType(body), body, args, (unsigned)s->nparams + 1, "");
    LLVMBuildRetVoid(m->b);
    cg_mark_kernel(m, fn, s->func->opts.max_registers);
    return fn;
}

static void annotate(CgModule *m, LLVMValueRef fn, const char *key, int value)
{
    LLVMMetadataRef md[3] = {LLVMValueAsMetadata(fn), LLVMMDStringInContext2(m->ctx, key, strlen(key)),
                             LLVMValueAsMetadata(LLVMConstInt(m->i32, (unsigned long long)value, 0))};
    LLVMAddNamedMetadataOperand(m->mod, "nvvm.annotations", LLVMMetadataAsValue(m->ctx, LLVMMDNodeInContext2(m->ctx, md, 3)));
}

void cg_mark_kernel(CgModule *m, LLVMValueRef fn, int max_registers)
{
    annotate(m, fn, "kernel", 1);
    if (max_registers > 0)
        annotate(m, fn, "maxnreg", max_registers);
}

bool cg_has_aligned_entry(const Spec *s)
{
    if (s->func->kind == FK_CUDA_REDUCE)
        return true; /* its second entry reads 16-byte vectors */
    if (s->func->kind != FK_CUDA_KERNEL)
        return false;
    for (int i = 0; i < s->nparams; i++)
        if (s->params[i]->kind == TY_ARRAY)
            return true;
    return false;
}

static bool readable(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* path = prefix + suffix when that fits in n bytes. */
static bool join(char *path, size_t n, const char *prefix, const char *suffix)
{
    int w = snprintf(path, n, "%s%s", prefix, suffix);
    return w > 0 && (size_t)w < n;
}

/* The first CUDA installation that has libdevice, into path. */
static bool find_in_cuda_homes(char *path, size_t n)
{
    const char *homes[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda", "/usr/lib/cuda"};
    for (size_t i = 0; i < sizeof homes / sizeof homes[0]; i++)
        if (homes[i] && join(path, n, homes[i], "/nvvm/libdevice/libdevice.10.bc") && readable(path))
            return true;
    return false;
}

bool cg_libdevice_path(char *path, size_t n)
{
    const char *env = getenv("JITC_LIBDEVICE");
    bool found = env && *env ? join(path, n, env, "") : find_in_cuda_homes(path, n);
    if (!found && n)
        *path = 0;
    return found;
}

static bool calls_libdevice(LLVMModuleRef mod)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (LLVMIsDeclaration(f) && len > 5 && strncmp(name, "__nv_", 5) == 0)
            return true;
    }
    return false;
}

static bool link_libdevice(CgModule *m, const char *path, bool ftz, char *err, size_t n)
{
    if (!calls_libdevice(m->mod))
        return true;
    LLVMMemoryBufferRef buf;
    char *msg = NULL;
    if (!*path || LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
        snprintf(err, n, "libdevice not found (GPU math needs it): set JITC_LIBDEVICE or CUDA_HOME%s%s",
                 msg ? ": " : "", msg ? msg : "");
        LLVMDisposeMessage(msg);
        return false;
    }
    LLVMModuleRef lib;
    bool bad = LLVMParseBitcodeInContext2(m->ctx, buf, &lib);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
        snprintf(err, n, "%s: not LLVM bitcode", path);
        return false;
    }
    LLVMSetTarget(lib, LLVMGetTarget(m->mod));
    LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(m->mod));
    if (LLVMLinkModules2(m->mod, lib)) {
        snprintf(err, n, "linking libdevice failed");
        return false;
    }
    LLVMValueRef flush = LLVMConstInt(m->i32, ftz, 0); /* libdevice's __nvvm_reflect("__CUDA_FTZ") */
    LLVMAddModuleFlag(m->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16, LLVMValueAsMetadata(flush));
    return true;
}

/* Contraction, as NVVM's -fma=1 (numba-cuda's default): every float32 and float64 multiply, add
 * and subtract may fuse, which NVPTX's instruction selection turns into fma.rn where a product
 * feeds a sum. float16 stays unfused: numba-cuda's half arithmetic is cuda_fp16.hpp's inline
 * mul.f16 and add.f16, which NVVM cannot fuse. */
static void allow_contraction(CgModule *m)
{
    for (LLVMValueRef f = LLVMGetFirstFunction(m->mod); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                LLVMOpcode op = LLVMGetInstructionOpcode(i);
                LLVMTypeKind kind = LLVMGetTypeKind(LLVMTypeOf(i));
                if ((op == LLVMFAdd || op == LLVMFSub || op == LLVMFMul) &&
                    (kind == LLVMFloatTypeKind || kind == LLVMDoubleTypeKind))
                    LLVMSetFastMathFlags(i, LLVMGetFastMathFlags(i) | LLVMFastMathAllowContract);
            }
}

/* A fastmath kernel flushes float32 denormals to zero, as numba-cuda's under fastmath=True
 * (NVVM's -ftz=1), in every function of its module: NVPTX then picks the .ftz instructions.
 * (Its approximate division and square root are chosen while lowering: codegen/lower.c.) */
static void flush_denormals(CgModule *m)
{
    static const char KEY[] = "denormal-fp-math-f32", VALUE[] = "preserve-sign,preserve-sign";
    for (LLVMValueRef f = LLVMGetFirstFunction(m->mod); f; f = LLVMGetNextFunction(f))
        if (!LLVMIsDeclaration(f))
            LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                                    LLVMCreateStringAttribute(m->ctx, KEY, sizeof KEY - 1, VALUE, sizeof VALUE - 1));
}

/* Only the kernel entries stay visible, so O3 drops what they do not use. */
CgGpuJob *cg_gpu_lower(CgGpu *g, Spec **specs, int nspecs, const Spec *kernel)
{
    CgGpuJob *j = arena_alloc(g->arena, sizeof *j);
    CgModule *m = j->m = cg_module_new_for(arena_heap(g->arena), g->ctx, g->tm, 3, true, gpu_symbol(g->arena, kernel->symbol));
    Arena *a = cg_scratch(m);
    j->libdevice = g->libdevice;
    for (int i = 0; i < nspecs; i++)
        cg_lower_spec(m, specs[i]);
    switch (kernel->func->kind) {
    case FK_VECTORIZE: case FK_GUVECTORIZE: j->entries[j->nentries++] = cg_ufunc_kernel(m, kernel, a); break;
    case FK_CUDA_REDUCE:
        j->entries[j->nentries++] = cg_reduce_kernel(m, kernel, a, false);
        j->entries[j->nentries++] = cg_reduce_kernel(m, kernel, a, true);
        break;
    default:
        j->entries[j->nentries++] = kernel_entry(m, kernel, a, false);
        if (cg_has_aligned_entry(kernel))
            j->entries[j->nentries++] = kernel_entry(m, kernel, a, true);
    }
    drop_module_prefix(m, kernel, a);
    if (g->contract || kernel->func->opts.fastmath)
        allow_contraction(m);
    if ((j->ftz = kernel->func->opts.fastmath))
        flush_denormals(m);
    arena_free(a);
    return j;
}

char *cg_gpu_finish(CgGpuJob *j, Arena *a, char *err, size_t n)
{
    char *ptx = NULL;
    if (link_libdevice(j->m, j->libdevice, j->ftz, err, n)) {
        cg_internalize(j->m, j->entries, j->nentries, false);
        if (cg_optimize(j->m, err, n))
            ptx = cg_asm_text(j->m, a, err, n);
    }
    cg_gpu_discard(j);
    return ptx;
}

void cg_gpu_discard(CgGpuJob *j)
{
    cg_module_dispose(j->m);
    j->m = NULL;
}
