/* build_call.c — names, attributes and calls: variables, module constants, numpy's scalar
 * functions, builtins (len, min, max, abs, round, int, float, bool, print), casts by type name,
 * and calls between compiled functions (which specialize the callee); bld_bind_args binds a call's
 * arguments to a callee's parameters for every caller that names its parameters. The math
 * functions (math.NAME and their NumPy forms) are math/build_math.c's. */
#include "build.h"

#include <math.h>
#include <string.h>

/* ---- names ---- */

static Operand module_constant(Builder *b, const Global *g, SrcLoc loc)
{
    if (b->const_depth > 16) {
        diag_error(&b->diag, loc, "constant '%s' is defined in terms of itself", g->name);
        return bld_error_operand(b);
    }
    if (g->expr->kind == EX_LISTCOMP) { /* a list, which no global is (Numba: a reflected list global) */
        diag_error(&b->diag, loc, "module-level '%s' is not a constant number or tuple", g->name);
        return bld_error_operand(b);
    }
    if (g->expr->kind == EX_LIST && g->expr->seq.dict) { /* kept for decorators' `**OPTS` */
        diag_error(&b->diag, loc, "'%s' is a dict (line %d): dicts are not supported by jitc", g->name, g->loc.line);
        return bld_error_operand(b);
    }
    b->const_depth++;
    Operand o = bld_expr(b, g->expr);
    b->const_depth--;
    if (o.kind == OPK_VALUE && !ty_is_scalar(o.type) && o.type->kind != TY_TUPLE) {
        diag_error(&b->diag, loc, "module-level '%s' is not a constant number or tuple", g->name);
        return bld_error_operand(b);
    }
    return o;
}

/* A module-level NumPy array: its frozen copy, read-only, as Numba makes a global array. */
Operand bld_const_array(Builder *b, const ConstArray *a, SrcLoc loc)
{
    const Type *t = prog_const_array_type(b->p, a);
    IrValue v = ir_emit(b->f, IR_CONST_ARRAY, 0, t, NULL, 0, loc);
    ir_last(b->f)->imm.carray = a;
    return bld_value_operand(v, t);
}

static Operand float_constant(Builder *b, double v, SrcLoc loc)
{
    Operand o = bld_value_operand(ir_const_float(b->f, ty_scalar(TY_FLOAT64), v, loc), ty_scalar(TY_FLOAT64));
    o.weak = true; /* a Python float: weak under NEP 50 */
    return o;
}

/* A name imported from numba.cuda (`from numba.cuda import grid`): what cuda.NAME is. */
static Operand cuda_member(Builder *b, const Global *g, SrcLoc loc)
{
    if (g->cuda.host)
        diag_error(&b->diag, loc, "'%s' is numba.cuda's host API (cuda.%s): krn code cannot call it", g->name,
                   g->cuda.member);
    else if (!b->spec->device)
        diag_error(&b->diag, loc, "cuda.%s can only be used inside a @cuda.jit kernel", g->cuda.member);
    else
        return bld_cuda_attr(b, (Operand){.kind = OPK_MODULE, .module = MOD_CUDA}, g->cuda.member, loc);
    return bld_error_operand(b);
}

/* An undecorated def (compiled only as `k = cuda.jit(sig)(f)`): plain Python, which compiled
 * code cannot call (Numba: "Untyped global name"). */
static Operand python_function(Builder *b, const Global *g, SrcLoc loc)
{
    if (g->pyfunc.compiled_as)
        diag_error(&b->diag, loc,
                   "'%s' is an undecorated Python function, which compiled code cannot call: call '%s', "
                   "the function compiled from it",
                   g->name, g->pyfunc.compiled_as);
    else
        diag_error(&b->diag, loc, "'%s' is an undecorated Python function, which compiled code cannot call",
                   g->name);
    return bld_error_operand(b);
}

static Operand module_attr(Builder *b, ModuleId m, const char *name, SrcLoc loc);

static Operand global_operand(Builder *b, const Global *g, SrcLoc loc)
{
    switch (g->kind) {
    case G_MODULE: return (Operand){.kind = OPK_MODULE, .module = g->module};
    case G_NUMBA:
        if (g->numba == NB_PRANGE)
            return (Operand){.kind = OPK_BUILTIN, .builtin = BI_PRANGE};
        diag_error(&b->diag, loc, "'%s' can only be used as a decorator", g->name);
        return bld_error_operand(b);
    case G_TYPE: return (Operand){.kind = OPK_TYPE, .tyref = g->type};
    case G_MATHFN: return (Operand){.kind = OPK_MATHFN, .mathfn = g->mathfn};
    case G_MATHCONST: return float_constant(b, g->fval, loc);
    case G_CONST: return module_constant(b, g, loc);
    case G_FUNC: return (Operand){.kind = OPK_FUNC, .func = g->func};
    case G_CUDA: return cuda_member(b, g, loc);
    case G_MEMBER: return module_attr(b, g->member.module, g->member.name, loc);
    case G_TUPLECLASS: return (Operand){.kind = OPK_TUPLECLASS, .tuple_class = g->tuple_class};
    case G_UNSUPPORTED:
        if (strcmp(g->name, g->origin) == 0 || strncmp(g->origin, "module ", 7) == 0)
            diag_error(&b->diag, loc, "'%s' is the %s, which compiled code cannot use: jitc compiles code that "
                       "uses math, cmath, random, numpy and numba", g->name,
                       strncmp(g->origin, "module ", 7) == 0 ? g->origin : "module of that name");
        else
            diag_error(&b->diag, loc, "'%s' (imported from %s) is not supported by jitc", g->name, g->origin);
        return bld_error_operand(b);
    case G_SKIPPED:
        diag_error(&b->diag, loc, "'%s' is %s", g->name, g->origin);
        return bld_error_operand(b);
    case G_PYFUNC: return python_function(b, g, loc);
    case G_ARRAY: return bld_const_array(b, g->array, loc);
    case G_EXCCLASS:
        diag_error(&b->diag, loc, "the exception class '%s' can only be raised here", g->name);
        return bld_error_operand(b);
    }
    return bld_error_operand(b);
}

static const struct { const char *name; Builtin id; } BUILTINS[] = {
    {"range", BI_RANGE}, {"len", BI_LEN}, {"min", BI_MIN}, {"max", BI_MAX}, {"abs", BI_ABS},
    {"round", BI_ROUND}, {"int", BI_INT}, {"float", BI_FLOAT}, {"bool", BI_BOOL}, {"print", BI_PRINT}, {"pow", BI_POW},
    {"enumerate", BI_ENUMERATE}, {"zip", BI_ZIP}, {"reversed", BI_REVERSED}, {"complex", BI_COMPLEX},
    {"divmod", BI_DIVMOD}, {"iter", BI_ITER}, {"next", BI_NEXT}, {"type", BI_TYPE}, {"slice", BI_SLICE},
    {"str", BI_STR}, {"repr", BI_REPR}, {"chr", BI_CHR}, {"ord", BI_ORD},
};

/* Python's builtins that real Numba code uses and jitc does not take (docs/language.md, "Out of
 * scope"): named as what they are rather than as undefined names. */
static bool unsupported_builtin(Builder *b, const Expr *e)
{
    static const struct { const char *name, *what; } OUT[] = {
        {"frozenset", "frozensets are"},
        {"format", "format() is"}, {"hex", "hex() is"},
        {"bytes", "bytes are"}, {"bytearray", "bytes are"}, {"object", "Python objects are"},
        {"getattr", "getattr() is"},
        {"setattr", "setattr() is"}, {"hasattr", "hasattr() is"}, {"id", "id() is"},
        {"filter", "filter() is"}, {"open", "files are"}, {"input", "input() is"},
        {"super", "classes are"}, {"globals", "globals() is"}, {"locals", "locals() is"},
        {"exec", "exec() is"}, {"eval", "eval() is"}, {"memoryview", "memoryview() is"},
    };
    if (strcmp(e->name, "map") == 0) { /* build_map.c */
        diag_error(&b->diag, e->loc, "'map': jitc supports map() as the iterable of a for loop, a comprehension or "
                   "list() only (for x in map(f, a))");
        return true;
    }
    for (size_t i = 0; i < sizeof OUT / sizeof OUT[0]; i++)
        if (strcmp(OUT[i].name, e->name) == 0) {
            diag_error(&b->diag, e->loc, "'%s': %s not supported by jitc", e->name, OUT[i].what);
            return true;
        }
    return false;
}

bool bld_nargs_ok(Builder *b, const Expr *call, const char *what, int min, int max)
{
    if (call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "%s() takes no keyword argument '%s'", what, call->call.kws[0].name);
        return false;
    }
    if (call->call.nargs >= min && call->call.nargs <= max)
        return true;
    if (min == max)
        diag_error(&b->diag, call->loc, "%s() takes %d argument%s (%d given)", what, min, min == 1 ? "" : "s",
                   call->call.nargs);
    else
        diag_error(&b->diag, call->loc, "%s() takes %d to %d arguments (%d given)", what, min, max, call->call.nargs);
    return false;
}

bool bld_builtin_name(Builder *b, const Expr *f, const char *name)
{
    return f->kind == EX_NAME && strcmp(f->name, name) == 0 && !bld_find_var(b, name) && !prog_global(b->p, name);
}

Operand bld_name(Builder *b, const Expr *e)
{
    Var *v = b->const_depth ? NULL : bld_find_var(b, e->name);
    if (v)
        return bld_read_var(b, v, e->loc);
    const Global *g = prog_lookup(b->p, b->spec->func, e->name);
    if (g)
        return global_operand(b, g, e->loc);
    for (size_t i = 0; i < sizeof BUILTINS / sizeof BUILTINS[0]; i++)
        if (strcmp(BUILTINS[i].name, e->name) == 0)
            return (Operand){.kind = OPK_BUILTIN, .builtin = BUILTINS[i].id};
    if (strcmp(e->name, "$numpy") == 0) /* numpy in syntax jitc writes (build_prange.c) */
        return (Operand){.kind = OPK_MODULE, .module = MOD_NUMPY};
    if (bld_in_library(b) && strcmp(e->name, "_raise_value_error") == 0) /* numpy.krn's raise */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_LIB_RAISE_VALUE};
    if (strcmp(e->name, "$raise_value_error") == 0) /* a @stencil's check of its arrays (build_stencil.c) */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_LIB_RAISE_VALUE};
    if (bld_in_library(b) && strcmp(e->name, "_typing_error") == 0) /* numpy.krn's compile error */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_LIB_TYPING_ERROR};
    if (bld_in_library(b) && strcmp(e->name, "_broadcast_view") == 0) /* numpy.krn's np.broadcast_to */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_LIB_BROADCAST_VIEW};
    if (bld_in_library(b) && strcmp(e->name, "_tuple_setitem") == 0) /* numpy.krn's Numba tuple_setitem */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_LIB_TUPLE_SETITEM};
    if (unsupported_builtin(b, e))
        return bld_error_operand(b);
    diag_error(&b->diag, e->loc, "name '%s' is not defined", e->name);
    return bld_error_operand(b);
}

/* ---- attributes ---- */

