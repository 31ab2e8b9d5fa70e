/* complex.c — complex numbers in LLVM IR: a complex64 or complex128 is the literal
 * struct {float, float} or {double, double} (real, imaginary), as NumPy lays it out in memory.
 * This file lowers what the IR does to complex values itself: building one (IR_COMPLEX), its
 * parts, the conjugate, negation, +, -, *, / (CPython's algorithm, as Numba's), == and !=,
 * conversions, and print(). Power and the cmath functions are krn functions of the builder's
 * prelude (math/build_complex.c), lowered as any call. */
#include <string.h>

#include "lower.h"
#include "runtime/rt.h"

LLVMTypeRef cg_complex_type(CgModule *m, const Type *t)
{
    LLVMTypeRef part = cg_type(m, ty_complex_part(t)), fields[2] = {part, part};
    return LLVMStructTypeInContext(m->ctx, fields, 2, 0);
}

static LLVMValueRef part(Lower *L, LLVMValueRef z, unsigned k) { return LLVMBuildExtractValue(L->b, z, k, ""); }

static LLVMValueRef fabs_of(Lower *L, LLVMValueRef v, LLVMTypeRef ft)
{
    unsigned id = LLVMLookupIntrinsicID("llvm.fabs", strlen("llvm.fabs"));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(L->m->mod, id, &ft, 1);
    return LLVMBuildCall2(L->b, LLVMIntrinsicGetType(L->m->ctx, id, &ft, 1), fn, &v, 1, "");
}

static LLVMValueRef make(Lower *L, const Type *t, LLVMValueRef re, LLVMValueRef im)
{
    LLVMValueRef z = LLVMGetUndef(cg_complex_type(L->m, t));
    z = LLVMBuildInsertValue(L->b, z, re, 0, "");
    return LLVMBuildInsertValue(L->b, z, im, 1, "");
}

LLVMValueRef lw_complex_make(Lower *L, const IrInstr *in)
{
    return make(L, ir_type(L->f, in->dst), L->vals[in->args[0]], L->vals[in->args[1]]);
}

/* (a+bj)/(c+dj) as CPython's _Py_c_quot (Numba's complex_div): scaled by the larger part of the
 * divisor; NaN when a part of it is NaN. Both quotients are computed and one is selected (no
 * side effects: a division by zero in the other gives inf or NaN, unused). A zero divisor raises
 * ZeroDivisionError, except under NumPy's error model (GPU code, ufunc loops). */
static LLVMValueRef divide(Lower *L, const IrInstr *in, const Type *t, LLVMValueRef x, LLVMValueRef y)
{
    LLVMBuilderRef b = L->b;
    LLVMTypeRef ft = cg_type(L->m, ty_complex_part(t));
    LLVMValueRef ar = part(L, x, 0), ai = part(L, x, 1), br = part(L, y, 0), bi = part(L, y, 1);
    LLVMValueRef zero = LLVMConstNull(ft);
    LLVMValueRef both_zero = LLVMBuildAnd(b, LLVMBuildFCmp(b, LLVMRealOEQ, br, zero, ""),
                                          LLVMBuildFCmp(b, LLVMRealOEQ, bi, zero, ""), "");
    lw_check_zero_division(L, both_zero, "complex division by zero", in->loc);
    LLVMValueRef abr = fabs_of(L, br, ft), abi = fabs_of(L, bi, ft);
    /* |c| >= |d|: by c */
    LLVMValueRef r1 = LLVMBuildFDiv(b, bi, br, "");
    LLVMValueRef d1 = LLVMBuildFAdd(b, br, LLVMBuildFMul(b, bi, r1, ""), "");
    LLVMValueRef re1 = LLVMBuildFDiv(b, LLVMBuildFAdd(b, ar, LLVMBuildFMul(b, ai, r1, ""), ""), d1, "");
    LLVMValueRef im1 = LLVMBuildFDiv(b, LLVMBuildFSub(b, ai, LLVMBuildFMul(b, ar, r1, ""), ""), d1, "");
    /* |d| >= |c|: by d */
    LLVMValueRef r2 = LLVMBuildFDiv(b, br, bi, "");
    LLVMValueRef d2 = LLVMBuildFAdd(b, LLVMBuildFMul(b, br, r2, ""), bi, "");
    LLVMValueRef re2 = LLVMBuildFDiv(b, LLVMBuildFAdd(b, LLVMBuildFMul(b, ar, r2, ""), ai, ""), d2, "");
    LLVMValueRef im2 = LLVMBuildFDiv(b, LLVMBuildFSub(b, LLVMBuildFMul(b, ai, r2, ""), ar, ""), d2, "");
    LLVMValueRef by_c = LLVMBuildFCmp(b, LLVMRealOGE, abr, abi, "");
    LLVMValueRef by_d = LLVMBuildFCmp(b, LLVMRealOGE, abi, abr, "");
    LLVMValueRef nan = LLVMConstReal(ft, __builtin_nan(""));
    LLVMValueRef re = LLVMBuildSelect(b, by_c, re1, LLVMBuildSelect(b, by_d, re2, nan, ""), "");
    LLVMValueRef im = LLVMBuildSelect(b, by_c, im1, LLVMBuildSelect(b, by_d, im2, nan, ""), "");
    return make(L, t, re, im);
}

