/* npy.c — reading and writing NumPy .npy files (see npy.h). Owns the file format:
 *
 *   "\x93NUMPY" major minor   magic and version (1.0, 2.0 or 3.0)
 *   header length             2 bytes little-endian in 1.0, 4 bytes in 2.0 and 3.0
 *   header                    a Python dict literal, padded with spaces to a multiple of 64
 *                             bytes and ended by '\n':
 *                             {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }
 *   data                      the elements, C or Fortran order, no padding
 *
 * The header is parsed by a small reader of exactly that literal grammar (strings, True/False,
 * tuples of integers), never by searching the text. */
#include "npy.h"

#include "runtime/dltensor.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jitc.h"

enum {
    NPY_MAGIC_LEN = 8,                 /* "\x93NUMPY" + major + minor */
    NPY_ALIGN = 64,                    /* np.save pads the header to this */
    NPY_GROWTH_DIGITS = 21,            /* np.save's spare room after the dict */
    NPY_MAX_HEADER = 1 << 20,          /* longer headers are refused (np.load: 10000) */
};

typedef struct NpyDtype {
    const char *descr;
    uint8_t code, bits;
} NpyDtype;

/* The first entry of each type is the descr np.save writes. */
static const NpyDtype NPY_DTYPES[] = {
    {"|b1", JITC_DL_BOOL, 8},
    {"|i1", kDLInt, 8},    {"<i1", kDLInt, 8},    {"<i2", kDLInt, 16},
    {"<i4", kDLInt, 32},   {"<i8", kDLInt, 64},
    {"|u1", kDLUInt, 8},   {"<u1", kDLUInt, 8},   {"<u2", kDLUInt, 16},
    {"<u4", kDLUInt, 32},  {"<u8", kDLUInt, 64},
    {"<f2", kDLFloat, 16}, {"<f4", kDLFloat, 32}, {"<f8", kDLFloat, 64},
    {"<c8", kDLComplex, 64}, {"<c16", kDLComplex, 128},
};
#define NPY_NDTYPES (sizeof NPY_DTYPES / sizeof NPY_DTYPES[0])

