/* build_dict.c — dicts and sets, host only: Numba's typed dict (`{}`, `{k: v}`, dict(),
 * numba.typed.Dict) and its sets (`{a, b}`, set(), set(iterable)), one hash-table mechanism.
 *
 * A dict is a value of type TY_DICT (key and value types fixed), a set one of TY_SET. `{}`,
 * dict(), Dict() and set() start with no types and take the ones their first store or add gives
 * them: the variable is rebound to the table retyped (HSH_RETYPE, a no-op at run time), and where
 * paths meet ty_unify gives the table the types the other path found, as lists do (build_list.c).
 *
 * Keys are hashed with Python's hash() as Numba computes it (HSH_HASH, runtime/hash.c: a set
 * iterates in Numba's order), and the primitive operations are IR_HASH instructions (ir.h;
 * codegen/hash.c over runtime/hash.c): d[k], d[k] = v, del d[k], `in`, len, for loops over a
 * table, d.keys(), d.values(), d.items() (build_iter.c reads them through bld_hash_iter_*), pop,
 * popitem, clear, copy, add, discard, remove. The rest (get, setdefault, update, the set algebra
 * and comparisons) is krn in cpython/dicts.krn. KeyError as Numba raises it. */
#include "builder/build.h"

#include <string.h>

/* ---- types ---- */

static const Type *key_of(const Type *t) { return t->kind == TY_SET ? t->dtype : t->keytype; }
static bool is_typed(const Type *t) { return key_of(t) != NULL; }
static const char *kind_name(const Type *t) { return t->kind == TY_SET ? "set" : "dict"; }

static bool on_host(Builder *b, SrcLoc loc)
{
    if (!b->spec->device)
        return true;
    diag_error(&b->diag, loc, "dicts and sets are not supported in GPU code");
    return false;
}

/* A key: a number, a string, or a tuple of numbers (equal keys must have equal bytes). */
static bool key_type_ok(const Type *t)
{
    if (t->kind == TY_STR || (ty_is_scalar(t) && t->kind != TY_FLOAT16))
        return true;
    if (t->kind != TY_TUPLE || t->tag)
        return false;
    for (int i = 0; i < t->n; i++)
        if (!ty_is_scalar(t->elems[i]) || t->elems[i]->kind == TY_FLOAT16)
            return false;
    return true;
}

static bool check_key(Builder *b, const Type *t, SrcLoc loc)
{
    bool ok = key_type_ok(t);
    if (!ok && t->kind != TY_ERROR)
        diag_error(&b->diag, loc, "a dict key or set item of type %s is not supported by jitc (numbers, strings and "
                                  "tuples of numbers are)", bld_type_name(b, t));
    return ok;
}

/* A value: what a list item may be (a number, a string, a tuple of numbers, an array, a list), or
 * a tuple of numbers and arrays (vectorbt's caches hold (array, array)), whose arrays' references
 * the table finds in the first 62 words of a value (runtime/list.h, JITC_LIST_ITEM_MAX_WORDS). */
static bool check_value(Builder *b, const Type *t, SrcLoc loc)
{
    bool ok = ty_is_scalar(t) || t->kind == TY_STR || t->kind == TY_ARRAY || t->kind == TY_LIST;
    if (t->kind == TY_TUPLE && !t->tag) {
        int bytes = 0; /* at most: an array is 16 + 16 * ndim bytes, a number 16 */
        ok = true;
        for (int i = 0; i < t->n; i++) {
            ok = ok && (ty_is_scalar(t->elems[i]) || t->elems[i]->kind == TY_ARRAY);
            bytes += t->elems[i]->kind == TY_ARRAY ? 16 + 16 * t->elems[i]->ndim : 16;
        }
        ok = ok && bytes <= 8 * 62;
    }
    if (!ok && t->kind != TY_ERROR)
        diag_error(&b->diag, loc, "a dict value of type %s is not supported by jitc", bld_type_name(b, t));
    return ok;
}

/* The type a value takes in a table: a literal is a value of its type. */
static const Type *stored_type(Builder *b, IrValue v)
{
    const Type *t = ir_type(b->f, v);
    return t->kind == TY_COMPTIME && t->dtype ? t->dtype : t;
}

/* ---- primitives ---- */

static IrValue emit(Builder *b, IrHash op, const Type *t, const IrValue *args, int n, SrcLoc loc)
{
    return ir_emit(b->f, IR_HASH, op, t, args, n, loc);
}

static IrValue new_table(Builder *b, const Type *t, IrValue nitems, SrcLoc loc)
{
    IrValue h = emit(b, HSH_NEW, t, &nitems, nitems == IR_NOVALUE ? 0 : 1, loc);
    return bld_own_arrays(b, h, loc);
}

static IrValue table_len(Builder *b, IrValue h, SrcLoc loc) { return emit(b, HSH_LEN, ty_scalar(TY_INT64), &h, 1, loc); }

