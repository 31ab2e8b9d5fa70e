/* lexer.re — owns tokenization of krn source (lexer.h); re2c turns it into build/gen/lexer.c.
 *
 * re2c matches single tokens; the C around it applies Python's layout rules: a NEWLINE ends
 * each logical line, INDENT/DEDENT come from a stack of indentation widths, newlines inside
 * brackets or after a backslash are joined, blank and comment-only lines vanish. Every problem
 * is reported to the Diag with its location and lexing goes on, so the parser still sees a
 * well-formed stream: INDENTs and DEDENTs always balance and the list ends NEWLINE? DEDENT* EOF. */
#include <locale.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

enum {
    MAX_INDENT = 100,  /* Python's limit on nested blocks */
    MAX_BRACKETS = 200 /* Python's limit on nested brackets */
};

typedef struct Bracket {
    char open; /* '(', '[' or '{' */
    SrcLoc loc;
} Bracket;

typedef struct Lexer {
    Arena *arena;
    Diag *diag;
    const SrcFile *file;
    const char *cur, *end, *mar; /* re2c's cursor, limit and backtracking marker */
    const char *line_start;
    int line;
    bool at_line_start;    /* indentation of the next line is still to be measured */
    bool line_has_tokens;  /* the current logical line needs a NEWLINE */
    int indents[MAX_INDENT], alt_indents[MAX_INDENT]; /* tabs as 8 columns, and as 1 */
    int nindents;
    bool reported_tabs;    /* tab/space inconsistency is reported once per file */
    Bracket brackets[MAX_BRACKETS];
    int depth;             /* open brackets; may exceed MAX_BRACKETS after an error */
    const char *bad_end;   /* end of the last invalid character, to report runs of them once */
    TokenList *out;
} Lexer;

static SrcLoc loc_at(const Lexer *L, const char *p)
{
    return (SrcLoc){.file = L->file, .line = L->line, .col = (int)(p - L->line_start) + 1};
}

static Token *push_token_at(Lexer *L, TokKind k, SrcLoc loc, const char *start, const char *end)
{
    Token t = {.kind = k, .loc = loc, .text = start, .len = (int)(end - start)};
    ARR_PUSH(L->arena, L->out->toks, L->out->n, L->out->cap, t);
    if (k != TK_NEWLINE && k != TK_INDENT && k != TK_DEDENT && k != TK_EOF)
        L->line_has_tokens = true;
    return &L->out->toks[L->out->n - 1];
}

static Token *push_token(Lexer *L, TokKind k, const char *start, const char *end)
{
    return push_token_at(L, k, loc_at(L, start), start, end);
}

static void end_logical_line(Lexer *L, const char *at, const char *end)
{
    if (L->line_has_tokens)
        push_token(L, TK_NEWLINE, at, end);
    L->line_has_tokens = false;
}

static void start_next_line(Lexer *L, const char *p)
{
    L->line++;
    L->line_start = p;
}

/* ---- indentation ---- */

static bool is_blank_line_end(const Lexer *L, const char *q)
{
    return *q == '#' || *q == '\n' || (*q == '\r' && q + 1 < L->end && q[1] == '\n');
}

static void report_tabs_once(Lexer *L, const char *at)
{
    if (!L->reported_tabs)
        diag_error(L->diag, loc_at(L, at), "inconsistent use of tabs and spaces in indentation");
    L->reported_tabs = true;
}

static void open_block(Lexer *L, int col, int alt, const char *at)
{
    if (alt <= L->alt_indents[L->nindents - 1])
        report_tabs_once(L, at);
    if (L->nindents == MAX_INDENT) {
        diag_error(L->diag, loc_at(L, at), "too many levels of indentation");
        return;
    }
    L->indents[L->nindents] = col;
    L->alt_indents[L->nindents++] = alt;
    push_token(L, TK_INDENT, at, at);
}

/* Closes blocks down to width col. A width between two levels is an error; the line then
 * stays in the innermost block just closed, which takes this width, so that the tokens still
 * balance and the following lines of that block raise no further errors. */
static void close_blocks(Lexer *L, int col, int alt, const char *at)
{
    while (L->nindents > 1 && col < L->indents[L->nindents - 1]) {
        L->nindents--;
        push_token(L, TK_DEDENT, at, at);
    }
    if (col != L->indents[L->nindents - 1]) {
        diag_error(L->diag, loc_at(L, at), "unindent does not match any outer indentation level");
        L->out->n--; /* take back the last DEDENT and reopen its block at this width */
        L->indents[L->nindents] = col;
        L->alt_indents[L->nindents++] = alt;
    } else if (alt != L->alt_indents[L->nindents - 1]) {
        report_tabs_once(L, at);
    }
}

/* At the start of a line outside brackets: skips blank and comment-only lines, measures the
 * indentation of the next line that has content and emits INDENT/DEDENTs for it. */
