#!/usr/bin/env python3
"""fuzz_package.py — libFuzzer, through Atheris, on jitc's Python package (make fuzz-package).

The package's half of the coverage-guided fuzzing (fuzz_compile.c is the C API's). Seven inputs
in eight are read as the choices of tests/fuzz/progen.c (through build/tests/libprogen.so), so
they are well-typed programs however libFuzzer mutates them: the program is imported with
`numba` resolved to jitc, as `python -m jitc` resolves it, and each of its functions is called
through the package's dispatcher with the arguments progen's programs take. The eighth input
(first byte % 8 == 7) is taken as source text and compiled by the package's module compiler
(`_jitc.Module`), never run by Python.

A compile error or an exception the program raises is an answer. A finding is jitc failing
inside — an `InternalError` (LLVM refused the code jitc made), a `SystemError` (the extension
broke CPython's rules), any other exception out of the package's own code, a message that says
"internal error" — or the process crashing or hanging; the harness raises, and Atheris saves the
input. The package's Python modules are instrumented for coverage; libjitc's C is not (its
coverage is fuzz_compile's).

    build/venv/bin/python tests/fuzz/fuzz_package.py -max_total_time=60 -timeout=30 CORPUS_DIR
"""
import ctypes
import importlib.util
import os
import sys
import tempfile

import atheris
import numpy as np

with atheris.instrument_imports():
    import jitc
    import jitc.errors
    from jitc import _jitc

HERE = os.path.dirname(os.path.abspath(__file__))
LIBPROGEN = os.environ.get("LIBPROGEN", os.path.join(HERE, "..", "..", "build", "tests", "libprogen.so"))
WORK = tempfile.mkdtemp(prefix="jitc-fuzz-package-")
ANSWERS = (jitc.errors.TypingError, jitc.errors.UnsupportedError, NotImplementedError)


class Progen:
    """progen_program() of tests/fuzz/progen.h through ctypes."""

    class Info(ctypes.Structure):
        _fields_ = [("nfuncs", ctypes.c_int)]

    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.progen_program.restype = ctypes.c_void_p
        self.lib.progen_program.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(self.Info)]
        self.libc = ctypes.CDLL(None)
        self.libc.free.argtypes = [ctypes.c_void_p]

    def program(self, choices):
        info = self.Info()
        p = self.lib.progen_program(choices, len(choices), ctypes.byref(info))
        if not p:
            return None, 0
        try:
            return ctypes.string_at(p).decode(), info.nfuncs
        finally:
            self.libc.free(p)


PROGEN = Progen(LIBPROGEN)
counter = [0]


def check_answer(e):
    """An exception is an answer unless it says jitc failed inside."""
    if isinstance(e, (jitc.errors.InternalError, SystemError)) or "internal error" in str(e).split("\n")[0]:
        raise RuntimeError("jitc failed inside: %s: %s" % (type(e).__name__, e)) from e


def run_program(text, nfuncs):
    counter[0] += 1
    path = os.path.join(WORK, "prog%d.py" % counter[0])
    with open(path, "w") as f:
        f.write(text.replace("from numba import", "from jitc import", 1))
    spec = importlib.util.spec_from_file_location("fuzzprog%d" % counter[0], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for k in range(nfuncs):
        a = np.array([0.5, -2.25, 3.0, 1e-3, -0.0])
        b = np.array([3, -7, 0, 12], dtype=np.int64)
        try:
            getattr(mod, "f%d" % k)(5, 1.5, a, b)
        except ANSWERS as e:
            check_answer(e)
        except Exception as e:  # noqa: BLE001 — the program's own exception is an answer
            if type(e).__module__ != "builtins" and not isinstance(e, jitc.errors.NumbaError):
                raise
            check_answer(e)
    os.remove(path)


def compile_text(data):
    try:
        _jitc.Module("fuzz.py", data.decode("utf-8", "replace"), None, 0)
    except (jitc.errors.NumbaError, ValueError, TypeError) as e:
        check_answer(e)


def test_one_input(data):
    if not data:
        return
    if data[0] % 8 == 7:  # not 0: libFuzzer favours zero bytes
        compile_text(data[1:])
        return
    text, nfuncs = PROGEN.program(data[1:])
    if text:
        run_program(text, nfuncs)


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
