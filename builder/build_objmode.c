/* build_objmode.c — `with objmode(y='float64', a='int64[:]'):` blocks, as Numba has them:
 *
 *   x = ...
 *   with objmode(y='float64'):      the block is Python the interpreter runs: it sees the
 *       y = scipy.special.gamma(x)  function's variables it reads (x) and sets the variables
 *   return y + 1                    objmode(...) declares, of the types declared there
 *
 * The parser keeps the block unparsed, with the names it reads (frontend/parser.c). Here the
 * block becomes one IR_OBJMODE instruction: its inputs are the variables among those names that
 * hold a value at this point, made a tuple; its result is a tuple of the declared outputs (new
 * references), each stored into its variable. Running the block needs an interpreter: the
 * embedder gives one (jitc_options.objmode, the Python package's), else the block is refused. */
#include "build.h"

#include <string.h>

#include "frontend/parser.h"

/* Whether a value of type t can cross to the interpreter and back: numbers, strings, arrays, None,
 * and tuples of them. */
static bool crosses(const Type *t)
{
    if (t->kind == TY_ERROR) /* checked without argument types (prog_check): known at the call */
        return true;
    if (ty_is_scalar(t) && t->kind != TY_FLOAT16)
        return true;
    if (t->kind == TY_ARRAY || t->kind == TY_STR || ty_is_none_type(t))
        return true;
    if (t->kind != TY_TUPLE || t->tag)
        return false;
    for (int k = 0; k < t->n; k++)
        if (!crosses(t->elems[k]))
            return false;
    return true;
}

/* An output's declared type: a type written as a string ('float64[:]') or as an expression
 * (types.float64), NULL after reporting. */
static const Type *output_type(Builder *b, const Keyword *kw, const char **text)
{
    const Expr *e = kw->value;
    *text = e->kind == EX_STR ? e->str : ast_dump_expr(b->pass_arena, e);
    if (e->kind == EX_STR && !(e = parse_expr_string(b->pass_arena, &b->diag, e->str, e->loc)))
        return NULL;
    const Type *t = prog_type_expr(b->p, e);
    if (!t) {
        diag_error(&b->diag, kw->value->loc, "objmode: unknown type '%s' for '%s'", *text, kw->name);
        return NULL;
    }
    if (t->kind == TY_NONE || !crosses(t)) {
        diag_error(&b->diag, kw->value->loc, "objmode: '%s' cannot be an output of type %s: outputs are numbers, "
                                             "strings, arrays and tuples of them", kw->name, ty_name(b->pass_arena, t));
        return NULL;
    }
    return t;
}

/* Where the block may run: in host code of a program whose embedder runs Python, outside a
 * prange body (its threads do not hold the interpreter). */
static bool allowed_here(Builder *b, const Stmt *s)
{
    const char *why = !b->p->host ? "'with objmode' runs Python code: only the jitc Python package can run it"
                    : b->spec->device ? "'with objmode' is not supported in GPU code"
                    : b->spec->func->outlined_from ? "'with objmode' is not supported inside a prange loop"
                    : NULL;
    if (why)
        diag_error(&b->diag, s->loc, "%s", why);
    return !why;
}

/* The block's inputs: the names it reads that are variables holding a value here, their values
 * into vals and their types into types; -1 after reporting one that cannot cross. */
static int collect_inputs(Builder *b, const Stmt *s, IrObjmode *om, IrValue *vals, const Type **types)
{
    int n = 0;
    om->inputs = arena_alloc(b->pass_arena, sizeof *om->inputs * (size_t)(s->objmode.nreads + 1));
    for (int i = 0; i < s->objmode.nreads; i++) {
        const char *name = s->objmode.reads[i];
        const Type *t = bld_var_type(b, name);
        if (!t)
            continue;
        if (!crosses(t)) {
            diag_error(&b->diag, s->loc, "objmode: the block reads '%s', of type %s, which cannot be passed to "
                                         "the interpreter", name, ty_name(b->pass_arena, t));
            return -1;
        }
        Operand o = bld_read_var(b, bld_find_var(b, name), s->loc);
        if ((vals[n] = bld_value_of(b, o, s->loc)) == IR_NOVALUE)
            return -1;
        if (bld_is_error(b, vals[n])) /* untyped (prog_check), or reported where it was made */
            continue;
        types[n] = ir_type(b->f, vals[n]);
        om->inputs[n++] = name;
    }
    return n;
}

/* After an error reported at the block: its outputs hold errors, which report nothing more. */
static void outputs_failed(Builder *b, const Stmt *s)
{
    for (int k = 0; k < s->objmode.noutputs; k++) {
        const Keyword *kw = &s->objmode.outputs[k];
        Expr *target = arena_alloc(b->pass_arena, sizeof *target);
        *target = (Expr){.kind = EX_NAME, .loc = kw->loc, .name = kw->name};
        bld_assign_target(b, target, bld_error_operand(b), kw->loc);
    }
}

static void build_block(Builder *b, const Stmt *s);

void bld_objmode(Builder *b, const Stmt *s)
{
    int errors = b->diag.errors;
    build_block(b, s);
    if (b->diag.errors > errors)
        outputs_failed(b, s);
}

static void build_block(Builder *b, const Stmt *s)
{
    if (!allowed_here(b, s))
        return;
    int nout = s->objmode.noutputs, nin_max = s->objmode.nreads;
    if (nout > BLD_MAX_ARGS || nin_max > BLD_MAX_ARGS) {
        diag_error(&b->diag, s->loc, "objmode: more than %d variables in or out", BLD_MAX_ARGS);
        return;
    }
    IrObjmode *om = arena_alloc(b->pass_arena, sizeof *om);
    *om = (IrObjmode){.function = b->def->name, .loc = s->loc, .last_line = s->objmode.last_line, .host = b->p->host};
    const Type *out[BLD_MAX_ARGS + 1], *in[BLD_MAX_ARGS + 1];
    IrValue vals[BLD_MAX_ARGS + 1];
    om->outputs = arena_alloc(b->pass_arena, sizeof *om->outputs * (size_t)(nout + 1));
    om->output_types = arena_alloc(b->pass_arena, sizeof *om->output_types * (size_t)(nout + 1));
    for (int k = 0; k < nout; k++) {
        om->outputs[k] = s->objmode.outputs[k].name;
        if (!(out[k] = output_type(b, &s->objmode.outputs[k], &om->output_types[k])))
            return;
    }
    int nin = collect_inputs(b, s, om, vals, in);
    if (nin < 0)
        return;
    om->in = ty_tuple(&b->p->types, in, nin);
    om->out = ty_tuple(&b->p->types, out, nout);
    IrValue inputs = ir_emit(b->f, IR_TUPLE, 0, om->in, vals, nin, s->loc);
    IrValue result = ir_emit(b->f, IR_OBJMODE, 0, om->out, &inputs, 1, s->loc);
    ir_last(b->f)->imm.objmode = om;
    result = bld_own_arrays(b, result, s->loc);
    for (int k = 0; k < nout; k++) {
        const Keyword *kw = &s->objmode.outputs[k];
        IrValue idx = ir_emit(b->f, IR_TUPLE_GET, 0, out[k], &result, 1, kw->loc);
        ir_last(b->f)->imm.index = k;
        Expr *target = arena_alloc(b->pass_arena, sizeof *target);
        *target = (Expr){.kind = EX_NAME, .loc = kw->loc, .name = kw->name};
        bld_assign_target(b, target, bld_value_operand(idx, out[k]), kw->loc);
    }
}
