/* ast.c — owns the spelling of AST operators and the S-expression dump of the tree (ast.h).
 *
 * The dump is the stable text the parser's golden tests compare: one top-level item after
 * another, statements one per line indented by two spaces per level, expressions inline:
 *
 *   (def add (a b)
 *     (decorators (name njit))
 *     (body
 *       (return (+ (name a) (name b)))))
 */
#include <stdio.h>
#include <string.h>

#include "ast.h"

const char *ast_op_text(AstOp op)
{
    static const char *const text[OP_COUNT_] = {
        [OP_ADD] = "+", [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_FLOORDIV] = "//",
        [OP_MOD] = "%", [OP_POW] = "**", [OP_MATMUL] = "@", [OP_LSHIFT] = "<<", [OP_RSHIFT] = ">>",
        [OP_BITAND] = "&", [OP_BITOR] = "|", [OP_BITXOR] = "^",
        [OP_NEG] = "-", [OP_POS] = "+", [OP_INVERT] = "~", [OP_NOT] = "not",
        [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">", [OP_GE] = ">=",
        [OP_IS] = "is", [OP_ISNOT] = "is not", [OP_IN] = "in", [OP_NOTIN] = "not in",
        [OP_AND] = "and", [OP_OR] = "or",
    };
    return (unsigned)op < OP_COUNT_ && text[op] ? text[op] : "?";
}

/* ---- output ---- */

static void out_indent(StrBuf *o, int level)
{
    for (int i = 0; i < level; i++)
        sb_puts(o, "  ");
}

/* ---- expressions ---- */

static void dump_expr(StrBuf *o, const Expr *e);

/* A string literal, quoted and escaped so that the dump stays on one line. */
static void dump_string(StrBuf *o, const char *s)
{
    sb_puts(o, "\"");
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        switch (*c) {
        case '"': sb_puts(o, "\\\""); break;
        case '\\': sb_puts(o, "\\\\"); break;
        case '\n': sb_puts(o, "\\n"); break;
        case '\t': sb_puts(o, "\\t"); break;
        case '\r': sb_puts(o, "\\r"); break;
        default:
            if (*c < 0x20 || *c == 0x7F)
                sb_printf(o, "\\x%02x", *c);
            else
                sb_puts(o, (char[2]){(char)*c, 0});
        }
    }
    sb_puts(o, "\"");
}

/* %.17g, with ".0" added where it would otherwise read as an integer. */
static void dump_float(StrBuf *o, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.17g", v);
    sb_puts(o, buf);
    if (strspn(buf, "-0123456789") == strlen(buf))
        sb_puts(o, ".0");
}

static void dump_items(StrBuf *o, Expr *const *items, int n)
{
    for (int i = 0; i < n; i++) {
        sb_puts(o, " ");
        dump_expr(o, items[i]);
    }
}

static void dump_optional(StrBuf *o, const Expr *e)
{
    sb_puts(o, " ");
    if (e)
        dump_expr(o, e);
    else
        sb_puts(o, "_");
}

static const char *unary_name(AstOp op)
{
    return op == OP_NEG ? "neg" : op == OP_POS ? "pos" : ast_op_text(op);
}

static void dump_call(StrBuf *o, const Expr *e)
{
    sb_puts(o, "(call ");
    dump_expr(o, e->call.func);
    dump_items(o, e->call.args, e->call.nargs);
    for (int i = 0; i < e->call.nkws; i++) {
        sb_printf(o, " (kw %s ", e->call.kws[i].name);
        dump_expr(o, e->call.kws[i].value);
        sb_puts(o, ")");
    }
    sb_puts(o, ")");
}

static void dump_compare(StrBuf *o, const Expr *e)
{
    sb_puts(o, "(compare ");
    dump_expr(o, e->compare.operands[0]);
    for (int i = 1; i < e->compare.n; i++) {
        sb_printf(o, " %s ", ast_op_text(e->compare.ops[i - 1]));
        dump_expr(o, e->compare.operands[i]);
    }
    sb_puts(o, ")");
}

