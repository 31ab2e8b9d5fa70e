/* build_list.c — lists: Numba's reflected lists and numba.typed.List, host only.
 *
 * A list is a value of type TY_LIST (types.h) whose item type is fixed; `[]` and `List()` start
 * with no item type (dtype NULL) and take the one their first append or extend gives them: the
 * variable is rebound to the list retyped (LST_RETYPE, a no-op at run time), and where paths
 * meet, ty_unify gives the list the item type the other path found, as Numba's inference does.
 *
 * The primitive operations are IR_LIST instructions (ir.h; codegen/list.c over runtime/list.c);
 * indexes are normalised and checked here (IndexError as CPython words it). Loops that fill a
 * list (comprehensions, list(iterable), sorted(iterable), l.extend(iterable)) are syntax the
 * builder makes once per function, before the first pass (bld_list_prepare), so that the loops
 * keep their identity across inference passes: `$lc = []` then `for T in I: if C: $lc.append(E)`.
 * The rest (index, count, remove, reverse, sort, copy, +, *, ==, slices, sum, min, max) is krn
 * in cpython/lists.krn, compiled as any function is. Also here: `del` of items and slices, Numba's
 * refinement of a list variable's item type by later items (ListWidening), and numba.typed.List's
 * empty_list(item_type, allocated), _allocated(), _is_mutable(), _make_(im)mutable() with the
 * ValueError an immutable list raises where it would change. */
#include "builder/build.h"

#include <string.h>

/* ---- types ---- */

static bool is_list(const Type *t) { return t && t->kind == TY_LIST; }

/* Whether a list may hold items of type t: a scalar, a string, a tuple of scalars, an array, a list. */
static bool storable_item(const Type *t)
{
    if (ty_is_scalar(t) || t->kind == TY_STR || t->kind == TY_ARRAY || t->kind == TY_LIST)
        return true;
    if (t->kind != TY_TUPLE)
        return false;
    for (int i = 0; i < t->n; i++)
        if (!ty_is_scalar(t->elems[i]) && !ty_is_none_type(t->elems[i])) /* Tuple(int64, none) */
            return false;
    return true;
}

static bool check_item(Builder *b, const Type *t, SrcLoc loc)
{
    if (t->kind == TY_ERROR)
        return false;
    if (storable_item(t))
        return true;
    diag_error(&b->diag, loc, "a list of %s is not supported in krn (lists hold numbers, strings, tuples of "
               "numbers, arrays and lists)", bld_type_name(b, t));
    return false;
}

static bool on_host(Builder *b, SrcLoc loc)
{
    if (!b->spec->device)
        return true;
    diag_error(&b->diag, loc, "lists are not supported in GPU code: use a local array (cuda.local.array)");
    return false;
}

/* ---- primitives ---- */

static IrValue emit_list(Builder *b, IrList op, const Type *t, const IrValue *args, int n, SrcLoc loc)
{
    return ir_emit(b->f, IR_LIST, op, t, args, n, loc);
}

static IrValue new_list(Builder *b, const Type *lt, SrcLoc loc)
{
    IrValue l = emit_list(b, LST_NEW, lt, NULL, 0, loc);
    return bld_own_arrays(b, l, loc);
}

static IrValue list_len(Builder *b, IrValue l, SrcLoc loc)
{
    return emit_list(b, LST_LEN, ty_scalar(TY_INT64), &l, 1, loc);
}

static IrValue item_get(Builder *b, IrValue l, IrValue i, SrcLoc loc)
{
    IrValue args[2] = {l, i};
    return emit_list(b, LST_GET, ir_type(b->f, l)->dtype, args, 2, loc);
}

/* A numba.typed.List made immutable (_make_immutable()) raises ValueError where it would change
 * (unless_empty: not when it has no items), as Numba's does. */
static void check_mutable_unless(Builder *b, IrValue l, bool unless_empty, SrcLoc loc)
{
    if (!ir_type(b->f, l)->typed_list)
        return;
    IrValue m = emit_list(b, LST_MUTABLE, ty_scalar(TY_BOOL), &l, 1, loc);
    IrValue bad = ir_emit(b->f, IR_UNARY, IU_NOT, ty_scalar(TY_BOOL), &m, 1, loc);
    if (unless_empty) {
        IrValue args[2] = {bad, bld_cmp(b, OP_NE, list_len(b, l, loc), bld_i64_const(b, 0, loc), loc)};
        bad = ir_emit(b->f, IR_BIN, IB_AND, ty_scalar(TY_BOOL), args, 2, loc);
    }
    bld_raise_if(b, bad, EXC_VALUE, "list is immutable", loc);
}

static void check_mutable(Builder *b, IrValue l, SrcLoc loc) { check_mutable_unless(b, l, false, loc); }

static void item_insert(Builder *b, IrValue l, IrValue i, IrValue v, SrcLoc loc)
{
    check_mutable(b, l, loc);
    IrValue args[3] = {l, i, v};
    emit_list(b, LST_INSERT, NULL, args, 3, loc);
}

static void item_set(Builder *b, IrValue l, IrValue i, IrValue v, SrcLoc loc)
{
    check_mutable(b, l, loc);
    IrValue args[3] = {l, i, v};
    emit_list(b, LST_SET, NULL, args, 3, loc);
}

static void items_delete(Builder *b, IrValue l, IrValue from, IrValue to, SrcLoc loc)
{
    check_mutable(b, l, loc);
    IrValue args[3] = {l, from, to};
    emit_list(b, LST_DELETE, NULL, args, 3, loc);
}

/* The index i (any integer) of list l, from the end where negative; IndexError(msg) outside. */
static IrValue checked_index(Builder *b, IrValue l, IrValue i, const char *msg, SrcLoc loc)
{
    i = bld_cast_value(b, i, ty_scalar(TY_INT64), loc);
    IrValue n = list_len(b, l, loc);
    IrValue neg = bld_cmp(b, OP_LT, i, bld_i64_const(b, 0, loc), loc);
    i = bld_select(b, neg, bld_i64_arith(b, IB_ADD, i, n, loc), i, loc);
    IrValue low = bld_cmp(b, OP_LT, i, bld_i64_const(b, 0, loc), loc), high = bld_cmp(b, OP_GE, i, n, loc);
    IrValue args[2] = {low, high};
    IrValue bad = ir_emit(b->f, IR_BIN, IB_OR, ty_scalar(TY_BOOL), args, 2, loc);
    bld_raise_if(b, bad, EXC_INDEX, msg, loc);
    return i;
}

/* v converted to the list's item type, as Numba converts what a list takes. */
static IrValue as_item(Builder *b, IrValue l, IrValue v, SrcLoc loc)
{
    const Type *item = ir_type(b->f, l)->dtype, *t = ir_type(b->f, v);
    if (!item) /* an item the list cannot hold, reported (check_item) */
        return bld_error_operand(b).v;
    if (t == item || t->kind == TY_ERROR)
        return v;
    if (!item) /* an item the list cannot hold (reported by check_item) */
        return bld_error_operand(b).v;
    if ((ty_is_scalar(t) && ty_is_scalar(item)) || (t->kind == TY_TUPLE && item->kind == TY_TUPLE) ||
        (is_list(t) && is_list(item) && ty_unify(&b->p->types, t, item) == item) ||
        (t->kind == TY_ARRAY && item->kind == TY_ARRAY && ty_unify(&b->p->types, t, item) == item))
        return bld_cast_value(b, v, item, loc);
    diag_error(&b->diag, loc, "cannot add %s to a %s", bld_type_name(b, t), bld_type_name(b, ir_type(b->f, l)));
    return bld_error_operand(b).v;
}

static void append(Builder *b, IrValue l, IrValue v, SrcLoc loc)
{
    v = as_item(b, l, v, loc);
    if (!bld_is_error(b, v))
        item_insert(b, l, list_len(b, l, loc), v, loc);
}

/* ---- variables ---- */

