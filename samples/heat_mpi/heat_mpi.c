/* heat_mpi.c — the 2-D heat equation by Jacobi iteration over several processes (MPI), with its
 * kernels compiled by jitc: the sample of running jitc on several machines.
 *
 * The global grid is ny rows of nx float64 points. Its edges are fixed: the top row is hot (1.0),
 * the other three edges cold (0.0); the inside starts cold. Each step replaces every inside point
 * by the mean of its four neighbours. The rows are split over the ranks in blocks (a 1-D
 * decomposition; the first ny % ranks ranks hold one row more). Each rank keeps its block with one
 * halo row above and one below, in two buffers used in turn (ping-pong, nothing copied per step).
 * A step is:
 *   1. the halo exchange: the block's first row goes to the rank above while the rank below's
 *      first row arrives in the lower halo, then the same downwards (MPI_Sendrecv, host memory);
 *   2. the update of the block from one buffer into the other by a jitc kernel of heat.krn:
 *      jacobi_cpu, an @njit(parallel=True) prange loop called with jitc_call (the default), or
 *      with --gpu jacobi_gpu, a @cuda.jit kernel launched with jitc_launch on device memory; rank r
 *      uses GPU r % (GPUs on its node).
 * On the GPU the halo rows travel device to device between neighbours of one node: at setup the
 * two ranks of such a pair hand each other CUDA IPC handles of their two fields (jitc_ipc_export,
 * jitc_ipc_open; Open MPI as Debian builds it cannot send device memory itself), and each step
 * every rank copies its edge rows straight into the neighbours' halo rows on their GPUs
 * (jitc_copy_async), waits for its copies, then swaps an empty MPI message with each neighbour
 * that says "my rows are in your halos" (exchange_device says why nothing is overwritten while
 * in use). Between neighbours on different nodes, where the driver refuses IPC (some sandboxes),
 * and with --host-halos, the rows go device -> host -> MPI -> host -> device instead; both ranks
 * of a pair agree on the path. Either way the halos hold the same values.
 * The update of a point reads only the previous field and adds its four neighbours in one fixed
 * order: the result is the same bit for bit whatever the number of ranks (tests/mpi/run.sh checks
 * it with cmp). After the steps, rank 0 gathers the field (MPI_Gatherv), writes it with --out, and
 * prints one line: ranks, grid, steps, the seconds of the step loop (the slowest rank's; the
 * kernel was compiled before it), the seconds of the setup (compiling included) and a checksum
 * (the sum of the field and an FNV-1a hash of its bytes).
 *
 *   mpirun -np 4 build/samples/heat_mpi/heat_mpi [--nx N] [--ny N] [--steps N] [--gpu]
 *          [--host-halos] [--out FILE] [--krn samples/heat_mpi/heat.krn]
 * --out FILE.npy writes a NumPy .npy file, shape (ny, nx), float64; any other name the raw
 * float64 values, row after row. --host-halos makes GPU ranks send every halo row through host
 * memory, as across nodes (to compare the two paths). The summary line says which path the
 * halos took. JITC_NUM_THREADS sets the threads of each rank's CPU kernel.
 * On a cluster: mpirun -np N --hostfile hosts ..., with jitc's library and heat.krn on each node.
 * Exit status 0 on success; every failure prints one message (from the lowest failing rank) and
 * exits non-zero. A failure inside the step loop, where the other ranks wait on the failing one,
 * aborts them all with MPI_Abort. */
#include <limits.h>
#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jitc.h"

static const double HOT = 1.0;
enum { MAX_SIDE = 1 << 20, GPU_BLOCK_X = 32, GPU_BLOCK_Y = 8, WHY_LEN = 8192 };
enum { TAG_UP = 1, TAG_DOWN = 2 };
enum { UP = 0, DOWN = 1 }; /* the two sides of a block, indexing the pairs below */

typedef struct Options {
    int nx, ny;
    long steps;
    bool gpu;
    bool host_halos; /* --host-halos: GPU halos through host memory even within a node */
    const char *out; /* NULL: no file */
    const char *krn;
} Options;

/* This rank's block of rows. Local row 0 is the upper halo, rows 1..rows the block's own
 * (global rows row0..row0+rows-1), row rows+1 the lower halo. */
typedef struct Block {
    int rank, ranks;
    int up, down; /* the neighbouring ranks, MPI_PROC_NULL at the grid's top and bottom */
    int nx, ny;
    int row0, rows;
    int first, last; /* the local rows the kernel updates, [first, last): not the fixed edges */
} Block;

/* A neighbouring rank as a GPU rank sees it. With `ipc` its two fields are mapped into this
 * rank's context (CUDA IPC), and this rank writes its edge row straight into the neighbour's
 * halo row; without, the rows travel through host memory. */
