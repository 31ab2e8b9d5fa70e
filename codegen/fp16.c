/* fp16.c — float16 in GPU code: what numba-cuda computes through CUDA's cuda_fp16.hpp, lowered
 * the same way, so that results match numba-cuda's bit for bit.
 *
 * LLVM's NVPTX backend selects the plain operations on `half` itself (add.rn.f16, mul.rn.f16,
 * neg.f16, abs.f16, fma.rn.f16, setp.*.f16, cvt.*.f16, cvt.rzi.f16.f16 ...; sm_53 and newer).
 * What cuda_fp16.hpp computes with a sequence of its own is written here as that sequence:
 * division (__hdiv: a reciprocal approximation, refined for tiny results), hsin/hcos (a float
 * polynomial after a two-step reduction), and hexp, hexp2, hexp10, hlog, hlog2, hlog10, hsqrt,
 * hrsqrt, hrcp (the .approx float instruction, then cuda_fp16.hpp's corrections of the inputs
 * it rounds wrongly), as inline PTX copied from the header. Math functions numba-cuda has no
 * half form of are computed in float32 by libdevice and rounded (tanh, as htanh does). */
#include <string.h>

#include "lower.h"

static LLVMTypeRef half_type(CgModule *m) { return LLVMHalfTypeInContext(m->ctx); }
static LLVMTypeRef i16_type(CgModule *m) { return LLVMInt16TypeInContext(m->ctx); }

static LLVMValueRef intrinsic1(Lower *L, const char *name, LLVMTypeRef ty, LLVMValueRef *args, int n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef fn = LLVMGetIntrinsicDeclaration(L->m->mod, id, &ty, 1);
    return LLVMBuildCall2(L->b, LLVMIntrinsicGetType(L->m->ctx, id, &ty, 1), fn, args, (unsigned)n, "");
}

static LLVMValueRef fma_f32(Lower *L, LLVMValueRef a, LLVMValueRef b, LLVMValueRef c)
{
    LLVMValueRef args[3] = {a, b, c};
    return intrinsic1(L, "llvm.fma", L->m->f32, args, 3);
}

static LLVMValueRef f32c(Lower *L, double v) { return LLVMConstReal(L->m->f32, v); }

/* Inline PTX with one 16-bit result ($0) and 16-bit inputs ($1, $2, ...), each a half. */
static LLVMValueRef half_asm(Lower *L, const char *text, LLVMValueRef *ins, int n)
{
    LLVMTypeRef params[4];
    LLVMValueRef bits[4];
    char constraints[32] = "=h";
    for (int i = 0; i < n; i++) {
        params[i] = i16_type(L->m);
        bits[i] = LLVMBuildBitCast(L->b, ins[i], params[i], "");
        strcat(constraints, ",h");
    }
    LLVMTypeRef fty = LLVMFunctionType(i16_type(L->m), params, (unsigned)n, 0);
    LLVMValueRef fn = LLVMGetInlineAsm(fty, text, strlen(text), constraints, strlen(constraints), 0, 0,
                                       LLVMInlineAsmDialectATT, 0);
    LLVMValueRef r = LLVMBuildCall2(L->b, fty, fn, bits, (unsigned)n, "");
    return LLVMBuildBitCast(L->b, r, half_type(L->m), "");
}

/* cuda_fp16.hpp's __SPEC_CASE: r += (i == spc) ? ulp : 0, in half, for inputs the fast formula
 * rounds the wrong way. */
static void spec_case(StrBuf *o, const char *i, const char *r, unsigned spc, unsigned ulp)
{
    sb_printf(o, "{.reg.b16 spc, ulp, p;\n  mov.b16 spc,0x%04XU;\n  mov.b16 ulp,0x%04XU;\n"
                 "  set.eq.f16.f16 p,%s, spc;\n  fma.rn.f16 %s,p,ulp,%s;\n}\n", spc, ulp, i, r, r);
}

typedef struct SpecCase { unsigned spc, ulp; } SpecCase;

/* hexp, hexp10 (f = 2^(x * C)), hlog, hlog10 (f = log2(x) * C), hlog2, hexp2: the float
 * formula on the input h, rounded to r, then the corrections on `on` ("h" or "r"). */
