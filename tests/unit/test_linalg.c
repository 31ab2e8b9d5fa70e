/* test_linalg.c — linear algebra through the C API (runtime/linalg.c) on inputs of every layout:
 * strided (every other row and column of a larger buffer), transposed (Fortran strides), C order.
 * Each result is checked against C loops here (a @ v, the residual of solve, inv(a) @ a = I, det,
 * the 1-norm, eig's a v = v diag(w)) and against the same call on a C-contiguous copy; the errors (a singular matrix,
 * sizes that do not match) come back as located exceptions with the arrays made so far released
 * (the sanitized build's LeakSanitizer checks that). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

static const char SRC[] = "import numpy as np\n"
                          "from numba import njit\n"
                          "@njit\n"
                          "def la(a, v):\n"
                          "    return a @ v, np.linalg.solve(a, v), np.linalg.det(a), np.linalg.norm(a, 1), "
                          "np.linalg.inv(a) @ a, np.dot(v, v)\n"
                          "@njit\n"
                          "def la32(a, v):\n"
                          "    return a @ v, np.linalg.solve(a, v)\n"
                          "@njit\n"
                          "def eig(a):\n"
                          "    w, v = np.linalg.eig(a)\n"
                          "    return w, v, np.linalg.eigvals(a), np.linalg.slogdet(a)[1]\n";

enum { N = 3 };

static int setup(void **state) { return fixture_setup(state, "linalg.krn", SRC); }

/* a[i][j] of a DLTensor of doubles with element strides (or C order when NULL) */
static double at2(const DLTensor *t, int i, int j)
{
    int64_t s0 = t->strides ? t->strides[0] : t->shape[1], s1 = t->strides ? t->strides[1] : 1;
    return ((const double *)t->data)[i * s0 + j * s1];
}

static double at1(const DLTensor *t, int i) { return ((const double *)t->data)[i * (t->strides ? t->strides[0] : 1)]; }

static jitc_result call_la(Fixture *f, DLTensor *a, DLTensor *v)
{
    jitc_function *fn = function_or_fail(f->m, "la");
    jitc_value args[2] = {jitc_array(a), jitc_array(v)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    assert_int_equal(r.nitems, 6);
    return r;
}

/* The results of la(a, v), checked against loops over a and v themselves. */
static void check_results(const DLTensor *a, const DLTensor *v, const jitc_result *r)
{
    const DLTensor *av = r->items[0].array, *x = r->items[1].array, *ia = r->items[4].array;
    double norm1 = 0, vv = 0;
    for (int i = 0; i < N; i++) {
        double dot = 0, ax = 0, col = 0;
        for (int j = 0; j < N; j++) {
            dot += at2(a, i, j) * at1(v, j);
            ax += at2(a, i, j) * at1(x, j);
            col += fabs(at2(a, j, i));
            assert_true(fabs(at2(ia, i, j) - (i == j)) < 1e-12);
        }
        assert_true(fabs(at1(av, i) - dot) < 1e-12);
        assert_true(fabs(ax - at1(v, i)) < 1e-12);
        norm1 = col > norm1 ? col : norm1;
        vv += at1(v, i) * at1(v, i);
    }
    double d = at2(a, 0, 0) * (at2(a, 1, 1) * at2(a, 2, 2) - at2(a, 1, 2) * at2(a, 2, 1)) -
               at2(a, 0, 1) * (at2(a, 1, 0) * at2(a, 2, 2) - at2(a, 1, 2) * at2(a, 2, 0)) +
               at2(a, 0, 2) * (at2(a, 1, 0) * at2(a, 2, 1) - at2(a, 1, 1) * at2(a, 2, 0));
    assert_true(fabs(r->items[2].f64 - d) < 1e-9);
    assert_true(r->items[3].f64 == norm1);
    assert_true(r->items[5].f64 == vv);
}

static const double M[N][N] = {{4, 1, 2}, {1.5, 5, 3}, {2, -3, 6}};
static const double V[N] = {1, -2, 3.5};

static void test_layouts_give_the_same_results(void **state)
{
    Fixture *f = *state;
    /* C order */
    double c[N * N], vc[N];
    memcpy(c, M, sizeof c);
    memcpy(vc, V, sizeof vc);
    int64_t shape2[2] = {N, N}, shape1[1] = {N};
    DLTensor ct = {.data = c, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape2};
    DLTensor vt = {.data = vc, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape1};
    jitc_result rc = call_la(f, &ct, &vt);
    check_results(&ct, &vt, &rc);
    /* every other row and column of a 6 x 6 buffer, and every other element of a vector */
    double big[2 * N * 2 * N], vbig[2 * N];
    for (int k = 0; k < 4 * N * N; k++)
        big[k] = 1e300; /* what lies between must never be read */
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            big[(2 * i) * (2 * N) + 2 * j] = M[i][j];
        vbig[2 * i] = V[i];
        vbig[2 * i + 1] = 1e300;
    }
    int64_t sstr[2] = {4 * N, 2}, vstr[1] = {2};
    DLTensor st = ct, sv = vt;
    st.data = big, st.strides = sstr;
    sv.data = vbig, sv.strides = vstr;
    jitc_result rs = call_la(f, &st, &sv);
    check_results(&st, &sv, &rs);
    /* Fortran order: the transpose's buffer with swapped strides */
    double fo[N * N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            fo[j * N + i] = M[i][j];
    int64_t fstr[2] = {1, N};
    DLTensor ft = ct;
    ft.data = fo, ft.strides = fstr;
    jitc_result rf = call_la(f, &ft, &vt);
    check_results(&ft, &vt, &rf);
    for (int k = 0; k < N; k++) { /* the same numbers whatever the layout */
        assert_true(at1(rs.items[1].array, k) == at1(rc.items[1].array, k));
        assert_true(at1(rf.items[1].array, k) == at1(rc.items[1].array, k));
    }
    jitc_result_free(&rc);
    jitc_result_free(&rs);
    jitc_result_free(&rf);
}

static void test_float32_strided(void **state)
{
    Fixture *f = *state;
    float a[2 * N * N], v[N];
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            a[i * 2 * N + j] = (float)M[i][j];
            a[i * 2 * N + N + j] = 1e30f;
        }
        v[i] = (float)V[i];
    }
    int64_t shape2[2] = {N, N}, shape1[1] = {N}, str[2] = {2 * N, 1};
    DLTensor at = {.data = a, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 32, 1}, .shape = shape2,
                   .strides = str};
    DLTensor vt = {.data = v, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape1};
    jitc_function *fn = function_or_fail(f->m, "la32");
    jitc_value args[2] = {jitc_array(&at), jitc_array(&vt)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    const float *av = r.items[0].array->data, *x = r.items[1].array->data;
    assert_int_equal(r.items[0].array->dtype.bits, 32);
    for (int i = 0; i < N; i++) {
        float dot = 0, ax = 0;
        for (int j = 0; j < N; j++) {
            dot += (float)M[i][j] * v[j];
            ax += (float)M[i][j] * x[j];
        }
        assert_true(fabsf(av[i] - dot) < 1e-5f);
        assert_true(fabsf(ax - v[i]) < 1e-4f);
    }
    jitc_result_free(&r);
}

