/* blackscholes.c — European call and put prices by the Black-Scholes formula for 2^22 options:
 * @vectorize ufuncs (float64) applied with jitc_ufunc_call to three arrays (price, strike, years)
 * and two scalars (rate, volatility) that broadcast, on the CPU's cores (target="parallel") and,
 * where a CUDA device is present, on the GPU (target="cuda": jitc copies the host arrays in and
 * the prices out). Every price is checked against the same formula in plain C (within 1e-9
 * relative) and every call/put pair against put-call parity, C - P = S - K e^(-rT); both targets
 * are timed against the plain C loop, compile time apart.
 *   blackscholes [samples/blackscholes/blackscholes.krn] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jitc.h"
#include "../showcase.h" /* the RESULT lines samples/showcase.sh reads, the clock, the GPU probe */

enum { N = 1 << 22, RUNS = 3 };
static const double RATE = 0.02, VOL = 0.30;
static const double REL_TOL = 1e-9;    /* jitc against C, relative to the C price */
static const double PARITY_TOL = 1e-12; /* C - P - (S - K e^(-rT)), relative to S + K */
static const char *const SIG = "float64(float64, float64, float64, float64, float64)";

typedef struct Options {
    double *s, *k, *t;        /* price, strike, years to expiry */
    double *call, *put;       /* what jitc computed */
    double *c_call, *c_put;   /* what the plain C loop computed */
} Options;

/* ---- the same formula in plain C, step for step as in the .krn ---- */

static double c_cndf(double d) { return 0.5 * erfc(-d * 0.7071067811865476); }

static void c_d1d2(double s, double k, double t, double r, double v, double *d1, double *d2)
{
    double vsqrt = v * sqrt(t);
    *d1 = (log(s / k) + (r + 0.5 * v * v) * t) / vsqrt;
    *d2 = *d1 - vsqrt;
}

static double c_call(double s, double k, double t, double r, double v)
{
    double d1, d2;
    c_d1d2(s, k, t, r, v, &d1, &d2);
    return s * c_cndf(d1) - k * exp(-r * t) * c_cndf(d2);
}

static double c_put(double s, double k, double t, double r, double v)
{
    double d1, d2;
    c_d1d2(s, k, t, r, v, &d1, &d2);
    return k * exp(-r * t) * c_cndf(-d2) - s * c_cndf(-d1);
}

/* ---- checks ---- */

/* Each jitc price against C's (relative, an exact zero against an exact zero) and each pair
 * against put-call parity. Prints what it found; true when all held. */
static bool check(const char *target, const Options *o, char *note, size_t note_len)
{
    double worst_rel = 0, worst_parity = 0;
    int64_t bad = 0, bad_parity = 0, first = -1, first_parity = -1;
    for (int64_t i = 0; i < N; i++) {
        const double got[2] = {o->call[i], o->put[i]}, want[2] = {o->c_call[i], o->c_put[i]};
        for (int j = 0; j < 2; j++) {
            double err = fabs(got[j] - want[j]);
            double rel = err == 0 ? 0 : want[j] != 0 ? err / fabs(want[j]) : INFINITY;
            if (!(rel <= REL_TOL) && bad++ == 0) /* NaN fails too */
                first = i;
            worst_rel = rel > worst_rel ? rel : worst_rel;
        }
        double s = o->s[i], k = o->k[i];
        double parity = fabs(o->call[i] - o->put[i] - (s - k * exp(-RATE * o->t[i]))) / (s + k);
        if (!(parity <= PARITY_TOL) && bad_parity++ == 0)
            first_parity = i;
        worst_parity = parity > worst_parity ? parity : worst_parity;
    }
    printf("    check: %d calls and %d puts against plain C: largest relative difference %.2e (limit %.0e)%s\n", N, N,
           worst_rel, REL_TOL, bad ? "" : ", all within");
    printf("    check: put-call parity C - P = S - K e^(-rT) for all %d pairs: largest error %.2e of S + K (limit "
           "%.0e)%s\n", N, worst_parity, PARITY_TOL, bad_parity ? "" : ", all within");
    if (bad)
        printf("    check FAILED: %lld prices differ from C, the first option %lld (S %g K %g T %g): call %.17g put %.17g, "
               "C has %.17g %.17g\n", (long long)bad, (long long)first, o->s[first], o->k[first], o->t[first],
               o->call[first], o->put[first], o->c_call[first], o->c_put[first]);
    if (bad_parity)
        printf("    check FAILED: %lld pairs break put-call parity, the first option %lld (S %g K %g T %g): call %.17g put "
               "%.17g\n", (long long)bad_parity, (long long)first_parity, o->s[first_parity], o->k[first_parity],
               o->t[first_parity], o->call[first_parity], o->put[first_parity]);
    if (bad || bad_parity)
        snprintf(note, note_len, "%s: %lld prices off C, %lld pairs off parity", target, (long long)bad,
                 (long long)bad_parity);
    return bad == 0 && bad_parity == 0;
}

