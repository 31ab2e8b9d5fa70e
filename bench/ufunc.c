/* ufunc.c — the tutorials' trig ufunc, cos(x)**2 + sin(x)**2, on 10^7 float32 through
 * jitc_ufunc_call, targets cpu and parallel, on two inputs: the tutorial's arange(1e7) (large
 * angles, where libmvec's float64 sin/cos leave their fastest path) and bounded angles in
 * [0, 2pi). Prints `NAME/INPUT ms`, the best of 10 calls, for bench/run.sh to set beside
 * Numba's @vectorize measured in the same run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/clock.h"
#include "jitc.h"

static const char SRC[] = "import math\n"
                          "from numba import vectorize\n"
                          "@vectorize(['float32(float32)'])\n"
                          "def trig_cpu(x):\n"
                          "    return math.cos(x) ** 2 + math.sin(x) ** 2\n"
                          "@vectorize(['float32(float32)'], target='parallel')\n"
                          "def trig_parallel(x):\n"
                          "    return math.cos(x) ** 2 + math.sin(x) ** 2\n";

static double best_ms;

/* Best of 10 calls into best_ms, after a first one; checks the result is all ones. */
static int time_ufunc(jitc_function *fn, jitc_value *in, DLTensor *to, const float *out, int n)
{
    jitc_result r;
    if (jitc_ufunc_call(fn, in, 1, to, &r) != JITC_OK)
        return fprintf(stderr, "%s\n", r.message), 1;
    best_ms = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        double t = now_ms();
        jitc_ufunc_call(fn, in, 1, to, NULL);
        t = now_ms() - t;
        best_ms = t < best_ms ? t : best_ms;
    }
    for (int i = 0; i < n; i += 9973)
        if (out[i] < 1.f - 1e-6f || out[i] > 1.f + 1e-6f)
            return fprintf(stderr, "wrong result %g at %d\n", out[i], i), 1;
    return 0;
}

int main(void)
{
    enum { N = 10000000 };
    float *x = malloc(sizeof(float) * N), *out = malloc(sizeof(float) * N);
    for (int i = 0; i < N; i++)
        x[i] = (float)i;
    jitc_context *ctx;
    jitc_module *m;
    if (!x || !out || jitc_context_create(NULL, &ctx) != JITC_OK ||
        jitc_module_compile(ctx, "trig.krn", SRC, strlen(SRC), &m) != JITC_OK)
        return 1;
    int64_t shape[1] = {N};
    DLTensor tx = {.data = x, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 32, 1}, .shape = shape};
    DLTensor to = tx;
    to.data = out;
    jitc_value in[1] = {jitc_array(&tx)};
    const char *names[2] = {"trig_cpu", "trig_parallel"}, *inputs[2] = {"arange", "bounded"};
    for (int input = 0; input < 2; input++) { /* the tutorial's arange(1e7), then angles in [0, 2pi) */
        for (int i = 0; i < N; i++)
            x[i] = input == 0 ? (float)i : (float)(i % 1000) * 0.00628f;
        for (int k = 0; k < 2; k++) {
            jitc_function *fn;
            if (jitc_module_function(m, names[k], &fn) != JITC_OK || time_ufunc(fn, in, &to, out, N) != 0)
                return 1;
            printf("%s/%s %.3f\n", names[k], inputs[input], best_ms);
        }
    }
    jitc_context_destroy(ctx);
    free(x);
    free(out);
    return 0;
}
