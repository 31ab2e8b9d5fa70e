# Real Numba code from polakowo/vectorbt vectorbt/signals/nb.py at commit f9897528f675114e6b34790178dbb2ca137acb51
# (Apache-2.0 with the Commons Clause condition, Copyright (c) 2017-2026 Oleg Polakow), copied unchanged: its @njit functions in order, from generate_nb to
# generate_rand_enex_by_prob_nb (its generation and random sections; the stop-exit, range and rank functions that follow
# are not taken), each case with the module's functions it calls. What they import from vectorbt is copied, unchanged,
# into the cases that use it: flex_select_auto_nb and its helpers (vectorbt/base/reshape_fns.py) and
# uniform_summing_to_one_nb, renormalize_nb and rescale_float_to_int_nb (vectorbt/utils/array_.py); `from __future__
# import annotations` leaves the annotations unevaluated in place of `from vectorbt import _typing as tp`, as vectorbt is
# not installed. Every RUN line seeds np.random (or draws nothing random), so both compilers see the same stream.
# Each case below is run by run.py as this prelude followed by the case alone.
from __future__ import annotations

import numpy as np
from numba import njit

# === CASE generate_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 41
# OUT-OF-SCOPE: takes a function argument (choice_func_nb), which a RUN expression cannot name (the cases below call it with this module's choice functions)
@njit
def generate_nb(shape: tp.Shape, pick_first: bool, choice_func_nb: tp.ChoiceFunc, *args) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick signals using `choice_func_nb`.

    Args:
        shape (array): Target shape.
        pick_first (bool): Whether to pick the first signal out of all returned by `choice_func_nb`.
        choice_func_nb (callable): Choice function.

            `choice_func_nb` should accept index of the start of the range `from_i`,
            index of the end of the range `to_i`, index of the column `col`, and `*args`.
            It should return an array of indices from `[from_i, to_i)` (can be empty).
        *args: Arguments passed to `choice_func_nb`.

    Usage:
        ```pycon
        >>> from numba import njit
        >>> import numpy as np
        >>> from vectorbt.signals.nb import generate_nb

        >>> @njit
        ... def choice_func_nb(from_i, to_i, col):
        ...     return np.array([from_i + col])

        >>> generate_nb((5, 3), choice_func_nb)
        [[ True False False]
         [False  True False]
         [False False  True]
         [False False False]
         [False False False]]
        ```
    """
    out = np.full(shape, False, dtype=np.bool_)

    for col in range(out.shape[1]):
        idxs = choice_func_nb(0, shape[0], col, *args)
        if len(idxs) == 0:
            continue
        if pick_first:
            first_i = idxs[0]
            if first_i < 0 or first_i >= shape[0]:
                raise ValueError("First returned index is out of bounds")
            out[first_i, col] = True
        else:
            if np.any(idxs < 0) or np.any(idxs >= shape[0]):
                raise ValueError("Returned indices are out of bounds")
            out[idxs, col] = True
    return out

# === CASE generate_ex_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 91
# OUT-OF-SCOPE: takes a function argument (exit_choice_func_nb), which a RUN expression cannot name (the cases below call it with this module's choice functions)
@njit
def generate_ex_nb(
    entries: tp.Array2d,
    wait: int,
    until_next: bool,
    skip_until_exit: bool,
    pick_first: bool,
    exit_choice_func_nb: tp.ChoiceFunc,
    *args,
) -> tp.Array2d:
    """Pick exit signals using `exit_choice_func_nb` after each signal in `entries`.

    Args:
        entries (array): Boolean array with entry signals.
        wait (int): Number of ticks to wait before placing exits.

            !!! note
                Setting `wait` to 0 or False may result in two signals at one bar.
        until_next (int): Whether to place signals up to the next entry signal.

            !!! note
                Setting it to False makes it difficult to tell which exit belongs to which entry.
        skip_until_exit (bool): Whether to skip processing entry signals until the next exit.

            Has only effect when `until_next` is disabled.

            !!! note
                Setting it to True makes it difficult to tell which exit belongs to which entry.
        pick_first (bool): Whether to pick the first signal out of all returned by `exit_choice_func_nb`.
        exit_choice_func_nb (callable): Exit choice function.

            See `choice_func_nb` in `generate_nb`.
        *args (callable): Arguments passed to `exit_choice_func_nb`.
    """
    exits = np.full_like(entries, False)

    for col in range(entries.shape[1]):
        entry_idxs = np.flatnonzero(entries[:, col])
        last_exit_i = -1
        for i in range(entry_idxs.shape[0]):
            # Calculate the range to choose from
            if skip_until_exit and entry_idxs[i] <= last_exit_i:
                continue
            from_i = entry_idxs[i] + wait
            if i < entry_idxs.shape[0] - 1 and until_next:
                to_i = entry_idxs[i + 1]
            else:
                to_i = entries.shape[0]
            if to_i > from_i:
                # Run the UDF
                idxs = exit_choice_func_nb(from_i, to_i, col, *args)
                if len(idxs) == 0:
                    continue
                if pick_first:
                    first_i = idxs[0]
                    if first_i < from_i or first_i >= to_i:
                        raise ValueError("First returned index is out of bounds")
                    exits[first_i, col] = True
                    last_exit_i = first_i
                else:
                    if np.any(idxs < from_i) or np.any(idxs >= to_i):
                        raise ValueError("Returned indices are out of bounds")
                    exits[idxs, col] = True
                    last_exit_i = idxs[-1]
    return exits

# === CASE generate_enex_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 158
# OUT-OF-SCOPE: takes a function argument (entry_choice_func_nb, exit_choice_func_nb), which a RUN expression cannot name (the cases below call it with this module's choice functions)
@njit
def generate_enex_nb(
    shape: tp.Shape,
    entry_wait: int,
    exit_wait: int,
    entry_pick_first: bool,
    exit_pick_first: bool,
    entry_choice_func_nb: tp.ChoiceFunc,
    entry_args: tp.Args,
    exit_choice_func_nb: tp.ChoiceFunc,
    exit_args: tp.Args,
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Pick entry signals using `entry_choice_func_nb` and exit signals using
    `exit_choice_func_nb` one after another.

    Args:
        shape (array): Target shape.
        entry_wait (int): Number of ticks to wait before placing entries.

            !!! note
                Setting `entry_wait` to 0 or False assumes that both entry and exit can be processed
                within the same bar, and exit can be processed before entry.
        exit_wait (int): Number of ticks to wait before placing exits.

            !!! note
                Setting `exit_wait` to 0 or False assumes that both entry and exit can be processed
                within the same bar, and entry can be processed before exit.
        entry_pick_first (bool): Whether to pick the first entry out of all returned by `entry_choice_func_nb`.
        exit_pick_first (bool): Whether to pick the first exit out of all returned by `exit_choice_func_nb`.

            Setting it to False acts similarly to setting `skip_until_exit` to True in `generate_ex_nb`.
        entry_choice_func_nb (callable): Entry choice function.

            See `choice_func_nb` in `generate_nb`.
        entry_args (tuple): Arguments unpacked and passed to `entry_choice_func_nb`.
        exit_choice_func_nb (callable): Exit choice function.

            See `choice_func_nb` in `generate_nb`.
        exit_args (tuple): Arguments unpacked and passed to `exit_choice_func_nb`.
    """
    entries = np.full(shape, False)
    exits = np.full(shape, False)
    if entry_wait == 0 and exit_wait == 0:
        raise ValueError("entry_wait and exit_wait cannot be both 0")

    for col in range(shape[1]):
        prev_prev_i = -2
        prev_i = -1
        i = 0
        while True:
            to_i = shape[0]
            # Cannot assign two functions to a var in numba
            if i % 2 == 0:
                if i == 0:
                    from_i = 0
                else:
                    from_i = prev_i + entry_wait
                if from_i >= to_i:
                    break
                idxs = entry_choice_func_nb(from_i, to_i, col, *entry_args)
                a = entries
                pick_first = entry_pick_first
            else:
                from_i = prev_i + exit_wait
                if from_i >= to_i:
                    break
                idxs = exit_choice_func_nb(from_i, to_i, col, *exit_args)
                a = exits
                pick_first = exit_pick_first
            if len(idxs) == 0:
                break
            first_i = idxs[0]
            if first_i == prev_i == prev_prev_i:
                raise ValueError("Infinite loop detected")
            if first_i < from_i:
                raise ValueError("First index is out of bounds")
            if pick_first:
                # Consider only the first signal
                if first_i >= to_i:
                    raise ValueError("First index is out of bounds")
                a[first_i, col] = True
                prev_prev_i = prev_i
                prev_i = first_i
                i += 1
            else:
                # Consider all signals
                last_i = idxs[-1]
                if last_i >= to_i:
                    raise ValueError("Last index is out of bounds")
                a[idxs, col] = True
                prev_prev_i = prev_i
                prev_i = last_i
                i += 1

    return entries, exits

