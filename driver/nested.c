/* nested.c — values that cross jitc_call nested (include/jitc.h): results read back from the
 * generic entry's slots into jitc_values (tuples of tuples, lists of tuples, arrays and lists, to
 * any depth; codegen/result.c lays the slots out; strings copied), jitc_result_free, and tuple,
 * list, dict and set arguments: their types, the pointer arrays the entry reads tuples through,
 * and the JitcList or JitcHash made for the call, its items in codegen's in-memory form
 * (mem_size, mem_memoff: an item may be a tuple of numbers and arrays). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/hash.h"
#include "runtime/list.h"

/* ---- Numba's names of types, for typed lists (ListType[array(float64, 1d, C)]) ---- */

static void put_name(char *buf, size_t cap, size_t *len, const char *s)
{
    size_t n = strlen(s);
    if (*len + n < cap)
        memcpy(buf + *len, s, n + 1);
    *len += n;
}

/* As str() of Numba's type: int64, bool, array(float64, 2d, A), UniTuple(int64 x 2),
 * Tuple(int64, float64), ListType[int64], reflected list(int64). */
static void numba_name(char *buf, size_t cap, size_t *len, const Type *t)
{
    char tmp[64];
    if (ty_is_scalar(t) || t->kind == TY_STR) {
        put_name(buf, cap, len, ty_name(NULL, t));
    } else if (t->kind == TY_ARRAY) {
        snprintf(tmp, sizeof tmp, "%sarray(%s, %dd, %c)", t->readonly ? "readonly " : "", ty_name(NULL, t->dtype),
                 t->ndim, t->layout == 'C' ? 'C' : t->layout == 'F' ? 'F' : 'A');
        put_name(buf, cap, len, tmp);
    } else if (t->kind == TY_DICT) {
        put_name(buf, cap, len, "DictType[");
        numba_name(buf, cap, len, t->keytype);
        put_name(buf, cap, len, ",");
        numba_name(buf, cap, len, t->dtype);
        put_name(buf, cap, len, "]<iv=None>");
    } else if (t->kind == TY_LIST) {
        put_name(buf, cap, len, t->typed_list ? "ListType[" : "reflected list(");
        if (t->dtype)
            numba_name(buf, cap, len, t->dtype);
        else
            put_name(buf, cap, len, "undefined");
        put_name(buf, cap, len, t->typed_list ? "]" : ")");
    } else if (t->kind == TY_TUPLE && t->n > 0 && !t->tag) {
        bool uniform = true;
        for (int k = 1; k < t->n; k++)
            uniform = uniform && t->elems[k] == t->elems[0];
        put_name(buf, cap, len, uniform ? "UniTuple(" : "Tuple(");
        for (int k = 0; k < (uniform ? 1 : t->n); k++) {
            if (k)
                put_name(buf, cap, len, ", ");
            numba_name(buf, cap, len, t->elems[k]);
        }
        snprintf(tmp, sizeof tmp, " x %d)", t->n);
        put_name(buf, cap, len, uniform ? tmp : ")");
    } else {
        put_name(buf, cap, len, t->kind == TY_TUPLE && !t->tag ? "Tuple()" : "?");
    }
}

/* A malloc'd copy of t's Numba name; NULL when out of memory. */
static char *type_name_copy(const Type *t)
{
    size_t len = 0;
    char small[256];
    numba_name(small, sizeof small, &len, t);
    char *s = malloc(len + 1);
    if (s && len < sizeof small)
        memcpy(s, small, len + 1);
    else if (s) {
        size_t again = 0;
        numba_name(s, len + 1, &again, t);
    }
    return s;
}

/* ---- results ---- */

/* Whether a value of type t can be handed out: scalars, arrays, lists of any of these, tuples of
 * them (an Optional inside a tuple: values of up to 64 bits, its flag is at byte 8). */