static Operand lib(Builder *b, const char *name, IrValue *args, int n, SrcLoc loc)
{
    Operand r = bld_library_call(b, "dicts", name, args, n, loc);
    if (r.kind == OPK_VALUE && ty_holds_arrays(r.type))
        bld_own_arrays(b, r.v, loc);
    return r;
}

static IrValue lib_value(Builder *b, const char *name, IrValue *args, int n, SrcLoc loc)
{
    Operand r = bld_library_call(b, "dicts", name, args, n, loc);
    return r.kind == OPK_VALUE ? r.v : bld_error_operand(b).v;
}

/* Python's hash() of v (a key), int64, as Numba computes it (runtime/hash.c). */
static IrValue hash_of(Builder *b, IrValue v, SrcLoc loc)
{
    return emit(b, HSH_HASH, ty_scalar(TY_INT64), &v, 1, loc);
}

/* A set's float key with -0.0 made 0.0: keys compare by their bytes, and a set holds the two
 * zeros as one element, as Python's and Numba's sets do (Numba's dicts keep them apart, and so
 * do jitc's). */
static IrValue set_key(Builder *b, IrValue h, IrValue k, SrcLoc loc)
{
    const Type *t = ir_type(b->f, k);
    if (ir_type(b->f, h)->kind != TY_SET || !ty_is_float(t))
        return k;
    IrValue args[2] = {k, ir_const_zero(b->f, t, loc)};
    return ir_emit(b->f, IR_BIN, IB_ADD, t, args, 2, loc);
}

/* k converted to the table's key type, as Numba casts a key. */
static IrValue as_key(Builder *b, IrValue h, IrValue k, SrcLoc loc)
{
    const Type *key = key_of(ir_type(b->f, h)), *t = stored_type(b, k);
    if (t == key || t->kind == TY_ERROR)
        return t == key ? set_key(b, h, bld_cast_value(b, k, key, loc), loc) : k;
    if ((ty_is_scalar(t) && ty_is_scalar(key)) || (t->kind == TY_TUPLE && key->kind == TY_TUPLE && t->n == key->n))
        return set_key(b, h, bld_cast_value(b, k, key, loc), loc);
    diag_error(&b->diag, loc, "cannot use %s as a key of %s", bld_type_name(b, t), bld_type_name(b, ir_type(b->f, h)));
    return bld_error_operand(b).v;
}

static IrValue as_value(Builder *b, IrValue h, IrValue v, SrcLoc loc)
{
    const Type *vt = ir_type(b->f, h)->dtype, *t = stored_type(b, v);
    if (t == vt || t->kind == TY_ERROR)
        return t == vt ? bld_cast_value(b, v, vt, loc) : v;
    if ((ty_is_scalar(t) && ty_is_scalar(vt)) || (t->kind == TY_TUPLE && vt->kind == TY_TUPLE && t->n == vt->n) ||
        (t->kind == vt->kind && ty_unify(&b->p->types, t, vt) == vt))
        return bld_cast_value(b, v, vt, loc);
    diag_error(&b->diag, loc, "cannot store %s in a %s", bld_type_name(b, t), bld_type_name(b, ir_type(b->f, h)));
    return bld_error_operand(b).v;
}

/* The position of key k in h (-1: absent). */
static IrValue find(Builder *b, IrValue h, IrValue k, SrcLoc loc)
{
    k = as_key(b, h, k, loc);
    if (bld_is_error(b, k))
        return k;
    IrValue args[3] = {h, k, hash_of(b, k, loc)};
    return emit(b, HSH_FIND, ty_scalar(TY_INT64), args, 3, loc);
}

/* The position of key k, KeyError where it is absent (Numba's KeyError carries no message). */
static IrValue find_present(Builder *b, IrValue h, IrValue k, SrcLoc loc)
{
    IrValue pos = find(b, h, k, loc);
    if (!bld_is_error(b, pos))
        bld_raise_if(b, bld_cmp(b, OP_LT, pos, bld_i64_const(b, 0, loc), loc), EXC_KEY, "", loc);
    return pos;
}

static IrValue entry_part(Builder *b, IrHash op, IrValue h, IrValue pos, SrcLoc loc)
{
    const Type *t = ir_type(b->f, h);
    IrValue args[2] = {h, pos};
    return emit(b, op, op == HSH_KEY ? key_of(t) : t->dtype, args, 2, loc);
}

/* Stores k (and v, a dict's) in h. */
static void put(Builder *b, IrValue h, IrValue k, IrValue v, SrcLoc loc)
{
    k = as_key(b, h, k, loc);
    if (v != IR_NOVALUE)
        v = as_value(b, h, v, loc);
    if (bld_is_error(b, k) || (v != IR_NOVALUE && bld_is_error(b, v)))
        return;
    IrValue args[4] = {h, k, hash_of(b, k, loc), v};
    emit(b, HSH_PUT, NULL, args, v == IR_NOVALUE ? 3 : 4, loc);
}

/* Removes the entry at pos; what it holds (the value's references, the key's) is dropped, or
 * (drop_* false) passes to whoever took it. */
