/* fuzz_compile.c — libFuzzer harness of the whole host pipeline through the C API: source →
 * tokens → AST → typed IR → LLVM IR → optimized code linked by the JIT → a call (make fuzz).
 *
 * Seven inputs in eight are read as the choices of tests/fuzz/progen.c, so they are programs with
 * valid indentation that type-check and reach code generation, however libFuzzer mutates them;
 * each of their functions is compiled for progen's signature and called with the arguments
 * progen's programs take (the arrays fresh for each call). The eighth input (first byte % 8 == 7)
 * is taken as source text as it is, for the lexer and parser, and its functions are lowered for
 * their own decorator signatures.
 *
 * A diagnostic, a type error or an exception the program raises is an answer, not a finding. A
 * finding is a crash, a sanitizer report, a leak, a hang, and also jitc failing inside: a status
 * of JITC_ERR_BACKEND (invalid LLVM IR, a pass or the JIT link failing) or a diagnostic that says
 * "internal error"; the harness prints it and aborts so that libFuzzer saves the input. At exit
 * it says what share of inputs reached code generation and how many calls ran. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"
#include "progen.h"

static jitc_context *ctx;
static unsigned long inputs[2], reached_codegen[2]; /* [0] source text, [1] generated */
static unsigned long calls, calls_raised;

static double percent(unsigned long part, unsigned long whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static void report(void)
{
    unsigned long all = inputs[0] + inputs[1], reached = reached_codegen[0] + reached_codegen[1];
    fprintf(stderr,
            "fuzz_compile: %lu inputs, %lu reached code generation (%.0f%%); generated programs %lu, %.0f%% of them; "
            "source text %lu, %.0f%% of it; %lu calls, %lu of them raised\n",
            all, reached, percent(reached, all), inputs[1], percent(reached_codegen[1], inputs[1]), inputs[0],
            percent(reached_codegen[0], inputs[0]), calls, calls_raised);
    jitc_context_destroy(ctx);
}

/* Whether a diagnostic of mod is jitc's own "internal error: ..." (its message starts so; a
 * message that quotes the source may contain the words anywhere). */
static bool has_internal_error(const jitc_module *mod)
{
    static const char PREFIX[] = "internal error";
    for (int i = 0; i < jitc_module_diagnostic_count(mod); i++)
        if (strncmp(jitc_module_diagnostic(mod, i)->message, PREFIX, sizeof PREFIX - 1) == 0)
            return true;
    return false;
}

/* jitc failing inside is a finding: print why and abort, so that libFuzzer keeps the input. */
static void check_internal(jitc_module *mod, jitc_status st, const char *what, const char *message)
{
    if (st != JITC_ERR_BACKEND && !has_internal_error(mod))
        return;
    fprintf(stderr, "fuzz_compile: jitc failed inside (%s, status %d): %s\n%s\n", what, (int)st, message,
            jitc_module_diagnostics_text(mod));
    abort();
}

/* The arguments of progen's functions: n, x and two small arrays, made fresh for every call
 * since the functions may write them. */
typedef struct Args {
    double a[5];
    int64_t b[4];
    int64_t a_shape[1], b_shape[1];
    DLTensor ta, tb;
    jitc_value v[4];
} Args;

static void make_args(Args *g)
{
    static const double A[5] = {0.5, -2.25, 3.0, 1e-3, -0.0};
    static const int64_t B[4] = {3, -7, 0, 12};
    memcpy(g->a, A, sizeof A);
    memcpy(g->b, B, sizeof B);
    g->a_shape[0] = 5;
    g->b_shape[0] = 4;
    g->ta = (DLTensor){.data = g->a, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = g->a_shape};
    g->tb = (DLTensor){.data = g->b, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = g->b_shape};
    g->v[0] = jitc_i64(5);
    g->v[1] = jitc_f64(1.5);
    g->v[2] = jitc_array(&g->ta);
    g->v[3] = jitc_array(&g->tb);
}

/* Compiles every function of a generated program for progen's signature and calls it. */
static int run_generated(jitc_module *mod)
{
    int reached = 0, count = jitc_module_function_count(mod);
    for (int i = 0; i < count; i++) {
        jitc_function *fn;
        if (jitc_module_function(mod, jitc_module_function_name(mod, i), &fn) != JITC_OK)
            continue;
        jitc_status st = jitc_function_compile(fn, PROGEN_SIGNATURE);
        check_internal(mod, st, "compile", "");
        if (st != JITC_OK)
            continue;
        reached = 1;
        Args args;
        make_args(&args);
        jitc_result r;
        st = jitc_call(fn, args.v, 4, &r);
        check_internal(mod, st, "call", r.message);
        calls++;
        calls_raised += st == JITC_ERR_RUNTIME;
        jitc_result_free(&r);
    }
    return reached;
}

/* Lowers every function of source text for its own decorator signature, if it has one. */
static int lower_text(jitc_module *mod)
{
    int lowered = 0, count = jitc_module_function_count(mod);
    for (int i = 0; i < count; i++) {
        jitc_function *fn;
        const char *text;
        if (jitc_module_function(mod, jitc_module_function_name(mod, i), &fn) != JITC_OK)
            continue;
        jitc_status st = jitc_function_emit(fn, NULL, JITC_EMIT_LLVM_RAW, &text);
        check_internal(mod, st, "emit", "");
        lowered |= st == JITC_OK;
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
    jitc_status st = jitc_module_compile(ctx, "fuzz.py", text, len, &mod);
    if (mod)
        check_internal(mod, st, "module", "");
    if (st == JITC_OK)
        reached_codegen[generated] += generated ? run_generated(mod) : lower_text(mod);
    jitc_module_destroy(mod);
    free(source);
    return 0;
}
