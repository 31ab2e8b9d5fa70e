/* main.c — the jitc command line, over the public API (include/jitc.h) only.
 *
 *   jitc check FILE                 parse and type-check
 *   jitc emit --ir|--llvm|--asm FILE FUNC [--sig SIG]
 *   jitc call FILE FUNC ARG...      call with int/float/bool literals or .npy arrays
 * Exit status: 0 ok, 1 compile or runtime error, 2 bad usage or unreadable input. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"
#include "runtime/npy.h"
#include "runtime/pyrepr.h"

enum { EXIT_COMPILE = 1, EXIT_USAGE = 2, MAX_ARGS = 64 };

static const char USAGE[] =
    "usage: jitc COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  check FILE.krn                     parse and type-check; diagnostics on stderr\n"
    "  emit --ir|--llvm|--asm|--ptx FILE FUNC [--sig SIG] [--arch sm_XX]\n"
    "                                     print the typed IR, optimized LLVM IR, assembly or PTX\n"
    "  call FILE.krn FUNC ARG...          call FUNC and print its result as Python's repr\n"
    "  launch FILE.krn KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared BYTES] ARG...\n"
    "                                     launch a @cuda.jit kernel on the GPU\n"
    "  devices                            list the CUDA devices\n"
    "\n"
    "jitc COMMAND --help tells more; jitc --version prints the version.\n";

static const char CHECK_HELP[] =
    "usage: jitc check FILE.krn\n"
    "Parses FILE and type-checks every function with an explicit signature. Diagnostics go to\n"
    "stderr as file:line:col: error: message. Exit 0 if clean, 1 on errors, 2 if unreadable.\n";

static const char EMIT_HELP[] =
    "usage: jitc emit --ir|--llvm|--asm|--ptx FILE.krn FUNC [--sig SIGNATURE] [--arch sm_XX]\n"
    "Compiles FUNC for SIGNATURE (e.g. 'float64(float64[:], int64)'; default: its first\n"
    "decorator signature) and prints jitc's typed IR, the optimized LLVM IR, the host\n"
    "assembly, or (for a @cuda.jit kernel) the PTX for GPU architecture sm_XX (default sm_80).\n";

static const char CALL_HELP[] =
    "usage: jitc call FILE.krn FUNC ARG...\n"
    "Compiles FUNC for the types of the arguments and calls it. An ARG is an integer (int64;\n"
    "decimal, 0x, 0o or 0b), a float or inf/-inf/nan (float64), True or False, or the path of a\n"
    ".npy file (its dtype and shape; arrays the function changes are written back). The result\n"
    "is printed as Python's repr prints it; nothing for None. Runtime errors (IndexError,\n"
    "ZeroDivisionError) go to stderr with exit status 1.\n";

static const char LAUNCH_HELP[] =
    "usage: jitc launch FILE.krn KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared BYTES] ARG...\n"
    "Compiles the @cuda.jit KERNEL for the types of the arguments (PTX for this GPU), launches it\n"
    "over the grid and waits for it. ARGs are as for `jitc call`; .npy arrays are copied to the\n"
    "GPU and back, and written back to their file if the kernel changed them.\n";

static const char DEVICES_HELP[] =
    "usage: jitc devices\n"
    "Lists the CUDA devices: ordinal, name, compute capability, multiprocessors, memory.\n";

static int usage_error(const char *fmt, const char *arg)
{
    fputs("jitc: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(jitc --help for usage)\n", stderr);
    return EXIT_USAGE;
}

static bool wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

/* Compiles path; on failure prints why and returns the exit status in *status. */
static jitc_module *load(jitc_context *ctx, const char *path, int *status)
{
    jitc_module *m = NULL;
    jitc_status st = jitc_module_compile_file(ctx, path, &m);
    if (st == JITC_ERR_IO) {
        fprintf(stderr, "jitc: cannot read '%s': %s\n", path, strerror(errno));
        *status = EXIT_USAGE;
        return NULL;
    }
    fputs(jitc_module_diagnostics_text(m), stderr);
    if (st != JITC_OK) {
        *status = EXIT_COMPILE;
        jitc_module_destroy(m);
        return NULL;
    }
    *status = 0;
    return m;
}

static jitc_function *find_function(jitc_module *m, const char *name, const char *path)
{
    jitc_function *fn = NULL;
    if (jitc_module_function(m, name, &fn) != JITC_OK)
        fprintf(stderr, "jitc: %s defines no function '%s'\n", path, name);
    return fn;
}

