/* launch.c — kernel arguments for the driver; see launch.h. */
#include "launch.h"
#include "dltensor.h"

#include <stdio.h>

static size_t tensor_bytes(const DLTensor *t, size_t item)
{
    /* the span the tensor's elements cover (strided views included) */
    int64_t last = 0;
    for (int k = 0; k < t->ndim; k++) {
        int64_t stride = 1;
        if (t->strides)
            stride = t->strides[k];
        else
            for (int j = k + 1; j < t->ndim; j++)
                stride *= t->shape[j];
        if (t->shape[k] == 0)
            return 0;
        last += (t->shape[k] - 1) * stride;
    }
    return (size_t)(last + 1) * item;
}

void rt_launch_word(RtLaunch *l, uint64_t w)
{
    l->words[l->n] = w;
    l->params[l->n] = &l->words[l->n];
    l->n++;
}

int rt_launch_array(RtLaunch *l, const CudaDriver *d, const DLTensor *t, size_t item, char *msg, size_t n)
{
    size_t bytes = tensor_bytes(t, item);
    CUdeviceptr data = (CUdeviceptr)(uintptr_t)t->data + t->byte_offset;
    if (t->device.device_type != kDLCUDA) { /* host memory: a device copy for the launch */
        CUdeviceptr copy = 0;
        if (d->cuMemAlloc_v2(&copy, bytes ? bytes : 1) != 0 ||
            d->cuMemcpyHtoD_v2(copy, (const char *)t->data + t->byte_offset, bytes) != 0) {
            snprintf(msg, n, "cannot copy an array of %zu bytes to the GPU", bytes);
            if (copy)
                d->cuMemFree_v2(copy);
            return JITCRT_ERR_NOMEM;
        }
        l->copies[l->ncopies] = copy;
        l->hosts[l->ncopies] = t;
        l->sizes[l->ncopies++] = bytes;
        data = copy;
    }
    l->misaligned |= (data & 15) != 0;
    rt_launch_word(l, data);
    for (int k = 0; k < t->ndim; k++)
        rt_launch_word(l, (uint64_t)t->shape[k]);
    int64_t strides[32];
    dl_byte_strides(t, strides);
    for (int k = 0; k < t->ndim; k++)
        rt_launch_word(l, (uint64_t)strides[k]);
    return JITCRT_OK;
}

int rt_launch_finish(RtLaunch *l, const CudaDriver *d, bool copy_back, const char *kernel, char *msg, size_t n)
{
    int st = JITCRT_OK;
    if (l->ncopies) { /* host arrays: wait for the kernel, then bring the data back */
        CUresult e = d->cuCtxSynchronize();
        if (e != 0) {
            snprintf(msg, n, "kernel '%s' failed: %s", kernel, rt_cuda_error(d, e));
            st = JITCRT_ERR_RUNTIME;
        }
    }
    for (int i = 0; i < l->ncopies; i++) {
        const DLTensor *t = l->hosts[i];
        if (st == JITCRT_OK && copy_back &&
            d->cuMemcpyDtoH_v2((char *)t->data + t->byte_offset, l->copies[i], l->sizes[i]) != 0)
            st = JITCRT_ERR_RUNTIME;
        d->cuMemFree_v2(l->copies[i]);
    }
    return st;
}
