/* constarray.c — module-level NumPy arrays computed at compile time, as Numba freezes a global
 * array into the compiled code.
 *
 * The evaluator covers what modules write to make constant tables: np.array of (nested) lists
 * and tuples of numbers, np.arange, np.zeros/ones/full, np.linspace, .reshape, .astype, .T,
 * .copy(), np.asfortranarray/np.ascontiguousarray, and element-wise arithmetic with scalars and
 * between arrays (broadcast), with NumPy's result types (NEP 50: Python numbers are weak).
 * Values are kept in logical (row-major) order while computing; the memory order (C or F) is a
 * flag applied when the array is frozen. Anything else is not a constant array: prog_const_array
 * returns NULL and the name stays an ordinary module-level constant. */
#include "program.h"
#include "runtime/half.h" /* header-only: float16 elements as NumPy rounds them */

#include <math.h>
#include <string.h>

enum { MAX_ELEMENTS = 1 << 22, MAX_DEPTH = 16 };

typedef union Elem {
    int64_t i;  /* signed integers and bools */
    uint64_t u; /* unsigned integers */
    double f;   /* floats (a float32 rounded to float) */
    double c[2]; /* complex numbers: real, imaginary (c[0] is f: a complex read as a float is its real part) */
} Elem;

typedef struct Val {
    const Type *dtype;
    bool is_array; /* an ndarray (else a scalar; ndim 0) */
    bool weak;     /* a Python number, which yields to an array's dtype (NEP 50) */
    bool fortran;
    int ndim;
    int64_t shape[CONST_ARRAY_MAXDIM];
    int64_t count;
    Elem *e; /* count elements, row-major */
} Val;

typedef struct Eval {
    Program *p;
    int depth;
} Eval;

static bool eval(Eval *ev, const Expr *x, Val *out);

/* ---- values ---- */

static bool alloc_elems(Eval *ev, Val *v, const Type *dtype, int ndim, const int64_t *shape)
{
    int64_t count = 1;
    for (int k = 0; k < ndim; k++) {
        if (shape[k] < 0 || (shape[k] && count > MAX_ELEMENTS / shape[k]))
            return false;
        count *= shape[k];
    }
    *v = (Val){.dtype = dtype, .is_array = true, .ndim = ndim, .count = count};
    for (int k = 0; k < ndim; k++) /* no memcpy: a 0-d array's shape may be NULL */
        v->shape[k] = shape[k];
    v->e = arena_alloc(ev->p->arena, sizeof *v->e * (size_t)(count ? count : 1));
    return true;
}

static Val scalar_val(Eval *ev, const Type *dtype, Elem x, bool weak)
{
    Val v;
    alloc_elems(ev, &v, dtype, 0, NULL);
    v.is_array = false;
    v.weak = weak;
    v.e[0] = x;
    return v;
}

static double as_double(const Type *t, Elem x)
{
    return ty_is_float(t) || ty_is_complex(t) ? x.f : ty_is_unsigned(t) ? (double)x.u : (double)x.i;
}

/* x (of type from) as a complex of type to: a real number's imaginary part is 0. */
static Elem to_complex(const Type *from, const Type *to, Elem x)
{
    Elem r = {.c = {as_double(from, x), ty_is_complex(from) ? x.c[1] : 0.0}};
    if (to->kind == TY_COMPLEX64)
        r.c[0] = (double)(float)r.c[0], r.c[1] = (double)(float)r.c[1];
    return r;
}

/* x (of type from) as a value of type to, wrapped to its width as NumPy's casts do. */
static Elem convert(const Type *from, const Type *to, Elem x)
{
    if (ty_is_complex(to))
        return to_complex(from, to, x);
    if (ty_is_complex(from) && ty_is_bool(to))
        return (Elem){.i = x.c[0] != 0 || x.c[1] != 0};
    if (ty_is_complex(from)) /* NumPy drops the imaginary part (a ComplexWarning) */
        from = ty_scalar(TY_FLOAT64);
    if (ty_is_float(to)) {
        double d = as_double(from, x);
        if (to->kind == TY_FLOAT16) /* one rounding, as NumPy's astype(np.float16) */
            return (Elem){.f = jitc_half_to_double(jitc_double_to_half(d))};
        return (Elem){.f = to->kind == TY_FLOAT32 ? (double)(float)d : d};
    }
    if (ty_is_bool(to))
        return (Elem){.i = ty_is_float(from) ? x.f != 0 : x.i != 0};
    uint64_t bits = x.u;
    if (ty_is_float(from))
        bits = isfinite(x.f) && fabs(x.f) < 9.2e18 ? (uint64_t)(int64_t)x.f
               : x.f > 0 && x.f < 1.8e19              ? (uint64_t)x.f
                                                     : (uint64_t)INT64_MIN;
    switch (to->kind) {
    case TY_INT8: return (Elem){.i = (int8_t)bits};
    case TY_INT16: return (Elem){.i = (int16_t)bits};
    case TY_INT32: return (Elem){.i = (int32_t)bits};
    case TY_UINT8: return (Elem){.u = (uint8_t)bits};
    case TY_UINT16: return (Elem){.u = (uint16_t)bits};
    case TY_UINT32: return (Elem){.u = (uint32_t)bits};
    default: return (Elem){.u = bits};
    }
}