static LLVMValueRef approx_fn(Lower *L, LLVMValueRef x, const char *formula, const char *on, const SpecCase *cases,
                              int ncases)
{
    StrBuf o = {.arena = L->arena};
    sb_printf(&o, "{.reg.b32 f, C, nZ, ULP;\n .reg.b16 h, r;\n  mov.b16 h,$1;\n  cvt.f32.f16 f,h;\n%s"
                  "  cvt.rn.f16.f32 r,f;\n", formula);
    for (int i = 0; i < ncases; i++)
        spec_case(&o, on, "r", cases[i].spc, cases[i].ulp);
    sb_puts(&o, "  mov.b16 $0,r;\n}");
    return half_asm(L, sb_text(&o), &x, 1);
}

static LLVMValueRef hexp(Lower *L, LLVMValueRef x, bool base10)
{
    static const SpecCase E[] = {{0x1F79, 0x9400}, {0x25CF, 0x9400}, {0xC13B, 0x0400}, {0xC1EF, 0x0200}};
    static const SpecCase T[] = {{0x34DE, 0x9800}, {0x9766, 0x9000}, {0x9972, 0x1000}, {0xA5C4, 0x1000},
                                 {0xBF0A, 0x8100}};
    const char *formula = base10 ? "  mov.b32 C, 0x40549A78U;\n  mov.b32 nZ, 0x80000000U;\n  fma.rn.f32 f,f,C,nZ;\n"
                                   "  ex2.approx.ftz.f32 f,f;\n"
                                 : "  mov.b32 C, 0x3fb8aa3bU;\n  mov.b32 nZ, 0x80000000U;\n  fma.rn.f32 f,f,C,nZ;\n"
                                   "  ex2.approx.ftz.f32 f,f;\n";
    return base10 ? approx_fn(L, x, formula, "h", T, 5) : approx_fn(L, x, formula, "h", E, 4);
}

static LLVMValueRef hexp2(Lower *L, LLVMValueRef x)
{
    return approx_fn(L, x, "  ex2.approx.ftz.f32 f,f;\n  mov.b32 ULP, 0x33800000U;\n  fma.rn.f32 f,f,ULP,f;\n",
                     "h", NULL, 0);
}

static LLVMValueRef hlog(Lower *L, LLVMValueRef x, int base)
{
    static const SpecCase E[] = {{0x160D, 0x9C00}, {0x3BFE, 0x8010}, {0x3C0B, 0x8080}, {0x6051, 0x1C00}};
    static const SpecCase T[] = {{0x338F, 0x1000}, {0x33F8, 0x9000}, {0x57E1, 0x9800}, {0x719D, 0x9C00}};
    static const SpecCase TWO[] = {{0xA2E2, 0x8080}, {0xBF46, 0x9400}};
    if (base == 2)
        return approx_fn(L, x, "  lg2.approx.ftz.f32 f,f;\n", "r", TWO, 2);
    if (base == 10)
        return approx_fn(L, x, "  lg2.approx.ftz.f32 f,f;\n  mov.b32 C, 0x3E9A209BU;\n  mul.f32 f,f,C;\n", "h", T, 4);
    return approx_fn(L, x, "  lg2.approx.ftz.f32 f,f;\n  mov.b32 C, 0x3f317218U;\n  mul.f32 f,f,C;\n", "h", E, 4);
}

/* __APPROX_FCAST: hsqrt, hrsqrt, hrcp through sqrt/rsqrt/rcp.approx.ftz.f32. */
static LLVMValueRef approx_cast(Lower *L, LLVMValueRef x, const char *fn)
{
    return approx_fn(L, x, arena_printf(L->arena, "  %s.approx.ftz.f32 f,f;\n", fn), "h", NULL, 0);
}

/* __float_simpl_sinf / __float_simpl_cosf: a two-constant reduction by pi/2 and a degree-8
 * polynomial, all in float32 with fused multiply-adds. */
