/* skip.c — whole Python files: which top-level statements jitc compiles and which it skips.
 *
 * A user's Numba file holds much that jitc never compiles: undecorated helpers, classes, an
 * `if __name__ == "__main__":` block, top-level calls and loops, in full Python syntax
 * (f-strings, `with`, `async`, dicts, ...). Before lexing, this pass splits the text into its
 * top-level statements by indentation (strings, brackets, comments and backslash continuations
 * taken into account, so that a line inside them never starts a statement), decides for each
 * whether jitc needs it, and blanks out the others (spaces; newlines kept, so every location
 * stays where it was). Statements jitc may need (imports, assignments, functions, module-level
 * ifs) are kept when they parse alone, skipped when they do not; a function whose decorator
 * names a compiler (njit, jit, vectorize, cuda.jit, stencil, ...) is always kept, so that its
 * errors are reported. Each skipped statement is listed in the Module (kind, name, line):
 * `jitc check --verbose` prints the list, and builder/program.c makes the names they define errors
 * where compiled code uses them. */
#include <ctype.h>
#include <string.h>

#include "parser.h"

typedef struct TopStmt {
    int start, end; /* byte offsets: [start, end) */
    int line;
} TopStmt;

typedef struct StmtList {
    TopStmt *items;
    int n, cap;
} StmtList;

/* ---- splitting into top-level statements ---- */

typedef struct Scanner {
    const char *s;
    int len, pos, line;
} Scanner;

/* Skips a string literal whose opening quote is at sc->pos (a prefix before it is plain
 * letters, already passed). Backslash escapes the next character in every kind of string. */
static void skip_string(Scanner *sc)
{
    char q = sc->s[sc->pos];
    bool triple = sc->pos + 2 < sc->len && sc->s[sc->pos + 1] == q && sc->s[sc->pos + 2] == q;
    sc->pos += triple ? 3 : 1;
    while (sc->pos < sc->len) {
        char c = sc->s[sc->pos];
        if (c == '\\' && sc->pos + 1 < sc->len) {
            if (sc->s[sc->pos + 1] == '\n')
                sc->line++;
            sc->pos += 2;
            continue;
        }
        if (c == '\n') {
            if (!triple) /* unterminated: the lexer reports it if the statement is kept */
                return;
            sc->line++;
        }
        if (c == q && (!triple || (sc->pos + 2 < sc->len && sc->s[sc->pos + 1] == q && sc->s[sc->pos + 2] == q))) {
            sc->pos += triple ? 3 : 1;
            return;
        }
        sc->pos++;
    }
}

/* Moves past the rest of one physical line (and the lines it continues onto: open brackets,
 * a trailing backslash, a string spanning lines); returns with pos after the newline. */
static void skip_logical_line(Scanner *sc)
{
    int depth = 0;
    while (sc->pos < sc->len) {
        char c = sc->s[sc->pos];
        if (c == '#') {
            while (sc->pos < sc->len && sc->s[sc->pos] != '\n')
                sc->pos++;
            continue;
        }
        if (c == '"' || c == '\'') {
            skip_string(sc);
            continue;
        }
        if (c == '\\' && sc->pos + 1 < sc->len && sc->s[sc->pos + 1] == '\n') {
            sc->pos += 2, sc->line++;
            continue;
        }
        if (c == '(' || c == '[' || c == '{')
            depth++;
        else if ((c == ')' || c == ']' || c == '}') && depth > 0)
            depth--;
        sc->pos++;
        if (c == '\n') {
            sc->line++;
            if (depth == 0)
                return;
        }
    }
}

static bool starts_word(const char *s, int len, const char *word)
{
    int n = (int)strlen(word);
    return n <= len && strncmp(s, word, (size_t)n) == 0 && (n == len || !(isalnum((unsigned char)s[n]) || s[n] == '_'));
}

/* Whether the line at p (in column 1) goes on with the statement before it: a clause of a
 * compound statement (else, elif, except, finally) or, after decorators, the def or class. */
