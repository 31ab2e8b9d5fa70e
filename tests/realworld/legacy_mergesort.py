# Real Numba code from numba/numba-examples legacy/mergesort.py at commit c423f5419a459f5ab8874fda6d39bb5ea05d04b2
# (BSD-2-Clause, Copyright (c) 2017, Anaconda, Inc. and Intel Corporation), copied unchanged: the module's functions.
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit

# === CASE mergesort_inplace
# SOURCE: numba/numba-examples legacy/mergesort.py @ c423f5419a45, line 17
# RUN: mergesort_inplace np.random.default_rng(0).integers(0, 1000, 100)
@njit
def mergesort_inplace(arr):
    "Inplace mergesort"
    assert arr.ndim == 1

    if arr.size > 2:
        mid = arr.size // 2
        first = arr[:mid]
        second = arr[mid:]
        mergesort_inplace(first)
        mergesort_inplace(second)

        left = 0
        right = mid
        while left < mid and right < arr.size:
            if arr[left] <= arr[right]:
                left += 1
            else:
                temp = arr[right]
                right += 1
                # copy left array to the right by one
                for i in range(mid, left, -1):
                    arr[i] = arr[i - 1]
                arr[left] = temp
                left += 1
                mid += 1
    elif arr.size == 2:
        a, b = arr
        arr[0], arr[1] = ((a, b) if a <= b else (b, a))
    return arr

# === CASE mergesort
# SOURCE: numba/numba-examples legacy/mergesort.py @ c423f5419a45, line 49
# RUN: mergesort np.random.default_rng(0).integers(0, 1000, 100)
@njit
def mergesort(arr):
    "mergesort"
    assert arr.ndim == 1

    if arr.size > 2:
        mid = arr.size // 2
        first = mergesort(arr[:mid].copy())
        second = mergesort(arr[mid:].copy())

        left = right = 0
        writeidx = 0
        while left < first.size and right < second.size:
            if first[left] <= second[right]:
                arr[writeidx] = first[left]
                left += 1
            else:
                arr[writeidx] = second[right]
                right += 1
            writeidx += 1

        while left < first.size:
            arr[writeidx] = first[left]
            writeidx += 1
            left += 1

        while right < second.size:
            arr[writeidx] = second[right]
            writeidx += 1
            right += 1

    elif arr.size == 2:
        a, b = arr
        arr[0], arr[1] = ((a, b) if a <= b else (b, a))
    return arr