static bool value_supported(const Type *t)
{
    if (ty_is_scalar(t) || t->kind == TY_ARRAY || t->kind == TY_STR || ty_is_none_type(t)) /* None in a tuple */
        return true;
    if (ty_is_optional(t)) /* its value in 8 bytes: a scalar of up to 64 bits, or a pointer */
        return ty_is_scalar(t->elems[0]) ? ty_bits(t->elems[0]) <= 64
                                           : t->elems[0]->kind != TY_TUPLE && value_supported(t->elems[0]);
    if (t->kind == TY_LIST)
        return t->dtype && !ty_is_optional(t->dtype) && value_supported(t->dtype);
    if (t->kind == TY_SET)
        return t->dtype && value_supported(t->dtype);
    if (t->kind == TY_DICT)
        return t->keytype && value_supported(t->keytype) && !ty_is_optional(t->dtype) && value_supported(t->dtype);
    if (t->kind != TY_TUPLE || t->tag)
        return false;
    for (int k = 0; k < t->n; k++)
        if (!value_supported(t->elems[k]))
            return false;
    return true;
}

bool drv_result_supported(const Type *t, bool top, char *msg, size_t n)
{
    bool ok;
    if (t->kind == TY_COMPTIME) { /* `return inner` (builder/build_closure.c) */
        snprintf(msg, n, "it returns %s, which cannot be returned through the C API (Numba returns "
                         "its dispatcher): call the function it returns in compiled code", t->name);
        return false;
    }
    if (!top)
        ok = value_supported(t);
    else if (t->kind == TY_NONE || ty_is_range(t))
        ok = true; /* None; a range comes back as its (start, stop, step) */
    else if (ty_is_optional(t))
        ok = ty_is_scalar(t->elems[0]) || value_supported(t->elems[0]);
    else
        ok = (t->kind != TY_TUPLE || t->n <= JITC_MAX_TUPLE) && value_supported(t);
    if (!ok)
        snprintf(msg, n, "results of this type cannot be returned through the C API yet (scalars, arrays, lists "
                         "and tuples of them, nested, can; a returned tuple has at most %d elements)", JITC_MAX_TUPLE);
    return ok;
}

static void discard_slots(const uint64_t *slot, const Type *t);

/* A list block's item slots, released: what the slots hold, then the block. */
static void discard_block(uint64_t *block, const Type *item)
{
    if (!block)
        return;
    int per = cg_result_slots(item);
    for (int64_t i = 0; i < (int64_t)block[0]; i++)
        discard_slots(block + 2 + 2 * per * i, item);
    free(block);
}

/* A dict's or set's block, released as a list block's is. */
static void discard_hash_block(uint64_t *block, const Type *t)
{
    if (!block)
        return;
    int per = cg_hash_entry_slots(t);
    for (int64_t i = 0; i < (int64_t)block[0]; i++) {
        const uint64_t *entry = block + 2 + 2 * per * i;
        discard_slots(entry, t->kind == TY_SET ? t->dtype : t->keytype);
        if (t->kind == TY_DICT)
            discard_slots(entry + 2 * cg_result_slots(t->keytype), t->dtype);
    }
    free(block);
}

/* Releases what a value's slots hold without reading it (when memory ran out on the way). */
static void discard_slots(const uint64_t *slot, const Type *t)
{
    if (ty_is_hash(t)) {
        discard_hash_block((uint64_t *)(uintptr_t)*slot, t);
    } else if (t->kind == TY_TUPLE && !t->tag) {
        for (int k = 0, at = 0; k < t->n; at += cg_result_slots(t->elems[k]), k++)
            discard_slots(slot + 2 * at, t->elems[k]);
    } else if (ty_is_optional(t)) { /* its value where its flag (byte 8) says it has one */
        if (drv_read_scalar(slot + 1, t->elems[1]).b)
            discard_slots(slot, t->elems[0]);
    } else if (cg_result_nested(t)) {
        discard_block((uint64_t *)(uintptr_t)*slot, t->dtype);
    } else if (t->kind == TY_STR) {
        rt_str_release((const JitcStr *)(uintptr_t)*slot);
    } else if (t->kind == TY_ARRAY || t->kind == TY_LIST) {
        DLManagedTensor *owner = (DLManagedTensor *)(uintptr_t)*slot;
        if (owner)
            owner->deleter(owner);
    }
}


