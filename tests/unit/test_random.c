/* test_random.c — numba.cuda.random's states (driver/random.c): the jump as a bit matrix and
 * its powers against numba-cuda's jump loop, state by state; jitc_xoroshiro128p_states on host
 * memory against states Numba's init_xoroshiro128p_states_cpu made (random_reference.py prints
 * REFERENCE) and against the sequential jumps; and the tensors it refuses. The GPU path is
 * tests/gpu/run_gpu.py's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "driver/random.h"
#include "jitc.h"

/* From tests/unit/random_reference.py (Numba 0.68's numba.cuda.random). */
static const struct {
    uint64_t seed, subsequence_start;
    int n, index;
    DrvXoro state;
} REFERENCE[] = {
    {42u, 0u, 5, 0, {0xbdd732262feb6e95u, 0xbdd732262feb6e95u}},
    {42u, 0u, 5, 1, {0x045a2c270718bc3bu, 0x05b3939a23e533b4u}},
    {42u, 0u, 5, 2, {0xa67324e5ecccb8dcu, 0x4a81bbd6c315729eu}},
    {42u, 0u, 5, 3, {0xef6261e44fd8abc9u, 0x0c6ebfa4759a0f22u}},
    {42u, 0u, 5, 4, {0x965712e7ac28b9b1u, 0xc5fdd9c6a44f58a6u}},
    {1u, 3u, 4, 0, {0x3b80c389fcd31ee7u, 0xb43c70624d182bbbu}},
    {1u, 3u, 4, 1, {0x17e0e052c5094b78u, 0x8341792fb49d7386u}},
    {1u, 3u, 4, 2, {0x0fad30181771253du, 0x48a822e88430407bu}},
    {1u, 3u, 4, 3, {0x3a10c70401c2a086u, 0x40c457b28b7faf49u}},
    {12345678901234567890u, 0u, 3, 0, {0xf959d46356afd6e8u, 0xf959d46356afd6e8u}},
    {12345678901234567890u, 0u, 3, 1, {0x91665948f1525e3bu, 0x813e3682a5d7b7e6u}},
    {12345678901234567890u, 0u, 3, 2, {0x17b4d8b3c72fc922u, 0xd2053af0f37cf8abu}},
    {7u, 2u, 300, 255, {0xbc0c97f113cdc6b1u, 0x92603bcf160ed30bu}},
    {7u, 2u, 300, 299, {0x695ca3227b119e6bu, 0x695ff408d8920b6du}},
};

static DrvXoroMatrix *jump_powers(void)
{
    DrvXoroMatrix *p = malloc(sizeof *p * DRV_XORO_POWERS);
    assert_non_null(p);
    drv_xoro_jump_powers(p);
    return p;
}

/* J**e by the powers equals e jumps one after another, for indices with one and several bits. */
static void test_matrix_jump_equals_sequential_jumps(void **state)
{
    (void)state;
    DrvXoroMatrix *powers = jump_powers();
    static const uint64_t STOPS[] = {0, 1, 2, 3, 5, 8, 64, 100, 257, 1000};
    DrvXoro seq = drv_xoro_seeded(2024);
    uint64_t done = 0;
    for (size_t k = 0; k < sizeof STOPS / sizeof STOPS[0]; k++) {
        for (; done < STOPS[k]; done++)
            drv_xoro_jump(&seq);
        DrvXoro fast = drv_xoro_jumped(powers, drv_xoro_seeded(2024), STOPS[k]);
        assert_int_equal(fast.s0, seq.s0);
        assert_int_equal(fast.s1, seq.s1);
    }
    free(powers);
}

/* A power is its square root applied twice, also for exponents past any sequential loop. */
static void test_powers_compose(void **state)
{
    (void)state;
    DrvXoroMatrix *powers = jump_powers();
    DrvXoro v = {0x0123456789abcdefu, 0xfedcba9876543210u};
    for (int k = 1; k < DRV_XORO_POWERS; k++) {
        DrvXoro twice = drv_xoro_apply(&powers[k - 1], drv_xoro_apply(&powers[k - 1], v));
        DrvXoro once = drv_xoro_apply(&powers[k], v);
        assert_int_equal(once.s0, twice.s0);
        assert_int_equal(once.s1, twice.s1);
    }
    /* the jump is numba-cuda's: 2**64 steps are the same as 2**63 steps twice, by the powers
       of the one-step matrix built here from drv_xoro_next */
    DrvXoroMatrix *step = malloc(sizeof *step * 65);
    assert_non_null(step);
    for (int j = 0; j < 128; j++) {
        DrvXoro e = {j < 64 ? (uint64_t)1 << j : 0, j < 64 ? 0 : (uint64_t)1 << (j - 64)};
        drv_xoro_next(&e);
        step[0].col[j] = e;
    }
    for (int k = 1; k <= 64; k++)
        for (int j = 0; j < 128; j++)
            step[k].col[j] = drv_xoro_apply(&step[k - 1], step[k - 1].col[j]);
    DrvXoro a = drv_xoro_apply(&step[64], v), b = v;
    drv_xoro_jump(&b);
    assert_int_equal(a.s0, b.s0);
    assert_int_equal(a.s1, b.s1);
    free(step);
    free(powers);
}

