/* build_prange.c — `prange` loops of @njit(parallel=True) functions.
 *
 * The loop's body is outlined into a function of its own (a ProgFunc made here from the
 * loop's syntax, typed like any other function) that runs one share [lo, hi) of the
 * iterations:
 *
 *     def f.prangeLINE(lo, hi, start, step, <variables the body reads>, <reductions>):
 *         for k in range(lo, hi):
 *             i = start + k * step          (or: for i in range(lo, hi) when start 0, step 1)
 *             <the body>
 *         return <reductions>
 *
 * and the loop becomes one IR_PARALLEL_FOR, which the runtime spreads over OpenMP threads.
 * As in Numba, a variable defined before the loop that the body updates with `x += e`,
 * `x -= e`, `x *= e`, `x /= e`, `x = min(x, e)` or `x = max(x, e)` is a reduction: each piece
 * of the range starts from the identity (0, 1, or x itself for min/max) and the partial
 * results are combined into x in piece order (runtime/parallel.c). Another assignment to such a
 * variable that reads it (`x = x * 2 + 1`, `x //= 2`) is a race, and a compile error; one that does
 * not (`w = np.full(3, i)`) makes it private, as Numba privatizes it: the outlined function's own
 * variable, starting from the value before the loop, which the loop leaves unchanged. A whole array as a reduction (y += x[i]) gets a private copy per piece, made at the top
 * of the outlined function (`y = $numpy.zeros_like(y)`, ones_like for * and /), which a second
 * outlined function (`$acc += $part`) folds into y after the loop (codegen/parallel.c). The outlined
 * function is not parallel, so a prange nested in it runs serially. */
#include <string.h>

#include "build.h"

enum { MAX_REDUCTIONS = 16, MAX_NAMES = 128 };

typedef struct Reduction {
    const char *name;
    IrBinOp op;
    SrcLoc loc;
    bool array; /* a whole array (y += x[i]): each piece updates a private copy, folded in after */
} Reduction;

typedef struct NameSet {
    const char *names[MAX_NAMES];
    SrcLoc locs[MAX_NAMES];
    int n;
    bool overflow;
} NameSet;

/* What the body does with names. */
typedef struct BodyUse {
    Reduction reds[MAX_REDUCTIONS];
    int nred;
    NameSet reads, writes;
    NameSet updates; /* names assigned from themselves (x = x * 2, x //= 2): races, not private */
    const Stmt *escape; /* a break or return that would leave the loop */
} BodyUse;

static bool name_in(const NameSet *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->names[i], name) == 0)
            return true;
    return false;
}

static void name_add(NameSet *s, const char *name, SrcLoc loc)
{
    if (name_in(s, name))
        return;
    if (s->n == MAX_NAMES) {
        s->overflow = true;
        return;
    }
    s->locs[s->n] = loc;
    s->names[s->n++] = name;
}

static bool bound_before(Builder *b, const char *name)
{
    Var *v = bld_find_var(b, name);
    return v && b->env[bld_var_index(b, v)].type;
}

static void add_captured(const char **captured, int *n, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(captured[i], name) == 0)
            return;
    if (*n < MAX_NAMES)
        captured[(*n)++] = name;
}

static const Reduction *reduction_of(const BodyUse *u, const char *name)
{
    for (int i = 0; i < u->nred; i++)
        if (strcmp(u->reds[i].name, name) == 0)
            return &u->reds[i];
    return NULL;
}

static void read_name(void *s, const Expr *name) { name_add(s, name->name, name->loc); }

static void collect_reads(NameSet *s, const Expr *e) { bld_expr_reads(e, read_name, s); }

/* An assignment target: names are written, subscripts read their array and indices. */
static void collect_target(BodyUse *u, const Expr *t)
{
    if (t->kind == EX_NAME) {
        name_add(&u->writes, t->name, t->loc);
    } else if (t->kind == EX_TUPLE || t->kind == EX_LIST) {
        for (int i = 0; i < t->seq.n; i++)
            collect_target(u, t->seq.items[i]);
    } else {
        collect_reads(&u->reads, t);
    }
}

/* `x op= e` with op + - * /, or `x = min(x, e)` / max, in either argument order: the reduced
 * name and its combining operation, with the expression that is not x in *rest. */
