/* list.h — the lists compiled host code makes (list.c): a reference-counted growable buffer of
 * fixed-size items. The functions are declared by rt.h from rtabi.def, which documents them. */
#ifndef JITC_LIST_H
#define JITC_LIST_H

#include <stdint.h>

#include "arrays.h"

/* JitcList.memoff: items own nothing, or each item is a list (a JitcList*), or a string (a JitcStr*) */
enum { JITC_LIST_ITEM_PLAIN = -1, JITC_LIST_ITEM_LIST = -2, JITC_LIST_ITEM_STR = -3 };

/* The memoff of an item that is a tuple holding arrays: bit w of mask (w < JITC_LIST_ITEM_MAX_WORDS)
 * set where the item's 8-byte word w is an array's JitcMem*. Negative, and apart from the three above
 * (whose bit 62 is set). */
#define JITC_LIST_ITEM_WORDS(mask) ((int64_t)(INT64_MIN | (int64_t)(mask)))
#define JITC_LIST_ITEM_IS_WORDS(memoff) ((memoff) < 0 && !((memoff) & ((int64_t)1 << 62)))
enum { JITC_LIST_ITEM_MAX_WORDS = 62 };

/* What an item stored at item holds (memoff: where its JitcMem* is, or JITC_LIST_ITEM_*, or the
 * words of its JitcMem*s, JITC_LIST_ITEM_WORDS): a reference taken, or dropped (the last frees
 * the array, the list or the string). Lists' items and dicts'
 * values (hash.c) are held so. */
void rt_item_retain(const char *item, int64_t memoff);
void rt_item_release(const char *item, int64_t memoff);

struct JitcList {
    int64_t refs;
    int64_t len, cap;
    int64_t itemsize; /* 0 until the first item of `[]` */
    int64_t memoff;   /* where an item's JitcMem* is (an item that is an array), or JITC_LIST_ITEM_* */
    char *data;
    int64_t frozen;   /* numba.typed.List's _make_immutable(): mutating it raises ValueError */
};

#endif
