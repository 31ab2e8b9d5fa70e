/* test_frontend.c — owns the unit tests of the frontend: the lexer (layout, joining, every
 * literal and operator, located errors), the parser (precedence through ast_dump_expr, chained
 * comparisons, every statement, recovery with several located errors, rendered diagnostics,
 * nesting limits), the tutorial examples, and a deterministic fuzz loop that must never crash.
 * The parser's golden files (tests/golden/parse) run through `jitc emit --ast`:
 * tests/golden/run.sh.
 *
 *   JITC_EXAMPLES      the tutorial examples' folder (default examples, as `make unit` runs the
 *                      tests from the repository root; skipped if absent) */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "frontend/lexer.h"
#include "frontend/parser.h"

/* ---- helpers ---- */

static Heap heap = {.alloc = arena_default_alloc}; /* the C heap, as a context without a hook */

static SrcFile file_named(const char *name, const char *text)
{
    return (SrcFile){.name = name, .text = text, .len = (int)strlen(text)};
}

typedef struct Lexed {
    Arena *arena;
    Diag diag;
    SrcFile file;
    TokenList toks;
} Lexed;

static Lexed *lex(const char *text)
{
    Lexed *l = calloc(1, sizeof *l);
    l->arena = arena_new(&heap);
    diag_init(&l->diag, l->arena);
    l->file = file_named("t.krn", text);
    lex_source(l->arena, &l->diag, &l->file, &l->toks);
    return l;
}

static void lexed_free(Lexed *l)
{
    arena_free(l->arena);
    free(l);
}

/* Checks the token kinds of text, which must end with TK_EOF. */
static void check_kinds(const char *text, const TokKind *want, int n)
{
    Lexed *l = lex(text);
    if (l->toks.n != n) {
        for (int i = 0; i < l->toks.n; i++)
            fprintf(stderr, "  %d:%d %s\n", l->toks.toks[i].loc.line, l->toks.toks[i].loc.col,
                    lex_token_name(l->toks.toks[i].kind));
    }
    assert_int_equal(l->toks.n, n);
    for (int i = 0; i < n; i++)
        assert_int_equal(l->toks.toks[i].kind, want[i]);
    assert_int_equal(l->diag.errors, 0);
    lexed_free(l);
}

#define CHECK_KINDS(text, ...)                                                 \
    do {                                                                       \
        static const TokKind want_[] = {__VA_ARGS__};                          \
        check_kinds((text), want_, (int)(sizeof want_ / sizeof want_[0]));     \
    } while (0)

/* "line:col message" of every diagnostic, one per line. */
static char *diag_summary(Arena *a, const Diag *d)
{
    char *s = arena_strdup(a, "");
    for (int i = 0; i < d->n; i++)
        s = arena_printf(a, "%s%d:%d %s\n", s, d->items[i].loc.line, d->items[i].loc.col, d->items[i].message);
    return s;
}

/* Parses one expression and dumps it; a parse error comes back as its message. */
static const char *dump_expr(Arena *a, const char *src)
{
    Diag d;
    diag_init(&d, a);
    Expr *e = parse_expr_string(a, &d, src, (SrcLoc){0});
    return e ? ast_dump_expr(a, e) : diag_summary(a, &d);
}

static Module *parse_text(Arena *a, Diag *d, SrcFile *f, const char *text)
{
    *f = file_named("t.krn", text);
    diag_init(d, a);
    return parse_module(a, d, f);
}

/* The diagnostics of a module, as "line:col message" lines. */
static const char *module_errors(Arena *a, const char *text)
{
    Diag d;
    SrcFile *f = arena_alloc(a, sizeof *f);
    parse_text(a, &d, f, text);
    return diag_summary(a, &d);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (size_t got; (got = fread(buf + n, 1, cap - n - 1, fp)) > 0;) {
        n += got;
        if (cap - n - 1 == 0)
            buf = realloc(buf, cap *= 2);
    }
    fclose(fp);
    buf[n] = 0;
    *len = n;
    return buf;
}

/* ---- lexer ---- */

static void test_lex_layout(void **state)
{
    (void)state;
    CHECK_KINDS("if x:\n    y = 1\n\n    # only a comment\n  \nz\n",
                TK_IF, TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_ASSIGN, TK_INT, TK_NEWLINE,
                TK_DEDENT, TK_NAME, TK_NEWLINE, TK_EOF);
    /* several blocks closed at once; the file ends without a newline */
    CHECK_KINDS("a:\n b:\n  c\nd",
                TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT,
                TK_NAME, TK_NEWLINE, TK_DEDENT, TK_DEDENT, TK_NAME, TK_NEWLINE, TK_EOF);
    /* open blocks are closed at the end: NEWLINE, DEDENTs, EOF */
    CHECK_KINDS("a:\n\tb:\n\t\tc\n\n# trailing comment\n",
                TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT,
                TK_NAME, TK_NEWLINE, TK_DEDENT, TK_DEDENT, TK_EOF);
    /* nothing but blank lines and comments: nothing but EOF */
    CHECK_KINDS("", TK_EOF);
    CHECK_KINDS("\n\n   \n# c\n\t# d", TK_EOF);
    /* a tab counts to the next multiple of 8: one tab opens a block deeper than 4 spaces */
    CHECK_KINDS("a:\n\tb:\n\t    c\n", TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_COLON,
                TK_NEWLINE, TK_INDENT, TK_NAME, TK_NEWLINE, TK_DEDENT, TK_DEDENT, TK_EOF);
    /* CRLF line ends */
    CHECK_KINDS("a:\r\n  b\r\n", TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_NEWLINE, TK_DEDENT, TK_EOF);
}

