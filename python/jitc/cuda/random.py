"""numba.cuda.random for jitc: the states of its xoroshiro128+ generators, made on the GPU bit for
bit as numba-cuda makes them (jitc_xoroshiro128p_states), and the draws kernels call by name.

A state array is jitc's form of numba-cuda's array of xoroshiro128p_dtype records: an (n, 2)
uint64 device array, row i holding state i's two words; kernels take it as numba-cuda's."""
import numpy as np

from .. import _jitc
from ..types import xoroshiro128p_type
from . import DeviceNDArray, _KernelOnly

DRAWS = ("xoroshiro128p_uniform_float32", "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32",
         "xoroshiro128p_normal_float64", "init_xoroshiro128p_states", "xoroshiro128p_next",
         "xoroshiro128p_jump")
globals().update({n: _KernelOnly("random." + n) for n in DRAWS})
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """n generator states on the device, state i the seed's advanced (subsequence_start + i) * 2**64
    steps, as numba-cuda's create_xoroshiro128p_states."""
    states = DeviceNDArray((n, 2), None, np.uint64, stream)
    if n:
        _jitc.cuda_xoroshiro128p_states(states.gpu_data.ptr, n, seed & (2**64 - 1), subsequence_start)
    return states


def _kernel_specials():
    return [(globals()[n], "numba.cuda.random", n) for n in DRAWS]
