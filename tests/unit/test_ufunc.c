/* test_ufunc.c — @vectorize ufuncs through the C API: loop selection (exact, safe cast, weak
 * Python scalars, no match), broadcasting (stretched dimensions, scalars, strided inputs, shapes
 * that do not broadcast), a given output and an allocated one, the parallel target against
 * the serial one, and NumPy's error model for division by zero; @guvectorize gufuncs: core
 * dimensions bound and checked, loop dimensions broadcast, an allocated output with its core
 * dimensions, several outputs written in place; the inner loops in NumPy's form
 * (jitc_function_loop, jitc_loop_run) and the signatures a function has (jitc_function_signature,
 * jitc_function_specialization). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

static const char SRC[] = "import math\n"
                          "from numba import vectorize\n"
                          "@vectorize(['int64(int64, int64)', 'float64(float64, float64)'])\n"
                          "def add(a, b):\n"
                          "    return a + b\n"
                          "@vectorize(['float32(float32)', 'float64(float64)'])\n"
                          "def trig(x):\n"
                          "    return math.cos(x) ** 2 + math.sin(x) ** 2\n"
                          "@vectorize(['float32(float32)', 'float64(float64)'], target='parallel')\n"
                          "def trig_parallel(x):\n"
                          "    return math.cos(x) ** 2 + math.sin(x) ** 2\n"
                          "@vectorize(['int64(int64, int64)'])\n"
                          "def div(a, b):\n"
                          "    return a // b\n"
                          "@vectorize(['float64(float64)'])\n"
                          "def positive(x):\n"
                          "    if x < 0:\n"
                          "        raise ValueError('negative')\n"
                          "    return x\n"
                          "@vectorize(['float32(float32, float32, float32)', 'float64(float64, float64, float64)'])\n"
                          "def axpy(a, x, y):\n"
                          "    return a * x + y\n"
                          "@vectorize\n"
                          "def axpy_dynamic(a, x, y):\n"
                          "    return a * x + y\n"
                          "from numba import guvectorize\n"
                          "@guvectorize(['void(float64[:], float64[:], float64[:])'], '(n),(n)->()', target='parallel')\n"
                          "def dot(a, b, res):\n"
                          "    acc = 0.0\n"
                          "    for i in range(a.shape[0]):\n"
                          "        acc += a[i] * b[i]\n"
                          "    res[0] = acc\n"
                          "@guvectorize(['void(int64[:], int64[:], int64[:])'], '(n)->(),()')\n"
                          "def min_max(a, lo, hi):\n"
                          "    lo[0] = a[0]\n"
                          "    hi[0] = a[0]\n"
                          "    for i in range(a.shape[0]):\n"
                          "        lo[0] = min(lo[0], a[i])\n"
                          "        hi[0] = max(hi[0], a[i])\n";

static int setup(void **state) { return fixture_setup(state, "ufuncs.krn", SRC); }

/* (3, 1) + (4,) of int64: the (3, 4) outer sum, written into a given output. */
static void test_broadcast_into_given_output(void **state)
{
    int64_t a[3] = {0, 10, 20}, b[4] = {1, 2, 3, 4}, out[12];
    int64_t sa[2] = {3, 1}, sb[1] = {4}, so[2] = {3, 4};
    DLTensor ta = cpu_tensor(a, kDLInt, 64, 2, sa, NULL), tb = cpu_tensor(b, kDLInt, 64, 1, sb, NULL),
             to = cpu_tensor(out, kDLInt, 64, 2, so, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_array(&tb)};
    jitc_result r;
    assert_int_equal(jitc_ufunc_call(fixture_function(state, "add"), in, 2, &to, &r), JITC_OK);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            assert_int_equal(out[i * 4 + j], a[i] + b[j]);
}

/* int32 inputs cast safely to the int64 loop; a Python float beside them picks float64. */
static void test_safe_casts_and_weak_scalars(void **state)
{
    int32_t a[4] = {1, 2, 3, 4};
    int64_t sa[1] = {4};
    DLTensor ta = cpu_tensor(a, kDLInt, 32, 1, sa, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_i64(100)};
    jitc_result r;
    DLManagedTensor *out;
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "add"), in, 2, &out, &r), JITC_OK);
    assert_int_equal(out->dl_tensor.dtype.code, kDLInt);
    assert_int_equal(out->dl_tensor.dtype.bits, 64);
    for (int i = 0; i < 4; i++)
        assert_int_equal(((int64_t *)out->dl_tensor.data)[i], a[i] + 100);
    out->deleter(out);
    in[1] = jitc_f64(0.5);
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "add"), in, 2, &out, &r), JITC_OK);
    assert_int_equal(out->dl_tensor.dtype.code, kDLFloat);
    assert_int_equal(out->dl_tensor.dtype.bits, 64);
    assert_true(((double *)out->dl_tensor.data)[3] == 4.5);
    out->deleter(out);
}

