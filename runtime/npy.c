/* npy.c — reading and writing .npy files; see npy.h. Format: the magic "\x93NUMPY", a version,
 * a header length, and a Python dict literal {'descr': '<f8', 'fortran_order': False,
 * 'shape': (3, 4), } padded with spaces, then the raw elements. */
#include "npy.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"

size_t npy_itemsize(const DLTensor *t) { return (size_t)((t->dtype.bits + 7) / 8); }

typedef struct Descr {
    const char *text;
    uint8_t code, bits;
} Descr;

static const Descr DESCRS[] = {
    {"|b1", JITC_DL_BOOL, 8}, {"|i1", kDLInt, 8}, {"<i1", kDLInt, 8}, {"<i2", kDLInt, 16},
    {"<i4", kDLInt, 32}, {"<i8", kDLInt, 64}, {"|u1", kDLUInt, 8}, {"<u1", kDLUInt, 8},
    {"<u2", kDLUInt, 16}, {"<u4", kDLUInt, 32}, {"<u8", kDLUInt, 64}, {"<f4", kDLFloat, 32},
    {"<f8", kDLFloat, 64},
};

static int fail(char *err, size_t n, const char *msg, const char *path)
{
    snprintf(err, n, "%s: %s", path, msg);
    return -1;
}

/* The quoted value after 'key': in the header dict, copied into out. */
static const char *dict_value(const char *hdr, const char *key)
{
    char pat[32];
    snprintf(pat, sizeof pat, "'%s':", key);
    const char *p = strstr(hdr, pat);
    if (!p)
        return NULL;
    p += strlen(pat);
    while (*p == ' ')
        p++;
    return p;
}

static bool parse_descr(const char *hdr, DLDataType *dt, char *err, size_t n, const char *path)
{
    const char *p = dict_value(hdr, "descr");
    if (!p || (*p != '\'' && *p != '"'))
        return fail(err, n, "no 'descr' in the header", path), false;
    char d[16] = {0};
    size_t k = 0;
    for (p++; *p && *p != '\'' && *p != '"' && k < sizeof d - 1; p++)
        d[k++] = *p;
    if (d[0] == '>')
        return fail(err, n, "big-endian arrays are not supported", path), false;
    for (size_t i = 0; i < sizeof DESCRS / sizeof DESCRS[0]; i++)
        if (strcmp(DESCRS[i].text, d) == 0) {
            *dt = (DLDataType){DESCRS[i].code, DESCRS[i].bits, 1};
            return true;
        }
    snprintf(err, n, "%s: unsupported dtype '%s' (bool, int8..int64, uint8..uint64, float32, float64)", path, d);
    return false;
}

static bool parse_shape(const char *hdr, NpyArray *a, char *err, size_t n, const char *path)
{
    const char *p = dict_value(hdr, "shape");
    if (!p || *p != '(')
        return fail(err, n, "no 'shape' in the header", path), false;
    int nd = 0;
    for (p++; *p && *p != ')';) {
        while (*p == ' ' || *p == ',')
            p++;
        if (*p == ')')
            break;
        char *end;
        long long v = strtoll(p, &end, 10);
        if (end == p || v < 0 || nd == 32)
            return fail(err, n, "malformed 'shape'", path), false;
        a->shape[nd++] = v;
        p = end;
    }
    if (*p != ')')
        return fail(err, n, "malformed 'shape'", path), false;
    a->tensor.ndim = nd;
    return true;
}

/* Element count, or -1 when it overflows. */
static int64_t element_count(const int64_t *shape, int nd)
{
    int64_t count = 1;
    for (int i = 0; i < nd; i++) {
        if (shape[i] && count > INT64_MAX / shape[i])
            return -1;
        count *= shape[i];
    }
    return count;
}

static int read_header(FILE *f, char **hdr, char *err, size_t n, const char *path)
{
    unsigned char pre[10];
    if (fread(pre, 1, 8, f) != 8 || memcmp(pre, "\x93NUMPY", 6) != 0)
        return fail(err, n, "not a .npy file (bad magic)", path);
    size_t len;
    if (pre[6] == 1) {
        if (fread(pre + 8, 1, 2, f) != 2)
            return fail(err, n, "truncated header", path);
        len = pre[8] | (size_t)pre[9] << 8;
    } else if (pre[6] == 2 || pre[6] == 3) {
        unsigned char l[4];
        if (fread(l, 1, 4, f) != 4)
            return fail(err, n, "truncated header", path);
        len = l[0] | (size_t)l[1] << 8 | (size_t)l[2] << 16 | (size_t)l[3] << 24;
    } else {
        return fail(err, n, "unsupported .npy format version", path);
    }
    if (len > (1u << 20))
        return fail(err, n, "header too long", path);
    *hdr = calloc(1, len + 1);
    if (!*hdr || fread(*hdr, 1, len, f) != len)
        return fail(err, n, "truncated header", path);
    return 0;
}