static bool has_unknown_items(const Type *t);

/* The list variable `name` holds here, or NULL (not a list, or not a variable). */
static const Type *var_list_type(Builder *b, const char *name)
{
    const Type *t = bld_var_type(b, name);
    return is_list(t) ? t : NULL;
}

/* ---- the loops made once per function (bld_list_prepare) and the variables lists go to ---- */

typedef struct ListSyntax {
    const Expr *key;   /* the comprehension, or the call */
    const char *var;   /* the hidden list variable, "$lc.LINE.COL" */
    const char *item;  /* the hidden item variable of list()/sorted()/extend(), "$it.LINE.COL" */
    Block body;        /* the loop that fills var */
    const char *target; /* `target = KEY`: the variable the new list is assigned to (a list display's
                           entry has only key and target), whose later items widen it */
} ListSyntax;

static const ListSyntax *find_syntax(Builder *b, const Expr *key)
{
    for (int i = 0; i < b->kept.nlist_syntax; i++)
        if (b->kept.list_syntax[i].key == key)
            return &b->kept.list_syntax[i];
    return NULL;
}

/* ---- Numba's refinement of a list's item type ----
 * Numba types a list variable with the unification of every item its appends, inserts and
 * extends give it: `l = []; l.append(1); l.append(2.5)` is a list of float64. Here an item wider
 * than the list's is recorded for the variable (the pass is then `changed`), and the next pass
 * gives the variable's list that item type where it is still without items: at its first append
 * (give_item_type) and at loop heads (bld_list_widened). */
typedef struct ListWidening {
    const char *name;
    const Type *item;  /* the widest item later items need (NULL: none wider) */
    const Type *first; /* the item type the variable's `[]` takes where it is assigned (NULL: none) */
} ListWidening;

static ListWidening *widening(Builder *b, const char *name)
{
    for (int i = 0; name && i < b->kept.nlist_widen; i++)
        if (strcmp(b->kept.list_widen[i].name, name) == 0)
            return &b->kept.list_widen[i];
    return NULL;
}

static ListWidening *new_widening(Builder *b, const char *name)
{
    ListWidening nw = {.name = arena_strdup(b->p->arena, name)};
    ARR_PUSH(b->p->arena, b->kept.list_widen, b->kept.nlist_widen, b->kept.caplist_widen, nw);
    return &b->kept.list_widen[b->kept.nlist_widen - 1];
}

/* The item type t, widened by what later items of variable `name` need (of the variable a
 * hidden list variable's list is assigned to, too). */
static const Type *widened_item(Builder *b, const char *name, const Type *t)
{
    const ListWidening *w = widening(b, name);
    const Type *u = w && w->item && t ? ty_unify(&b->p->types, t, w->item) : NULL;
    t = u ? u : t;
    for (int i = 0; name && i < b->kept.nlist_syntax; i++)
        if (b->kept.list_syntax[i].var && b->kept.list_syntax[i].target && strcmp(b->kept.list_syntax[i].var, name) == 0)
            return widened_item(b, b->kept.list_syntax[i].target, t);
    return t;
}

/* Variable `name` holds a list of `item` that is given an item of type t. */
static void note_item(Builder *b, const char *name, const Type *item, const Type *t)
{
    if (!name || !item || !ty_is_scalar(item) || !ty_is_scalar(t) || t->kind == TY_ERROR)
        return;
    const Type *u = ty_unify(&b->p->types, item, t);
    if (!u || u == item)
        return;
    ListWidening *w = widening(b, name);
    if (w && w->item && ty_unify(&b->p->types, w->item, u) == w->item)
        return;
    if (!w)
        w = new_widening(b, name);
    w->item = w->item ? ty_unify(&b->p->types, w->item, u) : u;
    b->changed = true;
    b->kept.list_widened = true;
}

/* ---- a list used before its first append ----
 * Numba types a list by its appends wherever they stand: after `l = []`, `if n == 0: return
 * np.array(l)` then `l.append(0)` returns an int64 array on both paths. A pass that read a list
 * without item type (unknown_items) and gave one to a variable's list by an append (first_item)
 * is `changed`; from then on the function's passes start that variable's `[]` with the item type
 * where it is assigned (bld_list_assigned), so the earlier use sees it, and the next pass finds
 * its loop heads and return type anew. A function that reads no list early is built as before. */

static void retry_if_learned(Builder *b)
{
    if (!b->kept.list_unknown_read || !b->kept.list_first_found)
        return;
    b->changed = true;
    b->kept.list_first_wanted = b->kept.list_restart = true;
}

/* Variable `name`'s list, without item type so far, is given items of type t. */
static void first_item(Builder *b, const char *name, const Type *t)
{
    ListWidening *w = widening(b, name);
    if (!name || (w && w->first))
        return;
    if (!w)
        w = new_widening(b, name);
    w->first = t;
    b->kept.list_first_found = true;
    retry_if_learned(b);
}

IrValue bld_list_assigned(Builder *b, const char *name, IrValue l, SrcLoc loc)
{
    const Type *lt = ir_type(b->f, l);
    const ListWidening *w = widening(b, name);
    if (!b->kept.list_first_wanted || !is_list(lt) || lt->dtype || !w || !w->first)
        return l;
    const Type *item = ty_is_scalar(w->first) ? widened_item(b, name, w->first) : w->first;
    return emit_list(b, LST_RETYPE, ty_list(&b->p->types, item, lt->typed_list), &l, 1, loc);
}

void bld_list_pass_start(Builder *b)
{
    if ((b->kept.list_widened || b->kept.list_restart) && !b->spec->ret_fixed) /* the last pass returned the narrower list */
        b->kept.ret = b->spec->ret = NULL;
    if (b->kept.list_restart) /* lists typed from their assignment on: loop heads are found anew */
        b->kept.nloop_types = 0;
    b->kept.list_widened = b->kept.list_restart = false;
    b->kept.list_unknown_read = b->kept.list_first_found = false;
}

const Type *bld_list_widened(Builder *b, const char *name, const Type *entering, const Type *u)
{
    if (!u || !is_list(u) || !u->dtype || (entering && (!is_list(entering) || entering->dtype)))
        return u;
    const Type *item = widened_item(b, name, u->dtype);
    return item == u->dtype ? u : ty_list(&b->p->types, item, u->typed_list);
}

/* A list without item type that gets items of type t: the same list, typed, rebound to `name`
 * (NULL: not a variable) so later reads see its item type. */
static IrValue give_item_type(Builder *b, IrValue l, const Type *t, const char *name, SrcLoc loc)
{
    const Type *lt = ir_type(b->f, l);
    if (lt->dtype && !has_unknown_items(lt) && t->kind != TY_ERROR)
        note_item(b, name, lt->dtype, t);
    if (t->kind == TY_ERROR || (lt->dtype && !has_unknown_items(lt)) || !check_item(b, t, loc))
        return l;
    if (!lt->dtype)
        first_item(b, name, t);
    if (ty_is_scalar(t))
        t = widened_item(b, name, t);
    const Type *u = ty_unify(&b->p->types, lt, ty_list(&b->p->types, t, lt->typed_list));
    if (!u || u == lt) /* as_item reports what does not fit */
        return l;
    IrValue typed = emit_list(b, LST_RETYPE, u, &l, 1, loc);
    if (name)
        bld_assign_var(b, name, bld_value_operand(typed, u), loc);
    return typed;
}

/* The type an item of v takes in a list: a literal integer is an int64. */
static const Type *item_type_of(Builder *b, IrValue v)
{
    const Type *t = ir_type(b->f, v);
    return t->kind == TY_COMPTIME && t->dtype ? t->dtype : t;
}

/* ---- literals ---- */

