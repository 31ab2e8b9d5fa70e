/* objmode.c — `with objmode(...)` blocks of compiled functions, run here in the interpreter, as
 * Numba runs them.
 *
 * jitc calls pyj_run_objmode (the context's jitc_options.objmode) with the block's inputs. The
 * first time a block (of one specialization) runs, the Python layer's preparer
 * (jitc._objmode.prepare) is given the blocks of its module, which the Python layer noted when it
 * compiled the source (Module(..., blocks)), and makes the function that runs it: a function of
 * the inputs' values returning the outputs' tuple. That function is kept in a small table here, so
 * each later run is one vectorcall: the inputs' Python values (arrays as NumPy arrays over
 * compiled code's memory, so that writes reach it) in, the outputs converted back (numbers and
 * strings as a call's arguments are, arrays as DLManagedTensors holding a reference to the NumPy
 * array). A Python exception the block raises is kept (pending) and raised again, as itself, by
 * the call that ran the function. */
#include "pyjitc.h"

static PyObject *preparer;      /* jitc._objmode.prepare, from set_hooks */
static PyObject *module_blocks; /* the address of a jitc_module -> the blocks of its source */
static PyObject *pending_type, *pending_value, *pending_tb; /* what the last failed block raised */

/* What the last outputs point into, kept until the next block runs: the runner's result (strings,
 * NumPy scalars), the converted arguments' storage, the items of tuple outputs. */
enum { HELD_ITEMS = 256 };
static PyObject *held_result;
static PyjArgs held_args;
static bool held_args_live;
static jitc_value held_items[HELD_ITEMS];
static int nheld_items;

/* The functions that run blocks, by the module and the block's specialization (its input_names
 * array, which the module owns): a direct-mapped table; a miss asks the preparer again. */
enum { PREPARED = 64 };
static struct {
    const jitc_module *module;
    const char *const *names;
    PyObject *run;
} prepared[PREPARED];

void pyj_objmode_set_preparer(PyObject *prepare) { Py_XSETREF(preparer, Py_XNewRef(prepare)); }

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
    for (int k = 0; k < PREPARED; k++)
        if (prepared[k].module == mod) {
            prepared[k].module = NULL;
            Py_CLEAR(prepared[k].run);
        }
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
    DLManagedTensor *m = pyj_held_tensor((PyObject *)arr, PyArray_NDIM(arr));
    if (!m)
        return -1;
    pyj_fill_tensor(&m->dl_tensor, m->dl_tensor.shape, arr, dt);
    *out = (jitc_value){.kind = JITC_ARRAY, .array = &m->dl_tensor, .owner = m};
    return 0;
}

static int output_value(PyObject *obj, jitc_value *out, int k)
{
    if (PyArray_Check(obj))
        return array_output((PyArrayObject *)obj, out);
    if (!PyTuple_Check(obj)) {
        if (!held_args_live)
            pyj_args_init(&held_args);
        held_args_live = true;
        return pyj_to_value(&held_args, obj, out, k);
    }
    Py_ssize_t n = PyTuple_GET_SIZE(obj);
    if (n > HELD_ITEMS - nheld_items) {
        PyErr_SetString(PyExc_TypeError, "objmode outputs hold too many tuple items");
        return -1;
    }
    jitc_value *items = held_items + nheld_items;
    nheld_items += (int)n;
    *out = (jitc_value){.kind = JITC_TUPLE, .items = items, .nitems = n};
    for (Py_ssize_t i = 0; i < n; i++)
        if (output_value(PyTuple_GET_ITEM(obj, i), &items[i], k) < 0)
            return -1;
    return 0;
}

static void hold_anew(void)
{
    if (held_args_live)
        pyj_args_release(&held_args);
    held_args_live = false;
    nheld_items = 0;
    Py_CLEAR(held_result);
}

/* ---- running a block ---- */

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

/* The function that runs the block (borrowed from the table), made by the preparer on a miss. */
static PyObject *runner_of(const jitc_objmode_block *block)
{
    size_t slot = ((uintptr_t)block->input_names >> 4) % PREPARED;
    if (prepared[slot].module == block->module && prepared[slot].names == block->input_names)
        return prepared[slot].run;
    PyObject *key = PyLong_FromVoidPtr(block->module);
    PyObject *blocks = key && module_blocks ? PyDict_GetItemWithError(module_blocks, key) : NULL;
    Py_XDECREF(key);
    if (!blocks || !preparer) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_RuntimeError, "jitc has no Python source for the 'with objmode' block at line %d",
                         block->line);
        return NULL;
    }
    PyObject *in_names = names_tuple(block->input_names, block->ninputs);
    PyObject *out_names = in_names ? names_tuple(block->output_names, block->noutputs) : NULL;
    PyObject *run = out_names ? PyObject_CallFunction(preparer, "OiiOO", blocks, block->line, block->column,
                                                      in_names, out_names)
                              : NULL;
    Py_XDECREF(in_names);
    Py_XDECREF(out_names);
    if (!run)
        return NULL;
    Py_XSETREF(prepared[slot].run, run);
    prepared[slot].module = block->module;
    prepared[slot].names = block->input_names;
    return run;
}

/* The block's outputs' tuple, or NULL with an exception set. */
static PyObject *run_block(const jitc_objmode_block *block, jitc_value *inputs)
{
    PyObject *run = runner_of(block);
    if (!run)
        return NULL;
    PyObject *values[JITC_MAX_ARGS];
    int n = 0;
    for (; n < block->ninputs; n++)
        if (!(values[n] = pyj_from_value(&inputs[n], NULL, 0)))
            break;
    Py_INCREF(run); /* the block may run a function that evicts it from the table */
    PyObject *result = n == block->ninputs ? PyObject_Vectorcall(run, values, (size_t)n, NULL) : NULL;
    Py_DECREF(run);
    for (int i = 0; i < n; i++)
        Py_DECREF(values[i]);
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
    pyj_objmode_clear_pending();
    PyObject *result = run_block(block, inputs);
    hold_anew(); /* what the last block left (this one may have run others) */
    if (!(held_result = result))
        return keep_exception(error, n);
    for (int k = 0; k < block->noutputs; k++)
        if (output_value(PyTuple_GET_ITEM(held_result, k), &outputs[k], k) < 0)
            return keep_exception(error, n);
    return true;
}
