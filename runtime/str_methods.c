/* str_methods.c — the string methods compiled host code calls (str_methods.def), behind one
 * entry point, jitc_rt_str_method, with Python's results and Numba's messages.
 *
 * Text is UTF-8 (str.h); positions the methods take and give count code points. Case mapping
 * and the character classes (isalpha, isspace, ...) know ASCII and Latin-1 (U+0000 to U+00FF,
 * with ÿ -> Ÿ and ß -> SS); jitc has no Unicode database, so other code points have no case,
 * are not letters or digits, and are left as they are. */
#include "str.h"

#include <stdlib.h>
#include <string.h>

#include "list.h"
#include "rt.h"

enum {
#define STR_METHOD(id, name, result, params) SM_##id,
#include "str_methods.def"
};

enum { ABSENT = INT64_MIN };

/* ---- code points ---- */

/* The code points of s, decoded once (n of them); NULL when memory ran out. */
static uint32_t *decode(const JitcStr *s)
{
    uint32_t *cp = malloc(sizeof *cp * (size_t)(s->length + 1));
    const unsigned char *t = (const unsigned char *)s->text;
    for (size_t i = 0, k = 0; cp && i < (size_t)s->nbytes; k++) {
        size_t len;
        cp[k] = rt_utf8_next(t + i, (size_t)s->nbytes - i, &len);
        i += len;
    }
    return cp;
}

static bool is_upper(uint32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7); }
static bool is_lower(uint32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7) || c == 0xB5 || c == 0xAA || c == 0xBA;
}
static bool is_cased(uint32_t c) { return is_upper(c) || (is_lower(c) && c != 0xAA && c != 0xBA); }
static bool is_alpha(uint32_t c) { return is_upper(c) || is_lower(c); }
static bool is_decimal(uint32_t c) { return c >= '0' && c <= '9'; }
static bool is_digit(uint32_t c) { return is_decimal(c) || c == 0xB2 || c == 0xB3 || c == 0xB9; }
static bool is_numeric(uint32_t c) { return is_digit(c) || (c >= 0xBC && c <= 0xBE); }
static bool is_alnum(uint32_t c) { return is_alpha(c) || is_numeric(c); }