/* A returned string (JITC_STR): a copy of its JitcStr's text, owned by the result (the
 * reference the call returned is dropped); false when memory ran out. */
static bool read_str(const uint64_t *slot, jitc_value *v)
{
    const JitcStr *s = (const JitcStr *)(uintptr_t)*slot;
    char *copy = s ? malloc((size_t)s->nbytes + 1) : NULL;
    if (copy)
        memcpy(copy, s->text, (size_t)s->nbytes + 1);
    rt_str_release(s);
    *v = (jitc_value){.kind = JITC_STR, .str = copy};
    return copy != NULL;
}

/* The elements of a tuple at slot into v->items; false when some part did not make it. */
static bool read_tuple(const uint64_t *slot, const Type *t, jitc_value *v)
{
    *v = (jitc_value){.kind = JITC_TUPLE, .items = calloc((size_t)(t->n ? t->n : 1), sizeof(jitc_value))};
    if (!v->items) {
        discard_slots(slot, t);
        return false;
    }
    v->nitems = t->n;
    bool whole = true;
    for (int k = 0, at = 0; k < t->n; at += cg_result_slots(t->elems[k]), k++)
        whole &= drv_read_value(slot + 2 * at, t->elems[k], &v->items[k]);
    return whole;
}

/* A list of non-scalars from its block (freed here). */
static bool read_list(const uint64_t *slot, const Type *t, jitc_value *v)
{
    uint64_t *block = (uint64_t *)(uintptr_t)*slot;
    *v = (jitc_value){.kind = t->typed_list ? JITC_TYPED_LIST : JITC_LIST};
    if (!block)
        return false;
    int64_t n = (int64_t)block[0];
    int per = cg_result_slots(t->dtype);
    v->items = calloc((size_t)(n ? n : 1), sizeof(jitc_value));
    if (!v->items) {
        discard_block(block, t->dtype);
        return false;
    }
    v->nitems = n;
    bool whole = true;
    for (int64_t i = 0; i < n; i++)
        whole &= drv_read_value(block + 2 + 2 * per * i, t->dtype, &v->items[i]);
    free(block);
    return whole;
}

/* A returned dict (its entries as (key, value) tuples) or set (its items), from its block. */
static bool read_hash(const uint64_t *slot, const Type *t, jitc_value *v)
{
    uint64_t *block = (uint64_t *)(uintptr_t)*slot;
    bool set = t->kind == TY_SET;
    *v = (jitc_value){.kind = set ? JITC_SET : JITC_DICT};
    if (!block)
        return false;
    int64_t n = (int64_t)block[0];
    int per = cg_hash_entry_slots(t);
    v->items = calloc((size_t)(n ? n : 1), sizeof(jitc_value));
    jitc_value *pairs = set ? NULL : calloc((size_t)(2 * n + 1), sizeof(jitc_value));
    if (!v->items || (!set && !pairs)) {
        free(pairs);
        discard_hash_block(block, t);
        return false;
    }
    v->nitems = n;
    bool whole = true;
    for (int64_t i = 0; i < n; i++) {
        const uint64_t *entry = block + 2 + 2 * per * i;
        if (set) {
            whole &= drv_read_value(entry, t->dtype, &v->items[i]);
            continue;
        }
        whole &= drv_read_value(entry, t->keytype, &pairs[2 * i]);
        whole &= drv_read_value(entry + 2 * cg_result_slots(t->keytype), t->dtype, &pairs[2 * i + 1]);
        v->items[i] = (jitc_value){.kind = JITC_TUPLE, .items = calloc(2, sizeof(jitc_value)), .nitems = 2};
        if (v->items[i].items)
            memcpy(v->items[i].items, &pairs[2 * i], 2 * sizeof(jitc_value));
        else {
            v->items[i].nitems = 0;
            whole = false;
        }
    }
    free(pairs);
    free(block);
    return whole;
}

