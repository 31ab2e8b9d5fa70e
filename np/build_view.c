/* build_view.c — NumPy's indexing beyond one element: views, and the indexing that copies.
 *
 * A subscript's items are evaluated once, left to right, and classified (integers, slices,
 * None/np.newaxis, one `...`, one integer or boolean array). As many integers as the array has
 * dimensions give an element (IR_ELEM_LOAD/STORE). Otherwise basic indexing makes a view:
 * IR_VIEW, an array over the base's memory with its own offset, extents and strides, owned by
 * whatever owns the base, so a write through it changes the base. Its layout follows Numba's
 * rules (numba/core/typing/arraydecl.py, get_array_index_type): integers on the left of a C
 * array and one unstrided slice innermost keep it C; anything else makes it A (mirrored for F).
 * An array among the items is NumPy's advanced indexing, which copies: the basic items make a
 * view in which the array's axis stays whole, and a loop gathers the chosen positions (a
 * boolean mask's true positions) into a new C array. Assignment to any of these writes in place,
 * broadcasting the value (bld_array_assign); an augmented assignment reads, computes, writes.
 * numpy.krn's _broadcast_view (np.broadcast_to) is a read-only view whose repeated axes have stride 0. */
#include <string.h>

#include "builder/build.h"

IrValue bld_array_stride(Builder *b, IrValue a, int axis, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    if (at->layout != 'C') { /* a C array's strides follow from its shape: LLVM sees them */
        IrValue s = ir_emit(b->f, IR_SHAPE, 1, ty_scalar(TY_INT64), &a, 1, loc);
        ir_last(b->f)->imm.index = axis;
        return s;
    }
    IrValue s = bld_i64_const(b, ty_size(at->dtype), loc);
    for (int k = at->ndim - 1; k > axis; k--) /* NumPy counts a 0 extent as 1 here */
        s = bld_i64_arith(b, IB_MUL, s,
                          bld_i64_arith(b, IB_MAX, bld_array_extent(b, a, k, loc), bld_i64_const(b, 1, loc), loc), loc);
    return s;
}

/* ---- the items ---- */

static bool int64_part(Builder *b, const Expr *e, IrValue *out, bool *nonzero)
{
    *out = IR_NOVALUE;
    if (!e)
        return true;
    Operand o = bld_expr(b, e);
    *nonzero = o.kind == OPK_VALUE && o.is_const && o.ci != 0;
    if (o.kind == OPK_NONE)
        return true;
    IrValue v = bld_value_of(b, o, e->loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return false;
    if (!ty_is_int(t) && !ty_is_bool(t)) {
        diag_error(&b->diag, e->loc, "slice indices must be integers or None, not %s", bld_type_name(b, t));
        return false;
    }
    *out = bld_cast_value(b, v, ty_scalar(TY_INT64), e->loc);
    return true;
}

static bool add_item(Builder *b, Subscript *s, IndexItem ix)
{
    if (s->n == BLD_MAX_INDEX_ITEMS) {
        diag_error(&b->diag, ix.loc, "an array index has at most %d items", BLD_MAX_INDEX_ITEMS);
        return false;
    }
    if (ix.kind == IX_ELLIPSIS && s->ellipsis) {
        diag_error(&b->diag, ix.loc, "an index can only have a single ellipsis ('...')");
        return false;
    }
    if (ix.kind == IX_ARRAY && s->array >= 0) {
        diag_error(&b->diag, ix.loc, "only one advanced index is supported (as in Numba): index with one "
                                     "integer or boolean array");
        return false;
    }
    s->ellipsis |= ix.kind == IX_ELLIPSIS;
    if (ix.kind == IX_ARRAY)
        s->array = s->n;
    if (ix.kind != IX_ELLIPSIS && ix.kind != IX_NEWAXIS)
        s->n_indices++;
    s->items[s->n++] = ix;
    return true;
}

/* An item that is a value: an integer, an index array, a tuple of integers (a[idx] with idx = (i, j)). */
static IrValue slice_part(Builder *b, IrValue s, int k, SrcLoc loc);

static bool value_item(Builder *b, Subscript *s, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_NONE)
        return add_item(b, s, (IndexItem){.kind = IX_NEWAXIS, .loc = loc});
    IrValue v = o.kind == OPK_ARRAYEXPR ? bld_array_value(b, o, loc) : bld_value_of(b, o, loc);
    const Type *t = ir_type(b->f, v);
    if (t->kind == TY_ERROR)
        return false;
    if (t->kind == TY_TUPLE && !ty_is_slice(t)) {
        for (int i = 0; i < t->n; i++) {
            IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, t->elems[i], &v, 1, loc);
            ir_last(b->f)->imm.index = i;
            if (!value_item(b, s, bld_value_operand(e, t->elems[i]), loc))
                return false;
        }
        return true;
    }
    if (ty_is_int(t))
        return add_item(b, s,
                        (IndexItem){.kind = IX_INT, .v = bld_cast_value(b, v, ty_scalar(TY_INT64), loc), .loc = loc});
    if (ty_is_slice(t)) /* a slice object held in a variable: a[r] as a[start:stop:step] */
        return add_item(b, s, (IndexItem){.kind = IX_SLICE, .lo = slice_part(b, v, 0, loc), .hi = slice_part(b, v, 1, loc),
                                          .step = slice_part(b, v, 2, loc), .has_step = (t->tag - TY_TAG_SLICE) & TY_SLICE_STEP,
                                          .loc = loc});
    if (t->kind == TY_ARRAY && t->ndim == 1 && (ty_is_int(t->dtype) || ty_is_bool(t->dtype)))
        return add_item(b, s, (IndexItem){.kind = IX_ARRAY, .v = v, .loc = loc});
    diag_error(&b->diag, loc, t->kind == TY_ARRAY ? "an index array must be a 1-d array of integers or booleans, not %s"
                                                  : "array index must be an integer, a slice, None or an array, not %s",
               bld_type_name(b, t));
    return false;
}

