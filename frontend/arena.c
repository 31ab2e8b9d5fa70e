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

typedef struct Defer {
    struct Defer *next;
    void (*fn)(void *);
    void *resource;
} Defer;

struct Arena {
    Heap *heap;
    Chunk *head;
    size_t bytes;
    Defer *defers;
    bool scratch;          /* on the heap's list of scratch arenas: */
    Arena *older, *newer;  /* its neighbours there */
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

void heap_init(Heap *h, arena_alloc_fn alloc, void *ud)
{
    *h = (Heap){.alloc = alloc ? alloc : arena_default_alloc, .ud = ud};
}

void *heap_try_alloc(Heap *h, size_t size) { return h->alloc(h->ud, NULL, 0, size); }

void *heap_try_resize(Heap *h, void *p, size_t osize, size_t nsize) { return h->alloc(h->ud, p, osize, nsize); }

void heap_release(Heap *h, void *p, size_t size)
{
    if (p)
        h->alloc(h->ud, p, size, 0);
}

_Noreturn void heap_fail(Heap *h)
{
    if (h->on_fail)
        longjmp(*h->on_fail, 1);
    /* Every API call that allocates is protected; only internal code called outside the API
     * (a unit test of one stage, say) can get here. */
    fputs("jitc: out of memory outside a protected call\n", stderr);
    abort();
}

void heap_guard_begin(Heap *h, HeapGuard *g)
{
    g->outer = h->on_fail;
    g->mark = h->scratch;
    h->on_fail = &g->jump;
}

void heap_guard_end(Heap *h, HeapGuard *g) { h->on_fail = g->outer; }

void heap_guard_unwind(Heap *h, HeapGuard *g)
{
    h->on_fail = g->outer;
    while (h->scratch && h->scratch != g->mark)
        arena_free(h->scratch);
}

static void *heap_alloc_or_fail(Heap *h, size_t size)
{
    void *p = heap_try_alloc(h, size);
    if (!p)
        heap_fail(h);
    return p;
}

Arena *arena_new(Heap *h)
{
    Arena *a = heap_alloc_or_fail(h, sizeof *a);
    *a = (Arena){.heap = h};
    return a;
}

Arena *arena_scratch(Heap *h)
{
    Arena *a = arena_new(h);
    a->scratch = true;
    a->older = h->scratch;
    if (h->scratch)
        h->scratch->newer = a;
    h->scratch = a;
    return a;
}

void arena_keep(Arena *a)
{
    if (!a->scratch)
        return;
    if (a->newer)
        a->newer->older = a->older;
    else
        a->heap->scratch = a->older;
    if (a->older)
        a->older->newer = a->newer;
    a->scratch = false;
    a->older = a->newer = NULL;
}

void arena_free(Arena *a)
{
    if (!a)
        return;
    arena_keep(a); /* off the scratch list */
    for (Defer *d = a->defers; d; d = d->next)
        if (d->resource)
            d->fn(d->resource);
    Heap *h = a->heap;
    for (Chunk *c = a->head, *next; c; c = next) {
        next = c->next;
        heap_release(h, c, sizeof *c + c->size);
    }
    heap_release(h, a, sizeof *a);
}

Heap *arena_heap(const Arena *a) { return a->heap; }

void **arena_defer(Arena *a, void (*fn)(void *))
{
    Defer *d = arena_alloc(a, sizeof *d);
    d->fn = fn;
    d->next = a->defers;
    a->defers = d;
    return &d->resource;
}

void *arena_try_alloc(Arena *a, size_t size)
{
    size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
    Chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t csize = size > CHUNK_MIN ? size : CHUNK_MIN;
        if (!(c = heap_try_alloc(a->heap, sizeof *c + csize)))
            return NULL;
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

void *arena_alloc(Arena *a, size_t size)
{
    void *p = arena_try_alloc(a, size);
    if (!p)
        heap_fail(a->heap);
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
