/* test_argcheck.c — what the C API refuses before anything is typed, and how it says so: argument
 * counts past JITC_MAX_ARGS, DLTensors with a negative size, too many or too few dimensions, no
 * shape, no data; and the type-time errors a module reports when it is compiled (a def of too
 * many parameters, a recursion with no return to start from). */
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

static const char SRC[] = "from numba import njit, vectorize\n"
                          "@njit\n"
                          "def total(a):\n"
                          "    return a.sum()\n"
                          "@njit\n"
                          "def twice(a):\n"
                          "    return a * 2.0\n"
                          "@vectorize(['float64(float64, float64)'])\n"
                          "def add(x, y):\n"
                          "    return x + y\n";

/* src compiled as args.krn in the group's context. */
static jitc_module *compiled(const char *src) { return compile_or_fail(fixture.ctx, "args.krn", src); }

/* Asserts that calling fn on args fails with st and a message holding want. */
static void refused(jitc_function *fn, const jitc_value *args, int n, jitc_status st, const char *want)
{
    jitc_result r;
    jitc_status got = jitc_call(fn, args, n, &r);
    if (got != st || !strstr(r.message, want))
        fprintf(stderr, "got %d '%s', want %d '%s'\n", got, r.message, st, want);
    assert_int_equal(got, st);
    assert_non_null(strstr(r.message, want));
}

static void test_argument_counts(void **state)
{
    (void)state;
    jitc_module *m = compiled(SRC);
    jitc_function *fn = function_or_fail(m, "total");
    jitc_value args[70];
    for (int i = 0; i < 70; i++)
        args[i] = jitc_i64(i);
    refused(fn, args, 70, JITC_ERR_ARGUMENT, "total() takes 1 argument but 70 were given");
    refused(fn, args, -1, JITC_ERR_ARGUMENT, "jitc_call: a negative argument count (-1)");
    refused(fn, NULL, 2, JITC_ERR_ARGUMENT, "jitc_call: 2 arguments but the argument array is NULL");
    refused(NULL, args, 1, JITC_ERR_ARGUMENT, "jitc_call: the function is NULL");
    jitc_module_destroy(m);
}

/* A function of 64 parameters, JITC_MAX_ARGS, is called with all of them. */
static void test_most_arguments(void **state)
{
    (void)state;
    char src[4096] = "from numba import njit\n@njit\ndef f(";
    for (int i = 0; i < JITC_MAX_ARGS; i++)
        snprintf(src + strlen(src), sizeof src - strlen(src), "%sa%d", i ? ", " : "", i);
    snprintf(src + strlen(src), sizeof src - strlen(src), "):\n    return a0 + a%d\n", JITC_MAX_ARGS - 1);
    jitc_module *m = compiled(src);
    jitc_function *f = function_or_fail(m, "f");
    jitc_value args[JITC_MAX_ARGS + 1];
    for (int i = 0; i <= JITC_MAX_ARGS; i++)
        args[i] = jitc_i64(i + 1);
    jitc_result r;
    assert_int_equal(jitc_call(f, args, JITC_MAX_ARGS, &r), JITC_OK);
    assert_int_equal(r.value.i, 1 + JITC_MAX_ARGS);
    refused(f, args, JITC_MAX_ARGS + 1, JITC_ERR_ARGUMENT, "f() takes 64 arguments but 65 were given");
    jitc_module_destroy(m);
}

/* Compiles src, which must fail with one error at line:col whose message holds want. */
static void compile_error(const char *src, int line, int col, const char *want)
{
    jitc_module *m = NULL;
    assert_int_equal(jitc_module_compile(fixture.ctx, "bad.krn", src, strlen(src), &m), JITC_ERR_TYPE);
    assert_true(jitc_module_diagnostic_count(m) >= 1);
    const jitc_diagnostic *d = jitc_module_diagnostic(m, 0);
    if (!strstr(d->message, want))
        fprintf(stderr, "got '%s'\n", d->message);
    assert_non_null(strstr(d->message, want));
    assert_int_equal(d->line, line);
    assert_int_equal(d->column, col);
    jitc_module_destroy(m);
}

static void test_def_of_too_many_parameters(void **state)
{
    (void)state;
    char src[4096] = "from numba import njit\n@njit\ndef f(";
    for (int i = 0; i < 70; i++)
        snprintf(src + strlen(src), sizeof src - strlen(src), "%sa%d", i ? ", " : "", i);
    snprintf(src + strlen(src), sizeof src - strlen(src), "):\n    return a0\n");
    compile_error(src, 3, 5, "'f' takes 70 parameters: jitc compiles functions of at most 64");
}

