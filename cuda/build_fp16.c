/* build_fp16.c — float16 in the builder: numba-cuda's `cuda.fp16` functions, the math
 * functions that keep float16, and the refusal of float16 in host code.
 *
 * cuda.fp16.hadd(a, b) and its kin are typed as numba-cuda types them (concrete signatures of
 * float16: any number argument is converted to float16; comparisons give bool) and become the
 * IR that `+`, `math.sin`, ... give on float16, or IR_FP16 for the few with no other form.
 * Numba's CPU target has no float16 at all (its data model raises NotImplementedError), so
 * host code that holds a float16 anywhere is an error at the first place that makes one. */
#include "builder/build.h"

#include <string.h>

typedef struct Fp16Fn {
    const char *name;
    int nargs;
    IrOpcode op; /* IR_BIN, IR_UNARY, IR_CMP, IR_MATH, IR_FP16, or IR_CAST (to `to`) */
    int sub;
    TypeKind to; /* IR_CAST: the result; IR_CMP, isnan: bool; else float16 */
} Fp16Fn;

/* numba_cuda/numba/cuda/fp16.py's names (the short ones and the __ ones they alias) */
static const Fp16Fn FP16_FNS[] = {
    {"hadd", 2, IR_BIN, IB_ADD, TY_FLOAT16},       {"__hadd", 2, IR_BIN, IB_ADD, TY_FLOAT16},
    {"__hadd_rn", 2, IR_BIN, IB_ADD, TY_FLOAT16},  {"hsub", 2, IR_BIN, IB_SUB, TY_FLOAT16},
    {"__hsub", 2, IR_BIN, IB_SUB, TY_FLOAT16},     {"__hsub_rn", 2, IR_BIN, IB_SUB, TY_FLOAT16},
    {"hmul", 2, IR_BIN, IB_MUL, TY_FLOAT16},       {"__hmul", 2, IR_BIN, IB_MUL, TY_FLOAT16},
    {"__hmul_rn", 2, IR_BIN, IB_MUL, TY_FLOAT16},  {"hdiv", 2, IR_BIN, IB_TRUEDIV, TY_FLOAT16},
    {"__hdiv", 2, IR_BIN, IB_TRUEDIV, TY_FLOAT16}, {"hneg", 1, IR_UNARY, IU_NEG, TY_FLOAT16},
    {"__hneg", 1, IR_UNARY, IU_NEG, TY_FLOAT16},   {"habs", 1, IR_UNARY, IU_ABS, TY_FLOAT16},
    {"__habs", 1, IR_UNARY, IU_ABS, TY_FLOAT16},   {"hfma", 3, IR_MATH, IM_FMA, TY_FLOAT16},
    {"__hfma", 3, IR_MATH, IM_FMA, TY_FLOAT16},    {"heq", 2, IR_CMP, OP_EQ, TY_BOOL},
    {"__heq", 2, IR_CMP, OP_EQ, TY_BOOL},          {"hne", 2, IR_CMP, OP_NE, TY_BOOL},
    {"__hne", 2, IR_CMP, OP_NE, TY_BOOL},          {"hgt", 2, IR_CMP, OP_GT, TY_BOOL},
    {"__hgt", 2, IR_CMP, OP_GT, TY_BOOL},          {"hge", 2, IR_CMP, OP_GE, TY_BOOL},
    {"__hge", 2, IR_CMP, OP_GE, TY_BOOL},          {"hlt", 2, IR_CMP, OP_LT, TY_BOOL},
    {"__hlt", 2, IR_CMP, OP_LT, TY_BOOL},          {"hle", 2, IR_CMP, OP_LE, TY_BOOL},
    {"__hle", 2, IR_CMP, OP_LE, TY_BOOL},          {"hmax", 2, IR_FP16, FP16_MAX, TY_FLOAT16},
    {"__hmax", 2, IR_FP16, FP16_MAX, TY_FLOAT16},  {"hmin", 2, IR_FP16, FP16_MIN, TY_FLOAT16},
    {"__hmin", 2, IR_FP16, FP16_MIN, TY_FLOAT16},  {"hsqrt", 1, IR_MATH, IM_SQRT, TY_FLOAT16},
    {"hrsqrt", 1, IR_FP16, FP16_RSQRT, TY_FLOAT16}, {"hrcp", 1, IR_FP16, FP16_RCP, TY_FLOAT16},
    {"hexp", 1, IR_MATH, IM_EXP, TY_FLOAT16},      {"hexp2", 1, IR_MATH, IM_EXP2, TY_FLOAT16},
    {"hexp10", 1, IR_FP16, FP16_EXP10, TY_FLOAT16}, {"hlog", 1, IR_MATH, IM_LOG, TY_FLOAT16},
    {"hlog2", 1, IR_MATH, IM_LOG2, TY_FLOAT16},    {"hlog10", 1, IR_MATH, IM_LOG10, TY_FLOAT16},
    {"hsin", 1, IR_MATH, IM_SIN, TY_FLOAT16},      {"hcos", 1, IR_MATH, IM_COS, TY_FLOAT16},
    {"htanh", 1, IR_MATH, IM_TANH, TY_FLOAT16},    {"hceil", 1, IR_MATH, IM_CEIL, TY_FLOAT16},
    {"hfloor", 1, IR_MATH, IM_FLOOR, TY_FLOAT16},  {"htrunc", 1, IR_MATH, IM_TRUNC, TY_FLOAT16},
    {"hrint", 1, IR_MATH, IM_RINT, TY_FLOAT16},    {"__hisnan", 1, IR_MATH, IM_ISNAN, TY_BOOL},
    {"__float2half", 1, IR_CAST, 0, TY_FLOAT16},   {"__double2half", 1, IR_CAST, 0, TY_FLOAT16},
    {"__half2float", 1, IR_CAST, 0, TY_FLOAT32},
};
enum { NFP16_FNS = sizeof FP16_FNS / sizeof FP16_FNS[0] };

