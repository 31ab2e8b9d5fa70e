/* rt.h — the small runtime that compiled host code calls: printing in Python's format,
 * Python's float floor division and modulo, integer power, and the error slot through
 * which compiled code raises exceptions (IndexError, ZeroDivisionError, ValueError).
 * (Integer power is generated into each module: it must exist on the GPU too.)
 * The JIT binds these symbols by address (rt_symbols), so no dynamic export is needed. */
#ifndef JITC_RT_H
#define JITC_RT_H

#include <stddef.h>
#include <stdint.h>

/* Filled by compiled code when it raises; code 0 means no exception. The code generator
 * builds the same layout (err_type in codegen/jit.c). */
typedef struct JitcErr {
    int32_t code;        /* IrExc */
    const char *where;   /* "file:line:col" */
    const char *message; /* for codes other than IndexError */
    int64_t index, axis, size;
} JitcErr;

void jitc_rt_print_str(const char *s);
void jitc_rt_print_i64(int64_t v);
void jitc_rt_print_u64(uint64_t v);
void jitc_rt_print_f64(double v);
void jitc_rt_print_f32(float v);
void jitc_rt_print_bool(int8_t v);
double jitc_rt_floordiv_f64(double a, double b);
double jitc_rt_mod_f64(double a, double b);
/* The cfunc path (codegen/wrap.c): the exception becomes the thread's last error (jitcrt.h's
 * jitcrt_last_error) and is printed on stderr. */
void jitc_rt_report(const JitcErr *err);
/* Sets the calling thread's last error. */
void rt_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A prange loop (codegen/parallel.c): chunk(frame, lo, hi, partial, err) runs iterations
 * [lo, hi) and leaves its reductions' partial results at partial; combine(frame, partial)
 * folds one piece's partials into the frame (NULL without reductions). The first exception
 * raised in any thread lands in err. */
typedef void (*RtChunkFn)(void *frame, int64_t lo, int64_t hi, void *partial, JitcErr *err);
typedef void (*RtCombineFn)(void *frame, void *partial);
void jitc_rt_parallel_for(RtChunkFn chunk, RtCombineFn combine, void *frame, int64_t count, int64_t partial_bytes,
                          JitcErr *err);
/* Threads for parallel work: JITC_NUM_THREADS, else OMP_NUM_THREADS, else all cores. */
int rt_thread_count(void);
/* How many pieces `count` units of work are cut into for `threads` threads: several per thread,
 * dealt round-robin, none under min_piece units (see parallel.c). */
int64_t rt_piece_count(int64_t count, int threads, int64_t min_piece);
/* The first unit of piece w of `pieces` over `count` units: even shares, the remainder spread. */
static inline int64_t rt_piece_start(int64_t count, int64_t pieces, int64_t w)
{
    return w * (count / pieces) + (w < count % pieces ? w : count % pieces);
}

/* Formats the exception held in err as "file:line:col: IndexError: ..." into buf. */
void rt_format_error(const JitcErr *err, char *buf, size_t n);

typedef struct RtSymbol {
    const char *name;
    void *addr;
} RtSymbol;
/* The table of runtime symbols for the JIT, terminated by {NULL, NULL}. */
const RtSymbol *rt_symbols(void);

#endif
