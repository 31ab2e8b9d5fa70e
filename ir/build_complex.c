/* build_complex.c — complex numbers in the builder (issue 19): imaginary literals, complex(),
 * arithmetic on complex operands, .real/.imag/.conjugate(), abs, and the cmath module.
 *
 * +, -, *, / of complex numbers are IR instructions (codegen/complex.c). Power and the cmath
 * functions are the prelude below: Numba's own algorithms (CPython's and NumPy's, in Numba's
 * cpython/cmathimpl.py and numbers.py), written in krn and compiled as any function the user
 * wrote, for the host and the GPU alike, so that results equal Numba's to the last bit where
 * the math library's do. The prelude is parsed into a program the first time it is needed;
 * its functions are kept with the builder's outlined ones (p->outlined) and reach each other
 * and the math module through globals whose names begin with `_jitc_`. */
#include "build.h"

#include <string.h>

#include "frontend/parser.h"

static const char PRELUDE[] =
    "def _jitc_cpow(a, b):\n"
    "    if b.real == 2.0 and b.imag == 0.0:\n"
    "        return a * a\n"
    "    ar = float(a.real)\n"
    "    ai = float(a.imag)\n"
    "    br = float(b.real)\n"
    "    bi = float(b.imag)\n"
    "    if br == 0.0 and bi == 0.0:\n"
    "        return complex(1.0, 0.0)\n"
    "    if ar == 0.0 and ai == 0.0:\n"
    "        if bi != 0.0 or br < 0.0:\n"
    "            return complex(_jitc_math.nan, _jitc_math.nan)\n"
    "        return complex(0.0, 0.0)\n"
    "    vabs = _jitc_math.hypot(ar, ai)\n"
    "    length = _jitc_math.pow(vabs, br)\n"
    "    at = _jitc_math.atan2(ai, ar)\n"
    "    phase = at * br\n"
    "    if bi != 0.0:\n"
    "        length /= _jitc_math.exp(at * bi)\n"
    "        phase += bi * _jitc_math.log(vabs)\n"
    "    return complex(length * _jitc_math.cos(phase), length * _jitc_math.sin(phase))\n"
    "\n"
    "def _jitc_cisnan(z):\n"
    "    return _jitc_math.isnan(z.real) or _jitc_math.isnan(z.imag)\n"
    "\n"
    "def _jitc_cisinf(z):\n"
    "    return _jitc_math.isinf(z.real) or _jitc_math.isinf(z.imag)\n"
    "\n"
    "def _jitc_cisfinite(z):\n"
    "    return _jitc_math.isfinite(z.real) and _jitc_math.isfinite(z.imag)\n"
    "\n"
    "def _jitc_cphase(z):\n"
    "    return _jitc_math.atan2(z.imag, z.real)\n"
    "\n"
    "def _jitc_cpolar(z):\n"
    "    return _jitc_math.hypot(z.real, z.imag), _jitc_math.atan2(z.imag, z.real)\n"
    "\n"
    "def _jitc_crect(r, phi):\n"
    "    if not _jitc_math.isfinite(phi):\n"
    "        if not r:\n"
    "            return abs(r)\n"
    "        if _jitc_math.isinf(r):\n"
    "            return complex(r, phi)\n"
    "    real = _jitc_math.cos(phi)\n"
    "    imag = _jitc_math.sin(phi)\n"
    "    if real == 0. and _jitc_math.isinf(r):\n"
    "        real /= r\n"
    "    else:\n"
    "        real *= r\n"
    "    if imag == 0. and _jitc_math.isinf(r):\n"
    "        imag /= r\n"
    "    else:\n"
    "        imag *= r\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_cexp(z):\n"
    "    x = z.real\n"
    "    y = z.imag\n"
    "    if _jitc_math.isfinite(x):\n"
    "        if _jitc_math.isfinite(y):\n"
    "            c = _jitc_math.cos(y)\n"
    "            s = _jitc_math.sin(y)\n"
    "            r = _jitc_math.exp(x)\n"
    "            return complex(r * c, r * s)\n"
    "        return complex(_jitc_math.nan, _jitc_math.nan)\n"
    "    if _jitc_math.isnan(x):\n"
    "        if y:\n"
    "            return complex(x, x)\n"
    "        return complex(x, y)\n"
    "    if x > 0.0:\n"
    "        if _jitc_math.isfinite(y):\n"
    "            real = _jitc_math.cos(y)\n"
    "            imag = _jitc_math.sin(y)\n"
    "            if real != 0:\n"
    "                real *= x\n"
    "            if imag != 0:\n"
    "                imag *= x\n"
    "            return complex(real, imag)\n"
    "        return complex(x, _jitc_math.nan)\n"
    "    if _jitc_math.isfinite(y):\n"
    "        r = _jitc_math.exp(x)\n"
    "        c = _jitc_math.cos(y)\n"
    "        s = _jitc_math.sin(y)\n"
    "        return complex(r * c, r * s)\n"
    "    return complex(0.0, 0.0)\n"
    "\n"
    "def _jitc_clog(z):\n"
    "    a = _jitc_math.log(_jitc_math.hypot(z.real, z.imag))\n"
    "    b = _jitc_math.atan2(z.imag, z.real)\n"
    "    return complex(a, b)\n"
    "\n"
    "def _jitc_clog_base(z, base):\n"
    "    return _jitc_clog(z) / _jitc_clog(base)\n"
    "\n"
    "def _jitc_clog10(z):\n"
    "    w = _jitc_clog(z)\n"
    "    return complex(w.real / 2.302585092994046, w.imag / 2.302585092994046)\n"
    "\n"
    "def _jitc_csqrt(z, thres):\n"
    "    a = z.real\n"
    "    b = z.imag\n"
    "    if a == 0.0 and b == 0.0:\n"
    "        return complex(abs(b), b)\n"
    "    if _jitc_math.isinf(b):\n"
    "        return complex(abs(b), b)\n"
    "    if _jitc_math.isnan(a):\n"
    "        return complex(a, a)\n"
    "    if _jitc_math.isinf(a):\n"
    "        if a < 0.0:\n"
    "            return complex(abs(b - b), _jitc_math.copysign(a, b))\n"
    "        return complex(a, _jitc_math.copysign(b - b, b))\n"
    "    scale = False\n"
    "    if abs(a) >= thres or abs(b) >= thres:\n"
    "        a *= 0.25\n"
    "        b *= 0.25\n"
    "        scale = True\n"
    "    if a >= 0:\n"
    "        t = _jitc_math.sqrt((a + _jitc_math.hypot(a, b)) * 0.5)\n"
    "        real = t\n"
    "        imag = b / (2 * t)\n"
    "    else:\n"
    "        t = _jitc_math.sqrt((-a + _jitc_math.hypot(a, b)) * 0.5)\n"
    "        real = abs(b) / (2 * t)\n"
    "        imag = _jitc_math.copysign(t, b)\n"
    "    if scale:\n"
    "        return complex(real * 2, imag)\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_ccosh(z):\n"
    "    x = z.real\n"
    "    y = z.imag\n"
    "    if _jitc_math.isinf(x):\n"
    "        if _jitc_math.isnan(y):\n"
    "            real = abs(x)\n"
    "            imag = y\n"
    "        elif y == 0.0:\n"
    "            real = abs(x)\n"
    "            imag = y\n"
    "        else:\n"
    "            real = _jitc_math.copysign(x, _jitc_math.cos(y))\n"
    "            imag = _jitc_math.copysign(x, _jitc_math.sin(y))\n"
    "        if x < 0.0:\n"
    "            imag = -imag\n"
    "        return complex(real, imag)\n"
    "    return complex(_jitc_math.cos(y) * _jitc_math.cosh(x), _jitc_math.sin(y) * _jitc_math.sinh(x))\n"
    "\n"
    "def _jitc_ccos(z):\n"
    "    return _jitc_ccosh(complex(-z.imag, z.real))\n"
    "\n"
    "def _jitc_csinh(z):\n"
    "    x = z.real\n"
    "    y = z.imag\n"
    "    if _jitc_math.isinf(x):\n"
    "        if _jitc_math.isnan(y):\n"
    "            real = x\n"
    "            imag = y\n"
    "        else:\n"
    "            real = _jitc_math.cos(y)\n"
    "            imag = _jitc_math.sin(y)\n"
    "            if real != 0.:\n"
    "                real *= x\n"
    "            if imag != 0.:\n"
    "                imag *= abs(x)\n"
    "        return complex(real, imag)\n"
    "    return complex(_jitc_math.cos(y) * _jitc_math.sinh(x), _jitc_math.sin(y) * _jitc_math.cosh(x))\n"
    "\n"
    "def _jitc_csin(z):\n"
    "    r = _jitc_csinh(complex(-z.imag, z.real))\n"
    "    return complex(r.imag, -r.real)\n"
    "\n"
    "def _jitc_ctanh(z):\n"
    "    x = z.real\n"
    "    y = z.imag\n"
    "    if _jitc_math.isinf(x):\n"
    "        real = _jitc_math.copysign(1., x)\n"
    "        if _jitc_math.isinf(y):\n"
    "            imag = 0.\n"
    "        else:\n"
    "            imag = _jitc_math.copysign(0., _jitc_math.sin(2. * y))\n"
    "        return complex(real, imag)\n"
    "    tx = _jitc_math.tanh(x)\n"
    "    ty = _jitc_math.tan(y)\n"
    "    cx = 1. / _jitc_math.cosh(x)\n"
    "    txty = tx * ty\n"
    "    denom = 1. + txty * txty\n"
    "    return complex(tx * (1. + ty * ty) / denom, ((ty / denom) * cx) * cx)\n"
    "\n"
    "def _jitc_ctan(z):\n"
    "    r = _jitc_ctanh(complex(-z.imag, z.real))\n"
    "    return complex(r.imag, -r.real)\n"
    "\n"
    "def _jitc_cacos(z, thres):\n"
    "    if abs(z.real) > 8.5070586659632215e+37 or abs(z.imag) > 8.5070586659632215e+37:\n"
    "        real = _jitc_math.atan2(abs(z.imag), z.real)\n"
    "        imag = _jitc_math.copysign(_jitc_math.log(_jitc_math.hypot(z.real * 0.5, z.imag * 0.5)) + "
    "1.3862943611198906, -z.imag)\n"
    "        return complex(real, imag)\n"
    "    s1 = _jitc_csqrt(complex(1. - z.real, -z.imag), thres)\n"
    "    s2 = _jitc_csqrt(complex(1. + z.real, z.imag), thres)\n"
    "    real = 2. * _jitc_math.atan2(s1.real, s2.real)\n"
    "    imag = _jitc_math.asinh(s2.real * s1.imag - s2.imag * s1.real)\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_cacosh(z, thres):\n"
    "    if abs(z.real) > 8.5070586659632215e+37 or abs(z.imag) > 8.5070586659632215e+37:\n"
    "        real = _jitc_math.log(_jitc_math.hypot(z.real * 0.5, z.imag * 0.5)) + 1.3862943611198906\n"
    "        imag = _jitc_math.atan2(z.imag, z.real)\n"
    "        return complex(real, imag)\n"
    "    s1 = _jitc_csqrt(complex(z.real - 1., z.imag), thres)\n"
    "    s2 = _jitc_csqrt(complex(z.real + 1., z.imag), thres)\n"
    "    real = _jitc_math.asinh(s1.real * s2.real + s1.imag * s2.imag)\n"
    "    imag = 2. * _jitc_math.atan2(s1.imag, s2.real)\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_casinh(z, thres):\n"
    "    if abs(z.real) > 8.5070586659632215e+37 or abs(z.imag) > 8.5070586659632215e+37:\n"
    "        real = _jitc_math.copysign(_jitc_math.log(_jitc_math.hypot(z.real * 0.5, z.imag * 0.5)) + "
    "1.3862943611198906, z.real)\n"
    "        imag = _jitc_math.atan2(z.imag, abs(z.real))\n"
    "        return complex(real, imag)\n"
    "    s1 = _jitc_csqrt(complex(1. + z.imag, -z.real), thres)\n"
    "    s2 = _jitc_csqrt(complex(1. - z.imag, z.real), thres)\n"
    "    real = _jitc_math.asinh(s1.real * s2.imag - s2.real * s1.imag)\n"
    "    imag = _jitc_math.atan2(z.imag, s1.real * s2.real - s1.imag * s2.imag)\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_casin(z, thres):\n"
    "    r = _jitc_casinh(complex(-z.imag, z.real), thres)\n"
    "    return complex(r.imag, -r.real)\n"
    "\n"
    "def _jitc_catanh(z):\n"
    "    negate = z.real < 0.\n"
    "    if negate:\n"
    "        z = -z\n"
    "    ay = abs(z.imag)\n"
    "    if _jitc_math.isnan(z.real) or z.real > 9.223371761976865e+18 or ay > 9.223371761976865e+18:\n"
    "        if _jitc_math.isinf(z.imag):\n"
    "            real = _jitc_math.copysign(0., z.real)\n"
    "        elif _jitc_math.isinf(z.real):\n"
    "            real = 0.\n"
    "        else:\n"
    "            h = _jitc_math.hypot(z.real * 0.5, z.imag * 0.5)\n"
    "            real = z.real / 4. / h / h\n"
    "        imag = -_jitc_math.copysign(1.5707963267948966, -z.imag)\n"
    "    elif z.real == 1. and ay < 1.0842021724855044e-19:\n"
    "        if ay == 0.:\n"
    "            real = _jitc_math.inf\n"
    "            imag = z.imag\n"
    "        else:\n"
    "            real = -_jitc_math.log(_jitc_math.sqrt(ay) / _jitc_math.sqrt(_jitc_math.hypot(ay, 2.)))\n"
    "            imag = _jitc_math.copysign(_jitc_math.atan2(2., -ay) / 2, z.imag)\n"
    "    else:\n"
    "        sqay = ay * ay\n"
    "        zr1 = 1 - z.real\n"
    "        real = _jitc_math.log1p(4. * z.real / (zr1 * zr1 + sqay)) * 0.25\n"
    "        imag = -_jitc_math.atan2(-2. * z.imag, zr1 * (1 + z.real) - sqay) * 0.5\n"
    "    if _jitc_math.isnan(z.imag):\n"
    "        imag = _jitc_math.nan\n"
    "    if negate:\n"
    "        return complex(-real, -imag)\n"
    "    return complex(real, imag)\n"
    "\n"
    "def _jitc_catan(z):\n"
    "    r = _jitc_catanh(complex(-z.imag, z.real))\n"
    "    if _jitc_math.isinf(z.real) and _jitc_math.isnan(z.imag):\n"
    "        return complex(r.imag, r.real)\n"
    "    return complex(r.imag, -r.real)\n";

