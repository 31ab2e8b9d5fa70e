/* test_generator.c — a np.random.Generator's PCG64 (runtime/generator.c): the words
 * np.random.default_rng(seed) holds (SeedSequence's hashmix, then PCG64's seeding) and its raw
 * 64-bit stream, and the draws compiled code makes from it (next_double, the ziggurats, Lemire's
 * bounded integers with the 32-bit half kept between draws), against what NumPy gives
 * (generator_reference.py prints SEEDED and DRAWS), bit for bit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "runtime/generator.h"
#include "runtime/rt.h"

typedef struct {
    uint64_t seed;
    uint64_t words[4]; /* state (high, low), increment (high, low) */
    uint64_t raw[5];   /* random_raw(): the first four, and the 1000th */
} Seeded;

typedef struct {
    uint64_t seed;
    double vals[5]; /* random(), standard_normal(), standard_exponential(), then the sums */
    int64_t ints[3];
} Draws;

/* From tests/unit/generator_reference.py (NumPy 2.4's Generator). */
static const Seeded SEEDED[] = {
    {0u, {0x1aa1b5345996452du, 0x09585eb7a69561e3u, 0x418ddadb3af71a82u, 0x588133bc447873a9u},
     {11749869230777074271u, 4976686463289251617u, 755828109848996024u, 304881062738325533u, 7009908415182357424u}},
    {1u, {0x9c5b484bfedb756cu, 0x2a6e7d6f320fbc7eu, 0x922af2da2645f895u, 0xa19857b95740937bu},
     {9441442522235856127u, 17532960557476522086u, 2659275481604167885u, 17499493567006797778u, 17754495142480679839u}},
    {42u, {0xcea44f6798798f2au, 0xacbc7c9d68860ac8u, 0xfa505436c9a8416eu, 0x66caf2e28d25abffu},
     {14276969152011380360u, 8095878257575067585u, 15838336090824644132u, 12864169557245331597u, 5181623743110711096u}},
    {12345u, {0x1905e0335aae9634u, 0x9199b0d09775add5u, 0xc9c7353e6e2b1f28u, 0x7d761f2d4027fae7u},
     {4193609425186963869u, 5843160025838961886u, 14708796524633321433u, 12474696839993944336u, 7974958238905766642u}},
    {4294967296u, {0x24d060cf1520dbddu, 0x21bbf7fbff1ac5d4u, 0x77ff3ed86c5c5633u, 0x7b62eea7340ca9c7u},
     {16412783775159424549u, 10277383025879800780u, 14774146505460541886u, 17644565593934502278u, 14309798428220357456u}},
    {18446744073709551615u, {0xddc419442aebde79u, 0x4d8b0a3b048acdb0u, 0x37762aacb3cc854fu, 0x4ed623c7d18951edu},
     {12544278110101001871u, 15593249672699323225u, 136562751618339402u, 16501869284920798641u, 17119884106856268380u}},
};
static const Draws DRAWS[] = {
    {0u, {0x1.461fd79fb3850p-1, -0x1.0e8cfe9bd45ccp-3, 0x1.44832a04068b5p-6, -0x1.4f1e9af51359bp+5, 0x1.ed13240358a46p+9}, {0, 0, 894200084524}},
    {1u, {0x1.060d7be6f245cp-1, 0x1.a4ab22204681fp-1, 0x1.2cada8da3ca9bp-4, -0x1.214932c292abap+5, 0x1.f46900ce22718p+9}, {8, 9, 342862307389}},
    {42u, {0x1.8c43f79a2db24p-1, -0x1.0a3c65fca9a7ep+0, 0x1.313fd9339e3b5p+1, -0x1.aaac683058ea6p+4, 0x1.fbc05f9ce1452p+9}, {0, 6, 103549089072}},
};

static void test_seeding_equals_numpy(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SEEDED / sizeof SEEDED[0]; i++) {
        RtGenerator g;
        rt_generator_seed(&g, SEEDED[i].seed);
        for (int k = 0; k < 4; k++)
            assert_int_equal(g.w[k], SEEDED[i].words[k]);
        assert_int_equal(g.w[RT_GEN_HAS_UINT32], 0);
        jitc_generator api;
        jitc_default_rng(&api, SEEDED[i].seed);
        assert_memory_equal(api.words, g.w, sizeof g.w);
    }
}

static void test_raw_stream_equals_numpy(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SEEDED / sizeof SEEDED[0]; i++) {
        RtGenerator g;
        rt_generator_seed(&g, SEEDED[i].seed);
        for (int k = 0; k < 4; k++)
            assert_int_equal(rt_generator_next_uint64(&g), SEEDED[i].raw[k]);
        for (int k = 4; k < 999; k++)
            rt_generator_next_uint64(&g);
        assert_int_equal(rt_generator_next_uint64(&g), SEEDED[i].raw[4]);
    }
}

static void assert_same_double(double got, double want)
{
    assert_memory_equal(&got, &want, sizeof got);
}

static void test_draws_equal_numpy(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof DRAWS / sizeof DRAWS[0]; i++) {
        jitc_generator g;
        jitc_default_rng(&g, DRAWS[i].seed);
        int64_t at = (int64_t)(uintptr_t)g.words;
        assert_same_double(jitc_rt_gen_double(at), DRAWS[i].vals[0]);
        assert_same_double(jitc_rt_gen_normal(at), DRAWS[i].vals[1]);
        assert_same_double(jitc_rt_gen_exponential(at), DRAWS[i].vals[2]);
        assert_int_equal(jitc_rt_gen_bounded(at, 0, 9), DRAWS[i].ints[0]);
        assert_int_equal(g.words[RT_GEN_HAS_UINT32], 1); /* the other half kept */
        assert_int_equal(jitc_rt_gen_bounded(at, 0, 9), DRAWS[i].ints[1]);
        assert_int_equal(jitc_rt_gen_bounded(at, -3, ((int64_t)1 << 40) - 1 + 3), DRAWS[i].ints[2]);
        double sn = 0.0, se = 0.0;
        for (int k = 0; k < 1000; k++) {
            sn += jitc_rt_gen_normal(at);
            se += jitc_rt_gen_exponential(at);
        }
        assert_same_double(sn, DRAWS[i].vals[3]);
        assert_same_double(se, DRAWS[i].vals[4]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seeding_equals_numpy),
        cmocka_unit_test(test_raw_stream_equals_numpy),
        cmocka_unit_test(test_draws_equal_numpy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
