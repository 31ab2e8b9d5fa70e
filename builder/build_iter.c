/* build_iter.c — for loops over what is not a plain range: 1-D arrays, tuples, enumerate(),
 * zip(), reversed(range(...)) and their combinations (enumerate(zip(a, b)), zip(range(n), a)).
 * bld_for (build.c) keeps range(...) itself.
 *
 * The iterable is read into sources, each with a length and an element at position k (a range:
 * first + k * step; an array: a[k]; a tuple: t[k]), and a yield tree that says what one
 * iteration gives (an element, enumerate's counter, or a tuple of those). Without tuples the
 * loop is the counted loop Numba makes: a hidden k runs from 0 to the shortest length and the
 * elements are indexed with it, so LLVM sees the same loop as `for k in range(len(a))`. A tuple's
 * elements may differ in type and are indexed by constants only, so a loop over a tuple is
 * unrolled, one copy of the body per element (Numba's literal_unroll), each copy guarded by the
 * other sources' length when there are any.
 *
 * np.ndindex / np.ndenumerate / np.nditer are SRC_ND sources: their count is the product of the
 * extents, and their current index lives in hidden locals that start at 0 and are advanced in C
 * order (the last axis carries into the one before) in the loop's increment, so no iteration
 * divides; the yield reads the index tuple or an array's element at it (Y_ND_ELEMENT). */
#include "build.h"

#include <string.h>

enum { MAX_SOURCES = 32 };

typedef enum { SRC_RANGE, SRC_ARRAY, SRC_TUPLE, SRC_ND,
               SRC_LIST, /* a list (build_list.c): its length when the loop starts */
               SRC_TUPLE_INDEX, /* range(len(literal_unroll(t))): the indices of t, each a literal */
               SRC_ITER, /* an iterator (build_iterator.c): the items left, its position advanced as read */
               SRC_HASH, /* a dict or set (build_dict.c): its length when the loop starts, its position in a hidden local */
               SRC_STR /* a string (build_str.c): its characters, each a new string */ } SourceKind; /* SRC_ND: np.ndindex/ndenumerate */

typedef struct Source {
    SourceKind kind;
    IrValue v;         /* the array or tuple; a range: its first value */
    IrValue step;      /* a range: what each iteration adds (negated for reversed) */
    IrValue count;     /* int64; IR_NOVALUE for a tuple, whose length is type->n */
    const Type *type;  /* a range: its integer type; else the array or tuple type; SRC_ND: the index tuple's */
    /* SRC_ND: the extents (int64), and the locals holding the current index, advanced in C order
     * at the end of each iteration; v is the array of np.ndenumerate (IR_NOVALUE for np.ndindex) */
    const IrValue *dims;
    const int *index;
    int view; /* SRC_HASH: a BldHashView; index[0] the position */
} Source;

typedef struct Yield {
    enum { Y_SOURCE, Y_INDEX, Y_TUPLE, Y_ND_ELEMENT } kind;
    int source;            /* Y_SOURCE; Y_ND_ELEMENT: the SRC_ND whose index reads `array` */
    IrValue array;         /* Y_ND_ELEMENT: the array read (np.ndenumerate's, np.nditer's) */
    bool view;             /* Y_ND_ELEMENT: a 0-d view of the element (np.nditer's), not its value */
    IrValue start;         /* Y_INDEX: enumerate's start, int64 */
    struct Yield *items;   /* Y_TUPLE */
    int n;
} Yield;

typedef struct Iteration {
    Source src[MAX_SOURCES];
    int nsrc;
    int ntuple;   /* the shortest tuple's length (-1: no tuple): the number of unrolled copies */
    SrcLoc loc;
} Iteration;

static bool add_source(Builder *b, Iteration *it, Source src, Yield *y, SrcLoc loc)
{
    if (it->nsrc == MAX_SOURCES) {
        diag_error(&b->diag, loc, "a for loop iterates over at most %d sequences at once", MAX_SOURCES);
        return false;
    }
    if ((src.kind == SRC_TUPLE || src.kind == SRC_TUPLE_INDEX) && (it->ntuple < 0 || src.type->n < it->ntuple))
        it->ntuple = src.type->n;
    it->src[it->nsrc] = src;
    *y = (Yield){.kind = Y_SOURCE, .source = it->nsrc++};
    return true;
}

static bool range_from_bounds(Builder *b, IrValue bound[3], bool reversed, Iteration *it, Yield *y, SrcLoc loc);

/* range(...) (or reversed(range(...))): the first value, the step and the length. */
static bool range_source(Builder *b, const Expr *call, bool reversed, Iteration *it, Yield *y)
{
    IrValue bound[3];
    Operand step;
    if (!bld_range_bounds(b, call, bound, &step) || !bld_check_range_step(b, call, step, bound[2]))
        return false;
    return range_from_bounds(b, bound, reversed, it, y, call->loc);
}

