/* rt.h — the small runtime that compiled host code calls: printing in Python's format,
 * Python's float floor division and modulo, integer power, and the error slot through
 * which compiled code raises exceptions (IndexError, ZeroDivisionError, ValueError).
 * (Integer power is generated into each module: it must exist on the GPU too.)
 * What compiled code calls, and the layouts it shares with the runtime, are listed once in
 * rtabi.def; this header declares them from there. */
#ifndef JITC_RT_H
#define JITC_RT_H

#include <stddef.h>
#include <stdint.h>

#include "rtabi.h"

/* JitcErr, its fields' indexes (RT_ERR_code, ...: what codegen's GEPs use), and every function of
 * rtabi.def, declared from its line there (JITCRT_API: libjitcrt.so exports them). */
struct JitcErr {
#define RT_ERR_FIELD RT_FIELD_DECL
#include "rtabi.def"
};
enum {
#define RT_ERR_FIELD(type, name) RT_ERR_##name,
#include "rtabi.def"
    RT_ERR_FIELDS /* how many */
};
/* The exceptions' codes (JitcErr.code), from rtabi.def's RT_EXC list */
typedef enum {
#define RT_EXC(kind, name, raisable) RT_EXC_##kind,
#include "rtabi.def"
    RT_EXC_COUNT
} RtExc;
#define RT_FN(name, ret, ...) JITCRT_API RT_C(ret) name(RT_MAP(RT_C, __VA_ARGS__));
#include "rtabi.def"

/* What runs a `with objmode` block for jitc_rt_objmode (its parameters): the compiler's, set once
 * before code that has such blocks runs. */
typedef int32_t (*RtObjmodeHook)(void *block, void *in, void *out, const char *where, JitcErr *err);
void rt_set_objmode_hook(RtObjmodeHook hook);

/* Sets the calling thread's last error. */
void rt_set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Threads for parallel work: JITC_NUM_THREADS, else OMP_NUM_THREADS, else all cores; 1 in a
 * child forked after the pool ran (libgomp's pool does not survive fork). */
int rt_thread_count(void);
/* How many pieces `count` units of work are cut into for `threads` threads: several per thread,
 * none under min_piece units (see parallel.c). */
int64_t rt_piece_count(int64_t count, int threads, int64_t min_piece);
/* The first unit of piece w of `pieces` over `count` units: even shares, the remainder spread. */
static inline int64_t rt_piece_start(int64_t count, int64_t pieces, int64_t w)
{
    return w * (count / pieces) + (w < count % pieces ? w : count % pieces);
}

/* Runs run(ctx, w) once for every piece w in [0, pieces) on up to `threads` threads of the pool:
 * each owns a run of consecutive pieces and, done with it, takes from the others' (parallel.c). */
typedef void (*RtPieceFn)(void *ctx, int64_t piece);
void rt_run_pieces(int64_t pieces, int threads, RtPieceFn run, void *ctx);
/* Called by a piece that raised e: keeps e in *first when `piece` is lower than *first_piece, the
 * lowest that raised so far (whichever thread ran it), so that the exception a parallel run
 * reports does not depend on timing. */
void rt_keep_lowest_error(JitcErr *first, int64_t *first_piece, const JitcErr *e, int64_t piece);

/* Formats the exception held in err as "file:line:col: IndexError: ..." into buf. */
void rt_format_error(const JitcErr *err, char *buf, size_t n);
/* The exception's class ("ValueError") and its message (str() of the exception: "negative"). */
void rt_error_parts(const JitcErr *err, char *type, size_t ntype, char *text, size_t ntext);

typedef struct RtSymbol {
    const char *name;
    void *addr;
} RtSymbol;
/* The functions of rtabi.def by name and address, RT_FN_COUNT of them in RtFnId's order: the
 * JIT binds them (codegen/jit.c), so compiled code finds them without a dynamic export. */
const RtSymbol *rt_symbols(void);

#endif
