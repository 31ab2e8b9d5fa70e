/* parser.c — recursive descent from tokens to the AST (parser.h), one small function per
 * grammar rule (chibicc style). On an error the parser reports it, skips to the end of the
 * line (or the next top-level def) and goes on, so one run reports several problems. */
#include <setjmp.h>
#include <string.h>

#include "lexer.h"
#include "parser.h"

enum { MAX_DEPTH = 200 };

typedef struct Parser {
    Arena *a;
    Diag *d;
    const SrcFile *file;
    Token *toks;
    int n, pos;
    int depth;
    jmp_buf recover; /* an error unwinds to the statement being parsed */
    SrcLoc base;     /* parse_expr_string: where the string literal sits */
    bool in_string;
} Parser;

static Token *peek(Parser *p) { return &p->toks[p->pos]; }
static Token *peek_at(Parser *p, int k) { return &p->toks[p->pos + k < p->n ? p->pos + k : p->n - 1]; }
static bool at(Parser *p, TokKind k) { return peek(p)->kind == k; }

static Token *next(Parser *p)
{
    Token *t = peek(p);
    if (t->kind != TK_EOF)
        p->pos++;
    return t;
}

static bool accept(Parser *p, TokKind k)
{
    if (!at(p, k))
        return false;
    next(p);
    return true;
}

static SrcLoc where(Parser *p, const Token *t)
{
    if (!p->in_string)
        return t->loc;
    SrcLoc l = p->base;
    l.col += t->loc.col; /* the string's opening quote is at base.col */
    return l;
}

static const char *describe(const Token *t)
{
    if (t->kind == TK_NAME || (t->kind >= TK_AND && t->kind <= TK_AWAIT) || t->kind == TK_INT ||
        t->kind == TK_FLOAT || (t->kind >= TK_LPAREN && t->kind < TK_COUNT_))
        return NULL;
    return lex_token_name(t->kind);
}

/* Reports at token t and unwinds to the enclosing statement. */
static _Noreturn void fail_at(Parser *p, const Token *t, const char *msg)
{
    const char *d = describe(t);
    if (d)
        diag_error(p->d, where(p, t), "%s, found %s", msg, d);
    else
        diag_error(p->d, where(p, t), "%s, found '%.*s'", msg, t->len, t->text);
    longjmp(p->recover, 1);
}

/* Reports a construct outside the krn subset at t, and unwinds. */
static _Noreturn void unsupported(Parser *p, const Token *t, const char *what)
{
    diag_error(p->d, where(p, t), "%s not supported in krn", what);
    longjmp(p->recover, 1);
}

static Token *expect(Parser *p, TokKind k, const char *msg)
{
    if (!at(p, k))
        fail_at(p, peek(p), msg);
    return next(p);
}

static void *node(Parser *p, size_t size) { return arena_alloc(p->a, size); }

static Expr *new_expr(Parser *p, ExprKind k, SrcLoc loc)
{
    Expr *e = node(p, sizeof *e);
    e->kind = k;
    e->loc = loc;
    return e;
}

/* ---- expressions ---- */

static Expr *parse_expr(Parser *p);
static Expr *parse_test(Parser *p);

static void enter(Parser *p)
{
    if (++p->depth > MAX_DEPTH)
        fail_at(p, peek(p), "expression nested too deeply");
}

typedef struct ExprList {
    Expr **items;
    int n, cap;
} ExprList;

static void push_expr(Parser *p, ExprList *l, Expr *e) { ARR_PUSH(p->a, l->items, l->n, l->cap, e); }

/* subscript item: an expression or a slice lo:hi:step */
static Expr *parse_subscript_item(Parser *p)
{
    Token *t = peek(p);
    Expr *lo = NULL;
    if (!at(p, TK_COLON))
        lo = parse_test(p);
    if (!at(p, TK_COLON))
        return lo;
    Expr *s = new_expr(p, EX_SLICE, where(p, t));
    s->slice.lo = lo;
    next(p);
    if (!at(p, TK_COLON) && !at(p, TK_RBRACKET) && !at(p, TK_COMMA))
        s->slice.hi = parse_test(p);
    if (accept(p, TK_COLON) && !at(p, TK_RBRACKET) && !at(p, TK_COMMA))
        s->slice.step = parse_test(p);
    return s;
}

