/* launch_timing.h — the clock for GPU kernels that the GPU benchmarks (bench/gpu_bench.c,
 * bench/gpu_fma.c) and the samples' GPU targets (samples/saxpy, mandelbrot, matmul, nbody) share:
 * a kernel's first launch by the host clock, then the best GPU time, by CUDA events, of repeated
 * launches on the launch's stream. Header-only and on the public API (include/jitc.h) alone, so
 * that a sample built against an installed jitc includes it by its relative path. */
#ifndef JITC_BENCH_LAUNCH_TIMING_H
#define JITC_BENCH_LAUNCH_TIMING_H

#include <stddef.h>
#include <stdio.h>

#include "clock.h" /* bench/clock.h: now_ms */
#include "jitc.h"

typedef struct LaunchTiming {
    double first_ms; /* the first launch, waited for, by the host clock: it compiles the kernel to PTX and loads it */
    double best_ms;  /* the best of the timed launches: GPU time between two events */
} LaunchTiming;

/* Launches fn once and waits for it (timed into t->first_ms), then `reps` times more, each between
 * two events and after before(ud) when `before` is not NULL (to restore what the kernel updates in
 * place), keeping the best GPU time in t->best_ms; then waits for the last launch. The first status
 * that is not JITC_OK stops it and is returned, r holding a failed launch's message (t->best_ms is
 * the best of the launches before it). */
static inline jitc_status launch_timing(jitc_context *ctx, jitc_function *fn, const jitc_launch_config *cfg,
                                        const jitc_value *args, int nargs, int reps, jitc_status (*before)(void *),
                                        void *ud, LaunchTiming *t, jitc_result *r)
{
    void *start = NULL, *end = NULL;
    *t = (LaunchTiming){.first_ms = 0, .best_ms = 1e30};
    double t0 = now_ms();
    jitc_status st = jitc_launch(fn, cfg, args, nargs, r);
    if (st == JITC_OK)
        st = jitc_synchronize(ctx, r);
    t->first_ms = now_ms() - t0;
    if (st == JITC_OK && (st = jitc_event_create(ctx, &start)) == JITC_OK)
        st = jitc_event_create(ctx, &end);
    for (int rep = 0; rep < reps && st == JITC_OK; rep++) {
        float ms = 0;
        if ((!before || (st = before(ud)) == JITC_OK) && (st = jitc_event_record(ctx, start, cfg->stream)) == JITC_OK &&
            (st = jitc_launch(fn, cfg, args, nargs, r)) == JITC_OK &&
            (st = jitc_event_record(ctx, end, cfg->stream)) == JITC_OK &&
            (st = jitc_event_elapsed_ms(ctx, start, end, &ms)) == JITC_OK)
            t->best_ms = ms < t->best_ms ? ms : t->best_ms;
    }
    if (st == JITC_OK)
        st = jitc_synchronize(ctx, r);
    if (start)
        jitc_event_destroy(ctx, start);
    if (end)
        jitc_event_destroy(ctx, end);
    return st;
}

/* The benchmarks' form: the best of `reps` launches after the first; -1 (and a line on stderr) if
 * a launch fails. */
static inline double best_launch_ms(jitc_context *ctx, jitc_function *fn, const jitc_launch_config *cfg,
                                    const jitc_value *args, int nargs, int reps)
{
    LaunchTiming t;
    jitc_result r = {0};
    if (launch_timing(ctx, fn, cfg, args, nargs, reps, NULL, NULL, &t, &r) != JITC_OK) {
        fprintf(stderr, "launch failed: %s\n", r.message);
        return -1;
    }
    return t.best_ms;
}

#endif
