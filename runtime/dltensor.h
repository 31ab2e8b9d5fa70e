/* dltensor.h — facts about DLPack tensors that several parts of the runtime need. */
#ifndef JITC_DLTENSOR_H
#define JITC_DLTENSOR_H

#include <stdbool.h>

#include <dlpack/dlpack.h>

/* Whether t's elements lie in C order without gaps (no strides means C order). */
static inline bool dl_is_c_contiguous(const DLTensor *t)
{
    if (!t->strides)
        return true;
    int64_t expect = 1;
    for (int k = t->ndim - 1; k >= 0; k--) {
        if (t->shape[k] != 1 && t->strides[k] != expect)
            return false;
        expect *= t->shape[k];
    }
    return true;
}

/* The stride of t's axis k in bytes: its own, or C order's when t has none. */
static inline int64_t dl_byte_stride(const DLTensor *t, int k)
{
    int64_t s = 1;
    if (t->strides)
        s = t->strides[k];
    else
        for (int j = k + 1; j < t->ndim; j++)
            s *= t->shape[j];
    return s * (t->dtype.bits / 8);
}

/* Whether t's elements lie in Fortran order without gaps. */
static inline bool dl_is_f_contiguous(const DLTensor *t)
{
    int64_t expect = t->dtype.bits / 8;
    for (int k = 0; k < t->ndim; k++) {
        if (t->shape[k] != 1 && dl_byte_stride(t, k) != expect)
            return false;
        expect *= t->shape[k];
    }
    return true;
}

/* All of t's strides in bytes, into out[0..ndim). */
static inline void dl_byte_strides(const DLTensor *t, int64_t *out)
{
    for (int k = 0; k < t->ndim; k++)
        out[k] = dl_byte_stride(t, k);
}

#endif
