/* list.c — lowers IR_LIST, the lists of host code, into calls of runtime/list.c.
 *
 * A list is a JitcList* (cg_type: ptr). Its items are stored in the list's buffer in their
 * in-memory LLVM form (cg_mem_type: a bool is one byte), itemsize bytes apart (the type's ABI
 * size). An item that is an array owns one reference to its JitcMem (at byte offset memoff in the
 * item); an item that is a list owns one reference to it. Locals own references to lists as they
 * do to arrays (arrays.c calls lw_list_refs). */
#include "lower.h"

#include "runtime/list.h"

static LLVMValueRef i64c(CgModule *m, long long v) { return LLVMConstInt(m->i64, (unsigned long long)v, 1); }

static LLVMTypeRef item_type(CgModule *m, const Type *item) { return cg_mem_type(m, item); }

long long cg_item_size(CgModule *m, const Type *item)
{
    if (!item)
        return 0;
    return (long long)LLVMABISizeOfType(LLVMGetModuleDataLayout(m->mod), item_type(m, item));
}

/* Where an item holds the reference it owns (JITC_LIST_ITEM_*, or an array's JitcMem offset). */
long long cg_item_memoff(CgModule *m, const Type *item)
{
    if (!item || !ty_holds_arrays(item))
        return JITC_LIST_ITEM_PLAIN;
    if (item->kind == TY_LIST)
        return JITC_LIST_ITEM_LIST;
    if (item->kind == TY_STR)
        return JITC_LIST_ITEM_STR;
    LLVMTargetDataRef dl = LLVMGetModuleDataLayout(m->mod);
    if (item->kind == TY_TUPLE) { /* of numbers and arrays (build_dict.c): the words of their JitcMem*s */
        uint64_t mask = 0;
        for (int k = 0; k < item->n; k++)
            if (item->elems[k]->kind == TY_ARRAY) {
                unsigned long long at = LLVMOffsetOfElement(dl, item_type(m, item), (unsigned)k) +
                                        LLVMOffsetOfElement(dl, item_type(m, item->elems[k]), 3);
                mask |= (uint64_t)1 << (at / 8);
            }
        return JITC_LIST_ITEM_WORDS(mask);
    }
    return (long long)LLVMOffsetOfElement(dl, item_type(m, item), 3); /* an array */
}

static LLVMValueRef rt(Lower *L, RtFnId id, LLVMValueRef *args, int n)
{
    return lw_call(L, cg_runtime(L->m, id), args, n, "");
}

void lw_list_refs(Lower *L, LLVMValueRef list, bool acquire)
{
    rt(L, acquire ? RT_FN_jitc_rt_list_retain : RT_FN_jitc_rt_list_release, &list, 1);
}

LLVMValueRef lw_load_item(Lower *L, LLVMValueRef p, const Type *item)
{
    LLVMValueRef v = LLVMBuildLoad2(L->b, item_type(L->m, item), p, "");
    return item->kind == TY_BOOL ? LLVMBuildTrunc(L->b, v, L->m->i1, "") : v;
}

void lw_store_item(Lower *L, LLVMValueRef v, const Type *item, LLVMValueRef p)
{
    if (item->kind == TY_BOOL)
        v = LLVMBuildZExt(L->b, v, L->m->i8, "");
    LLVMBuildStore(L->b, v, p);
}

static LLVMValueRef item_address(Lower *L, const IrInstr *in)
{
    LLVMValueRef args[2] = {L->vals[in->args[0]], L->vals[in->args[1]]};
    return rt(L, RT_FN_jitc_rt_list_item, args, 2);
}

static LLVMValueRef lower_new(Lower *L, const IrInstr *in)
{
    const Type *item = ir_type(L->f, in->dst)->dtype;
    LLVMValueRef args[5] = {in->nargs ? L->vals[in->args[0]] : i64c(L->m, 0), i64c(L->m, cg_item_size(L->m, item)),
                            i64c(L->m, cg_item_memoff(L->m, item)), lw_string(L, lw_where(L, in->loc)), L->err};
    LLVMValueRef l = rt(L, RT_FN_jitc_rt_list_new, args, 5);
    lw_propagate(L);
    return l;
}

static void lower_set(Lower *L, const IrInstr *in, const Type *item)
{
    LLVMValueRef p = item_address(L, in), v = L->vals[in->args[2]];
    lw_retain(L, v, item);
    LLVMValueRef old = lw_load_item(L, p, item);
    lw_store_item(L, v, item, p);
    lw_release(L, old, item);
}

