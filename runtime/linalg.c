/* linalg.c — linear algebra for compiled host code: np.dot, @, np.vdot, np.outer and
 * np.linalg's norm, solve, inv, det, slogdet, lstsq, eigh, eigvalsh, eig, eigvals, svd, cholesky
 * and qr, computed by a real
 * BLAS/LAPACK (OpenBLAS through CBLAS and LAPACKE) with Numba's semantics (numba/np/linalg.py):
 * its algorithms where they matter to the digits (det through the LU diagonal's logarithms, the
 * norms' loops), its checks in its order, its messages and exception types.
 *
 * One entry, jitc_rt_linalg (rtabi.def documents it): np/build_linalg.c emits an IR_LINALG
 * instruction per call and codegen/linalg.c lowers it into one call here with the operands as
 * JitcArgs (any strides: they are copied into the contiguous order BLAS/LAPACK want) and one
 * JitcArg per result. A result of ndim > 0 is a new C-contiguous array that this file allocates
 * (jitc_rt_alloc: reference-counted, owned by the caller from then on); a scalar result (ndim 0) is
 * stored as a double at its data (a complex one as two). The dtype code says the elements:
 * float32, float64, complex64 or complex128 (LAPACK's s, d, c and z routines); a complex operand's
 * real results (singular values, eigh's eigenvalues, lstsq's residues) are of its part's precision. */
#include "linalg.h"

#include <complex.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cblas.h>
#include <lapacke.h>

#include "arrays.h"

#ifndef CMPLX /* C11's, which glibc's header defines for GCC alone; clang has the builtin */
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif

enum { MAX_OUTS = 4 };

/* One call's state: the operands, the results and where errors go. */
typedef struct Call {
    int f64;                 /* 1: double precision (float64, complex128), 0: single */
    int cplx;                /* 1: complex elements */
    size_t isz;              /* the element size */
    size_t rsz;              /* a real number's size in the precision (a part of a complex) */
    const JitcArg *in;
    JitcArg *out;
    JitcMem **mems;
    int nout;
    double param;
    const char *where;
    JitcErr *err;
    void *scratch[8];        /* freed when the call ends */
    int nscratch;
} Call;

static _Thread_local char message[256];

static bool raise_code(Call *c, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool raise_code(Call *c, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    c->err->code = code;
    c->err->where = c->where;
    c->err->message = message;
    return false;
}

static bool linalg_error(Call *c, const char *msg) { return raise_code(c, RT_EXC_LINALG, "LinAlgError: %s", msg); }

/* ---- memory ---- */

/* count elements of size esz, freed when the call ends */
static void *scratch_of(Call *c, int64_t count, size_t esz)
{
    void *p = malloc((size_t)(count > 0 ? count : 1) * esz);
    if (!p) {
        raise_code(c, RT_EXC_MEMORY, "MemoryError: cannot allocate %lld bytes", (long long)count * (long long)esz);
        return NULL;
    }
    c->scratch[c->nscratch++] = p;
    return p;
}

static void *scratch(Call *c, int64_t count) { return scratch_of(c, count, c->isz); }
static void *scratch_real(Call *c, int64_t count) { return scratch_of(c, count, c->rsz); }

/* Result k: a new C-contiguous array of the given shape (ndim as codegen declared it) of elements
 * of size esz. */
static void *result_of(Call *c, int k, int64_t d0, int64_t d1, size_t esz)
{
    JitcArg *o = &c->out[k];
    int64_t *shape = (int64_t *)o->shape, *strides = (int64_t *)o->strides;
    shape[0] = d0;
    if (o->ndim == 2)
        shape[1] = d1;
    JitcMem *m = jitc_rt_alloc(o->ndim, shape, (int64_t)esz, 0, c->where, c->err);
    if (!m)
        return NULL;
    c->mems[k] = m;
    o->data = m->data;
    strides[o->ndim - 1] = (int64_t)esz;
    if (o->ndim == 2)
        strides[0] = (int64_t)esz * (d1 ? d1 : 1);
    return m->data;
}

/* of the operands' dtype */
static void *result(Call *c, int k, int64_t d0, int64_t d1) { return result_of(c, k, d0, d1, c->isz); }
/* of real numbers of the operands' precision */
static void *result_real(Call *c, int k, int64_t d0, int64_t d1) { return result_of(c, k, d0, d1, c->rsz); }

static void scalar_result(Call *c, int k, double v) { *(double *)c->out[k].data = v; }

static void complex_result(Call *c, int k, double complex z)
{
    double *d = (double *)c->out[k].data;
    d[0] = creal(z);
    d[1] = cimag(z);
}

/* ---- elements ---- */

/* get, put: real numbers of the precision (a real dtype's elements, or complex results' real parts) */
static double get(const Call *c, const void *p, int64_t i)
{
    return c->f64 ? ((const double *)p)[i] : (double)((const float *)p)[i];
}

static void put(const Call *c, void *p, int64_t i, double v)
{
    if (c->f64)
        ((double *)p)[i] = v;
    else
        ((float *)p)[i] = (float)v;
}

static const char *elem(const JitcArg *a, int64_t i, int64_t j)
{
    return a->data + i * a->strides[0] + (a->ndim == 2 ? j * a->strides[1] : 0);
}

/* An element of the dtype, real or complex, at p (unaligned is fine). */
static double complex zload(const Call *c, const char *p)
{
    if (c->f64) {
        double v[2] = {0.0, 0.0};
        memcpy(v, p, c->isz);
        return CMPLX(v[0], v[1]);
    }
    float v[2] = {0.0f, 0.0f};
    memcpy(v, p, c->isz);
    return CMPLX((double)v[0], (double)v[1]);
}

static void zstore(const Call *c, char *p, double complex z)
{
    if (c->f64) {
        double v[2] = {creal(z), cimag(z)};
        memcpy(p, v, c->isz);
    } else {
        float v[2] = {(float)creal(z), (float)cimag(z)};
        memcpy(p, v, c->isz);
    }
}

static double complex zget(const Call *c, const void *p, int64_t i) { return zload(c, (const char *)p + i * (int64_t)c->isz); }
static void zput(const Call *c, void *p, int64_t i, double complex z) { zstore(c, (char *)p + i * (int64_t)c->isz, z); }

/* |z| as Numba's abs computes it: fabs for a real number, hypot of the parts in the precision */
static double magnitude(const Call *c, double complex z)
{
    if (!c->cplx)
        return fabs(creal(z));
    return c->f64 ? hypot(creal(z), cimag(z)) : (double)hypotf((float)creal(z), (float)cimag(z));
}

/* Numba's complex product (CPython's): (ac - bd) + (ad + bc)i, no special cases */
static double complex zmul(double complex x, double complex y)
{
    double a = creal(x), b = cimag(x), p = creal(y), q = cimag(y);
    return CMPLX(a * p - b * q, a * q + b * p);
}

/* element (i, j) of an operand, of any dtype */
static double complex zat(const Call *c, const JitcArg *a, int64_t i, int64_t j) { return zload(c, elem(a, i, j)); }

static int64_t rows(const JitcArg *a) { return a->shape[0]; }
static int64_t cols(const JitcArg *a) { return a->ndim == 2 ? a->shape[1] : 1; }

/* A copy of a (1-d: a column) into a new contiguous buffer in Fortran (column-major) order with
 * leading dimension ld >= rows(a), or in C order when c_order (ld: the row length). */
static void *copy_in(Call *c, const JitcArg *a, bool c_order, int64_t ld, int64_t ncols_total)
{
    int64_t m = rows(a), n = cols(a);
    void *p = scratch(c, c_order ? m * ld : ld * (ncols_total > n ? ncols_total : n));
    if (!p)
        return NULL;
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
            const char *src = elem(a, i, j);
            char *dst = (char *)p + (size_t)(c_order ? i * ld + j : j * ld + i) * c->isz;
            memcpy(dst, src, c->isz);
        }
    return p;
}

