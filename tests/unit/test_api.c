/* test_api.c — the public C API end to end: compile krn source, call functions with scalars,
 * arrays and tuples, lazy specialization, explicit signatures, the native fast path, emitted
 * text (syntax tree, IR, raw and optimized LLVM IR, assembly), diagnostics as data, runtime
 * exceptions, and contexts used from several threads. */
#include <math.h>
#include <pthread.h>
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

/* src compiled as test.krn in the group's context. */
static jitc_module *compile_ok(const char *src) { return compile_or_fail(fixture.ctx, "test.krn", src); }

static jitc_result call(jitc_module *m, const char *name, const jitc_value *args, int n)
{
    jitc_result r;
    jitc_status st = jitc_call(function_or_fail(m, name), args, n, &r);
    if (st != JITC_OK)
        fprintf(stderr, "%s\n%s", r.message, jitc_module_diagnostics_text(m));
    assert_int_equal(st, JITC_OK);
    return r;
}

static void test_fib_recursion(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def fib(n):\n"
                                "    if n < 2:\n"
                                "        return n\n"
                                "    return fib(n - 1) + fib(n - 2)\n");
    jitc_value a = jitc_i64(20);
    jitc_result r = call(m, "fib", &a, 1);
    assert_int_equal(r.value.kind, JITC_INT64);
    assert_int_equal(r.value.i, 6765);
    jitc_module_destroy(m);
}

/* A NumPy type as an argument (JITC_DTYPE): a compile-time class the function is compiled for,
 * also as a default left out; a kind that is no scalar's is refused. */
static void test_dtype_arguments(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("import numpy as np\n"
                                "from numba import njit\n"
                                "@njit\n"
                                "def cast(x, t=np.int32):\n"
                                "    return t(x)\n");
    jitc_value args[2] = {jitc_f64(2.75), jitc_dtype(JITC_FLOAT32)};
    jitc_result r = call(m, "cast", args, 2);
    assert_int_equal(r.value.kind, JITC_FLOAT32);
    assert_true(r.value.f32 == 2.75f);
    r = call(m, "cast", args, 1); /* t left out: np.int32 */
    assert_int_equal(r.value.kind, JITC_INT32);
    assert_int_equal(r.value.i, 2);
    jitc_value bad[2] = {jitc_f64(1.0), jitc_dtype(JITC_ARRAY)};
    assert_int_equal(jitc_call(function_or_fail(m, "cast"), bad, 2, &r), JITC_ERR_ARGUMENT);
    jitc_module_destroy(m);
}

static void test_python_division_semantics(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def dm(a, b):\n"
                                "    return a // b, a % b, a / b\n");
    jitc_value args[2] = {jitc_i64(-7), jitc_i64(2)};
    jitc_result r = call(m, "dm", args, 2);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_int_equal(r.nitems, 3);
    assert_int_equal(r.items[0].i, -4);
    assert_int_equal(r.items[1].i, 1);
    assert_true(r.items[2].kind == JITC_FLOAT64 && r.items[2].f64 == -3.5);
    jitc_value fargs[2] = {jitc_f64(7.5), jitc_f64(-2.0)};
    r = call(m, "dm", fargs, 2);
    assert_true(r.items[0].f64 == -4.0 && r.items[1].f64 == -0.5);
    jitc_module_destroy(m);
}

/* Math functions numba-cuda has in kernels that Numba lacks on the host: jitc has them on both,
 * with CPython's values (remainder is IEEE's: the quotient rounds to even; modf's tuple is
 * (fraction, integral part)). */