static bool cast_val(Eval *ev, const Val *in, const Type *dtype, Val *out)
{
    if (!alloc_elems(ev, out, dtype, in->ndim, in->shape))
        return false;
    out->is_array = in->is_array;
    out->weak = false;
    out->fortran = in->fortran;
    for (int64_t k = 0; k < in->count; k++)
        out->e[k] = convert(in->dtype, dtype, in->e[k]);
    return true;
}

/* ---- scalars, dtypes and shapes ---- */

static bool numpy_module(Eval *ev, const Expr *x)
{
    const Global *g = x->kind == EX_NAME ? prog_global(ev->p, x->name) : NULL;
    return g && g->kind == G_MODULE && g->module == MOD_NUMPY;
}

/* np.NAME's name, or NULL if x is not an attribute of numpy. */
static const char *numpy_attr(Eval *ev, const Expr *x)
{
    return x->kind == EX_ATTR && numpy_module(ev, x->attr.value) ? x->attr.name : NULL;
}

static const Type *dtype_expr(Eval *ev, const Expr *x)
{
    if (x->kind == EX_STR)
        return prog_type_name(x->str);
    if (x->kind == EX_NAME && !prog_global(ev->p, x->name)) { /* Python's own types */
        if (strcmp(x->name, "float") == 0)
            return ty_scalar(TY_FLOAT64);
        if (strcmp(x->name, "int") == 0)
            return ty_scalar(TY_INT64);
        if (strcmp(x->name, "bool") == 0)
            return ty_scalar(TY_BOOL);
    }
    const char *np = numpy_attr(ev, x);
    if (np && strcmp(np, "bool_") == 0)
        return ty_scalar(TY_BOOL);
    const Type *t = prog_type_expr(ev->p, x);
    return t && ty_is_scalar(t) ? t : NULL;
}

static bool int_scalar(Eval *ev, const Expr *x, int64_t *out)
{
    Val v;
    if (!eval(ev, x, &v) || v.is_array || !ty_is_int(v.dtype))
        return false;
    *out = v.e[0].i;
    return true;
}

static bool number_scalar(Eval *ev, const Expr *x, Val *out)
{
    return eval(ev, x, out) && !out->is_array;
}

/* A shape: an integer or a tuple of them. */
static int shape_expr(Eval *ev, const Expr *x, int64_t *dims)
{
    if (x->kind != EX_TUPLE && x->kind != EX_LIST)
        return int_scalar(ev, x, &dims[0]) && dims[0] >= 0 ? 1 : 0;
    if (x->seq.n > CONST_ARRAY_MAXDIM)
        return 0;
    for (int k = 0; k < x->seq.n; k++)
        if (!int_scalar(ev, x->seq.items[k], &dims[k]) || dims[k] < 0)
            return 0;
    return x->seq.n ? x->seq.n : -1; /* () is a 0-d shape, which is not a table */
}

/* Whether every keyword of the call is one of names (NULL-terminated). */
static bool keywords_among(const Expr *call, const char *const *names)
{
    for (int i = 0; i < call->call.nkws; i++) {
        bool known = false;
        for (const char *const *n = names; *n; n++)
            known |= strcmp(*n, call->call.kws[i].name) == 0;
        if (!known)
            return false;
    }
    return true;
}

/* The dtype= argument, or dflt when absent; false if it is not a dtype. */
static bool dtype_arg(Eval *ev, const Expr *call, int pos, const Type *dflt, const Type **out)
{
    const Expr *d = ast_call_arg(call, pos, "dtype");
    *out = d ? dtype_expr(ev, d) : dflt;
    return *out != NULL;
}

/* ---- constructors ---- */

