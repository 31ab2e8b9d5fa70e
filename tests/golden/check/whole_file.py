#!/usr/bin/env python
"""A whole Numba script: everything jitc does not compile is skipped, whatever its syntax.

def not_a_function(): this docstring holds code-like text
"""
from __future__ import annotations

import os
import sys, time
import argparse
from functools import lru_cache, wraps
from contextlib import contextmanager
from dataclasses import dataclass
from scipy import ndimage
from numba import jit, njit, prange, stencil
from . import sibling
from ..package.module import thing as other

import numpy as np

N = 8
SCALE = 0.5
CONFIG = {"size": N, "name": f"run-{N}"}
PATHS = [os.path.join("a", name) for name in ("x", "y")]
TOTAL: int = 0
TOTAL += 1
counter = 0; counter += 1
MATRIX = np.array([[1.0, 2.0],
                   [3.0, 4.0]])
LONG = 1 + \
    2
message = '''a triple-quoted string
def fake(x):
    return x
'''


@dataclass
class Point:
    x: float
    y: float = 0.0

    @property
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5


class Runner(object):
    """Runs things."""

    def __init__(self, n):
        self.n = n
        self.log = f"{n!r:>10}"

    async def go(self):
        async with self.lock:
            await self.step()


def timer(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.time()
        try:
            return fn(*args, **kwargs)
        finally:
            print(f"{fn.__name__} took {time.time() - t0:.3f}s")
    return wrapper


@lru_cache(maxsize=None)
def cached(n):
    return n * 2


@contextmanager
def opened(path):
    fh = open(path)
    yield fh
    fh.close()


def plain_helper(a, b):
    return a + b


def fancy_helper(data):
    if (n := len(data)) > 10:
        return {k: v for k, v in data.items()}
    return [x for x in data if x]


async def fetch():
    return 1


lambda_value = lambda x: x + 1


@njit
def kernel(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * SCALE
    return s + N + MATRIX[1, 0] + LONG


@jit(nopython=True, parallel=True)
def parallel_kernel(a):
    out = np.empty_like(a)
    for i in prange(a.shape[0]):
        out[i] = a[i] * 2
    return out


try:
    import cupy
except ImportError:
    cupy = None

with opened(__file__) as fh:
    header = fh.readline()

for i in range(3):
    print(i)
else:
    pass

while False:
    break

print(kernel(np.ones(4)))
np.random.seed(0)
assert N > 0, "N must be positive"
del counter


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=N)
    args = parser.parse_args()
    print(kernel(np.arange(args.n, dtype=np.float64)))


if __name__ == "__main__":
    main()
elif sys.flags.interactive:
    pass
else:
    sys.exit(0)
