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

enum { MAX_LOCALS = 8, EXPR_DEPTH = 3, BLOCK_DEPTH = 3, MAX_STATEMENTS = 5 };

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
    bool in_while;           /* no `continue` (it would skip the counter) */
    bool in_prange;          /* the body only reads: no call, no store */
    bool parallel;           /* the function is parallel=True */
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
    for (int i = 0; i < g->nlocals; i++)
        if (g->locals[i] == k && i != g->reduced)
            found[n++] = i;
    return n ? found[pick(g, n)] : -1;
}

/* A callable function returning k, or -1 (no calls in loops: the work stays small). */
static int callable(Gen *g, Kind k)
{
    if (g->loops || g->in_while || g->in_prange)
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

static void int_leaf(Gen *g)
{
    static const char *const constants[] = {"0", "1", "2", "3", "7", "-1", "-5", "100", "255", "1000003"};
    int v;
    switch (pick(g, 6)) {
    case 0: emit(g, "%s", constants[pick(g, 10)]); break;
    case 1: emit(g, "n"); break;
    case 2: emit(g, "len(a)"); break;
    case 3: emit(g, "b[n %% len(b)]"); break;
    case 4:
        if ((v = readable_local(g, K_INT)) >= 0)
            emit(g, "v%d", v);
        else
            emit(g, "n");
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

static void gen_int(Gen *g, int depth)
{
    if (depth <= 0) {
        int_leaf(g);
        return;
    }
    static const char *const binops[] = {"+", "-", "*", "&", "|", "^"};
    int f;
    switch (pick(g, 18)) {
    case 0: int_leaf(g); break;
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
        emit(g, " + %s)", pick(g, 2) ? "0" : "True");
        break;
    case 15: /* array reductions */
        emit(g, "%s", pick(g, 2) ? "np.sum(b)" : "b.max()");
        break;
    case 16:
        emit(g, "np.sum(b[(");
        gen_int(g, depth - 1);
        emit(g, ") %% len(b):])");
        break;
    default:
        emit(g, "(");
        gen_int(g, depth - 1);
        emit(g, " ** 2)");
    }
}

static void float_leaf(Gen *g)
{
    static const char *const constants[] = {"0.0", "1.0", "0.5", "-2.25", "3.0", "1e-3", "1e6", "-0.0"};
    int v;
    switch (pick(g, 5)) {
    case 0: emit(g, "%s", constants[pick(g, 8)]); break;
    case 1: emit(g, "x"); break;
    case 2: emit(g, "a[n %% len(a)]"); break;
    case 3:
        if ((v = readable_local(g, K_FLOAT)) >= 0)
            emit(g, "v%d", v);
        else
            emit(g, "x");
        break;
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
    switch (pick(g, 19)) {
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
    switch (depth <= 0 ? pick(g, 2) : pick(g, 8)) {
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
    default:
        if ((v = readable_local(g, K_BOOL)) >= 0)
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
    switch (pick(g, 3)) {
    case 0:
        emit(g, "for i%d in range(len(a)):\n", i);
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
    bool nested = depth > 0 && !g->in_prange;
    switch (pick(g, 9)) {
    case 0: case 1: case 2: gen_assign(g, level); break;
    case 3: gen_store(g, level); break;
    case 4: if (nested) gen_if(g, level, depth); else gen_assign(g, level); break;
    case 5: if (nested) gen_for(g, level, depth); else gen_store(g, level); break;
    case 6: if (nested && g->loops == 0) gen_while(g, level, depth); else gen_assign(g, level); break;
    case 7:
        if (g->parallel && level == 1)
            gen_prange(g, level);
        else
            gen_assign(g, level);
        break;
    default: /* an early return */
        if (g->loops || g->in_while) {
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
    gen_block(g, 1, BLOCK_DEPTH);
    emit(g, "    return ");
    gen_kind(g, g->returns[k], EXPR_DEPTH);
    emit(g, "\n");
    g->nfuncs = k + 1;
}

char *progen_program(const uint8_t *data, size_t n, ProgenInfo *info)
{
    Gen g = {.data = data, .n = n, .reduced = -1};
    emit(&g, "import math\n\nimport numpy as np\nfrom numba import njit, prange\n");
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
