/* gpu.c — the GPU side of the public API (include/jitc.h): devices, device memory (and its
 * sharing between processes through CUDA IPC), page-locked host memory, streams and events, and
 * kernel launches (compile to PTX for the device's sm_XX, load through the driver, marshal the
 * flattened arguments, launch, copy host arrays back). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/cuda.h"
#include "runtime/launch.h"

static jitc_status no_device(const char *why, jitc_result *r)
{
    if (r)
        snprintf(r->message, sizeof r->message, "%s", why);
    return JITC_ERR_NO_DEVICE;
}

jitc_status jitc_device_count(int *count, char *why, size_t why_len)
{
    if (!count)
        return JITC_ERR_ARGUMENT;
    char err[256] = "";
    const CudaDriver *d = rt_cuda(err, sizeof err);
    *count = 0;
    if (!d) {
        if (why)
            snprintf(why, why_len, "%s", err);
        return JITC_ERR_NO_DEVICE;
    }
    return d->cuDeviceGetCount(count) == 0 ? JITC_OK : JITC_ERR_NO_DEVICE;
}

jitc_status jitc_device_get_info(int ordinal, jitc_device_info *info)
{
    char err[256];
    const CudaDriver *d = rt_cuda(err, sizeof err);
    CUdevice dev;
    if (!d || !info || d->cuDeviceGet(&dev, ordinal) != 0)
        return d ? JITC_ERR_ARGUMENT : JITC_ERR_NO_DEVICE;
    memset(info, 0, sizeof *info);
    d->cuDeviceGetName(info->name, sizeof info->name, dev);
    d->cuDeviceGetAttribute(&info->major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    d->cuDeviceGetAttribute(&info->minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    d->cuDeviceGetAttribute(&info->multiprocessors, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
    d->cuDeviceTotalMem_v2(&info->memory, dev);
    return JITC_OK;
}

/* The driver with the context's device current (its primary context, retained once). */
const CudaDriver *drv_gpu_ready(jitc_context *ctx, char *msg, size_t n)
{
    const CudaDriver *d = rt_cuda(msg, n);
    if (!d)
        return NULL;
    if (!ctx->gpu_context) {
        CUdevice dev;
        CUcontext c;
        CUresult r = d->cuDeviceGet(&dev, ctx->opts.gpu_device);
        if (r == 0)
            r = d->cuDevicePrimaryCtxRetain(&c, dev);
        if (r != 0) {
            snprintf(msg, n, "CUDA device %d: %s", ctx->opts.gpu_device, rt_cuda_error(d, r));
            return NULL;
        }
        jitc_device_info info;
        jitc_device_get_info(ctx->opts.gpu_device, &info);
        snprintf(ctx->gpu_arch, sizeof ctx->gpu_arch, "sm_%d%d", info.major, info.minor);
        ctx->gpu_sms = info.multiprocessors;
        ctx->gpu_context = c;
    }
    d->cuCtxSetCurrent(ctx->gpu_context);
    return d;
}

void drv_gpu_context_release(jitc_context *ctx)
{
    char err[256];
    const CudaDriver *d = ctx->gpu_context ? rt_cuda(err, sizeof err) : NULL;
    if (d && ctx->gpu_staging)
        d->cuMemFree_v2((CUdeviceptr)(uintptr_t)ctx->gpu_staging);
    ctx->gpu_staging = NULL;
    ctx->gpu_staging_bytes = 0;
    if (d)
        d->cuDevicePrimaryCtxRelease_v2(ctx->opts.gpu_device);
    ctx->gpu_context = NULL;
}

void drv_gpu_module_release(jitc_module *mod)
{
    char err[256];
    const CudaDriver *d = mod->ctx->gpu_context ? rt_cuda(err, sizeof err) : NULL;
    for (int i = 0; d && i < mod->ncode; i++) {
        SpecCode *c = &mod->code[i];
        if (c->gpu_module)
            d->cuModuleUnload(c->gpu_module);
        if (c->gpu_scratch)
            d->cuMemFree_v2((CUdeviceptr)(uintptr_t)c->gpu_scratch);
        c->gpu_module = c->gpu_function = c->gpu_function_aligned = c->gpu_scratch = NULL;
    }
}