/* A contiguous vector of a 1-d operand: its own data when its elements are adjacent. */
static const void *vector_in(Call *c, const JitcArg *a)
{
    if (a->shape[0] <= 1 || a->strides[0] == (int64_t)c->isz)
        return a->data;
    return copy_in(c, a, false, a->shape[0], 1);
}

/* The elements of a in C order, contiguous: its own data when they are already. */
static const void *c_order_in(Call *c, const JitcArg *a)
{
    if (a->ndim == 1)
        return vector_in(c, a);
    int64_t m = a->shape[0], n = a->shape[1];
    if ((n <= 1 || a->strides[1] == (int64_t)c->isz) && (m <= 1 || a->strides[0] == n * (int64_t)c->isz))
        return a->data;
    return copy_in(c, a, true, n, 0);
}

/* Copies the column-major m x n buffer src (leading dimension ld) into result k (C order). */
static void store_f(Call *c, void *dst, const void *src, int64_t m, int64_t n, int64_t ld)
{
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++)
            memcpy((char *)dst + (size_t)(i * n + j) * c->isz, (const char *)src + (size_t)(j * ld + i) * c->isz,
                   c->isz);
}

static bool all_finite(Call *c, const JitcArg *a)
{
    for (int64_t i = 0; i < rows(a); i++)
        for (int64_t j = 0; j < cols(a); j++)
            if (!isfinite(creal(zat(c, a, i, j))) || !isfinite(cimag(zat(c, a, i, j))))
                return linalg_error(c, "Array must not contain infs or NaNs.");
    return true;
}

static bool square(Call *c, const JitcArg *a)
{
    return a->shape[0] == a->shape[1] || linalg_error(c, "Last 2 dimensions of the array must be square.");
}

static bool too_big(Call *c, int64_t n)
{
    if (n > 2147483647)
        return raise_code(c, RT_EXC_VALUE, "OverflowError: array size too large to fit in C int"), true;
    return false;
}

static bool converged(Call *c, int info)
{
    if (info > 0)
        return raise_code(c, RT_EXC_VALUE, "ValueError: Internal algorithm failed to converge.");
    if (info < 0)
        return raise_code(c, RT_EXC_VALUE, "ValueError: LAPACK rejected argument %d", -info);
    return true;
}

/* ---- LAPACK's routines by dtype: s, d, c, z (column-major; complex buffers as void *) ---- */

