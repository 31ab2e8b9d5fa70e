/* cuda.c — numba.cuda's host side over jitc's GPU API (the Python layer is jitc/cuda/):
 *
 *   DeviceBuffer      device memory of the context's GPU, freed with the object
 *   cuda_copy_*       copies between host buffers and device addresses, and on the device
 *   Launcher          kernel[grid, block, stream, shared], called to launch (Function.forall:
 *                     kernel.forall(n)): arguments converted as for a call (device arrays by
 *                     their __cuda_array_interface__, host arrays copied in and back by jitc_launch)
 *   cuda_*            devices, synchronize, streams and events (handles are the driver's, as ints)
 *
 * Without a CUDA driver or device, every GPU call raises CudaSupportError with jitc's reason. */
#include "pyjitc.h"

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

/* ---- DeviceBuffer ---- */

typedef struct {
    PyObject_HEAD
    void *ptr;
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
    jitc_context *ctx = pyj_context();
    if (!ctx)
        return NULL;
    void *ptr = NULL;
    jitc_status st = jitc_device_alloc(ctx, (size_t)n, &ptr);
    if (st != JITC_OK)
        return gpu_failed(st, "cuda device allocation");
    PyjDeviceBuffer *self = (PyjDeviceBuffer *)type->tp_alloc(type, 0);
    if (!self) {
        jitc_device_free(ctx, ptr);
        return NULL;
    }
    self->ptr = ptr;
    return (PyObject *)self;
}