static bool continues_statement(const char *p, int left, bool after_decorator)
{
    static const char *const CLAUSES[] = {"else", "elif", "except", "finally", NULL};
    for (int i = 0; CLAUSES[i]; i++)
        if (starts_word(p, left, CLAUSES[i]))
            return true;
    return after_decorator;
}

/* The top-level statements of the text, in order, each from its first line to the start of the
 * next (blank lines and comments between them included). */
static void split_statements(Arena *a, const char *text, int len, StmtList *out)
{
    Scanner sc = {.s = text, .len = len, .line = 1};
    bool decorators_only = false;
    while (sc.pos < len) {
        int at = sc.pos, line = sc.line;
        char c = text[at];
        bool content = c != ' ' && c != '\t' && c != '\f' && c != '\n' && c != '\r' && c != '#';
        bool new_stmt = content && !(out->n && continues_statement(text + at, len - at, decorators_only));
        if (new_stmt) {
            if (out->n)
                out->items[out->n - 1].end = at;
            ARR_PUSH(a, out->items, out->n, out->cap, ((TopStmt){.start = at, .end = len, .line = line}));
            decorators_only = c == '@';
        } else if (content)
            decorators_only = decorators_only && c == '@';
        if (!content && out->n == 0) { /* blank lines and comments before the first statement */
            while (sc.pos < len && text[sc.pos] != '\n')
                sc.pos++;
            sc.pos += sc.pos < len, sc.line++;
            continue;
        }
        skip_logical_line(&sc);
    }
}

/* ---- deciding ---- */

typedef struct Skipper {
    Arena *a;
    const SrcFile *file;
    const StmtList *stmts;
    char *kept;  /* the text with the skipped statements blanked */
    SkippedList skipped;
    const char **aliases; /* names bound to a compiler (`jcompile = jit`), which decorate as it does */
    int naliases, capaliases;
} Skipper;

