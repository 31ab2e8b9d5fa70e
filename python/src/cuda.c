/* cuda.c — numba.cuda's host side over jitc's GPU API (the Python layer is jitc/cuda/):
 *
 *   DeviceBuffer      device memory of the selected device, given back with the object (to a
 *                     small pool that later allocations of the same size reuse)
 *   HostBuffer        page-locked host memory (pinned and mapped arrays)
 *   cuda_copy_*       copies between host buffers and device addresses, and on the device
 *   Launcher          kernel[grid, block, stream, shared], called to launch (Function.forall:
 *                     kernel.forall(n)): arguments converted as for a call (device arrays by
 *                     their __cuda_array_interface__, host arrays copied in and back by jitc_launch)
 *   cuda_*            devices, synchronize, streams and events (handles are the driver's, as ints)
 *
 * Without a CUDA driver or device, every GPU call raises CudaSupportError with jitc's reason. */
#include "pyjitc.h"

#include <string.h>

/* ---- errors ---- */

/* Raises the exception of a failed GPU call (CudaSupportError without a GPU). */
static PyObject *gpu_failed(jitc_status st, const char *what)
{
    if (st == JITC_ERR_NO_DEVICE) {
        char why[256] = "";
        int count = 0;
        jitc_device_count(&count, why, sizeof why);
        return pyj_raise_message(st, why[0] ? why : "no CUDA device");
    }
    if (st == JITC_ERR_NOMEM) {
        PyErr_Format(PyExc_MemoryError, "%s: out of device memory", what);
        return NULL;
    }
    return pyj_raise_message(st, what);
}

static PyObject *performance_warning, *api_error; /* NumbaPerformanceWarning, CudaAPIError: set_hooks */

void pyj_cuda_set_hooks(PyObject *warning, PyObject *error)
{
    Py_XSETREF(performance_warning, Py_XNewRef(warning));
    Py_XSETREF(api_error, Py_XNewRef(error));
}

/* Raises CudaAPIError(code, message), as numba-cuda reports a failed driver call; returns -1. */
static int api_failure(int code, const char *message)
{
    PyObject *e = PyObject_CallFunction(api_error ? api_error : PyExc_RuntimeError, "is", code, message);
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return -1;
}

/* ---- DeviceBuffer ---- */

/* Device memory that DeviceBuffers freed, kept for reuse by exact size: a script that makes
 * arrays of the same sizes call after call (to_device in a loop) then neither allocates nor
 * frees (a cuMemAlloc and cuMemFree of 4 MB cost 70 us on an H200), as CuPy's memory pool and
 * numba-cuda's deferred frees spare it. A reused block is handed out after its context's work
 * is done, as cuMemFree would have waited for it. At most POOL_BLOCKS blocks of at most
 * POOL_BLOCK_BYTES each are kept; an allocation that fails, and a query of the free memory,
 * empty the pool first. */
enum { POOL_BLOCKS = 16 };
#define POOL_BLOCK_BYTES ((size_t)256 << 20)
typedef struct {
    jitc_context *ctx;
    void *ptr;
    size_t bytes;
} PooledBlock;
static PooledBlock pool[POOL_BLOCKS];
static int npool;

static void pool_empty(void)
{
    for (int k = 0; k < npool; k++)
        jitc_device_free(pool[k].ctx, pool[k].ptr);
    npool = 0;
}

/* A block of exactly `bytes` of ctx's device from the pool, its context's work done; NULL if none. */
static void *pool_take(jitc_context *ctx, size_t bytes)
{
    for (int k = npool - 1; k >= 0; k--)
        if (pool[k].ctx == ctx && pool[k].bytes == bytes) {
            void *ptr = pool[k].ptr;
            pool[k] = pool[--npool];
            jitc_result r;
            if (jitc_synchronize(ctx, &r) != JITC_OK) { /* a kernel faulted: let the allocation report it */
                jitc_device_free(ctx, ptr);
                return NULL;
            }
            return ptr;
        }
    return NULL;
}

static void pool_give(jitc_context *ctx, void *ptr, size_t bytes)
{
    if (bytes > POOL_BLOCK_BYTES) {
        jitc_device_free(ctx, ptr);
        return;
    }
    if (npool == POOL_BLOCKS) { /* full: the oldest goes */
        jitc_device_free(pool[0].ctx, pool[0].ptr);
        memmove(pool, pool + 1, (POOL_BLOCKS - 1) * sizeof *pool);
        npool--;
    }
    pool[npool++] = (PooledBlock){ctx, ptr, bytes};
}

/* Device memory of ctx's device: reused from the pool, else allocated (after emptying the pool
 * if the first try fails). */
static jitc_status device_alloc(jitc_context *ctx, size_t bytes, void **ptr)
{
    if ((*ptr = pool_take(ctx, bytes)))
        return JITC_OK;
    jitc_status st = jitc_device_alloc(ctx, bytes, ptr);
    if (st == JITC_ERR_NOMEM && npool) {
        pool_empty();
        st = jitc_device_alloc(ctx, bytes, ptr);
    }
    return st;
}

