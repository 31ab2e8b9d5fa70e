/* str.c — what compiled code calls on strings (see str.h): their references, comparison,
 * print(), the strings made at run time (concatenation, repetition, str() of an integer, indexing,
 * slicing, chr()), `in` of a substring, ord(), and Python's repr of a string. Indexing and slicing
 * count code points, as Python does, over the UTF-8 text. Failures are Python's exception in err,
 * with Numba's message. */
#include "str.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

static _Thread_local char message[96];

void *rt_str_fail(JitcErr *err, int code, const char *where, const char *text)
{
    snprintf(message, sizeof message, "%s", text);
    err->code = code;
    err->where = where;
    err->message = message;
    return NULL;
}

void rt_str_retain(const JitcStr *s)
{
    if (s && s->refs != JITC_STR_STATIC)
        atomic_fetch_add_explicit((_Atomic int64_t *)&((JitcStr *)s)->refs, 1, memory_order_relaxed);
}

void rt_str_release(const JitcStr *s)
{
    if (s && s->refs != JITC_STR_STATIC &&
        atomic_fetch_sub_explicit((_Atomic int64_t *)&((JitcStr *)s)->refs, 1, memory_order_acq_rel) == 1)
        free((void *)s);
}

void jitc_rt_str_retain(void *s) { rt_str_retain(s); }
void jitc_rt_str_release(void *s) { rt_str_release(s); }

JitcStr *rt_str_new(int64_t nbytes, int64_t length, const char *where, JitcErr *err)
{
    JitcStr *s = nbytes >= 0 && nbytes < INT64_MAX / 2 ? malloc(sizeof *s + (size_t)nbytes + 1) : NULL;
    if (!s)
        return rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
    s->refs = 1;
    s->length = length;
    s->nbytes = nbytes;
    s->text[nbytes] = 0;
    return s;
}

JitcStr *rt_str_from(const char *text, size_t nbytes, int64_t length, const char *where, JitcErr *err)
{
    JitcStr *s = rt_str_new((int64_t)nbytes, length, where, err);
    if (s)
        memcpy(s->text, text, nbytes);
    return s;
}

void *jitc_rt_str_concat(void *a, void *b, const char *where, JitcErr *err)
{
    const JitcStr *x = a, *y = b;
    JitcStr *s = rt_str_new(x->nbytes + y->nbytes, x->length + y->length, where, err);
    if (s) {
        memcpy(s->text, x->text, (size_t)x->nbytes);
        memcpy(s->text + x->nbytes, y->text, (size_t)y->nbytes);
    }
    return s;
}

void *jitc_rt_str_repeat(void *p, int64_t n, const char *where, JitcErr *err)
{
    const JitcStr *x = p;
    if (n < 0 || x->nbytes == 0)
        n = 0;
    if (x->nbytes && n > INT64_MAX / 2 / x->nbytes)
        return rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
    JitcStr *s = rt_str_new(x->nbytes * n, x->length * n, where, err);
    for (int64_t i = 0; s && i < n; i++)
        memcpy(s->text + i * x->nbytes, x->text, (size_t)x->nbytes);
    return s;
}

void *jitc_rt_str_of_int(int64_t v, int32_t is_unsigned, const char *where, JitcErr *err)
{
    char buf[24];
    int n = is_unsigned ? snprintf(buf, sizeof buf, "%" PRIu64, (uint64_t)v) : snprintf(buf, sizeof buf, "%" PRId64, v);
    return rt_str_from(buf, (size_t)n, n, where, err);
}

int64_t rt_str_byte_of(const JitcStr *s, int64_t i)
{
    if (s->length == s->nbytes) /* ASCII */
        return i;
    int64_t b = 0;
    for (; i > 0; i--)
        for (b++; b < s->nbytes && (s->text[b] & 0xC0) == 0x80; b++)
            ;
    return b;
}

