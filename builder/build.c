/* build.c — typing and lowering a function to IR: the fixed-point driver, variables, and
 * statements. See build.h for how inference and lowering are one walk. */
#include "build.h"

#include <string.h>

enum { MAX_PASSES = 64 };

/* ---- variables ---- */

Var *bld_find_var(Builder *b, const char *name)
{
    int i = strmap_get(&b->kept.var_index, name);
    return i >= 0 ? &b->kept.vars[i] : NULL;
}

int bld_var_index(Builder *b, const Var *v) { return (int)(v - b->kept.vars); }

static void declare_var(Builder *b, const char *name)
{
    if (!bld_find_var(b, name)) {
        Var v = {.name = name};
        strmap_put(&b->kept.var_index, b->p->arena, name, b->kept.nvars);
        ARR_PUSH(b->p->arena, b->kept.vars, b->kept.nvars, b->kept.capvars, v);
    }
}

const Type *bld_var_type(Builder *b, const char *name)
{
    Var *v = bld_find_var(b, name);
    const Binding *bd = v ? &b->env[bld_var_index(b, v)] : NULL;
    return bd && !bd->clash[0] ? bd->type : NULL;
}

void bld_declare_var(Builder *b, const char *name) { declare_var(b, name); }

static void bound_targets(const Expr *t, void (*bound)(void *ctx, const char *name), void *ctx)
{
    if (t->kind == EX_NAME)
        bound(ctx, t->name);
    else if (t->kind == EX_TUPLE || t->kind == EX_LIST)
        for (int i = 0; i < t->seq.n; i++)
            bound_targets(t->seq.items[i], bound, ctx);
}

void bld_bound_names(const Block *blk, void (*bound)(void *ctx, const char *name), void *ctx)
{
    for (int i = 0; i < blk->n; i++) {
        const Stmt *s = blk->items[i];
        switch (s->kind) {
        case ST_ASSIGN:
            for (int k = 0; k < s->assign.ntargets; k++)
                bound_targets(s->assign.targets[k], bound, ctx);
            break;
        case ST_AUGASSIGN: bound_targets(s->augassign.target, bound, ctx); break;
        case ST_FOR:
            bound_targets(s->for_.target, bound, ctx);
            bld_bound_names(&s->for_.body, bound, ctx);
            bld_bound_names(&s->for_.orelse, bound, ctx);
            break;
        case ST_WHILE:
            bld_bound_names(&s->while_.body, bound, ctx);
            bld_bound_names(&s->while_.orelse, bound, ctx);
            break;
        case ST_IF:
            bld_bound_names(&s->if_.body, bound, ctx);
            bld_bound_names(&s->if_.orelse, bound, ctx);
            break;
        case ST_TRY:
            bld_bound_names(&s->try_.body, bound, ctx);
            for (int k = 0; k < s->try_.nhandlers; k++)
                bld_bound_names(s->try_.handlers[k].body, bound, ctx);
            bld_bound_names(&s->try_.orelse, bound, ctx);
            bld_bound_names(&s->try_.finalbody, bound, ctx);
            break;
        case ST_DEF: bound(ctx, s->def->name); break;
        case ST_OBJMODE:
            for (int k = 0; k < s->objmode.noutputs; k++)
                bound(ctx, s->objmode.outputs[k].name);
            break;
        default: break;
        }
    }
}

/* A lambda's body read for bld_expr_reads: its own parameters are not reads. */
typedef struct LambdaReads {
    const Expr *lambda;
    void (*read)(void *ctx, const Expr *name);
    void *ctx;
} LambdaReads;

static void lambda_read(void *c, const Expr *name)
{
    const LambdaReads *l = c;
    for (int k = 0; k < l->lambda->lambda.nparams; k++)
        if (strcmp(l->lambda->lambda.params[k].name, name->name) == 0)
            return;
    l->read(l->ctx, name);
}

void bld_expr_reads(const Expr *e, void (*read)(void *ctx, const Expr *name), void *ctx)
{
    if (!e)
        return;
    switch (e->kind) {
    case EX_NAME: read(ctx, e); break;
    case EX_BINOP:
    case EX_BOOLOP:
        bld_expr_reads(e->binop.lhs, read, ctx);
        bld_expr_reads(e->binop.rhs, read, ctx);
        break;
    case EX_UNARY: bld_expr_reads(e->unary.operand, read, ctx); break;
    case EX_COMPARE:
        for (int i = 0; i < e->compare.n; i++)
            bld_expr_reads(e->compare.operands[i], read, ctx);
        break;
    case EX_IFEXP:
        bld_expr_reads(e->ifexp.cond, read, ctx);
        bld_expr_reads(e->ifexp.then, read, ctx);
        bld_expr_reads(e->ifexp.els, read, ctx);
        break;
    case EX_CALL:
        bld_expr_reads(e->call.func, read, ctx);
        for (int i = 0; i < e->call.nargs; i++)
            bld_expr_reads(e->call.args[i], read, ctx);
        for (int i = 0; i < e->call.nkws; i++)
            bld_expr_reads(e->call.kws[i].value, read, ctx);
        bld_expr_reads(e->call.star, read, ctx);
        break;
    case EX_ATTR: bld_expr_reads(e->attr.value, read, ctx); break;
    case EX_SUBSCRIPT:
        bld_expr_reads(e->subscript.value, read, ctx);
        bld_expr_reads(e->subscript.index, read, ctx);
        break;
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING:
        for (int i = 0; i < e->seq.n; i++)
            bld_expr_reads(e->seq.items[i], read, ctx);
        break;
    case EX_SLICE:
        bld_expr_reads(e->slice.lo, read, ctx);
        bld_expr_reads(e->slice.hi, read, ctx);
        bld_expr_reads(e->slice.step, read, ctx);
        break;
    case EX_LAMBDA: {
        LambdaReads l = {e, read, ctx};
        bld_expr_reads(e->lambda.body, lambda_read, &l);
        break;
    }
    default: break;
    }
}

/* Python's scoping: every name bound anywhere in the body is a variable of the function. */
static void declare_bound(void *b, const char *name) { declare_var(b, name); }

/* The IR local that holds variable v when it has type t (one per type, named "x", then
 * "x.f64" for another type). */
