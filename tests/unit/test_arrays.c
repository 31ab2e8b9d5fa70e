/* test_arrays.c — arrays that compiled functions create and return, through the C API: the
 * returned DLTensor's dtype, shape, strides and elements, jitc_result_free (also twice, and on
 * a result that holds none), tuples holding arrays, an argument returned unchanged, arrays
 * released when a function raises (the sanitized build's LeakSanitizer checks that nothing
 * leaks), and whole-array expressions under parallel=True against the serial ones on 1, 2, 3
 * and 7 threads. */
#include <math.h>
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

#define EXPR_PAIR(NAME, BODY) \
    "@njit\ndef " NAME "(x, y, k):\n" BODY "\n@njit(parallel=True)\ndef " NAME "_par(x, y, k):\n" BODY "\n"

static const char SRC[] =
    "import numpy as np\n"
    "from numba import njit\n"
    "@njit\n"
    "def ramp(n):\n"
    "    return np.arange(n) * 0.5\n"
    "@njit\n"
    "def grid(n, m):\n"
    "    g = np.zeros((n, m), dtype=np.int32)\n"
    "    for i in range(n):\n"
    "        for j in range(m):\n"
    "            g[i, j] = i * 10 + j\n"
    "    return g\n"
    "@njit\n"
    "def pair(n):\n"
    "    a = np.ones(n)\n"
    "    b = a < 0.5\n"
    "    return a, n, b\n"
    "@njit\n"
    "def same(a):\n"
    "    return a\n"
    "@njit\n"
    "def every_third(n):\n"
    "    a = np.arange(n) * 1.0\n"
    "    return a[::-3]\n"
    "@njit\n"
    "def column(a):\n"
    "    return a[:, 1]\n"
    "@njit\n"
    "def fails(n):\n"
    "    a = np.ones(n)\n"
    "    t = a * 2\n"
    "    return a + np.zeros(n + 1) + t\n"
    EXPR_PAIR("trig", "    return np.cos(x) ** 2 + np.sin(x) ** 2 + k")
    EXPR_PAIR("mixed", "    return np.where(x > k, x * y, np.minimum(x, y) - k)")
    EXPR_PAIR("rows", "    z = x - k\n    z += y * k\n    return z");

static jitc_function *compile(Fixture *f, const char *src, const char *name)
{
    if (!f->m)
        f->m = compile_or_fail(f->ctx, "arrays.krn", src);
    return function_or_fail(f->m, name);
}

static void test_a_new_array_is_returned(void **state)
{
    Fixture *f = *state;
    jitc_value n = jitc_i64(5);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "ramp"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_ARRAY);
    assert_non_null(r.value.owner);
    DLTensor *t = r.value.array;
    assert_int_equal(t->device.device_type, kDLCPU);
    assert_int_equal(t->dtype.code, kDLFloat);
    assert_int_equal(t->dtype.bits, 64);
    assert_int_equal(t->ndim, 1);
    assert_int_equal(t->shape[0], 5);
    assert_true(t->strides == NULL || t->strides[0] == 1);
    for (int i = 0; i < 5; i++)
        assert_true(((double *)t->data)[i] == i * 0.5);
    jitc_result_free(&r);
    assert_null(r.value.owner);
    jitc_result_free(&r); /* twice is harmless */
}

static void test_two_dimensions_in_c_order(void **state)
{
    Fixture *f = *state;
    jitc_value args[2] = {jitc_i64(3), jitc_i64(4)};
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "grid"), args, 2, &r), JITC_OK);
    DLTensor *t = r.value.array;
    assert_int_equal(t->dtype.code, kDLInt);
    assert_int_equal(t->dtype.bits, 32);
    assert_int_equal(t->ndim, 2);
    assert_int_equal(t->shape[0], 3);
    assert_int_equal(t->shape[1], 4);
    if (t->strides) {
        assert_int_equal(t->strides[0], 4);
        assert_int_equal(t->strides[1], 1);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            assert_int_equal(((int32_t *)t->data)[i * 4 + j], i * 10 + j);
    jitc_result_free(&r);
}

static void test_a_tuple_holds_arrays_and_scalars(void **state)
{
    Fixture *f = *state;
    jitc_value n = jitc_i64(4);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "pair"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_int_equal(r.nitems, 3);
    assert_int_equal(r.items[0].kind, JITC_ARRAY);
    assert_int_equal(r.items[1].kind, JITC_INT64);
    assert_int_equal(r.items[1].i, 4);
    assert_int_equal(r.items[2].kind, JITC_ARRAY);
    assert_int_equal(r.items[2].array->dtype.bits, 8); /* bool */
    for (int i = 0; i < 4; i++) {
        assert_true(((double *)r.items[0].array->data)[i] == 1.0);
        assert_int_equal(((uint8_t *)r.items[2].array->data)[i], 0);
    }
    /* one array kept past the result: its owner is released on its own */
    DLManagedTensor *kept = r.items[0].owner;
    r.items[0].owner = NULL;
    jitc_result_free(&r);
    assert_true(((double *)kept->dl_tensor.data)[3] == 1.0);
    kept->deleter(kept);
}

