/* pipeline.c — the compiler, top to bottom: one function per stage, in the order the data
 * flows (as QBE's main.c:func() reads).
 *
 *   source ─parse─► AST ─resolve─► Program ─specialize─► Spec: types and typed IR
 *     ─lower─► LLVM IR ─┬─ host: [disk cache] ─ optimize ─► object or module ─► ORC LLJIT
 *                       └─ GPU:  [disk cache] ─ libdevice + NVPTX ─► PTX (loaded by gpu.c)
 *
 * Each stage belongs to another folder (frontend/, ir/, codegen/); this file chains them,
 * reports what fails, and records what the backends made in the module's code table
 * (drv_code), so that ir/ holds no pointer into code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "diskcache.h"

/* ---- source → AST → Program ---- */

static void make_functions(jitc_module *m)
{
    Program *p = m->prog;
    m->nfns = p->nfuncs;
    m->fns = arena_alloc(m->arena, sizeof *m->fns * (size_t)(p->nfuncs ? p->nfuncs : 1));
    for (int i = 0; i < p->nfuncs; i++)
        m->fns[i] = (jitc_function){.mod = m, .pf = p->funcs[i]};
}

/* Checks, as far as that is possible without argument types, the functions that have no
 * signatures (unless the context checks lazily: then their first call does), and compiles the
 * host code of those that have (typed by prog_new already). */
static jitc_status compile_eager(jitc_module *m)
{
    jitc_status st = JITC_OK;
    int errors = m->diag.errors;
    for (int i = 0; i < m->prog->nfuncs && !m->ctx->opts.lazy_check; i++) {
        ProgFunc *f = m->prog->funcs[i];
        if (!f->nsigs && (f->kind == FK_HOST || f->kind == FK_STENCIL || prog_on_gpu(f)))
            prog_check(m->prog, f);
    }
    if (m->diag.errors > errors)
        st = JITC_ERR_TYPE;
    for (int i = 0; i < m->prog->nfuncs; i++) {
        ProgFunc *f = m->prog->funcs[i];
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            if (s->state == SPEC_FAILED && !s->superseded) {
                drv_report_spec_errors(m, s);
                st = JITC_ERR_TYPE;
            } else if (s->state == SPEC_READY && !s->device && (f->kind == FK_HOST || f->kind == FK_VECTORIZE || f->kind == FK_STENCIL)) {
                char msg[512];
                jitc_status cs = drv_compile_host(m, s, msg, sizeof msg);
                if (cs != JITC_OK) {
                    diag_error(&m->diag, s->func->def->loc, "%s", msg);
                    st = cs;
                }
            }
        }
    }
    return st;
}

jitc_status drv_compile_module(jitc_module *m)
{
    m->ast = parse_python_module(m->arena, &m->diag, &m->file);
    if (m->diag.errors)
        return JITC_ERR_SYNTAX;
    static _Atomic unsigned long next_id; /* symbol prefixes only need to differ */
    m->prog = prog_new(m->arena, &m->diag, m->ast, arena_printf(m->arena, "krn%lu", ++next_id),
                      m->ctx->opts.objmode ? m : NULL);
    make_functions(m);
    jitc_status st = m->diag.errors ? JITC_ERR_TYPE : JITC_OK;
    jitc_status eager = compile_eager(m);
    return st != JITC_OK ? st : eager;
}

/* ---- argument types → Spec (type inference builds the typed IR: builder/build.c) ---- */

jitc_status drv_specialize(jitc_module *mod, ProgFunc *f, const Type **types, int n, const Type *ret, bool device,
                           SrcLoc where, Spec **out)
{
    Spec *s = prog_specialize(mod->prog, f, types, n, ret, device, where);
    drv_flush_diagnostics(mod);
    if (!s)
        return JITC_ERR_ARGUMENT;
    if (s->state == SPEC_FAILED) {
        drv_report_spec_errors(mod, s);
        return JITC_ERR_TYPE;
    }
    *out = s;
    return JITC_OK;
}

