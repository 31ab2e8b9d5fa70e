"""Dispatchers from Python: arguments by Numba's typeof rules, results as Numba boxes them,
exceptions, options and the dispatcher's attributes, each against Numba where it has a value."""
import gc
import sys
import traceback

import numpy as np
import pytest

from conftest import same

ARGUMENTS = [
    ("add", (1, 2)),
    ("add", (1.5, 2)),
    ("add", (True, True)),
    ("add", (1 + 2j, 0.5)),
    ("add", (np.float32(1.5), np.float32(2.25))),
    ("add", (np.int8(10), np.int8(100))),  # below int8's overflow, where jitc and Numba differ (docs)
    ("add", (np.uint64(2**63), np.uint64(5))),
    ("add", (2**63, np.uint64(1))),  # a Python int above int64's range is uint64
    ("add", (np.arange(4), 1)),
    ("total", (np.arange(10.0),)),
    ("total", (np.arange(10.0)[::3],)),
    ("total", (np.arange(10, dtype=np.int32),)),
    ("total", (np.arange(6.0).reshape(2, 3)[:, 1],)),
    ("total2d", (np.arange(12.0).reshape(3, 4),)),
    ("total2d", (np.asfortranarray(np.arange(12.0).reshape(3, 4)),)),
    ("total2d", (np.arange(24.0).reshape(4, 6)[::2, 1::2],)),
    ("scaled", (np.arange(3.0),)),
    ("pair", (np.array([3.0, -1.0, 7.5]),)),
    ("first_row", (np.arange(6).reshape(2, 3),)),
    ("uses_math", (2.0,)),
    ("uses_math", (7,)),
    ("with_default", (3,)),
    ("with_default", (3, 2)),
    ("maybe", (2.0, None)),
    ("maybe", (2.0, 1)),
    ("text_length", ("banana",)),
    ("list_sum", ([1, 2, 3],)),
    ("make_list", (5,)),
    ("tuple_in", ((2, (3.0, 4)),)),
    ("parallel_square", (np.arange(1000.0),)),
    ("calls_helper", (np.arange(5.0),)),
    ("fib", (15,)),
    ("power", (2.0, 10)),
    ("power", (2, 3)),
    ("complex_ops", (3 + 4j,)),
    ("complex_ops", (np.complex64(1 - 1j),)),
    ("dtype_arg", (3, np.float32)),
    ("dtype_arg", (2, np.dtype("int16"))),
    ("add_two", (5,)),
    ("add_half", (5,)),
    ("square", (1.5,)),
    ("uses_jitable", (1.5,)),
    ("uses_jitable", (0.25,)),
    ("dtype_and_complex_globals", (3,)),
    ("smooth", (np.arange(8.0) ** 2,)),
    ("smooth_twice", (np.arange(8.0) ** 2,)),
    ("in_span", (3.0,)),
    ("in_span", (30.0,)),
    ("plain_clamp", (2.0, 0.0, 1.5)),
]


@pytest.mark.parametrize("fname,args", ARGUMENTS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(ARGUMENTS)])
def test_same_result_as_numba(kernels, fname, args):
    expected, got = kernels("basics").both(fname, *args)
    assert same(expected, got), (expected, got)


def test_arrays_are_passed_without_copies(kernels):
    k = kernels("basics").jitc
    out = np.zeros(5)
    k.fill(out, 1.5)
    assert out.tolist() == [1.5, 2.5, 3.5, 4.5, 5.5]
    strided = np.zeros(10)
    k.fill(strided[::2], 1.0)
    assert strided.tolist() == [1, 0, 2, 0, 3, 0, 4, 0, 5, 0]


def test_returned_array_owns_its_memory(kernels):
    k = kernels("basics").jitc
    r = k.scaled(np.arange(1000.0))
    assert r.flags.writeable and r.dtype == np.float64 and r.shape == (1000,)
    del k
    gc.collect()
    assert r[10] == 10 * 2.5 + 2 + 2.0
    r[:] = 1  # the memory is the array's to write


