/* types.c — scalar constants, interning, names, NumPy promotion and Numba unification. */
#include "types.h"

#include <string.h>

static const Type SCALARS[] = {
    [TY_BOOL] = {.kind = TY_BOOL},       [TY_INT8] = {.kind = TY_INT8},
    [TY_INT16] = {.kind = TY_INT16},     [TY_INT32] = {.kind = TY_INT32},
    [TY_INT64] = {.kind = TY_INT64},     [TY_UINT8] = {.kind = TY_UINT8},
    [TY_UINT16] = {.kind = TY_UINT16},   [TY_UINT32] = {.kind = TY_UINT32},
    [TY_UINT64] = {.kind = TY_UINT64},   [TY_FLOAT16] = {.kind = TY_FLOAT16},
    [TY_FLOAT32] = {.kind = TY_FLOAT32},
    [TY_FLOAT64] = {.kind = TY_FLOAT64}, [TY_NONE] = {.kind = TY_NONE},
    [TY_COMPLEX64] = {.kind = TY_COMPLEX64}, [TY_COMPLEX128] = {.kind = TY_COMPLEX128},
    [TY_ARRAY] = {.kind = TY_ERROR},     [TY_TUPLE] = {.kind = TY_ERROR},
    [TY_LIST] = {.kind = TY_ERROR},      [TY_DICT] = {.kind = TY_ERROR},
    [TY_SET] = {.kind = TY_ERROR},
    [TY_COMPTIME] = {.kind = TY_ERROR},
    [TY_STR] = {.kind = TY_STR},
    [TY_ERROR] = {.kind = TY_ERROR},
};

static const char *const SCALAR_NAMES[] = {
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "none",
};

static const char *const SCALAR_MANGLE[] = {
    "b", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64", "c64", "c128", "v",
};

const Type *ty_scalar(TypeKind k) { return &SCALARS[k]; }

static const Type *array_type(TypeTable *tt, const Type *dtype, int ndim, char layout, bool readonly)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_ARRAY && t->dtype == dtype && t->ndim == ndim && t->layout == layout &&
            t->readonly == readonly)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    *t = (Type){.kind = TY_ARRAY, .dtype = dtype, .ndim = ndim, .layout = layout, .readonly = readonly};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

const Type *ty_array(TypeTable *tt, const Type *dtype, int ndim, char layout)
{
    return array_type(tt, dtype, ndim, layout, false);
}

const Type *ty_array_readonly(TypeTable *tt, const Type *dtype, int ndim, char layout)
{
    return array_type(tt, dtype, ndim, layout, true);
}

const Type *ty_tuple(TypeTable *tt, const Type **elems, int n)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_TUPLE && !t->tag && !t->tuple_class && t->n == n &&
            memcmp(t->elems, elems, sizeof *elems * (size_t)n) == 0)
            return t;
    }
    return ty_tagged(tt, 0, elems, n);
}

const Type *ty_named_tuple(TypeTable *tt, const TupleClass *cls, const Type **elems)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_TUPLE && t->tuple_class == cls && memcmp(t->elems, elems, sizeof *elems * (size_t)cls->n) == 0)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    const Type **copy = arena_alloc(tt->arena, sizeof *copy * (size_t)(cls->n ? cls->n : 1));
    memcpy(copy, elems, sizeof *elems * (size_t)cls->n);
    *t = (Type){.kind = TY_TUPLE, .n = cls->n, .elems = copy, .tuple_class = cls};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

const Type *ty_tagged(TypeTable *tt, char tag, const Type **elems, int n)
{
    for (int i = 0; i < tt->n && tag; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_TUPLE && t->tag == tag && t->n == n && memcmp(t->elems, elems, sizeof *elems * (size_t)n) == 0)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    const Type **copy = arena_alloc(tt->arena, sizeof *copy * (size_t)(n ? n : 1));
    memcpy(copy, elems, sizeof *elems * (size_t)n);
    *t = (Type){.kind = TY_TUPLE, .n = n, .elems = copy, .tag = tag};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

bool ty_is_none_type(const Type *t)
{
    return t->kind == TY_NONE || (t->kind == TY_COMPTIME && t->key && strcmp(t->key, "Z") == 0);
}

const Type *ty_range(TypeTable *tt, const Type *int_type)
{
    const Type *elems[3] = {int_type, int_type, int_type};
    return ty_tagged(tt, TY_TAG_RANGE, elems, 3);
}

const Type *ty_optional(TypeTable *tt, const Type *value_type)
{
    const Type *elems[2] = {value_type, ty_scalar(TY_BOOL)};
    return ty_tagged(tt, TY_TAG_OPTIONAL, elems, 2);
}

const Type *ty_generator(TypeTable *tt)
{
    const Type *elems[1] = {ty_scalar(TY_UINT64)};
    return ty_tagged(tt, TY_TAG_GENERATOR, elems, 1);
}

const Type *ty_list(TypeTable *tt, const Type *item, bool typed)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_LIST && t->dtype == item && t->typed_list == typed)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    *t = (Type){.kind = TY_LIST, .dtype = item, .typed_list = typed};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

