/* hash.c — lowers IR_HASH, the dicts and sets of host code (cpython/build_dict.c), into calls of
 * runtime/hash.c.
 *
 * A dict or set is a JitcHash* (cg_type: ptr). Keys cross to the runtime as bytes: the key's
 * in-memory LLVM form in a zeroed slot, compared by their bytes as Numba's typed dict compares
 * them (0.0 and -0.0 are two keys there; a string key is its JitcStr pointer, which the runtime
 * compares by its text). Values are stored as list items are (list.c): a value that is an array owns one
 * reference to its JitcMem, a list one reference to the list. Locals own references to tables as
 * they do to arrays (arrays.c calls lw_hash_refs). */
#include "lower.h"

static LLVMValueRef i64c(CgModule *m, long long v) { return LLVMConstInt(m->i64, (unsigned long long)v, 1); }

static LLVMValueRef rt(Lower *L, RtFnId id, LLVMValueRef *args, int n)
{
    return lw_call(L, cg_runtime(L->m, id), args, n, "");
}

void lw_hash_refs(Lower *L, LLVMValueRef table, bool acquire)
{
    rt(L, acquire ? RT_FN_jitc_rt_hash_retain : RT_FN_jitc_rt_hash_release, &table, 1);
}

/* Python's hash() of v (runtime/hash.c), int64. */
static LLVMValueRef hash_value(Lower *L, LLVMValueRef v, const Type *t)
{
    CgModule *m = L->m;
    if (t->kind == TY_STR)
        return i64c(m, 0);
    if (t->kind == TY_TUPLE) {
        LLVMValueRef acc = rt(L, RT_FN_jitc_rt_hash_tuple_start, NULL, 0);
        for (int k = 0; k < t->n; k++) {
            LLVMValueRef args[2] = {acc, hash_value(L, LLVMBuildExtractValue(L->b, v, (unsigned)k, ""), t->elems[k])};
            acc = rt(L, RT_FN_jitc_rt_hash_tuple_add, args, 2);
        }
        LLVMValueRef args[2] = {acc, i64c(m, t->n)};
        return rt(L, RT_FN_jitc_rt_hash_tuple_end, args, 2);
    }
    if (ty_is_complex(t)) {
        LLVMValueRef args[2] = {LLVMBuildExtractValue(L->b, v, 0, ""), LLVMBuildExtractValue(L->b, v, 1, "")};
        for (int k = 0; k < 2; k++)
            args[k] = LLVMBuildFPExt(L->b, args[k], m->f64, "");
        return rt(L, RT_FN_jitc_rt_hash_complex, args, 2);
    }
    if (ty_is_float(t)) {
        LLVMValueRef x = t->kind == TY_FLOAT64 ? v : LLVMBuildFPExt(L->b, v, m->f64, "");
        return rt(L, RT_FN_jitc_rt_hash_float, &x, 1);
    }
    bool is_unsigned = ty_is_unsigned(t);
    LLVMValueRef x = ty_bits(t) == 64 ? v : is_unsigned || ty_is_bool(t) ? LLVMBuildZExt(L->b, v, m->i64, "")
                                                                           : LLVMBuildSExt(L->b, v, m->i64, "");
    return rt(L, is_unsigned ? RT_FN_jitc_rt_hash_uint : RT_FN_jitc_rt_hash_int, &x, 1);
}

/* The key's bytes: a zeroed slot of the entry block holding it. */
static LLVMValueRef key_bytes(Lower *L, LLVMValueRef key, const Type *t)
{
    CgModule *m = L->m;
    LLVMTypeRef mt = cg_mem_type(m, t);
    LLVMValueRef slot = cg_entry_alloca(m, L->fn, mt, "key");
    LLVMBuildStore(L->b, LLVMConstNull(mt), slot);
    LLVMValueRef size = i64c(m, cg_item_size(m, t));
    LLVMBuildMemSet(L->b, slot, LLVMConstInt(m->i8, 0, 0), size, 8);
    lw_store_item(L, key, t, slot);
    return slot;
}

