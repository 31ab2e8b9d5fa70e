/* ufunc_loop.c — running a compiled inner loop over broadcast operands: NumPy's broadcasting,
 * merging contiguous dimensions, and the split of the work into pieces for OpenMP threads. It
 * needs no compiler: the ufunc API (driver/ufunc.c), compiled array expressions (arrays.c) and the
 * ufunc entries of `jitc build` objects (libjitcrt) all run their loops here. */
#include "ufunc_loop.h"

#include <string.h>

/* NumPy's rule, right-aligned: sizes equal, or one of them 1. */
bool rt_ufunc_broadcast(int64_t *shape, int *ndim, const int64_t *other, int other_ndim)
{
    int n = other_ndim > *ndim ? other_ndim : *ndim;
    int64_t merged[UF_MAXDIM];
    for (int k = 0; k < n; k++) {
        int a = k - (n - *ndim), b = k - (n - other_ndim);
        int64_t x = a >= 0 ? shape[a] : 1, y = b >= 0 ? other[b] : 1;
        if (x != y && x != 1 && y != 1)
            return false;
        merged[k] = x == 1 ? y : x;
    }
    memcpy(shape, merged, sizeof merged[0] * (size_t)n);
    *ndim = n;
    return true;
}

void rt_ufunc_coalesce(UfIter *p)
{
    int n = 0;
    for (int k = 0; k < p->ndim; k++) {
        if (p->shape[k] == 1)
            continue;
        bool merge = n > 0;
        for (int o = 0; merge && o < p->nops; o++)
            merge = p->strides[o][n - 1] == p->strides[o][k] * p->shape[k];
        if (merge) {
            p->shape[n - 1] *= p->shape[k];
            for (int o = 0; o < p->nops; o++)
                p->strides[o][n - 1] = p->strides[o][k];
            continue;
        }
        p->shape[n] = p->shape[k];
        for (int o = 0; o < p->nops; o++)
            p->strides[o][n] = p->strides[o][k];
        n++;
    }
    if (n == 0) { /* one element */
        p->shape[0] = 1;
        for (int o = 0; o < p->nops; o++)
            p->strides[o][0] = 0;
        n = 1;
    }
    p->ndim = n;
}

/* Runs the inner loop over elements [start, end) of row `row` (rows: the outer dimensions). */
static void run_piece(const UfIter *p, LoopFn loop, int64_t row, int64_t start, int64_t end, JitcErr *err)
{
    char *args[UF_MAXOPS];
    int64_t steps[UF_MAXOPS];
    int inner = p->ndim - 1;
    for (int o = 0; o < p->nops; o++) {
        int64_t off = start * p->strides[o][inner], rest = row;
        for (int k = inner - 1; k >= 0; k--) {
            off += (rest % p->shape[k]) * p->strides[o][k];
            rest /= p->shape[k];
        }
        args[o] = p->data[o] + off;
        steps[o] = p->strides[o][inner];
    }
    loop(args, end - start, steps, p->core, err);
}

/* Cuts in a row fall on multiples of this many elements, more than a vectorized loop takes
 * per step (8 doubles x 4 unrolled with AVX-512, or 16 floats x 4), so each element lands in the
 * vector body or in the scalar tail as in the serial loop: libmvec and scalar libm differ in
 * the last bit, and the parallel target gives the serial one's results exactly. */
enum { CUT_ALIGN = 64 };

/* A parallel run's work: pieces of whole rows when there are enough rows, else each row cut into
 * `parts` equal parts of 1024 elements or more (a gufunc's element may be big: any size there). */
typedef struct UfuncWork {
    const UfIter *it;
    LoopFn loop;
    int64_t n, align, units; /* a row's elements, the cuts' multiple, a row's cuttable units */
    int64_t parts, cuts;     /* pieces per row; row parts in all (rows * parts) */
    int64_t pieces;          /* what the threads take: `cuts` in even runs of consecutive ones */
    JitcErr first;     /* the lowest cut's exception, the one reported */
    int64_t first_cut; /* cuts: none raised */
} UfuncWork;

static void run_ufunc_piece(void *ctx, int64_t piece)
{
    UfuncWork *u = ctx;
    int64_t end = rt_piece_start(u->cuts, u->pieces, piece + 1);
    for (int64_t w = rt_piece_start(u->cuts, u->pieces, piece); w < end; w++) {
        int64_t row = w / u->parts, part = w % u->parts;
        int64_t lo = rt_piece_start(u->units, u->parts, part) * u->align;
        int64_t hi = rt_piece_start(u->units, u->parts, part + 1) * u->align;
        JitcErr err = {0};
        run_piece(u->it, u->loop, row, lo, hi < u->n ? hi : u->n, &err);
        if (err.code)
            rt_keep_lowest_error(&u->first, &u->first_cut, &err, w);
    }
}

/* The work in pieces, several per thread, each thread owning a run of consecutive ones
 * (rt_run_pieces). */
void rt_ufunc_run(const UfIter *p, LoopFn loop, bool parallel, JitcErr *first)
{
    int64_t n = p->shape[p->ndim - 1], rows = 1;
    for (int k = 0; k < p->ndim - 1; k++)
        rows *= p->shape[k];
    if (rows == 0 || n == 0)
        return;
    int threads = parallel ? rt_thread_count() : 1;
    if (rows * n < 4096 && !p->gufunc) /* not worth waking threads */
        threads = 1;
    int64_t want = rt_piece_count(rows * n, threads, p->gufunc ? 1 : 1024);
    int64_t align = p->gufunc ? 1 : CUT_ALIGN, units = (n + align - 1) / align;
    int64_t parts = rows >= want ? 1 : (want + rows - 1) / rows;
    if (parts > units)
        parts = units;
    int64_t cuts = rows * parts, pieces = cuts < want ? cuts : want;
    UfuncWork u = {p, loop, n, align, units, parts, cuts, pieces, {0}, cuts};
    rt_run_pieces(pieces, threads, run_ufunc_piece, &u);
    if (u.first.code)
        *first = u.first;
}
