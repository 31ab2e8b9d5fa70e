/* ufunc.c — @vectorize and @guvectorize functions applied to arrays, as NumPy applies ufuncs
 * and generalized ufuncs.
 *
 *   1. pick the loop: NumPy's type resolution over the decorator's signatures (the first that
 *      every input casts to safely; gufuncs and the GPU an exact match first); Python scalars
 *      are weak (NEP 50).
 *      A @vectorize without signatures compiles a loop for the types it meets;
 *   2. split each operand into loop dimensions (leading) and core dimensions (trailing, as many
 *      as the gufunc layout gives it; none for @vectorize); bind each core dimension's size,
 *      checking that every operand agrees; broadcast the loop dimensions (NumPy's rules; the
 *      outputs are never stretched);
 *   3. cast the inputs the loop takes in another type into temporary copies;
 *   4. run the compiled loop (codegen/wrap.c, `SYM.loop`) along the innermost loop dimension,
 *      after merging dimensions that are contiguous for every operand, over all the outer ones;
 *      target="parallel" splits that work evenly over OpenMP threads (rows, or pieces of rows
 *      when there are fewer rows than threads); target="cuda" hands it to ufunc_gpu.c. */
#include "ufunc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/arrays.h"
#include "runtime/dltensor.h"
#include "runtime/half.h"
#include "runtime/rt.h"

static jitc_status fail(jitc_result *r, jitc_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static jitc_status fail(jitc_result *r, jitc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    return st;
}

static bool on_gpu(const Plan *p) { return p->spec->device; }

/* The type the loop gives operand k: a parameter's, or a @vectorize output's (its return type). */
static const Type *operand_param(const Plan *p, int k)
{
    return k < p->spec->nparams ? p->spec->params[k] : p->spec->ret;
}
static int ncore_of(const Plan *p, int k) { return p->layout ? p->layout->ncore[k] : 0; }

/* ---- 1. the loop ---- */

static bool is_python_scalar(const jitc_value *v)
{
    return v->kind == JITC_INT64 || v->kind == JITC_FLOAT64 || v->kind == JITC_BOOL;
}

/* The element type of input i: a typed scalar's, or an array's dtype (any rank, 0 too). */
static const Type *operand_type(const jitc_value *v, int i, bool gpu, jitc_result *r)
{
    if (v->kind != JITC_ARRAY)
        return drv_value_type(NULL, v, false, r->message, sizeof r->message, i);
    const DLTensor *t = v->array;
    char why[256];
    if (!drv_tensor_ok(t, "operand", i, 0, why, sizeof why)) { /* argcheck.c */
        fail(r, JITC_ERR_ARGUMENT, "%s", why);
        return NULL;
    }
    const Type *dt = drv_dtype_type(t->dtype);
    if (!dt) {
        fail(r, JITC_ERR_ARGUMENT, "operand %d: an array of an unsupported dtype (DLPack code %d, %d bits)", i + 1,
             t->dtype.code, t->dtype.bits);
        return NULL;
    }
    DLDeviceType where = t->device.device_type;
    if (where != kDLCPU && where != kDLCUDAHost && !(gpu && where == kDLCUDA)) {
        fail(r, JITC_ERR_ARGUMENT, "operand %d: %s", i + 1,
             gpu ? "a CUDA ufunc takes arrays in host or CUDA memory" : "a CPU ufunc takes arrays in host memory");
        return NULL;
    }
    return dt;
}

/* The dtype each input brings to type resolution. Against a signature list, Python scalars
 * take the kind-compatible dtype of the arrays (NEP 50: a Python float beside float32 arrays
 * is float32). A ufunc without signatures compiles for the scalars' own types, as Numba's
 * dynamic ufuncs do (int64, float64, bool). */
static bool input_types(const jitc_value *in, int nin, bool weak_scalars, bool gpu, const Type **types,
                        const Type **weak, jitc_result *r)
{
    for (int i = 0; i < nin; i++)
        weak[i] = NULL;
    const Type *arrays = NULL;
    for (int i = 0; i < nin; i++) {
        if (is_python_scalar(&in[i]))
            continue;
        if (!(types[i] = operand_type(&in[i], i, gpu, r)))
            return false;
        arrays = arrays ? ty_promote(arrays, false, types[i], false) : types[i];
    }
    for (int i = 0; i < nin; i++) {
        if (!is_python_scalar(&in[i]))
            continue;
        const Type *own = ty_scalar(in[i].kind == JITC_BOOL ? TY_BOOL : in[i].kind == JITC_INT64 ? TY_INT64 : TY_FLOAT64);
        types[i] = arrays && weak_scalars ? ty_promote(arrays, false, own, true) : own;
        weak[i] = own;
    }
    return true;
}

/* The element type a loop parameter takes: the scalar itself, or a gufunc array's dtype. */
static const Type *elem(const Type *t) { return t->kind == TY_ARRAY ? t->dtype : t; }

/* NumPy's resolution, as Numba's ufuncs on the host have it: the first loop, in the decorator's
 * order, that every input casts to safely (['f8(f8)', 'f4(f4)'] runs float32 input in float64).
 * Numba's gufuncs take an exact match first (tests/ufunc/run_gufunc.py), and numba-cuda's GPU
 * ufuncs only an exact one (casting='no', cuda_ufunc_loop): where that finds none, jitc looks for
 * an exact match, then takes the first safe loop. */
static Spec *match_loop(ProgFunc *f, const Type **types, int n, bool gpu)
{
    bool exact_first = gpu || f->kind == FK_GUVECTORIZE;
    for (int safe = exact_first ? 0 : 1; safe <= 1; safe++)
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            bool ok = s->ret_fixed && s->nparams >= n;
            for (int i = 0; ok && i < n; i++) {
                const Type *want = elem(s->params[i]);
                ok = want == types[i] || (safe && ty_can_cast_safely(types[i], want));
            }
            if (ok)
                return s;
        }
    return NULL;
}

