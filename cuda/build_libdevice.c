/* build_libdevice.c — numba.cuda.libdevice inside GPU code: `libdevice.sinf(x)`,
 * `cuda.libdevice.sincos(x)`, and the names `from numba.cuda.libdevice import ...` binds.
 *
 * Each function is typed as numba-cuda's stubs type it (ir/libdevice.def, from its
 * libdevicefuncs.py): one concrete signature, to whose argument types any number converts (Numba's
 * unsafe casts: a float64 passed to sinf is rounded to float32, a float to an int32 truncates),
 * and whose pointer out-arguments become a returned tuple (sincosf(x) -> (sin, cos)). The call is
 * one IR_LIBDEVICE, a call of libdevice's __nv_NAME (codegen/lower.c). */
#include "builder/build.h"

#include <ctype.h>

Operand bld_libdevice_member(Builder *b, const char *name, SrcLoc loc)
{
    int row = ir_libdevice_find(name);
    if (row >= 0)
        return (Operand){.kind = OPK_CUDA, .cuda = CU_LIBDEVICE_FN, .libdevice = row};
    diag_error(&b->diag, loc, "numba.cuda.libdevice has no function '%s'", name);
    return bld_error_operand(b);
}

static const Type *letter_type(char c)
{
    switch (tolower((unsigned char)c)) {
    case 'f': return ty_scalar(TY_FLOAT32);
    case 'd': return ty_scalar(TY_FLOAT64);
    case 'h': return ty_scalar(TY_INT16);
    case 'i': return ty_scalar(TY_INT32);
    default: return ty_scalar(TY_INT64);
    }
}

/* The result: the function's own (unless void), then each out-argument's; a tuple if more than one. */
static const Type *result_type(Builder *b, const IrLibdeviceFn *fn)
{
    const Type *parts[4];
    int n = 0;
    if (fn->ret != 'v')
        parts[n++] = letter_type(fn->ret);
    for (const char *a = fn->args; *a; a++)
        if (isupper((unsigned char)*a))
            parts[n++] = letter_type(*a);
    return n == 1 ? parts[0] : ty_tuple(&b->p->types, parts, n);
}

Operand bld_libdevice_call(Builder *b, const Expr *call, Operand callee)
{
    const IrLibdeviceFn *fn = ir_libdevice_fn(callee.libdevice);
    const Type *params[4];
    int nparams = 0;
    for (const char *a = fn->args; *a; a++)
        if (!isupper((unsigned char)*a))
            params[nparams++] = letter_type(*a);
    if (call->call.nkws) {
        diag_error(&b->diag, call->loc, "cuda.libdevice.%s() takes no keyword arguments", fn->name);
        return bld_error_operand(b);
    }
    if (call->call.nargs != nparams) {
        diag_error(&b->diag, call->loc, "cuda.libdevice.%s() takes %d argument%s (%d given)", fn->name, nparams,
                   nparams == 1 ? "" : "s", call->call.nargs);
        return bld_error_operand(b);
    }
    IrValue args[4];
    for (int i = 0; i < nparams; i++) {
        const Expr *e = call->call.args[i];
        IrValue v = bld_value_of(b, bld_expr(b, e), e->loc);
        const Type *t = ir_type(b->f, v);
        if (t->kind == TY_ERROR)
            return bld_error_operand(b);
        if (!ty_is_real(t)) {
            diag_error(&b->diag, e->loc, "cuda.libdevice.%s() takes %s for argument %d, not %s", fn->name,
                       bld_type_name(b, params[i]), i + 1, bld_type_name(b, t));
            return bld_error_operand(b);
        }
        args[i] = bld_cast_value(b, v, params[i], e->loc);
    }
    const Type *rt = result_type(b, fn);
    return bld_value_operand(ir_emit(b->f, IR_LIBDEVICE, callee.libdevice, rt, args, nparams, call->loc), rt);
}
