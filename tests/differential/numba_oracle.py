"""numba_oracle.py — Numba as the oracle of the differential tests (run_numba.py) and of
differential fuzzing (tests/fuzz/difffuzz.py), with its one undefined behaviour taken out.

Numba marks signed + - * `nsw` in its LLVM IR (numba/cpython/numbers.py, `_int_arith_flags`), so
an overflow is undefined there and LLVM may fold what follows as if none happened: `abs(x * x)`
becomes `x * x`, and `abs(int(np.uint32(-46)) ** 2) % 7` gives 0 where the wrapped int64 gives 2.
Without the flag Numba's code wraps, as NumPy and jitc do, and is otherwise the same code, so the
oracle is Numba with the flag off (docs/language.md, section 9)."""
import numba.cpython.numbers


def wrap_signed_overflow():
    """Makes Numba's signed integer arithmetic wrap on overflow (for what it compiles from now)."""
    numba.cpython.numbers._int_arith_flags = lambda rettype: []