Operand bld_slice_call(Builder *b, const Expr *call, const Args *a)
{
    if (call->call.nkws || a->n < 1 || a->n > 3) {
        diag_error(&b->diag, call->loc, "slice() takes 1 to 3 arguments: stop, or start, stop[, step]");
        return bld_error_operand(b);
    }
    const Type *i64 = ty_scalar(TY_INT64);
    IrValue parts[3];
    int mask = 0;
    for (int k = 0; k < 3; k++) {
        int from = a->n == 1 ? (k == 1 ? 0 : -1) : k < a->n ? k : -1; /* slice(stop) */
        const Operand *o = from >= 0 ? &a->ops[from] : NULL;
        if (o && o->kind == OPK_ERROR)
            return bld_error_operand(b);
        if (!o || bld_is_none_operand(*o)) {
            parts[k] = bld_i64_const(b, 0, call->loc);
            continue;
        }
        IrValue v = bld_value_of(b, *o, call->call.args[from]->loc);
        if (bld_is_error(b, v)) /* reported, or a parameter not typed yet */
            return bld_error_operand(b);
        if (!ty_is_int(ir_type(b->f, v))) {
            diag_error(&b->diag, call->call.args[from]->loc, "slice indices must be integers or None, not %s",
                       bld_type_name(b, ir_type(b->f, v)));
            return bld_error_operand(b);
        }
        parts[k] = bld_cast_value(b, v, i64, call->loc);
        mask |= 1 << k;
    }
    const Type *elems[3] = {i64, i64, i64};
    const Type *t = ty_tagged(&b->p->types, (char)(TY_TAG_SLICE + mask), elems, 3);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, t, parts, 3, call->loc), t);
}

/* Part k (0 start, 1 stop, 2 step) of a slice object, or IR_NOVALUE where it was left out. */
static IrValue slice_part(Builder *b, IrValue s, int k, SrcLoc loc)
{
    const Type *t = ir_type(b->f, s);
    if (!((t->tag - TY_TAG_SLICE) & (1 << k)))
        return IR_NOVALUE;
    IrValue v = ir_emit(b->f, IR_TUPLE_GET, 0, ty_scalar(TY_INT64), &s, 1, loc);
    ir_last(b->f)->imm.index = k;
    return v;
}

bool bld_slice_attr(Builder *b, Operand s, const char *name, SrcLoc loc, Operand *out)
{
    int k = strcmp(name, "start") == 0 ? 0 : strcmp(name, "stop") == 0 ? 1 : strcmp(name, "step") == 0 ? 2 : -1;
    if (k < 0)
        return false;
    IrValue v = slice_part(b, s.v, k, loc);
    if (v == IR_NOVALUE) /* as Numba's slice objects hold them: 0, the largest int64, 1 */
        v = bld_i64_const(b, k == 0 ? 0 : k == 1 ? INT64_MAX : 1, loc);
    *out = bld_value_operand(v, ty_scalar(TY_INT64));
    return true;
}

static bool classify(Builder *b, const Expr *e, Subscript *s)
{
    if (e->kind == EX_ELLIPSIS)
        return add_item(b, s, (IndexItem){.kind = IX_ELLIPSIS, .loc = e->loc});
    if (e->kind != EX_SLICE)
        return value_item(b, s, bld_expr(b, e), e->loc);
    IndexItem ix = {.kind = IX_SLICE, .loc = e->loc, .has_step = e->slice.step != NULL};
    bool unused;
    return int64_part(b, e->slice.lo, &ix.lo, &unused) && int64_part(b, e->slice.hi, &ix.hi, &unused) &&
           int64_part(b, e->slice.step, &ix.step, &ix.step_nonzero) && add_item(b, s, ix);
}

bool bld_subscript_items(Builder *b, const Expr *sub, IrValue a, Subscript *s)
{
    const Type *at = ir_type(b->f, a);
    const Expr *ix = sub->subscript.index;
    const Expr *const *items = ix->kind == EX_TUPLE ? (const Expr *const *)ix->seq.items : &ix;
    int n = ix->kind == EX_TUPLE ? ix->seq.n : 1;
    memset(s, 0, sizeof *s);
    s->array = -1;
    s->in_bounds = sub->subscript.in_bounds;
    bool ok = true;
    for (int i = 0; i < n && ok; i++)
        ok = classify(b, items[i], s);
    if (!ok || at->kind == TY_ERROR)
        return false;
    if (at->kind != TY_ARRAY) {
        diag_error(&b->diag, sub->loc, "cannot index %s", bld_type_name(b, at));
        return false;
    }
    if (s->n_indices > at->ndim) {
        diag_error(&b->diag, sub->loc, "too many indices for array: %d given, %s has %d dimension%s", s->n_indices,
                   bld_type_name(b, at), at->ndim, at->ndim == 1 ? "" : "s");
        return false;
    }
    return true;
}

bool bld_subscript_is_element(const Subscript *s, const Type *at)
{
    for (int i = 0; i < s->n; i++)
        if (s->items[i].kind != IX_INT && s->items[i].kind != IX_ELLIPSIS)
            return false;
    return s->n_indices == at->ndim;
}

/* ---- views ---- */

static bool keeps_contiguity(const IndexItem *ix, bool innermost)
{
    return ix->kind == IX_ELLIPSIS || ix->kind == IX_INT ||
           (innermost && ix->kind == IX_SLICE && !ix->has_step);
}

/* Numba's check_contiguity over items[from..to) in physical order (step -1: reversed, for F). */
static bool check_contiguity(const IndexItem *items, int from, int to, int step)
{
    int n = step > 0 ? to - from : from - to;
    for (int k = 0; k < n; k++)
        if (!keeps_contiguity(&items[step > 0 ? from + k : from - k], k == n - 1))
            return false;
    return true;
}

/* The layout of the view, as Numba types it. */
static char view_layout(const Type *at, const Subscript *s)
{
    int e = s->n; /* where the ellipsis is: items before it are "left", after it "right" */
    for (int i = 0; i < s->n; i++)
        if (s->items[i].kind == IX_ELLIPSIS)
            e = i;
    bool all = s->n_indices == at->ndim; /* then the ellipsis's place is indifferent */
    if (at->layout == 'C') {
        if (!all && e < s->n - 1)
            return 'A';
        return check_contiguity(s->items, 0, all ? s->n : e, 1) ? 'C' : 'A';
    }
    if (at->layout == 'F') {
        if (!all && e > 0 && e < s->n)
            return 'A';
        int first = all || e == s->n ? 0 : e + 1;
        if (!all && e == s->n && s->n > 0)
            return 'A'; /* items on the left of an F array */
        return check_contiguity(s->items, s->n - 1, first - 1, -1) ? 'F' : 'A';
    }
    return 'A';
}