static void lex_indentation(Lexer *L)
{
    L->at_line_start = false;
    for (;;) {
        int col = 0, alt = 0;
        const char *q = L->cur;
        for (; q < L->end && (*q == ' ' || *q == '\t' || *q == '\f'); q++) {
            if (*q == ' ')
                col++, alt++;
            else if (*q == '\t')
                col = (col / 8 + 1) * 8, alt++;
            else
                col = alt = 0; /* a form feed resets the count, as in CPython */
        }
        L->cur = q;
        if (q == L->end)
            return;
        if (!is_blank_line_end(L, q)) {
            int top = L->indents[L->nindents - 1];
            if (col > top)
                open_block(L, col, alt, q);
            else if (col < top)
                close_blocks(L, col, alt, q);
            else if (alt != L->alt_indents[L->nindents - 1])
                report_tabs_once(L, q);
            return;
        }
        const char *nl = memchr(q, '\n', (size_t)(L->end - q));
        if (!nl) {
            L->cur = L->end;
            return;
        }
        L->cur = nl + 1;
        start_next_line(L, L->cur);
    }
}

/* ---- brackets ---- */

static void open_bracket(Lexer *L, TokKind k, const char *s)
{
    if (L->depth < MAX_BRACKETS)
        L->brackets[L->depth] = (Bracket){.open = *s, .loc = loc_at(L, s)};
    else if (L->depth == MAX_BRACKETS)
        diag_error(L->diag, loc_at(L, s), "too many nested parentheses");
    L->depth++;
    push_token(L, k, s, s + 1);
}

static char closer_of(char open) { return open == '(' ? ')' : open == '[' ? ']' : '}'; }

/* After a mismatched closer, the brackets it closes: down to an outer opener of its kind if
 * there is one ("([)" closes both), else just the innermost. */
static int brackets_closed_by(const Lexer *L, char closer)
{
    for (int i = L->depth - 1; i >= 0 && i < MAX_BRACKETS; i--)
        if (closer_of(L->brackets[i].open) == closer)
            return L->depth - i;
    return 1;
}

static void close_bracket(Lexer *L, TokKind k, const char *s)
{
    SrcLoc loc = loc_at(L, s);
    const Bracket *b = L->depth > 0 && L->depth <= MAX_BRACKETS ? &L->brackets[L->depth - 1] : NULL;
    if (L->depth == 0)
        diag_error(L->diag, loc, "unmatched '%c'", *s);
    else if (b && closer_of(b->open) != *s && b->loc.line == loc.line)
        diag_error(L->diag, loc, "closing parenthesis '%c' does not match opening parenthesis '%c'", *s,
                   b->open);
    else if (b && closer_of(b->open) != *s)
        diag_error(L->diag, loc, "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                   *s, b->open, b->loc.line);
    if (L->depth > 0)
        L->depth -= b && closer_of(b->open) != *s ? brackets_closed_by(L, *s) : 1;
    push_token(L, k, s, s + 1);
}

/* Reports the innermost bracket still open (as Python does) and forgets all of them. */
static void close_forgotten_brackets(Lexer *L)
{
    int i = L->depth < MAX_BRACKETS ? L->depth - 1 : MAX_BRACKETS - 1;
    diag_error(L->diag, L->brackets[i].loc, "'%c' was never closed", L->brackets[i].open);
    L->depth = 0;
}

static bool is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Inside brackets, a line that starts with a keyword that cannot occur within an expression
 * (or a decorator in column 1) means a bracket was left open: the lexer closes it there so one
 * forgotten ')' does not swallow the rest of the file. */
static bool line_starts_statement(const Lexer *L, const char *p)
{
    static const char *const words[] = {
        "def", "class", "return", "pass", "break", "continue", "import", "from", "global", "nonlocal",
        "del", "assert", "raise", "try", "except", "finally", "with", "while", "elif",
    };
    if (p < L->end && *p == '@')
        return p + 1 < L->end && is_ident_char(p[1]) && !(p[1] >= '0' && p[1] <= '9');
    while (p < L->end && (*p == ' ' || *p == '\t' || *p == '\f'))
        p++;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(L->end - p) >= n && memcmp(p, words[i], n) == 0 &&
            ((size_t)(L->end - p) == n || !is_ident_char(p[n])))
            return true;
    }
    return false;
}

static void lex_newline(Lexer *L, const char *nl, const char *after)
{
    if (L->depth > 0 && line_starts_statement(L, after))
        close_forgotten_brackets(L);
    if (L->depth == 0) {
        end_logical_line(L, nl, after);
        L->at_line_start = true;
    }
    start_next_line(L, after);
}

/* After a backslash: only a newline may follow, and the two lines are joined. */
static void lex_continuation(Lexer *L, const char *s)
{
    const char *p = L->cur;
    if (p < L->end && *p == '\r' && p + 1 < L->end && p[1] == '\n')
        p++;
    if (p < L->end && *p == '\n') {
        L->cur = p + 1;
        start_next_line(L, L->cur);
        return;
    }
    diag_error(L->diag, loc_at(L, p < L->end ? p : s),
               p < L->end ? "unexpected character after line continuation character"
                          : "unexpected end of file after line continuation character");
}

