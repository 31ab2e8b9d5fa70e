/* module.c — contexts, modules (and the dump of their syntax tree) and diagnostics of the public
 * API (include/jitc.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

const char *jitc_version(void) { return JITC_VERSION; }

const char *jitc_status_string(jitc_status s)
{
    static const char *const names[] = {
        "ok", "syntax error", "type error", "not found", "bad argument", "runtime error",
        "i/o error", "unsupported", "no CUDA driver or device", "backend error", "out of memory",
    };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "unknown status";
}

void jitc_options_init(jitc_options *opts)
{
    memset(opts, 0, sizeof *opts);
    opts->opt_level = 3;
    const char *fma = getenv("JITC_GPU_FMA");
    opts->gpu_fma = !(fma && strcmp(fma, "0") == 0);
}

jitc_status jitc_context_create(const jitc_options *opts, jitc_context **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (opts && ((opts->cpu && !cg_cpu_known(opts->cpu)) /* else LLVM only warns, per module */
                 || opts->gpu_device < 0))
        return JITC_ERR_ARGUMENT;
    Heap heap;
    heap_init(&heap, opts ? opts->alloc : NULL, opts ? opts->alloc_ud : NULL);
    jitc_context *ctx = heap_try_alloc(&heap, sizeof *ctx);
    if (!ctx)
        return JITC_ERR_NOMEM;
    *ctx = (jitc_context){.heap = heap};
    if (opts)
        ctx->opts = *opts;
    else
        jitc_options_init(&ctx->opts);
    char err[512];
    ctx->jit = cg_jit_new(&ctx->heap, ctx->opts.cpu, ctx->opts.cpu_features, ctx->opts.opt_level, err, sizeof err);
    if (!ctx->jit) {
        heap_release(&heap, ctx, sizeof *ctx);
        return strcmp(err, "out of memory") == 0 ? JITC_ERR_NOMEM : JITC_ERR_BACKEND;
    }
    drv_shared_ptx_retain();
    if (ctx->opts.objmode)
        drv_objmode_enable();
    *out = ctx;
    return JITC_OK;
}

int jitc_context_device(const jitc_context *ctx) { return ctx ? ctx->opts.gpu_device : -1; }

void jitc_context_destroy(jitc_context *ctx)
{
    if (!ctx)
        return;
    while (ctx->modules)
        jitc_module_destroy(ctx->modules);
    drv_gpu_context_release(ctx);
    drv_shared_ptx_release();
    cg_jit_free(ctx->jit);
    Heap heap = ctx->heap;
    heap_release(&heap, ctx, sizeof *ctx);
}

static void release_code(void *tracker) { cg_jit_release(tracker); }

/* A module of the source, in an arena of its own (scratch until the module is made), linked
 * into its context. */
static jitc_module *new_module(jitc_context *ctx, const char *name, const char *source, size_t len)
{
    Arena *a = arena_scratch(&ctx->heap);
    void **release = arena_defer(a, release_code); /* the JIT's code, when the module goes */
    jitc_module *m = arena_alloc(a, sizeof *m);
    m->ctx = ctx;
    m->arena = a;
    diag_init(&m->diag, a);
    m->file = (SrcFile){.name = arena_strdup(a, name ? name : "<string>"), .text = arena_strndup(a, source, len),
                        .len = (int)len};
    *release = m->tracker = cg_jit_tracker(ctx->jit);
    m->next = ctx->modules;
    if (ctx->modules)
        ctx->modules->prev = m;
    ctx->modules = m;
    return m;
}

jitc_status jitc_module_compile(jitc_context *ctx, const char *name, const char *source, size_t len,
                                jitc_module **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!ctx || !source || len > (size_t)1 << 30)
        return JITC_ERR_ARGUMENT;
    jitc_module *volatile m = NULL; /* read after a jump */
    HeapGuard g;
    heap_guard_begin(&ctx->heap, &g);
    if (setjmp(g.jump)) {
        jitc_module_destroy(m); /* first: its arena is still among the scratch ones */
        heap_guard_unwind(&ctx->heap, &g);
        return JITC_ERR_NOMEM;
    }
    m = new_module(ctx, name, source, len);
    jitc_status st = drv_compile_module(m);
    drv_flush_diagnostics(m);
    arena_keep(m->arena);
    heap_guard_end(&ctx->heap, &g);
    *out = m;
    return st;
}

