/* diag.c — collecting and rendering diagnostics; see diag.h. */
#include "diag.h"

#include <stdio.h>
#include <string.h>

void diag_init(Diag *d, Arena *a) { *d = (Diag){.arena = a, .max_errors = 100}; }

static bool diag_has(const Diag *d, const DiagItem *it)
{
    for (int i = d->n - 1; i >= 0; i--) {
        const DiagItem *x = &d->items[i];
        if (x->severity == it->severity && x->loc.line == it->loc.line && x->loc.col == it->loc.col &&
            x->loc.file == it->loc.file && strcmp(x->message, it->message) == 0)
            return true;
    }
    return false;
}

void diag_vreport(Diag *d, DiagSeverity sev, SrcLoc loc, const char *fmt, va_list ap)
{
    if (sev == DIAG_ERROR)
        d->errors++;
    if (d->n >= d->max_errors)
        return;
    va_list ap2;
    va_copy(ap2, ap);
    int len = vsnprintf(NULL, 0, fmt, ap);
    char *msg = arena_alloc(d->arena, (size_t)(len < 0 ? 0 : len) + 1);
    if (len > 0)
        vsnprintf(msg, (size_t)len + 1, fmt, ap2);
    va_end(ap2);
    DiagItem it = {.severity = sev, .loc = loc, .message = msg};
    if (diag_has(d, &it)) /* a construct built on several passes, or reached from several calls, says it once */
        return;
    ARR_PUSH(d->arena, d->items, d->n, d->cap, it);
}

void diag_report(Diag *d, DiagSeverity sev, SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vreport(d, sev, loc, fmt, ap);
    va_end(ap);
}

static const char *severity_name(DiagSeverity s)
{
    return s == DIAG_ERROR ? "error" : s == DIAG_WARNING ? "warning" : "note";
}

/* Finds line `line` (1-based) of f; sets *len to its length without the newline. */
static const char *source_line(const SrcFile *f, int line, int *len)
{
    const char *p = f->text, *end = f->text + f->len;
    for (int l = 1; l < line && p < end; l++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl)
            return NULL;
        p = nl + 1;
    }
    if (p > end)
        return NULL;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    *len = (int)((nl ? nl : end) - p);
    if (*len > 0 && p[*len - 1] == '\r')
        (*len)--;
    return p;
}

char *diag_render_item(Arena *a, const DiagItem *it)
{
    const char *sev = severity_name(it->severity);
    const SrcFile *f = it->loc.file;
    if (!f)
        return arena_printf(a, "jitc: %s: %s\n", sev, it->message);
    char *head = arena_printf(a, "%s:%d:%d: %s: %s\n", f->name, it->loc.line, it->loc.col, sev,
                              it->message);
    int len = 0;
    const char *line = f->text ? source_line(f, it->loc.line, &len) : NULL;
    if (!line)
        return head;
    /* The caret sits under column col; tabs in the prefix are kept so it lines up. */
    int col = it->loc.col < 1 ? 1 : it->loc.col;
    if (col > len + 1)
        col = len + 1;
    char *pad = arena_alloc(a, (size_t)col);
    for (int i = 0; i < col - 1; i++)
        pad[i] = line[i] == '\t' ? '\t' : ' ';
    return arena_printf(a, "%s%.*s\n%s^\n", head, len, line, pad);
}

char *diag_render(Diag *d)
{
    size_t total = 1;
    char **parts = arena_alloc(d->arena, sizeof *parts * (size_t)(d->n + 1));
    for (int i = 0; i < d->n; i++) {
        parts[i] = diag_render_item(d->arena, &d->items[i]);
        total += strlen(parts[i]);
    }
    char *out = arena_alloc(d->arena, total), *p = out;
    for (int i = 0; i < d->n; i++) {
        size_t l = strlen(parts[i]);
        memcpy(p, parts[i], l);
        p += l;
    }
    *p = 0;
    return out;
}