static void dump_expr(StrBuf *o, const Expr *e)
{
    if (!e) {
        sb_puts(o, "_");
        return;
    }
    switch (e->kind) {
    case EX_NAME: sb_printf(o, "(name %s)", e->name); break;
    case EX_INT: sb_printf(o, "%lld", (long long)e->ival); break;
    case EX_FLOAT: dump_float(o, e->fval); break;
    case EX_IMAG: dump_float(o, e->fval), sb_puts(o, "j"); break;
    case EX_STR: dump_string(o, e->str); break;
    case EX_BOOL: sb_puts(o, e->bval ? "True" : "False"); break;
    case EX_NONE: sb_puts(o, "None"); break;
    case EX_ELLIPSIS: sb_puts(o, "..."); break;
    case EX_BINOP:
    case EX_BOOLOP:
        sb_printf(o, "(%s ", ast_op_text(e->binop.op));
        dump_expr(o, e->binop.lhs);
        sb_puts(o, " ");
        dump_expr(o, e->binop.rhs);
        sb_puts(o, ")");
        break;
    case EX_UNARY:
        sb_printf(o, "(%s ", unary_name(e->unary.op));
        dump_expr(o, e->unary.operand);
        sb_puts(o, ")");
        break;
    case EX_COMPARE: dump_compare(o, e); break;
    case EX_IFEXP:
        sb_puts(o, "(ifexp ");
        dump_expr(o, e->ifexp.cond);
        sb_puts(o, " ");
        dump_expr(o, e->ifexp.then);
        sb_puts(o, " ");
        dump_expr(o, e->ifexp.els);
        sb_puts(o, ")");
        break;
    case EX_CALL: dump_call(o, e); break;
    case EX_ATTR:
        sb_puts(o, "(attr ");
        dump_expr(o, e->attr.value);
        sb_printf(o, " %s)", e->attr.name);
        break;
    case EX_SUBSCRIPT:
        sb_puts(o, "(subscript ");
        dump_expr(o, e->subscript.value);
        sb_puts(o, " ");
        dump_expr(o, e->subscript.index);
        sb_puts(o, ")");
        break;
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING:
        sb_puts(o, e->kind == EX_TUPLE  ? "(tuple"
                   : e->kind == EX_LIST ? "(list"
                   : e->kind == EX_DICT ? "(dict"
                   : e->kind == EX_SET  ? "(set"
                                        : "(fstring");
        dump_items(o, e->seq.items, e->seq.n);
        sb_puts(o, ")");
        break;
    case EX_LISTCOMP:
        sb_puts(o, e->comp.value ? "(dictcomp " : "(listcomp ");
        dump_expr(o, e->comp.elt);
        if (e->comp.value) {
            sb_puts(o, " ");
            dump_expr(o, e->comp.value);
        }
        for (int i = 0; i < e->comp.n; i++) {
            sb_puts(o, " (for ");
            dump_expr(o, e->comp.targets[i]);
            sb_puts(o, " ");
            dump_expr(o, e->comp.iters[i]);
            if (e->comp.conds[i]) {
                sb_puts(o, " (if ");
                dump_expr(o, e->comp.conds[i]);
                sb_puts(o, ")");
            }
            sb_puts(o, ")");
        }
        sb_puts(o, ")");
        break;
    case EX_LAMBDA:
        sb_puts(o, "(lambda (");
        for (int i = 0; i < e->lambda.nparams; i++)
            sb_printf(o, "%s%s", i ? " " : "", e->lambda.params[i].name);
        sb_puts(o, ") ");
        dump_expr(o, e->lambda.body);
        sb_puts(o, ")");
        break;
    case EX_SLICE:
        sb_puts(o, "(slice");
        dump_optional(o, e->slice.lo);
        dump_optional(o, e->slice.hi);
        dump_optional(o, e->slice.step);
        sb_puts(o, ")");
        break;
    }
}

/* ---- statements ---- */

static void dump_block(StrBuf *o, const char *head, const Block *b, int level);

static void dump_assign(StrBuf *o, const Stmt *s)
{
    sb_puts(o, "(=");
    dump_items(o, s->assign.targets, s->assign.ntargets);
    sb_puts(o, " ");
    dump_expr(o, s->assign.value);
    sb_puts(o, ")");
}

