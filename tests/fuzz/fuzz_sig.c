/* fuzz_sig.c — libFuzzer harness of the signature parser and the typing it leads to: any bytes
 * as the signature of a few fixed functions (scalars, arrays, tuples, a call), typed and shown
 * as jitc's IR. A signature error is fine; a crash, a sanitizer report or a leak is a finding. */
#include <stdlib.h>
#include <string.h>

#include "jitc.h"

static const char SOURCE[] =
    "import numpy as np\n"
    "from numba import njit\n"
    "@njit\n"
    "def add(x, y):\n"
    "    return x + y\n"
    "@njit\n"
    "def first(a, i):\n"
    "    return a[i]\n"
    "@njit\n"
    "def total(a):\n"
    "    s = 0\n"
    "    for v in a.flat:\n"
    "        s += v\n"
    "    return s\n"
    "@njit\n"
    "def pair(t):\n"
    "    return t[0], len(t)\n";

static jitc_context *ctx;
static jitc_module *mod;

static void release(void)
{
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) {
        if (jitc_context_create(NULL, &ctx) != JITC_OK ||
            jitc_module_compile(ctx, "sig.py", SOURCE, strlen(SOURCE), &mod) != JITC_OK)
            abort();
        atexit(release);
    }
    if (size == 0)
        return 0;
    char *sig = malloc(size);
    if (!sig)
        return 0;
    memcpy(sig, data + 1, size - 1);
    sig[size - 1] = '\0';
    static const char *const names[] = {"add", "first", "total", "pair"};
    jitc_function *fn;
    const char *text;
    if (jitc_module_function(mod, names[data[0] % 4], &fn) == JITC_OK)
        jitc_function_emit(fn, sig, JITC_EMIT_IR, &text);
    free(sig);
    return 0;
}