static void remove_at(Builder *b, IrValue h, IrValue pos, bool drop_value, bool drop_key, SrcLoc loc)
{
    IrValue args[3] = {h, pos, bld_i64_const(b, (drop_value ? 1 : 0) | (drop_key ? 2 : 0), loc)};
    emit(b, HSH_REMOVE, NULL, args, 3, loc);
}

/* A part read out of an entry being removed: its references pass to a hidden local. */
static IrValue taken(Builder *b, IrValue v, SrcLoc loc)
{
    return ty_holds_arrays(ir_type(b->f, v)) ? bld_own_arrays(b, v, loc) : v;
}

/* The value at pos, taken out of the table; the key is dropped unless keep_key. */
static IrValue take_value(Builder *b, IrValue h, IrValue pos, bool keep_key, SrcLoc loc)
{
    IrValue v = entry_part(b, HSH_VALUE, h, pos, loc);
    remove_at(b, h, pos, false, !keep_key, loc);
    return taken(b, v, loc);
}

/* A table without types that gets a key of type k (and a value of type v): the same table typed,
 * rebound to variable `var` (NULL: none) so that later reads see its types. */
static IrValue give_types(Builder *b, IrValue h, const Type *k, const Type *v, const char *var, SrcLoc loc)
{
    const Type *t = ir_type(b->f, h);
    if (is_typed(t) || k->kind == TY_ERROR || (v && v->kind == TY_ERROR) || !check_key(b, k, loc) ||
        (v && !check_value(b, v, loc)))
        return h;
    const Type *u = t->kind == TY_SET ? ty_set(&b->p->types, k) : ty_dict(&b->p->types, k, v);
    IrValue typed = emit(b, HSH_RETYPE, u, &h, 1, loc);
    if (var)
        bld_assign_var(b, var, bld_value_operand(typed, u), loc);
    return typed;
}

static Operand unknown_types(Builder *b, const Type *t, SrcLoc loc)
{
    if (bld_checking_unknown_params(b))
        return bld_error_operand(b);
    if (t->kind == TY_SET)
        diag_error(&b->diag, loc, "cannot infer the item type of this empty set: add to it first");
    else
        diag_error(&b->diag, loc, "cannot infer the key and value types of this empty dict: store to it first");
    return bld_error_operand(b);
}

static Operand none(void) { return (Operand){.kind = OPK_NONE}; }

/* ---- displays and constructors ---- */

Operand bld_dict_new(Builder *b, SrcLoc loc)
{
    const Type *t = ty_dict(&b->p->types, NULL, NULL);
    return on_host(b, loc) ? bld_value_operand(new_table(b, t, IR_NOVALUE, loc), t) : bld_error_operand(b);
}

Operand bld_dict_display(Builder *b, const Expr *e)
{
    if (!on_host(b, e->loc))
        return bld_error_operand(b);
    const Type *t = ty_dict(&b->p->types, NULL, NULL);
    IrValue h = new_table(b, t, IR_NOVALUE, e->loc);
    for (int i = 0; i < e->seq.n; i++) {
        const Expr *pair = e->seq.items[i];
        IrValue k = bld_value_of(b, bld_expr(b, pair->seq.items[0]), pair->seq.items[0]->loc);
        IrValue v = bld_value_of(b, bld_expr(b, pair->seq.items[1]), pair->seq.items[1]->loc);
        if (bld_is_error(b, k) || bld_is_error(b, v))
            return bld_error_operand(b);
        h = give_types(b, h, stored_type(b, k), stored_type(b, v), NULL, pair->loc);
        if (!is_typed(ir_type(b->f, h)))
            return bld_error_operand(b);
        put(b, h, k, v, pair->loc);
    }
    return bld_value_operand(h, ir_type(b->f, h));
}

Operand bld_set_display(Builder *b, const Expr *e)
{
    if (!on_host(b, e->loc))
        return bld_error_operand(b);
    IrValue h = new_table(b, ty_set(&b->p->types, NULL), bld_i64_const(b, e->seq.n, e->loc), e->loc);
    for (int i = 0; i < e->seq.n; i++) {
        IrValue k = bld_value_of(b, bld_expr(b, e->seq.items[i]), e->seq.items[i]->loc);
        if (bld_is_error(b, k))
            return bld_error_operand(b);
        h = give_types(b, h, stored_type(b, k), NULL, NULL, e->seq.items[i]->loc);
        if (!is_typed(ir_type(b->f, h)))
            return bld_error_operand(b);
        put(b, h, k, IR_NOVALUE, e->seq.items[i]->loc);
    }
    return bld_value_operand(h, ir_type(b->f, h));
}

static bool is_name(const Expr *e, const char *name) { return e->kind == EX_NAME && strcmp(e->name, name) == 0; }

