/* npy.h — NumPy .npy files to and from DLPack tensors (the CLI's array arguments).
 *
 * Reads format versions 1.0, 2.0 and 3.0 with the dtypes '|b1' (bool, JITC_DL_BOOL 8 bits),
 * '<i1' '<i2' '<i4' '<i8' '<u1' '<u2' '<u4' '<u8' '<f4' '<f8' ('|i1' and '|u1' as NumPy writes
 * them), in C or Fortran order, of any rank including 0-d, and numba.cuda.random's states
 * ([('s0', '<u8'), ('s1', '<u8')], 1-D) as uint64 of shape (n, 2). Writes version 1.0 (2.0 when the header
 * does not fit in 1.0), in C order, byte for byte what np.save writes for a C-order array.
 * A malformed file is never trusted: every problem is an error message, never a crash. */
#ifndef JITC_NPY_H
#define JITC_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <dlpack/dlpack.h>

/* An array read from a file. It owns data, shape and strides; tensor points into them, on the
 * CPU (device kDLCPU 0), with byte_offset 0. tensor.strides is NULL for a C-order file (DLPack's
 * compact row-major) and the Fortran strides otherwise; `strides` always holds the strides in
 * elements, whichever the order. */
typedef struct NpyArray {
    DLTensor tensor;
    void *data;        /* nbytes of elements; a valid pointer even when nbytes is 0 */
    size_t nbytes;
    int64_t *shape;    /* tensor.ndim entries (a valid pointer even for 0-d) */
    int64_t *strides;  /* tensor.ndim entries, in elements */
    bool fortran_order;
    bool xoroshiro128p_states; /* the file's dtype was xoroshiro128p_dtype: tensor is (n, 2) uint64 */
} NpyArray;

/* Reads the .npy file at path into *out (zeroed first). Returns 0, or -1 with a one-line reason
 * that starts with the path in err (nothing to free then). Free a success with npy_free. */
int npy_read(const char *path, NpyArray *out, char *err, size_t errlen);
/* Writes the host tensor t (any strides, byte_offset honoured) to path as a C-order .npy file.
 * Returns 0, or -1 with a one-line reason in err. */
int npy_write(const char *path, const DLTensor *t, char *err, size_t errlen);
/* Writes a uint64 (n, 2) host tensor as numba.cuda.random's states: (n,) of xoroshiro128p_dtype. */
int npy_write_states(const char *path, const DLTensor *t, char *err, size_t errlen);
/* Frees what npy_read allocated and zeroes *a. NULL and a zeroed NpyArray are no-ops. */
void npy_free(NpyArray *a);

/* Bytes per element of dt, for the dtypes above (0 for any other). */
size_t npy_itemsize(DLDataType dt);
/* NumPy's descr of dt as np.save writes it ("<f8", "|b1", "|u1"), or NULL if unsupported. */
const char *npy_descr(DLDataType dt);

#endif