Operand bld_list_literal(Builder *b, const Expr *e)
{
    if (!on_host(b, e->loc))
        return bld_error_operand(b);
    IrValue vals[256];
    if (e->seq.n > 256) {
        diag_error(&b->diag, e->loc, "a list display of more than 256 items is not supported in krn");
        return bld_error_operand(b);
    }
    const Type *item = NULL;
    for (int i = 0; i < e->seq.n; i++) {
        vals[i] = bld_value_of(b, bld_expr(b, e->seq.items[i]), e->seq.items[i]->loc);
        const Type *t = item_type_of(b, vals[i]);
        if (t->kind == TY_ERROR)
            return bld_error_operand(b);
        const Type *u = item ? ty_unify(&b->p->types, item, t) : t;
        if (!u) {
            diag_error(&b->diag, e->seq.items[i]->loc, "cannot unify %s and %s in a list", bld_type_name(b, item),
                       bld_type_name(b, t));
            return bld_error_operand(b);
        }
        item = u;
    }
    if (item && !check_item(b, item, e->loc))
        return bld_error_operand(b);
    const ListSyntax *target = find_syntax(b, e);
    if (item && ty_is_scalar(item) && target && target->target) /* later items of its variable */
        item = widened_item(b, target->target, item);
    const Type *lt = ty_list(&b->p->types, item, false);
    IrValue l = new_list(b, lt, e->loc);
    for (int i = 0; i < e->seq.n; i++)
        append(b, l, vals[i], e->seq.items[i]->loc);
    return bld_value_operand(l, lt);
}

/* ---- syntax made once per function ---- */

static Block one_stmt(Builder *b, Stmt *s)
{
    Stmt **items = arena_alloc(b->p->arena, sizeof *items);
    items[0] = s;
    return (Block){.items = items, .n = 1};
}

/* `VAR.append(value)` */
static Stmt *append_stmt(Builder *b, const char *var, Expr *value)
{
    Expr *attr = bld_syn_expr(b, EX_ATTR, value->loc);
    attr->attr.value = bld_syn_name(b, var, value->loc);
    attr->attr.name = "append";
    Expr *call = bld_syn_expr(b, EX_CALL, value->loc);
    call->call.func = attr;
    call->call.args = arena_alloc(b->p->arena, sizeof(Expr *));
    call->call.args[0] = value;
    call->call.nargs = 1;
    Stmt *s = bld_syn_stmt(b, ST_EXPR, value->loc);
    s->expr = call;
    return s;
}

/* `VAR[key] = value` */
static Stmt *store_stmt(Builder *b, const char *var, Expr *key, Expr *value)
{
    Expr *item = bld_syn_expr(b, EX_SUBSCRIPT, key->loc);
    item->subscript.value = bld_syn_name(b, var, key->loc);
    item->subscript.index = key;
    Stmt *s = bld_syn_stmt(b, ST_ASSIGN, key->loc);
    s->assign.targets = arena_alloc(b->p->arena, sizeof(Expr *));
    s->assign.targets[0] = item;
    s->assign.ntargets = 1;
    s->assign.value = value;
    return s;
}

static Stmt *for_stmt(Builder *b, Expr *target, Expr *iter, Block body)
{
    Stmt *s = bld_syn_stmt(b, ST_FOR, iter->loc);
    s->for_.target = target;
    s->for_.iter = iter;
    s->for_.body = body;
    return s;
}

static void declare_targets(Builder *b, const Expr *t)
{
    if (t->kind == EX_NAME)
        bld_declare_var(b, t->name);
    else if (t->kind == EX_TUPLE || t->kind == EX_LIST)
        for (int i = 0; i < t->seq.n; i++)
            declare_targets(b, t->seq.items[i]);
}

static void add_comprehension(Builder *b, const Expr *e)
{
    ListSyntax ls = {.key = e, .var = arena_printf(b->p->arena, e->comp.value ? "$dc.%d.%d" : "$lc.%d.%d", e->loc.line,
                                                   e->loc.col)};
    bld_declare_var(b, ls.var);
    Block body = one_stmt(b, e->comp.value ? store_stmt(b, ls.var, e->comp.elt, e->comp.value)
                                           : append_stmt(b, ls.var, e->comp.elt));
    for (int k = e->comp.n - 1; k >= 0; k--) {
        declare_targets(b, e->comp.targets[k]);
        if (e->comp.conds[k]) {
            Stmt *s = bld_syn_stmt(b, ST_IF, e->comp.conds[k]->loc);
            s->if_.cond = e->comp.conds[k];
            s->if_.body = body;
            body = one_stmt(b, s);
        }
        body = one_stmt(b, for_stmt(b, e->comp.targets[k], e->comp.iters[k], body));
    }
    ls.body = body;
    ARR_PUSH(b->p->arena, b->kept.list_syntax, b->kept.nlist_syntax, b->kept.caplist_syntax, ls);
}

/* list(I), sorted(I), VAR.extend(I): `for $it in I: LIST.append($it)`, LIST the hidden list or VAR */
static void add_filling_call(Builder *b, const Expr *call, const char *into)
{
    ListSyntax ls = {.key = call, .item = arena_printf(b->p->arena, "$it.%d.%d", call->loc.line, call->loc.col)};
    ls.var = into ? into : arena_printf(b->p->arena, "$lc.%d.%d", call->loc.line, call->loc.col);
    bld_declare_var(b, ls.item);
    if (!into)
        bld_declare_var(b, ls.var);
    Expr *iter = call->call.args[0];
    ls.body = one_stmt(b, for_stmt(b, bld_syn_name(b, ls.item, iter->loc), iter,
                                   one_stmt(b, append_stmt(b, ls.var, bld_syn_name(b, ls.item, iter->loc)))));
    ARR_PUSH(b->p->arena, b->kept.list_syntax, b->kept.nlist_syntax, b->kept.caplist_syntax, ls);
}

static bool is_name(const Expr *e, const char *name) { return e->kind == EX_NAME && strcmp(e->name, name) == 0; }

/* A call that fills a list from an iterable: list(I), sorted(I), typed.List(I), X.extend(I). */
static void visit_call(Builder *b, const Expr *e)
{
    const Expr *f = e->call.func;
    bld_map_declare(b, e); /* map(f, a): build_map.c */
    if (e->call.nargs < 1)
        return;
    if (f->kind == EX_ATTR && strcmp(f->attr.name, "extend") == 0 && f->attr.value->kind == EX_NAME)
        add_filling_call(b, e, f->attr.value->name);
    else if (is_name(f, "list") || is_name(f, "sorted") || is_name(f, "List") ||
             (f->kind == EX_ATTR && strcmp(f->attr.name, "List") == 0))
        add_filling_call(b, e, NULL);
}

/* `l = [...]`, `l = [... for ...]`, `l = list(...)`: the variable the new list goes to. */
static void note_target(Builder *b, const Stmt *s)
{
    const Expr *v = s->assign.value;
    if (s->assign.ntargets != 1 || s->assign.targets[0]->kind != EX_NAME)
        return;
    ListSyntax *ls = (ListSyntax *)find_syntax(b, v);
    if (ls) {
        ls->target = s->assign.targets[0]->name;
    } else if (v->kind == EX_LIST) {
        ListSyntax nls = {.key = v, .target = s->assign.targets[0]->name};
        ARR_PUSH(b->p->arena, b->kept.list_syntax, b->kept.nlist_syntax, b->kept.caplist_syntax, nls);
    }
}

static void visit_expr(Builder *b, const Expr *e);

static void visit_exprs(Builder *b, Expr *const *es, int n)
{
    for (int i = 0; i < n; i++)
        visit_expr(b, es[i]);
}