#define CM LAPACK_COL_MAJOR
#define BY_DTYPE(c, s_call, d_call, c_call, z_call) \
    ((c)->cplx ? ((c)->f64 ? (z_call) : (c_call)) : ((c)->f64 ? (d_call) : (s_call)))

static int getrf(Call *c, int n, void *A, lapack_int *ipiv)
{
    return BY_DTYPE(c, LAPACKE_sgetrf(CM, n, n, A, n, ipiv), LAPACKE_dgetrf(CM, n, n, A, n, ipiv),
                    LAPACKE_cgetrf(CM, n, n, A, n, ipiv), LAPACKE_zgetrf(CM, n, n, A, n, ipiv));
}

static int getri(Call *c, int n, void *A, lapack_int *ipiv)
{
    return BY_DTYPE(c, LAPACKE_sgetri(CM, n, A, n, ipiv), LAPACKE_dgetri(CM, n, A, n, ipiv),
                    LAPACKE_cgetri(CM, n, A, n, ipiv), LAPACKE_zgetri(CM, n, A, n, ipiv));
}

static int potrf(Call *c, int n, void *A)
{
    return BY_DTYPE(c, LAPACKE_spotrf(CM, 'L', n, A, n), LAPACKE_dpotrf(CM, 'L', n, A, n),
                    LAPACKE_cpotrf(CM, 'L', n, A, n), LAPACKE_zpotrf(CM, 'L', n, A, n));
}

static int gesv(Call *c, int n, int nrhs, void *A, lapack_int *ipiv, void *B)
{
    return BY_DTYPE(c, LAPACKE_sgesv(CM, n, nrhs, A, n, ipiv, B, n), LAPACKE_dgesv(CM, n, nrhs, A, n, ipiv, B, n),
                    LAPACKE_cgesv(CM, n, nrhs, A, n, ipiv, B, n), LAPACKE_zgesv(CM, n, nrhs, A, n, ipiv, B, n));
}

static int gelsd(Call *c, int m, int n, int nrhs, void *A, void *B, int ldb, void *S, lapack_int *rank)
{
    double rc = c->param;
    return BY_DTYPE(c, LAPACKE_sgelsd(CM, m, n, nrhs, A, m, B, ldb, S, (float)rc, rank),
                    LAPACKE_dgelsd(CM, m, n, nrhs, A, m, B, ldb, S, rc, rank),
                    LAPACKE_cgelsd(CM, m, n, nrhs, A, m, B, ldb, S, (float)rc, rank),
                    LAPACKE_zgelsd(CM, m, n, nrhs, A, m, B, ldb, S, rc, rank));
}

/* syevd, or heevd for complex: the eigenvalues W are real */
static int evd(Call *c, char jobz, int n, void *A, void *W)
{
    return BY_DTYPE(c, LAPACKE_ssyevd(CM, jobz, 'L', n, A, n, W), LAPACKE_dsyevd(CM, jobz, 'L', n, A, n, W),
                    LAPACKE_cheevd(CM, jobz, 'L', n, A, n, W), LAPACKE_zheevd(CM, jobz, 'L', n, A, n, W));
}

/* the complex geev: eigenvalues W, right eigenvectors VR (leading dimension ldvr) */
static int cgeev(Call *c, char jobvr, int n, void *A, void *W, void *VR, int ldvr)
{
    return c->f64 ? LAPACKE_zgeev(CM, 'N', jobvr, n, A, n, W, NULL, 1, VR, ldvr)
                  : LAPACKE_cgeev(CM, 'N', jobvr, n, A, n, W, NULL, 1, VR, ldvr);
}

/* singular values S are real */
static int gesdd_of(Call *c, char jobz, int m, int n, void *A, void *S, void *U, int ldu, void *VT, int ldvt)
{
    return BY_DTYPE(c, LAPACKE_sgesdd(CM, jobz, m, n, A, m, S, U, ldu, VT, ldvt),
                    LAPACKE_dgesdd(CM, jobz, m, n, A, m, S, U, ldu, VT, ldvt),
                    LAPACKE_cgesdd(CM, jobz, m, n, A, m, S, U, ldu, VT, ldvt),
                    LAPACKE_zgesdd(CM, jobz, m, n, A, m, S, U, ldu, VT, ldvt));
}

static int geqrf(Call *c, int m, int n, void *A, void *tau)
{
    return BY_DTYPE(c, LAPACKE_sgeqrf(CM, m, n, A, m, tau), LAPACKE_dgeqrf(CM, m, n, A, m, tau),
                    LAPACKE_cgeqrf(CM, m, n, A, m, tau), LAPACKE_zgeqrf(CM, m, n, A, m, tau));
}

/* orgqr, or ungqr for complex */
static int orgqr(Call *c, int m, int k, void *A, void *tau)
{
    return BY_DTYPE(c, LAPACKE_sorgqr(CM, m, k, k, A, m, tau), LAPACKE_dorgqr(CM, m, k, k, A, m, tau),
                    LAPACKE_cungqr(CM, m, k, k, A, m, tau), LAPACKE_zungqr(CM, m, k, k, A, m, tau));
}

/* ---- BLAS: dot, vdot, outer ---- */

