# Real Numba code from TutteInstitute/fast_hdbscan fast_hdbscan/cluster_trees.py at commit e9c75c5407f92e055c98bbfea3a39e21c188dadf
# (BSD-2-Clause, Copyright (c) 2023, Tutte Institute for Mathematics and Computing), copied unchanged: two of the
# module's @njit functions that keep Python sets and dicts as local containers (segments_in_branch: sets built from
# a literal, emptied with clear(), grown with add() and |=, iterated and returned; get_cluster_labelling_at_cut: a
# dict literal mapping cluster ids to labels, filled in a loop and read in a prange loop, with parallel=True).
# The prelude is the module's imports as it has them, with its two relative imports resolved in place: NUMBA_CACHE is
# fast_hdbscan/variables.py line 5 copied unchanged, and ds_rank_create, ds_find, ds_union_by_rank (which
# get_cluster_labelling_at_cut calls) are fast_hdbscan/disjoint_set.py lines 7, 11-14 and 21-43, copied unchanged.
# segments_in_branch gets a cluster tree's parents sorted and its children in the same order, as
# cluster_epsilon_search passes them; get_cluster_labelling_at_cut gets a scipy-style single-linkage tree
# (left, right, distance, size) rows, as hdbscan's linkage trees are.
# Each case below is run by run.py as this prelude followed by the case alone.
import os
import numba
import numpy as np

from collections import namedtuple

# fast_hdbscan/variables.py line 5
NUMBA_CACHE = os.getenv("FAST_HDBSCAN_NUMBA_CACHE", "true").lower() in {"1", "true"}

# fast_hdbscan/disjoint_set.py lines 7, 11-14, 21-43
RankDisjointSet = namedtuple("DisjointSet", ["parent", "rank"])


@numba.njit(cache=NUMBA_CACHE)
def ds_rank_create(n_elements):
    return RankDisjointSet(np.arange(n_elements, dtype=np.int32), np.zeros(n_elements, dtype=np.int32))


@numba.njit(cache=NUMBA_CACHE)
def ds_find(disjoint_set, x):
    while disjoint_set.parent[x] != x:
        x, disjoint_set.parent[x] = disjoint_set.parent[x], disjoint_set.parent[disjoint_set.parent[x]]

    return x


@numba.njit(cache=NUMBA_CACHE)
def ds_union_by_rank(disjoint_set, x, y):
    x = ds_find(disjoint_set, x)
    y = ds_find(disjoint_set, y)

    if x == y:
        return

    if disjoint_set.rank[x] < disjoint_set.rank[y]:
        x, y = y, x

    disjoint_set.parent[y] = x
    if disjoint_set.rank[x] == disjoint_set.rank[y]:
        disjoint_set.rank[x] += 1

from numba.typed import Dict, List
from numba.types import int64, ListType

int64_list_type = ListType(int64)

LinkageMergeData = namedtuple("LinkageMergeData", ["parent", "size", "next"])

# === CASE segments_in_branch
# SOURCE: TutteInstitute/fast_hdbscan fast_hdbscan/cluster_trees.py @ e9c75c5407f9, line 881
# RUN: segments_in_branch (np.array([10, 10, 11, 11, 12, 12, 13, 13]), np.array([11, 12, 13, 14, 15, 16, 17, 18]), 10)
# RUN: segments_in_branch (np.array([10, 10, 11, 11, 12, 12, 13, 13]), np.array([11, 12, 13, 14, 15, 16, 17, 18]), 12)
# RUN: segments_in_branch (np.array([10, 10, 11, 11, 12, 12, 13, 13]), np.array([11, 12, 13, 14, 15, 16, 17, 18]), 17)
@numba.njit(cache=NUMBA_CACHE)
def segments_in_branch(parents, children, segment):
    # only way to create a typed empty set
    child_set = {np.int64(0)}
    result = {np.int64(0)}
    result.clear()
    to_process = {segment}

    while len(to_process) > 0:
        result |= to_process

        child_set.clear()
        for segment in to_process:
            idx = np.searchsorted(parents, segment)
            if idx >= len(parents):
                continue
            child_set.add(children[idx])
            child_set.add(children[idx + 1])

        to_process.clear()
        to_process |= child_set

    return result


# === CASE get_cluster_labelling_at_cut
# SOURCE: TutteInstitute/fast_hdbscan fast_hdbscan/cluster_trees.py @ e9c75c5407f9, line 906
# RUN: get_cluster_labelling_at_cut (np.array([[0.0, 1.0, 0.5, 2.0], [2.0, 3.0, 0.7, 2.0], [6.0, 4.0, 1.0, 3.0], [7.0, 5.0, 1.2, 3.0], [8.0, 9.0, 3.0, 6.0]]), 2.0, 3)
# RUN: get_cluster_labelling_at_cut (np.array([[0.0, 1.0, 0.5, 2.0], [2.0, 3.0, 0.7, 2.0], [6.0, 4.0, 1.0, 3.0], [7.0, 5.0, 1.2, 3.0], [8.0, 9.0, 3.0, 6.0]]), 1.1, 2)
# RUN: get_cluster_labelling_at_cut (np.array([[0.0, 1.0, 0.5, 2.0], [2.0, 3.0, 0.7, 2.0], [6.0, 4.0, 1.0, 3.0], [7.0, 5.0, 1.2, 3.0], [8.0, 9.0, 3.0, 6.0]]), 5.0, 2)
@numba.njit(parallel=True, cache=NUMBA_CACHE)
def get_cluster_labelling_at_cut(linkage_tree, cut, min_cluster_size):

    root = 2 * linkage_tree.shape[0]
    num_points = linkage_tree.shape[0] + 1
    result = np.empty(num_points, dtype=np.intp)
    disjoint_set = ds_rank_create(root + 1)

    cluster = num_points
    for i in range(linkage_tree.shape[0]):
        if linkage_tree[i, 2] < cut:
            ds_union_by_rank(disjoint_set, np.intp(linkage_tree[i, 0]), cluster)
            ds_union_by_rank(disjoint_set, np.intp(linkage_tree[i, 1]), cluster)
        cluster += 1

    cluster_size = np.zeros(cluster, dtype=np.intp)
    for n in range(num_points):
        cluster = ds_find(disjoint_set, n)
        cluster_size[cluster] += 1
        result[n] = cluster

    cluster_label_map = {-1: -1}
    cluster_label = 0
    unique_labels = np.unique(result)

    for cluster in unique_labels:
        if cluster_size[cluster] < min_cluster_size:
            cluster_label_map[cluster] = -1
        else:
            cluster_label_map[cluster] = cluster_label
            cluster_label += 1

    for n in numba.prange(num_points):
        result[n] = cluster_label_map[result[n]]

    return result
