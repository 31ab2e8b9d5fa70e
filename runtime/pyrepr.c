/* pyrepr.c — Python's repr() of jitc values (see pyrepr.h). Owns the shortest round-trip
 * formatting of float64 and float32 and the layout of scalars and tuples.
 *
 * Shortest digits: for each precision p = 1, 2, ... the correctly rounded p-digit decimal
 * (printf's %.*e) is tried; if it does not read back to the value, the p-digit decimal on the
 * other side of the value is tried too (next to a power of two the interval of decimals that read
 * back is lopsided, so the nearest may miss while the other neighbour hits). The first p with a
 * hit gives the shortest digits, and the nearest of them: the digits Python's repr prints. */
#include "pyrepr.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
} PyOut;

static PyOut pyrepr_out(char *buf, size_t n)
{
    PyOut o = {buf, n, 0};
    if (n)
        buf[0] = 0;
    return o;
}

static void pyrepr_putc(PyOut *o, char c)
{
    if (o->len + 1 < o->n) {
        o->buf[o->len] = c;
        o->buf[o->len + 1] = 0;
    }
    o->len++;
}

static void pyrepr_puts(PyOut *o, const char *s)
{
    while (*s)
        pyrepr_putc(o, *s++);
}

static int pyrepr_done(const PyOut *o) { return (int)o->len; }

/* ---- shortest digits ---- */

/* The correctly rounded `prec`-digit decimal of v > 0 (finite). */
static void pyrepr_rounded(double v, int prec, PyDigits *x)
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

/* Whether the decimal x reads back as v (as a float when single). */
static bool pyrepr_reads_back(const PyDigits *x, double v, bool single)
{
    char text[64];
    int k = 0;
    text[k++] = x->d[0];
    text[k++] = '.';
    memcpy(text + k, x->d + 1, (size_t)(x->len - 1));
    k += x->len - 1;
    snprintf(text + k, sizeof text - (size_t)k, "e%d", x->exp);
    if (single)
        return strtof(text, NULL) == (float)v;
    return strtod(text, NULL) == v;
}

static void pyrepr_trim_zeros(PyDigits *x)
{
    while (x->len > 1 && x->d[x->len - 1] == '0')
        x->len--;
}

/* Whether some prec-digit decimal reads back to v; if so, x is the nearest such. */
static bool pyrepr_try_precision(double v, bool single, int prec, PyDigits *x)
{
    pyrepr_rounded(v, prec, x);
    if (pyrepr_reads_back(x, v, single))
        return true;
    PyDigits up = *x, down = *x;
    pyrepr_step(&up, +1);
    pyrepr_step(&down, -1);
    if (pyrepr_reads_back(&up, v, single))
        return *x = up, true;
    if (pyrepr_reads_back(&down, v, single))
        return *x = down, true;
    return false;
}

/* The shortest decimal that reads back to v > 0 (finite), the nearest of those. A decimal of p
 * digits is one of p + 1 digits too, so the precisions that work are all those from the
 * shortest up: a binary search finds it. */
static void pyrepr_shortest(double v, bool single, PyDigits *x)
{
    int lo = 1, hi = single ? 9 : 17; /* 9 and 17 digits always read back */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        PyDigits probe;
        if (pyrepr_try_precision(v, single, mid, &probe))
            hi = mid;
        else
            lo = mid + 1;
    }
    if (!pyrepr_try_precision(v, single, lo, x))
        pyrepr_rounded(v, single ? 9 : 17, x); /* unreachable: 9/17 digits always read back */
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
    pyrepr_shortest(fabs(v), false, &x);
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
    pyrepr_shortest(a, true, &x);
    /* NumPy's float32 scalar str: fixed when 1e-4 <= |v| < 1e6 by value, else scientific. */
    if (a >= 1e-4 && a < 1e6)
        pyrepr_fixed(&o, &x);
    else
        pyrepr_scientific(&o, &x);
    return pyrepr_done(&o);
}

