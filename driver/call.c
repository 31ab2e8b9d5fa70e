/* call.c — compiling specializations to native code and calling them (include/jitc.h):
 * argument types from tagged values and DLTensors, Numba-style dispatch over explicit
 * signatures, the generic entry call, results, the typed fast path, and emitted text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/dltensor.h"
#include "runtime/half.h"
#include "runtime/rt.h"
#include "runtime/str.h"
#include "runtime/ufunc_loop.h"

/* ---- argument types ---- */

static const Type *str_argument_type(const jitc_value *v, char *msg, size_t n, int i); /* below */

const Type *drv_dtype_type(DLDataType dt)
{
    if (dt.lanes != 1)
        return NULL;
    switch (dt.code) {
    case JITC_DL_BOOL: return dt.bits == 8 ? ty_scalar(TY_BOOL) : NULL;
    case kDLInt:
        return dt.bits == 8 ? ty_scalar(TY_INT8) : dt.bits == 16 ? ty_scalar(TY_INT16)
             : dt.bits == 32 ? ty_scalar(TY_INT32) : dt.bits == 64 ? ty_scalar(TY_INT64) : NULL;
    case kDLUInt:
        return dt.bits == 8 ? ty_scalar(TY_UINT8) : dt.bits == 16 ? ty_scalar(TY_UINT16)
             : dt.bits == 32 ? ty_scalar(TY_UINT32) : dt.bits == 64 ? ty_scalar(TY_UINT64) : NULL;
    case kDLFloat:
        return dt.bits == 16 ? ty_scalar(TY_FLOAT16) : dt.bits == 32 ? ty_scalar(TY_FLOAT32)
             : dt.bits == 64 ? ty_scalar(TY_FLOAT64) : NULL;
    case kDLComplex: return dt.bits == 64 ? ty_scalar(TY_COMPLEX64) : dt.bits == 128 ? ty_scalar(TY_COMPLEX128) : NULL;
    default: return NULL;
    }
}

DLDataType drv_type_dtype(const Type *t)
{
    if (t->kind == TY_BOOL)
        return (DLDataType){JITC_DL_BOOL, 8, 1};
    uint8_t code = ty_is_float(t) ? kDLFloat : ty_is_complex(t) ? kDLComplex : ty_is_unsigned(t) ? kDLUInt : kDLInt;
    return (DLDataType){code, (uint8_t)ty_bits(t), 1};
}