static void test_math_beyond_numba(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("import math\n"
                                "from numba import njit\n"
                                "@njit\n"
                                "def rem(x, y):\n"
                                "    return math.remainder(x, y)\n"
                                "@njit\n"
                                "def parts(x):\n"
                                "    f, i = math.modf(x)\n"
                                "    return f, i, math.cbrt(x * x * x)\n");
    static const double REM[][3] = {{5.0, 2.0, 1.0}, {7.0, 2.0, -1.0}, {-5.5, 2.0, 0.5}, {5.0, -3.0, -1.0}};
    for (size_t k = 0; k < sizeof REM / sizeof REM[0]; k++) {
        jitc_value args[2] = {jitc_f64(REM[k][0]), jitc_f64(REM[k][1])};
        jitc_result r = call(m, "rem", args, 2);
        assert_true(r.value.kind == JITC_FLOAT64 && r.value.f64 == REM[k][2]);
    }
    jitc_value x = jitc_f64(-2.5);
    jitc_result r = call(m, "parts", &x, 1);
    assert_int_equal(r.nitems, 3);
    assert_true(r.items[0].f64 == -0.5 && r.items[1].f64 == -2.0 && r.items[2].f64 == -2.5);
    jitc_module_destroy(m);
}

static void test_variable_unification(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def acc(n):\n"
                                "    s = 0\n"
                                "    for i in range(n):\n"
                                "        s += 0.5\n"
                                "    return s\n");
    jitc_value a = jitc_i64(5);
    jitc_result r = call(m, "acc", &a, 1);
    assert_int_equal(r.value.kind, JITC_FLOAT64);
    assert_true(r.value.f64 == 2.5);
    jitc_module_destroy(m);
}

static void test_weak_literals_keep_float32(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def twice(x):\n"
                                "    return x * 2 + 1.5\n");
    jitc_value a = jitc_f32(1.25f);
    jitc_result r = call(m, "twice", &a, 1);
    assert_int_equal(r.value.kind, JITC_FLOAT32);
    assert_true(r.value.f32 == 4.0f);
    jitc_module_destroy(m);
}

static void test_arrays_and_negative_indices(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def scale(a, k):\n"
                                "    for i in range(a.shape[0]):\n"
                                "        for j in range(a.shape[1]):\n"
                                "            a[i, j] = a[i, j] * k\n"
                                "    return a[-1, -1] + a.size + a.ndim\n");
    double data[6] = {1, 2, 3, 4, 5, 6};
    int64_t shape[2] = {2, 3};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value args[2] = {jitc_array(&t), jitc_f64(2.0)};
    jitc_result r = call(m, "scale", args, 2);
    assert_true(r.value.f64 == 12.0 + 6 + 2);
    assert_true(data[0] == 2.0 && data[5] == 12.0);
    /* a strided view (every other column of a 2x6 array) gets its own specialization */
    double wide[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    int64_t vshape[2] = {2, 3}, vstrides[2] = {6, 2};
    DLTensor v = {.data = wide, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = vshape,
                  .strides = vstrides};
    args[0] = jitc_array(&v);
    r = call(m, "scale", args, 2);
    assert_true(r.value.f64 == 20.0 + 6 + 2);
    assert_true(wide[2] == 4.0 && wide[3] == 3.0 && wide[10] == 20.0);
    jitc_module_destroy(m);
}

/* A float converted to an integer saturates (docs/language.md, section 26): NaN gives 0 and a
 * value past int64 the nearest end, where Numba's conversion is undefined. */
static void test_float_to_int_saturates(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("import math\n"
                                "from numba import njit\n"
                                "@njit\n"
                                "def int_of(x):\n"
                                "    return int(x)\n"
                                "@njit\n"
                                "def floor_of(x):\n"
                                "    return math.floor(x)\n");
    const double in[] = {NAN, 1e300, -1e300, INFINITY, -2.5};
    const int64_t out[] = {0, INT64_MAX, INT64_MIN, INT64_MAX, -2};
    for (size_t k = 0; k < sizeof in / sizeof in[0]; k++) {
        jitc_value arg = jitc_f64(in[k]);
        assert_int_equal(call(m, "int_of", &arg, 1).value.i, out[k]);
        assert_int_equal(call(m, "floor_of", &arg, 1).value.i, k == 4 ? -3 : out[k]);
    }
    jitc_module_destroy(m);
}