static bool is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* The statement's text from `off` on, past blanks. */
static const char *stmt_text(const Skipper *k, const TopStmt *st, int off)
{
    const char *p = k->file->text + st->start + off;
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* The identifier at p, or "" */
static const char *word_at(Arena *a, const char *p)
{
    int n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
    return arena_strndup(a, p, (size_t)n);
}

/* The line after the decorators (`def`, `class`, `async def`), with the decorators' text. */
static const char *after_decorators(const char *p, const char *end)
{
    while (p < end && *p == '@') {
        Scanner sc = {.s = p, .len = (int)(end - p)};
        skip_logical_line(&sc);
        p += sc.pos;
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            p++;
    }
    return p;
}

/* Whether the decorators name one of the compilers (njit, jit, vectorize, guvectorize,
 * cuda.jit, stencil, cfunc, jitclass, ...): their functions are kept, errors and all. */
static bool compiling_decorators(const char *p, const char *end)
{
    static const char *const WORDS[] = {"jit", "vectorize", "stencil", "cfunc", "numba", "cuda", "reduce", "overload",
                                        "register_jitable", "generated", NULL};
    for (; p < end; p++)
        for (int i = 0; WORDS[i]; i++)
            if (strncmp(p, WORDS[i], strlen(WORDS[i])) == 0)
                return true;
    return false;
}

/* Whether a module-level statement other than st compiles the def `name` by a call
 * (`g = njit(f)`, `k = cuda.jit(sig)(f)`, `r = cuda.reduce(f)`): the def is then kept, errors and
 * all, as a decorated one is. Read from the text: `(NAME)` or `(NAME,` in a statement that names a
 * compiler. */
static bool compiled_by_call(const Skipper *k, const TopStmt *st, const char *name)
{
    size_t n = strlen(name);
    for (int i = 0; i < k->stmts->n; i++) {
        const TopStmt *o = &k->stmts->items[i];
        if (o == st)
            continue;
        const char *p = k->file->text + o->start, *end = k->file->text + o->end;
        if (!compiling_decorators(p, end))
            continue;
        for (; p + n + 1 < end; p++)
            if (*p == '(' && strncmp(p + 1 + strspn(p + 1, " "), name, n) == 0) {
                const char *after = p + 1 + strspn(p + 1, " ") + n;
                after += strspn(after, " ");
                if (*after == ')' || *after == ',')
                    return true;
            }
    }
    return false;
}

/* Whether the statements st[0..n) alone parse as module items jitc takes (in a scratch arena). */
static bool parse_alone(const Skipper *k, const TopStmt *st, int n)
{
    Arena *scratch = arena_scratch(arena_heap(k->a));
    char *text = arena_alloc(scratch, (size_t)k->file->len + 1);
    for (int i = 0; i < k->file->len; i++)
        text[i] = k->file->text[i] == '\n' ? '\n' : ' ';
    for (int j = 0; j < n; j++)
        memcpy(text + st[j].start, k->file->text + st[j].start, (size_t)(st[j].end - st[j].start));
    SrcFile f = {.name = k->file->name, .text = text, .len = k->file->len};
    Diag d;
    diag_init(&d, scratch);
    parse_module(scratch, &d, &f);
    bool ok = d.errors == 0;
    arena_free(scratch);
    return ok;
}

static bool parses_alone(const Skipper *k, const TopStmt *st) { return parse_alone(k, st, 1); }

static void skip_noted(Skipper *k, const TopStmt *st, const char *kind, const char *name, const char *why,
                       const char *note)
{
    for (int i = st->start; i < st->end; i++)
        if (k->kept[i] != '\n')
            k->kept[i] = ' ';
    SkippedItem it = {.kind = kind, .name = name, .why = why, .note = note, .loc = {k->file, st->line, 1}};
    ARR_PUSH(k->a, k->skipped.items, k->skipped.n, k->skipped.cap, it);
}

static void skip(Skipper *k, const TopStmt *st, const char *kind, const char *name, const char *why)
{
    skip_noted(k, st, kind, name, why, NULL);
}

/* The name a simple statement assigns (`NAME = ...`, `NAME += ...`), or NULL. */
static const char *assigned_name(Arena *a, const char *p)
{
    static const char *const KEYWORDS[] = {"try", "else", "finally", "with", "for", "while", "if", "elif", "except",
                                           "class", "def", "async", "match", "case", "lambda", "return", NULL};
    const char *name = word_at(a, p);
    if (!*name)
        return NULL;
    for (int i = 0; KEYWORDS[i]; i++)
        if (strcmp(KEYWORDS[i], name) == 0)
            return NULL;
    p += strlen(name);
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == ',' || (*p == '=' && p[1] != '=') || (*p == ':' && p[1] != '='))
        return name;
    if (strchr("+-*/%&|^@<>", *p) && (p[1] == '=' || (p[1] == p[0] && p[2] == '=')))
        return name;
    return NULL;
}

/* An assignment jitc cannot read, skipped: each name of its chain (`a = b = Dispatcher()`). */
static void skip_chain(Skipper *k, const TopStmt *st, const char *p, const char *name)
{
    while (name) {
        skip(k, st, "assignment", name, "set by an assignment whose value jitc cannot read");
        p += strlen(name);
        p += strspn(p, " \t");
        if (*p != '=' || p[1] == '=')
            return;
        p += 1 + strspn(p + 1, " \t");
        name = assigned_name(k->a, p);
        if (name && p[strlen(name) + strspn(p + strlen(name), " \t")] != '=')
            return; /* the value itself: `a = b + 1` */
    }
}

/* A class's first base, from the text after its name (`(Exception):`, `(errors.MyError, X):`):
 * the last part of a dotted name, or NULL. */
