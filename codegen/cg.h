/* cg.h — LLVM code generation: IR (ir/ir.h) to LLVM IR; for the host, wrappers with the
 * generic and the C calling conventions, the optimization pipeline (O3 by default) and ORC
 * LLJIT; for the GPU, NVPTX modules and PTX (ptx.c, gpu_ufunc.c).
 *
 * A CgJit owns one LLJIT and its LLVM context; a CgModule is one LLVM module being filled
 * with specializations before it is optimized and handed to the JIT (or printed). */
#ifndef JITC_CG_H
#define JITC_CG_H

#include <limits.h>
#include <stdint.h>
#include <stdio.h>

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/TargetMachine.h>

#include "builder/program.h"
#include "runtime/arrays.h" /* JitcErr, JitcMem, JitcArg and the functions of runtime/rtabi.def */

typedef struct CgJit {
    Heap *heap;              /* the context's: codegen's scratch arenas come from it */
    LLVMOrcThreadSafeContextRef tsc;
    LLVMContextRef ctx;
    LLVMOrcLLJITRef jit;
    LLVMTargetMachineRef tm; /* for optimization and assembly; the JIT has its own copy */
    LLVMTargetDataRef layout;
    char *triple;
    int opt_level;
} CgJit;

typedef struct CgModule {
    Arena *arena;          /* a scratch arena that owns the module (and disposes of its LLVM parts) */
    CgJit *jit;            /* the host JIT, NULL for a GPU module */
    LLVMContextRef ctx;
    LLVMTargetMachineRef tm;
    int opt_level;
    bool device;           /* NVPTX: no exceptions, libdevice math, special registers */
    bool huge;             /* codegen/huge.c: a function too large for -O3 instruction selection */
    LLVMTargetMachineRef huge_tm; /* huge.c: the -O0 copy of tm that then makes its code */
    LLVMModuleRef mod;
    LLVMBuilderRef b;
    LLVMTypeRef i1, i8, i32, i64, f32, f64, ptr, voidt;
    LLVMTypeRef err_type, mem_type, arg_type; /* JitcErr, JitcMem, JitcArg (runtime/rtabi.def) */
} CgModule;

/* One-time LLVM set-up: the host target, and LLVM's process-wide options (jit.c). */
void cg_llvm_init(void);

/* A target machine for the host's architecture and CPU `cpu` (NULL: this machine's CPU and
 * features; "generic": the baseline), for the JIT or for objects (`jitc build`). NULL with
 * LLVM's message in err when the CPU is unknown. */
LLVMTargetMachineRef cg_host_machine(const char *cpu, const char *features, int opt_level, bool for_jit, char *err,
                                     size_t n);

/* Whether LLVM knows a CPU name for the host's architecture, and a GPU architecture (sm_XX),
 * from tables made at build time (cpu_names.c): LLVM itself only warns on stderr about a name it
 * does not know. */
bool cg_cpu_known(const char *cpu);
bool cg_gpu_arch_known(const char *arch);

/* Creates the JIT for a CPU (NULL: the host's name and features). On failure returns NULL
 * and puts LLVM's message in err (size n). */
CgJit *cg_jit_new(Heap *h, const char *cpu, const char *features, int opt_level, char *err, size_t n);
void cg_jit_free(CgJit *j);

/* A module lives in a scratch arena of the heap (so a failed allocation's jump frees it too);
 * cg_module_dispose frees it, and with it the LLVM module unless the JIT took that. */
CgModule *cg_module_new(CgJit *j, const char *name);
/* A module for a target machine of its own (the GPU), in context ctx. */
CgModule *cg_module_new_for(Heap *h, LLVMContextRef ctx, LLVMTargetMachineRef tm, int opt_level, bool device,
                            const char *name);
void cg_module_dispose(CgModule *m);
/* A scratch arena on m's heap, for work freed before the module is. */
Arena *cg_scratch(CgModule *m);

/* Lowers a ready spec's body and its two wrappers into m. Callees get declarations. */
void cg_lower_spec(CgModule *m, Spec *s);

