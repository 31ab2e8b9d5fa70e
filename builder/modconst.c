/* modconst.c — module-level constant expressions evaluated as Python evaluates them when the
 * module runs: what decorator options such as `@njit(parallel=run_parallel)`,
 * `fastmath={'nsz'}` and `cache=os.getenv("X", "1") in {"1", "true"}` read (prog_const_value,
 * program.h). The builder evaluates the constants
 * compiled code uses on its own (build_call.c's module_constant); this is only for the module
 * level, where no function is being built. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "program.h"

enum { CONST_DEPTH = 32 };

static bool eval(const Program *p, const Expr *e, ConstValue *out, int depth);

/* The module a name or attribute names (math, numba, numba.config), by the global it binds. */
static const Global *root_global(const Program *p, const Expr *e)
{
    while (e->kind == EX_ATTR)
        e = e->attr.value;
    return e->kind == EX_NAME ? prog_global(p, e->name) : NULL;
}

static bool is_math(const Program *p, const Expr *e)
{
    const Global *g = e->kind == EX_NAME ? prog_global(p, e->name) : NULL;
    return g && g->kind == G_MODULE && g->module == MOD_MATH;
}

/* numba.config.X, numba.core.config.X, config.X (imported from numba or numba.core) */
static bool is_numba_config(const Program *p, const Expr *e)
{
    const Global *g = root_global(p, e);
    if (!g)
        return false;
    if (e->kind == EX_NAME) /* `from numba import config`, `from numba.core import config` */
        return g->kind == G_UNSUPPORTED && strcmp(e->name, "config") == 0 && strncmp(g->origin, "numba", 5) == 0;
    return e->kind == EX_ATTR && strcmp(e->attr.name, "config") == 0 && g->kind == G_MODULE && g->module == MOD_NUMBA;
}

static double as_float(const ConstValue *v)
{
    return v->kind == KV_FLOAT ? v->f : v->kind == KV_INT ? (double)v->i : v->b;
}

static bool is_number(const ConstValue *v) { return v->kind == KV_BOOL || v->kind == KV_INT || v->kind == KV_FLOAT; }

static bool truth(const ConstValue *v)
{
    switch (v->kind) {
    case KV_STR: return *v->s != 0;
    case KV_SEQ: return v->seq->seq.n != 0;
    default: return as_float(v) != 0;
    }
}

static void set_int(ConstValue *out, long long i) { *out = (ConstValue){.kind = KV_INT, .i = i}; }
static void set_float(ConstValue *out, double f) { *out = (ConstValue){.kind = KV_FLOAT, .f = f}; }
static void set_bool(ConstValue *out, bool b) { *out = (ConstValue){.kind = KV_BOOL, .b = b}; }

