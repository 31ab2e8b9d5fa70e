/* main.c — the jitc command line, over the public API (include/jitc.h) plus the runtime's .npy
 * reader/writer (npy.h) and Python-style printing (repr.h). Owns argument
 * parsing, the command table and the exit statuses:
 *
 *   0  success
 *   1  the krn program failed: syntax or type errors (diagnostics on stderr), or an exception at
 *      run time (its message on stderr)
 *   2  jitc was used wrongly: bad usage, an unknown command or option, a file that cannot be
 *      read or written, a malformed .npy file (one line "jitc: ..." on stderr)
 *
 * Each command is one function cli_cmd_NAME(argc, argv) listed in COMMANDS below, which also
 * gives its synopsis and help; `jitc --help` is made from that table. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"
#include "jitc.h"
#include "npy.h"
#include "repr.h"


static const CliCommand *cli_find_command(const char *name);
static void cli_print_usage(FILE *out);

/* ---- messages ---- */

/* Prints "jitc: MESSAGE" on stderr. */
static void cli_vreport(const char *fmt, va_list ap)
{
    fputs("jitc: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\n", stderr);
}

/* Prints "jitc: MESSAGE" on stderr and returns CLI_USAGE. */
int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vreport(fmt, ap);
    va_end(ap);
    return CLI_USAGE;
}

/* Prints "jitc: MESSAGE" on stderr and returns CLI_FAILED. */
int cli_failure(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vreport(fmt, ap);
    va_end(ap);
    return CLI_FAILED;
}

static bool cli_is_help(const char *arg) { return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0; }

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (cli_is_help(argv[i]))
            return true;
    return false;
}

int cli_print_help(const char *name)
{
    fputs(cli_find_command(name)->help, stdout);
    return CLI_OK;
}

/* ---- options ---- */

/* Matches argv[*i] against --name VALUE or --name=VALUE; on a match *value is set and *i points at
 * the last word used. A missing VALUE is reported and gives *bad. */
bool cli_option_value(int argc, char **argv, int *i, const char *name, const char **value, bool *bad)
{
    size_t n = strlen(name);
    const char *arg = argv[*i];
    if (strncmp(arg, name, n) != 0)
        return false;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return true;
    }
    if (arg[n] != 0)
        return false;
    if (*i + 1 >= argc) {
        cli_usage_error("%s needs a value", name);
        *bad = true;
        return true;
    }
    *value = argv[++*i];
    return true;
}

/* An option-looking word: --anything, or -letter (not -5, -.5, -inf or -nan, which are numbers). */
bool cli_is_option(const char *arg)
{
    if (arg[0] != '-' || arg[1] == 0)
        return false;
    if (arg[1] == '-')
        return true;
    return !(arg[1] >= '0' && arg[1] <= '9') && arg[1] != '.' && strcasecmp(arg, "-inf") != 0 &&
           strcasecmp(arg, "-infinity") != 0 && strcasecmp(arg, "-nan") != 0;
}

/* ---- compiling ---- */

/* Reads the whole file at path into a NUL-terminated buffer; says why not on stderr. */
static char *cli_read_source(const char *path, size_t *len)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        cli_usage_error("cannot read '%s': it is a directory", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        cli_usage_error("cannot read '%s': %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    const char *why = buf ? NULL : "out of memory";
    while (!why && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        char *grown = n + 1 == cap ? realloc(buf, cap *= 2) : buf;
        if (grown)
            buf = grown;
        else
            why = "out of memory";
    }
    if (!why && ferror(f))
        why = strerror(errno);
    fclose(f);
    if (why) {
        free(buf);
        cli_usage_error("cannot read '%s': %s", path, why);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* A context for this run on CUDA device gpu_device (gpu_arch may be NULL); says why not on stderr. */
jitc_context *cli_open_context(const char *gpu_arch, int gpu_device, bool lazy)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_arch = gpu_arch;
    opts.gpu_device = gpu_device;
    opts.lazy_check = lazy;
    jitc_context *ctx = NULL;
    jitc_status st = jitc_context_create(&opts, &ctx);
    if (st != JITC_OK) {
        cli_failure("cannot create a compiler context: %s", jitc_status_string(st));
        return NULL;
    }
    return ctx;
}

/* Prints the module's diagnostics from number `from` on, on stderr; returns how many it holds. */
int cli_print_diagnostics(const jitc_module *mod, int from)
{
    int count = jitc_module_diagnostic_count(mod);
    for (int i = from; i < count; i++) {
        const jitc_diagnostic *d = jitc_module_diagnostic(mod, i);
        if (d && d->rendered)
            fputs(d->rendered, stderr);
    }
    return count;
}

/* Whether the status means the krn program is at fault (exit 1) rather than the usage (exit 2). */
bool cli_is_program_error(jitc_status st)
{
    return st != JITC_ERR_ARGUMENT && st != JITC_ERR_NOT_FOUND && st != JITC_ERR_IO;
}

/* Reads and compiles the file at path: *mod (NULL if compiling could not even start) and the
 * status; false, having said why, when the file cannot be read. */
static bool cli_compile_source(jitc_context *ctx, const char *path, jitc_module **mod, jitc_status *st)
{
    size_t len;
    char *src = cli_read_source(path, &len);
    *mod = NULL;
    if (!src)
        return false;
    *st = jitc_module_compile(ctx, path, src, len, mod);
    free(src);
    return true;
}

/* Compiles the file at path into *out, printing its diagnostics on stderr. Returns the exit
 * status: CLI_OK (then *out is the caller's), CLI_FAILED on compile errors, CLI_USAGE if the
 * file cannot be read. */
int cli_compile(jitc_context *ctx, const char *path, jitc_module **out)
{
    *out = NULL;
    jitc_module *mod;
    jitc_status st;
    if (!cli_compile_source(ctx, path, &mod, &st))
        return CLI_USAGE;
    if (mod)
        fputs(jitc_module_diagnostics_text(mod), stderr);
    if (st == JITC_OK) {
        *out = mod;
        return CLI_OK;
    }
    if (!mod || jitc_module_diagnostic_count(mod) == 0)
        cli_failure("%s: %s", path, jitc_status_string(st));
    jitc_module_destroy(mod);
    return cli_is_program_error(st) ? CLI_FAILED : CLI_USAGE;
}

/* Looks FUNC up in the module; says which functions there are when it is missing. */
static jitc_function *cli_find_function(jitc_module *mod, const char *name, const char *path)
{
    jitc_function *fn = NULL;
    if (jitc_module_function(mod, name, &fn) == JITC_OK)
        return fn;
    fprintf(stderr, "jitc: %s defines no function '%s'", path, name);
    int count = jitc_module_function_count(mod);
    for (int i = 0; i < count; i++)
        fprintf(stderr, "%s%s", i ? ", " : " (it defines ", jitc_module_function_name(mod, i));
    fputs(count ? ")\n" : "\n", stderr);
    return NULL;
}

/* Reports a failed call, launch or emit: the diagnostics it added (from number `from`), or else
 * the reason; returns the exit status for st. */
static int cli_report_failure(jitc_module *mod, int from, jitc_status st, const char *message)
{
    bool reason = message && *message;
    int shown = cli_print_diagnostics(mod, from) - from;
    if (st == JITC_ERR_RUNTIME) /* "file:line:col: IndexError: ..." as it is */
        fprintf(stderr, "%s\n", reason ? message : jitc_status_string(st));
    else if (shown == 0)
        fprintf(stderr, "jitc: %s\n", reason ? message : jitc_status_string(st));
    return cli_is_program_error(st) ? CLI_FAILED : CLI_USAGE;
}

/* ---- check ---- */

static int cli_cmd_check(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("check");
    bool verbose = argc == 2 && (strcmp(argv[0], "--verbose") == 0 || strcmp(argv[1], "--verbose") == 0);
    const char *file = verbose && strcmp(argv[0], "--verbose") == 0 ? argv[1] : argv[0];
    if (argc != 1 + verbose)
        return cli_usage_error(argc ? "check takes one file and --verbose, not %d words" : "check needs a file", argc);
    if (cli_is_option(file))
        return cli_usage_error("check: unknown option '%s'", file);
    jitc_context *ctx = cli_open_context(NULL, 0, false);
    if (!ctx)
        return CLI_FAILED;
    jitc_module *mod = NULL;
    jitc_status st = JITC_OK;
    int status = CLI_USAGE;
    if (cli_compile_source(ctx, file, &mod, &st)) {
        fputs(jitc_module_diagnostics_text(mod), stderr);
        if (verbose) /* what jitc skipped, on stdout */
            fputs(jitc_module_skipped_text(mod), stdout);
        if (st != JITC_OK && (!mod || jitc_module_diagnostic_count(mod) == 0))
            cli_failure("%s: %s", file, jitc_status_string(st));
        status = st == JITC_OK ? CLI_OK : cli_is_program_error(st) ? CLI_FAILED : CLI_USAGE;
    }
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
    return status;
}

/* ---- emit ---- */

/* --ast is no jitc_emit_kind: it prints the whole module's tree (jitc_module_emit_ast). */
enum { CLI_EMIT_AST = -2, CLI_EMIT_NONE = -1 };
#define CLI_EMIT_FLAGS "--ast, --ir, --llvm-raw, --llvm, --asm, --ptx"

typedef struct CliEmit {
    int kind; /* a jitc_emit_kind, CLI_EMIT_AST, or CLI_EMIT_NONE until given */
    const char *file, *func, *sig, *arch;
} CliEmit;

static int cli_emit_kind(const char *arg)
{
    static const struct {
        const char *flag;
        int kind;
    } KINDS[] = {{"--ast", CLI_EMIT_AST},   {"--ir", JITC_EMIT_IR},   {"--llvm-raw", JITC_EMIT_LLVM_RAW},
                 {"--llvm", JITC_EMIT_LLVM}, {"--asm", JITC_EMIT_ASM}, {"--ptx", JITC_EMIT_PTX}};
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++)
        if (strcmp(arg, KINDS[i].flag) == 0)
            return KINDS[i].kind;
    return CLI_EMIT_NONE;
}

/* The words after the kind: FILE FUNC, or FILE alone for --ast (which takes no options). */
static int cli_check_emit_words(const CliEmit *e, int npos)
{
    if (e->kind == CLI_EMIT_NONE)
        return cli_usage_error("emit needs one of " CLI_EMIT_FLAGS);
    if (e->kind == CLI_EMIT_AST) {
        if (npos != 1)
            return cli_usage_error("emit --ast takes a file alone");
        if (e->sig || e->arch)
            return cli_usage_error("emit --ast takes no %s", e->sig ? "--sig" : "--arch");
        return CLI_OK;
    }
    if (npos != 2)
        return cli_usage_error("emit needs a file and a function name");
    if (e->arch && strncmp(e->arch, "sm_", 3) != 0)
        return cli_usage_error("--arch takes a GPU architecture such as sm_90, not '%s'", e->arch);
    return CLI_OK;
}

static int cli_parse_emit(int argc, char **argv, CliEmit *e)
{
    *e = (CliEmit){.kind = CLI_EMIT_NONE};
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        bool bad = false;
        int kind = cli_emit_kind(argv[i]);
        if (kind != CLI_EMIT_NONE) {
            if (e->kind != CLI_EMIT_NONE && e->kind != kind)
                return cli_usage_error("emit takes one of " CLI_EMIT_FLAGS);
            e->kind = kind;
        } else if (cli_option_value(argc, argv, &i, "--sig", &e->sig, &bad) ||
                   cli_option_value(argc, argv, &i, "--arch", &e->arch, &bad)) {
            if (bad)
                return CLI_USAGE;
        } else if (cli_is_option(argv[i])) {
            return cli_usage_error("emit: unknown option '%s'", argv[i]);
        } else if (npos == 0) {
            e->file = argv[i];
            npos++;
        } else if (npos == 1) {
            e->func = argv[i];
            npos++;
        } else {
            return cli_usage_error("emit: unexpected argument '%s'", argv[i]);
        }
    }
    return cli_check_emit_words(e, npos);
}

