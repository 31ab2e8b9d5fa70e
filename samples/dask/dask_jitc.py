"""jitc's compiled functions over a dask.array on a distributed cluster of worker processes.

A @guvectorize gufunc (a per-row norm, "(n)->()", and a per-row moving average, "(n),()->(n)"),
an @njit function (an exponentially weighted mean along each row, a loop NumPy cannot vectorize)
and a @vectorize ufunc run on the chunks of a dask array. The functions travel to the workers
pickled with their source, and each worker process compiles them on its first call. Each result
is compared with NumPy's, one CHECK line each.

    python samples/dask/dask_jitc.py                       # a LocalCluster of 2 worker processes
    python samples/dask/dask_jitc.py --scheduler tcp://host:8786   # a running cluster"""
import argparse
import time

import numpy as np
import dask.array as da
from distributed import Client, LocalCluster

from jitc import guvectorize, njit, vectorize


@guvectorize(["void(float64[:], float64[:])"], "(n)->()")
def row_norm(x, out):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i] * x[i]
    out[0] = np.sqrt(s)


@guvectorize(["void(float64[:], int64, float64[:])"], "(n),()->(n)")
def moving_mean(x, window, out):
    """The mean of the last `window` values at each position (fewer at the start of the row)."""
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
        if i >= window:
            s -= x[i - window]
        out[i] = s / min(i + 1, window)


@njit
def ewma_rows(block, alpha):
    """The exponentially weighted moving average along each row of a 2-D block."""
    out = np.empty_like(block)
    for r in range(block.shape[0]):
        acc = block[r, 0]
        out[r, 0] = acc
        for c in range(1, block.shape[1]):
            acc = alpha * block[r, c] + (1.0 - alpha) * acc
            out[r, c] = acc
    return out


@vectorize(["float64(float64, float64)"])
def soft_threshold(x, t):
    if x > t:
        return x - t
    if x < -t:
        return x + t
    return 0.0


def numpy_moving_mean(x, window):
    c = np.cumsum(x, axis=1)
    shifted = np.zeros_like(c)
    shifted[:, window:] = c[:, :-window]
    counts = np.minimum(np.arange(1, x.shape[1] + 1), window)
    return (c - shifted) / counts


def numpy_ewma_rows(x, alpha):
    out = np.empty_like(x)
    out[:, 0] = x[:, 0]
    for c in range(1, x.shape[1]):
        out[:, c] = alpha * x[:, c] + (1.0 - alpha) * out[:, c - 1]
    return out


def check(name, ok):
    print("CHECK %s: %s" % (name, bool(ok)), flush=True)


def run(client, rows, cols, row_chunk):
    rng = np.random.default_rng(2024)
    x = rng.standard_normal((rows, cols))
    # Whole rows in each chunk: the gufuncs' core dimension (n) and the row loops need them.
    dx = da.from_array(x, chunks=(row_chunk, cols))
    print("array %s in %d chunks of %s rows on %d workers"
          % (x.shape, dx.npartitions, row_chunk, len(client.scheduler_info()["workers"])), flush=True)

    norms = da.apply_gufunc(row_norm, "(n)->()", dx, output_dtypes=np.float64)
    check("row_norm apply_gufunc", np.allclose(norms.compute(), np.linalg.norm(x, axis=1)))
    # Called on the dask array itself, as on a NumPy one: dask builds the same graph.
    check("row_norm on a dask array", np.allclose(row_norm(dx).compute(), np.linalg.norm(x, axis=1)))

    window = 5
    means = dx.map_blocks(moving_mean, window, dtype=np.float64)
    check("moving_mean map_blocks", np.allclose(means.compute(), numpy_moving_mean(x, window)))

    alpha = 0.25
    smooth = dx.map_blocks(ewma_rows, alpha, dtype=np.float64)
    check("ewma_rows njit map_blocks", np.allclose(smooth.compute(), numpy_ewma_rows(x, alpha)))

    shrunk = dx.map_blocks(soft_threshold, 0.5, dtype=np.float64)
    expected = np.sign(x) * np.maximum(np.abs(x) - 0.5, 0.0)
    check("soft_threshold vectorize", np.array_equal(shrunk.compute(), expected))
    check("soft_threshold on a dask array", np.array_equal(soft_threshold(dx, 0.5).compute(), expected))

    # The pieces together in one graph: the norms of the smoothed rows, reduced on the workers.
    total = da.apply_gufunc(row_norm, "(n)->()", smooth, output_dtypes=np.float64).sum()
    check("pipeline sum", np.isclose(total.compute(), np.linalg.norm(numpy_ewma_rows(x, alpha), axis=1).sum()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="a running dask scheduler (tcp://host:8786) instead of a LocalCluster")
    parser.add_argument("--workers", type=int, default=2, help="worker processes of the LocalCluster")
    parser.add_argument("--rows", type=int, default=4000)
    parser.add_argument("--cols", type=int, default=256)
    parser.add_argument("--row-chunk", type=int, default=500)
    args = parser.parse_args()

    start = time.perf_counter()
    if args.scheduler:
        cluster = None
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        run(client, args.rows, args.cols, args.row_chunk)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print("done in %.1f s" % (time.perf_counter() - start))


if __name__ == "__main__":
    main()