/* numba-cuda's CUDA ufuncs (deviceufunc.py, UFuncMechanism._resolve_signature): with a scalar
 * among the inputs, the signatures every input's own dtype equals (a Python int is int64, a
 * float float64); if none, those whose parameters equal the arrays' dtypes (casting='no'), a
 * scalar fitting any parameter (it is converted to it, as np.array([v], dtype) converts). More
 * than one is numba-cuda's error; none gives NULL, and jitc goes on to NumPy's safe casts, which
 * numba-cuda refuses. */
static jitc_status cuda_ufunc_loop(ProgFunc *f, const jitc_value *in, const Type **types, const Type **weak, int nin,
                                   Spec **out, jitc_result *r)
{
    bool scalars = false;
    for (int i = 0; i < nin; i++)
        scalars |= in[i].kind != JITC_ARRAY;
    for (int pass = scalars ? 0 : 1; pass <= 1; pass++) {
        int found = 0;
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            bool ok = s->ret_fixed && s->nparams >= nin;
            for (int i = 0; ok && i < nin; i++) {
                const Type *own = weak[i] ? weak[i] : types[i];
                ok = (pass == 1 && in[i].kind != JITC_ARRAY) || elem(s->params[i]) == own;
            }
            if (ok && found++ == 0)
                *out = s;
        }
        if (found > 1)
            return fail(r, JITC_ERR_TYPE, "Failed to resolve ufunc due to ambiguous signature. Too many untyped "
                        "scalars. Use numpy dtype object to type tag.");
        if (found)
            return JITC_OK;
    }
    *out = NULL;
    return JITC_OK;
}

static const char *loop_text(Arena *a, const Spec *s, int nin)
{
    const Type *ins[UF_MAXOPS];
    for (int i = 0; i < nin; i++)
        ins[i] = elem(s->params[i]);
    if (s->func->kind == FK_VECTORIZE)
        return arena_printf(a, "%s%s", ty_name(a, s->ret), drv_types_text(a, ins, nin));
    return drv_types_text(a, (const Type **)s->params, s->nparams);
}

/* A @guvectorize with a layout alone (Numba's dynamic gufunc): compiled for the operands' types,
 * each input its dtype as a scalar ("()") or an array of its core rank, each output (which the
 * caller must give, as in Numba) an array of its dtype. */
static jitc_status dynamic_gufunc_spec(jitc_function *fn, const Type **types, int nin, DLTensor *const *outs, int nout,
                                       Spec **out, jitc_result *r)
{
    ProgFunc *f = fn->pf;
    if (!outs)
        return fail(r, JITC_ERR_ARGUMENT, "gufunc '%s' has no signatures: give its outputs too (as Numba requires)",
                    f->def->name);
    const Type *params[UF_MAXOPS];
    for (int k = 0; k < nin + nout; k++) {
        const Type *dt = k < nin ? types[k] : drv_dtype_type(outs[k - nin]->dtype);
        int core = f->layout->ncore[k];
        if (!dt)
            return fail(r, JITC_ERR_TYPE, "output %d has a dtype jitc does not take", k - nin + 1);
        params[k] = core == 0 && k < nin ? dt : ty_array(&fn->mod->prog->types, dt, core ? core : 1, 'A');
    }
    return drv_find_spec(fn, params, nin + nout, false, out, r->message, sizeof r->message);
}