/* float32 arrays keep the float32 loop of a signature list; a Python float beside them stays
 * weak (NEP 50). */
static void test_float32_stays_float32(void **state)
{
    float x[5] = {0.f, 1.f, 2.f, 3.f, 4.f};
    int64_t sx[1] = {5};
    DLTensor tx = cpu_tensor(x, kDLFloat, 32, 1, sx, NULL);
    jitc_value in[3] = {jitc_f64(2.0), jitc_array(&tx), jitc_f64(1.0)};
    jitc_result r;
    DLManagedTensor *out;
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "axpy"), in, 3, &out, &r), JITC_OK);
    assert_int_equal(out->dl_tensor.dtype.bits, 32);
    for (int i = 0; i < 5; i++)
        assert_true(((float *)out->dl_tensor.data)[i] == 2.f * x[i] + 1.f);
    out->deleter(out);
    /* a ufunc without signatures compiles for the scalars' own types, as Numba's do: float64 */
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "axpy_dynamic"), in, 3, &out, &r), JITC_OK);
    assert_int_equal(out->dl_tensor.dtype.bits, 64);
    for (int i = 0; i < 5; i++)
        assert_true(((double *)out->dl_tensor.data)[i] == 2.0 * x[i] + 1.0);
    out->deleter(out);
}

/* A strided view (every other column of a 4x6 float64 array) and a 0-d scalar array. */
static void test_strided_input(void **state)
{
    double a[24], zero = 1.0, out[12];
    for (int i = 0; i < 24; i++)
        a[i] = i;
    int64_t sa[2] = {4, 3}, st[2] = {6, 2}, so[2] = {4, 3};
    DLTensor ta = cpu_tensor(a, kDLFloat, 64, 2, sa, st), tz = cpu_tensor(&zero, kDLFloat, 64, 0, NULL, NULL),
             to = cpu_tensor(out, kDLFloat, 64, 2, so, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_array(&tz)};
    jitc_result r;
    assert_int_equal(jitc_ufunc_call(fixture_function(state, "add"), in, 2, &to, &r), JITC_OK);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 3; j++)
            assert_true(out[i * 3 + j] == a[i * 6 + 2 * j] + 1.0);
}

static void test_errors_name_shapes_and_types(void **state)
{
    int64_t a[3] = {0}, b[4] = {0};
    int64_t sa[1] = {3}, sb[1] = {4};
    DLTensor ta = cpu_tensor(a, kDLInt, 64, 1, sa, NULL), tb = cpu_tensor(b, kDLInt, 64, 1, sb, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_array(&tb)};
    jitc_result r;
    DLManagedTensor *out = (DLManagedTensor *)&r; /* must be reset to NULL */
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "add"), in, 2, &out, &r), JITC_ERR_ARGUMENT);
    assert_null(out);
    assert_non_null(strstr(r.message, "(3,) (4,)"));
    /* float64 has no safe loop in div's int64(int64, int64) */
    double f[3] = {0};
    DLTensor tf = cpu_tensor(f, kDLFloat, 64, 1, sa, NULL);
    in[1] = jitc_array(&tf);
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "div"), in, 2, &out, &r), JITC_ERR_TYPE);
    assert_non_null(strstr(r.message, "(int64, float64)"));
    assert_non_null(strstr(r.message, "int64(int64, int64)"));
    /* a given output of the wrong shape or dtype */
    int64_t o[3];
    DLTensor to = cpu_tensor(o, kDLInt, 64, 1, sa, NULL);
    in[1] = jitc_array(&tb);
    assert_int_equal(jitc_ufunc_call(fixture_function(state, "add"), in, 2, &to, &r), JITC_ERR_ARGUMENT);
    in[1] = jitc_array(&ta);
    to.dtype = (DLDataType){kDLUInt, 8, 1}; /* int64 into uint8: not even a same_kind cast */
    assert_int_equal(jitc_ufunc_call(fixture_function(state, "add"), in, 2, &to, &r), JITC_ERR_TYPE);
    assert_non_null(strstr(r.message, "does not cast to it (same_kind)"));
    /* not a ufunc, wrong number of inputs */
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "add"), in, 1, &out, &r), JITC_ERR_ARGUMENT);
}