/* ---- numbers ---- */

/* Copies s..e without the `_` separators (already validated by the regular expressions). */
static char *digits_only(Lexer *L, const char *s, const char *e)
{
    char *buf = arena_alloc(L->arena, (size_t)(e - s) + 1), *o = buf;
    for (; s < e; s++)
        if (*s != '_')
            *o++ = *s;
    *o = 0;
    return buf;
}

static int digit_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

static void lex_int(Lexer *L, const char *s, const char *e, int base)
{
    Token *t = push_token(L, TK_INT, s, e);
    uint64_t v = 0;
    for (const char *p = s + (base == 10 ? 0 : 2); p < e; p++) {
        if (*p == '_')
            continue;
        uint64_t d = (uint64_t)digit_value(*p);
        if (v > ((uint64_t)INT64_MAX - d) / (uint64_t)base) {
            diag_error(L->diag, t->loc, "integer literal too large");
            return;
        }
        v = v * (uint64_t)base + d;
    }
    t->ival = (int64_t)v;
}

/* A float literal, or with imag set an imaginary one (`2.5j`, `1j`: the digits before the j). */
static void lex_float(Lexer *L, const char *s, const char *e, bool imag)
{
    Token *t = push_token(L, imag ? TK_IMAG : TK_FLOAT, s, e);
    if (imag)
        e--;
    char *buf = digits_only(L, s, e);
    /* strtod reads the locale's decimal point; an embedding application may have set another */
    const char *point = localeconv()->decimal_point;
    char *dot = strchr(buf, '.');
    if (dot && point && point[0] && point[0] != '.' && !point[1])
        *dot = point[0];
    t->fval = strtod(buf, NULL);
}

static const char *base_name(int base)
{
    return base == 16 ? "hexadecimal" : base == 8 ? "octal" : base == 2 ? "binary" : "decimal";
}

/* Reports the malformed number starting at s and skips what is glued to it. */
static void bad_number(Lexer *L, const char *s, int base)
{
    const char *p = L->cur;
    SrcLoc loc = loc_at(L, s);
    if ((base == 2 || base == 8) && p < L->end && *p >= '0' && *p <= '9')
        diag_error(L->diag, loc, "invalid digit '%c' in %s literal", *p, base_name(base));
    else
        diag_error(L->diag, loc, "invalid %s literal", base_name(base));
    while (L->cur < L->end && (is_ident_char(*L->cur) || *L->cur == '.'))
        L->cur++;
}

/* A number must not run into letters or digits: 1abc, 0b12, 1.real are malformed; 1j is complex. */
static void check_number_end(Lexer *L, const char *s, int base)
{
    const char *p = L->cur;
    if (p == L->end || !is_ident_char(*p))
        return;
    bad_number(L, s, base);
}

/* A digit run the valid-number rules did not take: 007, 1__0, 1_ */
static void lex_malformed_decimal(Lexer *L, const char *s, const char *e)
{
    push_token(L, TK_INT, s, e);
    if (*s == '0' && !memchr(s, '_', (size_t)(e - s))) {
        diag_error(L->diag, loc_at(L, s), "leading zeros in decimal integer literals are not permitted; "
                                          "use an 0o prefix for octal integers");
        return;
    }
    bad_number(L, s, 10);
}

/* 0x, 0o or 0b with no digits or with a digit out of range: 0x, 0b12, 0o8 */
static void lex_malformed_prefixed(Lexer *L, const char *s, const char *e)
{
    push_token(L, TK_INT, s, e);
    char k = s[1] | 0x20;
    int base = k == 'x' ? 16 : k == 'o' ? 8 : 2;
    L->cur = s + 2;
    while (L->cur < e && (*L->cur == '_' || digit_value(*L->cur) < base))
        L->cur++;
    bad_number(L, s, base);
}

/* ---- strings ---- */

static int hex_digit(char c)
{
    int v = digit_value(c);
    return v < 16 ? v : -1;
}

/* Appends code point c as UTF-8. */
static void put_utf8(char **o, uint32_t c)
{
    if (c < 0x80) {
        *(*o)++ = (char)c;
    } else if (c < 0x800) {
        *(*o)++ = (char)(0xC0 | c >> 6);
        *(*o)++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *(*o)++ = (char)(0xE0 | c >> 12);
        *(*o)++ = (char)(0x80 | (c >> 6 & 0x3F));
        *(*o)++ = (char)(0x80 | (c & 0x3F));
    } else {
        *(*o)++ = (char)(0xF0 | c >> 18);
        *(*o)++ = (char)(0x80 | (c >> 12 & 0x3F));
        *(*o)++ = (char)(0x80 | (c >> 6 & 0x3F));
        *(*o)++ = (char)(0x80 | (c & 0x3F));
    }
}

