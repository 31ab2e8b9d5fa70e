/* build_closure.c — functions made inside compiled functions, and how calls bind their
 * arguments.
 *
 * An inner `def` or a `lambda` of a compiled function becomes a function of its own (a ProgFunc
 * made here, typed like any other, once per definition and enclosing function). As in Numba,
 * where such functions do not escape:
 *
 *   - it is a compile-time value (TY_COMPTIME), like a module function passed as an argument:
 *     it can be called, assigned to a variable, and, when it reads no variable of the enclosing
 *     function, passed to other compiled functions (Numba's MakeFunctionToJitFunction);
 *   - a closure reads variables of the enclosing function (its captures: the names its body
 *     reads that the enclosing function binds and it does not). They are its last parameters,
 *     filled at each call with the variables' values at that point, so it can be called only
 *     where those variables are: inside the function that defines it. Returning it or passing it
 *     to another function is an error, as in Numba.
 *
 * bld_bind_call_args orders a call's arguments by the callee's parameters: positional ones,
 * `f(a, *t)` (the tuple t unpacked), keywords, defaults, a `*args` parameter (the extra
 * positional arguments as one tuple), and a closure's captures. */
#include <string.h>

#include "build.h"

enum { MAX_NAMES = 128, MAX_ARGS = 32 };

typedef struct Names {
    const char *items[MAX_NAMES];
    int n;
} Names;

static bool names_has(const Names *s, const char *name)
{
    for (int i = 0; i < s->n; i++)
        if (strcmp(s->items[i], name) == 0)
            return true;
    return false;
}

static void names_add(Names *s, const char *name)
{
    if (!names_has(s, name) && s->n < MAX_NAMES)
        s->items[s->n++] = name;
}

/* ---- what a body binds and reads ---- */

static void bound_target(Names *s, const Expr *t)
{
    if (t->kind == EX_NAME)
        names_add(s, t->name);
    else if (t->kind == EX_TUPLE || t->kind == EX_LIST)
        for (int i = 0; i < t->seq.n; i++)
            bound_target(s, t->seq.items[i]);
}

/* Python's scoping: a name bound anywhere in a function's body is local to it. */
static void bound_block(Names *s, const Block *blk)
{
    for (int i = 0; i < blk->n; i++) {
        const Stmt *st = blk->items[i];
        switch (st->kind) {
        case ST_ASSIGN:
            for (int k = 0; k < st->assign.ntargets; k++)
                bound_target(s, st->assign.targets[k]);
            break;
        case ST_AUGASSIGN: bound_target(s, st->augassign.target); break;
        case ST_FOR:
            bound_target(s, st->for_.target);
            bound_block(s, &st->for_.body);
            bound_block(s, &st->for_.orelse);
            break;
        case ST_WHILE: bound_block(s, &st->while_.body); bound_block(s, &st->while_.orelse); break;
        case ST_IF: bound_block(s, &st->if_.body); bound_block(s, &st->if_.orelse); break;
        case ST_DEF: names_add(s, st->def->name); break;
        default: break;
        }
    }
}

static void reads_block(Names *s, const Block *blk);

static void reads_expr(Names *s, const Expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case EX_NAME: names_add(s, e->name); break;
    case EX_BINOP:
    case EX_BOOLOP: reads_expr(s, e->binop.lhs); reads_expr(s, e->binop.rhs); break;
    case EX_UNARY: reads_expr(s, e->unary.operand); break;
    case EX_COMPARE:
        for (int i = 0; i < e->compare.n; i++)
            reads_expr(s, e->compare.operands[i]);
        break;
    case EX_IFEXP: reads_expr(s, e->ifexp.cond); reads_expr(s, e->ifexp.then); reads_expr(s, e->ifexp.els); break;
    case EX_CALL:
        reads_expr(s, e->call.func);
        for (int i = 0; i < e->call.nargs; i++)
            reads_expr(s, e->call.args[i]);
        for (int i = 0; i < e->call.nkws; i++)
            reads_expr(s, e->call.kws[i].value);
        reads_expr(s, e->call.star);
        break;
    case EX_ATTR: reads_expr(s, e->attr.value); break;
    case EX_SUBSCRIPT: reads_expr(s, e->subscript.value); reads_expr(s, e->subscript.index); break;
    case EX_TUPLE:
    case EX_LIST:
        for (int i = 0; i < e->seq.n; i++)
            reads_expr(s, e->seq.items[i]);
        break;
    case EX_SLICE: reads_expr(s, e->slice.lo); reads_expr(s, e->slice.hi); reads_expr(s, e->slice.step); break;
    case EX_LAMBDA: { /* what a lambda inside reads, but its own parameters */
        Names inner = {0};
        reads_expr(&inner, e->lambda.body);
        for (int i = 0; i < inner.n; i++) {
            bool param = false;
            for (int k = 0; k < e->lambda.nparams; k++)
                param |= strcmp(e->lambda.params[k].name, inner.items[i]) == 0;
            if (!param)
                names_add(s, inner.items[i]);
        }
        break;
    }
    default: break;
    }
}

