/* pyrepr.c — Python's repr() of jitc values; see pyrepr.h. */
#include "pyrepr.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The shortest decimal digits that read back to v, and the decimal exponent of the first
 * (v = d.ddd x 10^exp). */
static void shortest_digits(double v, char *digits, int *exp)
{
    char tmp[64];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*e", prec - 1, v);
        if (strtod(tmp, NULL) == v || prec == 17)
            break;
    }
    /* tmp is "d.ddde±XX" */
    char *e = strchr(tmp, 'e');
    *exp = atoi(e + 1);
    int k = 0;
    for (char *p = tmp; p < e; p++)
        if (*p != '.')
            digits[k++] = *p;
    while (k > 1 && digits[k - 1] == '0')
        k--;
    digits[k] = 0;
}

void pyrepr_f64(char *buf, size_t n, double v)
{
    if (isnan(v)) {
        snprintf(buf, n, "nan");
        return;
    }
    if (isinf(v)) {
        snprintf(buf, n, v < 0 ? "-inf" : "inf");
        return;
    }
    const char *sign = signbit(v) ? "-" : "";
    if (v == 0) {
        snprintf(buf, n, "%s0.0", sign);
        return;
    }
    char d[32];
    int e;
    shortest_digits(fabs(v), d, &e);
    int nd = (int)strlen(d);
    if (e < -4 || e >= 16) { /* scientific, as repr does outside [1e-4, 1e16) */
        snprintf(buf, n, "%s%c%s%.*s%se%c%02d", sign, d[0], nd > 1 ? "." : "", nd - 1, d + 1, "",
                 e < 0 ? '-' : '+', abs(e));
        return;
    }
    char out[64];
    int k = 0;
    if (e < 0) {
        k += snprintf(out, sizeof out, "0.");
        for (int i = 0; i < -e - 1; i++)
            out[k++] = '0';
        k += snprintf(out + k, sizeof out - (size_t)k, "%s", d);
    } else {
        for (int i = 0; i <= e; i++)
            out[k++] = i < nd ? d[i] : '0';
        out[k++] = '.';
        if (nd > e + 1)
            k += snprintf(out + k, sizeof out - (size_t)k, "%s", d + e + 1);
        else
            out[k++] = '0';
        out[k] = 0;
    }
    snprintf(buf, n, "%s%s", sign, out);
}


void pyrepr_value(char *buf, size_t n, const jitc_value *v)
{
    switch (v->kind) {
    case JITC_NONE: snprintf(buf, n, "None"); break;
    case JITC_BOOL: snprintf(buf, n, v->b ? "True" : "False"); break;
    case JITC_INT8: case JITC_INT16: case JITC_INT32: case JITC_INT64:
        snprintf(buf, n, "%" PRId64, v->i);
        break;
    case JITC_UINT8: case JITC_UINT16: case JITC_UINT32: case JITC_UINT64:
        snprintf(buf, n, "%" PRIu64, v->u);
        break;
    case JITC_FLOAT32: pyrepr_f64(buf, n, v->f32); break; /* Numba returns float32 as a Python float */
    case JITC_FLOAT64: pyrepr_f64(buf, n, v->f64); break;
    default: snprintf(buf, n, "<array>"); break;
    }
}

void pyrepr_result(char *buf, size_t n, const jitc_result *r)
{
    if (r->value.kind == JITC_NONE) {
        if (n)
            buf[0] = 0;
        return;
    }
    if (r->value.kind != JITC_TUPLE) {
        pyrepr_value(buf, n, &r->value);
        return;
    }
    size_t k = (size_t)snprintf(buf, n, "(");
    for (int i = 0; i < r->nitems && k < n; i++) {
        char item[64];
        pyrepr_value(item, sizeof item, &r->items[i]);
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? ", " : "", item);
    }
    if (k < n)
        snprintf(buf + k, n - k, r->nitems == 1 ? ",)" : ")");
}
