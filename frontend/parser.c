/* parser.c — owns the translation of tokens into the AST (parser.h): recursive descent with
 * one small function per grammar rule, chibicc style.
 *
 * Error handling: a syntax error is reported at its token and unwinds (longjmp) to the
 * statement being parsed, which is then skipped up to its NEWLINE, together with the indented
 * block and the elif/else clauses of a broken compound statement. Parsing resumes at the next
 * statement, so one run reports several errors. An error on a logical line where the lexer
 * already reported one is not reported again: it is almost always a consequence of the first.
 * All nodes live in the arena, so unwinding leaks nothing. Recursion is bounded: nesting
 * deeper than MAX_DEPTH, or trees taller than MAX_TREE_HEIGHT, are errors, never a stack
 * overflow, whatever the input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lexer.h"
#include "parser.h"

enum {
    MAX_DEPTH = 200,        /* nested brackets, unary operators, conditional expressions */
    MAX_TREE_HEIGHT = 1000, /* long operator chains: later passes recurse on the tree */
};

typedef struct Parser {
    Arena *a;
    Diag *d;
    Token *toks;
    int ntoks;
    int pos;
    int depth;
    jmp_buf *recover;       /* where a syntax error unwinds to */
    int lex_first, lex_end; /* d->items[lex_first, lex_end) came from the lexer */
    const char *prev_end;   /* end of the last token consumed that is not layout */
    bool in_string;         /* parse_expr_string: the end of input is the end of a string */
    bool allow_lambda;      /* in a module-level assignment: `r = cuda.reduce(lambda a, b: a + b)` */
    bool allow_set;         /* in a decorator or a module-level assignment: `fastmath={'nsz', 'arcp'}` */
    bool allow_dict;        /* in a decorator: `locals={'x': float64}` */
} Parser;

typedef struct ExprList {
    Expr **items;
    int n, cap;
} ExprList;

typedef struct StmtList {
    Stmt **items;
    int n, cap;
} StmtList;

typedef struct TopList {
    TopItem *items;
    int n, cap;
} TopList;

#define COUNT(a) ((int)(sizeof(a) / sizeof(a)[0]))

/* ---- tokens ---- */

static Token *peek(Parser *p) { return &p->toks[p->pos]; }
static Token *peek_next(Parser *p) { return &p->toks[p->pos + 1 < p->ntoks ? p->pos + 1 : p->pos]; }
static bool at(Parser *p, TokKind k) { return p->toks[p->pos].kind == k; }

static bool is_layout(TokKind k)
{
    return k == TK_NEWLINE || k == TK_INDENT || k == TK_DEDENT || k == TK_EOF;
}

static Token *next(Parser *p)
{
    Token *t = peek(p);
    if (t->kind != TK_EOF)
        p->pos++;
    if (!is_layout(t->kind))
        p->prev_end = t->text + t->len;
    return t;
}

static bool accept(Parser *p, TokKind k)
{
    if (!at(p, k))
        return false;
    next(p);
    return true;
}

/* ---- diagnostics ---- */

/* Whether the lexer reported an error on the logical line of token i, up to i's line. */
static bool lexer_reported_line_of(Parser *p, int i)
{
    int line_hi = p->toks[i].loc.line, j = i;
    if (j > 0 && p->toks[j].kind == TK_NEWLINE)
        j--;
    while (j > 0 && !is_layout(p->toks[j - 1].kind))
        j--;
    int line_lo = p->toks[j].loc.line < line_hi ? p->toks[j].loc.line : line_hi;
    for (int k = p->lex_first; k < p->lex_end && k < p->d->n; k++) {
        const DiagItem *it = &p->d->items[k];
        if (it->severity == DIAG_ERROR && it->loc.line >= line_lo && it->loc.line <= line_hi)
            return true;
    }
    return false;
}

static void vreport(Parser *p, SrcLoc loc, const char *fmt, va_list ap)
{
    if (!lexer_reported_line_of(p, p->pos))
        diag_vreport(p->d, DIAG_ERROR, loc, fmt, ap);
}

/* Reports an error at loc and goes on parsing. */
static void __attribute__((format(printf, 3, 4))) error_at(Parser *p, SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(p, loc, fmt, ap);
    va_end(ap);
}

/* Reports an error at loc and unwinds to the statement being parsed. */
static _Noreturn void __attribute__((format(printf, 3, 4)))
fail_at(Parser *p, SrcLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(p, loc, fmt, ap);
    va_end(ap);
    longjmp(*p->recover, 1);
}

/* How a token reads in "found X". */
static const char *describe(Parser *p, const Token *t)
{
    switch (t->kind) {
    case TK_EOF: return p->in_string ? "end of string" : "end of file";
    case TK_NEWLINE: return p->in_string ? "end of string" : "end of line";
    case TK_INDENT: return "an indented line";
    case TK_DEDENT: return "the end of an indented block";
    case TK_STRING: return "string literal";
    default:
        if (t->len > 24)
            return arena_printf(p->a, "'%.21s...'", t->text);
        return arena_printf(p->a, "'%.*s'", t->len, t->text);
    }
}

/* "expected WHAT, found X" at the current token */
static _Noreturn void fail_expected(Parser *p, const char *what)
{
    fail_at(p, peek(p)->loc, "expected %s, found %s", what, describe(p, peek(p)));
}

/* "WHAT not supported in krn", WHAT reading like "dict displays are" */
static _Noreturn void unsupported(Parser *p, const Token *t, const char *what)
{
    fail_at(p, t->loc, "%s not supported in krn", what);
}

static _Noreturn void unsupported_keyword(Parser *p, const Token *t)
{
    if (t->kind == TK_YIELD)
        fail_at(p, t->loc, "'yield' is not supported in krn: generators are not supported by jitc");
    fail_at(p, t->loc, "%s is not supported in krn", lex_token_name(t->kind));
}

/* expect(p, TK_IN, "after 'for' target") reports "expected 'in' after 'for' target". */
static Token *expect(Parser *p, TokKind k, const char *context)
{
    if (!at(p, k))
        fail_at(p, peek(p)->loc, "expected %s %s", lex_token_name(k), context);
    return next(p);
}

/* The ':' that ends a compound statement's header; `if x = 1:` gets a hint. */
static void expect_colon(Parser *p, const char *context)
{
    if (at(p, TK_ASSIGN))
        fail_at(p, peek(p)->loc, "invalid syntax: maybe you meant '==' instead of '='?");
    expect(p, TK_COLON, context);
}

/* ---- recovery ---- */

/* Runs fn; after a syntax error inside it, restores the state and calls skip to step over
 * what is left of the broken construct. Returns false after an error. */
static bool guarded(Parser *p, void (*fn)(Parser *, void *), void *arg, void (*skip)(Parser *))
{
    jmp_buf here, *outer = p->recover;
    int depth = p->depth;
    p->recover = &here;
    if (setjmp(here) == 0) {
        fn(p, arg);
        p->recover = outer;
        return true;
    }
    p->recover = outer;
    p->depth = depth;
    skip(p);
    return false;
}

/* Skips to the end of the logical line, and past the indented block that follows it.
 * Stops before a DEDENT that closes the enclosing block. Returns whether a block was skipped. */
static bool skip_line_and_block(Parser *p)
{
    int level = 0;
    bool block = false;
    for (;;) {
        TokKind k = peek(p)->kind;
        if (k == TK_EOF || (k == TK_DEDENT && level == 0))
            return block;
        next(p);
        if (k == TK_INDENT) {
            level++;
            block = true;
        } else if (k == TK_DEDENT && --level == 0) {
            return block;
        } else if (k == TK_NEWLINE && level == 0 && !at(p, TK_INDENT)) {
            return block;
        }
    }
}

/* Skips a broken statement; a broken compound statement takes its other clauses along. */
static void skip_statement(Parser *p)
{
    if (!skip_line_and_block(p))
        return;
    while (at(p, TK_ELIF) || at(p, TK_ELSE) || at(p, TK_EXCEPT) || at(p, TK_FINALLY))
        skip_line_and_block(p);
}

static void skip_nothing(Parser *p) { (void)p; }

/* ---- nodes ---- */

/* Every Expr of the parser carries its tree height just before it, so that over-tall trees
 * (a + a + ... ten thousand times) are refused without walking them. */
typedef struct ExprNode {
    int height;
    Expr expr;
} ExprNode;

static ExprNode *node_of(const Expr *e)
{
    return (ExprNode *)(void *)((char *)(uintptr_t)e - offsetof(ExprNode, expr));
}

static int height(const Expr *e) { return e ? node_of(e)->height : 0; }

static Expr *new_expr(Parser *p, ExprKind k, SrcLoc loc)
{
    ExprNode *n = arena_alloc(p->a, sizeof *n);
    n->height = 1;
    n->expr.kind = k;
    n->expr.loc = loc;
    return &n->expr;
}

static int max_height(Expr *const *items, int n)
{
    int h = 0;
    for (int i = 0; i < n; i++)
        if (height(items[i]) > h)
            h = height(items[i]);
    return h;
}

static int max2(int a, int b) { return a > b ? a : b; }

static int children_height(const Expr *e)
{
    switch (e->kind) {
    case EX_BINOP:
    case EX_BOOLOP: return max2(height(e->binop.lhs), height(e->binop.rhs));
    case EX_UNARY: return height(e->unary.operand);
    case EX_COMPARE: return max_height(e->compare.operands, e->compare.n);
    case EX_IFEXP: return max2(height(e->ifexp.cond), max2(height(e->ifexp.then), height(e->ifexp.els)));
    case EX_CALL: {
        int h = max2(height(e->call.func), max_height(e->call.args, e->call.nargs));
        for (int i = 0; i < e->call.nkws; i++)
            h = max2(h, height(e->call.kws[i].value));
        return h;
    }
    case EX_ATTR: return height(e->attr.value);
    case EX_SUBSCRIPT: return max2(height(e->subscript.value), height(e->subscript.index));
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING: return max_height(e->seq.items, e->seq.n);
    case EX_SLICE: return max2(height(e->slice.lo), max2(height(e->slice.hi), height(e->slice.step)));
    case EX_LAMBDA: return height(e->lambda.body);
    case EX_LISTCOMP: {
        int h = max2(max2(height(e->comp.elt), height(e->comp.value)),
                     max2(max_height(e->comp.targets, e->comp.n), max_height(e->comp.iters, e->comp.n)));
        for (int i = 0; i < e->comp.n; i++)
            h = max2(h, height(e->comp.conds[i]));
        return h;
    }
    default: return 0;
    }
}