/* One returned value from its slots (codegen/result.c); false when some part did not make it
 * out (memory ran out, or the function raised), and then what did is in v, to be freed. */
bool drv_read_value(const uint64_t *slot, const Type *t, jitc_value *v)
{
    bool whole = true;
    if (ty_is_none_type(t)) /* None in a tuple: nothing stored */
        *v = (jitc_value){.kind = JITC_NONE};
    else if (t->kind == TY_STR)
        whole = read_str(slot, v);
    else if (t->kind == TY_TUPLE && !t->tag)
        whole = read_tuple(slot, t, v);
    else if (ty_is_hash(t))
        whole = read_hash(slot, t, v);
    else if (cg_result_nested(t))
        whole = read_list(slot, t, v);
    else if (ty_is_optional(t)) /* the value, its valid flag at byte 8; None: no value */
        whole = drv_read_scalar(slot + 1, t->elems[1]).b ? drv_read_value(slot, t->elems[0], v) : (*v = (jitc_value){0}, true);
    else if (t->kind != TY_ARRAY && t->kind != TY_LIST)
        *v = drv_read_scalar(slot, t);
    else {
        DLManagedTensor *owner = (DLManagedTensor *)(uintptr_t)*slot;
        *v = (jitc_value){.kind = t->kind != TY_LIST ? JITC_ARRAY : t->typed_list ? JITC_TYPED_LIST : JITC_LIST,
                          .array = owner ? &owner->dl_tensor : NULL, .owner = owner};
        whole = owner != NULL;
    }
    if (v->kind == JITC_TYPED_LIST || v->kind == JITC_DICT)
        whole &= (v->type_name = type_name_copy(t)) != NULL;
    return whole;
}

bool drv_read_result(const Type *t, const uint64_t *ret, jitc_result *r)
{
    if (t->kind == TY_NONE)
        return true;
    if (ty_is_optional(t)) { /* Numba's Optional: its value, or None where not valid */
        if (drv_read_scalar(&ret[2], t->elems[1]).b)
            return drv_read_value(ret, t->elems[0], &r->value);
        discard_slots(ret, t->elems[0]);
        return true;
    }
    if (t->kind != TY_TUPLE)
        return drv_read_value(ret, t, &r->value);
    r->value.kind = JITC_TUPLE;
    memset(r->items, 0, sizeof *r->items * (size_t)t->n); /* what a call resets is the value alone */
    r->nitems = t->n;
    bool whole = true;
    for (int k = 0, at = 0; k < t->n; at += t->tag ? 1 : cg_result_slots(t->elems[k]), k++)
        whole &= drv_read_value(ret + 2 * at, t->elems[k], &r->items[k]);
    return whole;
}

size_t drv_result_bytes(const Type *t)
{
    size_t slots = t->kind == TY_TUPLE && t->tag ? (size_t)t->n : (size_t)cg_result_slots(t);
    return 16 * (slots < 2 ? 2 : slots);
}

void drv_release_value(jitc_value *v)
{
    if (v->kind == JITC_STR) {
        free((char *)v->str);
        v->str = NULL;
    }
    if (v->owner)
        v->owner->deleter(v->owner);
    for (int64_t k = 0; v->items && k < v->nitems; k++)
        drv_release_value(&v->items[k]);
    free(v->items);
    free((char *)v->type_name);
    v->owner = NULL;
    v->array = NULL;
    v->items = NULL;
    v->nitems = 0;
    v->type_name = NULL;
}

void jitc_result_free(jitc_result *r)
{
    if (!r)
        return;
    drv_release_value(&r->value);
    for (int k = 0; k < r->nitems && k < JITC_MAX_TUPLE; k++) /* the items a tuple result filled */
        drv_release_value(&r->items[k]);
}

