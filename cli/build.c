/* build.c — the commands around compiled code kept on disk: `jitc build` (ahead-of-time
 * objects and C headers, jitc_module_build) and `jitc cache` (the JIT's on-disk cache,
 * driver/diskcache.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "driver/diskcache.h"

const char CLI_BUILD_HELP[] =
    "usage: jitc build FILE.py -o FILE.o [--header FILE.h] [--cpu CPU] [--arch sm_XX]...\n"
    "\n"
    "Compiles every function of FILE that has explicit signatures into the relocatable object\n"
    "FILE.o, and writes a C header declaring one function per signature (its comment explains the\n"
    "names and conventions). Host functions become native code for CPU (default: this machine's;\n"
    "'generic' for any x86-64; an LLVM CPU name such as skylake-avx512); @cuda.jit kernels become\n"
    "PTX for each --arch (repeat it or separate with commas; default sm_80), embedded in the object\n"
    "with a launcher; @vectorize ufuncs get an entry over DLPack arrays. Device functions go into\n"
    "the kernels that call them; any other function without a signature is an error.\n"
    "Link the object with libjitcrt, not with jitc or LLVM:\n"
    "  cc app.c FILE.o -ljitcrt -llapacke -lopenblas -lgomp -lmvec -lm -ldl -lpthread\n"
    "Exit status: 0 ok, 1 on compile errors, 2 on bad usage or a file that cannot be read or written.\n";

const char CLI_CACHE_HELP[] =
    "usage: jitc cache --list | --clear\n"
    "\n"
    "The JIT's on-disk compile cache, used by functions decorated with cache=True and by every\n"
    "function when JITC_CACHE=1: $JITC_CACHE_DIR, else $XDG_CACHE_HOME/jitc, else ~/.cache/jitc.\n"
    "--list prints one line per entry (key, size, valid or corrupt, what it holds) and a total;\n"
    "--clear removes every entry. A directory that is not the user's or that others can write to\n"
    "is never used. Exit status: 0 ok, 1 for such a directory, 2 on bad usage or an unreadable\n"
    "directory.\n";

enum { MAX_ARCHS = 16 };

typedef struct CliBuild {
    const char *file, *object, *header, *cpu;
    char *archs[MAX_ARCHS]; /* each --arch word, cut at commas (owned) */
    int narchs;
} CliBuild;

static void cli_build_free(CliBuild *b)
{
    for (int i = 0; i < b->narchs; i++)
        free(b->archs[i]);
}

static int cli_add_archs(CliBuild *b, const char *value)
{
    for (const char *p = value; *p;) {
        size_t len = strcspn(p, ",");
        if (len && b->narchs == MAX_ARCHS)
            return cli_usage_error("build takes at most %d GPU architectures", MAX_ARCHS);
        if (len && !(b->archs[b->narchs++] = strndup(p, len)))
            return cli_failure("out of memory");
        p += len + (p[len] == ',');
    }
    return CLI_OK;
}

static int cli_parse_build(int argc, char **argv, CliBuild *b)
{
    for (int i = 0; i < argc; i++) {
        bool bad = false;
        const char *arch = NULL;
        if (cli_option_value(argc, argv, &i, "-o", &b->object, &bad) ||
            cli_option_value(argc, argv, &i, "--header", &b->header, &bad) ||
            cli_option_value(argc, argv, &i, "--cpu", &b->cpu, &bad)) {
            if (bad)
                return CLI_USAGE;
        } else if (cli_option_value(argc, argv, &i, "--arch", &arch, &bad)) {
            if (bad || cli_add_archs(b, arch) != CLI_OK)
                return CLI_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_usage_error("build: unknown option '%s'", argv[i]);
        } else if (!b->file) {
            b->file = argv[i];
        } else {
            return cli_usage_error("build: unexpected argument '%s'", argv[i]);
        }
    }
    if (!b->file || !b->object)
        return cli_usage_error("build needs a file and -o OBJECT (jitc build --help)");
    return CLI_OK;
}

int cli_cmd_build(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("build");
    CliBuild b = {0};
    int status = cli_parse_build(argc, argv, &b);
    jitc_context *ctx = status == CLI_OK ? cli_open_context(NULL, 0, false) : NULL;
    jitc_module *mod = NULL;
    if (status == CLI_OK)
        status = ctx ? cli_compile(ctx, b.file, &mod) : CLI_FAILED;
    if (status == CLI_OK) {
        jitc_build_options opts = {.cpu = b.cpu, .archs = (const char *const *)b.archs, .narchs = b.narchs};
        int before = jitc_module_diagnostic_count(mod);
        jitc_status st = jitc_module_build(mod, &opts, b.object, b.header);
        if (st != JITC_OK && cli_print_diagnostics(mod, before) == before)
            cli_failure("%s: %s", b.file, jitc_status_string(st));
        status = st == JITC_OK ? CLI_OK : cli_is_program_error(st) ? CLI_FAILED : CLI_USAGE;
    }
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
    cli_build_free(&b);
    return status;
}

/* ---- cache ---- */

typedef struct CliListing {
    int count, corrupt;
    uint64_t bytes;
} CliListing;

static void cli_print_entry(void *ud, const char *key, const char *what, uint64_t bytes, bool valid)
{
    CliListing *l = ud;
    l->count++;
    l->corrupt += !valid;
    l->bytes += bytes;
    printf("%.16s  %9" PRIu64 "  %-7s  %s\n", key, bytes, valid ? "valid" : "corrupt", what);
}

int cli_cmd_cache(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("cache");
    bool list = argc == 1 && strcmp(argv[0], "--list") == 0, clear = argc == 1 && strcmp(argv[0], "--clear") == 0;
    if (!list && !clear)
        return cli_usage_error("cache takes --list or --clear");
    char dir[4096], why[4200];
    if (!dcache_dir(dir, sizeof dir))
        return cli_usage_error("no cache directory: set JITC_CACHE_DIR, XDG_CACHE_HOME or HOME");
    if (dcache_dir_problem(dir, why, sizeof why))
        return cli_failure("%s", why);
    if (clear) {
        int removed = dcache_clear(dir);
        if (removed < 0)
            return cli_usage_error("cannot read the cache directory %s", dir);
        printf("removed %d file%s from %s\n", removed, removed == 1 ? "" : "s", dir);
        return CLI_OK;
    }
    CliListing l = {0};
    if (dcache_list(dir, cli_print_entry, &l) < 0)
        return cli_usage_error("cannot read the cache directory %s", dir);
    printf("%d entr%s (%d corrupt), %.1f KiB in %s\n", l.count, l.count == 1 ? "y" : "ies", l.corrupt,
           (double)l.bytes / 1024.0, dir);
    return CLI_OK;
}