/* The code point of the `digits` hex digits at p (\xNN, \uNNNN, \UNNNNNNNN), or -1. */
static long hex_escape(const char *p, const char *end, int digits)
{
    long v = 0;
    if (end - p < digits)
        return -1;
    for (int i = 0; i < digits; i++) {
        if (hex_digit(p[i]) < 0)
            return -1;
        v = v * 16 + hex_digit(p[i]);
    }
    return v <= 0x10FFFF ? v : -1;
}

/* Decodes the escape sequence after a backslash at p into *o (code points as UTF-8, as Python's
 * str literals mean them); returns the position after it. The buffer has room: no escape is
 * shorter than its UTF-8. */
static const char *decode_escape(const char *p, const char *end, char **o, bool *nul)
{
    char c = *p++;
    int digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
    long cp = digits ? hex_escape(p, end, digits) : -1;
    if (c >= '0' && c <= '7') { /* octal, up to three digits */
        cp = c - '0';
        for (int i = 0; i < 2 && p < end && *p >= '0' && *p <= '7'; i++)
            cp = cp * 8 + (*p++ - '0');
        digits = 0;
    }
    if (cp == 0) { /* a string holds no NUL (decode_string reports it) */
        *nul = true;
        return p + digits;
    }
    if (cp > 0) {
        put_utf8(o, (uint32_t)cp);
        return p + digits;
    }
    switch (c) {
    case 'n': *(*o)++ = '\n'; break;
    case 't': *(*o)++ = '\t'; break;
    case 'r': *(*o)++ = '\r'; break;
    case 'a': *(*o)++ = '\a'; break;
    case 'b': *(*o)++ = '\b'; break;
    case 'f': *(*o)++ = '\f'; break;
    case 'v': *(*o)++ = '\v'; break;
    case '\\': case '\'': case '"': *(*o)++ = c; break;
    case '\n': break; /* a backslash-newline continues the string on the next line */
    case '\r':
        if (p < end && *p == '\n')
            p++;
        break;
    default: /* an unknown escape is kept as written, as Python does */
        *(*o)++ = '\\';
        *(*o)++ = c;
        break;
    }
    return p;
}

static char *decode_string(Lexer *L, const char *s, const char *e, bool raw, SrcLoc loc)
{
    char *buf = arena_alloc(L->arena, (size_t)(e - s) + 2), *o = buf;
    bool nul = false;
    for (const char *p = s; p < e;) {
        if (*p == '\\' && !raw && p + 1 < e)
            p = decode_escape(p + 1, e, &o, &nul);
        else
            *o++ = *p++;
    }
    *o = 0;
    if (nul)
        diag_error(L->diag, loc, "a NUL character (\\0, \\x00) in a string is not supported by jitc");
    return buf;
}

static void add_fpart(Lexer *L, Token *t, int *cap, FStrPart part)
{
    ARR_PUSH(L->arena, t->fparts, t->nfparts, *cap, part);
}

/* The literal text [s, e) of an f-string as a part, `{{` and `}}` already one brace each. */
static void add_literal(Lexer *L, Token *t, int *cap, const char *s, const char *e, bool raw, SrcLoc loc)
{
    if (e <= s)
        return;
    const char *text = decode_string(L, s, e, raw, loc);
    FStrPart *last = t->nfparts ? &t->fparts[t->nfparts - 1] : NULL;
    if (last && !last->expr) /* text after `{{` or `}}`: one literal part */
        last->text = arena_printf(L->arena, "%s%s", last->text, text);
    else
        add_fpart(L, t, cap, (FStrPart){.text = text, .loc = loc});
}

/* Where the expression of an f-string's `{` at p ends: the first `}`, `!` (not `!=`) or `:` outside
 * brackets and strings; NULL at the end of the body. */
static const char *fstring_expr_end(const char *p, const char *end)
{
    int depth = 0;
    char quote = 0;
    for (; p < end; p++) {
        if (quote) {
            quote = *p == quote ? 0 : quote;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == '(' || *p == '[' || *p == '{') {
            depth++;
        } else if ((*p == ')' || *p == ']' || *p == '}') && depth > 0) {
            depth--;
        } else if (depth == 0 && (*p == '}' || *p == ':' || (*p == '!' && p + 1 < end && p[1] != '='))) {
            return p;
        }
    }
    return NULL;
}

