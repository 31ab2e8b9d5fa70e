/* argcheck.c — what the C API checks of the arguments it is handed before anything is typed:
 * the argument count against JITC_MAX_ARGS, and a DLTensor's header (rank, shape, data), each
 * refusal a message that names the argument, the dimension and the limit. */
#include <stdio.h>

#include "driver.h"

_Static_assert(JITC_MAX_ARGS == PROG_MAX_PARAMS, "a def of more parameters than a call can pass is an error");

bool drv_args_ok(const char *api, const jitc_function *fn, const jitc_value *args, int nargs, char *msg, size_t n)
{
    if (!fn)
        return snprintf(msg, n, "%s: the function is NULL", api), false;
    if (nargs < 0)
        return snprintf(msg, n, "%s: a negative argument count (%d)", api, nargs), false;
    if (nargs > JITC_MAX_ARGS) {
        const FuncDef *def = fn->pf->def;
        if (def->nparams <= JITC_MAX_ARGS) /* more than it takes: say so, as a call of fewer would */
            snprintf(msg, n, "%s() takes %d argument%s but %d were given", def->name, def->nparams,
                     def->nparams == 1 ? "" : "s", nargs);
        else
            snprintf(msg, n, "%s: %d arguments given to '%s': a call takes at most %d (JITC_MAX_ARGS)", api, nargs,
                     def->name, JITC_MAX_ARGS);
        return false;
    }
    if (nargs && !args)
        return snprintf(msg, n, "%s: %d arguments but the argument array is NULL", api, nargs), false;
    return true;
}

bool drv_tensor_ok(const DLTensor *t, const char *what, int i, int min_ndim, char *msg, size_t n)
{
    if (!t)
        return snprintf(msg, n, "%s %d: the DLTensor is NULL", what, i + 1), false;
    if (t->ndim < min_ndim || t->ndim > TY_MAX_NDIM) {
        snprintf(msg, n, "%s %d: an array of %d dimensions (arrays have %d to %d)", what, i + 1, t->ndim, min_ndim,
                 TY_MAX_NDIM);
        return false;
    }
    if (t->ndim && !t->shape)
        return snprintf(msg, n, "%s %d: the DLTensor's shape is NULL", what, i + 1), false;
    int64_t size = 1;
    for (int d = 0; d < t->ndim; d++) {
        if (t->shape[d] < 0) {
            snprintf(msg, n, "%s %d: dimension %d has a negative size (%lld)", what, i + 1, d, (long long)t->shape[d]);
            return false;
        }
        if (size && t->shape[d] > INT64_MAX / size) {
            snprintf(msg, n, "%s %d: the shape's element count overflows int64", what, i + 1);
            return false;
        }
        size *= t->shape[d];
    }
    if (!t->data && size)
        return snprintf(msg, n, "%s %d: the DLTensor's data is NULL but it has %lld elements", what, i + 1,
                        (long long)size), false;
    return true;
}