/* ---- tuple arguments ---- */

enum { DRV_MAX_TUPLE_ARG = 64 }; /* elements of a tuple argument, as of a tuple display */

const Type *drv_tuple_type(Program *p, const jitc_value *v, char *msg, size_t n, int i)
{
    if (!p || v->nitems < 0 || v->nitems > DRV_MAX_TUPLE_ARG || (v->nitems && !v->items)) {
        if (p)
            snprintf(msg, n, "argument %d: a tuple of at most %d items (and items unless empty)", i + 1, DRV_MAX_TUPLE_ARG);
        else
            snprintf(msg, n, "argument %d: a tuple cannot be passed here", i + 1);
        return NULL;
    }
    const Type *elems[DRV_MAX_TUPLE_ARG];
    for (int k = 0; k < v->nitems; k++) {
        jitc_kind kind = v->items[k].kind;
        if (kind == JITC_LIST || kind == JITC_TYPED_LIST || kind == JITC_DICT || kind == JITC_SET) {
            snprintf(msg, n, "argument %d: a tuple holding a list cannot be passed", i + 1);
            return NULL;
        }
        if (!(elems[k] = drv_value_type(p, &v->items[k], false, msg, n, i)))
            return NULL;
    }
    return ty_tuple(&p->types, elems, (int)v->nitems);
}

/* ---- list arguments ---- */

const Type *drv_list_type(Program *p, const jitc_value *v, char *msg, size_t n, int i)
{
    if (!p || v->nitems < 1 || !v->items) {
        snprintf(msg, n, p ? "argument %d: a list of at least one item (its items give its type)"
                           : "argument %d: a list cannot be passed here", i + 1);
        return NULL;
    }
    const Type *item = NULL;
    for (int64_t k = 0; k < v->nitems; k++) {
        const Type *t = drv_value_type(p, &v->items[k], false, msg, n, i);
        if (!t)
            return NULL;
        if (!ty_is_scalar(t) && t->kind != TY_ARRAY && t->kind != TY_STR) {
            snprintf(msg, n, "argument %d: a list of numbers, strings or arrays (its items are %s)", i + 1,
                     ty_name(p->arena, t));
            return NULL;
        }
        const Type *u = item ? ty_unify(&p->types, item, t) : t;
        if (!u) {
            snprintf(msg, n, "argument %d: a list whose items have one type (%s and %s)", i + 1, ty_name(p->arena, item),
                     ty_name(p->arena, t));
            return NULL;
        }
        item = u;
    }
    return ty_list(&p->types, item, v->kind == JITC_TYPED_LIST);
}

/* An array item as compiled code holds it: data, shape, strides in bytes, and no JitcMem (the
 * caller's memory, which the list does not own). */
void drv_fill_array_item(char *slot, const DLTensor *d)
{
    char *data = (char *)d->data + d->byte_offset;
    int64_t *shape = (int64_t *)(slot + 8), *strides = shape + d->ndim, elem = (d->dtype.bits + 7) / 8, step = elem;
    memcpy(slot, &data, sizeof data);
    for (int k = d->ndim - 1; k >= 0; k--) {
        shape[k] = d->shape[k];
        strides[k] = d->strides ? d->strides[k] * elem : step;
        step *= d->shape[k];
    }
    memset(slot + 8 + 16 * d->ndim, 0, sizeof(void *));
}

/* The in-memory form of a list item or dict value of type t, as codegen lays it out (cg_mem_type,
 * LLVM's data layout): an array is {data, shape[ndim], strides[ndim], JitcMem*}, a tuple a struct
 * of its items, each at a multiple of its alignment, as C lays out a struct. */
static int64_t mem_align(const Type *t)
{
    if (t->kind == TY_ARRAY || t->kind == TY_STR)
        return 8;
    if (t->kind != TY_TUPLE)
        return ty_is_complex(t) ? ty_size(t) / 2 : ty_size(t);
    int64_t align = 1;
    for (int k = 0; k < t->n; k++)
        align = mem_align(t->elems[k]) > align ? mem_align(t->elems[k]) : align;
    return align;
}

