/* objmode.c — `with objmode(...)` blocks of compiled functions, run here in the interpreter, as
 * Numba runs them.
 *
 * jitc calls pyj_run_objmode (the context's jitc_options.objmode) with the block's inputs. Their
 * Python values (arrays as NumPy arrays over compiled code's memory, so that writes reach it)
 * go to the Python layer's runner (jitc._objmode.run) with the blocks of the module, which the
 * Python layer gave when it compiled the source (Module(..., blocks)); what the runner returns
 * becomes the outputs: numbers and strings as the arguments of a call are converted, arrays as
 * DLManagedTensors that hold a reference to the NumPy array. A Python exception the block raises
 * is kept (pending) and raised again, as itself, by the call that ran the function. */
#include "pyjitc.h"

static PyObject *runner;        /* jitc._objmode.run, from set_hooks */
static PyObject *module_blocks; /* the address of a jitc_module -> the blocks of its source */
static PyObject *pending_type, *pending_value, *pending_tb; /* what the last failed block raised */
static PyjArgs held;            /* what the last outputs point into, until the next block runs */
static bool held_live;
static PyObject *held_result;

void pyj_objmode_set_runner(PyObject *run) { Py_XSETREF(runner, Py_XNewRef(run)); }

int pyj_objmode_register(jitc_module *mod, PyObject *blocks)
{
    if (!module_blocks && !(module_blocks = PyDict_New()))
        return -1;
    PyObject *key = PyLong_FromVoidPtr(mod);
    int rc = key ? PyDict_SetItem(module_blocks, key, blocks) : -1;
    Py_XDECREF(key);
    return rc;
}

void pyj_objmode_forget(jitc_module *mod)
{
    PyObject *key = module_blocks ? PyLong_FromVoidPtr(mod) : NULL;
    if (key && PyDict_DelItem(module_blocks, key) < 0)
        PyErr_Clear(); /* a module without blocks */
    Py_XDECREF(key);
}

void pyj_objmode_clear_pending(void)
{
    Py_CLEAR(pending_type);
    Py_CLEAR(pending_value);
    Py_CLEAR(pending_tb);
}

bool pyj_objmode_restore_pending(void)
{
    if (!pending_type)
        return false;
    PyErr_Restore(pending_type, pending_value, pending_tb);
    pending_type = pending_value = pending_tb = NULL;
    return true;
}

/* ---- outputs ---- */

typedef struct {
    DLManagedTensor managed;
    int64_t dims[2 * NPY_MAXDIMS];
} HeldArray;

static void held_array_delete(DLManagedTensor *self)
{
    PyGILState_STATE g = PyGILState_Ensure();
    Py_DECREF((PyObject *)self->manager_ctx);
    PyGILState_Release(g);
    PyMem_RawFree(self);
}

/* A NumPy array as an output: a tensor that holds a reference to it. */
static int array_output(PyArrayObject *arr, jitc_value *out)
{
    DLDataType dt;
    if (pyj_dltype_of(PyArray_DESCR(arr), &dt) < 0)
        return -1;
    if (!pyj_strides_whole(arr)) {
        PyErr_SetString(PyExc_TypeError, "an objmode output array's strides fall between its elements");
        return -1;
    }
    HeldArray *h = PyMem_RawCalloc(1, sizeof *h);
    if (!h) {
        PyErr_NoMemory();
        return -1;
    }
    pyj_fill_tensor(&h->managed.dl_tensor, h->dims, arr, dt);
    h->managed.manager_ctx = Py_NewRef((PyObject *)arr);
    h->managed.deleter = held_array_delete;
    *out = (jitc_value){.kind = JITC_ARRAY, .array = &h->managed.dl_tensor, .owner = &h->managed};
    return 0;
}

static void free_items(PyObject *cap) { PyMem_RawFree(PyCapsule_GetPointer(cap, NULL)); }

static int output_value(PyObject *obj, jitc_value *out, int k)
{
    if (PyArray_Check(obj))
        return array_output((PyArrayObject *)obj, out);
    if (!PyTuple_Check(obj))
        return pyj_to_value(&held, obj, out, k);
    Py_ssize_t n = PyTuple_GET_SIZE(obj);
    jitc_value *items = PyMem_RawCalloc((size_t)(n ? n : 1), sizeof *items);
    if (!items) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject *cap = PyCapsule_New(items, NULL, free_items); /* held until the next block runs */
    if (!cap) {
        PyMem_RawFree(items);
        return -1;
    }
    *out = (jitc_value){.kind = JITC_TUPLE, .items = items, .nitems = n};
    int rc = PyList_Append(held_result, cap);
    Py_DECREF(cap);
    for (Py_ssize_t i = 0; rc == 0 && i < n; i++)
        rc = output_value(PyTuple_GET_ITEM(obj, i), &items[i], k);
    return rc;
}

