/* strmap.h — a map from names to small indices (open addressing, in an arena): what makes
 * looking up a module's globals and a function's variables cost the same at any program size.
 * Keys are not copied: they must live as long as the map (names live in the AST's or the
 * program's arena). */
#ifndef JITC_STRMAP_H
#define JITC_STRMAP_H

#include <stddef.h>

#include "arena.h"

typedef struct StrMapSlot {
    const char *key; /* NULL: empty */
    size_t hash;
    int value;
} StrMapSlot;

typedef struct StrMap {
    StrMapSlot *slots;
    int cap, n; /* cap: 0 or a power of two */
} StrMap;

/* The value of key, or -1. A zeroed StrMap is an empty map. */
int strmap_get(const StrMap *m, const char *key);
/* The value of the key made of the first len bytes of key (no NUL needed there), or -1. */
int strmap_get_n(const StrMap *m, const char *key, size_t len);
/* Sets key's value (value >= 0), replacing an earlier one; grows in a. */
void strmap_put(StrMap *m, Arena *a, const char *key, int value);

#endif