/* Records the height of a node whose children are complete. */
static Expr *finish(Parser *p, Expr *e)
{
    int h = 1 + children_height(e);
    if (h > MAX_TREE_HEIGHT)
        fail_at(p, e->loc, "expression nested too deeply");
    node_of(e)->height = h;
    return e;
}

static void push_expr(Parser *p, ExprList *l, Expr *e) { ARR_PUSH(p->a, l->items, l->n, l->cap, e); }

static Expr *new_seq(Parser *p, ExprKind k, SrcLoc loc, const ExprList *items)
{
    Expr *e = new_expr(p, k, loc);
    e->seq.items = items->items;
    e->seq.n = items->n;
    return finish(p, e);
}

/* Errors about an operation point at its operator, as clang's do. */
static Expr *new_binop(Parser *p, ExprKind k, AstOp op, const Token *op_tok, Expr *lhs, Expr *rhs)
{
    Expr *e = new_expr(p, k, op_tok->loc);
    e->binop.op = op;
    e->binop.lhs = lhs;
    e->binop.rhs = rhs;
    return finish(p, e);
}

static Expr *new_unary(Parser *p, AstOp op, const Token *op_tok, Expr *operand)
{
    Expr *e = new_expr(p, EX_UNARY, op_tok->loc);
    e->unary.op = op;
    e->unary.operand = operand;
    return finish(p, e);
}

static Stmt *new_stmt(Parser *p, StmtKind k, SrcLoc loc)
{
    Stmt *s = arena_alloc(p->a, sizeof *s);
    s->kind = k;
    s->loc = loc;
    return s;
}

static void enter(Parser *p)
{
    if (++p->depth > MAX_DEPTH)
        fail_at(p, peek(p)->loc, "expression nested too deeply");
}

static void leave(Parser *p) { p->depth--; }

/* ---- expressions ---- */

static Expr *parse_test(Parser *p);
static Expr *parse_factor(Parser *p);
static Expr *parse_bitor(Parser *p);

static bool starts_expression(TokKind k)
{
    switch (k) {
    case TK_NAME: case TK_INT: case TK_FLOAT: case TK_IMAG: case TK_STRING: case TK_TRUE: case TK_FALSE:
    case TK_NONE: case TK_LPAREN: case TK_LBRACKET: case TK_LBRACE: case TK_MINUS: case TK_PLUS:
    case TK_TILDE: case TK_NOT: case TK_LAMBDA: case TK_AWAIT: case TK_YIELD: case TK_STAR:
    case TK_DOT:
        return true;
    default:
        return false;
    }
}

/* item (',' item)* [','] — a tuple when there is a comma. `item` is parse_test for
 * expressions and parse_bitor for 'for' targets, which must stop before 'in'. */
static Expr *parse_list_of(Parser *p, Expr *(*item)(Parser *))
{
    Expr *first = item(p);
    if (!at(p, TK_COMMA))
        return first;
    ExprList items = {0};
    push_expr(p, &items, first);
    while (accept(p, TK_COMMA) && starts_expression(peek(p)->kind))
        push_expr(p, &items, item(p));
    return new_seq(p, EX_TUPLE, first->loc, &items);
}

/* exprlist: test (',' test)* [','] */
static Expr *parse_exprlist(Parser *p) { return parse_list_of(p, parse_test); }

/* Adjacent string literals concatenate: "float32(" "float32)"; first is consumed already. */
static Expr *str_expr(Parser *p, const char *s, SrcLoc loc)
{
    Expr *e = new_expr(p, EX_STR, loc);
    e->str = s;
    return e;
}

/* Adjacent string literals of which some are f-strings: one EX_FSTRING of their parts (EX_STR
 * literal text, or an expression parsed where it sits in the file). */
static Expr *parse_fstrings(Parser *p, const Token *first)
{
    int total = 0;
    for (int k = p->pos - 1; k < p->ntoks && p->toks[k].kind == TK_STRING; k++)
        total += p->toks[k].fparts ? p->toks[k].nfparts : 1;
    ExprList parts = {0};
    char *conv = arena_alloc(p->a, (size_t)total + 1);
    const char **spec = arena_alloc(p->a, sizeof *spec * ((size_t)total + 1));
    for (const Token *t = first;; t = next(p)) {
        for (int i = 0; i < (t->fparts ? t->nfparts : 1); i++) {
            const FStrPart *fp = t->fparts ? &t->fparts[i] : NULL;
            Expr *part = NULL;
            if (fp && fp->expr && !(part = parse_expr_string(p->a, p->d, fp->text, fp->loc)))
                part = str_expr(p, "", fp->loc); /* reported */
            conv[parts.n] = fp && fp->expr ? (fp->conv ? fp->conv : 's') : 0;
            spec[parts.n] = fp && fp->expr ? fp->spec : NULL;
            push_expr(p, &parts, part ? part : str_expr(p, fp ? fp->text : t->str, t->loc));
        }
        if (!at(p, TK_STRING))
            break;
    }
    Expr *e = new_seq(p, EX_FSTRING, first->loc, &parts);
    e->seq.conv = conv;
    e->seq.spec = spec;
    return e;
}

static Expr *parse_strings(Parser *p, const Token *first)
{
    for (int k = p->pos - 1; k < p->ntoks && p->toks[k].kind == TK_STRING; k++)
        if (p->toks[k].fparts)
            return parse_fstrings(p, first);
    Expr *e = new_expr(p, EX_STR, first->loc);
    e->str = first->str;
    if (!at(p, TK_STRING))
        return e;
    size_t total = strlen(first->str);
    int end = p->pos;
    for (; p->toks[end].kind == TK_STRING; end++)
        total += strlen(p->toks[end].str);
    char *s = arena_alloc(p->a, total + 1), *o = s;
    o = stpcpy(o, first->str);
    while (at(p, TK_STRING))
        o = stpcpy(o, next(p)->str);
    e->str = s;
    return e;
}

static void reject_comprehension(Parser *p, const char *what)
{
    if (at(p, TK_FOR) || at(p, TK_ASYNC))
        unsupported(p, peek(p), what);
}

/* '(' [test (',' test)* [',']] ')' — a parenthesised expression, or a tuple */
static Expr *parse_paren(Parser *p, const Token *open)
{
    if (accept(p, TK_RPAREN))
        return new_seq(p, EX_TUPLE, open->loc, &(ExprList){0});
    if (at(p, TK_YIELD))
        unsupported_keyword(p, peek(p));
    Expr *first = parse_test(p);
    reject_comprehension(p, "generator expressions are");
    if (accept(p, TK_RPAREN))
        return first;
    ExprList items = {0};
    push_expr(p, &items, first);
    while (accept(p, TK_COMMA) && !at(p, TK_RPAREN))
        push_expr(p, &items, parse_test(p));
    if (!accept(p, TK_RPAREN))
        fail_expected(p, "',' or ')'");
    return new_seq(p, EX_TUPLE, open->loc, &items);
}

static Expr *parse_bitor(Parser *p);
static Expr *parse_or_test(Parser *p);
static void check_target(Parser *p, const Expr *t);

/* '[' test comp_for ']' with comp_for: ('for' targets 'in' or_test ('if' or_test)*)+ , or '{' test ':'
 * test comp_for '}' (value: the dict comprehension's value, else NULL); `for` is next */
static Expr *parse_comprehension(Parser *p, const Token *open, Expr *elt, Expr *value)
{
    Expr *e = new_expr(p, EX_LISTCOMP, open->loc);
    ExprList targets = {0}, iters = {0}, conds = {0};
    while (at(p, TK_FOR)) {
        next(p);
        Expr *t = parse_list_of(p, parse_bitor);
        check_target(p, t);
        push_expr(p, &targets, t);
        expect(p, TK_IN, "after the comprehension's 'for' target");
        push_expr(p, &iters, parse_or_test(p));
        Expr *cond = NULL;
        while (at(p, TK_IF)) {
            Token *kw = next(p);
            Expr *c = parse_or_test(p);
            cond = cond ? new_binop(p, EX_BOOLOP, OP_AND, kw, cond, c) : c;
        }
        push_expr(p, &conds, cond);
    }
    if (!accept(p, value ? TK_RBRACE : TK_RBRACKET))
        fail_expected(p, value ? "'}'" : "']'");
    e->comp.elt = elt;
    e->comp.value = value;
    e->comp.targets = targets.items;
    e->comp.iters = iters.items;
    e->comp.conds = conds.items;
    e->comp.n = targets.n;
    return finish(p, e);
}

/* '[' [test (',' test)* [',']] ']' | '[' test comp_for ']' */
static Expr *parse_list_display(Parser *p, const Token *open)
{
    ExprList items = {0};
    while (!at(p, TK_RBRACKET)) {
        push_expr(p, &items, parse_test(p));
        if (items.n == 1 && at(p, TK_FOR))
            return parse_comprehension(p, open, items.items[0], NULL);
        reject_comprehension(p, "list comprehensions are");
        if (!accept(p, TK_COMMA))
            break;
    }
    if (!accept(p, TK_RBRACKET))
        fail_expected(p, "',' or ']'");
    return new_seq(p, EX_LIST, open->loc, &items);
}

/* '{' test (',' test)* [','] '}' — a set display where constants are read (decorator options
 * such as fastmath={'nsz', 'arcp'}, module-level constants): an EX_LIST of its items; a dict
 * display there ('{' test ':' test, ... '}': locals=, a module constant of options) is one of
 * (key, value) tuples, marked seq.dict. */