static bool reduction_form(const Stmt *s, const char **name, IrBinOp *op, const Expr **rest)
{
    if (s->kind == ST_AUGASSIGN && s->augassign.target->kind == EX_NAME) {
        AstOp o = s->augassign.op;
        if (o != OP_ADD && o != OP_SUB && o != OP_MUL && o != OP_DIV)
            return false;
        *name = s->augassign.target->name;
        *op = o == OP_ADD || o == OP_SUB ? IB_ADD : IB_MUL;
        *rest = s->augassign.value;
        return true;
    }
    if (s->kind != ST_ASSIGN || s->assign.ntargets != 1 || s->assign.targets[0]->kind != EX_NAME)
        return false;
    const Expr *v = s->assign.value, *f = v->kind == EX_CALL ? v->call.func : NULL;
    if (!f || f->kind != EX_NAME || v->call.nargs != 2 || v->call.nkws ||
        (strcmp(f->name, "min") != 0 && strcmp(f->name, "max") != 0))
        return false;
    const char *x = s->assign.targets[0]->name;
    const Expr *a = v->call.args[0], *c = v->call.args[1];
    bool first = a->kind == EX_NAME && strcmp(a->name, x) == 0, second = c->kind == EX_NAME && strcmp(c->name, x) == 0;
    if (first == second)
        return false;
    *name = x;
    *op = f->name[1] == 'i' ? IB_MIN : IB_MAX;
    *rest = first ? c : a;
    return true;
}

static void collect_block(Builder *b, BodyUse *u, const Block *blk, int depth);

/* A try statement in the body (build_exc.c): each of its clauses is part of the body. */
static void collect_try(Builder *b, BodyUse *u, const Stmt *s, int depth)
{
    collect_block(b, u, &s->try_.body, depth);
    for (int k = 0; k < s->try_.nhandlers; k++)
        collect_block(b, u, s->try_.handlers[k].body, depth);
    collect_block(b, u, &s->try_.orelse, depth);
    collect_block(b, u, &s->try_.finalbody, depth);
}

static void collect_stmt(Builder *b, BodyUse *u, const Stmt *s, int depth)
{
    const char *name;
    IrBinOp op;
    const Expr *rest;
    if (reduction_form(s, &name, &op, &rest) && bound_before(b, name)) {
        const Reduction *r = reduction_of(u, name);
        if (r && r->op != op) { /* mixing + and * on one variable: not a reduction, a race */
            name_add(&u->writes, name, s->loc);
            name_add(&u->updates, name, s->loc);
        }
        else if (!r && u->nred < MAX_REDUCTIONS)
            u->reds[u->nred++] = (Reduction){name, op, s->loc, false};
        collect_reads(&u->reads, rest);
        return;
    }
    switch (s->kind) {
    case ST_EXPR:
    case ST_DEL: collect_reads(&u->reads, s->expr); break;
    case ST_ASSIGN: {
        NameSet value = {0};
        collect_reads(&value, s->assign.value);
        collect_reads(&u->reads, s->assign.value);
        for (int i = 0; i < s->assign.ntargets; i++) {
            const Expr *t = s->assign.targets[i];
            if (t->kind == EX_NAME && name_in(&value, t->name))
                name_add(&u->updates, t->name, t->loc);
            collect_target(u, t);
        }
        break;
    }
    case ST_AUGASSIGN:
        collect_reads(&u->reads, s->augassign.value);
        collect_reads(&u->reads, s->augassign.target);
        if (s->augassign.target->kind == EX_NAME)
            name_add(&u->updates, s->augassign.target->name, s->augassign.target->loc);
        collect_target(u, s->augassign.target);
        break;
    case ST_IF:
        collect_reads(&u->reads, s->if_.cond);
        collect_block(b, u, &s->if_.body, depth);
        collect_block(b, u, &s->if_.orelse, depth);
        break;
    case ST_WHILE:
        collect_reads(&u->reads, s->while_.cond);
        collect_block(b, u, &s->while_.body, depth + 1);
        collect_block(b, u, &s->while_.orelse, depth);
        break;
    case ST_FOR:
        collect_reads(&u->reads, s->for_.iter);
        collect_target(u, s->for_.target);
        collect_block(b, u, &s->for_.body, depth + 1);
        collect_block(b, u, &s->for_.orelse, depth);
        break;
    case ST_RETURN:
        collect_reads(&u->reads, s->ret);
        u->escape = u->escape ? u->escape : s;
        break;
    case ST_BREAK:
        if (depth == 0 && !u->escape)
            u->escape = s;
        break;
    case ST_RAISE: collect_reads(&u->reads, s->raise_.exc); break;
    case ST_ASSERT:
        collect_reads(&u->reads, s->assert_.cond);
        collect_reads(&u->reads, s->assert_.msg);
        break;
    case ST_TRY: collect_try(b, u, s, depth); break;
    default: break;
    }
}