/* A float sum without fastmath is vectorized in Python's order: the loads and products on
 * vectors, the additions an ordered reduction (no reassoc), so the result is the sequential
 * sum's bit for bit. */
static void test_ordered_sum_vectorized(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def sum_squares(x):\n"
                                "    acc = 0.0\n"
                                "    for i in range(x.shape[0]):\n"
                                "        acc += x[i] * x[i]\n"
                                "    return acc\n");
    jitc_function *fn;
    jitc_module_function(m, "sum_squares", &fn);
    const char *llvm = NULL;
    assert_int_equal(jitc_function_emit(fn, "float64(float64[::1])", JITC_EMIT_LLVM, &llvm), JITC_OK);
    assert_non_null(strstr(llvm, "llvm.vector.reduce.fadd"));
    assert_null(strstr(llvm, "reassoc"));
    enum { N = 1003 };
    double x[N], expected = 0;
    for (int i = 0; i < N; i++) {
        x[i] = 1.0 / (i + 1) + (i % 7) * 1e10;
        expected += x[i] * x[i];
    }
    int64_t shape[1] = {N};
    DLTensor t = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value arg = jitc_array(&t);
    double got = call(m, "sum_squares", &arg, 1).value.f64;
    assert_memory_equal(&got, &expected, sizeof got);
    jitc_module_destroy(m);
}

/* How many times `needle` occurs in the first block named `label` of optimized LLVM IR: from the
 * label to the blank line that ends the block. */
static int count_in_block(const char *llvm, const char *label, const char *needle)
{
    const char *start = strstr(llvm, label);
    assert_non_null(start);
    const char *end = strstr(start, "\n\n");
    int n = 0;
    for (const char *p = strstr(start, needle); p && (!end || p < end); p = strstr(p + 1, needle))
        n++;
    return n;
}

/* A loop that streams arrays is vectorized without interleaving (one vector store per trip), as
 * gcc compiles it; a reduction is still interleaved (several vector partial sums). */
static void test_interleave_only_reductions(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def add(a, b, out):\n"
                                "    for i in range(a.shape[0]):\n"
                                "        out[i] = a[i] + b[i]\n"
                                "@njit(fastmath=True)\n"
                                "def sum_squares(x):\n"
                                "    acc = 0.0\n"
                                "    for i in range(x.shape[0]):\n"
                                "        acc += x[i] * x[i]\n"
                                "    return acc\n");
    jitc_function *fn;
    const char *llvm = NULL;
    jitc_module_function(m, "add", &fn);
    assert_int_equal(jitc_function_emit(fn, "(float64[::1], float64[::1], float64[::1])", JITC_EMIT_LLVM, &llvm),
                     JITC_OK);
    assert_int_equal(count_in_block(llvm, "vector.body:", "store <"), 1);
    jitc_module_function(m, "sum_squares", &fn);
    assert_int_equal(jitc_function_emit(fn, "float64(float64[::1])", JITC_EMIT_LLVM, &llvm), JITC_OK);
    assert_true(count_in_block(llvm, "vector.body:", "= phi <") > 1);
    jitc_module_destroy(m);
}

static void test_boundscheck_raises_index_error(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit(boundscheck=True)\n"
                                "def get(a, i):\n"
                                "    return a[i]\n");
    int32_t data[4] = {1, 2, 3, 4};
    int64_t shape[1] = {4};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 32, 1}, .shape = shape};
    jitc_value args[2] = {jitc_array(&t), jitc_i64(10)};
    jitc_function *fn;
    jitc_module_function(m, "get", &fn);
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "test.krn:4:12: IndexError: index 10 is out of bounds for axis 0 with size 4"));
    args[1] = jitc_i64(-1);
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    assert_int_equal(r.value.i, 4);
    jitc_module_destroy(m);
}

static void test_zero_division(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def div(a, b):\n"
                                "    return a // b\n");
    jitc_function *fn;
    jitc_module_function(m, "div", &fn);
    jitc_value args[2] = {jitc_i64(1), jitc_i64(0)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "ZeroDivisionError"));
    jitc_module_destroy(m);
}

