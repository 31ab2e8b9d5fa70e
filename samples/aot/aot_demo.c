/* aot_demo.c — a C program that uses kernels compiled ahead of time: kernels.h and kernels.o
 * come from `jitc build kernels.krn` (see Makefile), and the program links libjitcrt only, no
 * compiler. It calls each kind of entry (host functions with scalars, arrays, a returned array
 * and a tuple; a ufunc over broadcast arrays; a GPU kernel's launcher), checks each result
 * against plain C, and prints what it checked. Exit status 0 when every check passed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels.h"

static int failures;

static void check(bool ok, const char *what)
{
    printf("  %-58s %s\n", what, ok ? "ok" : "FAIL");
    failures += !ok;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static DLTensor vector(void *data, int64_t *n, uint8_t code, uint8_t bits)
{
    return (DLTensor){.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {code, bits, 1}, .shape = n};
}

enum { N = 1 << 20 };

static void host_functions(double *x, double *y)
{
    int64_t n = N;
    DLTensor tx = vector(x, &n, kDLFloat, 64), ty = vector(y, &n, kDLFloat, 64);
    double t0 = now_ms();
    double d = dot__a1Af64_a1Af64(&tx, &ty);
    double t1 = now_ms(), c = 0;
    for (int i = 0; i < N; i++)
        c += x[i] * y[i];
    double t2 = now_ms();
    check(d == c, "dot(float64[:], float64[:]) equals the C loop");
    printf("    dot of 2^20: %.3f ms, C loop %.3f ms\n", t1 - t0, t2 - t1);
    check(twice__i64(21) == 42 && twice__f64(1.25) == 2.5, "twice(int64) and twice(float64)");

    DLManagedTensor *r = trig__a1Af64(&tx);
    bool ones = r && r->dl_tensor.ndim == 1 && r->dl_tensor.shape[0] == N;
    for (int i = 0; ones && i < N; i++)
        ones = fabs(((double *)r->dl_tensor.data)[i] - 1.0) < 1e-12;
    check(ones, "trig(x) = cos(x)**2 + sin(x)**2: a new array of ones");
    if (r)
        r->deleter(r);

    int64_t q = 0, m = 0;
    divmod_py__i64_i64(-7, 2, &q, &m);
    check(q == -4 && m == 1, "divmod_py(-7, 2) == (-4, 1), Python's floor division");

    jitcrt_clear_error();
    double v = at__a1Af64_i64(&tx, N); /* one past the end: IndexError */
    const char *e = jitcrt_last_error();
    check(v == 0 && e && strstr(e, "IndexError: index 1048576 is out of bounds"), "at(x, len(x)) raises IndexError");
}

static void ufunc(double *x, double *y)
{
    int64_t n = N, one = 1;
    double *out = malloc(sizeof *out * N), y0 = 4.0;
    DLTensor tx = vector(x, &n, kDLFloat, 64), ty = vector(&y0, &one, kDLFloat, 64), to = vector(out, &n, kDLFloat, 64);
    double t0 = now_ms();
    int st = hypot__f64_f64(&tx, &ty, &to);
    double t1 = now_ms();
    bool same = st == JITCRT_OK;
    for (int i = 0; same && i < N; i++)
        same = out[i] == sqrt(x[i] * x[i] + 16.0);
    check(same, "hypot(x, [4.0]) broadcasts and matches C");
    printf("    parallel ufunc over 2^20: %.3f ms\n", t1 - t0);
    DLTensor wrong = vector(y, &n, kDLFloat, 32);
    st = hypot__f64_f64(&tx, &wrong, &to);
    check(st == JITCRT_ERR_ARGUMENT && strstr(jitcrt_last_error(), "float32 array where the signature takes float64"),
          "a float32 array for a float64 signature is refused");
    printf("    %s\n", jitcrt_last_error());
    free(out);
}

static void gpu_kernel(void)
{
    int64_t n = N;
    float *x = malloc(sizeof *x * N), *y = malloc(sizeof *y * N), *out = calloc(N, sizeof *out);
    for (int i = 0; i < N; i++) {
        x[i] = (float)i;
        y[i] = 1.0f;
    }
    DLTensor tx = vector(x, &n, kDLFloat, 32), ty = vector(y, &n, kDLFloat, 32), to = vector(out, &n, kDLFloat, 32);
    unsigned block[3] = {256, 1, 1}, grid[3] = {(N + 255) / 256, 1, 1};
    double t0 = now_ms();
    int st = saxpy__f32_a1Cf32_a1Cf32_a1Cf32(grid, block, 0, NULL, 2.0f, &tx, &ty, &to);
    double t1 = now_ms();
    if (st == JITCRT_ERR_NO_DEVICE) {
        printf("  GPU: skipped, %s\n", jitcrt_last_error());
    } else {
        bool same = st == JITCRT_OK;
        for (int i = 0; same && i < N; i++)
            same = fabsf(out[i] - (2.0f * x[i] + y[i])) <= 1e-6f * fabsf(2.0f * x[i] + y[i]);
        check(same, "saxpy launched on the GPU (host arrays copied in and out)");
        if (st != JITCRT_OK)
            printf("    %s\n", jitcrt_last_error());
        printf("    first launch, PTX load and copies included: %.1f ms\n", t1 - t0);
        st = shift_left__a1Cf32_a1Cf32(grid, block, 0, NULL, &tx, &to);
        check(st == JITCRT_ERR_RUNTIME && strstr(jitcrt_last_error(), "IndexError") &&
                  strstr(jitcrt_last_error(), "kernels.krn:59:18"),
              "an index out of range in a kernel with boundscheck=True is a located IndexError");
        printf("    %s\n", jitcrt_last_error());
    }
    free(x);
    free(y);
    free(out);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* in order with the IndexError libjitcrt prints on stderr */
    double *x = malloc(sizeof *x * N), *y = malloc(sizeof *y * N);
    for (int i = 0; i < N; i++) {
        x[i] = i * 1e-3;
        y[i] = 1.0 / (i + 1);
    }
    printf("jitc build objects, linked with libjitcrt (no compiler in this program):\n");
    host_functions(x, y);
    ufunc(x, y);
    gpu_kernel();
    free(x);
    free(y);
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
