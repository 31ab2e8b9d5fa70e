/* build_isinstance.c — isinstance(x, T) as Numba decides it: when compiling, from x's type, so that
 * `if isinstance(x, (int, float)):` keeps only the branch that x's type takes (build_numpy.c's
 * bld_static_condition asks here).
 *
 * Numba (numba/cpython/builtins.py, ol_isinstance) compares x's type with the Numba type of each
 * class: int is int64, float float64, bool bool, complex complex128, str a string; tuple, list,
 * dict, set and range take any of their kind. */
#include "builder/build.h"

#include <string.h>

/* Whether a value of type t is an instance of the builtin class `name`; -1: no class jitc knows. */
static int instance_of(const Type *t, const char *name)
{
    static const struct { const char *name; TypeKind kind; } SCALARS[] = {
        {"int", TY_INT64}, {"float", TY_FLOAT64}, {"bool", TY_BOOL}, {"complex", TY_COMPLEX128}, {"str", TY_STR},
    };
    for (size_t i = 0; i < sizeof SCALARS / sizeof SCALARS[0]; i++)
        if (strcmp(name, SCALARS[i].name) == 0)
            return t->kind == SCALARS[i].kind;
    if (strcmp(name, "tuple") == 0)
        return t->kind == TY_TUPLE && (!t->tag || t->tuple_class);
    if (strcmp(name, "range") == 0)
        return ty_is_range(t);
    if (strcmp(name, "list") == 0)
        return t->kind == TY_LIST && !t->typed_list;
    if (strcmp(name, "dict") == 0)
        return t->kind == TY_DICT;
    if (strcmp(name, "set") == 0)
        return t->kind == TY_SET;
    return -1;
}

/* A class name the function did not rebind, or NULL. */
static const char *class_name(Builder *b, const Expr *e)
{
    return e->kind == EX_NAME && bld_builtin_name(b, e, e->name) ? e->name : NULL;
}

bool bld_is_isinstance_call(Builder *b, const Expr *e)
{
    return e->kind == EX_CALL && bld_builtin_name(b, e->call.func, "isinstance");
}

int bld_isinstance(Builder *b, const Expr *call, bool report)
{
    if (call->call.nargs != 2 || call->call.nkws) {
        if (report)
            diag_error(&b->diag, call->loc, "isinstance() takes an object and a class or a tuple of classes");
        return -1;
    }
    const Expr *classes = call->call.args[1];
    int n = classes->kind == EX_TUPLE ? classes->seq.n : 1;
    Operand x = bld_expr(b, call->call.args[0]);
    if (x.kind == OPK_ERROR || (x.kind == OPK_VALUE && x.type->kind == TY_ERROR))
        return -1;
    const Type *t = bld_is_str(&x)         ? ty_scalar(TY_STR)
                  : x.kind == OPK_NONE     ? prog_none_type(b->p)
                  : x.kind == OPK_VALUE    ? x.type
                                           : NULL;
    if (t && t->kind == TY_COMPTIME && t->dtype) /* a literal: a value of its type */
        t = t->dtype;
    if (!t || ty_is_optional(t)) {
        if (report)
            diag_error(&b->diag, call->call.args[0]->loc, t ? "isinstance cannot handle optional types" :
                       "isinstance() of this object is not supported by jitc (numbers, strings, arrays, tuples, "
                       "lists, dicts and sets are)");
        return -1;
    }
    int any = 0;
    for (int i = 0; i < n; i++) {
        const Expr *c = classes->kind == EX_TUPLE ? classes->seq.items[i] : classes;
        const char *name = class_name(b, c);
        int r = name ? instance_of(t, name) : -1;
        if (r < 0) {
            if (report)
                diag_error(&b->diag, c->loc, "isinstance() takes the classes int, float, bool, complex, str, tuple, "
                                             "list, dict, set and range in jitc");
            return -1;
        }
        any |= r;
    }
    return any;
}
