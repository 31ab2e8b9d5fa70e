/* convert.c — Python values to jitc_values and results back, by Numba's typeof rules:
 *
 *   bool -> boolean, int -> int64 (uint64 above int64's range), float -> float64,
 *   complex -> complex128, NumPy scalars -> their own type, NumPy arrays -> a DLTensor over their
 *   memory (any strides, no copy), tuples -> tuples, None, str, lists, sets and dicts (their
 *   items converted alike), NumPy dtypes and scalar classes (np.float32) -> compile-time dtypes.
 *
 * Results come back as Numba boxes them: Python int, float, complex and bool for scalars, NumPy
 * arrays for arrays (owning the memory compiled code made, or viewing an argument's), tuples,
 * lists, sets, dicts and str. */
#include "pyjitc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* ---- the call's scratch storage ---- */

struct PyjBlock {
    PyjBlock *next;
    max_align_t data[];
};

void pyj_args_init(PyjArgs *a)
{
    a->used = 0;
    a->blocks = NULL;
    a->keep = NULL;
    a->ngenerators = 0;
    a->launch = false;
}

void pyj_args_release(PyjArgs *a)
{
    while (a->blocks) {
        PyjBlock *next = a->blocks->next;
        PyMem_Free(a->blocks);
        a->blocks = next;
    }
    Py_CLEAR(a->keep);
    for (int k = 0; k < a->ngenerators; k++)
        Py_CLEAR(a->bit_generators[k]);
    a->ngenerators = 0;
}