/* Ufunc loops follow NumPy's error model, as Numba's do: x // 0 is 0, x / 0.0 is inf. */
static void test_division_by_zero_as_numpy(void **state)
{
    int64_t a[4] = {8, 9, 10, -11}, b[4] = {2, 3, 0, 2};
    int64_t s[1] = {4};
    DLTensor ta = cpu_tensor(a, kDLInt, 64, 1, s, NULL), tb = cpu_tensor(b, kDLInt, 64, 1, s, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_array(&tb)};
    jitc_result r;
    DLManagedTensor *out;
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "div"), in, 2, &out, &r), JITC_OK);
    const int64_t *q = out->dl_tensor.data;
    assert_true(q[0] == 4 && q[1] == 3 && q[2] == 0 && q[3] == -6);
    out->deleter(out);
}

/* 1000 x 37 float64 through the parallel target equals the serial one, and the expected ones. */
static void test_parallel_matches_serial(void **state)
{
    enum { R = 1000, C = 37 };
    double *x = malloc(sizeof(double) * R * C);
    for (int i = 0; i < R * C; i++)
        x[i] = i * 0.001;
    int64_t shape[2] = {R, C};
    DLTensor tx = cpu_tensor(x, kDLFloat, 64, 2, shape, NULL);
    jitc_value in[1] = {jitc_array(&tx)};
    jitc_result r;
    DLManagedTensor *serial, *parallel;
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "trig"), in, 1, &serial, &r), JITC_OK);
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "trig_parallel"), in, 1, &parallel, &r), JITC_OK);
    const double *a = serial->dl_tensor.data, *b = parallel->dl_tensor.data;
    for (int i = 0; i < R * C; i++) {
        assert_true(a[i] == b[i]);
        assert_true(fabs(a[i] - 1.0) < 1e-12);
    }
    serial->deleter(serial);
    parallel->deleter(parallel);
    free(x);
}

static void test_gufunc_core_and_loop_dimensions(void **state)
{
    /* a (4, 3) x b (3,) -> (4,): b's loop dimensions stretch over a's rows */
    double a[12], b[3] = {1, 10, 100};
    for (int i = 0; i < 12; i++)
        a[i] = i;
    int64_t sa[2] = {4, 3}, sb[1] = {3};
    DLTensor ta = cpu_tensor(a, kDLFloat, 64, 2, sa, NULL), tb = cpu_tensor(b, kDLFloat, 64, 1, sb, NULL);
    jitc_value in[2] = {jitc_array(&ta), jitc_array(&tb)};
    DLManagedTensor *out;
    jitc_result r;
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "dot"), in, 2, &out, &r), JITC_OK);
    assert_int_equal(out->dl_tensor.ndim, 1);
    assert_int_equal(out->dl_tensor.shape[0], 4);
    for (int i = 0; i < 4; i++)
        assert_float_equal(((double *)out->dl_tensor.data)[i], a[3 * i] + 10 * a[3 * i + 1] + 100 * a[3 * i + 2], 0);
    out->deleter(out);
    /* core dimension n: 3 against 2 */
    int64_t s2[1] = {2};
    DLTensor short_b = cpu_tensor(b, kDLFloat, 64, 1, s2, NULL);
    in[1] = jitc_array(&short_b);
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "dot"), in, 2, &out, &r), JITC_ERR_ARGUMENT);
    assert_string_equal(r.message, "dot: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                                   "(n),(n)->() (size 2 is different from 3)");
    /* a scalar has no core dimension to give */
    in[1] = jitc_f64(2.0);
    assert_int_equal(jitc_ufunc_alloc(fixture_function(state, "dot"), in, 2, &out, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "does not have enough dimensions (has 0"));
}

static void test_gufunc_two_outputs_in_place(void **state)
{
    int64_t a[6] = {5, -2, 9, 0, 7, 7}, lo[2] = {0}, hi[2] = {0};
    int64_t sa[2] = {2, 3}, so[1] = {2};
    DLTensor ta = cpu_tensor(a, kDLInt, 64, 2, sa, NULL), tlo = cpu_tensor(lo, kDLInt, 64, 1, so, NULL),
             thi = cpu_tensor(hi, kDLInt, 64, 1, so, NULL);
    jitc_value ops[3] = {jitc_array(&ta), jitc_array(&tlo), jitc_array(&thi)};
    jitc_result r;
    assert_int_equal(jitc_gufunc_call(fixture_function(state, "min_max"), ops, 3, &r), JITC_OK);
    assert_int_equal(lo[0], -2);
    assert_int_equal(hi[0], 9);
    assert_int_equal(lo[1], 0);
    assert_int_equal(hi[1], 7);
    /* outputs take NumPy's same_kind casts: int64 results into int32, not into float32 */
    int32_t narrow[2];
    DLTensor tn = cpu_tensor(narrow, kDLInt, 32, 1, so, NULL);
    ops[2] = jitc_array(&tn);
    assert_int_equal(jitc_gufunc_call(fixture_function(state, "min_max"), ops, 3, &r), JITC_OK);
    assert_int_equal(narrow[0], 9);
    assert_int_equal(narrow[1], 7);
    float wrong[2];
    DLTensor tw = cpu_tensor(wrong, kDLFloat, 32, 1, so, NULL);
    ops[2] = jitc_array(&tw);
    assert_int_equal(jitc_gufunc_call(fixture_function(state, "min_max"), ops, 3, &r), JITC_ERR_TYPE);
    assert_non_null(strstr(r.message, "output 2 has dtype float32"));
}

