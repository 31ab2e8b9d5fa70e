"""Numba's exception and warning classes (numba.core.errors), which scripts catch by name, and
the hook that raises an exception of compiled code in Python with its source line in the
traceback."""
import ast
import builtins


class NumbaWarning(Warning):
    pass


class NumbaPerformanceWarning(NumbaWarning):
    pass


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    pass


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    pass


class NumbaExperimentalFeatureWarning(NumbaWarning):
    pass


class NumbaError(Exception):
    pass


class CompilerError(NumbaError):
    pass


class TypingError(NumbaError):
    """A function did not compile: the message holds jitc's located diagnostics."""


class UnsupportedError(NumbaError):
    """The function uses what jitc does not compile."""


class NumbaNotImplementedError(NumbaError):
    pass


class LoweringError(NumbaError):
    pass


class InternalError(NumbaError):
    """LLVM refused the code jitc made: a jitc bug."""


class NumbaValueError(TypingError, ValueError):
    pass


class NumbaTypeError(TypingError, TypeError):
    pass


class NumbaIndexError(TypingError, IndexError):
    pass


class CudaDriverError(Exception):
    """An error the CUDA driver reported (numba.cuda.cudadrv.driver.CudaDriverError)."""


class CudaAPIError(CudaDriverError):
    """A driver call failed, with its code (numba.cuda.cudadrv.driver.CudaAPIError)."""

    def __init__(self, code, msg):
        self.code, self.msg = code, msg
        super().__init__(code, msg)

    def __str__(self):
        return "[%s] %s" % (self.code, self.msg)


class CudaSupportError(RuntimeError):
    """No CUDA driver or no GPU (numba.cuda.cudadrv.error.CudaSupportError)."""


class UnsupportedRewriteError(UnsupportedError):
    pass


# Exception classes the user's module defines, by the name compiled code raises them under
# (jitc/source.py fills it when a function reads one).
USER_EXCEPTIONS = {}


def _exception_args(cls, message):
    """The args of the exception whose str() is message, as far as str() keeps them: several
    args print as their tuple, a KeyError's one arg as its repr, any other one arg as str()."""
    if message == "":
        return ()
    try:
        value = ast.literal_eval(message)
    except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
        return (message,)
    if isinstance(value, tuple) and message.startswith("(") and len(value) != 1:
        return value
    if issubclass(cls, KeyError):
        return (value,)
    return (message,)


def raise_compiled(type_name, message, where, function):
    """The exception compiled code raised, as (exception, traceback): its class (a builtin one by
    name, else Exception), its args, and a traceback of one frame at where ("file:line:col")
    named for the function, which the caller raises."""
    cls = USER_EXCEPTIONS.get(type_name) or getattr(builtins, type_name, None)
    if not (isinstance(cls, type) and issubclass(cls, BaseException)):
        cls = Exception
    exc = cls(*_exception_args(cls, message))
    filename, line = _location(where)
    if not filename or line < 1:
        return exc, None
    code = compile("\n" * (line - 1) + "raise __jitc_exception__", filename, "exec")
    code = code.replace(co_name=function)
    try:
        exec(code, {"__jitc_exception__": exc})
    except BaseException as raised:
        tb = raised.__traceback__.tb_next  # the frame of the compiled code's line alone
        return raised, tb
    return exc, None


def _location(where):
    parts = where.rsplit(":", 2)
    if len(parts) != 3:
        return None, 0
    try:
        return parts[0], int(parts[1])
    except ValueError:
        return None, 0
