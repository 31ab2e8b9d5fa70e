/* pyrepr.c — Python's repr() of floats (see pyrepr.h), for print() in compiled code and for
 * the CLI's repr of values (cli/repr.c). Owns the shortest round-trip digits of float64 and
 * float32.
 *
 * Shortest digits: for each precision p = 1, 2, ... the correctly rounded p-digit decimal
 * (printf's %.*e) is tried; if it does not read back to the value, the p-digit decimal on the
 * other side of the value is tried too (next to a power of two the interval of decimals that read
 * back is lopsided, so the nearest may miss while the other neighbour hits). The first p with a
 * hit gives the shortest digits, and the nearest of them: the digits Python's repr prints. */
#include "pyrepr.h"
#include "pyrepr_text.h"

#include "half.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shortest digits ---- */

/* The correctly rounded `prec`-digit decimal of v > 0 (finite). */
void pyrepr_rounded(double v, int prec, PyDigits *x)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v); /* "d.ddde±XX" */
    char *e = strchr(tmp, 'e');
    x->exp = atoi(e + 1);
    x->len = 0;
    for (char *p = tmp; p < e; p++)
        if (*p != '.')
            x->d[x->len++] = *p;
}

/* Moves x one unit in its last place up (dir > 0) or down, keeping its digit count. */
static void pyrepr_step(PyDigits *x, int dir)
{
    int i = x->len - 1;
    if (dir > 0) {
        while (i >= 0 && x->d[i] == '9')
            x->d[i--] = '0';
        if (i >= 0) {
            x->d[i]++;
        } else { /* 9.99 + 0.01 = 10.0: 1.00 one decade up */
            x->d[0] = '1';
            x->exp++;
        }
        return;
    }
    while (i >= 0 && x->d[i] == '0')
        x->d[i--] = '9';
    x->d[i]--; /* the first digit is never 0, so i >= 0 here */
    if (x->d[0] == '0') { /* 1.00 - 0.01 = 0.99: 9.99 one decade down */
        memset(x->d, '9', (size_t)x->len);
        x->exp--;
    }
}

/* Whether the decimal x reads back as v, as a float of `bits` (16, 32 or 64). */
static bool pyrepr_reads_back(const PyDigits *x, double v, int bits)
{
    char text[64];
    int k = 0;
    text[k++] = x->d[0];
    text[k++] = '.';
    memcpy(text + k, x->d + 1, (size_t)(x->len - 1));
    k += x->len - 1;
    snprintf(text + k, sizeof text - (size_t)k, "e%d", x->exp);
    if (bits == 16)
        return jitc_double_to_half(strtod(text, NULL)) == jitc_double_to_half(v);
    if (bits == 32)
        return strtof(text, NULL) == (float)v;
    return strtod(text, NULL) == v;
}

void pyrepr_trim_zeros(PyDigits *x)
{
    while (x->len > 1 && x->d[x->len - 1] == '0')
        x->len--;
}

/* Whether some prec-digit decimal reads back to v; if so, x is the nearest such. */
static bool pyrepr_try_precision(double v, int bits, int prec, PyDigits *x)
{
    pyrepr_rounded(v, prec, x);
    if (pyrepr_reads_back(x, v, bits))
        return true;
    PyDigits up = *x, down = *x;
    pyrepr_step(&up, +1);
    pyrepr_step(&down, -1);
    if (pyrepr_reads_back(&up, v, bits))
        return *x = up, true;
    if (pyrepr_reads_back(&down, v, bits))
        return *x = down, true;
    return false;
}

/* The shortest decimal that reads back to v > 0 (finite), the nearest of those. A decimal of p
 * digits is one of p + 1 digits too, so the precisions that work are all those from the
 * shortest up: a binary search finds it. */
void pyrepr_shortest(double v, int bits, PyDigits *x)
{
    int most = bits == 16 ? 5 : bits == 32 ? 9 : 17; /* 5, 9 and 17 digits always read back */
    int lo = 1, hi = most;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        PyDigits probe;
        if (pyrepr_try_precision(v, bits, mid, &probe))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (!pyrepr_try_precision(v, bits, lo, x))
        pyrepr_rounded(v, most, x); /* unreachable: that many digits always read back */
    pyrepr_trim_zeros(x);
}

/* ---- layout ---- */

