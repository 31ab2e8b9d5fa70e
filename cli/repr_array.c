/* repr_array.c — NumPy 2's repr(ndarray) of host arrays, with the default print options,
 * for the CLI's repr of values (repr.c): element formats chosen from the elements shown, rows
 * wrapped, summarization, and the shape= and dtype= extras. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repr.h"
#include "runtime/dltensor.h"
#include "runtime/pyrepr.h"
#include "runtime/half.h"

/* ---- arrays, as NumPy 2's repr(ndarray) lays them out (default print options) ----
 *
 * Past 1000 elements only the first and last 3 along every axis longer than 6 are shown, with
 * "..." between (threshold, edgeitems). One format, chosen from the elements shown, writes them
 * all at one width (pyrepr_choose_format):
 *   ints   right-aligned to the widest;  bools " True"/"False" ("True" alone in a 0-d array);
 *   floats NumPy's FloatingFormat (floatmode 'maxprec', precision 8): positional, each element
 *          its shortest digits cut to 8 after the point, padded left to the widest integer part
 *          and right to the longest fraction ("0. ", "0.5"); or scientific when the largest
 *          nonzero |x| >= 1e8 (1e6 for float32), the smallest < 1e-4 or their ratio > 1000
 *          (compared in the dtype), each mantissa as long as the longest needs (its own
 *          shortest digits, cut to 8 after the point; shorter ones go on in the exact value's
 *          digits) and exponents of one width ("1.5e-05", "1.0e+100"); nan and inf
 *          right-aligned.
 * A row wraps, at the column after its "[", before an element that would end past column 73
 * less one per level of nesting (room for its "," or "]", the outer "]"s and the ")"); blocks
 * of 2-D and up are separated by one newline per axis below them. Columns count from "array(",
 * also inside a tuple. "shape=(...)" follows when summarized, or empty and not (0,); "dtype=..."
 * when empty or the dtype is not float64, int64 or bool; on a line of their own (indented 6)
 * when they would pass column 75. ---- */

enum { ARRAY_THRESHOLD = 1000, ARRAY_EDGE = 3, ARRAY_LINEWIDTH = 75, FLOAT_PRECISION = 8 };

/* The array being printed, and whether it is summarized. */
typedef struct PyArray {
    const DLTensor *t;
    const char *data;
    int64_t size;
    bool summarize;
} PyArray;

/* How the elements are written; filled in from the elements shown. */
typedef struct PyFormat {
    DLDataType dtype;
    bool zero_d;
    int width;                 /* ints: the widest element */
    bool exp;                  /* floats: scientific */
    bool nonfinite, neg_inf;   /* floats: some nan or inf shown; some -inf */
    bool nonzero;              /* floats: some finite nonzero shown ... */
    double max_abs, min_abs;   /* ... and the largest and smallest of their |x| */
    int precision;             /* floats: digits after the point at most (mantissa's if exp) */
    int pad_left, pad_right;   /* floats: widest integer part (sign too), longest fraction */
    int exp_size;              /* floats: digits of the exponent, if exp */
} PyFormat;

static double pyrepr_load_float(DLDataType dt, const char *p)
{
    if (dt.bits == 16) {
        uint16_t h;
        memcpy(&h, p, sizeof h);
        return jitc_half_to_double(h);
    }
    if (dt.bits == 32) {
        float f;
        memcpy(&f, p, sizeof f);
        return f;
    }
    double d;
    memcpy(&d, p, sizeof d);
    return d;
}

/* An int or uint element in decimal. */
static void pyrepr_int_text(DLDataType dt, const char *p, char *buf, size_t n)
{
    int64_t i = 0;
    uint64_t u = 0;
    if (dt.code == kDLInt) {
        int8_t i8; int16_t i16; int32_t i32;
        switch (dt.bits) {
        case 8: memcpy(&i8, p, 1), i = i8; break;
        case 16: memcpy(&i16, p, 2), i = i16; break;
        case 32: memcpy(&i32, p, 4), i = i32; break;
        default: memcpy(&i, p, 8); break;
        }
        snprintf(buf, n, "%" PRId64, i);
        return;
    }
    uint8_t u8; uint16_t u16; uint32_t u32;
    switch (dt.bits) {
    case 8: memcpy(&u8, p, 1), u = u8; break;
    case 16: memcpy(&u16, p, 2), u = u16; break;
    case 32: memcpy(&u32, p, 4), u = u32; break;
    default: memcpy(&u, p, 8); break;
    }
    snprintf(buf, n, "%" PRIu64, u);
}

