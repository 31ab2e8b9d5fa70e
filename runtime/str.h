/* str.h — the strings of compiled host code (Numba's unicode_type: immutable strings;
 * cpython/build_str.c, codegen/str.c).
 *
 * A string value is a pointer to a JitcStr: a reference count, its length in code points, its
 * size in bytes and its UTF-8 text, NUL-terminated. The constants of the source (private
 * constants of the module, codegen/str.c) and a caller's arguments (driver/call.c) are static:
 * refs is JITC_STR_STATIC and nobody frees them. Strings made at run time (concatenation, str(),
 * slicing, f-strings, ...) come from the C heap with one reference, and are held as arrays are:
 * one reference per local, list item, dict key or value (codegen/arrays.c, list.c, hash.c); the
 * C API copies a returned string's text and drops the reference (driver/nested.c). Python's
 * repr of a string is written here once (rt_str_repr_*), for print() of tuples, raise messages
 * and the CLI. */
#ifndef JITC_STR_H
#define JITC_STR_H

#include <stddef.h>
#include <stdint.h>

enum { JITC_STR_STATIC = -1 };

typedef struct JitcStr {
    int64_t refs;   /* references, or JITC_STR_STATIC */
    int64_t length; /* code points */
    int64_t nbytes; /* bytes of text, without the NUL */
    char text[];    /* UTF-8, NUL-terminated */
} JitcStr;

/* The quote Python's repr(s) uses: ' unless s holds ' and no ". */
char rt_str_repr_quote(const char *s, size_t n);
/* Python's repr of the code point at s[0..n) (UTF-8; an invalid byte counts as one) inside
 * quotes q: into out (at most 11 bytes and a NUL); returns how many bytes of s it took. Code
 * points jitc does not know as printable are escaped as Python escapes them (\xNN, \uNNNN). */
size_t rt_str_repr_char(const char *s, size_t n, char q, char out[12]);

/* Within the runtime (str.c, str_methods.c): the exception in err (text: "Class: message"),
 * NULL; a new string of nbytes bytes and length code points, its text to be written (or copied
 * from text), one reference, NULL with MemoryError; the byte where code point i (0 <= i <=
 * length) starts; the code point at s (UTF-8), its byte count in *len (an invalid byte is
 * itself, one byte); whether Python's str.isprintable() holds for c, as far as jitc knows. */
#include <stdbool.h>
typedef struct JitcErr JitcErr;
void *rt_str_fail(JitcErr *err, int code, const char *where, const char *text);
JitcStr *rt_str_new(int64_t nbytes, int64_t length, const char *where, JitcErr *err);
JitcStr *rt_str_from(const char *text, size_t nbytes, int64_t length, const char *where, JitcErr *err);
int64_t rt_str_byte_of(const JitcStr *s, int64_t i);
uint32_t rt_utf8_next(const unsigned char *s, size_t n, size_t *len);
size_t rt_utf8_encode(uint32_t c, char out[4]); /* c's UTF-8 bytes into out; how many */
bool rt_str_printable(uint32_t c);

/* Takes or drops a reference to s (NULL, or static: nothing); the last one frees it. */
void rt_str_retain(const JitcStr *s);
void rt_str_release(const JitcStr *s);

#endif