const Type *drv_value_type(Program *p, const jitc_value *v, bool allow_device, char *msg, size_t n, int i)
{
    static const TypeKind KINDS[] = {
        [JITC_BOOL] = TY_BOOL, [JITC_INT8] = TY_INT8, [JITC_INT16] = TY_INT16, [JITC_INT32] = TY_INT32,
        [JITC_INT64] = TY_INT64, [JITC_UINT8] = TY_UINT8, [JITC_UINT16] = TY_UINT16,
        [JITC_UINT32] = TY_UINT32, [JITC_UINT64] = TY_UINT64, [JITC_FLOAT32] = TY_FLOAT32,
        [JITC_FLOAT64] = TY_FLOAT64,
    };
    if (v->kind >= JITC_BOOL && v->kind <= JITC_FLOAT64)
        return ty_scalar(KINDS[v->kind]);
    if (v->kind == JITC_COMPLEX64 || v->kind == JITC_COMPLEX128)
        return ty_scalar(v->kind == JITC_COMPLEX64 ? TY_COMPLEX64 : TY_COMPLEX128);
    if (v->kind == JITC_STR && p && !allow_device) /* jitc_call only */
        return str_argument_type(v, msg, n, i);
    if (v->kind == JITC_NONE) /* None (an omitted argument's default): compile-time, no slot */
        return prog_none_type(p);
    if (v->kind == JITC_DTYPE && p && ((v->dtype >= JITC_BOOL && v->dtype <= JITC_FLOAT64) ||
                                       v->dtype == JITC_COMPLEX64 || v->dtype == JITC_COMPLEX128)) /* compile-time too */
        return prog_class_type(p, v->dtype == JITC_COMPLEX64 || v->dtype == JITC_COMPLEX128
                                      ? ty_scalar(v->dtype == JITC_COMPLEX64 ? TY_COMPLEX64 : TY_COMPLEX128)
                                      : ty_scalar(KINDS[v->dtype]));
    if (v->kind == JITC_GENERATOR && p && !allow_device && v->generator) /* jitc_call only */
        return ty_generator(&p->types);
    if (v->kind == JITC_TUPLE) /* nested.c */
        return drv_tuple_type(allow_device ? NULL : p, v, msg, n, i);
    if (v->kind == JITC_LIST || v->kind == JITC_TYPED_LIST) /* nested.c */
        return drv_list_type(allow_device ? NULL : p, v, msg, n, i);
    if (v->kind == JITC_DICT) /* nested.c */
        return drv_dict_type(allow_device ? NULL : p, v, msg, n, i);
    if (v->kind == JITC_SET) /* nested.c */
        return drv_set_type(allow_device ? NULL : p, v, msg, n, i);
    if (v->kind != JITC_ARRAY) {
        snprintf(msg, n, "argument %d: a value of this kind cannot be passed", i + 1);
        return NULL;
    }
    const DLTensor *t = v->array;
    if (!drv_tensor_ok(t, "argument", i, allow_device ? 1 : 0, msg, n)) /* argcheck.c; host code takes 0-d arrays */
        return NULL;
    const Type *dt = drv_dtype_type(t->dtype);
    if (!dt) {
        snprintf(msg, n, "argument %d: an array of an unsupported dtype (DLPack code %d, %d bits, %d lanes)", i + 1,
                 t->dtype.code, t->dtype.bits, t->dtype.lanes);
        return NULL;
    }
    bool host = t->device.device_type == kDLCPU || t->device.device_type == kDLCUDAHost;
    if (!host && !(allow_device && t->device.device_type == kDLCUDA)) {
        snprintf(msg, n, "argument %d: %s", i + 1, allow_device ? "kernels take arrays in host or CUDA memory"
                                                                : "host functions take arrays in host memory");
        return NULL;
    }
    char layout = dl_is_c_contiguous(t) ? 'C' : 'A';
    return v->readonly && p ? ty_array_readonly(&p->types, dt, t->ndim, layout) : ty_array(&p->types, dt, t->ndim, layout);
}

const char *drv_types_text(Arena *a, const Type **types, int n)
{
    const char *s = "(";
    for (int i = 0; i < n; i++)
        s = arena_printf(a, "%s%s%s", s, i ? ", " : "", ty_name(a, types[i]));
    return arena_printf(a, "%s)", s);
}

jitc_status drv_find_spec(jitc_function *fn, const Type **types, int n, bool device, Spec **out, char *msg, size_t len)
{
    jitc_module *mod = fn->mod;
    ProgFunc *f = fn->pf;
    if (device && !prog_on_gpu(f)) {
        snprintf(msg, len, "'%s' is not GPU code: call it instead of launching it", f->def->name);
        return JITC_ERR_ARGUMENT;
    }
    if (!device && f->kind != FK_HOST && f->kind != FK_VECTORIZE && f->kind != FK_STENCIL &&
        (f->kind != FK_GUVECTORIZE || f->nsigs)) {
        snprintf(msg, len, "'%s' is a GPU or generalized-ufunc function: it cannot be called on the host%s",
                 f->def->name, f->kind == FK_CUDA_KERNEL ? " (launch it)" : "");
        return JITC_ERR_UNSUPPORTED;
    }
    if (n != f->def->nparams) {
        snprintf(msg, len, "%s() takes %d argument%s but %d %s given", f->def->name, f->def->nparams,
                 f->def->nparams == 1 ? "" : "s", n, n == 1 ? "was" : "were");
        return JITC_ERR_ARGUMENT;
    }
    Spec *s = f->nsigs ? prog_match_signature(mod->prog, f, types, n) : prog_specialize(mod->prog, f, types, n, NULL, device, (SrcLoc){0});
    if (!s) {
        snprintf(msg, len, "no signature of %s matches %s", f->def->name, drv_types_text(mod->arena, types, n));
        diag_error(&mod->diag, f->def->loc, "%s", msg);
        drv_flush_diagnostics(mod);
        return JITC_ERR_TYPE;
    }
    if (s->state == SPEC_FAILED) {
        drv_report_spec_errors(mod, s);
        const DiagItem *first = s->errors.n ? &s->errors.items[0] : NULL;
        snprintf(msg, len, "%s", first ? diag_render_item(mod->arena, first) : "type error");
        return JITC_ERR_TYPE;
    }
    *out = s;
    return device ? JITC_OK : drv_compile_host(mod, s, msg, len);
}

