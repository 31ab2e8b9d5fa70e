/* ast.c — operator spellings and the S-expression dump of the AST (ast.h), the stable text
 * the parser's golden tests compare. */
#include <string.h>

#include "ast.h"

const char *ast_op_text(AstOp op)
{
    static const char *const text[OP_COUNT_] = {
        "+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^",
        "-", "+", "~", "not",
        "==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in",
        "and", "or",
    };
    return (unsigned)op < OP_COUNT_ ? text[op] : "?";
}

typedef struct Dump {
    Arena *a;
    char *buf;
    size_t len, cap;
} Dump;

static void put(Dump *d, const char *s)
{
    size_t n = strlen(s);
    if (d->len + n + 1 > d->cap) {
        size_t nc = d->cap * 2 + n + 256;
        d->buf = arena_grow(d->a, d->buf, d->cap, nc);
        d->cap = nc;
    }
    memcpy(d->buf + d->len, s, n + 1);
    d->len += n;
}

#define PUTF(d, ...) put((d), arena_printf((d)->a, __VA_ARGS__))

static void dump_expr(Dump *d, const Expr *e);

static void dump_list(Dump *d, const char *head, Expr *const *items, int n)
{
    PUTF(d, "(%s", head);
    for (int i = 0; i < n; i++) {
        put(d, " ");
        dump_expr(d, items[i]);
    }
    put(d, ")");
}

static void dump_opt(Dump *d, const Expr *e)
{
    if (e)
        dump_expr(d, e);
    else
        put(d, "_");
}

static void dump_expr(Dump *d, const Expr *e)
{
    switch (e->kind) {
    case EX_NAME: PUTF(d, "(name %s)", e->name); break;
    case EX_INT: PUTF(d, "%lld", (long long)e->ival); break;
    case EX_FLOAT: PUTF(d, "%.17g", e->fval); break;
    case EX_STR: PUTF(d, "\"%s\"", e->str); break;
    case EX_BOOL: put(d, e->bval ? "True" : "False"); break;
    case EX_NONE: put(d, "None"); break;
    case EX_BINOP:
    case EX_BOOLOP:
        PUTF(d, "(%s ", ast_op_text(e->binop.op));
        dump_expr(d, e->binop.lhs);
        put(d, " ");
        dump_expr(d, e->binop.rhs);
        put(d, ")");
        break;
    case EX_UNARY:
        PUTF(d, "(%s ", e->unary.op == OP_NEG ? "neg" : e->unary.op == OP_POS ? "pos" : ast_op_text(e->unary.op));
        dump_expr(d, e->unary.operand);
        put(d, ")");
        break;
    case EX_COMPARE:
        put(d, "(compare ");
        dump_expr(d, e->compare.operands[0]);
        for (int i = 1; i < e->compare.n; i++) {
            PUTF(d, " %s ", ast_op_text(e->compare.ops[i - 1]));
            dump_expr(d, e->compare.operands[i]);
        }
        put(d, ")");
        break;
    case EX_IFEXP:
        put(d, "(if ");
        dump_expr(d, e->ifexp.cond);
        put(d, " ");
        dump_expr(d, e->ifexp.then);
        put(d, " ");
        dump_expr(d, e->ifexp.els);
        put(d, ")");
        break;
    case EX_CALL:
        put(d, "(call ");
        dump_expr(d, e->call.func);
        for (int i = 0; i < e->call.nargs; i++) {
            put(d, " ");
            dump_expr(d, e->call.args[i]);
        }
        for (int i = 0; i < e->call.nkws; i++) {
            PUTF(d, " (kw %s ", e->call.kws[i].name);
            dump_expr(d, e->call.kws[i].value);
            put(d, ")");
        }
        put(d, ")");
        break;
    case EX_ATTR:
        put(d, "(attr ");
        dump_expr(d, e->attr.value);
        PUTF(d, " %s)", e->attr.name);
        break;
    case EX_SUBSCRIPT:
        put(d, "(index ");
        dump_expr(d, e->subscript.value);
        put(d, " ");
        dump_expr(d, e->subscript.index);
        put(d, ")");
        break;
    case EX_TUPLE: dump_list(d, "tuple", e->seq.items, e->seq.n); break;
    case EX_LIST: dump_list(d, "list", e->seq.items, e->seq.n); break;
    case EX_SLICE:
        put(d, "(slice ");
        dump_opt(d, e->slice.lo);
        put(d, " ");
        dump_opt(d, e->slice.hi);
        put(d, " ");
        dump_opt(d, e->slice.step);
        put(d, ")");
        break;
    }
}