typedef struct {
    PyObject_HEAD
    void *ptr;
    size_t bytes;
    jitc_context *ctx; /* of the device it was allocated on (contexts live as long as the process) */
    int device;
} PyjDeviceBuffer;

static PyObject *buffer_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"nbytes", NULL};
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "n", names, &n))
        return NULL;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "a negative number of bytes");
        return NULL;
    }
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    void *ptr = NULL;
    jitc_status st = device_alloc(ctx, (size_t)n, &ptr);
    if (st != JITC_OK)
        return gpu_failed(st, "cuda device allocation");
    PyjDeviceBuffer *self = (PyjDeviceBuffer *)type->tp_alloc(type, 0);
    if (!self) {
        pool_give(ctx, ptr, (size_t)n);
        return NULL;
    }
    self->ptr = ptr;
    self->bytes = (size_t)n;
    self->ctx = ctx;
    self->device = pyj_current_device();
    return (PyObject *)self;
}

static void buffer_dealloc(PyjDeviceBuffer *self)
{
    if (self->ptr)
        pool_give(self->ctx, self->ptr, self->bytes);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *buffer_ptr(PyjDeviceBuffer *self, void *Py_UNUSED(c))
{
    return PyLong_FromVoidPtr(self->ptr);
}

static PyObject *buffer_device(PyjDeviceBuffer *self, void *Py_UNUSED(c))
{
    return PyLong_FromLong(self->device);
}

static PyGetSetDef buffer_getset[] = {
    {"ptr", (getter)buffer_ptr, NULL, "the device address", NULL},
    {"device", (getter)buffer_device, NULL, "the CUDA device it is on", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjDeviceBuffer_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.DeviceBuffer",
    .tp_basicsize = sizeof(PyjDeviceBuffer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DeviceBuffer(nbytes): memory of the selected device's GPU, freed with the object",
    .tp_new = buffer_new,
    .tp_dealloc = (destructor)buffer_dealloc,
    .tp_getset = buffer_getset,
};

/* ---- HostBuffer: page-locked host memory (pinned_array, mapped_array) ---- */

typedef struct {
    PyObject_HEAD
    void *ptr;
    Py_ssize_t nbytes;
    jitc_context *ctx;
    void *device_ptr; /* mapped memory's device address, else NULL */
} PyjHostBuffer;

static PyObject *host_buffer_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"nbytes", "flags", NULL};
    Py_ssize_t n;
    unsigned flags = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "n|I", names, &n, &flags))
        return NULL;
    if (n < 0) {
        PyErr_SetString(PyExc_ValueError, "a negative number of bytes");
        return NULL;
    }
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    void *ptr = NULL, *device_ptr = NULL;
    jitc_status st = jitc_host_alloc(ctx, (size_t)n, flags, &ptr);
    if (st == JITC_OK && (flags & JITC_HOST_MAPPED))
        st = jitc_host_device_pointer(ctx, ptr, &device_ptr);
    PyjHostBuffer *self = st == JITC_OK ? (PyjHostBuffer *)type->tp_alloc(type, 0) : NULL;
    if (!self) {
        if (ptr)
            jitc_host_free(ctx, ptr);
        return st == JITC_OK ? NULL : gpu_failed(st, "page-locked host allocation");
    }
    *self = (PyjHostBuffer){.ob_base = self->ob_base, .ptr = ptr, .nbytes = n, .ctx = ctx, .device_ptr = device_ptr};
    return (PyObject *)self;
}

