/* test_objmode.c — `with objmode(...)` blocks run by an embedder's callback (jitc_options.objmode):
 * what the callback is told (the block's place, the variables it reads with their values, the
 * declared outputs), outputs converted to their declared types (numbers cast, strings, arrays
 * held until compiled code drops them, tuples), an input array written in place, a callback's
 * failure raised as its exception class, an output of the wrong kind as TypeError, and the
 * compile errors: no callback, a prange body, an unknown output type, `return` in the block. */
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

static const char SRC[] = "import numpy as np\n"
                          "from numba import njit, objmode\n"
                          "@njit\n"
                          "def scaled(x, a):\n"
                          "    y = x * 2.0\n"
                          "    with objmode(z='float64', b='int64[:]', s='unicode_type', t='UniTuple(int32, 2)'):\n"
                          "        z = python_side(y, a)\n"
                          "        b = np.arange(3) * y\n"
                          "    return z + 1.0, b.sum(), s, t[0] + t[1]\n"
                          "@njit\n"
                          "def failing(x):\n"
                          "    with objmode(z='float64'):\n"
                          "        z = x\n"
                          "    return z\n";

/* What the callback saw and does. */
static struct {
    int calls;
    jitc_objmode_block block;
    char names[4][16];
    double y;
    const char *fail;       /* NULL, or the exception it reports */
    bool wrong_kind;        /* sets z to an array */
    int64_t out[3];         /* b's elements */
    int64_t shape[1];
    DLManagedTensor owner;  /* what holds b: its deleter counts */
    int deleted;
} seen;

static void count_delete(DLManagedTensor *self)
{
    (void)self;
    seen.deleted++;
}

static bool run_block(void *ud, const jitc_objmode_block *block, jitc_value *inputs, jitc_value *outputs, char *error,
                      size_t n)
{
    assert_ptr_equal(ud, &seen);
    seen.calls++;
    seen.block = *block;
    for (int i = 0; i < block->ninputs && i < 4; i++)
        snprintf(seen.names[i], sizeof seen.names[i], "%s", block->input_names[i]);
    if (seen.fail) {
        snprintf(error, n, "%s", seen.fail);
        return false;
    }
    if (strcmp(block->function, "failing") == 0) {
        outputs[0] = seen.wrong_kind ? jitc_str("not a number") : jitc_i64(7);
        return true;
    }
    seen.y = inputs[0].f64;
    double *a = inputs[1].array->data; /* the caller's array: written in place */
    a[0] = -1.0;
    outputs[0] = jitc_i64((int64_t)(seen.y * 10)); /* an int where float64 is declared: cast */
    for (int i = 0; i < 3; i++)
        seen.out[i] = i * (int64_t)seen.y;
    seen.shape[0] = 3;
    seen.owner = (DLManagedTensor){.dl_tensor = {.data = seen.out, .device = {kDLCPU, 0}, .ndim = 1,
                                                 .dtype = {kDLInt, 64, 1}, .shape = seen.shape},
                                   .deleter = count_delete};
    outputs[1] = (jitc_value){.kind = JITC_ARRAY, .array = &seen.owner.dl_tensor, .owner = &seen.owner};
    outputs[2] = jitc_str("héllo");
    static jitc_value pair[2];
    pair[0] = jitc_i64(3);
    pair[1] = jitc_f64(4.9); /* truncated to int32 as Numba's unboxing does */
    outputs[3] = jitc_tuple(pair, 2);
    return true;
}

static int setup(void **state)
{
    fixture = (Fixture){0};
    jitc_options opts;
    jitc_options_init(&opts);
    opts.objmode = run_block;
    opts.objmode_ud = &seen;
    if (jitc_context_create(&opts, &fixture.ctx) != JITC_OK)
        return -1;
    jitc_status st = jitc_module_compile(fixture.ctx, "objmode.py", SRC, strlen(SRC), &fixture.m);
    if (st != JITC_OK) {
        fprintf(stderr, "%s", fixture.m ? jitc_module_diagnostics_text(fixture.m) : "");
        return -1;
    }
    *state = &fixture;
    return 0;
}

