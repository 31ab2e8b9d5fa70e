/* rt.c — the runtime called by compiled host code; see rt.h. */
#include "rt.h"

#include <inttypes.h>
#include <string.h>
#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "arrays.h"
#include "jitcrt.h"
#include "pyrepr.h"
#include "str.h"

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

/* A bounds check's IndexError carries index, axis and size and no message (codegen/lower.c,
 * runtime/launch.c); every other exception's message is "Class" or "Class: text". */
static bool is_bounds_fault(const JitcErr *err) { return err->code == RT_EXC_INDEX && !err->message; }

void rt_format_error(const JitcErr *err, char *buf, size_t n)
{
    if (is_bounds_fault(err))
        snprintf(buf, n, "%s: IndexError: index %" PRId64 " is out of bounds for axis %" PRId64
                 " with size %" PRId64, err->where, err->index, err->axis, err->size);
    else
        snprintf(buf, n, "%s: %s", err->where, err->message);
}

void rt_error_parts(const JitcErr *err, char *type, size_t ntype, char *text, size_t ntext)
{
    if (is_bounds_fault(err)) {
        snprintf(type, ntype, "IndexError");
        snprintf(text, ntext, "index %" PRId64 " is out of bounds for axis %" PRId64 " with size %" PRId64,
                 err->index, err->axis, err->size);
        return;
    }
    const char *m = err->message ? err->message : "";
    const char *sep = strstr(m, ": ");
    snprintf(type, ntype, "%.*s", (int)(sep ? (size_t)(sep - m) : strlen(m)), m);
    snprintf(text, ntext, "%s", sep ? sep + 2 : "");
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

/* ---- with objmode(...) ---- */

static _Atomic(RtObjmodeHook) objmode_hook;

void rt_set_objmode_hook(RtObjmodeHook hook) { atomic_store(&objmode_hook, hook); }

int32_t jitc_rt_objmode(void *block, void *in, void *out, const char *where, JitcErr *err)
{
    RtObjmodeHook hook = atomic_load(&objmode_hook);
    if (hook)
        return hook(block, in, out, where, err);
    err->code = RT_EXC_SYSTEM; /* code from a compiler that ran blocks, loaded without it: not made by jitc */
    err->where = where;
    err->message = "SystemError: nothing here runs 'with objmode' blocks";
    return 1;
}

/* Messages with run-time values outlive the call that raised them: one buffer per thread. */
static _Thread_local char raise_text[512];

/* Appends the string s (repr: Python's repr of it) to raise_text at n; the new n. */
static size_t raise_string(size_t n, const JitcStr *s, bool repr)
{
    size_t cap = sizeof raise_text - 1, len = (size_t)s->nbytes;
    char q = rt_str_repr_quote(s->text, len), buf[12];
    if (repr && n < cap)
        raise_text[n++] = q;
    for (size_t i = 0; i < len && n < cap;) {
        size_t k = repr ? (i += rt_str_repr_char(s->text + i, len - i, q, buf), strlen(buf)) : 1;
        const char *from = repr ? buf : s->text + i++;
        for (size_t j = 0; j < k && n < cap; j++)
            raise_text[n++] = from[j];
    }
    if (repr && n < cap)
        raise_text[n++] = q;
    return n;
}

void jitc_rt_raise_format(JitcErr *err, const char *template, const int64_t *values)
{
    size_t n = 0;
    int k = 0;
    for (const char *c = template; *c && n + 1 < sizeof raise_text; c++) {
        if (*c != '\x01') {
            raise_text[n++] = *c;
            continue;
        }
        char buf[64];
        int64_t v = values[k++];
        if (c[1] == 's' || c[1] == 'r') { /* a string (str.c) */
            n = raise_string(n, (const JitcStr *)(intptr_t)v, *++c == 'r');
            continue;
        }
        switch (*++c) {
        case 'u': snprintf(buf, sizeof buf, "%" PRIu64, (uint64_t)v); break;
        case 'f': {
            double d;
            memcpy(&d, &v, sizeof d);
            pyrepr_f64(buf, sizeof buf, d);
            break;
        }
        case 'b': snprintf(buf, sizeof buf, "%s", v ? "True" : "False"); break;
        default: snprintf(buf, sizeof buf, "%" PRId64, v); break;
        }
        if (!*c)
            break;
        size_t len = strlen(buf);
        if (len > sizeof raise_text - 1 - n)
            len = sizeof raise_text - 1 - n;
        memcpy(raise_text + n, buf, len);
        n += len;
    }
    raise_text[n] = 0;
    err->message = raise_text;
}

const RtSymbol *rt_symbols(void)
{
    static const RtSymbol table[RT_FN_COUNT] = {
#define RT_FN(name, ret, ...) [RT_FN_##name] = {#name, (void *)name},
#include "rtabi.def"
    };
    return table;
}
