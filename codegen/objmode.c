/* objmode.c — lowers IR_OBJMODE, a `with objmode(...)` block, into one call of the runtime's
 * jitc_rt_objmode, which hands the block to the interpreter of whoever embeds jitc:
 *
 *   the inputs' tuple   → result slots, as the generic entry returns a tuple (cg_store_result),
 *                         each array exported with a reference of its own, read by the driver
 *   the outputs' tuple  ← its in-memory form (cg_mem_type), written by the driver: new
 *                         references, which the function's hidden local then owns
 *
 * The block's description (builder/build_objmode.c's IrObjmode) is passed by address: it lives
 * as long as the code, and code with such blocks is never kept in the disk cache. */
#include "lower.h"

LLVMValueRef lw_objmode(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    const IrObjmode *om = in->imm.objmode;
    int nslots = cg_result_slots(om->in);
    LLVMValueRef slots = cg_entry_alloca(m, L->fn, LLVMArrayType2(m->i64, (uint64_t)(2 * (nslots ? nslots : 1))), "objmode.in");
    LLVMValueRef inputs = L->vals[in->args[0]];
    lw_retain(L, inputs, om->in); /* the slots' own references: the driver drops them */
    cg_store_result(m, inputs, om->in, slots);
    LLVMTypeRef out_type = cg_mem_type(m, om->out);
    LLVMValueRef out = cg_entry_alloca(m, L->fn, out_type, "objmode.out");
    LLVMValueRef block = LLVMConstIntToPtr(LLVMConstInt(m->i64, (unsigned long long)(uintptr_t)om, 0), m->ptr);
    LLVMValueRef args[5] = {block, slots, out, lw_string(L, lw_where(L, in->loc)), L->err};
    lw_call(L, cg_runtime(m, RT_FN_jitc_rt_objmode), args, 5, "");
    lw_propagate(L);
    return lw_load_item(L, out, om->out);
}
