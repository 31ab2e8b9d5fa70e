/* test_pyrepr.c — runtime/pyrepr.c: float64 as Python's repr prints it, float32 as NumPy's
 * str(np.float32(x)) prints it, scalars, tuples, arrays as NumPy's repr(ndarray) lays them out,
 * and buffer truncation.
 *
 * Every expected string of the two scalar tables was printed by python3 (repr(float) for
 * float64) and NumPy 2.4 (str(np.float32(x)) for float32) for the same IEEE value as the C
 * expression beside it (the float32 literals were checked to round the same way once as through
 * a double). Every expected string of ARRAY_CASES is NumPy 2.4's repr of the same array, built
 * the same way (np.arange(n) * step cast to the dtype, or the values repeated to fill it). */
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
#include "cli/repr.h"
#include "runtime/half.h"
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
    int len = repr_value(buf, sizeof buf, &v);
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
    int len = repr_result(buf, sizeof buf, r);
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

/* Values nested in a result: a tuple in a tuple, a list of tuples and lists, a typed list by its
 * Numba type name (its items by repr), as Python prints them. */
static void test_nested_values(void **state)
{
    (void)state;
    jitc_result r;
    memset(&r, 0, sizeof r);
    jitc_value inner[2] = {jitc_f64(2.0), jitc_i64(3)}, one[1] = {jitc_bool(false)};
    r.value.kind = JITC_TUPLE;
    r.nitems = 3;
    r.items[0] = jitc_i64(1);
    r.items[1] = jitc_tuple(inner, 2);
    r.items[2] = jitc_tuple(one, 1);
    check_result(&r, "(1, (2.0, 3), (False,))");
    int64_t shape[1] = {2};
    int64_t data[2] = {4, 5};
    DLTensor ints = {.data = data, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = shape};
    jitc_value items[3] = {jitc_tuple(inner, 2), {.kind = JITC_LIST, .array = &ints}, {.kind = JITC_LIST}};
    memset(&r, 0, sizeof r);
    r.value = (jitc_value){.kind = JITC_LIST, .items = items, .nitems = 3};
    check_result(&r, "[(2.0, 3), [4, 5], []]");
    r.value = (jitc_value){.kind = JITC_TYPED_LIST, .items = items, .nitems = 1,
                           .type_name = "ListType[Tuple(float64, int64)]"};
    check_result(&r, "ListType[Tuple(float64, int64)]([(2.0, 3)])");
    r.value = (jitc_value){.kind = JITC_TYPED_LIST, .array = &ints};
    check_result(&r, "ListType[int64]([4, 5])");
}

/* ---- arrays ---- */

#define F64 {kDLFloat, 64, 1}
#define F32 {kDLFloat, 32, 1}
#define F16 {kDLFloat, 16, 1}
#define I8 {kDLInt, 8, 1}
#define I16 {kDLInt, 16, 1}
#define I32 {kDLInt, 32, 1}
#define I64 {kDLInt, 64, 1}
#define U8 {kDLUInt, 8, 1}
#define U64 {kDLUInt, 64, 1}
#define BOOL {JITC_DL_BOOL, 8, 1}

/* An array of dtype and shape whose element k (in storage order) is values[k % nvalues], or
 * k * step when values is NULL, cast to the dtype as NumPy's astype casts; strides in elements,
 * all 0 for C order. */
typedef struct ArrayCase {
    const char *name;
    DLDataType dtype;
    int ndim;
    int64_t shape[3];
    int64_t strides[3];
    const double *values;
    int nvalues;
    double step;
    const char *expect;
} ArrayCase;

