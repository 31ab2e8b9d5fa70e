/* build_stencil.c — Numba's @stencil: the decorator's options, and each specialization's
 * loop nest over the kernel.
 *
 * `@stencil` (or `@stencil(cval=..., neighborhood=..., standard_indexing=..., func_or_mode=...)`)
 * makes an FK_STENCIL function (prog_stencil_decorate). Specializing it for argument types makes
 * the function Numba's _stencil_wrapper writes as text, here as syntax (bld_stencil_def):
 *
 *     def k(a, b, s[, out]):
 *         $shape = a.shape
 *         $out = np.empty($shape, np.<kernel's return type>)     (or: $out = out)
 *         $out[:L0, :] = cval; $out[-H0:, :] = cval; ...           (or, given out and cval: $out[:, :] = cval)
 *         for $i0 in range(L0, $shape[0] - H0):                    (prange under parallel=True)
 *             for $i1 in range(L1, $shape[1] - H1):
 *                 <kernel body: a[-1, 0] is a[-1 + $i0, 0 + $i1]; return e is $out[$i0, $i1] = e>
 *         return $out
 *
 * where [lo, hi] per axis is the `neighborhood` option or the extent of the kernel's constant
 * relative indices (widened to include 0), L = max(0, -lo), H = max(0, hi). The output's dtype is
 * the return type of the kernel typed as an ordinary function with the same arguments (its
 * "twin", as Numba types the kernel's IR). A call from @njit code with `out=` uses a variant that
 * takes `out`; a call from @njit(parallel=True) code a variant whose outer loop is a prange.
 * Generated names start with '$', which source cannot write, so they never clash with the
 * kernel's. */
#include <string.h>

#include "build.h"

enum { STENCIL_MAXDIM = 8, STENCIL_MAXSTD = 32 };

typedef struct StencilInfo {
    const FuncDef *kernel;
    const Expr *cval; /* NULL: 0 */
    bool has_neighborhood;
    int nb_ndim;
    int64_t nb[STENCIL_MAXDIM][2];
    SrcLoc nb_loc;
    const char *std_names[STENCIL_MAXSTD];
    int nstd;
    ProgFunc *twin;           /* the kernel as an @njit function: its return type is the output's dtype */
    ProgFunc *variants[2][2]; /* [takes out][parallel] */
} StencilInfo;

struct StencilFn {
    StencilInfo *info;
    bool with_out, parallel;
};

static const char NP_NAME[] = "$stencil.np", PRANGE_NAME[] = "$stencil.prange";

/* ---- the decorator ---- */

static bool stencil_const_int(Program *p, const Expr *e, int64_t *v, int depth)
{
    int64_t l, r;
    if (depth > 16)
        return false;
    switch (e->kind) {
    case EX_INT: *v = e->ival; return true;
    case EX_UNARY:
        if ((e->unary.op != OP_NEG && e->unary.op != OP_POS) || !stencil_const_int(p, e->unary.operand, &l, depth + 1))
            return false;
        *v = e->unary.op == OP_NEG ? -l : l;
        return true;
    case EX_BINOP:
        if (!stencil_const_int(p, e->binop.lhs, &l, depth + 1) || !stencil_const_int(p, e->binop.rhs, &r, depth + 1))
            return false;
        if (e->binop.op == OP_ADD) *v = l + r;
        else if (e->binop.op == OP_SUB) *v = l - r;
        else if (e->binop.op == OP_MUL) *v = l * r;
        else return false;
        return true;
    case EX_NAME: {
        const Global *g = prog_global(p, e->name);
        return g && g->kind == G_CONST && stencil_const_int(p, g->expr, v, depth + 1);
    }
    default: return false;
    }
}

static const Expr *module_value(Program *p, const Expr *e)
{
    for (int depth = 0; depth < 8 && e->kind == EX_NAME; depth++) {
        const Global *g = prog_global(p, e->name);
        if (!g || g->kind != G_CONST)
            break;
        e = g->expr;
    }
    return e;
}

static void parse_neighborhood(Program *p, StencilInfo *in, const Expr *e)
{
    e = module_value(p, e);
    in->nb_loc = e->loc;
    if ((e->kind != EX_TUPLE && e->kind != EX_LIST) || e->seq.n < 1 || e->seq.n > STENCIL_MAXDIM) {
        diag_error(p->diag, e->loc, "stencil option 'neighborhood' takes a tuple of (low, high) pairs of integer "
                   "constants, one per axis");
        return;
    }
    for (int i = 0; i < e->seq.n; i++) {
        const Expr *pair = module_value(p, e->seq.items[i]);
        if ((pair->kind != EX_TUPLE && pair->kind != EX_LIST) || pair->seq.n != 2 ||
            !stencil_const_int(p, pair->seq.items[0], &in->nb[i][0], 0) ||
            !stencil_const_int(p, pair->seq.items[1], &in->nb[i][1], 0)) {
            diag_error(p->diag, pair->loc, "stencil option 'neighborhood' takes a tuple of (low, high) pairs of "
                       "integer constants, one per axis");
            return;
        }
    }
    in->nb_ndim = e->seq.n;
    in->has_neighborhood = true;
}

static bool kernel_param(const FuncDef *k, const char *name)
{
    for (int i = 0; i < k->nparams; i++)
        if (strcmp(k->params[i].name, name) == 0)
            return true;
    return false;
}

static void parse_standard_indexing(Program *p, StencilInfo *in, const Expr *e)
{
    e = module_value(p, e);
    const Expr *const *items = (const Expr *const *)&e;
    int n = 1;
    if (e->kind == EX_TUPLE || e->kind == EX_LIST)
        items = (const Expr *const *)e->seq.items, n = e->seq.n;
    for (int i = 0; i < n; i++) {
        if (items[i]->kind != EX_STR || in->nstd == STENCIL_MAXSTD) {
            diag_error(p->diag, items[i]->loc, "stencil option 'standard_indexing' takes a tuple of parameter names");
            return;
        }
        if (!kernel_param(in->kernel, items[i]->str)) {
            diag_error(p->diag, items[i]->loc, "Standard indexing requested for an array name not present in the "
                       "stencil kernel definition.");
            return;
        }
        if (in->kernel->nparams && strcmp(in->kernel->params[0].name, items[i]->str) == 0) {
            diag_error(p->diag, items[i]->loc, "The first argument to a stencil kernel must use relative indexing, "
                       "not standard indexing.");
            return;
        }
        in->std_names[in->nstd++] = items[i]->str;
    }
}

