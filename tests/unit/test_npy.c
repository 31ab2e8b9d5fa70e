/* test_npy.c — cli/npy.c: reading NumPy's own files (tests/unit/data/, made by make_npy.py;
 * run from the repository root), round trips of every dtype and ranks 0..3, strided writes,
 * and every kind of malformed file, each of which must give an error and never a crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "jitc.h"
#include "cli/npy.h"

#define DATA "tests/unit/data/"

static char tmpdir[64];

static int make_tmpdir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/jitc-test-npy-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void tmp_path(char *out, size_t n, const char *name) { snprintf(out, n, "%s/%s", tmpdir, name); }

static void write_bytes(const char *path, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Writes a string literal's bytes, without its NUL. */
#define write_literal(path, lit) write_bytes(path, lit, sizeof(lit) - 1)

/* The whole file at path; *n its length. */
static unsigned char *read_bytes(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return b;
}

static NpyArray read_ok(const char *path)
{
    NpyArray a;
    char err[512] = "";
    int rc = npy_read(path, &a, err, sizeof err);
    if (rc != 0)
        fail_msg("%s", err);
    assert_int_equal(a.tensor.device.device_type, kDLCPU);
    assert_ptr_equal(a.tensor.data, a.data);
    assert_ptr_equal(a.tensor.shape, a.shape);
    assert_int_equal(a.tensor.dtype.lanes, 1);
    return a;
}

static void assert_shape(const NpyArray *a, int ndim, const int64_t *shape)
{
    assert_int_equal(a->tensor.ndim, ndim);
    for (int i = 0; i < ndim; i++)
        assert_int_equal(a->tensor.shape[i], shape[i]);
}

static void assert_dtype(const NpyArray *a, int code, int bits)
{
    assert_int_equal(a->tensor.dtype.code, code);
    assert_int_equal(a->tensor.dtype.bits, bits);
}

/* ---- NumPy's own files ---- */