static bool is_space(uint32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

static bool is_line_break(uint32_t c)
{
    return (c >= 0x0A && c <= 0x0D) || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028 || c == 0x2029;
}

/* The upper case of c into out (ß is two code points); how many. */
static int to_upper(uint32_t c, uint32_t out[2])
{
    if (c == 0xDF) {
        out[0] = out[1] = 'S';
        return 2;
    }
    out[0] = (c >= 'a' && c <= 'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7) ? c - 32
           : c == 0xFF ? 0x178 : c == 0xB5 ? 0x39C : c;
    return 1;
}

static uint32_t to_lower(uint32_t c) { return is_upper(c) ? c + 32 : c == 0x178 ? 0xFF : c; }

/* ---- building a string ---- */

typedef struct Out {
    char *text;
    size_t len, cap;
    int64_t length; /* code points */
    bool failed;
} Out;

static void put_bytes(Out *o, const char *s, size_t n, int64_t chars)
{
    if (o->failed)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 32;
        while (cap < o->len + n + 1)
            cap *= 2;
        char *t = realloc(o->text, cap);
        if (!t) {
            o->failed = true;
            return;
        }
        o->text = t;
        o->cap = cap;
    }
    memcpy(o->text + o->len, s, n);
    o->len += n;
    o->length += chars;
}

static void put_char(Out *o, uint32_t c)
{
    char b[4];
    put_bytes(o, b, rt_utf8_encode(c, b), 1);
}

/* The string o built (it is freed), or NULL with MemoryError. */
static JitcStr *finish(Out *o, const char *where, JitcErr *err)
{
    JitcStr *s = o->failed ? rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string")
                           : rt_str_from(o->text ? o->text : "", o->len, o->length, where, err);
    free(o->text);
    return s;
}

/* ---- the methods ---- */

/* upper, lower, casefold, swapcase, capitalize, title: each code point mapped by where it is. */
static JitcStr *change_case(int id, const uint32_t *cp, int64_t n, const char *where, JitcErr *err)
{
    Out o = {0};
    bool after_cased = false;
    for (int64_t k = 0; k < n; k++) {
        uint32_t c = cp[k], up[2];
        bool upper = id == SM_UPPER || (id == SM_SWAPCASE && is_lower(c)) || (id == SM_CAPITALIZE && k == 0) ||
                     (id == SM_TITLE && !after_cased);
        if (upper) {
            for (int i = 0, m = to_upper(c, up); i < m; i++)
                put_char(&o, up[i]);
        } else {
            put_char(&o, id == SM_SWAPCASE && !is_upper(c) ? c : to_lower(c));
        }
        after_cased = is_cased(c);
    }
    return finish(&o, where, err);
}

/* The is* tests: Python's answer for the string's code points. */
static bool test_all(int id, const uint32_t *cp, int64_t n)
{
    bool (*each)(uint32_t) = id == SM_ISDIGIT ? is_digit : id == SM_ISALPHA ? is_alpha : id == SM_ISALNUM ? is_alnum
                           : id == SM_ISDECIMAL ? is_decimal : id == SM_ISNUMERIC ? is_numeric : id == SM_ISSPACE ? is_space
                           : NULL;
    if (each || id == SM_ISASCII || id == SM_ISPRINTABLE) {
        if (n == 0)
            return id == SM_ISASCII || id == SM_ISPRINTABLE;
        for (int64_t k = 0; k < n; k++)
            if (each ? !each(cp[k]) : id == SM_ISASCII ? cp[k] >= 0x80 : !rt_str_printable(cp[k]))
                return false;
        return true;
    }
    if (id == SM_ISIDENTIFIER) {
        if (n == 0 || !(is_alpha(cp[0]) || cp[0] == '_' || cp[0] > 0xFF))
            return false;
        for (int64_t k = 1; k < n; k++)
            if (!(is_alnum(cp[k]) || cp[k] == '_' || cp[k] > 0xFF))
                return false;
        return true;
    }
    bool cased = false, after_cased = false;
    for (int64_t k = 0; k < n; k++) {
        uint32_t c = cp[k];
        if (id == SM_ISTITLE) {
            if ((is_upper(c) && after_cased) || (is_lower(c) && !after_cased))
                return false;
            after_cased = is_cased(c);
        } else if (id == SM_ISUPPER ? is_lower(c) && is_cased(c) : is_upper(c)) {
            return false;
        }
        cased |= is_cased(c);
    }
    return cased;
}

static bool in_set(uint32_t c, const uint32_t *set, int64_t n)
{
    for (int64_t k = 0; k < n; k++)
        if (set[k] == c)
            return true;
    return false;
}

/* strip, lstrip, rstrip: of chars (NULL: whitespace). */
static JitcStr *strip(int id, const JitcStr *s, const uint32_t *cp, const JitcStr *chars, const char *where, JitcErr *err)
{
    uint32_t *set = chars ? decode(chars) : NULL;
    if (chars && !set)
        return rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
    int64_t lo = 0, hi = s->length, nset = chars ? chars->length : 0;
#define STRIPPED(c) (set ? in_set(c, set, nset) : is_space(c))
    if (id != SM_RSTRIP)
        while (lo < hi && STRIPPED(cp[lo]))
            lo++;
    if (id != SM_LSTRIP)
        while (hi > lo && STRIPPED(cp[hi - 1]))
            hi--;
#undef STRIPPED
    free(set);
    int64_t b = rt_str_byte_of(s, lo), e = rt_str_byte_of(s, hi);
    return rt_str_from(s->text + b, (size_t)(e - b), hi - lo, where, err);
}

/* start and end (ABSENT: the ends) as Python clips them for s[start:end]. */
static void clip(int64_t len, int64_t *start, int64_t *end)
{
    if (*start == ABSENT)
        *start = 0;
    else if (*start < 0)
        *start = *start + len < 0 ? 0 : *start + len;
    if (*end == ABSENT || *end > len)
        *end = len;
    else if (*end < 0)
        *end = *end + len < 0 ? 0 : *end + len;
}

static bool matches_at(const uint32_t *cp, int64_t at, const uint32_t *sub, int64_t m)
{
    return memcmp(cp + at, sub, sizeof *sub * (size_t)m) == 0;
}

/* find, rfind, index, rindex, count, startswith, endswith over s[start:end]. */
static int64_t search(int id, const uint32_t *cp, int64_t n, const JitcStr *subs, int64_t start, int64_t end,
                      const char *where, JitcErr *err)
{
    uint32_t *sub = decode(subs);
    if (!sub) {
        rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
        return 0;
    }
    int64_t m = subs->length, found = -1, count = 0;
    clip(n, &start, &end);
    if (id == SM_STARTSWITH || id == SM_ENDSWITH) {
        found = start <= n && end - start >= m && matches_at(cp, id == SM_STARTSWITH ? start : end - m, sub, m);
    } else if (start <= n) {
        bool reverse = id == SM_RFIND || id == SM_RINDEX;
        for (int64_t k = reverse ? end - m : start; reverse ? k >= start : k + m <= end;) {
            if (matches_at(cp, k, sub, m)) {
                found = k;
                count++;
                if (id != SM_COUNT)
                    break;
                k += m ? m : 1;
            } else {
                k += reverse ? -1 : 1;
            }
        }
    }
    free(sub);
    if (id == SM_COUNT)
        return count;
    if (found < 0 && (id == SM_INDEX || id == SM_RINDEX))
        rt_str_fail(err, RT_EXC_VALUE, where, "ValueError: substring not found");
    return found;
}

static JitcStr *replace(const JitcStr *s, const uint32_t *cp, const JitcStr *olds, const JitcStr *news, int64_t count,
                        const char *where, JitcErr *err)
{
    uint32_t *old = decode(olds);
    if (!old)
        return rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
    Out o = {0};
    int64_t m = olds->length, n = s->length, done = 0, k = 0;
    if (count == ABSENT)
        count = -1;
    while (k <= n) {
        bool hit = (count < 0 || done < count) && k + m <= n && matches_at(cp, k, old, m);
        if (hit) {
            put_bytes(&o, news->text, (size_t)news->nbytes, news->length);
            done++;
        }
        if (k == n)
            break;
        if (!hit || m == 0) {
            put_char(&o, cp[k]);
            k++;
        } else {
            k += m;
        }
    }
    free(old);
    return finish(&o, where, err);
}

/* ---- lists of strings: split, rsplit, splitlines ---- */

/* Appends s[lo:hi] (code points) to list l at `at` (0: the front); false when memory ran out. */
static bool add_piece(JitcList *l, int64_t at, const JitcStr *s, int64_t lo, int64_t hi, const char *where, JitcErr *err)
{
    int64_t b = rt_str_byte_of(s, lo), e = rt_str_byte_of(s, hi);
    JitcStr *piece = rt_str_from(s->text + b, (size_t)(e - b), hi - lo, where, err);
    char *slot = piece ? jitc_rt_list_open(l, at, sizeof piece, JITC_LIST_ITEM_STR, where, err) : NULL;
    if (!slot) {
        rt_str_release(piece);
        return false;
    }
    memcpy(slot, &piece, sizeof piece);
    return true;
}

/* split (forward) or rsplit of s by sep (NULL: runs of whitespace), at most maxsplit times. */
static bool split(JitcList *l, bool reverse, const JitcStr *s, const uint32_t *cp, const uint32_t *sep, int64_t m,
                  int64_t maxsplit, const char *where, JitcErr *err)
{
    int64_t n = s->length, pieces = 0;
    int64_t at = reverse ? n : 0; /* the unsplit rest is [0, at) (reverse) or [at, n) */
    for (;;) {
        int64_t rest_lo = reverse ? 0 : at, rest_hi = reverse ? at : n;
        if (!sep) { /* skip the whitespace at the front of what is left */
            while (rest_lo < rest_hi && is_space(cp[reverse ? rest_hi - 1 : rest_lo]))
                reverse ? rest_hi-- : rest_lo++;
            if (rest_lo == rest_hi)
                return true;
        }
        int64_t hit = -1;
        if (maxsplit < 0 || pieces < maxsplit) {
            for (int64_t k = reverse ? rest_hi - 1 : rest_lo; reverse ? k >= rest_lo : k < rest_hi; k += reverse ? -1 : 1) {
                if (sep ? (reverse ? k - m + 1 >= rest_lo && matches_at(cp, k - m + 1, sep, m)
                                   : k + m <= rest_hi && matches_at(cp, k, sep, m))
                        : is_space(cp[k])) {
                    hit = sep && reverse ? k - m + 1 : k;
                    break;
                }
            }
        }
        if (hit < 0) /* the last piece: all that is left */
            return add_piece(l, reverse ? 0 : l->len, s, rest_lo, rest_hi, where, err);
        int64_t width = sep ? m : 1;
        if (!(reverse ? add_piece(l, 0, s, hit + width, rest_hi, where, err)
                      : add_piece(l, l->len, s, rest_lo, hit, where, err)))
            return false;
        pieces++;
        at = reverse ? hit : hit + width;
    }
}

static bool split_lines(JitcList *l, const JitcStr *s, const uint32_t *cp, const char *where, JitcErr *err)
{
    int64_t n = s->length, lo = 0;
    for (int64_t k = 0; k < n; k++) {
        if (!is_line_break(cp[k]))
            continue;
        if (!add_piece(l, l->len, s, lo, k, where, err))
            return false;
        if (cp[k] == '\r' && k + 1 < n && cp[k + 1] == '\n')
            k++;
        lo = k + 1;
    }
    return lo >= n || add_piece(l, l->len, s, lo, n, where, err);
}

static JitcList *split_list(int id, const JitcStr *s, const uint32_t *cp, const JitcStr *seps, int64_t maxsplit,
                            const char *where, JitcErr *err)
{
    if (seps && seps->length == 0)
        return rt_str_fail(err, RT_EXC_VALUE, where, "ValueError: empty separator");
    uint32_t *sep = seps ? decode(seps) : NULL;
    JitcList *l = jitc_rt_list_new(0, sizeof(JitcStr *), JITC_LIST_ITEM_STR, where, err);
    bool ok = l && (!seps || sep) &&
              (id == SM_SPLITLINES ? split_lines(l, s, cp, where, err)
                                   : split(l, id == SM_RSPLIT, s, cp, sep, seps ? seps->length : 0,
                                           maxsplit == ABSENT ? -1 : maxsplit, where, err));
    free(sep);
    if (ok)
        return l;
    jitc_rt_list_release(l);
    return err->code ? NULL : rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
}

/* sep.join(l), l a list of strings. */
static JitcStr *join(const JitcStr *sep, const JitcList *l, const char *where, JitcErr *err)
{
    Out o = {0};
    for (int64_t k = 0; k < l->len; k++) {
        const JitcStr *item;
        memcpy(&item, l->data + k * l->itemsize, sizeof item);
        if (k)
            put_bytes(&o, sep->text, (size_t)sep->nbytes, sep->length);
        put_bytes(&o, item->text, (size_t)item->nbytes, item->length);
    }
    return finish(&o, where, err);
}

/* ---- padding: zfill, ljust, rjust, center ---- */

static JitcStr *pad(int id, const JitcStr *s, const uint32_t *cp, int64_t width, const JitcStr *fill, const char *where,
                    JitcErr *err)
{
    uint32_t f = ' ';
    if (fill) {
        if (fill->length != 1)
            return rt_str_fail(err, RT_EXC_TYPE, where, "TypeError: The fill character must be exactly one character long");
        size_t len;
        f = rt_utf8_next((const unsigned char *)fill->text, (size_t)fill->nbytes, &len);
    }
    int64_t n = s->length, total = width > n ? width - n : 0, left = 0;
    if (id == SM_ZFILL)
        f = '0';
    if (id == SM_RJUST || id == SM_ZFILL)
        left = total;
    else if (id == SM_CENTER)
        left = total / 2 + (total & width & 1); /* CPython's pad for center */
    Out o = {0};
    int64_t k = 0;
    if (id == SM_ZFILL && total && n && (cp[0] == '+' || cp[0] == '-'))
        put_char(&o, cp[k++]); /* the sign stays in front */
    for (int64_t i = 0; i < left; i++)
        put_char(&o, f);
    for (; k < n; k++)
        put_char(&o, cp[k]);
    for (int64_t i = left; i < total; i++)
        put_char(&o, f);
    return finish(&o, where, err);
}

/* ---- the entry point ---- */

static int64_t as_int(const void *p) { return (int64_t)(intptr_t)p; }

int64_t jitc_rt_str_method(int64_t id, void *self, void *a, void *b, int64_t i, int64_t j, const char *where,
                           JitcErr *err)
{
    const JitcStr *s = self;
    uint32_t *cp = decode(s);
    if (!cp) {
        rt_str_fail(err, RT_EXC_MEMORY, where, "MemoryError: cannot make a string");
        return 0;
    }
    int64_t r = 0, n = s->length;
    switch (id) {
    case SM_UPPER: case SM_LOWER: case SM_CASEFOLD: case SM_SWAPCASE: case SM_CAPITALIZE: case SM_TITLE:
        r = as_int(change_case((int)id, cp, n, where, err));
        break;
    case SM_STRIP: case SM_LSTRIP: case SM_RSTRIP: r = as_int(strip((int)id, s, cp, a, where, err)); break;
    case SM_STARTSWITH: case SM_ENDSWITH: case SM_FIND: case SM_RFIND: case SM_INDEX: case SM_RINDEX: case SM_COUNT:
        r = search((int)id, cp, n, a, i, j, where, err);
        break;
    case SM_REPLACE: r = as_int(replace(s, cp, a, b, i, where, err)); break;
    case SM_SPLIT: case SM_RSPLIT: case SM_SPLITLINES: r = as_int(split_list((int)id, s, cp, a, i, where, err)); break;
    case SM_JOIN: r = as_int(join(s, a, where, err)); break;
    case SM_ZFILL: case SM_LJUST: case SM_RJUST: case SM_CENTER: r = as_int(pad((int)id, s, cp, i, a, where, err)); break;
    default: r = test_all((int)id, cp, n); break;
    }
    free(cp);
    return r;
}
