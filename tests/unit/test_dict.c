/* test_dict.c — dicts and sets: runtime/hash.c directly (Python's hash() of numbers and tuples,
 * a set's slots in Numba's order as it grows and shrinks, a dict's insertion order, removal, pop,
 * copy, clear, values that are arrays released with the table, which the sanitized build's
 * LeakSanitizer checks), and through the C API (a list, a dict, a dict of tuples of numbers or
 * of arrays, and a set passed; a dict, a dict of array pairs and a set returned as JITC_DICT and
 * JITC_SET, KeyError). */
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
#include "runtime/hash.h"
#include "runtime/list.h"
#include "runtime/rt.h"

/* ---- the runtime ---- */

static void test_hash_is_pythons(void **state)
{
    (void)state;
    /* the values CPython and Numba give */
    assert_int_equal(jitc_rt_hash_int(5), 5);
    assert_int_equal(jitc_rt_hash_int(-1), -2);
    assert_int_equal(jitc_rt_hash_int(INT64_MIN), -4);
    assert_int_equal(jitc_rt_hash_int(((int64_t)1 << 61) - 1), 0);
    assert_int_equal(jitc_rt_hash_uint(UINT64_MAX), 7);
    assert_int_equal(jitc_rt_hash_float(1.5), 1152921504606846977);
    assert_int_equal(jitc_rt_hash_float(-3.25), -576460752303423491);
    assert_int_equal(jitc_rt_hash_float(2.0), 2);
    assert_int_equal(jitc_rt_hash_float(1.0 / 0.0), 314159);
    assert_int_equal(jitc_rt_hash_complex(1.0, 2.0), 2000007);
    uint64_t acc = jitc_rt_hash_tuple_start();
    acc = jitc_rt_hash_tuple_add(acc, jitc_rt_hash_int(1));
    acc = jitc_rt_hash_tuple_add(acc, jitc_rt_hash_int(2));
    assert_int_equal(jitc_rt_hash_tuple_end(acc, 2), -3550055125485641917);
}

static void add(JitcHash *h, int64_t k, JitcErr *err)
{
    assert_non_null(jitc_rt_hash_put(h, (char *)&k, jitc_rt_hash_int(k), 1, 8, 0, JITC_LIST_ITEM_PLAIN, "here", err));
}

static int64_t key_at(JitcHash *h, int64_t pos)
{
    int64_t k;
    memcpy(&k, jitc_rt_hash_key(h, pos), sizeof k);
    return k;
}

/* The keys in the order the table iterates them, into out; how many. */
static int keys(JitcHash *h, int64_t *out)
{
    int n = 0;
    for (int64_t pos = jitc_rt_hash_next(h, 0); pos >= 0; pos = jitc_rt_hash_next(h, pos + 1))
        out[n++] = key_at(h, pos);
    return n;
}

static void test_a_set_iterates_in_numbas_order(void **state)
{
    (void)state;
    JitcErr err = {0};
    JitcHash *s = jitc_rt_hash_new(1, 8, 0, JITC_LIST_ITEM_PLAIN, 0, "here", &err);
    for (int64_t k = 20; k > 0; k -= 3) /* 20 17 14 11 8 5 2: slot order is k mod 16 */
        add(s, k, &err);
    add(s, 17, &err); /* there already */
    int64_t out[64];
    assert_int_equal(keys(s, out), 7);
    int64_t want[] = {17, 2, 20, 5, 8, 11, 14};
    assert_memory_equal(out, want, sizeof want);
    for (int64_t k = 100; k < 110; k++) /* 17 items: 64 slots */
        add(s, k, &err);
    assert_int_equal(s->mask + 1, 64);
    for (int64_t k = 100; k < 110; k++) /* 7 again, in 64 slots: shrinks to 16 */
        jitc_rt_hash_remove(s, jitc_rt_hash_find(s, (char *)&k, jitc_rt_hash_int(k)), 1);
    assert_int_equal(s->mask + 1, 16);
    assert_int_equal(keys(s, out), 7);
    int64_t k = 2;
    assert_true(jitc_rt_hash_find(s, (char *)&k, jitc_rt_hash_int(k)) >= 0);
    k = 3;
    assert_int_equal(jitc_rt_hash_find(s, (char *)&k, jitc_rt_hash_int(k)), -1);
    int64_t popped = key_at(s, jitc_rt_hash_pop_position(s)); /* after the finger: slot 1, 17 */
    assert_int_equal(popped, 17);
    JitcHash *c = jitc_rt_hash_copy(s, "here", &err);
    assert_non_null(c);
    jitc_rt_hash_clear(s);
    assert_int_equal(jitc_rt_hash_len(s), 0);
    assert_int_equal(jitc_rt_hash_len(c), 7);
    jitc_rt_hash_release(s);
    jitc_rt_hash_release(c);
}