/* Formats "PATH: reason" into err; returns -1 for `return npy_fail(...)`. */
static int npy_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    if (!err || !errlen)
        return -1;
    int k = snprintf(err, errlen, "%s: ", path ? path : "(null)");
    if (k >= 0 && (size_t)k < errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

const char *npy_descr(DLDataType dt)
{
    if (dt.lanes != 1)
        return NULL;
    for (size_t i = 0; i < NPY_NDTYPES; i++)
        if (NPY_DTYPES[i].code == dt.code && NPY_DTYPES[i].bits == dt.bits)
            return NPY_DTYPES[i].descr;
    return NULL;
}

size_t npy_itemsize(DLDataType dt) { return npy_descr(dt) ? (size_t)dt.bits / 8 : 0; }

/* ---- the header dict ---- */

typedef struct NpyHeader {
    char descr[32];
    bool states; /* the descr is numba.cuda.random's xoroshiro128p_dtype */
    bool fortran_order;
    int64_t *shape;
    int ndim;
    bool seen_descr, seen_order, seen_shape;
} NpyHeader;

/* A cursor over the header text; `why` is set at the first problem, and `malformed` tells a
 * broken header from a well-formed one that asks for what jitc does not support. */
typedef struct NpyLex {
    const char *p, *end;
    const char *why;
    bool malformed;
} NpyLex;

static bool npy_lex_fail(NpyLex *lx, const char *why)
{
    if (!lx->why)
        lx->why = why;
    return false;
}

static void npy_skip_space(NpyLex *lx)
{
    while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\n' || *lx->p == '\r'))
        lx->p++;
}

/* Skips spaces, then consumes c if it is next. */
static bool npy_accept(NpyLex *lx, char c)
{
    npy_skip_space(lx);
    if (lx->p < lx->end && *lx->p == c) {
        lx->p++;
        return true;
    }
    return false;
}

/* A quoted string without escapes ('...' or "..."), copied into out. */
static bool npy_string(NpyLex *lx, char *out, size_t outlen)
{
    npy_skip_space(lx);
    if (lx->p >= lx->end || (*lx->p != '\'' && *lx->p != '"'))
        return npy_lex_fail(lx, "expected a quoted string");
    char quote = *lx->p++;
    size_t k = 0;
    for (; lx->p < lx->end && *lx->p != quote; lx->p++) {
        if (*lx->p == '\\' || *lx->p == '\n' || k + 1 >= outlen)
            return npy_lex_fail(lx, "malformed string");
        out[k++] = *lx->p;
    }
    if (lx->p >= lx->end)
        return npy_lex_fail(lx, "unterminated string");
    lx->p++;
    out[k] = 0;
    return true;
}

/* An identifier such as True or False, copied into out. */
static bool npy_word(NpyLex *lx, char *out, size_t outlen)
{
    npy_skip_space(lx);
    size_t k = 0;
    while (lx->p < lx->end && ((*lx->p >= 'A' && *lx->p <= 'Z') || (*lx->p >= 'a' && *lx->p <= 'z'))) {
        if (k + 1 >= outlen)
            return npy_lex_fail(lx, "unexpected word");
        out[k++] = *lx->p++;
    }
    out[k] = 0;
    return k > 0 || npy_lex_fail(lx, "expected True or False");
}

/* A non-negative decimal integer (Python 2's 'L' suffix allowed), at most INT64_MAX. */
static bool npy_dim(NpyLex *lx, int64_t *out)
{
    npy_skip_space(lx);
    if (lx->p >= lx->end || *lx->p < '0' || *lx->p > '9')
        return npy_lex_fail(lx, "'shape' must be a tuple of non-negative integers");
    int64_t v = 0;
    for (; lx->p < lx->end && *lx->p >= '0' && *lx->p <= '9'; lx->p++) {
        int digit = *lx->p - '0';
        if (v > (INT64_MAX - digit) / 10)
            return npy_lex_fail(lx, "a dimension in 'shape' is too large");
        v = v * 10 + digit;
    }
    if (lx->p < lx->end && *lx->p == 'L')
        lx->p++;
    *out = v;
    return true;
}

static bool npy_push_dim(NpyHeader *h, int *cap, int64_t d, NpyLex *lx)
{
    if (h->ndim == *cap) {
        int ncap = *cap ? *cap * 2 : 8;
        int64_t *grown = realloc(h->shape, (size_t)ncap * sizeof *grown);
        if (!grown)
            return npy_lex_fail(lx, "out of memory");
        h->shape = grown;
        *cap = ncap;
    }
    h->shape[h->ndim++] = d;
    return true;
}

/* (), (n,), (n, m), (n, m,): Python's tuple syntax; (n) is an int, not a tuple. */
static bool npy_shape(NpyLex *lx, NpyHeader *h)
{
    free(h->shape);
    h->shape = NULL;
    h->ndim = 0;
    int cap = 0;
    if (!npy_accept(lx, '('))
        return npy_lex_fail(lx, "'shape' must be a tuple of non-negative integers");
    if (npy_accept(lx, ')'))
        return true;
    for (;;) {
        int64_t d;
        if (!npy_dim(lx, &d) || !npy_push_dim(h, &cap, d, lx))
            return false;
        bool comma = npy_accept(lx, ',');
        if (npy_accept(lx, ')'))
            return comma || h->ndim > 1 || npy_lex_fail(lx, "'shape' must be a tuple: (n,), not (n)");
        if (!comma)
            return npy_lex_fail(lx, "malformed 'shape' tuple");
    }
}

/* numba.cuda.random's xoroshiro128p_dtype as np.save writes it: [('s0', '<u8'), ('s1', '<u8')],
 * the one structured dtype jitc reads (as uint64 pairs: a trailing axis of 2). */
static const char NPY_STATES_DESCR[] = "[('s0', '<u8'), ('s1', '<u8')]";

static bool npy_states_descr(NpyLex *lx)
{
    static const char *const FIELDS[2][2] = {{"s0", "<u8"}, {"s1", "<u8"}};
    if (!npy_accept(lx, '['))
        return false;
    for (int k = 0; k < 2; k++) {
        char name[8], type[8];
        if (!npy_accept(lx, '(') || !npy_string(lx, name, sizeof name) || !npy_accept(lx, ',') ||
            !npy_string(lx, type, sizeof type) || !npy_accept(lx, ')') ||
            strcmp(name, FIELDS[k][0]) != 0 || strcmp(type, FIELDS[k][1]) != 0)
            return false;
        if (!npy_accept(lx, ',') && k == 0)
            return false;
    }
    return npy_accept(lx, ']');
}

static bool npy_descr_value(NpyLex *lx, NpyHeader *h)
{
    npy_skip_space(lx);
    if (lx->p < lx->end && *lx->p == '[') {
        if (npy_states_descr(lx)) {
            lx->why = NULL;
            h->states = true;
            strcpy(h->descr, "<u8");
            return true;
        }
        lx->why = NULL;
        lx->malformed = false;
        return npy_lex_fail(lx, "structured dtypes are not supported, but for numba.cuda.random's "
                                "xoroshiro128p_dtype [('s0', '<u8'), ('s1', '<u8')]");
    }
    return npy_string(lx, h->descr, sizeof h->descr);
}

static bool npy_order_value(NpyLex *lx, NpyHeader *h)
{
    char word[8];
    if (!npy_word(lx, word, sizeof word))
        return false;
    if (strcmp(word, "True") != 0 && strcmp(word, "False") != 0)
        return npy_lex_fail(lx, "'fortran_order' must be True or False");
    h->fortran_order = word[0] == 'T';
    return true;
}

/* One "'key': value" entry of the dict. */
static bool npy_entry(NpyLex *lx, NpyHeader *h)
{
    char key[32];
    if (!npy_string(lx, key, sizeof key))
        return npy_lex_fail(lx, "unknown key in the header dict");
    if (!npy_accept(lx, ':'))
        return npy_lex_fail(lx, "expected ':' after a key");
    if (strcmp(key, "descr") == 0)
        return h->seen_descr = true, npy_descr_value(lx, h);
    if (strcmp(key, "fortran_order") == 0)
        return h->seen_order = true, npy_order_value(lx, h);
    if (strcmp(key, "shape") == 0)
        return h->seen_shape = true, npy_shape(lx, h);
    return npy_lex_fail(lx, "unknown key in the header dict");
}

/* The whole dict: { entries, optionally a trailing comma }, then only spaces and newlines. */
static bool npy_dict(NpyLex *lx, NpyHeader *h)
{
    if (!npy_accept(lx, '{'))
        return npy_lex_fail(lx, "the header is not a dict");
    while (!npy_accept(lx, '}')) {
        if (!npy_entry(lx, h))
            return false;
        if (!npy_accept(lx, ',')) {
            if (npy_accept(lx, '}'))
                break;
            return npy_lex_fail(lx, "expected ',' or '}' in the header dict");
        }
    }
    npy_skip_space(lx);
    if (lx->p != lx->end)
        return npy_lex_fail(lx, "unexpected text after the header dict");
    if (!h->seen_descr)
        return npy_lex_fail(lx, "the header has no 'descr'");
    if (!h->seen_order)
        return npy_lex_fail(lx, "the header has no 'fortran_order'");
    if (!h->seen_shape)
        return npy_lex_fail(lx, "the header has no 'shape'");
    return true;
}

/* ---- reading ---- */

/* Reads magic, version and header length; on success *hlen is the header's length. */
static int npy_read_preamble(FILE *f, size_t *hlen, char *err, size_t errlen, const char *path)
{
    unsigned char pre[NPY_MAGIC_LEN + 4];
    size_t got = fread(pre, 1, NPY_MAGIC_LEN, f);
    if (got < 6 || memcmp(pre, "\x93NUMPY", 6) != 0)
        return npy_fail(err, errlen, path, "not a .npy file (bad magic)");
    if (got < NPY_MAGIC_LEN)
        return npy_fail(err, errlen, path, "truncated .npy preamble");
    int major = pre[6], minor = pre[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0)
        return npy_fail(err, errlen, path, "unsupported .npy format version %d.%d", major, minor);
    size_t width = major == 1 ? 2 : 4;
    if (fread(pre + NPY_MAGIC_LEN, 1, width, f) != width)
        return npy_fail(err, errlen, path, "truncated .npy header length");
    const unsigned char *l = pre + NPY_MAGIC_LEN;
    *hlen = width == 2 ? (size_t)l[0] | (size_t)l[1] << 8
                       : (size_t)l[0] | (size_t)l[1] << 8 | (size_t)l[2] << 16 | (size_t)l[3] << 24;
    if (*hlen > NPY_MAX_HEADER)
        return npy_fail(err, errlen, path, "header of %zu bytes is longer than jitc accepts", *hlen);
    return 0;
}

/* Reads and parses the header into h (h->shape is the caller's to free). */
static int npy_read_header(FILE *f, NpyHeader *h, char *err, size_t errlen, const char *path)
{
    size_t hlen = 0;
    if (npy_read_preamble(f, &hlen, err, errlen, path) != 0)
        return -1;
    char *text = malloc(hlen + 1);
    if (!text)
        return npy_fail(err, errlen, path, "out of memory");
    if (fread(text, 1, hlen, f) != hlen) {
        free(text);
        return npy_fail(err, errlen, path, "truncated header");
    }
    text[hlen] = 0;
    NpyLex lx = {text, text + hlen, NULL, true};
    bool ok = memchr(text, 0, hlen) == NULL ? npy_dict(&lx, h) : npy_lex_fail(&lx, "NUL byte in the header");
    free(text);
    if (!ok)
        return npy_fail(err, errlen, path, "%s%s", lx.malformed ? "malformed header: " : "", lx.why);
    return 0;
}

static int npy_find_dtype(const char *descr, DLDataType *dt, char *err, size_t errlen, const char *path)
{
    for (size_t i = 0; i < NPY_NDTYPES; i++)
        if (strcmp(NPY_DTYPES[i].descr, descr) == 0) {
            *dt = (DLDataType){NPY_DTYPES[i].code, NPY_DTYPES[i].bits, 1};
            return 0;
        }
    if (descr[0] == '>')
        return npy_fail(err, errlen, path, "big-endian dtype '%s' is not supported (save it little-endian)",
                        descr);
    return npy_fail(err, errlen, path,
                    "unsupported dtype '%s' (bool, int8..int64, uint8..uint64, float16, float32, float64)", descr);
}

/* a * b into *out unless it overflows int64 (both non-negative). */
static bool npy_mul(int64_t a, int64_t b, int64_t *out)
{
    if (a != 0 && b > INT64_MAX / a)
        return false;
    *out = a * b;
    return true;
}

/* The element count, and the strides in elements for C or Fortran order. False when a product
 * of dimensions overflows (also when another dimension is 0: NumPy refuses those too). */
static bool npy_layout(const int64_t *shape, int ndim, bool fortran, int64_t *strides, int64_t *count)
{
    int64_t nonzero = 1, s = 1;
    for (int i = 0; i < ndim; i++)
        if (shape[i] && !npy_mul(nonzero, shape[i], &nonzero))
            return false;
    for (int k = 0; k < ndim; k++) {
        int axis = fortran ? k : ndim - 1 - k;
        strides[axis] = s;
        s *= shape[axis]; /* no overflow: bounded by the product of the non-zero dimensions */
    }
    *count = s;
    return true;
}

/* Bytes left in f after the current position, or -1 when f is not a regular file. */
static long long npy_bytes_left(FILE *f)
{
    struct stat st;
    long pos = ftell(f);
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || pos < 0)
        return -1;
    return (long long)st.st_size - pos;
}