jitc_status jitc_module_compile_file(jitc_context *ctx, const char *path, jitc_module **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!ctx || !path)
        return JITC_ERR_ARGUMENT;
    FILE *f = fopen(path, "rb");
    if (!f)
        return JITC_ERR_IO;
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    do {
        if (len + 65536 > cap) {
            size_t grown_cap = cap * 2 + 65536;
            char *grown = heap_try_resize(&ctx->heap, buf, cap, grown_cap);
            if (!grown) {
                heap_release(&ctx->heap, buf, cap);
                fclose(f);
                return JITC_ERR_NOMEM;
            }
            buf = grown;
            cap = grown_cap;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0 && len < ((size_t)1 << 30));
    bool failed = ferror(f);
    fclose(f);
    jitc_status st = failed ? JITC_ERR_IO : jitc_module_compile(ctx, path, buf ? buf : "", len, out);
    heap_release(&ctx->heap, buf, cap);
    return st;
}

void jitc_module_destroy(jitc_module *m)
{
    if (!m)
        return;
    if (m->prev)
        m->prev->next = m->next;
    else
        m->ctx->modules = m->next;
    if (m->next)
        m->next->prev = m->prev;
    if (m->ctx->random_states == m)
        m->ctx->random_states = NULL;
    drv_gpu_module_release(m);
    prog_free(m->prog);
    arena_free(m->arena); /* the module itself, and its code in the JIT */
}

jitc_status drv_nomem(jitc_result *r)
{
    if (r)
        snprintf(r->message, sizeof r->message, "out of memory");
    return JITC_ERR_NOMEM;
}

/* ---- diagnostics ---- */

static void mirror_diagnostics(jitc_module *m)
{
    if (m->npublic == m->diag.n)
        return;
    if (m->diag.n > m->cappublic) {
        size_t cap = (size_t)m->diag.n * 2;
        m->public_diags = arena_grow(m->arena, m->public_diags, sizeof *m->public_diags * (size_t)m->cappublic,
                                     sizeof *m->public_diags * cap);
        m->cappublic = (int)cap;
    }
    jitc_diagnostic *d = m->public_diags;
    for (int i = m->npublic; i < m->diag.n; i++) {
        const DiagItem *it = &m->diag.items[i];
        d[i] = (jitc_diagnostic){
            .severity = (jitc_severity)it->severity,
            .file = it->loc.file ? it->loc.file->name : NULL,
            .line = it->loc.file ? it->loc.line : 0,
            .column = it->loc.file ? it->loc.col : 0,
            .message = it->message,
            .rendered = diag_render_item(m->arena, it),
        };
    }
    m->npublic = m->diag.n;
}

void drv_flush_diagnostics(jitc_module *m)
{
    mirror_diagnostics(m);
    if (m->ctx->opts.on_diagnostic)
        for (; m->nreported < m->npublic; m->nreported++)
            m->ctx->opts.on_diagnostic(m->ctx->opts.diagnostic_ud, &m->public_diags[m->nreported]);
    m->nreported = m->npublic;
}

void drv_report_spec_errors(jitc_module *m, Spec *s)
{
    if (s->errors_reported)
        return;
    s->errors_reported = true;
    for (int i = 0; i < s->errors.n; i++) {
        const DiagItem *it = &s->errors.items[i];
        diag_report(&m->diag, it->severity, it->loc, "%s", it->message);
    }
    drv_flush_diagnostics(m);
}

SpecCode *drv_code(jitc_module *m, const Spec *s)
{
    if (s->id >= m->ncode) {
        int cap = m->ncode ? m->ncode : 16;
        while (cap <= s->id)
            cap *= 2;
        m->code = arena_grow(m->arena, m->code, sizeof *m->code * (size_t)m->ncode, sizeof *m->code * (size_t)cap);
        m->ncode = cap;
    }
    return &m->code[s->id];
}

int jitc_module_diagnostic_count(const jitc_module *m) { return m ? m->diag.n : 0; }

/* Both getters allocate (the public mirror, the text): without memory they give NULL and "". */
const jitc_diagnostic *jitc_module_diagnostic(const jitc_module *m, int i)
{
    if (!m || i < 0 || i >= m->diag.n)
        return NULL;
    Heap *h = &m->ctx->heap;
    HeapGuard g;
    heap_guard_begin(h, &g);
    if (setjmp(g.jump)) {
        heap_guard_unwind(h, &g);
        return NULL;
    }
    mirror_diagnostics((jitc_module *)m);
    heap_guard_end(h, &g);
    return i < m->npublic ? &m->public_diags[i] : NULL;
}

const char *jitc_module_diagnostics_text(jitc_module *m)
{
    if (!m)
        return "";
    Heap *h = &m->ctx->heap;
    HeapGuard g;
    heap_guard_begin(h, &g);
    if (setjmp(g.jump)) {
        heap_guard_unwind(h, &g);
        return "";
    }
    m->text = diag_render(&m->diag);
    heap_guard_end(h, &g);
    return m->text;
}