static void test_read_numpy_ints(void **state)
{
    (void)state;
    static const int64_t base[7] = {0, 1, -2, 3, 100, -100, 7};
    int64_t n7[1] = {7};
    NpyArray a = read_ok(DATA "i1_7.npy");
    assert_dtype(&a, kDLInt, 8);
    assert_shape(&a, 1, n7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(((int8_t *)a.data)[i], base[i]);
    npy_free(&a);
    a = read_ok(DATA "i2_7.npy");
    assert_dtype(&a, kDLInt, 16);
    for (int i = 0; i < 7; i++)
        assert_int_equal(((int16_t *)a.data)[i], base[i] * 300);
    npy_free(&a);
    a = read_ok(DATA "i4_7.npy");
    assert_dtype(&a, kDLInt, 32);
    for (int i = 0; i < 7; i++)
        assert_int_equal(((int32_t *)a.data)[i], base[i] * 20000000);
    npy_free(&a);
    a = read_ok(DATA "i8_7.npy");
    assert_dtype(&a, kDLInt, 64);
    for (int i = 0; i < 7; i++)
        assert_true(((int64_t *)a.data)[i] == base[i] * 90000000000000000LL);
    npy_free(&a);
}

static void test_read_numpy_uints(void **state)
{
    (void)state;
    int64_t n4[1] = {4};
    NpyArray a = read_ok(DATA "u1_4.npy");
    assert_dtype(&a, kDLUInt, 8);
    assert_shape(&a, 1, n4);
    assert_memory_equal(a.data, ((uint8_t[]){0, 1, 128, 255}), 4);
    npy_free(&a);
    a = read_ok(DATA "u2_4.npy");
    assert_dtype(&a, kDLUInt, 16);
    assert_memory_equal(a.data, ((uint16_t[]){0, 1, 32768, 65535}), 8);
    npy_free(&a);
    a = read_ok(DATA "u4_4.npy");
    assert_dtype(&a, kDLUInt, 32);
    assert_memory_equal(a.data, ((uint32_t[]){0, 1, 2147483648u, 4294967295u}), 16);
    npy_free(&a);
    a = read_ok(DATA "u8_4.npy");
    assert_dtype(&a, kDLUInt, 64);
    assert_memory_equal(a.data, ((uint64_t[]){0, 1, 9223372036854775808ull, 18446744073709551615ull}), 32);
    npy_free(&a);
}

static void test_read_numpy_bool_and_floats(void **state)
{
    (void)state;
    NpyArray a = read_ok(DATA "b1_5.npy");
    assert_dtype(&a, JITC_DL_BOOL, 8);
    assert_memory_equal(a.data, ((uint8_t[]){1, 0, 1, 1, 0}), 5);
    npy_free(&a);
    a = read_ok(DATA "f4_4.npy");
    assert_dtype(&a, kDLFloat, 32);
    assert_memory_equal(a.data, ((float[]){0.5f, -1.25f, 3.0f, 1e30f}), 16);
    npy_free(&a);
    a = read_ok(DATA "f2_5.npy"); /* float16: 0.5, -1.25, 65504, the smallest subnormal, inf */
    assert_dtype(&a, kDLFloat, 16);
    assert_memory_equal(a.data, ((uint16_t[]){0x3800, 0xBD00, 0x7BFF, 0x0001, 0x7C00}), 10);
    npy_free(&a);
    a = read_ok(DATA "f8_3x4.npy");
    assert_dtype(&a, kDLFloat, 64);
    assert_shape(&a, 2, (int64_t[]){3, 4});
    assert_null(a.tensor.strides); /* C order */
    for (int i = 0; i < 12; i++)
        assert_true(((double *)a.data)[i] == i * 0.5 - 1.0);
    npy_free(&a);
}

static void test_read_numpy_scalar_and_empty(void **state)
{
    (void)state;
    NpyArray a = read_ok(DATA "f8_scalar.npy");
    assert_int_equal(a.tensor.ndim, 0);
    assert_int_equal(a.nbytes, 8);
    assert_true(*(double *)a.data == 2.5);
    npy_free(&a);
    a = read_ok(DATA "f8_0x3.npy");
    assert_shape(&a, 2, (int64_t[]){0, 3});
    assert_int_equal(a.nbytes, 0);
    assert_non_null(a.data);
    npy_free(&a);
}

static void test_read_numpy_3d(void **state)
{
    (void)state;
    NpyArray a = read_ok(DATA "i8_2x3x4.npy");
    assert_shape(&a, 3, (int64_t[]){2, 3, 4});
    assert_int_equal(a.strides[0], 12);
    assert_int_equal(a.strides[1], 4);
    assert_int_equal(a.strides[2], 1);
    for (int i = 0; i < 24; i++)
        assert_int_equal(((int64_t *)a.data)[i], i);
    npy_free(&a);
}

/* Element [i][j] of a 2-d tensor through its strides (NULL: C order). */
static double at2(const DLTensor *t, int64_t i, int64_t j)
{
    int64_t s0 = t->strides ? t->strides[0] : t->shape[1], s1 = t->strides ? t->strides[1] : 1;
    return ((const double *)t->data)[i * s0 + j * s1];
}

static void test_read_fortran_order(void **state)
{
    (void)state;
    NpyArray a = read_ok(DATA "f8_fortran_2x3.npy");
    assert_true(a.fortran_order);
    assert_shape(&a, 2, (int64_t[]){2, 3});
    assert_non_null(a.tensor.strides);
    assert_int_equal(a.tensor.strides[0], 1);
    assert_int_equal(a.tensor.strides[1], 2);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            assert_true(at2(&a.tensor, i, j) == i * 3 + j);
    npy_free(&a);
    a = read_ok(DATA "i4_fortran_2x3x2.npy");
    assert_shape(&a, 3, (int64_t[]){2, 3, 2});
    assert_int_equal(a.tensor.strides[0], 1);
    assert_int_equal(a.tensor.strides[1], 2);
    assert_int_equal(a.tensor.strides[2], 6);
    const int32_t *d = a.data;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 2; k++)
                assert_int_equal(d[i + 2 * j + 6 * k], i * 6 + j * 2 + k);
    npy_free(&a);
}

static void test_read_versions_2_and_3(void **state)
{
    (void)state;
    NpyArray a = read_ok(DATA "f8_v2_3.npy");
    assert_shape(&a, 1, (int64_t[]){3});
    assert_memory_equal(a.data, ((double[]){1.5, -2.5, 4.0}), 24);
    npy_free(&a);
    a = read_ok(DATA "i2_v3_2x2.npy");
    assert_dtype(&a, kDLInt, 16);
    assert_shape(&a, 2, (int64_t[]){2, 2});
    assert_memory_equal(a.data, ((int16_t[]){1, -2, 3, -4}), 8);
    npy_free(&a);
}

