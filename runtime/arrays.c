/* arrays.c — allocation, element-wise maps and export of the arrays compiled code creates;
 * see arrays.h. */
#include "arrays.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "ufunc_loop.h"

enum { ALIGN = 64 };

/* Messages built at run time outlive the call that raised them: one buffer per thread. */
static _Thread_local char message[256];

static void raise_at(JitcErr *err, const char *where, int32_t code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void raise_at(JitcErr *err, const char *where, int32_t code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    err->code = code;
    err->where = where;
    err->message = message;
}

static const char *shape_text(char *buf, size_t n, const int64_t *shape, int64_t ndim)
{
    size_t used = (size_t)snprintf(buf, n, "(");
    for (int64_t k = 0; k < ndim && used < n; k++)
        used += (size_t)snprintf(buf + used, n - used, "%s%lld%s", k ? "," : "", (long long)shape[k],
                                 ndim == 1 ? "," : "");
    if (used < n)
        snprintf(buf + used, n - used, ")");
    return buf;
}

void rt_advise_huge_pages(void *p, size_t n)
{
    enum { HUGE_PAGE = 1 << 21, THRESHOLD = 1 << 22 };
    if (n < THRESHOLD)
        return;
    uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (hi > lo)
        madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* advice: where the kernel has none to give, nothing changes */
}

JitcMem *jitc_rt_alloc(int64_t ndim, const int64_t *shape, int64_t itemsize, int32_t zeroed, const char *where,
                       JitcErr *err)
{
    int64_t bytes = itemsize;
    for (int64_t k = 0; k < ndim; k++) {
        if (shape[k] < 0) {
            raise_at(err, where, RT_EXC_VALUE, "ValueError: negative dimensions are not allowed");
            return NULL;
        }
        if (shape[k] && bytes > INT64_MAX / shape[k]) {
            raise_at(err, where, RT_EXC_VALUE, "ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than "
                                    "the maximum possible size.");
            return NULL;
        }
        bytes *= shape[k];
    }
    size_t head = (sizeof(JitcMem) + ALIGN - 1) / ALIGN * ALIGN;
    size_t total = (head + (size_t)bytes + ALIGN - 1) / ALIGN * ALIGN;
    char *block = aligned_alloc(ALIGN, total);
    if (!block) {
        raise_at(err, where, RT_EXC_MEMORY, "MemoryError: cannot allocate %lld bytes", (long long)bytes);
        return NULL;
    }
    rt_advise_huge_pages(block, total);
    JitcMem *m = (JitcMem *)block;
    m->refs = 1;
    m->data = block + head;
    m->owner = NULL;
    if (zeroed)
        memset(m->data, 0, (size_t)bytes);
    return m;
}

void jitc_rt_free(JitcMem *m)
{
    DLManagedTensor *owner = m->owner;
    free(m);
    if (owner && owner->deleter)
        owner->deleter(owner);
}

static void c_strides(int64_t ndim, const int64_t *shape, int64_t itemsize, int64_t *strides)
{
    for (int64_t k = ndim - 1; k >= 0; k--) {
        strides[k] = itemsize;
        itemsize *= shape[k] ? shape[k] : 1;
    }
}

/* Operand k's byte strides over the plan's shape: 0 along the dimensions it is stretched in. */
static void stretch(UfIter *p, int k, const JitcArg *a)
{
    for (int d = 0; d < p->ndim; d++) {
        int64_t j = d - (p->ndim - a->ndim);
        p->strides[k][d] = j < 0 || a->shape[j] == 1 ? 0 : a->strides[j];
    }
    p->data[k] = a->data;
}

static const char *shapes_text(char *buf, size_t n, int64_t nin, const JitcArg *in)
{
    size_t used = 0;
    buf[0] = 0;
    for (int64_t i = 0; i < nin && used + 1 < n; i++) {
        char one[128];
        shape_text(one, sizeof one, in[i].shape, in[i].ndim);
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? " " : "", one);
    }
    return buf;
}

