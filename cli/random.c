/* random.c — the `xoroshiro128p:N:SEED[:SUBSEQ]` argument of `jitc call` and `jitc launch`:
 * fresh numba.cuda.random states for N generators, as numba-cuda's
 * create_xoroshiro128p_states(N, seed=SEED, subsequence_start=SUBSEQ) makes them, passed as a
 * uint64 array of shape (N, 2) (jitc_xoroshiro128p_states). For launch they are made on the GPU
 * in device memory and stay there; for call in host memory.
 * Also the `np.random.default_rng(SEED)` argument of `jitc call`: a NumPy Generator, as that
 * expression makes it (jitc_default_rng), passed as JITC_GENERATOR. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char PREFIX[] = "xoroshiro128p:";

bool cli_is_states_word(const char *s) { return strncmp(s, PREFIX, sizeof PREFIX - 1) == 0; }

/* A decimal number of 64 bits at *s, up to ':' or the end. */
static bool number(const char **s, uint64_t *out)
{
    if (**s < '0' || **s > '9')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(*s, &end, 10);
    if (errno || (*end && *end != ':'))
        return false;
    *out = v;
    *s = end + (*end == ':');
    return true;
}

int cli_parse_states(const char *word, CliStates *st)
{
    const char *s = word + sizeof PREFIX - 1;
    uint64_t n, seed, sub = 0;
    bool ok = number(&s, &n) && s[-1] == ':' && number(&s, &seed) && (!*s || (s[-1] == ':' && number(&s, &sub)));
    if (!ok || *s)
        return cli_usage_error("'%s': states are xoroshiro128p:N:SEED or xoroshiro128p:N:SEED:SUBSEQUENCE_START, "
                               "with decimal numbers",
                               word);
    if (n > ((uint64_t)1 << 32))
        return cli_usage_error("'%s': at most 2**32 states", word);
    *st = (CliStates){.seed = seed, .subsequence_start = sub, .shape = {(int64_t)n, 2}};
    st->tensor = (DLTensor){.device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLUInt, 64, 1}, .shape = st->shape};
    return CLI_OK;
}

int cli_make_states(jitc_context *ctx, CliStates *st, bool on_gpu)
{
    size_t bytes = (size_t)st->shape[0] * 16;
    jitc_status s;
    if (on_gpu) {
        s = jitc_device_alloc(ctx, bytes ? bytes : 16, &st->device);
        if (s != JITC_OK)
            return cli_failure("cannot allocate %" PRId64 " xoroshiro128p states on the GPU: %s", st->shape[0],
                               jitc_status_string(s));
        st->tensor.data = st->device;
        st->tensor.device = (DLDevice){kDLCUDA, 0};
    } else {
        st->tensor.data = st->host = malloc(bytes ? bytes : 16);
        if (!st->host)
            return cli_failure("out of memory for %" PRId64 " xoroshiro128p states", st->shape[0]);
    }
    jitc_result r;
    s = jitc_xoroshiro128p_states(ctx, &st->tensor, st->seed, st->subsequence_start, &r);
    return s == JITC_OK ? CLI_OK : cli_failure("%s", r.message[0] ? r.message : jitc_status_string(s));
}

void cli_free_states(jitc_context *ctx, CliStates *st)
{
    if (st->device)
        jitc_device_free(ctx, st->device);
    free(st->host);
    st->device = st->host = NULL;
}

static const char *const RNG_PREFIXES[] = {"np.random.default_rng(", "numpy.random.default_rng("};

static const char *generator_seed_text(const char *s)
{
    for (size_t i = 0; i < sizeof RNG_PREFIXES / sizeof RNG_PREFIXES[0]; i++)
        if (strncmp(s, RNG_PREFIXES[i], strlen(RNG_PREFIXES[i])) == 0)
            return s + strlen(RNG_PREFIXES[i]);
    return NULL;
}

bool cli_is_generator_word(const char *s) { return generator_seed_text(s) != NULL; }

int cli_parse_generator(const char *word, jitc_generator *g)
{
    const char *s = generator_seed_text(word);
    char *end;
    errno = 0;
    unsigned long long seed = *s >= '0' && *s <= '9' ? strtoull(s, &end, 10) : 0;
    if (*s < '0' || *s > '9' || errno || strcmp(end, ")") != 0)
        return cli_usage_error("'%s': a Generator is np.random.default_rng(SEED), SEED a decimal integer from 0 "
                               "to 2**64 - 1", word);
    jitc_default_rng(g, seed);
    return CLI_OK;
}
