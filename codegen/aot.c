/* aot.c — the public entries of `jitc build` objects, in LLVM IR beside the compiled code:
 *
 *   host function   RET NAME(C params...)            the spec's cfunc (wrap.c), renamed
 *   kernel          int NAME(const unsigned grid[3], const unsigned block[3], size_t shared,
 *                            void *stream, C params...)
 *                                                     packs its arguments and calls
 *                                                     jitcrt_launch with a descriptor holding
 *                                                     the kernel's PTX for each architecture
 *   ufunc           int NAME(DLTensor *in..., DLTensor *out)
 *                                                     calls jitcrt_ufunc_call with the
 *                                                     signature's compiled inner loop
 *
 * The descriptors' layouts are include/jitcrt.h's. cg_aot_emit then makes every other symbol
 * internal (objects from several .krn files link together), optimizes, and writes the object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dlpack/dlpack.h>
#include <llvm-c/Analysis.h>

#include "cg.h"
#include "jitc.h"

/* A private constant holding a NUL-terminated string. */
static LLVMValueRef const_string(CgModule *m, const char *s, const char *name)
{
    LLVMValueRef init = LLVMConstStringInContext(m->ctx, s, (unsigned)strlen(s), 0);
    LLVMValueRef g = LLVMAddGlobal(m->mod, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    return g;
}

static LLVMValueRef const_global(CgModule *m, LLVMValueRef init, const char *name, bool constant)
{
    LLVMValueRef g = LLVMAddGlobal(m->mod, LLVMTypeOf(init), name);
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, constant);
    LLVMSetLinkage(g, LLVMInternalLinkage);
    return g;
}

static LLVMValueRef i32c(CgModule *m, long long v) { return LLVMConstInt(m->i32, (unsigned long long)v, 1); }
static LLVMValueRef i64c(CgModule *m, long long v) { return LLVMConstInt(m->i64, (unsigned long long)v, 1); }

/* jitcrt_param {is_array, code, bits, ndim, contiguous}; ndim -1 takes any rank. */
static LLVMValueRef param_desc(CgModule *m, const Type *t, bool any_rank)
{
    const Type *dt = t->kind == TY_ARRAY ? t->dtype : t;
    int code = dt->kind == TY_BOOL ? JITC_DL_BOOL : ty_is_float(dt) ? kDLFloat : ty_is_unsigned(dt) ? kDLUInt : kDLInt;
    bool array = t->kind == TY_ARRAY;
    LLVMValueRef f[5] = {i32c(m, array || any_rank), i32c(m, code), i32c(m, ty_size(dt) * 8),
                         i32c(m, any_rank ? -1 : array ? t->ndim : 0), i32c(m, array && t->layout == 'C')};
    return LLVMConstStructInContext(m->ctx, f, 5, 0);
}

static LLVMValueRef param_table(CgModule *m, const Type **types, int n, bool any_rank, const char *name)
{
    LLVMValueRef items[65];
    for (int i = 0; i < n; i++)
        items[i] = param_desc(m, types[i], any_rank);
    LLVMTypeRef t = n ? LLVMTypeOf(items[0]) : LLVMStructTypeInContext(m->ctx, (LLVMTypeRef[]){m->i32}, 1, 0);
    return const_global(m, LLVMConstArray2(t, items, (uint64_t)n), name, true);
}

/* An alloca'd array of pointers, as jitcrt_launch and jitcrt_ufunc_call take them: element i
 * is fn's parameter first + i when that is an array (types NULL: all are), else its address. */
static LLVMValueRef pointer_array(CgModule *m, LLVMValueRef fn, int first, const Type **types, int n)
{
    LLVMValueRef arr = LLVMBuildAlloca(m->b, LLVMArrayType2(m->ptr, (uint64_t)(n ? n : 1)), "args");
    for (int i = 0; i < n; i++) {
        LLVMValueRef v = LLVMGetParam(fn, (unsigned)(first + i));
        if (types && types[i]->kind != TY_ARRAY) {
            LLVMValueRef slot = LLVMBuildAlloca(m->b, LLVMTypeOf(v), "");
            LLVMBuildStore(m->b, v, slot);
            v = slot;
        }
        LLVMValueRef idx = i64c(m, i);
        LLVMBuildStore(m->b, v, LLVMBuildGEP2(m->b, m->ptr, arr, &idx, 1, ""));
    }
    return arr;
}

static LLVMValueRef entry_function(CgModule *m, const char *name, LLVMTypeRef *params, int n)
{
    LLVMValueRef fn = LLVMAddFunction(m->mod, name, LLVMFunctionType(m->i32, params, (unsigned)n, 0));
    LLVMPositionBuilderAtEnd(m->b, LLVMAppendBasicBlockInContext(m->ctx, fn, "entry"));
    return fn;
}

static void call_runtime_and_return(CgModule *m, RtFnId runtime, LLVMValueRef *args, int n)
{
    LLVMValueRef f = cg_runtime(m, runtime);
    LLVMBuildRet(m->b, LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, args, (unsigned)n, ""));
}

