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

enum { MAX_NAMES = 128 };

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

/* Python's scoping: a name bound anywhere in a function's body is local to it. */
static void bound_name(void *s, const char *name) { names_add(s, name); }

static void reads_block(Names *s, const Block *blk);

static void read_name(void *s, const Expr *name) { names_add(s, name->name); }

static void reads_expr(Names *s, const Expr *e) { bld_expr_reads(e, read_name, s); }

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
        case ST_OBJMODE:
            for (int k = 0; k < st->objmode.nreads; k++)
                names_add(s, st->objmode.reads[k]);
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
        bld_bound_names(body, bound_name, &bound);
        reads_block(&reads, body);
    }
    reads_expr(&reads, lambda_body);
    Names caps = {0};
    for (int i = 0; i < reads.n; i++)
        if (!names_has(&bound, reads.items[i]) && bld_find_var(b, reads.items[i])) {
            names_add(&caps, reads.items[i]);
            add_closure_captures(b, &caps, reads.items[i]);
        }
    int n = caps.n < BLD_MAX_ARGS ? caps.n : BLD_MAX_ARGS;
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
    const char *captures[BLD_MAX_ARGS], *names[2 * BLD_MAX_ARGS];
    int ncap = captured_names(b, params, nparams, body, lambda_body, captures);
    if (nparams + ncap > BLD_MAX_ARGS) {
        diag_error(&b->diag, loc, "'%s' takes %d parameters and reads %d variables of '%s': at most %d in all", name,
                   nparams, ncap, b->def->name, BLD_MAX_ARGS);
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
    if (d->ndecorators) { /* a factory's (builder/program.c), which Python runs, not compiled code */
        diag_error(&b->diag, d->decorators[0]->loc, "a decorated 'def' inside a compiled function is not supported in "
                                                    "krn: define it at module level, or leave out the decorator");
        bld_assign_var(b, d->name, bld_error_operand(b), d->loc);
        return;
    }
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

/* ---- returning a function ----
 *
 * `return bar` (an inner function that reads no variable, a module function, a lambda): Numba
 * returns its dispatcher. The function's return type is the compile-time value (TY_COMPTIME), no
 * run-time value is returned, and the caller gets the function to call: `foo()(4)`, `f = foo()`. */

bool bld_return_function(Builder *b, const Stmt *s, Operand o)
{
    if (o.kind == OPK_VALUE && o.type->kind == TY_COMPTIME && !o.type->dtype && o.type->payload)
        o = *(const Operand *)o.type->payload;
    if (o.kind != OPK_FUNC)
        return false;
    const ProgFunc *f = o.func;
    if (f->ncaptures)
        diag_error(&b->diag, s->ret->loc, "'%s' reads the variable '%s' of '%s', so it cannot be returned (closures do "
                   "not escape the function that defines them; Numba: Cannot capture the non-constant value "
                   "associated with variable '%s' in a function that may escape)",
                   f->def->name, f->captures[0], f->enclosing->name, f->captures[0]);
    else if (b->spec->ret_fixed)
        diag_error(&b->diag, s->ret->loc, "a function compiled for a signature cannot return a function");
    else if (f->kind != FK_HOST)
        diag_error(&b->diag, s->ret->loc, "only @njit functions, inner functions and lambdas can be returned");
    else {
        const Type *t = bld_comptime_type(b, o, s->ret, false);
        b->value_return_seen = true;
        if (b->kept.ret && b->kept.ret != t)
            diag_error(&b->diag, s->loc, "cannot unify return types %s and %s", bld_type_name(b, b->kept.ret),
                       bld_type_name(b, t));
        else if (!b->kept.ret) {
            b->kept.ret = b->spec->ret = t;
            b->changed = true;
        }
    }
    ir_ret(b->f, IR_NOVALUE, s->loc);
    ir_set_block(b->f, ir_new_block(b->f)); /* what follows is dead */
    b->dead = true;
    return true;
}

/* ---- a closure passed to a sibling ----
 *
 * `inner2(inner, x)` where inner reads z1 and inner2 does not: Numba inlines both, so inner2's
 * call `f(x)` reads z1. Here inner2 gets a variant that also captures z1 (its parameters, then the
 * union of the captures), called instead of it; the variant's call of `f` binds z1 from it. */

/* The closure an argument stands for, when it is one of `enclosing` that reads variables. */
static const ProgFunc *closure_argument(Builder *b, const Expr *arg, const FuncDef *enclosing)
{
    const ProgFunc *f = NULL;
    if (arg->kind == EX_LAMBDA && b->def == enclosing) {
        Operand o = bld_lambda(b, arg);
        f = o.kind == OPK_FUNC ? o.func : NULL;
    } else if (arg->kind == EX_NAME && bld_find_var(b, arg->name)) {
        const Type *t = b->env[bld_var_index(b, bld_find_var(b, arg->name))].type;
        const Operand *o = t && t->kind == TY_COMPTIME && !t->dtype ? t->payload : NULL;
        f = o && o->kind == OPK_FUNC ? o->func : NULL;
    }
    return f && f->ncaptures && f->enclosing == enclosing ? f : NULL;
}

static ProgFunc *find_variant(Builder *b, const ProgFunc *fn, const char *key)
{
    for (int i = 0; i < b->p->noutlined; i++) {
        ProgFunc *f = b->p->outlined[i];
        if (f->closure_from == fn->closure_from && f->enclosing == fn->enclosing && f->closure_key &&
            strcmp(f->closure_key, key) == 0)
            return f;
    }
    return NULL;
}

/* fn with the captures caps (its own first): its parameters, then them. */
static ProgFunc *closure_variant(Builder *b, ProgFunc *fn, const Names *caps)
{
    const char *key = fn->closure_key;
    for (int i = fn->ncaptures; i < caps->n; i++)
        key = arena_printf(b->p->arena, "%s_W%s", key, caps->items[i]);
    ProgFunc *v = find_variant(b, fn, key);
    if (v)
        return v;
    int own = fn->def->nparams - fn->ncaptures;
    FuncDef *def = arena_alloc(b->p->arena, sizeof *def);
    *def = *fn->def;
    def->nparams = own + caps->n;
    def->params = arena_alloc(b->p->arena, sizeof *def->params * (size_t)def->nparams);
    memcpy(def->params, fn->def->params, sizeof *def->params * (size_t)own);
    for (int i = 0; i < caps->n; i++)
        def->params[own + i] = (Param){.name = caps->items[i], .loc = fn->def->loc};
    v = arena_alloc(b->p->arena, sizeof *v);
    *v = *fn;
    v->def = def;
    v->specs = NULL;
    v->nspecs = v->capspecs = 0;
    v->closure_key = key;
    v->captures = arena_alloc(b->p->arena, sizeof *v->captures * (size_t)caps->n);
    memcpy(v->captures, caps->items, sizeof *caps->items * (size_t)caps->n);
    v->ncaptures = caps->n;
    ARR_PUSH(b->p->arena, b->p->outlined, b->p->noutlined, b->p->capoutlined, v);
    return v;
}

ProgFunc *bld_closure_for_call(Builder *b, const Expr *call, ProgFunc *fn)
{
    if (!fn->enclosing || fn->def->nparams - fn->ncaptures + BLD_MAX_ARGS > MAX_NAMES)
        return fn;
    Names caps = {0};
    for (int i = 0; i < fn->ncaptures; i++)
        names_add(&caps, fn->captures[i]);
    for (int i = 0; i < call->call.nargs + call->call.nkws; i++) {
        const Expr *arg = i < call->call.nargs ? call->call.args[i] : call->call.kws[i - call->call.nargs].value;
        const ProgFunc *f = closure_argument(b, arg, fn->enclosing);
        for (int k = 0; f && k < f->ncaptures; k++)
            names_add(&caps, f->captures[k]);
    }
    if (caps.n == fn->ncaptures)
        return fn;
    if (fn->def->nparams - fn->ncaptures + caps.n > BLD_MAX_ARGS) {
        diag_error(&b->diag, call->loc, "'%s' takes %d parameters and reads %d variables of '%s': at most %d in all",
                   fn->def->name, fn->def->nparams - fn->ncaptures, caps.n, fn->enclosing->name, BLD_MAX_ARGS);
        return fn;
    }
    return closure_variant(b, fn, &caps);
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
    diag_error(&b->diag, at->loc, "calls take at most %d arguments", BLD_MAX_ARGS);
    return false;
}

/* The elements of `*t` at a call, as expressions t[0], t[1], ... appended to pos; false after
 * an error. */
static bool unpack_star(Builder *b, const Expr *star, const Expr **pos, int *n)
{
    int room = BLD_MAX_ARGS - *n;
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
    const Expr *pos[BLD_MAX_ARGS];
    int n = 0;
    for (int i = 0; i <= call->call.nargs; i++) {
        if (i == call->call.star_at && !unpack_star(b, call->call.star, pos, &n))
            return NULL;
        if (i < call->call.nargs && n == BLD_MAX_ARGS)
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
    const Expr *pos[BLD_MAX_ARGS + 1];
    int n = 0;
    if (self)
        pos[n++] = self;
    for (int i = 0; i <= call->call.nargs && n < BLD_MAX_ARGS; i++) {
        if (call->call.star && i == call->call.star_at && !unpack_star(b, call->call.star, pos, &n))
            return false;
        if (i < call->call.nargs && n == BLD_MAX_ARGS)
            return too_many_args(b, call);
        if (i < call->call.nargs)
            pos[n++] = call->call.args[i];
    }
    int npositional = star >= 0 ? star : nparams; /* the parameters positional arguments fill */
    for (int i = 0; i < npositional; i++)
        if (def->params[i].keyword_only)
            npositional = i;
    if (n > npositional && star < 0 && npositional < nparams) { /* keyword-only parameters */
        diag_error(&b->diag, call->loc, "%s() takes %d positional argument%s but %d were given", name, npositional - first,
                   npositional - first == 1 ? "" : "s", n - first);
        return false;
    }
    if (n > npositional && star < 0)
        return too_many(b, call, name, nparams - first, n - first);
    for (int i = 0; i < def->nparams; i++)
        order[i] = i < npositional && i < n ? pos[i] : NULL;
    if (star >= 0)
        order[star] = star_tuple(b, call, pos, npositional, n);
    const char *names[BLD_MAX_ARGS];
    for (int i = 0; i < nparams; i++)
        names[i] = def->params[i].star ? NULL : def->params[i].name;
    const BldParams params = {.name = name, .names = names, .n = nparams, .flags = BIND_PLACED};
    if (!bld_bind_args(b, call, &params, order))
        return false;
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