/* The size of t's in-memory form; offsets[k] (where not NULL) gets a tuple's item k's offset. */
int64_t drv_mem_size(const Type *t, int64_t *offsets)
{
    if (t->kind == TY_ARRAY)
        return 16 + 16LL * t->ndim;
    if (t->kind == TY_STR) /* its JitcStr* */
        return 8;
    if (t->kind != TY_TUPLE)
        return ty_size(t);
    int64_t at = 0, align = mem_align(t);
    for (int k = 0; k < t->n; k++) {
        int64_t a = mem_align(t->elems[k]);
        at = (at + a - 1) / a * a;
        if (offsets)
            offsets[k] = at;
        at += drv_mem_size(t->elems[k], NULL);
    }
    return (at + align - 1) / align * align;
}

/* Where an item of type t holds its arrays' JitcMem*s, as codegen's cg_item_memoff says. */
static int64_t mem_memoff(const Type *t)
{
    if (t->kind == TY_ARRAY)
        return 8 + 16LL * t->ndim;
    if (t->kind == TY_STR)
        return JITC_LIST_ITEM_STR;
    if (t->kind != TY_TUPLE || !ty_holds_arrays(t))
        return JITC_LIST_ITEM_PLAIN;
    int64_t offsets[DRV_MAX_TUPLE_ARG];
    uint64_t mask = 0;
    drv_mem_size(t, offsets);
    for (int k = 0; k < t->n; k++)
        if (t->elems[k]->kind == TY_ARRAY)
            mask |= (uint64_t)1 << ((offsets[k] + mem_memoff(t->elems[k])) / 8);
    return JITC_LIST_ITEM_WORDS(mask);
}

/* Writes value v of type t (a number, a string, an array, a tuple of numbers and arrays) in its
 * in-memory form at slot; a string is the caller's text as a JitcStr in a, for the call's duration. */
static void fill_item(Arena *a, char *slot, const jitc_value *v, const Type *t)
{
    if (t->kind == TY_ARRAY) {
        drv_fill_array_item(slot, v->array);
    } else if (t->kind == TY_STR) {
        const JitcStr *s = drv_str_argument(a, v->str);
        memcpy(slot, &s, sizeof s);
    } else if (t->kind == TY_TUPLE) {
        int64_t offsets[DRV_MAX_TUPLE_ARG];
        drv_mem_size(t, offsets);
        for (int k = 0; k < t->n; k++)
            fill_item(a, slot + offsets[k], &v->items[k], t->elems[k]);
    } else {
        uint64_t tmp[2] = {0};
        drv_fill_slot(tmp, v, t);
        memcpy(slot, tmp, (size_t)ty_size(t));
    }
}

static JitcList *list_argument(Arena *a, const jitc_value *v, const Type *t)
{
    const Type *item = t->dtype;
    int64_t size = drv_mem_size(item, NULL), memoff = mem_memoff(item);
    JitcErr err = {0};
    JitcList *l = jitc_rt_list_new(v->nitems, size, memoff, "", &err);
    for (int64_t k = 0; l && k < v->nitems; k++) {
        char *slot = jitc_rt_list_open(l, k, size, memoff, "", &err);
        if (!slot) {
            jitc_rt_list_release(l);
            return NULL;
        }
        fill_item(a, slot, &v->items[k], item);
    }
    return l;
}

/* ---- dict arguments ---- */

/* A pair's key (0) or value (1), or NULL where v is not a (key, value) pair. */
static const jitc_value *pair_part(const jitc_value *v, int k)
{
    return v->kind == JITC_TUPLE && v->nitems == 2 && v->items ? &v->items[k] : NULL;
}

/* A dict value compiled code holds (cpython/build_dict.c): a number, an array, or a tuple of
 * numbers and arrays whose arrays' JitcMem*s lie in the words JITC_LIST_ITEM_WORDS can name. */
