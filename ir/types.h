/* types.h — the types of krn: scalars, arrays of any rank, tuples; promotion and unification.
 *
 * Scalar types are static constants; array and tuple types are interned in a TypeTable so
 * two equal types are the same pointer. Promotion follows NumPy; literals are weak (NEP 50):
 * an operand marked weak yields to the other operand's type of the same kind. Variables
 * unify the way Numba's do (int64 and float64 give float64). */
#ifndef JITC_TYPES_H
#define JITC_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend/arena.h"

typedef enum {
    TY_BOOL,
    TY_INT8, TY_INT16, TY_INT32, TY_INT64,
    TY_UINT8, TY_UINT16, TY_UINT32, TY_UINT64,
    TY_FLOAT16, /* half precision: GPU code only (Numba's CPU target has no float16) */
    TY_FLOAT32, TY_FLOAT64,
    /* complex numbers: two floats, real then imaginary, as NumPy stores them */
    TY_COMPLEX64, TY_COMPLEX128,
    TY_NONE,    /* no value: a function without return value */
    TY_ARRAY,
    TY_TUPLE,
    TY_LIST,    /* a list: dtype is the item type (NULL: not known yet, `[]` before an
                   append), typed_list says numba.typed.List rather than a reflected list */
    TY_DICT,    /* a dict (Numba's typed dict, numba.typed.Dict): keytype and dtype are the key and value
                   types (NULL: not known yet, `{}` before a store); cpython/build_dict.c */
    TY_SET,     /* a set: dtype is the item type (NULL: not known yet, `set()` before an add) */
    TY_COMPTIME, /* a compile-time argument: a type object, a function, or a literal integer (Numba's
                    NumberClass, Function/Dispatcher, IntegerLiteral); it has no run-time value */
    TY_STR,     /* an immutable string whose value is a constant of the source (Numba's unicode_type):
                   a pointer to a JitcStr (runtime/str.h), never freed; build_str.c */
    TY_ERROR,   /* poison after a reported error: silences follow-on errors */
} TypeKind;

/* The most dimensions an array has: NumPy's limit (NPY_MAXDIMS before NumPy 2). */
enum { TY_MAX_NDIM = 32 };

typedef struct Type Type;
struct Type {
    TypeKind kind;
    const Type *dtype;  /* TY_ARRAY: element type (a scalar); TY_LIST, TY_SET: item type; TY_DICT: value type */
    const Type *keytype; /* TY_DICT: key type */
    bool typed_list;    /* TY_LIST: numba.typed.List */
    int ndim;           /* TY_ARRAY */
    char layout;        /* TY_ARRAY: 'C' contiguous or 'A' any strides */
    bool readonly;      /* TY_ARRAY: a module-level array frozen as a constant (Numba's readonly array) */
    int n;              /* TY_TUPLE: element count */
    char tag;           /* TY_TUPLE: 0 a tuple; TY_TAG_RANGE or TY_TAG_OPTIONAL (ty_tagged) */
    const Type **elems; /* TY_TUPLE */
    const struct TupleClass *tuple_class; /* TY_TUPLE, not tagged: a named tuple's class, else NULL */
    /* TY_COMPTIME: key identifies it (and is its mangling: letters, digits, '_'); name is how
     * messages show it; a literal is literal in type dtype (a literal tuple: dtype is its tuple
     * type, payload its int64_t values), else payload is what the builder
     * makes of it (an Operand, build.h). */
    const char *key, *name;
    const void *payload;
    int64_t literal;
};

typedef struct TypeTable {
    Arena *arena;
    Type **items;
    int n, cap;
} TypeTable;

const Type *ty_scalar(TypeKind k); /* TY_BOOL .. TY_NONE, TY_ERROR */
const Type *ty_array(TypeTable *tt, const Type *dtype, int ndim, char layout);
/* The same array type, read-only: a module-level NumPy array frozen into the code. */
const Type *ty_array_readonly(TypeTable *tt, const Type *dtype, int ndim, char layout);
const Type *ty_tuple(TypeTable *tt, const Type **elems, int n);
/* A named tuple's class (typing.NamedTuple, collections.namedtuple): its name and fields. */
typedef struct TupleClass {
    const char *name;
    const char **fields;
    const struct Expr *const *defaults; /* each field's default (a NamedTuple's `x: float = 0.0`), or NULL */
    int n;
} TupleClass;
/* A tuple of class cls (n == cls->n elements), which its fields name (Numba's NamedTuple). */
const Type *ty_named_tuple(TypeTable *tt, const TupleClass *cls, const Type **elems);
/* Numba's range objects and Optional values, laid out as tuples but not tuples to the user:
 * a range_state_T is (start, stop, step) of integer type T (cpython/build_range.c); an
 * OptionalType(T) is (value, valid: bool), the value undefined where not valid (builder/build_optional.c). */
enum { TY_TAG_RANGE = 'r', TY_TAG_OPTIONAL = 'o', TY_TAG_ITER = 'i' /* iter(x): build_iterator.c */ };
/* A slice object, slice(start, stop, step): three int64, the tag TY_TAG_SLICE + a mask of the
 * parts given (1 start, 2 stop, 4 step; None or left out: not given), as Numba's slice types
 * know them when compiling (np/build_view.c). */