static jitc_status find_loop(jitc_function *fn, const jitc_value *in, const Type **types, const Type **weak, int nin,
                             DLTensor *const *outs, int nout, Spec **out, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    ProgFunc *f = fn->pf;
    bool gpu = prog_on_gpu(f);
    if (!f->nsigs && f->kind == FK_GUVECTORIZE && !gpu)
        return dynamic_gufunc_spec(fn, types, nin, outs, nout, out, r);
    if (!f->nsigs)
        return drv_find_spec(fn, types, nin, gpu, out, r->message, sizeof r->message);
    Spec *s = NULL;
    jitc_status st;
    if (gpu && f->kind == FK_VECTORIZE && (st = cuda_ufunc_loop(f, in, types, weak, nin, &s, r)) != JITC_OK)
        return st;
    if (!s)
        s = match_loop(f, types, nin, gpu);
    if (!s) { /* as NumPy finds (f8[:], intp) for (float64 array, Python int): the scalars' own types */
        const Type *own[UF_MAXOPS];
        for (int i = 0; i < nin; i++)
            own[i] = weak[i] ? weak[i] : types[i];
        s = match_loop(f, own, nin, gpu);
    }
    if (!s) {
        const char *sigs = "";
        for (int k = 0; k < f->nspecs; k++)
            sigs = arena_printf(mod->arena, "%s%s%s", sigs, k ? ", " : "", loop_text(mod->arena, f->specs[k], nin));
        return fail(r, JITC_ERR_TYPE, "ufunc '%s' has no loop for input types %s (its loops: %s)", f->def->name,
                    drv_types_text(mod->arena, types, nin), sigs);
    }
    *out = s;
    if (s->state != SPEC_READY) {
        drv_report_spec_errors(mod, s);
        return fail(r, JITC_ERR_TYPE, "'%s' has type errors", f->def->name);
    }
    if (!gpu)
        return drv_compile_host(mod, s, r->message, sizeof r->message);
    return JITC_OK;
}

/* ---- 2. loop and core dimensions ---- */

/* A shape as NumPy writes it in its messages: (3,4), (3,), (). */
static const char *shape_text(Arena *a, const int64_t *shape, int ndim)
{
    const char *s = "(";
    for (int k = 0; k < ndim; k++)
        s = arena_printf(a, "%s%s%lld%s", s, k ? "," : "", (long long)shape[k], ndim == 1 ? "," : "");
    return arena_printf(a, "%s)", s);
}

static const char *shapes_text(Arena *a, const jitc_value *in, int nin)
{
    const char *s = "";
    for (int i = 0; i < nin; i++)
        s = arena_printf(a, "%s%s%s", s, i ? " " : "",
                         in[i].kind == JITC_ARRAY ? shape_text(a, in[i].array->shape, in[i].array->ndim) : "()");
    return s;
}

/* The loop dimensions of operand k (all but its ncore trailing ones). */
static int loop_ndim(const Plan *p, int k, const DLTensor *t) { return t->ndim - ncore_of(p, k); }

/* Byte strides of operand k's loop dimensions seen through the plan's shape (0 along the
 * dimensions it stretches), and its core dimensions' strides appended to the core words. */
static void operand_strides(Plan *p, int k, const DLTensor *t)
{
    int64_t own[UF_MAXDIM];
    dl_byte_strides(t, own);
    int n = loop_ndim(p, k, t);
    for (int d = 0; d < p->it.ndim; d++) {
        int j = d - (p->it.ndim - n);
        p->it.strides[k][d] = j < 0 || t->shape[j] == 1 ? 0 : own[j];
    }
    const Type *param = operand_param(p, k);
    if (param->kind != TY_ARRAY)
        return;
    int nc = ncore_of(p, k);
    if (nc == 0) { /* an output "()": a one-element view */
        p->it.core[p->it.ncore++] = 1;
        p->it.core[p->it.ncore++] = ty_size(param->dtype);
        return;
    }
    for (int j = 0; j < nc; j++)
        p->it.core[p->it.ncore++] = t->shape[n + j];
    for (int j = 0; j < nc; j++)
        p->it.core[p->it.ncore++] = own[n + j];
}

/* Binds operand k's core dimensions to their sizes, or says which one disagrees (NumPy's words). */
static jitc_status bind_core(Plan *p, int k, int ndim, const int64_t *shape, jitc_result *r)
{
    const GuLayout *l = p->layout;
    if (!l)
        return JITC_OK;
    const char *what = k < l->nin ? "Input" : "Output";
    int number = k < l->nin ? k : k - l->nin;
    if (ndim < l->ncore[k])
        return fail(r, JITC_ERR_ARGUMENT,
                    "%s: %s operand %d does not have enough dimensions (has %d, gufunc core with signature %s requires %d)",
                    p->fn->pf->def->name, what, number, ndim, l->text, l->ncore[k]);
    for (int j = 0; j < l->ncore[k]; j++) {
        int d = l->dim[k][j];
        int64_t size = shape[ndim - l->ncore[k] + j];
        if (p->core_size[d] >= 0 && p->core_size[d] != size)
            return fail(r, JITC_ERR_ARGUMENT,
                        "%s: %s operand %d has a mismatch in its core dimension %d, with gufunc signature %s (size %lld is different from %lld)",
                        p->fn->pf->def->name, what, number, j, l->text, (long long)size, (long long)p->core_size[d]);
        p->core_size[d] = size;
    }
    return JITC_OK;
}

