/* recursion.c — what the RecursionError check costs: fib(32), about 7
 * million calls of a function in a call cycle each doing almost nothing, called through
 * jitc_call; the best of ROUNDS runs, after a first call that compiles. bench/recursion.sh
 * builds it against two libjitc.a (before and after) and prints the ratio. Prints
 * "fib(32) best MS ms" and exits 1 if a result is wrong. */
#include <stdio.h>
#include <string.h>

#include "bench/clock.h"
#include "jitc.h"

enum { ROUNDS = 15 };

static const char SOURCE[] = "from numba import njit\n"
                             "@njit\n"
                             "def fib(n):\n"
                             "    if n < 2:\n"
                             "        return n\n"
                             "    return fib(n - 1) + fib(n - 2)\n";

int main(void)
{
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    if (jitc_context_create(NULL, &ctx) != JITC_OK ||
        jitc_module_compile(ctx, "fib.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK ||
        jitc_module_function(m, "fib", &fn) != JITC_OK)
        return 1;
    jitc_value arg = jitc_i64(32);
    jitc_result r;
    if (jitc_call(fn, &arg, 1, &r) != JITC_OK || r.value.i != 2178309) /* compiles */
        return 1;
    double best = 1e30;
    for (int i = 0; i < ROUNDS; i++) {
        double t0 = now_ms();
        if (jitc_call(fn, &arg, 1, &r) != JITC_OK || r.value.i != 2178309)
            return 1;
        double t = now_ms() - t0;
        best = t < best ? t : best;
    }
    printf("fib(32) best %.3f ms\n", best);
    jitc_context_destroy(ctx);
    return 0;
}
