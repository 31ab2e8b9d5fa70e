/* parallel.c — the thread pool of compiled code: OpenMP's (libgomp), sized by
 * JITC_NUM_THREADS, else OMP_NUM_THREADS, else all cores. Parallel ufuncs use it, and so do
 * prange loops. Work is cut into several even pieces per thread, dealt round-robin (static
 * chunking, the remainder spread): when the cost grows along the range, as libmvec's sin does
 * past 2^23 (13x slower), every thread still gets its share of the dear end, where one piece
 * per thread would leave the last thread with all of it. prange reductions keep one partial
 * result per piece and combine them in piece order, so a result does not depend on timing. */
#include <omp.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* libgomp's pool does not survive fork: in the child of a process whose pool has run, the
 * pool's threads are gone, and a parallel region would wait for them forever (multiprocessing's
 * fork start method does exactly this). Such a child runs its parallel loops on its one thread:
 * the same results, serially. */
static atomic_bool pool_started, pool_lost_in_fork;

static void note_fork_child(void)
{
    if (atomic_load(&pool_started))
        atomic_store(&pool_lost_in_fork, true);
}

__attribute__((constructor)) static void register_fork_handler(void) { pthread_atfork(NULL, NULL, note_fork_child); }

int rt_thread_count(void)
{
    if (atomic_load_explicit(&pool_lost_in_fork, memory_order_relaxed))
        return 1;
    const char *env = getenv("JITC_NUM_THREADS");
    int n = env ? atoi(env) : 0;
    n = n > 0 ? n : omp_get_max_threads();
    if (n > 1)
        atomic_store_explicit(&pool_started, true, memory_order_relaxed); /* about to start it */
    return n;
}

enum { PIECES_PER_THREAD = 16 };

int64_t rt_piece_count(int64_t count, int threads, int64_t min_piece)
{
    int64_t pieces = threads > 1 ? (int64_t)threads * PIECES_PER_THREAD : 1;
    if (pieces > count / min_piece)
        pieces = count / min_piece;
    return pieces > 0 ? pieces : 1;
}

void jitc_rt_parallel_for(RtChunkFn chunk, RtCombineFn combine, void *frame, int64_t count, int64_t partial_bytes,
                          int32_t one_piece_per_thread, JitcErr *err)
{
    if (count <= 0)
        return;
    int threads = rt_thread_count();
    int64_t pieces = rt_piece_count(count, threads, 1); /* an iteration may be a whole row */
    if (one_piece_per_thread && pieces > threads)
        pieces = threads; /* a private array per piece: memory bounded by the threads, as in Numba */
    if (pieces < threads)
        threads = (int)pieces;
    size_t stride = (size_t)(partial_bytes + 63) / 64 * 64; /* one cache line or more each */
    char *partials = aligned_alloc(64, stride * (size_t)pieces + 64);
    bool *raised = calloc((size_t)pieces, 1);
    if (!partials || !raised) {
        free(partials);
        free(raised);
        *err = (JitcErr){.code = RT_EXC_MEMORY, .where = "prange", .message = "MemoryError: prange loop"};
        return;
    }
    JitcErr first = {0};
    int64_t first_piece = pieces; /* the lowest piece's exception is the one reported */
#pragma omp parallel for schedule(static, 1) num_threads(threads) if (threads > 1)
    for (int64_t w = 0; w < pieces; w++) {
        JitcErr e = {0};
        chunk(frame, rt_piece_start(count, pieces, w), rt_piece_start(count, pieces, w + 1),
              partials + stride * (size_t)w, &e);
        if (e.code) {
            raised[w] = true;
            /* unnamed: a named critical is a global symbol (.gomp_critical_user_NAME) the library would export */
#pragma omp critical
            if (w < first_piece)
                first = e, first_piece = w;
        }
    }
    /* after an exception too, so that the private arrays of array reductions are freed (what the
     * reduction holds then is unspecified, as after a raise in the serial loop) */
    if (combine)
        for (int64_t w = 0; w < pieces; w++)
            if (!raised[w])
                combine(frame, partials + stride * (size_t)w);
    if (first.code)
        *err = first;
    free(raised);
    free(partials);
}