typedef struct Neighbour {
    int rank;       /* MPI_PROC_NULL: none (the grid's top or bottom) */
    int edge;       /* the local row of this block that the neighbour needs: 1 (up), rows (down) */
    int halo;       /* the neighbour's local row that receives it: its rows + 1 (up), 0 (down) */
    bool ipc;       /* halos device to device, as both ranks of the pair agreed */
    void *field[2]; /* the neighbour's dev[0] and dev[1], opened here (NULL: not open) */
} Neighbour;

/* The two ping-pong fields and what computes on them. On the CPU the fields are host[]; on the
 * GPU dev[], with stage holding the four halo rows on their way through host memory (the two
 * sent, then the two received) and nb[] the neighbours. */
typedef struct Solver {
    jitc_context *ctx;
    jitc_module *mod;
    jitc_function *fn;
    bool gpu;
    int device;
    double *host[2];
    void *dev[2];
    double *stage;
    double *gpu_result; /* the GPU's final rows, copied back to host for the gather */
    int64_t shape[2];
    DLTensor field[2];  /* host[] or dev[] as (rows + 2, nx) float64 arrays */
    Neighbour nb[2];    /* [UP], [DOWN] */
    int ipc_pairs;      /* the neighbouring pairs of all ranks whose halos go device to device */
} Solver;

/* ---- errors ---- */

/* Every rank says whether its part went well; the lowest rank that failed prints why (one
 * message, not one per rank). True when all ranks succeeded. Collective. */
static bool all_ranks_ok(const Block *b, bool ok, const char *why)
{
    int mine = ok ? INT_MAX : b->rank, lowest;
    MPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (lowest == b->rank) {
        if (b->ranks > 1)
            fprintf(stderr, "heat_mpi: rank %d: %s\n", b->rank, why);
        else
            fprintf(stderr, "heat_mpi: %s\n", why);
    }
    return lowest == INT_MAX;
}

/* A failure inside the step loop: the neighbours wait on this rank, so all are stopped. */
static void abort_in_loop(const Block *b, long step, const char *what, jitc_status st, const jitc_result *r)
{
    fprintf(stderr, "heat_mpi: rank %d: step %ld: %s: %s%s%s\n", b->rank, step, what, jitc_status_string(st),
            r->message[0] ? ": " : "", r->message);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

/* Line breaks in a message from jitc become spaces: the message stays one line. */
static void one_line(char *s)
{
    for (; *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

/* Drops the line breaks that end s (diagnostics end with one; all_ranks_ok adds its own). */
static void trim_line_breaks(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && s[n - 1] == '\n')
        s[--n] = '\0';
}

/* ---- options ---- */

static const char USAGE[] =
    "usage: heat_mpi [--nx N] [--ny N] [--steps N] [--gpu] [--host-halos] [--out FILE] [--krn FILE]\n"
    "  --nx N         points per row (3..1048576; default 1024)\n"
    "  --ny N         rows (3..1048576, at least the number of ranks; default 1024)\n"
    "  --steps N      Jacobi steps (0..1000000000; default 500)\n"
    "  --gpu          run the kernel on the GPU (rank r on GPU r % count) instead of the CPU\n"
    "  --host-halos   with --gpu: halo rows through host memory, also between GPUs of one node\n"
    "  --out FILE     rank 0 writes the final field: FILE.npy as NumPy .npy, else raw float64\n"
    "  --krn FILE     the kernels (default samples/heat_mpi/heat.krn)\n"
    "run it under mpirun: mpirun -np 4 heat_mpi --nx 2048 --ny 2048 --steps 1000\n";

/* Reads the integer of option `name` from text into *out, within [lo, hi]. */
static bool parse_count(const char *name, const char *text, long lo, long hi, long *out, char *why)
{
    char *end;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || *text == '\0' || *end != '\0' || v < lo || v > hi) {
        snprintf(why, WHY_LEN, "%s wants an integer from %ld to %ld, got '%s'", name, lo, hi, text ? text : "");
        return false;
    }
    *out = v;
    return true;
}

/* Fills o from argv; false with why set on a bad option (or on --help: why empty). */
static bool parse_options(int argc, char **argv, Options *o, char *why)
{
    *o = (Options){.nx = 1024, .ny = 1024, .steps = 500, .krn = "samples/heat_mpi/heat.krn"};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        long v;
        if (strcmp(a, "--gpu") == 0 || strcmp(a, "--host-halos") == 0) {
            if (strcmp(a, "--gpu") == 0)
                o->gpu = true;
            else
                o->host_halos = true;
            continue;
        }
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            why[0] = '\0';
            return false;
        }
        if (strcmp(a, "--nx") == 0 || strcmp(a, "--ny") == 0) {
            if (!parse_count(a, value, 3, MAX_SIDE, &v, why))
                return false;
            if (strcmp(a, "--nx") == 0)
                o->nx = (int)v;
            else
                o->ny = (int)v;
        } else if (strcmp(a, "--steps") == 0) {
            if (!parse_count(a, value, 0, 1000000000, &o->steps, why))
                return false;
        } else if (strcmp(a, "--out") == 0 || strcmp(a, "--krn") == 0) {
            if (!value || !*value) {
                snprintf(why, WHY_LEN, "%s wants a file name", a);
                return false;
            }
            if (strcmp(a, "--out") == 0)
                o->out = value;
            else
                o->krn = value;
        } else {
            snprintf(why, WHY_LEN, "unknown option '%s' (--help lists them)", a);
            return false;
        }
        i++; /* the option's value */
    }
    return true;
}