static void reads_block(Names *s, const Block *blk)
{
    for (int i = 0; i < blk->n; i++) {
        const Stmt *st = blk->items[i];
        switch (st->kind) {
        case ST_EXPR:
        case ST_DEL: reads_expr(s, st->expr); break;
        case ST_ASSIGN:
            for (int k = 0; k < st->assign.ntargets; k++)
                reads_expr(s, st->assign.targets[k]);
            reads_expr(s, st->assign.value);
            break;
        case ST_AUGASSIGN: reads_expr(s, st->augassign.target); reads_expr(s, st->augassign.value); break;
        case ST_IF:
            reads_expr(s, st->if_.cond);
            reads_block(s, &st->if_.body);
            reads_block(s, &st->if_.orelse);
            break;
        case ST_WHILE:
            reads_expr(s, st->while_.cond);
            reads_block(s, &st->while_.body);
            reads_block(s, &st->while_.orelse);
            break;
        case ST_FOR:
            reads_expr(s, st->for_.iter);
            reads_block(s, &st->for_.body);
            reads_block(s, &st->for_.orelse);
            break;
        case ST_RETURN: reads_expr(s, st->ret); break;
        case ST_DEF: /* a def inside reads through this one: what it needs, this one captures */
            for (int k = 0; k < st->def->nparams; k++)
                reads_expr(s, st->def->params[k].default_value);
            reads_block(s, &st->def->body);
            break;
        default: break;
        }
    }
}

/* ---- the inner function ---- */

/* A variable that holds a closure of the same function: what that closure reads is read too, so
 * that a sibling can call it (`def inner2(x): return inner(x)`). */
static void add_closure_captures(Builder *b, Names *caps, const char *name)
{
    Var *v = bld_find_var(b, name);
    const Type *t = b->env[bld_var_index(b, v)].type;
    if (!t || t->kind != TY_COMPTIME || !t->payload || t->dtype)
        return;
    const Operand *o = t->payload;
    if (o->kind != OPK_FUNC || !o->func->ncaptures || o->func->enclosing != b->def)
        return;
    for (int i = 0; i < o->func->ncaptures; i++)
        names_add(caps, o->func->captures[i]);
}

int bld_closure_captures(Builder *b, const char *name, const char **out, int room)
{
    Names caps = {0};
    if (bld_find_var(b, name))
        add_closure_captures(b, &caps, name);
    int n = caps.n < room ? caps.n : room;
    memcpy(out, caps.items, sizeof *out * (size_t)n);
    return n;
}

/* The variables of the enclosing function (b's) that a body with these parameters reads and
 * does not bind, and those that the closures it reads read. */
static int captured_names(Builder *b, const Param *params, int nparams, const Block *body, const Expr *lambda_body,
                          const char **out)
{
    Names reads = {0}, bound = {0};
    for (int i = 0; i < nparams; i++)
        names_add(&bound, params[i].name);
    if (body) {
        bound_block(&bound, body);
        reads_block(&reads, body);
    }
    reads_expr(&reads, lambda_body);
    Names caps = {0};
    for (int i = 0; i < reads.n; i++)
        if (!names_has(&bound, reads.items[i]) && bld_find_var(b, reads.items[i])) {
            names_add(&caps, reads.items[i]);
            add_closure_captures(b, &caps, reads.items[i]);
        }
    int n = caps.n < MAX_ARGS ? caps.n : MAX_ARGS;
    memcpy(out, caps.items, sizeof *out * (size_t)n);
    return n;
}