/* A raised exception is data in jitc_result: its class, its message (str() of the exception)
 * and where it was raised, besides the located text; an exception caught inside is not. */
static void test_exceptions_as_data(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit, vectorize\n"
                                "@njit\n"
                                "def sign(x):\n"
                                "    if x < 0:\n"
                                "        raise ValueError(\"negative\", 1)\n"
                                "    assert x != 5, \"five\"\n"
                                "    return x\n"
                                "@njit(boundscheck=True)\n"
                                "def get(a, i):\n"
                                "    return a[i]\n"
                                "@njit\n"
                                "def safe(x):\n"
                                "    try:\n"
                                "        return sign(x)\n"
                                "    except Exception:\n"
                                "        return -1\n"
                                "@vectorize(['float64(float64)'])\n"
                                "def half(x):\n"
                                "    if x < 0:\n"
                                "        raise KeyError('k')\n"
                                "    return x / 2\n");
    jitc_function *fn;
    jitc_result r;
    jitc_value args[2] = {jitc_i64(-3)};
    fn = function_or_fail(m, "sign");
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.message, "test.krn:5:9: ValueError: ('negative', 1)");
    assert_string_equal(r.exc_type, "ValueError");
    assert_string_equal(r.exc_message, "('negative', 1)");
    assert_string_equal(r.exc_where, "test.krn:5:9");
    args[0] = jitc_i64(5);
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "AssertionError");
    assert_string_equal(r.exc_message, "five");
    args[0] = jitc_i64(4);
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_OK);
    assert_string_equal(r.exc_type, "");
    assert_string_equal(r.exc_message, "");
    assert_int_equal(r.value.i, 4);

    int64_t data[2] = {7, 8}, shape[1] = {2};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = shape};
    args[0] = jitc_array(&t);
    args[1] = jitc_i64(2);
    fn = function_or_fail(m, "get");
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "IndexError");
    assert_string_equal(r.exc_message, "index 2 is out of bounds for axis 0 with size 2");
    assert_string_equal(r.exc_where, "test.krn:10:12");

    args[0] = jitc_i64(-3);
    fn = function_or_fail(m, "safe");
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_OK);
    assert_int_equal(r.value.i, -1);
    assert_string_equal(r.exc_type, "");

    double in[3] = {2.0, -1.0, 4.0}, res[3] = {0};
    int64_t n3[1] = {3};
    DLTensor ti = {.data = in, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = n3};
    DLTensor to = {.data = res, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = n3};
    jitc_value uin[1] = {jitc_array(&ti)};
    fn = function_or_fail(m, "half");
    assert_int_equal(jitc_ufunc_call(fn, uin, 1, &to, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "KeyError");
    assert_string_equal(r.exc_message, "'k'");
    assert_string_equal(r.exc_where, "test.krn:20:9");
    jitc_module_destroy(m);
}

static void test_explicit_signature_and_cfunc(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit(\"float64(float64[:], int64)\")\n"
                                "def total(a, n):\n"
                                "    s = 0.0\n"
                                "    for i in range(n):\n"
                                "        s += a[i]\n"
                                "    return s\n");
    jitc_function *fn = function_or_fail(m, "total");
    void *p = NULL;
    assert_int_equal(jitc_function_pointer(fn, "float64(float64[:], int64)", &p), JITC_OK);
    double (*total)(DLTensor *, int64_t) = (double (*)(DLTensor *, int64_t))p;
    double data[5] = {1, 2, 3, 4, 5};
    int64_t shape[1] = {5};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    assert_true(total(&t, 5) == 15.0);
    /* an int32 count converts safely to the int64 of the signature; float32 data does not match */
    jitc_value args[2] = {jitc_array(&t), {.kind = JITC_INT32, .i = 3}};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == 6.0);
    float fdata[2] = {1, 2};
    int64_t fshape[1] = {2};
    DLTensor ft = {.data = fdata, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = fshape};
    args[0] = jitc_array(&ft);
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_TYPE);
    assert_non_null(strstr(r.message, "no signature of total matches (float32[::1], int32)"));
    jitc_module_destroy(m);
}