static void host_buffer_dealloc(PyjHostBuffer *self)
{
    if (self->ptr)
        jitc_host_free(self->ctx, self->ptr);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int host_buffer_get(PyjHostBuffer *self, Py_buffer *view, int flags)
{
    return PyBuffer_FillInfo(view, (PyObject *)self, self->ptr, self->nbytes, 0, flags);
}

static PyBufferProcs host_buffer_as_buffer = {.bf_getbuffer = (getbufferproc)host_buffer_get};

static PyObject *host_buffer_ptr(PyjHostBuffer *self, void *Py_UNUSED(c))
{
    return PyLong_FromVoidPtr(self->ptr);
}

static PyObject *host_buffer_device_ptr(PyjHostBuffer *self, void *Py_UNUSED(c))
{
    return PyLong_FromVoidPtr(self->device_ptr);
}

static PyGetSetDef host_buffer_getset[] = {
    {"ptr", (getter)host_buffer_ptr, NULL, "the host address", NULL},
    {"device_ptr", (getter)host_buffer_device_ptr, NULL, "mapped memory's device address (0: not mapped)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjHostBuffer_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.HostBuffer",
    .tp_basicsize = sizeof(PyjHostBuffer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "HostBuffer(nbytes, flags=0): page-locked host memory (flags 1: mapped into the device's address "
              "space, 2: portable, 4: write-combined), a writable buffer freed with the object",
    .tp_new = host_buffer_new,
    .tp_dealloc = (destructor)host_buffer_dealloc,
    .tp_as_buffer = &host_buffer_as_buffer,
    .tp_getset = host_buffer_getset,
};

/* host_register(obj, flags): page-locks a host buffer's memory in place (numba.cuda.pinned and
 * mapped); returns its device address when mapped, else 0. host_unregister(obj) undoes it. */
static PyObject *cuda_host_register(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *obj;
    unsigned flags = 0;
    if (!PyArg_ParseTuple(args, "O|I", &obj, &flags))
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_ANY_CONTIGUOUS) < 0)
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    void *device_ptr = NULL;
    jitc_status st = !ctx ? JITC_OK : view.len ? jitc_host_register(ctx, view.buf, (size_t)view.len, flags) : JITC_OK;
    if (ctx && st == JITC_OK && view.len && (flags & JITC_HOST_MAPPED))
        st = jitc_host_device_pointer(ctx, view.buf, &device_ptr);
    PyBuffer_Release(&view);
    if (!ctx)
        return NULL;
    if (st == JITC_ERR_ARGUMENT) { /* the driver refused: memory already page-locked, or not lockable */
        api_failure(712, "Call to cuMemHostRegister results in CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED");
        return NULL;
    }
    return st == JITC_OK ? PyLong_FromVoidPtr(device_ptr) : gpu_failed(st, "page-locking host memory");
}

static PyObject *cuda_host_unregister(PyObject *Py_UNUSED(self), PyObject *obj)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_ANY_CONTIGUOUS) < 0)
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    jitc_status st = ctx && view.len ? jitc_host_unregister(ctx, view.buf) : JITC_OK;
    PyBuffer_Release(&view);
    if (!ctx)
        return NULL;
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, "unlocking host memory");
}

/* ---- copies between host memory and device addresses ---- */

static int stream_of(PyObject *obj, void **stream);

/* A copy between obj's bytes (a C-contiguous host buffer) and device memory at address: into
 * obj (to_host) or out of it; queued on the stream when one is given (not 0 or None). */
static PyObject *host_copy(PyObject *obj, unsigned long long address, bool to_host, PyObject *stream_obj)
{
    void *stream = NULL;
    if (stream_of(stream_obj, &stream) < 0)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | (to_host ? PyBUF_WRITABLE : 0)) < 0)
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    void *device = (void *)(uintptr_t)address;
    size_t n = (size_t)view.len;
    jitc_status st = !ctx    ? JITC_OK
                   : stream  ? jitc_copy_async(ctx, to_host ? JITC_COPY_TO_HOST : JITC_COPY_TO_DEVICE,
                                               to_host ? view.buf : device, to_host ? device : view.buf, n, stream)
                   : to_host ? jitc_copy_to_host(ctx, view.buf, device, n)
                             : jitc_copy_to_device(ctx, device, view.buf, n);
    PyBuffer_Release(&view);
    if (!ctx)
        return NULL;
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, to_host ? "copy to the host" : "copy to the device");
}

/* copy_htod(address, obj, stream=0): obj's bytes to device memory at address */
static PyObject *cuda_copy_htod(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long dst;
    PyObject *obj, *stream = Py_None;
    return PyArg_ParseTuple(args, "KO|O", &dst, &obj, &stream) ? host_copy(obj, dst, false, stream) : NULL;
}

/* copy_dtoh(obj, address, stream=0): device memory at address into obj's bytes */
static PyObject *cuda_copy_dtoh(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long src;
    PyObject *obj, *stream = Py_None;
    return PyArg_ParseTuple(args, "OK|O", &obj, &src, &stream) ? host_copy(obj, src, true, stream) : NULL;
}

/* copy_dtod(dst, src, nbytes, stream=0) on the device */
static PyObject *cuda_copy_dtod(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long dst, src;
    Py_ssize_t n;
    PyObject *stream_obj = Py_None;
    void *stream = NULL;
    if (!PyArg_ParseTuple(args, "KKn|O", &dst, &src, &n, &stream_obj) || stream_of(stream_obj, &stream) < 0)
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    void *to = (void *)(uintptr_t)dst, *from = (void *)(uintptr_t)src;
    jitc_status st = stream ? jitc_copy_async(ctx, JITC_COPY_ON_DEVICE, to, from, (size_t)n, stream)
                            : jitc_copy_on_device(ctx, to, from, (size_t)n);
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, "copy on the device");
}

/* xoroshiro128p_states(address, n, seed, subsequence_start): numba.cuda.random's n states into
 * the (n, 2) uint64 device array at address */