static void check_mode(Program *p, const Expr *e)
{
    e = module_value(p, e);
    if (e->kind != EX_STR)
        diag_error(p->diag, e->loc, "stencil's mode (func_or_mode) takes a string: \"constant\"");
    else if (strcmp(e->str, "constant") != 0)
        diag_error(p->diag, e->loc, "Unsupported mode style %s", e->str);
}

static void bind_stencil_globals(Program *p)
{
    if (prog_global(p, NP_NAME))
        return;
    Global np = {.name = NP_NAME, .kind = G_MODULE, .module = MOD_NUMPY};
    Global pr = {.name = PRANGE_NAME, .kind = G_NUMBA, .numba = NB_PRANGE};
    ARR_PUSH(p->arena, p->globals, p->nglobals, p->capglobals, np);
    ARR_PUSH(p->arena, p->globals, p->nglobals, p->capglobals, pr);
}

void prog_stencil_decorate(Program *p, ProgFunc *f, const Expr *d)
{
    StencilInfo *in = arena_alloc(p->arena, sizeof *in);
    in->kernel = f->def;
    in->variants[0][0] = f;
    f->kind = FK_STENCIL;
    f->stencil = arena_alloc(p->arena, sizeof *f->stencil);
    f->stencil->info = in;
    bind_stencil_globals(p);
    if (f->def->nparams == 0)
        diag_error(p->diag, f->def->loc, "The first argument to a stencil kernel must be the primary input array.");
    if (kernel_param(f->def, "out"))
        diag_error(p->diag, f->def->loc, "Cannot use the reserved word 'out' in stencil kernels.");
    if (d->kind != EX_CALL)
        return;
    if (d->call.nargs > 1)
        diag_error(p->diag, d->call.args[1]->loc, "stencil() takes one positional argument, the mode \"constant\"");
    if (d->call.nargs >= 1)
        check_mode(p, d->call.args[0]);
    for (int i = 0; i < d->call.nkws; i++) {
        const Keyword *kw = &d->call.kws[i];
        if (strcmp(kw->name, "func_or_mode") == 0)
            check_mode(p, kw->value);
        else if (strcmp(kw->name, "cval") == 0)
            in->cval = kw->value;
        else if (strcmp(kw->name, "neighborhood") == 0)
            parse_neighborhood(p, in, kw->value);
        else if (strcmp(kw->name, "standard_indexing") == 0)
            parse_standard_indexing(p, in, kw->value);
        else
            diag_error(p->diag, kw->loc, "Unknown stencil option %s", kw->name);
    }
}

ProgFunc *prog_stencil_variant(Program *p, ProgFunc *f, bool with_out, bool parallel)
{
    StencilInfo *in = f->stencil->info;
    ProgFunc *v = in->variants[with_out][parallel];
    if (v)
        return v;
    const FuncDef *k = in->kernel;
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    *def = *k;
    def->name = parallel ? arena_printf(p->arena, "%s.parallel", k->name) : k->name;
    def->nparams = k->nparams + with_out;
    def->params = arena_alloc(p->arena, sizeof *def->params * (size_t)(def->nparams + 1));
    memcpy(def->params, k->params, sizeof *def->params * (size_t)k->nparams);
    if (with_out)
        def->params[k->nparams] = (Param){.name = "out", .loc = k->loc};
    v = arena_alloc(p->arena, sizeof *v);
    *v = *in->variants[0][0];
    v->def = def;
    v->specs = NULL;
    v->nspecs = v->capspecs = 0;
    v->opts.parallel = parallel;
    v->stencil = arena_alloc(p->arena, sizeof *v->stencil);
    *v->stencil = (struct StencilFn){.info = in, .with_out = with_out, .parallel = parallel};
    ARR_PUSH(p->arena, p->outlined, p->noutlined, p->capoutlined, v);
    return in->variants[with_out][parallel] = v;
}

/* ---- a specialization's loop nest ---- */

typedef struct Gen {
    Program *p;
    Spec *s;
    const StencilInfo *in;
    int ndim;
    bool relative[64];   /* per kernel parameter: an array indexed relatively */
    bool seen_relative;
    int64_t lo[STENCIL_MAXDIM], hi[STENCIL_MAXDIM];
    bool failed;
    int loop_depth;      /* kernel loops around the statement being rewritten */
    /* the kernel's names assigned once, and those of them holding an integer constant (`t = 1`),
     * which Numba takes as constant indices */
    const char *assigned[64];
    int nassigned[64], nnames;
    int64_t constval[64];
    bool isconst[64];
    /* of those, the loop variables of a kernel loop over range(LO, HI) with constant bounds:
     * the values they take (`for i in range(-2, 3)`, as box filters write it) */
    int64_t range_lo[64], range_hi[64];
    bool isrange[64];
} Gen;

static void gen_error(Gen *g, SrcLoc loc, const char *msg)
{
    if (!g->failed)
        diag_error(&g->s->errors, loc, "%s", msg);
    g->failed = true;
}