/* Sizes out's buffers from the header and reads the elements. */
static int npy_read_data(FILE *f, NpyHeader *h, NpyArray *out, char *err, size_t errlen, const char *path)
{
    DLTensor *t = &out->tensor;
    if (npy_find_dtype(h->descr, &t->dtype, err, errlen, path) != 0)
        return -1;
    size_t item = npy_itemsize(t->dtype);
    if (h->states && h->ndim != 1)
        return npy_fail(err, errlen, path, "xoroshiro128p states must be a 1-D array");
    if (h->states) { /* (n,) pairs of uint64: (n, 2) */
        int64_t *shape = realloc(h->shape, 2 * sizeof *shape);
        if (!shape)
            return npy_fail(err, errlen, path, "out of memory");
        h->shape = shape;
        h->shape[h->ndim++] = 2;
        h->fortran_order = false; /* 1-D records: no order */
        out->xoroshiro128p_states = true;
    }
    out->shape = h->shape ? h->shape : malloc(sizeof(int64_t));
    h->shape = NULL;
    out->strides = malloc(sizeof(int64_t) * (size_t)(h->ndim ? h->ndim : 1));
    if (!out->shape || !out->strides)
        return npy_fail(err, errlen, path, "out of memory");
    t->ndim = h->ndim;
    int64_t count;
    if (!npy_layout(out->shape, h->ndim, h->fortran_order, out->strides, &count) ||
        (uint64_t)count > (uint64_t)PTRDIFF_MAX / item)
        return npy_fail(err, errlen, path, "shape too large: the element count overflows");
    out->nbytes = (size_t)count * item;
    long long left = npy_bytes_left(f);
    if (left >= 0 && (unsigned long long)left < out->nbytes)
        return npy_fail(err, errlen, path, "data shorter than the shape says (%lld of %zu bytes)", left,
                        out->nbytes);
    out->data = malloc(out->nbytes ? out->nbytes : 1);
    if (!out->data)
        return npy_fail(err, errlen, path, "out of memory for %zu bytes", out->nbytes);
    if (fread(out->data, 1, out->nbytes, f) != out->nbytes)
        return npy_fail(err, errlen, path, "data shorter than the shape says");
    return 0;
}

