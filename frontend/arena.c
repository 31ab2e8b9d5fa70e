/* arena.c — bump allocation in chunks; see arena.h. */
#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CHUNK_MIN = 64 * 1024, ALIGN = 16 };

typedef struct Chunk {
    struct Chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} Chunk;

struct Arena {
    arena_alloc_fn alloc;
    void *ud;
    Chunk *head;
    size_t bytes;
};

void *arena_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

static void arena_oom(void)
{
    fputs("jitc: out of memory\n", stderr);
    exit(70);
}

Arena *arena_new(arena_alloc_fn alloc, void *ud)
{
    if (!alloc)
        alloc = arena_default_alloc;
    Arena *a = alloc(ud, NULL, 0, sizeof *a);
    if (!a)
        arena_oom();
    *a = (Arena){.alloc = alloc, .ud = ud};
    return a;
}

void arena_free(Arena *a)
{
    if (!a)
        return;
    for (Chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        a->alloc(a->ud, c, sizeof *c + c->size, 0);
    }
    a->alloc(a->ud, a, sizeof *a, 0);
}

void *arena_alloc(Arena *a, size_t size)
{
    size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    Chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t csize = size > CHUNK_MIN ? size : CHUNK_MIN;
        c = a->alloc(a->ud, NULL, 0, sizeof *c + csize);
        if (!c)
            arena_oom();
        c->size = csize;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    a->bytes += size;
    memset(p, 0, size);
    return p;
}

void *arena_grow(Arena *a, void *old, size_t old_size, size_t new_size)
{
    void *p = arena_alloc(a, new_size);
    if (old && old_size)
        memcpy(p, old, old_size < new_size ? old_size : new_size);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *arena_strdup(Arena *a, const char *s) { return arena_strndup(a, s, strlen(s)); }

char *arena_printf(Arena *a, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = arena_alloc(a, (size_t)(n < 0 ? 0 : n) + 1);
    if (n > 0)
        vsnprintf(p, (size_t)n + 1, fmt, ap2);
    va_end(ap2);
    return p;
}

size_t arena_bytes(const Arena *a) { return a->bytes; }

void sb_puts(StrBuf *sb, const char *s)
{
    size_t n = strlen(s);
    if (sb->len + n + 1 > sb->cap) {
        size_t cap = sb->cap * 2 + n + 256;
        sb->buf = arena_grow(sb->arena, sb->buf, sb->cap, cap);
        sb->cap = cap;
    }
    memcpy(sb->buf + sb->len, s, n + 1);
    sb->len += n;
}

void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *tmp = arena_alloc(sb->arena, (size_t)(n < 0 ? 0 : n) + 1);
    va_start(ap, fmt);
    vsnprintf(tmp, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_puts(sb, tmp);
}

char *sb_text(StrBuf *sb) { return sb->buf ? sb->buf : arena_strdup(sb->arena, ""); }