static int64_t char_bytes(const JitcStr *s, int64_t b)
{
    int64_t e = b + 1;
    while (e < s->nbytes && (s->text[e] & 0xC0) == 0x80)
        e++;
    return e - b;
}

void *jitc_rt_str_getitem(void *p, int64_t i, const char *where, JitcErr *err)
{
    const JitcStr *s = p;
    if (i < 0)
        i += s->length;
    if (i < 0 || i >= s->length)
        return rt_str_fail(err, RT_EXC_INDEX, where, "IndexError: string index out of range");
    int64_t b = rt_str_byte_of(s, i);
    return rt_str_from(s->text + b, (size_t)char_bytes(s, b), 1, where, err);
}

/* Python's PySlice_AdjustIndices: the count of code points s[start:stop:step] takes (step != 0),
 * with start and stop clipped; has_* say which were given. */
static int64_t adjust_slice(int64_t len, int64_t *start, int64_t *stop, int64_t step, bool has_start, bool has_stop)
{
    int64_t lo = step < 0 ? -1 : 0, hi = step < 0 ? len - 1 : len;
    *start = !has_start ? (step < 0 ? hi : lo) : *start < 0 ? (*start + len < lo ? lo : *start + len) : (*start > hi ? hi : *start);
    *stop = !has_stop ? (step < 0 ? lo : hi) : *stop < 0 ? (*stop + len < lo ? lo : *stop + len) : (*stop > hi ? hi : *stop);
    if (step < 0)
        return *stop < *start ? (*start - *stop - 1) / (-step) + 1 : 0;
    return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
}

void *jitc_rt_str_slice(void *p, int64_t start, int64_t stop, int64_t step, int32_t given, const char *where,
                        JitcErr *err)
{
    const JitcStr *s = p;
    if (step == 0)
        return rt_str_fail(err, RT_EXC_VALUE, where, "ValueError: slice step cannot be zero");
    int64_t n = adjust_slice(s->length, &start, &stop, step, given & 1, given & 2);
    if (step == 1) {
        int64_t b = rt_str_byte_of(s, start), e = rt_str_byte_of(s, start + n);
        return rt_str_from(s->text + b, (size_t)(e - b), n, where, err);
    }
    JitcStr *r = rt_str_new(s->nbytes, n, where, err); /* at most every byte */
    if (!r)
        return NULL;
    int64_t out = 0;
    for (int64_t k = 0, i = start; k < n; k++, i += step) {
        int64_t b = rt_str_byte_of(s, i), len = char_bytes(s, b);
        memcpy(r->text + out, s->text + b, (size_t)len);
        out += len;
    }
    r->nbytes = out;
    r->text[out] = 0;
    return r;
}

size_t rt_utf8_encode(uint32_t c, char out[4])
{
    size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (n == 1) {
        out[0] = (char)c;
        return 1;
    }
    for (size_t i = n - 1; i > 0; i--, c >>= 6)
        out[i] = (char)(0x80 | (c & 0x3F));
    out[0] = (char)((0xF00 >> n) | c); /* 110xxxxx, 1110xxxx, 11110xxx */
    return n;
}

void *jitc_rt_str_chr(int64_t c, const char *where, JitcErr *err)
{
    if (c < 0 || c > 0x10FFFF)
        return rt_str_fail(err, RT_EXC_VALUE, where, "ValueError: chr() arg not in range(0x10ffff)");
    char buf[4];
    return rt_str_from(buf, rt_utf8_encode((uint32_t)c, buf), 1, where, err);
}

int64_t jitc_rt_str_ord(void *p, const char *where, JitcErr *err)
{
    const JitcStr *s = p;
    if (s->length != 1) {
        rt_str_fail(err, RT_EXC_TYPE, where, "TypeError: ord() expected a character");
        return 0;
    }
    const unsigned char *t = (const unsigned char *)s->text;
    if (s->nbytes == 1)
        return t[0];
    int64_t c = t[0] & (0x7F >> s->nbytes);
    for (int64_t i = 1; i < s->nbytes; i++)
        c = c << 6 | (t[i] & 0x3F);
    return c;
}