static void test_a_dict_keeps_insertion_order_and_its_arrays(void **state)
{
    (void)state;
    JitcErr err = {0};
    int64_t n = 4, valsize = 32, memoff = 24; /* a 1-d array: data, shape, stride, JitcMem */
    JitcHash *d = jitc_rt_hash_new(0, 8, valsize, memoff, 0, "here", &err);
    for (int64_t k = 50; k > 0; k -= 10) {
        JitcMem *m = jitc_rt_alloc(1, &n, 8, 0, "here", &err);
        assert_non_null(m);
        char *v = jitc_rt_hash_put(d, (char *)&k, jitc_rt_hash_int(k), 0, 8, valsize, memoff, "here", &err);
        assert_non_null(v);
        memset(v, 0, (size_t)valsize);
        memcpy(v + memoff, &m, sizeof m); /* the dict takes the reference */
    }
    int64_t k = 30;
    jitc_rt_hash_remove(d, jitc_rt_hash_find(d, (char *)&k, jitc_rt_hash_int(k)), 1);
    int64_t out[8];
    assert_int_equal(keys(d, out), 4);
    int64_t want[] = {50, 40, 20, 10};
    assert_memory_equal(out, want, sizeof want);
    assert_int_equal(key_at(d, jitc_rt_hash_pop_position(d)), 10); /* popitem: the last */
    jitc_rt_hash_release(d); /* its arrays with it */
}

/* ---- through the C API ---- */

static const char SRC[] =
    "import numpy as np\n"
    "from numba import njit\n"
    "@njit\n"
    "def tally(keys):\n"
    "    d = {}\n"
    "    for k in keys:\n"
    "        if k in d:\n"
    "            d[k] += 1\n"
    "        else:\n"
    "            d[k] = 1\n"
    "    return d\n"
    "@njit\n"
    "def distinct(n):\n"
    "    return set([i % 4 for i in range(n)])\n"
    "@njit\n"
    "def lookup(d, k):\n"
    "    return d[k].sum()\n"
    "@njit\n"
    "def ratio(d, k):\n"
    "    up, down = d[k]\n"
    "    return (up / down).sum()\n"
    "@njit\n"
    "def scaled(d, k):\n"
    "    n, x = d[k]\n"
    "    return n * x\n"
    "@njit\n"
    "def pairs(a):\n"
    "    d = {}\n"
    "    d[1] = (a, a * 2.0)\n"
    "    d[1] = (a * 3.0, a + 1.0)\n"
    "    d[2] = (a - 1.0, a)\n"
    "    del d[2]\n"
    "    return d\n"
    "@njit\n"
    "def count_in(s, x):\n"
    "    return len(s) * 10 + (x in s)\n";

static int setup(void **state) { return fixture_setup(state, "dicts.krn", SRC); }

static void test_a_list_in_a_dict_out(void **state)
{
    jitc_value items[5] = {jitc_i64(3), jitc_i64(1), jitc_i64(3), jitc_i64(2), jitc_i64(3)};
    jitc_value l = {.kind = JITC_LIST, .items = items, .nitems = 5};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "tally"), &l, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_DICT);
    assert_string_equal(r.value.type_name, "DictType[int64,int64]<iv=None>");
    assert_int_equal(r.value.nitems, 3);
    assert_int_equal(r.value.items[0].items[0].i, 3); /* insertion order */
    assert_int_equal(r.value.items[0].items[1].i, 3);
    assert_int_equal(r.value.items[2].items[0].i, 2);
    jitc_result_free(&r);
}

static void test_a_set_out(void **state)
{
    jitc_value n = jitc_i64(10);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "distinct"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_SET);
    assert_int_equal(r.value.nitems, 4);
    assert_int_equal(r.value.items[3].i, 3);
    jitc_result_free(&r);
}

static void test_a_dict_in_and_key_error(void **state)
{
    double data[3] = {1.0, 2.0, 4.5};
    int64_t shape[1] = {3};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value pair[2] = {jitc_i64(7), jitc_array(&t)};
    jitc_value entry = jitc_tuple(pair, 2);
    jitc_value args[2] = {{.kind = JITC_DICT, .items = &entry, .nitems = 1}, jitc_i64(7)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "lookup"), args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == 7.5);
    args[1] = jitc_i64(8);
    assert_int_equal(jitc_call(fixture_function(state, "lookup"), args, 2, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "KeyError");
}