/* Nested lists and tuples: each item a number or a sequence of the same shape. */
static bool nested_sequence(Eval *ev, const Expr *x, Val *out)
{
    if (x->kind != EX_LIST && x->kind != EX_TUPLE)
        return eval(ev, x, out);
    int n = x->seq.n;
    Val *items = arena_alloc(ev->p->arena, sizeof *items * (size_t)(n ? n : 1));
    const Type *dtype = n ? NULL : ty_scalar(TY_FLOAT64);
    for (int k = 0; k < n; k++) {
        if (!nested_sequence(ev, x->seq.items[k], &items[k]))
            return false;
        if (k && (items[k].ndim != items[0].ndim ||
                  memcmp(items[k].shape, items[0].shape, sizeof items[0].shape[0] * (size_t)items[0].ndim) != 0))
            return false; /* ragged */
        dtype = dtype ? ty_promote(dtype, false, items[k].dtype, false) : items[k].dtype;
    }
    int64_t shape[CONST_ARRAY_MAXDIM] = {n};
    int ndim = 1 + (n ? items[0].ndim : 0);
    if (ndim > CONST_ARRAY_MAXDIM)
        return false;
    for (int k = 1; k < ndim; k++)
        shape[k] = items[0].shape[k - 1];
    if (!alloc_elems(ev, out, dtype, ndim, shape))
        return false;
    int64_t per = n ? items[0].count : 0;
    for (int k = 0; k < n; k++)
        for (int64_t j = 0; j < per; j++)
            out->e[k * per + j] = convert(items[k].dtype, dtype, items[k].e[j]);
    return true;
}

static bool np_array(Eval *ev, const Expr *call, Val *out)
{
    static const char *const KWS[] = {"dtype", "object", NULL};
    const Expr *obj = ast_call_arg(call, 0, "object");
    if (!obj || !keywords_among(call, KWS) || call->call.nargs > 2)
        return false;
    Val v;
    if (!nested_sequence(ev, obj, &v) || (!v.is_array && obj->kind != EX_LIST && obj->kind != EX_TUPLE))
        return false;
    const Type *dtype;
    if (!dtype_arg(ev, call, 1, v.dtype, &dtype) || !cast_val(ev, &v, dtype, out))
        return false;
    out->is_array = true;
    return true;
}

static bool np_arange(Eval *ev, const Expr *call, Val *out)
{
    static const char *const KWS[] = {"dtype", "start", "stop", "step", NULL};
    if (!keywords_among(call, KWS) || call->call.nargs < 1 || call->call.nargs > 4)
        return false;
    Val a[3];
    int n = call->call.nargs == 4 ? 3 : call->call.nargs;
    for (int k = 0; k < n; k++)
        if (!number_scalar(ev, call->call.args[k], &a[k]))
            return false;
    if (ast_call_arg(call, 2, "step") && n < 3)
        return false;
    const Type *natural = ty_scalar(TY_INT64);
    for (int k = 0; k < n; k++)
        if (ty_is_float(a[k].dtype))
            natural = ty_scalar(TY_FLOAT64);
    const Type *dtype;
    if (!dtype_arg(ev, call, 3, natural, &dtype))
        return false;
    double start = n > 1 ? as_double(a[0].dtype, a[0].e[0]) : 0;
    double stop = as_double(a[n > 1].dtype, a[n > 1].e[0]);
    double step = n > 2 ? as_double(a[2].dtype, a[2].e[0]) : 1;
    if (step == 0 || !isfinite(start) || !isfinite(stop) || !isfinite(step))
        return false;
    double len = ceil((stop - start) / step);
    int64_t count = len > 0 ? (int64_t)fmin(len, (double)MAX_ELEMENTS + 1) : 0;
    if (!alloc_elems(ev, out, dtype, 1, &count))
        return false;
    bool ints = ty_is_int(natural);
    int64_t istart = n > 1 ? a[0].e[0].i : 0, istep = n > 2 ? a[2].e[0].i : 1;
    for (int64_t k = 0; k < count; k++)
        out->e[k] = ints ? convert(natural, dtype, (Elem){.i = istart + k * istep})
                         : convert(natural, dtype, (Elem){.f = start + (double)k * step});
    return true;
}

/* np.zeros, np.ones (fill 0 or 1) and np.full (fill given). */
static bool np_filled(Eval *ev, const Expr *call, const Val *fill, Val *out)
{
    static const char *const KWS[] = {"shape", "dtype", "fill_value", NULL};
    const Expr *shape = ast_call_arg(call, 0, "shape");
    int64_t dims[CONST_ARRAY_MAXDIM];
    int ndim = shape && keywords_among(call, KWS) ? shape_expr(ev, shape, dims) : 0;
    const Type *dtype;
    if (ndim <= 0 || !dtype_arg(ev, call, fill ? 2 : 1, fill ? fill->dtype : ty_scalar(TY_FLOAT64), &dtype) ||
        !alloc_elems(ev, out, dtype, ndim, dims))
        return false;
    const char *name = numpy_attr(ev, call->call.func);
    Elem one = convert(ty_scalar(TY_INT64), dtype, (Elem){.i = strcmp(name, "ones") == 0});
    Elem x = fill ? convert(fill->dtype, dtype, fill->e[0]) : one;
    for (int64_t k = 0; k < out->count; k++)
        out->e[k] = x;
    return true;
}