/* ---- the decomposition ---- */

/* Block of rows of rank r: ny / ranks rows each, one more for the first ny % ranks ranks. */
static Block block_of(int rank, int ranks, int nx, int ny)
{
    Block b = {.rank = rank, .ranks = ranks, .nx = nx, .ny = ny};
    int base = ny / ranks, extra = ny % ranks;
    b.rows = base + (rank < extra);
    b.row0 = rank * base + (rank < extra ? rank : extra);
    b.up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    b.down = rank < ranks - 1 ? rank + 1 : MPI_PROC_NULL;
    b.first = b.row0 == 0 ? 2 : 1;                 /* global row 0 is fixed */
    b.last = b.rows + 1 - (b.row0 + b.rows == ny); /* so is global row ny - 1 */
    if (b.last < b.first)
        b.last = b.first; /* a block of one fixed row: nothing to update */
    return b;
}

static size_t local_count(const Block *b) { return (size_t)(b->rows + 2) * (size_t)b->nx; }
static double *host_row(const Block *b, double *field, int row) { return field + (size_t)row * b->nx; }
static void *device_row(const Block *b, void *field, int row)
{
    return (char *)field + (size_t)row * b->nx * sizeof(double);
}

/* The starting field of the block, halos included: cold, the grid's top row hot. */
static void initial_field(const Block *b, double *field)
{
    memset(field, 0, local_count(b) * sizeof *field);
    if (b->row0 == 0)
        for (int j = 0; j < b->nx; j++)
            host_row(b, field, 1)[j] = HOT;
}

/* ---- the halo exchange ---- */

/* The exchange with the two neighbours in two shifts, so that no rank waits on another's other
 * side: send[UP] goes to the rank above while recv[DOWN] arrives from the rank below, then
 * send[DOWN] goes down while recv[UP] arrives from above. peer[k] is the rank on side k
 * (MPI_PROC_NULL: nothing sent or received there), count[k] the items of type t each way on that
 * side, the same on both ranks of a pair. */
