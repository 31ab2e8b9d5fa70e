"""numba.cuda for jitc (`numba.cuda` under `python -m jitc`): kernels and device functions
compiled by jitc and launched through its driver, device arrays, streams, events and devices.

The GPU work is the extension's (python/src/cuda.c over include/jitc.h): a launch converts its
arguments in C (device arrays by their __cuda_array_interface__, host arrays copied in and back
by the driver) and calls jitc_launch. Without a CUDA driver or GPU, what needs one raises
CudaSupportError with the reason; decorating and compiling need none.
"""
import contextlib
import functools
import math
from collections import namedtuple

import numpy as np

from .. import _jitc, errors, types
from ..types import *  # noqa: F401,F403 - numba.cuda exports numba's type names too
from ..dispatcher import CompiledFromSource, _argument_types, check_options, signature_list, signature_text

CudaSupportError = errors.CudaSupportError
CudaAPIError, CudaDriverError = errors.CudaAPIError, errors.CudaDriverError
PTX = 3  # jitc_emit_kind's JITC_EMIT_PTX

# numba-cuda's @cuda.jit options; jitc's compiler reads each (docs/language.md, section 22)
JIT_OPTIONS = frozenset(["device", "inline", "forceinline", "fastmath", "debug", "lineinfo", "opt", "lto", "cache",
                         "max_registers", "launch_bounds", "link", "extensions", "boundscheck"])

MISSING_LAUNCH_CONFIG = ("\nKernel launch configuration was not specified. Use the syntax:\n\n"
                         "kernel_function[blockspergrid, threadsperblock](arg0, arg1, ..., argn)\n\n"
                         "See https://numba.readthedocs.io/en/stable/cuda/kernels.html#kernel-invocation for help.\n\n")


# ---- kernels ----

class CUDADispatcher(CompiledFromSource):
    """A @cuda.jit kernel (or device function): compiled by jitc for the arguments' types at its
    first launch; `kernel[grid, block, stream, shared_bytes](args)` and `kernel.forall(n)(args)`."""

    _kind = "cuda.jit"
    _no_effect = frozenset()

    def __init__(self, py_func, sigs=(), options=None):
        self.py_func = py_func
        self.targetoptions = dict(options or {})
        self._sigs = signature_list(sigs)
        self._target = None
        self._launchers = {}
        functools.update_wrapper(self, py_func)
        if self._sigs and not self.targetoptions.get("device"):
            self._compile_target()

    def __repr__(self):
        return "<CUDADispatcher %s>" % self.__name__

    def __getitem__(self, config):
        """kernel[grid, block] (or [grid, block, stream, shared_bytes]): the launcher, which launches
        when called; made once per configuration (a few are kept)."""
        device = _jitc.cuda_current_device()
        try:
            return self._launchers[config, device]
        except (KeyError, TypeError):
            pass
        if not isinstance(config, tuple) or not 2 <= len(config) <= 4:
            raise ValueError("must specify at least the griddim and blockdim")
        launcher = _jitc.Launcher(self._launch_target(), *config)
        if len(self._launchers) >= 64:
            self._launchers.clear()
        try:
            self._launchers[config, device] = launcher
        except TypeError:  # a configuration of lists
            pass
        return launcher

    def __call__(self, *args, **kwargs):
        if self.targetoptions.get("device"):
            raise TypeError("the device function %s is called from kernels, not from Python" % self.__name__)
        raise ValueError(MISSING_LAUNCH_CONFIG)

    def forall(self, ntasks, tpb=0, stream=0, sharedmem=0):
        """kernel.forall(n)(args): n threads, in blocks of tpb (0: the size of highest occupancy)."""
        return _ForAll(self, ntasks, tpb, stream, sharedmem)

    def _launch_target(self):
        if self.targetoptions.get("device"):
            raise TypeError("the device function %s cannot be launched: it is called from kernels" % self.__name__)
        return self._device_target(_jitc.cuda_current_device())

    def inspect_asm(self, signature=None):
        """The PTX of each specialization (or of one signature)."""
        self._compile_target()
        if signature is not None:
            return self._target.emit(signature_text(signature), PTX)
        return {s: self._target.emit(s, PTX) for s in self._target.specializations()}

    @property
    def signatures(self):
        """The argument types of each specialization compiled so far."""
        return [] if self._target is None else [_argument_types(s) for s in self._target.specializations()]


