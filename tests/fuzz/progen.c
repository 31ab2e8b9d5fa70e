/* progen.c — random well-typed krn programs from a string of choices (see progen.h).
 *
 * One function per construct of the grammar: gen_int, gen_float and gen_bool write an
 * expression of their kind, gen_block a block of statements. Each takes its choices from the
 * byte string through pick(); the depth budgets keep programs small. */
#include "progen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_LOCALS = 8, MAX_CLOSURES = 2, EXPR_DEPTH = 3, BLOCK_DEPTH = 3, MAX_STATEMENTS = 5 };

typedef enum { K_INT, K_FLOAT, K_BOOL } Kind;

typedef struct Text {
    char *s;
    size_t len, cap;
    bool failed; /* out of memory */
} Text;

typedef struct Gen {
    const uint8_t *data;
    size_t n, at;
    Text out;
    Kind locals[MAX_LOCALS]; /* v0 .. : declared at the top of the function */
    int nlocals;
    int reduced;             /* the local a prange loop reduces into (-1: none), never read there */
    int nfuncs;              /* f0 .. f(nfuncs-1) are defined: callable */
    Kind returns[PROGEN_MAX_FUNCS];
    int loops;               /* enclosing for loops: their variables i0 .. are ints in scope */
    int whiles;              /* while loops so far: their counters are w0 .. */
    int squares;             /* enclosing `** 2`: constants stay small there (Numba folds a
                              * constant's square and refuses one past int64) */
    bool in_while;           /* no `continue` (it would skip the counter) */
    bool in_prange;          /* the body only reads: no call, no store */
    bool parallel;           /* the function is parallel=True */
    bool has_list;           /* l0, a list of list_kind (never empty), is in scope */
    Kind list_kind;
    bool has_str;            /* s0, a string, is in scope */
    bool has_table;          /* d0, a dict of int to float, and t0, a set of ints (never emptied) */
    bool has_ufuncs;         /* the module defines u0 (@vectorize) and g0 (@guvectorize) */
    int nclosures;           /* c0 .. : closures of one parameter y, returning closure_kind[k] */
    Kind closure_kind[MAX_CLOSURES];
    bool closure_called[MAX_CLOSURES];          /* a closure never called is cut out: Numba */
    size_t closure_text[MAX_CLOSURES][2];       /* refuses one that captures and is not inlined */
    bool in_closure;         /* a closure's body: y of kind param is read, no local is */
    Kind param;
    bool in_try;             /* a try statement: no loop, return or break */
    bool in_handler;         /* its except, else or finally block: nothing raises there (Numba
                              * loses an exception raised in a finally block when a try follows) */
} Gen;

/* ---- choices and text ---- */

/* A choice among k (0 .. k-1); 0 once the bytes are used up. */
static int pick(Gen *g, int k) { return g->at < g->n ? g->data[g->at++] % k : 0; }

static void emit(Gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Gen *g, const char *fmt, ...)
{
    Text *t = &g->out;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(NULL, 0, fmt, ap); /* measure, grow, then write */
    va_end(ap);
    if (t->failed || w < 0)
        return;
    if (t->len + (size_t)w + 1 > t->cap) {
        size_t cap = (t->len + (size_t)w + 1) * 2;
        char *s = realloc(t->s, cap);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s, t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)w;
}

static void indent(Gen *g, int level) { emit(g, "%*s", 4 * level, ""); }

/* ---- expressions ---- */

static void gen_int(Gen *g, int depth);
static void gen_float(Gen *g, int depth);
static void gen_bool(Gen *g, int depth);

static void gen_kind(Gen *g, Kind k, int depth)
{
    if (k == K_INT)
        gen_int(g, depth);
    else if (k == K_FLOAT)
        gen_float(g, depth);
    else
        gen_bool(g, depth);
}

/* A local of kind k that may be read here, or -1. */
static int readable_local(Gen *g, Kind k)
{
    int found[MAX_LOCALS], n = 0;
    for (int i = 0; i < g->nlocals && !g->in_closure; i++)
        if (g->locals[i] == k && i != g->reduced)
            found[n++] = i;
    return n ? found[pick(g, n)] : -1;
}

/* A callable function returning k, or -1 (no calls in loops: the work stays small). */
static int callable(Gen *g, Kind k)
{
    if (g->loops || g->in_while || g->in_prange || g->in_closure || g->in_handler)
        return -1;
    int found[PROGEN_MAX_FUNCS], n = 0;
    for (int i = 0; i < g->nfuncs; i++)
        if (g->returns[i] == k)
            found[n++] = i;
    return n ? found[pick(g, n)] : -1;
}

static void gen_call(Gen *g, int f, int depth)
{
    emit(g, "f%d(", f);
    gen_int(g, depth - 1);
    emit(g, ", ");
    gen_float(g, depth - 1);
    emit(g, ", a, b)");
}

/* What the function body may use besides numbers and the parameters: the list and the string
 * locals, array expressions and closures (not in a prange body, which only reads scalars, nor in
 * a closure's body, which sees only the parameters). */
static bool full_scope(Gen *g) { return !g->in_prange && !g->in_closure; }

/* The closure's parameter y, a local of kind k, else the fallback. */
static void local_leaf(Gen *g, Kind k, const char *fallback)
{
    int v;
    if (g->in_closure && g->param == k && pick(g, 2))
        emit(g, "y");
    else if ((v = readable_local(g, k)) >= 0)
        emit(g, "v%d", v);
    else
        emit(g, "%s", fallback);
}

