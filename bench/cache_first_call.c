/* cache_first_call.c — the first call in a fresh process, as the on-disk cache changes it: a
 * host function (a whole-array expression over a prange loop's helper) or a GPU kernel (saxpy,
 * launched on host arrays), from creating the context to the call's result. bench/cache.sh runs
 * it against an empty cache (cold), a filled one (warm), and with the cache off, in separate
 * processes. Prints "total MS"; exit 3 when "gpu" finds no device. Usage: cache_first_call host|gpu */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/clock.h"
#include "jitc.h"

static const char SOURCE[] = "import numpy as np\n"
                             "from numba import njit, prange, cuda\n"
                             "@njit\n"
                             "def weight(x):\n"
                             "    return 0.5 * x + 1.0\n"
                             "@njit(parallel=True)\n"
                             "def host(a):\n"
                             "    s = 0.0\n"
                             "    for i in prange(a.shape[0]):\n"
                             "        s += weight(a[i])\n"
                             "    b = np.cos(a) ** 2 + np.sin(a) ** 2\n"
                             "    return s + b.sum()\n"
                             "@cuda.jit\n"
                             "def gpu(a, x, y, out):\n"
                             "    i = cuda.grid(1)\n"
                             "    if i < out.shape[0]:\n"
                             "        out[i] = a * x[i] + y[i]\n";

enum { N = 1 << 16 };
static double x[N], y[N], out[N];

int main(int argc, char **argv)
{
    bool gpu = argc > 1 && strcmp(argv[1], "gpu") == 0;
    for (int i = 0; i < N; i++)
        x[i] = i * 1e-3, y[i] = 1.0;
    double t0 = now_ms();
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile(ctx, "bench.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK ||
        jitc_module_function(m, gpu ? "gpu" : "host", &fn) != JITC_OK)
        return 1;
    int64_t n = N;
    DLTensor tx = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = &n};
    DLTensor ty = tx, to = tx;
    ty.data = y;
    to.data = out;
    jitc_result r;
    jitc_status st;
    if (gpu) {
        jitc_value args[4] = {jitc_f64(2.0), jitc_array(&tx), jitc_array(&ty), jitc_array(&to)};
        jitc_launch_config cfg = {.grid = {(N + 255) / 256}, .block = {256}};
        st = jitc_launch(fn, &cfg, args, 4, &r);
        if (st == JITC_ERR_NO_DEVICE) {
            printf("no device: %s\n", r.message);
            return 3;
        }
        st = st == JITC_OK && out[N - 1] == 2.0 * x[N - 1] + 1.0 ? JITC_OK : JITC_ERR_RUNTIME;
    } else {
        jitc_value a = jitc_array(&tx);
        st = jitc_call(fn, &a, 1, &r);
        double want = 0.5 * (N - 1) * N * 1e-3 / 2 * 1.0 + N + N; /* sum(0.5 x + 1) + sum(1) */
        st = st == JITC_OK && fabs(r.value.f64 - want) < 1e-6 * want ? JITC_OK : JITC_ERR_RUNTIME;
    }
    double t1 = now_ms();
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    if (st != JITC_OK) {
        fprintf(stderr, "cache_first_call %s: wrong result (%s)\n", gpu ? "gpu" : "host", r.message);
        return 1;
    }
    printf("total %.2f\n", t1 - t0);
    return 0;
}