/* numpy's scalar functions that are math functions (build_math.c), or builtins. */
static bool numpy_function(const char *name, Operand *out)
{
    if (bld_numpy_math_function(name, out) || bld_numpy_ufunc(name, out))
        return true;
    static const struct { const char *np; Builtin id; } BUILTIN_ALIASES[] = {
        {"abs", BI_ABS}, {"absolute", BI_ABS}, {"minimum", BI_MINIMUM}, {"maximum", BI_MAXIMUM},
        {"fmin", BI_FMIN}, {"fmax", BI_FMAX}, {"round", BI_ROUND}, {"around", BI_ROUND}, {"square", BI_SQUARE},
        {"sign", BI_SIGN}, {"signbit", BI_SIGNBIT},
        {"logical_and", BI_LOGICAL_AND}, {"logical_or", BI_LOGICAL_OR}, {"logical_xor", BI_LOGICAL_XOR},
        {"logical_not", BI_LOGICAL_NOT}, {"conj", BI_CONJ}, {"conjugate", BI_CONJ}, {"real", BI_REAL},
        {"imag", BI_IMAG},
    };
    for (size_t i = 0; i < sizeof BUILTIN_ALIASES / sizeof BUILTIN_ALIASES[0]; i++)
        if (strcmp(BUILTIN_ALIASES[i].np, name) == 0) {
            *out = (Operand){.kind = OPK_BUILTIN, .builtin = BUILTIN_ALIASES[i].id, .from_numpy = true};
            return true;
        }
    return false;
}

/* Python's operator module: each function is an operator (`operator.mod(a, b)` is `a % b`); the
 * operator of NAME in *op, false if operator has no such function jitc takes. */
static bool operator_of(const char *name, AstOp *op)
{
    static const struct { const char *name; AstOp op; } OPS[] = {
        {"add", OP_ADD}, {"sub", OP_SUB}, {"mul", OP_MUL}, {"truediv", OP_DIV}, {"floordiv", OP_FLOORDIV},
        {"mod", OP_MOD}, {"pow", OP_POW}, {"lshift", OP_LSHIFT}, {"rshift", OP_RSHIFT}, {"and_", OP_BITAND},
        {"or_", OP_BITOR}, {"xor", OP_BITXOR}, {"neg", OP_NEG}, {"pos", OP_POS}, {"invert", OP_INVERT},
        {"inv", OP_INVERT}, {"not_", OP_NOT}, {"eq", OP_EQ}, {"ne", OP_NE}, {"lt", OP_LT}, {"le", OP_LE},
        {"gt", OP_GT}, {"ge", OP_GE},
    };
    for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; i++)
        if (strcmp(OPS[i].name, name) == 0) {
            if (op)
                *op = OPS[i].op;
            return true;
        }
    return false;
}

/* Point(x, y), Point(y=1.0, x=2.0): a tuple of the class's fields, bound as Python binds them
 * (defaults are not read: every field is given). */
static Operand tuple_class_call(Builder *b, const Expr *call, const TupleClass *cls)
{
    const Expr *given[64] = {0};
    if (cls->n > 64 || call->call.star || call->call.nargs > cls->n) {
        diag_error(&b->diag, call->loc, "%s() takes %d arguments but %d were given", cls->name, cls->n, call->call.nargs);
        return bld_error_operand(b);
    }
    const BldParams params = {.name = cls->name, .names = cls->fields, .n = cls->n};
    if (!bld_bind_args(b, call, &params, given))
        return bld_error_operand(b);
    IrValue items[64];
    const Type *types[64];
    for (int i = 0; i < cls->n; i++) {
        if (!given[i] && cls->defaults) /* the field's default, as the class defines it */
            given[i] = cls->defaults[i];
        if (!given[i]) {
            diag_error(&b->diag, call->loc, "%s() missing 1 required positional argument: '%s'", cls->name,
                       cls->fields[i]);
            return bld_error_operand(b);
        }
        items[i] = bld_value_of(b, bld_expr(b, given[i]), given[i]->loc);
        types[i] = ir_type(b->f, items[i]);
        if (types[i]->kind == TY_ERROR)
            return bld_error_operand(b);
    }
    const Type *t = ty_named_tuple(&b->p->types, cls, types);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, items, cls->n, call->loc), t);
}

/* p.x of a named tuple: the item its field names; false if t has no such field. */
static bool tuple_field(Builder *b, IrValue v, const Type *t, const char *name, SrcLoc loc, Operand *out)
{
    for (int i = 0; t->tuple_class && i < t->n; i++)
        if (strcmp(t->tuple_class->fields[i], name) == 0) {
            *out = bld_value_operand(ir_emit(b->f, IR_TUPLE_GET, 0, t->elems[i], &v, 1, loc), t->elems[i]);
            ir_last(b->f)->imm.index = i;
            return true;
        }
    return false;
}

/* operator.NAME(a, b): the expression `a OP b` (`OP a` for the unary ones), built as written */
static Operand operator_call(Builder *b, const Expr *call, const char *name)
{
    AstOp op = OP_ADD;
    operator_of(name, &op);
    bool unary = op >= OP_NEG && op <= OP_NOT;
    if (call->call.nkws || call->call.star || call->call.nargs != (unary ? 1 : 2)) {
        diag_error(&b->diag, call->loc, "operator.%s() takes %d positional argument%s", name, unary ? 1 : 2,
                   unary ? "" : "s");
        return bld_error_operand(b);
    }
    Expr *e;
    if (unary) {
        e = bld_syn_expr(b, EX_UNARY, call->loc);
        e->unary.op = op;
        e->unary.operand = call->call.args[0];
    } else if (op >= OP_EQ) {
        e = bld_syn_expr(b, EX_COMPARE, call->loc);
        e->compare.ops = arena_alloc(b->p->arena, sizeof *e->compare.ops);
        e->compare.ops[0] = op;
        e->compare.operands = arena_alloc(b->p->arena, sizeof(Expr *) * 2);
        e->compare.operands[0] = call->call.args[0];
        e->compare.operands[1] = call->call.args[1];
        e->compare.n = 2;
    } else {
        e = bld_syn_binop(b, op, call->call.args[0], call->call.args[1]);
        e->loc = call->loc;
    }
    return bld_expr(b, e);
}

static Operand module_attr(Builder *b, ModuleId m, const char *name, SrcLoc loc)
{
    double k;
    Operand o;
    const Type *t;
    if ((m == MOD_MATH || m == MOD_NUMPY || m == MOD_CUPY) && prog_math_constant(name, &k))
        return float_constant(b, k, loc);
    if (m == MOD_OPERATOR && operator_of(name, NULL))
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_OPERATOR, .str = name};
    if (m == MOD_CMATH && bld_cmath_constant(b, name, loc, &o))
        return o;
    if (m == MOD_CMATH && bld_cmath_function(name))
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_CMATH, .str = name};
    if (m == MOD_MATH && strcmp(name, "gcd") == 0) /* build_arith.c */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_GCD};
    if (m == MOD_MATH && bld_math_function(name, &o)) /* build_math.c */
        return o;
    if (m == MOD_NUMPY && strcmp(name, "random") == 0)
        return (Operand){.kind = OPK_MODULE, .module = MOD_NPRANDOM};
    if (m == MOD_NPRANDOM || m == MOD_PYRANDOM)
        return bld_random_member(b, m, name, loc);
    if (m == MOD_NUMPY && (bld_numpy_array_function(name, &o) || numpy_function(name, &o)))
        return o;
    if (m == MOD_NUMPY && strcmp(name, "newaxis") == 0) /* None, as an index */
        return (Operand){.kind = OPK_NONE};
    if ((m == MOD_NUMPY || m == MOD_LINALG) && bld_linalg_member(m, name, &o))
        return o;
    if (m == MOD_NUMPY && bld_getlimits_function(name, &o)) /* build_getlimits.c */
        return o;
    if (m == MOD_NUMPY && bld_create_function(name, &o)) /* build_create.c */
        return o;
    if (m != MOD_MATH && (t = prog_type_name(name)) && t->kind != TY_NONE) /* np, numba, cuda, types */
        return (Operand){.kind = OPK_TYPE, .tyref = t};
    if ((m == MOD_NUMBA || m == MOD_CUDA) && strcmp(name, "types") == 0)
        return (Operand){.kind = OPK_MODULE, .module = MOD_TYPES};
    if (m == MOD_NUMBA && strcmp(name, "prange") == 0)
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_PRANGE};
    if (m == MOD_NUMBA && strcmp(name, "pndindex") == 0 && bld_create_function("ndindex", &o)) /* np.ndindex's */
        return o;
    if (m == MOD_NUMBA && strcmp(name, "cuda") == 0)
        return (Operand){.kind = OPK_MODULE, .module = MOD_CUDA};
    if (m == MOD_CUDA) {
        if (b->spec->device)
            return bld_cuda_attr(b, (Operand){.kind = OPK_MODULE, .module = MOD_CUDA}, name, loc);
        diag_error(&b->diag, loc, "cuda.%s can only be used inside a @cuda.jit kernel", name);
        return bld_error_operand(b);
    }
    if (m == MOD_TYPES) {
        diag_error(&b->diag, loc, "numba.types.%s is not supported by jitc", name);
        return bld_error_operand(b);
    }
    const char *lib_name = m == MOD_LINALG ? arena_printf(b->pass_arena, "linalg.%s", name) : name;
    if ((m == MOD_NUMPY || m == MOD_LINALG) && bld_numpy_library_function(b, lib_name, loc, &o)) /* np/numpy.krn */
        return o;
    static const char *const MODNAMES[] = {"math", "numpy", "numba", "cuda", "numba.types", "cmath", "numpy.linalg",
                                           "numpy.random", "random", "operator", "cupy"};
    diag_error(&b->diag, loc, "module '%s' has no attribute '%s'", MODNAMES[m], name);
    return bld_error_operand(b);
}

static Operand array_attr(Builder *b, IrValue a, const Type *at, const char *name, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64);
    if (strcmp(name, "ndim") == 0)
        return bld_const_int_operand(b, i64, at->ndim, false, loc);
    bool shape = strcmp(name, "shape") == 0, size = strcmp(name, "size") == 0;
    if (!shape && !size) {
        diag_error(&b->diag, loc, "%s has no attribute '%s'",
                   bld_type_name(b, at), name);
        return bld_error_operand(b);
    }
    IrValue dims[TY_MAX_NDIM];
    const Type *types[TY_MAX_NDIM];
    for (int i = 0; i < at->ndim; i++) {
        dims[i] = ir_emit(b->f, IR_SHAPE, 0, i64, &a, 1, loc);
        ir_last(b->f)->imm.index = i;
        types[i] = i64;
    }
    if (shape) {
        const Type *t = ty_tuple(&b->p->types, types, at->ndim);
        return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, dims, at->ndim, loc), t);
    }
    IrValue n = ir_const_int(b->f, i64, 1, loc);
    for (int i = 0; i < at->ndim; i++) {
        IrValue args[2] = {n, dims[i]};
        n = ir_emit(b->f, IR_BIN, IB_MUL, i64, args, 2, loc);
    }
    return bld_value_operand(n, i64);
}

/* Where the attribute's name starts (value.name): errors about it point there. */
static SrcLoc attr_name_loc(const Expr *e)
{
    SrcLoc l = e->attr.value->loc;
    if (e->attr.value->kind == EX_NAME)
        l.col += (int)strlen(e->attr.value->name) + 1;
    return l;
}

