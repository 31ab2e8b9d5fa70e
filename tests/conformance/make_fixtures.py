#!/usr/bin/env python3
"""Writes the input arrays of the conformance cases (tests/conformance/data/*.npy), then the expected
outputs (data/expected/*.npy) by running every case that has an EXPECT-ARRAY under Numba.

Deterministic: every element is a small integer, a binary fraction or a short decimal literal,
written out or computed by exact formula (no random numbers, no libm), so the files are the same on
every machine. The outputs are committed;
run this again only after adding or changing a fixture or an array case:

    python3 tests/conformance/make_fixtures.py
"""
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"


def fixtures():
    f64_8 = np.array([0.5, -1.25, 3.0, 2.75, -0.125, 10.0, 0.001, 7.5])
    f64_3x4 = np.arange(12, dtype=np.float64).reshape(3, 4) * 0.5 - 1.0
    i = np.arange(100)
    spd = np.array([[4.0, 1.0, 2.0], [1.0, 5.0, 3.0], [2.0, 3.0, 6.0]])
    tall = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 7.0]])
    return {
        # 1-D
        "i64_10.npy": np.array([3, -1, 4, -1, 5, -9, 2, 6, -5, 8], dtype=np.int64),
        "f64_8.npy": f64_8,
        "f64_8b.npy": np.array([1.0, 0.25, -2.0, 4.5, 8.0, -0.75, 0.3, 0.375]),
        "f32_8.npy": f64_8.astype(np.float32),
        "i32_6.npy": np.array([10, -20, 30, -40, 50, 7], dtype=np.int32),
        "u8_5.npy": np.array([0, 1, 127, 200, 255], dtype=np.uint8),
        "i8_5.npy": np.array([-128, -1, 0, 1, 127], dtype=np.int8),
        "bool_6.npy": np.array([True, False, True, True, False, False]),
        "f64_100.npy": ((i * 37) % 101) / 8.0 - 6.0,
        "i64_100.npy": (i * 37) % 101 - 50,
        "f64_special.npy": np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0]),
        "f64_zeros_8.npy": np.zeros(8),
        "f64_0d.npy": np.array(2.5),
        "i64_0d.npy": np.array(-7),
        # complex numbers (complex_*.krn, mandelbrot.krn)
        "c128_6.npy": np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 0j, -2.5 - 1.5j, 0.125 + 8j]),
        "c64_4.npy": np.array([1 + 2j, -0.5 + 0.25j, 3 - 4j, 2j], dtype=np.complex64),
        "c128_zeros_6.npy": np.zeros(6, dtype=np.complex128),
        "u8_zeros_24x36.npy": np.zeros((24, 36), dtype=np.uint8),
        "i64_zeros_10.npy": np.zeros(10, dtype=np.int64),
        "f32_zeros_8.npy": np.zeros(8, dtype=np.float32),
        # 2-D
        "f64_3x4.npy": f64_3x4,
        "i64_3x4.npy": np.arange(12, dtype=np.int64).reshape(3, 4) - 5,
        "f64_3x4_fortran.npy": np.asfortranarray(f64_3x4),
        "i32_3x4.npy": (np.arange(12, dtype=np.int32).reshape(3, 4) * 3 - 7),
        "f64_zeros_4x3.npy": np.zeros((4, 3)),
        "f64_zeros_3x4.npy": np.zeros((3, 4)),
        "i64_zeros_3x4.npy": np.zeros((3, 4), dtype=np.int64),
        # 3-D
        "f64_2x3x4.npy": np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 0.25,
        "i64_2x3x4.npy": np.arange(24, dtype=np.int64).reshape(2, 3, 4) - 12,
        "i64_zeros_2x3x4.npy": np.zeros((2, 3, 4), dtype=np.int64),
        "f64_2x3x4_fortran.npy": np.asfortranarray(np.arange(24, dtype=np.float64).reshape(2, 3, 4) * 0.25),
        # numpy.krn along the last axis of N-d arrays (np_ndim_variants.krn): ties and NaNs
        "f64_nan_2x3x5.npy": np.array([float((i * 7) % 5) - 1.5 if i % 7 else np.nan for i in range(30)]).reshape(2, 3, 5),
        # whole-array expressions (array_*.krn): broadcasting partners of f64_3x4, mixed dtypes,
        # divisors with zeros, NaNs, empty arrays
        "f64_4.npy": np.array([0.5, -2.0, 4.0, 1.25]),
        "f64_3x1.npy": np.array([[1.0], [-0.5], [2.0]]),
        "i64_4.npy": np.array([1, -2, 3, 0], dtype=np.int64),
        "i64_3x1.npy": np.array([[10], [0], [-3]], dtype=np.int64),
        "f32_3x4.npy": f64_3x4.astype(np.float32),
        "bool_3x4.npy": np.arange(12).reshape(3, 4) % 3 == 1,
        "i32_8.npy": np.array([3, -7, 0, 12, -1, 5, 100, -64], dtype=np.int32),
        "i64_8.npy": np.array([2, -3, 0, 7, 1, -8, 16, 5], dtype=np.int64),
        "u64_5.npy": np.array([0, 1, 2**63, 2**64 - 1, 12345], dtype=np.uint64),
        "u32_6.npy": np.array([0, 1, 7, 4000000000, 65535, 3], dtype=np.uint32),
        "bool_8.npy": np.array([True, True, False, False, True, False, True, False]),
        "bool_8b.npy": np.array([True, False, True, False, True, True, False, False]),
        "i64_num_8.npy": np.array([7, -7, 7, -7, 0, -(2**62) - 1, 5, 13], dtype=np.int64),
        "i64_den_8.npy": np.array([2, 2, -2, -2, 0, -1, 0, -4], dtype=np.int64),
        "i32_den_8.npy": np.array([2, 2, -2, -2, 0, -1, 0, -4], dtype=np.int32),
        "f64_num_8.npy": np.array([1.0, -1.0, 1.0, 0.0, -0.0, 3.0, 7.5, -2.5]),
        "f64_den_8.npy": np.array([2.0, 0.0, -0.0, 0.0, 0.0, -1.0, 4.0, 0.5]),
        "i64_shift_6.npy": np.array([0, 1, 3, 10, 62, 63], dtype=np.int64),
        "i64_6.npy": np.array([1, -1, 5, -3, 1, 7], dtype=np.int64),
        "f64_nan_6.npy": np.array([1.0, np.nan, -3.0, 5.0, np.nan, 0.5]),
        "f64_nan_6b.npy": np.array([2.0, 4.0, np.nan, -1.0, np.nan, 0.25]),
        "f32_nan_6.npy": np.array([1.0, np.nan, -3.0, 5.0, np.nan, 0.5], dtype=np.float32),
        "f64_nonfinite_5.npy": np.array([0.0, -0.0, np.inf, -np.inf, np.nan]),
        "f64_empty.npy": np.zeros(0),
        "i64_empty.npy": np.zeros(0, dtype=np.int64),
        "f64_0x3.npy": np.zeros((0, 3)),
        # numpy.krn: ties (beyond quicksort's 15 and mergesort's 20) with NaNs, sorted sample
        # points, bin indices
        "f64_ties_40.npy": np.array([float((i * 7) % 5) if i % 9 else np.nan for i in range(40)]),
        "f32_ties_40.npy": np.array([float((i * 7) % 5) if i % 9 else np.nan for i in range(40)], dtype=np.float32),
        "i64_ties_40.npy": np.array([(i * 7) % 5 - 2 for i in range(40)], dtype=np.int64),
        "i32_ties_5x8.npy": np.array([[(i * 3 + j * 5) % 7 for j in range(8)] for i in range(5)], dtype=np.int32),
        "f64_sorted_9.npy": np.array([-2.0, 0.0, 0.5, 0.5, 1.0, 3.0, 3.0, 7.5, 10.0]),
        "i64_bins_12.npy": np.array([0, 3, 1, 3, 7, 0, 2, 2, 3, 5, 1, 3], dtype=np.int64),
        # linear algebra (linalg.krn): a symmetric positive definite matrix, a right-hand side,
        # tall and wide matrices, a singular, an indefinite, a non-finite one; F order too; float32
        # ones whose results are exact (norms 7 and 5), so every BLAS gives the same bits
        "f64_spd_3x3.npy": spd,
        "f64_spd_3x3_fortran.npy": np.asfortranarray(spd),
        "f32_spd_3x3.npy": spd.astype(np.float32),
        "f64_3.npy": np.array([1.0, 2.0, 3.0]),
        "f32_3.npy": np.array([1.0, 2.0, 3.0], dtype=np.float32),
        "f64_3x2.npy": tall,
        "f64_3x2_fortran.npy": np.asfortranarray(tall),
        "f32_3x2.npy": tall.astype(np.float32),
        "f64_2x3.npy": np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 7.0]]),
        "f64_sing_2x2.npy": np.array([[1.0, 2.0], [2.0, 4.0]]),
        "f64_indef_2x2.npy": np.array([[1.0, 2.0], [2.0, 1.0]]),
        "f64_nan_2x2.npy": np.array([[1.0, np.nan], [0.0, 1.0]]),
        "f64_2.npy": np.array([1.0, 2.0]),
        "f64_0x2.npy": np.zeros((0, 2)),
        "f32_exact_3.npy": np.array([2.0, -3.0, 6.0], dtype=np.float32),
        "f32_exact_2x2.npy": np.array([[1.0, 2.0], [-2.0, 4.0]], dtype=np.float32),
    }


def main():
    DATA.mkdir(exist_ok=True)
    for name, arr in fixtures().items():
        np.save(DATA / name, arr)
    sys.dont_write_bytecode = True
    sys.path.insert(0, str(HERE.parent / "differential"))
    import run_numba

    return run_numba.main(["--write-expected"] + [str(p) for p in sorted(HERE.glob("*.krn"))])


if __name__ == "__main__":
    sys.exit(main())