const Type *ty_dict(TypeTable *tt, const Type *key, const Type *value)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_DICT && t->keytype == key && t->dtype == value)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    *t = (Type){.kind = TY_DICT, .keytype = key, .dtype = value};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

const Type *ty_set(TypeTable *tt, const Type *item)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_SET && t->dtype == item)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    *t = (Type){.kind = TY_SET, .dtype = item};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

const Type *ty_comptime(TypeTable *tt, const char *key, const char *name, const void *payload,
                        const Type *dtype, int64_t literal)
{
    for (int i = 0; i < tt->n; i++) {
        const Type *t = tt->items[i];
        if (t->kind == TY_COMPTIME && strcmp(t->key, key) == 0)
            return t;
    }
    Type *t = arena_alloc(tt->arena, sizeof *t);
    *t = (Type){.kind = TY_COMPTIME, .key = arena_strdup(tt->arena, key), .name = arena_strdup(tt->arena, name),
                .payload = payload, .dtype = dtype, .literal = literal};
    ARR_PUSH(tt->arena, tt->items, tt->n, tt->cap, t);
    return t;
}

int ty_bits(const Type *t)
{
    switch (t->kind) {
    case TY_BOOL: return 1;
    case TY_INT8: case TY_UINT8: return 8;
    case TY_INT16: case TY_UINT16: case TY_FLOAT16: return 16;
    case TY_INT32: case TY_UINT32: case TY_FLOAT32: return 32;
    case TY_INT64: case TY_UINT64: case TY_FLOAT64: return 64;
    case TY_COMPLEX64: return 64;
    case TY_COMPLEX128: return 128;
    default: return 0;
    }
}

int ty_size(const Type *t) { return t->kind == TY_BOOL ? 1 : ty_bits(t) / 8; }

bool ty_int_holds(const Type *t, int64_t v)
{
    int bits = ty_bits(t);
    if (ty_is_unsigned(t))
        return v >= 0 && (bits == 64 || v < (int64_t)1 << bits);
    return bits == 64 || (v >= -((int64_t)1 << (bits - 1)) && v < (int64_t)1 << (bits - 1));
}

const char *ty_name(Arena *a, const Type *t)
{
    if (t->kind <= TY_NONE)
        return SCALAR_NAMES[t->kind];
    if (t->kind == TY_ERROR)
        return "<error>";
    if (t->kind == TY_STR) /* Numba's name */
        return "unicode_type";
    if (t->kind == TY_COMPTIME)
        return t->name;
    if (t->kind == TY_ARRAY) { /* signature style: float64[:, ::1] is C-contiguous */
        const char *axes = "";
        for (int i = 0; i < t->ndim; i++)
            axes = arena_printf(a, "%s%s%s", axes, i ? ", " : "",
                                (i == t->ndim - 1 && t->layout == 'C') || (i == 0 && t->layout == 'F') ? "::1" : ":");
        return arena_printf(a, "%s%s[%s]", t->readonly ? "readonly " : "", SCALAR_NAMES[t->dtype->kind], axes);
    }
    if (t->tag >= TY_TAG_SLICE && t->tag < TY_TAG_SLICE + 8) /* Numba's names */
        return (t->tag - TY_TAG_SLICE) & TY_SLICE_STEP ? "slice3_type" : "slice2_type";
    if (t->tag == TY_TAG_GENERATOR)
        return "NumPyRandomGeneratorType";
    if (t->tag) /* Numba's names: range_state_int64, OptionalType(float64) */
        return arena_printf(a, t->tag == TY_TAG_RANGE ? "range_state_%s" : t->tag == TY_TAG_ITER ? "iter(%s)" : "OptionalType(%s)",
                            ty_name(a, t->elems[0]));
    if (t->kind == TY_LIST) /* as Numba names them */
        return arena_printf(a, t->typed_list ? "ListType[%s]" : "reflected list(%s)",
                            t->dtype ? ty_name(a, t->dtype) : "undefined");
    if (t->kind == TY_DICT)
        return arena_printf(a, "DictType[%s,%s]<iv=None>", t->keytype ? ty_name(a, t->keytype) : "undefined",
                            t->dtype ? ty_name(a, t->dtype) : "undefined");
    if (t->kind == TY_SET)
        return arena_printf(a, "set(%s)", t->dtype ? ty_name(a, t->dtype) : "undefined");
    const char *s = t->tuple_class ? arena_printf(a, "%s(", t->tuple_class->name) : "(";
    for (int i = 0; i < t->n; i++)
        s = arena_printf(a, "%s%s%s", s, i ? ", " : "", ty_name(a, t->elems[i]));
    return arena_printf(a, "%s%s)", s, t->n == 1 && !t->tuple_class ? "," : "");
}

