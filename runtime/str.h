/* str.h — the strings of compiled host code (Numba's unicode_type, as jitc has it: immutable
 * strings whose values are constants of the source; cpython/build_str.c, codegen/str.c).
 *
 * A string value is a pointer to a JitcStr that codegen writes as a private constant of the
 * module: its length in code points, its size in bytes and its UTF-8 text, NUL-terminated.
 * Nothing allocates or frees one, so strings need no reference counts; the C API copies a
 * returned string (driver/call.c). Python's repr of a string is written here once
 * (rt_str_repr_*), for print() of tuples, raise messages and the CLI. */
#ifndef JITC_STR_H
#define JITC_STR_H

#include <stddef.h>
#include <stdint.h>

typedef struct JitcStr {
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

#endif