static bool dot(Call *c, const JitcArg *a, const JitcArg *b, bool vdot)
{
    static const char *const kinds[2][2] = {{"vector * vector", "vector * matrix"},
                                            {"matrix * vector", "matrix * matrix"}};
    int64_t k = a->ndim == 2 ? a->shape[1] : a->shape[0];
    if (k != b->shape[0])
        return raise_code(c, RT_EXC_VALUE, "ValueError: incompatible array sizes for np.dot(a, b) (%s)",
                          kinds[a->ndim - 1][b->ndim - 1]);
    if (too_big(c, rows(a) * cols(a)) || too_big(c, rows(b) * cols(b)))
        return false;
    if (a->ndim == 1 && b->ndim == 1) {
        const void *x = vector_in(c, a), *y = x ? vector_in(c, b) : NULL;
        if (!y)
            return false;
        int n = (int)k;
        if (!c->cplx) { /* real numbers: vdot is dot */
            scalar_result(c, 0, c->f64 ? cblas_ddot(n, x, 1, y, 1) : (double)cblas_sdot(n, x, 1, y, 1));
            return true;
        }
        char z[16]; /* vdot conjugates its first operand */
        if (c->f64)
            vdot ? cblas_zdotc_sub(n, x, 1, y, 1, z) : cblas_zdotu_sub(n, x, 1, y, 1, z);
        else
            vdot ? cblas_cdotc_sub(n, x, 1, y, 1, z) : cblas_cdotu_sub(n, x, 1, y, 1, z);
        complex_result(c, 0, zload(c, z));
        return true;
    }
    int64_t m = a->ndim == 2 ? a->shape[0] : 1, n = b->ndim == 2 ? b->shape[1] : 1;
    void *out = a->ndim == 2 && b->ndim == 2 ? result(c, 0, m, n) : result(c, 0, a->ndim == 2 ? m : n, 0);
    if (!out)
        return false;
    if (k == 0 || m == 0 || n == 0) { /* nothing to sum, or nothing to compute */
        memset(out, 0, (size_t)(m * n) * c->isz);
        return true;
    }
    const void *A = c_order_in(c, a), *B = A ? c_order_in(c, b) : NULL; /* m x k, k x n */
    if (!B)
        return false;
    int M = (int)m, N = (int)n, K = (int)k;
    static const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
    static const float onef[2] = {1.0f, 0.0f}, zerof[2] = {0.0f, 0.0f};
    if (c->cplx && c->f64)
        cblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, one, A, K, B, N, zero, out, N);
    else if (c->cplx)
        cblas_cgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, onef, A, K, B, N, zerof, out, N);
    else if (c->f64)
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0, A, K, B, N, 0.0, out, N);
    else
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, A, K, B, N, 0.0f, out, N);
    return true;
}

static int64_t size_of(const JitcArg *a) { return rows(a) * cols(a); }

/* The i-th element of a in C (row-major) order. */
static double complex flat(const Call *c, const JitcArg *a, int64_t i)
{
    return a->ndim == 2 ? zat(c, a, i / a->shape[1], i % a->shape[1]) : zat(c, a, i, 0);
}

/* x * y in the precision, as NumPy's multiply */
static double complex product(const Call *c, double complex x, double complex y)
{
    if (c->f64)
        return c->cplx ? zmul(x, y) : creal(x) * creal(y);
    float a = (float)creal(x), b = (float)cimag(x), p = (float)creal(y), q = (float)cimag(y);
    return c->cplx ? CMPLX((double)(a * p - b * q), (double)(a * q + b * p)) : (double)(a * p);
}

static bool outer(Call *c, const JitcArg *a, const JitcArg *b)
{
    int64_t m = size_of(a), n = size_of(b);
    void *out = result(c, 0, m, n);
    if (!out)
        return false;
    for (int64_t i = 0; i < m; i++) { /* NumPy's multiply: one product per element, no summing */
        double complex x = flat(c, a, i);
        for (int64_t j = 0; j < n; j++)
            zput(c, out, i * n + j, product(c, x, flat(c, b, j)));
    }
    return true;
}

/* ---- norms (Numba's _get_norm_impl) ---- */

static double nrm2(Call *c, const JitcArg *a, bool *ok)
{
    int64_t n = size_of(a);
    *ok = !too_big(c, n);
    if (!*ok || n == 0)
        return 0.0;
    const void *x = c_order_in(c, a);
    if (!x) {
        *ok = false;
        return 0.0;
    }
    if (c->cplx)
        return c->f64 ? cblas_dznrm2((int)n, x, 1) : (double)cblas_scnrm2((int)n, x, 1);
    return c->f64 ? cblas_dnrm2((int)n, x, 1) : (double)cblas_snrm2((int)n, x, 1);
}

static double vector_norm(Call *c, const JitcArg *a, double ord, bool *ok)
{
    int64_t n = a->shape[0];
    if (n == 0)
        return 0.0;
    if (ord == 2)
        return nrm2(c, a, ok);
    double r = magnitude(c, zat(c, a, 0, 0));
    if (ord == INFINITY || ord == -INFINITY) {
        for (int64_t k = 1; k < n; k++) {
            double v = magnitude(c, zat(c, a, k, 0));
            if (ord > 0 ? v > r : v < r)
                r = v;
        }
        return r;
    }
    r = 0.0;
    for (int64_t k = 0; k < n; k++) {
        double complex v = zat(c, a, k, 0);
        if (ord == 0)
            r += v != 0.0;
        else if (ord == 1)
            r += magnitude(c, v);
        else
            r += pow(magnitude(c, v), ord);
    }
    return ord == 0 || ord == 1 ? r : pow(r, 1.0 / ord);
}