static void dump_if(StrBuf *o, const Stmt *s, int level)
{
    sb_puts(o, "(if ");
    dump_expr(o, s->if_.cond);
    dump_block(o, "then", &s->if_.body, level + 1);
    if (s->if_.orelse.n)
        dump_block(o, "else", &s->if_.orelse, level + 1);
    sb_puts(o, ")");
}

/* (raise E), (assert c msg), (try (body ...) (except E ...) (else ...) (finally ...)) */
static void dump_exception_stmt(StrBuf *o, const Stmt *s, int level)
{
    if (s->kind == ST_RAISE) {
        sb_puts(o, "(raise");
        dump_optional(o, s->raise_.exc);
        sb_puts(o, ")");
        return;
    }
    if (s->kind == ST_ASSERT) {
        sb_puts(o, "(assert ");
        dump_expr(o, s->assert_.cond);
        dump_optional(o, s->assert_.msg);
        sb_puts(o, ")");
        return;
    }
    sb_puts(o, "(try");
    dump_block(o, "body", &s->try_.body, level + 1);
    for (int k = 0; k < s->try_.nhandlers; k++) {
        const ExceptClause *c = &s->try_.handlers[k];
        StrBuf head = {.arena = o->arena};
        sb_puts(&head, "except");
        if (c->type) {
            StrBuf t = {.arena = o->arena};
            dump_expr(&t, c->type);
            sb_printf(&head, " %s", sb_text(&t));
        }
        if (c->name)
            sb_printf(&head, " as %s", c->name);
        dump_block(o, sb_text(&head), c->body, level + 1);
    }
    if (s->try_.orelse.n)
        dump_block(o, "else", &s->try_.orelse, level + 1);
    if (s->try_.has_finally)
        dump_block(o, "finally", &s->try_.finalbody, level + 1);
    sb_puts(o, ")");
}

static void dump_stmt(StrBuf *o, const Stmt *s, int level)
{
    sb_puts(o, "\n");
    out_indent(o, level);
    switch (s->kind) {
    case ST_EXPR:
    case ST_DEL:
        sb_puts(o, s->kind == ST_EXPR ? "(expr " : "(del ");
        dump_expr(o, s->expr);
        sb_puts(o, ")");
        break;
    case ST_ASSIGN: dump_assign(o, s); break;
    case ST_AUGASSIGN:
        sb_printf(o, "(%s= ", ast_op_text(s->augassign.op));
        dump_expr(o, s->augassign.target);
        sb_puts(o, " ");
        dump_expr(o, s->augassign.value);
        sb_puts(o, ")");
        break;
    case ST_IF: dump_if(o, s, level); break;
    case ST_WHILE:
        sb_puts(o, "(while ");
        dump_expr(o, s->while_.cond);
        dump_block(o, "body", &s->while_.body, level + 1);
        if (s->while_.orelse.n)
            dump_block(o, "else", &s->while_.orelse, level + 1);
        sb_puts(o, ")");
        break;
    case ST_FOR:
        sb_puts(o, "(for ");
        dump_expr(o, s->for_.target);
        sb_puts(o, " ");
        dump_expr(o, s->for_.iter);
        dump_block(o, "body", &s->for_.body, level + 1);
        if (s->for_.orelse.n)
            dump_block(o, "else", &s->for_.orelse, level + 1);
        sb_puts(o, ")");
        break;
    case ST_BREAK: sb_puts(o, "(break)"); break;
    case ST_CONTINUE: sb_puts(o, "(continue)"); break;
    case ST_RETURN:
        sb_puts(o, "(return");
        if (s->ret) {
            sb_puts(o, " ");
            dump_expr(o, s->ret);
        }
        sb_puts(o, ")");
        break;
    case ST_PASS: sb_puts(o, "(pass)"); break;
    case ST_RAISE:
    case ST_ASSERT:
    case ST_TRY: dump_exception_stmt(o, s, level); break;
    case ST_DEF:
        sb_printf(o, "(def %s (", s->def->name);
        for (int i = 0; i < s->def->nparams; i++)
            sb_printf(o, "%s%s%s", i ? " " : "", s->def->params[i].star ? "*" : "", s->def->params[i].name);
        sb_puts(o, ")");
        dump_block(o, "body", &s->def->body, level + 1);
        sb_puts(o, ")");
        break;
    case ST_OBJMODE:
        sb_puts(o, "(objmode (");
        for (int i = 0; i < s->objmode.noutputs; i++) {
            sb_printf(o, "%s%s=", i ? " " : "", s->objmode.outputs[i].name);
            dump_expr(o, s->objmode.outputs[i].value);
        }
        sb_puts(o, ") (reads");
        for (int i = 0; i < s->objmode.nreads; i++)
            sb_printf(o, " %s", s->objmode.reads[i]);
        sb_printf(o, ") (to line %d))", s->objmode.last_line);
        break;
    }
}