Operand bld_attr(Builder *b, const Expr *e)
{
    Operand base = bld_expr(b, e->attr.value);
    if (base.kind == OPK_ERROR)
        return base;
    if (base.kind == OPK_MODULE)
        return module_attr(b, base.module, e->attr.name, attr_name_loc(e));
    if (base.kind == OPK_CUDA)
        return bld_cuda_attr(b, base, e->attr.name, attr_name_loc(e));
    if (base.kind == OPK_LIMITS)
        return bld_getlimits_attr(b, base, e->attr.name, attr_name_loc(e));
    Operand ta;
    if (base.kind == OPK_TYPE && bld_type_attr(b, base.tyref, e->attr.name, attr_name_loc(e), &ta)) /* a dtype's */
        return ta;
    if (base.kind == OPK_ARRAYEXPR) /* (a + b).sum(): computed first */
        base = bld_value_operand(bld_value_of(b, base, e->attr.value->loc), base.type);
    if (base.kind == OPK_VALUE && ty_is_optional(base.type)) /* TypeError where None (build_optional.c) */
        base = bld_unwrap_optional(b, base, e->attr.value->loc);
    Operand field;
    if (base.kind == OPK_VALUE && ty_is_slice(base.type) && bld_slice_attr(b, base, e->attr.name, attr_name_loc(e), &field))
        return field;
    if (base.kind == OPK_VALUE && !bld_is_error(b, base.v) &&
        tuple_field(b, base.v, ir_type(b->f, base.v), e->attr.name, attr_name_loc(e), &field)) /* p.x */
        return field;
    if (base.kind == OPK_VALUE && !bld_is_error(b, base.v) && ir_type(b->f, base.v)->kind == TY_ARRAY) {
        const Type *at = ir_type(b->f, base.v);
        bool found;
        Operand m;
        if (bld_linalg_method(base.v, at, e->attr.name, &m))
            return m;
        m = bld_array_method(b, base.v, at, e->attr.name, e->loc, &found);
        if (!found && bld_array_view_attr(b, base.v, e->attr.name, e->loc, &m))
            return m;
        if (!found && bld_numpy_library_method(b, base.v, at, e->attr.name, e->loc, &m)) /* np/numpy.krn */
            return m;
        return found ? m : array_attr(b, base.v, at, e->attr.name, e->loc);
    }
    IrValue v = bld_value_of(b, base, e->loc);
    const Type *t = ir_type(b->f, v);
    if (ty_is_range(t)) /* build_range.c */
        return bld_range_attr(b, v, e->attr.name, attr_name_loc(e));
    if (ty_is_generator(t) && bld_generator_method(e->attr.name)) /* a bound method (build_nprandom.c) */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_RANDOM, .str = e->attr.name, .module = MOD_NPRANDOM, .v = v, .type = t};
    if (ty_is_number(t) && (strcmp(e->attr.name, "real") == 0 || strcmp(e->attr.name, "imag") == 0))
        return bld_number_part(b, bld_value_operand(v, t), e->attr.name[0] == 'r' ? IU_REAL : IU_IMAG, e->loc);
    if (ty_is_number(t) && strcmp(e->attr.name, "conjugate") == 0) /* a bound method: type says so */
        return (Operand){.kind = OPK_BUILTIN, .builtin = BI_CONJ, .v = v, .type = t};
    if (ty_is_number(t) && strcmp(e->attr.name, "item") == 0) /* build_create.c */
        return bld_number_item(v, t);
    if (ty_is_int(t) && b->spec->device && strcmp(e->attr.name, "bit_count") == 0) /* numba-cuda only */
        return (Operand){.kind = OPK_CUDA, .cuda = CU_BIT_COUNT, .v = v, .type = t};
    if (t->kind == TY_STR) /* build_str.c */
        return bld_str_attr(b, v, e->attr.name, attr_name_loc(e));
    if (!bld_is_error(b, v))
        diag_error(&b->diag, e->loc, "%s has no attribute '%s'", bld_type_name(b, t), e->attr.name);
    return bld_error_operand(b);
}

/* ---- calls ---- */

/* Lowers a builtin's or math function's arguments (not yet as values: an array expression
 * stays one, for the element-wise forms). */
static bool bld_operands(Builder *b, const Expr *call, Args *out)
{
    if (call->call.nargs > BLD_MAX_ARGS) {
        diag_error(&b->diag, call->loc, "calls take at most %d arguments (this one gives %d)", BLD_MAX_ARGS,
                   call->call.nargs);
        return false;
    }
    out->n = call->call.nargs;
    for (int i = 0; i < out->n; i++) {
        out->ops[i] = bld_expr(b, call->call.args[i]);
        for (int k = i + 1; k < out->n; k++)
            out->ops[i] = bld_array_before(b, out->ops[i], call->call.args[k], call->call.args[i]->loc);
    }
    return true;
}

static bool any_arraylike(const Args *a)
{
    for (int i = 0; i < a->n; i++)
        if (bld_is_arraylike(a->ops[i]))
            return true;
    return false;
}

bool bld_take_args(Builder *b, const Expr *call, Args *a, int min, int max, const char *what)
{
    int n = a->n;
    if (call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "%s() takes no keyword arguments", what);
        return false;
    }
    if (n < min || n > max) {
        if (min == max)
            diag_error(&b->diag, call->loc, "%s() takes %d argument%s but %d %s given", what, min, min == 1 ? "" : "s",
                       n, n == 1 ? "was" : "were");
        else
            diag_error(&b->diag, call->loc, "%s() takes %d to %d arguments (%d given)", what, min, max, n);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        if (a->ops[i].kind == OPK_STR)
            continue;
        a->vals[i] = bld_value_of(b, bld_unwrap_optional(b, a->ops[i], call->call.args[i]->loc), call->call.args[i]->loc);
        a->types[i] = ir_type(b->f, a->vals[i]);
        a->ops[i].v = a->vals[i];
        a->ops[i].type = a->types[i];
        a->ops[i].kind = a->ops[i].kind == OPK_ERROR ? OPK_ERROR : OPK_VALUE;
        ok = ok && a->types[i]->kind != TY_ERROR;
    }
    return ok;
}

bool bld_bind_args(Builder *b, const Expr *call, const BldParams *p, const Expr **out)
{
    const char *parens = p->flags & BIND_OWN_PARENS ? "" : "()";
    if (!(p->flags & BIND_PLACED)) {
        int most = p->n - p->first, given = call->call.nargs;
        if (given > most) {
            diag_error(&b->diag, call->loc, p->flags & BIND_SAY_GIVEN ? "%s%s takes at most %d argument%s but %d were given"
                                                                      : "%s%s takes at most %d argument%s",
                       p->name, parens, most, most == 1 ? "" : "s", given);
            return false;
        }
        for (int i = p->first; i < p->n; i++)
            out[i] = i - p->first < given ? call->call.args[i - p->first] : NULL;
    }
    for (int k = 0; k < call->call.nkws; k++) {
        const Keyword *kw = &call->call.kws[k];
        int i = p->first;
        while (i < p->n && !(p->names[i] && strcmp(p->names[i], kw->name) == 0))
            i++;
        if (i == p->n || out[i]) {
            diag_error(&b->diag, kw->loc, i == p->n ? "%s%s got an unexpected keyword argument '%s'"
                                                    : "%s%s got multiple values for argument '%s'",
                       p->name, parens, kw->name);
            return false;
        }
        out[i] = kw->value;
    }
    for (int i = p->first; i < p->required; i++)
        if (!out[i]) {
            diag_error(&b->diag, call->loc, "%s%s is missing its argument '%s'", p->name, parens, p->names[i]);
            return false;
        }
    return true;
}

static bool require_number(Builder *b, const Expr *call, const Args *a, int i, const char *what)
{
    if (a->ops[i].kind == OPK_VALUE && ty_is_number(a->types[i]))
        return true;
    diag_error(&b->diag, call->call.args[i]->loc, "%s() needs a number, not %s", what,
               a->ops[i].kind == OPK_STR ? "a string" : bld_type_name(b, a->types[i]));
    return false;
}

bool bld_require_real(Builder *b, const Expr *call, const Args *a, int i, const char *what)
{
    if (!require_number(b, call, a, i, what))
        return false;
    if (!ty_is_complex(a->types[i]))
        return true;
    diag_error(&b->diag, call->call.args[i]->loc, "%s() does not take complex numbers (%s)", what,
               bld_type_name(b, a->types[i]));
    return false;
}

static IrValue bool_op(Builder *b, IrBinOp op, IrValue x, IrValue y, SrcLoc loc)
{
    return bld_bin(b, op, ty_scalar(TY_BOOL), x, y, loc);
}

/* A complex number is NaN where either part is. */
static IrValue complex_isnan(Builder *b, IrValue re, IrValue im, SrcLoc loc)
{
    return bool_op(b, IB_OR, bld_cmp(b, OP_NE, re, re, loc), bld_cmp(b, OP_NE, im, im, loc), loc);
}

/* np.maximum/minimum/fmax/fmin of two complex numbers of one type, as Numba's loops (NumPy's
 * CGE/CLE): x is kept where its real part is greater (less), both imaginary parts being numbers,
 * or the real parts are equal and its imaginary part is not less (greater). A NaN (either part)
 * wins in maximum/minimum (the first's where both are NaN); fmax/fmin take the other number. */
static IrValue complex_extreme(Builder *b, IrBinOp op, IrValue x, IrValue y, SrcLoc loc)
{
    const Type *pt = ty_complex_part(ir_type(b->f, x));
    IrValue xr = ir_emit(b->f, IR_UNARY, IU_REAL, pt, &x, 1, loc), xi = ir_emit(b->f, IR_UNARY, IU_IMAG, pt, &x, 1, loc);
    IrValue yr = ir_emit(b->f, IR_UNARY, IU_REAL, pt, &y, 1, loc), yi = ir_emit(b->f, IR_UNARY, IU_IMAG, pt, &y, 1, loc);
    bool greater = op == IB_MAXIMUM || op == IB_FMAX;
    IrValue ordered = bool_op(b, IB_AND, bld_cmp(b, OP_EQ, xi, xi, loc), bld_cmp(b, OP_EQ, yi, yi, loc), loc);
    IrValue by_real = bool_op(b, IB_AND, bld_cmp(b, greater ? OP_GT : OP_LT, xr, yr, loc), ordered, loc);
    IrValue by_imag = bool_op(b, IB_AND, bld_cmp(b, OP_EQ, xr, yr, loc), bld_cmp(b, greater ? OP_GE : OP_LE, xi, yi, loc), loc);
    IrValue x_nan = complex_isnan(b, xr, xi, loc), y_nan = complex_isnan(b, yr, yi, loc);
    bool nan_wins = op == IB_MAXIMUM || op == IB_MINIMUM;
    IrValue nan_result = bld_select(b, nan_wins ? x_nan : y_nan, x, y, loc);
    IrValue number_result = bld_select(b, bool_op(b, IB_OR, by_real, by_imag, loc), x, y, loc);
    return bld_select(b, bool_op(b, IB_OR, x_nan, y_nan, loc), nan_result, number_result, loc);
}

/* min/max (Python's, of two or more numbers) and NumPy's minimum/maximum/fmin/fmax (of two; of
 * complex numbers too, as Numba's). */