int npy_read(const char *path, NpyArray *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(err, errlen, "cannot open", path);
    char *hdr = NULL;
    int rc = read_header(f, &hdr, err, errlen, path);
    DLTensor *t = &out->tensor;
    if (rc == 0 && (!parse_descr(hdr, &t->dtype, err, errlen, path) || !parse_shape(hdr, out, err, errlen, path)))
        rc = -1;
    bool fortran = rc == 0 && strstr(hdr, "'fortran_order': True") != NULL;
    int64_t count = rc == 0 ? element_count(out->shape, t->ndim) : 0;
    if (rc == 0 && (count < 0 || (uint64_t)count > ((uint64_t)1 << 40) / npy_itemsize(t)))
        rc = fail(err, errlen, "array too large", path);
    if (rc == 0) {
        out->nbytes = (size_t)count * npy_itemsize(t);
        out->data = malloc(out->nbytes ? out->nbytes : 1);
        if (!out->data || fread(out->data, 1, out->nbytes, f) != out->nbytes)
            rc = fail(err, errlen, "data shorter than the shape says", path);
    }
    free(hdr);
    fclose(f);
    if (rc != 0) {
        npy_free(out);
        return -1;
    }
    t->data = out->data;
    t->device = (DLDevice){kDLCPU, 0};
    t->shape = out->shape;
    if (fortran) { /* column-major: the first axis is the contiguous one */
        int64_t s = 1;
        for (int i = 0; i < t->ndim; i++) {
            out->strides[i] = s;
            s *= out->shape[i];
        }
        t->strides = out->strides;
    }
    return 0;
}

void npy_free(NpyArray *a)
{
    free(a->data);
    a->data = NULL;
}

/* Copies t's elements in C order into dst (recursing over axes, honouring strides). */
static void gather(const DLTensor *t, int axis, const char *src, char **dst)
{
    size_t item = npy_itemsize(t);
    int64_t stride = 1;
    if (t->strides) {
        stride = t->strides[axis];
    } else {
        for (int k = axis + 1; k < t->ndim; k++)
            stride *= t->shape[k];
    }
    for (int64_t i = 0; i < t->shape[axis]; i++) {
        const char *p = src + i * stride * (int64_t)item;
        if (axis == t->ndim - 1) {
            memcpy(*dst, p, item);
            *dst += item;
        } else {
            gather(t, axis + 1, p, dst);
        }
    }
}

static const char *descr_of(DLDataType dt)
{
    for (size_t i = 0; i < sizeof DESCRS / sizeof DESCRS[0]; i++)
        if (DESCRS[i].code == dt.code && DESCRS[i].bits == dt.bits && DESCRS[i].text[0] != '|')
            return DESCRS[i].text;
    return dt.code == JITC_DL_BOOL ? "|b1" : dt.code == kDLUInt && dt.bits == 8 ? "|u1" : NULL;
}

int npy_write(const char *path, const DLTensor *t, char *err, size_t errlen)
{
    const char *descr = descr_of(t->dtype);
    if (!descr)
        return fail(err, errlen, "unsupported dtype", path);
    char shape[600] = "";
    size_t k = 0;
    for (int i = 0; i < t->ndim; i++)
        k += (size_t)snprintf(shape + k, sizeof shape - k, "%lld,%s", (long long)t->shape[i],
                              i + 1 < t->ndim ? " " : "");
    if (t->ndim > 1)
        shape[k - 1] = 0; /* (3, 4) rather than (3, 4,) */
    char hdr[1024];
    int len = snprintf(hdr, sizeof hdr, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, shape);
    int total = ((10 + len + 1 + 63) / 64) * 64; /* header padded to 64 bytes, ends in \n */
    memset(hdr + len, ' ', (size_t)(total - 10 - len));
    hdr[total - 10 - 1] = '\n';
    int64_t count = element_count(t->shape, t->ndim);
    size_t nbytes = (size_t)count * npy_itemsize(t);
    char *buf = malloc(nbytes ? nbytes : 1), *p = buf;
    if (!buf)
        return fail(err, errlen, "out of memory", path);
    if (count > 0 && t->ndim > 0)
        gather(t, 0, (const char *)t->data + t->byte_offset, &p);
    else if (t->ndim == 0)
        memcpy(buf, (const char *)t->data + t->byte_offset, nbytes);
    FILE *f = fopen(path, "wb");
    unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)((total - 10) & 0xff),
                             (unsigned char)((total - 10) >> 8)};
    bool ok = f && fwrite(pre, 1, 10, f) == 10 && fwrite(hdr, 1, (size_t)(total - 10), f) == (size_t)(total - 10) &&
              fwrite(buf, 1, nbytes, f) == nbytes;
    ok = (f ? fclose(f) == 0 : false) && ok;
    free(buf);
    return ok ? 0 : fail(err, errlen, "cannot write", path);
}
