/* diag.h — located diagnostics: `file:line:col: error: message`, the source line, a caret.
 *
 * A Diag collects every problem of one compilation (several per run where the compiler
 * can go on) and renders them the way clang and rustc do. The C API hands the same
 * items out as data. Everything lives in the Diag's arena. */
#ifndef JITC_DIAG_H
#define JITC_DIAG_H

#include <stdarg.h>

#include "arena.h"

/* One source text; SrcLoc points at it so a diagnostic can print the line. */
typedef struct SrcFile {
    const char *name;
    const char *text;
    int len;
} SrcFile;

typedef struct SrcLoc {
    const SrcFile *file; /* NULL for "no location" */
    int line, col;       /* 1-based */
} SrcLoc;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagSeverity;

typedef struct DiagItem {
    DiagSeverity severity;
    SrcLoc loc;
    const char *message;
} DiagItem;

typedef struct Diag {
    Arena *arena;
    DiagItem *items;
    int n, cap;
    int errors;
    int max_errors; /* stop recording past this many (0 = 100) */
} Diag;

void diag_init(Diag *d, Arena *a);
void diag_report(Diag *d, DiagSeverity sev, SrcLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void diag_vreport(Diag *d, DiagSeverity sev, SrcLoc loc, const char *fmt, va_list ap);
#define diag_error(d, loc, ...) diag_report((d), DIAG_ERROR, (loc), __VA_ARGS__)
#define diag_note(d, loc, ...) diag_report((d), DIAG_NOTE, (loc), __VA_ARGS__)

/* Renders one item: header line, then the source line and a caret when located. */
char *diag_render_item(Arena *a, const DiagItem *it);
/* Renders all items, in order, into one string in the Diag's arena ("" when none). */
char *diag_render(Diag *d);

#endif