static Operand bld_minmax(Builder *b, const Expr *call, IrBinOp op, Args *pa)
{
    static const char *const NAMES[] = {"min", "max", "minimum", "maximum", "fmin", "fmax"};
    Args a = *pa;
    const char *name = NAMES[op - IB_MIN];
    bool numpy = op != IB_MIN && op != IB_MAX;
    if (!bld_take_args(b, call, &a, numpy ? 2 : 1, numpy ? 2 : BLD_MAX_ARGS, name))
        return bld_error_operand(b);
    if (a.n == 1 && !numpy && a.types[0]->kind == TY_ARRAY && a.types[0]->ndim == 1 && !ty_is_complex(a.types[0]->dtype))
        return bld_array_builtin_extreme(b, op == IB_MIN, a.vals[0], call->loc);
    const Type *tt = a.types[0];
    if (a.n == 1 && !numpy && tt->kind == TY_TUPLE && !tt->tag && tt->n >= 1 && tt->n <= BLD_MAX_ARGS) {
        IrValue t = a.vals[0]; /* min((TPB, n)): the tuple's items, as arguments */
        a.n = tt->n;
        for (int i = 0; i < tt->n; i++) {
            a.vals[i] = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[i], &t, 1, call->loc);
            ir_last(b->f)->imm.index = i;
            a.types[i] = tt->elems[i];
            a.ops[i] = bld_value_operand(a.vals[i], tt->elems[i]);
        }
        if (a.n == 1)
            return a.ops[0];
    }
    if (a.n == 1) {
        diag_error(&b->diag, call->loc, "%s() of %s is not supported yet: give two or more numbers, or a 1-d array",
                   name, bld_type_name(b, a.types[0]));
        return bld_error_operand(b);
    }
    Operand *ops[BLD_MAX_ARGS];
    for (int i = 0; i < a.n; i++) {
        if (!(numpy ? require_number : bld_require_real)(b, call, &a, i, name))
            return bld_error_operand(b);
        ops[i] = &a.ops[i];
    }
    bld_keep_literal_values(ops, a.n);
    Operand acc = a.ops[0];
    for (int i = 1; i < a.n; i++) {
        const Type *t = ty_promote(acc.type, acc.weak, a.types[i], a.ops[i].weak);
        IrValue args[2] = {bld_cast_value(b, acc.v, t, call->loc), bld_cast_value(b, a.vals[i], t, call->loc)};
        bool weak = acc.weak && a.ops[i].weak;
        acc = bld_value_operand(ty_is_complex(t) ? complex_extreme(b, op, args[0], args[1], call->loc)
                                                 : ir_emit(b->f, IR_BIN, op, t, args, 2, call->loc), t);
        acc.weak = weak;
    }
    return acc;
}

static Operand bld_abs(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 1, 1, "abs") || !require_number(b, call, &a, 0, "abs"))
        return bld_error_operand(b);
    if (ty_is_bool(a.types[0]) && bld_bool_ufunc_loops(b))
        return a.ops[0];
    if (ty_is_complex(a.types[0]))
        return bld_complex_abs(b, a.vals[0], call->loc);
    const Type *t = ty_is_bool(a.types[0]) ? ty_scalar(TY_INT64) : a.types[0];
    IrValue v = bld_cast_value(b, a.vals[0], t, call->loc);
    Operand r = bld_value_operand(ir_emit(b->f, IR_UNARY, IU_ABS, t, &v, 1, call->loc), t);
    r.weak = a.ops[0].weak;
    return r;
}

/* r, or x itself where x is NaN. */
static IrValue nan_or(Builder *b, IrValue x, IrValue r, SrcLoc loc)
{
    int local = ir_new_local(b->f, "$nan_or", ir_type(b->f, x)), nan = ir_new_block(b->f), join = ir_new_block(b->f);
    ir_store(b->f, local, r, loc);
    ir_cbr(b->f, ir_emit(b->f, IR_MATH, IM_ISNAN, ty_scalar(TY_BOOL), &x, 1, loc), nan, join);
    ir_set_block(b->f, nan);
    ir_store(b->f, local, x, loc);
    ir_br(b->f, join);
    ir_set_block(b->f, join);
    return ir_load(b->f, local, loc);
}

static IrValue compare_zero(Builder *b, IrValue x, AstOp op, SrcLoc loc)
{
    return bld_cmp(b, op, x, ir_const_zero(b->f, ir_type(b->f, x), loc), loc);
}

/* The one number a NumPy function of one argument takes, in the type its loops compute in:
 * the number's own, int8 for bool (NumPy's choice for square, Numba's for sign). */
static bool numpy_unary_arg(Builder *b, const Expr *call, Args *a, const char *name, IrValue *x, const Type **t)
{
    if (!bld_take_args(b, call, a, 1, 1, name))
        return false;
    if (!require_number(b, call, a, 0, name))
        return false;
    *t = ty_is_bool(a->types[0]) ? ty_scalar(TY_INT8) : a->types[0];
    *x = bld_cast_value(b, a->vals[0], *t, call->loc);
    return true;
}

/* np.sign(x) as NumPy's loop computes it: x > 0 ? 1 : x < 0 ? -1 : x == 0 ? 0 : x, in x's type
 * (so NaN stays NaN and -0.0 gives 0.0); of a complex z NumPy 2's z / |z| (cmath.krn's csign). */
static Operand bld_sign(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    IrValue x;
    const Type *t;
    if (!numpy_unary_arg(b, call, &a, "sign", &x, &t))
        return bld_error_operand(b);
    if (ty_is_complex(t)) {
        Operand r = bld_library_call(b, "cmath", "csign", &x, 1, call->loc);
        if (r.kind == OPK_ERROR)
            return r;
        Operand o = bld_value_operand(bld_cast_value(b, r.v, t, call->loc), t);
        o.weak = a.ops[0].weak;
        return o;
    }
    IrValue pos_neg[2] = {bld_cast_value(b, compare_zero(b, x, OP_GT, call->loc), t, call->loc),
                          bld_cast_value(b, compare_zero(b, x, OP_LT, call->loc), t, call->loc)};
    IrValue r = ir_emit(b->f, IR_BIN, IB_SUB, t, pos_neg, 2, call->loc);
    Operand o = bld_value_operand(ty_is_float(t) ? nan_or(b, x, r, call->loc) : r, t);
    o.weak = a.ops[0].weak;
    return o;
}

/* np.square(x) is x * x. */
static Operand bld_square(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    IrValue x[2];
    const Type *t;
    if (!numpy_unary_arg(b, call, &a, "square", &x[0], &t))
        return bld_error_operand(b);
    x[1] = x[0];
    Operand o = bld_value_operand(ir_emit(b->f, IR_BIN, IB_MUL, t, x, 2, call->loc), t);
    if (b->opts->fastmath && ty_is_float(t))
        ir_last(b->f)->flags |= IRF_FASTMATH;
    o.weak = a.ops[0].weak;
    return o;
}

/* np.signbit(x): the sign bit of x as a float (float32 stays float32; -0.0 and -nan count). */
static Operand bld_signbit(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 1, 1, "signbit") || !bld_require_real(b, call, &a, 0, "signbit"))
        return bld_error_operand(b);
    const Type *t = ty_scalar(a.types[0]->kind == TY_FLOAT32 ? TY_FLOAT32 : TY_FLOAT64);
    IrValue args[2] = {ir_const_float(b->f, t, 1.0, call->loc), bld_cast_value(b, a.vals[0], t, call->loc)};
    IrValue one = ir_emit(b->f, IR_MATH, IM_COPYSIGN, t, args, 2, call->loc);
    return bld_value_operand(compare_zero(b, one, OP_LT, call->loc), ty_scalar(TY_BOOL));
}

/* np.logical_and / or / xor / not: the truth of numbers, combined as bools. */
static Operand bld_logical(Builder *b, const Expr *call, Builtin id, Args *pa)
{
    static const char *const NAMES[] = {"logical_and", "logical_or", "logical_xor", "logical_not"};
    Args a = *pa;
    const char *name = NAMES[id - BI_LOGICAL_AND];
    int n = id == BI_LOGICAL_NOT ? 1 : 2;
    if (!bld_take_args(b, call, &a, n, n, name))
        return bld_error_operand(b);
    IrValue truth[2];
    for (int i = 0; i < n; i++) {
        if (!require_number(b, call, &a, i, name))
            return bld_error_operand(b);
        truth[i] = bld_truth_value(b, a.ops[i], call->call.args[i]->loc);
    }
    const Type *t = ty_scalar(TY_BOOL);
    if (id == BI_LOGICAL_NOT)
        return bld_value_operand(ir_emit(b->f, IR_UNARY, IU_NOT, t, truth, 1, call->loc), t);
    IrBinOp op = id == BI_LOGICAL_AND ? IB_AND : id == BI_LOGICAL_OR ? IB_OR : IB_XOR;
    return bld_value_operand(ir_emit(b->f, IR_BIN, op, t, truth, 2, call->loc), t);
}

Operand bld_library_call(Builder *b, const char *library, const char *name, IrValue *args, int n, SrcLoc loc)
{
    const Global *g = prog_library_function(b->p, library, name, loc);
    if (!g) { /* jitc's own text: never, but said where it was needed if it happens */
        diag_error(&b->diag, loc, "internal error: jitc's %s library has no function '%s'", library, name);
        return bld_error_operand(b);
    }
    const Type *types[8];
    for (int i = 0; i < n; i++)
        types[i] = ir_type(b->f, args[i]);
    Spec *s = prog_specialize(b->p, g->func, types, n, NULL, b->spec->device, loc);
    if (!s || s->state == SPEC_FAILED || !s->ret) {
        if (s && s->state == SPEC_FAILED)
            bld_report_callee_errors(b, s, loc);
        else
            diag_error(&b->diag, loc, "internal error: jitc's %s function '%s' did not type", library, name);
        return bld_error_operand(b);
    }
    IrValue r = ir_emit(b->f, IR_CALL, 0, s->ret, args, n, loc);
    ir_last(b->f)->imm.callee = s;
    return bld_value_operand(r, s->ret);
}

/* round(x, n) and np.round(x, n) of floats, as Numba computes them (builtins.krn): CPython's
 * algorithm, rounding in x's own type for round() on the host, through an int64 in kernels, and
 * in float64 for np.round, which gives float64 for a float32 scalar x (but keeps an array's
 * dtype: in the element function of an array expression the result goes back to x's type). */
static Operand round_ndigits(Builder *b, Args *a, bool numpy, SrcLoc loc)
{
    const Type *t = a->types[0];
    IrValue args[2] = {a->vals[0], bld_cast_value(b, a->vals[1], ty_scalar(TY_INT64), loc)};
    const char *fn = numpy ? "round_ndigits64" : b->spec->device ? "round_ndigits_cuda"
                   : t->kind == TY_FLOAT32 ? "round_ndigits32" : "round_ndigits64";
    Operand r = bld_library_call(b, "builtins", fn, args, 2, loc);
    if ((numpy && !b->spec->func->fused_from) || r.kind == OPK_ERROR)
        return r;
    return bld_value_operand(bld_cast_value(b, r.v, t, loc), t);
}

/* np.round(z, n) of a complex z, as Numba's: each part rounded as a float is, into a complex128
 * (an array's element goes back to the array's dtype). */
static Operand round_complex(Builder *b, Args *a, SrcLoc loc)
{
    const Type *t = a->types[0], *pt = ty_complex_part(t), *f64 = ty_scalar(TY_FLOAT64), *c128 = ty_scalar(TY_COMPLEX128);
    IrValue parts[2];
    for (int k = 0; k < 2; k++) {
        IrValue part = ir_emit(b->f, IR_UNARY, k ? IU_IMAG : IU_REAL, pt, &a->vals[0], 1, loc);
        if (a->n == 1) {
            parts[k] = bld_cast_value(b, ir_emit(b->f, IR_MATH, IM_RINT, pt, &part, 1, loc), f64, loc);
            continue;
        }
        IrValue args[2] = {part, bld_cast_value(b, a->vals[1], ty_scalar(TY_INT64), loc)};
        Operand r = bld_library_call(b, "builtins", "round_ndigits64", args, 2, loc);
        if (r.kind == OPK_ERROR)
            return r;
        parts[k] = bld_cast_value(b, r.v, f64, loc);
    }
    IrValue z = bld_make_complex(b, parts[0], parts[1], c128, loc);
    if (!b->spec->func->fused_from)
        return bld_value_operand(z, c128);
    return bld_value_operand(bld_cast_value(b, z, t, loc), t);
}