/* The bytes an array's elements span, [*lo, *hi) (empty: lo == hi). */
static void byte_span(const JitcArg *a, int64_t itemsize, intptr_t *lo, intptr_t *hi)
{
    intptr_t first = (intptr_t)a->data, last = first;
    for (int64_t k = 0; k < a->ndim; k++) {
        if (a->shape[k] == 0) {
            *lo = *hi = first;
            return;
        }
        intptr_t reach = (intptr_t)((a->shape[k] - 1) * a->strides[k]);
        if (reach < 0)
            first += reach;
        else
            last += reach;
    }
    *lo = first;
    *hi = last + (intptr_t)itemsize;
}

static bool same_elements(const JitcArg *a, const JitcArg *b)
{
    if (a->data != b->data || a->ndim != b->ndim)
        return false;
    for (int64_t k = 0; k < a->ndim; k++)
        if (a->shape[k] != b->shape[k] || (a->shape[k] > 1 && a->strides[k] != b->strides[k]))
            return false;
    return true;
}

/* Whether out shares memory with an input other than element for element (then writing out as
 * the loop goes would change inputs not yet read). Inputs' item sizes are not known here: an
 * input is taken to span up to out's itemsize past its last element, which can only err on the
 * side of buffering. */
static bool overlaps_an_input(const JitcArg *out, int64_t itemsize, int64_t nin, const JitcArg *in)
{
    intptr_t olo, ohi;
    byte_span(out, itemsize, &olo, &ohi);
    for (int64_t i = 0; i < nin; i++) {
        if (in[i].ndim == 0 || same_elements(out, &in[i]))
            continue;
        intptr_t lo, hi;
        byte_span(&in[i], itemsize, &lo, &hi);
        if (lo < ohi && olo < hi)
            return true;
    }
    return false;
}

/* dst = src element for element: two arrays of one shape and item size. */
static void copy_strided(const JitcArg *dst, const JitcArg *src, int64_t itemsize)
{
    int64_t idx[UF_MAXDIM] = {0}, n = 1;
    for (int64_t k = 0; k < dst->ndim; k++)
        n *= dst->shape[k];
    for (int64_t e = 0; e < n; e++) {
        char *d = dst->data, *s = src->data;
        for (int64_t k = 0; k < dst->ndim; k++)
            d += idx[k] * dst->strides[k], s += idx[k] * src->strides[k];
        memcpy(d, s, (size_t)itemsize);
        for (int64_t k = dst->ndim - 1; k >= 0 && ++idx[k] == dst->shape[k]; k--)
            idx[k] = 0;
    }
}

/* Whether the inputs' broadcast shape broadcasts to out's own (then out can take the results). */
static bool fits_output(const UfIter *p, const JitcArg *out)
{
    int64_t shape[UF_MAXDIM];
    int ndim = p->ndim;
    memcpy(shape, p->shape, sizeof shape[0] * (size_t)ndim);
    return ndim <= out->ndim && rt_ufunc_broadcast(shape, &ndim, out->shape, (int)out->ndim) &&
           memcmp(shape, out->shape, sizeof shape[0] * (size_t)ndim) == 0;
}

/* An assignment whose target overlaps an input: computed into a new array, then copied. */
static void map_buffered(void *loop, int64_t nin, const JitcArg *in, int64_t ndim, int64_t itemsize,
                         int32_t parallel, JitcArg *out, const char *where, JitcErr *err)
{
    int64_t shape[UF_MAXDIM], strides[UF_MAXDIM];
    JitcArg tmp = {.shape = shape, .strides = strides, .ndim = ndim};
    JitcMem *m = jitc_rt_array_map(loop, nin, in, ndim, itemsize, parallel, 0, &tmp, where, err);
    if (!m)
        return;
    int64_t wide_strides[UF_MAXDIM]; /* tmp broadcast to out's shape */
    JitcArg wide = {.data = tmp.data, .shape = out->shape, .strides = wide_strides, .ndim = out->ndim};
    for (int64_t k = 0; k < out->ndim; k++) {
        int64_t j = k - (out->ndim - tmp.ndim);
        wide_strides[k] = j < 0 || shape[j] == 1 ? 0 : strides[j];
    }
    copy_strided(out, &wide, itemsize);
    jitc_rt_free(m);
}