static const char *class_base(Skipper *k, const char *after_name)
{
    const char *s = after_name + strspn(after_name, " \t");
    if (*s != '(')
        return NULL;
    s += 1 + strspn(s + 1, " \t");
    const char *last = s;
    while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
        if (*s++ == '.')
            last = s;
    return s > last ? arena_strndup(k->a, last, (size_t)(s - last)) : NULL;
}

/* Whether the decorators' text names one of the aliases of a compiler. */
static bool names_alias(const Skipper *k, const char *p, const char *end)
{
    for (const char *s = p; s < end; s++)
        for (int i = 0; i < k->naliases; i++) {
            size_t n = strlen(k->aliases[i]);
            if (s + n <= end && strncmp(s, k->aliases[i], n) == 0 && (s == p || !is_name_char(s[-1])) &&
                (s + n == end || !is_name_char(s[n])))
                return true;
        }
    return false;
}

/* The module's other names for a compiler: `NAME = jit`, `NAME = numba.njit`, `NAME = cuda.jit`
 * (a dotted name that names one), read from the text. */
static void collect_aliases(Skipper *k)
{
    for (int i = 0; i < k->stmts->n; i++) {
        const TopStmt *st = &k->stmts->items[i];
        const char *p = stmt_text(k, st, 0), *end = k->file->text + st->end;
        const char *name = assigned_name(k->a, p);
        if (!name || p != k->file->text + st->start)
            continue;
        const char *eq = p + strlen(name) + strspn(p + strlen(name), " \t");
        if (*eq != '=' || eq[1] == '=')
            continue;
        const char *v = eq + 1 + strspn(eq + 1, " \t"), *e = v;
        while (e < end && (is_name_char(*e) || *e == '.'))
            e++;
        const char *rest = e + strspn(e, " \t\r");
        if (e > v && (rest == end || *rest == '\n' || *rest == '#') && compiling_decorators(v, e))
            ARR_PUSH(k->a, k->aliases, k->naliases, k->capaliases, name);
    }
}

/* The annotated fields of a class body (`    x: float`, `    y: float = 0.0`), in order: a
 * typing.NamedTuple's fields. Lines of the body only, indented one level; methods and their
 * bodies, docstrings and comments are passed over. */
/* The default of an annotated field, `: T = DEFAULT` (p just after the colon), as written up to
 * the end of its line or a comment: NULL when there is none. */
static const char *field_default(Skipper *k, const char *p, const char *end)
{
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    eol = eol ? eol : end;
    for (const char *c = p; c < eol; c++) {
        if (*c == '#' || *c == '"' || *c == '\'')
            return NULL; /* a comment or a string in the annotation: not read */
        if (*c == '=' && c[1] != '=' && !strchr("=<>!", c[-1])) {
            const char *stop = c + 1;
            while (stop < eol && *stop != '#')
                stop++;
            return arena_strndup(k->a, c + 1, (size_t)(stop - (c + 1)));
        }
    }
    return NULL;
}

static void class_fields(Skipper *k, const TopStmt *st, SkippedItem *it)
{
    const char *t = k->file->text, *end = t + st->end;
    const char *line = memchr(t + st->start, '\n', (size_t)(st->end - st->start));
    int cap = 0, dcap = 0, ndefaults = 0, indent = -1;
    while (line && line < end) {
        line++;
        const char *p = line;
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        int col = (int)(p - line);
        if (p < end && *p != '\n' && *p != '#') {
            if (indent < 0)
                indent = col;
            const char *name = word_at(k->a, p);
            const char *after = p + strlen(name);
            after += strspn(after, " \t");
            if (col == indent && *name && !isdigit((unsigned char)*name) && *after == ':' && after[1] != '=' &&
                strcmp(name, "def") != 0 && strcmp(name, "class") != 0) {
                ARR_PUSH(k->a, it->defaults, ndefaults, dcap, field_default(k, after + 1, end));
                ARR_PUSH(k->a, it->fields, it->nfields, cap, name);
            }
        }
        line = memchr(line, '\n', (size_t)(end - line));
    }
}

