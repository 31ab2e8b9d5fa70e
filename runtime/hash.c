/* hash.c — the hash tables compiled host code makes: Numba's dicts (numba.typed.Dict, `{}`, `dict()`)
 * and sets, one mechanism for both.
 *
 * A JitcHash maps keys to values of fixed sizes (the LLVM in-memory forms of their types, laid out
 * by codegen/hash.c; a set's values have size 0). Entries are appended to an array in insertion
 * order; a table of slots, a power of two of them, holds each entry's index, found by open
 * addressing. The table and its probing are Numba's set's (numba/cpython/setobj.py: 16 slots at
 * least, three linear probes then perturbation, the sizes it grows and shrinks to, a resize that
 * re-adds the entries in slot order), so that a set iterates its slots in Numba's order; a dict
 * iterates its entries, in insertion order, as Numba's typed dict does. Where an entry is, its
 * position, is its entry index in a dict and its slot in a set.
 *
 * Python's hash() is here too, as Numba computes it, for compiled code (which hashes the keys it
 * hands over, build_dict.c) and for the driver (dict arguments). Keys cross as bytes,
 * zeroed where padding is, equal where their bytes are (as Numba's typed dict has them); string keys
 * (JitcStr pointers) are compared and hashed by their text here, and each holds one reference to
 * its string. Values that are arrays own one reference to their JitcMem, lists one reference to
 * the list, as list items do (list.c). Failures
 * are a MemoryError in err. */
#include "hash.h"

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "list.h"
#include "str.h"

enum { MINSIZE = 16, LINEAR_PROBES = 3, EMPTY = -1, DELETED = -2, HEADER = 16 };

static _Thread_local char message[128];

static void *no_memory(JitcErr *err, const char *where)
{
    strcpy(message, "MemoryError: cannot grow a dict or set");
    err->code = RT_EXC_MEMORY;
    err->where = where;
    err->message = message;
    return NULL;
}

/* ---- entries ---- */

static char *entry(const JitcHash *h, int64_t e) { return h->entries + e * h->entsize; }
static int64_t entry_hash(const JitcHash *h, int64_t e) { return ((const int64_t *)entry(h, e))[0]; }
static bool entry_live(const JitcHash *h, int64_t e) { return ((const int64_t *)entry(h, e))[1] != 0; }
static char *entry_key(const JitcHash *h, int64_t e) { return entry(h, e) + HEADER; }
static char *entry_value(const JitcHash *h, int64_t e) { return entry(h, e) + h->valoff; }

static const JitcStr *str_at(const char *key)
{
    const JitcStr *s;
    memcpy(&s, key, sizeof s);
    return s;
}

static bool keys_equal(const JitcHash *h, const char *a, const char *b)
{
    if (!h->strkey)
        return memcmp(a, b, (size_t)h->keysize) == 0;
    const JitcStr *x = str_at(a), *y = str_at(b);
    return x->nbytes == y->nbytes && memcmp(x->text, y->text, (size_t)x->nbytes) == 0;
}

/* A string's hash: FNV-1a over its UTF-8 text (Python's is salted per process: no order of string
 * keys is promised). */
static int64_t str_hash(const char *key)
{
    const JitcStr *s = str_at(key);
    uint64_t x = 14695981039346656037u;
    for (int64_t i = 0; i < s->nbytes; i++)
        x = (x ^ (unsigned char)s->text[i]) * 1099511628211u;
    return (int64_t)(x >> 1);
}

/* Drops, or takes, a reference to what value e holds (as a list item does, list.c), or key e. */
static void drop_value(JitcHash *h, int64_t e) { rt_item_release(entry_value(h, e), h->valmemoff); }
static void retain_value(JitcHash *h, int64_t e) { rt_item_retain(entry_value(h, e), h->valmemoff); }
static void drop_key(JitcHash *h, int64_t e)
{
    if (h->strkey)
        rt_str_release(str_at(entry_key(h, e)));
}
static void retain_key(JitcHash *h, int64_t e)
{
    if (h->strkey)
        rt_str_retain(str_at(entry_key(h, e)));
}

/* ---- the table of slots: Numba's set's lookup ---- */

/* The slot of the key, or (not found) the slot it goes to: the first deleted one of its chain,
 * else the empty one that ends it. */
static int64_t lookup(const JitcHash *h, const char *key, int64_t hash, bool *found)
{
    uint64_t mask = (uint64_t)h->mask, perturb = (uint64_t)hash, i = (uint64_t)hash & mask;
    int64_t free_slot = -1;
    for (int probe = 0;; probe++) {
        int64_t e = h->slots[i];
        if (e == EMPTY) {
            *found = false;
            return free_slot >= 0 ? free_slot : (int64_t)i;
        }
        if (e == DELETED) {
            if (free_slot < 0)
                free_slot = (int64_t)i;
        } else if (entry_hash(h, e) == hash && keys_equal(h, key, entry_key(h, e))) {
            *found = true;
            return (int64_t)i;
        }
        if (probe < LINEAR_PROBES) {
            i = (i + 1) & mask;
        } else {
            perturb >>= 5;
            i = (i * 5 + 1 + perturb) & mask;
        }
    }
}