/* ---- the two targets ---- */

/* Prices every option with the ufuncs named call_name and put_name: the first application
 * (which, for a GPU ufunc, also compiles to PTX and loads it) is timed apart, then the best of
 * RUNS of the pair. */
static void price(jitc_module *m, const char *call_name, const char *put_name, Options *o, double c_ms, ShowRow *row)
{
    jitc_function *fc = NULL, *fp = NULL;
    jitc_result r = {0};
    jitc_status st = jitc_module_function(m, call_name, &fc);
    if (st == JITC_OK)
        st = jitc_module_function(m, put_name, &fp);
    if (st != JITC_OK) {
        show_failed(row, call_name, st, NULL);
        return;
    }
    jitc_function_info info;
    jitc_function_get_info(fc, &info);
    int64_t shape[1] = {N};
    DLTensor ts = {.data = o->s, .device = {kDLCPU, 0}, .ndim = 1, .dtype = {kDLFloat, 64, 1}, .shape = shape};
    DLTensor tk = ts, tt = ts, tcall = ts, tput = ts;
    tk.data = o->k, tt.data = o->t, tcall.data = o->call, tput.data = o->put;
    /* the rate and the volatility are Python scalars: they broadcast over the arrays */
    jitc_value in[5] = {jitc_array(&ts), jitc_array(&tk), jitc_array(&tt), jitc_f64(RATE), jitc_f64(VOL)};
    double t0 = show_now_ms();
    if ((st = jitc_ufunc_call(fc, in, 5, &tcall, &r)) != JITC_OK || (st = jitc_ufunc_call(fp, in, 5, &tput, &r)) != JITC_OK) {
        show_failed(row, "first call", st, &r);
        return;
    }
    double first_ms = show_now_ms() - t0;
    double best = INFINITY;
    for (int k = 0; k < RUNS; k++) {
        memset(o->call, 0, N * sizeof *o->call);
        memset(o->put, 0, N * sizeof *o->put);
        t0 = show_now_ms();
        if ((st = jitc_ufunc_call(fc, in, 5, &tcall, &r)) != JITC_OK || (st = jitc_ufunc_call(fp, in, 5, &tput, &r)) != JITC_OK) {
            show_failed(row, call_name, st, &r);
            return;
        }
        double ms = show_now_ms() - t0;
        best = ms < best ? ms : best;
    }
    row->jitc_ms = best;
    bool gpu = strcmp(info.target, "cuda") == 0;
    printf("    first application of both (target=\"%s\"%s) %.1f ms\n", info.target,
           gpu ? ": loads the kernels on the GPU, copies, runs" : "", first_ms);
    printf("    best of %d: %.3f ms for calls and puts (%.1f M options/s)%s, plain C %.3f ms: %.2fx\n", RUNS, best,
           N / best / 1e3, gpu ? " with the copies of the host arrays in and out" : "", c_ms, c_ms / best);
    if (check(row->target, o, row->note, sizeof row->note)) {
        row->status = "ok";
        if (gpu)
            snprintf(row->note, sizeof row->note, "host arrays: copies in and out included");
    }
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "samples/blackscholes/blackscholes.krn";
    Options o = {0};
    double **arrays[] = {&o.s, &o.k, &o.t, &o.call, &o.put, &o.c_call, &o.c_put};
    enum { NARRAYS = sizeof arrays / sizeof arrays[0] };
    jitc_context *ctx = NULL;
    jitc_module *m = NULL;
    int status;
    double compile_ms;
    ShowRow rows[2] = {{.target = "cpu parallel", .status = "FAIL"}, {.target = "gpu", .status = "FAIL"}};
    bool have = true;
    for (int i = 0; i < NARRAYS; i++)
        have &= (*arrays[i] = malloc(N * sizeof(double))) != NULL;
    if (!have || jitc_context_create(NULL, &ctx) != JITC_OK) {
        show_fail_all("blackscholes", "out of memory", rows, 2);
        goto finish;
    }
    /* the ufuncs' explicit signatures are compiled here, eagerly, as Numba compiles them */
    if (!(m = show_load(ctx, "blackscholes", path, &compile_ms, rows, 2)))
        goto finish;
    /* the options of NVIDIA's Black-Scholes sample: S in [5, 30], K in [1, 100], T in [0.25, 10]
     * years, from a fixed xorshift stream */
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int64_t i = 0; i < N; i++) {
        double u[3];
        for (int j = 0; j < 3; j++) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
            u[j] = (double)(seed >> 11) * 0x1p-53;
        }
        o.s[i] = 5.0 + 25.0 * u[0];
        o.k[i] = 1.0 + 99.0 * u[1];
        o.t[i] = 0.25 + 9.75 * u[2];
    }
    printf("jitc %s: Black-Scholes calls and puts for %d options (rate %.2f, volatility %.2f), float64\n"
           "  %s compiled (signature %s) in %.1f ms\n", jitc_version(), N, RATE, VOL, path, SIG, compile_ms);

    double c_ms = INFINITY;
    for (int k = 0; k < RUNS; k++) {
        double t0 = show_now_ms();
        for (int64_t i = 0; i < N; i++)
            o.c_call[i] = c_call(o.s[i], o.k[i], o.t[i], RATE, VOL);
        for (int64_t i = 0; i < N; i++)
            o.c_put[i] = c_put(o.s[i], o.k[i], o.t[i], RATE, VOL);
        double ms = show_now_ms() - t0;
        c_ms = ms < c_ms ? ms : c_ms;
    }
    printf("  plain C loop (cc -O2, one thread, glibc's erfc/exp/log): best of %d %.3f ms\n", RUNS, c_ms);
    rows[0].c_ms = rows[1].c_ms = c_ms;

    printf("  cpu parallel: bs_call and bs_put, target=\"parallel\" over %ld cores (JITC_NUM_THREADS chooses fewer)\n",
           sysconf(_SC_NPROCESSORS_ONLN));
    price(m, "bs_call", "bs_put", &o, c_ms, &rows[0]);

    if (show_gpu_present(&rows[1])) {
        jitc_device_info info;
        if (jitc_device_get_info(0, &info) == JITC_OK)
            printf("  gpu: bs_call_gpu and bs_put_gpu, target=\"cuda\" on %s (sm_%d%d)\n", info.name, info.major,
                   info.minor);
        price(m, "bs_call_gpu", "bs_put_gpu", &o, c_ms, &rows[1]);
    }

finish:
    printf("\n");
    status = show_report("blackscholes", rows, 2) ? 0 : 1;
    jitc_module_destroy(m);
    jitc_context_destroy(ctx);
    for (int i = 0; i < NARRAYS; i++)
        free(*arrays[i]);
    return status;
}
