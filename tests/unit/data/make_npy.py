#!/usr/bin/env python3
"""Writes the reference .npy files of tests/unit/test_npy.c with NumPy (run from anywhere):

    python3 tests/unit/data/make_npy.py

Every element is a small exact value, so the files are the same with every NumPy version that
writes the same header (np.save of NumPy >= 1.24 pads the header with 21 spare spaces)."""
from pathlib import Path

import numpy as np
import numpy.lib.format as fmt

HERE = Path(__file__).resolve().parent


def save_version(name, arr, version):
    with open(HERE / name, "wb") as f:
        fmt.write_array(f, arr, version=version)


def main():
    base = np.array([0, 1, -2, 3, 100, -100, 7])
    arrays = {
        "b1_5.npy": np.array([True, False, True, True, False]),
        "i1_7.npy": base.astype(np.int8),
        "i2_7.npy": base.astype(np.int16) * 300,
        "i4_7.npy": base.astype(np.int32) * 20000000,
        "i8_7.npy": base.astype(np.int64) * 90000000000000000,
        "u1_4.npy": np.array([0, 1, 128, 255], dtype=np.uint8),
        "u2_4.npy": np.array([0, 1, 32768, 65535], dtype=np.uint16),
        "u4_4.npy": np.array([0, 1, 2**31, 2**32 - 1], dtype=np.uint32),
        "u8_4.npy": np.array([0, 1, 2**63, 2**64 - 1], dtype=np.uint64),
        "f4_4.npy": np.array([0.5, -1.25, 3.0, 1e30], dtype=np.float32),
        "f2_5.npy": np.array([0.5, -1.25, 65504.0, 2.0**-24, np.inf], dtype=np.float16),
        "f8_3x4.npy": np.arange(12, dtype=np.float64).reshape(3, 4) * 0.5 - 1.0,
        "f8_scalar.npy": np.array(2.5),
        "i8_2x3x4.npy": np.arange(24, dtype=np.int64).reshape(2, 3, 4),
        "f8_0x3.npy": np.zeros((0, 3)),
        "f8_fortran_2x3.npy": np.asfortranarray(np.arange(6, dtype=np.float64).reshape(2, 3)),
        "i4_fortran_2x3x2.npy": np.asfortranarray(np.arange(12, dtype=np.int32).reshape(2, 3, 2)),
        "f8_big_endian.npy": np.array([1.0, 2.0], dtype=">f8"),
        "c16_2.npy": np.array([1 + 2j, 3 - 4j]),
        "structured_2.npy": np.zeros(2, dtype=[("a", "<i4"), ("b", "<f8")]),
    }
    for name, arr in arrays.items():
        np.save(HERE / name, arr)
    save_version("f8_v2_3.npy", np.array([1.5, -2.5, 4.0]), (2, 0))
    save_version("i2_v3_2x2.npy", np.array([[1, -2], [3, -4]], dtype=np.int16), (3, 0))


if __name__ == "__main__":
    main()
