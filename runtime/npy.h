/* npy.h — NumPy .npy files to and from DLPack tensors, for the CLI's array arguments.
 * Reads format versions 1, 2 and 3; little-endian bool, int8..int64, uint8..uint64, float32,
 * float64; C or Fortran order; any rank. Writes version 1.0 in C order. Malformed files are
 * reported in err, never trusted. */
#ifndef JITC_NPY_H
#define JITC_NPY_H

#include <stddef.h>

#include <dlpack/dlpack.h>

typedef struct NpyArray {
    DLTensor tensor;  /* data, shape and strides point into the buffers below */
    void *data;
    size_t nbytes;
    int64_t shape[32];
    int64_t strides[32]; /* in elements; used for Fortran order */
} NpyArray;

/* Reads path into out (free with npy_free). Returns 0, or -1 with a reason in err. */
int npy_read(const char *path, NpyArray *out, char *err, size_t errlen);
/* Writes t (host memory, any strides) to path in C order. Returns 0 or -1 with err. */
int npy_write(const char *path, const DLTensor *t, char *err, size_t errlen);
void npy_free(NpyArray *a);
/* Bytes of one element of t. */
size_t npy_itemsize(const DLTensor *t);

#endif