static const ArrayCase ARRAY_CASES[] = {
    {"halves", F64, 1, {5}, {0}, NULL, 0, 0x1.0000000000000p-1,
     "array([0. , 0.5, 1. , 1.5, 2. ])"},
    {"third", F64, 1, {1}, {0}, (const double[]){0x1.5555555555555p-2}, 1, 0.0,
     "array([0.33333333])"},
    {"whole floats", F64, 1, {4}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([0., 1., 2., 3.])"},
    {"wrapped row", F64, 1, {30}, {0}, NULL, 0, 0x1.199999999999ap+0,
     "array([ 0. ,  1.1,  2.2,  3.3,  4.4,  5.5,  6.6,  7.7,  8.8,  9.9, 11. ,\n"
     "       12.1, 13.2, 14.3, 15.4, 16.5, 17.6, 18.7, 19.8, 20.9, 22. , 23.1,\n"
     "       24.2, 25.3, 26.4, 27.5, 28.6, 29.7, 30.8, 31.9])"},
    {"nan inf -0.0", F64, 1, {5}, {0}, (const double[]){NAN, INFINITY, -INFINITY, 0x1.8000000000000p+0, -0.0}, 5, 0.0,
     "array([ nan,  inf, -inf,  1.5, -0. ])"},
    {"only nan and -inf", F64, 1, {2}, {0}, (const double[]){NAN, -INFINITY}, 2, 0.0,
     "array([ nan, -inf])"},
    {"negatives", F64, 1, {3}, {0}, (const double[]){-0x1.4000000000000p+0, 0x1.c000000000000p+1, -0x1.9000000000000p+6}, 3, 0.0,
     "array([  -1.25,    3.5 , -100.  ])"},
    {"scientific: small", F64, 1, {4}, {0}, (const double[]){0x1.4f8b588e368f1p-17, 0x1.0000000000000p+0, -INFINITY, 0.0}, 4, 0.0,
     "array([1.e-05, 1.e+00,   -inf, 0.e+00])"},
    {"scientific: 1e8", F64, 1, {2}, {0}, (const double[]){0x1.7d78400000000p+26, 0x1.0000000000000p+0}, 2, 0.0,
     "array([1.e+08, 1.e+00])"},
    {"positional below 1e8", F64, 1, {2}, {0}, (const double[]){0x1.7d783fe000000p+26, 0x1.86a0000000000p+16}, 2, 0.0,
     "array([99999999.5,   100000. ])"},
    {"ratio 1000 positional", F64, 1, {2}, {0}, (const double[]){0x1.0000000000000p+0, 0x1.f400000000000p+9}, 2, 0.0,
     "array([   1., 1000.])"},
    {"ratio past 1000", F64, 1, {2}, {0}, (const double[]){0x1.0000000000000p+0, 0x1.f440000000000p+9}, 2, 0.0,
     "array([1.0000e+00, 1.0005e+03])"},
    {"at 1e-4 positional", F64, 1, {2}, {0}, (const double[]){0x1.a36e2eb1c432dp-14, 0x1.999999999999ap-5}, 2, 0.0,
     "array([0.0001, 0.05  ])"},
    {"three-digit exponents", F64, 1, {3}, {0}, (const double[]){0x1.bff2ee48e0530p-333, 0x1.249ad2594c37dp+332, 0x1.8000000000000p+0}, 3, 0.0,
     "array([1.0e-100, 1.0e+100, 1.5e+000])"},
    {"cut to 8 digits", F64, 1, {3}, {0}, (const double[]){0x1.fffffff768fa1p-1, 0x1.f9add260b5777p-4, 0x1.0000000a85cdbp+1}, 3, 0.0,
     "array([1.        , 0.12345678, 2.        ])"},
    {"exact digits past the shortest", F64, 1, {3}, {0}, (const double[]){0x0.0000000000001p-1022, 0x1.fffffffffffffp+1023, -0x1.0000000000000p+0}, 3, 0.0,
     "array([ 4.94065646e-324,  1.79769313e+308, -1.00000000e+000])"},
    {"float32 shortest", F32, 1, {3}, {0}, (const double[]){0x1.5555560000000p-2, 0x1.99999a0000000p-4, 0x1.4000000000000p+1}, 3, 0.0,
     "array([0.33333334, 0.1       , 2.5       ], dtype=float32)"},
    {"float32 scientific at 1e6", F32, 1, {2}, {0}, (const double[]){0x1.e848000000000p+19, 0x1.0000000000000p+0}, 2, 0.0,
     "array([1.e+06, 1.e+00], dtype=float32)"},
    {"float32 exact digits", F32, 1, {4}, {0}, (const double[]){0.0, 0x1.5555560000000p-2, 0x1.5555560000000p-1, 0x1.e848000000000p+19}, 4, 0.0,
     "array([0.0000000e+00, 3.3333334e-01, 6.6666669e-01, 1.0000000e+06],\n"
     "      dtype=float32)"},
    {"float32 specials", F32, 1, {4}, {0}, (const double[]){NAN, -INFINITY, -0.0, 0x1.a000000000000p+1}, 4, 0.0,
     "array([  nan,  -inf, -0.  ,  3.25], dtype=float32)"},
    {"2-D wrapped", F64, 2, {3, 20}, {0}, NULL, 0, 0x1.2492492492492p-3,
     "array([[0.        , 0.14285714, 0.28571429, 0.42857143, 0.57142857,\n"
     "        0.71428571, 0.85714286, 1.        , 1.14285714, 1.28571429,\n"
     "        1.42857143, 1.57142857, 1.71428571, 1.85714286, 2.        ,\n"
     "        2.14285714, 2.28571429, 2.42857143, 2.57142857, 2.71428571],\n"
     "       [2.85714286, 3.        , 3.14285714, 3.28571429, 3.42857143,\n"
     "        3.57142857, 3.71428571, 3.85714286, 4.        , 4.14285714,\n"
     "        4.28571429, 4.42857143, 4.57142857, 4.71428571, 4.85714286,\n"
     "        5.        , 5.14285714, 5.28571429, 5.42857143, 5.57142857],\n"
     "       [5.71428571, 5.85714286, 6.        , 6.14285714, 6.28571429,\n"
     "        6.42857143, 6.57142857, 6.71428571, 6.85714286, 7.        ,\n"
     "        7.14285714, 7.28571429, 7.42857143, 7.57142857, 7.71428571,\n"
     "        7.85714286, 8.        , 8.14285714, 8.28571429, 8.42857143]])"},
    {"3-D ints", I64, 3, {2, 3, 4}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([[[ 0,  1,  2,  3],\n"
     "        [ 4,  5,  6,  7],\n"
     "        [ 8,  9, 10, 11]],\n"
     "\n"
     "       [[12, 13, 14, 15],\n"
     "        [16, 17, 18, 19],\n"
     "        [20, 21, 22, 23]]])"},
    {"3-D wrapped int16", I16, 3, {2, 3, 20}, {0}, NULL, 0, 0x1.8c00000000000p+6,
     "array([[[    0,    99,   198,   297,   396,   495,   594,   693,   792,\n"
     "           891,   990,  1089,  1188,  1287,  1386,  1485,  1584,  1683,\n"
     "          1782,  1881],\n"
     "        [ 1980,  2079,  2178,  2277,  2376,  2475,  2574,  2673,  2772,\n"
     "          2871,  2970,  3069,  3168,  3267,  3366,  3465,  3564,  3663,\n"
     "          3762,  3861],\n"
     "        [ 3960,  4059,  4158,  4257,  4356,  4455,  4554,  4653,  4752,\n"
     "          4851,  4950,  5049,  5148,  5247,  5346,  5445,  5544,  5643,\n"
     "          5742,  5841]],\n"
     "\n"
     "       [[ 5940,  6039,  6138,  6237,  6336,  6435,  6534,  6633,  6732,\n"
     "          6831,  6930,  7029,  7128,  7227,  7326,  7425,  7524,  7623,\n"
     "          7722,  7821],\n"
     "        [ 7920,  8019,  8118,  8217,  8316,  8415,  8514,  8613,  8712,\n"
     "          8811,  8910,  9009,  9108,  9207,  9306,  9405,  9504,  9603,\n"
     "          9702,  9801],\n"
     "        [ 9900,  9999, 10098, 10197, 10296, 10395, 10494, 10593, 10692,\n"
     "         10791, 10890, 10989, 11088, 11187, 11286, 11385, 11484, 11583,\n"
     "         11682, 11781]]], dtype=int16)"},
    {"Fortran order", F64, 2, {3, 4}, {1, 3}, NULL, 0, 0x1.0000000000000p-2,
     "array([[0.  , 0.75, 1.5 , 2.25],\n"
     "       [0.25, 1.  , 1.75, 2.5 ],\n"
     "       [0.5 , 1.25, 2.  , 2.75]])"},
    {"summarized int64", I64, 1, {1001}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([   0,    1,    2, ...,  998,  999, 1000], shape=(1001,))"},
    {"summarized int8", I8, 1, {1001}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([  0,   1,   2, ..., -26, -25, -24], shape=(1001,), dtype=int8)"},
    {"summarized 2-D", F64, 2, {2, 1000}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([[0.000e+00, 1.000e+00, 2.000e+00, ..., 9.970e+02, 9.980e+02,\n"
     "        9.990e+02],\n"
     "       [1.000e+03, 1.001e+03, 1.002e+03, ..., 1.997e+03, 1.998e+03,\n"
     "        1.999e+03]], shape=(2, 1000))"},
    {"summarized 3-D", I32, 3, {2, 30, 40}, {0}, NULL, 0, 0x1.0000000000000p+0,
     "array([[[   0,    1,    2, ...,   37,   38,   39],\n"
     "        [  40,   41,   42, ...,   77,   78,   79],\n"
     "        [  80,   81,   82, ...,  117,  118,  119],\n"
     "        ...,\n"
     "        [1080, 1081, 1082, ..., 1117, 1118, 1119],\n"
     "        [1120, 1121, 1122, ..., 1157, 1158, 1159],\n"
     "        [1160, 1161, 1162, ..., 1197, 1198, 1199]],\n"
     "\n"
     "       [[1200, 1201, 1202, ..., 1237, 1238, 1239],\n"
     "        [1240, 1241, 1242, ..., 1277, 1278, 1279],\n"
     "        [1280, 1281, 1282, ..., 1317, 1318, 1319],\n"
     "        ...,\n"
     "        [2280, 2281, 2282, ..., 2317, 2318, 2319],\n"
     "        [2320, 2321, 2322, ..., 2357, 2358, 2359],\n"
     "        [2360, 2361, 2362, ..., 2397, 2398, 2399]]],\n"
     "      shape=(2, 30, 40), dtype=int32)"},
    {"summarized bools", BOOL, 1, {1200}, {0}, (const double[]){0x1.0000000000000p+0, 0.0}, 2, 0.0,
     "array([ True, False,  True, ..., False,  True, False], shape=(1200,))"},
    {"dtype on its own line", U64, 1, {17}, {0}, NULL, 0, 0x1.26580b4c00000p+30,
     "array([          0,  1234567891,  2469135782,  3703703673,  4938271564,\n"
     "        6172839455,  7407407346,  8641975237,  9876543128, 11111111019,\n"
     "       12345678910, 13580246801, 14814814692, 16049382583, 17283950474,\n"
     "       18518518365, 19753086256], dtype=uint64)"},
    {"bools", BOOL, 1, {3}, {0}, (const double[]){0x1.0000000000000p+0, 0.0, 0x1.0000000000000p+0}, 3, 0.0,
     "array([ True, False,  True])"},
    {"bool 2-D", BOOL, 2, {2, 2}, {0}, (const double[]){0x1.0000000000000p+0, 0.0, 0.0, 0.0}, 4, 0.0,
     "array([[ True, False],\n"
     "       [False, False]])"},
    {"uint8", U8, 1, {4}, {0}, (const double[]){0.0, 0x1.fe00000000000p+7, 0x1.c000000000000p+2, 0x1.9000000000000p+6}, 4, 0.0,
     "array([  0, 255,   7, 100], dtype=uint8)"},
    {"int32 negatives", I32, 1, {3}, {0}, (const double[]){-0x1.4000000000000p+2, 0x1.8000000000000p+3, -0x1.2c00000000000p+8}, 3, 0.0,
     "array([  -5,   12, -300], dtype=int32)"},
    {"empty float64", F64, 1, {0}, {0}, NULL, 0, 0.0,
     "array([], dtype=float64)"},
    {"empty int8", I8, 1, {0}, {0}, NULL, 0, 0.0,
     "array([], dtype=int8)"},
    {"empty 0x3 int64", I64, 2, {0, 3}, {0}, NULL, 0, 0.0,
     "array([], shape=(0, 3), dtype=int64)"},
    {"empty 2x0x3 bool", BOOL, 3, {2, 0, 3}, {0}, NULL, 0, 0.0,
     "array([], shape=(2, 0, 3), dtype=bool)"},
    {"0-d float", F64, 0, {0}, {0}, (const double[]){0x1.0000000000000p+0}, 1, 0.0,
     "array(1.)"},
    {"0-d small float", F32, 0, {0}, {0}, (const double[]){0x1.4f8b588e368f1p-17}, 1, 0.0,
     "array(1.e-05, dtype=float32)"},
    {"0-d bool", BOOL, 0, {0}, {0}, (const double[]){0x1.0000000000000p+0}, 1, 0.0,
     "array(True)"},
    {"0-d int8", I8, 0, {0}, {0}, (const double[]){0x1.4000000000000p+2}, 1, 0.0,
     "array(5, dtype=int8)"},
    {"float16 positional", F16, 1, {4}, {0}, (const double[]){0x1.0000000000000p+0, 0x1.4000000000000p+1, 0x1.8000000000000p+1, 0x1.999999999999ap-4}, 4, 0.0,
     "array([1. , 2.5, 3. , 0.1], dtype=float16)"},
    {"float16 0.1 shortest", F16, 1, {2}, {0}, (const double[]){0x1.999999999999ap-4, 0x1.554c985f06f69p-2}, 2, 0.0,
     "array([0.1   , 0.3333], dtype=float16)"},
    {"float16 cutoff 1000", F16, 1, {2}, {0}, (const double[]){0x1.0000000000000p+0, 0x1.f400000000000p+9}, 2, 0.0,
     "array([1.e+00, 1.e+03], dtype=float16)"},
    {"float16 ratio in half", F16, 1, {3}, {0}, (const double[]){-0x0.0p+0, 0x1.0000000000000p-1, 0x1.f3c0000000000p+9}, 3, 0.0,
     "array([-0.000e+00,  5.000e-01,  9.995e+02], dtype=float16)"},
    {"float16 max and subnormal", F16, 1, {2}, {0}, (const double[]){0x1.ffc0000000000p+15, 0x1.0000000000000p-24}, 2, 0.0,
     "array([6.55e+04, 5.96e-08], dtype=float16)"},
    {"float16 nonfinite", F16, 1, {4}, {0}, (const double[]){INFINITY, 0x1.0000000000000p+0, NAN, -INFINITY}, 4, 0.0,
     "array([ inf,   1.,  nan, -inf], dtype=float16)"},
    {"float16 below cutoff", F16, 1, {2}, {0}, (const double[]){0x1.f3c0000000000p+9, 0x1.8000000000000p+0}, 2, 0.0,
     "array([999.5,   1.5], dtype=float16)"},
    {"0-d float16", F16, 0, {0}, {0}, (const double[]){0x1.c000000000000p+1}, 1, 0.0,
     "array(3.5, dtype=float16)"},

};

static void store_element(DLDataType dt, char *p, double v)
{
    int64_t i = dt.code == kDLFloat ? 0 : (int64_t)v;
    switch (dt.code) {
    case kDLFloat:
        if (dt.bits == 16)
            *(uint16_t *)p = jitc_double_to_half(v); /* astype(np.float16): one rounding */
        else if (dt.bits == 32)
            *(float *)p = (float)v;
        else
            *(double *)p = v;
        break;
    case JITC_DL_BOOL: *(uint8_t *)p = v != 0; break;
    default: /* two's complement truncation, as astype wraps */
        switch (dt.bits) {
        case 8: *(uint8_t *)p = (uint8_t)i; break;
        case 16: *(uint16_t *)p = (uint16_t)i; break;
        case 32: *(uint32_t *)p = (uint32_t)i; break;
        default: *(uint64_t *)p = (uint64_t)i; break;
        }
    }
}

/* repr of t, in a buffer of its own (free it). */
static char *array_repr(DLTensor *t)
{
    jitc_value v = jitc_array(t);
    int len = repr_value(NULL, 0, &v);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(repr_value(buf, (size_t)len + 1, &v), len);
    assert_int_equal((int)strlen(buf), len);
    return buf;
}

static void test_array_table(void **state)
{
    (void)state;
    int failures = 0;
    for (size_t c = 0; c < COUNT(ARRAY_CASES); c++) {
        const ArrayCase *ac = &ARRAY_CASES[c];
        int64_t n = 1, shape[3], strides[3];
        for (int k = 0; k < ac->ndim; k++)
            n *= shape[k] = ac->shape[k], strides[k] = ac->strides[k];
        size_t size = (size_t)ac->dtype.bits / 8;
        char *data = calloc((size_t)(n ? n : 1), size);
        assert_non_null(data);
        for (int64_t k = 0; k < n; k++)
            store_element(ac->dtype, data + k * (int64_t)size, ac->values ? ac->values[k % ac->nvalues] : (double)k * ac->step);
        DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = ac->ndim, .dtype = ac->dtype, .shape = shape,
                      .strides = ac->strides[0] ? strides : NULL};
        char *got = array_repr(&t);
        if (strcmp(got, ac->expect) != 0) {
            fprintf(stderr, "array case '%s':\n got      %s\n expected %s\n", ac->name, got, ac->expect);
            failures++;
        }
        free(got);
        free(data);
    }
    assert_int_equal(failures, 0);
}

/* The widths' extremes, which a double cannot carry into ARRAY_CASES. */
static void test_array_int_extremes(void **state)
{
    (void)state;
    int64_t shape[1] = {4};
    int64_t i64[4] = {INT64_MIN, 0, INT64_MAX, 1};
    uint64_t u64[4] = {0, UINT64_MAX, 1, 2};
    DLTensor t = {.data = i64, .device = {kDLCPU, 0}, .ndim = 1, .dtype = I64, .shape = shape};
    char *got = array_repr(&t);
    assert_string_equal(got, "array([-9223372036854775808,                    0,  9223372036854775807,\n"
                             "                          1])");
    free(got);
    t.data = u64;
    t.dtype = (DLDataType)U64;
    got = array_repr(&t);
    assert_string_equal(got, "array([                   0, 18446744073709551615,                    1,\n"
                             "                          2], dtype=uint64)");
    free(got);
}

/* Columns count from "array(" also inside a tuple: NumPy's repr of the tuple's items. */
static void test_array_in_tuple(void **state)
{
    (void)state;
    double data[30];
    for (int i = 0; i < 30; i++)
        data[i] = i * 1.1;
    int64_t shape[1] = {30};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = F64, .shape = shape};
    jitc_result r;
    memset(&r, 0, sizeof r);
    r.value.kind = JITC_TUPLE;
    r.nitems = 2;
    r.items[0] = jitc_i64(7);
    r.items[1] = jitc_array(&t);
    char buf[512];
    repr_result(buf, sizeof buf, &r);
    assert_string_equal(buf, "(7, array([ 0. ,  1.1,  2.2,  3.3,  4.4,  5.5,  6.6,  7.7,  8.8,  9.9, 11. ,\n"
                             "       12.1, 13.2, 14.3, 15.4, 16.5, 17.6, 18.7, 19.8, 20.9, 22. , 23.1,\n"
                             "       24.2, 25.3, 26.4, 27.5, 28.6, 29.7, 30.8, 31.9]))");
    shape[0] = 3;
    char small[12];
    assert_int_equal(repr_result(small, sizeof small, &r), (int)strlen("(7, array([0. , 1.1, 2.2]))"));
    assert_string_equal(small, "(7, array([");
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
    assert_int_equal(repr_result(buf, sizeof buf, &r), 15);
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
        cmocka_unit_test(test_nested_values),
        cmocka_unit_test(test_array_table),
        cmocka_unit_test(test_array_int_extremes),
        cmocka_unit_test(test_array_in_tuple),
        cmocka_unit_test(test_truncation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
