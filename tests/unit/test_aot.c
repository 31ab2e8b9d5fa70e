/* test_aot.c — code that outlives the JIT's call: typed function pointers returning arrays and
 * tuples (the C ABI `jitc build` objects export), jitc_module_build writing an object and a
 * header, and the on-disk cache seen from the C API: a second context loads what the first one
 * stored, two modules of one context share cached code (and survive each other), and a
 * function whose callee changed is compiled anew. Runs under the sanitizers too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"
#include "jitcrt.h"
#include "driver/diskcache.h"

static void *pointer(jitc_module *m, const char *name, const char *sig)
{
    void *p = NULL;
    assert_int_equal(jitc_function_pointer(function_or_fail(m, name), sig, &p), JITC_OK);
    return p;
}

static const char SOURCE[] = "import numpy as np\n"
                             "from numba import njit\n"
                             "@njit\n"
                             "def scale(x):\n"
                             "    return x * 3.0\n"
                             "@njit('float64[:](float64[:])', cache=True)\n"
                             "def scaled(a):\n"
                             "    return scale(a) + 1.0\n"
                             "@njit('UniTuple(int64, 2)(int64, int64)')\n"
                             "def divmod_py(a, b):\n"
                             "    return a // b, a % b\n"
                             "@njit('Tuple((float64[:], int64))(float64[:])')\n"
                             "def with_length(a):\n"
                             "    return a * 2.0, a.shape[0]\n";

static void test_pointers_return_arrays_and_tuples(void **state)
{
    (void)state;
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    jitc_module *m = compile_or_fail(ctx, "aot.krn", SOURCE);
    double data[4] = {0, 1, 2, 3};
    int64_t n = 4;
    DLTensor a = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = &n};

    DLManagedTensor *(*scaled)(DLTensor *) = (DLManagedTensor * (*)(DLTensor *)) pointer(m, "scaled", "float64[:](float64[:])");
    DLManagedTensor *r = scaled(&a);
    assert_non_null(r);
    assert_int_equal(r->dl_tensor.ndim, 1);
    assert_int_equal(r->dl_tensor.shape[0], 4);
    for (int i = 0; i < 4; i++)
        assert_true(((double *)r->dl_tensor.data)[i] == 3.0 * i + 1.0);
    r->deleter(r);

    void (*dm)(int64_t, int64_t, int64_t *, int64_t *) =
        (void (*)(int64_t, int64_t, int64_t *, int64_t *))pointer(m, "divmod_py", "UniTuple(int64, 2)(int64, int64)");
    int64_t q = 0, rem = 0;
    dm(-7, 2, &q, &rem);
    assert_int_equal(q, -4);
    assert_int_equal(rem, 1);
    jitcrt_clear_error();
    q = rem = 99;
    dm(1, 0, &q, &rem); /* ZeroDivisionError: zero returned, outputs untouched, the error kept */
    assert_int_equal(q, 99);
    assert_non_null(jitcrt_last_error());
    assert_non_null(strstr(jitcrt_last_error(), "ZeroDivisionError"));

    void (*wl)(DLTensor *, DLManagedTensor **, int64_t *) =
        (void (*)(DLTensor *, DLManagedTensor **, int64_t *))pointer(m, "with_length", "Tuple((float64[:], int64))(float64[:])");
    DLManagedTensor *doubled = NULL;
    int64_t len = 0;
    wl(&a, &doubled, &len);
    assert_int_equal(len, 4);
    assert_non_null(doubled);
    assert_true(((double *)doubled->dl_tensor.data)[3] == 6.0);
    doubled->deleter(doubled);
    jitc_context_destroy(ctx);
}

static char *temp_dir(void)
{
    char *dir = strdup("/tmp/jitc-aot-XXXXXX");
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void remove_dir(char *dir)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    free(dir);
}

static bool file_has(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return strstr(buf, text) != NULL;
}