static void collect_block(Builder *b, BodyUse *u, const Block *blk, int depth)
{
    for (int i = 0; i < blk->n; i++)
        collect_stmt(b, u, blk->items[i], depth);
}

/* The body's use of names, checked: no escape, no race, reductions used only as reductions. */
static bool analyse_body(Builder *b, const Stmt *loop, BodyUse *u)
{
    memset(u, 0, sizeof *u);
    collect_block(b, u, &loop->for_.body, 0);
    if (u->escape) {
        diag_error(&b->diag, u->escape->loc, "a prange loop cannot be left with '%s': its iterations run in parallel",
                   u->escape->kind == ST_RETURN ? "return" : "break");
        return false;
    }
    if (u->reads.overflow || u->writes.overflow) {
        diag_error(&b->diag, loop->loc, "this prange loop's body uses too many variables (at most %d)", MAX_NAMES);
        return false;
    }
    const char *target = loop->for_.target->name;
    for (int i = 0; i < u->writes.n; i++) {
        const char *n = u->writes.names[i];
        if (strcmp(n, target) != 0 && bound_before(b, n) && name_in(&u->updates, n)) { /* else private */
            diag_error(&b->diag, u->writes.locs[i],
                       "the prange loop assigns '%s', which is defined before it: its iterations would race. Only "
                       "reductions (%s += ..., %s *= ..., %s = min(%s, ...), %s = max(%s, ...)) may update it",
                       n, n, n, n, n, n, n);
            return false;
        }
    }
    for (int i = 0; i < u->nred; i++)
        if (name_in(&u->reads, u->reds[i].name) || name_in(&u->writes, u->reds[i].name)) {
            const char *n = u->reds[i].name;
            NameSet *where = name_in(&u->reads, n) ? &u->reads : &u->writes;
            int k = 0;
            while (strcmp(where->names[k], n) != 0)
                k++;
            diag_error(&b->diag, where->locs[k],
                       "the reduction variable '%s' is used in the prange loop other than by its reduction", n);
            return false;
        }
    return true;
}

/* ---- the outlined function's syntax ---- */

/* for <index> in range($lo, $hi): [target = $start + index * $step]; body */
static Stmt *chunk_loop(Builder *b, const Stmt *loop, bool unit_range)
{
    SrcLoc loc = loop->loc;
    Stmt *s = bld_syn_stmt(b, ST_FOR, loc);
    Expr *range = bld_syn_expr(b, EX_CALL, loop->for_.iter->loc);
    range->call.func = bld_syn_name(b, "range", loc);
    range->call.args = arena_alloc(b->p->arena, sizeof(Expr *) * 2);
    range->call.args[0] = bld_syn_name(b, "$lo", loc);
    range->call.args[1] = bld_syn_name(b, "$hi", loc);
    range->call.nargs = 2;
    s->for_.iter = range;
    const Block *body = &loop->for_.body;
    if (unit_range) {
        s->for_.target = loop->for_.target;
        s->for_.body = *body;
        return s;
    }
    s->for_.target = bld_syn_name(b, "$k", loc);
    Stmt *value = bld_syn_stmt(b, ST_ASSIGN, loc);
    value->assign.targets = arena_alloc(b->p->arena, sizeof(Expr *));
    value->assign.targets[0] = loop->for_.target;
    value->assign.ntargets = 1;
    value->assign.value = bld_syn_binop(b, OP_ADD, bld_syn_name(b, "$start", loc),
                                        bld_syn_binop(b, OP_MUL, bld_syn_name(b, "$k", loc), bld_syn_name(b, "$step", loc)));
    s->for_.body.items = arena_alloc(b->p->arena, sizeof(Stmt *) * (size_t)(body->n + 1));
    s->for_.body.items[0] = value;
    memcpy(s->for_.body.items + 1, body->items, sizeof(Stmt *) * (size_t)body->n);
    s->for_.body.n = body->n + 1;
    return s;
}