/* ---- values ---- */

/* ---- arrays, as NumPy's repr lays them out: nested brackets, rows of a 2-D array on lines
 * of their own, "..." past 1000 elements (3 at each end of every axis), the dtype named unless
 * it is float64, int64 or bool. Elements are written as Python writes the scalars. ---- */

enum { ARRAY_THRESHOLD = 1000, ARRAY_EDGE = 3 };

static void pyrepr_put_element(PyOut *o, const DLTensor *t, const char *p)
{
    char tmp[64];
    int bits = t->dtype.bits;
    switch (t->dtype.code) {
    case JITC_DL_BOOL: snprintf(tmp, sizeof tmp, *(const uint8_t *)p ? "True" : "False"); break;
    case kDLFloat:
        if (bits == 32)
            pyrepr_f32(tmp, sizeof tmp, *(const float *)p);
        else
            pyrepr_f64(tmp, sizeof tmp, *(const double *)p);
        break;
    case kDLInt: {
        int64_t v = bits == 8 ? *(const int8_t *)p : bits == 16 ? *(const int16_t *)p
                  : bits == 32 ? *(const int32_t *)p : *(const int64_t *)p;
        snprintf(tmp, sizeof tmp, "%" PRId64, v);
        break;
    }
    default: {
        uint64_t v = bits == 8 ? *(const uint8_t *)p : bits == 16 ? *(const uint16_t *)p
                   : bits == 32 ? *(const uint32_t *)p : *(const uint64_t *)p;
        snprintf(tmp, sizeof tmp, "%" PRIu64, v);
        break;
    }
    }
    pyrepr_puts(o, tmp);
}

static int64_t pyrepr_stride(const DLTensor *t, int axis)
{
    if (t->strides)
        return t->strides[axis];
    int64_t s = 1;
    for (int k = axis + 1; k < t->ndim; k++)
        s *= t->shape[k];
    return s;
}

/* The sub-array at p along axes axis.. ; indent: the columns its rows start at. */
static void pyrepr_put_axis(PyOut *o, const DLTensor *t, const char *p, int axis, bool summarize, int indent)
{
    int64_t n = t->shape[axis], step = pyrepr_stride(t, axis) * ((t->dtype.bits + 7) / 8);
    pyrepr_putc(o, '[');
    for (int64_t i = 0; i < n; i++) {
        if (summarize && n > 2 * ARRAY_EDGE && i == ARRAY_EDGE) {
            pyrepr_puts(o, axis + 1 < t->ndim ? "...," : "..., ");
            i = n - ARRAY_EDGE;
            if (axis + 1 < t->ndim)
                for (int k = 0; k < (t->ndim - axis - 1 ? 1 : 0); k++) {
                    pyrepr_putc(o, '\n');
                    for (int c = 0; c < indent + 1; c++)
                        pyrepr_putc(o, ' ');
                }
        }
        if (axis + 1 < t->ndim)
            pyrepr_put_axis(o, t, p + i * step, axis + 1, summarize, indent + 1);
        else
            pyrepr_put_element(o, t, p + i * step);
        if (i + 1 < n) {
            pyrepr_putc(o, ',');
            if (axis + 1 < t->ndim) { /* a blank line between blocks of 3-D and up */
                for (int k = axis + 1; k < t->ndim; k++)
                    pyrepr_putc(o, '\n');
                for (int c = 0; c < indent + 1; c++)
                    pyrepr_putc(o, ' ');
            } else {
                pyrepr_putc(o, ' ');
            }
        }
    }
    pyrepr_putc(o, ']');
}

static const char *pyrepr_dtype(DLDataType dt)
{
    static const char *const ints[] = {"int8", "int16", "int32", "int64"}, *const uints[] = {"uint8", "uint16", "uint32", "uint64"};
    int k = dt.bits == 8 ? 0 : dt.bits == 16 ? 1 : dt.bits == 32 ? 2 : 3;
    switch (dt.code) {
    case JITC_DL_BOOL: return "bool";
    case kDLFloat: return dt.bits == 32 ? "float32" : "float64";
    case kDLInt: return ints[k];
    default: return uints[k];
    }
}