bool drv_on_context_device(const jitc_context *ctx, const DLTensor *t, const char *what, int i, char *msg, size_t n)
{
    if (!t || t->device.device_type != kDLCUDA || t->device.device_id == ctx->opts.gpu_device)
        return true;
    char number[16] = "";
    if (i >= 0)
        snprintf(number, sizeof number, " %d", i + 1);
    snprintf(msg, n, "%s%s is on CUDA device %d, but this context uses device %d (a context per device: use the "
             "context of its device, or copy the array through the host)", what, number, t->device.device_id,
             ctx->opts.gpu_device);
    return false;
}

/* ---- memory ---- */

/* The driver, ready for ctx's device, or NULL (with *st the status to return). */
static const CudaDriver *driver_for(jitc_context *ctx, jitc_status *st)
{
    char msg[256];
    const CudaDriver *d = ctx ? drv_gpu_ready(ctx, msg, sizeof msg) : NULL;
    *st = !ctx ? JITC_ERR_ARGUMENT : d ? JITC_OK : JITC_ERR_NO_DEVICE;
    return d;
}

static jitc_status driver_status(CUresult r) { return r == 0 ? JITC_OK : JITC_ERR_RUNTIME; }

jitc_status jitc_device_alloc(jitc_context *ctx, size_t bytes, void **dptr)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = dptr ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    CUdeviceptr p = 0;
    if (d->cuMemAlloc_v2(&p, bytes ? bytes : 1) != 0)
        return JITC_ERR_NOMEM;
    *dptr = (void *)(uintptr_t)p;
    return JITC_OK;
}

jitc_status jitc_device_free(jitc_context *ctx, void *dptr)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? (d->cuMemFree_v2((CUdeviceptr)(uintptr_t)dptr) == 0 ? JITC_OK : JITC_ERR_ARGUMENT) : st;
}

jitc_status jitc_copy_to_device(jitc_context *ctx, void *dst, const void *src, size_t bytes)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuMemcpyHtoD_v2((CUdeviceptr)(uintptr_t)dst, src, bytes)) : st;
}

/* Queued on the default stream and waited for, rather than cuMemcpyDtoH: into pageable memory
 * the driver's asynchronous path is the faster one (310 against 390 us for 4 MB on an H200),
 * and the order is the same: after the default stream's work, done when the call returns. */
jitc_status jitc_copy_to_host(jitc_context *ctx, void *dst, const void *src, size_t bytes)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    if (!d)
        return st;
    CUresult r = d->cuMemcpyDtoHAsync_v2(dst, (CUdeviceptr)(uintptr_t)src, bytes, NULL);
    return driver_status(r ? r : d->cuStreamSynchronize(NULL));
}

jitc_status jitc_copy_on_device(jitc_context *ctx, void *dst, const void *src, size_t bytes)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuMemcpyDtoD_v2((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, bytes)) : st;
}

jitc_status jitc_device_memory_info(jitc_context *ctx, size_t *free_bytes, size_t *total_bytes)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = free_bytes && total_bytes ? driver_for(ctx, &st) : NULL;
    return d ? driver_status(d->cuMemGetInfo_v2(free_bytes, total_bytes)) : st;
}

jitc_status jitc_copy_async(jitc_context *ctx, jitc_copy_kind kind, void *dst, const void *src, size_t bytes,
                            void *stream)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    if (!d)
        return st;
    CUdeviceptr to = (CUdeviceptr)(uintptr_t)dst, from = (CUdeviceptr)(uintptr_t)src;
    switch (kind) {
    case JITC_COPY_TO_DEVICE: return driver_status(d->cuMemcpyHtoDAsync_v2(to, src, bytes, stream));
    case JITC_COPY_TO_HOST: return driver_status(d->cuMemcpyDtoHAsync_v2(dst, from, bytes, stream));
    case JITC_COPY_ON_DEVICE: return driver_status(d->cuMemcpyDtoDAsync_v2(to, from, bytes, stream));
    }
    return JITC_ERR_ARGUMENT;
}

/* ---- page-locked host memory ---- */

/* The driver's flags for jitc's JITC_HOST_* (the same bits for cuMemHostAlloc and
 * cuMemHostRegister, which has no write combining). */
static unsigned host_flags(unsigned flags)
{
    return (flags & JITC_HOST_MAPPED ? CU_MEMHOSTALLOC_DEVICEMAP : 0u) |
           (flags & JITC_HOST_PORTABLE ? CU_MEMHOSTALLOC_PORTABLE : 0u) |
           (flags & JITC_HOST_WRITE_COMBINED ? CU_MEMHOSTALLOC_WRITECOMBINED : 0u);
}

