# Real Numba code from numba/numba numba/tests/test_flow_control.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit (the RUN line applies njit as the test does).
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit

# === CASE for_loop_usecase1
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 15
# RUN: njit(for_loop_usecase1) (10, 0)
def for_loop_usecase1(x, y):
    result = 0
    for i in range(x):
        result += i
    return result

# === CASE for_loop_usecase2
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 22
# RUN: njit(for_loop_usecase2) (10, 3)
def for_loop_usecase2(x, y):
    result = 0
    for i, j in enumerate(range(x, y, -1)):
        result += i * j
    return result

# === CASE for_loop_usecase3
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 29
# RUN: njit(for_loop_usecase3) (10, 3)
def for_loop_usecase3(x, y):
    result = 0
    lst = [x, y]
    for i in lst:
        result += i
    return result

# === CASE for_loop_usecase4
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 37
# RUN: njit(for_loop_usecase4) (10, 3)
def for_loop_usecase4(x, y):
    result = 0
    for i in range(10):
        for j in range(10):
            result += 1
    return result

# === CASE for_loop_usecase5
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 45
# RUN: njit(for_loop_usecase5) (10, 3)
def for_loop_usecase5(x, y):
    result = 0
    for i in range(x):
        result += 1
        if result > y:
            break
    return result

# === CASE for_loop_usecase6
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 54
# RUN: njit(for_loop_usecase6) (10, 3)
def for_loop_usecase6(x, y):
    result = 0
    for i in range(x):
        if i > y:
            continue
        result += 1
    return result

# === CASE for_loop_usecase7
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 63
# RUN: njit(for_loop_usecase7) (10, 3)
def for_loop_usecase7(x, y):
    for i in range(x):
        x = 0
        for j in range(x):
            return 1
        else:
            pass
    return 0

# === CASE for_loop_usecase8
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 73
# RUN: njit(for_loop_usecase8) (3, 10)
def for_loop_usecase8(x, y):
    result = 0
    for i in range(x, y, y - x + 1):
        result += 1
    return result

# === CASE for_loop_usecase9
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 80
# RUN: njit(for_loop_usecase9) (10, 3)
def for_loop_usecase9(x, y):
    z = 0
    for i in range(x):
        x = 0
        for j in range(x):
            if j == x / 2:
                z += j
                break
        else:
            z += y

    return z

# === CASE for_loop_usecase10
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 94
# RUN: njit(for_loop_usecase10) (10, 3)
# RUN: njit(for_loop_usecase10) (3, 10)
def for_loop_usecase10(x, y):
    for i in range(x):
        if i == y:
            z = y
            break
    else:
        z = i * 2
    return z

# === CASE while_loop_usecase1
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 104
# RUN: njit(while_loop_usecase1) (10, 0)
def while_loop_usecase1(x, y):
    result = 0
    i = 0
    while i < x:
        result += i
        i += 1
    return result

# === CASE while_loop_usecase2
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 113
# RUN: njit(while_loop_usecase2) (10, 0)
def while_loop_usecase2(x, y):
    result = 0
    while result != x:
        result += 1
    return result

# === CASE while_loop_usecase3
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 120
# RUN: njit(while_loop_usecase3) (10, 10)
def while_loop_usecase3(x, y):
    result = 0
    i = 0
    j = 0
    while i < x:
        while j < y:
            result += i + j
            i += 1
            j += 1
    return result

# === CASE while_loop_usecase4
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 132
# RUN: njit(while_loop_usecase4) (10, 0)
def while_loop_usecase4(x, y):
    result = 0
    while True:
        result += 1
        if result > x:
            break
    return result

# === CASE while_loop_usecase5
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 141
# RUN: njit(while_loop_usecase5) (10, 4)
def while_loop_usecase5(x, y):
    result = 0
    while result < x:
        if result > y:
            result += 2
            continue
        result += 1
    return result

# === CASE ifelse_usecase1
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 151
# RUN: njit(ifelse_usecase1) (1, 2)
def ifelse_usecase1(x, y):
    if x > 0:
        pass
    elif y > 0:
        pass
    else:
        pass
    return True

# === CASE ifelse_usecase2
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 161
# RUN: njit(ifelse_usecase2) (3, 2)
# RUN: njit(ifelse_usecase2) (0, 5)
# RUN: njit(ifelse_usecase2) (1, 5)
def ifelse_usecase2(x, y):
    if x > y:
        return 1
    elif x == 0 or y == 0:
        return 2
    else:
        return 3

# === CASE ifelse_usecase3
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 170
# RUN: njit(ifelse_usecase3) (1, -1)
# RUN: njit(ifelse_usecase3) (-1, 0)
# RUN: njit(ifelse_usecase3) (0, 0)
def ifelse_usecase3(x, y):
    if x > 0:
        if y > 0:
            return 1
        elif y < 0:
            return 1
        else:
            return 0
    elif x < 0:
        return 1
    else:
        return 0

# === CASE ifelse_usecase4
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 184
# RUN: njit(ifelse_usecase4) (1, 1)
# RUN: njit(ifelse_usecase4) (1, 2)
def ifelse_usecase4(x, y):
    if x == y:
        return 1

# === CASE ternary_ifelse_usecase1
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 189
# RUN: njit(ternary_ifelse_usecase1) (3, 2)
def ternary_ifelse_usecase1(x, y):
    return True if x > y else False

# === CASE double_infinite_loop
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 193
# RUN: njit(double_infinite_loop) (10, 0)
def double_infinite_loop(x, y):
    L = x
    i = y

    while True:
        while True:
            if i == L - 1:
                break
            i += 1
        i += 1
        if i >= L:
            break

    return i, L

# === CASE try_except_usecase
# SOURCE: numba/numba numba/tests/test_flow_control.py @ 5340f052d014, line 209
# RUN: njit(try_except_usecase) ()
def try_except_usecase():
    try:
        pass
    except Exception:
        pass