static bool range_from_bounds(Builder *b, IrValue bound[3], bool reversed, Iteration *it, Yield *y, SrcLoc loc)
{
    const Type *t = ir_type(b->f, bound[0]);
    IrValue n = ir_emit(b->f, IR_RANGE_COUNT, 0, bld_unsigned_like(t), bound, 3, loc);
    Source src = {.kind = SRC_RANGE, .v = bound[0], .step = bound[2], .type = t,
                  .count = bld_cast_value(b, n, ty_scalar(TY_INT64), loc)};
    if (reversed) { /* reversed(range(start, stop, step)) starts at its last value and steps back */
        IrValue last = bld_bin(b, IB_SUB, t, bld_cast_value(b, n, t, loc), ir_const_int(b->f, t, 1, loc), loc);
        src.v = bld_bin(b, IB_ADD, t, bound[0], bld_bin(b, IB_MUL, t, last, bound[2], loc), loc);
        src.step = bld_bin(b, IB_SUB, t, ir_const_int(b->f, t, 0, loc), bound[2], loc);
    }
    return add_source(b, it, src, y, loc);
}

/* A range value r (build_range.c), or reversed(r). */
static bool range_value_source(Builder *b, IrValue r, bool reversed, Iteration *it, Yield *y, SrcLoc loc)
{
    IrValue bound[3];
    bld_range_parts(b, r, bound, loc);
    return range_from_bounds(b, bound, reversed, it, y, loc);
}

/* A dict or set h: its keys, values or items (view), at positions a hidden local walks. */
static bool hash_source(Builder *b, IrValue h, int view, Iteration *it, Yield *y, SrcLoc loc)
{
    if (bld_hash_iter_untyped(b, h, loc))
        return false;
    int *local = arena_alloc(b->pass_arena, sizeof *local);
    IrValue n = bld_hash_iter_start(b, h, local, loc);
    return add_source(b, it, (Source){.kind = SRC_HASH, .v = h, .count = n, .type = ir_type(b->f, h), .index = local,
                                      .view = view}, y, loc);
}

