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
}

jitc_status jitc_context_create(const jitc_options *opts, jitc_context **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (opts && opts->cpu && !cg_cpu_known(opts->cpu)) /* else LLVM only warns, per module */
        return JITC_ERR_ARGUMENT;
    jitc_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx)
        return JITC_ERR_NOMEM;
    if (opts)
        ctx->opts = *opts;
    else
        jitc_options_init(&ctx->opts);
    char err[512];
    ctx->jit = cg_jit_new(ctx->opts.cpu, ctx->opts.cpu_features, ctx->opts.opt_level, err, sizeof err);
    if (!ctx->jit) {
        free(ctx);
        return JITC_ERR_BACKEND;
    }
    *out = ctx;
    return JITC_OK;
}

void jitc_context_destroy(jitc_context *ctx)
{
    if (!ctx)
        return;
    while (ctx->modules)
        jitc_module_destroy(ctx->modules);
    api_gpu_context_release(ctx);
    cg_jit_free(ctx->jit);
    free(ctx);
}

static void link_module(jitc_context *ctx, jitc_module *m)
{
    m->next = ctx->modules;
    if (ctx->modules)
        ctx->modules->prev = m;
    ctx->modules = m;
}

static void make_functions(jitc_module *m)
{
    Program *p = m->prog;
    m->nfns = p->nfuncs;
    m->fns = arena_alloc(m->arena, sizeof *m->fns * (size_t)(p->nfuncs ? p->nfuncs : 1));
    for (int i = 0; i < p->nfuncs; i++)
        m->fns[i] = (jitc_function){.mod = m, .pf = p->funcs[i]};
}

/* Compiles the eagerly typed specializations (explicit signatures) and checks, as far as
 * that is possible without argument types, the host functions that have none. */
static jitc_status compile_eager(jitc_module *m)
{
    jitc_status st = JITC_OK;
    int errors = m->diag.errors;
    for (int i = 0; i < m->prog->nfuncs; i++) {
        ProgFunc *f = m->prog->funcs[i];
        if (!f->nsigs && (f->kind == FK_HOST || prog_on_gpu(f)))
            prog_check(m->prog, f);
    }
    if (m->diag.errors > errors)
        st = JITC_ERR_TYPE;
    for (int i = 0; i < m->prog->nfuncs; i++) {
        ProgFunc *f = m->prog->funcs[i];
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            if (s->state == SPEC_FAILED) {
                api_report_spec_errors(m, s);
                st = JITC_ERR_TYPE;
            } else if (!s->device && (f->kind == FK_HOST || f->kind == FK_VECTORIZE)) {
                char msg[512];
                jitc_status cs = api_compile_spec(m, s, msg, sizeof msg);
                if (cs != JITC_OK) {
                    diag_error(&m->diag, s->func->def->loc, "%s", msg);
                    st = cs;
                }
            }
        }
    }
    return st;
}

jitc_status jitc_module_compile(jitc_context *ctx, const char *name, const char *source, size_t len,
                                jitc_module **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!ctx || !source || len > (size_t)1 << 30)
        return JITC_ERR_ARGUMENT;
    jitc_module *m = calloc(1, sizeof *m);
    if (!m)
        return JITC_ERR_NOMEM;
    m->ctx = ctx;
    m->arena = arena_new(ctx->opts.alloc, ctx->opts.alloc_ud);
    diag_init(&m->diag, m->arena);
    m->file = (SrcFile){.name = arena_strdup(m->arena, name ? name : "<string>"),
                        .text = arena_strndup(m->arena, source, len), .len = (int)len};
    link_module(ctx, m);
    *out = m;
    m->ast = parse_module(m->arena, &m->diag, &m->file);
    if (m->diag.errors) {
        api_flush_diagnostics(m);
        return JITC_ERR_SYNTAX;
    }
    static _Atomic unsigned long next_id; /* symbol prefixes only need to differ */
    m->code = cg_jit_tracker(ctx->jit);
    m->prog = prog_new(m->arena, &m->diag, m->ast, arena_printf(m->arena, "krn%lu", ++next_id));
    make_functions(m);
    jitc_status st = m->diag.errors ? JITC_ERR_TYPE : JITC_OK;
    jitc_status eager = compile_eager(m);
    api_flush_diagnostics(m);
    return st != JITC_OK ? st : eager;
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
            char *grown = realloc(buf, cap = cap * 2 + 65536);
            if (!grown) {
                free(buf);
                fclose(f);
                return JITC_ERR_NOMEM;
            }
            buf = grown;
        }
        got = fread(buf + len, 1, cap - len, f);
        len += got;
    } while (got > 0 && len < ((size_t)1 << 30));
    bool failed = ferror(f);
    fclose(f);
    if (failed) {
        free(buf);
        return JITC_ERR_IO;
    }
    jitc_status st = jitc_module_compile(ctx, path, buf ? buf : "", len, out);
    free(buf);
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
    api_gpu_module_release(m);
    prog_free(m->prog);
    cg_jit_release(m->code);
    free(m->public_diags);
    arena_free(m->arena);
    free(m);
}

/* ---- diagnostics ---- */

static void mirror_diagnostics(jitc_module *m)
{
    if (m->npublic == m->diag.n)
        return;
    jitc_diagnostic *d = realloc(m->public_diags, sizeof *d * (size_t)m->diag.n);
    if (!d)
        return;
    m->public_diags = d;
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

void api_flush_diagnostics(jitc_module *m)
{
    mirror_diagnostics(m);
    if (m->ctx->opts.on_diagnostic)
        for (; m->nreported < m->npublic; m->nreported++)
            m->ctx->opts.on_diagnostic(m->ctx->opts.diagnostic_ud, &m->public_diags[m->nreported]);
    m->nreported = m->npublic;
}

void api_report_spec_errors(jitc_module *m, Spec *s)
{
    if (s->errors_reported)
        return;
    s->errors_reported = true;
    for (int i = 0; i < s->errors.n; i++) {
        const DiagItem *it = &s->errors.items[i];
        diag_report(&m->diag, it->severity, it->loc, "%s", it->message);
    }
    api_flush_diagnostics(m);
}

int jitc_module_diagnostic_count(const jitc_module *m) { return m ? m->diag.n : 0; }

const jitc_diagnostic *jitc_module_diagnostic(const jitc_module *m, int i)
{
    if (!m || i < 0 || i >= m->diag.n)
        return NULL;
    mirror_diagnostics((jitc_module *)m);
    return i < m->npublic ? &m->public_diags[i] : NULL;
}

const char *jitc_module_diagnostics_text(jitc_module *m)
{
    if (!m)
        return "";
    m->text = diag_render(&m->diag);
    return m->text;
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
    for (int i = 0; i < m->nfns; i++)
        if (strcmp(m->fns[i].pf->def->name, name) == 0) {
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
    };
    const ProgFunc *f = fn->pf;
    bool ufunc = f->kind == FK_VECTORIZE || f->kind == FK_GUVECTORIZE;
    *out = (jitc_function_info){.name = f->def->name, .kind = KINDS[f->kind], .nparams = f->def->nparams,
                                .target = ufunc ? (f->opts.target ? f->opts.target : "cpu") : NULL};
    if (f->kind == FK_VECTORIZE)
        out->nin = f->def->nparams, out->nout = 1;
    else if (f->layout)
        out->nin = f->layout->nin, out->nout = f->layout->nout;
    return JITC_OK;
}