def test_returned_view_keeps_its_argument_alive(kernels):
    k = kernels("basics").jitc
    a = np.arange(6).reshape(2, 3)
    row = k.first_row(a)
    assert row.tolist() == [0, 1, 2]
    refs = sys.getrefcount(a)
    row2 = k.first_row(a)
    assert sys.getrefcount(a) == refs + 1  # the view holds its argument
    del a, row2
    gc.collect()
    assert row.tolist() == [0, 1, 2]


def test_exception_class_args_and_source_line(kernels):
    k = kernels("basics").jitc
    with pytest.raises(ValueError) as info:
        k.checked(-1.0)
    assert info.value.args == ("negative value", -1.0)
    frames = traceback.extract_tb(info.tb)
    assert frames[-1].filename.endswith("basics.py") and frames[-1].name == "checked"
    assert "raise ValueError" in frames[-1].line
    with pytest.raises(KeyError) as info:
        k.missing(5)
    assert info.value.args == (5,)
    with pytest.raises(KeyError) as info:
        k.missing("five")
    assert info.value.args == ("five",)


def test_numba_raises_the_same(kernels):
    pair = kernels("basics")
    if pair.numba is None:
        pytest.skip("no Numba")
    with pytest.raises(ValueError) as expected:
        pair.numba.checked(-1.0)
    with pytest.raises(ValueError) as got:
        pair.jitc.checked(-1.0)
    assert expected.value.args == got.value.args


def test_keyword_arguments(kernels):
    k = kernels("basics").jitc
    assert k.with_default(2, z=1.0) == 21.0
    assert k.with_default(x=2, y=1) == 2.5
    with pytest.raises(TypeError):
        k.with_default(2, w=1)


def test_wrong_arguments_raise_type_error(kernels):
    k = kernels("basics").jitc
    with pytest.raises(TypeError):
        k.add(1)
    with pytest.raises(TypeError):
        k.add(object(), 1)
    with pytest.raises(TypeError):
        k.total(np.array(["a", "b"]))


def test_dispatcher_attributes(kernels):
    k = kernels("basics").jitc
    assert k.add.__name__ == "add" and k.add.py_func(2, 3) == 5
    assert k.add.__wrapped__ is k.add.py_func
    k.total(np.arange(3.0))
    k.total(np.arange(3))
    names = [tuple(str(t) for t in sig) for sig in k.total.signatures]
    assert ("array(float64, 1d, C)",) in names and ("array(int64, 1d, C)",) in names
    assert [tuple(map(str, s)) for s in k.power.signatures] == [("float64", "int64")]
    k.helper.compile("(float32,)")
    assert ("float32",) in [tuple(map(str, s)) for s in k.helper.signatures]


def test_globals_are_frozen_at_first_compile(tmp_path):
    from jitc._numba import import_with_jitc

    path = tmp_path / "frozen.py"
    path.write_text("from numba import njit\nK = 2\n@njit\ndef f(x):\n    return x * K\n")
    m = import_with_jitc(str(path), "frozen_mod")
    assert m.f(3) == 6
    m.K = 100
    assert m.f(3) == 6  # as Numba: the value when the function was compiled


def test_compile_errors_are_typing_errors(tmp_path):
    from jitc._numba import import_with_jitc
    from jitc.errors import TypingError

    path = tmp_path / "broken.py"
    path.write_text("from numba import njit\n\ndef plain(x):\n    return x\n\n@njit\ndef f(x):\n"
                    "    return plain(x)\n")
    m = import_with_jitc(str(path), "broken_mod")
    with pytest.raises(TypingError) as info:
        m.f(1)
    text = str(info.value)
    assert "broken.py:8:12: error:" in text and "'plain'" in text and "undecorated Python function" in text


