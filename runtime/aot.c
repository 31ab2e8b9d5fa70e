/* aot.c — the entries of `jitc build` objects that need the runtime (include/jitcrt.h): kernel
 * launchers, which load the object's PTX for the GPU on first use and launch it as jitc_launch
 * does, and ufunc entries, which run the compiled loop over DLPack arrays as compiled array
 * expressions do. Host functions need nothing here: they are plain native code. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arrays.h"
#include "cuda.h"
#include "dltensor.h"
#include "jitcrt.h"
#include "launch.h"

static int fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int status, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rt_set_error("%s", msg);
    return status;
}

static const char *dtype_name(char *buf, size_t n, int code, int bits)
{
    if (code == JITCRT_DL_BOOL)
        return "bool";
    snprintf(buf, n, "%s%d", code == kDLFloat ? "float" : code == kDLUInt ? "uint" : "int", bits);
    return buf;
}

/* Whether t fits the signature's parameter p (rank checked when p->ndim >= 0). */
static int check_array(const char *fn, int i, const jitcrt_param *p, const DLTensor *t)
{
    if (!t || !t->data || (t->ndim && !t->shape))
        return fail(JITCRT_ERR_ARGUMENT, "%s: argument %d: not an array", fn, i + 1);
    char given[16], wanted[16];
    if (t->dtype.code != p->code || t->dtype.bits != p->bits || t->dtype.lanes != 1)
        return fail(JITCRT_ERR_ARGUMENT, "%s: argument %d: a %s array where the signature takes %s", fn, i + 1,
                    dtype_name(given, sizeof given, t->dtype.code, t->dtype.bits),
                    dtype_name(wanted, sizeof wanted, p->code, p->bits));
    if (p->ndim >= 0 && t->ndim != p->ndim)
        return fail(JITCRT_ERR_ARGUMENT, "%s: argument %d: %d dimensions where the signature takes %d", fn, i + 1,
                    t->ndim, p->ndim);
    if (p->contiguous && !dl_is_c_contiguous(t))
        return fail(JITCRT_ERR_ARGUMENT, "%s: argument %d: the signature takes a C-contiguous array", fn, i + 1);
    return JITCRT_OK;
}

/* ---- kernels ---- */

/* load_lock guards primary (device 0's primary context, retained once for the process, as
 * CUDA's runtime does) and the loading of kernels. */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static CUcontext primary;

/* The driver, with a context current: the calling thread's, else device 0's primary one. */
static const CudaDriver *driver_ready(int *status)
{
    char why[256];
    const CudaDriver *d = rt_cuda(why, sizeof why);
    *status = JITCRT_ERR_NO_DEVICE;
    if (!d)
        return fail(JITCRT_ERR_NO_DEVICE, "%s", why), NULL;
    CUcontext current = NULL;
    if (d->cuCtxGetCurrent(&current) == 0 && current)
        return *status = JITCRT_OK, d;
    pthread_mutex_lock(&load_lock);
    CUdevice dev;
    CUresult r = primary ? 0 : d->cuDeviceGet(&dev, 0);
    if (!primary && r == 0)
        r = d->cuDevicePrimaryCtxRetain(&primary, dev);
    CUcontext ctx = primary;
    pthread_mutex_unlock(&load_lock);
    if (r != 0 || (r = d->cuCtxSetCurrent(ctx)) != 0)
        return fail(JITCRT_ERR_NO_DEVICE, "CUDA device 0: %s", rt_cuda_error(d, r)), NULL;
    return *status = JITCRT_OK, d;
}

/* "sm_86" as 86. */
static int arch_number(const char *arch) { return atoi(arch + 3); }

/* The newest of the object's PTX that the current device runs (PTX runs on its own
 * architecture and later ones), or -1. */
static int pick_ptx(const jitcrt_kernel *k, int device_arch)
{
    int best = -1;
    for (int i = 0; i < k->nptx; i++)
        if (arch_number(k->archs[i]) <= device_arch && (best < 0 || arch_number(k->archs[i]) > arch_number(k->archs[best])))
            best = i;
    return best;
}

static int load_kernel_locked(const jitcrt_kernel *k, const CudaDriver *d)
{
    CUdevice dev;
    int major = 0, minor = 0;
    if (d->cuCtxGetDevice(&dev) != 0)
        return fail(JITCRT_ERR_NO_DEVICE, "%s: no CUDA device current", k->name);
    d->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    d->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    int i = pick_ptx(k, major * 10 + minor);
    if (i < 0)
        return fail(JITCRT_ERR_NO_DEVICE, "%s: built for %s and later; this GPU is sm_%d%d", k->name, k->archs[0],
                    major, minor);
    char log[2048] = "";
    int opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *vals[2] = {log, (void *)(uintptr_t)sizeof log};
    CUmodule cm;
    CUresult r = d->cuModuleLoadDataEx(&cm, k->ptx[i], 2, opts, vals);
    if (r != 0)
        return fail(JITCRT_ERR_RUNTIME, "%s: the driver rejected its %s PTX: %s %s", k->name, k->archs[i],
                    rt_cuda_error(d, r), log);
    CUfunction f = NULL, aligned = NULL;
    r = d->cuModuleGetFunction(&f, cm, k->entry);
    if (r == 0 && k->entry_aligned)
        r = d->cuModuleGetFunction(&aligned, cm, k->entry_aligned);
    if (r != 0) {
        d->cuModuleUnload(cm);
        return fail(JITCRT_ERR_RUNTIME, "%s: kernel entry not found: %s", k->name, rt_cuda_error(d, r));
    }
    k->state[0] = cm;
    k->state[2] = aligned;
    k->state[3] = rt_module_cooperative(d, cm) ? (void *)cm : NULL; /* non-NULL: launched cooperatively */
    k->state[4] = (void *)(uintptr_t)rt_gpu_fault_record(d, cm);
    __atomic_store_n(&k->state[1], (void *)f, __ATOMIC_RELEASE); /* loaded: the others are set */
    return JITCRT_OK;
}