static void test_syntax_errors_are_data(void **state)
{
    (void)state;
    const char *src = "from numba import njit\n@njit\ndef f(x)\n    return x\n";
    jitc_module *m = NULL;
    assert_int_equal(jitc_module_compile(fixture.ctx, "bad.krn", src, strlen(src), &m), JITC_ERR_SYNTAX);
    assert_non_null(m);
    assert_true(jitc_module_diagnostic_count(m) >= 1);
    const jitc_diagnostic *d = jitc_module_diagnostic(m, 0);
    assert_int_equal(d->severity, JITC_SEV_ERROR);
    assert_string_equal(d->file, "bad.krn");
    assert_int_equal(d->line, 3);
    assert_non_null(strstr(d->rendered, "bad.krn:3:"));
    assert_non_null(strstr(d->rendered, "def f(x)\n"));
    jitc_module_destroy(m);
}

static void test_type_errors_are_located(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def bad(x):\n"
                                "    return x[0]\n");
    jitc_function *fn;
    jitc_module_function(m, "bad", &fn);
    jitc_value a = jitc_i64(3);
    jitc_result r;
    assert_int_equal(jitc_call(fn, &a, 1, &r), JITC_ERR_TYPE);
    const char *text = jitc_module_diagnostics_text(m);
    assert_non_null(strstr(text, "test.krn:4:12: error: cannot index int64"));
    jitc_module_destroy(m);
}

/* A float16 tensor (DLPack kDLFloat, 16 bits) types as a float16 array; host code refuses it
 * as Numba's CPU target does, at the first place that makes a float16 value. */
static void test_float16_tensor_in_host_code(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def first(x):\n"
                                "    return x[0]\n");
    jitc_function *fn;
    jitc_module_function(m, "first", &fn);
    uint16_t bits[2] = {0x3C00, 0x4000}; /* 1.0, 2.0 */
    int64_t shape[1] = {2};
    DLTensor t = {.data = bits, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 16, 1}, .shape = shape};
    jitc_value a = jitc_array(&t);
    jitc_result r;
    assert_int_equal(jitc_call(fn, &a, 1, &r), JITC_ERR_TYPE);
    const char *text = jitc_module_diagnostics_text(m);
    assert_non_null(strstr(text, "test.krn:3:11: error: float16 is not supported in host code"));
    jitc_module_destroy(m);
}

static void test_emit_ir_and_llvm(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def add(a, b):\n"
                                "    return a + b\n");
    jitc_function *fn;
    jitc_module_function(m, "add", &fn);
    const char *ir = NULL, *llvm = NULL, *asm_text = NULL;
    assert_int_equal(jitc_function_emit(fn, "int64(int64, int64)", JITC_EMIT_IR, &ir), JITC_OK);
    assert_non_null(strstr(ir, "bin.add"));
    assert_int_equal(jitc_function_emit(fn, "float32(float32, float32)", JITC_EMIT_LLVM, &llvm), JITC_OK);
    assert_non_null(strstr(llvm, "fadd float"));
    assert_int_equal(jitc_function_emit(fn, "float32(float32, float32)", JITC_EMIT_ASM, &asm_text), JITC_OK);
    assert_non_null(strstr(asm_text, ".add.f32.f32"));
    jitc_module_destroy(m);
}