/* ---- 3. casting inputs ---- */

typedef union Scalar {
    int64_t i;
    uint64_t u;
    double f;
} Scalar;

static Scalar read_as(const void *p, const Type *t)
{
    Scalar v;
    switch (t->kind) {
    case TY_BOOL: v.i = *(const uint8_t *)p != 0; break;
    case TY_INT8: v.i = *(const int8_t *)p; break;
    case TY_INT16: v.i = *(const int16_t *)p; break;
    case TY_INT32: v.i = *(const int32_t *)p; break;
    case TY_INT64: v.i = *(const int64_t *)p; break;
    case TY_UINT8: v.u = *(const uint8_t *)p; break;
    case TY_UINT16: v.u = *(const uint16_t *)p; break;
    case TY_UINT32: v.u = *(const uint32_t *)p; break;
    case TY_UINT64: v.u = *(const uint64_t *)p; break;
    case TY_FLOAT16: v.f = jitc_half_to_double(*(const uint16_t *)p); break;
    case TY_FLOAT32: v.f = *(const float *)p; break;
    default: v.f = *(const double *)p; break;
    }
    return v;
}

/* A cast: safe ones for inputs (to a wider type), same_kind ones for outputs (float64 to float32, ...). */
static void write_as(void *p, const Type *to, Scalar v, const Type *from)
{
    double f = ty_is_float(from) ? v.f : ty_is_unsigned(from) ? (double)v.u : (double)v.i;
    int64_t i = ty_is_unsigned(from) ? (int64_t)v.u : v.i;
    switch (to->kind) {
    case TY_BOOL: *(uint8_t *)p = i != 0; break;
    case TY_INT8: case TY_UINT8: *(int8_t *)p = (int8_t)i; break;
    case TY_INT16: case TY_UINT16: *(int16_t *)p = (int16_t)i; break;
    case TY_INT32: case TY_UINT32: *(int32_t *)p = (int32_t)i; break;
    case TY_INT64: case TY_UINT64: *(int64_t *)p = i; break;
    case TY_FLOAT16: *(uint16_t *)p = jitc_double_to_half(f); break;
    case TY_FLOAT32: *(float *)p = (float)f; break;
    default: *(double *)p = f; break;
    }
}

/* Cast copies, scalar slots and output temporaries live as long as the plan. */
static void *plan_alloc(Plan *p, size_t bytes) { return arena_alloc(p->arena, bytes ? bytes : 1); }

static int64_t element_count(const DLTensor *t)
{
    int64_t count = 1;
    for (int k = 0; k < t->ndim; k++)
        count *= t->shape[k];
    return count;
}

/* A C-contiguous copy of t (shape and all) converted to type `to`. */
static char *cast_copy(Plan *p, const DLTensor *t, const Type *from, const Type *to)
{
    int64_t count = element_count(t), idx[UF_MAXDIM] = {0}, own[UF_MAXDIM];
    dl_byte_strides(t, own);
    char *copy = plan_alloc(p, (size_t)(count * ty_size(to)));
    const char *base = (const char *)t->data + t->byte_offset;
    for (int64_t e = 0; e < count; e++) {
        int64_t off = 0;
        for (int k = 0; k < t->ndim; k++)
            off += idx[k] * own[k];
        write_as(copy + e * ty_size(to), to, read_as(base + off, from), from);
        for (int k = t->ndim - 1; k >= 0 && ++idx[k] == t->shape[k]; k--)
            idx[k] = 0;
    }
    return copy;
}

/* The host memory an array's elements lie in (for copies to the GPU); false if some stride
 * is negative. */
static bool host_span(const DLTensor *t, char **start, size_t *bytes)
{
    int64_t own[UF_MAXDIM], last = 0;
    dl_byte_strides(t, own);
    *start = (char *)t->data + t->byte_offset;
    *bytes = 0;
    for (int k = 0; k < t->ndim; k++) {
        if (t->shape[k] == 0)
            return true;
        if (own[k] < 0)
            return false;
        last += (t->shape[k] - 1) * own[k];
    }
    *bytes = (size_t)last + (size_t)(t->dtype.bits / 8);
    return true;
}

/* Operand k of the plan, an array: its data (cast for an input the loop takes in another
 * type), loop strides and core words. */