static bool singular_values(Call *c, const JitcArg *a, double *first, double *last);

static double matrix_norm(Call *c, const JitcArg *a, double ord, bool *ok)
{
    int64_t m = a->shape[0], n = a->shape[1];
    if (m * n == 0)
        return 0.0;
    bool by_rows = ord == INFINITY || ord == -INFINITY, by_cols = ord == 1 || ord == -1;
    if (by_rows || by_cols) {
        bool want_max = ord > 0;
        double best = want_max ? 0.0 : (c->f64 ? 1.7976931348623157e308 : 3.4028234663852886e38);
        int64_t outer_n = by_rows ? m : n, inner_n = by_rows ? n : m;
        for (int64_t i = 0; i < outer_n; i++) {
            double t = 0.0;
            for (int64_t j = 0; j < inner_n; j++)
                t += magnitude(c, by_rows ? zat(c, a, i, j) : zat(c, a, j, i));
            if (want_max ? t > best : t < best)
                best = t;
        }
        return best;
    }
    if (ord == 2 || ord == -2) {
        double first = 0.0, last = 0.0;
        *ok = singular_values(c, a, &first, &last);
        return ord == 2 ? first : last;
    }
    *ok = raise_code(c, RT_EXC_VALUE, "ValueError: Invalid norm order for matrices.");
    return 0.0;
}

/* op LA_NORM: param is ord; LA_NORM_NONE: ord=None (the 2-norm, Frobenius for matrices) */
static bool norm(Call *c, const JitcArg *a, bool ord_none)
{
    bool ok = true;
    double r;
    if (ord_none)
        r = nrm2(c, a, &ok);
    else if (a->ndim == 1)
        r = vector_norm(c, a, c->param, &ok);
    else
        r = matrix_norm(c, a, c->param, &ok);
    if (ok)
        scalar_result(c, 0, r);
    return ok;
}

/* ---- LAPACK ---- */

static bool inv(Call *c, const JitcArg *a)
{
    if (!square(c, a) || !all_finite(c, a))
        return false;
    int64_t n = a->shape[0];
    void *out = result(c, 0, n, n);
    if (!out || n == 0 || too_big(c, n * n))
        return out != NULL && n == 0;
    void *A = copy_in(c, a, false, n, 0);
    lapack_int *ipiv = A ? scratch(c, (int64_t)(n * sizeof(lapack_int) / c->isz + 1)) : NULL;
    if (!ipiv)
        return false;
    int N = (int)n;
    int info = getrf(c, N, A, ipiv);
    if (info == 0)
        info = getri(c, N, A, ipiv);
    if (info > 0)
        return linalg_error(c, "Matrix is singular to machine precision.");
    if (!converged(c, info))
        return false;
    store_f(c, out, A, n, n, n);
    return true;
}

/* z / d (d real, nonzero) as Numba's complex division (CPython's algorithm, with an imaginary part
 * 0 for d; the zeros' signs follow from it), in the precision */
static double complex div_by_real(const Call *c, double complex z, double d)
{
    if (c->f64) {
        double ratio = 0.0 / d, denom = d + 0.0 * ratio;
        return CMPLX((creal(z) + cimag(z) * ratio) / denom, (cimag(z) - creal(z) * ratio) / denom);
    }
    float a = (float)creal(z), b = (float)cimag(z), df = (float)d, ratio = 0.0f / df, denom = df + 0.0f * ratio;
    return CMPLX((double)((a + b * ratio) / denom), (double)((b - a * ratio) / denom));
}

/* Numba's slogdet: the sign from the LU pivots and the diagonal's signs (complex: the product of the
 * diagonal's elements over their magnitudes, in complex128), the sum of the logarithms of the
 * diagonal's magnitudes (each in the dtype, summed in float64); (1, 0) when empty, (0, -inf) when
 * singular */
static bool lu_slogdet(Call *c, const JitcArg *a, double complex *sign, double *logdet)
{
    if (!square(c, a))
        return false;
    int64_t n = a->shape[0];
    *sign = 1.0;
    *logdet = 0.0;
    if (n == 0)
        return true;
    if (!all_finite(c, a) || too_big(c, n * n))
        return false;
    void *A = copy_in(c, a, false, n, 0);
    lapack_int *ipiv = A ? scratch(c, (int64_t)(n * sizeof(lapack_int) / c->isz + 1)) : NULL;
    if (!ipiv)
        return false;
    int N = (int)n;
    int info = getrf(c, N, A, ipiv);
    if (info > 0) { /* singular */
        *sign = 0.0;
        *logdet = -INFINITY;
        return true;
    }
    if (!converged(c, info))
        return false;
    int sgn = 1;
    for (int k = 0; k < N; k++)
        sgn += ipiv[k] != k + 1;
    sgn = (sgn & 1) ? 1 : -1;
    double acc = 0.0;
    if (c->cplx) {
        double complex csgn = sgn;
        for (int64_t k = 0; k < n; k++) {
            double complex v = zget(c, A, k * n + k);
            double absel = magnitude(c, v);
            csgn = zmul(csgn, div_by_real(c, v, absel));
            acc += c->f64 ? log(absel) : (double)logf((float)absel);
        }
        *sign = csgn;
        *logdet = acc;
        return true;
    }
    for (int64_t k = 0; k < n; k++) {
        double v = get(c, A, k * n + k);
        if (v < 0.0) {
            sgn = -sgn;
            v = -v;
        }
        acc += c->f64 ? log(v) : (double)logf((float)v);
    }
    *sign = sgn;
    *logdet = acc;
    return true;
}

