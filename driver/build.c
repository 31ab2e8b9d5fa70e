/* build.c — `jitc build` (jitc_module_build in include/jitc.h): every function of a module
 * that has explicit signatures, compiled ahead of time into one relocatable object for a chosen
 * CPU (host code) and GPU architectures (PTX embedded), and a C header declaring one entry per
 * signature (codegen/aot.c makes the entries). The object needs libjitcrt, never LLVM. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm/Config/llvm-config.h>

#include "driver.h"

/* What one signature becomes. */
typedef struct Entry {
    Spec *spec;
    const char *name; /* <function>__<types> */
} Entry;

typedef struct Build {
    jitc_module *mod;
    const jitc_build_options *opts;
    Entry *entries;
    int n;
    const char *archs[16];
    int narchs;
} Build;

/* "dot__a1Af64_a1Af64": the function's name and its parameters' ty_mangle, v for none. */
static const char *entry_name(Arena *a, const Spec *s)
{
    const char *name = arena_printf(a, "%s__", s->func->def->name);
    for (int i = 0; i < s->nparams; i++)
        name = arena_printf(a, "%s%s%s", name, i ? "_" : "", ty_mangle(a, s->params[i]));
    return s->nparams ? name : arena_printf(a, "%sv", name);
}

/* Why f cannot have entries, or NULL when it can. */
static const char *unbuildable(const ProgFunc *f)
{
    if (f->kind == FK_GUVECTORIZE)
        return "@guvectorize functions are not compiled ahead of time yet; call them through the JIT";
    if (f->kind == FK_CUDA_REDUCE)
        return "@cuda.reduce functions are not compiled ahead of time yet; call them through the JIT";
    if (f->kind == FK_VECTORIZE && prog_on_gpu(f))
        return "@vectorize(target='cuda') is not compiled ahead of time yet; write a @cuda.jit kernel";
    if (!f->nsigs)
        return "has no explicit signature: jitc build compiles functions with signatures only, "
               "such as @njit(\"float64(float64[:])\")";
    return NULL;
}

static bool has_complex_scalar(const Spec *s)
{
    bool any = ty_is_complex(s->ret);
    for (int i = 0; i < s->nparams; i++)
        any = any || ty_is_complex(s->params[i]);
    for (int k = 0; s->ret->kind == TY_TUPLE && k < s->ret->n; k++)
        any = any || ty_is_complex(s->ret->elems[k]);
    return any;
}

/* Numba's Optional (builder/build_optional.c) as the result or in a result tuple. */
/* A string parameter or result (cpython/build_str.c), which has no C form in a cfunc. */
static bool has_str(const Spec *s)
{
    for (int i = 0; i < s->nparams; i++)
        if (ty_holds_str(s->params[i]))
            return true;
    return ty_holds_str(s->ret);
}

static bool holds_generator(const Type *t)
{
    if (ty_is_generator(t))
        return true;
    for (int k = 0; t->kind == TY_TUPLE && k < t->n; k++)
        if (holds_generator(t->elems[k]))
            return true;
    return false;
}

static bool has_generator(const Spec *s)
{
    for (int i = 0; i < s->nparams; i++)
        if (holds_generator(s->params[i]))
            return true;
    return holds_generator(s->ret);
}

static bool has_optional_result(const Spec *s)
{
    bool any = ty_is_optional(s->ret);
    for (int k = 0; s->ret->kind == TY_TUPLE && k < s->ret->n; k++)
        any = any || ty_is_optional(s->ret->elems[k]);
    return any;
}

/* Every explicit signature of every function (device functions go into the kernels that call
 * them); a located error for each function that cannot be built. */