/* ---- float elements ---- */

/* What NumPy's dragon4 (unique mode, a cutoff of `precision` digits after the point, of the
 * mantissa when exp) writes for a >= 0, finite: the shortest digits that read back, or if those
 * reach past the cutoff, a correctly rounded there, trailing zeros trimmed. 0 is "0" x 10^0. */
static void pyrepr_cut_digits(double a, int bits, bool exp, int precision, PyDigits *x)
{
    if (a == 0) {
        *x = (PyDigits){.d = "0", .len = 1, .exp = 0};
        return;
    }
    pyrepr_shortest(a, bits, x);
    int frac = exp ? x->len - 1 : x->len - 1 - x->exp;
    if (frac <= precision)
        return;
    int digits = exp ? precision + 1 : x->exp + 1 + precision;
    /* positional only shows |x| >= 1e-4 (float32's 1e-4 is just below), so digits >= 4 here */
    pyrepr_rounded(a, digits < 1 ? 1 : digits, x);
    pyrepr_trim_zeros(x);
}

/* The mantissa digits of an element of a scientific array whose longest mantissa has
 * `precision` digits after the point (dragon4 with min_digits = precision): the shortest digits
 * if they are exactly that long, else a correctly rounded to precision + 1 digits: past the
 * shortest, the exact value's digits ("6.6666669e-01" for float32(2/3), not "6.6666670e-01"). */
static void pyrepr_sci_digits(double a, int bits, int precision, PyDigits *x)
{
    if (a != 0) {
        pyrepr_shortest(a, bits, x);
        if (x->len != precision + 1)
            pyrepr_rounded(a, precision + 1, x);
    } else {
        *x = (PyDigits){.d = "0", .len = 1, .exp = 0};
    }
}

/* Lengths of x written positional or scientific: integer part (no sign), fraction, exponent. */
static int pyrepr_int_len(const PyDigits *x, bool exp) { return exp || x->exp < 0 ? 1 : x->exp + 1; }

static int pyrepr_frac_len(const PyDigits *x, bool exp)
{
    if (exp)
        return x->len - 1;
    return x->len - 1 - x->exp > 0 ? x->len - 1 - x->exp : 0;
}

static int pyrepr_exp_len(const PyDigits *x) { return abs(x->exp) >= 100 ? 3 : 2; }

/* ddd.ddd, the fraction padded with spaces to pad_right: "0.5", "12. ", "0.0001". */
static void pyrepr_put_positional(PyOut *o, const PyDigits *x, int pad_right)
{
    for (int i = 0; i <= (x->exp < 0 ? 0 : x->exp); i++)
        pyrepr_putc(o, x->exp >= 0 && i < x->len ? x->d[i] : '0');
    pyrepr_putc(o, '.');
    for (int i = x->exp + 1; i < 0; i++)
        pyrepr_putc(o, '0');
    for (int i = x->exp + 1 < 0 ? 0 : x->exp + 1; i < x->len; i++)
        pyrepr_putc(o, x->d[i]);
    pyrepr_pad(o, pad_right - pyrepr_frac_len(x, false));
}

/* d.ddde±XX, the mantissa padded with zeros to precision digits, the exponent to exp_size. */
static void pyrepr_put_sci(PyOut *o, const PyDigits *x, int precision, int exp_size)
{
    pyrepr_putc(o, x->d[0]);
    pyrepr_putc(o, '.');
    for (int i = 1; i <= precision; i++)
        pyrepr_putc(o, i < x->len ? x->d[i] : '0');
    char exp[16];
    snprintf(exp, sizeof exp, "e%c%0*d", x->exp < 0 ? '-' : '+', exp_size, abs(x->exp));
    pyrepr_puts(o, exp);
}