/* ---- round trips ---- */

static const DLDataType ALL_DTYPES[] = {
    {JITC_DL_BOOL, 8, 1}, {kDLInt, 8, 1},   {kDLInt, 16, 1},  {kDLInt, 32, 1},   {kDLInt, 64, 1},   {kDLUInt, 8, 1},
    {kDLUInt, 16, 1},     {kDLUInt, 32, 1}, {kDLUInt, 64, 1}, {kDLFloat, 16, 1}, {kDLFloat, 32, 1},
    {kDLFloat, 64, 1},
};

/* Writes a C-order tensor of dtype dt and the given shape with distinct bytes, reads it back and
 * compares dtype, shape and bytes. */
static void round_trip(DLDataType dt, int ndim, const int64_t *shape)
{
    size_t item = dt.bits / 8, count = 1;
    for (int i = 0; i < ndim; i++)
        count *= (size_t)shape[i];
    unsigned char *data = malloc(count * item + 1);
    assert_non_null(data);
    for (size_t i = 0; i < count * item; i++)
        data[i] = dt.code == JITC_DL_BOOL ? (unsigned char)(i % 3 == 0) : (unsigned char)(i * 37 + 11);
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = ndim, .dtype = dt, .shape = (int64_t *)shape};
    char path[128], err[512];
    tmp_path(path, sizeof path, "round.npy");
    if (npy_write(path, &t, err, sizeof err) != 0)
        fail_msg("%s", err);
    NpyArray a = read_ok(path);
    assert_int_equal(a.tensor.dtype.code, dt.code);
    assert_int_equal(a.tensor.dtype.bits, dt.bits);
    assert_int_equal(a.tensor.ndim, ndim);
    for (int i = 0; i < ndim; i++)
        assert_int_equal(a.shape[i], shape[i]);
    assert_int_equal(a.nbytes, count * item);
    assert_memory_equal(a.data, data, count * item);
    npy_free(&a);
    free(data);
}

static void test_round_trip_every_dtype_and_rank(void **state)
{
    (void)state;
    static const int64_t shapes[4][3] = {{0}, {5}, {3, 4}, {2, 3, 4}};
    for (size_t d = 0; d < sizeof ALL_DTYPES / sizeof ALL_DTYPES[0]; d++)
        for (int rank = 0; rank <= 3; rank++)
            round_trip(ALL_DTYPES[d], rank, shapes[rank]);
    round_trip((DLDataType){kDLFloat, 64, 1}, 2, (int64_t[]){0, 3});
    round_trip((DLDataType){kDLInt, 32, 1}, 3, (int64_t[]){4, 0, 2});
}

/* np.save's exact bytes: what npy_write writes for the array of f8_3x4.npy is that file. */
static void test_write_matches_numpy_bytes(void **state)
{
    (void)state;
    static const char *files[] = {"f8_3x4.npy", "b1_5.npy",  "i1_7.npy",     "u1_4.npy",
                                  "u8_4.npy",   "f4_4.npy",  "f8_scalar.npy", "i8_2x3x4.npy", "f8_0x3.npy"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char src[128], dst[128], err[512];
        snprintf(src, sizeof src, DATA "%s", files[i]);
        tmp_path(dst, sizeof dst, files[i]);
        NpyArray a = read_ok(src);
        if (npy_write(dst, &a.tensor, err, sizeof err) != 0)
            fail_msg("%s", err);
        npy_free(&a);
        size_t n1, n2;
        unsigned char *b1 = read_bytes(src, &n1), *b2 = read_bytes(dst, &n2);
        assert_int_equal(n1, n2);
        assert_memory_equal(b1, b2, n1);
        free(b1);
        free(b2);
    }
}

/* A Fortran-order file is written back in C order with the same elements. */
static void test_write_fortran_as_c_order(void **state)
{
    (void)state;
    char path[128], err[512];
    tmp_path(path, sizeof path, "fortran_back.npy");
    NpyArray a = read_ok(DATA "f8_fortran_2x3.npy");
    assert_int_equal(npy_write(path, &a.tensor, err, sizeof err), 0);
    npy_free(&a);
    NpyArray b = read_ok(path);
    assert_false(b.fortran_order);
    assert_null(b.tensor.strides);
    assert_memory_equal(b.data, ((double[]){0, 1, 2, 3, 4, 5}), 48);
    npy_free(&b);
}

