"""numba.cuda's host side from Python on a GPU, against numba-cuda where it is installed: device
arrays (copies, views, slices written, transposes), launches with host and device arrays,
streams and events, forall, random states bit for bit, the devices' facts, CuPy arrays and
PyTorch tensors passed without copies, errors as numba-cuda gives them, and the tutorials' GPU
scripts under `python -m jitc` printing numba-cuda's CHECK lines. Skipped without a GPU."""
import os
import subprocess
import sys
import warnings

import numpy as np
import pytest

from jitc import cuda
from jitc.cuda.random import xoroshiro128p_uniform_float64

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "python")

pytestmark = pytest.mark.skipif(not cuda.is_available(), reason="no CUDA GPU here")


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit
def doubled(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = twice(a[i])


@cuda.jit
def add_rows(m):
    i, j = cuda.grid(2)
    if i < m.shape[0] and j < m.shape[1]:
        m[i, j] += i * 10 + j


@cuda.jit
def draws(states, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = xoroshiro128p_uniform_float64(states, i)


@cuda.jit(boundscheck=True)
def out_of_bounds(a):
    a[a.shape[0]] = 1.0


def test_device_arrays_copy_and_view():
    a = np.arange(24.0).reshape(4, 6)
    d = cuda.to_device(a)
    assert (d.shape, d.strides, d.dtype, d.size, d.nbytes, d.ndim) == (a.shape, a.strides, a.dtype, 24, 192, 2)
    assert np.array_equal(d.copy_to_host(), a)
    assert np.array_equal(d[1].copy_to_host(), a[1])
    assert np.array_equal(d[:, 2:5].copy_to_host(), a[:, 2:5])
    assert np.array_equal(d[::2, ::-3].copy_to_host(), a[::2, ::-3])
    assert np.array_equal(d.T.copy_to_host(), a.T)
    assert d[2, 3] == a[2, 3]
    d[1:3, ::2] = -1.0
    a[1:3, ::2] = -1.0
    assert np.array_equal(d.copy_to_host(), a)
    e = cuda.device_array_like(d)
    e.copy_to_device(d)
    assert np.array_equal(e.copy_to_host(), a)
    host = np.zeros_like(a)
    d.copy_to_host(host)
    assert np.array_equal(host, a)
    assert np.array_equal(np.asarray(d), a)
    assert d.__cuda_array_interface__["version"] == 3


def test_launch_with_device_and_host_arrays():
    a = np.arange(1000, dtype=np.float32)
    d_a, d_out = cuda.to_device(a), cuda.device_array(1000, np.float32)
    doubled[4, 256](d_a, d_out)
    assert np.array_equal(d_out.copy_to_host(), 2 * a)
    out = np.zeros_like(a)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        doubled[4, 256](a, out)  # copied in and back, with numba-cuda's performance warning
    assert np.array_equal(out, 2 * a)
    assert any("copy overhead" in str(w.message) for w in seen)
    m = cuda.to_device(np.zeros((5, 7)))
    add_rows[(2, 2), (4, 4)](m)
    assert np.array_equal(m.copy_to_host(), np.add.outer(np.arange(5) * 10, np.arange(7)).astype(float))
    d_out2 = cuda.device_array(1000, np.float32)
    doubled.forall(1000)(d_a, d_out2)
    assert np.array_equal(d_out2.copy_to_host(), 2 * a)


def test_streams_and_events():
    s = cuda.stream()
    a = cuda.to_device(np.ones(1 << 16, np.float32))
    out = cuda.device_array_like(a)
    start, end = cuda.event(), cuda.event()
    start.record(s)
    with s.auto_synchronize():
        doubled[256, 256, s](a, out)
    end.record(s)
    end.synchronize()
    assert cuda.event_elapsed_time(start, end) >= 0.0
    assert out.copy_to_host().sum() == 2 * (1 << 16)
    cuda.synchronize()


def test_devices():
    dev = cuda.get_current_device()
    assert dev.compute_capability >= (7, 0) and dev.MULTIPROCESSOR_COUNT > 0 and dev.MAX_THREADS_PER_BLOCK == 1024
    free, total = cuda.current_context().get_memory_info()
    assert 0 < free <= total
    assert len(cuda.gpus) >= 1 and cuda.select_device(0).id == 0


def test_random_states_match_numba_cuda():
    states = cuda.random.create_xoroshiro128p_states(64, seed=7)
    out = cuda.device_array(64)
    draws[1, 64](states, out)
    mine = out.copy_to_host()
    assert ((mine >= 0) & (mine < 1)).all()
    numba_cuda = pytest.importorskip("numba.cuda")
    from numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float64

    @numba_cuda.jit
    def ref_draws(states, out):
        i = numba_cuda.grid(1)
        if i < out.shape[0]:
            out[i] = xoroshiro128p_uniform_float64(states, i)

    ref = numba_cuda.device_array(64)
    ref_draws[1, 64](create_xoroshiro128p_states(64, seed=7), ref)
    assert np.array_equal(mine, ref.copy_to_host())


def test_cupy_and_torch_arrays_without_copies():
    a = np.arange(256, dtype=np.float32)
    cp = pytest.importorskip("cupy")
    x, y = cp.asarray(a), cp.zeros(256, dtype=cp.float32)
    doubled[1, 256](x, y)
    assert np.array_equal(cp.asnumpy(y), 2 * a)
    assert cuda.as_cuda_array(y).copy_to_host().tolist() == (2 * a).tolist()
    torch = pytest.importorskip("torch")
    t, u = torch.arange(256, dtype=torch.float32, device="cuda"), torch.zeros(256, device="cuda")
    doubled[1, 256](t, u)
    assert u.cpu().numpy().tolist() == (2 * a).tolist()


def test_errors_as_numba_cuda():
    d = cuda.to_device(np.zeros(4))
    with pytest.raises(Exception) as info:
        out_of_bounds[1, 1](d)
        cuda.synchronize()
    assert "IndexError" in type(info.value).__name__ + str(info.value)
    with pytest.raises(cuda.CudaAPIError, match="CUDA_ERROR_INVALID_VALUE"):
        doubled[1, 2048](d, d)  # more threads than a block has, as numba-cuda reports it


@pytest.mark.parametrize("script", ["add_kernel_five_steps.py", "add_arrays_device_fn.py",
                                    "vectorize_and_add_kernel.py"])
def test_tutorial_scripts_print_numba_cudas_checks(script):
    path = os.path.join(EXAMPLES, script)
    mine = subprocess.run([sys.executable, "-m", "jitc", path], capture_output=True, text=True, timeout=600)
    assert mine.returncode == 0, mine.stderr
    checks = [line for line in mine.stdout.splitlines() if line.startswith("CHECK")]
    assert checks
    ref = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=600)
    if ref.returncode == 0:
        assert checks == [line for line in ref.stdout.splitlines() if line.startswith("CHECK")]


def test_cuda_ufunc_on_device_arrays():
    import math
    from jitc import vectorize

    @vectorize(["float32(float32)"], target="cuda")
    def trig(x):
        return math.cos(x) ** 2 + math.sin(x) ** 2

    x = np.arange(4096, dtype=np.float32)
    d = cuda.to_device(x)
    r = trig(d)  # device in, device out, as numba-cuda's
    assert isinstance(r, cuda.DeviceNDArray) and r.shape == x.shape and r.dtype == np.float32
    assert np.allclose(r.copy_to_host(), 1.0, atol=1e-5)
    out = cuda.device_array_like(d)
    trig(d, out=out)
    assert np.allclose(out.copy_to_host(), 1.0, atol=1e-5)
    assert np.allclose(trig(x), 1.0, atol=1e-5)  # host in, host out


def test_dlpack_to_cupy_and_torch():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    d = cuda.to_device(a)
    assert d.__dlpack_device__() == (2, 0)
    cp = pytest.importorskip("cupy")
    assert cp.asnumpy(cp.from_dlpack(d)).tolist() == a.tolist()
    torch = pytest.importorskip("torch")
    assert torch.from_dlpack(d[1:]).cpu().numpy().tolist() == a[1:].tolist()


def test_cuda_reduce():
    @cuda.reduce
    def total(a, b):
        return a + b

    a = np.arange(1, 100001, dtype=np.float64)
    assert total(a) == a.sum()
    assert total(cuda.to_device(a), init=10.0) == a.sum() + 10.0
    assert total(a, size=100) == a[:100].sum()
    res = cuda.device_array(1)
    assert total(a, res=res) is None and res.copy_to_host()[0] == a.sum()


def test_pinned_and_mapped_host_memory():
    a = np.arange(4096, dtype=np.float32)
    p = cuda.pinned_array(a.shape, np.float32)
    p[:] = a
    s = cuda.stream()
    d = cuda.to_device(p, stream=s)  # page-locked: queued on the stream
    out = cuda.pinned_array_like(p)
    doubled[16, 256, s](d, d)
    d.copy_to_host(out, stream=s)
    s.synchronize()
    assert np.array_equal(out, 2 * a)
    m = cuda.mapped_array((64, 64), np.float64, order="F")  # kernels write the host memory itself
    m[:] = 0.0
    add_rows[(8, 8), (8, 8)](m)
    cuda.synchronize()
    assert np.array_equal(m, np.add.outer(np.arange(64) * 10, np.arange(64)).astype(float))
    assert type(m[:2]).__name__ == "MappedNDArray" and m[:2].__cuda_array_interface__["data"][0] != 0
    h = np.ones(1000, np.float32)
    with cuda.pinned(h):
        d2 = cuda.to_device(h, stream=s)
        s.synchronize()
    with cuda.mapped(h) as dh:
        doubled[4, 256](dh, dh)
        cuda.synchronize()
    assert np.array_equal(h, np.full(1000, 2.0, np.float32)) and np.array_equal(d2.copy_to_host(), np.ones(1000))
    with pytest.raises(cuda.CudaAPIError, match="cuMemHostRegister"):
        with cuda.pinned(p):  # memory already page-locked
            pass


def test_asynchronous_copies_keep_the_streams_order():
    n = 1 << 20
    s = cuda.stream()
    host = cuda.pinned_array(n, np.float32)
    host[:] = 1.0
    d, e = cuda.device_array(n, np.float32), cuda.device_array(n, np.float32)
    d.copy_to_device(host, stream=s)
    doubled[n // 256, 256, s](d, e)
    e.copy_to_device(e, stream=s)
    d.copy_to_device(e, stream=s)  # device to device, on the stream
    back = cuda.pinned_array(n, np.float32)
    d.copy_to_host(back, stream=s)
    s.synchronize()
    assert (back == 2.0).all()


class _DLPackOnly:
    """An array that offers DLPack and nothing else (no __cuda_array_interface__)."""

    def __init__(self, inner):
        self._inner = inner

    def __dlpack__(self, stream=None, **kwargs):
        return self._inner.__dlpack__(stream=stream, **kwargs) if stream is not None else self._inner.__dlpack__()

    def __dlpack_device__(self):
        return self._inner.__dlpack_device__()


def test_dlpack_only_arrays_as_kernel_arguments():
    torch = pytest.importorskip("torch")
    t = torch.arange(256, dtype=torch.float32, device="cuda")
    u = torch.zeros(256, dtype=torch.float32, device="cuda")
    doubled[1, 256](_DLPackOnly(t), _DLPackOnly(u))
    assert u.cpu().numpy().tolist() == (2 * np.arange(256, dtype=np.float32)).tolist()
    view = cuda.as_cuda_array(_DLPackOnly(u[::2]))
    assert view.shape == (128,) and view.strides == (8,)
    assert view.copy_to_host().tolist() == (4 * np.arange(128, dtype=np.float32)).tolist()
    host = np.arange(8, dtype=np.float32)
    from jitc import njit

    @njit
    def total(a):
        return a.sum()

    assert total(_DLPackOnly(host)) == host.sum()  # a host array by DLPack: NumPy's from_dlpack


def test_cuda_gufunc_on_device_arrays():
    from jitc import guvectorize

    @guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->(n)", target="cuda")
    def add_rows_gu(a, b, out):
        for i in range(a.shape[0]):
            out[i] = a[i] + b[i]

    a = np.arange(60.0).reshape(6, 10)
    da, db = cuda.to_device(a), cuda.to_device(a * 2)
    r = add_rows_gu(da, db)
    assert isinstance(r, cuda.DeviceNDArray) and np.array_equal(r.copy_to_host(), 3 * a)
    out = cuda.device_array_like(da)
    add_rows_gu(da, db, out=out, stream=cuda.stream())
    cuda.synchronize()
    assert np.array_equal(out.copy_to_host(), 3 * a)


def test_every_device_by_select_device_and_gpus():
    a = np.arange(512, dtype=np.float32)
    for dev in cuda.gpus:
        with dev:
            assert cuda.get_current_device().id == dev.id
            d = cuda.to_device(a)
            assert d.__dlpack_device__() == (2, dev.id)
            out = cuda.device_array_like(d)
            doubled[2, 256](d, out)
            assert np.array_equal(out.copy_to_host(), 2 * a)
    assert cuda.get_current_device().id == 0
    last = len(cuda.gpus) - 1
    assert cuda.select_device(last).id == last and cuda.get_current_device().id == last
    cuda.select_device(0)
    with pytest.raises(ValueError):
        cuda.select_device(len(cuda.gpus))


def test_memory_given_back_is_reused_after_the_work_on_it():
    a = np.arange(1 << 16, dtype=np.float32)
    results = []
    for i in range(40):  # the same sizes each time: the freed blocks come back while kernels run
        d, out = cuda.to_device(a + i), cuda.device_array(a.shape, np.float32)
        doubled[256, 256](d, out)
        results.append(out)
        del d
    assert all(np.array_equal(r.copy_to_host(), 2 * (a + i)) for i, r in enumerate(results))
    free, total = cuda.current_context().get_memory_info()  # the pool is emptied for the count
    assert 0 < free <= total
