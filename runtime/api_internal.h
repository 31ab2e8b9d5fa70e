/* api_internal.h — the structures behind the public handles (include/jitc.h), shared by the
 * files that implement the API: api_module.c (contexts, modules, diagnostics) and api_call.c
 * (compiling, calling, emitting). */
#ifndef JITC_API_INTERNAL_H
#define JITC_API_INTERNAL_H

#include "codegen/cg.h"
#include "frontend/parser.h"
#include "ir/program.h"
#include "jitc.h"

struct jitc_context {
    jitc_options opts;
    CgJit *jit;
    jitc_module *modules; /* every live module, destroyed with the context */
};

struct jitc_function {
    jitc_module *mod;
    ProgFunc *pf;
};

struct jitc_module {
    jitc_context *ctx;
    jitc_module *next, *prev;
    Arena *arena;
    SrcFile file;
    Diag diag;
    Module *ast;
    Program *prog;
    jitc_function *fns;
    int nfns;
    jitc_diagnostic *public_diags; /* mirror of diag, rebuilt when it grows */
    int npublic;
    int nreported;                 /* diagnostics already sent to on_diagnostic */
    const char *text;
    LLVMOrcResourceTrackerRef code; /* owns this module's machine code */
};

/* Records a failed spec's errors in the module (once) and sends new diagnostics to the hook. */
void api_report_spec_errors(jitc_module *mod, Spec *s);
void api_flush_diagnostics(jitc_module *mod);
/* PTX of kernel s (and what it calls) for arch; malloc'd, or NULL with a reason in msg. */
char *api_kernel_ptx(jitc_module *mod, Spec *s, const char *arch, char *msg, size_t n);
/* Generates code for s and every spec it calls that has none yet. */
jitc_status api_compile_spec(jitc_module *mod, Spec *s, char *msg, size_t n);

#endif
