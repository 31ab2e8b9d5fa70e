/* str.c — what compiled code calls on strings (see str.h): comparison, print(), and Python's
 * repr of a string. */
#include "str.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "rt.h"

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

/* The code point at s (UTF-8), its byte count in *len; an invalid byte is itself, one byte. */
static uint32_t next_code_point(const unsigned char *s, size_t n, size_t *len)
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
static bool printable(uint32_t c)
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
    uint32_t c = next_code_point((const unsigned char *)s, n, &len);
    if (c == '\\' || c == (unsigned char)q)
        snprintf(out, 12, "\\%c", (char)c);
    else if (c == '\n' || c == '\t' || c == '\r')
        snprintf(out, 12, "\\%c", c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
    else if (printable(c))
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
