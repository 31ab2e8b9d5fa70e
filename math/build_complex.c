/* build_complex.c — complex numbers in the builder: imaginary literals, complex(),
 * arithmetic on complex operands, .real/.imag/.conjugate(), abs, and the cmath module.
 *
 * +, -, *, / of complex numbers are IR instructions (codegen/complex.c). Power and the cmath
 * functions are calls of jitc's cmath library (math/cmath.krn, loaded by library.c): Numba's own
 * algorithms (CPython's and NumPy's, in Numba's cpython/cmathimpl.py and numbers.py), written in
 * krn and compiled as any function the user wrote, for the host and the GPU alike, so that
 * results equal Numba's to the last bit where the math library's do. */
#include "builder/build.h"

#include <string.h>

static Operand cmath_call(Builder *b, const char *name, IrValue *args, int n, SrcLoc loc)
{
    return bld_library_call(b, "cmath", name, args, n, loc);
}

/* ---- values ---- */

IrValue bld_make_complex(Builder *b, IrValue re, IrValue im, const Type *t, SrcLoc loc)
{
    const Type *pt = ty_complex_part(t);
    IrValue parts[2] = {bld_cast_value(b, re, pt, loc), bld_cast_value(b, im, pt, loc)};
    return ir_emit(b->f, IR_COMPLEX, 0, t, parts, 2, loc);
}

Operand bld_imag_literal(Builder *b, double im, SrcLoc loc)
{
    const Type *f64 = ty_scalar(TY_FLOAT64), *c128 = ty_scalar(TY_COMPLEX128);
    IrValue v = bld_make_complex(b, ir_const_float(b->f, f64, 0.0, loc), ir_const_float(b->f, f64, im, loc), c128, loc);
    Operand o = bld_value_operand(v, c128);
    o.weak = true; /* a Python complex: weak under NEP 50 */
    return o;
}

/* Numba's threshold above which cmath.sqrt scales its argument: DBL_MAX or FLT_MAX over 1 + sqrt(2). */
static IrValue sqrt_threshold(Builder *b, const Type *t, SrcLoc loc)
{
    double thres = t->kind == TY_COMPLEX64 ? 1.4094955303793193e+38 : 7.446288774449766e+307;
    return ir_const_float(b->f, ty_scalar(TY_FLOAT64), thres, loc);
}

Operand bld_complex_arith(Builder *b, AstOp op, Operand l, Operand r, const Type *t, SrcLoc loc)
{
    IrValue args[2] = {bld_cast_value(b, l.v, t, loc), bld_cast_value(b, r.v, t, loc)};
    Operand res;
    switch (op) {
    case OP_ADD:
    case OP_SUB:
    case OP_MUL:
    case OP_DIV: {
        IrBinOp bop = op == OP_ADD ? IB_ADD : op == OP_SUB ? IB_SUB : op == OP_MUL ? IB_MUL : IB_TRUEDIV;
        res = bld_value_operand(ir_emit(b->f, IR_BIN, bop, t, args, 2, loc), t);
        break;
    }
    case OP_POW:
        res = cmath_call(b, "cpow", args, 2, loc);
        if (res.kind == OPK_ERROR)
            return res;
        res = bld_value_operand(bld_cast_value(b, res.v, t, loc), t);
        break;
    default:
        diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op),
                   bld_type_name(b, l.type), bld_type_name(b, r.type));
        return bld_error_operand(b);
    }
    res.weak = l.weak && r.weak;
    return res;
}

