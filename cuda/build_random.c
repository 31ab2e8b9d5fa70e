/* random.c — numba.cuda.random for kernels: its device functions are jitc's library "random",
 * written in krn (cuda/random.krn, loaded by library.c the first time the program imports from
 * numba.cuda.random); the imported names are bound to the library's functions. This file also
 * checks, at each call, that the states argument is states (bld_random_args_ok).
 *
 * The states are a uint64 array of shape (n, 2): row i is state i's (s0, s1), the bytes of
 * numba-cuda's (n,) array of xoroshiro128p_dtype. driver/random.c makes them. */
#include "builder/build.h"

#include <string.h>

static const char SCOPE[] = "random";

/* numba.cuda.random's functions a kernel may call: the defs of random.krn. */
static const char *const MEMBERS[] = {
    "init_xoroshiro128p_state", "rotl", "xoroshiro128p_next", "xoroshiro128p_jump",
    "uint64_to_unit_float64", "uint64_to_unit_float32", "xoroshiro128p_uniform_float32",
    "xoroshiro128p_uniform_float64", "xoroshiro128p_normal_float32", "xoroshiro128p_normal_float64",
    "init_xoroshiro128p_states_cpu", NULL,
};

/* Its host API and objects: they import, and are errors where used. */
static const char *const HOST_NAMES[] = {
    "create_xoroshiro128p_states", "init_xoroshiro128p_states", "xoroshiro128p_dtype", "xoroshiro128p_type",
    "TWO_PI_FLOAT32", "TWO_PI_FLOAT64", "cuda", "jit", "np", "math", "config", "from_dtype", NULL,
};

static bool listed(const char *const *list, const char *name)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(list[i], name) == 0)
            return true;
    return false;
}

bool prog_random_host_name(const char *name) { return listed(HOST_NAMES, name); }

const Global *prog_random_member(Program *p, const char *name, SrcLoc where)
{
    return listed(MEMBERS, name) ? prog_library_function(p, SCOPE, name, where) : NULL;
}

/* Whether t is what the library takes for states: a uint64 array of two dimensions. */
static bool states_type(const Type *t)
{
    return t->kind == TY_ARRAY && t->dtype->kind == TY_UINT64 && t->ndim == 2;
}

bool bld_random_args_ok(Builder *b, const Expr *call, const ProgFunc *fn, const Type *const *types)
{
    const FuncDef *def = fn->def;
    if (!fn->scope || strcmp(fn->scope, SCOPE) != 0 || def->nparams == 0 ||
        strcmp(def->params[0].name, "states") != 0 || states_type(types[0]) || types[0]->kind == TY_ERROR)
        return true;
    SrcLoc at = call->call.nargs ? call->call.args[0]->loc : call->loc;
    diag_error(&b->diag, at,
               "%s() takes xoroshiro128p states, a uint64[:, ::1] array of shape (n, 2) (from "
               "jitc_xoroshiro128p_states, or a `xoroshiro128p:N:SEED` argument of jitc launch), not %s",
               def->name, bld_type_name(b, types[0]));
    return false;
}
