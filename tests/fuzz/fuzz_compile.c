/* fuzz_compile.c — libFuzzer harness of the module compiler: source → tokens → AST → typed IR →
 * LLVM IR (make fuzz).
 *
 * Seven inputs in eight are read as the choices of tests/fuzz/progen.c, so they are programs with
 * valid indentation that type-check and reach code generation, however libFuzzer mutates them;
 * the eighth (first byte % 8 == 7) is taken as source text as it is, for the lexer and parser.
 * Every function of a module that compiles is lowered to LLVM IR for progen's signature, or for
 * its own decorator signature. At exit the harness says what share of inputs reached code
 * generation. Errors are fine; a crash, a sanitizer report, a leak or a hang is a finding. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"
#include "progen.h"

static jitc_context *ctx;
static unsigned long inputs[2], reached_codegen[2]; /* [0] source text, [1] generated */

static double percent(unsigned long part, unsigned long whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static void report(void)
{
    unsigned long all = inputs[0] + inputs[1], reached = reached_codegen[0] + reached_codegen[1];
    fprintf(stderr,
            "fuzz_compile: %lu inputs, %lu reached code generation (%.0f%%); generated programs %lu, %.0f%% of them; "
            "source text %lu, %.0f%% of it\n",
            all, reached, percent(reached, all), inputs[1], percent(reached_codegen[1], inputs[1]), inputs[0],
            percent(reached_codegen[0], inputs[0]));
    jitc_context_destroy(ctx);
}

/* Lowers every function of mod; whether one of them reached LLVM IR. */
static int lower_all(jitc_module *mod, bool generated)
{
    int lowered = 0, count = jitc_module_function_count(mod);
    for (int i = 0; i < count; i++) {
        jitc_function *fn;
        const char *text;
        if (jitc_module_function(mod, jitc_module_function_name(mod, i), &fn) != JITC_OK)
            continue;
        const char *sig = generated ? PROGEN_SIGNATURE : NULL; /* NULL: its own, if it has one */
        lowered |= jitc_function_emit(fn, sig, JITC_EMIT_LLVM_RAW, &text) == JITC_OK;
    }
    return lowered;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ctx) {
        if (jitc_context_create(NULL, &ctx) != JITC_OK)
            abort();
        atexit(report);
    }
    if (size == 0)
        return 0;
    bool generated = data[0] % 8 != 7; /* not 0: libFuzzer favours zero bytes */
    ProgenInfo info;
    char *source = generated ? progen_program(data + 1, size - 1, &info) : NULL;
    const char *text = generated ? source : (const char *)data + 1;
    size_t len = generated ? (source ? strlen(source) : 0) : size - 1;
    if (generated && !source)
        return 0;
    inputs[generated]++;
    jitc_module *mod = NULL;
    if (jitc_module_compile(ctx, "fuzz.py", text, len, &mod) == JITC_OK)
        reached_codegen[generated] += lower_all(mod, generated);
    jitc_module_destroy(mod);
    free(source);
    return 0;
}