/* ---- the prelude ---- */

static void bind_global(Program *p, Global g) { ARR_PUSH(p->arena, p->globals, p->nglobals, p->capglobals, g); }

/* Parses the prelude into p once: its functions become outlined functions and globals. */
static bool load_prelude(Builder *b, SrcLoc loc)
{
    Program *p = b->p;
    if (prog_global(p, "_jitc_math"))
        return true;
    SrcFile *file = arena_alloc(p->arena, sizeof *file);
    *file = (SrcFile){.name = "<jitc complex prelude>", .text = PRELUDE, .len = (int)sizeof PRELUDE - 1};
    Diag d;
    diag_init(&d, p->arena);
    Module *m = parse_module(p->arena, &d, file);
    if (d.errors) { /* a bug of jitc's: the prelude is fixed text */
        diag_error(&b->diag, loc, "internal error: jitc's complex prelude does not parse: %s",
                   d.n ? d.items[0].message : "?");
        return false;
    }
    bind_global(p, (Global){.name = "_jitc_math", .kind = G_MODULE, .module = MOD_MATH});
    for (int i = 0; i < m->nitems; i++) {
        if (m->items[i].kind != TOP_FUNC)
            continue;
        ProgFunc *f = arena_alloc(p->arena, sizeof *f);
        memset(f, 0, sizeof *f);
        f->def = m->items[i].func;
        f->kind = FK_HOST;
        ARR_PUSH(p->arena, p->outlined, p->noutlined, p->capoutlined, f);
        bind_global(p, (Global){.name = f->def->name, .kind = G_FUNC, .loc = f->def->loc, .func = f});
    }
    return true;
}

