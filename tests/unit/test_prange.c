/* test_prange.c — prange under parallel=True through the C API, where Numba cannot be the
 * oracle: ranges with a step other than 1 (Numba's parallel prange refuses them) against the
 * same loop run serially, results that do not depend on the number of threads, an exception
 * raised in one thread coming out of the loop, and the pieces the runtime cuts loops into and
 * how its threads share them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <omp.h>
#include <stdatomic.h>
#include <unistd.h>

#include "jitc.h"
#include "fixture.h"
#include "runtime/rt.h"

#define LOOP(NAME, DECORATOR)                                                                                     \
    DECORATOR "\n"                                                                                               \
    "def " NAME "(a, lo, hi, step):\n"                                                                           \
    "    count = 0\n"                                                                                            \
    "    total = 0\n"                                                                                            \
    "    smallest = a[0]\n"                                                                                      \
    "    for i in prange(lo, hi, step):\n"                                                                       \
    "        count += 1\n"                                                                                       \
    "        total += a[i] * i\n"                                                                                \
    "        smallest = min(smallest, a[i])\n"                                                                   \
    "    return count, total, smallest\n"

static const char SRC[] = "from numba import njit, prange\n" LOOP("par", "@njit(parallel=True)") LOOP("ser", "@njit")
                          "@njit(parallel=True, boundscheck=True)\n"
                          "def bad(a, n):\n"
                          "    s = 0\n"
                          "    for i in prange(n):\n"
                          "        s += a[i]\n"
                          "    return s\n";

static int64_t data[1000];

static void run(jitc_module *m, const char *name, int64_t lo, int64_t hi, int64_t step, jitc_result *r)
{
    jitc_function *fn;
    assert_int_equal(jitc_module_function(m, name, &fn), JITC_OK);
    int64_t shape[1] = {1000};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = shape};
    jitc_value args[4] = {jitc_array(&t), jitc_i64(lo), jitc_i64(hi), jitc_i64(step)};
    assert_int_equal(jitc_call(fn, args, 4, r), JITC_OK);
    assert_int_equal(r->value.kind, JITC_TUPLE);
}

static void test_steps_match_the_serial_loop(void **state)
{
    (void)state;
    for (int i = 0; i < 1000; i++)
        data[i] = (i * 7919) % 1009 - 500;
    jitc_context *ctx;
    jitc_module *m;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "p.krn", SRC);
    const int64_t ranges[][3] = {{0, 1000, 1}, {3, 997, 2}, {999, -1, -3}, {5, 5, 1}, {10, 0, 1}, {0, 1000, 999}, {7, 8, 5}};
    const char *threads[] = {"1", "2", "3", "7"};
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
        setenv("JITC_NUM_THREADS", threads[t], 1);
        for (size_t k = 0; k < sizeof ranges / sizeof ranges[0]; k++) {
            jitc_result p, s;
            run(m, "par", ranges[k][0], ranges[k][1], ranges[k][2], &p);
            run(m, "ser", ranges[k][0], ranges[k][1], ranges[k][2], &s);
            for (int j = 0; j < 3; j++)
                assert_int_equal(p.items[j].i, s.items[j].i);
        }
    }
    unsetenv("JITC_NUM_THREADS");
    jitc_context_destroy(ctx);
}

static void test_exception_in_a_thread(void **state)
{
    (void)state;
    jitc_context *ctx;
    jitc_module *m;
    jitc_function *fn;
    assert_int_equal(jitc_context_create(NULL, &ctx), JITC_OK);
    m = compile_or_fail(ctx, "p.krn", SRC);
    fn = function_or_fail(m, "bad");
    int64_t shape[1] = {10};
    DLTensor t = {.data = data, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLInt, 64, 1}, .shape = shape};
    jitc_value args[2] = {jitc_array(&t), jitc_i64(11)};
    jitc_result r;
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
    assert_non_null(strstr(r.message, "IndexError: index 10 is out of bounds for axis 0 with size 10"));
    args[1] = jitc_i64(10);
    assert_int_equal(jitc_call(fn, args, 2, &r), JITC_OK);
    /* every piece past the array's end raises, and the later ones first (threads done with
     * their own pieces take the others' from the back): the lowest index is the one reported */
    shape[0] = 1000;
    args[1] = jitc_i64(100000);
    setenv("JITC_NUM_THREADS", "4", 1);
    for (int k = 0; k < 5; k++) {
        assert_int_equal(jitc_call(fn, args, 2, &r), JITC_ERR_RUNTIME);
        assert_non_null(strstr(r.message, "IndexError: index 1000 is out of bounds for axis 0 with size 1000"));
    }
    unsetenv("JITC_NUM_THREADS");
    jitc_context_destroy(ctx);
}

