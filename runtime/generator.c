/* generator.c — NumPy's Generator API over its default bit generator, PCG64, as compiled code
 * draws from it (a np.random.Generator passed in: Numba's NumPyRandomGeneratorType).
 *
 * A generator is six words the caller owns (RtGenerator: PCG64's 128-bit state and increment,
 * and the 32-bit half of a draw kept for the next next_uint32, as NumPy's pcg64_state); compiled
 * code holds their address and each draw advances them, so the caller's generator moves on as a
 * NumPy Generator does. rt_generator_seed makes them as np.random.default_rng(seed) does:
 * SeedSequence(seed).generate_state(4, uint64) (numpy/random/bit_generator.pyx: the entropy as
 * 32-bit words, mixed into a pool of four with hashmix, then hashed out) seeds pcg64_set_seed
 * (numpy/random/src/pcg64/pcg64.h: pcg_setseq_128_srandom_r).
 *
 * The draws are NumPy's (numpy/random/src/distributions/distributions.c), as Numba transcribes
 * them (numba/np/random/distributions.py, random_methods.py): next_double is 53 bits of a 64-bit
 * draw; the standard normal and exponential are the ziggurat with NumPy's tables
 * (generator_tables.h); a bounded integer is Lemire's rejection on a 32-bit draw when the range
 * fits 32 bits, else on a 64-bit one (random_bounded_uint64_fill); shuffle's index is masked
 * rejection (random_interval). The checks of arguments
 * (ValueError) are the library's (np/nprandom.krn). */
#include "rt.h"

#include <math.h>

#include "generator.h"
#include "generator_tables.h"

typedef unsigned __int128 u128;

/* PCG_DEFAULT_MULTIPLIER_128 */
#define PCG_MULT (((u128)2549297995355413924ULL << 64) | 4865540595714422341ULL)

static u128 get128(const uint64_t *w) { return ((u128)w[0] << 64) | w[1]; }

static void put128(uint64_t *w, u128 v)
{
    w[0] = (uint64_t)(v >> 64);
    w[1] = (uint64_t)v;
}

static void pcg_step(RtGenerator *g) { put128(g->w, get128(g->w) * PCG_MULT + get128(g->w + 2)); }

/* pcg64_next64: a step, then the XSL-RR output of the new state. */
static uint64_t next_uint64(RtGenerator *g)
{
    pcg_step(g);
    u128 s = get128(g->w);
    uint64_t x = (uint64_t)(s >> 64) ^ (uint64_t)s;
    unsigned rot = (unsigned)(s >> 122);
    return (x >> rot) | (x << ((64 - rot) & 63));
}

/* pcg64_next32: the low half of a 64-bit draw, its high half kept for the next call. */
static uint32_t next_uint32(RtGenerator *g)
{
    if (g->w[RT_GEN_HAS_UINT32]) {
        g->w[RT_GEN_HAS_UINT32] = 0;
        return (uint32_t)g->w[RT_GEN_UINTEGER];
    }
    uint64_t next = next_uint64(g);
    g->w[RT_GEN_HAS_UINT32] = 1;
    g->w[RT_GEN_UINTEGER] = next >> 32;
    return (uint32_t)next;
}

static double next_double(RtGenerator *g) { return (double)(next_uint64(g) >> 11) * (1.0 / 9007199254740992.0); }

/* ---- SeedSequence and PCG64's seeding ---- */

enum { POOL_SIZE = 4 };
#define INIT_A 0x43b0d7e5U
#define MULT_A 0x931e8875U
#define INIT_B 0x8b51f9ddU
#define MULT_B 0x58f38dedU
#define MIX_MULT_L 0xca01f9ddU
#define MIX_MULT_R 0x4973f715U
#define XSHIFT 16

static uint32_t hashmix(uint32_t value, uint32_t *hash_const)
{
    value ^= *hash_const;
    *hash_const *= MULT_A;
    value *= *hash_const;
    value ^= value >> XSHIFT;
    return value;
}

static uint32_t mix(uint32_t x, uint32_t y)
{
    uint32_t result = MIX_MULT_L * x - MIX_MULT_R * y;
    return result ^ (result >> XSHIFT);
}

/* SeedSequence.mix_entropy: the pool of four words from the entropy's words. */
static void mix_entropy(uint32_t pool[POOL_SIZE], const uint32_t *entropy, int n)
{
    uint32_t hash_const = INIT_A;
    for (int i = 0; i < POOL_SIZE; i++)
        pool[i] = hashmix(i < n ? entropy[i] : 0, &hash_const);
    for (int src = 0; src < POOL_SIZE; src++)
        for (int dst = 0; dst < POOL_SIZE; dst++)
            if (src != dst)
                pool[dst] = mix(pool[dst], hashmix(pool[src], &hash_const));
    for (int src = POOL_SIZE; src < n; src++)
        for (int dst = 0; dst < POOL_SIZE; dst++)
            pool[dst] = mix(pool[dst], hashmix(entropy[src], &hash_const));
}

/* SeedSequence.generate_state(n / 2, np.uint64): n 32-bit words, paired low word first. */
static void generate_state(const uint32_t pool[POOL_SIZE], uint64_t *out, int n64)
{
    uint32_t hash_const = INIT_B;
    for (int i = 0; i < 2 * n64; i++) {
        uint32_t v = pool[i % POOL_SIZE];
        v ^= hash_const;
        hash_const *= MULT_B;
        v *= hash_const;
        v ^= v >> XSHIFT;
        if (i % 2 == 0)
            out[i / 2] = v;
        else
            out[i / 2] |= (uint64_t)v << 32;
    }
}

