/* nprandom.c — the Mersenne Twister (MT19937) states behind np.random and Python's random module
 * in compiled host code, and the raw draws the distributions of np/nprandom.krn are built on.
 *
 * Written after Numba's numba/_random.c (BSD-2-Clause), itself after CPython's _randommodule.c and
 * NumPy's randomkit, so that a kernel seeded with np.random.seed(s) draws the same bits as the
 * same kernel under Numba:
 *  - two states per thread (thread-local, as Numba's): JITC_RANDOM_NP (np.random) and
 *    JITC_RANDOM_PY (Python's random module);
 *  - seed(s) is init_genrand with s reduced to 32 bits (Numba types the seed as uint32);
 *  - a state never seeded in its thread is seeded on first use from the operating system's
 *    entropy (624 words through init_by_array, as Numba's os.urandom path): each thread of a
 *    prange loop draws from a stream of its own, and seed() in one thread leaves the others' alone;
 *    a child of fork() reseeds likewise;
 *  - random() is 53 bits from two 32-bit draws; the normal pair is Marsaglia's polar method with
 *    one value cached (has_gauss), both as Numba's randomimpl.py lowers them;
 *  - randrange draws ceil(log2(n)) bits per try, NumPy's low bits or CPython's high bits;
 *  - poisson_ptrs is Numba's numba_poisson_ptrs (NumPy's transformed rejection for lam >= 10).
 * The functions never fail: the checks of arguments (ValueError) are the library's (nprandom.krn). */
#include "rt.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

enum { MT_N = 624, MT_M = 397 };
#define MT_MATRIX_A 0x9908b0dfU
#define MT_UPPER_MASK 0x80000000U
#define MT_LOWER_MASK 0x7fffffffU

typedef struct {
    int index;
    uint32_t mt[MT_N];
    int has_gauss;
    double gauss;
    int is_initialized;
} RandomState;

static _Thread_local RandomState thread_states[2]; /* JITC_RANDOM_NP, JITC_RANDOM_PY */

/* After fork() the child reseeds (its one thread's states are marked unseeded), as Numba's
 * rnd_atfork_child: parent and child do not draw the same numbers. */
static void reseed_after_fork(void)
{
    thread_states[0].is_initialized = 0;
    thread_states[1].is_initialized = 0;
}

__attribute__((constructor)) static void register_fork_handler(void) { pthread_atfork(NULL, NULL, reseed_after_fork); }

/* The next 624 words of the state (numba_rnd_shuffle). */
static void regenerate(RandomState *s)
{
    uint32_t y;
    int i;
    for (i = 0; i < MT_N - MT_M; i++) {
        y = (s->mt[i] & MT_UPPER_MASK) | (s->mt[i + 1] & MT_LOWER_MASK);
        s->mt[i] = s->mt[i + MT_M] ^ (y >> 1) ^ (-(y & 1U) & MT_MATRIX_A);
    }
    for (; i < MT_N - 1; i++) {
        y = (s->mt[i] & MT_UPPER_MASK) | (s->mt[i + 1] & MT_LOWER_MASK);
        s->mt[i] = s->mt[i + (MT_M - MT_N)] ^ (y >> 1) ^ (-(y & 1U) & MT_MATRIX_A);
    }
    y = (s->mt[MT_N - 1] & MT_UPPER_MASK) | (s->mt[0] & MT_LOWER_MASK);
    s->mt[MT_N - 1] = s->mt[MT_M - 1] ^ (y >> 1) ^ (-(y & 1U) & MT_MATRIX_A);
}

/* init_genrand: Knuth's generator fills the words from a 32-bit seed (numba_rnd_init). */
static void init_genrand(RandomState *s, uint32_t seed)
{
    for (uint32_t pos = 0; pos < MT_N; pos++) {
        s->mt[pos] = seed;
        seed = 1812433253U * (seed ^ (seed >> 30)) + pos + 1;
    }
    s->index = MT_N;
    s->has_gauss = 0;
    s->gauss = 0.0;
    s->is_initialized = 1;
}

/* init_by_array: the state perturbed by a key (rnd_init_by_array). */
static void init_by_array(RandomState *s, const uint32_t *key, size_t len)
{
    uint32_t *mt = s->mt;
    init_genrand(s, 19650218U);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > len ? MT_N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len)
            j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    s->index = MT_N;
    s->has_gauss = 0;
    s->gauss = 0.0;
    s->is_initialized = 1;
}

/* First use in a thread without seed(): 624 words of the system's entropy, as Numba's
 * os.urandom path. Without getrandom, the clock and the state's address stand in. */
static void seed_from_entropy(RandomState *s)
{
    uint32_t key[MT_N];
    size_t got = 0;
    while (got < sizeof key) {
        ssize_t n = getrandom((char *)key + got, sizeof key - got, 0);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    if (got < sizeof key) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 32) ^ (uint64_t)(uintptr_t)s;
        for (size_t i = 0; i < MT_N; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            key[i] ^= (uint32_t)(x >> 32);
        }
    }
    init_by_array(s, key, MT_N);
}