# === CASE clean_enex_1d_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 258
# RUN: clean_enex_1d_nb (np.array([True, False, True, False, False, True, True, False, False, False, True, False]), np.array([True, True, False, False, True, False, True, True, False, True, True, False]), True)
# RUN: clean_enex_1d_nb (np.array([True, False, True, False, False, True, True, False, False, False, True, False]), np.array([True, True, False, False, True, False, True, True, False, True, True, False]), False)
@njit(cache=True)
def clean_enex_1d_nb(entries: tp.Array1d, exits: tp.Array1d, entry_first: bool) -> tp.Tuple[tp.Array1d, tp.Array1d]:
    """Clean entry and exit arrays by picking the first signal out of each.

    Entry signal must be picked first. If both signals are present, selects none."""
    entries_out = np.full(entries.shape, False, dtype=np.bool_)
    exits_out = np.full(exits.shape, False, dtype=np.bool_)

    phase = -1
    for i in range(entries.shape[0]):
        if entries[i] and exits[i]:
            continue
        if entries[i]:
            if phase == -1 or phase == 0:
                phase = 1
                entries_out[i] = True
        if exits[i]:
            if (not entry_first and phase == -1) or phase == 1:
                phase = 0
                exits_out[i] = True

    return entries_out, exits_out

# === CASE clean_enex_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 282
# RUN: clean_enex_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]])[::-1].copy(), True)
# RUN: clean_enex_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), np.roll(np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), 1, axis=0), False)
@njit(cache=True)
def clean_enex_1d_nb(entries: tp.Array1d, exits: tp.Array1d, entry_first: bool) -> tp.Tuple[tp.Array1d, tp.Array1d]:
    """Clean entry and exit arrays by picking the first signal out of each.

    Entry signal must be picked first. If both signals are present, selects none."""
    entries_out = np.full(entries.shape, False, dtype=np.bool_)
    exits_out = np.full(exits.shape, False, dtype=np.bool_)

    phase = -1
    for i in range(entries.shape[0]):
        if entries[i] and exits[i]:
            continue
        if entries[i]:
            if phase == -1 or phase == 0:
                phase = 1
                entries_out[i] = True
        if exits[i]:
            if (not entry_first and phase == -1) or phase == 1:
                phase = 0
                exits_out[i] = True

    return entries_out, exits_out