static int local_for(Builder *b, Var *v, const Type *t)
{
    for (int i = 0; i < v->nlocals; i++)
        if (b->f->locals[v->locals[i]].type == t)
            return v->locals[i];
    const char *name = v->nlocals ? arena_printf(b->pass_arena, "%s.%s", v->name, ty_mangle(b->pass_arena, t))
                                  : v->name;
    int l = ir_new_local(b->f, name, t);
    ARR_PUSH(b->pass_arena, v->locals, v->nlocals, v->caplocals, l);
    return l;
}

static Binding *env_copy(Builder *b, const Binding *env)
{
    Binding *c = arena_alloc(b->pass_arena, sizeof *c * (size_t)(b->kept.nvars ? b->kept.nvars : 1));
    memcpy(c, env, sizeof *c * (size_t)b->kept.nvars);
    return c;
}

Operand bld_read_var(Builder *b, Var *v, SrcLoc loc)
{
    const Binding *bd = &b->env[bld_var_index(b, v)];
    if (bd->clash[0]) {
        diag_error(&b->diag, loc, "cannot unify %s and %s for '%s'", bld_type_name(b, bd->clash[0]),
                   bld_type_name(b, bd->clash[1]), v->name);
        return bld_error_operand(b);
    }
    if (!bd->type) {
        diag_error(&b->diag, loc, "local variable '%s' is referenced before assignment", v->name);
        return bld_error_operand(b);
    }
    if (bd->type->kind == TY_COMPTIME)
        return bld_comptime_operand(b, bd->type, loc);
    return bld_value_operand(ir_load(b->f, bd->local, loc), bd->type);
}

static void edge_push(Builder *b, EdgeList *l, int block, const Binding *env);

/* In a try body with an except clause, the point after an assignment is an edge into the
 * clause: an exception raised later must find the new value there, also where the
 * assignment moved the variable to another local (another type, another literal). The block
 * ends here, so that the conversions the merge appends (carry_bindings) run before whatever
 * comes next can raise. */
static void edge_to_handler(Builder *b)
{
    if (!b->handler_edges || b->dead || ir_terminated(b->f))
        return;
    edge_push(b, b->handler_edges, b->f->cur, b->env);
    int next = ir_new_block(b->f);
    ir_br(b->f, next);
    ir_set_block(b->f, next);
}

/* Binds v to a compile-time argument (TY_COMPTIME): reads give what it stands for, and its local
 * (one per type, as for any type) is never stored. */
static void bind_comptime(Builder *b, Var *v, const Type *t)
{
    if (!v)
        return;
    b->env[bld_var_index(b, v)] = (Binding){.type = t, .local = local_for(b, v, t)};
    edge_to_handler(b);
}

/* Binds name to the value: a new binding of the value's own type (Numba's per-assignment
 * typing); poison (an error already reported, or an unknown type while checking) stays quiet. */
void bld_assign_var(Builder *b, const char *name, Operand val, SrcLoc loc)
{
    Var *v = bld_find_var(b, name);
    const Type *ct = bld_comptime_type(b, val, NULL, false);
    if (ct) { /* a type, a function: the variable stands for it */
        bind_comptime(b, v, ct);
        return;
    }
    IrValue x = bld_list_assigned(b, name, bld_value_of(b, val, loc), loc); /* build_list.c */
    const Type *t = ir_type(b->f, x);
    for (int i = 0; i < b->opts->nlocal_types && t->kind != TY_ERROR; i++) /* @njit(locals={'x': float64}) */
        if (strcmp(b->opts->local_names[i], name) == 0 && t != b->opts->local_types[i])
            t = ir_type(b->f, x = bld_cast_value(b, x, b->opts->local_types[i], loc));
    if (!v)
        return;
    Binding *bd = &b->env[bld_var_index(b, v)];
    *bd = (Binding){.type = t, .local = local_for(b, v, t)};
    if (t->kind == TY_ERROR)
        return;
    ir_store(b->f, bd->local, x, loc);
    edge_to_handler(b);
}

/* ---- merges ---- */

static void edge_push(Builder *b, EdgeList *l, int block, const Binding *env)
{
    Edge e = {.block = block, .env = env_copy(b, env)};
    ARR_PUSH(b->pass_arena, l->items, l->n, l->cap, e);
}

/* Appends to block `block` (before its terminator) the conversions that carry bindings
 * `from` into the locals of `to`. */
static void carry_bindings(Builder *b, int block, const Binding *from, const Binding *to)
{
    int saved = b->f->cur;
    ir_set_block(b->f, block);
    for (int i = 0; i < b->kept.nvars; i++) {
        const Binding *s = &from[i], *d = &to[i];
        if (!s->type || !d->type || s->clash[0] || d->clash[0] || s->local == d->local ||
            s->type->kind == TY_ERROR || d->type->kind == TY_ERROR)
            continue;
        IrValue v = ty_is_none_type(s->type) && ty_is_optional(d->type) /* None met a value (build_optional.c) */
                        ? bld_optional_none(b, d->type, b->def->loc)
                    : s->type->kind == TY_COMPTIME /* a literal met an integer: its value goes on */
                        ? bld_value_of(b, bld_comptime_operand(b, s->type, b->def->loc), b->def->loc)
                        : ir_load(b->f, s->local, b->def->loc);
        v = bld_cast_value(b, v, d->type, b->def->loc);
        ir_store(b->f, d->local, v, b->def->loc);
    }
    ir_set_block(b->f, saved);
}

/* One variable where paths meet: the same binding, a unified one, or a clash. */
static Binding merge_binding(Builder *b, Var *v, const Edge *edges, int n, int i)
{
    Binding m = {0};
    for (int k = 0; k < n; k++) {
        const Binding *e = &edges[k].env[i];
        if (e->clash[0])
            return *e;
        if (!e->type)
            continue; /* unassigned on this path: Python would raise UnboundLocalError there */
        if (!m.type) {
            m = *e;
            continue;
        }
        if (m.type == e->type)
            continue;
        const Type *u = ty_unify(&b->p->types, m.type, e->type);
        if (!u) /* named in the order the variable took the types */
            return m.local >= 0 && m.local < e->local ? (Binding){.clash = {m.type, e->type}}
                                                      : (Binding){.clash = {e->type, m.type}};
        m.type = u;
        m.local = -1;
    }
    if (m.type && m.local < 0)
        m.local = local_for(b, v, m.type);
    return m;
}