/* An array or a tuple given as a value. */
static bool value_source(Builder *b, const Expr *e, Iteration *it, Yield *y)
{
    Operand o = bld_expr(b, e);
    if (o.kind == OPK_ERROR)
        return false;
    if (bld_is_str(&o)) { /* build_str.c */
        IrValue s = bld_value_of(b, o, e->loc);
        return add_source(b, it, (Source){.kind = SRC_STR, .v = s, .count = bld_str_len(b, o, e->loc).v, .type = ir_type(b->f, s)},
                          y, e->loc);
    }
    IrValue v = bld_value_of(b, o, e->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return false;
    if (ty_is_range(t)) /* a range held in a variable (build_range.c) */
        return range_value_source(b, v, false, it, y, e->loc);
    if (ty_is_iter(t)) { /* v: the iterator; step: its position when the loop starts */
        IrValue start = bld_iterator_position(b, v, e->loc);
        IrValue left[2] = {bld_iterator_length(b, v, e->loc), start};
        IrValue n = bld_i64_arith(b, IB_SUB, left[0], left[1], e->loc);
        n = bld_i64_arith(b, IB_MAX, n, bld_i64_const(b, 0, e->loc), e->loc);
        return add_source(b, it, (Source){.kind = SRC_ITER, .v = v, .step = start, .count = n, .type = t}, y, e->loc);
    }
    if (t->kind == TY_TUPLE && !t->tag)
        return add_source(b, it, (Source){.kind = SRC_TUPLE, .v = v, .type = t}, y, e->loc);
    if (t->kind == TY_LIST && t->dtype)
        return add_source(b, it, (Source){.kind = SRC_LIST, .v = v, .count = bld_list_iter_len(b, v, e->loc), .type = t},
                          y, e->loc);
    if (ty_is_hash(t))
        return hash_source(b, v, HASH_VIEW_KEYS, it, y, e->loc);
    if (t->kind != TY_ARRAY) {
        diag_error(&b->diag, e->loc, "cannot iterate over %s: for loops iterate over ranges, arrays, "
                   "tuples, enumerate() and zip()", bld_type_name(b, t));
        return false;
    }
    if (t->ndim == 0) {
        diag_error(&b->diag, e->loc, "iteration over a 0-d array");
        return false;
    }
    IrValue n = bld_array_extent(b, v, 0, e->loc);
    return add_source(b, it, (Source){.kind = SRC_ARRAY, .v = v, .count = n, .type = t}, y, e->loc);
}

static bool read_iterable(Builder *b, const Expr *e, Iteration *it, Yield *y);
static bool read_nd(Builder *b, const Expr *call, int which, Iteration *it, Yield *y);

/* enumerate's `start`, given by position or keyword; NULL if not given, or after reporting. */
static const Expr *enumerate_start(Builder *b, const Expr *call)
{
    static const char *const names[] = {NULL, "start"}; /* the iterable is positional only */
    const BldParams params = {.name = "enumerate", .names = names, .n = 2};
    const Expr *given[2];
    return bld_bind_args(b, call, &params, given) ? given[1] : NULL;
}

/* enumerate(x, start=0): (counter, element); the counter is an int64 as in Numba. */
static bool read_enumerate(Builder *b, const Expr *call, Iteration *it, Yield *y)
{
    if (call->call.nargs < 1 || call->call.nargs > 2) {
        diag_error(&b->diag, call->loc, "enumerate() takes an iterable and an optional start");
        return false;
    }
    const Expr *se = enumerate_start(b, call);
    if (call->call.nkws && !se)
        return false;
    IrValue start;
    if (!se) {
        start = bld_i64_const(b, 0, call->loc);
    } else {
        IrValue v = bld_value_of(b, bld_expr(b, se), se->loc);
        const Type *t = ir_type(b->f, v);
        if (t->kind == TY_ERROR)
            return false;
        if (!ty_is_int(t) && !ty_is_bool(t)) {
            diag_error(&b->diag, se->loc, "enumerate() start must be an integer, not %s", bld_type_name(b, t));
            return false;
        }
        start = bld_cast_value(b, v, ty_scalar(TY_INT64), se->loc);
    }
    Yield *items = arena_alloc(b->pass_arena, sizeof *items * 2);
    items[0] = (Yield){.kind = Y_INDEX, .start = start};
    *y = (Yield){.kind = Y_TUPLE, .items = items, .n = 2};
    return read_iterable(b, call->call.args[0], it, &items[1]);
}

static bool read_zip(Builder *b, const Expr *call, Iteration *it, Yield *y)
{
    if (call->call.nkws) {
        diag_error(&b->diag, call->loc, "zip() takes no keyword arguments");
        return false;
    }
    int n = call->call.nargs;
    if (n == 0) { /* zip(): no iterations, as in Python and Numba */
        Source none = {.kind = SRC_RANGE, .type = ty_scalar(TY_INT64), .count = bld_i64_const(b, 0, call->loc)};
        none.v = none.step = none.count;
        Yield ignored;
        *y = (Yield){.kind = Y_TUPLE, .n = 0};
        return add_source(b, it, none, &ignored, call->loc);
    }
    Yield *items = arena_alloc(b->pass_arena, sizeof *items * (size_t)n);
    *y = (Yield){.kind = Y_TUPLE, .items = items, .n = n};
    for (int i = 0; i < n; i++)
        if (!read_iterable(b, call->call.args[i], it, &items[i]))
            return false;
    return true;
}

static bool read_reversed(Builder *b, const Expr *call, Iteration *it, Yield *y)
{
    if (call->call.nargs == 1 && !call->call.nkws && !bld_is_range_call(b, call->call.args[0])) {
        Operand o = bld_expr(b, call->call.args[0]); /* a range held in a variable */
        if (o.kind == OPK_VALUE && ty_is_range(o.type))
            return range_value_source(b, o.v, true, it, y, call->loc);
        if (o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR))
            return false;
    }
    if (call->call.nargs != 1 || call->call.nkws || !bld_is_range_call(b, call->call.args[0])) {
        diag_error(&b->diag, call->loc, "reversed() is supported over ranges only");
        return false;
    }
    return range_source(b, call->call.args[0], true, it, y);
}

/* Reads the iterable e into sources and the yield tree y; false after reporting. */
/* numba.literal_unroll(x) (or literal_unroll imported from numba): jitc unrolls every loop over
 * a tuple, so it is x itself. */
bool bld_is_literal_unroll(const Expr *e)
{
    const Expr *f = e->call.func;
    return e->call.nargs == 1 && !e->call.nkws &&
           ((f->kind == EX_NAME && strcmp(f->name, "literal_unroll") == 0) ||
            (f->kind == EX_ATTR && strcmp(f->attr.name, "literal_unroll") == 0 && f->attr.value->kind == EX_NAME &&
             strcmp(f->attr.value->name, "numba") == 0));
}

/* range(len(literal_unroll(t))), Numba's canonical form of a loop over a tuple (literal_unroll
 * by its imported name: Numba does not see numba.literal_unroll here): whether e is one; then the loop is unrolled with the index a literal in each copy, so that t[i] takes
 * the element's own type (Numba's loop versioning of literal_unroll). */
