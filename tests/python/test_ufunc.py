"""@vectorize ufuncs are NumPy ufuncs over jitc's loops; @guvectorize gufuncs broadcast and write
their outputs in place. Each result against Numba's."""
import numpy as np
import pytest

from conftest import same

A = np.linspace(0, 2, 12)
M = np.arange(12.0).reshape(3, 4)

CALLS = [
    ("add", (A, 1.0)),
    ("add", (np.arange(6), 3)),
    ("add", (np.arange(6, dtype=np.int32), np.arange(6, dtype=np.int32))),
    ("add", (np.arange(4, dtype=np.float32), np.float32(0.5))),
    ("add", (M, A[:4])),
    ("add", (M.T, 2.0)),
    ("rel", (A,)),
    ("rel", (M[:, ::2],)),
    ("rel", (0.5,)),
    ("poly", (np.arange(5),)),
    ("poly", (A,)),
    ("poly", (np.arange(5, dtype=np.int16),)),
    ("par", (np.arange(10000.0),)),
    ("row_sum", (M,)),
    ("row_sum", (np.arange(12).reshape(2, 6),)),
    ("shift", (M, 1.5)),
    ("shift", (M, np.array([[1.0], [2.0], [3.0]]))),
    ("matmul", (M, M.T)),
]


@pytest.mark.parametrize("fname,args", CALLS, ids=[f"{f}-{i}" for i, (f, _) in enumerate(CALLS)])
def test_same_result_as_numba(kernels, fname, args):
    expected, got = kernels("ufuncs").both(fname, *args)
    if isinstance(expected, np.ndarray) and expected.dtype.kind == "f":
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert np.allclose(got, expected, rtol=1e-15, atol=0)
    else:
        assert same(expected, got), (expected, got)


def test_a_vectorize_is_a_numpy_ufunc(kernels):
    u = kernels("ufuncs").jitc.add
    assert isinstance(u.ufunc, np.ufunc)
    assert (u.nin, u.nout, u.ntypes) == (2, 1, 3)
    assert u.types == ["dd->d", "ll->l", "ff->f"]
    assert u.identity == 0


def test_ufunc_methods(kernels):
    pair = kernels("ufuncs")
    u = pair.jitc.add
    a = np.arange(10)
    assert u.reduce(a) == 45
    assert u.accumulate(a).tolist() == np.cumsum(a).tolist()
    assert u.outer(np.arange(3), np.arange(2)).tolist() == [[0, 1], [1, 2], [2, 3]]
    assert u.reduceat(a, [0, 5]).tolist() == [10, 35]
    b = np.zeros(4)
    u.at(b, [0, 0, 2], 1.0)
    assert b.tolist() == [2.0, 0.0, 1.0, 0.0]
    out = np.empty(12)
    r = u(A, 1.0, out=out)
    assert r is out and np.array_equal(out, A + 1.0)
    if pair.numba is not None:
        assert pair.numba.add.reduce(np.arange(10.0).reshape(2, 5), axis=1).tolist() == \
            u.reduce(np.arange(10.0).reshape(2, 5), axis=1).tolist()


def test_dynamic_ufunc_compiles_a_loop_per_type(kernels):
    u = kernels("ufuncs").jitc.poly
    u(np.arange(3))
    u(np.arange(3.0))
    assert "l->l" in u.types and "d->d" in u.types
    n = u.ntypes
    u(np.arange(3, dtype=np.int32))  # NumPy casts int32 to the int64 loop safely: no new loop
    assert u.ntypes == n


def test_exception_in_a_loop(kernels):
    u = kernels("ufuncs").jitc.careful
    assert u(np.arange(3.0)).tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(ValueError, match="too large"):
        u(np.array([1.0, 1000.0]))


def test_gufunc_outputs_in_place(kernels):
    k = kernels("ufuncs").jitc
    out = np.zeros(3)
    assert k.row_sum(M, out) is out  # as NumPy's gufuncs, and Numba's, return their output
    assert out.tolist() == M.sum(axis=1).tolist()
    out2 = np.zeros(3)
    k.row_sum(M, out=out2)
    assert out2.tolist() == out.tolist()
    assert k.row_sum.signature == "(n)->()" and (k.row_sum.nin, k.row_sum.nout) == (1, 1)
    assert k.row_sum.types == ["d->d", "l->l"] and isinstance(k.row_sum.ufunc, np.ufunc)


def test_gufunc_shape_mismatch_raises(kernels):
    k = kernels("ufuncs").jitc
    with pytest.raises(Exception):
        k.matmul(M, M)