JitcMem *jitc_rt_array_map(void *loop, int64_t nin, const JitcArg *in, int64_t ndim, int64_t itemsize,
                           int32_t parallel, int32_t into, JitcArg *out, const char *where, JitcErr *err)
{
    static const UfIter zero;
    UfIter p = zero;
    p.nops = (int)nin + 1;
    for (int64_t i = 0; i < nin; i++)
        if (!rt_ufunc_broadcast(p.shape, &p.ndim, in[i].shape, (int)in[i].ndim)) {
            char buf[200];
            raise_at(err, where, RT_EXC_VALUE, "ValueError: operands could not be broadcast together with shapes %s",
                     shapes_text(buf, sizeof buf, nin, in));
            return NULL;
        }
    JitcMem *m = NULL;
    if (into == 2 && fits_output(&p, out) && overlaps_an_input(out, itemsize, nin, in)) {
        map_buffered(loop, nin, in, p.ndim, itemsize, parallel, out, where, err);
        return NULL;
    }
    if (into) {
        if (p.ndim > out->ndim || !rt_ufunc_broadcast(p.shape, &p.ndim, out->shape, (int)out->ndim) ||
            memcmp(p.shape, out->shape, sizeof p.shape[0] * (size_t)p.ndim) != 0) {
            char a[100], b[100];
            raise_at(err, where, RT_EXC_VALUE, "ValueError: non-broadcastable output operand with shape %s doesn't match the "
                     "broadcast shape %s", shape_text(a, sizeof a, out->shape, out->ndim),
                     shape_text(b, sizeof b, p.shape, p.ndim));
            return NULL;
        }
    } else {
        int64_t *shape = (int64_t *)out->shape, *strides = (int64_t *)out->strides;
        for (int64_t d = 0; d < ndim; d++) /* ndim is the largest operand's, so the plan's */
            shape[d] = p.shape[d];
        if (!(m = jitc_rt_alloc(ndim, shape, itemsize, 0, where, err)))
            return NULL;
        c_strides(ndim, shape, itemsize, strides);
        out->data = m->data;
    }
    for (int64_t i = 0; i < nin; i++)
        stretch(&p, (int)i, &in[i]);
    stretch(&p, (int)nin, out);
    rt_ufunc_coalesce(&p);
    rt_ufunc_run(&p, (LoopFn)loop, parallel, err);
    if (err->code && m) {
        jitc_rt_free(m);
        return NULL;
    }
    return m;
}

/* A DLManagedTensor and the shape and strides it points at, in one block. */
typedef struct Exported {
    DLManagedTensor managed;
    JitcMem *mem;
    int64_t dims[];
} Exported;

static void release(JitcMem *m)
{
    if (m && atomic_fetch_sub_explicit((_Atomic int64_t *)&m->refs, 1, memory_order_acq_rel) == 1)
        jitc_rt_free(m);
}

static void exported_delete(DLManagedTensor *self)
{
    Exported *e = (Exported *)self;
    release(e->mem);
    free(e);
}

DLManagedTensor *jitc_rt_export(JitcMem *m, void *data, int64_t ndim, const int64_t *shape, const int64_t *strides,
                                int32_t code, int32_t bits)
{
    Exported *e = calloc(1, sizeof *e + sizeof(int64_t) * 2 * (size_t)(ndim ? ndim : 1));
    if (!e) {
        release(m);
        return NULL;
    }
    int64_t item = bits / 8;
    for (int64_t k = 0; k < ndim; k++) {
        e->dims[k] = shape[k];
        e->dims[ndim + k] = strides[k] / item;
    }
    e->mem = m;
    e->managed.deleter = exported_delete;
    e->managed.dl_tensor = (DLTensor){
        .data = data, .device = {kDLCPU, 0}, .ndim = (int32_t)ndim,
        .dtype = {(uint8_t)code, (uint8_t)bits, 1}, .shape = e->dims, .strides = e->dims + ndim,
    };
    return &e->managed;
}