bool bld_is_literal_index_range(Builder *b, const Expr *e)
{
    if (e->kind != EX_CALL || e->call.nargs != 1 || e->call.nkws || !bld_is_range_call(b, e))
        return false;
    const Expr *len = e->call.args[0];
    return len->kind == EX_CALL && len->call.nargs == 1 && !len->call.nkws && len->call.func->kind == EX_NAME &&
           strcmp(len->call.func->name, "len") == 0 && len->call.args[0]->kind == EX_CALL &&
           bld_is_literal_unroll(len->call.args[0]) && len->call.args[0]->call.func->kind == EX_NAME;
}

static bool literal_index_source(Builder *b, const Expr *e, Iteration *it, Yield *y, bool *ok)
{
    if (!bld_is_literal_index_range(b, e))
        return false;
    const Expr *tup = e->call.args[0]->call.args[0]->call.args[0];
    Operand o = bld_expr(b, tup);
    *ok = false;
    if (o.kind == OPK_ERROR)
        return true;
    IrValue v = bld_value_of(b, o, tup->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return true;
    if (t->kind != TY_TUPLE || t->tag) {
        diag_error(&b->diag, tup->loc, "literal_unroll() takes a tuple here, not %s", bld_type_name(b, t));
        return true;
    }
    *ok = add_source(b, it, (Source){.kind = SRC_TUPLE_INDEX, .v = v, .type = t}, y, e->loc);
    return true;
}

static bool read_iterable(Builder *b, const Expr *e, Iteration *it, Yield *y)
{
    bool ok;
    if (literal_index_source(b, e, it, y, &ok))
        return ok;
    if (e->kind == EX_CALL && bld_is_literal_unroll(e))
        return read_iterable(b, e->call.args[0], it, y);
    if (e->kind != EX_CALL)
        return value_source(b, e, it, y);
    IrValue h;
    int view = bld_hash_view_call(b, e, &h); /* d.keys(), d.values(), d.items(): build_dict.c */
    if (view >= 0)
        return !bld_is_error(b, h) && hash_source(b, h, view, it, y, e->loc);
    const Expr *fe = e->call.func; /* a method of a variable's value (s.copy()): a value */
    if (fe->kind == EX_ATTR && fe->attr.value->kind == EX_NAME && bld_find_var(b, fe->attr.value->name))
        return value_source(b, e, it, y);
    Operand f = bld_expr(b, e->call.func);
    if (bld_nd_iterator(f) >= 0)
        return read_nd(b, e, bld_nd_iterator(f), it, y);
    if (f.kind != OPK_BUILTIN)
        return value_source(b, e, it, y);
    switch (f.builtin) {
    case BI_RANGE:
    case BI_PRANGE: return range_source(b, e, false, it, y); /* a prange inside zip() runs serially */
    case BI_ENUMERATE: return read_enumerate(b, e, it, y);
    case BI_ZIP: return read_zip(b, e, it, y);
    case BI_REVERSED: return read_reversed(b, e, it, y);
    default: return value_source(b, e, it, y);
    }
}

/* ---- one iteration ---- */

/* Source `src`'s element at position k (k: int64; kc: the same as a constant, for tuples). */
static Operand element_at(Builder *b, const Source *src, IrValue k, int kc, SrcLoc loc)
{
    switch (src->kind) {
    case SRC_RANGE: { /* wrapping arithmetic: every value the loop yields is in the range */
        const Type *t = src->type;
        IrValue offset = bld_bin(b, IB_MUL, t, bld_cast_value(b, k, t, loc), src->step, loc);
        return bld_value_operand(bld_bin(b, IB_ADD, t, src->v, offset, loc), t);
    }
    case SRC_ARRAY: { /* k < len(a): no bounds check, no wraparound */
        if (src->type->ndim > 1) { /* a row: a view */
            Subscript row = {.n = 1, .n_indices = 1, .array = -1};
            row.items[0] = (IndexItem){.kind = IX_INT, .v = k, .loc = loc};
            return bld_subscript_load(b, src->v, &row, loc);
        }
        IrValue args[2] = {src->v, k};
        const Type *dt = src->type->dtype;
        return bld_value_operand(ir_emit(b->f, IR_ELEM_LOAD, 0, dt, args, 2, loc), dt);
    }
    case SRC_ND: {
        int n = src->type->n;
        IrValue idx[TY_MAX_NDIM];
        for (int d = 0; d < n; d++)
            idx[d] = ir_load(b->f, src->index[d], loc);
        return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, src->type, idx, n, loc), src->type);
    }
    case SRC_LIST: return bld_value_operand(bld_list_iter_item(b, src->v, k, loc), src->type->dtype);
    case SRC_STR: return bld_str_char(b, src->v, k, loc);
    case SRC_HASH: return bld_hash_iter_item(b, src->v, src->index[0], (BldHashView)src->view, loc);
    case SRC_ITER: {
        IrValue pos = bld_i64_arith(b, IB_ADD, src->step, k, loc);
        Operand item = bld_iterator_item(b, src->v, pos, loc);
        bld_iterator_advance(b, src->v, pos, loc);
        return item;
    }
    case SRC_TUPLE_INDEX: { /* a literal: a variable bound to it stays a constant */
        Operand i = bld_const_int_operand(b, ty_scalar(TY_INT64), kc, false, loc);
        Operand lit = {.kind = OPK_VALUE, .v = IR_NOVALUE, .type = bld_comptime_type(b, i, NULL, true)};
        return lit;
    }
    case SRC_TUPLE: {
        const Type *et = src->type->elems[kc];
        IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, et, &src->v, 1, loc);
        ir_last(b->f)->imm.index = kc;
        return bld_value_operand(v, et);
    }
    }
    return bld_error_operand(b);
}

