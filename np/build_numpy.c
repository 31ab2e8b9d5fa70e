/* build_numpy.c — the binding of jitc's numpy library (np/numpy.krn: NumPy's sorting, searching
 * and statistics functions, transcribed from Numba's Python implementations): np.NAME, where the
 * built-in tables do not have NAME, names the library's function NAME (names starting with '_'
 * are the library's own), np.linalg.NAME the library's _linalg_NAME, and a.NAME() of the methods
 * listed here the library's _ndarray_NAME bound to a. Both are then ordinary calls of compiled functions (build_call.c's bld_func_call),
 * so positional and keyword arguments and defaults bind as for any @jit function.
 *
 * What the user can get wrong is checked here, at the user's call: string arguments (kind=,
 * side=) take Numba's values only. A library function that does not type for the user's
 * arguments is reported at the call too (build_call.c). This file also gives library code what
 * user code has not: conditions decided at compile time (a string parameter's value, `x is None`,
 * `a.ndim == 1`, `len(t) == 1` of a tuple), as Numba's overloads choose an implementation by type,
 * `_is_float(a)`, `_is_complex(a)`, `_is_bool(a)` (a's dtype, decided at compile time),
 * `_is_integer(x)`, `_is_array(x)`, `_is_sequence(x)`, `_is_slice(x)`, `_has_integer_items(x)`,
 * `_same_dtype(x, y)`,
 * _raise_value_error("message"), a ValueError as Numba's implementations raise it, and
 * _typing_error("message"), the compile error of a Numba overload that refuses its types. */
#include "builder/build.h"

#include <string.h>

#define LIBRARY "numpy"

bool bld_in_library(const Builder *b) { return b->spec->func->scope != NULL; }

bool bld_numpy_library_function(Builder *b, const char *name, SrcLoc loc, Operand *out)
{
    if (name[0] == '_' || strncmp(name, "linalg._", 8) == 0)
        return false;
    if (strncmp(name, "linalg.", 7) == 0) /* np.linalg.NAME: the library's _linalg_NAME */
        name = arena_printf(b->pass_arena, "_linalg_%s", name + 7);
    const Global *g = prog_library_function(b->p, LIBRARY, name, loc);
    if (!g)
        return false;
    *out = (Operand){.kind = OPK_FUNC, .func = g->func};
    return true;
}

/* The array methods the library implements (as _ndarray_NAME). */
static const char *const METHODS[] = {"sort", "argsort", "nonzero", "repeat", "take", "clip", "conj", "conjugate"};

bool bld_numpy_library_method(Builder *b, IrValue a, const Type *at, const char *name, SrcLoc loc, Operand *out)
{
    size_t i = 0;
    while (i < sizeof METHODS / sizeof METHODS[0] && strcmp(METHODS[i], name) != 0)
        i++;
    if (i == sizeof METHODS / sizeof METHODS[0])
        return false;
    const Global *g = prog_library_function(b->p, LIBRARY, arena_printf(b->pass_arena, "_ndarray_%s", name), loc);
    if (!g)
        return false;
    *out = (Operand){.kind = OPK_FUNC, .func = g->func, .bound = true, .v = a, .type = at};
    return true;
}

/* ---- checks at the user's call ---- */

/* The string parameters of the library's functions and the values Numba takes. */
static const struct {
    const char *func, *param, *values[3];
} STRING_PARAMS[] = {
    {"argsort", "kind", {"quicksort", "mergesort"}},
    {"_ndarray_argsort", "kind", {"quicksort", "mergesort"}},
    {"searchsorted", "side", {"left", "right"}},
};

static bool string_param_ok(Builder *b, const char *func, const char *param, const Expr *arg)
{
    for (size_t i = 0; i < sizeof STRING_PARAMS / sizeof STRING_PARAMS[0]; i++) {
        if (strcmp(STRING_PARAMS[i].func, func) != 0 || strcmp(STRING_PARAMS[i].param, param) != 0)
            continue;
        const char *const *v = STRING_PARAMS[i].values;
        if (arg->kind == EX_STR)
            for (int k = 0; k < 3 && v[k]; k++)
                if (strcmp(v[k], arg->str) == 0)
                    return true;
        const char *shown = func[0] == '_' ? func + strlen("_ndarray_") : func;
        diag_error(&b->diag, arg->loc, "%s()'s %s must be the string '%s' or '%s'%s%s%s", shown, param, v[0], v[1],
                   arg->kind == EX_STR ? ", not '" : " written out (a literal, as Numba needs)",
                   arg->kind == EX_STR ? arg->str : "", arg->kind == EX_STR ? "'" : "");
        return false;
    }
    return true;
}

bool bld_numpy_library_check(Builder *b, const Expr *call, const ProgFunc *fn, const Expr *const *order)
{
    (void)call;
    const FuncDef *def = fn->def;
    for (int i = 0; i < def->nparams; i++)
        if (order[i] != def->params[i].default_value && !string_param_ok(b, def->name, def->params[i].name, order[i]))
            return false;
    return true;
}

