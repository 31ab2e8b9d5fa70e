/* generator.h — a NumPy Generator over PCG64 (generator.c): its six words, and how
 * np.random.default_rng(seed) makes them. */
#ifndef JITC_RUNTIME_GENERATOR_H
#define JITC_RUNTIME_GENERATOR_H

#include <stdint.h>

/* w[0], w[1]: the 128-bit state (high, low); w[2], w[3]: the increment; then whether a 32-bit
 * half is kept and that half (NumPy's has_uint32, uinteger). */
enum { RT_GEN_HAS_UINT32 = 4, RT_GEN_UINTEGER = 5, RT_GEN_WORDS = 6 };
typedef struct RtGenerator {
    uint64_t w[RT_GEN_WORDS];
} RtGenerator;

/* The generator np.random.default_rng(seed) makes (SeedSequence(seed), then PCG64). */
void rt_generator_seed(RtGenerator *g, uint64_t seed);
/* PCG64's next raw 64-bit output (PCG64.random_raw()). */
uint64_t rt_generator_next_uint64(RtGenerator *g);

#endif