static void visit_expr(Builder *b, const Expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case EX_BINOP:
    case EX_BOOLOP: visit_expr(b, e->binop.lhs), visit_expr(b, e->binop.rhs); break;
    case EX_UNARY: visit_expr(b, e->unary.operand); break;
    case EX_COMPARE: visit_exprs(b, e->compare.operands, e->compare.n); break;
    case EX_IFEXP: visit_expr(b, e->ifexp.cond), visit_expr(b, e->ifexp.then), visit_expr(b, e->ifexp.els); break;
    case EX_CALL:
        visit_expr(b, e->call.func);
        visit_exprs(b, e->call.args, e->call.nargs);
        for (int i = 0; i < e->call.nkws; i++)
            visit_expr(b, e->call.kws[i].value);
        visit_call(b, e);
        break;
    case EX_ATTR: visit_expr(b, e->attr.value); break;
    case EX_SUBSCRIPT: visit_expr(b, e->subscript.value), visit_expr(b, e->subscript.index); break;
    case EX_TUPLE:
    case EX_LIST:
    case EX_DICT:
    case EX_SET:
    case EX_FSTRING: visit_exprs(b, e->seq.items, e->seq.n); break;
    case EX_SLICE: visit_expr(b, e->slice.lo), visit_expr(b, e->slice.hi), visit_expr(b, e->slice.step); break;
    case EX_LISTCOMP:
        visit_expr(b, e->comp.elt);
        visit_expr(b, e->comp.value);
        visit_exprs(b, e->comp.iters, e->comp.n);
        visit_exprs(b, e->comp.conds, e->comp.n);
        add_comprehension(b, e);
        break;
    default: break;
    }
}

static void visit_block(Builder *b, const Block *blk)
{
    for (int i = 0; i < blk->n; i++) {
        const Stmt *s = blk->items[i];
        switch (s->kind) {
        case ST_EXPR:
        case ST_DEL: visit_expr(b, s->expr); break;
        case ST_ASSIGN:
            visit_exprs(b, s->assign.targets, s->assign.ntargets);
            visit_expr(b, s->assign.value);
            note_target(b, s);
            break;
        case ST_AUGASSIGN: visit_expr(b, s->augassign.target), visit_expr(b, s->augassign.value); break;
        case ST_IF:
            visit_expr(b, s->if_.cond);
            visit_block(b, &s->if_.body);
            visit_block(b, &s->if_.orelse);
            break;
        case ST_WHILE:
            visit_expr(b, s->while_.cond);
            visit_block(b, &s->while_.body);
            visit_block(b, &s->while_.orelse);
            break;
        case ST_FOR:
            visit_expr(b, s->for_.iter);
            visit_block(b, &s->for_.body);
            visit_block(b, &s->for_.orelse);
            break;
        case ST_RETURN: visit_expr(b, s->ret); break;
        case ST_RAISE: visit_expr(b, s->raise_.exc); break;
        case ST_ASSERT: visit_expr(b, s->assert_.cond), visit_expr(b, s->assert_.msg); break;
        case ST_TRY:
            visit_block(b, &s->try_.body);
            for (int k = 0; k < s->try_.nhandlers; k++)
                visit_block(b, s->try_.handlers[k].body);
            visit_block(b, &s->try_.orelse);
            visit_block(b, &s->try_.finalbody);
            break;
        default: break;
        }
    }
}

void bld_list_prepare(Builder *b) { visit_block(b, &b->def->body); }

/* Runs the loop made for key, filling its list (a new one unless into); the list. */
static Operand fill(Builder *b, const Expr *key, bool typed, SrcLoc loc)
{
    const ListSyntax *ls = find_syntax(b, key);
    if (!ls) { /* a comprehension outside the function's body: a module constant's (refused there) */
        diag_error(&b->diag, loc, "a list comprehension outside a compiled function is not a constant: compiled code "
                                  "cannot use it");
        return bld_error_operand(b);
    }
    if (strncmp(ls->var, "$dc.", 4) == 0) /* a dict comprehension: a new dict (build_dict.c) */
        bld_assign_var(b, ls->var, bld_dict_new(b, loc), loc);
    if (strncmp(ls->var, "$lc.", 4) == 0) { /* not l.extend(I): a new list */
        const Type *lt = ty_list(&b->p->types, NULL, typed);
        IrValue l = new_list(b, lt, loc);
        bld_assign_var(b, ls->var, bld_value_operand(l, lt), loc);
    }
    bld_block(b, &ls->body);
    return bld_read_var(b, bld_find_var(b, ls->var), loc);
}

Operand bld_list_comp(Builder *b, const Expr *e)
{
    if (!on_host(b, e->loc))
        return bld_error_operand(b);
    return fill(b, e, false, e->loc);
}

/* ---- calls ---- */

/* Whether t is or holds a list whose item type is not known yet (`[]` in an early pass). */
static bool has_unknown_items(const Type *t)
{
    return is_list(t) && (!t->dtype || has_unknown_items(t->dtype));
}

static Operand unknown_items(Builder *b, SrcLoc loc);

static Operand lib(Builder *b, const char *name, IrValue *args, int n, SrcLoc loc)
{
    for (int i = 0; i < n; i++) /* no specialization for an item type not known yet */
        if (has_unknown_items(ir_type(b->f, args[i])))
            return unknown_items(b, loc);
    Operand r = bld_library_call(b, "lists", name, args, n, loc);
    if (r.kind == OPK_VALUE && ty_holds_arrays(r.type))
        bld_own_arrays(b, r.v, loc);
    return r;
}

static Operand none(void) { return (Operand){.kind = OPK_NONE}; }


static IrValue arg_value(Builder *b, const Expr *call, int i)
{
    return bld_value_of(b, bld_expr(b, call->call.args[i]), call->call.args[i]->loc);
}

static Operand method_pop(Builder *b, const Expr *call, IrValue l, SrcLoc loc)
{
    if (!bld_nargs_ok(b, call, "pop", 0, 1))
        return bld_error_operand(b);
    IrValue n = list_len(b, l, loc), i;
    if (call->call.nargs == 0) {
        bld_raise_if(b, bld_cmp(b, OP_EQ, n, bld_i64_const(b, 0, loc), loc), EXC_INDEX, "pop from empty list", loc);
        i = bld_i64_arith(b, IB_SUB, n, bld_i64_const(b, 1, loc), loc);
    } else {
        IrValue k = arg_value(b, call, 0);
        if (bld_is_error(b, k))
            return bld_error_operand(b);
        bld_raise_if(b, bld_cmp(b, OP_EQ, n, bld_i64_const(b, 0, loc), loc), EXC_INDEX, "pop from empty list", loc);
        i = checked_index(b, l, k, "pop index out of range", loc);
    }
    IrValue v = item_get(b, l, i, loc);
    const Type *t = ir_type(b->f, v);
    if (ty_holds_arrays(t)) { /* the value outlives its place in the list */
        int keep = ir_new_local(b->f, "$pop", t);
        ir_store(b->f, keep, v, loc);
    }
    items_delete(b, l, i, bld_i64_arith(b, IB_ADD, i, bld_i64_const(b, 1, loc), loc), loc);
    return bld_value_operand(v, t);
}

static Operand method_insert(Builder *b, const Expr *call, IrValue l, const char *name, SrcLoc loc)
{
    if (!bld_nargs_ok(b, call, "insert", 2, 2))
        return bld_error_operand(b);
    IrValue k = bld_cast_value(b, arg_value(b, call, 0), ty_scalar(TY_INT64), loc), v = arg_value(b, call, 1);
    if (bld_is_error(b, k) || bld_is_error(b, v))
        return bld_error_operand(b);
    l = give_item_type(b, l, item_type_of(b, v), name, loc);
    IrValue n = list_len(b, l, loc), zero = bld_i64_const(b, 0, loc);
    /* CPython: a negative index counts from the end; then clamped to [0, len] */
    IrValue neg = bld_cmp(b, OP_LT, k, zero, loc);
    k = bld_select(b, neg, bld_i64_arith(b, IB_ADD, k, n, loc), k, loc);
    k = bld_select(b, bld_cmp(b, OP_LT, k, zero, loc), zero, k, loc);
    k = bld_select(b, bld_cmp(b, OP_GT, k, n, loc), n, k, loc);
    v = as_item(b, l, v, loc);
    if (!bld_is_error(b, v))
        item_insert(b, l, k, v, loc);
    return none();
}

