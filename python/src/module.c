/* module.c — jitc._jitc: the process's jitc context, compiled modules and their functions as
 * Python objects, and jitc's statuses as the Python exceptions Numba raises.
 *
 *   Module(filename, source)   compiles a source (jitc_module_compile, checking lazily as Numba
 *                              does: a function is typed on its first call)
 *   Module.function(name)      a Function: call it, compile(sig), emit(sig, kind), info
 *   set_hooks(...)             the Python layer's exception classes and the hook that raises an
 *                              exception of compiled code with its source line in the traceback
 *
 * The context is made on first use, with jitc's defaults (-O3, the host's CPU); it is also CUDA
 * device 0's, and each other device a thread selects gets a context of its own. */
#define PYJITC_IMPORTS_NUMPY
#include "pyjitc.h"

#include <string.h>

static jitc_context *context;

/* Set by the Python layer (set_hooks): what each failure raises. */
static PyObject *typing_error, *unsupported_error, *internal_error, *cuda_support_error, *raise_runtime;
PyObject *pyj_typed_list; /* jitc.typed.List: a list passed as, and made from, Numba's typed list */

/* A context made with the package's options, for CUDA device `device`; NULL with RuntimeError. */
static jitc_context *context_for(int device)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.lazy_check = 1;
    opts.objmode = pyj_run_objmode; /* objmode.c */
    opts.gpu_device = device;
    jitc_context *made = NULL;
    jitc_status st = jitc_context_create(&opts, &made);
    if (st != JITC_OK)
        PyErr_Format(PyExc_RuntimeError, "jitc could not start: %s", jitc_status_string(st));
    return made;
}

jitc_context *pyj_context(void)
{
    if (!context)
        context = context_for(0);
    return context;
}

/* The contexts of devices 1 and up, made when a thread first selects the device (device 0's
 * is the process's context), and the device each thread has selected, as numba-cuda keeps a
 * current context per thread. */
static jitc_context *device_contexts[PYJ_MAX_DEVICES];
static _Thread_local int current_device;

jitc_context *pyj_device_context(int device)
{
    if (device < 0 || device >= PYJ_MAX_DEVICES) {
        PyErr_Format(PyExc_ValueError, "CUDA device %d is out of range", device);
        return NULL;
    }
    if (device == 0)
        return pyj_context();
    if (!device_contexts[device])
        device_contexts[device] = context_for(device);
    return device_contexts[device];
}

jitc_context *pyj_gpu_context(void) { return pyj_device_context(current_device); }
int pyj_current_device(void) { return current_device; }
void pyj_select_device(int device) { current_device = device; }

/* The diagnostics a module gained from index first on, rendered. */
static PyObject *diagnostics_since(jitc_module *mod, int first)
{
    PyObject *parts = PyList_New(0);
    for (int i = first; parts && i < jitc_module_diagnostic_count(mod); i++) {
        const jitc_diagnostic *d = jitc_module_diagnostic(mod, i);
        PyObject *s = PyUnicode_FromString(d->rendered ? d->rendered : d->message);
        if (!s || PyList_Append(parts, s) < 0)
            Py_CLEAR(parts);
        Py_XDECREF(s);
    }
    if (!parts)
        return NULL;
    PyObject *sep = PyUnicode_FromString("");
    PyObject *text = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return text;
}

static PyObject *error_class(jitc_status st)
{
    switch (st) {
    case JITC_ERR_SYNTAX: case JITC_ERR_TYPE: case JITC_ERR_NOT_FOUND:
        return typing_error ? typing_error : PyExc_TypeError;
    case JITC_ERR_UNSUPPORTED: return unsupported_error ? unsupported_error : PyExc_NotImplementedError;
    case JITC_ERR_NO_DEVICE: return cuda_support_error ? cuda_support_error : PyExc_RuntimeError;
    case JITC_ERR_ARGUMENT: return PyExc_TypeError;
    case JITC_ERR_IO: return PyExc_OSError;
    case JITC_ERR_NOMEM: return PyExc_MemoryError;
    default: return internal_error ? internal_error : PyExc_RuntimeError;
    }
}

/* The hook makes the exception and a traceback of one frame, at the source line that raised,
 * named for the function; raised from here, the caller's frames join it as it propagates. */