/* Python's slice.indices(n): the first index, the step and the length of the slice. */
static void slice_extent(Builder *b, const IndexItem *ix, IrValue n, IrValue *start, IrValue *step, IrValue *len)
{
    SrcLoc loc = ix->loc;
    IrValue zero = bld_i64_const(b, 0, loc), one = bld_i64_const(b, 1, loc), minus1 = bld_i64_const(b, -1, loc);
    *step = ix->step != IR_NOVALUE ? ix->step : one;
    if (ix->step != IR_NOVALUE && !ix->step_nonzero)
        bld_raise_if(b, bld_cmp(b, OP_EQ, *step, zero, loc), EXC_VALUE, "slice step cannot be zero", loc);
    IrValue neg = bld_cmp(b, OP_LT, *step, zero, loc), last = bld_i64_arith(b, IB_SUB, n, one, loc);
    IrValue bound[2], given[2] = {ix->lo, ix->hi};
    IrValue defaults[2] = {bld_select(b, neg, last, zero, loc), bld_select(b, neg, minus1, n, loc)};
    for (int k = 0; k < 2; k++) {
        if (given[k] == IR_NOVALUE) {
            bound[k] = defaults[k];
            continue;
        }
        IrValue x = given[k], below = bld_cmp(b, OP_LT, x, zero, loc);
        x = bld_select(b, below, bld_i64_arith(b, IB_ADD, x, n, loc), x, loc);
        IrValue low = bld_select(b, neg, minus1, zero, loc), high = bld_select(b, neg, last, n, loc);
        x = bld_select(b, bld_cmp(b, OP_LT, x, zero, loc), low, x, loc);
        bound[k] = bld_select(b, bld_cmp(b, OP_GE, x, n, loc), high, x, loc);
    }
    *start = bound[0];
    IrValue span = bld_select(b, neg, bld_i64_arith(b, IB_SUB, bound[0], bound[1], loc),
                              bld_i64_arith(b, IB_SUB, bound[1], bound[0], loc), loc);
    IrValue by = bld_select(b, neg, bld_i64_arith(b, IB_SUB, zero, *step, loc), *step, loc);
    IrValue steps = bld_i64_arith(b, IB_FLOORDIV, bld_i64_arith(b, IB_SUB, span, one, loc), by, loc);
    IrValue count = bld_i64_arith(b, IB_ADD, steps, one, loc);
    *len = bld_select(b, bld_cmp(b, OP_GT, span, zero, loc), count, zero, loc);
}

/* i as an index of an axis of extent n: negative counts from the end; checked if asked. */
static IrValue axis_index(Builder *b, IrValue i, IrValue n, SrcLoc loc)
{
    IrValue zero = bld_i64_const(b, 0, loc);
    i = bld_select(b, bld_cmp(b, OP_LT, i, zero, loc), bld_i64_arith(b, IB_ADD, i, n, loc), i, loc);
    if (bld_elem_flags(b) & IRF_BOUNDSCHECK) {
        IrValue out = ir_emit(b->f, IR_BIN, IB_OR, ty_scalar(TY_BOOL),
                              (IrValue[]){bld_cmp(b, OP_LT, i, zero, loc), bld_cmp(b, OP_GE, i, n, loc)}, 2, loc);
        bld_raise_if(b, out, EXC_INDEX, "index is out of bounds", loc);
    }
    return i;
}

/* The view of a's basic items; an advanced item (if any) keeps its axis whole, at *array_axis. */
static IrValue emit_view(Builder *b, IrValue a, const Subscript *s, int *array_axis, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue args[2 + 2 * BLD_MAX_INDEX_ITEMS + 64];
    int nout = 0, axis = 0;
    IrValue offset = bld_i64_const(b, 0, loc);
#define KEEP(ext, str) (args[2 + 2 * nout] = (ext), args[3 + 2 * nout] = (str), nout++)
    for (int i = 0; i <= s->n; i++) {
        const IndexItem *ix = i < s->n ? &s->items[i] : NULL;
        int whole = !ix ? at->ndim - axis : ix->kind == IX_ELLIPSIS ? at->ndim - s->n_indices : 0;
        for (int k = 0; k < whole; k++, axis++)
            KEEP(bld_array_extent(b, a, axis, loc), bld_array_stride(b, a, axis, loc));
        if (!ix || ix->kind == IX_ELLIPSIS)
            continue;
        if (ix->kind == IX_NEWAXIS) {
            KEEP(bld_i64_const(b, 1, ix->loc), bld_i64_const(b, 0, ix->loc));
            continue;
        }
        IrValue n = bld_array_extent(b, a, axis, ix->loc), stride = bld_array_stride(b, a, axis, ix->loc);
        if (ix->kind == IX_ARRAY) {
            *array_axis = nout;
            KEEP(n, stride);
        } else if (ix->kind == IX_INT) {
            offset = bld_i64_arith(b, IB_ADD, offset,
                                   bld_i64_arith(b, IB_MUL, axis_index(b, ix->v, n, ix->loc), stride, loc), loc);
        } else {
            IrValue start, step, len;
            slice_extent(b, ix, n, &start, &step, &len);
            offset = bld_select(b, bld_cmp(b, OP_GT, len, bld_i64_const(b, 0, loc), loc),
                                bld_i64_arith(b, IB_ADD, offset, bld_i64_arith(b, IB_MUL, start, stride, loc), loc),
                                offset, loc);
            KEEP(len, bld_i64_arith(b, IB_MUL, stride, step, loc));
        }
        axis++;
    }
#undef KEEP
    char layout = s->array >= 0 ? 'A' : view_layout(at, s);
    if (nout <= 1 && layout == 'F')
        layout = 'C';
    const Type *vt = at->readonly ? ty_array_readonly(&b->p->types, at->dtype, nout, layout)
                                  : ty_array(&b->p->types, at->dtype, nout, layout);
    args[0] = a;
    args[1] = offset;
    return ir_emit(b->f, IR_VIEW, 0, vt, args, 2 + 2 * nout, loc);
}

/* ---- advanced indexing ---- */

/* The positions an index array chooses along an axis of extent n: an integer array as it is, a
 * boolean mask (of length n, as NumPy requires) as the int64 positions where it is true. */