static void test_lex_joining(void **state)
{
    (void)state;
    /* no NEWLINE or INDENT inside brackets, whatever the indentation there */
    CHECK_KINDS("x = (1 +\n  2,\n[3,\n        4], {\n})\ny\n",
                TK_NAME, TK_ASSIGN, TK_LPAREN, TK_INT, TK_PLUS, TK_INT, TK_COMMA, TK_LBRACKET, TK_INT,
                TK_COMMA, TK_INT, TK_RBRACKET, TK_COMMA, TK_LBRACE, TK_RBRACE, TK_RPAREN, TK_NEWLINE,
                TK_NAME, TK_NEWLINE, TK_EOF);
    /* a backslash joins lines; the next line's indentation does not count */
    CHECK_KINDS("a = 1 + \\\n        2\nb\n", TK_NAME, TK_ASSIGN, TK_INT, TK_PLUS, TK_INT, TK_NEWLINE,
                TK_NAME, TK_NEWLINE, TK_EOF);
    CHECK_KINDS("if a and \\\r\n   b:\n  c\n", TK_IF, TK_NAME, TK_AND, TK_NAME, TK_COLON, TK_NEWLINE,
                TK_INDENT, TK_NAME, TK_NEWLINE, TK_DEDENT, TK_EOF);
    /* comments inside brackets */
    CHECK_KINDS("f(a,  # first\n  b)  # second\n", TK_NAME, TK_LPAREN, TK_NAME, TK_COMMA, TK_NAME,
                TK_RPAREN, TK_NEWLINE, TK_EOF);
}

static void test_lex_numbers(void **state)
{
    (void)state;
    Lexed *l = lex("0 7 1_000_000 0x_FF 0XfF 0o17 0O7_7 0b1010 0B_1 00 0_0 9223372036854775807\n"
                   "1. .5 1e-3 1_000.5 1E+10 0.1 1e308 2e0 00.5 1_0e1_0 .5e-2\n");
    static const int64_t ints[] = {0, 7, 1000000, 255, 255, 15, 63, 10, 1, 0, 0, INT64_MAX};
    for (int i = 0; i < 12; i++) {
        assert_int_equal(l->toks.toks[i].kind, TK_INT);
        assert_true(l->toks.toks[i].ival == ints[i]);
    }
    static const double floats[] = {1.0, 0.5, 1e-3, 1000.5, 1e10, 0.1, 1e308, 2.0, 0.5, 10e10, 0.5e-2};
    for (int i = 0; i < 11; i++) {
        assert_int_equal(l->toks.toks[13 + i].kind, TK_FLOAT);
        assert_true(l->toks.toks[13 + i].fval == floats[i]);
    }
    assert_int_equal(l->diag.errors, 0);
    lexed_free(l);

    /* "1." is a float, "1..x" is a float then an attribute; "x.5" is a name then a float */
    CHECK_KINDS("1..x\n", TK_FLOAT, TK_DOT, TK_NAME, TK_NEWLINE, TK_EOF);
    CHECK_KINDS("a[1:2]\n", TK_NAME, TK_LBRACKET, TK_INT, TK_COLON, TK_INT, TK_RBRACKET, TK_NEWLINE, TK_EOF);
}

static void test_lex_number_errors(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Lexed *l = lex("9223372036854775808 0x8000000000000000 007 0b12 0o8 1__0 1_ 0x 12abc 1.5e 3j 1.real\n");
    assert_string_equal(diag_summary(a, &l->diag),
                        "1:1 integer literal too large\n"
                        "1:21 integer literal too large\n"
                        "1:40 leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers\n"
                        "1:44 invalid digit '2' in binary literal\n"
                        "1:49 invalid digit '8' in octal literal\n"
                        "1:53 invalid decimal literal\n"
                        "1:58 invalid decimal literal\n"
                        "1:61 invalid hexadecimal literal\n"
                        "1:64 invalid decimal literal\n"
                        "1:70 invalid decimal literal\n"
                        "1:78 invalid decimal literal\n");
    /* each malformed number is still one token, so the parser sees no hole */
    for (int i = 0; i < 12; i++)
        assert_true(l->toks.toks[i].kind == TK_INT || l->toks.toks[i].kind == TK_FLOAT || l->toks.toks[i].kind == TK_IMAG);
    assert_int_equal(l->toks.toks[10].kind, TK_IMAG); /* 3j: an imaginary literal */
    assert_true(l->toks.toks[10].fval == 3.0);
    assert_int_equal(l->toks.toks[12].kind, TK_NEWLINE);
    lexed_free(l);
    arena_free(a);
}

static void test_lex_strings(void **state)
{
    (void)state;
    Lexed *l = lex("'a' \"b\" '''c\nd''' \"\"\"e'f\"g\"\"\" r'\\n' b'x' Rb\"\\t\" u'u' "
                   "'\\n\\t\\\\\\'\\\"\\x41\\q' \"it's\" 'con' 'cat' ''\n");
    static const char *const want[] = {"a", "b", "c\nd", "e'f\"g", "\\n", "x", "\\t", "u",
                                       "\n\t\\'\"A\\q", "it's", "con", "cat", ""};
    for (int i = 0; i < 13; i++) {
        assert_int_equal(l->toks.toks[i].kind, TK_STRING);
        assert_string_equal(l->toks.toks[i].str, want[i]);
    }
    assert_int_equal(l->toks.toks[13].kind, TK_NEWLINE);
    /* the token after a string spanning two lines is located on the second line */
    assert_int_equal(l->toks.toks[3].loc.line, 2);
    assert_int_equal(l->toks.toks[3].loc.col, 6);
    assert_int_equal(l->diag.errors, 0);
    lexed_free(l);

    /* a backslash-newline inside a string continues it */
    l = lex("s = 'ab\\\ncd'\nt\n");
    assert_string_equal(l->toks.toks[2].str, "abcd");
    assert_int_equal(l->toks.toks[4].loc.line, 3);
    assert_int_equal(l->diag.errors, 0);
    lexed_free(l);

    /* unterminated strings are reported and lexing goes on at the next line */
    Arena *a = arena_new(&heap);
    l = lex("s = 'abc\nt = \"x\nu = 1\nv = '''never\nclosed\n");
    assert_string_equal(diag_summary(a, &l->diag), "1:5 unterminated string literal\n"
                                                   "2:5 unterminated string literal\n"
                                                   "4:5 unterminated triple-quoted string literal\n");
    assert_int_equal(l->toks.toks[2].kind, TK_STRING);
    assert_string_equal(l->toks.toks[2].str, "abc");
    assert_int_equal(l->toks.toks[3].kind, TK_NEWLINE);
    lexed_free(l);
    l = lex("x = f'n={a!r}{{b}}'\n"); /* an f-string's parts: text, an expression, text */
    assert_string_equal(diag_summary(a, &l->diag), "");
    assert_int_equal(l->toks.toks[2].nfparts, 3);
    assert_string_equal(l->toks.toks[2].fparts[0].text, "n=");
    assert_true(l->toks.toks[2].fparts[1].expr);
    assert_string_equal(l->toks.toks[2].fparts[1].text, "a");
    assert_int_equal(l->toks.toks[2].fparts[1].conv, 'r');
    assert_string_equal(l->toks.toks[2].fparts[2].text, "{b}");
    lexed_free(l);
    l = lex("x = f'{a'\n");
    assert_string_equal(diag_summary(a, &l->diag), "1:5 f-string: expecting '}'\n");
    lexed_free(l);
    arena_free(a);
}