void drv_reachable(jitc_module *mod, Spec *s, bool skip_lowered, Arena *a, SpecList *list)
{
    const SpecCode *code = drv_code(mod, s);
    if ((skip_lowered && code->lowered && !code->renamed) || s->state != SPEC_READY)
        return;
    for (int i = 0; i < list->n; i++)
        if (list->items[i] == s)
            return;
    ARR_PUSH(a, list->items, list->n, list->cap, s);
    const IrFunc *f = s->ir;
    for (int b = 0; b < f->nblocks; b++)
        for (int i = 0; i < f->blocks[b]->n; i++) {
            Spec *callees[IR_MAX_CALLEES];
            int n = ir_callees(&f->blocks[b]->instrs[i], callees);
            for (int k = 0; k < n; k++)
                drv_reachable(mod, callees[k], skip_lowered, a, list);
        }
}

/* ---- host: typed IR → LLVM IR → [disk cache] → optimize → JIT ---- */

/* The cache step: s's code (everything it calls inside, renamed after the key so that the
 * object stands alone) as an object kept on disk, made and stored on a miss, then loaded. */
static bool host_through_cache(jitc_module *mod, CgModule *m, Spec *s, const char *dir, Arena *a, char *msg, size_t n)
{
    CacheKey key = drv_cache_key_host(mod, m, s, a);
    const char *prefix = arena_printf(a, "jitc.%s", key.hex);
    cg_isolate_spec(m, s, prefix);
    size_t len = 0;
    void *object = drv_cache_get(dir, &key, a, &len);
    SpecCode *code = drv_code(mod, s);
    code->renamed = true; /* its symbols carry the key's prefix (cg_isolate_spec) */
    if (object && cg_jit_add_object(mod->ctx->jit, object, len, prefix, s, &code->host, msg, n))
        return code->lowered = true;
    if (object) /* whole and stored under its key, yet not loadable (made by hand): rebuilt */
        dcache_remove(dir, key.hex);
    if (!cg_optimize(m, msg, n) || !cg_object_bytes(m, a, &object, &len, msg, n))
        return false;
    drv_cache_put(dir, &key, object, len);
    return code->lowered = cg_jit_add_object(mod->ctx->jit, object, len, prefix, s, &code->host, msg, n);
}

/* No cache: the module optimized and handed to the JIT, every spec in it given its entries.
 * Nothing may allocate once the JIT has the code (a failed allocation would leave code without
 * its entries, which the next try would add again): the code table is grown first. */
static bool host_into_jit(jitc_module *mod, CgModule *m, const SpecList *specs, char *msg, size_t n)
{
    for (int i = 0; i < specs->n; i++)
        drv_code(mod, specs->items[i]);
    if (!cg_optimize(m, msg, n) || !cg_jit_add(m, mod->tracker, msg, n))
        return false;
    for (int i = 0; i < specs->n; i++) {
        SpecCode *code = drv_code(mod, specs->items[i]);
        if (!cg_jit_entries(mod->ctx->jit, specs->items[i], &code->host, msg, n))
            return false;
        code->lowered = true;
        code->renamed = false;
    }
    return true;
}

jitc_status drv_compile_host(jitc_module *mod, Spec *s, char *msg, size_t n)
{
    if (s->state != SPEC_READY) {
        snprintf(msg, n, "'%s' has type errors", s->func->def->name);
        return JITC_ERR_TYPE;
    }
    if (drv_code(mod, s)->lowered)
        return JITC_OK;
    char dir[4096];
    bool cached = drv_cache_dir(mod, s, dir, sizeof dir) != NULL;
    Arena *a = arena_scratch(&mod->ctx->heap);
    SpecList specs = {0};
    drv_reachable(mod, s, !cached, a, &specs); /* a cached object holds all it calls */
    CgModule *m = cg_module_new(mod->ctx->jit, s->symbol);
    for (int i = 0; i < specs.n; i++)
        cg_lower_spec(m, specs.items[i]);
    bool ok = cached ? host_through_cache(mod, m, s, dir, a, msg, n) : host_into_jit(mod, m, &specs, msg, n);
    cg_module_dispose(m);
    arena_free(a);
    return ok ? JITC_OK : JITC_ERR_BACKEND;
}