/* Splits an f-string's body [body, end) into t's parts: literal text, and `{expr!c:spec}`. */
static void lex_fstring_parts(Lexer *L, Token *t, const char *body, const char *end, bool raw, SrcLoc loc)
{
    int cap = 0;
    const char *lit = body;
    for (const char *p = body; p < end;) {
        if ((*p == '{' || *p == '}') && p + 1 < end && p[1] == *p) { /* {{ and }}: one brace */
            add_literal(L, t, &cap, lit, p + 1, raw, loc);
            lit = p += 2;
        } else if (*p == '{') {
            add_literal(L, t, &cap, lit, p, raw, loc);
            const char *e = fstring_expr_end(p + 1, end);
            if (!e) {
                diag_error(L->diag, loc, "f-string: expecting '}'");
                return;
            }
            FStrPart part = {.text = arena_strndup(L->arena, p + 1, (size_t)(e - p - 1)), .expr = true,
                             .loc = t->loc.line == L->line ? loc_at(L, p) : t->loc};
            if (*e == '!') {
                part.conv = e[1];
                e += 2;
            }
            if (e < end && *e == ':') {
                const char *s = e + 1;
                while (e < end && *e != '}')
                    e++;
                part.spec = arena_strndup(L->arena, s, (size_t)(e - s));
            }
            if (e >= end || *e != '}') {
                diag_error(L->diag, part.loc, "f-string: expecting '}'");
                return;
            }
            add_fpart(L, t, &cap, part);
            lit = p = e + 1;
        } else if (*p == '}') {
            diag_error(L->diag, loc, "f-string: single '}' is not allowed");
            return;
        } else {
            p += *p == '\\' && p + 1 < end ? 2 : 1;
        }
    }
    add_literal(L, t, &cap, lit, end, raw, loc);
}

/* Scans the string whose prefix starts at s and whose opening quote is at q. The token keeps
 * the location of its start when the string spans lines. An unterminated string is reported
 * and still becomes a token (up to the end of its line), so the parser does not stumble too. */
static void lex_string(Lexer *L, const char *s, const char *q)
{
    SrcLoc loc = loc_at(L, s);
    bool raw = false, fstring = false;
    for (const char *p = s; p < q; p++) {
        raw |= *p == 'r' || *p == 'R';
        fstring |= *p == 'f' || *p == 'F';
    }
    char quote = *q;
    bool triple = L->end - q >= 3 && q[1] == quote && q[2] == quote;
    const char *body = q + (triple ? 3 : 1), *p = body, *body_end = NULL;
    while (p < L->end) {
        if (*p == '\\' && p + 1 < L->end) {
            if (p[1] == '\n' || (p[1] == '\r' && p + 2 < L->end && p[2] == '\n')) {
                p += p[1] == '\n' ? 2 : 3;
                start_next_line(L, p);
            } else {
                p += 2;
            }
        } else if (*p == '\n') {
            if (!triple)
                break;
            start_next_line(L, ++p);
        } else if (*p == quote && (!triple || (L->end - p >= 3 && p[1] == quote && p[2] == quote))) {
            body_end = p;
            p += triple ? 3 : 1;
            break;
        } else {
            p++;
        }
    }
    if (!body_end) {
        diag_error(L->diag, loc, triple ? "unterminated triple-quoted string literal"
                                        : "unterminated string literal");
        body_end = p > body && p[-1] == '\r' ? p - 1 : p;
    }
    L->cur = p;
    Token *t = push_token_at(L, TK_STRING, loc, s, p);
    t->str = decode_string(L, body, body_end, raw, loc);
    if (fstring)
        lex_fstring_parts(L, t, body, body_end, raw, loc);
}

/* ---- names and bad characters ---- */

static int utf8_decode(const unsigned char *s, const unsigned char *end, uint32_t *cp);

/* Whether a non-ASCII code point may be part of a name (PEP 3131). Python takes the Unicode
 * classes XID_Start and XID_Continue; without Unicode's tables this refuses what is surely not
 * one: the Latin-1 signs and punctuation, the general punctuation, the arrows and mathematical,
 * technical and other symbols, CJK punctuation, the private use areas and the emoji. */
static bool ident_code_point(uint32_t c)
{
    static const struct { uint32_t lo, hi; } NOT_NAMES[] = {
        {0x80, 0xA9}, {0xAB, 0xB4}, {0xB6, 0xB9}, {0xBB, 0xBF}, {0xD7, 0xD7}, {0xF7, 0xF7},
        {0x2000, 0x206F}, {0x20A0, 0x20CF}, {0x2190, 0x2BFF}, {0x3000, 0x3004}, {0x3008, 0x3020},
        {0xE000, 0xF8FF}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF0F}, {0xFF1A, 0xFF20}, {0x1F000, 0x1FAFF},
    };
    for (size_t i = 0; i < sizeof NOT_NAMES / sizeof NOT_NAMES[0]; i++)
        if (c >= NOT_NAMES[i].lo && c <= NOT_NAMES[i].hi)
            return false;
    return true;
}

static void lex_name(Lexer *L, const char *s)
{
    Token *t = push_token(L, TK_NAME, s, L->cur);
    t->str = arena_strndup(L->arena, s, (size_t)(L->cur - s));
    for (const char *p = s; p < L->cur;) { /* the lexer matched only valid UTF-8 sequences */
        uint32_t cp = (unsigned char)*p;
        int n = cp < 0x80 ? 1 : utf8_decode((const unsigned char *)p, (const unsigned char *)L->cur, &cp);
        if (n == 0) { /* overlong, a surrogate, past U+10FFFF: the lexer's pattern lets them by */
            diag_error(L->diag, loc_at(L, p), "invalid byte 0x%02X: the source is not valid UTF-8", (unsigned char)*p);
            n = 1;
        } else if (cp >= 0x80 && !ident_code_point(cp)) {
            diag_error(L->diag, loc_at(L, p), "invalid character '%.*s' (U+%04X)", n, p, (unsigned)cp);
        }
        p += n;
    }
}