/* ---- what library code may do ---- */

/* The type of the variable e names, or NULL (not a name, or not one of the function's) */
static const Type *name_type(Builder *b, const Expr *e)
{
    Var *v = e->kind == EX_NAME ? bld_find_var(b, e->name) : NULL;
    return v ? b->env[bld_var_index(b, v)].type : NULL;
}

/* len(t) of a plain tuple t in library code, which knows it from t's type (so that a recursion
 * over a tuple's elements can stop at the empty tuple, as an overload's Python loop would) */
static bool tuple_length(Builder *b, const Expr *e, int64_t *n)
{
    if (!bld_in_library(b) || e->kind != EX_CALL || e->call.nargs != 1 || e->call.nkws ||
        e->call.args[0]->kind != EX_NAME || !bld_builtin_name(b, e->call.func, "len"))
        return false;
    const Type *t = name_type(b, e->call.args[0]);
    if (!t || t->kind != TY_TUPLE || t->tag)
        return false;
    *n = t->n;
    return true;
}

/* A compile-time value of library code: a string (*str), an integer (*n) or None. */
typedef enum { CV_NONE_, CV_STR, CV_INT, CV_NOTNONE, CV_UNKNOWN } CtKind;

static CtKind comptime_value(Builder *b, const Expr *e, const char **str, int64_t *n)
{
    if (e->kind == EX_STR) {
        *str = e->str;
        return CV_STR;
    }
    if (e->kind == EX_INT) {
        *n = e->ival;
        return CV_INT;
    }
    if (e->kind == EX_NONE)
        return CV_NONE_;
    if (tuple_length(b, e, n))
        return CV_INT;
    const Expr *name = e->kind == EX_ATTR && strcmp(e->attr.name, "ndim") == 0 ? e->attr.value : e;
    const Type *t = name_type(b, name);
    if (!t)
        return CV_UNKNOWN;
    if (name != e) { /* a.ndim; a scalar's is 0, as NumPy's */
        if (t->kind != TY_ARRAY && !ty_is_scalar(t))
            return CV_UNKNOWN;
        *n = t->kind == TY_ARRAY ? t->ndim : 0;
        return CV_INT;
    }
    if (t->kind == TY_NONE || (t->kind == TY_COMPTIME && t->payload && !t->dtype &&
                               ((const Operand *)t->payload)->kind == OPK_NONE))
        return CV_NONE_;
    if (t->kind == TY_COMPTIME && t->payload && !t->dtype && ((const Operand *)t->payload)->kind == OPK_STR) {
        *str = ((const Operand *)t->payload)->str;
        return CV_STR;
    }
    return ty_is_optional(t) || t->kind == TY_ERROR ? CV_UNKNOWN : CV_NOTNONE; /* an Optional: known at run time */
}

/* The homogeneous items' type of a reflected list or of a non-empty tuple whose items are all one
 * type (Numba's Sequence: a list, a UniTuple), else NULL. */
static const Type *sequence_item(const Type *t)
{
    if (t->kind == TY_LIST && !t->typed_list)
        return t->dtype;
    if (t->kind != TY_TUPLE || t->tag || t->n == 0)
        return NULL;
    for (int k = 1; k < t->n; k++)
        if (t->elems[k] != t->elems[0])
            return NULL;
    return t->elems[0];
}


/* _same_dtype(x, y): arrays x and y have one dtype; -1: not that question */
static int same_dtype_condition(Builder *b, const Expr *cond)
{
    if (cond->kind != EX_CALL || cond->call.func->kind != EX_NAME || cond->call.nargs != 2 ||
        strcmp(cond->call.func->name, "_same_dtype") != 0)
        return -1;
    const Type *x = name_type(b, cond->call.args[0]), *y = name_type(b, cond->call.args[1]);
    if (!x || !y || x->kind != TY_ARRAY || y->kind != TY_ARRAY)
        return -1;
    return x->dtype == y->dtype;
}

/* The library's questions about the type of x, answered when compiling, as Numba's overloads
 * choose by isinstance; -1: not one of them.
 *   _is_float(x), _is_complex(x), _is_bool(x): x (an array: its dtype) is a float (complex, bool)
 *     number, as `isinstance(a.dtype, types.Float)`;
 *   _is_integer(x): x is an integer number (types.Integer; bool is not);
 *   _is_array(x), _is_sequence(x), _is_slice(x): x is an array, a Sequence (a list or a tuple of
 *     items of one type), a slice object;
 *   _has_integer_items(x): x is an array or a Sequence of integers (`isinstance(x.dtype, types.Integer)`);
 *   _same_dtype(x, y): arrays x and y have one dtype. */