static jitc_status add_array(Plan *p, int k, const DLTensor *t, jitc_result *r)
{
    const Type *want = elem(operand_param(p, k)), *dt = drv_dtype_type(t->dtype);
    DLTensor view = *t;
    if (dt != want) {
        if (t->device.device_type == kDLCUDA)
            return fail(r, JITC_ERR_TYPE, "input %d is a device array of dtype %s but the loop takes %s: cast it first",
                        k + 1, ty_name(p->fn->mod->arena, dt), ty_name(p->fn->mod->arena, want));
        view.strides = NULL;
        view.byte_offset = 0;
        view.dtype = drv_type_dtype(want);
        view.data = cast_copy(p, t, dt, want);
    }
    p->it.data[k] = (char *)view.data + view.byte_offset;
    p->on_device[k] = view.device.device_type == kDLCUDA && dt == want;
    if (on_gpu(p) && !p->on_device[k] && !host_span(&view, &p->span[k], &p->span_bytes[k]))
        return fail(r, JITC_ERR_ARGUMENT, "operand %d has a negative stride, which a CUDA ufunc does not take", k + 1);
    operand_strides(p, k, &view);
    return JITC_OK;
}

static jitc_status add_input(Plan *p, int k, const jitc_value *v, jitc_result *r)
{
    if (v->kind == JITC_ARRAY)
        return add_array(p, k, v->array, r);
    /* a scalar: one slot, stride 0 everywhere */
    p->it.data[k] = p->span[k] = plan_alloc(p, 8);
    p->span_bytes[k] = 8;
    const Type *param = p->spec->params[k];
    drv_fill_slot(p->it.data[k], v, elem(param));
    memset(p->it.strides[k], 0, sizeof p->it.strides[k]);
    if (param->kind == TY_ARRAY) { /* a gufunc's "()" taken as a one-element array */
        p->it.core[p->it.ncore++] = 1;
        p->it.core[p->it.ncore++] = ty_size(param->dtype);
    }
    return JITC_OK;
}

/* ---- 4. running the loop ---- */

/* ---- the API ---- */

static jitc_status check_ufunc(jitc_function *fn, int nin, int nout, jitc_result *r)
{
    if (!fn)
        return fail(r, JITC_ERR_ARGUMENT, "no function");
    ProgFunc *f = fn->pf;
    if (f->kind != FK_VECTORIZE && f->kind != FK_GUVECTORIZE)
        return fail(r, JITC_ERR_ARGUMENT, "'%s' is not a @vectorize or @guvectorize ufunc", f->def->name);
    int want_in = f->layout ? f->layout->nin : f->def->nparams, want_out = f->layout ? f->layout->nout : 1;
    if (f->kind == FK_GUVECTORIZE && !f->layout)
        return fail(r, JITC_ERR_TYPE, "gufunc '%s' has no usable layout", f->def->name);
    if (nin != want_in || nin > UF_MAXOPS - 1)
        return fail(r, JITC_ERR_ARGUMENT, "ufunc '%s' takes %d inputs but %d were given", f->def->name, want_in, nin);
    if (nout != want_out)
        return fail(r, JITC_ERR_ARGUMENT, "ufunc '%s' has %d outputs but %d were given", f->def->name, want_out, nout);
    return JITC_OK;
}

/* The loop dimensions: the inputs' broadcast together, then each given output's, which must
 * equal them (an output is never stretched, but may add leading dimensions). */
static jitc_status loop_shape(Plan *p, const jitc_value *in, DLTensor *const *outs, int nout, jitc_result *r)
{
    Arena *a = p->fn->mod->arena;
    p->it.ndim = 0;
    for (int i = 0; i < p->nin; i++)
        if (in[i].kind == JITC_ARRAY && !rt_ufunc_broadcast(p->it.shape, &p->it.ndim, in[i].array->shape, loop_ndim(p, i, in[i].array)))
            return fail(r, JITC_ERR_ARGUMENT, "operands could not be broadcast together with shapes %s%s%s",
                        shapes_text(a, in, p->nin), p->layout ? " and gufunc signature " : "",
                        p->layout ? p->layout->text : "");
    for (int o = 0; o < nout && outs; o++) {
        const DLTensor *t = outs[o];
        int n = loop_ndim(p, p->nin + o, t), ndim = p->it.ndim;
        int64_t shape[UF_MAXDIM];
        memcpy(shape, p->it.shape, sizeof shape);
        if (!rt_ufunc_broadcast(shape, &ndim, t->shape, n) || ndim != n || memcmp(shape, t->shape, sizeof shape[0] * (size_t)n) != 0)
            return fail(r, JITC_ERR_ARGUMENT, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s",
                        shape_text(a, t->shape, t->ndim), shape_text(a, p->it.shape, p->it.ndim));
        p->it.ndim = ndim;
        memcpy(p->it.shape, shape, sizeof shape);
    }
    return JITC_OK;
}


/* Whether the arrays among the operands in CUDA memory are on the context's device. */
static bool on_context_device(const jitc_function *fn, const jitc_value *in, int nin, DLTensor *const *outs, int nout,
                              jitc_result *r)
{
    for (int i = 0; i < nin + nout; i++) {
        const DLTensor *t = i < nin ? (in[i].kind == JITC_ARRAY ? in[i].array : NULL) : outs ? outs[i - nin] : NULL;
        if (!drv_on_context_device(fn->mod->ctx, t, "operand", i, r->message, sizeof r->message))
            return false;
    }
    return true;
}

