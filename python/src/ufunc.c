/* ufunc.c — NumPy ufuncs and gufuncs whose loops are jitc's compiled inner loops
 * (jitc_function_loop), so that NumPy's own machinery does the rest, as for Numba's ufuncs:
 * broadcasting, out=, casting, reduce, accumulate, reduceat, at, outer; a gufunc's core
 * dimensions from its layout.
 *
 * Each loop is jitc's `void loop(char **args, int64_t n, const int64_t *steps, core)` behind the
 * adapter NumPy calls. A gufunc's adapter turns NumPy's core dimensions (sizes by name, strides
 * by operand after the outer steps) into jitc's core words: per array operand its core sizes
 * then byte strides, or (1, itemsize) for an array operand of layout "()". An exception the
 * compiled body raises stops the loop and becomes the Python exception of the call (NumPy may
 * run the loop without the GIL: the adapter takes it to set the exception).
 *
 * Loops are chosen as Numba's choose them. A @vectorize ufunc takes the first signature the
 * inputs cast to safely, in the decorator's order (NumPy's linear search): NumPy would prefer a
 * loop whose types match exactly over an earlier one they cast to, so, as Numba does, the ufunc
 * is made with its first loop and the others are appended to its tables after, where only the
 * linear search sees them. A gufunc, made with all its loops, prefers the exact match. The tables live in a capsule the ufunc owns (its `obj`, released with it). */
#include "pyjitc.h"

#include <stdbool.h>
#include <string.h>

_Static_assert(sizeof(npy_intp) == sizeof(int64_t), "NumPy's strides are jitc's int64 steps");

enum { MAX_OPERANDS = 32, MAX_CORE = 8 };

/* A gufunc's layout as NumPy numbers it: operand k's core dimensions are dim[k][0..ncore[k]),
 * indexes of the names in order of first appearance. */
typedef struct {
    int nargs;
    int ncore[MAX_OPERANDS];
    int dim[MAX_OPERANDS][MAX_CORE];
} Layout;

typedef struct {
    jitc_loop *loop;
    PyjFunction *function; /* keeps the module, which holds the loop's code, alive */
    const Layout *layout;  /* a gufunc's; NULL for a ufunc */
    bool array[MAX_OPERANDS];     /* gufunc: the signature takes operand k as an array */
    int64_t itemsize[MAX_OPERANDS];
} LoopData;

typedef struct {
    Layout layout;
    int ntypes;
    PyUFuncGenericFunction *funcs;
    void **data;
    char *types;
    LoopData *loops;
    char *name, *doc;
} Tables;

static void run(const LoopData *d, char **args, npy_intp n, const npy_intp *steps, const int64_t *core)
{
    jitc_result r;
    jitc_status st = jitc_loop_run(d->loop, args, n, (const int64_t *)steps, core, &r);
    if (st == JITC_OK)
        return;
    PyGILState_STATE g = PyGILState_Ensure();
    if (!PyErr_Occurred())
        pyj_raise(st, d->function, 0, &r);
    PyGILState_Release(g);
}

static void run_loop(char **args, const npy_intp *dims, const npy_intp *steps, void *data)
{
    run(data, args, dims[0], steps, NULL);
}

static void run_gufunc_loop(char **args, const npy_intp *dims, const npy_intp *steps, void *data)
{
    const LoopData *d = data;
    const Layout *l = d->layout;
    int64_t core[2 * MAX_OPERANDS * MAX_CORE];
    int words = 0;
    const npy_intp *core_steps = steps + l->nargs;
    for (int k = 0; k < l->nargs; core_steps += l->ncore[k], k++) {
        if (!d->array[k])
            continue;
        if (l->ncore[k] == 0) { /* "()" taken as an array: a one-element view */
            core[words++] = 1;
            core[words++] = d->itemsize[k];
            continue;
        }
        for (int j = 0; j < l->ncore[k]; j++)
            core[words++] = dims[1 + l->dim[k][j]];
        for (int j = 0; j < l->ncore[k]; j++)
            core[words++] = core_steps[j];
    }
    run(d, args, dims[0], steps, core);
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

/* A gufunc loop's operands: which the signature takes as arrays, and their item sizes. */
static int operand_kinds(LoopData *d, PyObject *arrays, const char *types, int nargs)
{
    if (!PySequence_Check(arrays) || PySequence_Size(arrays) != nargs) {
        PyErr_SetString(PyExc_ValueError, "one array flag per operand");
        return -1;
    }
    for (int a = 0; a < nargs; a++) {
        PyObject *flag = PySequence_GetItem(arrays, a);
        int is = flag ? PyObject_IsTrue(flag) : -1;
        Py_XDECREF(flag);
        if (is < 0)
            return -1;
        d->array[a] = is;
        PyArray_Descr *descr = PyArray_DescrFromType(types[a]);
        if (!descr)
            return -1;
        d->itemsize[a] = PyDataType_ELSIZE(descr);
        Py_DECREF(descr);
    }
    return 0;
}

/* The loop of one signature into slot k of the tables (arrays: a gufunc's operand flags, or
 * None). */
static int add_loop(Tables *t, int k, PyjFunction *f, PyObject *sig, PyObject *codes, PyObject *arrays, int nargs)
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
    if (arrays != Py_None) {
        t->loops[k].layout = &t->layout;
        t->funcs[k] = run_gufunc_loop;
        return operand_kinds(&t->loops[k], arrays, t->types + k * nargs, nargs);
    }
    return 0;
}