/* numba.typed.Dict as `Dict` (imported from numba.typed), `typed.Dict` or `numba.typed.Dict`. */
static bool is_typed_dict(Builder *b, const Expr *f)
{
    if (f->kind == EX_ATTR && strcmp(f->attr.name, "Dict") == 0)
        return f->attr.value->kind == EX_NAME ? strcmp(f->attr.value->name, "typed") == 0 && !bld_find_var(b, "typed")
                                              : f->attr.value->kind == EX_ATTR && strcmp(f->attr.value->attr.name, "typed") == 0;
    if (!is_name(f, "Dict") || bld_find_var(b, "Dict"))
        return false;
    const Global *g = prog_global(b->p, "Dict");
    return g && g->kind == G_UNSUPPORTED && g->origin && strstr(g->origin, "numba.typed");
}

/* Dict.empty(key_type, value_type), by position or keyword. */
static Operand empty_dict(Builder *b, const Expr *call)
{
    const Expr *ke = ast_call_arg(call, 0, "key_type"), *ve = ast_call_arg(call, 1, "value_type");
    if (!ke || !ve || call->call.nargs + call->call.nkws != 2) {
        diag_error(&b->diag, call->loc, "Dict.empty() takes key_type and value_type");
        return bld_error_operand(b);
    }
    const Type *k = prog_type_expr(b->p, ke), *v = prog_type_expr(b->p, ve);
    if (!k || !v) {
        diag_error(&b->diag, !k ? ke->loc : ve->loc, "Dict.empty(): not a type jitc knows");
        return bld_error_operand(b);
    }
    if (!check_key(b, k, ke->loc) || !check_value(b, v, ve->loc))
        return bld_error_operand(b);
    const Type *t = ty_dict(&b->p->types, k, v);
    return bld_value_operand(new_table(b, t, IR_NOVALUE, call->loc), t);
}

static IrValue arg_value(Builder *b, const Expr *call, int i)
{
    return bld_value_of(b, bld_expr(b, call->call.args[i]), call->call.args[i]->loc);
}

/* set(), set(iterable), dict(), dict(d) */
static Operand constructor(Builder *b, const Expr *call, bool set)
{
    if (!on_host(b, call->loc) || !bld_nargs_ok(b, call, set ? "set" : "dict", 0, 1))
        return bld_error_operand(b);
    if (call->call.nargs == 0) {
        const Type *t = set ? ty_set(&b->p->types, NULL) : ty_dict(&b->p->types, NULL, NULL);
        return bld_value_operand(new_table(b, t, IR_NOVALUE, call->loc), t);
    }
    IrValue it = arg_value(b, call, 0);
    const Type *t = ir_type(b->f, it);
    if (bld_is_error(b, it))
        return bld_error_operand(b);
    if (!set && t->kind != TY_DICT) {
        diag_error(&b->diag, call->loc, "dict() of %s is not supported by jitc (dict() and dict(a_dict) are)",
                   bld_type_name(b, t));
        return bld_error_operand(b);
    }
    if (!set || t->kind == TY_SET) { /* a copy */
        IrValue c = emit(b, HSH_COPY, t, &it, 1, call->loc);
        return bld_value_operand(bld_own_arrays(b, c, call->loc), t);
    }
    return lib(b, t->kind == TY_ARRAY || t->kind == TY_LIST ? "set_from_sized" : "set_from", &it, 1, call->loc);
}

/* ---- methods ---- */

static Operand pop_item(Builder *b, IrValue h, SrcLoc loc)
{
    const Type *t = ir_type(b->f, h);
    bld_raise_if(b, bld_cmp(b, OP_EQ, table_len(b, h, loc), bld_i64_const(b, 0, loc), loc), EXC_KEY,
                 t->kind == TY_SET ? "pop from an empty set" : "dictionary is empty", loc);
    IrValue pos = emit(b, HSH_POP_POS, ty_scalar(TY_INT64), &h, 1, loc);
    IrValue k = entry_part(b, HSH_KEY, h, pos, loc);
    if (t->kind == TY_SET) {
        remove_at(b, h, pos, true, false, loc);
        return bld_value_operand(taken(b, k, loc), key_of(t));
    }
    IrValue parts[2] = {taken(b, k, loc), take_value(b, h, pos, true, loc)};
    const Type *types[2] = {key_of(t), t->dtype};
    const Type *tt = ty_tuple(&b->p->types, types, 2);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, tt, parts, 2, loc), tt);
}

/* Methods krn implements: the name, the library function, the arguments taken. */
static const struct { const char *name, *fn; int min, max; bool set; } LIB_METHODS[] = {
    {"get", "dict_get", 1, 1, false}, {"get", "dict_get_default", 2, 2, false},
    {"setdefault", "dict_setdefault_none", 1, 1, false}, {"setdefault", "dict_setdefault", 2, 2, false},
    {"pop", "dict_pop_default", 2, 2, false}, {"update", "dict_update", 1, 1, false},
    {"update", "set_update", 1, 1, true}, {"union", "set_union", 1, 1, true},
    {"intersection", "set_intersection", 1, 1, true}, {"difference", "set_difference", 1, 1, true},
    {"symmetric_difference", "set_symmetric_difference", 1, 1, true},
    {"intersection_update", "set_intersection_update", 1, 1, true},
    {"difference_update", "set_difference_update", 1, 1, true},
    {"symmetric_difference_update", "set_symmetric_difference_update", 1, 1, true},
    {"issubset", "set_issubset", 1, 1, true}, {"issuperset", "set_issuperset", 1, 1, true},
    {"isdisjoint", "set_isdisjoint", 1, 1, true},
};