static Operand unknown_items(Builder *b, SrcLoc loc)
{
    if (bld_checking_unknown_params(b))
        return bld_error_operand(b);
    b->kept.list_unknown_read = true;
    retry_if_learned(b);
    diag_error(&b->diag, loc, "cannot infer the item type of this empty list: append to it first");
    return bld_error_operand(b);
}

/* numba.typed.List's l._allocated(), l._is_mutable(), l._make_mutable(), l._make_immutable() */
static Operand typed_list_introspection(Builder *b, const Expr *call, IrValue l, const char *name, SrcLoc loc)
{
    static const char *const NAMES[] = {"_allocated", "_is_mutable", "_make_mutable", "_make_immutable"};
    int k = 0;
    while (k < 4 && strcmp(name, NAMES[k]) != 0)
        k++;
    if (k == 4) {
        diag_error(&b->diag, call->call.func->loc, "%s has no attribute '%s'", bld_type_name(b, ir_type(b->f, l)), name);
        return bld_error_operand(b);
    }
    if (!bld_nargs_ok(b, call, name, 0, 0))
        return bld_error_operand(b);
    if (k == 0)
        return bld_value_operand(emit_list(b, LST_ALLOCATED, ty_scalar(TY_INT64), &l, 1, loc), ty_scalar(TY_INT64));
    if (k == 1)
        return bld_value_operand(emit_list(b, LST_MUTABLE, ty_scalar(TY_BOOL), &l, 1, loc), ty_scalar(TY_BOOL));
    IrValue args[2] = {l, bld_i64_const(b, k == 2, loc)};
    emit_list(b, LST_SET_MUTABLE, NULL, args, 2, loc);
    return none();
}

/* l.NAME(...) where l is a list (in variable `var`, or NULL) */
static Operand list_method(Builder *b, const Expr *call, IrValue l, const char *var)
{
    const char *name = call->call.func->attr.name;
    SrcLoc loc = call->loc;
    const Type *lt = ir_type(b->f, l);
    if (strcmp(name, "append") == 0) {
        if (!bld_nargs_ok(b, call, "append", 1, 1))
            return bld_error_operand(b);
        IrValue v = arg_value(b, call, 0);
        if (bld_is_error(b, v))
            return bld_error_operand(b);
        l = give_item_type(b, l, item_type_of(b, v), var, loc);
        append(b, l, v, loc);
        return none();
    }
    if (strcmp(name, "extend") == 0) {
        if (!bld_nargs_ok(b, call, "extend", 1, 1))
            return bld_error_operand(b);
        if (!var) {
            diag_error(&b->diag, loc, "extend() is supported on a list held in a variable");
            return bld_error_operand(b);
        }
        bld_block(b, &find_syntax(b, call)->body);
        return none();
    }
    if (strcmp(name, "pop") == 0)
        return lt->dtype ? method_pop(b, call, l, loc) : unknown_items(b, loc);
    if (strcmp(name, "insert") == 0)
        return method_insert(b, call, l, var, loc);
    if (strcmp(name, "clear") == 0) {
        if (bld_nargs_ok(b, call, "clear", 0, 0)) { /* Numba's: del l[-1] while there are items */
            check_mutable_unless(b, l, true, loc);
            IrValue args[3] = {l, bld_i64_const(b, 0, loc), list_len(b, l, loc)};
            emit_list(b, LST_DELETE, NULL, args, 3, loc);
        }
        return none();
    }
    if (lt->typed_list && name[0] == '_')
        return typed_list_introspection(b, call, l, name, loc);
    if (lt->typed_list && (strcmp(name, "reverse") == 0 || strcmp(name, "sort") == 0))
        check_mutable(b, l, loc); /* Numba's checks first, whatever the length */
    static const struct { const char *name, *fn; int min, max; } LIB[] = {
        {"index", "list_index", 1, 3}, {"count", "list_count", 1, 1}, {"remove", "list_remove", 1, 1},
        {"reverse", "list_reverse", 0, 0}, {"copy", "list_copy", 0, 0}, {"sort", "list_sort", 0, 0},
    };
    for (size_t k = 0; k < sizeof LIB / sizeof LIB[0]; k++) {
        if (strcmp(name, LIB[k].name) != 0)
            continue;
        if (strcmp(name, "sort") == 0 && call->call.nkws == 1 && strcmp(call->call.kws[0].name, "reverse") == 0 &&
            call->call.nargs == 0) {
            IrValue args[2] = {l, bld_truth_value(b, bld_expr(b, call->call.kws[0].value), loc)};
            return lib(b, "list_sort_reverse", args, 2, loc);
        }
        if (!bld_nargs_ok(b, call, LIB[k].name, LIB[k].min, LIB[k].max))
            return bld_error_operand(b);
        IrValue args[4] = {l};
        for (int i = 0; i < call->call.nargs; i++)
            if (bld_is_error(b, args[i + 1] = arg_value(b, call, i)))
                return bld_error_operand(b);
        if (!lt->dtype)
            return unknown_items(b, loc);
        const char *fn = strcmp(name, "index") == 0 && call->call.nargs > 1
                             ? (call->call.nargs == 2 ? "list_index_from" : "list_index_range")
                             : LIB[k].fn;
        return lib(b, fn, args, 1 + call->call.nargs, loc);
    }
    diag_error(&b->diag, call->call.func->loc, "%s has no attribute '%s'", bld_type_name(b, lt), name);
    return bld_error_operand(b);
}

/* List.empty_list(item_type, allocated=0), by position or keyword, as Numba's: a new typed list
 * with room for `allocated` items (RuntimeError where negative). */
static Operand empty_list(Builder *b, const Expr *call)
{
    const Expr *item_arg = ast_call_arg(call, 0, "item_type"), *alloc_arg = ast_call_arg(call, 1, "allocated");
    int known = (item_arg != NULL) + (alloc_arg != NULL);
    for (int i = 0; i < call->call.nkws; i++)
        if (strcmp(call->call.kws[i].name, "item_type") != 0 && strcmp(call->call.kws[i].name, "allocated") != 0) {
            diag_error(&b->diag, call->call.kws[i].loc, "List.empty_list() takes no keyword argument '%s'",
                       call->call.kws[i].name);
            return bld_error_operand(b);
        }
    if (!item_arg || call->call.nargs + call->call.nkws != known) {
        diag_error(&b->diag, call->loc, "List.empty_list() takes the item type and optionally allocated=");
        return bld_error_operand(b);
    }
    const Type *item = bld_dtype_of(b, bld_expr(b, item_arg), item_arg->loc);
    if (!item || !on_host(b, call->loc))
        return bld_error_operand(b);
    const Type *lt = ty_list(&b->p->types, item, true);
    IrValue cap = IR_NOVALUE;
    if (alloc_arg) {
        IrValue n = bld_value_of(b, bld_expr(b, alloc_arg), alloc_arg->loc);
        if (bld_is_error(b, n))
            return bld_error_operand(b);
        if (!ty_is_int(item_type_of(b, n))) {
            diag_error(&b->diag, alloc_arg->loc, "List.empty_list(): allocated= is an integer, not %s",
                       bld_type_name(b, ir_type(b->f, n)));
            return bld_error_operand(b);
        }
        cap = bld_cast_value(b, n, ty_scalar(TY_INT64), alloc_arg->loc);
        bld_raise_if(b, bld_cmp(b, OP_LT, cap, bld_i64_const(b, 0, call->loc), call->loc), EXC_RUNTIME,
                     "expecting *allocated* to be >= 0", call->loc);
    }
    IrValue l = emit_list(b, LST_NEW, lt, &cap, cap == IR_NOVALUE ? 0 : 1, call->loc);
    return bld_value_operand(bld_own_arrays(b, l, call->loc), lt);
}