static PyObject *cuda_xoroshiro128p_states(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long address, seed, start;
    long long n;
    if (!PyArg_ParseTuple(args, "KLKK", &address, &n, &seed, &start))
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    int64_t shape[2] = {n, 2};
    DLTensor t = {.data = (void *)(uintptr_t)address, .device = {kDLCUDA, pyj_current_device()}, .ndim = 2,
                  .dtype = {kDLUInt, 64, 1}, .shape = shape};
    jitc_result r;
    jitc_status st = jitc_xoroshiro128p_states(ctx, &t, seed, start, &r);
    if (st == JITC_ERR_NO_DEVICE)
        return gpu_failed(st, "random states");
    return st == JITC_OK ? Py_NewRef(Py_None) : pyj_raise(st, NULL, 0, &r);
}

/* ---- launches ---- */

/* A grid or block: an int or a tuple of 1 to 3 ints, into dims (missing ones 1). */
static int dims_of(PyObject *obj, unsigned dims[3], const char *what)
{
    dims[0] = dims[1] = dims[2] = 1;
    PyObject *items[3] = {obj, NULL, NULL};
    Py_ssize_t n = 1;
    if (PyTuple_Check(obj)) {
        n = PyTuple_GET_SIZE(obj);
        if (n < 1 || n > 3) {
            PyErr_Format(PyExc_ValueError, "a %s has 1 to 3 dimensions, not %zd", what, n);
            return -1;
        }
        for (Py_ssize_t k = 0; k < n; k++)
            items[k] = PyTuple_GET_ITEM(obj, k);
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        long long v = PyLong_AsLongLong(items[k]);
        if (v == -1 && PyErr_Occurred())
            return -1;
        if (v < 1 || v > 0x7fffffff) {
            PyErr_Format(PyExc_ValueError, "a %s dimension of %lld is out of range", what, v);
            return -1;
        }
        dims[k] = (unsigned)v;
    }
    return 0;
}

/* A stream argument: 0 or None (the default stream), an int, or an object with `handle`. */
static int stream_of(PyObject *obj, void **stream)
{
    *stream = NULL;
    if (!obj || obj == Py_None)
        return 0;
    PyObject *h = PyLong_Check(obj) ? Py_NewRef(obj) : PyObject_GetAttrString(obj, "handle");
    if (!h)
        return -1;
    *stream = h == Py_None ? NULL : PyLong_AsVoidPtr(h);
    Py_DECREF(h);
    return PyErr_Occurred() ? -1 : 0;
}

/* A block of more threads than a block has: refused before the launch, as numba-cuda's driver
 * call reports it. */
static int block_fits(const unsigned block[3])
{
    unsigned long long threads = (unsigned long long)block[0] * block[1] * block[2];
    if (threads <= 1024 && block[2] <= 64)
        return 0;
    return api_failure(1, "Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE");
}

/* numba-cuda's warning for a host array given to a kernel: it is copied in and back. */
static int warn_host_arrays(PyObject *const *args, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyArray_CheckExact(args[i]) || (PyArray_Check(args[i]) && !PyObject_HasAttrString(args[i], "__cuda_array_interface__")))
            return PyErr_WarnEx(performance_warning ? performance_warning : PyExc_RuntimeWarning,
                                "Host array used in CUDA kernel will incur copy overhead to/from device.", 2);
    return 0;
}

/* launch(grid, block, stream, shared_bytes, args) or, with grid None, forall over ntasks. */
static PyObject *launch_with(PyjFunction *f, jitc_launch_config *cfg, long long ntasks, PyObject *const *items,
                             Py_ssize_t nargs)
{
    if (nargs > JITC_MAX_ARGS) {
        PyErr_Format(PyExc_TypeError, "a kernel takes at most %d arguments, not %zd", JITC_MAX_ARGS, nargs);
        return NULL;
    }
    if (warn_host_arrays(items, nargs) < 0)
        return NULL;
    PyjArgs a;
    pyj_args_init(&a);
    a.launch = true;
    jitc_value values[JITC_MAX_ARGS];
    for (Py_ssize_t i = 0; i < nargs; i++)
        if (pyj_to_value(&a, items[i], &values[i], (int)i) < 0) {
            pyj_args_release(&a);
            return NULL;
        }
    int first = jitc_module_diagnostic_count(f->module->mod);
    jitc_result r;
    jitc_status st = ntasks < 0 ? jitc_launch(f->fn, cfg, values, (int)nargs, &r)
                                : jitc_launch_forall(f->fn, ntasks, cfg, values, (int)nargs, &r);
    pyj_args_release(&a);
    PyObject *out = st == JITC_OK ? Py_NewRef(Py_None) : pyj_raise(st, f, first, &r);
    jitc_result_free(&r);
    return out;
}

/* The configuration of kernel[grid, block, stream, shared_bytes]. */
static int config_of(PyObject *grid, PyObject *block, PyObject *stream, Py_ssize_t shared, jitc_launch_config *cfg)
{
    *cfg = (jitc_launch_config){.shared_bytes = (size_t)(shared > 0 ? shared : 0)};
    return dims_of(grid, cfg->grid, "grid") < 0 || dims_of(block, cfg->block, "block") < 0 || block_fits(cfg->block) < 0 ||
           stream_of(stream, &cfg->stream) < 0 ? -1 : 0;
}