/* The element of y->array at the SRC_ND's current index (np.ndenumerate), or its 0-d view
 * (np.nditer): the array's axes align with the index's last ones (np.nditer's arrays of lower
 * rank). */
static Operand nd_element(Builder *b, const Source *src, const Yield *y, SrcLoc loc)
{
    const Type *at = ir_type(b->f, y->array);
    IrValue idx[TY_MAX_NDIM];
    int skip = src->type->n - at->ndim;
    for (int d = 0; d < at->ndim; d++)
        idx[d] = ir_load(b->f, src->index[skip + d], loc);
    if (y->view) {
        IrValue v = bld_element_view(b, y->array, idx, loc);
        return bld_value_operand(v, ir_type(b->f, v));
    }
    return bld_value_operand(bld_elem_load(b, y->array, idx, loc), at->dtype);
}

static Operand yield_value(Builder *b, const Iteration *it, const Yield *y, IrValue k, int kc)
{
    SrcLoc loc = it->loc;
    if (y->kind == Y_SOURCE)
        return element_at(b, &it->src[y->source], k, kc, loc);
    if (y->kind == Y_ND_ELEMENT)
        return nd_element(b, &it->src[y->source], y, loc);
    if (y->kind == Y_INDEX) {
        IrValue i = bld_i64_arith(b, IB_ADD, y->start, k, loc);
        return bld_value_operand(i, ty_scalar(TY_INT64));
    }
    IrValue vals[MAX_SOURCES + 1];
    const Type *types[MAX_SOURCES + 1];
    for (int i = 0; i < y->n; i++) {
        Operand o = yield_value(b, it, &y->items[i], k, kc);
        vals[i] = o.v;
        types[i] = o.type;
    }
    const Type *t = ty_tuple(&b->p->types, types, y->n);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, vals, y->n, loc), t);
}

/* Binds the loop's target: a tuple target over a tuple yield takes its parts one by one
 * (no tuple is built), anything else takes the whole value. */
static void assign_yield(Builder *b, const Expr *target, const Iteration *it, const Yield *y, IrValue k, int kc)
{
    bool unpack = target->kind == EX_TUPLE || target->kind == EX_LIST;
    if (!unpack || y->kind != Y_TUPLE) {
        bld_assign_target(b, target, yield_value(b, it, y, k, kc), target->loc);
        return;
    }
    if (target->seq.n != y->n) {
        diag_error(&b->diag, target->loc, "cannot unpack a tuple of %d values into %d targets", y->n, target->seq.n);
        return;
    }
    for (int i = 0; i < y->n; i++)
        assign_yield(b, target->seq.items[i], it, &y->items[i], k, kc);
}

/* The number of iterations of the sources that have a length at run time (arrays, ranges):
 * the shortest; IR_NOVALUE when all are tuples. */
static IrValue dynamic_count(Builder *b, const Iteration *it)
{
    IrValue n = IR_NOVALUE;
    for (int i = 0; i < it->nsrc; i++) {
        if (it->src[i].kind == SRC_TUPLE || it->src[i].kind == SRC_TUPLE_INDEX)
            continue;
        n = n == IR_NOVALUE ? it->src[i].count : bld_i64_arith(b, IB_MIN, n, it->src[i].count, it->loc);
    }
    return n;
}

/* np.ndindex's next index in C order: the last axis counts up and carries into the one before
 * (selects, no branches); the loop's count ends it. */
static void nd_advance(Builder *b, const Source *src, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64);
    IrValue carry = bld_i64_const(b, 1, loc), zero = bld_i64_const(b, 0, loc);
    for (int d = src->type->n - 1; d >= 0; d--) {
        IrValue next = bld_i64_arith(b, IB_ADD, ir_load(b->f, src->index[d], loc), carry, loc);
        if (d > 0) {
            IrValue wrap = bld_cmp(b, OP_GE, next, src->dims[d], loc);
            next = bld_select(b, wrap, zero, next, loc);
            carry = bld_cast_value(b, wrap, i64, loc);
        }
        ir_store(b->f, src->index[d], next, loc);
    }
}

