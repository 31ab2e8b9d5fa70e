/* build_ufuncs.c — NumPy's ufuncs that are neither math functions nor operators: np.logaddexp,
 * np.logaddexp2, np.spacing, np.ldexp, np.reciprocal, np.float_power, np.gcd, np.lcm and np.divmod,
 * typed by Numba's loops (numba/np/ufunc_db.py: the first loop every argument casts to safely)
 * and computed as Numba computes them (numba/np/npyfuncs.py; the ones Numba writes in Python are
 * numpy.krn's _logaddexp, _spacing, _lcm, _divmod_*). On scalars here; over arrays through the
 * element-wise template (build_array.c), whose element function calls them on scalars; divmod's
 * two arrays are two such expressions. Not in GPU code, where numba-cuda refuses them. */
#include <math.h>
#include <string.h>

#include "builder/build.h"

static const struct { const char *name; int nin; } UFUNCS[] = {
    {"logaddexp", 2}, {"logaddexp2", 2}, {"spacing", 1}, {"ldexp", 2}, {"reciprocal", 1},
    {"float_power", 2}, {"gcd", 2}, {"lcm", 2}, {"divmod", 2},
    /* np.divmod's parts, for its element functions over arrays: names no source can write */
    {"$divmod_quotient", 2}, {"$divmod_remainder", 2},
};

bool bld_numpy_ufunc(const char *name, Operand *out)
{
    for (size_t i = 0; i < sizeof UFUNCS / sizeof UFUNCS[0]; i++)
        if (strcmp(UFUNCS[i].name, name) == 0) {
            *out = (Operand){.kind = OPK_BUILTIN, .builtin = BI_NP_UFUNC, .from_numpy = true, .str = UFUNCS[i].name};
            return true;
        }
    return false;
}

/* The inputs of the ufunc that takes an output array after them (np.gcd(a, b, out)); 0 for
 * divmod, whose two outputs jitc does not take. */
int bld_numpy_ufunc_inputs(const char *name)
{
    for (size_t i = 0; i < sizeof UFUNCS / sizeof UFUNCS[0]; i++)
        if (strcmp(UFUNCS[i].name, name) == 0)
            return name[0] == '$' || strcmp(name, "divmod") == 0 ? 0 : UFUNCS[i].nin;
    return 0;
}

/* A type whose values float32 holds exactly (Numba's loops have no float16 form). */
static bool fits_float32(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: case TY_INT8: case TY_UINT8: case TY_INT16: case TY_UINT16: case TY_FLOAT16: case TY_FLOAT32:
        return true;
    default:
        return false;
    }
}

static bool unsupported(Builder *b, const Expr *call, const char *name, const Args *a, int n)
{
    const char *types = "";
    for (int i = 0; i < n; i++)
        types = arena_printf(b->pass_arena, "%s%s%s", types, i ? ", " : "",
                             a->ops[i].kind == OPK_STR ? "a string" : bld_type_name(b, a->types[i]));
    diag_error(&b->diag, call->loc, "np.%s() of (%s) is not supported (Numba has no loop for these types)", name,
               types);
    return false;
}

static bool all_values(const Args *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a->ops[i].kind != OPK_VALUE || !ty_is_number(a->types[i]))
            return false;
    return true;
}

/* The float loop (ff or dd) of the first n real arguments, the first NumPy loop each casts to
 * safely (numba/np/numpy_support.py ufunc_find_matching_loop): float32 when each fits in it, where
 * with integers and floats mixed any integer does (ufunc_can_cast: np.logaddexp(x32, n) is
 * float32), else float64; NULL when one is not real. */
static const Type *float_loop(const Args *a, int n)
{
    bool mixed_int = false, mixed_float = false;
    for (int i = 0; i < n; i++) {
        if (!ty_is_real(a->types[i]))
            return NULL;
        mixed_int = mixed_int || ty_is_int(a->types[i]);
        mixed_float = mixed_float || ty_is_float(a->types[i]);
    }
    bool f32 = true;
    for (int i = 0; i < n; i++)
        f32 = f32 && (fits_float32(a->types[i]) || (ty_is_int(a->types[i]) && mixed_float));
    return ty_scalar(f32 ? TY_FLOAT32 : TY_FLOAT64);
}

/* The integer loop of gcd, lcm and divmod: NumPy's promotion of the integers (bool: int8);
 * NULL when it is no integer (int64 with uint64 promotes to float64). */
static const Type *int_loop(const Args *a, int n)
{
    const Type *t = NULL;
    for (int i = 0; i < n; i++) {
        const Type *ti = ty_is_bool(a->types[i]) ? ty_scalar(TY_INT8) : a->types[i];
        if (!ty_is_int(ti))
            return NULL;
        t = t ? ty_promote(t, false, ti, false) : ti;
    }
    return t && ty_is_int(t) ? t : NULL;
}

