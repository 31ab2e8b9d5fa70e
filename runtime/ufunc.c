/* ufunc.c — @vectorize functions applied to arrays, as NumPy applies ufuncs.
 *
 *   1. pick the loop: NumPy's type resolution over the decorator's signatures (an exact match,
 *      else the first that every input casts to safely); Python scalars are weak (NEP 50).
 *      A @vectorize without signatures compiles a loop for the types it meets;
 *   2. broadcast the operands (NumPy's rules; the output is never stretched);
 *   3. cast the inputs the loop takes in another type into temporary copies;
 *   4. run the compiled inner loop (codegen/wrap.c, `SYM.loop`) along the innermost dimension
 *      after merging dimensions that are contiguous for every operand, over all the outer ones;
 *      with target="parallel", that work is split evenly over OpenMP threads (rows, or pieces of
 *      rows when there are fewer rows than threads). */
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "dltensor.h"
#include "rt.h"

enum { MAXDIM = 32, MAXOPS = 33 };

typedef void (*LoopFn)(char **args, int64_t n, const int64_t *steps, JitcErr *err);

/* The iteration: every operand over one broadcast shape (strides in bytes, 0 where stretched). */
typedef struct Plan {
    int ndim;
    int64_t shape[MAXDIM];
    int nops; /* inputs, then the output */
    char *data[MAXOPS];
    int64_t strides[MAXOPS][MAXDIM];
    LoopFn loop;
    void *temps[MAXOPS]; /* cast copies and scalar slots, freed after the call */
    int ntemps;
} Plan;

static jitc_status fail(jitc_result *r, jitc_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static jitc_status fail(jitc_result *r, jitc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->message, sizeof r->message, fmt, ap);
    va_end(ap);
    return st;
}

/* ---- 1. the loop ---- */

static bool is_python_scalar(const jitc_value *v)
{
    return v->kind == JITC_INT64 || v->kind == JITC_FLOAT64 || v->kind == JITC_BOOL;
}

/* The element type of input i: a typed scalar's, or a host array's dtype (any rank, 0 too). */
static const Type *operand_type(const jitc_value *v, int i, jitc_result *r)
{
    if (v->kind != JITC_ARRAY) {
        const Type *t = api_value_type(NULL, v, false, r->message, sizeof r->message, i);
        return t;
    }
    const DLTensor *t = v->array;
    const Type *dt = t ? api_dtype_type(t->dtype) : NULL;
    if (!dt || t->ndim < 0 || t->ndim > MAXDIM || (t->ndim && !t->shape)) {
        fail(r, JITC_ERR_ARGUMENT, "input %d: not a usable array (NULL, unsupported dtype or rank)", i + 1);
        return NULL;
    }
    if (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDAHost) {
        fail(r, JITC_ERR_ARGUMENT, "input %d: a CPU ufunc takes arrays in host memory", i + 1);
        return NULL;
    }
    return dt;
}

/* The dtype each input brings to type resolution. Against a signature list, Python scalars
 * take the kind-compatible dtype of the arrays (NEP 50: a Python float beside float32 arrays
 * is float32). A ufunc without signatures compiles for the scalars' own types, as Numba's
 * dynamic ufuncs do (int64, float64, bool). */
static bool input_types(const jitc_value *in, int nin, bool weak_scalars, const Type **types, jitc_result *r)
{
    const Type *arrays = NULL;
    for (int i = 0; i < nin; i++) {
        if (is_python_scalar(&in[i]))
            continue;
        if (!(types[i] = operand_type(&in[i], i, r)))
            return false;
        arrays = arrays ? ty_promote(arrays, false, types[i], false) : types[i];
    }
    for (int i = 0; i < nin; i++) {
        if (!is_python_scalar(&in[i]))
            continue;
        const Type *own = ty_scalar(in[i].kind == JITC_BOOL ? TY_BOOL : in[i].kind == JITC_INT64 ? TY_INT64 : TY_FLOAT64);
        types[i] = arrays && weak_scalars ? ty_promote(arrays, false, own, true) : own;
    }
    return true;
}