Operand bld_number_part(Builder *b, Operand o, IrUnOp which, SrcLoc loc)
{
    IrValue v = bld_value_of(b, o, loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return bld_error_operand(b);
    if (!ty_is_number(t)) {
        static const char *const NAMES[] = {[IU_REAL] = "real", [IU_IMAG] = "imag", [IU_CONJ] = "conjugate"};
        diag_error(&b->diag, loc, "%s has no attribute '%s'", bld_type_name(b, t), NAMES[which]);
        return bld_error_operand(b);
    }
    if (!ty_is_complex(t)) /* a real number: itself, its imaginary part 0 of its type */
        return which == IU_IMAG ? bld_value_operand(ir_const_zero(b->f, t, loc), t) : bld_value_operand(v, t);
    const Type *rt = which == IU_CONJ ? t : ty_complex_part(t);
    return bld_value_operand(ir_emit(b->f, IR_UNARY, which, rt, &v, 1, loc), rt);
}

Operand bld_complex_abs(Builder *b, IrValue z, SrcLoc loc)
{
    const Type *pt = ty_complex_part(ir_type(b->f, z));
    IrValue parts[2] = {ir_emit(b->f, IR_UNARY, IU_REAL, pt, &z, 1, loc), ir_emit(b->f, IR_UNARY, IU_IMAG, pt, &z, 1, loc)};
    return bld_value_operand(ir_emit(b->f, IR_MATH, IM_HYPOT, pt, parts, 2, loc), pt);
}

/* complex(x), complex(x, y) as Numba types them: complex64 when every argument is float32,
 * else complex128; complex(z) of a complex z is z as complex128 (z's own type for complex64 is
 * Numba's complex64 only from float32). */
Operand bld_complex_ctor(Builder *b, const Expr *call, const Operand *ops, int n)
{
    for (int i = 0; i < n; i++)
        if (!ty_is_number(ops[i].type)) {
            diag_error(&b->diag, call->call.args[i]->loc, "complex() needs a number, not %s",
                       bld_type_name(b, ops[i].type));
            return bld_error_operand(b);
        }
    bool all32 = true;
    for (int i = 0; i < n; i++)
        all32 = all32 && ops[i].type->kind == TY_FLOAT32;
    const Type *t = ty_scalar(all32 ? TY_COMPLEX64 : TY_COMPLEX128), *pt = ty_complex_part(t);
    if (n == 1)
        return bld_value_operand(bld_cast_value(b, ops[0].v, t, call->loc), t);
    for (int i = 0; i < 2; i++)
        if (ty_is_complex(ops[i].type)) {
            diag_error(&b->diag, call->call.args[i]->loc, "complex() of two arguments takes real numbers, not %s",
                       bld_type_name(b, ops[i].type));
            return bld_error_operand(b);
        }
    return bld_value_operand(bld_make_complex(b, bld_cast_value(b, ops[0].v, pt, call->loc),
                                              bld_cast_value(b, ops[1].v, pt, call->loc), t, call->loc), t);
}

/* ---- cmath ---- */

/* What a cmath function takes: any number (made complex), complex numbers only (Numba's
 * @overload forms), floats (rect); a predicate gives a bool; the functions that take a square
 * root get Numba's threshold for its scaling (sqrt_threshold) as an extra argument. */
typedef enum { CM_UNARY, CM_PREDICATE, CM_COMPLEX_ONLY, CM_LOG, CM_RECT } CmathKind;

static const struct { const char *name; CmathKind kind; bool thres; } CMATH[] = {
    {"exp", CM_UNARY, false}, {"log", CM_LOG, false}, {"log10", CM_COMPLEX_ONLY, false}, {"sqrt", CM_UNARY, true},
    {"sin", CM_UNARY, false}, {"cos", CM_UNARY, false}, {"tan", CM_UNARY, false}, {"asin", CM_UNARY, true},
    {"acos", CM_UNARY, true}, {"atan", CM_UNARY, false}, {"sinh", CM_COMPLEX_ONLY, false},
    {"cosh", CM_COMPLEX_ONLY, false}, {"tanh", CM_COMPLEX_ONLY, false}, {"asinh", CM_UNARY, true},
    {"acosh", CM_COMPLEX_ONLY, true}, {"atanh", CM_UNARY, false}, {"phase", CM_COMPLEX_ONLY, false},
    {"polar", CM_COMPLEX_ONLY, false}, {"rect", CM_RECT, false}, {"isnan", CM_PREDICATE, false},
    {"isinf", CM_PREDICATE, false}, {"isfinite", CM_PREDICATE, false},
};

bool bld_cmath_function(const char *name)
{
    for (size_t i = 0; i < sizeof CMATH / sizeof CMATH[0]; i++)
        if (strcmp(CMATH[i].name, name) == 0)
            return true;
    return false;
}

/* cmath.pi, e, tau, inf, nan (floats) and infj, nanj (complex); false if name is none of them. */
bool bld_cmath_constant(Builder *b, const char *name, SrcLoc loc, Operand *out)
{
    double v;
    bool imag = strcmp(name, "infj") == 0 || strcmp(name, "nanj") == 0;
    if (imag) {
        *out = bld_imag_literal(b, name[0] == 'i' ? __builtin_inf() : __builtin_nan(""), loc);
        out->weak = false;
        return true;
    }
    if (!prog_math_constant(name, &v))
        return false;
    const Type *f64 = ty_scalar(TY_FLOAT64);
    *out = bld_value_operand(ir_const_float(b->f, f64, v, loc), f64);
    return true;
}

/* The complex type a cmath function computes a number of type t in (Numba's signatures over
 * complex64 and complex128): complex64 for what it holds exactly (float32, small ints). */
static const Type *cmath_type(const Type *t)
{
    return ty_is_complex(t) ? t : ty_promote(t, false, ty_scalar(TY_COMPLEX64), false);
}

Operand bld_cmath_call(Builder *b, const Expr *call, const char *name, const Operand *ops, int n)
{
    size_t k = 0;
    while (k < sizeof CMATH / sizeof CMATH[0] && strcmp(CMATH[k].name, name) != 0)
        k++;
    CmathKind kind = CMATH[k].kind;
    int min = 1, max = kind == CM_LOG ? 2 : 1;
    if (kind == CM_RECT)
        min = max = 2;
    if (n < min || n > max) {
        diag_error(&b->diag, call->loc, "cmath.%s() takes %d argument%s (%d given)", name, max, max == 1 ? "" : "s", n);
        return bld_error_operand(b);
    }
    for (int i = 0; i < n; i++) {
        const Type *t = ops[i].type;
        bool ok = kind == CM_RECT ? ty_is_float(t) : kind == CM_COMPLEX_ONLY ? ty_is_complex(t) : ty_is_number(t);
        if (!ok) {
            diag_error(&b->diag, call->call.args[i]->loc, "cmath.%s() does not take %s (Numba's takes %s)", name,
                       bld_type_name(b, t), kind == CM_RECT ? "floats" : kind == CM_COMPLEX_ONLY ? "complex numbers" : "numbers");
            return bld_error_operand(b);
        }
    }
    if (kind == CM_RECT) {
        IrValue args[2] = {bld_cast_value(b, ops[0].v, ty_scalar(TY_FLOAT64), call->loc),
                           bld_cast_value(b, ops[1].v, ty_scalar(TY_FLOAT64), call->loc)};
        Operand r = cmath_call(b, "crect", args, 2, call->loc);
        if (r.kind == OPK_ERROR)
            return r;
        return bld_value_operand(bld_cast_value(b, r.v, ty_scalar(TY_COMPLEX128), call->loc), ty_scalar(TY_COMPLEX128));
    }
    const Type *t = cmath_type(ops[0].type);
    if (n == 2)
        t = ty_promote(t, false, cmath_type(ops[1].type), false);
    IrValue args[3];
    for (int i = 0; i < n; i++)
        args[i] = bld_cast_value(b, ops[i].v, t, call->loc);
    if (CMATH[k].thres)
        args[n++] = sqrt_threshold(b, t, call->loc);
    const char *fn = arena_printf(b->pass_arena, "c%s%s", name, n == 2 && kind == CM_LOG ? "_base" : "");
    Operand r = cmath_call(b, fn, args, n, call->loc);
    if (r.kind == OPK_ERROR || kind == CM_PREDICATE || strcmp(name, "phase") == 0 || strcmp(name, "polar") == 0)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, t, call->loc), t); /* as its signature gives it */
}
