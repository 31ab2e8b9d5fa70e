"""jitc: Numba's API, compiled by jitc.

`import jitc` gives what `import numba` gives the code Numba's users write: the decorators
(njit, jit, vectorize, guvectorize, stencil), prange and the other names compiled code uses,
the type objects, typeof, typed containers, config and the exception classes. `python -m jitc
script.py` runs a script written for Numba with `numba` resolved to this package."""
import functools
import os as _os

from . import _jitc, _objmode, errors, typed, types
from .dispatcher import CompiledFromSource, Dispatcher, jit, njit
from .errors import NumbaError, TypingError
from .types import *  # noqa: F401,F403 - numba exports every type name
from .types import from_dtype  # noqa: F401 - numba.from_dtype, as numba exports it
from .ufunc import DUFunc, GUFunc, guvectorize, vectorize

__version__ = _jitc.version()


def _names_for_compiled_code():
    """Objects that mean something only inside compiled code: Python runs them as Numba's do."""

    def prange(*args):
        """numba.prange: range, whose loop compiled code with parallel=True runs on threads."""
        return range(*args)

    def literal_unroll(container):
        """numba.literal_unroll: the container itself, which compiled code unrolls a loop over."""
        return container

    class objmode:
        """numba.objmode: a block compiled code runs in the interpreter."""

        def __init__(self, *args, **kwargs):
            self.types = kwargs

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    return prange, literal_unroll, objmode


prange, literal_unroll, objmode = _names_for_compiled_code()


class JitableFunction(CompiledFromSource):
    """What numba.extending.register_jitable makes: the Python function, which Python calls as it
    is, and which compiled code that calls it compiles as an @njit function."""

    _kind = "njit"
    _sigs = ()

    def __init__(self, py_func, options):
        self.py_func, self.targetoptions = py_func, options
        functools.update_wrapper(self, py_func)

    def __call__(self, *args, **kwargs):
        return self.py_func(*args, **kwargs)


def register_jitable(*args, **options):
    """numba.extending.register_jitable: a Python function that compiled code compiles too."""
    if args and callable(args[0]) and not options:
        return JitableFunction(args[0], {})
    return lambda f: JitableFunction(f, options)


def _specials():
    """The objects of numba's API that compiled code reads by name, each with the import that
    gives it in the module jitc compiles: (object, module, name)."""
    from . import types as _types

    return [(prange, "numba", "prange"), (literal_unroll, "numba", "literal_unroll"), (objmode, "numba", "objmode"),
            (njit, "numba", "njit"), (jit, "numba", "jit"), (vectorize, "numba", "vectorize"),
            (guvectorize, "numba", "guvectorize"), (stencil, "numba", "stencil"), (typeof, "numba", "typeof"),
            (typed.List, "numba.typed", "List"), (typed.Dict, "numba.typed", "Dict"),
            (_types.from_dtype, "numba.np.numpy_support", "from_dtype"),
            (_types.as_dtype, "numba.np.numpy_support", "as_dtype")] + cuda._kernel_specials() + \
        cuda.random._kernel_specials()


def typeof(value, purpose=None):
    """numba.typeof: the type jitc compiles a value of as an argument (Numba's rules)."""
    from ._typeof import typeof as _typeof

    return _typeof(value)


def stencil(*args, **options):
    """numba.stencil: a stencil kernel, applied to arrays from compiled code and from Python."""
    from .dispatcher import _decorator

    return _decorator(StencilDispatcher, "stencil", STENCIL_OPTIONS, args, options)


STENCIL_OPTIONS = frozenset(["neighborhood", "standard_indexing", "cval", "func_or_mode", "mode"])


class StencilDispatcher(Dispatcher):
    _kind = "stencil"
    _no_effect = frozenset()  # every stencil option shapes its code


class _Config:
    """numba.config: the settings scripts read."""

    def __init__(self):
        cores = len(_os.sched_getaffinity(0)) if hasattr(_os, "sched_getaffinity") else (_os.cpu_count() or 1)
        self.NUMBA_NUM_THREADS = self.NUMBA_DEFAULT_NUM_THREADS = cores
        self.DISABLE_JIT = False
        self.ENABLE_CUDASIM = False
        self.DEBUG = False
        self.BOUNDSCHECK = None
        self.FASTMATH = False
        self.OPT = 3
        self.CACHE_DIR = ""
        self.THREADING_LAYER = "omp"


config = _Config()
_num_threads = [config.NUMBA_NUM_THREADS]


def set_num_threads(n):
    """numba.set_num_threads: the threads parallel code uses from now on (1 to NUMBA_NUM_THREADS)."""
    n = int(n)
    if not 1 <= n <= config.NUMBA_NUM_THREADS:
        raise ValueError("The number of threads must be between 1 and %d" % config.NUMBA_NUM_THREADS)
    _num_threads[0] = n
    _os.environ["JITC_NUM_THREADS"] = str(n)


def get_num_threads():
    """numba.get_num_threads."""
    return _num_threads[0]


def get_thread_id():
    """numba.get_thread_id: 0 in Python, the main thread of every parallel region."""
    return 0


_jitc.set_hooks(typing_error=errors.TypingError, unsupported_error=errors.UnsupportedError,
                internal_error=errors.InternalError, cuda_support_error=errors.CudaSupportError,
                raise_runtime=errors.raise_compiled, typed_list=typed.List, objmode_preparer=_objmode.prepare,
                performance_warning=errors.NumbaPerformanceWarning, cuda_api_error=errors.CudaAPIError)

from . import cuda  # noqa: E402 - numba.cuda, whose kernels are CompiledFromSource functions