/* The bindings after the edges meet; conversions are added at the end of each edge. */
static Binding *merge_edges(Builder *b, const EdgeList *l, const Binding *fallback)
{
    if (!l->n)
        return env_copy(b, fallback);
    Binding *m = arena_alloc(b->pass_arena, sizeof *m * (size_t)(b->kept.nvars ? b->kept.nvars : 1));
    for (int i = 0; i < b->kept.nvars; i++)
        m[i] = merge_binding(b, &b->kept.vars[i], l->items, l->n, i);
    for (int k = 0; k < l->n; k++)
        carry_bindings(b, l->items[k].block, l->items[k].env, m);
    return m;
}

/* Records the current point as an edge into a merge point, without jumping (a try body's entry
 * and end, merged at its except clause: build_exc.c). */
void bld_edge_here(Builder *b, EdgeList *edges)
{
    if (!b->dead)
        edge_push(b, edges, b->f->cur, b->env);
}

/* Continues at block `join` after the edges into it. */
void bld_join_at(Builder *b, int join, const EdgeList *edges)
{
    ir_set_block(b->f, join);
    b->dead = edges->n == 0;
    b->env = merge_edges(b, edges, b->env);
}

/* ---- loop heads ---- */

static LoopTypes *loop_types(Builder *b, const Stmt *loop)
{
    for (int i = 0; i < b->kept.nloop_types; i++)
        if (b->kept.loop_types[i].loop == loop)
            return &b->kept.loop_types[i];
    LoopTypes lt = {.loop = loop, .types = arena_alloc(b->p->arena, sizeof(Type *) * (size_t)(b->kept.nvars ? b->kept.nvars : 1))};
    ARR_PUSH(b->p->arena, b->kept.loop_types, b->kept.nloop_types, b->kept.caploop_types, lt);
    return &b->kept.loop_types[b->kept.nloop_types - 1];
}

/* Bindings at a loop's head: what enters it, widened by what earlier passes saw come back. */
static Binding *loop_head(Builder *b, const Stmt *loop)
{
    LoopTypes *lt = loop_types(b, loop);
    Binding *h = env_copy(b, b->env);
    for (int i = 0; i < b->kept.nvars; i++) {
        const Type *t = h[i].type, *back = lt->types[i];
        if (h[i].clash[0] || !back || back == t)
            continue;
        const Type *u = t ? ty_unify(&b->p->types, t, back) : back;
        u = bld_list_widened(b, b->kept.vars[i].name, t, u);
        if (!u) {
            h[i] = (Binding){.clash = {t, back}};
            continue;
        }
        h[i] = (Binding){.type = u, .local = local_for(b, &b->kept.vars[i], u)};
    }
    return h;
}

/* A jump back to the head: converts into the head's locals, or widens the head for the
 * next pass when the body made a variable's type wider. */
static void back_edge(Builder *b, const Loop *l)
{
    LoopTypes *lt = loop_types(b, l->stmt);
    for (int i = 0; i < b->kept.nvars; i++) {
        const Binding *s = &b->env[i], *h = &l->head[i];
        /* poison does not widen the head: its error is reported in this pass, but the next
         * pass would read the variable as poison and stay quiet, so nothing would be reported */
        if (!s->type || s->clash[0] || s->type == h->type || h->clash[0] || s->type->kind == TY_ERROR)
            continue;
        const Type *u = h->type ? ty_unify(&b->p->types, h->type, s->type) : s->type;
        const Type *want = u ? u : s->type; /* no unifier: the head will report the clash */
        if (want != h->type && want != lt->types[i]) {
            lt->types[i] = want;
            b->changed = true;
        }
    }
    carry_bindings(b, b->f->cur, b->env, l->head);
}

/* ---- statements ---- */

/* After a jump, code that follows is dead; it still gets a block so lowering can go on. */
static void start_dead_block(Builder *b)
{
    ir_set_block(b->f, ir_new_block(b->f));
    b->dead = true;
}

/* Whether bld_cast_value turns a value of type `from` into `to`: scalars, an array into the same
 * one of any layout, tuples element by element. */
static bool converts(const Type *from, const Type *to)
{
    if (from == to || (ty_is_scalar(from) && ty_is_scalar(to)))
        return true;
    if (from->kind == TY_ARRAY && to->kind == TY_ARRAY)
        return from->dtype == to->dtype && from->ndim == to->ndim && to->layout == 'A';
    if (from->kind != TY_TUPLE || to->kind != TY_TUPLE || from->n != to->n)
        return false;
    for (int i = 0; i < from->n; i++)
        if (!converts(from->elems[i], to->elems[i]))
            return false;
    return true;
}

/* A return of None; in a function that returns values on other paths, an Optional's None
 * (build_optional.c). */
static void return_none(Builder *b, SrcLoc loc)
{
    b->none_return_seen = true;
    ir_ret(b->f, b->kept.ret && ty_is_optional(b->kept.ret) ? bld_optional_none(b, b->kept.ret, loc) : IR_NOVALUE, loc);
    start_dead_block(b);
}

