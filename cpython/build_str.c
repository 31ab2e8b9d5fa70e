/* build_str.c — strings as values (Numba's unicode_type): immutable strings. A string literal
 * used as a value becomes an IR_STR STR_CONST of type TY_STR (bld_str_const, from bld_value_of);
 * such values may be held in variables (merged across paths: every TY_STR is one type), tuples,
 * arguments and results of compiled functions, returned to the C API (driver/nested.c copies the
 * text), compared (==, !=, <, <=, >, >=; `is` as Numba 0.68 has it: False for a string operand),
 * tested with `in` (a substring, or over a tuple of strings), measured (len), tested for truth
 * (not empty), printed and passed to raise. New strings are made at run time by a + b, s * n,
 * str(), repr(), chr(), s[i], s[a:b:c] and f-strings (bld_fstring_value); each is handed to a
 * hidden local, which owns it (bld_own_arrays), as a new array is; so are the results of the
 * str methods (runtime/str_methods.def, one runtime call each) and iteration's characters.
 * `%` formatting is refused, as Numba refuses it. GPU code has no strings beyond print()
 * arguments. */
#include "builder/build.h"

#include <string.h>

bool bld_is_str(const Operand *o) { return o->kind == OPK_STR || (o->kind == OPK_VALUE && o->type->kind == TY_STR); }

IrValue bld_str_const(Builder *b, const char *s, SrcLoc loc)
{
    if (b->spec->device) {
        diag_error(&b->diag, loc, "strings are not supported in GPU code beyond print() arguments");
        return bld_error_operand(b).v;
    }
    IrValue v = ir_emit(b->f, IR_STR, STR_CONST, ty_scalar(TY_STR), NULL, 0, loc);
    ir_last(b->f)->imm.str = s;
    return v;
}

/* The string o as a value (a literal made one). */
static IrValue str_value(Builder *b, Operand o, SrcLoc loc)
{
    return o.kind == OPK_STR ? bld_str_const(b, o.str, loc) : o.v;
}

static int utf8_length(const char *s)
{
    int n = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        n += (*c & 0xC0) != 0x80;
    return n;
}

Operand bld_str_len(Builder *b, Operand o, SrcLoc loc)
{
    if (o.kind == OPK_STR) /* known here */
        return bld_const_int_operand(b, ty_scalar(TY_INT64), utf8_length(o.str), false, loc);
    IrValue v = o.v;
    return bld_value_operand(ir_emit(b->f, IR_STR, STR_LEN, ty_scalar(TY_INT64), &v, 1, loc), ty_scalar(TY_INT64));
}

IrValue bld_str_truth(Builder *b, IrValue s, SrcLoc loc)
{
    IrValue args[2] = {bld_str_len(b, bld_value_operand(s, ty_scalar(TY_STR)), loc).v,
                       ir_const_int(b->f, ty_scalar(TY_INT64), 0, loc)};
    return ir_emit(b->f, IR_CMP, OP_NE, ty_scalar(TY_BOOL), args, 2, loc);
}

/* a OP b of two strings: two literals compare here, values through their order at run time. */
static IrValue compare_strings(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc)
{
    const Type *bt = ty_scalar(TY_BOOL), *it = ty_scalar(TY_INT64);
    if (l.kind == OPK_STR && r.kind == OPK_STR) {
        int c = strcmp(l.str, r.str); /* UTF-8's byte order is code point order */
        bool v = op == OP_EQ ? c == 0 : op == OP_NE ? c != 0 : op == OP_LT ? c < 0 : op == OP_LE ? c <= 0
               : op == OP_GT ? c > 0 : c >= 0;
        return ir_const_int(b->f, bt, v, loc);
    }
    IrValue args[2] = {str_value(b, l, loc), str_value(b, r, loc)};
    IrValue cmp[2] = {ir_emit(b->f, IR_STR, STR_COMPARE, it, args, 2, loc), ir_const_int(b->f, it, 0, loc)};
    return ir_emit(b->f, IR_CMP, op, bt, cmp, 2, loc);
}