/* for k in range(count): target = <yield at k>; body — the loop of bld_for with a unit step. */
static void counted_loop(Builder *b, const Stmt *s, const Iteration *it, const Yield *y)
{
    SrcLoc loc = it->loc;
    const Type *i64 = ty_scalar(TY_INT64);
    IrValue count = dynamic_count(b, it);
    int k = ir_new_local(b->f, "$k", i64);
    ir_store(b->f, k, bld_i64_const(b, 0, loc), loc);
    Loop l = bld_open_loop(b, s, &s->for_.orelse, true);
    ir_cbr(b->f, bld_cmp(b, OP_LT, ir_load(b->f, k, loc), count, loc), l.body_block, l.done_block);
    int cond_block = b->f->cur;

    ir_set_block(b->f, l.body_block);
    assign_yield(b, s->for_.target, it, y, ir_load(b->f, k, loc), -1);
    bld_loop_body(b, &l, &s->for_.body);

    ir_set_block(b->f, l.cont_block); /* k is no variable: no bindings change here */
    for (int i = 0; i < it->nsrc; i++)
        if (it->src[i].kind == SRC_ND)
            nd_advance(b, &it->src[i], loc);
    IrValue next = bld_i64_arith(b, IB_ADD, ir_load(b->f, k, loc), bld_i64_const(b, 1, loc), loc);
    ir_last(b->f)->flags |= IRF_NSW; /* k < count <= INT64_MAX before the increment */
    ir_store(b->f, k, next, loc);
    ir_br(b->f, l.head_block);
    b->dead = l.entered_dead;
    bld_leave_loop(b, &l, cond_block, !l.entered_dead, &s->for_.orelse);
}

/* One copy of the body per tuple element; with arrays or ranges beside the tuples, each copy
 * first checks that they have an element k too. Paths that end the loop (a check that fails,
 * the end of the last copy) meet at `done`, the else clause or the exit; breaks at the exit. */
static void unrolled_loop(Builder *b, const Stmt *s, const Iteration *it, const Yield *y)
{
    SrcLoc loc = it->loc;
    IrValue count = dynamic_count(b, it);
    int exit = ir_new_block(b->f), done = bld_loop_done_block(b, &s->for_.orelse, exit);
    EdgeList finished = {0}, breaks = {0};
    for (int kc = 0; kc < it->ntuple; kc++) {
        IrValue k = bld_i64_const(b, kc, loc);
        if (count != IR_NOVALUE && !b->dead) {
            int copy = ir_new_block(b->f), stop = ir_new_block(b->f);
            ir_cbr(b->f, bld_cmp(b, OP_LT, k, count, loc), copy, stop);
            Binding *env = b->env;
            ir_set_block(b->f, stop);
            bld_jump_to(b, done, &finished);
            ir_set_block(b->f, copy);
            b->env = env;
        }
        assign_yield(b, s->for_.target, it, y, k, kc);
        Loop l = {.stmt = s, .exit_block = exit, .cont_block = ir_new_block(b->f), .unrolled = true};
        l.head_block = l.cont_block;
        bld_loop_body(b, &l, &s->for_.body);
        for (int i = 0; i < l.breaks.n; i++)
            ARR_PUSH(b->pass_arena, breaks.items, breaks.n, breaks.cap, l.breaks.items[i]);
        bld_join_at(b, l.cont_block, &l.conts);
    }
    bld_jump_to(b, done, &finished);
    if (s->for_.orelse.n) {
        bld_join_at(b, done, &finished);
        bld_block(b, &s->for_.orelse);
        bld_jump_to(b, exit, &breaks);
    } else {
        for (int i = 0; i < finished.n; i++)
            ARR_PUSH(b->pass_arena, breaks.items, breaks.n, breaks.cap, finished.items[i]);
    }
    bld_join_at(b, exit, &breaks);
}

void bld_for_iterable(Builder *b, const Stmt *s)
{
    Iteration it = {.ntuple = -1, .loc = s->for_.iter->loc};
    Yield y;
    if (!read_iterable(b, s->for_.iter, &it, &y))
        return;
    for (int i = 0; i < it.nsrc && it.ntuple >= 0; i++)
        if (it.src[i].kind == SRC_ND) {
            diag_error(&b->diag, it.loc, "np.ndindex() and np.ndenumerate() beside a tuple in one for loop are not "
                       "supported by jitc");
            return;
        }
    if (it.ntuple >= 0)
        unrolled_loop(b, s, &it, &y);
    else
        counted_loop(b, s, &it, &y);
}

/* ---- np.ndindex(shape), np.ndindex(*dims), np.ndenumerate(a) ---- */

