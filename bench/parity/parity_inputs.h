/* parity_inputs.h — the GPU parity suite's problem sizes, launch shapes and inputs, shared by
 * jitc's side (bench/gpu_parity.c) and nvcc's (bench/parity/parity.cu); bench/parity/run.py
 * makes the same inputs for numba-cuda. Each input element is a function of its index alone. */
#ifndef JITC_BENCH_PARITY_INPUTS_H
#define JITC_BENCH_PARITY_INPUTS_H

#include <stdint.h>

enum {
    PARITY_REPS = 20,                 /* timed launches of each kernel; the best counts */
    SAXPY_LOG2 = 28,                  /* 2^28 float32 a vector */
    MATMUL_SIDE = 4096, MATMUL_TPB = 16,
    NBODY_BODIES = 32768, NBODY_TILE = 256,
    GRID_SIDE = 16384,                /* the stencil's and the transpose's square float32 arrays */
    STENCIL_BX = 32, STENCIL_BY = 8,
    TRANSPOSE_TILE = 32,
    REDUCE_LOG2 = 28, REDUCE_THREADS = 256, REDUCE_BLOCKS = 132 * 8,
    HISTOGRAM_LOG2 = 28, HISTOGRAM_BINS = 256, HISTOGRAM_THREADS = 256, HISTOGRAM_BLOCKS = 132 * 8,
};

/* x, y of saxpy, the stencil's and the transpose's input, the reduction's input */
static inline float parity_ramp(int64_t i) { return (float)(i % 1000) * 0.001f; }
/* the matrices of the product */
static inline float parity_matrix(int64_t i) { return (float)((i * 7919) % 1021) / 1021.0f - 0.5f; }
/* the bodies' coordinates and masses (pos, 4 x N); their velocities are parity_ramp */
static inline float parity_body(int64_t i) { return (float)((i * 104729) % 65521) / 65521.0f * 100.0f; }
/* the histogram's bytes */
static inline uint8_t parity_byte(int64_t i) { return (uint8_t)((i * 131 + (i >> 11)) & 255); }

#endif