static Expr *parse_set_display(Parser *p, const Token *open)
{
    ExprList items = {0};
    bool dict = false;
    while (!at(p, TK_RBRACE)) {
        Expr *item = parse_test(p);
        if (at(p, TK_COLON) && !p->allow_dict)
            unsupported(p, peek(p), "dict displays are");
        if (accept(p, TK_COLON)) { /* a decorator's dict (locals=), a module constant's: (key, value) tuples */
            dict = true;
            ExprList pair = {0};
            push_expr(p, &pair, item);
            push_expr(p, &pair, parse_test(p));
            item = new_seq(p, EX_TUPLE, item->loc, &pair);
        }
        push_expr(p, &items, item);
        reject_comprehension(p, "set comprehensions are");
        if (!accept(p, TK_COMMA))
            break;
    }
    if (items.n == 0 && !p->allow_dict)
        unsupported(p, open, "dict displays are");
    if (!accept(p, TK_RBRACE))
        fail_expected(p, "',' or '}'");
    Expr *e = new_seq(p, EX_LIST, open->loc, &items);
    e->seq.dict = dict || items.n == 0; /* `{}` is an empty dict */
    return e;
}

/* '{' [test ':' test (',' test ':' test)* [',']] '}' | '{' test (',' test)* [','] '}' in a
 * function: a dict display (EX_DICT of (key, value) tuples; `{}` is an empty dict) or a set
 * display (EX_SET). */
static Expr *parse_brace_display(Parser *p, const Token *open)
{
    ExprList items = {0};
    bool dict = at(p, TK_RBRACE);
    while (!at(p, TK_RBRACE)) {
        Expr *item = parse_test(p);
        if (items.n == 0)
            dict = at(p, TK_COLON);
        if (dict) {
            expect(p, TK_COLON, "after a dict display's key");
            Expr *value = parse_test(p);
            if (items.n == 0 && at(p, TK_FOR))
                return parse_comprehension(p, open, item, value);
            ExprList pair = {0};
            push_expr(p, &pair, item);
            push_expr(p, &pair, value);
            item = new_seq(p, EX_TUPLE, item->loc, &pair);
        }
        push_expr(p, &items, item);
        reject_comprehension(p, dict ? "dict comprehensions are" : "set comprehensions are");
        if (!accept(p, TK_COMMA))
            break;
    }
    if (!accept(p, TK_RBRACE))
        fail_expected(p, "',' or '}'");
    return new_seq(p, dict ? EX_DICT : EX_SET, open->loc, &items);
}

static bool at_ellipsis(Parser *p)
{
    return at(p, TK_DOT) && p->pos + 2 < p->ntoks && p->toks[p->pos + 1].kind == TK_DOT &&
           p->toks[p->pos + 2].kind == TK_DOT;
}

static Expr *parse_literal(Parser *p, const Token *t)
{
    Expr *e = new_expr(p, t->kind == TK_INT ? EX_INT : t->kind == TK_FLOAT ? EX_FLOAT : t->kind == TK_IMAG ? EX_IMAG
                          : t->kind == TK_NONE ? EX_NONE : EX_BOOL, t->loc);
    if (t->kind == TK_INT)
        e->ival = t->ival;
    else if (t->kind == TK_FLOAT || t->kind == TK_IMAG)
        e->fval = t->fval;
    else if (t->kind != TK_NONE)
        e->bval = t->kind == TK_TRUE;
    return e;
}

/* atom: NAME | number | string+ | True | False | None | '(' ... ')' | '[' ... ']' */
static Expr *parse_atom(Parser *p)
{
    Token *t = peek(p);
    if (at_ellipsis(p)) {
        next(p), next(p), next(p);
        return new_expr(p, EX_ELLIPSIS, t->loc);
    }
    switch (t->kind) {
    case TK_NAME: {
        next(p);
        Expr *e = new_expr(p, EX_NAME, t->loc);
        e->name = t->str;
        return e;
    }
    case TK_INT: case TK_FLOAT: case TK_IMAG: case TK_TRUE: case TK_FALSE: case TK_NONE:
        next(p);
        return parse_literal(p, t);
    case TK_STRING: next(p); return parse_strings(p, t);
    case TK_LPAREN: next(p); return parse_paren(p, t);
    case TK_LBRACKET: next(p); return parse_list_display(p, t);
    case TK_LBRACE:
        next(p);
        return p->allow_set ? parse_set_display(p, t) : parse_brace_display(p, t);
    case TK_STAR: unsupported(p, t, "starred expressions are");
    case TK_LAMBDA: case TK_YIELD: case TK_AWAIT: unsupported_keyword(p, t);
    default: fail_expected(p, "an expression");
    }
}

/* '.' NAME */
static Expr *parse_attribute(Parser *p, Expr *value)
{
    next(p);
    if (!at(p, TK_NAME))
        fail_expected(p, "an attribute name after '.'");
    Expr *e = new_expr(p, EX_ATTR, value->loc);
    e->attr.value = value;
    e->attr.name = next(p)->str;
    return finish(p, e);
}

typedef struct KeywordList {
    Keyword *items;
    int n, cap;
} KeywordList;

/* NAME '=' test inside a call */
static void parse_keyword_arg(Parser *p, KeywordList *kws)
{
    Token *name = next(p);
    next(p); /* '=' */
    for (int i = 0; i < kws->n; i++)
        if (strcmp(kws->items[i].name, name->str) == 0)
            error_at(p, name->loc, "keyword argument repeated: %s", name->str);
    Keyword kw = {.name = name->str, .loc = name->loc, .value = parse_test(p)};
    ARR_PUSH(p->a, kws->items, kws->n, kws->cap, kw);
}

static void parse_positional_arg(Parser *p, ExprList *args, const KeywordList *kws)
{
    if (kws->n)
        error_at(p, peek(p)->loc, "positional argument follows keyword argument");
    Expr *e = parse_test(p);
    reject_comprehension(p, "generator expressions are");
    if (at(p, TK_ASSIGN))
        fail_at(p, peek(p)->loc, "expression cannot contain assignment, perhaps you meant \"==\"?");
    push_expr(p, args, e);
}

/* '(' [arg (',' arg)* [',']] ')' with arg: test | NAME '=' test */
static Expr *parse_call(Parser *p, Expr *func)
{
    next(p);
    ExprList args = {0};
    KeywordList kws = {0};
    Expr *star = NULL;
    int star_at = 0;
    while (!at(p, TK_RPAREN)) {
        if (at(p, TK_STAR) && !star && !kws.n) { /* f(a, *t): build_closure.c */
            next(p);
            star = parse_test(p);
            star_at = args.n;
            if (!accept(p, TK_COMMA))
                break;
            continue;
        }
        if (at(p, TK_DSTAR)) { /* a decorator's options from a dict, @njit(**opts); compiled code refuses it */
            Token *dstar = next(p);
            Keyword kw = {.name = "**", .loc = dstar->loc, .value = parse_test(p)};
            ARR_PUSH(p->a, kws.items, kws.n, kws.cap, kw);
            if (!accept(p, TK_COMMA))
                break;
            continue;
        }
        if (at(p, TK_STAR) || at(p, TK_DSTAR))
            unsupported(p, peek(p), "argument unpacking with '**' or a second '*' is");
        if (at(p, TK_NAME) && peek_next(p)->kind == TK_ASSIGN)
            parse_keyword_arg(p, &kws);
        else
            parse_positional_arg(p, &args, &kws);
        if (!accept(p, TK_COMMA))
            break;
    }
    if (!accept(p, TK_RPAREN))
        fail_expected(p, "',' or ')' after a call argument");
    Expr *e = new_expr(p, EX_CALL, func->loc);
    e->call.func = func;
    e->call.args = args.items;
    e->call.nargs = args.n;
    e->call.kws = kws.items;
    e->call.nkws = kws.n;
    e->call.star = star;
    e->call.star_at = star_at;
    return finish(p, e);
}

static bool ends_slice_part(Parser *p) { return at(p, TK_COLON) || at(p, TK_COMMA) || at(p, TK_RBRACKET); }

/* subscript item: test | [test] ':' [test] [':' [test]] */
static Expr *parse_subscript_item(Parser *p)
{
    Token *start = peek(p);
    Expr *lo = at(p, TK_COLON) ? NULL : parse_test(p);
    if (!accept(p, TK_COLON))
        return lo;
    Expr *e = new_expr(p, EX_SLICE, start->loc);
    e->slice.lo = lo;
    if (!ends_slice_part(p))
        e->slice.hi = parse_test(p);
    if (accept(p, TK_COLON) && !ends_slice_part(p))
        e->slice.step = parse_test(p);
    return finish(p, e);
}

/* '[' item (',' item)* [','] ']' — several items make a tuple index: a[i, j] */
static Expr *parse_subscript(Parser *p, Expr *value)
{
    next(p);
    ExprList items = {0};
    bool tuple = false;
    do {
        if (at(p, TK_RBRACKET) && items.n)
            break;
        push_expr(p, &items, parse_subscript_item(p));
        tuple |= at(p, TK_COMMA);
    } while (accept(p, TK_COMMA));
    if (!accept(p, TK_RBRACKET))
        fail_expected(p, "',' or ']' in the subscript");
    Expr *e = new_expr(p, EX_SUBSCRIPT, value->loc);
    e->subscript.value = value;
    e->subscript.index = tuple ? new_seq(p, EX_TUPLE, items.items[0]->loc, &items) : items.items[0];
    return finish(p, e);
}

/* primary: atom ('.' NAME | '(' args ')' | '[' subscript ']')* */
static Expr *parse_primary(Parser *p)
{
    Expr *e = parse_atom(p);
    for (;;) {
        if (at(p, TK_DOT))
            e = parse_attribute(p, e);
        else if (at(p, TK_LPAREN))
            e = parse_call(p, e);
        else if (at(p, TK_LBRACKET))
            e = parse_subscript(p, e);
        else
            return e;
    }
}

/* power: primary ['**' factor] — right-associative, and tighter than a unary minus on its
 * left: -2 ** 2 is -(2 ** 2) */