static PyObject *raise_compiled_exception(const jitc_result *r, const char *function)
{
    PyObject *made = raise_runtime ? PyObject_CallFunction(raise_runtime, "ssss", r->exc_type, r->exc_message,
                                                           r->exc_where, function) : NULL;
    if (!made) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, r->message);
        return NULL;
    }
    PyObject *exc, *tb;
    if (!PyArg_ParseTuple(made, "OO", &exc, &tb) || !PyExceptionInstance_Check(exc)) {
        Py_DECREF(made);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_RuntimeError, r->message);
        return NULL;
    }
    PyErr_Restore(Py_NewRef((PyObject *)Py_TYPE(exc)), Py_NewRef(exc), tb == Py_None ? NULL : Py_NewRef(tb));
    Py_DECREF(made);
    return NULL;
}

PyObject *pyj_raise_message(jitc_status st, const char *message)
{
    PyErr_SetString(error_class(st), message);
    return NULL;
}

/* The Python exception of a failed status: the diagnostics mod gained from index first on (notes
 * after compile errors), else the result's message, else the status's name. */
static PyObject *raise_status(jitc_status st, jitc_module *mod, int first, PyObject *notes, const jitc_result *r)
{
    PyObject *text = mod ? diagnostics_since(mod, first) : NULL;
    if (text && PyUnicode_GetLength(text) == 0)
        Py_CLEAR(text);
    if (text && notes && (st == JITC_ERR_TYPE || st == JITC_ERR_SYNTAX))
        Py_SETREF(text, PyUnicode_Concat(text, notes));
    if (!text && PyErr_Occurred())
        return NULL;
    if (!text && r && r->message[0])
        text = PyUnicode_FromString(r->message);
    if (!text)
        text = PyUnicode_FromString(jitc_status_string(st));
    if (text) {
        PyErr_SetObject(error_class(st), text);
        Py_DECREF(text);
    }
    return NULL;
}

PyObject *pyj_raise(jitc_status st, PyjFunction *f, int first, const jitc_result *r)
{
    if (st == JITC_ERR_RUNTIME && pyj_objmode_restore_pending()) /* a `with objmode` block's own exception */
        return NULL;
    if (st == JITC_ERR_RUNTIME && r && r->exc_type[0])
        return raise_compiled_exception(r, f ? f->info.name : "<compiled>");
    return raise_status(st, f ? f->module->mod : NULL, first, f ? f->notes : NULL, r);
}

/* ---- Module ---- */

