/* build_syntax.c — syntax the builder makes itself: the bodies of the functions it outlines
 * (prange loops, build_prange.c; fused array expressions, build_array.c). Nodes live in the
 * program's arena, like the parsed module's, because the outlined functions outlive a pass. */
#include "build.h"

#include <string.h>

Expr *bld_syn_expr(Builder *b, ExprKind k, SrcLoc loc)
{
    Expr *e = arena_alloc(b->p->arena, sizeof *e);
    memset(e, 0, sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

Expr *bld_syn_name(Builder *b, const char *name, SrcLoc loc)
{
    Expr *e = bld_syn_expr(b, EX_NAME, loc);
    e->name = name;
    return e;
}

Expr *bld_syn_binop(Builder *b, AstOp op, Expr *l, Expr *r)
{
    Expr *e = bld_syn_expr(b, EX_BINOP, l->loc);
    e->binop.op = op;
    e->binop.lhs = l;
    e->binop.rhs = r;
    return e;
}

Stmt *bld_syn_stmt(Builder *b, StmtKind k, SrcLoc loc)
{
    Stmt *s = arena_alloc(b->p->arena, sizeof *s);
    memset(s, 0, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

ProgFunc *bld_syn_function(Builder *b, const char *name, SrcLoc loc, const char **params, int nparams, Stmt **body,
                           int nbody, FuncKind kind)
{
    Program *p = b->p;
    FuncDef *def = arena_alloc(p->arena, sizeof *def);
    memset(def, 0, sizeof *def);
    def->name = name;
    def->loc = loc;
    def->params = arena_alloc(p->arena, sizeof *def->params * (size_t)(nparams ? nparams : 1));
    for (int i = 0; i < nparams; i++)
        def->params[i] = (Param){.name = params[i], .loc = loc};
    def->nparams = nparams;
    def->body.items = body;
    def->body.n = nbody;
    ProgFunc *f = arena_alloc(p->arena, sizeof *f);
    memset(f, 0, sizeof *f);
    f->def = def;
    f->kind = kind;
    f->opts = *b->opts;
    f->opts.parallel = false; /* what an outlined function holds runs on one thread */
    ARR_PUSH(p->arena, p->outlined, p->noutlined, p->capoutlined, f);
    return f;
}
