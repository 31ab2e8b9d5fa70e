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


static void dump_expr(StrBuf *d, const Expr *e);

static void dump_list(StrBuf *d, const char *head, Expr *const *items, int n)
{
    sb_printf(d, "(%s", head);
    for (int i = 0; i < n; i++) {
        sb_puts(d, " ");
        dump_expr(d, items[i]);
    }
    sb_puts(d, ")");
}

static void dump_opt(StrBuf *d, const Expr *e)
{
    if (e)
        dump_expr(d, e);
    else
        sb_puts(d, "_");
}

static void dump_expr(StrBuf *d, const Expr *e)
{
    switch (e->kind) {
    case EX_NAME: sb_printf(d, "(name %s)", e->name); break;
    case EX_INT: sb_printf(d, "%lld", (long long)e->ival); break;
    case EX_FLOAT: sb_printf(d, "%.17g", e->fval); break;
    case EX_STR: sb_printf(d, "\"%s\"", e->str); break;
    case EX_BOOL: sb_puts(d, e->bval ? "True" : "False"); break;
    case EX_NONE: sb_puts(d, "None"); break;
    case EX_BINOP:
    case EX_BOOLOP:
        sb_printf(d, "(%s ", ast_op_text(e->binop.op));
        dump_expr(d, e->binop.lhs);
        sb_puts(d, " ");
        dump_expr(d, e->binop.rhs);
        sb_puts(d, ")");
        break;
    case EX_UNARY:
        sb_printf(d, "(%s ", e->unary.op == OP_NEG ? "neg" : e->unary.op == OP_POS ? "pos" : ast_op_text(e->unary.op));
        dump_expr(d, e->unary.operand);
        sb_puts(d, ")");
        break;
    case EX_COMPARE:
        sb_puts(d, "(compare ");
        dump_expr(d, e->compare.operands[0]);
        for (int i = 1; i < e->compare.n; i++) {
            sb_printf(d, " %s ", ast_op_text(e->compare.ops[i - 1]));
            dump_expr(d, e->compare.operands[i]);
        }
        sb_puts(d, ")");
        break;
    case EX_IFEXP:
        sb_puts(d, "(if ");
        dump_expr(d, e->ifexp.cond);
        sb_puts(d, " ");
        dump_expr(d, e->ifexp.then);
        sb_puts(d, " ");
        dump_expr(d, e->ifexp.els);
        sb_puts(d, ")");
        break;
    case EX_CALL:
        sb_puts(d, "(call ");
        dump_expr(d, e->call.func);
        for (int i = 0; i < e->call.nargs; i++) {
            sb_puts(d, " ");
            dump_expr(d, e->call.args[i]);
        }
        for (int i = 0; i < e->call.nkws; i++) {
            sb_printf(d, " (kw %s ", e->call.kws[i].name);
            dump_expr(d, e->call.kws[i].value);
            sb_puts(d, ")");
        }
        sb_puts(d, ")");
        break;
    case EX_ATTR:
        sb_puts(d, "(attr ");
        dump_expr(d, e->attr.value);
        sb_printf(d, " %s)", e->attr.name);
        break;
    case EX_SUBSCRIPT:
        sb_puts(d, "(index ");
        dump_expr(d, e->subscript.value);
        sb_puts(d, " ");
        dump_expr(d, e->subscript.index);
        sb_puts(d, ")");
        break;
    case EX_TUPLE: dump_list(d, "tuple", e->seq.items, e->seq.n); break;
    case EX_LIST: dump_list(d, "list", e->seq.items, e->seq.n); break;
    case EX_SLICE:
        sb_puts(d, "(slice ");
        dump_opt(d, e->slice.lo);
        sb_puts(d, " ");
        dump_opt(d, e->slice.hi);
        sb_puts(d, " ");
        dump_opt(d, e->slice.step);
        sb_puts(d, ")");
        break;
    }
}

static void indent(StrBuf *d, int level)
{
    for (int i = 0; i < level; i++)
        sb_puts(d, "  ");
}

static void dump_block(StrBuf *d, const char *head, const Block *b, int level);