static bool dict_value_ok(const Type *t)
{
    if (ty_is_scalar(t) || t->kind == TY_ARRAY || t->kind == TY_STR)
        return true;
    if (t->kind != TY_TUPLE || t->tag)
        return false;
    for (int k = 0; k < t->n; k++)
        if (!ty_is_scalar(t->elems[k]) && t->elems[k]->kind != TY_ARRAY)
            return false;
    return drv_mem_size(t, NULL) <= 8 * JITC_LIST_ITEM_MAX_WORDS;
}

const Type *drv_dict_type(Program *p, const jitc_value *v, char *msg, size_t n, int i)
{
    if (!p || v->nitems < 1 || !v->items) {
        snprintf(msg, n, p ? "argument %d: a dict of at least one item (its items give its types)"
                           : "argument %d: a dict cannot be passed here", i + 1);
        return NULL;
    }
    const Type *key = NULL, *value = NULL;
    for (int64_t k = 0; k < v->nitems; k++) {
        const jitc_value *kv = pair_part(&v->items[k], 0), *vv = pair_part(&v->items[k], 1);
        if (!kv) {
            snprintf(msg, n, "argument %d: a dict's items are (key, value) pairs", i + 1);
            return NULL;
        }
        const Type *kt = drv_value_type(p, kv, false, msg, n, i), *vt = kt ? drv_value_type(p, vv, false, msg, n, i) : NULL;
        if (!vt)
            return NULL;
        if (((!ty_is_real(kt) || kt->kind == TY_FLOAT16) && kt->kind != TY_STR) || !dict_value_ok(vt)) {
            snprintf(msg, n, "argument %d: a dict of number or string keys and values that are numbers, strings, "
                             "arrays or tuples of numbers and arrays", i + 1);
            return NULL;
        }
        key = key ? ty_unify(&p->types, key, kt) : kt;
        value = value ? ty_unify(&p->types, value, vt) : vt;
        if (!key || !value) {
            snprintf(msg, n, "argument %d: a dict whose keys have one type and whose values have one type", i + 1);
            return NULL;
        }
    }
    return ty_dict(&p->types, key, value);
}

/* Python's hash() of a number key of type t, as compiled code computes it (runtime/hash.c). */
static int64_t key_hash(const uint64_t *slot, const Type *t)
{
    jitc_value x = drv_read_scalar(slot, t);
    if (ty_is_float(t))
        return jitc_rt_hash_float(t->kind == TY_FLOAT32 ? x.f32 : x.f64);
    if (ty_is_unsigned(t))
        return jitc_rt_hash_uint(x.u);
    return jitc_rt_hash_int(ty_is_bool(t) ? x.b : x.i);
}

/* A string key (flag 2) is its JitcStr*, which the table hashes and compares by its text. */
static JitcHash *dict_argument(Arena *a, const jitc_value *v, const Type *t)
{
    const Type *value = t->dtype;
    bool strkey = t->keytype->kind == TY_STR;
    int64_t valsize = drv_mem_size(value, NULL), memoff = mem_memoff(value), keysize = drv_mem_size(t->keytype, NULL);
    int64_t flags = strkey ? 2 : 0;
    JitcErr err = {0};
    JitcHash *h = jitc_rt_hash_new(flags, keysize, valsize, memoff, v->nitems, "", &err);
    for (int64_t k = 0; h && k < v->nitems; k++) {
        uint64_t key[2] = {0};
        if (strkey)
            fill_item(a, (char *)key, pair_part(&v->items[k], 0), t->keytype);
        else
            drv_fill_slot(key, pair_part(&v->items[k], 0), t->keytype);
        int64_t hash = strkey ? 0 : key_hash(key, t->keytype);
        char *slot = jitc_rt_hash_put(h, (char *)key, hash, flags, keysize, valsize, memoff, "", &err);
        if (!slot) {
            jitc_rt_hash_release(h);
            return NULL;
        }
        fill_item(a, slot, pair_part(&v->items[k], 1), value);
    }
    return h;
}