/* `emit --ast`: the tree the parser made, also of a file with syntax errors (what parsed; the
 * errors follow on stderr and the exit status is 1). Later errors (types) are not its business:
 * `jitc check` reports them. */
static int cli_emit_ast(jitc_context *ctx, const char *path)
{
    jitc_module *mod;
    jitc_status st;
    if (!cli_compile_source(ctx, path, &mod, &st))
        return CLI_USAGE;
    const char *text = NULL;
    int status = CLI_OK;
    if (!mod || jitc_module_emit_ast(mod, &text) != JITC_OK) {
        status = cli_failure("%s: %s", path, jitc_status_string(st));
    } else {
        fputs(text, stdout);
        fflush(stdout);
        if (st == JITC_ERR_SYNTAX) {
            fputs(jitc_module_diagnostics_text(mod), stderr);
            status = CLI_FAILED;
        }
    }
    jitc_module_destroy(mod);
    return status;
}

static int cli_emit_function(jitc_module *mod, const CliEmit *e)
{
    jitc_function *fn = cli_find_function(mod, e->func, e->file);
    if (!fn)
        return CLI_USAGE;
    int before = jitc_module_diagnostic_count(mod);
    const char *text = NULL;
    jitc_status st = jitc_function_emit(fn, e->sig, (jitc_emit_kind)e->kind, &text);
    if (st == JITC_OK) {
        cli_print_diagnostics(mod, before); /* warnings (an unsafe cache directory) */
        fputs(text ? text : "", stdout);
        return CLI_OK;
    }
    if (st == JITC_ERR_ARGUMENT && !e->sig && jitc_module_diagnostic_count(mod) == before)
        return cli_usage_error("'%s' has no explicit signature: give one with --sig", e->func);
    if (st == JITC_ERR_ARGUMENT && jitc_module_diagnostic_count(mod) == before)
        return cli_usage_error("bad signature '%s' for '%s'", e->sig, e->func);
    return cli_report_failure(mod, before, st, jitc_status_string(st));
}

static int cli_cmd_emit(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("emit");
    CliEmit e;
    if (cli_parse_emit(argc, argv, &e) != CLI_OK)
        return CLI_USAGE;
    jitc_context *ctx = cli_open_context(e.arch, 0, true);
    if (!ctx)
        return CLI_FAILED;
    int status;
    if (e.kind == CLI_EMIT_AST) {
        status = cli_emit_ast(ctx, e.file);
    } else {
        jitc_module *mod;
        status = cli_compile(ctx, e.file, &mod);
        if (status == CLI_OK)
            status = cli_emit_function(mod, &e);
        jitc_module_destroy(mod);
    }
    jitc_context_destroy(ctx);
    return status;
}

/* ---- arguments of call and launch ---- */

typedef struct CliArgs {
    jitc_value *values;
    NpyArray *arrays;        /* arrays[i] is used when paths[i] is set */
    unsigned char **before;  /* the array's bytes before the call, to see whether they changed */
    const char **paths;
    CliStates *states;       /* states[i] is used when its tensor has a shape (xoroshiro128p:N:SEED) */
    struct CliArgs **tuples; /* tuples[i]: argument i's elements when it is a tuple, "(1, (2.5, a.npy))" */
    char **texts;            /* texts[i]: the copy of a tuple's word its elements were read from */
    char **strs;             /* strs[i]: a string argument's text (strarg.c) */
    jitc_generator *gens;    /* gens[i]: a Generator argument's words, np.random.default_rng(SEED) */
    int n, cap;
} CliArgs;

