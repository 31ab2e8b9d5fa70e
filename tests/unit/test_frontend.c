/* test_frontend.c — the lexer and the parser: tokens and layout (INDENT/DEDENT, joining),
 * literals, precedence through the AST dump, several located errors per run with source line
 * and caret, the shared examples, and a deterministic fuzz loop that must never crash. */
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

static SrcFile file_of(const char *text)
{
    return (SrcFile){.name = "t.krn", .text = text, .len = (int)strlen(text)};
}

/* Token kinds of text, ending at EOF. */
static int lex_kinds(const char *text, TokKind *kinds, int max, int *errors)
{
    Arena *a = arena_new(NULL, NULL);
    Diag d;
    diag_init(&d, a);
    SrcFile f = file_of(text);
    TokenList toks = {0};
    lex_source(a, &d, &f, &toks);
    int n = toks.n < max ? toks.n : max;
    for (int i = 0; i < n; i++)
        kinds[i] = toks.toks[i].kind;
    *errors = d.errors;
    arena_free(a);
    return n;
}

static void test_layout_tokens(void **state)
{
    (void)state;
    TokKind k[64];
    int errors;
    int n = lex_kinds("if x:\n    y = (1 +\n  2)\n\n    # c\nz\n", k, 64, &errors);
    TokKind want[] = {TK_IF, TK_NAME, TK_COLON, TK_NEWLINE, TK_INDENT, TK_NAME, TK_ASSIGN, TK_LPAREN,
                      TK_INT, TK_PLUS, TK_INT, TK_RPAREN, TK_NEWLINE, TK_DEDENT, TK_NAME, TK_NEWLINE, TK_EOF};
    assert_int_equal(errors, 0);
    assert_int_equal(n, (int)(sizeof want / sizeof want[0]));
    assert_memory_equal(k, want, sizeof want);
    n = lex_kinds("a = 1 + \\\n    2\n", k, 64, &errors);
    assert_int_equal(n, 7); /* a = 1 + 2 NEWLINE EOF: the backslash joins the lines */
    assert_int_equal(lex_kinds("if a:\n        b\n    c\n", k, 64, &errors) > 0, 1);
    assert_int_equal(errors, 1); /* unindent does not match */
}

static void test_literals(void **state)
{
    (void)state;
    Arena *a = arena_new(NULL, NULL);
    Diag d;
    diag_init(&d, a);
    SrcFile f = file_of("1_000 0x_ff 0o17 0b101 1.5e3 .25 7. 'a\\tb' \"q\" 9223372036854775808\n");
    TokenList t = {0};
    lex_source(a, &d, &f, &t);
    assert_int_equal(t.toks[0].ival, 1000);
    assert_int_equal(t.toks[1].ival, 255);
    assert_int_equal(t.toks[2].ival, 15);
    assert_int_equal(t.toks[3].ival, 5);
    assert_true(t.toks[4].fval == 1500.0 && t.toks[5].fval == 0.25 && t.toks[6].fval == 7.0);
    assert_string_equal(t.toks[7].str, "a\tb");
    assert_string_equal(t.toks[8].str, "q");
    assert_int_equal(d.errors, 1); /* 2**63 does not fit int64 */
    assert_non_null(strstr(d.items[0].message, "too large"));
    arena_free(a);
}

static char *dump(Arena *a, const char *src)
{
    Diag d;
    diag_init(&d, a);
    Expr *e = parse_expr_string(a, &d, src, (SrcLoc){0});
    return e ? ast_dump_expr(a, e) : diag_render(&d);
}

static void test_precedence(void **state)
{
    (void)state;
    Arena *a = arena_new(NULL, NULL);
    assert_string_equal(dump(a, "-2 ** 2"), "(neg (** 2 2))");
    assert_string_equal(dump(a, "2 ** -1 ** 2"), "(** 2 (neg (** 1 2)))");
    assert_string_equal(dump(a, "a + b * c // d"), "(+ (name a) (// (* (name b) (name c)) (name d)))");
    assert_string_equal(dump(a, "not a == b and c or d"),
                        "(or (and (not (compare (name a) == (name b))) (name c)) (name d))");
    assert_string_equal(dump(a, "a < b <= c"), "(compare (name a) < (name b) <= (name c))");
    assert_string_equal(dump(a, "x if c else y if d else z"), "(if (name c) (name x) (if (name d) (name y) (name z)))");
    assert_string_equal(dump(a, "a | b ^ c & d << 1"), "(| (name a) (^ (name b) (& (name c) (<< (name d) 1))))");
    assert_string_equal(dump(a, "float32[:, ::1]"), "(index (name float32) (tuple (slice _ _ _) (slice _ _ 1)))");
    assert_string_equal(dump(a, "cuda.grid(1)[0]"), "(index (call (attr (name cuda) grid) 1) 0)");
    assert_string_equal(dump(a, "f(a, b=2,)"), "(call (name f) (name a) (kw b 2))");
    arena_free(a);
}

static Module *parse(Arena *a, Diag *d, const char *src, SrcFile *f)
{
    *f = file_of(src);
    diag_init(d, a);
    return parse_module(a, d, f);
}