/* Strided views: every other element, a transpose, negative strides, a byte offset. */
static void test_write_strided_views(void **state)
{
    (void)state;
    int32_t base[24];
    for (int i = 0; i < 24; i++)
        base[i] = i;
    char path[128], err[512];
    tmp_path(path, sizeof path, "view.npy");
    /* base.reshape(4, 6)[1:, ::-2]: shape (3, 3), starting at [1][5] */
    int64_t shape[2] = {3, 3}, strides[2] = {6, -2};
    DLTensor t = {.data = base, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLInt, 32, 1},
                  .shape = shape, .strides = strides, .byte_offset = (6 + 5) * sizeof(int32_t)};
    assert_int_equal(npy_write(path, &t, err, sizeof err), 0);
    NpyArray a = read_ok(path);
    assert_memory_equal(a.data, ((int32_t[]){11, 9, 7, 17, 15, 13, 23, 21, 19}), 36);
    npy_free(&a);
    /* base.reshape(4, 6).T: shape (6, 4) */
    int64_t tshape[2] = {6, 4}, tstrides[2] = {1, 6};
    DLTensor tt = {.data = base, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLInt, 32, 1},
                   .shape = tshape, .strides = tstrides};
    assert_int_equal(npy_write(path, &tt, err, sizeof err), 0);
    a = read_ok(path);
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 4; j++)
            assert_int_equal(((int32_t *)a.data)[i * 4 + j], j * 6 + i);
    npy_free(&a);
}

