"""Fixtures of the Python package's tests: a kernel file of kernels/ imported twice, once under
Numba (the oracle) and once with `numba` resolved to jitc, so one source runs under both."""
import importlib.util
import os
import sys

import numpy as np
import pytest

if not hasattr(np, "row_stack"):  # Numba still names np.row_stack, which NumPy 2.5 removed
    np.row_stack = np.vstack

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "kernels")


def _numba_module(name):
    spec = importlib.util.spec_from_file_location("numba_" + name, os.path.join(KERNELS, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # Numba finds a recursive function's module there
    spec.loader.exec_module(module)
    return module


class Pair:
    """A kernel file under both compilers: pair.numba.f, pair.jitc.f."""

    def __init__(self, name):
        from jitc._numba import import_with_jitc

        self.jitc = import_with_jitc(os.path.join(KERNELS, name + ".py"), "jitc_" + name)
        self.numba = _numba_module(name) if _has_numba() else None

    def both(self, fname, *args):
        """(Numba's result, jitc's result) of fname called with copies of args."""
        if self.numba is None:
            pytest.skip("Numba is not installed: no oracle")
        return (getattr(self.numba, fname)(*_copies(args)), getattr(self.jitc, fname)(*_copies(args)))


def _copies(args):
    return tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args)


def _has_numba():
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


_PAIRS = {}


@pytest.fixture
def kernels():
    """kernels("basics") is the Pair of kernels/basics.py."""

    def get(name):
        if name not in _PAIRS:
            _PAIRS[name] = Pair(name)
        return _PAIRS[name]

    return get


def same(expected, got):
    """Numba's value and jitc's are the same: type, dtype, shape and values (NaN equal to NaN)."""
    if isinstance(expected, tuple):
        return isinstance(got, tuple) and len(got) == len(expected) and all(map(same, expected, got))
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(map(same, expected, got))
    if isinstance(expected, np.ndarray):
        return (isinstance(got, np.ndarray) and got.dtype == expected.dtype and got.shape == expected.shape
                and np.array_equal(got, expected, equal_nan=expected.dtype.kind in "fc"))
    if isinstance(expected, float) and isinstance(got, float) and np.isnan(expected):
        return np.isnan(got)
    return type(got) is type(expected) and got == expected


