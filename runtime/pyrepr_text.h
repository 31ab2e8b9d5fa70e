/* pyrepr_text.h — what the repr code shares: the output buffer and the decimal digits of a
 * float. runtime/pyrepr.c owns the digits and the repr of floats; the CLI's cli/repr.c the repr
 * of scalars, tuples and results, and cli/repr_array.c NumPy's repr of arrays. */
#ifndef JITC_PYREPR_TEXT_H
#define JITC_PYREPR_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include <dlpack/dlpack.h>

/* A decimal d[0].d[1]...d[len-1] x 10^exp, digits as ASCII. */
typedef struct PyDigits {
    char d[24];
    int len;
    int exp;
} PyDigits;

/* An output buffer with snprintf's contract: writes what fits, counts everything. */
typedef struct PyOut {
    char *buf;
    size_t n;
    size_t len;
    size_t line_start; /* len where the current line starts */
} PyOut;

static inline PyOut pyrepr_out(char *buf, size_t n)
{
    PyOut o = {buf, n, 0, 0};
    if (n)
        buf[0] = 0;
    return o;
}

static inline void pyrepr_putc(PyOut *o, char c)
{
    if (o->len + 1 < o->n) {
        o->buf[o->len] = c;
        o->buf[o->len + 1] = 0;
    }
    o->len++;
    if (c == '\n')
        o->line_start = o->len;
}

static inline void pyrepr_puts(PyOut *o, const char *s)
{
    while (*s)
        pyrepr_putc(o, *s++);
}

static inline void pyrepr_pad(PyOut *o, int count)
{
    for (int i = 0; i < count; i++)
        pyrepr_putc(o, ' ');
}

static inline int pyrepr_done(const PyOut *o) { return (int)o->len; }
static inline size_t pyrepr_col(const PyOut *o) { return o->len - o->line_start; }

/* The correctly rounded prec-digit decimal of v > 0 (finite). */
void pyrepr_rounded(double v, int prec, PyDigits *x);
/* Drops trailing zero digits (keeping one). */
void pyrepr_trim_zeros(PyDigits *x);
/* The shortest digits that read back to v > 0 as a float of `bits` (16, 32 or 64), the nearest
 * of them. */
void pyrepr_shortest(double v, int bits, PyDigits *x);


#endif