static PyObject *module_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    static char *names[] = {"filename", "source", "blocks", "device", NULL};
    const char *filename, *source;
    Py_ssize_t len;
    PyObject *blocks = NULL;
    int device = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "ss#|Oi", names, &filename, &source, &len, &blocks, &device))
        return NULL;
    jitc_context *ctx = pyj_device_context(device);
    if (!ctx)
        return NULL;
    jitc_module *mod = NULL;
    jitc_status st = jitc_module_compile(ctx, filename, source, (size_t)len, &mod);
    if (st != JITC_OK) {
        raise_status(st, mod, 0, NULL, NULL);
        jitc_module_destroy(mod);
        return NULL;
    }
    PyjModule *self = (PyjModule *)type->tp_alloc(type, 0);
    if (!self) {
        jitc_module_destroy(mod);
        return NULL;
    }
    self->mod = mod;
    if (blocks && blocks != Py_None && pyj_objmode_register(mod, blocks) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static void module_dealloc(PyjModule *self)
{
    pyj_objmode_forget(self->mod);
    jitc_module_destroy(self->mod);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *module_function(PyjModule *self, PyObject *arg)
{
    const char *name = PyUnicode_AsUTF8(arg);
    if (!name)
        return NULL;
    jitc_function *fn;
    jitc_status st = jitc_module_function(self->mod, name, &fn);
    if (st != JITC_OK) {
        PyErr_Format(typing_error ? typing_error : PyExc_KeyError, "the compiled module has no function '%s'", name);
        return NULL;
    }
    PyjFunction *f = PyObject_New(PyjFunction, &PyjFunction_Type);
    if (!f)
        return NULL;
    Py_INCREF(self);
    f->module = self;
    f->fn = fn;
    f->notes = NULL;
    jitc_function_get_info(fn, &f->info);
    return (PyObject *)f;
}

static PyObject *module_skipped(PyjModule *self, PyObject *Py_UNUSED(arg))
{
    return PyUnicode_FromString(jitc_module_skipped_text(self->mod));
}

static PyMethodDef module_methods[] = {
    {"function", (PyCFunction)module_function, METH_O, "function(name): the compiled function of that name"},
    {"skipped", (PyCFunction)module_skipped, METH_NOARGS, "what jitc skipped in the source, one line each"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject PyjModule_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.Module",
    .tp_basicsize = sizeof(PyjModule),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Module(filename, source, blocks=None, device=0): a source compiled by jitc, in the context of "
              "CUDA device `device` (its kernels launch there); blocks: what the preparer of its `with objmode` "
              "blocks needs (jitc._objmode)",
    .tp_new = module_new,
    .tp_dealloc = (destructor)module_dealloc,
    .tp_methods = module_methods,
};

/* ---- Function ---- */

static void function_dealloc(PyjFunction *self)
{
    Py_XDECREF(self->module);
    Py_XDECREF(self->notes);
    PyObject_Free(self);
}

/* Numba's dispatcher's TypeError for a call of the wrong number of arguments; 0 when it fits. */
static int check_count(const jitc_function_info *i, Py_ssize_t nargs)
{
    int most = i->varargs ? JITC_MAX_ARGS : i->nparams;
    if (nargs > most && !i->varargs)
        PyErr_Format(PyExc_TypeError, "too many arguments: expected %d, got %zd", most, nargs);
    else if (nargs < i->nrequired)
        PyErr_Format(PyExc_TypeError, "not enough arguments: expected %s%d, got %zd",
                     i->nrequired < i->nparams - i->varargs ? "at least " : "", i->nrequired, nargs);
    else
        return 0;
    return -1;
}

PyObject *pyj_call(PyjFunction *f, PyObject *const *args, Py_ssize_t nargs)
{
    if (f->info.kind == JITC_FN_HOST && check_count(&f->info, nargs) < 0)
        return NULL;
    if (nargs > JITC_MAX_ARGS) {
        PyErr_Format(PyExc_TypeError, "jitc calls take at most %d arguments, not %zd", JITC_MAX_ARGS, nargs);
        return NULL;
    }
    PyjArgs a;
    pyj_args_init(&a);
    jitc_value values[JITC_MAX_ARGS];
    for (Py_ssize_t i = 0; i < nargs; i++)
        if (pyj_to_value(&a, args[i], &values[i], (int)i) < 0) {
            pyj_args_release(&a);
            return NULL;
        }
    int first = jitc_module_diagnostic_count(f->module->mod);
    jitc_result r;
    pyj_objmode_clear_pending(); /* one a compiled try caught */
    jitc_status st = jitc_call(f->fn, values, (int)nargs, &r);
    PyObject *out = st == JITC_OK ? pyj_from_result(&r, args, nargs) : pyj_raise(st, f, first, &r);
    if (pyj_args_finish(&a) < 0) /* the generators' draws, also after an exception */
        Py_CLEAR(out);
    jitc_result_free(&r);
    pyj_args_release(&a);
    return out;
}

static PyObject *function_call(PyObject *self, PyObject *args, PyObject *kw)
{
    if (kw && PyDict_Size(kw)) {
        PyErr_SetString(PyExc_TypeError, "a compiled function takes positional arguments");
        return NULL;
    }
    return pyj_call((PyjFunction *)self, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args));
}

static PyObject *function_compile(PyjFunction *self, PyObject *arg)
{
    const char *sig = PyUnicode_AsUTF8(arg);
    if (!sig)
        return NULL;
    int first = jitc_module_diagnostic_count(self->module->mod);
    jitc_status st = jitc_function_compile(self->fn, sig);
    if (st != JITC_OK)
        return pyj_raise(st, self, first, NULL);
    Py_RETURN_NONE;
}

static PyObject *function_emit(PyjFunction *self, PyObject *args)
{
    const char *sig = NULL;
    int kind;
    if (!PyArg_ParseTuple(args, "zi", &sig, &kind))
        return NULL;
    int first = jitc_module_diagnostic_count(self->module->mod);
    const char *text;
    jitc_status st = jitc_function_emit(self->fn, sig, (jitc_emit_kind)kind, &text);
    if (st != JITC_OK)
        return pyj_raise(st, self, first, NULL);
    return PyUnicode_FromString(text);
}

static PyObject *function_signature(PyjFunction *self, PyObject *arg)
{
    const char *sig = PyUnicode_AsUTF8(arg);
    if (!sig)
        return NULL;
    int first = jitc_module_diagnostic_count(self->module->mod);
    const char *text;
    jitc_status st = jitc_function_signature(self->fn, sig, &text);
    if (st != JITC_OK)
        return pyj_raise(st, self, first, NULL);
    return PyUnicode_FromString(text);
}

static PyObject *function_specializations(PyjFunction *self, PyObject *Py_UNUSED(arg))
{
    int n = jitc_function_specialization_count(self->fn);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) {
        PyObject *s = PyUnicode_FromString(jitc_function_specialization(self->fn, i));
        if (!s)
            Py_CLEAR(list);
        else
            PyList_SET_ITEM(list, i, s);
    }
    return list;
}

/* apply(inputs, outputs): the ufunc or gufunc applied by jitc's own driver (broadcasting, casting,
 * target="parallel" on threads); outputs None allocates the one output, else they are written in
 * place. Returns the output, or None when outputs were given. */
static PyObject *function_apply(PyjFunction *self, PyObject *args)
{
    PyObject *inputs, *outputs;
    if (!PyArg_ParseTuple(args, "O!O", &PyTuple_Type, &inputs, &outputs))
        return NULL;
    Py_ssize_t nin = PyTuple_GET_SIZE(inputs), nout = outputs == Py_None ? 0 : PySequence_Size(outputs);
    if (nout < 0 || nin + nout > JITC_MAX_ARGS) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "too many operands");
        return NULL;
    }
    PyjArgs a;
    pyj_args_init(&a);
    jitc_value ops[JITC_MAX_ARGS];
    PyObject *out = NULL;
    for (Py_ssize_t i = 0; i < nin + nout; i++) {
        PyObject *o = i < nin ? Py_NewRef(PyTuple_GET_ITEM(inputs, i)) : PySequence_GetItem(outputs, i - nin);
        int rc = o ? pyj_to_value(&a, o, &ops[i], (int)i) : -1;
        if (rc == 0 && i >= nin && ops[i].kind != JITC_ARRAY) {
            PyErr_Format(PyExc_TypeError, "output %zd must be an array", i - nin + 1);
            rc = -1;
        }
        Py_XDECREF(o);
        if (rc < 0)
            goto done;
    }
    int first = jitc_module_diagnostic_count(self->module->mod);
    jitc_result r;
    memset(&r, 0, sizeof r);
    jitc_status st;
    if (nout == 0) {
        DLManagedTensor *m = NULL;
        st = jitc_ufunc_alloc(self->fn, ops, (int)nin, &m, &r);
        if (st == JITC_OK && m->dl_tensor.device.device_type == kDLCUDA) { /* inputs on the GPU: so is the output */
            out = pyj_device_tensor(m);
        } else if (st == JITC_OK) {
            jitc_value v = {.kind = JITC_ARRAY, .array = &m->dl_tensor, .owner = m};
            out = pyj_from_value(&v, NULL, 0);
            if (v.owner)
                m->deleter(m);
        }
    } else if (self->info.kind == JITC_FN_GUFUNC) {
        st = jitc_gufunc_call(self->fn, ops, (int)(nin + nout), &r);
    } else {
        st = jitc_ufunc_call(self->fn, ops, (int)nin, ops[nin].array, &r);
    }
    if (st != JITC_OK)
        out = pyj_raise(st, self, first, &r);
    else if (nout)
        out = Py_NewRef(Py_None);
    jitc_result_free(&r);