/* Everything before running: the loop, the core sizes, the loop shape, the inputs. Given
 * outputs (outs[0..nout), or NULL when they are to be allocated) are checked, not added. */
static jitc_status plan_call(jitc_function *fn, const jitc_value *in, int nin, DLTensor *const *outs, int nout, Plan *p,
                             jitc_result *r)
{
    jitc_status st = check_ufunc(fn, nin, nout, r);
    if (st != JITC_OK)
        return st;
    bool gpu = prog_on_gpu(fn->pf);
    const Type *types[UF_MAXOPS], *weak[UF_MAXOPS];
    if (!input_types(in, nin, fn->pf->nsigs > 0, gpu, types, weak, r) || !on_context_device(fn, in, nin, outs, nout, r))
        return JITC_ERR_ARGUMENT;
    if ((st = find_loop(fn, in, types, weak, nin, outs, nout, &p->spec, r)) != JITC_OK)
        return st;
    if (!gpu && !drv_code(fn->mod, p->spec)->host.loop)
        return fail(r, JITC_ERR_BACKEND, "ufunc '%s': no loop was generated for this signature", fn->pf->def->name);
    p->fn = fn;
    p->layout = fn->pf->layout;
    p->nin = nin;
    for (int d = 0; d < GU_MAXNAMES; d++)
        p->core_size[d] = -1;
    for (int i = 0; i < nin && st == JITC_OK; i++) /* a scalar is 0-d */
        st = in[i].kind == JITC_ARRAY ? bind_core(p, i, in[i].array->ndim, in[i].array->shape, r)
                                      : bind_core(p, i, 0, NULL, r);
    for (int o = 0; o < nout && outs && st == JITC_OK; o++) {
        char why[256];
        if (!drv_tensor_ok(outs[o], "output", o, 0, why, sizeof why)) /* argcheck.c */
            return fail(r, JITC_ERR_ARGUMENT, "%s", why);
        st = bind_core(p, nin + o, outs[o]->ndim, outs[o]->shape, r);
    }
    if (st == JITC_OK)
        st = loop_shape(p, in, outs, nout, r);
    for (int i = 0; i < nin && st == JITC_OK; i++) {
        p->it.nops++;
        st = add_input(p, i, &in[i], r);
    }
    return st;
}

/* Adds output o (after the inputs), checking its dtype and where it lives. */
/* NumPy's "same_kind" rule for outputs: a safe cast, or one within floats, signed or unsigned
 * integers (float64 results into a float32 output, int64 into int32). */
static bool same_kind(const Type *from, const Type *to)
{
    return ty_can_cast_safely(from, to) || (ty_is_float(from) && ty_is_float(to)) ||
           (ty_is_signed(from) && ty_is_signed(to)) || (ty_is_unsigned(from) && ty_is_unsigned(to));
}

/* A C-contiguous host array of type t shaped like `like`, owned by the plan. */
static void temporary_like(Plan *p, const DLTensor *like, const Type *t, DLTensor *out)
{
    *out = (DLTensor){.device = {kDLCPU, 0}, .ndim = like->ndim, .dtype = drv_type_dtype(t), .shape = like->shape};
    out->data = plan_alloc(p, (size_t)(element_count(like) * ty_size(t)));
}

static jitc_status add_output(Plan *p, int o, DLTensor *t, jitc_result *r)
{
    int k = p->nin + o;
    const Type *want = elem(operand_param(p, k)), *dt = drv_dtype_type(t->dtype);
    Arena *a = p->fn->mod->arena;
    DLDeviceType where = t->device.device_type;
    if (where != kDLCPU && where != kDLCUDAHost && !(on_gpu(p) && where == kDLCUDA))
        return fail(r, JITC_ERR_ARGUMENT, "output %d must be an array in host%s memory", o + 1, on_gpu(p) ? " or CUDA" : "");
    p->it.nops++;
    if (dt == want)
        return add_array(p, k, t, r);
    if (!dt || !same_kind(want, dt) || where == kDLCUDA)
        return fail(r, JITC_ERR_TYPE, "output %d has dtype %s but the loop %s writes %s, which does not cast to it (same_kind)",
                    o + 1, dt ? ty_name(a, dt) : "(unsupported)", p->fn->pf->def->name, ty_name(a, want));
    /* the loop writes a temporary of its own type, cast into the output afterwards */
    DLTensor *tmp = &p->cast_out[o];
    temporary_like(p, t, want, tmp);
    p->cast_into[o] = t;
    return add_array(p, k, tmp, r);
}