static void bld_return(Builder *b, const Stmt *s)
{
    if (!s->ret) {
        return_none(b, s->loc);
        return;
    }
    Operand o = bld_expr(b, s->ret);
    if (bld_is_none_operand(o) && !b->spec->ret_fixed) { /* `return None`: as a bare return */
        return_none(b, s->loc);
        return;
    }
    if (bld_return_function(b, s, o)) /* `return inner`: build_closure.c */
        return;
    IrValue v = bld_value_of(b, o, s->ret->loc);
    const Type *t = ir_type(b->f, v);
    b->value_return_seen = true;
    bld_untyped_return(b, s->ret, t); /* build_untyped.c: jitc check's view of a recursion */
    if (bld_list_items_unknown(b, &t, 1, s->ret->loc)) /* build_list.c: `return []` */
        t = ty_scalar(TY_ERROR);
    if (t->kind != TY_ERROR && !b->spec->ret_fixed) {
        const Type *u = b->kept.ret ? ty_unify(&b->p->types, b->kept.ret, t) : t;
        if (!u)
            diag_error(&b->diag, s->loc, "cannot unify return types %s and %s",
                       bld_type_name(b, b->kept.ret), bld_type_name(b, t));
        else if (u != b->kept.ret) {
            b->kept.ret = b->spec->ret = u;
            b->changed = true;
        }
    }
    const Type *rt = b->spec->ret_fixed ? b->spec->ret : b->kept.ret;
    if (rt && rt->kind == TY_NONE && b->spec->ret_fixed)
        diag_error(&b->diag, s->ret->loc, "the signature says this function returns nothing");
    else if (rt && b->spec->ret_fixed && t->kind != TY_ERROR && !converts(t, rt))
        diag_error(&b->diag, s->loc, "cannot convert %s to the declared return type %s", bld_type_name(b, t),
                   bld_type_name(b, rt));
    else if (rt && t->kind != TY_ERROR)
        v = bld_cast_value(b, v, rt, s->ret->loc);
    ir_ret(b->f, v, s->loc);
    start_dead_block(b);
}

/* Ends the current path with a jump to `target`, recording its bindings for the merge there. */
void bld_jump_to(Builder *b, int target, EdgeList *edges)
{
    if (b->dead) /* no path reaches here: the block is closed as unreachable */
        return;
    if (!ir_terminated(b->f))
        edge_push(b, edges, b->f->cur, b->env);
    ir_br(b->f, target);
}

/* The value of a condition that is a literal parameter (`if neg_idx:` in a function specialized
 * on Literal[bool](False)): 0 or 1, else -1. Numba prunes the branch not taken, untyped. */
static int literal_condition(Builder *b, const Expr *cond)
{
    Var *v = cond->kind == EX_NAME ? bld_find_var(b, cond->name) : NULL;
    const Type *t = v ? b->env[bld_var_index(b, v)].type : NULL;
    if (!t || t->kind != TY_COMPTIME || !t->dtype || !ty_is_scalar(t->dtype))
        return -1;
    return t->literal != 0;
}

static void bld_if(Builder *b, const Stmt *s)
{
    int lit = literal_condition(b, s->if_.cond);
    if (lit < 0) /* `a.ndim == 1`, literal strings, numpy.krn's choices by type (build_numpy.c), as Numba
                    rewrites a.ndim to a constant and prunes the branch not taken */
        lit = bld_static_condition(b, s->if_.cond);
    if (lit < 0) /* `if x is None:` where x is None or never is (build_optional.c) */
        lit = bld_none_condition(b, s->if_.cond);
    if (lit >= 0) {
        bld_block(b, lit ? &s->if_.body : &s->if_.orelse);
        return;
    }
    IrValue c = bld_condition(b, s->if_.cond);
    int then = ir_new_block(b->f), els = ir_new_block(b->f), join = ir_new_block(b->f);
    ir_cbr(b->f, c, then, els);
    Binding *before = env_copy(b, b->env);
    bool dead = b->dead;
    EdgeList edges = {0};
    ir_set_block(b->f, then);
    bld_block(b, &s->if_.body);
    bld_jump_to(b, join, &edges);
    ir_set_block(b->f, els);
    b->env = env_copy(b, before);
    b->dead = dead;
    bld_block(b, &s->if_.orelse);
    bld_jump_to(b, join, &edges);
    bld_join_at(b, join, &edges);
}

/* Lowers a loop's body; the end of the body and `continue` go back to the head (or, in one
 * copy of an unrolled loop, forward to the next copy: l->conts, merged there by the caller). */
void bld_loop_body(Builder *b, Loop *l, const Block *body)
{
    if (b->nloops == (int)(sizeof b->loops / sizeof b->loops[0])) {
        diag_error(&b->diag, l->stmt->loc, "loops nested too deeply");
        return;
    }
    b->loops[b->nloops++] = *l;
    bld_block(b, body);
    *l = b->loops[--b->nloops]; /* breaks and continues recorded inside */
    if (l->unrolled) {
        bld_jump_to(b, l->cont_block, &l->conts);
        return;
    }
    if (b->dead)
        return;
    back_edge(b, l);
    ir_br(b->f, l->cont_block);
}

/* Enters a loop: the bindings at its head, with conversions from the path that enters. */
static Binding *enter_loop(Builder *b, const Stmt *s, int head)
{
    Binding *h = loop_head(b, s);
    if (!b->dead)
        carry_bindings(b, b->f->cur, b->env, h);
    ir_br(b->f, head);
    ir_set_block(b->f, head);
    b->env = env_copy(b, h);
    return h;
}

/* Where a loop goes when its condition fails: its else block, or the exit when it has none. */
int bld_loop_done_block(Builder *b, const Block *orelse, int exit)
{
    return orelse->n ? ir_new_block(b->f) : exit;
}

/* Opens a loop over s: its head, body, latch and exit blocks, the block it goes to when its
 * condition fails, and the head's bindings, entered from the current block. `continue` goes to
 * the latch (a for loop's increment), or to the head when with_latch is false (a while loop). */
Loop bld_open_loop(Builder *b, const Stmt *s, const Block *orelse, bool with_latch)
{
    int head = ir_new_block(b->f), body = ir_new_block(b->f);
    int latch = with_latch ? ir_new_block(b->f) : head, exit = ir_new_block(b->f);
    Loop l = {.head_block = head, .cont_block = latch, .stmt = s, .exit_block = exit, .body_block = body,
              .done_block = bld_loop_done_block(b, orelse, exit), .entered_dead = b->dead};
    l.head = enter_loop(b, s, head);
    return l;
}

/* Leaves a loop at its exit block: the head's bindings (the condition failed in cond_block,
 * which jumps to `done`) meet the breaks. With an else clause, `done` is its block: the else
 * runs on the head's bindings, then meets the breaks at the exit. */
void bld_leave_loop(Builder *b, Loop *l, int cond_block, bool cond_exits, const Block *orelse)
{
    int done = l->done_block;
    if (!orelse->n) {
        if (cond_exits)
            edge_push(b, &l->breaks, cond_block, l->head);
        bld_join_at(b, l->exit_block, &l->breaks);
        return;
    }
    EdgeList finished = {0};
    if (cond_exits)
        edge_push(b, &finished, cond_block, l->head);
    bld_join_at(b, done, &finished);
    bld_block(b, orelse);
    bld_jump_to(b, l->exit_block, &l->breaks);
    bld_join_at(b, l->exit_block, &l->breaks);
}

