/* repr.c — Python's repr() of the values a call returns (see repr.h): scalars, tuples, lists
 * (nested to any depth) and results; floats through runtime/pyrepr.c's shortest digits, arrays through repr_array.c
 * (NumPy's repr). */
#include "repr.h"
#include "runtime/pyrepr.h"
#include "runtime/pyrepr_text.h"
#include "runtime/str.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ---- values ---- */

static void pyrepr_put_value(PyOut *o, const jitc_value *v);

/* Item i of a returned list's 1-d tensor as the scalar value it was. */
static jitc_value list_item(const DLTensor *t, int64_t i)
{
    const char *p = (const char *)t->data + i * (t->dtype.bits / 8);
    jitc_value v = {0};
    switch (t->dtype.code) {
    case kDLFloat:
        if (t->dtype.bits == 32) { v.kind = JITC_FLOAT32; memcpy(&v.f32, p, 4); }
        else { v.kind = JITC_FLOAT64; memcpy(&v.f64, p, 8); }
        break;
    case kDLComplex:
        if (t->dtype.bits == 64) { v.kind = JITC_COMPLEX64; memcpy(&v.c64, p, 8); }
        else { v.kind = JITC_COMPLEX128; memcpy(&v.c128, p, 16); }
        break;
    case kDLInt:
        v.kind = t->dtype.bits == 8 ? JITC_INT8 : t->dtype.bits == 16 ? JITC_INT16 : t->dtype.bits == 32 ? JITC_INT32 : JITC_INT64;
        v.i = t->dtype.bits == 8 ? *(const int8_t *)p : t->dtype.bits == 16 ? *(const int16_t *)p
            : t->dtype.bits == 32 ? *(const int32_t *)p : *(const int64_t *)p;
        break;
    case kDLUInt:
        v.kind = t->dtype.bits == 8 ? JITC_UINT8 : t->dtype.bits == 16 ? JITC_UINT16 : t->dtype.bits == 32 ? JITC_UINT32 : JITC_UINT64;
        v.u = t->dtype.bits == 8 ? *(const uint8_t *)p : t->dtype.bits == 16 ? *(const uint16_t *)p
            : t->dtype.bits == 32 ? *(const uint32_t *)p : *(const uint64_t *)p;
        break;
    default: v.kind = JITC_BOOL; v.b = *(const uint8_t *)p != 0; break;
    }
    return v;
}

/* NumPy's name of a list tensor's dtype, as Numba's ListType[...] shows it */
static const char *dtype_name(const DLTensor *t)
{
    static const char *const ints[] = {"int8", "int16", "int32", "int64"}, *const uints[] = {"uint8", "uint16", "uint32", "uint64"};
    int k = t->dtype.bits == 8 ? 0 : t->dtype.bits == 16 ? 1 : t->dtype.bits == 32 ? 2 : 3;
    switch (t->dtype.code) {
    case kDLFloat: return t->dtype.bits == 32 ? "float32" : "float64";
    case kDLComplex: return t->dtype.bits == 64 ? "complex64" : "complex128";
    case kDLInt: return ints[k];
    case kDLUInt: return uints[k];
    default: return "bool";
    }
}

/* Items of a tuple or a list: "a, b, c", each as its repr. */
static void put_items(PyOut *o, const jitc_value *items, int64_t n)
{
    for (int64_t i = 0; i < n; i++) {
        if (i)
            pyrepr_puts(o, ", ");
        pyrepr_put_value(o, &items[i]);
    }
}

/* A returned list, as Python prints it: [1, 2, 3], [(1, 2.0), (3, 4.0)], [array([1, 2])]; a
 * typed list as Numba does, ListType[int64]([1, 2, 3]), its type's name first (its items by
 * repr: Numba shows str() of them, the same but for arrays, "[0. 1.]", and typed lists inside) */
static void put_list(PyOut *o, const jitc_value *v, bool typed)
{
    const DLTensor *t = v->array;
    if (typed && (t || v->type_name)) {
        if (v->type_name) {
            pyrepr_puts(o, v->type_name);
        } else {
            pyrepr_puts(o, "ListType[");
            pyrepr_puts(o, dtype_name(t));
            pyrepr_puts(o, "]");
        }
        pyrepr_putc(o, '(');
    }
    pyrepr_putc(o, '[');
    if (!t)
        put_items(o, v->items, v->items ? v->nitems : 0);
    for (int64_t i = 0; t && i < t->shape[0]; i++) {
        if (i)
            pyrepr_puts(o, ", ");
        jitc_value item = list_item(t, i);
        pyrepr_put_value(o, &item);
    }
    pyrepr_putc(o, ']');
    if (typed && (t || v->type_name))
        pyrepr_putc(o, ')');
}