/* Numba's det: slogdet's sign times exp of its logarithm */
static bool det(Call *c, const JitcArg *a)
{
    double complex sign;
    double logdet;
    if (!lu_slogdet(c, a, &sign, &logdet))
        return false;
    if (c->cplx)
        complex_result(c, 0, zmul(sign, exp(logdet)));
    else
        scalar_result(c, 0, creal(sign) * exp(logdet));
    return true;
}

/* (sign, logdet): two scalars */
static bool slogdet(Call *c, const JitcArg *a)
{
    double complex sign;
    double logdet;
    if (!lu_slogdet(c, a, &sign, &logdet))
        return false;
    if (c->cplx)
        complex_result(c, 0, sign);
    else
        scalar_result(c, 0, creal(sign));
    scalar_result(c, 1, logdet);
    return true;
}

static bool cholesky(Call *c, const JitcArg *a)
{
    if (!square(c, a))
        return false;
    int64_t n = a->shape[0];
    void *out = result(c, 0, n, n);
    if (!out || n == 0 || too_big(c, n * n))
        return out != NULL && n == 0;
    void *A = copy_in(c, a, false, n, 0);
    if (!A)
        return false;
    int N = (int)n;
    int info = potrf(c, N, A);
    if (info > 0)
        return linalg_error(c, "Matrix is not positive definite.");
    if (!converged(c, info))
        return false;
    for (int64_t i = 0; i < n; i++) /* the lower triangle, in C order */
        for (int64_t j = 0; j < n; j++)
            zput(c, out, i * n + j, j <= i ? zget(c, A, j * n + i) : 0.0);
    return true;
}

/* solve and lstsq's checks, Numba's order: finite, (lstsq: non-empty), dimensionally valid */
static bool system_ok(Call *c, const JitcArg *a, const JitcArg *b, bool lstsq)
{
    if (!all_finite(c, a) || !all_finite(c, b))
        return false;
    if (lstsq && (a->shape[0] == 0 || a->shape[1] == 0 || b->shape[0] == 0 || (b->ndim == 2 && b->shape[1] == 0)))
        return linalg_error(c, "Arrays cannot be empty");
    if (a->shape[0] != b->shape[0])
        return linalg_error(c, "Incompatible array sizes, system is not dimensionally valid.");
    return !too_big(c, size_of(a)) && !too_big(c, size_of(b));
}

static bool solve(Call *c, const JitcArg *a, const JitcArg *b)
{
    if (!system_ok(c, a, b, false))
        return false;
    if (!square(c, a))
        return false;
    int64_t n = a->shape[0], nrhs = cols(b);
    void *out = result(c, 0, n, nrhs);
    if (!out || n == 0)
        return out != NULL;
    void *A = copy_in(c, a, false, n, 0), *B = A ? copy_in(c, b, false, n, 0) : NULL;
    lapack_int *ipiv = B ? scratch(c, (int64_t)(n * sizeof(lapack_int) / c->isz + 1)) : NULL;
    if (!ipiv)
        return false;
    int N = (int)n, R = (int)nrhs;
    int info = gesv(c, N, R, A, ipiv, B);
    if (info > 0)
        return linalg_error(c, "Matrix is singular to machine precision.");
    if (!converged(c, info))
        return false;
    store_f(c, out, B, n, nrhs, n);
    return true;
}

/* (x, residues, rank, sv): results 0, 1, 2 (a scalar), 3; param is rcond */
static bool lstsq(Call *c, const JitcArg *a, const JitcArg *b)
{
    if (!system_ok(c, a, b, true))
        return false;
    int64_t m = a->shape[0], n = a->shape[1], nrhs = cols(b);
    int64_t minmn = m < n ? m : n, maxmn = m > n ? m : n;
    void *A = copy_in(c, a, false, m, 0), *B = A ? scratch(c, maxmn * nrhs) : NULL;
    void *S = B ? scratch_real(c, minmn) : NULL;
    if (!S)
        return false;
    memset(B, 0, (size_t)(maxmn * nrhs) * c->isz);
    for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < nrhs; j++)
            zput(c, B, j * maxmn + i, zat(c, b, i, j));
    lapack_int rank = 0;
    int M = (int)m, N = (int)n, R = (int)nrhs, LDB = (int)maxmn;
    int info = gelsd(c, M, N, R, A, B, LDB, S, &rank);
    if (!converged(c, info))
        return false;
    void *x = result(c, 0, n, nrhs);
    bool residues = !(rank < n || m <= n);
    void *res = x ? result_real(c, 1, residues ? nrhs : 0, 0) : NULL;
    void *sv = res ? result_real(c, 3, minmn, 0) : NULL;
    if (!sv)
        return false;
    store_f(c, x, B, n, nrhs, maxmn);
    for (int64_t k = 0; residues && k < nrhs; k++) {
        double s = 0.0; /* np.sum(np.abs(b[n:, k])**2) as Numba sums: in order, in the precision */
        for (int64_t i = n; i < m; i++) {
            double v = magnitude(c, zget(c, B, k * maxmn + i));
            s = c->f64 ? s + v * v : (double)((float)s + (float)v * (float)v);
        }
        put(c, res, k, s);
    }
    scalar_result(c, 2, (double)rank);
    memcpy(sv, S, (size_t)minmn * c->rsz);
    return true;
}