/* reduce(array, init): a @cuda.reduce function folded over a 1-D array on the GPU */
PyObject *pyj_function_reduce(PyjFunction *f, PyObject *args)
{
    PyObject *array, *init;
    if (!PyArg_ParseTuple(args, "OO", &array, &init))
        return NULL;
    PyjArgs a;
    pyj_args_init(&a);
    jitc_value values[2];
    if (pyj_to_value(&a, array, &values[0], 0) < 0 || pyj_to_value(&a, init, &values[1], 1) < 0) {
        pyj_args_release(&a);
        return NULL;
    }
    int first = jitc_module_diagnostic_count(f->module->mod);
    jitc_result r;
    jitc_status st = jitc_reduce(f->fn, &values[0], &values[1], &r);
    pyj_args_release(&a);
    PyObject *out = st == JITC_OK ? pyj_from_result(&r, NULL, 0) : pyj_raise(st, f, first, &r);
    jitc_result_free(&r);
    return out;
}

/* ---- Launcher: kernel[grid, block, ...], its configuration read once, called to launch ---- */

typedef struct {
    PyObject_HEAD
    PyjFunction *target;
    PyObject *stream; /* held: the handle in cfg is its */
    jitc_launch_config cfg;
    vectorcallfunc vectorcall;
} PyjLauncher;

static PyObject *launcher_call(PyjLauncher *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    if (kwnames && PyTuple_GET_SIZE(kwnames)) {
        PyErr_SetString(PyExc_TypeError, "a kernel takes positional arguments");
        return NULL;
    }
    return launch_with(self->target, &self->cfg, -1, args, PyVectorcall_NARGS(nargsf));
}

static PyObject *launcher_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"target", "grid", "block", "stream", "shared_bytes", NULL};
    PyObject *target, *grid, *block, *stream = Py_None;
    Py_ssize_t shared = 0;
    jitc_launch_config cfg;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!OO|On", names, &PyjFunction_Type, &target, &grid, &block, &stream,
                                     &shared) ||
        config_of(grid, block, stream, shared, &cfg) < 0)
        return NULL;
    PyjLauncher *self = (PyjLauncher *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    self->target = (PyjFunction *)Py_NewRef(target);
    self->stream = Py_NewRef(stream);
    self->cfg = cfg;
    self->vectorcall = (vectorcallfunc)launcher_call;
    return (PyObject *)self;
}

static void launcher_dealloc(PyjLauncher *self)
{
    Py_XDECREF(self->target);
    Py_XDECREF(self->stream);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyTypeObject PyjLauncher_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.Launcher",
    .tp_basicsize = sizeof(PyjLauncher),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Launcher(target, grid, block, stream=None, shared_bytes=0): kernel[grid, block, ...]; calling it "
              "launches the kernel with the arguments",
    .tp_new = launcher_new,
    .tp_dealloc = (destructor)launcher_dealloc,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(PyjLauncher, vectorcall),
};

PyObject *pyj_function_forall(PyjFunction *f, PyObject *args)
{
    long long ntasks;
    int block;
    PyObject *stream, *launch_args;
    Py_ssize_t shared;
    if (!PyArg_ParseTuple(args, "LiOnO!", &ntasks, &block, &stream, &shared, &PyTuple_Type, &launch_args))
        return NULL;
    if (ntasks < 0) {
        PyErr_SetString(PyExc_ValueError, "Can't create ForAll with negative task count");
        return NULL;
    }
    jitc_launch_config cfg = {.block = {(unsigned)(block > 0 ? block : 0)}, .shared_bytes = (size_t)(shared > 0 ? shared : 0)};
    if (stream_of(stream, &cfg.stream) < 0)
        return NULL;
    return launch_with(f, &cfg, ntasks, &PyTuple_GET_ITEM(launch_args, 0), PyTuple_GET_SIZE(launch_args));
}

/* ---- DeviceTensor: an array in device memory that jitc made (a CUDA ufunc's output) ---- */

typedef struct {
    PyObject_HEAD
    DLManagedTensor *managed;
} PyjDeviceTensor;

/* An array interface's typestr of a DLPack dtype ("<f4", "|b1"). */
static PyObject *typestr_of(DLDataType dt)
{
    int bytes = dt.bits / 8;
    char kind = dt.code == kDLFloat ? 'f' : dt.code == kDLInt ? 'i' : dt.code == kDLUInt ? 'u'
              : dt.code == kDLComplex ? 'c' : 'b';
    return PyUnicode_FromFormat("%c%c%d", bytes == 1 ? '|' : PY_LITTLE_ENDIAN ? '<' : '>', kind, bytes);
}