/* A header too long for version 1.0 (a 22000-d array of ones) is written as version 2.0. */
static void test_write_version_2_when_needed(void **state)
{
    (void)state;
    enum { ND = 22000 };
    int64_t *shape = malloc(ND * sizeof *shape);
    assert_non_null(shape);
    for (int i = 0; i < ND; i++)
        shape[i] = 1;
    double v = 42.0;
    DLTensor t = {.data = &v, .device = {kDLCPU, 0}, .ndim = ND, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    char path[128], err[512];
    tmp_path(path, sizeof path, "v2.npy");
    assert_int_equal(npy_write(path, &t, err, sizeof err), 0);
    size_t n;
    unsigned char *bytes = read_bytes(path, &n);
    assert_int_equal(bytes[6], 2);
    size_t hlen = bytes[8] | (size_t)bytes[9] << 8 | (size_t)bytes[10] << 16 | (size_t)bytes[11] << 24;
    assert_int_equal((12 + hlen) % 64, 0);
    assert_int_equal(n, 12 + hlen + 8);
    free(bytes);
    NpyArray a = read_ok(path);
    assert_int_equal(a.tensor.ndim, ND);
    assert_true(*(double *)a.data == 42.0);
    npy_free(&a);
    free(shape);
}

static void test_write_errors(void **state)
{
    (void)state;
    char path[128], err[512];
    tmp_path(path, sizeof path, "bad.npy");
    double v = 1;
    int64_t shape[1] = {1}, neg[1] = {-1};
    DLTensor bf16 = {.data = &v, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLBfloat, 16, 1}, .shape = shape};
    assert_int_equal(npy_write(path, &bf16, err, sizeof err), -1);
    assert_non_null(strstr(err, "unsupported dtype"));
    DLTensor gpu = {.data = &v, .device = {kDLCUDA, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    assert_int_equal(npy_write(path, &gpu, err, sizeof err), -1);
    assert_non_null(strstr(err, "host memory"));
    DLTensor negative = {.data = &v, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = neg};
    assert_int_equal(npy_write(path, &negative, err, sizeof err), -1);
    assert_non_null(strstr(err, "bad shape"));
    assert_int_equal(npy_write(path, NULL, err, sizeof err), -1);
    DLTensor ok = {.data = &v, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    assert_int_equal(npy_write("/nonexistent-dir/x.npy", &ok, err, sizeof err), -1);
    assert_non_null(strstr(err, "/nonexistent-dir/x.npy: cannot write"));
}

/* ---- malformed files ---- */

/* A version 1.0 file with the given header text (padded as np.save does) and data bytes. */
static void write_npy1(const char *path, const char *header, const void *data, size_t ndata)
{
    size_t hlen = strlen(header) + 1;
    size_t total = hlen + 64 - (10 + hlen) % 64;
    unsigned char *b = calloc(1, 10 + total + ndata);
    assert_non_null(b);
    memcpy(b, "\x93NUMPY\x01\x00", 8);
    b[8] = (unsigned char)total;
    b[9] = (unsigned char)(total >> 8);
    memcpy(b + 10, header, hlen - 1);
    memset(b + 10 + hlen - 1, ' ', total - hlen);
    b[10 + total - 1] = '\n';
    if (ndata)
        memcpy(b + 10 + total, data, ndata);
    write_bytes(path, b, 10 + total + ndata);
    free(b);
}

/* npy_read of path fails, says something containing `why`, and leaves *out empty. */
static void assert_read_fails(const char *path, const char *why)
{
    NpyArray a;
    char err[512] = "";
    memset(&a, 0x5a, sizeof a);
    int rc = npy_read(path, &a, err, sizeof err);
    if (rc == 0) {
        npy_free(&a);
        fail_msg("%s: read, expected an error about '%s'", path, why);
    }
    if (!strstr(err, why))
        fail_msg("%s: error '%s' does not mention '%s'", path, err, why);
    assert_non_null(strstr(err, path)); /* the message names the file */
    assert_null(a.data);
    assert_null(a.shape);
    assert_null(a.strides);
    npy_free(&a); /* a no-op on the zeroed array */
}

static void header_fails(const char *header, size_t ndata, const char *why)
{
    char path[128];
    tmp_path(path, sizeof path, "malformed.npy");
    unsigned char data[64] = {0};
    write_npy1(path, header, data, ndata);
    assert_read_fails(path, why);
}

static void test_malformed_preamble(void **state)
{
    (void)state;
    char path[128];
    tmp_path(path, sizeof path, "pre.npy");
    write_literal(path, "");
    assert_read_fails(path, "bad magic");
    write_literal(path, "\x93NUMPX\x01\x00\x10\x00");
    assert_read_fails(path, "bad magic");
    write_literal(path, "PK\x03\x04 a zip file");
    assert_read_fails(path, "bad magic");
    write_literal(path, "\x93NUMPY");
    assert_read_fails(path, "truncated");
    write_literal(path, "\x93NUMPY\x01");
    assert_read_fails(path, "truncated");
    write_literal(path, "\x93NUMPY\x04\x00\x10\x00");
    assert_read_fails(path, "unsupported .npy format version 4.0");
    write_literal(path, "\x93NUMPY\x01\x05\x10\x00");
    assert_read_fails(path, "version 1.5");
    write_literal(path, "\x93NUMPY\x01\x00\x10");
    assert_read_fails(path, "truncated .npy header length");
    write_literal(path, "\x93NUMPY\x02\x00\x10\x00\x00");
    assert_read_fails(path, "truncated .npy header length");
    write_literal(path, "\x93NUMPY\x01\x00\x40\x00{'descr': '<f8'");
    assert_read_fails(path, "truncated header");
    write_literal(path, "\x93NUMPY\x02\x00\xff\xff\xff\xff{");
    assert_read_fails(path, "header of 4294967295 bytes");
    assert_read_fails("tests/unit/data/no-such-file.npy", "cannot open");
}

static void test_malformed_dict(void **state)
{
    (void)state;
    header_fails("[1, 2, 3]", 0, "not a dict");
    header_fails("", 0, "not a dict");
    header_fails("{'descr': '<f8', 'fortran_order': False, }", 0, "no 'shape'");
    header_fails("{'fortran_order': False, 'shape': (1,), }", 8, "no 'descr'");
    header_fails("{'descr': '<f8', 'shape': (1,), }", 8, "no 'fortran_order'");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'extra': 1, }", 8, "unknown key");
    header_fails("{'descr' '<f8', 'fortran_order': False, 'shape': (1,), }", 8, "expected ':'");
    header_fails("{'descr': '<f8' 'fortran_order': False, 'shape': (1,), }", 8, "expected ','");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), ", 8, "expected a quoted string");
    header_fails("{'descr': '<f8, 'fortran_order': False, 'shape': (1,)}", 8, "malformed");
    header_fails("{'descr': '<f8', 'fortran_order': Maybe, 'shape': (1,), }", 8, "True or False");
    header_fails("{'descr': '<f8', 'fortran_order': 0, 'shape': (1,), }", 8, "True or False");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), } trailing", 8, "after the header dict");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }}", 8, "after the header dict");
    header_fails("{'descr': 8, 'fortran_order': False, 'shape': (1,), }", 8, "quoted string");
    header_fails("{'descr': '<\\x66\\x38', 'fortran_order': False, 'shape': (1,), }", 8, "malformed string");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), 'descr\n", 8, "malformed");
}

