/* test_list.c — lists: runtime/list.c directly (growth, insertion, deletion, the items'
 * references: arrays and lists held by a list are released with it, which the sanitized build's
 * LeakSanitizer checks), and lists through the C API (a returned list is JITC_LIST, a typed list
 * JITC_TYPED_LIST, both a 1-d copy of the items; IndexError messages; lists of arrays and of
 * lists made and dropped inside a call, also when it raises). */
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
#include "runtime/list.h"
#include "runtime/rt.h"

/* ---- the runtime ---- */

static int64_t at(JitcList *l, int64_t i)
{
    int64_t v;
    memcpy(&v, jitc_rt_list_item(l, i), sizeof v);
    return v;
}

static void put(JitcList *l, int64_t i, int64_t v, JitcErr *err)
{
    char *slot = jitc_rt_list_open(l, i, sizeof v, JITC_LIST_ITEM_PLAIN, "here", err);
    assert_non_null(slot);
    memcpy(slot, &v, sizeof v);
}

static void test_grows_inserts_and_deletes(void **state)
{
    (void)state;
    JitcErr err = {0};
    JitcList *l = jitc_rt_list_new(0, 0, JITC_LIST_ITEM_PLAIN, "here", &err); /* `[]`: no item size yet */
    assert_non_null(l);
    for (int64_t i = 0; i < 100; i++)
        put(l, jitc_rt_list_len(l), i, &err);
    put(l, 0, -1, &err);  /* at the front */
    put(l, 50, -2, &err); /* in the middle */
    assert_int_equal(jitc_rt_list_len(l), 102);
    assert_int_equal(at(l, 0), -1);
    assert_int_equal(at(l, 1), 0);
    assert_int_equal(at(l, 50), -2);
    assert_int_equal(at(l, 51), 49);
    assert_int_equal(at(l, 101), 99);
    jitc_rt_list_delete(l, 0, 2); /* [-1, 0] gone */
    assert_int_equal(jitc_rt_list_len(l), 100);
    assert_int_equal(at(l, 0), 1);
    jitc_rt_list_delete(l, 5, 5); /* nothing */
    assert_int_equal(jitc_rt_list_len(l), 100);
    jitc_rt_list_delete(l, 0, jitc_rt_list_len(l));
    assert_int_equal(jitc_rt_list_len(l), 0);
    assert_int_equal(err.code, 0);
    jitc_rt_list_release(l);
    jitc_rt_list_release(NULL); /* harmless */
}

static void test_items_that_are_arrays_and_lists_are_released(void **state)
{
    (void)state;
    JitcErr err = {0};
    /* an item of three pointer-sized fields, the JitcMem* last (as codegen lays out a 1-d array's) */
    const int64_t itemsize = 4 * sizeof(void *), memoff = 3 * sizeof(void *);
    JitcList *arrays = jitc_rt_list_new(2, itemsize, memoff, "here", &err);
    for (int k = 0; k < 3; k++) {
        int64_t shape = 10;
        JitcMem *m = jitc_rt_alloc(1, &shape, 8, 1, "here", &err);
        char *slot = jitc_rt_list_open(arrays, jitc_rt_list_len(arrays), itemsize, memoff, "here", &err);
        memset(slot, 0, (size_t)itemsize);
        memcpy(slot + memoff, &m, sizeof m); /* the list takes the array's one reference */
    }
    jitc_rt_list_delete(arrays, 1, 2); /* releases the second array */
    assert_int_equal(jitc_rt_list_len(arrays), 2);
    JitcList *outer = jitc_rt_list_new(0, sizeof(void *), JITC_LIST_ITEM_LIST, "here", &err);
    char *slot = jitc_rt_list_open(outer, 0, sizeof(void *), JITC_LIST_ITEM_LIST, "here", &err);
    memcpy(slot, &arrays, sizeof arrays); /* the outer list takes the inner one's reference */
    jitc_rt_list_retain(outer);
    jitc_rt_list_release(outer);
    assert_int_equal(err.code, 0);
    jitc_rt_list_release(outer); /* frees outer, arrays and the two arrays left: LSan checks */
}