static void lower_insert(Lower *L, const IrInstr *in, const Type *item)
{
    LLVMValueRef v = L->vals[in->args[2]];
    LLVMValueRef args[6] = {L->vals[in->args[0]], L->vals[in->args[1]], i64c(L->m, cg_item_size(L->m, item)),
                            i64c(L->m, cg_item_memoff(L->m, item)), lw_string(L, lw_where(L, in->loc)), L->err};
    LLVMValueRef p = rt(L, RT_FN_jitc_rt_list_open, args, 6);
    lw_propagate(L);
    lw_retain(L, v, item);
    lw_store_item(L, v, item, p);
}

LLVMValueRef cg_list_export(CgModule *m, LLVMValueRef list, const Type *lt, int code)
{
    LLVMValueRef f = cg_runtime(m, RT_FN_jitc_rt_list_export);
    LLVMValueRef args[4] = {list, i64c(m, cg_item_size(m, lt->dtype)), LLVMConstInt(m->i32, (unsigned)code, 0),
                            LLVMConstInt(m->i32, (unsigned)ty_size(lt->dtype) * 8, 0)};
    return LLVMBuildCall2(m->b, LLVMGlobalGetValueType(f), f, args, 4, "");
}

/* A new 1-d C-contiguous array of the list's items (np.array(list), returned lists). */
static LLVMValueRef lower_to_array(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    const Type *lt = ir_type(L->f, in->args[0]), *at = ir_type(L->f, in->dst);
    LLVMValueRef list = L->vals[in->args[0]];
    LLVMValueRef args[4] = {list, i64c(m, cg_item_size(m, lt->dtype)), lw_string(L, lw_where(L, in->loc)), L->err};
    LLVMValueRef mem = rt(L, RT_FN_jitc_rt_list_to_mem, args, 4);
    lw_propagate(L);
    LLVMValueRef data = LLVMBuildLoad2(L->b, m->ptr, LLVMBuildStructGEP2(L->b, m->mem_type, mem, RT_MEM_data, ""), "");
    LLVMValueRef n = rt(L, RT_FN_jitc_rt_list_len, &list, 1);
    LLVMTypeRef dims = LLVMArrayType2(m->i64, 1);
    LLVMValueRef shape = LLVMBuildInsertValue(L->b, LLVMGetUndef(dims), n, 0, "");
    LLVMValueRef strides = LLVMBuildInsertValue(L->b, LLVMGetUndef(dims), i64c(m, ty_size(at->dtype)), 0, "");
    LLVMValueRef arr = LLVMBuildInsertValue(L->b, LLVMGetUndef(cg_type(m, at)), data, 0, "");
    arr = LLVMBuildInsertValue(L->b, arr, shape, 1, "");
    arr = LLVMBuildInsertValue(L->b, arr, strides, 2, "");
    return LLVMBuildInsertValue(L->b, arr, mem, 3, "");
}

LLVMValueRef lw_list(Lower *L, const IrInstr *in)
{
    const Type *lt = in->nargs ? ir_type(L->f, in->args[0]) : NULL;
    switch ((IrList)in->sub) {
    case LST_NEW: return lower_new(L, in);
    case LST_LEN: return rt(L, RT_FN_jitc_rt_list_len, &L->vals[in->args[0]], 1);
    case LST_GET: return lw_load_item(L, item_address(L, in), lt->dtype);
    case LST_SET: lower_set(L, in, lt->dtype); return NULL;
    case LST_INSERT: lower_insert(L, in, lt->dtype); return NULL;
    case LST_DELETE: {
        LLVMValueRef args[3] = {L->vals[in->args[0]], L->vals[in->args[1]], L->vals[in->args[2]]};
        rt(L, RT_FN_jitc_rt_list_delete, args, 3);
        return NULL;
    }
    case LST_RETYPE: return L->vals[in->args[0]];
    case LST_TO_ARRAY: return lower_to_array(L, in);
    case LST_ALLOCATED: return rt(L, RT_FN_jitc_rt_list_allocated, &L->vals[in->args[0]], 1);
    case LST_MUTABLE: {
        LLVMValueRef flag = rt(L, RT_FN_jitc_rt_list_is_mutable, &L->vals[in->args[0]], 1);
        return LLVMBuildICmp(L->b, LLVMIntNE, flag, i64c(L->m, 0), "");
    }
    case LST_SET_MUTABLE: {
        LLVMValueRef args[2] = {L->vals[in->args[0]], L->vals[in->args[1]]};
        rt(L, RT_FN_jitc_rt_list_set_mutable, args, 2);
        return NULL;
    }
    }
    return NULL;
}
