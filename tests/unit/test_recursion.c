/* test_recursion.c — RecursionError through the C API: a recursion deeper than the thread's stack
 * allows comes back as JITC_ERR_RUNTIME with the class, the message and the call that went too
 * deep, the process intact: twice in a row, then ordinary calls; on the main thread, on a thread
 * of the caller's with a 256 KiB stack, and inside a prange body (OpenMP's worker threads); for
 * cycles that unwind by a jump (codegen/recursion.c: nothing to release) and frame by frame
 * (arrays held). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

static const char SRC[] = "from numba import njit, prange\n"               /* 1 */
                          "import numpy as np\n"                           /* 2 */
                          "@njit\n"                                        /* 3 */
                          "def down(n):\n"                                 /* 4 */
                          "    return 0 if n == 0 else 1 + down(n - 1)\n"  /* 5 */
                          "@njit\n"                                        /* 6 */
                          "def fib(n):\n"                                  /* 7 */
                          "    if n < 2:\n"                                /* 8 */
                          "        return n\n"                             /* 9 */
                          "    return fib(n - 1) + fib(n - 2)\n"           /* 10 */
                          "@njit\n"                                        /* 11 */
                          "def total(n):\n"                                /* 12 */
                          "    if n == 0:\n"                               /* 13 */
                          "        return 0.0\n"                           /* 14 */
                          "    a = np.ones(2)\n"                           /* 15 */
                          "    return a.sum() + total(n - 1)\n"            /* 16 */
                          "@njit(parallel=True)\n"                         /* 17 */
                          "def par(n):\n"                                  /* 18 */
                          "    s = 0\n"                                    /* 19 */
                          "    for i in prange(8):\n"                      /* 20 */
                          "        s += down(n + i)\n"                     /* 21 */
                          "    return s\n";                                /* 22 */

static const int64_t DEEP = 10000000;

typedef struct {
    jitc_module *m;
    int failures; /* counted by the thread, which must not call cmocka's asserts */
} Shared;

static jitc_status call1(jitc_module *m, const char *name, int64_t n, jitc_result *r)
{
    jitc_function *fn;
    if (jitc_module_function(m, name, &fn) != JITC_OK)
        return JITC_ERR_ARGUMENT;
    jitc_value arg = jitc_i64(n);
    return jitc_call(fn, &arg, 1, r);
}

/* Whether r is the RecursionError raised at `where`. */
static bool is_recursion_error(jitc_status st, const jitc_result *r, const char *where)
{
    return st == JITC_ERR_RUNTIME && strcmp(r->exc_type, "RecursionError") == 0 &&
           strcmp(r->exc_message, "maximum recursion depth exceeded") == 0 && strcmp(r->exc_where, where) == 0;
}

static jitc_module *compile(jitc_context **ctx)
{
    assert_int_equal(jitc_context_create(NULL, ctx), JITC_OK);
    return compile_or_fail(*ctx, "rec.krn", SRC);
}

static void test_deep_recursion_raises_twice(void **state)
{
    (void)state;
    jitc_context *ctx;
    jitc_module *m = compile(&ctx);
    jitc_result r;
    for (int round = 0; round < 2; round++) {
        jitc_status st = call1(m, "down", DEEP, &r);
        assert_true(is_recursion_error(st, &r, "rec.krn:5:33"));
        assert_non_null(strstr(r.message, "rec.krn:5:33: RecursionError: maximum recursion depth exceeded"));
    }
    assert_int_equal(call1(m, "down", 1000, &r), JITC_OK);
    assert_int_equal(r.value.i, 1000);
    assert_int_equal(call1(m, "fib", 20, &r), JITC_OK);
    assert_int_equal(r.value.i, 6765);
    /* frames holding arrays: unwound one by one, each releasing its array (LSan would see a leak) */
    for (int round = 0; round < 2; round++)
        assert_true(is_recursion_error(call1(m, "total", DEEP, &r), &r, "rec.krn:16:22"));
    assert_int_equal(call1(m, "total", 100, &r), JITC_OK);
    assert_true(r.value.f64 == 200.0);
    jitc_context_destroy(ctx);
}

/* On a thread of 256 KiB: the floor is that thread's; a recursion that fits still runs. */
static void *small_thread(void *arg)
{
    Shared *sh = arg;
    jitc_result r;
    for (int round = 0; round < 2; round++) {
        sh->failures += !is_recursion_error(call1(sh->m, "down", DEEP, &r), &r, "rec.krn:5:33");
        sh->failures += !is_recursion_error(call1(sh->m, "total", DEEP, &r), &r, "rec.krn:16:22");
    }
    sh->failures += call1(sh->m, "down", 1000, &r) != JITC_OK || r.value.i != 1000;
    sh->failures += call1(sh->m, "fib", 15, &r) != JITC_OK || r.value.i != 610;
    return NULL;
}

static void test_small_thread_stack(void **state)
{
    (void)state;
    jitc_context *ctx;
    Shared sh = {compile(&ctx), 0};
    jitc_result r; /* compiled here, on the main thread's stack: the thread only runs the code */
    assert_int_equal(call1(sh.m, "down", 10, &r), JITC_OK);
    assert_int_equal(call1(sh.m, "fib", 10, &r), JITC_OK);
    assert_int_equal(call1(sh.m, "total", 10, &r), JITC_OK);
    pthread_attr_t attr;
    pthread_t t;
    assert_int_equal(pthread_attr_init(&attr), 0);
    assert_int_equal(pthread_attr_setstacksize(&attr, 256 << 10), 0);
    assert_int_equal(pthread_create(&t, &attr, small_thread, &sh), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&attr);
    assert_int_equal(sh.failures, 0);
    jitc_context_destroy(ctx);
}

/* In a prange body: each OpenMP thread has its own floor; the exception comes out of the loop. */
static void test_prange_body(void **state)
{
    (void)state;
    setenv("JITC_NUM_THREADS", "4", 1);
    jitc_context *ctx;
    jitc_module *m = compile(&ctx);
    jitc_result r;
    for (int round = 0; round < 2; round++)
        assert_true(is_recursion_error(call1(m, "par", DEEP, &r), &r, "rec.krn:5:33"));
    assert_int_equal(call1(m, "par", 100, &r), JITC_OK);
    assert_int_equal(r.value.i, 8 * 100 + 28);
    unsetenv("JITC_NUM_THREADS");
    jitc_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deep_recursion_raises_twice),
        cmocka_unit_test(test_small_thread_stack),
        cmocka_unit_test(test_prange_body),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
