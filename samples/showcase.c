/* showcase.c — the showcase samples' shared part: the RESULT lines that samples/showcase.sh
 * reads, the clock, the GPU probe and loading a .krn file (showcase.h says what each does). */
#include "showcase.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

double show_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Tabs and line breaks would break a RESULT line: they become spaces. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\t' || *s == '\n' || *s == '\r')
            *s = ' ';
}

void show_fail_all(const char *name, const char *why, ShowRow *rows, int n)
{
    fprintf(stderr, "%s: %s\n", name, why);
    for (int i = 0; i < n; i++) {
        rows[i].status = "FAIL";
        snprintf(rows[i].note, sizeof rows[i].note, "%s", why);
    }
}

jitc_module *show_load(jitc_context *ctx, const char *name, const char *path, double *ms, ShowRow *rows, int n)
{
    jitc_module *m = NULL;
    double t0 = show_now_ms();
    jitc_status st = jitc_module_compile_file(ctx, path, &m);
    *ms = show_now_ms() - t0;
    if (st == JITC_OK)
        return m;
    char why[sizeof rows->note];
    snprintf(why, sizeof why, "%s: %s", path, jitc_status_string(st));
    show_fail_all(name, why, rows, n);
    fputs(m ? jitc_module_diagnostics_text(m) : "", stderr);
    jitc_module_destroy(m);
    return NULL;
}

bool show_gpu_present(ShowRow *gpu)
{
    int devices = 0;
    char why[sizeof gpu->note] = "";
    if (jitc_device_count(&devices, why, sizeof why) == JITC_OK && devices > 0)
        return true;
    one_line(why);
    snprintf(gpu->note, sizeof gpu->note, "%s", why[0] ? why : "no CUDA device");
    printf("GPU: skipped, %s\n", gpu->note);
    gpu->status = "skipped";
    return false;
}

void show_failed(ShowRow *row, const char *what, jitc_status st, const jitc_result *r)
{
    printf("    %s failed: %s%s%s\n", what, jitc_status_string(st), r && r->message[0] ? ": " : "",
           r ? r->message : "");
    row->status = "FAIL";
    snprintf(row->note, sizeof row->note, "%s: %s", what, jitc_status_string(st));
}

bool show_passed(const ShowRow *rows, int n)
{
    bool ok = true;
    for (int i = 0; i < n; i++)
        ok &= strcmp(rows[i].status, "skipped") == 0 || strcmp(rows[i].status, "ok") == 0;
    return ok;
}

/* A time for a RESULT line: milliseconds to the microsecond, "-" when not measured. */
static const char *ms_text(double ms, char *buf, size_t len)
{
    if (!(ms > 0))
        return "-";
    snprintf(buf, len, "%.3f", ms);
    return buf;
}

bool show_report(const char *name, ShowRow *rows, int n)
{
    for (int i = 0; i < n; i++) {
        ShowRow *w = &rows[i];
        one_line(w->note);
        const char *note = w->note[0] ? w->note : "-";
        if (strcmp(w->status, "skipped") == 0) {
            printf("RESULT\t%s\t%s\tskipped\t-\t-\t-\t%s\n", name, w->target, note);
            continue;
        }
        char jitc_ms[32], c_ms[32];
        printf("RESULT\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", name, w->target, w->status,
               ms_text(w->jitc_ms, jitc_ms, sizeof jitc_ms), ms_text(w->c_ms, c_ms, sizeof c_ms), SHOW_BASELINE, note);
    }
    return show_passed(rows, n);
}