static jitc_status collect_entries(Build *b)
{
    Program *p = b->mod->prog;
    Arena *a = b->mod->arena;
    jitc_status st = JITC_OK;
    int cap = 0;
    for (int i = 0; i < p->nfuncs; i++) {
        ProgFunc *f = p->funcs[i];
        if (f->kind == FK_CUDA_DEVICE)
            continue;
        const char *why = unbuildable(f);
        if (why) {
            diag_error(&b->mod->diag, f->def->loc, "'%s' %s%s", f->def->name, f->nsigs ? "cannot be built: " : "", why);
            st = f->nsigs ? JITC_ERR_UNSUPPORTED : JITC_ERR_TYPE;
            continue;
        }
        for (int k = 0; k < f->nsigs; k++) {
            const Type **params, *ret;
            int n;
            if (!prog_signature(p, f->sigs[k], &params, &n, &ret))
                return JITC_ERR_TYPE;
            Spec *s = prog_specialize(p, f, params, n, ret, prog_on_gpu(f), f->sigs[k]->loc);
            if (!s || s->state != SPEC_READY)
                return JITC_ERR_TYPE;
            if (has_complex_scalar(s)) { /* C's complex ABI is not the LLVM struct's (see cg_has_cfunc) */
                diag_error(&b->mod->diag, f->sigs[k]->loc, "'%s' cannot be built: complex scalar parameters and "
                           "results have no C entry yet (complex arrays do)", f->def->name);
                st = JITC_ERR_UNSUPPORTED;
                continue;
            }
            if (has_optional_result(s)) {
                diag_error(&b->mod->diag, f->sigs[k]->loc, "'%s' cannot be built: it may return None (an Optional "
                           "result has no C entry yet)", f->def->name);
                st = JITC_ERR_UNSUPPORTED;
                continue;
            }
            if (has_str(s)) { /* codegen/wrap.c cg_has_cfunc */
                diag_error(&b->mod->diag, f->sigs[k]->loc, "'%s' cannot be built: string parameters and results "
                           "have no C entry yet (call it with jitc_call)", f->def->name);
                st = JITC_ERR_UNSUPPORTED;
                continue;
            }
            if (has_generator(s)) {
                diag_error(&b->mod->diag, f->sigs[k]->loc, "'%s' cannot be built: np.random.Generator parameters "
                           "have no C entry yet (call it with jitc_call)", f->def->name);
                st = JITC_ERR_UNSUPPORTED;
                continue;
            }
            ARR_PUSH(a, b->entries, b->n, cap, ((Entry){s, entry_name(a, s)}));
        }
    }
    return st;
}

/* ---- the object ---- */

static void dispose_machine(void *tm) { LLVMDisposeTargetMachine(tm); }
static void dispose_context(void *ctx) { LLVMContextDispose(ctx); }
static void close_file(void *f) { fclose(f); }

static void lower_host_code(Build *b, CgModule *m)
{
    Arena *a = arena_scratch(&b->mod->ctx->heap);
    SpecList specs = {0};
    for (int i = 0; i < b->n; i++)
        if (!b->entries[i].spec->device)
            drv_reachable(b->mod, b->entries[i].spec, false, a, &specs);
    for (int i = 0; i < specs.n; i++)
        cg_lower_spec(m, specs.items[i]);
    arena_free(a);
}

static jitc_status add_entries(Build *b, CgModule *m, char *msg, size_t n)
{
    for (int i = 0; i < b->n; i++) {
        Spec *s = b->entries[i].spec;
        const char *name = b->entries[i].name;
        if (s->func->kind == FK_HOST) {
            cg_aot_host(m, s, name);
        } else if (s->func->kind == FK_VECTORIZE) {
            const char *target = s->func->opts.target;
            cg_aot_ufunc(m, s, name, target && strcmp(target, "parallel") == 0);
        } else {
            char *ptx[16] = {0};
            for (int k = 0; k < b->narchs; k++)
                if (!(ptx[k] = drv_compile_ptx(b->mod, s, b->archs[k], m->arena, msg, n)))
                    return JITC_ERR_BACKEND;
            cg_aot_kernel(m, s, name, b->mod->file.name, b->archs, ptx, b->narchs);
        }
    }
    return JITC_OK;
}

static jitc_status write_object(Build *b, const char *path, char *msg, size_t n)
{
    const char *cpu = b->opts->cpu;
    if (cpu && !cg_cpu_known(cpu))
        return snprintf(msg, n, "unknown CPU '%s' (LLVM CPU names such as generic, x86-64-v3, skylake-avx512, znver3)",
                        cpu), JITC_ERR_ARGUMENT;
    Arena *a = arena_scratch(&b->mod->ctx->heap); /* owns the target machine and context too */
    LLVMTargetMachineRef *tm = (LLVMTargetMachineRef *)arena_defer(a, dispose_machine);
    LLVMContextRef *ctx = (LLVMContextRef *)arena_defer(a, dispose_context);
    if (!(*tm = cg_host_machine(cpu, cpu ? "" : NULL, b->mod->ctx->opts.opt_level, false, msg, n))) {
        arena_free(a);
        return JITC_ERR_ARGUMENT;
    }
    *ctx = LLVMContextCreate();
    CgModule *m = cg_module_new_for(&b->mod->ctx->heap, *ctx, *tm, b->mod->ctx->opts.opt_level, false, b->mod->file.name);
    const char **keep = arena_alloc(a, sizeof *keep * (size_t)(b->n ? b->n : 1));
    for (int i = 0; i < b->n; i++)
        keep[i] = b->entries[i].name;
    lower_host_code(b, m);
    jitc_status st = add_entries(b, m, msg, n);
    if (st == JITC_OK && !cg_aot_emit(m, keep, b->n, path, msg, n))
        st = JITC_ERR_IO;
    cg_module_dispose(m);
    arena_free(a);
    return st;
}

