/* nprandom.c — lowers IR_RANDOM, a raw draw from the thread's Mersenne Twister state of
 * np.random or Python's random module: a call of the runtime function that makes it
 * (runtime/nprandom.c, jitc_rt_random_*), the state's number first, then the instruction's
 * arguments as they are (the builder gives them the runtime's types: int64 or float64). A draw
 * from a np.random.Generator (runtime/generator.c, jitc_rt_gen_*) takes the arguments alone,
 * the generator's address first. */
#include "lower.h"
#include "runtime/rt.h"

LLVMValueRef lw_random(Lower *L, const IrInstr *in)
{
    static const RtFnId FNS[] = {
        [RND_SEED] = RT_FN_jitc_rt_random_seed,   [RND_DOUBLE] = RT_FN_jitc_rt_random_double,
        [RND_GAUSS] = RT_FN_jitc_rt_random_gauss, [RND_BELOW] = RT_FN_jitc_rt_random_below,
        [RND_BITS] = RT_FN_jitc_rt_random_bits,   [RND_POISSON] = RT_FN_jitc_rt_random_poisson_ptrs,
        [RND_GEN_DOUBLE] = RT_FN_jitc_rt_gen_double, [RND_GEN_NORMAL] = RT_FN_jitc_rt_gen_normal,
        [RND_GEN_EXPONENTIAL] = RT_FN_jitc_rt_gen_exponential, [RND_GEN_BOUNDED] = RT_FN_jitc_rt_gen_bounded,
        [RND_GEN_INTERVAL] = RT_FN_jitc_rt_gen_interval,
    };
    int first = ir_random_from_generator((IrRandom)in->sub) ? 0 : 1; /* the thread state's number */
    LLVMValueRef args[4] = {LLVMConstInt(L->m->i32, (unsigned long long)in->imm.index, 0)};
    for (int i = 0; i < in->nargs && i < 3; i++)
        args[i + first] = L->vals[in->args[i]];
    return lw_call(L, cg_runtime(L->m, FNS[in->sub]), args, in->nargs + first, "");
}