/* x in t (not in) for a string x and a tuple t of strings: == with each item, in order. */
static IrValue str_in_tuple(Builder *b, Operand x, IrValue t, bool negated, SrcLoc loc)
{
    const Type *tt = ir_type(b->f, t), *bt = ty_scalar(TY_BOOL);
    for (int i = 0; i < tt->n; i++)
        if (tt->elems[i]->kind != TY_STR) {
            diag_error(&b->diag, loc, "'in' of a string in a tuple holding %s is not supported (every item must be "
                       "a string, as in Numba)", bld_type_name(b, tt->elems[i]));
            return bld_error_operand(b).v;
        }
    IrValue xv = str_value(b, x, loc), found = ir_const_int(b->f, bt, 0, loc);
    for (int i = 0; i < tt->n; i++) {
        IrValue item = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[i], &t, 1, loc);
        ir_last(b->f)->imm.index = i;
        IrValue eq = compare_strings(b, OP_EQ, bld_value_operand(xv, tt->elems[i]), bld_value_operand(item, tt->elems[i]), loc);
        IrValue args[2] = {found, eq};
        found = ir_emit(b->f, IR_BIN, IB_OR, bt, args, 2, loc);
    }
    if (negated) {
        IrValue args[2] = {found, ir_const_int(b->f, bt, 1, loc)};
        found = ir_emit(b->f, IR_BIN, IB_XOR, bt, args, 2, loc);
    }
    return found;
}

static bool is_error(const Operand *o)
{
    return o->kind == OPK_ERROR || (o->kind == OPK_VALUE && o->type->kind == TY_ERROR);
}

bool bld_str_compare(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, IrValue *out)
{
    bool ls = bld_is_str(&l), rs = bld_is_str(&r);
    if (!ls && !rs)
        return false;
    if (is_error(&l) || is_error(&r)) {
        *out = bld_error_operand(b).v;
        return true;
    }
    const Type *bt = ty_scalar(TY_BOOL);
    if (op == OP_IS || op == OP_ISNOT) { /* Numba 0.68: a string is never `is` anything, itself included */
        if (l.kind == OPK_STR || r.kind == OPK_STR) /* still a value: reported in GPU code */
            (void)str_value(b, l.kind == OPK_STR ? l : r, loc);
        *out = ir_const_int(b->f, bt, op == OP_ISNOT, loc);
        return true;
    }
    if ((op == OP_IN || op == OP_NOTIN) && ls && rs) { /* a substring */
        IrValue args[2] = {str_value(b, r, loc), str_value(b, l, loc)};
        *out = ir_emit(b->f, IR_STR, STR_CONTAINS, bt, args, 2, loc);
        if (op == OP_NOTIN) {
            IrValue x[2] = {*out, ir_const_int(b->f, bt, 1, loc)};
            *out = ir_emit(b->f, IR_BIN, IB_XOR, bt, x, 2, loc);
        }
        return true;
    }
    if (op == OP_IN || op == OP_NOTIN) {
        if (!ls || r.kind != OPK_VALUE || r.type->kind != TY_TUPLE || r.type->tag)
            return false; /* `in` of something else: reported where it is */
        *out = str_in_tuple(b, l, r.v, op == OP_NOTIN, loc);
        return true;
    }
    if (ls && rs) {
        *out = compare_strings(b, op, l, r, loc);
        return true;
    }
    Operand other = ls ? r : l;
    bool number = other.kind == OPK_VALUE && ty_is_scalar(other.type);
    if ((op == OP_EQ || op == OP_NE) && (number || other.kind == OPK_NONE)) { /* Numba: never equal */
        *out = ir_const_int(b->f, bt, op == OP_NE, loc);
        return true;
    }
    diag_error(&b->diag, loc, "'%s' is not supported between %s and %s", ast_op_text(op),
               ls ? "unicode_type" : other.kind == OPK_VALUE ? bld_type_name(b, other.type) : "this",
               rs ? "unicode_type" : other.kind == OPK_VALUE ? bld_type_name(b, other.type) : "this");
    *out = bld_error_operand(b).v;
    return true;
}

/* The new string op makes (it comes with one reference), handed to a hidden local; index is
 * the instruction's imm.index. */
static Operand made_at(Builder *b, IrStr op, IrValue *args, int n, int index, SrcLoc loc)
{
    IrValue v = ir_emit(b->f, IR_STR, op, ty_scalar(TY_STR), args, n, loc);
    ir_last(b->f)->imm.index = index;
    return bld_value_operand(bld_own_arrays(b, v, loc), ty_scalar(TY_STR));
}

static Operand made(Builder *b, IrStr op, IrValue *args, int n, SrcLoc loc) { return made_at(b, op, args, n, 0, loc); }

static bool is_integer(const Operand *o) { return o->kind == OPK_VALUE && ty_is_int(o->type); }