/* \xNN, \uNNNN, \UNNNNNNNN and octal escapes are code points, as UTF-8; a NUL is an error */
static void test_lex_string_code_points(void **state)
{
    (void)state;
    Lexed *l = lex("'\\xe9\\u00e9\\U0001F40D\\101\\7' 'a\\0b' '\\x00'\n");
    assert_string_equal(l->toks.toks[0].str, "\xc3\xa9\xc3\xa9\xf0\x9f\x90\x8d" "A\x07");
    assert_int_equal(l->diag.errors, 2);
    assert_non_null(strstr(l->diag.items[0].message, "NUL"));
    lexed_free(l);
}

static void test_lex_operators(void **state)
{
    (void)state;
    CHECK_KINDS("( ) [ ] { } , : . ; @ -> = + - * / // % ** << >> & | ^ ~ < > <= >= == != "
                "+= -= *= /= //= %= **= <<= >>= &= |= ^= @= :=",
                TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE, TK_RBRACE, TK_COMMA, TK_COLON,
                TK_DOT, TK_SEMI, TK_AT, TK_ARROW, TK_ASSIGN, TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH,
                TK_DSLASH, TK_PERCENT, TK_DSTAR, TK_LSHIFT, TK_RSHIFT, TK_AMP, TK_PIPE, TK_CARET, TK_TILDE,
                TK_LT, TK_GT, TK_LE, TK_GE, TK_EQ, TK_NE, TK_PLUSEQ, TK_MINUSEQ, TK_STAREQ, TK_SLASHEQ,
                TK_DSLASHEQ, TK_PERCENTEQ, TK_DSTAREQ, TK_LSHIFTEQ, TK_RSHIFTEQ, TK_AMPEQ, TK_PIPEEQ,
                TK_CARETEQ, TK_ATEQ, TK_WALRUS, TK_NEWLINE, TK_EOF);
    /* longest match without spaces */
    CHECK_KINDS("a**=b//c<<=d>=e", TK_NAME, TK_DSTAREQ, TK_NAME, TK_DSLASH, TK_NAME, TK_LSHIFTEQ, TK_NAME,
                TK_GE, TK_NAME, TK_NEWLINE, TK_EOF);
}

static void test_lex_keywords_and_names(void **state)
{
    (void)state;
    CHECK_KINDS("and as assert async await break class continue def del elif else except False "
                "finally for from global if import in is lambda None nonlocal not or pass raise "
                "return True try while with yield",
                TK_AND, TK_AS, TK_ASSERT, TK_ASYNC, TK_AWAIT, TK_BREAK, TK_CLASS, TK_CONTINUE, TK_DEF,
                TK_DEL, TK_ELIF, TK_ELSE, TK_EXCEPT, TK_FALSE, TK_FINALLY, TK_FOR, TK_FROM, TK_GLOBAL,
                TK_IF, TK_IMPORT, TK_IN, TK_IS, TK_LAMBDA, TK_NONE, TK_NONLOCAL, TK_NOT, TK_OR, TK_PASS,
                TK_RAISE, TK_RETURN, TK_TRUE, TK_TRY, TK_WHILE, TK_WITH, TK_YIELD, TK_NEWLINE, TK_EOF);
    Lexed *l = lex("android iffy _x9 true None_ r rb f");
    for (int i = 0; i < 8; i++)
        assert_int_equal(l->toks.toks[i].kind, TK_NAME);
    assert_string_equal(l->toks.toks[0].str, "android");
    assert_string_equal(l->toks.toks[7].str, "f");
    lexed_free(l);
}

static void test_lex_locations(void **state)
{
    (void)state;
    Lexed *l = lex("def f(a):\n\treturn a  # c\n");
    static const int where[][2] = {{1, 1}, {1, 5}, {1, 6}, {1, 7}, {1, 8}, {1, 9}, {1, 10},
                                   {2, 2}, {2, 2}, {2, 9}, {2, 15}, {2, 15}, {2, 15}};
    assert_int_equal(l->toks.n, 13);
    for (int i = 0; i < l->toks.n; i++) {
        assert_int_equal(l->toks.toks[i].loc.line, where[i][0]);
        assert_int_equal(l->toks.toks[i].loc.col, where[i][1]);
    }
    assert_ptr_equal(l->toks.toks[1].text, l->file.text + 4);
    assert_int_equal(l->toks.toks[1].len, 1);
    lexed_free(l);
}