/* ---- set arguments ---- */

const Type *drv_set_type(Program *p, const jitc_value *v, char *msg, size_t n, int i)
{
    if (!p || v->nitems < 1 || !v->items) {
        snprintf(msg, n, p ? "argument %d: a set of at least one item (its items give its type)"
                           : "argument %d: a set cannot be passed here", i + 1);
        return NULL;
    }
    const Type *item = NULL;
    for (int64_t k = 0; k < v->nitems; k++) {
        const Type *t = drv_value_type(p, &v->items[k], false, msg, n, i);
        if (!t)
            return NULL;
        if (!ty_is_real(t) || t->kind == TY_FLOAT16) {
            snprintf(msg, n, "argument %d: a set of numbers (its items are %s)", i + 1, ty_name(p->arena, t));
            return NULL;
        }
        if (!(item = item ? ty_unify(&p->types, item, t) : t)) {
            snprintf(msg, n, "argument %d: a set whose items have one type", i + 1);
            return NULL;
        }
    }
    return ty_set(&p->types, item);
}

static JitcHash *set_argument(const jitc_value *v, const Type *t)
{
    int64_t keysize = ty_size(t->dtype);
    JitcErr err = {0};
    JitcHash *h = jitc_rt_hash_new(1, keysize, 0, JITC_LIST_ITEM_PLAIN, v->nitems, "", &err);
    for (int64_t k = 0; h && k < v->nitems; k++) {
        uint64_t key[2] = {0};
        drv_fill_slot(key, &v->items[k], t->dtype);
        if (!jitc_rt_hash_put(h, (char *)key, key_hash(key, t->dtype), 1, keysize, 0, JITC_LIST_ITEM_PLAIN, "", &err)) {
            jitc_rt_hash_release(h);
            return NULL;
        }
    }
    return h;
}

void drv_release_arguments(void *const *ptrs, const Type *const *params, int n)
{
    for (int i = 0; i < n; i++) {
        if (params[i]->kind == TY_LIST && ptrs[i])
            jitc_rt_list_release(*(JitcList *const *)ptrs[i]);
        if (ty_is_hash(params[i]) && ptrs[i])
            jitc_rt_hash_release(*(JitcHash *const *)ptrs[i]);
    }
}

void *drv_argument_pointer(Arena *a, const jitc_value *v, const Type *t)
{
    if (v->kind == JITC_ARRAY)
        return v->array;
    if (t->kind == TY_LIST) {
        JitcList **slot = arena_alloc(a, 16);
        *slot = list_argument(a, v, t);
        return *slot ? slot : NULL;
    }
    if (ty_is_hash(t)) {
        JitcHash **slot = arena_alloc(a, 16);
        *slot = t->kind == TY_DICT ? dict_argument(a, v, t) : set_argument(v, t);
        return *slot ? slot : NULL;
    }
    if (v->kind == JITC_STR) { /* its JitcStr, for the call's duration */
        uint64_t *slot = arena_alloc(a, 16);
        *slot = (uint64_t)(uintptr_t)drv_str_argument(a, v->str);
        return slot;
    }
    if (t->kind != TY_TUPLE) {
        void *slot = arena_alloc(a, 16);
        drv_fill_slot(slot, v, t);
        return slot;
    }
    if (ty_is_generator(t)) { /* the address of the caller's words, which the draws advance */
        void **items = arena_alloc(a, sizeof *items);
        uint64_t *slot = arena_alloc(a, 16);
        *slot = (uint64_t)(uintptr_t)v->generator->words;
        items[0] = slot;
        return items;
    }
    void **items = arena_alloc(a, sizeof *items * (size_t)(t->n ? t->n : 1));
    for (int k = 0; k < t->n; k++)
        items[k] = drv_argument_pointer(a, &v->items[k], t->elems[k]);
    return items;
}