/* Python's floor division and modulo of integers (no division by zero: the caller checks). */
static long long floor_div(long long a, long long b)
{
    long long q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static bool int_binop(int op, long long a, long long b, ConstValue *out)
{
    switch (op) {
    case OP_ADD: set_int(out, a + b); return true;
    case OP_SUB: set_int(out, a - b); return true;
    case OP_MUL: set_int(out, a * b); return true;
    case OP_FLOORDIV: if (!b) return false; set_int(out, floor_div(a, b)); return true;
    case OP_MOD: if (!b) return false; set_int(out, a - b * floor_div(a, b)); return true;
    case OP_DIV: if (!b) return false; set_float(out, (double)a / (double)b); return true;
    case OP_POW: if (b < 0) { set_float(out, pow((double)a, (double)b)); return true; }
        { long long r = 1; for (long long k = 0; k < b && k < 64; k++) r *= a; set_int(out, r); } return true;
    case OP_BITAND: set_int(out, a & b); return true;
    case OP_BITOR: set_int(out, a | b); return true;
    case OP_BITXOR: set_int(out, a ^ b); return true;
    case OP_LSHIFT: if (b < 0 || b > 62) return false; set_int(out, a << b); return true;
    case OP_RSHIFT: if (b < 0) return false; set_int(out, b > 62 ? (a < 0 ? -1 : 0) : a >> b); return true;
    default: return false;
    }
}

static bool float_binop(int op, double a, double b, ConstValue *out)
{
    switch (op) {
    case OP_ADD: set_float(out, a + b); return true;
    case OP_SUB: set_float(out, a - b); return true;
    case OP_MUL: set_float(out, a * b); return true;
    case OP_DIV: if (b == 0) return false; set_float(out, a / b); return true;
    case OP_FLOORDIV: if (b == 0) return false; set_float(out, floor(a / b)); return true;
    case OP_MOD: if (b == 0) return false; { double m = fmod(a, b); set_float(out, m != 0 && (m < 0) != (b < 0) ? m + b : m); } return true;
    case OP_POW: set_float(out, pow(a, b)); return true;
    default: return false;
    }
}

static bool binop(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    ConstValue l = {.kind = KV_BOOL}, r = {.kind = KV_BOOL};
    if (!eval(p, e->binop.lhs, &l, depth) || !eval(p, e->binop.rhs, &r, depth))
        return false;
    if (l.kind == KV_STR && r.kind == KV_STR && e->binop.op == OP_ADD) {
        *out = (ConstValue){.kind = KV_STR, .s = arena_printf(p->arena, "%s%s", l.s, r.s)};
        return true;
    }
    if (!is_number(&l) || !is_number(&r))
        return false;
    if (l.kind != KV_FLOAT && r.kind != KV_FLOAT)
        return int_binop(e->binop.op, l.kind == KV_INT ? l.i : l.b, r.kind == KV_INT ? r.i : r.b, out);
    return float_binop(e->binop.op, as_float(&l), as_float(&r), out);
}

static bool compare_one(int op, const ConstValue *a, const ConstValue *b, bool *res)
{
    if (a->kind == KV_STR && b->kind == KV_STR) {
        int c = strcmp(a->s, b->s);
        if (op != OP_EQ && op != OP_NE)
            return false;
        *res = (c == 0) == (op == OP_EQ);
        return true;
    }
    if (!is_number(a) || !is_number(b))
        return false;
    double x = as_float(a), y = as_float(b);
    switch (op) {
    case OP_EQ: *res = x == y; return true;
    case OP_NE: *res = x != y; return true;
    case OP_LT: *res = x < y; return true;
    case OP_LE: *res = x <= y; return true;
    case OP_GT: *res = x > y; return true;
    case OP_GE: *res = x >= y; return true;
    default: return false;
    }
}

/* `a in seq` (a list, tuple or set display of constants), by ==. */
static bool contains(const Program *p, const ConstValue *a, const ConstValue *seq, bool *res, int depth)
{
    if (seq->kind != KV_SEQ)
        return false;
    *res = false;
    for (int i = 0; i < seq->seq->seq.n && !*res; i++) {
        ConstValue item = {.kind = KV_BOOL};
        bool same = false;
        if (!eval(p, seq->seq->seq.items[i], &item, depth) || !compare_one(OP_EQ, a, &item, &same))
            return false;
        *res = same;
    }
    return true;
}

static bool compare(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    ConstValue prev = {.kind = KV_BOOL};
    if (!eval(p, e->compare.operands[0], &prev, depth))
        return false;
    bool all = true;
    for (int i = 0; i + 1 < e->compare.n; i++) {
        ConstValue next = {.kind = KV_BOOL};
        bool r = false;
        int op = e->compare.ops[i];
        if (!eval(p, e->compare.operands[i + 1], &next, depth))
            return false;
        if (op == OP_IN || op == OP_NOTIN) {
            if (!contains(p, &prev, &next, &r, depth))
                return false;
            r = r == (op == OP_IN);
        } else if (!compare_one(op, &prev, &next, &r))
            return false;
        all = all && r;
        prev = next;
    }
    set_bool(out, all);
    return true;
}

static bool unary(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    ConstValue v = {.kind = KV_BOOL};
    if (!eval(p, e->unary.operand, &v, depth))
        return false;
    if (e->unary.op == OP_NOT) {
        set_bool(out, !truth(&v));
        return true;
    }
    if (!is_number(&v))
        return false;
    if (e->unary.op == OP_POS)
        v.kind == KV_BOOL ? set_int(out, v.b) : (void)(*out = v);
    else if (e->unary.op == OP_NEG)
        v.kind == KV_FLOAT ? set_float(out, -v.f) : set_int(out, -(v.kind == KV_INT ? v.i : v.b));
    else if (e->unary.op == OP_INVERT && v.kind != KV_FLOAT)
        set_int(out, ~(v.kind == KV_INT ? v.i : v.b));
    else
        return false;
    return true;
}

/* math.sqrt(2), math.log(10), ... : the functions of one or two floats Python's math has. */
static bool math_call(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    static const struct { const char *name; double (*f1)(double); double (*f2)(double, double); } FNS[] = {
        {"sqrt", sqrt, NULL}, {"exp", exp, NULL}, {"log", log, NULL}, {"log2", log2, NULL}, {"log10", log10, NULL},
        {"sin", sin, NULL}, {"cos", cos, NULL}, {"tan", tan, NULL}, {"asin", asin, NULL}, {"acos", acos, NULL},
        {"atan", atan, NULL}, {"sinh", sinh, NULL}, {"cosh", cosh, NULL}, {"tanh", tanh, NULL},
        {"fabs", fabs, NULL}, {"erf", erf, NULL}, {"expm1", expm1, NULL}, {"log1p", log1p, NULL},
        {"pow", NULL, pow}, {"atan2", NULL, atan2}, {"hypot", NULL, hypot}, {"fmod", NULL, fmod},
    };
    const Expr *f = e->call.func;
    const char *name = f->kind == EX_ATTR && is_math(p, f->attr.value) ? f->attr.name : NULL;
    if (!name || e->call.nkws || e->call.nargs < 1 || e->call.nargs > 2)
        return false;
    ConstValue a[2] = {{.kind = KV_BOOL}, {.kind = KV_BOOL}};
    for (int i = 0; i < e->call.nargs; i++)
        if (!eval(p, e->call.args[i], &a[i], depth) || !is_number(&a[i]))
            return false;
    for (size_t i = 0; i < sizeof FNS / sizeof FNS[0]; i++)
        if (strcmp(FNS[i].name, name) == 0) {
            if (FNS[i].f1 && e->call.nargs == 1)
                set_float(out, FNS[i].f1(as_float(&a[0])));
            else if (FNS[i].f2 && e->call.nargs == 2)
                set_float(out, FNS[i].f2(as_float(&a[0]), as_float(&a[1])));
            else
                return false;
            return true;
        }
    return false;
}

/* os.getenv(NAME[, DEFAULT]) and os.environ.get(NAME[, DEFAULT]): read from the environment jitc
 * compiles in, which is the one the module would be imported in (`cache=os.getenv(...)`); an
 * unset name without a default is None, which is no constant here. */
static bool environment(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    const Expr *f = e->call.func;
    bool os_getenv = prog_names_member(p, f, "os", "getenv");
    bool environ_get = f->kind == EX_ATTR && strcmp(f->attr.name, "get") == 0 && prog_names_member(p, f->attr.value, "os", "environ");
    if ((!os_getenv && !environ_get) || e->call.nkws || e->call.nargs < 1 || e->call.nargs > 2)
        return false;
    ConstValue name = {.kind = KV_BOOL};
    if (!eval(p, e->call.args[0], &name, depth) || name.kind != KV_STR)
        return false;
    const char *v = getenv(name.s);
    if (v) {
        *out = (ConstValue){.kind = KV_STR, .s = v};
        return true;
    }
    return e->call.nargs == 2 && eval(p, e->call.args[1], out, depth);
}

/* s.lower(), s.upper(), s.strip() of a constant string (ASCII letters and blanks: what an
 * environment switch holds). */
static bool string_method(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    const Expr *f = e->call.func;
    if (f->kind != EX_ATTR || e->call.nargs || e->call.nkws)
        return false;
    bool lower = strcmp(f->attr.name, "lower") == 0, upper = strcmp(f->attr.name, "upper") == 0;
    bool strip = strcmp(f->attr.name, "strip") == 0;
    ConstValue v = {.kind = KV_BOOL};
    if ((!lower && !upper && !strip) || !eval(p, f->attr.value, &v, depth) || v.kind != KV_STR)
        return false;
    const char *from = v.s, *to = v.s + strlen(v.s);
    if (strip) {
        while (*from == ' ' || *from == '\t' || *from == '\n')
            from++;
        while (to > from && (to[-1] == ' ' || to[-1] == '\t' || to[-1] == '\n'))
            to--;
    }
    char *r = arena_printf(p->arena, "%.*s", (int)(to - from), from);
    for (char *c = r; *c; c++)
        *c = lower && *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : upper && *c >= 'a' && *c <= 'z' ? (char)(*c - 'a' + 'A') : *c;
    *out = (ConstValue){.kind = KV_STR, .s = r};
    return true;
}

static bool attribute(const Program *p, const Expr *e, ConstValue *out)
{
    double v;
    if (is_math(p, e->attr.value) && prog_math_constant(e->attr.name, &v)) {
        set_float(out, v);
        return true;
    }
    const Global *g = e->attr.value->kind == EX_NAME ? prog_global(p, e->attr.value->name) : NULL;
    if (g && g->kind == G_UNSUPPORTED && strcmp(g->origin, "module sys") == 0 && strcmp(e->attr.name, "maxsize") == 0) {
        set_int(out, INT64_MAX); /* `parallel=sys.maxsize > 2**31`: a 64-bit machine's */
        return true;
    }
    if (!is_numba_config(p, e->attr.value))
        return false;
    if (strcmp(e->attr.name, "NUMBA_NUM_THREADS") == 0 || strcmp(e->attr.name, "NUMBA_DEFAULT_NUM_THREADS") == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN); /* Numba's default: the machine's cores */
        set_int(out, n > 0 ? n : 1);
        return true;
    }
    if (strcmp(e->attr.name, "ENABLE_CUDASIM") == 0 || strcmp(e->attr.name, "DISABLE_JIT") == 0) {
        set_bool(out, false);
        return true;
    }
    return false;
}