static void pyrepr_put_float(PyOut *o, const PyFormat *f, double v)
{
    if (!isfinite(v)) {
        const char *s = isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
        pyrepr_pad(o, f->pad_left + f->pad_right + 1 - (int)strlen(s));
        pyrepr_puts(o, s);
        return;
    }
    PyDigits x;
    if (f->exp)
        pyrepr_sci_digits(fabs(v), f->dtype.bits, f->precision, &x);
    else
        pyrepr_cut_digits(fabs(v), f->dtype.bits, false, f->precision, &x);
    bool neg = signbit(v);
    pyrepr_pad(o, f->pad_left - neg - pyrepr_int_len(&x, f->exp));
    if (neg)
        pyrepr_putc(o, '-');
    if (f->exp)
        pyrepr_put_sci(o, &x, f->precision, f->exp_size);
    else
        pyrepr_put_positional(o, &x, f->pad_right);
}

/* ---- choosing the format from the elements shown ---- */

typedef void PyVisit(PyFormat *f, const char *elem);

/* The index after i along an axis of n: past the first 3, the last 3 when summarized. */
static bool pyrepr_elides(const PyArray *a, int64_t n) { return a->summarize && n > 2 * ARRAY_EDGE; }

static int64_t pyrepr_next(const PyArray *a, int64_t n, int64_t i)
{
    return pyrepr_elides(a, n) && i == ARRAY_EDGE - 1 ? n - ARRAY_EDGE : i + 1;
}

/* Calls visit on every element shown, the sub-array at p along axes axis.. */
static void pyrepr_each_shown(const PyArray *a, const char *p, int axis, PyVisit *visit, PyFormat *f)
{
    if (axis == a->t->ndim) {
        visit(f, p);
        return;
    }
    int64_t n = a->t->shape[axis], step = dl_byte_stride(a->t, axis);
    for (int64_t i = 0; i < n; i = pyrepr_next(a, n, i))
        pyrepr_each_shown(a, p + i * step, axis + 1, visit, f);
}

static void pyrepr_scan_float(PyFormat *f, const char *p)
{
    double v = pyrepr_load_float(f->dtype, p), a = fabs(v);
    if (!isfinite(v)) {
        f->nonfinite = true;
        f->neg_inf |= isinf(v) && v < 0;
    } else if (a != 0) {
        f->max_abs = f->nonzero && f->max_abs > a ? f->max_abs : a;
        f->min_abs = f->nonzero && f->min_abs < a ? f->min_abs : a;
        f->nonzero = true;
    }
}

/* FloatingFormat's choice of scientific notation, in the dtype's arithmetic. */
static bool pyrepr_wants_exp(const PyFormat *f)
{
    if (!f->nonzero)
        return false;
    if (f->dtype.bits == 32) {
        float hi = (float)f->max_abs, lo = (float)f->min_abs, ratio = hi / lo;
        return hi >= 1e6f || lo < 1e-4f || ratio > 1000.0f;
    }
    if (f->dtype.bits == 16) { /* the cutoff is 10^precision, 1000; the ratio rounds to half */
        double ratio = jitc_half_to_double(jitc_double_to_half(f->max_abs / f->min_abs));
        return f->max_abs >= 1000.0 || f->min_abs < jitc_half_to_double(jitc_double_to_half(1e-4)) || ratio > 1000.0;
    }
    return f->max_abs >= 1e8 || f->min_abs < 1e-4 || f->max_abs / f->min_abs > 1000.0;
}

static void pyrepr_measure_float(PyFormat *f, const char *p)
{
    double v = pyrepr_load_float(f->dtype, p);
    if (!isfinite(v))
        return;
    PyDigits x;
    pyrepr_cut_digits(fabs(v), f->dtype.bits, f->exp, FLOAT_PRECISION, &x);
    int left = pyrepr_int_len(&x, f->exp) + (signbit(v) ? 1 : 0), frac = pyrepr_frac_len(&x, f->exp);
    f->pad_left = left > f->pad_left ? left : f->pad_left;
    f->pad_right = frac > f->pad_right ? frac : f->pad_right;
    if (f->exp && pyrepr_exp_len(&x) > f->exp_size)
        f->exp_size = pyrepr_exp_len(&x);
}

static void pyrepr_choose_float(const PyArray *a, PyFormat *f)
{
    pyrepr_each_shown(a, a->data, 0, pyrepr_scan_float, f);
    f->exp = pyrepr_wants_exp(f);
    pyrepr_each_shown(a, a->data, 0, pyrepr_measure_float, f);
    f->precision = FLOAT_PRECISION;
    if (f->exp) { /* every mantissa as long as the longest; pad_right then spans to the end */
        f->precision = f->pad_right;
        f->pad_right = f->exp_size + 2 + f->precision;
    }
    if (f->nonfinite) { /* room for "nan", "inf", "-inf" */
        int room = 3 + (f->neg_inf ? 1 : 0) - (f->pad_right + 1);
        f->pad_left = room > f->pad_left ? room : f->pad_left;
    }
}