/* Raw LLVM IR is what codegen made (locals still in allocas), without the machine's lines. */
static void test_emit_llvm_raw(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "@njit\n"
                                "def add(a, b):\n"
                                "    return a + b\n");
    jitc_function *fn;
    jitc_module_function(m, "add", &fn);
    const char *raw = NULL, *optimized = NULL;
    assert_int_equal(jitc_function_emit(fn, "float32(float32, float32)", JITC_EMIT_LLVM_RAW, &raw), JITC_OK);
    assert_non_null(strstr(raw, "fadd float"));
    assert_non_null(strstr(raw, "alloca float"));
    assert_null(strstr(raw, "target triple"));
    assert_null(strstr(raw, "target datalayout"));
    assert_null(strstr(raw, "target-cpu"));
    assert_int_equal(jitc_function_emit(fn, "float32(float32, float32)", JITC_EMIT_LLVM, &optimized), JITC_OK);
    assert_null(strstr(optimized, "alloca float"));
    assert_non_null(strstr(optimized, "target triple"));
    const char *text = "untouched";
    assert_int_equal(jitc_function_emit(fn, NULL, (jitc_emit_kind)99, &text), JITC_ERR_ARGUMENT);
    assert_null(text);
    jitc_module_destroy(m);
}

/* The syntax tree of the whole module; with syntax errors, of the statements that parsed. */
static void test_emit_ast(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("from numba import njit\n"
                                "N = 4\n"
                                "@njit\n"
                                "def add(a, b):\n"
                                "    return a + b * N\n");
    const char *text = NULL;
    assert_int_equal(jitc_module_emit_ast(m, &text), JITC_OK);
    assert_string_equal(text, "(from numba njit)\n"
                              "(global N 4)\n"
                              "(def add (a b)\n"
                              "  (decorators (name njit))\n"
                              "  (body\n"
                              "    (return (+ (name a) (* (name b) (name N))))))\n");
    assert_int_equal(jitc_module_emit_ast(m, NULL), JITC_ERR_ARGUMENT);
    jitc_module_destroy(m);
    text = "untouched";
    assert_int_equal(jitc_module_emit_ast(NULL, &text), JITC_ERR_ARGUMENT);
    assert_null(text);

    /* a compiled function's syntax error (an undecorated one would be skipped as plain Python) */
    const char *bad = "from numba import njit\n@njit\ndef f(x):\n    y = (x +\n    return x\n";
    assert_int_equal(jitc_module_compile(fixture.ctx, "bad.krn", bad, strlen(bad), &m), JITC_ERR_SYNTAX);
    assert_int_equal(jitc_module_emit_ast(m, &text), JITC_OK);
    assert_non_null(strstr(text, "(def f (x)"));
    assert_non_null(strstr(jitc_module_diagnostics_text(m), "bad.krn:"));
    jitc_module_destroy(m);
}

typedef struct Counts {
    long allocs, frees, diagnostics;
    int last_line;
} Counts;

static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    Counts *c = ud;
    (void)osize;
    if (nsize == 0) {
        c->frees += ptr != NULL;
        free(ptr);
        return NULL;
    }
    c->allocs += ptr == NULL;
    return realloc(ptr, nsize);
}

static void count_diagnostic(void *ud, const jitc_diagnostic *d)
{
    Counts *c = ud;
    c->diagnostics++;
    c->last_line = d->line;
}

static void test_allocator_and_diagnostic_hooks(void **state)
{
    (void)state;
    Counts counts = {0};
    jitc_options opts;
    jitc_options_init(&opts);
    opts.alloc = counting_alloc;
    opts.alloc_ud = &counts;
    opts.on_diagnostic = count_diagnostic;
    opts.diagnostic_ud = &counts;
    jitc_context *c;
    assert_int_equal(jitc_context_create(&opts, &c), JITC_OK);
    const char *src = "from numba import njit\n@njit\ndef f(x):\n    return x + y\n";
    jitc_module *m;
    assert_int_equal(jitc_module_compile(c, "h.krn", src, strlen(src), &m), JITC_ERR_TYPE);
    assert_int_equal(counts.diagnostics, 1);
    assert_int_equal(counts.last_line, 4);
    assert_true(counts.allocs > 0);
    jitc_context_destroy(c); /* destroys the module too */
    assert_int_equal(counts.allocs, counts.frees);
}

/* lazy_check: as Numba, a function is type-checked when first called, so one with an error does
 * not keep the others from running; the error comes with its call. */