static void test_errors_are_located_and_release_arrays(void **state)
{
    Fixture *f = *state;
    double s[4] = {1, 2, 2, 4}, v[3] = {1, 2, 3};
    int64_t shape2[2] = {2, 2}, shape1[1] = {2}, shape3[1] = {3};
    DLTensor st = {.data = s, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape2};
    DLTensor vt = {.data = v, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape1};
    jitc_function *fn = function_or_fail(f->m, "la");
    jitc_value args[2] = {jitc_array(&st), jitc_array(&vt)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME); /* a @ v was made, then solve raised */
    assert_non_null(strstr(r.message, "linalg.krn:5:"));
    assert_non_null(strstr(r.message, "LinAlgError: Matrix is singular to machine precision."));
    jitc_result_free(&r);
    vt.shape = shape3;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "ValueError: incompatible array sizes for np.dot(a, b) (matrix * vector)"));
    jitc_result_free(&r);
}

/* eig of a Fortran-ordered matrix: a v[:, k] = w[k] v[:, k], eigvals the same w; complex eigenvalues
 * raise, releasing nothing twice */
static void test_eig_of_fortran_order(void **state)
{
    Fixture *f = *state;
    static const double T[N][N] = {{2, 1, 0}, {0.5, 3, 1}, {0, 0, 5}};
    double fo[N * N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            fo[j * N + i] = T[i][j];
    int64_t shape2[2] = {N, N}, fstr[2] = {1, N};
    DLTensor ft = {.data = fo, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape2,
                   .strides = fstr};
    jitc_function *fn = function_or_fail(f->m, "eig");
    jitc_value args[1] = {jitc_array(&ft)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_OK);
    const DLTensor *w = r.items[0].array, *v = r.items[1].array, *w2 = r.items[2].array;
    double logdet = 0;
    for (int k = 0; k < N; k++) {
        assert_true(at1(w2, k) == at1(w, k));
        logdet += log(fabs(at1(w, k)));
        for (int i = 0; i < N; i++) {
            double av = 0;
            for (int j = 0; j < N; j++)
                av += T[i][j] * at2(v, j, k);
            assert_true(fabs(av - at1(w, k) * at2(v, i, k)) < 1e-12);
        }
    }
    assert_true(fabs(r.items[3].f64 - logdet) < 1e-12);
    jitc_result_free(&r);
    fo[1] = -1; /* a[1][0] = -1: the leading 2 x 2 block has complex eigenvalues */
    fo[3] = 4;
    assert_int_equal(jitc_call(fn, args, 1, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "ValueError: eig() argument must not cause a domain change."));
    jitc_result_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layouts_give_the_same_results),
        cmocka_unit_test(test_float32_strided),
        cmocka_unit_test(test_errors_are_located_and_release_arrays),
        cmocka_unit_test(test_eig_of_fortran_order),
    };
    return cmocka_run_group_tests(tests, setup, fixture_teardown);
}