static void decide_function(Skipper *k, const TopStmt *st, const char *p, const char *end)
{
    const char *def = after_decorators(p, end);
    bool decorated = def != p;
    bool is_async = starts_word(def, (int)(end - def), "async");
    if (is_async)
        def = stmt_text(k, st, (int)(def + 5 - p));
    bool is_class = starts_word(def, (int)(end - def), "class");
    const char *name = word_at(k->a, def + (is_class ? 5 : 3) + strspn(def + (is_class ? 5 : 3), " \t"));
    if (is_class) {
        bool jitclass = decorated && strstr(arena_strndup(k->a, p, (size_t)(def - p)), "jitclass");
        skip_noted(k, st, "class", name, jitclass ? "a @jitclass" : "a class",
                   jitclass ? "jitclass is not supported by jitc" : "classes are not supported by jitc");
        SkippedItem *it = &k->skipped.items[k->skipped.n - 1];
        it->base = class_base(k, def + 5 + strspn(def + 5, " \t") + strlen(name));
        if (it->base && strcmp(it->base, "NamedTuple") == 0) { /* builder/program.c binds it as a named tuple */
            class_fields(k, st, it);
            it->why = "a NamedTuple class, whose fields compiled code reads";
            it->note = NULL;
        }
    } else if (is_async)
        skip_noted(k, st, "function", name, "an async function", "async functions are not supported by jitc");
    else if ((decorated && (compiling_decorators(p, def) || names_alias(k, p, def))) ||
             (!decorated && compiled_by_call(k, st, name)))
        return; /* compiled: kept, so that its errors are reported */
    else if (!parses_alone(k, st))
        skip(k, st, "function", name,
             decorated ? "a function with a decorator jitc does not compile" : "an undecorated Python function");
}

/* Where the first line of a module-level try from `from` on that starts with one of the words
 * (a clause: `except`, `else`, `finally`) begins, or -1. */
static int try_clause_at(const Skipper *k, const TopStmt *st, int from, const char *const *words, int nwords)
{
    const char *t = k->file->text;
    for (int i = from; i < st->end; i++)
        if (t[i] == '\n' && i + 1 < st->end) {
            const char *line = t + i + 1;
            int left = st->end - (i + 1);
            for (int w = 0; w < nwords; w++)
                if (starts_word(line, left, words[w]))
                    return i + 1;
        }
    return -1;
}

static int line_of(const Skipper *k, const TopStmt *st, int at)
{
    int line = st->line;
    for (int i = st->start; i < at; i++)
        line += k->file->text[i] == '\n';
    return line;
}

/* A module-level try (`try: from numba import njit` / `except ImportError: ...`): its body is
 * kept when it parses as module items, as Python runs it and the imports succeed where the
 * module compiles, and so is its `else` clause, which Python runs after a body that raised
 * nothing (`else: has_numba = os.getenv(...) == "true"`); the handlers are blanked and listed.
 * Otherwise the whole statement is skipped. */
static void decide_try(Skipper *k, const TopStmt *st)
{
    static const char *const HANDLERS[] = {"except", "else", "finally"}, *const ELSE[] = {"else"},
                             *const FINALLY[] = {"finally"};
    int h = try_clause_at(k, st, st->start, HANDLERS, 3);
    TopStmt kept[2] = {{.start = st->start, .end = h, .line = st->line}};
    if (h < 0 || !parses_alone(k, &kept[0])) {
        skip(k, st, "statement", "try", "a statement jitc does not run");
        return;
    }
    int e = try_clause_at(k, st, h - 1, ELSE, 1), f = try_clause_at(k, st, h - 1, FINALLY, 1);
    kept[1] = (TopStmt){.start = e, .end = f > e ? f : st->end, .line = line_of(k, st, e)};
    bool with_else = e > h && parse_alone(k, kept, 2);
    int handlers_end = with_else ? e : st->end;
    TopStmt handlers = {.start = h, .end = handlers_end, .line = line_of(k, st, h)};
    skip(k, &handlers, "statement", word_at(k->a, k->file->text + h), "the handlers of a module-level try, whose body jitc runs");
    if (with_else && f > e) {
        TopStmt finally = {.start = f, .end = st->end, .line = line_of(k, st, f)};
        skip(k, &finally, "statement", "finally", "the handlers of a module-level try, whose body jitc runs");
    }
}