enum { TY_TAG_SLICE = 'A', TY_SLICE_START = 1, TY_SLICE_STOP = 2, TY_SLICE_STEP = 4 };
static inline bool ty_is_slice(const Type *t)
{
    return t->kind == TY_TUPLE && t->tag >= TY_TAG_SLICE && t->tag < TY_TAG_SLICE + 8;
}
const Type *ty_tagged(TypeTable *tt, char tag, const Type **elems, int n);
const Type *ty_range(TypeTable *tt, const Type *int_type);
const Type *ty_optional(TypeTable *tt, const Type *value_type);
static inline bool ty_is_range(const Type *t) { return t->kind == TY_TUPLE && t->tag == TY_TAG_RANGE; }
static inline bool ty_is_optional(const Type *t) { return t->kind == TY_TUPLE && t->tag == TY_TAG_OPTIONAL; }
static inline bool ty_is_iter(const Type *t) { return t->kind == TY_TUPLE && t->tag == TY_TAG_ITER; }
/* A np.random.Generator passed in (Numba's NumPyRandomGeneratorType): the address of its PCG64
 * words (runtime/generator.h), a uint64 under the tag; compiled code never makes one (np/build_generator.c). */
enum { TY_TAG_GENERATOR = 'g' };
const Type *ty_generator(TypeTable *tt);
static inline bool ty_is_generator(const Type *t) { return t->kind == TY_TUPLE && t->tag == TY_TAG_GENERATOR; }
/* None: the type of a function without return value, or the compile-time None ("Z") a variable
 * holds after `x = None` (build_call.c comptime_key). */
bool ty_is_none_type(const Type *t);
/* The list of items of type item (NULL: not known yet); typed: numba.typed.List. */
const Type *ty_list(TypeTable *tt, const Type *item, bool typed);
/* The dict of keys key to values value, the set of items item (NULL: not known yet). */
const Type *ty_dict(TypeTable *tt, const Type *key, const Type *value);
const Type *ty_set(TypeTable *tt, const Type *item);
static inline bool ty_is_hash(const Type *t) { return t && (t->kind == TY_DICT || t->kind == TY_SET); }
/* The compile-time argument of this key; payload, name and literal are taken from the first
 * request (equal keys stand for the same thing). */
const Type *ty_comptime(TypeTable *tt, const char *key, const char *name, const void *payload,
                        const Type *dtype, int64_t literal);

static inline bool ty_is_int(const Type *t) { return t->kind >= TY_INT8 && t->kind <= TY_UINT64; }
static inline bool ty_is_signed(const Type *t) { return t->kind >= TY_INT8 && t->kind <= TY_INT64; }
static inline bool ty_is_unsigned(const Type *t) { return t->kind >= TY_UINT8 && t->kind <= TY_UINT64; }
static inline bool ty_is_float(const Type *t) { return t->kind >= TY_FLOAT16 && t->kind <= TY_FLOAT64; }
static inline bool ty_is_bool(const Type *t) { return t->kind == TY_BOOL; }
static inline bool ty_is_number(const Type *t) { return t->kind <= TY_COMPLEX128; } /* bool, complex too */
static inline bool ty_is_scalar(const Type *t) { return t->kind <= TY_COMPLEX128; }
/* complex numbers: */
static inline bool ty_is_complex(const Type *t) { return t->kind == TY_COMPLEX64 || t->kind == TY_COMPLEX128; }
/* A scalar that is not complex: what ordering, floor division, bit operations, math.* take. */
static inline bool ty_is_real(const Type *t) { return t->kind <= TY_COMPLEX128 && !ty_is_complex(t); }
/* The float type of a complex type's parts (complex64: float32), and the complex type whose
 * parts are of float type t. */
const Type *ty_complex_part(const Type *t);
const Type *ty_complex_of(const Type *float_type);
/* An array, a list, a dict, a set, a string, or a tuple with one inside: a value whose references a
 * function may own. */
bool ty_holds_arrays(const Type *t);
/* Whether t is a list, a dict or a set, or a tuple with one inside. */
bool ty_holds_list(const Type *t);
/* Whether t is a string literal passed or bound as a compile-time argument (Literal[str](abc)). */
bool ty_is_str_literal(const Type *t);
/* Whether t is a string (TY_STR), or a tuple with one inside. */
bool ty_holds_str(const Type *t);
/* Whether t is float16, or an array or tuple with float16 inside. */
bool ty_has_float16(const Type *t);
int ty_bits(const Type *t);           /* scalar width in bits; bool is 8 in memory, 1 in registers;
                                         complex64 is 64, complex128 128 (both parts) */
int ty_size(const Type *t);           /* bytes of a scalar in memory */
bool ty_int_holds(const Type *t, int64_t v); /* v is a value of integer type t */

/* Names as signatures write them: "int64", "float32", "float64[:, ::1]" (C-contiguous),
 * "float64[:]" (any layout), "(int64, float64)". */
const char *ty_name(Arena *a, const Type *t);
/* Signature-style mangling for symbols: "i64", "f32", "a2Cf64", "t2_i64_f64". */
const char *ty_mangle(Arena *a, const Type *t);

/* Result type of an arithmetic operation between two scalars under NumPy's promotion, with
 * NEP 50 weak operands. bool with bool stays bool (callers widen where Python does). */
const Type *ty_promote(const Type *a, bool a_weak, const Type *b, bool b_weak);
/* Unification of two types assigned to one variable (Numba's rules); NULL if impossible. */
const Type *ty_unify(TypeTable *tt, const Type *a, const Type *b);
/* Whether a value of type `from` converts to `to` without loss of kind (NumPy "safe" cast). */
bool ty_can_cast_safely(const Type *from, const Type *to);

#endif
