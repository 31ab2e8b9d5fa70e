/* strarg.c — a string argument of `jitc call`, written as a Python string literal ('abc', "it's",
 * 'a\nb', '\u00e9': what Python's repr gives), decoded to UTF-8 (JITC_STR). */
#include "cli.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static char *put_utf8(char *o, uint32_t c)
{
    if (c < 0x80) {
        *o++ = (char)c;
    } else if (c < 0x800) {
        *o++ = (char)(0xC0 | c >> 6);
        *o++ = (char)(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        *o++ = (char)(0xE0 | c >> 12);
        *o++ = (char)(0x80 | (c >> 6 & 0x3F));
        *o++ = (char)(0x80 | (c & 0x3F));
    } else {
        *o++ = (char)(0xF0 | c >> 18);
        *o++ = (char)(0x80 | (c >> 12 & 0x3F));
        *o++ = (char)(0x80 | (c >> 6 & 0x3F));
        *o++ = (char)(0x80 | (c & 0x3F));
    }
    return o;
}

/* The escape after a backslash at *p (\\ \' \" \n \t \r \xNN \uNNNN \UNNNNNNNN) into o; false if
 * it is none of those (or a NUL). */
static bool escape(const char **p, const char *end, char **o)
{
    char c = *(*p)++;
    const char *simple = strchr("\\'\"ntr", c);
    if (simple && c) {
        *(*o)++ = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c;
        return true;
    }
    int digits = c == 'x' ? 2 : c == 'u' ? 4 : c == 'U' ? 8 : 0;
    if (!digits || end - *p < digits)
        return false;
    uint32_t v = 0;
    for (int i = 0; i < digits; i++) {
        int h = hex_value((*p)[i]);
        if (h < 0)
            return false;
        v = v * 16 + (uint32_t)h;
    }
    *p += digits;
    if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return false;
    *o = put_utf8(*o, v);
    return true;
}

bool cli_is_str_arg(const char *s)
{
    size_t n = strlen(s);
    return n >= 2 && (s[0] == '\'' || s[0] == '"') && s[n - 1] == s[0];
}

char *cli_parse_str_arg(const char *s)
{
    size_t n = strlen(s);
    const char *p = s + 1, *end = s + n - 1;
    char *text = malloc(n), *o = text; /* decoding never lengthens */
    if (!text)
        return NULL;
    while (p < end) {
        if (*p == *s) { /* the quote inside: not one literal */
            free(text);
            return NULL;
        }
        if (*p != '\\') {
            *o++ = *p++;
        } else if (p++, p >= end || !escape(&p, end, &o)) {
            free(text);
            return NULL;
        }
    }
    *o = 0;
    return text;
}
