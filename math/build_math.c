/* build_math.c — the math module's functions, math.NAME (math.sin, math.floor, math.ldexp,
 * math.frexp, ...), and NumPy's ufunc-like scalar functions that are the same functions
 * (np.sin, np.arcsin, np.power, np.rint, ...): the ones that share an IrMathFn (ir/mathfns.def),
 * looked up by name here and called on numbers as one IR_MATH (bld_math_call); over arrays they
 * become element-wise expressions (build_array.c). The arguments compute in float32 when every
 * one is float32, float16 or weak, else in float64 (float16 where numba-cuda has a half form);
 * math.floor, ceil and trunc return int, their NumPy forms floats. cmath is build_complex.c's. */
#include <string.h>

#include "builder/build.h"

/* math.NAME: every IrMathFn but rint (NumPy's only) */
bool bld_math_function(const char *name, Operand *out)
{
    for (int i = 0; i < IM_COUNT_; i++)
        if (strcmp(ir_math_name((IrMathFn)i), name) == 0 && i != IM_RINT) {
            *out = (Operand){.kind = OPK_MATHFN, .mathfn = (IrMathFn)i};
            return true;
        }
    return false;
}

/* The math functions NumPy has under the same name with the same meaning: not erf, erfc, gamma,
 * lgamma, fma (NumPy lacks them), nor remainder (np.remainder is Python's %), nor ldexp,
 * frexp and modf (their NumPy forms are ufuncs of other signatures). */
static bool math_under_numpy(IrMathFn fn)
{
    static const IrMathFn MATH_ONLY[] = {IM_GAMMA, IM_LGAMMA, IM_ERF, IM_ERFC, IM_FMA,
                                         IM_REMAINDER, IM_LDEXP, IM_FREXP, IM_MODF};
    for (size_t i = 0; i < sizeof MATH_ONLY / sizeof MATH_ONLY[0]; i++)
        if (MATH_ONLY[i] == fn)
            return false;
    return true;
}

bool bld_numpy_math_function(const char *name, Operand *out)
{
    static const struct { const char *np; IrMathFn fn; } ALIASES[] = {
        {"arcsin", IM_ASIN}, {"arccos", IM_ACOS}, {"arctan", IM_ATAN}, {"arctan2", IM_ATAN2},
        {"arcsinh", IM_ASINH}, {"arccosh", IM_ACOSH}, {"arctanh", IM_ATANH}, {"power", IM_POW},
        {"deg2rad", IM_RADIANS}, {"rad2deg", IM_DEGREES}, {"rint", IM_RINT},
    };
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (strcmp(ALIASES[i].np, name) == 0) {
            *out = (Operand){.kind = OPK_MATHFN, .mathfn = ALIASES[i].fn, .from_numpy = true};
            return true;
        }
    for (int i = 0; i < IM_COUNT_; i++)
        if (strcmp(ir_math_name((IrMathFn)i), name) == 0 && math_under_numpy((IrMathFn)i)) {
            *out = (Operand){.kind = OPK_MATHFN, .mathfn = (IrMathFn)i, .from_numpy = true};
            return true;
        }
    return false;
}

/* The type of a math function's result: float, bool for the predicates, and the tuples of
 * frexp (float, int32: Numba's intc) and modf (fraction, integral part). */
static const Type *math_result_type(Builder *b, IrMathFn fn, const Type *t)
{
    if (fn == IM_ISNAN || fn == IM_ISINF || fn == IM_ISFINITE)
        return ty_scalar(TY_BOOL);
    if (fn == IM_FREXP || fn == IM_MODF) {
        const Type *elems[2] = {t, fn == IM_FREXP ? ty_scalar(TY_INT32) : t};
        return ty_tuple(&b->p->types, elems, 2);
    }
    return t;
}

/* ldexp's exponent (argument 1) is an integer or a bool; false after reporting. */
static bool ldexp_exponent_ok(Builder *b, const Expr *call, const Args *a)
{
    if (a->ops[1].kind == OPK_VALUE && (ty_is_int(a->types[1]) || ty_is_bool(a->types[1])))
        return true;
    diag_error(&b->diag, call->call.args[1]->loc, "ldexp() needs an integer exponent, not %s",
               a->ops[1].kind == OPK_STR ? "a string" : bld_type_name(b, a->types[1]));
    return false;
}

/* The type the first nfloat arguments compute in: float32 stays float32 (all operands float32,
 * float16 or weak); anything else computes in float64; float16 stays float16 in the functions
 * numba-cuda has a half form of. NULL after reporting an argument that is no real number. */
static const Type *compute_type(Builder *b, const Expr *call, const Args *a, int nfloat, IrMathFn fn)
{
    const Type *t = ty_scalar(TY_FLOAT32);
    bool half = true;
    for (int i = 0; i < nfloat; i++) {
        if (!bld_require_real(b, call, a, i, ir_math_name(fn)))
            return NULL;
        if (a->types[i]->kind != TY_FLOAT32 && a->types[i]->kind != TY_FLOAT16 && !a->ops[i].weak)
            t = ty_scalar(TY_FLOAT64);
        half = half && (a->types[i]->kind == TY_FLOAT16 || a->ops[i].weak);
    }
    bool all_weak = true;
    for (int i = 0; i < nfloat; i++)
        all_weak = all_weak && a->ops[i].weak;
    if (all_weak)
        return ty_scalar(TY_FLOAT64);
    if (half && bld_fp16_math_has_half(fn))
        return ty_scalar(TY_FLOAT16);
    return t;
}

Operand bld_math_call(Builder *b, const Expr *call, IrMathFn fn, bool from_numpy, Args *pa)
{
    Args a = *pa;
    int n = ir_math_nargs(fn);
    if (!bld_take_args(b, call, &a, n, n, ir_math_name(fn)))
        return bld_error_operand(b);
    /* np.sqrt(z), np.exp(z), ... of a complex number: cmath's, as NumPy's ufuncs take complex loops */
    const char *cname = ir_math_name(fn);
    if (from_numpy && n == 1 && ty_is_complex(a.types[0]) && bld_cmath_function(cname))
        return bld_cmath_call(b, call, cname, a.ops, 1);
    /* ldexp's exponent is an integer, passed as int64 and clamped to int32 when lowered */
    int nfloat = fn == IM_LDEXP ? 1 : n;
    if (fn == IM_LDEXP && !ldexp_exponent_ok(b, call, &a))
        return bld_error_operand(b);
    const Type *t = compute_type(b, call, &a, nfloat, fn);
    if (!t)
        return bld_error_operand(b);
    IrValue args[3];
    for (int i = 0; i < n; i++)
        args[i] = bld_cast_value(b, a.vals[i], i < nfloat ? t : ty_scalar(TY_INT64), call->loc);
    const Type *rt = math_result_type(b, fn, t);
    bool to_int = !from_numpy && (fn == IM_FLOOR || fn == IM_CEIL || fn == IM_TRUNC) && t->kind != TY_FLOAT16;
    IrValue r = ir_emit(b->f, IR_MATH, fn, rt, args, n, call->loc);
    if (b->opts->fastmath)
        ir_last(b->f)->flags |= IRF_FASTMATH;
    if (to_int) /* math.floor and friends return int in Python 3 and in Numba */
        return bld_value_operand(bld_cast_value(b, r, ty_scalar(TY_INT64), call->loc), ty_scalar(TY_INT64));
    return bld_value_operand(r, rt);
}