static Expr *parse_power(Parser *p)
{
    Expr *base = parse_primary(p);
    if (!at(p, TK_DSTAR))
        return base;
    Token *op = next(p);
    enter(p);
    Expr *exponent = parse_factor(p);
    leave(p);
    return new_binop(p, EX_BINOP, OP_POW, op, base, exponent);
}

/* factor: ('+' | '-' | '~') factor | power */
static Expr *parse_factor(Parser *p)
{
    static const struct { TokKind tok; AstOp op; } unary[] = {
        {TK_MINUS, OP_NEG}, {TK_PLUS, OP_POS}, {TK_TILDE, OP_INVERT}};
    for (int i = 0; i < COUNT(unary); i++) {
        if (!at(p, unary[i].tok))
            continue;
        Token *op = next(p);
        enter(p);
        Expr *operand = parse_factor(p);
        leave(p);
        return new_unary(p, unary[i].op, op, operand);
    }
    return parse_power(p);
}

typedef struct BinaryOp {
    TokKind tok;
    AstOp op;
} BinaryOp;

/* operand (op operand)* for the operators of one precedence level, left-associative */
static Expr *parse_binary(Parser *p, const BinaryOp *ops, int nops, Expr *(*operand)(Parser *))
{
    Expr *lhs = operand(p);
    for (;;) {
        int i = 0;
        while (i < nops && !at(p, ops[i].tok))
            i++;
        if (i == nops)
            return lhs;
        Token *op = next(p);
        lhs = new_binop(p, EX_BINOP, ops[i].op, op, lhs, operand(p));
    }
}

/* term: factor (('*' | '/' | '//' | '%' | '@') factor)* */
static Expr *parse_term(Parser *p)
{
    static const BinaryOp ops[] = {{TK_STAR, OP_MUL}, {TK_SLASH, OP_DIV}, {TK_DSLASH, OP_FLOORDIV},
                                   {TK_PERCENT, OP_MOD}, {TK_AT, OP_MATMUL}};
    return parse_binary(p, ops, COUNT(ops), parse_factor);
}

/* arith: term (('+' | '-') term)* */
static Expr *parse_arith(Parser *p)
{
    static const BinaryOp ops[] = {{TK_PLUS, OP_ADD}, {TK_MINUS, OP_SUB}};
    return parse_binary(p, ops, COUNT(ops), parse_term);
}

/* shift: arith (('<<' | '>>') arith)* */
static Expr *parse_shift(Parser *p)
{
    static const BinaryOp ops[] = {{TK_LSHIFT, OP_LSHIFT}, {TK_RSHIFT, OP_RSHIFT}};
    return parse_binary(p, ops, COUNT(ops), parse_arith);
}

/* bitand: shift ('&' shift)* */
static Expr *parse_bitand(Parser *p)
{
    static const BinaryOp ops[] = {{TK_AMP, OP_BITAND}};
    return parse_binary(p, ops, COUNT(ops), parse_shift);
}

/* bitxor: bitand ('^' bitand)* */
static Expr *parse_bitxor(Parser *p)
{
    static const BinaryOp ops[] = {{TK_CARET, OP_BITXOR}};
    return parse_binary(p, ops, COUNT(ops), parse_bitand);
}

/* bitor: bitxor ('|' bitxor)* */
static Expr *parse_bitor(Parser *p)
{
    static const BinaryOp ops[] = {{TK_PIPE, OP_BITOR}};
    return parse_binary(p, ops, COUNT(ops), parse_bitxor);
}

/* comp_op: '<' | '>' | '==' | '>=' | '<=' | '!=' | 'in' | 'not' 'in' | 'is' ['not'] */
static bool accept_compare_op(Parser *p, AstOp *op)
{
    static const BinaryOp simple[] = {{TK_LT, OP_LT}, {TK_GT, OP_GT}, {TK_EQ, OP_EQ}, {TK_GE, OP_GE},
                                      {TK_LE, OP_LE}, {TK_NE, OP_NE}, {TK_IN, OP_IN}};
    for (int i = 0; i < COUNT(simple); i++)
        if (accept(p, simple[i].tok)) {
            *op = simple[i].op;
            return true;
        }
    if (accept(p, TK_IS)) {
        *op = accept(p, TK_NOT) ? OP_ISNOT : OP_IS;
        return true;
    }
    if (at(p, TK_NOT) && peek_next(p)->kind == TK_IN) {
        next(p);
        next(p);
        *op = OP_NOTIN;
        return true;
    }
    return false;
}

/* comparison: bitor (comp_op bitor)* — one node for a whole chain: a < b <= c */
static Expr *parse_comparison(Parser *p)
{
    Expr *first = parse_bitor(p);
    Token *op_tok = peek(p);
    AstOp op;
    if (!accept_compare_op(p, &op))
        return first;
    ExprList operands = {0};
    AstOp *ops = NULL;
    int nops = 0, cap = 0;
    push_expr(p, &operands, first);
    do {
        ARR_PUSH(p->a, ops, nops, cap, op);
        push_expr(p, &operands, parse_bitor(p));
    } while (accept_compare_op(p, &op));
    Expr *e = new_expr(p, EX_COMPARE, op_tok->loc);
    e->compare.ops = ops;
    e->compare.operands = operands.items;
    e->compare.n = operands.n;
    return finish(p, e);
}

/* not_test: 'not' not_test | comparison */
static Expr *parse_not_test(Parser *p)
{
    if (!at(p, TK_NOT))
        return parse_comparison(p);
    Token *op = next(p);
    enter(p);
    Expr *operand = parse_not_test(p);
    leave(p);
    return new_unary(p, OP_NOT, op, operand);
}

/* and_test: not_test ('and' not_test)* */
static Expr *parse_and_test(Parser *p)
{
    Expr *lhs = parse_not_test(p);
    while (at(p, TK_AND)) {
        Token *op = next(p);
        lhs = new_binop(p, EX_BOOLOP, OP_AND, op, lhs, parse_not_test(p));
    }
    return lhs;
}

/* or_test: and_test ('or' and_test)* */
static Expr *parse_or_test(Parser *p)
{
    Expr *lhs = parse_and_test(p);
    while (at(p, TK_OR)) {
        Token *op = next(p);
        lhs = new_binop(p, EX_BOOLOP, OP_OR, op, lhs, parse_and_test(p));
    }
    return lhs;
}

static Token *expect_name(Parser *p, const char *what);

/* lambda: 'lambda' [NAME (',' NAME)*] ':' test. Parsed only where cuda.reduce may take one, in
 * a module-level assignment (program.c); elsewhere 'lambda' is not supported in krn. */
static Expr *parse_lambda(Parser *p)
{
    Token *kw = next(p);
    Expr *e = new_expr(p, EX_LAMBDA, kw->loc);
    struct { Param *items; int n, cap; } params = {0};
    while (!at(p, TK_COLON)) {
        Token *name = expect_name(p, "a parameter name in the lambda");
        ARR_PUSH(p->a, params.items, params.n, params.cap, ((Param){.name = name->str, .loc = name->loc}));
        if (!accept(p, TK_COMMA))
            break;
    }
    expect(p, TK_COLON, "after the lambda's parameters");
    e->lambda.params = params.items;
    e->lambda.nparams = params.n;
    e->lambda.body = parse_test(p);
    return finish(p, e);
}

/* test: or_test ['if' or_test 'else' test] | lambda */
static Expr *parse_test(Parser *p)
{
    enter(p);
    if (at(p, TK_LAMBDA) && !p->allow_lambda)
        unsupported_keyword(p, peek(p));
    if (at(p, TK_LAMBDA)) {
        Expr *e = parse_lambda(p);
        leave(p);
        return e;
    }
    Expr *e = parse_or_test(p);
    if (at(p, TK_WALRUS))
        unsupported(p, peek(p), "assignment expressions (':=') are");
    if (at(p, TK_IF)) {
        Token *kw = next(p);
        Expr *ifexp = new_expr(p, EX_IFEXP, kw->loc);
        ifexp->ifexp.then = e;
        ifexp->ifexp.cond = parse_or_test(p);
        expect(p, TK_ELSE, "after 'if' expression");
        ifexp->ifexp.els = parse_test(p);
        e = finish(p, ifexp);
    }
    leave(p);
    return e;
}

/* ---- statements ---- */

static void parse_block_statements(Parser *p, StmtList *out);

static void push_stmt(Parser *p, StmtList *l, Stmt *s) { ARR_PUSH(p->a, l->items, l->n, l->cap, s); }

static Block block_of(const StmtList *l) { return (Block){.items = l->items, .n = l->n}; }

/* What a non-target reads as in "cannot assign to X". */
static const char *expr_description(const Expr *e)
{
    switch (e->kind) {
    case EX_INT: case EX_FLOAT: case EX_IMAG: case EX_STR: case EX_NONE: case EX_ELLIPSIS: return "literal";
    case EX_BOOL: return e->bval ? "True" : "False";
    case EX_CALL: return "function call";
    case EX_COMPARE: return "comparison";
    case EX_IFEXP: return "conditional expression";
    case EX_TUPLE: return "tuple";
    case EX_LIST: return "list";
    case EX_DICT: return "dict display";
    case EX_SET: return "set display";
    default: return "expression";
    }
}

/* Assignment targets: names, attributes, subscripts, and tuples or lists of targets. */
static void check_target(Parser *p, const Expr *e)
{
    if (e->kind == EX_TUPLE || e->kind == EX_LIST) {
        for (int i = 0; i < e->seq.n; i++)
            check_target(p, e->seq.items[i]);
        return;
    }
    if (e->kind != EX_NAME && e->kind != EX_ATTR && e->kind != EX_SUBSCRIPT)
        fail_at(p, e->loc, "cannot assign to %s", expr_description(e));
}

static bool is_augassign(TokKind k) { return k >= TK_PLUSEQ && k <= TK_ATEQ; }

static AstOp augassign_op(TokKind k)
{
    static const AstOp ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
                                OP_LSHIFT, OP_RSHIFT, OP_BITAND, OP_BITOR, OP_BITXOR, OP_MATMUL};
    return ops[k - TK_PLUSEQ];
}