LLVMValueRef lw_complex_bin(Lower *L, const IrInstr *in)
{
    const Type *t = ir_type(L->f, in->dst);
    LLVMValueRef x = L->vals[in->args[0]], y = L->vals[in->args[1]];
    LLVMValueRef a = part(L, x, 0), bb = part(L, x, 1), c = part(L, y, 0), d = part(L, y, 1);
    LLVMBuilderRef b = L->b;
    switch ((IrBinOp)in->sub) {
    case IB_ADD: return make(L, t, LLVMBuildFAdd(b, a, c, ""), LLVMBuildFAdd(b, bb, d, ""));
    case IB_SUB: return make(L, t, LLVMBuildFSub(b, a, c, ""), LLVMBuildFSub(b, bb, d, ""));
    case IB_MUL: /* (ac - bd) + (ad + bc)j, as CPython's _Py_c_prod */
        return make(L, t, LLVMBuildFSub(b, LLVMBuildFMul(b, a, c, ""), LLVMBuildFMul(b, bb, d, ""), ""),
                    LLVMBuildFAdd(b, LLVMBuildFMul(b, a, d, ""), LLVMBuildFMul(b, bb, c, ""), ""));
    case IB_TRUEDIV: return divide(L, in, t, x, y);
    default: return LLVMGetUndef(cg_complex_type(L->m, t)); /* the builder makes no other */
    }
}

LLVMValueRef lw_complex_unary(Lower *L, const IrInstr *in)
{
    LLVMValueRef z = L->vals[in->args[0]];
    const Type *t = ir_type(L->f, in->args[0]);
    switch ((IrUnOp)in->sub) {
    case IU_REAL: return part(L, z, 0);
    case IU_IMAG: return part(L, z, 1);
    case IU_CONJ: return make(L, t, part(L, z, 0), LLVMBuildFNeg(L->b, part(L, z, 1), ""));
    case IU_NEG: return make(L, t, LLVMBuildFNeg(L->b, part(L, z, 0), ""), LLVMBuildFNeg(L->b, part(L, z, 1), ""));
    default: return z;
    }
}

/* == is both parts equal (ordered), != either part unequal (unordered), as Numba compares. */
LLVMValueRef lw_complex_cmp(Lower *L, const IrInstr *in)
{
    LLVMValueRef x = L->vals[in->args[0]], y = L->vals[in->args[1]];
    bool eq = (AstOp)in->sub == OP_EQ;
    LLVMRealPredicate p = eq ? LLVMRealOEQ : LLVMRealUNE;
    LLVMValueRef re = LLVMBuildFCmp(L->b, p, part(L, x, 0), part(L, y, 0), "");
    LLVMValueRef im = LLVMBuildFCmp(L->b, p, part(L, x, 1), part(L, y, 1), "");
    return eq ? LLVMBuildAnd(L->b, re, im, "") : LLVMBuildOr(L->b, re, im, "");
}

/* A conversion to or from a complex type: a real number becomes the real part (imaginary part
 * 0), a complex number of the other width converts both parts; to bool: either part nonzero. */
LLVMValueRef lw_complex_convert(Lower *L, LLVMValueRef v, const Type *from, const Type *to,
                                LLVMValueRef (*real_convert)(Lower *, LLVMValueRef, const Type *, const Type *))
{
    if (ty_is_complex(to)) {
        const Type *pt = ty_complex_part(to);
        if (!ty_is_complex(from))
            return make(L, to, real_convert(L, v, from, pt), LLVMConstNull(cg_type(L->m, pt)));
        const Type *pf = ty_complex_part(from);
        return make(L, to, real_convert(L, part(L, v, 0), pf, pt), real_convert(L, part(L, v, 1), pf, pt));
    }
    /* from complex to bool (the builder allows no other real target) */
    LLVMValueRef zero = LLVMConstNull(cg_type(L->m, ty_complex_part(from)));
    return LLVMBuildOr(L->b, LLVMBuildFCmp(L->b, LLVMRealUNE, part(L, v, 0), zero, ""),
                       LLVMBuildFCmp(L->b, LLVMRealUNE, part(L, v, 1), zero, ""), "");
}

/* print() on the host: Python's repr of the value as a complex of doubles. */
void lw_complex_print(Lower *L, LLVMValueRef v, const Type *t)
{
    LLVMValueRef args[2] = {part(L, v, 0), part(L, v, 1)};
    if (t->kind == TY_COMPLEX64)
        for (int k = 0; k < 2; k++)
            args[k] = LLVMBuildFPExt(L->b, args[k], L->m->f64, "");
    lw_call(L, cg_runtime(L->m, RT_FN_jitc_rt_print_complex), args, 2, "");
}