class _ForAll:
    __slots__ = ("target", "ntasks", "tpb", "stream", "shared")

    def __init__(self, dispatcher, ntasks, tpb, stream, sharedmem):
        if ntasks < 0:
            raise ValueError("Can't create ForAll with negative task count: %s" % ntasks)
        self.target = dispatcher._launch_target()
        self.ntasks, self.tpb, self.stream, self.shared = ntasks, tpb, stream, sharedmem

    def __call__(self, *args):
        self.target.forall(self.ntasks, self.tpb, self.stream, self.shared, args)


def jit(func_or_sig=None, device=False, **options):
    """numba.cuda.jit: a kernel, or with device=True a device function, compiled by jitc."""
    options = dict(options, **({"device": True} if device else {}))
    check_options("cuda.jit", options, JIT_OPTIONS)
    if callable(func_or_sig) and not isinstance(func_or_sig, CUDADispatcher):
        return CUDADispatcher(func_or_sig, (), options)
    sigs = func_or_sig
    return lambda func: CUDADispatcher(func, sigs, options)


class Reduce(CompiledFromSource):
    """numba.cuda.reduce: a binary function (associative and commutative) folded over a 1-D array
    on the GPU in one launch (jitc_reduce); `f(array, size=None, res=None, init=0, stream=0)`."""

    _kind = "cuda.reduce"
    _no_effect = frozenset()

    def __init__(self, py_func):
        self.py_func = py_func
        self.targetoptions = {}
        self._sigs = ()
        self._target = None
        functools.update_wrapper(self, py_func)

    def _decorator_text(self):
        return "@_jitc_nb.cuda.reduce"

    def __call__(self, arr, size=None, res=None, init=0, stream=0):
        target = self._device_target(_jitc.cuda_current_device())
        if size is not None:
            arr = arr[:size]
        value = target.reduce(arr, init)
        if res is not None:
            res[0] = value
            return None
        return value


reduce = Reduce


# ---- device arrays ----

def _c_strides(shape, itemsize):
    strides, step = [], itemsize
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)
    return tuple(reversed(strides))


def _f_strides(shape, itemsize):
    return tuple(reversed(_c_strides(tuple(reversed(shape)), itemsize)))


def _extent(shape, strides, itemsize):
    """(first, end) byte offsets of the elements a layout reaches from its start."""
    if any(n == 0 for n in shape):
        return 0, 0
    lo = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
    hi = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
    return lo, hi + itemsize


class _External:
    """Device memory another library owns (as_cuda_array): its address, its owner kept alive; on
    the selected device, as numba-cuda takes it."""

    def __init__(self, ptr, owner):
        self.ptr, self.owner = ptr, owner
        self.device = _jitc.cuda_current_device()


