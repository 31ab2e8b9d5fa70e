/* pyrepr.h — floats formatted the way Python shows them, for print() in compiled code and for
 * the CLI's repr of values (cli/repr.h).
 *
 * pyrepr_f64 is Python's repr(float): the shortest digits that read back to the same double,
 * fixed notation for decimal exponents -4..15 and scientific outside ("0.1", "1e-05", "1e+16",
 * "-0.0", "inf", "nan"). pyrepr_f32 is NumPy's str(np.float32(x)): the shortest digits that
 * read back to the same float, fixed notation for 1e-4 <= |x| < 1e6 and scientific outside.
 *
 * Both write at most n bytes including the terminating NUL (nothing when n is 0) and return the
 * length the full text has, as snprintf does: a result >= n means it was cut. */
#ifndef JITC_PYREPR_H
#define JITC_PYREPR_H

#include <stddef.h>

/* repr(float) of v: "0.1", "1.0", "1e-05", "1.2345678901234568e+17", "-0.0", "inf", "nan". */
int pyrepr_f64(char *buf, size_t n, double v);
/* str(np.float32(v)): "0.1", "123456.7", "1e+06", "1.6777216e+07", "1e-04", "1e-45", "-0.0", "nan". */
int pyrepr_f32(char *buf, size_t n, float v);
/* repr(complex(re, im)): "(1+2j)", "2j", "(-0-0j)", "(1.5+infj)", "(nan+nanj)"; a complex64's
 * parts as their doubles, as Numba returns a Python complex. */
int pyrepr_complex(char *buf, size_t n, double re, double im);

#endif