jitc_status jitc_host_alloc(jitc_context *ctx, size_t bytes, unsigned flags, void **host)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = host ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    *host = NULL;
    return d->cuMemHostAlloc(host, bytes ? bytes : 1, host_flags(flags)) == 0 ? JITC_OK : JITC_ERR_NOMEM;
}

jitc_status jitc_host_free(jitc_context *ctx, void *host)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? (d->cuMemFreeHost(host) == 0 ? JITC_OK : JITC_ERR_ARGUMENT) : st;
}

jitc_status jitc_host_register(jitc_context *ctx, void *host, size_t bytes, unsigned flags)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = host && bytes ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    unsigned cu = host_flags(flags & (JITC_HOST_MAPPED | JITC_HOST_PORTABLE));
    return d->cuMemHostRegister_v2(host, bytes, cu) == 0 ? JITC_OK : JITC_ERR_ARGUMENT;
}

jitc_status jitc_host_unregister(jitc_context *ctx, void *host)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? (d->cuMemHostUnregister(host) == 0 ? JITC_OK : JITC_ERR_ARGUMENT) : st;
}

jitc_status jitc_host_device_pointer(jitc_context *ctx, void *host, void **dptr)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = dptr ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    CUdeviceptr p = 0;
    if (d->cuMemHostGetDevicePointer_v2(&p, host, 0) != 0)
        return JITC_ERR_ARGUMENT;
    *dptr = (void *)(uintptr_t)p;
    return JITC_OK;
}

/* ---- device memory shared between processes (CUDA IPC) ---- */

_Static_assert(sizeof(jitc_ipc_handle) == sizeof(CUipcMemHandle), "jitc_ipc_handle holds a CUipcMemHandle");

jitc_status jitc_ipc_export(jitc_context *ctx, void *dptr, jitc_ipc_handle *handle)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = dptr && handle ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    CUipcMemHandle h;
    if (d->cuIpcGetMemHandle(&h, (CUdeviceptr)(uintptr_t)dptr) != 0)
        return JITC_ERR_RUNTIME;
    memcpy(handle->bytes, h.reserved, sizeof handle->bytes);
    return JITC_OK;
}

/* With CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS the driver maps memory of another GPU too, enabling
 * this context's access to that peer as cuCtxEnablePeerAccess would; without it, only memory of
 * the context's own GPU can be opened. */
jitc_status jitc_ipc_open(jitc_context *ctx, const jitc_ipc_handle *handle, void **dptr)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = handle && dptr ? driver_for(ctx, &st) : NULL;
    if (!d)
        return st;
    CUipcMemHandle h;
    memcpy(h.reserved, handle->bytes, sizeof h.reserved);
    CUdeviceptr p = 0;
    if (d->cuIpcOpenMemHandle_v2(&p, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS) != 0)
        return JITC_ERR_RUNTIME;
    *dptr = (void *)(uintptr_t)p;
    return JITC_OK;
}

jitc_status jitc_ipc_close(jitc_context *ctx, void *dptr)
{
    jitc_status st = JITC_ERR_ARGUMENT;
    const CudaDriver *d = dptr ? driver_for(ctx, &st) : NULL;
    return d ? (d->cuIpcCloseMemHandle((CUdeviceptr)(uintptr_t)dptr) == 0 ? JITC_OK : JITC_ERR_ARGUMENT) : st;
}

jitc_status jitc_synchronize(jitc_context *ctx, jitc_result *r)
{
    char msg[256];
    const CudaDriver *d = ctx ? drv_gpu_ready(ctx, msg, sizeof msg) : NULL;
    if (!d)
        return ctx ? no_device(msg, r) : JITC_ERR_ARGUMENT;
    CUresult e = d->cuCtxSynchronize();
    if (e != 0 && r)
        snprintf(r->message, sizeof r->message, "a kernel failed: %s", rt_cuda_error(d, e));
    return e == 0 ? JITC_OK : JITC_ERR_RUNTIME;
}

/* ---- streams and events ---- */

jitc_status jitc_stream_create(jitc_context *ctx, void **stream)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuStreamCreate((CUstream *)stream, 0)) : st;
}

jitc_status jitc_stream_synchronize(jitc_context *ctx, void *stream)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuStreamSynchronize(stream)) : st;
}

jitc_status jitc_stream_destroy(jitc_context *ctx, void *stream)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuStreamDestroy_v2(stream)) : st;
}

jitc_status jitc_event_create(jitc_context *ctx, void **event)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuEventCreate((CUevent *)event, 0)) : st;
}

jitc_status jitc_event_record(jitc_context *ctx, void *event, void *stream)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuEventRecord(event, stream)) : st;
}