static void *args_alloc(PyjArgs *a, size_t bytes)
{
    bytes = (bytes + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (a->used + bytes <= sizeof a->inline_buf) {
        void *p = a->inline_buf + a->used;
        a->used += bytes;
        return p;
    }
    PyjBlock *b = PyMem_Malloc(sizeof *b + bytes);
    if (!b) {
        PyErr_NoMemory();
        return NULL;
    }
    b->next = a->blocks;
    a->blocks = b;
    return b->data;
}

static int keep(PyjArgs *a, PyObject *o)
{
    if (!a->keep && !(a->keep = PyList_New(0)))
        return -1;
    return PyList_Append(a->keep, o);
}

/* ---- dtypes ---- */

int pyj_dltype_of(PyArray_Descr *d, DLDataType *out)
{
    if (!PyArray_ISNBO(d->byteorder)) {
        PyErr_Format(PyExc_TypeError, "jitc cannot take an array of non-native byte order (%R)", (PyObject *)d);
        return -1;
    }
    uint8_t bits = (uint8_t)(PyDataType_ELSIZE(d) * 8);
    switch (d->type_num) {
    case NPY_BOOL: *out = (DLDataType){JITC_DL_BOOL, 8, 1}; return 0;
    case NPY_BYTE: case NPY_SHORT: case NPY_INT: case NPY_LONG: case NPY_LONGLONG:
        *out = (DLDataType){kDLInt, bits, 1};
        return 0;
    case NPY_UBYTE: case NPY_USHORT: case NPY_UINT: case NPY_ULONG: case NPY_ULONGLONG:
        *out = (DLDataType){kDLUInt, bits, 1};
        return 0;
    case NPY_HALF: case NPY_FLOAT: case NPY_DOUBLE:
        *out = (DLDataType){kDLFloat, bits, 1};
        return 0;
    case NPY_CFLOAT: case NPY_CDOUBLE:
        *out = (DLDataType){kDLComplex, bits, 1};
        return 0;
    default:
        PyErr_Format(PyExc_TypeError, "jitc cannot take an array of dtype %R: it compiles arrays of booleans, "
                     "integers, floats and complex numbers", (PyObject *)d);
        return -1;
    }
}

PyArray_Descr *pyj_descr_of(DLDataType dt)
{
    int num = -1;
    switch (dt.code) {
    case JITC_DL_BOOL: num = NPY_BOOL; break;
    case kDLInt: num = dt.bits == 8 ? NPY_INT8 : dt.bits == 16 ? NPY_INT16 : dt.bits == 32 ? NPY_INT32 : NPY_INT64; break;
    case kDLUInt: num = dt.bits == 8 ? NPY_UINT8 : dt.bits == 16 ? NPY_UINT16 : dt.bits == 32 ? NPY_UINT32 : NPY_UINT64; break;
    case kDLFloat: num = dt.bits == 16 ? NPY_HALF : dt.bits == 32 ? NPY_FLOAT32 : NPY_FLOAT64; break;
    case kDLComplex: num = dt.bits == 64 ? NPY_COMPLEX64 : NPY_COMPLEX128; break;
    default: break;
    }
    if (num < 0) {
        PyErr_Format(PyExc_TypeError, "jitc returned an array of unknown dtype code %d", dt.code);
        return NULL;
    }
    return PyArray_DescrFromType(num);
}

/* ---- Python to jitc ---- */

/* A DLManagedTensor and the shape and strides it points at, holding a Python object. */
typedef struct {
    DLManagedTensor managed;
    int64_t dims[];
} HeldTensor;

static void held_tensor_delete(DLManagedTensor *self)
{
    PyGILState_STATE g = PyGILState_Ensure(); /* the last release may come from anywhere */
    Py_XDECREF((PyObject *)self->manager_ctx);
    PyGILState_Release(g);
    PyMem_RawFree(self);
}

DLManagedTensor *pyj_held_tensor(PyObject *owner, int ndim)
{
    HeldTensor *h = PyMem_RawCalloc(1, sizeof *h + 2 * (size_t)ndim * sizeof(int64_t));
    if (!h) {
        PyErr_NoMemory();
        return NULL;
    }
    h->managed.dl_tensor = (DLTensor){.device = {kDLCPU, 0}, .ndim = ndim, .shape = h->dims, .strides = h->dims + ndim};
    h->managed.manager_ctx = Py_NewRef(owner);
    h->managed.deleter = held_tensor_delete;
    return &h->managed;
}

bool pyj_strides_whole(PyArrayObject *arr)
{
    for (int k = 0; k < PyArray_NDIM(arr); k++)
        if (PyArray_STRIDES(arr)[k] % PyArray_ITEMSIZE(arr))
            return false;
    return true;
}

void pyj_fill_tensor(DLTensor *t, int64_t *dims, PyArrayObject *arr, DLDataType dt)
{
    int nd = PyArray_NDIM(arr);
    npy_intp item = PyArray_ITEMSIZE(arr);
    for (int k = 0; k < nd; k++) {
        dims[k] = PyArray_DIMS(arr)[k];
        dims[nd + k] = PyArray_STRIDES(arr)[k] / item;
    }
    t->data = PyArray_DATA(arr); /* fields set in place: struct copies over fresh stores stall */
    t->device.device_type = kDLCPU;
    t->device.device_id = 0;
    t->ndim = nd;
    t->dtype = dt;
    t->shape = dims;
    t->strides = dims + nd;
    t->byte_offset = 0;
}

static int array_value(PyjArgs *a, PyArrayObject *arr, jitc_value *out)
{
    DLDataType dt;
    if (pyj_dltype_of(PyArray_DESCR(arr), &dt) < 0)
        return -1;
    if (!pyj_strides_whole(arr)) { /* a view of a record's field: its strides fall between elements */
        if (!(arr = (PyArrayObject *)PyArray_NewCopy(arr, NPY_KEEPORDER)))
            return -1;
        int rc = keep(a, (PyObject *)arr);
        Py_DECREF(arr); /* held by a->keep */
        if (rc < 0)
            return -1;
    }
    int nd = PyArray_NDIM(arr);
    DLTensor *t = args_alloc(a, sizeof *t + 2 * (size_t)nd * sizeof(int64_t));
    if (!t)
        return -1;
    pyj_fill_tensor(t, (int64_t *)(t + 1), arr, dt);
    out->kind = JITC_ARRAY;
    out->array = t;
    out->readonly = !PyArray_ISWRITEABLE(arr); /* Numba's readonly array: writing it does not compile */
    return 0;
}

/* The jitc kind of a NumPy type number, JITC_NONE for one jitc does not take. */
static jitc_kind kind_of(int type_num)
{
    switch (type_num) {
    case NPY_BOOL: return JITC_BOOL;
    case NPY_INT8: return JITC_INT8;
    case NPY_INT16: return JITC_INT16;
    case NPY_INT32: return JITC_INT32;
    case NPY_INT64: return JITC_INT64;
    case NPY_UINT8: return JITC_UINT8;
    case NPY_UINT16: return JITC_UINT16;
    case NPY_UINT32: return JITC_UINT32;
    case NPY_UINT64: return JITC_UINT64;
    case NPY_FLOAT32: return JITC_FLOAT32;
    case NPY_FLOAT64: return JITC_FLOAT64;
    case NPY_COMPLEX64: return JITC_COMPLEX64;
    case NPY_COMPLEX128: return JITC_COMPLEX128;
    default: return JITC_NONE;
    }
}

static int scalar_value(PyObject *obj, jitc_value *out, int i)
{
    PyArray_Descr *d = PyArray_DescrFromScalar(obj);
    if (!d)
        return -1;
    int num = d->type_num;
    Py_DECREF(d);
    if (kind_of(num) == JITC_NONE) {
        PyErr_Format(PyExc_TypeError, "argument %d: jitc cannot take a NumPy scalar of type %s", i + 1,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    union { npy_bool b; int8_t i8; int16_t i16; int32_t i32; int64_t i64; uint8_t u8; uint16_t u16;
            uint32_t u32; uint64_t u64; float f32; double f64; npy_cfloat c64; npy_cdouble c128; } v;
    PyArray_ScalarAsCtype(obj, &v);
    switch (num) {
    case NPY_BOOL: *out = (jitc_value){.kind = JITC_BOOL, .b = v.b != 0}; break;
    case NPY_INT8: *out = (jitc_value){.kind = JITC_INT8, .i = v.i8}; break;
    case NPY_INT16: *out = (jitc_value){.kind = JITC_INT16, .i = v.i16}; break;
    case NPY_INT32: *out = (jitc_value){.kind = JITC_INT32, .i = v.i32}; break;
    case NPY_INT64: *out = (jitc_value){.kind = JITC_INT64, .i = v.i64}; break;
    case NPY_UINT8: *out = (jitc_value){.kind = JITC_UINT8, .u = v.u8}; break;
    case NPY_UINT16: *out = (jitc_value){.kind = JITC_UINT16, .u = v.u16}; break;
    case NPY_UINT32: *out = (jitc_value){.kind = JITC_UINT32, .u = v.u32}; break;
    case NPY_UINT64: *out = (jitc_value){.kind = JITC_UINT64, .u = v.u64}; break;
    case NPY_FLOAT32: *out = jitc_f32(v.f32); break;
    case NPY_FLOAT64: *out = jitc_f64(v.f64); break;
    case NPY_COMPLEX64: *out = jitc_c64(npy_crealf(v.c64), npy_cimagf(v.c64)); break;
    default: *out = jitc_c128(npy_creal(v.c128), npy_cimag(v.c128)); break;
    }
    return 0;
}

static int int_value(PyObject *obj, jitc_value *out, int i)
{
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (!overflow) {
        if (v == -1 && PyErr_Occurred())
            return -1;
        out->kind = JITC_INT64;
        out->i = v;
        return 0;
    }
    unsigned long long u = overflow > 0 ? PyLong_AsUnsignedLongLong(obj) : 0;
    if (overflow < 0 || PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_OverflowError, "argument %d: int %R is out of range of int64 and uint64", i + 1, obj);
        return -1;
    }
    *out = (jitc_value){.kind = JITC_UINT64, .u = u}; /* Numba's typeof: uint64 above int64's range */
    return 0;
}

/* The items of a tuple, list or set as jitc_values. */
static int items_value(PyjArgs *a, PyObject *seq, jitc_kind kind, jitc_value *out, int i)
{
    PyObject *fast = PySequence_Fast(seq, "not a sequence");
    if (!fast)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    jitc_value *items = n ? args_alloc(a, (size_t)n * sizeof *items) : NULL;
    int rc = n && !items ? -1 : 0;
    for (Py_ssize_t k = 0; rc == 0 && k < n; k++)
        rc = pyj_to_value(a, PySequence_Fast_GET_ITEM(fast, k), &items[k], i);
    if (rc == 0 && kind != JITC_TUPLE && keep(a, fast) < 0) /* a set's items, in the order of this list */
        rc = -1;
    Py_DECREF(fast);
    *out = (jitc_value){.kind = kind, .items = items, .nitems = n};
    return rc;
}

static int dict_value(PyjArgs *a, PyObject *dict, jitc_value *out, int i)
{
    Py_ssize_t n = PyDict_Size(dict), pos = 0, k = 0;
    jitc_value *entries = args_alloc(a, (size_t)(n ? n : 1) * 3 * sizeof *entries);
    if (!entries)
        return -1;
    PyObject *key, *value;
    while (PyDict_Next(dict, &pos, &key, &value)) {
        jitc_value *kv = entries + n + 2 * k;
        if (pyj_to_value(a, key, &kv[0], i) < 0 || pyj_to_value(a, value, &kv[1], i) < 0)
            return -1;
        entries[k++] = jitc_tuple(kv, 2);
    }
    *out = (jitc_value){.kind = JITC_DICT, .items = entries, .nitems = n};
    return 0;
}

/* ---- np.random.Generator: PCG64's state as jitc_generator's words ---- */

/* The 64-bit word of a Python int at bit `shift`. */
static int word_of(PyObject *n, int shift, uint64_t *out)
{
    PyObject *by = PyLong_FromLong(shift);
    PyObject *moved = by ? PyNumber_Rshift(n, by) : NULL;
    Py_XDECREF(by);
    if (!moved)
        return -1;
    *out = PyLong_AsUnsignedLongLongMask(moved);
    Py_DECREF(moved);
    return PyErr_Occurred() ? -1 : 0;
}

/* A 128-bit Python int of two words, high first. */
static PyObject *int128(uint64_t hi, uint64_t lo)
{
    PyObject *h = PyLong_FromUnsignedLongLong(hi), *l = PyLong_FromUnsignedLongLong(lo);
    PyObject *by = PyLong_FromLong(64);
    PyObject *shifted = h && by ? PyNumber_Lshift(h, by) : NULL;
    PyObject *sum = shifted && l ? PyNumber_Or(shifted, l) : NULL;
    Py_XDECREF(h);
    Py_XDECREF(l);
    Py_XDECREF(by);
    Py_XDECREF(shifted);
    return sum;
}

static int read_state(PyObject *state, jitc_generator *g)
{
    PyObject *inner = PyDict_GetItemString(state, "state");
    PyObject *s = inner ? PyDict_GetItemString(inner, "state") : NULL, *inc = inner ? PyDict_GetItemString(inner, "inc") : NULL;
    PyObject *has = PyDict_GetItemString(state, "has_uint32"), *u = PyDict_GetItemString(state, "uinteger");
    if (!s || !inc || !has || !u) {
        PyErr_SetString(PyExc_TypeError, "a PCG64 state without its fields");
        return -1;
    }
    if (word_of(s, 64, &g->words[0]) < 0 || word_of(s, 0, &g->words[1]) < 0 || word_of(inc, 64, &g->words[2]) < 0 ||
        word_of(inc, 0, &g->words[3]) < 0 || word_of(has, 0, &g->words[4]) < 0 || word_of(u, 0, &g->words[5]) < 0)
        return -1;
    return 0;
}

static int generator_value(PyjArgs *a, PyObject *obj, jitc_value *out, int i)
{
    if (a->ngenerators == PYJ_MAX_GENERATORS) {
        PyErr_Format(PyExc_TypeError, "argument %d: at most %d generators in one call", i + 1, PYJ_MAX_GENERATORS);
        return -1;
    }
    PyObject *bg = PyObject_GetAttrString(obj, "bit_generator");
    PyObject *state = bg ? PyObject_GetAttrString(bg, "state") : NULL;
    PyObject *kind = state && PyDict_Check(state) ? PyDict_GetItemString(state, "bit_generator") : NULL;
    int rc = -1;
    jitc_generator *g = NULL;
    if (!kind || !PyUnicode_Check(kind) || PyUnicode_CompareWithASCIIString(kind, "PCG64") != 0) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "argument %d: jitc takes a np.random.Generator over PCG64 (NumPy's default "
                         "bit generator), not over %R", i + 1, kind ? kind : Py_None);
    } else if ((g = args_alloc(a, sizeof *g)) && read_state(state, g) == 0) {
        a->bit_generators[a->ngenerators] = Py_NewRef(bg);
        a->generators[a->ngenerators++] = g;
        *out = jitc_gen(g);
        rc = 0;
    }
    Py_XDECREF(state);
    Py_XDECREF(bg);
    return rc;
}

