/* showcase.h — what the six showcase samples (samples/NAME/NAME.c) share, so that each of them
 * holds only its kernels' driving code, its plain C baseline and its checks. It owns:
 *   - the protocol between a sample and samples/showcase.sh: a sample ends with one line per
 *     target, tab-separated,
 *         RESULT  NAME  TARGET  ok|FAIL|skipped  JITC_MS  BASELINE_MS  BASELINE  NOTE
 *     ("-" for a time not measured and for an empty note), which showcase.sh collects into its
 *     table, and prints "GPU: skipped, <why>" when there is no GPU, which showcase.sh quotes;
 *   - the clock the samples time with;
 *   - the GPU probe, and loading a .krn file with its diagnostics.
 * Compiled into each showcase sample (the Makefile, tests/gpu/bundle.sh, tests/aot/run.sh); the
 * quickstart sample does without it. */
#ifndef JITC_SAMPLES_SHOWCASE_H
#define JITC_SAMPLES_SHOWCASE_H

#include <stdbool.h>

#include "jitc.h"

/* The baseline every sample times jitc against, as its RESULT lines name it. */
#define SHOW_BASELINE "plain C loop -O2"

/* One target's outcome, one RESULT line. */
typedef struct ShowRow {
    const char *target;   /* "cpu parallel" or "gpu" */
    const char *status;   /* "ok", "FAIL" or "skipped" */
    double jitc_ms, c_ms; /* best times; 0: not measured */
    char note[1100];      /* a size, a PNG's path, why it failed or was skipped */
} ShowRow;

/* A monotonic clock, in milliseconds. */
double show_now_ms(void);

/* Compiles the .krn file at path, timed into *ms. On failure: NULL, "NAME: PATH: STATUS" and the
 * diagnostics on stderr, and "PATH: STATUS" the note of each of the n rows. */
jitc_module *show_load(jitc_context *ctx, const char *name, const char *path, double *ms, ShowRow *rows, int n);

/* Marks each of the n rows FAIL, why its note, and prints "NAME: WHY" on stderr: for what stops a
 * sample before its targets run. */
void show_fail_all(const char *name, const char *why, ShowRow *rows, int n);

/* true when a CUDA device is there; otherwise prints "GPU: skipped, <why>" and marks gpu skipped,
 * why as its note. */
bool show_gpu_present(ShowRow *gpu);

/* A jitc call that failed: prints "    WHAT failed: STATUS[: MESSAGE]" (r may be NULL) and marks
 * row FAIL, "WHAT: STATUS" its note. */
void show_failed(ShowRow *row, const char *what, jitc_status st, const jitc_result *r);

/* true when every row that was not skipped is ok. */
bool show_passed(const ShowRow *rows, int n);

/* Prints the RESULT lines of sample NAME, one per row; returns show_passed(rows, n). */
bool show_report(const char *name, ShowRow *rows, int n);

#endif