/* round(x) rounds half to even and gives an int; round(x, n) gives a float. np.round (and
 * np.around) keep a float a float, as NumPy does, and take no bools, as Numba; they round a
 * complex number part by part. */
static Operand bld_round(Builder *b, const Expr *call, bool numpy, Args *pa)
{
    Args a = *pa;
    const char *what = numpy ? "np.round" : "round";
    if (!bld_take_args(b, call, &a, 1, 2, what))
        return bld_error_operand(b);
    if (numpy && a.ops[0].kind == OPK_VALUE && ty_is_complex(a.types[0])) {
        if (a.n == 2 && !ty_is_int(a.types[1]) && !ty_is_bool(a.types[1])) {
            diag_error(&b->diag, call->call.args[1]->loc, "%s()'s digits must be an integer, not %s", what,
                       bld_type_name(b, a.types[1]));
            return bld_error_operand(b);
        }
        return round_complex(b, &a, call->loc);
    }
    if (!bld_require_real(b, call, &a, 0, what))
        return bld_error_operand(b);
    const Type *t = a.types[0], *i64 = ty_scalar(TY_INT64);
    if (numpy && ty_is_bool(t)) {
        diag_error(&b->diag, call->call.args[0]->loc, "np.round() does not take a bool");
        return bld_error_operand(b);
    }
    if (!ty_is_float(t))
        return bld_value_operand(bld_cast_value(b, a.vals[0], ty_is_bool(t) ? i64 : t, call->loc),
                                 ty_is_bool(t) ? i64 : t);
    if (a.n == 1) {
        IrValue r = ir_emit(b->f, IR_MATH, IM_RINT, t, &a.vals[0], 1, call->loc);
        return numpy ? bld_value_operand(r, t) : bld_value_operand(bld_cast_value(b, r, i64, call->loc), i64);
    }
    if (!ty_is_int(a.types[1]) && !ty_is_bool(a.types[1])) {
        diag_error(&b->diag, call->call.args[1]->loc, "%s()'s digits must be an integer, not %s", what,
                   bld_type_name(b, a.types[1]));
        return bld_error_operand(b);
    }
    return round_ndigits(b, &a, numpy, call->loc);
}

/* int(x), float(x), bool(x), complex(x): x converted to `to`; a NULL `to` is float()'s float64,
 * which leaves a float32 as it is (Numba's Float template returns a real argument's own type). */
static Operand convert(Builder *b, const Expr *call, const Type *to, const char *what, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 1, 1, what))
        return bld_error_operand(b);
    if (!to)
        to = a.ops[0].kind == OPK_VALUE && a.types[0]->kind == TY_FLOAT32 ? a.types[0] : ty_scalar(TY_FLOAT64);
    if (ty_is_bool(to) && a.ops[0].kind == OPK_VALUE && a.types[0]->kind == TY_LIST) /* bool(l): build_list.c */
        return bld_value_operand(bld_list_truth(b, a.vals[0], call->loc), ty_scalar(TY_BOOL));
    if (ty_is_bool(to) && a.ops[0].kind == OPK_VALUE && ty_is_hash(a.types[0])) /* bool(h): build_dict.c */
        return bld_value_operand(bld_dict_truth(b, a.vals[0], call->loc), ty_scalar(TY_BOOL));
    if (a.ops[0].kind == OPK_STR && ty_is_float(to)) { /* float("inf"), float("nan") */
        const char *s = a.ops[0].str;
        double v = strcmp(s, "inf") == 0 || strcmp(s, "+inf") == 0 ? INFINITY
                 : strcmp(s, "-inf") == 0 ? -INFINITY : strcmp(s, "nan") == 0 ? NAN : 0;
        if (v == 0) {
            diag_error(&b->diag, call->call.args[0]->loc, "%s() of a string takes \"inf\", \"-inf\" or \"nan\"", what);
            return bld_error_operand(b);
        }
        return bld_value_operand(ir_const_float(b->f, to, v, call->loc), to);
    }
    if (ty_is_bool(to) && bld_is_str(&a.ops[0])) /* bool(s): not empty (build_str.c) */
        return bld_value_operand(bld_truth_value(b, a.ops[0], call->loc), to);
    if (!require_number(b, call, &a, 0, what))
        return bld_error_operand(b);
    if (ty_is_bool(to))
        return bld_value_operand(bld_truth_value(b, a.ops[0], call->loc), to);
    if (a.ops[0].is_const && ty_is_int(to) && ty_is_int(a.types[0])) {
        int64_t v = a.ops[0].ci;
        int bits = ty_bits(to);
        if (bits < 64) { /* wrap as a C cast would */
            uint64_t mask = (1ull << bits) - 1, u = (uint64_t)v & mask;
            v = ty_is_signed(to) && (u >> (bits - 1)) ? (int64_t)(u | ~mask) : (int64_t)u;
        }
        return bld_const_int_operand(b, to, v, false, call->loc);
    }
    return bld_value_operand(bld_cast_value(b, a.vals[0], to, call->loc), to);
}

/* What print() writes for one value: a constant string's text (*str), or the value (*val); false
 * (reported) for what print() does not take. */
static bool print_item(Builder *b, Operand o, IrValue v, const Type *t, SrcLoc loc, const char **str, IrValue *val)
{
    *str = NULL;
    if (o.kind == OPK_STR) {
        *str = o.str;
        *val = ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc);
        return true;
    }
    if ((!ty_is_scalar(t) && t->kind != TY_STR && (t->kind != TY_TUPLE || t->tag || b->spec->device)) ||
        (b->spec->device && ty_is_complex(t))) {
        diag_error(&b->diag, loc, "print() of %s is not supported%s", bld_type_name(b, t),
                   b->spec->device ? " in GPU code (numbers and strings are)" : " yet");
        return false;
    }
    *val = v;
    return true;
}

static Operand bld_print(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 0, BLD_MAX_ARGS, "print"))
        return bld_error_operand(b);
    const char **strs = arena_alloc(b->pass_arena, sizeof *strs * (size_t)(a.n ? a.n : 1));
    IrValue vals[BLD_MAX_ARGS];
    for (int i = 0; i < a.n; i++)
        if (!print_item(b, a.ops[i], a.vals[i], a.types[i], call->call.args[i]->loc, &strs[i], &vals[i]))
            return bld_error_operand(b);
    ir_emit(b->f, IR_PRINT, 0, NULL, vals, a.n, call->loc);
    ir_last(b->f)->imm.strs = strs;
    return (Operand){.kind = OPK_NONE};
}

/* print() of f-strings (and other values): one IR_PRINT of every part, sub 1 (joined, no blank
 * between items), with the blanks between print()'s arguments as parts of their own. */
static Operand print_fstrings(Builder *b, const Expr *call)
{
    enum { MAX_PARTS = 256 };
    const char *strs[MAX_PARTS];
    IrValue vals[MAX_PARTS];
    int n = 0;
    for (int i = 0; i < call->call.nargs; i++) {
        const Expr *arg = call->call.args[i];
        int nparts = arg->kind == EX_FSTRING ? arg->seq.n : 1;
        if (n + nparts + 1 > MAX_PARTS) {
            diag_error(&b->diag, call->loc, "print() of more than %d parts is not supported by jitc", MAX_PARTS);
            return bld_error_operand(b);
        }
        if (i) {
            strs[n] = " ";
            vals[n++] = ir_const_int(b->f, ty_scalar(TY_INT64), 0, call->loc);
        }
        for (int k = 0; k < nparts; k++, n++) {
            const Expr *part = arg->kind == EX_FSTRING ? arg->seq.items[k] : arg;
            if (arg->kind == EX_FSTRING && (arg->seq.spec[k] || (arg->seq.conv[k] && arg->seq.conv[k] != 's'))) {
                diag_error(&b->diag, part->loc, "a conversion or format spec in an f-string is not supported by jitc "
                                                "(nor by Numba)");
                return bld_error_operand(b);
            }
            Operand o = bld_expr(b, part);
            if (o.kind == OPK_ERROR)
                return o;
            IrValue v = o.kind == OPK_STR ? IR_NOVALUE : bld_value_of(b, o, part->loc);
            if (v != IR_NOVALUE && bld_is_error(b, v))
                return bld_error_operand(b);
            if (!print_item(b, o, v, v == IR_NOVALUE ? NULL : ir_type(b->f, v), part->loc, &strs[n], &vals[n]))
                return bld_error_operand(b);
        }
    }
    IrValue *args = arena_alloc(b->pass_arena, sizeof *args * (size_t)(n ? n : 1));
    const char **texts = arena_alloc(b->pass_arena, sizeof *texts * (size_t)(n ? n : 1));
    memcpy(args, vals, sizeof *args * (size_t)n);
    memcpy(texts, strs, sizeof *texts * (size_t)n);
    ir_emit(b->f, IR_PRINT, 1, NULL, args, n, call->loc);
    ir_last(b->f)->imm.strs = texts;
    return (Operand){.kind = OPK_NONE};
}

/* print(...) with an f-string among its arguments (which are values only there) */
static bool print_fstring_call(Builder *b, const Expr *call, Operand *out)
{
    if (!bld_builtin_name(b, call->call.func, "print") || call->call.nkws)
        return false;
    for (int i = 0; i < call->call.nargs; i++)
        if (call->call.args[i]->kind == EX_FSTRING) {
            *out = print_fstrings(b, call);
            return true;
        }
    return false;
}

/* pow(x, y): Python's x ** y (the three-argument form is not in Numba either). */
static Operand bld_pow(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 2, 2, "pow"))
        return bld_error_operand(b);
    return bld_binary_op(b, OP_POW, a.ops[0], a.ops[1], call->loc);
}

static Operand bld_len(Builder *b, const Expr *call, Args *pa)
{
    Args a = *pa;
    if (!bld_take_args(b, call, &a, 1, 1, "len"))
        return bld_error_operand(b);
    const Type *t = a.types[0];
    if (a.ops[0].kind == OPK_VALUE && t->kind == TY_ARRAY && t->ndim == 0) {
        diag_error(&b->diag, call->loc, "len() of unsized object (a 0-d array)");
        return bld_error_operand(b);
    }
    if (a.ops[0].kind == OPK_VALUE && t->kind == TY_ARRAY) {
        IrValue v = ir_emit(b->f, IR_SHAPE, 0, ty_scalar(TY_INT64), &a.vals[0], 1, call->loc);
        ir_last(b->f)->imm.index = 0;
        return bld_value_operand(v, ty_scalar(TY_INT64));
    }
    if (a.ops[0].kind == OPK_VALUE && ty_is_range(t)) /* build_range.c */
        return bld_range_len(b, a.vals[0], call->loc);
    if (a.ops[0].kind == OPK_VALUE && t->kind == TY_TUPLE && !t->tag)
        return bld_const_int_operand(b, ty_scalar(TY_INT64), t->n, false, call->loc);
    if (bld_is_str(&a.ops[0])) /* build_str.c */
        return bld_str_len(b, a.ops[0], call->loc);
    diag_error(&b->diag, call->loc, "object of type %s has no len()",
               a.ops[0].kind == OPK_STR ? "str" : bld_type_name(b, t));
    return bld_error_operand(b);
}

