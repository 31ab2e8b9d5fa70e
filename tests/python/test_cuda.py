"""numba.cuda's host side from Python, on a machine without a GPU (make check's): kernels and
device functions decorate and compile to PTX, and what needs a GPU raises numba-cuda's
CudaSupportError with the reason; launch configurations and device functions refused as
numba-cuda refuses them; a GPU tutorial script under `python -m jitc` fails the same way.
tests/python/test_cuda_gpu.py runs the GPU side on a machine with one."""
import os
import subprocess
import sys

import numpy as np
import pytest

import jitc
from jitc import cuda

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples", "python")

pytestmark = pytest.mark.skipif(cuda.is_available(), reason="a GPU is here: test_cuda_gpu.py runs the GPU side")


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit
def doubled(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = twice(a[i])


def test_no_gpu_is_reported():
    assert not cuda.is_available()
    assert len(cuda.gpus) == 0
    with pytest.raises(cuda.CudaSupportError, match="CUDA"):
        cuda.get_current_device()
    assert jitc.errors.CudaSupportError is cuda.CudaSupportError


def test_detect_prints_no_device(capsys):
    assert cuda.detect() is False
    assert "Found 0 CUDA devices" in capsys.readouterr().out


def test_kernels_compile_to_ptx_without_a_gpu():
    ptx = doubled.inspect_asm("void(float32[::1], float32[::1])")
    assert ".entry" in ptx and "ld.global.f32" in ptx
    assert doubled.signatures == [(jitc.float32[::1], jitc.float32[::1])]


@pytest.mark.filterwarnings("ignore::jitc.errors.NumbaPerformanceWarning")
def test_what_needs_a_gpu_raises_cuda_support_error():
    a = np.arange(8, dtype=np.float32)
    for call in (lambda: cuda.to_device(a), lambda: cuda.device_array(8), lambda: doubled[1, 8](a, np.empty_like(a)),
                 lambda: doubled.forall(8)(a, a), cuda.synchronize, cuda.stream, cuda.event):
        with pytest.raises(cuda.CudaSupportError):
            call()


def test_launch_configuration_and_device_functions():
    with pytest.raises(ValueError, match="launch configuration was not specified"):
        doubled(np.zeros(3), np.zeros(3))
    with pytest.raises(ValueError, match="griddim and blockdim"):
        doubled[1]
    with pytest.raises(TypeError, match="called from kernels"):
        twice(1.0)
    with pytest.raises(TypeError, match="cannot be launched"):
        twice[1, 1]
    with pytest.raises(ValueError, match="negative task count"):
        doubled.forall(-1)
    with pytest.raises(RuntimeError, match="for kernels"):
        cuda.grid(1)


def test_a_gpu_script_fails_as_under_numba_cuda():
    script = os.path.join(EXAMPLES, "add_kernel_five_steps.py")
    r = subprocess.run([sys.executable, "-m", "jitc", script], capture_output=True, text=True)
    assert r.returncode != 0
    assert "CudaSupportError" in r.stderr


def test_cuda_reduce_compiles_and_needs_a_gpu():
    @cuda.reduce
    def total(a, b):
        return a + b

    with pytest.raises(cuda.CudaSupportError):
        total(np.arange(10.0))


def test_random_state_record_type_in_signatures():
    from jitc import from_dtype
    from jitc.cuda.random import xoroshiro128p_dtype, xoroshiro128p_normal_float32

    xoroshiro128p_type = from_dtype(xoroshiro128p_dtype)

    @cuda.jit((xoroshiro128p_type[::1], jitc.float32[::1]))
    def normals(states, out):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i] = xoroshiro128p_normal_float32(states, i)

    assert str(xoroshiro128p_type).startswith("Record(s0[type=uint64")
    assert ".entry" in normals.inspect_asm(normals.signatures[0])


@pytest.mark.parametrize("key", [1, (slice(None), slice(2, 5)), (slice(None, None, 2), slice(None, None, -3)),
                                 (Ellipsis, 0), (None, 2), (slice(1, 3), None, slice(None, None, 2))])
def test_device_array_views_have_numpys_layout(key):
    """A view's shape, strides and address are NumPy's for the same index (no GPU memory is read:
    the array stands over an address 4096, never dereferenced)."""
    host = np.zeros((4, 6))
    d = cuda.DeviceNDArray(host.shape, host.strides, host.dtype, 0, cuda._External(4096, None), 0)
    view, want = d[key], host[key]
    base = host.__array_interface__["data"][0]
    assert (view.shape, view.strides) == (want.shape, want.strides)
    assert view.__cuda_array_interface__["data"][0] == 4096 + want.__array_interface__["data"][0] - base
    assert d.T.strides == host.T.strides and d.reshape(24).shape == (24,)


def test_device_array_refuses_advanced_indices():
    d = cuda.DeviceNDArray((4,), None, np.float32, 0, cuda._External(4096, None), 0)
    with pytest.raises(TypeError, match="integers, slices"):
        d[np.array([0, 2])]


def test_device_array_exports_dlpack_without_a_gpu():
    """The capsule names the device memory and keeps the array alive until it is dropped."""
    import sys

    d = cuda.DeviceNDArray((3, 4), None, np.float32, 0, cuda._External(4096, None), 0)
    refs = sys.getrefcount(d)
    capsule = d.__dlpack__()
    assert type(capsule).__name__ == "PyCapsule" and "dltensor" in repr(capsule)
    assert sys.getrefcount(d) == refs + 1
    assert d.__dlpack_device__() == (2, 0)
    del capsule
    assert sys.getrefcount(d) == refs
    assert "dltensor" in repr(d[1:].__dlpack__())


def test_host_memory_and_devices_need_a_gpu():
    for call in (lambda: cuda.pinned_array(8), lambda: cuda.mapped_array(8), lambda: cuda.select_device(1),
                 lambda: cuda.select_device(0)):
        with pytest.raises(cuda.CudaSupportError):
            call()
    with pytest.raises(TypeError, match="cuda array interface"):
        cuda.as_cuda_array(np.zeros(2))


class _HostDLPack:
    def __init__(self, a):
        self._a = a

    def __dlpack__(self, **kwargs):
        return self._a.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._a.__dlpack_device__()


def test_a_host_array_offered_by_dlpack_alone():
    from jitc import njit

    @njit
    def total(a):
        return a.sum()

    a = np.arange(10.0)
    assert total(_HostDLPack(a)) == a.sum()