void rt_generator_seed(RtGenerator *g, uint64_t seed)
{
    uint32_t entropy[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)}, pool[POOL_SIZE];
    mix_entropy(pool, entropy, seed >> 32 ? 2 : 1); /* an int's 32-bit words, at least one */
    uint64_t val[4];
    generate_state(pool, val, 4);
    /* pcg64_set_seed(state, val, val + 2): pcg_setseq_128_srandom_r(state, val[0:2], val[2:4]) */
    u128 initstate = ((u128)val[0] << 64) | val[1], initseq = ((u128)val[2] << 64) | val[3];
    put128(g->w, 0);
    put128(g->w + 2, (initseq << 1) | 1);
    pcg_step(g);
    put128(g->w, get128(g->w) + initstate);
    pcg_step(g);
    g->w[RT_GEN_HAS_UINT32] = 0;
    g->w[RT_GEN_UINTEGER] = 0;
}

uint64_t rt_generator_next_uint64(RtGenerator *g) { return next_uint64(g); }

/* ---- the draws compiled code makes (rtabi.def): the generator's address first ---- */

static RtGenerator *gen(int64_t address) { return (RtGenerator *)(uintptr_t)address; }

double jitc_rt_gen_double(int64_t g) { return next_double(gen(g)); }

/* random_standard_normal: the ziggurat, 256 layers. */
double jitc_rt_gen_normal(int64_t address)
{
    RtGenerator *g = gen(address);
    for (;;) {
        uint64_t r = next_uint64(g);
        int idx = (int)(r & 0xff);
        r >>= 8;
        int sign = (int)(r & 1);
        uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
        double x = (double)rabs * WI[idx];
        if (sign)
            x = -x;
        if (rabs < KI[idx])
            return x; /* 99.3% of the time */
        if (idx == 0) {
            for (;;) { /* the tail */
                double xx = -ZIGGURAT_NOR_INV_R * log1p(-next_double(g));
                double yy = -log1p(-next_double(g));
                if (yy + yy > xx * xx)
                    return (rabs >> 8) & 1 ? -(ZIGGURAT_NOR_R + xx) : ZIGGURAT_NOR_R + xx;
            }
        }
        if ((FI[idx - 1] - FI[idx]) * next_double(g) + FI[idx] < exp(-0.5 * x * x))
            return x;
    }
}

/* random_standard_exponential: the ziggurat, 256 layers. */
double jitc_rt_gen_exponential(int64_t address)
{
    RtGenerator *g = gen(address);
    for (;;) {
        uint64_t ri = next_uint64(g) >> 3;
        int idx = (int)(ri & 0xff);
        ri >>= 8;
        double x = (double)ri * WE[idx];
        if (ri < KE[idx])
            return x; /* 98.9% of the time */
        if (idx == 0)
            return ZIGGURAT_EXP_R - log1p(-next_double(g));
        if ((FE[idx - 1] - FE[idx]) * next_double(g) + FE[idx] < exp(-x))
            return x;
    }
}

/* buffered_bounded_lemire_uint32: a draw in [0, rng], rng < 0xffffffff. */
static uint64_t bounded_lemire32(RtGenerator *g, uint32_t rng)
{
    uint32_t rng_excl = rng + 1;
    uint64_t m = (uint64_t)next_uint32(g) * rng_excl;
    uint32_t leftover = (uint32_t)m;
    if (leftover < rng_excl) {
        uint32_t threshold = (UINT32_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            m = (uint64_t)next_uint32(g) * rng_excl;
            leftover = (uint32_t)m;
        }
    }
    return m >> 32;
}

/* bounded_lemire_uint64: a draw in [0, rng], rng < 0xffffffffffffffff. */
static uint64_t bounded_lemire64(RtGenerator *g, uint64_t rng)
{
    uint64_t rng_excl = rng + 1;
    u128 m = (u128)next_uint64(g) * rng_excl;
    uint64_t leftover = (uint64_t)m;
    if (leftover < rng_excl) {
        uint64_t threshold = (UINT64_MAX - rng) % rng_excl;
        while (leftover < threshold) {
            m = (u128)next_uint64(g) * rng_excl;
            leftover = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

/* One element of random_bounded_uint64_fill: low + a draw in [0, rng] (rng as uint64). */
int64_t jitc_rt_gen_bounded(int64_t address, int64_t low, int64_t range)
{
    RtGenerator *g = gen(address);
    uint64_t rng = (uint64_t)range, d;
    if (rng == 0)
        d = 0;
    else if (rng <= 0xffffffffULL)
        d = rng == 0xffffffffULL ? next_uint32(g) : bounded_lemire32(g, (uint32_t)rng);
    else
        d = rng == UINT64_MAX ? next_uint64(g) : bounded_lemire64(g, rng);
    return (int64_t)((uint64_t)low + d);
}

/* random_interval: a draw in [0, max] by masked rejection, on 32 bits where max fits them
 * (what shuffle and permutation draw). */
int64_t jitc_rt_gen_interval(int64_t address, int64_t max_value)
{
    RtGenerator *g = gen(address);
    uint64_t max = (uint64_t)max_value, mask = max, value;
    if (max == 0)
        return 0;
    for (int shift = 1; shift <= 32; shift *= 2)
        mask |= mask >> shift;
    if (max <= 0xffffffffULL) {
        while ((value = next_uint32(g) & mask) > max)
            ;
    } else {
        while ((value = next_uint64(g) & mask) > max)
            ;
    }
    return (int64_t)value;
}