/* ---- calling ---- */

typedef union Slot {
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    float f32; double f64;
    struct { float re, im; } c64;
    struct { double re, im; } c128;
} Slot;

static double value_as_double(const jitc_value *v)
{
    switch (v->kind) {
    case JITC_COMPLEX64: return v->c64.re;
    case JITC_COMPLEX128: return v->c128.re;
    case JITC_BOOL: return v->b;
    case JITC_FLOAT32: return v->f32;
    case JITC_FLOAT64: return v->f64;
    case JITC_UINT8: case JITC_UINT16: case JITC_UINT32: case JITC_UINT64: return (double)v->u;
    default: return (double)v->i;
    }
}

/* A float given for an integer parameter truncates toward zero, as Numba's dispatcher converts
 * it for an explicit signature; out of int64's range (or NaN) it saturates rather than being UB. */
static int64_t value_as_int(const jitc_value *v)
{
    if (v->kind == JITC_FLOAT32 || v->kind == JITC_FLOAT64) {
        double d = value_as_double(v);
        return d != d ? 0 : d >= 0x1p63 ? INT64_MAX : d < -0x1p63 ? INT64_MIN : (int64_t)d;
    }
    if (v->kind == JITC_BOOL)
        return v->b;
    if (v->kind >= JITC_UINT8 && v->kind <= JITC_UINT64)
        return (int64_t)v->u;
    return v->i;
}

/* Stores v converted to scalar type t into slot (the memory form the entry wrapper loads). */
void drv_fill_slot(void *p, const jitc_value *v, const Type *t)
{
    Slot *slot = p;
    int64_t i = value_as_int(v);
    switch (t->kind) {
    case TY_BOOL: slot->u8 = v->kind == JITC_BOOL ? v->b : value_as_double(v) != 0; break;
    case TY_INT8: case TY_UINT8: slot->i8 = (int8_t)i; break;
    case TY_INT16: case TY_UINT16: slot->i16 = (int16_t)i; break;
    case TY_INT32: case TY_UINT32: slot->i32 = (int32_t)i; break;
    case TY_INT64: case TY_UINT64: slot->i64 = i; break;
    case TY_FLOAT16: slot->u16 = jitc_double_to_half(value_as_double(v)); break;
    case TY_FLOAT32: slot->f32 = (float)value_as_double(v); break;
    case TY_COMPLEX64:
    case TY_COMPLEX128: { /* a real number is the real part */
        double re = value_as_double(v);
        double im = v->kind == JITC_COMPLEX64 ? v->c64.im : v->kind == JITC_COMPLEX128 ? v->c128.im : 0.0;
        if (t->kind == TY_COMPLEX64)
            slot->c64.re = (float)re, slot->c64.im = (float)im;
        else
            slot->c128.re = re, slot->c128.im = im;
        break;
    }
    default: slot->f64 = value_as_double(v); break;
    }
}

