/* defaults.c — the values of parameters a caller of the C API (jitc_call, `jitc call`) leaves
 * out: a function's default values (`def f(u, D, dx=1.)`), evaluated as constants at module
 * scope, as Numba's dispatcher fills omitted arguments; and the arguments past the positional
 * parameters of a function with `*args`, packed into the one tuple that parameter takes. */
#include <stdio.h>
#include <string.h>

#include "driver.h"

/* A scalar type as an argument's kind (JITC_DTYPE's .dtype); JITC_NONE for another type. */
static jitc_kind scalar_kind(const Type *t)
{
    static const jitc_kind KINDS[] = {
        [TY_BOOL] = JITC_BOOL, [TY_INT8] = JITC_INT8, [TY_INT16] = JITC_INT16, [TY_INT32] = JITC_INT32,
        [TY_INT64] = JITC_INT64, [TY_UINT8] = JITC_UINT8, [TY_UINT16] = JITC_UINT16, [TY_UINT32] = JITC_UINT32,
        [TY_UINT64] = JITC_UINT64, [TY_FLOAT32] = JITC_FLOAT32, [TY_FLOAT64] = JITC_FLOAT64,
        [TY_COMPLEX64] = JITC_COMPLEX64, [TY_COMPLEX128] = JITC_COMPLEX128,
    };
    return t && (size_t)t->kind < sizeof KINDS / sizeof KINDS[0] ? KINDS[t->kind] : JITC_NONE;
}

/* A default that names a NumPy type (`dtype=np.int_`, `float64` imported): the type, passed as a
 * class (JITC_DTYPE); false if it is none. */
static bool type_default(const Program *p, const Expr *e, jitc_value *out)
{
    const Type *t = NULL;
    if (e->kind == EX_NAME) {
        const Global *g = prog_global(p, e->name);
        t = g && g->kind == G_TYPE ? g->type : NULL;
    } else if (e->kind == EX_ATTR && e->attr.value->kind == EX_NAME) {
        const Global *g = prog_global(p, e->attr.value->name);
        t = g && g->kind == G_MODULE && (g->module == MOD_NUMPY || g->module == MOD_NUMBA || g->module == MOD_TYPES)
                ? prog_type_name(e->attr.name) : NULL;
    }
    jitc_kind k = scalar_kind(t);
    if (k == JITC_NONE)
        return false;
    *out = jitc_dtype(k);
    return true;
}

/* A default that is a number, a boolean, a string, a negated number, a math constant, a NumPy
 * type or a module constant naming one of those; false if it is none of them. */
static bool constant_default(const Program *p, const Expr *e, jitc_value *out, int depth)
{
    if (e && type_default(p, e, out))
        return true;
    if (!e || depth > 16)
        return false;
    switch (e->kind) {
    case EX_INT: *out = jitc_i64(e->ival); return true;
    case EX_FLOAT: *out = jitc_f64(e->fval); return true;
    case EX_BOOL: *out = jitc_bool(e->bval); return true;
    case EX_STR: *out = jitc_str(e->str); return true; /* the source's text, which outlives the call */
    case EX_NONE: *out = (jitc_value){.kind = JITC_NONE}; return true; /* a compile-time None: no slot */
    case EX_UNARY:
        if ((e->unary.op != OP_NEG && e->unary.op != OP_POS) || !constant_default(p, e->unary.operand, out, depth + 1)
            || out->kind == JITC_BOOL)
            return false;
        if (e->unary.op == OP_NEG) {
            if (out->kind == JITC_INT64)
                out->i = (int64_t)(0 - (uint64_t)out->i);
            else
                out->f64 = -out->f64;
        }
        return true;
    case EX_NAME: {
        const Global *g = prog_global(p, e->name);
        if (g && g->kind == G_MATHCONST)
            return *out = jitc_f64(g->fval), true;
        return g && g->kind == G_CONST && constant_default(p, g->expr, out, depth + 1);
    }
    default: return false;
    }
}

int drv_fill_defaults(const Program *p, const ProgFunc *f, const jitc_value *args, int nargs, jitc_value *all,
                      int cap, char *msg, size_t len)
{
    const FuncDef *def = f->def;
    if (nargs >= def->nparams || def->nparams > cap || (f->kind != FK_HOST && f->kind != FK_VECTORIZE))
        return nargs; /* what is wrong with the call is the dispatch's to say (drv_find_spec) */
    for (int i = nargs; i < def->nparams; i++)
        if (!def->params[i].default_value)
            return nargs;
    memcpy(all, args, sizeof *args * (size_t)nargs);
    for (int i = nargs; i < def->nparams; i++) {
        const Param *prm = &def->params[i];
        if (!constant_default(p, prm->default_value, &all[i], 0)) {
            snprintf(msg, len, "%s(): the default value of '%s' cannot be passed through the C API (only number, "
                               "boolean and string constants, NumPy types and None can): pass the argument", def->name, prm->name);
            return -1;
        }
    }
    return def->nparams;
}

const Type **drv_default_types(jitc_module *mod, const ProgFunc *f, const Type **params, int *n)
{
    const FuncDef *def = f->def;
    if (*n >= def->nparams)
        return params;
    jitc_value given[64] = {{0}}, all[64];
    char msg[256];
    if (drv_fill_defaults(mod->prog, f, given, *n, all, 64, msg, sizeof msg) != def->nparams)
        return params; /* a parameter without a default: the count error is the specialization's to report */
    const Type **types = arena_alloc(mod->arena, sizeof *types * (size_t)def->nparams);
    memcpy(types, params, sizeof *params * (size_t)*n);
    for (int i = *n; i < def->nparams; i++)
        types[i] = all[i].kind == JITC_NONE ? prog_none_type(mod->prog)
                   : all[i].kind == JITC_DTYPE ? drv_value_type(mod->prog, &all[i], false, msg, sizeof msg, i)
                   : ty_scalar(all[i].kind == JITC_INT64  ? TY_INT64
                               : all[i].kind == JITC_BOOL ? TY_BOOL
                               : all[i].kind == JITC_STR  ? TY_STR
                                                          : TY_FLOAT64);
    *n = def->nparams;
    return types;
}

/* The index of def's *args parameter, or -1. */
static int star_index(const FuncDef *def)
{
    for (int i = 0; i < def->nparams; i++)
        if (def->params[i].star)
            return i;
    return -1;
}

const jitc_value *drv_pack_star_args(const ProgFunc *f, const jitc_value *args, int *nargs, jitc_value *packed,
                                     jitc_value *items)
{
    int s = star_index(f->def);
    if (s < 0 || *nargs < s)
        return args;
    memcpy(packed, args, sizeof *args * (size_t)s);
    memcpy(items, args + s, sizeof *args * (size_t)(*nargs - s));
    packed[s] = (jitc_value){.kind = JITC_TUPLE, .items = items, .nitems = *nargs - s};
    *nargs = s + 1;
    return packed;
}

const Type **drv_pack_star_types(jitc_module *mod, const ProgFunc *f, const Type **params, int *n)
{
    int s = star_index(f->def);
    if (s < 0 || *n < s)
        return params;
    const Type **types = arena_alloc(mod->arena, sizeof *types * (size_t)(s + 1));
    memcpy(types, params, sizeof *params * (size_t)s);
    types[s] = ty_tuple(&mod->prog->types, params + s, *n - s);
    *n = s + 1;
    return types;
}