static LLVMValueRef simple_sincos(Lower *L, LLVMValueRef a, bool cosine)
{
    CgModule *m = L->m;
    LLVMValueRef ar = fma_f32(L, a, f32c(L, 0.636619772f), f32c(L, 12582912.0f));
    LLVMValueRef q = LLVMBuildBitCast(L->b, ar, m->i32, "");
    LLVMValueRef j = LLVMBuildFSub(L->b, ar, f32c(L, 12582912.0f), "");
    LLVMValueRef t = fma_f32(L, j, f32c(L, -1.5707962512969971e+000f), a);
    t = fma_f32(L, j, f32c(L, -7.5497894158615964e-008f), t);
    if (cosine)
        q = LLVMBuildAdd(L->b, LLVMBuildAnd(L->b, q, LLVMConstInt(m->i32, 3, 0), ""), LLVMConstInt(m->i32, 1, 0), "");
    LLVMValueRef odd = LLVMBuildTrunc(L->b, q, m->i1, "");
    LLVMValueRef x2 = LLVMBuildFMul(L->b, t, t, "");
#define PICK(c, s) LLVMBuildSelect(L->b, odd, f32c(L, c), f32c(L, s), "")
    LLVMValueRef a8 = PICK(2.44331571e-5f, -1.95152959e-4f), a6 = PICK(-1.38873163e-3f, 8.33216087e-3f);
    LLVMValueRef a4 = PICK(4.16666457e-2f, -1.66666546e-1f), a2 = PICK(-5.00000000e-1f, 0.0f);
#undef PICK
    LLVMValueRef a1 = LLVMBuildSelect(L->b, odd, x2, t, ""), a0 = LLVMBuildSelect(L->b, odd, f32c(L, 1.0f), t, "");
    LLVMValueRef z = fma_f32(L, a8, x2, a6);
    z = fma_f32(L, z, x2, a4);
    z = fma_f32(L, z, x2, a2);
    z = fma_f32(L, z, a1, a0);
    LLVMValueRef negate = LLVMBuildICmp(L->b, LLVMIntNE, LLVMBuildAnd(L->b, q, LLVMConstInt(m->i32, 2, 0), ""),
                                        LLVMConstInt(m->i32, 0, 0), "");
    return LLVMBuildSelect(L->b, negate, LLVMBuildFNeg(L->b, z, ""), z, "");
}

static LLVMValueRef hsincos(Lower *L, LLVMValueRef x, bool cosine)
{
    LLVMValueRef f = simple_sincos(L, LLVMBuildFPExt(L->b, x, L->m->f32, ""), cosine);
    LLVMValueRef ins[2] = {LLVMBuildFPTrunc(L->b, f, half_type(L->m), ""), x};
    StrBuf o = {.arena = L->arena};
    if (cosine) {
        sb_puts(&o, "{\n  .reg.b16 i,r;\n  mov.b16 r, $1;\n  mov.b16 i, $2;\n  abs.f16 i, i;\n");
        spec_case(&o, "i", "r", 0x2B7C, 0x1000);
    } else {
        sb_puts(&o, "{\n  .reg.b16 i,r,t;\n  mov.b16 r, $1;\n  mov.b16 i, $2;\n  and.b16 t, r, 0x8000U;\n"
                    "  abs.f16 r, r;\n  abs.f16 i, i;\n");
        spec_case(&o, "i", "r", 0x32B3, 0x0800);
        spec_case(&o, "i", "r", 0x5CB0, 0x9000);
        sb_puts(&o, "  or.b16 r,r,t;\n");
    }
    sb_puts(&o, "  mov.b16 $0, r;\n}");
    return half_asm(L, sb_text(&o), ins, 2);
}

/* A libdevice float function of x, rounded back to half (htanh: tanhf). */
static LLVMValueRef via_float(Lower *L, const char *name, LLVMValueRef *x, int n)
{
    LLVMTypeRef p[3] = {L->m->f32, L->m->f32, L->m->f32};
    LLVMValueRef wide[3];
    for (int i = 0; i < n; i++)
        wide[i] = LLVMBuildFPExt(L->b, x[i], L->m->f32, "");
    LLVMValueRef fn = cg_extern_fn(L->m, arena_printf(L->arena, "__nv_%sf", name), L->m->f32, p, n);
    return LLVMBuildFPTrunc(L->b, lw_call(L, fn, wide, n, ""), half_type(L->m), "");
}