static void test_lazy_check(void **state)
{
    (void)state;
    jitc_options opts;
    jitc_options_init(&opts);
    opts.lazy_check = 1;
    jitc_context *c;
    assert_int_equal(jitc_context_create(&opts, &c), JITC_OK);
    const char *src = "from numba import njit\n@njit\ndef bad(x):\n    return x + y\n"
                      "@njit\ndef good(x):\n    return x * 2\n";
    jitc_module *m;
    assert_int_equal(jitc_module_compile(c, "lazy.krn", src, strlen(src), &m), JITC_OK);
    assert_int_equal(jitc_module_diagnostic_count(m), 0);
    jitc_value a = jitc_i64(21);
    jitc_result r;
    jitc_function *good, *bad;
    assert_int_equal(jitc_module_function(m, "good", &good), JITC_OK);
    assert_int_equal(jitc_module_function(m, "bad", &bad), JITC_OK);
    assert_int_equal(jitc_call(good, &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.i, 42);
    assert_int_equal(jitc_call(bad, &a, 1, &r), JITC_ERR_TYPE);
    assert_true(jitc_module_diagnostic_count(m) > 0);
    jitc_context_destroy(c);
}

/* Modules can be made and destroyed repeatedly in one context; their code goes with them. */
static void test_module_lifecycle(void **state)
{
    (void)state;
    const char *src = "from numba import njit\n@njit\ndef g(x):\n    return x * 3\n";
    for (int i = 0; i < 20; i++) {
        jitc_module *m = compile_ok(src);
        jitc_value a = jitc_i64(i);
        jitc_result r = call(m, "g", &a, 1);
        assert_int_equal(r.value.i, 3 * i);
        jitc_module_destroy(m);
    }
}

static void *compile_in_thread(void *arg)
{
    long k = (long)arg;
    jitc_context *c;
    if (jitc_context_create(NULL, &c) != JITC_OK)
        return (void *)1;
    const char *src = "from numba import njit\n@njit\ndef sq(x):\n    return x * x + 1\n";
    jitc_module *m;
    long bad = jitc_module_compile(c, "t.krn", src, strlen(src), &m) != JITC_OK;
    jitc_function *fn;
    jitc_result r;
    jitc_value a = jitc_i64(k);
    bad |= jitc_module_function(m, "sq", &fn) != JITC_OK || jitc_call(fn, &a, 1, &r) != JITC_OK ||
           r.value.i != k * k + 1;
    jitc_context_destroy(c);
    return (void *)bad;
}

static void test_contexts_in_parallel_threads(void **state)
{
    (void)state;
    pthread_t th[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&th[i], NULL, compile_in_thread, (void *)(i + 3));
    for (int i = 0; i < 4; i++) {
        void *bad;
        pthread_join(th[i], &bad);
        assert_null(bad);
    }
}

/* The API's edges: what a caller can get wrong, and what Numba does with it. */
static void test_api_edges(void **state)
{
    (void)state;
    jitc_module *m = compile_ok("import numpy as np\nfrom numba import njit, cuda\n"
                                "@njit(\"int64(int64)\")\n"
                                "def ident(x):\n"
                                "    return x\n"
                                "@njit\n"
                                "def ones(n):\n"
                                "    return np.ones(n)\n"
                                "@cuda.jit(\"void(float32[:])\")\n"
                                "def kern(a):\n"
                                "    i = cuda.grid(1)\n"
                                "    if i < a.size:\n"
                                "        a[i] = 1.0\n");
    /* a float for an integer parameter of an explicit signature truncates, as in Numba */
    jitc_result r = call(m, "ident", (jitc_value[]){jitc_f64(-2.9)}, 1);
    assert_int_equal(r.value.i, -2);
    r = call(m, "ident", (jitc_value[]){jitc_f64(1e300)}, 1);
    assert_int_equal(r.value.i, INT64_MAX);
    /* a result nobody asked for is released (LeakSanitizer checks this under SAN=1) */
    jitc_function *fn = function_or_fail(m, "ones");
    assert_int_equal(jitc_call(fn, (jitc_value[]){jitc_i64(1000)}, 1, NULL), JITC_OK);
    /* a kernel compiles to PTX (no GPU needed) but has no host function pointer */
    fn = function_or_fail(m, "kern");
    assert_int_equal(jitc_function_compile(fn, "void(float32[:])"), JITC_OK);
    void *p = (void *)1;
    assert_int_equal(jitc_function_pointer(fn, "void(float32[:])", &p), JITC_ERR_UNSUPPORTED);
    assert_null(p);
    assert_non_null(strstr(jitc_module_diagnostics_text(m), "'kern' is GPU code: it has no host function pointer"));
    assert_int_equal(jitc_device_count(NULL, NULL, 0), JITC_ERR_ARGUMENT);
    /* CUDA IPC: a NULL context, pointer or handle is refused before the driver is loaded */
    jitc_ipc_handle handle = {{0}};
    void *dptr = &handle;
    assert_int_equal(jitc_ipc_export(NULL, dptr, &handle), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_export(fixture.ctx, NULL, &handle), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_export(fixture.ctx, dptr, NULL), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_open(NULL, &handle, &dptr), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_open(fixture.ctx, NULL, &dptr), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_open(fixture.ctx, &handle, NULL), JITC_ERR_ARGUMENT);
    assert_ptr_equal(dptr, &handle);
    assert_int_equal(jitc_ipc_close(NULL, dptr), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_ipc_close(fixture.ctx, NULL), JITC_ERR_ARGUMENT);
    jitc_module_destroy(m);

    /* emitting the first specialization when it failed to type is an error, not a crash */
    const char *bad = "from numba import njit\n@njit(\"int64(int64)\")\ndef f(x):\n    return x + undefined_name\n";
    assert_int_equal(jitc_module_compile(fixture.ctx, "bad.krn", bad, strlen(bad), &m), JITC_ERR_TYPE);
    fn = function_or_fail(m, "f");
    const char *text = "untouched";
    assert_int_equal(jitc_function_emit(fn, NULL, JITC_EMIT_LLVM, &text), JITC_ERR_TYPE);
    assert_null(text);
    jitc_module_destroy(m);

    /* a CPU name LLVM does not know is refused when the context is made */
    jitc_options opts;
    jitc_options_init(&opts);
    opts.cpu = "nosuchcpu";
    jitc_context *other = (jitc_context *)1;
    assert_int_equal(jitc_context_create(&opts, &other), JITC_ERR_ARGUMENT);
    assert_null(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fib_recursion),
        cmocka_unit_test(test_dtype_arguments),
        cmocka_unit_test(test_python_division_semantics),
        cmocka_unit_test(test_math_beyond_numba),
        cmocka_unit_test(test_variable_unification),
        cmocka_unit_test(test_weak_literals_keep_float32),
        cmocka_unit_test(test_arrays_and_negative_indices),
        cmocka_unit_test(test_float_to_int_saturates),
        cmocka_unit_test(test_ordered_sum_vectorized),
        cmocka_unit_test(test_interleave_only_reductions),
        cmocka_unit_test(test_boundscheck_raises_index_error),
        cmocka_unit_test(test_zero_division),
        cmocka_unit_test(test_exceptions_as_data),
        cmocka_unit_test(test_explicit_signature_and_cfunc),
        cmocka_unit_test(test_syntax_errors_are_data),
        cmocka_unit_test(test_type_errors_are_located),
        cmocka_unit_test(test_float16_tensor_in_host_code),
        cmocka_unit_test(test_emit_ir_and_llvm),
        cmocka_unit_test(test_emit_llvm_raw),
        cmocka_unit_test(test_emit_ast),
        cmocka_unit_test(test_contexts_in_parallel_threads),
        cmocka_unit_test(test_allocator_and_diagnostic_hooks),
        cmocka_unit_test(test_lazy_check),
        cmocka_unit_test(test_module_lifecycle),
        cmocka_unit_test(test_api_edges),
    };
    return cmocka_run_group_tests(tests, context_setup, fixture_teardown);
}
