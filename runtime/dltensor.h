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

#endif