/* A context for this run; gpu_arch may be NULL. Says why on failure. */
static jitc_context *open_context(const char *gpu_arch)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_arch = gpu_arch;
    jitc_context *ctx = NULL;
    if (jitc_context_create(&opts, &ctx) != JITC_OK)
        fputs("jitc: cannot initialise LLVM for this machine\n", stderr);
    return ctx;
}

static int cmd_check(int argc, char **argv)
{
    if (wants_help(argc, argv))
        return fputs(CHECK_HELP, stdout), 0;
    if (argc != 1)
        return usage_error("check takes one file%s", "");
    jitc_context *ctx = open_context(NULL);
    if (!ctx)
        return EXIT_COMPILE;
    int status;
    jitc_module *m = load(ctx, argv[0], &status);
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    return status;
}

static int cmd_emit(int argc, char **argv)
{
    if (wants_help(argc, argv))
        return fputs(EMIT_HELP, stdout), 0;
    int kind = -1;
    const char *sig = NULL, *pos[2], *arch = NULL;
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--ir") == 0)
            kind = JITC_EMIT_IR;
        else if (strcmp(argv[i], "--llvm") == 0)
            kind = JITC_EMIT_LLVM;
        else if (strcmp(argv[i], "--asm") == 0)
            kind = JITC_EMIT_ASM;
        else if (strcmp(argv[i], "--ptx") == 0)
            kind = JITC_EMIT_PTX;
        else if (strcmp(argv[i], "--arch") == 0 && i + 1 < argc)
            arch = argv[++i];
        else if (strcmp(argv[i], "--sig") == 0 && i + 1 < argc)
            sig = argv[++i];
        else if (argv[i][0] == '-' && argv[i][1])
            return usage_error("emit: unknown option '%s'", argv[i]);
        else if (npos < 2)
            pos[npos++] = argv[i];
        else
            return usage_error("emit: unexpected argument '%s'", argv[i]);
    }
    if (kind < 0 || npos != 2)
        return usage_error("emit needs --ir, --llvm, --asm or --ptx, a file and a function%s", "");
    if (arch && strncmp(arch, "sm_", 3) != 0)
        return usage_error("--arch takes a GPU architecture such as sm_90, not '%s'", arch);
    jitc_context *ctx = open_context(arch);
    if (!ctx)
        return EXIT_COMPILE;
    int status;
    jitc_module *m = load(ctx, pos[0], &status);
    if (!m)
        return status;
    jitc_function *fn = find_function(m, pos[1], pos[0]);
    const char *text = NULL;
    jitc_status st = fn ? jitc_function_emit(fn, sig, (jitc_emit_kind)kind, &text) : JITC_ERR_NOT_FOUND;
    if (st == JITC_OK)
        fputs(text, stdout);
    else if (fn && st == JITC_ERR_ARGUMENT && !sig)
        fprintf(stderr, "jitc: '%s' has no explicit signature: give one with --sig\n", pos[1]);
    else
        fputs(jitc_module_diagnostics_text(m), stderr);
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    return st == JITC_OK ? 0 : st == JITC_ERR_NOT_FOUND || st == JITC_ERR_ARGUMENT ? EXIT_USAGE : EXIT_COMPILE;
}

/* ---- call ---- */

typedef struct CallArgs {
    jitc_value values[MAX_ARGS];
    NpyArray arrays[MAX_ARGS];
    void *before[MAX_ARGS]; /* the arrays' bytes before the call, to see what changed */
    const char *paths[MAX_ARGS];
    int n;
} CallArgs;

static bool parse_number(const char *s, jitc_value *v)
{
    char *end;
    errno = 0;
    long long i = strtoll(s, &end, 0);
    if (*s && !*end && errno == 0 && !(s[0] == '0' && s[1] && s[1] >= '0' && s[1] <= '9')) {
        *v = jitc_i64(i);
        return true;
    }
    if ((s[0] == '0' || ((s[0] == '-' || s[0] == '+') && s[1] == '0')) && strpbrk(s, "oObB")) {
        const char *d = s + (s[0] == '-' || s[0] == '+');
        int base = (d[1] == 'o' || d[1] == 'O') ? 8 : 2;
        errno = 0;
        i = strtoll(d + 2, &end, base);
        if (d[2] && !*end && errno == 0) {
            *v = jitc_i64(s[0] == '-' ? -i : i);
            return true;
        }
    }
    if (strcmp(s, "inf") == 0 || strcmp(s, "+inf") == 0 || strcmp(s, "-inf") == 0 || strcmp(s, "nan") == 0) {
        *v = jitc_f64(s[0] == 'n' ? NAN : s[0] == '-' ? -INFINITY : INFINITY);
        return true;
    }
    double d = strtod(s, &end);
    if (*s && !*end && strpbrk(s, ".eE") && !strpbrk(s, "xXpP")) {
        *v = jitc_f64(d);
        return true;
    }
    return false;
}