static Spec *match_loop(ProgFunc *f, const Type **types, int n)
{
    for (int safe = 0; safe <= 1; safe++)
        for (int k = 0; k < f->nspecs; k++) {
            Spec *s = f->specs[k];
            bool ok = s->ret_fixed && s->nparams == n;
            for (int i = 0; ok && i < n; i++)
                ok = s->params[i] == types[i] || (safe && ty_can_cast_safely(types[i], s->params[i]));
            if (ok)
                return s;
        }
    return NULL;
}

static jitc_status find_loop(jitc_function *fn, const Type **types, int nin, Spec **out, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    ProgFunc *f = fn->pf;
    if (f->nsigs) {
        Spec *s = match_loop(f, types, nin);
        if (!s) {
            const char *sigs = "";
            for (int k = 0; k < f->nspecs; k++)
                sigs = arena_printf(mod->arena, "%s%s%s%s", sigs, k ? ", " : "", ty_name(mod->arena, f->specs[k]->ret),
                                    api_types_text(mod->arena, (const Type **)f->specs[k]->params, f->specs[k]->nparams));
            return fail(r, JITC_ERR_TYPE, "ufunc '%s' has no loop for input types %s (its loops: %s)", f->def->name,
                        api_types_text(mod->arena, types, nin), sigs);
        }
        return api_find_spec(fn, (const Type **)s->params, nin, false, out, r->message, sizeof r->message);
    }
    return api_find_spec(fn, types, nin, false, out, r->message, sizeof r->message);
}

/* ---- 2. broadcasting ---- */

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

/* NumPy's rule, right-aligned: sizes equal, or one of them 1. */
static bool broadcast(int64_t *shape, int *ndim, const DLTensor *t)
{
    int n = t->ndim > *ndim ? t->ndim : *ndim;
    int64_t merged[MAXDIM];
    for (int k = 0; k < n; k++) {
        int a = k - (n - *ndim), b = k - (n - t->ndim);
        int64_t x = a >= 0 ? shape[a] : 1, y = b >= 0 ? t->shape[b] : 1;
        if (x != y && x != 1 && y != 1)
            return false;
        merged[k] = x == 1 ? y : x;
    }
    memcpy(shape, merged, sizeof merged[0] * (size_t)n);
    *ndim = n;
    return true;
}

/* t's own strides in bytes (C order when it has none). */
static void byte_strides(const DLTensor *t, int64_t *out)
{
    int64_t item = t->dtype.bits / 8, c = 1;
    for (int k = t->ndim - 1; k >= 0; k--) {
        out[k] = (t->strides ? t->strides[k] : c) * item;
        c *= t->shape[k];
    }
}

/* Byte strides of t seen through the plan's shape: 0 along dimensions it stretches. */
static void operand_strides(const Plan *p, const DLTensor *t, int64_t *strides)
{
    int64_t own[MAXDIM];
    byte_strides(t, own);
    for (int k = 0; k < p->ndim; k++) {
        int j = k - (p->ndim - t->ndim);
        strides[k] = j < 0 || t->shape[j] == 1 ? 0 : own[j];
    }
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
    case TY_FLOAT32: v.f = *(const float *)p; break;
    default: v.f = *(const double *)p; break;
    }
    return v;
}

/* A safe cast: from bool or an integer to a wider integer or a float, or float32 to float64. */
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
    case TY_FLOAT32: *(float *)p = (float)f; break;
    default: *(double *)p = f; break;
    }
}

static void *plan_alloc(Plan *p, size_t bytes)
{
    void *q = malloc(bytes ? bytes : 1);
    if (q)
        p->temps[p->ntemps++] = q;
    return q;
}

