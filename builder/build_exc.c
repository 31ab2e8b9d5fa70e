/* build_exc.c — Python's exceptions in compiled code, as Numba has them:
 *
 *   raise ValueError / raise ValueError(<arguments>)   an IT_RAISE terminator whose message is
 *       Python's str() of the exception (str of one argument, repr of a tuple of several;
 *       KeyError shows repr of its one argument): constants are written at compile time,
 *       run-time numbers and bools by jitc_rt_raise_format (the terminator's exc_args);
 *   assert cond [, message]                              if not cond: raise AssertionError
 *   try: ... except: / except Exception: ... else: ... finally: ...
 *
 * A try body's blocks carry `handler` (IrBlock): lowering sends every exception raised there (a
 * raise, a bounds check, a callee's exception, a prange body's) to the except clause's first
 * block, which clears it (`catches`). Variables at the clause are the merge of the bindings at
 * the try's entry, after each assignment in its body (build.c's edge_to_handler) and at its end
 * (bld_edge_here).
 *
 * The arguments' text is made here, at compile time: Python's repr of a float comes from
 * runtime/pyrepr.c (the one place jitc formats floats as Python does). */
#include "build.h"
#include "runtime/pyrepr.h"

#include <inttypes.h>
#include <string.h>

/* The class a name stands for (not a variable of the function), else EXC_NONE. */
static IrExc exception_class(Builder *b, const Expr *e, const char **own_class)
{
    *own_class = NULL;
    if (e->kind != EX_NAME || bld_find_var(b, e->name))
        return EXC_NONE;
    const Global *g = prog_lookup(b->p, b->spec->func, e->name);
    if (g && g->kind == G_EXCCLASS) { /* class MyError(ValueError): raised as a ValueError named MyError */
        *own_class = g->name;
        return (IrExc)g->exc;
    }
    return ir_exc_by_name(e->name); /* a built-in class (Numba takes any subclass of Exception) */
}

/* ---- the message: Python's str() of the exception, from constant arguments ---- */

static void repr_string(StrBuf *o, const char *s)
{
    char q = strchr(s, '\'') && !strchr(s, '"') ? '"' : '\'';
    sb_printf(o, "%c", q);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '\\' || *c == (unsigned char)q)
            sb_printf(o, "\\%c", *c);
        else if (*c == '\n')
            sb_puts(o, "\\n");
        else if (*c == '\t')
            sb_puts(o, "\\t");
        else if (*c == '\r')
            sb_puts(o, "\\r");
        else if (*c < 0x20 || *c == 0x7f)
            sb_printf(o, "\\x%02x", *c);
        else
            sb_printf(o, "%c", *c);
    }
    sb_printf(o, "%c", q);
}

static bool constant_text(StrBuf *o, const Expr *e, bool repr, bool negate);

static bool tuple_text(StrBuf *o, const Expr *e)
{
    sb_puts(o, "(");
    for (int i = 0; i < e->seq.n; i++) {
        if (i)
            sb_puts(o, ", ");
        if (!constant_text(o, e->seq.items[i], true, false))
            return false;
    }
    sb_puts(o, e->seq.n == 1 ? ",)" : ")");
    return true;
}

/* Appends str(e) (repr(e) when repr) of a constant expression; false when e is not one. */
static bool constant_text(StrBuf *o, const Expr *e, bool repr, bool negate)
{
    char buf[64];
    switch (e->kind) {
    case EX_STR:
        if (negate)
            return false;
        if (repr)
            repr_string(o, e->str);
        else
            sb_puts(o, e->str);
        return true;
    case EX_INT:
        if (negate && e->ival != 0)
            sb_puts(o, "-");
        sb_printf(o, "%" PRId64, e->ival);
        return true;
    case EX_FLOAT:
        pyrepr_f64(buf, sizeof buf, negate ? -e->fval : e->fval);
        sb_puts(o, buf);
        return true;
    case EX_BOOL:
        if (negate)
            return false;
        sb_puts(o, e->bval ? "True" : "False");
        return true;
    case EX_NONE:
        if (negate)
            return false;
        sb_puts(o, "None");
        return true;
    case EX_UNARY:
        if (e->unary.op == OP_NEG && (e->unary.operand->kind == EX_INT || e->unary.operand->kind == EX_FLOAT))
            return constant_text(o, e->unary.operand, repr, !negate);
        if (e->unary.op == OP_POS && (e->unary.operand->kind == EX_INT || e->unary.operand->kind == EX_FLOAT))
            return constant_text(o, e->unary.operand, repr, negate);
        return false;
    case EX_TUPLE: return !negate && tuple_text(o, e);
    default: return false;
    }
}

