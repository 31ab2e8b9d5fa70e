"""numba_oracle.py — Numba as the oracle of the differential tests (run_numba.py) and of
differential fuzzing (tests/fuzz/difffuzz.py), with its one undefined behaviour taken out.

Numba marks signed + - * `nsw` in its LLVM IR (numba/cpython/numbers.py, `_int_arith_flags`), so
an overflow is undefined there and LLVM may fold what follows as if none happened: `abs(x * x)`
becomes `x * x`, and `abs(int(np.uint32(-46)) ** 2) % 7` gives 0 where the wrapped int64 gives 2.
Without the flag Numba's code wraps, as NumPy and jitc do, and is otherwise the same code, so the
oracle is Numba with the flag off (docs/language.md, section 9).

The oracle also compiles at NUMBA_OPT=1 unless the environment says otherwise: what Numba
defines does not depend on LLVM's optimizations, and -O1 compiles in about two thirds of the time
of Numba's default -O3, which is most of what the differential tests spend. (-O0 would save more,
but Numba's code for sets crashes there.) A case whose result does depend on them (a shift by the
width or more, which -O3's vector code makes 0) says so with NUMBA-O3 and is compiled under
full_optimization(). run_numba.py compiles at -O0 where it can (optimization(level))."""
import contextlib
import os

os.environ.setdefault("NUMBA_OPT", "1")

import numba.cpython.numbers  # noqa: E402
from numba.core import config  # noqa: E402


def wrap_signed_overflow():
    """Makes Numba's signed integer arithmetic wrap on overflow (for what it compiles from now)."""
    numba.cpython.numbers._int_arith_flags = lambda rettype: []


@contextlib.contextmanager
def optimization(level):
    """Numba's optimization level `level` for what is compiled inside: the pass pipelines read
    config.OPT each time they are made."""
    saved = config.OPT
    config.OPT = config._OptLevel(level)
    try:
        yield
    finally:
        config.OPT = saved


def full_optimization():
    """Numba's default optimization level (-O3) for what is compiled inside."""
    return optimization(3)
