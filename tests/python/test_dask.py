"""samples/dask/dask_jitc.py under pytest: jitc's gufuncs, @njit and @vectorize functions over a
dask.array on a LocalCluster of two worker processes, each CHECK line True (results equal NumPy's)."""
import os
import subprocess
import sys

import pytest

pytest.importorskip("dask.array")
pytest.importorskip("distributed")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(ROOT, "samples", "dask", "dask_jitc.py")
CHECKS = ["row_norm apply_gufunc", "row_norm on a dask array", "moving_mean map_blocks", "ewma_rows njit map_blocks",
          "soft_threshold vectorize", "soft_threshold on a dask array", "pipeline sum"]


def test_dask_sample_on_local_cluster():
    run = subprocess.run([sys.executable, SAMPLE, "--rows", "1200", "--cols", "64", "--row-chunk", "300"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    checks = dict(line[len("CHECK "):].rsplit(": ", 1) for line in run.stdout.splitlines()
                  if line.startswith("CHECK "))
    assert sorted(checks) == sorted(CHECKS), run.stdout
    assert all(v == "True" for v in checks.values()), run.stdout