@njit(cache=True)
def clean_enex_nb(entries: tp.Array2d, exits: tp.Array2d, entry_first: bool) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """2-dim version of `clean_enex_1d_nb`."""
    entries_out = np.empty(entries.shape, dtype=np.bool_)
    exits_out = np.empty(exits.shape, dtype=np.bool_)

    for col in range(entries.shape[1]):
        entries_out[:, col], exits_out[:, col] = clean_enex_1d_nb(entries[:, col], exits[:, col], entry_first)
    return entries_out, exits_out

# === CASE rand_choice_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 296
# RUN: rand_choice_nb (5, 6, 0, 3)
# RUN: rand_choice_nb (5, 9, 1, np.array([3, 0]))
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_choice_nb(from_i: int, to_i: int, col: int, n: tp.MaybeArray[int]) -> tp.Array1d:
    """`choice_func_nb` to randomly pick `n` values from range `[from_i, to_i)`.

    `n` uses flexible indexing."""
    ns = np.asarray(n)
    size = min(to_i - from_i, flex_select_auto_nb(ns, 0, col, True))
    return from_i + np.random.choice(to_i - from_i, size=size, replace=False)

# === CASE generate_rand_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 306
# RUN: generate_rand_nb ((8, 3), 2, 42)
# RUN: generate_rand_nb ((10, 3), np.array([1, 3, 5]), 7)
@njit
def generate_nb(shape: tp.Shape, pick_first: bool, choice_func_nb: tp.ChoiceFunc, *args) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick signals using `choice_func_nb`.

    Args:
        shape (array): Target shape.
        pick_first (bool): Whether to pick the first signal out of all returned by `choice_func_nb`.
        choice_func_nb (callable): Choice function.

            `choice_func_nb` should accept index of the start of the range `from_i`,
            index of the end of the range `to_i`, index of the column `col`, and `*args`.
            It should return an array of indices from `[from_i, to_i)` (can be empty).
        *args: Arguments passed to `choice_func_nb`.

    Usage:
        ```pycon
        >>> from numba import njit
        >>> import numpy as np
        >>> from vectorbt.signals.nb import generate_nb

        >>> @njit
        ... def choice_func_nb(from_i, to_i, col):
        ...     return np.array([from_i + col])

        >>> generate_nb((5, 3), choice_func_nb)
        [[ True False False]
         [False  True False]
         [False False  True]
         [False False False]
         [False False False]]
        ```
    """
    out = np.full(shape, False, dtype=np.bool_)

    for col in range(out.shape[1]):
        idxs = choice_func_nb(0, shape[0], col, *args)
        if len(idxs) == 0:
            continue
        if pick_first:
            first_i = idxs[0]
            if first_i < 0 or first_i >= shape[0]:
                raise ValueError("First returned index is out of bounds")
            out[first_i, col] = True
        else:
            if np.any(idxs < 0) or np.any(idxs >= shape[0]):
                raise ValueError("Returned indices are out of bounds")
            out[idxs, col] = True
    return out

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_choice_nb(from_i: int, to_i: int, col: int, n: tp.MaybeArray[int]) -> tp.Array1d:
    """`choice_func_nb` to randomly pick `n` values from range `[from_i, to_i)`.

    `n` uses flexible indexing."""
    ns = np.asarray(n)
    size = min(to_i - from_i, flex_select_auto_nb(ns, 0, col, True))
    return from_i + np.random.choice(to_i - from_i, size=size, replace=False)

@njit
def generate_rand_nb(shape: tp.Shape, n: tp.MaybeArray[int], seed: tp.Optional[int] = None) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick a number of signals randomly.

    Specify `seed` to make output deterministic.

    See `rand_choice_nb`."""
    if seed is not None:
        np.random.seed(seed)
    return generate_nb(shape, False, rand_choice_nb, n)

# === CASE rand_by_prob_choice_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 318
# RUN: rand_by_prob_choice_nb (0, 6, 0, 1.0, False, np.zeros(6, dtype=np.int64), True)
# RUN: rand_by_prob_choice_nb (2, 8, 1, np.array([0.0, 1.0]), True, np.zeros(8, dtype=np.int64), True)
# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_by_prob_choice_nb(
    from_i: int,
    to_i: int,
    col: int,
    prob: tp.MaybeArray[float],
    pick_first: bool,
    temp_idx_arr: tp.Array1d,
    flex_2d: bool,
) -> tp.Array1d:
    """`choice_func_nb` to randomly pick values from range `[from_i, to_i)` with probability `prob`.

    `prob` uses flexible indexing."""
    probs = np.asarray(prob)
    j = 0
    for i in range(from_i, to_i):
        if np.random.uniform(0, 1) < flex_select_auto_nb(probs, i, col, flex_2d):  # [0, 1)
            temp_idx_arr[j] = i
            j += 1
            if pick_first:
                break
    return temp_idx_arr[:j]