jitc_value drv_read_scalar(const void *p, const Type *t)
{
    jitc_value v = {0};
    switch (t->kind) {
    case TY_BOOL: v.kind = JITC_BOOL; v.b = *(const uint8_t *)p != 0; break;
    case TY_INT8: v.kind = JITC_INT8; v.i = *(const int8_t *)p; break;
    case TY_INT16: v.kind = JITC_INT16; v.i = *(const int16_t *)p; break;
    case TY_INT32: v.kind = JITC_INT32; v.i = *(const int32_t *)p; break;
    case TY_INT64: v.kind = JITC_INT64; v.i = *(const int64_t *)p; break;
    case TY_UINT8: v.kind = JITC_UINT8; v.u = *(const uint8_t *)p; break;
    case TY_UINT16: v.kind = JITC_UINT16; v.u = *(const uint16_t *)p; break;
    case TY_UINT32: v.kind = JITC_UINT32; v.u = *(const uint32_t *)p; break;
    case TY_UINT64: v.kind = JITC_UINT64; v.u = *(const uint64_t *)p; break;
    case TY_FLOAT16: v.kind = JITC_FLOAT32; v.f32 = (float)jitc_half_to_double(*(const uint16_t *)p); break;
    case TY_FLOAT32: v.kind = JITC_FLOAT32; v.f32 = *(const float *)p; break;
    case TY_FLOAT64: v.kind = JITC_FLOAT64; v.f64 = *(const double *)p; break;
    case TY_COMPLEX64: v.kind = JITC_COMPLEX64; memcpy(&v.c64, p, sizeof v.c64); break;
    case TY_COMPLEX128: v.kind = JITC_COMPLEX128; memcpy(&v.c128, p, sizeof v.c128); break;
    default: break;
    }
    return v;
}

/* ---- string arguments (JITC_STR): the caller's text as a JitcStr for the call's duration ---- */

/* Code points of valid UTF-8 text, or -1. */
int64_t drv_utf8_code_points(const char *s)
{
    int64_t n = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c; n++) {
        int k = *c < 0x80 ? 1 : *c >= 0xC2 && *c <= 0xDF ? 2 : *c >= 0xE0 && *c <= 0xEF ? 3 : *c >= 0xF0 && *c <= 0xF4 ? 4 : 0;
        for (int i = 1; i < k; i++)
            if ((c[i] & 0xC0) != 0x80)
                k = 0;
        if (!k)
            return -1;
        c += k;
    }
    return n;
}

static const Type *str_argument_type(const jitc_value *v, char *msg, size_t n, int i)
{
    if (v->str && drv_utf8_code_points(v->str) >= 0)
        return ty_scalar(TY_STR);
    snprintf(msg, n, "argument %d: a string must be UTF-8 text (not NULL)", i + 1);
    return NULL;
}

const JitcStr *drv_str_argument(Arena *a, const char *text)
{
    size_t nbytes = strlen(text);
    JitcStr *s = arena_alloc(a, sizeof *s + nbytes + 1);
    s->refs = JITC_STR_STATIC; /* the caller's, for the call */
    s->length = drv_utf8_code_points(text);
    s->nbytes = (int64_t)nbytes;
    memcpy(s->text, text, nbytes + 1);
    return s;
}

/* A result the C API cannot hand back (r->message says why): located at the def, naming the
 * argument types and the result's type. */
static jitc_status refuse_result(jitc_function *fn, const Spec *s, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    const char *name = fn->pf->def->name;
    if (s->ret->kind == TY_COMPTIME) { /* a function returned: the message names it */
        diag_error(&mod->diag, fn->pf->def->loc, "'%s': %s", name, r->message);
    } else {
        const char *text = arena_printf(mod->arena, "%s%s returns %s: %s", name,
                                        drv_types_text(mod->arena, s->params, s->nparams), ty_name(mod->arena, s->ret),
                                        r->message);
        snprintf(r->message, sizeof r->message, "%s", text);
        diag_error(&mod->diag, fn->pf->def->loc, "%s", r->message);
    }
    drv_flush_diagnostics(mod);
    return JITC_ERR_UNSUPPORTED;
}

/* ---- calls ---- */

/* A number: a kind from bool to float64, or complex. */
static bool number_kind(jitc_kind k)
{
    return (k >= JITC_BOOL && k <= JITC_FLOAT64) || k == JITC_COMPLEX64 || k == JITC_COMPLEX128;
}

/* A key per argument that determines its type as drv_value_type gives it, for scalars and host
 * arrays (their dtype, rank, and whether C-contiguous); false for other values, whose calls take
 * the full path. */
