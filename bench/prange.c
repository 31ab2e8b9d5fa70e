/* prange.c — jitc's side of the CPU loop benchmarks: the loops of bench/prange.krn,
 * serial and with prange under parallel=True, best of 10 calls each. bench/run.sh sets them
 * beside Numba running the same source and beside bench/c_loops.c (plain C, -O3
 * -march=native). The trig loop also runs on bounded angles (`_bounded`), and the whole-array
 * trig on float64 and int64 (`_i64`) arange. Prints `NAME ms`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/clock.h"
#include "bench/loop_inputs.h"
#include "jitc.h"

enum { N = LOOP_N, SIDE = LOOP_SIDE };

static DLTensor array(double *data, int ndim, int64_t *shape)
{
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = ndim, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    return t;
}

static int best_of_10(jitc_module *m, const char *name, const char *suffix, jitc_value *args, int nargs)
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
        jitc_result_free(&r); /* a returned array: freed after the clock stops */
    }
    printf("%s%s %.3f\n", name, suffix, best);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "bench/prange.krn";
    LoopInputs in = loop_inputs();
    double *x = in.x, *out = in.out, *a = in.a, *b = in.b;
    jitc_context *ctx;
    jitc_module *m;
    if (jitc_context_create(NULL, &ctx) != JITC_OK || jitc_module_compile_file(ctx, path, &m) != JITC_OK)
        return fprintf(stderr, "cannot compile %s\n", path), 1;
    int64_t n[1] = {N}, side[2] = {SIDE, SIDE};
    DLTensor tx = array(x, 1, n), to = array(out, 1, n), ta = array(a, 2, side), tb = array(b, 2, side);
    jitc_value trig[2] = {jitc_array(&tx), jitc_array(&to)}, sum[1] = {jitc_array(&tx)},
               stencil[2] = {jitc_array(&ta), jitc_array(&tb)};
    int bad = best_of_10(m, "trig_serial", "", trig, 2) || best_of_10(m, "trig_parallel", "", trig, 2) ||
              best_of_10(m, "sum_serial", "", sum, 1) || best_of_10(m, "sum_parallel", "", sum, 1) ||
              best_of_10(m, "sum_fastmath_serial", "", sum, 1) || best_of_10(m, "sum_fastmath_parallel", "", sum, 1) ||
              best_of_10(m, "stencil_serial", "", stencil, 2) || best_of_10(m, "stencil_parallel", "", stencil, 2) ||
              best_of_10(m, "slice_stencil_serial", "", stencil, 2) ||
              best_of_10(m, "slice_stencil_parallel", "", stencil, 2);
    int64_t ishape[1] = {N};
    DLTensor tix = {.data = in.ix, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = ishape};
    jitc_value whole[1] = {jitc_array(&tx)}, whole_i64[1] = {jitc_array(&tix)};
    bad = bad || best_of_10(m, "array_trig_serial", "", whole, 1) || best_of_10(m, "array_trig_parallel", "", whole, 1) ||
          best_of_10(m, "array_trig_serial", "_i64", whole_i64, 1) ||
          best_of_10(m, "array_trig_parallel", "_i64", whole_i64, 1);
    loop_inputs_bounded(&in);
    bad = bad || best_of_10(m, "trig_serial", "_bounded", trig, 2) || best_of_10(m, "trig_parallel", "_bounded", trig, 2);
    jitc_context_destroy(ctx);
    loop_inputs_free(&in);
    return bad;
}