/* `while True:` (or `while 1:`) leaves only by break or return: no edge to the exit. */
static bool always_true(const Expr *e)
{
    return (e->kind == EX_BOOL && e->bval) || (e->kind == EX_INT && e->ival != 0);
}

static void bld_while(Builder *b, const Stmt *s)
{
    Loop l = bld_open_loop(b, s, &s->while_.orelse, false);
    bool forever = always_true(s->while_.cond);
    if (forever) {
        ir_br(b->f, l.body_block);
    } else {
        IrValue c = bld_condition(b, s->while_.cond);
        ir_cbr(b->f, c, l.body_block, l.done_block);
    }
    int cond_block = b->f->cur;
    ir_set_block(b->f, l.body_block);
    bld_loop_body(b, &l, &s->while_.body);
    b->dead = l.entered_dead;
    bld_leave_loop(b, &l, cond_block, !forever && !l.entered_dead, &s->while_.orelse);
}

/* The arguments of range(...): start, stop, step as values of one integer type. */
bool bld_range_bounds(Builder *b, const Expr *call, IrValue out[3], Operand *step)
{
    int n = call->call.nargs;
    if (n < 1 || n > 3 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "range() takes 1 to 3 positional arguments");
        return false;
    }
    Operand ops[3];
    for (int i = 0; i < n; i++) {
        ops[i] = bld_expr(b, call->call.args[i]);
        IrValue v = bld_value_of(b, ops[i], call->call.args[i]->loc);
        const Type *ti = ir_type(b->f, v);
        if (ti->kind == TY_ERROR) { /* keep lowering the body: its own errors still count */
            ops[i] = bld_const_int_operand(b, ty_scalar(TY_INT64), 1, true, call->call.args[i]->loc);
            ti = ops[i].type;
        }
        if (!ty_is_int(ti) && !ty_is_bool(ti)) {
            diag_error(&b->diag, call->call.args[i]->loc, "range() arguments must be integers, not %s",
                       bld_type_name(b, ti));
            return false;
        }
        ops[i].type = ti;
    }
    bld_keep_literal_values((Operand *[]){&ops[0], &ops[1], &ops[2]}, n);
    const Type *t = ops[0].type;
    bool weak = ops[0].weak;
    for (int i = 1; i < n; i++) {
        t = ty_promote(t, weak, ops[i].type, ops[i].weak);
        weak = weak && ops[i].weak;
    }
    if (ty_is_bool(t))
        t = ty_scalar(TY_INT64);
    Operand start = n >= 2 ? ops[0] : bld_const_int_operand(b, t, 0, true, call->loc);
    Operand stop = n >= 2 ? ops[1] : ops[0];
    *step = n == 3 ? ops[2] : bld_const_int_operand(b, t, 1, true, call->loc);
    out[0] = bld_cast_value(b, start.v, t, call->loc);
    out[1] = bld_cast_value(b, stop.v, t, call->loc);
    out[2] = bld_cast_value(b, step->v, t, call->loc);
    return true;
}

/* Whether f may name range or prange: a name, or an attribute of that name (numba.prange); a
 * method (d.items()) does not, and is not evaluated to find out. */
bool bld_may_name_range(const Expr *f)
{
    return f->kind != EX_ATTR || strcmp(f->attr.name, "range") == 0 || strcmp(f->attr.name, "prange") == 0;
}

bool bld_is_range_call(Builder *b, const Expr *e)
{
    if (e->kind != EX_CALL || bld_is_literal_unroll(e) || !bld_may_name_range(e->call.func))
        return false;
    Operand f = bld_expr(b, e->call.func);
    return f.kind == OPK_BUILTIN && (f.builtin == BI_RANGE || f.builtin == BI_PRANGE);
}

/* The unsigned integer type as wide as the integer type t. */
const Type *bld_unsigned_like(const Type *t)
{
    return ty_is_unsigned(t) ? t : ty_scalar((TypeKind)(t->kind - TY_INT8 + TY_UINT8));
}

/* A zero step is a compile error when it is a constant (false), else a ValueError at run time. */
bool bld_check_range_step(Builder *b, const Expr *call, Operand step, IrValue step_value)
{
    SrcLoc loc = call->loc;
    if (step.is_const && step.ci == 0) {
        diag_error(&b->diag, call->call.args[2]->loc, "range() arg 3 must not be zero");
        return false;
    }
    if (step.is_const)
        return true;
    int ok = ir_new_block(b->f), bad = ir_new_block(b->f);
    IrValue args[2] = {step_value, ir_const_int(b->f, ir_type(b->f, step_value), 0, loc)};
    IrValue isz = ir_emit(b->f, IR_CMP, OP_EQ, ty_scalar(TY_BOOL), args, 2, loc);
    ir_cbr(b->f, isz, bad, ok);
    ir_set_block(b->f, bad);
    ir_raise(b->f, EXC_VALUE, "range() arg 3 must not be zero", loc);
    ir_set_block(b->f, ok);
    return true;
}

/* for target in range(start, stop, step), lowered as Numba does: the trip count is computed
 * first, then a hidden counter k runs up to it while a hidden value i steps from start.
 * Every i the body sees is in the range, so i += step never overflows there (nsw/nuw: only
 * the value after the last iteration may wrap, and it is never used). With a step of 1 (or -1
 * on a signed type) the value is its own counter, i < stop (or i > stop), and never wraps at
 * all: then LLVM bounds i on both sides from the exit test, which drops negative-index checks
 * (a[j - 1]) and keeps loops vectorizable. */