static Expr *mk(Gen *g, ExprKind k, SrcLoc loc)
{
    Expr *e = arena_alloc(g->p->arena, sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

static Expr *mk_name(Gen *g, const char *name, SrcLoc loc)
{
    Expr *e = mk(g, EX_NAME, loc);
    e->name = name;
    return e;
}

static Expr *mk_int(Gen *g, int64_t v, SrcLoc loc)
{
    Expr *e = mk(g, EX_INT, loc);
    e->ival = v;
    return e;
}

static Expr *mk_binop(Gen *g, AstOp op, Expr *l, Expr *r)
{
    Expr *e = mk(g, EX_BINOP, l->loc);
    e->binop.op = op;
    e->binop.lhs = l;
    e->binop.rhs = r;
    return e;
}

static Expr *mk_attr(Gen *g, Expr *v, const char *name)
{
    Expr *e = mk(g, EX_ATTR, v->loc);
    e->attr.value = v;
    e->attr.name = name;
    return e;
}

static Expr *mk_subscript(Gen *g, Expr *v, Expr *index)
{
    Expr *e = mk(g, EX_SUBSCRIPT, v->loc);
    e->subscript.value = v;
    e->subscript.index = index;
    return e;
}

static Expr *mk_seq(Gen *g, ExprKind k, Expr **items, int n, SrcLoc loc)
{
    Expr *e = mk(g, k, loc);
    e->seq.items = arena_alloc(g->p->arena, sizeof *items * (size_t)(n ? n : 1));
    memcpy(e->seq.items, items, sizeof *items * (size_t)n);
    e->seq.n = n;
    return e;
}

static Expr *mk_call(Gen *g, Expr *func, Expr **args, int n)
{
    Expr *e = mk(g, EX_CALL, func->loc);
    e->call.func = func;
    e->call.args = arena_alloc(g->p->arena, sizeof *args * (size_t)(n ? n : 1));
    memcpy(e->call.args, args, sizeof *args * (size_t)n);
    e->call.nargs = n;
    return e;
}

static Expr *mk_slice(Gen *g, Expr *lo, Expr *hi, SrcLoc loc)
{
    Expr *e = mk(g, EX_SLICE, loc);
    e->slice.lo = lo;
    e->slice.hi = hi;
    return e;
}

static Stmt *mk_stmt(Gen *g, StmtKind k, SrcLoc loc)
{
    Stmt *s = arena_alloc(g->p->arena, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

static Stmt *mk_assign(Gen *g, Expr *target, Expr *value)
{
    Stmt *s = mk_stmt(g, ST_ASSIGN, target->loc);
    s->assign.targets = arena_alloc(g->p->arena, sizeof *s->assign.targets);
    s->assign.targets[0] = target;
    s->assign.ntargets = 1;
    s->assign.value = value;
    return s;
}

static const char *index_name(Gen *g, int k) { return arena_printf(g->p->arena, "$i%d", k); }

static int param_index(const Gen *g, const char *name)
{
    for (int i = 0; i < g->in->kernel->nparams && i < 64; i++)
        if (strcmp(g->in->kernel->params[i].name, name) == 0)
            return i;
    return -1;
}

static bool relative_array(const Gen *g, const Expr *e)
{
    int i = e->kind == EX_NAME ? param_index(g, e->name) : -1;
    return i >= 0 && g->relative[i];
}

static int name_slot(Gen *g, const char *name, bool add)
{
    for (int i = 0; i < g->nnames; i++)
        if (strcmp(g->assigned[i], name) == 0)
            return i;
    if (!add || g->nnames == 64)
        return -1;
    g->assigned[g->nnames] = name;
    return g->nnames++;
}

static void count_target(Gen *g, const Expr *t, const Expr *value)
{
    if (t->kind == EX_TUPLE || t->kind == EX_LIST) {
        for (int i = 0; i < t->seq.n; i++)
            count_target(g, t->seq.items[i], NULL);
        return;
    }
    int k = t->kind == EX_NAME ? name_slot(g, t->name, true) : -1;
    if (k < 0)
        return;
    g->nassigned[k]++;
    g->isconst[k] = value && stencil_const_int(g->p, value, &g->constval[k], 0);
}

/* A kernel loop `for NAME in range([LO,] HI)` with constant bounds: the values NAME takes. */
static void note_range_loop(Gen *g, const Stmt *s)
{
    const Expr *t = s->for_.target, *it = s->for_.iter;
    int k = t->kind == EX_NAME ? name_slot(g, t->name, false) : -1;
    if (k < 0 || it->kind != EX_CALL || it->call.func->kind != EX_NAME || strcmp(it->call.func->name, "range") != 0 ||
        it->call.nargs < 1 || it->call.nargs > 2 || it->call.nkws || it->call.star)
        return;
    int64_t lo = 0, hi;
    if ((it->call.nargs == 2 && !stencil_const_int(g->p, it->call.args[0], &lo, 0)) ||
        !stencil_const_int(g->p, it->call.args[it->call.nargs - 1], &hi, 0) || hi <= lo)
        return;
    g->isrange[k] = true;
    g->range_lo[k] = lo;
    g->range_hi[k] = hi - 1;
}

static void count_block(Gen *g, const Block *b)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        switch (s->kind) {
        case ST_ASSIGN:
            for (int t = 0; t < s->assign.ntargets; t++)
                count_target(g, s->assign.targets[t], s->assign.value);
            break;
        case ST_AUGASSIGN: count_target(g, s->augassign.target, NULL); break;
        case ST_IF: count_block(g, &s->if_.body); count_block(g, &s->if_.orelse); break;
        case ST_WHILE: count_block(g, &s->while_.body); count_block(g, &s->while_.orelse); break;
        case ST_FOR:
            count_target(g, s->for_.target, NULL);
            count_target(g, s->for_.target, NULL); /* a loop variable is never constant */
            note_range_loop(g, s);
            count_block(g, &s->for_.body);
            count_block(g, &s->for_.orelse);
            break;
        default: break;
        }
    }
}

/* Numba's parallel path (stencilparfor's _get_const_index_expr) also folds a kernel parameter that
 * the call binds to a constant of the caller (`c = 2` there: the argument passed as a literal,
 * Literal[int](2)), a kernel variable assigned a constant once, and -x, x + y, x - y, x * y of
 * those: `a[-c + 1]`. */
static bool parallel_const_int(Gen *g, const Expr *e, int64_t *v, int depth)
{
    int64_t l, r;
    if (depth > 16)
        return false;
    if (e->kind == EX_UNARY && (e->unary.op == OP_NEG || e->unary.op == OP_POS) &&
        parallel_const_int(g, e->unary.operand, &l, depth + 1)) {
        *v = e->unary.op == OP_NEG ? -l : l;
        return true;
    }
    if (e->kind == EX_BINOP && (e->binop.op == OP_ADD || e->binop.op == OP_SUB || e->binop.op == OP_MUL) &&
        parallel_const_int(g, e->binop.lhs, &l, depth + 1) && parallel_const_int(g, e->binop.rhs, &r, depth + 1)) {
        *v = e->binop.op == OP_ADD ? l + r : e->binop.op == OP_SUB ? l - r : l * r;
        return true;
    }
    int k = e->kind == EX_NAME ? name_slot(g, e->name, false) : -1;
    if (k >= 0) {
        *v = g->constval[k];
        return g->nassigned[k] == 1 && g->isconst[k];
    }
    int i = e->kind == EX_NAME ? param_index(g, e->name) : -1;
    const Type *t = i >= 0 && i < g->s->nparams ? g->s->params[i] : NULL;
    if (t && t->kind == TY_COMPTIME && t->dtype && ty_is_int(t->dtype) && !bld_literal_tuple_values(t)) {
        *v = t->literal;
        return true;
    }
    return stencil_const_int(g->p, e, v, 0);
}

/* An index known at compile time: an integer constant, or a kernel variable assigned one once
 * (and, under parallel=True, what parallel_const_int folds). */
static bool index_constant(Gen *g, const Expr *e, int64_t *v)
{
    if (g->s->func->stencil->parallel)
        return parallel_const_int(g, e, v, 0);
    int k = e->kind == EX_NAME ? name_slot(g, e->name, false) : -1;
    if (k >= 0) {
        *v = g->constval[k];
        return g->nassigned[k] == 1 && g->isconst[k];
    }
    return stencil_const_int(g->p, e, v, 0);
}

static void note_offset(Gen *g, int axis, const Expr *e)
{
    int64_t v;
    if (g->in->has_neighborhood)
        return;
    if (!index_constant(g, e, &v)) {
        gen_error(g, e->loc, "stencil kernel index is not constant, 'neighborhood' option required");
        return;
    }
    if (v < g->lo[axis]) g->lo[axis] = v;
    if (v > g->hi[axis]) g->hi[axis] = v;
}

static Expr *rewrite_expr(Gen *g, const Expr *e);
static Expr *relative_subscript_of(Gen *g, const Expr *e);

/* One axis's index shifted by that axis's loop index ($iK); a slice has both bounds shifted. */
static Expr *shift(Gen *g, const Expr *item, int axis)
{
    Expr *iv = mk_name(g, index_name(g, axis), item->loc);
    if (item->kind == EX_SLICE) {
        if (!item->slice.lo || !item->slice.hi || item->slice.step) {
            gen_error(g, item->loc, "a relative slice in a stencil kernel takes a start and a stop and no step");
            return mk_int(g, 0, item->loc);
        }
        if (!g->in->has_neighborhood) /* Numba infers extents from integer indices only */
            gen_error(g, item->loc, "Non-tuple or non-integer used as stencil index.");
        return mk_slice(g, mk_binop(g, OP_ADD, rewrite_expr(g, item->slice.lo), iv),
                        mk_binop(g, OP_ADD, rewrite_expr(g, item->slice.hi), iv), item->loc);
    }
    note_offset(g, axis, item);
    return mk_binop(g, OP_ADD, rewrite_expr(g, item), iv);
}

/* The values a relative index takes, [lo, hi]: a constant's, or those of a kernel loop variable
 * over a constant range that nothing else assigns. */
static bool index_range(Gen *g, const Expr *e, int64_t *lo, int64_t *hi)
{
    int k = e->kind == EX_NAME ? name_slot(g, e->name, false) : -1;
    if (k >= 0 && g->isrange[k] && g->nassigned[k] == 2) { /* its loop counts it twice */
        *lo = g->range_lo[k];
        *hi = g->range_hi[k];
        return true;
    }
    bool known = index_constant(g, e, lo);
    *hi = *lo;
    return known;
}

/* Whether the kernel's access e (an array indexed relatively) stays inside the array in every
 * iteration: an access to an array argument the kernel never rebinds (the first, whose shape
 * bounds the loops, or another, which size_checks holds to at least that shape), at indices of
 * known range within the neighborhood the loops leave room for. Then k + $iK lies in
 * [0, $shape[K]) and needs neither wraparound nor a bounds check. */
static bool access_in_bounds(Gen *g, const Expr *e)
{
    const Expr *v = e->subscript.value, *ix = e->subscript.index;
    int slot = v->kind == EX_NAME ? name_slot(g, v->name, false) : -1;
    int param = v->kind == EX_NAME ? param_index(g, v->name) : -1;
    if (param < 0 || !g->relative[param] || (slot >= 0 && g->nassigned[slot]))
        return false;
    const Expr *const *items = ix->kind == EX_TUPLE ? (const Expr *const *)ix->seq.items : &ix;
    int n = ix->kind == EX_TUPLE ? ix->seq.n : 1;
    if (n != g->ndim)
        return false;
    for (int k = 0; k < n; k++) {
        int64_t lo, hi;
        if (items[k]->kind == EX_SLICE || !index_range(g, items[k], &lo, &hi))
            return false;
        if (g->in->has_neighborhood && (lo < g->in->nb[k][0] || hi > g->in->nb[k][1]))
            return false;
    }
    return true;
}

static Expr *relative_subscript(Gen *g, const Expr *e)
{
    Expr *r = relative_subscript_of(g, e);
    if (r->kind == EX_SUBSCRIPT)
        r->subscript.in_bounds = access_in_bounds(g, e);
    return r;
}

static Expr *relative_subscript_of(Gen *g, const Expr *e)
{
    const Expr *ix = e->subscript.index;
    Expr *items[STENCIL_MAXDIM];
    g->seen_relative = true;
    if (g->ndim == 1 && ix->kind != EX_TUPLE)
        return mk_subscript(g, rewrite_expr(g, e->subscript.value), shift(g, ix, 0));
    if (ix->kind == EX_TUPLE) {
        if (ix->seq.n != g->ndim) {
            gen_error(g, ix->loc, "Stencil index does not match array dimensionality.");
            return rewrite_expr(g, e->subscript.value);
        }
        for (int k = 0; k < g->ndim; k++)
            items[k] = shift(g, ix->seq.items[k], k);
    } else { /* a tuple held in a variable: its items, each shifted */
        if (!g->in->has_neighborhood)
            gen_error(g, ix->loc, "stencil kernel index is not constant, 'neighborhood' option required");
        for (int k = 0; k < g->ndim; k++)
            items[k] = mk_binop(g, OP_ADD, mk_subscript(g, rewrite_expr(g, ix), mk_int(g, k, ix->loc)),
                                mk_name(g, index_name(g, k), ix->loc));
    }
    return mk_subscript(g, rewrite_expr(g, e->subscript.value), mk_seq(g, EX_TUPLE, items, g->ndim, ix->loc));
}

static Expr **rewrite_list(Gen *g, Expr *const *items, int n)
{
    Expr **out = arena_alloc(g->p->arena, sizeof *out * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++)
        out[i] = rewrite_expr(g, items[i]);
    return out;
}

static Expr *rewrite_expr(Gen *g, const Expr *e)
{
    if (!e)
        return NULL;
    if (e->kind == EX_SUBSCRIPT && relative_array(g, e->subscript.value))
        return relative_subscript(g, e);
    Expr *c = arena_alloc(g->p->arena, sizeof *c);
    *c = *e;
    switch (e->kind) {
    case EX_BINOP:
    case EX_BOOLOP:
        c->binop.lhs = rewrite_expr(g, e->binop.lhs);
        c->binop.rhs = rewrite_expr(g, e->binop.rhs);
        break;
    case EX_UNARY: c->unary.operand = rewrite_expr(g, e->unary.operand); break;
    case EX_COMPARE: c->compare.operands = rewrite_list(g, e->compare.operands, e->compare.n); break;
    case EX_IFEXP:
        c->ifexp.cond = rewrite_expr(g, e->ifexp.cond);
        c->ifexp.then = rewrite_expr(g, e->ifexp.then);
        c->ifexp.els = rewrite_expr(g, e->ifexp.els);
        break;
    case EX_CALL:
        c->call.func = rewrite_expr(g, e->call.func);
        c->call.args = rewrite_list(g, e->call.args, e->call.nargs);
        c->call.kws = arena_alloc(g->p->arena, sizeof *c->call.kws * (size_t)(e->call.nkws ? e->call.nkws : 1));
        for (int i = 0; i < e->call.nkws; i++) {
            c->call.kws[i] = e->call.kws[i];
            c->call.kws[i].value = rewrite_expr(g, e->call.kws[i].value);
        }
        break;
    case EX_ATTR: c->attr.value = rewrite_expr(g, e->attr.value); break;
    case EX_SUBSCRIPT:
        c->subscript.value = rewrite_expr(g, e->subscript.value);
        c->subscript.index = rewrite_expr(g, e->subscript.index);
        break;
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING: c->seq.items = rewrite_list(g, e->seq.items, e->seq.n); break;
    case EX_SLICE:
        c->slice.lo = rewrite_expr(g, e->slice.lo);
        c->slice.hi = rewrite_expr(g, e->slice.hi);
        c->slice.step = rewrite_expr(g, e->slice.step);
        break;
    default: break;
    }
    return c;
}

static Expr *out_element(Gen *g, SrcLoc loc)
{
    Expr *items[STENCIL_MAXDIM];
    for (int k = 0; k < g->ndim; k++)
        items[k] = mk_name(g, index_name(g, k), loc);
    Expr *ix = g->ndim == 1 ? items[0] : mk_seq(g, EX_TUPLE, items, g->ndim, loc);
    Expr *e = mk_subscript(g, mk_name(g, "$out", loc), ix);
    e->subscript.in_bounds = !g->s->func->stencil->with_out; /* np.empty($shape): the loops' own bounds */
    return e;
}

/* An assignment target must not store into an input array: Numba refuses it. */
static void check_target(Gen *g, const Expr *t)
{
    if (t->kind == EX_SUBSCRIPT && relative_array(g, t->subscript.value))
        gen_error(g, t->loc, "Assignments to arrays passed to stencil kernels is not allowed.");
    else if (t->kind == EX_SUBSCRIPT && t->subscript.value->kind == EX_NAME && param_index(g, t->subscript.value->name) >= 0)
        gen_error(g, t->loc, "Assignments to arrays passed to stencil kernels is not allowed.");
    if (t->kind == EX_TUPLE || t->kind == EX_LIST)
        for (int i = 0; i < t->seq.n; i++)
            check_target(g, t->seq.items[i]);
}

static Block rewrite_block(Gen *g, const Block *b, bool top);

/* A return becomes the store into the output and, unless it ends the kernel, a `continue` to the
 * next point (Numba's jump to the block after the kernel). */
static int rewrite_return(Gen *g, const Stmt *s, bool last, Stmt **out)
{
    if (g->loop_depth) {
        gen_error(g, s->loc, "a return inside a loop of a stencil kernel is not supported by jitc");
        return 0;
    }
    if (!s->ret) {
        gen_error(g, s->loc, "a stencil kernel returns a value at each point");
        return 0;
    }
    out[0] = mk_assign(g, out_element(g, s->loc), rewrite_expr(g, s->ret));
    if (last)
        return 1;
    out[1] = mk_stmt(g, ST_CONTINUE, s->loc);
    return 2;
}

static Stmt *rewrite_stmt(Gen *g, const Stmt *s)
{
    Stmt *c = arena_alloc(g->p->arena, sizeof *c);
    *c = *s;
    switch (s->kind) {
    case ST_EXPR: c->expr = rewrite_expr(g, s->expr); break;
    case ST_ASSIGN:
        c->assign.targets = rewrite_list(g, s->assign.targets, s->assign.ntargets);
        for (int i = 0; i < s->assign.ntargets; i++)
            check_target(g, s->assign.targets[i]);
        c->assign.value = rewrite_expr(g, s->assign.value);
        break;
    case ST_AUGASSIGN:
        check_target(g, s->augassign.target);
        c->augassign.target = rewrite_expr(g, s->augassign.target);
        c->augassign.value = rewrite_expr(g, s->augassign.value);
        break;
    case ST_IF:
        c->if_.cond = rewrite_expr(g, s->if_.cond);
        c->if_.body = rewrite_block(g, &s->if_.body, false);
        c->if_.orelse = rewrite_block(g, &s->if_.orelse, false);
        break;
    case ST_WHILE:
    case ST_FOR:
        g->loop_depth++;
        if (s->kind == ST_WHILE) {
            c->while_.cond = rewrite_expr(g, s->while_.cond);
            c->while_.body = rewrite_block(g, &s->while_.body, false);
            c->while_.orelse = rewrite_block(g, &s->while_.orelse, false);
        } else {
            c->for_.target = rewrite_expr(g, s->for_.target);
            c->for_.iter = rewrite_expr(g, s->for_.iter);
            c->for_.body = rewrite_block(g, &s->for_.body, false);
            c->for_.orelse = rewrite_block(g, &s->for_.orelse, false);
        }
        g->loop_depth--;
        break;
    default: break;
    }
    return c;
}

static Block rewrite_block(Gen *g, const Block *b, bool top)
{
    Block r = {.items = arena_alloc(g->p->arena, sizeof *r.items * (size_t)(2 * b->n + 1)), .n = 0};
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (s->kind == ST_RETURN)
            r.n += rewrite_return(g, s, top && i == b->n - 1, &r.items[r.n]);
        else
            r.items[r.n++] = rewrite_stmt(g, s);
    }
    return r;
}

/* `$out[(:, ...,) lo:hi (, ...)] = value` along one axis. */
static Stmt *fill_axis(Gen *g, int axis, Expr *lo, Expr *hi, const Expr *value, SrcLoc loc)
{
    Expr *items[STENCIL_MAXDIM];
    for (int k = 0; k < g->ndim; k++)
        items[k] = k == axis ? mk_slice(g, lo, hi, loc) : mk_slice(g, NULL, NULL, loc);
    Expr *ix = g->ndim == 1 ? items[0] : mk_seq(g, EX_TUPLE, items, g->ndim, loc);
    return mk_assign(g, mk_subscript(g, mk_name(g, "$out", loc), ix), (Expr *)value);
}

static const char *dtype_attr(Gen *g, const Type *t)
{
    return t->kind == TY_BOOL ? "bool_" : ty_name(g->p->arena, t);
}

/* Whether a return of the block computes its value with integer arithmetic, which Numba does in
 * int64 (uint64 for unsigned operands) where jitc keeps the operands' width. */
static bool returns_arithmetic(const Block *b)
{
    for (int i = 0; i < b->n; i++) {
        const Stmt *s = b->items[i];
        if (s->kind == ST_RETURN && s->ret && (s->ret->kind == EX_BINOP || s->ret->kind == EX_UNARY))
            return true;
        if (s->kind == ST_IF && (returns_arithmetic(&s->if_.body) || returns_arithmetic(&s->if_.orelse)))
            return true;
    }
    return false;
}

/* The output's dtype for the kernel's return type t, as Numba types it. */
static const Type *numba_return_type(const StencilInfo *in, const Type *t)
{
    if (t->kind == TY_INT8 || t->kind == TY_INT16 || t->kind == TY_INT32)
        return returns_arithmetic(&in->kernel->body) ? ty_scalar(TY_INT64) : t;
    if (t->kind == TY_UINT8 || t->kind == TY_UINT16 || t->kind == TY_UINT32)
        return returns_arithmetic(&in->kernel->body) ? ty_scalar(TY_UINT64) : t;
    return t;
}

/* The kernel typed as an ordinary function: its return type, or NULL with errors reported. */
static const Type *kernel_return_type(Gen *g)
{
    StencilInfo *in = (StencilInfo *)g->in;
    const FuncDef *k = in->kernel;
    if (!in->twin) {
        FuncDef *def = arena_alloc(g->p->arena, sizeof *def);
        *def = *k;
        def->name = arena_printf(g->p->arena, "%s.kernel", k->name);
        ProgFunc *t = arena_alloc(g->p->arena, sizeof *t);
        t->def = def;
        t->kind = FK_HOST;
        t->opts = in->variants[0][0]->opts;
        t->opts.parallel = false;
        ARR_PUSH(g->p->arena, g->p->outlined, g->p->noutlined, g->p->capoutlined, t);
        in->twin = t;
    }
    Spec *ks = prog_specialize(g->p, in->twin, g->s->params, k->nparams, NULL, false, k->loc);
    if (!ks || ks->state == SPEC_FAILED || !ks->ret) {
        for (int i = 0; ks && i < ks->errors.n; i++)
            diag_report(&g->s->errors, ks->errors.items[i].severity, ks->errors.items[i].loc, "%s",
                        ks->errors.items[i].message);
        if (ks)
            ks->errors_reported = true;
        gen_error(g, k->loc, "cannot type the stencil kernel for these arguments");
        return NULL;
    }
    if (ks->ret->kind == TY_ARRAY) {
        gen_error(g, k->loc, "Stencil kernel must return a scalar and not a numpy array.");
        return NULL;
    }
    if (!ty_is_number(ks->ret)) {
        gen_error(g, k->loc, "a stencil kernel returns a number at each point");
        return NULL;
    }
    return numba_return_type(in, ks->ret);
}

static Expr *np_attr(Gen *g, const char *name, SrcLoc loc) { return mk_attr(g, mk_name(g, NP_NAME, loc), name); }

/* `if X.shape[k] < $shape[k] or ...: raise ValueError` for the other relatively indexed arrays. */
static int size_checks(Gen *g, Stmt **out)
{
    const FuncDef *k = g->in->kernel;
    SrcLoc loc = k->loc;
    int n = 0;
    for (int i = 1; i < k->nparams && i < 64; i++) {
        if (!g->relative[i])
            continue;
        if (g->s->params[i]->ndim != g->ndim) {
            gen_error(g, k->params[i].loc, "Secondary stencil array does not have same number  of dimensions as the "
                      "first stencil input.");
            return n;
        }
        Expr *cond = NULL;
        for (int d = 0; d < g->ndim; d++) {
            Expr *theirs = mk_subscript(g, mk_attr(g, mk_name(g, k->params[i].name, loc), "shape"), mk_int(g, d, loc));
            Expr *ours = mk_subscript(g, mk_name(g, "$shape", loc), mk_int(g, d, loc));
            Expr *cmp = mk(g, EX_COMPARE, loc);
            cmp->compare.n = 2;
            cmp->compare.ops = arena_alloc(g->p->arena, sizeof *cmp->compare.ops);
            cmp->compare.ops[0] = OP_LT;
            Expr *pair[2] = {theirs, ours};
            cmp->compare.operands = rewrite_list(g, pair, 2);
            cond = cond ? mk_binop(g, OP_OR, cond, cmp) : cmp;
            if (cond->kind == EX_BINOP)
                cond->kind = EX_BOOLOP;
        }
        Expr *msg = mk(g, EX_STR, loc);
        msg->str = "Secondary stencil array has some dimension smaller the same dimension in the first stencil input.";
        Stmt *raise = mk_stmt(g, ST_EXPR, loc);
        raise->expr = mk_call(g, mk_name(g, "$raise_value_error", loc), &msg, 1);
        Stmt *s = mk_stmt(g, ST_IF, loc);
        s->if_.cond = cond;
        s->if_.body.items = arena_alloc(g->p->arena, sizeof *s->if_.body.items);
        s->if_.body.items[0] = raise;
        s->if_.body.n = 1;
        out[n++] = s;
    }
    return n;
}

static Stmt *loop_nest(Gen *g, int axis, Block body, SrcLoc loc)
{
    int64_t lo = g->lo[axis] < 0 ? -g->lo[axis] : 0, hi = g->hi[axis] > 0 ? g->hi[axis] : 0;
    Expr *stop = mk_binop(g, OP_SUB, mk_subscript(g, mk_name(g, "$shape", loc), mk_int(g, axis, loc)), mk_int(g, hi, loc));
    Expr *args[2] = {mk_int(g, lo, loc), stop};
    bool par = axis == 0 && g->s->func->stencil->parallel;
    Stmt *f = mk_stmt(g, ST_FOR, loc);
    f->for_.target = mk_name(g, index_name(g, axis), loc);
    f->for_.iter = mk_call(g, mk_name(g, par ? PRANGE_NAME : "range", loc), args, 2);
    if (axis == g->ndim - 1) {
        f->for_.body = body;
    } else {
        f->for_.body.items = arena_alloc(g->p->arena, sizeof *f->for_.body.items);
        f->for_.body.items[0] = loop_nest(g, axis + 1, body, loc);
        f->for_.body.n = 1;
    }
    return f;
}

static void mark_relative(Gen *g)
{
    const FuncDef *k = g->in->kernel;
    for (int i = 0; i < k->nparams && i < 64; i++) {
        bool std = false;
        for (int j = 0; j < g->in->nstd; j++)
            std |= strcmp(g->in->std_names[j], k->params[i].name) == 0;
        g->relative[i] = !std && g->s->params[i]->kind == TY_ARRAY;
    }
    for (int d = 0; d < g->ndim; d++) {
        g->lo[d] = g->in->has_neighborhood ? g->in->nb[d][0] : 0;
        g->hi[d] = g->in->has_neighborhood ? g->in->nb[d][1] : 0;
    }
}

static const FuncDef *fail_spec(Spec *s)
{
    s->state = SPEC_FAILED;
    return NULL;
}

const FuncDef *bld_stencil_def(Program *p, Spec *s)
{
    const StencilInfo *in = s->func->stencil->info;
    const FuncDef *k = in->kernel;
    if (s->nparams && s->params[0]->kind == TY_ERROR) /* prog_check: the kernel as it is written */
        return s->func->def;
    diag_init(&s->errors, p->arena);
    Gen g = {.p = p, .s = s, .in = in};
    if (!s->nparams || s->params[0]->kind != TY_ARRAY) {
        gen_error(&g, k->nparams ? k->params[0].loc : k->loc, "The first argument to a stencil kernel must be the primary input array.");
        return fail_spec(s);
    }
    g.ndim = s->params[0]->ndim;
    if (g.ndim > STENCIL_MAXDIM || (in->has_neighborhood && in->nb_ndim != g.ndim)) {
        const char *m = arena_printf(p->arena, "%d dimensional neighborhood specified for %d dimensional input array",
                                     in->nb_ndim, g.ndim);
        gen_error(&g, in->has_neighborhood ? in->nb_loc : k->loc, m);
        return fail_spec(s);
    }
    const Type *ret = kernel_return_type(&g);
    if (!ret)
        return fail_spec(s);
    mark_relative(&g);
    count_block(&g, &k->body);
    Block kernel = rewrite_block(&g, &k->body, true);
    if (!g.failed && !g.seen_relative && !in->has_neighborhood)
        gen_error(&g, k->loc, "Stencil kernel with no accesses to relatively indexed arrays.");
    SrcLoc loc = k->loc;
    Stmt **body = arena_alloc(p->arena, sizeof *body * (size_t)(2 * STENCIL_MAXDIM + 72));
    int n = 0;
    body[n++] = mk_assign(&g, mk_name(&g, "$shape", loc), mk_attr(&g, mk_name(&g, k->params[0].name, loc), "shape"));
    n += size_checks(&g, &body[n]);
    if (g.failed)
        return fail_spec(s);
    const Expr *cval = in->cval ? in->cval : mk_int(&g, 0, loc);
    if (s->func->stencil->with_out) {
        body[n++] = mk_assign(&g, mk_name(&g, "$out", loc), mk_name(&g, "out", loc));
        if (in->cval)
            body[n++] = fill_axis(&g, 0, NULL, NULL, cval, loc);
    } else {
        Expr *args[2] = {mk_name(&g, "$shape", loc), np_attr(&g, dtype_attr(&g, ret), loc)};
        body[n++] = mk_assign(&g, mk_name(&g, "$out", loc), mk_call(&g, np_attr(&g, "empty", loc), args, 2));
        for (int d = 0; d < g.ndim; d++) {
            if (g.lo[d] < 0)
                body[n++] = fill_axis(&g, d, NULL, mk_int(&g, -g.lo[d], loc), cval, loc);
            if (g.hi[d] > 0)
                body[n++] = fill_axis(&g, d, mk_int(&g, -g.hi[d], loc), NULL, cval, loc);
        }
    }
    body[n++] = loop_nest(&g, 0, kernel, loc);
    Stmt *ret_stmt = mk_stmt(&g, ST_RETURN, loc);
    ret_stmt->ret = mk_name(&g, "$out", loc);
    body[n++] = ret_stmt;
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    *def = *s->func->def;
    def->body.items = body;
    def->body.n = n;
    return def;
}

/* ---- stencil(K) called inside a compiled function ----
 *
 * `stencil(lambda a: ...)(arr)`, `numba.stencil(sf)(arr)` with `def sf` of the same function: the
 * kernel K, a lambda or an inner def that reads no variable of the function, becomes an FK_STENCIL
 * function as if decorated with a bare @stencil, made once per call site and enclosing function
 * (kept with the outlined functions, found by closure_from). As in Numba, the call there takes the
 * kernel alone: Numba fails on options given in compiled code (`stencil(K, cval=1.0)` passes cval
 * to the kernel, `stencil(cval=1.0)(K)` lacks the kernel). */

/* Whether e names numba's stencil: `stencil` imported from numba (not a local), or numba.stencil. */
static bool names_stencil(Builder *b, const Expr *e)
{
    if (e->kind == EX_NAME) {
        const Global *g = bld_find_var(b, e->name) ? NULL : prog_global(b->p, e->name);
        return g && g->kind == G_NUMBA && g->numba == NB_STENCIL;
    }
    if (e->kind != EX_ATTR || strcmp(e->attr.name, "stencil") != 0 || e->attr.value->kind != EX_NAME)
        return false;
    const Global *g = bld_find_var(b, e->attr.value->name) ? NULL : prog_global(b->p, e->attr.value->name);
    return g && g->kind == G_MODULE && g->module == MOD_NUMBA;
}

static ProgFunc *find_stencil(Builder *b, const Expr *site)
{
    for (int i = 0; i < b->p->noutlined; i++) {
        ProgFunc *f = b->p->outlined[i];
        if (f->kind == FK_STENCIL && f->closure_from == site && f->enclosing == b->def)
            return f;
    }
    return NULL;
}

/* The kernel's function: a lambda or an inner def of this function that reads none of its
 * variables; NULL after a located error. */
static ProgFunc *stencil_kernel(Builder *b, const Expr *k)
{
    Operand o = bld_expr(b, k);
    if (o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR))
        return NULL;
    if (o.kind == OPK_VALUE && o.type->kind == TY_COMPTIME && !o.type->dtype && o.type->payload)
        o = *(const Operand *)o.type->payload;
    if (o.kind != OPK_FUNC || !o.func->closure_from || o.func->kind != FK_HOST) {
        diag_error(&b->diag, k->loc, "stencil() inside a compiled function takes a lambda or a def of that function "
                   "(module-level kernels take @stencil)");
        return NULL;
    }
    if (o.func->ncaptures) {
        diag_error(&b->diag, k->loc, "the stencil kernel '%s' reads the variable '%s' of '%s': pass it to the "
                   "stencil as an argument", o.func->def->name, o.func->captures[0], b->def->name);
        return NULL;
    }
    return o.func;
}