/* syevd on the lower triangle: (w, v), or w alone when !vectors (eigvalsh) */
static bool eigh(Call *c, const JitcArg *a, bool vectors)
{
    if (!square(c, a) || !all_finite(c, a))
        return false;
    int64_t n = a->shape[0];
    void *w = result_real(c, 0, n, 0), *v = w && vectors ? result(c, 1, n, n) : NULL;
    if (!w || (vectors && !v))
        return false;
    if (n == 0 || too_big(c, n * n))
        return n == 0;
    void *A = copy_in(c, a, false, n, 0);
    if (!A)
        return false;
    int N = (int)n;
    char jobz = vectors ? 'V' : 'N';
    int info = evd(c, jobz, N, A, w);
    if (!converged(c, info))
        return false;
    if (vectors)
        store_f(c, v, A, n, n, n);
    return true;
}

/* the complex geev: (w, v) of the dtype, or w alone when !vectors */
static bool complex_eig(Call *c, const JitcArg *a, bool vectors)
{
    int64_t n = a->shape[0];
    void *A = copy_in(c, a, false, n, 0), *VR = A && vectors ? scratch(c, n * n) : NULL;
    if (!A || (vectors && !VR))
        return false;
    void *w = result(c, 0, n, 0), *v = w && vectors ? result(c, 1, n, n) : NULL;
    if (!w || (vectors && !v))
        return false;
    int N = (int)n;
    if (!converged(c, cgeev(c, vectors ? 'V' : 'N', N, A, w, VR, vectors ? N : 1)))
        return false;
    if (vectors)
        store_f(c, v, VR, n, n, n);
    return true;
}

/* geev, right eigenvectors only: (w, v), or w alone when !vectors (eigvals). A real matrix has real
 * results only: complex eigenvalues are Numba's ValueError (it cannot change the result's domain
 * at run time). */
static bool eig(Call *c, const JitcArg *a, bool vectors)
{
    if (!square(c, a) || !all_finite(c, a))
        return false;
    int64_t n = a->shape[0];
    if (n == 0) {
        void *w = result(c, 0, 0, 0);
        return w && (!vectors || result(c, 1, 0, 0));
    }
    if (too_big(c, n * n))
        return false;
    if (c->cplx)
        return complex_eig(c, a, vectors);
    void *A = copy_in(c, a, false, n, 0), *WR = A ? scratch(c, n) : NULL, *WI = WR ? scratch(c, n) : NULL;
    void *VR = WI && vectors ? scratch(c, n * n) : NULL;
    if (!WI || (vectors && !VR))
        return false;
    int N = (int)n, LDVR = vectors ? N : 1;
    char jobvr = vectors ? 'V' : 'N';
    int info = c->f64 ? LAPACKE_dgeev(LAPACK_COL_MAJOR, 'N', jobvr, N, A, N, WR, WI, NULL, 1, VR, LDVR)
                      : LAPACKE_sgeev(LAPACK_COL_MAJOR, 'N', jobvr, N, A, N, WR, WI, NULL, 1, VR, LDVR);
    if (!converged(c, info))
        return false;
    for (int64_t k = 0; k < n; k++)
        if (get(c, WI, k) != 0.0)
            return raise_code(c, RT_EXC_VALUE, "ValueError: %s() argument must not cause a domain change.",
                              vectors ? "eig" : "eigvals");
    void *w = result(c, 0, n, 0), *v = w && vectors ? result(c, 1, n, n) : NULL;
    if (!w || (vectors && !v))
        return false;
    memcpy(w, WR, (size_t)n * c->isz);
    if (vectors)
        store_f(c, v, VR, n, n, n);
    return true;
}

/* gesdd of a copy of a: the singular values into S (min(m, n)), and u, vt (column-major, jobz 'A'
 * or 'S') when wanted */
static bool gesdd(Call *c, const JitcArg *a, char jobz, void *S, void *U, void *VT, int64_t ldvt)
{
    int64_t m = a->shape[0], n = a->shape[1];
    if (m == 0 || n == 0)
        return linalg_error(c, "Arrays cannot be empty");
    if (!all_finite(c, a) || too_big(c, m * n))
        return false;
    void *A = copy_in(c, a, false, m, 0);
    if (!A)
        return false;
    int M = (int)m, N = (int)n, LDU = (int)m, LDVT = (int)(ldvt ? ldvt : 1);
    return converged(c, gesdd_of(c, jobz, M, N, A, S, U, LDU, VT, LDVT));
}