/* A C-contiguous copy of t (shape and all) converted to type `to`. */
static char *cast_copy(Plan *p, const DLTensor *t, const Type *from, const Type *to)
{
    int64_t count = 1, idx[MAXDIM] = {0}, own[MAXDIM];
    byte_strides(t, own);
    for (int k = 0; k < t->ndim; k++)
        count *= t->shape[k];
    char *copy = plan_alloc(p, (size_t)(count * ty_size(to)));
    if (!copy)
        return NULL;
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

/* Operand i of the plan: its data (cast if the loop takes another type) and strides. */
static jitc_status add_input(Plan *p, const jitc_value *v, const Type *param, jitc_result *r)
{
    int i = p->nops++;
    if (v->kind != JITC_ARRAY) { /* a scalar: one slot, stride 0 everywhere */
        p->data[i] = plan_alloc(p, 8);
        if (!p->data[i])
            return fail(r, JITC_ERR_NOMEM, "out of memory");
        api_fill_slot(p->data[i], v, param);
        memset(p->strides[i], 0, sizeof p->strides[i]);
        return JITC_OK;
    }
    const DLTensor *t = v->array;
    const Type *dt = api_dtype_type(t->dtype);
    if (dt == param) {
        p->data[i] = (char *)t->data + t->byte_offset;
        operand_strides(p, t, p->strides[i]);
        return JITC_OK;
    }
    DLTensor copy = *t;
    copy.strides = NULL;
    copy.byte_offset = 0;
    copy.dtype = (DLDataType){t->dtype.code, (uint8_t)(ty_size(param) * 8), 1}; /* only its size is read */
    if (!(copy.data = cast_copy(p, t, dt, param)))
        return fail(r, JITC_ERR_NOMEM, "out of memory casting input %d", i + 1);
    p->data[i] = copy.data;
    operand_strides(p, &copy, p->strides[i]);
    return JITC_OK;
}

/* ---- 4. running the loop ---- */

/* Drops dimensions of size 1 and merges neighbours that are contiguous for every operand, so
 * that the inner loop runs as long as it can. */
static void coalesce(Plan *p)
{
    int n = 0;
    for (int k = 0; k < p->ndim; k++) {
        if (p->shape[k] == 1)
            continue;
        bool merge = n > 0;
        for (int o = 0; merge && o < p->nops; o++)
            merge = p->strides[o][n - 1] == p->strides[o][k] * p->shape[k];
        if (merge) {
            p->shape[n - 1] *= p->shape[k];
            for (int o = 0; o < p->nops; o++)
                p->strides[o][n - 1] = p->strides[o][k];
            continue;
        }
        p->shape[n] = p->shape[k];
        for (int o = 0; o < p->nops; o++)
            p->strides[o][n] = p->strides[o][k];
        n++;
    }
    if (n == 0) { /* one element */
        p->shape[0] = 1;
        for (int o = 0; o < p->nops; o++)
            p->strides[o][0] = 0;
        n = 1;
    }
    p->ndim = n;
}

/* Runs the inner loop over elements [start, end) of row `row` (rows: the outer dimensions). */
static void run_piece(const Plan *p, int64_t row, int64_t start, int64_t end, JitcErr *err)
{
    char *args[MAXOPS];
    int64_t steps[MAXOPS];
    int inner = p->ndim - 1;
    for (int o = 0; o < p->nops; o++) {
        int64_t off = start * p->strides[o][inner], rest = row;
        for (int k = inner - 1; k >= 0; k--) {
            off += (rest % p->shape[k]) * p->strides[o][k];
            rest /= p->shape[k];
        }
        args[o] = p->data[o] + off;
        steps[o] = p->strides[o][inner];
    }
    p->loop(args, end - start, steps, err);
}

static int thread_count(void)
{
    const char *env = getenv("JITC_NUM_THREADS");
    int n = env ? atoi(env) : 0;
    return n > 0 ? n : omp_get_max_threads();
}

/* The work in pieces: whole rows when there are at least as many rows as threads, else each
 * row cut into equal parts; static chunking hands each thread an even share. */
static void run_plan(const Plan *p, bool parallel, JitcErr *first)
{
    int64_t n = p->shape[p->ndim - 1], rows = 1;
    for (int k = 0; k < p->ndim - 1; k++)
        rows *= p->shape[k];
    if (rows == 0 || n == 0)
        return;
    int threads = parallel ? thread_count() : 1;
    if (rows * n < 4096) /* not worth waking threads */
        threads = 1;
    int64_t parts = rows >= threads ? 1 : (threads + rows - 1) / rows;
    int64_t pieces = rows * parts;
#pragma omp parallel for schedule(static) num_threads(threads) if (threads > 1)
    for (int64_t w = 0; w < pieces; w++) {
        int64_t row = w / parts, part = w % parts;
        JitcErr err = {0};
        run_piece(p, row, n * part / parts, n * (part + 1) / parts, &err);
        if (err.code) {
#pragma omp critical(jitc_ufunc_error)
            if (!first->code)
                *first = err;
        }
    }
}

/* ---- the API ---- */

static jitc_status check_ufunc(jitc_function *fn, int nin, jitc_result *r)
{
    if (!fn)
        return fail(r, JITC_ERR_ARGUMENT, "no function");
    ProgFunc *f = fn->pf;
    if (f->kind != FK_VECTORIZE)
        return fail(r, JITC_ERR_ARGUMENT, "'%s' is not a @vectorize ufunc", f->def->name);
    if (f->opts.target && strcmp(f->opts.target, "cuda") == 0)
        return fail(r, JITC_ERR_UNSUPPORTED, "ufunc '%s' has target='cuda', which is not supported yet", f->def->name);
    if (nin != f->def->nparams || nin > MAXOPS - 1)
        return fail(r, JITC_ERR_ARGUMENT, "ufunc '%s' takes %d inputs but %d were given", f->def->name, f->def->nparams, nin);
    return JITC_OK;
}

/* Everything before running: the loop, the broadcast shape (with out's when given), the operands. */
static jitc_status plan_call(jitc_function *fn, const jitc_value *in, int nin, const DLTensor *out, Plan *p,
                             Spec **spec, jitc_result *r)
{
    jitc_status st = check_ufunc(fn, nin, r);
    if (st != JITC_OK)
        return st;
    jitc_module *mod = fn->mod;
    const Type *types[MAXOPS];
    if (!input_types(in, nin, fn->pf->nsigs > 0, types, r))
        return JITC_ERR_ARGUMENT;
    if ((st = find_loop(fn, types, nin, spec, r)) != JITC_OK)
        return st;
    if (!(p->loop = (LoopFn)(*spec)->loop))
        return fail(r, JITC_ERR_BACKEND, "ufunc '%s': no loop was generated for this signature", fn->pf->def->name);
    p->ndim = 0;
    for (int i = 0; i < nin; i++)
        if (in[i].kind == JITC_ARRAY && (in[i].array->ndim > MAXDIM || !broadcast(p->shape, &p->ndim, in[i].array)))
            return fail(r, JITC_ERR_ARGUMENT, "operands could not be broadcast together with shapes %s",
                        shapes_text(mod->arena, in, nin));
    if (out) {
        int ndim = p->ndim;
        int64_t shape[MAXDIM];
        memcpy(shape, p->shape, sizeof shape);
        if (out->ndim > MAXDIM || !broadcast(shape, &ndim, out) || ndim != out->ndim ||
            memcmp(shape, out->shape, sizeof shape[0] * (size_t)ndim) != 0)
            return fail(r, JITC_ERR_ARGUMENT, "non-broadcastable output operand with shape %s doesn't match the broadcast shape %s",
                        shape_text(mod->arena, out->shape, out->ndim), shape_text(mod->arena, p->shape, p->ndim));
        p->ndim = ndim;
        memcpy(p->shape, shape, sizeof shape);
    }
    for (int i = 0; i < nin; i++)
        if ((st = add_input(p, &in[i], (*spec)->params[i], r)) != JITC_OK)
            return st;
    return JITC_OK;
}

static jitc_status execute(jitc_function *fn, Plan *p, DLTensor *out, jitc_result *r)
{
    p->data[p->nops] = (char *)out->data + out->byte_offset;
    operand_strides(p, out, p->strides[p->nops]);
    p->nops++;
    coalesce(p);
    JitcErr err = {0};
    run_plan(p, fn->pf->opts.target && strcmp(fn->pf->opts.target, "parallel") == 0, &err);
    if (err.code) {
        rt_format_error(&err, r->message, sizeof r->message);
        return JITC_ERR_RUNTIME;
    }
    return JITC_OK;
}

static void plan_free(Plan *p)
{
    for (int i = 0; i < p->ntemps; i++)
        free(p->temps[i]);
}

jitc_status jitc_ufunc_call(jitc_function *fn, const jitc_value *inputs, int nin, DLTensor *out, jitc_result *result)
{
    jitc_result scratch;
    jitc_result *r = result ? result : &scratch;
    memset(r, 0, sizeof *r);
    if (!out || !out->data || !out->shape || out->device.device_type != kDLCPU)
        return fail(r, JITC_ERR_ARGUMENT, "the output must be an array in host memory");
    Plan *p = calloc(1, sizeof *p);
    Spec *s = NULL;
    jitc_status st = p ? plan_call(fn, inputs, nin, out, p, &s, r) : fail(r, JITC_ERR_NOMEM, "out of memory");
    if (st == JITC_OK && api_dtype_type(out->dtype) != s->ret)
        st = fail(r, JITC_ERR_TYPE, "the output has dtype %s but the loop %s returns %s",
                  api_dtype_type(out->dtype) ? ty_name(fn->mod->arena, api_dtype_type(out->dtype)) : "(unsupported)",
                  fn->pf->def->name, ty_name(fn->mod->arena, s->ret));
    if (st == JITC_OK)
        st = execute(fn, p, out, r);
    if (p)
        plan_free(p);
    free(p);
    return st;
}

/* The output jitc allocates: one block holding the managed tensor, its shape and its data. */
typedef struct Owned {
    DLManagedTensor managed;
    int64_t shape[MAXDIM];
} Owned;

static void owned_delete(DLManagedTensor *self)
{
    free(self->dl_tensor.data);
    free(self);
}

jitc_status jitc_ufunc_alloc(jitc_function *fn, const jitc_value *inputs, int nin, DLManagedTensor **out,
                             jitc_result *result)
{
    jitc_result scratch;
    jitc_result *r = result ? result : &scratch;
    memset(r, 0, sizeof *r);
    if (!out)
        return fail(r, JITC_ERR_ARGUMENT, "no place for the output");
    *out = NULL;
    Plan *p = calloc(1, sizeof *p);
    Owned *o = calloc(1, sizeof *o);
    Spec *s = NULL;
    jitc_status st = p && o ? plan_call(fn, inputs, nin, NULL, p, &s, r) : fail(r, JITC_ERR_NOMEM, "out of memory");
    if (st == JITC_OK) {
        int64_t count = 1;
        for (int k = 0; k < p->ndim; k++)
            count *= o->shape[k] = p->shape[k];
        DLTensor *t = &o->managed.dl_tensor;
        *t = (DLTensor){.device = {kDLCPU, 0}, .ndim = p->ndim, .dtype = api_type_dtype(s->ret), .shape = o->shape};
        o->managed.deleter = owned_delete;
        if (!(t->data = aligned_alloc(64, (size_t)((count * ty_size(s->ret) + 63) / 64 * 64 + 64))))
            st = fail(r, JITC_ERR_NOMEM, "out of memory for an output of %lld elements", (long long)count);
        else
            st = execute(fn, p, t, r);
    }
    if (p)
        plan_free(p);
    free(p);
    if (st == JITC_OK) {
        *out = &o->managed;
    } else if (o) {
        free(o->managed.dl_tensor.data);
        free(o);
    }
    return st;
}