static IrValue chosen_positions(Builder *b, IrValue idx, IrValue n, SrcLoc loc)
{
    const Type *it = ir_type(b->f, idx);
    if (!ty_is_bool(it->dtype))
        return idx;
    IrValue len = bld_array_extent(b, idx, 0, loc);
    bld_raise_if(b, bld_cmp(b, OP_NE, len, n, loc), EXC_INDEX,
                 "boolean index did not match indexed array along the indexed axis", loc);
    const Type *i64 = ty_scalar(TY_INT64);
    int count = ir_new_local(b->f, "$count", i64);
    ir_store(b->f, count, bld_i64_const(b, 0, loc), loc);
    Nest nest;
    IrValue j;
    bld_nest_open(b, &nest, idx, &j, loc);
    IrValue args[2] = {idx, j};
    IrValue bit = ir_emit(b->f, IR_ELEM_LOAD, 0, it->dtype, args, 2, loc);
    ir_store(b->f, count,
             bld_i64_arith(b, IB_ADD, ir_load(b->f, count, loc), ir_emit(b->f, IR_CAST, 0, i64, &bit, 1, loc), loc),
             loc);
    bld_nest_close(b, &nest, loc);
    IrValue total = ir_load(b->f, count, loc);
    const Type *pt = ty_array(&b->p->types, i64, 1, 'C');
    IrValue pos = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_EMPTY, pt, &total, 1, loc), loc);
    ir_store(b->f, count, bld_i64_const(b, 0, loc), loc);
    bld_nest_open(b, &nest, idx, &j, loc);
    IrValue args2[2] = {idx, j};
    bit = ir_emit(b->f, IR_ELEM_LOAD, 0, it->dtype, args2, 2, loc);
    int take = ir_new_block(b->f), next = ir_new_block(b->f);
    ir_cbr(b->f, bit, take, next);
    ir_set_block(b->f, take);
    IrValue k = ir_load(b->f, count, loc);
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, (IrValue[]){pos, k, j}, 3, loc);
    ir_store(b->f, count, bld_i64_arith(b, IB_ADD, k, bld_i64_const(b, 1, loc), loc), loc);
    ir_br(b->f, next);
    ir_set_block(b->f, next);
    bld_nest_close(b, &nest, loc);
    return pos;
}

/* What advanced indexing selects: the view's elements with the index along `axis` taken from
 * the positions. */
typedef struct Selection {
    IrValue view, pos; /* the view of the basic items; the chosen positions along its axis `axis` */
    int axis;
} Selection;

static void selection_shape(Builder *b, const Selection *sel, IrValue *dims, int *ndim, SrcLoc loc)
{
    const Type *vt = ir_type(b->f, sel->view);
    for (int k = 0; k < vt->ndim; k++)
        dims[k] = k == sel->axis ? bld_array_extent(b, sel->pos, 0, loc) : bld_array_extent(b, sel->view, k, loc);
    *ndim = vt->ndim;
}

/* The element of the view that the selection's index sidx names. */
static void source_index(Builder *b, const Selection *sel, const IrValue *sidx, IrValue *vidx, SrcLoc loc)
{
    const Type *vt = ir_type(b->f, sel->view);
    for (int k = 0; k < vt->ndim; k++)
        vidx[k] = sidx[k];
    IrValue args[2] = {sel->pos, sidx[sel->axis]};
    const Type *pt = ir_type(b->f, sel->pos);
    IrValue p = bld_cast_value(b, ir_emit(b->f, IR_ELEM_LOAD, 0, pt->dtype, args, 2, loc), ty_scalar(TY_INT64), loc);
    vidx[sel->axis] = axis_index(b, p, bld_array_extent(b, sel->view, sel->axis, loc), loc);
}

static bool select_items(Builder *b, IrValue a, const Subscript *s, Selection *sel, SrcLoc loc)
{
    sel->view = emit_view(b, a, s, &sel->axis, loc);
    sel->pos = chosen_positions(b, s->items[s->array].v, bld_array_extent(b, sel->view, sel->axis, loc), loc);
    return true;
}

static IrValue gather(Builder *b, const Selection *sel, SrcLoc loc)
{
    const Type *vt = ir_type(b->f, sel->view);
    IrValue dims[64], sidx[64], vidx[64];
    int nd;
    selection_shape(b, sel, dims, &nd, loc);
    const Type *rt = ty_array(&b->p->types, vt->dtype, nd, 'C');
    IrValue out = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_EMPTY, rt, dims, nd, loc), loc);
    Nest nest;
    bld_nest_open(b, &nest, out, sidx, loc);
    source_index(b, sel, sidx, vidx, loc);
    IrValue ld[65] = {sel->view}, st[66] = {out};
    memcpy(ld + 1, vidx, sizeof vidx[0] * (size_t)nd);
    IrValue x = ir_emit(b->f, IR_ELEM_LOAD, 0, vt->dtype, ld, nd + 1, loc);
    memcpy(st + 1, sidx, sizeof sidx[0] * (size_t)nd);
    st[nd + 1] = x;
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, nd + 2, loc);
    bld_nest_close(b, &nest, loc);
    return out;
}

/* Writes val (a number, or an array broadcast to the selection's shape) into the selection. */
static void scatter(Builder *b, const Selection *sel, Operand val, SrcLoc loc)
{
    const Type *vt = ir_type(b->f, sel->view);
    IrValue x = val.kind == OPK_ARRAYEXPR ? bld_array_value(b, val, loc) : bld_value_of(b, val, loc);
    const Type *xt = ir_type(b->f, x);
    if (xt->kind == TY_ERROR)
        return;
    if (!ty_is_scalar(xt) && !(xt->kind == TY_ARRAY && xt->ndim <= vt->ndim)) {
        diag_error(&b->diag, loc, "cannot store %s into a selection of %s", bld_type_name(b, xt), bld_type_name(b, vt));
        return;
    }
    IrValue dims[64], sidx[64], vidx[64];
    int nd;
    selection_shape(b, sel, dims, &nd, loc);
    if (xt->kind == TY_ARRAY) /* the value's shape must broadcast to the selection's */
        for (int k = 0; k < xt->ndim; k++) {
            IrValue e = bld_array_extent(b, x, k, loc), d = dims[nd - xt->ndim + k];
            IrValue bad = ir_emit(b->f, IR_BIN, IB_AND, ty_scalar(TY_BOOL),
                                  (IrValue[]){bld_cmp(b, OP_NE, e, d, loc),
                                              bld_cmp(b, OP_NE, e, bld_i64_const(b, 1, loc), loc)}, 2, loc);
            bld_raise_if(b, bad, EXC_VALUE, "cannot assign an array of this shape to the selection", loc);
        }
    Nest nest;
    bld_loops_open(b, &nest, dims, nd, sidx, loc);
    source_index(b, sel, sidx, vidx, loc);
    IrValue v = x;
    if (xt->kind == TY_ARRAY) {
        IrValue ld[65] = {x};
        for (int k = 0; k < xt->ndim; k++) {
            IrValue e = bld_array_extent(b, x, k, loc);
            ld[1 + k] = bld_select(b, bld_cmp(b, OP_EQ, e, bld_i64_const(b, 1, loc), loc), bld_i64_const(b, 0, loc),
                               sidx[nd - xt->ndim + k], loc);
        }
        v = ir_emit(b->f, IR_ELEM_LOAD, 0, xt->dtype, ld, xt->ndim + 1, loc);
    }
    IrValue st[66] = {sel->view};
    memcpy(st + 1, vidx, sizeof vidx[0] * (size_t)nd);
    st[nd + 1] = bld_cast_value(b, v, vt->dtype, loc);
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, st, nd + 2, loc);
    bld_nest_close(b, &nest, loc);
}

