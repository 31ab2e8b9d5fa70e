/* parallel.c — the thread pool of compiled code: OpenMP's (libgomp), sized by
 * JITC_NUM_THREADS, else OMP_NUM_THREADS, else all cores. Parallel ufuncs use it, and so do
 * prange loops: jitc_rt_parallel_for gives each thread an even share of the iterations
 * (static chunking that also spreads the remainder), then combines the threads' partial
 * reductions in thread order, so a result does not depend on timing. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

int rt_thread_count(void)
{
    const char *env = getenv("JITC_NUM_THREADS");
    int n = env ? atoi(env) : 0;
    return n > 0 ? n : omp_get_max_threads();
}

void jitc_rt_parallel_for(RtChunkFn chunk, RtCombineFn combine, void *frame, int64_t count, int64_t partial_bytes,
                          JitcErr *err)
{
    if (count <= 0)
        return;
    int threads = rt_thread_count();
    if (count < threads)
        threads = (int)count;
    size_t stride = (size_t)(partial_bytes + 63) / 64 * 64; /* one cache line or more each */
    char *partials = aligned_alloc(64, stride * (size_t)threads + 64);
    int used = threads;
    JitcErr first = {0};
#pragma omp parallel num_threads(threads)
    {
        int t = omp_get_thread_num(), n = omp_get_num_threads();
#pragma omp single
        used = n;
        JitcErr e = {0};
        chunk(frame, count * t / n, count * (t + 1) / n, partials + stride * (size_t)t, &e);
        if (e.code) {
#pragma omp critical(jitc_prange_error)
            if (!first.code)
                first = e;
        }
    }
    if (first.code)
        *err = first;
    else if (combine)
        for (int t = 0; t < used; t++)
            combine(frame, partials + stride * (size_t)t);
    free(partials);
}
