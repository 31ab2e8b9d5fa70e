/* list.c — the lists compiled host code makes: Numba's reflected lists and
 * numba.typed.List, one representation for both.
 *
 * A JitcList is a reference-counted, growable buffer of fixed-size items (the LLVM in-memory
 * form of the item type, laid out by codegen/list.c). Compiled code holds one reference per
 * local that holds the list, as it does for arrays (codegen/arrays.c). Items that are arrays own
 * one reference to their JitcMem (at byte memoff inside the item); items that are lists own one
 * reference to that list (memoff JITC_LIST_ITEM_LIST), strings one to the string
 * (JITC_LIST_ITEM_STR); items that are tuples holding arrays (a dict's values) own one reference
 * to each array's JitcMem (memoff JITC_LIST_ITEM_WORDS). The capacity grows and shrinks as Numba's
 * typed lists' (numba_list_resize, after CPython's list_resize), so that _allocated() gives Numba's
 * numbers; the one allocator is the C heap (malloc/realloc/free), as for arrays. Failures are a
 * MemoryError in err. */
#include "list.h"

#include "str.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local char message[128];

static void *no_memory(JitcErr *err, const char *where)
{
    strcpy(message, "MemoryError: cannot grow a list");
    err->code = RT_EXC_MEMORY;
    err->where = where;
    err->message = message;
    return NULL;
}

JitcList *jitc_rt_list_new(int64_t cap, int64_t itemsize, int64_t memoff, const char *where, JitcErr *err)
{
    JitcList *l = calloc(1, sizeof *l);
    if (!l)
        return no_memory(err, where);
    l->refs = 1;
    l->itemsize = itemsize;
    l->memoff = memoff;
    if (cap > 0 && itemsize > 0) {
        if (!(l->data = malloc((size_t)(cap * itemsize)))) {
            free(l);
            return no_memory(err, where);
        }
        l->cap = cap;
    }
    return l;
}

void jitc_rt_list_retain(JitcList *l)
{
    if (l)
        atomic_fetch_add_explicit((_Atomic int64_t *)&l->refs, 1, memory_order_relaxed);
}

/* The string an item is. */
static const JitcStr *item_str(const char *item)
{
    const JitcStr *s;
    memcpy(&s, item, sizeof s);
    return s;
}

/* A tuple item's arrays: the JitcMem* of each word its memoff names, retained or released. */
static void item_words(const char *item, int64_t memoff, bool retain)
{
    for (int w = 0; w < JITC_LIST_ITEM_MAX_WORDS; w++)
        if (memoff & ((int64_t)1 << w))
            (retain ? rt_item_retain : rt_item_release)(item, 8 * w);
}

void rt_item_release(const char *item, int64_t memoff)
{
    if (memoff == JITC_LIST_ITEM_STR) {
        rt_str_release(item_str(item));
    } else if (JITC_LIST_ITEM_IS_WORDS(memoff)) {
        item_words(item, memoff, false);
    } else if (memoff == JITC_LIST_ITEM_LIST) {
        JitcList *inner;
        memcpy(&inner, item, sizeof inner);
        jitc_rt_list_release(inner);
    } else if (memoff >= 0) {
        JitcMem *m;
        memcpy(&m, item + memoff, sizeof m);
        if (m && atomic_fetch_sub_explicit((_Atomic int64_t *)&m->refs, 1, memory_order_acq_rel) == 1)
            jitc_rt_free(m);
    }
}

void rt_item_retain(const char *item, int64_t memoff)
{
    if (memoff == JITC_LIST_ITEM_STR) {
        rt_str_retain(item_str(item));
    } else if (JITC_LIST_ITEM_IS_WORDS(memoff)) {
        item_words(item, memoff, true);
    } else if (memoff == JITC_LIST_ITEM_LIST) {
        JitcList *inner;
        memcpy(&inner, item, sizeof inner);
        jitc_rt_list_retain(inner);
    } else if (memoff >= 0) {
        JitcMem *m;
        memcpy(&m, item + memoff, sizeof m);
        if (m)
            atomic_fetch_add_explicit((_Atomic int64_t *)&m->refs, 1, memory_order_relaxed);
    }
}

