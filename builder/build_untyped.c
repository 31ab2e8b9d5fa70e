/* build_untyped.c — what `jitc check` (prog_check: every parameter unknown) can still say of a
 * recursion: a function whose every reachable return with a value is built on a call to itself
 * has no return type to start from, which the typed build reports at the call ("cannot infer
 * the return type of the recursive call"). Without argument types each return's value is poison,
 * so the build cannot tell; the returns' expressions can: a call to the function itself, or an
 * arithmetic operation, a negation or a conditional expression (both branches) over one. A
 * return of anything else may type, so it counts as a start: no error is ever made up. */
#include <string.h>

#include "build.h"

/* Whether e is a call to the function being built, by its module-level name. */
static bool self_call(Builder *b, const Expr *e)
{
    const Expr *callee = e->call.func;
    return callee->kind == EX_NAME && strcmp(callee->name, b->def->name) == 0 && !bld_find_var(b, callee->name);
}

/* Whether e's type is that of a recursive call (so unknown while no other return gives one); *at
 * is then the last such call, in the order the build evaluates them. */
static bool recursion_typed(Builder *b, const Expr *e, SrcLoc *at)
{
    switch (e->kind) {
    case EX_CALL:
        if (!self_call(b, e))
            return false;
        *at = e->loc;
        return true;
    case EX_BINOP: {
        bool lhs = recursion_typed(b, e->binop.lhs, at);
        return recursion_typed(b, e->binop.rhs, at) || lhs;
    }
    case EX_UNARY: return e->unary.op != OP_NOT && recursion_typed(b, e->unary.operand, at);
    case EX_IFEXP: {
        SrcLoc then_at = *at;
        if (!recursion_typed(b, e->ifexp.then, &then_at))
            return false;
        return recursion_typed(b, e->ifexp.els, at);
    }
    default: return false;
    }
}

void bld_untyped_return(Builder *b, const Expr *value, const Type *t)
{
    if (!b->spec->untyped || b->untyped.typed_return)
        return;
    SrcLoc at = b->untyped.recursion_loc;
    if (t->kind == TY_ERROR && recursion_typed(b, value, &at)) {
        b->untyped.recursive_return = true;
        b->untyped.recursion_loc = at;
    } else {
        b->untyped.typed_return = true;
    }
}

void bld_untyped_recursion_check(Builder *b)
{
    if (b->spec->untyped && b->untyped.recursive_return && !b->untyped.typed_return && !b->diag.errors)
        diag_error(&b->diag, b->untyped.recursion_loc, "cannot infer the return type of the recursive call "
                   "to '%s': no return without recursion comes first", b->def->name);
}