/* The extents an ndindex iterates over: one tuple, or integers; int64 each, as Numba's intp. */
static int nd_dims(Builder *b, const Expr *call, IrValue *dims)
{
    int n = call->call.nargs;
    if (call->call.nkws || n == 0) {
        diag_error(&b->diag, call->loc, "np.ndindex() takes a shape: a tuple of integers, or integers (no keywords)");
        return 0;
    }
    if (n == 1)
        return bld_shape_dims(b, bld_expr(b, call->call.args[0]), call->call.args[0]->loc, dims, "np.ndindex");
    if (n > TY_MAX_NDIM) {
        diag_error(&b->diag, call->loc, "np.ndindex() takes at most %d dimensions", TY_MAX_NDIM);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        const Expr *a = call->call.args[i];
        Operand o = bld_expr(b, a);
        if (o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR))
            return 0;
        if (o.kind != OPK_VALUE || !ty_is_int(o.type)) {
            diag_error(&b->diag, a->loc, "np.ndindex() takes integers here, not %s",
                       o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this");
            return 0;
        }
        dims[i] = bld_cast_value(b, o.v, ty_scalar(TY_INT64), a->loc);
    }
    return n;
}

/* An SRC_ND source over dims: the index locals start at 0; the count is the product of the
 * extents, an extent 0 making it empty. A negative extent counts as 1, as Numba's iterator, which
 * stops only at 0, walks it. */
static bool nd_source(Builder *b, IrValue array, IrValue *in_dims, int n, Iteration *it, Yield *y, SrcLoc loc)
{
    const Type *i64 = ty_scalar(TY_INT64), *types[TY_MAX_NDIM];
    IrValue *dims = arena_alloc(b->pass_arena, sizeof *dims * (size_t)n);
    int *index = arena_alloc(b->pass_arena, sizeof *index * (size_t)n);
    IrValue count = bld_i64_const(b, 1, loc), zero = bld_i64_const(b, 0, loc);
    for (int d = 0; d < n; d++) {
        IrValue negative = bld_cmp(b, OP_LT, in_dims[d], zero, loc);
        dims[d] = bld_select(b, negative, bld_i64_const(b, 1, loc), in_dims[d], loc);
        count = bld_i64_arith(b, IB_MUL, count, dims[d], loc);
        index[d] = ir_new_local(b->f, "$nd", i64);
        ir_store(b->f, index[d], zero, loc);
        types[d] = i64;
    }
    Source src = {.kind = SRC_ND, .v = array, .count = count, .type = ty_tuple(&b->p->types, types, n),
                  .dims = dims, .index = index};
    return add_source(b, it, src, y, loc);
}

/* An array operand of np.ndenumerate / np.nditer (an expression is computed); IR_NOVALUE if not,
 * reported unless its type is not known yet. */
static IrValue nd_array(Builder *b, Operand o, SrcLoc loc, const char *fname)
{
    if (o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR))
        return IR_NOVALUE;
    if (o.kind == OPK_ARRAYEXPR || (o.kind == OPK_VALUE && o.type->kind == TY_ARRAY)) {
        IrValue a = bld_value_of(b, o, loc);
        return ir_type(b->f, a)->kind == TY_ARRAY ? a : IR_NOVALUE;
    }
    diag_error(&b->diag, loc, "%s() takes %s, not %s", fname,
               strcmp(fname, "np.nditer") == 0 ? "an array or a tuple of arrays" : "an array",
               o.kind == OPK_VALUE ? bld_type_name(b, o.type) : "this");
    return IR_NOVALUE;
}

/* np.nditer(a) yields a's elements in C order; np.nditer((a, b, ...)) tuples of the arrays'
 * elements, the arrays of lower rank repeated along the leading axes (ValueError where the
 * shapes do not match, as Numba's). Each element is a 0-d array view, as Numba's: u[()] reads it,
 * u[()] = x writes through, arithmetic on it gives numbers. */
