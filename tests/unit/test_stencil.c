/* test_stencil.c — @stencil through the C API: a stencil called directly (jitc_call on the stencil
 * itself) and from @njit(parallel=True) code gives the same array as the loop written out in C,
 * border included, for several thread counts; the function reports itself as a host function. The
 * values against Numba are tests/conformance/stencil.krn's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

static const char SRC[] = "from numba import njit, stencil\n"
                          "@stencil(cval=-1.0)\n"
                          "def k(a, w):\n"
                          "    return w * (a[0, 1] + a[1, 0] + a[0, -1] + a[-2, 0])\n"
                          "@njit(parallel=True)\n"
                          "def par(a, w):\n"
                          "    return k(a, w)\n";

enum { ROWS = 37, COLS = 23 };

static double input[ROWS * COLS];

static double expected(int i, int j)
{
    if (i < 2 || i >= ROWS - 1 || j < 1 || j >= COLS - 1)
        return -1.0;
    const double *a = input;
    return 0.5 * (a[i * COLS + j + 1] + a[(i + 1) * COLS + j] + a[i * COLS + j - 1] + a[(i - 2) * COLS + j]);
}

static void check_call(jitc_module *m, const char *name)
{
    jitc_function *fn;
    jitc_result r;
    assert_int_equal(jitc_module_function(m, name, &fn), JITC_OK);
    int64_t shape[2] = {ROWS, COLS};
    DLTensor t = {.data = input, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value args[2] = {jitc_array(&t), jitc_f64(0.5)};
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_ARRAY);
    const DLTensor *out = r.value.array;
    assert_int_equal(out->ndim, 2);
    assert_int_equal(out->shape[0], ROWS);
    assert_int_equal(out->shape[1], COLS);
    const double *o = out->data;
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            assert_true(o[i * COLS + j] == expected(i, j));
    jitc_result_free(&r);
}

static void test_direct_and_parallel_calls(void **state)
{
    (void)state;
    for (int i = 0; i < ROWS * COLS; i++)
        input[i] = (double)((i * 7919) % 1009) * 0.25;
    jitc_context *ctx;
    jitc_module *m;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "s.py", SRC);
    jitc_function *fn;
    jitc_function_info info;
    fn = function_or_fail(m, "k");
    assert_int_equal(jitc_function_get_info(fn, &info), JITC_OK);
    assert_int_equal(info.kind, JITC_FN_HOST);
    assert_int_equal(info.nparams, 2);
    const char *threads[] = {"1", "2", "5"};
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
        setenv("JITC_NUM_THREADS", threads[t], 1);
        check_call(m, "k");
        check_call(m, "par");
    }
    unsetenv("JITC_NUM_THREADS");
    jitc_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_direct_and_parallel_calls),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
