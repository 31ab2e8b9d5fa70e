/* test_golden_ir.c — golden tests of the typed IR: each tests/golden/ir/NAME.krn names in a
 * first-line comment `# EMIT: FUNC SIGNATURE`; its IR (jitc emit --ir) must equal NAME.ir.
 * JITC_UPDATE_GOLDEN=1 rewrites the .ir files instead (review the diff before committing). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    size_t got = fread(s, 1, (size_t)n, f);
    s[got] = 0;
    fclose(f);
    return s;
}

static int check_one(jitc_context *ctx, const char *dir, const char *name, int update)
{
    char path[512], expect_path[512], func[128] = "", sig[256] = "";
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(expect_path, sizeof expect_path, "%.*s.ir", (int)(strlen(path) - 4), path);
    char *src = read_file(path);
    if (!src || sscanf(src, "# EMIT: %127s %255[^\n]", func, sig) != 2) {
        fprintf(stderr, "%s: needs a first line '# EMIT: FUNC SIGNATURE'\n", path);
        free(src);
        return 1;
    }
    jitc_module *m;
    jitc_function *fn;
    const char *ir = NULL;
    int bad = jitc_module_compile(ctx, name, src, strlen(src), &m) != JITC_OK ||
              jitc_module_function(m, func, &fn) != JITC_OK ||
              jitc_function_emit(fn, sig, JITC_EMIT_IR, &ir) != JITC_OK;
    if (bad) {
        fprintf(stderr, "%s: does not compile:\n%s", path, jitc_module_diagnostics_text(m));
    } else if (update) {
        FILE *f = fopen(expect_path, "wb");
        fputs(ir, f);
        fclose(f);
    } else {
        char *expect = read_file(expect_path);
        bad = !expect || strcmp(expect, ir) != 0;
        if (bad)
            fprintf(stderr, "%s: IR differs from %s; got:\n%s", path, expect_path, ir);
        free(expect);
    }
    jitc_module_destroy(m);
    free(src);
    return bad;
}

static void test_golden_ir(void **state)
{
    (void)state;
    const char *dir = getenv("JITC_GOLDEN_IR_DIR") ? getenv("JITC_GOLDEN_IR_DIR") : "tests/golden/ir";
    int update = getenv("JITC_UPDATE_GOLDEN") && strcmp(getenv("JITC_UPDATE_GOLDEN"), "1") == 0;
    jitc_context *ctx;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int cases = 0, failures = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".krn") == 0) {
            cases++;
            failures += check_one(ctx, dir, e->d_name, update);
        }
    }
    closedir(d);
    jitc_context_destroy(ctx);
    assert_true(cases >= 5);
    assert_int_equal(failures, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_golden_ir)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
