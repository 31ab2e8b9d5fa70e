/* test_threads.c — separate contexts used from separate threads at once, as include/jitc.h
 * promises: THREADS threads, each with contexts of its own, compile the same module ROUNDS times
 * and call a parallel=True host function (an array in, a prange loop, an array returned), apply
 * a @vectorize ufunc, draw np.random numbers (each thread's state its own, seeded or not, in the
 * calling thread and in prange's), emit a @cuda.jit kernel's PTX (no GPU needed), count CUDA devices (the
 * driver loads on first use, or says why not), and have an unknown CPU and an unknown GPU
 * architecture refused. Results are checked. `make tsan` runs it built with
 * ThreadSanitizer (build-tsan/), where any data race between the threads fails it; the plain
 * and ASan builds run it as an ordinary unit test. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jitc.h"
#include "fixture.h"

enum { THREADS = 4, ROUNDS = 3, N = 1000 };

static const char SRC[] = "import numpy as np\n"
                          "from numba import njit, prange, vectorize, cuda\n"
                          "@njit(parallel=True)\n"
                          "def scaled(a, k):\n"
                          "    out = np.empty(a.shape[0])\n"
                          "    for i in prange(a.shape[0]):\n"
                          "        out[i] = a[i] * k\n"
                          "    return out\n"
                          "@njit\n"
                          "def seeded(s):\n"
                          "    np.random.seed(s)\n"
                          "    t = 0.0\n"
                          "    for i in range(1000):\n"
                          "        t += np.random.random()\n"
                          "    return t\n"
                          "@njit(parallel=True)\n"
                          "def draws(n, s):\n"
                          "    out = np.empty(n)\n"
                          "    for i in prange(n):\n"
                          "        if s >= 0:\n"
                          "            np.random.seed(s + i)\n"
                          "        out[i] = np.random.normal() + np.random.random()\n"
                          "    return out\n"
                          "@vectorize(['float64(float64, float64)'])\n"
                          "def norm2(x, y):\n"
                          "    return x * x + y * y\n"
                          "@cuda.jit('void(float32, float32[::1], float32[::1])')\n"
                          "def saxpy(a, x, y):\n"
                          "    i = cuda.grid(1)\n"
                          "    if i < x.shape[0]:\n"
                          "        y[i] = a * x[i] + y[i]\n";

/* What one thread did: its first failure, if any. cmocka's assertions jump back into the
 * test that runs them, so the threads only record, and the test asserts after joining them. */
typedef struct Worker {
    pthread_t thread;
    int index;
    char failure[1024];
} Worker;

#define CHECK(w, cond, ...)                                                                                         \
    do {                                                                                                            \
        if (!(cond)) {                                                                                              \
            snprintf((w)->failure, sizeof (w)->failure, __VA_ARGS__);                                              \
            return false;                                                                                           \
        }                                                                                                           \
    } while (0)

/* a 1-d float64 array */
static DLTensor vector(double *data, int64_t *shape) { return cpu_tensor(data, kDLFloat, 64, 1, shape, NULL); }

static jitc_function *function(jitc_module *mod, const char *name)
{
    jitc_function *fn = NULL;
    return jitc_module_function(mod, name, &fn) == JITC_OK ? fn : NULL;
}

/* scaled(a, k): the prange loop's array, returned, is a * k. */
static bool call_host(Worker *w, jitc_module *mod, double k)
{
    double a[N];
    int64_t shape[1] = {N};
    for (int i = 0; i < N; i++)
        a[i] = i - w->index;
    DLTensor ta = vector(a, shape);
    jitc_value args[2] = {jitc_array(&ta), jitc_f64(k)};
    jitc_result r = {0};
    jitc_status st = jitc_call(function(mod, "scaled"), args, 2, &r);
    CHECK(w, st == JITC_OK, "scaled: %s: %s", jitc_status_string(st), r.message);
    const DLTensor *out = r.value.array;
    bool ok = r.value.kind == JITC_ARRAY && out->ndim == 1 && out->shape[0] == N;
    for (int i = 0; ok && i < N; i++)
        ok = ((const double *)out->data)[i] == a[i] * k;
    jitc_result_free(&r);
    CHECK(w, ok, "scaled: the returned array is not a * %g", k);
    return true;
}