/* `name = $numpy.zeros_like(name)` (ones_like for a product): a piece's private copy of an array
 * reduction, starting from the identity. `$numpy` is numpy under a name no user can write. */
static Stmt *private_copy(Builder *b, const Reduction *r)
{
    SrcLoc loc = r->loc;
    Expr *like = bld_syn_expr(b, EX_ATTR, loc);
    like->attr.value = bld_syn_name(b, "$numpy", loc);
    like->attr.name = r->op == IB_MUL ? "ones_like" : "zeros_like";
    Expr *call = bld_syn_expr(b, EX_CALL, loc);
    call->call.func = like;
    call->call.args = arena_alloc(b->p->arena, sizeof(Expr *));
    call->call.args[0] = bld_syn_name(b, r->name, loc);
    call->call.nargs = 1;
    Stmt *s = bld_syn_stmt(b, ST_ASSIGN, loc);
    s->assign.targets = arena_alloc(b->p->arena, sizeof(Expr *));
    s->assign.targets[0] = bld_syn_name(b, r->name, loc);
    s->assign.ntargets = 1;
    s->assign.value = call;
    return s;
}

static Stmt *return_reductions(Builder *b, const BodyUse *u, SrcLoc loc)
{
    Stmt *s = bld_syn_stmt(b, ST_RETURN, loc);
    if (u->nred == 1) {
        s->ret = bld_syn_name(b, u->reds[0].name, loc);
    } else {
        s->ret = bld_syn_expr(b, EX_TUPLE, loc);
        s->ret->seq.items = arena_alloc(b->p->arena, sizeof(Expr *) * (size_t)u->nred);
        for (int i = 0; i < u->nred; i++)
            s->ret->seq.items[i] = bld_syn_name(b, u->reds[i].name, loc);
        s->ret->seq.n = u->nred;
    }
    return s;
}

/* The parameters' names as one string: the key under which an outlined function is reused. */
static const char *param_key(Builder *b, const char **names, int n, bool unit_range, const BodyUse *u)
{
    const char *key = unit_range ? "unit" : "step";
    for (int i = 0; i < u->nred; i++)
        key = arena_printf(b->p->arena, "%s%c", key, u->reds[i].array ? 'A' : 's');
    for (int i = 0; i < n; i++)
        key = arena_printf(b->p->arena, "%s,%s", key, names[i]);
    return key;
}

static ProgFunc *outlined_function(Builder *b, const Stmt *loop, const BodyUse *u, const char **captured, int ncaptured,
                                   bool unit_range)
{
    Program *p = b->p;
    const char *names[4 + MAX_NAMES + MAX_REDUCTIONS] = {"$lo", "$hi", "$start", "$step"};
    int n = 4;
    for (int i = 0; i < ncaptured; i++)
        names[n++] = captured[i];
    for (int i = 0; i < u->nred; i++)
        names[n++] = u->reds[i].name;
    const char *key = param_key(b, names, n, unit_range, u);
    for (int i = 0; i < p->noutlined; i++)
        if (p->outlined[i]->outlined_from == loop && strcmp(p->outlined[i]->outlined_key, key) == 0)
            return p->outlined[i];
    Stmt **body = arena_alloc(p->arena, sizeof(Stmt *) * (size_t)(2 + u->nred));
    int nbody = 0;
    for (int i = 0; i < u->nred; i++)
        if (u->reds[i].array)
            body[nbody++] = private_copy(b, &u->reds[i]);
    body[nbody++] = chunk_loop(b, loop, unit_range);
    if (u->nred)
        body[nbody++] = return_reductions(b, u, loop->loc);
    ProgFunc *f = bld_syn_function(b, arena_printf(p->arena, "%s.prange%d", b->def->name, loop->loc.line), loop->loc,
                                   names, n, body, nbody, FK_HOST); /* a prange inside runs serially */
    f->outlined_from = loop;
    f->outlined_key = key;
    return f;
}

/* The outlined function typed for these parameters; the reductions' types grow (int64 to
 * float64, say) until what the function returns is what it takes. NULL after an error. */