/* The layout's core dimensions per operand (lists of NumPy's name indexes). */
static int read_layout(Layout *l, PyObject *core_dims, int nargs)
{
    l->nargs = nargs;
    if (PySequence_Size(core_dims) != nargs) {
        PyErr_SetString(PyExc_ValueError, "one list of core dimensions per operand");
        return -1;
    }
    for (int k = 0; k < nargs; k++) {
        PyObject *dims = PySequence_GetItem(core_dims, k);
        Py_ssize_t n = dims ? PySequence_Size(dims) : -1;
        if (n < 0 || n > MAX_CORE) {
            Py_XDECREF(dims);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "an operand has at most %d core dimensions", MAX_CORE);
            return -1;
        }
        l->ncore[k] = (int)n;
        for (Py_ssize_t j = 0; j < n; j++) {
            PyObject *v = PySequence_GetItem(dims, j);
            l->dim[k][j] = v ? (int)PyLong_AsLong(v) : -1;
            Py_XDECREF(v);
        }
        Py_DECREF(dims);
        if (PyErr_Occurred())
            return -1;
    }
    return 0;
}

static int identity_of(PyObject *identity)
{
    if (PyLong_Check(identity))
        return PyLong_AsLong(identity) == 0 ? PyUFunc_Zero : PyUFunc_One;
    if (PyUnicode_Check(identity))
        return PyUFunc_ReorderableNone;
    return PyUFunc_None;
}

/* make_ufunc(function, name, doc, signatures, typecodes, nin, nout, identity, layout, core_dims,
 * arrays): layout None for a @vectorize ufunc; for a gufunc its text, core_dims per operand and
 * arrays (per signature, per operand: taken as an array). */
PyObject *pyj_make_ufunc(PyObject *Py_UNUSED(self), PyObject *args)
{
    PyObject *function, *sigs, *codes, *identity, *layout, *core_dims, *arrays;
    const char *name, *doc;
    int nin, nout;
    if (!PyArg_ParseTuple(args, "O!ssOOiiOOOO", &PyjFunction_Type, &function, &name, &doc, &sigs, &codes, &nin,
                          &nout, &identity, &layout, &core_dims, &arrays))
        return NULL;
    PyjFunction *f = (PyjFunction *)function;
    Py_ssize_t ntypes = PySequence_Size(sigs);
    int nargs = nin + nout;
    if (ntypes < 1 || ntypes != PySequence_Size(codes) || nargs > MAX_OPERANDS) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "one list of type numbers per signature, at least one signature, "
                                              "at most 32 operands");
        return NULL;
    }
    Tables *t = tables_new((int)ntypes, nargs, name, doc);
    PyObject *capsule = t ? PyCapsule_New(t, "jitc.ufunc_tables", tables_free) : NULL;
    if (!capsule) {
        tables_destroy(t);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    if (layout != Py_None && read_layout(&t->layout, core_dims, nargs) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    for (int k = 0; k < ntypes; k++) {
        PyObject *sig = PySequence_GetItem(sigs, k), *code = PySequence_GetItem(codes, k);
        PyObject *flags = layout == Py_None ? Py_NewRef(Py_None) : PySequence_GetItem(arrays, k);
        int rc = sig && code && flags ? add_loop(t, k, f, sig, code, flags, nargs) : -1;
        Py_XDECREF(sig);
        Py_XDECREF(code);
        Py_XDECREF(flags);
        if (rc < 0) {
            Py_DECREF(capsule);
            return NULL;
        }
    }
    const char *layout_text = layout == Py_None ? NULL : PyUnicode_AsUTF8(layout);
    if (layout != Py_None && !layout_text) {
        Py_DECREF(capsule);
        return NULL;
    }
    /* a ufunc is made with its first loop, the others appended (the head of the file says why);
     * a gufunc with all, as Numba makes it: NumPy prefers an exact match there */
    int registered = layout == Py_None ? 1 : (int)ntypes;
    PyObject *ufunc = PyUFunc_FromFuncAndDataAndSignature(t->funcs, t->data, t->types, registered, nin, nout,
                                                          identity_of(identity), t->name, t->doc, 0, layout_text);
    if (!ufunc) {
        Py_DECREF(capsule);
        return NULL;
    }
    ((PyUFuncObject *)ufunc)->ntypes = (int)ntypes;
    ((PyUFuncObject *)ufunc)->obj = capsule; /* released with the ufunc */
    return ufunc;
}