static bool cli_args_init(CliArgs *a, int cap)
{
    size_t c = (size_t)(cap > 0 ? cap : 1);
    *a = (CliArgs){.values = calloc(c, sizeof *a->values), .arrays = calloc(c, sizeof *a->arrays),
                   .before = calloc(c, sizeof *a->before), .paths = calloc(c, sizeof *a->paths),
                   .states = calloc(c, sizeof *a->states), .tuples = calloc(c, sizeof *a->tuples),
                   .texts = calloc(c, sizeof *a->texts), .strs = calloc(c, sizeof *a->strs),
                   .gens = calloc(c, sizeof *a->gens), .cap = cap};
    return a->values && a->arrays && a->before && a->paths && a->states && a->tuples && a->texts && a->strs &&
           a->gens;
}

static void cli_args_free(CliArgs *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->paths[i])
            npy_free(&a->arrays[i]);
        free(a->before[i]);
        if (a->tuples && a->tuples[i]) {
            cli_args_free(a->tuples[i]);
            free(a->tuples[i]);
        }
        if (a->texts)
            free(a->texts[i]);
        if (a->strs)
            free(a->strs[i]);
    }
    free(a->tuples);
    free(a->texts);
    free(a->strs);
    free(a->gens);
    free(a->values);
    free(a->arrays);
    free(a->before);
    free(a->paths);
    free(a->states);
}

/* Makes the arguments' xoroshiro128p states (on the GPU for a launch), once the context exists. */
static int cli_args_make_states(jitc_context *ctx, CliArgs *a, bool on_gpu)
{
    int status = CLI_OK;
    for (int i = 0; i < a->n && status == CLI_OK; i++)
        if (a->tuples[i])
            status = cli_args_make_states(ctx, a->tuples[i], on_gpu);
        else if (a->states[i].tensor.shape)
            status = cli_make_states(ctx, &a->states[i], on_gpu);
    return status;
}

static void cli_args_free_states(jitc_context *ctx, CliArgs *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->tuples[i])
            cli_args_free_states(ctx, a->tuples[i]);
        else
            cli_free_states(ctx, &a->states[i]);
}

/* Digits of `base` with single underscores between them (Python's 1_000); into out, unsigned. */
static bool cli_digits(const char *s, int base, uint64_t *out, bool *overflow)
{
    uint64_t v = 0;
    bool any = false;
    for (; *s; s++) {
        if (*s == '_' && any && s[1] && s[1] != '_')
            continue;
        int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
              : *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : 99;
        if (d >= base)
            return false;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            *overflow = true;
        v = v * (uint64_t)base + (uint64_t)d;
        any = true;
    }
    *out = v;
    return any;
}

/* Python's integer literal with an optional sign: 42, -7, 1_000, 0x1F, 0o17, 0b101 (not 007).
 * As Numba types a Python int: int64, or uint64 above INT64_MAX. Returns 0 if s is no integer
 * literal, 1 on success, -1 if it does not fit. */
static int cli_parse_int(const char *s, jitc_value *v)
{
    bool negative = *s == '-';
    if (*s == '-' || *s == '+')
        s++;
    int base = 10;
    if (s[0] == '0' && s[1] && strchr("xXoObB", s[1])) {
        base = strchr("xX", s[1]) ? 16 : strchr("oO", s[1]) ? 8 : 2;
        s += 2;
        if (*s == '_')
            s++;
    } else if (s[0] == '0' && s[1] && strspn(s, "0_") != strlen(s)) {
        return 0; /* 007: not a Python literal */
    }
    uint64_t mag;
    bool overflow = false;
    if (!cli_digits(s, base, &mag, &overflow))
        return 0;
    if (overflow || (negative && mag > (uint64_t)INT64_MAX + 1))
        return -1;
    if (negative)
        *v = jitc_i64(mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag);
    else if (mag > (uint64_t)INT64_MAX)
        *v = (jitc_value){.kind = JITC_UINT64, .u = mag};
    else
        *v = jitc_i64((int64_t)mag);
    return 1;
}

/* Skips decimal digits with single underscores between them; returns how many digits. */
static size_t cli_skip_digits(const char **p)
{
    size_t n = 0;
    const char *s = *p;
    for (;; s++) {
        if (*s >= '0' && *s <= '9')
            n++;
        else if (!(*s == '_' && n && s[1] >= '0' && s[1] <= '9'))
            break;
    }
    *p = s;
    return n;
}

/* Python's float literal syntax with an optional sign: 1.5, -2., .5e-3, 1e10, 1_000.5. */
static bool cli_float_syntax(const char *s)
{
    if (*s == '+' || *s == '-')
        s++;
    size_t digits = cli_skip_digits(&s);
    bool point = *s == '.', exp = false;
    if (point) {
        s++;
        digits += cli_skip_digits(&s);
    }
    if (digits == 0)
        return false;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (cli_skip_digits(&s) == 0)
            return false;
        exp = true;
    }
    return *s == 0 && (point || exp);
}

/* A float literal, or inf, infinity or nan in any case with an optional sign: float64. */
static bool cli_parse_float(const char *s, jitc_value *v)
{
    const char *body = s + (*s == '-' || *s == '+');
    if (strcasecmp(body, "inf") == 0 || strcasecmp(body, "infinity") == 0 || strcasecmp(body, "nan") == 0) {
        double d = (body[0] == 'n' || body[0] == 'N') ? NAN : INFINITY;
        *v = jitc_f64(*s == '-' ? -d : d);
        return true;
    }
    if (!cli_float_syntax(s))
        return false;
    char *clean = malloc(strlen(s) + 1);
    if (!clean)
        return false;
    size_t k = 0;
    for (const char *p = s; *p; p++)
        if (*p != '_')
            clean[k++] = *p;
    clean[k] = 0;
    *v = jitc_f64(strtod(clean, NULL)); /* too large gives inf, as Python's float literal does */
    free(clean);
    return true;
}

/* A complex literal as Python writes one, with an optional sign and parentheses: 2j, -1.5j,
 * 1+2j, (1-2.5e-3j), nan+infj: complex128. */
static bool cli_parse_complex(const char *s, jitc_value *v)
{
    size_t n = strlen(s);
    char buf[128];
    if (n >= 2 && s[0] == '(' && s[n - 1] == ')')
        s++, n -= 2;
    if (n < 2 || n >= sizeof buf || (s[n - 1] != 'j' && s[n - 1] != 'J'))
        return false;
    memcpy(buf, s, n - 1);
    buf[n - 1] = 0;
    size_t split = 0; /* where the imaginary part starts: its sign, not an exponent's */
    for (size_t k = 1; k < n - 1; k++)
        if ((buf[k] == '+' || buf[k] == '-') && buf[k - 1] != 'e' && buf[k - 1] != 'E')
            split = k;
    jitc_value re = jitc_f64(0.0), im;
    char imag[128];
    snprintf(imag, sizeof imag, "%s", buf + split);
    if (strcmp(imag, "+") == 0 || strcmp(imag, "-") == 0 || !imag[0])
        return false;
    buf[split] = 0;
    int as_int;
    if (split && !cli_parse_float(buf, &re) && (as_int = cli_parse_int(buf, &re)) != 1)
        return false;
    if (!cli_parse_float(imag, &im) && (as_int = cli_parse_int(imag, &im)) != 1)
        return false;
    double r = re.kind == JITC_FLOAT64 ? re.f64 : (double)re.i, i = im.kind == JITC_FLOAT64 ? im.f64 : (double)im.i;
    *v = jitc_c128(r, i);
    return true;
}

