/* fixture.h — what the unit tests share: the group fixture (a jitc context, and a module compiled
 * from the test's source, made before a group of tests and destroyed after it), compiling source
 * and looking a function up with the test failed when either does not succeed, and a DLTensor
 * over a C array. Header-only: the Makefile builds each test from its one .c file. */
#ifndef JITC_TESTS_UNIT_FIXTURE_H
#define JITC_TESTS_UNIT_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"

typedef struct Fixture {
    jitc_context *ctx;
    jitc_module *m; /* NULL where the group compiles no source */
} Fixture;

/* The group fixture. A test program is one .c file whose groups run one after another, so one
 * fixture serves them all: the group setup hands it to each test as its state, and helpers given
 * no state reach its context as fixture.ctx. */
static Fixture fixture;

/* Compiles src as the module `file` in ctx; fails the test, the diagnostics on stderr, when it
 * does not compile. */
static inline jitc_module *compile_or_fail(jitc_context *ctx, const char *file, const char *src)
{
    jitc_module *m = NULL;
    jitc_status st = jitc_module_compile(ctx, file, src, strlen(src), &m);
    if (st != JITC_OK)
        fprintf(stderr, "%s", m ? jitc_module_diagnostics_text(m) : "");
    assert_int_equal(st, JITC_OK);
    return m;
}

/* The function `name` of m; fails the test when m has none. */
static inline jitc_function *function_or_fail(jitc_module *m, const char *name)
{
    jitc_function *fn = NULL;
    assert_int_equal(jitc_module_function(m, name, &fn), JITC_OK);
    return fn;
}

/* The function `name` of the module of the group fixture that `state` holds. */
static inline jitc_function *fixture_function(void **state, const char *name)
{
    const Fixture *f = *state;
    return function_or_fail(f->m, name);
}

/* A group setup: the fixture's context and, when src is not NULL, its module, compiled from src as
 * `file`. -1 when either fails (a compile error's diagnostics on stderr). */
static inline int fixture_setup(void **state, const char *file, const char *src)
{
    fixture = (Fixture){0};
    if (jitc_context_create(NULL, &fixture.ctx) != JITC_OK)
        return -1;
    if (src) {
        jitc_status st = jitc_module_compile(fixture.ctx, file, src, strlen(src), &fixture.m);
        if (st != JITC_OK) {
            fprintf(stderr, "%s: %s\n%s", file, jitc_status_string(st),
                    fixture.m ? jitc_module_diagnostics_text(fixture.m) : "");
            jitc_context_destroy(fixture.ctx);
            fixture = (Fixture){0};
            return -1;
        }
    }
    *state = &fixture;
    return 0;
}

/* A group setup of the context alone. */
static inline int context_setup(void **state) { return fixture_setup(state, NULL, NULL); }

/* The group teardown: destroys the fixture's context, and with it its modules. */
static inline int fixture_teardown(void **state)
{
    (void)state;
    jitc_context_destroy(fixture.ctx);
    fixture = (Fixture){0};
    return 0;
}

/* A DLTensor over a C array in host memory: `bits`-bit elements of type `code`, strides in
 * elements (NULL: C order). */
static inline DLTensor cpu_tensor(void *data, DLDataTypeCode code, int bits, int ndim, int64_t *shape,
                                  int64_t *strides)
{
    return (DLTensor){.data = data, .device = {kDLCPU, 0}, .ndim = ndim, .dtype = {(uint8_t)code, (uint8_t)bits, 1},
                      .shape = shape, .strides = strides};
}

#endif