/* complex(), np.conj / np.real / np.imag, z.conjugate() (f bound to z: f.type set), cmath.NAME */
static Operand bld_complex_builtin(Builder *b, const Expr *call, Operand f, Args *pa)
{
    static const char *const NAMES[] = {[BI_COMPLEX] = "complex", [BI_CONJ] = "conjugate", [BI_REAL] = "real",
                                        [BI_IMAG] = "imag", [BI_CMATH] = "cmath function"};
    Args a = *pa;
    bool bound = f.builtin == BI_CONJ && f.type;
    const char *what = f.builtin == BI_CMATH ? arena_printf(b->pass_arena, "cmath.%s", f.str) : NAMES[f.builtin];
    int min = bound ? 0 : 1, max = bound ? 0 : f.builtin == BI_COMPLEX || f.builtin == BI_CMATH ? 2 : 1;
    if (!bld_take_args(b, call, &a, min, max, what))
        return bld_error_operand(b);
    for (int i = 0; i < a.n; i++)
        if (!require_number(b, call, &a, i, what))
            return bld_error_operand(b);
    switch (f.builtin) {
    case BI_COMPLEX: return bld_complex_ctor(b, call, a.ops, a.n);
    case BI_CMATH: return bld_cmath_call(b, call, f.str, a.ops, a.n);
    case BI_CONJ: return bld_number_part(b, bound ? bld_value_operand(f.v, f.type) : a.ops[0], IU_CONJ, call->loc);
    default: return bld_number_part(b, a.ops[0], f.builtin == BI_REAL ? IU_REAL : IU_IMAG, call->loc);
    }
}

/* type(x): the class of a number, which a call converts to (Numba's NumberClass); of other
 * values not supported */
static Operand type_of(Builder *b, const Expr *call, Args *a)
{
    if (!bld_take_args(b, call, a, 1, 1, "type"))
        return bld_error_operand(b);
    const Type *t = a->types[0];
    if (!ty_is_scalar(t) || t->kind == TY_STR) {
        diag_error(&b->diag, call->loc, "type() of %s is not supported by jitc (of numbers it is)", bld_type_name(b, t));
        return bld_error_operand(b);
    }
    return (Operand){.kind = OPK_TYPE, .tyref = t};
}

static Operand bld_builtin(Builder *b, const Expr *call, Operand f, Args *a)
{
    Operand lr; /* len, min, max of a list: build_list.c; of a dict or set: build_dict.c */
    const char *sized = f.builtin == BI_LEN ? "len" : f.builtin == BI_MIN ? "min" : f.builtin == BI_MAX ? "max" : NULL;
    if (sized && (bld_dict_builtin(b, sized, a->ops, a->n, call->loc, &lr) ||
                  bld_list_builtin(b, call, sized, a->ops, a->n, &lr)))
        return lr;
    switch (f.builtin) {
    case BI_SLICE: return bld_slice_call(b, call, a); /* build_view.c */
    case BI_TYPE: return type_of(b, call, a);
    case BI_STR:
    case BI_REPR:
    case BI_CHR:
    case BI_ORD: return bld_str_builtin(b, call, f.builtin, a); /* build_str.c */
    case BI_STR_METHOD: return bld_str_method(b, call, f, a);
    case BI_FINFO:
    case BI_IINFO:
    case BI_DTYPE: return bld_getlimits_call(b, call, f.builtin, a);
    case BI_LIB_RAISE_VALUE: return bld_library_raise(b, call, false);
    case BI_LIB_TYPING_ERROR: return bld_library_raise(b, call, true);
    case BI_LIB_BROADCAST_VIEW: return bld_broadcast_view(b, call, a); /* build_view.c */
    case BI_LIB_TUPLE_SETITEM: return bld_tuple_setitem(b, call, a); /* build_tuple_index.c */
    case BI_LEN: return bld_len(b, call, a);
    case BI_MIN: return bld_minmax(b, call, IB_MIN, a);
    case BI_MAX: return bld_minmax(b, call, IB_MAX, a);
    case BI_MINIMUM: return bld_minmax(b, call, IB_MINIMUM, a);
    case BI_MAXIMUM: return bld_minmax(b, call, IB_MAXIMUM, a);
    case BI_FMIN: return bld_minmax(b, call, IB_FMIN, a);
    case BI_FMAX: return bld_minmax(b, call, IB_FMAX, a);
    case BI_ABS: return bld_abs(b, call, a);
    case BI_POW: return bld_pow(b, call, a);
    case BI_ROUND: return bld_round(b, call, f.from_numpy, a);
    case BI_INT: return convert(b, call, ty_scalar(TY_INT64), "int", a);
    case BI_FLOAT: return convert(b, call, NULL, "float", a);
    case BI_BOOL: return convert(b, call, ty_scalar(TY_BOOL), "bool", a);
    case BI_PRINT: return bld_print(b, call, a);
    case BI_SQUARE: return bld_square(b, call, a);
    case BI_SIGN: return bld_sign(b, call, a);
    case BI_SIGNBIT: return bld_signbit(b, call, a);
    case BI_LOGICAL_AND:
    case BI_LOGICAL_OR:
    case BI_LOGICAL_XOR:
    case BI_LOGICAL_NOT: return bld_logical(b, call, f.builtin, a);
    case BI_COMPLEX:
    case BI_CONJ:
    case BI_REAL:
    case BI_IMAG:
    case BI_CMATH: return bld_complex_builtin(b, call, f, a);
    case BI_RANDOM: return bld_random_call(b, call, f); /* reached through bld_call only */
    case BI_OPERATOR: return operator_call(b, call, f.str); /* reached through bld_call only */
    case BI_DIVMOD:
    case BI_GCD: /* build_arith.c */
        if (!bld_take_args(b, call, a, 2, 2, f.builtin == BI_GCD ? "math.gcd" : "divmod"))
            return bld_error_operand(b);
        return f.builtin == BI_GCD ? bld_gcd(b, call, a->ops) : bld_divmod(b, call, a->ops);
    case BI_NP_UFUNC: return bld_numpy_ufunc_call(b, call, f.str, a); /* np/build_ufuncs.c */
    case BI_RANGE:
    case BI_PRANGE: return bld_range_value(b, call); /* build_range.c */
    case BI_ITER: return bld_iter_call(b, call, a->ops, a->n); /* build_iterator.c */
    case BI_NEXT: return bld_next_call(b, call, a->ops, a->n);
    case BI_ENUMERATE:
    case BI_ZIP:
    case BI_REVERSED:
        diag_error(&b->diag, call->loc, "%s() can only be the iterable of a for loop in krn",
                   f.builtin == BI_ZIP ? "zip" : f.builtin == BI_ENUMERATE ? "enumerate" : "reversed");
        return bld_error_operand(b);
    }
    return bld_error_operand(b);
}

/* Whether this function's diagnostics already hold the error `it` (a callee's error reached
 * through another call of it): each is reported once. */
static bool already_reported(const Builder *b, const DiagItem *it)
{
    for (int i = 0; i < b->diag.n; i++) {
        const DiagItem *d = &b->diag.items[i];
        if (d->severity == it->severity && d->loc.file == it->loc.file && d->loc.line == it->loc.line &&
            d->loc.col == it->loc.col && strcmp(d->message, it->message) == 0)
            return true;
    }
    return false;
}

void bld_report_callee_errors(Builder *b, Spec *s, SrcLoc loc)
{
    bool any = false, skipping = false; /* an error shown already is skipped with its notes */
    for (int i = 0; i < s->errors.n; i++) {
        const DiagItem *it = &s->errors.items[i];
        if (it->severity != DIAG_NOTE)
            skipping = it->severity == DIAG_ERROR && already_reported(b, it);
        if (skipping)
            continue;
        diag_report(&b->diag, it->severity, it->loc, "%s", it->message);
        any = any || it->severity == DIAG_ERROR;
    }
    if (!any) { /* every error was shown already; the caller still fails */
        if (!b->diag.errors)
            diag_error(&b->diag, loc, "'%s' failed to compile", s->func->def->name);
        return;
    }
    diag_note(&b->diag, loc, "in the call to '%s' here", s->func->def->name);
}

/* A function with explicit signatures is not specialized again for its caller, as in Numba
 * (whose dispatcher stops compiling once signatures are given): the call takes the signature
 * that matches (prog_match_signature: the closest, or a ufunc's first safe loop) and its
 * arguments are converted to that signature's types. Device functions, and host functions
 * and ufuncs called from host code (on the GPU they get a twin for the caller's types). */
static bool takes_explicit_signature(const Builder *b, const ProgFunc *fn)
{
    if (!fn->nsigs)
        return false;
    return fn->kind == FK_CUDA_DEVICE || (!b->spec->device && (fn->kind == FK_HOST || fn->kind == FK_VECTORIZE));
}

static Spec *explicit_spec(Builder *b, const Expr *call, ProgFunc *fn, IrValue *vals, const Type **types)
{
    int n = fn->def->nparams;
    Spec *s = prog_match_signature(b->p, fn, types, n);
    if (!s) { /* an Optional argument matches as its value, as in Numba (bld_cast_value unwraps it) */
        const Type *values[BLD_MAX_ARGS];
        bool any = false;
        for (int i = 0; i < n && i < BLD_MAX_ARGS; i++) {
            values[i] = ty_is_optional(types[i]) ? types[i]->elems[0] : types[i];
            any = any || values[i] != types[i];
        }
        if (any && n <= BLD_MAX_ARGS)
            s = prog_match_signature(b->p, fn, values, n);
    }
    if (!s) {
        const char *list = "";
        for (int i = 0; i < n; i++)
            list = arena_printf(b->pass_arena, "%s%s%s", list, i ? ", " : "", bld_type_name(b, types[i]));
        diag_error(&b->diag, call->loc, "no signature of %s '%s' takes (%s)",
                   fn->kind == FK_CUDA_DEVICE ? "the device function" : fn->kind == FK_VECTORIZE ? "the ufunc" : "the function",
                   fn->def->name, list);
        return NULL;
    }
    for (int i = 0; i < n; i++)
        if (types[i] != s->params[i])
            vals[i] = bld_cast_value(b, vals[i], s->params[i], call->call.nargs > i ? call->call.args[i]->loc : call->loc);
    return s;
}

/* A call's arguments in the callee's order: types[i] is the run-time type of vals[i], or the
 * TY_COMPTIME type of an argument without run-time value (a type, a function); literal[i] is
 * the literal type of an integer constant argument, else NULL. */
typedef struct CallArgs {
    IrValue vals[BLD_MAX_ARGS];
    const Type *types[BLD_MAX_ARGS], *literal[BLD_MAX_ARGS];
    int nliterals;
} CallArgs;

static bool lower_call_args(Builder *b, const FuncDef *def, const Expr **order, CallArgs *a, const Operand *self)
{
    a->nliterals = 0;
    for (int i = 0; i < def->nparams; i++) {
        b->const_depth += order[i] == def->params[i].default_value; /* defaults: module scope */
        Operand o = i == 0 && self ? bld_value_operand(self->v, self->type) : bld_expr(b, order[i]);
        b->const_depth -= order[i] == def->params[i].default_value;
        a->literal[i] = NULL;
        a->vals[i] = IR_NOVALUE;
        if ((a->types[i] = bld_comptime_type(b, o, order[i], false)))
            continue;
        a->vals[i] = bld_value_of(b, o, order[i]->loc);
        a->types[i] = ir_type(b->f, a->vals[i]);
        if (a->types[i]->kind == TY_ERROR)
            return false;
        if ((a->literal[i] = bld_comptime_type(b, o, order[i], true)))
            a->nliterals++;
    }
    return true;
}

/* Numba's parallel stencil (stencilparfor) folds a kernel argument that is a variable of the
 * caller assigned an integer constant once (`c = 2`): it may be passed as Literal[int] too. */