static bool call_keys(const jitc_value *args, int nargs, uint32_t *keys)
{
    for (int i = 0; i < nargs; i++) {
        jitc_kind k = args[i].kind;
        if (number_kind(k)) {
            keys[i] = (uint32_t)k;
            continue;
        }
        const DLTensor *t = args[i].array;
        if (k != JITC_ARRAY || !t || t->ndim < 0 || t->ndim > TY_MAX_NDIM || (t->ndim && !t->shape) ||
            (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDAHost))
            return false;
        keys[i] = (uint32_t)JITC_ARRAY | (uint32_t)t->dtype.code << 6 | (uint32_t)t->dtype.bits << 10 |
                  (uint32_t)t->dtype.lanes << 18 | (uint32_t)t->ndim << 24 | (uint32_t)args[i].readonly << 30 |
                  (uint32_t)dl_is_c_contiguous(t) << 31;
    }
    return true;
}

/* The specialization for the arguments: the last call's when their keys are the same (arrays
 * still checked, as the full path checks them), else typed and found, and remembered. */
static jitc_status call_spec(jitc_function *fn, const jitc_value *args, int nargs, Spec **out, jitc_result *r)
{
    uint32_t keys[JITC_MAX_ARGS];
    bool keyed = call_keys(args, nargs, keys);
    CallCache *c = &fn->last;
    if (keyed && c->spec && c->nargs == nargs && !memcmp(c->keys, keys, sizeof *keys * (size_t)nargs)) {
        for (int i = 0; i < nargs; i++)
            if (args[i].kind == JITC_ARRAY && !drv_tensor_ok(args[i].array, "argument", i, 0, r->message, sizeof r->message))
                return JITC_ERR_ARGUMENT;
        *out = c->spec;
        return JITC_OK;
    }
    const Type *types[JITC_MAX_ARGS];
    for (int i = 0; i < nargs; i++)
        if (!(types[i] = drv_value_type(fn->mod->prog, &args[i], false, r->message, sizeof r->message, i)))
            return JITC_ERR_ARGUMENT;
    jitc_status st = drv_find_spec(fn, types, nargs, false, out, r->message, sizeof r->message);
    if (st != JITC_OK)
        return st;
    if (!drv_result_supported((*out)->ret, true, r->message, sizeof r->message))
        return refuse_result(fn, *out, r);
    if (keyed) {
        c->nargs = nargs;
        memcpy(c->keys, keys, sizeof *keys * (size_t)nargs);
        c->spec = *out;
    }
    return JITC_OK;
}

/* Scalars and arrays, the common arguments, need no arena: a scalar's slot is on the stack. */
static bool needs_arena(const jitc_value *args, int nargs)
{
    for (int i = 0; i < nargs; i++)
        if (args[i].kind != JITC_ARRAY && !number_kind(args[i].kind))
            return true;
    return false;
}

enum { STACK_RESULT_BYTES = 256 };

