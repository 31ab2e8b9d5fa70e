/* result.c — nested values through the generic entry (wrap.c): the layout of a returned tuple
 * of tuples, lists of tuples, arrays and lists, and of tuple arguments.
 *
 * Results. A value takes cg_result_slots(t) 16-byte slots at the entry's ret: a scalar, an
 * array (its DLManagedTensor*), a list or an Optional one; a tuple the slots of its elements,
 * one after the other (flattened: (1, (2.0, 3)) takes three). A list of scalars is a
 * DLManagedTensor* of a 1-d copy (cg_list_export); a list of anything else is a pointer to a
 * block that jitc_rt_list_result allocates: the item count at offset 0, then from offset 16 each
 * item's slots in turn, stored here the same way, to any depth. driver/result.c reads the slots
 * back into jitc_values and frees the blocks. Every array and list stored hands over one
 * reference: the items of a returned list are retained before they are stored, and the list
 * itself released after.
 *
 * Arguments. A tuple argument's args[i] points at an array of pointers, one per element, each
 * as a top-level argument's is: the scalar's slot, the array's DLTensor*, or, for a nested
 * tuple, another such array (driver/call.c fills them).
 *
 * A dict or set is a block as a list of non-scalars is (jitc_rt_hash_result), its entries in the
 * order it iterates them, each its key's slots then (a dict's) its value's. */
#include "cg.h"

#include "jitc.h"

int cg_result_slots(const Type *t)
{
    if (t->kind != TY_TUPLE || t->tag)
        return 1;
    int n = 0;
    for (int k = 0; k < t->n; k++)
        n += cg_result_slots(t->elems[k]);
    return n;
}

bool cg_result_nested(const Type *t)
{
    return (t->kind == TY_TUPLE && !t->tag) || (t->kind == TY_LIST && t->dtype && !ty_is_scalar(t->dtype)) ||
           (ty_is_hash(t) && t->dtype);
}

/* The slots a dict's entry or a set's item takes: its key's, then its value's. */
int cg_hash_entry_slots(const Type *t)
{
    return t->kind == TY_SET ? cg_result_slots(t->dtype) : cg_result_slots(t->keytype) + cg_result_slots(t->dtype);
}

LLVMValueRef cg_byte_offset(CgModule *m, LLVMValueRef p, LLVMValueRef off)
{
    return LLVMBuildGEP2(m->b, m->i8, p, &off, 1, "");
}

static LLVMValueRef call_rt(CgModule *m, RtFnId id, LLVMValueRef *args, unsigned n)
{
    LLVMValueRef f = cg_runtime(m, id);
    return LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, args, n, "");
}

/* Each element at its slots, in order. */
static void store_tuple(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot)
{
    long long at = 0;
    for (int k = 0; k < t->n; k++) {
        LLVMValueRef p = cg_byte_offset(m, slot, LLVMConstInt(m->i64, (unsigned long long)(16 * at), 0));
        cg_store_result(m, LLVMBuildExtractValue(m->b, v, (unsigned)k, ""), t->elems[k], p);
        at += cg_result_slots(t->elems[k]);
    }
}

/* A list of non-scalars: its block in the slot, then a loop storing each item (retained first:
 * the list keeps its own reference until it is released at the end). */
static void store_list_items(CgModule *m, LLVMValueRef list, const Type *t, LLVMValueRef slot)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(m->b));
    const Type *item = t->dtype;
    long long per_item = 16LL * cg_result_slots(item);
    LLVMValueRef args[2] = {list, LLVMConstInt(m->i64, (unsigned long long)cg_result_slots(item), 0)};
    LLVMValueRef block = call_rt(m, RT_FN_jitc_rt_list_result, args, 2);
    LLVMBuildStore(m->b, block, slot);
    LLVMValueRef counter = cg_entry_alloca(m, fn, m->i64, "item");
    LLVMBuildStore(m->b, LLVMConstInt(m->i64, 0, 0), counter);
    LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(m->ctx, fn, "items.head");
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(m->ctx, fn, "items.body");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(m->ctx, fn, "items.done");
    LLVMValueRef count = cg_entry_alloca(m, fn, m->i64, "items");
    LLVMBuildStore(m->b, LLVMConstInt(m->i64, 0, 0), count);
    LLVMBasicBlockRef have = LLVMAppendBasicBlockInContext(m->ctx, fn, "items.have");
    LLVMBuildCondBr(m->b, LLVMBuildIsNotNull(m->b, block, ""), have, done);
    LLVMPositionBuilderAtEnd(m->b, have);
    LLVMBuildStore(m->b, LLVMBuildLoad2(m->b, m->i64, block, "n"), count);
    LLVMBuildBr(m->b, head);
    LLVMPositionBuilderAtEnd(m->b, head);
    LLVMValueRef i = LLVMBuildLoad2(m->b, m->i64, counter, "i");
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSLT, i, LLVMBuildLoad2(m->b, m->i64, count, ""), ""), body, done);
    LLVMPositionBuilderAtEnd(m->b, body);
    LLVMValueRef at_args[2] = {list, i};
    LLVMValueRef p = call_rt(m, RT_FN_jitc_rt_list_item, at_args, 2);
    LLVMValueRef v = LLVMBuildLoad2(m->b, cg_mem_type(m, item), p, "");
    cg_retain(m, fn, v, item);
    LLVMValueRef off = LLVMBuildAdd(m->b, LLVMConstInt(m->i64, 16, 0),
                                    LLVMBuildMul(m->b, i, LLVMConstInt(m->i64, (unsigned long long)per_item, 0), ""), "");
    cg_store_result(m, v, item, cg_byte_offset(m, block, off));
    LLVMBuildStore(m->b, LLVMBuildAdd(m->b, i, LLVMConstInt(m->i64, 1, 0), ""), counter);
    LLVMBuildBr(m->b, head);
    LLVMPositionBuilderAtEnd(m->b, done);
    call_rt(m, RT_FN_jitc_rt_list_release, &list, 1);
}