/* Run-time values of a message: each a scalar cast to int64, uint64, float64 or bool, whose
 * text jitc_rt_raise_format writes where the message holds IR_EXC_ARG_MARK. */
typedef struct MsgValues {
    IrValue *items;
    int n, cap;
} MsgValues;

/* A string variable's place in the message: its text, or its repr (build_str.c). */
static bool string_text(Builder *b, StrBuf *o, IrValue v, bool repr, MsgValues *vals)
{
    ARR_PUSH(b->pass_arena, vals->items, vals->n, vals->cap, v);
    sb_printf(o, "%c%c", IR_EXC_ARG_MARK, repr ? 'r' : 's');
    return true;
}

/* Appends a run-time scalar's or string's place to the message; false (reported) for other values. */
static bool runtime_text(Builder *b, StrBuf *o, const Expr *e, bool repr, MsgValues *vals)
{
    Operand op = bld_expr(b, e);
    if (op.kind == OPK_ERROR || (op.kind == OPK_VALUE && op.type->kind == TY_ERROR))
        return false; /* reported already, or a type not known while checking: stays quiet */
    if (op.kind == OPK_STR) { /* a name bound to a literal (Literal[str]): its text is known */
        if (repr)
            repr_string(o, op.str);
        else
            sb_puts(o, op.str);
        return true;
    }
    if (op.kind == OPK_VALUE && op.type->kind == TY_STR)
        return string_text(b, o, op.v, repr, vals);
    if (op.kind != OPK_VALUE || !ty_is_real(op.type)) {
        diag_error(&b->diag, e->loc, "the arguments of a raised exception must be constants or numbers and "
                   "bools, strings (tuples, None as constants): this is %s",
                   op.kind == OPK_VALUE ? bld_type_name(b, op.type) : "not a value");
        return false;
    }
    IrValue v = bld_value_of(b, op, e->loc);
    const Type *t = op.type;
    const Type *to = ty_is_bool(t)       ? t
                     : ty_is_unsigned(t) ? ty_scalar(TY_UINT64)
                     : ty_is_int(t)      ? ty_scalar(TY_INT64)
                                         : ty_scalar(TY_FLOAT64);
    v = bld_cast_value(b, v, to, e->loc);
    ARR_PUSH(b->pass_arena, vals->items, vals->n, vals->cap, v);
    sb_printf(o, "%c%c", IR_EXC_ARG_MARK, ty_is_bool(t) ? 'b' : ty_is_unsigned(t) ? 'u' : ty_is_int(t) ? 'i' : 'f');
    return true;
}

static bool argument_text(Builder *b, StrBuf *o, const Expr *e, bool repr, MsgValues *vals);

/* An f-string's text: its literal parts, and each value as str() (repr() with !r) writes it.
 * Numba's f-strings take no format spec. */
static bool fstring_text(Builder *b, StrBuf *o, const Expr *e, MsgValues *vals)
{
    for (int i = 0; i < e->seq.n; i++) {
        const Expr *part = e->seq.items[i];
        if (e->seq.spec[i] || (e->seq.conv[i] && e->seq.conv[i] != 's')) {
            diag_error(&b->diag, part->loc, "a conversion or format spec in an f-string is not supported by jitc "
                                            "(nor by Numba)");
            return false;
        }
        if (!e->seq.conv[i])
            sb_puts(o, part->str);
        else if (!argument_text(b, o, part, e->seq.conv[i] == 'r', vals))
            return false;
    }
    return true;
}

/* Whether each value of f-string e is a constant of the source (f"{1}", f"{'a'}"). */
static bool fstring_is_constant(Builder *b, const Expr *e)
{
    StrBuf scratch = {.arena = b->pass_arena};
    bool constant = true;
    for (int i = 0; i < e->seq.n && constant; i++)
        constant = !e->seq.conv[i] || constant_text(&scratch, e->seq.items[i], e->seq.conv[i] == 'r', false);
    return constant;
}

