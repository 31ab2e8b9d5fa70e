/* test_huge.c — huge generated functions (codegen/huge.c): a dependent chain of 20000 statements
 * and 6000 locals live at once compile with the cheap path selected (their optimized LLVM IR
 * marks the function optnone) and return the values C computes with the same wrapping int64
 * arithmetic, through jitc_call and through the native pointer (the object the -O0 machine made);
 * a function of ordinary size is compiled as before (no optnone). Compile time itself is measured
 * by bench/compile_scaling.py, not asserted here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

/* A growing text buffer for generated source. */
typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char line[128];
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_true(n > 0 && (size_t)n < sizeof line);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = 2 * (t->len + (size_t)n + 1);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->len, line, (size_t)n + 1);
    t->len += (size_t)n;
}

/* bench/compile_scaling.py's `statements` shape: vK = vJ * 3 + x, or vK = vJ - K. */
static char *chain_source(int n)
{
    Text t = {0};
    put(&t, "from numba import njit\n\n@njit(\"int64(int64)\")\ndef big(x):\n    v0 = x\n");
    for (int k = 1; k < n; k++)
        put(&t, k % 2 ? "    v%d = v%d * 3 + x\n" : "    v%d = v%d - %d\n", k, k - 1, k);
    put(&t, "    return v%d\n", n - 1);
    return t.s;
}

static int64_t chain_value(int n, int64_t x)
{
    uint64_t v = (uint64_t)x;
    for (int k = 1; k < n; k++)
        v = k % 2 ? v * 3u + (uint64_t)x : v - (uint64_t)k;
    return (int64_t)v;
}

/* bench/compile_scaling.py's `locals` shape: aK = (x ^ K) * (K % 7 + 1), then s = s + aK. */
static char *locals_source(int n)
{
    Text t = {0};
    put(&t, "from numba import njit\n\n@njit(\"int64(int64)\")\ndef big(x):\n");
    for (int k = 0; k < n; k++)
        put(&t, "    a%d = (x ^ %d) * %d\n", k, k, k % 7 + 1);
    put(&t, "    s = 0\n");
    for (int k = 0; k < n; k++)
        put(&t, "    s = s + a%d\n", k);
    put(&t, "    return s\n");
    return t.s;
}

static int64_t locals_value(int n, int64_t x)
{
    uint64_t s = 0;
    for (int k = 0; k < n; k++)
        s += (uint64_t)(x ^ k) * (uint64_t)(k % 7 + 1);
    return (int64_t)s;
}

/* Compiles src, checks big(x) through jitc_call and the native pointer against want, and
 * whether the optimized LLVM IR of big marks it optnone. */
static void check_big(char *src, int64_t x, int64_t want, bool huge)
{
    jitc_module *m = compile_or_fail(fixture.ctx, "huge.krn", src);
    free(src);
    jitc_function *fn = function_or_fail(m, "big");
    jitc_value a = jitc_i64(x);
    jitc_result r;
    assert_int_equal(jitc_call(fn, &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_INT64);
    assert_int_equal(r.value.i, want);
    void *p = NULL;
    assert_int_equal(jitc_function_pointer(fn, "int64(int64)", &p), JITC_OK);
    assert_int_equal(((int64_t(*)(int64_t))p)(x), want);
    const char *llvm = NULL;
    assert_int_equal(jitc_function_emit(fn, NULL, JITC_EMIT_LLVM, &llvm), JITC_OK);
    assert_int_equal(strstr(llvm, "optnone") != NULL, huge);
    jitc_module_destroy(m);
}

static void test_chain_of_20000_statements(void **state)
{
    (void)state;
    check_big(chain_source(20000), 7, chain_value(20000, 7), true);
}

static void test_6000_locals_live_at_once(void **state)
{
    (void)state;
    check_big(locals_source(6000), -5, locals_value(6000, -5), true);
}

static void test_ordinary_function_keeps_o3(void **state)
{
    (void)state;
    check_big(chain_source(200), 11, chain_value(200, 11), false);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chain_of_20000_statements),
        cmocka_unit_test(test_6000_locals_live_at_once),
        cmocka_unit_test(test_ordinary_function_keeps_o3),
    };
    return cmocka_run_group_tests(tests, context_setup, fixture_teardown);
}
