/* test_nested.c — nested values through jitc_call (include/jitc.h): results that are tuples of
 * tuples, lists of lists, of tuples and of arrays, typed lists with their Numba type name, read
 * through jitc_value.items; jitc_result_free on them (also twice, after a raise, and with one
 * array kept longer; the sanitized build's LeakSanitizer checks that nothing leaks); and tuple
 * arguments (jitc_tuple): homogeneous, heterogeneous, nested, holding arrays that the callee
 * writes, and the errors for malformed ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

static const char SRC[] =
    "import numpy as np\n"
    "from numba import njit\n"
    "from numba.typed import List\n"
    "@njit\n"
    "def ends(n):\n"
    "    x = np.arange(n)\n"
    "    return x, (x[0], (x[-1] * 0.5, n > 2))\n"
    "@njit\n"
    "def triangle(n):\n"
    "    return [[x for x in range(y)] for y in range(n)]\n"
    "@njit\n"
    "def pairs(n):\n"
    "    return [(i, i / 2) for i in range(n)]\n"
    "@njit\n"
    "def ramps(n):\n"
    "    return [np.arange(k) * 1.0 for k in range(n)]\n"
    "@njit\n"
    "def typed(n):\n"
    "    l = List()\n"
    "    for i in range(n):\n"
    "        a = np.zeros((2, 2), dtype=np.float32)\n"
    "        a[1, 1] = i\n"
    "        l.append(a)\n"
    "    return l\n"
    "@njit\n"
    "def raises(n):\n"
    "    l = [np.arange(k) for k in range(n)]\n"
    "    if n > 2:\n"
    "        raise ValueError('too long')\n"
    "    return l, (n, [[1]])\n"
    "@njit\n"
    "def total(t):\n"
    "    return t[0] + t[1] + t[2]\n"
    "@njit\n"
    "def nest(t):\n"
    "    t[1][1][0] = -1.0\n"
    "    return t[0] + t[1][0] + t[1][1].sum(), t\n"
    "@njit\n"
    "def contains(a, b):\n"
    "    return a in b\n";

static int setup(void **state) { return fixture_setup(state, "nested.krn", SRC); }

static jitc_status call(Fixture *f, const char *name, jitc_value *args, int n, jitc_result *r)
{
    return jitc_call(function_or_fail(f->m, name), args, n, r);
}

static void test_a_tuple_inside_a_tuple(void **state)
{
    jitc_value n = jitc_i64(5);
    jitc_result r;
    assert_int_equal(call(*state, "ends", &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_int_equal(r.nitems, 2);
    assert_int_equal(r.items[0].kind, JITC_ARRAY);
    assert_int_equal(r.items[0].array->shape[0], 5);
    const jitc_value *t = &r.items[1];
    assert_int_equal(t->kind, JITC_TUPLE);
    assert_int_equal(t->nitems, 2);
    assert_int_equal(t->items[0].kind, JITC_INT64);
    assert_int_equal(t->items[0].i, 0);
    assert_int_equal(t->items[1].kind, JITC_TUPLE);
    assert_int_equal(t->items[1].nitems, 2);
    assert_true(t->items[1].items[0].f64 == 2.0);
    assert_int_equal(t->items[1].items[1].kind, JITC_BOOL);
    assert_true(t->items[1].items[1].b);
    jitc_result_free(&r);
    assert_null(r.items[1].items);
    jitc_result_free(&r); /* twice is harmless */
}