jitc_status jitc_event_elapsed_ms(jitc_context *ctx, void *start, void *end, float *ms)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    if (!d)
        return st;
    CUresult r = d->cuEventSynchronize(end);
    return driver_status(r ? r : d->cuEventElapsedTime(ms, start, end));
}

jitc_status jitc_event_synchronize(jitc_context *ctx, void *event)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuEventSynchronize(event)) : st;
}

jitc_status jitc_event_destroy(jitc_context *ctx, void *event)
{
    jitc_status st;
    const CudaDriver *d = driver_for(ctx, &st);
    return d ? driver_status(d->cuEventDestroy_v2(event)) : st;
}

/* ---- launching ---- */

/* Loads the kernel's PTX (built for the device) into the driver, once per spec. */
jitc_status drv_load_kernel(jitc_module *mod, const CudaDriver *d, Spec *s, char *msg, size_t n)
{
    if (drv_code(mod, s)->gpu_function)
        return JITC_OK;
    const char *arch = mod->ctx->opts.gpu_arch ? mod->ctx->opts.gpu_arch : mod->ctx->gpu_arch;
    Arena *a = arena_scratch(&mod->ctx->heap); /* everything made before the driver loads a module */
    const char *entry = cg_kernel_name(a, s, false), *entry_aligned = cg_has_aligned_entry(s) ? cg_kernel_name(a, s, true) : NULL;
    char *ptx = drv_compile_ptx(mod, s, arch, a, msg, n);
    if (!ptx) {
        arena_free(a);
        return JITC_ERR_BACKEND;
    }
    char log[4096] = "";
    int opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[2] = {log, (void *)(uintptr_t)sizeof log};
    SpecCode *code = drv_code(mod, s); /* grown now: nothing may allocate once the module is loaded */
    CUmodule cm;
    CUresult r = d->cuModuleLoadDataEx(&cm, ptx, 2, opts, vals);
    if (r != 0) {
        snprintf(msg, n, "the driver rejected the PTX of '%.64s': %.100s%s%.300s", s->func->def->name,
                 rt_cuda_error(d, r), *log ? ": " : "", log);
        arena_free(a);
        diag_error(&mod->diag, s->func->def->loc, "%s", msg);
        drv_flush_diagnostics(mod);
        return JITC_ERR_BACKEND;
    }
    CUfunction f, aligned = NULL;
    r = d->cuModuleGetFunction(&f, cm, entry);
    if (r == 0 && entry_aligned)
        r = d->cuModuleGetFunction(&aligned, cm, entry_aligned);
    arena_free(a);
    if (r != 0) {
        d->cuModuleUnload(cm);
        snprintf(msg, n, "kernel entry of '%s' not found: %s", s->func->def->name, rt_cuda_error(d, r));
        return JITC_ERR_BACKEND;
    }
    code->gpu_module = cm;
    code->gpu_function = f;
    code->gpu_function_aligned = aligned;
    code->gpu_fault = rt_gpu_fault_record(d, cm); /* bounds checks leave their fault there */
    code->gpu_cooperative = rt_module_cooperative(d, cm);
    return JITC_OK;
}

/* A forall's block: the one asked for, or the size of highest occupancy the driver computes for
 * the kernel (numba-cuda: cuOccupancyMaxPotentialBlockSize, at most 1024 threads). */
static CUresult forall_block(const CudaDriver *d, CUfunction f, const jitc_launch_config *cfg, unsigned *block)
{
    if (cfg->block[0]) {
        *block = cfg->block[0];
        return 0;
    }
    int min_grid = 0, best = 0;
    CUresult e = d->cuOccupancyMaxPotentialBlockSize(&min_grid, &best, f, NULL, cfg->shared_bytes, 1024);
    *block = best > 0 ? (unsigned)best : 128;
    return e;
}

/* The grid and block of a launch: cfg's (0 counts as 1), or for a forall of ntasks >= 0 threads a
 * 1-D grid of ceil(ntasks / block) blocks. */
static CUresult launch_dims(const CudaDriver *d, CUfunction f, const jitc_launch_config *cfg, int64_t ntasks,
                            unsigned g[3], unsigned b[3])
{
    for (int k = 0; k < 3; k++) {
        g[k] = ntasks >= 0 ? 1 : cfg->grid[k] ? cfg->grid[k] : 1;
        b[k] = ntasks >= 0 ? 1 : cfg->block[k] ? cfg->block[k] : 1;
    }
    if (ntasks < 0)
        return 0;
    CUresult e = forall_block(d, f, cfg, &b[0]);
    int64_t blocks = (ntasks + b[0] - 1) / b[0];
    g[0] = blocks > 0x7fffffff ? 0x7fffffffu : (unsigned)blocks; /* the driver refuses what is too large */
    return blocks > 0x7fffffff ? 1 /* CUDA_ERROR_INVALID_VALUE */ : e;
}