static void test_a_dict_of_array_pairs_in(void **state)
{
    double up[3] = {1.0, 2.0, 4.5}, down[3] = {2.0, 4.0, 1.5};
    int64_t shape[1] = {3};
    DLTensor tu = {.data = up, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    DLTensor td = tu;
    td.data = down;
    jitc_value pair[2] = {jitc_array(&tu), jitc_array(&td)};
    jitc_value kv[2] = {jitc_i64(5), jitc_tuple(pair, 2)};
    jitc_value entry = jitc_tuple(kv, 2);
    jitc_value args[2] = {{.kind = JITC_DICT, .items = &entry, .nitems = 1}, jitc_i64(5)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "ratio"), args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == 0.5 + 0.5 + 3.0);
    assert_true(up[2] == 4.5 && down[0] == 2.0); /* the caller's arrays, only read */
}

static void test_a_dict_of_number_tuples_in(void **state)
{
    jitc_value t1[2] = {(jitc_value){.kind = JITC_INT32, .i = 3}, jitc_f64(1.5)}, t2[2] = {(jitc_value){.kind = JITC_INT32, .i = -2}, jitc_f64(0.25)};
    jitc_value kv1[2] = {jitc_i64(1), jitc_tuple(t1, 2)}, kv2[2] = {jitc_i64(9), jitc_tuple(t2, 2)};
    jitc_value entries[2] = {jitc_tuple(kv1, 2), jitc_tuple(kv2, 2)};
    jitc_value args[2] = {{.kind = JITC_DICT, .items = entries, .nitems = 2}, jitc_i64(9)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "scaled"), args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == -0.5);
    args[1] = jitc_i64(1);
    assert_int_equal(jitc_call(fixture_function(state, "scaled"), args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == 4.5);
}

static void test_a_dict_of_array_pairs_out(void **state)
{
    double data[2] = {1.0, 2.0};
    int64_t shape[1] = {2};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value a = jitc_array(&t);
    jitc_result r;
    /* the arrays of the replaced and the deleted pairs are released (LeakSanitizer checks) */
    assert_int_equal(jitc_call(fixture_function(state, "pairs"), &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_DICT);
    assert_int_equal(r.value.nitems, 1);
    const jitc_value *pair = &r.value.items[0].items[1];
    assert_int_equal(pair->kind, JITC_TUPLE);
    assert_true(((double *)pair->items[0].array->data)[1] == 6.0);
    assert_true(((double *)pair->items[1].array->data)[0] == 2.0);
    jitc_result_free(&r);
}

static void test_a_set_in(void **state)
{
    jitc_value items[4] = {jitc_i64(4), jitc_i64(1), jitc_i64(4), jitc_i64(-3)};
    jitc_value args[2] = {{.kind = JITC_SET, .items = items, .nitems = 4}, jitc_i64(-3)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "count_in"), args, 2, &r), JITC_OK);
    assert_int_equal(r.value.i, 31);
    args[1] = jitc_i64(2);
    assert_int_equal(jitc_call(fixture_function(state, "count_in"), args, 2, &r), JITC_OK);
    assert_int_equal(r.value.i, 30);
    args[0].nitems = 0;
    assert_int_equal(jitc_call(fixture_function(state, "count_in"), args, 2, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "a set of at least one item"));
}

int main(void)
{
    const struct CMUnitTest runtime[] = {
        cmocka_unit_test(test_hash_is_pythons),
        cmocka_unit_test(test_a_set_iterates_in_numbas_order),
        cmocka_unit_test(test_a_dict_keeps_insertion_order_and_its_arrays),
    };
    const struct CMUnitTest api[] = {
        cmocka_unit_test(test_a_list_in_a_dict_out),
        cmocka_unit_test(test_a_set_out),
        cmocka_unit_test(test_a_dict_in_and_key_error),
        cmocka_unit_test(test_a_dict_of_array_pairs_in),
        cmocka_unit_test(test_a_dict_of_number_tuples_in),
        cmocka_unit_test(test_a_dict_of_array_pairs_out),
        cmocka_unit_test(test_a_set_in),
    };
    return cmocka_run_group_tests(runtime, NULL, NULL) | cmocka_run_group_tests(api, setup, fixture_teardown);
}
