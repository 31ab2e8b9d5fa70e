/* progen.h — random well-typed krn programs, made from a string of choices.
 *
 * The structure-aware half of jitc's fuzzing: a byte string is read as the choices of a small
 * grammar of Numba code (scalar and array arithmetic over mixed integer widths and float32, the
 * math functions, rounding, chained and mixed comparisons, if/elif/else, for over ranges and
 * arrays, while, break and continue, calls between the functions, prange reductions; whole-array
 * expressions with NumPy's ufuncs, where, sort, cumsum, reductions and statistics, slice stores;
 * a typed list of ints or floats and its methods; closures (lambdas and inner defs); tuples built,
 * indexed and unpacked; module-level constants; a string compared, measured and tested for
 * membership; try/except/else/finally, raise and assert), so whatever bytes libFuzzer mutates,
 * the result is a program with valid indentation that Numba types and whose results are
 * deterministic: no division by zero outside a try (where it raises ZeroDivisionError, caught),
 * every index taken modulo the length, loops bounded, no int() of a float, no call inside a loop
 * (the work of a program stays small), a prange body that only reads scalars, a list never
 * emptied, closures that capture only the parameters. When the bytes run out every choice is 0,
 * the shortest form.
 *
 * Every function is `def fK(n, x, a, b)` with n an int64, x a float64, a a float64[::1] and b an
 * int64[::1] (PROGEN_SIGNATURE), returning an int64 or a float64; the functions may write a and
 * b. tests/fuzz/fuzz_compile.c compiles them; tests/fuzz/difffuzz.py runs them under Numba and
 * jitc (through tests/fuzz/progen_main.c). */
#ifndef JITC_PROGEN_H
#define JITC_PROGEN_H

#include <stddef.h>
#include <stdint.h>

#define PROGEN_SIGNATURE "(int64, float64, float64[::1], int64[::1])"
enum { PROGEN_MAX_FUNCS = 4 };

typedef struct ProgenInfo {
    int nfuncs; /* f0 .. f(nfuncs-1) */
} ProgenInfo;

/* The program the choices data[0..n) make, NUL-terminated, malloc'd (the caller frees it);
 * NULL when memory runs out. */
char *progen_program(const uint8_t *data, size_t n, ProgenInfo *info);

#endif