/* `numba` as the module numba (`numba.typed.List`), not rebound by the function. */
static bool is_numba_module(Builder *b, const Expr *e)
{
    const Global *g = e->kind == EX_NAME && !bld_find_var(b, e->name) ? prog_global(b->p, e->name) : NULL;
    return g && g->kind == G_MODULE && g->module == MOD_NUMBA;
}

/* numba.typed.List as the name `List`, `typed.List` or `numba.typed.List`. */
static bool is_typed_list(Builder *b, const Expr *f)
{
    if (f->kind == EX_ATTR && strcmp(f->attr.name, "List") == 0 && f->attr.value->kind == EX_ATTR)
        return strcmp(f->attr.value->attr.name, "typed") == 0 && is_numba_module(b, f->attr.value->attr.value);
    if (f->kind == EX_ATTR)
        return strcmp(f->attr.name, "List") == 0 && f->attr.value->kind == EX_NAME &&
               (strcmp(f->attr.value->name, "typed") == 0) && !bld_find_var(b, "typed");
    if (f->kind != EX_NAME || strcmp(f->name, "List") != 0 || bld_find_var(b, "List"))
        return false;
    const Global *g = prog_global(b->p, "List");
    return g && g->kind == G_UNSUPPORTED && g->origin && strstr(g->origin, "numba.typed");
}

static Operand sorted_call(Builder *b, const Expr *call)
{
    if (call->call.nargs != 1 || call->call.nkws > 1 ||
        (call->call.nkws == 1 && strcmp(call->call.kws[0].name, "reverse") != 0)) {
        diag_error(&b->diag, call->loc, "sorted() takes an iterable and optionally reverse=");
        return bld_error_operand(b);
    }
    Operand l = fill(b, call, false, call->loc);
    if (l.kind != OPK_VALUE || bld_is_error(b, l.v))
        return l;
    IrValue args[2] = {l.v};
    if (call->call.nkws) {
        args[1] = bld_truth_value(b, bld_expr(b, call->call.kws[0].value), call->loc);
        lib(b, "list_sort_reverse", args, 2, call->loc);
    } else {
        lib(b, "list_sort", args, 1, call->loc);
    }
    return l;
}

/* A method name only lists have (arrays and numbers have none of them). */
static bool list_only_method(const char *name)
{
    static const char *const NAMES[] = {"append", "pop", "insert", "extend", "remove", "clear", "index", "count",
                                        "reverse", "_allocated", "_is_mutable", "_make_mutable", "_make_immutable"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (strcmp(name, NAMES[i]) == 0)
            return true;
    return false;
}

bool bld_list_call(Builder *b, const Expr *call, Operand *out)
{
    const Expr *f = call->call.func;
    if (f->kind == EX_ATTR && f->attr.value->kind == EX_NAME && var_list_type(b, f->attr.value->name)) {
        Operand l = bld_read_var(b, bld_find_var(b, f->attr.value->name), f->attr.value->loc);
        *out = list_method(b, call, l.v, f->attr.value->name);
        return true;
    }
    if (f->kind == EX_ATTR && f->attr.value->kind != EX_NAME && list_only_method(f->attr.name)) { /* ll[0].append(x) */
        Operand base = bld_expr(b, f->attr.value);
        IrValue l = base.kind == OPK_ERROR ? IR_NOVALUE : bld_value_of(b, base, f->attr.value->loc);
        if (l == IR_NOVALUE || bld_is_error(b, l))
            *out = bld_error_operand(b);
        else if (!is_list(ir_type(b->f, l))) {
            diag_error(&b->diag, f->loc, "%s has no attribute '%s'", bld_type_name(b, ir_type(b->f, l)), f->attr.name);
            *out = bld_error_operand(b);
        } else
            *out = list_method(b, call, l, NULL);
        return true;
    }
    if (f->kind == EX_ATTR && strcmp(f->attr.name, "empty_list") == 0 && is_typed_list(b, f->attr.value)) {
        *out = empty_list(b, call);
        return true;
    }
    bool typed = is_typed_list(b, f);
    if (typed || bld_builtin_name(b, f, "list")) {
        if (!on_host(b, call->loc) || !bld_nargs_ok(b, call, typed ? "List" : "list", 0, 1))
            *out = bld_error_operand(b);
        else if (call->call.nargs == 0)
            *out = bld_value_operand(new_list(b, ty_list(&b->p->types, NULL, typed), call->loc),
                                     ty_list(&b->p->types, NULL, typed));
        else
            *out = fill(b, call, typed, call->loc);
        return true;
    }
    if (bld_builtin_name(b, f, "sorted")) {
        *out = on_host(b, call->loc) ? sorted_call(b, call) : bld_error_operand(b);
        return true;
    }
    return false;
}

/* len(l), min(l), max(l), sum(l) of a list (ops: the call's arguments, lowered) */
bool bld_list_builtin(Builder *b, const Expr *call, const char *name, const Operand *ops, int n, Operand *out)
{
    if (n != 1 || ops[0].kind != OPK_VALUE || !is_list(ops[0].type))
        return false;
    IrValue l = ops[0].v;
    if (strcmp(name, "len") == 0) {
        *out = bld_value_operand(list_len(b, l, call->loc), ty_scalar(TY_INT64));
        return true;
    }
    if (!ops[0].type->dtype) {
        *out = unknown_items(b, call->loc);
        return true;
    }
    *out = lib(b, strcmp(name, "min") == 0 ? "list_min" : strcmp(name, "max") == 0 ? "list_max" : "list_sum", &l, 1,
               call->loc);
    return true;
}

/* sum(iterable) of Python's builtins: lists, arrays, tuples (int 0 start, as Python) */
bool bld_list_sum_call(Builder *b, const Expr *call, Operand *out)
{
    if (!bld_builtin_name(b, call->call.func, "sum"))
        return false;
    if (!bld_nargs_ok(b, call, "sum", 1, 1)) {
        *out = bld_error_operand(b);
        return true;
    }
    IrValue v = arg_value(b, call, 0);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR) {
        *out = bld_error_operand(b);
        return true;
    }
    if (!is_list(t) && !(t->kind == TY_ARRAY && t->ndim == 1) && t->kind != TY_TUPLE) {
        diag_error(&b->diag, call->loc, "sum() of %s is not supported in krn", bld_type_name(b, t));
        *out = bld_error_operand(b);
        return true;
    }
    *out = lib(b, "list_sum", &v, 1, call->loc);
    return true;
}

/* ---- subscripts ---- */

/* A slice's parts as int64 values and whether each was given (step: 1 when absent). */
static bool slice_parts(Builder *b, const Expr *sl, IrValue *args)
{
    const Expr *parts[3] = {sl->slice.lo, sl->slice.hi, sl->slice.step};
    for (int k = 0; k < 3; k++) {
        bool given = parts[k] && parts[k]->kind != EX_NONE;
        IrValue v = given ? bld_cast_value(b, bld_value_of(b, bld_expr(b, parts[k]), parts[k]->loc),
                                           ty_scalar(TY_INT64), parts[k]->loc)
                          : bld_i64_const(b, k == 2 ? 1 : 0, sl->loc);
        if (bld_is_error(b, v))
            return false;
        args[k] = v;
        args[3 + k] = ir_const_int(b->f, ty_scalar(TY_BOOL), given, sl->loc);
    }
    return true;
}

Operand bld_list_subscript(Builder *b, const Expr *e, IrValue l)
{
    const Expr *ix = e->subscript.index;
    if (!ir_type(b->f, l)->dtype)
        return unknown_items(b, e->loc);
    if (ix->kind == EX_SLICE) {
        IrValue args[7] = {l};
        if (!slice_parts(b, ix, args + 1))
            return bld_error_operand(b);
        return lib(b, "list_getslice", args, 7, e->loc);
    }
    IrValue i = bld_value_of(b, bld_expr(b, ix), ix->loc);
    if (bld_is_error(b, i))
        return bld_error_operand(b);
    if (!ty_is_int(item_type_of(b, i)) && !ty_is_bool(item_type_of(b, i))) {
        diag_error(&b->diag, ix->loc, "list indices must be integers or slices, not %s",
                   bld_type_name(b, ir_type(b->f, i)));
        return bld_error_operand(b);
    }
    i = checked_index(b, l, i, "getitem out of range", e->loc);
    IrValue v = item_get(b, l, i, e->loc);
    return bld_value_operand(v, ir_type(b->f, v));
}