/* target op= exprlist */
static Stmt *parse_augassign(Parser *p, SrcLoc loc, Expr *target)
{
    Token *op = next(p);
    if (target->kind != EX_NAME && target->kind != EX_ATTR && target->kind != EX_SUBSCRIPT)
        fail_at(p, target->loc, "'%s' is an illegal expression for augmented assignment",
                expr_description(target));
    Stmt *s = new_stmt(p, ST_AUGASSIGN, loc);
    s->augassign.target = target;
    s->augassign.op = augassign_op(op->kind);
    s->augassign.value = parse_exprlist(p);
    return s;
}

/* targets ('=' exprlist)+ — chained: a = b = 0 */
static Stmt *parse_assign(Parser *p, SrcLoc loc, Expr *first)
{
    Stmt *s = new_stmt(p, ST_ASSIGN, loc);
    ExprList targets = {0};
    Expr *e = first;
    while (accept(p, TK_ASSIGN)) {
        check_target(p, e);
        push_expr(p, &targets, e);
        e = parse_exprlist(p);
    }
    s->assign.targets = targets.items;
    s->assign.ntargets = targets.n;
    s->assign.value = e;
    return s;
}

/* target ':' test ['=' exprlist] — a variable annotation (PEP 526). Inside a function Python
 * never evaluates the annotation, and Numba types the variable by its value alone: the statement
 * is the assignment `target = value`, or nothing (pass) without a value. The annotation is parsed,
 * so its syntax errors are reported, and dropped. */
static Stmt *parse_annassign(Parser *p, SrcLoc loc, Expr *target)
{
    Token *colon = next(p);
    if (target->kind == EX_TUPLE)
        fail_at(p, colon->loc, "only a single target (not a tuple) can be annotated");
    if (target->kind != EX_NAME && target->kind != EX_ATTR && target->kind != EX_SUBSCRIPT)
        fail_at(p, target->loc, "%s cannot be annotated", expr_description(target));
    parse_test(p);
    if (!at(p, TK_ASSIGN))
        return new_stmt(p, ST_PASS, loc);
    return parse_assign(p, loc, target);
}

/* expr_stmt: exprlist (augassign exprlist | annassign | ('=' exprlist)*); located at its first token */
static Stmt *parse_expr_stmt(Parser *p)
{
    SrcLoc loc = peek(p)->loc;
    Expr *e = parse_exprlist(p);
    if (at(p, TK_COLON))
        return parse_annassign(p, loc, e);
    if (is_augassign(peek(p)->kind))
        return parse_augassign(p, loc, e);
    if (at(p, TK_ASSIGN))
        return parse_assign(p, loc, e);
    Stmt *s = new_stmt(p, ST_EXPR, loc);
    s->expr = e;
    return s;
}

/* 'return' [exprlist] */
static Stmt *parse_return(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_RETURN, kw->loc);
    if (starts_expression(peek(p)->kind))
        s->ret = parse_exprlist(p);
    return s;
}

/* ---- exceptions: raise, assert, try (built by builder/build_exc.c) ---- */

/* 'raise' [test] — `raise X from Y` is refused, as by Numba */
static Stmt *parse_raise(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_RAISE, kw->loc);
    if (starts_expression(peek(p)->kind))
        s->raise_.exc = parse_test(p);
    if (at(p, TK_FROM))
        fail_at(p, peek(p)->loc, "'raise ... from ...' is not supported");
    return s;
}

/* 'del' exprlist: the targets as one expression (a tuple for several) */
static Stmt *parse_del(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_DEL, kw->loc);
    s->expr = parse_exprlist(p);
    return s;
}

/* 'assert' test [',' test] */
static Stmt *parse_assert(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_ASSERT, kw->loc);
    s->assert_.cond = parse_test(p);
    if (accept(p, TK_COMMA))
        s->assert_.msg = parse_test(p);
    return s;
}

static Stmt *parse_simple_stmt(Parser *p)
{
    Token *t = peek(p);
    switch (t->kind) {
    case TK_PASS: next(p); return new_stmt(p, ST_PASS, t->loc);
    case TK_BREAK: next(p); return new_stmt(p, ST_BREAK, t->loc);
    case TK_CONTINUE: next(p); return new_stmt(p, ST_CONTINUE, t->loc);
    case TK_RETURN: return parse_return(p);
    case TK_IMPORT:
    case TK_FROM: fail_at(p, t->loc, "imports are only allowed at module level");
    case TK_RAISE: return parse_raise(p);
    case TK_ASSERT: return parse_assert(p);
    case TK_DEL: return parse_del(p);
    case TK_GLOBAL: case TK_NONLOCAL:
        unsupported_keyword(p, t);
    case TK_ELSE:
    case TK_ELIF: fail_at(p, t->loc, "invalid syntax");
    default: return parse_expr_stmt(p);
    }
}

/* The end of a simple statement: the line must end here. */
static void expect_end_of_line(Parser *p)
{
    if (accept(p, TK_NEWLINE) || at(p, TK_EOF))
        return;
    Token *t = peek(p);
    if (t->kind == TK_RPAREN || t->kind == TK_RBRACKET || t->kind == TK_RBRACE)
        fail_at(p, t->loc, "unmatched '%.*s'", t->len, t->text);
    fail_at(p, t->loc, "invalid syntax");
}

/* simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE */
static void parse_simple_stmts(Parser *p, StmtList *out)
{
    do {
        push_stmt(p, out, parse_simple_stmt(p));
    } while (accept(p, TK_SEMI) && !at(p, TK_NEWLINE) && !at(p, TK_EOF));
    expect_end_of_line(p);
}

/* suite: simple_stmts | NEWLINE INDENT statement+ DEDENT. A missing block is reported at the
 * line that should have been indented, which is then parsed as the next statement. */
static Block parse_suite(Parser *p, const char *owner, int line)
{
    StmtList body = {0};
    if (!accept(p, TK_NEWLINE)) {
        parse_simple_stmts(p, &body);
        return block_of(&body);
    }
    if (!at(p, TK_INDENT)) {
        error_at(p, peek(p)->loc, "expected an indented block after %s on line %d", owner, line);
        return block_of(&body);
    }
    next(p);
    parse_block_statements(p, &body);
    return block_of(&body);
}

/* ---- with objmode(...) ---- */

/* Whether e is `objmode(...)` or `numba.objmode(...)`. */
static bool is_objmode_call(const Expr *e)
{
    if (e->kind != EX_CALL)
        return false;
    const Expr *f = e->call.func;
    return (f->kind == EX_NAME && strcmp(f->name, "objmode") == 0) ||
           (f->kind == EX_ATTR && strcmp(f->attr.name, "objmode") == 0);
}

/* Adds a name the block reads to s's list, once. */
static void add_read(Parser *p, Stmt *s, const char *name, int *cap)
{
    for (int i = 0; i < s->objmode.nreads; i++)
        if (strcmp(s->objmode.reads[i], name) == 0)
            return;
    ARR_PUSH(p->a, s->objmode.reads, s->objmode.nreads, *cap, name);
}

/* Steps over the block of Python an objmode statement runs in the interpreter, to the end of
 * its line (one line) or its DEDENT, noting the names it may read: every name that is neither
 * an attribute (`.x`) nor a keyword argument's (`f(x=1)`). A `return` inside it leaves the
 * function from the interpreter, which Numba refuses too. */
static void skip_objmode_block(Parser *p, Stmt *s)
{
    int indent = 0, parens = 0, cap = 0;
    bool defines = false;
    const Token *ret = NULL;
    bool lines = accept(p, TK_NEWLINE);
    if (lines && !accept(p, TK_INDENT))
        fail_at(p, peek(p)->loc, "expected an indented block after 'with' statement on line %d", s->loc.line);
    for (;;) {
        Token *t = peek(p);
        if (t->kind == TK_EOF || (!lines && t->kind == TK_NEWLINE) || (t->kind == TK_DEDENT && indent == 0))
            break;
        const Token *before = t - 1;
        indent += t->kind == TK_INDENT ? 1 : t->kind == TK_DEDENT ? -1 : 0;
        parens += t->kind == TK_LPAREN || t->kind == TK_LBRACKET || t->kind == TK_LBRACE;
        parens -= parens > 0 && (t->kind == TK_RPAREN || t->kind == TK_RBRACKET || t->kind == TK_RBRACE);
        defines |= t->kind == TK_DEF || t->kind == TK_LAMBDA;
        if (t->kind == TK_RETURN && !ret)
            ret = t;
        if (t->kind == TK_NAME && before->kind != TK_DOT && !(parens && peek_next(p)->kind == TK_ASSIGN))
            add_read(p, s, t->str, &cap);
        s->objmode.last_line = t->loc.line;
        next(p);
    }
    accept(p, lines ? TK_DEDENT : TK_NEWLINE);
    if (ret && !defines)
        error_at(p, ret->loc, "'return' inside a 'with objmode' block is not supported: the block's outputs "
                              "leave it through the variables objmode(...) declares");
}

/* 'with' objmode '(' [NAME '=' type (',' NAME '=' type)*] ')' ':' block. Any other `with` is
 * outside the subset. */
static Stmt *parse_with(Parser *p)
{
    Token *kw = next(p);
    int start = p->pos;
    Expr *e = at(p, TK_NAME) ? parse_test(p) : NULL;
    if (!e || !is_objmode_call(e) || !at(p, TK_COLON)) {
        p->pos = start;
        unsupported_keyword(p, kw);
    }
    if (e->call.nargs)
        fail_at(p, e->call.args[0]->loc, "objmode takes the variables it sets as keywords: objmode(y='float64')");
    expect_colon(p, "after 'with' statement");
    Stmt *s = new_stmt(p, ST_OBJMODE, kw->loc);
    s->objmode.outputs = e->call.kws;
    s->objmode.noutputs = e->call.nkws;
    s->objmode.last_line = kw->loc.line;
    skip_objmode_block(p, s);
    return s;
}

