/* stencil.c — jitc's side of the @stencil benchmark: the functions of bench/stencil.krn on a
 * 2000x2000 float64 array, best of 10 calls each (the returned array freed after the clock
 * stops). bench/stencil.sh sets them beside Numba running the same source. Prints `NAME ms`. */
#include <stdio.h>
#include <stdlib.h>

#include "bench/clock.h"
#include "jitc.h"

enum { SIDE = 2000 };

static int best_of_10(jitc_module *m, const char *name, jitc_value *args, int nargs)
{
    jitc_function *fn;
    jitc_result r;
    if (jitc_module_function(m, name, &fn) != JITC_OK || jitc_call(fn, args, nargs, &r) != JITC_OK)
        return fprintf(stderr, "%s: %s\n", name, r.message), 1;
    jitc_result_free(&r);
    double best = 1e30;
    for (int rep = 0; rep < 10; rep++) {
        double t = now_ms();
        jitc_call(fn, args, nargs, &r);
        t = now_ms() - t;
        best = t < best ? t : best;
        jitc_result_free(&r);
    }
    printf("%s %.3f\n", name, best);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "bench/stencil.krn";
    double *a = malloc(sizeof *a * SIDE * SIDE);
    if (!a)
        return 1;
    for (long i = 0; i < (long)SIDE * SIDE; i++) /* as stencil.sh's NumPy input: (arange % 977) as float64 */
        a[i] = (double)(i % 977);
    jitc_context *ctx;
    jitc_module *m;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile_file(ctx, path, &m) != JITC_OK)
        return fprintf(stderr, "cannot compile %s\n", path), 1;
    int64_t shape[2] = {SIDE, SIDE};
    DLTensor t = {.data = a, .device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    jitc_value args[1] = {jitc_array(&t)};
    int bad = best_of_10(m, "kernel1_serial", args, 1) || best_of_10(m, "kernel1_parallel", args, 1) ||
              best_of_10(m, "box5_serial", args, 1) || best_of_10(m, "box5_parallel", args, 1);
    jitc_context_destroy(ctx);
    free(a);
    return bad;
}
