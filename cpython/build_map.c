/* build_map.c — map(f, iterable, ...) as the iterable of a for loop, of a comprehension and of
 * list(), as Numba iterates it: f applied to the items, in step, stopping at the shortest.
 *
 *     for T in map(f, A): BODY            is built as   for $m0 in A: T = f($m0); BODY
 *     for T in map(f, A, B): BODY         is built as   for $m0, $m1 in zip(A, B): T = f($m0, $m1); BODY
 *
 * The hidden variables $m are declared before the first pass (bld_map_declare, from
 * build_list.c's walk, which also sees the loops comprehensions make); the loop written out is
 * made once per loop and kept (Builder.map_loops), so the loop's types carry across passes. */
#include "builder/build.h"

#include <string.h>

typedef struct MapLoop {
    const Stmt *from; /* the loop over map(...) */
    const Stmt *as;   /* the loop written out */
} MapLoop;

/* The builtin map: a call of the name that neither the function nor the module binds. */
static bool is_map_call(Builder *b, const Expr *e)
{
    return e->kind == EX_CALL && bld_builtin_name(b, e->call.func, "map");
}

static const char *item_name(Builder *b, const Expr *call, int k)
{
    return arena_printf(b->p->arena, "$map.%d.%d.%d", call->loc.line, call->loc.col, k);
}

void bld_map_declare(Builder *b, const Expr *call)
{
    if (!is_map_call(b, call))
        return;
    for (int k = 0; k + 1 < call->call.nargs; k++)
        bld_declare_var(b, item_name(b, call, k));
}

static Expr *call_of(Builder *b, Expr *func, Expr **args, int n, SrcLoc loc)
{
    Expr *c = bld_syn_expr(b, EX_CALL, loc);
    c->call.func = func;
    c->call.args = args;
    c->call.nargs = n;
    return c;
}

static const Stmt *written_out(Builder *b, const Stmt *s)
{
    const Expr *call = s->for_.iter;
    SrcLoc loc = call->loc;
    int n = call->call.nargs - 1;
    Expr **items = arena_alloc(b->p->arena, sizeof *items * (size_t)n);
    Expr **args = arena_alloc(b->p->arena, sizeof *args * (size_t)n);
    for (int k = 0; k < n; k++) {
        items[k] = bld_syn_name(b, item_name(b, call, k), loc);
        args[k] = bld_syn_name(b, item_name(b, call, k), loc);
    }
    Stmt *loop = bld_syn_stmt(b, ST_FOR, s->loc);
    if (n == 1) {
        loop->for_.target = items[0];
        loop->for_.iter = call->call.args[1];
    } else {
        Expr *t = bld_syn_expr(b, EX_TUPLE, loc);
        t->seq.items = items;
        t->seq.n = n;
        loop->for_.target = t;
        loop->for_.iter = call_of(b, bld_syn_name(b, "zip", loc), call->call.args + 1, n, loc);
    }
    Stmt *apply = bld_syn_stmt(b, ST_ASSIGN, s->for_.target->loc);
    apply->assign.targets = arena_alloc(b->p->arena, sizeof *apply->assign.targets);
    apply->assign.targets[0] = s->for_.target;
    apply->assign.ntargets = 1;
    apply->assign.value = call_of(b, call->call.args[0], args, n, loc);
    const Block *body = &s->for_.body;
    loop->for_.body.items = arena_alloc(b->p->arena, sizeof *loop->for_.body.items * (size_t)(body->n + 1));
    loop->for_.body.items[0] = apply;
    memcpy(loop->for_.body.items + 1, body->items, sizeof *body->items * (size_t)body->n);
    loop->for_.body.n = body->n + 1;
    loop->for_.orelse = s->for_.orelse;
    return loop;
}

const Stmt *bld_map_loop(Builder *b, const Stmt *s)
{
    const Expr *call = s->for_.iter;
    if (!is_map_call(b, call))
        return s;
    if (call->call.nkws || call->call.star || call->call.nargs < 2) {
        diag_error(&b->diag, call->loc, "map() takes a function and one or more iterables, by position");
        return NULL;
    }
    for (int i = 0; i < b->kept.nmap_loops; i++)
        if (b->kept.map_loops[i].from == s)
            return b->kept.map_loops[i].as;
    MapLoop m = {.from = s, .as = written_out(b, s)};
    ARR_PUSH(b->p->arena, b->kept.map_loops, b->kept.nmap_loops, b->kept.capmap_loops, m);
    return m.as;
}