/* ---- loads and stores ---- */

static int element_args(IrValue a, const Subscript *s, IrValue *args)
{
    int n = 0;
    args[n++] = a;
    for (int i = 0; i < s->n; i++)
        if (s->items[i].kind == IX_INT)
            args[n++] = s->items[i].v;
    return n;
}

Operand bld_subscript_load(Builder *b, IrValue a, const Subscript *s, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    if (bld_subscript_is_element(s, at)) {
        IrValue args[1 + BLD_MAX_INDEX_ITEMS];
        int n = element_args(a, s, args);
        IrValue v = ir_emit(b->f, IR_ELEM_LOAD, 0, at->dtype, args, n, loc);
        ir_last(b->f)->flags = s->in_bounds ? 0 : bld_elem_flags(b);
        return bld_value_operand(v, at->dtype);
    }
    if (s->array >= 0) {
        if (b->spec->device) {
            diag_error(&b->diag, loc, "indexing with an array copies, which GPU code cannot do");
            return bld_error_operand(b);
        }
        Selection sel;
        select_items(b, a, s, &sel, loc);
        IrValue r = gather(b, &sel, loc);
        return bld_value_operand(r, ir_type(b->f, r));
    }
    int unused;
    IrValue v = emit_view(b, a, s, &unused, loc);
    return bld_value_operand(v, ir_type(b->f, v));
}

void bld_subscript_store(Builder *b, IrValue a, const Subscript *s, Operand val, const Expr *site, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    if (!bld_writable(b, a, site->loc))
        return;
    if (bld_subscript_is_element(s, at)) {
        IrValue x = bld_value_of(b, val, loc);
        const Type *xt = ir_type(b->f, x);
        if (bld_is_error(b, x))
            return;
        if (!ty_is_scalar(xt)) {
            diag_error(&b->diag, loc, "cannot store %s into an element of %s", bld_type_name(b, xt),
                       bld_type_name(b, at));
            return;
        }
        IrValue args[2 + BLD_MAX_INDEX_ITEMS];
        int n = element_args(a, s, args);
        args[n++] = bld_cast_value(b, x, at->dtype, loc);
        ir_emit(b->f, IR_ELEM_STORE, 0, NULL, args, n, site->loc);
        ir_last(b->f)->flags = s->in_bounds ? 0 : bld_elem_flags(b);
        return;
    }
    if (s->array >= 0) {
        Selection sel;
        select_items(b, a, s, &sel, loc);
        scatter(b, &sel, val, loc);
        return;
    }
    int unused;
    bld_array_assign(b, emit_view(b, a, s, &unused, loc), val, site, loc);
}

/* ---- attributes and methods that make views ---- */

/* A view of a over the same data, moved by `offset` bytes, with the given extents and strides. */
static IrValue make_view(Builder *b, IrValue a, IrValue offset, const IrValue *ext, const IrValue *str, int n,
                         const Type *dtype, char layout, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue args[2 + 64];
    args[0] = a;
    args[1] = offset;
    for (int k = 0; k < n; k++)
        args[2 + 2 * k] = ext[k], args[3 + 2 * k] = str[k];
    if (n <= 1 && layout == 'F')
        layout = 'C';
    const Type *vt = at->readonly ? ty_array_readonly(&b->p->types, dtype, n, layout) : ty_array(&b->p->types, dtype, n, layout);
    return ir_emit(b->f, IR_VIEW, 0, vt, args, 2 + 2 * n, loc);
}

static Operand view_operand(Builder *b, IrValue v);

Operand bld_broadcast_view(Builder *b, const Expr *call, Args *a)
{
    if (!bld_take_args(b, call, a, 2, 2, "_broadcast_view"))
        return bld_error_operand(b);
    const Type *at = a->n == 2 ? ir_type(b->f, a->vals[0]) : NULL;
    const Type *st = a->n == 2 ? ir_type(b->f, a->vals[1]) : NULL;
    if (!at || at->kind != TY_ARRAY || st->kind != TY_TUPLE || st->n < at->ndim || st->n > TY_MAX_NDIM) {
        diag_error(&b->diag, call->loc, "_broadcast_view() takes an array and a tuple of at least its ndim extents");
        return bld_error_operand(b);
    }
    int n = st->n, lead = st->n - at->ndim;
    IrValue ext[TY_MAX_NDIM], str[TY_MAX_NDIM], shape = a->vals[1], zero = bld_i64_const(b, 0, call->loc);
    for (int k = 0; k < n; k++) {
        if (!ty_is_int(st->elems[k])) {
            diag_error(&b->diag, call->loc, "_broadcast_view() takes a tuple of integers");
            return bld_error_operand(b);
        }
        IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, st->elems[k], &shape, 1, call->loc);
        ir_last(b->f)->imm.index = k;
        ext[k] = bld_cast_value(b, e, ty_scalar(TY_INT64), call->loc);
        if (k < lead) { /* a new leading axis repeats the whole array */
            str[k] = zero;
            continue;
        }
        /* an axis of extent 1 repeats its one element: stride * min(max(extent - 1, 0), 1) */
        IrValue src = bld_array_extent(b, a->vals[0], k - lead, call->loc);
        IrValue step = bld_i64_arith(b, IB_MIN, bld_i64_arith(b, IB_MAX, bld_i64_arith(b, IB_SUB, src, bld_i64_const(b, 1, call->loc), call->loc), zero, call->loc),
                                     bld_i64_const(b, 1, call->loc), call->loc);
        str[k] = bld_i64_arith(b, IB_MUL, bld_array_stride(b, a->vals[0], k - lead, call->loc), step, call->loc);
    }
    IrValue args[2 + 2 * TY_MAX_NDIM];
    args[0] = a->vals[0];
    args[1] = zero;
    for (int k = 0; k < n; k++)
        args[2 + 2 * k] = ext[k], args[3 + 2 * k] = str[k];
    const Type *vt = ty_array_readonly(&b->p->types, at->dtype, n, 'A');
    return view_operand(b, ir_emit(b->f, IR_VIEW, 0, vt, args, 2 + 2 * n, call->loc));
}