static void npy_point_tensor(NpyArray *a, bool fortran)
{
    DLTensor *t = &a->tensor;
    t->data = a->data;
    t->device = (DLDevice){kDLCPU, 0};
    t->shape = a->shape;
    t->strides = fortran ? a->strides : NULL;
    t->byte_offset = 0;
    a->fortran_order = fortran;
}

int npy_read(const char *path, NpyArray *out, char *err, size_t errlen)
{
    if (!out)
        return npy_fail(err, errlen, path, "no array to read into");
    memset(out, 0, sizeof *out);
    if (!path)
        return npy_fail(err, errlen, path, "no path");
    FILE *f = fopen(path, "rb");
    if (!f)
        return npy_fail(err, errlen, path, "cannot open: %s", strerror(errno));
    NpyHeader h = {0};
    int rc = npy_read_header(f, &h, err, errlen, path);
    if (rc == 0)
        rc = npy_read_data(f, &h, out, err, errlen, path);
    if (rc == 0 && ferror(f))
        rc = npy_fail(err, errlen, path, "read error");
    fclose(f);
    free(h.shape);
    if (rc != 0) {
        npy_free(out);
        return -1;
    }
    npy_point_tensor(out, h.fortran_order && h.ndim > 1);
    return 0;
}

void npy_free(NpyArray *a)
{
    if (!a)
        return;
    free(a->data);
    free(a->shape);
    free(a->strides);
    memset(a, 0, sizeof *a);
}

