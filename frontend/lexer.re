/* lexer.re — tokens of the Python subset (lexer.h), generated into C by re2c.
 *
 * One pass over the whole file: re2c matches each token; this file adds Python's layout
 * rules around it: NEWLINE at the end of each logical line, INDENT/DEDENT from a stack of
 * indentation widths, no NEWLINE inside brackets or after a backslash, blank and comment-only
 * lines ignored. Errors are reported and lexing goes on. */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"

enum { MAX_INDENT = 128 };

typedef struct Lexer {
    Arena *arena;
    Diag *diag;
    const SrcFile *file;
    const char *src, *end;
    const char *line_start;
    int line;
    int depth;             /* open brackets */
    int indents[MAX_INDENT];
    int nindents;
    TokenList *out;
} Lexer;

static SrcLoc loc_at(const Lexer *L, const char *p)
{
    return (SrcLoc){.file = L->file, .line = L->line, .col = (int)(p - L->line_start) + 1};
}

static Token *push(Lexer *L, TokKind k, const char *start, const char *end)
{
    Token t = {.kind = k, .loc = loc_at(L, start), .text = start, .len = (int)(end - start)};
    ARR_PUSH(L->arena, L->out->toks, L->out->n, L->out->cap, t);
    return &L->out->toks[L->out->n - 1];
}

static bool last_is(const Lexer *L, TokKind k) { return L->out->n && L->out->toks[L->out->n - 1].kind == k; }

static void newline(Lexer *L, const char *p)
{
    if (L->out->n && !last_is(L, TK_NEWLINE) && !last_is(L, TK_INDENT) && !last_is(L, TK_DEDENT))
        push(L, TK_NEWLINE, p, p);
}

/* Digits with optional `_` separators, as Python allows them; returns false if malformed. */
static bool strip_underscores(const char *s, const char *e, char *buf, size_t n)
{
    size_t k = 0;
    for (const char *p = s; p < e; p++) {
        if (*p == '_') {
            if (p == s || p + 1 == e || p[1] == '_' || p[-1] == '_')
                return false;
            continue;
        }
        if (k + 1 >= n)
            return false;
        buf[k++] = *p;
    }
    buf[k] = 0;
    return true;
}

static void int_token(Lexer *L, const char *s, const char *e, int base)
{
    char buf[160];
    Token *t = push(L, TK_INT, s, e);
    const char *digits = base == 10 ? s : s + 2;
    if (digits < e && *digits == '_')
        digits++;
    if (!strip_underscores(digits, e, buf, sizeof buf) || !buf[0]) {
        diag_error(L->diag, t->loc, "invalid integer literal '%.*s'", (int)(e - s), s);
        return;
    }
    errno = 0;
    unsigned long long v = strtoull(buf, NULL, base);
    if (errno == ERANGE || v > (unsigned long long)INT64_MAX)
        diag_error(L->diag, t->loc, "integer literal too large for int64: '%.*s'", (int)(e - s), s);
    else
        t->ival = (int64_t)v;
}

static void float_token(Lexer *L, const char *s, const char *e)
{
    char buf[160];
    Token *t = push(L, TK_FLOAT, s, e);
    if (!strip_underscores(s, e, buf, sizeof buf)) {
        diag_error(L->diag, t->loc, "invalid float literal '%.*s'", (int)(e - s), s);
        return;
    }
    t->fval = strtod(buf, NULL);
}

/* Decodes the body of a string literal (between its quotes) into the arena. */
static void string_token(Lexer *L, const char *s, const char *e, int prefix, int quote)
{
    Token *t = push(L, TK_STRING, s, e);
    bool raw = false;
    for (const char *p = s; p < s + prefix; p++)
        raw |= *p == 'r' || *p == 'R';
    const char *body = s + prefix + quote, *bend = e - quote;
    char *out = arena_alloc(L->arena, (size_t)(bend - body) + 1), *o = out;
    for (const char *p = body; p < bend; p++) {
        if (*p != '\\' || raw || p + 1 == bend) {
            *o++ = *p;
            continue;
        }
        switch (*++p) {
        case 'n': *o++ = '\n'; break;
        case 't': *o++ = '\t'; break;
        case 'r': *o++ = '\r'; break;
        case '0': *o++ = '\0'; break;
        case '\n': break;
        case '\\': case '\'': case '"': *o++ = *p; break;
        default: *o++ = '\\'; *o++ = *p; break;
        }
    }
    *o = 0;
    t->str = out;
}