static void stencil_constant_args(Builder *b, const ProgFunc *fn, const Expr **order, CallArgs *a)
{
    int64_t v;
    if (fn->kind != FK_STENCIL || !fn->opts.parallel)
        return;
    for (int i = 0; i < fn->def->nparams; i++)
        if (!a->literal[i] && ty_is_int(a->types[i]) && bld_local_int_constant(b, order[i], &v)) {
            Operand o = bld_const_int_operand(b, ty_scalar(TY_INT64), v, false, order[i]->loc);
            if ((a->literal[i] = bld_comptime_type(b, o, order[i], true)))
                a->nliterals++;
        }
}

/* The callee's spec for the arguments' types. Integer constants are passed as plain integers;
 * when the callee fails to type so, it is tried again with them as literals (what Numba does with
 * Literal[int]: a device function can use a parameter as a shared array's shape). Trying plain
 * types first keeps one specialization for calls that differ only in constants. */
static Spec *specialize_callee(Builder *b, const Expr *call, ProgFunc *fn, CallArgs *a)
{
    int n = fn->def->nparams;
    if (bld_list_items_unknown(b, a->types, n, call->loc)) /* build_list.c: `[]` not typed yet */
        return NULL;
    Spec *s = prog_specialize(b->p, fn, a->types, n, NULL, b->spec->device, call->loc);
    if (!s || s->state != SPEC_FAILED || !a->nliterals)
        return s;
    const Type *types[BLD_MAX_ARGS];
    for (int i = 0; i < n; i++)
        types[i] = a->literal[i] ? a->literal[i] : a->types[i];
    Spec *lit = prog_specialize(b->p, fn, types, n, NULL, b->spec->device, call->loc);
    if (!lit || lit->state == SPEC_FAILED)
        return s;
    s->superseded = true; /* the failed try is no error of the module: the literal one stands in */
    return lit;
}

/* A numpy library function (np/numpy.krn) that does not type for the user's arguments: the
 * error is the user's call's, with the library's reason. */
static void report_library_callee(Builder *b, const Expr *call, Spec *s)
{
    const char *list = "";
    for (int i = 0; i < s->func->def->nparams; i++)
        list = arena_printf(b->pass_arena, "%s%s%s", list, i ? ", " : "", bld_type_name(b, s->params[i]));
    const char *name = s->func->def->name, *shown = bld_library_shown_name(name);
    bool linalg = strncmp(name, "_linalg_", 8) == 0; /* np.linalg.NAME */
    if (linalg)
        shown = arena_printf(b->pass_arena, "linalg.%s", name + 8);
    diag_error(&b->diag, call->loc, "%s%s() does not support these arguments (%s)%s%s", shown == name || linalg ? "np." : "", shown, list,
               s->errors.n ? ": " : "", s->errors.n ? s->errors.items[0].message : "");
}

static bool any_array_type(const Type *const *types, int n)
{
    for (int i = 0; i < n; i++)
        if (types[i] && types[i]->kind == TY_ARRAY)
            return true;
    return false;
}

/* A @vectorize ufunc called on arrays from host code: an element-wise expression that calls it
 * on each element (so it fuses with the operators around it), as NumPy applies a ufunc. */
static Operand ufunc_over_arrays(Builder *b, const Expr *call, const CallArgs *a, int n)
{
    if (call->call.nkws || call->call.nargs != n) {
        diag_error(&b->diag, call->loc, "a ufunc applied to arrays takes its %d arguments by position", n);
        return bld_error_operand(b);
    }
    Operand ops[BLD_MAX_ARGS];
    for (int i = 0; i < n; i++)
        ops[i] = bld_value_operand(a->vals[i], a->types[i]);
    return bld_array_call(b, call, ops, n);
}

/* A @stencil called from @njit code: the variant that takes out= when the call gives it, and runs
 * its outer loop as a prange under parallel=True (build_stencil.c). */
static ProgFunc *stencil_variant(Builder *b, const Expr *call, ProgFunc *fn)
{
    bool out = false;
    for (int i = 0; i < call->call.nkws; i++)
        out |= strcmp(call->call.kws[i].name, "out") == 0;
    return prog_stencil_variant(b->p, fn, out, b->opts->parallel);
}

static Operand bld_func_call(Builder *b, const Expr *call, ProgFunc *fn, const Operand *self)
{
    if (fn->kind == FK_STENCIL && b->spec->device) {
        diag_error(&b->diag, call->loc, "the @stencil '%s' runs on the host: GPU code cannot call it", fn->def->name);
        return bld_error_operand(b);
    }
    if (fn->kind == FK_STENCIL)
        fn = stencil_variant(b, call, fn);
    const FuncDef *def = fn->def;
    bool device = b->spec->device;
    if (device && fn->kind == FK_CUDA_KERNEL) /* numba-cuda compiles it as a device function */
        def = (fn = prog_kernel_as_device(b->p, fn))->def;
    if (!device && fn->kind == FK_GUVECTORIZE && !prog_on_gpu(fn))
        return bld_gufunc_call(b, call, fn); /* build_gufunc_call.c */
    if (!device && (fn->kind == FK_CUDA_KERNEL || fn->kind == FK_CUDA_DEVICE || fn->kind == FK_CUDA_REDUCE ||
                    fn->kind == FK_GUVECTORIZE)) {
        static const char *const what[] = {[FK_CUDA_KERNEL] = "@cuda.jit kernel", [FK_CUDA_DEVICE] = "@cuda.jit device function",
                                           [FK_CUDA_REDUCE] = "@cuda.reduce function", [FK_GUVECTORIZE] = "@guvectorize function"};
        diag_error(&b->diag, call->loc, "cannot call %s '%s' from host code", what[fn->kind], def->name);
        return bld_error_operand(b);
    }
    if (def->nparams > BLD_MAX_ARGS) {
        diag_error(&b->diag, call->loc, "'%s' takes %d parameters: compiled code calls functions of at most %d "
                   "(only the C API and the CLI call ones of up to %d)", def->name, def->nparams, BLD_MAX_ARGS,
                   PROG_MAX_PARAMS);
        return bld_error_operand(b);
    }
    const Expr *order[BLD_MAX_ARGS];
    if (fn->enclosing) /* an inner function given closures of its siblings: build_closure.c */
        def = (fn = bld_closure_for_call(b, call, fn))->def;
    if (!bld_bind_call_args(b, call, fn, order, self ? call->call.func->attr.value : NULL))
        return bld_error_operand(b);
    CallArgs a;
    if (fn->scope && strcmp(fn->scope, "numpy") == 0 && !bld_in_library(b) && !bld_numpy_library_check(b, call, fn, order))
        return bld_error_operand(b);
    if (!lower_call_args(b, def, order, &a, self) || (fn->scope && !bld_random_args_ok(b, call, fn, a.types)))
        return bld_error_operand(b);
    stencil_constant_args(b, fn, order, &a);
    if (!device && fn->kind == FK_VECTORIZE && any_array_type(a.types, def->nparams))
        return ufunc_over_arrays(b, call, &a, def->nparams);
    Spec *s = takes_explicit_signature(b, fn) ? explicit_spec(b, call, fn, a.vals, a.types)
                                              : specialize_callee(b, call, fn, &a);
    if (!s)
        return bld_error_operand(b);
    if (s->state == SPEC_FAILED && fn->scope && strcmp(fn->scope, "numpy") == 0 && !bld_in_library(b)) {
        report_library_callee(b, call, s);
        return bld_error_operand(b);
    }
    if (s->state == SPEC_FAILED) {
        bld_report_callee_errors(b, s, call->loc);
        return bld_error_operand(b);
    }
    if (!s->ret) { /* recursion: the return type may still come from a later return */
        b->recursion_pending = true;
        b->recursion_loc = call->loc;
        return bld_error_operand(b);
    }
    const Type *rt = s->ret;
    bool returns_function = rt->kind == TY_COMPTIME; /* `return inner`: the call gives the function */
    IrValue vals[BLD_MAX_ARGS]; /* what has a run-time value: the IR function takes only those */
    int n = 0;
    for (int i = 0; i < def->nparams; i++)
        if (s->params[i]->kind != TY_COMPTIME)
            vals[n++] = a.vals[i];
    IrValue r = ir_emit(b->f, IR_CALL, 0, rt->kind == TY_NONE || returns_function ? NULL : rt, vals, n, call->loc);
    ir_last(b->f)->imm.callee = s;
    if (returns_function)
        return bld_comptime_operand(b, rt, call->loc);
    return rt->kind == TY_NONE ? (Operand){.kind = OPK_NONE} : bld_value_operand(bld_own_arrays(b, r, call->loc), rt);
}

Operand bld_numpy_library_call(Builder *b, const Expr *call, const char *name)
{
    Operand f;
    if (!bld_numpy_library_function(b, name, call->loc, &f)) {
        diag_error(&b->diag, call->loc, "internal error: jitc's numpy library has no function '%s'", name);
        return bld_error_operand(b);
    }
    return bld_func_call(b, call, f.func, NULL);
}

/* Functions that apply element by element to arrays: NumPy's math functions and the builtins
 * NumPy names (np.abs, np.minimum, np.sign, np.round, np.logical_and, ...), and the builtin abs. */
static bool elementwise(Operand f)
{
    if (f.kind == OPK_MATHFN)
        return f.from_numpy;
    return f.kind == OPK_BUILTIN && (f.builtin == BI_ABS || f.from_numpy);
}

/* How many inputs an element-wise function takes (a NumPy ufunc's nin), or 0 if it takes no out. */
static int ufunc_inputs(Operand f)
{
    if (f.kind == OPK_MATHFN)
        return ir_math_nargs(f.mathfn);
    switch (f.builtin) {
    case BI_MINIMUM: case BI_MAXIMUM: case BI_FMIN: case BI_FMAX:
    case BI_LOGICAL_AND: case BI_LOGICAL_OR: case BI_LOGICAL_XOR: return 2;
    case BI_ABS: case BI_SQUARE: case BI_SIGN: case BI_SIGNBIT: case BI_LOGICAL_NOT: case BI_CONJ: return 1;
    case BI_NP_UFUNC: return bld_numpy_ufunc_inputs(f.str);
    default: return 0;
    }
}

/* np.cos(a, out): the ufunc's result written into out (an array given after the inputs, as
 * Numba takes it), which the call returns. */
static Operand ufunc_into(Builder *b, const Expr *e, Args *a)
{
    Operand out = a->ops[a->n - 1];
    if (out.kind != OPK_VALUE || out.type->kind != TY_ARRAY) {
        diag_error(&b->diag, e->call.args[a->n - 1]->loc, "the output of an element-wise function must be an array, "
                   "not this");
        return bld_error_operand(b);
    }
    if (b->spec->device)
        return bld_gpu_ufunc_into(b, e, a->ops, a->n - 1, out);
    Operand r = bld_array_call(b, e, a->ops, a->n - 1);
    if (r.kind == OPK_ERROR || !bld_writable(b, out.v, e->loc))
        return bld_error_operand(b);
    bld_array_assign(b, out.v, r, e, e->loc);
    return out;
}