/* Numba's choose_alloc_size: the slots for n items, a power of two >= 2n, at least MINSIZE. */
static int64_t slots_for(int64_t n)
{
    int64_t size = MINSIZE;
    while (size < 2 * n)
        size <<= 1;
    return size;
}

static bool alloc_slots(JitcHash *h, int64_t size)
{
    int64_t *slots = malloc((size_t)size * sizeof *slots);
    if (!slots)
        return false;
    memset(slots, 0xff, (size_t)size * sizeof *slots); /* EMPTY */
    free(h->slots);
    h->slots = slots;
    h->mask = size - 1;
    h->fill = 0;
    h->finger = 0;
    return true;
}

/* Re-makes the table with size slots: the live entries, packed in insertion order, re-added in the
 * old table's slot order (as Numba's resize re-adds them). */
static bool resize(JitcHash *h, int64_t size)
{
    int64_t *old = h->slots, oldsize = h->mask + 1;
    int64_t *renumber = malloc((size_t)(h->nentries ? h->nentries : 1) * sizeof *renumber);
    int64_t *slots = malloc((size_t)size * sizeof *slots);
    if (!renumber || !slots) {
        free(renumber);
        free(slots);
        return false;
    }
    int64_t n = 0;
    for (int64_t e = 0; e < h->nentries; e++) {
        renumber[e] = entry_live(h, e) ? n : -1;
        if (entry_live(h, e) && n != e)
            memcpy(entry(h, n), entry(h, e), (size_t)h->entsize);
        n += entry_live(h, e);
    }
    h->nentries = n;
    memset(slots, 0xff, (size_t)size * sizeof *slots);
    h->slots = slots;
    h->mask = size - 1;
    h->fill = 0;
    h->finger = 0;
    for (int64_t s = 0; s < oldsize; s++) {
        if (old[s] < 0)
            continue;
        int64_t e = renumber[old[s]];
        bool found;
        int64_t at = lookup(h, entry_key(h, e), entry_hash(h, e), &found);
        h->slots[at] = e;
        h->fill++;
    }
    free(old);
    free(renumber);
    return true;
}

/* Numba's upsize after an add: four times the slots until they are more than twice the items. A
 * table whose slots would all be taken (deleted ones too) is re-made at its size, where Numba's
 * lookup would not end. */
static bool upsize(JitcHash *h)
{
    int64_t size = h->mask + 1, min_entries = h->used << 1;
    if (min_entries >= size) {
        int64_t new_size = size;
        do
            new_size <<= 2;
        while (min_entries >= new_size);
        return resize(h, new_size);
    }
    return h->fill < size - 1 || resize(h, size);
}

/* Numba's downsize after a set's remove: half the slots while they hold twice the items. */
static void downsize(JitcHash *h)
{
    int64_t size = h->mask + 1, min_entries = h->used << 1;
    if (min_entries < MINSIZE)
        min_entries = MINSIZE;
    if ((min_entries << 2) > size || size <= MINSIZE)
        return;
    int64_t new_size = size;
    while (min_entries <= (new_size >> 1))
        new_size >>= 1;
    resize(h, new_size); /* where memory runs out, the larger table stays */
}

/* ---- Python's hash(), as Numba computes it (numba/cpython/hashing.py, after CPython's) ---- */

enum { HASH_BITS = 61 };
static const uint64_t HASH_MODULUS = (1ULL << HASH_BITS) - 1; /* sys.hash_info.modulus */

static int64_t not_minus_one(int64_t x) { return x == -1 ? -2 : x; }

/* An integer: its value modulo 2**61 - 1, with its sign. */
int64_t jitc_rt_hash_int(int64_t v)
{
    uint64_t magnitude = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    int64_t x = (int64_t)(magnitude % HASH_MODULUS);
    return not_minus_one(v < 0 ? -x : x);
}

int64_t jitc_rt_hash_uint(uint64_t v) { return (int64_t)(v % HASH_MODULUS); }

/* CPython's _Py_HashDouble: the value modulo 2**61 - 1 (an integral float hashes as the integer);
 * inf 314159, nan 0 (sys.hash_info, as Numba has them). */
int64_t jitc_rt_hash_float(double v)
{
    if (isinf(v))
        return v > 0 ? 314159 : -314159;
    if (isnan(v))
        return 0;
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    uint64_t x = 0;
    while (m != 0.0) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0; /* 2**28 */
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS)
            x -= HASH_MODULUS;
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    return not_minus_one((int64_t)x * sign);
}