static void dump_stmt(StrBuf *d, const Stmt *s, int level)
{
    indent(d, level);
    switch (s->kind) {
    case ST_EXPR: dump_expr(d, s->expr); break;
    case ST_ASSIGN:
        sb_puts(d, "(=");
        for (int i = 0; i < s->assign.ntargets; i++) {
            sb_puts(d, " ");
            dump_expr(d, s->assign.targets[i]);
        }
        sb_puts(d, " ");
        dump_expr(d, s->assign.value);
        sb_puts(d, ")");
        break;
    case ST_AUGASSIGN:
        sb_printf(d, "(%s= ", ast_op_text(s->augassign.op));
        dump_expr(d, s->augassign.target);
        sb_puts(d, " ");
        dump_expr(d, s->augassign.value);
        sb_puts(d, ")");
        break;
    case ST_IF:
        sb_puts(d, "(if ");
        dump_expr(d, s->if_.cond);
        sb_puts(d, "\n");
        dump_block(d, "then", &s->if_.body, level + 1);
        if (s->if_.orelse.n) {
            sb_puts(d, "\n");
            dump_block(d, "else", &s->if_.orelse, level + 1);
        }
        sb_puts(d, ")");
        break;
    case ST_WHILE:
        sb_puts(d, "(while ");
        dump_expr(d, s->while_.cond);
        sb_puts(d, "\n");
        dump_block(d, "body", &s->while_.body, level + 1);
        sb_puts(d, ")");
        break;
    case ST_FOR:
        sb_puts(d, "(for ");
        dump_expr(d, s->for_.target);
        sb_puts(d, " ");
        dump_expr(d, s->for_.iter);
        sb_puts(d, "\n");
        dump_block(d, "body", &s->for_.body, level + 1);
        sb_puts(d, ")");
        break;
    case ST_BREAK: sb_puts(d, "(break)"); break;
    case ST_CONTINUE: sb_puts(d, "(continue)"); break;
    case ST_RETURN:
        sb_puts(d, "(return");
        if (s->ret) {
            sb_puts(d, " ");
            dump_expr(d, s->ret);
        }
        sb_puts(d, ")");
        break;
    case ST_PASS: sb_puts(d, "(pass)"); break;
    }
}

static void dump_block(StrBuf *d, const char *head, const Block *b, int level)
{
    indent(d, level);
    sb_printf(d, "(%s", head);
    for (int i = 0; i < b->n; i++) {
        sb_puts(d, "\n");
        dump_stmt(d, b->items[i], level + 1);
    }
    sb_puts(d, ")");
}

static void dump_func(StrBuf *d, const FuncDef *f)
{
    sb_printf(d, "(def %s (", f->name);
    for (int i = 0; i < f->nparams; i++) {
        sb_printf(d, "%s%s", i ? " " : "", f->params[i].name);
        if (f->params[i].default_value) {
            sb_puts(d, "=");
            dump_expr(d, f->params[i].default_value);
        }
    }
    sb_puts(d, ")\n");
    sb_puts(d, "  ");
    dump_list(d, "decorators", f->decorators, f->ndecorators);
    sb_puts(d, "\n");
    dump_block(d, "body", &f->body, 1);
    sb_puts(d, ")\n");
}

static void dump_import(StrBuf *d, const Import *im)
{
    sb_printf(d, "(%s %s", im->is_from ? "from" : "import", im->module);
    for (int i = 0; i < im->nnames; i++) {
        if (im->names[i])
            sb_printf(d, " %s", im->names[i]);
        if (im->asnames[i])
            sb_printf(d, " (as %s)", im->asnames[i]);
    }
    sb_puts(d, ")\n");
}

char *ast_dump_module(Arena *a, const Module *m)
{
    StrBuf d = {.arena = a};
    for (int i = 0; i < m->nitems; i++) {
        const TopItem *it = &m->items[i];
        if (it->kind == TOP_IMPORT) {
            dump_import(&d, it->import);
        } else if (it->kind == TOP_GLOBAL) {
            sb_printf(&d, "(global %s ", it->global->name);
            dump_expr(&d, it->global->value);
            sb_puts(&d, ")\n");
        } else {
            dump_func(&d, it->func);
        }
    }
    return sb_text(&d);
}

char *ast_dump_expr(Arena *a, const Expr *e)
{
    StrBuf d = {.arena = a};
    dump_expr(&d, e);
    return sb_text(&d);
}