static Operand lib_method(Builder *b, const Expr *call, IrValue h, const char *name, bool *found)
{
    const Type *t = ir_type(b->f, h);
    *found = false;
    for (size_t k = 0; k < sizeof LIB_METHODS / sizeof LIB_METHODS[0]; k++) {
        if (strcmp(name, LIB_METHODS[k].name) != 0 || LIB_METHODS[k].set != (t->kind == TY_SET))
            continue;
        *found = true;
        if (call->call.nargs < LIB_METHODS[k].min || call->call.nargs > LIB_METHODS[k].max || call->call.nkws)
            continue;
        IrValue args[3] = {h};
        for (int i = 0; i < call->call.nargs; i++)
            if (bld_is_error(b, args[i + 1] = arg_value(b, call, i)))
                return bld_error_operand(b);
        if (!is_typed(t) && strcmp(LIB_METHODS[k].fn, "set_update") != 0)
            return unknown_types(b, t, call->loc);
        return lib(b, LIB_METHODS[k].fn, args, 1 + call->call.nargs, call->loc);
    }
    if (*found)
        diag_error(&b->diag, call->loc, "%s.%s() got the wrong number of arguments", kind_name(t), name);
    return bld_error_operand(b);
}

/* h.NAME(...) where h is a dict or set (in variable `var`, or NULL). */
static Operand method(Builder *b, const Expr *call, IrValue h, const char *var)
{
    const char *name = call->call.func->attr.name;
    const Type *t = ir_type(b->f, h);
    SrcLoc loc = call->loc;
    bool set = t->kind == TY_SET;
    if (set && (strcmp(name, "add") == 0 || strcmp(name, "discard") == 0 || strcmp(name, "remove") == 0)) {
        if (!bld_nargs_ok(b, call, name, 1, 1))
            return bld_error_operand(b);
        IrValue k = arg_value(b, call, 0);
        if (bld_is_error(b, k))
            return bld_error_operand(b);
        if (name[0] == 'a') {
            h = give_types(b, h, stored_type(b, k), NULL, var, loc);
            if (is_typed(ir_type(b->f, h)))
                put(b, h, k, IR_NOVALUE, loc);
            return none();
        }
        if (!is_typed(t))
            return unknown_types(b, t, loc);
        IrValue pos = name[0] == 'r' ? find_present(b, h, k, loc) : find(b, h, k, loc);
        if (!bld_is_error(b, pos))
            remove_at(b, h, pos, true, true, loc);
        return none();
    }
    if (strcmp(name, "clear") == 0 || strcmp(name, "copy") == 0) {
        if (!bld_nargs_ok(b, call, name, 0, 0))
            return bld_error_operand(b);
        if (name[1] == 'l') {
            emit(b, HSH_CLEAR, NULL, &h, 1, loc);
            return none();
        }
        IrValue c = emit(b, HSH_COPY, t, &h, 1, loc);
        return bld_value_operand(bld_own_arrays(b, c, loc), t);
    }
    if ((set && strcmp(name, "pop") == 0) || (!set && strcmp(name, "popitem") == 0)) {
        if (!bld_nargs_ok(b, call, name, 0, 0))
            return bld_error_operand(b);
        return is_typed(t) ? pop_item(b, h, loc) : unknown_types(b, t, loc);
    }
    if (!set && strcmp(name, "pop") == 0 && call->call.nargs == 1 && !call->call.nkws) {
        IrValue k = arg_value(b, call, 0);
        if (bld_is_error(b, k) || !is_typed(t))
            return bld_is_error(b, k) ? bld_error_operand(b) : unknown_types(b, t, loc);
        IrValue pos = find_present(b, h, k, loc);
        return bld_is_error(b, pos) ? bld_error_operand(b) : bld_value_operand(take_value(b, h, pos, false, loc), t->dtype);
    }
    if (!set && strcmp(name, "keys") == 0 && bld_nargs_ok(b, call, name, 0, 0))
        return bld_value_operand(h, t); /* a view that `in` and len() read as the dict */
    if (!set && (strcmp(name, "values") == 0 || strcmp(name, "items") == 0)) {
        diag_error(&b->diag, loc, "dict.%s() is supported as the iterable of a for loop, a comprehension, list() "
                                  "and sorted()", name);
        return bld_error_operand(b);
    }
    bool found;
    Operand r = lib_method(b, call, h, name, &found);
    if (!found)
        diag_error(&b->diag, call->call.func->loc, "%s has no attribute '%s'", bld_type_name(b, t), name);
    return r;
}

