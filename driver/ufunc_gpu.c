/* ufunc_gpu.c — ufunc and gufunc plans (ufunc.h) run on the GPU, for target="cuda".
 *
 * Operands in host memory (arrays, cast copies, scalar slots) are copied to the device for the
 * call, into the context's staging memory (grown as needed, kept between calls), and outputs in
 * host memory copied back; device arrays are used in place, and a call
 * whose operands all live on the device runs asynchronously, like a kernel launch. The loop
 * kernel (codegen/gpu_ufunc.c) covers the two innermost loop dimensions as rows x columns;
 * outer ones, which merging dimensions leaves only for unusual strides, are launched one by
 * one. The grid fills the device: 8 blocks of 256 threads per multiprocessor. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/cuda.h"
#include "ufunc.h"

enum { BLOCK = 256, BLOCKS_PER_SM = 8 };

typedef struct DeviceOperands {
    CUdeviceptr data[UF_MAXOPS]; /* where each operand's elements are on the device */
    CUdeviceptr copy[UF_MAXOPS]; /* our copies, in the context's staging memory (0: used in place) */
} DeviceOperands;

enum { STAGING_ALIGN = 256 };

static size_t staged_bytes(const Plan *p, int k) { return ((p->span_bytes[k] ? p->span_bytes[k] : 1) + STAGING_ALIGN - 1) / STAGING_ALIGN * STAGING_ALIGN; }

/* The context's staging memory, at least `bytes` of it: host operands are copied there, call
 * after call, so that a call neither allocates nor frees device memory once it has grown (a
 * cuMemFree of tens of megabytes costs milliseconds). The calls that use it end synchronized. */
static bool staging(const CudaDriver *d, jitc_context *ctx, size_t bytes)
{
    if (ctx->gpu_staging_bytes >= bytes)
        return true;
    if (ctx->gpu_staging)
        d->cuMemFree_v2((CUdeviceptr)(uintptr_t)ctx->gpu_staging);
    CUdeviceptr p = 0;
    bool ok = d->cuMemAlloc_v2(&p, bytes) == 0;
    ctx->gpu_staging = ok ? (void *)(uintptr_t)p : NULL;
    ctx->gpu_staging_bytes = ok ? bytes : 0;
    return ok;
}

static jitc_status copy_in(const CudaDriver *d, const Plan *p, DeviceOperands *dev, jitc_result *r)
{
    size_t total = 0;
    for (int k = 0; k < p->it.nops; k++)
        total += p->on_device[k] ? 0 : staged_bytes(p, k);
    jitc_context *ctx = p->fn->mod->ctx;
    if (total && !staging(d, ctx, total)) {
        snprintf(r->message, sizeof r->message, "cannot allocate %zu bytes on the GPU for the operands", total);
        return JITC_ERR_NOMEM;
    }
    CUdeviceptr next = (CUdeviceptr)(uintptr_t)ctx->gpu_staging;
    for (int k = 0; k < p->it.nops; k++) {
        if (p->on_device[k]) {
            dev->data[k] = (CUdeviceptr)(uintptr_t)p->it.data[k];
            continue;
        }
        dev->copy[k] = next;
        next += staged_bytes(p, k);
        /* inputs, and outputs the caller gave (whose gaps between elements must survive) */
        bool needs_data = k < p->nin || !p->fresh_output;
        if (needs_data && d->cuMemcpyHtoD_v2(dev->copy[k], p->span[k], p->span_bytes[k] ? p->span_bytes[k] : 1) != 0) {
            snprintf(r->message, sizeof r->message, "cannot copy operand %d (%zu bytes) to the GPU", k + 1, p->span_bytes[k]);
            return JITC_ERR_RUNTIME;
        }
        dev->data[k] = dev->copy[k] + (CUdeviceptr)(p->it.data[k] - p->span[k]);
    }
    return JITC_OK;
}