int64_t jitc_rt_hash_complex(double re, double im)
{
    return not_minus_one((int64_t)((uint64_t)jitc_rt_hash_float(re) + 1000003u * (uint64_t)jitc_rt_hash_float(im)));
}

/* A tuple: CPython's xxHash-based tuplehash over its items' hashes, item by item. */
uint64_t jitc_rt_hash_tuple_start(void) { return 2870177450012600261u; }

uint64_t jitc_rt_hash_tuple_add(uint64_t acc, int64_t lane)
{
    acc += (uint64_t)lane * 14029467366897019727u;
    acc = (acc << 31) | (acc >> 33);
    return acc * 11400714785074694791u;
}

int64_t jitc_rt_hash_tuple_end(uint64_t acc, int64_t n)
{
    acc += (uint64_t)n ^ (2870177450012600261u ^ 3527539u);
    return acc == UINT64_MAX ? 1546275796 : (int64_t)acc;
}

/* ---- the functions compiled code calls ---- */

/* The layout of the entries: a table made before its types were known (`{}`, set()) takes it
 * from its first store. */
static void set_layout(JitcHash *h, int64_t flags, int64_t keysize, int64_t valsize, int64_t valmemoff)
{
    h->kind = flags & 1 ? JITC_HASH_SET : JITC_HASH_DICT;
    h->strkey = (flags & 2) != 0;
    h->keysize = keysize;
    h->valsize = valsize;
    h->valoff = HEADER + ((keysize + 7) & ~(int64_t)7);
    h->entsize = h->valoff + ((valsize + 7) & ~(int64_t)7);
    h->valmemoff = valmemoff;
}

JitcHash *jitc_rt_hash_new(int64_t flags, int64_t keysize, int64_t valsize, int64_t valmemoff, int64_t nitems,
                           const char *where, JitcErr *err)
{
    JitcHash *h = calloc(1, sizeof *h);
    if (!h)
        return no_memory(err, where);
    h->refs = 1;
    set_layout(h, flags, keysize, valsize, valmemoff);
    if (!alloc_slots(h, slots_for(nitems > 0 ? nitems : 0))) {
        free(h);
        return no_memory(err, where);
    }
    return h;
}

void jitc_rt_hash_retain(JitcHash *h)
{
    if (h)
        atomic_fetch_add_explicit((_Atomic int64_t *)&h->refs, 1, memory_order_relaxed);
}

/* Drops what every entry holds. */
static void drop_entries(JitcHash *h)
{
    if (h->valmemoff == JITC_LIST_ITEM_PLAIN && !h->strkey)
        return;
    for (int64_t e = 0; e < h->nentries; e++)
        if (entry_live(h, e)) {
            drop_value(h, e);
            drop_key(h, e);
        }
}

void jitc_rt_hash_release(JitcHash *h)
{
    if (!h || atomic_fetch_sub_explicit((_Atomic int64_t *)&h->refs, 1, memory_order_acq_rel) != 1)
        return;
    drop_entries(h);
    free(h->slots);
    free(h->entries);
    free(h);
}

int64_t jitc_rt_hash_len(const JitcHash *h) { return h->used; }

static int64_t key_hash(const JitcHash *h, const char *key, int64_t hash) { return h->strkey ? str_hash(key) : hash; }

/* The position of an entry whose slot is s. */
static int64_t position(const JitcHash *h, int64_t s) { return h->kind == JITC_HASH_SET ? s : h->slots[s]; }

int64_t jitc_rt_hash_find(JitcHash *h, char *key, int64_t hash)
{
    bool found;
    int64_t s = lookup(h, key, key_hash(h, key, hash), &found);
    return found ? position(h, s) : -1;
}

static int64_t entry_at(const JitcHash *h, int64_t pos) { return h->kind == JITC_HASH_SET ? h->slots[pos] : pos; }

char *jitc_rt_hash_key(JitcHash *h, int64_t pos) { return entry_key(h, entry_at(h, pos)); }

char *jitc_rt_hash_value(JitcHash *h, int64_t pos) { return entry_value(h, entry_at(h, pos)); }

static bool room_for_entry(JitcHash *h)
{
    if (h->nentries < h->capentries)
        return true;
    int64_t cap = h->capentries ? h->capentries * 2 : 8;
    char *entries = realloc(h->entries, (size_t)(cap * h->entsize));
    if (!entries)
        return false;
    h->entries = entries;
    h->capentries = cap;
    return true;
}