static bool cli_has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool cli_is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The most dimensions of an array argument (jitc's limit, NumPy 1's; NumPy 2's is 64). */
enum { CLI_MAX_NDIM = 32 };

/* Reads the .npy file at path as argument i; keeps a copy of its bytes to compare after the call. */
static int cli_add_array(CliArgs *a, int i, const char *path)
{
    char err[1024];
    if (npy_read(path, &a->arrays[i], err, sizeof err) != 0)
        return cli_usage_error("%s", err);
    a->paths[i] = path;
    if (a->arrays[i].tensor.ndim > CLI_MAX_NDIM) /* the array is freed with the others */
        return cli_usage_error("%s: an array of %d dimensions: jitc takes arrays of at most %d (NumPy 2 allows 64)",
                               path, a->arrays[i].tensor.ndim, CLI_MAX_NDIM);
    size_t n = a->arrays[i].nbytes;
    a->before[i] = malloc(n ? n : 1);
    if (!a->before[i])
        return cli_usage_error("%s: out of memory", path);
    memcpy(a->before[i], a->arrays[i].data, n);
    a->values[i] = jitc_array(&a->arrays[i].tensor);
    return CLI_OK;
}

static int cli_add_arg(CliArgs *a, const char *s);

/* The items of a tuple display's inside (text, changed in place): split at the commas outside
 * parentheses, blanks around them trimmed, into items[0..*n); a trailing comma ends it, as in
 * Python's (1,). False for an empty item or too many. *comma: some comma was seen. */
static bool cli_split_tuple(char *text, char **items, int cap, int *n, bool *comma)
{
    int depth = 0;
    char *start = text;
    *n = 0;
    *comma = false;
    for (char *p = text;; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if (*p == ')' || *p == ']')
            depth--;
        if ((*p != ',' || depth) && *p)
            continue;
        bool end = !*p;
        *comma |= !end;
        *p = 0;
        while (*start == ' ' || *start == '\t')
            start++;
        for (char *q = p; q > start && (q[-1] == ' ' || q[-1] == '\t');)
            *--q = 0;
        if (!*start && !(end && (*comma || *n == 0)))
            return false; /* "(1,,2)", "(,)" */
        if (*start && *n == cap)
            return false;
        if (*start)
            items[(*n)++] = start;
        if (end)
            return true;
        start = p + 1;
    }
}

/* A tuple ARG, "(1, 2.5)", "(a.npy, (3, True))", "(7,)", "()": its items as ARGs of their own,
 * argument i a JITC_TUPLE of them; "(7)" is 7, as in Python. A list ARG, "[1, 2]" (a reflected
 * list) or "List([a.npy, b.npy])" (numba.typed.List), is read the same way into a JITC_LIST or
 * JITC_TYPED_LIST (kind). */
static int cli_add_sequence(CliArgs *a, const char *s, jitc_kind kind)
{
    size_t len = strlen(s);
    int i = a->n, n = 0;
    char *text = malloc(len), *items[64];
    bool comma = false;
    if (!text)
        return cli_usage_error("out of memory");
    memcpy(text, s + 1, len - 2);
    text[len - 2] = 0;
    if (!cli_split_tuple(text, items, 64, &n, &comma)) {
        free(text);
        return cli_usage_error(n == 64 ? "argument '%s' is a tuple of more than 64 items (a tuple ARG has at most 64)"
                                       : "argument '%s' is not a tuple of ARGs: it has an empty item", s);
    }
    if (n == 1 && !comma && kind == JITC_TUPLE) { /* a value in parentheses */
        int status = cli_add_arg(a, items[0]);
        if (a->n > i)
            a->texts[i] = text;
        else
            free(text);
        return status;
    }
    CliArgs *t = calloc(1, sizeof *t);
    if (!t || !cli_args_init(t, n)) {
        cli_args_free(t ? t : &(CliArgs){0});
        free(t);
        free(text);
        return cli_usage_error("out of memory");
    }
    a->tuples[i] = t;
    a->texts[i] = text;
    a->n++; /* counted also on failure, so that cli_args_free frees what was read */
    int status = CLI_OK;
    for (int k = 0; k < n && status == CLI_OK; k++)
        status = cli_add_arg(t, items[k]);
    a->values[i] = jitc_tuple(t->values, t->n);
    a->values[i].kind = kind;
    return status;
}

/* Whether a braces ARG, "{...}", has a colon outside parentheses and brackets: a dict's, not a set's. */
static bool cli_has_colon(const char *s)
{
    int depth = 0;
    for (; *s; s++) {
        depth += (*s == '(' || *s == '[') - (*s == ')' || *s == ']');
        if (depth == 0 && *s == ':')
            return true;
    }
    return false;
}

/* A set ARG, "{1, 2, 3}" (or "set()", empty): read as a list of its items into a JITC_SET. */
static int cli_add_set(CliArgs *a, const char *s)
{
    size_t len = strlen(s);
    char *items = malloc(len + 1);
    if (!items)
        return cli_usage_error("out of memory");
    if (strcmp(s, "set()") == 0)
        strcpy(items, "[]");
    else
        snprintf(items, len + 1, "[%.*s]", (int)(len - 2), s + 1);
    int status = cli_add_sequence(a, items, JITC_SET);
    free(items);
    return status;
}

/* A dict ARG, "{1: a.npy, 2: b.npy}": read as the list of its (key, value) pairs, argument i a
 * JITC_DICT of JITC_TUPLEs; braces without a colon are a set's, "{1, 2}". */
static int cli_add_dict(CliArgs *a, const char *s)
{
    size_t len = strlen(s);
    if (len < 2 || s[len - 1] != '}')
        return cli_usage_error("argument '%s': a dict is written {KEY: ARG, ...}, a set {ARG, ...}", s);
    if (len > 2 && !cli_has_colon(s))
        return cli_add_set(a, s);
    char *pairs = malloc(2 * len + 4); /* each item "k: v" becomes "(k, v)" */
    if (!pairs)
        return cli_usage_error("out of memory");
    size_t o = 0;
    int depth = 0;
    bool in_item = false;
    pairs[o++] = '[';
    for (size_t i = 1; i + 1 < len; i++) {
        char c = s[i];
        depth += (c == '(' || c == '[') - (c == ')' || c == ']');
        if (!in_item && c != ' ' && c != ',') {
            pairs[o++] = '(';
            in_item = true;
        }
        if (depth == 0 && c == ',') {
            if (in_item)
                pairs[o++] = ')';
            in_item = false;
        }
        pairs[o++] = depth == 0 && c == ':' ? ',' : c;
    }
    if (in_item)
        pairs[o++] = ')';
    pairs[o++] = ']';
    pairs[o] = 0;
    int status = cli_add_sequence(a, pairs, JITC_DICT);
    free(pairs);
    return status;
}

/* A NumPy type as an argument, `np.float64` (also `numpy.` in front), as Python passes one: its
 * kind in *out; false if s names none. */
static bool cli_parse_dtype(const char *s, jitc_value *out)
{
    static const struct { const char *name; jitc_kind kind; } TYPES[] = {
        {"bool_", JITC_BOOL}, {"int8", JITC_INT8}, {"int16", JITC_INT16}, {"int32", JITC_INT32},
        {"int64", JITC_INT64}, {"int_", JITC_INT64}, {"intp", JITC_INT64}, {"uint8", JITC_UINT8},
        {"uint16", JITC_UINT16}, {"uint32", JITC_UINT32}, {"uint64", JITC_UINT64}, {"uintp", JITC_UINT64},
        {"float32", JITC_FLOAT32}, {"float64", JITC_FLOAT64}, {"double", JITC_FLOAT64},
        {"complex64", JITC_COMPLEX64}, {"complex128", JITC_COMPLEX128},
    };
    const char *name = strncmp(s, "np.", 3) == 0 ? s + 3 : strncmp(s, "numpy.", 6) == 0 ? s + 6 : NULL;
    for (size_t i = 0; name && i < sizeof TYPES / sizeof TYPES[0]; i++)
        if (strcmp(TYPES[i].name, name) == 0) {
            *out = jitc_dtype(TYPES[i].kind);
            return true;
        }
    return false;
}

/* One ARG of call or launch: an int, a float, True/False, a string, a NumPy type (np.float64), a
 * .npy file, xoroshiro128p states, a Generator (np.random.default_rng(SEED)), or a tuple of ARGs. */
static int cli_add_arg(CliArgs *a, const char *s)
{
    int i = a->n;
    if (i == a->cap)
        return cli_usage_error("too many arguments");
    jitc_value complex;
    size_t len = strlen(s);
    if (s[0] == '(' && !cli_parse_complex(s, &complex)) {
        if (len < 2 || s[len - 1] != ')')
            return cli_usage_error("argument '%s': a tuple is written (ARG, ARG, ...)", s);
        return cli_add_sequence(a, s, JITC_TUPLE);
    }
    if (s[0] == '{')
        return cli_add_dict(a, s);
    if (strcmp(s, "set()") == 0)
        return cli_add_set(a, s);
    if (s[0] == '[' || strncmp(s, "List([", 6) == 0) {
        bool typed = s[0] == 'L';
        if (len < (typed ? 8u : 2u) || s[len - 1] != (typed ? ')' : ']') || (typed && s[len - 2] != ']'))
            return cli_usage_error("argument '%s': a list is written [ARG, ARG, ...] or List([ARG, ...])", s);
        if (!typed)
            return cli_add_sequence(a, s, JITC_LIST);
        char *inner = malloc(len - 5);
        if (!inner)
            return cli_usage_error("out of memory");
        memcpy(inner, s + 5, len - 6); /* "[...]" */
        inner[len - 6] = 0;
        int status = cli_add_sequence(a, inner, JITC_TYPED_LIST);
        free(inner);
        return status;
    }
    if (cli_is_states_word(s)) {
        int status = cli_parse_states(s, &a->states[i]);
        a->values[i] = jitc_array(&a->states[i].tensor);
        a->n++;
        return status;
    }
    if (cli_is_generator_word(s)) { /* random.c */
        a->values[i] = (jitc_value){.kind = JITC_GENERATOR, .generator = &a->gens[i]};
        a->n++;
        return cli_parse_generator(s, &a->gens[i]);
    }
    if (cli_is_str_arg(s)) { /* strarg.c */
        if (!(a->strs[i] = cli_parse_str_arg(s)))
            return cli_usage_error("argument %s is not a string literal jitc reads (escapes: \\\\ \\' \\\" \\n \\t "
                                   "\\r \\xNN \\uNNNN \\UNNNNNNNN)", s);
        a->values[i] = jitc_str(a->strs[i]);
        a->n++;
        return CLI_OK;
    }
    int as_int = cli_parse_int(s, &a->values[i]);
    int status = CLI_OK;
    if (as_int < 0)
        return cli_usage_error("argument '%s' does not fit in 64 bits", s);
    if (strcmp(s, "True") == 0 || strcmp(s, "False") == 0)
        a->values[i] = jitc_bool(s[0] == 'T');
    else if (as_int == 0 && cli_parse_dtype(s, &a->values[i]))
        ;
    else if (as_int == 0 && !cli_parse_float(s, &a->values[i]) && !cli_parse_complex(s, &a->values[i])) {
        if (!cli_has_suffix(s, ".npy") && !cli_is_file(s))
            return cli_usage_error("argument '%s' is not a number, True, False or a .npy file", s);
        status = cli_add_array(a, i, s);
    }
    a->n++; /* counted also on failure, so that cli_args_free frees what was read */
    return status;
}

/* Writes every array argument whose bytes changed back to its file. */
static int cli_write_back(CliArgs *a)
{
    for (int i = 0; i < a->n; i++) {
        if (a->tuples[i] && cli_write_back(a->tuples[i]) != CLI_OK)
            return CLI_USAGE;
        if (!a->paths[i] || memcmp(a->before[i], a->arrays[i].data, a->arrays[i].nbytes) == 0)
            continue;
        char err[1024];
        int (*write)(const char *, const DLTensor *, char *, size_t) =
            a->arrays[i].xoroshiro128p_states ? npy_write_states : npy_write;
        if (write(a->paths[i], &a->arrays[i].tensor, err, sizeof err) != 0)
            return cli_usage_error("%s", err);
    }
    return CLI_OK;
}

/* ---- call ---- */

/* Prints the call's result as Python's repr, or nothing for None. */
static void cli_print_result(const jitc_result *r)
{
    if (r->value.kind == JITC_NONE)
        return;
    char small[512];
    int len = repr_result(small, sizeof small, r);
    char *text = len < (int)sizeof small ? small : malloc((size_t)len + 1);
    if (text != small && text)
        repr_result(text, (size_t)len + 1, r);
    printf("%s\n", text ? text : small);
    if (text != small)
        free(text);
}

/* A returned array written to out_path (.npy); anything else is a usage error. */
static int cli_write_result(const jitc_result *r, const char *out_path)
{
    if (r->value.kind != JITC_ARRAY)
        return cli_usage_error("--out needs a function that returns one array");
    char err[1024];
    return npy_write(out_path, r->value.array, err, sizeof err) == 0 ? CLI_OK : cli_usage_error("%s", err);
}

static int cli_run_call(jitc_module *mod, jitc_function *fn, CliArgs *a, const char *out_path)
{
    int before = jitc_module_diagnostic_count(mod);
    jitc_result r;
    memset(&r, 0, sizeof r);
    jitc_function_info info;
    jitc_function_get_info(fn, &info);
    jitc_status st = info.kind == JITC_FN_GUFUNC ? jitc_gufunc_call(fn, a->values, a->n, &r) /* outputs given */
                                                 : jitc_call(fn, a->values, a->n, &r);
    if (info.kind == JITC_FN_GUFUNC && st != JITC_OK) { /* NumPy raises these (shapes, no loop): exit 1 */
        cli_report_failure(mod, before, st, r.message);
        return CLI_FAILED;
    }
    fflush(stdout); /* what the function printed comes before the result and any error */
    if (st == JITC_OK) {
        cli_print_diagnostics(mod, before); /* warnings (an unsafe cache directory) */
        int status = CLI_OK;
        if (out_path)
            status = cli_write_result(&r, out_path);
        else if (info.kind == JITC_FN_GUFUNC && info.nout == 0) /* a layout without '->': Python's () */
            printf("()\n");
        else
            cli_print_result(&r);
        jitc_result_free(&r);
        return status == CLI_OK ? cli_write_back(a) : status;
    }
    if (st == JITC_ERR_RUNTIME) /* what the function wrote before it raised stays written */
        cli_write_back(a);
    return cli_report_failure(mod, before, st, r.message);
}

/* A ufunc applied to arrays: the output, with the broadcast shape and the loop's dtype, goes
 * to out_path. */
static int cli_run_ufunc(jitc_module *mod, jitc_function *fn, CliArgs *a, const char *out_path)
{
    int before = jitc_module_diagnostic_count(mod);
    jitc_result r;
    DLManagedTensor *out = NULL;
    jitc_status st = jitc_ufunc_alloc(fn, a->values, a->n, &out, &r);
    fflush(stdout);
    if (st != JITC_OK) { /* NumPy raises these (no loop, shapes that do not broadcast): exit 1 */
        cli_report_failure(mod, before, st, r.message);
        return CLI_FAILED;
    }
    cli_print_diagnostics(mod, before); /* warnings (an unsafe cache directory) */
    char err[1024];
    int status = npy_write(out_path, &out->dl_tensor, err, sizeof err) == 0 ? CLI_OK : cli_usage_error("%s", err);
    out->deleter(out);
    return status;
}

/* Whether the call is `jitc call FILE UFUNC IN... OUT.npy`: a ufunc or a one-output gufunc
 * given one argument more than it has inputs, the last a .npy path (a gufunc with a layout alone
 * takes its output as given: OUT.npy is read and written back). */
static bool cli_is_ufunc_call(jitc_function *fn, int nargs, const char *last)
{
    jitc_function_info info;
    if (jitc_function_get_info(fn, &info) != JITC_OK || (info.kind == JITC_FN_GUFUNC && !info.nsigs))
        return false;
    return (info.kind == JITC_FN_UFUNC || info.kind == JITC_FN_GUFUNC) && info.nout == 1 && nargs == info.nin + 1 &&
           cli_has_suffix(last, ".npy");
}

static bool cli_is_reduce(jitc_function *fn)
{
    jitc_function_info info;
    return jitc_function_get_info(fn, &info) == JITC_OK && info.kind == JITC_FN_REDUCE;
}

/* A @cuda.reduce over ARRAY.npy [INIT]: the answer is printed as a call's result is. */
static int cli_run_reduce(jitc_module *mod, jitc_function *fn, CliArgs *a)
{
    int before = jitc_module_diagnostic_count(mod);
    if (a->n < 1 || a->n > 2 || a->values[0].kind != JITC_ARRAY)
        return cli_usage_error("a reduction takes a 1-D .npy array and an optional initial value");
    jitc_result r;
    jitc_status st = jitc_reduce(fn, &a->values[0], a->n == 2 ? &a->values[1] : NULL, &r);
    if (st != JITC_OK)
        return cli_report_failure(mod, before, st, r.message);
    cli_print_diagnostics(mod, before); /* warnings (an unsafe cache directory) */
    cli_print_result(&r);
    return CLI_OK;
}

/* One call's words after FUNC: its arguments read into args (a last .npy, which may be a
 * ufunc's output that need not exist, left in *deferred to be read once the function is known),
 * --out's file into *out_path, the count of argument words into *nargs. */
static int cli_read_call_words(int nwords, char **words, CliArgs *args, int *nargs, const char **out_path,
                               const char **deferred)
{
    *out_path = *deferred = NULL;
    *args = (CliArgs){0};
    int kept = 0;
    for (int i = 0; i < nwords; i++) {
        if (strcmp(words[i], "--out") != 0) {
            words[kept++] = words[i];
        } else if (i + 1 == nwords || *out_path) {
            return cli_usage_error(*out_path ? "call: --out given twice" : "call: --out needs a file name");
        } else {
            *out_path = words[++i];
        }
    }
    *nargs = kept;
    const char *last = kept ? words[kept - 1] : NULL;
    if (last && cli_has_suffix(last, ".npy"))
        *deferred = last;
    int status = cli_args_init(args, kept) ? CLI_OK : cli_usage_error("out of memory");
    for (int i = 0; i < kept - (*deferred != NULL) && status == CLI_OK; i++)
        status = cli_is_option(words[i]) ? cli_usage_error("call: unknown option '%s'", words[i])
                                         : cli_add_arg(args, words[i]);
    return status;
}

/* Calls FUNC of mod (from file) with args as `jitc call` does: a ufunc with an output file, a
 * reduction, or a function; nargs counts the words, deferred among them. */
static int cli_call_function(jitc_context *ctx, jitc_module *mod, const char *file, const char *func, CliArgs *args,
                             int nargs, const char *out_path, const char *deferred)
{
    int status = cli_args_make_states(ctx, args, false);
    jitc_function *fn = status == CLI_OK ? cli_find_function(mod, func, file) : NULL;
    if (status == CLI_OK && !fn)
        status = CLI_USAGE;
    else if (fn && deferred && cli_is_ufunc_call(fn, nargs, deferred))
        status = cli_run_ufunc(mod, fn, args, deferred);
    else if (fn && cli_is_reduce(fn) && (!deferred || (status = cli_add_arg(args, deferred)) == CLI_OK))
        status = cli_run_reduce(mod, fn, args);
    else if (fn && (!deferred || (status = cli_add_arg(args, deferred)) == CLI_OK))
        status = cli_run_call(mod, fn, args, out_path);
    cli_args_free_states(ctx, args);
    return status;
}

/* Where a batch's call ends, on stdout and on stderr: the marker, then the exit status the call
 * would have had as a process of its own. */
#define CLI_BATCH_MARK "\x1ejitc-call-end"

/* `jitc call FILE --batch`: the module compiled once, then one call per line of standard input
 * (FUNC ARG... [--out F.npy], words split at tabs), each ended by CLI_BATCH_MARK and its exit
 * status on stdout and stderr. What the calls share is the module (its compiled functions) and
 * the process (np.random's state); a test runner pays one start for many calls. */
static int cli_call_batch(const char *file)
{
    jitc_context *ctx = cli_open_context(NULL, 0, true);
    jitc_module *mod = NULL;
    int status = ctx ? cli_compile(ctx, file, &mod) : CLI_FAILED;
    char *line = NULL, *words[256];
    size_t cap = 0;
    while (mod && getline(&line, &cap, stdin) >= 0) { /* a line of any length */
        int n = 0;
        char *w = strtok(line, "\t\n");
        for (; w && n < 256; w = strtok(NULL, "\t\n"))
            words[n++] = w;
        if (n == 0)
            continue;
        CliArgs args = {0};
        const char *out_path, *deferred;
        int nargs = 0, rc = w ? cli_usage_error("call --batch: a line of more than 256 words")
                              : cli_read_call_words(n - 1, words + 1, &args, &nargs, &out_path, &deferred);
        if (rc == CLI_OK)
            rc = cli_call_function(ctx, mod, file, words[0], &args, nargs, out_path, deferred);
        cli_args_free(&args);
        fflush(stdout);
        printf(CLI_BATCH_MARK " %d\n", rc);
        fprintf(stderr, CLI_BATCH_MARK " %d\n", rc);
        fflush(stdout);
        fflush(stderr);
    }
    free(line);
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
    return mod ? CLI_OK : status;
}

static int cli_cmd_call(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("call");
    if (argc == 2 && strcmp(argv[1], "--batch") == 0)
        return cli_call_batch(argv[0]);
    for (int i = 0; i < argc && i < 2; i++)
        if (cli_is_option(argv[i]))
            return cli_usage_error("call: unknown option '%s'", argv[i]);
    if (argc < 2)
        return cli_usage_error("call needs a file and a function name");
    CliArgs args;
    const char *out_path, *deferred;
    int nargs, status = cli_read_call_words(argc - 2, argv + 2, &args, &nargs, &out_path, &deferred);
    jitc_context *ctx = status == CLI_OK ? cli_open_context(NULL, 0, true) : NULL;
    if (status == CLI_OK && !ctx)
        status = CLI_FAILED;
    jitc_module *mod = NULL;
    if (ctx)
        status = cli_compile(ctx, argv[0], &mod);
    if (mod)
        status = cli_call_function(ctx, mod, argv[0], argv[1], &args, nargs, out_path, deferred);
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
    cli_args_free(&args);
    return status;
}

/* ---- launch ---- */

/* "X[,Y[,Z]]" of positive integers into dims (the missing ones are 1). */
static bool cli_parse_dims(const char *s, unsigned dims[3])
{
    dims[0] = dims[1] = dims[2] = 1;
    for (int k = 0; k < 3; k++) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 10);
        if (end == s || *s == '-' || *s == '+' || v == 0 || v > 0x7fffffffUL || errno)
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

static bool cli_parse_size(const char *s, size_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end || *s == '-' || errno || v > SIZE_MAX)
        return false;
    *out = (size_t)v;
    return true;
}