char *drv_host_text(jitc_module *mod, Spec *s, jitc_emit_kind kind, Arena *a, char *msg, size_t n)
{
    CgModule *m = cg_module_new(mod->ctx->jit, s->symbol);
    cg_lower_spec(m, s);
    for (int b = 0; b < s->ir->nblocks; b++) /* prange bodies and fused expressions are part of it */
        for (int i = 0; i < s->ir->blocks[b]->n; i++) {
            const IrInstr *in = &s->ir->blocks[b]->instrs[i];
            Spec *callees[IR_MAX_CALLEES];
            int n = in->op == IR_PARALLEL_FOR || in->op == IR_ARRAY_MAP ? ir_callees(in, callees) : 0;
            for (int k = 0; k < n; k++)
                cg_lower_spec(m, callees[k]);
        }
    char *out = NULL;
    if (kind == JITC_EMIT_LLVM_RAW) /* before optimization, without what depends on the machine */
        out = cg_llvm_text_portable(m, a);
    else if (cg_optimize(m, msg, n))
        out = kind == JITC_EMIT_LLVM ? cg_llvm_text(m, a) : cg_asm_text(m, a, msg, n);
    cg_module_dispose(m);
    return out;
}

/* ---- GPU: typed IR → LLVM IR → [disk cache] → libdevice + NVPTX → PTX ---- */

/* The cache step: the PTX kept under the key of the lowered module, made and stored on a miss. */
static char *ptx_through_cache(CgGpuJob *job, const CacheKey *key, const char *dir, Arena *a, char *msg, size_t n)
{
    size_t len = 0;
    char *ptx = drv_cache_get(dir, key, a, &len);
    if (ptx)
        cg_gpu_discard(job);
    else if ((ptx = cg_gpu_finish(job, a, msg, n)))
        drv_cache_put(dir, key, ptx, strlen(ptx));
    return ptx;
}

/* The PTX of the lowered job, in out: shared by another context of the process (ptxshare.c),
 * else from the disk cache when s uses it, else made by LLVM; what is made is shared. The key
 * (and the module's LLVM text it hashes) lives in scratch, the job's arena, not in out. */
static char *ptx_of(jitc_module *mod, CgGpuJob *job, const Spec *s, const char *arch, Arena *scratch, Arena *out,
                    char *msg, size_t n)
{
    CacheKey key = drv_cache_key_ptx(job, s, arch, scratch);
    char *ptx = drv_shared_ptx_get(key.hex, out), dir[4096];
    if (ptx) {
        drv_cache_trace("shared", &key);
        cg_gpu_discard(job);
        return ptx;
    }
    ptx = drv_cache_dir(mod, s, dir, sizeof dir) ? ptx_through_cache(job, &key, dir, out, msg, n)
                                                 : cg_gpu_finish(job, out, msg, n);
    if (ptx)
        drv_shared_ptx_put(key.hex, ptx);
    return ptx;
}

/* float16 needs sm_53 or newer: the .f16 instructions numba-cuda's half functions use. */
static bool fp16_arch_ok(const char *arch, const SpecList *specs, char *msg, size_t n)
{
    if (atoi(arch + 3) >= 53)
        return true;
    for (int i = 0; i < specs->n; i++)
        if (prog_spec_uses_float16(specs->items[i])) {
            snprintf(msg, n, "'%s' uses float16, which needs GPU architecture sm_53 or newer, not %s",
                     specs->items[i]->func->def->name, arch);
            return false;
        }
    return true;
}

char *drv_compile_ptx(jitc_module *mod, Spec *s, const char *arch, Arena *out, char *msg, size_t n)
{
    if (!prog_on_gpu(s->func) || s->func->kind == FK_CUDA_DEVICE) {
        snprintf(msg, n, "'%s' has no GPU entry: it is not a kernel, a CUDA ufunc or a reduction", s->func->def->name);
        return NULL;
    }
    CgGpu *g = cg_gpu_new(&mod->ctx->heap, arch, msg, n);
    if (!g)
        return NULL;
    g->contract = mod->ctx->opts.gpu_fma != 0;
    SpecList specs = {0};
    drv_reachable(mod, s, false, g->arena, &specs);
    if (!fp16_arch_ok(arch, &specs, msg, n)) {
        cg_gpu_free(g);
        return NULL;
    }
    char *ptx = ptx_of(mod, cg_gpu_lower(g, specs.items, specs.n, s), s, arch, g->arena, out, msg, n);
    cg_gpu_free(g);
    return ptx;
}
