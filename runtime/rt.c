/* rt.c — the runtime called by compiled host code; see rt.h. */
#include "rt.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "arrays.h"
#include "jitcrt.h"
#include "pyrepr.h"

void jitc_rt_print_str(const char *s) { fputs(s, stdout); }
void jitc_rt_print_i64(int64_t v) { printf("%" PRId64, v); }
void jitc_rt_print_u64(uint64_t v) { printf("%" PRIu64, v); }
void jitc_rt_print_bool(int8_t v) { fputs(v ? "True" : "False", stdout); }

void jitc_rt_print_f64(double v)
{
    char buf[64];
    pyrepr_f64(buf, sizeof buf, v);
    fputs(buf, stdout);
}

void jitc_rt_print_f32(float v) { jitc_rt_print_f64(v); } /* Numba prints float32 as its double */

void jitc_rt_print_complex(double re, double im)
{
    char buf[128];
    pyrepr_complex(buf, sizeof buf, re, im);
    fputs(buf, stdout);
}

/* CPython's float_divmod (Objects/floatobject.c), which Numba follows; b != 0. */
static void float_divmod(double a, double b, double *floordiv, double *mod)
{
    double m = fmod(a, b);
    double div = (a - m) / b;
    if (m != 0) {
        if ((b < 0) != (m < 0)) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = copysign(0.0, b);
    }
    double fd;
    if (div != 0) {
        fd = floor(div);
        if (div - fd > 0.5)
            fd += 1.0;
    } else {
        fd = copysign(0.0, a / b);
    }
    *floordiv = fd;
    *mod = m;
}

double jitc_rt_floordiv_f64(double a, double b)
{
    double q, r;
    float_divmod(a, b, &q, &r);
    return q;
}

double jitc_rt_mod_f64(double a, double b)
{
    double q, r;
    float_divmod(a, b, &q, &r);
    return r;
}

void rt_format_error(const JitcErr *err, char *buf, size_t n)
{
    /* an IndexError with a message of its own (lists: "IndexError: pop from empty list") says it */
    if (err->code == 1 && (!err->message || strcmp(err->message, "IndexError") == 0))
        snprintf(buf, n, "%s: IndexError: index %" PRId64 " is out of bounds for axis %" PRId64
                 " with size %" PRId64, err->where, err->index, err->axis, err->size);
    else
        snprintf(buf, n, "%s: %s", err->where, err->message);
}

static _Thread_local char last_error[512];
static _Thread_local bool has_error;

void rt_set_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    has_error = true;
}

const char *jitcrt_last_error(void) { return has_error ? last_error : NULL; }
void jitcrt_clear_error(void) { has_error = false; }

void jitc_rt_report(const JitcErr *err)
{
    rt_format_error(err, last_error, sizeof last_error);
    has_error = true;
    fprintf(stderr, "%s\n", last_error);
}

const RtSymbol *rt_symbols(void)
{
    static const RtSymbol table[RT_FN_COUNT] = {
#define RT_FN(name, ret, ...) [RT_FN_##name] = {#name, (void *)name},
#include "rtabi.def"
    };
    return table;
}