/* A part of a table's entry as compiled code holds it (a bool is one byte in memory). */
static LLVMValueRef load_part(CgModule *m, LLVMValueRef p, const Type *t)
{
    LLVMValueRef v = LLVMBuildLoad2(m->b, cg_mem_type(m, t), p, "");
    return t->kind == TY_BOOL ? LLVMBuildTrunc(m->b, v, m->i1, "") : v;
}

/* A dict or set: its block in the slot, then a loop over its positions storing each key and
 * value, retained first (the table keeps its own references until it is released at the end). */
static void store_hash_items(CgModule *m, LLVMValueRef h, const Type *t, LLVMValueRef slot)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInsertBlock(m->b));
    const Type *key = t->kind == TY_SET ? t->dtype : t->keytype, *value = t->kind == TY_SET ? NULL : t->dtype;
    long long per = cg_hash_entry_slots(t), key_bytes = 16LL * cg_result_slots(key);
    LLVMValueRef args[2] = {h, LLVMConstInt(m->i64, (unsigned long long)per, 0)};
    LLVMValueRef block = call_rt(m, RT_FN_jitc_rt_hash_result, args, 2);
    LLVMBuildStore(m->b, block, slot);
    LLVMValueRef pos = cg_entry_alloca(m, fn, m->i64, "pos"), index = cg_entry_alloca(m, fn, m->i64, "entry");
    LLVMBuildStore(m->b, LLVMConstInt(m->i64, (unsigned long long)-1, 1), pos);
    LLVMBuildStore(m->b, LLVMConstInt(m->i64, 0, 0), index);
    LLVMBasicBlockRef have = LLVMAppendBasicBlockInContext(m->ctx, fn, "entries.have");
    LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(m->ctx, fn, "entries.head");
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(m->ctx, fn, "entries.body");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(m->ctx, fn, "entries.done");
    LLVMBuildCondBr(m->b, LLVMBuildIsNotNull(m->b, block, ""), have, done);
    LLVMPositionBuilderAtEnd(m->b, have);
    LLVMBuildBr(m->b, head);
    LLVMPositionBuilderAtEnd(m->b, head);
    LLVMValueRef next_args[2] = {h, LLVMBuildAdd(m->b, LLVMBuildLoad2(m->b, m->i64, pos, ""), LLVMConstInt(m->i64, 1, 0), "")};
    LLVMValueRef at = call_rt(m, RT_FN_jitc_rt_hash_next, next_args, 2);
    LLVMBuildStore(m->b, at, pos);
    LLVMBuildCondBr(m->b, LLVMBuildICmp(m->b, LLVMIntSGE, at, LLVMConstInt(m->i64, 0, 0), ""), body, done);
    LLVMPositionBuilderAtEnd(m->b, body);
    LLVMValueRef i = LLVMBuildLoad2(m->b, m->i64, index, "");
    LLVMValueRef off = LLVMBuildAdd(m->b, LLVMConstInt(m->i64, 16, 0),
                                    LLVMBuildMul(m->b, i, LLVMConstInt(m->i64, (unsigned long long)(16 * per), 0), ""), "");
    LLVMValueRef entry = cg_byte_offset(m, block, off), part_args[2] = {h, at};
    LLVMValueRef k = load_part(m, call_rt(m, RT_FN_jitc_rt_hash_key, part_args, 2), key);
    cg_retain(m, fn, k, key); /* a string key: the table keeps its own reference */
    cg_store_result(m, k, key, entry);
    if (value) {
        LLVMValueRef v = load_part(m, call_rt(m, RT_FN_jitc_rt_hash_value, part_args, 2), value);
        cg_retain(m, fn, v, value);
        cg_store_result(m, v, value, cg_byte_offset(m, entry, LLVMConstInt(m->i64, (unsigned long long)key_bytes, 0)));
    }
    LLVMBuildStore(m->b, LLVMBuildAdd(m->b, i, LLVMConstInt(m->i64, 1, 0), ""), index);
    LLVMBuildBr(m->b, head);
    LLVMPositionBuilderAtEnd(m->b, done);
    call_rt(m, RT_FN_jitc_rt_hash_release, &h, 1);
}

void cg_store_nested(CgModule *m, LLVMValueRef v, const Type *t, LLVMValueRef slot)
{
    if (t->kind == TY_TUPLE)
        store_tuple(m, v, t, slot);
    else if (ty_is_hash(t))
        store_hash_items(m, v, t, slot);
    else
        store_list_items(m, v, t, slot);
}