static void test_build_writes_object_and_header(void **state)
{
    (void)state;
    char *dir = temp_dir(), obj[256], hdr[256];
    snprintf(obj, sizeof obj, "%s/k.o", dir);
    snprintf(hdr, sizeof hdr, "%s/k.h", dir);
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    jitc_module *m = compile_or_fail(ctx, "aot.krn", SOURCE);
    /* scale has no signature: an error naming it, and nothing written */
    assert_int_equal(jitc_module_build(m, NULL, obj, hdr), JITC_ERR_TYPE);
    assert_non_null(strstr(jitc_module_diagnostics_text(m), "aot.krn:4:5: error: 'scale' has no explicit signature"));
    assert_int_equal(access(obj, F_OK), -1);
    jitc_module_destroy(m);

    const char *src = "from numba import njit, cuda\n"
                      "@njit('int64(int64)')\n"
                      "def inc(x):\n"
                      "    return x + 1\n"
                      "@cuda.jit('void(float32[::1])')\n"
                      "def zero(a):\n"
                      "    a[cuda.grid(1)] = 0.0\n";
    m = compile_or_fail(ctx, "aot.krn", src);
    const char *archs[2] = {"sm_90", "sm_75"};
    jitc_build_options opts = {.cpu = "generic", .archs = archs, .narchs = 2};
    assert_int_equal(jitc_module_build(m, &opts, obj, hdr), JITC_OK);
    struct stat st;
    assert_int_equal(stat(obj, &st), 0);
    assert_true(st.st_size > 0);
    assert_true(file_has(hdr, "int64_t inc__i64(int64_t x);"));
    assert_true(file_has(hdr, "int zero__a1Cf32(const unsigned grid[3], const unsigned block[3], size_t shared_bytes, "
                              "void *stream, DLTensor *a);"));
    assert_true(file_has(hdr, "PTX for sm_75, sm_90")); /* sorted: the launcher picks the newest that runs */
    const char *bad[1] = {"sm_9x"};
    opts = (jitc_build_options){.archs = bad, .narchs = 1};
    assert_int_equal(jitc_module_build(m, &opts, obj, NULL), JITC_ERR_ARGUMENT);
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    remove_dir(dir);
}

typedef struct Count {
    int entries, valid;
} Count;

static void count_entry(void *ud, const char *key, const char *what, uint64_t bytes, bool valid)
{
    (void)key, (void)what, (void)bytes;
    Count *c = ud;
    c->entries++;
    c->valid += valid;
}

static Count cache_count(const char *dir)
{
    Count c = {0};
    dcache_list(dir, count_entry, &c);
    return c;
}

static double first_of_scaled(jitc_module *m)
{
    double data[2] = {2, 5};
    int64_t n = 2;
    DLTensor a = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = &n};
    DLManagedTensor *(*scaled)(DLTensor *) = (DLManagedTensor * (*)(DLTensor *)) pointer(m, "scaled", "float64[:](float64[:])");
    DLManagedTensor *r = scaled(&a);
    assert_non_null(r);
    double v = ((double *)r->dl_tensor.data)[1];
    r->deleter(r);
    return v;
}

static void test_cache_across_contexts_and_modules(void **state)
{
    (void)state;
    char *dir = temp_dir();
    setenv("JITC_CACHE_DIR", dir, 1);
    unsetenv("JITC_CACHE");
    jitc_context *a, *b;
    assert_int_equal(jitc_context_create(NULL, &a), JITC_OK);
    jitc_module *m1 = compile_or_fail(a, "aot.krn", SOURCE); /* scaled has cache=True: stored now */
    assert_int_equal(cache_count(dir).entries, 1);
    assert_true(first_of_scaled(m1) == 16.0);

    jitc_module *m2 = compile_or_fail(a, "aot.krn", SOURCE); /* the same code in the same context: shared */
    jitc_module_destroy(m1);                 /* ...and it outlives the module that loaded it */
    assert_true(first_of_scaled(m2) == 16.0);
    assert_int_equal(cache_count(dir).entries, 1);

    assert_int_equal(jitc_context_create(NULL, &b), JITC_OK);
    jitc_module *m3 = compile_or_fail(b, "aot.krn", SOURCE); /* a fresh context (as a new process): loaded */
    assert_true(first_of_scaled(m3) == 16.0);
    assert_int_equal(cache_count(dir).entries, 1);

    char *changed = strdup(SOURCE);
    memcpy(strstr(changed, "x * 3.0"), "x * 4.0", 7); /* the callee changes: a new entry */
    jitc_module *m4 = compile_or_fail(b, "aot.krn", changed);
    assert_true(first_of_scaled(m4) == 21.0);
    Count c = cache_count(dir);
    assert_int_equal(c.entries, 2);
    assert_int_equal(c.valid, 2);
    free(changed);
    jitc_module_destroy(m2);
    jitc_module_destroy(m3);
    jitc_module_destroy(m4);
    jitc_context_destroy(a);
    jitc_context_destroy(b);
    unsetenv("JITC_CACHE_DIR");
    remove_dir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pointers_return_arrays_and_tuples),
        cmocka_unit_test(test_build_writes_object_and_header),
        cmocka_unit_test(test_cache_across_contexts_and_modules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