typedef struct CliLaunch {
    jitc_launch_config cfg;
    const char *file, *kernel;
    bool grid, block;
    int64_t forall; /* --forall N: numba-cuda's kernel.forall(N); -1 without it */
    int device;     /* --device N: the CUDA device (0 without it) */
} CliLaunch;

/* One launch option at argv[*i]; returns CLI_OK, CLI_USAGE, or -1 when argv[*i] is no option. */
static int cli_launch_option(int argc, char **argv, int *i, CliLaunch *l)
{
    const char *v = NULL;
    bool bad = false;
    if (cli_option_value(argc, argv, i, "--grid", &v, &bad)) {
        if (!bad && !(l->grid = cli_parse_dims(v, l->cfg.grid)))
            return cli_usage_error("--grid takes X[,Y[,Z]] of positive integers, not '%s'", v);
    } else if (cli_option_value(argc, argv, i, "--block", &v, &bad)) {
        if (!bad && !(l->block = cli_parse_dims(v, l->cfg.block)))
            return cli_usage_error("--block takes X[,Y[,Z]] of positive integers, not '%s'", v);
    } else if (cli_option_value(argc, argv, i, "--shared", &v, &bad)) {
        if (!bad && !cli_parse_size(v, &l->cfg.shared_bytes))
            return cli_usage_error("--shared takes a number of bytes, not '%s'", v);
    } else if (cli_option_value(argc, argv, i, "--forall", &v, &bad)) {
        size_t n;
        if (!bad && (!cli_parse_size(v, &n) || n > INT64_MAX))
            return cli_usage_error("--forall takes a number of tasks, not '%s'", v);
        l->forall = bad ? -1 : (int64_t)n;
    } else if (cli_option_value(argc, argv, i, "--device", &v, &bad)) {
        size_t n;
        if (!bad && (!cli_parse_size(v, &n) || n > INT32_MAX))
            return cli_usage_error("--device takes a CUDA device ordinal (jitc devices lists them), not '%s'", v);
        l->device = bad ? 0 : (int)n;
    } else if (cli_is_option(argv[*i])) {
        return cli_usage_error("launch: unknown option '%s'", argv[*i]);
    } else {
        return -1;
    }
    return bad ? CLI_USAGE : CLI_OK;
}

