/* build_getlimits.c — what NumPy tells of a type. np.dtype(T) (a type or its name) is the type,
 * as a dtype object, and a type's itemsize, kind and name are constants. np.finfo and np.iinfo,
 * as Numba has them: a call of a dtype, a type, or a value or array of one is an object without
 * run-time value (OPK_LIMITS, which a variable can hold), and each of its attributes is a
 * constant: the float ones (eps, max, tiny, ...) in the dtype (a complex dtype's float part),
 * the integer ones int64, and iinfo(uint64).max uint64. The attributes are the ones Numba's
 * namedtuples have (numba/np/arraymath.py). */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "builder/build.h"

typedef enum { LIM_FLOAT, LIM_INT } LimitKind;

typedef struct {
    const char *name;
    LimitKind kind;
    double f32, f64; /* the value for float32 and for float64 */
} FloatLimit;

static const FloatLimit FINFO[] = {
    {"bits", LIM_INT, 32, 64},
    {"eps", LIM_FLOAT, FLT_EPSILON, DBL_EPSILON},
    {"epsneg", LIM_FLOAT, FLT_EPSILON / 2, DBL_EPSILON / 2},
    {"iexp", LIM_INT, 8, 11},
    {"machep", LIM_INT, -23, -52},
    {"max", LIM_FLOAT, FLT_MAX, DBL_MAX},
    {"maxexp", LIM_INT, 128, 1024},
    {"min", LIM_FLOAT, -FLT_MAX, -DBL_MAX},
    {"minexp", LIM_INT, -126, -1022},
    {"negep", LIM_INT, -24, -53},
    {"nexp", LIM_INT, 8, 11},
    {"nmant", LIM_INT, 23, 52},
    {"precision", LIM_INT, 6, 15},
    {"resolution", LIM_FLOAT, 1e-6, 1e-15},
    {"tiny", LIM_FLOAT, FLT_MIN, DBL_MIN},
};

bool bld_getlimits_function(const char *name, Operand *out)
{
    Builtin which = strcmp(name, "finfo") == 0 ? BI_FINFO : strcmp(name, "iinfo") == 0 ? BI_IINFO
                  : strcmp(name, "dtype") == 0 ? BI_DTYPE : BI_RANGE;
    if (which == BI_RANGE)
        return false;
    *out = (Operand){.kind = OPK_BUILTIN, .builtin = which};
    return true;
}

/* np.dtype(np.int8), np.dtype("float64"), np.dtype(a.dtype): the type */
static Operand dtype_call(Builder *b, const Expr *call, const Args *a)
{
    const Type *t = a->n == 1 && !call->call.nkws ? a->ops[0].kind == OPK_TYPE ? a->ops[0].tyref
                                                  : a->ops[0].kind == OPK_STR ? prog_type_name(a->ops[0].str) : NULL
                                                 : NULL;
    if (a->n == 1 && a->ops[0].kind == OPK_ERROR)
        return bld_error_operand(b);
    if (!t || t->kind == TY_NONE || !ty_is_scalar(t) || t->kind == TY_STR) {
        diag_error(&b->diag, call->loc, "np.dtype() takes one NumPy type or its name ('float64')");
        return bld_error_operand(b);
    }
    return (Operand){.kind = OPK_TYPE, .tyref = t};
}

/* A type's (a dtype's) attributes: itemsize (int64), kind and name (strings), as NumPy has them. */
bool bld_type_attr(Builder *b, const Type *t, const char *name, SrcLoc loc, Operand *out)
{
    static const char KINDS[] = {[TY_BOOL] = 'b', [TY_INT8] = 'i', [TY_INT16] = 'i', [TY_INT32] = 'i',
                                 [TY_INT64] = 'i', [TY_UINT8] = 'u', [TY_UINT16] = 'u', [TY_UINT32] = 'u',
                                 [TY_UINT64] = 'u', [TY_FLOAT16] = 'f', [TY_FLOAT32] = 'f', [TY_FLOAT64] = 'f',
                                 [TY_COMPLEX64] = 'c', [TY_COMPLEX128] = 'c'};
    if (!ty_is_scalar(t) || t->kind == TY_STR || (size_t)t->kind >= sizeof KINDS)
        return false;
    if (strcmp(name, "itemsize") == 0)
        *out = bld_const_int_operand(b, ty_scalar(TY_INT64), ty_size(t), false, loc);
    else if (strcmp(name, "kind") == 0)
        *out = (Operand){.kind = OPK_STR, .str = arena_printf(b->p->arena, "%c", KINDS[t->kind])};
    else if (strcmp(name, "name") == 0)
        *out = (Operand){.kind = OPK_STR, .str = ty_name(b->p->arena, t)};
    else
        return false;
    return true;
}