static void bld_for(Builder *b, const Stmt *s)
{
    const Expr *it = s->for_.iter, *target = s->for_.target;
    if (target->kind != EX_NAME) {
        diag_error(&b->diag, target->loc, "the target of a range loop must be a name");
        return;
    }
    IrValue bound[3];
    Operand step;
    if (!bld_range_bounds(b, it, bound, &step))
        return;
    const Type *t = ir_type(b->f, bound[0]), *ut = bld_unsigned_like(t);
    SrcLoc loc = it->loc;
    if (!bld_check_range_step(b, it, step, bound[2]))
        return;
    bool unit = step.is_const && (step.ci == 1 || (step.ci == -1 && ty_is_signed(t)));
    IrValue count = unit ? IR_NOVALUE : ir_emit(b->f, IR_RANGE_COUNT, 0, ut, bound, 3, loc);
    int k = unit ? -1 : ir_new_local(b->f, "$k", ut), value = ir_new_local(b->f, "$i", t);
    if (!unit)
        ir_store(b->f, k, ir_const_int(b->f, ut, 0, loc), loc);
    ir_store(b->f, value, bound[0], loc);
    Loop l = bld_open_loop(b, s, &s->for_.orelse, true);
    IrValue cmp[2] = {unit ? ir_load(b->f, value, loc) : ir_load(b->f, k, loc), unit ? bound[1] : count};
    AstOp more = unit && step.ci < 0 ? OP_GT : OP_LT;
    ir_cbr(b->f, ir_emit(b->f, IR_CMP, more, ty_scalar(TY_BOOL), cmp, 2, loc), l.body_block, l.done_block);
    int cond_block = b->f->cur;

    ir_set_block(b->f, l.body_block);
    bld_assign_var(b, target->name, bld_value_operand(ir_load(b->f, value, loc), t), target->loc);
    bld_loop_body(b, &l, &s->for_.body);

    ir_set_block(b->f, l.cont_block); /* the counters are not variables: no bindings change here */
    if (!unit) {
        IrValue inc_k[2] = {ir_load(b->f, k, loc), ir_const_int(b->f, ut, 1, loc)};
        IrValue next_k = ir_emit(b->f, IR_BIN, IB_ADD, ut, inc_k, 2, loc);
        ir_last(b->f)->flags |= IRF_NUW;
        ir_store(b->f, k, next_k, loc);
    }
    IrValue inc_i[2] = {ir_load(b->f, value, loc), bound[2]};
    IrValue next_i = ir_emit(b->f, IR_BIN, IB_ADD, t, inc_i, 2, loc);
    if (ty_is_signed(t) || unit) /* unsigned with a negative step wraps on every step */
        ir_last(b->f)->flags |= ty_is_signed(t) ? IRF_NSW : IRF_NUW;
    ir_store(b->f, value, next_i, loc);
    ir_br(b->f, l.head_block);
    b->dead = l.entered_dead;
    bld_leave_loop(b, &l, cond_block, !l.entered_dead, &s->for_.orelse);
}

static void bld_jump(Builder *b, const Stmt *s)
{
    bool brk = s->kind == ST_BREAK;
    if (!b->nloops) {
        diag_error(&b->diag, s->loc, "'%s' outside loop", brk ? "break" : "continue");
        return;
    }
    Loop *l = &b->loops[b->nloops - 1];
    if (brk) {
        bld_jump_to(b, l->exit_block, &l->breaks);
    } else if (l->unrolled) {
        bld_jump_to(b, l->cont_block, &l->conts);
    } else if (!b->dead) {
        back_edge(b, l);
        ir_br(b->f, l->cont_block);
    }
    start_dead_block(b);
}


bool bld_writable(Builder *b, IrValue array, SrcLoc loc)
{
    const Type *t = ir_type(b->f, array);
    if (t->kind != TY_ARRAY || !t->readonly)
        return true;
    diag_error(&b->diag, loc,
               "cannot write into %s: the array is read-only (a module-level NumPy array, frozen into the "
               "compiled code as Numba freezes it, or a read-only argument); copy it (A.copy()) to change it",
               bld_type_name(b, t));
    return false;
}

static void assign_elem(Builder *b, const Expr *t, Operand val, SrcLoc loc)
{
    Operand base = bld_unwrap_optional(b, bld_expr(b, t->subscript.value), t->subscript.value->loc);
    IrValue a = bld_value_of(b, base, t->subscript.value->loc);
    if (ir_type(b->f, a)->kind == TY_LIST) { /* build_list.c */
        bld_list_store(b, t, a, val, loc);
        return;
    }
    if (ty_is_hash(ir_type(b->f, a))) { /* build_dict.c */
        bld_dict_store(b, t, a, val, loc);
        return;
    }
    Subscript s;
    if (bld_subscript_items(b, t, a, &s) && val.kind != OPK_ERROR)
        bld_subscript_store(b, a, &s, val, t, loc);
}

static void unpack_tuple(Builder *b, const Expr *t, Operand val, SrcLoc loc)
{
    IrValue x = bld_value_of(b, val, loc);
    const Type *xt = ir_type(b->f, x);
    if (xt->kind == TY_ERROR) { /* every target becomes poison, so later uses stay quiet */
        for (int i = 0; i < t->seq.n; i++)
            bld_assign_target(b, t->seq.items[i], bld_error_operand(b), loc);
        return;
    }
    if (bld_unpack_sequence(b, t, x, loc)) /* a, b = arr (a range, a list): build_unpack.c */
        return;
    if (xt->kind != TY_TUPLE || xt->tag || xt->n != t->seq.n) {
        if (xt->kind == TY_TUPLE && !xt->tag)
            diag_error(&b->diag, t->loc, "cannot unpack a tuple of %d values into %d targets", xt->n,
                       t->seq.n);
        else
            diag_error(&b->diag, t->loc, "cannot unpack %s: it is not a tuple", bld_type_name(b, xt));
        return;
    }
    if (ty_holds_arrays(xt) && !b->spec->device) { /* a, b = b, a: the tuple keeps both alive meanwhile */
        int held = ir_new_local(b->f, "$unpack", xt);
        ir_store(b->f, held, x, loc);
    }
    for (int i = 0; i < t->seq.n; i++) {
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, xt->elems[i], &x, 1, loc);
        ir_last(b->f)->imm.index = i;
        bld_assign_target(b, t->seq.items[i], bld_value_operand(e, xt->elems[i]), loc);
    }
}

void bld_assign_target(Builder *b, const Expr *t, Operand val, SrcLoc loc)
{
    switch (t->kind) {
    case EX_NAME: bld_assign_var(b, t->name, val, t->loc); break;
    case EX_SUBSCRIPT: assign_elem(b, t, val, loc); break;
    case EX_TUPLE:
    case EX_LIST: unpack_tuple(b, t, val, loc); break;
    default: diag_error(&b->diag, t->loc, "cannot assign to this expression"); break;
    }
}