# === CASE generate_rand_by_prob_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 342
# RUN: generate_rand_by_prob_nb ((8, 3), 0.5, False, True, 42)
# RUN: generate_rand_by_prob_nb ((10, 2), np.array([0.2, 0.8]), True, True, 3)
@njit
def generate_nb(shape: tp.Shape, pick_first: bool, choice_func_nb: tp.ChoiceFunc, *args) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick signals using `choice_func_nb`.

    Args:
        shape (array): Target shape.
        pick_first (bool): Whether to pick the first signal out of all returned by `choice_func_nb`.
        choice_func_nb (callable): Choice function.

            `choice_func_nb` should accept index of the start of the range `from_i`,
            index of the end of the range `to_i`, index of the column `col`, and `*args`.
            It should return an array of indices from `[from_i, to_i)` (can be empty).
        *args: Arguments passed to `choice_func_nb`.

    Usage:
        ```pycon
        >>> from numba import njit
        >>> import numpy as np
        >>> from vectorbt.signals.nb import generate_nb

        >>> @njit
        ... def choice_func_nb(from_i, to_i, col):
        ...     return np.array([from_i + col])

        >>> generate_nb((5, 3), choice_func_nb)
        [[ True False False]
         [False  True False]
         [False False  True]
         [False False False]
         [False False False]]
        ```
    """
    out = np.full(shape, False, dtype=np.bool_)

    for col in range(out.shape[1]):
        idxs = choice_func_nb(0, shape[0], col, *args)
        if len(idxs) == 0:
            continue
        if pick_first:
            first_i = idxs[0]
            if first_i < 0 or first_i >= shape[0]:
                raise ValueError("First returned index is out of bounds")
            out[first_i, col] = True
        else:
            if np.any(idxs < 0) or np.any(idxs >= shape[0]):
                raise ValueError("Returned indices are out of bounds")
            out[idxs, col] = True
    return out

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_by_prob_choice_nb(
    from_i: int,
    to_i: int,
    col: int,
    prob: tp.MaybeArray[float],
    pick_first: bool,
    temp_idx_arr: tp.Array1d,
    flex_2d: bool,
) -> tp.Array1d:
    """`choice_func_nb` to randomly pick values from range `[from_i, to_i)` with probability `prob`.

    `prob` uses flexible indexing."""
    probs = np.asarray(prob)
    j = 0
    for i in range(from_i, to_i):
        if np.random.uniform(0, 1) < flex_select_auto_nb(probs, i, col, flex_2d):  # [0, 1)
            temp_idx_arr[j] = i
            j += 1
            if pick_first:
                break
    return temp_idx_arr[:j]

@njit
def generate_rand_by_prob_nb(
    shape: tp.Shape,
    prob: tp.MaybeArray[float],
    pick_first: bool,
    flex_2d: bool,
    seed: tp.Optional[int] = None,
) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick signals randomly by probability `prob`.

    `prob` should be a 2-dim array of shape `shape`.
    Specify `seed` to make output deterministic.

    See `rand_by_prob_choice_nb`."""
    if seed is not None:
        np.random.seed(seed)
    temp_idx_arr = np.empty((shape[0],), dtype=np.int64)
    return generate_nb(shape, pick_first, rand_by_prob_choice_nb, prob, pick_first, temp_idx_arr, flex_2d)

# === CASE generate_rand_ex_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 365
# RUN: generate_rand_ex_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), 1, True, False, 42)
# RUN: generate_rand_ex_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), 0, False, True, 5)
@njit
def generate_ex_nb(
    entries: tp.Array2d,
    wait: int,
    until_next: bool,
    skip_until_exit: bool,
    pick_first: bool,
    exit_choice_func_nb: tp.ChoiceFunc,
    *args,
) -> tp.Array2d:
    """Pick exit signals using `exit_choice_func_nb` after each signal in `entries`.

    Args:
        entries (array): Boolean array with entry signals.
        wait (int): Number of ticks to wait before placing exits.

            !!! note
                Setting `wait` to 0 or False may result in two signals at one bar.
        until_next (int): Whether to place signals up to the next entry signal.

            !!! note
                Setting it to False makes it difficult to tell which exit belongs to which entry.
        skip_until_exit (bool): Whether to skip processing entry signals until the next exit.

            Has only effect when `until_next` is disabled.

            !!! note
                Setting it to True makes it difficult to tell which exit belongs to which entry.
        pick_first (bool): Whether to pick the first signal out of all returned by `exit_choice_func_nb`.
        exit_choice_func_nb (callable): Exit choice function.

            See `choice_func_nb` in `generate_nb`.
        *args (callable): Arguments passed to `exit_choice_func_nb`.
    """
    exits = np.full_like(entries, False)

    for col in range(entries.shape[1]):
        entry_idxs = np.flatnonzero(entries[:, col])
        last_exit_i = -1
        for i in range(entry_idxs.shape[0]):
            # Calculate the range to choose from
            if skip_until_exit and entry_idxs[i] <= last_exit_i:
                continue
            from_i = entry_idxs[i] + wait
            if i < entry_idxs.shape[0] - 1 and until_next:
                to_i = entry_idxs[i + 1]
            else:
                to_i = entries.shape[0]
            if to_i > from_i:
                # Run the UDF
                idxs = exit_choice_func_nb(from_i, to_i, col, *args)
                if len(idxs) == 0:
                    continue
                if pick_first:
                    first_i = idxs[0]
                    if first_i < from_i or first_i >= to_i:
                        raise ValueError("First returned index is out of bounds")
                    exits[first_i, col] = True
                    last_exit_i = first_i
                else:
                    if np.any(idxs < from_i) or np.any(idxs >= to_i):
                        raise ValueError("Returned indices are out of bounds")
                    exits[idxs, col] = True
                    last_exit_i = idxs[-1]
    return exits

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_choice_nb(from_i: int, to_i: int, col: int, n: tp.MaybeArray[int]) -> tp.Array1d:
    """`choice_func_nb` to randomly pick `n` values from range `[from_i, to_i)`.

    `n` uses flexible indexing."""
    ns = np.asarray(n)
    size = min(to_i - from_i, flex_select_auto_nb(ns, 0, col, True))
    return from_i + np.random.choice(to_i - from_i, size=size, replace=False)

