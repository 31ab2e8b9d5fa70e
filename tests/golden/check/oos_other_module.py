# Out of scope (docs/language.md): the diagnostic a user sees.
from numba import njit
from mypackage.kernels import helper
import scipy.special


@njit
def f(x):
    return helper(x) + scipy.special.gamma(x)
