/* test_nomem.c — out of memory, tested as SQLite tests it: an allocator hook (jitc_options.alloc)
 * that fails its Nth allocation, for every N across creating a context, compiling a module
 * (arrays, tuples, a ufunc, a prange loop) and calling it. Each API call either succeeds with
 * the right answer or returns JITC_ERR_NOMEM; after a failure the same call is made again with
 * memory to spare and must succeed (the context stays usable); when the context is destroyed,
 * every byte the hook handed out has come back. Run under ASan+LSan by the sanitizer pass, which
 * also checks that nothing else leaks (LLVM's own allocations included). */
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

static const char SRC[] = "import numpy as np\n"
                          "from numba import njit, prange, vectorize\n"
                          "@njit\n"
                          "def total(x):\n"
                          "    s = 0.0\n"
                          "    for i in range(x.shape[0]):\n"
                          "        s += x[i]\n"
                          "    return s\n"
                          "@njit\n"
                          "def stats(x):\n"
                          "    return total(x), x * 2.0 + 1.0\n"
                          "@njit(parallel=True)\n"
                          "def squares(n):\n"
                          "    acc = 0\n"
                          "    for i in prange(n):\n"
                          "        acc += i * i\n"
                          "    return acc\n"
                          "@vectorize(['float64(float64, float64)'])\n"
                          "def hyp(a, b):\n"
                          "    return (a * a + b * b) ** 0.5\n";

/* The failing hook: counts allocations, fails number fail_at (0: none), and keeps the bytes
 * outstanding, which frees must bring back to zero. */
typedef struct Budget {
    long count, fail_at, failures;
    long long live;
} Budget;

static void *failing_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Budget *b = ud;
    if (nsize == 0) {
        if (ptr)
            b->live -= (long long)osize;
        free(ptr);
        return NULL;
    }
    if (++b->count == b->fail_at) {
        b->failures++;
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p)
        b->live += (long long)nsize - (ptr ? (long long)osize : 0);
    return p;
}

/* Runs step until it succeeds: it may fail once with JITC_ERR_NOMEM (the armed allocation),
 * never otherwise; the second try has memory to spare. */
#define RETRY(b, call)                                                  \
    do {                                                                \
        jitc_status st_ = (call);                                       \
        if (st_ == JITC_ERR_NOMEM) {                                    \
            assert_true((b)->failures > 0);                             \
            st_ = (call);                                               \
        }                                                               \
        assert_int_equal(st_, JITC_OK);                                 \
    } while (0)

static double data[4] = {1, 2, 3, 4};
static int64_t shape[1] = {4};

/* the 1-d float64 array [1, 2, 3, 4] */
static DLTensor vector(void) { return cpu_tensor(data, kDLFloat, 64, 1, shape, NULL); }

static void call_stats(Budget *b, jitc_module *m)
{
    DLTensor x = vector();
    jitc_value arg = jitc_array(&x);
    jitc_result r;
    RETRY(b, jitc_call(function_or_fail(m, "stats"), &arg, 1, &r));
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_true(r.items[0].f64 == 10.0);
    const double *y = r.items[1].array->data;
    assert_true(y[0] == 3.0 && y[3] == 9.0);
    jitc_result_free(&r);
}

static void call_squares(Budget *b, jitc_module *m)
{
    jitc_value n = jitc_i64(1000);
    jitc_result r;
    RETRY(b, jitc_call(function_or_fail(m, "squares"), &n, 1, &r));
    assert_int_equal(r.value.i, 332833500);
}

static void call_hyp(Budget *b, jitc_module *m)
{
    DLTensor x = vector();
    double out_data[4];
    DLTensor out = vector();
    out.data = out_data;
    jitc_value in[2] = {jitc_array(&x), jitc_f64(0.0)};
    jitc_result r;
    RETRY(b, jitc_ufunc_call(function_or_fail(m, "hyp"), in, 2, &out, &r));
    assert_true(out_data[0] == 1.0 && out_data[3] == 4.0);
}

/* One whole run of the library (a context made, a module compiled and called, the context
 * destroyed) with allocation number fail_at failing; returns how many allocations the hook saw. */
static long run(long fail_at)
{
    Budget b = {.fail_at = fail_at};
    jitc_options o;
    jitc_options_init(&o);
    o.alloc = failing_alloc;
    o.alloc_ud = &b;
    jitc_context *ctx = NULL;
    RETRY(&b, jitc_context_create(&o, &ctx));
    jitc_module *m = NULL;
    RETRY(&b, jitc_module_compile(ctx, "nomem.krn", SRC, sizeof SRC - 1, &m));
    call_stats(&b, m);
    call_squares(&b, m);
    call_hyp(&b, m);
    call_stats(&b, m); /* compiled now: the fast path */
    jitc_context_destroy(ctx);
    assert_true(b.failures <= 1);
    if (b.live != 0)
        fail_msg("allocation %ld failing left %lld bytes of the hook's unreleased", fail_at, b.live);
    return b.count;
}

static void test_every_allocation_may_fail(void **state)
{
    (void)state;
    long total = run(0);
    assert_true(total > 10);
    for (long n = 1; n <= total; n++)
        run(n);
    print_message("%ld allocations, each made to fail in turn\n", total);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_allocation_may_fail),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