static int cli_parse_launch(int argc, char **argv, CliLaunch *l, CliArgs *args)
{
    memset(l, 0, sizeof *l);
    l->forall = -1;
    int npos = 0;
    for (int i = 0; i < argc; i++) {
        int status = cli_launch_option(argc, argv, &i, l);
        if (status == CLI_USAGE)
            return CLI_USAGE;
        if (status == CLI_OK)
            continue;
        if (npos++ == 0)
            l->file = argv[i];
        else if (npos == 2)
            l->kernel = argv[i];
        else if (cli_add_arg(args, argv[i]) != CLI_OK)
            return CLI_USAGE;
    }
    if (npos < 2)
        return cli_usage_error("launch needs a file and a kernel name");
    if (l->forall >= 0 && (l->grid || (l->block && (l->cfg.block[1] > 1 || l->cfg.block[2] > 1))))
        return cli_usage_error("launch --forall takes no --grid, and a --block of one number (threads per block)");
    if (l->forall >= 0 && !l->block)
        l->cfg.block[0] = 0; /* the driver's best block size */
    if (l->forall < 0 && (!l->grid || !l->block))
        return cli_usage_error("launch needs --grid and --block, or --forall N");
    return CLI_OK;
}

static int cli_run_launch(jitc_module *mod, jitc_function *fn, const CliLaunch *l, CliArgs *a)
{
    int before = jitc_module_diagnostic_count(mod);
    jitc_result r;
    memset(&r, 0, sizeof r);
    jitc_status st = l->forall >= 0 ? jitc_launch_forall(fn, l->forall, &l->cfg, a->values, a->n, &r)
                                    : jitc_launch(fn, &l->cfg, a->values, a->n, &r);
    if (st == JITC_OK) /* wait for the kernel: its faults and its print() output show now */
        st = jitc_synchronize(jitc_module_context(mod), &r);
    fflush(stdout);
    if (st == JITC_OK) {
        cli_print_diagnostics(mod, before); /* warnings (an unsafe cache directory) */
        return cli_write_back(a);
    }
    if (st == JITC_ERR_NO_DEVICE)
        return cli_failure("%s", r.message[0] ? r.message : jitc_status_string(st));
    return cli_report_failure(mod, before, st, r.message);
}

