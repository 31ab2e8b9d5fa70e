/* arena.h — the one allocator of jitc: a heap per context, and arenas on it (region allocation,
 * freed all at once).
 *
 * Every allocation jitc makes goes through a Heap: the embedding application's hook
 * (jitc_options.alloc, realloc-like as Lua's lua_Alloc) or malloc. Stages allocate from Arenas
 * on that heap (QBE style): the AST lives in its module's arena, each type-inference pass in an
 * arena of its own, a specialization's final IR in the last pass's arena, kept with the program.
 *
 * Out of memory is one rule, as in Lua: an allocation that fails jumps (longjmp) to the API call
 * in progress, which frees the scratch arenas made since it began (and whatever they own: see
 * arena_defer) and returns JITC_ERR_NOMEM, leaving the context usable. So allocation functions
 * never return NULL, and code between a protected call's start and end keeps every temporary
 * in a scratch arena (arena_scratch) or releases it with arena_defer, never in malloc'd memory
 * a jump would lose. */
#ifndef JITC_ARENA_H
#define JITC_ARENA_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>

/* realloc-like hook: ptr == NULL allocates, nsize == 0 frees. Returns NULL on failure. */
typedef void *(*arena_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

typedef struct Arena Arena;

typedef struct Heap {
    arena_alloc_fn alloc;
    void *ud;
    jmp_buf *on_fail; /* where a failed allocation jumps: the innermost protected call */
    Arena *scratch;   /* live scratch arenas, newest first */
} Heap;

void *arena_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

/* A heap on alloc (NULL: malloc/free). */
void heap_init(Heap *h, arena_alloc_fn alloc, void *ud);
/* size bytes straight from the hook, or NULL (no jump): for what outlives every arena. */
void *heap_try_alloc(Heap *h, size_t size);
void *heap_try_resize(Heap *h, void *p, size_t osize, size_t nsize);
void heap_release(Heap *h, void *p, size_t size);
/* Jumps to the innermost protected call (see HeapGuard). */
_Noreturn void heap_fail(Heap *h);

/* A protected call: begin the guard, then test setjmp directly (C allows it only as the whole
 * condition of an if), and end or unwind it:
 *
 *     HeapGuard g;
 *     heap_guard_begin(h, &g);
 *     if (setjmp(g.jump)) {
 *         heap_guard_unwind(h, &g);     // scratch arenas made since begin are freed
 *         return JITC_ERR_NOMEM;
 *     }
 *     ...work...
 *     heap_guard_end(h, &g);
 *
 * Guards nest: an inner one may clean up its own state and heap_fail again to reach the outer. */
typedef struct HeapGuard {
    jmp_buf jump;
    jmp_buf *outer;
    Arena *mark; /* the newest scratch arena when the guard began */
} HeapGuard;
void heap_guard_begin(Heap *h, HeapGuard *g);
void heap_guard_end(Heap *h, HeapGuard *g);
void heap_guard_unwind(Heap *h, HeapGuard *g);

/* An arena that lives until arena_free (a module's). */
Arena *arena_new(Heap *h);
/* An arena for temporary work: freed by arena_free, or by the unwinding of a protected call that
 * began before it was made, unless arena_keep made it lasting. */
Arena *arena_scratch(Heap *h);
void arena_keep(Arena *a);
void arena_free(Arena *a);                          /* frees everything; a may be NULL */
Heap *arena_heap(const Arena *a);
/* Runs fn(*slot) when the arena is freed, if *slot is not NULL then: reserve the slot first,
 * then acquire the resource into it, so that no jump can lose it in between. Last in, first run. */
void **arena_defer(Arena *a, void (*fn)(void *));

void *arena_alloc(Arena *a, size_t size);           /* zeroed, 16-byte aligned; never NULL */
void *arena_try_alloc(Arena *a, size_t size);       /* the same, but NULL (no jump) on failure */
void *arena_grow(Arena *a, void *old, size_t old_size, size_t new_size);
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
size_t arena_bytes(const Arena *a);                 /* bytes handed out, for tests */

/* A growing text in an arena, for the dumps of each stage. */
typedef struct StrBuf {
    Arena *arena;
    char *buf;
    size_t len, cap;
} StrBuf;

void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sb_text(StrBuf *sb); /* the text so far ("" when empty), owned by the arena */

/* Appends v to the arena-backed growable array items[0..n) of capacity cap. */
#define ARR_PUSH(arena, items, n, cap, v)                                            \
    do {                                                                             \
        if ((n) == (cap)) {                                                          \
            size_t arr_newcap_ = (cap) ? 2 * (size_t)(cap) : 8;                      \
            (items) = arena_grow((arena), (items), (size_t)(cap) * sizeof *(items),  \
                                 arr_newcap_ * sizeof *(items));                     \
            (cap) = arr_newcap_;                                                     \
        }                                                                            \
        (items)[(n)++] = (v);                                                        \
    } while (0)

#endif
