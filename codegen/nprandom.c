/* nprandom.c — lowers IR_RANDOM, a raw draw from the thread's Mersenne Twister state of
 * np.random or Python's random module: a call of the runtime function that makes it
 * (runtime/nprandom.c, jitc_rt_random_*), the state's number first, then the instruction's
 * arguments as they are (the builder gives them the runtime's types: int64 or float64). */
#include "lower.h"
#include "runtime/rt.h"

LLVMValueRef lw_random(Lower *L, const IrInstr *in)
{
    static const RtFnId FNS[] = {
        [RND_SEED] = RT_FN_jitc_rt_random_seed,   [RND_DOUBLE] = RT_FN_jitc_rt_random_double,
        [RND_GAUSS] = RT_FN_jitc_rt_random_gauss, [RND_BELOW] = RT_FN_jitc_rt_random_below,
        [RND_BITS] = RT_FN_jitc_rt_random_bits,   [RND_POISSON] = RT_FN_jitc_rt_random_poisson_ptrs,
    };
    LLVMValueRef args[4] = {LLVMConstInt(L->m->i32, (unsigned long long)in->imm.index, 0)};
    for (int i = 0; i < in->nargs && i < 3; i++)
        args[i + 1] = L->vals[in->args[i]];
    return lw_call(L, cg_runtime(L->m, FNS[in->sub]), args, in->nargs + 1, "");
}