static void buffer_dealloc(PyjDeviceBuffer *self)
{
    jitc_context *ctx = pyj_context();
    if (ctx && self->ptr)
        jitc_device_free(ctx, self->ptr);
    else
        PyErr_Clear();
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *buffer_ptr(PyjDeviceBuffer *self, void *Py_UNUSED(c))
{
    return PyLong_FromVoidPtr(self->ptr);
}

static PyGetSetDef buffer_getset[] = {
    {"ptr", (getter)buffer_ptr, NULL, "the device address", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjDeviceBuffer_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.DeviceBuffer",
    .tp_basicsize = sizeof(PyjDeviceBuffer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "DeviceBuffer(nbytes): memory of the context's GPU, freed with the object",
    .tp_new = buffer_new,
    .tp_dealloc = (destructor)buffer_dealloc,
    .tp_getset = buffer_getset,
};

/* ---- copies between host memory and device addresses ---- */

/* A copy between obj's bytes (a C-contiguous host buffer) and device memory at address: into
 * obj (to_host) or out of it. */
static PyObject *host_copy(PyObject *obj, unsigned long long address, bool to_host)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS | (to_host ? PyBUF_WRITABLE : 0)) < 0)
        return NULL;
    jitc_context *ctx = pyj_context();
    void *device = (void *)(uintptr_t)address;
    jitc_status st = !ctx ? JITC_OK
                   : to_host ? jitc_copy_to_host(ctx, view.buf, device, (size_t)view.len)
                             : jitc_copy_to_device(ctx, device, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    if (!ctx)
        return NULL;
    return st == JITC_OK ? Py_NewRef(Py_None) : gpu_failed(st, to_host ? "copy to the host" : "copy to the device");
}

/* copy_htod(address, obj): obj's bytes to device memory at address */
static PyObject *cuda_copy_htod(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long dst;
    PyObject *obj;
    return PyArg_ParseTuple(args, "KO", &dst, &obj) ? host_copy(obj, dst, false) : NULL;
}

/* copy_dtoh(obj, address): device memory at address into obj's bytes */
static PyObject *cuda_copy_dtoh(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long src;
    PyObject *obj;
    return PyArg_ParseTuple(args, "OK", &obj, &src) ? host_copy(obj, src, true) : NULL;
}

/* copy_dtod(dst, src, nbytes) on the device */
static PyObject *cuda_copy_dtod(PyObject *Py_UNUSED(self), PyObject *args)
{
    unsigned long long dst, src;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "KKn", &dst, &src, &n))
        return NULL;
    jitc_context *ctx = pyj_context();
    if (!ctx)
        return NULL;
    jitc_status st = jitc_copy_on_device(ctx, (void *)(uintptr_t)dst, (void *)(uintptr_t)src, (size_t)n);
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
    jitc_context *ctx = pyj_context();
    if (!ctx)
        return NULL;
    int64_t shape[2] = {n, 2};
    DLTensor t = {.data = (void *)(uintptr_t)address, .device = {kDLCUDA, 0}, .ndim = 2,
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

static PyObject *performance_warning, *api_error; /* NumbaPerformanceWarning, CudaAPIError: set_hooks */

void pyj_cuda_set_hooks(PyObject *warning, PyObject *error)
{
    Py_XSETREF(performance_warning, Py_XNewRef(warning));
    Py_XSETREF(api_error, Py_XNewRef(error));
}

/* A block of more threads than a block has: refused before the launch, as numba-cuda's driver
 * call reports it (CudaAPIError). */
static int block_fits(const unsigned block[3])
{
    unsigned long long threads = (unsigned long long)block[0] * block[1] * block[2];
    if (threads <= 1024 && block[2] <= 64)
        return 0;
    PyObject *e = PyObject_CallFunction(api_error ? api_error : PyExc_RuntimeError, "is", 1,
                                        "Call to cuLaunchKernel results in CUDA_ERROR_INVALID_VALUE");
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return -1;
}

/* numba-cuda's warning for a host array given to a kernel: it is copied in and back. */
static int warn_host_arrays(PyObject *const *args, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (PyArray_Check(args[i]))
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
    t->device = (DLDevice){kDLCUDA, 0};
    t->dtype = dt;
    PyObject *capsule = PyErr_Occurred() ? NULL : PyCapsule_New(m, "dltensor", dlpack_capsule_free);
    if (!capsule)
        m->deleter(m);
    return capsule;
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

static PyObject *cuda_memory_info(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    jitc_context *ctx = pyj_context();
    size_t free_bytes = 0, total = 0;
    jitc_status st = ctx ? jitc_device_memory_info(ctx, &free_bytes, &total) : JITC_ERR_NO_DEVICE;
    if (!ctx)
        return NULL;
    return st == JITC_OK ? Py_BuildValue("(nn)", (Py_ssize_t)free_bytes, (Py_ssize_t)total) : gpu_failed(st, "memory information");
}

static PyObject *cuda_synchronize(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    jitc_context *ctx = pyj_context();
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
    jitc_context *ctx = pyj_context();
    if (!ctx)
        return NULL;
    void *h = NULL;
    jitc_status st = make(ctx, &h);
    return st == JITC_OK ? PyLong_FromVoidPtr(h) : gpu_failed(st, what);
}

static PyObject *handle_used(PyObject *arg, jitc_status (*use)(jitc_context *, void *), const char *what)
{
    jitc_context *ctx = pyj_context();
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
    jitc_context *ctx = pyj_context();
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
    jitc_context *ctx = pyj_context();
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
    {"cuda_copy_htod", cuda_copy_htod, METH_VARARGS, "copy_htod(address, obj): host bytes to device memory"},
    {"cuda_copy_dtoh", cuda_copy_dtoh, METH_VARARGS, "copy_dtoh(obj, address): device memory to host bytes"},
    {"cuda_copy_dtod", cuda_copy_dtod, METH_VARARGS, "copy_dtod(dst, src, nbytes): device to device"},
    {"cuda_xoroshiro128p_states", cuda_xoroshiro128p_states, METH_VARARGS,
     "xoroshiro128p_states(address, n, seed, subsequence_start): numba.cuda.random's states"},
    {"cuda_devices", cuda_devices, METH_NOARGS, "(the number of CUDA devices, why there are none)"},
    {"cuda_device_info", cuda_device_info, METH_O, "(name, major, minor, multiprocessors, memory bytes)"},
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