/* An f-string as a value: a string constant where every part is a constant, else the string
 * Numba builds: its parts joined, each value as str() writes it (build_str.c). */
Operand bld_fstring_value(Builder *b, const Expr *e)
{
    if (fstring_is_constant(b, e)) {
        StrBuf o = {.arena = b->pass_arena};
        MsgValues vals = {0};
        if (!fstring_text(b, &o, e, &vals))
            return bld_error_operand(b);
        return (Operand){.kind = OPK_STR, .str = arena_strdup(b->p->arena, sb_text(&o))};
    }
    Operand joined = {.kind = OPK_STR, .str = ""};
    for (int i = 0; i < e->seq.n; i++) {
        const Expr *part = e->seq.items[i];
        if (e->seq.spec[i] || (e->seq.conv[i] && e->seq.conv[i] != 's')) {
            diag_error(&b->diag, part->loc, "a conversion or format spec in an f-string is not supported by jitc "
                                            "(nor by Numba)");
            return bld_error_operand(b);
        }
        Operand piece = e->seq.conv[i] ? bld_str_of(b, bld_expr(b, part), part->loc) : (Operand){.kind = OPK_STR, .str = part->str};
        if (piece.kind == OPK_ERROR || !bld_str_binop(b, OP_ADD, joined, piece, part->loc, &joined) ||
            joined.kind == OPK_ERROR)
            return bld_error_operand(b);
    }
    return joined;
}

/* str() (or repr()) of one argument: a constant's text, else a run-time scalar's place. */
static bool argument_text(Builder *b, StrBuf *o, const Expr *e, bool repr, MsgValues *vals)
{
    if (e->kind == EX_FSTRING)
        return fstring_text(b, o, e, vals);
    if (constant_text(o, e, repr, false))
        return true;
    if (e->kind == EX_TUPLE) {
        sb_puts(o, "(");
        for (int i = 0; i < e->seq.n; i++) {
            if (i)
                sb_puts(o, ", ");
            if (!argument_text(b, o, e->seq.items[i], true, vals))
                return false;
        }
        sb_puts(o, e->seq.n == 1 ? ",)" : ")");
        return true;
    }
    return runtime_text(b, o, e, repr, vals);
}

/* The message of exc(args...): "" for none, str of one (repr for KeyError), repr of the tuple
 * of several; run-time scalars go to vals. Reports and returns NULL for other arguments. */
static const char *exception_message(Builder *b, IrExc exc, const Expr *call, MsgValues *vals)
{
    StrBuf o = {.arena = b->pass_arena};
    int n = call ? call->call.nargs : 0;
    if (call && call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "an exception takes no keyword arguments");
        return NULL;
    }
    for (int i = 0; i < n; i++) {
        const Expr *a = call->call.args[i];
        if (i)
            sb_puts(&o, ", ");
        if (!argument_text(b, &o, a, n > 1 || exc == EXC_KEY, vals))
            return NULL;
    }
    const char *text = sb_text(&o);
    return n > 1 ? arena_printf(b->pass_arena, "(%s)", text) : text;
}

/* ---- raise ---- */

/* What a raise or an assert message names: the class and its message; false if reported. */
static bool raised_exception(Builder *b, const Expr *e, IrExc *exc, const char **own_class, const char **msg,
                             MsgValues *vals)
{
    const Expr *cls = e->kind == EX_CALL ? e->call.func : e;
    *exc = exception_class(b, cls, own_class);
    if (*exc == EXC_NONE) {
        if (cls->kind == EX_NAME)
            diag_error(&b->diag, cls->loc, "'%s' is not an exception class jitc can raise: raise one of the "
                       "built-in exception classes (ValueError, IndexError, ...)", cls->name);
        else
            diag_error(&b->diag, cls->loc, "raise takes a built-in exception class or a call of one with "
                       "constant arguments (raise ValueError(\"message\"))");
        return false;
    }
    *msg = exception_message(b, *exc, e->kind == EX_CALL ? e : NULL, vals);
    return *msg != NULL;
}

static void continue_dead(Builder *b)
{
    ir_set_block(b->f, ir_new_block(b->f)); /* what follows is unreachable */
    b->dead = true;
}

/* ---- bare raise ---- */

static int try_depth_of(const Block *blk, const Stmt *target, int depth);

