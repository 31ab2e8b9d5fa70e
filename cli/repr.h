/* repr.h — what the CLI prints for the value a call returns: Python's repr, as the REPL shows
 * what Numba returns. A float32 result comes back to Python as a float (a double), so it is
 * printed with pyrepr_f64 (float32(0.1) shows as 0.10000000149011612, exactly as under Numba).
 *
 * Both functions write at most n bytes including the terminating NUL (nothing when n is 0) and
 * return the length the full text has, as snprintf does: a result >= n means it was cut. */
#ifndef JITC_CLI_REPR_H
#define JITC_CLI_REPR_H

#include <stddef.h>

#include "jitc.h"
#include "runtime/pyrepr_text.h"

/* repr of a value: "42", "True", "None", floats as runtime/pyrepr.h writes them (float32 as its
 * double); a host array exactly as NumPy 2's repr(ndarray) with the default print options:
 * "array([0. , 0.5, 1. ])", "array([0.33333333])", "array([1.e-05, 1.e+00])",
 * "array([1, 2], dtype=int32)", "array([], shape=(0, 3), dtype=int64)", "..." and
 * "shape=(1001,)" past 1000 elements, rows wrapped at 75 columns. */
int repr_value(char *buf, size_t n, const jitc_value *v);
/* repr of what a call returned: the value, or the tuple "(1, 2.5)", "(1,)", "()"; "" for no
 * value (JITC_NONE), which Python's REPL does not print either. */
int repr_result(char *buf, size_t n, const jitc_result *r);

/* NumPy 2's repr(ndarray) of a host array, default print options (repr_array.c). */
void repr_put_array(PyOut *o, const DLTensor *t);

#endif