/* A method name only dicts and sets have (not add: cuda.atomic.add). */
static bool hash_only_method(const char *name)
{
    static const char *const NAMES[] = {"discard", "keys", "values", "items", "setdefault", "popitem",
                                        "union", "intersection", "difference", "symmetric_difference", "issubset",
                                        "issuperset", "isdisjoint", "intersection_update", "difference_update",
                                        "symmetric_difference_update"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++)
        if (strcmp(name, NAMES[i]) == 0)
            return true;
    return false;
}

/* The dict or set variable `name` holds here, or NULL. */
static const Type *var_hash_type(Builder *b, const char *name)
{
    const Type *t = bld_var_type(b, name);
    return ty_is_hash(t) ? t : NULL;
}

bool bld_dict_call(Builder *b, const Expr *call, Operand *out)
{
    const Expr *f = call->call.func;
    if (f->kind == EX_ATTR && f->attr.value->kind == EX_NAME && var_hash_type(b, f->attr.value->name)) {
        Operand h = bld_read_var(b, bld_find_var(b, f->attr.value->name), f->attr.value->loc);
        *out = method(b, call, h.v, f->attr.value->name);
        return true;
    }
    if (f->kind == EX_ATTR && f->attr.value->kind != EX_NAME && hash_only_method(f->attr.name)) {
        Operand base = bld_expr(b, f->attr.value);
        IrValue h = base.kind == OPK_ERROR ? IR_NOVALUE : bld_value_of(b, base, f->attr.value->loc);
        if (h == IR_NOVALUE || bld_is_error(b, h)) {
            *out = bld_error_operand(b);
        } else if (!ty_is_hash(ir_type(b->f, h))) {
            diag_error(&b->diag, f->loc, "%s has no attribute '%s'", bld_type_name(b, ir_type(b->f, h)), f->attr.name);
            *out = bld_error_operand(b);
        } else {
            *out = method(b, call, h, NULL);
        }
        return true;
    }
    if (f->kind == EX_ATTR && strcmp(f->attr.name, "empty") == 0 && is_typed_dict(b, f->attr.value)) {
        *out = on_host(b, call->loc) ? empty_dict(b, call) : bld_error_operand(b);
        return true;
    }
    if (is_typed_dict(b, f) || bld_builtin_name(b, f, "dict") || bld_builtin_name(b, f, "set")) {
        *out = constructor(b, call, is_name(f, "set"));
        return true;
    }
    if (bld_builtin_name(b, f, "hash")) {
        if (!bld_nargs_ok(b, call, "hash", 1, 1)) {
            *out = bld_error_operand(b);
            return true;
        }
        IrValue v = arg_value(b, call, 0);
        const Type *t = stored_type(b, v);
        if (bld_is_error(b, v) || !check_key(b, t, call->call.args[0]->loc))
            *out = bld_error_operand(b);
        else if (t->kind == TY_STR) {
            diag_error(&b->diag, call->loc, "hash() of a string is not supported by jitc (Python salts it per process)");
            *out = bld_error_operand(b);
        } else
            *out = bld_value_operand(hash_of(b, bld_cast_value(b, v, t, call->loc), call->loc), ty_scalar(TY_INT64));
        return true;
    }
    return false;
}

/* len(h), min(h), max(h) of a dict (its keys) or a set; name is the builtin's */
bool bld_dict_builtin(Builder *b, const char *name, const Operand *ops, int n, SrcLoc loc, Operand *out)
{
    if (n != 1 || ops[0].kind != OPK_VALUE || !ty_is_hash(ops[0].type))
        return false;
    IrValue h = ops[0].v;
    if (strcmp(name, "len") == 0)
        *out = bld_value_operand(table_len(b, h, loc), ty_scalar(TY_INT64));
    else
        *out = lib(b, strcmp(name, "min") == 0 ? "table_min" : "table_max", &h, 1, loc);
    return true;
}

IrValue bld_dict_truth(Builder *b, IrValue h, SrcLoc loc)
{
    return bld_cmp(b, OP_NE, table_len(b, h, loc), bld_i64_const(b, 0, loc), loc);
}

/* ---- subscripts, del, operators ---- */

Operand bld_dict_subscript(Builder *b, const Expr *e, IrValue h)
{
    const Type *t = ir_type(b->f, h);
    if (t->kind == TY_SET) {
        diag_error(&b->diag, e->loc, "'set' object is not subscriptable");
        return bld_error_operand(b);
    }
    if (!is_typed(t))
        return unknown_types(b, t, e->loc);
    IrValue k = bld_value_of(b, bld_expr(b, e->subscript.index), e->subscript.index->loc);
    if (bld_is_error(b, k))
        return bld_error_operand(b);
    IrValue pos = find_present(b, h, k, e->loc);
    if (bld_is_error(b, pos))
        return bld_error_operand(b);
    return bld_value_operand(entry_part(b, HSH_VALUE, h, pos, e->loc), t->dtype);
}