static bool np_linspace(Eval *ev, const Expr *call, Val *out)
{
    static const char *const KWS[] = {"start", "stop", "num", "dtype", NULL};
    const Expr *a = ast_call_arg(call, 0, "start"), *b = ast_call_arg(call, 1, "stop"), *n = ast_call_arg(call, 2, "num");
    Val va, vb;
    int64_t count = 50;
    const Type *dtype;
    if (!a || !b || !keywords_among(call, KWS) || !number_scalar(ev, a, &va) || !number_scalar(ev, b, &vb) ||
        (n && !int_scalar(ev, n, &count)) || count < 0 || !dtype_arg(ev, call, 5, ty_scalar(TY_FLOAT64), &dtype) ||
        !alloc_elems(ev, out, dtype, 1, &count))
        return false;
    double lo = as_double(va.dtype, va.e[0]), hi = as_double(vb.dtype, vb.e[0]);
    double step = count > 1 ? (hi - lo) / (double)(count - 1) : 0;
    for (int64_t k = 0; k < count; k++) {
        double x = k == count - 1 && count > 1 ? hi : lo + (double)k * step;
        out->e[k] = convert(ty_scalar(TY_FLOAT64), dtype, (Elem){.f = x});
    }
    return true;
}

/* ---- views and copies ---- */

static bool reshape(Eval *ev, const Val *in, const Expr *const *args, int nargs, Val *out)
{
    int64_t dims[CONST_ARRAY_MAXDIM];
    int ndim = nargs == 1 && (args[0]->kind == EX_TUPLE || args[0]->kind == EX_LIST) ? args[0]->seq.n : nargs;
    const Expr *const *items = nargs == 1 && (args[0]->kind == EX_TUPLE || args[0]->kind == EX_LIST)
                                   ? (const Expr *const *)args[0]->seq.items
                                   : args;
    if (ndim < 1 || ndim > CONST_ARRAY_MAXDIM)
        return false;
    int unknown = -1;
    int64_t known = 1;
    for (int k = 0; k < ndim; k++) {
        if (!int_scalar(ev, items[k], &dims[k]) || dims[k] < -1 || (dims[k] == -1 && unknown >= 0))
            return false;
        if (dims[k] == -1)
            unknown = k;
        else
            known *= dims[k];
    }
    if (unknown >= 0)
        dims[unknown] = known ? in->count / known : -1;
    int64_t total = 1;
    for (int k = 0; k < ndim; k++)
        total *= dims[k];
    if (total != in->count || !alloc_elems(ev, out, in->dtype, ndim, dims))
        return false;
    memcpy(out->e, in->e, sizeof *in->e * (size_t)in->count);
    out->fortran = in->fortran && ndim > 1 && ndim == in->ndim &&
                   memcmp(dims, in->shape, sizeof *dims * (size_t)ndim) == 0;
    return true;
}

/* Row-major index of the multi-index idx in shape. */
static int64_t flat_index(const int64_t *idx, const int64_t *shape, int ndim)
{
    int64_t f = 0;
    for (int k = 0; k < ndim; k++)
        f = f * shape[k] + idx[k];
    return f;
}

/* The multi-index of row-major position flat in shape. */
static void unflatten(int64_t flat, const int64_t *shape, int ndim, int64_t *idx)
{
    for (int k = ndim - 1; k >= 0; k--) {
        idx[k] = shape[k] ? flat % shape[k] : 0;
        flat = shape[k] ? flat / shape[k] : 0;
    }
}

static bool transpose(Eval *ev, const Val *in, Val *out)
{
    int64_t shape[CONST_ARRAY_MAXDIM], idx[CONST_ARRAY_MAXDIM], src[CONST_ARRAY_MAXDIM];
    for (int k = 0; k < in->ndim; k++)
        shape[k] = in->shape[in->ndim - 1 - k];
    if (!alloc_elems(ev, out, in->dtype, in->ndim, shape))
        return false;
    for (int64_t f = 0; f < out->count; f++) {
        unflatten(f, shape, in->ndim, idx);
        for (int k = 0; k < in->ndim; k++)
            src[k] = idx[in->ndim - 1 - k];
        out->e[f] = in->e[flat_index(src, in->shape, in->ndim)];
    }
    out->fortran = in->ndim > 1 && !in->fortran;
    return true;
}