static void test_lex_errors_go_on(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Lexed *l = lex("x = a $ b\ny = ?? c\nz = \xe2\x82\xac + \xff\n\x01w\n");
    assert_string_equal(diag_summary(a, &l->diag), "1:7 invalid character '$' (U+0024)\n"
                                                   "2:5 invalid character '?' (U+003F)\n"
                                                   "3:5 invalid character '\xe2\x82\xac' (U+20AC)\n"
                                                   "3:11 invalid byte 0xFF: the source is not valid UTF-8\n"
                                                   "4:1 invalid non-printable character U+0001\n");
    /* the tokens around the bad characters are all there */
    CHECK_KINDS("a = 1\n", TK_NAME, TK_ASSIGN, TK_INT, TK_NEWLINE, TK_EOF);
    assert_int_equal(l->toks.toks[3].kind, TK_NAME); /* b */
    assert_string_equal(l->toks.toks[3].str, "b");
    lexed_free(l);

    /* a name with a byte sequence UTF-8 refuses (overlong, a surrogate) is reported, and lexing goes on */
    l = lex("a\xe0\x80\x80" "b = 1\nc\xed\xa0\x80 = \xce\xb1\n");
    assert_string_equal(diag_summary(a, &l->diag), "1:2 invalid byte 0xE0: the source is not valid UTF-8\n"
                                                   "1:3 invalid byte 0x80: the source is not valid UTF-8\n"
                                                   "1:4 invalid byte 0x80: the source is not valid UTF-8\n"
                                                   "2:2 invalid byte 0xED: the source is not valid UTF-8\n"
                                                   "2:3 invalid byte 0xA0: the source is not valid UTF-8\n"
                                                   "2:4 invalid byte 0x80: the source is not valid UTF-8\n");
    lexed_free(l);

    /* NUL bytes are characters like any other, not the end of the text */
    SrcFile f = {.name = "nul.krn", .text = "a = 1\0 b\nc\n", .len = 11};
    Diag d;
    diag_init(&d, a);
    TokenList toks = {0};
    lex_source(a, &d, &f, &toks);
    assert_string_equal(diag_summary(a, &d), "1:6 invalid non-printable character U+0000\n");
    assert_int_equal(toks.toks[toks.n - 3].kind, TK_NAME); /* c, NEWLINE, EOF */

    l = lex("if a:\n        b\n    c\n    d\ne\n");
    assert_string_equal(diag_summary(a, &l->diag), "3:5 unindent does not match any outer indentation level\n");
    /* the tokens stay balanced: one INDENT, one DEDENT */
    int indents = 0, dedents = 0;
    for (int i = 0; i < l->toks.n; i++)
        indents += l->toks.toks[i].kind == TK_INDENT, dedents += l->toks.toks[i].kind == TK_DEDENT;
    assert_int_equal(indents, 1);
    assert_int_equal(dedents, 1);
    lexed_free(l);

    /* 8 spaces and a tab are the same width only with 8-column tabs: Python's TabError */
    l = lex("a:\n        b\n\tc\n\t\td\n");
    assert_string_equal(diag_summary(a, &l->diag), "3:2 inconsistent use of tabs and spaces in indentation\n");
    lexed_free(l);

    /* a closer that matches an outer opener closes the inner ones too: one error, not two */
    l = lex("x = 1 \\ 2\ny = (1,\n[2)\nz = (3,\n4]\nw = 5)\n");
    assert_string_equal(diag_summary(a, &l->diag),
                        "1:8 unexpected character after line continuation character\n"
                        "3:3 closing parenthesis ')' does not match opening parenthesis '['\n"
                        "5:2 closing parenthesis ']' does not match opening parenthesis '(' on line 4\n"
                        "6:6 unmatched ')'\n");
    lexed_free(l);
    arena_free(a);
}

static void test_lex_token_names(void **state)
{
    (void)state;
    assert_string_equal(lex_token_name(TK_EOF), "end of file");
    assert_string_equal(lex_token_name(TK_NEWLINE), "end of line");
    assert_string_equal(lex_token_name(TK_COLON), "':'");
    assert_string_equal(lex_token_name(TK_DSLASHEQ), "'//='");
    assert_string_equal(lex_token_name(TK_LAMBDA), "'lambda'");
    for (int k = 0; k < TK_COUNT_; k++)
        assert_true(strlen(lex_token_name((TokKind)k)) > 0);
    assert_string_equal(lex_token_name(TK_COUNT_), "token");
}

/* ---- parser: expressions ---- */