/* Kernel fn specialized for the arguments' types and loaded on the device: *s and *d. */
static jitc_status loaded_kernel(jitc_function *fn, const jitc_value *args, int nargs, Spec **s,
                                 const CudaDriver **d, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    const Type *types[64];
    for (int i = 0; i < nargs; i++)
        if (!(types[i] = drv_value_type(mod->prog, &args[i], true, r->message, sizeof r->message, i)) ||
            (args[i].kind == JITC_ARRAY &&
             !drv_on_context_device(mod->ctx, args[i].array, "argument", i, r->message, sizeof r->message)))
            return JITC_ERR_ARGUMENT;
    jitc_status st = drv_find_spec(fn, types, nargs, true, s, r->message, sizeof r->message);
    if (st != JITC_OK)
        return st;
    if (!(*d = drv_gpu_ready(mod->ctx, r->message, sizeof r->message)))
        return JITC_ERR_NO_DEVICE;
    return drv_load_kernel(mod, *d, *s, r->message, sizeof r->message);
}

/* Whether cfg's stream (NULL: the default stream of the current context) belongs to ctx's device. */
static bool stream_on_context_device(const CudaDriver *d, const jitc_context *ctx, void *stream, char *msg, size_t n)
{
    CUcontext owner = NULL;
    if (!stream || d->cuStreamGetCtx(stream, &owner) != 0 || owner == ctx->gpu_context)
        return true; /* a stream the driver does not know is the launch's to refuse */
    snprintf(msg, n, "the launch's stream belongs to another device's context; this context uses CUDA device %d",
             ctx->opts.gpu_device);
    return false;
}

/* The launch of kernel fn over cfg's grid, or, when ntasks >= 0, numba-cuda's forall of ntasks. */
static jitc_status launch(jitc_function *fn, const jitc_launch_config *cfg, int64_t ntasks, const jitc_value *args,
                          int nargs, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    Spec *s = NULL;
    const CudaDriver *d = NULL;
    jitc_status st = loaded_kernel(fn, args, nargs, &s, &d, r);
    if (st != JITC_OK)
        return st;
    if (!stream_on_context_device(d, mod->ctx, cfg->stream, r->message, sizeof r->message))
        return JITC_ERR_ARGUMENT;
    Arena *a = arena_scratch(&mod->ctx->heap);
    RtLaunch *l = arena_alloc(a, sizeof *l);
    for (int i = 0; i < nargs && st == JITC_OK; i++) {
        if (args[i].kind == JITC_ARRAY) {
            st = rt_launch_array(l, d, args[i].array, (size_t)ty_size(s->params[i]->dtype), r->message, sizeof r->message);
        } else if (ty_is_complex(s->params[i])) { /* 16 bytes: more than a word, in the launch's arena */
            void *slot = arena_alloc(a, 16);
            drv_fill_slot(slot, &args[i], s->params[i]);
            l->params[l->n++] = slot;
        } else {
            drv_fill_slot(&l->words[l->n], &args[i], s->params[i]);
            l->params[l->n] = &l->words[l->n];
            l->n++;
        }
    }
    const SpecCode *code = drv_code(mod, s);
    unsigned g[3], b[3];
    CUresult e = st == JITC_OK ? launch_dims(d, code->gpu_function, cfg, ntasks, g, b) : 0;
    CUfunction entry = rt_launch_entry(l, code->gpu_function, code->gpu_function_aligned, g);
    char why[400] = "";
    if (e != 0)
        snprintf(why, sizeof why, "%s", rt_cuda_error(d, e)), st = JITC_ERR_RUNTIME;
    else if (st == JITC_OK)
        st = (jitc_status)rt_launch_kernel(d, entry, code->gpu_cooperative, g, b, cfg->shared_bytes, cfg->stream,
                                           l->params, why, sizeof why);
    if (*why)
        snprintf(r->message, sizeof r->message, "cannot launch kernel '%s': %s", fn->pf->def->name, why);
    jitc_status fin = rt_launch_finish(l, d, st == JITC_OK, fn->pf->def->name, r->message, sizeof r->message);
    arena_free(a);
    if (st == JITC_OK && fin == JITC_OK && code->gpu_fault)
        fin = (jitc_status)rt_gpu_fault(d, code->gpu_fault, cfg->stream, fn->pf->def->name, mod->file.name,
                                        r->message, sizeof r->message);
    return st != JITC_OK ? st : fin;
}