/* A table's layout as runtime/hash.c takes it: flags, key size, value size, value's memoff. */
static void layout(CgModule *m, const Type *t, LLVMValueRef out[4])
{
    bool set = t->kind == TY_SET;
    const Type *key = set ? t->dtype : t->keytype, *value = set ? NULL : t->dtype;
    out[0] = i64c(m, (set ? 1 : 0) | (key && key->kind == TY_STR ? 2 : 0));
    out[1] = i64c(m, cg_item_size(m, key));
    out[2] = i64c(m, cg_item_size(m, value));
    out[3] = i64c(m, cg_item_memoff(m, value));
}

static LLVMValueRef lower_new(Lower *L, const IrInstr *in)
{
    LLVMValueRef args[7];
    layout(L->m, ir_type(L->f, in->dst), args);
    args[4] = in->nargs ? L->vals[in->args[0]] : i64c(L->m, 0);
    args[5] = lw_string(L, lw_where(L, in->loc));
    args[6] = L->err;
    LLVMValueRef h = rt(L, RT_FN_jitc_rt_hash_new, args, 7);
    lw_propagate(L);
    return h;
}

static const Type *key_type(const Type *t) { return t->kind == TY_SET ? t->dtype : t->keytype; }

static void lower_put(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->args[0]);
    LLVMValueRef args[9] = {L->vals[in->args[0]], key_bytes(L, L->vals[in->args[1]], key_type(t)), L->vals[in->args[2]]};
    layout(L->m, t, args + 3);
    args[7] = lw_string(L, lw_where(L, in->loc));
    args[8] = L->err;
    LLVMValueRef p = rt(L, RT_FN_jitc_rt_hash_put, args, 9);
    lw_propagate(L);
    if (t->kind == TY_DICT) {
        LLVMValueRef v = L->vals[in->args[3]];
        lw_retain(L, v, t->dtype);
        lw_store_item(L, v, t->dtype, p);
    }
}

static LLVMValueRef lower_find(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->args[0]);
    LLVMValueRef args[3] = {L->vals[in->args[0]], key_bytes(L, L->vals[in->args[1]], key_type(t)), L->vals[in->args[2]]};
    return rt(L, RT_FN_jitc_rt_hash_find, args, 3);
}

static LLVMValueRef lower_copy(Lower *L, const IrInstr *in)
{
    LLVMValueRef args[3] = {L->vals[in->args[0]], lw_string(L, lw_where(L, in->loc)), L->err};
    LLVMValueRef h = rt(L, RT_FN_jitc_rt_hash_copy, args, 3);
    lw_propagate(L);
    return h;
}

static LLVMValueRef two_args(Lower *L, const IrInstr *in, RtFnId id)
{
    LLVMValueRef args[2] = {L->vals[in->args[0]], L->vals[in->args[1]]};
    return rt(L, id, args, 2);
}

LLVMValueRef lw_hash(Lower *L, const IrInstr *in)
{
    const Type *t = in->nargs ? ir_type(L->f, in->args[0]) : NULL;
    switch ((IrHash)in->sub) {
    case HSH_NEW: return lower_new(L, in);
    case HSH_LEN: return rt(L, RT_FN_jitc_rt_hash_len, &L->vals[in->args[0]], 1);
    case HSH_FIND: return lower_find(L, in);
    case HSH_PUT: lower_put(L, in); return NULL;
    case HSH_NEXT: return two_args(L, in, RT_FN_jitc_rt_hash_next);
    case HSH_KEY: return lw_load_item(L, two_args(L, in, RT_FN_jitc_rt_hash_key), key_type(t));
    case HSH_VALUE: return lw_load_item(L, two_args(L, in, RT_FN_jitc_rt_hash_value), t->dtype);
    case HSH_REMOVE: {
        LLVMValueRef args[3] = {L->vals[in->args[0]], L->vals[in->args[1]], L->vals[in->args[2]]};
        rt(L, RT_FN_jitc_rt_hash_remove, args, 3);
        return NULL;
    }
    case HSH_POP_POS: return rt(L, RT_FN_jitc_rt_hash_pop_position, &L->vals[in->args[0]], 1);
    case HSH_CLEAR: rt(L, RT_FN_jitc_rt_hash_clear, &L->vals[in->args[0]], 1); return NULL;
    case HSH_COPY: return lower_copy(L, in);
    case HSH_RETYPE: return L->vals[in->args[0]];
    case HSH_HASH: return hash_value(L, L->vals[in->args[0]], t);
    }
    return NULL;
}