const char *ty_mangle(Arena *a, const Type *t)
{
    if (t->kind <= TY_NONE)
        return SCALAR_MANGLE[t->kind];
    if (t->kind == TY_ARRAY)
        return arena_printf(a, "%sa%d%c%s", t->readonly ? "r" : "", t->ndim, t->layout, SCALAR_MANGLE[t->dtype->kind]);
    if (t->kind == TY_TUPLE && t->tag)
        return arena_printf(a, "%c_%s_", t->tag, ty_mangle(a, t->elems[0]));
    if (t->kind == TY_TUPLE) { /* a named tuple's: N<len><name>t... */
        const char *s = t->tuple_class ? arena_printf(a, "N%zu%st%d", strlen(t->tuple_class->name), t->tuple_class->name, t->n)
                                       : arena_printf(a, "t%d", t->n);
        for (int i = 0; i < t->n; i++)
            s = arena_printf(a, "%s_%s", s, ty_mangle(a, t->elems[i]));
        return arena_printf(a, "%s_", s);
    }
    if (t->kind == TY_COMPTIME)
        return t->key;
    if (t->kind == TY_STR)
        return "us";
    if (t->kind == TY_LIST)
        return arena_printf(a, "%s%s_", t->typed_list ? "L" : "l", t->dtype ? ty_mangle(a, t->dtype) : "u");
    if (t->kind == TY_DICT)
        return arena_printf(a, "D%s_%s_", t->keytype ? ty_mangle(a, t->keytype) : "u", t->dtype ? ty_mangle(a, t->dtype) : "u");
    if (t->kind == TY_SET)
        return arena_printf(a, "S%s_", t->dtype ? ty_mangle(a, t->dtype) : "u");
    return "err";
}

static const Type *int_of(bool is_signed, int bits)
{
    static const TypeKind S[] = {TY_INT8, TY_INT16, TY_INT32, TY_INT64};
    static const TypeKind U[] = {TY_UINT8, TY_UINT16, TY_UINT32, TY_UINT64};
    int i = bits <= 8 ? 0 : bits <= 16 ? 1 : bits <= 32 ? 2 : 3;
    return ty_scalar(is_signed ? S[i] : U[i]);
}

/* NumPy's promotion of two integer types (both strong). */
static const Type *promote_ints(const Type *a, const Type *b)
{
    int ba = ty_bits(a), bb = ty_bits(b);
    if (ty_is_signed(a) == ty_is_signed(b))
        return int_of(ty_is_signed(a), ba > bb ? ba : bb);
    const Type *s = ty_is_signed(a) ? a : b, *u = ty_is_signed(a) ? b : a;
    if (ty_bits(s) > ty_bits(u))
        return s;
    if (ty_bits(u) == 64)
        return ty_scalar(TY_FLOAT64); /* int64 with uint64: NumPy goes to float64 */
    return int_of(true, ty_bits(u) * 2);
}

/* NumPy's promotion of an integer with a float: 8-bit ints fit float16, 16-bit ones float32,
 * others need float64. */
static const Type *promote_int_float(const Type *i, const Type *f)
{
    if (f->kind == TY_FLOAT64)
        return f;
    if (f->kind == TY_FLOAT16 && ty_bits(i) > 8)
        return ty_bits(i) <= 16 ? ty_scalar(TY_FLOAT32) : ty_scalar(TY_FLOAT64);
    return ty_bits(i) <= 16 ? f : ty_scalar(TY_FLOAT64);
}

static int kind_rank(const Type *t) { return ty_is_bool(t) ? 0 : ty_is_int(t) ? 1 : ty_is_complex(t) ? 3 : 2; }

const Type *ty_complex_part(const Type *t)
{
    return ty_scalar(t->kind == TY_COMPLEX64 ? TY_FLOAT32 : TY_FLOAT64);
}

const Type *ty_complex_of(const Type *float_type)
{
    return ty_scalar(float_type->kind == TY_FLOAT32 ? TY_COMPLEX64 : TY_COMPLEX128);
}