void cg_aot_host(CgModule *m, const Spec *s, const char *name)
{
    Arena *a = cg_scratch(m);
    LLVMSetValueName2(LLVMGetNamedFunction(m->mod, cg_cfunc_name(a, s)), name, strlen(name));
    arena_free(a);
}

void cg_aot_kernel(CgModule *m, const Spec *s, const char *name, const char *file, const char *const *archs,
                   char *const *ptx, int nptx)
{
    Arena *a = cg_scratch(m);
    LLVMValueRef arch_refs[16], ptx_refs[16];
    for (int i = 0; i < nptx; i++) {
        arch_refs[i] = const_string(m, archs[i], arena_printf(a, "%s.arch%d", name, i));
        ptx_refs[i] = const_string(m, ptx[i], arena_printf(a, "%s.ptx%d", name, i));
    }
    LLVMValueRef state = const_global(m, LLVMConstNull(LLVMArrayType2(m->ptr, 5)), arena_printf(a, "%s.state", name), false);
    bool aligned = cg_has_aligned_entry(s);
    LLVMValueRef fields[10] = {
        const_string(m, s->func->def->name, arena_printf(a, "%s.name", name)),
        const_string(m, cg_kernel_name(a, s, false), arena_printf(a, "%s.entry", name)),
        aligned ? const_string(m, cg_kernel_name(a, s, true), arena_printf(a, "%s.entry_a16", name)) : LLVMConstNull(m->ptr),
        const_string(m, file, arena_printf(a, "%s.file", name)),
        i64c(m, nptx),
        const_global(m, LLVMConstArray2(m->ptr, arch_refs, (uint64_t)nptx), arena_printf(a, "%s.archs", name), true),
        const_global(m, LLVMConstArray2(m->ptr, ptx_refs, (uint64_t)nptx), arena_printf(a, "%s.ptxs", name), true),
        i64c(m, s->nparams),
        param_table(m, s->params, s->nparams, false, arena_printf(a, "%s.params", name)),
        state,
    };
    LLVMValueRef desc = const_global(m, LLVMConstStructInContext(m->ctx, fields, 10, 0), arena_printf(a, "%s.kernel", name), true);
    LLVMTypeRef params[68] = {m->ptr, m->ptr, m->i64, m->ptr};
    for (int i = 0; i < s->nparams; i++)
        params[4 + i] = s->params[i]->kind == TY_ARRAY       ? m->ptr
                      : s->params[i]->kind == TY_FLOAT16 ? LLVMInt16TypeInContext(m->ctx) /* its bits, as C passes them */
                                                         : cg_mem_type(m, s->params[i]);
    LLVMValueRef fn = entry_function(m, name, params, 4 + s->nparams);
    LLVMValueRef args[6] = {desc, LLVMGetParam(fn, 0), LLVMGetParam(fn, 1), LLVMGetParam(fn, 2), LLVMGetParam(fn, 3),
                            pointer_array(m, fn, 4, s->params, s->nparams)};
    call_runtime_and_return(m, RT_FN_jitcrt_launch, args, 6);
    arena_free(a);
}

void cg_aot_ufunc(CgModule *m, const Spec *s, const char *name, bool parallel)
{
    Arena *a = cg_scratch(m);
    const Type *types[65];
    int nops = s->nparams + 1;
    for (int i = 0; i < s->nparams; i++)
        types[i] = s->params[i];
    types[s->nparams] = s->ret;
    LLVMValueRef fields[5] = {
        const_string(m, s->func->def->name, arena_printf(a, "%s.name", name)),
        cg_loop_function(m, s, a),
        i64c(m, s->nparams),
        i64c(m, parallel),
        param_table(m, types, nops, true, arena_printf(a, "%s.params", name)),
    };
    LLVMValueRef desc = const_global(m, LLVMConstStructInContext(m->ctx, fields, 5, 0), arena_printf(a, "%s.ufunc", name), true);
    LLVMTypeRef params[65];
    for (int i = 0; i < nops; i++)
        params[i] = m->ptr;
    LLVMValueRef fn = entry_function(m, name, params, nops);
    LLVMValueRef args[2] = {desc, pointer_array(m, fn, 0, NULL, nops)};
    call_runtime_and_return(m, RT_FN_jitcrt_ufunc_call, args, 2);
    arena_free(a);
}

/* Definitions other than the entries become internal: objects of several .krn files then link
 * together, and the optimizer drops what no entry reaches. */
bool cg_aot_emit(CgModule *m, const char *const *keep, int nkeep, const char *path, char *err, size_t n)
{
    LLVMValueRef *entries = arena_alloc(m->arena, sizeof *entries * (size_t)(nkeep ? nkeep : 1));
    for (int i = 0; i < nkeep; i++)
        entries[i] = LLVMGetNamedFunction(m->mod, keep[i]);
    cg_internalize(m, entries, nkeep, true);
    if (!cg_optimize(m, err, n))
        return false;
    char *msg = NULL;
    if (LLVMTargetMachineEmitToFile(m->tm, m->mod, (char *)path, LLVMObjectFile, &msg)) {
        snprintf(err, n, "%s: %s", path, msg);
        LLVMDisposeMessage(msg);
        return false;
    }
    return true;
}