static jitc_status call_into(jitc_function *fn, const jitc_value *args, int nargs, jitc_result *r)
{
    jitc_value with_defaults[JITC_MAX_ARGS], packed[JITC_MAX_ARGS], star_items[JITC_MAX_ARGS];
    args = drv_pack_star_args(fn->pf, args, &nargs, packed, star_items); /* defaults.c */
    int given = nargs;
    if ((nargs = drv_fill_defaults(fn->mod->prog, fn->pf, args, given, with_defaults, JITC_MAX_ARGS, r->message, sizeof r->message)) < 0)
        return JITC_ERR_ARGUMENT;
    if (nargs != given)
        args = with_defaults; /* parameters left out take their defaults */
    Spec *s = NULL;
    jitc_status st = call_spec(fn, args, nargs, &s, r);
    if (st != JITC_OK)
        return st;
    size_t ret_bytes = drv_result_bytes(s->ret);
    bool on_stack = ret_bytes <= STACK_RESULT_BYTES && !needs_arena(args, nargs);
    Arena *a = on_stack ? NULL : arena_scratch(&fn->mod->ctx->heap); /* the arguments' slots and the result's */
    uint64_t slots[JITC_MAX_ARGS][2], stack_ret[STACK_RESULT_BYTES / 8];
    void *ptrs[JITC_MAX_ARGS] = {0};
    for (int i = 0; i < nargs; i++) { /* nested.c: a scalar's slot, a DLTensor*, a tuple's pointers, a list */
        if (on_stack) {
            ptrs[i] = args[i].kind == JITC_ARRAY ? (void *)args[i].array : slots[i];
            if (args[i].kind != JITC_ARRAY)
                drv_fill_slot(slots[i], &args[i], s->params[i]);
        } else if (!(ptrs[i] = drv_argument_pointer(a, &args[i], s->params[i]))) {
            drv_release_arguments(ptrs, s->params, i);
            arena_free(a);
            snprintf(r->message, sizeof r->message, "out of memory");
            return JITC_ERR_NOMEM;
        }
    }
    uint64_t *ret = on_stack ? stack_ret : arena_alloc(a, ret_bytes); /* 16 bytes per slot (codegen/result.c) */
    memset(ret, 0, ret_bytes);
    JitcErr err = {0};
    ((void (*)(void **, void *, JitcErr *))drv_code(fn->mod, s)->host.entry)(ptrs, ret, &err);
    if (!on_stack)
        drv_release_arguments(ptrs, s->params, nargs);
    bool whole = drv_read_result(s->ret, ret, r); /* copies returned strings, which may be arguments' */
    arena_free(a);
    if (err.code) { /* a raise returns zeros, but arrays in the result are still wrapped */
        jitc_result_free(r);
        memset(r, 0, sizeof *r);
        drv_runtime_error(r, &err);
        return JITC_ERR_RUNTIME;
    }
    if (!whole) {
        jitc_result_free(r);
        snprintf(r->message, sizeof r->message, "out of memory");
        return JITC_ERR_NOMEM;
    }
    return JITC_OK;
}

/* An empty result: what jitc_result_free reads (the value, and no tuple items: a tuple result
 * clears the items it fills) and empty messages, so that a call need not clear 2 KB. */
static void result_reset(jitc_result *r)
{
    memset(&r->value, 0, sizeof r->value);
    r->nitems = 0;
    r->message[0] = r->exc_type[0] = r->exc_message[0] = r->exc_where[0] = '\0';
}

static jitc_status call_protected(jitc_function *fn, const jitc_value *args, int nargs, jitc_result *r)
{
    result_reset(r);
    if (!drv_args_ok("jitc_call", fn, args, nargs, r->message, sizeof r->message)) /* argcheck.c */
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, r, call_into(fn, args, nargs, r));
}

void drv_runtime_error(jitc_result *r, const JitcErr *err)
{
    rt_format_error(err, r->message, sizeof r->message);
    rt_error_parts(err, r->exc_type, sizeof r->exc_type, r->exc_message, sizeof r->exc_message);
    snprintf(r->exc_where, sizeof r->exc_where, "%s", err->where ? err->where : "");
}

jitc_status jitc_call(jitc_function *fn, const jitc_value *args, int nargs, jitc_result *result)
{
    if (result)
        return call_protected(fn, args, nargs, result);
    jitc_result scratch; /* the caller wants no result: arrays returned are released here */
    jitc_status st = call_protected(fn, args, nargs, &scratch);
    jitc_result_free(&scratch);
    return st;
}

/* ---- explicit signatures: compile, pointer, emit ---- */

static jitc_status emit_ptx(jitc_module *mod, Spec *s, const char **text);

static jitc_status spec_for_signature(jitc_function *fn, const char *signature, Spec **out)
{
    jitc_module *mod = fn->mod;
    ProgFunc *f = fn->pf;
    if (!signature) {
        if (!f->nspecs)
            return JITC_ERR_ARGUMENT;
        if (f->specs[0]->state == SPEC_FAILED) /* its errors were reported when it was typed */
            return JITC_ERR_TYPE;
        *out = f->specs[0];
        return JITC_OK;
    }
    const Type **params, *ret;
    int n;
    if (!prog_signature_string(mod->prog, signature, &params, &n, &ret)) {
        drv_flush_diagnostics(mod);
        return JITC_ERR_ARGUMENT;
    }
    params = drv_default_types(mod, f, drv_pack_star_types(mod, f, params, &n), &n);
    return drv_specialize(mod, f, params, n, ret, prog_on_gpu(f), f->def->loc, out);
}