static void int_leaf(Gen *g)
{
    static const char *const constants[] = {"0", "1", "2", "3", "7", "-1", "-5", "100", "255", "1000003"};
    switch (pick(g, 8)) {
    case 0: emit(g, "%s", constants[pick(g, g->squares ? 7 : 10)]); break; /* the first 7 are small */
    case 1: emit(g, "n"); break;
    case 2: emit(g, "len(a)"); break;
    case 3: emit(g, "b[n %% len(b)]"); break;
    case 4: local_leaf(g, K_INT, "n"); break;
    case 5: emit(g, "%s", pick(g, 2) ? "G_INT" : "G_TUPLE[0]"); break; /* module-level constants */
    case 6:
        if (g->has_list && full_scope(g))
            emit(g, "len(l0)");
        else if (g->has_str && full_scope(g))
            emit(g, "len(s0)");
        else
            emit(g, "len(b)");
        break;
    default:
        if (g->loops)
            emit(g, "i%d", pick(g, g->loops));
        else
            emit(g, "len(b)");
    }
}

/* Integer types narrower than int64 that unify with it as int64 (uint64 would give float64). */
static const char *const NARROW_INTS[] = {"np.int8", "np.int16", "np.int32", "np.uint8", "np.uint16", "np.uint32"};

/* ---- arrays, lists, closures, tuples and strings inside expressions ---- */

static const char *const WORDS[] = {"one", "", "\u03c0", "ab c"}; /* \u03c0: a non-ASCII code point */

/* A float64 array of len(a) items: ufuncs, arithmetic with scalars and arrays, where, sort. */
static void gen_float_array(Gen *g, int depth)
{
    static const char *const ufuncs[] = {"np.abs", "np.sin", "np.cos", "np.tanh", "np.arctan", "np.negative"};
    static const char *const binops[] = {"+", "-", "*"};
    switch (depth <= 0 ? 0 : pick(g, 8)) {
    case 0: emit(g, "a"); break;
    case 7: /* the module's @vectorize ufunc, array and scalar */
        if (!g->has_ufuncs) {
            emit(g, "a");
            break;
        }
        emit(g, "u0(");
        gen_float_array(g, depth - 1);
        emit(g, ", ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 1:
        emit(g, "%s(", ufuncs[pick(g, 6)]);
        gen_float_array(g, depth - 1);
        emit(g, ")");
        break;
    case 2:
        emit(g, "(");
        gen_float_array(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 3)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 3:
        emit(g, "(");
        gen_float_array(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 3)]);
        gen_float_array(g, depth - 1);
        emit(g, ")");
        break;
    case 4:
        emit(g, "np.sqrt(np.abs(");
        gen_float_array(g, depth - 1);
        emit(g, "))");
        break;
    case 5:
        emit(g, "np.where(");
        gen_float_array(g, depth - 1);
        emit(g, " > ");
        gen_float(g, depth - 1);
        emit(g, ", ");
        gen_float_array(g, depth - 1);
        emit(g, ", ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    default:
        emit(g, "np.sort(");
        gen_float_array(g, depth - 1);
        emit(g, ")");
    }
}