static bool call_named(Worker *w, jitc_module *mod, const char *name, jitc_value *args, int n, jitc_result *r)
{
    jitc_status st = jitc_call(function(mod, name), args, n, r);
    CHECK(w, st == JITC_OK, "%s: %s: %s", name, jitc_status_string(st), r->message);
    return true;
}

/* seeded(42): Numba's sum of its first 1000 draws, whatever the other threads draw meanwhile;
 * draws(N, s) under prange: seeded per iteration it is the same twice, unseeded (s < 0) every
 * thread's stream is its own (no two draws agree). */
static bool draw_random(Worker *w, jitc_module *mod)
{
    jitc_value seed = jitc_i64(42);
    jitc_result r = {0};
    if (!call_named(w, mod, "seeded", &seed, 1, &r))
        return false;
    bool numba_sum = r.value.kind == JITC_FLOAT64 && r.value.f64 == 0x1.ea41ad7a77a76p+8;
    double sum = r.value.f64;
    jitc_result_free(&r);
    CHECK(w, numba_sum, "seeded(42) is %.17g", sum);
    const DLTensor *out[3] = {NULL, NULL, NULL};
    jitc_result rs[3];
    memset(rs, 0, sizeof rs);
    bool ok = true;
    for (int k = 0; k < 3 && ok; k++) {
        jitc_value args[2] = {jitc_i64(N), jitc_i64(k < 2 ? 7 : -1)};
        ok = call_named(w, mod, "draws", args, 2, &rs[k]) && rs[k].value.kind == JITC_ARRAY;
        out[k] = ok ? rs[k].value.array : NULL;
    }
    for (int i = 0; ok && i < N; i++) {
        const double *a = out[0]->data, *b = out[1]->data, *c = out[2]->data;
        ok = a[i] == b[i];
        for (int j = 0; ok && j < i; j++)
            ok = c[i] != c[j];
    }
    for (int k = 0; k < 3; k++)
        jitc_result_free(&rs[k]);
    CHECK(w, ok || w->failure[0], "draws: seeded draws differ, or two unseeded draws agree");
    return ok;
}

/* norm2(x, y) into a given output. */
static bool apply_ufunc(Worker *w, jitc_module *mod)
{
    double x[N], y[N], out[N];
    int64_t shape[1] = {N};
    for (int i = 0; i < N; i++)
        x[i] = i * 0.5, y[i] = w->index - i;
    DLTensor tx = vector(x, shape), ty = vector(y, shape), to = vector(out, shape);
    jitc_value in[2] = {jitc_array(&tx), jitc_array(&ty)};
    jitc_result r = {0};
    jitc_status st = jitc_ufunc_call(function(mod, "norm2"), in, 2, &to, &r);
    CHECK(w, st == JITC_OK, "norm2: %s: %s", jitc_status_string(st), r.message);
    for (int i = 0; i < N; i++)
        CHECK(w, out[i] == x[i] * x[i] + y[i] * y[i], "norm2: element %d is %g", i, out[i]);
    return true;
}

static bool emit_ptx(Worker *w, jitc_module *mod)
{
    const char *ptx = NULL;
    jitc_status st = jitc_function_emit(function(mod, "saxpy"), NULL, JITC_EMIT_PTX, &ptx);
    CHECK(w, st == JITC_OK, "saxpy's PTX: %s: %s", jitc_status_string(st), jitc_module_diagnostics_text(mod));
    CHECK(w, strstr(ptx, ".target sm_80") && strstr(ptx, ".entry"), "saxpy's PTX lacks its target or entry");
    return true;
}

/* The CUDA driver, loaded on first use by whichever thread comes first: a count, or the
 * reason there is none. */
