"""`with objmode(...)` blocks run in the interpreter, against Numba: the variables a block reads,
its outputs converted to their declared types (numbers, strings, tuples, arrays of any layout,
types given as objects), writes to an input array, side effects in order, printing, a block in a
callee and in a closure, exceptions raised as themselves (the traceback at the block's line),
an output of the wrong kind, memory over many calls, and a script run with `python -m jitc`."""
import subprocess
import sys
import textwrap
import tracemalloc
import traceback

import numpy as np
import pytest

from conftest import same

CASES = [
    ("numba_docs_example", ()),
    ("writes_input", (np.arange(3.0),)),
    ("scalars", (3,)),
    ("strings_and_tuples", ("small",)),
    ("strings_and_tuples", ("large",)),
    ("arrays", (3,)),
    ("typed_as_objects", (2.0,)),
    ("raises_value_error", (4.0,)),
    ("caller", (5.0,)),
    ("array_roundtrip", (10,)),
]


@pytest.mark.parametrize("name,args", CASES, ids=[c[0] for c in CASES])
def test_same_results_as_numba(kernels, name, args):
    expected, got = kernels("objmode").both(name, *args)
    assert same(expected, got)


def test_side_effects_run_in_order(kernels):
    pair = kernels("objmode")
    for module in (pair.numba, pair.jitc):
        module.CALLS.clear()
    expected, got = pair.both("in_a_loop", 4)
    assert got == expected == 10
    assert pair.jitc.CALLS == pair.numba.CALLS == [0, 1, 2, 3]


def test_print_in_a_block(kernels, capfd):
    pair = kernels("objmode")
    expected, got = pair.both("prints", 5)
    out = capfd.readouterr().out.splitlines()
    assert got == expected and out == ["from the interpreter: 5 int"] * 2


def test_closure_variables_reach_the_block(kernels):
    pair = kernels("objmode")
    assert pair.jitc.factory(10)(1.5) == pair.numba.factory(10)(1.5) == 11.5


def test_exceptions_are_raised_as_themselves(kernels):
    pair = kernels("objmode")
    with pytest.raises(ValueError, match="negative: -1.0"):
        pair.jitc.raises_value_error(-1.0)
    with pytest.raises(pair.jitc.ModelError) as info:
        pair.jitc.raises_own_class(2.0)
    assert info.value.args == ("no model for", 2.0)
    frames = traceback.extract_tb(info.tb)
    assert frames[-1].name == "no_model" and frames[-2].name == "raises_own_class"
    assert frames[-2].line == "y = no_model(x)"
    assert pair.jitc.raises_value_error(9.0) == 3.0  # nothing left over from the failure


def test_an_output_of_the_wrong_kind_is_a_type_error(kernels):
    pair = kernels("objmode")
    with pytest.raises(TypeError):
        pair.numba.wrong_output_kind(1.0)
    with pytest.raises(TypeError, match="objmode output 'y' is declared float64"):
        pair.jitc.wrong_output_kind(1.0)


def test_many_calls_do_not_grow_memory(kernels):
    f = kernels("objmode").jitc.array_roundtrip
    f(10)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(2000):
        f(5)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    assert grown < 64 * 1024, grown


def test_a_script_with_objmode_runs_unchanged(tmp_path):
    script = tmp_path / "progress.py"
    script.write_text(textwrap.dedent("""\
        import time
        import numpy as np
        from numba import njit, objmode

        @njit
        def work(n):
            acc = 0.0
            for i in range(n):
                acc += np.sqrt(i)
                if i % 250 == 0:
                    with objmode(now='float64'):
                        now = time.perf_counter()
                        print("step", i)
            return acc, now > 0

        print(work(1000))
        """))
    out = subprocess.run([sys.executable, "-m", "jitc", str(script)], capture_output=True, text=True, check=True)
    reference = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True)
    assert out.stdout == reference.stdout
    assert "step 750" in out.stdout