/* Outputs written through temporaries: the values cast into them (same_kind). */
static void cast_outputs(Plan *p, int nout)
{
    for (int o = 0; o < nout; o++) {
        const DLTensor *dst = p->cast_into[o], *src = &p->cast_out[o];
        if (!dst)
            continue;
        const Type *from = drv_dtype_type(src->dtype), *to = drv_dtype_type(dst->dtype);
        int64_t count = element_count(dst), idx[UF_MAXDIM] = {0}, own[UF_MAXDIM];
        dl_byte_strides(dst, own);
        char *base = (char *)dst->data + dst->byte_offset;
        for (int64_t e = 0; e < count; e++) {
            int64_t off = 0;
            for (int k = 0; k < dst->ndim; k++)
                off += idx[k] * own[k];
            write_as(base + off, to, read_as((char *)src->data + e * ty_size(from), from), from);
            for (int k = dst->ndim - 1; k >= 0 && ++idx[k] == dst->shape[k]; k--)
                idx[k] = 0;
        }
    }
}

static jitc_status execute(Plan *p, jitc_result *r)
{
    p->it.gufunc = p->layout != NULL;
    rt_ufunc_coalesce(&p->it);
    if (on_gpu(p))
        return drv_ufunc_run_gpu(p, r);
    JitcErr err = {0};
    const char *target = p->fn->pf->opts.target;
    rt_ufunc_run(&p->it, (LoopFn)drv_code(p->fn->mod, p->spec)->host.loop, target && strcmp(target, "parallel") == 0, &err);
    if (err.code) {
        drv_runtime_error(r, &err);
        return JITC_ERR_RUNTIME;
    }
    return JITC_OK;
}

/* A plan in a scratch arena of its own, which plan_free frees with everything the plan made. */
static Plan *plan_new(jitc_function *fn)
{
    Arena *a = arena_scratch(&fn->mod->ctx->heap);
    Plan *p = arena_alloc(a, sizeof *p);
    p->arena = a;
    return p;
}

static void plan_free(Plan *p) { arena_free(p->arena); }

/* Inputs and given outputs, planned and run. */
static jitc_status call_with_outputs(jitc_function *fn, const jitc_value *in, int nin, DLTensor *const *outs, int nout,
                                     jitc_result *r)
{
    Plan *p = plan_new(fn);
    jitc_status st = plan_call(fn, in, nin, outs, nout, p, r);
    for (int o = 0; o < nout && st == JITC_OK; o++)
        st = add_output(p, o, outs[o], r);
    if (st == JITC_OK)
        st = execute(p, r);
    if (st == JITC_OK)
        cast_outputs(p, nout);
    plan_free(p);
    return st;
}

static jitc_result *result_slot(jitc_result *given, jitc_result *scratch)
{
    jitc_result *r = given ? given : scratch;
    memset(r, 0, sizeof *r);
    return r;
}

jitc_status jitc_ufunc_call(jitc_function *fn, const jitc_value *inputs, int nin, DLTensor *out, jitc_result *result)
{
    jitc_result scratch, *r = result_slot(result, &scratch);
    if (!fn || !out)
        return fail(r, JITC_ERR_ARGUMENT, fn ? "no output array" : "no function");
    DRV_PROTECTED(&fn->mod->ctx->heap, r, call_with_outputs(fn, inputs, nin, &out, 1, r));
}

jitc_status jitc_gufunc_call(jitc_function *fn, const jitc_value *operands, int nops, jitc_result *result)
{
    jitc_result scratch, *r = result_slot(result, &scratch);
    if (!fn || !operands)
        return fail(r, JITC_ERR_ARGUMENT, "jitc_gufunc_call: the %s is NULL", fn ? "operand array" : "function");
    if (nops < 1 || nops > UF_MAXOPS)
        return fail(r, JITC_ERR_ARGUMENT, "jitc_gufunc_call: %d operands ('%s' takes %d; a call takes 1 to %d)", nops,
                    fn->pf->def->name, fn->pf->def->nparams, (int)UF_MAXOPS);
    int nout = fn->pf->layout ? fn->pf->layout->nout : 1;
    if (nops <= nout)
        return fail(r, JITC_ERR_ARGUMENT, "'%s' takes %d operands but %d were given", fn->pf->def->name,
                    fn->pf->def->nparams, nops);
    DLTensor *outs[UF_MAXOPS];
    for (int o = 0; o < nout; o++) {
        const jitc_value *v = &operands[nops - nout + o];
        if (v->kind != JITC_ARRAY || !v->array)
            return fail(r, JITC_ERR_ARGUMENT, "operand %d is an output: it must be an array", nops - nout + o + 1);
        outs[o] = v->array;
    }
    DRV_PROTECTED(&fn->mod->ctx->heap, r, call_with_outputs(fn, operands, nops - nout, outs, nout, r));
}

/* The output jitc allocates: one block holding the managed tensor and its shape; the data in
 * host memory, or in device memory when some input lives there (target cuda). */