void bld_dict_store(Builder *b, const Expr *target, IrValue h, Operand val, SrcLoc loc)
{
    if (ir_type(b->f, h)->kind == TY_SET) {
        diag_error(&b->diag, target->loc, "'set' object does not support item assignment");
        return;
    }
    IrValue k = bld_value_of(b, bld_expr(b, target->subscript.index), target->subscript.index->loc);
    IrValue v = val.kind == OPK_ERROR ? bld_error_operand(b).v : bld_value_of(b, val, loc);
    if (bld_is_error(b, k) || bld_is_error(b, v))
        return;
    const Expr *base = target->subscript.value;
    h = give_types(b, h, stored_type(b, k), stored_type(b, v), base->kind == EX_NAME ? base->name : NULL, loc);
    if (is_typed(ir_type(b->f, h)))
        put(b, h, k, v, loc);
}

bool bld_dict_del(Builder *b, const Expr *target)
{
    if (target->kind != EX_SUBSCRIPT || target->subscript.value->kind != EX_NAME ||
        !var_hash_type(b, target->subscript.value->name))
        return false;
    IrValue h = bld_value_of(b, bld_expr(b, target->subscript.value), target->loc);
    const Type *t = ir_type(b->f, h);
    if (t->kind == TY_SET) {
        diag_error(&b->diag, target->loc, "'set' object doesn't support item deletion");
        return true;
    }
    if (!is_typed(t)) {
        unknown_types(b, t, target->loc);
        return true;
    }
    IrValue k = bld_value_of(b, bld_expr(b, target->subscript.index), target->subscript.index->loc);
    if (bld_is_error(b, k))
        return true;
    IrValue pos = find_present(b, h, k, target->loc);
    if (!bld_is_error(b, pos))
        remove_at(b, h, pos, true, true, target->loc);
    return true;
}

static bool poisoned(Operand o) { return o.kind == OPK_ERROR || (o.kind == OPK_VALUE && o.type->kind == TY_ERROR); }

/* k in h, k not in h; a == b, a != b of two dicts or two sets; a < b, ... of two sets */
bool bld_dict_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out)
{
    bool lh = l.kind == OPK_VALUE && ty_is_hash(l.type), rh = r.kind == OPK_VALUE && ty_is_hash(r.type);
    if ((op == OP_IN || op == OP_NOTIN) && rh) {
        if (poisoned(l)) {
            *out = bld_error_operand(b).v;
            return true;
        }
        IrValue k = bld_value_of(b, l, loc);
        if (!is_typed(r.type)) { /* an empty table */
            *out = ir_const_int(b->f, ty_scalar(TY_BOOL), op == OP_NOTIN, loc);
            return true;
        }
        IrValue pos = find(b, r.v, k, loc);
        *out = bld_is_error(b, pos) ? pos : bld_cmp(b, op == OP_IN ? OP_GE : OP_LT, pos, bld_i64_const(b, 0, loc), loc);
        return true;
    }
    if (!lh || !rh)
        return false;
    if (l.type->kind != r.type->kind || (op != OP_EQ && op != OP_NE && l.type->kind == TY_DICT)) {
        diag_error(&b->diag, loc, "cannot compare %s and %s", bld_type_name(b, l.type), bld_type_name(b, r.type));
        *out = bld_error_operand(b).v;
        return true;
    }
    static const struct { AstOp op; const char *fn; bool swap; } SET_CMP[] = {
        {OP_EQ, "set_eq", false}, {OP_NE, "set_ne", false}, {OP_LE, "set_issubset", false},
        {OP_LT, "set_lt", false}, {OP_GE, "set_issubset", true}, {OP_GT, "set_lt", true},
    };
    for (size_t i = 0; i < sizeof SET_CMP / sizeof SET_CMP[0]; i++) {
        if (SET_CMP[i].op != op)
            continue;
        IrValue args[2] = {SET_CMP[i].swap ? r.v : l.v, SET_CMP[i].swap ? l.v : r.v};
        const char *fn = l.type->kind == TY_DICT ? (op == OP_EQ ? "dict_eq" : "dict_ne") : SET_CMP[i].fn;
        *out = lib_value(b, fn, args, 2, loc);
        return true;
    }
    return false;
}

static const char *set_operator_fn(AstOp op, bool inplace)
{
    switch (op) {
    case OP_BITOR: return inplace ? "set_update" : "set_union";
    case OP_BITAND: return inplace ? "set_intersection_update" : "set_intersection";
    case OP_SUB: return inplace ? "set_difference_update" : "set_difference";
    case OP_BITXOR: return inplace ? "set_symmetric_difference_update" : "set_symmetric_difference";
    default: return NULL;
    }
}

/* a | b, a & b, a - b, a ^ b of two sets */
bool bld_dict_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out)
{
    if (l.kind != OPK_VALUE || r.kind != OPK_VALUE || l.type->kind != TY_SET || r.type->kind != TY_SET ||
        !set_operator_fn(op, false))
        return false;
    IrValue args[2] = {l.v, r.v};
    *out = is_typed(l.type) ? lib(b, set_operator_fn(op, false), args, 2, loc) : unknown_types(b, l.type, loc);
    return true;
}