static const char *operand_name(Builder *b, const Operand *o)
{
    return bld_is_str(o) ? "unicode_type" : o->kind == OPK_VALUE ? bld_type_name(b, o->type) : "this";
}

bool bld_str_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc, Operand *out)
{
    bool ls = bld_is_str(&l), rs = bld_is_str(&r);
    if (!ls && !rs)
        return false;
    if (op == OP_MOD && ls) { /* whatever the other operand is */
        diag_error(&b->diag, loc, "string formatting with %% is not supported by jitc (nor by Numba): use an f-string");
        *out = bld_error_operand(b);
        return true;
    }
    if (is_error(&l) || is_error(&r)) {
        *out = bld_error_operand(b);
        return true;
    }
    if (op == OP_ADD && l.kind == OPK_STR && r.kind == OPK_STR) { /* known here */
        *out = (Operand){.kind = OPK_STR, .str = arena_printf(b->p->arena, "%s%s", l.str, r.str)};
    } else if (op == OP_ADD && ls && rs && (l.kind == OPK_STR && !*l.str)) { /* "" + s, as f-strings start */
        *out = bld_value_operand(str_value(b, r, loc), ty_scalar(TY_STR));
    } else if (op == OP_ADD && ls && rs) {
        IrValue args[2] = {str_value(b, l, loc), str_value(b, r, loc)};
        *out = made(b, STR_CONCAT, args, 2, loc);
    } else if (op == OP_MUL && (ls ? is_integer(&r) : is_integer(&l))) { /* s * n, n * s */
        Operand s = ls ? l : r, n = ls ? r : l;
        IrValue args[2] = {str_value(b, s, loc), bld_cast_value(b, n.v, ty_scalar(TY_INT64), loc)};
        *out = made(b, STR_REPEAT, args, 2, loc);
    } else {
        diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op), operand_name(b, &l),
                   operand_name(b, &r));
        *out = bld_error_operand(b);
    }
    return true;
}

/* str(x) of a value that is not a string: an integer's digits, a bool's name, and for other
 * numbers Numba's placeholder text, "<object type:float64>". */
static Operand str_of_number(Builder *b, Operand x, SrcLoc loc)
{
    const Type *t = x.type;
    if (ty_is_bool(t)) {
        IrValue v = bld_select(b, x.v, bld_str_const(b, "True", loc), bld_str_const(b, "False", loc), loc);
        return bld_value_operand(v, ty_scalar(TY_STR));
    }
    if (ty_is_int(t)) {
        IrValue v = bld_cast_value(b, x.v, ty_scalar(ty_is_unsigned(t) ? TY_UINT64 : TY_INT64), loc);
        return made(b, STR_OF_INT, &v, 1, loc);
    }
    const char *text = arena_printf(b->p->arena, "<object type:%s>", bld_type_name(b, t));
    return bld_value_operand(bld_str_const(b, text, loc), ty_scalar(TY_STR));
}

Operand bld_str_of(Builder *b, Operand x, SrcLoc loc)
{
    if (is_error(&x))
        return bld_error_operand(b);
    if (bld_is_str(&x))
        return bld_value_operand(str_value(b, x, loc), ty_scalar(TY_STR));
    if (x.kind == OPK_VALUE && ty_is_scalar(x.type))
        return str_of_number(b, x, loc);
    diag_error(&b->diag, loc, "str() of %s is not supported by jitc (of numbers, bools and strings it is)",
               bld_describe(b, x));
    return bld_error_operand(b);
}

Operand bld_str_builtin(Builder *b, const Expr *call, Builtin which, Args *a)
{
    static const char *const NAMES[] = {[BI_STR] = "str", [BI_REPR] = "repr", [BI_CHR] = "chr", [BI_ORD] = "ord"};
    if (!bld_take_args(b, call, a, which == BI_STR ? 0 : 1, 1, NAMES[which]))
        return bld_error_operand(b);
    SrcLoc loc = call->loc;
    if (which == BI_STR && a->n == 0)
        return bld_value_operand(bld_str_const(b, "", loc), ty_scalar(TY_STR));
    Operand x = a->ops[0];
    if (which == BI_REPR && bld_is_str(&x)) {
        diag_error(&b->diag, loc, "repr() of a string is not supported by jitc (of numbers and bools it is)");
        return bld_error_operand(b);
    }
    if (which == BI_STR || which == BI_REPR)
        return bld_str_of(b, x, loc);
    if (which == BI_CHR && is_integer(&x)) {
        IrValue v = bld_cast_value(b, x.v, ty_scalar(TY_INT64), loc);
        return made(b, STR_CHR, &v, 1, loc);
    }
    if (which == BI_ORD && bld_is_str(&x)) {
        IrValue v = str_value(b, x, loc);
        return bld_value_operand(ir_emit(b->f, IR_STR, STR_ORD, ty_scalar(TY_INT64), &v, 1, loc), ty_scalar(TY_INT64));
    }
    diag_error(&b->diag, loc, "%s() of %s is not supported (it takes %s)", NAMES[which], bld_describe(b, x),
               which == BI_CHR ? "an integer" : "a string of one character");
    return bld_error_operand(b);
}