static bool with_order(Eval *ev, const Expr *call, bool fortran, Val *out)
{
    if (call->call.nargs != 1 || call->call.nkws || !eval(ev, call->call.args[0], out))
        return false;
    if (!out->is_array)
        return false;
    out->fortran = fortran && out->ndim > 1;
    return true;
}

/* ---- arithmetic ---- */

static int64_t floor_div_int(int64_t a, int64_t b)
{
    if (b == 0)
        return 0;
    if (b == -1)
        return (int64_t)(0 - (uint64_t)a);
    int64_t q = a / b;
    return q * b != a && (a < 0) != (b < 0) ? q - 1 : q;
}

static int64_t mod_int(int64_t a, int64_t b)
{
    if (b == 0 || b == -1)
        return 0;
    int64_t r = a % b;
    return r && (r < 0) != (b < 0) ? r + b : r;
}

static bool pow_int(uint64_t base, int64_t exp, uint64_t *out)
{
    if (exp < 0)
        return false; /* NumPy: integers to negative integer powers are not allowed */
    uint64_t r = 1;
    for (; exp; exp >>= 1, base *= base)
        if (exp & 1)
            r *= base;
    *out = r;
    return true;
}

static bool int_op(AstOp op, bool is_unsigned, Elem a, Elem b, Elem *r)
{
    switch (op) {
    case OP_ADD: r->u = a.u + b.u; return true;
    case OP_SUB: r->u = a.u - b.u; return true;
    case OP_MUL: r->u = a.u * b.u; return true;
    case OP_FLOORDIV: r->u = is_unsigned ? (b.u ? a.u / b.u : 0) : (uint64_t)floor_div_int(a.i, b.i); return true;
    case OP_MOD: r->u = is_unsigned ? (b.u ? a.u % b.u : 0) : (uint64_t)mod_int(a.i, b.i); return true;
    case OP_POW: return pow_int(a.u, is_unsigned ? (int64_t)(b.u & INT64_MAX) : b.i, &r->u);
    default: return false;
    }
}

static double float_mod(double a, double b)
{
    if (b == 0)
        return NAN;
    double r = fmod(a, b);
    return r != 0 && (r < 0) != (b < 0) ? r + b : r;
}

/* NumPy's npy_divmod: the quotient of a - (a mod b), rounded to the nearest whole number. */
static double float_floor_div(double a, double b)
{
    if (b == 0)
        return a / b;
    double div = (a - float_mod(a, b)) / b;
    if (div == 0)
        return copysign(0.0, a / b);
    double fl = floor(div);
    return div - fl > 0.5 ? fl + 1 : fl;
}

static bool float_op(AstOp op, double a, double b, double *r)
{
    switch (op) {
    case OP_ADD: *r = a + b; return true;
    case OP_SUB: *r = a - b; return true;
    case OP_MUL: *r = a * b; return true;
    case OP_DIV: *r = a / b; return true;
    case OP_FLOORDIV: *r = float_floor_div(a, b); return true;
    case OP_MOD: *r = float_mod(a, b); return true;
    case OP_POW: *r = pow(a, b); return true;
    default: return false;
    }
}

/* Complex arithmetic as NumPy's: division by Smith's method (npy_cdiv); no //, % or ** here. */
static bool complex_op(AstOp op, const double *a, const double *b, double *r)
{
    switch (op) {
    case OP_ADD: r[0] = a[0] + b[0], r[1] = a[1] + b[1]; return true;
    case OP_SUB: r[0] = a[0] - b[0], r[1] = a[1] - b[1]; return true;
    case OP_MUL: r[0] = a[0] * b[0] - a[1] * b[1], r[1] = a[0] * b[1] + a[1] * b[0]; return true;
    case OP_DIV: {
        double ar = a[0], ai = a[1], br = b[0], bi = b[1];
        if (fabs(br) >= fabs(bi)) {
            if (br == 0 && bi == 0) {
                r[0] = ar / fabs(br), r[1] = ai / fabs(bi);
                return true;
            }
            double rat = bi / br, scl = 1.0 / (br + bi * rat);
            r[0] = (ar + ai * rat) * scl, r[1] = (ai - ar * rat) * scl;
        } else {
            double rat = br / bi, scl = 1.0 / (bi + br * rat);
            r[0] = (ar * rat + ai) * scl, r[1] = (ai * rat - ar) * scl;
        }
        return true;
    }
    default: return false;
    }
}

