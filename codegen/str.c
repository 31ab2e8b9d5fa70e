/* str.c — lowers IR_STR, the strings of host code (cpython/build_str.c), and their print().
 *
 * A string is a pointer (cg_type: ptr) to a JitcStr (runtime/str.h) that this file writes as a
 * private constant of the module: { i64 length in code points, i64 bytes, [bytes + 1 x i8]
 * UTF-8 text }. Strings are never allocated or freed, so they need no references. */
#include "lower.h"

#include <string.h>

#include "runtime/str.h"

/* Code points of UTF-8 text: the bytes that do not continue a sequence. */
static int64_t code_points(const char *s)
{
    int64_t n = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        n += (*c & 0xC0) != 0x80;
    return n;
}

static LLVMValueRef str_constant(Lower *L, const char *s)
{
    CgModule *m = L->m;
    size_t nbytes = strlen(s);
    LLVMValueRef fields[3] = {
        LLVMConstInt(m->i64, (unsigned long long)code_points(s), 0),
        LLVMConstInt(m->i64, (unsigned long long)nbytes, 0),
        LLVMConstStringInContext2(m->ctx, s, nbytes, 0), /* with its NUL */
    };
    LLVMValueRef init = LLVMConstStructInContext(m->ctx, fields, 3, 0);
    LLVMValueRef g = LLVMAddGlobal(m->mod, LLVMTypeOf(init), "jitc.str");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    LLVMSetAlignment(g, 8);
    return g;
}

LLVMValueRef lw_str(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    switch ((IrStr)in->sub) {
    case STR_CONST: return str_constant(L, in->imm.str);
    case STR_LEN: /* the JitcStr's first field */
        return LLVMBuildLoad2(L->b, m->i64, L->vals[in->args[0]], "len");
    case STR_COMPARE: {
        LLVMValueRef args[2] = {L->vals[in->args[0]], L->vals[in->args[1]]};
        return lw_call(L, cg_runtime(m, RT_FN_jitc_rt_str_compare), args, 2, "");
    }
    }
    return NULL;
}

void lw_str_print(Lower *L, LLVMValueRef v, bool repr)
{
    LLVMValueRef args[2] = {v, LLVMConstInt(L->m->i32, repr, 0)};
    lw_call(L, cg_runtime(L->m, RT_FN_jitc_rt_print_string), args, 2, "");
}
