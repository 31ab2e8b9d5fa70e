/* random.c — jitc_xoroshiro128p_states: numba-cuda's init_xoroshiro128p_states(states, seed,
 * subsequence_start), made on the GPU (states in device memory) or on the CPU's threads (host
 * memory), equal to numba-cuda's bit for bit.
 *
 * numba-cuda seeds state 0 with splitmix64, jumps it subsequence_start times, and makes each
 * next state by jumping the one before (2**64 steps, 128 steps of the generator each): n
 * states cost n * 8192 steps on one CPU thread. A jump is linear over GF(2), so here it is a
 * 128x128 bit matrix J (drv_xoro_jump_powers: its powers J**(2**k) by squaring); the host jumps
 * the seeded state subsequence_start times with at most 64 matrix products, and state i is J**i
 * applied to that, which each thread of random_states.krn's kernel (or prange loop) computes
 * alone. The krn text is compiled once per context into a module of its own.
 *
 * Also jitc_default_rng: a np.random.Generator's PCG64 words, seeded as NumPy seeds them
 * (runtime/generator.c). */
#include <stdio.h>
#include <string.h>

#include "driver.h"
#include "random.h"
#include "runtime/generator.h"

static const char RANDOM_STATES_KRN[] =
#include "random_states_krn.h"
    ;