/* NumPy's promotion with a complex operand: the complex type whose parts hold both operands'
 * values (complex64 with float64 or int32 is complex128, with float32 or int16 complex64). */
static const Type *promote_complex(const Type *a, const Type *b)
{
    const Type *pa = ty_is_complex(a) ? ty_complex_part(a) : a, *pb = ty_is_complex(b) ? ty_complex_part(b) : b;
    const Type *part = ty_promote(pa, false, pb, false);
    return ty_complex_of(ty_is_float(part) ? part : ty_scalar(TY_FLOAT64));
}

const Type *ty_promote(const Type *a, bool a_weak, const Type *b, bool b_weak)
{
    if (a->kind == TY_ERROR || b->kind == TY_ERROR)
        return ty_scalar(TY_ERROR);
    if (a_weak && b_weak) /* Python scalars: int64, float64 once a float is involved, complex128 */
        return kind_rank(a) == 3 || kind_rank(b) == 3 ? ty_scalar(TY_COMPLEX128)
             : kind_rank(a) == 2 || kind_rank(b) == 2 ? ty_scalar(TY_FLOAT64) : ty_scalar(TY_INT64);
    /* NEP 50: a weak operand takes the other's type unless it is of a higher kind; then it
     * gives its own Python type (a weak int with a bool is int64, a weak float with an int
     * is float64). */
    if (a_weak || b_weak) {
        const Type *weak = a_weak ? a : b, *strong = a_weak ? b : a;
        if (kind_rank(weak) <= kind_rank(strong))
            return strong;
        if (kind_rank(weak) == 3) /* a Python complex: complex64 with float32, else complex128 */
            return strong->kind == TY_FLOAT32 ? ty_scalar(TY_COMPLEX64) : ty_scalar(TY_COMPLEX128);
        return kind_rank(weak) == 2 ? ty_scalar(TY_FLOAT64) : ty_scalar(TY_INT64);
    }
    if (a == b)
        return a;
    if (ty_is_bool(a))
        return b;
    if (ty_is_bool(b))
        return a;
    if (ty_is_complex(a) || ty_is_complex(b))
        return promote_complex(a, b);
    if (ty_is_float(a) && ty_is_float(b))
        return a->kind > b->kind ? a : b; /* the wider */
    if (ty_is_int(a) && ty_is_int(b))
        return promote_ints(a, b);
    return ty_is_int(a) ? promote_int_float(a, b) : promote_int_float(b, a);
}

const Type *ty_unify(TypeTable *tt, const Type *a, const Type *b)
{
    if (a == b)
        return a;
    if (a->kind == TY_ERROR || b->kind == TY_ERROR)
        return ty_scalar(TY_ERROR);
    if (a->kind == TY_COMPTIME && a->dtype) /* a literal is a value of its type where it meets others */
        return ty_unify(tt, a->dtype, b);
    if (b->kind == TY_COMPTIME && b->dtype)
        return ty_unify(tt, a, b->dtype);
    if (ty_is_str_literal(a) || ty_is_str_literal(b)) /* a string literal meets others as a string */
        return ty_unify(tt, ty_is_str_literal(a) ? ty_scalar(TY_STR) : a, ty_is_str_literal(b) ? ty_scalar(TY_STR) : b);
    if (a->kind == TY_COMPTIME && a->dtype) /* a literal is a value of its type where it meets others */
        return ty_unify(tt, a->dtype, b);
    if (b->kind == TY_COMPTIME && b->dtype)
        return ty_unify(tt, a, b->dtype);
    if (ty_is_optional(a) || ty_is_optional(b) || ty_is_none_type(a) || ty_is_none_type(b)) {
        /* Numba: None meets a value as an Optional of it; Optionals meet through their values */
        const Type *va = ty_is_optional(a) ? a->elems[0] : a, *vb = ty_is_optional(b) ? b->elems[0] : b;
        const Type *v = ty_is_none_type(va) ? vb : ty_is_none_type(vb) ? va : ty_unify(tt, va, vb);
        /* jitc: Optionals of numbers, arrays and lists */
        return v && (ty_is_scalar(v) || v->kind == TY_ARRAY || v->kind == TY_LIST) ? ty_optional(tt, v) : NULL;
    }
    if (a->tag || b->tag) /* ranges of different integer types do not meet */
        return NULL;
    if (ty_is_scalar(a) && ty_is_scalar(b)) {
        /* Numba: integers unify to the wider one, anything with a float to float64, with a
         * complex to complex128 (complex64 with complex64 and float32) */
        if (ty_is_complex(a) || ty_is_complex(b))
            return ty_promote(a, false, b, false);
        if (ty_is_float(a) || ty_is_float(b))
            return ty_is_float(a) && ty_is_float(b) && a->kind <= TY_FLOAT32 && b->kind <= TY_FLOAT32
                       ? (a->kind > b->kind ? a : b) /* float16 with float32: float32 */
                       : ty_scalar(TY_FLOAT64);
        if (ty_is_bool(a))
            return b;
        if (ty_is_bool(b))
            return a;
        return promote_ints(a, b);
    }
    if (a->kind == TY_ARRAY && b->kind == TY_ARRAY && a->dtype == b->dtype && a->ndim == b->ndim)
        return array_type(tt, a->dtype, a->ndim, 'A', a->readonly || b->readonly);
    if (a->kind == TY_LIST && b->kind == TY_LIST && a->typed_list == b->typed_list) {
        if (!a->dtype || !b->dtype) /* `[]` takes the item type of the appends */
            return a->dtype ? a : b;
        if (a->dtype->kind != TY_LIST || b->dtype->kind != TY_LIST) /* Numba: list(int64), list(float64) do not */
            return NULL;
        const Type *u = ty_unify(tt, a->dtype, b->dtype); /* a list of `[]` */
        return u ? ty_list(tt, u, a->typed_list) : NULL;
    }
    if (a->kind == TY_DICT && b->kind == TY_DICT) /* `{}` takes the types of its stores */
        return !a->keytype ? b : !b->keytype ? a : NULL;
    if (a->kind == TY_SET && b->kind == TY_SET)
        return !a->dtype ? b : !b->dtype ? a : NULL;
    if (a->kind == TY_TUPLE && b->kind == TY_TUPLE && a->n == b->n) {
        const Type *elems[64];
        if (a->n > 64)
            return NULL;
        for (int i = 0; i < a->n; i++)
            if (!(elems[i] = ty_unify(tt, a->elems[i], b->elems[i])))
                return NULL;
        return ty_tuple(tt, elems, a->n);
    }
    return NULL;
}

