# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def stack_empty(typingctx, size, dtype):
    def impl(context, builder, signature, args):
        return None

    return types.voidptr(types.int64, dtype), impl


@njit
def uses_it(n):
    return stack_empty(n, types.float64)


@njit
def does_not(n):
    return n + 1