static void test_malformed_shape(void **state)
{
    (void)state;
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (3), }", 24, "(n,), not (n)");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': 3, }", 24, "tuple");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': [3], }", 24, "tuple");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (-1,), }", 8, "non-negative");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1.5,), }", 8, "malformed 'shape'");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1 2), }", 8, "malformed 'shape'");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,,), }", 8, "non-negative");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1,", 8, "non-negative");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775808,), }", 8, "too large");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }", 8,
                 "overflows");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4611686018427387904, 4), }", 0,
                 "overflows");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (2305843009213693952,), }", 8,
                 "overflows"); /* 2^61 elements of 8 bytes */
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (1099511627776,), }", 8,
                 "data shorter"); /* 8 TiB claimed: refused before allocating */
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", 16, "data shorter");
    header_fails("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }", 23, "data shorter");
    header_fails("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 7, "data shorter");
}

static void test_malformed_dtypes(void **state)
{
    (void)state;
    header_fails("{'descr': '>f8', 'fortran_order': False, 'shape': (1,), }", 8, "big-endian dtype '>f8'");
    header_fails("{'descr': '<c32', 'fortran_order': False, 'shape': (1,), }", 32, "unsupported dtype '<c32'");
    header_fails("{'descr': '<f16', 'fortran_order': False, 'shape': (1,), }", 16, "unsupported dtype");
    header_fails("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", 8, "unsupported dtype");
    header_fails("{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", 4, "structured");
    assert_read_fails(DATA "f8_big_endian.npy", "big-endian");
    assert_read_fails(DATA "structured_2.npy", "structured");
}

/* complex128 (and complex64) arrays read as DLPack's kDLComplex: real and imaginary parts. */
static void test_complex_read(void **state)
{
    (void)state;
    NpyArray a;
    char err[512] = "";
    assert_int_equal(npy_read(DATA "c16_2.npy", &a, err, sizeof err), 0);
    assert_int_equal(a.tensor.dtype.code, kDLComplex);
    assert_int_equal(a.tensor.dtype.bits, 128);
    const double *d = a.data;
    assert_true(d[0] == 1 && d[1] == 2 && d[2] == 3 && d[3] == -4); /* [1+2j, 3-4j] */
    npy_free(&a);
}

/* Every proper prefix of a valid file is an error, never a crash or a success. */
static void test_truncated_at_every_length(void **state)
{
    (void)state;
    size_t n;
    unsigned char *whole = read_bytes(DATA "i8_2x3x4.npy", &n);
    char path[128];
    tmp_path(path, sizeof path, "prefix.npy");
    for (size_t len = 0; len < n; len++) {
        write_bytes(path, whole, len);
        NpyArray a;
        char err[512];
        assert_int_equal(npy_read(path, &a, err, sizeof err), -1);
        assert_true(strlen(err) > strlen(path));
    }
    free(whole);
}

/* Any byte of the preamble or header replaced by any of a few values: an error or a valid read,
 * never a crash (AddressSanitizer watches). */
static void test_corrupted_header_bytes(void **state)
{
    (void)state;
    static const unsigned char values[] = {0, 1, 2, 3, ' ', '\n', '\'', '"', '(', ')', ',', ':', '{', '}',
                                           '0', '9', '-', 'L', 'T', 0x80, 0xff};
    size_t n;
    unsigned char *whole = read_bytes(DATA "f8_fortran_2x3.npy", &n);
    size_t header_end = 10 + (whole[8] | (size_t)whole[9] << 8);
    char path[128];
    tmp_path(path, sizeof path, "corrupt.npy");
    int ok = 0, failed = 0;
    for (size_t pos = 0; pos < header_end; pos++) {
        for (size_t v = 0; v < sizeof values; v++) {
            unsigned char saved = whole[pos];
            whole[pos] = values[v];
            write_bytes(path, whole, n);
            whole[pos] = saved;
            NpyArray a;
            char err[512] = "";
            if (npy_read(path, &a, err, sizeof err) == 0) {
                ok++;
                npy_free(&a);
            } else {
                failed++;
                assert_true(err[0] != 0);
            }
        }
    }
    free(whole);
    assert_true(ok > 0 && failed > 0);
}