/* del d[k] of a dict (build_dict.c), else del of list items (build_list.c) */
bool bld_checking_unknown_params(const Builder *b)
{
    for (int i = 0; i < b->spec->nparams; i++)
        if (b->spec->params[i]->kind == TY_ERROR)
            return true;
    return false;
}

static void bld_del(Builder *b, const Stmt *s)
{
    const Expr *e = s->expr;
    if (e->kind != EX_TUPLE) {
        if (!bld_dict_del(b, e))
            bld_list_del(b, s);
        return;
    }
    for (int i = 0; i < e->seq.n; i++) {
        if (bld_dict_del(b, e->seq.items[i]))
            continue;
        Stmt one = *s;
        one.expr = e->seq.items[i];
        bld_list_del(b, &one);
    }
}

static void bld_augassign(Builder *b, const Stmt *s)
{
    const Expr *t = s->augassign.target;
    if (bld_list_augassign(b, s)) /* l += m, l *= n, l[i] += x: build_list.c */
        return;
    if (bld_dict_augassign(b, s)) /* s |= t, ...: build_dict.c */
        return;
    if (t->kind == EX_NAME) {
        Operand cur = bld_expr(b, t);
        if (bld_is_arraylike(cur)) { /* NumPy's in-place operators write into the array */
            bld_array_augassign(b, s, cur);
            return;
        }
        Operand val = bld_expr(b, s->augassign.value);
        bld_assign_var(b, t->name, bld_binary_op(b, s->augassign.op, cur, val, s->loc), s->loc);
        return;
    }
    if (t->kind != EX_SUBSCRIPT) {
        diag_error(&b->diag, t->loc, "cannot assign to this expression");
        return;
    }
    IrValue a = bld_value_of(b, bld_expr(b, t->subscript.value), t->subscript.value->loc);
    Subscript sub;
    if (!bld_subscript_items(b, t, a, &sub) || !bld_writable(b, a, t->loc))
        return;
    Operand cur = bld_subscript_load(b, a, &sub, t->loc);
    if (cur.kind == OPK_VALUE && cur.type->kind == TY_ARRAY && sub.array < 0) { /* a view: in place */
        bld_array_augassign(b, s, cur);
        return;
    }
    Operand val = bld_expr(b, s->augassign.value);
    Operand r = cur.kind == OPK_VALUE && cur.type->kind == TY_ARRAY
                    ? bld_array_augmented(b, s, cur, val)
                    : bld_binary_op(b, s->augassign.op, cur, val, s->loc);
    if (r.kind != OPK_ERROR)
        bld_subscript_store(b, a, &sub, r, t, s->loc);
}

static void bld_for_stmt(Builder *b, const Stmt *s)
{
    if (!(s = bld_map_loop(b, s))) /* for x in map(f, a): build_map.c */
        return;
    if (s->for_.iter->kind == EX_CALL && s->for_.iter->call.star) {
        bld_refuse_star(b, s->for_.iter);
        return;
    }
    if (bld_is_parallel_prange(b, s)) {
        bld_prange(b, s);
        bld_block(b, &s->for_.orelse); /* no break leaves a prange loop: its else always runs */
    } else if (bld_is_range_call(b, s->for_.iter) && !bld_is_literal_index_range(b, s->for_.iter)) {
        bld_for(b, s);
    } else {
        bld_for_iterable(b, s);
    }
}

static void bld_stmt(Builder *b, const Stmt *s)
{
    switch (s->kind) {
    case ST_EXPR: { /* an array expression is computed even when nothing uses it: it may raise */
        Operand o = bld_expr(b, s->expr);
        if (o.kind == OPK_ARRAYEXPR)
            bld_value_of(b, o, s->expr->loc);
        break;
    }
    case ST_ASSIGN: {
        Operand val = bld_expr(b, s->assign.value);
        for (int i = 0; i < s->assign.ntargets; i++)
            bld_assign_target(b, s->assign.targets[i], val, s->assign.value->loc);
        break;
    }
    case ST_AUGASSIGN: bld_augassign(b, s); break;
    case ST_IF: bld_if(b, s); break;
    case ST_WHILE: bld_while(b, s); break;
    case ST_FOR: bld_for_stmt(b, s); break;
    case ST_BREAK:
    case ST_CONTINUE: bld_jump(b, s); break;
    case ST_RETURN: bld_return(b, s); break;
    case ST_PASS: break;
    case ST_RAISE: bld_raise(b, s); break;
    case ST_ASSERT: bld_assert(b, s); break;
    case ST_TRY: bld_try(b, s); break;
    case ST_DEF: bld_def_stmt(b, s); break;
    case ST_DEL: bld_del(b, s); break;
    case ST_OBJMODE: bld_objmode(b, s); break;
    }
}

void bld_block(Builder *b, const Block *blk)
{
    for (int i = 0; i < blk->n; i++) {
        bool was_dead = b->dead;
        bld_stmt(b, blk->items[i]);
        if (b->dead && !was_dead) /* after a return, raise, break or continue: never reached, never */
            return;               /* typed (Numba drops such code, `if x is None: return` pruned too) */
    }
}

/* ---- the function ---- */

static void mark_reachable(const IrFunc *f, int id, bool *seen)
{
    if (seen[id])
        return;
    seen[id] = true;
    const IrBlock *bl = f->blocks[id];
    if (bl->term == IT_BR || bl->term == IT_CBR)
        mark_reachable(f, bl->then, seen);
    if (bl->term == IT_CBR)
        mark_reachable(f, bl->els, seen);
    if (bl->handler) /* an exception raised here goes to the except clause */
        mark_reachable(f, bl->handler, seen);
}

/* Blocks still open at the end either fall off the function (an implicit `return None`) or
 * are dead code. */
