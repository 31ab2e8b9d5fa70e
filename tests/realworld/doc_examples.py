# Real Numba code from numba/numba numba/tests/doc_examples/test_examples.py at commit 5340f052d01403b12480fa19e596200ee0d0e131
# (BSD-2-Clause, Copyright (c) 2012, Anaconda, Inc.), copied unchanged: the example functions of the documentation's tests, dedented.
# Each case below is run by run.py as this prelude followed by the case alone.
import math
import numpy as np
from numba import jit, njit, vectorize, guvectorize, int32, int64, float32, float64

# === CASE mandelbrot
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 46, test_mandelbrot
# RUN: create_fractal (-2.0, 1.0, -1.0, 1.0, np.zeros((40, 60), dtype=np.uint8), 20)
@jit(nopython=True)
def mandel(x, y, max_iters):
    """
    Given the real and imaginary parts of a complex number,
    determine if it is a candidate for membership in the Mandelbrot
    set given a fixed number of iterations.
    """
    i = 0
    c = complex(x,y)
    z = 0.0j
    for i in range(max_iters):
        z = z * z + c
        if (z.real * z.real + z.imag * z.imag) >= 4:
            return i

    return 255

@jit(nopython=True)
def create_fractal(min_x, max_x, min_y, max_y, image, iters):
    height = image.shape[0]
    width = image.shape[1]

    pixel_size_x = (max_x - min_x) / width
    pixel_size_y = (max_y - min_y) / height
    for x in range(width):
        real = min_x + x * pixel_size_x
        for y in range(height):
            imag = min_y + y * pixel_size_y
            color = mandel(real, imag, iters)
            image[y, x] = color

    return image

# === CASE move_mean
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 96, test_moving_average
# RUN: move_mean (np.arange(20, dtype=np.float64).reshape(2, 10), np.array([3]), np.zeros((2, 10)))
@guvectorize(['void(float64[:], intp[:], float64[:])'],
             '(n),()->(n)')
def move_mean(a, window_arr, out):
    window_width = window_arr[0]
    asum = 0.0
    count = 0
    for i in range(window_width):
        asum += a[i]
        count += 1
        out[i] = asum / count
    for i in range(window_width, len(a)):
        asum += a[i] - a[i - window_width]
        out[i] = asum / count

# === CASE inner_func_nb
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 134, test_nogil
# RUN: inner_func_nb (np.zeros(100), np.linspace(0, 1, 100), np.linspace(1, 2, 100))
@jit('void(double[:], double[:], double[:])', nopython=True,
     nogil=True)
def inner_func_nb(result, a, b):
    """
    Function under test.
    """
    for i in range(len(result)):
        result[i] = math.exp(2.1 * a[i] + 3.2 * b[i])

# === CASE vectorize_one_signature
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 208, test_vectorize_one_signature
# RUN: f (np.linspace(0, 1, 6), np.linspace(0, 1, 6))
@vectorize([float64(float64, float64)])
def f(x, y):
    return x + y

# === CASE vectorize_multiple_signatures
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 219, test_vectorize_multiple_signatures
# RUN: f (np.arange(6), np.arange(6))
# RUN: f (np.linspace(0, 1, 6), np.linspace(0, 1, 6))
@vectorize([int32(int32, int32),
            int64(int64, int64),
            float32(float32, float32),
            float64(float64, float64)])
def f(x, y):
    return x + y

# === CASE guvectorize
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 300, test_guvectorize
# RUN: g (np.arange(6).reshape(2, 3), 10)
@guvectorize([(int64[:], int64, int64[:])], '(n),()->(n)')
def g(x, y, res):
    for i in range(x.shape[0]):
        res[i] = x[i] + y

# === CASE guvectorize_scalar_return
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 345, test_guvectorize_scalar_return
# RUN: g (np.arange(5), 2)
@guvectorize([(int64[:], int64, int64[:])], '(n),()->()')
def g(x, y, res):
    acc = 0
    for i in range(x.shape[0]):
        acc += x[i] + y
    res[0] = acc

# === CASE guvectorize_jit
# SOURCE: numba/numba numba/tests/doc_examples/test_examples.py @ 5340f052d014, line 369, test_guvectorize_jit
# RUN: jit_fn (np.arange(5, dtype=np.int32), np.zeros(5, dtype=np.int32))
@guvectorize('(n)->(n)')
def copy(x, res):
    for i in range(x.shape[0]):
        res[i] = x[i]

@jit(nopython=True)
def jit_fn(x, res):
    copy(x, res)