@njit
def generate_rand_ex_nb(
    entries: tp.Array2d,
    wait: int,
    until_next: bool,
    skip_until_exit: bool,
    seed: tp.Optional[int] = None,
) -> tp.Array2d:
    """Pick an exit after each entry in `entries`.

    Specify `seed` to make output deterministic."""
    if seed is not None:
        np.random.seed(seed)
    return generate_ex_nb(entries, wait, until_next, skip_until_exit, True, rand_choice_nb, 1)

# === CASE generate_rand_ex_by_prob_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 381
# RUN: generate_rand_ex_by_prob_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), 0.5, 1, True, False, True, 42)
# RUN: generate_rand_ex_by_prob_nb (np.array([[True, False], [False, False], [False, True], [False, False], [True, False], [False, False], [False, True], [False, False], [False, False], [True, False], [False, False], [False, False]]), np.array([0.3, 0.9]), 1, False, True, True, 9)
@njit
def generate_ex_nb(
    entries: tp.Array2d,
    wait: int,
    until_next: bool,
    skip_until_exit: bool,
    pick_first: bool,
    exit_choice_func_nb: tp.ChoiceFunc,
    *args,
) -> tp.Array2d:
    """Pick exit signals using `exit_choice_func_nb` after each signal in `entries`.

    Args:
        entries (array): Boolean array with entry signals.
        wait (int): Number of ticks to wait before placing exits.

            !!! note
                Setting `wait` to 0 or False may result in two signals at one bar.
        until_next (int): Whether to place signals up to the next entry signal.

            !!! note
                Setting it to False makes it difficult to tell which exit belongs to which entry.
        skip_until_exit (bool): Whether to skip processing entry signals until the next exit.

            Has only effect when `until_next` is disabled.

            !!! note
                Setting it to True makes it difficult to tell which exit belongs to which entry.
        pick_first (bool): Whether to pick the first signal out of all returned by `exit_choice_func_nb`.
        exit_choice_func_nb (callable): Exit choice function.

            See `choice_func_nb` in `generate_nb`.
        *args (callable): Arguments passed to `exit_choice_func_nb`.
    """
    exits = np.full_like(entries, False)

    for col in range(entries.shape[1]):
        entry_idxs = np.flatnonzero(entries[:, col])
        last_exit_i = -1
        for i in range(entry_idxs.shape[0]):
            # Calculate the range to choose from
            if skip_until_exit and entry_idxs[i] <= last_exit_i:
                continue
            from_i = entry_idxs[i] + wait
            if i < entry_idxs.shape[0] - 1 and until_next:
                to_i = entry_idxs[i + 1]
            else:
                to_i = entries.shape[0]
            if to_i > from_i:
                # Run the UDF
                idxs = exit_choice_func_nb(from_i, to_i, col, *args)
                if len(idxs) == 0:
                    continue
                if pick_first:
                    first_i = idxs[0]
                    if first_i < from_i or first_i >= to_i:
                        raise ValueError("First returned index is out of bounds")
                    exits[first_i, col] = True
                    last_exit_i = first_i
                else:
                    if np.any(idxs < from_i) or np.any(idxs >= to_i):
                        raise ValueError("Returned indices are out of bounds")
                    exits[idxs, col] = True
                    last_exit_i = idxs[-1]
    return exits

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_by_prob_choice_nb(
    from_i: int,
    to_i: int,
    col: int,
    prob: tp.MaybeArray[float],
    pick_first: bool,
    temp_idx_arr: tp.Array1d,
    flex_2d: bool,
) -> tp.Array1d:
    """`choice_func_nb` to randomly pick values from range `[from_i, to_i)` with probability `prob`.

    `prob` uses flexible indexing."""
    probs = np.asarray(prob)
    j = 0
    for i in range(from_i, to_i):
        if np.random.uniform(0, 1) < flex_select_auto_nb(probs, i, col, flex_2d):  # [0, 1)
            temp_idx_arr[j] = i
            j += 1
            if pick_first:
                break
    return temp_idx_arr[:j]

@njit
def generate_rand_ex_by_prob_nb(
    entries: tp.Array2d,
    prob: tp.MaybeArray[float],
    wait: int,
    until_next: bool,
    skip_until_exit: bool,
    flex_2d: bool,
    seed: tp.Optional[int] = None,
) -> tp.Array2d:
    """Pick an exit after each entry in `entries` by probability `prob`.

    `prob` should be a 2-dim array of shape `shape`.
    Specify `seed` to make output deterministic."""
    if seed is not None:
        np.random.seed(seed)
    temp_idx_arr = np.empty((entries.shape[0],), dtype=np.int64)
    return generate_ex_nb(
        entries,
        wait,
        until_next,
        skip_until_exit,
        True,
        rand_by_prob_choice_nb,
        prob,
        True,
        temp_idx_arr,
        flex_2d,
    )

