/* arena.h — the one allocator of jitc: region allocation, freed all at once.
 *
 * Every stage allocates from an Arena (QBE style): the AST lives in its module's
 * arena, each type-inference pass in an arena of its own, freed when the pass is done, and a
 * specialization's final IR in the last pass's arena, kept with the program. An arena's
 * raw memory comes from an arena_alloc_fn (Lua style): a module's arena uses the one an
 * embedding application gives in jitc_options, the others malloc. */
#ifndef JITC_ARENA_H
#define JITC_ARENA_H

#include <stddef.h>

/* realloc-like hook: ptr == NULL allocates, nsize == 0 frees. Returns NULL on failure. */
typedef void *(*arena_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);

typedef struct Arena Arena;

void *arena_default_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

Arena *arena_new(arena_alloc_fn alloc, void *ud);   /* alloc may be NULL: malloc/free */
void arena_free(Arena *a);                          /* frees everything; a may be NULL */
void *arena_alloc(Arena *a, size_t size);           /* zeroed, 16-byte aligned; never NULL:
                                                       out of memory ends the process (exit 70) */
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