/* ---- running a block ---- */

static void hold_anew(void)
{
    if (held_live)
        pyj_args_release(&held);
    pyj_args_init(&held);
    held_live = true;
    Py_CLEAR(held_result);
}

static PyObject *names_tuple(const char *const *names, int n)
{
    PyObject *t = PyTuple_New(n);
    for (int i = 0; t && i < n; i++) {
        PyObject *s = PyUnicode_FromString(names[i]);
        if (!s)
            Py_CLEAR(t);
        else
            PyTuple_SET_ITEM(t, i, s);
    }
    return t;
}

/* The runner's result: a tuple of the outputs' values, or NULL with an exception set. */
static PyObject *call_runner(const jitc_objmode_block *block, jitc_value *inputs)
{
    PyObject *key = PyLong_FromVoidPtr(block->module);
    PyObject *blocks = key && module_blocks ? PyDict_GetItemWithError(module_blocks, key) : NULL;
    Py_XDECREF(key);
    if (!blocks || !runner) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_RuntimeError, "jitc has no Python source for the 'with objmode' block at line %d",
                         block->line);
        return NULL;
    }
    PyObject *values = PyTuple_New(block->ninputs);
    for (int i = 0; values && i < block->ninputs; i++) {
        PyObject *v = pyj_from_value(&inputs[i], NULL, 0);
        if (!v)
            Py_CLEAR(values);
        else
            PyTuple_SET_ITEM(values, i, v);
    }
    PyObject *in_names = values ? names_tuple(block->input_names, block->ninputs) : NULL;
    PyObject *out_names = in_names ? names_tuple(block->output_names, block->noutputs) : NULL;
    PyObject *result = out_names ? PyObject_CallFunction(runner, "OiisOOO", blocks, block->line, block->column,
                                                         block->function, in_names, values, out_names)
                                 : NULL;
    Py_XDECREF(values);
    Py_XDECREF(in_names);
    Py_XDECREF(out_names);
    if (result && (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) != block->noutputs)) {
        PyErr_SetString(PyExc_SystemError, "jitc's objmode runner returned no tuple of the outputs");
        Py_CLEAR(result);
    }
    return result;
}

/* Keeps the raised exception for the call that ran the function; its text for jitc in error. */
static bool keep_exception(char *error, size_t n)
{
    pyj_objmode_clear_pending();
    PyErr_Fetch(&pending_type, &pending_value, &pending_tb);
    PyErr_NormalizeException(&pending_type, &pending_value, &pending_tb);
    if (pending_tb && pending_value)
        PyException_SetTraceback(pending_value, pending_tb);
    const char *name = pending_type ? ((PyTypeObject *)pending_type)->tp_name : "Exception";
    const char *dot = strrchr(name, '.');
    PyObject *text = pending_value ? PyObject_Str(pending_value) : NULL;
    const char *s = text ? PyUnicode_AsUTF8(text) : NULL;
    if (!s)
        PyErr_Clear();
    snprintf(error, n, "%s: %s", dot ? dot + 1 : name, s ? s : "");
    Py_XDECREF(text);
    return false;
}

bool pyj_run_objmode(void *ud, const jitc_objmode_block *block, jitc_value *inputs, jitc_value *outputs, char *error,
                     size_t n)
{
    (void)ud;
    if (!PyGILState_Check()) { /* a ufunc loop NumPy runs without the GIL: the interpreter is not ours */
        snprintf(error, n, "RuntimeError: a 'with objmode' block ran on a thread that does not hold Python's GIL");
        return false;
    }
    hold_anew();
    pyj_objmode_clear_pending();
    if (!(held_result = PyList_New(0)))
        return keep_exception(error, n);
    PyObject *result = call_runner(block, inputs);
    if (!result)
        return keep_exception(error, n);
    int rc = PyList_Append(held_result, result);
    for (int k = 0; rc == 0 && k < block->noutputs; k++)
        rc = output_value(PyTuple_GET_ITEM(result, k), &outputs[k], k);
    Py_DECREF(result);
    return rc == 0 ? true : keep_exception(error, n);
}