/* ---- methods (runtime/str_methods.def) ---- */

enum ResultKind { STR, INT, BOOL, LIST };

static const struct StrMethod {
    const char *name;
    enum ResultKind result;
    const char *params;
} METHODS[] = {
#define STR_METHOD(id, name, result, params) {name, result, params},
#include "runtime/str_methods.def"
};

Operand bld_str_attr(Builder *b, IrValue s, const char *name, SrcLoc loc)
{
    for (size_t k = 0; k < sizeof METHODS / sizeof METHODS[0]; k++)
        if (strcmp(METHODS[k].name, name) == 0)
            return (Operand){.kind = OPK_BUILTIN, .builtin = BI_STR_METHOD, .v = s, .type = ty_scalar(TY_STR),
                             .str = METHODS[k].name};
    diag_error(&b->diag, loc, "unicode_type has no attribute '%s' in jitc (its methods are those of Numba's "
               "str but for partition, rpartition and expandtabs)", name);
    return bld_error_operand(b);
}

/* Argument k of a method, for parameter kind p: into the string (a, b) or int (i, j) slots. */
static bool method_arg(Builder *b, const Expr *call, const char *name, char p, const Operand *o, IrValue *str_slot,
                       IrValue *int_slot)
{
    SrcLoc loc = call->loc;
    bool none = !o || o->kind == OPK_NONE;
    if (p == 'S' || p == 's' || p == 'L') {
        if (none && p == 'S')
            return *str_slot = bld_i64_const(b, 0, loc), true;
        if (!none && p != 'L' && bld_is_str(o))
            return *str_slot = str_value(b, *o, loc), true;
        if (!none && p == 'L' && o->kind == OPK_VALUE && o->type->kind == TY_LIST && o->type->dtype &&
            o->type->dtype->kind == TY_STR)
            return *str_slot = o->v, true;
    } else {
        if (none && p == 'I')
            return *int_slot = bld_i64_const(b, INT64_MIN, loc), true;
        if (!none && (is_integer(o) || (o->kind == OPK_VALUE && ty_is_bool(o->type))))
            return *int_slot = bld_cast_value(b, o->v, ty_scalar(TY_INT64), loc), true;
    }
    if (o && is_error(o))
        return false;
    diag_error(&b->diag, loc, "str.%s() takes %s here, not %s", name,
               p == 'L' ? "a list or tuple of strings" : p == 's' || p == 'S' ? "a string" : "an integer",
               o ? bld_describe(b, *o) : "nothing");
    return false;
}

/* sep.join(t) of a tuple of strings: the items joined here, as a + b does. */
static Operand join_tuple(Builder *b, IrValue sep, IrValue t, SrcLoc loc)
{
    const Type *tt = ir_type(b->f, t);
    Operand joined = {.kind = OPK_STR, .str = ""};
    for (int i = 0; i < tt->n; i++) {
        if (tt->elems[i]->kind != TY_STR) {
            diag_error(&b->diag, loc, "str.join() takes a list or tuple of strings here, not %s", bld_type_name(b, tt));
            return bld_error_operand(b);
        }
        IrValue item = ir_emit(b->f, IR_TUPLE_GET, 0, tt->elems[i], &t, 1, loc);
        ir_last(b->f)->imm.index = i;
        if (i && !bld_str_binop(b, OP_ADD, joined, bld_value_operand(sep, ty_scalar(TY_STR)), loc, &joined))
            return bld_error_operand(b);
        bld_str_binop(b, OP_ADD, joined, bld_value_operand(item, tt->elems[i]), loc, &joined);
    }
    return joined.kind == OPK_STR ? bld_value_operand(str_value(b, joined, loc), ty_scalar(TY_STR)) : joined;
}