static bool singular_values(Call *c, const JitcArg *a, double *first, double *last)
{
    int64_t minmn = a->shape[0] < a->shape[1] ? a->shape[0] : a->shape[1];
    void *S = scratch_real(c, minmn);
    if (!S || !gesdd(c, a, 'N', S, NULL, NULL, 0))
        return false;
    *first = get(c, S, 0);
    *last = get(c, S, minmn - 1);
    return true;
}

/* (u, s, vh); param nonzero: full_matrices */
static bool svd(Call *c, const JitcArg *a)
{
    int64_t m = a->shape[0], n = a->shape[1], k = m < n ? m : n;
    bool full = c->param != 0;
    int64_t ucols = full ? m : k, vrows = full ? n : k;
    if (m == 0 || n == 0)
        return linalg_error(c, "Arrays cannot be empty");
    void *U = scratch(c, m * ucols), *VT = U ? scratch(c, vrows * n) : NULL, *S = VT ? scratch_real(c, k) : NULL;
    if (!S || !gesdd(c, a, full ? 'A' : 'S', S, U, VT, vrows))
        return false;
    void *u = result(c, 0, m, ucols), *s = u ? result_real(c, 1, k, 0) : NULL, *vh = s ? result(c, 2, vrows, n) : NULL;
    if (!vh)
        return false;
    store_f(c, u, U, m, ucols, m);
    memcpy(s, S, (size_t)k * c->rsz);
    store_f(c, vh, VT, vrows, n, vrows);
    return true;
}

/* (q, r), reduced */
static bool qr(Call *c, const JitcArg *a)
{
    int64_t m = a->shape[0], n = a->shape[1], k = m < n ? m : n;
    if (m == 0 || n == 0)
        return linalg_error(c, "Arrays cannot be empty");
    if (!all_finite(c, a) || too_big(c, m * n))
        return false;
    void *A = copy_in(c, a, false, m, 0), *tau = A ? scratch(c, k) : NULL;
    if (!tau)
        return false;
    int M = (int)m, N = (int)n, K = (int)k;
    int info = geqrf(c, M, N, A, tau);
    if (!converged(c, info))
        return false;
    void *q = result(c, 0, m, k), *r = q ? result(c, 1, k, n) : NULL;
    if (!r)
        return false;
    for (int64_t i = 0; i < k; i++) /* r: the upper triangle (and the rectangle right of it) */
        for (int64_t j = 0; j < n; j++)
            zput(c, r, i * n + j, j >= i ? zget(c, A, j * m + i) : 0.0);
    info = orgqr(c, M, K, A, tau);
    if (!converged(c, info))
        return false;
    store_f(c, q, A, m, k, m);
    return true;
}

static bool run(Call *c, int op, const JitcArg *in)
{
    switch (op) {
    case RT_LA_DOT: return dot(c, &in[0], &in[1], false);
    case RT_LA_VDOT: return dot(c, &in[0], &in[1], true);
    case RT_LA_OUTER: return outer(c, &in[0], &in[1]);
    case RT_LA_NORM: return norm(c, &in[0], false);
    case RT_LA_NORM_NONE: return norm(c, &in[0], true);
    case RT_LA_SOLVE: return solve(c, &in[0], &in[1]);
    case RT_LA_INV: return inv(c, &in[0]);
    case RT_LA_DET: return det(c, &in[0]);
    case RT_LA_LSTSQ: return lstsq(c, &in[0], &in[1]);
    case RT_LA_EIGH: return eigh(c, &in[0], true);
    case RT_LA_SVD: return svd(c, &in[0]);
    case RT_LA_CHOLESKY: return cholesky(c, &in[0]);
    case RT_LA_QR: return qr(c, &in[0]);
    case RT_LA_SLOGDET: return slogdet(c, &in[0]);
    case RT_LA_EIGVALSH: return eigh(c, &in[0], false);
    case RT_LA_EIG: return eig(c, &in[0], true);
    case RT_LA_EIGVALS: return eig(c, &in[0], false);
    }
    return raise_code(c, RT_EXC_VALUE, "ValueError: unknown linear algebra operation %d", op);
}

void jitc_rt_linalg(int32_t op, int32_t dtype, const JitcArg *in, int64_t nin, JitcArg *out, int64_t nout,
                    JitcMem **mems, double param, const char *where, JitcErr *err)
{
    (void)nin;
    int dp = dtype == RT_LA_FLOAT64 || dtype == RT_LA_COMPLEX128, cplx = dtype >= RT_LA_COMPLEX64;
    size_t rsz = dp ? sizeof(double) : sizeof(float);
    Call c = {.f64 = dp, .cplx = cplx, .isz = cplx ? 2 * rsz : rsz, .rsz = rsz, .in = in, .out = out,
              .mems = mems, .nout = (int)nout, .param = param, .where = where, .err = err};
    for (int k = 0; k < c.nout; k++)
        mems[k] = NULL;
    bool ok = run(&c, op, in);
    for (int i = 0; i < c.nscratch; i++)
        free(c.scratch[i]);
    if (ok)
        return;
    for (int k = 0; k < c.nout; k++) /* the results made before the error */
        if (mems[k]) {
            jitc_rt_free(mems[k]);
            mems[k] = NULL;
        }
}
