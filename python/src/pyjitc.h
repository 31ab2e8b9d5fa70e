/* pyjitc.h — what the files of jitc's CPython extension (jitc._jitc) share.
 *
 *   module.c      the module: one jitc context per process (and one per other CUDA device a
 *                 thread selects), compiled modules and their functions as Python objects,
 *                 jitc's statuses as Python exceptions
 *   convert.c     Python values to jitc_values (NumPy arrays as DLTensors, without copies)
 *                 and results back (returned arrays become NumPy arrays owning jitc's memory)
 *   dispatcher.c  the dispatcher's call path: arguments converted and jitc_call, in C
 *   ufunc.c       NumPy ufuncs whose loops are jitc's compiled inner loops
 *   objmode.c     `with objmode` blocks, run in the interpreter
 *   cuda.c        numba.cuda's host side: device and page-locked host memory, copies,
 *                 launches, devices, streams, events
 *
 * Every function here runs with the GIL held: one jitc context is not thread-safe, and the GIL
 * is what serializes its use. */
#ifndef PYJITC_H
#define PYJITC_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL pyjitc_ARRAY_API
#define PY_UFUNC_UNIQUE_SYMBOL pyjitc_UFUNC_API
#ifndef PYJITC_IMPORTS_NUMPY
#define NO_IMPORT_ARRAY
#define NO_IMPORT_UFUNC
#endif
#include <numpy/arrayobject.h>
#include <numpy/ufuncobject.h>

#include "jitc.h"

/* ---- module.c ---- */

/* A compiled module (jitc_module), alive as long as a function of it is. */
typedef struct {
    PyObject_HEAD
    jitc_module *mod;
} PyjModule;

/* A function of a compiled module. */
typedef struct {
    PyObject_HEAD
    PyjModule *module;
    jitc_function *fn;
    jitc_function_info info;
    PyObject *notes; /* str appended to compile errors (names the Python layer could not bind), or NULL */
} PyjFunction;

extern PyTypeObject PyjModule_Type, PyjFunction_Type, PyjDispatcher_Type;

/* jitc.typed.List, set by the Python layer (NULL before): its lists go to compiled code as
 * Numba's typed lists, and typed lists come back as it. */
extern PyObject *pyj_typed_list;

/* The process's context, made on first use; NULL with a Python exception set when it fails.
 * It is CUDA device 0's context too. */
jitc_context *pyj_context(void);
/* The context of CUDA device `device` (made on first use; ValueError out of range), and that of
 * the device the calling thread has selected (numba.cuda.select_device: 0 until then). */
enum { PYJ_MAX_DEVICES = 64 };
jitc_context *pyj_device_context(int device);
jitc_context *pyj_gpu_context(void);
int pyj_current_device(void);
void pyj_select_device(int device);

/* Sets the Python exception for a failed jitc call on fn's module: the compiled code's
 * exception (JITC_ERR_RUNTIME, through the hook jitc's Python layer registers, which points the
 * traceback at the source line), the diagnostics from index `first` on for compile errors,
 * result->message otherwise; f's notes follow compile errors. f may be NULL (no diagnostics).
 * Returns NULL. */
PyObject *pyj_raise(jitc_status st, PyjFunction *f, int first, const jitc_result *result);

/* Raises the exception class of status st (CudaSupportError for JITC_ERR_NO_DEVICE, ...) with
 * message; returns NULL. */
PyObject *pyj_raise_message(jitc_status st, const char *message);

/* Calls fn with Python's positional arguments and returns the result as a Python object. */
PyObject *pyj_call(PyjFunction *f, PyObject *const *args, Py_ssize_t nargs);

/* ---- convert.c ---- */

/* Storage for one call's converted arguments: jitc_values, DLTensors, shapes and strides, and
 * references to the Python objects they point into (arrays copied to fit are kept here too).
 * Starts in an inline buffer; pyj_args_release frees what it grew. */