/* One 'if' or 'elif' clause, after its keyword: test ':' suite */
static Stmt *parse_if_clause(Parser *p, const Token *kw)
{
    bool is_if = kw->kind == TK_IF;
    Stmt *s = new_stmt(p, ST_IF, kw->loc);
    s->if_.cond = parse_test(p);
    expect_colon(p, is_if ? "after 'if' condition" : "after 'elif' condition");
    s->if_.body = parse_suite(p, is_if ? "'if' statement" : "'elif' statement", kw->loc.line);
    return s;
}

static Block block_of_one(Parser *p, Stmt *s)
{
    Stmt **items = arena_alloc(p->a, sizeof *items);
    items[0] = s;
    return (Block){.items = items, .n = 1};
}

/* if_stmt: 'if' test ':' suite ('elif' test ':' suite)* ['else' ':' suite]
 * An elif becomes an ST_IF alone in the orelse of the clause before it; the chain is built
 * in a loop, so a thousand elifs need no deep recursion here. */
static Stmt *parse_if(Parser *p)
{
    Stmt *head = parse_if_clause(p, next(p)), *tail = head;
    for (;;) {
        if (at(p, TK_ELIF)) {
            Stmt *s = parse_if_clause(p, next(p));
            tail->if_.orelse = block_of_one(p, s);
            tail = s;
        } else if (at(p, TK_ELSE)) {
            Token *kw = next(p);
            expect_colon(p, "after 'else'");
            tail->if_.orelse = parse_suite(p, "'else' statement", kw->loc.line);
            return head;
        } else {
            return head;
        }
    }
}

/* A loop's 'else' clause: it runs when the loop ends without break. */
static Block parse_loop_else(Parser *p)
{
    if (!at(p, TK_ELSE))
        return (Block){0};
    Token *kw = next(p);
    expect_colon(p, "after 'else'");
    return parse_suite(p, "'else' statement", kw->loc.line);
}

/* while_stmt: 'while' test ':' suite ['else' ':' suite] */
static Stmt *parse_while(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_WHILE, kw->loc);
    s->while_.cond = parse_test(p);
    expect_colon(p, "after 'while' condition");
    s->while_.body = parse_suite(p, "'while' statement", kw->loc.line);
    s->while_.orelse = parse_loop_else(p);
    return s;
}

/* for_stmt: 'for' targets 'in' exprlist ':' suite ['else' ':' suite] */
static Stmt *parse_for(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_FOR, kw->loc);
    s->for_.target = parse_list_of(p, parse_bitor);
    check_target(p, s->for_.target);
    expect(p, TK_IN, "after 'for' target");
    s->for_.iter = parse_exprlist(p);
    expect_colon(p, "after 'for' iterable");
    s->for_.body = parse_suite(p, "'for' statement", kw->loc.line);
    s->for_.orelse = parse_loop_else(p);
    return s;
}

static FuncDef *parse_funcdef(Parser *p, const Token *first, const ExprList *decorators);

/* A def inside a function: an inner function or closure (build_closure.c). */
static Stmt *parse_nested_def(Parser *p)
{
    Token *first = peek(p);
    Stmt *s = new_stmt(p, ST_DEF, first->loc);
    s->def = parse_funcdef(p, first, &(ExprList){0});
    return s;
}

/* A decorated def inside a function: the factory of a compiled function (`def newton_factory(f):
 * @njit def newton(x): ...; return newton`, builder/program.c); compiled code refuses it
 * (build_closure.c). */
static void parse_decorator_lines(Parser *p, ExprList *decorators);

static Stmt *parse_nested_decorated_def(Parser *p)
{
    Token *first = peek(p);
    ExprList decorators = {0};
    parse_decorator_lines(p, &decorators);
    if (!at(p, TK_DEF))
        fail_at(p, peek(p)->loc, "decorators may only be applied to function definitions");
    Stmt *s = new_stmt(p, ST_DEF, first->loc);
    s->def = parse_funcdef(p, first, &decorators);
    return s;
}

/* An indented line where none belongs: reported, then parsed as if it were not indented. */
static void parse_unexpected_indent(Parser *p, StmtList *out)
{
    error_at(p, peek(p)->loc, "unexpected indent");
    next(p);
    parse_block_statements(p, out);
}

/* try_stmt: 'try' ':' suite (except_clause ':' suite)* ['else' ':' suite] ['finally' ':' suite]
 * except_clause: 'except' [test ['as' NAME]] */
static Stmt *parse_try(Parser *p)
{
    Token *kw = next(p);
    Stmt *s = new_stmt(p, ST_TRY, kw->loc);
    expect_colon(p, "after 'try'");
    s->try_.body = parse_suite(p, "'try' statement", kw->loc.line);
    while (at(p, TK_EXCEPT)) {
        Token *ex = next(p);
        ExceptClause c = {.loc = ex->loc};
        if (!at(p, TK_COLON)) {
            c.type = parse_test(p);
            if (accept(p, TK_AS)) {
                Token *name = expect(p, TK_NAME, "after 'as'");
                c.name = name->str;
                c.name_loc = name->loc;
            }
        }
        expect_colon(p, "after 'except' clause");
        c.body = arena_alloc(p->a, sizeof *c.body);
        *c.body = parse_suite(p, "'except' clause", ex->loc.line);
        ARR_PUSH(p->a, s->try_.handlers, s->try_.nhandlers, s->try_.caphandlers, c);
    }
    if (at(p, TK_ELSE)) {
        Token *el = next(p);
        if (!s->try_.nhandlers)
            fail_at(p, el->loc, "invalid syntax: 'else' of a 'try' needs an 'except' clause");
        expect_colon(p, "after 'else'");
        s->try_.orelse = parse_suite(p, "'else' clause", el->loc.line);
    }
    if (at(p, TK_FINALLY)) {
        Token *fin = next(p);
        expect_colon(p, "after 'finally'");
        s->try_.finalbody = parse_suite(p, "'finally' clause", fin->loc.line);
        s->try_.has_finally = true;
    }
    if (!s->try_.nhandlers && !s->try_.has_finally)
        fail_at(p, peek(p)->loc, "expected 'except' or 'finally' block");
    return s;
}

static void parse_statement_body(Parser *p, void *arg)
{
    StmtList *out = arg;
    switch (peek(p)->kind) {
    case TK_IF: push_stmt(p, out, parse_if(p)); break;
    case TK_WHILE: push_stmt(p, out, parse_while(p)); break;
    case TK_FOR: push_stmt(p, out, parse_for(p)); break;
    case TK_DEF: push_stmt(p, out, parse_nested_def(p)); break;
    case TK_AT: push_stmt(p, out, parse_nested_decorated_def(p)); break;
    case TK_TRY: push_stmt(p, out, parse_try(p)); break;
    case TK_WITH: push_stmt(p, out, parse_with(p)); break;
    case TK_CLASS: case TK_ASYNC: case TK_EXCEPT: case TK_FINALLY:
        unsupported_keyword(p, peek(p));
    case TK_INDENT: parse_unexpected_indent(p, out); break;
    default: parse_simple_stmts(p, out); break;
    }
}

/* statement: compound_stmt | simple_stmts, with error recovery around it */
static void parse_statement(Parser *p, StmtList *out)
{
    guarded(p, parse_statement_body, out, skip_statement);
}

/* statement* DEDENT — after the INDENT that opened the block */
static void parse_block_statements(Parser *p, StmtList *out)
{
    while (!at(p, TK_DEDENT) && !at(p, TK_EOF)) {
        int before = p->pos;
        parse_statement(p, out);
        if (p->pos == before) /* recovery always moves on; this is a safety net */
            next(p);
    }
    accept(p, TK_DEDENT);
}

/* ---- module level ---- */

static void push_top(Parser *p, TopList *out, TopItem it)
{
    ARR_PUSH(p->a, out->items, out->n, out->cap, it);
}

static Token *expect_name(Parser *p, const char *what)
{
    if (!at(p, TK_NAME))
        fail_expected(p, what);
    return next(p);
}

/* dotted_name: NAME ('.' NAME)* */
static const char *parse_dotted_name(Parser *p)
{
    const char *dots = ""; /* a relative import: `from . import x`, `from ..pkg.m import y` */
    while (at(p, TK_DOT))
        next(p), dots = arena_printf(p->a, "%s.", dots);
    if (*dots && at(p, TK_IMPORT))
        return dots;
    const char *s = arena_printf(p->a, "%s%s", dots, expect_name(p, "a module name")->str);
    while (accept(p, TK_DOT))
        s = arena_printf(p->a, "%s.%s", s, expect_name(p, "a name after '.'")->str);
    return s;
}

static const char *parse_optional_as(Parser *p)
{
    return accept(p, TK_AS) ? expect_name(p, "a name after 'as'")->str : NULL;
}

static Import *new_import(Parser *p, SrcLoc loc, const char *module, bool is_from)
{
    Import *im = arena_alloc(p->a, sizeof *im);
    im->loc = loc;
    im->module = module;
    im->is_from = is_from;
    return im;
}

/* 'import' dotted_name ['as' NAME] (',' dotted_name ['as' NAME])* — one Import per module */
static void parse_import(Parser *p, TopList *out)
{
    next(p);
    do {
        SrcLoc loc = peek(p)->loc;
        Import *im = new_import(p, loc, parse_dotted_name(p), false);
        im->names = arena_alloc(p->a, sizeof *im->names);
        im->asnames = arena_alloc(p->a, sizeof *im->asnames);
        im->name_locs = arena_alloc(p->a, sizeof *im->name_locs);
        im->asnames[0] = parse_optional_as(p);
        im->name_locs[0] = loc;
        im->nnames = 1;
        push_top(p, out, (TopItem){.kind = TOP_IMPORT, .import = im});
    } while (accept(p, TK_COMMA));
}