static void pyrepr_measure_int(PyFormat *f, const char *p)
{
    char tmp[32];
    pyrepr_int_text(f->dtype, p, tmp, sizeof tmp);
    int len = (int)strlen(tmp);
    f->width = len > f->width ? len : f->width;
}

static void pyrepr_choose_format(const PyArray *a, PyFormat *f)
{
    *f = (PyFormat){.dtype = a->t->dtype, .zero_d = a->t->ndim == 0};
    if (f->dtype.code == kDLFloat)
        pyrepr_choose_float(a, f);
    else if (f->dtype.code == kDLInt || f->dtype.code == kDLUInt)
        pyrepr_each_shown(a, a->data, 0, pyrepr_measure_int, f);
}

/* ---- layout ---- */

static void pyrepr_put_element(PyOut *o, const PyFormat *f, const char *p)
{
    char tmp[32];
    switch (f->dtype.code) {
    case JITC_DL_BOOL:
        pyrepr_puts(o, *(const uint8_t *)p ? (f->zero_d ? "True" : " True") : "False");
        break;
    case kDLFloat: pyrepr_put_float(o, f, pyrepr_load_float(f->dtype, p)); break;
    case kDLComplex: { /* each element as Python's repr of it (NumPy aligns the parts; jitc does not) */
        double re = f->dtype.bits == 64 ? ((const float *)p)[0] : ((const double *)p)[0];
        double im = f->dtype.bits == 64 ? ((const float *)p)[1] : ((const double *)p)[1];
        char text[128];
        pyrepr_complex(text, sizeof text, re, im);
        pyrepr_puts(o, text);
        break;
    }
    default:
        pyrepr_int_text(f->dtype, p, tmp, sizeof tmp);
        pyrepr_pad(o, f->width - (int)strlen(tmp));
        pyrepr_puts(o, tmp);
        break;
    }
}

/* A word of a row after its ", ": on a new line at the hanging indent if it would end past
 * limit (and the line holds more than the indent), else after a space. */
static void pyrepr_put_word(PyOut *o, const char *word, int indent, int limit)
{
    size_t col = pyrepr_col(o) + 1;
    if (col + strlen(word) > (size_t)limit && col > (size_t)indent) {
        pyrepr_putc(o, '\n');
        pyrepr_pad(o, indent);
    } else {
        pyrepr_putc(o, ' ');
    }
    pyrepr_puts(o, word);
}

/* The last axis at p: "[a, b, ..., z]", wrapped; width: NumPy's curr_width for the row. */
static void pyrepr_put_row(PyOut *o, const PyArray *a, const PyFormat *f, const char *p, int indent, int width)
{
    int axis = a->t->ndim - 1;
    int64_t n = a->t->shape[axis], step = dl_byte_stride(a->t, axis);
    pyrepr_putc(o, '[');
    for (int64_t i = 0; i < n; i = pyrepr_next(a, n, i)) {
        char word[64];
        PyOut w = pyrepr_out(word, sizeof word);
        pyrepr_put_element(&w, f, p + i * step);
        if (i == 0) {
            pyrepr_puts(o, word);
            continue;
        }
        pyrepr_putc(o, ',');
        if (pyrepr_elides(a, n) && i == n - ARRAY_EDGE) {
            pyrepr_put_word(o, "...", indent, width - 1);
            pyrepr_putc(o, ',');
        }
        pyrepr_put_word(o, word, indent, width - 1);
    }
    pyrepr_putc(o, ']');
}

/* "," then a newline per axis below the block, then the indent. */
static void pyrepr_put_break(PyOut *o, int newlines, int indent)
{
    pyrepr_putc(o, ',');
    for (int k = 0; k < newlines; k++)
        pyrepr_putc(o, '\n');
    pyrepr_pad(o, indent);
}