static void close_function(Builder *b)
{
    IrFunc *f = b->f;
    bool *seen = arena_alloc(b->pass_arena, (size_t)f->nblocks);
    mark_reachable(f, 0, seen);
    for (int i = 0; i < f->nblocks; i++) {
        IrBlock *bl = f->blocks[i];
        if (bl->term != IT_NONE)
            continue;
        if (!seen[i]) {
            bl->term = IT_UNREACHABLE;
            continue;
        }
        bl->term = IT_RET;
        bl->retval = IR_NOVALUE;
        if (b->kept.ret && ty_is_optional(b->kept.ret)) { /* falls off its end: returns an Optional's None */
            int saved = f->cur;
            f->cur = i;
            bl->term = IT_NONE;
            ir_ret(f, bld_optional_none(b, b->kept.ret, b->def->loc), b->def->loc);
            f->cur = saved;
        }
        b->none_return_seen = true;
    }
    const Type *rt = b->spec->ret_fixed ? b->spec->ret : b->kept.ret;
    if (b->value_return_seen && b->none_return_seen && rt && !b->spec->ret_fixed &&
        (ty_is_scalar(rt) || rt->kind == TY_ARRAY || rt->kind == TY_LIST)) {
        /* values on some paths, None on others: Numba's Optional; the next pass returns it */
        b->kept.ret = b->spec->ret = ty_optional(&b->p->types, rt);
        b->changed = true;
    }
    if (b->value_return_seen && b->none_return_seen && rt && rt->kind != TY_NONE && !ty_is_optional(rt))
        diag_error(&b->diag, b->def->loc,
                   "function '%s' returns %s on some paths and None on others (it may fall off its end)",
                   b->def->name, bld_type_name(b, rt));
    if (!rt)
        rt = b->value_return_seen ? ty_scalar(TY_ERROR) : ty_scalar(TY_NONE);
    if (b->spec->func->kind == FK_CUDA_KERNEL && b->value_return_seen && !b->spec->untyped) /* as a device function it may */
        diag_error(&b->diag, b->def->loc, "a @cuda.jit kernel returns nothing: write results into an array");
    f->ret = rt;
}

/* The IR function takes the parameters that have run-time values; a compile-time argument (a type,
 * a function, a literal: TY_COMPTIME) is only in the spec's key, and its parameter is bound to
 * what it stands for. */
static void bind_params(Builder *b)
{
    const Type **runtime = arena_alloc(b->pass_arena, sizeof *runtime * (size_t)(b->spec->nparams + 1));
    int n = 0;
    for (int i = 0; i < b->spec->nparams; i++)
        if (b->spec->params[i]->kind != TY_COMPTIME)
            runtime[n++] = b->spec->params[i];
    b->f = ir_func_new(b->pass_arena, b->spec->name, runtime, n);
    n = 0;
    for (int i = 0; i < b->def->nparams; i++) {
        const Param *prm = &b->def->params[i];
        const Type *t = b->spec->params[i];
        if (t->kind == TY_COMPTIME) {
            bind_comptime(b, bld_find_var(b, prm->name), t);
            continue;
        }
        IrValue v = ir_emit(b->f, IR_PARAM, 0, t, NULL, 0, prm->loc);
        ir_last(b->f)->imm.index = n++;
        bld_assign_var(b, prm->name, bld_value_operand(v, t), prm->loc);
    }
}

static void run_pass(Builder *b)
{
    b->pass_arena = arena_scratch(arena_heap(b->p->arena));
    diag_init(&b->diag, b->pass_arena);
    b->changed = false;
    b->recursion_pending = false;
    b->untyped.recursive_return = b->untyped.typed_return = false;
    b->value_return_seen = b->none_return_seen = false;
    b->nloops = 0;
    b->dead = false;
    for (int i = 0; i < b->kept.nvars; i++)
        b->kept.vars[i] = (Var){.name = b->kept.vars[i].name};
    b->env = arena_alloc(b->pass_arena, sizeof *b->env * (size_t)(b->kept.nvars ? b->kept.nvars : 1));
    bld_list_pass_start(b);
    for (int i = 0; i < b->def->nparams; i++)
        if (b->def->params[i].dstar) /* parsed for decorator factories (program.c), never compiled */
            diag_error(&b->diag, b->def->params[i].loc, "'**kwargs' parameters are not supported in krn");
    bind_params(b);
    bld_block(b, &b->def->body);
    close_function(b);
}

static void keep_errors(Builder *b)
{
    diag_init(&b->spec->errors, b->p->arena);
    for (int i = 0; i < b->diag.n; i++) {
        const DiagItem *it = &b->diag.items[i];
        diag_report(&b->spec->errors, it->severity, it->loc, "%s", it->message);
    }
}

void bld_spec(Program *p, Spec *s)
{
    const FuncDef *def = s->func->def;
    if (s->func->kind == FK_STENCIL && !(def = bld_stencil_def(p, s)))
        return;
    Builder b = {.p = p, .spec = s, .def = def, .opts = &s->func->opts};
    b.kept.ret = s->ret_fixed ? s->ret : NULL;
    for (int i = 0; i < b.def->nparams; i++)
        declare_var(&b, b.def->params[i].name);
    bld_bound_names(&b.def->body, declare_bound, &b);
    bld_list_prepare(&b);
    for (int pass = 0;; pass++) {
        run_pass(&b);
        if (!b.changed || pass == MAX_PASSES) {
            if (b.changed)
                diag_error(&b.diag, b.def->loc, "type inference for '%s' did not converge", b.def->name);
            else if (b.recursion_pending && !b.diag.errors)
                diag_error(&b.diag, b.recursion_loc, "cannot infer the return type of the recursive call "
                           "to '%s': no return without recursion comes first", b.def->name);
            bld_untyped_recursion_check(&b);
            break;
        }
        arena_free(b.pass_arena);
    }
    if (!s->device && !b.diag.errors)
        bld_refuse_host_float16(&b);
    if (s->device && !b.diag.errors)
        bld_refuse_device_str(&b); /* build_str.c */
    keep_errors(&b);
    if (b.diag.errors) {
        s->state = SPEC_FAILED;
        arena_free(b.pass_arena);
        return;
    }
    /* The final pass's IR is the result: its pass arena stays alive as the spec's ir_arena,
     * which prog_free frees with the program. */
    s->ret = b.f->ret;
    s->ir = b.f;
    s->ir_arena = b.pass_arena;
    arena_keep(s->ir_arena);
    s->state = SPEC_READY;
}