int64_t jitc_rt_str_contains(void *hay, void *needle)
{
    const JitcStr *h = hay, *n = needle;
    if (n->nbytes == 0)
        return 1;
    for (int64_t i = 0; i + n->nbytes <= h->nbytes; i++)
        if (memcmp(h->text + i, n->text, (size_t)n->nbytes) == 0)
            return 1;
    return 0;
}

int64_t jitc_rt_str_compare(void *a, void *b)
{
    const JitcStr *x = a, *y = b;
    if (x == y)
        return 0;
    size_t n = (size_t)(x->nbytes < y->nbytes ? x->nbytes : y->nbytes);
    int c = memcmp(x->text, y->text, n); /* UTF-8's byte order is code point order */
    if (c)
        return c < 0 ? -1 : 1;
    return x->nbytes < y->nbytes ? -1 : x->nbytes > y->nbytes ? 1 : 0;
}

char rt_str_repr_quote(const char *s, size_t n)
{
    return memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
}

uint32_t rt_utf8_next(const unsigned char *s, size_t n, size_t *len)
{
    int k = s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : 1;
    if (k == 1 || (size_t)k > n) {
        *len = 1;
        return s[0];
    }
    uint32_t c = s[0] & (0x7Fu >> k);
    for (int i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *len = 1;
            return s[0];
        }
        c = c << 6 | (s[i] & 0x3Fu);
    }
    *len = (size_t)k;
    return c;
}

/* Python's str.isprintable() for the code points jitc knows: not the controls, format
 * characters, separators other than ' ', private use and non-characters below; every other
 * code point counts as printable (jitc has no Unicode database). */
bool rt_str_printable(uint32_t c)
{
    static const uint32_t NOT_PRINTABLE[][2] = {
        {0x00, 0x1F}, {0x7F, 0xA0}, {0xAD, 0xAD}, {0x600, 0x605}, {0x61C, 0x61C}, {0x6DD, 0x6DD},
        {0x70F, 0x70F}, {0x1680, 0x1680}, {0x180E, 0x180E}, {0x2000, 0x200F}, {0x2028, 0x202F},
        {0x205F, 0x206F}, {0x3000, 0x3000}, {0xD800, 0xF8FF}, {0xFEFF, 0xFEFF}, {0xFFF9, 0xFFFB},
        {0xFFFE, 0xFFFF}, {0xE0000, 0xE0FFF}, {0xF0000, 0x10FFFF},
    };
    for (size_t i = 0; i < sizeof NOT_PRINTABLE / sizeof NOT_PRINTABLE[0]; i++)
        if (c >= NOT_PRINTABLE[i][0] && c <= NOT_PRINTABLE[i][1])
            return false;
    return true;
}

size_t rt_str_repr_char(const char *s, size_t n, char q, char out[12])
{
    size_t len;
    uint32_t c = rt_utf8_next((const unsigned char *)s, n, &len);
    if (c == '\\' || c == (unsigned char)q)
        snprintf(out, 12, "\\%c", (char)c);
    else if (c == '\n' || c == '\t' || c == '\r')
        snprintf(out, 12, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
    else if (rt_str_printable(c))
        snprintf(out, 12, "%.*s", (int)len, s);
    else
        snprintf(out, 12, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", (unsigned)c);
    return len;
}

void jitc_rt_print_string(void *p, int32_t repr)
{
    const JitcStr *s = p;
    if (!repr) {
        fwrite(s->text, 1, (size_t)s->nbytes, stdout);
        return;
    }
    char q = rt_str_repr_quote(s->text, (size_t)s->nbytes), buf[12];
    putchar(q);
    for (size_t i = 0; i < (size_t)s->nbytes;) {
        i += rt_str_repr_char(s->text + i, (size_t)s->nbytes - i, q, buf);
        fputs(buf, stdout);
    }
    putchar(q);
}