done:
    pyj_args_release(&a);
    return out;
}

static PyObject *function_get_info(PyjFunction *self, void *Py_UNUSED(closure))
{
    static const char *kinds[] = {"host", "kernel", "device", "ufunc", "gufunc", "reduce"};
    const jitc_function_info *i = &self->info;
    return Py_BuildValue("{s:s,s:s,s:i,s:z,s:i,s:i,s:i}", "name", i->name, "kind", kinds[i->kind], "nparams",
                         i->nparams, "target", i->target, "nin", i->nin, "nout", i->nout, "nsigs", i->nsigs);
}

static PyMethodDef function_methods[] = {
    {"compile", (PyCFunction)function_compile, METH_O, "compile(signature): compile for a signature now"},
    {"signature", (PyCFunction)function_signature, METH_O,
     "signature(sig): the whole signature RET(ARGS) of the specialization for sig, compiled now"},
    {"specializations", (PyCFunction)function_specializations, METH_NOARGS,
     "the whole signatures of the specializations made so far"},
    {"apply", (PyCFunction)function_apply, METH_VARARGS,
     "apply(inputs, outputs): the ufunc applied by jitc's driver; outputs None allocates the output"},
    {"emit", (PyCFunction)function_emit, METH_VARARGS, "emit(signature, kind): the code as text (jitc_emit_kind)"},
    {"forall", (PyCFunction)pyj_function_forall, METH_VARARGS,
     "forall(ntasks, block, stream, shared_bytes, args): the kernel over ntasks threads (cuda.c)"},
    {"reduce", (PyCFunction)pyj_function_reduce, METH_VARARGS,
     "reduce(array, init): a @cuda.reduce function folded over the array on the GPU (cuda.c)"},
    {NULL, NULL, 0, NULL},
};