/* Length of the valid UTF-8 sequence at s (0 if there is none); its code point in *cp. */
static int utf8_decode(const unsigned char *s, const unsigned char *end, uint32_t *cp)
{
    int n = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : 0;
    if (n == 0 || end - s < n || (n == 3 && s[0] > 0xEF))
        return 0;
    uint32_t c = s[0] & (0x7Fu >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3Fu);
    }
    bool overlong = (n == 3 && c < 0x800) || (n == 4 && c < 0x10000);
    if (overlong || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

/* Reports the character at s (once for a run of adjacent bad characters) and skips it. */
static void lex_bad_char(Lexer *L, const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t cp = *u;
    int n = *u < 0x80 ? 1 : utf8_decode(u, (const unsigned char *)L->end, &cp);
    L->cur = s + (n ? n : 1);
    bool report = s != L->bad_end;
    L->bad_end = L->cur;
    if (!report)
        return;
    SrcLoc loc = loc_at(L, s);
    if (n == 0)
        diag_error(L->diag, loc, "invalid byte 0x%02X: the source is not valid UTF-8", *u);
    else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0))
        diag_error(L->diag, loc, "invalid non-printable character U+%04X", (unsigned)cp);
    else
        diag_error(L->diag, loc, "invalid character '%.*s' (U+%04X)", n, s, (unsigned)cp);
}

/*!re2c
    re2c:api = custom;
    re2c:api:style = free-form;
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYPEEK = "(L->cur < L->end ? (unsigned char)*L->cur : 0)";
    re2c:define:YYSKIP = "++L->cur;";
    re2c:define:YYBACKUP = "L->mar = L->cur;";
    re2c:define:YYRESTORE = "L->cur = L->mar;";
    re2c:define:YYLESSTHAN = "L->cur >= L->end";
    re2c:yyfill:enable = 0;
    re2c:eof = 0;

    digitpart  = [0-9] ("_"? [0-9])*;
    decimal    = [1-9] ("_"? [0-9])* | "0" ("_"? "0")*;
    hexadec    = "0" [xX] ("_"? [0-9a-fA-F])+;
    octal      = "0" [oO] ("_"? [0-7])+;
    binary     = "0" [bB] ("_"? [01])+;
    exponent   = [eE] [+-]? digitpart;
    pointfloat = digitpart? "." digitpart | digitpart ".";
    floating   = pointfloat exponent? | digitpart exponent;
    imaginary  = (floating | digitpart) [jJ];
    baddec     = [0-9] [0-9_]*;
    badprefix  = "0" [xXoObB] [0-9a-zA-Z_]*;
    strprefix  = [rRuUbBfF] | [rR] [bBfF] | [bBfF] [rR];
    utf8char   = [\xc2-\xdf] [\x80-\xbf] | [\xe0-\xef] [\x80-\xbf]{2} | [\xf0-\xf4] [\x80-\xbf]{3};
    name       = ([a-zA-Z_] | utf8char) ([a-zA-Z_0-9] | utf8char)*;   // non-ASCII names: PEP 3131
*/