LLVMValueRef lw_fp16_div(Lower *L, LLVMValueRef a, LLVMValueRef b)
{
    CgModule *m = L->m;
    LLVMValueRef fa = LLVMBuildFPExt(L->b, a, m->f32, ""), fb = LLVMBuildFPExt(L->b, b, m->f32, "");
    LLVMTypeRef fty = LLVMFunctionType(m->f32, &m->f32, 1, 0);
    const char *text = "rcp.approx.ftz.f32 $0, $1;";
    LLVMValueRef rcp_fn = LLVMGetInlineAsm(fty, text, strlen(text), "=f,f", 4, 0, 0, LLVMInlineAsmDialectATT, 0);
    LLVMValueRef rcp = LLVMBuildCall2(L->b, fty, rcp_fn, &fb, 1, "");
    LLVMValueRef fv = LLVMBuildFMul(L->b, rcp, fa, "");
    LLVMValueRef v = LLVMBuildFPTrunc(L->b, fv, half_type(m), "");
    /* results below 0x008F (in half's bits) get one Newton step, as __hdiv does */
    LLVMValueRef abs = intrinsic1(L, "llvm.fabs", half_type(m), &v, 1);
    LLVMValueRef den = LLVMBuildBitCast(L->b, LLVMConstInt(i16_type(m), 0x008F, 0), half_type(m), "");
    LLVMValueRef tiny = LLVMBuildAnd(L->b, LLVMBuildFCmp(L->b, LLVMRealOLT, abs, den, ""),
                                     LLVMBuildFCmp(L->b, LLVMRealOLT, LLVMConstReal(half_type(m), 0.0), abs, ""), "");
    LLVMValueRef err = fma_f32(L, LLVMBuildFNeg(L->b, fb, ""), fv, fa);
    LLVMValueRef refined = LLVMBuildFPTrunc(L->b, fma_f32(L, rcp, err, fv), half_type(m), "");
    return LLVMBuildSelect(L->b, tiny, refined, v, "");
}

LLVMValueRef lw_fp16_math(Lower *L, const IrInstr *in)
{
    LLVMValueRef a[3] = {L->vals[in->args[0]], in->nargs > 1 ? L->vals[in->args[1]] : NULL,
                         in->nargs > 2 ? L->vals[in->args[2]] : NULL};
    LLVMTypeRef h = half_type(L->m);
    switch ((IrMathFn)in->sub) {
    case IM_SIN: return hsincos(L, a[0], false);
    case IM_COS: return hsincos(L, a[0], true);
    case IM_EXP: return hexp(L, a[0], false);
    case IM_EXP2: return hexp2(L, a[0]);
    case IM_LOG: return hlog(L, a[0], 0);
    case IM_LOG2: return hlog(L, a[0], 2);
    case IM_LOG10: return hlog(L, a[0], 10);
    case IM_SQRT: return approx_cast(L, a[0], "sqrt");
    case IM_FLOOR: return intrinsic1(L, "llvm.floor", h, a, 1);
    case IM_CEIL: return intrinsic1(L, "llvm.ceil", h, a, 1);
    case IM_TRUNC: return intrinsic1(L, "llvm.trunc", h, a, 1);
    case IM_RINT: return intrinsic1(L, "llvm.rint", h, a, 1);
    case IM_FABS: return intrinsic1(L, "llvm.fabs", h, a, 1);
    case IM_FMA: return intrinsic1(L, "llvm.fma", h, a, 3);
    case IM_COPYSIGN: return intrinsic1(L, "llvm.copysign", h, a, 2);
    case IM_ISNAN: return LLVMBuildFCmp(L->b, LLVMRealUNO, a[0], a[0], "");
    case IM_ISINF:
    case IM_ISFINITE: {
        LLVMValueRef abs = intrinsic1(L, "llvm.fabs", h, a, 1);
        return LLVMBuildFCmp(L->b, in->sub == IM_ISINF ? LLVMRealOEQ : LLVMRealOLT, abs,
                             LLVMConstReal(h, __builtin_inf()), "");
    }
    default: return via_float(L, ir_math_name((IrMathFn)in->sub), a, in->nargs);
    }
}

LLVMValueRef lw_fp16(Lower *L, const IrInstr *in)
{
    LLVMValueRef a = L->vals[in->args[0]];
    switch ((IrFp16)in->sub) {
    case FP16_RCP: return approx_cast(L, a, "rcp");
    case FP16_RSQRT: return approx_cast(L, a, "rsqrt");
    case FP16_EXP10: return hexp(L, a, true);
    case FP16_MAX:
    case FP16_MIN: { /* __hmax/__hmin: max.f16 on sm_80, max.f32 of the widened values before; equal */
        LLVMValueRef w[2] = {LLVMBuildFPExt(L->b, a, L->m->f32, ""),
                             LLVMBuildFPExt(L->b, L->vals[in->args[1]], L->m->f32, "")};
        LLVMValueRef r = intrinsic1(L, in->sub == FP16_MAX ? "llvm.maxnum" : "llvm.minnum", L->m->f32, w, 2);
        return LLVMBuildFPTrunc(L->b, r, half_type(L->m), "");
    }
    }
    return a;
}