/* The sub-array at p along axes axis.. ; indent: the column after its "[". */
static void pyrepr_put_axis(PyOut *o, const PyArray *a, const PyFormat *f, const char *p, int axis, int indent, int width)
{
    if (axis == a->t->ndim - 1) {
        pyrepr_put_row(o, a, f, p, indent, width);
        return;
    }
    int64_t n = a->t->shape[axis], step = dl_byte_stride(a->t, axis);
    int newlines = a->t->ndim - axis - 1;
    pyrepr_putc(o, '[');
    for (int64_t i = 0; i < n; i = pyrepr_next(a, n, i)) {
        if (i > 0)
            pyrepr_put_break(o, newlines, indent);
        if (i > 0 && pyrepr_elides(a, n) && i == n - ARRAY_EDGE) {
            pyrepr_puts(o, "...");
            pyrepr_put_break(o, newlines, indent);
        }
        pyrepr_put_axis(o, a, f, p + i * step, axis + 1, indent + 1, width - 1);
    }
    pyrepr_putc(o, ']');
}

static const char *pyrepr_dtype(DLDataType dt)
{
    static const char *const ints[] = {"int8", "int16", "int32", "int64"}, *const uints[] = {"uint8", "uint16", "uint32", "uint64"};
    int k = dt.bits == 8 ? 0 : dt.bits == 16 ? 1 : dt.bits == 32 ? 2 : 3;
    switch (dt.code) {
    case JITC_DL_BOOL: return "bool";
    case kDLFloat: return dt.bits == 16 ? "float16" : dt.bits == 32 ? "float32" : "float64";
    case kDLComplex: return dt.bits == 64 ? "complex64" : "complex128";
    case kDLInt: return ints[k];
    default: return uints[k];
    }
}

/* "shape=(2, 0, 3), dtype=int8": what repr adds after the elements, "" if nothing. */
static void pyrepr_put_extras_text(PyOut *o, const DLTensor *t, int64_t size)
{
    const char *dtype = pyrepr_dtype(t->dtype);
    bool implied = !strcmp(dtype, "float64") || !strcmp(dtype, "int64") || !strcmp(dtype, "bool");
    if ((size == 0 && t->ndim != 1) || size > ARRAY_THRESHOLD) {
        pyrepr_puts(o, "shape=(");
        for (int k = 0; k < t->ndim; k++) {
            char dim[32];
            snprintf(dim, sizeof dim, k ? ", %" PRId64 : "%" PRId64, t->shape[k]);
            pyrepr_puts(o, dim);
        }
        pyrepr_puts(o, t->ndim == 1 ? ",)" : ")");
        if (!implied || size == 0)
            pyrepr_puts(o, ", ");
    }
    if (!implied || size == 0) {
        pyrepr_puts(o, "dtype=");
        pyrepr_puts(o, dtype);
    }
}

/* The extras, after "," and a space, or on a new line when they would pass column 75. */
static void pyrepr_put_extras(PyOut *o, const DLTensor *t, int64_t size)
{
    PyOut measure = pyrepr_out(NULL, 0);
    pyrepr_put_extras_text(&measure, t, size);
    if (measure.len == 0)
        return;
    pyrepr_putc(o, ',');
    if (pyrepr_col(o) + measure.len + 2 > ARRAY_LINEWIDTH) { /* + ")" + the space */
        pyrepr_putc(o, '\n');
        pyrepr_pad(o, (int)strlen("array("));
    } else {
        pyrepr_putc(o, ' ');
    }
    pyrepr_put_extras_text(o, t, size);
}

void repr_put_array(PyOut *o, const DLTensor *t)
{
    PyArray a = {t, (const char *)t->data + t->byte_offset, 1, false};
    for (int k = 0; k < t->ndim; k++)
        a.size *= t->shape[k];
    a.summarize = a.size > ARRAY_THRESHOLD;
    o->line_start = o->len;
    pyrepr_puts(o, "array(");
    if (a.size == 0) {
        pyrepr_puts(o, "[]");
    } else {
        PyFormat f;
        pyrepr_choose_format(&a, &f);
        if (t->ndim == 0)
            pyrepr_put_element(o, &f, a.data);
        else /* NumPy's hanging indent " " * len("array(["), width 75 less the ")" */
            pyrepr_put_axis(o, &a, &f, a.data, 0, 7, ARRAY_LINEWIDTH - 1);
    }
    pyrepr_put_extras(o, t, a.size);
    pyrepr_putc(o, ')');
}
