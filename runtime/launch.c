/* launch.c — kernel arguments for the driver; see launch.h. */
#include "launch.h"
#include "dltensor.h"
#include "rt.h"

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

/* A shape or byte stride the second entry of a kernel takes: in [0, 2^31). */
static bool within_int32(int64_t v)
{
    return v >= 0 && v <= INT32_MAX;
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
    l->general |= (data & 15) != 0;
    rt_launch_word(l, data);
    int64_t strides[32];
    dl_byte_strides(t, strides);
    for (int k = 0; k < t->ndim; k++)
        l->general |= !within_int32(t->shape[k]) || !within_int32(strides[k]);
    for (int k = 0; k < t->ndim; k++)
        rt_launch_word(l, (uint64_t)t->shape[k]);
    for (int k = 0; k < t->ndim; k++)
        rt_launch_word(l, (uint64_t)strides[k]);
    return JITCRT_OK;
}

CUfunction rt_launch_entry(const RtLaunch *l, CUfunction general, CUfunction fast, const unsigned grid[3])
{
    return fast && !l->general && grid[0] < JITCRT_FAST_GRID_X ? fast : general;
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

CUdeviceptr rt_gpu_fault_record(const CudaDriver *d, CUmodule cm)
{
    CUdeviceptr p = 0;
    size_t bytes = 0;
    if (d->cuModuleGetGlobal_v2(&p, &bytes, cm, RT_GPU_ERROR) != 0 || bytes != sizeof(RtGpuFault))
        return 0;
    return p;
}

int rt_gpu_fault(const CudaDriver *d, CUdeviceptr record, CUstream stream, const char *kernel, const char *file,
                 char *msg, size_t n)
{
    RtGpuFault f;
    CUresult e = d->cuStreamSynchronize(stream);
    if (e == 0)
        e = d->cuMemcpyDtoH_v2(&f, record, sizeof f);
    if (e != 0)
        return snprintf(msg, n, "kernel '%s' failed: %s", kernel, rt_cuda_error(d, e)), JITCRT_ERR_RUNTIME;
    if (f.code == 0)
        return JITCRT_OK;
    d->cuMemsetD8_v2(record, 0, sizeof f);
    char where[300], text[400];
    snprintf(where, sizeof where, "%s:%d:%d", file, f.line, f.col);
    JitcErr err = {.code = f.code, .where = where, .index = f.index, .axis = f.axis, .size = f.size};
    rt_format_error(&err, text, sizeof text);
    snprintf(msg, n, "%s (in kernel '%s', thread (%d, %d, %d) of block (%d, %d, %d))", text, kernel, f.thread[0],
             f.thread[1], f.thread[2], f.block[0], f.block[1], f.block[2]);
    return JITCRT_ERR_RUNTIME;
}

bool rt_module_cooperative(const CudaDriver *d, CUmodule cm)
{
    CUdeviceptr p;
    size_t bytes;
    return d->cuModuleGetGlobal_v2(&p, &bytes, cm, RT_GRID_BARRIER) == 0;
}

CUresult rt_max_cooperative_blocks(const CudaDriver *d, CUfunction f, unsigned threads, size_t shared, int64_t *blocks)
{
    CUdevice dev;
    int per_sm = 0, sms = 0;
    CUresult r = d->cuCtxGetDevice(&dev);
    if (r == 0)
        r = d->cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
    if (r == 0)
        r = d->cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, (int)threads, shared);
    *blocks = r == 0 ? (int64_t)per_sm * sms : 0;
    return r;
}

/* numba-cuda's refusal of a cooperative grid larger than the device holds at once (in its
 * words, cuda.core's), and of a device without cooperative launches. */
static int cooperative_check(const CudaDriver *d, CUfunction f, const unsigned g[3], const unsigned b[3],
                             size_t shared, char *msg, size_t n)
{
    CUdevice dev;
    int supported = 0;
    int64_t limit = 0;
    CUresult r = d->cuCtxGetDevice(&dev);
    if (r == 0)
        r = d->cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev);
    if (r == 0 && !supported)
        return snprintf(msg, n, "this device does not support cooperative launches (cuda.cg grid sync)"),
               JITCRT_ERR_RUNTIME;
    if (r == 0)
        r = rt_max_cooperative_blocks(d, f, b[0] * b[1] * b[2], shared, &limit);
    if (r != 0)
        return snprintf(msg, n, "%s", rt_cuda_error(d, r)), JITCRT_ERR_RUNTIME;
    if ((int64_t)g[0] * g[1] * g[2] > limit)
        return snprintf(msg, n, "The specified grid size (%u * %u * %u) exceeds the limit (%lld) of a cooperative "
                        "launch (cuda.cg grid sync) with blocks of %u threads on this device", g[0], g[1], g[2],
                        (long long)limit, b[0] * b[1] * b[2]),
               JITCRT_ERR_ARGUMENT;
    return JITCRT_OK;
}

int rt_launch_kernel(const CudaDriver *d, CUfunction f, bool cooperative, const unsigned g[3], const unsigned b[3],
                     size_t shared, CUstream stream, void **params, char *msg, size_t n)
{
    CUresult r;
    if (cooperative) {
        int st = cooperative_check(d, f, g, b, shared, msg, n);
        if (st != JITCRT_OK)
            return st;
        r = d->cuLaunchCooperativeKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], (unsigned)shared, stream, params);
    } else {
        r = d->cuLaunchKernel(f, g[0], g[1], g[2], b[0], b[1], b[2], (unsigned)shared, stream, params, NULL);
    }
    if (r != 0)
        return snprintf(msg, n, "%s", rt_cuda_error(d, r)), JITCRT_ERR_RUNTIME;
    return JITCRT_OK;
}
