/* test_str.c — strings (cpython/build_str.c): the runtime's comparison, Python repr, references
 * and the strings it makes (runtime/str.c, str_methods.c), and strings through the C API (a
 * returned string is JITC_STR, a copy of its text the result owns, also inside a tuple or a list;
 * strings made at run time released after the call; a string variable in a raise message; the
 * copies freed by jitc_result_free; LeakSanitizer checks that nothing is left). */
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
#include "runtime/rt.h"
#include "runtime/str.h"

/* ---- the runtime ---- */

static JitcStr *make(const char *text)
{
    JitcStr *s = malloc(sizeof *s + strlen(text) + 1);
    s->refs = JITC_STR_STATIC;
    s->nbytes = (int64_t)strlen(text);
    s->length = 0;
    for (const unsigned char *c = (const unsigned char *)text; *c; c++)
        s->length += (*c & 0xC0) != 0x80;
    memcpy(s->text, text, strlen(text) + 1);
    return s;
}

static void test_compare_is_code_point_order(void **state)
{
    (void)state;
    JitcStr *a = make("abc"), *b = make("abd"), *ab = make("ab"), *e = make("\xc3\xa9"), *a2 = make("abc");
    assert_true(jitc_rt_str_compare(a, b) < 0);
    assert_true(jitc_rt_str_compare(b, a) > 0);
    assert_true(jitc_rt_str_compare(ab, a) < 0); /* a prefix comes first */
    assert_true(jitc_rt_str_compare(a, e) < 0);  /* U+00E9 after ASCII */
    assert_int_equal(jitc_rt_str_compare(a, a2), 0);
    assert_int_equal(jitc_rt_str_compare(a, a), 0);
    free(a), free(b), free(ab), free(e), free(a2);
}

static const char *repr(const char *text, char *buf)
{
    size_t n = strlen(text), o = 0;
    char q = rt_str_repr_quote(text, n), one[12];
    buf[o++] = q;
    for (size_t i = 0; i < n;) {
        i += rt_str_repr_char(text + i, n - i, q, one);
        memcpy(buf + o, one, strlen(one));
        o += strlen(one);
    }
    buf[o++] = q;
    buf[o] = 0;
    return buf;
}

static void test_repr_is_pythons(void **state)
{
    (void)state;
    char buf[128];
    assert_string_equal(repr("abc", buf), "'abc'");
    assert_string_equal(repr("it's", buf), "\"it's\"");
    assert_string_equal(repr("'\"", buf), "'\\'\"'");
    assert_string_equal(repr("a\tb\n\\", buf), "'a\\tb\\n\\\\'");
    assert_string_equal(repr("\x01\x7f", buf), "'\\x01\\x7f'");
    assert_string_equal(repr("h\xc3\xa9llo", buf), "'h\xc3\xa9llo'");       /* printable: as it is */
    assert_string_equal(repr("\xc2\xa0\xe2\x80\xa8", buf), "'\\xa0\\u2028'"); /* separators: escaped */
}

static void test_made_strings_are_counted(void **state)
{
    (void)state;
    JitcErr err = {0};
    JitcStr *a = make("h\xc3\xa9"), *b = make("llo");
    JitcStr *ab = jitc_rt_str_concat(a, b, "here", &err);
    assert_int_equal(ab->refs, 1);
    assert_string_equal(ab->text, "h\xc3\xa9llo");
    assert_int_equal(ab->length, 5);
    JitcStr *tail = jitc_rt_str_slice(ab, 1, 0, 1, 1, "here", &err); /* ab[1:] */
    assert_string_equal(tail->text, "\xc3\xa9llo");
    assert_int_equal(tail->length, 4);
    JitcStr *up = (JitcStr *)(intptr_t)jitc_rt_str_method(0, tail, NULL, NULL, INT64_MIN, INT64_MIN, "here", &err);
    assert_string_equal(up->text, "\xc3\x89LLO"); /* upper(): Latin-1's é is É */
    rt_str_retain(ab);
    rt_str_release(ab);
    assert_int_equal(ab->refs, 1);
    rt_str_release(ab), rt_str_release(tail), rt_str_release(up);
    rt_str_release(a); /* static: nothing happens */
    assert_null(jitc_rt_str_getitem(b, 3, "here", &err));
    assert_int_equal(err.code, RT_EXC_INDEX);
    free(a), free(b);
}