static ProgFunc *make_stencil(Builder *b, const Expr *site, ProgFunc *k)
{
    FuncDef *def = arena_alloc(b->p->arena, sizeof *def);
    *def = *k->def;
    def->name = arena_printf(b->p->arena, "%s_stencil", k->closure_key); /* unique: its symbols */
    ProgFunc *f = arena_alloc(b->p->arena, sizeof *f);
    f->def = def;
    f->kind = FK_HOST;
    f->opts = *b->opts;
    f->closure_from = site;
    f->enclosing = b->def;
    Diag *module_diag = b->p->diag; /* a bare @stencil's errors (no parameter, one named out): here */
    int errors = b->diag.errors;
    b->p->diag = &b->diag;
    prog_stencil_decorate(b->p, f, site->call.func);
    b->p->diag = module_diag;
    if (b->diag.errors != errors) /* not kept: each pass reports them */
        return NULL;
    ARR_PUSH(b->p->arena, b->p->outlined, b->p->noutlined, b->p->capoutlined, f);
    return f;
}

bool bld_stencil_call(Builder *b, const Expr *e, Operand *out)
{
    if (!names_stencil(b, e->call.func))
        return false;
    *out = bld_error_operand(b);
    if (e->call.nargs != 1 || e->call.nkws || e->call.star) {
        diag_error(&b->diag, e->loc, "stencil() inside a compiled function takes the kernel alone, as in Numba "
                   "(whose stencil in compiled code fails on options): give options with @stencil(...) at module "
                   "level");
        return true;
    }
    ProgFunc *f = find_stencil(b, e), *k = f ? NULL : stencil_kernel(b, e->call.args[0]);
    if (!f && k)
        f = make_stencil(b, e, k);
    if (f)
        *out = (Operand){.kind = OPK_FUNC, .func = f};
    return true;
}