/* Decides one top-level statement: kept as it is, or blanked and listed. */
static void decide(Skipper *k, const TopStmt *st)
{
    const char *p = stmt_text(k, st, 0), *end = k->file->text + st->end;
    int left = (int)(end - p);
    const char *word = word_at(k->a, p);
    const char *name;
    if (*p == '@' || strcmp(word, "def") == 0 || strcmp(word, "class") == 0 || strcmp(word, "async") == 0)
        decide_function(k, st, p, end);
    else if (*p == '"' || *p == '\'' || (*word && strchr("rRbBuUfF", *word) && strlen(word) <= 2 && (p[strlen(word)] == '"' || p[strlen(word)] == '\'')))
        skip(k, st, NULL, NULL, NULL); /* a docstring or a string alone: nothing to list */
    else if (strcmp(word, "try") == 0)
        decide_try(k, st);
    else if (strcmp(word, "if") == 0 && strstr(arena_strndup(k->a, p, strcspn(p, ":\n")), "__name__"))
        skip(k, st, "main block", "__main__", "the script's main block");
    else if (strcmp(word, "import") == 0 || strcmp(word, "from") == 0) {
        /* kept, errors and all, but for `from M import *`, whose names jitc cannot know */
        if (memchr(p, '*', (size_t)left) && !parses_alone(k, st))
            skip(k, st, "import", "*", "a star import (its names are not defined for compiled code)");
    } else if (strcmp(word, "if") == 0) {
        if (!parses_alone(k, st))
            skip(k, st, "statement", word, "an if whose branches hold more than imports, constants and functions");
    } else if (starts_word(p, left, word) && *word && !isdigit((unsigned char)*word) && (name = assigned_name(k->a, p))) {
        const char *eq = p + strlen(name) + strspn(p + strlen(name), " \t");
        bool plain = *eq == ',' || (*eq == '=' && eq[1] != '=');
        if (*eq == ':')
            skip(k, st, "assignment", name, "set by an annotated assignment");
        else if (!plain && !parses_alone(k, st)) /* NAME op= value: kept when jitc reads it */
            skip(k, st, "assignment", name, "set by an augmented assignment whose value jitc cannot read");
        else if (plain && !parses_alone(k, st))
            skip_chain(k, st, p, name);
    } else
        skip(k, st, "statement", *word ? word : "expression", "a statement jitc does not run");
}

Module *parse_python_module(Arena *a, Diag *d, const SrcFile *file)
{
    StmtList stmts = {0};
    split_statements(a, file->text, file->len, &stmts);
    Skipper k = {.a = a, .file = file, .stmts = &stmts};
    k.kept = arena_alloc(a, (size_t)file->len + 1);
    memcpy(k.kept, file->text, (size_t)file->len);
    collect_aliases(&k);
    for (int i = 0; i < stmts.n; i++)
        decide(&k, &stmts.items[i]);
    if (k.skipped.n == 0)
        return parse_module(a, d, file);
    SrcFile *kept = arena_alloc(a, sizeof *kept);
    *kept = (SrcFile){.name = file->name, .text = k.kept, .len = file->len};
    Module *m = parse_module(a, d, kept);
    int n = 0; /* the docstrings are not listed */
    for (int i = 0; i < k.skipped.n; i++)
        if (k.skipped.items[i].kind)
            k.skipped.items[n++] = k.skipped.items[i];
    k.skipped.n = n;
    m->skipped = k.skipped;
    return m;
}
