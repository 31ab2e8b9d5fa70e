/* random.h — xoroshiro128+ as numba-cuda's numba.cuda.random computes it, over GF(2)
 * (driver/random.c): the seeded state, one step, the jump of 2**64 steps, and the jump as a
 * 128x128 bit matrix with its powers, which make state i of numba-cuda's
 * init_xoroshiro128p_states without i jumps. Private to the driver and its unit test
 * (tests/unit/test_random.c). */
#ifndef JITC_DRIVER_RANDOM_H
#define JITC_DRIVER_RANDOM_H

#include <stdint.h>

typedef struct DrvXoro {
    uint64_t s0, s1;
} DrvXoro;

/* A linear map of states: col[j] is the image of the state with only bit j set (bits 0..63
 * are s0's, 64..127 s1's). */
typedef struct DrvXoroMatrix {
    DrvXoro col[128];
} DrvXoroMatrix;

enum { DRV_XORO_POWERS = 64 };

/* init_xoroshiro128p_state: splitmix64 of the seed, in both words (as numba-cuda does). */
DrvXoro drv_xoro_seeded(uint64_t seed);
/* xoroshiro128p_next: the draw, and the state advanced one step. */
uint64_t drv_xoro_next(DrvXoro *s);
/* xoroshiro128p_jump: the state advanced 2**64 steps, by numba-cuda's loop. */
void drv_xoro_jump(DrvXoro *s);
/* m applied to v. */
DrvXoro drv_xoro_apply(const DrvXoroMatrix *m, DrvXoro v);
/* powers[k] = J**(2**k), J the jump's matrix, for k < DRV_XORO_POWERS. */
void drv_xoro_jump_powers(DrvXoroMatrix *powers);
/* v jumped e times: J**e v, by the powers e's bits select. */
DrvXoro drv_xoro_jumped(const DrvXoroMatrix *powers, DrvXoro v, uint64_t e);

#endif