static int try_depth_in(const Stmt *s, const Stmt *target, int depth)
{
    int d = -1;
    switch (s->kind) {
    case ST_IF:
        if ((d = try_depth_of(&s->if_.body, target, depth)) < 0)
            d = try_depth_of(&s->if_.orelse, target, depth);
        break;
    case ST_WHILE:
        if ((d = try_depth_of(&s->while_.body, target, depth)) < 0)
            d = try_depth_of(&s->while_.orelse, target, depth);
        break;
    case ST_FOR:
        if ((d = try_depth_of(&s->for_.body, target, depth)) < 0)
            d = try_depth_of(&s->for_.orelse, target, depth);
        break;
    case ST_TRY: /* the body, the handlers and finally are inside the try; else is not */
        if ((d = try_depth_of(&s->try_.body, target, depth + 1)) < 0)
            d = try_depth_of(&s->try_.orelse, target, depth);
        for (int k = 0; d < 0 && k < s->try_.nhandlers; k++)
            d = try_depth_of(s->try_.handlers[k].body, target, depth + 1);
        if (d < 0)
            d = try_depth_of(&s->try_.finalbody, target, depth + 1);
        break;
    default: break;
    }
    return d;
}

/* How many try statements hold statement target in blk (-1: target is not in blk). */
static int try_depth_of(const Block *blk, const Stmt *target, int depth)
{
    for (int i = 0; i < blk->n; i++) {
        if (blk->items[i] == target)
            return depth;
        int d = try_depth_in(blk->items[i], target, depth);
        if (d >= 0)
            return d;
    }
    return -1;
}

/* A bare `raise`, as Numba has it: inside a try statement (its body, an except clause or
 * finally) Numba refuses it; elsewhere it re-raises the exception the Python caller is handling,
 * and a caller that handles none (always so for jitc's callers) gets RuntimeError. */
static void bare_raise(Builder *b, const Stmt *s)
{
    if (try_depth_of(&b->def->body, s, 0) > 0) {
        diag_error(&b->diag, s->loc, "re-raising an exception (a bare 'raise') inside a 'try' statement is not "
                   "supported, as in Numba");
        return;
    }
    ir_raise_values(b->f, EXC_RUNTIME, "No active exception to reraise", NULL, 0, s->loc);
    continue_dead(b);
}

void bld_raise(Builder *b, const Stmt *s)
{
    if (!s->raise_.exc) {
        bare_raise(b, s);
        return;
    }
    IrExc exc;
    const char *msg, *own_class;
    MsgValues vals = {0};
    if (!raised_exception(b, s->raise_.exc, &exc, &own_class, &msg, &vals))
        return;
    ir_raise_values(b->f, exc, msg, vals.items, vals.n, s->loc);
    b->f->blocks[b->f->cur]->exc_class = own_class;
    continue_dead(b);
}

/* ---- assert ---- */

void bld_assert(Builder *b, const Stmt *s)
{
    IrValue c = bld_condition(b, s->assert_.cond);
    int fail = ir_new_block(b->f), ok = ir_new_block(b->f);
    ir_cbr(b->f, c, ok, fail);
    ir_set_block(b->f, fail); /* the message is evaluated only when the assert fails, as in Python */
    StrBuf o = {.arena = b->pass_arena};
    MsgValues vals = {0};
    if (s->assert_.msg && !argument_text(b, &o, s->assert_.msg, false, &vals))
        return;
    ir_raise_values(b->f, EXC_ASSERTION, sb_text(&o), vals.items, vals.n, s->loc);
    ir_set_block(b->f, ok);
}

/* ---- try ---- */

static const Stmt *find_jump_out(const Block *blk, bool in_loop);

static const Stmt *first_jump_out(const Block *x, const Block *y, bool x_in_loop, bool y_in_loop)
{
    const Stmt *j = find_jump_out(x, x_in_loop);
    return j ? j : find_jump_out(y, y_in_loop);
}

/* Whether a try clause leaves the statement by a jump: return anywhere, or break/continue
 * outside a loop of its own. */