static void test_module_and_statements(void **state)
{
    (void)state;
    Arena *a = arena_new(NULL, NULL);
    Diag d;
    SrcFile f;
    Module *m = parse(a, &d,
                      "import math\nfrom numba import njit, prange as pr\nN = 16\n"
                      "@njit(fastmath=True)\ndef f(a, b=2):\n    x, y = b, a\n    x += 1; y -= 1\n"
                      "    for i in range(3):\n        if i: continue\n        elif x: break\n        else: pass\n"
                      "    while x < 10:\n        x *= 2\n    return x, y\n", &f);
    assert_int_equal(d.errors, 0);
    assert_int_equal(m->nitems, 4);
    assert_string_equal(ast_dump_module(a, m),
                        "(import math)\n(from numba njit prange (as pr))\n(global N 16)\n"
                        "(def f (a b=2)\n  (decorators (call (name njit) (kw fastmath True)))\n  (body\n"
                        "    (= (tuple (name x) (name y)) (tuple (name b) (name a)))\n"
                        "    (+= (name x) 1)\n    (-= (name y) 1)\n"
                        "    (for (name i) (call (name range) 3)\n      (body\n        (if (name i)\n"
                        "          (then\n            (continue))\n          (else\n            (if (name x)\n"
                        "              (then\n                (break))\n              (else\n                (pass)))))))\n"
                        "    (while (compare (name x) < 10)\n      (body\n        (*= (name x) 2)))\n"
                        "    (return (tuple (name x) (name y)))))\n");
    arena_free(a);
}

static void test_several_errors_with_carets(void **state)
{
    (void)state;
    Arena *a = arena_new(NULL, NULL);
    Diag d;
    SrcFile f;
    parse(a, &d,
          "from numba import njit\n@njit\ndef f(x):\n    y = (x +\n    return y\n"
          "@njit\ndef g(x)\n    return x\n@njit\ndef h():\n    class A: pass\n    return lambda q: q\n", &f);
    assert_true(d.errors >= 3);
    const char *text = diag_render(&d);
    assert_non_null(strstr(text, "t.krn:7:9: error: expected ':' after the function signature, found end of line\n"
                                 "def g(x)\n        ^\n"));
    assert_non_null(strstr(text, "t.krn:11:5: error: 'class' is not supported in krn\n"));
    assert_non_null(strstr(text, "t.krn:12:12: error: 'lambda' is not supported in krn"));
    arena_free(a);
}

static void test_examples_parse(void **state)
{
    (void)state;
    const char *dir = getenv("JITC_EXAMPLES") ? getenv("JITC_EXAMPLES") : "../shared/examples";
    DIR *dp = opendir(dir);
    if (!dp)
        skip(); /* the shared examples sit beside the checkout; CI has them */
    int count = 0;
    for (struct dirent *e; (e = readdir(dp));) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".krn") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *fp = fopen(path, "rb");
        char buf[65536];
        size_t len = fread(buf, 1, sizeof buf - 1, fp);
        fclose(fp);
        buf[len] = 0;
        Arena *a = arena_new(NULL, NULL);
        Diag d;
        SrcFile f;
        Module *m = parse(a, &d, buf, &f);
        if (d.errors)
            fprintf(stderr, "%s", diag_render(&d));
        assert_int_equal(d.errors, 0);
        assert_true(m->nitems >= 2);
        arena_free(a);
        count++;
    }
    closedir(dp);
    assert_true(count >= 6);
}

/* Random bytes and mutations of valid source: the parser must return, with or without errors. */
static void test_fuzz_never_crashes(void **state)
{
    (void)state;
    static const char seed[] = "from numba import njit\n@njit\ndef f(a, n):\n    s = 0.0\n"
                               "    for i in range(n):\n        if a[i] > 0 and not (i % 2):\n"
                               "            s += a[i] ** 2\n    return s, [1, 2]\n";
    static const char alphabet[] = "()[]{}:,.=+-*/%<>!&|^~@'\"\\#\n\t abcdefxyz0123456789_";
    uint64_t rng = 0x9e3779b97f4a7c15ull;
    char buf[512];
    for (int iter = 0; iter < 3000; iter++) {
        size_t len = sizeof seed - 1;
        memcpy(buf, seed, len);
        int edits = 1 + iter % 8;
        for (int k = 0; k < edits; k++) {
            rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
            size_t pos = rng % len;
            char c = iter % 3 == 0 ? (char)(rng >> 24) : alphabet[(rng >> 32) % (sizeof alphabet - 1)];
            buf[pos] = c;
        }
        buf[len] = 0;
        SrcFile f = {.name = "fuzz.krn", .text = buf, .len = (int)len}; /* NUL bytes included */
        Arena *a = arena_new(NULL, NULL);
        Diag d;
        diag_init(&d, a);
        Module *m = parse_module(a, &d, &f);
        assert_non_null(m);
        (void)diag_render(&d);
        arena_free(a);
    }
    /* pathological nesting is an error, not a stack overflow */
    char deep[5000];
    memset(deep, '(', 4000);
    strcpy(deep + 4000, "\n");
    SrcFile f = {.name = "deep.krn", .text = deep, .len = (int)strlen(deep)};
    Arena *a = arena_new(NULL, NULL);
    Diag d;
    diag_init(&d, a);
    parse_module(a, &d, &f);
    assert_true(d.errors >= 1);
    arena_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layout_tokens),
        cmocka_unit_test(test_literals),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_module_and_statements),
        cmocka_unit_test(test_several_errors_with_carets),
        cmocka_unit_test(test_examples_parse),
        cmocka_unit_test(test_fuzz_never_crashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