/* d[k] op= v: d[k] = d[k] op v, the key read once */
static bool item_augassign(Builder *b, const Stmt *s)
{
    const Expr *t = s->augassign.target;
    if (t->kind != EX_SUBSCRIPT || t->subscript.value->kind != EX_NAME || !var_hash_type(b, t->subscript.value->name))
        return false;
    IrValue h = bld_value_of(b, bld_expr(b, t->subscript.value), t->loc);
    const Type *ht = ir_type(b->f, h);
    if (ht->kind != TY_DICT || !is_typed(ht)) {
        if (ht->kind == TY_SET)
            diag_error(&b->diag, t->loc, "'set' object is not subscriptable");
        else
            unknown_types(b, ht, t->loc);
        return true;
    }
    IrValue k = bld_value_of(b, bld_expr(b, t->subscript.index), t->subscript.index->loc);
    if (bld_is_error(b, k))
        return true;
    IrValue pos = find_present(b, h, k, t->loc);
    if (bld_is_error(b, pos))
        return true;
    Operand cur = bld_value_operand(entry_part(b, HSH_VALUE, h, pos, t->loc), ht->dtype);
    Operand r = bld_binary_op(b, s->augassign.op, cur, bld_expr(b, s->augassign.value), s->loc);
    if (r.kind != OPK_ERROR)
        put(b, h, k, bld_value_of(b, r, s->loc), s->loc);
    return true;
}

/* s |= t, s &= t, s -= t, s ^= t on a set variable s; d[k] op= v */
bool bld_dict_augassign(Builder *b, const Stmt *s)
{
    const Expr *t = s->augassign.target;
    if (item_augassign(b, s))
        return true;
    if (t->kind != EX_NAME || !var_hash_type(b, t->name) || var_hash_type(b, t->name)->kind != TY_SET ||
        !set_operator_fn(s->augassign.op, true))
        return false;
    Operand l = bld_expr(b, t), r = bld_expr(b, s->augassign.value);
    if (poisoned(r))
        return true;
    IrValue args[2] = {l.v, bld_value_of(b, r, s->augassign.value->loc)};
    if (is_typed(l.type))
        lib(b, set_operator_fn(s->augassign.op, true), args, 2, s->loc);
    else
        unknown_types(b, l.type, s->loc);
    return true;
}

/* ---- for loops (build_iter.c) ---- */

bool bld_hash_iter_untyped(Builder *b, IrValue h, SrcLoc loc)
{
    const Type *t = ir_type(b->f, h);
    if (is_typed(t))
        return false;
    unknown_types(b, t, loc);
    return true;
}

IrValue bld_hash_iter_start(Builder *b, IrValue h, int *local, SrcLoc loc)
{
    *local = ir_new_local(b->f, "$pos", ty_scalar(TY_INT64));
    ir_store(b->f, *local, bld_i64_const(b, 0, loc), loc);
    return table_len(b, h, loc);
}

Operand bld_hash_iter_item(Builder *b, IrValue h, int local, BldHashView view, SrcLoc loc)
{
    IrValue args[2] = {h, ir_load(b->f, local, loc)};
    IrValue pos = emit(b, HSH_NEXT, ty_scalar(TY_INT64), args, 2, loc);
    ir_store(b->f, local, bld_i64_arith(b, IB_ADD, pos, bld_i64_const(b, 1, loc), loc), loc);
    const Type *t = ir_type(b->f, h);
    if (view == HASH_VIEW_KEYS)
        return bld_value_operand(entry_part(b, HSH_KEY, h, pos, loc), key_of(t));
    if (view == HASH_VIEW_VALUES)
        return bld_value_operand(entry_part(b, HSH_VALUE, h, pos, loc), t->dtype);
    IrValue parts[2] = {entry_part(b, HSH_KEY, h, pos, loc), entry_part(b, HSH_VALUE, h, pos, loc)};
    const Type *types[2] = {key_of(t), t->dtype};
    const Type *tt = ty_tuple(&b->p->types, types, 2);
    return bld_value_operand(ir_emit(b->f, IR_TUPLE, 0, tt, parts, 2, loc), tt);
}

/* d.keys(), d.values(), d.items() as a loop's iterable: the dict and the view (-1: not one). */
int bld_hash_view_call(Builder *b, const Expr *e, IrValue *h)
{
    if (e->kind != EX_CALL || e->call.nargs || e->call.nkws || e->call.func->kind != EX_ATTR)
        return -1;
    const char *name = e->call.func->attr.name;
    int view = strcmp(name, "keys") == 0 ? HASH_VIEW_KEYS : strcmp(name, "values") == 0 ? HASH_VIEW_VALUES
             : strcmp(name, "items") == 0 ? HASH_VIEW_ITEMS : -1;
    const Expr *base = e->call.func->attr.value;
    if (view < 0 || base->kind != EX_NAME || !var_hash_type(b, base->name) ||
        var_hash_type(b, base->name)->kind != TY_DICT)
        return -1;
    *h = bld_value_of(b, bld_expr(b, base), base->loc);
    return view;
}