void bld_list_store(Builder *b, const Expr *t, IrValue l, Operand val, SrcLoc loc)
{
    const Expr *ix = t->subscript.index;
    IrValue v = bld_value_of(b, val, loc);
    if (bld_is_error(b, v))
        return;
    if (ix->kind == EX_SLICE) {
        IrValue args[8] = {l};
        if (!slice_parts(b, ix, args + 1))
            return;
        if (!is_list(ir_type(b->f, v))) {
            diag_error(&b->diag, loc, "a list slice is assigned a list, not %s", bld_type_name(b, ir_type(b->f, v)));
            return;
        }
        args[7] = v;
        lib(b, "list_setslice", args, 8, loc);
        return;
    }
    IrValue i = bld_value_of(b, bld_expr(b, ix), ix->loc);
    if (bld_is_error(b, i) || !ir_type(b->f, l)->dtype)
        return;
    i = checked_index(b, l, i, "setitem out of range", loc);
    v = as_item(b, l, v, loc);
    if (bld_is_error(b, v))
        return;
    item_set(b, l, i, v, loc);
}

/* ---- operators ---- */

/* An operand whose error was reported (or whose type is unknown while checking): stay quiet. */
static bool poisoned(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

bool bld_list_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out)
{
    bool ll = l.kind == OPK_VALUE && is_list(l.type), rl = r.kind == OPK_VALUE && is_list(r.type);
    if (!ll && !rl)
        return false;
    if (poisoned(l) || poisoned(r)) {
        *out = bld_error_operand(b).v;
        return true;
    }
    IrValue args[2] = {l.v, r.v};
    if ((op == OP_IN || op == OP_NOTIN) && rl) {
        IrValue args2[2] = {r.v, l.v};
        IrValue c = lib(b, "list_contains", args2, 2, loc).v;
        *out = op == OP_IN || bld_is_error(b, c) ? c : ir_emit(b->f, IR_UNARY, IU_NOT, ty_scalar(TY_BOOL), &c, 1, loc);
        return true;
    }
    if ((op == OP_EQ || op == OP_NE) && ll && rl) {
        IrValue c = lib(b, "list_eq", args, 2, loc).v;
        *out = op == OP_EQ || bld_is_error(b, c) ? c : ir_emit(b->f, IR_UNARY, IU_NOT, ty_scalar(TY_BOOL), &c, 1, loc);
        return true;
    }
    diag_error(&b->diag, loc, "'%s' is not supported between %s and %s", ast_op_text(op),
               l.kind == OPK_VALUE ? bld_type_name(b, l.type) : "this", r.kind == OPK_VALUE ? bld_type_name(b, r.type) : "this");
    *out = bld_error_operand(b).v;
    return true;
}

bool bld_list_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out)
{
    bool ll = l.kind == OPK_VALUE && is_list(l.type), rl = r.kind == OPK_VALUE && is_list(r.type);
    if (!ll && !rl)
        return false;
    if (poisoned(l) || poisoned(r)) {
        *out = bld_error_operand(b);
        return true;
    }
    if (op == OP_ADD && ll && rl && l.type == r.type) {
        IrValue args[2] = {l.v, r.v};
        *out = lib(b, "list_add", args, 2, loc);
        return true;
    }
    if (op == OP_MUL && (ll != rl)) {
        Operand n = ll ? r : l;
        IrValue args[2] = {ll ? l.v : r.v, bld_cast_value(b, bld_value_of(b, n, loc), ty_scalar(TY_INT64), loc)};
        if (n.kind == OPK_VALUE && (ty_is_int(item_type_of(b, n.v)))) {
            *out = lib(b, "list_mul", args, 2, loc);
            return true;
        }
    }
    diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op),
               l.kind == OPK_VALUE ? bld_type_name(b, l.type) : "this", r.kind == OPK_VALUE ? bld_type_name(b, r.type) : "this");
    *out = bld_error_operand(b);
    return true;
}

/* ---- conversions ---- */

bool bld_list_cast(Builder *b, IrValue v, const Type *to, SrcLoc loc, IrValue *out)
{
    const Type *from = ir_type(b->f, v);
    if (!is_list(from) || !is_list(to) || ty_unify(&b->p->types, from, to) != to)
        return false;
    *out = emit_list(b, LST_RETYPE, to, &v, 1, loc);
    return true;
}

/* np.array(l) of a list of lists of numbers, all of one length: a new 2-d array */
static Operand list_to_array2(Builder *b, IrValue l, SrcLoc loc)
{
    const Type *item = ir_type(b->f, l)->dtype->dtype;
    const Type *at = ty_array(&b->p->types, item, 2, 'C');
    IrValue zero = bld_i64_const(b, 0, loc), n = list_len(b, l, loc);
    int m_local = ir_new_local(b->f, "$m", ty_scalar(TY_INT64));
    ir_store(b->f, m_local, zero, loc);
    int some = ir_new_block(b->f), go = ir_new_block(b->f);
    ir_cbr(b->f, bld_cmp(b, OP_GT, n, zero, loc), some, go);
    ir_set_block(b->f, some);
    ir_store(b->f, m_local, list_len(b, item_get(b, l, zero, loc), loc), loc);
    ir_br(b->f, go);
    ir_set_block(b->f, go);
    IrValue dims[2] = {n, ir_load(b->f, m_local, loc)};
    IrValue a = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_EMPTY, at, dims, 2, loc), loc);
    Nest nest;
    IrValue idx[2];
    bld_loops_open(b, &nest, dims, 1, idx, loc);
    IrValue row = item_get(b, l, idx[0], loc);
    bld_raise_if(b, bld_cmp(b, OP_NE, list_len(b, row, loc), dims[1], loc), EXC_VALUE,
                 "setting an array element with a sequence. The requested array has an inhomogeneous shape", loc);
    Nest inner;
    IrValue jdx[2];
    bld_loops_open(b, &inner, &dims[1], 1, jdx, loc);
    IrValue args[4] = {a, idx[0], jdx[0], item_get(b, row, jdx[0], loc)};
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, args, 4, loc);
    bld_nest_close(b, &inner, loc);
    bld_nest_close(b, &nest, loc);
    return bld_value_operand(a, at);
}

/* np.array(l) of a list of numbers: a new 1-d array */
bool bld_list_to_array(Builder *b, IrValue l, SrcLoc loc, Operand *out)
{
    const Type *lt = ir_type(b->f, l);
    if (!is_list(lt))
        return false;
    if (has_unknown_items(lt)) {
        *out = unknown_items(b, loc);
        return true;
    }
    if (is_list(lt->dtype) && ty_is_scalar(lt->dtype->dtype)) {
        *out = list_to_array2(b, l, loc);
        return true;
    }
    if (!lt->dtype || !ty_is_scalar(lt->dtype)) {
        diag_error(&b->diag, loc, "np.array() of a %s is not supported in krn (lists of numbers are)",
                   bld_type_name(b, lt));
        *out = bld_error_operand(b);
        return true;
    }
    const Type *at = ty_array(&b->p->types, lt->dtype, 1, 'C');
    IrValue a = bld_own_arrays(b, emit_list(b, LST_TO_ARRAY, at, &l, 1, loc), loc);
    *out = bld_value_operand(a, at);
    return true;
}

IrValue bld_list_iter_len(Builder *b, IrValue l, SrcLoc loc) { return list_len(b, l, loc); }
IrValue bld_list_iter_item(Builder *b, IrValue l, IrValue k, SrcLoc loc) { return item_get(b, l, k, loc); }