/* ---- the header ---- */

static const char *c_type(const Type *t)
{
    static const char *const NAMES[] = {
        [TY_BOOL] = "bool", [TY_INT8] = "int8_t", [TY_INT16] = "int16_t", [TY_INT32] = "int32_t",
        [TY_INT64] = "int64_t", [TY_UINT8] = "uint8_t", [TY_UINT16] = "uint16_t", [TY_UINT32] = "uint32_t",
        [TY_UINT64] = "uint64_t", [TY_FLOAT16] = "uint16_t" /* float16: its bits */, [TY_FLOAT32] = "float", [TY_FLOAT64] = "double", [TY_NONE] = "void",
    };
    return t->kind == TY_ARRAY ? "DLTensor *" : NAMES[t->kind];
}

/* "double dot__a1Af64_a1Af64(DLTensor *a, DLTensor *b)" and the like, per kind. */
static void write_prototype(FILE *out, Arena *a, const Entry *e)
{
    const Spec *s = e->spec;
    const FuncDef *def = s->func->def;
    const Type *ret = s->ret;
    fprintf(out, "/* %s: %s%s */\n", def->name, ret->kind == TY_NONE ? "void" : ty_name(a, ret),
            drv_types_text(a, s->params, s->nparams));
    if (s->func->kind == FK_HOST)
        fprintf(out, "%s%s%s(", ret->kind == TY_ARRAY ? "DLManagedTensor *" : ret->kind == TY_TUPLE ? "void" : c_type(ret),
                ret->kind == TY_ARRAY ? "" : " ", e->name);
    else if (s->func->kind == FK_VECTORIZE)
        fprintf(out, "int %s(", e->name);
    else
        fprintf(out, "int %s(const unsigned grid[3], const unsigned block[3], size_t shared_bytes, void *stream%s", e->name,
                s->nparams ? ", " : "");
    for (int i = 0; i < s->nparams; i++) {
        const char *type = s->func->kind == FK_VECTORIZE ? "const DLTensor *" : c_type(s->params[i]);
        fprintf(out, "%s%s%s%s", i ? ", " : "", type, type[strlen(type) - 1] == '*' ? "" : " ", def->params[i].name);
    }
    if (s->func->kind == FK_VECTORIZE)
        fprintf(out, "%sDLTensor *out", s->nparams ? ", " : "");
    for (int k = 0; ret->kind == TY_TUPLE && s->func->kind == FK_HOST && k < ret->n; k++) {
        const Type *t = ret->elems[k];
        fprintf(out, "%s%s *out%d", s->nparams || k ? ", " : "", t->kind == TY_ARRAY ? "DLManagedTensor" : c_type(t), k);
    }
    if (!s->nparams && s->func->kind == FK_HOST && ret->kind != TY_TUPLE)
        fprintf(out, "void");
    fprintf(out, ");\n\n");
}

static const char HEADER_DOC[] =
    " * One C function per signature, named <function>__<parameter types> (__v for none), each type\n"
    " * written as b (bool), i8 i16 i32 i64, u8 u16 u32 u64, f32 f64, and arrays as a<ndim><layout><dtype>\n"
    " * with layout C (C-contiguous, [::1]) or A (any strides): a2Cf64 is float64[:, ::1].\n"
    " *\n"
    " * Host functions (@njit): C scalars in and out; arrays as DLTensor* in host memory (strides in\n"
    " *   elements, NULL for C order); a returned array is a DLManagedTensor* the caller releases with\n"
    " *   its deleter; a returned tuple comes back through out pointers. When the code raises\n"
    " *   (IndexError, ...), the function returns 0 (NULL) and jitcrt_last_error() says why.\n"
    " * Kernels (@cuda.jit): launchers over a grid of blocks; 0 (JITCRT_OK) or a status, with\n"
    " *   jitcrt_last_error() saying why (JITCRT_ERR_NO_DEVICE without a GPU). Arrays in device memory\n"
    " *   (kDLCUDA) are used in place and the launch returns at once (jitcrt_synchronize waits); arrays in\n"
    " *   host memory are copied to the GPU and back, and the launch waits. The newest embedded PTX\n"
    " *   the device runs is loaded on the first launch, in the thread's CUDA context (else device 0's).\n"
    " * Ufuncs (@vectorize): f(inputs..., out) applies the loop element-wise, inputs broadcast together\n"
    " *   and out of the broadcast shape, all in host memory with exactly the signature's dtypes.\n"
    " *\n"
    " * Link with the object and libjitcrt: cc app.c %s -ljitcrt -llapacke -lopenblas -lgomp -lmvec -lm -ldl -lpthread\n"
    " * (or `pkg-config --libs jitcrt` where jitc is installed). */\n";