static RandomState *state(int32_t which)
{
    RandomState *s = &thread_states[which == JITC_RANDOM_PY ? 1 : 0];
    if (!s->is_initialized)
        seed_from_entropy(s);
    return s;
}

/* get_next_int32: the next word, tempered. */
static uint32_t next_u32(RandomState *s)
{
    if (s->index >= MT_N) {
        regenerate(s);
        s->index = 0;
    }
    uint32_t y = s->mt[s->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

static double next_double(RandomState *s)
{
    double a = next_u32(s) >> 5, b = next_u32(s) >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

void jitc_rt_random_seed(int32_t which, int64_t seed)
{
    init_genrand(&thread_states[which == JITC_RANDOM_PY ? 1 : 0], (uint32_t)seed);
}

double jitc_rt_random_double(int32_t which) { return next_double(state(which)); }

/* A standard normal: the cached one, or a new pair by the polar method (one cached). */
double jitc_rt_random_gauss(int32_t which)
{
    RandomState *s = state(which);
    if (s->has_gauss) {
        s->has_gauss = 0;
        return s->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * next_double(s) - 1.0;
        x2 = 2.0 * next_double(s) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (!(r2 < 1.0 && r2 != 0.0));
    double f = sqrt(-2.0 * log(r2) / r2);
    s->gauss = f * x1;
    s->has_gauss = 1;
    return f * x2;
}

/* get_next_int: nbits (1..64) bits; NumPy takes a word's low bits and the high word first,
 * CPython a word's high bits and the low word first. */
static uint64_t next_bits(RandomState *s, int nbits, bool numpy)
{
    if (nbits <= 32) {
        uint32_t y = next_u32(s);
        int shift = 32 - nbits;
        return numpy ? y & (0xffffffffU >> shift) : y >> shift;
    }
    uint64_t high = 0, low;
    int shift = 64 - nbits;
    if (numpy)
        high = next_u32(s) & (0xffffffffU >> shift);
    low = next_u32(s);
    if (!numpy)
        high = next_u32(s) >> shift;
    return low + (high << 32);
}

/* The number of significant bits of x in a word of `width` bits (width - ctlz(x)). */
static int bit_length(uint64_t x)
{
    int n = 0;
    while (x) {
        n++;
        x >>= 1;
    }
    return n;
}

/* A draw in [0, n), n > 0, as _randrange_impl: NumPy's takes the bits of n - 1 (none when
 * n == 1), CPython's those of n. The value is truncated to the arguments' integer width. */
int64_t jitc_rt_random_below(int32_t which, int64_t n, int64_t width)
{
    RandomState *s = state(which);
    bool numpy = which != JITC_RANDOM_PY;
    if (numpy && n == 1)
        return 0;
    uint64_t mask = width >= 64 ? ~0ULL : (1ULL << width) - 1;
    int nbits = bit_length((uint64_t)(numpy ? n - 1 : n) & mask);
    for (;;) {
        uint64_t r = next_bits(s, nbits, numpy) & mask;
        if ((int64_t)r < n)
            return (int64_t)r;
    }
}

/* getrandbits(k), 1 <= k <= 64: CPython's order of words. */
int64_t jitc_rt_random_bits(int32_t which, int64_t nbits)
{
    return (int64_t)next_bits(state(which), (int)nbits, which != JITC_RANDOM_PY);
}

/* loggam: log of the gamma function, as NumPy's distributions.c (Numba's copy). */
static double loggam(double x)
{
    static const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
                                 -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
                                 6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
                                 -1.39243221690590e+00};
    double x0 = x, x2, gl, gl0;
    long n = 0;
    if (x == 1.0 || x == 2.0)
        return 0.0;
    if (x <= 7.0) {
        n = (long)(7 - x);
        x0 = x + n;
    }
    x2 = 1.0 / (x0 * x0);
    gl0 = a[9];
    for (int k = 8; k >= 0; k--) {
        gl0 *= x2;
        gl0 += a[k];
    }
    gl = gl0 / x0 + 0.5 * log(2 * 3.14159265358979323846264338328) + (x0 - 0.5) * log(x0) - x0;
    if (x <= 7.0)
        for (long k = 1; k <= n; k++) {
            gl -= log(x0 - 1.0);
            x0 -= 1.0;
        }
    return gl;
}

/* Poisson for lam >= 10: Hörmann's transformed rejection (numba_poisson_ptrs). */
int64_t jitc_rt_random_poisson_ptrs(int32_t which, double lam)
{
    RandomState *s = state(which);
    double slam = sqrt(lam), loglam = log(lam);
    double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
        double U = next_double(s) - 0.5, V = next_double(s);
        double us = 0.5 - fabs(U);
        int64_t k = (int64_t)floor((2 * a / us + b) * U + lam + 0.43);
        if (us >= 0.07 && V <= vr)
            return k;
        if (k < 0 || (us < 0.013 && V > us))
            continue;
        if (log(V) + log(invalpha) - log(a / (us * us) + b) <= -lam + (double)k * loglam - loggam((double)k + 1))
            return k;
    }
}