/* A call of the prelude's function `name` (without its `_jitc_` prefix) with values args. */
static Operand prelude_call(Builder *b, const char *name, IrValue *args, int n, SrcLoc loc)
{
    if (!load_prelude(b, loc))
        return bld_error_operand(b);
    const Global *g = prog_global(b->p, arena_printf(b->pass_arena, "_jitc_%s", name));
    const Type *types[4];
    for (int i = 0; i < n; i++)
        types[i] = ir_type(b->f, args[i]);
    Spec *s = prog_specialize(b->p, g->func, types, n, NULL, b->spec->device, loc);
    if (!s || s->state == SPEC_FAILED || !s->ret) {
        if (s && s->state == SPEC_FAILED)
            bld_report_callee_errors(b, s, loc);
        else
            diag_error(&b->diag, loc, "internal error: jitc's complex prelude function '%s' did not type", name);
        return bld_error_operand(b);
    }
    IrValue r = ir_emit(b->f, IR_CALL, 0, s->ret, args, n, loc);
    ir_last(b->f)->imm.callee = s;
    return bld_value_operand(r, s->ret);
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
        res = prelude_call(b, "cpow", args, 2, loc);
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
        Operand r = prelude_call(b, "crect", args, 2, call->loc);
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
    Operand r = prelude_call(b, fn, args, n, call->loc);
    if (r.kind == OPK_ERROR || kind == CM_PREDICATE || strcmp(name, "phase") == 0 || strcmp(name, "polar") == 0)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, t, call->loc), t); /* as its signature gives it */
}
