/* half.h — IEEE binary16 (NumPy's float16, CUDA's __half) to and from double, in plain C, for
 * the driver (float16 kernel arguments) and the CLI (.npy files of dtype <f2, their repr).
 * The conversion from double rounds to nearest, ties to even, in one step (as NumPy's
 * npy_double_to_half does: no double rounding through float). */
#ifndef JITC_HALF_H
#define JITC_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline double jitc_half_to_double(uint16_t h)
{
    int exp = (h >> 10) & 0x1F;
    double mag = exp == 0 ? ldexp(h & 0x3FF, -24)                        /* zero, subnormal */
               : exp == 31 ? ((h & 0x3FF) ? NAN : INFINITY)              /* inf, nan */
               : ldexp((h & 0x3FF) | 0x400, exp - 25);
    return (h & 0x8000) ? -mag : mag;
}

static inline uint16_t jitc_double_to_half(double d)
{
    uint16_t sign = signbit(d) ? 0x8000 : 0;
    double a = fabs(d);
    if (a != a)
        return (uint16_t)(sign | 0x7E00);
    if (a == 0)
        return sign;
    if (a >= 65520.0) /* 65504 + half an ulp rounds up to inf */
        return (uint16_t)(sign | 0x7C00);
    int e;
    frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
    int shift = e - 1 < -14 ? -24 : e - 11; /* the exponent of the last bit kept */
    double q = ldexp(a, -shift);            /* exact: the kept bits and the fraction below */
    double r = nearbyint(q);                /* the current mode: to nearest, ties to even */
    uint32_t m = (uint32_t)r;
    /* m counts units of 2^shift; a carry into 2^11 moves to the next exponent, as the bits do */
    uint32_t bits = shift == -24 ? m : (uint32_t)((shift + 25) << 10) + m - 0x400;
    return (uint16_t)(sign | bits);
}

#endif
