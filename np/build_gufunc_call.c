/* build_gufunc_call.c — a @guvectorize gufunc called from compiled host code, as Numba allows:
 *
 *     @guvectorize('(n)->(n)')              @njit
 *     def copy(x, res): ...                 def f(x, res): copy(x, res)
 *
 * Every operand is given, inputs then outputs. The loop dimensions (those in front of each
 * operand's core dimensions) are the first output's; the other outputs must have them, and the
 * inputs broadcast to them as in NumPy (fewer of them, or extent 1). The call becomes loops over
 * them, calling the kernel on views of each operand's core; sizes that disagree raise ValueError. A "()" input is the element (or a one-element array
 * where the signature takes one); a "()" output is always a one-element array. A gufunc with
 * signatures runs the one prog_match_signature picks for the views' types; a gufunc with only
 * a layout is compiled for them (Numba's dynamic gufunc). */
#include <string.h>

#include "builder/build.h"


typedef struct GuCall {
    const GuLayout *l;
    int n, nloop;                 /* operands; loop dimensions */
    IrValue ops[GU_MAXOPS];
    const Type *types[GU_MAXOPS];
    SrcLoc locs[GU_MAXOPS];
} GuCall;

static int rank_of(const Type *t) { return t->kind == TY_ARRAY ? t->ndim : 0; }

static int loop_rank(const GuCall *g, int k)
{
    return g->types[k]->kind == TY_ARRAY ? g->types[k]->ndim - g->l->ncore[k] : 0;
}

/* The operands evaluated, and the loop rank: the first output's. False after reporting. */
static bool gather_operands(Builder *b, const Expr *call, ProgFunc *fn, GuCall *g)
{
    const GuLayout *l = g->l = fn->layout;
    g->n = l->nin + l->nout;
    if (call->call.nkws || call->call.nargs != g->n) {
        diag_error(&b->diag, call->loc,
                   "the gufunc '%s' called from compiled code takes all its %d operands (%d inputs, then %d "
                   "outputs) by position",
                   fn->def->name, g->n, l->nin, l->nout);
        return false;
    }
    for (int k = 0; k < g->n; k++) {
        const Expr *arg = call->call.args[k];
        g->ops[k] = bld_value_of(b, bld_expr(b, arg), arg->loc);
        g->types[k] = ir_type(b->f, g->ops[k]);
        g->locs[k] = arg->loc;
        if (g->types[k]->kind == TY_ERROR)
            return false;
        bool output = k >= l->nin;
        if (output ? g->types[k]->kind != TY_ARRAY : !ty_is_number(g->types[k]) && g->types[k]->kind != TY_ARRAY) {
            diag_error(&b->diag, arg->loc, "gufunc operand %d must be %s, not %s", k + 1,
                       output ? "an array" : "an array or a number", bld_type_name(b, g->types[k]));
            return false;
        }
        if (rank_of(g->types[k]) < l->ncore[k] || (output && l->ncore[k] == 0 && rank_of(g->types[k]) == 0)) {
            diag_error(&b->diag, arg->loc, "gufunc operand %d has %d dimension%s, fewer than its core (%s) needs", k + 1,
                       rank_of(g->types[k]), rank_of(g->types[k]) == 1 ? "" : "s", l->text);
            return false;
        }
    }
    g->nloop = rank_of(g->types[l->nin]) - l->ncore[l->nin];
    for (int k = 0; k < g->n; k++) {
        int loop = loop_rank(g, k);
        if (k >= l->nin ? loop != g->nloop : loop > g->nloop) {
            diag_error(&b->diag, g->locs[k], "gufunc operand %d has %d loop dimension%s where the first output has %d",
                       k + 1, loop, loop == 1 ? "" : "s", g->nloop);
            return false;
        }
    }
    return true;
}

static void raise_unless_equal(Builder *b, IrValue x, IrValue y, const char *msg, SrcLoc loc)
{
    bld_raise_if(b, bld_cmp(b, OP_NE, x, y, loc), EXC_VALUE, msg, loc);
}

/* Loop sizes are the first output's (an input's may be 1), and each core name has one size. */
static void check_sizes(Builder *b, const GuCall *g, SrcLoc loc)
{
    IrValue out = g->ops[g->l->nin];
    for (int k = 0; k < g->n; k++)
        for (int d = 0, lk = loop_rank(g, k); d < lk && k != g->l->nin; d++) {
            IrValue ext = bld_array_extent(b, g->ops[k], d, loc), want = bld_array_extent(b, out, g->nloop - lk + d, loc);
            IrValue bad = bld_cmp(b, OP_NE, ext, want, loc);
            if (k < g->l->nin) /* an input's 1 broadcasts */
                bad = bld_bin(b, IB_AND, ty_scalar(TY_BOOL), bad, bld_cmp(b, OP_NE, ext, bld_i64_const(b, 1, loc), loc),
                              loc);
            bld_raise_if(b, bad, EXC_VALUE, "gufunc operands' loop dimensions do not broadcast to the outputs'", loc);
        }
    IrValue first[GU_MAXNAMES];
    bool seen[GU_MAXNAMES] = {false};
    for (int k = 0; k < g->n; k++)
        for (int j = 0; j < g->l->ncore[k]; j++) {
            int name = g->l->dim[k][j];
            IrValue size = bld_array_extent(b, g->ops[k], loop_rank(g, k) + j, loc);
            if (seen[name])
                raise_unless_equal(b, size, first[name], "gufunc operands' core dimensions do not match the layout", loc);
            else
                seen[name] = true, first[name] = size;
        }
}