/* Drops what item i owns: its array's reference or its list's. */
static void drop_item(JitcList *l, int64_t i) { rt_item_release(l->data + i * l->itemsize, l->memoff); }

void jitc_rt_list_release(JitcList *l)
{
    if (!l || atomic_fetch_sub_explicit((_Atomic int64_t *)&l->refs, 1, memory_order_acq_rel) != 1)
        return;
    if (l->memoff != JITC_LIST_ITEM_PLAIN)
        for (int64_t i = 0; i < l->len; i++)
            drop_item(l, i);
    free(l->data);
    free(l);
}

int64_t jitc_rt_list_len(const JitcList *l) { return l->len; }

char *jitc_rt_list_item(JitcList *l, int64_t i) { return l->data + i * l->itemsize; }

/* Numba's numba_list_resize: the capacity for newsize items, or -1 where the current one stays
 * (it holds newsize and is not more than twice what newsize needs). */
static int64_t resized_capacity(const JitcList *l, int64_t newsize)
{
    if (l->cap >= newsize && newsize >= (l->cap >> 1))
        return -1;
    return newsize == 0 ? 0 : newsize + (newsize >> 3) + (newsize < 9 ? 3 : 6);
}

static bool set_capacity(JitcList *l, int64_t cap)
{
    if (cap == 0) {
        free(l->data);
        l->data = NULL;
    } else {
        char *data = realloc(l->data, (size_t)(cap * l->itemsize));
        if (!data)
            return false;
        l->data = data;
    }
    l->cap = cap;
    return true;
}

char *jitc_rt_list_open(JitcList *l, int64_t at, int64_t itemsize, int64_t memoff, const char *where, JitcErr *err)
{
    if (l->len == 0) { /* `[]` learns its item layout from its first item */
        l->itemsize = itemsize;
        l->memoff = memoff;
    }
    int64_t cap = resized_capacity(l, l->len + 1);
    if (cap >= 0 && !set_capacity(l, cap))
        return no_memory(err, where);
    char *slot = l->data + at * l->itemsize;
    memmove(slot + l->itemsize, slot, (size_t)((l->len - at) * l->itemsize));
    l->len++;
    return slot;
}

void jitc_rt_list_delete(JitcList *l, int64_t from, int64_t to)
{
    if (to <= from)
        return;
    if (l->memoff != JITC_LIST_ITEM_PLAIN)
        for (int64_t i = from; i < to; i++)
            drop_item(l, i);
    memmove(l->data + from * l->itemsize, l->data + to * l->itemsize, (size_t)((l->len - to) * l->itemsize));
    l->len -= to - from;
    int64_t cap = resized_capacity(l, l->len);
    if (cap >= 0)
        set_capacity(l, cap); /* a smaller buffer: where realloc fails, the old one stays */
}

int64_t jitc_rt_list_allocated(const JitcList *l) { return l->cap; }

int64_t jitc_rt_list_is_mutable(const JitcList *l) { return !l->frozen; }

void jitc_rt_list_set_mutable(JitcList *l, int64_t mutable) { l->frozen = !mutable; }

JitcMem *jitc_rt_list_to_mem(const JitcList *l, int64_t itemsize, const char *where, JitcErr *err)
{
    int64_t n = l->len;
    JitcMem *m = jitc_rt_alloc(1, &n, itemsize, 0, where, err);
    if (m && n)
        memcpy(m->data, l->data, (size_t)(n * itemsize));
    return m;
}

void *jitc_rt_list_result(const JitcList *l, int64_t slots)
{
    if (!l || slots < 0 || (slots && l->len > (INT64_MAX / 16 - 1) / slots))
        return NULL;
    int64_t *block = calloc(1, (size_t)(16 + 16 * l->len * slots));
    if (block)
        block[0] = l->len;
    return block;
}

DLManagedTensor *jitc_rt_list_export(JitcList *l, int64_t itemsize, int32_t code, int32_t bits)
{
    if (!l) /* the function raised: nothing to hand over */
        return NULL;
    JitcErr err = {0};
    int64_t n = l->len, stride = itemsize;
    JitcMem *m = jitc_rt_list_to_mem(l, itemsize, "", &err);
    jitc_rt_list_release(l);
    if (!m)
        return NULL;
    return jitc_rt_export(m, m->data, 1, &n, &stride, code, bits);
}