/* A returned string, as Python's repr shows it: 'abc', "it's", 'a\nb' (runtime/str.c) */
static void put_str(PyOut *o, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    char q = rt_str_repr_quote(s ? s : "", n), buf[12];
    pyrepr_putc(o, q);
    for (size_t i = 0; i < n;) {
        i += rt_str_repr_char(s + i, n - i, q, buf);
        pyrepr_puts(o, buf);
    }
    pyrepr_putc(o, q);
}

/* A tuple as Python prints it: (1, 2.5), (1,), () */
static void put_tuple(PyOut *o, const jitc_value *items, int64_t n)
{
    pyrepr_putc(o, '(');
    put_items(o, items, items ? n : 0);
    pyrepr_puts(o, n == 1 ? ",)" : ")");
}

static void pyrepr_put_value(PyOut *o, const jitc_value *v);

/* A dict as Python prints it, {1: 2.5, 3: 4.0}; a set, {1, 2}, or set() */
static void put_hash(PyOut *o, const jitc_value *v)
{
    if (v->kind == JITC_SET && v->nitems == 0) {
        pyrepr_puts(o, "set()");
        return;
    }
    pyrepr_putc(o, '{');
    for (int64_t i = 0; i < v->nitems; i++) {
        if (i)
            pyrepr_puts(o, ", ");
        if (v->kind == JITC_SET) {
            pyrepr_put_value(o, &v->items[i]);
            continue;
        }
        pyrepr_put_value(o, &v->items[i].items[0]);
        pyrepr_puts(o, ": ");
        pyrepr_put_value(o, &v->items[i].items[1]);
    }
    pyrepr_putc(o, '}');
}

static void pyrepr_put_value(PyOut *o, const jitc_value *v)
{
    char tmp[128];
    switch (v->kind) {
    case JITC_NONE: snprintf(tmp, sizeof tmp, "None"); break;
    case JITC_BOOL: snprintf(tmp, sizeof tmp, v->b ? "True" : "False"); break;
    case JITC_INT8: snprintf(tmp, sizeof tmp, "%d", (int8_t)v->i); break;
    case JITC_INT16: snprintf(tmp, sizeof tmp, "%d", (int16_t)v->i); break;
    case JITC_INT32: snprintf(tmp, sizeof tmp, "%" PRId32, (int32_t)v->i); break;
    case JITC_INT64: snprintf(tmp, sizeof tmp, "%" PRId64, v->i); break;
    case JITC_UINT8: snprintf(tmp, sizeof tmp, "%u", (uint8_t)v->u); break;
    case JITC_UINT16: snprintf(tmp, sizeof tmp, "%u", (uint16_t)v->u); break;
    case JITC_UINT32: snprintf(tmp, sizeof tmp, "%" PRIu32, (uint32_t)v->u); break;
    case JITC_UINT64: snprintf(tmp, sizeof tmp, "%" PRIu64, v->u); break;
    case JITC_FLOAT32: pyrepr_f64(tmp, sizeof tmp, v->f32); break; /* Numba returns a Python float */
    case JITC_FLOAT64: pyrepr_f64(tmp, sizeof tmp, v->f64); break;
    case JITC_COMPLEX64: pyrepr_complex(tmp, sizeof tmp, v->c64.re, v->c64.im); break;
    case JITC_COMPLEX128: pyrepr_complex(tmp, sizeof tmp, v->c128.re, v->c128.im); break;
    case JITC_ARRAY: repr_put_array(o, v->array); return;
    case JITC_LIST: put_list(o, v, false); return;
    case JITC_TYPED_LIST: put_list(o, v, true); return;
    case JITC_STR: put_str(o, v->str); return;
    case JITC_TUPLE: put_tuple(o, v->items, v->nitems); return;
    case JITC_DICT:
    case JITC_SET: put_hash(o, v); return;
    default: snprintf(tmp, sizeof tmp, "<kind %d>", (int)v->kind); break;
    }
    pyrepr_puts(o, tmp);
}

int repr_value(char *buf, size_t n, const jitc_value *v)
{
    PyOut o = pyrepr_out(buf, n);
    pyrepr_put_value(&o, v);
    return pyrepr_done(&o);
}

int repr_result(char *buf, size_t n, const jitc_result *r)
{
    PyOut o = pyrepr_out(buf, n);
    if (r->value.kind == JITC_NONE)
        return pyrepr_done(&o);
    if (r->value.kind != JITC_TUPLE) {
        pyrepr_put_value(&o, &r->value);
        return pyrepr_done(&o);
    }
    int count = r->nitems < 0 ? 0 : r->nitems > JITC_MAX_TUPLE ? JITC_MAX_TUPLE : r->nitems;
    put_tuple(&o, r->items, count);
    return pyrepr_done(&o);
}