/* An int64 array of len(b) items. */
static void gen_int_array(Gen *g, int depth)
{
    static const char *const binops[] = {"+", "-", "*", "&", "|", "^"};
    switch (depth <= 0 ? 0 : pick(g, 6)) {
    case 0: emit(g, "b"); break;
    case 5:
        if (!g->has_ufuncs) {
            emit(g, "b");
            break;
        }
        emit(g, "u0(");
        gen_int_array(g, depth - 1);
        emit(g, ", ");
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 1:
        emit(g, "np.abs(");
        gen_int_array(g, depth - 1);
        emit(g, ")");
        break;
    case 2:
        emit(g, "(");
        gen_int_array(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 3:
        emit(g, "np.%s(", pick(g, 2) ? "minimum" : "maximum");
        gen_int_array(g, depth - 1);
        emit(g, ", ");
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    default: /* floor division by 1 .. 7 */
        emit(g, "(");
        gen_int_array(g, depth - 1);
        emit(g, " // (abs(");
        gen_int(g, depth - 1);
        emit(g, ") %% 7 + 1))");
    }
}

/* A float from a whole array: a reduction, a statistic, an item of its sorted or summed form. */
/* Views of a and b (reversed, strided, shortened; maybe empty, so only summed). */
static const char *const FLOAT_VIEWS[] = {"a[::-1]", "a[1::2]", "a[::2]", "a[:-1]", "a[-2::-1]"};
static const char *const INT_VIEWS[] = {"b[::-1]", "b[1::2]", "b[::-3]", "b[1:]"};

static void gen_float_reduction(Gen *g, int depth)
{
    static const char *const whole[] = {"np.sum", "np.max", "np.min", "np.mean", "np.median", "np.std", "np.var"};
    switch (pick(g, 5)) {
    case 4: /* a view, summed */
        emit(g, "np.sum(%s * ", FLOAT_VIEWS[pick(g, 5)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 0: case 1:
        emit(g, "%s(", whole[pick(g, 7)]);
        gen_float_array(g, depth - 1);
        emit(g, ")");
        break;
    case 2:
        emit(g, "np.%s(", pick(g, 2) ? "sort" : "cumsum");
        gen_float_array(g, depth - 1);
        emit(g, ")[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(a)]");
        break;
    default:
        emit(g, "np.mean(");
        gen_int_array(g, depth - 1);
        emit(g, ")");
    }
}

/* An int from a whole array: a reduction, an arg-extreme, a count, an item of its sorted or
 * summed form. */
static void gen_int_reduction(Gen *g, int depth)
{
    static const char *const whole[] = {"np.sum", "np.max", "np.min", "np.count_nonzero"};
    switch (pick(g, 5)) {
    case 4: /* a view, its first items summed */
        emit(g, "np.sum(%s[:(", INT_VIEWS[pick(g, 4)]);
        gen_int(g, depth - 1);
        emit(g, ") %% (len(b) + 1)])");
        break;
    case 0:
        emit(g, "%s(", whole[pick(g, 4)]);
        gen_int_array(g, depth - 1);
        emit(g, ")");
        break;
    case 1:
        emit(g, "np.%s(", pick(g, 2) ? "argmax" : "argmin");
        if (pick(g, 2))
            gen_float_array(g, depth - 1);
        else
            gen_int_array(g, depth - 1);
        emit(g, ")");
        break;
    case 2: /* a count: the sum of a bool array */
        emit(g, "np.sum(");
        gen_float_array(g, depth - 1);
        emit(g, " > ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    default:
        emit(g, "np.%s(", pick(g, 2) ? "sort" : "cumsum");
        gen_int_array(g, depth - 1);
        emit(g, ")[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(b)]");
    }
}

/* An item of the list l0 when it holds kind k (by index, the last, min, max or sum); false when
 * there is no such list here. */
static bool gen_list_item(Gen *g, Kind k, int depth)
{
    if (!g->has_list || g->list_kind != k || !full_scope(g))
        return false;
    switch (pick(g, 4)) {
    case 0:
        emit(g, "l0[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(l0)]");
        break;
    case 1: emit(g, "l0[-1]"); break;
    case 2: emit(g, "%s(l0)", pick(g, 2) ? "min" : "max"); break;
    default: emit(g, "sum(l0)");
    }
    return true;
}

/* A call of a closure returning k (its argument is of kind k too); false when there is none. */
static bool gen_closure_call(Gen *g, Kind k, int depth)
{
    int found[MAX_CLOSURES], n = 0;
    for (int i = 0; i < g->nclosures && full_scope(g); i++)
        if (g->closure_kind[i] == k)
            found[n++] = i;
    if (!n)
        return false;
    int c = found[pick(g, n)];
    g->closure_called[c] = true;
    emit(g, "c%d(", c);
    gen_kind(g, k, depth - 1);
    emit(g, ")");
    return true;
}

/* A constant index into a tuple built on the spot: (int, float, bool)[k]. */
static void gen_tuple_item(Gen *g, Kind k, int depth)
{
    emit(g, "(");
    gen_int(g, depth - 1);
    emit(g, ", ");
    gen_float(g, depth - 1);
    emit(g, ", ");
    gen_bool(g, depth - 1);
    emit(g, ")[%d]", (int)k);
}

/* A test of the string s0 (or of a constant word where there is none). */
static void gen_str_test(Gen *g)
{
    static const char *const compare[] = {"==", "!=", "<", ">="};
    const char *s = g->has_str && full_scope(g) ? "s0" : "G_WORDS[1]";
    switch (pick(g, 4)) {
    case 0: emit(g, "(%s %s \"%s\")", s, compare[pick(g, 4)], WORDS[pick(g, 4)]); break;
    case 1: emit(g, "(%s in G_WORDS)", s); break;
    case 2: emit(g, "(not %s)", s); break;
    default: emit(g, "(len(%s) > %d)", s, pick(g, 3));
    }
}

/* An int of the dict d0 and set t0 (a size, a smallest or largest key), or of the ufunc on two
 * ints; false when there is neither here. */
static bool gen_table_int(Gen *g, int depth)
{
    if (!full_scope(g))
        return false;
    if (g->has_table && pick(g, 3)) {
        static const char *const items[] = {"len(d0)", "len(t0)", "min(t0)", "max(t0)", "min(d0)", "max(d0)"};
        emit(g, "%s", items[pick(g, 6)]);
        return true;
    }
    if (!g->has_ufuncs)
        return false;
    emit(g, "u0(");
    gen_int(g, depth - 1);
    emit(g, ", ");
    gen_int(g, depth - 1);
    emit(g, ")");
    return true;
}

/* A float of the dict d0 (an item by key, with a default), or of the ufunc on two floats. */
static bool gen_table_float(Gen *g, int depth)
{
    if (!full_scope(g))
        return false;
    if (g->has_table && pick(g, 3)) {
        if (pick(g, 2)) {
            emit(g, "d0.get(");
            gen_int(g, depth - 1);
            emit(g, ", ");
            gen_float(g, depth - 1);
            emit(g, ")");
        } else {
            emit(g, "d0[%s(d0)]", pick(g, 2) ? "min" : "max");
        }
        return true;
    }
    if (!g->has_ufuncs)
        return false;
    emit(g, "u0(");
    gen_float(g, depth - 1);
    emit(g, ", ");
    gen_float(g, depth - 1);
    emit(g, ")");
    return true;
}

static void gen_int(Gen *g, int depth)
{
    if (depth <= 0) {
        int_leaf(g);
        return;
    }
    static const char *const binops[] = {"+", "-", "*", "&", "|", "^"};
    int f;
    switch (pick(g, 25)) {
    case 0: int_leaf(g); break;
    case 24:
        if (!gen_table_int(g, depth))
            int_leaf(g);
        break;
    case 1: case 2:
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 3: case 4: /* floor division and modulo, never by zero */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s (abs(", pick(g, 2) ? "//" : "%");
        gen_int(g, depth - 1);
        emit(g, ") %% 7 + 1))");
        break;
    case 5: case 6:
        emit(g, "%s(", pick(g, 2) ? "min" : "max");
        gen_int(g, depth - 1);
        emit(g, ", ");
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 7:
        emit(g, "abs(");
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 8: /* shifts by 0 .. 7 */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s (abs(", pick(g, 2) ? ">>" : "<<");
        gen_int(g, depth - 1);
        emit(g, ") %% 8))");
        break;
    case 9:
        emit(g, "b[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(b)]");
        break;
    case 10:
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " if ");
        gen_bool(g, depth - 1);
        emit(g, " else ");
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 11: /* mixed widths: wraps to the narrow type, then widens (int(), not `+ 0`: a literal is
              * weak in jitc, so `int8(v) + 0` stays int8 where Numba computes in int64) */
        emit(g, "int(%s(", NARROW_INTS[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, "))");
        break;
    case 12:
        if ((f = callable(g, K_INT)) >= 0)
            gen_call(g, f, depth);
        else
            int_leaf(g);
        break;
    case 13: /* rounding a bounded float gives an int */
        emit(g, "%s(math.tanh(", pick(g, 2) ? "round" : "math.floor");
        gen_float(g, depth - 1);
        emit(g, ") * 100.0)");
        break;
    case 14: /* bools as ints */
        emit(g, "(");
        gen_bool(g, depth - 1);
        emit(g, " + %s)", pick(g, 2) ? "0" : "1"); /* not True: NumPy adds an np.bool_ and True as a logical or */
        break;
    case 15: /* array reductions */
        emit(g, "%s", pick(g, 2) ? "np.sum(b)" : "b.max()");
        break;
    case 16:
        emit(g, "np.sum(b[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(b):])");
        break;
    case 18: gen_tuple_item(g, K_INT, depth); break;
    case 19:
        if (!gen_list_item(g, K_INT, depth))
            int_leaf(g);
        break;
    case 20:
        if (!gen_closure_call(g, K_INT, depth))
            int_leaf(g);
        break;
    case 21: case 22:
        if (full_scope(g))
            gen_int_reduction(g, depth);
        else
            int_leaf(g);
        break;
    default:
        emit(g, "(");
        g->squares++;
        gen_int(g, depth - 1);
        g->squares--;
        emit(g, " ** 2)");
    }
}

static void float_leaf(Gen *g)
{
    static const char *const constants[] = {"0.0", "1.0", "0.5", "-2.25", "3.0", "1e-3", "1e6", "-0.0"};
    switch (pick(g, 6)) {
    case 0: emit(g, "%s", constants[pick(g, 8)]); break;
    case 1: emit(g, "x"); break;
    case 2: emit(g, "a[n %% len(a)]"); break;
    case 3: local_leaf(g, K_FLOAT, "x"); break;
    case 4: emit(g, "%s", pick(g, 2) ? "G_FLOAT" : "G_TUPLE[1]"); break;
    default: emit(g, "float(n)");
    }
}

static void gen_float(Gen *g, int depth)
{
    if (depth <= 0) {
        float_leaf(g);
        return;
    }
    static const char *const binops[] = {"+", "-", "*"};
    static const char *const bounded[] = {"math.sin", "math.cos", "math.tanh", "math.atan", "np.sin", "np.arctan"};
    static const char *const two[] = {"math.copysign", "math.hypot", "math.atan2", "np.arctan2"};
    static const char *const reductions[] = {"np.sum(a)", "a.mean()", "np.max(a)", "a.min()", "np.prod(a[:3])"};
    int f;
    switch (pick(g, 25)) {
    case 24:
        if (!gen_table_float(g, depth))
            float_leaf(g);
        break;
    case 0: float_leaf(g); break;
    case 1: case 2:
        emit(g, "(");
        gen_float(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 3)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 3: /* division and modulo, never by zero */
        emit(g, "(");
        gen_float(g, depth - 1);
        emit(g, " %s (abs(", pick(g, 2) ? "/" : "%");
        gen_float(g, depth - 1);
        emit(g, ") + 1.0))");
        break;
    case 4:
        emit(g, "%s(", bounded[pick(g, 6)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 5:
        emit(g, "%s(abs(", pick(g, 2) ? "math.sqrt" : "math.log1p");
        gen_float(g, depth - 1);
        emit(g, "))");
        break;
    case 6:
        emit(g, "math.exp(math.tanh(");
        gen_float(g, depth - 1);
        emit(g, ") * 5.0)");
        break;
    case 7:
        emit(g, "a[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(a)]");
        break;
    case 8: /* int and float mixed */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s ", binops[pick(g, 3)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 9:
        emit(g, "(");
        gen_float(g, depth - 1);
        emit(g, " if ");
        gen_bool(g, depth - 1);
        emit(g, " else ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 10:
        emit(g, "%s(", pick(g, 2) ? "min" : "max");
        gen_float(g, depth - 1);
        emit(g, ", ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 11: /* an int's true division */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " / (abs(");
        gen_int(g, depth - 1);
        emit(g, ") %% 5 + 1))");
        break;
    case 12:
        if ((f = callable(g, K_FLOAT)) >= 0)
            gen_call(g, f, depth);
        else
            float_leaf(g);
        break;
    case 13:
        emit(g, "%s(", two[pick(g, 4)]);
        gen_float(g, depth - 1);
        emit(g, ", ");
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 14: /* float modulo (Python's floored one), never by zero (Numba has no math.fmod) */
        emit(g, "(");
        gen_float(g, depth - 1);
        emit(g, " %% (abs(");
        gen_float(g, depth - 1);
        emit(g, ") + 0.5))");
        break;
    case 15: /* float32 arithmetic, then widened: np.float64(), not the weak `+ 0.0` (jitc keeps
              * float32) nor float() (a float32 stays float32 in Numba too) */
        emit(g, "np.float64(np.float32(");
        gen_float(g, depth - 1);
        emit(g, ") %s np.float32(", binops[pick(g, 3)]);
        gen_float(g, depth - 1);
        emit(g, "))");
        break;
    case 16:
        emit(g, "%s", reductions[pick(g, 5)]);
        break;
    case 17:
        emit(g, "np.sum(a[:(");
        gen_int(g, depth - 1);
        emit(g, ") %% (len(a) + 1)])");
        break;
    case 19: gen_tuple_item(g, K_FLOAT, depth); break;
    case 20:
        if (!gen_list_item(g, K_FLOAT, depth))
            float_leaf(g);
        break;
    case 21:
        if (!gen_closure_call(g, K_FLOAT, depth))
            float_leaf(g);
        break;
    case 22:
        if (full_scope(g))
            gen_float_reduction(g, depth);
        else
            float_leaf(g);
        break;
    default:
        emit(g, "abs(");
        gen_float(g, depth - 1);
        emit(g, ")");
    }
}

static void gen_bool(Gen *g, int depth)
{
    static const char *const compare[] = {"<", "<=", "==", "!=", ">", ">="};
    int v;
    switch (depth <= 0 ? pick(g, 2) : pick(g, 12)) {
    case 0:
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s ", compare[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 1:
        emit(g, "(");
        gen_float(g, depth - 1);
        emit(g, " %s ", compare[pick(g, 6)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 2: case 3:
        emit(g, "(");
        gen_bool(g, depth - 1);
        emit(g, pick(g, 2) ? " and " : " or ");
        gen_bool(g, depth - 1);
        emit(g, ")");
        break;
    case 4:
        emit(g, "(not ");
        gen_bool(g, depth - 1);
        emit(g, ")");
        break;
    case 5: /* an int against a float, exactly */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s ", compare[pick(g, 6)]);
        gen_float(g, depth - 1);
        emit(g, ")");
        break;
    case 6: /* a chained comparison */
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " %s ", compare[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, " %s ", compare[pick(g, 6)]);
        gen_int(g, depth - 1);
        emit(g, ")");
        break;
    case 8: gen_str_test(g); break;
    case 7: /* membership in the dict or the set */
        if (g->has_table && full_scope(g)) {
            emit(g, "(");
            gen_int(g, depth - 1);
            emit(g, " %s %s)", pick(g, 2) ? "in" : "not in", pick(g, 2) ? "d0" : "t0");
        } else {
            emit(g, "(n > 3)");
        }
        break;
    case 9: /* membership in the list, or a whole-array test */
        if (g->has_list && full_scope(g)) {
            emit(g, "(");
            gen_kind(g, g->list_kind, depth - 1);
            emit(g, " in l0)");
        } else if (full_scope(g)) {
            emit(g, "np.%s(", pick(g, 2) ? "any" : "all");
            gen_float_array(g, depth - 1);
            emit(g, " %s ", compare[pick(g, 6)]);
            gen_float(g, depth - 1);
            emit(g, ")");
        } else {
            emit(g, "(n > 3)");
        }
        break;
    case 10: gen_tuple_item(g, K_BOOL, depth); break;
    default:
        if (g->in_closure)
            emit(g, "G_TUPLE[2]");
        else if ((v = readable_local(g, K_BOOL)) >= 0)
            emit(g, "v%d", v);
        else
            emit(g, "(n > 3)");
    }
}

/* ---- statements ---- */

static void gen_block(Gen *g, int level, int depth);

/* The local written by an assignment: any but the one a prange loop reduces into. */
static int writable_local(Gen *g)
{
    int v = pick(g, g->nlocals);
    return v == g->reduced ? -1 : v;
}

static void gen_assign(Gen *g, int level)
{
    int v = writable_local(g);
    if (v < 0) {
        indent(g, level);
        emit(g, "pass\n");
        return;
    }
    indent(g, level);
    static const char *const augmented[] = {"+=", "-=", "*="};
    int how = g->locals[v] == K_BOOL ? 0 : pick(g, 6);
    /* a division that may raise ZeroDivisionError, caught here; not under parallel=True nor
     * beside closures, where Numba runs a dead-code pass (parfors, closure inlining) that drops
     * an unused division with the exception it would raise */
    if (how == 4 && g->in_try && !g->in_handler && !g->parallel && g->nclosures == 0) {
        static const char *const int_ops[] = {"//", "%"}, *const float_ops[] = {"/", "%"};
        bool is_int = g->locals[v] == K_INT;
        emit(g, "v%d = (", v);
        gen_kind(g, g->locals[v], 1);
        emit(g, " %s ", is_int ? int_ops[pick(g, 2)] : float_ops[pick(g, 2)]);
        gen_kind(g, g->locals[v], 1);
        emit(g, ")\n");
        return;
    }
    if (how == 5 && g->locals[v] == K_INT) { /* //= and %= by 1 .. 7 */
        emit(g, "v%d %s (abs(", v, pick(g, 2) ? "//=" : "%=");
        gen_int(g, 2);
        emit(g, ") %% 7 + 1)\n");
        return;
    }
    emit(g, "v%d %s ", v, how == 0 || how == 5 ? "=" : augmented[how % 3]);
    gen_kind(g, g->locals[v], EXPR_DEPTH);
    emit(g, "\n");
}

static void gen_store(Gen *g, int level)
{
    indent(g, level);
    if (pick(g, 2)) {
        emit(g, "a[(");
        gen_int(g, 2);
        emit(g, ") %% len(a)] = ");
        gen_float(g, EXPR_DEPTH);
    } else {
        emit(g, "b[(");
        gen_int(g, 2);
        emit(g, ") %% len(b)] = ");
        gen_int(g, EXPR_DEPTH);
    }
    emit(g, "\n");
}

/* The list l0: append, store, pop (never to empty), reverse, sort, extend, insert. */
static void gen_list_statement(Gen *g, int level)
{
    if (!g->has_list || !full_scope(g)) {
        gen_assign(g, level);
        return;
    }
    Kind k = g->list_kind;
    indent(g, level);
    switch (pick(g, 7)) {
    case 0: case 1:
        emit(g, "l0.append(");
        gen_kind(g, k, 2);
        emit(g, ")\n");
        break;
    case 2:
        emit(g, "l0[(");
        gen_int(g, 1);
        emit(g, ") %% len(l0)] = ");
        gen_kind(g, k, 2);
        emit(g, "\n");
        break;
    case 3:
        emit(g, "if len(l0) > 1:\n");
        indent(g, level + 1);
        emit(g, "l0.pop()\n");
        break;
    case 4: emit(g, "l0.%s()\n", pick(g, 2) ? "reverse" : "sort"); break;
    case 5:
        emit(g, "l0.extend([");
        gen_kind(g, k, 1);
        emit(g, ", ");
        gen_kind(g, k, 1);
        emit(g, "])\n");
        break;
    default:
        emit(g, "l0.insert((");
        gen_int(g, 1);
        emit(g, ") %% (len(l0) + 1), ");
        gen_kind(g, k, 1);
        emit(g, ")\n");
    }
}

/* The dict d0 and the set t0: a store, a pop or a discard (never to empty), an add, setdefault. */
static void gen_table_statement(Gen *g, int level)
{
    if (!g->has_table || !full_scope(g)) {
        gen_assign(g, level);
        return;
    }
    indent(g, level);
    switch (pick(g, 5)) {
    case 0:
        emit(g, "d0[");
        gen_int(g, 1);
        emit(g, "] = ");
        gen_float(g, 2);
        break;
    case 1:
        emit(g, "if len(d0) > 1:\n");
        indent(g, level + 1);
        emit(g, "d0.pop(");
        gen_int(g, 1);
        emit(g, ", 0.0)");
        break;
    case 2:
        emit(g, "t0.add(");
        gen_int(g, 2);
        emit(g, ")");
        break;
    case 3:
        emit(g, "if len(t0) > 1:\n");
        indent(g, level + 1);
        emit(g, "t0.discard(");
        gen_int(g, 1);
        emit(g, ")");
        break;
    default:
        emit(g, "d0.setdefault(");
        gen_int(g, 1);
        emit(g, ", ");
        gen_float(g, 1);
        emit(g, ")");
    }
    emit(g, "\n");
}

/* A whole-array or slice store into a or b. */
static void gen_array_store(Gen *g, int level)
{
    if (!full_scope(g)) {
        gen_store(g, level);
        return;
    }
    indent(g, level);
    switch (pick(g, 7)) {
    case 4: /* through a view */
        emit(g, "a[::-1][(");
        gen_int(g, 1);
        emit(g, ") %% len(a)] = ");
        gen_float(g, 2);
        break;
    case 5: /* a strided slice */
        emit(g, "b[%s] = ", pick(g, 2) ? "::2" : "1::3");
        gen_int(g, 2);
        break;
    case 6: /* the module's @guvectorize gufunc, into a (its input a copy: no overlap) */
        if (!g->has_ufuncs) {
            emit(g, "a[0] = x");
            break;
        }
        emit(g, "g0((");
        gen_float_array(g, 1);
        emit(g, " + 0.0), ");
        gen_float(g, 1);
        emit(g, ", a)");
        break;
    case 0:
        emit(g, "a[:] = ");
        gen_float_array(g, 2);
        break;
    case 1:
        emit(g, "b[:] = ");
        gen_int_array(g, 2);
        break;
    case 2:
        emit(g, "a[(");
        gen_int(g, 1);
        emit(g, ") %% len(a):] = ");
        gen_float(g, 2);
        break;
    default:
        emit(g, "b[:(");
        gen_int(g, 1);
        emit(g, ") %% (len(b) + 1)] = ");
        gen_int(g, 2);
    }
    emit(g, "\n");
}

/* try/except (bare or Exception), sometimes with else and finally; the blocks have no loops,
 * returns or breaks; the try block may raise (gen_raise, a division by zero, a call that raises),
 * the handlers do not. They are kept short: Numba's SSA pass recurses over the many blocks a try
 * makes and fails deep ones. */
static void gen_try(Gen *g, int level)
{
    bool was = g->in_try;
    g->in_try = true;
    indent(g, level);
    emit(g, "try:\n");
    gen_block(g, level + 1, 1);
    g->in_handler = true;
    indent(g, level);
    emit(g, "except%s:\n", pick(g, 2) ? " Exception" : "");
    gen_block(g, level + 1, 0);
    if (pick(g, 4) == 0) {
        indent(g, level);
        emit(g, "else:\n");
        gen_block(g, level + 1, 0);
    }
    if (pick(g, 4) == 0) {
        indent(g, level);
        emit(g, "finally:\n");
        gen_block(g, level + 1, 0);
    }
    g->in_try = was, g->in_handler = false;
}

/* A raise on a condition (rarely outside a try: a raising program ends early), or an assert. */
static void gen_raise(Gen *g, int level)
{
    static const char *const classes[] = {"ValueError", "IndexError", "ZeroDivisionError", "RuntimeError", "KeyError"};
    if ((!g->in_try && pick(g, 4)) || g->in_handler) {
        gen_assign(g, level);
        return;
    }
    indent(g, level);
    if (pick(g, 4) == 0) {
        emit(g, "assert ");
        gen_bool(g, 1);
        emit(g, ", \"f%d\"\n", g->nfuncs);
        return;
    }
    emit(g, "if ");
    gen_bool(g, 1);
    emit(g, ":\n");
    indent(g, level + 1);
    emit(g, "raise %s(\"f%d\")\n", classes[pick(g, 5)], g->nfuncs);
}

/* Two locals at once from a tuple: new values, or a swap of two of one kind. */
static void gen_unpack(Gen *g, int level)
{
    int v = writable_local(g), w = writable_local(g);
    if (v < 0 || w < 0 || v == w) {
        gen_assign(g, level);
        return;
    }
    indent(g, level);
    if (g->locals[v] == g->locals[w] && pick(g, 2)) {
        emit(g, "v%d, v%d = v%d, v%d\n", v, w, w, v);
        return;
    }
    emit(g, "v%d, v%d = ", v, w);
    gen_kind(g, g->locals[v], 2);
    emit(g, ", ");
    gen_kind(g, g->locals[w], 2);
    emit(g, "\n");
}

/* s0 bound to another string: a word, a word of the global tuple, or one of two on a condition. */
static void gen_str_assign(Gen *g, int level)
{
    if (!g->has_str || !full_scope(g)) {
        gen_assign(g, level);
        return;
    }
    indent(g, level);
    switch (pick(g, 3)) {
    case 0: emit(g, "s0 = \"%s\"\n", WORDS[pick(g, 4)]); break;
    case 1: emit(g, "s0 = G_WORDS[%d]\n", pick(g, 3)); break;
    default:
        emit(g, "s0 = (\"%s\" if ", WORDS[pick(g, 4)]);
        gen_bool(g, 1);
        emit(g, " else \"%s\")\n", WORDS[pick(g, 4)]);
    }
}

static void gen_if(Gen *g, int level, int depth)
{
    indent(g, level);
    emit(g, "if ");
    gen_bool(g, 2);
    emit(g, ":\n");
    gen_block(g, level + 1, depth - 1);
    if (pick(g, 2)) {
        indent(g, level);
        emit(g, "elif ");
        gen_bool(g, 2);
        emit(g, ":\n");
        gen_block(g, level + 1, depth - 1);
    }
    if (pick(g, 2)) {
        indent(g, level);
        emit(g, "else:\n");
        gen_block(g, level + 1, depth - 1);
    }
}

/* for iK in range(...): at most 10 rounds (or the array's length). */
static void gen_for(Gen *g, int level, int depth)
{
    indent(g, level);
    int i = g->loops;
    switch (pick(g, 5)) {
    case 0:
        emit(g, "for i%d in range(len(a)):\n", i);
        break;
    case 3: /* over the items of an array, which the body may write */
        emit(g, "for i%d in b:\n", i);
        break;
    case 4:
        emit(g, "for i%d in range(len(b) - 1, -1, -1):\n", i);
        break;
    case 1:
        emit(g, "for i%d in range(", i);
        gen_int(g, 1);
        emit(g, " %% 10):\n");
        break;
    default:
        emit(g, "for i%d in range(%d, ", i, pick(g, 3));
        gen_int(g, 1);
        emit(g, " %% 10, %d):\n", 1 + pick(g, 2));
    }
    g->loops++;
    gen_block(g, level + 1, depth - 1);
    if (pick(g, 3) == 0) { /* a break or continue on a condition */
        indent(g, level + 1);
        emit(g, "if ");
        gen_bool(g, 1);
        emit(g, ":\n");
        indent(g, level + 2);
        emit(g, "%s\n", pick(g, 2) ? "break" : "continue");
    }
    g->loops--;
}

/* while with a counter of its own: at most 5 rounds. The counter wN is an int local. */
static void gen_while(Gen *g, int level, int depth)
{
    int w = g->whiles++;
    bool was = g->in_while;
    indent(g, level);
    emit(g, "w%d = 0\n", w);
    indent(g, level);
    emit(g, "while w%d < 5 and ", w);
    gen_bool(g, 1);
    emit(g, ":\n");
    indent(g, level + 1);
    emit(g, "w%d += 1\n", w);
    g->in_while = true;
    gen_block(g, level + 1, depth - 1);
    g->in_while = was;
}

/* A prange reduction into a local: vK += expr over the loop variable, the body reading only. */
static void gen_prange(Gen *g, int level)
{
    int v = -1;
    for (int i = 0; i < g->nlocals; i++)
        if (g->locals[i] != K_BOOL)
            v = i;
    if (v < 0)
        return;
    indent(g, level);
    emit(g, "for i%d in prange(len(a)):\n", g->loops);
    g->loops++, g->in_prange = true, g->reduced = v;
    indent(g, level + 1);
    emit(g, "v%d += ", v);
    gen_kind(g, g->locals[v], EXPR_DEPTH);
    emit(g, "\n");
    g->loops--, g->in_prange = false, g->reduced = -1;
}

static void gen_statement(Gen *g, int level, int depth)
{
    bool nested = depth > 0 && !g->in_prange, looping = nested && !g->in_try;
    switch (pick(g, 17)) {
    case 0: case 1: case 2: case 15: gen_assign(g, level); break;
    case 16: gen_table_statement(g, level); break;
    case 3: gen_store(g, level); break;
    case 4: if (nested) gen_if(g, level, depth); else gen_assign(g, level); break;
    case 5: if (looping) gen_for(g, level, depth); else gen_store(g, level); break;
    case 6: if (looping && g->loops == 0) gen_while(g, level, depth); else gen_assign(g, level); break;
    case 9: gen_list_statement(g, level); break;
    case 10: gen_array_store(g, level); break;
    case 11: if (looping) gen_try(g, level); else gen_assign(g, level); break;
    case 12: gen_raise(g, level); break;
    case 13: gen_unpack(g, level); break;
    case 14: gen_str_assign(g, level); break;
    case 7:
        if (g->parallel && level == 1)
            gen_prange(g, level);
        else
            gen_assign(g, level);
        break;
    default: /* an early return */
        if (g->loops || g->in_while || g->in_try) {
            gen_assign(g, level);
            break;
        }
        indent(g, level);
        emit(g, "if ");
        gen_bool(g, 1);
        emit(g, ":\n");
        indent(g, level + 1);
        emit(g, "return ");
        gen_kind(g, g->returns[g->nfuncs], 2);
        emit(g, "\n");
    }
}

static void gen_block(Gen *g, int level, int depth)
{
    int count = 1 + pick(g, MAX_STATEMENTS);
    for (int i = 0; i < count; i++)
        gen_statement(g, level, depth);
}

/* ---- functions and the module ---- */

/* The optional list l0 (of ints or floats, two items to start), string s0, dict d0 and set t0
 * of a function. */
static void gen_list_and_string(Gen *g)
{
    g->has_list = pick(g, 3) == 0;
    g->list_kind = pick(g, 2) ? K_FLOAT : K_INT;
    if (g->has_list)
        emit(g, "    l0 = [%s]\n", g->list_kind == K_INT ? "n, 1" : "x, 0.5");
    g->has_str = pick(g, 4) == 0;
    if (g->has_str)
        emit(g, "    s0 = \"%s\"\n", WORDS[pick(g, 4)]);
    g->has_table = pick(g, 3) == 0;
    if (g->has_table)
        emit(g, "    d0 = {n: x, 1: 0.5}\n    t0 = {n, 1}\n");
}

/* Closures c0 ..: a lambda or an inner def of one parameter y, reading y and the parameters n,
 * x, a and b (never reassigned, so capture by value and by reference agree). */
static void gen_closures(Gen *g)
{
    g->nclosures = pick(g, MAX_CLOSURES + 1);
    for (int k = 0; k < g->nclosures; k++) {
        Kind kind = pick(g, 2) ? K_FLOAT : K_INT;
        g->in_closure = true, g->param = kind, g->closure_called[k] = false;
        g->closure_text[k][0] = g->out.len;
        if (pick(g, 2))
            emit(g, "    c%d = lambda y: ", k);
        else
            emit(g, "    def c%d(y):\n        return ", k);
        gen_kind(g, kind, 2);
        emit(g, "\n");
        g->in_closure = false;
        g->closure_kind[k] = kind;
        g->closure_text[k][1] = g->out.len;
    }
}

/* Cuts the definitions of the closures the body never called out of the text, the last first. */
static void cut_uncalled_closures(Gen *g)
{
    Text *t = &g->out;
    for (int k = g->nclosures - 1; k >= 0 && !t->failed; k--) {
        size_t from = g->closure_text[k][0], to = g->closure_text[k][1];
        if (g->closure_called[k])
            continue;
        memmove(t->s + from, t->s + to, t->len - to + 1);
        t->len -= to - from;
    }
    g->nclosures = 0;
}

static void gen_function(Gen *g, int k)
{
    g->parallel = pick(g, 4) == 0;
    g->returns[k] = pick(g, 2) ? K_FLOAT : K_INT;
    emit(g, "\n\n@njit%s\ndef f%d(n, x, a, b):\n", g->parallel ? "(parallel=True)" : "", k);
    g->nlocals = 1 + pick(g, MAX_LOCALS);
    static const char *const initial[] = {"0", "0.0", "False"};
    for (int i = 0; i < g->nlocals; i++) {
        g->locals[i] = (Kind)pick(g, 3);
        emit(g, "    v%d = %s\n", i, initial[g->locals[i]]);
    }
    gen_list_and_string(g);
    gen_closures(g);
    gen_block(g, 1, BLOCK_DEPTH);
    emit(g, "    return ");
    gen_kind(g, g->returns[k], EXPR_DEPTH);
    emit(g, "\n");
    cut_uncalled_closures(g);
    g->nfuncs = k + 1;
}

/* The optional ufuncs of the module: u0, a @vectorize of two floats or two ints, and g0, a
 * @guvectorize of an array and a float into an array of its length. */
static void gen_ufuncs(Gen *g)
{
    static const char *const elementwise[] = {"p * 2 + q if p > q else q - p", "max(p, q) - min(p, q) * 3",
                                              "(p - q) * (p + q)"};
    static const char *const running[] = {"acc += p[i] * q\n        out[i] = acc",
                                          "out[i] = p[p.shape[0] - 1 - i] + q * i"};
    g->has_ufuncs = pick(g, 3) == 0;
    if (!g->has_ufuncs)
        return;
    emit(g, "\n\n@vectorize([\"int64(int64, int64)\", \"float64(float64, float64)\"])\ndef u0(p, q):\n"
            "    return %s\n", elementwise[pick(g, 3)]);
    emit(g, "\n\n@guvectorize([\"void(float64[:], float64, float64[:])\"], \"(n),()->(n)\")\n"
            "def g0(p, q, out):\n    acc = 0.0\n    for i in range(p.shape[0]):\n        %s\n",
         running[pick(g, 2)]);
}

char *progen_program(const uint8_t *data, size_t n, ProgenInfo *info)
{
    Gen g = {.data = data, .n = n, .reduced = -1};
    emit(&g, "import math\n\nimport numpy as np\nfrom numba import guvectorize, njit, prange, vectorize\n\n"
             "G_INT = 12\nG_FLOAT = -0.75\nG_TUPLE = (3, 0.25, True)\nG_WORDS = (\"%s\", \"%s\", \"%s\")\n",
         WORDS[0], WORDS[1], WORDS[2]);
    gen_ufuncs(&g);
    int nfuncs = 1 + pick(&g, PROGEN_MAX_FUNCS);
    for (int k = 0; k < nfuncs; k++)
        gen_function(&g, k);
    if (g.out.failed) {
        free(g.out.s);
        return NULL;
    }
    info->nfuncs = nfuncs;
    return g.out.s;
}
