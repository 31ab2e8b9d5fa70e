/* c_loops.c — the loops of bench/prange.krn as plain C (bench/c_loops.h), the baseline of
 * bench/run.sh: built by gcc and by clang. Prints `NAME ms` lines, best of 10 calls. */
#include <stdio.h>

#include "bench/c_loops.h"
#include "bench/clock.h"

static volatile double sink;
static double *made;

#define BEST_OF_10(NAME, CALL)                                                                                    \
    do {                                                                                                          \
        double best = 1e30;                                                                                       \
        for (int rep = 0; rep < 11; rep++) { /* the first call warms up */                                        \
            double t = now_ms();                                                                                  \
            CALL;                                                                                                 \
            t = now_ms() - t;                                                                                     \
            best = rep && t < best ? t : best;                                                                    \
            free(made), made = NULL;                                                                              \
        }                                                                                                         \
        printf("%s %.3f\n", NAME, best);                                                                          \
    } while (0)

int main(void)
{
    LoopInputs in = loop_inputs();
    double *x = in.x, *out = in.out, *a = in.a, *b = in.b;
    BEST_OF_10("trig_serial", trig_serial(x, out, N));
    BEST_OF_10("trig_parallel", trig_parallel(x, out, N));
    BEST_OF_10("sum_serial", sink = sum_serial(x, N));
    BEST_OF_10("sum_parallel", sink = sum_parallel(x, N));
    BEST_OF_10("sum_fastmath_serial", sink = sum_fastmath_serial(x, N));
    BEST_OF_10("sum_fastmath_parallel", sink = sum_fastmath_parallel(x, N));
    BEST_OF_10("copy_serial", copy_array(a, b, (long)SIDE * SIDE, 0));
    BEST_OF_10("copy_parallel", copy_array(a, b, (long)SIDE * SIDE, 1));
    BEST_OF_10("stencil_serial", stencil(a, b, SIDE, SIDE, 0));
    BEST_OF_10("stencil_parallel", stencil(a, b, SIDE, SIDE, 1));
    BEST_OF_10("slice_stencil_serial", slice_stencil(a, b, SIDE, SIDE, 0));
    BEST_OF_10("slice_stencil_parallel", slice_stencil(a, b, SIDE, SIDE, 1));
    BEST_OF_10("array_trig_serial", made = array_trig(x, NULL, N, 0));
    BEST_OF_10("array_trig_parallel", made = array_trig(x, NULL, N, 1));
    BEST_OF_10("array_trig_serial_i64", made = array_trig(NULL, in.ix, N, 0));
    BEST_OF_10("array_trig_parallel_i64", made = array_trig(NULL, in.ix, N, 1));
    loop_inputs_bounded(&in);
    BEST_OF_10("trig_serial_bounded", trig_serial(x, out, N));
    BEST_OF_10("trig_parallel_bounded", trig_parallel(x, out, N));
    loop_inputs_free(&in);
    return 0;
}
