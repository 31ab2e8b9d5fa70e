# A module-level try around imports, as libraries write an optional dependency: jitc runs the
# body (the imports succeed where the module compiles) and skips the handlers.
import numpy as np
try:
    from numba import boolean, njit, prange
except (ImportError, ModuleNotFoundError):
    from some_fallback import jit as njit
    boolean = bool
try:
    import math
finally:
    pass


# CALL: without @f64_8.npy 2
# EXPECT-RETURN: try_import_without.npy
@njit(fastmath=False)
def without(z, i):
    mask = np.ones_like(z, dtype=boolean)
    mask[i] = False
    return z[mask]


# CALL: root_of 2.25
# EXPECT: 1.5
@njit
def root_of(x):
    return math.sqrt(x)