/* Scans one token, or a stretch of layout, at L->cur; false at the end of the text. */
static bool lex_next(Lexer *L)
{
    if (L->at_line_start && L->depth == 0)
        lex_indentation(L);
    const char *s = L->cur;
#define TOKEN(k) push_token(L, (k), s, L->cur); return true;
    /*!re2c
    $               { return false; }
    [ \t\f\r]+      { return true; }
    "#" [^\n]*      { return true; }
    "\\"            { lex_continuation(L, s); return true; }
    "\r"? "\n"      { lex_newline(L, s, L->cur); return true; }

    decimal         { lex_int(L, s, L->cur, 10); check_number_end(L, s, 10); return true; }
    hexadec         { lex_int(L, s, L->cur, 16); check_number_end(L, s, 16); return true; }
    octal           { lex_int(L, s, L->cur, 8); check_number_end(L, s, 8); return true; }
    binary          { lex_int(L, s, L->cur, 2); check_number_end(L, s, 2); return true; }
    floating        { lex_float(L, s, L->cur, false); check_number_end(L, s, 10); return true; }
    imaginary       { lex_float(L, s, L->cur, true); check_number_end(L, s, 10); return true; }
    baddec          { lex_malformed_decimal(L, s, L->cur); return true; }
    badprefix       { lex_malformed_prefixed(L, s, L->cur); return true; }

    strprefix? ['"] { lex_string(L, s, L->cur - 1); return true; }

    "False"    { TOKEN(TK_FALSE) }
    "None"     { TOKEN(TK_NONE) }
    "True"     { TOKEN(TK_TRUE) }
    "and"      { TOKEN(TK_AND) }
    "as"       { TOKEN(TK_AS) }
    "assert"   { TOKEN(TK_ASSERT) }
    "async"    { TOKEN(TK_ASYNC) }
    "await"    { TOKEN(TK_AWAIT) }
    "break"    { TOKEN(TK_BREAK) }
    "class"    { TOKEN(TK_CLASS) }
    "continue" { TOKEN(TK_CONTINUE) }
    "def"      { TOKEN(TK_DEF) }
    "del"      { TOKEN(TK_DEL) }
    "elif"     { TOKEN(TK_ELIF) }
    "else"     { TOKEN(TK_ELSE) }
    "except"   { TOKEN(TK_EXCEPT) }
    "finally"  { TOKEN(TK_FINALLY) }
    "for"      { TOKEN(TK_FOR) }
    "from"     { TOKEN(TK_FROM) }
    "global"   { TOKEN(TK_GLOBAL) }
    "if"       { TOKEN(TK_IF) }
    "import"   { TOKEN(TK_IMPORT) }
    "in"       { TOKEN(TK_IN) }
    "is"       { TOKEN(TK_IS) }
    "lambda"   { TOKEN(TK_LAMBDA) }
    "nonlocal" { TOKEN(TK_NONLOCAL) }
    "not"      { TOKEN(TK_NOT) }
    "or"       { TOKEN(TK_OR) }
    "pass"     { TOKEN(TK_PASS) }
    "raise"    { TOKEN(TK_RAISE) }
    "return"   { TOKEN(TK_RETURN) }
    "try"      { TOKEN(TK_TRY) }
    "while"    { TOKEN(TK_WHILE) }
    "with"     { TOKEN(TK_WITH) }
    "yield"    { TOKEN(TK_YIELD) }
    name       { lex_name(L, s); return true; }

    "("   { open_bracket(L, TK_LPAREN, s); return true; }
    "["   { open_bracket(L, TK_LBRACKET, s); return true; }
    "{"   { open_bracket(L, TK_LBRACE, s); return true; }
    ")"   { close_bracket(L, TK_RPAREN, s); return true; }
    "]"   { close_bracket(L, TK_RBRACKET, s); return true; }
    "}"   { close_bracket(L, TK_RBRACE, s); return true; }

    ","   { TOKEN(TK_COMMA) }
    ":"   { TOKEN(TK_COLON) }
    "."   { TOKEN(TK_DOT) }
    ";"   { TOKEN(TK_SEMI) }
    "@"   { TOKEN(TK_AT) }
    "->"  { TOKEN(TK_ARROW) }
    "="   { TOKEN(TK_ASSIGN) }
    "+"   { TOKEN(TK_PLUS) }
    "-"   { TOKEN(TK_MINUS) }
    "*"   { TOKEN(TK_STAR) }
    "/"   { TOKEN(TK_SLASH) }
    "//"  { TOKEN(TK_DSLASH) }
    "%"   { TOKEN(TK_PERCENT) }
    "**"  { TOKEN(TK_DSTAR) }
    "<<"  { TOKEN(TK_LSHIFT) }
    ">>"  { TOKEN(TK_RSHIFT) }
    "&"   { TOKEN(TK_AMP) }
    "|"   { TOKEN(TK_PIPE) }
    "^"   { TOKEN(TK_CARET) }
    "~"   { TOKEN(TK_TILDE) }
    "<"   { TOKEN(TK_LT) }
    ">"   { TOKEN(TK_GT) }
    "<="  { TOKEN(TK_LE) }
    ">="  { TOKEN(TK_GE) }
    "=="  { TOKEN(TK_EQ) }
    "!="  { TOKEN(TK_NE) }
    "+="  { TOKEN(TK_PLUSEQ) }
    "-="  { TOKEN(TK_MINUSEQ) }
    "*="  { TOKEN(TK_STAREQ) }
    "/="  { TOKEN(TK_SLASHEQ) }
    "//=" { TOKEN(TK_DSLASHEQ) }
    "%="  { TOKEN(TK_PERCENTEQ) }
    "**=" { TOKEN(TK_DSTAREQ) }
    "<<=" { TOKEN(TK_LSHIFTEQ) }
    ">>=" { TOKEN(TK_RSHIFTEQ) }
    "&="  { TOKEN(TK_AMPEQ) }
    "|="  { TOKEN(TK_PIPEEQ) }
    "^="  { TOKEN(TK_CARETEQ) }
    "@="  { TOKEN(TK_ATEQ) }
    ":="  { TOKEN(TK_WALRUS) }

    *     { lex_bad_char(L, s); return true; }
    */
#undef TOKEN
}

/* The closing DEDENTs and EOF sit at the end of the last logical line, so that an error
 * found there ("expected an indented block") shows that line rather than an empty one. */