static void test_recursion_without_base_case(void **state)
{
    (void)state;
    compile_error("from numba import njit\n@njit\ndef f(n):\n    return f(n - 1)\n", 4, 12,
                  "cannot infer the return type of the recursive call to 'f'");
    compile_error("from numba import njit\n@njit\ndef f(n):\n    if n > 0:\n        return n * f(n - 1)\n"
                  "    return -f(n + 1)\n",
                  6, 13, "cannot infer the return type of the recursive call to 'f'");
    /* a base case after the recursion, or a conditional with one, types: no error */
    jitc_module_destroy(compiled("from numba import njit\n@njit\ndef f(n):\n    if n > 0:\n        return n * f(n - 1)\n"
                                 "    return 1\n@njit\ndef g(n):\n    return g(n - 1) if n > 0 else n\n"));
}

static void test_tensor_checks(void **state)
{
    (void)state;
    jitc_module *m = compiled(SRC);
    jitc_function *total = function_or_fail(m, "total"), *twice = function_or_fail(m, "twice");
    double data[6] = {1, 2, 3, 4, 5, 6};
    int64_t shape[2] = {2, -3}, ok[2] = {2, 3}, empty[2] = {0, 3}, huge[2] = {INT64_MAX / 2, 4};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value arg = jitc_array(&t);
    /* a negative size is refused by a reduction and by an array expression alike */
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: dimension 1 has a negative size (-3)");
    refused(twice, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: dimension 1 has a negative size (-3)");
    t.shape = huge;
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: the shape's element count overflows int64");
    t.shape = ok;
    t.ndim = 33;
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: an array of 33 dimensions (arrays have 0 to 32)");
    t.ndim = 0; /* a 0-d array: host code takes it, as Numba does */
    jitc_result r0;
    assert_int_equal(jitc_call(total, &arg, 1, &r0), JITC_OK);
    assert_true(r0.value.f64 == 1.0);
    jitc_result_free(&r0);
    t.ndim = 2;
    t.shape = NULL;
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: the DLTensor's shape is NULL");
    t.shape = ok;
    t.data = NULL;
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: the DLTensor's data is NULL but it has 6 elements");
    t.dtype = (DLDataType){kDLFloat, 8, 1};
    t.data = data;
    refused(total, &arg, 1, JITC_ERR_ARGUMENT, "argument 1: an array of an unsupported dtype");
    t.dtype = (DLDataType){kDLFloat, 64, 1};
    /* an empty array may have no data */
    t.data = NULL;
    t.shape = empty;
    jitc_result r;
    assert_int_equal(jitc_call(total, &arg, 1, &r), JITC_OK);
    assert_true(r.value.kind == JITC_FLOAT64 && r.value.f64 == 0.0);
    assert_int_equal(jitc_call(twice, &arg, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_ARRAY);
    assert_int_equal(r.value.array->shape[0], 0);
    jitc_result_free(&r);
    jitc_module_destroy(m);
}

static void test_ufunc_operand_checks(void **state)
{
    (void)state;
    jitc_module *m = compiled(SRC);
    jitc_function *add = function_or_fail(m, "add");
    double x[3] = {1, 2, 3}, y[3];
    int64_t bad[1] = {-1}, three[1] = {3};
    DLTensor in = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = bad};
    DLTensor out = {.data = y, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = three};
    jitc_value ins[2] = {jitc_array(&in), jitc_f64(1.0)};
    jitc_result r;
    assert_int_equal(jitc_ufunc_call(add, ins, 2, &out, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "operand 1: dimension 0 has a negative size (-1)"));
    in.shape = three;
    out.shape = bad;
    assert_int_equal(jitc_ufunc_call(add, ins, 2, &out, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "output 1: dimension 0 has a negative size (-1)"));
    out.shape = three;
    assert_int_equal(jitc_ufunc_call(add, ins, 2, &out, &r), JITC_OK);
    assert_true(y[0] == 2.0 && y[2] == 4.0);
    jitc_module_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_argument_counts),
        cmocka_unit_test(test_most_arguments),
        cmocka_unit_test(test_def_of_too_many_parameters),
        cmocka_unit_test(test_recursion_without_base_case),
        cmocka_unit_test(test_tensor_checks),
        cmocka_unit_test(test_ufunc_operand_checks),
    };
    return cmocka_run_group_tests(tests, context_setup, fixture_teardown);
}