static bool count_devices(Worker *w)
{
    int count = -1;
    char why[256] = "";
    jitc_status st = jitc_device_count(&count, why, sizeof why);
    CHECK(w, st == JITC_OK || (st == JITC_ERR_NO_DEVICE && count == 0 && why[0]), "jitc_device_count: %s (%s)",
          jitc_status_string(st), why);
    return true;
}

/* Names LLVM does not know are refused: a CPU when the context is made, a GPU architecture
 * when PTX is emitted. */
static bool refuse_unknown_names(Worker *w)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.cpu = "nonsense";
    jitc_context *ctx = NULL;
    jitc_status made_for_nonsense = jitc_context_create(&opts, &ctx);
    jitc_context_destroy(ctx);
    CHECK(w, made_for_nonsense == JITC_ERR_ARGUMENT, "the CPU 'nonsense' was accepted");
    ctx = NULL;
    opts.cpu = NULL;
    opts.gpu_arch = "sm_1";
    jitc_module *mod = NULL;
    const char *ptx = NULL;
    bool made = jitc_context_create(&opts, &ctx) == JITC_OK &&
                jitc_module_compile(ctx, "threads.krn", SRC, strlen(SRC), &mod) == JITC_OK;
    jitc_status st = made ? jitc_function_emit(function(mod, "saxpy"), NULL, JITC_EMIT_PTX, &ptx) : JITC_OK;
    jitc_context_destroy(ctx);
    CHECK(w, made, "a context for gpu_arch sm_1 or its module could not be made");
    CHECK(w, st == JITC_ERR_ARGUMENT && !ptx, "PTX for sm_1: %s", jitc_status_string(st));
    return true;
}

/* One round: a context of its own (every other thread for the generic CPU), the module
 * compiled in it, then each use. */
static bool round_trip(Worker *w, int round)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.cpu = w->index % 2 ? "generic" : NULL;
    jitc_context *ctx = NULL;
    jitc_module *mod = NULL;
    CHECK(w, jitc_context_create(&opts, &ctx) == JITC_OK, "round %d: no context", round);
    jitc_status st = jitc_module_compile(ctx, "threads.krn", SRC, strlen(SRC), &mod);
    bool ok = st == JITC_OK;
    if (!ok)
        snprintf(w->failure, sizeof w->failure, "round %d: %s", round,
                 mod ? jitc_module_diagnostics_text(mod) : jitc_status_string(st));
    ok = ok && call_host(w, mod, round + 1.5) && apply_ufunc(w, mod) && draw_random(w, mod) && emit_ptx(w, mod);
    jitc_context_destroy(ctx);
    return ok;
}

static void *work(void *arg)
{
    Worker *w = arg;
    for (int round = 0; round < ROUNDS; round++)
        if (!count_devices(w) || !round_trip(w, round) || !refuse_unknown_names(w))
            break;
    return NULL;
}

static void test_separate_contexts_at_once(void **state)
{
    (void)state;
    Worker workers[THREADS];
    for (int i = 0; i < THREADS; i++) {
        workers[i] = (Worker){.index = i};
        assert_int_equal(pthread_create(&workers[i].thread, NULL, work, &workers[i]), 0);
    }
    for (int i = 0; i < THREADS; i++)
        assert_int_equal(pthread_join(workers[i].thread, NULL), 0);
    for (int i = 0; i < THREADS; i++) {
        if (workers[i].failure[0])
            print_error("thread %d: %s\n", i, workers[i].failure);
        assert_string_equal(workers[i].failure, "");
    }
}

int main(void)
{
#if defined(__SANITIZE_THREAD__)
    /* libgomp is not built with ThreadSanitizer, so TSan does not see its barriers and reports
     * its team's threads as racing with their master (reads of the shared data of the parallel
     * region against the master's next use of that stack). One OpenMP thread per caller keeps
     * the prange entry, its pieces and its partial results in the test without that noise; the
     * plain and ASan builds run the loop on all cores. */
    setenv("JITC_NUM_THREADS", "1", 1);
#endif
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_separate_contexts_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