IrValue bld_transpose(Builder *b, IrValue a, const int *perm, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue ext[TY_MAX_NDIM], str[TY_MAX_NDIM];
    bool reversed = true, identity = true;
    for (int k = 0; k < at->ndim; k++) {
        ext[k] = bld_array_extent(b, a, perm[k], loc);
        str[k] = bld_array_stride(b, a, perm[k], loc);
        reversed &= perm[k] == at->ndim - 1 - k;
        identity &= perm[k] == k;
    }
    char layout = identity ? at->layout : !reversed || at->layout == 'A' ? 'A' : at->layout == 'C' ? 'F' : 'C';
    return make_view(b, a, bld_i64_const(b, 0, loc), ext, str, at->ndim, at->dtype, layout, loc);
}

/* The 1-d view of a along `axis`, the other axes fixed at idx[] (idx[axis] is not read). */
IrValue bld_axis_view(Builder *b, IrValue a, int axis, const IrValue *idx, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue offset = bld_i64_const(b, 0, loc);
    for (int k = 0; k < at->ndim; k++)
        if (k != axis)
            offset = bld_i64_arith(b, IB_ADD, offset,
                                   bld_i64_arith(b, IB_MUL, idx[k], bld_array_stride(b, a, k, loc), loc), loc);
    IrValue ext = bld_array_extent(b, a, axis, loc), str = bld_array_stride(b, a, axis, loc);
    return make_view(b, a, offset, &ext, &str, 1, at->dtype, axis == at->ndim - 1 && at->layout == 'C' ? 'C' : 'A',
                     loc);
}

/* The 0-d view of a's element at idx (Numba's np.nditer yields these). */
IrValue bld_element_view(Builder *b, IrValue a, const IrValue *idx, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue offset = bld_i64_const(b, 0, loc);
    for (int k = 0; k < at->ndim; k++)
        offset = bld_i64_arith(b, IB_ADD, offset, bld_i64_arith(b, IB_MUL, idx[k], bld_array_stride(b, a, k, loc), loc),
                               loc);
    return make_view(b, a, offset, NULL, NULL, 0, at->dtype, 'C', loc);
}

/* a.reshape(dims): a C view; one extent may be -1 (inferred), as NumPy's. */
static IrValue reshape(Builder *b, IrValue a, IrValue *dims, int n, SrcLoc loc)
{
    IrValue zero = bld_i64_const(b, 0, loc), one = bld_i64_const(b, 1, loc), size = bld_element_count(b, a, loc);
    IrValue negatives = zero, known = one;
    for (int k = 0; k < n; k++) {
        IrValue neg = bld_cmp(b, OP_LT, dims[k], zero, loc);
        negatives = bld_i64_arith(b, IB_ADD, negatives, bld_select(b, neg, one, zero, loc), loc);
        known = bld_i64_arith(b, IB_MUL, known, bld_select(b, neg, one, dims[k], loc), loc);
    }
    bld_raise_if(b, bld_cmp(b, OP_GT, negatives, one, loc), EXC_VALUE, "multiple negative shape values", loc);
    IrValue inferred =
        bld_i64_arith(b, IB_FLOORDIV, size, bld_select(b, bld_cmp(b, OP_EQ, known, zero, loc), one, known, loc), loc);
    IrValue total = one;
    for (int k = 0; k < n; k++) {
        dims[k] = bld_select(b, bld_cmp(b, OP_LT, dims[k], zero, loc), inferred, dims[k], loc);
        total = bld_i64_arith(b, IB_MUL, total, dims[k], loc);
    }
    bld_raise_if(b, bld_cmp(b, OP_NE, total, size, loc), EXC_VALUE, "total size of new array must be unchanged", loc);
    const Type *at = ir_type(b->f, a);
    IrValue str[TY_MAX_NDIM], s = bld_i64_const(b, ty_size(at->dtype), loc);
    for (int k = n - 1; k >= 0; k--) {
        str[k] = s;
        s = bld_i64_arith(b, IB_MUL, s, bld_i64_arith(b, IB_MAX, dims[k], one, loc), loc);
    }
    return make_view(b, a, zero, dims, str, n, at->dtype, 'C', loc);
}

/* a.real / a.imag of a complex array: views of one part of each element. */
static IrValue complex_part(Builder *b, IrValue a, bool imag, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a), *pt = ty_complex_part(at->dtype);
    IrValue ext[TY_MAX_NDIM], str[TY_MAX_NDIM];
    for (int k = 0; k < at->ndim; k++)
        ext[k] = bld_array_extent(b, a, k, loc), str[k] = bld_array_stride(b, a, k, loc);
    return make_view(b, a, bld_i64_const(b, imag ? ty_size(pt) : 0, loc), ext, str, at->ndim, pt, 'A', loc);
}

static IrValue new_zeros_like(Builder *b, IrValue a, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    IrValue ext[TY_MAX_NDIM];
    for (int k = 0; k < at->ndim; k++)
        ext[k] = bld_array_extent(b, a, k, loc);
    const Type *t = ty_array(&b->p->types, at->dtype, at->ndim, 'C');
    return bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_ZEROS, t, ext, at->ndim, loc), loc);
}

/* dst[...] = src, element by element (same shapes). */
void bld_copy_into(Builder *b, IrValue dst, IrValue src, SrcLoc loc)
{
    const Type *st = ir_type(b->f, src);
    IrValue idx[TY_MAX_NDIM], ld[TY_MAX_NDIM + 1] = {src}, sto[TY_MAX_NDIM + 2] = {dst};
    Nest nest;
    bld_nest_open(b, &nest, src, idx, loc);
    memcpy(ld + 1, idx, sizeof idx[0] * (size_t)st->ndim);
    memcpy(sto + 1, idx, sizeof idx[0] * (size_t)st->ndim);
    sto[1 + st->ndim] = ir_emit(b->f, IR_ELEM_LOAD, 0, st->dtype, ld, 1 + st->ndim, loc);
    ir_emit(b->f, IR_ELEM_STORE, 0, NULL, sto, 2 + st->ndim, loc);
    bld_nest_close(b, &nest, loc);
}