static int type_condition(Builder *b, const Expr *cond)
{
    if (cond->kind == EX_CALL && cond->call.nargs == 2)
        return same_dtype_condition(b, cond);
    if (cond->kind != EX_CALL || cond->call.func->kind != EX_NAME || cond->call.nargs != 1)
        return -1;
    const char *f = cond->call.func->name;
    const Type *t = name_type(b, cond->call.args[0]);
    if (!t)
        return -1;
    if (strcmp(f, "_is_integer") == 0)
        return ty_is_int(t);
    if (strcmp(f, "_is_array") == 0)
        return t->kind == TY_ARRAY;
    if (strcmp(f, "_is_sequence") == 0)
        return sequence_item(t) != NULL;
    if (strcmp(f, "_is_slice") == 0)
        return ty_is_slice(t);
    if (strcmp(f, "_has_integer_items") == 0) {
        const Type *item = t->kind == TY_ARRAY ? t->dtype : sequence_item(t);
        return item && ty_is_int(item);
    }
    if (strcmp(f, "_is_float") != 0 && strcmp(f, "_is_complex") != 0 && strcmp(f, "_is_bool") != 0)
        return -1;
    if (t->kind != TY_ARRAY && !ty_is_scalar(t))
        return -1;
    const Type *d = t->kind == TY_ARRAY ? t->dtype : t;
    if (strcmp(f, "_is_bool") == 0)
        return d->kind == TY_BOOL;
    return strcmp(f, "_is_float") == 0 ? ty_is_float(d) : ty_is_complex(d);
}

int bld_static_condition(Builder *b, const Expr *cond)
{
    if (bld_in_library(b) && type_condition(b, cond) >= 0) /* library code's own builtins */
        return type_condition(b, cond);
    if (cond->kind == EX_UNARY && cond->unary.op == OP_NOT) {
        int r = bld_static_condition(b, cond->unary.operand);
        return r < 0 ? r : !r;
    }
    if (cond->kind == EX_BOOLOP) { /* short-circuit: `w is not None and w != 1.0` where w is None is false */
        bool is_and = cond->binop.op == OP_AND;
        int l = bld_static_condition(b, cond->binop.lhs);
        if (l == (is_and ? 0 : 1))
            return l;
        int r = bld_static_condition(b, cond->binop.rhs);
        if (l < 0 || r < 0)
            return -1;
        return is_and ? l && r : l || r;
    }
    if (bld_is_isinstance_call(b, cond)) /* cpython/build_isinstance.c */
        return bld_isinstance(b, cond, false);
    if (cond->kind != EX_COMPARE || cond->compare.n != 2)
        return -1;
    AstOp op = cond->compare.ops[0];
    const char *s[2] = {NULL, NULL};
    int64_t n[2] = {0, 0};
    CtKind k[2];
    for (int i = 0; i < 2; i++)
        k[i] = comptime_value(b, cond->compare.operands[i], &s[i], &n[i]);
    if ((op == OP_IS || op == OP_ISNOT) && k[1] == CV_NONE_ && k[0] != CV_UNKNOWN)
        return (k[0] == CV_NONE_) == (op == OP_IS);
    if ((op == OP_EQ || op == OP_NE) && k[0] == CV_STR && k[1] == CV_STR)
        return (strcmp(s[0], s[1]) == 0) == (op == OP_EQ);
    if (k[0] != CV_INT || k[1] != CV_INT || cond->compare.operands[0]->kind == EX_INT) /* a.ndim OP int, len(t) OP int */
        return -1;
    switch (op) {
    case OP_EQ: return n[0] == n[1];
    case OP_NE: return n[0] != n[1];
    case OP_LT: return n[0] < n[1];
    case OP_LE: return n[0] <= n[1];
    case OP_GT: return n[0] > n[1];
    case OP_GE: return n[0] >= n[1];
    default: return -1;
    }
}

Operand bld_library_raise(Builder *b, const Expr *call, bool typing)
{
    if (call->call.nargs != 1 || call->call.args[0]->kind != EX_STR) {
        diag_error(&b->diag, call->loc, "%s() takes one string literal", typing ? "_typing_error" : "_raise_value_error");
        return bld_error_operand(b);
    }
    if (typing) { /* build_call.c reports it at the user's call, after the function's name */
        diag_error(&b->diag, call->loc, "%s", call->call.args[0]->str);
        return bld_error_operand(b);
    }
    ir_raise(b->f, EXC_VALUE, call->call.args[0]->str, call->loc);
    ir_set_block(b->f, ir_new_block(b->f)); /* what follows is unreachable */
    b->dead = true;
    return (Operand){.kind = OPK_NONE};
}

const char *bld_library_shown_name(const char *name)
{
    static const char METHOD[] = "_ndarray_";
    return strncmp(name, METHOD, strlen(METHOD)) == 0 ? name + strlen(METHOD) : name;
}
