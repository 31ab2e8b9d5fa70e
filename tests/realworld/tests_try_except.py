# Real Numba code from numba/numba numba/tests/test_try_except.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the functions its tests compile (nested in the test methods, dedented; a case that raises the test module's MyError carries that class's lines too).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, prange, typed

# === CASE try_inner_raise
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 20
# RUN: udt False
# RUN: udt True
class MyError(Exception):
    pass

@njit
def inner(x):
    if x:
        raise MyError

@njit
def udt(x):
    try:
        inner(x)
        return "not raised"
    except:             # noqa: E722
        return "caught"

# === CASE raise_in_try
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 20
# RUN: udt True
# RUN: udt False
class MyError(Exception):
    pass

@njit
def udt(x):
    try:
        print("A")
        if x:
            raise MyError("my_error")
        print("B")
    except:             # noqa: E722
        print("C")
        return 321
    return 123

# === CASE recursion
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 212
# RUN: foo 10
@njit
def foo(x):
    if x > 0:
        try:
            foo(x - 1)
        except:   # noqa: E722
            print("CAUGHT")
            return 12
    if x == 1:
        raise ValueError("exception")

# === CASE real_problem
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 308
# RUN: foo ()
@njit
def foo():
    a = np.zeros((4, 4))
    try:
        chol = np.linalg.cholesky(a)
    except:  # noqa: E722
        print("CAUGHT")
        return chol

# === CASE for_loop
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 323
# RUN: foo 10
@njit
def foo(n):

    for i in range(n):
        try:
            if i > 5:
                raise ValueError
        except:  # noqa: E722
            print("CAUGHT")
    else:
        try:
            try:
                try:
                    if i > 5:
                        raise ValueError
                except:  # noqa: E722
                    print("CAUGHT1")
                    raise ValueError
            except:  # noqa: E722
                print("CAUGHT2")
                raise ValueError
        except:  # noqa: E722
            print("CAUGHT3")

# === CASE try_pass
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 356
# RUN: foo 123
@njit
def foo(x):
    try:
        pass
    except:     # noqa: E722
        pass
    return x

# === CASE closure2
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 250
# RUN: foo 10
@njit
def foo(x):
    def bar():
        try:
            raise ValueError("exception")
        except:  # noqa: E722
            print("CAUGHT")
            return 12
    bar()

# === CASE closure3
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 266
# RUN: foo 10
@njit
def foo(x):
    def bar(z):
        try:
            raise ValueError("exception")
        except:  # noqa: E722
            print("CAUGHT")
            return z
    return [x for x in map(bar, [1, 2, 3])]

# === CASE closure4
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 283
# RUN: foo -1
# RUN: foo 4
@njit
def foo(x):
    def bar(z):
        if z < 0:
            raise ValueError("exception")
        return z

    try:
        return [x for x in map(bar, [1, 2, 3, x])]
    except:  # noqa: E722
        print("CAUGHT")

# === CASE catch_exception
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 385
# RUN: udt True
# RUN: udt False
@njit
def udt(x):
    try:
        print("A")
        if x:
            raise ZeroDivisionError("321")
        print("B")
    except Exception:
        print("C")
    print("D")

# === CASE return_in_catch
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 415
# RUN: udt True
# RUN: udt False
@njit
def udt(x):
    try:
        print("A")
        if x:
            raise ZeroDivisionError
        print("B")
        r = 123
    except Exception:
        print("C")
        r = 321
        return r
    print("D")
    return r

# === CASE division_operator
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 505
# RUN: udt 0
# RUN: udt 2
@njit
def udt(y):
    try:
        1 / y
    except Exception:
        return 0xdead
    else:
        return 1 / y

# === CASE try_except_else
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 20
# RUN: udt (True, True, False, True)
# RUN: udt (True, False, True, False)
# RUN: udt (False, True, True, True)
class MyError(Exception):
    pass

@njit
def udt(x, y, z, p):
    print('A')
    if x:
        print('B')
        try:
            print('C')
            if y:
                print('D')
                raise MyError("y")
            print('E')
        except Exception: # noqa: F722
            print('F')
            try:
                print('H')
                try:
                    print('I')
                    if z:
                        print('J')
                        raise MyError('z')
                    print('K')
                except Exception:
                    print('L')
                else:
                    print('M')
            except Exception:
                print('N')
            else:
                print('O')
            print('P')
        else:
            print('G')
        print('Q')
    print('R')

# === CASE try_except_finally
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 20
# RUN: udt (True, True)
# RUN: udt (False, False)
class MyError(Exception):
    pass

@njit
def udt(p, q):
    try:
        print('A')
        if p:
            print('B')
            raise MyError
        print('C')
    except:             # noqa: E722
        print('D')
    finally:
        try:
            print('E')
            if q:
                print('F')
                raise MyError
        except Exception:
            print('G')
        else:
            print('H')
        finally:
            print('I')

# === CASE list_direct_raise
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 613
# RUN: udt (10, 5)
@njit
def udt(n, raise_at):
    lst = typed.List()
    try:
        for i in range(n):
            if i == raise_at:
                raise IndexError
            lst.append(i)
    except Exception:
        return lst
    else:
        return lst

# === CASE try_in_prange_reduction
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 778
# RUN: njit(parallel=False)(udt) 10
# RUN: njit(parallel=True)(udt) 10
def udt(n):
    c = 0
    for i in prange(n):
        try:
            c += 1
        except Exception:
            c += 1
    return c

# === CASE try_outside_prange_reduction
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 794
# RUN: njit(parallel=False)(udt) 10
def udt(n):
    c = 0
    try:
        for i in prange(n):
            c += 1
    except Exception:
        return 0xdead
    else:
        return c

# === CASE try_in_prange_map
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 816
# RUN: njit(parallel=False)(udt) (np.arange(10), 6)
# RUN: njit(parallel=True)(udt) (np.arange(10), 6)
def udt(arr, x):
    out = arr.copy()
    for i in prange(arr.size):
        try:
            if i == x:
                raise ValueError
            out[i] = arr[i] + i
        except Exception:
            out[i] = -1
    return out

# === CASE try_outside_prange_map
# SOURCE: numba/numba numba/tests/test_try_except.py @ 5340f052d014, line 833
# RUN: njit(parallel=False)(udt) (np.arange(10), 6)
# RUN: njit(parallel=True)(udt) (np.arange(10), 6)
def udt(arr, x):
    out = arr.copy()
    try:
        for i in prange(arr.size):
            if i == x:
                raise ValueError
            out[i] = arr[i] + i
    except Exception:
        out[i] = -1
    return out