/* a.ravel() and a.flat: a C array's 1-d view; a copy of any other (NumPy copies those too). */
static IrValue ravel(Builder *b, IrValue a, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a);
    if (at->layout == 'C') {
        IrValue n = bld_element_count(b, a, loc);
        return reshape(b, a, &n, 1, loc);
    }
    const Type *t = ty_array(&b->p->types, at->dtype, at->ndim, 'C');
    IrValue ext[TY_MAX_NDIM];
    for (int k = 0; k < at->ndim; k++)
        ext[k] = bld_array_extent(b, a, k, loc);
    IrValue copy = bld_own_arrays(b, ir_emit(b->f, IR_ALLOC, ALLOC_EMPTY, t, ext, at->ndim, loc), loc);
    bld_copy_into(b, copy, a, loc);
    IrValue n = bld_element_count(b, copy, loc);
    return reshape(b, copy, &n, 1, loc);
}

bool bld_array_view_attr(Builder *b, IrValue a, const char *name, SrcLoc loc, Operand *out)
{
    const Type *at = ir_type(b->f, a), *i64 = ty_scalar(TY_INT64);
    IrValue v = IR_NOVALUE;
    if (strcmp(name, "T") == 0) {
        int perm[TY_MAX_NDIM];
        for (int k = 0; k < at->ndim; k++)
            perm[k] = at->ndim - 1 - k;
        v = bld_transpose(b, a, perm, loc);
    } else if (strcmp(name, "dtype") == 0) {
        *out = (Operand){.kind = OPK_TYPE, .tyref = at->dtype};
        return true;
    } else if (strcmp(name, "itemsize") == 0) {
        v = bld_i64_const(b, ty_size(at->dtype), loc);
    } else if (strcmp(name, "nbytes") == 0) {
        v = bld_i64_arith(b, IB_MUL, bld_element_count(b, a, loc), bld_i64_const(b, ty_size(at->dtype), loc), loc);
    } else if (strcmp(name, "strides") == 0) {
        IrValue s[TY_MAX_NDIM];
        const Type *types[TY_MAX_NDIM];
        for (int k = 0; k < at->ndim; k++)
            s[k] = bld_array_stride(b, a, k, loc), types[k] = i64;
        const Type *t = ty_tuple(&b->p->types, types, at->ndim);
        v = ir_emit(b->f, IR_TUPLE, 0, t, s, at->ndim, loc);
    } else if (strcmp(name, "real") == 0 || strcmp(name, "imag") == 0) {
        bool imag = name[0] == 'i';
        v = ty_is_complex(at->dtype) ? complex_part(b, a, imag, loc) : imag ? new_zeros_like(b, a, loc) : a;
    } else if (strcmp(name, "flat") == 0) {
        v = ravel(b, a, loc);
    } else {
        return false;
    }
    *out = bld_value_operand(v, ir_type(b->f, v));
    return true;
}

/* The integers of a method's arguments: each an integer, or one tuple of integers. */
static int int_args(Builder *b, const Expr *const *args, int n, IrValue *out, int64_t *consts, bool *all_const,
                    const char *what)
{
    int count = 0;
    *all_const = true;
    for (int i = 0; i < n; i++) {
        Operand o = bld_expr(b, args[i]);
        IrValue v = bld_value_of(b, o, args[i]->loc);
        const Type *t = ir_type(b->f, v);
        if (t->kind == TY_ERROR)
            return -1;
        if (t->kind == TY_TUPLE && n == 1) {
            for (int k = 0; k < t->n && count < TY_MAX_NDIM; k++) {
                if (!ty_is_int(t->elems[k]))
                    break;
                IrValue e = ir_emit(b->f, IR_TUPLE_GET, 0, t->elems[k], &v, 1, args[i]->loc);
                ir_last(b->f)->imm.index = k;
                out[count] = bld_cast_value(b, e, ty_scalar(TY_INT64), args[i]->loc);
                *all_const = *all_const && o.lit;
                consts[count] = o.lit ? bld_literal_tuple_values(o.lit)[k] : 0;
                count++;
            }
            if (count == t->n)
                continue;
        } else if (ty_is_int(t) && count < TY_MAX_NDIM) {
            out[count] = bld_cast_value(b, v, ty_scalar(TY_INT64), args[i]->loc);
            *all_const = *all_const && o.is_const;
            consts[count++] = o.ci;
            continue;
        }
        diag_error(&b->diag, args[i]->loc, "%s takes integers or a tuple of integers, not %s", what, bld_type_name(b, t));
        return -1;
    }
    return count;
}

static Operand view_operand(Builder *b, IrValue v) { return bld_value_operand(v, ir_type(b->f, v)); }

/* a.transpose(axes) for axes known only at run time, as Numba's permute_arrays: ValueError on a
 * repeated axis or one out of bounds (-ndim..ndim-1); each extent and stride is chosen from a's by
 * a chain of selects. The layout is A, as Numba's. */
static IrValue transpose_at_run_time(Builder *b, IrValue a, const IrValue *axes, SrcLoc loc)
{
    const Type *at = ir_type(b->f, a), *bt = ty_scalar(TY_BOOL);
    int n = at->ndim;
    IrValue zero = bld_i64_const(b, 0, loc), dim = bld_i64_const(b, n, loc), repeated = bld_cmp(b, OP_NE, zero, zero, loc);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            repeated = bld_bin(b, IB_OR, bt, repeated, bld_cmp(b, OP_EQ, axes[i], axes[j], loc), loc);
    bld_raise_if(b, repeated, EXC_VALUE, "repeated axis in transpose", loc);
    IrValue ext[TY_MAX_NDIM], str[TY_MAX_NDIM], from_ext[TY_MAX_NDIM], from_str[TY_MAX_NDIM];
    for (int k = 0; k < n; k++)
        from_ext[k] = bld_array_extent(b, a, k, loc), from_str[k] = bld_array_stride(b, a, k, loc);
    for (int k = 0; k < n; k++) {
        IrValue x = axes[k];
        IrValue out = bld_bin(b, IB_OR, bt, bld_cmp(b, OP_GE, x, dim, loc),
                              bld_cmp(b, OP_LT, x, bld_i64_const(b, -n, loc), loc), loc);
        bld_raise_if(b, out, EXC_VALUE, "axis is out of bounds for array of given dimension", loc);
        x = bld_select(b, bld_cmp(b, OP_LT, x, zero, loc), bld_i64_arith(b, IB_ADD, x, dim, loc), x, loc);
        ext[k] = from_ext[n - 1], str[k] = from_str[n - 1];
        for (int j = n - 2; j >= 0; j--) {
            IrValue is_j = bld_cmp(b, OP_EQ, x, bld_i64_const(b, j, loc), loc);
            ext[k] = bld_select(b, is_j, from_ext[j], ext[k], loc);
            str[k] = bld_select(b, is_j, from_str[j], str[k], loc);
        }
    }
    return make_view(b, a, zero, ext, str, n, at->dtype, 'A', loc);
}