/* The version 3 __cuda_array_interface__ of a device tensor (element strides made bytes). */
static PyObject *interface_of(const DLTensor *t)
{
    PyObject *shape = PyTuple_New(t->ndim), *strides = t->strides ? PyTuple_New(t->ndim) : Py_NewRef(Py_None);
    for (int k = 0; shape && strides && k < t->ndim; k++) {
        PyTuple_SET_ITEM(shape, k, PyLong_FromLongLong(t->shape[k]));
        if (t->strides)
            PyTuple_SET_ITEM(strides, k, PyLong_FromLongLong(t->strides[k] * (t->dtype.bits / 8)));
    }
    PyObject *typestr = typestr_of(t->dtype);
    PyObject *d = shape && strides && typestr
                      ? Py_BuildValue("{s:O,s:O,s:O,s:(NO),s:i,s:O}", "shape", shape, "strides", strides, "typestr",
                                      typestr, "data", PyLong_FromVoidPtr((char *)t->data + t->byte_offset), Py_False,
                                      "version", 3, "stream", Py_None)
                      : NULL;
    Py_XDECREF(shape);
    Py_XDECREF(strides);
    Py_XDECREF(typestr);
    return d;
}

PyObject *pyj_device_tensor(DLManagedTensor *m)
{
    PyjDeviceTensor *self = PyObject_New(PyjDeviceTensor, &PyjDeviceTensor_Type);
    if (!self) {
        m->deleter(m);
        return NULL;
    }
    self->managed = m;
    return (PyObject *)self;
}

static void device_tensor_dealloc(PyjDeviceTensor *self)
{
    if (self->managed && self->managed->deleter)
        self->managed->deleter(self->managed);
    PyObject_Free(self);
}

static PyObject *device_tensor_interface(PyjDeviceTensor *self, void *Py_UNUSED(c))
{
    return interface_of(&self->managed->dl_tensor);
}

static PyGetSetDef device_tensor_getset[] = {
    {"__cuda_array_interface__", (getter)device_tensor_interface, NULL, "its memory, for numba-cuda, CuPy, ...", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjDeviceTensor_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.DeviceTensor",
    .tp_basicsize = sizeof(PyjDeviceTensor),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "an array jitc made in device memory, freed with the object (jitc.cuda wraps it)",
    .tp_dealloc = (destructor)device_tensor_dealloc,
    .tp_getset = device_tensor_getset,
};

/* ---- __dlpack__ of a device array ---- */

static void dlpack_capsule_free(PyObject *capsule)
{
    if (PyCapsule_IsValid(capsule, "used_dltensor"))
        return; /* a consumer took it */
    DLManagedTensor *m = PyCapsule_GetPointer(capsule, "dltensor");
    if (m && m->deleter)
        m->deleter(m);
    else
        PyErr_Clear();
}

/* dlpack(owner, address, shape, byte strides, typestr): a "dltensor" capsule over device memory,
 * holding owner until the consumer is done */
static PyObject *cuda_dlpack(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *owner, *shape, *strides, *typestr;
    unsigned long long address;
    if (!PyArg_ParseTuple(args, "OKO!O!O", &owner, &address, &PyTuple_Type, &shape, &PyTuple_Type, &strides, &typestr))
        return NULL;
    int nd = (int)PyTuple_GET_SIZE(shape);
    DLDataType dt;
    Py_ssize_t item = 0;
    if (PyTuple_GET_SIZE(strides) != nd || pyj_typestr_dltype(typestr, &dt, &item) < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "a shape and strides of different lengths");
        return NULL;
    }
    DLManagedTensor *m = pyj_held_tensor(owner, nd);
    if (!m)
        return NULL;
    DLTensor *t = &m->dl_tensor;
    for (int k = 0; k < nd; k++) {
        t->shape[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(shape, k));
        t->strides[k] = PyLong_AsLongLong(PyTuple_GET_ITEM(strides, k)) / item;
    }
    t->data = (void *)(uintptr_t)address;
    t->device = (DLDevice){kDLCUDA, pyj_current_device()};
    t->dtype = dt;
    PyObject *capsule = PyErr_Occurred() ? NULL : PyCapsule_New(m, "dltensor", dlpack_capsule_free);
    if (!capsule)
        m->deleter(m);
    return capsule;
}

/* from_dlpack(obj): (capsule, address, shape, byte strides, typestr, device) of the GPU array
 * obj exports by __dlpack__ (kDLCUDA), the capsule holding it (as_cuda_array keeps it alive) */