/* Verifies and optimizes m. On failure returns false with LLVM's message in err. */
bool cg_optimize(CgModule *m, char *err, size_t n);
/* codegen/huge.c: host functions whose largest basic block (after the IR pipeline) holds more
 * than CG_HUGE_BLOCK instructions are marked optnone + noinline and their module m->huge, so
 * its machine code is made at -O0 (FastISel, the fast register allocator: linear) and not by
 * the SelectionDAG and -O3 machine passes (quadratic on long chains). cg_optimize calls it;
 * returns how many it marked. */
enum { CG_HUGE_BLOCK = 1000 };
int cg_mark_huge_functions(CgModule *m);
/* Before the IR pipeline: whether a host function's largest block holds more than
 * CG_HUGE_RAW_BLOCK instructions; cg_optimize then runs CG_HUGE_PIPELINE (scalar passes that are
 * linear in a block's size) in place of default<O3>, whose SLP vectorizer and reassociation are
 * quadratic there (10^4 locals live at once: 1.7 s of 2.2 in SLP; a sum of 10^5 terms:
 * reassociation's worklist). simplifycfg comes first: it merges the entry block, where every
 * local is zeroed, into the body, so that SROA promotes each local within one block; across two,
 * PromoteMemToReg looks for a local's first use by scanning the block from its start, once per
 * local (10^4 statements: 6.3 s, 0.4 s with the blocks merged). */
enum { CG_HUGE_RAW_BLOCK = 4000 };
#define CG_HUGE_PIPELINE "always-inline,function(simplifycfg,sroa,early-cse,instcombine<no-verify-fixpoint>,simplifycfg,gvn,dce)"
bool cg_huge_before_passes(const CgModule *m);
/* codegen/narrow.c: in a device module after the IR pipeline, the i64 compares whose two sides
 * provably lie in int32 become i32 compares (one instruction on the GPU, not two); cg_optimize
 * calls it and cleans up after it. Returns how many it narrowed. A kernel's second entry marks
 * its shape and stride parameters, which the runtime passes below 2^31, with the string
 * attribute CG_INT31_PARAM, which this pass reads as that range. */
#define CG_INT31_PARAM "jitc-int31"
int cg_narrow_compares(CgModule *m);
/* The target machine that makes m's machine code: m->tm, or for a huge module an -O0 copy of
 * it (same CPU, features, code model); NULL with a message in err if that cannot be made. */
LLVMTargetMachineRef cg_codegen_machine(CgModule *m, char *err, size_t n);
/* Text of the module (LLVM IR) or of its assembly, owned by arena a. */
char *cg_llvm_text(CgModule *m, Arena *a);
char *cg_asm_text(CgModule *m, Arena *a, char *err, size_t n);
/* The host entries of a spec in the JIT (codegen/wrap.c's wrappers): the generic entry
 * `void entry(void **args, void *ret, JitcErr *err)`, the C-ABI one (NULL when the signature has
 * none), and for ufuncs the inner loop (runtime/ufunc_loop.h's LoopFn). */
typedef struct CgEntries {
    void *entry, *cfunc, *loop;
} CgEntries;

/* Hands m to the JIT under tracker rt (m's module is consumed). */
bool cg_jit_add(CgModule *m, LLVMOrcResourceTrackerRef rt, char *err, size_t n);
/* The entries of s, whose code was added with cg_jit_add; false with LLVM's message in err. */
bool cg_jit_entries(CgJit *j, const Spec *s, CgEntries *out, char *err, size_t n);
/* The LLVM IR text without what depends on the machine (target triple, data layout, CPU and
 * feature attributes), the same on any CPU of the architecture: for golden tests. Strips them
 * from m; the text is owned by arena a. */
char *cg_llvm_text_portable(CgModule *m, Arena *a);
/* A tracker owning the code of one jitc module, and its removal (which frees that code). */
LLVMOrcResourceTrackerRef cg_jit_tracker(CgJit *j);
void cg_jit_release(LLVMOrcResourceTrackerRef rt);

/* Makes every function defined in m internal except keep[0..n) (and, with globals, every
 * external global variable), so that the optimizer may drop what they do not reach. */