/* Pieces cover the units once, in order, sizes differing by one at most; at least one per
 * thread when there is work enough, none smaller than min_piece (one piece below that). */
static void test_pieces_cover_the_range(void **state)
{
    (void)state;
    const int64_t counts[] = {1, 7, 16, 1000, 4096, 10000000, 10000019};
    const int threads[] = {1, 2, 3, 16};
    const int64_t mins[] = {1, 1024};
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
            for (size_t k = 0; k < sizeof mins / sizeof mins[0]; k++) {
                int64_t count = counts[c], min = mins[k], pieces = rt_piece_count(count, threads[t], min);
                assert_true(pieces >= 1 && (threads[t] > 1 || pieces == 1));
                assert_true(pieces == 1 || count / pieces >= min);
                if (count >= threads[t] * min)
                    assert_true(pieces >= threads[t]);
                assert_int_equal(rt_piece_start(count, pieces, 0), 0);
                assert_int_equal(rt_piece_start(count, pieces, pieces), count);
                for (int64_t w = 0; w < pieces; w++) {
                    int64_t size = rt_piece_start(count, pieces, w + 1) - rt_piece_start(count, pieces, w);
                    assert_true(size == count / pieces || size == count / pieces + 1);
                }
            }
}

/* What rt_run_pieces did with each piece: how many times it ran, and on which thread. */
enum { MAX_PIECES = 1000 };
typedef struct PieceLog {
    _Atomic int runs[MAX_PIECES];
    int thread[MAX_PIECES];
    int64_t slow_end; /* the pieces below it (the first thread's run) take a millisecond each */
} PieceLog;

static void log_piece(void *ctx, int64_t w)
{
    PieceLog *log = ctx;
    atomic_fetch_add(&log->runs[w], 1);
    log->thread[w] = omp_get_thread_num();
    if (w < log->slow_end)
        usleep(1000);
}

/* Every piece runs once, whatever the threads; a thread slow on its own run has pieces of it
 * taken by the others. */
static void test_every_piece_runs_once(void **state)
{
    (void)state;
    const int64_t counts[] = {1, 5, 64, 1000};
    const int threads[] = {1, 2, 4, 7};
    static PieceLog log;
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
            int64_t pieces = counts[c];
            int team = threads[t] < pieces ? threads[t] : (int)pieces;
            memset(&log, 0, sizeof log);
            log.slow_end = pieces >= 64 ? rt_piece_start(pieces, team, 1) : 0;
            rt_run_pieces(pieces, threads[t], log_piece, &log);
            int taken = 0;
            for (int64_t w = 0; w < pieces; w++) {
                assert_int_equal(atomic_load(&log.runs[w]), 1);
                taken += w < log.slow_end && log.thread[w] != 0;
            }
            if (log.slow_end && team > 1)
                assert_true(taken > 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_match_the_serial_loop),
        cmocka_unit_test(test_exception_in_a_thread),
        cmocka_unit_test(test_pieces_cover_the_range),
        cmocka_unit_test(test_every_piece_runs_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