static Spec *specialize_outlined(Builder *b, ProgFunc *f, const Type **types, int n, int nred, SrcLoc loc)
{
    for (int round = 0; round < 4; round++) {
        Spec *s = prog_specialize(b->p, f, types, n, NULL, false, loc);
        if (!s)
            return NULL;
        if (s->state == SPEC_FAILED) {
            bld_report_callee_errors(b, s, loc);
            return NULL;
        }
        bool same = true;
        for (int i = 0; i < nred; i++) {
            const Type *r = nred == 1 ? s->ret : s->ret->elems[i], **t = &types[n - nred + i];
            const Type *u = ty_unify(&b->p->types, *t, r);
            if (!u) {
                diag_error(&b->diag, loc, "a reduction in this prange loop changes type from %s to %s",
                           bld_type_name(b, *t), bld_type_name(b, r));
                return NULL;
            }
            same &= u == *t;
            *t = u;
        }
        if (same)
            return s;
    }
    diag_error(&b->diag, loc, "the types of this prange loop's reductions do not settle");
    return NULL;
}

/* The function that folds one piece's private array into an array reduction's result:
 *     def f.prangeLINE.fold($acc, $part): $acc += $part      ($acc *= $part for a product) */
static Spec *array_fold(Builder *b, const Stmt *loop, const Reduction *r, const Type *acc, const Type *part)
{
    Program *p = b->p;
    const char *key = r->op == IB_MUL ? "fold*" : "fold+";
    ProgFunc *f = NULL;
    for (int i = 0; i < p->noutlined && !f; i++)
        if (p->outlined[i]->outlined_from == loop && strcmp(p->outlined[i]->outlined_key, key) == 0)
            f = p->outlined[i];
    if (!f) {
        Stmt **body = arena_alloc(p->arena, sizeof(Stmt *));
        body[0] = bld_syn_stmt(b, ST_AUGASSIGN, r->loc);
        body[0]->augassign.target = bld_syn_name(b, "$acc", r->loc);
        body[0]->augassign.op = r->op == IB_MUL ? OP_MUL : OP_ADD;
        SrcLoc apart = r->loc; /* fused array expressions tell operands apart by where they are written */
        apart.col++;
        body[0]->augassign.value = bld_syn_name(b, "$part", apart);
        const char *names[2] = {"$acc", "$part"};
        const char *name = arena_printf(p->arena, "%s.prange%d.fold_%s", b->def->name, loop->loc.line,
                                        r->op == IB_MUL ? "mul" : "add");
        f = bld_syn_function(b, name, r->loc, names, 2, body, 1, FK_HOST);
        f->outlined_from = loop;
        f->outlined_key = key;
    }
    const Type *types[2] = {acc, part};
    Spec *s = prog_specialize(p, f, types, 2, NULL, false, r->loc);
    if (s && s->state == SPEC_FAILED) {
        bld_report_callee_errors(b, s, r->loc);
        return NULL;
    }
    return s;
}

/* The array reductions' fold functions (NULL for scalar reductions); false after an error. */
static bool array_folds(Builder *b, const Stmt *loop, const BodyUse *u, const Spec *body, const Type **types,
                        Spec **folds)
{
    for (int i = 0; i < u->nred; i++) {
        folds[i] = NULL;
        if (!u->reds[i].array)
            continue;
        const Type *part = u->nred == 1 ? body->ret : body->ret->elems[i];
        if (!(folds[i] = array_fold(b, loop, &u->reds[i], types[i], part)))
            return false;
    }
    return true;
}

bool bld_is_parallel_prange(Builder *b, const Stmt *loop)
{
    const Expr *iter = loop->for_.iter;
    if (!b->opts->parallel || b->spec->device || iter->kind != EX_CALL || !bld_may_name_range(iter->call.func))
        return false;
    if (b->f->catch_block) /* in a try body: Numba makes no parallel loop there, the loop runs serially */
        return false;
    Operand f = bld_expr(b, iter->call.func);
    return f.kind == OPK_BUILTIN && f.builtin == BI_PRANGE;
}