void cg_internalize(CgModule *m, const LLVMValueRef *keep, int n, bool globals);

/* Code kept on disk (driver/cache.c). cg_isolate_spec renames s's wrappers to
 * PREFIX.entry, PREFIX.cfunc, PREFIX.loop and makes every other definition internal, so the
 * module's object stands alone. cg_object_bytes writes the (optimized) module as an object file
 * for the JIT's target (into arena a). cg_jit_add_object loads such an object into the JIT for the
 * rest of the JIT's life (objects are shared by the modules of a context: one already loaded is
 * not loaded again) and gives s's entries from it. */
void cg_isolate_spec(CgModule *m, const Spec *s, const char *prefix);
bool cg_object_bytes(CgModule *m, Arena *a, void **out, size_t *len, char *err, size_t n);
bool cg_jit_add_object(CgJit *j, const void *bytes, size_t len, const char *prefix, const Spec *s, CgEntries *out,
                       char *err, size_t n);

/* Symbol names of a spec's wrappers. */
const char *cg_entry_name(Arena *a, const Spec *s);
const char *cg_cfunc_name(Arena *a, const Spec *s);

/* Whether the spec's signature has a C-ABI wrapper (no tuple parameters). */
bool cg_has_cfunc(const Spec *s);
const char *cg_loop_name(Arena *a, const Spec *s);
bool cg_has_loop(const Spec *s); /* a @vectorize or @guvectorize signature: it gets an inner loop */
LLVMValueRef cg_loop_function(CgModule *m, const Spec *s, Arena *a); /* that loop, declared if needed */
/* A @guvectorize operand's view of type at: data, then ndim sizes and ndim byte strides read
 * from the i64 array `core` starting at word *word (advanced past them). */
LLVMValueRef cg_gufunc_view(CgModule *m, const Type *at, LLVMValueRef data, LLVMValueRef core, int *word);

/* ---- `jitc build` objects (aot.c): public entries beside the lowered specs ---- */

/* The host spec's C-ABI wrapper (lowered already) under the public name. */
void cg_aot_host(CgModule *m, const Spec *s, const char *name);
/* A launcher for kernel spec s, with its PTX for archs[0..nptx) (ascending). */
void cg_aot_kernel(CgModule *m, const Spec *s, const char *name, const char *file, const char *const *archs,
                   char *const *ptx, int nptx);
/* The array-level entry of @vectorize spec s (its loop lowered already). */
void cg_aot_ufunc(CgModule *m, const Spec *s, const char *name, bool parallel);
/* Internalizes all but keep[0..nkeep), optimizes, and writes the object file at path. */
bool cg_aot_emit(CgModule *m, const char *const *keep, int nkeep, const char *path, char *err, size_t n);

/* ---- the GPU (ptx.c) ---- */

typedef struct CgGpu {
    Arena *arena; /* a scratch arena that owns it (and disposes of its LLVM context and machine) */
    LLVMContextRef ctx;
    LLVMTargetMachineRef tm;
    char arch[16];             /* "sm_90" */
    char libdevice[PATH_MAX];  /* cg_libdevice_path when the CgGpu was made; "" if none */
    bool contract;             /* a * b + c may become one fma (jitc_options.gpu_fma) */
} CgGpu;

CgGpu *cg_gpu_new(Heap *h, const char *arch, char *err, size_t n);
void cg_gpu_free(CgGpu *g);
/* PTX for `kernel`, with specs[0..n) (the kernel and every device function it reaches) lowered
 * into one module, in two steps, so that the driver can look the PTX up in its cache by the
 * module's text (cg_llvm_text of job->m, before libdevice is linked) before finishing: */