/* NumPy's result dtype for op between a and b (NEP 50). */
static const Type *result_dtype(AstOp op, const Val *a, const Val *b)
{
    if (ty_is_bool(a->dtype) && ty_is_bool(b->dtype))
        return NULL; /* bool arithmetic is logic in NumPy, and an error for - */
    const Type *t = ty_promote(a->dtype, a->weak, b->dtype, b->weak);
    if (op == OP_DIV && !ty_is_float(t))
        return ty_scalar(TY_FLOAT64);
    if (a->weak && b->weak && op == OP_POW && ty_is_int(t) && b->e[0].i < 0)
        return ty_scalar(TY_FLOAT64); /* Python: 2 ** -1 is 0.5 */
    return ty_is_bool(t) ? ty_scalar(TY_INT64) : t;
}

/* The broadcast shape of a and b; false if they do not broadcast. */
static bool broadcast_shape(const Val *a, const Val *b, int *ndim, int64_t *shape)
{
    *ndim = a->ndim > b->ndim ? a->ndim : b->ndim;
    for (int k = 0; k < *ndim; k++) {
        int ka = k - (*ndim - a->ndim), kb = k - (*ndim - b->ndim);
        int64_t da = ka >= 0 ? a->shape[ka] : 1, db = kb >= 0 ? b->shape[kb] : 1;
        if (da != db && da != 1 && db != 1)
            return false;
        shape[k] = da == 1 ? db : da;
    }
    return true;
}

/* The element of v at the broadcast multi-index idx (of ndim axes). */
static Elem broadcast_elem(const Val *v, const int64_t *idx, int ndim)
{
    int64_t f = 0;
    for (int k = 0; k < v->ndim; k++) {
        int64_t i = idx[k + ndim - v->ndim];
        f = f * v->shape[k] + (v->shape[k] == 1 ? 0 : i);
    }
    return v->e[f];
}

static bool binary(Eval *ev, AstOp op, const Val *a, const Val *b, Val *out)
{
    const Type *t = result_dtype(op, a, b);
    int ndim;
    int64_t shape[CONST_ARRAY_MAXDIM], idx[CONST_ARRAY_MAXDIM];
    if (!t || !broadcast_shape(a, b, &ndim, shape) || !alloc_elems(ev, out, t, ndim, shape))
        return false;
    out->is_array = a->is_array || b->is_array;
    out->weak = a->weak && b->weak;
    out->fortran = ndim > 1 && (!a->is_array || a->fortran) && (!b->is_array || b->fortran);
    bool in_floats = ty_is_float(t), in_complex = ty_is_complex(t);
    for (int64_t f = 0; f < out->count; f++) {
        unflatten(f, shape, ndim, idx);
        Elem x = convert(a->dtype, t, broadcast_elem(a, idx, ndim));
        Elem y = convert(b->dtype, t, broadcast_elem(b, idx, ndim));
        Elem r;
        if (in_complex) { /* computed in double, rounded to the parts' type */
            if (!complex_op(op, x.c, y.c, r.c))
                return false;
            out->e[f] = convert(ty_scalar(TY_COMPLEX128), t, r);
            continue;
        }
        if (in_floats ? !float_op(op, x.f, y.f, &r.f) : !int_op(op, ty_is_unsigned(t), x, y, &r))
            return false;
        out->e[f] = convert(in_floats ? ty_scalar(TY_FLOAT64) : t, t, r);
    }
    return true;
}

static bool negate(Eval *ev, const Val *in, Val *out)
{
    if (ty_is_bool(in->dtype))
        return false;
    Val zero = scalar_val(ev, ty_scalar(TY_INT64), (Elem){.i = 0}, true);
    if (!binary(ev, OP_SUB, &zero, in, out))
        return false;
    out->weak = in->weak;
    return true;
}

/* ---- expressions ---- */

static bool from_const_array(Eval *ev, const ConstArray *c, Val *out)
{
    if (!alloc_elems(ev, out, c->dtype, c->ndim, c->shape))
        return false;
    out->fortran = c->fortran;
    int64_t idx[CONST_ARRAY_MAXDIM], rev[CONST_ARRAY_MAXDIM], fshape[CONST_ARRAY_MAXDIM];
    for (int k = 0; k < c->ndim; k++)
        fshape[k] = c->shape[c->ndim - 1 - k];
    int size = ty_size(c->dtype);
    for (int64_t m = 0; m < c->count; m++) { /* m: position in memory */
        int64_t f = m;
        if (c->fortran) {
            unflatten(m, fshape, c->ndim, rev);
            for (int k = 0; k < c->ndim; k++)
                idx[k] = rev[c->ndim - 1 - k];
            f = flat_index(idx, c->shape, c->ndim);
        }
        Elem x = {.u = 0};
        const unsigned char *src = c->data + m * size;
        if (c->dtype->kind == TY_COMPLEX64) {
            float parts[2];
            memcpy(parts, src, 8);
            x.c[0] = parts[0], x.c[1] = parts[1];
        } else if (c->dtype->kind == TY_COMPLEX128) {
            memcpy(x.c, src, 16);
        } else if (ty_is_float(c->dtype)) {
            float f32;
            uint16_t f16;
            if (size == 2)
                memcpy(&f16, src, 2), x.f = jitc_half_to_double(f16);
            else if (size == 4)
                memcpy(&f32, src, 4), x.f = f32;
            else
                memcpy(&x.f, src, 8);
        } else {
            uint64_t bits = 0;
            memcpy(&bits, src, (size_t)size); /* little-endian, as the targets are */
            x = convert(ty_scalar(TY_UINT64), c->dtype, (Elem){.u = bits});
        }
        out->e[f] = x;
    }
    return true;
}