static bool read_nditer(Builder *b, const Expr *call, Iteration *it, Yield *y)
{
    if (call->call.nargs != 1 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "np.nditer() takes one array or a tuple of arrays (and no keywords) in jitc");
        return false;
    }
    const Expr *ae = call->call.args[0];
    IrValue arrays[BLD_MAX_ARGS];
    int n = 0;
    bool single = ae->kind != EX_TUPLE;
    if (ae->kind == EX_TUPLE) {
        for (int i = 0; i < ae->seq.n && i < BLD_MAX_ARGS; i++)
            if ((arrays[n++] = nd_array(b, bld_expr(b, ae->seq.items[i]), ae->seq.items[i]->loc, "np.nditer")) == IR_NOVALUE)
                return false;
    } else {
        Operand o = bld_expr(b, ae);
        if (o.kind == OPK_VALUE && o.type->kind == TY_TUPLE && o.type->n <= BLD_MAX_ARGS) {
            single = false;
            for (int i = 0; i < o.type->n; i++) {
                IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, o.type->elems[i], &o.v, 1, ae->loc);
                ir_last(b->f)->imm.index = i;
                if ((arrays[n++] = nd_array(b, bld_value_operand(e, o.type->elems[i]), ae->loc, "np.nditer")) == IR_NOVALUE)
                    return false;
            }
        } else if ((arrays[n++] = nd_array(b, o, ae->loc, "np.nditer")) == IR_NOVALUE) {
            return false;
        }
    }
    if (n == 0 || (ae->kind == EX_TUPLE && ae->seq.n > BLD_MAX_ARGS)) {
        diag_error(&b->diag, ae->loc, "np.nditer() takes 1 to %d arrays", BLD_MAX_ARGS);
        return false;
    }
    int ndim = 0;
    for (int i = 0; i < n; i++)
        if (ir_type(b->f, arrays[i])->ndim > ndim)
            ndim = ir_type(b->f, arrays[i])->ndim;
    /* Numba's rule: the first array of the highest rank gives the shape; every other array's
     * shape must equal its last axes (no axis of extent 1 is stretched) */
    int main = 0;
    while (ir_type(b->f, arrays[main])->ndim != ndim)
        main++;
    const Type *i64 = ty_scalar(TY_INT64), *bt = ty_scalar(TY_BOOL);
    IrValue dims[TY_MAX_NDIM], bad = IR_NOVALUE;
    for (int d = 0; d < ndim; d++) {
        dims[d] = ir_emit(b->f, IR_SHAPE, 0, i64, &arrays[main], 1, call->loc);
        ir_last(b->f)->imm.index = d;
    }
    for (int i = 0; i < n; i++) {
        int m = ir_type(b->f, arrays[i])->ndim;
        for (int k = 0; k < m && i != main; k++) {
            IrValue c[2] = {ir_emit(b->f, IR_SHAPE, 0, i64, &arrays[i], 1, call->loc), dims[ndim - m + k]};
            ir_last(b->f)->imm.index = k;
            IrValue differs = ir_emit(b->f, IR_CMP, OP_NE, bt, c, 2, call->loc);
            IrValue any[2] = {bad, differs};
            bad = bad == IR_NOVALUE ? differs : ir_emit(b->f, IR_BIN, IB_OR, bt, any, 2, call->loc);
        }
    }
    if (bad != IR_NOVALUE) {
        int raise = ir_new_block(b->f), ok = ir_new_block(b->f);
        ir_cbr(b->f, bad, raise, ok);
        ir_set_block(b->f, raise);
        ir_raise(b->f, EXC_VALUE, "nditer(): operands could not be broadcast together", call->loc);
        ir_set_block(b->f, ok);
    }
    Yield index;
    if (!nd_source(b, IR_NOVALUE, dims, ndim, it, &index, call->loc))
        return false;
    Yield *items = arena_alloc(b->pass_arena, sizeof *items * (size_t)n);
    for (int i = 0; i < n; i++)
        items[i] = (Yield){.kind = Y_ND_ELEMENT, .source = index.source, .array = arrays[i], .view = true};
    *y = single ? items[0] : (Yield){.kind = Y_TUPLE, .items = items, .n = n};
    return true;
}

static bool read_nd(Builder *b, const Expr *call, int which, Iteration *it, Yield *y)
{
    IrValue dims[TY_MAX_NDIM];
    if (which == BLD_NDITER)
        return read_nditer(b, call, it, y);
    if (which == BLD_NDINDEX) {
        int n = nd_dims(b, call, dims);
        return n > 0 && nd_source(b, IR_NOVALUE, dims, n, it, y, call->loc);
    }
    if (call->call.nargs != 1 || call->call.nkws) {
        diag_error(&b->diag, call->loc, "np.ndenumerate() takes one array");
        return false;
    }
    const Expr *ae = call->call.args[0];
    IrValue a = nd_array(b, bld_expr(b, ae), ae->loc, "np.ndenumerate");
    if (a == IR_NOVALUE)
        return false;
    const Type *at = ir_type(b->f, a);
    for (int d = 0; d < at->ndim; d++) {
        dims[d] = ir_emit(b->f, IR_SHAPE, 0, ty_scalar(TY_INT64), &a, 1, call->loc);
        ir_last(b->f)->imm.index = d;
    }
    Yield *items = arena_alloc(b->pass_arena, sizeof *items * 2);
    *y = (Yield){.kind = Y_TUPLE, .items = items, .n = 2};
    if (!nd_source(b, a, dims, at->ndim, it, &items[0], call->loc))
        return false;
    items[1] = (Yield){.kind = Y_ND_ELEMENT, .source = items[0].source, .array = a};
    return true;
}
