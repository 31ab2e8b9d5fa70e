# Real Numba code from numba/numba numba/tests/test_array_exprs.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, vectorize

# === CASE axy
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 32
# RUN: njit(axy) (np.arange(10.0), np.arange(10.0), np.ones(10))
def axy(a, x, y):
    return a * x + y

# === CASE pos_root
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 38
# RUN: njit(pos_root) (np.ones(10), np.full(10, 5.0), np.arange(10.0) / 10)
def pos_root(As, Bs, Cs):
    return (-Bs + (((Bs ** 2.) - (4. * As * Cs)) ** 0.5)) / (2. * As)

# === CASE neg_root_common_subexpr
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 41
# RUN: njit(neg_root_common_subexpr) (np.ones(10), np.full(10, 5.0), np.arange(10.0) / 10)
def neg_root_common_subexpr(As, Bs, Cs):
    _2As = 2. * As
    _4AsCs = 2. * _2As * Cs
    _Bs2_4AsCs = (Bs ** 2. - _4AsCs)
    return (-Bs - (_Bs2_4AsCs ** 0.5)) / _2As

# === CASE neg_root_complex_subexpr
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 47
# RUN: njit(neg_root_complex_subexpr) (np.ones(10), np.full(10, 5.0), np.arange(10.0))
def neg_root_complex_subexpr(As, Bs, Cs):
    _2As = 2. * As
    _4AsCs = 2. * _2As * Cs
    _Bs2_4AsCs = (Bs ** 2. - _4AsCs) + 0j # Force into the complex domain.
    return (-Bs - (_Bs2_4AsCs ** 0.5)) / _2As

# === CASE are_roots_imaginary
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 58
# RUN: njit(are_roots_imaginary) (np.ones(10), np.full(10, 5.0), np.arange(10.0))
def are_roots_imaginary(As, Bs, Cs):
    return (Bs ** 2 - 4 * As * Cs) < 0

# === CASE div_add
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 61
# RUN: njit(div_add) (np.arange(1.0, 11.0), np.arange(2.0, 12.0), np.ones(10))
def div_add(As, Bs, Cs):
    return As / Bs + Cs

# === CASE cube
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 64
# RUN: njit(cube) np.arange(10.0)
def cube(As):
    return As ** 3

# === CASE explicit_output
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 67
# RUN: njit(explicit_output) (np.arange(10.0), np.ones(10), np.zeros(10))
def explicit_output(a, b, out):
    np.cos(a, out)
    return np.add(out, b, out)

# === CASE variable_name_reuse
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 71
# RUN: njit(variable_name_reuse) (np.arange(10.0), np.ones(10), np.full(10, 2.0), np.full(10, 3.0))
def variable_name_reuse(a, b, c, d):
    u = a + b
    u = u - a * b
    u = u * c + d
    return u

# === CASE distance_matrix
# SOURCE: numba/numba numba/tests/test_array_exprs.py @ 5340f052d014, line 79
# RUN: njit(distance_matrix) np.arange(12.0).reshape(4, 3)
def distance_matrix(vectors):
    n_vectors = vectors.shape[0]
    result = np.empty((n_vectors, n_vectors), dtype=np.float64)

    for i in range(n_vectors):
        for j in range(i, n_vectors):
            result[i,j] = result[j,i] = np.sum(
                (vectors[i] - vectors[j]) ** 2) ** 0.5

    return result