bool bld_fp16_math_has_half(IrMathFn fn)
{
    static const IrMathFn HALF[] = {IM_SIN, IM_COS, IM_CEIL, IM_FLOOR, IM_SQRT, IM_LOG, IM_LOG2,
                                    IM_LOG10, IM_EXP, IM_EXP2, IM_FABS, IM_TRUNC, IM_TANH};
    for (size_t i = 0; i < sizeof HALF / sizeof HALF[0]; i++)
        if (HALF[i] == fn)
            return true;
    return false;
}

Operand bld_fp16_member(Builder *b, const char *name, SrcLoc loc)
{
    for (int i = 0; i < NFP16_FNS; i++)
        if (strcmp(FP16_FNS[i].name, name) == 0)
            return (Operand){.kind = OPK_CUDA, .cuda = CU_FP16_OP, .fp16 = i};
    diag_error(&b->diag, loc, "cuda.fp16.%s is not supported by jitc yet", name);
    return bld_error_operand(b);
}

/* Argument i converted to the function's argument type (float16, or the source of a cast). */
static IrValue fp16_argument(Builder *b, const Expr *call, int i, const Fp16Fn *fn)
{
    const Expr *e = call->call.args[i];
    IrValue v = bld_value_of(b, bld_expr(b, e), e->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return IR_NOVALUE;
    if (!ty_is_number(t)) {
        diag_error(&b->diag, e->loc, "cuda.fp16.%s() takes %s, not %s", fn->name,
                   fn->op == IR_CAST ? "a number" : "float16 numbers", bld_type_name(b, t));
        return IR_NOVALUE;
    }
    const Type *want = ty_scalar(TY_FLOAT16);
    if (fn->op == IR_CAST) /* __float2half(float32), __double2half(float64), __half2float(float16) */
        want = ty_scalar(fn->to == TY_FLOAT32 ? TY_FLOAT16 : fn->name[2] == 'd' ? TY_FLOAT64 : TY_FLOAT32);
    return bld_cast_value(b, v, want, e->loc);
}

Operand bld_fp16_call(Builder *b, const Expr *call, Operand callee)
{
    const Fp16Fn *fn = &FP16_FNS[callee.fp16];
    if (call->call.nargs != fn->nargs || call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.fp16.%s() takes %d argument%s", fn->name, fn->nargs,
                   fn->nargs == 1 ? "" : "s");
        return bld_error_operand(b);
    }
    IrValue args[3];
    for (int i = 0; i < fn->nargs; i++)
        if ((args[i] = fp16_argument(b, call, i, fn)) == IR_NOVALUE)
            return bld_error_operand(b);
    const Type *rt = ty_scalar(fn->to);
    if (fn->op == IR_CAST)
        return bld_value_operand(bld_cast_value(b, args[0], rt, call->loc), rt);
    IrValue r = ir_emit(b->f, fn->op, fn->sub, rt, args, fn->nargs, call->loc);
    return bld_value_operand(r, rt);
}

/* The first instruction whose value holds a float16, or NULL. */
static const IrInstr *first_float16(const IrFunc *f)
{
    for (int k = 0; k < f->nblocks; k++)
        for (int i = 0; i < f->blocks[k]->n; i++) {
            const IrInstr *in = &f->blocks[k]->instrs[i];
            if (in->dst != IR_NOVALUE && ty_has_float16(ir_type(f, in->dst)))
                return in;
        }
    return NULL;
}

static bool signature_has_float16(const IrFunc *f)
{
    bool has = f->ret && ty_has_float16(f->ret);
    for (int i = 0; i < f->nparams; i++)
        has |= ty_has_float16(f->params[i]);
    return has;
}

bool prog_spec_uses_float16(const Spec *s)
{
    return s->ir && (signature_has_float16(s->ir) || first_float16(s->ir));
}

void bld_refuse_host_float16(Builder *b)
{
    static const char *const WHY = "float16 is not supported in host code: Numba's CPU target has no float16 "
                                   "(NotImplementedError); use it in @cuda.jit kernels and device functions";
    const IrInstr *in = first_float16(b->f);
    if (in)
        diag_error(&b->diag, in->loc, "%s", WHY);
    else if (signature_has_float16(b->f))
        diag_error(&b->diag, b->def->loc, "%s", WHY);
}