typedef struct CgGpuJob {
    CgModule *m;
    LLVMValueRef entries[2];
    int nentries;
    const char *libdevice; /* its CgGpu's (linked by cg_gpu_finish; part of the cache key) */
    bool ftz;              /* a fastmath kernel: libdevice flushes denormals to zero too */
} CgGpuJob;
CgGpuJob *cg_gpu_lower(CgGpu *g, Spec **specs, int nspecs, const Spec *kernel);
char *cg_gpu_finish(CgGpuJob *job, Arena *a, char *err, size_t n); /* the PTX, in a; frees the job */
void cg_gpu_discard(CgGpuJob *job);                       /* frees it unfinished */
/* The kernel's entry name in the PTX (the symbol without its module's number, "krn.", with '.'
 * made '_'); with `aligned`, that of
 * its second entry (kernels with array parameters), which assumes every array's data is
 * 16-byte aligned. */
const char *cg_kernel_name(Arena *a, const Spec *s, bool aligned);
bool cg_has_aligned_entry(const Spec *s); /* kernels with arrays, reductions */
/* GPU bounds checks (lower.c): the first index out of range of a launch is recorded in the
 * module's global CG_GPU_ERROR, laid out as the runtime's RtGpuFault (runtime/launch.h: code,
 * line, col as i32, index, axis, size as i64, thread xyz and block xyz as i32), which the
 * launcher reads back after the launch (cuModuleGetGlobal) and clears. A module without bounds
 * checks has no such global. */
#define CG_GPU_ERROR "jitc_gpu_error" /* the runtime's RT_GPU_ERROR */
enum { CG_GPU_ERR_CODE, CG_GPU_ERR_LINE, CG_GPU_ERR_COL, CG_GPU_ERR_INDEX, CG_GPU_ERR_AXIS, CG_GPU_ERR_SIZE,
       CG_GPU_ERR_THREAD /* then 5 more: thread y, z, block x, y, z */ };
/* The module's CG_GPU_ERROR, defined (zeroed, visible to the driver) on first use. */
LLVMValueRef cg_gpu_error_global(CgModule *m);
/* cuda.cg.this_grid().sync(): a call to the module's grid barrier, defined on first use with
 * its counter, the global CG_GRID_BARRIER. A module that has it needs a cooperative launch (all
 * blocks resident at once): the driver looks the global up to know. */
#define CG_GRID_BARRIER "jitc_grid_barrier" /* the runtime's RT_GRID_BARRIER (runtime/launch.h) */
void cg_grid_sync(CgModule *m);
/* A call of an overloaded-free NVVM intrinsic ("llvm.nvvm.barrier0", a special register...). */
LLVMValueRef cg_nvvm_call(CgModule *m, const char *name, LLVMValueRef *args, int n);

/* Where libdevice is: $JITC_LIBDEVICE, $CUDA_HOME/nvvm/libdevice, /usr/local/cuda/..., written
 * into path (n bytes); false, with path "", when there is none. Looked up anew at each call. */
bool cg_libdevice_path(char *path, size_t n);

/* GPU entries of ufuncs (target="cuda") and reductions (gpu_ufunc.c).
 *
 *   void NAME(i64 rows, i64 cols, {ptr data, i64 row_step, i64 col_step} per operand, i64 core...)
 *     a ufunc or gufunc signature over a rows x cols grid of loop elements (outputs last,
 *     steps in bytes; core words as the host loop takes them); blocks stride over rows along
 *     y and threads over columns along x.
 *   void NAME(ptr in, i64 n, i64 step, ptr partials, ptr flags, ptr counter, ptr result, T init, i8 has_init)
 *     a @cuda.reduce over n elements of type T in one pass: each block reduces its grid-stride
 *     share with warp shuffles and leaves a partial; the last block to finish (counted in
 *     *counter, which it resets) reduces the partials and stores the result. The `_a16`
 *     entry reads 16-byte vectors and needs contiguous, 16-byte-aligned data. */
LLVMValueRef cg_ufunc_kernel(CgModule *m, const Spec *s, Arena *a);
LLVMValueRef cg_reduce_kernel(CgModule *m, const Spec *s, Arena *a, bool vectors);
/* A reduction runs CG_REDUCE_BLOCK threads a block, CG_REDUCE_BLOCKS_PER_SM blocks a
 * multiprocessor at most, and CG_REDUCE_MAX_BLOCKS blocks in all. */