def test_object_mode_is_refused():
    import jitc

    with pytest.raises(jitc.errors.UnsupportedError):
        jitc.jit(forceobj=True)(lambda x: x)
    with pytest.raises(jitc.errors.TypingError):
        jitc.njit(fastmth=True)


def test_many_calls_do_not_grow_memory(kernels):
    k = kernels("basics").jitc
    a = np.arange(100.0)
    for _ in range(2000):
        k.scaled(a)
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(20000):
        k.scaled(a)
        k.add(1, 2.5)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert after - before < 100_000


def test_a_read_only_array_stays_read_only(kernels):
    from jitc.errors import TypingError

    k = kernels("basics").jitc
    a = np.arange(4.0)
    a.flags.writeable = False
    assert k.total(a) == 6.0
    assert any(str(sig[0]) == "readonly array(float64, 1d, C)" for sig in k.total.signatures)
    with pytest.raises(TypingError, match="cannot write into readonly float64"):
        k.fill(a, 1.0)
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0]


def test_a_function_numba_compiled_is_compiled_by_jitc(tmp_path):
    import numba

    from jitc._numba import import_with_jitc

    helper = tmp_path / "numba_helper_mod.py"
    helper.write_text("from numba import njit\n@njit(fastmath=True)\ndef twice(x):\n    return 2 * x\n")
    user = tmp_path / "uses_numba_helper.py"
    user.write_text("import sys\nsys.path.insert(0, %r)\nfrom numba import njit\nfrom numba_helper_mod import twice\n"
                    "@njit\ndef f(x):\n    return twice(x) + 1\n" % str(tmp_path))
    m = import_with_jitc(str(user), "uses_numba_helper")
    assert isinstance(m.twice, numba.core.registry.CPUDispatcher)  # the helper module got Numba
    assert m.f(4) == 9  # compiled by jitc, the helper with it


def test_exception_classes_the_module_defines(kernels):
    k = kernels("basics").jitc
    with pytest.raises(k.BadInput) as info:
        k.raises_own(-1)
    assert type(info.value) is k.BadInput and info.value.args == ("below zero",)
    assert k.raises_own(2) == 2


def test_register_jitable_stays_python_and_compiles_in_callers(kernels):
    k = kernels("basics").jitc
    assert k.clamp(5, 0, 1) == 1  # Python runs it
    assert k.uses_jitable(7.0) == 1.0  # compiled with its caller


def test_typed_list_made_in_compiled_code(kernels):
    k = kernels("basics").jitc
    assert list(k.typed_squares(4)) == [0, 1, 4, 9]


def test_a_generator_argument_draws_as_numpy_and_advances(kernels):
    pair = kernels("basics")
    if pair.numba is None:
        pytest.skip("no Numba")
    g1, g2 = np.random.default_rng(7), np.random.default_rng(7)
    for _ in range(2):
        assert same(pair.numba.draws(g1, 3), pair.jitc.draws(g2, 3))
    assert g1.random() == g2.random()  # the draws advanced both alike
    with pytest.raises(TypeError, match="PCG64"):
        pair.jitc.draws(np.random.Generator(np.random.MT19937(1)), 2)


def test_thread_count(kernels):
    import jitc

    k = kernels("basics").jitc
    n = jitc.get_num_threads()
    try:
        jitc.set_num_threads(1)
        assert jitc.get_num_threads() == 1
        assert k.parallel_square(np.arange(100.0)).tolist() == (np.arange(100.0) ** 2).tolist()
    finally:
        jitc.set_num_threads(n)
    with pytest.raises(ValueError):
        jitc.set_num_threads(0)


def test_typed_list_argument_is_a_typed_list(kernels):
    import jitc

    k = kernels("basics").jitc
    lst = jitc.typed.List([1, 2, 3])
    assert k.typed_total(lst) == 6
    assert any(str(sig[0]) == "ListType[int64]" for sig in k.typed_total.signatures)
    assert isinstance(k.typed_squares(3), jitc.typed.List)
