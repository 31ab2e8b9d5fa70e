/* launch_timing.h — the GPU benchmarks' clock for kernels (bench/gpu_bench.c, bench/gpu_fma.c):
 * the best GPU time, by CUDA events, of repeated launches on the context's stream. */
#ifndef JITC_BENCH_LAUNCH_TIMING_H
#define JITC_BENCH_LAUNCH_TIMING_H

#include <stdio.h>

#include "jitc.h"

/* The best of `reps` launches, after one warm-up launch that is waited for; -1 (and a line on
 * stderr) if that one fails. */
static inline double best_launch_ms(jitc_context *ctx, jitc_function *fn, const jitc_launch_config *cfg,
                                    const jitc_value *args, int nargs, int reps)
{
    jitc_result r;
    if (jitc_launch(fn, cfg, args, nargs, &r) != JITC_OK || jitc_synchronize(ctx, &r) != JITC_OK) {
        fprintf(stderr, "launch failed: %s\n", r.message);
        return -1;
    }
    void *start, *end;
    jitc_event_create(ctx, &start);
    jitc_event_create(ctx, &end);
    double best = 1e30;
    for (int rep = 0; rep < reps; rep++) {
        float ms = 0;
        jitc_event_record(ctx, start, NULL);
        jitc_launch(fn, cfg, args, nargs, NULL);
        jitc_event_record(ctx, end, NULL);
        jitc_event_elapsed_ms(ctx, start, end, &ms);
        best = ms < best ? ms : best;
    }
    jitc_event_destroy(ctx, start);
    jitc_event_destroy(ctx, end);
    return best;
}

#endif