class DeviceNDArray:
    """An array in GPU memory, as numba-cuda's: shape, strides, dtype, copies to and from the host,
    views by slicing, and __cuda_array_interface__ (version 3) for other libraries and kernels."""

    def __init__(self, shape, strides, dtype, stream=0, gpu_data=None, offset=0):
        self.shape = tuple(int(n) for n in (shape if isinstance(shape, (tuple, list)) else (shape,)))
        self.dtype = np.dtype(dtype)
        self.strides = tuple(strides) if strides is not None else _c_strides(self.shape, self.dtype.itemsize)
        self.ndim = len(self.shape)
        self.size = math.prod(self.shape)
        self.stream = stream
        lo, hi = _extent(self.shape, self.strides, self.dtype.itemsize)
        self.gpu_data = gpu_data if gpu_data is not None else _jitc.DeviceBuffer(hi - lo)
        self._offset = offset if gpu_data is not None else -lo
        contiguous = self.strides == _c_strides(self.shape, self.dtype.itemsize)
        self.__cuda_array_interface__ = {
            "shape": self.shape, "strides": None if contiguous else self.strides, "typestr": self.dtype.str,
            "data": (self.gpu_data.ptr + self._offset, False), "version": 3, "stream": None,
        }

    @property
    def nbytes(self):
        return self.size * self.dtype.itemsize

    @property
    def device_ctypes_pointer(self):
        import ctypes

        return ctypes.c_void_p(self.gpu_data.ptr + self._offset)

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __repr__(self):
        return "<jitc.cuda.DeviceNDArray shape=%s dtype=%s>" % (self.shape, self.dtype)

    def is_c_contiguous(self):
        return self.strides == _c_strides(self.shape, self.dtype.itemsize)

    def is_f_contiguous(self):
        return self.strides == _f_strides(self.shape, self.dtype.itemsize)

    def _span(self):
        """(start offset in gpu_data, byte count, the view's offset inside that span)."""
        lo, hi = _extent(self.shape, self.strides, self.dtype.itemsize)
        return self._offset + lo, hi - lo, -lo

    def copy_to_host(self, ary=None, stream=0):
        """The array's values in host memory (into ary when given), as numba-cuda's copy_to_host;
        with a stream, queued on it (wait for the stream before reading ary when it is
        page-locked: the copy may still be running)."""
        start, nbytes, inner = self._span()
        if ary is None:
            ary = np.empty(self.shape, self.dtype)
        elif ary.shape != self.shape and ary.size != self.size:
            raise ValueError("incompatible shape; device %s, host %s" % (self.shape, ary.shape))
        if self.is_c_contiguous() and ary.flags.c_contiguous and ary.dtype == self.dtype:
            if nbytes:
                _jitc.cuda_copy_dtoh(ary.reshape(-1).view(np.uint8), self.gpu_data.ptr + start, stream)
            return ary
        raw = np.empty(nbytes, np.uint8)
        if nbytes:
            _jitc.cuda_copy_dtoh(raw, self.gpu_data.ptr + start)
        view = np.lib.stride_tricks.as_strided(raw[inner:].view(self.dtype) if nbytes else raw.view(self.dtype),
                                               self.shape, self.strides)
        ary[...] = view.reshape(ary.shape) if ary.shape != self.shape else view
        return ary

    def copy_to_device(self, ary, stream=0):
        """ary's values (a host array or another device array) into this array; with a stream,
        queued on it."""
        if is_cuda_array(ary):
            src = as_cuda_array(ary)
            if src.is_c_contiguous() and self.is_c_contiguous() and src.nbytes == self.nbytes:
                if self.nbytes:
                    _jitc.cuda_copy_dtod(self.gpu_data.ptr + self._offset, src.gpu_data.ptr + src._offset, self.nbytes,
                                         stream)
                return
            ary = src.copy_to_host()
        host = np.asarray(ary, dtype=self.dtype)
        if host.shape != self.shape:
            host = np.broadcast_to(host, self.shape) if host.size != self.size else host.reshape(self.shape)
        if self.is_c_contiguous():
            if self.nbytes:
                _jitc.cuda_copy_htod(self.gpu_data.ptr + self._offset, np.ascontiguousarray(host).reshape(-1).view(np.uint8),
                                     stream)
            return
        start, nbytes, inner = self._span()
        raw = np.empty(nbytes, np.uint8)
        _jitc.cuda_copy_dtoh(raw, self.gpu_data.ptr + start)  # the gaps between the elements stay as they are
        np.lib.stride_tricks.as_strided(raw[inner:].view(self.dtype), self.shape, self.strides)[...] = host
        _jitc.cuda_copy_htod(self.gpu_data.ptr + start, raw)

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over the array's device memory (the array kept alive until it is used)."""
        return _jitc.cuda_dlpack(self, self.gpu_data.ptr + self._offset, self.shape, self.strides, self.dtype.str)

    def __dlpack_device__(self):
        return (2, self.gpu_data.device)  # kDLCUDA

    def __array__(self, dtype=None, copy=None):
        host = self.copy_to_host()
        return host if dtype is None else host.astype(dtype)

    # views: the layout NumPy computes for the same index over a stand-in of the same layout
    def _layout_of(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        for k in keys:
            if not (k is None or k is Ellipsis or isinstance(k, (slice, int, np.integer))):
                raise TypeError("device arrays take integers, slices, None and ... as indices, not %s"
                                % type(k).__name__)
        stand_in = np.lib.stride_tricks.as_strided(np.zeros(1, self.dtype), self.shape, self.strides)
        base = stand_in.__array_interface__["data"][0]
        view = stand_in[keys + (Ellipsis,) if Ellipsis not in keys else keys]  # a view, never a read
        scalar = all(isinstance(k, (int, np.integer)) for k in keys) and len(keys) == self.ndim
        return view.shape, view.strides, view.__array_interface__["data"][0] - base, scalar

    def __getitem__(self, key):
        shape, strides, offset, scalar = self._layout_of(key)
        view = DeviceNDArray(shape, strides, self.dtype, self.stream, self.gpu_data, self._offset + offset)
        return view.copy_to_host()[()] if scalar else view

    def __setitem__(self, key, value):
        shape, strides, offset, _ = self._layout_of(key)
        DeviceNDArray(shape, strides, self.dtype, self.stream, self.gpu_data, self._offset + offset).copy_to_device(
            np.broadcast_to(np.asarray(value, self.dtype), shape))

    def reshape(self, *newshape, order="C"):
        if len(newshape) == 1 and isinstance(newshape[0], (tuple, list)):
            newshape = tuple(newshape[0])
        if -1 in newshape:
            known = math.prod(n for n in newshape if n != -1)
            newshape = tuple(self.size // known if n == -1 else n for n in newshape)
        if math.prod(newshape) != self.size:
            raise ValueError("total size of new array must be unchanged")
        if not self.is_c_contiguous():
            raise NotImplementedError("reshape of a device array that is not C-contiguous")
        return DeviceNDArray(newshape, None, self.dtype, self.stream, self.gpu_data, self._offset)

    def ravel(self, order="C"):
        return self.reshape(self.size)

    @property
    def T(self):
        return DeviceNDArray(tuple(reversed(self.shape)), tuple(reversed(self.strides)), self.dtype, self.stream,
                             self.gpu_data, self._offset)

    def transpose(self, axes=None):
        if axes is None:
            return self.T
        return DeviceNDArray(tuple(self.shape[a] for a in axes), tuple(self.strides[a] for a in axes), self.dtype,
                             self.stream, self.gpu_data, self._offset)


def _host_layout(ary):
    """The strides a device copy of ary keeps: its own where it is C or Fortran contiguous."""
    if ary.flags.c_contiguous or ary.flags.f_contiguous:
        return ary, ary.strides
    ary = np.ascontiguousarray(ary)
    return ary, ary.strides


def to_device(obj, stream=0, copy=True, to=None):
    """numba.cuda.to_device: a device array holding obj's values (or obj copied into `to`)."""
    if to is not None:
        to.copy_to_device(obj, stream)
        return to
    if isinstance(obj, DeviceNDArray):
        return obj
    ary, strides = _host_layout(np.asarray(obj))
    dev = DeviceNDArray(ary.shape, strides, ary.dtype, stream)
    if copy and ary.nbytes:
        _jitc.cuda_copy_htod(dev.gpu_data.ptr + dev._offset, ary.reshape(-1, order="A").view(np.uint8), stream)
    return dev


def device_array(shape, dtype=np.float64, strides=None, order="C", stream=0):
    """numba.cuda.device_array: an uninitialized device array."""
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    dtype = np.dtype(dtype)
    if strides is None and order == "F":
        strides = _f_strides(shape, dtype.itemsize)
    return DeviceNDArray(shape, strides, dtype, stream)


def device_array_like(ary, stream=0):
    """numba.cuda.device_array_like: a device array of ary's shape and dtype, in Fortran order
    where ary is (and is not also C-contiguous), else in C order."""
    fortran = ary.strides == _f_strides(ary.shape, ary.dtype.itemsize) != _c_strides(ary.shape, ary.dtype.itemsize)
    return device_array(ary.shape, ary.dtype, order="F" if fortran else "C", stream=stream)


# ---- page-locked and mapped host memory ----

HOST_MAPPED, HOST_PORTABLE, HOST_WRITE_COMBINED = 1, 2, 4  # jitc.h's JITC_HOST_*


def _host_array(cls, shape, dtype, strides, order, flags):
    """An array of cls over new page-locked host memory (jitc_host_alloc with flags)."""
    shape = tuple(shape) if isinstance(shape, (tuple, list)) else (shape,)
    dtype = np.dtype(dtype)
    if strides is None:
        strides = (_f_strides if order == "F" else _c_strides)(shape, dtype.itemsize)
    lo, hi = _extent(shape, strides, dtype.itemsize)
    buffer = _jitc.HostBuffer(hi - lo, flags)
    return np.ndarray.__new__(cls, shape, dtype, buffer, -lo, strides)


def pinned_array(shape, dtype=np.float64, strides=None, order="C"):
    """numba.cuda.pinned_array: a host array in page-locked memory, which copies to and from the
    device reach at full speed and asynchronously on a stream."""
    return _host_array(np.ndarray, shape, dtype, strides, order, 0)


def _order_of(ary):
    return "F" if ary.flags.f_contiguous and not ary.flags.c_contiguous else "C"


def pinned_array_like(ary):
    return pinned_array(ary.shape, ary.dtype, order=_order_of(ary))


class MappedNDArray(np.ndarray):
    """A host array in page-locked memory mapped into the device's address space
    (numba.cuda.mapped_array): NumPy reads it on the host, and kernels given it read and write
    the same memory through its device address (its __cuda_array_interface__), without copies."""

    def __array_finalize__(self, parent):
        # (host address, device address) of the mapping, which views inherit
        self._mapping = getattr(parent, "_mapping", None)

    @property
    def __cuda_array_interface__(self):
        if self._mapping is None:
            raise AttributeError("this array is not in mapped memory")
        host, device = self._mapping
        return {"shape": self.shape, "strides": None if self.flags.c_contiguous else self.strides,
                "typestr": self.dtype.str, "data": (device + self.ctypes.data - host, False), "version": 3,
                "stream": None}

    def copy_to_host(self, ary=None, stream=0):
        """The values, as a device array's copy_to_host gives them (the memory is the host's)."""
        if ary is None:
            return np.array(self, copy=True).view(np.ndarray)
        ary[...] = self
        return ary


def mapped_array(shape, dtype=np.float64, strides=None, order="C", stream=0, portable=False, wc=False):
    """numba.cuda.mapped_array: an array in page-locked host memory that kernels use in place."""
    flags = HOST_MAPPED | (HOST_PORTABLE if portable else 0) | (HOST_WRITE_COMBINED if wc else 0)
    ary = _host_array(MappedNDArray, shape, dtype, strides, order, flags)
    ary._mapping = (ary.base.ptr, ary.base.device_ptr)
    return ary


def mapped_array_like(ary, stream=0, portable=False, wc=False):
    return mapped_array(ary.shape, ary.dtype, order=_order_of(ary), stream=stream, portable=portable, wc=wc)


@contextlib.contextmanager
def pinned(*arylist):
    """numba.cuda.pinned: the arrays' memory page-locked while the block runs."""
    locked = []
    try:
        for ary in arylist:
            _jitc.cuda_host_register(ary, 0)
            locked.append(ary)
        yield
    finally:
        for ary in locked:
            _jitc.cuda_host_unregister(ary)


@contextlib.contextmanager
def mapped(*arylist, **kws):
    """numba.cuda.mapped: the arrays' memory page-locked and mapped while the block runs; yields
    device arrays over it (one for one array, else a list)."""
    views, locked = [], []
    try:
        for ary in arylist:
            device_ptr = _jitc.cuda_host_register(ary, HOST_MAPPED)  # of its first element: it is contiguous
            locked.append(ary)
            views.append(DeviceNDArray(ary.shape, ary.strides, ary.dtype, 0, _External(device_ptr, ary), 0))
        yield views[0] if len(views) == 1 else views
    finally:
        for ary in locked:
            _jitc.cuda_host_unregister(ary)


def is_cuda_array(obj):
    """Whether obj is an array in GPU memory (it has __cuda_array_interface__)."""
    return hasattr(obj, "__cuda_array_interface__")


def _is_cuda_dlpack(obj):
    """Whether obj exports an array in CUDA device memory by DLPack alone."""
    try:
        return hasattr(obj, "__dlpack__") and obj.__dlpack_device__()[0] == 2  # kDLCUDA
    except (AttributeError, TypeError):
        return False


def as_cuda_array(obj, sync=True):
    """numba.cuda.as_cuda_array: a device array over the GPU memory of obj (CuPy's, PyTorch's, ...,
    by its __cuda_array_interface__, or by __dlpack__ where it offers only that), without a copy;
    obj (or its DLPack capsule) is kept alive."""
    if isinstance(obj, DeviceNDArray):
        return obj
    if not is_cuda_array(obj) and _is_cuda_dlpack(obj):
        capsule, ptr, shape, strides, typestr, device = _jitc.cuda_from_dlpack(obj)
        return DeviceNDArray(shape, strides, typestr, 0, _External(ptr, (obj, capsule)), 0)
    if not is_cuda_array(obj):
        raise TypeError("*obj* doesn't implement the cuda array interface.")
    cai = obj.__cuda_array_interface__
    dtype = np.dtype(cai["typestr"])
    shape = tuple(cai["shape"])
    strides = cai.get("strides") or _c_strides(shape, dtype.itemsize)
    return DeviceNDArray(shape, strides, dtype, 0, _External(cai["data"][0], obj), 0)


# ---- synchronization, streams, events ----

def synchronize():
    """Waits for all the GPU work of the context (a kernel's fault raises here)."""
    _jitc.cuda_synchronize()


class Stream:
    """A CUDA stream (0: the default stream)."""

    def __init__(self, handle=None):
        self.handle = handle if handle is not None else _jitc.cuda_stream()
        self._owned = handle is None

    def synchronize(self):
        if self.handle:
            _jitc.cuda_stream_synchronize(self.handle)
        else:
            synchronize()

    @contextlib.contextmanager
    def auto_synchronize(self):
        yield self
        self.synchronize()

    def __int__(self):
        return self.handle or 0

    def __repr__(self):
        return "<CUDA stream %#x>" % (self.handle or 0)

    def __del__(self):
        if getattr(self, "_owned", False) and self.handle:
            try:
                _jitc.cuda_stream_destroy(self.handle)
            except Exception:  # noqa: BLE001 - the process is ending
                pass


def stream():
    """numba.cuda.stream: a new stream."""
    return Stream()


def default_stream():
    return Stream(0)


legacy_default_stream = per_thread_default_stream = default_stream


class Event:
    """A CUDA event, for timing GPU work (numba.cuda.event)."""

    def __init__(self, timing=True):
        self.handle = _jitc.cuda_event()

    def record(self, stream=0):
        _jitc.cuda_event_record(self.handle, stream)

    def synchronize(self):
        _jitc.cuda_event_synchronize(self.handle)

    def wait(self, stream=0):
        self.synchronize()

    def elapsed_time(self, evtend):
        return event_elapsed_time(self, evtend)

    def __del__(self):
        if getattr(self, "handle", None):
            try:
                _jitc.cuda_event_destroy(self.handle)
            except Exception:  # noqa: BLE001 - the process is ending
                pass


def event(timing=True):
    return Event(timing)


def event_elapsed_time(evtstart, evtend):
    """Milliseconds of GPU time between two recorded events."""
    return _jitc.cuda_event_elapsed(evtstart.handle, evtend.handle)


# ---- devices ----

MemoryInfo = namedtuple("MemoryInfo", ["free", "total"])


class Device:
    """A CUDA device: its name, compute capability and the attributes scripts read."""

    def __init__(self, ordinal):
        name, major, minor, sms, memory = _jitc.cuda_device_info(ordinal)
        self.id = ordinal
        self.name = name.encode()
        self.compute_capability = (major, minor)
        self.MULTIPROCESSOR_COUNT = sms
        self.total_memory = memory
        self.WARP_SIZE = 32
        self.MAX_THREADS_PER_BLOCK = 1024
        self.MAX_BLOCK_DIM_X = self.MAX_BLOCK_DIM_Y = 1024
        self.MAX_BLOCK_DIM_Z = 64
        self.MAX_GRID_DIM_X = 2**31 - 1
        self.MAX_GRID_DIM_Y = self.MAX_GRID_DIM_Z = 65535
        self.MAX_SHARED_MEMORY_PER_BLOCK = 49152
        self.MAX_REGISTERS_PER_BLOCK = 65536

    def __repr__(self):
        return "<CUDA device %d '%s'>" % (self.id, self.name.decode())

    def __enter__(self):
        """`with cuda.gpus[i]:` works on device i inside the block, and on the device before after."""
        self._outer = _jitc.cuda_current_device()
        _jitc.cuda_select_device(self.id)
        return self

    def __exit__(self, *exc):
        _jitc.cuda_select_device(self._outer)
        return False

    def reset(self):
        synchronize()


class _Context:
    def __init__(self, device):
        self.device = device

    def get_memory_info(self):
        return MemoryInfo(*_jitc.cuda_memory_info())

    def synchronize(self):
        synchronize()

    def reset(self):
        synchronize()


class _DeviceList:
    """numba.cuda.gpus: the machine's devices."""

    def __len__(self):
        return _jitc.cuda_devices()[0]

    def __getitem__(self, i):
        if not 0 <= i < len(self):
            raise IndexError("device %d: the machine has %d CUDA devices" % (i, len(self)))
        return Device(i)

    def __iter__(self):
        return (Device(i) for i in range(len(self)))

    def __repr__(self):
        return "<Managed Devices: %s>" % ", ".join("%d" % i for i in range(len(self)))

    @property
    def current(self):
        return get_current_device()


gpus = _DeviceList()


def _require_device():
    count, why = _jitc.cuda_devices()
    if count == 0:
        raise CudaSupportError(why or "no CUDA device")


def get_current_device():
    """The device the calling thread works on (select_device; 0 until then)."""
    _require_device()
    return Device(_jitc.cuda_current_device())


def current_context():
    return _Context(get_current_device())


def select_device(device_id):
    """Selects the device the calling thread's allocations, copies and launches go to (kernels
    are compiled for it on their first launch there)."""
    _require_device()
    _jitc.cuda_select_device(device_id)
    return Device(device_id)


def close():
    synchronize()


def is_available():
    """Whether a CUDA driver and a device are there."""
    return _jitc.cuda_devices()[0] > 0


def detect():
    """Prints the devices found and returns whether there is one (numba.cuda.detect)."""
    count, why = _jitc.cuda_devices()
    print("Found %d CUDA devices" % count)
    for d in gpus:
        print("id %d %40s %30s" % (d.id, d.name.decode(), "[SUPPORTED]"))
        print("%40s: %s" % ("Compute Capability", "%d.%d" % d.compute_capability))
    if not count:
        print(why)
    return count > 0


# ---- names that mean something only in kernels ----

class _KernelOnly:
    """cuda.grid, cuda.shared, cuda.atomic, ...: what kernels read; Python cannot call them."""

    def __init__(self, name):
        self._name = name

    def __call__(self, *args, **kwargs):
        raise RuntimeError("numba.cuda.%s is for kernels: call it in @cuda.jit code" % self._name)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _KernelOnly("%s.%s" % (self._name, name))

    def __repr__(self):
        return "<numba.cuda.%s: used in kernels>" % self._name


KERNEL_NAMES = (
    "grid", "gridsize", "threadIdx", "blockIdx", "blockDim", "gridDim", "laneid", "warpsize", "syncthreads",
    "syncthreads_count", "syncthreads_and", "syncthreads_or", "syncwarp", "threadfence", "threadfence_block",
    "threadfence_system", "shared", "local", "const", "atomic", "fp16", "libdevice", "cg", "selp", "popc", "brev",
    "clz", "ffs", "fma", "cbrt", "all_sync", "any_sync", "eq_sync", "ballot_sync", "shfl_sync", "shfl_up_sync",
    "shfl_down_sync", "shfl_xor_sync", "match_any_sync", "match_all_sync", "activemask", "lanemask_lt",
    "nanosleep", "hadd", "hsub", "hmul", "hdiv", "hneg", "habs", "hfma", "float16",
)
globals().update({n: _KernelOnly(n) for n in KERNEL_NAMES})


def _kernel_specials():
    """(object, module, name) of each kernel-only name, for the module jitc compiles."""
    return [(globals()[n], "numba.cuda", n) for n in KERNEL_NAMES]


from . import random  # noqa: E402 - numba.cuda.random, which uses the names above