static int load_kernel(const jitcrt_kernel *k, const CudaDriver *d)
{
    if (__atomic_load_n(&k->state[1], __ATOMIC_ACQUIRE))
        return JITCRT_OK;
    pthread_mutex_lock(&load_lock);
    int st = k->state[1] ? JITCRT_OK : load_kernel_locked(k, d);
    pthread_mutex_unlock(&load_lock);
    return st;
}

/* The kernel's parameters: scalars in one 8-byte word each, arrays flattened (launch.h). */
static int marshal(const jitcrt_kernel *k, const CudaDriver *d, void *const *args, RtLaunch *l)
{
    for (int i = 0; i < k->nparams; i++) {
        const jitcrt_param *p = &k->params[i];
        if (!p->is_array) {
            uint64_t word = 0;
            memcpy(&word, args[i], (size_t)p->bits / 8);
            rt_launch_word(l, word);
            continue;
        }
        const DLTensor *t = args[i];
        int st = check_array(k->name, i, p, t);
        if (st != JITCRT_OK)
            return st;
        char msg[256];
        if ((st = (int)rt_launch_array(l, d, t, (size_t)p->bits / 8, msg, sizeof msg)) != JITCRT_OK)
            return fail(st, "%s: %s", k->name, msg);
    }
    return JITCRT_OK;
}

int jitcrt_launch(const jitcrt_kernel *k, const unsigned grid[3], const unsigned block[3], size_t shared_bytes,
                  void *stream, void *const *args)
{
    int st;
    const CudaDriver *d = driver_ready(&st);
    if (!d || (st = load_kernel(k, d)) != JITCRT_OK)
        return st;
    RtLaunch *l = calloc(1, sizeof *l);
    if (!l)
        return fail(JITCRT_ERR_NOMEM, "%s: out of memory", k->name);
    st = marshal(k, d, args, l);
    unsigned g[3], b[3];
    for (int i = 0; i < 3; i++) {
        g[i] = grid && grid[i] ? grid[i] : 1;
        b[i] = block && block[i] ? block[i] : 1;
    }
    CUfunction entry = rt_launch_entry(l, k->state[1], k->state[2], g);
    char msg[400];
    if (st == JITCRT_OK &&
        (st = rt_launch_kernel(d, entry, k->state[3] != NULL, g, b, shared_bytes, stream, l->params, msg, sizeof msg)))
        st = fail(st, "%s: cannot launch: %s", k->name, msg);
    int finished = (int)rt_launch_finish(l, d, st == JITCRT_OK, k->name, msg, sizeof msg);
    free(l);
    if (st == JITCRT_OK && finished != JITCRT_OK)
        st = fail(finished, "%s", msg);
    CUdeviceptr fault = (CUdeviceptr)(uintptr_t)k->state[4];
    if (st == JITCRT_OK && fault && (st = rt_gpu_fault(d, fault, stream, k->name, k->file, msg, sizeof msg)))
        st = fail(st, "%s", msg);
    return st;
}

int jitcrt_synchronize(void)
{
    int st;
    const CudaDriver *d = driver_ready(&st);
    if (!d)
        return st;
    CUresult r = d->cuCtxSynchronize();
    return r == 0 ? JITCRT_OK : fail(JITCRT_ERR_RUNTIME, "a kernel failed: %s", rt_cuda_error(d, r));
}

/* ---- ufuncs ---- */

/* Operand t as compiled code passes arrays: data, shape and byte strides (in strides[]). */
static JitcArg as_arg(const DLTensor *t, int64_t *strides)
{
    dl_byte_strides(t, strides);
    return (JitcArg){(char *)t->data + t->byte_offset, t->shape, strides, t->ndim};
}

enum { MAX_UFUNC_OPERANDS = 33, MAX_DIMS = 32 };

int jitcrt_ufunc_call(const jitcrt_ufunc *u, DLTensor *const *operands)
{
    JitcArg args[MAX_UFUNC_OPERANDS];
    int64_t strides[MAX_UFUNC_OPERANDS][MAX_DIMS];
    for (int i = 0; i <= u->nin; i++) {
        const DLTensor *t = operands[i];
        int st = check_array(u->name, i, &u->params[i], t);
        if (st != JITCRT_OK)
            return st;
        if (t->ndim > MAX_DIMS || (t->device.device_type != kDLCPU && t->device.device_type != kDLCUDAHost))
            return fail(JITCRT_ERR_ARGUMENT, "%s: argument %d: ufuncs take arrays in host memory of at most %d "
                        "dimensions", u->name, i + 1, MAX_DIMS);
        args[i] = as_arg(t, strides[i]);
    }
    JitcArg *out = &args[u->nin];
    JitcErr err = {0};
    jitc_rt_array_map(u->loop, u->nin, args, out->ndim, u->params[u->nin].bits / 8, (int32_t)u->parallel, 1, out,
                      u->name, &err);
    if (!err.code)
        return JITCRT_OK;
    char msg[512];
    rt_format_error(&err, msg, sizeof msg);
    return fail(JITCRT_ERR_RUNTIME, "%s", msg);
}