static Expr *parse_subscript(Parser *p, Expr *value, Token *open)
{
    Expr *e = new_expr(p, EX_SUBSCRIPT, value->loc);
    e->subscript.value = value;
    ExprList items = {0};
    bool tuple = false;
    do {
        if (at(p, TK_RBRACKET))
            break;
        push_expr(p, &items, parse_subscript_item(p));
        tuple |= at(p, TK_COMMA);
    } while (accept(p, TK_COMMA));
    expect(p, TK_RBRACKET, "expected ']' to close the subscript");
    if (!items.n)
        fail_at(p, open, "expected an index inside '[]'");
    if (tuple) {
        Expr *t = new_expr(p, EX_TUPLE, items.items[0]->loc);
        t->seq.items = items.items;
        t->seq.n = items.n;
        e->subscript.index = t;
    } else {
        e->subscript.index = items.items[0];
    }
    return e;
}

static Expr *parse_call(Parser *p, Expr *func)
{
    Expr *e = new_expr(p, EX_CALL, func->loc);
    e->call.func = func;
    ExprList args = {0};
    Keyword *kws = NULL;
    int nkws = 0, capkws = 0;
    while (!at(p, TK_RPAREN)) {
        if (at(p, TK_STAR) || at(p, TK_DSTAR))
            unsupported(p, peek(p), "argument unpacking (*args, **kwargs) is");
        if (at(p, TK_NAME) && peek_at(p, 1)->kind == TK_ASSIGN) {
            Token *name = next(p);
            next(p);
            Keyword kw = {.name = name->str, .value = parse_test(p), .loc = where(p, name)};
            ARR_PUSH(p->a, kws, nkws, capkws, kw);
        } else {
            if (nkws)
                fail_at(p, peek(p), "positional argument follows keyword argument");
            push_expr(p, &args, parse_test(p));
        }
        if (!accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RPAREN, "expected ')' to close the call");
    e->call.args = args.items;
    e->call.nargs = args.n;
    e->call.kws = kws;
    e->call.nkws = nkws;
    return e;
}

static Expr *parse_paren(Parser *p, Token *open)
{
    if (accept(p, TK_RPAREN)) {
        Expr *e = new_expr(p, EX_TUPLE, where(p, open));
        return e;
    }
    Expr *first = parse_test(p);
    if (at(p, TK_FOR))
        unsupported(p, peek(p), "generator expressions are");
    if (!at(p, TK_COMMA)) {
        expect(p, TK_RPAREN, "expected ')'");
        return first;
    }
    ExprList items = {0};
    push_expr(p, &items, first);
    while (accept(p, TK_COMMA) && !at(p, TK_RPAREN))
        push_expr(p, &items, parse_test(p));
    expect(p, TK_RPAREN, "expected ')' to close the tuple");
    Expr *e = new_expr(p, EX_TUPLE, where(p, open));
    e->seq.items = items.items;
    e->seq.n = items.n;
    return e;
}

static Expr *parse_list(Parser *p, Token *open)
{
    ExprList items = {0};
    while (!at(p, TK_RBRACKET)) {
        push_expr(p, &items, parse_test(p));
        if (at(p, TK_FOR))
            unsupported(p, peek(p), "list comprehensions are");
        if (!accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RBRACKET, "expected ']' to close the list");
    Expr *e = new_expr(p, EX_LIST, where(p, open));
    e->seq.items = items.items;
    e->seq.n = items.n;
    return e;
}

static Expr *parse_string(Parser *p, Token *t)
{
    Expr *e = new_expr(p, EX_STR, where(p, t));
    const char *s = t->str;
    while (at(p, TK_STRING)) /* adjacent literals concatenate */
        s = arena_printf(p->a, "%s%s", s, next(p)->str);
    e->str = s;
    return e;
}

static Expr *parse_atom(Parser *p)
{
    Token *t = next(p);
    Expr *e;
    switch (t->kind) {
    case TK_NAME:
        e = new_expr(p, EX_NAME, where(p, t));
        e->name = t->str;
        return e;
    case TK_INT:
        e = new_expr(p, EX_INT, where(p, t));
        e->ival = t->ival;
        return e;
    case TK_FLOAT:
        e = new_expr(p, EX_FLOAT, where(p, t));
        e->fval = t->fval;
        return e;
    case TK_STRING: return parse_string(p, t);
    case TK_TRUE:
    case TK_FALSE:
        e = new_expr(p, EX_BOOL, where(p, t));
        e->bval = t->kind == TK_TRUE;
        return e;
    case TK_NONE: return new_expr(p, EX_NONE, where(p, t));
    case TK_LPAREN: return parse_paren(p, t);
    case TK_LBRACKET: return parse_list(p, t);
    case TK_LBRACE: unsupported(p, t, "dict and set displays are");
    case TK_LAMBDA: unsupported(p, t, "'lambda' is");
    case TK_YIELD: unsupported(p, t, "'yield' is");
    case TK_AWAIT: unsupported(p, t, "'await' is");
    default: p->pos--; fail_at(p, t, "expected an expression");
    }
}

static Expr *parse_primary(Parser *p)
{
    Expr *e = parse_atom(p);
    for (;;) {
        Token *t = peek(p);
        if (accept(p, TK_DOT)) {
            Token *name = expect(p, TK_NAME, "expected an attribute name after '.'");
            Expr *a = new_expr(p, EX_ATTR, e->loc);
            a->attr.value = e;
            a->attr.name = name->str;
            e = a;
        } else if (accept(p, TK_LPAREN)) {
            e = parse_call(p, e);
        } else if (accept(p, TK_LBRACKET)) {
            e = parse_subscript(p, e, t);
        } else {
            return e;
        }
    }
}

static Expr *parse_unary(Parser *p);

/* power: primary ['**' unary] — binds tighter than a unary minus on its left */
static Expr *parse_power(Parser *p)
{
    Expr *base = parse_primary(p);
    Token *t = peek(p);
    if (!accept(p, TK_DSTAR))
        return base;
    Expr *e = new_expr(p, EX_BINOP, where(p, t));
    e->binop.op = OP_POW;
    e->binop.lhs = base;
    e->binop.rhs = parse_unary(p);
    return e;
}

static Expr *parse_unary(Parser *p)
{
    Token *t = peek(p);
    AstOp op = t->kind == TK_MINUS ? OP_NEG : t->kind == TK_PLUS ? OP_POS : t->kind == TK_TILDE ? OP_INVERT : OP_COUNT_;
    if (op == OP_COUNT_)
        return parse_power(p);
    next(p);
    enter(p);
    Expr *e = new_expr(p, EX_UNARY, where(p, t));
    e->unary.op = op;
    e->unary.operand = parse_unary(p);
    p->depth--;
    return e;
}

typedef struct BinLevel {
    TokKind tok[5];
    AstOp op[5];
} BinLevel;

static const BinLevel LEVELS[] = {
    {{TK_PIPE}, {OP_BITOR}},
    {{TK_CARET}, {OP_BITXOR}},
    {{TK_AMP}, {OP_BITAND}},
    {{TK_LSHIFT, TK_RSHIFT}, {OP_LSHIFT, OP_RSHIFT}},
    {{TK_PLUS, TK_MINUS}, {OP_ADD, OP_SUB}},
    {{TK_STAR, TK_SLASH, TK_DSLASH, TK_PERCENT, TK_AT}, {OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_MATMUL}},
};

/* Left-associative binary operators, one precedence level per LEVELS entry. */
static Expr *parse_binary(Parser *p, int level)
{
    if (level == (int)(sizeof LEVELS / sizeof LEVELS[0]))
        return parse_unary(p);
    enter(p);
    Expr *lhs = parse_binary(p, level + 1);
    for (;;) {
        const BinLevel *L = &LEVELS[level];
        int k = 0;
        while (k < 5 && L->tok[k] && L->tok[k] != peek(p)->kind)
            k++;
        if (k == 5 || !L->tok[k])
            break;
        Token *op = next(p);
        Expr *e = new_expr(p, EX_BINOP, where(p, op)); /* errors point at the operator, as clang's do */
        e->binop.op = L->op[k];
        e->binop.lhs = lhs;
        e->binop.rhs = parse_binary(p, level + 1);
        lhs = e;
    }
    p->depth--;
    return lhs;
}

static bool compare_op(Parser *p, AstOp *op)
{
    switch (peek(p)->kind) {
    case TK_LT: *op = OP_LT; break;
    case TK_GT: *op = OP_GT; break;
    case TK_LE: *op = OP_LE; break;
    case TK_GE: *op = OP_GE; break;
    case TK_EQ: *op = OP_EQ; break;
    case TK_NE: *op = OP_NE; break;
    case TK_IN: *op = OP_IN; break;
    case TK_IS:
        next(p);
        *op = accept(p, TK_NOT) ? OP_ISNOT : OP_IS;
        return true;
    case TK_NOT:
        if (peek_at(p, 1)->kind != TK_IN)
            return false;
        next(p);
        *op = OP_NOTIN;
        break;
    default: return false;
    }
    next(p);
    return true;
}

static Expr *parse_comparison(Parser *p)
{
    Expr *first = parse_binary(p, 0);
    AstOp op;
    if (!compare_op(p, &op))
        return first;
    Expr *e = new_expr(p, EX_COMPARE, first->loc);
    ExprList operands = {0};
    AstOp *ops = NULL;
    int nops = 0, capops = 0;
    push_expr(p, &operands, first);
    do {
        ARR_PUSH(p->a, ops, nops, capops, op);
        push_expr(p, &operands, parse_binary(p, 0));
    } while (compare_op(p, &op));
    e->compare.ops = ops;
    e->compare.operands = operands.items;
    e->compare.n = operands.n;
    return e;
}

static Expr *parse_not(Parser *p)
{
    Token *t = peek(p);
    if (!accept(p, TK_NOT))
        return parse_comparison(p);
    enter(p);
    Expr *e = new_expr(p, EX_UNARY, where(p, t));
    e->unary.op = OP_NOT;
    e->unary.operand = parse_not(p);
    p->depth--;
    return e;
}

static Expr *parse_boolop(Parser *p, TokKind tok, AstOp op, Expr *(*operand)(Parser *))
{
    Expr *lhs = operand(p);
    while (accept(p, tok)) {
        Expr *e = new_expr(p, EX_BOOLOP, lhs->loc);
        e->binop.op = op;
        e->binop.lhs = lhs;
        e->binop.rhs = operand(p);
        lhs = e;
    }
    return lhs;
}

static Expr *parse_and(Parser *p) { return parse_boolop(p, TK_AND, OP_AND, parse_not); }
static Expr *parse_or(Parser *p) { return parse_boolop(p, TK_OR, OP_OR, parse_and); }

/* test: or_test ['if' or_test 'else' test] */
static Expr *parse_test(Parser *p)
{
    enter(p);
    if (at(p, TK_LAMBDA))
        unsupported(p, peek(p), "'lambda' is");
    Expr *then = parse_or(p);
    if (at(p, TK_WALRUS))
        unsupported(p, peek(p), "assignment expressions (:=) are");
    if (!accept(p, TK_IF)) {
        p->depth--;
        return then;
    }
    Expr *e = new_expr(p, EX_IFEXP, then->loc);
    e->ifexp.then = then;
    e->ifexp.cond = parse_or(p);
    expect(p, TK_ELSE, "expected 'else' in the conditional expression");
    e->ifexp.els = parse_test(p);
    p->depth--;
    return e;
}

/* expr: test {',' test} — a bare tuple where several */
static Expr *parse_expr(Parser *p)
{
    Expr *first = parse_test(p);
    if (!at(p, TK_COMMA))
        return first;
    ExprList items = {0};
    push_expr(p, &items, first);
    while (accept(p, TK_COMMA)) {
        if (at(p, TK_NEWLINE) || at(p, TK_ASSIGN) || at(p, TK_RPAREN) || at(p, TK_SEMI) || at(p, TK_EOF) ||
            at(p, TK_COLON) || (peek(p)->kind >= TK_PLUSEQ && peek(p)->kind <= TK_ATEQ))
            break;
        push_expr(p, &items, parse_test(p));
    }
    Expr *e = new_expr(p, EX_TUPLE, first->loc);
    e->seq.items = items.items;
    e->seq.n = items.n;
    return e;
}

/* ---- statements ---- */

static Block parse_suite(Parser *p);

typedef struct StmtList {
    Stmt **items;
    int n, cap;
} StmtList;

static Stmt *new_stmt(Parser *p, StmtKind k, SrcLoc loc)
{
    Stmt *s = node(p, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

static AstOp augassign_op(TokKind k)
{
    static const AstOp ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
                                OP_LSHIFT, OP_RSHIFT, OP_BITAND, OP_BITOR, OP_BITXOR, OP_MATMUL};
    return ops[k - TK_PLUSEQ];
}

static void check_target(Parser *p, const Expr *e, const Token *at_tok)
{
    if (e->kind == EX_TUPLE || e->kind == EX_LIST) {
        for (int i = 0; i < e->seq.n; i++)
            check_target(p, e->seq.items[i], at_tok);
        return;
    }
    if (e->kind != EX_NAME && e->kind != EX_SUBSCRIPT && e->kind != EX_ATTR) {
        diag_error(p->d, e->loc, "cannot assign to this expression");
        longjmp(p->recover, 1);
    }
}

static Stmt *parse_expr_stmt(Parser *p)
{
    Token *start = peek(p);
    Expr *e = parse_expr(p);
    TokKind k = peek(p)->kind;
    if (k >= TK_PLUSEQ && k <= TK_ATEQ) {
        Token *op = next(p);
        if (e->kind != EX_NAME && e->kind != EX_SUBSCRIPT && e->kind != EX_ATTR)
            fail_at(p, op, "illegal target for augmented assignment");
        Stmt *s = new_stmt(p, ST_AUGASSIGN, where(p, start));
        s->augassign.target = e;
        s->augassign.op = augassign_op(op->kind);
        s->augassign.value = parse_expr(p);
        return s;
    }
    if (k != TK_ASSIGN) {
        Stmt *s = new_stmt(p, ST_EXPR, where(p, start));
        s->expr = e;
        return s;
    }
    Stmt *s = new_stmt(p, ST_ASSIGN, where(p, start));
    ExprList targets = {0};
    while (accept(p, TK_ASSIGN)) {
        check_target(p, e, start);
        push_expr(p, &targets, e);
        e = parse_expr(p);
    }
    s->assign.targets = targets.items;
    s->assign.ntargets = targets.n;
    s->assign.value = e;
    return s;
}

static Stmt *parse_simple(Parser *p)
{
    Token *t = peek(p);
    Stmt *s;
    switch (t->kind) {
    case TK_PASS: next(p); return new_stmt(p, ST_PASS, where(p, t));
    case TK_BREAK: next(p); return new_stmt(p, ST_BREAK, where(p, t));
    case TK_CONTINUE: next(p); return new_stmt(p, ST_CONTINUE, where(p, t));
    case TK_RETURN:
        next(p);
        s = new_stmt(p, ST_RETURN, where(p, t));
        if (!at(p, TK_NEWLINE) && !at(p, TK_SEMI) && !at(p, TK_EOF))
            s->ret = parse_expr(p);
        return s;
    case TK_IMPORT:
    case TK_FROM: fail_at(p, t, "imports belong at module level in krn");
    case TK_GLOBAL:
    case TK_NONLOCAL:
    case TK_DEL:
    case TK_ASSERT:
    case TK_RAISE:
        diag_error(p->d, where(p, t), "'%s' is not supported in krn", lex_token_name(t->kind));
        longjmp(p->recover, 1);
    default: return parse_expr_stmt(p);
    }
}

/* simple_stmt {';' simple_stmt} NEWLINE */
static void parse_simple_line(Parser *p, StmtList *out)
{
    do {
        if (at(p, TK_NEWLINE) || at(p, TK_EOF))
            break;
        Stmt *s = parse_simple(p);
        ARR_PUSH(p->a, out->items, out->n, out->cap, s);
    } while (accept(p, TK_SEMI));
    if (!accept(p, TK_NEWLINE) && !at(p, TK_EOF))
        fail_at(p, peek(p), "expected the end of the statement");
}

static Stmt *parse_if(Parser *p, Token *kw)
{
    Stmt *s = new_stmt(p, ST_IF, where(p, kw));
    s->if_.cond = parse_test(p);
    expect(p, TK_COLON, "expected ':' after the 'if' condition");
    s->if_.body = parse_suite(p);
    Token *t = peek(p);
    if (accept(p, TK_ELIF)) {
        Stmt *nested = parse_if(p, t);
        s->if_.orelse.items = node(p, sizeof(Stmt *));
        s->if_.orelse.items[0] = nested;
        s->if_.orelse.n = 1;
    } else if (accept(p, TK_ELSE)) {
        expect(p, TK_COLON, "expected ':' after 'else'");
        s->if_.orelse = parse_suite(p);
    }
    return s;
}

static void reject_else(Parser *p, const char *what)
{
    if (at(p, TK_ELSE)) {
        diag_error(p->d, where(p, peek(p)), "'%s ... else' is not supported in krn", what);
        next(p);
        accept(p, TK_COLON);
        parse_suite(p);
    }
}

static Stmt *parse_compound(Parser *p)
{
    Token *t = next(p);
    Stmt *s;
    switch (t->kind) {
    case TK_IF: return parse_if(p, t);
    case TK_WHILE:
        s = new_stmt(p, ST_WHILE, where(p, t));
        s->while_.cond = parse_test(p);
        expect(p, TK_COLON, "expected ':' after the 'while' condition");
        s->while_.body = parse_suite(p);
        reject_else(p, "while");
        return s;
    case TK_FOR: {
        s = new_stmt(p, ST_FOR, where(p, t));
        Token *start = peek(p);
        Expr *target = parse_binary(p, 0);
        if (at(p, TK_COMMA)) {
            ExprList items = {0};
            push_expr(p, &items, target);
            while (accept(p, TK_COMMA) && !at(p, TK_IN))
                push_expr(p, &items, parse_binary(p, 0));
            target = new_expr(p, EX_TUPLE, where(p, start));
            target->seq.items = items.items;
            target->seq.n = items.n;
        }
        check_target(p, target, start);
        s->for_.target = target;
        expect(p, TK_IN, "expected 'in' after the loop variable");
        s->for_.iter = parse_expr(p);
        expect(p, TK_COLON, "expected ':' after the 'for' clause");
        s->for_.body = parse_suite(p);
        reject_else(p, "for");
        return s;
    }
    default:
        p->pos--;
        diag_error(p->d, where(p, t), "'%s' is not supported in krn", lex_token_name(t->kind));
        longjmp(p->recover, 1);
    }
}

/* Skips the rest of a broken statement: to the NEWLINE ending it, and any block it opened. */
static void synchronize(Parser *p)
{
    int depth = 0;
    while (!at(p, TK_EOF)) {
        TokKind k = next(p)->kind;
        if (k == TK_INDENT)
            depth++;
        else if (k == TK_DEDENT && --depth <= 0 && depth < 0)
            { p->pos--; return; }
        else if (k == TK_NEWLINE && depth == 0) {
            if (!at(p, TK_INDENT))
                return;
        }
        if (depth == 0 && k == TK_DEDENT)
            return;
    }
}

static void parse_statement(Parser *p, StmtList *out)
{
    int saved = p->depth;
    jmp_buf outer;
    memcpy(outer, p->recover, sizeof outer);
    if (setjmp(p->recover)) {
        p->depth = saved;
        synchronize(p);
        memcpy(p->recover, outer, sizeof outer);
        return;
    }
    TokKind k = peek(p)->kind;
    if (k == TK_DEF || k == TK_AT)
        unsupported(p, peek(p), "nested functions are");
    else if (k == TK_CLASS || k == TK_WITH || k == TK_TRY || k == TK_ASYNC || k == TK_EXCEPT || k == TK_FINALLY)
        diag_error(p->d, where(p, peek(p)), "'%s' is not supported in krn", lex_token_name(k)), longjmp(p->recover, 1);
    else if (k == TK_IF || k == TK_WHILE || k == TK_FOR) {
        Stmt *s = parse_compound(p);
        ARR_PUSH(p->a, out->items, out->n, out->cap, s);
    } else if (k == TK_INDENT) {
        fail_at(p, peek(p), "unexpected indent");
    } else {
        parse_simple_line(p, out);
    }
    memcpy(p->recover, outer, sizeof outer);
}

/* suite: simple_line | NEWLINE INDENT stmt+ DEDENT */
static Block parse_suite(Parser *p)
{
    StmtList l = {0};
    if (!accept(p, TK_NEWLINE)) {
        parse_simple_line(p, &l);
        return (Block){l.items, l.n};
    }
    expect(p, TK_INDENT, "expected an indented block");
    while (!at(p, TK_DEDENT) && !at(p, TK_EOF))
        parse_statement(p, &l);
    accept(p, TK_DEDENT);
    return (Block){l.items, l.n};
}

/* ---- module level ---- */

typedef struct TopList {
    TopItem *items;
    int n, cap;
} TopList;

static const char *dotted_name(Parser *p)
{
    const char *s = expect(p, TK_NAME, "expected a module name")->str;
    while (accept(p, TK_DOT))
        s = arena_printf(p->a, "%s.%s", s, expect(p, TK_NAME, "expected a name after '.'")->str);
    return s;
}

static Import *parse_import(Parser *p, Token *kw)
{
    Import *im = node(p, sizeof *im);
    im->loc = where(p, kw);
    im->is_from = kw->kind == TK_FROM;
    im->module = dotted_name(p);
    int cap = 0;
    if (!im->is_from) {
        im->names = node(p, sizeof *im->names);
        im->asnames = node(p, sizeof *im->asnames);
        im->name_locs = node(p, sizeof *im->name_locs);
        im->name_locs[0] = im->loc;
        if (accept(p, TK_AS))
            im->asnames[0] = expect(p, TK_NAME, "expected a name after 'as'")->str;
        im->nnames = 1;
        return im;
    }
    expect(p, TK_IMPORT, "expected 'import'");
    if (at(p, TK_STAR))
        unsupported(p, peek(p), "'import *' is");
    bool paren = accept(p, TK_LPAREN);
    int n = 0;
    do {
        if (paren && at(p, TK_RPAREN))
            break;
        Token *name = expect(p, TK_NAME, "expected a name to import");
        const char *as = accept(p, TK_AS) ? expect(p, TK_NAME, "expected a name after 'as'")->str : NULL;
        SrcLoc loc = where(p, name);
        int c1 = cap, c2 = cap, n1 = n, n2 = n;
        ARR_PUSH(p->a, im->names, n, cap, name->str);
        ARR_PUSH(p->a, im->asnames, n1, c1, as);
        ARR_PUSH(p->a, im->name_locs, n2, c2, loc);
    } while (accept(p, TK_COMMA));
    if (paren)
        expect(p, TK_RPAREN, "expected ')'");
    im->nnames = n;
    return im;
}

static void parse_params(Parser *p, FuncDef *f)
{
    expect(p, TK_LPAREN, "expected '(' after the function name");
    int cap = 0;
    while (!at(p, TK_RPAREN)) {
        if (at(p, TK_STAR) || at(p, TK_DSTAR))
            unsupported(p, peek(p), "*args and **kwargs are");
        Token *name = expect(p, TK_NAME, "expected a parameter name");
        Param prm = {.name = name->str, .loc = where(p, name)};
        if (accept(p, TK_COLON))
            parse_test(p); /* annotations are allowed and ignored */
        if (accept(p, TK_ASSIGN))
            prm.default_value = parse_test(p);
        for (int i = 0; i < f->nparams; i++)
            if (strcmp(f->params[i].name, prm.name) == 0)
                fail_at(p, name, "duplicate parameter name");
        ARR_PUSH(p->a, f->params, f->nparams, cap, prm);
        if (!accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_RPAREN, "expected ')' after the parameters");
    if (accept(p, TK_ARROW))
        parse_test(p);
    expect(p, TK_COLON, "expected ':' after the function signature");
}

static FuncDef *parse_def(Parser *p, ExprList *decorators, const Token *first)
{
    Token *def = expect(p, TK_DEF, "expected 'def' after the decorators");
    (void)def;
    Token *name = expect(p, TK_NAME, "expected a function name after 'def'");
    FuncDef *f = node(p, sizeof *f);
    f->name = name->str;
    f->loc = where(p, name);
    f->decorators = decorators->items;
    f->ndecorators = decorators->n;
    parse_params(p, f);
    f->body = parse_suite(p);
    const char *end = peek(p)->text;
    f->source_text = first->text;
    f->source_len = (int)(end - first->text);
    return f;
}

static void parse_top(Parser *p, TopList *out)
{
    Token *first = peek(p);
    TopItem it = {0};
    if (at(p, TK_IMPORT) || at(p, TK_FROM)) {
        it.kind = TOP_IMPORT;
        it.import = parse_import(p, next(p));
        if (!accept(p, TK_NEWLINE) && !at(p, TK_EOF))
            fail_at(p, peek(p), "expected the end of the import");
    } else if (at(p, TK_AT) || at(p, TK_DEF)) {
        ExprList decorators = {0};
        while (accept(p, TK_AT)) {
            push_expr(p, &decorators, parse_test(p));
            expect(p, TK_NEWLINE, "expected the end of the line after the decorator");
        }
        it.kind = TOP_FUNC;
        it.func = parse_def(p, &decorators, first);
    } else if (at(p, TK_NAME) && peek_at(p, 1)->kind == TK_ASSIGN) {
        Token *name = next(p);
        next(p);
        GlobalDef *g = node(p, sizeof *g);
        g->name = name->str;
        g->loc = where(p, name);
        g->value = parse_expr(p);
        if (!accept(p, TK_NEWLINE) && !at(p, TK_EOF))
            fail_at(p, peek(p), "expected the end of the assignment");
        it.kind = TOP_GLOBAL;
        it.global = g;
    } else if (at(p, TK_STRING) && (peek_at(p, 1)->kind == TK_NEWLINE || peek_at(p, 1)->kind == TK_EOF)) {
        next(p); /* a module docstring */
        accept(p, TK_NEWLINE);
        return;
    } else if (at(p, TK_INDENT)) {
        fail_at(p, first, "unexpected indent");
    } else {
        fail_at(p, first, "only imports, constant assignments and function definitions may appear at module level; expected one");
    }
    ARR_PUSH(p->a, out->items, out->n, out->cap, it);
}

/* Skips to the next top-level line that can start a definition. */
static void synchronize_top(Parser *p)
{
    while (!at(p, TK_EOF)) {
        TokKind k = next(p)->kind;
        if (k == TK_INDENT) {
            int depth = 1;
            while (depth > 0 && !at(p, TK_EOF)) {
                TokKind j = next(p)->kind;
                depth += j == TK_INDENT ? 1 : j == TK_DEDENT ? -1 : 0;
            }
        }
        if ((k == TK_NEWLINE || k == TK_DEDENT) && !at(p, TK_INDENT))
            return;
    }
}

Module *parse_module(Arena *a, Diag *d, const SrcFile *file)
{
    TokenList toks = {0};
    lex_source(a, d, file, &toks);
    Parser p = {.a = a, .d = d, .file = file, .toks = toks.toks, .n = toks.n};
    TopList items = {0};
    while (!at(&p, TK_EOF)) {
        if (accept(&p, TK_NEWLINE) || accept(&p, TK_DEDENT))
            continue;
        int start = p.pos;
        if (setjmp(p.recover)) {
            p.depth = 0;
            if (p.pos == start)
                next(&p);
            synchronize_top(&p);
            continue;
        }
        parse_top(&p, &items);
    }
    Module *m = arena_alloc(a, sizeof *m);
    m->file = file;
    m->items = items.items;
    m->nitems = items.n;
    return m;
}

Expr *parse_expr_string(Arena *a, Diag *d, const char *text, SrcLoc at_loc)
{
    SrcFile *f = arena_alloc(a, sizeof *f);
    f->name = at_loc.file ? at_loc.file->name : "<signature>";
    f->text = text;
    f->len = (int)strlen(text);
    Diag local;
    diag_init(&local, a);
    TokenList toks = {0};
    lex_source(a, &local, f, &toks);
    Parser p = {.a = a, .d = d, .file = f, .toks = toks.toks, .n = toks.n, .base = at_loc,
                .in_string = at_loc.file != NULL};
    if (local.errors) {
        diag_error(d, at_loc, "malformed signature string \"%s\"", text);
        return NULL;
    }
    if (setjmp(p.recover))
        return NULL;
    Expr *e = parse_expr(&p);
    accept(&p, TK_NEWLINE);
    if (!at(&p, TK_EOF))
        fail_at(&p, peek(&p), "unexpected text after the signature");
    return e;
}