static void test_a_list_of_lists(void **state)
{
    jitc_value n = jitc_i64(4);
    jitc_result r;
    assert_int_equal(call(*state, "triangle", &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_LIST);
    assert_null(r.value.array);
    assert_int_equal(r.value.nitems, 4);
    for (int y = 0; y < 4; y++) {
        const jitc_value *row = &r.value.items[y];
        assert_int_equal(row->kind, JITC_LIST); /* of scalars: a 1-d tensor */
        assert_int_equal(row->array->shape[0], y);
        for (int x = 0; x < y; x++)
            assert_int_equal(((const int64_t *)row->array->data)[x], x);
    }
    jitc_result_free(&r);
}

static void test_a_list_of_tuples(void **state)
{
    jitc_value n = jitc_i64(3);
    jitc_result r;
    assert_int_equal(call(*state, "pairs", &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_LIST);
    assert_int_equal(r.value.nitems, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(r.value.items[i].kind, JITC_TUPLE);
        assert_int_equal(r.value.items[i].items[0].i, i);
        assert_true(r.value.items[i].items[1].f64 == i / 2.0);
    }
    jitc_result_free(&r);
}

static void test_a_list_of_arrays_one_kept_longer(void **state)
{
    jitc_value n = jitc_i64(3);
    jitc_result r;
    assert_int_equal(call(*state, "ramps", &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.nitems, 3);
    assert_int_equal(r.value.items[0].kind, JITC_ARRAY);
    assert_int_equal(r.value.items[0].array->shape[0], 0);
    DLManagedTensor *kept = r.value.items[2].owner;
    r.value.items[2].owner = NULL;
    jitc_result_free(&r);
    assert_int_equal(kept->dl_tensor.shape[0], 2);
    assert_true(((const double *)kept->dl_tensor.data)[1] == 1.0);
    kept->deleter(kept);
}

static void test_a_typed_list_of_arrays_has_its_type_name(void **state)
{
    jitc_value n = jitc_i64(2);
    jitc_result r;
    assert_int_equal(call(*state, "typed", &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TYPED_LIST);
    assert_string_equal(r.value.type_name, "ListType[array(float32, 2d, C)]");
    assert_int_equal(r.value.nitems, 2);
    const DLTensor *t = r.value.items[1].array;
    assert_int_equal(t->ndim, 2);
    assert_int_equal(t->dtype.bits, 32);
    assert_true(((const float *)t->data)[3] == 1.0f);
    jitc_result_free(&r);
    assert_null(r.value.type_name);
}

static void test_a_raise_frees_what_was_built(void **state)
{
    jitc_value n = jitc_i64(3);
    jitc_result r;
    assert_int_equal(call(*state, "raises", &n, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "ValueError");
    assert_int_equal(r.value.kind, JITC_NONE);
    n = jitc_i64(2);
    assert_int_equal(call(*state, "raises", &n, 1, NULL), JITC_OK); /* discarded: freed inside */
}

static void test_tuple_arguments(void **state)
{
    jitc_value ints[3] = {jitc_i64(1), jitc_i64(2), jitc_i64(3)};
    jitc_value t = jitc_tuple(ints, 3);
    jitc_result r;
    assert_int_equal(call(*state, "total", &t, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_INT64);
    assert_int_equal(r.value.i, 6);
    jitc_value mixed[3] = {jitc_i64(1), jitc_f64(0.5), jitc_bool(true)};
    t = jitc_tuple(mixed, 3);
    assert_int_equal(call(*state, "total", &t, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_FLOAT64);
    assert_true(r.value.f64 == 2.5);
    jitc_value args[2] = {jitc_i64(2), jitc_tuple(ints, 3)};
    assert_int_equal(call(*state, "contains", args, 2, &r), JITC_OK);
    assert_true(r.value.b);
    args[0] = jitc_i64(9);
    assert_int_equal(call(*state, "contains", args, 2, &r), JITC_OK);
    assert_false(r.value.b);
}

static void test_a_nested_tuple_argument_with_an_array(void **state)
{
    double data[3] = {1, 2, 3};
    int64_t shape[1] = {3};
    DLTensor a = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value inner[2] = {jitc_f64(2.5), jitc_array(&a)};
    jitc_value outer[2] = {jitc_i64(1), jitc_tuple(inner, 2)};
    jitc_value t = jitc_tuple(outer, 2);
    jitc_result r;
    assert_int_equal(call(*state, "nest", &t, 1, &r), JITC_OK);
    assert_true(data[0] == -1.0); /* written through the tuple */
    assert_int_equal(r.nitems, 2);
    assert_true(r.items[0].f64 == 1 + 2.5 + (-1 + 2 + 3));
    const jitc_value *back = &r.items[1]; /* the tuple as it came in, its array the argument's memory */
    assert_int_equal(back->items[1].items[1].kind, JITC_ARRAY);
    assert_ptr_equal(back->items[1].items[1].array->data, data);
    jitc_result_free(&r);
}

static void test_malformed_tuple_arguments(void **state)
{
    jitc_value t = jitc_tuple(NULL, 2);
    jitc_result r;
    assert_int_equal(call(*state, "total", &t, 1, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "argument 1"));
    jitc_value bad[1] = {{.kind = (jitc_kind)99}};
    t = jitc_tuple(bad, 1);
    assert_int_equal(call(*state, "total", &t, 1, &r), JITC_ERR_ARGUMENT);
    jitc_value two[2] = {jitc_i64(1), jitc_i64(2)};
    t = jitc_tuple(two, 2);
    assert_int_equal(call(*state, "total", &t, 1, &r), JITC_ERR_TYPE); /* t[2] is out of range */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_tuple_inside_a_tuple),
        cmocka_unit_test(test_a_list_of_lists),
        cmocka_unit_test(test_a_list_of_tuples),
        cmocka_unit_test(test_a_list_of_arrays_one_kept_longer),
        cmocka_unit_test(test_a_typed_list_of_arrays_has_its_type_name),
        cmocka_unit_test(test_a_raise_frees_what_was_built),
        cmocka_unit_test(test_tuple_arguments),
        cmocka_unit_test(test_a_nested_tuple_argument_with_an_array),
        cmocka_unit_test(test_malformed_tuple_arguments),
    };
    return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