bool ty_can_cast_safely(const Type *from, const Type *to)
{
    if (from == to)
        return true;
    if (!ty_is_scalar(from) || !ty_is_scalar(to))
        return false;
    if (ty_is_bool(from))
        return true;
    if (ty_is_bool(to))
        return false;
    if (ty_is_complex(to)) /* NumPy: to a complex type whose parts hold the value */
        return ty_can_cast_safely(ty_is_complex(from) ? ty_complex_part(from) : from, ty_complex_part(to));
    if (ty_is_complex(from))
        return false;
    if (ty_is_float(from))
        return ty_is_float(to) && ty_bits(to) >= ty_bits(from);
    if (ty_is_float(to)) /* NumPy: any integer to float64, up to 16 bits to float32, 8 to float16 */
        return to->kind == TY_FLOAT64 || ty_bits(from) <= (to->kind == TY_FLOAT16 ? 8 : 16);
    if (ty_is_signed(from) == ty_is_signed(to))
        return ty_bits(to) >= ty_bits(from);
    return ty_is_unsigned(from) && ty_bits(to) > ty_bits(from);
}

bool ty_holds_arrays(const Type *t)
{
    if (t->kind == TY_ARRAY || t->kind == TY_LIST || t->kind == TY_DICT || t->kind == TY_SET || t->kind == TY_STR)
        return true;
    for (int i = 0; t->kind == TY_TUPLE && i < t->n; i++)
        if (ty_holds_arrays(t->elems[i]))
            return true;
    return false;
}

bool ty_holds_list(const Type *t)
{
    if (t->kind == TY_LIST || ty_is_hash(t))
        return true;
    for (int i = 0; t->kind == TY_TUPLE && i < t->n; i++)
        if (ty_holds_list(t->elems[i]))
            return true;
    return false;
}

bool ty_has_float16(const Type *t)
{
    if (t->kind == TY_FLOAT16)
        return true;
    if (t->kind == TY_ARRAY)
        return t->dtype->kind == TY_FLOAT16;
    for (int i = 0; t->kind == TY_TUPLE && i < t->n; i++)
        if (ty_has_float16(t->elems[i]))
            return true;
    return false;
}

bool ty_holds_str(const Type *t)
{
    if (t->kind == TY_STR)
        return true;
    for (int i = 0; t->kind == TY_TUPLE && i < t->n; i++)
        if (ty_holds_str(t->elems[i]))
            return true;
    return false;
}

bool ty_is_str_literal(const Type *t)
{
    return t->kind == TY_COMPTIME && !t->dtype && t->key && t->key[0] == 'S'; /* build_call.c comptime_key */
}
