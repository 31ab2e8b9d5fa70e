/* cli.h — what the files of the jitc command line share: exit statuses, the command table's
 * entry, messages, option parsing and compiling a file (main.c), and the commands that live in
 * their own file (build.c). */
#ifndef JITC_CLI_H
#define JITC_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "jitc.h"

enum { CLI_OK = 0, CLI_FAILED = 1, CLI_USAGE = 2 };

typedef struct CliCommand {
    const char *name;
    int (*run)(int argc, char **argv); /* argv: the words after the command's name */
    const char *synopsis;              /* one line (two at most) for `jitc --help` */
    const char *help;                  /* `jitc NAME --help` */
} CliCommand;

/* "jitc: MESSAGE" on stderr; return CLI_USAGE and CLI_FAILED. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_failure(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
bool cli_wants_help(int argc, char **argv);
int cli_print_help(const char *name);
/* Matches argv[*i] against --name VALUE or --name=VALUE (see main.c). */
bool cli_option_value(int argc, char **argv, int *i, const char *name, const char **value, bool *bad);
bool cli_is_option(const char *arg);

/* lazy: functions are type-checked when first called (jitc_options.lazy_check), as Numba does */
jitc_context *cli_open_context(const char *gpu_arch, int gpu_device, bool lazy);
/* Compiles the file at path, diagnostics on stderr; CLI_OK (then *out is the caller's),
 * CLI_FAILED on compile errors, CLI_USAGE when the file cannot be read. */
int cli_compile(jitc_context *ctx, const char *path, jitc_module **out);
int cli_print_diagnostics(const jitc_module *mod, int from);
bool cli_is_program_error(jitc_status st);

/* strarg.c: an argument written as a Python string literal ('abc', "it's", 'a\n'): whether s is
 * one, and its text (malloc'd; NULL if malformed: an unknown escape, the quote inside). */
bool cli_is_str_arg(const char *s);
char *cli_parse_str_arg(const char *s);

/* random.c: an argument `xoroshiro128p:N:SEED[:SUBSEQ]`, fresh numba.cuda.random states. */
typedef struct CliStates {
    uint64_t seed, subsequence_start;
    int64_t shape[2];
    DLTensor tensor;    /* uint64 (N, 2): data set by cli_make_states */
    void *host, *device; /* the memory, which cli_free_states frees */
} CliStates;
bool cli_is_states_word(const char *s);
int cli_parse_states(const char *word, CliStates *st);
/* Makes the states, on the GPU (device memory) or on the CPU (host memory). */
int cli_make_states(jitc_context *ctx, CliStates *st, bool on_gpu);
void cli_free_states(jitc_context *ctx, CliStates *st);
/* random.c: an argument `np.random.default_rng(SEED)`, a fresh NumPy Generator (jitc_default_rng). */
bool cli_is_generator_word(const char *s);
int cli_parse_generator(const char *word, jitc_generator *g);

/* build.c */
int cli_cmd_build(int argc, char **argv);
int cli_cmd_cache(int argc, char **argv);
extern const char CLI_BUILD_HELP[], CLI_CACHE_HELP[];

#endif