char *jitc_rt_hash_put(JitcHash *h, char *key, int64_t hash, int64_t flags, int64_t keysize, int64_t valsize,
                       int64_t valmemoff, const char *where, JitcErr *err)
{
    if (h->nentries == 0 && h->capentries == 0)
        set_layout(h, flags, keysize, valsize, valmemoff);
    hash = key_hash(h, key, hash);
    bool found;
    int64_t s = lookup(h, key, hash, &found);
    if (found) { /* the key stays, its value is replaced */
        int64_t e = h->slots[s];
        drop_value(h, e);
        return entry_value(h, e);
    }
    if (!room_for_entry(h))
        return no_memory(err, where);
    int64_t e = h->nentries++;
    int64_t *head = (int64_t *)entry(h, e);
    head[0] = hash;
    head[1] = 1;
    memcpy(entry_key(h, e), key, (size_t)h->keysize);
    retain_key(h, e);
    memset(entry_value(h, e), 0, (size_t)h->valsize);
    if (h->slots[s] == EMPTY)
        h->fill++;
    h->slots[s] = e;
    h->used++;
    if (!upsize(h))
        return no_memory(err, where);
    return entry_value(h, entry_at(h, jitc_rt_hash_find(h, key, hash))); /* a resize moves it */
}

int64_t jitc_rt_hash_next(const JitcHash *h, int64_t pos)
{
    if (h->kind == JITC_HASH_SET) {
        for (; pos <= h->mask; pos++)
            if (h->slots[pos] >= 0)
                return pos;
        return -1;
    }
    for (; pos < h->nentries; pos++)
        if (entry_live(h, pos))
            return pos;
    return -1;
}

/* The slot that holds entry e. */
static int64_t slot_of(const JitcHash *h, int64_t e)
{
    bool found;
    return lookup(h, entry_key(h, e), entry_hash(h, e), &found);
}

void jitc_rt_hash_remove(JitcHash *h, int64_t pos, int64_t drop)
{
    if (pos < 0) /* set.discard() of what is not there */
        return;
    int64_t e = entry_at(h, pos), s = h->kind == JITC_HASH_SET ? pos : slot_of(h, e);
    if (drop & 1)
        drop_value(h, e);
    if (drop & 2)
        drop_key(h, e);
    ((int64_t *)entry(h, e))[1] = 0;
    h->slots[s] = DELETED;
    h->used--;
    if (h->kind == JITC_HASH_SET)
        downsize(h);
}

int64_t jitc_rt_hash_pop_position(JitcHash *h)
{
    if (h->kind == JITC_HASH_DICT) { /* the last entry, as dict.popitem() takes it */
        int64_t e = h->nentries - 1;
        while (e >= 0 && !entry_live(h, e))
            e--;
        return e;
    }
    int64_t i = h->finger; /* Numba's _next_entry: the next used slot after the finger */
    do
        i = (i + 1) & h->mask;
    while (h->slots[i] < 0);
    h->finger = i;
    return i;
}

void *jitc_rt_hash_result(const JitcHash *h, int64_t slots)
{
    if (!h || slots < 0 || (slots && h->used > (INT64_MAX / 16 - 1) / slots))
        return NULL;
    int64_t *block = calloc(1, (size_t)(16 + 16 * h->used * slots));
    if (block)
        block[0] = h->used;
    return block;
}

void jitc_rt_hash_clear(JitcHash *h)
{
    drop_entries(h);
    h->nentries = h->used = 0;
    if (!alloc_slots(h, MINSIZE)) { /* where memory runs out, the larger table stays, emptied */
        memset(h->slots, 0xff, (size_t)(h->mask + 1) * sizeof *h->slots);
        h->fill = h->finger = 0;
    }
}

/* A copy holds the same entries: a set with no deleted slot keeps its table as it is, others
 * are re-made for their items (Numba's copy). */
JitcHash *jitc_rt_hash_copy(JitcHash *h, const char *where, JitcErr *err)
{
    JitcHash *c = malloc(sizeof *c);
    if (!c)
        return no_memory(err, where);
    *c = *h;
    c->refs = 1;
    c->capentries = h->nentries ? h->nentries : 1;
    c->entries = malloc((size_t)(c->capentries * h->entsize));
    c->slots = malloc((size_t)(h->mask + 1) * sizeof *c->slots);
    if (!c->entries || !c->slots) {
        free(c->entries);
        free(c->slots);
        free(c);
        return no_memory(err, where);
    }
    if (h->nentries)
        memcpy(c->entries, h->entries, (size_t)(h->nentries * h->entsize));
    memcpy(c->slots, h->slots, (size_t)(h->mask + 1) * sizeof *c->slots);
    for (int64_t e = 0; e < c->nentries; e++)
        if (entry_live(c, e)) {
            retain_value(c, e);
            retain_key(c, e);
        }
    if (c->used != c->fill && !resize(c, slots_for(c->used))) {
        jitc_rt_hash_release(c);
        return no_memory(err, where);
    }
    return c;
}
