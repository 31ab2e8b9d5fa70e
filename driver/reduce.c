/* reduce.c — @cuda.reduce: a binary function folded over a 1-D array on the GPU, in one
 * launch (codegen/gpu_ufunc.c: grid-stride shares, warp shuffles, then the last block to
 * finish folds the blocks' partials). As in Numba, the function is assumed associative and
 * commutative, and the initial value (default 0) joins the result of the array. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "runtime/cuda.h"

enum { BLOCK = CG_REDUCE_BLOCK, BLOCKS_PER_SM = CG_REDUCE_BLOCKS_PER_SM };

/* Blocks per multiprocessor that run at once for f (registers permitting), at most BLOCKS_PER_SM:
 * a grid of exactly one wave, so that no block waits for a second one while the others idle. */
static int64_t resident_blocks(const CudaDriver *d, CUfunction f)
{
    int n = 0;
    if (d->cuOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, BLOCK, 0) != 0 || n < 1)
        return BLOCKS_PER_SM;
    return n < BLOCKS_PER_SM ? n : BLOCKS_PER_SM;
}

static jitc_status fail(jitc_result *r, jitc_status st, const char *msg, const char *name)
{
    snprintf(r->message, sizeof r->message, msg, name);
    return st;
}

/* The device spec of f for elements of type t: f(t, t) must give t back. */
static jitc_status reduce_spec(jitc_function *fn, const Type *t, Spec **out, jitc_result *r)
{
    jitc_module *mod = fn->mod;
    const Type *params[2] = {t, t};
    jitc_status st = drv_specialize(mod, fn->pf, params, 2, NULL, true, fn->pf->def->loc, out);
    if (st == JITC_ERR_ARGUMENT)
        return fail(r, JITC_ERR_TYPE, "'%s' must take two arguments to be a reduction", fn->pf->def->name);
    if (st != JITC_OK)
        return fail(r, JITC_ERR_TYPE, "'%s' has type errors", fn->pf->def->name);
    if ((*out)->ret != t) {
        Arena *a = mod->arena;
        snprintf(r->message, sizeof r->message, "reduction '%s' of %s values returns %s: it must return %s",
                 fn->pf->def->name, ty_name(a, t), ty_name(a, (*out)->ret), ty_name(a, t));
        return JITC_ERR_TYPE;
    }
    return JITC_OK;
}

/* Partials and flags of up to CG_REDUCE_MAX_BLOCKS blocks, the counter, the result: once per
 * spec, zeroed (the kernel resets the counter after each use). */
static size_t scratch_bytes(void) { return (size_t)CG_REDUCE_MAX_BLOCKS * 9 + 16; }

static jitc_status scratch(const CudaDriver *d, SpecCode *code, const char *name, jitc_result *r)
{
    if (code->gpu_scratch)
        return JITC_OK;
    CUdeviceptr p;
    if (d->cuMemAlloc_v2(&p, scratch_bytes()) != 0 || d->cuMemsetD8_v2(p, 0, scratch_bytes()) != 0)
        return fail(r, JITC_ERR_NOMEM, "no device memory for reduction '%s'", name);
    code->gpu_scratch = (void *)(uintptr_t)p;
    return JITC_OK;
}

/* The array on the device: its own data, or a copy of the host elements (freed by the caller). */
static jitc_status device_input(const CudaDriver *d, const DLTensor *t, int64_t item, CUdeviceptr *data,
                                int64_t *step, CUdeviceptr *copy, jitc_result *r)
{
    int64_t n = t->shape[0], stride = t->strides ? t->strides[0] : 1;
    *step = stride * item;
    if (t->device.device_type == kDLCUDA) {
        *data = (CUdeviceptr)(uintptr_t)t->data + t->byte_offset;
        return JITC_OK;
    }
    if (stride < 0)
        return fail(r, JITC_ERR_ARGUMENT, "a reduction does not take host arrays with negative strides%s", "");
    size_t bytes = (size_t)((n - 1) * stride * item + item);
    if (d->cuMemAlloc_v2(copy, bytes) != 0 ||
        d->cuMemcpyHtoD_v2(*copy, (const char *)t->data + t->byte_offset, bytes) != 0)
        return fail(r, JITC_ERR_NOMEM, "cannot copy the array to the GPU%s", "");
    *data = *copy;
    return JITC_OK;
}