/* The lenient side of the grammar: what Python's literal syntax allows is read. */
static void test_header_variants_accepted(void **state)
{
    (void)state;
    char path[128];
    tmp_path(path, sizeof path, "variant.npy");
    double v[2] = {1.0, 2.0};
    write_npy1(path, "{\"shape\":(2L,),\"fortran_order\":False,\"descr\":\"<f8\"}", v, sizeof v);
    NpyArray a = read_ok(path);
    assert_shape(&a, 1, (int64_t[]){2});
    assert_memory_equal(a.data, v, sizeof v);
    npy_free(&a);
    write_npy1(path, "{ 'descr' : '|u1' , 'fortran_order' : True , 'shape' : ( 2 , ) }", v, 2);
    a = read_ok(path);
    assert_dtype(&a, kDLUInt, 8);
    npy_free(&a);
    /* trailing bytes after the data are ignored, as np.load does */
    write_npy1(path, "{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", v, sizeof v);
    a = read_ok(path);
    assert_int_equal(a.nbytes, 8);
    npy_free(&a);
}

/* numba.cuda.random's states, (n,) of [('s0', '<u8'), ('s1', '<u8')], read as uint64 (n, 2)
 * and written back as the records they were; other records stay refused. */
static void test_xoroshiro128p_states(void **state)
{
    (void)state;
    char path[128], again[128];
    tmp_path(path, sizeof path, "states.npy");
    tmp_path(again, sizeof again, "states2.npy");
    uint64_t w[6] = {1, 2, 3, 4, 0xffffffffffffffffu, 6};
    write_npy1(path, "{'descr': [('s0', '<u8'), ('s1', '<u8')], 'fortran_order': False, 'shape': (3,), }", w,
               sizeof w);
    NpyArray a = read_ok(path);
    assert_true(a.xoroshiro128p_states);
    assert_dtype(&a, kDLUInt, 64);
    assert_shape(&a, 2, (int64_t[]){3, 2});
    assert_memory_equal(a.data, w, sizeof w);
    char err[512] = "";
    assert_int_equal(npy_write_states(again, &a.tensor, err, sizeof err), 0);
    npy_free(&a);
    a = read_ok(again);
    assert_true(a.xoroshiro128p_states);
    assert_shape(&a, 2, (int64_t[]){3, 2});
    assert_memory_equal(a.data, w, sizeof w);
    npy_free(&a);
    int64_t shape[1] = {6};
    DLTensor flat = {.data = w, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLUInt, 64, 1}, .shape = shape};
    assert_int_equal(npy_write_states(again, &flat, err, sizeof err), -1);
    assert_non_null(strstr(err, "(n, 2)"));
    header_fails("{'descr': [('s0', '<u8'), ('s1', '<u8')], 'fortran_order': False, 'shape': (1, 1), }", 16,
                 "1-D");
    header_fails("{'descr': [('s0', '<u8'), ('s2', '<u8')], 'fortran_order': False, 'shape': (1,), }", 16,
                 "structured");
    header_fails("{'descr': [('s0', '<u8')], 'fortran_order': False, 'shape': (1,), }", 8, "structured");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_numpy_ints),
        cmocka_unit_test(test_read_numpy_uints),
        cmocka_unit_test(test_read_numpy_bool_and_floats),
        cmocka_unit_test(test_read_numpy_scalar_and_empty),
        cmocka_unit_test(test_read_numpy_3d),
        cmocka_unit_test(test_read_fortran_order),
        cmocka_unit_test(test_read_versions_2_and_3),
        cmocka_unit_test(test_round_trip_every_dtype_and_rank),
        cmocka_unit_test(test_write_matches_numpy_bytes),
        cmocka_unit_test(test_write_fortran_as_c_order),
        cmocka_unit_test(test_write_strided_views),
        cmocka_unit_test(test_write_version_2_when_needed),
        cmocka_unit_test(test_write_errors),
        cmocka_unit_test(test_malformed_preamble),
        cmocka_unit_test(test_malformed_dict),
        cmocka_unit_test(test_malformed_shape),
        cmocka_unit_test(test_malformed_dtypes),
        cmocka_unit_test(test_complex_read),
        cmocka_unit_test(test_truncated_at_every_length),
        cmocka_unit_test(test_xoroshiro128p_states),
        cmocka_unit_test(test_corrupted_header_bytes),
        cmocka_unit_test(test_header_variants_accepted),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