static const Stmt *find_jump_out(const Block *blk, bool in_loop)
{
    for (int i = 0; i < blk->n; i++) {
        const Stmt *s = blk->items[i], *j = NULL;
        switch (s->kind) {
        case ST_RETURN: return s;
        case ST_BREAK:
        case ST_CONTINUE:
            if (!in_loop)
                return s;
            break;
        case ST_IF: j = first_jump_out(&s->if_.body, &s->if_.orelse, in_loop, in_loop); break;
        case ST_WHILE: j = first_jump_out(&s->while_.body, &s->while_.orelse, true, in_loop); break;
        case ST_FOR: j = first_jump_out(&s->for_.body, &s->for_.orelse, true, in_loop); break;
        case ST_TRY:
            j = first_jump_out(&s->try_.body, &s->try_.orelse, in_loop, in_loop);
            for (int k = 0; !j && k < s->try_.nhandlers; k++)
                j = find_jump_out(s->try_.handlers[k].body, in_loop);
            if (!j)
                j = find_jump_out(&s->try_.finalbody, in_loop);
            break;
        default: break;
        }
        if (j)
            return j;
    }
    return NULL;
}

/* Only what Numba takes: a bare except or exactly `except Exception`, without `as`. */
static bool check_handlers(Builder *b, const Stmt *s)
{
    bool ok = true;
    for (int k = 0; k < s->try_.nhandlers; k++) {
        const ExceptClause *c = &s->try_.handlers[k];
        const char *own = NULL;
        if (c->type && (exception_class(b, c->type, &own) != EXC_EXCEPTION || own)) {
            diag_error(&b->diag, c->type->loc, "'except' takes only 'Exception' or nothing (a bare except), as "
                       "in Numba: catching a particular exception class is not supported");
            ok = false;
        } else if (c->name) {
            diag_error(&b->diag, c->name_loc, "'except ... as %s' is not supported, as in Numba: an exception "
                       "object cannot be stored into a variable", c->name);
            ok = false;
        }
    }
    if (s->try_.has_finally) {
        const Stmt *j = first_jump_out(&s->try_.body, &s->try_.orelse, false, false);
        for (int k = 0; !j && k < s->try_.nhandlers; k++)
            j = find_jump_out(s->try_.handlers[k].body, false);
        if (j) {
            diag_error(&b->diag, j->loc, "'%s' out of a 'try' statement that has a 'finally' clause is not "
                       "supported", j->kind == ST_RETURN ? "return" : j->kind == ST_BREAK ? "break" : "continue");
            ok = false;
        }
    }
    return ok;
}

/* The try body, its exceptions sent to block `handler` (0: to the enclosing one); records the
 * bindings at its entry and end into `at_handler`. */
static void build_try_body(Builder *b, const Stmt *s, int handler, EdgeList *at_handler)
{
    bld_edge_here(b, at_handler);
    int outer = b->f->catch_block;
    EdgeList *outer_edges = b->handler_edges;
    if (handler) {
        b->f->catch_block = handler;
        b->handler_edges = at_handler;
    }
    int body = ir_new_block(b->f);
    if (!b->dead)
        ir_br(b->f, body);
    ir_set_block(b->f, body);
    b->try_bodies++;
    bld_block(b, &s->try_.body);
    b->try_bodies--;
    b->f->catch_block = outer;
    b->handler_edges = outer_edges;
    bld_edge_here(b, at_handler);
}

void bld_try(Builder *b, const Stmt *s)
{
    if (b->spec->device) {
        diag_error(&b->diag, s->loc, "'try' is not supported in GPU code (numba-cuda has no exception handling)");
        return;
    }
    if (!check_handlers(b, s))
        return;
    int handler = s->try_.nhandlers ? ir_new_block(b->f) : 0;
    EdgeList at_handler = {0}, joins = {0};
    build_try_body(b, s, handler, &at_handler);
    int after = ir_new_block(b->f); /* else runs outside the try body's handler */
    if (!b->dead)
        ir_br(b->f, after);
    ir_set_block(b->f, after);
    bld_block(b, &s->try_.orelse);
    int join = ir_new_block(b->f);
    bld_jump_to(b, join, &joins);
    if (handler) { /* the first clause catches everything; later ones are never reached */
        bld_join_at(b, handler, &at_handler);
        b->f->blocks[handler]->catches = true;
        bld_block(b, s->try_.handlers[0].body);
        bld_jump_to(b, join, &joins);
    }
    bld_join_at(b, join, &joins);
    bld_block(b, &s->try_.finalbody);
}