static jitc_status copy_out(const CudaDriver *d, const Plan *p, DeviceOperands *dev, jitc_status st, jitc_result *r)
{
    bool copies = false;
    for (int k = 0; k < p->it.nops; k++)
        copies |= dev->copy[k] != 0;
    if (copies && st == JITC_OK) {
        CUresult e = d->cuCtxSynchronize();
        if (e != 0) {
            snprintf(r->message, sizeof r->message, "ufunc '%s' failed on the GPU: %s", p->fn->pf->def->name,
                     rt_cuda_error(d, e));
            st = JITC_ERR_RUNTIME;
        }
    }
    for (int k = 0; k < p->it.nops; k++) {
        if (!dev->copy[k])
            continue;
        if (st == JITC_OK && k >= p->nin && p->span_bytes[k] &&
            d->cuMemcpyDtoH_v2(p->span[k], dev->copy[k], p->span_bytes[k]) != 0) {
            snprintf(r->message, sizeof r->message, "cannot copy output %d back from the GPU", k - p->nin + 1);
            st = JITC_ERR_RUNTIME;
        }
    }
    return st;
}

/* One launch over rows x cols loop elements starting at the operands' `base` pointers. */
static CUresult launch(const CudaDriver *d, const Plan *p, const CUdeviceptr *base, int64_t rows, int64_t cols,
                       int row_dim, int col_dim, int sms)
{
    uint64_t words[2 + 3 * UF_MAXOPS + UF_MAXCORE];
    void *params[2 + 3 * UF_MAXOPS + UF_MAXCORE];
    int n = 0;
    words[n++] = (uint64_t)rows;
    words[n++] = (uint64_t)cols;
    for (int k = 0; k < p->it.nops; k++) {
        words[n++] = base[k];
        words[n++] = (uint64_t)(row_dim >= 0 ? p->it.strides[k][row_dim] : 0);
        words[n++] = (uint64_t)p->it.strides[k][col_dim];
    }
    for (int w = 0; w < p->it.ncore; w++)
        words[n++] = (uint64_t)p->it.core[w];
    for (int i = 0; i < n; i++)
        params[i] = &words[i];
    int64_t want = (int64_t)sms * BLOCKS_PER_SM;
    unsigned gy = (unsigned)(rows < 65535 ? rows : 65535);
    int64_t gx = (cols + BLOCK - 1) / BLOCK, cap = (want + gy - 1) / gy;
    gx = gx < cap ? gx : cap;
    return d->cuLaunchKernel(drv_code(p->fn->mod, p->spec)->gpu_function, (unsigned)(gx > 0 ? gx : 1), gy, 1, BLOCK, 1, 1, 0, NULL, params, NULL);
}

/* Launches over the two innermost dimensions, once per index of the outer ones. */
static jitc_status run_launches(const CudaDriver *d, const Plan *p, const DeviceOperands *dev, int sms, jitc_result *r)
{
    int inner = p->it.ndim - 1, outer_dims = p->it.ndim - 2 > 0 ? p->it.ndim - 2 : 0;
    int64_t rows = p->it.ndim >= 2 ? p->it.shape[inner - 1] : 1, cols = p->it.shape[inner], outer = 1;
    for (int k = 0; k < outer_dims; k++)
        outer *= p->it.shape[k];
    if (rows == 0 || cols == 0)
        return JITC_OK;
    for (int64_t o = 0; o < outer; o++) {
        CUdeviceptr base[UF_MAXOPS];
        for (int k = 0; k < p->it.nops; k++) {
            int64_t off = 0, rest = o;
            for (int j = outer_dims - 1; j >= 0; j--) {
                off += (rest % p->it.shape[j]) * p->it.strides[k][j];
                rest /= p->it.shape[j];
            }
            base[k] = dev->data[k] + (CUdeviceptr)off;
        }
        CUresult e = launch(d, p, base, rows, cols, p->it.ndim >= 2 ? inner - 1 : -1, inner, sms);
        if (e != 0) {
            snprintf(r->message, sizeof r->message, "cannot launch ufunc '%s': %s", p->fn->pf->def->name, rt_cuda_error(d, e));
            return JITC_ERR_RUNTIME;
        }
    }
    return JITC_OK;
}

jitc_status drv_ufunc_run_gpu(Plan *p, jitc_result *r)
{
    jitc_module *mod = p->fn->mod;
    const CudaDriver *d = drv_gpu_ready(mod->ctx, r->message, sizeof r->message);
    if (!d)
        return JITC_ERR_NO_DEVICE;
    jitc_status st = drv_load_kernel(mod, d, p->spec, r->message, sizeof r->message);
    if (st != JITC_OK)
        return st;
    DeviceOperands dev = {0};
    st = copy_in(d, p, &dev, r);
    if (st == JITC_OK)
        st = run_launches(d, p, &dev, mod->ctx->gpu_sms, r);
    return copy_out(d, p, &dev, st, r);
}