static PyObject *cuda_from_dlpack(PyObject *Py_UNUSED(self), PyObject *obj)
{
    PyObject *capsule = PyObject_CallMethod(obj, "__dlpack__", NULL);
    DLManagedTensor *m = capsule ? PyCapsule_GetPointer(capsule, "dltensor") : NULL;
    if (!m) {
        Py_XDECREF(capsule);
        return NULL;
    }
    const DLTensor *t = &m->dl_tensor;
    if (t->device.device_type != kDLCUDA) {
        Py_DECREF(capsule);
        PyErr_SetString(PyExc_TypeError, "the array is not in CUDA device memory (DLPack device type is not kDLCUDA)");
        return NULL;
    }
    int item = (t->dtype.bits * t->dtype.lanes) / 8;
    PyObject *shape = PyTuple_New(t->ndim), *strides = PyTuple_New(t->ndim);
    int64_t step = item;
    for (int k = t->ndim - 1; shape && strides && k >= 0; k--) {
        PyTuple_SET_ITEM(shape, k, PyLong_FromLongLong(t->shape[k]));
        PyTuple_SET_ITEM(strides, k, PyLong_FromLongLong(t->strides ? t->strides[k] * item : step));
        step *= t->shape[k] ? t->shape[k] : 1;
    }
    PyObject *typestr = typestr_of(t->dtype);
    PyObject *out = shape && strides && typestr && !PyErr_Occurred()
                        ? Py_BuildValue("(ONOOOi)", capsule, PyLong_FromVoidPtr((char *)t->data + t->byte_offset), shape,
                                        strides, typestr, t->device.device_id)
                        : NULL;
    Py_DECREF(capsule);
    Py_XDECREF(shape);
    Py_XDECREF(strides);
    Py_XDECREF(typestr);
    return out;
}

/* ---- devices, synchronize, streams, events ---- */

static PyObject *cuda_devices(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    int count = 0;
    char why[256] = "";
    jitc_device_count(&count, why, sizeof why);
    return Py_BuildValue("(is)", count, why);
}

static PyObject *cuda_device_info(PyObject *Py_UNUSED(self), PyObject *arg)
{
    int ordinal = PyLong_AsLong(arg);
    if (ordinal == -1 && PyErr_Occurred())
        return NULL;
    jitc_device_info info;
    jitc_status st = jitc_device_get_info(ordinal, &info);
    if (st != JITC_OK)
        return gpu_failed(st, "device information");
    return Py_BuildValue("(siiin)", info.name, info.major, info.minor, info.multiprocessors, (Py_ssize_t)info.memory);
}

/* select_device(n): the device the calling thread's allocations, copies and launches go to */
static PyObject *cuda_select_device(PyObject *Py_UNUSED(self), PyObject *arg)
{
    int device = PyLong_AsLong(arg);
    if (device == -1 && PyErr_Occurred())
        return NULL;
    int count = 0;
    char why[256] = "";
    jitc_status st = jitc_device_count(&count, why, sizeof why);
    if (st != JITC_OK)
        return gpu_failed(st, "select device");
    if (device < 0 || device >= count) {
        PyErr_Format(PyExc_ValueError, "CUDA device %d: the machine has %d", device, count);
        return NULL;
    }
    if (!pyj_device_context(device))
        return NULL;
    pyj_select_device(device);
    Py_RETURN_NONE;
}

static PyObject *cuda_current_device(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    return PyLong_FromLong(pyj_current_device());
}

static PyObject *cuda_memory_info(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    pool_empty(); /* what the pool keeps counts as free */
    jitc_context *ctx = pyj_gpu_context();
    size_t free_bytes = 0, total = 0;
    jitc_status st = ctx ? jitc_device_memory_info(ctx, &free_bytes, &total) : JITC_ERR_NO_DEVICE;
    if (!ctx)
        return NULL;
    return st == JITC_OK ? Py_BuildValue("(nn)", (Py_ssize_t)free_bytes, (Py_ssize_t)total) : gpu_failed(st, "memory information");
}

static PyObject *cuda_synchronize(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    jitc_result r;
    jitc_status st = jitc_synchronize(ctx, &r);
    if (st == JITC_OK)
        Py_RETURN_NONE;
    return st == JITC_ERR_NO_DEVICE ? gpu_failed(st, "synchronize") : pyj_raise(st, NULL, 0, &r);
}

/* handle = stream(), stream_synchronize(h), stream_destroy(h); event(), event_record(e, stream),
 * event_synchronize(e), event_elapsed(a, b) in ms, event_destroy(e) */
static PyObject *handle_made(jitc_status (*make)(jitc_context *, void **), const char *what)
{
    jitc_context *ctx = pyj_gpu_context();
    if (!ctx)
        return NULL;
    void *h = NULL;
    jitc_status st = make(ctx, &h);
    return st == JITC_OK ? PyLong_FromVoidPtr(h) : gpu_failed(st, what);
}

static PyObject *handle_used(PyObject *arg, jitc_status (*use)(jitc_context *, void *), const char *what)
{
    jitc_context *ctx = pyj_gpu_context();
    void *h = ctx ? PyLong_AsVoidPtr(arg) : NULL;
    if (!ctx || PyErr_Occurred())
        return NULL;
    jitc_status st = use(ctx, h);
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, what);
}