static int cli_cmd_launch(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("launch");
    CliLaunch l;
    CliArgs args;
    int status = cli_args_init(&args, argc) ? CLI_OK : cli_usage_error("out of memory");
    if (status == CLI_OK)
        status = cli_parse_launch(argc, argv, &l, &args);
    jitc_context *ctx = status == CLI_OK ? cli_open_context(NULL, l.device, true) : NULL;
    if (status == CLI_OK && !ctx)
        status = CLI_FAILED;
    jitc_module *mod = NULL;
    if (ctx)
        status = cli_compile(ctx, l.file, &mod);
    if (mod)
        status = cli_args_make_states(ctx, &args, true);
    if (mod && status == CLI_OK) {
        jitc_function *fn = cli_find_function(mod, l.kernel, l.file);
        status = fn ? cli_run_launch(mod, fn, &l, &args) : CLI_USAGE;
    }
    cli_args_free_states(ctx, &args);
    jitc_module_destroy(mod);
    jitc_context_destroy(ctx);
    cli_args_free(&args);
    return status;
}

/* ---- devices ---- */

static int cli_cmd_devices(int argc, char **argv)
{
    if (cli_wants_help(argc, argv))
        return cli_print_help("devices");
    if (argc)
        return cli_usage_error("devices takes no arguments");
    int count = 0;
    char why[256] = "";
    if (jitc_device_count(&count, why, sizeof why) != JITC_OK) {
        printf("no CUDA devices: %s\n", why[0] ? why : "no driver");
        return CLI_OK;
    }
    for (int i = 0; i < count; i++) {
        jitc_device_info info;
        if (jitc_device_get_info(i, &info) == JITC_OK)
            printf("%d: %s, compute capability %d.%d (sm_%d%d), %d multiprocessors, %.1f GiB\n", i, info.name,
                   info.major, info.minor, info.major, info.minor, info.multiprocessors,
                   (double)info.memory / (1024.0 * 1024 * 1024));
    }
    if (count == 0)
        printf("no CUDA devices\n");
    else
        printf("jitc uses device 0 (jitc launch --device N, or jitc_options.gpu_device, picks another)\n");
    return CLI_OK;
}

/* ---- the command table ---- */

static const char CHECK_HELP[] =
    "usage: jitc check FILE.py [--verbose]\n"
    "\n"
    "Parses FILE and type-checks it (functions with explicit signatures are compiled now).\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE with the source line and a caret.\n"
    "Exit status: 0 without errors, 1 on syntax or type errors, 2 if FILE cannot be read.\n";

static const char EMIT_HELP[] =
    "usage: jitc emit --ir|--llvm-raw|--llvm|--asm|--ptx FILE.py FUNC [--sig SIGNATURE] [--arch sm_XX]\n"
    "       jitc emit --ast FILE.py\n"
    "\n"
    "Compiles FUNC for SIGNATURE (such as 'float64(float64[:], int64)'; default: its first\n"
    "decorator signature) and prints jitc's typed IR (--ir), the LLVM IR code generation made\n"
    "before optimization (--llvm-raw; without the target's triple, data layout and CPU, so the\n"
    "same on any CPU of the architecture), the optimized LLVM IR (--llvm), the host assembly\n"
    "(--asm) or, for a @cuda.jit kernel, the PTX for GPU architecture sm_XX (--ptx).\n"
    "--ast prints the syntax tree of the whole FILE as S-expressions; with syntax errors, the\n"
    "tree of what parsed, then the errors on stderr (exit status 1). It reports no type errors.\n"
    "Exit status: 0 ok, 1 on compile errors, 2 on bad usage or an unreadable file.\n";

