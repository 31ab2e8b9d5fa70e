/* first_call.c — the latency of a first call in a fresh process: creating a context (LLVM's
 * target and the JIT), parsing and typing a module, generating and optimizing code, calling.
 * Each phase is timed separately; run it several times (bench/run.sh does) since only the
 * first call in a process is of interest. Prints one line of milliseconds. */
#include <stdio.h>
#include <string.h>

#include "bench/clock.h"
#include "jitc.h"

static const char SOURCE[] = "from numba import njit\n"
                             "@njit\n"
                             "def fib(n):\n"
                             "    if n < 2:\n"
                             "        return n\n"
                             "    return fib(n - 1) + fib(n - 2)\n";

int main(void)
{
    double t0 = now_ms();
    jitc_context *ctx;
    if (jitc_context_create(NULL, &ctx) != JITC_OK)
        return 1;
    double t1 = now_ms();
    jitc_module *m;
    if (jitc_module_compile(ctx, "fib.krn", SOURCE, strlen(SOURCE), &m) != JITC_OK)
        return 1;
    jitc_function *fn;
    jitc_module_function(m, "fib", &fn);
    double t2 = now_ms();
    jitc_value arg = jitc_i64(20);
    jitc_result r;
    if (jitc_call(fn, &arg, 1, &r) != JITC_OK || r.value.i != 6765)
        return 1;
    double t3 = now_ms();
    if (jitc_call(fn, &arg, 1, &r) != JITC_OK)
        return 1;
    double t4 = now_ms();
    printf("context %.2f ms, parse+resolve %.2f ms, first call (type, codegen, O3, JIT, run) %.2f ms, "
           "total %.2f ms; second call %.3f ms\n", t1 - t0, t2 - t1, t3 - t2, t3 - t0, t4 - t3);
    jitc_context_destroy(ctx);
    return 0;
}