static PyObject *cuda_stream(PyObject *Py_UNUSED(s), PyObject *Py_UNUSED(a)) { return handle_made(jitc_stream_create, "stream"); }
static PyObject *cuda_stream_synchronize(PyObject *Py_UNUSED(s), PyObject *a) { return handle_used(a, jitc_stream_synchronize, "stream synchronize"); }
static PyObject *cuda_stream_destroy(PyObject *Py_UNUSED(s), PyObject *a) { return handle_used(a, jitc_stream_destroy, "stream destroy"); }
static PyObject *cuda_event(PyObject *Py_UNUSED(s), PyObject *Py_UNUSED(a)) { return handle_made(jitc_event_create, "event"); }
static PyObject *cuda_event_synchronize(PyObject *Py_UNUSED(s), PyObject *a) { return handle_used(a, jitc_event_synchronize, "event synchronize"); }
static PyObject *cuda_event_destroy(PyObject *Py_UNUSED(s), PyObject *a) { return handle_used(a, jitc_event_destroy, "event destroy"); }

static PyObject *cuda_event_record(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *event, *stream_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &event, &stream_obj))
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    void *e = ctx ? PyLong_AsVoidPtr(event) : NULL, *stream = NULL;
    if (!ctx || PyErr_Occurred() || stream_of(stream_obj, &stream) < 0)
        return NULL;
    jitc_status st = jitc_event_record(ctx, e, stream);
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, "event record");
}

static PyObject *cuda_event_elapsed(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "OO", &a, &b))
        return NULL;
    jitc_context *ctx = pyj_gpu_context();
    void *start = ctx ? PyLong_AsVoidPtr(a) : NULL, *end = ctx ? PyLong_AsVoidPtr(b) : NULL;
    if (!ctx || PyErr_Occurred())
        return NULL;
    float ms = 0;
    jitc_status st = jitc_event_elapsed_ms(ctx, start, end, &ms);
    return st == JITC_OK ? PyFloat_FromDouble(ms) : gpu_failed(st, "event elapsed time");
}

PyMethodDef pyj_cuda_methods[] = {
    {"cuda_dlpack", cuda_dlpack, METH_VARARGS,
     "dlpack(owner, address, shape, byte strides, typestr): a DLPack capsule of device memory"},
    {"cuda_from_dlpack", cuda_from_dlpack, METH_O,
     "from_dlpack(obj): (capsule, address, shape, byte strides, typestr, device) of a GPU array by __dlpack__"},
    {"cuda_copy_htod", cuda_copy_htod, METH_VARARGS, "copy_htod(address, obj, stream=0): host bytes to device memory"},
    {"cuda_copy_dtoh", cuda_copy_dtoh, METH_VARARGS, "copy_dtoh(obj, address, stream=0): device memory to host bytes"},
    {"cuda_copy_dtod", cuda_copy_dtod, METH_VARARGS, "copy_dtod(dst, src, nbytes, stream=0): device to device"},
    {"cuda_host_register", cuda_host_register, METH_VARARGS,
     "host_register(obj, flags=0): page-locks obj's memory; its device address when mapped (flags 1), else 0"},
    {"cuda_host_unregister", cuda_host_unregister, METH_O, "host_unregister(obj): undoes host_register"},
    {"cuda_xoroshiro128p_states", cuda_xoroshiro128p_states, METH_VARARGS,
     "xoroshiro128p_states(address, n, seed, subsequence_start): numba.cuda.random's states"},
    {"cuda_devices", cuda_devices, METH_NOARGS, "(the number of CUDA devices, why there are none)"},
    {"cuda_device_info", cuda_device_info, METH_O, "(name, major, minor, multiprocessors, memory bytes)"},
    {"cuda_select_device", cuda_select_device, METH_O, "select_device(n): the calling thread's device from now on"},
    {"cuda_current_device", cuda_current_device, METH_NOARGS, "the calling thread's device"},
    {"cuda_memory_info", cuda_memory_info, METH_NOARGS, "(free, total) bytes of the context's GPU"},
    {"cuda_synchronize", cuda_synchronize, METH_NOARGS, "waits for the context's GPU work"},
    {"cuda_stream", cuda_stream, METH_NOARGS, "a new stream's handle"},
    {"cuda_stream_synchronize", cuda_stream_synchronize, METH_O, "waits for a stream's work"},
    {"cuda_stream_destroy", cuda_stream_destroy, METH_O, "destroys a stream"},
    {"cuda_event", cuda_event, METH_NOARGS, "a new event's handle"},
    {"cuda_event_record", cuda_event_record, METH_VARARGS, "event_record(event, stream=None)"},
    {"cuda_event_synchronize", cuda_event_synchronize, METH_O, "waits for an event"},
    {"cuda_event_elapsed", cuda_event_elapsed, METH_VARARGS, "milliseconds between two recorded events"},
    {"cuda_event_destroy", cuda_event_destroy, METH_O, "destroys an event"},
    {NULL, NULL, 0, NULL},
};