static bool eval_name(Eval *ev, const Expr *x, Val *out)
{
    const Global *g = prog_global(ev->p, x->name);
    if (!g)
        return false;
    if (g->kind == G_ARRAY)
        return from_const_array(ev, g->array, out);
    if (g->kind == G_MATHCONST) {
        *out = scalar_val(ev, ty_scalar(TY_FLOAT64), (Elem){.f = g->fval}, true);
        return true;
    }
    if (g->kind != G_CONST || ev->depth > MAX_DEPTH)
        return false;
    ev->depth++;
    bool ok = eval(ev, g->expr, out);
    ev->depth--;
    return ok;
}

static bool numpy_constant(Eval *ev, const char *name, Val *out)
{
    double v;
    if (!prog_math_constant(name, &v))
        return false;
    *out = scalar_val(ev, ty_scalar(TY_FLOAT64), (Elem){.f = v}, true);
    return true;
}

static bool method_call(Eval *ev, const Expr *call, Val *out)
{
    const Expr *f = call->call.func;
    Val self;
    if (f->kind != EX_ATTR || !eval(ev, f->attr.value, &self) || !self.is_array)
        return false;
    const char *m = f->attr.name;
    if (strcmp(m, "reshape") == 0 && !call->call.nkws)
        return reshape(ev, &self, (const Expr *const *)call->call.args, call->call.nargs, out);
    if (strcmp(m, "astype") == 0 && call->call.nargs == 1 && !call->call.nkws) {
        const Type *t = dtype_expr(ev, call->call.args[0]);
        return t && cast_val(ev, &self, t, out);
    }
    if ((strcmp(m, "copy") == 0 || strcmp(m, "transpose") == 0) && !call->call.nargs && !call->call.nkws)
        return m[0] == 'c' ? (*out = self, true) : transpose(ev, &self, out);
    return false;
}

static bool numpy_call(Eval *ev, const Expr *call, const char *fn, Val *out)
{
    if (strcmp(fn, "array") == 0 || strcmp(fn, "asarray") == 0)
        return np_array(ev, call, out);
    if (strcmp(fn, "arange") == 0)
        return np_arange(ev, call, out);
    if (strcmp(fn, "zeros") == 0 || strcmp(fn, "ones") == 0)
        return np_filled(ev, call, NULL, out);
    if (strcmp(fn, "full") == 0) {
        const Expr *fill = ast_call_arg(call, 1, "fill_value");
        Val v;
        return fill && number_scalar(ev, fill, &v) && np_filled(ev, call, &v, out);
    }
    if (strcmp(fn, "linspace") == 0)
        return np_linspace(ev, call, out);
    if (strcmp(fn, "asfortranarray") == 0 || strcmp(fn, "ascontiguousarray") == 0)
        return with_order(ev, call, fn[2] == 'f', out);
    if (strcmp(fn, "reshape") == 0 && call->call.nargs >= 2 && !call->call.nkws) {
        Val in;
        return eval(ev, call->call.args[0], &in) && in.is_array &&
               reshape(ev, &in, (const Expr *const *)call->call.args + 1, call->call.nargs - 1, out);
    }
    if (strcmp(fn, "transpose") == 0 && call->call.nargs == 1 && !call->call.nkws) {
        Val in;
        return eval(ev, call->call.args[0], &in) && in.is_array && transpose(ev, &in, out);
    }
    return false;
}