# === CASE generate_rand_enex_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 412
# RUN: generate_rand_enex_nb ((12, 3), 2, 1, 1, 42)
# RUN: generate_rand_enex_nb ((20, 2), np.array([1, 3]), 2, 1, 7)
@njit
def generate_nb(shape: tp.Shape, pick_first: bool, choice_func_nb: tp.ChoiceFunc, *args) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick signals using `choice_func_nb`.

    Args:
        shape (array): Target shape.
        pick_first (bool): Whether to pick the first signal out of all returned by `choice_func_nb`.
        choice_func_nb (callable): Choice function.

            `choice_func_nb` should accept index of the start of the range `from_i`,
            index of the end of the range `to_i`, index of the column `col`, and `*args`.
            It should return an array of indices from `[from_i, to_i)` (can be empty).
        *args: Arguments passed to `choice_func_nb`.

    Usage:
        ```pycon
        >>> from numba import njit
        >>> import numpy as np
        >>> from vectorbt.signals.nb import generate_nb

        >>> @njit
        ... def choice_func_nb(from_i, to_i, col):
        ...     return np.array([from_i + col])

        >>> generate_nb((5, 3), choice_func_nb)
        [[ True False False]
         [False  True False]
         [False False  True]
         [False False False]
         [False False False]]
        ```
    """
    out = np.full(shape, False, dtype=np.bool_)

    for col in range(out.shape[1]):
        idxs = choice_func_nb(0, shape[0], col, *args)
        if len(idxs) == 0:
            continue
        if pick_first:
            first_i = idxs[0]
            if first_i < 0 or first_i >= shape[0]:
                raise ValueError("First returned index is out of bounds")
            out[first_i, col] = True
        else:
            if np.any(idxs < 0) or np.any(idxs >= shape[0]):
                raise ValueError("Returned indices are out of bounds")
            out[idxs, col] = True
    return out

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

# vectorbt/utils/array_.py @ f9897528f675, line 62
@njit(cache=True)
def uniform_summing_to_one_nb(n: int) -> tp.Array1d:
    """Generate random floats summing to one.

    See # https://stackoverflow.com/a/2640067/8141780"""
    rand_floats = np.empty(n + 1, dtype=np.float64)
    rand_floats[0] = 0.0
    rand_floats[1] = 1.0
    rand_floats[2:] = np.random.uniform(0, 1, n - 1)
    rand_floats = np.sort(rand_floats)
    rand_floats = rand_floats[1:] - rand_floats[:-1]
    return rand_floats

# vectorbt/utils/array_.py @ f9897528f675, line 76
def renormalize(
    a: tp.MaybeArray[float],
    from_range: tp.Tuple[float, float],
    to_range: tp.Tuple[float, float],
) -> tp.MaybeArray[float]:
    """Renormalize `a` from one range to another."""
    from_delta = from_range[1] - from_range[0]
    to_delta = to_range[1] - to_range[0]
    return (to_delta * (a - from_range[0]) / from_delta) + to_range[0]

# vectorbt/utils/array_.py @ f9897528f675, line 87
renormalize_nb = njit(cache=True)(renormalize)

# vectorbt/utils/array_.py @ f9897528f675, line 127
@njit(cache=True)
def rescale_float_to_int_nb(floats: tp.Array, int_range: tp.Tuple[float, float], total: float) -> tp.Array:
    """Rescale a float array into an int array."""
    ints = np.floor(renormalize_nb(floats, [0.0, 1.0], int_range))
    leftover = int(total - ints.sum())
    for i in range(leftover):
        ints[np.random.choice(len(ints))] += 1
    return ints

@njit(cache=True)
def rand_choice_nb(from_i: int, to_i: int, col: int, n: tp.MaybeArray[int]) -> tp.Array1d:
    """`choice_func_nb` to randomly pick `n` values from range `[from_i, to_i)`.

    `n` uses flexible indexing."""
    ns = np.asarray(n)
    size = min(to_i - from_i, flex_select_auto_nb(ns, 0, col, True))
    return from_i + np.random.choice(to_i - from_i, size=size, replace=False)

@njit
def generate_rand_nb(shape: tp.Shape, n: tp.MaybeArray[int], seed: tp.Optional[int] = None) -> tp.Array2d:
    """Create a boolean matrix of `shape` and pick a number of signals randomly.

    Specify `seed` to make output deterministic.

    See `rand_choice_nb`."""
    if seed is not None:
        np.random.seed(seed)
    return generate_nb(shape, False, rand_choice_nb, n)