/* Counts newlines in [s, e) to keep line numbers right inside triple-quoted strings. */
static void skip_lines(Lexer *L, const char *s, const char *e)
{
    for (const char *p = s; p < e; p++)
        if (*p == '\n') {
            L->line++;
            L->line_start = p + 1;
        }
}

/* At the start of a line outside brackets: measure indentation, emit INDENT/DEDENTs.
 * Returns the first character of the line's content. Blank lines are skipped entirely. */
static const char *indentation(Lexer *L, const char *p)
{
    for (;;) {
        int width = 0;
        const char *q = p;
        while (q < L->end && (*q == ' ' || *q == '\t' || *q == '\f'))
            width = *q++ == '\t' ? (width / 8 + 1) * 8 : width + 1;
        if (q < L->end && *q == '#')
            while (q < L->end && *q != '\n')
                q++;
        if (q < L->end && (*q == '\n' || *q == '\r')) { /* blank line */
            if (*q == '\r' && q + 1 < L->end && q[1] == '\n')
                q++;
            p = q + 1;
            L->line++;
            L->line_start = p;
            continue;
        }
        if (q >= L->end)
            return q;
        int top = L->indents[L->nindents - 1];
        if (width > top) {
            if (L->nindents == MAX_INDENT)
                diag_error(L->diag, loc_at(L, q), "too many levels of indentation");
            else
                L->indents[L->nindents++] = width;
            push(L, TK_INDENT, q, q);
        } else if (width < top) {
            while (L->nindents > 1 && width < L->indents[L->nindents - 1]) {
                L->nindents--;
                push(L, TK_DEDENT, q, q);
            }
            if (width != L->indents[L->nindents - 1])
                diag_error(L->diag, loc_at(L, q), "unindent does not match any outer indentation level");
        }
        return q;
    }
}

