/* pyrepr.h — values formatted exactly as Python's repr() prints them: floats by the shortest
 * text that reads back to the same double (float32 values as the double of the same value, as
 * Numba returns and prints them), integers, True/False, None, tuples. */
#ifndef JITC_PYREPR_H
#define JITC_PYREPR_H

#include <stddef.h>

#include "jitc.h"

void pyrepr_f64(char *buf, size_t n, double v);
void pyrepr_value(char *buf, size_t n, const jitc_value *v);
/* The result of a call: its value or tuple; "" for no value. */
void pyrepr_result(char *buf, size_t n, const jitc_result *r);

#endif