static void pyrepr_put_array(PyOut *o, const DLTensor *t)
{
    int64_t size = 1;
    for (int k = 0; k < t->ndim; k++)
        size *= t->shape[k];
    const char *dtype = pyrepr_dtype(t->dtype);
    bool named = strcmp(dtype, "float64") != 0 && strcmp(dtype, "int64") != 0 && strcmp(dtype, "bool") != 0;
    pyrepr_puts(o, "array(");
    if (size == 0) {
        pyrepr_puts(o, "[]");
        named = true;
    } else {
        pyrepr_put_axis(o, t, (const char *)t->data + t->byte_offset, 0, size > ARRAY_THRESHOLD, 6);
    }
    if (named) {
        pyrepr_puts(o, ", dtype=");
        pyrepr_puts(o, dtype);
    }
    pyrepr_putc(o, ')');
}

static void pyrepr_put_value(PyOut *o, const jitc_value *v)
{
    char tmp[64];
    switch (v->kind) {
    case JITC_NONE: snprintf(tmp, sizeof tmp, "None"); break;
    case JITC_BOOL: snprintf(tmp, sizeof tmp, v->b ? "True" : "False"); break;
    case JITC_INT8: snprintf(tmp, sizeof tmp, "%d", (int8_t)v->i); break;
    case JITC_INT16: snprintf(tmp, sizeof tmp, "%d", (int16_t)v->i); break;
    case JITC_INT32: snprintf(tmp, sizeof tmp, "%" PRId32, (int32_t)v->i); break;
    case JITC_INT64: snprintf(tmp, sizeof tmp, "%" PRId64, v->i); break;
    case JITC_UINT8: snprintf(tmp, sizeof tmp, "%u", (uint8_t)v->u); break;
    case JITC_UINT16: snprintf(tmp, sizeof tmp, "%u", (uint16_t)v->u); break;
    case JITC_UINT32: snprintf(tmp, sizeof tmp, "%" PRIu32, (uint32_t)v->u); break;
    case JITC_UINT64: snprintf(tmp, sizeof tmp, "%" PRIu64, v->u); break;
    case JITC_FLOAT32: pyrepr_f64(tmp, sizeof tmp, v->f32); break; /* Numba returns a Python float */
    case JITC_FLOAT64: pyrepr_f64(tmp, sizeof tmp, v->f64); break;
    case JITC_ARRAY: pyrepr_put_array(o, v->array); return;
    case JITC_TUPLE: snprintf(tmp, sizeof tmp, "(...)"); break; /* tuples only at the top */
    default: snprintf(tmp, sizeof tmp, "<kind %d>", (int)v->kind); break;
    }
    pyrepr_puts(o, tmp);
}

int pyrepr_value(char *buf, size_t n, const jitc_value *v)
{
    PyOut o = pyrepr_out(buf, n);
    pyrepr_put_value(&o, v);
    return pyrepr_done(&o);
}

int pyrepr_result(char *buf, size_t n, const jitc_result *r)
{
    PyOut o = pyrepr_out(buf, n);
    if (r->value.kind == JITC_NONE)
        return pyrepr_done(&o);
    if (r->value.kind != JITC_TUPLE) {
        pyrepr_put_value(&o, &r->value);
        return pyrepr_done(&o);
    }
    int count = r->nitems < 0 ? 0 : r->nitems > JITC_MAX_TUPLE ? JITC_MAX_TUPLE : r->nitems;
    pyrepr_putc(&o, '(');
    for (int i = 0; i < count; i++) {
        if (i)
            pyrepr_puts(&o, ", ");
        pyrepr_put_value(&o, &r->items[i]);
    }
    pyrepr_puts(&o, count == 1 ? ",)" : ")");
    return pyrepr_done(&o);
}