/* d.ddde±XX: "1e-05", "1.5e+16" (at least two exponent digits, as C and Python print). */
static void pyrepr_scientific(PyOut *o, const PyDigits *x)
{
    pyrepr_putc(o, x->d[0]);
    if (x->len > 1) {
        pyrepr_putc(o, '.');
        for (int i = 1; i < x->len; i++)
            pyrepr_putc(o, x->d[i]);
    }
    char exp[16];
    snprintf(exp, sizeof exp, "e%c%02d", x->exp < 0 ? '-' : '+', abs(x->exp));
    pyrepr_puts(o, exp);
}

/* ddd.ddd with at least one digit on each side of the point: "0.0001", "100.0", "123.45". */
static void pyrepr_fixed(PyOut *o, const PyDigits *x)
{
    if (x->exp < 0) {
        pyrepr_puts(o, "0.");
        for (int i = 0; i < -x->exp - 1; i++)
            pyrepr_putc(o, '0');
        for (int i = 0; i < x->len; i++)
            pyrepr_putc(o, x->d[i]);
        return;
    }
    for (int i = 0; i <= x->exp; i++)
        pyrepr_putc(o, i < x->len ? x->d[i] : '0');
    pyrepr_putc(o, '.');
    if (x->len <= x->exp + 1)
        pyrepr_putc(o, '0');
    for (int i = x->exp + 1; i < x->len; i++)
        pyrepr_putc(o, x->d[i]);
}

/* nan, inf, -inf, -0.0 and 0.0, which need no digits. Returns whether v was one of them. */
static bool pyrepr_special(PyOut *o, double v)
{
    if (isnan(v))
        pyrepr_puts(o, "nan");
    else if (isinf(v))
        pyrepr_puts(o, v < 0 ? "-inf" : "inf");
    else if (v == 0)
        pyrepr_puts(o, signbit(v) ? "-0.0" : "0.0");
    else
        return false;
    return true;
}

int pyrepr_f64(char *buf, size_t n, double v)
{
    PyOut o = pyrepr_out(buf, n);
    if (pyrepr_special(&o, v))
        return pyrepr_done(&o);
    if (v < 0)
        pyrepr_putc(&o, '-');
    PyDigits x;
    pyrepr_shortest(fabs(v), 64, &x);
    /* Python's float_repr_style 'short': scientific when the decimal exponent is < -4 or >= 16. */
    if (x.exp < -4 || x.exp >= 16)
        pyrepr_scientific(&o, &x);
    else
        pyrepr_fixed(&o, &x);
    return pyrepr_done(&o);
}

int pyrepr_f32(char *buf, size_t n, float v)
{
    PyOut o = pyrepr_out(buf, n);
    if (pyrepr_special(&o, v))
        return pyrepr_done(&o);
    if (v < 0)
        pyrepr_putc(&o, '-');
    double a = fabs((double)v);
    PyDigits x;
    pyrepr_shortest(a, 32, &x);
    /* NumPy's float32 scalar str: fixed when 1e-4 <= |v| < 1e6 by value, else scientific. */
    if (a >= 1e-4 && a < 1e6)
        pyrepr_fixed(&o, &x);
    else
        pyrepr_scientific(&o, &x);
    return pyrepr_done(&o);
}

/* One part of a complex repr: Python's repr(float) without a trailing ".0" ("2", "-0", "1.5",
 * "1e+16"), with an explicit sign when `sign` ("+2", "-1.5", "+nan"). */
static void pyrepr_complex_part(PyOut *o, double v, bool sign)
{
    char tmp[64];
    int len = pyrepr_f64(tmp, sizeof tmp, v);
    if (len >= 2 && tmp[len - 2] == '.' && tmp[len - 1] == '0')
        tmp[len - 2] = 0;
    if (sign && tmp[0] != '-')
        pyrepr_putc(o, '+');
    pyrepr_puts(o, tmp);
}

/* CPython's complex_repr: the imaginary part alone when the real part is +0.0, else both in
 * parentheses. */
int pyrepr_complex(char *buf, size_t n, double re, double im)
{
    PyOut o = pyrepr_out(buf, n);
    bool alone = re == 0 && !signbit(re);
    if (!alone) {
        pyrepr_putc(&o, '(');
        pyrepr_complex_part(&o, re, false);
    }
    pyrepr_complex_part(&o, im, !alone);
    pyrepr_puts(&o, alone ? "j" : "j)");
    return pyrepr_done(&o);
}