static Operand transpose_call(Builder *b, const Expr *call, IrValue a, const Expr *const *args, int nargs)
{
    const Type *at = ir_type(b->f, a);
    IrValue axes[TY_MAX_NDIM];
    int64_t consts[TY_MAX_NDIM];
    bool all_const;
    int perm[TY_MAX_NDIM], n = nargs ? int_args(b, args, nargs, axes, consts, &all_const, "transpose()") : 0;
    if (n < 0)
        return bld_error_operand(b);
    if (nargs && n != at->ndim) {
        diag_error(&b->diag, call->loc, "transpose() takes no axes or a permutation of the %d axes", at->ndim);
        return bld_error_operand(b);
    }
    if (nargs && !all_const)
        return view_operand(b, transpose_at_run_time(b, a, axes, call->loc));
    bool seen[TY_MAX_NDIM] = {false};
    for (int k = 0; k < at->ndim; k++) {
        int64_t p = nargs ? consts[k] : at->ndim - 1 - k;
        p = p < 0 ? p + at->ndim : p;
        if (p < 0 || p >= at->ndim || seen[p]) {
            diag_error(&b->diag, call->loc, "transpose(): the axes must be a permutation of 0..%d", at->ndim - 1);
            return bld_error_operand(b);
        }
        seen[p] = true;
        perm[k] = (int)p;
    }
    return view_operand(b, bld_transpose(b, a, perm, call->loc));
}

static Operand reshape_call(Builder *b, const Expr *call, IrValue a, const Expr *const *args, int nargs)
{
    const Type *at = ir_type(b->f, a);
    IrValue dims[TY_MAX_NDIM];
    int64_t consts[TY_MAX_NDIM];
    bool all_const;
    if (at->layout != 'C') { /* Numba takes F too; jitc only C */
        diag_error(&b->diag, call->loc, "reshape() supports contiguous array only (of %s: copy it first, "
                   "a.copy().reshape(...))", bld_type_name(b, at));
        return bld_error_operand(b);
    }
    int n = int_args(b, args, nargs, dims, consts, &all_const, "reshape()");
    if (n < 0)
        return bld_error_operand(b);
    if (n == 0) {
        diag_error(&b->diag, call->loc, "reshape() needs a shape");
        return bld_error_operand(b);
    }
    return view_operand(b, reshape(b, a, dims, n, call->loc));
}

static Operand view_dtype_call(Builder *b, const Expr *call, IrValue a, const Expr *const *args, int nargs)
{
    const Type *at = ir_type(b->f, a);
    if (nargs != 1) {
        diag_error(&b->diag, call->loc, "view() takes one dtype");
        return bld_error_operand(b);
    }
    const Type *dt = bld_dtype_of(b, bld_expr(b, args[0]), args[0]->loc);
    if (!dt)
        return bld_error_operand(b);
    if (ty_size(dt) != ty_size(at->dtype)) {
        diag_error(&b->diag, call->loc, "view() takes one dtype of the array's item size (%d bytes)", ty_size(at->dtype));
        return bld_error_operand(b);
    }
    IrValue ext[TY_MAX_NDIM], str[TY_MAX_NDIM];
    for (int k = 0; k < at->ndim; k++)
        ext[k] = bld_array_extent(b, a, k, call->loc), str[k] = bld_array_stride(b, a, k, call->loc);
    return view_operand(b, make_view(b, a, bld_i64_const(b, 0, call->loc), ext, str, at->ndim, dt, at->layout, call->loc));
}

static Operand item_call(Builder *b, const Expr *call, IrValue a)
{
    const Type *at = ir_type(b->f, a);
    bld_raise_if(b, bld_cmp(b, OP_NE, bld_element_count(b, a, call->loc), bld_i64_const(b, 1, call->loc), call->loc), EXC_VALUE,
                 "item(): can only convert an array of size 1 to a Python scalar", call->loc);
    IrValue args[TY_MAX_NDIM + 1] = {a};
    for (int k = 0; k < at->ndim; k++)
        args[1 + k] = bld_i64_const(b, 0, call->loc);
    return bld_value_operand(ir_emit(b->f, IR_ELEM_LOAD, 0, at->dtype, args, 1 + at->ndim, call->loc), at->dtype);
}

Operand bld_view_call(Builder *b, const Expr *call, ViewMethod which, IrValue a, const Expr *const *args, int nargs)
{
    const char *const NAMES[] = {"reshape", "ravel", "transpose", "view", "item", "fill"};
    if (call->call.nkws) {
        diag_error(&b->diag, call->call.kws[0].loc, "%s() takes no keyword arguments in jitc", NAMES[which]);
        return bld_error_operand(b);
    }
    int most = which == VM_RAVEL || which == VM_ITEM ? 0 : which == VM_VIEW || which == VM_FILL ? 1 : TY_MAX_NDIM;
    if (nargs > most) {
        diag_error(&b->diag, call->loc, "%s() takes %s", NAMES[which], most ? "one argument" : "no arguments");
        return bld_error_operand(b);
    }
    switch (which) {
    case VM_RESHAPE: return reshape_call(b, call, a, args, nargs);
    case VM_RAVEL: return view_operand(b, ravel(b, a, call->loc));
    case VM_TRANSPOSE: return transpose_call(b, call, a, args, nargs);
    case VM_VIEW: return view_dtype_call(b, call, a, args, nargs);
    case VM_ITEM: return item_call(b, call, a);
    case VM_FILL:
        if (nargs != 1) {
            diag_error(&b->diag, call->loc, "fill() takes one argument");
            return bld_error_operand(b);
        }
        if (bld_writable(b, a, call->loc))
            bld_array_assign(b, a, bld_expr(b, args[0]), call, call->loc);
        return (Operand){.kind = OPK_NONE};
    }
    return bld_error_operand(b);
}
