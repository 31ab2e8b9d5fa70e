/* build_str.c — strings as values (Numba's unicode_type), as far as jitc has them: immutable
 * strings whose values are constants of the source. A string literal used as a value becomes
 * an IR_STR STR_CONST of type TY_STR (bld_str_const, from bld_value_of); such values may be held
 * in variables (merged across paths: every TY_STR is one type), tuples, arguments and results of
 * compiled functions, returned to the C API (driver/call.c copies the text), compared (==, !=,
 * <, <=, >, >=; `is` as Numba 0.68 has it: False for a string operand), tested with `in` over a
 * tuple of strings, measured (len), tested for truth (not empty), printed and passed to raise.
 * Nothing makes a new string at run time: concatenation, formatting, str(x), indexing, slicing,
 * iteration and methods are refused with a located error (bld_str_refuse_*). GPU code has no
 * strings beyond print() arguments. */
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

void bld_str_refuse(Builder *b, SrcLoc loc, const char *what)
{
    diag_error(&b->diag, loc, "%s is not supported by jitc: its strings are constants, which can be held, "
               "compared, measured, printed, raised and returned", what);
}

bool bld_str_refuse_binop(Builder *b, AstOp op, Operand l, Operand r, SrcLoc loc)
{
    if (!bld_is_str(&l) && !bld_is_str(&r))
        return false;
    const char *what = op == OP_ADD ? "string concatenation (+)" : op == OP_MOD ? "string formatting (%)"
                     : op == OP_MUL ? "string repetition (*)" : NULL;
    if (what)
        bld_str_refuse(b, loc, what);
    else
        diag_error(&b->diag, loc, "unsupported operand types for %s: %s and %s", ast_op_text(op),
                   bld_is_str(&l) ? "unicode_type" : l.kind == OPK_VALUE ? bld_type_name(b, l.type) : "this",
                   bld_is_str(&r) ? "unicode_type" : r.kind == OPK_VALUE ? bld_type_name(b, r.type) : "this");
    return true;
}

void bld_refuse_device_str(Builder *b)
{
    bool str = ty_holds_str(b->f->ret);
    for (int i = 0; i < b->f->nparams; i++)
        str = str || ty_holds_str(b->f->params[i]);
    if (str)
        diag_error(&b->diag, b->def->loc, "strings are not supported in GPU code beyond print() arguments");
}