static jitc_status launch_reduce(const CudaDriver *d, jitc_context *ctx, Spec *s, const SpecCode *code, CUdeviceptr data, int64_t n,
                                 int64_t step, const uint64_t *init, bool has_init, jitc_result *r)
{
    int64_t item = ty_size(s->params[0]);
    bool vectors = step == item && data % 16 == 0;
    int64_t per_block = BLOCK * (vectors ? 16 / item : 1);
    CUfunction f = vectors ? code->gpu_function_aligned : code->gpu_function;
    int64_t blocks = (n + per_block - 1) / per_block, cap = (int64_t)ctx->gpu_sms * resident_blocks(d, f);
    if (cap > CG_REDUCE_MAX_BLOCKS)
        cap = CG_REDUCE_MAX_BLOCKS;
    blocks = blocks < cap ? blocks : cap;
    CUdeviceptr base = (CUdeviceptr)(uintptr_t)code->gpu_scratch;
    uint64_t words[9] = {data, (uint64_t)n, (uint64_t)step, base, base + 8 * CG_REDUCE_MAX_BLOCKS,
                         base + 9 * CG_REDUCE_MAX_BLOCKS, base + 9 * CG_REDUCE_MAX_BLOCKS + 8, *init, has_init};
    void *params[9];
    for (int i = 0; i < 9; i++)
        params[i] = &words[i];
    CUresult e = d->cuLaunchKernel(f, (unsigned)blocks, 1, 1, BLOCK, 1, 1, 0, NULL, params, NULL);
    uint64_t out = 0;
    if (e == 0)
        e = d->cuMemcpyDtoH_v2(&out, base + 9 * CG_REDUCE_MAX_BLOCKS + 8, (size_t)item);
    if (e != 0) {
        snprintf(r->message, sizeof r->message, "reduction '%s' failed on the GPU: %s", s->func->def->name,
                 rt_cuda_error(d, e));
        return JITC_ERR_RUNTIME;
    }
    r->value = drv_read_scalar(&out, s->params[0]);
    return JITC_OK;
}

static jitc_status reduce(jitc_function *fn, const jitc_value *array, const jitc_value *init, jitc_result *r)
{
    const DLTensor *t = array && array->kind == JITC_ARRAY ? array->array : NULL;
    const Type *dt = t ? drv_dtype_type(t->dtype) : NULL;
    if (!dt || t->ndim != 1 || !t->shape || (!t->data && t->shape[0]))
        return fail(r, JITC_ERR_ARGUMENT, "reduction '%s' takes a 1-D array of a supported dtype", fn->pf->def->name);
    if (init && (init->kind < JITC_BOOL || init->kind > JITC_FLOAT64))
        return fail(r, JITC_ERR_ARGUMENT, "the initial value of reduction '%s' must be a number", fn->pf->def->name);
    if (!drv_on_context_device(fn->mod->ctx, t, "the array", -1, r->message, sizeof r->message))
        return JITC_ERR_ARGUMENT;
    Spec *s;
    jitc_status st = reduce_spec(fn, dt, &s, r);
    if (st != JITC_OK)
        return st;
    uint64_t init_slot = 0;
    if (init)
        drv_fill_slot(&init_slot, init, dt);
    if (t->shape[0] == 0) { /* Numba's answer: the initial value */
        r->value = drv_read_scalar(&init_slot, dt);
        return JITC_OK;
    }
    jitc_module *mod = fn->mod;
    const CudaDriver *d = drv_gpu_ready(mod->ctx, r->message, sizeof r->message);
    if (!d)
        return JITC_ERR_NO_DEVICE;
    if ((st = drv_load_kernel(mod, d, s, r->message, sizeof r->message)) != JITC_OK)
        return st;
    SpecCode *code = drv_code(mod, s);
    if ((st = scratch(d, code, fn->pf->def->name, r)) != JITC_OK)
        return st;
    CUdeviceptr data, copy = 0;
    int64_t step;
    st = device_input(d, t, ty_size(dt), &data, &step, &copy, r);
    if (st == JITC_OK)
        st = launch_reduce(d, mod->ctx, s, code, data, t->shape[0], step, &init_slot, init != NULL, r);
    if (copy)
        d->cuMemFree_v2(copy);
    return st;
}

jitc_status jitc_reduce(jitc_function *fn, const jitc_value *array, const jitc_value *init, jitc_result *result)
{
    jitc_result scratch_result;
    jitc_result *r = result ? result : &scratch_result;
    memset(r, 0, sizeof *r);
    if (!fn || fn->pf->kind != FK_CUDA_REDUCE)
        return fail(r, JITC_ERR_ARGUMENT, "'%s' is not a @cuda.reduce function", fn ? fn->pf->def->name : "(null)");
    DRV_PROTECTED(&fn->mod->ctx->heap, r, reduce(fn, array, init, r));
}