typedef struct Owned {
    DLManagedTensor managed;
    int64_t shape[UF_MAXDIM + GU_MAXCORE];
    jitc_context *gpu; /* the context that owns device data, or NULL */
} Owned;

/* The output jitc_ufunc_alloc hands to the caller outlives the call and the context, as arrays
 * that compiled code returns do: it comes from the C heap, not from the context's allocator. */
static void owned_delete(DLManagedTensor *self)
{
    Owned *o = (Owned *)self;
    if (o->gpu)
        jitc_device_free(o->gpu, self->dl_tensor.data);
    else
        free(self->dl_tensor.data);
    free(o);
}

static void owned_free(void *o)
{
    Owned *owned = o;
    if (owned->managed.deleter)
        owned_delete(&owned->managed);
    else
        free(owned);
}

/* The single output's shape: the loop shape, then its core dimensions (all bound by inputs). */
static jitc_status output_shape(const Plan *p, Owned *o, int *ndim, jitc_result *r)
{
    int k = p->nin;
    *ndim = p->it.ndim;
    memcpy(o->shape, p->it.shape, sizeof p->it.shape[0] * (size_t)p->it.ndim);
    for (int j = 0; p->layout && j < p->layout->ncore[k]; j++) {
        int d = p->layout->dim[k][j];
        if (p->core_size[d] < 0)
            return fail(r, JITC_ERR_ARGUMENT, "%s: core dimension '%s' of the output is given by no input: pass the output",
                        p->fn->pf->def->name, p->layout->names[d]);
        o->shape[(*ndim)++] = p->core_size[d];
    }
    return JITC_OK;
}

static bool any_input_on_device(const jitc_value *in, int nin)
{
    for (int i = 0; i < nin; i++)
        if (in[i].kind == JITC_ARRAY && in[i].array && in[i].array->device.device_type == kDLCUDA)
            return true;
    return false;
}

static jitc_status allocate_output(Plan *p, Owned *o, bool device, jitc_result *r)
{
    int ndim;
    jitc_status st = output_shape(p, o, &ndim, r);
    if (st != JITC_OK)
        return st;
    const Type *t = elem(operand_param(p, p->nin));
    int64_t count = 1;
    for (int k = 0; k < ndim; k++)
        count *= o->shape[k];
    size_t bytes = (size_t)((count * ty_size(t) + 63) / 64 * 64 + 64);
    DLTensor *dl = &o->managed.dl_tensor;
    jitc_context *ctx = jitc_module_context(p->fn->mod);
    *dl = (DLTensor){.device = {device ? kDLCUDA : kDLCPU, device ? ctx->opts.gpu_device : 0}, .ndim = ndim,
                     .dtype = drv_type_dtype(t), .shape = o->shape};
    o->managed.deleter = owned_delete;
    if (device) {
        if ((st = jitc_device_alloc(ctx, bytes, &dl->data)) != JITC_OK)
            return fail(r, st, "cannot allocate an output of %lld elements on the GPU", (long long)count);
        o->gpu = ctx;
    } else if (!(dl->data = aligned_alloc(64, bytes))) {
        return fail(r, JITC_ERR_NOMEM, "out of memory for an output of %lld elements", (long long)count);
    } else {
        rt_advise_huge_pages(dl->data, bytes);
    }
    return JITC_OK;
}

static jitc_status ufunc_alloc(jitc_function *fn, const jitc_value *inputs, int nin, DLManagedTensor **out,
                               jitc_result *r)
{
    Plan *p = plan_new(fn);
    Owned **owned = (Owned **)arena_defer(p->arena, owned_free); /* until it is handed out */
    Owned *o = *owned = calloc(1, sizeof *o);
    jitc_status st = o ? plan_call(fn, inputs, nin, NULL, 1, p, r) : fail(r, JITC_ERR_NOMEM, "out of memory");
    if (st == JITC_OK)
        st = allocate_output(p, o, prog_on_gpu(fn->pf) && any_input_on_device(inputs, nin), r);
    if (st == JITC_OK) {
        p->fresh_output = true;
        st = add_output(p, 0, &o->managed.dl_tensor, r);
    }
    if (st == JITC_OK)
        st = execute(p, r);
    if (st == JITC_OK) {
        *out = &o->managed;
        *owned = NULL;
    }
    plan_free(p);
    return st;
}

jitc_status jitc_ufunc_alloc(jitc_function *fn, const jitc_value *inputs, int nin, DLManagedTensor **out,
                             jitc_result *result)
{
    jitc_result scratch, *r = result_slot(result, &scratch);
    if (!fn || !out)
        return fail(r, JITC_ERR_ARGUMENT, fn ? "no place for the output" : "no function");
    *out = NULL;
    DRV_PROTECTED(&fn->mod->ctx->heap, r, ufunc_alloc(fn, inputs, nin, out, r));
}