static Operand bld_builtin_call(Builder *b, const Expr *e, Operand f)
{
    Args a;
    if (!bld_operands(b, e, &a))
        return bld_error_operand(b);
    if (elementwise(f)) /* an Optional argument is its value, as Numba types the call (None raises) */
        for (int i = 0; i < a.n; i++)
            if (a.ops[i].kind == OPK_VALUE && ty_is_optional(a.ops[i].type))
                a.ops[i] = bld_unwrap_optional(b, a.ops[i], e->call.args[i]->loc);
    if (elementwise(f) && a.n >= 2 && a.n == ufunc_inputs(f) + 1 && !e->call.nkws) {
        for (int i = 0; i < a.n; i++) /* untyped while checking: the output's count is not an error */
            if (a.ops[i].kind == OPK_ERROR || (a.ops[i].kind == OPK_VALUE && a.ops[i].type->kind == TY_ERROR))
                return bld_error_operand(b);
        if (any_arraylike(&a))
            return ufunc_into(b, e, &a);
    }
    if (f.kind == OPK_BUILTIN && f.builtin == BI_NP_UFUNC && strcmp(f.str, "divmod") == 0 && a.n == 2 &&
        any_arraylike(&a))
        return bld_numpy_divmod_arrays(b, e, a.ops);
    if (elementwise(f) && any_arraylike(&a)) {
        Operand r = bld_array_call(b, e, a.ops, a.n);
        if (f.kind == OPK_BUILTIN && f.builtin == BI_ROUND && r.kind == OPK_VALUE && ty_is_number(r.type))
            return bld_zero_d_array(b, r.v, r.type, e->loc); /* Numba's np.round is no ufunc: 0-d gives 0-d */
        return r;
    }
    if (f.kind == OPK_MATHFN)
        return bld_math_call(b, e, f.mathfn, f.from_numpy, &a); /* build_math.c */
    return bld_builtin(b, e, f, &a);
}

static Operand bld_type_call(Builder *b, const Expr *e, const Type *to)
{
    Args a;
    if (!bld_operands(b, e, &a))
        return bld_error_operand(b);
    return convert(b, e, to, ty_name(b->pass_arena, to), &a);
}

Operand bld_call(Builder *b, const Expr *e)
{
    for (int i = 0; i < e->call.nkws; i++)
        if (strcmp(e->call.kws[i].name, "**") == 0) { /* parsed for decorators (@njit(**opts)) */
            diag_error(&b->diag, e->call.kws[i].loc, "argument unpacking with '**' is not supported in krn");
            return bld_error_operand(b);
        }
    if (e->call.star && !(e = bld_unpack_star_call(b, e))) /* f(*t): t's elements as arguments */
        return bld_error_operand(b);
    Operand lr; /* list methods, list(), sorted(), sum(), typed.List: build_list.c */
    if (bld_list_call(b, e, &lr) || bld_list_sum_call(b, e, &lr))
        return lr;
    if (bld_dict_call(b, e, &lr)) /* dict and set methods, dict(), set(), hash(): build_dict.c */
        return lr;
    if (print_fstring_call(b, e, &lr)) /* print(f"...") */
        return lr;
    if (bld_is_isinstance_call(b, e)) { /* cpython/build_isinstance.c */
        int r = bld_isinstance(b, e, true);
        return r < 0 ? bld_error_operand(b) : bld_value_operand(ir_const_int(b->f, ty_scalar(TY_BOOL), r, e->loc), ty_scalar(TY_BOOL));
    }
    if (bld_stencil_call(b, e, &lr)) /* stencil(lambda a: ...): build_stencil.c */
        return lr;
    Operand f = bld_expr(b, e->call.func);
    if (f.kind == OPK_BUILTIN && f.builtin == BI_RANDOM)
        return bld_random_call(b, e, f);
    if (f.kind == OPK_BUILTIN && f.builtin == BI_OPERATOR) /* its arguments are built as operands there */
        return operator_call(b, e, f.str);
    if (f.kind == OPK_TUPLECLASS)
        return tuple_class_call(b, e, f.tuple_class);
    switch (f.kind) {
    case OPK_FUNC: return bld_func_call(b, e, f.func, f.bound ? &f : NULL);
    case OPK_TYPE: return bld_type_call(b, e, f.tyref);
    case OPK_BUILTIN:
    case OPK_MATHFN: return bld_builtin_call(b, e, f);
    case OPK_NPFUNC:
    case OPK_METHOD: return bld_np_call(b, e, f);
    case OPK_CUDA: return bld_cuda_call(b, e, f);
    case OPK_LINALG: return bld_linalg_call(b, e, f);
    case OPK_ERROR: return f;
    case OPK_VALUE:
        if (f.type->kind == TY_ERROR) /* poison: a parameter of unknown type, or reported already */
            return bld_error_operand(b);
        /* fall through */
    default:
        diag_error(&b->diag, e->call.func->loc, "%s is not callable",
                   f.kind == OPK_VALUE ? bld_type_name(b, f.type) : f.kind == OPK_MODULE ? "a module" : "this");
        return bld_error_operand(b);
    }
}

/* ---- compile-time arguments ---- */

/* "cuda.atomic.add" for a dotted name, else NULL. */
static const char *dotted_name(Builder *b, const Expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == EX_NAME)
        return e->name;
    if (e->kind != EX_ATTR)
        return NULL;
    const char *base = dotted_name(b, e->attr.value);
    return base ? arena_printf(b->p->arena, "%s.%s", base, e->attr.name) : NULL;
}

/* The key of an object without run-time value: what identifies it, in letters, digits and '_'
 * (it is part of the callee's symbol); NULL if o is not one. */
static const char *comptime_key(Builder *b, const Operand *o)
{
    Arena *a = b->p->arena;
    switch (o->kind) {
    case OPK_TYPE: return arena_printf(a, "C%s", ty_mangle(a, o->tyref));
    case OPK_FUNC: return arena_printf(a, "F%d_%s", o->func->def->nparams,
                                       o->func->closure_key ? o->func->closure_key : o->func->def->name);
    case OPK_BUILTIN: return arena_printf(a, "B%d_%d", (int)o->builtin, (int)o->from_numpy);
    case OPK_MATHFN: return arena_printf(a, "M%d_%d", (int)o->mathfn, (int)o->from_numpy);
    case OPK_NPFUNC: return arena_printf(a, "N%d", (int)o->npfunc);
    case OPK_LIMITS: return arena_printf(a, "I%d%s", (int)o->builtin, ty_mangle(a, o->tyref));
    case OPK_TUPLECLASS: return arena_printf(a, "K%zu%s", strlen(o->tuple_class->name), o->tuple_class->name);
    case OPK_NONE: return "Z"; /* None: Numba's none type, which library code tests with `is None` */
    case OPK_STR: /* a string of letters: a literal, as Numba passes kind="mergesort" */
        return o->str[0] && !o->str[strspn(o->str, "abcdefghijklmnopqrstuvwxyz_")] ? arena_printf(a, "S%s", o->str) : NULL;
    case OPK_CUDA: return arena_printf(a, "U%d_%d_%d", (int)o->cuda, (int)o->atomic, (int)o->warp);
    default: return NULL;
    }
}

/* How messages show it, as Numba does: class(uint32), function(f), Literal[int](32). */
static const char *comptime_name(Builder *b, const Operand *o, const Expr *e)
{
    Arena *a = b->p->arena;
    if (o->kind == OPK_TYPE)
        return arena_printf(a, "class(%s)", ty_name(a, o->tyref));
    if (o->kind == OPK_FUNC)
        return arena_printf(a, "function(%s)", o->func->def->name);
    if (o->kind == OPK_CUDA && o->cuda == CU_GRID_GROUP)
        return "GridGroup";
    if (o->kind == OPK_STR)
        return arena_printf(a, "Literal[str](%s)", o->str);
    if (o->kind == OPK_NONE)
        return "none";
    if (o->kind == OPK_LIMITS)
        return arena_printf(a, "%s(%s)", o->builtin == BI_FINFO ? "finfo" : "iinfo", ty_name(a, o->tyref));
    if (o->kind == OPK_TUPLECLASS)
        return arena_printf(a, "class(%s)", o->tuple_class->name);
    const char *name = dotted_name(b, e);
    return arena_printf(a, "function(%s)", name ? name : "builtin");
}

const Type *prog_class_type(Program *p, const Type *t)
{
    Operand *cls = arena_alloc(p->arena, sizeof *cls);
    *cls = (Operand){.kind = OPK_TYPE, .tyref = t, .v = IR_NOVALUE};
    return ty_comptime(&p->types, arena_printf(p->arena, "C%s", ty_mangle(p->arena, t)),
                       arena_printf(p->arena, "class(%s)", ty_name(p->arena, t)), cls, NULL, 0); /* comptime_key's */
}

/* |v| as an unsigned number: INT64_MIN's too, which no int64 holds. */
static unsigned long long magnitude(int64_t v)
{
    return v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
}

/* A literal tuple's key and name: LT2_4_m8, Tuple(Literal[int](4), Literal[int](-8)). */
const Type *bld_literal_tuple(Builder *b, const int64_t *vals, int n)
{
    Arena *a = b->p->arena;
    const char *key = arena_printf(a, "LT%d", n), *name = "";
    const Type *elems[64];
    for (int i = 0; i < n; i++) {
        key = arena_printf(a, "%s_%s%llu", key, vals[i] < 0 ? "m" : "", magnitude(vals[i]));
        name = arena_printf(a, "%s%sLiteral[int](%lld)", name, i ? ", " : "", (long long)vals[i]);
        elems[i] = ty_scalar(TY_INT64);
    }
    int64_t *copy = arena_alloc(a, sizeof *copy * (size_t)n);
    memcpy(copy, vals, sizeof *copy * (size_t)n);
    return ty_comptime(&b->p->types, key, arena_printf(a, "Tuple(%s)", name), copy, ty_tuple(&b->p->types, elems, n), n);
}

const Type *bld_comptime_type(Builder *b, Operand o, const Expr *e, bool literal)
{
    if (o.kind == OPK_VALUE && o.type->kind == TY_COMPTIME)
        return o.type;
    if (literal && o.kind == OPK_VALUE && o.lit)
        return o.lit;
    if (literal && o.kind == OPK_VALUE && o.is_const && ty_is_int(o.type)) {
        const char *key = arena_printf(b->p->arena, "L%s%llu", o.ci < 0 ? "m" : "", magnitude(o.ci));
        return ty_comptime(&b->p->types, key, arena_printf(b->p->arena, "Literal[int](%lld)", (long long)o.ci), NULL,
                           ty_scalar(TY_INT64), o.ci);
    }
    const char *key = comptime_key(b, &o);
    if (!key)
        return NULL;
    Operand *payload = arena_alloc(b->p->arena, sizeof *payload);
    *payload = o;
    payload->v = IR_NOVALUE;
    return ty_comptime(&b->p->types, key, comptime_name(b, &o, e), payload, NULL, 0);
}

/* A literal tuple's value: an ordinary tuple of int64 that still knows its constants. */
static Operand literal_tuple_operand(Builder *b, const Type *t, SrcLoc loc)
{
    const int64_t *vals = bld_literal_tuple_values(t);
    IrValue elems[64];
    for (int i = 0; i < t->dtype->n; i++)
        elems[i] = bld_const_int_operand(b, ty_scalar(TY_INT64), vals[i], false, loc).v;
    Operand o = bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t->dtype, elems, t->dtype->n, loc), t->dtype);
    o.lit = t;
    return o;
}

Operand bld_comptime_operand(Builder *b, const Type *t, SrcLoc loc)
{
    if (bld_literal_tuple_values(t))
        return literal_tuple_operand(b, t, loc);
    if (t->dtype) { /* a literal: a constant of its type, no longer weak (Numba's Literal[int] is an int64) */
        Operand o = bld_const_int_operand(b, t->dtype, t->literal, false, loc);
        o.is_const = ty_is_int(t->dtype); /* a bool is no integer constant */
        return o;
    }
    return *(const Operand *)t->payload;
}