int pyj_args_finish(PyjArgs *a)
{
    for (int k = 0; k < a->ngenerators; k++) {
        const uint64_t *w = a->generators[k]->words;
        PyObject *s = int128(w[0], w[1]), *inc = int128(w[2], w[3]);
        PyObject *state = s && inc ? Py_BuildValue("{s:s,s:{s:O,s:O},s:K,s:K}", "bit_generator", "PCG64", "state",
                                                  "state", s, "inc", inc, "has_uint32", (unsigned long long)w[4],
                                                  "uinteger", (unsigned long long)w[5]) : NULL;
        int rc = state ? PyObject_SetAttrString(a->bit_generators[k], "state", state) : -1;
        Py_XDECREF(s);
        Py_XDECREF(inc);
        Py_XDECREF(state);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* A NumPy dtype, or a NumPy scalar class such as np.float32, as a compile-time dtype. */
static int dtype_value(PyObject *obj, jitc_value *out, int i)
{
    PyArray_Descr *d = NULL;
    if (!PyArray_DescrConverter(obj, &d))
        return -1;
    jitc_kind k = kind_of(d->type_num);
    if (k == JITC_NONE) {
        PyErr_Format(PyExc_TypeError, "argument %d: jitc cannot take dtype %R", i + 1, (PyObject *)d);
        Py_DECREF(d);
        return -1;
    }
    Py_DECREF(d);
    *out = jitc_dtype(k);
    return 0;
}

/* An int of a __cuda_array_interface__ tuple. */
static int64_t interface_int(PyObject *tuple, Py_ssize_t k)
{
    return PyLong_AsLongLong(PyTuple_GET_ITEM(tuple, k));
}

/* The dtype of an array interface's typestr ("<f4", "|b1", "<c16"): native byte order only. */
int pyj_typestr_dltype(PyObject *typestr, DLDataType *dt, Py_ssize_t *itemsize)
{
    const char *s = PyUnicode_Check(typestr) ? PyUnicode_AsUTF8(typestr) : NULL;
    int bytes = s && strlen(s) >= 3 ? atoi(s + 2) : 0;
    bool native = s && (s[0] == '|' || s[0] == (PY_LITTLE_ENDIAN ? '<' : '>'));
    int code = !s ? -1 : s[1] == 'f' ? kDLFloat : s[1] == 'i' ? kDLInt : s[1] == 'u' ? kDLUInt
             : s[1] == 'c' ? kDLComplex : s[1] == 'b' ? JITC_DL_BOOL : -1;
    if (code < 0 || !native || bytes <= 0 || bytes > 16) {
        PyErr_Format(PyExc_TypeError, "jitc cannot take a GPU array of typestr %R", typestr);
        return -1;
    }
    *dt = (DLDataType){(uint8_t)code, (uint8_t)(bytes * 8), 1};
    *itemsize = bytes;
    return 0;
}

/* An attribute, or NULL without an error where obj has none: -1, 0 or 1. */
#if PY_VERSION_HEX >= 0x030D0000
#define optional_attr PyObject_GetOptionalAttr
#else
#define optional_attr _PyObject_LookupAttr
#endif

/* The interned names a __cuda_array_interface__ is read by. */
static PyObject *cai_name, *cai_shape, *cai_typestr, *cai_data, *cai_strides;

static int intern_names(void)
{
    if (cai_name)
        return 0;
    cai_name = PyUnicode_InternFromString("__cuda_array_interface__");
    cai_shape = PyUnicode_InternFromString("shape");
    cai_typestr = PyUnicode_InternFromString("typestr");
    cai_data = PyUnicode_InternFromString("data");
    cai_strides = PyUnicode_InternFromString("strides");
    return cai_name && cai_shape && cai_typestr && cai_data && cai_strides ? 0 : -1;
}

/* An array in GPU memory by its __cuda_array_interface__ (numba-cuda's device arrays, CuPy's,
 * PyTorch's CUDA tensors): a DLTensor of device kDLCUDA over its memory. */
static int cuda_array_value(PyjArgs *a, PyObject *cai, jitc_value *out, int i)
{
    bool dict = PyDict_Check(cai);
    PyObject *shape = dict ? PyDict_GetItem(cai, cai_shape) : NULL;
    PyObject *typestr = dict ? PyDict_GetItem(cai, cai_typestr) : NULL;
    PyObject *data = dict ? PyDict_GetItem(cai, cai_data) : NULL;
    PyObject *strides = dict ? PyDict_GetItem(cai, cai_strides) : NULL;
    if (!shape || !PyTuple_Check(shape) || !typestr || !data || !PyTuple_Check(data) || PyTuple_GET_SIZE(data) < 1 ||
        (strides && strides != Py_None && (!PyTuple_Check(strides) || PyTuple_GET_SIZE(strides) != PyTuple_GET_SIZE(shape)))) {
        PyErr_Format(PyExc_TypeError, "argument %d: a __cuda_array_interface__ without shape, typestr and data", i + 1);
        return -1;
    }
    DLDataType dt;
    Py_ssize_t item;
    if (pyj_typestr_dltype(typestr, &dt, &item) < 0)
        return -1;
    int nd = (int)PyTuple_GET_SIZE(shape);
    DLTensor *t = args_alloc(a, sizeof *t + 2 * (size_t)nd * sizeof(int64_t));
    if (!t)
        return -1;
    int64_t *dims = (int64_t *)(t + 1), step = 1;
    for (int k = nd - 1; k >= 0; k--) {
        dims[k] = interface_int(shape, k);
        dims[nd + k] = strides && strides != Py_None ? interface_int(strides, k) / item : step;
        step *= dims[k] ? dims[k] : 1;
    }
    void *ptr = PyLong_AsVoidPtr(PyTuple_GET_ITEM(data, 0));
    if (PyErr_Occurred())
        return -1;
    /* the interface does not say which device: numba-cuda takes the current one too */
    *t = (DLTensor){.data = ptr, .device = {kDLCUDA, pyj_current_device()}, .ndim = nd, .dtype = dt, .shape = dims,
                    .strides = dims + nd};
    out->kind = JITC_ARRAY;
    out->array = t;
    out->readonly = PyTuple_GET_SIZE(data) > 1 && PyObject_IsTrue(PyTuple_GET_ITEM(data, 1)) == 1;
    return 0;
}

/* An array that offers DLPack alone (__dlpack__ and __dlpack_device__): one in GPU memory is
 * taken in place, its capsule held until the call ends (the producer's capsule frees the tensor
 * then); one in host memory goes through NumPy's from_dlpack, without a copy either. */
static int dlpack_value(PyjArgs *a, PyObject *obj, jitc_value *out, int i)
{
    PyObject *where = PyObject_CallMethod(obj, "__dlpack_device__", NULL);
    long type = -1;
    if (where && PyTuple_Check(where) && PyTuple_GET_SIZE(where) == 2)
        type = PyLong_AsLong(PyTuple_GET_ITEM(where, 0));
    Py_XDECREF(where);
    if (PyErr_Occurred())
        return -1;
    if (type == kDLCPU) {
        PyObject *np = PyImport_ImportModule("numpy");
        PyObject *arr = np ? PyObject_CallMethod(np, "from_dlpack", "O", obj) : NULL;
        Py_XDECREF(np);
        if (!arr || keep(a, arr) < 0) {
            Py_XDECREF(arr);
            return -1;
        }
        Py_DECREF(arr);
        return array_value(a, (PyArrayObject *)arr, out);
    }
    if (type != kDLCUDA) {
        PyErr_Format(PyExc_TypeError, "argument %d: a DLPack array on device type %ld (jitc takes CPU and CUDA memory)",
                     i + 1, type);
        return -1;
    }
    PyObject *capsule = PyObject_CallMethod(obj, "__dlpack__", NULL);
    DLManagedTensor *m = capsule ? PyCapsule_GetPointer(capsule, "dltensor") : NULL;
    if (!m || keep(a, capsule) < 0) {
        Py_XDECREF(capsule);
        return -1;
    }
    Py_DECREF(capsule);
    const DLTensor *src = &m->dl_tensor;
    DLTensor *t = args_alloc(a, sizeof *t + (size_t)src->ndim * sizeof(int64_t));
    if (!t)
        return -1;
    *t = *src;
    if (!src->strides) { /* compact row-major: jitc wants the strides spelled out */
        int64_t *strides = (int64_t *)(t + 1), step = 1;
        for (int k = src->ndim - 1; k >= 0; k--) {
            strides[k] = step;
            step *= src->shape[k] ? src->shape[k] : 1;
        }
        t->strides = strides;
    }
    out->kind = JITC_ARRAY;
    out->array = t;
    return 0;
}

/* What is neither a number nor a container nor a NumPy array: a GPU array by its interface, or
 * an array by DLPack. */
static int other_value(PyjArgs *a, PyObject *obj, jitc_value *out, int i)
{
    PyObject *cai = NULL;
    if (intern_names() < 0 || optional_attr(obj, cai_name, &cai) < 0)
        return -1;
    if (cai) {
        int rc = cuda_array_value(a, cai, out, i);
        Py_DECREF(cai);
        return rc;
    }
    if (PyObject_HasAttrString(obj, "__dlpack__") && PyObject_HasAttrString(obj, "__dlpack_device__"))
        return dlpack_value(a, obj, out, i);
    PyErr_Format(PyExc_TypeError, "argument %d: jitc cannot take a value of type %s", i + 1, Py_TYPE(obj)->tp_name);
    return -1;
}

int pyj_to_value(PyjArgs *a, PyObject *obj, jitc_value *out, int i)
{
    memset(out, 0, sizeof *out);
    if (PyFloat_CheckExact(obj)) { /* the common scalars first, by exact type: no subclass walk */
        out->kind = JITC_FLOAT64; /* fields set in place: a whole struct copied over the memset stalls */
        out->f64 = PyFloat_AS_DOUBLE(obj);
        return 0;
    }
    if (PyLong_CheckExact(obj))
        return int_value(obj, out, i);
    if (PyArray_CheckExact(obj))
        return array_value(a, (PyArrayObject *)obj, out);
    if (PyArray_Check(obj))
        return a->launch && intern_names() == 0 && PyObject_HasAttr(obj, cai_name)
                   ? other_value(a, obj, out, i)
                   : array_value(a, (PyArrayObject *)obj, out);
    if (PyBool_Check(obj)) {
        *out = jitc_bool(obj == Py_True);
        return 0;
    }
    if (PyLong_CheckExact(obj) || (PyLong_Check(obj) && !PyArray_IsScalar(obj, Generic)))
        return int_value(obj, out, i);
    if (PyFloat_Check(obj) && !PyArray_IsScalar(obj, Generic)) {
        *out = jitc_f64(PyFloat_AS_DOUBLE(obj));
        return 0;
    }
    if (PyComplex_Check(obj) && !PyArray_IsScalar(obj, Generic)) {
        Py_complex c = PyComplex_AsCComplex(obj);
        *out = jitc_c128(c.real, c.imag);
        return 0;
    }
    if (PyArray_IsScalar(obj, Generic))
        return scalar_value(obj, out, i);
    if (obj == Py_None) {
        out->kind = JITC_NONE;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        const char *s = PyUnicode_AsUTF8(obj);
        if (!s)
            return -1;
        *out = jitc_str(s);
        return 0;
    }
    if (PyTuple_Check(obj))
        return items_value(a, obj, JITC_TUPLE, out, i);
    if (PyList_Check(obj)) {
        bool typed = pyj_typed_list && PyObject_TypeCheck(obj, (PyTypeObject *)pyj_typed_list);
        return items_value(a, obj, typed ? JITC_TYPED_LIST : JITC_LIST, out, i);
    }
    if (PyAnySet_Check(obj))
        return items_value(a, obj, JITC_SET, out, i);
    if (PyDict_Check(obj))
        return dict_value(a, obj, out, i);
    if (PyArray_DescrCheck(obj) || (PyType_Check(obj) && PyType_IsSubtype((PyTypeObject *)obj, &PyGenericArrType_Type)))
        return dtype_value(obj, out, i);
    if (strcmp(Py_TYPE(obj)->tp_name, "numpy.random._generator.Generator") == 0)
        return generator_value(a, obj, out, i);
    return other_value(a, obj, out, i);
}

/* ---- jitc to Python ---- */

/* The capsule at the base of a returned array: it owns jitc's tensor, and holds the argument
 * whose memory the array views when the function returned a view of it. */
static void owner_capsule_free(PyObject *capsule)
{
    DLManagedTensor *m = PyCapsule_GetPointer(capsule, "jitc.owner");
    if (m && m->deleter)
        m->deleter(m);
    PyObject *viewed = PyCapsule_GetContext(capsule);
    Py_XDECREF(viewed);
}

/* The bytes an array's elements span. */
static void extent(PyArrayObject *arr, const char **lo, const char **hi)
{
    const char *p = PyArray_DATA(arr);
    *lo = *hi = p;
    if (PyArray_SIZE(arr) == 0)
        return;
    for (int k = 0; k < PyArray_NDIM(arr); k++) {
        npy_intp reach = (PyArray_DIMS(arr)[k] - 1) * PyArray_STRIDES(arr)[k];
        *(reach < 0 ? lo : hi) += reach;
    }
    *hi += PyArray_ITEMSIZE(arr);
}

/* The argument array whose memory holds data, if any: its outermost NumPy base's span, as the
 * function may return a wider view of the memory than the argument was. */
static PyObject *viewed_argument(const void *data, PyObject *const *args, Py_ssize_t nargs)
{
    for (Py_ssize_t k = 0; k < nargs; k++) {
        if (!PyArray_Check(args[k]))
            continue;
        PyArrayObject *outer = (PyArrayObject *)args[k];
        while (PyArray_BASE(outer) && PyArray_Check(PyArray_BASE(outer)))
            outer = (PyArrayObject *)PyArray_BASE(outer);
        const char *lo, *hi;
        extent(outer, &lo, &hi);
        if ((const char *)data >= lo && (const char *)data < hi)
            return args[k];
    }
    return NULL;
}

static PyObject *array_from_tensor(jitc_value *v, PyObject *const *args, Py_ssize_t nargs)
{
    DLTensor *t = v->array;
    PyArray_Descr *d = pyj_descr_of(t->dtype);
    if (!d)
        return NULL;
    npy_intp dims[NPY_MAXDIMS], strides[NPY_MAXDIMS];
    npy_intp item = PyDataType_ELSIZE(d);
    int nd = t->ndim;
    for (int k = nd - 1, run = 1; k >= 0; run *= (int)t->shape[k], k--) {
        dims[k] = t->shape[k];
        strides[k] = (t->strides ? t->strides[k] : run) * item;
    }
    char *data = (char *)t->data + t->byte_offset;
    PyObject *arr = PyArray_NewFromDescr(&PyArray_Type, d, nd, dims, strides, data, NPY_ARRAY_WRITEABLE, NULL);
    if (!arr)
        return NULL;
    PyObject *capsule = PyCapsule_New(v->owner, "jitc.owner", owner_capsule_free);
    if (!capsule) {
        Py_DECREF(arr);
        return NULL;
    }
    v->owner = NULL; /* the capsule owns it now */
    PyObject *viewed = viewed_argument(data, args, nargs);
    if (viewed) {
        Py_INCREF(viewed);
        PyCapsule_SetContext(capsule, viewed);
    }
    if (PyArray_SetBaseObject((PyArrayObject *)arr, capsule) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    return arr;
}

/* A list of scalars comes back as a 1-d tensor of its items. */
static PyObject *list_of_scalars(jitc_value *v, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *arr = array_from_tensor(v, args, nargs);
    if (!arr)
        return NULL;
    PyObject *list = PySequence_List(arr); /* NumPy scalars: box them as Numba does */
    Py_DECREF(arr);
    if (!list)
        return NULL;
    for (Py_ssize_t k = 0; k < PyList_GET_SIZE(list); k++) {
        PyObject *item = PyList_GET_ITEM(list, k);
        PyObject *py = PyObject_CallMethod(item, "item", NULL);
        if (!py) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, k, py);
        Py_DECREF(item);
    }
    return list;
}

static PyObject *items_from(jitc_value *items, int64_t n, PyObject *(*make)(Py_ssize_t), PyObject *const *args,
                            Py_ssize_t nargs)
{
    PyObject *out = make((Py_ssize_t)n);
    if (!out)
        return NULL;
    for (int64_t k = 0; k < n; k++) {
        PyObject *item = pyj_from_value(&items[k], args, nargs);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        if (PyTuple_Check(out))
            PyTuple_SET_ITEM(out, k, item);
        else
            PyList_SET_ITEM(out, k, item);
    }
    return out;
}

static PyObject *dict_from(jitc_value *v, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *d = PyDict_New();
    for (int64_t k = 0; d && k < v->nitems; k++) {
        PyObject *key = pyj_from_value(&v->items[k].items[0], args, nargs);
        PyObject *value = key ? pyj_from_value(&v->items[k].items[1], args, nargs) : NULL;
        if (!value || PyDict_SetItem(d, key, value) < 0)
            Py_CLEAR(d);
        Py_XDECREF(key);
        Py_XDECREF(value);
    }
    return d;
}

PyObject *pyj_from_value(jitc_value *v, PyObject *const *args, Py_ssize_t nargs)
{
    switch (v->kind) {
    case JITC_NONE: Py_RETURN_NONE;
    case JITC_BOOL: return PyBool_FromLong(v->b);
    case JITC_INT8: case JITC_INT16: case JITC_INT32: case JITC_INT64: return PyLong_FromLongLong(v->i);
    case JITC_UINT8: case JITC_UINT16: case JITC_UINT32: case JITC_UINT64: return PyLong_FromUnsignedLongLong(v->u);
    case JITC_FLOAT32: return PyFloat_FromDouble(v->f32);
    case JITC_FLOAT64: return PyFloat_FromDouble(v->f64);
    case JITC_COMPLEX64: return PyComplex_FromDoubles(v->c64.re, v->c64.im);
    case JITC_COMPLEX128: return PyComplex_FromDoubles(v->c128.re, v->c128.im);
    case JITC_STR: return PyUnicode_FromString(v->str ? v->str : "");
    case JITC_ARRAY: return array_from_tensor(v, args, nargs);
    case JITC_TUPLE: return items_from(v->items, v->nitems, PyTuple_New, args, nargs);
    case JITC_LIST:
        return v->array ? list_of_scalars(v, args, nargs) : items_from(v->items, v->nitems, PyList_New, args, nargs);
    case JITC_TYPED_LIST: {
        PyObject *list = v->array ? list_of_scalars(v, args, nargs) : items_from(v->items, v->nitems, PyList_New, args, nargs);
        if (!list || !pyj_typed_list)
            return list;
        PyObject *typed = PyObject_CallOneArg(pyj_typed_list, list);
        Py_DECREF(list);
        return typed;
    }
    case JITC_SET: {
        PyObject *list = items_from(v->items, v->nitems, PyList_New, args, nargs);
        PyObject *set = list ? PySet_New(list) : NULL;
        Py_XDECREF(list);
        return set;
    }
    case JITC_DICT: return dict_from(v, args, nargs);
    default:
        PyErr_Format(PyExc_TypeError, "jitc returned a value of kind %d, which Python cannot take", (int)v->kind);
        return NULL;
    }
}

PyObject *pyj_from_result(jitc_result *r, PyObject *const *args, Py_ssize_t nargs)
{
    if (r->value.kind == JITC_TUPLE && !r->value.items)
        return items_from(r->items, r->nitems, PyTuple_New, args, nargs);
    return pyj_from_value(&r->value, args, nargs);
}