/* The three parallel arrays of a from-import grow together. */
static void grow_import(Parser *p, Import *im, int *cap)
{
    size_t old = (size_t)*cap, ncap = old ? 2 * old : 8;
    im->names = arena_grow(p->a, im->names, old * sizeof *im->names, ncap * sizeof *im->names);
    im->asnames = arena_grow(p->a, im->asnames, old * sizeof *im->asnames, ncap * sizeof *im->asnames);
    im->name_locs =
        arena_grow(p->a, im->name_locs, old * sizeof *im->name_locs, ncap * sizeof *im->name_locs);
    *cap = (int)ncap;
}

/* NAME ['as' NAME] inside a from-import */
static void parse_import_name(Parser *p, Import *im, int *cap)
{
    Token *name = expect_name(p, "a name to import");
    const char *as = parse_optional_as(p);
    if (im->nnames == *cap)
        grow_import(p, im, cap);
    im->names[im->nnames] = name->str;
    im->asnames[im->nnames] = as;
    im->name_locs[im->nnames++] = name->loc;
}

/* 'from' dotted_name 'import' ('(' names [','] ')' | names) */
static void parse_from_import(Parser *p, TopList *out)
{
    next(p);
    SrcLoc loc = peek(p)->loc;
    Import *im = new_import(p, loc, parse_dotted_name(p), true);
    expect(p, TK_IMPORT, "after the module name");
    if (at(p, TK_STAR))
        unsupported(p, peek(p), "'import *' is");
    int cap = 0;
    bool paren = accept(p, TK_LPAREN);
    do {
        if (paren && at(p, TK_RPAREN) && im->nnames)
            break;
        if (!paren && im->nnames && !at(p, TK_NAME))
            fail_at(p, p->toks[p->pos - 1].loc, "trailing comma not allowed without surrounding parentheses");
        parse_import_name(p, im, &cap);
    } while (accept(p, TK_COMMA));
    if (paren && !accept(p, TK_RPAREN))
        fail_expected(p, "',' or ')' after an imported name");
    push_top(p, out, (TopItem){.kind = TOP_IMPORT, .import = im});
}

/* NAME '=' exprlist — a module-level constant */
static void push_global(Parser *p, TopList *out, const Token *name, Expr *value)
{
    GlobalDef *g = arena_alloc(p->a, sizeof *g);
    g->name = name->str;
    g->loc = name->loc;
    g->value = value;
    push_top(p, out, (TopItem){.kind = TOP_GLOBAL, .global = g});
}

/* NAME = value, or NAME, NAME... = a tuple of as many values (`bpg, tpb = 50, 32`): one
 * constant per name. */
static bool is_augassign(TokKind k);
static AstOp augassign_op(TokKind k);

/* NAME op= exprlist at module level: NAME rebound to `NAME op value`, as Python runs it (an
 * array's in-place operator keeps its dtype: builder/program.c). */
static void parse_global_augassign(Parser *p, TopList *out, const Token *name)
{
    Token *op = next(p);
    p->allow_lambda = p->allow_set = true;
    Expr *value = parse_exprlist(p);
    p->allow_lambda = p->allow_set = false;
    Expr *prev = new_expr(p, EX_NAME, name->loc);
    prev->name = arena_printf(p->a, "%s (before line %d)", name->str, name->loc.line);
    push_global(p, out, name, new_binop(p, EX_BINOP, augassign_op(op->kind), op, finish(p, prev), value));
    out->items[out->n - 1].global->previous = prev->name;
}

static void parse_global(Parser *p, TopList *out)
{
    const Token *names[16];
    int n = 0;
    if (at(p, TK_NAME) && is_augassign(peek_next(p)->kind)) {
        parse_global_augassign(p, out, next(p));
        return;
    }
    do {
        if (n == 16)
            fail_at(p, peek(p)->loc, "at most 16 names on the left of a module-level assignment");
        names[n++] = expect_name(p, "a name on the left of the assignment");
    } while (accept(p, TK_COMMA) && !at(p, TK_ASSIGN));
    Token *eq = expect(p, TK_ASSIGN, "in the module-level assignment");
    p->allow_lambda = p->allow_set = p->allow_dict = true; /* a dict of decorator options: @njit(**OPTS) */
    Expr *value = parse_exprlist(p);
    p->allow_lambda = p->allow_set = p->allow_dict = false;
    if (at(p, TK_ASSIGN))
        fail_at(p, peek(p)->loc, "chained assignment is not supported at module level");
    if (n == 1) {
        push_global(p, out, names[0], value);
        return;
    }
    if (value->kind != EX_TUPLE || value->seq.n != n)
        fail_at(p, eq->loc, "a module-level assignment to %d names needs a tuple of %d values written out", n, n);
    for (int i = 0; i < n; i++)
        push_global(p, out, names[i], value->seq.items[i]);
}

static void parse_top_item(Parser *p, void *arg);

/* The items of a module-level if's branch: an indented block of module items. */
static void parse_top_block(Parser *p, TopItem **items, int *n)
{
    TopList list = {0};
    expect_end_of_line(p);
    expect(p, TK_INDENT, "an indented block of module items");
    while (!at(p, TK_DEDENT) && !at(p, TK_EOF)) {
        if (accept(p, TK_NEWLINE))
            continue;
        parse_top_item(p, &list);
    }
    accept(p, TK_DEDENT);
    *items = list.items;
    *n = list.n;
}

/* if_stmt at module level: 'if' test ':' block ('elif' test ':' block)* ['else' ':' block] */
static TopIf *parse_top_if(Parser *p)
{
    Token *kw = next(p); /* if or elif */
    TopIf *t = arena_alloc(p->a, sizeof *t);
    t->loc = kw->loc;
    t->cond = parse_test(p);
    expect_colon(p, "after the condition");
    parse_top_block(p, &t->body, &t->nbody);
    if (at(p, TK_ELIF)) {
        TopList rest = {0};
        push_top(p, &rest, (TopItem){.kind = TOP_IF, .if_ = parse_top_if(p)});
        t->orelse = rest.items;
        t->norelse = rest.n;
    } else if (accept(p, TK_ELSE)) {
        expect_colon(p, "after 'else'");
        parse_top_block(p, &t->orelse, &t->norelse);
    }
    return t;
}

/* try at module level, its handlers blanked by skip.c: 'try' ':' block ['else' ':' block], whose
 * items are the module's, as an `if True:` (Python runs the body; the imports in it succeed where
 * jitc runs; then the else clause) */
static TopIf *parse_top_try(Parser *p)
{
    Token *kw = next(p);
    TopIf *t = arena_alloc(p->a, sizeof *t);
    t->loc = kw->loc;
    t->cond = new_expr(p, EX_BOOL, kw->loc);
    t->cond->bval = true;
    expect_colon(p, "after 'try'");
    parse_top_block(p, &t->body, &t->nbody);
    if (accept(p, TK_ELSE)) {
        TopItem *more;
        int nmore;
        expect_colon(p, "after 'else'");
        parse_top_block(p, &more, &nmore);
        TopItem *all = arena_alloc(p->a, sizeof *all * (size_t)(t->nbody + nmore + 1));
        memcpy(all, t->body, sizeof *all * (size_t)t->nbody);
        memcpy(all + t->nbody, more, sizeof *all * (size_t)nmore);
        t->body = all;
        t->nbody += nmore;
    }
    if (at(p, TK_EXCEPT) || at(p, TK_FINALLY) || at(p, TK_ELSE))
        unsupported_keyword(p, peek(p));
    return t;
}

typedef struct ParamList {
    Param *items;
    int n, cap;
} ParamList;

/* param: NAME [':' test] ['=' test] | '*' NAME | '*' (the parameters after it are keyword-only);
 * annotations are accepted and ignored, as Numba does. kw_only says a bare '*' came before. */
static void parse_param(Parser *p, ParamList *params, bool *kw_only)
{
    Token *t = peek(p);
    bool star = t->kind == TK_STAR;
    for (int i = 0; star && i < params->n; i++)
        if (params->items[i].star || *kw_only)
            fail_at(p, t->loc, "only one '*' parameter is allowed");
    if (star && *kw_only)
        fail_at(p, t->loc, "only one '*' parameter is allowed");
    if (star && peek_next(p)->kind != TK_NAME) { /* the bare '*' */
        next(p);
        if (at(p, TK_RPAREN) || (at(p, TK_COMMA) && peek_next(p)->kind == TK_RPAREN))
            fail_at(p, t->loc, "named arguments must follow bare *");
        *kw_only = true;
        return;
    }
    if (star)
        next(p);
    for (int i = 0; i < params->n; i++)
        if (params->items[i].dstar)
            fail_at(p, t->loc, "arguments cannot follow var-keyword argument");
    bool dstar = t->kind == TK_DSTAR;
    if (dstar)
        next(p);
    if (t->kind == TK_SLASH) { /* positional-only parameters before it: compiled callers pass them so */
        next(p);
        if (params->n == 0)
            fail_at(p, t->loc, "at least one argument must precede /");
        return;
    }
    Token *name = expect_name(p, "a parameter name");
    Param prm = {.name = name->str, .loc = name->loc, .star = star, .keyword_only = *kw_only && !star, .dstar = dstar};
    if (accept(p, TK_COLON))
        parse_test(p);
    if (!star && !dstar && accept(p, TK_ASSIGN))
        prm.default_value = parse_test(p);
    for (int i = 0; i < params->n; i++)
        if (strcmp(params->items[i].name, prm.name) == 0)
            error_at(p, name->loc, "duplicate argument '%s' in function definition", prm.name);
    bool keyword_only = *kw_only; /* after *args or '*': no default needed */
    for (int i = 0; i < params->n; i++)
        keyword_only |= params->items[i].star;
    if (!star && !dstar && !keyword_only && !prm.default_value && params->n && params->items[params->n - 1].default_value)
        error_at(p, name->loc, "parameter without a default follows parameter with a default");
    ARR_PUSH(p->a, params->items, params->n, params->cap, prm);
}

/* '(' [param (',' param)* [',']] ')' */
static void parse_params(Parser *p, FuncDef *f)
{
    expect(p, TK_LPAREN, "after the function name");
    ParamList params = {0};
    bool kw_only = false;
    while (!at(p, TK_RPAREN)) {
        parse_param(p, &params, &kw_only);
        if (!accept(p, TK_COMMA))
            break;
    }
    if (!accept(p, TK_RPAREN))
        fail_expected(p, "',' or ')' in the parameter list");
    f->params = params.items;
    f->nparams = params.n;
}

