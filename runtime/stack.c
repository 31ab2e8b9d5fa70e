/* stack.c — the stack floor of RecursionError (codegen/recursion.c): the address below which
 * compiled code of the calling thread must not call deeper into a call cycle. A function in a
 * cycle asks once, on entry from outside the cycle, and passes the answer along the cycle's
 * calls; each such call compares the stack pointer with it and raises RecursionError below it.
 *
 * The floor is the low end of the thread's stack (pthread_getattr_np: the main thread's from
 * its rlimit, another thread's from its attributes, OpenMP workers' included) plus a margin
 * for what the deepest frame may still need: the callee's own frame, the runtime functions it
 * calls (malloc, printf, OpenBLAS, starting a parallel region). It is computed once per thread
 * and kept in thread-local storage.
 *
 * A cycle whose functions hold nothing to release (recursion.c: "jump" mode) raises by a jump:
 * the deepest frame calls jitc_rt_recursion_jump with the buffer its cycle's entry set with
 * _setjmp, and the entry makes the RecursionError, located where jitc_rt_recursion_where says. */
#include "rt.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <unistd.h>

enum {
    MARGIN_MIN = 64 << 10,  /* a small thread's stack (256 KiB: a quarter) */
    MARGIN_MAX = 256 << 10, /* the main thread's 8 MiB and OpenMP's workers */
    GUARD_GAP = 1 << 20,    /* Linux's stack_guard_gap: where an unlimited main stack stops */
};

static _Thread_local bool floor_known;
static _Thread_local char *floor_address;

/* A quarter of the stack, within [MARGIN_MIN, MARGIN_MAX]; more for an unlimited main stack,
 * whose reported low end is the mapping below it, which the kernel keeps a gap away from. */
static size_t margin(size_t size)
{
    size_t m = size / 4;
    m = m < MARGIN_MIN ? MARGIN_MIN : m > MARGIN_MAX ? MARGIN_MAX : m;
    struct rlimit rl;
    if (getpid() == gettid() && getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur == RLIM_INFINITY)
        m += GUARD_GAP;
    return m;
}

static char *compute_floor(void)
{
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return NULL; /* unknown: no check (the stack is what it was before RecursionError) */
    void *low = NULL;
    size_t size = 0;
    int rc = pthread_attr_getstack(&attr, &low, &size);
    pthread_attr_destroy(&attr);
    if (rc != 0 || !low || !size)
        return NULL;
    return (char *)low + margin(size);
}

void *jitc_rt_stack_floor(void)
{
    if (!floor_known) {
        floor_address = compute_floor();
        floor_known = true;
    }
    return floor_address;
}

/* Where the last jump of this thread was made ("file:line:col"), for the entry it lands in. */
static _Thread_local const char *jump_where;

void jitc_rt_recursion_jump(void *buf, const char *where)
{
    jump_where = where;
    _longjmp(*(jmp_buf *)buf, 1);
}

const char *jitc_rt_recursion_where(void) { return jump_where; }