static bool name(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    const Global *g = prog_global(p, e->name);
    if (!g)
        return false;
    if (g->kind == G_MATHCONST) {
        set_float(out, g->fval);
        return true;
    }
    return g->kind == G_CONST && eval(p, g->expr, out, depth);
}

static bool eval(const Program *p, const Expr *e, ConstValue *out, int depth)
{
    if (++depth > CONST_DEPTH)
        return false;
    switch (e->kind) {
    case EX_BOOL: set_bool(out, e->bval); return true;
    case EX_INT: set_int(out, e->ival); return true;
    case EX_FLOAT: set_float(out, e->fval); return true;
    case EX_STR: *out = (ConstValue){.kind = KV_STR, .s = e->str}; return true;
    case EX_LIST:
    case EX_SET:
    case EX_TUPLE: *out = (ConstValue){.kind = KV_SEQ, .seq = e}; return true;
    case EX_NAME: return name(p, e, out, depth);
    case EX_ATTR: return attribute(p, e, out);
    case EX_BINOP: return binop(p, e, out, depth);
    case EX_COMPARE: return compare(p, e, out, depth);
    case EX_UNARY: return unary(p, e, out, depth);
    case EX_CALL: return math_call(p, e, out, depth) || environment(p, e, out, depth) || string_method(p, e, out, depth);
    case EX_BOOLOP: {
        ConstValue l = {.kind = KV_BOOL};
        if (!eval(p, e->binop.lhs, &l, depth))
            return false;
        if (truth(&l) == (e->binop.op == OP_OR)) { /* `a or b` is a when a is true */
            *out = l;
            return true;
        }
        return eval(p, e->binop.rhs, out, depth);
    }
    case EX_IFEXP: {
        ConstValue c = {.kind = KV_BOOL};
        if (!eval(p, e->ifexp.cond, &c, depth))
            return false;
        return eval(p, truth(&c) ? e->ifexp.then : e->ifexp.els, out, depth);
    }
    default: return false;
    }
}

bool prog_const_value(const Program *p, const Expr *e, ConstValue *out)
{
    return eval(p, e, out, 0);
}