void bld_prange(Builder *b, const Stmt *s)
{
    const Expr *it = s->for_.iter;
    SrcLoc loc = it->loc;
    if (s->for_.target->kind != EX_NAME) {
        diag_error(&b->diag, s->for_.target->loc, "the target of a range loop must be a name");
        return;
    }
    BodyUse u;
    IrValue bound[3];
    Operand step;
    if (!analyse_body(b, s, &u) || !bld_range_bounds(b, it, bound, &step) ||
        !bld_check_range_step(b, it, step, bound[2]))
        return;
    for (int i = 0; i < u.nred; i++) {
        Var *v = bld_find_var(b, u.reds[i].name);
        u.reds[i].array = b->env[bld_var_index(b, v)].type->kind == TY_ARRAY;
    }
    const Type *i64 = ty_scalar(TY_INT64);
    const char *captured[MAX_NAMES];
    int ncaptured = 0;
    for (int i = 0; i < u.reads.n; i++) {
        const char *n = u.reads.names[i];
        if (bound_before(b, n) && !reduction_of(&u, n)) /* written ones too: private, from the value before */
            add_captured(captured, &ncaptured, n);
        const char *inner[MAX_NAMES]; /* a closure called in the body: what it reads, the body takes */
        int ninner = bound_before(b, n) ? bld_closure_captures(b, n, inner, MAX_NAMES) : 0;
        for (int k = 0; k < ninner; k++)
            if (bound_before(b, inner[k]) && !reduction_of(&u, inner[k]))
                add_captured(captured, &ncaptured, inner[k]);
    }
    bool unit_range = it->call.nargs == 1 && ir_type(b->f, bound[0]) == i64;
    ProgFunc *f = outlined_function(b, s, &u, captured, ncaptured, unit_range);
    /* the call: count, start, step, the captured values, the reductions' initial values */
    IrValue args[4 + MAX_NAMES + MAX_REDUCTIONS];
    const Type *types[4 + MAX_NAMES + MAX_REDUCTIONS] = {i64, i64, i64, i64};
    int n = 4, nrt = 3; /* types[] has every parameter; args[] only those with run-time values */
    IrValue count = ir_emit(b->f, IR_RANGE_COUNT, 0, bld_unsigned_like(ir_type(b->f, bound[0])), bound, 3, loc);
    args[0] = bld_cast_value(b, count, i64, loc);
    args[1] = bld_cast_value(b, bound[0], i64, loc);
    args[2] = bld_cast_value(b, bound[2], i64, loc);
    for (int i = 0; i < ncaptured + u.nred; i++, n++) {
        const char *name = i < ncaptured ? captured[i] : u.reds[i - ncaptured].name;
        Operand v = bld_read_var(b, bld_find_var(b, name), loc);
        const Type *ct = bld_comptime_type(b, v, NULL, false); /* a function held in a variable */
        if (ct) {
            types[n] = ct;
            continue;
        }
        if (v.kind != OPK_VALUE || v.type->kind == TY_ERROR)
            return;
        args[nrt++] = v.v;
        types[n] = v.type;
    }
    Spec *spec = specialize_outlined(b, f, types, n, u.nred, loc);
    if (!spec)
        return;
    for (int i = 0; i < u.nred; i++) /* the initial values in the reductions' settled types */
        args[nrt - u.nred + i] = bld_cast_value(b, args[nrt - u.nred + i], types[n - u.nred + i], loc);
    IrParallel *par = arena_alloc(b->pass_arena, sizeof *par);
    IrBinOp *ops = arena_alloc(b->pass_arena, sizeof *ops * (size_t)(u.nred ? u.nred : 1));
    Spec **folds = arena_alloc(b->pass_arena, sizeof *folds * (size_t)(u.nred ? u.nred : 1));
    if (!array_folds(b, s, &u, spec, types + n - u.nred, folds))
        return;
    for (int i = 0; i < u.nred; i++)
        ops[i] = u.reds[i].op;
    *par = (IrParallel){.callee = spec, .nred = u.nred, .ops = ops, .folds = folds};
    const Type *rt = spec->ret->kind == TY_NONE ? NULL : spec->ret;
    IrValue r = ir_emit(b->f, IR_PARALLEL_FOR, 0, rt, args, nrt, loc);
    ir_last(b->f)->imm.par = par;
    for (int i = 0; i < u.nred; i++) {
        const Type *t = types[n - u.nred + i];
        IrValue v = r;
        if (u.nred > 1) {
            v = ir_emit(b->f, IR_TUPLE_GET, 0, t, &r, 1, loc);
            ir_last(b->f)->imm.index = i;
        }
        bld_assign_var(b, u.reds[i].name, bld_value_operand(v, t), u.reds[i].loc);
    }
}