enum { CG_REDUCE_BLOCK = 256, CG_REDUCE_BLOCKS_PER_SM = 8, CG_REDUCE_MAX_BLOCKS = 2048 };
/* Marks fn a kernel entry (nvvm.annotations), using at most max_registers registers a thread
 * (`.maxnreg`; 0: no limit). */
void cg_mark_kernel(CgModule *m, LLVMValueRef fn, int max_registers);

/* An IR_PARALLEL_FOR (parallel.c): args[0..nargs) of IR types types[], in the function whose
 * entry block is `entry`; exceptions land in err. Returns the reductions' results, or NULL. */
LLVMValueRef cg_parallel_for(CgModule *m, LLVMBasicBlockRef entry, LLVMValueRef err, const IrParallel *par,
                             LLVMValueRef *args, const Type **types, int nargs);

/* Internal helpers shared by lower.c, wrap.c, gpu_ufunc.c and parallel.c. */
LLVMValueRef cg_load_scalar(CgModule *m, LLVMValueRef p, const Type *t);   /* bool: i8 in memory */
void cg_store_scalar(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef p);
/* Loop metadata on a back edge: a hint such as "llvm.loop.unroll.count" with count, or a flag
 * (count 0). */
void cg_loop_hint(CgModule *m, LLVMValueRef br, const char *hint, int count);
LLVMTypeRef cg_type(CgModule *m, const Type *t);
LLVMTypeRef cg_mem_type(CgModule *m, const Type *t); /* bool is i8 in memory */
LLVMTypeRef cg_complex_type(CgModule *m, const Type *t); /* {float, float} or {double, double} (complex.c) */
LLVMValueRef cg_function(CgModule *m, const Spec *s); /* the body, declared if needed */
/* Drops the references to the arrays in v (arrays.c), inside fn at the builder's place. */
void cg_release(CgModule *m, LLVMValueRef fn, LLVMValueRef v, const Type *t);
LLVMValueRef cg_zero(CgModule *m, const Type *t);
/* An alloca at the top of fn's entry block (so that loops do not grow the stack); the builder
 * stays at the end of the block it was in. */
LLVMValueRef cg_entry_alloca(CgModule *m, LLVMValueRef fn, LLVMTypeRef t, const char *name);

/* runtime/rtabi.def in LLVM (rtabi.c): a runtime function compiled code calls, declared in m if
 * needed (cg_runtime(m, RT_FN_jitc_rt_alloc)); the struct types it shares with the runtime, set in
 * each new module. cg_extern_fn declares a function outside that table by name and type: libm's,
 * libdevice's, vprintf. */
LLVMValueRef cg_runtime(CgModule *m, RtFnId fn);
/* A returned list of scalars handed to the C API (list.c): a DLManagedTensor* of a 1-d copy of
 * its items, DLPack type code; the list's reference is dropped. */
LLVMValueRef cg_list_export(CgModule *m, LLVMValueRef list, const Type *lt, int code);
void cg_runtime_types(CgModule *m);

/* Nested results and tuple arguments of the generic entry (result.c, which describes the layout):
 * the 16-byte slots a result of type t takes; whether t is stored by cg_store_nested (a plain
 * tuple, a list of non-scalars); a result stored at slot (wrap.c: scalars, arrays, lists,
 * Optionals; cg_store_nested: the rest), handing over v's references. */
int cg_result_slots(const Type *t);
LLVMValueRef cg_byte_offset(CgModule *m, LLVMValueRef p, LLVMValueRef off); /* p + off bytes */
bool cg_result_nested(const Type *t);
int cg_hash_entry_slots(const Type *t); /* a returned dict's entry or set's item: its key's and value's slots */
void cg_store_result(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot);
void cg_store_nested(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot);
/* Takes a reference to the arrays and lists in v (arrays.c), inside fn at the builder's place. */
void cg_retain(CgModule *m, LLVMValueRef fn, LLVMValueRef v, const Type *t);
LLVMValueRef cg_extern_fn(CgModule *m, const char *name, LLVMTypeRef ret, LLVMTypeRef *params, int n);

#endif