static void indent(Dump *d, int level)
{
    for (int i = 0; i < level; i++)
        put(d, "  ");
}

static void dump_block(Dump *d, const char *head, const Block *b, int level);

static void dump_stmt(Dump *d, const Stmt *s, int level)
{
    indent(d, level);
    switch (s->kind) {
    case ST_EXPR: dump_expr(d, s->expr); break;
    case ST_ASSIGN:
        put(d, "(=");
        for (int i = 0; i < s->assign.ntargets; i++) {
            put(d, " ");
            dump_expr(d, s->assign.targets[i]);
        }
        put(d, " ");
        dump_expr(d, s->assign.value);
        put(d, ")");
        break;
    case ST_AUGASSIGN:
        PUTF(d, "(%s= ", ast_op_text(s->augassign.op));
        dump_expr(d, s->augassign.target);
        put(d, " ");
        dump_expr(d, s->augassign.value);
        put(d, ")");
        break;
    case ST_IF:
        put(d, "(if ");
        dump_expr(d, s->if_.cond);
        put(d, "\n");
        dump_block(d, "then", &s->if_.body, level + 1);
        if (s->if_.orelse.n) {
            put(d, "\n");
            dump_block(d, "else", &s->if_.orelse, level + 1);
        }
        put(d, ")");
        break;
    case ST_WHILE:
        put(d, "(while ");
        dump_expr(d, s->while_.cond);
        put(d, "\n");
        dump_block(d, "body", &s->while_.body, level + 1);
        put(d, ")");
        break;
    case ST_FOR:
        put(d, "(for ");
        dump_expr(d, s->for_.target);
        put(d, " ");
        dump_expr(d, s->for_.iter);
        put(d, "\n");
        dump_block(d, "body", &s->for_.body, level + 1);
        put(d, ")");
        break;
    case ST_BREAK: put(d, "(break)"); break;
    case ST_CONTINUE: put(d, "(continue)"); break;
    case ST_RETURN:
        put(d, "(return");
        if (s->ret) {
            put(d, " ");
            dump_expr(d, s->ret);
        }
        put(d, ")");
        break;
    case ST_PASS: put(d, "(pass)"); break;
    }
}

static void dump_block(Dump *d, const char *head, const Block *b, int level)
{
    indent(d, level);
    PUTF(d, "(%s", head);
    for (int i = 0; i < b->n; i++) {
        put(d, "\n");
        dump_stmt(d, b->items[i], level + 1);
    }
    put(d, ")");
}

static void dump_func(Dump *d, const FuncDef *f)
{
    PUTF(d, "(def %s (", f->name);
    for (int i = 0; i < f->nparams; i++) {
        PUTF(d, "%s%s", i ? " " : "", f->params[i].name);
        if (f->params[i].default_value) {
            put(d, "=");
            dump_expr(d, f->params[i].default_value);
        }
    }
    put(d, ")\n");
    put(d, "  ");
    dump_list(d, "decorators", f->decorators, f->ndecorators);
    put(d, "\n");
    dump_block(d, "body", &f->body, 1);
    put(d, ")\n");
}

static void dump_import(Dump *d, const Import *im)
{
    PUTF(d, "(%s %s", im->is_from ? "from" : "import", im->module);
    for (int i = 0; i < im->nnames; i++) {
        if (im->names[i])
            PUTF(d, " %s", im->names[i]);
        if (im->asnames[i])
            PUTF(d, " (as %s)", im->asnames[i]);
    }
    put(d, ")\n");
}

char *ast_dump_module(Arena *a, const Module *m)
{
    Dump d = {.a = a};
    put(&d, "");
    for (int i = 0; i < m->nitems; i++) {
        const TopItem *it = &m->items[i];
        if (it->kind == TOP_IMPORT) {
            dump_import(&d, it->import);
        } else if (it->kind == TOP_GLOBAL) {
            PUTF(&d, "(global %s ", it->global->name);
            dump_expr(&d, it->global->value);
            put(&d, ")\n");
        } else {
            dump_func(&d, it->func);
        }
    }
    return d.buf;
}

char *ast_dump_expr(Arena *a, const Expr *e)
{
    Dump d = {.a = a};
    put(&d, "");
    dump_expr(&d, e);
    return d.buf;
}
