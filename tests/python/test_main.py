"""python -m jitc SCRIPT: a script written for Numba runs unchanged, numba resolved to jitc."""
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "jitc", *args], capture_output=True, text=True, cwd=cwd, timeout=300)


def test_tutorial_cpu_script():
    r = run(os.path.join(ROOT, "examples", "python", "trig_cpu.py"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "CHECK float64 (10000000,) True True"


def test_script_arguments_and_numba_names(tmp_path):
    script = tmp_path / "script.py"
    script.write_text(
        "import sys\n"
        "import numpy as np\n"
        "import numba\n"
        "from numba import njit, prange, typed, types\n"
        "from numba.core.errors import TypingError\n"
        "from numba.np.numpy_support import from_dtype\n"
        "@numba.jit(nopython=True, cache=True)\n"
        "def f(a):\n"
        "    return a.sum()\n"
        "print(f(np.arange(int(sys.argv[1]))), from_dtype(np.float32), types.float64[:])\n"
        "print(numba.__name__, numba.config.DISABLE_JIT, issubclass(TypingError, Exception))\n")
    r = run(str(script), "5")
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["10 float32 array(float64, 1d, A)", "numba False True"]


def test_a_name_jitc_lacks_fails_where_used(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("from numba.experimental import jitclass\nprint('imported')\njitclass([])\n")
    r = run(str(script))
    assert r.returncode != 0
    assert r.stdout == "imported\n"
    assert "numba.experimental.jitclass is not provided by jitc" in r.stderr


def test_missing_script():
    r = run("no_such_script.py")
    assert r.returncode == 2 and "no such file" in r.stderr


@pytest.mark.parametrize("exc", ["ValueError('bad')", "ZeroDivisionError()"])
def test_uncaught_exception_exits_non_zero(tmp_path, exc):
    script = tmp_path / "script.py"
    script.write_text("from numba import njit\n@njit\ndef f():\n    raise %s\nf()\n" % exc)
    r = run(str(script))
    assert r.returncode == 1
    assert 'script.py", line 4, in f' in r.stderr


def test_functions_of_the_users_modules(tmp_path):
    pkg = tmp_path / "mypkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "utils.py").write_text("from numba import njit\nSCALE = 3.0\n@njit\ndef helper(x):\n"
                                  "    return x * SCALE\n")
    (pkg / "other.py").write_text("from numba import njit\nK = 2.0\n@njit\ndef g(x):\n    return x * K\n")
    script = tmp_path / "script.py"
    script.write_text("import numpy as np\nfrom numba import njit\nfrom mypkg import utils, other\nimport mypkg.utils\n"
                      "from mypkg.utils import helper as h\n@njit\ndef f(a):\n"
                      "    return utils.helper(a[0]) + utils.SCALE + mypkg.utils.helper(1.0) + h(2.0)\n"
                      "@njit\ndef two_modules_one_line(a):\n    return utils.helper(a[0]) + other.g(a[1]) + other.K\n"
                      "print(f(np.arange(3.0) + 1), two_modules_one_line(np.arange(3.0) + 1))\n")
    r = run(str(script))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "15.0 9.0\n"