static void make_states(jitc_context *ctx, uint64_t *words, int64_t n, uint64_t seed, uint64_t sub)
{
    int64_t shape[2] = {n, 2};
    DLTensor t = {.data = words, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLUInt, 64, 1}, .shape = shape};
    jitc_result r;
    jitc_status st = jitc_xoroshiro128p_states(ctx, &t, seed, sub, &r);
    if (st != JITC_OK)
        fail_msg("jitc_xoroshiro128p_states: %s", r.message);
}

/* The API's states on host memory: Numba's, and numba-cuda's loop of jumps, for every index. */
static void test_states_equal_numba(void **state)
{
    (void)state;
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    for (size_t c = 0; c < sizeof REFERENCE / sizeof REFERENCE[0]; c++) {
        int64_t n = REFERENCE[c].n;
        uint64_t *w = calloc((size_t)n * 2, sizeof *w);
        assert_non_null(w);
        make_states(ctx, w, n, REFERENCE[c].seed, REFERENCE[c].subsequence_start);
        int i = REFERENCE[c].index;
        assert_int_equal(w[2 * i], REFERENCE[c].state.s0);
        assert_int_equal(w[2 * i + 1], REFERENCE[c].state.s1);
        DrvXoro seq = drv_xoro_seeded(REFERENCE[c].seed); /* init_xoroshiro128p_states_cpu */
        for (uint64_t k = 0; k < REFERENCE[c].subsequence_start; k++)
            drv_xoro_jump(&seq);
        for (int64_t k = 0; k < n; k++) {
            assert_int_equal(w[2 * k], seq.s0);
            assert_int_equal(w[2 * k + 1], seq.s1);
            drv_xoro_jump(&seq);
        }
        free(w);
    }
    jitc_context_destroy(ctx);
}

/* Many states: the prange loop's pieces agree with the powers, at the ends and inside. */
static void test_many_states(void **state)
{
    (void)state;
    enum { N = 100000 };
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    uint64_t *w = calloc((size_t)N * 2, sizeof *w);
    assert_non_null(w);
    make_states(ctx, w, N, 5, 1u << 20);
    make_states(ctx, w, N, 5, 1u << 20); /* the second call reuses the compiled module */
    DrvXoroMatrix *powers = jump_powers();
    static const int64_t AT[] = {0, 1, 4095, 4096, 65535, 77777, N - 1};
    for (size_t k = 0; k < sizeof AT / sizeof AT[0]; k++) {
        DrvXoro want = drv_xoro_jumped(powers, drv_xoro_seeded(5), (1u << 20) + (uint64_t)AT[k]);
        assert_int_equal(w[2 * AT[k]], want.s0);
        assert_int_equal(w[2 * AT[k] + 1], want.s1);
    }
    free(powers);
    free(w);
    jitc_context_destroy(ctx);
}

static void test_refuses_other_tensors(void **state)
{
    (void)state;
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    uint64_t w[8] = {0};
    int64_t shape2[2] = {4, 2}, shape3[2] = {2, 3}, shape1[1] = {8}, column_major[2] = {1, 4};
    DLTensor ok = {.data = w, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLUInt, 64, 1}, .shape = shape2};
    DLTensor wrong_dtype = ok, wrong_shape = ok, wrong_rank = ok, fortran = ok;
    wrong_dtype.dtype = (DLDataType){kDLInt, 64, 1};
    wrong_shape.shape = shape3;
    wrong_rank.ndim = 1, wrong_rank.shape = shape1;
    fortran.strides = column_major;
    jitc_result r;
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &wrong_dtype, 1, 0, &r), JITC_ERR_ARGUMENT);
    assert_non_null(strstr(r.message, "uint64"));
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &wrong_shape, 1, 0, &r), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &wrong_rank, 1, 0, NULL), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &fortran, 1, 0, NULL), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_xoroshiro128p_states(NULL, &ok, 1, 0, NULL), JITC_ERR_ARGUMENT);
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &ok, 1, 0, NULL), JITC_OK);
    int64_t empty_shape[2] = {0, 2};
    DLTensor empty = ok;
    empty.shape = empty_shape;
    assert_int_equal(jitc_xoroshiro128p_states(ctx, &empty, 1, 0, NULL), JITC_OK);
    jitc_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matrix_jump_equals_sequential_jumps),
        cmocka_unit_test(test_powers_compose),
        cmocka_unit_test(test_states_equal_numba),
        cmocka_unit_test(test_many_states),
        cmocka_unit_test(test_refuses_other_tensors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