Operand bld_str_method(Builder *b, const Expr *call, Operand f, Args *a)
{
    size_t id = 0;
    while (strcmp(METHODS[id].name, f.str) != 0)
        id++;
    const struct StrMethod *m = &METHODS[id];
    int nparams = (int)strlen(m->params), min = 0;
    while (min < nparams && (m->params[min] == 's' || m->params[min] == 'i' || m->params[min] == 'L'))
        min++;
    if (!bld_nargs_ok(b, call, f.str, min, nparams))
        return bld_error_operand(b);
    SrcLoc loc = call->loc;
    if (m->params[0] == 'L' && a->ops[0].kind == OPK_VALUE && a->ops[0].type->kind == TY_TUPLE && !a->ops[0].type->tag)
        return join_tuple(b, f.v, a->ops[0].v, loc);
    IrValue args[5] = {f.v, bld_i64_const(b, 0, loc), bld_i64_const(b, 0, loc), bld_i64_const(b, INT64_MIN, loc),
                       bld_i64_const(b, INT64_MIN, loc)};
    int strs = 1, ints = 3;
    for (int k = 0; k < nparams; k++) {
        char p = m->params[k];
        bool is_str = p == 's' || p == 'S' || p == 'L';
        if (!method_arg(b, call, f.str, p, k < a->n ? &a->ops[k] : NULL, &args[strs], &args[ints]))
            return bld_error_operand(b);
        is_str ? strs++ : ints++;
    }
    const Type *t = m->result == STR ? ty_scalar(TY_STR) : m->result == INT ? ty_scalar(TY_INT64)
                  : m->result == BOOL ? ty_scalar(TY_BOOL) : ty_list(&b->p->types, ty_scalar(TY_STR), false);
    IrValue v = ir_emit(b->f, IR_STR, STR_METHOD, t, args, 5, loc);
    ir_last(b->f)->imm.index = (int)id;
    return bld_value_operand(m->result == STR || m->result == LIST ? bld_own_arrays(b, v, loc) : v, t);
}

/* An int64 index or slice bound from expression e (NULL: absent, given false). */
static bool str_index(Builder *b, const Expr *e, IrValue *v, bool *given)
{
    *given = e != NULL;
    if (!e) {
        *v = bld_i64_const(b, 0, (SrcLoc){0});
        return true;
    }
    Operand o = bld_expr(b, e);
    if (o.kind == OPK_NONE) {
        *given = false;
        *v = bld_i64_const(b, 0, e->loc);
        return true;
    }
    if (is_error(&o))
        return false;
    if (!is_integer(&o) && !(o.kind == OPK_VALUE && ty_is_bool(o.type))) {
        diag_error(&b->diag, e->loc, "string indices must be integers, not %s", bld_describe(b, o));
        return false;
    }
    *v = bld_cast_value(b, o.v, ty_scalar(TY_INT64), e->loc);
    return true;
}

Operand bld_str_char(Builder *b, IrValue s, IrValue i, SrcLoc loc)
{
    IrValue args[2] = {s, i};
    return made(b, STR_GETITEM, args, 2, loc);
}

Operand bld_str_subscript(Builder *b, const Expr *e, Operand s)
{
    const Expr *ix = e->subscript.index;
    IrValue args[4] = {str_value(b, s, e->loc)};
    bool given[3];
    if (ix->kind != EX_SLICE) {
        if (!str_index(b, ix, &args[1], &given[0]))
            return bld_error_operand(b);
        return made(b, STR_GETITEM, args, 2, e->loc);
    }
    if (!str_index(b, ix->slice.lo, &args[1], &given[0]) || !str_index(b, ix->slice.hi, &args[2], &given[1]) ||
        !str_index(b, ix->slice.step, &args[3], &given[2]))
        return bld_error_operand(b);
    if (!given[2])
        args[3] = bld_i64_const(b, 1, e->loc);
    return made_at(b, STR_SLICE, args, 4, (given[0] ? 1 : 0) | (given[1] ? 2 : 0), e->loc);
}

void bld_refuse_device_str(Builder *b)
{
    bool str = ty_holds_str(b->f->ret);
    for (int i = 0; i < b->f->nparams; i++)
        str = str || ty_holds_str(b->f->params[i]);
    if (str)
        diag_error(&b->diag, b->def->loc, "strings are not supported in GPU code beyond print() arguments");
}