static int parse_arg(CallArgs *a, const char *s)
{
    int k = a->n;
    if (k == MAX_ARGS)
        return usage_error("at most 64 arguments%s", "");
    jitc_value *v = &a->values[k];
    if (strcmp(s, "True") == 0 || strcmp(s, "False") == 0) {
        *v = jitc_bool(s[0] == 'T');
    } else if (!parse_number(s, v)) {
        size_t len = strlen(s);
        if (len < 4 || strcmp(s + len - 4, ".npy") != 0)
            return usage_error("cannot read argument '%s': not a number, True/False or a .npy file", s);
        char err[512];
        if (npy_read(s, &a->arrays[k], err, sizeof err) != 0) {
            fprintf(stderr, "jitc: %s\n", err);
            return EXIT_USAGE;
        }
        a->paths[k] = s;
        a->before[k] = malloc(a->arrays[k].nbytes ? a->arrays[k].nbytes : 1);
        memcpy(a->before[k], a->arrays[k].data, a->arrays[k].nbytes);
        *v = jitc_array(&a->arrays[k].tensor);
    }
    a->n++;
    return 0;
}

static int write_back(CallArgs *a)
{
    for (int k = 0; k < a->n; k++) {
        if (!a->paths[k] || memcmp(a->before[k], a->arrays[k].data, a->arrays[k].nbytes) == 0)
            continue;
        char err[512];
        if (npy_write(a->paths[k], &a->arrays[k].tensor, err, sizeof err) != 0) {
            fprintf(stderr, "jitc: %s\n", err);
            return EXIT_USAGE;
        }
    }
    return 0;
}

static void free_args(CallArgs *a)
{
    for (int k = 0; k < a->n; k++) {
        if (a->paths[k])
            npy_free(&a->arrays[k]);
        free(a->before[k]);
    }
}

static int run_call(jitc_module *m, jitc_function *fn, CallArgs *a)
{
    jitc_result r;
    jitc_status st = jitc_call(fn, a->values, a->n, &r);
    fflush(stdout); /* print() output comes first */
    if (st == JITC_ERR_RUNTIME) {
        fprintf(stderr, "%s\n", r.message);
        return EXIT_COMPILE;
    }
    if (st == JITC_ERR_ARGUMENT || st == JITC_ERR_UNSUPPORTED) {
        fprintf(stderr, "jitc: %s\n", r.message);
        return st == JITC_ERR_ARGUMENT ? EXIT_USAGE : EXIT_COMPILE;
    }
    if (st != JITC_OK) {
        const char *diags = jitc_module_diagnostics_text(m);
        fputs(*diags ? diags : r.message, stderr);
        if (!*diags)
            fputc('\n', stderr);
        return EXIT_COMPILE;
    }
    char out[4096];
    pyrepr_result(out, sizeof out, &r);
    if (r.value.kind != JITC_NONE)
        printf("%s\n", out);
    return write_back(a);
}

static int cmd_call(int argc, char **argv)
{
    if (wants_help(argc < 2 ? argc : 2, argv))
        return fputs(CALL_HELP, stdout), 0;
    if (argc < 2)
        return usage_error("call needs a file and a function%s", "");
    CallArgs *a = calloc(1, sizeof *a);
    int status = 0;
    for (int i = 2; i < argc && status == 0; i++)
        status = parse_arg(a, argv[i]);
    jitc_context *ctx = status == 0 ? open_context(NULL) : NULL;
    jitc_module *m = ctx ? load(ctx, argv[0], &status) : NULL;
    if (m) {
        jitc_function *fn = find_function(m, argv[1], argv[0]);
        status = fn ? run_call(m, fn, a) : EXIT_USAGE;
    }
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    free_args(a);
    free(a);
    return status;
}

/* ---- launch and devices ---- */

