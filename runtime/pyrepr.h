/* pyrepr.h — values formatted the way Python shows them, for the CLI and for print().
 *
 * pyrepr_f64 is Python's repr(float): the shortest digits that read back to the same double,
 * fixed notation for decimal exponents -4..15 and scientific outside ("0.1", "1e-05", "1e+16",
 * "-0.0", "inf", "nan"). pyrepr_f32 is NumPy's str(np.float32(x)): the shortest digits that
 * read back to the same float, fixed notation for 1e-4 <= |x| < 1e6 and scientific outside.
 *
 * pyrepr_value and pyrepr_result print what Python shows for the value Numba returns: a float32
 * result comes back to Python as a float (a double), so it is printed with pyrepr_f64
 * (float32(0.1) shows as 0.10000000149011612, exactly as under Numba).
 *
 * Every function writes at most n bytes including the terminating NUL (nothing when n is 0) and
 * returns the length the full text has, as snprintf does: a result >= n means it was cut. */
#ifndef JITC_PYREPR_H
#define JITC_PYREPR_H

#include <stddef.h>

#include "jitc.h"

/* repr(float) of v: "0.1", "1.0", "1e-05", "1.2345678901234568e+17", "-0.0", "inf", "nan". */
int pyrepr_f64(char *buf, size_t n, double v);
/* str(np.float32(v)): "0.1", "123456.7", "1e+06", "1.6777216e+07", "1e-04", "1e-45", "-0.0", "nan". */
int pyrepr_f32(char *buf, size_t n, float v);
/* repr of a value: "42", "True", "None", floats as above (float32 as its double); a host array
 * exactly as NumPy 2's repr(ndarray) with the default print options: "array([0. , 0.5, 1. ])",
 * "array([0.33333333])", "array([1.e-05, 1.e+00])", "array([1, 2], dtype=int32)",
 * "array([], shape=(0, 3), dtype=int64)", "..." and "shape=(1001,)" past 1000 elements, rows
 * wrapped at 75 columns. */
int pyrepr_value(char *buf, size_t n, const jitc_value *v);
/* repr of what a call returned: the value, or the tuple "(1, 2.5)", "(1,)", "()"; "" for no
 * value (JITC_NONE), which Python's REPL does not print either. */
int pyrepr_result(char *buf, size_t n, const jitc_result *r);

#endif
