"""The package under callers that do what they should not: wrong argument counts (Numba's
messages), a million calls without memory growth, first calls (compiles) from several threads at
once, a KeyboardInterrupt during a call and during a compile, fork and multiprocessing after
jitc has compiled, and arrays deleted or resized while compiled code holds them. Each leaves the
process usable."""
import _thread
import gc
import multiprocessing
import os
import signal
import threading
import time
import tracemalloc

import numpy as np
import pytest

import jitc


@jitc.njit
def add(a, b):
    return a + b


@jitc.njit
def add_default(a, b=2):
    return a + b


@jitc.njit
def doubled(x):
    return x * 2.0


@jitc.njit
def spin(n):
    s = 0.0
    for i in range(n):
        s += (i % 7) * 0.5
    return s


@jitc.njit(parallel=True)
def parallel_total(a):
    s = 0.0
    for i in jitc.prange(a.shape[0]):
        s += a[i]
    return s


# eight functions that differ in their constant: each compiles on its first call
@jitc.njit
def t0(a):
    return a.sum() * 1.0


@jitc.njit
def t1(a):
    return a.sum() * 2.0


@jitc.njit
def t2(a):
    return a.sum() * 3.0


@jitc.njit
def t3(a):
    return a.sum() * 4.0


@jitc.njit
def t4(a):
    return a.sum() * 5.0


@jitc.njit
def t5(a):
    return a.sum() * 6.0


@jitc.njit
def t6(a):
    return a.sum() * 7.0


@jitc.njit
def t7(a):
    return a.sum() * 8.0


THREADED = [t0, t1, t2, t3, t4, t5, t6, t7]


def test_argument_counts_raise_numbas_messages():
    with pytest.raises(TypeError, match=r"^not enough arguments: expected 2, got 1$"):
        add(1)
    with pytest.raises(TypeError, match=r"^too many arguments: expected 2, got 3$"):
        add(1, 2, 3)
    with pytest.raises(TypeError, match=r"^not enough arguments: expected at least 1, got 0$"):
        add_default()
    with pytest.raises(TypeError, match=r"^too many arguments: expected 2, got 3$"):
        add_default(1, 2, 3)
    assert add(1, 2) == 3 and add_default(1) == 3 and add_default(1, b=5) == 6


def _rss_kb():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def test_a_million_calls_do_not_grow_memory():
    a = np.arange(16.0)
    for _ in range(20000):  # warm: caches, free lists
        add(1, 2)
        doubled(a)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(100000):
        add(1.5, 2)
        doubled(a)
    gc.collect()
    grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
    tracemalloc.stop()
    assert grown < 64 * 1024, grown  # Python's objects: nothing kept per call
    rss = _rss_kb()
    for _ in range(1000000):
        add(1, 2)
    for _ in range(200000):
        doubled(a)  # a new array each call, freed with its object
    if "libasan" not in os.environ.get("LD_PRELOAD", ""):  # ASan keeps freed memory in quarantine:
        assert _rss_kb() - rss < 16 * 1024  # kB: nor on the C side (under ASan, LeakSanitizer says)


def test_first_calls_from_threads_at_once():
    a = np.arange(100.0)
    results, errors = {}, []

    def work(k):
        try:
            results[k] = THREADED[k](a)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert results == {k: a.sum() * (k + 1) for k in range(8)}


def _interrupt_in(seconds):
    # Python's own SIGINT handler, which interrupt_main() needs: a shell starts background jobs
    # with SIGINT ignored, and Python keeps it so
    signal.signal(signal.SIGINT, signal.default_int_handler)
    threading.Timer(seconds, _thread.interrupt_main).start()


def test_keyboard_interrupt_during_a_call_leaves_the_process_usable():
    spin(10)
    with pytest.raises(KeyboardInterrupt):
        _interrupt_in(0.05)
        spin(300_000_000)  # compiled code runs to its end; the interrupt is raised after it
        time.sleep(5)
    assert spin(10) == sum((i % 7) * 0.5 for i in range(10))


def test_keyboard_interrupt_during_a_compile_leaves_the_process_usable():
    @jitc.njit
    def fresh(x):
        return x + 1

    with pytest.raises(KeyboardInterrupt):
        _interrupt_in(0.0)
        fresh(1)  # the compile finishes or the interrupt comes before it; either way:
        time.sleep(5)
    assert fresh(1) == 2


def _call_in_child(x):
    return doubled(x), parallel_total(np.arange(1000.0))


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_fork_and_multiprocessing_after_compiling(method):
    a = np.arange(8.0)
    assert parallel_total(np.arange(1000.0)) == 499500.0  # the parent's thread pool exists
    doubled(a)
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(2) as pool:
        results = pool.map(_call_in_child, [a, a + 1, a + 2], chunksize=1)
    for k, (d, total) in enumerate(results):
        assert np.array_equal(d, (a + k) * 2.0) and total == 499500.0


@jitc.njit
def middle(a):
    return a[1:-1]


@jitc.njit
def grow_inside(a):
    with jitc.objmode(n="int64"):
        a.resize(1000)  # compiled code holds a: NumPy refuses
        n = a.size
    return n + a[0]


def test_arrays_freed_or_resized_while_compiled_code_holds_them():
    a = np.arange(10.0)
    v = middle(a)  # a view: it keeps a's memory alive
    del a
    gc.collect()
    np.zeros(10_000)  # memory reused elsewhere would show in v
    assert v.tolist() == list(np.arange(1.0, 9.0))
    b = np.arange(4.0)
    with pytest.raises(ValueError, match="resize"):
        grow_inside(b)
    assert b.tolist() == [0.0, 1.0, 2.0, 3.0] and middle(b).tolist() == [1.0, 2.0]