/* "\n  (head\n    stmt...)" — each statement on its own line, one level deeper */
static void dump_block(StrBuf *o, const char *head, const Block *b, int level)
{
    sb_puts(o, "\n");
    out_indent(o, level);
    sb_printf(o, "(%s", head);
    for (int i = 0; i < b->n; i++)
        dump_stmt(o, b->items[i], level + 1);
    sb_puts(o, ")");
}

/* ---- module ---- */

static void dump_import(StrBuf *o, const Import *im)
{
    sb_printf(o, "(%s %s", im->is_from ? "from" : "import", im->module);
    for (int i = 0; i < im->nnames; i++) {
        const char *name = im->names ? im->names[i] : NULL;
        const char *as = im->asnames ? im->asnames[i] : NULL;
        if (name && as)
            sb_printf(o, " (%s as %s)", name, as);
        else if (name)
            sb_printf(o, " %s", name);
        else if (as)
            sb_printf(o, " (as %s)", as);
    }
    sb_puts(o, ")\n");
}

static void dump_params(StrBuf *o, const FuncDef *f)
{
    sb_puts(o, "(");
    for (int i = 0; i < f->nparams; i++) {
        sb_printf(o, "%s%s", i ? " " : "", f->params[i].name);
        if (f->params[i].default_value) {
            sb_puts(o, "=");
            dump_expr(o, f->params[i].default_value);
        }
    }
    sb_puts(o, ")");
}

static void dump_func(StrBuf *o, const FuncDef *f)
{
    sb_printf(o, "(def %s ", f->name);
    dump_params(o, f);
    sb_puts(o, "\n  (decorators");
    dump_items(o, f->decorators, f->ndecorators);
    sb_puts(o, ")");
    dump_block(o, "body", &f->body, 1);
    sb_puts(o, ")\n");
}

static void dump_top_items(StrBuf *o, const TopItem *items, int n)
{
    for (int i = 0; i < n; i++) {
        const TopItem *it = &items[i];
        switch (it->kind) {
        case TOP_IMPORT: dump_import(o, it->import); break;
        case TOP_GLOBAL:
            sb_printf(o, "(global %s ", it->global->name);
            dump_expr(o, it->global->value);
            sb_puts(o, ")\n");
            break;
        case TOP_FUNC: dump_func(o, it->func); break;
        case TOP_IF:
            sb_puts(o, "(module-if ");
            dump_expr(o, it->if_->cond);
            sb_puts(o, "\n");
            dump_top_items(o, it->if_->body, it->if_->nbody);
            sb_puts(o, "(module-else\n");
            dump_top_items(o, it->if_->orelse, it->if_->norelse);
            sb_puts(o, "))\n");
            break;
        }
    }
}

const Expr *ast_call_arg(const Expr *call, int pos, const char *name)
{
    for (int i = 0; i < call->call.nkws; i++)
        if (strcmp(call->call.kws[i].name, name) == 0)
            return call->call.kws[i].value;
    return pos < call->call.nargs ? call->call.args[pos] : NULL;
}

char *ast_dump_module(Arena *a, const Module *m)
{
    StrBuf o = {.arena = a};
    dump_top_items(&o, m->items, m->nitems);
    return sb_text(&o);
}

char *ast_dump_expr(Arena *a, const Expr *e)
{
    StrBuf o = {.arena = a};
    dump_expr(&o, e);
    return sb_text(&o);
}