/* A unique name made of letters, digits and '_' (symbols, compile-time keys): the enclosing
 * function's, the inner one's, and where it is defined. */
static const char *closure_key(Builder *b, const char *name, SrcLoc loc)
{
    const ProgFunc *outer = b->spec->func;
    const char *base = outer->closure_key ? outer->closure_key : outer->def->name;
    char *key = arena_printf(b->p->arena, "%s__%s_L%dC%d", base, name, loc.line, loc.col);
    for (char *c = key; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            *c = '_';
    return key;
}

static ProgFunc *find_closure(Builder *b, const void *from)
{
    for (int i = 0; i < b->p->noutlined; i++) {
        ProgFunc *f = b->p->outlined[i];
        if (f->closure_from == from && f->enclosing == b->def)
            return f;
    }
    return NULL;
}

/* The function of an inner def or lambda (its parameters, then its captures), made once per
 * definition and enclosing function. */
static ProgFunc *make_closure(Builder *b, const void *from, const char *name, SrcLoc loc, const Param *params,
                              int nparams, const Block *body, Expr *lambda_body)
{
    ProgFunc *f = find_closure(b, from);
    if (f)
        return f;
    const char *captures[MAX_ARGS], *names[2 * MAX_ARGS];
    int ncap = captured_names(b, params, nparams, body, lambda_body, captures);
    if (nparams + ncap > MAX_ARGS) {
        diag_error(&b->diag, loc, "'%s' takes %d parameters and reads %d variables of '%s': at most %d in all", name,
                   nparams, ncap, b->def->name, MAX_ARGS);
        return NULL;
    }
    for (int i = 0; i < nparams; i++)
        names[i] = params[i].name;
    for (int i = 0; i < ncap; i++)
        names[nparams + i] = captures[i];
    Stmt **stmts = body ? body->items : arena_alloc(b->p->arena, sizeof *stmts);
    int nstmts = body ? body->n : 1;
    if (!body) { /* lambda: return its expression */
        stmts[0] = bld_syn_stmt(b, ST_RETURN, lambda_body->loc);
        stmts[0]->ret = lambda_body;
    }
    f = bld_syn_function(b, name, loc, names, nparams + ncap, stmts, nstmts, FK_HOST);
    FuncDef *def = (FuncDef *)f->def;
    for (int i = 0; i < nparams; i++)
        def->params[i] = params[i];
    f->closure_from = from;
    f->closure_key = closure_key(b, name, loc);
    f->enclosing = b->def;
    f->captures = arena_alloc(b->p->arena, sizeof *f->captures * (size_t)(ncap ? ncap : 1));
    memcpy(f->captures, captures, sizeof *captures * (size_t)ncap);
    f->ncaptures = ncap;
    return f;
}

void bld_def_stmt(Builder *b, const Stmt *s)
{
    const FuncDef *d = s->def;
    ProgFunc *f = make_closure(b, s, d->name, d->loc, d->params, d->nparams, &d->body, NULL);
    bld_assign_var(b, d->name, f ? (Operand){.kind = OPK_FUNC, .func = f} : bld_error_operand(b), d->loc);
}

Operand bld_refuse_star(Builder *b, const Expr *call)
{
    diag_error(&b->diag, call->call.star->loc, "'*' unpacking of arguments is not supported in the iterable of a "
                                               "for loop in jitc: write the arguments out");
    return bld_error_operand(b);
}

Operand bld_lambda(Builder *b, const Expr *e)
{
    if (b->const_depth) { /* a module-level lambda used as a value */
        diag_error(&b->diag, e->loc, "a lambda at module level is supported only as the function of cuda.reduce "
                   "(sum_reduce = cuda.reduce(lambda a, b: a + b)); define it inside the function");
        return bld_error_operand(b);
    }
    ProgFunc *f = make_closure(b, e, "<lambda>", e->loc, e->lambda.params, e->lambda.nparams, NULL, e->lambda.body);
    return f ? (Operand){.kind = OPK_FUNC, .func = f} : bld_error_operand(b);
}

/* ---- binding a call's arguments ---- */

/* An expression that reads without side effects, so `f(*t)` may read t once per element. */
static bool pure_expr(const Expr *e)
{
    switch (e->kind) {
    case EX_NAME: case EX_INT: case EX_FLOAT: case EX_BOOL: case EX_NONE: return true;
    case EX_SLICE:
        return (!e->slice.lo || pure_expr(e->slice.lo)) && (!e->slice.hi || pure_expr(e->slice.hi)) &&
               (!e->slice.step || pure_expr(e->slice.step));
    case EX_ATTR: return pure_expr(e->attr.value);
    case EX_SUBSCRIPT: return pure_expr(e->subscript.value) && pure_expr(e->subscript.index);
    case EX_UNARY: return pure_expr(e->unary.operand);
    case EX_BINOP: return pure_expr(e->binop.lhs) && pure_expr(e->binop.rhs);
    case EX_TUPLE:
        for (int i = 0; i < e->seq.n; i++)
            if (!pure_expr(e->seq.items[i]))
                return false;
        return true;
    default: return false;
    }
}

static bool too_many_args(Builder *b, const Expr *at)
{
    diag_error(&b->diag, at->loc, "calls take at most %d arguments", MAX_ARGS);
    return false;
}

/* The elements of `*t` at a call, as expressions t[0], t[1], ... appended to pos; false after
 * an error. */
static bool unpack_star(Builder *b, const Expr *star, const Expr **pos, int *n)
{
    int room = MAX_ARGS - *n;
    if (star->kind == EX_TUPLE) { /* f(*(a, b)) */
        if (star->seq.n > room)
            return too_many_args(b, star);
        for (int i = 0; i < star->seq.n; i++)
            pos[(*n)++] = star->seq.items[i];
        return true;
    }
    if (!pure_expr(star)) {
        diag_error(&b->diag, star->loc, "jitc unpacks with '*' a tuple held in a variable or an attribute "
                                        "(f(*t), f(*a.shape)): assign the tuple to a variable first");
        return false;
    }
    Operand t = bld_expr(b, star);
    if (t.kind == OPK_ERROR || (t.kind == OPK_VALUE && t.type->kind == TY_ERROR))
        return false;
    if (t.kind != OPK_VALUE || t.type->kind != TY_TUPLE) {
        diag_error(&b->diag, star->loc, "'*' at a call unpacks a tuple, not %s",
                   t.kind == OPK_VALUE ? bld_type_name(b, t.type) : "this");
        return false;
    }
    if (t.type->n > room)
        return too_many_args(b, star);
    for (int i = 0; i < t.type->n; i++) {
        Expr *item = bld_syn_expr(b, EX_SUBSCRIPT, star->loc);
        item->subscript.value = (Expr *)star;
        item->subscript.index = bld_syn_expr(b, EX_INT, star->loc);
        item->subscript.index->ival = i;
        pos[(*n)++] = item;
    }
    return true;
}

const Expr *bld_unpack_star_call(Builder *b, const Expr *call)
{
    const Expr *pos[MAX_ARGS];
    int n = 0;
    for (int i = 0; i <= call->call.nargs; i++) {
        if (i == call->call.star_at && !unpack_star(b, call->call.star, pos, &n))
            return NULL;
        if (i < call->call.nargs && n == MAX_ARGS)
            return too_many_args(b, call), NULL;
        if (i < call->call.nargs)
            pos[n++] = call->call.args[i];
    }
    Expr *flat = bld_syn_expr(b, EX_CALL, call->loc);
    flat->call = call->call;
    flat->call.star = NULL;
    flat->call.args = arena_alloc(b->p->arena, sizeof *flat->call.args * (size_t)(n ? n : 1));
    memcpy(flat->call.args, pos, sizeof *pos * (size_t)n);
    flat->call.nargs = n;
    return flat;
}

static int star_param(const FuncDef *def, int nparams)
{
    for (int i = 0; i < nparams; i++)
        if (def->params[i].star)
            return i;
    return -1;
}

/* The extra positional arguments pos[from, n) as one tuple, for a *args parameter. */
static Expr *star_tuple(Builder *b, const Expr *call, const Expr **pos, int from, int n)
{
    Expr *t = bld_syn_expr(b, EX_TUPLE, call->loc);
    int k = n > from ? n - from : 0;
    t->seq.items = arena_alloc(b->p->arena, sizeof *t->seq.items * (size_t)(k ? k : 1));
    for (int i = 0; i < k; i++)
        t->seq.items[i] = (Expr *)pos[from + i];
    t->seq.n = k;
    return t;
}

static bool too_many(Builder *b, const Expr *call, const char *name, int nparams, int given)
{
    diag_error(&b->diag, call->loc, "%s() takes %d argument%s but %d were given", name, nparams, nparams == 1 ? "" : "s",
               given);
    return false;
}

/* The closure's captures: the enclosing function's variables of those names, read at the call. */
/* Whether the function being built reads fn's captures as fn's enclosing function has them: it is
 * that function, or a closure of it that captured them all (a sibling calling fn). */
static bool sees_captures(Builder *b, const ProgFunc *fn)
{
    const ProgFunc *self = b->spec->func;
    if (b->def == fn->enclosing)
        return true;
    if (self->outlined_from) { /* a prange body of the enclosing function: it took them as parameters */
        for (int k = 0; k < fn->ncaptures; k++) {
            bool found = false;
            for (int i = 0; i < self->def->nparams && !found; i++)
                found = strcmp(self->def->params[i].name, fn->captures[k]) == 0;
            if (!found)
                return false;
        }
        return true;
    }
    if (self->enclosing != fn->enclosing)
        return false;
    for (int k = 0; k < fn->ncaptures; k++) {
        bool found = false;
        for (int i = 0; i < self->ncaptures && !found; i++)
            found = strcmp(self->captures[i], fn->captures[k]) == 0;
        if (!found)
            return false;
    }
    return true;
}

static bool bind_captures(Builder *b, const Expr *call, const ProgFunc *fn, const Expr **order, int first)
{
    if (fn->ncaptures && !sees_captures(b, fn)) {
        diag_error(&b->diag, call->loc, "'%s' reads the variable '%s' of '%s', so it can be called only in '%s' "
                   "(closures do not escape the function that defines them, as in Numba)",
                   fn->def->name, fn->captures[0], fn->enclosing->name, fn->enclosing->name);
        return false;
    }
    for (int k = 0; k < fn->ncaptures; k++)
        order[first + k] = bld_syn_name(b, fn->captures[k], call->loc);
    return true;
}

bool bld_bind_call_args(Builder *b, const Expr *call, const ProgFunc *fn, const Expr **order, const Expr *self)
{
    const FuncDef *def = fn->def;
    const char *name = bld_library_shown_name(def->name);
    int nparams = def->nparams - fn->ncaptures, first = self != NULL, star = star_param(def, nparams);
    const Expr *pos[MAX_ARGS + 1];
    int n = 0;
    if (self)
        pos[n++] = self;
    for (int i = 0; i <= call->call.nargs && n < MAX_ARGS; i++) {
        if (call->call.star && i == call->call.star_at && !unpack_star(b, call->call.star, pos, &n))
            return false;
        if (i < call->call.nargs && n == MAX_ARGS)
            return too_many_args(b, call);
        if (i < call->call.nargs)
            pos[n++] = call->call.args[i];
    }
    int npositional = star >= 0 ? star : nparams; /* the parameters positional arguments fill */
    if (n > npositional && star < 0)
        return too_many(b, call, name, nparams - first, n - first);
    for (int i = 0; i < def->nparams; i++)
        order[i] = i < npositional && i < n ? pos[i] : NULL;
    if (star >= 0)
        order[star] = star_tuple(b, call, pos, npositional, n);
    for (int k = 0; k < call->call.nkws; k++) {
        const Keyword *kw = &call->call.kws[k];
        int i = 0;
        while (i < nparams && (def->params[i].star || strcmp(def->params[i].name, kw->name) != 0))
            i++;
        if (i == nparams || order[i]) {
            diag_error(&b->diag, kw->loc, i == nparams ? "%s() got an unexpected keyword argument '%s'"
                                                       : "%s() got multiple values for argument '%s'",
                       name, kw->name);
            return false;
        }
        order[i] = kw->value;
    }
    for (int i = 0; i < nparams; i++) {
        if (!order[i])
            order[i] = def->params[i].default_value;
        if (!order[i]) {
            int given = n - first + call->call.nkws, want = nparams - first - (star >= 0);
            diag_error(&b->diag, call->loc, "%s() takes %d argument%s but %d %s given", name, want, want == 1 ? "" : "s",
                       given, given == 1 ? "was" : "were");
            return false;
        }
    }
    return bind_captures(b, call, fn, order, nparams);
}