static jitc_status write_header(Build *b, const char *path, const char *object_path, char *msg, size_t n)
{
    Arena *a = arena_scratch(&b->mod->ctx->heap);
    FILE **file = (FILE **)arena_defer(a, close_file); /* closed by a jump too */
    FILE *out = *file = fopen(path, "w");
    if (!out) {
        arena_free(a);
        return snprintf(msg, n, "%s: cannot write the header", path), JITC_ERR_IO;
    }
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char guard[128];
    size_t g = 0;
    for (const char *c = base; *c && g + 1 < sizeof guard; c++)
        guard[g++] = (char)((*c >= 'a' && *c <= 'z') ? *c - 32 : ((*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')) ? *c : '_');
    guard[g] = 0;
    fprintf(out, "/* %s — made by `jitc build` (jitc %s) from %s, CPU %s", base, JITC_VERSION, b->mod->file.name,
            b->opts->cpu ? b->opts->cpu : "of the build machine");
    for (int k = 0; k < b->narchs; k++)
        fprintf(out, "%s%s", k ? ", " : ", PTX for ", b->archs[k]);
    fprintf(out, ". Do not edit.\n *\n");
    fprintf(out, HEADER_DOC, object_path);
    fprintf(out, "#ifndef JITC_BUILD_%s\n#define JITC_BUILD_%s\n\n#include <stdbool.h>\n#include <stddef.h>\n"
                 "#include <stdint.h>\n\n#include <jitcrt.h>\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n", guard, guard);
    for (int i = 0; i < b->n; i++)
        write_prototype(out, a, &b->entries[i]);
    fprintf(out, "#ifdef __cplusplus\n}\n#endif\n#endif\n");
    bool ok = !ferror(out);
    *file = NULL;
    ok &= fclose(out) == 0;
    arena_free(a);
    return ok ? JITC_OK : (snprintf(msg, n, "%s: cannot write the header", path), JITC_ERR_IO);
}

/* Architectures as given, checked ("sm_" and digits) and sorted ascending; sm_80 by default. */
static jitc_status take_archs(Build *b, char *msg, size_t n)
{
    const char *def = "sm_80";
    const char *const *archs = b->opts->narchs ? b->opts->archs : &def;
    int count = b->opts->narchs ? b->opts->narchs : 1;
    if (count > 16)
        return snprintf(msg, n, "at most 16 GPU architectures"), JITC_ERR_ARGUMENT;
    for (int i = 0; i < count; i++) {
        const char *s = archs[i];
        if (!s || strncmp(s, "sm_", 3) != 0 || strlen(s) < 5 || strspn(s + 3, "0123456789") != strlen(s + 3))
            return snprintf(msg, n, "'%s' is not a GPU architecture such as sm_80", s ? s : "(null)"), JITC_ERR_ARGUMENT;
        if (!cg_gpu_arch_known(s))
            return snprintf(msg, n, "LLVM %d's NVPTX backend does not know GPU architecture '%s'", LLVM_VERSION_MAJOR, s),
                   JITC_ERR_ARGUMENT;
        int j = b->narchs;
        while (j > 0 && atoi(b->archs[j - 1] + 3) > atoi(s + 3)) {
            b->archs[j] = b->archs[j - 1];
            j--;
        }
        b->archs[j] = s;
        b->narchs++;
    }
    return JITC_OK;
}

static jitc_status build(jitc_module *mod, const jitc_build_options *opts, const char *object_path,
                         const char *header_path)
{
    Build b = {.mod = mod, .opts = opts};
    char msg[512] = "";
    jitc_status st = take_archs(&b, msg, sizeof msg);
    if (st == JITC_OK)
        st = collect_entries(&b);
    if (st == JITC_OK)
        st = write_object(&b, object_path, msg, sizeof msg);
    if (st == JITC_OK && header_path)
        st = write_header(&b, header_path, object_path, msg, sizeof msg);
    if (*msg)
        diag_error(&mod->diag, (SrcLoc){0}, "%s", msg);
    drv_flush_diagnostics(mod);
    return st;
}

jitc_status jitc_module_build(jitc_module *mod, const jitc_build_options *opts, const char *object_path,
                              const char *header_path)
{
    static const jitc_build_options defaults;
    if (!mod || !object_path)
        return JITC_ERR_ARGUMENT;
    if (!mod->prog || mod->diag.errors)
        return mod->prog ? JITC_ERR_TYPE : JITC_ERR_SYNTAX;
    DRV_PROTECTED(&mod->ctx->heap, NULL, build(mod, opts ? opts : &defaults, object_path, header_path));
}
