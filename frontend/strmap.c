/* strmap.c — names to indices: FNV-1a hashes, linear probing, doubled at 3/4 full. */
#include "strmap.h"

#include <string.h>

static size_t hash_of(const char *s, size_t len)
{
    size_t h = 14695981039346656037u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

/* The slot of key, or the empty slot where it would go. */
static StrMapSlot *find(const StrMap *m, const char *key, size_t len, size_t h)
{
    for (size_t i = h & (size_t)(m->cap - 1);; i = (i + 1) & (size_t)(m->cap - 1)) {
        StrMapSlot *s = &m->slots[i];
        if (!s->key || (s->hash == h && strncmp(s->key, key, len) == 0 && s->key[len] == '\0'))
            return s;
    }
}

int strmap_get_n(const StrMap *m, const char *key, size_t len)
{
    if (!m->cap)
        return -1;
    const StrMapSlot *s = find(m, key, len, hash_of(key, len));
    return s->key ? s->value : -1;
}

int strmap_get(const StrMap *m, const char *key) { return strmap_get_n(m, key, strlen(key)); }

static void grow(StrMap *m, Arena *a)
{
    StrMap bigger = {.slots = arena_alloc(a, sizeof(StrMapSlot) * (size_t)(m->cap ? 2 * m->cap : 16)),
                     .cap = m->cap ? 2 * m->cap : 16, .n = m->n};
    for (int i = 0; i < m->cap; i++)
        if (m->slots[i].key)
            *find(&bigger, m->slots[i].key, strlen(m->slots[i].key), m->slots[i].hash) = m->slots[i];
    *m = bigger; /* the old slots stay in the arena until it goes */
}

void strmap_put(StrMap *m, Arena *a, const char *key, int value)
{
    if (4 * (m->n + 1) > 3 * m->cap)
        grow(m, a);
    size_t len = strlen(key), h = hash_of(key, len);
    StrMapSlot *s = find(m, key, len, h);
    if (!s->key)
        m->n++;
    *s = (StrMapSlot){.key = key, .hash = h, .value = value};
}