@njit
def generate_rand_enex_nb(
    shape: tp.Shape,
    n: tp.MaybeArray[int],
    entry_wait: int,
    exit_wait: int,
    seed: tp.Optional[int] = None,
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Pick a number of entries and the same number of exits one after another.

    Respects `entry_wait` and `exit_wait` constraints through a number of tricks.
    Tries to mimic a uniform distribution as much as possible.

    The idea is the following: with constraints, there is some fixed amount of total
    space required between first entry and last exit. Upscale this space in a way that
    distribution of entries and exit is similar to a uniform distribution. This means
    randomizing the position of first entry, last exit, and all signals between them.

    `n` uses flexible indexing.
    Specify `seed` to make output deterministic."""
    if seed is not None:
        np.random.seed(seed)
    entries = np.full(shape, False)
    exits = np.full(shape, False)
    if entry_wait == 0 and exit_wait == 0:
        raise ValueError("entry_wait and exit_wait cannot be both 0")
    ns = np.asarray(n)

    if entry_wait == 1 and exit_wait == 1:
        # Basic case
        both = generate_rand_nb(shape, ns * 2, seed=None)
        for col in range(both.shape[1]):
            both_idxs = np.flatnonzero(both[:, col])
            entries[both_idxs[0::2], col] = True
            exits[both_idxs[1::2], col] = True
    else:
        for col in range(shape[1]):
            _n = flex_select_auto_nb(ns, 0, col, True)
            if _n == 1:
                entry_idx = np.random.randint(0, shape[0] - exit_wait)
                entries[entry_idx, col] = True
            else:
                # Minimum range between two entries
                min_range = entry_wait + exit_wait

                # Minimum total range between first and last entry
                min_total_range = min_range * (_n - 1)
                if shape[0] < min_total_range + exit_wait + 1:
                    raise ValueError("Cannot take a larger sample than population")

                # We should decide how much space should be allocate before first and after last entry
                # Maximum space outside of min_total_range
                max_free_space = shape[0] - min_total_range - 1

                # If min_total_range is tiny compared to max_free_space, limit it
                # otherwise we would have huge space before first and after last entry
                # Limit it such as distribution of entries mimics uniform
                free_space = min(max_free_space, 3 * shape[0] // (_n + 1))

                # What about last exit? it requires exit_wait space
                free_space -= exit_wait

                # Now we need to distribute free space among three ranges:
                # 1) before first, 2) between first and last added to min_total_range, 3) after last
                # We do 2) such that min_total_range can freely expand to maximum
                # We allocate twice as much for 3) as for 1) because an exit is missing
                rand_floats = uniform_summing_to_one_nb(6)
                chosen_spaces = rescale_float_to_int_nb(rand_floats, (0, free_space), free_space)
                first_idx = chosen_spaces[0]
                last_idx = shape[0] - np.sum(chosen_spaces[-2:]) - exit_wait - 1

                # Selected range between first and last entry
                total_range = last_idx - first_idx

                # Maximum range between two entries within total_range
                max_range = total_range - (_n - 2) * min_range

                # Select random ranges within total_range
                rand_floats = uniform_summing_to_one_nb(_n - 1)
                chosen_ranges = rescale_float_to_int_nb(rand_floats, (min_range, max_range), total_range)

                # Translate them into entries
                entry_idxs = np.empty(_n, dtype=np.int64)
                entry_idxs[0] = first_idx
                entry_idxs[1:] = chosen_ranges
                entry_idxs = np.cumsum(entry_idxs)
                entries[entry_idxs, col] = True

        # Generate exits
        for col in range(shape[1]):
            entry_idxs = np.flatnonzero(entries[:, col])
            for j in range(len(entry_idxs)):
                entry_i = entry_idxs[j] + exit_wait
                if j < len(entry_idxs) - 1:
                    exit_i = entry_idxs[j + 1] - entry_wait
                else:
                    exit_i = entries.shape[0] - 1
                i = np.random.randint(exit_i - entry_i + 1)
                exits[entry_i + i, col] = True
    return entries, exits

# === CASE generate_rand_enex_by_prob_nb
# SOURCE: polakowo/vectorbt vectorbt/signals/nb.py @ f9897528f675, line 524
# RUN: generate_rand_enex_by_prob_nb ((10, 3), 0.3, 0.6, 1, 1, True, True, True, 42)
# RUN: generate_rand_enex_by_prob_nb ((10, 2), np.array([0.5, 0.9]), 0.4, 1, 2, True, False, True, 8)
@njit
def generate_enex_nb(
    shape: tp.Shape,
    entry_wait: int,
    exit_wait: int,
    entry_pick_first: bool,
    exit_pick_first: bool,
    entry_choice_func_nb: tp.ChoiceFunc,
    entry_args: tp.Args,
    exit_choice_func_nb: tp.ChoiceFunc,
    exit_args: tp.Args,
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Pick entry signals using `entry_choice_func_nb` and exit signals using
    `exit_choice_func_nb` one after another.

    Args:
        shape (array): Target shape.
        entry_wait (int): Number of ticks to wait before placing entries.

            !!! note
                Setting `entry_wait` to 0 or False assumes that both entry and exit can be processed
                within the same bar, and exit can be processed before entry.
        exit_wait (int): Number of ticks to wait before placing exits.

            !!! note
                Setting `exit_wait` to 0 or False assumes that both entry and exit can be processed
                within the same bar, and entry can be processed before exit.
        entry_pick_first (bool): Whether to pick the first entry out of all returned by `entry_choice_func_nb`.
        exit_pick_first (bool): Whether to pick the first exit out of all returned by `exit_choice_func_nb`.

            Setting it to False acts similarly to setting `skip_until_exit` to True in `generate_ex_nb`.
        entry_choice_func_nb (callable): Entry choice function.

            See `choice_func_nb` in `generate_nb`.
        entry_args (tuple): Arguments unpacked and passed to `entry_choice_func_nb`.
        exit_choice_func_nb (callable): Exit choice function.

            See `choice_func_nb` in `generate_nb`.
        exit_args (tuple): Arguments unpacked and passed to `exit_choice_func_nb`.
    """
    entries = np.full(shape, False)
    exits = np.full(shape, False)
    if entry_wait == 0 and exit_wait == 0:
        raise ValueError("entry_wait and exit_wait cannot be both 0")

    for col in range(shape[1]):
        prev_prev_i = -2
        prev_i = -1
        i = 0
        while True:
            to_i = shape[0]
            # Cannot assign two functions to a var in numba
            if i % 2 == 0:
                if i == 0:
                    from_i = 0
                else:
                    from_i = prev_i + entry_wait
                if from_i >= to_i:
                    break
                idxs = entry_choice_func_nb(from_i, to_i, col, *entry_args)
                a = entries
                pick_first = entry_pick_first
            else:
                from_i = prev_i + exit_wait
                if from_i >= to_i:
                    break
                idxs = exit_choice_func_nb(from_i, to_i, col, *exit_args)
                a = exits
                pick_first = exit_pick_first
            if len(idxs) == 0:
                break
            first_i = idxs[0]
            if first_i == prev_i == prev_prev_i:
                raise ValueError("Infinite loop detected")
            if first_i < from_i:
                raise ValueError("First index is out of bounds")
            if pick_first:
                # Consider only the first signal
                if first_i >= to_i:
                    raise ValueError("First index is out of bounds")
                a[first_i, col] = True
                prev_prev_i = prev_i
                prev_i = first_i
                i += 1
            else:
                # Consider all signals
                last_i = idxs[-1]
                if last_i >= to_i:
                    raise ValueError("Last index is out of bounds")
                a[idxs, col] = True
                prev_prev_i = prev_i
                prev_i = last_i
                i += 1

    return entries, exits

# vectorbt/base/reshape_fns.py @ f9897528f675, line 950
@njit(cache=True)
def flex_choose_i_and_col_nb(a: tp.Array, flex_2d: bool = True) -> tp.Tuple[int, int]:
    """Choose selection index and column based on the array's shape.

    Instead of expensive broadcasting, keep the original shape and do indexing in a smart way.
    A nice feature of this is that it has almost no memory footprint and can broadcast in
    any direction infinitely.

    Call it once before using `flex_select_nb`.

    if `flex_2d` is True, 1-dim array will correspond to columns, otherwise to rows."""
    i = -1
    col = -1
    if a.ndim == 0:
        i = 0
        col = 0
    elif a.ndim == 1:
        if flex_2d:
            i = 0
            if a.shape[0] == 1:
                col = 0
        else:
            col = 0
            if a.shape[0] == 1:
                i = 0
    else:
        if a.shape[0] == 1:
            i = 0
        if a.shape[1] == 1:
            col = 0
    return i, col

# vectorbt/base/reshape_fns.py @ f9897528f675, line 983
@njit(cache=True)
def flex_select_nb(a: tp.Array, i: int, col: int, flex_i: int, flex_col: int, flex_2d: bool = True) -> tp.Any:
    """Select element of `a` as if it has been broadcast."""
    if flex_i == -1:
        flex_i = i
    if flex_col == -1:
        flex_col = col
    if a.ndim == 0:
        return a.item()
    if a.ndim == 1:
        if flex_2d:
            return a[flex_col]
        return a[flex_i]
    return a[flex_i, flex_col]

# vectorbt/base/reshape_fns.py @ f9897528f675, line 999
@njit(cache=True)
def flex_select_auto_nb(a: tp.Array, i: int, col: int, flex_2d: bool = True) -> tp.Any:
    """Combines `flex_choose_i_and_col_nb` and `flex_select_nb`."""
    flex_i, flex_col = flex_choose_i_and_col_nb(a, flex_2d)
    return flex_select_nb(a, i, col, flex_i, flex_col, flex_2d)

@njit(cache=True)
def rand_by_prob_choice_nb(
    from_i: int,
    to_i: int,
    col: int,
    prob: tp.MaybeArray[float],
    pick_first: bool,
    temp_idx_arr: tp.Array1d,
    flex_2d: bool,
) -> tp.Array1d:
    """`choice_func_nb` to randomly pick values from range `[from_i, to_i)` with probability `prob`.

    `prob` uses flexible indexing."""
    probs = np.asarray(prob)
    j = 0
    for i in range(from_i, to_i):
        if np.random.uniform(0, 1) < flex_select_auto_nb(probs, i, col, flex_2d):  # [0, 1)
            temp_idx_arr[j] = i
            j += 1
            if pick_first:
                break
    return temp_idx_arr[:j]

@njit
def generate_rand_enex_by_prob_nb(
    shape: tp.Shape,
    entry_prob: tp.MaybeArray[float],
    exit_prob: tp.MaybeArray[float],
    entry_wait: int,
    exit_wait: int,
    entry_pick_first: bool,
    exit_pick_first: bool,
    flex_2d: bool,
    seed: tp.Optional[int] = None,
) -> tp.Tuple[tp.Array2d, tp.Array2d]:
    """Pick entries by probability `entry_prob` and exits by probability `exit_prob` one after another.

    `entry_prob` and `exit_prob` should be 2-dim arrays of shape `shape`.
    Specify `seed` to make output deterministic."""
    if seed is not None:
        np.random.seed(seed)
    temp_idx_arr = np.empty((shape[0],), dtype=np.int64)
    return generate_enex_nb(
        shape,
        entry_wait,
        exit_wait,
        entry_pick_first,
        exit_pick_first,
        rand_by_prob_choice_nb,
        (entry_prob, entry_pick_first, temp_idx_arr, flex_2d),
        rand_by_prob_choice_nb,
        (exit_prob, exit_pick_first, temp_idx_arr, flex_2d),
    )