/* One line of jitc_module_skipped_text. */
static void render_skipped(StrBuf *sb, const SkippedItem *it)
{
    sb_printf(sb, "%s:%d: skipped %s '%s': %s%s%s%s\n", it->loc.file ? it->loc.file->name : "<module>", it->loc.line,
              it->kind, it->name, it->why, it->note ? " (" : "", it->note ? it->note : "", it->note ? ")" : "");
}

/* The statements skip.c skipped and the defs and ifs the program skipped, by line. */
static char *skipped_text(jitc_module *m)
{
    StrBuf sb = {.arena = m->arena};
    const SkippedList *lists[2] = {m->ast ? &m->ast->skipped : NULL, m->prog ? &m->prog->uncompiled : NULL};
    int at[2] = {0, 0};
    for (;;) {
        int pick = -1;
        for (int k = 0; k < 2; k++)
            if (lists[k] && at[k] < lists[k]->n &&
                (pick < 0 || lists[k]->items[at[k]].loc.line < lists[pick]->items[at[pick]].loc.line))
                pick = k;
        if (pick < 0)
            return sb_text(&sb);
        render_skipped(&sb, &lists[pick]->items[at[pick]++]);
    }
}

const char *jitc_module_skipped_text(jitc_module *m)
{
    if (!m)
        return "";
    Heap *h = &m->ctx->heap;
    HeapGuard g;
    heap_guard_begin(h, &g);
    if (setjmp(g.jump)) {
        heap_guard_unwind(h, &g);
        return "";
    }
    const char *text = skipped_text(m);
    heap_guard_end(h, &g);
    return text;
}

jitc_context *jitc_module_context(const jitc_module *m) { return m ? m->ctx : NULL; }

/* The parser keeps the tree of a module with syntax errors too (jitc_module_compile stores it
 * before it checks for errors), so the dump shows how it recovered. */
jitc_status jitc_module_emit_ast(jitc_module *m, const char **text)
{
    if (!text)
        return JITC_ERR_ARGUMENT;
    *text = NULL;
    if (!m || !m->ast)
        return JITC_ERR_ARGUMENT;
    *text = ast_dump_module(m->arena, m->ast);
    return JITC_OK;
}

int jitc_module_function_count(const jitc_module *m) { return m ? m->nfns : 0; }

const char *jitc_module_function_name(const jitc_module *m, int i)
{
    return m && i >= 0 && i < m->nfns ? m->fns[i].pf->def->name : NULL;
}

jitc_status jitc_module_function(jitc_module *m, const char *name, jitc_function **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!m || !name)
        return JITC_ERR_ARGUMENT;
    /* an alias at module level (`g = k`) names the function k is */
    const ProgFunc *aliased = m->prog ? prog_func(m->prog, name) : NULL;
    for (int i = 0; i < m->nfns; i++)
        if (strcmp(m->fns[i].pf->def->name, name) == 0 || m->fns[i].pf == aliased) {
            *out = &m->fns[i];
            return JITC_OK;
        }
    return JITC_ERR_NOT_FOUND;
}

jitc_status jitc_function_get_info(const jitc_function *fn, jitc_function_info *out)
{
    if (!fn || !out)
        return JITC_ERR_ARGUMENT;
    static const jitc_function_kind KINDS[] = {
        [FK_HOST] = JITC_FN_HOST,          [FK_CUDA_KERNEL] = JITC_FN_KERNEL, [FK_CUDA_DEVICE] = JITC_FN_DEVICE,
        [FK_VECTORIZE] = JITC_FN_UFUNC,    [FK_GUVECTORIZE] = JITC_FN_GUFUNC, [FK_CUDA_REDUCE] = JITC_FN_REDUCE,
        [FK_STENCIL] = JITC_FN_HOST,
    };
    const ProgFunc *f = fn->pf;
    bool ufunc = f->kind == FK_VECTORIZE || f->kind == FK_GUVECTORIZE;
    *out = (jitc_function_info){.name = f->def->name, .kind = KINDS[f->kind], .nparams = f->def->nparams,
                                .target = ufunc ? (f->opts.target ? f->opts.target : "cpu") : NULL,
                                .nsigs = f->nsigs};
    for (int i = 0; i < f->def->nparams; i++) {
        out->varargs |= f->def->params[i].star;
        out->nrequired += !f->def->params[i].default_value && !f->def->params[i].star;
    }
    if (f->kind == FK_VECTORIZE)
        out->nin = f->def->nparams, out->nout = 1;
    else if (f->layout)
        out->nin = f->layout->nin, out->nout = f->layout->nout;
    return JITC_OK;
}