/* funcdef: 'def' NAME '(' params ')' ['->' test] ':' suite; `first` starts the decorators */
static FuncDef *parse_funcdef(Parser *p, const Token *first, const ExprList *decorators)
{
    Token *kw = next(p);
    Token *name = expect_name(p, "a function name after 'def'");
    FuncDef *f = arena_alloc(p->a, sizeof *f);
    f->name = name->str;
    f->loc = name->loc;
    f->decorators = decorators->items;
    f->ndecorators = decorators->n;
    parse_params(p, f);
    if (accept(p, TK_ARROW))
        parse_test(p);
    expect_colon(p, "after the function signature");
    bool allow_lambda = p->allow_lambda;
    p->allow_lambda = true; /* inner functions (build_closure.c) */
    f->body = parse_suite(p, "function definition", kw->loc.line);
    p->allow_lambda = allow_lambda;
    f->source_text = first->text;
    f->source_len = (int)(p->prev_end - first->text);
    return f;
}

/* decorated: ('@' test NEWLINE)* funcdef */
/* ('@' test NEWLINE)+: a def's decorators, whose options may hold sets and dicts of constants */
static void parse_decorator_lines(Parser *p, ExprList *decorators)
{
    while (accept(p, TK_AT)) {
        p->allow_set = p->allow_dict = true;
        push_expr(p, decorators, parse_test(p));
        p->allow_set = p->allow_dict = false;
        if (!accept(p, TK_NEWLINE))
            fail_expected(p, "end of line after the decorator");
    }
}

static void parse_decorated(Parser *p, TopList *out)
{
    Token *first = peek(p);
    ExprList decorators = {0};
    parse_decorator_lines(p, &decorators);
    if (at(p, TK_ASYNC) || at(p, TK_CLASS))
        unsupported_keyword(p, peek(p));
    if (!at(p, TK_DEF))
        fail_at(p, peek(p)->loc, "decorators may only be applied to function definitions");
    push_top(p, out, (TopItem){.kind = TOP_FUNC, .func = parse_funcdef(p, first, &decorators)});
}

/* Strings alone on a line at module level: a docstring, ignored. */
static bool at_docstring(Parser *p)
{
    int i = p->pos;
    while (p->toks[i].kind == TK_STRING)
        i++;
    return i > p->pos && (p->toks[i].kind == TK_NEWLINE || p->toks[i].kind == TK_EOF);
}

/* imports and constant assignments, several per line with ';' */
static void parse_top_simple(Parser *p, TopList *out)
{
    do {
        if (at(p, TK_IMPORT))
            parse_import(p, out);
        else if (at(p, TK_FROM))
            parse_from_import(p, out);
        else if (at(p, TK_NAME) && (peek_next(p)->kind == TK_ASSIGN || peek_next(p)->kind == TK_COMMA ||
                                    is_augassign(peek_next(p)->kind)))
            parse_global(p, out);
        else
            fail_at(p, peek(p)->loc,
                    "only imports, constant assignments and function definitions may appear at module level");
    } while (accept(p, TK_SEMI) && !at(p, TK_NEWLINE) && !at(p, TK_EOF));
    expect_end_of_line(p);
}

static void parse_top_item(Parser *p, void *arg)
{
    TopList *out = arg;
    Token *t = peek(p);
    switch (t->kind) {
    case TK_AT:
    case TK_DEF: parse_decorated(p, out); return;
    case TK_IF: push_top(p, out, (TopItem){.kind = TOP_IF, .if_ = parse_top_if(p)}); return;
    case TK_TRY: push_top(p, out, (TopItem){.kind = TOP_IF, .if_ = parse_top_try(p)}); return;
    case TK_CLASS: case TK_ASYNC: case TK_WITH: case TK_GLOBAL: case TK_NONLOCAL:
    case TK_DEL: case TK_ASSERT: case TK_RAISE: case TK_LAMBDA: case TK_YIELD: case TK_AWAIT:
        unsupported_keyword(p, t);
    case TK_INDENT: fail_at(p, t->loc, "unexpected indent");
    default:
        if (!at_docstring(p)) {
            parse_top_simple(p, out);
            return;
        }
        while (accept(p, TK_STRING))
            ;
        expect_end_of_line(p);
    }
}

/* module: (NEWLINE | top_item)* EOF */
static void parse_items(Parser *p, void *arg)
{
    while (!at(p, TK_EOF)) {
        if (accept(p, TK_NEWLINE) || accept(p, TK_DEDENT))
            continue;
        int before = p->pos;
        p->allow_lambda = p->allow_set = p->allow_dict = false; /* a syntax error in a global's value leaves them set */
        guarded(p, parse_top_item, arg, skip_statement);
        if (p->pos == before)
            next(p);
    }
}

static void init_parser(Parser *p, Arena *a, Diag *d, const SrcFile *file)
{
    TokenList toks = {0};
    *p = (Parser){.a = a, .d = d, .lex_first = d->n};
    lex_source(a, d, file, &toks);
    p->lex_end = d->n;
    p->toks = toks.toks;
    p->ntoks = toks.n;
    p->prev_end = file->text;
}

static bool comes_before(const DiagItem *x, const DiagItem *y)
{
    return x->loc.line < y->loc.line || (x->loc.line == y->loc.line && x->loc.col < y->loc.col);
}

/* The lexer reports before the parser starts: put d->items[first..] in source order (stable,
 * so a note stays after its error). */
static void sort_diagnostics(Diag *d, int first)
{
    for (int i = first + 1; i < d->n; i++) {
        DiagItem it = d->items[i];
        int j = i;
        for (; j > first && comes_before(&it, &d->items[j - 1]); j--)
            d->items[j] = d->items[j - 1];
        d->items[j] = it;
    }
}

Module *parse_module(Arena *a, Diag *d, const SrcFile *file)
{
    Parser p;
    init_parser(&p, a, d, file);
    TopList items = {0};
    guarded(&p, parse_items, &items, skip_nothing); /* errors are caught deeper down */
    sort_diagnostics(d, p.lex_first);
    Module *m = arena_alloc(a, sizeof *m);
    m->file = file;
    m->items = items.items;
    m->nitems = items.n;
    return m;
}

/* ---- expressions in strings ---- */

/* [INDENT] exprlist NEWLINE DEDENT* EOF — leading blanks are allowed, as eval allows them */
static void parse_string_body(Parser *p, void *arg)
{
    accept(p, TK_INDENT);
    Expr *e = parse_exprlist(p);
    accept(p, TK_NEWLINE);
    while (accept(p, TK_DEDENT))
        ;
    if (!at(p, TK_EOF))
        fail_at(p, peek(p)->loc, "invalid syntax");
    *(Expr **)arg = e;
}

/* A location inside the string as one in the file: the string's first line maps to the
 * columns after the literal's opening quote; later lines map to the literal itself. */
static SrcLoc loc_in_source(SrcLoc at, SrcLoc inner)
{
    if (inner.line == 1)
        at.col += inner.col;
    return at;
}

/* Moves every location of a tree parsed from a string to where the string sits in the file,
 * so that later errors about a signature's parts point into the literal. */
static void relocate(Expr *e, SrcLoc at)
{
    if (!e)
        return;
    e->loc = loc_in_source(at, e->loc);
    switch (e->kind) {
    case EX_BINOP:
    case EX_BOOLOP: relocate(e->binop.lhs, at), relocate(e->binop.rhs, at); break;
    case EX_UNARY: relocate(e->unary.operand, at); break;
    case EX_COMPARE:
        for (int i = 0; i < e->compare.n; i++)
            relocate(e->compare.operands[i], at);
        break;
    case EX_IFEXP: relocate(e->ifexp.cond, at), relocate(e->ifexp.then, at), relocate(e->ifexp.els, at); break;
    case EX_CALL:
        relocate(e->call.func, at);
        for (int i = 0; i < e->call.nargs; i++)
            relocate(e->call.args[i], at);
        for (int i = 0; i < e->call.nkws; i++) {
            e->call.kws[i].loc = loc_in_source(at, e->call.kws[i].loc);
            relocate(e->call.kws[i].value, at);
        }
        break;
    case EX_ATTR: relocate(e->attr.value, at); break;
    case EX_SUBSCRIPT: relocate(e->subscript.value, at), relocate(e->subscript.index, at); break;
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING:
        for (int i = 0; i < e->seq.n; i++)
            relocate(e->seq.items[i], at);
        break;
    case EX_SLICE: relocate(e->slice.lo, at), relocate(e->slice.hi, at), relocate(e->slice.step, at); break;
    case EX_LISTCOMP:
        relocate(e->comp.elt, at);
        relocate(e->comp.value, at);
        for (int i = 0; i < e->comp.n; i++)
            relocate(e->comp.targets[i], at), relocate(e->comp.iters[i], at), relocate(e->comp.conds[i], at);
        break;
    default: break;
    }
}

/* Without a location in a file (at.file == NULL), the string itself is the file that
 * diagnostics and the tree's locations refer to, named "<string>". */
Expr *parse_expr_string(Arena *a, Diag *d, const char *text, SrcLoc at)
{
    SrcFile *f = arena_alloc(a, sizeof *f);
    f->name = "<string>";
    f->text = text ? text : "";
    f->len = (int)strlen(f->text);
    Diag local;
    diag_init(&local, a);
    Parser p;
    init_parser(&p, a, &local, f);
    p.in_string = true;
    Expr *result = NULL;
    guarded(&p, parse_string_body, &result, skip_nothing);
    sort_diagnostics(&local, 0);
    for (int i = 0; i < local.n; i++) {
        const DiagItem *it = &local.items[i];
        diag_report(d, it->severity, at.file ? loc_in_source(at, it->loc) : it->loc, "%s", it->message);
    }
    if (local.errors)
        return NULL;
    if (at.file)
        relocate(result, at);
    return result;
}