DrvXoro drv_xoro_seeded(uint64_t seed)
{
    uint64_t z = seed + 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    z = z ^ (z >> 31);
    return (DrvXoro){z, z};
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t drv_xoro_next(DrvXoro *s)
{
    uint64_t s0 = s->s0, s1 = s->s1, result = s0 + s1;
    s1 ^= s0;
    s->s0 = rotl(s0, 55) ^ s1 ^ (s1 << 14);
    s->s1 = rotl(s1, 36);
    return result;
}

void drv_xoro_jump(DrvXoro *s)
{
    static const uint64_t JUMP[2] = {0xBEAC0467EBA5FACBu, 0xD86B048B86AA9922u};
    DrvXoro acc = {0, 0};
    for (int i = 0; i < 2; i++)
        for (int b = 0; b < 64; b++) {
            if (JUMP[i] & ((uint64_t)1 << b)) {
                acc.s0 ^= s->s0;
                acc.s1 ^= s->s1;
            }
            drv_xoro_next(s);
        }
    *s = acc;
}

DrvXoro drv_xoro_apply(const DrvXoroMatrix *m, DrvXoro v)
{
    DrvXoro r = {0, 0};
    for (int j = 0; j < 128; j++)
        if ((j < 64 ? v.s0 >> j : v.s1 >> (j - 64)) & 1) {
            r.s0 ^= m->col[j].s0;
            r.s1 ^= m->col[j].s1;
        }
    return r;
}

void drv_xoro_jump_powers(DrvXoroMatrix *powers)
{
    for (int j = 0; j < 128; j++) { /* J: the jump of each unit state */
        DrvXoro e = {j < 64 ? (uint64_t)1 << j : 0, j < 64 ? 0 : (uint64_t)1 << (j - 64)};
        drv_xoro_jump(&e);
        powers[0].col[j] = e;
    }
    for (int k = 1; k < DRV_XORO_POWERS; k++) /* J**(2**k) = (J**(2**(k-1)))**2 */
        for (int j = 0; j < 128; j++)
            powers[k].col[j] = drv_xoro_apply(&powers[k - 1], powers[k - 1].col[j]);
}

DrvXoro drv_xoro_jumped(const DrvXoroMatrix *powers, DrvXoro v, uint64_t e)
{
    for (int k = 0; e; k++, e >>= 1)
        if (e & 1)
            v = drv_xoro_apply(&powers[k], v);
    return v;
}

/* ---- jitc_xoroshiro128p_states ---- */

static jitc_status fail(jitc_result *r, jitc_status st, const char *msg)
{
    if (r)
        snprintf(r->message, sizeof r->message, "jitc_xoroshiro128p_states: %s", msg);
    return st;
}

/* Whether t is states: uint64, shape (n, 2), C-contiguous. */
static bool states_tensor(const DLTensor *t)
{
    bool contiguous = !t->strides || (t->ndim == 2 && (t->strides[1] == 1 && (t->strides[0] == 2 || t->shape[0] <= 1)));
    return t->data && t->dtype.code == kDLUInt && t->dtype.bits == 64 && t->dtype.lanes == 1 && t->ndim == 2 &&
           t->shape[0] >= 0 && t->shape[1] == 2 && contiguous;
}

/* random_states.krn compiled for this context, once (the context destroys it with its modules). */
static jitc_status states_module(jitc_context *ctx, jitc_module **out, jitc_result *r)
{
    if (ctx->random_states) {
        *out = ctx->random_states;
        return JITC_OK;
    }
    jitc_module *m = NULL;
    jitc_status st = jitc_module_compile(ctx, "random_states.krn", RANDOM_STATES_KRN, sizeof RANDOM_STATES_KRN - 1, &m);
    if (st != JITC_OK) {
        jitc_module_destroy(m);
        return fail(r, st, "its kernel does not compile (a bug of jitc)");
    }
    *out = ctx->random_states = m;
    return JITC_OK;
}

/* Runs the kernel over states in device memory, or the prange loop over states in host memory,
 * with the base state and the powers J**(2**k) that n's bits need. */
static jitc_status run_states(jitc_context *ctx, DLTensor *states, DrvXoro base, DrvXoroMatrix *powers, int npowers,
                              jitc_result *r)
{
    jitc_module *m = NULL;
    jitc_status st = states_module(ctx, &m, r);
    if (st != JITC_OK)
        return st;
    bool gpu = states->device.device_type == kDLCUDA;
    jitc_function *fn;
    st = jitc_module_function(m, gpu ? "make_states" : "make_states_cpu", &fn);
    if (st != JITC_OK)
        return fail(r, st, "its kernel is missing (a bug of jitc)");
    int64_t shape[3] = {npowers, 128, 2};
    DLTensor table = {.data = powers, .device = {kDLCPU, 0}, .ndim = 3, .dtype = {kDLUInt, 64, 1}, .shape = shape};
    jitc_value args[4] = {jitc_array(states), {.kind = JITC_UINT64, .u = base.s0}, {.kind = JITC_UINT64, .u = base.s1},
                          jitc_array(&table)};
    jitc_result local, *res = r ? r : &local;
    if (!gpu)
        return jitc_call(fn, args, 4, res);
    enum { BLOCK = 256 };
    int64_t n = states->shape[0];
    jitc_launch_config cfg = {.grid = {(unsigned)((n + BLOCK - 1) / BLOCK), 1, 1}, .block = {BLOCK, 1, 1}};
    st = jitc_launch(fn, &cfg, args, 4, res);
    return st == JITC_OK ? jitc_synchronize(ctx, res) : st;
}

jitc_status jitc_xoroshiro128p_states(jitc_context *ctx, DLTensor *states, uint64_t seed, uint64_t subsequence_start,
                                      jitc_result *r)
{
    if (r)
        memset(r, 0, sizeof *r);
    if (!ctx || !states)
        return fail(r, JITC_ERR_ARGUMENT, "needs a context and a states tensor");
    if (!states_tensor(states))
        return fail(r, JITC_ERR_ARGUMENT, "states must be a C-contiguous uint64 tensor of shape (n, 2)");
    if (states->device.device_type != kDLCPU && states->device.device_type != kDLCUDA)
        return fail(r, JITC_ERR_ARGUMENT, "states must be in host (kDLCPU) or CUDA (kDLCUDA) memory");
    char why[256];
    if (!drv_on_context_device(ctx, states, "the states", -1, why, sizeof why))
        return fail(r, JITC_ERR_ARGUMENT, why);
    int64_t n = states->shape[0];
    if (n > ((int64_t)1 << 40))
        return fail(r, JITC_ERR_ARGUMENT, "too many states");
    if (n == 0)
        return JITC_OK;
    size_t bytes = sizeof(DrvXoroMatrix) * DRV_XORO_POWERS;
    DrvXoroMatrix *powers = heap_try_alloc(&ctx->heap, bytes);
    if (!powers)
        return fail(r, JITC_ERR_NOMEM, "out of memory");
    drv_xoro_jump_powers(powers);
    DrvXoro base = drv_xoro_jumped(powers, drv_xoro_seeded(seed), subsequence_start);
    int npowers = 1; /* the powers the indices 0 .. n-1 need */
    while (npowers < DRV_XORO_POWERS && ((uint64_t)(n - 1) >> npowers))
        npowers++;
    jitc_status st = run_states(ctx, states, base, powers, npowers, r);
    heap_release(&ctx->heap, powers, bytes);
    return st;
}

void jitc_default_rng(jitc_generator *g, uint64_t seed)
{
    _Static_assert(sizeof g->words == sizeof(RtGenerator), "jitc_generator holds an RtGenerator");
    RtGenerator r;
    rt_generator_seed(&r, seed);
    memcpy(g->words, r.w, sizeof r.w);
}