static const char CALL_HELP[] =
    "usage: jitc call FILE.py FUNC ARG... [--out RESULT.npy]\n"
    "       jitc call FILE.py --batch\n"
    "\n"
    "Compiles FUNC for the types of the arguments, as Numba's dispatcher does, and calls it.\n"
    "An ARG is\n"
    "  an integer literal: 42, -7, 1_000, 0x1F, 0o17, 0b101 (int64; uint64 above 2**63-1)\n"
    "  a float literal: 1.5, -2e-3, inf, -inf, nan (float64)\n"
    "  True or False\n"
    "  the path of a .npy file: an array of its dtype and shape (bool, int8..int64,\n"
    "  uint8..uint64, float16, float32, float64; C or Fortran order); an array the function changes\n"
    "  is written back to its file\n"
    "  xoroshiro128p:N:SEED[:SUBSEQUENCE_START]: fresh numba.cuda.random states for N\n"
    "  generators, as numba-cuda's create_xoroshiro128p_states makes them (a uint64 array of\n"
    "  shape (N, 2); a .npy file of xoroshiro128p_dtype is read as the same)\n"
    "  np.random.default_rng(SEED): a NumPy Generator (PCG64) seeded as NumPy seeds it, SEED from\n"
    "  0 to 2**64 - 1; the call's draws advance it (Numba's NumPyRandomGeneratorType)\n"
    "  a tuple of ARGs in one word: '(1, 2.5)', '(7,)', '(1, (2.5, x.npy))' (Numba's UniTuple or\n"
    "  Tuple; (7) is 7)\n"
    "  a NumPy type: np.float64, np.int32, np.uint8, np.bool_, np.complex128, ... (Numba's\n"
    "  class(float64)): the function is compiled for it\n"
    "The result is printed on stdout as Python's repr prints it ((1, (2.5, 3)) for tuples,\n"
    "[[1, 2], [3]] for lists, nested to any depth), nothing for None; a returned array as\n"
    "NumPy's repr lays it out (elided past 1000 elements), or,\n"
    "with --out RESULT.npy, written to that file instead. For a @vectorize ufunc (or a @guvectorize gufunc with one output) with one more\n"
    "argument, OUT.npy, the ufunc is applied to the inputs as NumPy applies it (broadcasting,\n"
    "NumPy's loop selection; target cuda runs on the GPU) and the result is written to OUT.npy,\n"
    "with the broadcast shape and the loop's output dtype:\n"
    "  jitc call FILE.py UFUNC IN... OUT.npy\n"
    "A gufunc given all its operands writes its outputs (existing .npy files) in place, and a\n"
    "@cuda.reduce function folds a 1-D array on the GPU and prints the result:\n"
    "  jitc call FILE.py GUFUNC IN... OUT.npy...\n"
    "  jitc call FILE.py REDUCER ARRAY.npy [INIT]\n"
    "An exception raised in FUNC (IndexError, ZeroDivisionError, ...) is printed on\n"
    "stderr. Exit status: 0 ok, 1 on compile errors or an exception, 2 on bad usage, an\n"
    "unreadable file or a malformed .npy file.\n"
    "With --batch, each line of stdin is one call (FUNC ARG... [--out RESULT.npy], words split at\n"
    "tabs) of the file compiled once; after each call's output a line with the byte 0x1e,\n"
    "'jitc-call-end' and the call's exit status ends it on stdout and on stderr.\n";

static const char LAUNCH_HELP[] =
    "usage: jitc launch FILE.py KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] [--shared BYTES] [--device N] ARG...\n"
    "       jitc launch FILE.py KERNEL --forall N [--block X] [--shared BYTES] [--device N] ARG...\n"
    "\n"
    "Compiles the @cuda.jit KERNEL for the types of the arguments (PTX for this GPU), launches it\n"
    "over the grid and waits for it. ARGs are as for `jitc call`; .npy arrays are copied to the GPU\n"
    "and back, and written back to their file if the kernel changed them; xoroshiro128p:N:SEED\n"
    "states are made on the GPU. --shared gives the\n"
    "dynamic shared memory. --forall N launches as numba-cuda's kernel.forall(N): N threads in a\n"
    "1-D grid, the block the driver's occupancy calculator finds best (or --block X's). --device N\n"
    "runs it on CUDA device N (`jitc devices` lists them; default 0). Exit status as for `jitc call`.\n";

static const char DEVICES_HELP[] =
    "usage: jitc devices\n"
    "\n"
    "Lists the CUDA devices: ordinal, name, compute capability, multiprocessors, memory, and which\n"
    "one jitc uses: device 0, unless `jitc launch --device N` or, in the C API, jitc_options.gpu_device\n"
    "names another (a context uses one device; jitc_context_device tells which).\n";

/* One entry per command: a cli_cmd_NAME function (here or in build.c), its synopsis and help. */
static const CliCommand COMMANDS[] = {
    {"check", cli_cmd_check, "check FILE.py                      parse and type-check; diagnostics on stderr",
     CHECK_HELP},
    {"emit", cli_cmd_emit,
     "emit --ast|--ir|--llvm-raw|--llvm|--asm|--ptx FILE.py [FUNC] [--sig SIG] [--arch sm_XX]\n"
     "                                     print the syntax tree (no FUNC), typed IR, LLVM IR, assembly or PTX",
     EMIT_HELP},
    {"call", cli_cmd_call, "call FILE.py FUNC ARG... [--out F.npy] | call FILE.py --batch\n"
     "                                     call FUNC; print its result as Python's repr",
     CALL_HELP},
    {"launch", cli_cmd_launch,
     "launch FILE.py KERNEL --grid X[,Y[,Z]] --block X[,Y[,Z]] | --forall N [--shared BYTES] ARG...\n"
     "                                     run a @cuda.jit kernel on the GPU",
     LAUNCH_HELP},
    {"devices", cli_cmd_devices, "devices                            list the CUDA devices", DEVICES_HELP},
    {"build", cli_cmd_build,
     "build FILE.py -o FILE.o [--header FILE.h] [--cpu CPU] [--arch sm_XX]...\n"
     "                                     compile ahead of time: an object and its C header",
     CLI_BUILD_HELP},
    {"cache", cli_cmd_cache, "cache --list|--clear                list or empty the on-disk compile cache", CLI_CACHE_HELP},
};

static const CliCommand *cli_find_command(const char *name)
{
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(COMMANDS[i].name, name) == 0)
            return &COMMANDS[i];
    return NULL;
}

static void cli_print_usage(FILE *out)
{
    fputs("usage: jitc COMMAND [ARGS]\n"
          "\n"
          "jitc compiles krn, the subset of Python that Numba compiles, with LLVM.\n"
          "\n"
          "commands:\n",
          out);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %s\n", COMMANDS[i].synopsis);
    fputs("\n"
          "jitc COMMAND --help describes a command; jitc --version prints the version.\n"
          "Exit status: 0 ok, 1 compile or runtime error, 2 bad usage or unreadable file.\n",
          out);
}

/* jitc help [COMMAND] */
static int cli_help(int argc, char **argv)
{
    if (argc == 0) {
        cli_print_usage(stdout);
        return CLI_OK;
    }
    if (!cli_find_command(argv[0]))
        return cli_usage_error("no command '%s' (jitc --help lists them)", argv[0]);
    return cli_print_help(argv[0]);
}

static int cli_main(int argc, char **argv)
{
    if (argc < 2) {
        cli_print_usage(stderr);
        return CLI_USAGE;
    }
    const char *word = argv[1];
    if (cli_is_help(word) || strcmp(word, "help") == 0)
        return cli_help(argc - 2, argv + 2);
    if (strcmp(word, "--version") == 0) {
        printf("jitc %s\n", JITC_VERSION);
        return CLI_OK;
    }
    const CliCommand *cmd = cli_find_command(word);
    if (cmd)
        return cmd->run(argc - 2, argv + 2);
    if (cli_is_option(word))
        return cli_usage_error("unknown option '%s' (jitc --help for usage)", word);
    return cli_usage_error("unknown command '%s' (jitc --help lists the commands)", word);
}

int main(int argc, char **argv)
{
    int status = cli_main(argc, argv);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "jitc: cannot write to standard output: %s\n", strerror(errno));
        return CLI_USAGE;
    }
    return status;
}