bool bld_list_items_unknown(Builder *b, const Type *const *types, int n, SrcLoc loc)
{
    for (int i = 0; i < n; i++)
        if (types[i] && has_unknown_items(types[i])) {
            unknown_items(b, loc);
            return true;
        }
    return false;
}

IrValue bld_list_truth(Builder *b, IrValue l, SrcLoc loc)
{
    return bld_cmp(b, OP_NE, list_len(b, l, loc), bld_i64_const(b, 0, loc), loc);
}

/* l[i] op= x of a list l held in variable `name` */
static void item_augassign(Builder *b, const Stmt *s, IrValue l)
{
    const Expr *t = s->augassign.target, *ix = t->subscript.index;
    if (ix->kind == EX_SLICE || !ir_type(b->f, l)->dtype) {
        diag_error(&b->diag, t->loc, "an augmented assignment to a list takes one item, l[i] op= x");
        return;
    }
    IrValue i = bld_value_of(b, bld_expr(b, ix), ix->loc);
    if (bld_is_error(b, i))
        return;
    i = checked_index(b, l, i, "getitem out of range", t->loc);
    Operand cur = bld_value_operand(item_get(b, l, i, t->loc), ir_type(b->f, l)->dtype);
    Operand val = bld_expr(b, s->augassign.value);
    Operand r = bld_binary_op(b, s->augassign.op, cur, val, s->loc);
    IrValue v = r.kind == OPK_ERROR ? IR_NOVALUE : as_item(b, l, bld_value_of(b, r, s->loc), s->loc);
    if (v == IR_NOVALUE || bld_is_error(b, v))
        return;
    item_set(b, l, i, v, s->loc);
}

bool bld_list_augassign(Builder *b, const Stmt *s)
{
    const Expr *t = s->augassign.target;
    const Expr *base = t->kind == EX_SUBSCRIPT ? t->subscript.value : t;
    if (base->kind != EX_NAME || !var_list_type(b, base->name))
        return false;
    IrValue l = bld_read_var(b, bld_find_var(b, base->name), base->loc).v;
    if (t->kind == EX_SUBSCRIPT) {
        item_augassign(b, s, l);
        return true;
    }
    IrValue v = bld_value_of(b, bld_expr(b, s->augassign.value), s->augassign.value->loc);
    const Type *vt = ir_type(b->f, v);
    if (vt->kind == TY_ERROR)
        return true;
    IrValue args[2] = {l, v};
    if (s->augassign.op == OP_ADD && is_list(vt))
        lib(b, "list_iadd", args, 2, s->loc);
    else if (s->augassign.op == OP_MUL && ty_is_int(item_type_of(b, v)))
        lib(b, "list_imul", args, 2, s->loc);
    else
        diag_error(&b->diag, s->loc, "unsupported operand types for %s=: %s and %s", ast_op_text(s->augassign.op),
                   bld_type_name(b, ir_type(b->f, l)), bld_type_name(b, vt));
    return true;
}

/* ---- del ---- */

static IrValue max64(Builder *b, IrValue x, IrValue y, SrcLoc loc)
{
    return bld_select(b, bld_cmp(b, OP_GT, x, y, loc), x, y, loc);
}

/* A bound of a slice of step 1 (the default where not given), clamped to [0, n] as CPython's. */
static IrValue unit_slice_bound(Builder *b, IrValue i, IrValue given, IrValue n, IrValue dflt, SrcLoc loc)
{
    IrValue zero = bld_i64_const(b, 0, loc);
    IrValue from_end = max64(b, bld_i64_arith(b, IB_ADD, i, n, loc), zero, loc);
    IrValue at_most_n = bld_select(b, bld_cmp(b, OP_GT, i, n, loc), n, i, loc);
    IrValue clamped = bld_select(b, bld_cmp(b, OP_LT, i, zero, loc), from_end, at_most_n, loc);
    return bld_select(b, given, clamped, dflt, loc);
}

/* del l[a:b:c] as Numba has it: a reflected list takes a step of 1 only (NotImplementedError
 * else), a typed list any step; a step of 0 is a ValueError. An immutable typed list is left as
 * it is, without an error: Numba's slice_impl tests its status for LIST_ERR_MUTATED where
 * numba_list_delete_slice answers LIST_ERR_IMMUTABLE. */
static void del_slice(Builder *b, IrValue l, const Expr *sl, SrcLoc loc)
{
    IrValue p[6]; /* start, stop, step, has_start, has_stop, has_step */
    if (!slice_parts(b, sl, p))
        return;
    bool step_given = sl->slice.step && sl->slice.step->kind != EX_NONE;
    if (step_given) {
        bld_raise_if(b, bld_cmp(b, OP_EQ, p[2], bld_i64_const(b, 0, loc), loc), EXC_VALUE, "slice step cannot be zero",
                     loc);
        if (ir_type(b->f, l)->typed_list) { /* any step: items removed one by one, by lists.krn */
            IrValue args[6] = {l, p[0], p[1], p[2], p[3], p[4]};
            lib(b, "list_delslice_step", args, 6, loc);
            return;
        }
        bld_raise_if(b, bld_cmp(b, OP_NE, p[2], bld_i64_const(b, 1, loc), loc), EXC_NOT_IMPLEMENTED,
                     "unsupported del list[start:stop:step] with step != 1", loc);
    }
    IrValue n = list_len(b, l, loc);
    IrValue lo = unit_slice_bound(b, p[0], p[3], n, bld_i64_const(b, 0, loc), loc);
    IrValue hi = max64(b, unit_slice_bound(b, p[1], p[4], n, n, loc), lo, loc);
    if (ir_type(b->f, l)->typed_list) /* immutable: nothing removed */
        hi = bld_select(b, emit_list(b, LST_MUTABLE, ty_scalar(TY_BOOL), &l, 1, loc), hi, lo, loc);
    IrValue args[3] = {l, lo, hi};
    emit_list(b, LST_DELETE, NULL, args, 3, loc);
}

static void del_target(Builder *b, const Expr *t)
{
    if (t->kind != EX_SUBSCRIPT) {
        diag_error(&b->diag, t->loc, "'del' takes list items and slices in krn (del l[i], del l[a:b])");
        return;
    }
    Operand base = bld_expr(b, t->subscript.value);
    if (poisoned(base))
        return;
    IrValue l = bld_value_of(b, base, t->subscript.value->loc);
    if (bld_is_error(b, l))
        return;
    const Type *lt = ir_type(b->f, l);
    if (!is_list(lt)) {
        diag_error(&b->diag, t->loc, "'del' of an item of %s is not supported (lists' items and slices are)",
                   bld_type_name(b, lt));
        return;
    }
    if (!lt->dtype) {
        unknown_items(b, t->loc);
        return;
    }
    const Expr *ix = t->subscript.index;
    if (ix->kind == EX_SLICE) {
        del_slice(b, l, ix, t->loc);
        return;
    }
    IrValue i = bld_value_of(b, bld_expr(b, ix), ix->loc);
    if (bld_is_error(b, i))
        return;
    if (!ty_is_int(item_type_of(b, i)) && !ty_is_bool(item_type_of(b, i))) {
        diag_error(&b->diag, ix->loc, "list indices must be integers or slices, not %s",
                   bld_type_name(b, ir_type(b->f, i)));
        return;
    }
    /* Numba's messages: a reflected list deletes by pop(i), a typed list by its delitem */
    i = checked_index(b, l, i, lt->typed_list ? "list index out of range" : "pop index out of range", t->loc);
    items_delete(b, l, i, bld_i64_arith(b, IB_ADD, i, bld_i64_const(b, 1, t->loc), t->loc), t->loc);
}

void bld_list_del(Builder *b, const Stmt *s)
{
    const Expr *e = s->expr;
    if (e->kind == EX_TUPLE)
        for (int i = 0; i < e->seq.n; i++)
            del_target(b, e->seq.items[i]);
    else
        del_target(b, e);
}