static Operand call_numpy(Builder *b, const char *fn, IrValue *args, int n, const Type *rt, SrcLoc loc)
{
    Operand r = bld_library_call(b, "numpy", fn, args, n, loc);
    if (r.kind == OPK_ERROR)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, rt, loc), rt);
}

static IrValue as(Builder *b, const Args *a, int i, const Type *t, SrcLoc loc)
{
    return bld_cast_value(b, a->vals[i], t, loc);
}

static Operand math_fn(Builder *b, IrMathFn fn, IrValue *args, int n, const Type *t, SrcLoc loc)
{
    IrValue r = ir_emit(b->f, IR_MATH, fn, t, args, n, loc);
    return bld_value_operand(r, t);
}

/* np.ldexp(x, n): loops fi, fl, di, dl: n an integer that casts safely to int64 (not uint64) */
static Operand ldexp_call(Builder *b, const Expr *call, const Args *a)
{
    const Type *t = float_loop(a, 1);
    const Type *nt = a->types[1];
    if (!t || !(ty_is_bool(nt) || (ty_is_int(nt) && nt->kind != TY_UINT64))) {
        unsupported(b, call, "ldexp", a, 2);
        return bld_error_operand(b);
    }
    IrValue args[2] = {as(b, a, 0, t, call->loc), as(b, a, 1, ty_scalar(TY_INT64), call->loc)};
    return math_fn(b, IM_LDEXP, args, 2, t, call->loc);
}

/* np.reciprocal: integers as 1.0 / x in float64 converted back (bool: int8), floats 1 / x,
 * complex numbers by Smith's method (numpy.krn _complex_reciprocal) */
static Operand reciprocal_call(Builder *b, const Expr *call, const Args *a)
{
    const Type *t = a->types[0];
    SrcLoc loc = call->loc;
    if (ty_is_int(t) || ty_is_bool(t)) {
        const Type *it = ty_is_bool(t) ? ty_scalar(TY_INT8) : t, *f64 = ty_scalar(TY_FLOAT64);
        IrValue args[2] = {ir_const_float(b->f, f64, 1.0, loc), as(b, a, 0, f64, loc)};
        return call_numpy(b, "_true_divide", args, 2, it, loc);
    }
    if (t->kind == TY_FLOAT32 || t->kind == TY_FLOAT64) {
        IrValue args[2] = {ir_const_float(b->f, t, 1.0, loc), a->vals[0]};
        return call_numpy(b, "_true_divide", args, 2, t, loc);
    }
    if (t->kind == TY_COMPLEX64 || t->kind == TY_COMPLEX128) {
        const Type *pt = ty_scalar(t->kind == TY_COMPLEX64 ? TY_FLOAT32 : TY_FLOAT64);
        IrValue z = a->vals[0];
        IrValue args[4] = {ir_emit(b->f, IR_UNARY, IU_REAL, pt, &z, 1, loc), ir_emit(b->f, IR_UNARY, IU_IMAG, pt, &z, 1, loc),
                           ir_const_float(b->f, pt, 1.0, loc), ir_const_float(b->f, pt, 0.0, loc)};
        const Type *elems[2] = {pt, pt};
        Operand r = call_numpy(b, "_complex_reciprocal", args, 4, ty_tuple(&b->p->types, elems, 2), loc);
        if (r.kind == OPK_ERROR)
            return r;
        IrValue parts[2];
        for (int i = 0; i < 2; i++) {
            parts[i] = ir_emit(b->f, IR_TUPLE_GET, 0, pt, &r.v, 1, loc);
            ir_last(b->f)->imm.index = i;
        }
        return bld_value_operand(bld_make_complex(b, parts[0], parts[1], t, loc), t);
    }
    unsupported(b, call, "reciprocal", a, 1);
    return bld_error_operand(b);
}

/* np.float_power: x ** y in float64 or complex128 */
static Operand float_power_call(Builder *b, const Expr *call, const Args *a)
{
    bool complex = ty_is_complex(a->types[0]) || ty_is_complex(a->types[1]);
    const Type *t = ty_scalar(complex ? TY_COMPLEX128 : TY_FLOAT64);
    Operand x = bld_value_operand(as(b, a, 0, t, call->loc), t), y = bld_value_operand(as(b, a, 1, t, call->loc), t);
    return bld_binary_op(b, OP_POW, x, y, call->loc);
}

/* np.divmod(x, y) of numbers: a tuple (x // y, x % y) of the loop's type; part 0 or 1 of it
 * alone when part is not -1 */
static Operand divmod_call(Builder *b, const Expr *call, const Args *a, int part)
{
    const Type *t = int_loop(a, 2);
    const char *fn = "_divmod_int";
    if (!t) {
        t = float_loop(a, 2);
        fn = "_divmod_float";
    }
    if (!t) {
        unsupported(b, call, "divmod", a, 2);
        return bld_error_operand(b);
    }
    IrValue args[2] = {as(b, a, 0, t, call->loc), as(b, a, 1, t, call->loc)};
    const Type *elems[2] = {t, t};
    Operand r = call_numpy(b, fn, args, 2, ty_tuple(&b->p->types, elems, 2), call->loc);
    if (part < 0 || r.kind == OPK_ERROR)
        return r;
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, t, &r.v, 1, call->loc);
    ir_last(b->f)->imm.index = part;
    return bld_value_operand(v, t);
}