/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:yyfill:enable = 0;
    re2c:eof = 0;
    re2c:api = custom;
    re2c:api:style = free-form;
    re2c:define:YYPEEK = "(YYCURSOR < YYLIMIT ? *YYCURSOR : 0)";
    re2c:define:YYSKIP = "++YYCURSOR;";
    re2c:define:YYBACKUP = "YYMARKER = YYCURSOR;";
    re2c:define:YYRESTORE = "YYCURSOR = YYMARKER;";
    re2c:define:YYLESSTHAN = "YYCURSOR >= YYLIMIT";

    dec     = [0-9] ("_"? [0-9])*;
    hex     = "0" [xX] ("_"? [0-9a-fA-F])+;
    oct     = "0" [oO] ("_"? [0-7])+;
    bin     = "0" [bB] ("_"? [01])+;
    exp     = [eE] [+-]? dec;
    float   = dec "." dec? exp? | "." dec exp? | dec exp;
    name    = [a-zA-Z_] [a-zA-Z_0-9]*;
    prefix  = [rRbBuU] | [rR][bB] | [bB][rR];
    sq      = "'" ([^'\\\n\x00] | "\\" [^\x00])* "'";
    dq      = "\"" ([^"\\\n\x00] | "\\" [^\x00])* "\"";
    tsq     = "'''" ([^'\\\x00] | "\\" [^\x00] | "'" [^'\x00] | "''" [^'\x00])* "'''";
    tdq     = "\"\"\"" ([^"\\\x00] | "\\" [^\x00] | "\"" [^"\x00] | "\"\"" [^"\x00])* "\"\"\"";
*/

/* A line that starts a top-level definition can never continue a bracketed expression, so
 * the lexer closes forgotten brackets there and the parser reports the rest of the file. */
static bool starts_definition(const char *p, const char *end)
{
    return (end - p >= 1 && *p == '@') || (end - p >= 4 && memcmp(p, "def ", 4) == 0);
}

static const struct { const char *word; TokKind kind; } KEYWORDS[] = {
    {"and", TK_AND}, {"as", TK_AS}, {"assert", TK_ASSERT}, {"break", TK_BREAK}, {"class", TK_CLASS},
    {"continue", TK_CONTINUE}, {"def", TK_DEF}, {"del", TK_DEL}, {"elif", TK_ELIF}, {"else", TK_ELSE},
    {"except", TK_EXCEPT}, {"False", TK_FALSE}, {"finally", TK_FINALLY}, {"for", TK_FOR},
    {"from", TK_FROM}, {"global", TK_GLOBAL}, {"if", TK_IF}, {"import", TK_IMPORT}, {"in", TK_IN},
    {"is", TK_IS}, {"lambda", TK_LAMBDA}, {"None", TK_NONE}, {"nonlocal", TK_NONLOCAL}, {"not", TK_NOT},
    {"or", TK_OR}, {"pass", TK_PASS}, {"raise", TK_RAISE}, {"return", TK_RETURN}, {"True", TK_TRUE},
    {"try", TK_TRY}, {"while", TK_WHILE}, {"with", TK_WITH}, {"yield", TK_YIELD}, {"async", TK_ASYNC},
    {"await", TK_AWAIT},
};

static void name_token(Lexer *L, const char *s, const char *e)
{
    size_t n = (size_t)(e - s);
    for (size_t i = 0; i < sizeof KEYWORDS / sizeof KEYWORDS[0]; i++)
        if (strlen(KEYWORDS[i].word) == n && memcmp(KEYWORDS[i].word, s, n) == 0) {
            push(L, KEYWORDS[i].kind, s, e);
            return;
        }
    Token *t = push(L, TK_NAME, s, e);
    t->str = arena_strndup(L->arena, s, n);
}

static void bracket(Lexer *L, TokKind k, const char *s, const char *e)
{
    push(L, k, s, e);
    if (k == TK_LPAREN || k == TK_LBRACKET || k == TK_LBRACE)
        L->depth++;
    else if (L->depth > 0)
        L->depth--;
}

static int quote_len(const char *s, const char *e)
{
    while (s < e && *s != '\'' && *s != '"')
        s++;
    return e - s >= 6 && s[0] == s[1] && s[1] == s[2] ? 3 : 1;
}

void lex_source(Arena *a, Diag *d, const SrcFile *file, TokenList *out)
{
    Lexer L = {.arena = a, .diag = d, .file = file, .src = file->text, .end = file->text + file->len,
               .line_start = file->text, .line = 1, .nindents = 1, .out = out};
    const char *YYCURSOR = L.src, *YYLIMIT = L.end, *YYMARKER = NULL;
    bool at_line_start = true;
    for (;;) {
        if (at_line_start && L.depth == 0)
            YYCURSOR = indentation(&L, YYCURSOR);
        at_line_start = false;
        const char *tok = YYCURSOR;
#define T(k) push(&L, (k), tok, YYCURSOR); continue;
        /*!re2c
        $           { break; }
        [ \t\f]+    { continue; }
        "#" [^\n\x00]* { continue; }
        "\\" "\r"? "\n" { L.line++; L.line_start = YYCURSOR; continue; }
        "\r"? "\n"  {
                      if (L.depth > 0 && starts_definition(YYCURSOR, YYLIMIT))
                          L.depth = 0; /* an unclosed bracket: recover at the next def */
                      if (L.depth == 0)
                          newline(&L, tok);
                      L.line++;
                      L.line_start = YYCURSOR;
                      at_line_start = true;
                      continue;
                    }
        hex         { int_token(&L, tok, YYCURSOR, 16); continue; }
        oct         { int_token(&L, tok, YYCURSOR, 8); continue; }
        bin         { int_token(&L, tok, YYCURSOR, 2); continue; }
        dec         { int_token(&L, tok, YYCURSOR, 10); continue; }
        float       { float_token(&L, tok, YYCURSOR); continue; }
        prefix? (tsq | tdq) {
                      int pre = 0;
                      while (tok[pre] != '\'' && tok[pre] != '"') pre++;
                      string_token(&L, tok, YYCURSOR, pre, 3);
                      skip_lines(&L, tok, YYCURSOR);
                      continue;
                    }
        prefix? (sq | dq) {
                      int pre = 0;
                      while (tok[pre] != '\'' && tok[pre] != '"') pre++;
                      string_token(&L, tok, YYCURSOR, pre, 1);
                      continue;
                    }
        prefix? ["'] {
                      diag_error(d, loc_at(&L, tok), "unterminated string literal");
                      (void)quote_len;
                      while (YYCURSOR < YYLIMIT && *YYCURSOR != '\n') YYCURSOR++;
                      continue;
                    }
        name        { name_token(&L, tok, YYCURSOR); continue; }
        "("  { bracket(&L, TK_LPAREN, tok, YYCURSOR); continue; }
        ")"  { bracket(&L, TK_RPAREN, tok, YYCURSOR); continue; }
        "["  { bracket(&L, TK_LBRACKET, tok, YYCURSOR); continue; }
        "]"  { bracket(&L, TK_RBRACKET, tok, YYCURSOR); continue; }
        "{"  { bracket(&L, TK_LBRACE, tok, YYCURSOR); continue; }
        "}"  { bracket(&L, TK_RBRACE, tok, YYCURSOR); continue; }
        ","  { T(TK_COMMA) }
        ":"  { T(TK_COLON) }
        "."  { T(TK_DOT) }
        ";"  { T(TK_SEMI) }
        "@"  { T(TK_AT) }
        "->" { T(TK_ARROW) }
        "="  { T(TK_ASSIGN) }
        "+"  { T(TK_PLUS) }
        "-"  { T(TK_MINUS) }
        "*"  { T(TK_STAR) }
        "/"  { T(TK_SLASH) }
        "//" { T(TK_DSLASH) }
        "%"  { T(TK_PERCENT) }
        "**" { T(TK_DSTAR) }
        "<<" { T(TK_LSHIFT) }
        ">>" { T(TK_RSHIFT) }
        "&"  { T(TK_AMP) }
        "|"  { T(TK_PIPE) }
        "^"  { T(TK_CARET) }
        "~"  { T(TK_TILDE) }
        "<"  { T(TK_LT) }
        ">"  { T(TK_GT) }
        "<=" { T(TK_LE) }
        ">=" { T(TK_GE) }
        "==" { T(TK_EQ) }
        "!=" { T(TK_NE) }
        "+=" { T(TK_PLUSEQ) }
        "-=" { T(TK_MINUSEQ) }
        "*=" { T(TK_STAREQ) }
        "/=" { T(TK_SLASHEQ) }
        "//=" { T(TK_DSLASHEQ) }
        "%=" { T(TK_PERCENTEQ) }
        "**=" { T(TK_DSTAREQ) }
        "<<=" { T(TK_LSHIFTEQ) }
        ">>=" { T(TK_RSHIFTEQ) }
        "&=" { T(TK_AMPEQ) }
        "|=" { T(TK_PIPEEQ) }
        "^=" { T(TK_CARETEQ) }
        "@=" { T(TK_ATEQ) }
        ":=" { T(TK_WALRUS) }
        *    {
               unsigned char c = (unsigned char)*tok;
               if (c >= 0x20 && c < 0x7f)
                   diag_error(d, loc_at(&L, tok), "invalid character '%c'", c);
               else
                   diag_error(d, loc_at(&L, tok), "invalid character (byte 0x%02x)", c);
               continue;
             }
        */
#undef T
    }
    newline(&L, L.end);
    while (L.nindents > 1) {
        L.nindents--;
        push(&L, TK_DEDENT, L.end, L.end);
    }
    push(&L, TK_EOF, L.end, L.end);
}

const char *lex_token_name(TokKind k)
{
    static const char *const names[TK_COUNT_] = {
        [TK_EOF] = "end of file", [TK_NEWLINE] = "end of line", [TK_INDENT] = "indent",
        [TK_DEDENT] = "dedent", [TK_NAME] = "name", [TK_INT] = "integer", [TK_FLOAT] = "float",
        [TK_STRING] = "string", [TK_LPAREN] = "'('", [TK_RPAREN] = "')'", [TK_LBRACKET] = "'['",
        [TK_RBRACKET] = "']'", [TK_LBRACE] = "'{'", [TK_RBRACE] = "'}'", [TK_COMMA] = "','",
        [TK_COLON] = "':'", [TK_DOT] = "'.'", [TK_SEMI] = "';'", [TK_AT] = "'@'", [TK_ARROW] = "'->'",
        [TK_ASSIGN] = "'='",
    };
    if (k >= TK_AND && k <= TK_AWAIT)
        return KEYWORDS[k - TK_AND].word;
    return (unsigned)k < TK_COUNT_ && names[k] ? names[k] : "operator";
}