static void test_inputs_outputs_and_conversions(void **state)
{
    memset(&seen, 0, sizeof seen);
    double a[2] = {5.0, 6.0};
    int64_t shape[1] = {2};
    DLTensor ta = {.data = a, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value args[2] = {jitc_f64(1.5), jitc_array(&ta)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "scaled"), args, 2, &r), JITC_OK);
    assert_int_equal(seen.calls, 1);
    assert_string_equal(seen.block.function, "scaled");
    assert_string_equal(seen.block.file, "objmode.py");
    assert_int_equal(seen.block.line, 6);
    assert_int_equal(seen.block.last_line, 8);
    assert_int_equal(seen.block.ninputs, 2); /* y and a: python_side and np are not variables */
    assert_string_equal(seen.names[0], "y");
    assert_string_equal(seen.names[1], "a");
    assert_int_equal(seen.block.noutputs, 4);
    assert_string_equal(seen.block.output_names[1], "b");
    assert_string_equal(seen.block.output_types[1], "int64[:]");
    assert_true(seen.y == 3.0);
    assert_true(a[0] == -1.0); /* the block wrote the caller's array */
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_true(r.items[0].f64 == 31.0);
    assert_int_equal(r.items[1].i, 0 + 3 + 6);
    assert_string_equal(r.items[2].str, "héllo");
    assert_int_equal(r.items[3].i, 7);
    assert_int_equal(seen.deleted, 1); /* b was dropped when the function returned */
    jitc_result_free(&r);
}

static void test_failure_is_raised_as_its_class(void **state)
{
    memset(&seen, 0, sizeof seen);
    seen.fail = "KeyError: 'missing'";
    jitc_value x = jitc_f64(1.0);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "failing"), &x, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "KeyError");
    assert_string_equal(r.exc_message, "'missing'");
    assert_string_equal(r.exc_where, "objmode.py:12:5");
    seen.fail = "MyOwnError: unknown to jitc";
    assert_int_equal(jitc_call(fixture_function(state, "failing"), &x, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "MyOwnError");
}

static void test_output_of_the_wrong_kind(void **state)
{
    memset(&seen, 0, sizeof seen);
    seen.wrong_kind = true;
    jitc_value x = jitc_f64(1.0);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "failing"), &x, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "TypeError");
    assert_non_null(strstr(r.exc_message, "objmode output 'z' is declared float64"));
    seen.wrong_kind = false;
    assert_int_equal(jitc_call(fixture_function(state, "failing"), &x, 1, &r), JITC_OK);
    assert_true(r.value.f64 == 7.0);
}

/* Compiles src in ctx and expects a type error whose diagnostics contain `expected`. */
static void assert_refused(jitc_context *ctx, const char *src, const char *call, const char *expected)
{
    jitc_module *m = NULL;
    jitc_status st = jitc_module_compile(ctx, "refused.py", src, strlen(src), &m);
    if (st == JITC_OK) {
        jitc_function *fn = function_or_fail(m, call);
        jitc_value x = jitc_i64(3);
        jitc_result r;
        st = jitc_call(fn, &x, 1, &r);
    }
    assert_int_not_equal(st, JITC_OK);
    const char *text = jitc_module_diagnostics_text(m);
    if (!strstr(text, expected))
        fail_msg("expected '%s' in:\n%s", expected, text);
    jitc_module_destroy(m);
}

static void test_compile_errors(void **state)
{
    jitc_context *plain = NULL;
    assert_int_equal(jitc_context_create(NULL, &plain), JITC_OK);
    assert_refused(plain, SRC, "failing", "only the jitc Python package can run it");
    jitc_context_destroy(plain);
    jitc_context *ctx = ((Fixture *)*state)->ctx;
    assert_refused(ctx,
                   "from numba import njit, objmode, prange\n"
                   "@njit(parallel=True)\n"
                   "def f(n):\n"
                   "    for i in prange(n):\n"
                   "        with objmode():\n"
                   "            print(i)\n"
                   "    return n\n",
                   "f", "not supported inside a prange loop");
    assert_refused(ctx,
                   "from numba import njit, objmode\n"
                   "@njit\n"
                   "def f(n):\n"
                   "    with objmode(y='floatt64'):\n"
                   "        y = 1\n"
                   "    return y\n",
                   "f", "unknown type 'floatt64' for 'y'");
    assert_refused(ctx,
                   "from numba import njit, objmode\n"
                   "@njit\n"
                   "def f(n):\n"
                   "    with objmode():\n"
                   "        return n\n"
                   "    return 0\n",
                   "f", "'return' inside a 'with objmode' block is not supported");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inputs_outputs_and_conversions),
        cmocka_unit_test(test_failure_is_raised_as_its_class),
        cmocka_unit_test(test_output_of_the_wrong_kind),
        cmocka_unit_test(test_compile_errors),
    };
    return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