/* ---- writing ---- */

/* A growing text buffer for the header. */
typedef struct NpyText {
    char *s;
    size_t len, cap;
    bool oom;
} NpyText;

static void npy_text_add(NpyText *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t ncap = (b->len + n + 1) * 2;
        char *grown = realloc(b->s, ncap);
        if (!grown) {
            b->oom = true;
            return;
        }
        b->s = grown;
        b->cap = ncap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static void npy_text_str(NpyText *b, const char *s) { npy_text_add(b, s, strlen(s)); }

static void npy_text_spaces(NpyText *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        npy_text_add(b, " ", 1);
}

/* repr(shape) of the first ndim axes: "()", "(8,)", "(3, 4)". */
static void npy_text_shape(NpyText *b, const DLTensor *t, int ndim)
{
    npy_text_str(b, "(");
    for (int i = 0; i < ndim; i++) {
        char num[32];
        snprintf(num, sizeof num, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
        npy_text_str(b, num);
    }
    npy_text_str(b, ndim == 1 ? ",)" : ")");
}

/* The header length np.save gives a header of hlen bytes after a prefix: padded with 1 to 64
 * spaces so that the data starts at a multiple of 64. */
static size_t npy_padded(size_t prefix, size_t hlen)
{
    return hlen + NPY_ALIGN - (prefix + hlen) % NPY_ALIGN;
}

/* The preamble and padded header exactly as np.save makes them (numpy/lib/format.py); states:
 * t's uint64 pairs as xoroshiro128p_dtype records, the last axis dropped. */
static void npy_text_header(NpyText *b, const DLTensor *t, bool states)
{
    NpyText dict = {0};
    npy_text_str(&dict, "{'descr': ");
    if (states) {
        npy_text_str(&dict, NPY_STATES_DESCR);
    } else {
        npy_text_str(&dict, "'");
        npy_text_str(&dict, npy_descr(t->dtype));
        npy_text_str(&dict, "'");
    }
    npy_text_str(&dict, ", 'fortran_order': False, 'shape': ");
    npy_text_shape(&dict, t, t->ndim - states);
    npy_text_str(&dict, ", }");
    if (t->ndim > 0) { /* room to grow the first axis in place */
        char num[32];
        int digits = snprintf(num, sizeof num, "%lld", (long long)t->shape[0]);
        npy_text_spaces(&dict, NPY_GROWTH_DIGITS > digits ? (size_t)(NPY_GROWTH_DIGITS - digits) : 0);
    }
    size_t hlen = dict.len + 1; /* with the final '\n' */
    size_t total = npy_padded(NPY_MAGIC_LEN + 2, hlen);
    bool v1 = total <= 0xffff; /* else version 2.0, with a 4-byte length */
    size_t prefix = NPY_MAGIC_LEN + (v1 ? 2 : 4);
    total = npy_padded(prefix, hlen);
    size_t pad = total - hlen;
    unsigned char pre[12] = {0x93, 'N', 'U', 'M', 'P', 'Y', v1 ? 1 : 2, 0,
                             (unsigned char)total, (unsigned char)(total >> 8),
                             (unsigned char)(total >> 16), (unsigned char)(total >> 24)};
    npy_text_add(b, (const char *)pre, prefix);
    npy_text_add(b, dict.s ? dict.s : "", dict.len);
    npy_text_spaces(b, pad);
    npy_text_str(b, "\n");
    b->oom |= dict.oom;
    free(dict.s);
}

/* Why t cannot be written, or NULL when it can. */
static const char *npy_check_tensor(const DLTensor *t, int64_t *count)
{
    if (!t)
        return "no tensor";
    if (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDAHost)
        return "the tensor is not in host memory";
    if (!npy_descr(t->dtype))
        return "unsupported dtype (bool, int8..int64, uint8..uint64, float16, float32, float64)";
    if (t->ndim < 0 || (t->ndim > 0 && !t->shape))
        return "bad shape";
    int64_t n = 1;
    for (int i = 0; i < t->ndim; i++)
        if (t->shape[i] < 0 || !npy_mul(n, t->shape[i], &n))
            return "bad shape";
    if ((uint64_t)n > (uint64_t)PTRDIFF_MAX / npy_itemsize(t->dtype))
        return "bad shape";
    if (n > 0 && !t->data)
        return "no data";
    *count = n;
    return NULL;
}

/* Copies the count elements of strided t into dst in C order (an odometer over the axes). */
static bool npy_gather(const DLTensor *t, int64_t count, char *dst)
{
    size_t item = npy_itemsize(t->dtype);
    int64_t *index = calloc((size_t)(t->ndim ? t->ndim : 1), sizeof *index);
    if (!index)
        return false;
    const char *base = (const char *)t->data + t->byte_offset;
    int64_t offset = 0; /* in elements */
    for (int64_t e = 0; e < count; e++) {
        memcpy(dst + (size_t)e * item, base + offset * (int64_t)item, item);
        for (int k = t->ndim - 1; k >= 0; k--) {
            offset += t->strides[k];
            if (++index[k] < t->shape[k])
                break;
            offset -= t->strides[k] * t->shape[k];
            index[k] = 0;
        }
    }
    free(index);
    return true;
}

static bool npy_write_file(const char *path, const NpyText *hdr, const void *data, size_t nbytes)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(hdr->s, 1, hdr->len, f) == hdr->len && fwrite(data, 1, nbytes, f) == nbytes;
    return (fclose(f) == 0) && ok;
}

static int npy_write_as(const char *path, const DLTensor *t, bool states, char *err, size_t errlen)
{
    int64_t count = 0;
    const char *why = path ? npy_check_tensor(t, &count) : "no path";
    if (!why && states && (t->ndim != 2 || t->shape[1] != 2 || t->dtype.code != kDLUInt || t->dtype.bits != 64))
        why = "xoroshiro128p states must be uint64 of shape (n, 2)";
    if (why)
        return npy_fail(err, errlen, path, "cannot write: %s", why);
    size_t nbytes = (size_t)count * npy_itemsize(t->dtype);
    const char *src = (const char *)t->data + t->byte_offset;
    char *copy = NULL;
    if (count > 0 && !dl_is_c_contiguous(t)) {
        copy = malloc(nbytes);
        if (!copy || !npy_gather(t, count, copy)) {
            free(copy);
            return npy_fail(err, errlen, path, "out of memory");
        }
        src = copy;
    }
    NpyText hdr = {0};
    npy_text_header(&hdr, t, states);
    int rc = 0;
    if (hdr.oom)
        rc = npy_fail(err, errlen, path, "out of memory");
    else if (!npy_write_file(path, &hdr, count > 0 ? src : "", nbytes))
        rc = npy_fail(err, errlen, path, "cannot write: %s", strerror(errno));
    free(hdr.s);
    free(copy);
    return rc;
}

int npy_write(const char *path, const DLTensor *t, char *err, size_t errlen)
{
    return npy_write_as(path, t, false, err, errlen);
}

int npy_write_states(const char *path, const DLTensor *t, char *err, size_t errlen)
{
    return npy_write_as(path, t, true, err, errlen);
}
