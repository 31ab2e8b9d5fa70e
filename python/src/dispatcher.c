/* dispatcher.c — the call path of a dispatcher (what @njit makes), in C.
 *
 * jitc's Python layer subclasses Dispatcher (jitc/dispatcher.py) and gives it the rest of
 * Numba's dispatcher: py_func, signatures, compile(sig). A call with positional arguments goes
 * from here straight to jitc_call, which picks or compiles the specialization for the
 * arguments' types: no Python runs on that path. The first call asks the Python layer to compile
 * the function's source (`_compile_target`), which sets `_target`; a call with keyword arguments
 * goes to `_call_with_keywords`, which binds them to positions. */
#include "pyjitc.h"

#include <structmember.h>

typedef struct {
    PyObject_HEAD
    PyjFunction *target; /* the compiled function; NULL until the first call compiles it */
} PyjDispatcher;

static void dispatcher_dealloc(PyjDispatcher *self)
{
    Py_CLEAR(self->target);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *dispatcher_call(PyjDispatcher *self, PyObject *args, PyObject *kw)
{
    if (kw && PyDict_Size(kw))
        return PyObject_CallMethod((PyObject *)self, "_call_with_keywords", "OO", args, kw);
    if (!self->target) {
        PyObject *r = PyObject_CallMethod((PyObject *)self, "_compile_target", NULL);
        if (!r)
            return NULL;
        Py_DECREF(r);
        if (!self->target) {
            PyErr_SetString(PyExc_RuntimeError, "the dispatcher compiled no function");
            return NULL;
        }
    }
    return pyj_call(self->target, &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args));
}

static PyObject *get_target(PyjDispatcher *self, void *Py_UNUSED(closure))
{
    if (!self->target)
        Py_RETURN_NONE;
    Py_INCREF(self->target);
    return (PyObject *)self->target;
}

static int set_target(PyjDispatcher *self, PyObject *value, void *Py_UNUSED(closure))
{
    if (value && value != Py_None && !PyObject_TypeCheck(value, &PyjFunction_Type)) {
        PyErr_SetString(PyExc_TypeError, "_target must be a jitc._jitc.Function or None");
        return -1;
    }
    PyjFunction *old = self->target;
    self->target = value && value != Py_None ? (PyjFunction *)Py_NewRef(value) : NULL;
    Py_XDECREF(old);
    return 0;
}

static PyGetSetDef dispatcher_getset[] = {
    {"_target", (getter)get_target, (setter)set_target, "the compiled function the calls go to", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject PyjDispatcher_Type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jitc._jitc.Dispatcher",
    .tp_basicsize = sizeof(PyjDispatcher),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "the C part of a dispatcher: its calls",
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)dispatcher_dealloc,
    .tp_call = (ternaryfunc)dispatcher_call,
    .tp_getset = dispatcher_getset,
};