typedef struct PyjBlock PyjBlock;
enum { PYJ_MAX_GENERATORS = 8 };
typedef struct {
    char inline_buf[2048];
    size_t used;
    PyjBlock *blocks;
    PyObject *keep; /* a list, made on first need, of objects to hold until the call ends */
    /* np.random.Generator arguments: their bit generators, whose state the call's draws advance */
    PyObject *bit_generators[PYJ_MAX_GENERATORS];
    jitc_generator *generators[PYJ_MAX_GENERATORS];
    int ngenerators;
    /* for a kernel launch: an ndarray subclass that is also a device array (a mapped array) is
     * taken by its __cuda_array_interface__, not copied in and back as a host array */
    bool launch;
} PyjArgs;

void pyj_args_init(PyjArgs *a);
/* After the call: the generators' new states written back to their NumPy bit generators.
 * -1 with a Python exception set if one could not be. */
int pyj_args_finish(PyjArgs *a);
void pyj_args_release(PyjArgs *a);
/* Converts obj as Numba's typeof reads it into *out; -1 with TypeError for what jitc cannot take
 * (naming argument index i, 0-based). */
int pyj_to_value(PyjArgs *a, PyObject *obj, jitc_value *out, int i);
/* The Python value of a result value, taking the arrays it holds (their owners pass to the new
 * NumPy arrays); args are the call's arguments, which a returned view keeps alive. */
PyObject *pyj_from_value(jitc_value *v, PyObject *const *args, Py_ssize_t nargs);
/* The call's whole result: a tuple for JITC_TUPLE (its items in result->items). */
PyObject *pyj_from_result(jitc_result *r, PyObject *const *args, Py_ssize_t nargs);
/* A DLManagedTensor of ndim dimensions (its shape and strides allocated with it, to be filled)
 * that holds a reference to owner; its deleter drops it, taking the GIL. NULL with MemoryError. */
DLManagedTensor *pyj_held_tensor(PyObject *owner, int ndim);
/* Whether an array's strides are whole elements (not a view of a record's field); a DLTensor
 * over its memory, of DLPack dtype dt, its shape and element strides written to dims[2 * ndim]. */
bool pyj_strides_whole(PyArrayObject *arr);
void pyj_fill_tensor(DLTensor *t, int64_t *dims, PyArrayObject *arr, DLDataType dt);
/* The DLPack dtype and item size of an array interface's typestr ("<f4"); -1 with TypeError. */
int pyj_typestr_dltype(PyObject *typestr, DLDataType *dt, Py_ssize_t *itemsize);
/* The NumPy dtype of a DLPack dtype, or NULL with TypeError. */
PyArray_Descr *pyj_descr_of(DLDataType dt);
/* The DLPack dtype of a NumPy dtype; -1 with TypeError for one jitc cannot take. */
int pyj_dltype_of(PyArray_Descr *d, DLDataType *out);

/* ---- objmode.c ---- */

/* jitc_options.objmode: runs a `with objmode` block with the function the Python layer's preparer
 * made for it. */
bool pyj_run_objmode(void *ud, const jitc_objmode_block *block, jitc_value *inputs, jitc_value *outputs, char *error,
                     size_t n);
void pyj_objmode_set_preparer(PyObject *prepare);
/* The blocks of a compiled module's source (what the preparer is given), until it is forgotten. */
int pyj_objmode_register(jitc_module *mod, PyObject *blocks);
void pyj_objmode_forget(jitc_module *mod);
/* The exception the last failed block raised: dropped, or raised again (true: there was one). */
void pyj_objmode_clear_pending(void);
bool pyj_objmode_restore_pending(void);

/* ---- cuda.c ---- */
extern PyTypeObject PyjDeviceBuffer_Type, PyjHostBuffer_Type, PyjLauncher_Type, PyjDeviceTensor_Type;
/* A DeviceTensor owning m, an array jitc made in device memory (m's deleter runs with it). */
PyObject *pyj_device_tensor(DLManagedTensor *m);
extern PyMethodDef pyj_cuda_methods[];
PyObject *pyj_function_forall(PyjFunction *f, PyObject *args);
PyObject *pyj_function_reduce(PyjFunction *f, PyObject *args);
void pyj_cuda_set_hooks(PyObject *performance_warning, PyObject *api_error);

/* ---- ufunc.c ---- */
PyObject *pyj_make_ufunc(PyObject *self, PyObject *args);

#endif
