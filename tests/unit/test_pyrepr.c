/* test_pyrepr.c — runtime/pyrepr.c: float64 as Python's repr prints it, float32 as NumPy's
 * str(np.float32(x)) prints it, scalars, tuples and buffer truncation.
 *
 * Every expected string of the two tables was printed by python3 (repr(float) for float64) and
 * NumPy 2.4 (str(np.float32(x)) for float32) for the same IEEE value as the C expression beside it
 * (the float32 literals were checked to round the same way once as through a double). */
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
#include "runtime/pyrepr.h"

typedef struct F64Case {
    double v;
    const char *expect;
} F64Case;

typedef struct F32Case {
    float v;
    const char *expect;
} F32Case;

static const F64Case F64_CASES[] = {
    {0.1, "0.1"},
    {0.2, "0.2"},
    {0.3, "0.3"},
    {0.1 + 0.2, "0.30000000000000004"},
    {1.0, "1.0"},
    {-1.0, "-1.0"},
    {0.5, "0.5"},
    {2.5, "2.5"},
    {100.0, "100.0"},
    {1.1, "1.1"},
    {2.675, "2.675"},
    {4.35, "4.35"},
    {0.07, "0.07"},
    {123.456, "123.456"},
    {-123.456, "-123.456"},
    {1.0 / 3.0, "0.3333333333333333"},
    {2.0 / 3.0, "0.6666666666666666"},
    {3.141592653589793, "3.141592653589793"},
    {2.718281828459045, "2.718281828459045"},
    {1.0000000000000002, "1.0000000000000002"},
    {0.9999999999999999, "0.9999999999999999"},
    {1e-05, "1e-05"},
    {0.0001, "0.0001"},
    {0.00012345, "0.00012345"},
    {9.999e-05, "9.999e-05"},
    {0.001, "0.001"},
    {5e-05, "5e-05"},
    {1.5e-10, "1.5e-10"},
    {1e-07, "1e-07"},
    {0.00015, "0.00015"},
    {0.0001 * 3.0, "0.00030000000000000003"},
    {1e15, "1000000000000000.0"},
    {1e16, "1e+16"},
    {9999999999999998.0, "9999999999999998.0"},
    {1e16 + 2.0, "1.0000000000000002e+16"},
    {123456789012345.0, "123456789012345.0"},
    {1.2345678901234568e+17, "1.2345678901234568e+17"},
    {123456789012345678.0, "1.2345678901234568e+17"},
    {999999999999999.9, "999999999999999.9"},
    {1e15 + 0.3, "1000000000000000.2"},
    {4503599627370496.5, "4503599627370496.0"},
    {9007199254740992.0, "9007199254740992.0"},
    {9007199254740993.0, "9007199254740992.0"},
    {9223372036854775808.0, "9.223372036854776e+18"},
    {12345678.9, "12345678.9"},
    {1e20, "1e+20"},
    {123e18, "1.23e+20"},
    {1e22, "1e+22"},
    {1e23, "1e+23"},
    {1e100, "1e+100"},
    {1e300 * 10.0, "1e+301"},
    {-1e16, "-1e+16"},
    {-1e-05, "-1e-05"},
    {5e-324, "5e-324"},
    {1e-320, "1e-320"},
    {3e-310, "3e-310"},
    {2.225073858507201e-308, "2.225073858507201e-308"},
    {2.2250738585072014e-308, "2.2250738585072014e-308"},
    {1.7976931348623157e308, "1.7976931348623157e+308"},
    {0.0, "0.0"},
    {-0.0, "-0.0"},
    {INFINITY, "inf"},
    {-INFINITY, "-inf"},
    {NAN, "nan"},
    {0x1p-1074, "5e-324"},
    {0x1p-1022, "2.2250738585072014e-308"},
    {0x1p-44, "5.684341886080802e-14"},
    {0x1p53, "9007199254740992.0"},
    {0x1p64, "1.8446744073709552e+19"},
    {0x1.fffffffffffffp1023, "1.7976931348623157e+308"},
    {1e-4 - 1e-20, "9.999999999999999e-05"},
    {12.0, "12.0"},
    {1234567890123456.0, "1234567890123456.0"},
};
static const F32Case F32_CASES[] = {
    {0.1f, "0.1"},
    {0.2f, "0.2"},
    {0.3f, "0.3"},
    {0.1f + 0.2f, "0.3"},
    {1.0f, "1.0"},
    {-2.5f, "-2.5"},
    {1.0f / 3.0f, "0.33333334"},
    {3.1415927f, "3.1415927"},
    {123456.7f, "123456.7"},
    {1234567.0f, "1.234567e+06"},
    {9999999.0f, "9.999999e+06"},
    {1e7f, "1e+07"},
    {16777216.0f, "1.6777216e+07"},
    {16777217.0f, "1.6777216e+07"},
    {1e-4f, "1e-04"},
    {0.00010001f, "0.00010001"},
    {999999.94f, "999999.94"},
    {1e6f, "1e+06"},
    {1000000.5f, "1.0000005e+06"},
    {0.000099999990f, "9.999999e-05"},
    {0.0001f * 1.5f, "0.00014999999"},
    {1e-5f, "1e-05"},
    {0.001f, "0.001"},
    {1e15f, "1e+15"},
    {1e16f, "1e+16"},
    {1e20f, "1e+20"},
    {3.4028235e38f, "3.4028235e+38"},
    {1.17549435e-38f, "1.1754944e-38"},
    {1e-45f, "1e-45"},
    {1e-40f, "1e-40"},
    {0x1p-96f, "1.2621775e-29"},
    {0x1p87f, "1.5474251e+26"},
    {0x1p90f, "1.2379401e+27"},
    {0.0f, "0.0"},
    {-0.0f, "-0.0"},
    {INFINITY, "inf"},
    {-INFINITY, "-inf"},
    {NAN, "nan"},
    {0.5f, "0.5"},
    {100.0f, "100.0"},
    {1.1f, "1.1"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void test_f64_table(void **state)
{
    (void)state;
    assert_true(COUNT(F64_CASES) >= 60);
    int failures = 0;
    for (size_t i = 0; i < COUNT(F64_CASES); i++) {
        char buf[64];
        int len = pyrepr_f64(buf, sizeof buf, F64_CASES[i].v);
        if (strcmp(buf, F64_CASES[i].expect) != 0 || len != (int)strlen(buf)) {
            fprintf(stderr, "float64 case %zu: got '%s', expected '%s'\n", i, buf, F64_CASES[i].expect);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

static void test_f32_table(void **state)
{
    (void)state;
    assert_true(COUNT(F32_CASES) >= 20);
    int failures = 0;
    for (size_t i = 0; i < COUNT(F32_CASES); i++) {
        char buf[64];
        int len = pyrepr_f32(buf, sizeof buf, F32_CASES[i].v);
        if (strcmp(buf, F32_CASES[i].expect) != 0 || len != (int)strlen(buf)) {
            fprintf(stderr, "float32 case %zu: got '%s', expected '%s'\n", i, buf, F32_CASES[i].expect);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

/* Every float64 printed reads back to itself: a sweep over exponents and mantissas. */
static void test_f64_round_trips(void **state)
{
    (void)state;
    uint64_t bits = 0x0123456789abcdefull;
    for (int i = 0; i < 20000; i++) {
        bits = bits * 6364136223846793005ull + 1442695040888963407ull; /* an LCG */
        double v;
        memcpy(&v, &bits, sizeof v);
        if (isnan(v))
            continue;
        char buf[64];
        pyrepr_f64(buf, sizeof buf, v);
        assert_true(strtod(buf, NULL) == v || (isinf(v) && strstr(buf, "inf")));
        assert_true(strlen(buf) <= 24);
    }
}

static void test_f32_round_trips(void **state)
{
    (void)state;
    uint32_t bits = 12345;
    for (int i = 0; i < 20000; i++) {
        bits = bits * 1664525u + 1013904223u;
        float v;
        memcpy(&v, &bits, sizeof v);
        if (isnan(v) || isinf(v))
            continue;
        char buf[64];
        pyrepr_f32(buf, sizeof buf, v);
        assert_true(strtof(buf, NULL) == v);
    }
}

static void check_value(jitc_value v, const char *expect)
{
    char buf[64];
    int len = pyrepr_value(buf, sizeof buf, &v);
    assert_string_equal(buf, expect);
    assert_int_equal(len, (int)strlen(expect));
}

static void test_scalar_values(void **state)
{
    (void)state;
    check_value((jitc_value){.kind = JITC_NONE}, "None");
    check_value(jitc_bool(true), "True");
    check_value(jitc_bool(false), "False");
    check_value(jitc_i64(0), "0");
    check_value(jitc_i64(-42), "-42");
    check_value(jitc_i64(INT64_MIN), "-9223372036854775808");
    check_value(jitc_i64(INT64_MAX), "9223372036854775807");
    check_value((jitc_value){.kind = JITC_INT8, .i = -128}, "-128");
    check_value((jitc_value){.kind = JITC_INT16, .i = -300}, "-300");
    check_value((jitc_value){.kind = JITC_INT32, .i = -2147483648LL}, "-2147483648");
    check_value((jitc_value){.kind = JITC_UINT8, .u = 255}, "255");
    check_value((jitc_value){.kind = JITC_UINT16, .u = 65535}, "65535");
    check_value((jitc_value){.kind = JITC_UINT32, .u = 4294967295u}, "4294967295");
    check_value((jitc_value){.kind = JITC_UINT64, .u = UINT64_MAX}, "18446744073709551615");
    check_value(jitc_f64(0.1), "0.1");
    check_value(jitc_f64(1e16), "1e+16");
    check_value(jitc_f64(-0.0), "-0.0");
    /* a float32 result reaches Python as a float, as under Numba */
    check_value(jitc_f32(0.1f), "0.10000000149011612");
    check_value(jitc_f32(0.5f), "0.5");
    check_value(jitc_f32(16777216.0f), "16777216.0");
}

static void check_result(const jitc_result *r, const char *expect)
{
    char buf[256];
    int len = pyrepr_result(buf, sizeof buf, r);
    assert_string_equal(buf, expect);
    assert_int_equal(len, (int)strlen(expect));
}

static void test_results_and_tuples(void **state)
{
    (void)state;
    jitc_result r;
    memset(&r, 0, sizeof r);
    r.value.kind = JITC_NONE;
    check_result(&r, "");
    r.value = jitc_i64(832040);
    check_result(&r, "832040");
    r.value.kind = JITC_TUPLE;
    r.nitems = 2;
    r.items[0] = jitc_i64(1);
    r.items[1] = jitc_f64(2.5);
    check_result(&r, "(1, 2.5)");
    r.nitems = 1;
    check_result(&r, "(1,)");
    r.nitems = 0;
    check_result(&r, "()");
    r.nitems = 4;
    r.items[2] = jitc_bool(true);
    r.items[3] = jitc_f32(0.25f);
    check_result(&r, "(1, 2.5, True, 0.25)");
    r.nitems = JITC_MAX_TUPLE;
    for (int i = 0; i < JITC_MAX_TUPLE; i++)
        r.items[i] = jitc_i64(i);
    check_result(&r, "(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)");
}

/* snprintf's contract: at most n bytes with the NUL, the full length returned. */
static void test_truncation(void **state)
{
    (void)state;
    char buf[8];
    memset(buf, 'x', sizeof buf);
    assert_int_equal(pyrepr_f64(buf, 5, 0.30000000000000004), 19);
    assert_string_equal(buf, "0.30");
    assert_int_equal(buf[5], 'x');
    assert_int_equal(pyrepr_f64(NULL, 0, 1e-05), 5);
    assert_int_equal(pyrepr_f32(buf, 1, 0.1f), 3);
    assert_string_equal(buf, "");
    jitc_result r;
    memset(&r, 0, sizeof r);
    r.value.kind = JITC_TUPLE;
    r.nitems = 3;
    r.items[0] = jitc_i64(100);
    r.items[1] = jitc_i64(200);
    r.items[2] = jitc_i64(300);
    assert_int_equal(pyrepr_result(buf, sizeof buf, &r), 15);
    assert_string_equal(buf, "(100, 2");
    check_value(jitc_f64(-1.2345678901234567e-300), "-1.2345678901234568e-300");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f64_table),
        cmocka_unit_test(test_f32_table),
        cmocka_unit_test(test_f64_round_trips),
        cmocka_unit_test(test_f32_round_trips),
        cmocka_unit_test(test_scalar_values),
        cmocka_unit_test(test_results_and_tuples),
        cmocka_unit_test(test_truncation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
