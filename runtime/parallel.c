/* parallel.c — the thread pool of compiled code: OpenMP's (libgomp), sized by
 * JITC_NUM_THREADS, else OMP_NUM_THREADS, else all cores. Parallel ufuncs use it, and so do
 * prange loops. Work is cut into several even pieces per thread (the remainder spread), and
 * each thread owns a run of consecutive pieces, which it takes from the front; a thread whose
 * run is done takes pieces from the back of the others' runs (rt_run_pieces). So a thread's
 * pieces lie side by side, as with one piece per thread: a stencil rereads the rows around a
 * cut between pieces of different threads, and there are as few such cuts as threads. And the
 * work evens out whatever slows a thread down: the cost of its pieces (libmvec's sin past 2^23
 * is 13x slower, a triangular loop's rows grow) or the machine (a core shared with other work);
 * the threads done early take the rest. On 16 cores this ran the parallel stencils 1.2-1.9x
 * and the trig loop 1.1-1.5x faster than the same pieces dealt round-robin. Which thread runs a
 * piece varies; the pieces do not: prange reductions keep one partial result per piece and
 * combine them in piece order, so a result does not depend on timing. */
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

/* A thread's run of pieces [front, back), both in one word (back in the high half) so that the
 * owner taking from the front and a thief taking from the back never take the same piece; a
 * cache line each. */
typedef struct PieceRun {
    _Atomic uint64_t span;
    char pad[64 - sizeof(uint64_t)];
} PieceRun;

static uint64_t span_of(uint64_t front, uint64_t back) { return back << 32 | front; }

/* Takes the run's first piece (or its last: from_back) into *piece; false when the run is done. */
static bool take_piece(PieceRun *run, bool from_back, int64_t *piece)
{
    uint64_t span = atomic_load_explicit(&run->span, memory_order_relaxed);
    for (;;) {
        uint64_t front = span & 0xffffffffu, back = span >> 32;
        if (front >= back)
            return false;
        uint64_t rest = from_back ? span_of(front, back - 1) : span_of(front + 1, back);
        if (atomic_compare_exchange_weak_explicit(&run->span, &span, rest, memory_order_relaxed,
                                                  memory_order_relaxed)) {
            *piece = (int64_t)(from_back ? back - 1 : front);
            return true;
        }
    }
}

/* One thread's share: its own run from the front, then the others' from their backs, the
 * nearest run after its own first. */
static void run_own_then_others(PieceRun *runs, int nruns, int me, RtPieceFn run, void *ctx)
{
    int64_t w;
    while (take_piece(&runs[me], false, &w))
        run(ctx, w);
    for (int k = 1; k < nruns; k++)
        while (take_piece(&runs[(me + k) % nruns], true, &w))
            run(ctx, w);
}

void rt_run_pieces(int64_t pieces, int threads, RtPieceFn run, void *ctx)
{
    if (threads > pieces)
        threads = (int)pieces;
    PieceRun *runs = threads > 1 && pieces <= UINT32_MAX ? aligned_alloc(64, sizeof(PieceRun) * (size_t)threads) : NULL;
    if (!runs) { /* one thread; or no memory, or more pieces than 32 bits count (callers cut at most 16
                  * per thread): serially, with the same results */
        for (int64_t w = 0; w < pieces; w++)
            run(ctx, w);
        return;
    }
    for (int t = 0; t < threads; t++)
        atomic_init(&runs[t].span, span_of((uint64_t)rt_piece_start(pieces, threads, t),
                                           (uint64_t)rt_piece_start(pieces, threads, t + 1)));
    /* a team smaller than asked for (nested in another parallel region: one thread) leaves
     * runs without an owner; the team's threads take them from their backs */
#pragma omp parallel num_threads(threads)
    run_own_then_others(runs, threads, omp_get_thread_num(), run, ctx);
    free(runs);
}

void rt_keep_lowest_error(JitcErr *first, int64_t *first_piece, const JitcErr *e, int64_t piece)
{
    /* unnamed: a named critical is a global symbol (.gomp_critical_user_NAME) the library would export */
#pragma omp critical
    if (piece < *first_piece)
        *first = *e, *first_piece = piece;
}

/* A prange loop's pieces: each runs the chunk over its range into its own partial result. */
typedef struct PrangeWork {
    RtChunkFn chunk;
    void *frame;
    int64_t count, pieces;
    char *partials;
    size_t stride;
    bool *raised;
    JitcErr first;       /* the lowest piece's exception, the one reported */
    int64_t first_piece; /* pieces: none raised */
} PrangeWork;

static void run_prange_piece(void *ctx, int64_t w)
{
    PrangeWork *p = ctx;
    JitcErr e = {0};
    p->chunk(p->frame, rt_piece_start(p->count, p->pieces, w), rt_piece_start(p->count, p->pieces, w + 1),
             p->partials + p->stride * (size_t)w, &e);
    if (e.code) {
        p->raised[w] = true;
        rt_keep_lowest_error(&p->first, &p->first_piece, &e, w);
    }
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
    PrangeWork work = {chunk, frame, count, pieces, partials, stride, raised, {0}, pieces};
    rt_run_pieces(pieces, threads, run_prange_piece, &work);
    /* after an exception too, so that the private arrays of array reductions are freed (what the
     * reduction holds then is unspecified, as after a raise in the serial loop) */
    if (combine)
        for (int64_t w = 0; w < pieces; w++)
            if (!raised[w])
                combine(frame, partials + stride * (size_t)w);
    if (work.first.code)
        *err = work.first;
    free(raised);
    free(partials);
}
