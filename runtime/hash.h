/* hash.h — the hash tables compiled host code makes for dicts and sets (hash.c). The functions
 * are declared by rt.h from rtabi.def, which documents them. */
#ifndef JITC_HASH_H
#define JITC_HASH_H

#include <stdint.h>

#include "arrays.h"

/* JitcHash.kind */
enum { JITC_HASH_DICT = 0, JITC_HASH_SET = 1 };

struct JitcHash {
    int64_t refs;
    int64_t kind;     /* JITC_HASH_DICT: positions are entries, in insertion order; JITC_HASH_SET: slots */
    int64_t strkey;   /* keys are JitcStr pointers, equal by their text (else equal by their bytes) */
    int64_t keysize, valsize, valoff, entsize;
    int64_t valmemoff; /* where a value holds a JitcMem*, or JITC_LIST_ITEM_* (list.h) */
    int64_t used;      /* live entries */
    int64_t fill;      /* slots that are not empty: live or deleted */
    int64_t mask;      /* slots - 1, the slots a power of two */
    int64_t finger;    /* where set.pop() looks next */
    int64_t nentries, capentries; /* entries written (live and dead), entries allocated */
    int64_t *slots;    /* an entry's index, or JITC_HASH_EMPTY / JITC_HASH_DELETED */
    char *entries;     /* each: int64 hash, int64 live, the key, the value (8-byte aligned) */
};

#endif