static void lex_finish(Lexer *L)
{
    if (L->depth > 0)
        close_forgotten_brackets(L);
    end_logical_line(L, L->end, L->end);
    SrcLoc loc = loc_at(L, L->end);
    if (L->out->n && L->out->toks[L->out->n - 1].kind == TK_NEWLINE)
        loc = L->out->toks[L->out->n - 1].loc;
    while (L->nindents > 1) {
        L->nindents--;
        push_token_at(L, TK_DEDENT, loc, L->end, L->end);
    }
    push_token_at(L, TK_EOF, loc, L->end, L->end);
}

void lex_source(Arena *a, Diag *d, const SrcFile *file, TokenList *out)
{
    Lexer L = {.arena = a, .diag = d, .file = file, .out = out, .line = 1, .nindents = 1,
               .at_line_start = true};
    L.cur = L.line_start = file->text ? file->text : "";
    L.end = L.cur + (file->text && file->len > 0 ? file->len : 0);
    if (L.end - L.cur >= 3 && memcmp(L.cur, "\xEF\xBB\xBF", 3) == 0)
        L.cur += 3; /* a UTF-8 byte order mark; columns still count its bytes */
    while (lex_next(&L))
        ;
    lex_finish(&L);
}

const char *lex_token_name(TokKind k)
{
    static const char *const names[TK_COUNT_] = {
        [TK_EOF] = "end of file", [TK_NEWLINE] = "end of line", [TK_INDENT] = "indent",
        [TK_DEDENT] = "dedent", [TK_NAME] = "name", [TK_INT] = "integer literal",
        [TK_FLOAT] = "float literal", [TK_IMAG] = "imaginary literal", [TK_STRING] = "string literal",
        [TK_AND] = "'and'", [TK_AS] = "'as'", [TK_ASSERT] = "'assert'", [TK_BREAK] = "'break'",
        [TK_CLASS] = "'class'", [TK_CONTINUE] = "'continue'", [TK_DEF] = "'def'", [TK_DEL] = "'del'",
        [TK_ELIF] = "'elif'", [TK_ELSE] = "'else'", [TK_EXCEPT] = "'except'", [TK_FALSE] = "'False'",
        [TK_FINALLY] = "'finally'", [TK_FOR] = "'for'", [TK_FROM] = "'from'", [TK_GLOBAL] = "'global'",
        [TK_IF] = "'if'", [TK_IMPORT] = "'import'", [TK_IN] = "'in'", [TK_IS] = "'is'",
        [TK_LAMBDA] = "'lambda'", [TK_NONE] = "'None'", [TK_NONLOCAL] = "'nonlocal'", [TK_NOT] = "'not'",
        [TK_OR] = "'or'", [TK_PASS] = "'pass'", [TK_RAISE] = "'raise'", [TK_RETURN] = "'return'",
        [TK_TRUE] = "'True'", [TK_TRY] = "'try'", [TK_WHILE] = "'while'", [TK_WITH] = "'with'",
        [TK_YIELD] = "'yield'", [TK_ASYNC] = "'async'", [TK_AWAIT] = "'await'",
        [TK_LPAREN] = "'('", [TK_RPAREN] = "')'", [TK_LBRACKET] = "'['", [TK_RBRACKET] = "']'",
        [TK_LBRACE] = "'{'", [TK_RBRACE] = "'}'", [TK_COMMA] = "','", [TK_COLON] = "':'",
        [TK_DOT] = "'.'", [TK_SEMI] = "';'", [TK_AT] = "'@'", [TK_ARROW] = "'->'", [TK_ASSIGN] = "'='",
        [TK_PLUS] = "'+'", [TK_MINUS] = "'-'", [TK_STAR] = "'*'", [TK_SLASH] = "'/'",
        [TK_DSLASH] = "'//'", [TK_PERCENT] = "'%'", [TK_DSTAR] = "'**'", [TK_LSHIFT] = "'<<'",
        [TK_RSHIFT] = "'>>'", [TK_AMP] = "'&'", [TK_PIPE] = "'|'", [TK_CARET] = "'^'", [TK_TILDE] = "'~'",
        [TK_LT] = "'<'", [TK_GT] = "'>'", [TK_LE] = "'<='", [TK_GE] = "'>='", [TK_EQ] = "'=='",
        [TK_NE] = "'!='", [TK_PLUSEQ] = "'+='", [TK_MINUSEQ] = "'-='", [TK_STAREQ] = "'*='",
        [TK_SLASHEQ] = "'/='", [TK_DSLASHEQ] = "'//='", [TK_PERCENTEQ] = "'%='", [TK_DSTAREQ] = "'**='",
        [TK_LSHIFTEQ] = "'<<='", [TK_RSHIFTEQ] = "'>>='", [TK_AMPEQ] = "'&='", [TK_PIPEEQ] = "'|='",
        [TK_CARETEQ] = "'^='", [TK_ATEQ] = "'@='", [TK_WALRUS] = "':='",
    };
    return (unsigned)k < TK_COUNT_ && names[k] ? names[k] : "token";
}