static PyObject *get_notes(PyjFunction *self, void *Py_UNUSED(closure))
{
    return Py_NewRef(self->notes ? self->notes : Py_None);
}

static int set_notes(PyjFunction *self, PyObject *value, void *Py_UNUSED(closure))
{
    if (value && value != Py_None && !PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "notes must be a str");
        return -1;
    }
    Py_XSETREF(self->notes, value && value != Py_None ? Py_NewRef(value) : NULL);
    return 0;
}

static PyGetSetDef function_getset[] = {
    {"notes", (getter)get_notes, (setter)set_notes, "text appended to compile errors", NULL},
    {"info", (getter)function_get_info, NULL, "what the function is (jitc_function_info)", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjFunction_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.Function",
    .tp_basicsize = sizeof(PyjFunction),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a function of a compiled module",
    .tp_dealloc = (destructor)function_dealloc,
    .tp_call = function_call,
    .tp_methods = function_methods,
    .tp_getset = function_getset,
};

/* ---- the module ---- */

static PyObject *set_hooks(PyObject *Py_UNUSED(self), PyObject *args, PyObject *kw)
{
    static char *names[] = {"typing_error", "unsupported_error", "internal_error", "cuda_support_error",
                            "raise_runtime", "typed_list", "objmode_preparer", "performance_warning",
                            "cuda_api_error", NULL};
    PyObject *t, *u, *i, *c, *r, *l, *o, *w, *a;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOOOOOOOO", names, &t, &u, &i, &c, &r, &l, &o, &w, &a))
        return NULL;
    pyj_objmode_set_preparer(o);
    pyj_cuda_set_hooks(w, a);
    PyObject **slots[] = {&typing_error, &unsupported_error, &internal_error, &cuda_support_error, &raise_runtime,
                          &pyj_typed_list};
    PyObject *values[] = {t, u, i, c, r, l};
    for (int k = 0; k < 6; k++) {
        Py_INCREF(values[k]);
        Py_XSETREF(*slots[k], values[k]);
    }
    Py_RETURN_NONE;
}

static PyObject *version(PyObject *Py_UNUSED(self), PyObject *Py_UNUSED(arg))
{
    return PyUnicode_FromString(jitc_version());
}

static PyMethodDef methods[] = {
    {"set_hooks", (PyCFunction)(void (*)(void))set_hooks, METH_VARARGS | METH_KEYWORDS,
     "set_hooks(typing_error, unsupported_error, internal_error, cuda_support_error, raise_runtime, typed_list, "
     "objmode_preparer, performance_warning, cuda_api_error)"},
    {"make_ufunc", pyj_make_ufunc, METH_VARARGS,
     "make_ufunc(function, name, doc, signatures, typecodes, nin, nout, identity, layout, core_dims, arrays): a NumPy "
     "ufunc (gufunc with a layout) over jitc's loops"},
    {"version", version, METH_NOARGS, "the version of libjitc"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "jitc._jitc", "jitc's compiler, reached from Python", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__jitc(void)
{
    import_array();
    import_umath();
    static const struct { PyTypeObject *type; const char *name; } types[] = {
        {&PyjModule_Type, "Module"}, {&PyjFunction_Type, "Function"}, {&PyjDispatcher_Type, "Dispatcher"},
        {&PyjDeviceBuffer_Type, "DeviceBuffer"}, {&PyjHostBuffer_Type, "HostBuffer"}, {&PyjLauncher_Type, "Launcher"},
        {&PyjDeviceTensor_Type, "DeviceTensor"},
    };
    for (size_t k = 0; k < sizeof types / sizeof *types; k++)
        if (PyType_Ready(types[k].type) < 0)
            return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m)
        return NULL;
    for (size_t k = 0; k < sizeof types / sizeof *types; k++)
        if (PyModule_AddObjectRef(m, types[k].name, (PyObject *)types[k].type) < 0) {
            Py_DECREF(m);
            return NULL;
        }
    if (PyModule_AddFunctions(m, pyj_cuda_methods) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