static void test_to_mem_copies_the_items(void **state)
{
    (void)state;
    JitcErr err = {0};
    JitcList *l = jitc_rt_list_new(4, 8, JITC_LIST_ITEM_PLAIN, "here", &err);
    for (int64_t i = 0; i < 4; i++)
        put(l, i, i * i, &err);
    JitcMem *m = jitc_rt_list_to_mem(l, 8, "here", &err);
    assert_non_null(m);
    assert_int_equal(((int64_t *)m->data)[3], 9);
    jitc_rt_free(m);
    DLManagedTensor *t = jitc_rt_list_export(l, 8, kDLInt, 64); /* takes l's reference */
    assert_non_null(t);
    assert_int_equal(t->dl_tensor.shape[0], 4);
    assert_int_equal(((int64_t *)t->dl_tensor.data)[2], 4);
    t->deleter(t);
    assert_null(jitc_rt_list_export(NULL, 8, kDLInt, 64));
}

/* ---- through the C API ---- */

static const char SRC[] =
    "import numpy as np\n"
    "from numba import njit\n"
    "from numba.typed import List\n"
    "@njit\n"
    "def squares(n):\n"
    "    return [i * i for i in range(n)]\n"
    "@njit\n"
    "def typed(n):\n"
    "    l = List.empty_list(np.float32)\n"
    "    for i in range(n):\n"
    "        l.append(i * 0.5)\n"
    "    return l\n"
    "@njit\n"
    "def arrays(n, bad):\n"
    "    l = [np.ones(3) * i for i in range(n)]\n"
    "    ll = [l, [np.zeros(2)]]\n"
    "    s = 0.0\n"
    "    for a in ll[0]:\n"
    "        s += a.sum()\n"
    "    return s + ll[1][bad][0]\n"
    "@njit\n"
    "def pair(n):\n"
    "    return [True, n > 2], n\n";

static int setup(void **state) { return fixture_setup(state, "lists.krn", SRC); }

static void test_a_returned_list_is_a_copy_of_its_items(void **state)
{
    jitc_value n = jitc_i64(6);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "squares"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_LIST);
    DLTensor *t = r.value.array;
    assert_int_equal(t->ndim, 1);
    assert_int_equal(t->shape[0], 6);
    assert_int_equal(t->dtype.code, kDLInt);
    assert_int_equal(((int64_t *)t->data)[5], 25);
    jitc_result_free(&r);
    assert_null(r.value.owner);
}

static void test_a_typed_list_says_so(void **state)
{
    jitc_value n = jitc_i64(3);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "typed"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TYPED_LIST);
    assert_int_equal(r.value.array->dtype.bits, 32);
    assert_true(((float *)r.value.array->data)[2] == 1.0f);
    jitc_result_free(&r);
}

static void test_lists_of_arrays_and_lists(void **state)
{
    jitc_value args[2] = {jitc_i64(4), jitc_i64(0)};
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "arrays"), args, 2, &r), JITC_OK);
    assert_true(r.value.f64 == 18.0);
    args[1] = jitc_i64(1); /* ll[1][1]: IndexError, every list and array released on the way out */
    assert_int_equal(jitc_call(fixture_function(state, "arrays"), args, 2, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "IndexError: getitem out of range"));
}

static void test_a_tuple_holds_a_list(void **state)
{
    jitc_value n = jitc_i64(3);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "pair"), &n, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_int_equal(r.items[0].kind, JITC_LIST);
    assert_int_equal(r.items[0].array->shape[0], 2);
    assert_int_equal(r.items[1].i, 3);
    jitc_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest runtime[] = {
        cmocka_unit_test(test_grows_inserts_and_deletes),
        cmocka_unit_test(test_items_that_are_arrays_and_lists_are_released),
        cmocka_unit_test(test_to_mem_copies_the_items),
    };
    const struct CMUnitTest api[] = {
        cmocka_unit_test(test_a_returned_list_is_a_copy_of_its_items),
        cmocka_unit_test(test_a_typed_list_says_so),
        cmocka_unit_test(test_lists_of_arrays_and_lists),
        cmocka_unit_test(test_a_tuple_holds_a_list),
    };
    return cmocka_run_group_tests(runtime, NULL, NULL) | cmocka_run_group_tests(api, setup, fixture_teardown);
}
