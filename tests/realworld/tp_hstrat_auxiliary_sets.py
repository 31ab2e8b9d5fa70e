# Real Numba code from mmore500/hstrat hstrat/_auxiliary_lib/ at commit 8cfeb6c1a92dccc2ff749c601b8693d1e790bad8
# (MIT License, Copyright (c) 2022, Matthew Andres Moreno), copied unchanged: the @jit(nopython=True) helpers of
# hstrat/_auxiliary_lib that keep a Python set as a local container: _is_topologically_sorted
# (_alifestd_is_topologically_sorted.py: an empty set(), grown with add(), probed with in), all_unique
# (_all_unique.py: an empty set() grown with add(), its len()), indices_of_unique (_indices_of_unique.py: an empty
# set() and an empty list, probed with not in), is_subset (_is_subset.py: set() of an array, probed with not in)
# and count_unique (_count_unique.py: len of set() of an array).
# The prelude is the modules' imports, with a stand-in for `from ._jit import jit` (a relative import): with
# numba installed and outside a coverage run, hstrat/_auxiliary_lib/_jit.py's jit(*args, **kwargs) returns
# nb.jit(*args, cache=kwargs.pop("cache", True), **kwargs), which the functools.partial below reproduces.
# Arguments are id and ancestor-id columns of alife-standard phylogenies and the integer arrays these helpers get.
# Each case below is run by run.py as this prelude followed by the case alone.
import functools

import numba as nb
import numpy as np

jit = functools.partial(nb.jit, cache=True)  # stands in for `from ._jit import jit`

# === CASE _is_topologically_sorted
# SOURCE: mmore500/hstrat hstrat/_auxiliary_lib/_alifestd_is_topologically_sorted.py @ 8cfeb6c1a92d, line 32
# RUN: _is_topologically_sorted (np.array([0, 1, 2, 3, 4, 5]), np.array([0, 0, 0, 1, 1, 2]))
# RUN: _is_topologically_sorted (np.array([10, 3, 7, 22, 5]), np.array([10, 10, 3, 3, 7]))
# RUN: _is_topologically_sorted (np.array([10, 3, 7, 22, 5]), np.array([10, 7, 3, 3, 7]))
# RUN: _is_topologically_sorted (np.array([0, 1, 2, 3]), np.array([0, 2, 0, 1]))
@jit(nopython=True)
def _is_topologically_sorted(
    ids: np.ndarray, ancestor_ids: np.ndarray
) -> bool:
    seen_ancestor_ids = set()
    for id_, ancestor_id in zip(ids, ancestor_ids):
        if id_ in seen_ancestor_ids:
            return False
        seen_ancestor_ids.add(ancestor_id)
    return True

# === CASE all_unique
# SOURCE: mmore500/hstrat hstrat/_auxiliary_lib/_all_unique.py @ 8cfeb6c1a92d, line 6
# RUN: all_unique np.array([3, 1, 4, 15, 9, 2, 6])
# RUN: all_unique np.array([3, 1, 4, 1, 5, 9, 2, 6])
# RUN: all_unique np.random.default_rng(0).integers(0, 1000, 40)
# RUN: all_unique np.array([0.5, -0.5, 2.25, 0.5])
@jit(nopython=True)
def all_unique(array: np.ndarray) -> bool:
    """Are all values in `array` unique?"""
    seen_unique = set()
    for idx, val in enumerate(array):
        seen_unique.add(val)
        if idx + 1 != len(seen_unique):
            return False

    return True

# === CASE indices_of_unique
# SOURCE: mmore500/hstrat hstrat/_auxiliary_lib/_indices_of_unique.py @ 8cfeb6c1a92d, line 6
# RUN: indices_of_unique np.array([5, 5, 5, 2, 2, 7, 5, 2, 9, 9])
# RUN: indices_of_unique np.random.default_rng(1).integers(0, 8, 30)
# RUN: indices_of_unique np.array([0, 0, 1, 0, 1, 2])
@jit(nopython=True)
def indices_of_unique(array: np.ndarray) -> np.ndarray:
    """Return the indices where the first occurance of each unique value in
    `array` occurs.

    Equivalent to `return_index` functionality of `numpy.unique`, but faster.
    See <https://numpy.org/doc/1.24/reference/generated/numpy.unique.html>.
    """
    unique_indices = []
    seen_values = set()
    last_value = 0  # if seen_values empty, last_value not compared against
    for index, value in enumerate(array):
        is_same_as_last_value = len(unique_indices) and last_value == value
        if not is_same_as_last_value and value not in seen_values:
            unique_indices.append(index)
            seen_values.add(value)
            last_value = value
    return np.array(unique_indices)

# === CASE is_subset
# SOURCE: mmore500/hstrat hstrat/_auxiliary_lib/_is_subset.py @ 8cfeb6c1a92d, line 6
# RUN: is_subset (np.array([2, 4, 6]), np.arange(10))
# RUN: is_subset (np.array([2, 4, 16]), np.arange(10))
# RUN: is_subset (np.random.default_rng(2).integers(0, 50, 10), np.random.default_rng(3).integers(0, 50, 60))
@jit(nopython=True)
def is_subset(subset: np.ndarray, superset: np.ndarray) -> bool:
    """Are all values in `subset` contained in `superset`?"""
    superset_lookup = set(superset)
    for val in subset:
        if val not in superset_lookup:
            return False

    return True

# === CASE count_unique
# SOURCE: mmore500/hstrat hstrat/_auxiliary_lib/_count_unique.py @ 8cfeb6c1a92d, line 6
# RUN: count_unique np.array([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
# RUN: count_unique np.random.default_rng(4).integers(0, 20, 100)
# RUN: count_unique np.array([1.5, 1.5, -0.0, 0.0, 2.5])
@jit(nopython=True)
def count_unique(array: np.ndarray) -> int:
    """How many unique values are contained in `array`?"""
    unique_values = set(array)
    return len(unique_values)