/* "X[,Y[,Z]]" into dims (missing ones are 1). */
static bool parse_dims(const char *s, unsigned dims[3])
{
    dims[0] = dims[1] = dims[2] = 1;
    for (int k = 0; k < 3; k++) {
        char *end;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || v == 0 || v > 0x7fffffffUL)
            return false;
        dims[k] = (unsigned)v;
        if (!*end)
            return true;
        if (*end != ',')
            return false;
        s = end + 1;
    }
    return false;
}

static int run_launch(jitc_module *m, jitc_function *fn, const jitc_launch_config *cfg, CallArgs *a)
{
    jitc_result r;
    jitc_status st = jitc_launch(fn, cfg, a->values, a->n, &r);
    if (st == JITC_OK) /* wait for the kernel: its faults and its print() output show now */
        st = jitc_synchronize(jitc_module_context(m), &r);
    if (st == JITC_OK)
        return write_back(a);
    const char *diags = jitc_module_diagnostics_text(m);
    if ((st == JITC_ERR_TYPE || st == JITC_ERR_BACKEND) && *diags)
        fputs(diags, stderr);
    else
        fprintf(stderr, "jitc: %s\n", r.message);
    return st == JITC_ERR_ARGUMENT ? EXIT_USAGE : EXIT_COMPILE;
}

static int cmd_launch(int argc, char **argv)
{
    if (wants_help(argc < 2 ? argc : 2, argv))
        return fputs(LAUNCH_HELP, stdout), 0;
    jitc_launch_config cfg;
    memset(&cfg, 0, sizeof cfg);
    bool grid = false, block = false;
    const char *pos[2];
    int npos = 0, status = 0;
    CallArgs *a = calloc(1, sizeof *a);
    for (int i = 0; i < argc && status == 0; i++) {
        if (strcmp(argv[i], "--grid") == 0 && i + 1 < argc) {
            grid = parse_dims(argv[++i], cfg.grid);
            if (!grid)
                status = usage_error("--grid takes X[,Y[,Z]] of positive integers, not '%s'", argv[i]);
        } else if (strcmp(argv[i], "--block") == 0 && i + 1 < argc) {
            block = parse_dims(argv[++i], cfg.block);
            if (!block)
                status = usage_error("--block takes X[,Y[,Z]] of positive integers, not '%s'", argv[i]);
        } else if (strcmp(argv[i], "--shared") == 0 && i + 1 < argc) {
            cfg.shared_bytes = strtoul(argv[++i], NULL, 10);
        } else if (npos < 2) {
            pos[npos++] = argv[i];
        } else {
            status = parse_arg(a, argv[i]);
        }
    }
    if (status == 0 && (npos < 2 || !grid || !block))
        status = usage_error("launch needs a file, a kernel, --grid and --block%s", "");
    jitc_context *ctx = status == 0 ? open_context(NULL) : NULL;
    jitc_module *m = ctx ? load(ctx, pos[0], &status) : NULL;
    if (m) {
        jitc_function *fn = find_function(m, pos[1], pos[0]);
        status = fn ? run_launch(m, fn, &cfg, a) : EXIT_USAGE;
    }
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    free_args(a);
    free(a);
    return status;
}

static int cmd_devices(int argc, char **argv)
{
    if (wants_help(argc, argv))
        return fputs(DEVICES_HELP, stdout), 0;
    int count;
    char why[256] = "";
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK) {
        printf("no CUDA devices: %s\n", why);
        return 0;
    }
    for (int i = 0; i < count; i++) {
        jitc_device_info info;
        if (jitc_device_get_info(i, &info) == JITC_OK)
            printf("%d: %s, compute capability %d.%d (sm_%d%d), %d multiprocessors, %.1f GiB\n", i, info.name,
                   info.major, info.minor, info.major, info.minor, info.multiprocessors,
                   (double)info.memory / (1024.0 * 1024 * 1024));
    }
    return 0;
}

typedef struct Command {
    const char *name;
    int (*run)(int, char **);
} Command;

/* build and cache join this table with the ahead-of-time path. */
static const Command COMMANDS[] = {
    {"check", cmd_check}, {"emit", cmd_emit}, {"call", cmd_call}, {"launch", cmd_launch}, {"devices", cmd_devices},
};

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(USAGE, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : 0;
    }
    if (strcmp(argv[1], "--version") == 0)
        return printf("jitc %s\n", jitc_version()), 0;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (strcmp(argv[1], COMMANDS[i].name) != 0)
            continue;
        return COMMANDS[i].run(argc - 2, argv + 2);
    }
    return usage_error("unknown command '%s'", argv[1]);
}