static void swap_with_neighbours(const int peer[2], const int count[2], MPI_Datatype t, const void *send[2],
                                 void *recv[2])
{
    MPI_Sendrecv(send[UP], count[UP], t, peer[UP], TAG_UP, recv[DOWN], count[DOWN], t, peer[DOWN], TAG_UP,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(send[DOWN], count[DOWN], t, peer[DOWN], TAG_DOWN, recv[UP], count[UP], t, peer[UP], TAG_DOWN,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* The block's first row up and its last row down; the upper halo from above and the lower halo
 * from below. */
static void exchange_host(const Block *b, double *field)
{
    int peer[2] = {b->up, b->down}, count[2] = {b->nx, b->nx};
    const void *send[2] = {host_row(b, field, 1), host_row(b, field, b->rows)};
    void *recv[2] = {host_row(b, field, 0), host_row(b, field, b->rows + 1)};
    swap_with_neighbours(peer, count, MPI_DOUBLE, send, recv);
}

/* Step 1 below: this block's edge rows of field `cur` into the halo rows of the IPC neighbours'
 * field `cur`, queued on the default stream, after the kernel that wrote them. */
static jitc_status push_edge_rows(const Block *b, Solver *s, int cur)
{
    size_t bytes = (size_t)b->nx * sizeof(double);
    for (int k = 0; k < 2; k++) {
        const Neighbour *n = &s->nb[k];
        jitc_status st = JITC_OK;
        if (n->ipc)
            st = jitc_copy_async(s->ctx, JITC_COPY_ON_DEVICE, device_row(b, n->field[cur], n->halo),
                                 device_row(b, s->dev[cur], n->edge), bytes, NULL);
        if (st != JITC_OK)
            return st;
    }
    return JITC_OK;
}

/* Whether the rows with side k's neighbour travel through host memory. */
static bool through_host(const Solver *s, int k) { return s->nb[k].rank != MPI_PROC_NULL && !s->nb[k].ipc; }

/* Step 2 below: the edge rows of `field` that go through the host to stage rows 0 (up), 1 (down). */
static jitc_status stage_edge_rows(const Block *b, Solver *s, void *field)
{
    size_t bytes = (size_t)b->nx * sizeof(double);
    for (int k = 0; k < 2; k++) {
        jitc_status st = JITC_OK;
        if (through_host(s, k))
            st = jitc_copy_to_host(s->ctx, s->stage + (size_t)k * b->nx, device_row(b, field, s->nb[k].edge), bytes);
        if (st != JITC_OK)
            return st;
    }
    return JITC_OK;
}

/* Step 5 below: stage rows 2 (from above) and 3 (from below) to the halo rows of `field`. */
static jitc_status unstage_halo_rows(const Block *b, Solver *s, void *field)
{
    size_t bytes = (size_t)b->nx * sizeof(double);
    for (int k = 0; k < 2; k++) {
        jitc_status st = JITC_OK;
        if (through_host(s, k))
            st = jitc_copy_to_device(s->ctx, device_row(b, field, k == UP ? 0 : b->rows + 1),
                                     s->stage + (size_t)(2 + k) * b->nx, bytes);
        if (st != JITC_OK)
            return st;
    }
    return JITC_OK;
}

/* One step's halo exchange on the GPU, before the kernel that reads field `cur`:
 *   1. for each neighbour reached through CUDA IPC, this block's edge row goes straight into the
 *      neighbour's halo row of ITS field `cur`, a copy queued on this rank's stream after its
 *      previous kernel (which wrote the row);
 *   2. for each other neighbour, the edge row goes to host memory (stage rows 0 and 1);
 *   3. this rank waits for its stream: the copies of step 1 are done;
 *   4. the swap with both neighbours: the staged rows with a host-path neighbour, and an empty
 *      message with an IPC neighbour, the token "my copies into your halos are done". Once the
 *      neighbour's token has come, its copies into this block's halo rows are done;
 *   5. the staged rows that came go to the halo rows (stage rows 2 and 3).
 * Then the kernel reads whole halos. Nothing is overwritten while in use: the halo rows of field
 * `cur` that a neighbour fills in step s were last read by this rank's kernel of step s - 2 (the
 * fields alternate), which is finished, because this rank waited for its stream (3) after that
 * kernel, in step s - 1, before it sent the token that the neighbour waited for (4) before its
 * copies of step s. The kernel of step s - 1, which may still run while the copies of step s land,
 * reads the other field and writes only the block's own rows of field `cur`, never its halo rows.
 * The same holds for the neighbour's halo rows that this rank fills. */
static jitc_status exchange_device(const Block *b, Solver *s, int cur, jitc_result *r)
{
    void *field = s->dev[cur];
    bool any_ipc = s->nb[UP].ipc || s->nb[DOWN].ipc;
    jitc_status st;
    snprintf(r->message, sizeof r->message, "copying the halo rows");
    if ((st = push_edge_rows(b, s, cur)) != JITC_OK || (st = stage_edge_rows(b, s, field)) != JITC_OK ||
        (any_ipc && (st = jitc_stream_synchronize(s->ctx, NULL)) != JITC_OK))
        return st;
    int peer[2], count[2];
    const void *send[2];
    void *recv[2];
    for (int k = 0; k < 2; k++) {
        peer[k] = s->nb[k].rank;
        count[k] = s->nb[k].ipc ? 0 : b->nx; /* an IPC neighbour's rows are in place: the token */
        send[k] = s->stage + (size_t)k * b->nx;
        recv[k] = s->stage + (size_t)(2 + k) * b->nx;
    }
    swap_with_neighbours(peer, count, MPI_DOUBLE, send, recv);
    if ((st = unstage_halo_rows(b, s, field)) != JITC_OK)
        return st;
    r->message[0] = '\0';
    return JITC_OK;
}

/* ---- the kernels ---- */

/* One update of rows [first, last) from field src into field 1 - src. */
static jitc_status update(const Block *b, Solver *s, int src, int first, int last, jitc_result *r)
{
    jitc_value args[4] = {jitc_array(&s->field[src]), jitc_array(&s->field[1 - src]), jitc_i64(first),
                          jitc_i64(last)};
    if (!s->gpu)
        return jitc_call(s->fn, args, 4, r);
    /* one thread per point of the rows: x along a row, y over the rows (0 blocks count as 1) */
    unsigned columns = (unsigned)b->nx, rows = (unsigned)(last - first);
    jitc_launch_config cfg = {
        .grid = {(columns + GPU_BLOCK_X - 1) / GPU_BLOCK_X, (rows + GPU_BLOCK_Y - 1) / GPU_BLOCK_Y, 1},
        .block = {GPU_BLOCK_X, GPU_BLOCK_Y, 1},
    };
    return jitc_launch(s->fn, &cfg, args, 4, r);
}

/* Runs the steps; the current field ends in *cur. Aborts all ranks on a failure. */
static void run_steps(const Block *b, Solver *s, long steps, int *cur)
{
    jitc_result r = {0};
    jitc_status st;
    for (long step = 0; step < steps; step++) {
        if (s->gpu) {
            if ((st = exchange_device(b, s, *cur, &r)) != JITC_OK)
                abort_in_loop(b, step, "halo exchange", st, &r);
        } else {
            exchange_host(b, s->host[*cur]);
        }
        if ((st = update(b, s, *cur, b->first, b->last, &r)) != JITC_OK)
            abort_in_loop(b, step, s->gpu ? "jacobi_gpu" : "jacobi_cpu", st, &r);
        *cur = 1 - *cur;
    }
    if (s->gpu && (st = jitc_synchronize(s->ctx, &r)) != JITC_OK)
        abort_in_loop(b, steps, "jacobi_gpu", st, &r);
}

/* ---- the fields shared with the neighbours of the node (CUDA IPC) ---- */

/* What a GPU rank tells a neighbour on its node: whether it exported its two fields, and their
 * handles. Sent as bytes: every rank runs the same program. */
typedef struct Offer {
    int exported;
    jitc_ipc_handle field[2];
} Offer;

/* The neighbours, before anything is shared: their ranks, the rows they need and fill. */
static void init_neighbours(const Block *b, Solver *s)
{
    s->nb[UP] = (Neighbour){.rank = b->up, .edge = 1};
    s->nb[DOWN] = (Neighbour){.rank = b->down, .edge = b->rows, .halo = 0};
    if (b->up != MPI_PROC_NULL)
        s->nb[UP].halo = block_of(b->up, b->ranks, b->nx, b->ny).rows + 1; /* its lower halo */
}

/* Whether each neighbour runs on this node: the ranks of one node are those of one communicator
 * that MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) makes, so both ranks of a pair see the same.
 * Collective. */
static void neighbours_on_node(const Block *b, bool local[2])
{
    MPI_Comm node;
    MPI_Group world_group, node_group;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, b->rank, MPI_INFO_NULL, &node);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Comm_group(node, &node_group);
    int side[2] = {b->up, b->down};
    for (int k = 0; k < 2; k++) {
        int there = MPI_UNDEFINED;
        if (side[k] != MPI_PROC_NULL)
            MPI_Group_translate_ranks(world_group, 1, &side[k], node_group, &there);
        local[k] = there != MPI_UNDEFINED;
    }
    MPI_Group_free(&world_group);
    MPI_Group_free(&node_group);
    MPI_Comm_free(&node);
}

/* Maps the neighbour's two fields that its offer names; all or nothing. */
static bool open_fields(Solver *s, Neighbour *n, const Offer *theirs)
{
    for (int k = 0; k < 2; k++)
        if (jitc_ipc_open(s->ctx, &theirs->field[k], &n->field[k]) != JITC_OK) {
            n->field[k] = NULL;
            return false;
        }
    return true;
}

static void close_fields(Solver *s, Neighbour *n)
{
    for (int k = 0; k < 2; k++) {
        if (n->field[k])
            jitc_ipc_close(s->ctx, n->field[k]);
        n->field[k] = NULL;
    }
    n->ipc = false;
}

/* Where a neighbour runs on this node, the two ranks offer each other their fields (exported
 * handles), map the other's, and tell each other whether that worked: the pair's halos go device
 * to device when both sides mapped, else through the host on both sides (a failed mapping is
 * undone). Counts the pairs of all ranks that share, for the summary. Collective. */
static void share_fields(const Block *b, Solver *s)
{
    bool local[2];
    neighbours_on_node(b, local);
    Offer mine = {.exported = local[UP] || local[DOWN]}, theirs[2] = {{0}, {0}};
    for (int k = 0; k < 2 && mine.exported; k++)
        mine.exported = jitc_ipc_export(s->ctx, s->dev[k], &mine.field[k]) == JITC_OK;
    int peer[2], bytes[2] = {(int)sizeof(Offer), (int)sizeof(Offer)}, ints[2] = {1, 1}, mapped[2];
    int they_mapped[2] = {0, 0};
    for (int k = 0; k < 2; k++)
        peer[k] = local[k] ? s->nb[k].rank : MPI_PROC_NULL;
    swap_with_neighbours(peer, bytes, MPI_BYTE, (const void *[2]){&mine, &mine},
                         (void *[2]){&theirs[UP], &theirs[DOWN]});
    for (int k = 0; k < 2; k++)
        mapped[k] = local[k] && mine.exported && theirs[k].exported && open_fields(s, &s->nb[k], &theirs[k]);
    swap_with_neighbours(peer, ints, MPI_INT, (const void *[2]){&mapped[UP], &mapped[DOWN]},
                         (void *[2]){&they_mapped[UP], &they_mapped[DOWN]});
    for (int k = 0; k < 2; k++) {
        s->nb[k].ipc = mapped[k] && they_mapped[k];
        if (!s->nb[k].ipc)
            close_fields(s, &s->nb[k]);
    }
    int mine_below = s->nb[DOWN].ipc; /* each pair counted once, by its upper rank */
    MPI_Allreduce(&mine_below, &s->ipc_pairs, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

/* Unmaps the neighbours' fields, then waits until every rank has: no rank frees a field that a
 * neighbour still maps. Collective on the GPU path. */
static void unshare_fields(Solver *s)
{
    for (int k = 0; k < 2; k++)
        close_fields(s, &s->nb[k]);
    MPI_Barrier(MPI_COMM_WORLD);
}

/* ---- setting up and tearing down ---- */

/* The GPU this rank uses, rank % count; false with why when there is none. */
static bool pick_gpu(const Block *b, int *device, char *why)
{
    int count = 0;
    char reason[512] = "";
    if (jitc_device_count(&count, reason, sizeof reason) != JITC_OK || count <= 0) {
        one_line(reason);
        snprintf(why, WHY_LEN, "--gpu: no CUDA device here (%s)", reason[0] ? reason : "the driver lists none");
        return false;
    }
    *device = b->rank % count;
    return true;
}

static bool create_context(Solver *s, char *why)
{
    jitc_options opts;
    jitc_options_init(&opts);
    opts.gpu_device = s->device;
    jitc_status st = jitc_context_create(&opts, &s->ctx);
    if (st != JITC_OK)
        snprintf(why, WHY_LEN, "jitc_context_create: %s", jitc_status_string(st));
    return st == JITC_OK;
}

static bool load_kernel(Solver *s, const char *path, char *why)
{
    const char *name = s->gpu ? "jacobi_gpu" : "jacobi_cpu";
    jitc_status st = jitc_module_compile_file(s->ctx, path, &s->mod);
    if (st == JITC_ERR_IO) {
        snprintf(why, WHY_LEN, "cannot read the kernels' file %s (--krn names it)", path);
        return false;
    }
    if (st == JITC_OK && (st = jitc_module_function(s->mod, name, &s->fn)) != JITC_OK) {
        snprintf(why, WHY_LEN, "%s: no function %s: %s", path, name, jitc_status_string(st));
        return false;
    }
    if (st != JITC_OK) {
        snprintf(why, WHY_LEN, "%s: %s\n%s", path, jitc_status_string(st),
                 s->mod ? jitc_module_diagnostics_text(s->mod) : "");
        trim_line_breaks(why);
    }
    return st == JITC_OK;
}

/* The two fields (host, or device with the staging rows), both holding the starting field. */
static bool allocate_fields(const Block *b, Solver *s, char *why)
{
    size_t count = local_count(b), bytes = count * sizeof(double);
    s->shape[0] = b->rows + 2;
    s->shape[1] = b->nx;
    double *start = malloc(bytes);
    bool ok = start != NULL;
    if (ok)
        initial_field(b, start);
    for (int k = 0; k < 2 && ok; k++) {
        DLTensor t = {.device = {kDLCPU, 0}, .ndim = 2, .dtype = {kDLFloat, 64, 1}, .shape = s->shape};
        if (!s->gpu) {
            ok = (s->host[k] = malloc(bytes)) != NULL;
            if (ok)
                memcpy(s->host[k], start, bytes);
            t.data = s->host[k];
        } else {
            jitc_status st = jitc_device_alloc(s->ctx, bytes, &s->dev[k]);
            if (st == JITC_OK)
                st = jitc_copy_to_device(s->ctx, s->dev[k], start, bytes);
            if (st != JITC_OK) {
                snprintf(why, WHY_LEN, "GPU %d: %zu bytes of device memory: %s", s->device, bytes,
                         jitc_status_string(st));
                free(start);
                return false;
            }
            t.device = (DLDevice){kDLCUDA, s->device};
            t.data = s->dev[k];
        }
        s->field[k] = t;
    }
    if (ok && s->gpu)
        ok = (s->stage = malloc(4 * (size_t)b->nx * sizeof(double))) != NULL;
    free(start);
    if (!ok)
        snprintf(why, WHY_LEN, "out of memory for a block of %d x %d points", b->rows + 2, b->nx);
    return ok;
}

/* Compiles the kernel for the fields' types by an update of no rows, so that the step loop's
 * time holds no compiling. */
static bool warm_up(const Block *b, Solver *s, char *why)
{
    jitc_result r = {0};
    jitc_status st = update(b, s, 0, b->first, b->first, &r);
    if (st == JITC_OK && s->gpu)
        st = jitc_synchronize(s->ctx, &r);
    if (st != JITC_OK) {
        snprintf(why, WHY_LEN, "compiling %s: %s%s%s", s->gpu ? "jacobi_gpu" : "jacobi_cpu", jitc_status_string(st),
                 r.message[0] ? ": " : "", r.message);
        if (s->mod && jitc_module_diagnostic_count(s->mod) > 0)
            snprintf(why + strlen(why), WHY_LEN - strlen(why), "\n%s", jitc_module_diagnostics_text(s->mod));
        trim_line_breaks(why);
    }
    return st == JITC_OK;
}

static void solver_free(Solver *s)
{
    if (s->gpu)
        unshare_fields(s);
    for (int k = 0; k < 2; k++) {
        free(s->host[k]);
        if (s->dev[k])
            jitc_device_free(s->ctx, s->dev[k]);
    }
    free(s->stage);
    free(s->gpu_result);
    jitc_context_destroy(s->ctx); /* its modules too */
}

/* Everything before the steps, each phase agreed on by all ranks. */
static bool solver_setup(const Block *b, const Options *o, Solver *s)
{
    char why[WHY_LEN] = "";
    *s = (Solver){.gpu = o->gpu};
    init_neighbours(b, s);
    bool ok = all_ranks_ok(b, !s->gpu || pick_gpu(b, &s->device, why), why);
    ok = ok && all_ranks_ok(b, create_context(s, why), why);
    ok = ok && all_ranks_ok(b, load_kernel(s, o->krn, why), why);
    ok = ok && all_ranks_ok(b, allocate_fields(b, s, why), why);
    ok = ok && all_ranks_ok(b, warm_up(b, s, why), why);
    if (ok && s->gpu && !o->host_halos) /* the same on every rank: all share, or none */
        share_fields(b, s);
    return ok;
}

/* ---- the result ---- */

/* The block's own rows of the current field, in host memory (a copy from the GPU). */
static bool own_rows(const Block *b, Solver *s, int cur, double **rows, char *why)
{
    if (!s->gpu) {
        *rows = host_row(b, s->host[cur], 1);
        return true;
    }
    size_t bytes = (size_t)b->rows * b->nx * sizeof(double);
    jitc_status st = JITC_ERR_NOMEM;
    if ((*rows = s->gpu_result = malloc(bytes)) != NULL)
        st = jitc_copy_to_host(s->ctx, *rows, device_row(b, s->dev[cur], 1), bytes);
    if (st != JITC_OK)
        snprintf(why, WHY_LEN, "copying the field from GPU %d: %s", s->device, jitc_status_string(st));
    return st == JITC_OK;
}

/* Gathers every block's rows into *field on rank 0 (NULL elsewhere), as whole rows. */
static bool gather_field(const Block *b, const double *rows, double **field, char *why)
{
    int *counts = NULL, *starts = NULL;
    bool ok = true;
    *field = NULL;
    if (b->rank == 0) {
        counts = malloc(b->ranks * sizeof *counts);
        starts = malloc(b->ranks * sizeof *starts);
        *field = malloc((size_t)b->ny * b->nx * sizeof **field);
        ok = counts && starts && *field;
        for (int r = 0; ok && r < b->ranks; r++) {
            Block other = block_of(r, b->ranks, b->nx, b->ny);
            counts[r] = other.rows;
            starts[r] = other.row0;
        }
        if (!ok)
            snprintf(why, WHY_LEN, "out of memory for the whole field (%d x %d points)", b->ny, b->nx);
    }
    if ((ok = all_ranks_ok(b, ok, why))) {
        MPI_Datatype row;
        MPI_Type_contiguous(b->nx, MPI_DOUBLE, &row);
        MPI_Type_commit(&row);
        MPI_Gatherv(rows, b->rows, row, *field, counts, starts, row, 0, MPI_COMM_WORLD);
        MPI_Type_free(&row);
    }
    free(counts);
    free(starts);
    if (!ok) {
        free(*field);
        *field = NULL;
    }
    return ok;
}

/* The sum of the field in row order: the same on every run, whatever the rank count. */
static double field_sum(const double *f, size_t n)
{
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += f[i];
    return sum;
}

/* The 64-bit FNV-1a hash of the field's bytes: equal fields, bit for bit, have equal hashes. */
static uint64_t fnv1a(const void *data, size_t bytes)
{
    const unsigned char *p = data;
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* NumPy's .npy format 1.0: magic, version, a little-endian header length, then a Python dict
 * padded with spaces to a multiple of 64 bytes and ended by a newline. */
static bool write_npy_header(FILE *f, int ny, int nx)
{
    char dict[128];
    int len = snprintf(dict, sizeof dict, "{'descr': '<f8', 'fortran_order': False, 'shape': (%d, %d), }", ny, nx);
    int total = (10 + len + 1 + 63) / 64 * 64, pad = total - 10 - len - 1;
    unsigned char head[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)((total - 10) & 0xff),
                              (unsigned char)((total - 10) >> 8)};
    return fwrite(head, 1, 10, f) == 10 && fputs(dict, f) >= 0 && fprintf(f, "%*s\n", pad, "") == pad + 1;
}

/* Writes the field to path: .npy for a name ending in .npy, else the raw float64 values. The
 * values are written as this machine holds them: little-endian on x86-64 and arm64. */
static bool write_field(const char *path, const double *field, int ny, int nx, char *why)
{
    FILE *f = fopen(path, "wb");
    size_t n = (size_t)ny * nx;
    bool ok = f && (!ends_with(path, ".npy") || write_npy_header(f, ny, nx)) && fwrite(field, sizeof *field, n, f) == n;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok)
        snprintf(why, WHY_LEN, "--out %s: cannot write the field", path);
    return ok;
}

/* Where the GPU ranks' halo rows went, for the summary: ipc_pairs of the ranks - 1 neighbouring
 * pairs device to device, the others through host memory. */
static void gpu_target(const Block *b, int ipc_pairs, char *text, size_t n)
{
    int pairs = b->ranks - 1;
    if (pairs == 0)
        snprintf(text, n, "gpu");
    else if (ipc_pairs == pairs)
        snprintf(text, n, "gpu, halos device to device (CUDA IPC)");
    else if (ipc_pairs == 0)
        snprintf(text, n, "gpu, halos through host memory");
    else
        snprintf(text, n, "gpu, halos device to device between %d of %d rank pairs, else through host memory",
                 ipc_pairs, pairs);
}

/* Rank 0: the one-line summary, and the file. */
static bool report(const Block *b, const Options *o, const Solver *s, const double *field, double step_s,
                   double setup_s, char *why)
{
    size_t n = (size_t)b->ny * b->nx;
    if (o->out && !write_field(o->out, field, b->ny, b->nx, why))
        return false;
    const char *threads = getenv("JITC_NUM_THREADS");
    char target[128];
    if (o->gpu)
        gpu_target(b, s->ipc_pairs, target, sizeof target);
    else if (threads && *threads)
        snprintf(target, sizeof target, "cpu (JITC_NUM_THREADS %.20s a rank)", threads);
    else
        snprintf(target, sizeof target, "cpu (all cores a rank)");
    printf("heat_mpi: %d rank%s, grid %d x %d (nx x ny), %ld steps, %s: steps %.3f s (setup and compile %.3f s), "
           "checksum %.17g fnv1a %016llx%s%s\n",
           b->ranks, b->ranks == 1 ? "" : "s", b->nx, b->ny, o->steps, target, step_s, setup_s,
           field_sum(field, n), (unsigned long long)fnv1a(field, n * sizeof *field), o->out ? ", written to " : "",
           o->out ? o->out : "");
    return true;
}

/* ---- main ---- */

/* Solves on an agreed setup: the steps, timed, then the gathered field reported by rank 0. */
static bool solve(const Block *b, const Options *o, Solver *s, double setup_s)
{
    char why[WHY_LEN] = "";
    int cur = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    run_steps(b, s, o->steps, &cur);
    double mine = MPI_Wtime() - t0, slowest = 0;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

    double *rows = NULL, *field = NULL;
    bool ok = all_ranks_ok(b, own_rows(b, s, cur, &rows, why), why) && gather_field(b, rows, &field, why);
    if (ok && b->rank == 0 && !report(b, o, s, field, slowest, setup_s, why)) {
        fprintf(stderr, "heat_mpi: %s\n", why);
        ok = false;
    }
    free(field);
    return ok;
}

/* The options, checked against the rank count; false after printing why (rank 0) or the usage
 * (--help: *status 0). */
static bool read_options(int argc, char **argv, int rank, int ranks, Options *o, int *status)
{
    char why[WHY_LEN] = "";
    bool ok = parse_options(argc, argv, o, why);
    if (ok && ranks > o->ny) {
        snprintf(why, sizeof why, "%d ranks for %d rows: each rank needs one row at least (raise --ny)", ranks, o->ny);
        ok = false;
    }
    *status = why[0] ? 2 : 0;
    if (!ok && rank == 0) {
        if (why[0])
            fprintf(stderr, "heat_mpi: %s\n", why);
        else
            fputs(USAGE, stdout);
    }
    return ok;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, ranks, status;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    Options o;
    if (!read_options(argc, argv, rank, ranks, &o, &status)) {
        MPI_Finalize();
        return status;
    }
    Block b = block_of(rank, ranks, o.nx, o.ny);
    Solver s;
    double t0 = MPI_Wtime();
    bool ok = solver_setup(&b, &o, &s);
    double setup_s = MPI_Wtime() - t0;
    ok = ok && solve(&b, &o, &s, setup_s);
    solver_free(&s);
    MPI_Finalize();
    return ok ? 0 : 1;
}
