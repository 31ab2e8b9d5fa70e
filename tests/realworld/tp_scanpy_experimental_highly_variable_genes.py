# Real Numba code from scverse/scanpy src/scanpy/experimental/pp/_highly_variable_genes.py at commit fabadb9412c0d1cd9df9d9c2e95ac266d564ee18
# (BSD-3-Clause, Copyright (c) 2025 scverse, Copyright (c) 2017 F. Alexander Wolf, P. Angerer, Theis Lab), copied
# unchanged: _calculate_res_dense (keyword-only parameters passed by position, as Numba's dispatcher accepts). Not a case:
# _calculate_res_sparse, whose first argument is a scipy sparse matrix that Numba types only through fast_array_utils' extension.
# The module's `from fast_array_utils.numba import njit` (scverse/fast-array-utils: a Python wrapper that builds
# numba.njit(f, cache=True, parallel=True) and parallel=False and picks one per call by the threading layer; written
# in Python 3.12 syntax) is replaced by `from numba import njit`; the rest of the prelude is the module's imports that
# the functions use.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

from math import sqrt

import numba
import numpy as np
from numba import njit


# === CASE _calculate_res_dense
# SOURCE: scverse/scanpy src/scanpy/experimental/pp/_highly_variable_genes.py @ fabadb9412c0, line 90
# RUN: _calculate_res_dense ((m := np.random.default_rng(0).poisson(3.0, (10, 5)).astype(np.float64)), m.sum(0), m.sum(1), m.sum(), 3.0, 100.0, 5, 10)
# RUN: _calculate_res_dense ((m := np.random.default_rng(1).poisson(1.0, (12, 4)).astype(np.float32) + 1), m.sum(0).astype(np.float64), m.sum(1).astype(np.float64), np.float64(m.sum()), 1.0, 10.0, 4, 12)
@njit
def _calculate_res_dense(
    matrix,
    *,
    sums_genes: NDArray[np.float64],
    sums_cells: NDArray[np.float64],
    sum_total: np.float64,
    clip: np.float64,
    theta: np.float64,
    n_genes: int,
    n_cells: int,
) -> NDArray[np.float64]:
    def clac_clipped_res_dense(gene: int, cell: int) -> np.float64:
        mu = sums_genes[gene] * sums_cells[cell] / sum_total
        value = matrix[cell, gene]

        mu_sum = value - mu
        pre_res = mu_sum / sqrt(mu + mu * mu / theta)
        res = np.float64(min(max(pre_res, -clip), clip))
        return res

    residuals = np.zeros(n_genes, dtype=np.float64)

    for gene in numba.prange(n_genes):
        sum_clipped_res = np.float64(0.0)
        for cell in range(n_cells):
            sum_clipped_res += clac_clipped_res_dense(gene, cell)
        mean_clipped_res = sum_clipped_res / n_cells

        var_sum = np.float64(0.0)
        for cell in range(n_cells):
            clipped_res = clac_clipped_res_dense(gene, cell)
            diff = clipped_res - mean_clipped_res
            var_sum += diff * diff

        residuals[gene] = var_sum / n_cells
    return residuals