Operand bld_numpy_ufunc_call(Builder *b, const Expr *call, const char *fn, Args *a)
{
    const char *name = fn[0] == '$' ? "divmod" : fn; /* as the user wrote it, in messages */
    int n = 0;
    for (size_t i = 0; i < sizeof UFUNCS / sizeof UFUNCS[0]; i++)
        if (strcmp(UFUNCS[i].name, name) == 0)
            n = UFUNCS[i].nin;
    const char *what = arena_printf(b->pass_arena, "np.%s", name);
    if (b->spec->device) { /* numba-cuda's ufunc table lacks these: its typing refuses them */
        diag_error(&b->diag, call->loc, "%s() is not supported in GPU code (numba-cuda does not implement it)", what);
        return bld_error_operand(b);
    }
    if (!bld_take_args(b, call, a, n, n, what))
        return bld_error_operand(b);
    if (!all_values(a, n)) {
        unsupported(b, call, name, a, n);
        return bld_error_operand(b);
    }
    SrcLoc loc = call->loc;
    if (strcmp(name, "ldexp") == 0)
        return ldexp_call(b, call, a);
    if (strcmp(name, "reciprocal") == 0)
        return reciprocal_call(b, call, a);
    if (strcmp(name, "float_power") == 0)
        return float_power_call(b, call, a);
    if (strcmp(name, "divmod") == 0) /* the tuple, or one part for $divmod_quotient, $divmod_remainder */
        return divmod_call(b, call, a, fn[0] != '$' ? -1 : strcmp(fn, "$divmod_remainder") == 0);
    if (strcmp(name, "gcd") == 0 || strcmp(name, "lcm") == 0) {
        const Type *t = int_loop(a, 2);
        if (!t) {
            unsupported(b, call, name, a, 2);
            return bld_error_operand(b);
        }
        IrValue args[2] = {as(b, a, 0, t, loc), as(b, a, 1, t, loc)};
        if (name[0] == 'g') {
            Operand r = bld_library_call(b, "builtins", "gcd", args, 2, loc);
            return r.kind == OPK_ERROR ? r : bld_value_operand(bld_cast_value(b, r.v, t, loc), t);
        }
        return call_numpy(b, "_lcm", args, 2, t, loc);
    }
    const Type *t = float_loop(a, n); /* logaddexp, logaddexp2, spacing */
    if (!t) {
        unsupported(b, call, name, a, n);
        return bld_error_operand(b);
    }
    IrValue args[4];
    for (int i = 0; i < n; i++)
        args[i] = as(b, a, i, t, loc);
    if (strcmp(name, "spacing") == 0) {
        args[1] = ir_const_float(b->f, t, INFINITY, loc);
        return call_numpy(b, "_spacing", args, 2, t, loc);
    }
    bool base2 = strcmp(name, "logaddexp2") == 0;
    args[2] = ir_const_float(b->f, t, base2 ? 1.0 : 0.693147180559945309417232121458176568, loc);
    args[3] = ir_const_float(b->f, t, 1.442695040888963407359924681001892137, loc);
    return call_numpy(b, base2 ? "_logaddexp2" : "_logaddexp", args, base2 ? 4 : 3, t, loc);
}

/* np.divmod(x, y) with an array among x, y: a tuple of two element-wise expressions over the
 * operands (evaluated once), the quotient and the remainder of np.divmod of each element. */
Operand bld_numpy_divmod_arrays(Builder *b, const Expr *call, const Operand *ops)
{
    Expr *np = bld_syn_name(b, "$numpy", call->loc);
    Operand parts[2];
    const char *names[2] = {"$divmod_quotient", "$divmod_remainder"};
    for (int i = 0; i < 2; i++) {
        Expr *f = bld_syn_expr(b, EX_ATTR, call->loc);
        f->attr.value = np, f->attr.name = names[i];
        /* each expression is named after a node of its own: the call, then its second argument */
        parts[i] = bld_array_call_as(b, i == 0 ? call : call->call.args[1], call, f, ops, 2);
        if (parts[i].kind == OPK_ERROR)
            return parts[i];
    }
    IrValue vals[2];
    const Type *types[2];
    for (int i = 0; i < 2; i++) {
        vals[i] = parts[i].kind == OPK_ARRAYEXPR ? bld_array_value(b, parts[i], call->loc) : parts[i].v;
        types[i] = ir_type(b->f, vals[i]);
        if (types[i]->kind == TY_ERROR)
            return bld_error_operand(b);
    }
    const Type *tt = ty_tuple(&b->p->types, types, 2);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, tt, vals, 2, call->loc), tt);
}