/* Operand k at loop index idx[]: its core as a view, the element for a "()" input taken as a
 * scalar, or a one-element view for a "()" taken as an array. */
static IrValue operand_at(Builder *b, const GuCall *g, int k, const IrValue *idx, bool as_array, SrcLoc loc)
{
    int lk = loop_rank(g, k);
    if (g->types[k]->kind != TY_ARRAY || (lk == 0 && g->l->ncore[k] > 0))
        return g->ops[k];
    Subscript s = {.n = lk, .n_indices = lk, .array = -1};
    for (int d = 0; d < lk; d++) { /* right-aligned; 0 along an extent of 1 */
        IrValue i = idx[g->nloop - lk + d], one = bld_i64_const(b, 1, loc), zero = bld_i64_const(b, 0, loc);
        IrValue unit = bld_cmp(b, OP_EQ, bld_array_extent(b, g->ops[k], d, loc), one, loc);
        s.items[d] = (IndexItem){.kind = IX_INT, .v = bld_select(b, unit, zero, i, loc), .loc = loc};
    }
    if (g->l->ncore[k] == 0 && as_array) { /* the last loop index as a slice of one */
        IndexItem *last = &s.items[lk - 1];
        IrValue hi = bld_i64_arith(b, IB_ADD, last->v, bld_i64_const(b, 1, loc), loc);
        *last = (IndexItem){.kind = IX_SLICE, .lo = last->v, .hi = hi, .step = IR_NOVALUE, .step_nonzero = true,
                            .loc = loc};
    }
    return bld_value_of(b, bld_subscript_load(b, g->ops[k], &s, loc), loc);
}

/* Whether the kernel takes operand k's "()" as an array: always for outputs; for inputs when the
 * gufunc's signatures say so (the first signature's choice stands for all). */
static bool unit_as_array(const ProgFunc *fn, const GuCall *g, int k)
{
    if (k >= g->l->nin)
        return true;
    return fn->nspecs && fn->specs[0]->params[k]->kind == TY_ARRAY;
}

Operand bld_gufunc_call(Builder *b, const Expr *call, ProgFunc *fn)
{
    SrcLoc loc = call->loc;
    GuCall g = {.n = 0};
    if (!fn->layout) {
        diag_error(&b->diag, loc, "the gufunc '%s' has no usable layout", fn->def->name);
        return bld_error_operand(b);
    }
    if (fn->layout->nout == 0) { /* "(n),(n)": Numba cannot call one from compiled code either */
        diag_error(&b->diag, loc, "the gufunc '%s' has no outputs (layout '%s'): compiled code cannot call it, as in Numba",
                   fn->def->name, fn->layout->text);
        return bld_error_operand(b);
    }
    if (!gather_operands(b, call, fn, &g))
        return bld_error_operand(b);
    check_sizes(b, &g, loc);
    IrValue dims[TY_MAX_NDIM] = {IR_NOVALUE}, idx[TY_MAX_NDIM];
    for (int d = 0; d < g.nloop; d++)
        dims[d] = bld_array_extent(b, g.ops[g.l->nin], d, loc);
    Nest nest;
    bld_loops_open(b, &nest, dims, g.nloop, idx, loc);
    IrValue vals[GU_MAXOPS];
    const Type *types[GU_MAXOPS];
    for (int k = 0; k < g.n; k++) {
        vals[k] = operand_at(b, &g, k, idx, unit_as_array(fn, &g, k), loc);
        types[k] = ir_type(b->f, vals[k]);
    }
    Spec *s = fn->nsigs ? prog_match_signature(b->p, fn, types, g.n) : prog_specialize(b->p, fn, types, g.n, NULL, false, loc);
    if (!s) {
        const char *list = "";
        for (int k = 0; k < g.n; k++)
            list = arena_printf(b->pass_arena, "%s%s%s", list, k ? ", " : "", bld_type_name(b, types[k]));
        diag_error(&b->diag, loc, "no signature of the gufunc '%s' takes (%s)", fn->def->name, list);
        return bld_error_operand(b);
    }
    if (s->state == SPEC_FAILED) {
        bld_report_callee_errors(b, s, loc);
        return bld_error_operand(b);
    }
    for (int k = 0; k < g.n; k++)
        if (types[k] != s->params[k])
            vals[k] = bld_cast_value(b, vals[k], s->params[k], g.locs[k]);
    ir_emit(b->f, IR_CALL, 0, NULL, vals, g.n, loc);
    ir_last(b->f)->imm.callee = s;
    bld_nest_close(b, &nest, loc);
    return (Operand){.kind = OPK_NONE};
}