static void test_an_argument_comes_back_as_itself(void **state)
{
    Fixture *f = *state;
    double data[3] = {1, 2, 3};
    int64_t shape[1] = {3};
    DLTensor in = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value a = jitc_array(&in);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "same"), &a, 1, &r), JITC_OK);
    assert_ptr_equal((char *)r.value.array->data + r.value.array->byte_offset, data);
    jitc_result_free(&r);
    assert_true(data[2] == 3.0); /* the caller's memory is not freed */
}

/* A view of an array the function made keeps that array's memory alive in the result's owner:
 * read after the call (ASan would see a use after free), freed with the result (LeakSanitizer). */
static void test_a_returned_view_keeps_its_base(void **state)
{
    Fixture *f = *state;
    jitc_value n = jitc_i64(10);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "every_third"), &n, 1, &r), JITC_OK);
    DLTensor *t = r.value.array;
    assert_non_null(r.value.owner);
    assert_int_equal(t->ndim, 1);
    assert_int_equal(t->shape[0], 4);
    assert_non_null(t->strides);
    assert_int_equal(t->strides[0], -3);
    const double *first = (const double *)((const char *)t->data + t->byte_offset);
    for (int i = 0; i < 4; i++)
        assert_true(first[i * t->strides[0]] == 9.0 - 3 * i);
    jitc_result_free(&r);
}

/* A view of an argument points into the caller's array. */
static void test_a_view_of_an_argument_points_into_it(void **state)
{
    Fixture *f = *state;
    double data[6] = {0, 1, 2, 3, 4, 5};
    int64_t shape[2] = {3, 2};
    DLTensor in = {.data = data, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value a = jitc_array(&in);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "column"), &a, 1, &r), JITC_OK);
    DLTensor *t = r.value.array;
    assert_int_equal(t->ndim, 1);
    assert_int_equal(t->shape[0], 3);
    assert_ptr_equal((char *)t->data + t->byte_offset, &data[1]);
    assert_int_equal(t->strides[0], 2);
    jitc_result_free(&r);
    assert_true(data[5] == 5.0);
}

static void test_arrays_are_released_when_a_function_raises(void **state)
{
    Fixture *f = *state;
    jitc_value n = jitc_i64(6);
    jitc_result r;
    assert_int_equal(jitc_call(compile(f, SRC, "fails"), &n, 1, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "ValueError: operands could not be broadcast together with shapes (6,) (7,)"));
    assert_int_equal(r.value.kind, JITC_NONE);
    jitc_result_free(&r);
}

/* x: a (rows, cols) float64 array; y: (cols,) int32; every parallel result equals the serial one. */
static void check_parallel_matches(Fixture *f, const char *name, int rows, int cols)
{
    char par[64];
    snprintf(par, sizeof par, "%s_par", name);
    double *x = malloc(sizeof *x * (size_t)(rows * cols));
    int32_t *y = malloc(sizeof *y * (size_t)cols);
    for (int i = 0; i < rows * cols; i++)
        x[i] = (double)((i * 7919) % 1013) - 506.25;
    for (int j = 0; j < cols; j++)
        y[j] = (j * 31) % 17 - 8;
    int64_t xs[2] = {rows, cols}, ys[1] = {cols};
    DLTensor xt = {.data = x, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = xs};
    DLTensor yt = {.data = y, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 32, 1}, .shape = ys};
    jitc_value args[3] = {jitc_array(&xt), jitc_array(&yt), jitc_f64(1.5)};
    const char *threads[] = {"1", "2", "3", "7"};
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
        setenv("JITC_NUM_THREADS", threads[t], 1);
        jitc_result s, p;
        assert_int_equal(jitc_call(compile(f, SRC, name), args, 3, &s), JITC_OK);
        assert_int_equal(jitc_call(compile(f, SRC, par), args, 3, &p), JITC_OK);
        DLTensor *a = s.value.array, *b = p.value.array;
        assert_int_equal(a->ndim, b->ndim);
        size_t n = 1;
        for (int k = 0; k < a->ndim; k++) {
            assert_int_equal(a->shape[k], b->shape[k]);
            n *= (size_t)a->shape[k];
        }
        assert_int_equal(n, (size_t)(rows * cols));
        assert_memory_equal(a->data, b->data, n * (a->dtype.bits / 8));
        jitc_result_free(&s);
        jitc_result_free(&p);
    }
    unsetenv("JITC_NUM_THREADS");
    free(x);
    free(y);
}

static void test_parallel_expressions_match_serial(void **state)
{
    Fixture *f = *state;
    const int shapes[][2] = {{1, 1}, {1, 7}, {3, 5}, {37, 129}, {1000, 3}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        check_parallel_matches(f, "trig", shapes[s][0], shapes[s][1]);
        check_parallel_matches(f, "mixed", shapes[s][0], shapes[s][1]);
        check_parallel_matches(f, "rows", shapes[s][0], shapes[s][1]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_new_array_is_returned),
        cmocka_unit_test(test_two_dimensions_in_c_order),
        cmocka_unit_test(test_a_tuple_holds_arrays_and_scalars),
        cmocka_unit_test(test_an_argument_comes_back_as_itself),
        cmocka_unit_test(test_a_returned_view_keeps_its_base),
        cmocka_unit_test(test_a_view_of_an_argument_points_into_it),
        cmocka_unit_test(test_arrays_are_released_when_a_function_raises),
        cmocka_unit_test(test_parallel_expressions_match_serial),
    };
    return cmocka_run_group_tests(tests, context_setup, fixture_teardown);
}