static void test_function_info(void **state)
{
    jitc_function_info info;
    assert_int_equal(jitc_function_get_info(fixture_function(state, "trig_parallel"), &info), JITC_OK);
    assert_int_equal(info.kind, JITC_FN_UFUNC);
    assert_int_equal(info.nparams, 1);
    assert_string_equal(info.target, "parallel");
    assert_string_equal(info.name, "trig_parallel");
}

/* The loop NumPy's machinery drives: strided operands, the result cast by the signature. */
static void test_inner_loop_in_numpy_form(void **state)
{
    jitc_loop *loop = NULL;
    assert_int_equal(jitc_function_loop(fixture_function(state, "add"), "float64(float64, float64)", &loop), JITC_OK);
    double a[6] = {1, 2, 3, 4, 5, 6}, b = 0.5, out[3];
    char *args[3] = {(char *)a, (char *)&b, (char *)out};
    int64_t steps[3] = {2 * sizeof(double), 0, sizeof(double)};
    jitc_result r;
    assert_int_equal(jitc_loop_run(loop, args, 3, steps, NULL, &r), JITC_OK);
    assert_true(out[0] == 1.5 && out[1] == 3.5 && out[2] == 5.5);
    /* an exception stops the loop and comes back as jitc_call reports one */
    assert_int_equal(jitc_function_loop(fixture_function(state, "positive"), "float64(float64)", &loop), JITC_OK);
    double x[2] = {7, -8}, y[2] = {0, 0};
    char *pargs[2] = {(char *)x, (char *)y};
    int64_t psteps[2] = {8, 8};
    assert_int_equal(jitc_loop_run(loop, pargs, 2, psteps, NULL, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "ValueError");
    assert_string_equal(r.exc_message, "negative");
    assert_true(y[0] == 7);
    /* a host function has no ufunc loop */
    jitc_module *m = compile_or_fail(fixture.ctx, "plain.krn", "from numba import njit\n@njit\ndef f(x):\n    return x\n");
    assert_int_equal(jitc_function_loop(function_or_fail(m, "f"), "int64(int64)", &loop), JITC_ERR_ARGUMENT);
    assert_null(loop);
    assert_non_null(strstr(jitc_module_diagnostics_text(m), "has no ufunc loop"));
    jitc_module_destroy(m);
}

/* The whole signature of a specialization, and the list of those a function has. */
static void test_signatures_of_specializations(void **state)
{
    jitc_function *dyn = fixture_function(state, "axpy_dynamic");
    const char *text = NULL;
    assert_int_equal(jitc_function_signature(dyn, "(int8, float32, float32)", &text), JITC_OK);
    assert_string_equal(text, "float32(int8, float32, float32)");
    jitc_function *add = fixture_function(state, "add");
    assert_int_equal(jitc_function_specialization_count(add), 2);
    assert_string_equal(jitc_function_specialization(add, 0), "int64(int64, int64)");
    assert_string_equal(jitc_function_specialization(add, 1), "float64(float64, float64)");
    assert_null(jitc_function_specialization(add, 2));
    assert_int_equal(jitc_function_signature(add, "(float64,)", &text), JITC_ERR_ARGUMENT); /* add takes two */
    assert_null(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broadcast_into_given_output),
        cmocka_unit_test(test_safe_casts_and_weak_scalars),
        cmocka_unit_test(test_float32_stays_float32),
        cmocka_unit_test(test_strided_input),
        cmocka_unit_test(test_errors_name_shapes_and_types),
        cmocka_unit_test(test_division_by_zero_as_numpy),
        cmocka_unit_test(test_parallel_matches_serial),
        cmocka_unit_test(test_function_info),
        cmocka_unit_test(test_gufunc_core_and_loop_dimensions),
        cmocka_unit_test(test_gufunc_two_outputs_in_place),
        cmocka_unit_test(test_inner_loop_in_numpy_form),
        cmocka_unit_test(test_signatures_of_specializations),
    };
    return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
