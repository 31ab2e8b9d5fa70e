/* str.c — lowers IR_STR, the strings of host code (cpython/build_str.c), and their print().
 *
 * A string is a pointer (cg_type: ptr) to a JitcStr (runtime/str.h). A constant is written here
 * as a private constant of the module: { i64 JITC_STR_STATIC, i64 length in code points, i64
 * bytes, [bytes + 1 x i8] UTF-8 text }; the strings made at run time come from runtime/str.c
 * with one reference, and locals hold them as they hold arrays (arrays.c calls lw_str_refs). */
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
    LLVMValueRef fields[4] = {
        LLVMConstInt(m->i64, (unsigned long long)(long long)JITC_STR_STATIC, 1),
        LLVMConstInt(m->i64, (unsigned long long)code_points(s), 0),
        LLVMConstInt(m->i64, (unsigned long long)nbytes, 0),
        LLVMConstStringInContext2(m->ctx, s, nbytes, 0), /* with its NUL */
    };
    LLVMValueRef init = LLVMConstStructInContext(m->ctx, fields, 4, 0);
    LLVMValueRef g = LLVMAddGlobal(m->mod, LLVMTypeOf(init), "jitc.str");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
    LLVMSetAlignment(g, 8);
    return g;
}

void lw_str_refs(Lower *L, LLVMValueRef s, bool acquire)
{
    lw_call(L, cg_runtime(L->m, acquire ? RT_FN_jitc_rt_str_retain : RT_FN_jitc_rt_str_release), &s, 1, "");
}

/* A call of runtime function id on in's arguments (cast to int64 where they are integers), then
 * extra, then where and err: a string it makes, or the exception it raises. */
static LLVMValueRef make(Lower *L, RtFnId id, const IrInstr *in, LLVMValueRef extra)
{
    CgModule *m = L->m;
    LLVMValueRef args[8];
    int n = 0;
    for (int i = 0; i < in->nargs; i++) {
        const Type *t = ir_type(L->f, in->args[i]);
        LLVMValueRef v = L->vals[in->args[i]];
        args[n++] = t->kind == TY_STR ? v : LLVMBuildIntCast2(L->b, v, m->i64, ty_is_signed(t), "");
    }
    if (extra)
        args[n++] = extra;
    args[n++] = lw_string(L, lw_where(L, in->loc));
    args[n++] = L->err;
    LLVMValueRef r = lw_call(L, cg_runtime(m, id), args, n, "");
    lw_propagate(L);
    return r;
}

/* s.method(...) (str_methods.def): one call, its int64 made the result's type. */
static LLVMValueRef method(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    LLVMValueRef args[8] = {LLVMConstInt(m->i64, (unsigned long long)in->imm.index, 0), L->vals[in->args[0]]};
    for (int k = 1; k < 5; k++) {
        LLVMValueRef v = L->vals[in->args[k]];
        args[k + 1] = k < 3 && ty_is_int(ir_type(L->f, in->args[k])) ? LLVMConstPointerNull(m->ptr) : v; /* absent */
    }
    args[6] = lw_string(L, lw_where(L, in->loc));
    args[7] = L->err;
    LLVMValueRef r = lw_call(L, cg_runtime(m, RT_FN_jitc_rt_str_method), args, 8, "");
    lw_propagate(L);
    const Type *t = ir_type(L->f, in->dst);
    if (t->kind == TY_STR || t->kind == TY_LIST)
        return LLVMBuildIntToPtr(L->b, r, m->ptr, "");
    return t->kind == TY_BOOL ? LLVMBuildICmp(L->b, LLVMIntNE, r, LLVMConstInt(m->i64, 0, 0), "") : r;
}

LLVMValueRef lw_str(Lower *L, const IrInstr *in)
{
    CgModule *m = L->m;
    LLVMValueRef args[2] = {in->nargs > 0 ? L->vals[in->args[0]] : NULL, in->nargs > 1 ? L->vals[in->args[1]] : NULL};
    switch ((IrStr)in->sub) {
    case STR_CONST: return str_constant(L, in->imm.str);
    case STR_LEN: /* the JitcStr's second field */
        return LLVMBuildLoad2(L->b, m->i64, LLVMBuildGEP2(L->b, m->i64, args[0], &(LLVMValueRef){LLVMConstInt(m->i64, 1, 0)}, 1, ""), "len");
    case STR_COMPARE: return lw_call(L, cg_runtime(m, RT_FN_jitc_rt_str_compare), args, 2, "");
    case STR_CONTAINS:
        return LLVMBuildICmp(L->b, LLVMIntNE, lw_call(L, cg_runtime(m, RT_FN_jitc_rt_str_contains), args, 2, ""),
                             LLVMConstInt(m->i64, 0, 0), "");
    case STR_CONCAT: return make(L, RT_FN_jitc_rt_str_concat, in, NULL);
    case STR_REPEAT: return make(L, RT_FN_jitc_rt_str_repeat, in, NULL);
    case STR_OF_INT:
        return make(L, RT_FN_jitc_rt_str_of_int, in, LLVMConstInt(m->i32, ty_is_unsigned(ir_type(L->f, in->args[0])), 0));
    case STR_GETITEM: return make(L, RT_FN_jitc_rt_str_getitem, in, NULL);
    case STR_SLICE: return make(L, RT_FN_jitc_rt_str_slice, in, LLVMConstInt(m->i32, (unsigned long long)in->imm.index, 0));
    case STR_CHR: return make(L, RT_FN_jitc_rt_str_chr, in, NULL);
    case STR_ORD: return make(L, RT_FN_jitc_rt_str_ord, in, NULL);
    case STR_METHOD: return method(L, in);
    }
    return NULL;
}

void lw_str_print(Lower *L, LLVMValueRef v, bool repr)
{
    LLVMValueRef args[2] = {v, LLVMConstInt(L->m->i32, repr, 0)};
    lw_call(L, cg_runtime(L->m, RT_FN_jitc_rt_print_string), args, 2, "");
}