/* ---- the C API ---- */

static const char SRC[] =
    "from numba import njit\n"
    "@njit\n"
    "def pick(a):\n"
    "    s = 'yes' if a else 'it\\'s no'\n"
    "    return s\n"
    "@njit\n"
    "def pair(a):\n"
    "    s = 'h\\u00e9' if a else 'x y'\n"
    "    return s, len(s), s == 'x y'\n"
    "@njit\n"
    "def bad(a):\n"
    "    msg = 'A was 0' if a == 0 else 'A was 1'\n"
    "    raise ValueError(msg, a)\n"
    "@njit\n"
    "def made(n):\n"
    "    words = ('item ' + str(n)).split()\n"
    "    d = {w: w.upper() for w in words}\n"
    "    return f'{words[0]}#{n}', words, d\n";

static int setup(void **state) { return fixture_setup(state, "strings.krn", SRC); }

static void test_a_returned_string_is_owned_by_the_result(void **state)
{
    jitc_value a = jitc_i64(0);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "pick"), &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_STR);
    assert_string_equal(r.value.str, "it's no");
    jitc_result_free(&r);
    assert_null(r.value.str);
    jitc_result_free(&r); /* safe twice */
}

static void test_a_tuple_holds_a_string(void **state)
{
    jitc_value a = jitc_i64(0);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "pair"), &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_int_equal(r.items[0].kind, JITC_STR);
    assert_string_equal(r.items[0].str, "x y");
    assert_int_equal(r.items[1].i, 3);
    assert_true(r.items[2].b);
    jitc_result_free(&r);
    a = jitc_i64(1); /* \u00e9 is U+00E9: two bytes of UTF-8, one code point */
    assert_int_equal(jitc_call(fixture_function(state, "pair"), &a, 1, &r), JITC_OK);
    assert_string_equal(r.items[0].str, "h\xc3\xa9");
    assert_int_equal(r.items[1].i, 2);
    jitc_result_free(&r);
}

static void test_strings_made_at_run_time_are_returned(void **state)
{
    jitc_value a = jitc_i64(7);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "made"), &a, 1, &r), JITC_OK);
    assert_int_equal(r.value.kind, JITC_TUPLE);
    assert_string_equal(r.items[0].str, "item#7");
    assert_int_equal(r.items[1].kind, JITC_LIST);
    assert_int_equal(r.items[1].nitems, 2);
    assert_string_equal(r.items[1].items[1].str, "7");
    assert_int_equal(r.items[2].kind, JITC_DICT);
    assert_int_equal(r.items[2].nitems, 2);
    assert_string_equal(r.items[2].items[0].items[0].str, "item"); /* the first entry's key */
    assert_string_equal(r.items[2].items[0].items[1].str, "ITEM"); /* its value */
    jitc_result_free(&r);
}

static void test_a_string_variable_in_a_raise(void **state)
{
    jitc_value a = jitc_i64(1);
    jitc_result r;
    assert_int_equal(jitc_call(fixture_function(state, "bad"), &a, 1, &r), JITC_ERR_RUNTIME);
    assert_string_equal(r.exc_type, "ValueError");
    assert_string_equal(r.exc_message, "('A was 1', 1)");
}

int main(void)
{
    const struct CMUnitTest runtime[] = {
        cmocka_unit_test(test_compare_is_code_point_order),
        cmocka_unit_test(test_repr_is_pythons),
        cmocka_unit_test(test_made_strings_are_counted),
    };
    const struct CMUnitTest api[] = {
        cmocka_unit_test(test_a_returned_string_is_owned_by_the_result),
        cmocka_unit_test(test_a_tuple_holds_a_string),
        cmocka_unit_test(test_strings_made_at_run_time_are_returned),
        cmocka_unit_test(test_a_string_variable_in_a_raise),
    };
    return cmocka_run_group_tests(runtime, NULL, NULL) | cmocka_run_group_tests(api, setup, fixture_teardown);
}