/* What jitc_launch and jitc_launch_forall check before anything is compiled. */
static jitc_status launch_arguments(jitc_function *fn, const jitc_launch_config *cfg, const jitc_value *args, int nargs,
                                    jitc_result *r)
{
    memset(r, 0, sizeof *r);
    if (!drv_args_ok("jitc_launch", fn, args, nargs, r->message, sizeof r->message)) /* argcheck.c */
        return JITC_ERR_ARGUMENT;
    if (!cfg)
        return snprintf(r->message, sizeof r->message, "jitc_launch: the launch configuration is NULL"), JITC_ERR_ARGUMENT;
    if (fn->pf->kind != FK_CUDA_KERNEL)
        return snprintf(r->message, sizeof r->message, "'%s' is not a @cuda.jit kernel: %s", fn->pf->def->name,
                        prog_on_gpu(fn->pf) ? "apply it with jitc_ufunc_call or jitc_reduce" : "call it instead of launching it"),
               JITC_ERR_ARGUMENT;
    return JITC_OK;
}

jitc_status jitc_launch(jitc_function *fn, const jitc_launch_config *cfg, const jitc_value *args, int nargs,
                        jitc_result *result)
{
    jitc_result scratch;
    jitc_result *r = result ? result : &scratch;
    jitc_status st = launch_arguments(fn, cfg, args, nargs, r);
    if (st != JITC_OK)
        return st;
    DRV_PROTECTED(&fn->mod->ctx->heap, r, launch(fn, cfg, -1, args, nargs, r));
}

jitc_status jitc_launch_forall(jitc_function *fn, int64_t ntasks, const jitc_launch_config *cfg, const jitc_value *args,
                               int nargs, jitc_result *result)
{
    static const jitc_launch_config defaults;
    jitc_result scratch;
    jitc_result *r = result ? result : &scratch;
    cfg = cfg ? cfg : &defaults;
    jitc_status st = launch_arguments(fn, cfg, args, nargs, r);
    if (st == JITC_OK && ntasks < 0)
        return snprintf(r->message, sizeof r->message, "Can't create ForAll with negative task count: %lld",
                        (long long)ntasks), JITC_ERR_ARGUMENT;
    if (st != JITC_OK || ntasks == 0) /* as numba-cuda: no tasks, nothing compiled or launched */
        return st;
    DRV_PROTECTED(&fn->mod->ctx->heap, r, launch(fn, cfg, ntasks, args, nargs, r));
}

static jitc_status max_cooperative_blocks(jitc_function *fn, const jitc_launch_config *cfg, const jitc_value *args,
                                          int nargs, int64_t *blocks, jitc_result *r)
{
    Spec *s = NULL;
    const CudaDriver *d = NULL;
    jitc_status st = loaded_kernel(fn, args, nargs, &s, &d, r);
    if (st != JITC_OK)
        return st;
    unsigned threads = 1;
    for (int k = 0; k < 3; k++)
        threads *= cfg->block[k] ? cfg->block[k] : 1;
    CUresult e = rt_max_cooperative_blocks(d, drv_code(fn->mod, s)->gpu_function, threads, cfg->shared_bytes, blocks);
    if (e != 0)
        return snprintf(r->message, sizeof r->message, "kernel '%s': %s", fn->pf->def->name, rt_cuda_error(d, e)),
               JITC_ERR_RUNTIME;
    return JITC_OK;
}

jitc_status jitc_max_cooperative_grid_blocks(jitc_function *fn, const jitc_launch_config *cfg, const jitc_value *args,
                                             int nargs, int64_t *blocks, jitc_result *result)
{
    jitc_result scratch;
    jitc_result *r = result ? result : &scratch;
    jitc_status st = launch_arguments(fn, cfg, args, nargs, r);
    if (st == JITC_OK && !blocks)
        return snprintf(r->message, sizeof r->message, "jitc_max_cooperative_grid_blocks: blocks is NULL"),
               JITC_ERR_ARGUMENT;
    if (st != JITC_OK)
        return st;
    *blocks = 0;
    DRV_PROTECTED(&fn->mod->ctx->heap, r, max_cooperative_blocks(fn, cfg, args, nargs, blocks, r));
}