/* The dtype an argument of np.finfo / np.iinfo names: a type, an array's dtype, a value's type. */
static const Type *limits_dtype(Builder *b, Operand o)
{
    if (o.kind == OPK_TYPE)
        return o.tyref;
    if (o.kind != OPK_VALUE)
        return NULL;
    const Type *t = ir_type(b->f, o.v);
    return t->kind == TY_ARRAY ? t->dtype : ty_is_scalar(t) || t->kind == TY_ERROR ? t : NULL;
}

Operand bld_getlimits_call(Builder *b, const Expr *call, Builtin which, const Args *a)
{
    if (which == BI_DTYPE)
        return dtype_call(b, call, a);
    const char *what = which == BI_FINFO ? "np.finfo" : "np.iinfo";
    if (call->call.nkws || a->n != 1) {
        diag_error(&b->diag, call->loc, "%s() takes one argument: a dtype, or a value or array of one", what);
        return bld_error_operand(b);
    }
    const Type *dt = limits_dtype(b, a->ops[0]);
    if (a->ops[0].kind == OPK_ERROR || (dt && dt->kind == TY_ERROR)) /* reported, or a parameter not typed yet */
        return bld_error_operand(b);
    if (dt && which == BI_FINFO && ty_is_complex(dt))
        dt = ty_complex_part(dt);
    bool ok = dt && (which == BI_FINFO ? dt->kind == TY_FLOAT32 || dt->kind == TY_FLOAT64
                                       : ty_is_int(dt) && dt->kind != TY_BOOL);
    if (!ok) {
        diag_error(&b->diag, call->call.args[0]->loc, "%s() of %s: NumPy has it for %s only", what,
                   dt ? bld_type_name(b, dt) : "this",
                   which == BI_FINFO ? "float32, float64 and complex dtypes" : "integer dtypes");
        return bld_error_operand(b);
    }
    return (Operand){.kind = OPK_LIMITS, .builtin = which, .tyref = dt};
}

static Operand finfo_attr(Builder *b, const Type *dt, const char *name, SrcLoc loc)
{
    for (size_t i = 0; i < sizeof FINFO / sizeof FINFO[0]; i++) {
        if (strcmp(FINFO[i].name, name) != 0)
            continue;
        double v = dt->kind == TY_FLOAT32 ? FINFO[i].f32 : FINFO[i].f64;
        if (FINFO[i].kind == LIM_INT)
            return bld_const_int_operand(b, ty_scalar(TY_INT64), (int64_t)v, false, loc);
        return bld_value_operand(ir_const_float(b->f, dt, v, loc), dt);
    }
    diag_error(&b->diag, loc, "finfo(%s) has no attribute '%s'", bld_type_name(b, dt), name);
    return bld_error_operand(b);
}

static Operand iinfo_attr(Builder *b, const Type *dt, const char *name, SrcLoc loc)
{
    int bits = (int)ty_size(dt) * 8;
    bool is_signed = ty_is_signed(dt);
    const Type *i64 = ty_scalar(TY_INT64);
    if (strcmp(name, "bits") == 0)
        return bld_const_int_operand(b, i64, bits, false, loc);
    if (strcmp(name, "min") == 0)
        return bld_const_int_operand(b, i64, is_signed ? (int64_t)(UINT64_MAX << (bits - 1)) : 0, false, loc);
    if (strcmp(name, "max") == 0) {
        if (!is_signed && bits == 64) /* 2**64 - 1 is no int64: Numba types it uint64 */
            return bld_const_int_operand(b, ty_scalar(TY_UINT64), -1, false, loc);
        return bld_const_int_operand(b, i64, (int64_t)(UINT64_MAX >> (64 - bits + is_signed)), false, loc);
    }
    diag_error(&b->diag, loc, "iinfo(%s) has no attribute '%s'", bld_type_name(b, dt), name);
    return bld_error_operand(b);
}

Operand bld_getlimits_attr(Builder *b, Operand info, const char *name, SrcLoc loc)
{
    return info.builtin == BI_FINFO ? finfo_attr(b, info.tyref, name, loc) : iinfo_attr(b, info.tyref, name, loc);
}
