# Real Numba code from numba/numba numba/tests/test_unicode.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the module-level functions its tests compile with njit, and the functions its tests define and compile (the RUN line applies njit as the test does, with arguments from its UNICODE_EXAMPLES and UNICODE_ORDERING_EXAMPLES).
# Each case below is run by run.py as this prelude followed by the case alone.
from numba import njit

# === CASE literal_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 21
# RUN: njit(literal_usecase) ()
def literal_usecase():
    return '大处着眼，小处着手。'

# === CASE passthrough_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 25
# RUN: njit(passthrough_usecase) ''
# RUN: njit(passthrough_usecase) 'ascii'
# RUN: njit(passthrough_usecase) '¡Y tú quién te crees?'
# RUN: njit(passthrough_usecase) '🐍⚡'
# RUN: njit(passthrough_usecase) '大处着眼，小处着手。'
def passthrough_usecase(x):
    return x

# === CASE eq_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 29
# RUN: njit(eq_usecase) ('ascii', 'ascii')
# RUN: njit(eq_usecase) ('ascii', '12345')
# RUN: njit(eq_usecase) ('', '')
# RUN: njit(eq_usecase) ('🐍⚡', '🐍⚡')
# RUN: njit(eq_usecase) ('大处着眼，小处着手。', '大处着眼，小处着手')
def eq_usecase(x, y):
    return x == y

# === CASE len_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 33
# RUN: njit(len_usecase) ''
# RUN: njit(len_usecase) 'ascii'
# RUN: njit(len_usecase) '¡Y tú quién te crees?'
# RUN: njit(len_usecase) '🐍⚡'
# RUN: njit(len_usecase) '大处着眼，小处着手。'
def len_usecase(x):
    return len(x)

# === CASE bool_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 37
# RUN: njit(bool_usecase) ''
# RUN: njit(bool_usecase) 'ascii'
# RUN: njit(bool_usecase) '🐍⚡'
def bool_usecase(x):
    return bool(x)

# === CASE lt_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 70
# RUN: njit(lt_usecase) ('a', 'aa')
# RUN: njit(lt_usecase) ('ascih', 'ascii')
# RUN: njit(lt_usecase) ('ascij', 'ascii')
# RUN: njit(lt_usecase) ('', 'a')
# RUN: njit(lt_usecase) ('大处着眼，小处着手。', '大处着眼，小处着手。🐍⚡')
def lt_usecase(x, y):
    return x < y

# === CASE le_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 74
# RUN: njit(le_usecase) ('aab', 'ab')
# RUN: njit(le_usecase) ('ab', 'aab')
# RUN: njit(le_usecase) ('asc', 'asc')
def le_usecase(x, y):
    return x <= y

# === CASE gt_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 78
# RUN: njit(gt_usecase) ('b', 'aab')
# RUN: njit(gt_usecase) ('ascii', '大处着眼，小处着手')
# RUN: njit(gt_usecase) ('aaa', 'aaa')
def gt_usecase(x, y):
    return x > y

# === CASE ge_usecase
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 82
# RUN: njit(ge_usecase) ('aaa', 'aaa')
# RUN: njit(ge_usecase) ('aa', 'aaa')
# RUN: njit(ge_usecase) ('大处着眼，小处着手。🐍⚡', 'b')
def ge_usecase(x, y):
    return x >= y

# === CASE literal_comparison
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 2088
# RUN: njit(pyfunc) '=='
# RUN: njit(pyfunc) '!='
# RUN: njit(pyfunc) '<'
# RUN: njit(pyfunc) '>'
# RUN: njit(pyfunc) '<='
# RUN: njit(pyfunc) '>='
# RUN: njit(pyfunc) ''
def pyfunc(option):
    x = 'a123'
    y = 'aa12'
    if option == '==':
        return x == y
    elif option == '!=':
        return x != y
    elif option == '<':
        return x < y
    elif option == '>':
        return x > y
    elif option == '<=':
        return x <= y
    elif option == '>=':
        return x >= y
    else:
        return None

# === CASE literal_len
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 2113
# RUN: njit(pyfunc) ()
def pyfunc():
    return len('abc')

# === CASE not
# SOURCE: numba/numba numba/tests/test_unicode.py @ 5340f052d014, line 2157
# RUN: njit(pyfunc) ''
# RUN: njit(pyfunc) 'ascii'
# RUN: njit(pyfunc) '¡Y tú quién te crees?'
def pyfunc(x):
    return not x
