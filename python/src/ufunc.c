/* ufunc.c — NumPy ufuncs whose loops are jitc's compiled inner loops (jitc_function_loop), so
 * that NumPy's own machinery does the rest, as for Numba's ufuncs: broadcasting, out=, casting,
 * reduce, accumulate, reduceat, at, outer.
 *
 * Each loop is jitc's `void loop(char **args, int64_t n, const int64_t *steps, ...)` behind the
 * adapter NumPy calls; an exception the compiled body raises stops the loop and becomes the
 * Python exception of the ufunc call (NumPy may run the loop without the GIL: the adapter takes
 * it to set the exception). The tables NumPy keeps pointers to live in a capsule the ufunc owns
 * (its `obj`, which NumPy releases with the ufunc). */
#include "pyjitc.h"

#include <string.h>

_Static_assert(sizeof(npy_intp) == sizeof(int64_t), "NumPy's strides are jitc's int64 steps");

typedef struct {
    jitc_loop *loop;
    PyjFunction *function; /* keeps the module, which holds the loop's code, alive */
} LoopData;

typedef struct {
    int ntypes;
    PyUFuncGenericFunction *funcs;
    void **data;
    char *types;
    LoopData *loops;
    char *name, *doc;
} Tables;

static void run_loop(char **args, const npy_intp *dims, const npy_intp *steps, void *data)
{
    const LoopData *d = data;
    jitc_result r;
    jitc_status st = jitc_loop_run(d->loop, args, dims[0], (const int64_t *)steps, NULL, &r);
    if (st == JITC_OK)
        return;
    PyGILState_STATE g = PyGILState_Ensure();
    if (!PyErr_Occurred())
        pyj_raise(st, d->function, 0, &r);
    PyGILState_Release(g);
}

static void tables_destroy(Tables *t)
{
    if (!t)
        return;
    for (int k = 0; t->loops && k < t->ntypes; k++)
        Py_XDECREF(t->loops[k].function);
    PyMem_Free(t->funcs);
    PyMem_Free(t->data);
    PyMem_Free(t->types);
    PyMem_Free(t->loops);
    PyMem_Free(t->name);
    PyMem_Free(t->doc);
    PyMem_Free(t);
}

static void tables_free(PyObject *capsule)
{
    tables_destroy(PyCapsule_GetPointer(capsule, "jitc.ufunc_tables"));
}

static char *copy_string(const char *s)
{
    size_t n = strlen(s) + 1;
    char *c = PyMem_Malloc(n);
    if (c)
        memcpy(c, s, n);
    return c;
}

static Tables *tables_new(int ntypes, int nargs, const char *name, const char *doc)
{
    Tables *t = PyMem_Calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->ntypes = ntypes;
    t->funcs = PyMem_Calloc((size_t)ntypes, sizeof *t->funcs);
    t->data = PyMem_Calloc((size_t)ntypes, sizeof *t->data);
    t->types = PyMem_Calloc((size_t)ntypes * (size_t)nargs, 1);
    t->loops = PyMem_Calloc((size_t)ntypes, sizeof *t->loops);
    t->name = copy_string(name);
    t->doc = copy_string(doc);
    if (!t->funcs || !t->data || !t->types || !t->loops || !t->name || !t->doc) {
        tables_destroy(t);
        return NULL;
    }
    return t;
}

/* The loop of one signature into slot k of the tables. */
static int add_loop(Tables *t, int k, PyjFunction *f, PyObject *sig, PyObject *codes, int nargs)
{
    const char *s = PyUnicode_AsUTF8(sig);
    if (!s)
        return -1;
    if (!PySequence_Check(codes) || PySequence_Size(codes) != nargs) {
        PyErr_Format(PyExc_ValueError, "signature %s: %d type numbers expected", s, nargs);
        return -1;
    }
    for (int a = 0; a < nargs; a++) {
        PyObject *c = PySequence_GetItem(codes, a);
        long num = c ? PyLong_AsLong(c) : -1;
        Py_XDECREF(c);
        if (num < 0 || num > 127) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "signature %s: bad type number", s);
            return -1;
        }
        t->types[k * nargs + a] = (char)num;
    }
    int first = jitc_module_diagnostic_count(f->module->mod);
    jitc_status st = jitc_function_loop(f->fn, s, &t->loops[k].loop);
    if (st != JITC_OK) {
        pyj_raise(st, f, first, NULL);
        return -1;
    }
    t->loops[k].function = (PyjFunction *)Py_NewRef(f);
    t->funcs[k] = run_loop;
    t->data[k] = &t->loops[k];
    return 0;
}

PyObject *pyj_make_ufunc(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *function, *sigs, *codes, *identity_obj;
    const char *name, *doc;
    int nin, nout;
    if (!PyArg_ParseTuple(args, "O!ssOOiiO", &PyjFunction_Type, &function, &name, &doc, &sigs, &codes, &nin, &nout,
                          &identity_obj))
        return NULL;
    PyjFunction *f = (PyjFunction *)function;
    Py_ssize_t ntypes = PySequence_Size(sigs);
    if (ntypes < 1 || ntypes != PySequence_Size(codes)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "one list of type numbers per signature, at least one signature");
        return NULL;
    }
    int identity = PyUFunc_None;
    if (identity_obj == Py_None)
        identity = PyUFunc_None;
    else if (PyLong_Check(identity_obj))
        identity = PyLong_AsLong(identity_obj) == 0 ? PyUFunc_Zero : PyUFunc_One;
    else if (PyUnicode_Check(identity_obj))
        identity = PyUFunc_ReorderableNone;
    Tables *t = tables_new((int)ntypes, nin + nout, name, doc);
    PyObject *capsule = t ? PyCapsule_New(t, "jitc.ufunc_tables", tables_free) : NULL;
    if (!capsule) {
        if (t)
            tables_destroy(t);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (int k = 0; k < ntypes; k++) {
        PyObject *sig = PySequence_GetItem(sigs, k), *code = PySequence_GetItem(codes, k);
        int rc = sig && code ? add_loop(t, k, f, sig, code, nin + nout) : -1;
        Py_XDECREF(sig);
        Py_XDECREF(code);
        if (rc < 0) {
            Py_DECREF(capsule);
            return NULL;
        }
    }
    PyObject *ufunc = PyUFunc_FromFuncAndData(t->funcs, t->data, t->types, (int)ntypes, nin, nout, identity, t->name,
                                              t->doc, 0);
    if (!ufunc) {
        Py_DECREF(capsule);
        return NULL;
    }
    ((PyUFuncObject *)ufunc)->obj = capsule; /* released with the ufunc */
    return ufunc;
}