static void test_precedence(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    static const char *const cases[][2] = {
        {"-2 ** 2", "(neg (** 2 2))"},
        {"2 ** -1", "(** 2 (neg 1))"},
        {"2 ** 3 ** 2", "(** 2 (** 3 2))"},
        {"a ** -b ** c", "(** (name a) (neg (** (name b) (name c))))"},
        {"-a.b[0] ** 2", "(neg (** (subscript (attr (name a) b) 0) 2))"},
        {"~-+a", "(~ (neg (pos (name a))))"},
        {"a + b * c // d % e", "(+ (name a) (% (// (* (name b) (name c)) (name d)) (name e)))"},
        {"a - b - c", "(- (- (name a) (name b)) (name c))"},
        {"a / b / c", "(/ (/ (name a) (name b)) (name c))"},
        {"a @ b * c", "(* (@ (name a) (name b)) (name c))"},
        {"a << b + c", "(<< (name a) (+ (name b) (name c)))"},
        {"a & b << c", "(& (name a) (<< (name b) (name c)))"},
        {"a ^ b & c", "(^ (name a) (& (name b) (name c)))"},
        {"a | b ^ c", "(| (name a) (^ (name b) (name c)))"},
        {"a < b | c", "(compare (name a) < (| (name b) (name c)))"},
        {"not a < b", "(not (compare (name a) < (name b)))"},
        {"not a and b", "(and (not (name a)) (name b))"},
        {"a and b or c and d", "(or (and (name a) (name b)) (and (name c) (name d)))"},
        {"a or b or c", "(or (or (name a) (name b)) (name c))"},
        {"a if b else c", "(ifexp (name b) (name a) (name c))"},
        {"a or b if c and d else e", "(ifexp (and (name c) (name d)) (or (name a) (name b)) (name e))"},
        {"a if b else c if d else e", "(ifexp (name b) (name a) (ifexp (name d) (name c) (name e)))"},
        {"(a if b else c) if d else e", "(ifexp (name d) (ifexp (name b) (name a) (name c)) (name e))"},
        {"(a + b) * c", "(* (+ (name a) (name b)) (name c))"},
        {"-(a + b)", "(neg (+ (name a) (name b)))"},
        {"not not a", "(not (not (name a)))"},
        {"a, b", "(tuple (name a) (name b))"},
        {"a,", "(tuple (name a))"},
        {"()", "(tuple)"},
        {"(a,)", "(tuple (name a))"},
        {"[a, [b], []]", "(list (name a) (list (name b)) (list))"},
        {"f(a, b=2,)", "(call (name f) (name a) (kw b 2))"},
        {"f()(x)[1].y", "(attr (subscript (call (call (name f)) (name x)) 1) y)"},
        {"cuda.grid(1)[0]", "(subscript (call (attr (name cuda) grid) 1) 0)"},
        {"a[i, j]", "(subscript (name a) (tuple (name i) (name j)))"},
        {"a[i,]", "(subscript (name a) (tuple (name i)))"},
        {"a[1:3]", "(subscript (name a) (slice 1 3 _))"},
        {"a[::-1]", "(subscript (name a) (slice _ _ (neg 1)))"},
        {"float32[:, ::1]", "(subscript (name float32) (tuple (slice _ _ _) (slice _ _ 1)))"},
        {"'a' 'b' \"c\"", "\"abc\""},
        {"True, False, None", "(tuple True False None)"},
        {"1.0, 2.5e3, 1e100", "(tuple 1.0 2500.0 1e+100)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_string_equal(dump_expr(a, cases[i][0]), cases[i][1]);
    arena_free(a);
}

static void test_chained_comparisons(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    assert_string_equal(dump_expr(a, "a < b <= c"), "(compare (name a) < (name b) <= (name c))");
    assert_string_equal(dump_expr(a, "0 <= i < n == m != k > j >= 1"),
                        "(compare 0 <= (name i) < (name n) == (name m) != (name k) > (name j) >= 1)");
    assert_string_equal(dump_expr(a, "a is b is not c"), "(compare (name a) is (name b) is not (name c))");
    assert_string_equal(dump_expr(a, "a in b not in c"), "(compare (name a) in (name b) not in (name c))");
    assert_string_equal(dump_expr(a, "a < b and b < c"),
                        "(and (compare (name a) < (name b)) (compare (name b) < (name c)))");
    assert_string_equal(dump_expr(a, "(a < b) < c"), "(compare (compare (name a) < (name b)) < (name c))");

    Diag d;
    diag_init(&d, a);
    Expr *e = parse_expr_string(a, &d, "x < y <= z", (SrcLoc){0});
    assert_int_equal(e->kind, EX_COMPARE);
    assert_int_equal(e->compare.n, 3);
    assert_int_equal(e->compare.ops[0], OP_LT);
    assert_int_equal(e->compare.ops[1], OP_LE);
    assert_int_equal(e->loc.col, 3); /* errors about a comparison point at its first operator */
    arena_free(a);
}

static void test_ast_op_text(void **state)
{
    (void)state;
    assert_string_equal(ast_op_text(OP_FLOORDIV), "//");
    assert_string_equal(ast_op_text(OP_MATMUL), "@");
    assert_string_equal(ast_op_text(OP_NOTIN), "not in");
    assert_string_equal(ast_op_text(OP_ISNOT), "is not");
    assert_string_equal(ast_op_text(OP_OR), "or");
    for (int op = 0; op < OP_COUNT_; op++)
        assert_string_not_equal(ast_op_text((AstOp)op), "?");
    assert_string_equal(ast_op_text(OP_COUNT_), "?");
}

static void test_expr_string(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    assert_string_equal(dump_expr(a, "float64(float64[:], int64)"),
                        "(call (name float64) (subscript (name float64) (slice _ _ _)) (name int64))");
    assert_string_equal(dump_expr(a, "void(int32[:, ::1])"),
                        "(call (name void) (subscript (name int32) (tuple (slice _ _ _) (slice _ _ 1))))");
    assert_string_equal(dump_expr(a, "  int32(int32)  "), "(call (name int32) (name int32))");

    /* errors inside the string point into the literal: its quote is at column 7 */
    SrcFile f = file_named("s.krn", "@njit(\"float64(float64[:) \")\n");
    SrcLoc at = {.file = &f, .line = 1, .col = 7};
    Diag d;
    diag_init(&d, a);
    assert_null(parse_expr_string(a, &d, "float64(float64[:) ", at));
    assert_int_equal(d.errors, 1);
    assert_string_equal(diag_render(&d), "s.krn:1:25: error: closing parenthesis ')' does not match opening parenthesis '['\n"
                                         "@njit(\"float64(float64[:) \")\n"
                                         "                        ^\n");
    diag_init(&d, a);
    assert_null(parse_expr_string(a, &d, "float64(", at));
    assert_string_equal(diag_summary(a, &d), "1:15 '(' was never closed\n");
    diag_init(&d, a);
    assert_null(parse_expr_string(a, &d, "int32 int32", at));
    assert_string_equal(diag_summary(a, &d), "1:14 invalid syntax\n");
    diag_init(&d, a);
    assert_null(parse_expr_string(a, &d, "", at));
    assert_string_equal(diag_summary(a, &d), "1:8 expected an expression, found end of string\n");

    /* the tree's locations point into the literal too: int64 is at column 21 of the string */
    diag_init(&d, a);
    Expr *sig = parse_expr_string(a, &d, "float64(float64[:], int64)", at);
    assert_int_equal(d.n, 0);
    assert_int_equal(sig->call.args[1]->loc.line, 1);
    assert_int_equal(sig->call.args[1]->loc.col, 7 + 21);
    assert_ptr_equal(sig->call.args[1]->loc.file, &f);

    /* without a location, the string is its own file, "<string>" */
    diag_init(&d, a);
    assert_null(parse_expr_string(a, &d, "f(,)", (SrcLoc){0}));
    assert_string_equal(diag_render(&d), "<string>:1:3: error: expected an expression, found ','\n"
                                         "f(,)\n"
                                         "  ^\n");
    diag_init(&d, a);
    sig = parse_expr_string(a, &d, "int32(int8)", (SrcLoc){0});
    assert_int_equal(sig->call.args[0]->loc.col, 7);
    assert_string_equal(sig->call.args[0]->loc.file->name, "<string>");
    arena_free(a);
}

/* ---- parser: modules and statements ---- */

static void test_module_structure(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Diag d;
    SrcFile f;
    const char *src = "import numpy as np, math\n"
                      "from numba import (njit,\n    prange as pr)\n"
                      "N = 16\n"
                      "# comment\n"
                      "@njit(fastmath=True)\n"
                      "@other\n"
                      "def f(a, b=2):\n"
                      "    x, y = b, a\n"
                      "    return x\n"
                      "\n"
                      "\n"
                      "def g(): pass\n";
    Module *m = parse_text(a, &d, &f, src);
    assert_int_equal(d.errors, 0);
    assert_ptr_equal(m->file, &f);
    assert_int_equal(m->nitems, 6);

    const Import *np = m->items[0].import;
    assert_int_equal(m->items[0].kind, TOP_IMPORT);
    assert_false(np->is_from);
    assert_string_equal(np->module, "numpy");
    assert_int_equal(np->nnames, 1);
    assert_null(np->names[0]);
    assert_string_equal(np->asnames[0], "np");
    assert_string_equal(m->items[1].import->module, "math");
    assert_null(m->items[1].import->asnames[0]);

    const Import *from = m->items[2].import;
    assert_true(from->is_from);
    assert_int_equal(from->nnames, 2);
    assert_string_equal(from->names[1], "prange");
    assert_string_equal(from->asnames[1], "pr");
    assert_null(from->asnames[0]);
    assert_int_equal(from->name_locs[1].line, 3);
    assert_int_equal(from->name_locs[1].col, 5);

    assert_int_equal(m->items[3].kind, TOP_GLOBAL);
    assert_string_equal(m->items[3].global->name, "N");
    assert_int_equal(m->items[3].global->value->ival, 16);

    const FuncDef *fn = m->items[4].func;
    assert_int_equal(m->items[4].kind, TOP_FUNC);
    assert_string_equal(fn->name, "f");
    assert_int_equal(fn->loc.line, 8);
    assert_int_equal(fn->loc.col, 5);
    assert_int_equal(fn->ndecorators, 2);
    assert_int_equal(fn->nparams, 2);
    assert_null(fn->params[0].default_value);
    assert_int_equal(fn->params[1].default_value->ival, 2);
    assert_int_equal(fn->params[1].loc.col, 10);
    assert_int_equal(fn->body.n, 2);
    assert_int_equal(fn->body.items[1]->kind, ST_RETURN);
    assert_int_equal(fn->body.items[1]->loc.line, 10);
    /* the def's text runs from its first decorator to the end of its last token */
    const char *want = "@njit(fastmath=True)\n@other\ndef f(a, b=2):\n    x, y = b, a\n    return x";
    assert_int_equal(fn->source_len, (int)strlen(want));
    assert_memory_equal(fn->source_text, want, strlen(want));

    const FuncDef *g = m->items[5].func;
    assert_int_equal(g->ndecorators, 0);
    assert_int_equal(g->source_len, (int)strlen("def g(): pass"));
    assert_memory_equal(g->source_text, "def g(): pass", strlen("def g(): pass"));
    arena_free(a);
}

static void test_statement_dump(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Diag d;
    SrcFile f;
    Module *m = parse_text(a, &d, &f,
                           "@njit\ndef f(a, n=-1):\n    '''doc'''\n    a = b = 0\n    a, b = b, a\n"
                           "    a[i, j] += 1; n **= 2;\n    for i in range(3):\n        if i: continue\n"
                           "        elif n: break\n        else: pass\n    while a < 10:\n        a *= 2\n"
                           "    return a, b\n");
    assert_int_equal(d.errors, 0);
    assert_string_equal(ast_dump_module(a, m),
                        "(def f (a n=(neg 1))\n"
                        "  (decorators (name njit))\n"
                        "  (body\n"
                        "    (expr \"doc\")\n"
                        "    (= (name a) (name b) 0)\n"
                        "    (= (tuple (name a) (name b)) (tuple (name b) (name a)))\n"
                        "    (+= (subscript (name a) (tuple (name i) (name j))) 1)\n"
                        "    (**= (name n) 2)\n"
                        "    (for (name i) (call (name range) 3)\n"
                        "      (body\n"
                        "        (if (name i)\n"
                        "          (then\n"
                        "            (continue))\n"
                        "          (else\n"
                        "            (if (name n)\n"
                        "              (then\n"
                        "                (break))\n"
                        "              (else\n"
                        "                (pass)))))))\n"
                        "    (while (compare (name a) < 10)\n"
                        "      (body\n"
                        "        (*= (name a) 2)))\n"
                        "    (return (tuple (name a) (name b)))))\n");
    /* an empty module dumps as nothing */
    m = parse_text(a, &d, &f, "# nothing\n");
    assert_string_equal(ast_dump_module(a, m), "");
    arena_free(a);
}

/* Where nodes are located: later passes report their errors there. */
static void test_node_locations(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Diag d;
    SrcFile f;
    Module *m = parse_text(a, &d, &f, "def f(a):\n    x[0] = a + g(k=1).y\n    return -a.b[2]\n");
    assert_int_equal(d.errors, 0);
    const Stmt *assign = m->items[0].func->body.items[0], *ret = m->items[0].func->body.items[1];
    assert_int_equal(assign->loc.col, 5);                       /* a statement: its first token */
    assert_int_equal(assign->assign.targets[0]->loc.col, 5);    /* x[0]: where its value starts */
    const Expr *sum = assign->assign.value;
    assert_int_equal(sum->loc.col, 14);                         /* a binary operation: its operator */
    const Expr *attr = sum->binop.rhs;
    assert_int_equal(attr->kind, EX_ATTR);
    assert_int_equal(attr->loc.col, 16);                        /* g(k=1).y: where its value starts */
    assert_int_equal(attr->attr.value->loc.col, 16);            /* a call: where its callee starts */
    assert_int_equal(attr->attr.value->call.kws[0].loc.col, 18); /* a keyword: its name */
    assert_int_equal(ret->loc.col, 5);
    assert_int_equal(ret->ret->loc.col, 12);                    /* a unary operation: its operator */
    assert_int_equal(ret->ret->unary.operand->loc.col, 13);
    assert_int_equal(ret->ret->unary.operand->subscript.index->loc.col, 17);
    arena_free(a);
}

static void test_error_recovery(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    assert_string_equal(module_errors(a, "from numba import njit\n"
                                         "@njit\n"
                                         "def f(x):\n"
                                         "    y = (x +\n"
                                         "    return y\n"
                                         "@njit\n"
                                         "def g(x)\n"
                                         "    return x\n"
                                         "@njit\n"
                                         "def h():\n"
                                         "    class A: pass\n"
                                         "    global q\n"
                                         "def k():\n"
                                         "    if x\n"
                                         "        y = 1\n"
                                         "    else:\n"
                                         "        y = 2\n"
                                         "    z = 1 2\n"
                                         "    return z\n"),
                        "4:9 '(' was never closed\n"
                        "7:9 expected ':' after the function signature\n"
                        "11:5 'class' is not supported in krn\n"
                        "12:5 'global' is not supported in krn\n"
                        "14:9 expected ':' after 'if' condition\n"
                        "18:11 invalid syntax\n");
    /* one error per broken statement, in source order, lexer's and parser's together */
    assert_string_equal(module_errors(a, "def f():\n    a = $\n    b = )\n    c = 1 +\n    return\n"),
                        "2:9 invalid character '$' (U+0024)\n"
                        "3:9 unmatched ')'\n"
                        "4:12 expected an expression, found end of line\n");
    /* the rest of a function is still parsed after an error in it */
    Diag d;
    SrcFile f;
    Module *m = parse_text(a, &d, &f, "def f():\n    x = = 1\n    y = 2\n    return y\n");
    assert_int_equal(d.errors, 1);
    assert_int_equal(m->nitems, 1);
    assert_int_equal(m->items[0].func->body.n, 2);
    arena_free(a);
}

static void test_rendered_diagnostics(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    Diag d;
    SrcFile f;
    parse_text(a, &d, &f, "@njit\ndef f(x):\n    if x > 0\n        return f(x - 1, )\n    return )\n");
    assert_string_equal(diag_render(&d), "t.krn:3:13: error: expected ':' after 'if' condition\n"
                                         "    if x > 0\n"
                                         "            ^\n"
                                         "t.krn:5:12: error: unmatched ')'\n"
                                         "    return )\n"
                                         "           ^\n");
    parse_text(a, &d, &f, "def g(a):\n\twith a:\n\t\tpass\n\treturn sum(x for x in a)\n");
    assert_string_equal(diag_render(&d), "t.krn:2:2: error: 'with' is not supported in krn\n"
                                         "\twith a:\n"
                                         "\t^\n"
                                         "t.krn:4:15: error: generator expressions are not supported in krn\n"
                                         "\treturn sum(x for x in a)\n"
                                         "\t             ^\n");
    arena_free(a);
}

/* Appends count copies of unit at p; returns the new end. */
static char *repeat(char *p, const char *unit, size_t count)
{
    size_t n = strlen(unit);
    for (size_t i = 0; i < count; i++, p += n)
        memcpy(p, unit, n);
    *p = 0;
    return p;
}

static void test_nesting_limits(void **state)
{
    (void)state;
    Arena *a = arena_new(&heap);
    char *src = malloc(200000), *p;

    /* 150 parentheses are fine; 150 "-(" make 300 levels of recursion: an error */
    p = repeat(src, "(", 150);
    p = repeat(p, "1", 1);
    repeat(p, ")", 150);
    assert_string_equal(dump_expr(a, src), "1");
    p = repeat(src, "def f():\n    x = ", 1);
    p = repeat(p, "-(", 150);
    p = repeat(p, "1", 1);
    p = repeat(p, ")", 150);
    repeat(p, "\n    return x\n", 1);
    assert_string_equal(module_errors(a, src), "2:209 expression nested too deeply\n");

    /* thousands of brackets, unary operators, nots and powers: errors, no stack overflow */
    static const char *const units[] = {"(", "[", "-", "not ", "2**", "f(", "a[", "x if y else ", "~+"};
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        p = repeat(src, "def f():\n    return ", 1);
        p = repeat(p, units[u], 20000 / strlen(units[u]));
        repeat(p, "1\n", 1);
        Diag d;
        SrcFile f;
        parse_text(a, &d, &f, src);
        assert_true(d.errors >= 1);
    }

    /* a chain of 900 additions is fine; one of 5000 is an error (the tree would be too tall) */
    p = repeat(src, "a", 1);
    repeat(p, "+a", 899);
    Diag d;
    diag_init(&d, a);
    assert_non_null(parse_expr_string(a, &d, src, (SrcLoc){0}));
    assert_int_equal(d.errors, 0);
    p = repeat(src, "def f(a):\n    return a", 1);
    p = repeat(p, "+a", 5000);
    repeat(p, "\n", 1);
    assert_string_equal(module_errors(a, src), "2:2011 expression nested too deeply\n");

    /* 3000 elifs are parsed without deep recursion */
    p = repeat(src, "def f(x):\n    if x == 0:\n        pass\n", 1);
    for (int i = 1; i <= 3000; i++)
        p += sprintf(p, "    elif x == %d:\n        pass\n", i);
    repeat(p, "    return x\n", 1);
    SrcFile f;
    Module *m = parse_text(a, &d, &f, src);
    assert_int_equal(d.errors, 0);
    assert_int_equal(m->items[0].func->body.n, 2);

    /* 150 nested blocks: beyond Python's limit of 100 levels, an error */
    p = repeat(src, "def f(x):\n", 1);
    for (int i = 1; i <= 150; i++)
        p += sprintf(p, "%*sif x:\n", i, "");
    sprintf(p, "%*spass\n", 151, "");
    parse_text(a, &d, &f, src);
    assert_true(d.errors >= 1);
    assert_string_equal(d.items[0].message, "too many levels of indentation");
    free(src);
    arena_free(a);
}

static void test_examples_parse(void **state)
{
    (void)state;
    const char *dir = getenv("JITC_EXAMPLES") ? getenv("JITC_EXAMPLES") : "examples";
    DIR *dp = opendir(dir);
    if (!dp)
        skip(); /* run from elsewhere than the repository root, without JITC_EXAMPLES */
    int count = 0;
    for (struct dirent *ent; (ent = readdir(dp));) {
        size_t n = strlen(ent->d_name);
        if (n < 5 || strcmp(ent->d_name + n - 4, ".krn") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        size_t len = 0;
        char *text = read_file(path, &len);
        assert_non_null(text);
        Arena *a = arena_new(&heap);
        Diag d;
        diag_init(&d, a);
        SrcFile f = {.name = ent->d_name, .text = text, .len = (int)len};
        Module *m = parse_module(a, &d, &f);
        if (d.n)
            fprintf(stderr, "%s", diag_render(&d));
        assert_int_equal(d.n, 0);
        int funcs = 0;
        for (int i = 0; i < m->nitems; i++)
            funcs += m->items[i].kind == TOP_FUNC;
        assert_true(funcs >= 1);
        arena_free(a);
        free(text);
        count++;
    }
    closedir(dp);
    assert_true(count >= 6);
}

/* ---- robustness ---- */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static const char *const FUZZ_SEEDS[] = {
    "from numba import njit, cuda\nimport math\nN = (16, 16)\n\n@njit(\"float64(float64[:], int64)\")\n"
    "def f(a, n=3):\n    s = 0.0\n    for i in range(n):\n        if a[i] > 0 and not (i % 2):\n"
    "            s += a[i] ** 2\n        elif a[i] < -1: break\n        else:\n            continue\n"
    "    while s > 1e3: s /= 2\n    return s, [1, 2], a[1:, ::2]\n",
    "@cuda.jit\ndef k(x, out):\n\ti, j = cuda.grid(2)\n\tif i < x.shape[0] and j < x.shape[1]:\n"
    "\t\tout[i, j] = x[i, j] if x[i, j] is not None else -x[i, j] ** 2 // 3\n",
    "@vectorize(['float32(float32)'], target='cuda')\ndef v(x):\n    '''doc'''\n"
    "    return math.cos(x) ** 2 + 0x_ff - 0b1 + 1_000.5e-3 + \\\n        r'raw' \"\"\"tri\nple\"\"\"\n",
};

static const char *const FUZZ_PIECES[] = {
    "(", ")", "[", "]", "{", "}", ":", ",", "\n", "    ", "\t", "'", "\"", "'''", "\"\"\"", "\\", "\\\n",
    "#", "if ", "elif ", "else", "def ", "@", "for ", "while ", "return ", "lambda ", "class ", "=",
    "**", "-", "not ", " in ", "is not", ";", ".", "...", "0x", "1e", "9999999999999999999999", "\0",
    "\xff", "\xe2\x82\xac", "\r\n", "\f", "async ", "yield", ":=", "*", "import ", "from ",
};

/* One random edit: replace a byte, insert a piece, delete or duplicate a range. */
static size_t mutate(char *buf, size_t len, size_t cap, uint64_t *rng)
{
    uint64_t r = rng_next(rng);
    size_t pos = len ? (size_t)(r >> 8) % len : 0;
    switch (r % 4) {
    case 0:
        if (len)
            buf[pos] = (char)(rng_next(rng) >> 24);
        return len;
    case 1: {
        const char *piece = FUZZ_PIECES[(r >> 40) % (sizeof FUZZ_PIECES / sizeof FUZZ_PIECES[0])];
        size_t n = *piece ? strlen(piece) : 1;
        if (len + n >= cap)
            return len;
        memmove(buf + pos + n, buf + pos, len - pos);
        memcpy(buf + pos, piece, n);
        return len + n;
    }
    case 2: {
        size_t n = (size_t)(r >> 32) % 16;
        if (pos + n > len)
            n = len - pos;
        memmove(buf + pos, buf + pos + n, len - pos - n);
        return len - n;
    }
    default: {
        size_t n = (size_t)(r >> 32) % 32;
        if (pos + n > len)
            n = len - pos;
        if (len + n >= cap)
            return len;
        memmove(buf + pos + n, buf + pos, len - pos);
        return len + n; /* the range now appears twice */
    }
    }
}

static void fuzz_one(const char *buf, size_t len)
{
    Arena *a = arena_new(&heap);
    Diag d;
    diag_init(&d, a);
    SrcFile f = {.name = "fuzz.krn", .text = buf, .len = (int)len};
    Module *m = parse_module(a, &d, &f);
    assert_non_null(m);
    assert_true(d.errors >= 0);
    (void)diag_render(&d);
    if (d.errors == 0)
        (void)ast_dump_module(a, m);
    arena_free(a);
}

/* Random bytes and mutations of valid source: every run must return, with or without errors,
 * clean under ASan/UBSan. The seed is fixed so that a failure reproduces. */
static void test_fuzz_never_crashes(void **state)
{
    (void)state;
    enum { CAP = 2048 };
    char buf[CAP], str[CAP];
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    for (int iter = 0; iter < 2000; iter++) {
        size_t len = 0;
        if (iter % 5 == 0) {
            len = (size_t)(rng_next(&rng) % 400);
            for (size_t i = 0; i < len; i++)
                buf[i] = (char)(rng_next(&rng) >> 16);
        } else {
            const char *seed = FUZZ_SEEDS[iter % (sizeof FUZZ_SEEDS / sizeof FUZZ_SEEDS[0])];
            len = strlen(seed);
            memcpy(buf, seed, len);
            for (int k = 1 + (int)(rng_next(&rng) % 12); k > 0; k--)
                len = mutate(buf, len, CAP, &rng);
        }
        fuzz_one(buf, len);

        /* the same bytes as a signature string (NUL-terminated, so up to the first NUL) */
        size_t slen = len < 120 ? len : 120;
        memcpy(str, buf, slen);
        str[slen] = 0;
        Arena *a = arena_new(&heap);
        Diag d;
        diag_init(&d, a);
        SrcFile f = file_named("s.krn", "@njit(\"...\")\n");
        (void)parse_expr_string(a, &d, str, (SrcLoc){.file = &f, .line = 1, .col = 7});
        (void)diag_render(&d);
        arena_free(a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lex_layout),
        cmocka_unit_test(test_lex_joining),
        cmocka_unit_test(test_lex_numbers),
        cmocka_unit_test(test_lex_number_errors),
        cmocka_unit_test(test_lex_strings),
        cmocka_unit_test(test_lex_string_code_points),
        cmocka_unit_test(test_lex_operators),
        cmocka_unit_test(test_lex_keywords_and_names),
        cmocka_unit_test(test_lex_locations),
        cmocka_unit_test(test_lex_errors_go_on),
        cmocka_unit_test(test_lex_token_names),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_chained_comparisons),
        cmocka_unit_test(test_ast_op_text),
        cmocka_unit_test(test_expr_string),
        cmocka_unit_test(test_module_structure),
        cmocka_unit_test(test_statement_dump),
        cmocka_unit_test(test_node_locations),
        cmocka_unit_test(test_error_recovery),
        cmocka_unit_test(test_rendered_diagnostics),
        cmocka_unit_test(test_nesting_limits),
        cmocka_unit_test(test_examples_parse),
        cmocka_unit_test(test_fuzz_never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
