/* ptxshare.c — PTX made once per architecture in a process, shared by its contexts: with a
 * context per GPU, each compiles the same module, and each kernel's PTX is made by the first and
 * found by the others, which only load it on their device. Entries are keyed as the disk cache's
 * (the XXH3-128 of the lowered module, the architecture, libdevice and the versions), so equal
 * keys mean equal code. The table is the process's, not a context's: it lives while a context
 * does (retained by jitc_context_create, freed with the last context), on a heap of its own
 * (malloc), and a mutex guards it, as contexts may live on different threads. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "driver.h"

typedef struct SharedPtx {
    char key[DCACHE_KEY_LEN + 1];
    char *ptx;
    size_t len;
} SharedPtx;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static Heap heap = {.alloc = arena_default_alloc};
static SharedPtx *entries;
static int nentries, capacity, contexts;

void drv_shared_ptx_retain(void)
{
    pthread_mutex_lock(&lock);
    contexts++;
    pthread_mutex_unlock(&lock);
}

void drv_shared_ptx_release(void)
{
    pthread_mutex_lock(&lock);
    if (--contexts == 0) {
        for (int i = 0; i < nentries; i++)
            heap_release(&heap, entries[i].ptx, entries[i].len + 1);
        heap_release(&heap, entries, sizeof *entries * (size_t)capacity);
        entries = NULL;
        nentries = capacity = 0;
    }
    pthread_mutex_unlock(&lock);
}

static SharedPtx *find(const char *key)
{
    for (int i = 0; i < nentries; i++)
        if (strcmp(entries[i].key, key) == 0)
            return &entries[i];
    return NULL;
}

char *drv_shared_ptx_get(const char *key, Arena *out)
{
    pthread_mutex_lock(&lock);
    SharedPtx *e = find(key);
    char *copy = e ? arena_try_alloc(out, e->len + 1) : NULL;
    if (copy)
        memcpy(copy, e->ptx, e->len + 1);
    pthread_mutex_unlock(&lock);
    return copy;
}

/* Room for one more entry; false when there is no memory (the PTX is then not shared). */
static bool grow(void)
{
    if (nentries < capacity)
        return true;
    int more = capacity ? 2 * capacity : 16;
    SharedPtx *grown = heap_try_resize(&heap, entries, sizeof *entries * (size_t)capacity, sizeof *entries * (size_t)more);
    if (!grown)
        return false;
    entries = grown;
    capacity = more;
    return true;
}

void drv_shared_ptx_put(const char *key, const char *ptx)
{
    size_t len = strlen(ptx);
    pthread_mutex_lock(&lock);
    char *copy = !find(key) && grow() ? heap_try_alloc(&heap, len + 1) : NULL;
    if (copy) {
        memcpy(copy, ptx, len + 1);
        SharedPtx *e = &entries[nentries++];
        snprintf(e->key, sizeof e->key, "%s", key);
        e->ptx = copy;
        e->len = len;
    }
    pthread_mutex_unlock(&lock);
}