/* GPU code compiles to PTX for the context's architecture (a device function is compiled into
 * the kernels that call it, so typing it is all there is); host code into the JIT. */
static jitc_status compile_signature(jitc_function *fn, const char *signature, Spec **out)
{
    jitc_status st = spec_for_signature(fn, signature, out);
    if (st != JITC_OK)
        return st;
    if (prog_on_gpu(fn->pf)) {
        const char *ptx;
        return fn->pf->kind == FK_CUDA_DEVICE ? JITC_OK : emit_ptx(fn->mod, *out, &ptx);
    }
    char msg[512];
    st = drv_compile_host(fn->mod, *out, msg, sizeof msg);
    if (st != JITC_OK) {
        diag_error(&fn->mod->diag, fn->pf->def->loc, "%s", msg);
        drv_flush_diagnostics(fn->mod);
    }
    return st;
}

jitc_status jitc_function_compile(jitc_function *fn, const char *signature)
{
    Spec *s;
    if (!fn || !signature)
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, NULL, compile_signature(fn, signature, &s));
}

/* The host code of one signature: its C-ABI function (loop false) or its ufunc inner loop. */
static jitc_status host_pointer(jitc_function *fn, const char *signature, bool loop, void **out)
{
    Spec *s;
    if (prog_on_gpu(fn->pf)) {
        diag_error(&fn->mod->diag, fn->pf->def->loc,
                   "'%s' is GPU code: it has no host function pointer (launch a kernel with jitc_launch)",
                   fn->pf->def->name);
        drv_flush_diagnostics(fn->mod);
        return JITC_ERR_UNSUPPORTED;
    }
    jitc_status st = compile_signature(fn, signature, &s);
    if (st != JITC_OK)
        return st;
    *out = loop ? drv_code(fn->mod, s)->host.loop : drv_code(fn->mod, s)->host.cfunc;
    if (!*out)
        return JITC_ERR_UNSUPPORTED;
    return JITC_OK;
}

jitc_status jitc_function_pointer(jitc_function *fn, const char *signature, void **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!fn || !signature)
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, NULL, host_pointer(fn, signature, false, out));
}

static jitc_status function_loop(jitc_function *fn, const char *signature, jitc_loop **out)
{
    if (fn->pf->kind != FK_VECTORIZE && fn->pf->kind != FK_GUVECTORIZE) {
        diag_error(&fn->mod->diag, fn->pf->def->loc, "'%s' is not a @vectorize or @guvectorize function: it has no ufunc loop",
                   fn->pf->def->name);
        drv_flush_diagnostics(fn->mod);
        return JITC_ERR_ARGUMENT;
    }
    void *p;
    jitc_status st = host_pointer(fn, signature, true, &p);
    *out = p;
    return st;
}

jitc_status jitc_function_loop(jitc_function *fn, const char *signature, jitc_loop **out)
{
    if (!out)
        return JITC_ERR_ARGUMENT;
    *out = NULL;
    if (!fn || !signature)
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, NULL, function_loop(fn, signature, out));
}

/* "RET(ARG, ...)" of a specialization, in the module's arena. */
static const char *spec_signature(jitc_module *mod, const Spec *s)
{
    const char *text = arena_printf(mod->arena, "%s(", ty_name(mod->arena, s->ret));
    for (int i = 0; i < s->nparams; i++)
        text = arena_printf(mod->arena, "%s%s%s", text, i ? ", " : "", ty_name(mod->arena, s->params[i]));
    return arena_printf(mod->arena, "%s)", text);
}

static jitc_status function_signature(jitc_function *fn, const char *signature, const char **text)
{
    Spec *s;
    jitc_status st = compile_signature(fn, signature, &s);
    if (st == JITC_OK)
        *text = spec_signature(fn->mod, s);
    return st;
}

jitc_status jitc_function_signature(jitc_function *fn, const char *signature, const char **text)
{
    if (!text)
        return JITC_ERR_ARGUMENT;
    *text = NULL;
    if (!fn || !signature)
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, NULL, function_signature(fn, signature, text));
}