static bool eval(Eval *ev, const Expr *x, Val *out)
{
    switch (x->kind) {
    case EX_INT: *out = scalar_val(ev, ty_scalar(TY_INT64), (Elem){.i = x->ival}, true); return true;
    case EX_FLOAT: *out = scalar_val(ev, ty_scalar(TY_FLOAT64), (Elem){.f = x->fval}, true); return true;
    case EX_BOOL: *out = scalar_val(ev, ty_scalar(TY_BOOL), (Elem){.i = x->bval}, true); return true;
    case EX_IMAG: *out = scalar_val(ev, ty_scalar(TY_COMPLEX128), (Elem){.c = {0.0, x->fval}}, true); return true;
    case EX_NAME: return eval_name(ev, x, out);
    case EX_UNARY: {
        Val v;
        if (!eval(ev, x->unary.operand, &v))
            return false;
        if (x->unary.op == OP_POS && !ty_is_bool(v.dtype))
            return *out = v, true;
        return x->unary.op == OP_NEG && negate(ev, &v, out);
    }
    case EX_BINOP: {
        Val a, b;
        return eval(ev, x->binop.lhs, &a) && eval(ev, x->binop.rhs, &b) && binary(ev, x->binop.op, &a, &b, out);
    }
    case EX_ATTR: {
        const char *np = numpy_attr(ev, x);
        if (np)
            return numpy_constant(ev, np, out);
        Val v;
        return strcmp(x->attr.name, "T") == 0 && eval(ev, x->attr.value, &v) && v.is_array && transpose(ev, &v, out);
    }
    case EX_CALL: {
        const char *fn = numpy_attr(ev, x->call.func);
        return fn ? numpy_call(ev, x, fn, out) : method_call(ev, x, out);
    }
    default: return false;
    }
}

/* ---- freezing ---- */

static void store_elem(unsigned char *dst, const Type *t, Elem x)
{
    if (t->kind == TY_COMPLEX64) {
        float parts[2] = {(float)x.c[0], (float)x.c[1]};
        memcpy(dst, parts, 8);
    } else if (t->kind == TY_COMPLEX128) {
        memcpy(dst, x.c, 16);
    } else if (t->kind == TY_FLOAT16) {
        uint16_t h = jitc_double_to_half(x.f);
        memcpy(dst, &h, 2);
    } else if (t->kind == TY_FLOAT32) {
        float f = (float)x.f;
        memcpy(dst, &f, 4);
    } else if (t->kind == TY_FLOAT64) {
        memcpy(dst, &x.f, 8);
    } else {
        memcpy(dst, &x.u, (size_t)ty_size(t)); /* little-endian, as the targets are */
    }
}

static const ConstArray *freeze(Program *p, const char *name, const Val *v)
{
    ConstArray *c = arena_alloc(p->arena, sizeof *c);
    *c = (ConstArray){.name = name, .dtype = v->dtype, .ndim = v->ndim, .fortran = v->fortran && v->ndim > 1,
                      .count = v->count};
    memcpy(c->shape, v->shape, sizeof *v->shape * (size_t)v->ndim);
    int size = ty_size(v->dtype);
    unsigned char *data = arena_alloc(p->arena, (size_t)(v->count ? v->count : 1) * (size_t)size);
    int64_t idx[CONST_ARRAY_MAXDIM], rev[CONST_ARRAY_MAXDIM], fshape[CONST_ARRAY_MAXDIM];
    for (int k = 0; k < v->ndim; k++)
        fshape[k] = v->shape[v->ndim - 1 - k];
    for (int64_t m = 0; m < v->count; m++) {
        int64_t f = m;
        if (c->fortran) {
            unflatten(m, fshape, v->ndim, rev);
            for (int k = 0; k < v->ndim; k++)
                idx[k] = rev[v->ndim - 1 - k];
            f = flat_index(idx, v->shape, v->ndim);
        }
        store_elem(data + m * size, v->dtype, v->e[f]);
    }
    c->data = data;
    return c;
}

const ConstArray *prog_const_array(Program *p, const char *name, const Expr *e)
{
    Eval ev = {p, 0};
    Val v;
    if (!eval(&ev, e, &v) || !v.is_array || v.ndim < 1)
        return NULL;
    return freeze(p, name, &v);
}

const ConstArray *prog_const_array_inplace(Program *p, const char *name, const Expr *e, const ConstArray *into)
{
    Eval ev = {p, 0};
    Val v, cast;
    if (!eval(&ev, e, &v) || !v.is_array || v.ndim != into->ndim ||
        memcmp(v.shape, into->shape, sizeof *v.shape * (size_t)v.ndim) != 0 || !cast_val(&ev, &v, into->dtype, &cast))
        return NULL;
    cast.fortran = into->fortran;
    return freeze(p, name, &cast);
}

const Type *prog_const_array_type(Program *p, const ConstArray *a)
{
    return ty_array_readonly(&p->types, a->dtype, a->ndim, a->fortran ? 'A' : 'C');
}