/* The specializations a call can reach: typed for arguments (not the untyped check of a
 * function without signatures), and compiled for the target's code. */
static bool spec_listed(const Spec *s) { return s->state == SPEC_READY && !s->untyped && s->ir; }

int jitc_function_specialization_count(const jitc_function *fn)
{
    int n = 0;
    for (int i = 0; fn && i < fn->pf->nspecs; i++)
        n += spec_listed(fn->pf->specs[i]);
    return n;
}

const char *jitc_function_specialization(jitc_function *fn, int i)
{
    for (int k = 0; fn && i >= 0 && k < fn->pf->nspecs; k++)
        if (spec_listed(fn->pf->specs[k]) && i-- == 0)
            return spec_signature(fn->mod, fn->pf->specs[k]);
    return NULL;
}

jitc_status jitc_loop_run(const jitc_loop *loop, char **args, int64_t n, const int64_t *steps, const int64_t *core,
                          jitc_result *result)
{
    if (!loop || (n > 0 && (!args || !steps)))
        return JITC_ERR_ARGUMENT;
    JitcErr err = {0};
    ((LoopFn)(void *)loop)(args, n, steps, core, &err);
    if (!err.code)
        return JITC_OK;
    if (result) {
        memset(result, 0, sizeof *result);
        drv_runtime_error(result, &err);
    }
    return JITC_ERR_RUNTIME;
}

static jitc_status emit_host(jitc_module *mod, Spec *s, jitc_emit_kind kind, const char **text)
{
    char msg[512];
    if (!(*text = drv_host_text(mod, s, kind, mod->arena, msg, sizeof msg))) {
        diag_error(&mod->diag, s->func->def->loc, "%s", msg);
        drv_flush_diagnostics(mod);
        return JITC_ERR_BACKEND;
    }
    return JITC_OK;
}

static jitc_status emit_ptx(jitc_module *mod, Spec *s, const char **text)
{
    char msg[512];
    const char *arch = mod->ctx->opts.gpu_arch ? mod->ctx->opts.gpu_arch : "sm_80";
    if (!cg_gpu_arch_known(arch)) {
        diag_error(&mod->diag, (SrcLoc){0}, "LLVM's NVPTX backend does not know GPU architecture '%s'", arch);
        drv_flush_diagnostics(mod);
        return JITC_ERR_ARGUMENT;
    }
    if (!(*text = drv_compile_ptx(mod, s, arch, mod->arena, msg, sizeof msg))) {
        diag_error(&mod->diag, s->func->def->loc, "%s", msg);
        drv_flush_diagnostics(mod);
        return prog_on_gpu(s->func) && s->func->kind != FK_CUDA_DEVICE ? JITC_ERR_BACKEND : JITC_ERR_ARGUMENT;
    }
    return JITC_OK;
}

static jitc_status function_emit(jitc_function *fn, const char *signature, jitc_emit_kind kind, const char **text)
{
    Spec *s;
    jitc_status st = spec_for_signature(fn, signature, &s);
    if (st != JITC_OK)
        return st;
    if (kind == JITC_EMIT_IR) {
        *text = ir_dump(fn->mod->arena, s->ir);
        return JITC_OK;
    }
    if (kind == JITC_EMIT_PTX)
        return emit_ptx(fn->mod, s, text);
    if (s->device) {
        diag_error(&fn->mod->diag, s->func->def->loc, "'%s' is GPU code: emit it with --ptx", s->func->def->name);
        drv_flush_diagnostics(fn->mod);
        return JITC_ERR_ARGUMENT;
    }
    return emit_host(fn->mod, s, kind, text);
}

jitc_status jitc_function_emit(jitc_function *fn, const char *signature, jitc_emit_kind kind, const char **text)
{
    if (!text)
        return JITC_ERR_ARGUMENT;
    *text = NULL;
    if (!fn || kind < JITC_EMIT_IR || kind > JITC_EMIT_LLVM_RAW)
        return JITC_ERR_ARGUMENT;
    DRV_PROTECTED(&fn->mod->ctx->heap, NULL, function_emit(fn, signature, kind, text));
}
